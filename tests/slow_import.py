"""A module slow to import (for tests/test_workers.py): a worker process must import it before it can
run `pid`, as the AI's process imports the games and the chart process matplotlib."""

import os
import time

time.sleep(1.0)


def pid() -> int:
    return os.getpid()
