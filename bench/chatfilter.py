"""Chat rule keeper benchmark: precision, recall, right values and speed on labelled chat messages.

These parts are scored, each with no game context (as `check-message` runs):

- dev-set: the shared development set (../shared/chatfilter/dev-set.csv from the project root);
- development: tests/chatfilter/corpus/dev-*.csv, the part the rules are tuned on;
- held-out: tests/chatfilter/corpus/heldout-*-mixed.csv, written by other people and only ever
  scored as a whole: its errors are never listed;
- held-out without numbers: heldout-*-nonumber.csv, held out the same way, written to a brief of
  chat without any number (mostly harmless talk with the words of card talk);
- hostile: hostile-*.csv, card values dressed up as harmless numbers (development material).

A committed development file is finished. A development file still being written (not yet
committed: its writer is at work in the tree) is used only once its writer has marked it finished
with a `.done` file of the same name beside it; once committed, it needs no marker. Held-out files
are delivered whole and scored as they stand.

Per part: precision, recall, false alarms per 100 harmless messages, false alarms per 100 harmless
messages that hold a number or a number word, and the share of expected card values (the corpus's
`values` column) that the verdict reports. Speed per message is measured cold (one pass over the
part from empty caches, so each word is read the first time it is seen) and warm (after that pass).

Run: python bench/chatfilter.py [--parts dev-set,development,held-out] [--data PATH ...]
                                 [--passes 5] [--show-errors] [--writer-cv] [--no-override]
Prints a table per part, then one JSON object with every figure as its last line.

The rules are scored alone (check(..., learned=False)), then (unless --no-override) each part a
second time, back to back, as the bot reads chat: the rules followed by the learned override stage
(check(..., learned=True);
bot/chatfilter/override.py), under "<part> + override": figures only, like the rules' (on the
held-out part no message is ever printed). The stage was trained on development rounds r4h..r14h,
so its development figures on those rounds are in-sample.

--writer-cv compares the rules with a small learned model across writers, on development files only:
each development file (one writer) is left out in turn, a logistic regression on the words around
each number (their roles' cues) is trained on the other files and scored on the left-out one; with
the rules' verdict as two more features, the same for a model stacked on the rules.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import statistics
import subprocess
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import percentile  # noqa: E402
from bench.sgd import train  # noqa: E402
from bot.chatfilter import COMPILED, check, override  # noqa: E402
from bot.chatfilter.detector import TOKEN, clear_caches  # noqa: E402
from bot.chatfilter.lexicon import LANGUAGES, fold  # noqa: E402
from bot.chatfilter.normalize import normalize  # noqa: E402
from bot.chatfilter.override import role_features  # noqa: E402
from bot.chatfilter.words import read_word  # noqa: E402

CORPUS = ROOT / "tests" / "chatfilter" / "corpus"
ROUND = re.compile(r"-(r\d+h?)-")


def committed() -> set[str] | None:
    """The corpus files git holds, or None where git cannot tell (a copy without history)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--", str(CORPUS)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {Path(line).name for line in listed.splitlines()}


COMMITTED = committed()


def finished(path: Path) -> bool:
    """A committed development file is finished; one not yet committed is still being written until a
    `.done` file of its name stands beside it."""
    if COMMITTED is None or path.name in COMMITTED:
        return True
    return path.with_suffix(".done").exists()


def round_of(name: str) -> str:
    """The round of a corpus file: r1 for the first files, r2, r3, r4, and the spent held-out parts
    r3h, r4h, r5h, r6h."""
    found = ROUND.search(name)
    return found.group(1) if found else "r1"


