"""One test per rule of The Game as RULES.md section 1 fixes it."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.games.base import IllegalAction, Status
from bot.games.thegame import (
    DECK_SIZE,
    EndTurn,
    Leave,
    Play,
    SetSignal,
    TheGameOptions,
    new_game,
)
from tests.thegame_helpers import game_with


def snapshot(state):
    return (
        list(state.piles),
        [sorted(h) for h in state.hands],
        state.draw_pile,
        state.current,
        state.played,
        state.status,
        dict(state.signals),
        list(state.left),
        state.turn,
    )


# ---- set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand"), [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_hand_size_by_player_count(players, hand):
    state = new_game(players, seed=7)
    assert [len(h) for h in state.hands] == [hand] * players
    assert state.draw_pile == DECK_SIZE - players * hand
    assert state.min_cards == 2


@pytest.mark.parametrize(("players", "hand"), [(1, 7), (2, 6), (3, 5), (5, 5)])
def test_smaller_hands_option(players, hand):
    state = new_game(players, TheGameOptions(smaller_hands=True), seed=7)
    assert [len(h) for h in state.hands] == [hand] * players


def test_expert_means_three_cards_and_min_cards_wins_over_it():
    assert new_game(3, TheGameOptions(expert=True), seed=1).min_cards == 3
    assert new_game(3, TheGameOptions(expert=True, min_cards=4), seed=1).min_cards == 4
    assert new_game(3, TheGameOptions(expert=True, min_cards=1), seed=1).min_cards == 1


def test_custom_hand_size_wins_over_smaller_hands():
    state = new_game(2, TheGameOptions(smaller_hands=True, hand_size=3), seed=1)
    assert [len(h) for h in state.hands] == [3, 3]


@pytest.mark.parametrize("bad", [{"hand_size": 0}, {"hand_size": 9}, {"min_cards": 0}, {"min_cards": 5}])
def test_options_out_of_range_are_refused(bad):
    with pytest.raises(ValidationError):
        TheGameOptions(**bad)


@pytest.mark.parametrize("players", [0, 6])
def test_player_count_outside_one_to_five_is_refused(players):
    with pytest.raises(ValueError):
        new_game(players, seed=1)


def test_hands_are_dealt_in_blocks_from_the_front():
    deck = list(range(99, 1, -1))
    state = new_game(2, TheGameOptions(hand_size=3), deck=deck)
    assert state.hands == [[97, 98, 99], [94, 95, 96]]
    assert state.piles == [1, 1, 100, 100]


def test_seed_gives_the_documented_order():
    # SplitMix64 + Fisher-Yates from the back, as docs/records.md defines it, step by step.
    from bot.games.shuffle import splitmix64

    for seed in (0, 1, 12345, 2**63, 2**64 - 1):
        expected = list(range(2, 100))
        stream = splitmix64(seed)
        for i in range(len(expected) - 1, 0, -1):
            j = next(stream) % (i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert new_game(1, seed=seed).deck == expected
    assert new_game(1, seed=0).deck != new_game(1, seed=1).deck


def test_splitmix_reference_values():
    from bot.games.shuffle import splitmix64

    stream = splitmix64(0)
    assert [next(stream) for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_derived_seeds_follow_the_documented_formula():
    # docs/records.md: derive_seed(S, n) is the first SplitMix64 value of S xor (n * C mod 2^64).
    from bot.games.shuffle import derive_seed, splitmix64

    assert derive_seed(0, 0) == 0xE220A8397B1DCDAF
    assert derive_seed(0, 1) == 0x2D0F28C7E7E786B2
    assert derive_seed(42, 1) == 0xC8DDBBBEAB9CBA1B
    for seed, n in [(7, 3), (2**64 - 1, 8)]:
        assert derive_seed(seed, n) == next(splitmix64(seed ^ ((n * 0xD1B54A32D192ED03) % 2**64)))


# ---- laying cards -----------------------------------------------------------------------------


def test_ascending_pile_takes_higher_cards_only():
    state = game_with([[30, 20, 25, 90, 91, 92]], min_cards=1)
    state.play(0, 30, 1)
    with pytest.raises(IllegalAction, match="may not go on pile 1"):
        state.play(0, 25, 1)
    state.play(0, 90, 1)
    assert state.piles[0] == 90


def test_descending_pile_takes_lower_cards_only():
    state = game_with([[70, 85, 60, 5, 6, 7]], min_cards=1)
    state.play(0, 70, 3)
    with pytest.raises(IllegalAction, match="may not go on pile 3"):
        state.play(0, 85, 3)
    state.play(0, 60, 3)
    assert state.piles[2] == 60


def test_backwards_trick_on_ascending_pile():
    state = game_with([[47, 37, 50, 60, 70, 80]], min_cards=1)
    state.play(0, 47, 2)
    state.play(0, 37, 2)
    assert state.piles[1] == 37


def test_backwards_trick_on_descending_pile():
    state = game_with([[65, 75, 2, 3, 4, 5]], min_cards=1)
    state.play(0, 65, 4)
    state.play(0, 75, 4)
    assert state.piles[3] == 75


def test_backwards_trick_chained_on_any_pile():
    state = game_with([[47, 37, 27, 60, 70, 80, 50, 40]], min_cards=1)
    for card in (47, 37, 27):
        state.play(0, card, 1)
    assert state.piles[0] == 27
    for card in (60, 70, 80):
        state.play(0, card, 3)
    assert state.piles[2] == 80
    state.play(0, 50, 4)
    state.play(0, 40, 4)
    assert state.piles[3] == 40


def test_exactly_ten_works_and_eleven_does_not():
    state = game_with([[48, 37, 38, 70, 81, 80]], min_cards=1)
    state.play(0, 48, 1)
    with pytest.raises(IllegalAction, match="ascending, top 48"):
        state.play(0, 37, 1)  # 11 below
    state.play(0, 38, 1)  # exactly 10 below
    state.play(0, 70, 3)
    with pytest.raises(IllegalAction, match="descending, top 70"):
        state.play(0, 81, 3)  # 11 above
    state.play(0, 80, 3)  # exactly 10 above
    assert state.piles == [38, 1, 80, 100]


def test_eleven_above_on_descending_pile_is_refused():
    state = game_with([[50, 61, 60, 2, 3, 4]], min_cards=1)
    state.play(0, 50, 3)
    with pytest.raises(IllegalAction, match="descending, top 50"):
        state.play(0, 61, 3)
    state.play(0, 60, 3)
    assert state.piles[2] == 60


# ---- turns --------------------------------------------------------------------------------------


def test_turn_needs_the_minimum_then_draws_back_to_hand_size():
    state = game_with([[10, 11, 12], [90, 91, 92]], draw=[50, 51])
    state.play(0, 10, 1)
    with pytest.raises(IllegalAction, match="lay at least 2 cards"):
        state.end_turn(0)
    state.play(0, 11, 1)
    state.end_turn(0)
    assert sorted(state.hands[0]) == [12, 50, 51]
    assert state.current == 1 and state.played == 0 and state.turn == 2


def test_more_cards_than_the_minimum_may_be_laid():
    state = game_with([[10, 11, 12, 13], [90, 91, 92, 93]])
    for card in (10, 11, 12, 13):
        state.play(0, card, 1)
    assert state.hands[0] == []
    state.end_turn(0)
    assert len(state.hands[0]) == 4


def test_turns_pass_clockwise_from_the_first_player():
    state = game_with([[10, 11], [20, 21], [30, 31]], first_player=2)
    assert state.current == 2
    state.play(2, 30, 1)
    state.play(2, 31, 1)
    state.end_turn(2)
    assert state.current == 0


def test_draw_pile_running_out_during_the_draw():
    # One player, hand 8, cards in ascending order: each turn lays the whole hand on pile 1.
    state = new_game(1, deck=list(range(2, 100)))
    for _ in range(11):
        for card in sorted(state.hands[0]):
            state.play(0, card, 1)
        state.end_turn(0)
    assert state.draw_pile == 2 and state.min_cards == 2
    for card in sorted(state.hands[0]):
        state.play(0, card, 1)
    state.end_turn(0)  # wants 8, only 2 are left
    assert sorted(state.hands[0]) == [98, 99]
    assert state.draw_pile == 0
    assert state.status is Status.IN_PROGRESS


def test_minimum_falls_to_one_once_the_draw_pile_is_empty():
    state = new_game(1, TheGameOptions(expert=True), deck=list(range(2, 100)))
    assert state.min_cards == 3
    while state.draw_pile:
        for card in sorted(state.hands[0]):
            state.play(0, card, 1)
        state.end_turn(0)
    assert state.min_cards == 1
    state.play(0, 98, 1)
    state.end_turn(0)  # one card is enough now
    assert state.status is Status.IN_PROGRESS and state.hands[0] == [99]


def test_empty_hands_are_skipped_and_the_turn_comes_back_to_the_same_player():
    # Two players, hands of 2, ascending deck: each turn lays both cards on pile 1.
    state = new_game(2, TheGameOptions(hand_size=2, min_cards=1), deck=list(range(2, 100)))
    while state.draw_pile:
        seat = state.current
        for card in sorted(state.hands[seat]):
            state.play(seat, card, 1)
        state.end_turn(seat)
    assert sorted(state.hands[0]) == [98, 99] and sorted(state.hands[1]) == [96, 97]
    assert state.current == 1
    state.play(1, 96, 1)
    state.play(1, 97, 1)
    state.end_turn(1)
    assert state.current == 0
    state.play(0, 98, 1)
    turn = state.turn
    state.end_turn(0)
    assert state.current == 0 and state.turn == turn + 1  # seat 1 is empty: skipped
    state.play(0, 99, 1)
    assert state.status is Status.WON


def test_one_player_game_plays_turn_after_turn():
    state = new_game(1, deck=list(range(2, 100)))
    assert sorted(state.hands[0]) == list(range(2, 10))
    state.play(0, 2, 1)
    state.play(0, 3, 1)
    state.end_turn(0)
    assert state.current == 0 and state.turn == 2
    assert sorted(state.hands[0]) == [4, 5, 6, 7, 8, 9, 10, 11]


def test_complete_won_game():
    state = new_game(1, deck=list(range(2, 100)))
    while not state.is_over:
        for card in sorted(state.hands[0]):
            state.play(0, card, 1)
        if not state.is_over:
            state.end_turn(0)
    assert state.status is Status.WON
    assert state.cards_left == 0
    assert state.piles == [99, 1, 100, 100]
    result = state.result()
    assert result.excellent and result.laid_by == (98,) and result.turns == 13
    with pytest.raises(IllegalAction, match="game is over"):
        state.end_turn(0)


# ---- losing -----------------------------------------------------------------------------------


def test_loss_at_the_start_of_a_turn():
    # Seat 0 pushes both ascending piles high and both descending piles low.
    state = game_with([[98, 97, 4, 3], [50, 51, 52, 53]], draw=[60, 61, 62, 63])
    state.play(0, 98, 1)
    state.play(0, 97, 2)
    state.play(0, 4, 3)
    state.play(0, 3, 4)
    assert state.status is Status.IN_PROGRESS
    state.end_turn(0)
    assert state.status is Status.LOST
    assert state.current == 1 and state.played == 0
    assert state.cards_left == 94


def test_loss_after_a_first_play():
    state = game_with([[98, 97, 4, 3], [99, 50, 51, 52]], draw=[60, 61, 62, 63])
    for card, pile in ((98, 1), (97, 2), (4, 3), (3, 4)):
        state.play(0, card, pile)
    state.end_turn(0)
    assert state.status is Status.IN_PROGRESS  # seat 1 can lay its 99
    state.play(1, 99, 1)
    assert state.status is Status.LOST  # one laid of two, and nothing else fits
    assert state.cards_left == 93


def test_a_player_who_laid_the_minimum_and_has_no_play_has_not_lost():
    state = game_with([[96, 95, 4, 3], [99, 97, 50, 51]], draw=[60, 61, 62, 63])
    for card, pile in ((96, 1), (95, 2), (4, 3), (3, 4)):
        state.play(0, card, pile)
    state.end_turn(0)
    state.play(1, 99, 1)
    state.play(1, 97, 2)
    assert state.status is Status.IN_PROGRESS
    assert state.playable(1) == [] and state.can_end_turn(1)
    state.end_turn(1)
    # Seat 0 drew 60..63, which fit nowhere: the loss comes at the start of its turn.
    assert state.status is Status.LOST and state.current == 0


def test_end_turn_before_the_minimum_is_refused_and_changes_nothing():
    state = game_with([[10, 11, 12], [90, 91, 92]])
    state.play(0, 10, 1)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="at least 2"):
        state.end_turn(0)
    assert snapshot(state) == before


# ---- illegal actions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Play(player=1, card=90, pile=3), "it is player 0's turn"),
        (Play(player=0, card=90, pile=3), "not in player 0's hand"),
        (Play(player=0, card=10, pile=5), "no pile 5"),
        (Play(player=0, card=10, pile=0), "no pile 0"),
        (Play(player=7, card=10, pile=1), "no seat 7"),
        (EndTurn(player=0), "at least 2"),
        (EndTurn(player=1), "it is player 0's turn"),
        (SetSignal(player=0, pile=9, signal="dont_play"), "no pile 9"),
        (SetSignal(player=3, pile=1, signal="dont_play"), "no seat 3"),
        (Leave(player=2), "no seat 2"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(action, reason):
    state = game_with([[10, 11, 12], [90, 91, 92]])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert snapshot(state) == before


def test_card_that_does_not_fit_is_refused():
    state = game_with([[50, 40, 12], [90, 91, 92]])
    state.play(0, 50, 1)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="may not go on pile 1"):
        state.play(0, 12, 1)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "action",
    [
        Play(player=0, card=11, pile=1),
        EndTurn(player=0),
        SetSignal(player=1, pile=1, signal="good_card"),
        SetSignal(player=1, pile=1, signal="clear"),
        Leave(player=1),
    ],
)
def test_nothing_is_accepted_after_the_game_is_over(action):
    state = game_with([[10, 11, 12], [90, 91, 92]])
    state.abandon()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(action)
    with pytest.raises(IllegalAction, match="game is over"):
        state.abandon()


# ---- signals ------------------------------------------------------------------------------------


def test_signals_are_set_replaced_and_cleared_by_their_owner():
    state = game_with([[10, 11, 12], [90, 91, 92]])
    state.signal(1, 3, "dont_play")
    state.signal(0, 3, "good_card")
    state.signal(1, 3, "good_card")
    assert [(s.pile, s.player, s.signal) for s in state.signal_views()] == [
        (3, 0, "good_card"),
        (3, 1, "good_card"),
    ]
    state.signal(1, 3, "clear")
    state.signal(1, 2, "clear")  # clearing nothing is harmless
    assert [(s.pile, s.player) for s in state.signal_views()] == [(3, 0)]


def test_signal_lasts_until_its_setter_ends_a_turn_that_began_after_it():
    state = game_with([[10, 11, 12, 13], [90, 91, 92, 93]])
    state.signal(0, 1, "good_card")  # set during seat 0's own turn 1
    state.signal(1, 4, "dont_play")  # set by seat 1 during seat 0's turn
    state.play(0, 10, 1)
    state.play(0, 11, 1)
    state.end_turn(0)  # turn 1 began before seat 0's signal: it stays
    assert {(s.pile, s.player) for s in state.signal_views()} == {(1, 0), (4, 1)}
    state.play(1, 93, 3)
    state.play(1, 92, 3)
    state.end_turn(1)  # seat 1's turn 2 began after its signal: cleared
    assert {(s.pile, s.player) for s in state.signal_views()} == {(1, 0)}
    state.play(0, 12, 1)
    state.play(0, 13, 1)
    state.end_turn(0)  # now seat 0 ends a turn that began after its signal
    assert state.signal_views() == ()


def test_signals_change_no_rule_state():
    state = game_with([[10, 11, 12], [90, 91, 92]])
    state.signal(1, 1, "dont_play")
    state.play(0, 10, 1)
    assert state.piles[0] == 10


# ---- leaving and abandoning -------------------------------------------------------------------


def test_a_seat_leaving_on_its_turn_passes_the_turn_without_a_draw():
    state = game_with([[10, 11, 12], [90, 91, 92], [40, 41, 42]])
    state.play(0, 10, 1)
    draw = state.draw_pile
    state.leave(0)
    assert state.current == 1 and state.played == 0
    assert state.draw_pile == draw
    assert sorted(state.hands[0]) == [11, 12]  # out of play, still not laid
    assert state.cards_left == 97
    with pytest.raises(IllegalAction, match="has left"):
        state.signal(0, 1, "good_card")
    with pytest.raises(IllegalAction, match="has left"):
        state.leave(0)


def test_a_seat_leaving_out_of_turn_is_skipped_afterwards():
    state = game_with([[10, 11, 12], [90, 91, 92], [40, 41, 42]])
    state.leave(1)
    assert state.current == 0
    state.play(0, 10, 1)
    state.play(0, 11, 1)
    state.end_turn(0)
    assert state.current == 2


def test_when_the_last_seat_leaves_the_game_is_lost():
    state = game_with([[10, 11, 12], [90, 91, 92]])
    state.leave(1)
    state.leave(0)
    assert state.status is Status.LOST
    assert state.cards_left == 98


def test_abandon_scores_cards_not_laid():
    state = game_with([[10, 11, 12], [90, 91, 92]])
    state.play(0, 10, 1)
    state.abandon()
    assert state.status is Status.ABANDONED
    assert state.cards_left == 97
