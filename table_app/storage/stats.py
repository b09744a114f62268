"""Statistics: a fold of the library's finished games (event-sourced, like everything
else: the records are the truth, ``stats.json`` only a cache of this fold).

Only games with a human seat count ("you"), and never practice games, which are listed
apart (``Statistics.practice``).  A game's *score* is the human's total: points for the
contract family (Contract Rummy, May I?, Mexican Rummy; lower is better) or the final
chip balance for Michigan Rummy (higher is better).  A *win* is a game whose winners
include the human seat (a shared win counts).  Streaks are winning streaks, in the order
the games were started (``created``, then file name): ``current_streak`` the wins since
the last game lost, ``longest_streak`` the longest run of wins.

Three views of the same fold:

- ``groups``: per variant and seat setup (``"4p:easy,hard,normal"``), ``GroupStats``;
- ``variants``: per variant, ``Figures`` (games, wins, average, best, streaks and
  ``by_level``: the games against each opponent level, a game counting under every
  level one of its opponents plays at);
- ``overall``: every variant together, ``Figures`` without average and best (points
  and chips do not add up).

``Statistics.add(summary)`` folds one more game in; ``Statistics.from_summaries(...)``
folds a whole library (in the order the games were started); the two agree.
``Statistics.figures_json()`` is what ``table-app stats --json`` prints.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from ..variants.specs import VARIANT_SPECS
from .summary import GameSummary

FORMAT = "table-app-stats"
VERSION = 1
#: the opponents' levels (as records write them), weakest first
LEVELS = ("easy", "normal", "hard")
#: the variants, in the picker's order
VARIANT_IDS = tuple(VARIANT_SPECS)


def countable(s: GameSummary) -> bool:
    """A game the statistics count: finished, not practice, with a human seat and a score."""
    return (s.finished and not s.practice and s.human_seat is not None
            and s.score_of(s.human_seat) is not None)


def practice_game(s: GameSummary) -> bool:
    """A finished practice game with a human seat: listed apart, never counted."""
    return (s.finished and s.practice and not s.damaged and s.human_seat is not None)


def opponent_levels(s: GameSummary) -> tuple[str, ...]:
    """The levels the game's computer players play at, weakest first, each once."""
    have = {p.get("level") for p in s.players if isinstance(p, dict) and p.get("kind") != "human"}
    return tuple(lv for lv in LEVELS if lv in have)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def number(x: Fraction | None):
    """An exact score as JSON prints it: an int when whole, else a float (2 decimals)."""
    if x is None:
        return None
    return int(x) if x.denominator == 1 else round(float(x), 2)


@dataclass
class GroupStats:
    """The statistics of one variant and seat setup.

    ``average`` is the mean score (contract family: points, lower is better) or mean
    final balance (Michigan); ``best`` the best one, from game ``best_game``."""
    variant: str
    setup: str
    lower_is_better: bool
    games: int = 0
    wins: int = 0
    total: Fraction = Fraction(0)
    best: Fraction | None = None
    best_game: str | None = None
    current_streak: int = 0
    longest_streak: int = 0

    @property
    def average(self) -> float | None:
        return float(self.total / self.games) if self.games else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def add(self, score: Fraction, won: bool, game_id: str) -> None:
        self.games += 1
        self.total += score
        if self.best is None or (score < self.best if self.lower_is_better else score > self.best):
            self.best, self.best_game = score, game_id
        if won:
            self.wins += 1
            self.current_streak += 1
            self.longest_streak = max(self.longest_streak, self.current_streak)
        else:
            self.current_streak = 0

    def to_json(self) -> dict:
        return {"variant": self.variant, "setup": self.setup, "lower_is_better": self.lower_is_better,
                "games": self.games, "wins": self.wins, "total": _fmt(self.total),
                "best": None if self.best is None else _fmt(self.best), "best_game": self.best_game,
                "current_streak": self.current_streak, "longest_streak": self.longest_streak}

    @staticmethod
    def from_json(d) -> GroupStats:
        """Raises ``ValueError`` for a malformed group (every field checked by type and
        range: a cache a person or a bug may have broken)."""
        if not isinstance(d, dict):
            raise ValueError("a group is not an object")
        g = GroupStats(_str(d, "variant"), _str(d, "setup"), _bool(d, "lower_is_better"),
                       _count(d, "games"), _count(d, "wins"), _frac(d, "total"),
                       _frac(d, "best", none=True), _str(d, "best_game", none=True),
                       _count(d, "current_streak"), _count(d, "longest_streak"))
        if g.wins > g.games or g.longest_streak > g.games or g.current_streak > g.longest_streak:
            raise ValueError("negative or inconsistent counts")
        return g