PARTS = {
    "dev-set": [ROOT.parent / "shared" / "chatfilter" / "dev-set.csv"],
    "development": sorted(p for p in CORPUS.glob("dev-*.csv") if finished(p)),
    "held-out": sorted(CORPUS.glob("heldout-*-mixed.csv")),
    # Held out as well, written to another brief (ninth session): chat without any number, most of it
    # harmless talk with the words of card talk ("raise your hand", "send your cards to grandma"),
    # the rest requests for values without a number. Scored apart, so that the figures of the part
    # above stay those of one brief.
    "held-out without numbers": sorted(CORPUS.glob("heldout-*-nonumber.csv")),
    # Hostile members: card values dressed up as harmless numbers, written by helpers who had read only
    # the policy and the public description of the keeper (development material: their misses were read).
    "hostile": sorted(CORPUS.glob("hostile-*.csv")),
}
QUANTITY_WORDS = ("dozen", "dutzend", "douzaine", "docena", "score", "centaine", "veintena")


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    fp_numeric: int = 0
    harmless_numeric: int = 0
    values_expected: int = 0
    values_right: int = 0
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)
    errors: list[tuple[str, dict[str, str], str]] = field(default_factory=list)

    def figures(self) -> dict[str, float | int]:
        harmless = self.fp + self.tn
        return {
            "messages": self.tp + self.fp + self.fn + self.tn,
            "precision": round(self.tp / (self.tp + self.fp), 4) if self.tp + self.fp else 1.0,
            "recall": round(self.tp / (self.tp + self.fn), 4) if self.tp + self.fn else 1.0,
            "false_alarms": self.fp,
            "missed": self.fn,
            "false_alarms_per_100_harmless": round(100 * self.fp / harmless, 2) if harmless else 0.0,
            "false_alarms_per_100_harmless_with_number": (
                round(100 * self.fp_numeric / self.harmless_numeric, 2) if self.harmless_numeric else 0.0
            ),
            "harmless_with_number": self.harmless_numeric,
            "right_value_share": (
                round(self.values_right / self.values_expected, 4) if self.values_expected else 1.0
            ),
            "values_expected": self.values_expected,
            "us_cold_median": round(statistics.median(self.cold), 1) if self.cold else 0.0,
            "us_cold_p99": round(percentile(self.cold, 0.99), 1) if self.cold else 0.0,
            "us_warm_median": round(statistics.median(self.warm), 1) if self.warm else 0.0,
            "us_warm_p99": round(percentile(self.warm, 0.99), 1) if self.warm else 0.0,
            "us_floor_median": round(statistics.median(self.floor), 1) if self.floor else 0.0,
        }


def holds_a_number(message: str) -> bool:
    """A digit or number character of any script, or a word the keeper's lexicon reads as a number."""
    if any(unicodedata.numeric(c, None) is not None for c in message):
        return True
    word = ""
    for c in message + " ":
        if c.isalpha():
            word += c
            continue
        if word:
            folded = fold(word)
            if any(q in folded for q in QUANTITY_WORDS):
                return True
            if any(r.pieces[0].kind != "C" for r in read_word(word, LANGUAGES)):
                return True
        word = ""
    return False


def read_rows(paths: list[Path]) -> list[dict[str, str]]:
    rows = []
    for path in paths:
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                row["file"] = path.name
                rows.append(row)
    return rows


def tally(result: Score, row: dict[str, str], expected: bool, got: bool, reported: set[int]) -> str:
    """Count one verdict into `result`; return why its value is wrong, or ''."""
    result.tp += got and expected
    result.fp += got and not expected
    result.fn += expected and not got
    result.tn += not got and not expected
    if not expected and holds_a_number(row["message"]):
        result.harmless_numeric += 1
        result.fp_numeric += got
    wanted = [int(v) for v in (row.get("values") or "").split() if v.strip().lstrip("-").isdigit()]
    if expected and got and wanted:
        result.values_expected += len(wanted)
        right = sum(v in reported for v in wanted)
        result.values_right += right
        if right < len(wanted):
            return f"values {sorted(reported)} instead of {wanted}"
    return ""


