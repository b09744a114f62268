"""Hand evaluation for the contract family (Contract Rummy, May I?, Mexican Rummy).

Pure and fast: no pygame, no rules state.  The central number is the **distance** of a
hand to this round's contract: how many more useful cards it needs before it can go
down (0 = the contract is there).  It comes from the best *structure*: the round's sets
and runs as partial melds (run windows of the contract's length in one suit, sets of one
rank), the cards they use, their gaps, and the wild cards that fill gaps (CF-3) under the
variant's limit (Contract's naturals-outnumber-wilds, CR-4).

Round 7 where the whole hand must go at once (CR-9, MX-7): leftover cards that extend no
meld are *dead*, and the distance is ``max(missing, dead + 1)``: every dead card must be
swapped for a useful one and the final draw must fit too.

Cards here are faces (``table_app.core.cards``); ``analyze`` is memoized per context.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..core.cards import FACE_RANK, FACE_SUIT, JOKER, make_face
from ..core.messages import Message
from ..variants.specs import SPECS

INF = 99
_RANKS = tuple(range(2, 15))


def _window_faces(length: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every run window ``(suit, low rank 1..15-length, faces)``; rank 1 is the low ace."""
    out = []
    for s in range(4):
        for lo in range(1, 16 - length):
            out.append((s, lo, tuple(make_face(r, s) for r in range(lo, lo + length))))
    return out


_WINDOWS: dict[int, list] = {}


def windows(length: int):
    w = _WINDOWS.get(length)
    if w is None:
        w = _WINDOWS[length] = _window_faces(length)
    return w


#: the most hands the analyses of one deal's kind remember (then they start afresh)
MEMO_CAP = 20000
#: the deals' kinds whose memos are kept (the latest)
MEMO_KINDS = 4
_MEMOS: dict[tuple, dict] = {}


def _shared_memo(key: tuple) -> dict:
    """The memo of analyses for one kind of deal (variant, round, wild ranks), shared
    by every context of that kind: every player of a game and every rollout use the
    same one.  (Each context had its own, up to 50,000 analyses: a game's 250,000
    objects made a full garbage collection take 150 ms of a decision's CPU budget, and
    the hard and search decisions went over their budgets by that: issue 18.)"""
    m = _MEMOS.get(key)
    if m is None:
        while len(_MEMOS) >= MEMO_KINDS:
            try:      # (the UI's worker thread and the main thread may both be here)
                old = _MEMOS.pop(next(iter(_MEMOS)), None)
            except (RuntimeError, StopIteration):
                break
            if old is not None:
                old.clear()   # the contexts still holding it remember nothing either
        m = _MEMOS.setdefault(key, {})
    return m


def clear_memos() -> None:
    """Forget every analysis of every kind of deal, in every context holding one: the
    benchmarks' comparisons of players deciding the same position start each player
    from the same empty memo (a player picking second found the first one's analyses
    of the same sampled hands and searched more worlds in its budget: issue 18)."""
    for m in list(_MEMOS.values()):
        m.clear()


@dataclass(frozen=True, slots=True)
class PartMeld:
    """One partial meld of a structure: ``kind`` set/run; ``key`` (rank) or (suit, low);
    ``have`` the natural faces it uses; ``missing`` the gaps (faces for a run, a count
    of rank cards for a set)."""
    kind: str
    key: tuple
    have: tuple[int, ...]
    gaps: int
    missing: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Analysis:
    """The best structure of a hand.

    Attributes:
        dist: cards still needed (0: the contract is in hand).
        missing: gaps left after the wilds; dead: leftover naturals that fit nothing
            (round 7 whole hand only, else 0).
        used: the natural faces in the structure (a multiset as a sorted tuple).
        melds: the partial melds.
        wilds: wild cards in the hand; wild_used: wilds that fill gaps.
    """
    dist: int
    missing: int
    dead: int
    used: tuple[int, ...]
    melds: tuple[PartMeld, ...]
    wilds: int
    wild_used: int


