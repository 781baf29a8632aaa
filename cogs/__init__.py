"""discord.py extensions: slash commands, component callbacks and listeners. Thin: no rules here."""
