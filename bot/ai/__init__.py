"""AI players. They decide only from a seat's view, and import only bot.games.

Every game's AI module offers ``LEVELS``: for each level, a function from the game's seat view to
the engine action it takes.
"""

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
