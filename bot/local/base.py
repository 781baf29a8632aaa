"""What a game gives the terminal loop, and how seats are spoken of at a terminal table."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

# Callables below take the game's state and the seats' names; a seat is an index into the names.


@dataclass(frozen=True)
class Terminal:
    """How one game looks and is typed at a terminal table: every game-specific piece of the local
    loop, so that the loop never asks which game it runs."""

    default_seats: tuple[str, ...]  # without --seats: "you" and AI seats
    greeting: Callable[[Any, list[str]], str]  # the first line, before "Type 'help' for commands."
    help: str
    board: Callable[[Any, list[str]], str]  # what everyone sees
    hand: Callable[[Any, int], str] | None  # what only this seat sees; None: nothing is secret
    # A typed line -> the engine action (without the seat), or what to tell the person instead.
    parse: Callable[[str], dict[str, Any] | str]
    # What the table says after an action of this seat (the last argument: an AI seat took it).
    narrate: Callable[[Any, list[str], int, Any, bool], str | None]
    result: Callable[[Any, list[str]], str]  # the closing text, once the game is over
    options: Callable[[argparse.Namespace, int], BaseModel]  # command line, seats -> the options
    # Games played in deals: the reports of the deals finished after the first `since`.
    deal_reports: Callable[[Any, list[str], int], list[str]] | None = None
    board_each_ai_turn: bool = False  # also draw the board when an AI seat's turn begins


def verb(name: str, third_person: str) -> str:
    """A seat may be called "you", and "you has laid" reads wrong: that seat takes the plain form."""
    if name.lower() != "you":
        return third_person
    return {"has": "have", "is": "are"}.get(third_person, third_person.removesuffix("s"))


def their(name: str) -> str:
    return "your" if name.lower() == "you" else "their"


def named(reason: str, names: list[str]) -> str:
    """Engine reasons speak of 'player N'; at this table seats have names."""
    for seat in range(len(names) - 1, -1, -1):
        if names[seat].lower() == "you":
            reason = reason.replace(f"not player {seat}'s", "not yours")
            reason = reason.replace(f"player {seat}'s", "your")
            reason = reason.replace(f"player {seat} has", "you have")
        reason = reason.replace(f"player {seat}", names[seat])
    return reason
