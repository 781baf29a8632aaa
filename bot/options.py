"""Per-server options, set by moderators with `/deckhand options` and kept in the store."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from bot.chatfilter.lexicon import LANGUAGES

ChatMode = Literal["off", "warn", "delete"]
ChatScope = Literal["seated", "everyone"]


class GuildOptions(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    # What the chat rule keeper does with a message that shares a card number during The Game:
    # nothing, a reaction and a notice, or deleting it with a notice.
    chat_mode: ChatMode = "delete"
    # Whose messages it reads: the seated players only, or everyone in the table's channel.
    chat_scope: ChatScope = "seated"
    # Languages whose number words it knows.
    chat_languages: tuple[str, ...] = LANGUAGES

    @field_validator("chat_languages", mode="before")
    @classmethod
    def _known_languages(cls, value: object) -> object:
        if isinstance(value, str):
            value = tuple(part.strip().lower() for part in value.split(",") if part.strip())
        if isinstance(value, (list, tuple)):
            unknown = [v for v in value if v not in LANGUAGES]
            if unknown or not value:
                raise ValueError(f"languages must be some of {', '.join(LANGUAGES)}")
        return value
