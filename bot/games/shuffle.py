"""A portable, seeded shuffle.

Records may carry a seed instead of a card order, so the order a seed gives must be exact and
reproducible in any language, not tied to Python's ``random``. We use SplitMix64 as the
generator and a Fisher-Yates shuffle from the back; docs/records.md spells out both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """Yield the SplitMix64 stream for ``seed`` (taken modulo 2**64)."""
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """Return a new list with ``items`` in the order the seed fixes.

    For i from len-1 down to 1: draw the next 64-bit value r, let j = r mod (i + 1), swap i and j.
    """
    out = list(items)
    state = seed & _MASK
    for i in range(len(out) - 1, 0, -1):
        # One SplitMix64 step, inlined: shuffling starts every simulated game.
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def derive_seed(seed: int, index: int) -> int:
    """A seed for the index-th game of a run, independent of how the run is split up."""
    stream = splitmix64(seed ^ ((index * 0xD1B54A32D192ED03) & _MASK))
    return next(stream)
