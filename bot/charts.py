"""PNG charts for Discord: recent results, and the four piles over a game. No Discord here.

Drawn with matplotlib's object API on the Agg canvas (no pyplot, no global state). The bot draws
them with ``draw``, in a process of their own, while it goes on (see ``draw`` for why not a thread).

Every word on a chart is in the current language (``bot.i18n``): ``draw`` sends the caller's
language along, and the drawing runs in it.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta

from babel.dates import format_date
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from bot.i18n import N_, _, current, ngettext, using
from bot.workers import Worker

BACKGROUND = "#2b2d31"  # Discord's dark message background
TEXT = "#dbdee1"
GRID = "#4e5058"
PILE_COLOURS = ("#57f287", "#00b0f4", "#ed4245", "#faa61a")
PILE_LABELS = (N_("up 1"), N_("up 2"), N_("down 3"), N_("down 4"))
DAILY_DAYS = 30  # the deal-of-the-day chart's span


# ---- where charts are drawn ------------------------------------------------------------------------

CHART_TIMEOUT = 30.0  # seconds: a chart not drawn by then is given up, and its process replaced
_charts = Worker("chart")


def _draw_in(language: str, function: Callable[..., bytes], args: tuple) -> bytes:
    with using(language):
        return function(*args)


async def draw(function: Callable[..., bytes], *args: object) -> bytes:
    """``function(*args)`` (one of the ``*_chart`` functions below) run in the chart process, in the
    current language; the PNG it returns.

    Not in a thread of the bot's process: a chart is about 200 ms of matplotlib, and a thread holds
    the interpreter's lock for most of it, so every table's clicks waited meanwhile. While charts
    were drawn in a thread, the event loop woke up to 63 ms late (p99 29 to 37 ms); with the chart
    process, p99 2.8 to 4.4 ms, against 1.3 to 2.5 ms with no chart at all (bench/charts.py). A
    chart also leaves thousands of objects in reference cycles, which only a full garbage
    collection, that stops every table, would free in the bot's process.

    One process for every chart (they are rare: a game's end, a stats command; bot.workers). If it
    dies, this chart is drawn once more in a new one; one that takes longer than CHART_TIMEOUT is
    given up and its process killed. Either error is the caller's, who goes on without the chart."""
    return await _charts.run(CHART_TIMEOUT, _draw_in, current(), function, args)


# Discord shows an embed's image about 400 px wide: a small canvas with large type stays legible
# there (a 700 px chart with 8 pt labels shrank them to about 4 pt).
FONT = 13
TITLE = 15


def _figure(width: float = 5.6, height: float = 3.4) -> tuple[Figure, object]:
    figure = Figure(figsize=(width, height), dpi=100, facecolor=BACKGROUND)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot(facecolor=BACKGROUND)
    for side in axes.spines.values():
        side.set_color(GRID)
    axes.tick_params(colors=TEXT, labelsize=FONT)
    axes.grid(True, color=GRID, linewidth=0.5, alpha=0.6)
    figure.set_layout_engine("tight")
    return figure, axes


def _png(figure: Figure) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format="png", facecolor=BACKGROUND)
    return out.getvalue()


def results_chart(
    results: Sequence[tuple[datetime, int]],
    title: str,
    measure: str | None = None,
    excellent: int | None = 10,
) -> bytes:
    """A seat's figure per game (cards left, ...), oldest first; 0 is a won game, drawn as a star."""
    return _png(results_figure(results, title, _("cards left") if measure is None else measure, excellent))


def results_figure(
    results: Sequence[tuple[datetime, int]], title: str, measure: str, excellent: int | None
) -> Figure:
    figure, axes = _figure()
    numbers = list(range(1, len(results) + 1))
    left = [r[1] for r in results]
    axes.plot(numbers, left, color="#5865f2", linewidth=2.2, marker="o", markersize=6, clip_on=False)
    wins = [n for n, value in zip(numbers, left, strict=True) if value == 0]
    if wins:
        axes.plot(
            wins, [0] * len(wins), linestyle="none", marker="*", markersize=16, color="#fee75c", clip_on=False
        )
    if excellent is not None:
        axes.axhline(excellent, color="#57f287", linewidth=1.2, linestyle="--")  # below it: excellent
    # The figure counts from 0 (a win); the top leaves room above the highest result.
    axes.set_ylim(bottom=0, top=max([*left, (excellent or 0) + 2, 5]) * 1.15)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    axes.set_xlim(0.5, max(len(results), 1) + 0.5)
    if len(results) <= 12:
        axes.set_xticks(numbers)  # one tick per game
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(_span(results, excellent), color=TEXT, fontsize=FONT - 2)
    axes.set_ylabel(measure, color=TEXT, fontsize=FONT)
    axes.set_title(title, color=TEXT, fontsize=TITLE)
    return figure


