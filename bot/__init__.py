"""Deckhand: a Discord bot that hosts card games in server channels."""

__version__ = "0.1.0"
