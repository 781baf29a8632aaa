"""Skip-Bo Junior: one test per decision of RULES.md section 2, properties, and replay."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.ai import skipbo_junior as ai
from bot.games import skipbo_junior as sb
from bot.games.base import IllegalAction, Status
from bot.records import parse_record, replay

W = sb.WILD


def deck_with(players: int, stocks: list[list[int]], draw: list[int], size: int | None = None) -> list[int]:
    """A full deck: each seat's stockpile (top card first), then the draw order, then the rest."""
    size = size or len(stocks[0])
    head = [c for s in stocks for c in s] + draw
    assert all(len(s) == size for s in stocks) and len(stocks) == players
    rest = Counter(sb.CARDS) - Counter(head)
    assert sum(rest.values()) + len(head) == sb.DECK_SIZE, "more of a card than the deck holds"
    return head + sorted(rest.elements(), reverse=True)


def game(stocks, draw, *, first=0, may_stop=False, reshuffles=None):
    players = len(stocks)
    options = sb.SkipBoJuniorOptions(stockpile=len(stocks[0]), may_stop=may_stop)
    deck = deck_with(players, stocks, draw)
    return sb.new_game(players, options, deck=deck, first_player=first, reshuffles=reshuffles)


def cards_everywhere(state: sb.SkipBoJuniorState) -> Counter:
    """Every card in the game, wherever it is (wilds keep 0 on piles)."""
    out = Counter()
    for s in state.stocks:
        out.update(s)
    out.update(state.draw)
    out.update(state.pool)
    for p in state.piles:
        out.update(p or [])
    for seat in state.slots:
        for stack in seat:
            out.update(stack)
    return out


def test_two_to_four_players_and_the_stockpile_size():
    for players in (1, 5):
        with pytest.raises(ValueError):
            sb.new_game(players, seed=1)
    for players in (2, 3, 4):
        state = sb.new_game(players, seed=1)
        assert [len(s) for s in state.stocks] == [10] * players
    assert [len(s) for s in sb.new_game(3, sb.SkipBoJuniorOptions(stockpile=20), seed=2).stocks] == [20] * 3
    for bad in (4, 21):
        with pytest.raises(ValidationError):
            sb.SkipBoJuniorOptions(stockpile=bad)


def fresh(slots: list[list[int]], *, may_stop: bool = False, stock0: list[int] | None = None):
    """Seat 0 to play, with these hand stacks (bottom first) and no building piles."""
    state = game([stock0 or [10] * 5, [9] * 5], [1, 1, 1], may_stop=may_stop)
    assert state.current == 0 and state.turn == 1
    state.slots[0] = [list(stack) for stack in slots]
    return state


def test_stockpiles_are_dealt_in_blocks_with_the_first_card_face_up():
    state = game([[10, 9, 8, 7, 6], [5, 4, 3, 2, 9]], [1, 1, 1])
    view = state.public_view()
    assert view.stock_tops == (10, 5)
    assert view.stock_counts == (5, 5)
    assert state.stocks[0] == [6, 7, 8, 9, 10]  # kept with the top card last
    assert view.draw_pile == sb.DECK_SIZE - 10 - 3
    assert state.slots[0] == [[1], [1], [1]] and state.slots[1] == [[], [], []]


def test_each_turn_deals_one_card_on_each_of_three_stacks_and_only_tops_play():
    # Seat 0 holds a 7 on top of the stockpile: nothing fits at first (no 1, no wild dealt).
    state = game([[7] * 5, [8] * 5], [2, 3, 4, 5, 6, 9, 1, 2, 3])
    # Seat 0 got 2, 3, 4 and could not play: the turn passed. Seat 1 got 5, 6, 9: no play either.
    # Seat 0 again: 1, 2, 3 go on top of 2, 3, 4.
    assert state.slots[0] == [[2, 1], [3, 2], [4, 3]]
    assert state.slots[1] == [[5], [6], [9]]
    assert state.current == 0 and state.turn == 3
    # The 1 on slot 1 fits a new pile; the 2 beneath it is not playable until the 1 is gone.
    assert {s for s, _ in state.plays(0)} == {1}
    state.play(0, 1, 1)
    assert state.pile_value(1) == 1
    assert state.slots[0][0] == [2]
    state.play(0, 1, 1)
    assert state.pile_value(1) == 2


