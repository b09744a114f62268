"""What the library shows of a game record, read from its events without replaying:
variant, date, players and levels, deals played, result, finished, practice."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core.actions import DealEnd, Extension, GameEnd
from ..engine.record import Record
from .journal import ABANDON_MARK, PRACTICE_MARK, ext_type

CONTRACT_FAMILY = ("contract", "may_i", "mexican")


def human_seat(players) -> int | None:
    """The first seat whose ``kind`` is ``"human"`` (``None`` for an AI-only game)."""
    for i, p in enumerate(players):
        if isinstance(p, dict) and p.get("kind") == "human":
            return i
    return None


def setup_key(players) -> str:
    """The seat setup of a game for statistics: the number of seats and the opponents'
    levels, e.g. ``"4p:easy,hard,normal"`` (the levels sorted, so seat order does not
    split the statistics)."""
    levels = sorted(str(p.get("level", "?")) for p in players
                    if isinstance(p, dict) and p.get("kind") != "human")
    return f"{len(players)}p:" + ",".join(levels)


def _frac(x) -> Fraction:
    return Fraction(str(x))


@dataclass(frozen=True)
class GameSummary:
    """One game of the library.

    Attributes:
        id: the record's file name (unique in the library).
        path: the record file.
        variant, created, options: from the header.
        players: ``({"name", "kind", "level"?}, ...)`` in seat order.
        deals_played: finished deals (``deal_end`` events).
        finished: the record holds ``game_end``.
        practice: marked practice (header ``"practice": true`` or an ``x-practice`` line).
        abandoned: an ``x-abandoned`` line (resume skips it).
        winners: seats (from ``game_end``; empty until finished).
        totals: final (or running) totals per seat as strings: points (contract
            family, lower is better) or chip balances (Michigan, exact fractions).
        events: number of events.
        torn_tail: the file ends with a torn line (a crash while writing).
    """
    id: str
    path: Path
    variant: str
    created: str
    players: tuple
    options: dict = field(default_factory=dict)
    deals_played: int = 0
    finished: bool = False
    practice: bool = False
    abandoned: bool = False
    winners: tuple = ()
    totals: tuple = ()
    events: int = 0
    torn_tail: bool = False

    @property
    def human_seat(self) -> int | None:
        return human_seat(self.players)

    @property
    def setup(self) -> str:
        return setup_key(self.players)

    @property
    def resumable(self) -> bool:
        return not self.finished and not self.abandoned

    @property
    def lower_is_better(self) -> bool:
        return self.variant in CONTRACT_FAMILY

    def score_of(self, seat: int | None) -> Fraction | None:
        if seat is None or seat >= len(self.totals):
            return None
        try:
            return _frac(self.totals[seat])
        except (ValueError, ZeroDivisionError):
            return None

    @property
    def result(self) -> str:
        """A short result for people: ``"won (35)"``, ``"Ada won"``, ``"in progress"``..."""
        if not self.finished:
            return "abandoned" if self.abandoned else "in progress"
        names = [str(self.players[w].get("name", f"seat {w}")) for w in self.winners
                 if 0 <= w < len(self.players)]
        h = self.human_seat
        if h is not None and h in self.winners:
            mine = self.totals[h] if h < len(self.totals) else "?"
            return f"won ({mine})" if len(self.winners) == 1 else f"shared win ({mine})"
        return (" and ".join(names) or "nobody") + " won"

    def to_json(self) -> dict:
        return {"id": self.id, "variant": self.variant, "created": self.created,
                "players": list(self.players), "options": self.options,
                "deals_played": self.deals_played, "finished": self.finished,
                "practice": self.practice, "abandoned": self.abandoned,
                "winners": list(self.winners), "totals": list(self.totals),
                "events": self.events, "torn_tail": self.torn_tail}

    @staticmethod
    def from_json(d: Any, path: Path) -> "GameSummary":
        """Raises ``ValueError`` for a malformed entry."""
        if not isinstance(d, dict):
            raise ValueError("not an object")
        try:
            s = GameSummary(
                id=str(d["id"]), path=Path(path), variant=str(d["variant"]),
                created=str(d["created"]), players=tuple(dict(p) for p in d["players"]),
                options=dict(d.get("options") or {}), deals_played=int(d["deals_played"]),
                finished=bool(d["finished"]), practice=bool(d["practice"]),
                abandoned=bool(d.get("abandoned", False)),
                winners=tuple(int(w) for w in d["winners"]),
                totals=tuple(str(t) for t in d["totals"]), events=int(d["events"]),
                torn_tail=bool(d.get("torn_tail", False)))
        except (KeyError, TypeError) as e:
            raise ValueError(f"malformed entry ({e})") from None
        return s


def summarize(rec: Record, path: Path) -> GameSummary:
    """The summary of a parsed record (no replay: the derived events are read)."""
    h = rec.header
    players = tuple({k: p[k] for k in ("name", "kind", "level") if k in p} for p in h["players"])
    n = len(players)
    deals = 0
    winners: tuple = ()
    totals: tuple = ()
    running = [Fraction(0)] * n
    balances = None
    finished = practice = abandoned = False
    for ev in rec.events:
        if isinstance(ev, DealEnd):
            deals += 1
            if ev.scores is not None:
                for i, s in enumerate(ev.scores[:n]):
                    running[i] += _frac(s)
            if ev.balances is not None:
                balances = tuple(str(b) for b in ev.balances)
        elif isinstance(ev, GameEnd):
            finished = True
            winners = tuple(int(w) for w in ev.winners)
            totals = tuple(str(t) for t in ev.totals)
        elif isinstance(ev, Extension):
            t = ext_type(ev)
            if t == PRACTICE_MARK:
                practice = True
            elif t == ABANDON_MARK:
                abandoned = True
    if not totals:
        totals = balances if balances is not None else tuple(str(x) for x in running) if deals else ()
    return GameSummary(
        id=Path(path).name, path=Path(path), variant=h["variant"],
        created=str(h.get("created", "")), players=players, options=dict(h.get("options") or {}),
        deals_played=deals, finished=finished, practice=practice or bool(h.get("practice")),
        abandoned=abandoned and not finished, winners=winners, totals=totals,
        events=len(rec.events), torn_tail=bool(h.get("_torn_tail_dropped")))
