"""The chat rule keeper in Discord: reads a channel while The Game is played there.

Only channels with a running game of The Game are read, and by default only the seated players'
messages (server option: everyone in the channel). New messages and edits are checked, with the
text of forwarded messages and polls. Depending on the server option a caught message is left
alone, warned about (a reaction and a short notice) or deleted (with a short notice). A notice
never repeats the number. Each catch is a strike for that player in that game, shown in the final
report; the host or a moderator can mark it a false alarm.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.ext import commands

from bot.chatfilter import Context, Verdict, check
from bot.chatfilter.detector import STAGE
from bot.i18n import SOURCE, _, language_of, ngettext, using
from bot.options import GuildOptions
from bot.store.base import StoreError
from bot.tables import PLAYING, Table, TableError
from bot.translator import member_language, server_language
from bot.ui.base import DISCORD_FAULTS
from bot.ui.components import Click, TableButton, view_of
from cogs.tables import applied, is_mod

log = logging.getLogger(__name__)

WARN_EMOJI = "⚠️"
# A member caught again within this many seconds of their last notice has that notice updated
# (the count of messages in a row, the strike number) instead of a new one: a flood of numbers
# must not become a flood of the bot's notices.
NOTICE_WINDOW = 60.0


@dataclass
class _Notice:
    """A member's last notice in a table's channel, and how many catches it stands for."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message: discord.Message | None = None
    at: float = 0.0
    caught: int = 0


def message_text(message: discord.Message) -> str:
    """Everything a player wrote in the message: its text, forwarded text, poll question and answers."""
    parts = [message.content or ""]
    for snapshot in getattr(message, "message_snapshots", None) or ():
        parts.append(getattr(snapshot, "content", "") or "")
    poll = getattr(message, "poll", None)
    if poll is not None:
        parts.append(getattr(poll.question, "text", None) or str(poll.question or ""))
        parts.extend(answer.text or "" for answer in poll.answers)
    return "\n".join(p for p in parts if p)


