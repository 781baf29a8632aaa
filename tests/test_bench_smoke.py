"""The benchmarks measure what they say and end by themselves: a tiny run of each must time the
plays it was asked for and exit (the interaction benchmark once timed nothing after the buttons
were renamed, and crashed after the board became a layout, and nothing noticed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def run_bench(script: str, *args: str) -> dict[str, Any]:
    """The figures of a benchmark's run: the JSON object of its last line, once it exited cleanly."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_interaction_benchmark_times_card_plays_and_exits() -> None:
    figures = run_bench("interactions.py", "--tables", "2", "--plays", "10")
    assert figures["benchmark"] == "interactions"
    assert figures["plays"] >= 10
    assert figures["play_ms_p50"] > 0 and figures["floor_ms_p50"] > 0


def test_the_store_benchmark_plays_its_scripted_games_and_exits() -> None:
    """bench/store.py chooses each game's moves before the clock starts: a move that does not fit
    the game the service dealt would be refused and stop the run. Five tables for one second deal
    again many times, past the games scripted ahead, so both kinds of script are played."""
    figures = run_bench(
        "store.py", *("--tables", "5", "--seconds", "1", "--restart", "20", "--moves", "5", "--rate", "50")
    )
    assert figures["benchmark"] == "store"
    (run,) = figures["throughput"]
    assert run["tables"] == 5 and run["plays_per_s"] > 0 and run["group_commit_floor"] > 0
    assert run["games_scripted_ahead"] > 5 and run["games_scripted_on_clock"] > 0
    assert figures["restart_tables"] == 20
    assert figures["restart_after_crash_between_ticks_cpu_s"] > 0