def score(rows: list[dict[str, str]], passes: int, learned: bool = False) -> tuple[Score, dict[str, Score]]:
    """The rules alone, or (learned=True) the rules followed by the learned override stage."""
    result = Score()
    by_round: dict[str, Score] = {}
    for row in rows:
        expected = row["should_flag"].strip().lower() == "true"
        verdict = check(row["message"], learned=learned)
        got = verdict.flag
        reported = {f.value for f in verdict.numbers}
        wrong_value = tally(result, row, expected, got, reported)
        tally(by_round.setdefault(round_of(row["file"]), Score()), row, expected, got, reported)
        if got != expected or wrong_value:
            why = wrong_value or verdict.reason
            result.errors.append(
                (
                    "missed" if expected and not got else "false alarm" if got != expected else "value",
                    row,
                    why,
                )
            )

    messages = [row["message"] for row in rows]
    # Cold: one pass from empty caches, so every word is read the first time it is seen.
    clear_caches()
    for message in messages:
        start = time.perf_counter_ns()
        check(message, learned=learned)
        result.cold.append((time.perf_counter_ns() - start) / 1000)
    for message in messages:  # warm-up
        check(message, learned=learned)
    for _ in range(passes):
        for message in messages:
            start = time.perf_counter_ns()
            check(message, learned=learned)
            result.warm.append((time.perf_counter_ns() - start) / 1000)
    # The floor, in the same run: only what every reading of a message costs (the keeper's own
    # normalisation and its split into tokens), nothing of the reading itself.
    for message in messages:
        start = time.perf_counter_ns()
        TOKEN.findall(normalize(message).text)
        result.floor.append((time.perf_counter_ns() - start) / 1000)
    return result, by_round


# --- leave one writer out: a learned model against the rules -----------------------------------


def writer_cv() -> dict[str, dict[str, float]]:
    """Leave each development file (one writer) out: train on the others, score the left-out one."""
    files = PARTS["development"]
    rows = {p.name: read_rows([p]) for p in files}
    plain: dict[str, list[tuple[list[str], bool]]] = {}
    stacked: dict[str, list[tuple[list[str], bool]]] = {}
    for name, part in rows.items():
        plain[name], stacked[name] = [], []
        for row in part:
            features = role_features(row["message"])
            label = row["should_flag"].strip().lower() == "true"
            verdict = check(row["message"], learned=False)
            rule = [f"r:{verdict.flag}", f"r:{verdict.reason.split(':')[0]}"]
            plain[name].append((features, label))
            stacked[name].append((features + rule, label))
    results: dict[str, dict[str, float]] = {}
    for name, part in rows.items():
        for kind, samples in (("model", plain), ("stacked", stacked)):
            weights = train([s for other in rows if other != name for s in samples[other]])
            result = Score()
            for row, (features, label) in zip(part, samples[name], strict=True):
                z = weights.get("bias", 0.0) + sum(weights.get(f, 0.0) for f in features)
                tally(result, row, label, z > 0, set())
            f = result.figures()
            results[f"{round_of(name)} {name} {kind}"] = {
                k: f[k] for k in ("precision", "recall", "false_alarms_per_100_harmless_with_number")
            }
            print(
                f"  left out {name:<20} {kind:<8} precision {f['precision']:.3f}  recall {f['recall']:.3f}  "
                f"false alarms per 100 harmless with a number "
                f"{f['false_alarms_per_100_harmless_with_number']:.2f}"
            )
    return results


def print_rounds(by_round: dict[str, Score]) -> None:
    """One line per round of a part that holds more than one."""
    if len(by_round) < 2:
        return
    print(
        "  by round                         precision recall  false alarms per 100 harmless (with a number)"
    )
    for name in sorted(by_round, key=lambda r: (int(re.sub(r"\D", "", r)), r)):
        f = by_round[name].figures()
        print(
            f"    {name:<4} {f['messages']:>5} messages          "
            f"{f['precision']:.3f}     {f['recall']:.3f}   "
            f"{f['false_alarms_per_100_harmless']:.2f} ({f['false_alarms_per_100_harmless_with_number']:.2f})"
        )
    print()


