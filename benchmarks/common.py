"""Shared helpers of the benchmarks: summaries over repeated runs and percentiles."""
from __future__ import annotations

import math
import statistics


def percentile(xs, q: float) -> float | None:
    """The ``q``-th percentile (0..100) by the nearest-rank method; ``None`` when empty."""
    s = sorted(xs)
    if not s:
        return None
    i = min(len(s) - 1, max(0, int(math.ceil(q / 100.0 * len(s))) - 1))
    return s[i]


def summary(xs, digits: int | None = None) -> dict:
    """Median, p99, min and max of repeated measurements (and how many)."""
    s = sorted(xs)
    if not s:
        return {"median": None, "p99": None, "min": None, "max": None, "runs": 0}

    def r(x):
        return x if digits is None else round(x, digits)
    return {"median": r(statistics.median(s)), "p99": r(percentile(s, 99)), "min": r(s[0]),
            "max": r(s[-1]), "runs": len(s)}
