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

The search (the *free* problem, without ``keep_one``):

1. **Runs**, depth first, in a canonical order (suit, lowest position, highest
   position, omitted positions), so equal runs are never tried in every order.  Run
   cores are cached per suit, tried most valuable first, and skipped when even the
   richest completion (the best core for each run left, the richest ranks for the sets,
   the most valuable wilds that the contract can hold) can't beat the best found.
2. **Sets**, once the runs are fixed: which natural of a rank a set takes no longer
   matters to anything but value, so a set takes the most valuable ``k`` of its rank and
   the sets are a small table over ranks, memoized on the free cards.
3. **Leaves** settle the number of wilds: as many as the melds' ranges and the pool allow.

Dominance, used only where it is exact.  When a set takes any number of wilds (no
``set_max``, no CR-4), or more generally when the melds can always absorb one more wild
(d2), the number of wilds used is never capped, so a natural that can join a meld without
displacing a card always should: a set takes every free natural of its rank (d1); a run's
span holds every free natural of its suit (no interior wilds standing for a card in hand),
and a free natural right next to a run's end must be used by another meld.  In whole-hand
contracts every natural must be used: a runs-only contract takes its next run from the
lowest suit still holding naturals, starting at or below its lowest card; with sets, the
last run must leave naturals of at most ``sets`` ranks.

``keep_one`` (CF-12) is solved around the free problem: if its best leaves a card it is
the answer; if it melds every card, the answer leaves some card ``c`` and is the best free
solution of the hand without ``c`` (cheapest ``c`` first, stopping when no dearer card can
win).

