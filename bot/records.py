"""Game records: parse, validate, and replay them (``python -m bot replay``).

A record fully describes a game: options, player count, first player, card order (or a seed)
and the ordered actions. The format is documented in docs/records.md.
"""

from __future__ import annotations

import copy
import json
import sys
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bot.games import red_and_black, skipbo_junior, thegame
from bot.games.base import IllegalAction

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
ACTION_TYPES = ("play", "end_turn", "signal", "leave", "abandon", "draw", "discard", "declare", "end_play")


class TheGameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: Literal["the-game"] = "the-game"
    players: Annotated[int, Field(ge=thegame.MIN_PLAYERS, le=thegame.MAX_PLAYERS)]
    options: thegame.TheGameOptions = thegame.TheGameOptions()
    first_player: Annotated[int, Field(ge=0)] = 0
    deck: list[int] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**64)] | None = None
    actions: list[thegame.Action] = []
    daily: str | None = None  # the deal of that day (YYYY-MM-DD, UTC); absent for any other deal

    @model_validator(mode="after")
    def _consistent(self) -> TheGameRecord:
        if self.daily is not None:
            date_ok = len(self.daily) == 10 and self.daily[4] == "-" and self.daily[7] == "-"
            try:
                date_ok = date_ok and date.fromisoformat(self.daily).isoformat() == self.daily
            except ValueError:
                date_ok = False
            if not date_ok:
                raise ValueError("'daily' must be the deal's date as YYYY-MM-DD")
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


class SkipBoJuniorRecordPlay(skipbo_junior.Play):
    """A play as a record may write it: a source outside stock and 1..3 is then refused by the rules,
    as an illegal action (exit 1) like a pile out of range, not as a malformed record."""

    source: str | int  # type: ignore[assignment]


SkipBoJuniorRecordAction = Annotated[
    SkipBoJuniorRecordPlay | skipbo_junior.EndTurn | skipbo_junior.Abandon, Field(discriminator="type")
]


class SkipBoJuniorRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: Literal["skip-bo-junior"]
    players: Annotated[int, Field(ge=skipbo_junior.MIN_PLAYERS, le=skipbo_junior.MAX_PLAYERS)]
    options: skipbo_junior.SkipBoJuniorOptions = skipbo_junior.SkipBoJuniorOptions()
    first_player: Annotated[int, Field(ge=0)] = 0
    deck: list[int] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**64)] | None = None
    reshuffle_seed: Annotated[int, Field(ge=0, lt=2**64)] | None = None
    reshuffles: list[list[int]] = []
    actions: list[SkipBoJuniorRecordAction] = []

    @model_validator(mode="after")
    def _consistent(self) -> SkipBoJuniorRecord:
        if (self.deck is None) == (self.seed is None):
            raise ValueError("give exactly one of 'deck' (the card order) or 'seed'")
        if self.seed is not None and self.reshuffle_seed is not None:
            raise ValueError("'reshuffle_seed' goes with 'deck'; with 'seed' the seed drives the reshuffles")
        if self.deck is not None and sorted(self.deck) != list(skipbo_junior.CARDS):
            raise ValueError("'deck' must hold 8 of each card 1..10 and 16 wilds (0): 96 cards")
        if self.first_player >= self.players:
            raise ValueError(f"'first_player' must be a seat 0..{self.players - 1}")
        try:
            self.options.check(self.players)
        except ValueError as exc:
            raise ValueError(f"options.stockpile: {exc}") from None
        return self

    def new_state(self) -> skipbo_junior.SkipBoJuniorState:
        return skipbo_junior.new_game(
            self.players,
            self.options,
            seed=self.seed,
            deck=self.deck,
            first_player=self.first_player,
            reshuffle_seed=self.reshuffle_seed,
            reshuffles=self.reshuffles,
        )


class RedAndBlackRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: Literal["red-and-black"]
    players: Literal[4] = 4
    options: red_and_black.RedAndBlackOptions = red_and_black.RedAndBlackOptions()
    first_dealer: Annotated[int, Field(ge=0, le=3)] = 0
    decks: list[list[str]] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**64)] | None = None
    actions: list[red_and_black.Action] = []

    @model_validator(mode="after")
    def _consistent(self) -> RedAndBlackRecord:
        if (self.decks is None) == (self.seed is None):
            raise ValueError("give exactly one of 'decks' (a card order per deal) or 'seed'")
        for i, deck in enumerate(self.decks or []):
            try:
                codes = sorted(red_and_black.code(c) for c in deck)
            except ValueError as exc:
                raise ValueError(f"decks[{i}]: {exc}") from None
            if codes != list(red_and_black.CARDS):
                raise ValueError(f"decks[{i}] must hold each of 1R..9R and 1B..9B four times (72 cards)")
        return self

    def new_state(self) -> red_and_black.RedAndBlackState:
        decks = None
        if self.decks is not None:
            decks = [[red_and_black.code(c) for c in deck] for deck in self.decks]
        return red_and_black.new_game(
            self.options, seed=self.seed, decks=decks, first_dealer=self.first_dealer
        )


Record = TheGameRecord | SkipBoJuniorRecord | RedAndBlackRecord
RECORDS: dict[str, Any] = {
    thegame.NAME: (TheGameRecord, thegame.replay_output),
    skipbo_junior.NAME: (SkipBoJuniorRecord, skipbo_junior.replay_output),
    red_and_black.NAME: (RedAndBlackRecord, red_and_black.replay_output),
}


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


def parse_record(text: str | bytes) -> Record:
    """Parse a record's JSON text; raise MalformedRecord with a clear message if it is not valid."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MalformedRecord(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise MalformedRecord("a record is a JSON object")
    game = data.get("game", thegame.NAME)
    if not isinstance(game, str) or game not in RECORDS:
        raise MalformedRecord(f"unknown game {game!r}; known games: {', '.join(RECORDS)}")
    try:
        return RECORDS[game][0].model_validate(data)
    except ValidationError as exc:
        raise MalformedRecord(_describe(exc)) from None


def replay(record: Record) -> tuple[dict, int]:
    """Apply the record's actions in order; stop at the first illegal one.

    Returns the replay output and the exit code (0, or 1 at an illegal action, with the state
    before that action).
    """
    output = RECORDS[record.game][1]
    state: Any = record.new_state()
    # A given reshuffle order is checked only when the reshuffle happens, part-way through an
    # action; keep the state before each action so that a refusal reports that state.
    careful = bool(getattr(record, "reshuffles", None))
    for index, action in enumerate(record.actions):
        before = copy.deepcopy(state) if careful else None
        try:
            state.apply(action)
        except IllegalAction as exc:
            out = output(before if before is not None else state)
            out["error"] = {"action": index, "reason": exc.reason}
            return out, EXIT_ILLEGAL
    out = output(state)
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