def test_a_pile_starts_with_a_one_or_a_wild_and_takes_exactly_the_next_number():
    state = fresh([[5], [1, 1], [W]])
    before = copy.deepcopy(state.__dict__)
    with pytest.raises(IllegalAction, match="start it with a 1 or a wild"):
        state.play(0, 1, 1)  # a 5 cannot start a pile
    assert state.__dict__ == before
    state.play(0, 3, 2)  # the wild starts pile 2 as a 1
    assert state.pile_value(2) == 1
    state.play(0, 2, 3)  # a 1 starts pile 3
    with pytest.raises(IllegalAction, match="needs a 2"):
        state.play(0, 1, 2)  # a 5 on a 1


def test_a_wild_takes_the_value_the_pile_needs():
    state = fresh([[1], [W], [4, W]])
    state.play(0, 1, 1)
    state.play(0, 2, 1)
    assert state.pile_value(1) == 2
    state.play(0, 3, 1)
    assert state.pile_value(1) == 3
    assert state.piles[0] == [1, W, W]  # the wilds stay wilds underneath
    state.play(0, 3, 1)
    assert state.pile_value(1) == 4


def test_at_most_four_piles_and_a_full_pile_leaves_for_the_completed_pool():
    state = fresh([[2, 1, W], [1, W], [1]])
    state.play(0, 1, 1)  # wild
    state.play(0, 1, 2)  # 1
    state.play(0, 2, 3)  # wild
    state.play(0, 2, 4)  # 1
    assert state.slots[0] == [[2], [], [1]]
    assert all(state.pile_value(p) == 1 for p in range(1, 5))
    with pytest.raises(IllegalAction, match="needs a 2"):
        state.play(0, 3, 1)  # no fifth pile: every position is taken
    state.piles[0] = [1, 2, 3, 4, 5, 6, 7, 8]  # (test setup)
    state.slots[0] = [[9], [10], [1, 1]]
    state.play(0, 1, 1)
    state.play(0, 2, 1)
    assert state.piles[0] is None, "a pile that reaches 10 is removed at once"
    assert sorted(state.pool) == list(range(1, 11))
    state.play(0, 3, 1)  # the freed position takes a new pile
    assert state.pile_value(1) == 1


def test_playing_is_compulsory_and_the_turn_ends_by_itself():
    state = fresh([[1], [2], [7]])
    with pytest.raises(IllegalAction, match="must keep playing"):
        state.end_turn(0)
    state.play(0, 1, 1)
    assert state.current == 0
    state.play(0, 2, 1)
    # The 7 fits nowhere: the turn passed to seat 1 by itself and seat 1 was dealt its cards.
    assert state.turn >= 2
    assert state.slots[0][2][0] == 7
    assert all(stack for stack in state.slots[1])


def test_a_table_may_let_players_stop_early():
    state = fresh([[1], [2], [7]], may_stop=True)
    assert sb.EndTurn(player=0) in state.legal_actions(0)
    state.end_turn(0)
    assert state.turn >= 2
    assert [stack[0] for stack in state.slots[0]] == [1, 2, 7], "seat 0 kept its cards"
    assert state.action_dicts()[:1] == [{"player": 0, "type": "end_turn"}]


def test_the_last_stockpile_card_wins_at_once_even_mid_turn():
    state = game([[1, 2, 3, 4, 5], [9] * 5], [W, W, W])
    assert state.current == 0
    for _ in range(4):
        state.play(0, "stock", 1)
    assert state.status is Status.IN_PROGRESS
    state.play(0, "stock", 1)
    assert state.status is Status.WON and state.winner == 0
    assert state.result().standing()[0] == 0
    with pytest.raises(IllegalAction, match="over"):
        state.play(0, 1, 2)


def test_reshuffle_takes_the_completed_pool_only_when_a_card_must_be_dealt():
    state = fresh([[], [], []])
    # (test setup) an empty draw pile, one completed pile waiting, an unfinished pile at 4
    state.draw = [5]
    state.pool = [1, 2, 3, 4, W, 6, 7, 8, 9, 10]
    state.piles[1] = [1, 2, 3, 4]
    state.slots[0] = [[], [], []]
    state.slots[1] = [[], [], []]
    state.stocks[1] = [9]
    state.stocks[0] = [9]
    state._next_turn()
    # Seat 1: the 5 is dealt, then the pool becomes the new draw pile mid-deal.
    assert state.reshuffle_count == 1
    assert state.slots[1][0] == [5]
    assert state.piles[1] == [1, 2, 3, 4], "unfinished piles are never recycled"
    assert len(state.draw) == 8 and not state.pool
    order = sb.shuffled([W, 1, 2, 3, 4, 6, 7, 8, 9, 10], sb.derive_seed(0, 1))
    assert [state.slots[1][1][0], state.slots[1][2][0]] == order[:2]


