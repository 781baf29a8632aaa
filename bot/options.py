"""Per-server options with per-channel overrides, set by moderators with `/settings`.

The settings service knows no Discord: it reads and writes options through the store, validates
changes with pydantic, keeps a cache, and records every change as a moderator action.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.chatfilter.lexicon import LANGUAGES
from bot.i18n import Language, _
from bot.store.base import StoreError

log = logging.getLogger(__name__)

ChatMode = Literal["off", "warn", "delete"]
ChatScope = Literal["seated", "everyone"]


def _languages(value: object) -> object:
    if isinstance(value, str):
        value = tuple(part.strip().lower() for part in value.split(",") if part.strip())
    if isinstance(value, (list, tuple)):
        unknown = [v for v in value if v not in LANGUAGES]
        if unknown or not value:
            raise ValueError(
                _("languages must be some of {languages}").format(languages=", ".join(LANGUAGES))
            )
    return value


class GuildOptions(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    # The language the bot writes in in this server's channels; None = the server's language in
    # Discord (what one member alone sees is in that member's language).
    language: Language | None = None
    # The chat rule keeper: what it does with a message that shares a card number, whose messages
    # it reads, and which languages' number words it knows (None = the server's language and
    # English; servers that saved their options before this option existed keep all four).
    chat_mode: ChatMode = "delete"
    chat_scope: ChatScope = "seated"
    chat_languages: tuple[str, ...] | None = None
    # Minutes per turn for new tables; None = the bot's TURN_TIMER; 0 = no timer.
    turn_timer: int | None = Field(default=None, ge=0, le=120)
    # Default table options, used when /game new does not give them.
    expert: bool = False
    smaller_hands: bool = False
    hand_size: int | None = Field(default=None, ge=1, le=8)
    min_cards: int | None = Field(default=None, ge=1, le=4)
    # Channels where tables may open (threads count as their parent); empty = everywhere.
    table_channels: tuple[int, ...] = ()
    # A role whose members count as moderators, beside Manage Server.
    moderator_role: int | None = None
    # The deal of the day's ranking names this server only when it allowed it (with the name it
    # had then); otherwise it shows as "a server".
    daily_show_name: bool = False
    daily_server_name: str | None = Field(default=None, max_length=100)

    @field_validator("chat_languages", mode="before")
    @classmethod
    def _known_languages(cls, value: object) -> object:
        return _languages(value)

    def reading_languages(self, server_language: str | None) -> tuple[str, ...]:
        """The languages whose number words the chat rule keeper knows: the moderators' choice, else
        the server's language and English, else (a server language the keeper does not read) all."""
        if self.chat_languages is not None:
            return self.chat_languages
        if server_language not in LANGUAGES:
            return LANGUAGES
        return tuple(dict.fromkeys((server_language, "en")))


class ChannelOverrides(BaseModel):
    """What one channel sets differently from its server."""

    model_config = ConfigDict(extra="ignore")

    chat_mode: ChatMode | None = None
    chat_scope: ChatScope | None = None
    chat_languages: tuple[str, ...] | None = None
    turn_timer: int | None = Field(default=None, ge=0, le=120)

    @field_validator("chat_languages", mode="before")
    @classmethod
    def _known_languages(cls, value: object) -> object:
        return _languages(value)


class SettingsError(ValueError):
    """A change that does not validate; nothing was saved."""


def first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    field = ".".join(str(p) for p in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{field}: {message}" if field else message


class SettingsService:
    def __init__(self, store: Any) -> None:
        self.store = store
        self._guilds: dict[int, GuildOptions] = {}
        self._channels: dict[int, ChannelOverrides] = {}

    async def guild(self, guild_id: int) -> GuildOptions:
        if guild_id not in self._guilds:
            self._guilds[guild_id] = GuildOptions.model_validate(await self.store.guild_options(guild_id))
        return self._guilds[guild_id]

    async def overrides(self, channel_id: int) -> ChannelOverrides:
        if channel_id not in self._channels:
            self._channels[channel_id] = ChannelOverrides.model_validate(
                await self.store.channel_options(channel_id)
            )
        return self._channels[channel_id]

    async def for_channel(self, guild_id: int, channel_id: int, parent_id: int | None = None) -> GuildOptions:
        """The server's options with the channel's overrides (a thread inherits its parent's)."""
        options = await self.guild(guild_id)
        changed: dict[str, Any] = {}
        for source in (parent_id, channel_id):
            if source is None:
                continue
            changed.update((await self.overrides(source)).model_dump(exclude_none=True))
        return options.model_copy(update=changed) if changed else options

    async def update_guild(self, guild_id: int, changes: dict[str, Any], by: int, at: str) -> GuildOptions:
        current = await self.guild(guild_id)
        try:
            updated = GuildOptions.model_validate({**current.model_dump(), **changes})
        except ValidationError as exc:
            raise SettingsError(first_problem(exc)) from exc
        await self.store.set_guild_options(guild_id, updated.model_dump(mode="json"), at)
        self._guilds[guild_id] = updated  # saved: in force from now, whatever becomes of its log entry
        await self._log(guild_id, by, "settings", _jsonable(changes), at)
        return updated

    async def _log(self, guild_id: int, by: int, action: str, detail: dict[str, Any], at: str) -> None:
        """The moderators' log entry of a change already saved: if it cannot be written, the change
        stands (and is said to), and the entry is lost with a warning."""
        try:
            await self.store.log_mod_action(guild_id, by, action, detail, at)
        except StoreError as exc:
            log.warning("guild %s: a %s change is saved, but not its log entry: %s", guild_id, action, exc)

    async def drop_channel(self, guild_id: int, channel_id: int, at: str) -> None:
        """A channel that no longer exists leaves the list of table channels, and its overrides go
        (the bot's own clean-up, not a moderator's action: nothing is logged)."""
        current = await self.guild(guild_id)
        if channel_id in current.table_channels:
            kept = tuple(c for c in current.table_channels if c != channel_id)
            await self._clean(guild_id, current.model_copy(update={"table_channels": kept}), at)
        await self.store.drop_channel_options(channel_id)
        self._channels.pop(channel_id, None)

    async def drop_role(self, guild_id: int, role_id: int, at: str) -> None:
        """A deleted moderator role is no longer the server's moderator role (not logged either)."""
        current = await self.guild(guild_id)
        if current.moderator_role == role_id:
            await self._clean(guild_id, current.model_copy(update={"moderator_role": None}), at)

    async def _clean(self, guild_id: int, updated: GuildOptions, at: str) -> None:
        await self.store.set_guild_options(guild_id, updated.model_dump(mode="json"), at)
        self._guilds[guild_id] = updated

    async def update_channel(
        self, guild_id: int, channel_id: int, changes: dict[str, Any], by: int, at: str
    ) -> ChannelOverrides:
        current = await self.overrides(channel_id)
        try:
            updated = ChannelOverrides.model_validate({**current.model_dump(), **changes})
        except ValidationError as exc:
            raise SettingsError(first_problem(exc)) from exc
        await self.store.set_channel_options(guild_id, channel_id, updated.model_dump(mode="json"), at)
        self._channels[channel_id] = updated
        await self._log(
            guild_id, by, "channel_settings", {"channel_id": channel_id, **_jsonable(changes)}, at
        )
        return updated


def _jsonable(changes: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in changes.items()}
