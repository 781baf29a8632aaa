"""Discord-specific presentation: embeds and buttons for tables. Pure functions of a table."""
