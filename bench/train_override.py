"""Train the chat keeper's learned stage (bot/chatfilter/override.json) on the rules' first-sight errors.

Inputs, both committed:
- tests/chatfilter/corpus/dev-rNh-mixed.csv for N = 4..14: message, label (should_flag);
- tests/chatfilter/corpus/first-sight-verdicts.json: for each message of those rounds, the verdict of
  the rules as they stood before the round was tuned on (flag, kind of reason, number of values).

Two logistic models (bench/chatfilter.py's train()) over role_features(message) (bot/chatfilter/
override.py, the current lexicon) plus the rule features r:<flag>, rk:<reason kind>, rn:<values, capped
at 3>:
- veto, trained on the messages the rules flagged: a flag is dropped when P(flag) < tv;
- rescue, trained on the messages the rules passed: a flag is added when P(flag) >= tr.
The thresholds are chosen by inner leave-one-round-out over the same rounds (each round's
probabilities from a model trained on the others): tv is the highest cut that loses at most 0.5 % of
the true flags, tr the lowest cut that adds at most 0.5 false alarms per 100 harmless messages that
hold a number. This is the "veto+rescue" variant of the leave-one-round-out experiment in
docs/chatfilter.md, trained on every round at once.

Run: python bench/train_override.py [--out PATH] [--check]
--check rebuilds in memory and compares with the committed file (exit 1 if they differ).
Deterministic: the same inputs give the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.chatfilter import CORPUS, holds_a_number, read_rows, train  # noqa: E402
from bot.chatfilter.override import MODEL_PATH, p_flag, role_features, rule_features  # noqa: E402

ROUNDS = "r4h r5h r6h r7h r8h r9h r10h r11h r12h r13h r14h".split()
VERDICTS = CORPUS / "first-sight-verdicts.json"
VETO_RECALL_LOSS = 0.005  # at most this share of the training true flags lost to vetoes (out of fold)
RESCUE_FA_PER_100 = 0.5  # at most this many added false alarms per 100 harmless with a number (out of fold)
COMMAND = "python bench/train_override.py"

Item = dict[str, object]


def load_data() -> dict[str, list[Item]]:
    verdicts = json.loads(VERDICTS.read_text(encoding="utf-8"))["rounds"]
    data: dict[str, list[Item]] = {}
    for r in ROUNDS:
        rows = read_rows([CORPUS / f"dev-{r}-mixed.csv"])
        items = []
        for row, (ident, flag, kind, values) in zip(rows, verdicts[r], strict=True):
            if row["id"] != ident:
                raise SystemExit(f"{VERDICTS.name}: {r} lists {ident} where the corpus has {row['id']}")
            items.append(
                {
                    "flag": flag,
                    "label": row["should_flag"].strip().lower() == "true",
                    "num": holds_a_number(row["message"]),
                    "features": role_features(row["message"]) + rule_features(flag, kind, values),
                }
            )
        data[r] = items
    return data


def samples(data: dict[str, list[Item]], rounds: list[str], flagged: bool) -> list[tuple[list[str], bool]]:
    return [(it["features"], it["label"]) for r in rounds for it in data[r] if it["flag"] == flagged]  # type: ignore[misc]


def out_of_fold(data: dict[str, list[Item]], flagged: bool) -> list[tuple[float, Item]]:
    """Each round's probabilities from a model trained on the other rounds."""
    found = []
    for r in ROUNDS:
        weights = train(samples(data, [o for o in ROUNDS if o != r], flagged))
        found += [(p_flag(weights, it["features"]), it) for it in data[r] if it["flag"] == flagged]  # type: ignore[arg-type]
    return found


def veto_threshold(data: dict[str, list[Item]]) -> float:
    """The highest cut below which a rule flag is dropped, losing at most the budget of true flags."""
    budget = VETO_RECALL_LOSS * sum(bool(it["label"]) for r in ROUNDS for it in data[r])
    best, lost = 0.0, 0
    for p, it in sorted(out_of_fold(data, True), key=lambda x: x[0]):
        if lost + it["label"] > budget:
            break
        lost += bool(it["label"])
        best = p + 1e-12
    return best


def rescue_threshold(data: dict[str, list[Item]]) -> float:
    """The lowest cut at or above which a flag is added, adding at most the budget of false alarms."""
    harmless_numeric = sum((not it["label"]) and bool(it["num"]) for r in ROUNDS for it in data[r])
    budget = RESCUE_FA_PER_100 * harmless_numeric / 100
    best, added = 1.01, 0
    for p, it in sorted(out_of_fold(data, False), key=lambda x: -x[0]):
        wrong = (not it["label"]) and bool(it["num"])
        if added + wrong > budget:
            break
        added += wrong
        best = p
    return best


def compact(weights: dict[str, float]) -> dict[str, float]:
    return {f: round(w, 6) for f, w in sorted(weights.items()) if abs(w) >= 1e-4}


def build() -> str:
    data = load_data()
    model = {
        "about": (
            "The chat keeper's learned stage after the rules (bot/chatfilter/override.py): a veto model "
            "read on rule flags (flag dropped when P(flag) < veto_p_flag_below) and a rescue model read "
            "on rule passes (flag added when P(flag) >= rescue_p_flag_at_least). Logistic regression "
            "over role_features(message) + rule features r:<flag>, rk:<reason kind>, rn:<values, capped "
            "at 3>, trained on the rules' first-sight verdicts (tests/chatfilter/corpus/"
            "first-sight-verdicts.json) of every round listed; thresholds by inner leave-one-round-out "
            f"over them (veto loses at most {VETO_RECALL_LOSS:.1%} of true flags, rescue adds at most "
            f"{RESCUE_FA_PER_100} false alarms per 100 harmless with a number). Weights rounded to 6 "
            "digits, |w| < 1e-4 dropped."
        ),
        "rebuild": COMMAND,
        "rounds": ROUNDS,
        "thresholds": {
            "veto_p_flag_below": round(veto_threshold(data), 6),
            "rescue_p_flag_at_least": round(rescue_threshold(data), 6),
        },
        "veto": compact(train(samples(data, ROUNDS, True))),
        "rescue": compact(train(samples(data, ROUNDS, False))),
    }
    return json.dumps(model, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--check", action="store_true", help="compare with the committed file, write nothing")
    args = parser.parse_args()
    text = build()
    model = json.loads(text)
    print(
        f"veto: {len(model['veto'])} weights, drops a flag when P(flag) < "
        f"{model['thresholds']['veto_p_flag_below']}; rescue: {len(model['rescue'])} weights, adds a flag "
        f"when P(flag) >= {model['thresholds']['rescue_p_flag_at_least']}"
    )
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'matches' if same else 'DIFFERS from'} a fresh build")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