class ChatWatch(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.store = bot.store
        self._told_no_permission: set[int] = set()  # tables told once that deleting is not possible
        self._notices: dict[tuple[int, int], _Notice] = {}  # (table, member): their last notice

    # ---- reading the channel -------------------------------------------------------------------

    def _watched_table(self, channel_id: int) -> Table | None:
        table = self.tables.in_channel(channel_id)
        if table is None or table.status != PLAYING or table.state is None or not table.spec.talk_rule:
            return None  # the other games allow talk
        return table

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        await self._inspect(message)

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        if self._watched_table(payload.channel_id) is None:
            return
        message = getattr(payload, "message", None)
        if message is None:
            channel = self.bot.get_channel(payload.channel_id)
            if channel is None:
                return
            try:
                message = await channel.fetch_message(payload.message_id)
            except DISCORD_FAULTS:
                return
        await self._inspect(message)

    async def _inspect(self, message: discord.Message) -> None:
        if message.guild is None or message.author.bot or message.webhook_id is not None:
            return
        table = self._watched_table(message.channel.id)
        if table is None:
            return
        channel = message.channel
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        options = await self.bot.guild_settings.for_channel(message.guild.id, channel.id, parent_id)
        if options.chat_mode == "off":
            return
        seat = table.seat_of(message.author.id)
        if seat is None and options.chat_scope == "seated":
            return
        text = message_text(message)
        if not text:
            return
        state = table.state
        assert state is not None
        # The server's language, when Deckhand speaks it: the notice's, and the keeper reads it.
        language = options.language or language_of(message.guild.preferred_locale)
        context = Context(
            hand=frozenset(state.hands[seat]) if seat is not None else frozenset(),
            pile_tops=tuple(state.piles),
            hand_size=state.hand_size,
            languages=options.reading_languages(language),
        )
        verdict = check(text, context)
        if not verdict.flag:
            return
        # The verdict's numbers may come from the sender's hand: never above DEBUG.
        log.debug("table %s: message %s caught: %s", table.id, message.id, verdict)
        log.info(
            "table %s: a message of user %s broke the talk rule (%s)",
            table.id,
            message.author.id,
            verdict.severity,
        )
        with using(language or SOURCE):
            await self._act(table, message, verdict, options)

    async def _act(
        self, table: Table, message: discord.Message, verdict: Verdict, options: GuildOptions
    ) -> None:
        """Strike, delete or react, and post the notice (in the current language: the server's)."""
        channel = message.channel
        me = message.guild.me if message.guild else None
        perms = channel.permissions_for(me) if me is not None else None  # type: ignore[union-attr,arg-type]
        action = options.chat_mode
        if action == "delete" and verdict.reason.startswith(STAGE):
            # Flagged by the learned stage alone (the rules read no card number in it): a warning,
            # never a deletion (the stage is sure less often than the rules, and a warning costs nothing).
            action = "warn"
        fallback_note = ""
        if action == "delete" and perms is not None and not perms.manage_messages:
            action = "warn"
            if table.id not in self._told_no_permission:
                self._told_no_permission.add(table.id)
                fallback_note = "\n" + _(
                    "I lack the **Manage Messages** permission here, so I can only warn, not delete."
                )
        try:
            strike: int | None = await self.store.add_strike(
                table.id,
                message.author.id,
                message.id,
                verdict.severity or "low",
                action,
                discord.utils.utcnow().isoformat(),
            )
            if strike is None:
                return  # this message was caught before (an edit of it)
        except StoreError:
            # The secret matters more than the tally: act on the message all the same.
            log.exception("table %s: could not record a strike", table.id)
            strike = None
        if action == "delete":
            try:
                await message.delete()
            except discord.NotFound:
                pass
            except DISCORD_FAULTS as exc:
                log.warning("table %s: could not delete a caught message: %s", table.id, exc)
                action = "warn"
        if action == "warn" and (perms is None or perms.add_reactions):
            with contextlib.suppress(*DISCORD_FAULTS):
                await message.add_reaction(WARN_EMOJI)
        if action == "delete":
            said = _(
                "{player}, that looked like sharing a card number, which The Game's rules forbid. "
                "I removed the message."
            )
        else:
            said = _(
                "{player}, that looked like sharing a card number, which The Game's rules forbid. "
                "Please edit or delete it."
            )
        tally = ""
        if strike is not None:
            with contextlib.suppress(StoreError):
                counts = await self.store.strikes(table.id)
                tally = " " + _("Strike {number} this game.").format(number=counts.get(message.author.id, 0))
        text = f"{WARN_EMOJI} {said.format(player=message.author.mention)}{tally}{fallback_note}"
        view = (
            view_of(TableButton("falsealarm", table.id, 0, strike, label=_("False alarm")))
            if strike is not None
            else None
        )
        mentions = discord.AllowedMentions(users=[message.author], roles=False)
        now = asyncio.get_running_loop().time()
        for key, old in list(self._notices.items()):  # forget notices no catch can join any more
            if now - old.at >= NOTICE_WINDOW and not old.lock.locked():
                del self._notices[key]
        notice = self._notices.setdefault((table.id, message.author.id), _Notice())
        async with notice.lock:  # two catches of one member at once make one notice
            now = asyncio.get_running_loop().time()
            if notice.message is not None and now - notice.at < NOTICE_WINDOW:
                notice.caught += 1
                in_a_row = ngettext("{count} message in a row.", "{count} messages in a row.", notice.caught)
                try:  # its False alarm button stays with the first strike of the run
                    await notice.message.edit(
                        content=f"{text} {in_a_row.format(count=notice.caught)}", allowed_mentions=mentions
                    )
                    notice.at = now
                    return
                except DISCORD_FAULTS as exc:  # gone, or not editable: post a new one
                    log.warning("table %s: could not update a chat notice: %s", table.id, exc)
            try:
                notice.message = await channel.send(text, view=view, allowed_mentions=mentions)
                notice.at, notice.caught = now, 1
            except DISCORD_FAULTS as exc:
                notice.message = None
                log.warning("table %s: could not post the chat notice: %s", table.id, exc)

    # ---- the host marks a false alarm ----------------------------------------------------------

    async def _click_falsealarm(self, interaction: discord.Interaction, click: Click) -> None:
        with using(member_language(interaction)):  # a refusal is for the one who clicked
            if len(click.args) != 1 or not click.args[0].isdigit():
                raise TableError(_("That button is not one of mine."))
            table = self.tables.by_id(click.table_id)
            host = table.host_id if table is not None else None
            if interaction.user.id != host and not await is_mod(self.bot, interaction):
                raise TableError(_("Only the host or a moderator can mark a false alarm."))
            cleared = await self.store.clear_strike(
                click.table_id,
                int(click.args[0]),
                interaction.user.id,
                channel_id=interaction.channel_id or 0,
            )
            if cleared is None:
                raise TableError(_("That strike was cleared already, or is not one of this channel."))
            applied(interaction, table=False)
        if interaction.user.id != host:
            try:
                await self.store.log_mod_action(
                    interaction.guild_id or 0,
                    interaction.user.id,
                    "false_alarm",
                    {"table_id": click.table_id, "strike": int(click.args[0])},
                    discord.utils.utcnow().isoformat(),
                )
            except StoreError:  # the strike is cleared: its notice must say so all the same
                log.exception("could not record the moderator's false alarm")
        settings = self.bot.guild_settings
        with using(await server_language(settings, interaction.guild_id, interaction.guild_locale)):
            content = _("Marked as a false alarm by {name}; no strike for {player}.").format(
                name=interaction.user.display_name, player=f"<@{cleared['user_id']}>"
            )
        await interaction.response.edit_message(
            content=content, view=None, allowed_mentions=discord.AllowedMentions.none()
        )
        if cleared["action"] == "warn" and interaction.channel is not None:
            with contextlib.suppress(*DISCORD_FAULTS):
                await interaction.channel.get_partial_message(cleared["message_id"]).remove_reaction(
                    WARN_EMOJI, self.bot.user
                )


async def setup(bot: Any) -> None:
    await bot.add_cog(ChatWatch(bot))