def _span(results: Sequence[tuple[datetime, int]], excellent: int | None) -> str:
    """The x axis in words, short enough for the chart's width: which games, and the key."""
    if not results:
        return _("no games yet")
    first, last = results[0][0], results[-1][0]
    if len(results) == 1:
        when = _("1 game, {day}").format(day=_day(first, with_year=True))
    else:
        when = _("{n} games, {first} to {last}").format(
            n=len(results), first=_day(first), last=_day(last, with_year=True)
        )
    key = _("dashed: excellent") if excellent is not None else _("stars: wins")
    return f"{when} · {key}"


def _day(when: date, with_year: bool = False) -> str:
    """A day as the current language writes it short: 05 Nov 2026, 05. Nov. 2026, 05 nov. 2026."""
    if current() == "en":  # as before the languages: strftime's English
        return f"{when:%d %b %Y}" if with_year else f"{when:%d %b}"
    return format_date(when, "dd MMM y" if with_year else "dd MMM", locale=current())


def piles_chart(tops: Sequence[Sequence[int]], title: str | None = None) -> bytes:
    return _png(piles_figure(tops, title))


def piles_figure(tops: Sequence[Sequence[int]], title: str | None = None) -> Figure:
    """The four piles' top cards over the game; the title defaults to "The four piles, turn by turn"."""
    if title is None:
        title = _("The four piles, turn by turn")
    figure, axes = _figure()
    turns = list(range(len(tops)))
    for pile in range(4):
        axes.step(
            turns,
            [t[pile] for t in tops],
            where="post",
            color=PILE_COLOURS[pile],
            linewidth=2.4,
            label=_(PILE_LABELS[pile]),
        )
    axes.set_ylim(0, 101)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))
    axes.set_xlabel(_("turn"), color=TEXT, fontsize=FONT)
    axes.set_ylabel(_("top card"), color=TEXT, fontsize=FONT)
    axes.set_title(title, color=TEXT, fontsize=TITLE)
    legend = axes.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, -0.28),
        ncol=4,
        fontsize=FONT,
        frameon=False,
        handlelength=1.2,
    )
    for label in legend.get_texts():
        label.set_color(TEXT)
    return figure


def daily_chart(games: Sequence[tuple[date, int, int]], today: date, title: str) -> bytes:
    return _png(daily_figure(games, today, title))


def daily_figure(games: Sequence[tuple[date, int, int]], today: date, title: str) -> Figure:
    """A member's deals of the day over the last 30 days: per game, the cards left minus the AI's
    par (below zero: better than the AI team). Bars at or under par are green, over par red."""
    figure, axes = _figure()
    first = today - timedelta(days=DAILY_DAYS - 1)
    shown = [(day, left - par) for day, left, par in games if first <= day <= today]
    xs = [(day - first).days for day, _ in shown]
    diffs = [diff for _, diff in shown]
    colours = ["#57f287" if d <= 0 else "#ed4245" for d in diffs]
    # A game exactly at par gets a sliver of a bar, so it shows.
    axes.bar(xs, [d if d else 0.3 for d in diffs], color=colours, width=0.8)
    axes.axhline(0, color=TEXT, linewidth=1.2)
    reach = max([abs(d) for d in diffs] + [4]) * 1.2
    axes.set_ylim(-reach, reach)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
    axes.set_xlim(-0.5, DAILY_DAYS - 0.5)
    axes.set_xticks([0, 10, 20, DAILY_DAYS - 1])
    axes.set_xticklabels([_day(first + timedelta(days=d)) for d in (0, 10, 20, DAILY_DAYS - 1)])
    at_par = sum(d <= 0 for d in diffs)
    games = ngettext("{n} game", "{n} games", len(diffs)).format(n=len(diffs))
    label = _("{games} · {at_par} at or under par (green)").format(games=games, at_par=at_par)
    axes.set_xlabel(label, color=TEXT, fontsize=FONT - 2)
    axes.set_ylabel(_("cards vs par"), color=TEXT, fontsize=FONT)
    axes.set_title(title, color=TEXT, fontsize=TITLE)
    return figure
