"""A local table for The Game in the terminal: hot-seat people and AI seats (``python -m bot play``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.ai import DEFAULT_LEVEL
from bot.ai import thegame as tg_ai
from bot.games import thegame
from bot.games.base import IllegalAction, Status
from bot.games.thegame import TheGameOptions, TheGameState

AI = "ai"
HELP = """\
Commands:
  47 1              lay card 47 on pile 1 (piles 1 and 2 go up, 3 and 4 go down)
  end               end your turn (after the minimum) and draw
  signal 3 dont     ask the others not to play on pile 3   (also: good, clear)
  leave             leave the game (your cards count as not laid)
  quit              end the game for everyone (abandoned; asks first)
  help              this text"""

SIGNAL_WORDS = {
    "dont": "dont_play",
    "dont_play": "dont_play",
    "no": "dont_play",
    "good": "good_card",
    "good_card": "good_card",
    "clear": "clear",
    "off": "clear",
}
SIGNAL_LABELS = {"dont_play": "please don't play here", "good_card": "has a good card here"}


def verb(name: str, third_person: str) -> str:
    """A seat may be called "you", and "you has laid" reads wrong: that seat takes the plain form."""
    if name.lower() != "you":
        return third_person
    return {"has": "have", "is": "are"}.get(third_person, third_person.removesuffix("s"))


def their(name: str) -> str:
    return "your" if name.lower() == "you" else "their"


def pile_label(index: int) -> str:
    return f"pile {index + 1} {'up  ' if thegame.ASCENDING[index] else 'down'}"


def render_board(state: TheGameState, names: list[str]) -> str:
    """The public board as text: piles, draw pile, hands' sizes, signals, whose turn."""
    view = state.public_view()
    lines = ["", "=" * 44]
    for i, top in enumerate(view.piles):
        marks = [f"{names[s.player]} {SIGNAL_LABELS[s.signal]}" for s in view.signals if s.pile == i + 1]
        extra = f"   [{'; '.join(marks)}]" if marks else ""
        lines.append(f"  {pile_label(i)}  top {top:>3}{extra}")
    lines.append(f"  draw pile: {view.draw_pile} card{'s' if view.draw_pile != 1 else ''}")
    seats = []
    for seat, name in enumerate(names):
        size = "left" if view.left[seat] else f"{view.hand_sizes[seat]} cards"
        arrow = "▶ " if seat == view.current_player and not state.is_over else ""
        seats.append(f"{arrow}{name} ({size})")
    lines.append("  seats: " + ", ".join(seats))
    if not state.is_over:
        name = names[view.current_player]
        lines.append(
            f"  turn {view.turn}: {name} {verb(name, 'has')} laid "
            f"{view.played_this_turn} of at least {view.min_cards}"
        )
    lines.append("=" * 44)
    return "\n".join(lines)


def render_hand(state: TheGameState, seat: int) -> str:
    view = state.private_view(seat)
    parts = []
    for card in view.hand:
        piles = view.playable.get(card)
        parts.append(f"{card}→{','.join(map(str, piles))}" if piles else f"{card}")
    end = "  (you may end your turn)" if view.can_end_turn else ""
    return "  your hand: " + "  ".join(parts) + end


def render_result(state: TheGameState, names: list[str]) -> str:
    left = state.cards_left
    if state.status is Status.WON:
        head = "You beat The Game: all 98 cards are laid!"
    elif state.status is Status.ABANDONED:
        head = f"The game was ended early with {left} cards not laid."
    else:
        verdict = " That is an excellent result." if left < thegame.EXCELLENT_BELOW else ""
        head = f"Game over: {left} card{'s' if left != 1 else ''} not laid.{verdict}"
    most = max(range(len(names)), key=lambda s: state.laid_by[s])
    return f"{head}\n  turns: {state.turn}; most cards laid: {names[most]} ({state.laid_by[most]})"


class TerminalTable:
    """What every local table shares: named seats (people or AI), streams, hot-seat handover."""

    def __init__(
        self, seats: list[str], stdin: TextIO, stdout: TextIO, ai_levels: list[str] | None = None
    ) -> None:
        self.is_ai = [s.lower() == AI for s in seats]
        # The AI seats take the given levels in turn (normal when none is given).
        ai_seats = [i for i, ai in enumerate(self.is_ai) if ai]
        self.levels = [DEFAULT_LEVEL] * len(seats)
        for k, seat in enumerate(ai_seats):
            if ai_levels:
                self.levels[seat] = ai_levels[k % len(ai_levels)]
        self.names = self._names(seats, self.levels if ai_levels else None)
        self.stdin = stdin
        self.out = stdout
        self.hot_seat = sum(not a for a in self.is_ai) > 1

    @staticmethod
    def _names(seats: list[str], levels: list[str] | None = None) -> list[str]:
        names = []
        for i, s in enumerate(seats):
            if s.lower() != AI:
                names.append(s)
            else:
                names.append(f"AI {i + 1}" + (f" ({levels[i]})" if levels else ""))
        return names

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        return None if line == "" else line.strip()

    def run(self):  # pragma: no cover - every table defines it
        raise NotImplementedError

    def hand_over(self, seat: int) -> bool:
        """With several people at one keyboard, wait until the next one is there; False if input ended."""
        return (
            not self.hot_seat
            or self.ask(f"\nPass the keyboard to {self.names[seat]} and press Enter. ") is not None
        )

    def named(self, reason: str) -> str:
        """Engine reasons speak of 'player N'; at this table seats have names."""
        for seat in range(len(self.names) - 1, -1, -1):
            if self.names[seat].lower() == "you":
                reason = reason.replace(f"not player {seat}'s", "not yours")
                reason = reason.replace(f"player {seat}'s", "your")
                reason = reason.replace(f"player {seat} has", "you have")
            reason = reason.replace(f"player {seat}", self.names[seat])
        return reason

    def confirm_quit(self) -> bool:
        """Whether to end the game: a stray 'q' should not end it for everyone. End of input ends it."""
        answer = self.ask("End the game for everyone? (y/N) ")
        return answer is None or answer.lower() in ("y", "yes")


