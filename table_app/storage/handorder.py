"""The human seat's hand order, kept beside the autosave journal.

The order a player arranges their hand in is the table's own state, not the game's: the
game record (a public format that ``table-app verify`` checks) does not hold it.  It is
kept in a small side file next to the record, ``<record>.hand.json``
(``{"seat": 0, "order": [card ids], "sort": "suit"}``), rewritten atomically whenever the
order changes, and read back when the game is resumed.  Card ids are the engine's
physical ids, the same after a resume (the engine picks the copies of a record's codes the
same way every time).  A missing or unreadable side file just means the default order.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from .files import atomic_write_text

SUFFIX = ".hand.json"


def side_path(record: str | os.PathLike) -> Path:
    """``games/20261130-...-may_i-ab12cd.jsonl`` -> ``games/20261130-...-may_i-ab12cd.hand.json``."""
    p = Path(record)
    stem = p.name[:-len(p.suffix)] if p.suffix else p.name
    return p.with_name(stem + SUFFIX)


def save_hand_order(record: str | os.PathLike, seat: int, order, sort: str = "") -> bool:
    """Write the hand order of ``seat`` beside ``record``.  Returns whether it was written
    (a write failure never raises: the order is a convenience)."""
    try:
        atomic_write_text(side_path(record), json.dumps(
            {"seat": int(seat), "order": [int(c) for c in order], "sort": str(sort or "")}))
        return True
    except (OSError, TypeError, ValueError):
        return False


def load_hand_order(record: str | os.PathLike, seat: int) -> tuple[list[int], str] | None:
    """``(order, sort)`` saved for ``seat`` beside ``record``, or ``None``."""
    from .files import read_json_file
    try:
        data = read_json_file(side_path(record), limit=64 * 1024)
        if not isinstance(data, dict) or data.get("seat") != int(seat):
            return None
        order = data.get("order", [])
        if not isinstance(order, list) or len(order) > 1000 or not all(
                isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 10_000 for c in order):
            return None
        sort = data.get("sort", "")
        return list(order), sort if sort in ("", "suit", "rank") else ""
    except (OSError, ValueError, TypeError, AttributeError):
        return None


def delete_hand_order(record: str | os.PathLike) -> None:
    try:
        side_path(record).unlink()
    except OSError:
        pass
