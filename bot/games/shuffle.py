"""A portable, seeded shuffle.

Records may carry a seed instead of a card order, so the order a seed gives must be exact and
reproducible in any language, not tied to Python's ``random``. We use SplitMix64 as the
generator and a Fisher-Yates shuffle from the back; docs/records.md spells out both.

SplitMix64's n-th state is simply ``seed + n * gamma`` (mod 2**64), so the whole stream for one
shuffle is computed at once in unsigned 64-bit arrays (numpy wraps exactly as the algorithm
needs); only the swaps run one by one. Shuffling starts every simulated game, so this matters.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import TypeVar

import numpy as np

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_U = np.uint64


def splitmix64(seed: int) -> Iterator[int]:
    """Yield the SplitMix64 stream for ``seed`` (taken modulo 2**64)."""
    state = seed & _MASK
    while True:
        state = (state + _GAMMA) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        yield z ^ (z >> 31)


@cache
def _steps(n: int) -> tuple[np.ndarray, np.ndarray]:
    """For a list of n items: gamma * (1 .. n-1), and the moduli n .. 2 the swaps use."""
    with np.errstate(over="ignore"):
        offsets = np.arange(1, n, dtype=_U) * _U(_GAMMA)
    return offsets, np.arange(n, 1, -1, dtype=_U)


def swap_indices(seed: int, n: int) -> list[int]:
    """The Fisher-Yates partners for positions n-1 down to 1: r mod (i + 1), r the next output."""
    offsets, moduli = _steps(n)
    with np.errstate(over="ignore"):
        z = offsets + _U(seed & _MASK)
        z = (z ^ (z >> _U(30))) * _U(_MIX1)
        z = (z ^ (z >> _U(27))) * _U(_MIX2)
        return ((z ^ (z >> _U(31))) % moduli).tolist()


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """Return a new list with ``items`` in the order the seed fixes.

    For i from len-1 down to 1: draw the next 64-bit value r, let j = r mod (i + 1), swap i and j.
    """
    out = list(items)
    n = len(out)
    if n < 2:
        return out
    i = n - 1
    for j in swap_indices(seed, n):
        out[i], out[j] = out[j], out[i]
        i -= 1
    return out


def derive_seed(seed: int, index: int) -> int:
    """A seed for the index-th game of a run, independent of how the run is split up."""
    stream = splitmix64(seed ^ ((index * 0xD1B54A32D192ED03) & _MASK))
    return next(stream)
