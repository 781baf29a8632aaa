"""The chat keeper's logistic regression: stochastic gradient descent over feature strings.

`train(samples)` is what bench/train_override.py and bench/chatfilter.py --writer-cv train with. The
features are numbered once (`Encoder`), so that a caller that trains many models on parts of the same
data (train_override's leave-one-round-out: over two hundred models) encodes each message only once and
hands `fit` lists of numbers.

An epoch runs in C (bench/sgd.c, compiled on first use into build/, loaded with ctypes) when a C
compiler is there, else as plain Python; both do the same arithmetic in the same order and give the
same weights to the last bit (tests/chatfilter/test_sgd.py), so the committed model does not depend
on which ran. A message's weights are added one by one from the left, as Python 3.11's sum() does
(from 3.12 on, sum() of floats compensates its rounding: the trainer does not follow it there).
The C epoch is about twenty times faster; the shuffle of each epoch stays Python's (random.Random(7)),
which both share.
"""

from __future__ import annotations

import ctypes
import fcntl
import hashlib
import math
import os
import platform
import random
import subprocess
import sys
import sysconfig
import tempfile
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = Path(__file__).with_name("sgd.c")
BUILD = ROOT / "build" / "sgd"
PURE_VARIABLE = "DECKHAND_SGD_PURE"  # set to 1: never compile or load the C epoch
# No fused multiply-add, no reordered sums, SSE doubles where x87 would be the default: the same
# doubles as Python's arithmetic.
FLAGS = ["-O2", "-fPIC", "-shared", "-ffp-contract=off", "-fno-fast-math", "-fexcess-precision=standard"]

Rows = list[tuple[list[int], bool]]


class Encoder:
    """Numbers feature strings; 0 is the bias."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {"bias": 0}
        self.names: list[str] = ["bias"]

    def encode(self, features: list[str]) -> list[int]:
        ids = []
        index = self.index
        for f in features:
            i = index.get(f)
            if i is None:
                i = index[f] = len(self.names)
                self.names.append(f)
            ids.append(i)
        return ids


def train(samples: list[tuple[list[str], bool]], epochs: int = 12, l2: float = 1e-5) -> dict[str, float]:
    """Logistic regression by stochastic gradient descent, in a fixed order of samples per epoch: the
    weight of every feature seen, and of "bias"."""
    if not samples:
        return {}
    encoder = Encoder()
    rows = [(encoder.encode(features), label) for features, label in samples]
    return dict(zip(encoder.names, fit(rows, len(encoder.names), epochs, l2), strict=True))


def fit(rows: Rows, size: int, epochs: int = 12, l2: float = 1e-5, native: bool | None = None) -> list[float]:
    """The weights (index 0 the bias, `size` in all) after `epochs` passes over rows of feature numbers
    and labels, each pass in an order shuffled from the last. `native` None: the C epoch if it can be
    had; False: plain Python; True: C or an error."""
    epoch = _c_epoch() if native is not False else None
    if native and epoch is None:
        raise RuntimeError("the C epoch of bench/sgd.c cannot be built or loaded here")
    order = list(range(len(rows)))
    shuffle = random.Random(7)
    if epoch is None:
        w = [0.0] * size
        for e in range(epochs):
            shuffle.shuffle(order)
            _python_epoch(w, rows, order, 0.2 / (1 + e), l2)
        return w
    ids, starts, labels = array("i"), array("i", [0]), array("d")
    for features, label in rows:
        ids.extend(features)
        starts.append(len(ids))
        labels.append(1.0 if label else 0.0)
    weights = array("d", bytes(8 * size))
    address = lambda a: ctypes.c_void_p(a.buffer_info()[0])  # noqa: E731
    for e in range(epochs):
        shuffle.shuffle(order)
        shuffled = array("i", order)
        epoch(
            address(weights),
            address(ids),
            address(starts),
            address(labels),
            address(shuffled),
            len(rows),
            0.2 / (1 + e),
            l2,
        )
    return weights.tolist()


def _python_epoch(w: list[float], rows: Rows, order: list[int], rate: float, l2: float) -> None:
    exp = math.exp
    for k in order:
        ids, label = rows[k]
        s = 0.0
        for i in ids:
            s += w[i]
        z = w[0] + s
        p = 1 / (1 + exp(-max(-30.0, min(30.0, z))))
        g = p - label
        for i in ids:
            x = w[i]
            w[i] = x - rate * (g + l2 * x)
        x = w[0]
        w[0] = x - rate * (g + l2 * x)


_EPOCH: list[object] = []  # the loaded C function, or None once it could not be had


def _c_epoch():  # type: ignore[no-untyped-def]
    if not _EPOCH:
        _EPOCH.append(None if os.environ.get(PURE_VARIABLE, "0") not in ("", "0") else _load())
    return _EPOCH[0]


def _load():  # type: ignore[no-untyped-def]
    """Compile bench/sgd.c (once per version of it) and load it; None when that cannot be done."""
    # Named by what makes it: the source, the flags and the machine (a library serves every Python).
    made_of = SOURCE.read_bytes() + " ".join([*FLAGS, platform.machine()]).encode()
    tag = hashlib.sha256(made_of).hexdigest()[:16]
    library = BUILD / f"sgd-{tag}.so"
    try:
        if not library.exists():
            BUILD.mkdir(parents=True, exist_ok=True)
            with open(BUILD / "build.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # two trainings started at once compile it once
                if not library.exists():
                    _compile(library)
        epoch = ctypes.CDLL(str(library)).sgd_epoch
    except (OSError, subprocess.SubprocessError) as exc:
        print(
            f"bench/sgd.py: the C epoch is not available ({exc}); training in plain Python", file=sys.stderr
        )
        return None
    epoch.restype = None
    epoch.argtypes = [ctypes.c_void_p] * 5 + [ctypes.c_int, ctypes.c_double, ctypes.c_double]
    return epoch


def _compile(library: Path) -> None:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    with tempfile.TemporaryDirectory(dir=library.parent) as scratch:
        built = Path(scratch) / library.name
        subprocess.run(
            [compiler, *FLAGS, "-o", str(built), str(SOURCE), "-lm"],
            check=True,
            capture_output=True,
            timeout=120,
        )
        os.replace(built, library)
