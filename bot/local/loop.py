"""One local table for every game: people at one keyboard (hot seat) and AI seats, in a terminal.

The loop knows seats, turns, typed lines and the record; what a game looks like and how its
commands read comes from its terminal presentation (``bot.local.games``) and its catalog entry.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pydantic import BaseModel, ValidationError

from bot.ai import DEFAULT_LEVEL
from bot.catalog import GAMES
from bot.games.base import IllegalAction
from bot.local.base import named
from bot.local.games import TERMINALS

AI = "ai"
HELP_WORDS = ("help", "h", "?")
QUIT_WORDS = ("quit", "q", "abandon")


def seat_names(seats: list[str], levels: list[str] | None = None) -> list[str]:
    """People keep their names; AI seats are called by their place (and level, when chosen)."""
    return [
        s if s.lower() != AI else f"AI {i + 1}" + (f" ({levels[i]})" if levels else "")
        for i, s in enumerate(seats)
    ]


class LocalTable:
    """Runs one game in a terminal. Input and output are streams so tests can drive it."""

    def __init__(
        self,
        game: str,
        seats: list[str],
        options: BaseModel,
        *,
        seed: int,
        first_player: int = 0,
        stdin: TextIO = sys.stdin,
        stdout: TextIO = sys.stdout,
        ai_levels: list[str] | None = None,
    ) -> None:
        self.spec = GAMES[game]
        self.terminal = TERMINALS[game]
        self.is_ai = [s.lower() == AI for s in seats]
        # The AI seats take the given levels in turn (normal when none is given).
        self.levels = [DEFAULT_LEVEL] * len(seats)
        ai_seats = [i for i, ai in enumerate(self.is_ai) if ai]
        for k, seat in enumerate(ai_seats):
            if ai_levels:
                self.levels[seat] = ai_levels[k % len(ai_levels)]
        self.names = seat_names(seats, self.levels if ai_levels else None)
        self.stdin = stdin
        self.out = stdout
        # Hands are handed over only where something is secret.
        self.hot_seat = self.terminal.hand is not None and sum(not a for a in self.is_ai) > 1
        self.state = self.spec.deal(len(seats), options, seed, first_player)
        self.moves = 0  # actions applied, so the board is drawn again only when something changed
        self.reported = 0  # deals whose report was shown

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        return None if line == "" else line.strip()

    def run(self) -> Any:
        state, terminal = self.state, self.terminal
        self.say(f"{terminal.greeting(state, self.names)} Type 'help' for commands.")
        turn_seen: tuple[int, int] | None = None  # (seat, turn) of the last turn begun
        shown = -1  # self.moves when the board was last drawn
        while not state.is_over:
            seat = state.current
            turn = (seat, self.spec.turn_of(state))
            if self.is_ai[seat]:
                if terminal.board_each_ai_turn and turn != turn_seen:
                    self.say(terminal.board(state, self.names))
                turn_seen = turn
                action = self.spec.ai_action(state, seat, self.levels[seat])
                self._apply(seat, action, ai=True)
                continue
            if turn != turn_seen:
                turn_seen = turn
                if not self.hand_over(seat):
                    self.abandon("Input ended: the game is abandoned.")
                    break
            if shown != self.moves:
                shown = self.moves
                self.say(terminal.board(state, self.names))
                if terminal.hand is not None:
                    self.say(terminal.hand(state, seat))
            if not self._person(seat):
                break
        self.say(terminal.result(state, self.names))
        return state

    def _person(self, seat: int) -> bool:
        """Read and carry out one typed line; False when input ended or the person quit."""
        line = self.ask(f"{self.names[seat]}> ")
        if line is None:
            self.abandon("Input ended: the game is abandoned.")
            return False
        if not line:
            return True
        head = line.split()[0].lower()
        if head in HELP_WORDS:
            self.say(self.terminal.help)
            return True
        if head in QUIT_WORDS:
            if not self.confirm_quit():
                return True
            self.abandon()
            return False
        parsed = self.terminal.parse(line)
        if isinstance(parsed, str):
            self.say(f"  {parsed}")
            return True
        try:
            action = self.spec.action.validate_python({**parsed, "player": seat})
        except ValidationError:
            self.say("  I did not understand that. Type 'help' for the commands.")
            return True
        try:
            self._apply(seat, action, ai=False)
        except IllegalAction as exc:
            self.say(f"  Not allowed: {named(exc.reason, self.names)}.")
        return True

    def _apply(self, seat: int, action: Any, *, ai: bool) -> None:
        """Apply an action (IllegalAction changes nothing), then tell what it did."""
        self.state.apply(action)
        self.moves += 1
        told = self.terminal.narrate(self.state, self.names, seat, action, ai)
        if told is not None:
            self.say(told)
        if self.terminal.deal_reports is not None:
            for report in self.terminal.deal_reports(self.state, self.names, self.reported):
                self.reported += 1
                self.say(report)

    def abandon(self, why: str | None = None) -> None:
        if why is not None:
            self.say(why)
        self.state.apply(self.spec.abandon())

    def hand_over(self, seat: int) -> bool:
        """With several people at one keyboard, wait until the next one is there; False if input ended."""
        return (
            not self.hot_seat
            or self.ask(f"\nPass the keyboard to {self.names[seat]} and press Enter. ") is not None
        )

    def confirm_quit(self) -> bool:
        """Whether to end the game: a stray 'q' should not end it for everyone. End of input ends it."""
        answer = self.ask("End the game for everyone? (y/N) ")
        return answer is None or answer.lower() in ("y", "yes")


def save_record(state: Any, path: str, stdout: TextIO) -> None:
    """Write the record to ``path``; ``-`` means standard output, so it can be piped to ``replay -``."""
    text = json.dumps(state.to_record(), indent=1) + "\n"
    if path == "-":
        stdout.write(text)
        stdout.flush()
    else:
        Path(path).write_text(text, encoding="utf-8")


def play_main(
    table: LocalTable,
    *,
    save: str | None,
    ask_to_save: Callable[[], bool] | None = None,
    record_out: TextIO = sys.stdout,
) -> int:
    """Play the table's game to its end, then maybe save the record.

    ``record_out`` takes the record saved to ``-``; the table talks on its own output.
    """
    state = table.run()
    if save is None and ask_to_save is not None and ask_to_save():
        save = table.ask("Save the record to (Enter to skip): ") or None
    if save:
        save_record(state, save, record_out)
        if save != "-":
            table.say(f"Record saved to {save}; replay it with: python -m bot replay {save}")
    return 0
