"""Snapshots of a game's state, so that a restart replays only the events after the last one.

A snapshot is a cache: the event log stays the truth. It is the state object pickled, marked
with the engine it was taken with (a digest of the rules' source files), and used only by the
same engine; anything else replays the log from the deal. Unpickling admits the classes of the
rules engines and nothing else, so a snapshot cannot name any other code to run.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from functools import cache
from pathlib import Path
from typing import Any

_GAMES = Path(__file__).resolve().parent / "games"
_ALLOWED = "bot.games."


@cache
def engine_mark() -> str:
    """A digest of the rules engines' source: a snapshot is only read by the engine that wrote it."""
    digest = hashlib.sha256()
    for path in sorted(_GAMES.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def dump(state: Any) -> bytes:
    return pickle.dumps(state, protocol=5)


class _GameStateUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module.startswith(_ALLOWED):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a game's state")


def load(data: bytes) -> Any:
    """The state a snapshot holds; pickle.UnpicklingError (or another error) if it is not one."""
    return _GameStateUnpickler(io.BytesIO(data)).load()