Exhaustiveness is checked against a brute force in ``tests/test_solver.py``; latency is
measured by ``benchmarks/solver.py``.
"""
from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, TypeVar

from .cards import FACE_RANK, FACE_SUIT, JOKER, make_face

_F = TypeVar("_F", bound=Callable[..., Any])

__all__ = ["ContractReq", "PlannedMeld", "solve_go_down", "can_meet", "find_go_down", "wilds_in_hand"]

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
        keep_one: at least one card stays in hand for the discard (CF-12).  With
            ``whole_hand`` it can never be met (the solver answers ``None``).
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
    """One search over a hand, for the *free* problem (``keep_one`` is handled by
    :func:`_solve`).  ``counts[f]`` holds the natural cards of face ``f`` still free;
    wild-rank faces are in it only under ``naturals_majority``."""

    def __init__(self, hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int],
                 vf: list[int], feasibility: bool = False, beat: tuple[int, int] | None = None,
                 core_cache: dict[Any, list[Any]] | None = None) -> None:
        self.req = req
        self.wild_ranks = wild_ranks
        self.majority = req.naturals_majority
        self.feas = feasibility
        self.n = len(hand)
        self.vf = vf
        counts = [0] * 53
        fixed = []  # pool wilds that are never naturals in the search
        for c in hand:
            f = c >> 3
            if f == JOKER or (FACE_RANK[f] in wild_ranks and not self.majority):
                fixed.append(vf[f])
            else:
                counts[f] += 1
        self.wr_faces = ([f for f in range(52) if FACE_RANK[f] in wild_ranks]
                         if self.majority else [])
        self.wr_ranks = tuple(sorted(wild_ranks)) if self.majority else ()
        self.counts = counts
        #: value and number of the free naturals (kept up to date by ``_runs``)
        self.free_v = sum(vf[f] * n for f, n in enumerate(counts) if n)
        self.free_k = sum(counts)
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
        self.P_total = self.fixed_n + self._wr_left()
        # most wilds any going-down can hold (CR-4: a meld holds fewer wilds than
        # naturals, so a run of 4 or a set of 3 at most one)
        if self.majority:
            wr_ = (self.rmax - 1) // 2
            ws_ = _INF if req.set_max is None else (self.smax - 1) // 2
        else:
            wr_ = self.rmax
            ws_ = _INF if req.set_max is None else self.smax
        self.wild_cap = min(_INF, req.runs * wr_ + req.sets * ws_)
        n_nat = sum(counts)
        # Dominance (free problem only).  With a set that takes any number of wilds the
        # total of wilds is never capped, so a natural that could join a meld without
        # displacing a card always should: a set takes every free natural of its rank
        # (d1), and a natural left unused never sits inside a run's span (d2).
        sets_unbounded = req.sets >= 1 and req.set_max is None and not self.majority
        self.d1 = sets_unbounded
        if self.majority:
            self.d2 = False
        elif sets_unbounded:
            self.d2 = True
        else:
            floor = req.runs * self.rmax + req.sets * self.smax - n_nat
            self.d2 = floor - 1 >= self.P_total
        self.best = (-1, -1)
        self.best_path: tuple[list[Any], Any, int] | None = None
        self.path: list[Any] = []
        self.omitted: list[int] = []
        self.done = False
        self.keep_one_feas = req.keep_one and feasibility
        self.seen_any = False
        self.table_memo: dict[Any, list[Any]] = {}
        self.rank_rows: dict[Any, list[Any]] = {}
        #: run cores per (suit, its free naturals, wilds at most, d2): shared by the
        #: searches of one answer (``_solve``'s CF-12 loop searches the hand less a card)
        self.core_cache: dict[Any, list[Any]] = {} if core_cache is None else core_cache
        if req.whole_hand:
            # only a solution using every card counts
            tv = sum(vf[c >> 3] for c in hand)
            self.best = (tv, self.n - 1)
        if beat is not None and beat > self.best:
            # only a going-down better than ``beat`` (used value, used cards) counts: the
            # search prunes every branch that can't beat it (``_solve``'s CF-12 loop)
            self.best = beat

    # -- pool -----------------------------------------------------------------
    def _wr_left(self) -> int:
        return sum(map(self.counts.__getitem__, self.wr_faces)) if self.wr_faces else 0

    def _pool_values(self, taken: tuple[int, ...] = ()) -> list[int]:
        """Values of the pool now (most valuable first), the wild-rank naturals that
        the sets take (``taken``: count per wild rank) removed."""
        vals = list(self.fixed)
        c = self.counts
        vf = self.vf
        for i, r in enumerate(self.wr_ranks):
            rv = []
            for s in range(4):
                f = s * 13 + r - 2
                rv.extend([vf[f]] * c[f])
            rv.sort(reverse=True)
            vals.extend(rv[taken[i] if taken else 0:])
        vals.sort(reverse=True)
        return vals

    def _pool_prefix(self, w: int, taken: tuple[int, ...] = ()) -> int:
        """Value of the ``w`` most valuable wilds of the pool."""
        if not self.wr_faces:
            return self.fixed_pre[w]
        return sum(self._pool_values(taken)[:w])

    # -- candidate run cores -----------------------------------------------------
    def _run_cores(self, s: int, budget: int, left: tuple[int, int] | None = None
                   ) -> Iterator[tuple[Any, ...]]:
        """Run cores of suit ``s`` needing at most ``budget`` wilds: yields
        ``(key, positions, omitted positions, k, wlo, whi, value)``.

        ``left = (mask, most)``: only cores after which the free naturals (outside the
        core, of this suit, plus the rank bits ``mask`` of the others) are of at most
        ``most`` ranks (the whole-hand contracts' last run, see ``_runs``)."""
        c = self.counts
        pf = _POS_FACE[s]
        avail = [p for p in range(1, 15) if c[pf[p]]]
        if not avail:
            return
        if left is not None:
            wrf = self.wr_faces
            keepm, most = left
            base = s * 13
            # ranks this suit leaves whatever the core: second copies (one run takes
            # one card of a face; an ace may serve both ends)
            for p in range(2, 15):
                f = pf[p]
                if c[f] >= (3 if p == 14 else 2) and f not in wrf:
                    keepm |= 1 << (f - base)
            if bin(keepm).count("1") > most:
                return
            bit = [0] * 15
            for p in avail:
                f = pf[p]
                if f not in wrf:
                    bit[p] = 1 << (f - base)
        rmin, rmax, maj, vf = self.rmin, self.rmax, self.majority, self.vf
        nomit = self.d2  # d2: a run's span holds every free natural (see _runs)
        ace2 = c[pf[14]] >= 2
        if nomit and left is None and not maj:
            # fast path: a core is every free natural between its two ends
            pre = [0]
            for p in avail:
                pre.append(pre[-1] + vf[pf[p]])
            n = len(avail)
            skey = s * 16
            for i in range(n):
                a = avail[i]
                for j in range(i, n):
                    b = avail[j]
                    span = b - a + 1
                    if span > rmax:
                        break
                    if a == b:
                        if a == 1:
                            continue
                    elif a == 1 and b == 14 and not ace2:
                        continue
                    k = j - i + 1
                    wlo = (rmin if span < rmin else span) - k
                    if wlo > budget:
                        continue
                    whi = rmax - k
                    if whi < wlo:
                        continue
                    yield (((skey + a) * 16 + b) * 32768, avail[i:j + 1], (), k, wlo, whi,
                           pre[j + 1] - pre[i])
            return
        for i, a in enumerate(avail):
            for j in range(i, len(avail)):
                b = avail[j]
                span = b - a + 1
                if span > rmax:
                    break
                if a == 1 and b == 14 and not ace2:
                    continue
                if left is not None:
                    out = keepm
                    for p in avail:
                        if 1 < p < 14 and (p < a or p > b):
                            out |= bit[p]
                    if c[pf[14]] > (a == 1) + (b == 14):
                        out |= bit[14]  # an ace this core doesn't hold
                    if bin(out).count("1") > most:
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
                full_k = base + len(inner)
                max_omit = budget - (lmin - full_k)
                if max_omit < 0:
                    continue
                max_omit = 0 if nomit else min(max_omit, len(inner))
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
                        # the key orders the runs of a suit canonically (_runs takes
                        # them in non-decreasing key order): it must describe the run
                        # itself, so its mask is every position inside the span that
                        # the core leaves to a wild, whether or not a natural of it is
                        # free now (a mask of the omitted free naturals alone made two
                        # runs 7 8 _ 10 and 7 _ 9 10 of one suit unreachable in either
                        # order under CR-4)
                        mask = 0
                        if om or (len(pos) < span and not nomit):
                            ps = set(pos)
                            for p in range(a + 1, b):
                                if p not in ps:
                                    mask |= 1 << p
                        key = ((s * 16 + a) * 16 + b) * 32768 + mask
                        v = 0
                        for p in pos:
                            v += vf[pf[p]]
                        yield key, pos, omitted, k, wlo, whi, v

    # -- the sets, as a table over ranks --------------------------------------------
    _opt_cache: dict[Any, list[Any]] = {}

    def _rank_options(self, c: int) -> list[Any]:
        """Ways to make ``j`` sets from the ``k`` best of ``c`` naturals of one rank:
        ``(j, k, wlo, whi, parts)``."""
        key = (c, self.req.sets, self.smin, self.smax, self.majority, self.d1)
        got = _Search._opt_cache.get(key)
        if got is not None:
            return got
        out = []
        seen = set()
        smin, smax, maj = self.smin, self.smax, self.majority
        for j in range(1, self.req.sets + 1):
            for k in ([c] if self.d1 else range(j, c + 1)):
                if k < j:
                    continue
                for parts in _partitions(k, j):
                    wlo = whi = 0
                    ok = True
                    for q in parts:
                        if q > smax:
                            ok = False
                            break
                        lo = smin - q if q < smin else 0
                        hi = smax - q
                        if maj:
                            hi = min(hi, q - 1)
                        if hi < lo:
                            ok = False
                            break
                        wlo += lo
                        whi += hi
                    if not ok:
                        continue
                    whi = min(whi, _INF)
                    if (j, k, wlo, whi) in seen:
                        continue
                    seen.add((j, k, wlo, whi))
                    out.append((j, k, wlo, whi, parts))
        _Search._opt_cache[key] = out
        return out

    def _sets_table(self) -> list[Any]:
        """Every best way to lay ``req.sets`` sets from the free naturals: a list of
        ``(wlo, whi, value, count, ranks mask, wild-rank naturals taken, choice)``."""
        c = self.counts
        key = tuple(c)
        got = self.table_memo.get(key)
        if got is not None:
            return got
        S = self.req.sets
        Pt = self.P_total
        vf = self.vf
        wr_ranks = self.wr_ranks
        nwr = len(wr_ranks)
        zero = (0,) * nwr
        if S == 1:
            out = []
            if not self.majority and self.smin <= Pt:
                out.append((self.smin, min(self.smax, Pt), 0, 0, 0, zero, ((0, (0,)),)))
            rows = self.rank_rows
            for r in range(2, 15):
                # a rank's rows depend on its own naturals only: kept per rank
                rk = (r, c[r - 2], c[r + 11], c[r + 24], c[r + 37])
                got = rows.get(rk)
                if got is None:
                    got = []
                    vals = []
                    for s in range(4):
                        f = s * 13 + r - 2
                        if c[f]:
                            vals.extend([vf[f]] * c[f])
                    if vals:
                        vals.sort(reverse=True)
                        wri = wr_ranks.index(r) if r in wr_ranks else -1
                        for _j, k, wlo, whi, parts in self._rank_options(len(vals)):
                            if wlo > Pt:
                                continue
                            tk = zero
                            if wri >= 0:
                                tk = zero[:wri] + (k,) + zero[wri + 1:]
                            got.append((wlo, min(whi, Pt), sum(vals[:k]), k, 1 << r, tk,
                                        ((r, parts),)))
                    rows[rk] = got
                out.extend(got)
            self.table_memo[key] = out
            return out
        states: dict[tuple[int, int, int, tuple[int, ...]], tuple[int, int, int, tuple[Any, ...]]] = {
            (0, 0, 0, zero): (0, 0, 0, ())}
        for r in range(2, 15):
            vals = []
            for s in range(4):
                f = s * 13 + r - 2
                if c[f]:
                    vals.extend([vf[f]] * c[f])
            if not vals:
                continue
            vals.sort(reverse=True)
            pre = [0]
            for v in vals:
                pre.append(pre[-1] + v)
            opts = self._rank_options(len(vals))
            wri = wr_ranks.index(r) if r in wr_ranks else -1
            new = dict(states)
            for (j0, lo0, hi0, tk0), (nv0, k0, m0, ch0) in states.items():
                for j, k, wlo, whi, parts in opts:
                    j2 = j0 + j
                    if j2 > S:
                        continue
                    lo2 = lo0 + wlo
                    if lo2 > Pt:
                        continue
                    hi2 = min(hi0 + whi, Pt)
                    tk2 = tk0
                    if wri >= 0:
                        tk2 = tk0[:wri] + (tk0[wri] + k,) + tk0[wri + 1:]
                    kk = (j2, lo2, hi2, tk2)
                    nv2 = nv0 + pre[k]
                    k2 = k0 + k
                    old = new.get(kk)
                    if old is None or (nv2, k2) > (old[0], old[1]):
                        new[kk] = (nv2, k2, m0 | (1 << r), ch0 + ((r, parts),))
            states = new
        out = []
        for (j0, lo0, hi0, tk0), (nv0, k0, m0, ch0) in states.items():
            jw = S - j0
            if jw:
                if self.majority:
                    continue
                lo0 += jw * self.smin
                if lo0 > Pt:
                    continue
                hi0 = min(hi0 + jw * self.smax, Pt)
                ch0 = ch0 + ((0, (0,) * jw),)
            out.append((lo0, hi0, nv0, k0, m0, tk0, ch0))
        self.table_memo[key] = out
        return out

    def _sets_d1(self, B: int, need: int) -> tuple[int, int, tuple[Any, ...]] | None:
        """The best sets under d1 (every set takes all free naturals of its rank and any
        number of wilds) with at most ``B`` wilds needed and every rank of the bit mask
        ``need`` among them: ``(value, count, choice)`` or None."""
        S = self.req.sets
        if bin(need).count("1") > S:
            return None
        c = self.counts
        vf = self.vf
        items = []
        for r in range(2, 15):
            tv = tc = 0
            for f in (r - 2, r + 11, r + 24, r + 37):
                n = c[f]
                if n:
                    tv += vf[f] * n
                    tc += n
            if tc:
                items.append((tv, tc, r))
        items.sort(reverse=True)
        self._d1_items = items
        self._d1_best: tuple[int, int, tuple[Any, ...]] | None = None
        self._d1_rec(0, S, B, 0, 0, (), need)
        return self._d1_best

    def _d1_rec(self, i: int, left: int, B: int, nv: int, k: int, ch: tuple[Any, ...],
                need: int) -> None:
        """Branch and bound for :meth:`_sets_d1` over the ranks, richest first."""
        if left == 0:
            if need:
                return
            b = self._d1_best
            if b is None or (nv, k) > (b[0], b[1]):
                self._d1_best = (nv, k, ch)
            return
        smin = self.smin
        if not need and B >= left * smin:
            b = self._d1_best
            if b is None or (nv, k) > (b[0], b[1]):
                self._d1_best = (nv, k, ch + ((0, (0,) * left),))
        items = self._d1_items
        for t in range(i, len(items)):
            V, C, r = items[t]
            b = self._d1_best
            if b is not None and nv + left * V < b[0]:
                break
            for j in range(1, min(left, C) + 1):
                wlo = j * smin - C
                if wlo < 0:
                    wlo = 0
                if wlo > B:
                    continue
                q, extra = divmod(C, j)
                parts = tuple(q + 1 if x < extra else q for x in range(j))
                self._d1_rec(t + 1, left - j, B - wlo, nv + V, k + C, ch + ((r, parts),),
                             need & ~(1 << r))

    def _finish(self, NV: int, K: int, Wlo: int, Whi: int) -> None:
        """All runs chosen: add the sets and settle the number of wilds."""
        need = 0
        if self.omitted and self.d2:
            # d2: a natural left out of a run's span must be used elsewhere; under d1 a
            # set of its rank takes it
            c = self.counts
            for f in self.omitted:
                if c[f]:
                    if not self.d1:
                        if self.req.sets == 0:
                            return
                        continue
                    need |= 1 << FACE_RANK[f]
        P_r = self.fixed_n + self._wr_left()
        n = self.n
        whole = self.req.whole_hand
        if self.d1 and not self.feas:
            got = self._sets_d1(P_r - Wlo, need)
            if got is None:
                return
            nv, k, choice = got
            used = K + k + P_r
            if whole and used != n:
                return
            cand = (NV + nv + self.fixed_pre[P_r], used)
            if cand > self.best:
                self.best = cand
                self.best_path = (list(self.path), choice, P_r)
            return
        pools: dict[Any, Any] = {}
        for wlo, whi, nv, k, mask, taken, choice in self._sets_table():
            if need & ~mask:
                continue
            P = P_r - sum(taken)
            W = min(Whi + whi, P)
            lo = Wlo + wlo
            if W < lo:
                continue
            used = K + k + W
            if whole and used != n:
                continue
            if self.feas:
                if self.keep_one_feas:
                    if K + k + lo > n - 1:
                        self.seen_any = True
                        continue
                    W = min(W, n - 1 - K - k)  # leave a card (CF-12)
                self.best_path = (list(self.path), choice, W)
                self.done = True
                return
            if self.wr_faces:
                # the pool's prefix sums once per ``taken`` in this call (the same sums)
                pre = pools.get(taken)
                if pre is None:
                    pre = [0]
                    for x in self._pool_values(taken):
                        pre.append(pre[-1] + x)
                    pools[taken] = pre
                pv = pre[W] if W < len(pre) else pre[-1]
            else:
                pv = self.fixed_pre[W]
            cand = (NV + nv + pv, used)
            if cand > self.best:
                self.best = cand
                self.best_path = (list(self.path), choice, W)

    # -- depth-first search over the runs ---------------------------------------------
    def run(self) -> None:
        self._runs(0, -1, 0, 0, 0, 0)

    def _sets_ub(self) -> tuple[int, int]:
        """Upper bounds on the value and the count of naturals the sets can still take:
        the richest ``req.sets`` ranks (with a set maximum, the richest ``set_max``
        naturals of a rank per set)."""
        S = self.req.sets
        if not S:
            return 0, 0
        c = self.counts
        vf = self.vf
        smax = self.smax
        rv = []
        rc = []
        for r in range(13):
            tc = c[r] + c[r + 13] + c[r + 26] + c[r + 39]
            if not tc:
                continue
            if tc <= smax:
                rv.append(vf[r] * c[r] + vf[r + 13] * c[r + 13] + vf[r + 26] * c[r + 26]
                          + vf[r + 39] * c[r + 39])
                rc.append(tc)
                continue
            vals = []
            for f in (r, r + 13, r + 26, r + 39):
                vals.extend([vf[f]] * c[f])
            vals.sort(reverse=True)
            for i in range(0, len(vals), smax):
                chunk = vals[i:i + smax]
                rv.append(sum(chunk))
                rc.append(len(chunk))
        if len(rv) > S:
            rv.sort(reverse=True)
            rc.sort(reverse=True)
        return sum(rv[:S]), sum(rc[:S])

    def _sets_min_wilds(self) -> int:
        """A lower bound on the wilds the sets still need: the ``req.sets`` cheapest
        sets, a set of rank r costing ``max(0, set_min - naturals of r)`` (a second set
        of the same rank what the rank then lacks), a set of wilds ``set_min``."""
        S = self.req.sets
        if not S:
            return 0
        c = self.counts
        smin = self.smin
        costs = []
        for r in range(13):
            n = c[r] + c[r + 13] + c[r + 26] + c[r + 39]
            if n:
                prev = 0
                for j in range(1, S + 1):
                    need = j * smin - n
                    if need < 0:
                        need = 0
                    costs.append(need - prev)
                    prev = need
        costs.extend([smin] * S)
        costs.sort()
        return sum(costs[:S])

    def _runs(self, ri: int, mink: int, NV: int, K: int, Wlo: int, Whi: int) -> None:
        req = self.req
        if ri == req.runs:
            self._finish(NV, K, Wlo, Whi)
            return
        m = req.runs - ri
        min_suit = (mink >> 23) if mink > 0 else 0
        P = self.fixed_n + self._wr_left()
        budget = P - Wlo
        if budget < 0 or (req.sets and self._sets_min_wilds() > budget):
            return
        c = self.counts
        path = self.path
        om = self.omitted
        ends = self.d2 and req.run_max is None
        suits = range(min_suit, 4)
        restricted = False
        wrf = self.wr_faces
        if req.whole_hand and not req.sets:
            # every natural goes into a run, and runs come in suit order: the next run
            # is in the lowest suit that still holds naturals.  A wild-rank card may go
            # to the pool instead (as a wild), so it binds no run: the next run is in a
            # suit from the lowest holding any natural to the lowest holding a natural
            # that is not of a wild rank (a suit of wild-rank naturals alone can still
            # hold a run of them, with two wild ranks)
            lo = hi = 4
            for s in range(0, 4):
                if lo == 4 and any(c[s * 13:s * 13 + 13]):
                    lo = s
                if (any(c[f] for f in range(s * 13, s * 13 + 13) if f not in wrf) if wrf
                        else lo == s):
                    hi = s
                    break
            if hi == 4 and lo < 4:
                hi = 3   # wild-rank naturals only: any suit holding one
            if hi < min_suit:
                return
            suits = range(max(lo, min_suit), min(hi + 1, 4))
            restricted = True
        cores: list[Any] = []
        lst: list[Any] | None
        cache = self.core_cache
        lastw = req.whole_hand and req.sets and m == 1
        if lastw:
            wrf = self.wr_faces
            smask = [0] * 4
            for s in range(4):
                mask = 0
                for f in range(s * 13, s * 13 + 13):
                    if c[f] and f not in wrf:
                        mask |= 1 << (f - s * 13)
                smask[s] = mask
        for s in suits:
            if lastw:
                om_ = 0
                for t in range(4):
                    if t != s:
                        om_ |= smask[t]
                lst = [(core[6], core[3], s, core)
                       for core in self._run_cores(s, budget, (om_, req.sets))]
            else:
                # cached per suit and free naturals at the most wilds any run may take,
                # then cut to this budget (the same cores, in the same order, as
                # generated for it: _run_cores keeps exactly those with wlo <= budget)
                sl = c[s * 13:s * 13 + 13]
                ck = (s, tuple(sl), self.P_total, self.d2)
                lst = cache.get(ck)
                if lst is None:
                    # a suit's cores depend on which of its faces are free, not on how
                    # many copies (_run_cores reads only whether a face is free, and
                    # whether two aces are): long hands from four decks repeat these
                    # (the copies' key above is the cheaper one to make, so it comes
                    # first)
                    pk = (s, bytes(map(bool, sl)), sl[12] >= 2, self.P_total, self.d2)
                    lst = cache.get(pk)
                    if lst is None:
                        lst = [(core[6], core[3], s, core)
                               for core in self._run_cores(s, self.P_total)]
                        cache[pk] = lst
                    cache[ck] = lst
                if budget < self.P_total:
                    lst = [x for x in lst if x[3][4] <= budget]
            if restricted:
                # ...and starts at or below its lowest natural that is not of a wild
                # rank (runs of a suit come in order of their lowest card; a wild-rank
                # card may be a wild elsewhere)
                pf = _POS_FACE[s]
                low = next((p for p in range(2, 15) if c[pf[p]] and pf[p] not in wrf),
                           None)  # an ace counts as 14
                if low is not None:
                    lst = [x for x in lst if x[3][1][0] <= low]
            if mink > 0 and s == min_suit:
                cores.extend(x for x in lst if x[3][0] >= mink)
            else:
                cores.extend(lst)
        if not self.majority and mink <= 0 and budget >= self.rmin:
            cores.append((0, 0, -1, None))  # a run of wilds only
        if not cores:
            return
        if req.whole_hand and req.sets and m == 1:
            # the sets must take every natural left: at most req.sets ranks of them
            # (wild-rank naturals may go to the pool instead)
            wrf = self.wr_faces
            other = [0] * 4
            for s in range(4):
                mask = 0
                for f in range(s * 13, s * 13 + 13):
                    if c[f] and f not in wrf:
                        mask |= 1 << (f - s * 13)
                other[s] = mask
            allm = other[0] | other[1] | other[2] | other[3]
            keep = []
            S = req.sets
            for x in cores:
                s = x[2]
                if s < 0:
                    m2 = allm
                else:
                    pf = _POS_FACE[s]
                    left = other[s]
                    for p in x[3][1]:
                        f = pf[p]
                        if c[f] == 1:
                            left &= ~(1 << (f - s * 13))
                    m2 = left
                    for t in range(4):
                        if t != s:
                            m2 |= other[t]
                if bin(m2).count("1") <= S:
                    keep.append(x)
            cores = keep
            if not cores:
                return
        prune = not self.feas or req.whole_hand
        if prune:
            # best first; a core can't help when even the richest completion is no better
            cores.sort(reverse=True)
            if restricted:
                # later runs may use other suits: bound them by all the naturals left
                vf = self.vf
                vmax = kmax = 0
                for f in range(min_suit * 13, 52):
                    if c[f]:
                        vmax += vf[f] * c[f]
                        kmax += c[f]
                m = 2
            else:
                vmax = cores[0][0]
                kmax = max(x[1] for x in cores)
            sv, sc = self._sets_ub()
            pw = min(P, self.wild_cap)
            # what the later melds can still take: the richest cores and sets, and never
            # more than the free naturals this core leaves (a hand that can meld all its
            # cards stops the search once a way is found: the rest can only tie)
            rest_v = (m - 1) * vmax + sv
            rest_c = (m - 1) * kmax + sc
            pool_v = NV + self._pool_prefix(pw)
            pool_c = K + pw
            FV, FK = self.free_v, self.free_k
        for v, k, s, core in cores:
            if prune:
                best = self.best
                bv = pool_v + v + min(rest_v, FV - v)
                if bv < best[0]:
                    break   # (the bound falls with v: the cores come richest first)
                if bv == best[0] and pool_c + k + min(rest_c, FK - k) <= best[1]:
                    continue
            if core is None:
                path.append(("wrun", None, 0, self.rmin, self.rmax))
                self._runs(ri + 1, 0, NV, K, Wlo + self.rmin, Whi + self.rmax)
                path.pop()
            else:
                key, pos, omitted, k, wlo, whi, v = core
                pf = _POS_FACE[s]
                for p in pos:
                    c[pf[p]] -= 1
                self.free_v -= v
                self.free_k -= k
                if c[pf[14]] >= 0:
                    path.append(("run", s, tuple(pos), wlo, whi))
                    mark = len(om)
                    for p in omitted:
                        om.append(pf[p])
                    if ends:
                        # d2 with runs of any length: a free natural next to a run's
                        # ends would make it longer at no cost, so it must be used
                        # elsewhere (checked when all runs are chosen)
                        a, b = pos[0], pos[-1]
                        lows: tuple[int, ...]
                        if a == b == 14:
                            lows = (pf[13], pf[2])
                        elif a >= 2:
                            lows = (pf[a - 1],)
                        else:
                            lows = ()
                        om.extend(lows)
                        if b <= 13:
                            om.append(pf[b + 1])
                        if not req.sets and any(c[f] for f in lows if f != pf[14]):
                            # no later run of this suit reaches below a (they come in
                            # order of a), and there are no sets: the natural below
                            # stays free, so this run is not the best
                            del om[mark:]
                            path.pop()
                            for p in pos:
                                c[pf[p]] += 1
                            self.free_v += v
                            self.free_k += k
                            continue
                    self._runs(ri + 1, key, NV + v, K + k, Wlo + wlo, Whi + whi)
                    del om[mark:]
                    path.pop()
                for p in pos:
                    c[pf[p]] += 1
                self.free_v += v
                self.free_k += k
            if self.done:
                return


def _partitions(k: int, j: int, most: int | None = None) -> Iterator[tuple[int, ...]]:
    """Partitions of ``k`` into ``j`` positive parts, largest first."""
    if most is None:
        most = k
    if j == 1:
        if 1 <= k <= most:
            yield (k,)
        return
    for first in range(min(k - (j - 1), most), 0, -1):
        if first * j < k:
            break
        for rest in _partitions(k - first, j - 1, first):
            yield (first,) + rest


# -- building the answer --------------------------------------------------------------

def _set_items(search: _Search, choice: tuple[Any, ...]) -> list[Any]:
    """Path items of the sets of a sets-table choice."""
    out: list[Any] = []
    smin, smax, maj = search.smin, search.smax, search.majority
    for r, parts in choice:
        for q in parts:
            if r == 0:
                out.append(("wset", None, 0, smin, smax))
                continue
            lo = smin - q if q < smin else 0
            hi = smax - q
            if maj:
                hi = min(hi, q - 1)
            out.append(("set", r, q, lo, hi))
    return out


def _build(hand: Sequence[int], search: _Search, path: list[Any], W: int,
           wild_ranks: frozenset[int], vf: list[int]) -> tuple[PlannedMeld, ...]:
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
            r, q = item[1], item[2]
            # the q most valuable free naturals of the rank; among equal values, spread
            # the suits
            have = [c for s in range(4) for c in by_face.get(s * 13 + r - 2, ())]
            have.sort(key=lambda c: (-vf[c >> 3], c))
            thr = vf[have[q - 1] >> 3]
            take = [c for c in have if vf[c >> 3] > thr]
            ties = [c for c in have if vf[c >> 3] == thr]
            for c in ties:
                if len(take) == q:
                    break
                if all((t >> 3) != (c >> 3) for t in take):
                    take.append(c)
            for c in ties:
                if len(take) == q:
                    break
                if c not in take:
                    take.append(c)
            take.sort(key=lambda c: (-vf[c >> 3], c))
            for c in take:
                by_face[c >> 3].remove(c)
            ids = take
        cores.append(ids)
    # the pool at the end: jokers and the wild-rank cards not used as naturals
    if majority:
        for f in list(by_face):
            if FACE_RANK[f] in wild_ranks:
                pool.extend(by_face.pop(f))
    pool.sort(key=lambda c: (-vf[c >> 3], 0 if (c >> 3) == JOKER else 1, c))
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


def _fits_naturally(item: tuple[Any, ...], f: int, quota: int, k: int) -> bool:
    kind = item[0]
    if kind == "set":
        return bool(FACE_RANK[f] == item[1])
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


def _place_set(item: tuple[Any, ...], core: list[int], wilds: list[int], leftover: list[int]) -> PlannedMeld:
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


def _place_run(item: tuple[Any, ...], core: list[int], wilds: list[int]) -> PlannedMeld:
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

    def score(sl: tuple[int, int]) -> tuple[int, int, int]:
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

def _solve(hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int],
           vf: list[int], beat: tuple[int, int] | None = None,
           cores: dict[Any, list[Any]] | None = None) -> tuple[Any, ...] | None:
    """``(used value, used count, search, path, W)`` of the best going-down, or None
    (``beat``: ``(used value, used count)`` it must beat, else None; ``cores``: the run
    cores found so far for this contract and these values, see ``_Search``)."""
    if cores is None:
        cores = {}
    s = _Search(hand, req, wild_ranks, vf, beat=beat, core_cache=cores)
    s.run()
    if s.best_path is None:
        return None
    runs, choice, W = s.best_path
    best: tuple[Any, ...] | None = (s.best[0], s.best[1], s, runs + _set_items(s, choice), W)
    if not req.keep_one or s.best[1] < len(hand):
        return best
    # CF-12: every card would be melded, but one must stay for the discard.  Leaving card
    # c is a solution of the hand without c: try the cheapest faces first.
    total = sum(vf[c >> 3] for c in hand)
    best = None
    best_left = None
    tried = set()
    for c in sorted(hand, key=lambda c: (vf[c >> 3], c)):
        f = c >> 3
        if f in tried:
            continue
        tried.add(f)
        if best_left is not None and (vf[f] > best_left[0]
                                      or (vf[f] == best_left[0] and best_left[1] == 1)):
            break
        rest = list(hand)
        rest.remove(c)
        # only a going-down that leaves less than the best so far can change the answer:
        # the search of this hand is told so (the same answer, found with less search:
        # among equal ones the first found is kept, as before)
        beat = None if best_left is None else (total - best_left[0], len(hand) - best_left[1])
        sub = _solve(rest, replace(req, keep_one=False), wild_ranks, vf, beat=beat, cores=cores)
        if sub is None:
            continue
        left = (total - sub[0], len(hand) - sub[1])
        if best_left is None or left < best_left:
            best_left = left
            best = (total - left[0], len(hand) - left[1], sub[2], sub[3], sub[4], rest)
    if best is None:
        return None
    return best


