"""The planning AI: legal, deterministic, keeps the talk rule, and better than the baseline."""

from __future__ import annotations

from itertools import permutations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import baseline
from bot.ai import thegame as planner
from bot.games.base import Status
from bot.games.thegame import new_game
from bot.simulate import game_seed


def finish(players: int, seed: int, turn) -> tuple[int, list]:
    state = new_game(players, seed=seed)
    while not state.is_over:
        turn(state)
    result = state.result()
    return (0 if result.status is Status.WON else result.cards_left), state.history


def test_the_planner_plays_whole_games_the_same_way_for_a_seed():
    for players in (1, 3, 5):
        first = finish(players, 11, planner.play_turn)
        assert first == finish(players, 11, planner.play_turn)
        assert 0 <= first[0] <= 98


def test_the_planner_talks_only_with_pile_signals():
    history = [entry for seed in range(4, 8) for entry in finish(3, seed, planner.play_turn)[1]]
    kinds = {entry[0] for entry in history}
    assert kinds <= {"play", "end_turn", "signal"}
    assert "signal" in kinds
    assert {entry[3] for entry in history if entry[0] == "signal"} <= {"dont_play", "clear"}


def test_the_planner_lays_the_cheapest_pair_including_a_trick_it_opens():
    # Up pile at 30. Laying 35 then 45 wastes 5 + 10; 80 on a down pile and 35 waste 10 + 5;
    # laying 45 first (15) opens the backwards trick 35 (-10): 5 in all, the best.
    cost, plays = planner.plan([35, 45, 80], [30, 60, 90, 90], 2, frozenset())
    assert plays == [(45, 0), (35, 0)]
    assert cost < 10


class EveryCard(planner.Weights):
    """Every card of the hand is a candidate and a kept hand costs nothing: the search's only
    shortcut left is the pile order."""

    per_pile = 8
    hand_weight = 0
    reserved = 3


def cheapest_by_every_order(
    hand: list[int], piles: list[int], need: int, reserved: frozenset[int]
) -> float | None:
    best = None
    for cards in permutations(hand, need):
        for targets in product(range(4), repeat=need):
            tops, cost = list(piles), 0
            for card, pile in zip(cards, targets, strict=True):
                gap = planner._gap(card, pile, tops[pile])
                if gap is None:
                    break
                cost += gap + (EveryCard.reserved if pile in reserved and gap > 1 else 0)
                tops[pile] = card
            else:
                best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.integers(2, 99), min_size=2, max_size=6, unique=True),
    piles=st.tuples(st.integers(1, 60), st.integers(1, 60), st.integers(40, 100), st.integers(40, 100)),
    need=st.integers(1, 3),
    reserved=st.frozensets(st.integers(0, 3)),
)
def test_searching_piles_in_order_finds_the_cheapest_plan_of_all_orders(hand, piles, need, reserved):
    hand = sorted(c for c in hand if c not in piles)
    found = planner.plan(hand, list(piles), need, reserved, EveryCard)
    expected = cheapest_by_every_order(hand, list(piles), need, reserved)
    assert (found is None) == (expected is None)
    if found is not None:
        assert found[0] == expected


def test_the_planner_leaves_fewer_cards_than_the_baseline():
    seeds = [game_seed(3, i) for i in range(150)]
    ours = sum(finish(2, s, planner.play_turn)[0] for s in seeds)
    theirs = sum(finish(2, s, baseline.play_turn)[0] for s in seeds)
    assert ours < theirs * 0.85


def test_one_action_at_a_time_plays_the_same_game_as_whole_turns():
    """Tables ask for an AI's turn action by action; the game must be the one play_turn plays."""
    for players in (1, 3):
        whole = new_game(players, seed=21)
        while not whole.is_over:
            planner.play_turn(whole)
        stepwise = new_game(players, seed=21)
        while not stepwise.is_over:
            seat = stepwise.current
            move = planner.next_action(stepwise, seat)
            if move[0] == "play":
                stepwise.play(seat, move[1], move[2])
            elif move[0] == "signal":
                stepwise.signal(seat, move[1], move[2])
            else:
                stepwise.end_turn(seat)
        assert stepwise.history == whole.history