class LocalTable(TerminalTable):
    """Runs one game of The Game in a terminal. Input and output are streams so tests can drive it."""

    def __init__(
        self,
        seats: list[str],
        options: TheGameOptions,
        *,
        seed: int,
        first_player: int = 0,
        stdin: TextIO = sys.stdin,
        stdout: TextIO = sys.stdout,
        ai_levels: list[str] | None = None,
    ) -> None:
        super().__init__(seats, stdin, stdout, ai_levels)
        self.state = thegame.new_game(len(seats), options, seed=seed, first_player=first_player)

    def run(self) -> TheGameState:
        state = self.state
        self.say(
            f"The Game for {len(self.names)}: hand of {state.hand_size}, "
            f"at least {state.min_cards_full} cards a turn. Type 'help' for commands."
        )
        while not state.is_over:
            seat = state.current
            if self.is_ai[seat]:
                self._ai_turn(seat)
            elif not self._person_turn(seat):
                break
        self.say(render_board(state, self.names))
        self.say(render_result(state, self.names))
        return state

    def _ai_turn(self, seat: int) -> None:
        state = self.state
        turn = state.turn
        while not state.is_over and state.turn == turn:
            action = tg_ai.LEVELS[self.levels[seat]](thegame.seat_view(state, seat))
            state.apply(action)
            match action:
                case thegame.Play():
                    self.say(f"  {self.names[seat]} lays {action.card} on pile {action.pile}")
                case thegame.SetSignal():
                    wish = {"dont_play": "please keep it free", "good_card": "a good card for it"}.get(
                        action.signal, "signal cleared"
                    )
                    self.say(f"  {self.names[seat]} signals on pile {action.pile}: {wish}")
                case _:
                    self.say(f"  {self.names[seat]} ends the turn")

    def _person_turn(self, seat: int) -> bool:
        """Play one person's turn; False when input ended or the person quit."""
        state = self.state
        turn = state.turn
        name = self.names[seat]
        if not self.hand_over(seat):
            state.abandon()
            return False
        shown = -1
        while not state.is_over and state.turn == turn:
            if shown != len(state.history):
                shown = len(state.history)
                self.say(render_board(state, self.names))
                self.say(render_hand(state, seat))
            line = self.ask(f"{name}> ")
            if line is None:
                self.say("Input ended: the game is abandoned.")
                state.abandon()
                return False
            try:
                if not self._command(seat, line):
                    return False
            except IllegalAction as exc:
                self.say(f"  Not allowed: {self.named(exc.reason)}.")
        return True

    def _command(self, seat: int, line: str) -> bool:
        state = self.state
        words = line.lower().split()
        if not words:
            return True
        head = words[0]
        if head in ("help", "h", "?"):
            self.say(HELP)
        elif head in ("end", "e", "done"):
            state.end_turn(seat)
        elif head in ("quit", "abandon", "q"):
            if not self.confirm_quit():
                return True
            state.abandon()
            return False
        elif head == "leave":
            state.leave(seat)
            name = self.names[seat]
            self.say(f"  {name} {verb(name, 'leaves')} the table; {their(name)} cards count as not laid.")
        elif head in ("signal", "s", "sig"):
            self._signal(seat, words[1:])
        elif len(words) == 2 and all(w.isdigit() for w in words):
            state.play(seat, int(words[0]), int(words[1]))
        else:
            self.say("  I did not understand that. Type a card and a pile, e.g. '47 1', or 'help'.")
        return True

    def _signal(self, seat: int, args: list[str]) -> None:
        if len(args) != 2 or not args[0].isdigit() or args[1] not in SIGNAL_WORDS:
            self.say("  Usage: signal PILE dont|good|clear, e.g. 'signal 3 dont'.")
            return
        self.state.signal(seat, int(args[0]), SIGNAL_WORDS[args[1]])


def save_record(state, path: str, stdout: TextIO) -> None:
    """Write the record to ``path``; ``-`` means standard output, so it can be piped to ``replay -``."""
    text = json.dumps(state.to_record(), indent=1) + "\n"
    if path == "-":
        stdout.write(text)
        stdout.flush()
    else:
        Path(path).write_text(text, encoding="utf-8")


def play_main(
    seats: list[str],
    options: TheGameOptions,
    *,
    seed: int,
    first_player: int,
    save: str | None,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
    ask_to_save: Callable[[], bool] | None = None,
    table: TerminalTable | None = None,
    record_out: TextIO = sys.stdout,
    ai_levels: list[str] | None = None,
) -> int:
    """Play one game at a terminal table (The Game unless ``table`` is given), then maybe save it.

    ``record_out`` takes the record saved to ``-``; ``stdout`` is where the table talks.
    """
    if table is None:
        table = LocalTable(
            seats,
            options,
            seed=seed,
            first_player=first_player,
            stdin=stdin,
            stdout=stdout,
            ai_levels=ai_levels,
        )
    state = table.run()
    if save is None and ask_to_save is not None and ask_to_save():
        save = table.ask("Save the record to (Enter to skip): ") or None
    if save:
        save_record(state, save, record_out)
        if save != "-":
            table.say(f"Record saved to {save}; replay it with: python -m bot replay {save}")
    return 0
