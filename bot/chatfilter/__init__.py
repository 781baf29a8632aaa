"""The chat rule keeper: finds card numbers shared in chat. Pure Python; knows nothing of Discord."""

from bot.chatfilter.detector import Context, Found, Verdict, check

__all__ = ["Context", "Found", "Verdict", "check"]
