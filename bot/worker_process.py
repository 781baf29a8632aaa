"""A worker's process: `python -m bot.worker_process` (see bot/workers.py)."""

import sys

from bot.workers import child_main

if __name__ == "__main__":
    sys.exit(child_main())
