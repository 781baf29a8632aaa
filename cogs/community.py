"""Stats, leaderboards, server settings and privacy: /stats, /leaderboard, /settings, /privacy."""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import date, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import BY_KEY, GAMES
from bot.charts import DAILY_DAYS, daily_chart, results_chart
from bot.daily import DealKey, day_of, rules_name
from bot.games.thegame import NAME as THE_GAME
from bot.options import SettingsError
from bot.store.base import BoardRow, StoreError
from bot.tables import TableError
from bot.ui import render
from bot.ui.components import Click, TableButton, view_of
from cogs.tables import is_mod, reply, user_errors

log = logging.getLogger(__name__)

GAME_NAMES = {name: spec.title for name, spec in GAMES.items()}
GAME_CHOICES = [app_commands.Choice(name=title, value=name) for name, title in GAME_NAMES.items()]
PAGE = 10
MIN_GAMES = 3  # to be ranked by average cards left
PERIODS = {"all": "all time", "year": "this year", "month": "this month", "week": "this week"}
DAILY = "daily"  # /leaderboard show period:daily, today's deal of the day in every server
PERIOD_CHOICES = {**PERIODS, DAILY: "today's deal of the day (every server)"}
DAILY_SHOWN = 10  # tables listed per deal
COLOUR = discord.Colour.blurple()


def _now() -> str:
    return discord.utils.utcnow().isoformat()


def _date(iso: str) -> str:
    return f"{datetime.fromisoformat(iso):%d %b %Y}"


def rank(rows: list[BoardRow], sort: str) -> list[BoardRow]:
    if sort == "average":
        ranked = [r for r in rows if r.games >= MIN_GAMES]
        return sorted(ranked, key=lambda r: (r.average, -r.games, r.user_id))
    return sorted(rows, key=lambda r: (-r.wins, r.average, -r.games, r.user_id))


def _detail(detail: dict[str, Any]) -> str:
    parts = []
    for key, value in detail.items():
        if key == "channel_id":
            parts.append(f"in <#{value}>")
        elif key == "table_id":
            parts.append(f"table {value}")
        elif isinstance(value, list):
            parts.append(f"{key.replace('_', ' ')}: {', '.join(map(str, value)) or 'none'}")
        else:
            parts.append(f"{key.replace('_', ' ')}: {value}")
    return ", ".join(parts)


