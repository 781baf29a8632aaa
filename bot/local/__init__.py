"""The local table in a terminal (``python -m bot play``): one loop for every game, and per game a
terminal presentation (``bot/local/<game>.py``) that draws the table and reads typed commands."""
