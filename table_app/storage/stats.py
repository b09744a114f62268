"""Statistics per variant and seat setup, from the library's finished games.

Only games with a human seat count, and never practice games.  For the contract family a
score is the human's total points (lower is better); for Michigan it is the final chip
balance (higher is better).  Streaks follow the games in the order they were started.

``Statistics.add(summary)`` updates the running statistics as a game finishes;
``Statistics.from_summaries(...)`` recomputes them from records; the two agree.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from .summary import GameSummary

FORMAT = "table-app-stats"
VERSION = 1


def countable(s: GameSummary) -> bool:
    """A game the statistics count: finished, not practice, with a human seat and a score."""
    return (s.finished and not s.practice and s.human_seat is not None
            and s.score_of(s.human_seat) is not None)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


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
    def from_json(d) -> "GroupStats":
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


@dataclass
class Statistics:
    """All groups, keyed by ``(variant, setup)``; ``counted`` lists the game ids added."""
    groups: dict = field(default_factory=dict)
    counted: list = field(default_factory=list)

    def add(self, s: GameSummary) -> bool:
        """Count a finished game (running statistics).  Returns ``False`` for a game that
        does not count (practice, unfinished, no human) or is counted already."""
        if not countable(s) or s.id in self.counted:
            return False
        key = (s.variant, s.setup)
        g = self.groups.get(key)
        if g is None:
            g = self.groups[key] = GroupStats(s.variant, s.setup, s.lower_is_better)
        h = s.human_seat
        g.add(s.score_of(h), h in s.winners, s.id)
        self.counted.append(s.id)
        return True

    @staticmethod
    def from_summaries(summaries: Iterable[GameSummary]) -> "Statistics":
        """Recompute from the library (games in the order they were started)."""
        st = Statistics()
        for s in sorted((s for s in summaries if countable(s)), key=lambda s: (s.created, s.id)):
            st.add(s)
        return st

    def get(self, variant: str, setup: str | None = None) -> list[GroupStats]:
        """The groups of a variant (all setups, or one)."""
        return [g for (v, su), g in sorted(self.groups.items())
                if v == variant and (setup is None or su == setup)]

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "counted": sorted(self.counted),
                "groups": [g.to_json() for _, g in sorted(self.groups.items())]}

    @staticmethod
    def from_json(d) -> "Statistics":
        """Raises ``ValueError`` for anything that is not a statistics file of this
        version, or whose counts do not add up."""
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
        return st

    def __eq__(self, other) -> bool:
        if not isinstance(other, Statistics):
            return NotImplemented
        return self.to_json() == other.to_json()
