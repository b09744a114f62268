"""The phases of a game, as one enum (ARCHITECTURE principle 7).

``Phase`` is a ``str`` enum whose values are the plain strings the rules used before (and
that ``verify --json`` prints, RECORD_FORMAT.md): ``Phase.DRAW == "draw"``,
``str(Phase.DRAW) == "draw"``, ``json.dumps(Phase.DRAW) == '"draw"'``; a member hashes as
its value, so a dict keyed by the old strings still finds it.

Two sets of members:

* a seat's decision, as ``rules.to_act(state)`` reports it: ``DEAL`` (a deal is due),
  ``DRAW``, ``BUY``, ``PLAY`` (the contract family), ``LEAD``, ``FOLLOW`` (Michigan);
* a contract-family state's phase (``CFState.phase``): ``PREDEAL`` (no deal yet),
  ``DRAW``, ``BUY`` (a buying/calling window), ``STOCK`` (the window is over: the active
  player draws from the stock), ``PLAY``, ``BETWEEN`` (a deal is over, the next is due),
  ``OVER`` (after round 7).
"""
from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """A phase (see the module's docstring); its value is the record's plain string."""

    PREDEAL = "predeal"
    DEAL = "deal"
    DRAW = "draw"
    STOCK = "stock"
    BUY = "buy"
    PLAY = "play"
    BETWEEN = "between"
    OVER = "over"
    LEAD = "lead"
    FOLLOW = "follow"

    def __str__(self) -> str:  # the value, in every Python (3.11 and 3.12 differ otherwise)
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


__all__ = ["Phase"]
