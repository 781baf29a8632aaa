"""The Game at a Discord table: its board, hand, menus and final report. Pure: no I/O.

The board and the final report are public and never show a card from a hand; the hand, the pile
choice and the signal panel are ephemeral messages for their owner.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import discord

from bot.charts import draw, piles_chart
from bot.games import thegame
from bot.games.base import Status
from bot.i18n import N_, _, ngettext
from bot.tables import StaleView, Table, TableError
from bot.ui.base import (
    LOST_COLOUR,
    WON_COLOUR,
    Layout,
    Message,
    Presentation,
    Style,
    cards,
    closing,
    draw_cards,
    seat_line,
)
from bot.ui.components import Click, TableButton

ARROWS = ("⬆️", "⬆️", "⬇️", "⬇️")
SIGNAL_TEXT = {"dont_play": N_("please don't play here"), "good_card": N_("has a good card for this pile")}
SIGNAL_EMOJI = {"dont_play": "🛑", "good_card": "👍"}


def options_line(table: Table) -> str:
    hand, minimum = table.options.resolved(len(table.seats))  # type: ignore[attr-defined]
    return ngettext(
        "hand of {hand}, at least {n} card a turn while the draw pile lasts",
        "hand of {hand}, at least {n} cards a turn while the draw pile lasts",
        minimum,
    ).format(hand=hand, n=minimum)


def pile_cards(tops: tuple[int, ...]) -> str:
    """The four piles as four cards, each under its direction and number."""
    heads = [f"{'▲' if thegame.ASCENDING[i] else '▼'} {i + 1}" for i in range(len(tops))]
    return draw_cards(heads, [str(top) for top in tops])


def board(table: Table) -> Message:
    state = table.state
    assert state is not None
    view = state.public_view()
    layout = Layout()
    over = state.is_over
    title = _("{game}: turn {turn}").format(game=table.spec.title, turn=view.turn)
    counts = _("Draw pile: {cards} · {left} not laid yet").format(
        cards=cards(view.draw_pile), left=cards(view.cards_left)
    )
    layout.text(f"## {title}\n-# {counts}")
    signals = [
        f"{SIGNAL_EMOJI[sig.signal]} "
        + _("Pile {pile} · {name}: {signal}").format(
            pile=sig.pile, name=table.name(sig.player), signal=_(SIGNAL_TEXT[sig.signal])
        )
        for sig in sorted(view.signals, key=lambda sig: sig.pile)
    ]
    layout.text("\n".join([pile_cards(view.piles), *signals]))
    layout.separator()
    seats = []
    for i in range(len(table.seats)):
        marker = "▶️ " if i == view.current_player and not over else ""
        size = _("left the game") if view.left[i] else cards(view.hand_sizes[i])
        seats.append(f"{marker}{seat_line(table, i)}: {size}")
    layout.part(_("Seats"), "\n".join(seats))
    if not over:
        current = table.name(view.current_player)
        layout.part(
            _("This turn"),
            _("{name} has laid {laid} of at least {least}").format(
                name=current, laid=view.played_this_turn, least=view.min_cards
            ),
        )
    layout.row(TableButton("hand", table.id, label=_("Show my hand"), style=Style.primary))
    return Message(layout=layout)


def turn_notice(table: Table) -> str:
    state = table.state
    assert state is not None
    seat = table.seats[state.current]
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.ai else seat.shown
    need = state.min_cards
    return _("{who}, it is your turn: lay at least {cards}. Use **Show my hand** on the board.").format(
        who=who, cards=cards(need)
    )


# ---- a hand (ephemeral) ------------------------------------------------------------------------

CLOSE = 3  # a gap this small (or the backwards trick) is a close fit


def _gaps(card: int, piles: tuple[int, ...], tops: tuple[int, ...]) -> list[tuple[int, int]]:
    """(gap, pile) for each pile the card fits, the best first: the trick's gap is negative."""
    return sorted((thegame.gap(card, pile - 1, tops[pile - 1]), pile) for pile in piles)


SHOWN_PLACES = 2  # per card, its best places: more is noise (early on every card fits everywhere)


def fit_line(card: int, piles: tuple[int, ...], tops: tuple[int, ...]) -> str:
    """Where one card may go and how much each place skips, best first: "**38**: ⬇️4 ↩ backwards
    trick · ⬆️1 gap 5"."""
    places = []
    for step, pile in _gaps(card, piles, tops)[:SHOWN_PLACES]:
        how = "↩ " + _("backwards trick") if step < 0 else _("gap {gap}").format(gap=step)
        places.append(f"{ARROWS[pile - 1]}{pile} {how}")
    return f"**{card}**: " + " · ".join(places)


def card_style(card: int, piles: tuple[int, ...], tops: tuple[int, ...]) -> discord.ButtonStyle:
    if not piles:
        return Style.secondary
    best = _gaps(card, piles, tops)[0][0]
    return Style.success if best < 0 or best <= CLOSE else Style.primary


