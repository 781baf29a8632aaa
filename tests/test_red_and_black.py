"""Red and Black: one test per decision of RULES.md section 3, scoring vectors, properties, replay."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import red_and_black as ai
from bot.games import red_and_black as rb
from bot.games.base import IllegalAction, Status
from bot.records import parse_record, replay


def cards(text: str) -> list[int]:
    return [rb.code(c) for c in text.split()]


def deal_deck(hands: dict[int, str], discard: str, stock: str, dealer: int = 0) -> list[int]:
    """A 72-card order that deals ``hands`` (seat -> 14 cards), then the discard, then the stock.

    Seats not given get whatever is left. Cards go one at a time from the dealer's left.
    """
    wanted = {seat: cards(h) for seat, h in hands.items()}
    head = cards(discard) + cards(stock)
    used = Counter(c for h in wanted.values() for c in h) + Counter(head)
    rest = sorted((Counter(rb.CARDS) - used).elements())
    assert sum(used.values()) + len(rest) == 72, "more of a card than the pack holds"
    full = {}
    for seat in range(4):
        full[seat] = wanted.get(seat) or [rest.pop() for _ in range(14)]
        assert len(full[seat]) == 14
    stock_cards = cards(stock) + rest  # the stock is 15 cards: the given ones first, then the rest
    order = [full[(dealer + 1 + i) % 4][i // 4] for i in range(56)]
    order += cards(discard) + stock_cards
    assert len(order) == 72 and sorted(order) == list(rb.CARDS)
    return order


def game_with(hands, discard, stock, *, to_300=False, extra_decks=7, first_dealer=0):
    first = deal_deck(hands, discard, stock, first_dealer)
    others = [rb.shuffled(rb.CARDS, 100 + k) for k in range(extra_decks)]
    return rb.new_game(
        rb.RedAndBlackOptions(to_300=to_300), decks=[first, *others], first_dealer=first_dealer
    )


TWO_SEQ = "4R 5R 6R 7R 6B 5B 4B 8R 7B 6R 5B 6B 7R 8B"  # 4-5-6-7-6-5-4 and 8-7-6-5-6-7-8, mixed


# ---- sequences and scores ----------------------------------------------------------------


def test_matched_sequences_are_the_twelve_kinds_without_wrap_around():
    labels = {k.label() for k in rb.KINDS}
    assert "1-2-3-4-3-2-1" in labels and "6-7-8-9-8-7-6" in labels
    assert "9-8-7-6-7-8-9" in labels and "4-3-2-1-2-3-4" in labels
    assert len(rb.KINDS) == 12
    assert not any(k.label().startswith(("7-8-9", "3-2-1-")) for k in rb.KINDS if k.ascending)
    assert not rb.splits(cards("8R 9R 1R 2R 1B 9B 8B 5R 6R 7R 8R 7B 6B 5B")), "no wrap from 9 to 1"


@pytest.mark.parametrize(
    ("hand", "round_", "score"),
    [
        ("7R 6R 5R 4R 5R 6R 7R 7B 6B 5B 4B 5B 6B 7B", 1, 189),  # RULES.md's corrected example
        (TWO_SEQ, 2, 78),
        ("2B 3B 4B 5B 4B 3B 2B 4B 5B 6B 7B 6B 5B 4B", 2, 37),
        ("9R 8R 7R 6R 7R 8R 9R 9R 8R 7R 6R 7R 8R 9R", 1, 243),  # the highest score
        ("1R 2R 3R 4R 3B 2B 1B 2R 3R 4R 5B 4B 3B 2B", 2, 21),  # the lowest winning score
    ],
)
def test_winner_scores(hand, round_, score):
    assert rb.winner_score(cards(hand), round_)[0] == score


@pytest.mark.parametrize(
    ("hand", "score"),
    [
        ("3R 4B 5R 6R 5B 4R 3R 1R 9B 9R 7B 8R 1B 1B", 11),  # one ascending, mixed
        ("5R 4R 3R 2R 3R 4R 5R 1R 9B 9R 7B 8R 8B 1B", 40),  # one descending, one colour
        ("1R 1B 2R 5B 9R 9B 3R 7B 7R 2B 5R 8B 4R 6R", 0),  # nothing
    ],
)
def test_scores_of_the_others(hand, score):
    assert rb.other_score(cards(hand))[0] == score


def test_the_others_count_their_best_two_disjoint_sequences_and_no_card_twice():
    # 4-5-6-7-6-5-4 red and 8-7-6-5-6-7-8 black: (10 + 8 + 10 + 16) x 2 = 88.
    hand = "4R 5R 6R 7R 6R 5R 4R 8B 7B 6B 5B 6B 7B 8B"
    assert rb.other_score(cards(hand))[0] == 88
    # Two 6s only: 4-5-6-7-6-5-4 and 8-7-6-5-6-7-8 cannot both have them. The best single one is
    # 8-7-6-5-6-7-8 mixed, (5 + 16) x 2 = 42; counting the 6s twice would give 78.
    assert rb.other_score(cards("4R 5R 6R 7R 6R 5R 4R 8B 7B 1B 5B 2B 7B 8B"))[0] == 42


def test_fourteen_cards_split_into_two_sequences_in_at_most_one_way():
    # RULES.md says the highest-scoring split counts; with these twelve kinds no two pairs use the
    # same ranks, and a winner scores no per-sequence colour, so the split is never in doubt.
    assert all(len(pairs) == 1 for pairs in rb._pairs_by_counts().values())
    hand = cards("3R 4R 5R 6R 5B 4B 3B 6R 5R 4R 3R 4B 5B 6B")
    ((a, b),) = rb.splits(hand)
    assert {a.label(), b.label()} == {"3-4-5-6-5-4-3", "6-5-4-3-4-5-6"}
    assert rb.winner_score(hand, 1) == ((25 + 6 + 12) * 2, (a, b))


# ---- a deal ---------------------------------------------------------------------------------


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left_and_the_dealer_rotates():
    order = rb.shuffled(rb.CARDS, 9)
    state = rb.new_game(decks=[order] * 8, first_dealer=2)
    assert state.dealer == 2 and state.current == 3
    assert sorted(state.hands[3]) == sorted(order[0:56:4])
    assert sorted(state.hands[0]) == sorted(order[1:56:4])
    assert state.discards == [order[56]]
    assert len(state.stock) == 15 and state.stock[-1] == order[57]
    state.draw(3, "stock")
    assert state.hands[3][-1] == order[57]


def test_a_turn_is_a_draw_then_a_discard_and_the_taken_discard_may_not_go_back():
    state = game_with({1: TWO_SEQ}, "1R", "")
    assert state.current == 1
    before = copy.deepcopy(state.__dict__)
    with pytest.raises(IllegalAction, match="draw a card first"):
        state.discard(1, rb.code("4R"))
    with pytest.raises(IllegalAction, match="turn"):
        state.draw(2, "stock")
    assert state.__dict__ == before
    state.draw(1, "discard")
    with pytest.raises(IllegalAction, match="just taken from the discard pile"):
        state.discard(1, rb.code("1R"))
    with pytest.raises(IllegalAction, match="now discard"):
        state.draw(1, "stock")
    state.discard(1, rb.code("4R"))
    assert state.current == 2 and state.discards[-1] == rb.code("4R")


def test_declaring_is_offered_when_legal_and_scores_the_shown_fourteen():
    hand = TWO_SEQ.replace("8B", "1B")  # one card short of winning
    state = game_with({1: hand}, "8B", "")
    view = state.private_view(1)
    assert view.can_take_discard and not view.declarable
    state.draw(1, "discard")
    # Winning with the card taken from the discard pile is allowed; the 1B goes.
    assert state.private_view(1).declarable == ("1B",)
    with pytest.raises(IllegalAction, match="do not form two matched sequences"):
        state.declare(1, rb.code("4R"))
    state.declare(1, rb.code("1B"))
    first = state.deals[0]
    assert first.winner == 1 and first.round == 1 and first.reason == "declared"
    assert first.scores[1] == (25 + 8 + 16) * 2
    assert state.deal_index == 1 and state.dealer == 1 and state.current == 2, "the next deal began"


def test_the_first_stock_out_turns_the_discards_over_without_shuffling():
    state = game_with({}, "1R", "")
    oldest = state.discards[0]
    discarded = []
    for turn in range(15):
        seat = state.current
        state.draw(seat, "stock")
        card = min(state.hands[seat])
        state.discard(seat, card)
        discarded.append(card)
        if turn < 14:
            assert state.round == 1
    assert state.round == 2
    assert len(state.stock) == 15
    # The oldest discard is the new top of the stock; the drawer's discard starts the new pile.
    assert state.stock[-1] == oldest
    assert state.stock[::-1] == [oldest, *discarded[:-1]]
    assert state.discards == [discarded[-1]]


def test_a_win_on_the_last_stock_card_of_round_one_still_counts_as_round_one():
    hand = TWO_SEQ.replace("8B", "1B")
    stock = "1B 1B 1B 2B 2B 2B 2B 3R 3R 1R 1R 9B 9B 9B 8B"  # the 15th card is the 8B seat 3 needs
    state = game_with({3: hand}, "1R", stock)
    # Seat 1 starts (left of dealer 0); everyone throws back what they draw; seat 3 draws the 15th.
    for _ in range(14):
        seat = state.current
        state.draw(seat, "stock")
        state.discard(seat, state.hands[seat][-1])
    assert state.current == 3 and len(state.stock) == 1
    state.draw(3, "stock")
    assert not state.stock
    state.declare(3, rb.code("1B"))
    assert state.deals[0].round == 1 and state.deals[0].scores[3] == (25 + 8 + 16) * 2


def _play_until_final(state: rb.RedAndBlackState) -> int:
    """Draw from the stock and throw the card back until the second stock runs out."""
    while not state.final_phase:
        seat = state.current
        state.draw(seat, "stock")
        state.discard(seat, state.hands[seat][-1])
        assert state.deal_index == 0, "nobody may win here"
    return state.last_drawer


def test_the_second_stock_out_lets_each_player_take_the_discard_or_end_the_play():
    state = game_with({}, "1R", "")
    last = _play_until_final(state)
    assert state.round == 2 and not state.stock
    nxt = (last + 1) % 4
    assert state.current == nxt
    assert rb.EndPlay(player=nxt) in state.legal_actions(nxt)
    with pytest.raises(IllegalAction, match="stock is used up"):
        state.draw(nxt, "stock")
    # Everyone takes the discard in turn; the play ends when it would come back to the last drawer.
    for _ in range(3):
        seat = state.current
        state.draw(seat, "discard")
        state.discard(seat, next(c for c in state.hands[seat] if c != state.taken))
    assert state.deal_index == 1 and state.deals[0].reason == "stock" and state.deals[0].winner is None


def test_a_player_may_end_the_play_in_the_final_phase_only():
    state = game_with({}, "1R", "")
    with pytest.raises(IllegalAction, match="only after the stock has run out twice"):
        state.end_play(state.current)
    _play_until_final(state)
    state.end_play(state.current)
    assert state.deals[0].reason == "ended" and state.deals[0].winner is None


def test_a_deal_that_reaches_200_turns_ends_with_no_winner():
    state = game_with({}, "1R", "")
    for _ in range(rb.TURN_CAP):
        seat = state.current
        state.draw(seat, "discard")
        state.discard(seat, next(c for c in state.hands[seat] if c != state.taken))
    assert state.deals[0].reason == "cap" and state.deals[0].winner is None
    assert state.deal_index == 1


def test_eight_deals_make_a_game_and_ties_share_the_win():
    state = rb.new_game(seed=4)
    while not state.is_over:
        ai.play_turn(state)
    assert state.status is Status.FINISHED and len(state.deals) == rb.DEALS
    # The last board reads "deal 8 of 8" (it read "deal 9 of 8").
    assert state.public_view().deal == rb.DEALS
    assert [sum(d.scores[s] for d in state.deals) for s in range(4)] == list(state.totals)
    result = state.result()
    assert result.winners == tuple(s for s in range(4) if state.totals[s] == max(state.totals))
    state.totals = [50, 80, 80, 10]
    assert state.result().winners == (1, 2)
    assert state.result().standing()[:2] == [1, 2]
    with pytest.raises(IllegalAction, match="over"):
        state.draw(state.current, "stock")


def test_a_game_ended_in_the_middle_of_a_deal_shows_the_deal_it_was_in():
    state = rb.new_game(seed=4)
    while len(state.deals) < 3:
        ai.play_turn(state)
    ai.play_turn(state)
    state.abandon()
    assert state.is_over and state.public_view().deal == 4


def test_first_to_300_plays_deals_until_a_total_reaches_300():
    state = rb.new_game(rb.RedAndBlackOptions(to_300=True), seed=8)
    while not state.is_over:
        ai.play_turn(state)
    assert max(state.totals) >= rb.TARGET or len(state.deals) == rb.MAX_DEALS_TO_TARGET
    before_last = [sum(d.scores[s] for d in state.deals[:-1]) for s in range(4)]
    assert max(before_last) < rb.TARGET, "the game stopped at the first deal that reached 300"


def test_bad_cards_and_seats_are_refused_with_nothing_changed():
    state = game_with({1: TWO_SEQ}, "1R", "")
    state.draw(1, "stock")
    before = copy.deepcopy(state.__dict__)
    for action, match in [
        (rb.Discard(player=1, card="0R"), "not a card"),
        (rb.Discard(player=1, card="3B"), "not in player 1's hand"),
        (rb.Declare(player=1, card="4R"), "do not form"),
        (rb.Draw(player=7, source="stock"), "no seat"),
    ]:
        with pytest.raises(IllegalAction, match=match):
            state.apply(action)
        assert state.__dict__ == before


def test_records_with_decks_stop_where_no_order_is_given():
    deck = rb.shuffled(rb.CARDS, 1)
    state = rb.new_game(decks=[deck])
    while state.deal_index == 0:
        ai.play_turn(state)
    assert state.phase == "waiting" and not state.is_over
    with pytest.raises(IllegalAction, match="no card order for deal 2"):
        state.draw(state.current, "stock")


# ---- properties and records -----------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3))
def test_cards_are_conserved_and_every_game_ends(seed, dealer):
    state = rb.new_game(seed=seed, first_dealer=dealer)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        seat = state.current
        if seat % 2:
            state.apply(ai.next_action(state, seat))
        else:
            state.apply(rng.choice(state.legal_actions(seat)))
        if state.phase != "waiting":
            everywhere = Counter(state.stock) + Counter(state.discards)
            for hand in state.hands:
                everywhere.update(hand)
            assert everywhere == Counter(rb.CARDS)
        steps += 1
        assert steps < 8 * 2 * rb.TURN_CAP + 100
    assert len(state.deals) == rb.DEALS


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_a_record_replays_to_the_same_scores(seed):
    state = rb.new_game(seed=seed)
    while not state.is_over:
        ai.play_turn(state)
    expected = rb.replay_output(state)
    out, code = replay(parse_record(json.dumps(state.to_record())))
    assert code == 0 and {k: v for k, v in out.items() if k != "error"} == expected
    decks = [[rb.name(c) for c in rb.deal_order(seed, k)] for k in range(rb.DEALS)]
    explicit = {"game": rb.NAME, "decks": decks, "actions": state.action_dicts()}
    out, code = replay(parse_record(json.dumps(explicit)))
    assert code == 0 and out["totals"] == expected["totals"] and out["deals"] == expected["deals"]


def test_the_baseline_ai_outscores_random_play():
    totals = [0, 0]
    for seed in range(3):
        state = rb.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current
            if seat in (0, 2):
                state.apply(ai.next_action(state, seat))
            else:
                state.apply(rng.choice(state.legal_actions(seat)))
        totals[0] += state.totals[0] + state.totals[2]
        totals[1] += state.totals[1] + state.totals[3]
    assert totals[0] > 2 * totals[1]


def test_the_closest_pair_of_sequences_and_what_each_misses():
    (a, miss_a), (b, miss_b) = rb.closest_pair([1, 1, 2, 9, 9, 8, 3, 4, 5, 6, 2, 8, 7, 7])
    assert {(a.label(), miss_a), (b.label(), miss_b)} == {("1-2-3-4-3-2-1", (3,)), ("9-8-7-6-7-8-9", ())}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([(x, y) for x in rb.KINDS for y in rb.KINDS]), st.permutations(range(14)))
def test_a_hand_that_can_declare_is_shown_two_complete_sequences(pair, order):
    ranks = [*pair[0].ranks, *pair[1].ranks]
    ranks = [ranks[i] for i in order]
    if max(ranks.count(r) for r in ranks) > 8:
        return  # eight cards of a rank at most
    (_, first), (_, second) = rb.closest_pair(ranks)
    assert first == () and second == ()
