"""The planning AI: legal, deterministic, keeps the talk rule, and better than the baseline."""

from __future__ import annotations

import hashlib
import json
from itertools import combinations, permutations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import baseline
from bot.ai import thegame as planner
from bot.games.base import Status
from bot.games.thegame import new_game, seat_view
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
    seeds = [game_seed(3, i) for i in range(40)]
    ours = sum(finish(2, s, planner.play_turn)[0] for s in seeds)
    theirs = sum(finish(2, s, baseline.play_turn)[0] for s in seeds)
    assert ours < theirs * 0.85


# The action lists (sha256 of their record form, first 16 hex digits) of the games that the
# planner played when it read the live state, one action at a time as tables ask: game i of
# (seed 7, i) for each player count. Until that planner was removed, a test compared the two at
# every decision (41,180 decisions of 300 seeded games agreed); these games keep the comparison.
STATE_READING_GAMES = {
    1: ("dcec932bcc567672", "2e75530c1edf713b", "1f97fb9b4223d160"),
    2: ("b3d1ce4f79d19fe5", "96c1e6a611a649ee", "98ca1880b22460d2"),
    3: ("cab45c990c5ef29e", "74d08735cad2c786", "9dfc478eb68ea157"),
    4: ("c0b23133d93ffd2b", "b1ba3e9c79c6d383", "31d0ff35f0577ddd"),
    5: ("e90648a3c0720a08", "cecc2e5f9bdcd428", "afa9e21221d52a90"),
}


def test_deciding_from_the_view_plays_the_games_of_the_planner_that_read_the_state():
    for players, digests in STATE_READING_GAMES.items():
        for index, digest in enumerate(digests):
            state = new_game(players, seed=game_seed(7, index))
            while not state.is_over:
                state.apply(planner.choose(seat_view(state, state.current)))
            played = hashlib.sha256(json.dumps(state.action_dicts()).encode()).hexdigest()[:16]
            assert played == digest, (players, index)


@settings(max_examples=60, deadline=None)
@given(
    unseen=st.lists(st.integers(2, 99), min_size=1, max_size=9, unique=True),
    piles=st.tuples(st.integers(1, 60), st.integers(1, 60), st.integers(40, 100), st.integers(40, 100)),
    laid_cards=st.sets(st.integers(2, 99), max_size=30),
    hand_size=st.integers(1, 4),
    need=st.integers(1, 2),
)
def test_the_next_seats_expected_cost_is_the_mean_over_every_hand_it_could_hold(
    unseen, piles, laid_cards, hand_size, need
):
    unseen = sorted(c for c in unseen if c not in piles and c not in laid_cards)
    laid = bytearray(102)
    for c in laid_cards:
        laid[c] = 1
    expected = planner.next_cost(list(piles), unseen, laid, hand_size, need, planner.Weights)
    w = planner.Weights
    costs = dict(
        zip(unseen, planner.card_costs(list(piles), unseen, laid, w.dead, w.next_stranded), strict=True)
    )
    hands = list(combinations(unseen, min(hand_size, len(unseen))))
    if not unseen:
        assert expected == 0
        return
    mean = sum(sum(sorted(costs[c] for c in hand)[:need]) for hand in hands) / len(hands)
    assert abs(expected - mean) < 1e-9


def test_a_card_costs_what_it_skips_at_its_cheapest_pile():
    laid = bytearray(102)
    laid[31] = laid[32] = 1
    # Up piles at 30 and 50, down piles at 70 and 90: 34 skips 33 on pile 1 (31 and 32 are laid).
    # 55 fits pile 2 after skipping 51..54. 20 is the trick on pile 1. Pile 3 takes 69 at once.
    # 25 fits no pile at all.
    costs = planner.card_costs([30, 50, 70, 90], [34, 55, 20, 69, 25], laid, 10.0, 30.0)
    assert costs == [1, 4, -1, 0, 30]


def test_at_a_table_leaving_good_piles_for_the_next_seat_leaves_fewer_cards():
    class Selfish(planner.Weights):
        next_weight = 0.0

    seeds = [game_seed(5, i) for i in range(60)]
    ours = sum(finish(3, s, planner.play_turn)[0] for s in seeds)
    selfish = sum(finish(3, s, lambda state: planner.play_turn(state, Selfish))[0] for s in seeds)
    assert ours < selfish * 0.9


def endgame_where_30_has_one_home(seat_hand: list[int]):
    """Three seats, draw pile empty, seat 0 has laid its one card this turn. Up piles at 40 and
    60, down piles at 25 and 28: card 30 (held by another seat) fits only by the backwards trick
    on pile 1, and seat 0's 41 is free there (nothing between 40 and 41 is still out)."""
    state = new_game(3, seed=1)
    out = {30, 65, 75, 80, 85, *seat_hand}
    state.hands = [sorted(seat_hand), [30, 75], [65, 80, 85]]
    state.piles = [40, 60, 25, 28]
    state.next_draw = 98
    state.min_cards = 1
    state.history = [("play", 0, c, 1) for c in range(2, 100) if c not in out]
    state.laid = len(state.history)
    state.current, state.played = 0, 1
    return state


def test_after_its_minimum_the_ai_never_lays_a_free_card_on_the_only_home_of_a_card_still_out():
    state = endgame_where_30_has_one_home([41, 70])
    planner.play_turn(state)
    assert 41 in state.hands[0]  # the turn ended with 41 kept: 30 can still be laid on pile 1
    assert state.current == 1 and ("play", 0, 41, 1) not in state.history

    # Choosing extras by its own cost alone, the same seat lays 41, and 30 can never be laid.
    class OwnCostOnly(planner.Weights):
        next_weight = 0.0

    state = endgame_where_30_has_one_home([41, 70])
    planner.play_turn(state, OwnCostOnly)
    assert ("play", 0, 41, 1) in state.history