@dataclass
class LevelStats:
    """The games against one opponent level: how many, how many won, the scores' sum."""
    games: int = 0
    wins: int = 0
    total: Fraction = Fraction(0)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def average(self, scored: bool = True) -> float | None:
        return float(self.total / self.games) if self.games and scored else None


@dataclass
class Figures:
    """One variant's figures (``scored``: with average and best), or every variant's
    together (``scored=False``: games, wins and streaks only).

    Attributes:
        games, wins: counted games and wins.
        total: the sum of the scores (points or chips; 0 when not ``scored``).
        best: the best score (lowest points, highest chips) or ``None``; ``best_game``
            the file of the game that made it.
        current_streak, longest_streak: winning streaks (games).
        by_level: ``{"easy"|"normal"|"hard": LevelStats}``, a game under every level of
            its opponents.
    """
    lower_is_better: bool = True
    scored: bool = True
    games: int = 0
    wins: int = 0
    total: Fraction = Fraction(0)
    best: Fraction | None = None
    best_game: str | None = None
    current_streak: int = 0
    longest_streak: int = 0
    by_level: dict = field(default_factory=lambda: {lv: LevelStats() for lv in LEVELS})

    @property
    def average(self) -> float | None:
        return float(self.total / self.games) if self.games and self.scored else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def add(self, score: Fraction, won: bool, game_id: str, levels: Iterable[str]) -> None:
        self.games += 1
        if self.scored:
            self.total += score
            if self.best is None or (score < self.best if self.lower_is_better
                                     else score > self.best):
                self.best, self.best_game = score, game_id
        if won:
            self.wins += 1
            self.current_streak += 1
            self.longest_streak = max(self.longest_streak, self.current_streak)
        else:
            self.current_streak = 0
        for lv in levels:
            b = self.by_level[lv]
            b.games += 1
            b.wins += bool(won)
            if self.scored:
                b.total += score

    # ---- the figures as ``table-app stats --json`` prints them
    def view(self) -> dict:
        """``{"games", "wins", "win_rate", "average", "best", "current_streak",
        "longest_streak", "by_level": {LEVEL: {"games", "wins", "win_rate",
        "average"}}}``: ``win_rate`` a fraction 0–1 (4 decimals), ``average`` 2
        decimals, ``best`` a number; each ``null`` when there is no game (``average``
        and ``best`` always ``null`` in ``overall``)."""
        def rate(r: float | None) -> float | None:
            return None if r is None else round(r, 4)

        def avg(a: float | None) -> float | None:
            return None if a is None else round(a, 2)

        return {"games": self.games, "wins": self.wins, "win_rate": rate(self.win_rate),
                "average": avg(self.average), "best": number(self.best) if self.scored else None,
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "by_level": {lv: {"games": b.games, "wins": b.wins, "win_rate": rate(b.win_rate),
                                  "average": avg(b.average(self.scored))}
                             for lv, b in self.by_level.items()}}

    # ---- the cache (exact)
    def to_json(self) -> dict:
        return {"lower_is_better": self.lower_is_better, "scored": self.scored,
                "games": self.games, "wins": self.wins, "total": _fmt(self.total),
                "best": None if self.best is None else _fmt(self.best), "best_game": self.best_game,
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "by_level": {lv: [b.games, b.wins, _fmt(b.total)] for lv, b in self.by_level.items()}}

    @staticmethod
    def from_json(d) -> Figures:
        """Raises ``ValueError`` for malformed or inconsistent figures."""
        if not isinstance(d, dict):
            raise ValueError("figures are not an object")
        f = Figures(_bool(d, "lower_is_better"), _bool(d, "scored"), _count(d, "games"),
                    _count(d, "wins"), _frac(d, "total"), _frac(d, "best", none=True),
                    _str(d, "best_game", none=True), _count(d, "current_streak"),
                    _count(d, "longest_streak"))
        bl = d.get("by_level")
        if not isinstance(bl, dict) or set(bl) != set(LEVELS):
            raise ValueError("bad 'by_level'")
        for lv in LEVELS:
            v = bl[lv]
            if not isinstance(v, list) or len(v) != 3:
                raise ValueError("bad 'by_level'")
            b = LevelStats(_count({"n": v[0]}, "n"), _count({"n": v[1]}, "n"), _frac({"t": v[2]}, "t"))
            if b.wins > b.games or b.games > f.games:
                raise ValueError("inconsistent 'by_level'")
            f.by_level[lv] = b
        if f.wins > f.games or f.longest_streak > f.games or f.current_streak > f.longest_streak \
                or (f.best is None) != (f.games == 0 or not f.scored):
            raise ValueError("negative or inconsistent counts")
        return f


