"""The Game at the terminal table, driven by typed lines as a person would play it."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from bot.ai import baseline
from bot.games import thegame
from bot.local.base import named
from bot.local.loop import LocalTable, play_main, seat_names
from bot.records import parse_record, replay


def table(seats: list[str], typed: str, seed: int, out: io.StringIO) -> LocalTable:
    return LocalTable(
        thegame.NAME, seats, thegame.TheGameOptions(), seed=seed, stdin=io.StringIO(typed), stdout=out
    )


def scripted_lines(players: int, seed: int, people: set[int]) -> list[str]:
    """What people would type to play the baseline's moves for their seats, plus some mistakes."""
    state = thegame.new_game(players, seed=seed)
    lines: list[str] = []
    while not state.is_over:
        seat = state.current
        if seat in people:
            if len(people) > 1:
                lines.append("")  # hot seat: press Enter when the keyboard is passed
            lines += ["end", "1 9", "what"]  # refused: too early, not a card, not a command
        turn = state.turn
        while not state.is_over and state.turn == turn:
            move = baseline.choose(thegame.seat_view(state, seat))
            state.apply(move)
            if seat in people:
                lines.append(f"{move.card} {move.pile}" if isinstance(move, thegame.Play) else "end")
    return lines


def test_one_person_plays_a_whole_game_and_saves_the_record(tmp_path):
    seed = 11
    lines = scripted_lines(1, seed, {0})
    out = io.StringIO()
    path = tmp_path / "game.json"
    code = play_main(table(["Ann"], "\n".join(lines) + "\n", seed, out), save=str(path))
    text = out.getvalue()
    assert code == 0
    assert "Not allowed: lay at least 2 cards before ending the turn" in text
    assert "Not allowed: there is no pile 9" in text
    assert "I did not understand that" in text
    expected = thegame.new_game(1, seed=seed)
    while not expected.is_over:
        baseline.play_turn(expected)
    left = expected.cards_left
    assert (f"{left} card" in text) or "You beat The Game" in text
    record = parse_record(path.read_bytes())
    result, rc = replay(record)
    assert rc == 0 and result["status"] == expected.status.value and result["cards_left"] == left


def test_hot_seat_with_an_ai_seat(tmp_path):
    seed = 5
    lines = scripted_lines(3, seed, {0, 2})
    out = io.StringIO()
    play_main(table(["Ann", "ai", "Bob"], "\n".join(lines) + "\n", seed, out), save=None)
    text = out.getvalue()
    assert "Pass the keyboard to Ann" in text and "Pass the keyboard to Bob" in text
    assert "AI 2 lays" in text
    assert "not laid" in text or "You beat The Game" in text


def test_input_ending_abandons_the_game():
    out = io.StringIO()
    play_main(table(["Ann"], "signal 3 dont\n", 1, out), save=None)
    text = out.getvalue()
    assert "Ann please don't play here" in text
    assert "ended early with 98 cards not laid" in text


def test_play_command_rejects_bad_options():
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--hand-size", "9"],
        capture_output=True,
        text=True,
        input="",
        timeout=60,
    )
    assert proc.returncode == 2 and "hand_size" in proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--seats", "a,b,c,d,e,f"],
        capture_output=True,
        text=True,
        input="",
        timeout=60,
    )
    assert proc.returncode == 2 and "1 to 5 seats" in proc.stderr


def test_play_command_runs_all_ai_game_to_the_end(tmp_path):
    path = tmp_path / "r.json"
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--seats", "ai,ai,ai", "--seed", "3", "--save", str(path)],
        capture_output=True,
        text=True,
        input="",
        timeout=60,
    )
    assert proc.returncode == 0
    assert "Record saved" in proc.stdout
    assert json.loads(path.read_text())["players"] == 3


def run_bot(*args: str, cwd, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], capture_output=True, text=True, input=stdin, timeout=60, cwd=cwd
    )


def test_save_to_dash_prints_the_record_and_replay_dash_reads_it(tmp_path):
    played = run_bot("play", "--seats", "ai,ai", "--seed", "3", "--save", "-", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert not (tmp_path / "-").exists()
    record = json.loads(played.stdout)  # standard output holds the record and nothing else
    assert record["players"] == 2
    assert "replay -" not in played.stdout + played.stderr
    assert "AI 1 lays" in played.stderr  # the table talks on standard error instead
    replayed = run_bot("replay", "-", cwd=tmp_path, stdin=played.stdout)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["status"] in ("won", "lost")


def play_text(seats: list[str], typed: str) -> str:
    out = io.StringIO()
    play_main(table(seats, typed, 1, out), save=None)
    return out.getvalue()


def test_a_seat_called_you_is_spoken_to_in_the_second_person():
    text = play_text(["you"], "")
    assert "turn 1: you have laid 0 of at least 2" in text and "you has" not in text
    text = play_text(["you", "ai"], "leave\n")
    assert "you leave the table; your cards count as not laid" in text
    names = seat_names(["ai", "you"])
    assert named("player 1 has left the game", names) == "you have left the game"
    assert named("it is player 0's turn, not player 1's", names) == "it is AI 1's turn, not yours"
    assert named("card 7 is not in player 1's hand", names) == "card 7 is not in your hand"


def test_quit_asks_first_and_goes_on_unless_confirmed():
    text = play_text(["Ann"], "quit\nn\n")
    assert "End the game for everyone? (y/N)" in text
    assert text.count("Ann> ") == 2  # asked again after the refusal; then input ended
    text = play_text(["Ann"], "quit\n\nquit\nyes\n")
    assert text.count("Ann> ") == 2 and "ended early with 98 cards not laid" in text
    text = play_text(["Ann"], "quit\n")  # input ends at the question: the game ends cleanly
    assert "ended early with 98 cards not laid" in text