def _gc_paused(fn: _F) -> _F:
    """Run ``fn`` with the cyclic garbage collector paused.  A search makes many
    short-lived, acyclic objects; a collection triggered by them would walk the whole
    program's heap (milliseconds in a big program) for nothing."""
    @functools.wraps(fn)
    def paused(*args: Any, **kwargs: Any) -> Any:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()
    return paused  # type: ignore[return-value]  # the same signature as fn


@_gc_paused
def solve_go_down(hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int],
                  value: Callable[[int], int]) -> tuple[PlannedMeld, ...] | None:
    """The best going-down (CF-7) for ``hand``, or ``None`` if the contract can't be met.

    Args:
        hand: physical card ids (``face * 8 + copy``); any length (up to ~24 with buys).
        req: the contract and its size rules (:class:`ContractReq`).
        wild_ranks: ranks (2..14) wild besides jokers this deal (Mexican's rising rank,
            Contract's deuces option); a card of such a rank may also be natural (CF-3).
        value: points a face (0..52) scores if left in hand (the variant's card values,
            an ``int`` >= 0).

    Returns:
        ``req.runs`` runs then ``req.sets`` sets, each accepted by
        ``melds.build_meld(kind, owner, cards, roles, wild_ranks)`` and within ``req``'s
        sizes and naturals-majority rule (CR-4), no card used twice (CF-4), leaving the
        lowest total ``value`` in hand, ties broken by fewer cards left; with
        ``keep_one`` at least one card is left (CF-12), with ``whole_hand`` none (CR-9,
        MX-7).  ``None`` when no such melds exist.
    """
    if req.whole_hand and req.keep_one:
        return None
    vf = [value(f) for f in range(53)]
    got = _solve(hand, req, wild_ranks, vf)
    if got is None:
        return None
    s, path, W = got[2], got[3], got[4]
    sub_hand = got[5] if len(got) > 5 else hand
    return _build(sub_hand, s, path, W, wild_ranks, vf)