@dataclass(frozen=True)
class PracticeGame:
    """A finished practice game, as the statistics list it (left out of the figures).

    Attributes:
        id: the record's file name; variant, created: from the header.
        won: the human seat is among the winners; score: its total (points or chips).
        winners: the winners' names.
    """
    id: str
    variant: str
    created: str
    won: bool
    score: Fraction | None
    winners: tuple = ()

    @staticmethod
    def of(s: GameSummary) -> PracticeGame:
        h = s.human_seat
        names = tuple(str(s.players[w].get("name") or f"seat {w + 1}") for w in s.winners
                      if 0 <= w < len(s.players))
        return PracticeGame(s.id, s.variant, s.created, h in s.winners, s.score_of(h), names)

    def view(self) -> dict:
        return {"file": self.id, "variant": self.variant, "when": self.created or None,
                "won": self.won, "score": number(self.score), "winners": list(self.winners)}

    def to_json(self) -> dict:
        return {"id": self.id, "variant": self.variant, "created": self.created, "won": self.won,
                "score": None if self.score is None else _fmt(self.score),
                "winners": list(self.winners)}

    @staticmethod
    def from_json(d) -> PracticeGame:
        if not isinstance(d, dict):
            raise ValueError("a practice game is not an object")
        w = d.get("winners")
        if not isinstance(w, list) or len(w) > 8 or not all(isinstance(x, str) and len(x) <= 255
                                                            for x in w):
            raise ValueError("bad 'winners'")
        return PracticeGame(_str(d, "id"), _str(d, "variant"), _str(d, "created"),
                            _bool(d, "won"), _frac(d, "score", none=True), tuple(w))


_FRACTION = re.compile(r"-?\d{1,40}(?:/\d{1,40})?")


def _str(d: dict, key: str, none: bool = False):
    if key not in d:
        raise ValueError(f"no {key!r}")
    v = d[key]
    if v is None and none:
        return None
    if not isinstance(v, str) or len(v) > 255:
        raise ValueError(f"bad {key!r}")
    return v


def _bool(d: dict, key: str) -> bool:
    v = d.get(key)
    if not isinstance(v, bool):
        raise ValueError(f"bad {key!r}")
    return v