def test_when_draw_pile_and_pool_are_empty_only_what_exists_is_dealt():
    state = fresh([[], [], []])
    state.draw = [4]
    state.pool = []
    state.slots[1] = [[], [], []]
    state._next_turn()
    assert state.slots[1] == [[4], [], []]
    assert not state.draw


def test_a_full_round_with_no_play_and_no_card_dealt_stalls_the_game():
    state = game([[9] * 5, [8] * 5, [7] * 5], [1, 1, 1])
    state.stocks[0].pop()  # seat 0 has 4 stockpile cards left, seats 1 and 2 have 5
    state.slots = [[[], [], []] for _ in range(3)]
    state.draw = []
    state.pool = []
    state.turn_played = state.turn_dealt = 0
    state._next_turn()
    assert state.status is Status.STALLED and state.winner is None
    # The tie-break shown is the fewest stockpile cards left.
    assert state.result().standing() == [0, 1, 2]
    assert state.turn == 3, "turns 1, 2 and 3 went by with no play and no card"


def test_the_hard_cap_of_500_turns():
    state = sb.new_game(2, seed=3)
    state.turn = sb.TURN_CAP
    state.turn_played = 1
    state._next_turn()
    assert state.status is Status.STALLED


def test_refusals_name_the_problem_and_change_nothing():
    state = fresh([[1], [5], []])
    before = copy.deepcopy(state.__dict__)
    for call, match in [
        (lambda: state.play(1, 1, 1), "turn"),
        (lambda: state.play(0, 4, 1), "no source"),
        (lambda: state.play(0, 1, 5), "no pile"),
        (lambda: state.play(0, "stock", 1), "does not fit"),
        (lambda: state.play(0, 3, 1), "slot 3 is empty"),
        (lambda: state.end_turn(0), "must keep playing"),
        (lambda: state.play(7, 1, 1), "no seat"),
    ]:
        with pytest.raises(IllegalAction, match=match):
            call()
        assert state.__dict__ == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4), stockpile=st.integers(5, 20))
def test_cards_are_conserved_and_every_game_ends(seed, players, stockpile):
    options = sb.SkipBoJuniorOptions(stockpile=stockpile, may_stop=seed % 2 == 0)
    state = sb.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        if state.current == 0:
            state.apply(ai.next_action(state, 0))
        else:
            state.apply(rng.choice(state.legal_actions(state.current)))
        assert cards_everywhere(state) == Counter(sb.CARDS)
        steps += 1
        assert steps < 20_000
    assert state.status in (Status.WON, Status.STALLED)
    if state.status is Status.WON:
        assert not state.stocks[state.winner]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4))
def test_a_record_replays_to_the_same_state_with_seed_or_explicit_reshuffles(seed, players):
    state = sb.new_game(players, seed=seed)
    while not state.is_over:
        ai.play_turn(state)
    expected = sb.replay_output(state)
    record = state.to_record()
    out, code = replay(parse_record(json.dumps(record)))
    assert code == 0 and {k: v for k, v in out.items() if k != "error"} == expected
    seeded = {"game": sb.NAME, "players": players, "seed": seed, "actions": record["actions"]}
    out, code = replay(parse_record(json.dumps(seeded)))
    assert code == 0 and out["winner"] == expected["winner"] and out["stock_left"] == expected["stock_left"]


def test_a_wrong_reshuffle_in_a_record_is_refused_with_the_state_before_it():
    options = sb.SkipBoJuniorOptions(stockpile=20)
    state = sb.new_game(4, options, seed=11)
    while not state.is_over and not state.reshuffle_count:
        ai.play_turn(state)
    assert state.reshuffle_count, "with 80 cards in stockpiles the draw pile runs out"
    record = sb.new_game(4, options, seed=11).to_record()
    full = state.to_record()
    record["actions"] = full["actions"]
    record["reshuffles"] = [[1] * len(full["reshuffles"][0])]
    out, code = replay(parse_record(json.dumps(record)))
    assert code == 1 and "reshuffle 1" in out["error"]["reason"]


def test_the_baseline_ai_beats_random_play():
    wins = Counter()
    for seed in range(60):
        state = sb.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.current == seed % 2:
                state.apply(ai.next_action(state, state.current))
            else:
                state.apply(rng.choice(state.legal_actions(state.current)))
        wins[state.winner == seed % 2] += 1
    assert wins[True] > 2 * wins[False]
