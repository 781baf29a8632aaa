"""Deckhand in the server's language and in each member's, through SimCord: the slash commands
are synced with their translations; what the channel sees is in the language the moderators chose
(else the server's language in Discord); what one member alone sees is in that member's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord.interactions

from bot.tables import PLAYING, Table
from tests.e2e.helpers import button, title_of

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("de", "fr", "es-ES", "es-419")


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Discord sends every interaction with the member's client language (``locale``) and the
    server's (``guild_locale``); SimCord 3.2.1 always sends en-US for both. This sends a member's
    language from the returned map (by user id; en-US otherwise) and the server's own."""
    locales: dict[int, str] = {}
    base_payload = simcord.interactions.base_payload

    def with_locales(backend: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = base_payload(backend, **kwargs)
        payload["locale"] = locales.get(kwargs["user_id"], "en-US")
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return locales


def world(env: Any, *names: str, locale: str | None = None) -> tuple[Any, Any, list[Any], Any]:
    """A server (in this Discord language) with #game-night, these members and a moderator."""
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("game-night")
    members = [guild.add_member(env.create_user(n)) for n in names]
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    return guild, channel, members, mod


async def click_id(member: Any, message: Any, prefix: str, suffix: str = "") -> Any:
    """Click a button found by its custom_id, whatever language its label is in."""
    return await member.click(message, custom_id=button(message, prefix=prefix, suffix=suffix)["custom_id"])


async def open_table(env: Any, channel: Any, host: Any, *others: Any, ai: int = 0, **options: Any) -> Table:
    """/game new, Join by the others, AI seats, Start: the lobby's buttons found by their ids, since
    their labels are in the server's language."""
    result = await host.slash(channel, "game new", **options)
    lobby = result.response
    assert lobby is not None and not lobby.ephemeral
    for member in others:
        await click_id(member, lobby, "dh:join:")
    for _ in range(ai):
        await click_id(host, lobby, "dh:ai:", ":normal")
    await click_id(host, lobby, "dh:start:")
    table = env.bot.tables.in_channel(channel.id)
    assert table is not None and table.status == PLAYING
    return table


async def end_game(channel: Any, host: Any) -> None:
    asked = await host.slash(channel, "game end")
    await click_id(host, asked.response, "dh:endok:", ":yes")


def embed_fields(message: Any, index: int = 0) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[index].fields}


def notices(channel: Any) -> list[discord.Message]:
    return [m for m in channel.history() if m.content.startswith("⚠️")]


# ---- slash commands -------------------------------------------------------------------------


def nodes(command: dict[str, Any]) -> list[dict[str, Any]]:
    """A synced command and every subcommand, group and option below it."""
    found = [command]
    for option in command.get("options") or []:
        found += nodes(option)
    return found


async def test_the_slash_commands_are_synced_with_their_translations(simcord_env):
    env = simcord_env
    synced = {c["name"]: c for c in env.backend.commands[None].values()}
    game = synced["game"]
    assert game["name_localizations"]["de"] == "spiel"
    assert game["description_localizations"]["fr"] == "Jouer à un jeu de cartes dans ce salon"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert (new["name_localizations"]["de"], new["name_localizations"]["es-ES"]) == ("neu", "nueva")
    hand_size = next(o for o in new["options"] if o["name"] == "hand_size")
    assert hand_size["name_localizations"]["de"] == "handgröße"
    settings = synced["settings"]
    language = next(o for o in settings["options"] if o["name"] == "language")
    choices = language["options"][0]["choices"]
    assert choices[0]["name_localizations"]["fr"] == "la langue du serveur dans Discord"
    assert [c["name"] for c in choices[1:]] == ["English", "Deutsch", "Français", "Español"]

    name_rule = re.compile(r"^[-_\w]{1,32}$")
    for command in synced.values():
        for node in nodes(command):
            described = node.get("description") not in (None, "", "…")
            for locale in LOCALES:
                name = node.get("name_localizations", {}).get(locale)
                assert name is None or (name_rule.match(name) and name == name.lower()), (locale, name)
                text = node.get("description_localizations", {}).get(locale)
                # Every description is written in every language.
                assert not described or (text and len(text) <= 100), (locale, node["name"], text)
                for choice in node.get("choices") or []:
                    assert len(choice.get("name_localizations", {}).get(locale, choice["name"])) <= 100
            # No two options or subcommands of one command share a name in any language.
            children = node.get("options") or []
            for locale in LOCALES:
                names = [c.get("name_localizations", {}).get(locale, c["name"]) for c in children]
                assert len(names) == len(set(names)), (node["name"], locale, names)


# ---- the server's language ------------------------------------------------------------------


