"""The cheap gates in front of the chat keeper's expressions must never skip one that could match.

roles.IDIOM_NEEDS is read from each saying's expression by hand-written code (roles._required): the
plain text any match of it must hold. If it ever claims more than a match needs, the saying's
expression is skipped on text it would have matched, and a harmless saying becomes a false alarm.
Here every saying's expression makes its own matching texts (hypothesis' from_regex), and each must
hold what the gate asks for.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chatfilter import roles

SAYINGS = [
    (alternative, needs)
    for key, alternatives in roles._BY_KEY.items()
    for alternative, needs in zip(alternatives, roles.IDIOM_NEEDS[key], strict=True)
]


def test_every_saying_has_its_needs_read() -> None:
    assert len(SAYINGS) > 150
    assert all(isinstance(needs, tuple) for _, needs in SAYINGS)


@settings(max_examples=2000, deadline=None)
@given(st.data())
def test_a_text_a_saying_matches_always_passes_its_gate(data: st.DataObject) -> None:
    pattern, needs = data.draw(st.sampled_from(SAYINGS))
    text = data.draw(st.from_regex(pattern, fullmatch=True))
    missing = [choice for choice in needs if not any(piece in text for piece in choice)]
    assert not missing, (pattern, text, missing)
