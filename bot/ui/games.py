"""Which presentation each game has: the one place the Discord layer lists the games."""

from __future__ import annotations

from bot.games import red_and_black, skipbo_junior, thegame
from bot.ui import red_and_black as red_and_black_ui
from bot.ui import skipbo_junior as skipbo_junior_ui
from bot.ui import thegame as thegame_ui
from bot.ui.base import Presentation

PRESENTATIONS: dict[str, Presentation] = {
    thegame.NAME: thegame_ui.PRESENTATION,
    skipbo_junior.NAME: skipbo_junior_ui.PRESENTATION,
    red_and_black.NAME: red_and_black_ui.PRESENTATION,
}


def presentation(game: str) -> Presentation:
    return PRESENTATIONS[game]
