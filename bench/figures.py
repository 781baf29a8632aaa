"""Small helpers the benchmarks share."""

from __future__ import annotations


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values fall (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