class Community(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.store = bot.store
        self.settings = bot.guild_settings

    # ---- /leaderboard --------------------------------------------------------------------------

    leaderboard = app_commands.Group(
        name="leaderboard", description="This server's best players, game by game", guild_only=True
    )

    @leaderboard.command(name="show", description="Rank this server's players by wins or by average result")
    @app_commands.describe(
        game="which game (default: The Game)",
        players="only games with this many players",
        period="which games count",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        period=[app_commands.Choice(name=label, value=key) for key, label in PERIOD_CHOICES.items()],
    )
    @user_errors
    async def show(
        self,
        interaction: discord.Interaction,
        game: str = THE_GAME,
        players: app_commands.Range[int, 1, 5] | None = None,
        period: str = "all",
    ) -> None:
        assert interaction.guild_id is not None
        if game not in GAMES:
            raise TableError("I do not know that game.")
        if period == DAILY:
            if game != THE_GAME:
                raise TableError("The deal of the day is a deal of The Game only.")
            await interaction.response.send_message(**await self._daily_board(players))
            return
        if period not in PERIODS:
            raise TableError("I do not know that period.")
        message = await self._board(interaction.guild_id, game, players or 0, period, "wins", 0)
        await interaction.response.send_message(**message)

    async def _board(
        self, guild_id: int, game: str, players: int, period: str, sort: str, page: int
    ) -> dict[str, Any]:
        spec = GAMES[game]
        measure = spec.measure
        rows = rank(await self.store.leaderboard(guild_id, game, players or None, period, _now()), sort)
        pages = max(1, -(-len(rows) // PAGE))
        page = min(max(page, 0), pages - 1)
        shown = rows[page * PAGE : (page + 1) * PAGE]
        names = await self.store.member_names([r.user_id for r in shown])
        scope = f"{PERIODS[period]}" + (f", {players}-player games" if players else "")
        embed = discord.Embed(title=f"Leaderboard: {spec.title}", colour=COLOUR)
        embed.description = (
            f"**{'Most wins' if sort == 'wins' else f'Fewest {measure} on average'}** · {scope}"
        )
        lines = []
        for place, row in enumerate(shown, start=page * PAGE + 1):
            name = names.get(row.user_id, f"<@{row.user_id}>")
            if sort == "wins":
                lines.append(
                    f"`{place:>2}.` **{name}**: won {row.wins} of {row.games} "
                    f"(average {row.average:.1f} {measure}, best {row.best})"
                )
            else:
                lines.append(
                    f"`{place:>2}.` **{name}**: {row.average:.1f} {measure} on average ({row.games} games)"
                )
        if not lines:
            lines.append(
                "No games yet."
                if sort == "wins"
                else f"Nobody has played {MIN_GAMES} games yet in this period."
            )
        embed.add_field(name="Ranking", value="\n".join(lines), inline=False)
        # The best team result per player count means something only in the cooperative game.
        best = await self.store.best_results(guild_id, game) if spec.cooperative else {}
        if best:
            embed.add_field(
                name="Best result by player count",
                value="\n".join(
                    f"{n} {'player' if n == 1 else 'players'}: **{b['cards_left']}** cards left · "
                    f"{', '.join(s['name'] for s in b['seats'])} · {_date(b['finished_at'])}"
                    for n, b in sorted(best.items())
                ),
                inline=False,
            )
        embed.set_footer(text=f"page {page + 1} of {pages}")
        other = "average" if sort == "wins" else "wins"
        key = spec.key
        view = view_of(
            TableButton("lb", players, max(page - 1, 0), key, period, sort, label="◀", disabled=page == 0),
            TableButton("lb", players, page + 1, key, period, sort, label="▶", disabled=page >= pages - 1),
            TableButton(
                "lb", players, 0, key, period, other, label="By average" if other == "average" else "By wins"
            ),
        )
        return {"embed": embed, "view": view}

    async def _daily_board(self, players: int | None) -> dict[str, Any]:
        """Today's deals of the day: per player count and rule set, every table that played it in
        any server, by fewest cards left, then fewest turns, then the earlier finish."""
        day = day_of(discord.utils.utcnow())
        rows = await self.store.daily_ranking(day, players or None)
        embed = discord.Embed(title=f"Deal of the day: {day}", colour=COLOUR)
        embed.description = (
            "Every table that played today's cards, in every server: fewest cards left first, then "
            "fewest turns, then the earlier finish. A server is named only where its moderators "
            "allowed it (`/settings daily`)."
        )
        servers: dict[int, str] = {}
        for guild_id in {row["guild_id"] for row in rows}:
            options = await self.store.guild_options(guild_id)
            named = options.get("daily_show_name") and options.get("daily_server_name")
            servers[guild_id] = str(options["daily_server_name"]) if named else "a server"
        deals: dict[tuple[int, bool], list[dict[str, Any]]] = {}
        for row in rows:
            deals.setdefault((row["players"], row["expert"]), []).append(row)
        for (count, expert), tables in sorted(deals.items()):
            key = DealKey(day, count, expert)
            par = await self.bot.tables.pars.stored(key)
            lines = []
            for place, row in enumerate(tables[:DAILY_SHOWN], start=1):
                names = ", ".join(seat["name"] for seat in row["seats"])
                lines.append(
                    f"`{place:>2}.` **{names}** · {servers[row['guild_id']]}: "
                    f"{row['cards_left']} cards left in {row['turns']} turns"
                )
            if len(tables) > DAILY_SHOWN:
                lines.append(f"… and {len(tables) - DAILY_SHOWN} more tables")
            seats = "1 player" if count == 1 else f"{count} players"
            par_text = "par not worked out yet" if par is None else f"the AI team's par: {par.cards_left}"
            embed.add_field(
                name=f"{seats}, {rules_name(expert)} rules · {par_text}", value="\n".join(lines), inline=False
            )
        if not deals:
            embed.add_field(
                name="Ranking",
                value="No table has finished today's deal yet. Play it with `/game new daily:true`.",
                inline=False,
            )
        return {"embed": embed}

    async def _click_lb(self, interaction: discord.Interaction, click: Click) -> None:
        if (
            len(click.args) != 3
            or click.args[0] not in BY_KEY
            or click.args[1] not in PERIODS
            or click.args[2] not in ("wins", "average")
        ):
            raise TableError("That button is not one of mine.")
        if interaction.guild_id is None or click.table_id > 5:
            raise TableError("That button is not one of mine.")
        game = BY_KEY[click.args[0]].name
        message = await self._board(
            interaction.guild_id, game, click.table_id, click.args[1], click.args[2], click.version
        )
        await interaction.response.edit_message(**message)

    @leaderboard.command(name="reset", description="Start the boards again from now (moderators)")
    @user_errors
    async def reset(self, interaction: discord.Interaction) -> None:
        if not await is_mod(self.bot, interaction):
            raise TableError("Only moderators can reset the leaderboard.")
        question = render.ask(
            "lbreset",
            "Reset this server's leaderboard? The boards start again from now. Results are kept "
            "(and still count in `/stats`), they are only hidden from the boards.",
            "Reset",
        )
        await interaction.response.send_message(**question.kwargs(), ephemeral=True)

    async def _click_lbreset(self, interaction: discord.Interaction, click: Click) -> None:
        if click.args[:1] != ("yes",):
            await interaction.response.edit_message(content="Nothing was reset.", embed=None, view=None)
            return
        if interaction.guild_id is None or not await is_mod(self.bot, interaction):
            raise TableError("Only moderators can reset the leaderboard.")
        await self.store.reset_leaderboard(interaction.guild_id, interaction.user.id, _now())
        await interaction.response.edit_message(
            content="The leaderboard starts again from now.", embed=None, view=None
        )

    # ---- /stats --------------------------------------------------------------------------------

    @app_commands.command(name="stats", description="Games, wins and scores of a member, or of the server")
    @app_commands.describe(
        member="whose stats (leave out for the server's)", game="which game (default: The Game)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    @user_errors
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None, game: str = THE_GAME
    ) -> None:
        assert interaction.guild_id is not None
        if game not in GAMES:
            raise TableError("I do not know that game.")
        spec = GAMES[game]
        await interaction.response.defer()
        guild_id = interaction.guild_id
        daily: tuple[discord.Embed, bytes] | None = None
        if member is None:
            data = await self.store.guild_stats(guild_id, game)
            title = f"{interaction.guild.name if interaction.guild else 'This server'}: {spec.title}"
            embed = discord.Embed(title=title, colour=COLOUR)
            self._totals(embed, data, spec.measure, cooperative=spec.cooperative)
            embed.add_field(name="Hours played", value=f"{data['hours']:.1f}")
            embed.add_field(name="Players on the board", value=str(data["members_on_board"]))
            if data["moderator_ended"]:
                embed.add_field(name="Ended by a moderator", value=str(data["moderator_ended"]))
            recent = await self.store.recent_results(guild_id, game)
            chart_title = "This server's recent games"
        else:
            data = await self.store.member_stats(guild_id, member.id, game)
            embed = discord.Embed(title=f"{member.display_name}: {spec.title}", colour=COLOUR)
            self._totals(embed, data, spec.measure)
            if data["strikes"]:
                embed.add_field(name="Talk-rule strikes", value=str(data["strikes"]))
            if data["teammates"]:
                names = await self.store.member_names([m for m, _ in data["teammates"]])
                embed.add_field(
                    name="Favourite teammates" if spec.cooperative else "Played most with",
                    value="\n".join(
                        f"{names.get(m, f'<@{m}>')} ({n} {'game' if n == 1 else 'games'} together)"
                        for m, n in data["teammates"]
                    ),
                    inline=False,
                )
            recent = await self.store.recent_results(guild_id, game, member.id)
            chart_title = f"{member.display_name}'s recent games"
            if game == THE_GAME:
                daily = await self._daily_stats(member)
        embeds, files = [embed], []
        if recent and (member is not None or spec.cooperative):
            # A competitive game has no table-wide figure to chart; a member's own results it has.
            points = [(datetime.fromisoformat(at), left) for at, left, _ in recent]
            png = await asyncio.to_thread(
                results_chart, points, chart_title, spec.measure, spec.excellent_below
            )
            embed.set_image(url="attachment://results.png")
            files.append(discord.File(io.BytesIO(png), filename="results.png"))
        if daily is not None:
            embeds.append(daily[0])
            files.append(discord.File(io.BytesIO(daily[1]), filename="daily.png"))
        await interaction.followup.send(embeds=embeds, files=files)

    async def _daily_stats(self, member: discord.Member) -> tuple[discord.Embed, bytes] | None:
        """A member's deals of the day (in any server) against the AI's par, with a chart of the
        last 30 days; None when they never played one."""
        games = await self.store.daily_member(member.id)
        if not games:
            return None
        scored = [g for g in games if g["par"] is not None]
        embed = discord.Embed(title=f"{member.display_name}: deals of the day", colour=COLOUR)
        embed.add_field(name="Played", value=str(len(games)))
        if scored:
            diffs = [g["cards_left"] - g["par"] for g in scored]
            mean = sum(diffs) / len(diffs)
            at_or_better = sum(d <= 0 for d in diffs)
            embed.add_field(name="Against par", value=f"{mean:+.1f} cards on average")
            embed.add_field(
                name="At or better than par",
                value=f"{at_or_better} of {len(scored)} ({100 * at_or_better / len(scored):.0f}%)",
            )
        today = discord.utils.utcnow().date()
        points = [(date.fromisoformat(g["day"]), g["cards_left"], g["par"]) for g in scored]
        png = await asyncio.to_thread(
            daily_chart, points, today, f"{member.display_name}: the last {DAILY_DAYS} days"
        )
        embed.set_image(url="attachment://daily.png")
        return embed, png

    @staticmethod
    def _totals(embed: discord.Embed, data: dict[str, Any], measure: str, cooperative: bool = True) -> None:
        games = data["games"]
        embed.add_field(name="Games", value=str(games))
        if not cooperative:
            return  # a server's totals of a competitive game: someone wins every game, no figure to average
        embed.add_field(
            name="Won", value=f"{data['wins']}" + (f" ({100 * data['wins'] / games:.0f}%)" if games else "")
        )
        embed.add_field(
            name=f"Average {measure}", value="—" if data["average"] is None else f"{data['average']:.1f}"
        )
        embed.add_field(name="Best", value="—" if data["best"] is None else f"{data['best']} {measure}")

    # ---- /privacy ------------------------------------------------------------------------------

    privacy = app_commands.Group(name="privacy", description="What Deckhand keeps about you")

    @privacy.command(name="forget-me", description="Remove your name and id from every result Deckhand keeps")
    @user_errors
    async def forget_me(self, interaction: discord.Interaction) -> None:
        question = render.ask(
            "forget",
            "Forget you? Your results stay in the server's totals but no longer name you: they "
            "show as \u201ca former player\u201d. Your strikes and logs lose your id too. "
            "This cannot be undone.",
            "Forget me",
        )
        await interaction.response.send_message(**question.kwargs(), ephemeral=True)

    async def _click_forget(self, interaction: discord.Interaction, click: Click) -> None:
        if click.args[:1] != ("yes",):
            await interaction.response.edit_message(content="Nothing was changed.", embed=None, view=None)
            return
        # The database, not this process: with shards, the table may be held by another process.
        if await self.store.seated_at_open_table(interaction.user.id):
            raise TableError("You are seated at an open table. Leave it first, then ask again.")
        games = await self.store.forget_member(interaction.user.id)
        await interaction.response.edit_message(
            content=f"Done. {games} game results no longer name you.", embed=None, view=None
        )

    # ---- /settings -----------------------------------------------------------------------------

    settings_group = app_commands.Group(
        name="settings",
        description="Deckhand's settings for this server (moderators)",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    async def _require_mod(self, interaction: discord.Interaction) -> int:
        # Discord shows /settings only to Manage Server unless the server grants it to others;
        # the moderator role named here may use it once the server does.
        if interaction.guild_id is None or not await is_mod(self.bot, interaction):
            raise TableError("Only moderators can change Deckhand's settings.")
        return interaction.guild_id

    async def _save(
        self, interaction: discord.Interaction, changes: dict[str, Any], channel: Any = None
    ) -> None:
        guild_id = await self._require_mod(interaction)
        if not changes:
            await self._show(interaction, channel)
            return
        try:
            if channel is not None:
                await self.settings.update_channel(guild_id, channel.id, changes, interaction.user.id, _now())
            else:
                await self.settings.update_guild(guild_id, changes, interaction.user.id, _now())
        except SettingsError as exc:
            raise TableError(f"Not changed: {exc}") from exc
        await self._show(interaction, channel, saved=True)

    async def _show(self, interaction: discord.Interaction, channel: Any = None, saved: bool = False) -> None:
        assert interaction.guild_id is not None
        options = (
            await self.settings.for_channel(interaction.guild_id, channel.id)
            if channel is not None
            else await self.settings.guild(interaction.guild_id)
        )
        where = f" in <#{channel.id}>" if channel is not None else " for this server"
        timer = (
            "the bot's default"
            if options.turn_timer is None
            else ("off" if options.turn_timer == 0 else f"{options.turn_timer} min")
        )
        defaults = (
            ", ".join(
                part
                for part in (
                    "expert" if options.expert else "",
                    "smaller hands" if options.smaller_hands else "",
                    f"hand of {options.hand_size}" if options.hand_size else "",
                    f"at least {options.min_cards} a turn" if options.min_cards else "",
                )
                if part
            )
            or "the rules' defaults"
        )
        lines = [
            f"{'Saved. ' if saved else ''}Settings{where}:",
            f"- chat rule keeper: **{options.chat_mode}**, reading "
            f"**{'everyone in the channel' if options.chat_scope == 'everyone' else 'seated players'}**, "
            f"number words in **{', '.join(options.chat_languages)}**",
            f"- turn timer: **{timer}**",
            f"- new tables: **{defaults}**",
            "- tables open in: "
            + (
                "**any channel**"
                if not options.table_channels
                else ", ".join(f"<#{c}>" for c in options.table_channels)
            ),
            "- deal of the day's ranking names this server: "
            + ("**yes**" if options.daily_show_name else "**no** (it shows as a server)"),
            "- moderator role: "
            + (
                f"<@&{options.moderator_role}>" if options.moderator_role else "**none** (Manage Server only)"
            ),
        ]
        await reply(interaction, "\n".join(lines))

    @settings_group.command(name="show", description="Show the settings of the server or of one channel")
    @user_errors
    async def settings_show(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        await self._require_mod(interaction)
        await self._show(interaction, channel)

    @settings_group.command(name="chat", description="How the chat rule keeper acts during The Game")
    @app_commands.describe(
        mode="off: nothing; warn: react and post a notice; delete: delete the message and post a notice",
        scope="whose messages are read during a game",
        languages="languages whose number words are known, e.g. en,de (all: en,de,fr,es)",
        channel="set it for this channel only",
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name=m, value=m) for m in ("off", "warn", "delete")],
        scope=[
            app_commands.Choice(name="seated players", value="seated"),
            app_commands.Choice(name="everyone in the channel", value="everyone"),
        ],
    )
    @user_errors
    async def settings_chat(
        self,
        interaction: discord.Interaction,
        mode: str | None = None,
        scope: str | None = None,
        languages: str | None = None,
        channel: discord.TextChannel | None = None,
    ) -> None:
        changes = {
            k: v
            for k, v in (("chat_mode", mode), ("chat_scope", scope), ("chat_languages", languages))
            if v is not None
        }
        await self._save(interaction, changes, channel)

    @settings_group.command(name="timer", description="Minutes per turn for new tables (0 = no timer)")
    @user_errors
    async def settings_timer(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 0, 120],
        channel: discord.TextChannel | None = None,
    ) -> None:
        await self._save(interaction, {"turn_timer": minutes}, channel)

    @settings_group.command(
        name="defaults", description="Options for new tables when /game new leaves them out"
    )
    @user_errors
    async def settings_defaults(
        self,
        interaction: discord.Interaction,
        expert: bool | None = None,
        smaller_hands: bool | None = None,
        hand_size: app_commands.Range[int, 1, 8] | None = None,
        minimum: app_commands.Range[int, 1, 4] | None = None,
    ) -> None:
        changes = {
            k: v
            for k, v in (
                ("expert", expert),
                ("smaller_hands", smaller_hands),
                ("hand_size", hand_size),
                ("min_cards", minimum),
            )
            if v is not None
        }
        await self._save(interaction, changes)

    @settings_group.command(name="channels", description="Where tables may open (no channels: anywhere)")
    @app_commands.choices(
        action=[app_commands.Choice(name=a, value=a) for a in ("add", "remove", "clear")],
    )
    @user_errors
    async def settings_channels(
        self, interaction: discord.Interaction, action: str, channel: discord.TextChannel | None = None
    ) -> None:
        guild_id = await self._require_mod(interaction)
        current = list((await self.settings.guild(guild_id)).table_channels)
        if action != "clear" and channel is None:
            raise TableError("Name the channel to add or remove.")
        if action == "add" and channel is not None and channel.id not in current:
            current.append(channel.id)
        elif action == "remove" and channel is not None:
            current = [c for c in current if c != channel.id]
        elif action == "clear":
            current = []
        await self._save(interaction, {"table_channels": tuple(current)})

    @settings_group.command(name="modrole", description="A role whose members count as moderators")
    @user_errors
    async def settings_modrole(
        self, interaction: discord.Interaction, role: discord.Role | None = None, clear: bool = False
    ) -> None:
        if role is None and not clear:
            raise TableError("Name a role, or set clear to remove the moderator role.")
        await self._save(interaction, {"moderator_role": None if clear else role.id})  # type: ignore[union-attr]

    @settings_group.command(
        name="daily", description="Whether the deal of the day's ranking names this server (off: a server)"
    )
    @app_commands.describe(show_name="name this server in the ranking every server sees")
    @user_errors
    async def settings_daily(self, interaction: discord.Interaction, show_name: bool) -> None:
        guild = interaction.guild
        name = guild.name if guild is not None and show_name else None
        await self._save(interaction, {"daily_show_name": show_name, "daily_server_name": name})

    @settings_group.command(name="log", description="The latest moderator actions on this server")
    @user_errors
    async def settings_log(self, interaction: discord.Interaction) -> None:
        guild_id = await self._require_mod(interaction)
        actions = await self.store.mod_actions(guild_id)
        if not actions:
            await reply(interaction, "No moderator actions yet.")
            return
        lines = [
            f"{_date(a['at'])}: {_who(a['user_id'])} {a['action'].replace('_', ' ')}"
            + (f" ({_detail(a['detail'])})" if a["detail"] else "")
            for a in actions
        ]
        await reply(interaction, "\n".join(lines)[:1900])

    @commands.Cog.listener()
    async def on_guild_role_delete(self, role: discord.Role) -> None:
        try:
            await self.settings.drop_role(role.guild.id, role.id, _now())
        except StoreError:
            log.warning("could not drop deleted role %s from the settings", role.id)


def _who(user_id: int) -> str:
    """A moderator in the log; 0 stands for one who asked to be forgotten."""
    return f"<@{user_id}>" if user_id else "a former moderator"


async def setup(bot: Any) -> None:
    await bot.add_cog(Community(bot))
