"""The store writer's process: `python -m bot.store.writer_process` (see bot/store/writer.py)."""

import sys

from bot.store.writer import child_main

if __name__ == "__main__":
    sys.exit(child_main())
