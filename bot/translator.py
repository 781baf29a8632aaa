"""Discord's side of the languages: the slash commands' translations, and which language a member
and a server read.

What only one member sees (an ephemeral answer) is written in that member's language, the one of
their Discord client; what the channel sees, in the server's: the one its moderators chose with
``/settings language``, else the server's own language in Discord. Both fall back to English.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n

NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


class CommandTranslator(app_commands.Translator):
    """Slash command, group and option names and descriptions, and choice names, from the message
    catalogs (names under their own message context, since Discord restricts how they look).
    discord.py asks for every string of every command once per locale when it syncs them."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        language = i18n.language_of(locale)
        if language is None or language == i18n.SOURCE:
            return None
        catalog = i18n.translations(language)
        if context.location in NAMES:
            text = catalog.pgettext(i18n.COMMAND_NAME, string.message)
        else:
            text = catalog.gettext(string.message)
        return text if text != string.message else None


def member_language(interaction: discord.Interaction) -> str:
    """The language of the member's Discord client, for what only they see."""
    return i18n.language_of(interaction.locale) or i18n.SOURCE


async def server_language(settings: Any, guild_id: int | None, guild_locale: object) -> str:
    """The server's language, for what its channels see: the moderators' choice, else Discord's
    (``interaction.guild_locale``, or ``guild.preferred_locale`` outside an interaction)."""
    if guild_id is not None:
        chosen = (await settings.guild(guild_id)).language
        if chosen is not None:
            return chosen
    return i18n.language_of(guild_locale) or i18n.SOURCE
