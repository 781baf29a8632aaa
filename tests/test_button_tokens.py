"""A button that plays carries its action as a token of its game's own encoding: every action a
seat can take has one that fits a custom_id and decodes to the very same action, and no text at
all makes decoding fail other than with ValueError (which the cog answers as "not one of mine")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog import GAMES
from bot.ui.components import TEMPLATE, custom_id

PLAYERS = {"the-game": 3, "skip-bo-junior": 3, "red-and-black": 4}
NO_BUTTON = ("leave", "abandon")  # asked for with a question first, or by a moderator


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_action_a_seat_can_take_round_trips_through_its_button(game, seed):
    spec = GAMES[game]
    state = spec.deal(PLAYERS[game], spec.options(), seed, 0)
    seen = set()
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(PLAYERS[game]):
            for action in state.legal_actions(seat):
                raw = action.model_dump()
                raw.pop("player")
                if raw["type"] in NO_BUTTON:
                    continue
                token = spec.encode(raw)
                assert TEMPLATE.fullmatch(custom_id("act", 2**63 - 1, 999_999_999, token))
                assert spec.decode(token) == raw
                seen.add(raw["type"])
        state.apply(spec.ai_action(state, state.current))
    assert seen  # every game offered actions to encode


@pytest.mark.parametrize(
    ("game", "token", "action"),
    [
        ("the-game", "e", {"type": "end_turn"}),
        ("the-game", "s4_clear", {"type": "signal", "pile": 4, "signal": "clear"}),
        ("skip-bo-junior", "e", {"type": "end_turn"}),
        ("skip-bo-junior", "ps_3", {"type": "play", "source": "stock", "pile": 3}),
        ("red-and-black", "e", {"type": "end_play"}),
        ("red-and-black", "w9b", {"type": "declare", "card": "9B"}),
    ],
)
def test_tokens_and_actions_match_both_ways(game, token, action):
    assert GAMES[game].decode(token) == action
    assert GAMES[game].encode(action) == token


@pytest.mark.parametrize("game", list(GAMES))
@given(token=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", max_size=20))
def test_no_token_breaks_the_decoder(game, token):
    try:
        action = GAMES[game].decode(token)
    except ValueError:
        return
    # What decodes is a well-formed action of the game (its rules still judge it).
    GAMES[game].action.validate_python({**action, "player": 0})


@pytest.mark.parametrize(
    ("game", "token"),
    [
        ("the-game", "p47"),
        ("the-game", "s2_shout"),
        ("the-game", "x"),
        ("skip-bo-junior", "pz_1"),
        ("skip-bo-junior", "e1"),
        ("red-and-black", "xzz"),
        ("red-and-black", "dq"),
        ("red-and-black", ""),
    ],
)
def test_tokens_that_name_no_action_are_refused(game, token):
    with pytest.raises(ValueError):
        GAMES[game].decode(token)
