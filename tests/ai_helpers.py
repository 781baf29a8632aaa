"""AI decisions with a bad day in them, run in the AI's process (bot.tables.AI_PROCESS) by tests."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from bot.catalog import ai_decision


def hang_mark(parent: int) -> Path:
    """While this file exists, the next decision of the AI process of test process `parent` hangs."""
    return Path(f"/tmp/deckhand-hang-ai-{parent}")


def hanging_once(game: str, level: str, view: Any) -> Any:
    mark = hang_mark(os.getppid())
    if mark.exists():
        mark.unlink()
        time.sleep(3600)
    return ai_decision(game, level, view)
