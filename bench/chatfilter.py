"""Chat rule keeper benchmark: precision, recall and speed on a labelled set of chat messages.

The labelled development set lives outside the repository (../shared/chatfilter/dev-set.csv from
the project root; columns id, message, should_flag, category, lang, note). Every message is checked
with no game context, as the command line does. Speed is CPU time per message over several passes,
after one warm-up pass.

Run: python bench/chatfilter.py [--data PATH] [--passes 50] [--show-errors]
Prints a table per category, then one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.chatfilter import check  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "chatfilter" / "dev-set.csv"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="labelled CSV file")
    parser.add_argument("--passes", type=int, default=50, help="timed passes over the set")
    parser.add_argument("--show-errors", action="store_true", help="list every wrong verdict")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"no labelled set at {args.data}; pass --data PATH", file=sys.stderr)
        return 2
    with args.data.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))

    tp = fp = fn = tn = 0
    per_category: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    errors = []
    for row in rows:
        expected = row["should_flag"].strip().lower() == "true"
        got = check(row["message"]).flag
        right = got == expected
        per_category[row["category"]][0] += right
        per_category[row["category"]][1] += 1
        tp += got and expected
        fp += got and not expected
        fn += expected and not got
        tn += not got and not expected
        if not right:
            errors.append(row)

    messages = [row["message"] for row in rows]
    for message in messages:  # warm-up
        check(message)
    # process_time has a coarse tick on some systems; the mean over a whole pass is exact.
    pass_start = time.process_time_ns()
    for message in messages:
        check(message)
    mean_pass = (time.process_time_ns() - pass_start) / 1000 / len(messages)
    wall: list[float] = []
    for _ in range(args.passes):
        for message in messages:
            start = time.perf_counter_ns()
            check(message)
            wall.append((time.perf_counter_ns() - start) / 1000)
    wall.sort()

    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    legit = fp + tn
    false_alarms = 100 * fp / legit if legit else 0.0
    median = statistics.median(wall)
    p99 = wall[min(len(wall) - 1, int(len(wall) * 0.99))]

    print(f"{'category':<22} | {'right':>5} | {'of':>3}")
    print("-" * 36)
    for category in sorted(per_category):
        right, total = per_category[category]
        print(f"{category:<22} | {right:>5} | {total:>3}")
    print()
    print(f"messages {len(rows)}: flagged right {tp}, missed {fn}, false alarms {fp}, left alone {tn}")
    print(
        f"precision {precision:.3f}, recall {recall:.3f}, false alarms per 100 legitimate {false_alarms:.2f}"
    )
    print(f"per message: median {median:.1f} µs, p99 {p99:.1f} µs (wall clock); mean CPU {mean_pass:.1f} µs")
    print("targets: precision >= 0.97, recall >= 0.97, median <= 100 µs")
    if args.show_errors:
        for row in errors:
            print(f"  wrong: #{row['id']} {row['category']}: {row['message']!r}")
    print(
        json.dumps(
            {
                "benchmark": "chatfilter",
                "messages": len(rows),
                "precision": round(precision, 4),
                "recall": round(recall, 4),
                "false_alarms_per_100_legit": round(false_alarms, 2),
                "us_median": round(median, 1),
                "us_p99": round(p99, 1),
                "us_mean_cpu": round(mean_pass, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
