"""``python -m bot replay``: output, exit codes and messages, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.thegame_helpers import deck_with

DECK = deck_with([[10, 11, 12, 13, 14, 15], [90, 91, 92, 93, 94, 95], [40, 41, 42, 43, 44, 45]])


def run_replay(tmp_path, record, raw: str | None = None):
    path = tmp_path / "record.json"
    path.write_text(raw if raw is not None else json.dumps(record), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)], capture_output=True, text=True, timeout=60
    )
    return proc


def base_record(**extra):
    record = {"game": "the-game", "players": 3, "deck": DECK, "actions": []}
    record.update(extra)
    return record


def test_replay_prints_the_state_and_exits_zero(tmp_path):
    actions = [
        {"player": 0, "type": "play", "card": 10, "pile": 1},
        {"player": 0, "type": "play", "card": 11, "pile": 1},
        {"player": 2, "type": "signal", "pile": 3, "signal": "dont_play"},
        {"player": 1, "type": "signal", "pile": 1, "signal": "good_card"},
        {"player": 0, "type": "end_turn"},
        {"player": 1, "type": "play", "card": 95, "pile": 3},
    ]
    proc = run_replay(tmp_path, base_record(options={"hand_size": 6}, actions=actions))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == "in_progress"
    assert out["piles"] == [11, 1, 95, 100]
    assert out["cards_left"] == 95
    assert out["draw_pile"] == 98 - 18 - 2
    assert out["hands"][0] == [2, 3, 12, 13, 14, 15]
    assert out["hands"][1] == [90, 91, 92, 93, 94]
    assert out["current_player"] == 1
    assert out["played_this_turn"] == 1
    assert out["min_cards"] == 2
    assert out["signals"] == [
        {"pile": 1, "player": 1, "signal": "good_card"},
        {"pile": 3, "player": 2, "signal": "dont_play"},
    ]
    assert out["error"] is None


def test_illegal_action_reports_state_before_it_and_exits_one(tmp_path):
    actions = [
        {"player": 0, "type": "play", "card": 10, "pile": 1},
        {"player": 0, "type": "play", "card": 90, "pile": 1},
    ]
    proc = run_replay(tmp_path, base_record(actions=actions))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"]["action"] == 1
    assert "not in player 0's hand" in out["error"]["reason"]
    assert out["piles"] == [10, 1, 100, 100]
    assert out["played_this_turn"] == 1


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"player": 1, "type": "play", "card": 90, "pile": 3}, "turn"),
        ({"player": 0, "type": "play", "card": 10, "pile": 5}, "pile 5"),
        ({"player": 0, "type": "end_turn"}, "at least 2"),
    ],
)
def test_each_kind_of_illegal_action_exits_one(tmp_path, action, reason):
    proc = run_replay(tmp_path, base_record(actions=[action]))
    assert proc.returncode == 1
    assert reason in json.loads(proc.stdout)["error"]["reason"]


def test_actions_after_the_game_is_over_are_illegal(tmp_path):
    actions = [{"type": "abandon"}, {"player": 1, "type": "signal", "pile": 1, "signal": "clear"}]
    proc = run_replay(tmp_path, base_record(actions=actions))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["status"] == "abandoned"
    assert out["error"] == {"action": 1, "reason": "the game is over (abandoned)"}


def test_seed_replaces_deck_and_options_default_by_player_count(tmp_path):
    proc = run_replay(tmp_path, {"game": "the-game", "players": 2, "seed": 42, "options": {"expert": True}})
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert [len(h) for h in out["hands"]] == [7, 7]
    assert out["min_cards"] == 3
    assert out["draw_pile"] == 84


def test_first_player_and_min_cards_override(tmp_path):
    proc = run_replay(
        tmp_path, base_record(first_player=2, options={"expert": True, "min_cards": 1, "hand_size": 6})
    )
    out = json.loads(proc.stdout)
    assert out["current_player"] == 2 and out["min_cards"] == 1


@pytest.mark.parametrize(
    ("record", "raw", "message"),
    [
        (None, "{not json", "not valid JSON"),
        (None, "[1, 2]", "JSON object"),
        ({"players": 3, "deck": DECK[:-1]}, None, "deck"),
        ({"players": 3, "deck": [*DECK[:-1], DECK[0]]}, None, "deck"),
        ({"players": 6, "deck": DECK}, None, "players"),
        ({"players": 0, "deck": DECK}, None, "players"),
        ({"players": "3", "deck": DECK}, None, "players"),
        ({"players": 3}, None, "deck"),
        ({"players": 3, "deck": DECK, "seed": 4}, None, "seed"),
        ({"players": 3, "deck": DECK, "actions": [{"type": "fly"}]}, None, "actions[0]"),
        (
            {"players": 3, "deck": DECK, "actions": [{"type": "play", "player": 0, "card": "47", "pile": 1}]},
            None,
            "actions[0].card",
        ),
        (
            {
                "players": 3,
                "deck": DECK,
                "actions": [{"type": "signal", "player": 0, "pile": 1, "signal": "wave"}],
            },
            None,
            "actions[0].signal",
        ),
        ({"players": 3, "deck": DECK, "options": {"hand_size": 9}}, None, "options.hand_size"),
        ({"players": 3, "deck": DECK, "options": {"min_cards": 0}}, None, "options.min_cards"),
        ({"players": 3, "deck": DECK, "options": {"colour": "red"}}, None, "options.colour"),
        ({"players": 3, "deck": DECK, "first_player": 3}, None, "first_player"),
        ({"game": "chess", "players": 3, "deck": DECK}, None, "unknown game"),
    ],
)
def test_malformed_records_exit_two_with_a_message(tmp_path, record, raw, message):
    proc = run_replay(tmp_path, record, raw)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert message in proc.stderr


def test_missing_file_exits_two(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(tmp_path / "nope.json")], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "cannot read" in proc.stderr


def test_start_without_token_explains_and_fails(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(__import__("pathlib").Path(__file__).parents[1])}
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert proc.returncode != 0
    assert "DISCORD_TOKEN" in proc.stderr
    assert "Message Content Intent" in proc.stderr


# ---- the other games ---------------------------------------------------------------------------


def test_a_skip_bo_junior_game_replays_with_its_winner_and_standing(tmp_path):
    from bot.ai import skipbo_junior as ai
    from bot.games import skipbo_junior as sb

    state = sb.new_game(3, seed=77)
    while not state.is_over:
        ai.play_turn(state)
    record = {"game": "skip-bo-junior", "players": 3, "seed": 77, "actions": state.action_dicts()}
    proc = run_replay(tmp_path, record)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == "won" and out["winner"] == state.winner
    assert out["stock_left"][state.winner] == 0
    assert out["standing"][0] == state.winner and sorted(out["standing"]) == [0, 1, 2]


def test_a_red_and_black_record_reports_every_seats_score_deal_by_deal(tmp_path):
    from bot.ai import red_and_black as ai
    from bot.games import red_and_black as rb

    state = rb.new_game(seed=5)
    while not state.is_over:
        ai.play_turn(state)
    proc = run_replay(tmp_path, {"game": "red-and-black", "seed": 5, "actions": state.action_dicts()})
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == "finished" and len(out["deals"]) == 8
    assert out["totals"] == [sum(d["scores"][s] for d in out["deals"]) for s in range(4)]
    assert out["winners"] == [s for s in range(4) if out["totals"][s] == max(out["totals"])]


def test_an_illegal_red_and_black_action_exits_one_and_names_it(tmp_path):
    actions = [
        {"player": 1, "type": "draw", "source": "discard"},
        {"player": 1, "type": "discard", "card": "9Z"},
    ]
    proc = run_replay(tmp_path, {"game": "red-and-black", "seed": 1, "actions": actions})
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"] == {"action": 1, "reason": "'9Z' is not a card; cards are written 1R..9R and 1B..9B"}
    assert out["phase"] == "discard"


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"game": "skip-bo-junior", "players": 2, "deck": list(range(96))}, "'deck' must hold 8 of each"),
        ({"game": "skip-bo-junior", "players": 5, "seed": 1}, "players"),
        (
            {"game": "skip-bo-junior", "players": 2, "seed": 1, "reshuffle_seed": 3},
            "'reshuffle_seed' goes with",
        ),
        ({"game": "red-and-black", "players": 3, "seed": 1}, "players"),
        ({"game": "red-and-black", "decks": [["1R"] * 72]}, "decks[0] must hold"),
        ({"game": "red-and-black", "seed": 1, "actions": [{"player": 1, "type": "play"}]}, "actions[0]"),
        ({"game": "poker", "players": 2, "seed": 1}, "unknown game 'poker'"),
    ],
)
def test_malformed_records_of_the_other_games_exit_two(tmp_path, record, message):
    proc = run_replay(tmp_path, record)
    assert proc.returncode == 2 and proc.stdout == ""
    assert message in proc.stderr


@pytest.mark.parametrize("source", [4, 0, -1, "hand"])
def test_a_skip_bo_junior_source_out_of_range_is_an_illegal_action(tmp_path, source):
    actions = [{"player": 0, "type": "play", "source": source, "pile": 1}]
    proc = run_replay(tmp_path, {"game": "skip-bo-junior", "players": 2, "seed": 1, "actions": actions})
    assert proc.returncode == 1, proc.stderr
    out = json.loads(proc.stdout)
    reason = f"there is no source {source!r}; play from 'stock' or a slot 1 to 3"
    assert out["error"] == {"action": 0, "reason": reason}
    assert out["turn"] == 1 and out["current_player"] == 0


@pytest.mark.parametrize("source", [True, 1.0, None, [1]])
def test_a_skip_bo_junior_source_of_the_wrong_type_is_malformed(tmp_path, source):
    actions = [{"player": 0, "type": "play", "source": source, "pile": 1}]
    proc = run_replay(tmp_path, {"game": "skip-bo-junior", "players": 2, "seed": 1, "actions": actions})
    assert proc.returncode == 2 and proc.stdout == ""
    assert "actions[0].source" in proc.stderr


def test_replay_dash_reads_the_record_from_standard_input():
    record = json.dumps(base_record(actions=[{"player": 0, "type": "play", "card": 10, "pile": 1}]))
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "replay", "-"], capture_output=True, text=True, input=record, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["piles"] == [10, 1, 100, 100]
