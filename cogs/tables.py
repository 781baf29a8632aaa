"""Tables in channels: the /game commands, every table button, the board, turn notices, AI seats
and timers. Thin: it parses what a member wants, asks the table service, and shows the outcome.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import io
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands, tasks
from pydantic import ValidationError

from bot import daily as daily_deals
from bot import i18n
from bot.ai import DEFAULT_LEVEL
from bot.catalog import GAMES
from bot.deadlines import Deadlines
from bot.games import thegame
from bot.i18n import N_, _, ngettext, using
from bot.store.base import StoreError
from bot.tables import FINISHED, LOBBY, PLAYING, Outcome, StaleView, Table, TableError, TableService
from bot.translator import member_language, server_language
from bot.ui import render
from bot.ui.base import DISCORD_FAULTS, Presentation, as_layout
from bot.ui.components import Click, TableButton, button_keys
from bot.ui.games import presentation

log = logging.getLogger(__name__)
T = TypeVar("T")

APOLOGY = N_("Sorry, something went wrong on my side. The game is safe; please try again.")
# Said instead when what was asked was done and saved, and only the answer to it failed.
APPLIED = N_(
    "That went through, but my answer to it did not. The table's message in the channel shows "
    "where things stand."
)
APOLOGY_ELSEWHERE = N_("Sorry, something went wrong on my side; please try again.")
APPLIED_ELSEWHERE = N_("That went through, but my answer to it did not.")
APPLIED_KEY = "deckhand_applied"  # in an interaction's extras: what it asked for is saved
BOARD_MAX_AGE = 3600.0  # seconds: an older board is posted again at the bottom
BOARD_MAX_SCROLL = 15  # messages after the board before it is posted again at the bottom
# A post whose answer was lost is looked for among the messages posted after a moment its caller
# knows (see LostPost), less this much for the difference between our clock and Discord's.
POST_CLOCK_SLACK = timedelta(seconds=30)
BOARD_KINDS = frozenset({"hand", "act"})  # the kinds of button a board of any game carries
MAX_BACKOFF = 60.0  # seconds between two tries to bring a channel up to date, at most
SWEEP_TRIES = 8  # rounds of retrying a failed delete (2 s to MAX_BACKOFF apart, about 4 minutes)
HAND_FOLLOWS_FOR = 14 * 60  # seconds an open hand is redrawn when the turn comes (Discord allows 15 min)
ANSWER_DEADLINE = 2.0  # seconds: a click whose work takes longer is deferred (Discord allows 3)
# Seconds the board, the turn notice and the AI seats wait for the answer to the play that moved
# them, at most: they follow the answer, so that their work does not delay it; a slow Discord
# does not hold them up longer than this.
PRESENT_AFTER_ANSWER = 0.5
CATCH_UP_PER_SECOND = 5  # boards brought up to date per second after a start
SET_ASIDE = N_(
    "The game at this table could not be restored after my restart, so I set it aside (its record "
    "is kept for the moderators). Open a new table with `/game new`."
)
NEEDED = ("view_channel", "send_messages", "embed_links", "read_message_history")
# The permissions as a refusal names them (in English as Discord's own words, title-cased).
PERMISSION_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages In Threads"),
    "embed_links": N_("Embed Links"),
    "read_message_history": N_("Read Message History"),
}
GAME_CHOICES = [app_commands.Choice(name=spec.title, value=spec.name) for spec in GAMES.values()]


def rules_text(game: str = thegame.NAME, language: str = "en") -> str:
    """The game's rule sheet in this language (seeds/<game>.<language>.md), else in English."""
    names = [f"{game}.{language}.md"] if language != "en" else []
    for name in [*names, f"{game}.md"]:
        for root in (Path(__file__).resolve().parents[1], Path.cwd()):
            path = root / "seeds" / name
            if path.is_file():
                return path.read_text(encoding="utf-8")
    return _("The rule sheet is missing from this installation.")


def is_moderator(member: discord.abc.User | None, role_id: int | None = None) -> bool:
    """Manage Server, Administrator, or the moderator role the server named in /settings."""
    perms = getattr(member, "guild_permissions", None)
    if perms and (perms.manage_guild or perms.administrator):
        return True
    return role_id is not None and any(r.id == role_id for r in getattr(member, "roles", ()))


async def is_mod(bot: Any, interaction: discord.Interaction) -> bool:
    if interaction.guild_id is None:
        return False
    options = await bot.guild_settings.guild(interaction.guild_id)
    return is_moderator(interaction.user, options.moderator_role)


def mention_only(user_id: int | None) -> discord.AllowedMentions:
    """Ping this one member and nobody else, whatever a name in the text looks like."""
    users = [discord.Object(id=user_id)] if user_id is not None else False
    return discord.AllowedMentions(everyone=False, users=users, roles=False, replied_user=False)


def missing_permissions(channel: Any, me: discord.Member) -> list[str]:
    perms = channel.permissions_for(me)
    needed = list(NEEDED)
    if isinstance(channel, discord.Thread):
        needed[needed.index("send_messages")] = "send_messages_in_threads"
    return [_(PERMISSION_NAMES[p]) for p in needed if not getattr(perms, p)]


