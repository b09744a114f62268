"""Work ahead of need in a frame's slack (issue 17: frame CPU p99 <= 4 ms at 8 seats).

Some of the table's work can be done in any frame before it is needed: card faces
rendered ahead of the widths they will be shown at (``CardImages.tick``), the deal end's
picture and texts (``DealEndAhead.tick``).  Done at a fixed share a frame, it lands on
the frames that are already busy (a deal's cards gliding out, a score sheet opening)
and makes them the slowest of all.  Done here, it fills each frame only up to
``SLACK_MS`` of CPU time: ``App.step`` draws the frame first, then calls
``App.work_ahead(FrameSlack(start))`` and each kind of work is done one piece at a time
while its estimated cost (``AheadCost``, measured as it goes) still fits.  A kind that
found no room for ``STARVE_FRAMES`` frames in a row does one piece in the next frame
where it fits in a little more (``STARVED_EXTRA_MS``), so the work gets done in a busy
stretch too, never stalling a frame.

Times are the main thread's CPU time (``time.thread_time``), in milliseconds.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

#: a frame's CPU time (ms) that the work ahead of need fills up to
SLACK_MS = 3.0
#: frames without room after which one piece of work is done in the first frame where
#: it fits in the slack and ``STARVED_EXTRA_MS`` more (not in a busy one)
STARVE_FRAMES = 6
STARVED_EXTRA_MS = 0.75
#: frames without room after which one piece is done whatever the frame (the work is
#: never put off for ever)
STARVE_LIMIT = 30

T = TypeVar("T")


class FrameSlack:
    """The room left in this frame for work ahead of need.

    Args:
        start: the frame's start in ``time.thread_time()`` seconds (default: now).
        budget_ms: the CPU time (ms) the frame may fill up to (default ``SLACK_MS``).
        clock: the clock, in seconds (tests give a fake one).
    """

    def __init__(self, start: float | None = None, budget_ms: float = SLACK_MS,
                 clock: Callable[[], float] = time.thread_time) -> None:
        self.clock = clock
        self.start = clock() if start is None else start
        self.budget_ms = budget_ms

    def used_ms(self) -> float:
        """CPU ms since the frame started."""
        return (self.clock() - self.start) * 1000.0

    def fits(self, cost_ms: float) -> bool:
        """Whether work of ``cost_ms`` ends inside the budget."""
        return self.used_ms() + cost_ms <= self.budget_ms


class AheadCost:
    """One kind of work ahead of need: its estimated cost a piece (ms, a moving average
    of what was measured, starting at ``first_ms``) and how many frames in a row it found
    no room (``starved``).

    ``run(slack, piece, most)`` does up to ``most`` pieces while they fit in ``slack``
    (``piece()`` does one and returns whether there was one to do; ``False`` ends the
    run), one anyway when starved for ``STARVE_FRAMES`` frames; returns the pieces done.
    ``slack`` ``None``: ``most`` pieces, no timing (the fixed share of the tests and of
    callers without a frame)."""

    def __init__(self, first_ms: float = 1.0, weight: float = 0.3) -> None:
        self.ms = first_ms
        self.weight = weight
        self.starved = 0

    def run(self, slack: FrameSlack | None, piece: Callable[[], bool], most: int) -> int:
        done = 0
        if slack is None:
            while done < most and piece():
                done += 1
            return done
        while done < most:
            if not slack.fits(self.ms) and not (
                    done == 0 and self.starved >= STARVE_FRAMES
                    and (slack.used_ms() + self.ms <= slack.budget_ms + STARVED_EXTRA_MS
                         or self.starved >= STARVE_LIMIT)):
                break
            t = slack.clock()
            if not piece():
                self.starved = 0
                return done
            took = (slack.clock() - t) * 1000.0
            self.ms += self.weight * (took - self.ms)
            done += 1
        self.starved = 0 if done else self.starved + 1
        return done


__all__ = ["SLACK_MS", "STARVE_FRAMES", "STARVED_EXTRA_MS", "STARVE_LIMIT", "FrameSlack", "AheadCost"]
