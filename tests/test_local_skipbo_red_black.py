"""The terminal tables for Skip-Bo Junior and Red and Black, driven by typed lines."""

from __future__ import annotations

import io
import subprocess
import sys

from bot.ai import red_and_black as rb_ai
from bot.ai import skipbo_junior as sb_ai
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.local.loop import LocalTable, play_main
from bot.records import parse_record, replay


def sb_table(seats: list[str], typed: str, seed: int, out: io.StringIO) -> LocalTable:
    return LocalTable(
        sb.NAME, seats, sb.SkipBoJuniorOptions(), seed=seed, stdin=io.StringIO(typed), stdout=out
    )


def rb_table(seats: list[str], typed: str, seed: int, out: io.StringIO) -> LocalTable:
    return LocalTable(
        rb.NAME, seats, rb.RedAndBlackOptions(), seed=seed, stdin=io.StringIO(typed), stdout=out
    )


def sb_lines(seed: int) -> list[str]:
    """What a person in seat 0 would type to make the baseline's moves, plus a few mistakes."""
    state = sb.new_game(2, seed=seed)
    lines = ["help", "9 9", "what"]
    while not state.is_over:
        seat = state.current
        action = sb_ai.next_action(state, seat)
        if seat == 0:
            lines.append(f"{'s' if action.source == sb.STOCK else action.source} {action.pile}")
        state.apply(action)
    return lines


def test_a_person_plays_skip_bo_junior_against_the_ai_to_the_end(tmp_path):
    seed = 21
    out = io.StringIO()
    path = tmp_path / "sbj.json"
    table = sb_table(["Ann", "ai"], "\n".join(sb_lines(seed)) + "\n", seed, out)
    code = play_main(table, save=str(path))
    text = out.getvalue()
    assert code == 0
    assert "Not allowed: there is no source 9" in text
    assert "I did not understand that" in text
    expected = sb.new_game(2, seed=seed)
    while not expected.is_over:
        sb_ai.play_turn(expected)
    winner = ["Ann", "AI 2"][expected.winner]
    assert f"{winner} wins: their stockpile is empty!" in text
    out_json, exit_code = replay(parse_record(path.read_text()))
    assert exit_code == 0 and out_json["winner"] == expected.winner


def rb_lines(seed: int, people: set[int]) -> list[str]:
    state = rb.new_game(seed=seed, first_dealer=3)
    lines: list[str] = []
    last_turn_of = None
    while not state.is_over:
        seat = state.current
        action = rb_ai.next_action(state, seat)
        if seat in people:
            if last_turn_of != (seat, state.deal_index, state.turn):
                lines.append("")  # hot seat: Enter when the keyboard is passed
                last_turn_of = (seat, state.deal_index, state.turn)
            match action:
                case rb.Draw():
                    lines += ["7Z", action.source]  # a refused discard before drawing, then the draw
                case rb.Discard():
                    lines.append(action.card.lower())
                case rb.Declare():
                    lines.append(f"declare {action.card}")
                case rb.EndPlay():
                    lines.append("end")
        state.apply(action)
    return lines


def test_two_people_and_two_ai_seats_play_red_and_black_with_hidden_hands():
    seed = 4
    out = io.StringIO()
    state = rb_table(["Ann", "ai", "Bob", "ai"], "\n".join(rb_lines(seed, {0, 2})) + "\n", seed, out).run()
    text = out.getvalue()
    expected = rb.new_game(seed=seed, first_dealer=3)
    while not expected.is_over:
        rb_ai.play_turn(expected)
    assert state.totals == expected.totals and len(state.deals) == 8
    assert "Pass the keyboard to Bob" in text
    assert "Not allowed: '7Z' is not a card" in text
    assert "Deal 8" in text
    best = max(expected.totals)
    winners = " and ".join(
        n for s, n in enumerate(["Ann", "AI 2", "Bob", "AI 4"]) if expected.totals[s] == best
    )
    assert f"{winners} win" in text
    # Hands are shown only in a person's own turn: never an AI seat's hand.
    for seat in (1, 3):
        assert f"AI {seat + 1}'s hand" not in text


def test_the_play_command_checks_seats_and_options_per_game():
    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "bot", "play", *args], capture_output=True, text=True, timeout=60, input=""
        )

    proc = run("--game", "red-and-black", "--seats", "ann,ai,ai")
    assert proc.returncode == 2 and "Red and Black takes 4 seats, not 3" in proc.stderr
    proc = run("--game", "skip-bo-junior", "--stockpile", "30")
    assert proc.returncode == 2 and "bad option" in proc.stderr
    proc = run("--game", "skip-bo-junior", "--seats", "ai,ai,ai", "--seed", "3")
    assert proc.returncode == 0 and (
        "wins: their stockpile is empty!" in proc.stdout or "stuck" in proc.stdout
    )


def test_a_seat_called_you_wins_in_the_second_person():
    seed = 0  # seat 0 wins this deal of Skip-Bo Junior when it plays as the baseline does
    out = io.StringIO()
    sb_table(["you", "ai"], "\n".join(sb_lines(seed)) + "\n", seed, out).run()
    assert "you win: your stockpile is empty!" in out.getvalue()
    seed = 6  # seat 0 wins deals and the game of Red and Black
    out = io.StringIO()
    rb_table(["you", "ai", "ai", "ai"], "\n".join(rb_lines(seed, {0})) + "\n", seed, out).run()
    text = out.getvalue()
    assert ": you win in round" in text and "you win the game." in text and "you wins" not in text


def test_quit_asks_for_confirmation_at_the_other_tables():
    def sb_text(typed: str) -> str:
        out = io.StringIO()
        sb_table(["Ann", "ai"], typed, 0, out).run()
        return out.getvalue()

    def rb_text(typed: str) -> str:
        out = io.StringIO()
        rb_table(["Ann", "ai", "ai", "ai"], typed, 0, out).run()
        return out.getvalue()

    for text_of in (sb_text, rb_text):
        text = text_of("quit\nn\n")
        assert "End the game for everyone? (y/N)" in text and text.count("Ann> ") == 2
        assert "Input ended" in text
        text = text_of("q\ny\n")
        assert text.count("Ann> ") == 1 and "ended early" in text and "Input ended" not in text
        assert "ended early" in text_of("quit\n")