async def test_moderators_set_the_server_to_german_and_the_channel_reads_german(simcord_env, client_locales):
    env = simcord_env
    guild, channel, (ann, bob), mod = world(env, "ann", "bob")
    helpers = guild.create_role("Helpers", permissions=discord.Permissions(manage_guild=True))
    german_mod = guild.add_member(env.create_user("gerd"), roles=[helpers])
    client_locales[german_mod.id] = "de"

    saved = await mod.slash(channel, "settings language", language="de")
    # The answer is the moderator's alone: in their client's language, English.
    assert saved.ephemeral and "- language of the channels: **Deutsch**" in saved.response.content

    await open_table(env, channel, ann, bob)
    await end_game(channel, ann)

    server = await ann.slash(channel, "stats")
    assert not server.ephemeral
    totals = embed_fields(server.response)
    assert totals["Spiele"] == "1" and totals["Gewonnen"] == "0 (0\xa0%)"
    assert {
        "Durchschnitt (Karten übrig)",
        "Bestwert",
        "Gespielte Stunden",
        "Spieler in der Rangliste",
    } <= set(totals)
    mine = await ann.slash(channel, "stats", member=ann)
    assert embed_fields(mine.response)["Liebste Mitspieler"] == "bob (1 gemeinsames Spiel)"

    board = await bob.slash(channel, "leaderboard show")
    assert title_of(board.response) == "Rangliste: The Game"
    ranking = embed_fields(board.response)["Rangfolge"]
    assert "**ann**: 0 von 1 gewonnen (im Schnitt" in ranking and "Karten übrig" in ranking
    assert board.response.embeds[0].footer.text == "Seite 1 von 1"
    by_average = await bob.click(board.response, label="Nach Durchschnitt")
    assert "Im Schnitt am wenigsten Karten übrig" in by_average.response.embeds[0].description
    assert (
        "In diesem Zeitraum hat noch niemand 3 Spiele gespielt."
        in by_average.response.embeds[0].fields[0].value
    )

    shown = await german_mod.slash(channel, "settings show")
    text = shown.response.content
    assert text.startswith("Einstellungen für diesen Server:")
    assert "- Sprache in den Kanälen: **Deutsch**" in text
    # The chat rule keeper reads the server's language and English, as nobody chose otherwise.
    assert "Zahlwörter auf **de, en**" in text
    assert "- Zugzeit: **die Vorgabe des Bots**" in text

    back = await mod.slash(channel, "settings language", language="auto")
    assert "the server's language in Discord (English)" in back.response.content
    board = await bob.slash(channel, "leaderboard show")
    assert title_of(board.response) == "Leaderboard: The Game"
    log = await german_mod.slash(channel, "settings log")
    assert log.response.content.count("Einstellungen (Sprache: ") == 2


async def test_a_server_whose_discord_language_is_french_gets_french_channel_messages(
    simcord_env, client_locales
):
    env = simcord_env
    _, channel, (ann,), _ = world(env, "ann", locale="fr")
    board = await ann.slash(channel, "leaderboard show", period="week")
    assert title_of(board.response) == "Classement : The Game"
    assert board.response.embeds[0].description == "**Le plus de victoires** · cette semaine"
    assert embed_fields(board.response)["Classement"] == "Aucune partie pour l'instant."


async def test_a_french_client_on_a_german_server_reads_its_answers_in_french(simcord_env, client_locales):
    env = simcord_env
    _, channel, (ann, cat), _ = world(env, "ann", "cat", locale="de")
    client_locales[cat.id] = "fr"

    refused = await cat.slash(channel, "leaderboard reset")
    assert refused.ephemeral
    assert refused.response.content == "Seuls les modérateurs peuvent réinitialiser le classement."
    asked = await cat.slash(channel, "privacy forget-me")
    assert asked.response.embeds[0].description.startswith("Vous oublier ?")
    assert button(asked.response, label="Oubliez-moi")
    rules = await cat.slash(channel, "game rules")
    assert rules.ephemeral and title_of(rules.response) == "The Game : règles"
    assert rules.response.embeds[0].description.startswith("# The Game — comment Deckhand y joue")

    board = await cat.slash(channel, "leaderboard show")
    assert not board.ephemeral and title_of(board.response) == "Rangliste: The Game"

    # The talk rule's notice is the channel's: German; refusing her the false alarm is hers: French.
    await open_table(env, channel, ann, cat)
    await cat.send(channel, "j'ai le 47")
    (notice,) = notices(channel)
    assert "das sah aus, als würdest du eine Kartenzahl verraten" in notice.content
    assert "Verwarnung 1 in diesem Spiel." in notice.content
    denied = await cat.click(notice, label="Fehlalarm")
    assert denied.response.content == "Seul l'hôte ou un modérateur peut signaler une fausse alerte."
    cleared = await ann.click(notice, label="Fehlalarm")
    assert cleared.response.content.startswith("Von ann als Fehlalarm markiert")


async def test_a_long_rule_sheet_goes_on_in_a_second_embed(simcord_env, client_locales):
    env = simcord_env
    _, channel, (ann,), _ = world(env, "ann")
    client_locales[ann.id] = "fr"
    rules = await ann.slash(channel, "game rules", game="red-and-black")
    embeds = rules.response.embeds
    assert title_of(rules.response) == "Red and Black : règles" and len(embeds) == 2
    assert embeds[1].description.startswith("## ")
    sheet = (ROOT / "seeds" / "red-and-black.fr.md").read_text(encoding="utf-8")
    assert "\n".join(e.description for e in embeds) == sheet


# ---- the chat rule keeper -------------------------------------------------------------------


async def test_the_keeper_reads_the_servers_language_unless_moderators_choose(simcord_env):
    env = simcord_env
    _, german, (ann, bob), _ = world(env, "ann", "bob", locale="de")
    _, english, (cat, dan), english_mod = world(env, "cat", "dan")
    await open_table(env, german, ann, bob)
    await open_table(env, english, cat, dan)

    await bob.send(german, "ich habe siebenundvierzig")
    await dan.send(english, "ich habe siebenundvierzig")
    assert len(notices(german)) == 1
    assert notices(english) == []  # an English server's keeper reads English number words only

    await english_mod.slash(english, "settings chat", languages="en,de")
    await dan.send(english, "ich habe siebenundvierzig")
    assert len(notices(english)) == 1
