"""The learned stage after the rules: two small logistic models that may overturn a rule verdict.

- veto: read on a message the rules flagged; the flag is dropped when P(flag) < the veto threshold;
- rescue: read on a message the rules passed; a flag is added when P(flag) >= the rescue threshold.

Both read the words around each number (`role_features`) and three features of the rules' verdict
(`rule_features`: flag, kind of reason, number of values). They were trained on the rules' FIRST-SIGHT
verdicts of the development rounds r4h..r27h, r38 to r43, r45 to r50, r52 to r54, r56 to r58, r60
to r62, r64 to r69, r71 to r73, r75 to r77, r79 to r81, r83 to r85, r87 to r89, r91 to r93, r95 to r97,
r99 to r101, r103 to r105, r107 to r109, r111 to r113, r115 to r117, r119 to r121, r123 to r125,
r127 to r129, r131 to r142, r145 and r146 (r99 to r109 and r115 to r117 written without any number),
as the rules were before each round was tuned on; bench/train_override.py rebuilds override.json, which
is loaded once, at import. A missing or unreadable model file turns the stage off (a warning in the log;
check() then gives the rules' verdict alone): the keeper, and the bot, still start. Pure Python;
knows nothing of Discord.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
import re
from pathlib import Path
from typing import NamedTuple

from bot.chatfilter.compiled import PACKAGE
from bot.chatfilter.lexicon import LANGUAGES, fold
from bot.chatfilter.words import read_word

log = logging.getLogger(__name__)

# Beside the sources, found through compiled.py (always plain Python): compiled, this module's __file__
# names a place inside the build.
MODEL_PATH = PACKAGE / "override.json"
NUMBER_TOKEN = re.compile(r"[^\W_]+|[^\w\s]")


def _word_value(word: str, languages: tuple[str, ...] = LANGUAGES) -> int | None:
    """The value of a number word by its first reading (typos and compounds included), else None."""
    readings = read_word(word, languages)
    if not readings:  # most words: skip building the piece list
        return None
    pieces = [p for p in readings[0].pieces if p.kind != "C"]
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


def number_words(message: str, languages: tuple[str, ...] = LANGUAGES) -> list[tuple[int, int, int]]:
    """(value, start, end) of each word (not digits) that reads as a number 2..99 in `languages`: the
    values a rescue reports when the rules read no number at all ("acht. sonst nichts")."""
    found = []
    for m in NUMBER_TOKEN.finditer(message):
        word = m.group()
        if word.isalpha() and (value := _word_value(fold(word), languages)) is not None and 2 <= value <= 99:
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


# decide() scores a message from its tokens, without building its feature strings. The stage runs
# right after the rules, whose reading has pushed the stage's data out of the CPU caches: each lookup
# in a model of tens of thousands of weights then costs about half a microsecond, and role_features'
# ~30 features a message were most of the stage's time. So the weights are regrouped at import by the
# word they read (`Word`), and each model keeps the tokens it has seen lately with their word's weights
# (`Token`): a message costs one lookup per token (which also spares fold() and _number_class()),
# then small lookups in the tables of the words around its numbers. The weights found are summed in
# role_features' order by sum(), as p_flag does, so P(flag) is the same float (a feature without a
# weight adds 0.0 there, which changes no sum; no kept weight is 0).
class Word(NamedTuple):
    """The weights of one model's features that read one word (shown as role_features shows it)."""

    unigram: float = 0.0  # "u:<word>", 0.0 if none
    bigram: dict[str, float] | None = None  # "b:<word>_<next>" by next word
    around: dict[str, float] | None = None  # "<class><offset>:<word>" by "<class><offset>", as "C-1"
    pair: dict[tuple[str, str], float] | None = None  # "<class>bb:<word>_<next>", "…aa:…" by (kind, next)


NO_WEIGHTS = Word()


class Token(NamedTuple):
    """A token as role_features reads it, with one model's weights for its word."""

    shown: str  # the folded word, or "#<class>" for a number
    number: str  # the class of a number, else ""
    unigram: float
    bigram: dict[str, float] | None
    around: dict[str, float] | None
    pair: dict[tuple[str, str], float] | None