CARDS_PER_ROW = 5  # Discord's most buttons in a row


def hand(table: Table, seat: int, note: str | None = None) -> Message:
    """The hand as one line per card (where it fits: its two best places, by how much each skips;
    or that it fits nowhere now), then the cards as buttons in the same order, coloured by fit.

    Lines and buttons are kept apart, not a button beside each line: that is a third of the
    components (thirteen for six cards, not twenty-four), so every redraw of a hand (after each
    play) is smaller to build, to send and for Discord to check, and the hand is shorter on a
    phone."""
    state = table.state
    assert state is not None
    mine = state.private_view(seat)
    public = mine.public
    my_turn = public.current_player == seat and not state.is_over
    lines = ["### " + _("Your hand: {cards}").format(cards=cards(len(mine.hand)))]
    if note:
        lines.append(f"*{note}*")
    if state.is_over:
        lines.append(_("The game is over."))
    elif my_turn:
        lines.append(
            _("**Your turn.** You have laid {laid} of at least {least}.").format(
                laid=public.played_this_turn, least=public.min_cards
            )
        )
    else:
        lines.append(_("It is {name}'s turn. Your cards:").format(name=table.name(public.current_player)))
    piles = "  ".join(f"{ARROWS[i]}{top}" for i, top in enumerate(public.piles))
    lines.append(_("Piles: {piles}").format(piles=piles))
    if not state.is_over:
        if any(card in mine.playable for card in mine.hand):
            lines.append("-# " + _("Green: a close fit or the trick · blue: a wider gap · grey: no fit"))
        else:
            lines.append(_("None of your cards fits a pile now."))
    version = table.version
    fits = []
    buttons = []
    for card in mine.hand:
        places = mine.playable.get(card, ())
        if state.is_over:
            fits.append(f"**{card}**")
        elif places:
            fits.append(fit_line(card, places, public.piles))
        else:
            fits.append(f"**{card}**: " + _("no pile now"))
        buttons.append(
            TableButton(
                "card",
                table.id,
                version,
                card,
                label=str(card),
                style=card_style(card, places, public.piles),
                disabled=state.is_over,
            )
        )
    layout = Layout().text("\n".join(lines + fits))
    for start in range(0, len(buttons), CARDS_PER_ROW):
        layout.row(*buttons[start : start + CARDS_PER_ROW])
    layout.row(
        TableButton(
            "act",
            table.id,
            version,
            "e",
            label=_("End turn"),
            style=Style.primary,
            disabled=not mine.can_end_turn,
        ),
        TableButton("sigmenu", table.id, version, label=_("Pile signals"), disabled=state.is_over),
        TableButton("refresh", table.id, version, label=_("Refresh")),
    )
    return Message(layout=layout)


def pile_choice(table: Table, seat: int, card: int) -> Message:
    state = table.state
    assert state is not None
    mine = state.private_view(seat)
    piles = mine.playable.get(card, ())
    version = table.version
    layout = Layout().text("### " + _("Where should **{card}** go?").format(card=card))
    buttons = []
    for pile in piles:
        top = state.piles[pile - 1]
        trick = " " + _("(backwards trick)") if thegame.gap(card, pile - 1, top) < 0 else ""
        buttons.append(
            TableButton(
                "act",
                table.id,
                version,
                thegame.encode_action({"type": "play", "card": card, "pile": pile}),
                label=_("Pile {pile} {arrow} on {top}").format(pile=pile, arrow=ARROWS[pile - 1], top=top)
                + trick,
                style=Style.success,
            )
        )
    buttons.append(TableButton("back", table.id, version, label=_("Cancel"), style=Style.secondary))
    layout.row(*buttons)
    return Message(layout=layout)


def signal_panel(table: Table, seat: int) -> Message:
    state = table.state
    assert state is not None
    version = table.version
    mine = {s.pile: s.signal for s in state.signal_views() if s.player == seat}
    layout = Layout().text(
        "### "
        + _("Pile signals")
        + "\n"
        + _(
            "Tell the others about a pile without naming a number. "
            "A signal lasts until the end of your next turn."
        )
    )
    kinds = (("dont_play", _("don't play"), Style.danger), ("good_card", _("good card"), Style.success))
    for pile in range(1, thegame.PILES + 1):
        held = mine.get(pile)
        row = [
            TableButton(
                "act",
                table.id,
                version,
                thegame.encode_action({"type": "signal", "pile": pile, "signal": kind}),
                label=_("Pile {pile}: {signal}").format(pile=pile, signal=words),
                style=lit if held == kind else Style.secondary,
                emoji=SIGNAL_EMOJI[kind],
            )
            for kind, words, lit in kinds
        ]
        row.append(
            TableButton(
                "act",
                table.id,
                version,
                thegame.encode_action({"type": "signal", "pile": pile, "signal": "clear"}),
                label=_("Clear"),
                disabled=held is None,
            )
        )
        layout.row(*row)
    layout.row(TableButton("back", table.id, version, label=_("Back to my hand"), style=Style.primary))
    return Message(layout=layout)


