"""The chat rule keeper: finds card numbers shared in chat. Pure Python; knows nothing of Discord.

The rules, the learned stage and their word readers are imported compiled (bot/chatfilter/compiled.py)
when a build made from these sources exists, else as plain Python: the verdicts are the same, only the
speed differs.
"""

import logging
import sys

from bot.chatfilter import compiled as _compiled

if _compiled.wanted() and (_build := _compiled.current_build()) is not None:
    __path__.insert(0, str(_build))
    try:
        from bot.chatfilter import detector as _detector
    except ImportError as _exc:  # a damaged build (a module missing or unreadable): the plain source
        __path__.remove(str(_build))
        for _name in (*_compiled.MODULES, _compiled.SHARED):
            sys.modules.pop(f"bot.chatfilter.{_name}", None)
            globals().pop(_name, None)  # the package's attribute too: "from bot.chatfilter import override"
        logging.getLogger(__name__).warning(
            "chat keeper: the compiled rules in %s cannot be loaded (%s); running the plain source",
            _build,
            _exc,
        )

from bot.chatfilter import detector as _detector
from bot.chatfilter.detector import Context, Found, Verdict, check

# True when the rules run compiled (detector is the C extension of scripts/compile_keeper.py).
COMPILED = not _detector.__file__.endswith(".py") if _detector.__file__ else False

__all__ = ["COMPILED", "Context", "Found", "Verdict", "check"]
