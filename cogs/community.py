"""Stats, leaderboards, server settings and privacy: /stats, /leaderboard, /settings, /privacy."""

from __future__ import annotations

import io
import logging
from datetime import date, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.catalog import BY_KEY, GAMES, GameSpec
from bot.charts import DAILY_DAYS, daily_chart, draw, results_chart
from bot.daily import DealKey, day_of
from bot.games.thegame import NAME as THE_GAME
from bot.i18n import N_, Text, _, ngettext, using
from bot.options import SettingsError
from bot.store.base import BoardRow, StoreError
from bot.tables import TableError
from bot.translator import member_language, server_language
from bot.ui import render
from bot.ui.components import Click, TableButton, view_of
from cogs.tables import apologise, applied, is_mod, reply, user_errors

log = logging.getLogger(__name__)

GAME_NAMES = {name: spec.title for name, spec in GAMES.items()}
GAME_CHOICES = [app_commands.Choice(name=title, value=name) for name, title in GAME_NAMES.items()]
PAGE = 10
MIN_GAMES = 3  # to be ranked by average cards left
PERIODS = {"all": N_("all time"), "year": N_("this year"), "month": N_("this month"), "week": N_("this week")}
DAILY = "daily"  # /leaderboard show period:daily, today's deal of the day in every server
PERIOD_CHOICES = {**PERIODS, DAILY: N_("today's deal of the day (every server)")}
DAILY_SHOWN = 10  # tables listed per deal
COLOUR = discord.Colour.blurple()
# What moderators choose in /settings, as the settings and the log name it.
MODES = {"off": N_("off"), "warn": N_("warn"), "delete": N_("delete")}
SCOPES = {"seated": N_("seated players"), "everyone": N_("everyone in the channel")}
CHANNEL_ACTIONS = {"add": N_("add"), "remove": N_("remove"), "clear": N_("clear")}
FOLLOW_DISCORD = "auto"  # /settings language: the server's own language in Discord
LANGUAGE_CHOICES = [
    app_commands.Choice(name=N_("the server's language in Discord"), value=FOLLOW_DISCORD),
    # Each language by its own name, as every language lists them.
    *(app_commands.Choice(name=name, value=code) for code, name in i18n.NAMES.items()),
]
# The moderator log: what was done, and the names of the options changed.
ACTIONS = {
    "settings": N_("settings"),
    "channel_settings": N_("channel settings"),
    "close_lobby": N_("close lobby"),
    "end_game": N_("end game"),
    "absent_seat": N_("absent seat"),
    "false_alarm": N_("false alarm"),
    "leaderboard_reset": N_("leaderboard reset"),
}
OPTION_NAMES = {
    "language": N_("language"),
    "chat_mode": N_("chat mode"),
    "chat_scope": N_("chat scope"),
    "chat_languages": N_("chat languages"),
    "turn_timer": N_("turn timer"),
    "expert": N_("expert"),
    "smaller_hands": N_("smaller hands"),
    "hand_size": N_("hand size"),
    "min_cards": N_("min cards"),
    "table_channels": N_("table channels"),
    "moderator_role": N_("moderator role"),
    "daily_show_name": N_("daily show name"),
    "daily_server_name": N_("daily server name"),
    "turn": N_("turn"),
    "choice": N_("choice"),
    "strike": N_("strike"),
}


async def chart_or_none(function: Any, *args: Any) -> bytes | None:
    """A chart for /stats, or None when it cannot be drawn now (the stats go out without it)."""
    try:
        return await draw(function, *args)
    except Exception:
        log.exception("could not draw a chart for /stats")
        return None


def _now() -> str:
    return discord.utils.utcnow().isoformat()


def _date(iso: str) -> str:
    return i18n.day(datetime.fromisoformat(iso).date())


def _measure(spec: GameSpec) -> str:
    """The game's figure ("cards left", ...) in the current language (extracted from the catalog)."""
    return _(spec.measure)


def rank(rows: list[BoardRow], sort: str) -> list[BoardRow]:
    if sort == "average":
        ranked = [r for r in rows if r.games >= MIN_GAMES]
        return sorted(ranked, key=lambda r: (r.average, -r.games, r.user_id))
    return sorted(rows, key=lambda r: (-r.wins, r.average, -r.games, r.user_id))