class Model(NamedTuple):
    weights: dict[str, float]  # as trained; read by p_flag and role_features' users
    bias: float
    words: dict[str, Word]
    number: dict[str, float]  # "n:<class>" by class
    question: float  # "q"
    # The rule features, each by the text after its "r:", "rk:" or "rn:" (as rule_features writes it)
    flag: dict[str, float]
    reason: dict[str, float]
    values: dict[str, float]
    # The tokens seen lately (raw, as NUMBER_TOKEN finds them): emptied when full (a token is cheap
    # to read again) and by clear_caches(), with the caches of fold() and read_word() it stands in for.
    tokens: dict[str, Token]


TOKENS_KEPT = 16384
CLASSES = ("S", "C", "O")
SHOWN = {c: f"#{c}" for c in CLASSES}
OFFSETS = (-3, -2, -1, 1, 2, 3)
# Per class: (offset, its key in Word.around), and the kinds of Word.pair for the two words before and
# after a number. One string object each, used to build the tables and to read them.
AROUND = {c: tuple((off, f"{c}{off:+d}") for off in OFFSETS) for c in CLASSES}
BEFORE = {c: f"{c}bb" for c in CLASSES}
AFTER = {c: f"{c}aa" for c in CLASSES}
_KINDS = {key: key for c in CLASSES for key in (BEFORE[c], AFTER[c], *(k for _, k in AROUND[c]))}
# Every word some weight reads, one string object each: a token's shown word is looked up here once,
# so the words' tables are then read with the very keys they hold.
_WORDS: dict[str, str] = {}


def _word(word: str) -> str:
    return _WORDS.setdefault(word, word)


def regroup(weights: dict[str, float]) -> Model:
    """A model's weights regrouped by the word each feature reads (see above). A word never holds '_'
    (NUMBER_TOKEN splits on it), so '<word>_<next>' splits one way only."""
    unigram: dict[str, float] = {}
    bigram: dict[str, dict[str, float]] = {}
    around: dict[str, dict[str, float]] = {}
    pair: dict[str, dict[tuple[str, str], float]] = {}
    number: dict[str, float] = {}
    flag: dict[str, float] = {}
    reason: dict[str, float] = {}
    values: dict[str, float] = {}
    for key, w in weights.items():
        kind, colon, rest = key.partition(":")
        if not colon:
            if key not in ("bias", "q"):
                raise ValueError(f"unknown feature {key!r}")
        elif kind == "u":
            unigram[_word(rest)] = w
        elif kind == "b":
            a, _, b = rest.partition("_")
            bigram.setdefault(_word(a), {})[_word(b)] = w
        elif kind == "n":
            number[rest] = w
        elif kind == "r":
            flag[rest] = w
        elif kind == "rk":
            reason[rest] = w
        elif kind == "rn":
            values[rest] = w
        elif kind not in _KINDS:
            raise ValueError(f"unknown feature {key!r}")
        elif kind[1:] in ("bb", "aa"):
            a, _, b = rest.partition("_")
            pair.setdefault(_word(a), {})[_KINDS[kind], _word(b)] = w
        else:
            around.setdefault(_word(rest), {})[_KINDS[kind]] = w
    words = {
        word: Word(unigram.get(word, 0.0), bigram.get(word), around.get(word), pair.get(word))
        for word in unigram.keys() | bigram.keys() | around.keys() | pair.keys()
    }
    return Model(
        weights,
        weights.get("bias", 0.0),
        words,
        number,
        weights.get("q", 0.0),
        flag,
        reason,
        values,
        {},
    )


def load_stage(path: Path = MODEL_PATH) -> tuple[dict[str, object], Model, Model] | None:
    """The model and its veto and rescue regrouped, or None (the stage off, the rules alone) when the
    file is missing or cannot be read as one: a bad deploy or a damaged disk costs the stage, never
    the keeper or the bot's start."""
    try:
        model = load(path)
        parts = []
        for part in ("veto", "rescue"):
            weights = model[part]
            if not isinstance(weights, dict) or not all(
                isinstance(w, (int, float)) for w in weights.values()
            ):
                raise TypeError(f"{part}: not a table of weights")
            parts.append(regroup(weights))  # every feature must be one score() can read
        thresholds = model["thresholds"]
        for key in ("veto_p_flag_below", "rescue_p_flag_at_least"):
            float(thresholds[key])  # type: ignore[index]
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        log.warning(
            "chat keeper: the learned stage is off, %s cannot be read (%s); the rules alone judge", path, exc
        )
        return None
    return model, parts[0], parts[1]


