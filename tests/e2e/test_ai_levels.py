"""AI levels at a table: the lobby offers them, the board shows them, the seat plays at its level,
and the level survives a restart and a rematch. Lobby buttons from before levels still work."""

from __future__ import annotations

from bot import tables as tables_module
from bot.app import Deckhand
from bot.ui.components import TableButton, view_of
from tests.e2e.helpers import board, buttons, open_lobby, play_to_the_end, reports, text_of, title_of, world


def labels(message) -> list[str]:
    return [c["label"] for c in buttons(message) if c.get("label")]


async def test_the_lobby_offers_three_levels_and_the_board_shows_each_ai_seats_level(
    simcord_env, monkeypatch
):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    lobby = await open_lobby(env, channel, ann)
    assert [x for x in labels(lobby) if x.startswith("Add AI")] == [
        "Add AI seat: easy",
        "Add AI seat: normal",
        "Add AI seat: hard",
    ]
    await ann.click(lobby, label="Add AI seat: hard")
    shown = await ann.click(lobby, label="Add AI seat: easy")
    seats = text_of(shown.response)
    assert "🤖 AI 1 (hard)" in seats and "🤖 AI 2 (easy)" in seats

    # Each AI seat decides at its own level, from its own view (in the AI's process: what is sent
    # there is what the seat is asked).
    asked: list[tuple[int, str]] = []
    real = tables_module.AI_PROCESS.run

    async def spy(timeout, function, game, level, view):
        asked.append((view.seat, level))
        return await real(timeout, function, game, level, view)

    monkeypatch.setattr(tables_module.AI_PROCESS, "run", spy)
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    text = text_of(board(channel))
    assert "AI 1 (hard)" in text and "AI 2 (easy)" in text
    await play_to_the_end(env, channel, table, {ann.id: ann})
    assert set(asked) == {(1, "hard"), (2, "easy")}


async def test_levels_survive_a_restart_and_a_rematch(simcord_env, settings):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    lobby = await open_lobby(env, channel, ann, bob)
    await ann.click(lobby, label="Add AI seat: hard")
    await ann.click(lobby, label="Start")
    table = env.bot.tables.in_channel(channel.id)

    restarted = Deckhand(settings)
    await env.restart_bot(restarted)
    again = env.bot.tables.in_channel(channel.id)
    assert [(s.ai, s.level) for s in again.seats][2] == (True, "hard")
    await play_to_the_end(env, channel, again, {ann.id: ann, bob.id: bob})
    await ann.click(reports(channel)[0], label="Rematch")
    rematch = env.bot.tables.in_channel(channel.id)
    assert rematch is not None and rematch.id != table.id
    assert [s.level for s in rematch.seats if s.ai] == ["hard"]
    await env.settle()
    await restarted.store.close()


async def test_an_add_ai_button_from_before_levels_adds_a_normal_seat(simcord_env):
    env = simcord_env
    _, channel, (ann,) = world(env, "ann")
    lobby = await open_lobby(env, channel, ann)
    table = env.bot.tables.in_channel(channel.id)
    old = await env.bot.get_channel(channel.id).send(
        "old lobby", view=view_of(TableButton("ai", table.id, label="Add AI seat"))
    )
    result = await ann.click(old, label="Add AI seat")
    assert result.acknowledged
    assert [(s.name, s.level) for s in table.seats if s.ai] == [("AI 1", "normal")]
    assert title_of(lobby) == "The Game: a table is open"
