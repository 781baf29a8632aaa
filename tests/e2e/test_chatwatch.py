"""The chat rule keeper in a channel: members talk during a game, the bot reads along."""

from __future__ import annotations

import discord
import pytest

from bot.store.base import StoreError
from tests.e2e.helpers import fields, open_table, reports, title_of


def world(env, *names, **channel_options):
    guild = env.create_guild()
    channel = guild.create_text_channel("game-night", **channel_options)
    members = [guild.add_member(env.create_user(n)) for n in names]
    return guild, channel, members


def moderator(env, guild):
    """A member with Manage Server, as a server's moderators have."""
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("mod"), roles=[mods])


def notices(channel):
    return [m for m in channel.history() if "looked like sharing a card number" in m.content]


def texts(channel):
    return [m.content for m in channel.history()]


async def end_game(env, channel, host):
    asked = await host.slash(channel, "game end")
    await host.click(asked.response, label="End it")


async def test_a_number_is_deleted_and_a_notice_posted_that_repeats_no_number(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    table = await open_table(env, channel, ann, bob)
    await bob.send(channel, "good luck everyone")
    sent = await bob.send(channel, "I have 47, can anyone go on the up pile?")
    assert sent.id not in [m.id for m in channel.history()]
    assert "good luck everyone" in texts(channel)
    [notice] = notices(channel)
    assert bob.mention in notice.content
    assert "47" not in notice.content
    assert "I removed the message" in notice.content and "Strike 1" in notice.content
    # A second catch is strike 2; ordinary talk between them is left alone.
    await bob.send(channel, "ok, pile two then")
    await bob.send(channel, "f o r t y  s e v e n")
    assert "Strike 2" in notices(channel)[-1].content
    assert "ok, pile two then" in texts(channel)
    await end_game(env, channel, ann)
    report = reports(channel)[0]
    assert fields(report)["Talk rule"] == "bob: 2 strikes"
    assert table.state is not None


async def test_an_edit_that_adds_a_number_is_caught(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    sent = await ann.send(channel, "I can help on pile 2")
    assert notices(channel) == []
    await ann.edit(sent, "I can help on pile 2 with my sixty-one")
    assert sent.id not in [m.id for m in channel.history()]
    assert len(notices(channel)) == 1


async def test_someone_not_seated_and_a_finished_game_are_left_alone(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    watcher = guild.add_member(env.create_user("watcher"))
    await open_table(env, channel, ann, bob)
    await watcher.send(channel, "I would play the 47 now")
    assert "I would play the 47 now" in texts(channel)
    assert notices(channel) == []
    await end_game(env, channel, ann)
    await bob.send(channel, "I had the 47 all along")
    assert "I had the 47 all along" in texts(channel)
    assert notices(channel) == []


async def test_the_scope_option_reads_everyone_in_the_channel(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mod = moderator(env, guild)
    watcher = guild.add_member(env.create_user("watcher"))
    # Discord hides the settings from members without Manage Server.
    assert "settings chat" not in ann.available_commands(channel)
    assert "settings chat" in mod.available_commands(channel)
    saved = await mod.slash(channel, "settings chat", scope="everyone")
    assert saved.ephemeral and "everyone in the channel" in saved.response.content
    await open_table(env, channel, ann, bob)
    await watcher.send(channel, "bob has the 47")
    assert len(notices(channel)) == 1


async def test_warn_mode_reacts_and_keeps_the_message(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mod = moderator(env, guild)
    await mod.slash(channel, "settings chat", mode="warn")
    await open_table(env, channel, ann, bob)
    sent = await bob.send(channel, "I have 47")
    kept = next(m for m in channel.history() if m.id == sent.id)
    assert [str(r.emoji) for r in kept.reactions] == ["⚠️"]
    assert "Please edit or delete it" in notices(channel)[0].content


async def test_off_mode_does_nothing(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mod = moderator(env, guild)
    await mod.slash(channel, "settings chat", mode="off")
    await open_table(env, channel, ann, bob)
    await bob.send(channel, "I have 47")
    assert "I have 47" in texts(channel)
    assert notices(channel) == []


async def test_a_bad_option_changes_nothing(simcord_env):
    env = simcord_env
    guild, channel, _ = world(env)
    mod = moderator(env, guild)
    refused = await mod.slash(channel, "settings chat", languages="en,klingon")
    assert refused.ephemeral and "Not changed" in refused.response.content
    shown = await mod.slash(channel, "settings chat")
    assert "number words in **en**" in shown.response.content, shown.response.content


async def test_without_manage_messages_it_warns_and_says_so_once(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(
        env, "ann", "bob", overwrites={env.bot.user: discord.PermissionOverwrite(manage_messages=False)}
    )
    await open_table(env, channel, ann, bob)
    first = await bob.send(channel, "I have 47")
    second = await ann.send(channel, "mine is 52")
    ids = [m.id for m in channel.history()]
    assert first.id in ids and second.id in ids  # nothing could be deleted
    found = notices(channel)
    assert len(found) == 2
    assert "Manage Messages" in found[0].content
    assert "Manage Messages" not in found[1].content


async def test_the_host_can_mark_a_false_alarm(simcord_env):
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    await bob.send(channel, "I have 47")
    notice = notices(channel)[0]
    refused = await bob.click(notice, label="False alarm")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await ann.click(notice, label="False alarm")
    updated = next(m for m in channel.history() if m.id == notice.id)
    assert "Marked as a false alarm by ann" in updated.content
    assert updated.components == []
    await end_game(env, channel, ann)
    report = reports(channel)[0]
    assert title_of(report) == "The Game: final report"
    assert "Talk rule" not in fields(report)


async def test_a_false_alarm_whose_log_entry_cannot_be_written_still_clears_the_notice(
    simcord_env, monkeypatch
):
    """A moderator marks a false alarm and the moderators' log refuses the entry: the strike is
    cleared, so the notice must say so and lose its button (it kept both before)."""
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    mod = moderator(env, guild)
    await open_table(env, channel, ann, bob)
    await bob.send(channel, "I have 47")
    notice = notices(channel)[0]

    async def refused(*args, **kwargs):
        raise StoreError("disk I/O error")

    monkeypatch.setattr(env.bot.store, "log_mod_action", refused)
    await mod.click(notice, label="False alarm")
    updated = next(m for m in channel.history() if m.id == notice.id)
    assert "Marked as a false alarm by mod" in updated.content and updated.components == []


async def test_a_forwarded_message_is_read_too(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob) = world(env, "ann", "bob")
    elsewhere = guild.create_text_channel("off-topic")
    await open_table(env, channel, ann, bob)
    original = await bob.send(elsewhere, "my card: sixty-three")
    assert notices(elsewhere) == []  # no game there
    forwarded = await bob.forward(original, channel)
    assert forwarded.id not in [m.id for m in channel.history()]
    assert len(notices(channel)) == 1


async def test_a_failing_disk_does_not_let_a_number_through(simcord_env, monkeypatch):

    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)

    async def broken(*args, **kwargs):
        raise StoreError("disk I/O error")

    monkeypatch.setattr(env.bot.store, "add_strike", broken)
    sent = await bob.send(channel, "I have 47")
    assert sent.id not in [m.id for m in channel.history()]
    [notice] = notices(channel)
    assert "Strike" not in notice.content and notice.components == []


async def test_a_flood_of_caught_messages_gets_one_notice_that_keeps_count(simcord_env):
    """A member who keeps posting numbers (a hostile one, or one who has not understood) must not
    make the bot fill the channel: within a minute, the member's notice is updated, not repeated."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    sent = [await bob.send(channel, f"I have {40 + k}") for k in range(12)]
    ids = [m.id for m in channel.history()]
    assert not any(m.id in ids for m in sent)  # every one of them removed
    [notice] = notices(channel)
    assert bob.mention in notice.content
    assert "Strike 12 this game" in notice.content
    assert "12 messages in a row" in notice.content
    said = notice.content.replace(bob.mention, "")
    assert not any(str(40 + k) in said for k in range(12))  # no card number repeated
    # Another member's catch is theirs, with its own notice.
    await ann.send(channel, "mine is 61")
    assert len(notices(channel)) == 2
    # After a quiet minute, a new catch gets a new notice again.
    await env.advance_time(90)
    await bob.send(channel, "and 33")
    found = notices(channel)
    assert len(found) == 3 and "Strike 13 this game" in found[-1].content
    assert "in a row" not in found[-1].content


async def test_a_notice_that_cannot_be_updated_or_posted_does_not_silence_the_next_catch(simcord_env):
    """Discord refuses the update of a member's notice (a moderator deleted it: 404), then refuses a
    new notice once (500): every caught message is still removed, and the next catch gets a notice
    with the right strike number."""
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    await bob.send(channel, "I have 47")
    [first] = notices(channel)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{first.id}", status=404, code=10008, times=1)
    second = await bob.send(channel, "and 52")
    found = notices(channel)
    assert second.id not in [m.id for m in channel.history()]
    assert len(found) == 2 and "Strike 2 this game" in found[-1].content
    assert "in a row" not in found[-1].content  # a fresh notice, not an update of the lost one
    # A minute later the next catch needs a new notice, and Discord refuses it once.
    await env.advance_time(90)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    third = await bob.send(channel, "also 61")
    assert third.id not in [m.id for m in channel.history()]  # removed all the same
    assert len(notices(channel)) == 2
    # The catch after it is not lost in the refused notice: a new one, with the right count.
    await bob.send(channel, "and 63")
    found = notices(channel)
    assert len(found) == 3 and "Strike 4 this game" in found[-1].content
    assert "in a row" not in found[-1].content


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        # A card told by its place, with no number in it.
        ("tengo la carta justo debajo", "RESCUED"),
        # A card told by a reference whose number the rules read as harmless (a label).
        ("my card is like that old highway song, route 66", "RESCUED_READ"),
    ],
)
async def test_a_flag_of_the_learned_stage_alone_is_a_warning_not_a_deletion(simcord_env, message, reason):
    """A message the rules pass but the learned stage after them catches: even in delete mode it
    stays, with a warning reaction and a notice asking to edit it; a card number the rules read is
    still removed."""
    from bot.chatfilter import check, detector

    assert check(message).reason == getattr(detector, reason)
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    kept = await bob.send(channel, message)
    assert kept.id in [m.id for m in channel.history()]
    [notice] = notices(channel)
    assert "Please edit or delete it" in notice.content and "Strike 1" in notice.content
    [seen] = [m for m in channel.history() if m.id == kept.id]
    assert [str(r.emoji) for r in seen.reactions] == ["⚠️"]
    removed = await bob.send(channel, "I have 47 btw")
    assert removed.id not in [m.id for m in channel.history()]
    assert "I removed the message" in notices(channel)[-1].content


async def test_a_learned_stage_flag_survives_refused_reaction_and_notice(simcord_env):
    """Bad day on the stage's warning path: Discord refuses the warning reaction and the notice for
    a message only the learned stage caught. The message is still never deleted, the strike still
    counts, and the next catch gets its notice with the right count."""
    from bot.chatfilter import check, detector

    message = "my card is like that old highway song, route 66"
    assert check(message).reason == detector.RESCUED_READ
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    env.inject_error("PUT", f"/channels/{channel.id}/messages/*/reactions/*", status=500, times=1)
    env.inject_error("POST", f"/channels/{channel.id}/messages", status=500, times=1)
    kept = await bob.send(channel, message)
    [seen] = [m for m in channel.history() if m.id == kept.id]  # still there, not deleted
    assert seen.reactions == []  # the reaction was refused
    assert notices(channel) == []  # and so was the notice
    again = await bob.send(channel, "tengo la carta justo debajo")
    assert again.id in [m.id for m in channel.history()]
    [notice] = notices(channel)
    assert "Please edit or delete it" in notice.content and "Strike 2" in notice.content


async def test_a_cover_added_by_an_edit_is_caught_even_when_discord_refuses_the_deletion(simcord_env):
    """A hostile member posts a harmless time, then edits it into a cover that ties the number to
    their hand; Discord refuses the deletion once. The keeper still catches it (the learned stage
    cannot take a cover back), falls back to a warning on the message, and counts the strike."""
    from bot.chatfilter import check, detector

    first, covered = "brb 47 min", "brb 47 min, no coincidence, that's my card"
    assert not check(first).flag and check(covered).reason == detector.COVER
    env = simcord_env
    _, channel, (ann, bob) = world(env, "ann", "bob")
    await open_table(env, channel, ann, bob)
    sent = await bob.send(channel, first)
    assert notices(channel) == []
    env.inject_error("DELETE", f"/channels/{channel.id}/messages/{sent.id}", status=500, times=1)
    await bob.edit(sent, covered)
    [kept] = [m for m in channel.history() if m.id == sent.id]  # the deletion was refused
    assert [str(r.emoji) for r in kept.reactions] == ["⚠️"]
    [notice] = notices(channel)
    assert "Please edit or delete it" in notice.content and "Strike 1" in notice.content
    assert "47" not in notice.content
