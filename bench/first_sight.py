"""Record the rules' first-sight verdicts of a corpus round, as the rules stood at a given commit.

The learned stage (bench/train_override.py) is trained on where rules that have not seen a writer go
wrong. For each development round rNh, that is the verdict of the rules at the parent of the commit
that spent it (renamed heldout-rN to dev-rNh): before anything was tuned on it. This script checks
that commit out in a temporary git worktree, runs that commit's rules (no learned stage) on the
round's messages (read from today's corpus file) and writes per message: id, flag, the full reason,
the number of distinct values, into tests/chatfilter/corpus/first-sight-verdicts.json.

Run: python bench/first_sight.py ROUND [--commit SPEND_COMMIT]   (e.g. r15h --commit HEAD)
     python bench/first_sight.py --all                          (every round listed, again; a check)
--all re-records every round at its listed spend commit and reports any verdict that changed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "chatfilter" / "corpus"
VERDICTS = CORPUS / "first-sight-verdicts.json"
ABOUT = (
    "The rules' first-sight verdicts on the development rounds listed: each round read by the rules as "
    "they stood at the parent of the commit that spent it (made it a development file), before any "
    "tuning on it. Per message: id, flag, reason (the rules' full reason text), number of distinct "
    "values. No message text. Made by bench/first_sight.py; input of bench/train_override.py."
)

# Run inside the worktree with its own code: the rules alone (check_rules where the learned stage
# exists, check before it did). Reads CSV rows from stdin as JSON, writes verdicts as JSON.
READER = r"""
import json, sys
sys.path.insert(0, ".")
from bot.chatfilter import detector
rules = getattr(detector, "check_rules", None) or detector.check
out = []
for ident, message in json.load(sys.stdin):
    v = rules(message)
    out.append([ident, bool(v.flag), v.reason, len({f.value for f in v.numbers})])
json.dump(out, sys.stdout, ensure_ascii=False)
"""


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def read_round(name: str) -> list[tuple[str, str]]:
    import csv

    path = CORPUS / f"dev-{name}-mixed.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        return [(row["id"], row["message"]) for row in csv.DictReader(handle)]


def record(name: str, spend_commit: str) -> list[list[object]]:
    """The verdicts of the rules at spend_commit's parent on round `name`."""
    parent = git("rev-parse", f"{spend_commit}^")
    rows = read_round(name)
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        git("worktree", "add", "--detach", str(tree), parent)
        try:
            done = subprocess.run(
                [sys.executable, "-c", READER],
                cwd=tree,
                input=json.dumps(rows),
                check=True,
                capture_output=True,
                text=True,
            )
        finally:
            git("worktree", "remove", "--force", str(tree))
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("round", nargs="?", help="a development round, e.g. r15h")
    parser.add_argument("--commit", default="HEAD", help="the commit that spent it (its parent is read)")
    parser.add_argument("--all", action="store_true", help="re-record every listed round; report changes")
    args = parser.parse_args()
    data = json.loads(VERDICTS.read_text(encoding="utf-8")) if VERDICTS.exists() else {"rounds": {}}
    data.setdefault("spend_commits", {})
    if args.all:
        names = list(data["rounds"])
    elif args.round:
        names = [args.round]
        data["spend_commits"][args.round] = git("rev-parse", args.commit)
    else:
        parser.error("name a round or --all")
    changed = 0
    for name in names:
        verdicts = record(name, data["spend_commits"][name])
        old = {v[0]: v for v in data["rounds"].get(name, [])}
        diff = [v for v in verdicts if v[0] in old and (old[v[0]][1], old[v[0]][3]) != (v[1], v[3])]
        changed += len(diff)
        print(
            f"{name}: {len(verdicts)} verdicts at {data['spend_commits'][name][:10]}^, "
            f"{sum(v[1] for v in verdicts)} flagged, {len(diff)} differ from the file in flag or values"
        )
        data["rounds"][name] = verdicts
    order = sorted(data["rounds"], key=lambda r: int(r[1:].rstrip("h")))
    data = {
        "about": ABOUT,
        "spend_commits": {r: data["spend_commits"][r] for r in order},
        "rounds": {r: data["rounds"][r] for r in order},
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    VERDICTS.write_text(text.replace('],["', '],\n["') + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
