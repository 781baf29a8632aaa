"""Starting the bot with a token Discord refuses, or with no way to reach Discord: a clear message
and an exit code, no traceback."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from bot.app import run_bot
from tests.conftest import make_settings


@pytest.mark.parametrize(
    ("failure", "code", "words"),
    [
        (discord.LoginFailure("Improper token has been passed."), 3, "refused the token"),
        (aiohttp.ClientConnectionError("Cannot connect to host discord.com:443"), 4, "could not reach"),
        (OSError("Network is unreachable"), 4, "could not reach"),
    ],
)
def test_a_refused_token_or_no_network_ends_with_a_message(
    tmp_path, monkeypatch, capsys, failure, code, words
):
    async def login(self, token):
        raise failure

    monkeypatch.setattr(discord.Client, "login", login)
    settings = make_settings(tmp_path / "bot.sqlite3", discord_token="your-token-here")
    assert run_bot(settings) == code
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err
    assert "your-token-here" not in err
