"""The cheap gates in front of the chat keeper's expressions must never skip one that could match.

roles.IDIOM_NEEDS is read from each saying's expression by hand-written code (roles._required): the
plain text any match of it must hold. If it ever claims more than a match needs, the saying's
expression is skipped on text it would have matched, and a harmless saying becomes a false alarm.
Here every saying's expression makes its own matching texts (hypothesis' from_regex), and each must
hold what the gate asks for.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chatfilter import detector, roles
from bot.chatfilter.detector import TOKEN

SAYINGS = [
    (alternative, needs)
    for key, alternatives in roles._BY_KEY.items()
    for alternative, needs in zip(alternatives, roles.IDIOM_NEEDS[key], strict=True)
]


def test_every_saying_has_its_needs_read() -> None:
    assert len(SAYINGS) > 150
    assert all(isinstance(needs, tuple) for _, needs in SAYINGS)


@pytest.mark.parametrize(("pattern", "needs"), SAYINGS, ids=range(len(SAYINGS)))
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_text_a_saying_matches_always_passes_its_gate(
    pattern: str, needs: tuple[tuple[str, ...], ...], data: st.DataObject
) -> None:
    text = data.draw(st.from_regex(pattern, fullmatch=True))
    missing = [choice for choice in needs if not any(piece in text for piece in choice)]
    assert not missing, (pattern, text, missing)


KEYS_OF: dict[str, set[str]] = {}
for _key, _alternatives in roles._BY_KEY.items():
    for _alternative in _alternatives:
        KEYS_OF.setdefault(_alternative, set()).add(_key)
KEYED = sorted(KEYS_OF.items())


@pytest.mark.parametrize(("pattern", "keys"), KEYED, ids=range(len(KEYED)))
@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_text_a_saying_matches_holds_a_word_that_begins_with_its_key(
    pattern: str, keys: set[str], data: st.DataObject
) -> None:
    """The keeper runs a saying's expression only when a word of the message begins with its key
    (roles.IDIOM_KEYS): "null.?acht.?fuenfzehn" written as one word ("nullachtfünfzehn") begins with
    "null", never with "fuen". Every saying is tried on its own: a draw over all of them at once
    missed "fc24" (of "fifa|pes|madden|nhl|fc") in most runs and found it in one."""
    text = data.draw(st.from_regex(pattern, fullmatch=True))
    words = TOKEN.findall(text.lower())
    assert any(word.startswith(tuple(keys)) for word in words), (pattern, keys, text, words)


LINKS = roles._alternatives(detector.CARD_LINK.pattern)


@settings(max_examples=1000, deadline=None)
@given(st.data())
def test_a_text_that_ties_a_number_to_ones_card_passes_the_link_gate(data: st.DataObject) -> None:
    """CARD_LINK ("same as my card", "mi carta en hora:") runs only when a word of detector.LINK_GATE is in
    the message; every text one of its ways matches must hold such a word."""
    pattern = data.draw(st.sampled_from(LINKS))
    text = data.draw(st.from_regex(pattern, fullmatch=True))
    words = set(TOKEN.findall(text.lower()))
    assert words & detector.LINK_GATE, (pattern, text, words)


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_a_text_with_ones_card_as_the_subject_passes_its_gate(data: st.DataObject) -> None:
    """CARD_SUBJECT ("my card's worth", "mi carta costaría") runs only when a word of OWN_CARD_WORDS and
    one of CARD_SUBJECT_GATE are in the message; every text it matches must hold both."""
    text = data.draw(st.from_regex(detector.CARD_SUBJECT, fullmatch=True))
    words = set(TOKEN.findall(text.lower()))
    assert words & detector.OWN_CARD_WORDS and words & detector.CARD_SUBJECT_GATE, (text, words)


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_a_text_that_says_to_read_digits_together_passes_its_gate(data: st.DataObject) -> None:
    """GLUE_CUE ("read them together", "ohne Doppelpunkt", "le score collé") runs only when a word of
    GLUE_GATE is in the message; every text it matches must hold one."""
    text = data.draw(st.from_regex(detector.GLUE_CUE, fullmatch=True))
    words = set(TOKEN.findall(text.lower()))
    assert words & detector.GLUE_GATE, (text, words)


@settings(max_examples=600, deadline=None)
@given(st.data())
def test_a_text_with_a_decoding_cue_passes_the_decoding_gate(data: st.DataObject) -> None:
    """The decoders ("read it backwards:", "rot13", "first letters", "alphabet", "keypad") run only when a
    word of DECODE_GATE is in the message; every text their cues match must hold one. The same for the
    riddle per digit and a part of a time."""
    pattern, gate = data.draw(
        st.sampled_from(
            [
                (detector.REVERSED_CUE, detector.DECODE_GATE),
                (detector.ROT13_CUE, detector.DECODE_GATE),
                (detector.ACROSTIC_CUE, detector.DECODE_GATE),
                (detector.ALPHABET_CUE, detector.DECODE_GATE),
                (detector.KEYPAD_CUE, detector.DECODE_GATE),
                (detector.DIGIT_BY_CLUE, detector.DIGIT_CLUE_WORDS),
                (detector.TIME_PART_CUE, detector.TIME_PART_WORDS),
            ]
        )
    )
    text = data.draw(st.from_regex(pattern, fullmatch=True))
    words = set(TOKEN.findall(text.lower()))
    assert words & gate, (pattern.pattern[:40], text, words)
