"""What the table service and the rules engines refuse, in the language of the member who clicked,
with the values filled in; the AI seats the bot adds named in the language of who reads them,
while the store keeps "AI 1"."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ai import skipbo_junior as sb_ai
from bot.i18n import using
from bot.tables import LOBBY, TableError
from cogs.tables import said as said_by_cog
from tests.e2e.helpers import fields, sb_button_for, text_of, title_of
from tests.e2e.test_i18n import click_id, client_locales, open_table, world

__all__ = ["client_locales"]  # the fixture, used by the tests below


def said(result: Any) -> str:
    assert result.ephemeral, "a refusal is for the one who clicked alone"
    return result.response.content


async def test_a_german_client_is_refused_in_german(simcord_env, client_locales):
    env = simcord_env
    _, channel, (anna, ben, cleo, dora, emil), _ = world(env, "anna", "ben", "cleo", "dora", "emil")
    for member in (ben, emil):
        client_locales[member.id] = "de"
    lobby = (await anna.slash(channel, "game new", game="red-and-black")).response
    assert said(await click_id(ben, lobby, "dh:leave:")) == "Du sitzt nicht an diesem Tisch."
    await click_id(ben, lobby, "dh:join:")
    assert said(await click_id(ben, lobby, "dh:start:")) == "Nur der Gastgeber kann das Spiel starten."
    await click_id(cleo, lobby, "dh:join:")
    await click_id(dora, lobby, "dh:join:")
    # The lobby's Join button is disabled now; the slash command still asks the service.
    assert said(await emil.slash(channel, "game join")) == "Der Tisch ist voll (4 Plätze)."
    assert said(await emil.slash(channel, "game new")) == (
        "In diesem Kanal ist schon ein Tisch offen. Spiel dort mit oder nimm einen anderen Kanal."
    )
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.status == LOBBY and len(table.seats) == 4


async def test_a_german_client_hears_whose_turn_it_is_by_name(simcord_env, client_locales):
    env = simcord_env
    _, channel, (anna, ben), _ = world(env, "anna", "ben", locale="fr")
    members = {anna.id: anna, ben.id: ben}
    for member in members.values():
        client_locales[member.id] = "de"
    table = await open_table(env, channel, anna, ben, game="skip-bo-junior", stockpile=5)
    await env.settle()
    state = table.state
    playing = table.seats[state.current]
    waiting = members[table.seats[1 - state.current].user_id]
    # The board's buttons are everyone's; the service tells the one not on turn whose turn it is.
    board = next(m for m in channel.history() if title_of(m).startswith("Skip-Bo Junior : tour"))
    move = sb_button_for(table, sb_ai.next_action(state, state.current))
    refused = await waiting.click(board, custom_id=move)
    assert said(refused) == f"{playing.name} ist am Zug, nicht du."


async def test_an_illegal_move_is_explained_in_french(simcord_env, client_locales):
    """The hand offers no move the rules refuse (End turn is disabled until the minimum is laid),
    so the service is asked directly, as a button would; the cog says its refusal with said()."""
    env = simcord_env
    _, channel, (anna, ben), _ = world(env, "anna", "ben", locale="de")
    table = await open_table(env, channel, anna, ben)
    assert table.state.current == 0  # the host goes first
    with pytest.raises(TableError) as refused:
        await env.bot.tables.act(table.id, anna.id, {"type": "end_turn"}, table.version)
    assert refused.value.message == "Lay at least 2 cards before ending the turn (0 laid so far)."
    with using("fr"):
        assert said_by_cog(refused.value) == (
            "Posez au moins 2 cartes avant de finir le tour (0 posées jusqu'ici)."
        )
    with using("de"):
        assert said_by_cog(refused.value) == (
            "Leg mindestens 2 Karten, bevor du den Zug beendest (bisher 0 gelegt)."
        )
    assert table.state.current == 0 and table.state.played == 0, "nothing was played"
    with pytest.raises(TableError) as refused:
        await env.bot.tables.act(table.id, ben.id, {"type": "end_turn"}, table.version)
    with using("fr"):
        assert said_by_cog(refused.value) == "C'est le tour de anna, pas le vôtre."


async def test_ai_seats_are_named_in_spanish_on_a_spanish_board(simcord_env, client_locales):
    env = simcord_env
    _, channel, (ana,), _ = world(env, "ana", locale="es-ES")
    lobby = (await ana.slash(channel, "game new")).response
    await click_id(ana, lobby, "dh:ai:", ":normal")
    await click_id(ana, lobby, "dh:ai:", ":hard")
    assert "🤖 IA 1 (normal)" in text_of(lobby) and "🤖 IA 2 (difícil)" in text_of(lobby)
    table = env.bot.tables.in_channel(channel.id)
    assert [s.name for s in table.seats] == ["ana", "AI 1", "AI 2"], "the store keeps the names it gave"
    stored = await env.bot.store.load_table(table.id)
    assert [s["name"] for s in stored.seats] == ["ana", "AI 1", "AI 2"]
    await click_id(ana, lobby, "dh:start:")
    await env.settle()
    board = next(m for m in channel.history() if title_of(m).startswith("The Game: turno"))
    seats = next(value for name, value in fields(board).items() if name.startswith("Puestos"))
    assert "IA 1" in seats and "IA 2" in seats and "AI 1" not in seats and "AI 2" not in seats