class ContractContext:
    """Everything the evaluator needs about one deal of one variant.

    Args:
        variant: ``contract``, ``may_i`` or ``mexican``.
        rnd: the round 1..7.
        wild_ranks: this deal's wild ranks besides jokers (``obs.wild_ranks``).
    """

    def __init__(self, variant: str, rnd: int, wild_ranks: frozenset[int]):
        spec = SPECS[variant]
        self.variant = variant
        self.spec = spec
        self.round = rnd
        self.wild_ranks = frozenset(wild_ranks)
        self.sets, self.runs = spec.contract(rnd)
        self.whole = rnd == 7 and spec.round7_whole_hand
        # round 7's run in Contract is 7 cards or more (CR-9); otherwise runs of 4 (CF-2)
        self.run_len = spec.round7_sizes[1] if rnd == 7 and spec.round7_sizes else 4
        self.majority = spec.naturals_majority
        # the most wilds one going-down meld may hold
        self.set_limit = 1 if self.majority else INF
        self.run_limit = (self.run_len - 1) // 2 if self.majority else INF
        self._memo = _shared_memo((variant, rnd, self.wild_ranks))
        self._set_ranks = tuple(r for r in range(2, 15) if r not in self.wild_ranks)
        L = self.run_len
        self._ext = {(s, lo): (tuple(make_face(r, s) for r in range(lo + L, 15)),
                               tuple(make_face(r, s) for r in range(lo - 1, 0, -1)))
                     for s in range(4) for lo in range(1, 16 - L)}

    # ---------------------------------------------------------------- cards
    def is_wild(self, face: int) -> bool:
        return face == JOKER or FACE_RANK[face] in self.wild_ranks

    def value(self, face: int) -> int:
        return self.spec.value(face, self.wild_ranks)

    def average_value(self) -> float:
        """The average points of one card of a 54-card deck (52 faces and 2 jokers) in
        this deal."""
        avg = getattr(self, "_avg", None)
        if avg is None:
            avg = self._avg = (sum(self.value(f) for f in range(JOKER)) + 2 * self.value(JOKER)) / 54
        return avg

    # ---------------------------------------------------------------- analysis
    def analyze(self, faces) -> Analysis:
        key = tuple(sorted(faces))
        a = self._memo.get(key)
        if a is None:
            if len(self._memo) > MEMO_CAP:
                self._memo.clear()
            a = self._memo[key] = self._analyze(key)
        return a

    def dist(self, faces) -> int:
        return self.analyze(faces).dist

    def _analyze(self, faces: tuple[int, ...]) -> Analysis:
        cnt = [0] * 53
        nw = 0
        wr = self.wild_ranks
        for f in faces:
            if f == JOKER or FACE_RANK[f] in wr:
                nw += 1
            else:
                cnt[f] += 1
        nsets, nruns = self.sets, self.runs
        cands = []
        if nruns:
            for s, lo, wf in windows(self.run_len):
                pres = 0
                for f in wf:
                    if cnt[f]:
                        pres += 1
                if pres:
                    cands.append((-pres, lo, s, wf))
            cands.sort()
            cands = cands[:nruns + 4]
            if len(cands) < nruns:  # too few run cards: pad with empty windows
                for s, lo, wf in windows(self.run_len):
                    if len(cands) >= nruns:
                        break
                    if all((c[2], c[1]) != (s, lo) for c in cands):
                        cands.append((0, lo, s, wf))
            combos: Iterable[tuple[int, ...]] = combinations(range(len(cands)), nruns)
        else:
            combos = [()]
        # naturals per rank (index rank - 2); wild ranks never make a set here
        rank_cnt = [0] * 13
        if nsets:
            for f in range(52):
                if cnt[f]:
                    rank_cnt[f % 13] += cnt[f]
            for r in wr:
                if 2 <= r <= 14:
                    rank_cnt[r - 2] = -99
        set_ranks_all = _RANKS
        set_lim, run_lim = self.set_limit, self.run_limit
        whole = self.whole
        best_score = None
        best = None
        for combo in combos:
            rest = list(cnt)
            gaps = fill = 0
            npres = 0
            rk = list(rank_cnt) if nsets else None
            for i in combo:
                wf = cands[i][3]
                g = 0
                for f in wf:
                    if rest[f] > 0:
                        rest[f] -= 1
                        if rk is not None:
                            rk[f % 13] -= 1
                    else:
                        g += 1
                gaps += g
                fill += g if g < run_lim else run_lim
                npres += len(wf) - g
            set_pick: Sequence[tuple[int, int]] = ()
            if nsets:
                assert rk is not None
                if nsets == 1:
                    av = [max(zip(rk, set_ranks_all))]
                else:
                    av = sorted(zip(rk, set_ranks_all), reverse=True)[:nsets]
                set_pick = av
                for a_, _r in av:
                    g = 3 - a_ if a_ < 3 else 0
                    gaps += g
                    fill += g if g < set_lim else set_lim
                    npres += 3 - g
            missing = gaps - (nw if nw < fill else fill)
            if whole:
                if best_score is not None and missing > best_score[0]:
                    continue
                dead = self._dead(rest, combo, cands, set_pick)
                dist = max(missing, dead + 1) if (missing or dead) else 0
            else:
                dead = 0
                dist = missing
            score = (dist, missing, -npres)
            if best_score is None or score < best_score:
                best_score = score
                best = (combo, set_pick, dist, missing, dead)
        assert best is not None  # combos holds one combination at least
        return self._detail(cnt, nw, cands, *best)

    def _dead(self, rest0, combo, cands, set_pick) -> int:
        rest = list(rest0)
        for _a, r in set_pick:
            for s in range(4):
                rest[s * 13 + r - 2] = 0  # every card of the set's rank extends it
        ext = self._ext
        for i in combo:
            _, lo, s, _wf = cands[i]
            up, down = ext[(s, lo)]
            for f in up:
                if rest[f] > 0:
                    rest[f] -= 1
                else:
                    break
            for f in down:
                if rest[f] > 0:
                    rest[f] -= 1
                else:
                    break
        return sum(rest[:52])

    def _detail(self, cnt, nw, cands, combo, set_pick, dist, missing, dead) -> Analysis:
        rest = list(cnt)
        melds = []
        used = []
        gaps = fill = 0
        for i in combo:
            _, lo, s, wf = cands[i]
            have, miss = [], []
            for f in wf:
                if rest[f] > 0:
                    rest[f] -= 1
                    have.append(f)
                else:
                    miss.append(f)
            used.extend(have)
            gaps += len(miss)
            fill += min(len(miss), self.run_limit)
            melds.append(PartMeld("run", (s, lo), tuple(have), len(miss), tuple(miss)))
        for _a, r in set_pick:
            have = []
            for s in range(4):
                f = s * 13 + r - 2
                while rest[f] > 0 and len(have) < 3:
                    rest[f] -= 1
                    have.append(f)
            used.extend(have)
            g = 3 - len(have)
            gaps += g
            fill += min(g, self.set_limit)
            melds.append(PartMeld("set", (r,), tuple(have), g))
        return Analysis(dist, missing, dead, tuple(sorted(used)), tuple(melds), nw, min(nw, fill))

    # ---------------------------------------------------------------- card worth
    def keep_score(self, faces, f: int) -> float:
        """How much a free card (outside the best structure) is worth keeping: pairs for
        sets, neighbours in suit for runs (higher: keep)."""
        if self.is_wild(f):
            return 100.0
        r, s = FACE_RANK[f], FACE_SUIT[f]
        pairs = near1 = near2 = 0
        seen_self = False
        for g in faces:
            if self.is_wild(g):
                continue
            if g == f and not seen_self:
                seen_self = True
                continue
            if FACE_RANK[g] == r:
                if g != f or self.runs == 0:
                    pairs += 1
            elif FACE_SUIT[g] == s:
                d = abs(FACE_RANK[g] - r)
                if r == 14 or FACE_RANK[g] == 14:
                    d = min(d, abs((1 if r == 14 else r) - (1 if FACE_RANK[g] == 14 else FACE_RANK[g])))
                if d == 1:
                    near1 += 1
                elif d == 2:
                    near2 += 1
        ws = 1.0 if self.sets else 0.2
        wr = 1.0 if self.runs else 0.1
        return ws * 3.0 * min(pairs, 2) + wr * (2.0 * min(near1, 2) + 1.0 * min(near2, 2))


def describe_meld(m: PartMeld, run_len: int) -> Message:
    """A meld aimed at, named for a reason: ``Message("where_set", rank=7)`` ("set of
    7s"), ``Message("where_run", card=5♥, card2=8♥)`` ("run 5♥-8♥")."""
    if m.kind == "set":
        return Message("where_set", rank=m.key[0])
    s, lo = m.key
    return Message("where_run", card=make_face(lo, s), card2=make_face(lo + run_len - 1, s))
