"""A restart replays logs with `apply_record` (no models): it must give the very state the typed
actions gave, and refuse what the typed path refuses."""

from __future__ import annotations

import pytest

from bot.catalog import GAMES
from bot.games import red_and_black, skipbo_junior, thegame
from bot.games.base import IllegalAction

PLAYERS = {thegame.NAME: 3, skipbo_junior.NAME: 3, red_and_black.NAME: 4}
OUTPUT = {
    thegame.NAME: thegame.replay_output,
    skipbo_junior.NAME: skipbo_junior.replay_output,
    red_and_black.NAME: red_and_black.replay_output,
}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replaying_records_gives_the_same_state_as_the_typed_actions(game, seed):
    spec = GAMES[game]
    players = PLAYERS[game]
    options = spec.options()
    played = spec.deal(players, options, seed, 0)
    for _ in range(300):
        if played.is_over:
            break
        played.apply(spec.ai_action(played, played.current))
    records = played.action_dicts()
    assert records

    replayed = spec.deal(players, options, seed, 0)
    for raw in records:
        replayed.apply_record(raw)
    assert OUTPUT[game](replayed) == OUTPUT[game](played)
    assert replayed.action_dicts() == records


@pytest.mark.parametrize(
    ("game", "raw"),
    [
        (thegame.NAME, {"type": "play", "player": 0, "card": 1, "pile": 1}),
        (thegame.NAME, {"type": "shuffle", "player": 0}),
        (skipbo_junior.NAME, {"type": "play", "player": 0, "source": 9, "pile": 1}),
        (red_and_black.NAME, {"type": "discard", "player": 0, "card": "ZZ"}),
    ],
)
def test_a_record_that_breaks_the_rules_is_refused(game, raw):
    spec = GAMES[game]
    state = spec.deal(PLAYERS[game], spec.options(), 5, 0)
    with pytest.raises(IllegalAction):
        state.apply_record(raw)