def _count(d: dict, key: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 10 ** 9:
        raise ValueError(f"bad {key!r}")
    return v


def _frac(d: dict, key: str, none: bool = False):
    if key not in d:
        raise ValueError(f"no {key!r}")
    v = d[key]
    if v is None and none:
        return None
    if not isinstance(v, str) or not _FRACTION.fullmatch(v) or re.search(r"/0+$", v):
        raise ValueError(f"bad {key!r}")
    return Fraction(v)


def _new_variants() -> dict:
    from .summary import CONTRACT_FAMILY
    return {v: Figures(lower_is_better=v in CONTRACT_FAMILY) for v in VARIANT_IDS}


@dataclass
class Statistics:
    """The fold.  ``groups`` keyed by ``(variant, setup)``; ``variants`` keyed by variant
    id (all four, empty ones too); ``overall``; ``practice`` the finished practice games
    in the order they were started; ``ai_only`` the ids of the finished games between
    computer players only (not yours: not counted); ``counted`` lists the game ids
    counted."""
    groups: dict = field(default_factory=dict)
    counted: list = field(default_factory=list)
    variants: dict = field(default_factory=_new_variants)
    overall: Figures = field(default_factory=lambda: Figures(scored=False))
    practice: list = field(default_factory=list)
    ai_only: list = field(default_factory=list)

    def add(self, s: GameSummary) -> bool:
        """Fold one finished game in (running statistics).  Returns ``False`` for a game
        the figures do not count (practice: listed apart; unfinished; no human seat) or
        one counted already."""
        if s.id in self.counted or s.id in self.ai_only or any(p.id == s.id for p in self.practice):
            return False
        if practice_game(s):
            self.practice.append(PracticeGame.of(s))
            return False
        if not countable(s):
            if s.finished and not s.damaged and s.human_seat is None:
                self.ai_only.append(s.id)
            return False
        key = (s.variant, s.setup)
        g = self.groups.get(key)
        if g is None:
            g = self.groups[key] = GroupStats(s.variant, s.setup, s.lower_is_better)
        h = s.human_seat
        score, won, levels = s.score_of(h), h in s.winners, opponent_levels(s)
        assert score is not None  # countable(s)
        g.add(score, won, s.id)
        if s.variant in self.variants:
            self.variants[s.variant].add(score, won, s.id, levels)
        self.overall.add(score, won, s.id, levels)
        self.counted.append(s.id)
        return True

    @staticmethod
    def from_summaries(summaries: Iterable[GameSummary]) -> Statistics:
        """Fold the library (the games in the order they were started)."""
        st = Statistics()
        for s in sorted((s for s in summaries if s.finished and not s.damaged),
                        key=lambda s: (s.created, s.id)):
            st.add(s)
        return st

    def get(self, variant: str, setup: str | None = None) -> list[GroupStats]:
        """The groups of a variant (all setups, or one)."""
        return [g for (v, su), g in sorted(self.groups.items())
                if v == variant and (setup is None or su == setup)]

    def figures_json(self) -> dict:
        """What ``table-app stats --json`` prints::

            {"variants": {ID: FIGURES, ...},          # all four variants
             "overall": FIGURES,                      # average and best null
             "practice": {"games": n, "by_variant": {ID: n}, "list": [
                 {"file", "variant", "when", "won", "score", "winners"}, ...]},
             "ai_only_games": n}

        FIGURES: ``Figures.view()``."""
        by_variant = {v: 0 for v in VARIANT_IDS}
        for p in self.practice:
            if p.variant in by_variant:
                by_variant[p.variant] += 1
        return {"variants": {v: f.view() for v, f in self.variants.items()},
                "overall": self.overall.view(),
                "practice": {"games": len(self.practice), "by_variant": by_variant,
                             "list": [p.view() for p in self.practice]},
                "ai_only_games": len(self.ai_only)}

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "counted": sorted(self.counted),
                "groups": [g.to_json() for _, g in sorted(self.groups.items())],
                "variants": {v: f.to_json() for v, f in self.variants.items()},
                "overall": self.overall.to_json(),
                "practice": [p.to_json() for p in self.practice],
                "ai_only": sorted(self.ai_only)}

    @staticmethod
    def from_json(d) -> Statistics:
        """Raises ``ValueError`` for anything that is not a statistics file of this
        version, or whose counts do not add up.  A file written before the per-variant
        figures were kept (no ``"variants"``) reads as groups only (the library then
        rewrites it)."""
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ValueError("not a statistics file")
        if d.get("version") != VERSION:
            v = d.get("version")
            raise ValueError(f"statistics version {v if isinstance(v, int) else '?'} is not {VERSION}")
        counted, groups = d.get("counted"), d.get("groups")
        if not isinstance(counted, list) or not all(isinstance(x, str) and len(x) <= 255
                                                    for x in counted):
            raise ValueError("malformed statistics ('counted')")
        if len(set(counted)) != len(counted):
            raise ValueError("a game is counted twice")
        if not isinstance(groups, list):
            raise ValueError("malformed statistics ('groups')")
        st = Statistics(counted=list(counted))
        for gd in groups:
            g = GroupStats.from_json(gd)
            if (g.variant, g.setup) in st.groups:
                raise ValueError("a group is there twice")
            st.groups[(g.variant, g.setup)] = g
        if sum(g.games for g in st.groups.values()) != len(st.counted):
            raise ValueError("the counts do not add up")
        if "variants" not in d:
            st.variants = {}         # an older cache: unequal to any fold, so rewritten
            return st
        vs, practice = d.get("variants"), d.get("practice")
        if not isinstance(vs, dict) or set(vs) != set(VARIANT_IDS):
            raise ValueError("malformed statistics ('variants')")
        st.variants = {v: Figures.from_json(vs[v]) for v in VARIANT_IDS}
        st.overall = Figures.from_json(d.get("overall"))
        if not isinstance(practice, list) or len(practice) > 10 ** 6:
            raise ValueError("malformed statistics ('practice')")
        st.practice = [PracticeGame.from_json(p) for p in practice]
        ai = d.get("ai_only")
        if not isinstance(ai, list) or not all(isinstance(x, str) and len(x) <= 255 for x in ai) \
                or len(set(ai)) != len(ai):
            raise ValueError("malformed statistics ('ai_only')")
        st.ai_only = sorted(ai)
        if st.overall.games != len(st.counted) or \
                sum(f.games for f in st.variants.values()) != len(st.counted):
            raise ValueError("the counts do not add up")
        return st

    def __eq__(self, other) -> bool:
        if not isinstance(other, Statistics):
            return NotImplemented
        return self.to_json() == other.to_json()
