"""AI levels and seat views: an AI decides from what its seat may know, and the levels differ."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from collections import Counter
from enum import Enum

import pytest

from bot.ai import LEVELS
from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.catalog import GAMES
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games import thegame as tg
from bot.games.base import Status
from bot.simulate import game_seed, play_level_games, simulate_levels

# ---- no leak -------------------------------------------------------------------------------------


def redeal_thegame(state: tg.TheGameState, seat: int, rng: random.Random) -> None:
    """Shuffle every card the seat cannot see (other hands, the draw pile) back into their places."""
    others = [s for s in range(state.players) if s != seat]
    hidden = [c for s in others for c in state.hands[s]] + state.deck[state.next_draw :]
    rng.shuffle(hidden)
    for s in others:
        size = len(state.hands[s])
        state.hands[s], hidden = sorted(hidden[:size]), hidden[size:]
    state.deck[state.next_draw :] = hidden


def redeal_skipbo(state: sb.SkipBoJuniorState, seat: int, rng: random.Random) -> None:
    """Shuffle the stockpiles below their tops and the draw pile back into their places."""
    hidden = [c for stock in state.stocks for c in stock[:-1]] + state.draw
    rng.shuffle(hidden)
    for stock in state.stocks:
        size = len(stock) - 1
        if size > 0:
            stock[:-1], hidden = hidden[:size], hidden[size:]
    state.draw = hidden


def redeal_red_and_black(state: rb.RedAndBlackState, seat: int, rng: random.Random) -> None:
    """Shuffle the other hands and the stock back into their places."""
    others = [s for s in range(rb.PLAYERS) if s != seat]
    hidden = [c for s in others for c in state.hands[s]] + state.stock
    rng.shuffle(hidden)
    for s in others:
        size = len(state.hands[s])
        state.hands[s], hidden = hidden[:size], hidden[size:]
    state.stock = hidden


def peek_thegame(state: tg.TheGameState, seat: int) -> object:
    return state.deck[state.next_draw] if state.next_draw < tg.DECK_SIZE else None


def peek_skipbo(state: sb.SkipBoJuniorState, seat: int) -> object:
    return tuple(stock[-2] if len(stock) > 1 else None for stock in state.stocks)


def peek_red_and_black(state: rb.RedAndBlackState, seat: int) -> object:
    return state.stock[-1] if state.stock else None


REDEALS = {
    tg.NAME: (3, redeal_thegame, peek_thegame),
    sb.NAME: (3, redeal_skipbo, peek_skipbo),
    rb.NAME: (4, redeal_red_and_black, peek_red_and_black),
}
IMMUTABLE = (int, str, bool, float, Enum, type(None))


def immutable(value: object) -> bool:
    if isinstance(value, IMMUTABLE):
        return True
    if isinstance(value, tuple | frozenset):
        return all(immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen:  # type: ignore[union-attr]
        return all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


@pytest.mark.parametrize("game", list(REDEALS))
def test_re_dealing_the_hidden_cards_changes_no_view_and_no_decision(game):
    """At every decision the cards the seat cannot see are dealt again at random: its view and
    every level's decision stay the same, while a player that peeked at the next hidden card (the
    control) would have seen it change."""
    players, redeal, peek = REDEALS[game]
    spec = GAMES[game]
    rng = random.Random(5)
    peeked_changes = decisions = 0
    for index in range(2):
        state = spec.deal(players, spec.options(), game_seed(4, index), 0)
        steps = 0
        while not state.is_over and steps < 120:
            seat = state.current
            view = spec.view(state, seat)
            actions = {level: spec.ais[level](view) for level in LEVELS}
            peeked = peek(state, seat)
            redeal(state, seat, rng)
            again = spec.view(state, seat)
            assert again == view
            assert immutable(again)
            assert {level: spec.ais[level](again) for level in LEVELS} == actions
            peeked_changes += peek(state, seat) != peeked
            decisions += 1
            state.apply(actions["normal"])
            steps += 1
    assert decisions > 100 and peeked_changes > decisions // 2


@pytest.mark.parametrize(
    ("view_type", "hidden"),
    [
        (tg.SeatView, {"hands", "deck", "draw_order"}),
        (sb.SeatView, {"stocks", "draw", "stockpiles"}),
        (rb.SeatView, {"hands", "stock_order", "deck"}),
    ],
)
def test_a_seat_view_has_no_field_for_other_hands_or_the_draw_order(view_type, hidden):
    names = {f.name for f in dataclasses.fields(view_type)}
    assert view_type.__dataclass_params__.frozen
    assert not names & hidden
    assert "unseen" in names


def test_the_table_service_entry_point_decides_from_the_view_at_the_level_asked():
    spec = GAMES[sb.NAME]
    state = spec.deal(2, spec.options(), 3, 0)
    view = spec.view(state, state.current)
    assert spec.ai_action(state, state.current) == sb_ai.choose(view)  # the default is normal
    for level in LEVELS:
        assert spec.ai_action(state, state.current, level) == sb_ai.LEVELS[level](view)


# ---- Skip-Bo Junior ------------------------------------------------------------------------------


def skipbo_view(stacks: tuple, piles: tuple, stock_top: int, their_top: int) -> sb.SeatView:
    """Seat 0 to move in a game of two, with the unseen cards the rest of the deck."""
    seen = Counter([stock_top, their_top, *(c for s in stacks for c in s)])
    seen.update(range(1, (piles[0] or 0) + 1))
    unseen = Counter(sb.CARDS) - seen
    return sb.SeatView(
        seat=0,
        status=Status.IN_PROGRESS,
        current=0,
        piles=piles,
        stock_tops=(stock_top, their_top),
        stock_counts=(6, 9),
        slots=(stacks, ((9,), (9,), (9,))),
        draw_pile=40,
        completed=0,
        unseen=tuple(sorted(unseen.elements())),
        may_stop=False,
        turn=9,
    )


def test_hard_skipbo_junior_plans_the_turn_and_keeps_its_wild_for_the_next_stockpile_card():
    # A pile at 2, stockpile top 4; hand stacks: a wild and a 3. Both lead to the stockpile; normal
    # takes the first run it finds and lays the wild as the 3. Hard lays the 3, so that the wild is
    # still there to bridge the unknown card the stockpile shows next.
    view = skipbo_view(((sb.WILD,), (3,), ()), (2, None, None, None), stock_top=4, their_top=8)
    assert sb_ai.choose(view) == sb.Play(player=0, source=1, pile=1)
    assert sb_ai.choose_hard(view) == sb.Play(player=0, source=2, pile=1)


def test_hard_skipbo_junior_does_not_leave_the_next_seats_stockpile_top_playable():
    # The stockpile top is a wild; piles at 6 and 3; the next seat's stockpile top is an 8. Normal
    # lays the wild on the pile closest to done (6 -> 7), which leaves the 8 playable; hard starts
    # a new pile with it.
    view = skipbo_view(((), (), ()), (6, 3, None, None), stock_top=sb.WILD, their_top=8)
    assert sb_ai.choose(view) == sb.Play(player=0, source=sb.STOCK, pile=1)
    assert sb_ai.choose_hard(view) == sb.Play(player=0, source=sb.STOCK, pile=3)


def test_skipbo_junior_levels_differ_in_strength_over_seeded_games():
    hard = simulate_levels(sb.NAME, 2, ["hard", "normal"], 300, seed=8)
    assert hard.levels[0].level == "hard" and hard.levels[0].win_share > 0.55
    easy = simulate_levels(sb.NAME, 2, ["easy", "normal"], 300, seed=8)
    assert easy.levels[1].level == "normal" and easy.levels[1].win_share > 0.6


# ---- Red and Black -------------------------------------------------------------------------------


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(rb.code(c) for c in text.split()))


def rb_view(hand: str, history: tuple, discards: str, seat: int = 3) -> rb.SeatView:
    mine = cards(hand)
    pile = cards(discards)
    unseen = Counter(rb.CARDS) - Counter(mine) - Counter(pile)
    return rb.SeatView(
        seat=seat,
        status=Status.IN_PROGRESS,
        deal=0,
        dealer=0,
        current=seat,
        phase="discard",
        round=1,
        final_phase=False,
        hand=mine,
        taken=None,
        stock=8,
        discards=pile,
        hand_sizes=(14, 14, 14, 15),
        totals=(0, 0, 0, 0),
        turn=7,
        history=history,
        unseen=tuple(sorted(unseen.elements())),
    )


def test_hard_red_and_black_remembers_what_the_next_seat_has_taken():
    # Seat 3 must discard. The next seat (0) took a 2 and a 3 black from the discard pile; hard
    # remembers it and keeps its own spare 3 from them, discarding a spare 5 instead. Without that
    # memory the same judge discards the 3.
    hand = "1R 1R 2R 2R 3R 3R 5R 5R 8R 8R 3B 5B 6B 6B 8B"
    taken = (("take", 0, rb.code("2B")), ("take", 0, rb.code("3B")))
    history = (("discard", 3, rb.code("9R")), *taken, ("discard", 0, rb.code("7R")))
    view = rb_view(hand, history, "4R 9R 7R")
    assert rb_ai.known_hands(view)[0] == [rb.code("2B"), rb.code("3B")]
    assert rb_ai.choose_hard(view) == rb.Discard(player=3, card="5B")
    assert rb_ai.choose_hard(dataclasses.replace(view, history=())) == rb.Discard(player=3, card="3B")


def test_hard_red_and_black_counts_a_rank_whose_copies_are_gone_as_dead():
    # Two descending 9s lack only a 6: worth a lot while 6s are live, little once every other 6 is
    # in the discard pile or known in another hand.
    hand = "9R 9R 8R 8R 7R 7R 9B 9B 8B 8B 7B 7B 6B 1R"
    live = rb_view(hand, (), "2R")
    gone = rb_view(
        hand,
        (("take", 1, rb.code("6R")), ("take", 1, rb.code("6R")), ("take", 2, rb.code("6R"))),
        "2R 6R 6B 6B 6B",
    )
    have = tuple(sum(1 for c in cards(hand) if rb.rank(c) == r) for r in range(10))
    assert rb_ai._Judge(gone).live[6] == 0 < rb_ai._Judge(live).live[6]
    assert rb_ai._Judge(gone).value(have) < rb_ai._Judge(live).value(have) / 2


def test_red_and_black_hard_scores_more_points_per_deal_than_normal_over_seeded_games():
    summary = simulate_levels(rb.NAME, 4, ["hard", "normal"], 8, seed=3)
    hard, normal = summary.levels
    assert hard.level == "hard" and hard.points_per_deal > normal.points_per_deal


# ---- The Game ------------------------------------------------------------------------------------


def test_an_easy_table_of_the_game_leaves_more_cards_than_a_normal_one_on_the_same_deals():
    indexes = [3 * i for i in range(6)]
    easy = play_level_games(tg.NAME, 3, ["easy"], 2, indexes)
    normal = play_level_games(tg.NAME, 3, ["normal"], 2, indexes)
    assert sum(g[4] for g in easy) > sum(g[4] for g in normal) + 20


# ---- the command line ----------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True)


def test_simulate_with_levels_prints_each_levels_share_with_its_interval():
    done = run(
        "simulate", "--game", "skip-bo-junior", "--players", "3", "--ai", "hard,normal", "--games", "30"
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "AI hard, normal, hard" in done.stdout
    assert "hard: 2 seats, won" in done.stdout and "normal: 1 seat, won" in done.stdout
    assert "95 % interval" in done.stdout and "fair share 66.7 %" in done.stdout
    data = json.loads(
        run("simulate", "--game", "red-and-black", "--ai", "easy,hard", "--games", "2", "--json").stdout
    )
    assert [r["level"] for r in data["levels"]] == ["easy", "hard"]
    assert all(r["points_per_deal"] > 0 and len(r["win_share_ci95"]) == 2 for r in data["levels"])
    text = run("simulate", "--players", "2", "--ai", "easy,normal", "--games", "4").stdout
    assert "won together:" in text and "easy: 1 seat," in text and "cards laid per seat" in text


def test_a_level_that_does_not_exist_is_refused():
    done = run("simulate", "--ai", "hard,expert", "--games", "2")
    assert done.returncode == 2 and "choose levels from easy, normal, hard" in done.stderr
    done = run("play", "--ai", "brilliant")
    assert done.returncode == 2 and "--ai takes levels" in done.stderr


def test_play_names_the_level_of_each_ai_seat():
    done = run(
        "play",
        "--game",
        "skip-bo-junior",
        "--seats",
        "ai,ai",
        "--ai",
        "hard,easy",
        "--seed",
        "4",
        "--save",
        "-",
    )
    assert done.returncode == 0
    assert "AI 1 (hard)" in done.stderr and "AI 2 (easy)" in done.stderr
    assert json.loads(done.stdout)["game"] == "skip-bo-junior"
