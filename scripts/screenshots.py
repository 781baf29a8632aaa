"""Render sample games as players see them, for the README: lobby, board, a hand, final report of
The Game; the board and final report of Skip-Bo Junior; the board, a hand and the standings of
Red and Black; and a board and a hand of The Game on a German server (de-board.png, de-hand.png).

Needs the screenshot extra and a browser:  pip install "simcord[screenshot]==3.2.1" and Debian's
chromium package (/usr/bin/chromium). Run: python scripts/screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import discord
import simcord
import simcord.interactions

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bot.ai import skipbo_junior as sb_ai  # noqa: E402
from bot.app import Deckhand  # noqa: E402
from tests.conftest import make_settings  # noqa: E402
from tests.e2e.helpers import (  # noqa: E402
    board,
    play_turn,
    rb_turn,
    reports,
    sb_button_for,
    show_hand,
    the_board,
    titled,
)
from tests.e2e.test_i18n import click_id  # noqa: E402
from tests.e2e.test_i18n_games import play_the_game_turn  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def use_system_chromium() -> None:
    """Playwright may not download browsers here; point its launcher at Debian's Chromium."""
    from playwright.async_api import BrowserType

    launch = BrowserType.launch

    async def launch_system(self, **kwargs):  # type: ignore[no-untyped-def]
        kwargs.setdefault("executable_path", CHROMIUM)
        kwargs.setdefault("args", ["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        return await launch(self, **kwargs)

    BrowserType.launch = launch_system  # type: ignore[method-assign]


AVATAR_HASH = "deckhand"


def show_avatar(env, out: Path) -> dict[str, tuple[str, bytes]]:  # type: ignore[no-untyped-def]
    """The application's avatar, as set in the Developer Portal (SimCord cannot take it through
    the API): the bot user carries its hash, and the preview is handed the picture for that URL."""
    from avatar import draw_avatar  # scripts/avatar.py
    from simcord.backend.cdn import CDN_BASE

    env.backend.bot_user.avatar = AVATAR_HASH
    url = f"{CDN_BASE}/avatars/{env.backend.bot_user.id}/{AVATAR_HASH}.png"
    picture = draw_avatar()
    (out / "avatar.png").write_bytes(picture)  # to upload in the Developer Portal
    return {url: ("avatar.png", picture)}


TURN_SECONDS = 40  # simulated time a person takes for a turn, so reports show a real duration


async def main(out: Path) -> None:
    use_system_chromium()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        bot = Deckhand(make_settings(Path(folder) / "shots.sqlite3"))
        async with simcord.run(bot) as env:
            # The bot as a server sees it: its name and its avatar.
            await env.bot.user.edit(username="Deckhand")
            assets = show_avatar(env, out)
            guild = env.create_guild(name="Game Night")
            channel = guild.create_text_channel("the-game")
            ann, bob, cat = (guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cat"))
            lobby = await ann.slash(channel, "game new")
            await bob.click(lobby.response, label="Join")
            await cat.click(lobby.response, label="Join")
            async with env.preview(
                channel, assets=assets, viewers=[ann, bob, cat], width=820, height=760
            ) as preview:
                await preview.screenshot(out / "lobby.png", viewer=ann, target=lobby.response)
                await ann.click(lobby.response, label="Start")
                table = env.bot.tables.in_channel(channel.id)
                members = {m.id: m for m in (ann, bob, cat)}
                for _ in range(4):
                    seat = table.state.current
                    await play_turn(members[table.seats[seat].user_id], channel, table, seat)
                    await env.advance_time(TURN_SECONDS)
                hand_owner = members[table.seats[table.state.current].user_id]
                await preview.screenshot(out / "board.png", viewer=ann, target=board(channel))
                hand = await show_hand(hand_owner, channel)
                await preview.screenshot(out / "hand.png", viewer=hand_owner, target=hand)
                # The two menus a hand opens: where a card may go, and the pile signals.
                seat = table.state.current
                card = next(
                    c for c in table.state.hands[seat] if c in table.state.private_view(seat).playable
                )
                chosen = await hand_owner.click(hand, label=str(card))
                await preview.screenshot(out / "pile-choice.png", viewer=hand_owner, target=chosen.response)
                back = await hand_owner.click(chosen.response, label="Cancel")
                panel = await hand_owner.click(back.response, label="Pile signals")
                await preview.screenshot(out / "signals.png", viewer=hand_owner, target=panel.response)
                await hand_owner.click(panel.response, label="Back to my hand")
                # The talk rule: ordinary talk stays, a shared number is removed with a notice.
                await bob.send(channel, "careful with pile 2, I have something good for it")
                await cat.send(channel, "I have forty-seven")
                notice = [m for m in channel.history() if "looked like sharing" in m.content][-1]
                await preview.screenshot(out / "talk-rule.png", viewer=ann, target=notice)
                while table.status == "playing":
                    seat = table.state.current
                    await play_turn(members[table.seats[seat].user_id], channel, table, seat)
                    await env.advance_time(TURN_SECONDS)  # a turn takes its time at a real table
                await preview.screenshot(out / "final-report.png", viewer=ann, target=reports(channel)[-1])
                stats = await bob.slash(channel, "stats", member=ann)
                await preview.screenshot(out / "stats.png", viewer=bob, target=stats.response)
                board_of_fame = await bob.slash(channel, "leaderboard show")
                await preview.screenshot(out / "leaderboard.png", viewer=bob, target=board_of_fame.response)
            mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
            mod = guild.add_member(env.create_user("mod"), roles=[mods])
            await mod.slash(channel, "settings timer", minutes=5)
            settings = await mod.slash(channel, "settings show")
            async with env.preview(channel, assets=assets, viewers=[mod], width=820, height=520) as preview:
                await preview.screenshot(out / "settings.png", viewer=mod, target=settings.response)
            await other_games(env, guild, out, assets)
            await german_game(env, out, assets)
        # SimCord's shutdown does not call bot.close(); close the store so its thread ends.
        await bot.store.close()
    print(f"screenshots written to {out}")


async def other_games(env, guild, out: Path, assets: dict) -> None:  # type: ignore[no-untyped-def]
    dan, eve = (guild.add_member(env.create_user(n)) for n in ("dan", "eve"))
    people = {dan.id: dan, eve.id: eve}

    channel = guild.create_text_channel("skip-bo-junior")
    lobby = await dan.slash(channel, "game new", game="skip-bo-junior", stockpile=8)
    await eve.click(lobby.response, label="Join")
    await dan.click(lobby.response, label="Add AI seat: hard")
    async with env.preview(channel, assets=assets, viewers=[dan, eve], width=820, height=620) as preview:
        await preview.screenshot(out / "sbj-lobby.png", viewer=dan, target=lobby.response)
    await dan.click(lobby.response, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    async with env.preview(channel, assets=assets, viewers=[dan, eve], width=820, height=900) as preview:
        shot_taken = False
        while table.status == "playing":
            seat = table.state.current
            member = people[table.seats[seat].user_id]
            current = the_board(channel, "Skip-Bo Junior: turn")
            if not shot_taken and table.state.turn >= 6:
                await preview.screenshot(out / "sbj-board.png", viewer=member, target=current)
                shot_taken = True
            custom_id = sb_button_for(table, sb_ai.next_action(table.state, seat))
            await member.click(current, custom_id=custom_id)
        await preview.screenshot(
            out / "sbj-final.png", viewer=dan, target=titled(channel, "Skip-Bo Junior: final report")[-1]
        )

    channel = guild.create_text_channel("red-and-black")
    lobby = await dan.slash(channel, "game new", game="red-and-black")
    await eve.click(lobby.response, label="Join")
    await dan.click(lobby.response, label="Add AI seat: normal")
    await dan.click(lobby.response, label="Add AI seat: normal")
    async with env.preview(channel, assets=assets, viewers=[dan, eve], width=820, height=620) as preview:
        await preview.screenshot(out / "rb-lobby.png", viewer=dan, target=lobby.response)
    await dan.click(lobby.response, label="Start")
    table = env.bot.tables.in_channel(channel.id)
    async with env.preview(channel, assets=assets, viewers=[dan, eve], width=820, height=900) as preview:
        shot_taken = False
        while table.status == "playing":
            seat = table.state.current
            member = people[table.seats[seat].user_id]
            if not shot_taken and table.state.deal_index == 2 and table.state.turn >= 4:
                current = the_board(channel, "Red and Black: deal")
                await preview.screenshot(out / "rb-board.png", viewer=member, target=current)
                hand = await member.click(current, label="My hand")
                await member.click(hand.response, label="Draw from the stock")
                shown = await member.click(current, label="My hand")
                await preview.screenshot(out / "rb-hand.png", viewer=member, target=shown.response)
                shot_taken = True
                continue  # the turn goes on from the drawn card
            await rb_turn(member, channel, table, seat)
        await preview.screenshot(
            out / "rb-final.png", viewer=dan, target=titled(channel, "Red and Black: final standings")[-1]
        )


def send_client_languages(languages: dict[int, str]) -> None:
    """SimCord sends every interaction as en-US; Discord sends each member's client language and
    the server's. This sends the language of ``languages`` (by user id) and the server's own."""
    base_payload = simcord.interactions.base_payload

    def with_languages(backend, **kwargs):  # type: ignore[no-untyped-def]
        record, payload = base_payload(backend, **kwargs)
        payload["locale"] = languages.get(kwargs["user_id"], "en-US")
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    simcord.interactions.base_payload = with_languages


async def german_game(env, out: Path, assets: dict) -> None:  # type: ignore[no-untyped-def]
    """The Game on a server whose language in Discord is German, played by members whose clients
    are German: the board is the server's, the hand its owner's, both German."""
    guild = env.create_guild(name="Spieleabend", preferred_locale="de")
    channel = guild.create_text_channel("the-game")
    anna, ben, cleo = (guild.add_member(env.create_user(n)) for n in ("anna", "ben", "cleo"))
    send_client_languages({m.id: "de" for m in (anna, ben, cleo)})
    lobby = (await anna.slash(channel, "game new")).response
    await click_id(ben, lobby, "dh:join:")
    await click_id(cleo, lobby, "dh:join:")
    await click_id(anna, lobby, "dh:start:")
    table = env.bot.tables.in_channel(channel.id)
    members = {m.id: m for m in (anna, ben, cleo)}

    def german_board():  # type: ignore[no-untyped-def]
        return the_board(channel, "The Game: Zug")

    async with env.preview(
        channel, assets=assets, viewers=[anna, ben, cleo], width=820, height=760
    ) as preview:
        for _ in range(4):
            seat = table.state.current
            await play_the_game_turn(members[table.seats[seat].user_id], german_board(), table, seat)
            await env.advance_time(TURN_SECONDS)
        await env.settle()
        owner = members[table.seats[table.state.current].user_id]
        await preview.screenshot(out / "de-board.png", viewer=anna, target=german_board())
        hand = await click_id(owner, german_board(), f"dh:hand:{table.id}:")
        await preview.screenshot(out / "de-hand.png", viewer=owner, target=hand.response)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
