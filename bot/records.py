"""Game records: parse, validate, and replay them (``python -m bot replay``).

A record fully describes a game: options, player count, first player, card order (or a seed)
and the ordered actions. The format is documented in docs/records.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bot.games import thegame
from bot.games.base import IllegalAction

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
ACTION_TYPES = ("play", "end_turn", "signal", "leave", "abandon")


class TheGameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: Literal["the-game"] = "the-game"
    players: Annotated[int, Field(ge=thegame.MIN_PLAYERS, le=thegame.MAX_PLAYERS)]
    options: thegame.TheGameOptions = thegame.TheGameOptions()
    first_player: Annotated[int, Field(ge=0)] = 0
    deck: list[int] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**64)] | None = None
    actions: list[thegame.Action] = []

    @model_validator(mode="after")
    def _consistent(self) -> TheGameRecord:
        if (self.deck is None) == (self.seed is None):
            raise ValueError("give exactly one of 'deck' (the card order) or 'seed'")
        if self.deck is not None and sorted(self.deck) != list(thegame.CARDS):
            raise ValueError("'deck' must hold each card 2..99 exactly once (98 cards)")
        if self.first_player >= self.players:
            raise ValueError(f"'first_player' must be a seat 0..{self.players - 1}")
        return self

    def new_state(self) -> thegame.TheGameState:
        return thegame.new_game(
            self.players, self.options, seed=self.seed, deck=self.deck, first_player=self.first_player
        )


class MalformedRecord(Exception):
    """The record is not well formed; the message names what is wrong."""


def _describe(err: ValidationError) -> str:
    lines = []
    for e in err.errors():
        loc = list(e["loc"])
        # An action's path carries the union member's tag ("actions", 3, "play", "card"): drop it.
        if len(loc) > 2 and loc[0] == "actions" and loc[2] in ACTION_TYPES:
            del loc[2]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")
        msg = e["msg"].removeprefix("Value error, ")
        lines.append(f"{where or 'record'}: {msg}")
    return "; ".join(lines)


def parse_record(text: str | bytes) -> TheGameRecord:
    """Parse a record's JSON text; raise MalformedRecord with a clear message if it is not valid."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MalformedRecord(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise MalformedRecord("a record is a JSON object")
    game = data.get("game", thegame.NAME)
    if game != thegame.NAME:
        raise MalformedRecord(f"unknown game {game!r}; known games: {thegame.NAME}")
    try:
        return TheGameRecord.model_validate(data)
    except ValidationError as exc:
        raise MalformedRecord(_describe(exc)) from None


def replay(record: TheGameRecord) -> tuple[dict, int]:
    """Apply the record's actions in order; stop at the first illegal one.

    Returns the replay output and the exit code (0, or 1 at an illegal action, with the state
    before that action).
    """
    state = record.new_state()
    for index, action in enumerate(record.actions):
        try:
            state.apply(action)
        except IllegalAction as exc:
            out = thegame.replay_output(state)
            out["error"] = {"action": index, "reason": exc.reason}
            return out, EXIT_ILLEGAL
    out = thegame.replay_output(state)
    out["error"] = None
    return out, EXIT_OK


def replay_main(path: str) -> int:
    """The ``replay`` command: print one JSON object; exit 0, 1 (illegal action) or 2 (malformed)."""
    try:
        text = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        print(f"replay: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return EXIT_MALFORMED
    try:
        record = parse_record(text)
    except MalformedRecord as exc:
        print(f"replay: {path}: record is not well formed: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    out, code = replay(record)
    print(json.dumps(out))
    return code
