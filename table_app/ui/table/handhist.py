"""The hand's order across undo and redo.

The order the player arranges their hand in is the table's own state (the game record
does not hold it: ``storage.handorder``).  An undo gives cards back to the hand (a
go-down's melds, a lay-off, a discard) and a redo gives back cards drawn; without their
old places they would join the hand at its right end.  ``HandHistory`` keeps, in memory,
the order the hand had when the game's record was ``n`` events long: before each of the
player's decisions (noted as the engine records it) and when an undo or a redo leaves a
point (so that coming back to it, by redo or undo, finds the order it had).
``restore_order`` puts the returned cards back into the hand as it is now.
"""
from __future__ import annotations


def restore_order(saved, current, hand) -> list:
    """The hand ``hand`` (card ids) in the order ``current`` (the order shown now, which
    may lack cards that came back), each card of ``saved`` (an order the hand had before)
    that ``current`` lacks put back right after the card it followed in ``saved`` (at the
    left end when it was first).  When ``current`` is ``saved`` less those cards, the
    result is ``saved``.  Cards of ``hand`` in neither are left out (the caller places
    them); cards no longer in ``hand`` are dropped."""
    hs = set(hand)
    out = [c for c in current if c in hs]
    placed = set(out)
    prev = None
    for c in saved:
        if c in hs and c not in placed:
            out.insert(out.index(prev) + 1 if prev is not None else 0, c)
            placed.add(c)
        if c in placed:
            prev = c
    return out


class HandHistory:
    """The hand's order (and sort mode) at points of the record, by its length."""

    def __init__(self) -> None:
        self._at: dict[int, tuple[tuple, str]] = {}

    def note(self, n: int, order, sort: str = "") -> None:
        self._at[int(n)] = (tuple(order), sort or "")

    def get(self, n: int) -> tuple[tuple, str] | None:
        return self._at.get(int(n))

    def forget_after(self, n: int) -> None:
        """Drop the orders past ``n`` (a new decision there: the redo side is gone)."""
        for k in [k for k in self._at if k > n]:
            del self._at[k]

    def forget(self, n: int) -> None:
        self._at.pop(int(n), None)


__all__ = ["HandHistory", "restore_order"]
