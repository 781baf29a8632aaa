"""The one terminal loop, the same way for every game: whole games with a typing person and AI
seats, and typed mistakes that are answered and change nothing."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

from bot.catalog import GAMES
from bot.games import red_and_black as rb
from bot.games import skipbo_junior as sb
from bot.games import thegame as tg
from bot.local.games import TERMINALS
from bot.local.loop import LocalTable, play_main
from bot.records import parse_record, replay

SIGNAL_WORD = {"dont_play": "dont", "good_card": "good", "clear": "clear"}


def typed_thegame(action: Any) -> str:
    match action:
        case tg.Play():
            return f"{action.card} {action.pile}"
        case tg.SetSignal():
            return f"signal {action.pile} {SIGNAL_WORD[action.signal]}"
        case _:
            return "end"


def typed_skipbo_junior(action: Any) -> str:
    if isinstance(action, sb.EndTurn):
        return "end"
    return f"{'s' if action.source == sb.STOCK else action.source} {action.pile}"


def typed_red_and_black(action: Any) -> str:
    match action:
        case rb.Draw():
            return action.source
        case rb.Discard():
            return action.card.lower()
        case rb.Declare():
            return f"declare {action.card}"
        case _:
            return "end"


# game, seats (seat 0 is the person), seed, how a person types an action, what the end says
WHOLE_GAMES = [
    (tg.NAME, ["Ann", "ai", "ai"], 8, typed_thegame, ("not laid", "You beat The Game")),
    (sb.NAME, ["Ann", "ai", "ai"], 8, typed_skipbo_junior, ("stockpile is empty!", "stuck")),
    (rb.NAME, ["Ann", "ai", "ai", "ai"], 8, typed_red_and_black, ("the game.",)),
]


def script(game: str, players: int, seed: int, typed: Callable[[Any], str]) -> tuple[list[str], dict]:
    """The lines the person types to play as the normal AI would, and the record of that game."""
    spec = GAMES[game]
    state = spec.deal(players, spec.options(), seed, 0)
    lines = []
    while not state.is_over:
        seat = state.current
        action = spec.ai_action(state, seat)
        if seat == 0:
            lines.append(typed(action))
        state.apply(action)
    return lines, state.to_record()


@pytest.mark.parametrize(("game", "seats", "seed", "typed", "endings"), WHOLE_GAMES)
def test_a_person_and_ai_seats_play_a_whole_game(tmp_path, game, seats, seed, typed, endings):
    lines, expected = script(game, len(seats), seed, typed)
    out = io.StringIO()
    table = LocalTable(
        game,
        seats,
        GAMES[game].options(),
        seed=seed,
        stdin=io.StringIO("\n".join(lines) + "\n"),
        stdout=out,
    )
    path = tmp_path / "game.json"
    assert play_main(table, save=str(path)) == 0
    text = out.getvalue()
    assert table.state.is_over and table.state.to_record() == expected
    assert "Not allowed" not in text and "I did not understand" not in text and "Input ended" not in text
    assert text.count("Ann> ") == len(lines)  # one prompt per typed line: every line was taken
    assert any(ending in text for ending in endings)
    assert "AI 2" in text  # the AI seats' moves are told
    assert f"Record saved to {path}" in text
    _, code = replay(parse_record(path.read_text()))
    assert code == 0


# game, seats (seat 0 is the person and starts), typed mistakes and what each one hears
MISTAKES = [
    (
        tg.NAME,
        ["Ann"],
        [
            ("what now", "I did not understand that. Type a card and a pile, e.g. '47 1', or 'help'."),
            ("end", "Not allowed: lay at least 2 cards before ending the turn (0 laid so far)."),
            ("1 9", "Not allowed: there is no pile 9; piles are numbered 1 to 4."),
            ("signal 3 maybe", "Usage: signal PILE dont|good|clear, e.g. 'signal 3 dont'."),
        ],
    ),
    (
        sb.NAME,
        ["Ann", "ai"],
        [
            ("9 9", "Not allowed: there is no source 9"),
            ("end", "Not allowed: you must keep playing while a card fits"),
            ("play it", "I did not understand that. E.g. 's 1' (stockpile on pile 1), '2 3', or 'help'."),
        ],
    ),
    (
        rb.NAME,
        ["Ann", "ai", "ai", "ai"],
        [
            ("7Z", "Not allowed: '7Z' is not a card"),
            ("5R", "Not allowed: draw a card first."),
            ("end", "Not allowed: the play may be ended only after the stock has run out twice."),
            ("stock please", "I did not understand that. E.g. 'stock', 'discard', '7R', or 'help'."),
        ],
    ),
]


@pytest.mark.parametrize(("game", "seats", "mistakes"), MISTAKES)
def test_a_bad_command_is_answered_and_changes_nothing(game, seats, mistakes):
    out = io.StringIO()
    typed = "".join(f"{line}\n" for line, _ in mistakes)
    table = LocalTable(game, seats, GAMES[game].options(), seed=3, stdin=io.StringIO(typed), stdout=out)
    table.run()
    text = out.getvalue()
    for _, answer in mistakes:
        assert f"Ann>   {answer}" in text
    # Nothing was played: the board as dealt was drawn once, and no other board before the end.
    spec = GAMES[game]
    dealt = TERMINALS[game].board(spec.deal(len(seats), spec.options(), 3, 0), table.names)
    before_the_end = text.split("Input ended")[0]
    border = dealt.strip().splitlines()[0]
    assert before_the_end.count(dealt) == 1 and before_the_end.count(border) == 2
    assert text.count("Ann> ") == len(mistakes) + 1
    assert table.state.to_record()["actions"] == [{"type": "abandon"}]
    assert "Input ended: the game is abandoned." in text


def test_help_and_quit_are_the_same_words_at_every_table():
    for game, terminal in TERMINALS.items():
        seats = [*terminal.default_seats]
        out = io.StringIO()
        LocalTable(
            game, seats, GAMES[game].options(), seed=1, stdin=io.StringIO("help\nq\ny\n"), stdout=out
        ).run()
        text = out.getvalue()
        assert terminal.help in text and "End the game for everyone? (y/N)" in text, game
        assert "Input ended" not in text