async def reply(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral line to the one who clicked or typed, whether or not we answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


DEFERRAL = "deckhand_deferral"  # in an interaction's extras: its deferred answer on its way


async def in_time(interaction: discord.Interaction, work: Awaitable[T], deferrals: Deadlines) -> T:
    """Await the work of a click; if it is not done by ANSWER_DEADLINE (the delay of
    `deferrals`), tell Discord the answer is coming (a deferred update), so that the click does
    not fail when the store is slow. The work runs in the click's own task, no task of its own:
    should that task be cancelled, an action handed to the store is still written and the table
    follows it (the table service waits for its writes to end, see bot.tables.to_its_end)."""
    late = deferrals.add(functools.partial(_defer_late, interaction))
    try:
        return await work
    finally:
        late.cancel()
        deferral = interaction.extras.pop(DEFERRAL, None)
        if deferral is not None:
            await deferral  # the answer goes after Discord has taken the deferral


def _defer_late(interaction: discord.Interaction) -> None:
    if interaction.response.is_done():
        return
    interaction.extras[DEFERRAL] = asyncio.ensure_future(_defer(interaction))


async def _defer(interaction: discord.Interaction) -> None:
    try:
        if interaction.type is discord.InteractionType.application_command:
            # A command's late answer may be a refusal, which is for the one who typed it alone: its
            # deferral is theirs only, and what the command makes public goes to the channel itself.
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
    except DISCORD_FAULTS as exc:
        log.warning("could not defer the answer to a click: %r", exc)


async def redraw(interaction: discord.Interaction, **message: Any) -> None:
    """Answer a click by redrawing the message it came from (after a deferral, by editing it)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.edit_message(**message)


def _answer_hand(shown: Presentation, user_id: int, action: dict, table: Table) -> tuple[int, dict] | None:
    """What a player's action is answered with, where the answer is theirs (their new hand, or what
    their game shows after such an action), as the message's arguments; with the table's version
    it shows. None if they have no seat."""
    seat = table.seat_of(user_id)
    if seat is None or table.state is None:
        return None
    message = (shown.after(table, seat, action) if shown.after else None) or shown.hand(table, seat, None)
    return table.version, message.kwargs()


def once(kind: str, table: Table, *key: object) -> str:
    """The nonce of a message the presenter posts once (a turn's notice, a timer's notice, the final
    report; a board or a lobby, keyed by the message it replaces): the same for every try.
    discord.py asks Discord to enforce it, so a try whose post went through but whose answer was
    lost returns that message instead of posting a second one. A board or lobby message posted
    again because someone deleted it replaces another message, so its nonce is a new one (Discord
    would otherwise hand back the deleted message)."""
    text = ":".join(map(str, (kind, table.id, *key)))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()  # 24 characters, Discord's 25 at most


@dataclass(frozen=True)
class LostPost:
    """How to know a post of ours that went through with its answer lost: a message of the bot's
    in the channel, posted after `since` (less POST_CLOCK_SLACK), that is not one of `exclude`
    (the message this post replaces), and whose buttons are all of this table and of these
    `kinds` (and there is at least one). A board's buttons change with the turn, so a board is
    known by the kinds any board carries; a board drawn without buttons (an AI seat's turn in
    Skip-Bo Junior) is not found. A notice without buttons (a turn's, a reminder) is known by its
    `content` instead: a message of the bot's without components and with exactly that text."""

    table_id: int
    kinds: frozenset[str]
    since: datetime
    exclude: frozenset[int] = frozenset()
    content: str | None = None
    after_id: int = 0  # and after this message (the table's first board), by Discord's own clock

    def matches(self, message: discord.Message, bot_id: int) -> bool:
        if message.author.id != bot_id or message.id in self.exclude:
            return False
        if self.content is not None:
            return not message.components and message.content == self.content
        keys = button_keys([c.to_dict() for c in message.components])
        return bool(keys) and all(table == self.table_id and kind in self.kinds for kind, table in keys)

    async def find(self, channel: Any, bot_id: int) -> discord.Message | None:
        after = discord.Object(
            max(discord.utils.time_snowflake(self.since - POST_CLOCK_SLACK), self.after_id)
        )
        try:
            async for message in channel.history(limit=100, after=after, oldest_first=True):
                if self.matches(message, bot_id):
                    return message
        except discord.Forbidden:
            log.warning("channel %s: cannot read its history to find a lost post", channel.id)
        return None


def applied(interaction: discord.Interaction, table: bool = True) -> None:
    """What the interaction asked for is saved: a fault after this is not "nothing changed".
    `table`: it changed a table, whose message in the channel shows the change; else (a setting, a
    reset, a member forgotten) the answer says only that it went through."""
    interaction.extras[APPLIED_KEY] = APPLIED if table else APPLIED_ELSEWHERE


def sorry(interaction: discord.Interaction, table: bool = True) -> str:
    """The apology for a fault of ours or of Discord's, true to whether the change was saved.
    `table`: the interaction was about a table (whose game is safe); else a server's stats,
    settings or a member's data."""
    return _(interaction.extras.get(APPLIED_KEY) or (APOLOGY if table else APOLOGY_ELSEWHERE))


def _discords_fault(error: BaseException) -> bool:
    """Whether an error is Discord's doing or the network's: Discord down or busy (5xx, 429), the
    interaction expired (its 3 seconds missed), a timeout, a connection lost. Not a request Discord
    refused as malformed (another 4xx: what we sent was wrong), nor an OSError of our own (a disk)."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429 or error.code == 10062  # Unknown interaction
    return isinstance(error, (TimeoutError, ConnectionError, aiohttp.ClientError))


async def apologise(
    interaction: discord.Interaction, error: app_commands.AppCommandError, table: bool = True
) -> None:
    """A command failed by a fault of ours or of Discord's: logged, and the one who asked is told,
    true to whether what they asked for was saved (see `applied`; `table`: see `sorry`). Every cog
    with commands uses it."""
    original = getattr(error, "original", error)
    command = interaction.command.qualified_name if interaction.command else "?"
    if _discords_fault(original):
        # Discord failed (its answer to ours, most often): a fault to note, not a fault of ours.
        log.warning(
            "command %s in channel %s for user %s: Discord failed: %r",
            command,
            interaction.channel_id,
            interaction.user.id,
            original,
        )
    else:
        log.error(
            "command %s failed in channel %s for user %s",
            command,
            interaction.channel_id,
            interaction.user.id,
            exc_info=original,
        )
    try:
        with using(member_language(interaction)):
            await reply(interaction, sorry(interaction, table))
    except DISCORD_FAULTS:
        log.warning("could not send the apology")


def said(exc: TableError) -> str:
    """A refusal in the current language. Refusals of the views are written in it already; the
    table service's and the rules engines' are message ids and values, said now."""
    return exc.said()


def user_errors(command: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """A TableError raised by a command is the user's mistake: tell them, ephemerally, and stop.
    The command speaks the member's language; what it shows the channel, the server's (see
    ``Tables._public``)."""

    @functools.wraps(command)
    async def wrapper(self: Tables, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> None:
        with using(member_language(interaction)):
            try:
                await command(self, interaction, *args, **kwargs)
            except TableError as exc:
                await reply(interaction, said(exc))

    return wrapper


class Tables(commands.Cog):
    game = app_commands.Group(name="game", description="Play a card game in this channel", guild_only=True)

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.tables: TableService = bot.tables
        settings = bot.settings
        self.board_interval: float = settings.board_interval
        self.ai_pause: float = settings.ai_pause
        self.tick_seconds: float = settings.tick_seconds
        self._board_dirty: set[int] = set()
        self._presenters: dict[int, asyncio.Task] = {}
        self._board_last: dict[int, float] = {}
        self._ai_tasks: dict[int, asyncio.Task] = {}
        self._scroll: dict[int, int] = {}
        self._tasks: set[asyncio.Task] = set()
        # Lobby messages to bring up to date (see _update_lobby): why each was closed, if it was;
        # and the lobbies whose message was never posted (the answer to /game new failed).
        self._lobby_dirty: set[int] = set()
        self._lobby_tasks: dict[int, asyncio.Task] = {}
        self._lobby_closed: dict[int, str] = {}
        # Per table, the nonces of posts that may have gone through unseen: a try failed (then
        # with how to know that post, see LostPost), a command's answer that holds the message was
        # lost, or the bot started since (see _post_once and _catch_up). A table's go once its
        # channel is up to date (see _present_loop).
        self._unanswered: dict[int, dict[str, LostPost | None]] = {}
        self._lobby_unposted: set[int] = set()
        # Per table, the absent-seat question a click answers (or answered): the record of the
        # choice, never deleted or asked again as an open question by a presenter that runs during
        # or after the click (see _drop_absent and _timer_notice).
        self._answers: dict[int, int] = {}
        # Per table, posts whose answer was lost and whose day is over (a notice of a turn that
        # ended, a question nobody needs to answer, a board of a game that ended): looked for and
        # deleted at the end of the presenter's pass, again until the lookup succeeds.
        self._obsolete: dict[int, list[LostPost]] = {}
        self._sweepers: dict[int, asyncio.Task] = {}  # per table: deleting its stale messages
        self._caught_up = False
        # The deadlines of every click, each kind on one timer (see bot/deadlines.py).
        self._deferrals = Deadlines(ANSWER_DEADLINE)
        self._present_late = Deadlines(PRESENT_AFTER_ANSWER)
        # Each player's open hand per table: the click that last drew it (its token may edit the
        # message for 15 minutes), when, and the language it is in (its owner's, who is not there
        # when it is redrawn). A restart forgets them; the next click draws one again.
        self._open_hands: dict[tuple[int, int], tuple[discord.Interaction, float, str]] = {}

    async def _language(self, guild_id: int | None) -> str:
        """The server's language, for what its channels see, with or without an interaction: the
        moderators' choice, else the server's language in Discord (its preferred locale)."""
        guild = self.bot.get_guild(guild_id) if guild_id is not None else None
        locale = getattr(guild, "preferred_locale", None)
        try:
            return await server_language(self.bot.guild_settings, guild_id, locale)
        except Exception:
            log.exception("could not read the language of server %s", guild_id)
            return await server_language(self.bot.guild_settings, None, locale)

    @contextlib.asynccontextmanager
    async def _public(self, guild_id: int | None) -> AsyncIterator[str]:
        """Write what the channel sees (a lobby, a board, a notice) in the server's language."""
        with using(await self._language(guild_id)) as language:
            yield language

    async def cog_load(self) -> None:
        self.ticker.change_interval(seconds=self.tick_seconds)
        self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()
        self._deferrals.close()
        self._present_late.close()
        tasks = [
            *self._presenters.values(),
            *self._ai_tasks.values(),
            *self._lobby_tasks.values(),
            *self._tasks,
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # on_ready comes again after every reconnect; the catch-up after a start runs once.
        if self._caught_up:
            return
        self._caught_up = True
        self._spawn(self._catch_up(), name="catch-up")

    async def _catch_up(self) -> None:
        """After a start: post final reports that a stop kept back, start AI seats, tell channels
        whose table was set aside, and bring boards up to date where they are behind the log, a few
        per second (not every board at once)."""
        for table in self.tables.unreported:
            # The final board and the final report the stop kept from the channel; the report may
            # have gone through unseen before the stop (see _post_once), and so may a board or a
            # lobby below.
            self._unanswer(table, once("report", table))
            self.present(table)
            if table.meta.get("stale_msgs"):
                self._sweep_later(table)
        self.tables.unreported.clear()
        for table in self.tables.leftovers:
            self._sweep_later(table)  # an ended game's messages a failed delete left before the stop
        self.tables.leftovers.clear()
        behind = []
        for table in self.tables.open_tables():
            if table.meta.get("stale_msgs"):
                self._sweep_later(table)  # messages a failed delete left before the stop
            if table.status == LOBBY and not table.meta.get("lobby_msg"):
                # A lobby whose message was never posted (its /game new answer failed before the
                # stop, and the post after it too): nobody can see it, so post it now.
                self._lobby_unposted.add(table.id)
                self._unanswer(table, once("lobby", table, 0))
                self._update_lobby(table)
            if table.status != PLAYING:
                continue
            self._start_ai(table)
            # A notice the stop may have kept back, or whose answer it may have lost (see _post_once).
            turn = table.spec.turn_of(table.state) if table.state is not None else None
            notice = table.meta.get("notice_turn") != turn
            if notice:
                self._unanswer(table, once("turn", table, turn))
            if table.meta.get("notice_due"):
                started = table.meta.get("turn_started")
                self._unanswer(table, once("reminder", table, started), once("absent", table, started))
            meta = table.meta
            reposting = bool(meta.get("board_posting")) and meta.get("board_posting") == meta.get("board_msg")
            if reposting:
                # A board was being posted anew when the bot stopped: post it, or find the one
                # that went through unseen (see _post_board).
                self._scroll[table.channel_id] = BOARD_MAX_SCROLL + 1
            if (
                table.meta.get("board_version") != table.version
                or table.meta.get("notice_due")
                or notice
                or reposting
            ):
                self._unanswer(table, once("board", table, table.meta.get("board_msg") or 0))
                behind.append(table)
        # Only now, after every table's possibly lost posts are noted above (a tick may present a
        # table while this waits on Discord).
        for aside in self.tables.set_aside:
            channel = self.bot.get_channel(aside.channel_id)
            if channel is None:
                continue
            try:
                async with self._public(aside.guild_id):
                    await channel.send(_(SET_ASIDE))
            except DISCORD_FAULTS as exc:
                log.warning("table %s: could not say it was set aside: %s", aside.table_id, exc)
        for table in behind:
            self.present(table)
            await asyncio.sleep(1 / CATCH_UP_PER_SECOND)

    def _spawn(self, coro: Any, name: str) -> asyncio.Task:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ---- commands ------------------------------------------------------------------------------

    @game.command(name="new", description="Open a table in this channel")
    @app_commands.describe(
        game="Which game (default: The Game)",
        expert="The Game: at least 3 cards a turn",
        smaller_hands="The Game: one card fewer in every hand",
        hand_size="The Game: cards per hand (1-8); overrides the usual size",
        minimum="The Game: cards to lay each turn while the draw pile lasts (1-4)",
        stockpile="Skip-Bo Junior: cards in each stockpile (5-20, default 10)",
        may_stop="Skip-Bo Junior: a player may end a turn while a card still fits",
        to_300="Red and Black: play until someone has 300 at the end of a deal, not 8 deals",
        turn_timer="Minutes a player has for a turn (0 = no timer)",
        daily="The Game: today's deal, the same cards for every table, beside the AI's result (once a day)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @user_errors
    async def new(
        self,
        interaction: discord.Interaction,
        game: str = thegame.NAME,
        expert: bool | None = None,
        smaller_hands: bool | None = None,
        hand_size: app_commands.Range[int, 1, 8] | None = None,
        minimum: app_commands.Range[int, 1, 4] | None = None,
        stockpile: app_commands.Range[int, 5, 20] | None = None,
        may_stop: bool | None = None,
        to_300: bool | None = None,
        turn_timer: app_commands.Range[int, 0, 120] | None = None,
        daily: bool | None = None,
    ) -> None:
        channel = interaction.channel
        guild = interaction.guild
        assert guild is not None and channel is not None
        missing = missing_permissions(channel, guild.me)
        if missing:
            await reply(
                interaction,
                ngettext(
                    "I cannot run a table here: I am missing the permission **{names}** in this channel. "
                    "Ask a moderator to grant it.",
                    "I cannot run a table here: I am missing the permissions **{names}** in this channel. "
                    "Ask a moderator to grant them.",
                    len(missing),
                ).format(names=", ".join(missing)),
            )
            return
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else None
        server = await self.bot.guild_settings.for_channel(guild.id, channel.id, parent_id)
        # Listed channels that were deleted meanwhile (while the bot was away, too) do not count, and
        # leave the list; with none left, tables open anywhere.
        places_here = [c for c in server.table_channels if guild.get_channel_or_thread(c) is not None]
        for gone in set(server.table_channels) - set(places_here):
            with contextlib.suppress(StoreError):
                await self.bot.guild_settings.drop_channel(guild.id, gone, discord.utils.utcnow().isoformat())
        if places_here and not {channel.id, parent_id} & set(places_here):
            places = ", ".join(f"<#{c}>" for c in places_here)
            await reply(interaction, _("Tables on this server open in {places}.").format(places=places))
            return
        if game not in GAMES:
            raise TableError(_("I do not know that game."))
        given = {
            "expert": expert,
            "smaller_hands": smaller_hands,
            "hand_size": hand_size,
            "minimum": minimum,
            "stockpile": stockpile,
            "may_stop": may_stop,
            "to_300": to_300,
        }
        shown = presentation(game)
        foreign = [
            name for name, value in given.items() if value is not None and name not in shown.option_names
        ]
        if foreign:
            title = GAMES[game].title
            raise TableError(
                ngettext(
                    "{names} is not an option of {game}.", "{names} are not options of {game}.", len(foreign)
                ).format(names=", ".join(f"`{name}`" for name in foreign), game=title)
            )
        if daily:
            if game != daily_deals.GAME:
                raise TableError(_("The deal of the day is a deal of The Game only."))
            changed = [name for name in daily_deals.FIXED if given[name] is not None]
            if changed:
                raise TableError(
                    _(
                        "The deal of the day is played with the usual hands and minimum, so that every "
                        "table plays the same game; leave out {names} (only `expert` may be chosen)."
                    ).format(names=", ".join(f"`{name}`" for name in changed))
                )
        try:
            if daily:
                options = daily_deals.command_options(server.expert if expert is None else expert)
            else:
                options = shown.command_options({name: given[name] for name in shown.option_names}, server)
        except ValidationError:
            await reply(interaction, _("Those options do not fit together; see `/game rules`."))
            return
        minutes = server.turn_timer if turn_timer is None else turn_timer
        timer = None if minutes is None else minutes * 60
        opening = self.tables.open_lobby(
            guild_id=guild.id,
            channel_id=channel.id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            options=options,
            turn_timer=timer,
            game=game,
            daily=bool(daily),
            limited=not await is_mod(self.bot, interaction),
        )
        table = await in_time(interaction, opening, self._deferrals)
        applied(interaction)
        if interaction.response.is_done():
            # Deferred (the store was slow), and only to the one who typed the command: the lobby is
            # posted in the channel by its own task, which tries again while Discord fails.
            self._lobby_unposted.add(table.id)
            self._update_lobby(table)
            await reply(interaction, _("The lobby is open; it is posted in this channel."))
            return
        async with self._public(guild.id):
            lobby = render.lobby(table).kwargs()
        sent = False
        try:
            await interaction.response.send_message(**lobby)
            sent = True
            message = await interaction.original_response()
        except BaseException:
            if not sent:
                # The lobby is open, but nobody sees it: post it in the channel (retried while
                # Discord fails), so that it can be joined, started or cancelled. (Sent, only its
                # id unknown: it is there, and posting it again would leave two.) The answer may
                # have reached Discord with only Discord's reply lost: looked for first.
                self._lobby_unposted.add(table.id)
                self._unanswer(table, once("lobby", table, 0))
                self._update_lobby(table)
            raise
        await self.tables.meta_update(table, lobby_msg=message.id)

    @game.command(name="join", description="Take a seat at the table in this channel")
    @user_errors
    async def join_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table_here(interaction)
        await self.tables.join(table.id, interaction.user.id, interaction.user.display_name)
        applied(interaction)
        self._update_lobby(table)  # first: the lobby shows the seat whatever becomes of the answer
        await reply(interaction, _("You are seated. The host starts the game."))

    @game.command(name="start", description="Deal the cards (host only)")
    @user_errors
    async def start_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table_here(interaction)
        outcome = await self.tables.start(table.id, interaction.user.id)
        applied(interaction)
        await self._started(outcome)
        self._update_lobby(table)
        await reply(
            interaction, _("Dealt. Good luck, team!") if table.spec.cooperative else _("Dealt. Good luck!")
        )

    @game.command(name="leave", description="Leave the table in this channel")
    @user_errors
    async def leave_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table_here(interaction)
        if table.status == LOBBY:
            await self.tables.leave_lobby(table.id, interaction.user.id)
            applied(interaction)
            self._update_lobby(table)
            await reply(interaction, _("You left the table."))
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError(_("You are not seated at this table."))
        if table.spec.leave is None and table.seats[seat].ai:
            # Left already, and an AI seat plays on: nothing to confirm. (In The Game a seat handed
            # to the AI by the host's choice about an absent player can still leave, and go.)
            raise TableError(_("Your seat is already played by the AI."))
        if table.spec.leave is not None:
            question = _(
                "Leave the game? Your cards go out of play and count as not laid. The others play on."
            )
        else:
            question = _(
                "Leave the game? An AI seat plays on in your place; the result still counts for your seat."
            )
        message = render.confirm("leaveok", table, question, _("Leave the game"))
        await interaction.response.send_message(**message.kwargs(), ephemeral=True)

    @game.command(name="hand", description="Show your hand (only you see it)")
    @user_errors
    async def hand_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table_here(interaction)
        await self._send_hand(interaction, table)

    @game.command(name="board", description="Post the board again at the bottom of the channel")
    @user_errors
    async def board_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table_here(interaction)
        if table.status != PLAYING:
            raise TableError(_("The game has not started yet."))
        await reply(interaction, _("Here is the board again."))
        self._scroll[table.channel_id] = BOARD_MAX_SCROLL + 1
        self.present(table)

    @game.command(name="end", description="End the running game or close the lobby (host or moderator)")
    @user_errors
    async def end_cmd(self, interaction: discord.Interaction) -> None:
        table = self._table_here(interaction)
        moderator = await is_mod(self.bot, interaction)
        if interaction.user.id != table.host_id and not moderator:
            raise TableError(_("Only the host or a moderator can end this table."))
        if table.spec.cooperative:
            question = _(
                "End this table for everyone? A running game ends as abandoned, scored as cards not laid."
            )
        else:
            question = _(
                "End this table for everyone? A running game ends as abandoned, "
                "with the standings as they are."
            )
        message = render.confirm("endok", table, question, _("End it"))
        await interaction.response.send_message(**message.kwargs(), ephemeral=True)

    @game.command(name="rules", description="How a game is played here")
    @app_commands.describe(game="Which game (default: the one at this table, else The Game)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules_cmd(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None:
            here = self.tables.in_channel(interaction.channel_id or 0)
            game = here.game if here is not None else thegame.NAME
        # The sheet is for the one who asked: in their language.
        with using(member_language(interaction)) as language:
            text = rules_text(game, language)
            title = _("{game}: rules").format(game=GAMES[game].title) if game in GAMES else _("Rules")
        # A sheet longer than an embed holds goes on in more embeds, section by section.
        pages: list[str] = []
        for number, section in enumerate(text.split("\n## ")):
            part = section if number == 0 else "## " + section
            if pages and len(pages[-1]) + 1 + len(part) <= 4000:
                pages[-1] += "\n" + part
            else:
                pages.append(part[:4000])
        embeds = [discord.Embed(description=page, colour=render.COLOUR) for page in pages[:10]]
        embeds[0].title = title
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

    @game.command(name="export", description="The record of the last finished game here, as a JSON file")
    @user_errors
    async def export_cmd(self, interaction: discord.Interaction) -> None:
        assert interaction.channel is not None
        record = await self.tables.export(interaction.channel.id)
        data = json.dumps(record, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"{record['game']}-{interaction.channel.id}.json")
        await interaction.response.send_message(
            _("The full record; replay it with `python -m bot replay FILE`."), file=file, ephemeral=True
        )

    def _table_here(self, interaction: discord.Interaction) -> Table:
        assert interaction.channel is not None
        table = self.tables.in_channel(interaction.channel.id)
        if table is None:
            raise TableError(_("There is no table in this channel. Open one with `/game new`."))
        return table

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await apologise(interaction, error)

    # ---- buttons -------------------------------------------------------------------------------

    async def on_click(self, interaction: discord.Interaction, click: Click) -> None:
        # What answers a click speaks the clicking member's language; what it shows the channel
        # (a lobby, the board, a notice) is written in the server's, in a block of its own.
        with using(member_language(interaction)):
            await self._on_click(interaction, click)

    async def _on_click(self, interaction: discord.Interaction, click: Click) -> None:
        # Buttons of other cogs (the chat rule keeper's "False alarm") come through here too.
        name = f"_click_{click.kind}"
        handler = next((h for cog in self.bot.cogs.values() if (h := getattr(cog, name, None))), None)
        try:
            if handler is None or getattr(handler, "__self__", None) is self:
                self._in_its_channel(interaction, click)
            if handler is not None:
                await handler(interaction, click)
            elif not await self._game_click(interaction, click):
                raise TableError(_("That button is not one of mine."))
        except StaleView as stale:
            await self._show_current(interaction, stale.table)
        except TableError as exc:
            await reply(interaction, said(exc))
        except Exception:
            log.exception(
                "button %s on table %s failed for user %s", click.kind, click.table_id, interaction.user.id
            )
            try:
                # The Community cog's buttons (a leaderboard reset, forget-me) are not a table's.
                about_a_table = getattr(getattr(handler, "__self__", None), "about_tables", True)
                await reply(interaction, sorry(interaction, about_a_table))
            except DISCORD_FAULTS:
                log.warning("could not send the apology")

    def _in_its_channel(self, interaction: discord.Interaction, click: Click) -> None:
        """A table's button acts only in the table's own channel, whatever message carried it."""
        table = self.tables.by_id(click.table_id)
        if table is not None and table.channel_id != interaction.channel_id:
            log.warning(
                "user %s pressed a button of table %s (channel %s) in channel %s",
                interaction.user.id,
                table.id,
                table.channel_id,
                interaction.channel_id,
            )
            raise TableError(_("That button belongs to a table in another channel; nothing was done."))

    def _lobby_table(self, click: Click) -> Table:
        table = self.tables.by_id(click.table_id)
        if table is None:
            raise TableError(_("This lobby is closed."))
        return table

    async def _lobby_change(self, interaction: discord.Interaction, change: Awaitable[T]) -> T:
        """A lobby button's change, in time (deferred if the store is slow) and marked as saved."""
        done = await in_time(interaction, change, self._deferrals)
        applied(interaction)
        return done

    async def _click_join(self, interaction: discord.Interaction, click: Click) -> None:
        table = await self._lobby_change(
            interaction, self.tables.join(click.table_id, interaction.user.id, interaction.user.display_name)
        )
        async with self._public(table.guild_id):
            message = render.lobby(table)
        await self._answer_lobby(interaction, table, message)

    async def _click_leave(self, interaction: discord.Interaction, click: Click) -> None:
        table = await self._lobby_change(
            interaction, self.tables.leave_lobby(click.table_id, interaction.user.id)
        )
        async with self._public(table.guild_id):
            why = None if table.status == LOBBY else _("Everyone left.")
            message = render.lobby(table) if why is None else render.lobby_closed(table, why)
        await self._answer_lobby(interaction, table, message, closed=why)

    async def _click_ai(self, interaction: discord.Interaction, click: Click) -> None:
        # Lobby buttons from before AI levels carry no level: they add a normal one.
        level = click.args[0] if click.args else DEFAULT_LEVEL
        table = await self._lobby_change(
            interaction, self.tables.add_ai(click.table_id, interaction.user.id, level)
        )
        async with self._public(table.guild_id):
            message = render.lobby(table)
        await self._answer_lobby(interaction, table, message)

    async def _click_first(self, interaction: discord.Interaction, click: Click) -> None:
        choice = self.tables.choose_first(
            click.table_id, interaction.user.id, click.args[0] if click.args else ""
        )
        table = await self._lobby_change(interaction, choice)
        async with self._public(table.guild_id):
            message = render.lobby(table)
        await self._answer_lobby(interaction, table, message)

    async def _click_cancel(self, interaction: discord.Interaction, click: Click) -> None:
        moderator = await is_mod(self.bot, interaction)
        table = await self._lobby_change(
            interaction, self.tables.cancel(click.table_id, interaction.user.id, moderator=moderator)
        )
        if interaction.user.id != table.host_id:
            await self._log_mod_action(interaction, "close_lobby", {"table_id": table.id})
        async with self._public(table.guild_id):
            why = _("{name} cancelled the lobby.").format(name=interaction.user.display_name)
            closed = render.lobby_closed(table, why)
        await self._answer_lobby(interaction, table, closed, closed=why)

    async def _click_start(self, interaction: discord.Interaction, click: Click) -> None:
        outcome = await self._lobby_change(
            interaction, self.tables.start(click.table_id, interaction.user.id)
        )
        await self._started(outcome)
        async with self._public(outcome.table.guild_id):
            message = render.lobby_started(outcome.table)
        await self._answer_lobby(interaction, outcome.table, message)

    async def _click_hand(self, interaction: discord.Interaction, click: Click) -> None:
        table = self.tables.by_id(click.table_id)
        if table is None or table.status != PLAYING:
            raise TableError(_("This game is over."))
        await self._send_hand(interaction, table)

    async def _click_refresh(self, interaction: discord.Interaction, click: Click) -> None:
        table, _seat = self._my_seat(interaction, click)
        await self._show_hand(interaction, table)

    async def _click_back(self, interaction: discord.Interaction, click: Click) -> None:
        await self._click_refresh(interaction, click)

    async def _click_act(self, interaction: discord.Interaction, click: Click) -> None:
        """Every button that plays carries its action as a token of its game's own encoding."""
        table, _seat = self._my_seat(interaction, click)
        try:
            action = table.spec.decode(click.args[0] if len(click.args) == 1 else "")
        except ValueError:
            raise TableError(_("That button is not one of mine.")) from None
        await self._play(interaction, click, action)

    async def _game_click(self, interaction: discord.Interaction, click: Click) -> bool:
        """A kind of button only some games have: a menu, or a button posted before buttons carried
        tokens. False when the table's game has no such kind."""
        table = self.tables.by_id(click.table_id)
        if table is None:
            raise TableError(_("That table is closed; its buttons no longer do anything."))
        shown = presentation(table.game)
        if click.kind in shown.menus:
            table, seat = self._my_seat(interaction, click)
            message = shown.menus[click.kind](table, seat, click)
            await interaction.response.edit_message(**message.kwargs())
            return True
        if click.kind in shown.legacy:
            self._my_seat(interaction, click)
            try:
                action = shown.legacy[click.kind](click.args)
            except (IndexError, ValueError):
                raise TableError(_("That button is not one of mine.")) from None
            await self._play(interaction, click, action)
            return True
        return False

    async def _play(self, interaction: discord.Interaction, click: Click, action: dict) -> None:
        """The one path of a played button: the service checks seat, turn and version and logs the
        action; then the clicked message shows the table as it now is."""
        table = self.tables.by_id(click.table_id)
        assert table is not None
        # Actions a seat may take out of turn (The Game's signals) do not depend on what was shown.
        version = None if action["type"] in table.spec.free_actions() else click.version
        shown = presentation(table.game)
        on_board = interaction.message is not None and interaction.message.id == table.meta.get("board_msg")
        user_id = interaction.user.id
        # The player's new hand is drawn while the play is being written (see TableService.act).
        meanwhile = (
            None
            if on_board or shown.hand is None
            else functools.partial(_answer_hand, shown, user_id, action)
        )
        outcome = await in_time(
            interaction, self.tables.act(click.table_id, user_id, action, version, meanwhile), self._deferrals
        )
        applied(interaction)
        table = outcome.table
        # A click on the board is answered with the new board; the presenter does the rest, once the
        # click is answered (or PRESENT_AFTER_ANSWER seconds from now if Discord is slow to take it).
        present = functools.partial(self.present, table, board=not on_board)
        drawn = table.version
        late = False

        def present_meanwhile() -> None:
            nonlocal late
            late = True
            present()

        fallback = self._present_late.add(present_meanwhile)
        seat = table.seat_of(interaction.user.id)
        try:
            if on_board or shown.hand is None:
                async with self._public(table.guild_id):
                    board = shown.board(table)
                await redraw(interaction, **board.kwargs())
            elif seat is None or table.state is None:
                await redraw(interaction, content=_("You have left the game."), embed=None, view=None)
            else:
                ready = outcome.drawn
                # Not drawn; or the table moved since; or the answer was deferred, and seats may
                # have changed while the deferral was taken (a hand-over to the AI keeps the version).
                if ready is None or ready[0] != table.version or interaction.response.is_done():
                    ready = _answer_hand(shown, user_id, action, table)
                    assert ready is not None  # seated, in a game that goes on
                await redraw(interaction, **ready[1])
                self._hand_shown(table, interaction)
        except BaseException:
            self.present(table)  # the answer failed: whatever was clicked, the board shows the play
            raise
        finally:
            fallback.cancel()
        if not late and table.version == drawn:
            present()
            return
        # The answer went out late, or the table moved while it was on its way (an AI seat, another
        # player's signal): what it showed may be older than what the channel showed meanwhile.
        # Draw the board again, and the hand that was answered.
        self.present(table)
        if not on_board and seat is not None and shown.hand is not None:
            self._spawn(self._follow_hand(table, interaction.user.id), name=f"follow-{table.id}")

    async def _click_leaveok(self, interaction: discord.Interaction, click: Click) -> None:
        if click.args[:1] != ("yes",):
            await interaction.response.edit_message(
                content=_("You stay at the table."), embed=None, view=None
            )
            return
        outcome = await self.tables.leave_game(click.table_id, interaction.user.id)
        applied(interaction)
        replaced = outcome.table.spec.leave is None
        if replaced:
            mine = _("You left the game. An AI seat plays on in your place.")
        else:
            mine = _("You left the game. Your cards count as not laid.")
        self.present(outcome.table)
        try:
            await interaction.response.edit_message(content=mine, embed=None, view=None)
        finally:
            # The others are told whatever became of the answer: the board shows a seat gone, not why.
            assert interaction.channel is not None
            async with self._public(outcome.table.guild_id):
                public = _("{name} left; an AI seat plays on.") if replaced else _("{name} left the game.")
                try:
                    await interaction.channel.send(public.format(name=interaction.user.display_name))
                except DISCORD_FAULTS as exc:
                    # The leave is saved and the player was told; the board shows the seat gone.
                    # Not a fault of the click: no apology to the one who left.
                    log.warning(
                        "table %s: could not say in the channel that a player left: %r", outcome.table.id, exc
                    )

    async def _click_endok(self, interaction: discord.Interaction, click: Click) -> None:
        if click.args[:1] != ("yes",):
            await interaction.response.edit_message(content=_("The table goes on."), embed=None, view=None)
            return
        table = self.tables.by_id(click.table_id)
        if table is None:
            raise TableError(_("That table is closed already."))
        moderator = await is_mod(self.bot, interaction)
        if table.status == LOBBY:
            await self.tables.cancel(table.id, interaction.user.id, moderator=moderator)
            applied(interaction)
            async with self._public(table.guild_id):
                closed = _("{name} closed the lobby.").format(name=interaction.user.display_name)
            self._update_lobby(table, closed=closed)
            if interaction.user.id != table.host_id:
                await self._log_mod_action(interaction, "close_lobby", {"table_id": table.id})
            await interaction.response.edit_message(content=_("The lobby is closed."), embed=None, view=None)
            return
        as_moderator = interaction.user.id != table.host_id
        outcome = await self.tables.end(table.id, interaction.user.id, moderator=moderator)
        applied(interaction)
        self.present(outcome.table)
        if as_moderator:
            await self._log_mod_action(interaction, "end_game", {"table_id": table.id})
        await interaction.response.edit_message(content=_("The game is ended."), embed=None, view=None)

    async def _log_mod_action(self, interaction: discord.Interaction, action: str, detail: dict) -> None:
        assert interaction.guild_id is not None
        try:
            await self.bot.store.log_mod_action(
                interaction.guild_id, interaction.user.id, action, detail, discord.utils.utcnow().isoformat()
            )
        except StoreError:
            log.exception("could not record the moderator action %s", action)

    async def _click_rematch(self, interaction: discord.Interaction, click: Click) -> None:
        outcome = await self.tables.rematch(
            click.table_id,
            interaction.user.id,
            interaction.user.display_name,
            interaction.channel_id,
            moderator=await is_mod(self.bot, interaction),
        )
        applied(interaction)
        table = outcome.table
        if table.status == PLAYING:
            await self._started(outcome)
            await reply(interaction, _("A rematch is dealt: same seats, same options."))
            return
        # Some chairs are open: the rematch is a lobby for others to take them.
        # Its message is posted by the lobby's task, which tries again while Discord fails.
        self._lobby_unposted.add(table.id)
        self._update_lobby(table)
        await reply(interaction, _("Not everyone from that game is here, so the rematch opens as a lobby."))

    async def _click_absent(self, interaction: discord.Interaction, click: Click) -> None:
        if len(click.args) != 2:
            raise TableError(_("That button is not one of mine."))
        turn, choice = self._int_arg(click, 0), click.args[1]
        table = self.tables.by_id(click.table_id)
        question = interaction.message.id if interaction.message is not None else 0
        before = self._answers.get(click.table_id)
        self._answers[click.table_id] = question
        try:
            await self.tables.resolve_absent(
                click.table_id,
                interaction.user.id,
                turn,
                choice,
                moderator=await is_mod(self.bot, interaction),
            )
        except BaseException:
            if self._answers.get(click.table_id) == question:  # not answered: as it was
                if before is None:
                    del self._answers[click.table_id]
                else:
                    self._answers[click.table_id] = before
            raise
        applied(interaction)
        if table is not None and table.meta.get("absent_msg") == question:
            # Answered: it stays in the channel as the record of the choice.
            await self.tables.meta_update(table, absent_msg=None)
        if table is not None:
            self.present(table)
            if interaction.user.id != table.host_id:
                detail = {"table_id": table.id, "turn": turn, "choice": choice}
                await self._log_mod_action(interaction, "absent_seat", detail)
        # The choice was asked in the channel: its answer is the channel's.
        async with self._public(interaction.guild_id):
            if choice == "ai":
                done = _("The absent seat was handed to an AI seat.")
            else:
                done = _("The absent seat was removed; its cards count as not laid.")
        await interaction.response.edit_message(content=done, view=None)

    def _my_seat(
        self, interaction: discord.Interaction, click: Click, game: str | None = None
    ) -> tuple[Table, int]:
        table = self.tables.by_id(click.table_id)
        if table is None or table.status != PLAYING:
            raise TableError(_("This game is over; its buttons no longer do anything."))
        if game is not None and table.game != game:
            raise TableError(_("That button is not one of mine."))
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError(_("You are not seated at this table, so you cannot play here."))
        return table, seat

    @staticmethod
    def _int_arg(click: Click, index: int) -> int:
        try:
            return int(click.args[index])
        except (IndexError, ValueError):
            raise TableError(_("That button is not one of mine.")) from None

    # ---- showing a hand --------------------------------------------------------------------------

    async def _send_hand(self, interaction: discord.Interaction, table: Table) -> None:
        if table.status != PLAYING:
            raise TableError(_("The game has not started yet."))
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise TableError(_("You are not seated at this table, so you have no hand here."))
        if presentation(table.game).hand is None:
            raise TableError(_(presentation(table.game).no_hand))
        await interaction.response.send_message(**render.hand(table, seat).kwargs(), ephemeral=True)
        self._hand_shown(table, interaction)

    async def _show_hand(
        self, interaction: discord.Interaction, table: Table, note: str | None = None
    ) -> None:
        """Redraw the clicked hand in place with the current state (and a note)."""
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.state is None or presentation(table.game).hand is None:
            await reply(interaction, note or _("You have no hand at this table."))
            return
        await redraw(interaction, **render.hand(table, seat, note=note).kwargs())
        self._hand_shown(table, interaction)

    def _hand_shown(self, table: Table, interaction: discord.Interaction) -> None:
        """Remember the message that now shows this player's hand, so it can follow the game."""
        now = asyncio.get_running_loop().time()
        self._open_hands[(table.id, interaction.user.id)] = (interaction, now, i18n.current())
        for key, (_click, shown_at, _language) in list(self._open_hands.items()):
            if now - shown_at > HAND_FOLLOWS_FOR:
                del self._open_hands[key]

    async def _follow_hand(self, table: Table, user_id: int) -> None:
        """Their turn has come: redraw the hand they have open, if Discord still lets the bot edit it.
        Only ever the hand of the person who opened it, in the message only they see."""
        opened = self._open_hands.get((table.id, user_id))
        seat = table.seat_of(user_id)
        if opened is None or seat is None or table.state is None or presentation(table.game).hand is None:
            return
        interaction, shown_at, language = opened
        if asyncio.get_running_loop().time() - shown_at > HAND_FOLLOWS_FOR:
            del self._open_hands[(table.id, user_id)]
            return
        with using(language):  # the hand is its owner's: in the language it was opened in
            hand = render.hand(table, seat)
        try:
            await interaction.edit_original_response(**hand.kwargs())
        except DISCORD_FAULTS as exc:
            # Dismissed, or the token ran out: the hand is drawn again at the next click.
            log.debug("table %s: the open hand of %s could not follow: %r", table.id, user_id, exc)
            self._open_hands.pop((table.id, user_id), None)

    async def _show_current(self, interaction: discord.Interaction, table: Table) -> None:
        """A click drawn for an older state: redraw what was clicked as it is now, and say so."""
        if presentation(table.game).hand is None:
            # Where the board carries the buttons, show the board as it is now.
            async with self._public(table.guild_id):
                board = render.board(table)
            await redraw(interaction, **board.kwargs())
            await interaction.followup.send(
                _("The table changed since this was drawn, so nothing was played. Here is the board now."),
                ephemeral=True,
            )
            return
        note = _("The table changed since this was drawn, so nothing was played. Here is your hand now.")
        await self._show_hand(interaction, table, note=note)

    # ---- what the channel shows: one presenter per table ------------------------------------------

    async def _started(self, outcome: Outcome) -> None:
        self._scroll[outcome.table.channel_id] = 0
        self.present(outcome.table)

    def present(self, table: Table, *, board: bool = True) -> None:
        """Make the channel show what the table's state says it should: the board, the turn notice,
        the final report, and AI seats moving. Called after every accepted change (and at start-up);
        the table's presenter does the work apart from the click that caused it, retries for as long
        as Discord fails, and coalesces bursts of changes into one board edit."""
        if board:
            self._board_dirty.add(table.id)
        task = self._presenters.get(table.id)
        if task is None or task.done():
            self._presenters[table.id] = asyncio.create_task(
                self._presenter(table), name=f"present-{table.id}"
            )

    async def _presenter(self, table: Table) -> None:
        # Everything the presenter posts is the channel's: in the server's language (the task was
        # started inside a click, whose member's language it would otherwise carry on in).
        async with self._public(table.guild_id):
            await self._present_loop(table)

    async def _present_loop(self, table: Table) -> None:
        failures = 0
        try:
            while True:
                try:
                    done = await self._show(table)
                    failures = 0
                except DISCORD_FAULTS as exc:
                    # A refusal (403) may be a permission taken away for a while, a 404 a message
                    # someone deleted: the table goes on, and its channel is brought up to date once
                    # Discord lets us. Only a channel that is gone ends the table.
                    if self.bot.get_channel(table.channel_id) is None:
                        await self._channel_failed(table, exc)
                        return
                    failures += 1
                    log.warning("table %s: the channel could not be updated (%r); will retry", table.id, exc)
                    await asyncio.sleep(min(2.0**failures, MAX_BACKOFF))
                    continue
                except Exception:
                    # A fault of the bot itself: say so; the next change of the table tries again.
                    log.exception("table %s: could not bring its channel up to date", table.id)
                    return
                if done:
                    if table.status != LOBBY and self.bot.get_channel(table.channel_id) is not None:
                        # Every post the channel was owed went out: a post the table makes from
                        # now on is a new one, and a nonce noted for one that was not needed after
                        # all (a board only edited, a reminder where the seat's choice came) goes.
                        self._unanswered.pop(table.id, None)
                    return
        finally:
            if self._presenters.get(table.id) is asyncio.current_task():
                del self._presenters[table.id]
            if table.status != PLAYING and table.id not in self._presenters:
                self._board_dirty.discard(table.id)
                self._board_last.pop(table.id, None)

    async def _show(self, table: Table) -> bool:
        """One pass: bring the board, the turn notice and the final report up to date. True when
        nothing is left to do; HTTPException or a timeout when Discord failed (the caller retries)."""
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            return True
        if table.id in self._board_dirty:
            loop = asyncio.get_running_loop()
            wait = self._board_last.get(table.id, -1e9) + self.board_interval - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)  # changes made meanwhile are shown by the same edit
            self._board_dirty.discard(table.id)
            try:
                await self._show_board(table, channel)
            except BaseException:
                self._board_dirty.add(table.id)
                raise
            self._board_last[table.id] = loop.time()
        if table.status == PLAYING:
            await self._turn_notice(table, channel)
            await self._timer_notice(table, channel)
            self._start_ai(table)
        elif table.status == FINISHED and table.started_at is not None and not table.meta.get("reported"):
            await self._final(table, channel)
        if self._obsolete.get(table.id):
            await self._sweep_obsolete(table, channel)
        return table.id not in self._board_dirty

    async def _turn_notice(self, table: Table, channel: Any) -> None:
        """One notice for the person whose turn it is; the previous one is deleted (no pile of pings)."""
        state = table.state
        assert state is not None
        turn = table.spec.turn_of(state)
        if table.meta.get("notice_turn") == turn:
            return
        old = table.meta.get("turn_msg")
        if old:
            await self._delete(table, channel, old)
        nonce = once("turn", table, turn)
        await self._drop_lost_notices(table, channel, keep=nonce)
        await self._drop_absent(table, channel)
        if table.seats[state.current].ai or state.is_over:
            await self.tables.meta_update(table, turn_msg=None, notice_turn=turn)
            return
        person = table.seats[state.current].user_id
        text = self._first_text(table, nonce, render.turn_notice(table))
        message, _again = await self._post_once(
            channel,
            nonce,
            self._lost_notice(table, old, content=text),
            content=text,
            allowed_mentions=mention_only(person),
        )
        await self.tables.meta_update(table, turn_msg=message.id, notice_turn=turn)
        if person is not None:
            await self._follow_hand(table, person)

    async def _final(self, table: Table, channel: Any) -> None:
        """The final report, once: after it is posted the table is marked reported."""
        self._stop_ai(table)
        old = table.meta.get("turn_msg")
        if old:
            await self._delete(table, channel, old)
        await self._drop_lost_notices(table, channel)
        await self._drop_absent(table, channel)
        await self._drop_lost_board(table, channel)
        assert table.finished_at is not None and table.state is not None
        try:
            strikes = await self.bot.store.strikes(table.id)
        except Exception:
            log.exception("table %s: could not read the strikes for the final report", table.id)
            strikes = {}
        report = render.final_report(table, table.finished_at, strikes)
        assert report.embed is not None
        if table.daily_key is not None:
            try:
                standing = await self.tables.daily_standing(table)
            except Exception:
                log.exception("table %s: could not read the deal of the day's standing", table.id)
                standing = None
            if standing is not None:
                report.embed.add_field(
                    name=_("Deal of the day"), value=render.daily_text(standing), inline=False
                )
        chart = presentation(table.game).chart
        extra: dict[str, Any] = {}
        if chart is not None:
            try:
                png = await chart(table)
                report.embed.set_image(url="attachment://piles.png")
                extra["file"] = discord.File(io.BytesIO(png), filename="piles.png")
            except Exception:
                log.exception("table %s: could not draw the piles chart", table.id)
        lost = LostPost(table.id, frozenset({"rematch"}), table.finished_at or self.tables.now())
        await self._post_once(channel, once("report", table), lost, **as_layout(report).kwargs(), **extra)
        await self.tables.meta_update(table, reported=True, turn_msg=None, board_posting=None)
        self._answers.pop(table.id, None)

    async def _delete(self, table: Table, channel: Any, message_id: int) -> None:
        """Delete one of the table's messages that has had its day (a turn notice, a board posted
        anew). If Discord fails, its id is kept in the table's meta ("stale_msgs") and deleted
        later, with back-off, and after a restart: notices do not pile up, and the channel does
        not keep two boards."""
        try:
            await channel.get_partial_message(message_id).delete()
            return
        except discord.NotFound:
            return  # gone already
        except DISCORD_FAULTS as exc:
            log.warning("table %s: could not delete message %s (%r); will retry", table.id, message_id, exc)
        stale = list(table.meta.get("stale_msgs") or [])
        if message_id not in stale:
            await self.tables.meta_update(table, stale_msgs=[*stale, message_id])
        self._sweep_later(table)

    def _sweep_later(self, table: Table) -> None:
        task = self._sweepers.get(table.id)
        if task is None or task.done():
            self._sweepers[table.id] = self._spawn(self._sweep(table), name=f"sweep-{table.id}")

    async def _sweep(self, table: Table) -> None:
        """Delete the table's stale messages, retrying with back-off; after SWEEP_TRIES rounds what
        is left waits for the next failed delete or the next start."""
        try:
            for attempt in range(SWEEP_TRIES):
                await asyncio.sleep(min(2.0 ** (attempt + 1), MAX_BACKOFF))
                channel = self.bot.get_channel(table.channel_id)
                stale = list(table.meta.get("stale_msgs") or [])
                if channel is None or not stale:
                    return
                gone = set()
                for message_id in stale:
                    try:
                        await channel.get_partial_message(message_id).delete()
                    except discord.NotFound:
                        pass
                    except DISCORD_FAULTS as exc:
                        log.warning(
                            "table %s: message %s is still not deleted (%r)", table.id, message_id, exc
                        )
                        continue
                    gone.add(message_id)
                left = [m for m in table.meta.get("stale_msgs") or [] if m not in gone]  # and any new
                await self.tables.meta_update(table, stale_msgs=left)
                if not left:
                    return
        finally:
            if self._sweepers.get(table.id) is asyncio.current_task():
                del self._sweepers[table.id]

    def _update_lobby(self, table: Table, closed: str | None = None) -> None:
        """Make the lobby's message show the table as it is: open, started, or closed (`closed`
        says why). Done by a task of the table's own, which tries again, with back-off, while
        Discord fails: the lobby message follows the table whatever became of a click's answer.
        A lobby whose first message was never posted gets one."""
        if closed is not None:
            self._lobby_closed[table.id] = closed
        self._lobby_dirty.add(table.id)
        task = self._lobby_tasks.get(table.id)
        if task is None or task.done():
            self._lobby_tasks[table.id] = asyncio.create_task(
                self._lobby_loop(table), name=f"lobby-{table.id}"
            )

    async def _lobby_loop(self, table: Table) -> None:
        failures = 0
        try:
            while table.id in self._lobby_dirty:
                self._lobby_dirty.discard(table.id)
                channel = self.bot.get_channel(table.channel_id)
                if channel is None:
                    return
                try:
                    async with self._public(table.guild_id):
                        await self._show_lobby(table, channel)
                    failures = 0
                except DISCORD_FAULTS as exc:
                    failures += 1
                    if failures > 2 * SWEEP_TRIES:  # about ten minutes: the next change tries again
                        log.warning("table %s: gave up updating its lobby message (%r)", table.id, exc)
                        return
                    self._lobby_dirty.add(table.id)
                    log.warning(
                        "table %s: could not update the lobby message (%r); will retry", table.id, exc
                    )
                    await asyncio.sleep(min(2.0**failures, MAX_BACKOFF))
        except Exception:
            log.exception("table %s: could not update the lobby message", table.id)
        finally:
            if self._lobby_tasks.get(table.id) is asyncio.current_task():
                del self._lobby_tasks[table.id]
                if table.status != LOBBY:
                    self._lobby_closed.pop(table.id, None)
                    self._lobby_unposted.discard(table.id)

    async def _show_lobby(self, table: Table, channel: Any) -> None:
        closed = self._lobby_closed.get(table.id)
        if table.status == PLAYING and not closed:
            message = render.lobby_started(table)
        elif closed or table.status != LOBBY:
            message = render.lobby_closed(table, closed or _("The lobby is closed."))
        else:
            message = render.lobby(table)
        msg_id = table.meta.get("lobby_msg")
        if msg_id:
            try:
                await channel.get_partial_message(msg_id).edit(**message.kwargs())
                return
            except discord.NotFound:
                if table.status != LOBBY:
                    return  # deleted, and nothing left to join
        elif table.status != LOBBY or table.id not in self._lobby_unposted:
            return
        shown = message.kwargs()
        lost = LostPost(
            table.id,
            frozenset(kind for kind, _table in button_keys(shown["view"].to_components())),
            discord.utils.snowflake_time(msg_id) if msg_id else table.created_at,
            frozenset([msg_id or 0]),
        )
        posted, again = await self._post_once(channel, once("lobby", table, msg_id or 0), lost, **shown)
        if again:
            self._lobby_dirty.add(table.id)  # it may show the first try's lobby: edited once more
        self._lobby_unposted.discard(table.id)
        await self.tables.meta_update(table, lobby_msg=posted.id)

    async def _answer_lobby(
        self, interaction: discord.Interaction, table: Table, message: Any, closed: str | None = None
    ) -> None:
        """Answer a lobby button with the lobby as it now is (`closed`: why it closed); if that
        fails, the lobby message is brought up to date apart from the answer (see _update_lobby)."""
        try:
            await redraw(interaction, **message.kwargs())
        except BaseException:
            self._update_lobby(table, closed=closed)
            raise
        task = self._lobby_tasks.get(table.id)
        if task is not None and not task.done():
            # The lobby's task may be drawing an older picture this very moment: once more after.
            self._update_lobby(table, closed=closed)

    # ---- the board: one message, edits coalesced per table ----------------------------------------

    async def _show_board(self, table: Table, channel: Any) -> None:
        board_id = table.meta.get("board_msg")
        posted = table.meta.get("board_at")
        now = self.tables.now()
        old = (
            board_id is None
            or posted is None
            or (now - discord.utils.parse_time(posted)).total_seconds() > BOARD_MAX_AGE
            or self._scroll.get(table.channel_id, 0) > BOARD_MAX_SCROLL
        )
        if old and table.status == PLAYING:
            await self._post_board(table, channel)
            return
        if board_id is None:
            return
        message = render.board(table)
        if table.status != PLAYING:
            message.without_buttons()
        version = table.version
        try:
            await channel.get_partial_message(board_id).edit(**message.kwargs())
        except discord.NotFound:
            if table.status != PLAYING:
                return  # the board of a finished game was deleted: the final report says it all
            await self._post_board(table, channel)  # someone deleted the board: post it again
            return
        except discord.HTTPException as exc:
            if exc.status != 400:
                raise  # a fault to wait out: the presenter tries again
            # Discord will never take this edit (that message cannot become what the board is now):
            # waiting would hold up the turn notices and the report behind it. Post the board anew.
            log.warning(
                "table %s: Discord refused the board's edit for good (%s); posting it anew", table.id, exc
            )
            if table.status != PLAYING:
                return
            try:
                await self._post_board(table, channel)
            except discord.HTTPException as again:
                if again.status != 400:
                    raise
                log.error(
                    "table %s: Discord refused the board itself (%s); the game goes on", table.id, again
                )
            return
        if table.status == PLAYING:
            await self.tables.meta_update(table, board_version=version)

    async def _post_board(self, table: Table, channel: Any) -> None:
        old = table.meta.get("board_msg")
        version = table.version
        if old and table.meta.get("board_posting") != old:
            # A board posted anew while the old one stands (scrolled up, too old, refused for
            # good): should its answer be lost and the bot stop before a try succeeds, nothing else
            # would tell the restarted bot to look for it, and a second board would stay below.
            await self.tables.meta_update(table, board_posting=old)
        nonce = once("board", table, old or 0)
        lost = LostPost(
            table.id,
            BOARD_KINDS,
            discord.utils.snowflake_time(old) if old else (table.started_at or table.created_at),
            frozenset([old or 0, *(table.meta.get("stale_msgs") or [])]),
        )
        message, again = await self._post_once(channel, nonce, lost, **render.board(table).kwargs())
        self._scroll[table.channel_id] = 0
        if again:
            # Discord may have handed back the first try's board, as the table was then: edit it.
            self._board_dirty.add(table.id)
        first = {} if old or table.meta.get("board_first") else {"board_first": message.id}
        await self.tables.meta_update(
            table,
            board_msg=message.id,
            board_at=message.created_at.isoformat(),
            board_version=None if again else version,
            board_posting=None,
            **first,
        )
        if old:
            await self._delete(table, channel, old)

    def _lost_notice(
        self,
        table: Table,
        replaces: int | None,
        content: str | None = None,
        kinds: frozenset[str] = frozenset(),
    ) -> LostPost:
        """How to know a notice of the turn now, posted with its answer lost (see LostPost): posted
        since the turn began, not the message it replaces, nor one a failed delete left."""
        exclude = frozenset([replaces or 0, *(table.meta.get("stale_msgs") or [])])
        since = table.turn_started() or self.tables.now()
        # After the table's first board too: a notice of the game before in this channel (a
        # rematch) can have the same text and fall within the clock's slack.
        return LostPost(table.id, kinds, since, exclude, content, table.meta.get("board_first") or 0)

    async def _post_once(
        self, channel: Any, nonce: str, lost: LostPost, **message: Any
    ) -> tuple[discord.Message, bool]:
        """Post a message with an enforced nonce (see `once`); and whether this try may have been
        preceded by one that went through with its answer lost. Discord then hands that message
        back for the nonce, as it was posted, rather than what this try sent; but it remembers a
        nonce for a few minutes only. So a try that follows a failed one (or the first try after a
        start, or after a command's answer that may hold the message was lost: see `_unanswered`)
        first looks in the channel for that message (see LostPost); found, it is taken as the post.
        A lookup that fails does not hold the post back."""
        again = nonce in self._unanswered.get(lost.table_id, ())
        if again:
            try:
                found = await lost.find(channel, self.bot.user.id)
            except DISCORD_FAULTS as exc:
                log.warning(
                    "channel %s: could not look for a post whose answer was lost (%r)", channel.id, exc
                )
                found = None
            if found is not None:
                self._answered(lost.table_id, nonce)
                return found, True
        self._unanswered.setdefault(lost.table_id, {})[nonce] = lost
        posted = await channel.send(**message, nonce=nonce)
        self._answered(lost.table_id, nonce)
        return posted, again

    def _unanswer(self, table: Table, *nonces: str) -> None:
        """Posts of the table's that may have gone through unseen (see _post_once), noted at a
        start: how to know them is worked out when they are tried."""
        pending = self._unanswered.setdefault(table.id, {})
        for nonce in nonces:
            pending.setdefault(nonce, None)

    def _answered(self, table_id: int, nonce: str) -> None:
        pending = self._unanswered.get(table_id)
        if pending is not None:
            pending.pop(nonce, None)
            if not pending:
                del self._unanswered[table_id]

    def _first_text(self, table: Table, nonce: str, text: str) -> str:
        """The text of a notice: the one its first try posted, if a try failed (Discord may have
        taken it; a notice's text can change within its turn, as in Red and Black, and the lookup
        knows it by its text)."""
        earlier = self._unanswered.get(table.id, {}).get(nonce)
        return earlier.content if earlier is not None and earlier.content is not None else text

    async def _drop_lost_board(self, table: Table, channel: Any) -> None:
        """A game that ended while its board was being posted anew (see _post_board), or before its
        first board was known to be posted: the board the table knows (if any) shows the end; one
        that went through unseen would keep live buttons and an old picture. Looked for and
        deleted at the end of the pass (see _sweep_obsolete); the report goes out meanwhile."""
        posting, board = table.meta.get("board_posting"), table.meta.get("board_msg")
        stale = table.meta.get("stale_msgs") or []
        if board is None and table.started_at is not None:
            # Its first board never known to be posted: one that went through unseen is below.
            since = table.started_at
        elif posting and posting == board:
            since = discord.utils.snowflake_time(posting)
        else:
            return
        lost = LostPost(table.id, BOARD_KINDS, since, frozenset([board or 0, *stale]))
        self._obsolesce(table, lost)

    async def _drop_absent(self, table: Table, channel: Any) -> None:
        """Delete the question about an absent seat that nobody answered, once its turn is over
        (the player came back, the game ended): its buttons would ask about nothing."""
        absent = table.meta.get("absent_msg")
        if absent and absent != self._answers.get(table.id):
            await self._delete(table, channel, absent)
            await self.tables.meta_update(table, absent_msg=None)

    async def _drop_lost_notices(self, table: Table, channel: Any, keep: str | None = None) -> None:
        """The notices (and absent-seat questions) of earlier turns whose answer was lost (a try
        failed, and the turn moved on before one succeeded): they went through unseen, or not at
        all, and their turn is over. Looked for and deleted at the end of the pass (_sweep_obsolete)."""
        pending = self._unanswered.get(table.id)
        if not pending:
            return
        for nonce, lost in list(pending.items()):
            if nonce == keep or lost is None or (lost.content is None and "absent" not in lost.kinds):
                continue
            self._answered(table.id, nonce)
            self._obsolesce(table, lost)

    def _obsolesce(self, table: Table, lost: LostPost) -> None:
        """A post whose answer was lost and whose day is over: for _sweep_obsolete (once)."""
        waiting = self._obsolete.setdefault(table.id, [])
        if lost not in waiting:
            waiting.append(lost)

    async def _sweep_obsolete(self, table: Table, channel: Any) -> None:
        """Look for the table's posts whose answer was lost and whose day is over (see _obsolete),
        and delete them; the record of an absent-seat choice is never deleted. A lookup that fails
        keeps its post for the next pass and is raised once the others are done, for the presenter
        to try again later: it holds nothing else up, as it comes last."""
        failed: list[LostPost] = []
        fault: BaseException | None = None
        for lost in self._obsolete.pop(table.id, []):
            try:
                found = await lost.find(channel, self.bot.user.id)
            except DISCORD_FAULTS as exc:
                failed.append(lost)
                fault = exc
                continue
            if found is not None and found.id != self._answers.get(table.id):
                await self._delete(table, channel, found.id)
        if failed:
            self._obsolete.setdefault(table.id, []).extend(failed)
            assert fault is not None
            raise fault

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.id == self.bot.user.id:
            return  # our own notices come and go; only other people's talk pushes the board up
        table = self.tables.in_channel(message.channel.id)
        if table is not None and table.status == PLAYING:
            self._scroll[message.channel.id] = self._scroll.get(message.channel.id, 0) + 1

    # ---- AI seats ------------------------------------------------------------------------------

    def _start_ai(self, table: Table) -> None:
        if not self.tables.ai_to_move(table.id):
            return
        task = self._ai_tasks.get(table.id)
        if task is None or task.done():
            self._ai_tasks[table.id] = asyncio.create_task(self._ai_worker(table), name=f"ai-{table.id}")

    def _stop_ai(self, table: Table) -> None:
        task = self._ai_tasks.pop(table.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _ai_worker(self, table: Table) -> None:
        """Play AI seats' moves one by one, with a short pause so people can follow on the board."""
        failures = 0
        try:
            while self.tables.ai_to_move(table.id):
                if self.ai_pause:
                    await asyncio.sleep(self.ai_pause)
                try:
                    outcome = await self.tables.ai_step(table.id)
                except TableError as exc:
                    # The store refused the move (nothing changed): nobody else would move for the
                    # AI seat, so it tries again, with back-off, until the store takes it.
                    failures += 1
                    log.warning(
                        "table %s: an AI seat's move was not saved (%s); will retry", table.id, exc.message
                    )
                    await asyncio.sleep(min(2.0**failures, MAX_BACKOFF))
                    continue
                failures = 0
                if outcome is None:
                    break
                self.present(table)
        except Exception:
            log.exception("AI seat on table %s failed", table.id)
        finally:
            if self._ai_tasks.get(table.id) is asyncio.current_task():
                del self._ai_tasks[table.id]

    # ---- timers and lost channels ----------------------------------------------------------------

    @tasks.loop(seconds=15)
    async def ticker(self) -> None:
        try:
            for event in await self.tables.tick():
                await self._timer_event(event.table, event.kind)
            for table in self.tables.open_tables():
                # A notice still owed (its post failed and its presenter ended meanwhile, or a
                # refused write put it back): the presenter tries again.
                if (
                    table.status == PLAYING
                    and table.meta.get("notice_due")
                    and table.id not in self._presenters
                ):
                    self.present(table, board=False)
        except Exception:
            log.exception("timer tick failed")

    @ticker.before_loop
    async def _before_ticker(self) -> None:
        await self.bot.wait_until_ready()

    async def _timer_event(self, table: Table, kind: str) -> None:
        if kind == "abandoned":
            self.present(table)  # the final board and report
            return
        if kind != "lobby_expired":
            # A reminder or the absent seat's choice: the service saved it as owed to the channel
            # (meta "notice_due"); the presenter posts it, and tries again while Discord fails.
            self.present(table, board=False)
            return
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            return
        async with self._public(table.guild_id):
            self._update_lobby(
                table, closed=_("Nobody started the game for 30 minutes, so the lobby closed.")
            )

    async def _timer_notice(self, table: Table, channel: Any) -> None:
        """The notice a turn timer owes the channel, if any: a reminder at half time (it replaces
        the turn notice) or, at the end, the choice to remove the absent seat or hand it to an AI
        seat. Cleared once posted; a fault of Discord is raised, for the presenter to try again."""
        due = table.meta.get("notice_due")
        state = table.state
        if due not in ("reminder", "timeout") or state is None or state.is_over:
            return
        seat = table.seats[state.current]
        started = table.meta.get("turn_started")
        if due == "reminder":
            old = table.meta.get("turn_msg")
            if old:
                await self._delete(table, channel, old)
            nonce = once("reminder", table, started)
            await self._drop_lost_notices(table, channel, keep=nonce)
            text = _("{who}, a reminder: half of your turn time is gone.").format(who=f"<@{seat.user_id}>")
            message, _again = await self._post_once(
                channel,
                nonce,
                self._lost_notice(table, old, content=text),
                content=text,
                allowed_mentions=mention_only(seat.user_id),
            )
            posted: dict[str, Any] = {"turn_msg": message.id}
        else:
            nonce = once("absent", table, started)
            lost = self._lost_notice(table, table.meta.get("absent_msg"), kinds=frozenset({"absent"}))
            if seat.ai:
                # Decided already while the question's post was being retried (handed to the AI, or
                # the player left and an AI seat plays on): nothing is left to ask. A try that went
                # through unseen is looked for and deleted, unless a click answered it.
                if nonce in self._unanswered.get(table.id, ()):
                    self._answered(table.id, nonce)
                    self._obsolesce(table, lost)
                posted = {}
            else:
                message, _again = await self._post_once(
                    channel,
                    nonce,
                    lost,
                    **render.absent_choice(table).kwargs(),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                # Discord hands back the first try's message, which a click may have answered
                # meanwhile: then it is the record of the choice, not an open question.
                answered = message.id == self._answers.get(table.id)
                posted = {} if answered else {"absent_msg": message.id}
        if table.meta.get("notice_due") == due and table.meta.get("turn_started") == started:
            posted["notice_due"] = None  # not a newer one, due while this one was sent
        await self.tables.meta_update(table, **posted)

    async def _channel_failed(self, table: Table, exc: Exception) -> None:
        """A message failed. Only when the channel is gone does the table end, so nothing is left
        running; a refusal or a lost message leaves the game as it is."""
        if self.bot.get_channel(table.channel_id) is not None:
            log.warning("table %s: a message failed: %r", table.id, exc)
            return
        log.warning("table %s: channel %s is gone (%r); ending the table", table.id, table.channel_id, exc)
        await self._abandon_quietly(table)

    async def _abandon_quietly(self, table: Table) -> None:
        self._stop_ai(table)
        self._board_dirty.discard(table.id)
        self._unanswered.pop(table.id, None)  # its channel is gone: nothing of it will be posted
        self._answers.pop(table.id, None)
        self._obsolete.pop(table.id, None)
        try:
            if table.status == LOBBY:
                await self.tables.cancel(table.id, table.host_id, moderator=True)
            elif table.status == PLAYING:
                await self.tables.end(table.id, table.host_id, moderator=True)
        except TableError as exc:
            log.warning("table %s: could not end after losing the channel: %s", table.id, exc.message)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)
        try:
            await self.bot.guild_settings.drop_channel(
                channel.guild.id, channel.id, discord.utils.utcnow().isoformat()
            )
        except StoreError:
            log.warning("could not drop deleted channel %s from the table channels", channel.id)

    @commands.Cog.listener()
    async def on_thread_delete(self, thread: discord.Thread) -> None:
        await self._channel_gone(thread.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        table = self.tables.in_channel(channel_id)
        if table is not None:
            log.info("channel %s was deleted; ending table %s", channel_id, table.id)
            await self._abandon_quietly(table)


async def setup(bot: Any) -> None:
    bot.add_dynamic_items(TableButton)
    await bot.add_cog(Tables(bot))