def _detail(detail: dict[str, Any]) -> str:
    parts = []
    for key, value in detail.items():
        if key == "channel_id":
            parts.append(_("in {channel}").format(channel=f"<#{value}>"))
        elif key == "table_id":
            parts.append(_("table {number}").format(number=value))
        else:
            name = _(OPTION_NAMES[key]) if key in OPTION_NAMES else key.replace("_", " ")
            parts.append(f"{name}: {_value(key, value)}")
    return ", ".join(parts)


def _value(key: str, value: Any) -> str:
    """A value of the moderator log's detail, as a moderator reads it."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(map(str, value)) or _("none")
    if value is None:
        return _("none")
    if key == "language":
        return i18n.NAMES.get(value, str(value))
    names = {"chat_mode": MODES, "chat_scope": SCOPES}.get(key, {})
    return _(names[value]) if value in names else str(value)


class Community(commands.Cog):
    about_tables = False  # its faults are not a table's: their apology does not speak of the game

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.store = bot.store
        self.settings = bot.guild_settings

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await apologise(interaction, error, table=False)  # before, such a fault had no answer at all

    async def _server_language(self, interaction: discord.Interaction) -> str:
        """The language of what the channel sees (what one member alone sees is in theirs)."""
        return await server_language(self.settings, interaction.guild_id, interaction.guild_locale)

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
        with using(member_language(interaction)):
            if game not in GAMES:
                raise TableError(_("I do not know that game."))
            if period == DAILY and game != THE_GAME:
                raise TableError(_("The deal of the day is a deal of The Game only."))
            if period != DAILY and period not in PERIODS:
                raise TableError(_("I do not know that period."))
            spec = GAMES[game]
            if players is not None and not spec.min_players <= players <= spec.max_players:
                low, high = spec.min_players, spec.max_players
                if low == high:
                    raise TableError(
                        Text.ngettext(
                            "{game} is played by {n} player only.",
                            "{game} is played by {n} players only.",
                            low,
                            game=spec.title,
                            n=low,
                        )
                    )
                raise TableError(
                    N_("{game} is played by {low} to {high} players."), game=spec.title, low=low, high=high
                )
        with using(await self._server_language(interaction)):
            if period == DAILY:
                message = await self._daily_board(players)
            else:
                message = await self._board(interaction.guild_id, game, players or 0, period, "wins", 0)
        await interaction.response.send_message(**message)

    async def _board(
        self, guild_id: int, game: str, players: int, period: str, sort: str, page: int
    ) -> dict[str, Any]:
        spec = GAMES[game]
        measure = _measure(spec)
        rows = rank(await self.store.leaderboard(guild_id, game, players or None, period, _now()), sort)
        pages = max(1, -(-len(rows) // PAGE))
        page = min(max(page, 0), pages - 1)
        shown = rows[page * PAGE : (page + 1) * PAGE]
        names = await self.store.member_names([r.user_id for r in shown])
        scope = _(PERIODS[period])
        if players:
            scope += ", " + ngettext("games of {n} player", "games of {n} players", players).format(n=players)
        embed = discord.Embed(title=_("Leaderboard: {game}").format(game=spec.title), colour=COLOUR)
        ranked_by = (
            _("Most wins") if sort == "wins" else _("Fewest {measure} on average").format(measure=measure)
        )
        embed.description = f"**{ranked_by}** · {scope}"
        lines = []
        for place, row in enumerate(shown, start=page * PAGE + 1):
            name = names.get(row.user_id, f"<@{row.user_id}>")
            if sort == "wins":
                line = _("**{name}**: won {wins} of {games} (average {average} {measure}, best {best})")
            else:
                line = ngettext(
                    "**{name}**: {average} {measure} on average ({games} game)",
                    "**{name}**: {average} {measure} on average ({games} games)",
                    row.games,
                )
            text = line.format(
                name=name,
                wins=row.wins,
                games=row.games,
                average=i18n.number(row.average),
                measure=measure,
                best=row.best,
            )
            lines.append(f"`{place:>2}.` {text}")
        if not lines:
            lines.append(
                _("No games yet.")
                if sort == "wins"
                else ngettext(
                    "Nobody has played {n} game yet in this period.",
                    "Nobody has played {n} games yet in this period.",
                    MIN_GAMES,
                ).format(n=MIN_GAMES)
            )
        embed.add_field(name=_("Ranking"), value="\n".join(lines), inline=False)
        # The best team result per player count means something only in the cooperative game.
        best = await self.store.best_results(guild_id, game) if spec.cooperative else {}
        if best:
            embed.add_field(
                name=_("Best result by player count"),
                value="\n".join(
                    ngettext("{n} player", "{n} players", n).format(n=n)
                    + ": "
                    + ngettext("**{cards}** card left", "**{cards}** cards left", b["cards_left"]).format(
                        cards=b["cards_left"]
                    )
                    + f" · {', '.join(s['name'] for s in b['seats'])} · {_date(b['finished_at'])}"
                    for n, b in sorted(best.items())
                ),
                inline=False,
            )
        embed.set_footer(text=_("page {page} of {pages}").format(page=page + 1, pages=pages))
        other = "average" if sort == "wins" else "wins"
        key = spec.key
        view = view_of(
            TableButton("lb", players, max(page - 1, 0), key, period, sort, label="◀", disabled=page == 0),
            TableButton("lb", players, page + 1, key, period, sort, label="▶", disabled=page >= pages - 1),
            TableButton(
                "lb",
                players,
                0,
                key,
                period,
                other,
                label=_("By average") if other == "average" else _("By wins"),
            ),
        )
        return {"embed": embed, "view": view}

    async def _daily_board(self, players: int | None) -> dict[str, Any]:
        """Today's deals of the day: per player count and rule set, every table that played it in
        any server, by fewest cards left, then fewest turns, then the earlier finish."""
        day = day_of(discord.utils.utcnow())
        rows = await self.store.daily_ranking(day, players or None)
        embed = discord.Embed(
            title=_("Deal of the day: {day}").format(day=i18n.day(date.fromisoformat(day))), colour=COLOUR
        )
        embed.description = _(
            "Every table that played today's cards, in every server: fewest cards left first, then "
            "fewest turns, then the earlier finish. A server is named only where its moderators "
            "allowed it (`/settings daily`)."
        )
        servers: dict[int, str] = {}
        for guild_id in {row["guild_id"] for row in rows}:
            options = await self.store.guild_options(guild_id)
            named = options.get("daily_show_name") and options.get("daily_server_name")
            servers[guild_id] = str(options["daily_server_name"]) if named else _("a server")
        deals: dict[tuple[int, bool], list[dict[str, Any]]] = {}
        for row in rows:
            deals.setdefault((row["players"], row["expert"]), []).append(row)
        for (count, expert), tables in sorted(deals.items()):
            key = DealKey(day, count, expert)
            par = await self.bot.tables.pars.stored(key)
            lines = []
            for place, row in enumerate(tables[:DAILY_SHOWN], start=1):
                names = ", ".join(seat["name"] for seat in row["seats"])
                left = ngettext("{n} card left", "{n} cards left", row["cards_left"])
                turns = ngettext("in {n} turn", "in {n} turns", row["turns"])
                lines.append(
                    f"`{place:>2}.` **{names}** · {servers[row['guild_id']]}: "
                    f"{left.format(n=row['cards_left'])} {turns.format(n=row['turns'])}"
                )
            if len(tables) > DAILY_SHOWN:
                more = len(tables) - DAILY_SHOWN
                lines.append(ngettext("… and {n} more table", "… and {n} more tables", more).format(n=more))
            seats = ngettext("{n} player", "{n} players", count).format(n=count)
            rules = _("expert rules") if expert else _("basic rules")
            par_text = (
                _("par not worked out yet")
                if par is None
                else _("the AI team's par: {cards}").format(cards=par.cards_left)
            )
            embed.add_field(name=f"{seats}, {rules} · {par_text}", value="\n".join(lines), inline=False)
        if not deals:
            embed.add_field(
                name=_("Ranking"),
                value=_("No table has finished today's deal yet. Play it with `/game new daily:true`."),
                inline=False,
            )
        return {"embed": embed}

    async def _click_lb(self, interaction: discord.Interaction, click: Click) -> None:
        with using(member_language(interaction)):
            if (
                len(click.args) != 3
                or click.args[0] not in BY_KEY
                or click.args[1] not in PERIODS
                or click.args[2] not in ("wins", "average")
            ):
                raise TableError(_("That button is not one of mine."))
            if interaction.guild_id is None or click.table_id > 5:
                raise TableError(_("That button is not one of mine."))
        game = BY_KEY[click.args[0]].name
        with using(await self._server_language(interaction)):
            message = await self._board(
                interaction.guild_id, game, click.table_id, click.args[1], click.args[2], click.version
            )
        await interaction.response.edit_message(**message)

    @leaderboard.command(name="reset", description="Start the boards again from now (moderators)")
    @user_errors
    async def reset(self, interaction: discord.Interaction) -> None:
        with using(member_language(interaction)):
            if not await is_mod(self.bot, interaction):
                raise TableError(_("Only moderators can reset the leaderboard."))
            question = render.ask(
                "lbreset",
                _(
                    "Reset this server's leaderboard? The boards start again from now. Results are kept "
                    "(and still count in `/stats`), they are only hidden from the boards."
                ),
                _("Reset"),
            )
        await interaction.response.send_message(**question.kwargs(), ephemeral=True)

    async def _click_lbreset(self, interaction: discord.Interaction, click: Click) -> None:
        with using(member_language(interaction)):
            if click.args[:1] != ("yes",):
                await interaction.response.edit_message(
                    content=_("Nothing was reset."), embed=None, view=None
                )
                return
            if interaction.guild_id is None or not await is_mod(self.bot, interaction):
                raise TableError(_("Only moderators can reset the leaderboard."))
            await self.store.reset_leaderboard(interaction.guild_id, interaction.user.id, _now())
            applied(interaction, table=False)
            await interaction.response.edit_message(
                content=_("The leaderboard starts again from now."), embed=None, view=None
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
        with using(member_language(interaction)):
            if game not in GAMES:
                raise TableError(_("I do not know that game."))
        await interaction.response.defer()
        with using(await self._server_language(interaction)):
            embeds, files = await self._stats(interaction, member, GAMES[game])
        await interaction.followup.send(embeds=embeds, files=files)

    async def _stats(
        self, interaction: discord.Interaction, member: discord.Member | None, spec: GameSpec
    ) -> tuple[list[discord.Embed], list[discord.File]]:
        """The stats of a member or of the server, in the current language, with their charts."""
        assert interaction.guild_id is not None
        guild_id, game, measure = interaction.guild_id, spec.name, _measure(spec)
        daily: tuple[discord.Embed, bytes] | None = None
        if member is None:
            data = await self.store.guild_stats(guild_id, game)
            server = interaction.guild.name if interaction.guild else _("This server")
            embed = discord.Embed(title=f"{server}: {spec.title}", colour=COLOUR)
            self._totals(embed, data, measure, cooperative=spec.cooperative)
            embed.add_field(name=_("Hours played"), value=i18n.number(data["hours"]))
            embed.add_field(name=_("Players on the board"), value=str(data["members_on_board"]))
            if data["moderator_ended"]:
                embed.add_field(name=_("Ended by a moderator"), value=str(data["moderator_ended"]))
            recent = await self.store.recent_results(guild_id, game)
            chart_title = _("This server's recent games")
        else:
            data = await self.store.member_stats(guild_id, member.id, game)
            embed = discord.Embed(title=f"{member.display_name}: {spec.title}", colour=COLOUR)
            self._totals(embed, data, measure)
            if data["strikes"]:
                embed.add_field(name=_("Talk-rule strikes"), value=str(data["strikes"]))
            if data["teammates"]:
                names = await self.store.member_names([m for m, _n in data["teammates"]])
                embed.add_field(
                    name=_("Favourite teammates") if spec.cooperative else _("Played most with"),
                    value="\n".join(
                        ngettext("{name} ({n} game together)", "{name} ({n} games together)", n).format(
                            name=names.get(m, f"<@{m}>"), n=n
                        )
                        for m, n in data["teammates"]
                    ),
                    inline=False,
                )
            recent = await self.store.recent_results(guild_id, game, member.id)
            chart_title = _("{name}'s recent games").format(name=member.display_name)
            if game == THE_GAME:
                daily = await self._daily_stats(member)
        embeds, files = [embed], []
        if recent and (member is not None or spec.cooperative):
            # A competitive game has no table-wide figure to chart; a member's own results it has.
            points = [(datetime.fromisoformat(at), left) for at, left, _x in recent]
            png = await chart_or_none(results_chart, points, chart_title, measure, spec.excellent_below)
            if png is not None:
                embed.set_image(url="attachment://results.png")
                files.append(discord.File(io.BytesIO(png), filename="results.png"))
        if daily is not None:
            embeds.append(daily[0])
            if daily[1] is not None:
                files.append(discord.File(io.BytesIO(daily[1]), filename="daily.png"))
        return embeds, files

    async def _daily_stats(self, member: discord.Member) -> tuple[discord.Embed, bytes | None] | None:
        """A member's deals of the day (in any server) against the AI's par, with a chart of the
        last 30 days; None when they never played one."""
        games = await self.store.daily_member(member.id)
        if not games:
            return None
        scored = [g for g in games if g["par"] is not None]
        title = _("{name}: deals of the day").format(name=member.display_name)
        embed = discord.Embed(title=title, colour=COLOUR)
        embed.add_field(name=_("Played"), value=str(len(games)))
        if scored:
            diffs = [g["cards_left"] - g["par"] for g in scored]
            mean = sum(diffs) / len(diffs)
            at_or_better = sum(d <= 0 for d in diffs)
            embed.add_field(
                name=_("Against par"),
                value=_("{mean} cards on average").format(mean=i18n.number(mean, signed=True)),
            )
            embed.add_field(
                name=_("At or better than par"),
                value=_("{count} of {total} ({share})").format(
                    count=at_or_better, total=len(scored), share=i18n.percent(at_or_better / len(scored))
                ),
            )
        today = discord.utils.utcnow().date()
        points = [(date.fromisoformat(g["day"]), g["cards_left"], g["par"]) for g in scored]
        chart_title = _("{name}: the last {days} days").format(name=member.display_name, days=DAILY_DAYS)
        png = await chart_or_none(daily_chart, points, today, chart_title)
        if png is None:
            return embed, None
        embed.set_image(url="attachment://daily.png")
        return embed, png

    @staticmethod
    def _totals(embed: discord.Embed, data: dict[str, Any], measure: str, cooperative: bool = True) -> None:
        games = data["games"]
        embed.add_field(name=_("Games"), value=str(games))
        if not cooperative:
            return  # a server's totals of a competitive game: someone wins every game, no figure to average
        won = str(data["wins"]) + (f" ({i18n.percent(data['wins'] / games)})" if games else "")
        embed.add_field(name=_("Won"), value=won)
        embed.add_field(
            name=_("Average {measure}").format(measure=measure),
            value="—" if data["average"] is None else i18n.number(data["average"]),
        )
        embed.add_field(
            name=_("Best"),
            value="—" if data["best"] is None else f"{data['best']} {measure}",
        )

    # ---- /privacy ------------------------------------------------------------------------------

    privacy = app_commands.Group(name="privacy", description="What Deckhand keeps about you")

    @privacy.command(name="forget-me", description="Remove your name and id from every result Deckhand keeps")
    @user_errors
    async def forget_me(self, interaction: discord.Interaction) -> None:
        with using(member_language(interaction)):
            question = render.ask(
                "forget",
                _(
                    "Forget you? Your results stay in the server's totals but no longer name you: they "
                    "show as \u201ca former player\u201d. Your strikes and logs lose your id too. "
                    "This cannot be undone."
                ),
                _("Forget me"),
            )
        await interaction.response.send_message(**question.kwargs(), ephemeral=True)

    async def _click_forget(self, interaction: discord.Interaction, click: Click) -> None:
        with using(member_language(interaction)):
            if click.args[:1] != ("yes",):
                await interaction.response.edit_message(
                    content=_("Nothing was changed."), embed=None, view=None
                )
                return
            # The database, not this process: with shards, the table may be held by another process.
            if await self.store.seated_at_open_table(interaction.user.id):
                raise TableError(_("You are seated at an open table. Leave it first, then ask again."))
            games = await self.store.forget_member(interaction.user.id)
            applied(interaction, table=False)
            done = ngettext(
                "Done. {n} game result no longer names you.",
                "Done. {n} game results no longer name you.",
                games,
            )
            await interaction.response.edit_message(content=done.format(n=games), embed=None, view=None)

    # ---- /settings -----------------------------------------------------------------------------
    # What a moderator reads here is theirs alone: in their language.

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
            raise TableError(_("Only moderators can change Deckhand's settings."))
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
            raise TableError(_("Not changed: {problem}").format(problem=exc)) from exc
        applied(interaction, table=False)
        await self._show(interaction, channel, saved=True)

    async def _show(self, interaction: discord.Interaction, channel: Any = None, saved: bool = False) -> None:
        assert interaction.guild_id is not None
        options = (
            await self.settings.for_channel(interaction.guild_id, channel.id)
            if channel is not None
            else await self.settings.guild(interaction.guild_id)
        )
        heading = (
            _("Settings in {channel}:").format(channel=f"<#{channel.id}>")
            if channel is not None
            else _("Settings for this server:")
        )
        discord_language = i18n.language_of(interaction.guild_locale)
        if options.language is not None:
            language = i18n.NAMES[options.language]
        else:
            language = _("the server's language in Discord ({language})").format(
                language=i18n.NAMES[discord_language or i18n.SOURCE]
            )
        reading = options.reading_languages(options.language or discord_language)
        words = f"**{', '.join(reading)}**"
        if options.chat_languages is None:
            words += " " + _(
                "(the server's language and English; `/settings chat languages` chooses among {all})"
            ).format(all=", ".join(i18n.LANGUAGES))
        timer = (
            _("the bot's default")
            if options.turn_timer is None
            else (
                _("off") if options.turn_timer == 0 else _("{minutes} min").format(minutes=options.turn_timer)
            )
        )
        defaults = ", ".join(
            part
            for part in (
                _("expert") if options.expert else "",
                _("smaller hands") if options.smaller_hands else "",
                _("hand of {cards}").format(cards=options.hand_size) if options.hand_size else "",
                _("at least {cards} a turn").format(cards=options.min_cards) if options.min_cards else "",
            )
            if part
        ) or _("the rules' defaults")
        lines = [
            (_("Saved.") + " " if saved else "") + heading,
            _("- language of the channels: **{language}**").format(language=language),
            _("- chat rule keeper: **{mode}**, reading **{scope}**, number words in {languages}").format(
                mode=_(MODES[options.chat_mode]), scope=_(SCOPES[options.chat_scope]), languages=words
            ),
            _("- turn timer: **{timer}**").format(timer=timer),
            _("- new tables: **{defaults}**").format(defaults=defaults),
            (
                _("- tables open in: **any channel**")
                if not options.table_channels
                else _("- tables open in: {channels}").format(
                    channels=", ".join(f"<#{c}>" for c in options.table_channels)
                )
            ),
            (
                _("- deal of the day's ranking names this server: **yes**")
                if options.daily_show_name
                else _("- deal of the day's ranking names this server: **no** (it shows as a server)")
            ),
            (
                _("- moderator role: {role}").format(role=f"<@&{options.moderator_role}>")
                if options.moderator_role
                else _("- moderator role: **none** (Manage Server only)")
            ),
        ]
        await reply(interaction, "\n".join(lines))

    @settings_group.command(name="show", description="Show the settings of the server or of one channel")
    @app_commands.describe(channel="show this channel's settings, with its own changes")
    @user_errors
    async def settings_show(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        with using(member_language(interaction)):
            await self._require_mod(interaction)
            await self._show(interaction, channel)

    @settings_group.command(
        name="language", description="Which language Deckhand uses in this server's channels"
    )
    @app_commands.describe(language="a language, or the server's own language in Discord")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @user_errors
    async def settings_language(self, interaction: discord.Interaction, language: str) -> None:
        with using(member_language(interaction)):
            chosen = None if language == FOLLOW_DISCORD else language
            await self._save(interaction, {"language": chosen})

    @settings_group.command(name="chat", description="How the chat rule keeper acts during The Game")
    @app_commands.describe(
        mode="off: nothing; warn: react and post a notice; delete: delete the message and post a notice",
        scope="whose messages are read during a game",
        languages="languages whose number words are known, e.g. en,de (all: en,de,fr,es)",
        channel="set it for this channel only",
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name=label, value=key) for key, label in MODES.items()],
        scope=[app_commands.Choice(name=label, value=key) for key, label in SCOPES.items()],
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
        with using(member_language(interaction)):
            await self._save(interaction, changes, channel)

    @settings_group.command(name="timer", description="Minutes per turn for new tables (0 = no timer)")
    @app_commands.describe(minutes="minutes per turn (0 = no timer)", channel="set it for this channel only")
    @user_errors
    async def settings_timer(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 0, 120],
        channel: discord.TextChannel | None = None,
    ) -> None:
        with using(member_language(interaction)):
            await self._save(interaction, {"turn_timer": minutes}, channel)

    @settings_group.command(
        name="defaults", description="Options for new tables when /game new leaves them out"
    )
    @app_commands.describe(
        expert="The Game: at least 3 cards a turn",
        smaller_hands="The Game: one card fewer in every hand",
        hand_size="The Game: cards per hand (1-8)",
        minimum="The Game: cards to lay each turn while the draw pile lasts (1-4)",
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
        with using(member_language(interaction)):
            await self._save(interaction, changes)

    @settings_group.command(name="channels", description="Where tables may open (no channels: anywhere)")
    @app_commands.describe(action="add or remove a channel, or clear the list", channel="the channel")
    @app_commands.choices(
        action=[app_commands.Choice(name=label, value=key) for key, label in CHANNEL_ACTIONS.items()],
    )
    @user_errors
    async def settings_channels(
        self, interaction: discord.Interaction, action: str, channel: discord.TextChannel | None = None
    ) -> None:
        with using(member_language(interaction)):
            guild_id = await self._require_mod(interaction)
            current = list((await self.settings.guild(guild_id)).table_channels)
            if action != "clear" and channel is None:
                raise TableError(_("Name the channel to add or remove."))
            if action == "add" and channel is not None and channel.id not in current:
                current.append(channel.id)
            elif action == "remove" and channel is not None:
                current = [c for c in current if c != channel.id]
            elif action == "clear":
                current = []
            await self._save(interaction, {"table_channels": tuple(current)})

    @settings_group.command(name="modrole", description="A role whose members count as moderators")
    @app_commands.describe(role="the moderator role", clear="remove the moderator role")
    @user_errors
    async def settings_modrole(
        self, interaction: discord.Interaction, role: discord.Role | None = None, clear: bool = False
    ) -> None:
        with using(member_language(interaction)):
            if role is None and not clear:
                raise TableError(_("Name a role, or set clear to remove the moderator role."))
            await self._save(interaction, {"moderator_role": None if clear else role.id})  # type: ignore[union-attr]

    @settings_group.command(
        name="daily", description="Whether the deal of the day's ranking names this server (off: a server)"
    )
    @app_commands.describe(show_name="name this server in the ranking every server sees")
    @user_errors
    async def settings_daily(self, interaction: discord.Interaction, show_name: bool) -> None:
        guild = interaction.guild
        name = guild.name if guild is not None and show_name else None
        with using(member_language(interaction)):
            await self._save(interaction, {"daily_show_name": show_name, "daily_server_name": name})

    @settings_group.command(name="log", description="The latest moderator actions on this server")
    @user_errors
    async def settings_log(self, interaction: discord.Interaction) -> None:
        with using(member_language(interaction)):
            guild_id = await self._require_mod(interaction)
            actions = await self.store.mod_actions(guild_id)
            if not actions:
                await reply(interaction, _("No moderator actions yet."))
                return
            lines = [
                f"{_date(a['at'])}: {_who(a['user_id'])} {_action(a['action'])}"
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
    return f"<@{user_id}>" if user_id else _("a former moderator")


def _action(action: str) -> str:
    return _(ACTIONS[action]) if action in ACTIONS else action.replace("_", " ")


async def setup(bot: Any) -> None:
    await bot.add_cog(Community(bot))