@_gc_paused
def can_meet(hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int]) -> bool:
    """Whether ``hand`` can go down with ``req`` at all: the same answer as
    ``solve_go_down(hand, req, wild_ranks, value) is not None`` for any ``value``, but
    stops at the first way found."""
    if req.whole_hand and req.keep_one:
        return False
    return _feasible(hand, req, wild_ranks) is not None


@_gc_paused
def find_go_down(hand: Sequence[int], req: ContractReq,
                 wild_ranks: frozenset[int]) -> tuple[PlannedMeld, ...] | None:
    """Some going-down that meets ``req`` with ``hand`` (the first the search finds, not
    necessarily the best), or ``None``: exactly when :func:`can_meet` is false.  The melds
    are as :func:`solve_go_down`'s (accepted by ``melds.build_meld``, within ``req``,
    leaving a card with ``keep_one``).  The engine uses it as a cheap witness that a hand
    can go down (``ContractFamilyRules.legal_actions``)."""
    if req.whole_hand and req.keep_one:
        return None
    got = _feasible(hand, req, wild_ranks)
    if got is None:
        return None
    sub_hand, s = got
    assert s.best_path is not None  # _feasible returns only a search that found one
    runs, choice, W = s.best_path
    return _build(sub_hand, s, runs + _set_items(s, choice), W, wild_ranks, s.vf)


def _feasible(hand: Sequence[int], req: ContractReq, wild_ranks: frozenset[int]
              ) -> tuple[Sequence[int], _Search] | None:
    """``(hand searched, search)`` of the first going-down found, or ``None``."""
    vf = [1] * 53
    s = _Search(hand, req, wild_ranks, vf, feasibility=True)
    s.run()
    if s.best_path is not None:
        return hand, s
    if not s.seen_any:
        return None
    # every way found melds the whole hand: is there one leaving some card c?
    free = replace(req, keep_one=False)
    tried = set()
    for c in hand:
        if (c >> 3) in tried:
            continue
        tried.add(c >> 3)
        rest = list(hand)
        rest.remove(c)
        t = _Search(rest, free, wild_ranks, vf, feasibility=True)
        t.run()
        if t.best_path is not None:
            return rest, t
    return None
