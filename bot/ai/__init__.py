"""AI players. They decide only from what their seat may know, and import only bot.games."""
