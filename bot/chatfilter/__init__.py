"""The chat rule keeper: finds card numbers shared in chat. Pure Python; knows nothing of Discord.

detector.py is imported compiled (bot/chatfilter/compiled.py) when a build made from these sources
exists, else as plain Python: the verdicts are the same, only the speed differs.
"""

from bot.chatfilter import compiled as _compiled

if _compiled.wanted() and (_build := _compiled.current_build()) is not None:
    __path__.insert(0, str(_build))

from bot.chatfilter import detector as _detector
from bot.chatfilter.detector import Context, Found, Verdict, check

# True when the rules run compiled (detector is the C extension of scripts/compile_keeper.py).
COMPILED = not _detector.__file__.endswith(".py") if _detector.__file__ else False

__all__ = ["COMPILED", "Context", "Found", "Verdict", "check"]
