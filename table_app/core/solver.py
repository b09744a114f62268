"""The contract solver: the best way to go down with a round's contract (CF-7).

Pure Python, no pygame.  Given a hand (physical card ids, see ``cards``), a contract
(:class:`ContractReq`) and the deal's wild ranks, :func:`solve_go_down` returns the melds
(:class:`PlannedMeld`) that meet the contract and leave the lowest total value in hand
(ties: fewer cards left), or ``None`` when the contract cannot be met.

How the search works
--------------------
A meld is a *natural core* plus some wild cards:

* a set core (CF-1) is ``k`` natural cards of one rank (any suits; two decks may repeat a
  suit); it takes ``w`` wilds with ``set_min <= k + w <= set_max``;
* a run core (CF-2) is a set of natural cards of one suit at distinct positions ``1..14``
  (ace low at 1 or high at 14, never turning the corner); the wilds fill the gaps inside
  the core's span and may extend it at either end, up to 14 positions, so the run has
  ``k + w`` cards with ``max(run_min, span) <= k + w <= min(run_max, 14)``;
* a meld of wilds only (``k = 0``) is allowed unless ``naturals_majority`` (CR-4) is set;
  with it ``k > w`` in every meld.

Wild cards (jokers, and wild-rank cards played as wilds, CF-3) are an interchangeable
pool: only *how many* are used matters, and the used ones are the most valuable (so the
cheapest stay in hand).  A wild-rank card played as itself can always be re-read as a wild
standing for its own face, so without the naturals-majority rule wild-rank cards are
treated as pool wilds only (and read back as naturals where they fit, for the UI); with
the rule they are also offered as naturals.

The search is a depth-first enumeration of cores, runs first (canonically ordered, so
equal melds are not tried in every order), then sets, pruned by the wild budget and by an
upper bound on the value the remaining melds can still use (at most the ``r`` richest
suits for ``r`` runs plus the ``s`` richest ranks for ``s`` sets).  The per-meld wild counts
are kept as ranges and the total is settled at the leaves: as many wilds as the ranges,
the pool, ``keep_one`` (CF-12) and ``whole_hand`` allow.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Sequence

from .cards import FACE_RANK, FACE_SUIT, JOKER, make_face

__all__ = ["ContractReq", "PlannedMeld", "solve_go_down", "can_meet", "wilds_in_hand"]

_INF = 1 << 20


@dataclass(frozen=True, slots=True)
class ContractReq:
    """What a going-down must lay (CF-6/CF-7 and the variants' overrides).

    Attributes:
        sets: number of sets required (CF-1).
        runs: number of runs required (CF-2).
        set_min, set_max: cards per set, inclusive; ``None`` = no maximum (Contract
            Rummy rounds 1-6: 3..3, CR-4; May I?/Mexican: 3..None).  Never below 3.
        run_min, run_max: cards per run, inclusive; ``None`` = no maximum (Contract
            rounds 1-6: 4..4; Contract round 7's run: 7..None, CR-9).  Never below 4,
            never above 14 (A..A, CF-2).
        naturals_majority: CR-4: in each meld the natural cards outnumber the wilds.
        whole_hand: every card of the hand is used (round 7 of Contract, CR-9, and of
            Mexican, MX-7).
        keep_one: at least one card stays in hand for the discard (CF-12).
    """
    sets: int
    runs: int
    set_min: int = 3
    set_max: int | None = None
    run_min: int = 4
    run_max: int | None = None
    naturals_majority: bool = False
    whole_hand: bool = False
    keep_one: bool = True


@dataclass(frozen=True, slots=True)
class PlannedMeld:
    """One meld of a planned going-down.

    Attributes:
        kind: ``"set"`` or ``"run"``.
        cards: physical card ids (a run's in rank order, low to high).
        roles: parallel to ``cards``: ``None`` for a natural card, else the face (0..51)
            the wild stands for (CF-3).  Ready for ``melds.build_meld``.
    """
    kind: str
    cards: tuple[int, ...]
    roles: tuple[int | None, ...]


def wilds_in_hand(hand: Sequence[int], wild_ranks: frozenset[int]) -> tuple[int, ...]:
    """The cards of ``hand`` (ids) that may be played as wilds (CF-3): printed jokers and
    cards of a wild rank, in hand order."""
    return tuple(c for c in hand if (c >> 3) == JOKER or FACE_RANK[c >> 3] in wild_ranks)


def _pos_face(suit: int, pos: int) -> int:
    """Face at run position ``pos`` (1 = low ace .. 14 = high ace) of ``suit``."""
    return suit * 13 + (12 if pos == 1 else pos - 2)


_POS_FACE = [[_pos_face(s, p) if p >= 1 else -1 for p in range(15)] for s in range(4)]


class _Search:
    """One search over a hand.  ``counts[f]`` holds the natural cards of face ``f`` still
    free; wild-rank faces are in it only under ``naturals_majority``."""

    def __init__(self, hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int],
                 value: Callable[[int], int], feasibility: bool = False):
        self.req = req
        self.wild_ranks = wild_ranks
        self.majority = req.naturals_majority
        self.feas = feasibility
        self.n = len(hand)
        self.vf = [value(f) for f in range(53)]
        counts = [0] * 53
        fixed = []  # pool wilds that are never naturals in the search
        self.wr_faces = []  # wild-rank faces kept in counts (majority mode)
        for c in hand:
            f = c >> 3
            if f == JOKER:
                fixed.append(self.vf[f])
            elif FACE_RANK[f] in wild_ranks and not self.majority:
                fixed.append(self.vf[f])
            else:
                counts[f] += 1
        if self.majority:
            self.wr_faces = [f for f in range(52) if FACE_RANK[f] in wild_ranks]
        self.counts = counts
        fixed.sort(reverse=True)
        self.fixed = fixed
        self.fixed_n = len(fixed)
        pre = [0]
        for v in fixed:
            pre.append(pre[-1] + v)
        self.fixed_pre = pre
        self.smin = max(3, req.set_min)
        self.smax = _INF if req.set_max is None else req.set_max
        self.rmin = max(4, req.run_min)
        self.rmax = 14 if req.run_max is None else min(14, req.run_max)
        self.best = (-1, -1)
        self.best_path = None
        self.path: list = []
        self.done = False
        if req.whole_hand:
            # only a solution using every card counts
            tv = sum(self.vf[c >> 3] for c in hand)
            self.best = (tv, self.n - 1)

    # -- pool -----------------------------------------------------------------
    def _wr_left(self) -> int:
        c = self.counts
        return sum(c[f] for f in self.wr_faces) if self.wr_faces else 0

    def _pool_prefix(self, w: int) -> int:
        """Value of the ``w`` most valuable wilds of the pool now."""
        if not self.wr_faces:
            return self.fixed_pre[w]
        vals = list(self.fixed)
        c = self.counts
        for f in self.wr_faces:
            vals.extend([self.vf[f]] * c[f])
        vals.sort(reverse=True)
        return sum(vals[:w])

    # -- bound ----------------------------------------------------------------
    def _bound(self, NV: int, K: int, runs_left: int, min_suit: int, sets_left: int,
               min_rank: int) -> tuple[int, int]:
        c = self.counts
        vf = self.vf
        uv = 0
        uc = 0
        if runs_left:
            sv = []
            for s in range(min_suit, 4):
                tv = tc = 0
                for f in range(s * 13, s * 13 + 13):
                    if c[f]:
                        tv += vf[f] * c[f]
                        tc += c[f]
                sv.append((tv, tc))
            sv.sort(reverse=True)
            for tv, tc in sv[:runs_left]:
                uv += tv
            uc += sum(sorted((tc for _, tc in sv), reverse=True)[:runs_left])
        if sets_left:
            rv = []
            rcnt = []
            for r in range(min_rank, 15):
                tv = tc = 0
                for s in range(4):
                    f = s * 13 + r - 2
                    if c[f]:
                        tv += vf[f] * c[f]
                        tc += c[f]
                rv.append(tv)
                rcnt.append(tc)
            rv.sort(reverse=True)
            rcnt.sort(reverse=True)
            uv += sum(rv[:sets_left])
            uc += sum(rcnt[:sets_left])
        P = self.fixed_n + self._wr_left()
        return NV + uv + self._pool_prefix(P), K + uc + P

    def _pruned(self, NV, K, runs_left, min_suit, sets_left, min_rank) -> bool:
        bv, bc = self._bound(NV, K, runs_left, min_suit, sets_left, min_rank)
        best = self.best
        return bv < best[0] or (bv == best[0] and bc <= best[1])

    # -- leaves ---------------------------------------------------------------
    def _leaf(self, NV: int, K: int, Wlo: int, Whi: int) -> None:
        P = self.fixed_n + self._wr_left()
        W = min(Whi, P)
        if self.req.keep_one:
            W = min(W, self.n - 1 - K)
        if W < Wlo:
            return
        if self.req.whole_hand and K + W != self.n:
            return
        if self.feas:
            self.best = (0, 0)
            self.best_path = (list(self.path), W)
            self.done = True
            return
        cand = (NV + self._pool_prefix(W), K + W)
        if cand > self.best:
            self.best = cand
            self.best_path = (list(self.path), W)

    # -- candidate cores --------------------------------------------------------
    def _run_cores(self, s: int, budget: int):
        """Run cores of suit ``s`` needing at most ``budget`` wilds: yields
        ``(key, positions, k, wlo, whi, value)``."""
        c = self.counts
        pf = _POS_FACE[s]
        avail = [p for p in range(1, 15) if c[pf[p]]]
        if not avail:
            return
        rmin, rmax, maj, vf = self.rmin, self.rmax, self.majority, self.vf
        ace2 = c[pf[14]] >= 2
        for i, a in enumerate(avail):
            for j in range(i, len(avail)):
                b = avail[j]
                span = b - a + 1
                if span > rmax:
                    break
                if a == 1 and b == 14 and not ace2:
                    continue
                if a == b:
                    if a == 1:
                        continue  # a lone ace is the same core at 14
                    inner = []
                    base = 1
                else:
                    inner = avail[i + 1:j]
                    base = 2
                lmin = max(rmin, span)
                # wlo = lmin - k, k = base + len(inner) - omitted
                full_k = base + len(inner)
                max_omit = budget - (lmin - full_k)
                if max_omit < 0:
                    continue
                max_omit = min(max_omit, len(inner))
                for om in range(max_omit + 1):
                    k = full_k - om
                    wlo = lmin - k
                    whi = rmax - k
                    if maj:
                        if k <= wlo:
                            continue
                        whi = min(whi, k - 1)
                    if whi < wlo:
                        continue
                    for omitted in combinations(inner, om):
                        if om:
                            pos = [a] + [p for p in inner if p not in omitted] + ([b] if b != a else [])
                        else:
                            pos = [a] + inner + ([b] if b != a else [])
                        mask = 0
                        for p in omitted:
                            mask |= 1 << p
                        key = ((s * 16 + a) * 16 + b) * 32768 + mask
                        v = 0
                        for p in pos:
                            v += vf[pf[p]]
                        yield key, pos, k, wlo, whi, v

    def _set_cores(self, r: int, budget: int):
        """Set cores of rank ``r``: yields ``(key, per-suit counts, k, wlo, whi, value)``."""
        c = self.counts
        fs = [s * 13 + r - 2 for s in range(4)]
        av = [c[f] for f in fs]
        if not any(av):
            return
        smin, smax, maj, vf = self.smin, self.smax, self.majority, self.vf
        for c0 in range(av[0] + 1):
            for c1 in range(av[1] + 1):
                for c2 in range(av[2] + 1):
                    for c3 in range(av[3] + 1):
                        k = c0 + c1 + c2 + c3
                        if k == 0 or k > smax:
                            continue
                        wlo = smin - k if k < smin else 0
                        if wlo > budget:
                            continue
                        whi = smax - k
                        if maj:
                            if k <= wlo:
                                continue
                            whi = min(whi, k - 1)
                        if whi < wlo:
                            continue
                        sub = (c0, c1, c2, c3)
                        key = r * 625 + c0 + 5 * c1 + 25 * c2 + 125 * c3
                        v = c0 * vf[fs[0]] + c1 * vf[fs[1]] + c2 * vf[fs[2]] + c3 * vf[fs[3]]
                        yield key, sub, k, wlo, whi, v

    # -- depth-first search -----------------------------------------------------
    def run(self) -> None:
        self._runs(0, -1, 0, 0, 0, 0)

    def _budget(self, Wlo: int) -> int:
        return self.fixed_n + self._wr_left() - Wlo

    def _runs(self, ri: int, mink: int, NV: int, K: int, Wlo: int, Whi: int) -> None:
        req = self.req
        if ri == req.runs:
            self._sets(0, -1, NV, K, Wlo, Whi)
            return
        if self.done:
            return
        min_suit = max(0, mink >> 23) if mink >= 0 else 0
        if not self.feas and self._pruned(NV, K, req.runs - ri, min_suit, req.sets, 2):
            return
        budget = self._budget(Wlo)
        if budget < 0:
            return
        c = self.counts
        path = self.path
        # a run of wilds only
        if not self.majority and mink <= 0 and budget >= self.rmin:
            path.append(("wrun", None, 0, self.rmin, self.rmax))
            self._runs(ri + 1, 0, NV, K, Wlo + self.rmin, Whi + self.rmax)
            path.pop()
            if self.done:
                return
        for s in range(min_suit, 4):
            pf = _POS_FACE[s]
            for key, pos, k, wlo, whi, v in list(self._run_cores(s, budget)):
                if key < mink:
                    continue
                for p in pos:
                    c[pf[p]] -= 1
                if c[pf[14]] >= 0:
                    path.append(("run", s, tuple(pos), wlo, whi))
                    self._runs(ri + 1, key, NV + v, K + k, Wlo + wlo, Whi + whi)
                    path.pop()
                for p in pos:
                    c[pf[p]] += 1
                if self.done:
                    return

    def _sets(self, si: int, mink: int, NV: int, K: int, Wlo: int, Whi: int) -> None:
        req = self.req
        if si == req.sets:
            self._leaf(NV, K, Wlo, Whi)
            return
        if self.done:
            return
        min_rank = max(2, mink // 625) if mink > 0 else 2
        if not self.feas and self._pruned(NV, K, 0, 0, req.sets - si, min_rank):
            return
        budget = self._budget(Wlo)
        if budget < 0:
            return
        c = self.counts
        path = self.path
        if not self.majority and mink <= 0 and budget >= self.smin:
            path.append(("wset", None, 0, self.smin, self.smax))
            self._sets(si + 1, 0, NV, K, Wlo + self.smin, min(_INF, Whi + self.smax))
            path.pop()
            if self.done:
                return
        for r in range(min_rank, 15):
            fs = [s * 13 + r - 2 for s in range(4)]
            for key, sub, k, wlo, whi, v in list(self._set_cores(r, budget)):
                if key < mink:
                    continue
                for s in range(4):
                    c[fs[s]] -= sub[s]
                path.append(("set", r, sub, wlo, whi))
                self._sets(si + 1, key, NV + v, K + k, Wlo + wlo, min(_INF, Whi + whi))
                path.pop()
                for s in range(4):
                    c[fs[s]] += sub[s]
                if self.done:
                    return


# -- building the answer --------------------------------------------------------------

def _build(hand: Sequence[int], search: _Search, path: list, W: int,
           wild_ranks: frozenset[int], value: Callable[[int], int]) -> tuple[PlannedMeld, ...]:
    majority = search.majority
    by_face: dict[int, list[int]] = {}
    pool: list[int] = []
    for c in sorted(hand):
        f = c >> 3
        if f == JOKER or (FACE_RANK[f] in wild_ranks and not majority):
            pool.append(c)
        else:
            by_face.setdefault(f, []).append(c)
    # natural cores
    cores: list[list[int]] = []
    for item in path:
        kind = item[0]
        ids: list[int] = []
        if kind == "run":
            s, pos = item[1], item[2]
            for p in pos:
                ids.append(by_face[_POS_FACE[s][p]].pop(0))
        elif kind == "set":
            r, sub = item[1], item[2]
            for s in range(4):
                for _ in range(sub[s]):
                    ids.append(by_face[s * 13 + r - 2].pop(0))
        cores.append(ids)
    # the pool at the end: jokers and the wild-rank cards not used as naturals
    if majority:
        for f in list(by_face):
            if FACE_RANK[f] in wild_ranks:
                pool.extend(by_face.pop(f))
    pool.sort(key=lambda c: (-value(c >> 3), 0 if (c >> 3) == JOKER else 1, c))
    used_wilds = pool[:W]
    leftover_nat = [c for ids in by_face.values() for c in ids] + pool[W:]
    # how many wilds each meld takes
    quota = [item[3] for item in path]
    extra = W - sum(quota)
    order = [i for i, it in enumerate(path) if it[0] in ("set", "wset")] + \
            [i for i, it in enumerate(path) if it[0] in ("run", "wrun")]
    for i in order:
        if extra <= 0:
            break
        add = min(extra, path[i][4] - quota[i])
        quota[i] += add
        extra -= add
    assert extra == 0
    # hand the wilds out: a wild-rank card goes where it can be read as itself
    assigned: list[list[int]] = [[] for _ in path]
    rest: list[int] = []
    for c in used_wilds:
        f = c >> 3
        placed = False
        if f != JOKER:
            for i, item in enumerate(path):
                if len(assigned[i]) >= quota[i]:
                    continue
                if _fits_naturally(item, f, quota[i], len(cores[i])):
                    assigned[i].append(c)
                    placed = True
                    break
        if not placed:
            rest.append(c)
    for i in range(len(path)):
        while len(assigned[i]) < quota[i]:
            assigned[i].append(rest.pop(0))
    out = []
    for i, item in enumerate(path):
        if item[0] in ("set", "wset"):
            out.append(_place_set(item, cores[i], assigned[i], leftover_nat))
        else:
            out.append(_place_run(item, cores[i], assigned[i]))
    return tuple(out)


def _fits_naturally(item, f: int, quota: int, k: int) -> bool:
    kind = item[0]
    if kind == "set":
        return FACE_RANK[f] == item[1]
    if kind == "wset":
        return True
    if kind == "run":
        s, pos = item[1], item[2]
        if FACE_SUIT[f] != s:
            return False
        L = k + quota
        a, b = pos[0], pos[-1]
        r = FACE_RANK[f]
        for p in ((1, 14) if r == 14 else (r,)):
            if p not in pos and b - L + 1 <= p <= a + L - 1:
                return True
        return False
    return False  # an all-wild run is placed later


def _place_set(item, core: list[int], wilds: list[int], leftover: list[int]) -> PlannedMeld:
    if item[0] == "set":
        r = item[1]
    else:
        # a set of wilds only: read wild-rank cards as themselves where possible
        ranks = [FACE_RANK[c >> 3] for c in wilds if (c >> 3) != JOKER]
        if ranks:
            r = max(set(ranks), key=lambda x: (ranks.count(x), x))
        else:
            lr = [FACE_RANK[c >> 3] for c in leftover if (c >> 3) != JOKER]
            r = max(set(lr), key=lambda x: (lr.count(x), x)) if lr else 14
    cards = list(core)
    roles: list[int | None] = [None] * len(core)
    used_suits = [FACE_SUIT[c >> 3] for c in core]
    for c in wilds:
        f = c >> 3
        if f != JOKER and FACE_RANK[f] == r:
            cards.append(c)
            roles.append(None)
            used_suits.append(FACE_SUIT[f])
    for c in wilds:
        f = c >> 3
        if f != JOKER and FACE_RANK[f] == r:
            continue
        free = [s for s in range(4) if s not in used_suits]
        s = free[0] if free else min(range(4), key=lambda x: (used_suits.count(x), x))
        used_suits.append(s)
        cards.append(c)
        roles.append(make_face(r, s))
    return PlannedMeld("set", tuple(cards), tuple(roles))


def _place_run(item, core: list[int], wilds: list[int]) -> PlannedMeld:
    L = len(core) + len(wilds)
    if item[0] == "run":
        suits = [item[1]]
        pos = list(item[2])
        a, b = pos[0], pos[-1]
        spans = [(s, lo) for s in suits for lo in range(max(1, b - L + 1), min(a, 15 - L) + 1)]
    else:
        pos = []
        spans = [(s, lo) for s in range(4) for lo in range(1, 16 - L)]
    wr = [c for c in wilds if (c >> 3) != JOKER]

    def score(sl):
        s, lo = sl
        gaps = [_POS_FACE[s][p] for p in range(lo, lo + L) if p not in pos]
        n = 0
        for c in wr:
            f = c >> 3
            if f in gaps:
                gaps.remove(f)
                n += 1
        return (n, -s, lo)

    s, lo = max(spans, key=score)
    pf = _POS_FACE[s]
    slots: dict[int, tuple[int, int | None]] = {}
    for p, c in zip(pos, core):
        slots[p] = (c, None)
    gaps = [p for p in range(lo, lo + L) if p not in slots]
    rest = []
    for c in wilds:
        f = c >> 3
        hit = next((p for p in gaps if pf[p] == f), None) if f != JOKER else None
        if hit is not None:
            slots[hit] = (c, None)
            gaps.remove(hit)
        else:
            rest.append(c)
    for p, c in zip(gaps, rest):
        slots[p] = (c, pf[p])
    ps = sorted(slots)
    return PlannedMeld("run", tuple(slots[p][0] for p in ps), tuple(slots[p][1] for p in ps))


# -- public entry points ------------------------------------------------------------

def solve_go_down(hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int],
                  value: Callable[[int], int]) -> tuple[PlannedMeld, ...] | None:
    """The best going-down (CF-7) for ``hand``, or ``None`` if the contract can't be met.

    Args:
        hand: physical card ids (``face * 8 + copy``); any length (up to ~24 with buys).
        req: the contract and its size rules (:class:`ContractReq`).
        wild_ranks: ranks (2..14) wild besides jokers this deal (Mexican's rising rank,
            Contract's deuces option); a card of such a rank may also be natural (CF-3).
        value: points a face (0..52) scores if left in hand (the variant's card values).

    Returns:
        Exactly ``req.runs`` runs then ``req.sets`` sets (in that order), each accepted by ``melds.build_meld(kind, owner, cards,
        roles, wild_ranks)`` and within ``req``'s sizes and naturals-majority rule, no card
        used twice (CF-4), leaving the lowest total ``value`` in hand, ties broken by
        fewer cards left.  ``None`` when no such melds exist.
    """
    if req.whole_hand and req.keep_one:
        return None
    s = _Search(hand, req, wild_ranks, value)
    s.run()
    if s.best_path is None:
        return None
    path, W = s.best_path
    return _build(hand, s, path, W, wild_ranks, value)


def can_meet(hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int]) -> bool:
    """Whether ``hand`` can go down with ``req`` at all: the same answer as
    ``solve_go_down(hand, req, wild_ranks, value) is not None`` for any ``value``, but
    stops at the first way found."""
    if req.whole_hand and req.keep_one:
        return False
    s = _Search(hand, req, wild_ranks, lambda f: 1, feasibility=True)
    s.run()
    return s.best_path is not None
