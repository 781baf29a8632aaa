"""The shape every game engine offers (after OpenSpiel's game and state objects).

A game module exposes options and actions as pydantic models (the typed boundary), a function
that creates a state from options, a player count and a deck order or seed, and a state object
that lists legal actions, applies actions, and gives public and private views and a result.
Hot loops (AI, simulation) may call the state's plain-value methods directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"
    STALLED = "stalled"  # a competitive game that ended with no winner
    FINISHED = "finished"  # a competitive game that ended with standings


@dataclass(frozen=True, slots=True)
class Player:
    """A seat named in a refusal: "player 2" in the engine's words; the table service names it."""

    seat: int

    def __str__(self) -> str:
        return f"player {self.seat}"


class IllegalAction(Exception):
    """An action the rules refuse in the current state. The state is left unchanged.

    ``reason`` is the refusal in English. It is made of a message id (marked with ``N_()``, or a
    count's two forms by ``IllegalAction.ngettext``) and its values, kept as ``message``,
    ``plural``, ``count`` and ``values``, so that the table service can say it in the reader's
    language; a seat is given as a Player, the game's status as a Status."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.message = message
        self.plural: str | None = None
        self.count = 0
        self.values = values
        self.reason = message.format(**values) if values else message
        super().__init__(self.reason)

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, **values: Any) -> IllegalAction:
        """A refusal that counts: its English form for n (one, or more); the others by their rules."""
        exc = cls(singular if n == 1 else plural, **values)
        exc.message, exc.plural, exc.count = singular, plural, n
        return exc


class GameState(Protocol):
    """What the table service and the tools need from any game's state."""

    players: int
    status: Status

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def public_view(self) -> Any: ...

    def private_view(self, seat: int) -> Any: ...
