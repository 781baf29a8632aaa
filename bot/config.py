"""Configuration from the environment or a .env file (pydantic-settings). Secrets never live in code."""

from __future__ import annotations

import logging
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///data/deckhand.sqlite3"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Table behaviour; the defaults suit real servers, tests set them to 0 to run instantly.
    turn_timer: int = Field(default=600, ge=0, le=7200, description="seconds per turn, 0 = off")
    board_interval: float = Field(
        default=1.0, ge=0, description="at most one board edit per this many seconds"
    )
    ai_pause: float = Field(default=1.0, ge=0, description="seconds between an AI seat's cards")
    tick_seconds: float = Field(default=15.0, gt=0, description="how often timers are checked")
    # Several processes (PostgreSQL only): the bot's shards in all, and the ones this process runs
    # (SHARD_IDS=0,1). SHARD_COUNT alone: this process runs every shard.
    shard_count: int | None = Field(default=None, ge=1, le=10_000)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not all(part.isdigit() for part in parts):
                raise ValueError(f"SHARD_IDS is a comma-separated list of shard numbers, not {value!r}")
            return tuple(int(part) for part in parts) or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards the bot has in all)")
        outside = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if outside:
            raise ValueError(f"SHARD_IDS {outside} are not shards 0..{self.shard_count - 1}")
        if len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError("SHARD_IDS names a shard twice")
        if len(self.shard_ids) < self.shard_count and self.database_url.startswith("sqlite"):
            # The other shards' processes would need the same file; SQLite has one writer per file.
            raise ValueError(
                "SHARD_IDS with only some of the shards means several processes: they share a "
                "PostgreSQL database (DATABASE_URL=postgresql://...), not an SQLite file"
            )
        return self

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def syncs_commands(self) -> bool:
        """One process syncs the slash commands: the one that runs shard 0 (or the only one)."""
        return self.shard_ids is None or 0 in self.shard_ids

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if not isinstance(logging.getLevelName(level), int):
            raise ValueError(f"unknown log level {value!r} (use DEBUG, INFO, WARNING or ERROR)")
        return level


NO_TOKEN_HELP = """\
Deckhand needs a Discord bot token, and none is set (DISCORD_TOKEN).

1. Open https://discord.com/developers/applications and create an application ("New Application").
2. Under "Bot", press "Reset Token" and copy the token.
3. Still under "Bot", turn on the privileged intent "Message Content Intent"
   (the chat rule keeper of The Game reads table channels). No other privileged intent is needed.
4. Put the token in the environment, or in a file named .env in the project folder:
       DISCORD_TOKEN=your-token-here
5. Invite the bot: under "OAuth2" > "URL Generator" tick the scopes "bot" and
   "applications.commands" and the permissions View Channels, Send Messages,
   Send Messages in Threads, Embed Links, Attach Files, Read Message History, Add Reactions
   and Manage Messages; open the generated link and pick your server.
Optional: DEV_GUILD_ID=<server id> makes slash commands appear in that server at once;
DATABASE_URL (default sqlite:///data/deckhand.sqlite3, or postgresql://... for several processes),
SHARD_COUNT and SHARD_IDS (several processes), and LOG_LEVEL (default INFO).
Then run the start command again."""
