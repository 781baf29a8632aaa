"""The trainer of the chat keeper's learned stage (bench/sgd.py): the C epoch and the plain Python one
give the very weights of the dict-based gradient descent the committed model was first made with."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench import sgd  # noqa: E402


def reference(samples: list[tuple[list[str], bool]], epochs: int = 12, l2: float = 1e-5) -> dict[str, float]:
    """The trainer as it was written before bench/sgd.py, kept here as the definition (its sum()
    spelled out as the additions it made on Python 3.11, which the committed model was made with)."""
    weights: dict[str, float] = {}
    order = list(range(len(samples)))
    shuffle = random.Random(7)
    for epoch in range(epochs):
        shuffle.shuffle(order)
        rate = 0.2 / (1 + epoch)
        for k in order:
            features, label = samples[k]
            total = 0.0  # left to right, as sum() did on Python 3.11 (3.12's compensates)
            for f in features:
                total += weights.get(f, 0.0)
            z = weights.get("bias", 0.0) + total
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g = p - label
            for f in [*features, "bias"]:
                w = weights.get(f, 0.0)
                weights[f] = w - rate * (g + l2 * w)
    return weights


def messages(count: int, seed: int) -> list[tuple[list[str], bool]]:
    """Made-up samples: words that lean one way, repeated features, some samples with none at all, and
    a feature named like the bias (which then counts twice, as in the reference)."""
    rng = random.Random(seed)
    words = [f"w{n}" for n in range(300)] + ["bias"]
    out = []
    for _ in range(count):
        label = rng.random() < 0.3
        picked = [rng.choice(words[:40] if label else words) for _ in range(rng.randrange(0, 25))]
        out.append((picked + picked[:2], label))
    return out


def saturating(count: int) -> list[tuple[list[str], bool]]:
    """Samples whose score runs far past the ±30 at which the trainer clips it: one word repeated
    two hundred times, nearly always with the same label."""
    return [(["loud"] * 200 + [f"w{k % 7}"], k % 50 != 0) for k in range(count)]


def bits(weights: dict[str, float]) -> dict[str, str]:
    return {f: w.hex() for f, w in weights.items()}  # -0.0 and 0.0 told apart


def corpus_samples() -> list[tuple[list[str], bool]]:
    """Real features: two development rounds of the corpus, through the stage's own feature maker."""
    from bench.chatfilter import CORPUS, read_rows
    from bot.chatfilter.override import role_features

    rows = read_rows([CORPUS / "dev-r4h-mixed.csv", CORPUS / "dev-r5h-mixed.csv"])
    return [(role_features(r["message"]), r["should_flag"].strip().lower() == "true") for r in rows]


@pytest.mark.parametrize("native", [True, False], ids=["C", "python"])
def test_the_trainer_gives_the_reference_weights_to_the_last_bit(native: bool) -> None:
    for samples in (messages(2000, seed=1), messages(500, seed=2), saturating(300), corpus_samples()):
        want = reference(samples)
        encoder = sgd.Encoder()
        rows = [(encoder.encode(f), label) for f, label in samples]
        got = dict(zip(encoder.names, sgd.fit(rows, len(encoder.names), native=native), strict=True))
        assert bits(got) == bits(want)


def test_train_is_the_reference() -> None:
    samples = messages(800, seed=3)
    assert bits(sgd.train(samples)) == bits(reference(samples))
    assert sgd.train([]) == reference([]) == {}


def test_without_the_c_epoch_it_trains_in_python_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "sgd.c"
    broken.write_text("this is not C\n")
    monkeypatch.setattr(sgd, "SOURCE", broken)
    monkeypatch.setattr(sgd, "BUILD", tmp_path / "build")
    monkeypatch.setattr(sgd, "_EPOCH", [])
    samples = messages(300, seed=4)
    assert bits(sgd.train(samples)) == bits(reference(samples))
    assert "training in plain Python" in capsys.readouterr().err
    with pytest.raises(RuntimeError, match="cannot be built"):
        sgd.fit([([1], True)], 2, native=True)
