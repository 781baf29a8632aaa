"""Property tests over random games of The Game."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import IllegalAction, Status
from bot.games.thegame import (
    CARDS,
    EndTurn,
    Leave,
    Play,
    SetSignal,
    TheGameOptions,
    new_game,
    replay_output,
)
from bot.records import parse_record, replay

options_strategy = st.builds(
    TheGameOptions,
    expert=st.booleans(),
    smaller_hands=st.booleans(),
    hand_size=st.one_of(st.none(), st.integers(1, 8)),
    min_cards=st.one_of(st.none(), st.integers(1, 4)),
)


def legal_move(state, rnd: random.Random):
    """A random legal action: mostly the current seat's plays, sometimes signals or a leave."""
    roll = rnd.random()
    seated = [p for p in range(state.players) if not state.left[p]]
    if roll < 0.06:
        return SetSignal(
            player=rnd.choice(seated),
            pile=rnd.randint(1, 4),
            signal=rnd.choice(["dont_play", "good_card", "clear"]),
        )
    if roll < 0.065:
        return Leave(player=rnd.choice(seated))
    actions = [a for a in state.legal_actions(state.current) if isinstance(a, Play | EndTurn)]
    return rnd.choice(actions)


def accounted(state) -> list[int]:
    laid = [entry[2] for entry in state.history if entry[0] == "play"]
    in_hands = [c for h in state.hands for c in h]
    drawable = state.deck[state.next_draw :]
    return sorted(laid + in_hands + drawable)


def random_action(state, rnd: random.Random):
    kind = rnd.randrange(5)
    player = rnd.randrange(-1, state.players + 1)
    if kind == 0:
        return Play(player=player, card=rnd.randrange(0, 102), pile=rnd.randrange(0, 6))
    if kind == 1:
        return EndTurn(player=player)
    if kind == 2:
        return SetSignal(player=player, pile=rnd.randrange(0, 6), signal="good_card")
    if kind == 3:
        return Leave(player=player)
    return Play(player=state.current, card=rnd.choice(CARDS), pile=rnd.randrange(1, 5))


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(1, 5),
    options=options_strategy,
    seed=st.integers(0, 2**64 - 1),
    first=st.integers(0, 4),
    choices=st.integers(0, 2**32),
)
def test_random_legal_games_keep_every_rule(players, options, seed, first, choices):
    rnd = random.Random(choices)
    state = new_game(players, options, seed=seed, first_player=first % players)
    steps = 0
    while not state.is_over:
        action = legal_move(state, rnd)
        before_tops = list(state.piles)
        state.apply(action)
        steps += 1
        assert steps < 2000, "a game must end"
        assert accounted(state) == list(CARDS)
        if isinstance(action, Play):
            i = action.pile - 1
            old, new = before_tops[i], state.piles[i]
            if i < 2:
                assert new > old or new == old - 10
            else:
                assert new < old or new == old + 10
            assert [t for j, t in enumerate(state.piles) if j != i] == [
                t for j, t in enumerate(before_tops) if j != i
            ]
        assert state.cards_left == sum(len(h) for h in state.hands) + state.draw_pile
    if state.status is Status.WON:
        assert state.cards_left == 0
    else:
        assert state.status is Status.LOST and state.cards_left > 0

    record = parse_record(json.dumps(state.to_record()))
    out, code = replay(record)
    assert code == 0
    assert out == {**replay_output(state), "error": None}


@settings(max_examples=100, deadline=None)
@given(
    players=st.integers(1, 5),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
)
def test_refused_actions_never_change_the_state(players, seed, choices):
    rnd = random.Random(choices)
    state = new_game(players, seed=seed)
    for _ in range(200):
        if state.is_over:
            break
        action = random_action(state, rnd)
        before = json.dumps(replay_output(state), sort_keys=True), len(state.history)
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert exc.reason
            assert (json.dumps(replay_output(state), sort_keys=True), len(state.history)) == before
        if not state.is_over and rnd.random() < 0.3:
            state.apply(legal_move(state, rnd))
