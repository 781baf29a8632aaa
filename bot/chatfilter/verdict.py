"""The keeper's public classes: what a caller hands it (Context) and what it answers (Verdict, Found).

They live apart from detector.py so that they stay ordinary Python classes when the rules are compiled
(bot/chatfilter/compiled.py): callers may build a Context from any collection (a set for a hand, a list
of pile tops) and copy or pickle a verdict, as with the plain source. Pure Python; knows nothing of
Discord.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.chatfilter.lexicon import LANGUAGES

DEFAULT_HAND_SIZE = 8


@dataclass(frozen=True, slots=True)
class Context:
    """What the bot knows beside the message; everything is optional."""

    hand: frozenset[int] = frozenset()
    pile_tops: tuple[int, ...] = ()
    hand_size: int = DEFAULT_HAND_SIZE
    languages: tuple[str, ...] = LANGUAGES

    def __post_init__(self) -> None:
        # Any collection will do for the caller ({47}, [1, 1, 100, 100], ["en"]): each field is kept as
        # the type the rules read it as (the same object when it already is one).
        object.__setattr__(self, "hand", frozenset(self.hand))
        object.__setattr__(self, "pile_tops", tuple(self.pile_tops))
        object.__setattr__(self, "hand_size", int(self.hand_size))
        object.__setattr__(self, "languages", tuple(self.languages))


@dataclass(frozen=True, slots=True)
class Found:
    value: int
    start: int  # offsets in characters of the original message
    end: int


@dataclass(frozen=True, slots=True)
class Verdict:
    flag: bool
    severity: str | None  # "high", "medium", "low" or None when not flagged
    numbers: tuple[Found, ...] = ()
    reason: str = ""
    # On a pass: the numbers 2..99 the rules read and explained as harmless (a count, a time...; not a
    # pile number or the backwards trick's 10), and well-known numbers named as talk ("Jordan's
    # jersey"). The learned stage's rescue reports them as its values.
    read: tuple[Found, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "flag": self.flag,
            "severity": self.severity,
            "numbers": [{"value": f.value, "start": f.start, "end": f.end} for f in self.numbers],
            "reason": self.reason,
        }
