"""The learned stage after the rules: two small logistic models that may overturn a rule verdict.

- veto: read on a message the rules flagged; the flag is dropped when P(flag) < the veto threshold;
- rescue: read on a message the rules passed; a flag is added when P(flag) >= the rescue threshold.

Both read the words around each number (`role_features`) and three features of the rules' verdict
(`rule_features`: flag, kind of reason, number of values). They were trained on the rules' FIRST-SIGHT
verdicts of the development rounds r4h..r21h (the rules as they were before each round was tuned on);
bench/train_override.py rebuilds override.json, which is loaded once, at import. Pure Python; knows
nothing of Discord.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from pathlib import Path

from bot.chatfilter.lexicon import LANGUAGES, fold
from bot.chatfilter.words import read_word

MODEL_PATH = Path(__file__).with_name("override.json")
NUMBER_TOKEN = re.compile(r"[^\W_]+|[^\w\s]")


def _word_value(word: str) -> int | None:
    """The value of a number word by its first reading (typos and compounds included), else None."""
    readings = read_word(word, LANGUAGES)
    pieces = [p for r in readings[:1] for p in r.pieces if p.kind != "C"]
    return sum(p.value for p in pieces) if pieces else None


def _number_class(word: str) -> str:
    """The class of a number token: small (2-9), card (10-99), other; '' for a word that is none."""
    if word.isdigit():
        value = int(word) if word.isascii() and len(word) < 6 else 100
    else:
        read = _word_value(word)
        if read is None:
            return ""
        value = read
    return "S" if 2 <= value <= 9 else "C" if 10 <= value <= 99 else "O"


def number_words(message: str) -> list[tuple[int, int, int]]:
    """(value, start, end) of each word (not digits) that reads as a number 2..99: the values a rescue
    reports when the rules read no number at all ("acht. sonst nichts")."""
    found = []
    for m in NUMBER_TOKEN.finditer(message):
        word = m.group()
        if word.isalpha() and (value := _word_value(fold(word))) is not None and 2 <= value <= 99:
            found.append((value, m.start(), m.end()))
    return found


def role_features(message: str) -> list[str]:
    """The words around each number, by position, with the number's class: what a role rule reads."""
    words = [fold(w) for w in NUMBER_TOKEN.findall(message)]
    classes = [_number_class(w) if w.isalnum() else "" for w in words]
    shown = [f"#{c}" if c else w for w, c in zip(words, classes, strict=True)]
    features = [f"u:{w}" for w in shown]
    features += [f"b:{a}_{b}" for a, b in itertools.pairwise(shown)]
    for k, c in enumerate(classes):
        if not c:
            continue
        features.append(f"n:{c}")
        for off in (-3, -2, -1, 1, 2, 3):
            if 0 <= k + off < len(shown):
                features.append(f"{c}{off:+d}:{shown[k + off]}")
        if k >= 2:
            features.append(f"{c}bb:{shown[k - 2]}_{shown[k - 1]}")
        if k + 2 < len(shown):
            features.append(f"{c}aa:{shown[k + 1]}_{shown[k + 2]}")
    if "?" in message:
        features.append("q")
    return features


def reason_kind(reason: str) -> str:
    """The kind of a rule reason: its text before any ':' or '('."""
    return reason.split(":")[0].split("(")[0].strip()


def rule_features(flag: bool, reason: str, values: int) -> list[str]:
    """The rules' verdict as features: flag, kind of reason, number of distinct values (capped at 3)."""
    return [f"r:{flag}", f"rk:{reason_kind(reason)}", f"rn:{min(values, 3)}"]


def p_flag(weights: dict[str, float], features: list[str]) -> float:
    z = weights.get("bias", 0.0) + sum(weights.get(f, 0.0) for f in features)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def load(path: Path = MODEL_PATH) -> dict[str, object]:
    with path.open(encoding="utf-8") as handle:
        model = json.load(handle)
    for key in ("veto", "rescue", "thresholds"):
        if key not in model:
            raise ValueError(f"{path}: no {key!r}")
    return model


# Loaded once, at import. Missing only while bench/train_override.py builds it for the first time
# (it needs role_features, not the model); check() then refuses to run the stage.
MODEL: dict[str, object] | None = load() if MODEL_PATH.exists() else None
VETO: dict[str, float] = MODEL["veto"] if MODEL else {}  # type: ignore[assignment]
RESCUE: dict[str, float] = MODEL["rescue"] if MODEL else {}  # type: ignore[assignment]
THRESHOLDS: dict[str, float] = MODEL["thresholds"] if MODEL else {}  # type: ignore[assignment]
VETO_BELOW = THRESHOLDS.get("veto_p_flag_below", 0.0)
RESCUE_AT_LEAST = THRESHOLDS.get("rescue_p_flag_at_least", 2.0)


def decide(message: str, flag: bool, reason: str, values: int) -> tuple[str, float] | None:
    """('veto', p) or ('rescue', p) where the stage overturns the rules' verdict, else None."""
    if MODEL is None:
        raise RuntimeError(f"no {MODEL_PATH.name}: run bench/train_override.py, or check(..., learned=False)")
    features = role_features(message) + rule_features(flag, reason, values)
    if flag:
        p = p_flag(VETO, features)
        return ("veto", p) if p < VETO_BELOW else None
    p = p_flag(RESCUE, features)
    return ("rescue", p) if p >= RESCUE_AT_LEAST else None
