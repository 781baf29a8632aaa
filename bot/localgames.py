"""Local terminal tables for Skip-Bo Junior and Red and Black (``python -m bot play --game ...``).

People at one keyboard (hot seat) and AI seats, as at the table for The Game. Red and Black keeps
hands secret: each person's hand shows only after the keyboard was handed over.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games.base import IllegalAction, Status
from bot.localtable import TerminalTable, their, verb

SB_HELP = """\
Commands:
  s 2        play the top of your stockpile on pile 2
  1 3        play the top of hand stack 1 on pile 3 (stacks 1..3, piles 1..4)
  end        end your turn early (only if the table allows it)
  quit       end the game for everyone (asks first)
A turn ends by itself when nothing of yours fits."""

RB_HELP = """\
Commands:
  stock | discard     draw from the stock or take the top discard
  7R                  discard the 7 red (cards: rank 1..9 and R or B)
  declare 7R          discard the 7 red and show two matched sequences with the rest
  end                 in the final phase: end the play instead of drawing
  quit                end the game for everyone (asks first)"""


def card_label(card: int) -> str:
    return "★" if card == sb.WILD else str(card)


def render_sb_board(state: sb.SkipBoJuniorState, names: list[str]) -> str:
    view = state.public_view()
    lines = ["", "=" * 52]
    piles = [("—" if p is None else str(len(p))) for p in view.piles]
    lines.append("  building piles: " + "   ".join(f"{i + 1}:[{v}]" for i, v in enumerate(piles)))
    lines.append(f"  draw pile: {view.draw_pile}   finished piles waiting: {view.completed}")
    for seat, name in enumerate(names):
        arrow = "▶" if seat == view.current_player and not state.is_over else " "
        top = view.stock_tops[seat]
        stock = f"stockpile {view.stock_counts[seat]:>2} (top {card_label(top) if top is not None else '—'})"
        stacks = "  ".join(
            f"{i + 1}:{card_label(s[-1]) if s else '—'}{f' (+{len(s) - 1})' if len(s) > 1 else ''}"
            for i, s in enumerate(view.slots[seat])
        )
        lines.append(f" {arrow} {name:<10} {stock}   stacks {stacks}")
    lines.append("=" * 52)
    return "\n".join(lines)


class SkipBoJuniorTable(TerminalTable):
    def __init__(
        self,
        seats: list[str],
        options: sb.SkipBoJuniorOptions,
        *,
        seed: int,
        first_player: int = 0,
        stdin: TextIO = sys.stdin,
        stdout: TextIO = sys.stdout,
        ai_levels: list[str] | None = None,
    ) -> None:
        super().__init__(seats, stdin, stdout, ai_levels)
        self.state = sb.new_game(len(seats), options, seed=seed, first_player=first_player)
        self.hot_seat = False  # nothing is secret: no need to hand the keyboard over
        self._board_for: tuple[int, int] | None = None

    def run(self) -> sb.SkipBoJuniorState:
        state = self.state
        self.say(
            f"Skip-Bo Junior for {len(self.names)}: stockpiles of {state.options.stockpile}. "
            "Type 'help' for commands."
        )
        while not state.is_over:
            seat = state.current
            # The board once per AI turn; before every input of a person.
            mark = (state.turn, len(state.history) if not self.is_ai[seat] else -1)
            if mark != self._board_for:
                self._board_for = mark
                self.say(render_sb_board(state, self.names))
            if self.is_ai[seat]:
                action = sb_ai.LEVELS[self.levels[seat]](sb.seat_view(state, seat))
                state.apply(action)
                self.say(f"  {self.names[seat]}: {self._describe(action)}")
                continue
            line = self.ask(f"{self.names[seat]}> ")
            if line is None:
                self.say("Input ended: the game is abandoned.")
                state.abandon()
                break
            if not self._command(seat, line):
                break
        self.say(render_sb_board(state, self.names))
        self.say(self.result_text())
        return state

    def _describe(self, action: sb.Play | sb.EndTurn) -> str:
        if isinstance(action, sb.EndTurn):
            return "ends the turn"
        where = "the stockpile" if action.source == sb.STOCK else f"stack {action.source}"
        return f"plays from {where} on pile {action.pile}"

    def _command(self, seat: int, line: str) -> bool:
        words = line.lower().split()
        if not words:
            return True
        try:
            if words[0] in ("help", "h", "?"):
                self.say(SB_HELP)
            elif words[0] in ("quit", "q"):
                if not self.confirm_quit():
                    return True
                self.state.abandon()
                return False
            elif words[0] in ("end", "e"):
                self.state.end_turn(seat)
            elif (
                len(words) == 2 and words[1].isdigit() and (words[0] in ("s", "stock") or words[0].isdigit())
            ):
                source = sb.STOCK if words[0] in ("s", "stock") else int(words[0])
                self.state.play(seat, source, int(words[1]))
            else:
                self.say("  I did not understand that. E.g. 's 1' (stockpile on pile 1), '2 3', or 'help'.")
        except IllegalAction as exc:
            self.say(f"  Not allowed: {self.named(exc.reason)}.")
        return True

    def result_text(self) -> str:
        state = self.state
        if state.status is Status.WON:
            name = self.names[state.winner]  # type: ignore[index]
            return f"{name} {verb(name, 'wins')}: {their(name)} stockpile is empty!"
        left = ", ".join(f"{self.names[s]} {n}" for s, n in enumerate(state.result().stock_left))
        if state.status is Status.ABANDONED:
            return f"The game was ended early. Stockpile cards left: {left}."
        return f"The game is stuck and ends without a winner. Stockpile cards left: {left}."


def render_rb_board(state: rb.RedAndBlackState, names: list[str]) -> str:
    view = state.public_view()
    lines = ["", "=" * 52]
    lines.append(
        f"  deal {view.deal} of {rb.DEALS if not state.options.to_300 else 'to 300'}, "
        f"round {view.round}{', final phase' if view.final_phase else ''}; dealer {names[view.dealer]}"
    )
    lines.append(f"  stock: {view.stock}   discard pile: {view.discard_top or '—'} ({view.discard_count})")
    for seat, name in enumerate(names):
        arrow = "▶" if seat == view.current_player and not state.is_over else " "
        lines.append(f" {arrow} {name:<10} {view.hand_sizes[seat]:>2} cards   total {view.totals[seat]:>4}")
    lines.append("=" * 52)
    return "\n".join(lines)


class RedAndBlackTable(TerminalTable):
    def __init__(
        self,
        seats: list[str],
        options: rb.RedAndBlackOptions,
        *,
        seed: int,
        first_player: int = 0,
        stdin: TextIO = sys.stdin,
        stdout: TextIO = sys.stdout,
        ai_levels: list[str] | None = None,
    ) -> None:
        super().__init__(seats, stdin, stdout, ai_levels)
        # The first dealer sits to the right of the chosen first player.
        self.state = rb.new_game(options, seed=seed, first_dealer=(first_player - 1) % rb.PLAYERS)

    def run(self) -> rb.RedAndBlackState:
        state = self.state
        self.say("Red and Black: 8 deals, two matched sequences win a deal. Type 'help' for commands.")
        deals_seen = 0
        while not state.is_over:
            if len(state.deals) > deals_seen:
                deals_seen = len(state.deals)
                self.say(self.deal_text(state.deals[-1]))
            seat = state.current
            if self.is_ai[seat]:
                action = rb_ai.LEVELS[self.levels[seat]](rb.seat_view(state, seat))
                state.apply(action)
                self.say(f"  {self.names[seat]}: {self._describe(action)}")
                continue
            if not self._person_turn(seat):
                break
        if len(state.deals) > deals_seen:
            self.say(self.deal_text(state.deals[-1]))
        self.say(self.result_text())
        return state

    def _person_turn(self, seat: int) -> bool:
        state = self.state
        if not self.hand_over(seat):
            state.abandon()
            return False
        deal = state.deal_index
        while not state.is_over and state.current == seat and state.deal_index == deal:
            self.say(render_rb_board(state, self.names))
            view = state.private_view(seat)
            self.say("  your hand: " + " ".join(view.hand))
            if view.declarable:
                self.say("  You can declare! Discard one of: " + ", ".join(view.declarable))
            line = self.ask(f"{self.names[seat]}> ")
            if line is None:
                self.say("Input ended: the game is abandoned.")
                state.abandon()
                return False
            words = line.split()
            if not words:
                continue
            head = words[0].lower()
            try:
                if head in ("help", "h", "?"):
                    self.say(RB_HELP)
                elif head in ("quit", "q"):
                    if not self.confirm_quit():
                        continue
                    state.abandon()
                    return False
                elif head in ("stock", "s", "discard", "d") and len(words) == 1:
                    state.draw(seat, "stock" if head in ("stock", "s") else "discard")
                    self.say(f"  You take {rb.name(state.hands[seat][-1])}.")
                elif head == "end":
                    state.end_play(seat)
                elif head == "declare" and len(words) == 2:
                    state.apply(rb.Declare(player=seat, card=words[1].upper()))
                elif len(words) == 1:
                    state.apply(rb.Discard(player=seat, card=words[0].upper()))
                else:
                    self.say("  I did not understand that. E.g. 'stock', 'discard', '7R', or 'help'.")
            except IllegalAction as exc:
                self.say(f"  Not allowed: {self.named(exc.reason)}.")
        return True

    def _describe(self, action) -> str:
        match action:
            case rb.Draw(source="stock"):
                return "draws from the stock"
            case rb.Draw():
                return f"takes the discard {rb.name(self.state.hands[action.player][-1])}"
            case rb.Discard():
                return f"discards {action.card}"
            case rb.Declare():
                return f"declares, discarding {action.card}!"
            case _:
                return "ends the play"

    def deal_text(self, deal: rb.DealScore) -> str:
        if deal.winner is not None:
            name = self.names[deal.winner]
            head = f"Deal {deal.number}: {name} {verb(name, 'wins')} in round {deal.round}."
        else:
            head = f"Deal {deal.number} ends without a winner."
        rows = [
            f"  {self.names[s]:<10} {deal.scores[s]:>4}  {deal.shown[s] or 'no sequence'}"
            for s in range(rb.PLAYERS)
        ]
        return "\n".join([head, *rows])

    def result_text(self) -> str:
        state = self.state
        result = state.result()
        table = "\n".join(f"  {self.names[s]:<10} {state.totals[s]:>4}" for s in result.standing())
        if state.status is Status.ABANDONED:
            return f"The game was ended early.\n{table}"
        winners = " and ".join(self.names[s] for s in result.winners)
        wins = verb(winners, "wins") if len(result.winners) == 1 else "win"
        return f"{winners} {wins} the game.\n{table}"
