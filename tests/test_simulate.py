"""The simulator: deterministic per seed whatever the number of workers, honest intervals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.ai.baseline import play_turn
from bot.catalog import GAMES
from bot.games.base import Status
from bot.games.thegame import new_game
from bot.simulate import game_seed, simulate, simulate_game, wilson


def test_the_result_does_not_depend_on_the_number_of_workers():
    one = simulate(players=3, games=600, seed=42, jobs=1, ai="baseline")
    two = simulate(players=3, games=600, seed=42, jobs=2, ai="baseline")
    assert (one.wins, one.mean_cards_left, one.share_under_10) == (
        two.wins,
        two.mean_cards_left,
        two.share_under_10,
    )
    other = simulate(players=3, games=600, seed=43, jobs=1, ai="baseline")
    assert other.mean_cards_left != one.mean_cards_left


def test_the_summary_matches_games_played_by_hand():
    left = []
    for index in range(40):
        state = new_game(2, seed=game_seed(7, index))
        while not state.is_over:
            play_turn(state)
        result = state.result()
        left.append(0 if result.status is Status.WON else result.cards_left)
    summary = simulate(players=2, games=40, seed=7, ai="baseline")
    assert summary.wins == left.count(0)
    assert summary.mean_cards_left == pytest.approx(sum(left) / 40)
    assert summary.share_under_10 == pytest.approx(sum(x < 10 for x in left) / 40)
    low, high = summary.win_rate_ci95
    assert low <= summary.win_rate <= high


def test_wilson_interval():
    low, high = wilson(10, 100)
    assert (round(low, 4), round(high, 4)) == (0.0552, 0.1744)
    assert wilson(0, 50)[0] == 0.0 and 0 < wilson(0, 50)[1] < 0.08
    assert wilson(50, 50)[1] == 1.0


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", "simulate", *args], capture_output=True, text=True)


def test_the_command_prints_one_json_object_and_no_progress_bar_off_a_terminal():
    done = run("--players", "2", "--games", "40", "--seed", "5", "--json")
    assert done.returncode == 0 and done.stderr == ""
    data = json.loads(done.stdout)
    assert {
        "games",
        "players",
        "wins",
        "win_rate",
        "win_rate_ci95",
        "mean_cards_left",
        "share_under_10",
        "games_per_second",
    } <= set(data)
    assert data["games"] == 40 and data["players"] == 2
    assert 0 <= data["win_rate_ci95"][0] <= data["win_rate"] <= data["win_rate_ci95"][1] <= 1
    text = run("--players", "2", "--games", "40", "--seed", "5")
    assert f"won: {data['wins']} = " in text.stdout


@pytest.mark.parametrize(
    "args", [("--players", "6"), ("--games", "0"), ("--game", "chess"), ("--ai", "oracle"), ("--jobs", "0")]
)
def test_bad_arguments_are_refused(args):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == "" and "simulate:" in done.stderr


def test_the_game_json_names_its_game():
    data = json.loads(run("--players", "1", "--games", "5", "--json").stdout)
    assert data["game"] == "the-game"


def test_skip_bo_junior_reports_win_shares_by_seat_whatever_the_workers():
    one = simulate_game("skip-bo-junior", players=3, games=300, seed=9, jobs=1)
    two = simulate_game("skip-bo-junior", players=3, games=300, seed=9, jobs=2)
    assert one.win_share == two.win_share and one.no_winner == two.no_winner
    spec = GAMES["skip-bo-junior"]
    wins = [0, 0, 0]
    for index in range(300):
        state = spec.deal(3, spec.options(), game_seed(9, index), 0)
        while not state.is_over:
            state.apply(spec.ai_action(state, state.current))
        for seat, result in enumerate(spec.summary(state).seats):
            wins[seat] += result.won
    assert one.win_share == pytest.approx([w / 300 for w in wins])
    assert sum(one.win_share) + one.no_winner == pytest.approx(1)
    assert one.points_per_deal is None


def test_the_command_runs_every_game():
    sbj = run("--game", "skip-bo-junior", "--players", "4", "--games", "40", "--json")
    assert sbj.returncode == 0 and sbj.stderr == ""
    data = json.loads(sbj.stdout)
    assert data["game"] == "skip-bo-junior" and data["players"] == 4 and len(data["win_share"]) == 4
    assert data["games_per_second"] > 0
    rb = run("--game", "red-and-black", "--games", "3", "--seed", "2", "--json")
    assert rb.returncode == 0 and rb.stderr == ""
    data = json.loads(rb.stdout)
    assert data["game"] == "red-and-black" and data["players"] == 4
    assert len(data["win_share"]) == 4 and len(data["points_per_deal"]) == 4
    assert sum(data["win_share"]) + data["no_winner"] == pytest.approx(1)
    text = run("--game", "red-and-black", "--games", "3", "--seed", "2").stdout
    assert "seat 1:" in text and "points per deal" in text and "games/s" in text


@pytest.mark.parametrize(
    "args",
    [
        ("--game", "red-and-black", "--players", "3"),
        ("--game", "skip-bo-junior", "--players", "5"),
        ("--game", "skip-bo-junior", "--expert"),
        ("--game", "skip-bo-junior", "--ai", "planner"),
    ],
)
def test_bad_arguments_for_the_other_games_are_refused(args):
    done = run(*args, "--games", "2")
    assert done.returncode == 2 and done.stdout == "" and "simulate:" in done.stderr
