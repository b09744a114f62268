"""A decision's time budget, counted in the deciding thread's CPU time.

The hard level searches until its budget is spent.  Counted in wall time, a busy
machine (other programs on the core, the UI's own thread holding the GIL) would give it
less CPU, so less search: its strength would depend on the load.  ``Budget`` counts
``time.thread_time`` (CPU seconds of this thread only), so hard evaluates the same
worlds on a busy machine as on an idle one; a wall-clock backstop (``WALL_FACTOR``, 10, times
the budget) keeps a starved thread from taking unboundedly long.
"""
from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: the wall-clock backstop: a decision ends after this many budgets of wall time whatever
#: CPU it got (a thread that gets a tenth of a core still searches its whole budget)
WALL_FACTOR = 10.0


class Budget:
    """``ms`` milliseconds of this thread's CPU time from now (``share`` of it: the part
    of a decision's budget a step may take).

    ``over()``: the CPU budget is spent, or ``WALL_FACTOR`` x the budget of wall time has
    passed.  ``left_s()``: CPU seconds left (negative once over).  ``used_ms()``: CPU ms
    used since it was made.
    """

    __slots__ = ("cpu0", "cpu_end", "wall_end")

    def __init__(self, ms: float, share: float = 1.0) -> None:
        s = max(0.0, ms) / 1000.0 * share
        self.cpu0 = time.thread_time()
        self.cpu_end = self.cpu0 + s
        self.wall_end = time.perf_counter() + s * WALL_FACTOR

    def over(self) -> bool:
        return time.thread_time() > self.cpu_end or time.perf_counter() > self.wall_end

    def left_s(self) -> float:
        if time.perf_counter() > self.wall_end:
            return -1.0
        return self.cpu_end - time.thread_time()

    def used_ms(self) -> float:
        return (time.thread_time() - self.cpu0) * 1000.0


@contextmanager
def gc_paused() -> Iterator[None]:
    """The automatic garbage collector held for the length of a budgeted decision (it
    runs again after it, at the next allocation).  A full collection walks every object
    of the heap (the evaluator's memo of analyses: 100,000 objects, 85-150 ms of CPU on
    this machine) and it fell inside a decision as often as not, taking a 100 ms
    decision to 250 ms (issue 18).  At the end the young generations are collected
    (the decision's own garbage: a few ms), so the full collection, when due, comes at
    a later allocation outside the decision.  Nested use is safe: only the outermost
    re-enables."""
    was = gc.isenabled()
    if was:
        gc.disable()
    try:
        yield
    finally:
        if was:
            gc.collect(1)
            gc.enable()


__all__ = ["Budget", "WALL_FACTOR", "gc_paused"]