def print_part(name: str, files: list[Path], figures: dict[str, float | int]) -> None:
    print(f"== {name}: {', '.join(p.name for p in files)}")
    rows = [
        ("messages", f"{figures['messages']}"),
        ("precision", f"{figures['precision']:.3f}   (target >= 0.98)"),
        ("recall", f"{figures['recall']:.3f}   (target >= 0.98)"),
        ("false alarms / missed", f"{figures['false_alarms']} / {figures['missed']}"),
        ("false alarms per 100 harmless", f"{figures['false_alarms_per_100_harmless']:.2f}"),
        (
            "  ... that hold a number",
            f"{figures['false_alarms_per_100_harmless_with_number']:.2f}   "
            f"(of {figures['harmless_with_number']}; target <= 1)",
        ),
        (
            "right value of flagged numbers",
            f"{figures['right_value_share']:.3f}   (of {figures['values_expected']}; target >= 0.95)",
        ),
        ("µs per message, cold", f"median {figures['us_cold_median']}, p99 {figures['us_cold_p99']}"),
        ("µs per message, warm", f"median {figures['us_warm_median']}, p99 {figures['us_warm_p99']}"),
        ("µs per message, floor", f"median {figures['us_floor_median']} (normalise and split only)"),
    ]
    for label, value in rows:
        print(f"  {label:<32} {value}")
    print(f"  (speed targets: median <= 100 µs cold, p99 <= 1000 µs; the rules ran {build_kind()})")
    print()


def build_kind() -> str:
    if COMPILED:
        return "compiled (build/keeper)"
    return (
        "as plain Python: no current compiled build (python scripts/compile_keeper.py) "
        "or DECKHAND_KEEPER_PURE set"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--parts", default=",".join(PARTS), help=f"comma-separated parts to score ({', '.join(PARTS)})"
    )
    parser.add_argument("--data", type=Path, action="append", help="score these CSV files instead")
    parser.add_argument("--passes", type=int, default=5, help="warm timed passes over each part")
    parser.add_argument("--show-errors", action="store_true", help="list wrong verdicts (not held out)")
    parser.add_argument(
        "--override",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also score the rules followed by the learned override stage, as the bot runs them "
        "(bot/chatfilter/override.json); --no-override: the rules alone",
    )
    parser.add_argument(
        "--writer-cv", action="store_true", help="leave one writer out: a learned model against the rules"
    )
    args = parser.parse_args()
    if args.override and override.MODEL is None:
        print(
            f"the learned stage is off ({override.MODEL_PATH.name} missing or unreadable): build it with "
            "bench/train_override.py, or score the rules alone with --no-override",
            file=sys.stderr,
        )
        return 2
    if args.writer_cv:
        print("== leave one writer out (development files only)")
        print(json.dumps({"benchmark": "chatfilter writer-cv", "folds": writer_cv()}))
        return 0

    if args.data:
        parts = {"data": args.data}
    else:
        wanted = [p.strip() for p in args.parts.split(",") if p.strip()]
        unknown = [p for p in wanted if p not in PARTS]
        if unknown:
            print(f"unknown part {', '.join(unknown)}; choose from {', '.join(PARTS)}", file=sys.stderr)
            return 2
        parts = {p: PARTS[p] for p in wanted}
    for name, files in list(parts.items()):
        if not files and name.startswith("held-out") and not args.data:
            print(f"{name}: no held-out file yet")
            print()
            del parts[name]
            continue
        missing = [str(p) for p in files if not p.exists()]
        if missing or not files:
            print(f"{name}: no labelled set at {', '.join(missing) or '(none)'}", file=sys.stderr)
            return 2
        if args.show_errors and any(p.name.startswith("heldout") for p in files):
            print(
                "--show-errors refuses to list the held-out part's errors: it is scored as a whole only",
                file=sys.stderr,
            )
            return 2

    summary: dict[str, object] = {"benchmark": "chatfilter", "compiled": COMPILED}
    for name, files in parts.items():
        rows = read_rows(files)
        stages = [(name, False)] + ([(f"{name} + override", True)] if args.override else [])
        for label, learned in stages:  # back to back: the same rows, the same machine state
            result, by_round = score(rows, args.passes, learned)
            figures = result.figures()
            print_part(label, files, figures)
            print_rounds(by_round)
            if args.show_errors:
                for kind, row, why in result.errors:
                    print(f"  {kind}: {row['id']} [{row['category']}] {row['message']!r} -- {why}")
                print()
            summary[label] = figures
            if len(by_round) > 1:
                kept = ("messages", "precision", "recall", "false_alarms_per_100_harmless_with_number")
                summary[f"{label} by round"] = {
                    r: {k: v for k, v in by_round[r].figures().items() if k in kept} for r in sorted(by_round)
                }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
