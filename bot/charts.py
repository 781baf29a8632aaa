"""PNG charts for Discord: recent results, and the four piles over a game. No Discord here.

Drawn with matplotlib's object API on the Agg canvas (no pyplot, no global state), so a chart can
be rendered in a worker thread while the bot goes on.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import datetime

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

BACKGROUND = "#2b2d31"  # Discord's dark message background
TEXT = "#dbdee1"
GRID = "#4e5058"
PILE_COLOURS = ("#57f287", "#00b0f4", "#ed4245", "#faa61a")
PILE_LABELS = ("up 1", "up 2", "down 3", "down 4")


def _figure(width: float = 7.0, height: float = 3.2) -> tuple[Figure, object]:
    figure = Figure(figsize=(width, height), dpi=100, facecolor=BACKGROUND)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot(facecolor=BACKGROUND)
    for side in axes.spines.values():
        side.set_color(GRID)
    axes.tick_params(colors=TEXT, labelsize=8)
    axes.grid(True, color=GRID, linewidth=0.5, alpha=0.6)
    return figure, axes


def _png(figure: Figure) -> bytes:
    out = io.BytesIO()
    figure.tight_layout()
    figure.savefig(out, format="png", facecolor=BACKGROUND)
    return out.getvalue()


def results_chart(
    results: Sequence[tuple[datetime, int]],
    title: str,
    measure: str = "cards left",
    excellent: int | None = 10,
) -> bytes:
    """A seat's figure per game (cards left, ...), oldest first; 0 is a won game, drawn as a star."""
    figure, axes = _figure()
    numbers = list(range(1, len(results) + 1))
    left = [r[1] for r in results]
    axes.plot(numbers, left, color="#5865f2", linewidth=1.5, marker="o", markersize=3)
    wins = [n for n, value in zip(numbers, left, strict=True) if value == 0]
    if wins:
        axes.plot(wins, [0] * len(wins), linestyle="none", marker="*", markersize=11, color="#fee75c")
    if excellent is not None:
        axes.axhline(excellent, color="#57f287", linewidth=0.8, linestyle="--")  # below it: excellent
    axes.set_ylim(bottom=-2, top=max([*left, 12]) + 3)
    axes.set_xlim(0.5, max(len(results), 1) + 0.5)
    if len(results) <= 12:
        axes.set_xticks(numbers)  # one tick per game
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(_span(results, excellent), color=TEXT, fontsize=8)
    axes.set_ylabel(measure, color=TEXT, fontsize=9)
    axes.set_title(title, color=TEXT, fontsize=11)
    return _png(figure)


def _span(results: Sequence[tuple[datetime, int]], excellent: int | None) -> str:
    if not results:
        return "no games yet"
    first, last = results[0][0], results[-1][0]
    games = "the last game" if len(results) == 1 else f"the last {len(results)} games"
    line = f" (dashed line: {excellent}, an excellent result)" if excellent is not None else " (stars: wins)"
    return f"{games}, {first:%d %b %Y} to {last:%d %b %Y}{line}"


def piles_chart(tops: Sequence[Sequence[int]], title: str = "The four piles, turn by turn") -> bytes:
    figure, axes = _figure()
    turns = list(range(len(tops)))
    for pile in range(4):
        axes.step(
            turns,
            [t[pile] for t in tops],
            where="post",
            color=PILE_COLOURS[pile],
            linewidth=1.6,
            label=PILE_LABELS[pile],
        )
    axes.set_ylim(0, 101)
    axes.set_xlabel("turn", color=TEXT, fontsize=9)
    axes.set_ylabel("top card", color=TEXT, fontsize=9)
    axes.set_title(title, color=TEXT, fontsize=11)
    legend = axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=4, fontsize=8, frameon=False)
    for label in legend.get_texts():
        label.set_color(TEXT)
    return _png(figure)