# ---- the end ---------------------------------------------------------------------------------


def final_report(table: Table, finished_at: datetime, strikes: dict[int, int] | None = None) -> Message:
    state = table.state
    assert state is not None and table.started_at is not None
    result = state.result()
    left = result.cards_left
    if result.status is Status.WON:
        title, colour = _("You beat The Game! All 98 cards are laid."), WON_COLOUR
    elif result.status is Status.ABANDONED:
        if table.ended_by:
            text = _("The game was ended early by {who}: {cards} not laid.")
        else:
            text = _("The game was ended early: {cards} not laid.")
        title, colour = text.format(who=f"<@{table.ended_by}>", cards=cards(left)), LOST_COLOUR
    else:
        verdict = " " + _("An excellent result!") if result.excellent else ""
        title, colour = _("Game over: {cards} not laid.").format(cards=cards(left)) + verdict, LOST_COLOUR
    embed = discord.Embed(
        title=_("{game}: final report").format(game=table.spec.title),
        description=f"**{title}**",
        colour=colour,
    )
    embed.add_field(name=_("Turns"), value=str(result.turns), inline=True)
    best = max(range(len(table.seats)), key=lambda i: result.laid_by[i])
    embed.add_field(name=_("Laid most"), value=f"{table.name(best)} ({result.laid_by[best]})", inline=True)
    laid = "\n".join(
        _("{seat}: laid {n}").format(seat=seat_line(table, i), n=result.laid_by[i])
        + (" " + _("(left)") if state.left[i] else "")
        for i in range(len(table.seats))
    )
    embed.add_field(name=_("Seats"), value=laid, inline=False)
    if strikes:
        names = {s.user_id: s.name for s in table.seats if s.user_id is not None}
        lines = [
            f"{names.get(user_id, f'<@{user_id}>')}: "
            + ngettext("{n} strike", "{n} strikes", count).format(n=count)
            for user_id, count in sorted(strikes.items(), key=lambda kv: (-kv[1], names.get(kv[0], "")))
        ]
        embed.add_field(name=_("Talk rule"), value="\n".join(lines), inline=False)
    return closing(embed, table, finished_at)


# ---- menus, old buttons and the command's options -----------------------------------------------


def card_menu(table: Table, seat: int, click: Click) -> Message:
    """A card of the hand was picked: where may it go?"""
    card = click.int_arg(0)
    state = table.state
    assert state is not None
    if click.version < table.rule_version:
        raise StaleView(table)
    if state.current != seat:
        raise TableError(
            _("It is {name}'s turn, not yours. Your hand will be ready.").format(
                name=table.name(state.current)
            )
        )
    if card not in state.hands[seat]:
        raise StaleView(table)
    if card not in state.private_view(seat).playable:
        raise TableError(_("{card} does not fit on any pile right now.").format(card=card))
    return pile_choice(table, seat, card)


def after(table: Table, seat: int, action: dict) -> Message | None:
    """A signal is set from the signal panel, which stays open; everything else shows the hand."""
    return signal_panel(table, seat) if action["type"] == "signal" else None


# Buttons posted before buttons carried tokens: their kinds and arguments, as actions.
LEGACY = {
    "play": lambda args: {"type": "play", "card": int(args[0]), "pile": int(args[1])},
    "end": lambda args: {"type": "end_turn"},
    "sig": lambda args: {"type": "signal", "pile": int(args[0]), "signal": args[1]},
}

OPTION_NAMES = ("expert", "smaller_hands", "hand_size", "minimum")


def command_options(given: dict[str, Any], server: Any) -> thegame.TheGameOptions:
    """What `/game new` leaves out comes from the server's defaults (`/settings defaults`)."""

    def pick(name: str, default: Any) -> Any:
        return default if given.get(name) is None else given[name]

    return thegame.TheGameOptions(
        expert=pick("expert", server.expert),
        smaller_hands=pick("smaller_hands", server.smaller_hands),
        hand_size=pick("hand_size", server.hand_size),
        min_cards=pick("minimum", server.min_cards),
    )


PRESENTATION = Presentation(
    pitch=N_("Everyone plays together against the deck: lay all 98 cards on the four piles."),
    options_line=options_line,
    board=board,
    turn_notice=turn_notice,
    hand=hand,
    no_hand="",
    final_report=final_report,
    chart=lambda table: draw(piles_chart, table.state.pile_tops_by_turn(), _("The four piles, turn by turn")),
    menus={"card": card_menu, "sigmenu": lambda table, seat, click: signal_panel(table, seat)},
    after=after,
    legacy=LEGACY,
    option_names=OPTION_NAMES,
    command_options=command_options,
)