# Loaded once, at import (bench/train_override.py builds it; it needs role_features, not the model).
STAGE = load_stage()
MODEL: dict[str, object] | None = STAGE[0] if STAGE else None
VETO: dict[str, float] = MODEL["veto"] if MODEL else {}  # type: ignore[assignment]
RESCUE: dict[str, float] = MODEL["rescue"] if MODEL else {}  # type: ignore[assignment]
THRESHOLDS: dict[str, float] = MODEL["thresholds"] if MODEL else {}  # type: ignore[assignment]
VETO_BELOW = float(THRESHOLDS.get("veto_p_flag_below", 0.0))
RESCUE_AT_LEAST = float(THRESHOLDS.get("rescue_p_flag_at_least", 2.0))
# A message without any number (no digit, no number word, nothing the rules read as harmless) is
# rescued only when card talk is more likely than not. The threshold above was chosen on the corpus,
# whose harmless messages nearly all hold a number, so its number-less messages are mostly card talk
# told another way ("the highest card in the deck"); a channel's are mostly "lol", "what?", "your
# turn". No figure was tuned for this: P 0.5 is where the model finds card talk as likely as not.
RESCUE_WITHOUT_NUMBER = 0.5
VETO_MODEL = STAGE[1] if STAGE else regroup({})
RESCUE_MODEL = STAGE[2] if STAGE else regroup({})


def clear_caches() -> None:
    VETO_MODEL.tokens.clear()
    RESCUE_MODEL.tokens.clear()


def _token(model: Model, raw: str) -> Token:
    word = fold(raw)
    number = _number_class(word) if word.isalnum() else ""
    shown = SHOWN[number] if number else word
    shown = _WORDS.get(shown, shown)
    token = Token(shown, number, *model.words.get(shown, NO_WEIGHTS))
    if len(model.tokens) >= TOKENS_KEPT:
        model.tokens.clear()
    model.tokens[raw] = token
    return token


def score(model: Model, message: str, flag: bool, reason: str, values: int) -> float:
    """p_flag(model.weights, role_features(message) + rule_features(flag, reason, values)), the same
    float, read by words (see above)."""
    return _score(model, message, flag, reason, values)[0]


def _score(model: Model, message: str, flag: bool, reason: str, values: int) -> tuple[float, float]:
    """score(), and the sum of the weights the message's own words and marks carry (without the bias
    and the rule features): how far the message itself moves P(flag)."""
    seen = model.tokens
    tokens = [seen.get(raw) or _token(model, raw) for raw in NUMBER_TOKEN.findall(message)]
    n = len(tokens)
    # role_features' order: unigrams, bigrams, then each number's features, "q", the rule features.
    found = [t.unigram for t in tokens if t.unigram]
    found += [x for t, u in itertools.pairwise(tokens) if t.bigram and (x := t.bigram.get(u.shown))]
    for k, t in enumerate(tokens):
        c = t.number
        if not c:
            continue
        found.append(model.number.get(c, 0.0))
        for off, kind in AROUND[c]:
            if 0 <= k + off < n and (around := tokens[k + off].around):
                found.append(around.get(kind, 0.0))
        if k >= 2 and (pair := tokens[k - 2].pair):
            found.append(pair.get((BEFORE[c], tokens[k - 1].shown), 0.0))
        if k + 2 < n and (pair := tokens[k + 1].pair):
            found.append(pair.get((AFTER[c], tokens[k + 2].shown), 0.0))
    if "?" in message:
        found.append(model.question)
    words = sum(found)
    found += (
        model.flag.get(str(flag), 0.0),
        model.reason.get(reason_kind(reason), 0.0),
        model.values.get(str(min(values, 3)), 0.0),
    )
    z = model.bias + sum(found)
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z)))), words


def decide(message: str, flag: bool, reason: str, values: int) -> tuple[str, float] | None:
    """('veto', p) or ('rescue', p) where the stage overturns the rules' verdict, else None."""
    if MODEL is None:  # the stage is off (see load_or_off): the rules' verdict stands
        return None
    if flag:
        p = score(VETO_MODEL, message, flag, reason, values)
        return ("veto", p) if p < VETO_BELOW else None
    # A rescue rests on the message's own words: their weights must point to card talk. The bias and
    # the rules' verdict alone never flag a message: the corpus the stage learns from has far fewer
    # harmless messages without a number than a channel has, so its prior for such a message ("hmm",
    # "k", "👀", an empty line) is higher than a channel's, and at times above the threshold.
    p, words = _score(RESCUE_MODEL, message, flag, reason, values)
    return ("rescue", p) if p >= RESCUE_AT_LEAST and words > 0 else None
