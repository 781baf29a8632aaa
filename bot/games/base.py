"""The shape every game engine offers (after OpenSpiel's game and state objects).

A game module exposes options and actions as pydantic models (the typed boundary), a function
that creates a state from options, a player count and a deck order or seed, and a state object
that lists legal actions, applies actions, and gives public and private views and a result.
Hot loops (AI, simulation) may call the state's plain-value methods directly.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"
    STALLED = "stalled"  # a competitive game that ended with no winner
    FINISHED = "finished"  # a competitive game that ended with standings


class IllegalAction(Exception):
    """An action the rules refuse in the current state. The state is left unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
