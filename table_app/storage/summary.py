"""What the library shows of a game record, read from its events without replaying:
variant, date, players and levels, deals played, result, finished, practice; or, for a
damaged record, why it cannot be opened (``problem``)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core.actions import Deal, DealEnd, Extension, GameEnd
from ..engine.record import Record
from ..i18n.refusals import refusal_from_json
from ..variants import VARIANTS
from ..variants.specs import SPECS
from .journal import ABANDON_MARK, PRACTICE_MARK, ext_type

CONTRACT_FAMILY = tuple(SPECS)  # the contract games: points, the lowest wins (CF-16)


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


def frac_text(x) -> str:
    """An exact number as the index keeps it: ``"35"``, ``"-7/3"``."""
    f = _frac(x)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


@dataclass(frozen=True)
class GameSummary:
    """One game of the library.

    Attributes:
        id: the record's file name (unique in the library).
        path: the record file.
        variant, created, options: from the header.
        players: ``({"name", "kind", "level"?}, ...)`` in seat order.
        deals_played: finished deals (``deal_end`` events).
        between_deals: the last deal has ended and the next is not dealt: resumed, the
            game opens at that deal's score sheet (an index written before the field
            existed reads ``False``).
        finished: the record holds ``game_end``.
        practice: marked practice (header ``"practice": true`` or an ``x-practice`` line).
        abandoned: an ``x-abandoned`` line (resume skips it).
        human_moved: the human seat made a move (an event with its ``player``: a draw,
            pass, buy, meld, lay-off, discard, lead or play); ``True`` for a game without
            a human seat and for an index entry written before the field.
        winners: seats (from ``game_end``; empty until finished).
        totals: final (or running) totals per seat as strings: points (contract
            family, lower is better) or chip balances (Michigan, exact fractions).
        events: number of events.
        torn_tail: the file ends with a torn line (a crash while writing).
        problem: ``None``, or why the record cannot be opened (one line, English, as
            ``verify`` says it: ``"line 3: ..."``): a damaged record, kept aside as
            ``NAME.bad-YYYYmmdd-HHMMSS``; ``variant``, ``players`` and ``created`` then
            hold what could be read (``""``/``()`` when nothing could).
        refusal: for a damaged record whose event the rules refuse, that refusal as data
            (``i18n.refusals.refusal_to_json``), so the Replays screen says it in the
            player's language; else ``None``.
    """
    id: str
    path: Path
    variant: str
    created: str
    players: tuple
    options: dict = field(default_factory=dict)
    deals_played: int = 0
    between_deals: bool = False
    finished: bool = False
    practice: bool = False
    abandoned: bool = False
    human_moved: bool = True
    winners: tuple = ()
    totals: tuple = ()
    events: int = 0
    torn_tail: bool = False
    problem: str | None = None
    refusal: dict | None = None

    @property
    def damaged(self) -> bool:
        return self.problem is not None

    @property
    def status(self) -> str:
        """``"damaged"``, ``"finished"`` or ``"unfinished"`` (abandoned games included)."""
        if self.problem is not None:
            return "damaged"
        return "finished" if self.finished else "unfinished"

    @property
    def human_seat(self) -> int | None:
        return human_seat(self.players)

    @property
    def setup(self) -> str:
        return setup_key(self.players)

    @property
    def resumable(self) -> bool:
        return not self.finished and not self.abandoned and self.problem is None

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
        """A short result for people: ``"won (35)"``, ``"Ada won"``, ``"in progress"``,
        ``"damaged"``..."""
        if self.problem is not None:
            return "damaged"
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
                "players": [dict(p) for p in self.players], "options": dict(self.options),
                "deals_played": self.deals_played, "between_deals": self.between_deals,
                "finished": self.finished,
                "practice": self.practice, "abandoned": self.abandoned,
                "human_moved": self.human_moved,
                "winners": list(self.winners), "totals": list(self.totals),
                "events": self.events, "torn_tail": self.torn_tail, "problem": self.problem,
                "refusal": self.refusal}

    @staticmethod
    def from_json(d: Any, path: Path) -> GameSummary:
        """An index entry's summary, checked field by field (the index is a file a person
        or a bug may have broken: nothing in it may stop the library).

        Raises:
            ValueError: a malformed entry, naming the field.
        """
        if not isinstance(d, dict):
            raise ValueError("not an object")

        def get(key, kind, default=_MISSING):
            v = d.get(key, default)
            if v is _MISSING:
                raise ValueError(f"no {key!r}")
            if not kind(v):
                raise ValueError(f"bad {key!r}")
            return v

        problem = get("problem", lambda v: v is None or _text(v, 2000), None)
        variant = get("variant", lambda v: isinstance(v, str) and (
            v in VARIANTS or (problem is not None and len(v) <= 40)))
        players = get("players", lambda v: isinstance(v, list) and len(v) <= 8 and all(
            _player_ok(p) for p in v))
        n = len(players)
        s = GameSummary(
            id=get("id", lambda v: _text(v, 255)), path=Path(path), variant=variant,
            created=get("created", lambda v: _text(v, 64)),
            players=tuple(dict(p) for p in players),
            options=dict(get("options", lambda v: isinstance(v, dict) and all(
                isinstance(x, (bool, int)) for x in v.values()), {})),
            deals_played=get("deals_played", lambda v: _count(v)),
            between_deals=get("between_deals", lambda v: isinstance(v, bool), False),
            finished=get("finished", lambda v: isinstance(v, bool)),
            practice=get("practice", lambda v: isinstance(v, bool)),
            abandoned=get("abandoned", lambda v: isinstance(v, bool), False),
            human_moved=get("human_moved", lambda v: isinstance(v, bool), True),
            winners=tuple(get("winners", lambda v: isinstance(v, list) and all(
                _count(w) and w < n for w in v))),
            totals=tuple(get("totals", lambda v: isinstance(v, list) and len(v) <= n and all(
                isinstance(t, str) and _FRACTION.fullmatch(t) for t in v))),
            events=get("events", _count),
            torn_tail=get("torn_tail", lambda v: isinstance(v, bool), False),
            problem=problem,
            refusal=get("refusal", lambda v: v is None or (
                problem is not None and refusal_from_json(v) is not None), None))
        if s.problem is None and (not s.players or s.variant not in VARIANTS):
            raise ValueError("a readable game without players or variant")
        return s


_MISSING = object()
_FRACTION = re.compile(r"-?\d{1,40}(?:/\d{1,40})?")


def _text(v, most: int) -> bool:
    return isinstance(v, str) and len(v) <= most and "\n" not in v


def _count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10 ** 9


def _player_ok(p) -> bool:
    from ..engine.record import NAME_SHOWN, RECORD_LEVELS
    return (isinstance(p, dict) and set(p) <= {"name", "kind", "level"}
            and (p.get("name") is None or (isinstance(p["name"], str) and len(p["name"]) <= NAME_SHOWN))
            and p.get("kind") in ("human", "ai", None)
            and (p.get("level") is None or p.get("level") in RECORD_LEVELS))


def _lenient_players(pl) -> tuple:
    """What a list of games can show of a damaged header's players: names (text, cut,
    control characters dropped), kinds and levels where they are what they should be."""
    from ..engine.record import NAME_SHOWN, PLAYER_KINDS, RECORD_LEVELS, shown_name
    out = []
    if not isinstance(pl, list):
        return ()
    for p in pl[:8]:
        q = {}
        if isinstance(p, dict):
            name = p.get("name")
            if isinstance(name, str):
                name = "".join(c for c in name[:NAME_SHOWN * 2] if c.isprintable())
                if name:
                    q["name"] = shown_name(name)
            if p.get("kind") in PLAYER_KINDS:
                q["kind"] = p["kind"]
            if p.get("level") in RECORD_LEVELS:
                q["level"] = p["level"]
        out.append(q)
    return tuple(out)


_NAME_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})")


def damaged_summary(path: Path, problem: str, rec: Record | None = None,
                    header: dict | None = None, refusal: dict | None = None) -> GameSummary:
    """The library's entry of a record that cannot be opened: what could be read of it
    (its header, even an unchecked one, when line 1 is a JSON object) and why
    (``problem``).  Its date: the header's, else the one its file name starts with
    (``YYYYmmdd-HHMMSS-...``), else the file's."""
    import datetime as _dt
    h = rec.header if rec is not None else header
    if h is None:
        from ..engine.record import peek_header
        h = peek_header(path, checked=False)
    variant, players, created = "", (), ""
    if isinstance(h, dict):
        v = h.get("variant")
        variant = v if isinstance(v, str) and v in VARIANTS else ""
        players = _lenient_players(h.get("players"))
        c = h.get("created")
        created = c if isinstance(c, str) and len(c) <= 64 and c.isprintable() else ""
    if not created:
        m = _NAME_DATE.match(Path(path).name)
        if m:
            created = "{}-{}-{}T{}:{}:{}Z".format(*m.groups())
    if not created:
        try:
            t = Path(path).stat().st_mtime
            created = _dt.datetime.fromtimestamp(t, _dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        except (OSError, ValueError, OverflowError):
            created = ""
    return GameSummary(id=Path(path).name, path=Path(path), variant=variant, created=created,
                       players=players, problem=" ".join(str(problem).split())[:2000] or "damaged",
                       refusal=refusal)


def summarize(rec: Record, path: Path) -> GameSummary:
    """The summary of a parsed record (no replay: the derived events are read)."""
    h = rec.header
    players = tuple({k: p[k] for k in ("name", "kind", "level") if k in p} for p in h["players"])
    n = len(players)
    human = human_seat(players)
    deals = 0
    winners: tuple = ()
    totals: tuple = ()
    running = [Fraction(0)] * n
    balances = None
    finished = practice = abandoned = False
    between = False
    for ev in rec.events:
        if isinstance(ev, Deal):
            between = False
        elif isinstance(ev, DealEnd):
            deals += 1
            between = True
            if ev.scores is not None:
                for i, s in enumerate(ev.scores[:n]):
                    running[i] += _frac(s)
            if ev.balances is not None:
                balances = tuple(frac_text(b) for b in ev.balances)
        elif isinstance(ev, GameEnd):
            finished = True
            winners = tuple(int(w) for w in ev.winners)
            totals = tuple(frac_text(t) for t in ev.totals)
        elif isinstance(ev, Extension):
            t = ext_type(ev)
            if t == PRACTICE_MARK:
                practice = True
            elif t == ABANDON_MARK:
                abandoned = True
    if not totals:
        totals = balances if balances is not None else tuple(frac_text(x) for x in running) if deals else ()
    return GameSummary(
        id=Path(path).name, path=Path(path), variant=h["variant"],
        created=str(h.get("created", "")), players=players, options=dict(h.get("options") or {}),
        deals_played=deals, between_deals=between and not finished, finished=finished,
        practice=practice or bool(h.get("practice")),
        abandoned=abandoned and not finished, winners=winners, totals=totals,
        human_moved=human is None or any(getattr(ev, "player", None) == human
                                         for ev in rec.events),
        events=len(rec.events), torn_tail=bool(h.get("_torn_tail_dropped")))
