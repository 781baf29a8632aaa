"""The bot uses no voice: starting it must not warn about missing voice libraries."""

from __future__ import annotations

import subprocess
import sys

STARTS_A_CLIENT = """
import logging
logging.basicConfig(level=logging.WARNING)
import discord
import bot.app
discord.Client(intents=discord.Intents.none())
"""


def test_a_client_starts_without_voice_warnings():
    proc = subprocess.run([sys.executable, "-c", STARTS_A_CLIENT], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "voice will NOT be supported" not in proc.stderr
