"""Small descriptive statistics for experiment columns (the standard library has no histogram,
and its quantiles do not take a single percentile)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

MAX_BINS = 20


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0..100) by linear interpolation between the two nearest ranks:
    position ``(n − 1)·p/100`` in sorted order, numpy's default (``method="linear"``)."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * p / 100
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def median(values: Sequence[float]) -> float:
    return percentile(values, 50)


def histogram(values: Sequence[float], bins: int | None = None) -> dict[str, list]:
    """Counts in ``bins`` equal-width bins from the least value to the greatest (by default
    Sturges' ⌈log₂ n⌉ + 1, at most 20). Bins are closed on the left, the last one on both
    sides, as numpy's; when every value is the same the one bin is that value ± 0.5."""
    if bins is None:
        bins = min(MAX_BINS, math.ceil(math.log2(len(values))) + 1)
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 0.5, high + 0.5
    width = (high - low) / bins
    edges = [low + i * width for i in range(bins)] + [high]
    counts = [0] * bins
    for value in values:
        counts[min(bisect_right(edges, value) - 1, bins - 1)] += 1
    return {"edges": edges, "counts": counts}


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """What a teacher reads off one column over many random trees: centre, spread, shape."""
    if not values:
        raise ValueError("a distribution needs at least one value")
    return {
        "count": len(values),
        "mean": mean(values),
        "median": median(values),
        "p10": percentile(values, 10),
        "p90": percentile(values, 90),
        "min": min(values),
        "max": max(values),
        "histogram": histogram(values),
    }
