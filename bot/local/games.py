"""Which terminal presentation each game has: the one place the local table lists the games."""

from __future__ import annotations

from bot.games import red_and_black, skipbo_junior, thegame
from bot.local import red_and_black as red_and_black_terminal
from bot.local import skipbo_junior as skipbo_junior_terminal
from bot.local import thegame as thegame_terminal
from bot.local.base import Terminal

TERMINALS: dict[str, Terminal] = {
    thegame.NAME: thegame_terminal.TERMINAL,
    skipbo_junior.NAME: skipbo_junior_terminal.TERMINAL,
    red_and_black.NAME: red_and_black_terminal.TERMINAL,
}
