"""Going down in the contract family: whether a hand can meet the round's contract, and
the melds it goes down with (CF-6, CF-7; CR-4 and CR-9's sizes, CR-9 and MX-7's whole
hand).

``GoDownSearch`` is the part of ``ContractFamilyRules`` that answers it: the solver's
requirement for a round (``solver_req``), its best going-down for a seat
(``suggest_go_down``) and the go-down ``legal_actions`` offers (``_go_down_offer``: a
``_LazyGoDown`` whose melds are worked out on first access, settled cheaply by the
*witnesses* of earlier turns and ``might_meet``'s counting bound).  It asks its rules
class only for ``spec``, ``wild_ranks`` and the two caches set up in ``__init__``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace as _dc_replace
from typing import TYPE_CHECKING, Any

from ..core.actions import GoDown, MeldDecl
from ..core.cards import FACE_RANK, FACE_SUIT, JOKER, make_face
from ..core.solver import ContractReq, PlannedMeld, find_go_down, solve_go_down
from .specs import SPECS, ContractSpec

if TYPE_CHECKING:
    from .contract_family import CFState


#: a go-down witness: the card ids it uses and its melds ``(kind, card ids)``
_WitnessMelds = tuple[tuple[str, frozenset[int]], ...]


_Witness = tuple[frozenset[int], _WitnessMelds]


_WITNESSES = 4  # witnesses kept per seat and round


def _one_meld(cards: Sequence[int], kind: str, wild_ranks: frozenset[int],
              caps: tuple[int | None, int | None]) -> tuple[str, frozenset[int]] | None:
    """A witness meld ``(kind, frozenset of ids)`` among ``cards`` leaving one card over:
    a set of 3 (three naturals of a rank, or two and a wild, or one and two wilds) or a
    run of 4 (a 4-position window of a suit with at least one natural, the gaps filled
    by wilds), within ``caps`` (the most wilds a set / run may hold, CR-4).  Only the
    sizes every non-whole-hand contract accepts (CF-1, CF-2, CR-4's exact sizes); the
    naturals are cards that can't be wild.  ``None`` when this quick look finds none
    (the solver decides then).  A set is of the rank first met in ``cards`` among those
    with enough naturals, its first naturals there; a run's naturals are each face's
    first card."""
    if len(cards) < (3 if kind == "set" else 4) + 1:
        return None
    tables = _ONE_TABLES.get(wild_ranks)
    if tables is None:
        tables = _ONE_TABLES[wild_ranks] = _one_tables(wild_ranks)
    wilds = []
    if kind == "set":
        rank = tables[0]
        cnt = [0] * 15
        for c in cards:
            r = rank[c]
            if r:
                cnt[r] += 1
            else:
                wilds.append(c)
        nw = len(wilds)
        cap = caps[0]
        most = max(cnt)
        for need in (0, 1, 2):  # wilds
            if need > nw or (cap is not None and need > cap):
                return None
            t = 3 - need
            if most >= t:
                # the first card of a rank with ``t`` naturals starts its set
                got = []
                r0 = 0
                for c in cards:
                    r = rank[c]
                    if r and (r == r0 or (not r0 and cnt[r] >= t)):
                        r0 = r
                        got.append(c)
                        if len(got) == t:
                            return ("set", frozenset(got + wilds[:need]))
        return None
    # the suits' ranks as bit masks (positions 1..14, the ace at both ends): a window's
    # naturals are one bit count
    place = tables[1]
    masks = [0, 0, 0, 0]
    for c in cards:
        x = place[c]
        if x is None:
            wilds.append(c)
        else:
            masks[x[0]] |= x[1]
    nw = len(wilds)
    cap = caps[1]
    most = nw if cap is None or cap > nw else cap  # the most wilds the run may take
    if most > 3:
        most = 3  # a run needs a natural
    # the window with the most naturals (the fewest wilds: they are scarce), the first
    # such in suit and rank order
    best_k, best = 3 - most, None
    windows = _BEST_WINDOW
    for s in range(4):
        m = masks[s]
        got_w = windows.get(m)
        if got_w is None:
            got_w = windows[m] = _best_window(m)
        if got_w[0] > best_k:
            best_k, best = got_w[0], (s, m, got_w[1])
            if best_k == 4:
                break
    if best is None:
        return None
    s, m, lo = best
    want = {make_face(pos, s) for pos in range(lo, lo + 4) if m >> pos & 1}
    got = []
    for c in cards:
        f = c >> 3
        if f in want:
            got.append(c)
            want.discard(f)
    return ("run", frozenset(got + wilds[:4 - best_k]))


#: wild ranks -> ``_one_meld``'s tables by card id (``face * 8 + copy``): the rank of a
#: natural (0: a card that can be wild), and a natural's (suit, place bits: the ace at
#: both ends) or ``None``; made as met
_ONE_TABLES: dict[frozenset[int], tuple[tuple[int, ...],
                                        tuple[tuple[int, int] | None, ...]]] = {}
#: a suit's place bits -> ``_best_window``, filled as met
_BEST_WINDOW: dict[int, tuple[int, int]] = {}


def _one_tables(wild_ranks: frozenset[int]) -> tuple[tuple[int, ...],
                                                      tuple[tuple[int, int] | None, ...]]:
    info = _face_info(wild_ranks, True)
    return (tuple(0 if x is None else x[0] for x in info for _ in range(8)),
            tuple(None if x is None else (x[1], x[2] | (2 if x[0] == 14 else 0))
                  for x in info for _ in range(8)))


def _best_window(m: int) -> tuple[int, int]:
    """The most places of a 4-place window (starting at 1..11) held in the place bits
    ``m``, and the first window's start holding that many (0 when none holds any)."""
    best_k = best_lo = 0
    for lo in range(1, 12):
        k = ((m >> lo) & 15).bit_count()
        if k > best_k:
            best_k, best_lo = k, lo
            if k == 4:
                break
    return best_k, best_lo


def _greedy_melds(hand: Sequence[int], contract: tuple[int, int], wild_ranks: frozenset[int],
                  caps: tuple[int | None, int | None]) -> _WitnessMelds | None:
    """Witness melds for the whole contract taken one quick look at a time (runs first,
    then sets, each from the cards the others left, a card left over; then sets first),
    or ``None`` when that greedy way finds none (the solver decides then)."""
    sets, runs = contract
    got = _greedy_in_order(hand, ("run",) * runs + ("set",) * sets, wild_ranks, caps)
    if got is None and sets and runs:
        got = _greedy_in_order(hand, ("set",) * sets + ("run",) * runs, wild_ranks, caps)
    return got


def _greedy_in_order(hand: Sequence[int], kinds: tuple[str, ...], wild_ranks: frozenset[int],
                     caps: tuple[int | None, int | None]) -> _WitnessMelds | None:
    rest = list(hand)
    out = []
    for kind in kinds:
        got = _one_meld(rest, kind, wild_ranks, caps)
        if got is None:
            return None
        out.append(got)
        ids = got[1]
        rest = [c for c in rest if c not in ids]
    return tuple(out)


def _witness_melds(plan: Iterable[PlannedMeld]) -> _WitnessMelds:
    """A solver plan as witness melds: ``((kind, frozenset of card ids)), ...)``."""
    return tuple((m.kind, frozenset(m.cards)) for m in plan)


_GD_MELDS = GoDown.__dict__["melds"]  # GoDown's own slot for the melds


class _LazyGoDown(GoDown):
    """A ``GoDown`` whose melds are the solver's best for the state it was offered in,
    worked out on first access (``legal_actions`` of a seat that can go down, where most
    offers are never taken).  Equal to, and hashed like, the plain ``GoDown`` with the
    same melds; pickles and copies as one."""
    __slots__ = ("_rules", "_state")
    _rules: GoDownSearch
    _state: CFState | None

    def __init__(self, player: int, rules: GoDownSearch, st: CFState):
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "_state", st)

    @property
    def melds(self) -> tuple[MeldDecl, ...]:
        try:
            got: tuple[MeldDecl, ...] = _GD_MELDS.__get__(self)
            return got
        except AttributeError:
            assert self._state is not None  # cleared only once the melds are known
            gd = self._rules.suggest_go_down(self._state, self.player)
            if gd is None:  # pragma: no cover - the witness proved the hand can go down
                raise RuntimeError("a witnessed go-down that the solver does not find") from None
            _GD_MELDS.__set__(self, gd.melds)
            object.__setattr__(self, "_state", None)
            return gd.melds

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GoDown):
            return self.player == other.player and self.melds == other.melds
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.player, self.melds))

    def __repr__(self) -> str:
        return f"GoDown(player={self.player!r}, melds={self.melds!r})"

    def __reduce__(self) -> tuple[type[GoDown], tuple[int, tuple[MeldDecl, ...]]]:
        return (GoDown, (self.player, self.melds))


def might_meet(hand: Sequence[int], contract: tuple[int, int], wild_ranks: frozenset[int],
               keep_one: bool = True, caps: tuple[int | None, int | None] = (None, None),
               run_min: int = 4, whole_hand: bool = False,
               must_use: Iterable[int] | None = None, sharp: bool = False) -> bool:
    """A quick necessary condition for meeting a contract (``(sets, runs)``) with the card
    ids in ``hand``: ``False`` means the solver would find nothing, ``True`` means ask it.

    Lower bounds on the wilds needed, each ignoring what the other melds take: sets from
    the rank counts (full triples free, pairs one wild, singles two), runs from the best
    ``run_min``-card windows of each suit (overlapping windows allowed; CR-9's round-7
    run is at least 7 cards).  Sets and runs use different cards and different wilds, so
    their bounds add up.  ``caps``: the most wilds one set / one run may hold (Contract's
    rounds 1-6: sets of exactly 3 and runs of exactly 4 whose naturals outnumber the
    wilds, CR-4, hold one at most), or ``None``.  With caps a wild-rank card counts both
    as a wild and as a natural (CR-4 counts a wild-rank card in its own place as a
    natural); without, only as a wild: a wild-rank card in its own place uses one card
    of the wilds' pool as a wild would, so the bound stays sound and is sharper (Mexican
    Rummy's rising wild rank, MX-3).  ``whole_hand`` (CR-9, MX-7: every card melded): the
    runs must also cover every natural of the suits not in a set, each copy of a face in
    a run of its own.  ``must_use``: card ids of ``hand`` one of which every going-down
    of it must use, in any order (the cards new since a hand that could not go down, see
    ``GoDownSearch._go_down_offer``): when each is a natural that no set of its rank and
    no run through its place could hold (too few cards of the rank, or of the suit near
    it, even with every wild), the hand cannot go down.  ``sharp``: also the dearer
    bound of two or more runs (``_runs_need``: runs of one suit held once share no card),
    asked just before the solver would be.  The bound never refuses a hand that can
    meet the contract.
    """
    sets, runs = contract
    if len(hand) - (1 if keep_one else 0) < 3 * sets + run_min * runs:
        return False
    split = caps[0] is None and caps[1] is None
    # per face: ``None`` for a card counted only as a wild, else (rank, suit, rank bit,
    # counted as a wild too)
    # (by card id: face * 8 + copy)
    ctable = _CARD_INFO.get((wild_ranks, split))
    if ctable is None:
        ctable = _CARD_INFO[(wild_ranks, split)] = tuple(
            x for x in _face_info(wild_ranks, split) for _ in range(8))
    w = 0
    by_rank = [0] * 15
    masks = [0, 0, 0, 0]
    extra = None  # ranks held twice, three times, ... per suit (several decks)
    for c in hand:
        x = ctable[c]
        if x is None:
            w += 1
            continue
        r, s, bit, wild = x
        if wild:
            w += 1
        by_rank[r] += 1
        if masks[s] & bit:
            if extra is None:
                extra = [[0, 0, 0, 0]]
            for lvl in extra:
                if not lvl[s] & bit:
                    lvl[s] |= bit
                    break
            else:
                lvl = [0, 0, 0, 0]
                lvl[s] = bit
                extra.append(lvl)
        else:
            masks[s] |= bit
    if whole_hand and split and not _whole_hand_fits(sets, runs, masks, extra):
        return False
    need = 0
    if sets:
        # the cheapest sets: full triples free, a pair one wild, a single two, none three
        free = pairs = singles = lone = 0
        for c in by_rank:
            if c:
                free += c // 3
                m = c % 3
                if m == 2:
                    pairs += 1
                elif m == 1:
                    singles += 1
                    if c == 1:
                        lone += 1
        k = sets - free
        if k > 0:
            a = pairs if pairs < k else k
            need = a
            k -= a
            if k > 0:
                if caps[0] is not None and caps[0] < 2:
                    # a set needs two naturals: a lone card of its rank makes none, but
                    # 4 (7, ...) of a rank make two sets of two naturals and a wild each
                    if singles - lone < k:
                        return False
                    need += 2 * k
                else:
                    a = singles if singles < k else k
                    need += 2 * a + 3 * (k - a)
        if need > w:
            return False
    if runs:
        d = _RUN_DEFICITS.get(run_min)
        if d is None:
            d = _RUN_DEFICITS[run_min] = {}
        deficits: list[int] = []
        # two runs may use the same window with a second copy of its cards: the second
        # use's missing cards are counted from the ranks held twice (and so on), so the
        # bound never refuses two identical runs from two decks
        # (an empty suit of a level adds nothing: its windows miss every card, no fewer
        # than any window of the first level)
        for m in (masks if extra is None else masks + [m for lvl in extra for m in lvl if m]):
            if m >> 14 & 1:
                m |= 2  # the ace is also low
            got = d.get(m)
            if got is None:
                got = d[m] = _run_deficits(m, run_min)
            deficits.extend(got)
        if runs < len(deficits):
            deficits.sort()
        best = deficits[:runs]
        if need + sum(best) > w:
            return False
        if caps[1] is not None and best[-1] > caps[1]:
            return False  # fewer good windows than runs
    # (the dearer looks last: most hands are refused by the counts above)
    if must_use is not None:
        for c in must_use:
            if _may_meld(c, ctable, by_rank, masks, w, run_min):
                break
        else:
            return False
    if sharp and runs and (sets or runs > 1):
        if not _shared_need(by_rank, masks, extra, w, sets, runs, run_min):
            return False  # a card counted in a set and a run, or twice in runs
        if (runs > 1 and caps != (None, None)
                and need + _runs_need(masks, extra, runs, run_min) > w):
            return False  # (with CR-4's caps the sets' need counted above is dearer)
    return True


def _runs_need(masks: list[int], extra: list[list[int]] | None, runs: int, length: int) -> int:
    """A lower bound on the wilds ``runs`` runs of at least ``length`` cards need, sharper
    than the ``runs`` fewest missing cards of any windows where a suit's naturals are
    held once each: two runs of such a suit cannot use one card (CF-4), so ``j`` runs
    in it miss at least ``j * length`` cards less the suit's naturals (an ace, at both
    ends, counted twice: that only lowers the bound), and at least its ``j`` windows'
    fewest missing cards.  A suit holding a face twice or more (``extra``) costs what
    ``might_meet`` counts (its windows' fewest missing cards, each copy level apart); a
    run of wilds only costs ``length``.  The runs are shared out among the suits and the
    wilds-only runs as cheaply as can be (the suits' cards and wilds are apart, so their
    costs add up)."""
    best = [0] + [_BIG] * runs  # best[j]: the fewest wilds j runs need so far
    dd = _RUN_DEFICITS.setdefault(length, {})
    for s in range(4):
        m = masks[s]
        if m >> 14 & 1:
            m |= 2  # the ace is also low
        if extra is not None and any(lvl[s] for lvl in extra):
            ds = list(_run_deficits(m, length))
            for lvl in extra:
                e = lvl[s]
                if e:
                    if e >> 14 & 1:
                        e |= 2
                    ds.extend(_run_deficits(e, length))
            ds.sort()
            acc = [0]
            for d in ds[:runs]:
                acc.append(acc[-1] + d)
            cost: tuple[int, ...] = tuple(acc)
        else:
            # the suit's windows' fewest missing cards, and never fewer than j runs'
            # cards less every natural of the suit
            got = dd.get(m)
            if got is None:
                got = dd[m] = _run_deficits(m, length)
            nat = m.bit_count()
            acc = [0]
            fewest = 0
            for j in range(1, runs + 1):
                fewest += got[j - 1]
                acc.append(max(fewest, j * length - nat))
            cost = tuple(acc)
        best = [min(best[i - j] + cost[j] for j in range(min(i, len(cost) - 1) + 1))
                for i in range(runs + 1)]
    # runs of wilds only
    return min(best[runs - j] + j * length for j in range(runs + 1))


_BIG = 1 << 20


def _shared_need(by_rank: list[int], masks: list[int], extra: list[list[int]] | None,
                 w: int, sets: int, runs: int, length: int) -> bool:
    """Whether ``sets`` sets and ``runs`` runs of at least ``length`` cards might share
    out the hand's cards (its ranks' counts ``by_rank``, suit masks ``masks`` and the
    copies held twice or more ``extra``, as ``might_meet`` counts them) with ``w`` wilds:
    ``False`` only when every way needs more wilds.  Sharper than ``might_meet``'s sum of
    the sets' and the runs' bounds, which may count one card in both: a set of a rank
    whose every natural it takes (up to 3 of them, 6 for two sets of one rank) leaves
    the runs none of that rank (the runs' need then asked again without it); a set
    leaving some natural of its rank costs a wild more (and the runs are asked with
    every card: only a lower bound).  The runs' need is exact per suit for the windows
    of ``length`` cards (``_suit_costs``; a longer run holds such a window).  Only for
    contracts of runs and at most two sets; the caps of CR-4 are not counted (fewer
    wilds than the caps allow is all it assumes)."""
    lv = _levels(masks, extra)
    full = _runs_cost(lv, runs, length)
    if full > w:
        return False
    if not sets:
        return True
    budget = w - full  # the most the sets may cost with the runs' cards all kept
    # per rank the set's options (cost, rank whose naturals it all takes or 0); a set
    # of wilds only (3) always
    opts: list[tuple[int, int, int]] = [(3, 0, 0)]  # (cost, rank, taken rank or 0)
    doubles: list[tuple[int, int]] = []  # two sets of one rank: (cost, taken rank or 0)
    for r in range(2, 15):
        c = by_rank[r]
        if not c:
            continue
        if c >= 4:
            opts.append((0, r, 0))
        else:
            opts.append((3 - c, r, r))
            opts.append((4 - c, r, 0))
        if sets == 2:
            doubles.append((6 - c, r) if c <= 6 else (0, 0))
            if c <= 6:
                doubles.append((7 - c, 0))
    if sets == 1:
        for cost, _, taken in opts:
            if cost <= budget and (not taken or cost + _runs_cost(_without(lv, taken), runs,
                                                                   length) <= w):
                return True
        return False
    if sets != 2:
        return True  # (no contract has three sets and a run)
    for cost, taken in doubles:
        if cost <= budget and (not taken or cost + _runs_cost(_without(lv, taken), runs,
                                                               length) <= w):
            return True
    opts = [o for o in opts if o[0] <= budget]
    opts.sort()
    for i, (c1, r1, t1) in enumerate(opts):
        if 2 * c1 > budget:
            break
        for c2, r2, t2 in opts[i + 1:] if r1 else opts[i:]:
            cost = c1 + c2
            if cost > budget:
                break
            if r1 and r1 == r2:
                continue  # (two sets of one rank: ``doubles``)
            if not (t1 or t2):
                return True
            gone = _without(lv, t1) if t1 else lv
            if t2:
                gone = _without(gone, t2)
            if cost + _runs_cost(gone, runs, length) <= w:
                return True
    return False


_Levels = tuple[tuple[int, int, int], ...]


def _levels(masks: list[int], extra: list[list[int]] | None) -> _Levels:
    """Per suit its ranks held at least once, twice and three times (bits 1..14, the ace
    at both ends)."""
    out = []
    for s in range(4):
        m1 = masks[s]
        m2 = m3 = 0
        if extra is not None:
            m2 = extra[0][s]
            if len(extra) > 1:
                m3 = extra[1][s]
        if m1 >> 14 & 1:
            m1 |= 2
            if m2 >> 14 & 1:
                m2 |= 2
                if m3 >> 14 & 1:
                    m3 |= 2
        out.append((m1, m2, m3))
    return tuple(out)


def _without(lv: _Levels, r: int) -> _Levels:
    """``lv`` with no card of rank ``r``."""
    keep = ~((1 << r) | (2 if r == 14 else 0))
    return tuple((a & keep, b & keep, c & keep) for a, b, c in lv)


def _runs_cost(lv: _Levels, runs: int, length: int) -> int:
    """The fewest wilds ``runs`` runs of ``length`` cards need with the suits' naturals
    ``lv`` (``_levels``): each suit's exact ``_suit_costs``, shared out among the suits
    and the runs of wilds only as cheaply as can be (``_runs_cost_dp``, written out for
    one to three runs)."""
    cache = _SUIT_COSTS
    if runs == 1:
        b1 = length  # a run of wilds only
        for m in lv:
            if m[0]:
                k = (m, 1, length)
                cost = cache.get(k)
                if cost is None:
                    cost = cache[k] = _suit_costs(m, 1, length)
                if cost[1] < b1:
                    b1 = cost[1]
        return b1
    if runs == 2:
        b1 = b2 = _BIG  # the fewest for one / two runs of the suits so far
        for m in lv:
            if m[0]:
                k = (m, 2, length)
                cost = cache.get(k)
                if cost is None:
                    cost = cache[k] = _suit_costs(m, 2, length)
                _, c1, c2 = cost
                x = b1 + c1
                if c2 < x:
                    x = c2
                if x < b2:
                    b2 = x
                if c1 < b1:
                    b1 = c1
        x = b1 + length
        if 2 * length < x:
            x = 2 * length
        return b2 if b2 < x else x
    if runs == 3:
        b1 = b2 = b3 = _BIG
        for m in lv:
            if m[0]:
                k = (m, 3, length)
                cost = cache.get(k)
                if cost is None:
                    cost = cache[k] = _suit_costs(m, 3, length)
                _, c1, c2, c3 = cost
                n3 = min(b3, b2 + c1, b1 + c2, c3)
                n2 = min(b2, b1 + c1, c2)
                if c1 < b1:
                    b1 = c1
                b2, b3 = n2, n3
        return min(b3, b2 + length, b1 + 2 * length, 3 * length)
    return _runs_cost_dp(lv, runs, length)


def _runs_cost_dp(lv: _Levels, runs: int, length: int) -> int:
    """``_runs_cost`` for any number of runs: the fewest wilds of ``j`` runs over the
    suits so far, one suit at a time."""
    best = [0] + [_BIG] * runs
    cache = _SUIT_COSTS
    for m in lv:
        if not m[0]:
            continue  # a suit not held costs what wilds-only runs do
        k = (m, runs, length)
        cost = cache.get(k)
        if cost is None:
            cost = cache[k] = _suit_costs(m, runs, length)
        best = [min(best[i - j] + cost[j] for j in range(i + 1)) for i in range(runs + 1)]
    return min(best[runs - j] + j * length for j in range(runs + 1))


def _suit_costs(m: tuple[int, int, int], runs: int, length: int) -> tuple[int, ...]:
    """For ``j = 0..runs``: the fewest wilds ``j`` runs of ``length`` cards of one suit
    need, its ranks held once, twice, three times the bits of ``m``: the least over ``j``
    windows (one may repeat) of the cards missing, a place covered ``k`` times missing
    ``k`` less the copies held (``sum`` over ``t`` of the places covered ``t`` times not
    held ``t`` times).  Windows are tried in order of their own missing cards, which
    never exceed the cost of a choice (so the search stops early)."""
    m1, m2, m3 = m
    full = (1 << length) - 1
    # (a window holding no card costs what a run of wilds only does: ``_runs_cost``
    # counts those)
    wins = sorted(x for lo in range(1, 16 - length)
                  if (x := (length - ((m1 >> lo) & full).bit_count(), full << lo))[0] < length)
    if not wins:
        return (0,) + tuple(j * length for j in range(1, runs + 1))
    out = [0, wins[0][0]]
    if runs >= 2:
        once = m1 & ~m2
        best = _BIG
        for i, (da, wa) in enumerate(wins):
            if 2 * da >= best:
                break
            for db, wb in wins[i:]:
                c = da + db
                if c >= best:
                    break
                c += (wa & wb & once).bit_count()
                if c < best:
                    best = c
        out.append(best)
    if runs >= 3:
        nm1, nm2, nm3 = ~m1, ~m2, ~m3
        best = _BIG
        n = len(wins)
        for i in range(n):
            da, wa = wins[i]
            if 3 * da >= best:
                break
            for j in range(i, n):
                db, wb = wins[j]
                if da + 2 * db >= best:
                    break
                for k in range(j, n):
                    dc, wc = wins[k]
                    if da + db + dc >= best:
                        break
                    u2 = (wa & wb) | (wa & wc) | (wb & wc)
                    c = (((wa | wb | wc) & nm1).bit_count() + (u2 & nm2).bit_count()
                         + (wa & wb & wc & nm3).bit_count())
                    if c < best:
                        best = c
        out.append(best)
    return tuple(out[:runs + 1])


#: (suit levels, runs, run length) -> ``_suit_costs``, filled as met
_SUIT_COSTS: dict[tuple[tuple[int, int, int], int, int], tuple[int, ...]] = {}




def _may_meld(c: int, table: _FaceInfo, by_rank: list[int], masks: list[int], w: int,
              run_min: int) -> bool:
    """Whether card ``c`` of a hand (its rank counts ``by_rank``, suit masks ``masks``, ``w``
    wilds; ``table``: ``_face_info`` by card id) could be in some meld at all: a wild
    always; a natural in a set of its rank (three cards of the rank or wilds) or in a
    run of ``run_min`` through its place (its suit's cards and wilds in some window
    holding it)."""
    x = table[c]
    if x is None or x[3]:
        return True  # a wild (or a wild-rank card that may be one)
    r, s, _, _ = x
    if by_rank[r] + w >= 3:
        return True
    m = masks[s]
    if m >> 14 & 1:
        m |= 2  # the ace is also low
    full = (1 << run_min) - 1
    for pos in ((1, 14) if r == 14 else (r,)):
        for lo in range(max(1, pos - run_min + 1), min(pos, 15 - run_min) + 1):
            if ((m >> lo) & full).bit_count() + w >= run_min:
                return True
    return False


def _whole_hand_fits(sets: int, runs: int, masks: list[int], extra: list[list[int]] | None) -> bool:
    """A necessary condition for melding every natural (bits of ``masks``, per suit, and
    the copies held twice or more in ``extra``) in ``sets`` sets and ``runs`` runs: with
    no sets, every copy of a face needs a run of its suit of its own (a run holds a rank
    once); with one run, the naturals of the other three suits fall in at most ``sets``
    ranks (the sets' ranks)."""
    if sets == 0:
        held = sum(1 for m in masks if m)
        if extra is not None:
            held += sum(1 for lvl in extra for m in lvl if m)
        return held <= runs
    if runs == 0:
        return (masks[0] | masks[1] | masks[2] | masks[3]).bit_count() <= sets
    if runs == 1:
        for s in range(4):
            off = 0
            for t in range(4):
                if t != s:
                    off |= masks[t]
            if off.bit_count() <= sets:
                return True
        return False
    return True


_RANK = FACE_RANK
_SUIT = FACE_SUIT

_FaceInfo = tuple[tuple[int, int, int, bool] | None, ...]
#: (wild ranks, wild-rank cards only wild) -> per card id (``face * 8 + copy``: eight
#: entries a face) ``_face_info``, made as met
_CARD_INFO: dict[tuple[frozenset[int], bool], _FaceInfo] = {}


def _face_info(wild_ranks: frozenset[int], only_wild: bool) -> _FaceInfo:
    """Per face what ``might_meet`` counts: ``None`` for a joker (and a wild-rank card
    when ``only_wild``), else ``(rank, suit, 1 << rank, is a wild-rank card)``."""
    out: list[tuple[int, int, int, bool] | None] = []
    for f in range(JOKER + 1):
        r = FACE_RANK[f]
        wild = f == JOKER or r in wild_ranks
        out.append(None if f == JOKER or (wild and only_wild)
                   else (r, FACE_SUIT[f], 1 << r, wild))
    return tuple(out)


def _run_deficits(m: int, length: int = 4) -> tuple[int, ...]:
    """The smallest ``_MAX_RUNS`` of the cards missing from each ``length``-card window of
    a suit whose ranks are the bits of ``m`` (positions 1..14, the ace at both ends):
    those of the low windows and of the high ones, each looked up in ``_HALVES``."""
    halves = _HALVES.get(length)
    if halves is None:
        halves = _HALVES[length] = _half_tables(length)
    low, high, cut = halves
    return tuple(sorted(low[(m >> 1) & _LOW_BITS[length]] + high[m >> cut])[:_MAX_RUNS])


def _run_deficits_plain(m: int, length: int = 4) -> tuple[int, ...]:
    """``_run_deficits`` window by window."""
    full = (1 << length) - 1
    return tuple(sorted(length - ((m >> lo) & full).bit_count()
                        for lo in range(1, 16 - length))[:_MAX_RUNS])


def _half_tables(length: int) -> tuple[tuple[tuple[int, ...], ...],
                                       tuple[tuple[int, ...], ...], int]:
    """``_run_deficits``' two tables for ``length``: the windows starting at 1..k (their
    bits 1..k+length-1, indexed by ``m >> 1``) and at k+1.. (indexed by ``m >> (k + 1)``),
    each entry the smallest ``_MAX_RUNS`` cards missing of its windows; and ``k + 1``."""
    full = (1 << length) - 1
    last = 15 - length  # the highest window start
    k = (last + 1) // 2
    low = tuple(tuple(sorted(length - ((i << 1 >> lo) & full).bit_count()
                             for lo in range(1, k + 1))[:_MAX_RUNS])
                for i in range(1 << (k + length - 1)))
    cut = k + 1
    high = tuple(tuple(sorted(length - ((i >> lo) & full).bit_count()
                              for lo in range(last - k))[:_MAX_RUNS])
                 for i in range(1 << (15 - cut)))
    return low, high, cut


#: run length -> suit mask -> ``_run_deficits``, filled as met
_RUN_DEFICITS: dict[int, dict[int, tuple[int, ...]]] = {}


_MAX_RUNS = max(max(r for _, r in (s.contract(k) for k in range(1, 8))) for s in SPECS.values())

#: run length -> the index mask of ``_run_deficits``' low table (``m >> 1``)
_LOW_BITS = {n: (1 << ((16 - n) // 2 + n - 1)) - 1 for n in range(4, 15)}
#: run length -> ``_half_tables``, made as met (the 4-card runs' at once)
_HALVES = {4: _half_tables(4)}



class GoDownSearch:
    """The go-down search of ``ContractFamilyRules`` (its base class): what it needs of
    the rules are the attributes below, set by ``ContractFamilyRules.__init__``."""

    spec: ContractSpec
    #: go-down witnesses per (seat, round): the card ids of recent going-downs found (a
    #: speed cache only, every use is checked against the hand)
    _witness: dict[tuple[int, int], list[_Witness]]
    #: per (seat, round): the card ids of its last hand found unable to go down (a speed
    #: cache only: what it proves holds for any hand of the round's contract)
    _cannot: dict[tuple[int, int], frozenset[int]]
    _req_cache: dict[Any, Any]
    #: per round: (whole hand, wild ranks, wild caps, contract, run minimum), as asked
    _round_consts: dict[int, tuple[bool, frozenset[int], tuple[int | None, int | None],
                                   tuple[int, int], int]]

    def wild_ranks(self, rnd: int) -> frozenset[int]:
        """Wild ranks besides printed jokers in round ``rnd`` (the rules class's)."""
        raise NotImplementedError

    def _go_down_offer(self, st: CFState, p: int) -> GoDown | None:
        """The go-down ``legal_actions`` offers: the same ``GoDown`` as
        ``suggest_go_down(st, p)`` (or ``None``), but its melds are worked out only when
        someone looks at them.

        Whether the hand can go down at all is settled first, cheaply where possible:

        * a going-down found earlier for this seat and round (a *witness*) whose cards are
          all still in the hand still meets the contract (its melds are unchanged; with
          ``keep_one`` a card is left over as long as the hand has more cards than the
          witness; a whole-hand witness must be the whole hand);
        * a hand ``might_meet``'s bound refuses cannot go down;
        * a witness that lost cards (a discard took one) keeps its melds that are still
          whole; the solver then looks only for the missing melds among the other cards
          (the same contract rules, fewer melds, fewer cards);
        * otherwise the solver looks for any going-down of the whole hand
          (``find_go_down``, which stops at the first).

        What is found becomes a witness for the next turns.
        """
        hand = st.hands[p]
        rnd = st.round
        rc = self._round_consts.get(rnd)
        if rc is None:
            rc = self._round_consts[rnd] = (
                rnd == 7 and self.spec.round7_whole_hand, self.wild_ranks(rnd),
                self._wild_caps(rnd), self.spec.contract(rnd), self._run_min(rnd))
        whole, wr, caps, contract, run_min = rc
        key = (p, rnd)
        hs = frozenset(hand)  # (card ids are distinct)
        wits = self._witness.get(key)
        if wits:
            n = len(hand)
            for cards, _melds in wits:
                if cards <= hs and (len(cards) == n if whole else len(cards) < n):
                    return _LazyGoDown(p, self, st)
        # a hand that could not go down, and lost a card since: a going-down now uses one
        # of the cards new since then (the others are part of that hand, leaving the card
        # it lost over)
        must = None
        no = None if whole else self._cannot.get(key)
        if no is not None:
            new = hs - no
            if len(hand) - len(new) < len(no):  # it lost a card
                if not new:
                    return None  # part of a hand that could not go down (CF-12)
                must = new
        # a hand the bound refuses cannot go down: no witness need be repaired
        if not might_meet(hand, contract, wr, not whole, caps, run_min, whole, must):
            if not whole:
                self._cannot[key] = hs  # (_cannot_go_down)
            return None
        if wits:
            best_kept = None
            for cards, melds in wits:
                if cards <= hs:
                    continue
                kept = [m for m in melds if m[1] <= hs]
                if kept and (best_kept is None or len(kept) > len(best_kept)):
                    best_kept = kept
            if best_kept is not None:
                used = set().union(*(m[1] for m in best_kept))
                sets, runs = contract
                for kind, _ in best_kept:
                    if kind == "set":
                        sets -= 1
                    else:
                        runs -= 1
                rest = [c for c in hand if c not in used]
                one = (None if whole or sets + runs != 1
                       else _one_meld(rest, "set" if sets else "run", wr, caps))
                if one is not None:
                    self._add_witness(key, wits, tuple(best_kept) + (one,))
                    return _LazyGoDown(p, self, st)
                if (might_meet(rest, (sets, runs), wr, not whole, caps, run_min, whole, sharp=True)
                        and (plan := find_go_down(rest, self._sub_req(rnd, sets, runs), wr))):
                    self._add_witness(key, wits, tuple(best_kept) + _witness_melds(plan))
                    return _LazyGoDown(p, self, st)
        if not whole:
            greedy = _greedy_melds(hand, contract, wr, caps)
            if greedy is not None:
                self._add_witness(key, wits, greedy)
                return _LazyGoDown(p, self, st)
        plan = (find_go_down(hand, self.solver_req(rnd), wr)
                if not contract[1] or sum(contract) < 2
                or might_meet(hand, contract, wr, not whole, caps, run_min, whole, sharp=True)
                else None)
        if plan is None:
            self._cannot_go_down(key, hand, whole)
            return None
        self._add_witness(key, wits, _witness_melds(plan))
        return _LazyGoDown(p, self, st)

    def _cannot_go_down(self, key: tuple[int, int], hand: Sequence[int], whole: bool) -> None:
        """Remember ``hand`` as seat and round ``key``'s last hand that cannot go down
        (with a card left over: not round 7's whole hand)."""
        if not whole:
            self._cannot[key] = frozenset(hand)

    def _add_witness(self, key: tuple[int, int], wits: list[_Witness] | None,
                     melds: _WitnessMelds) -> None:
        w = (frozenset().union(*(m[1] for m in melds)), melds)
        if wits is None:
            self._witness[key] = [w]
        else:
            wits.insert(0, w)
            del wits[_WITNESSES:]

    def _wild_caps(self, rnd: int) -> tuple[int | None, int | None]:
        """The most wilds one set / one run may hold in round ``rnd`` (``None``: no cap):
        with CR-4 a meld of at most ``m`` cards holds at most ``(m - 1) // 2``."""
        caps = self._req_cache.get(("caps", rnd))
        if caps is None:
            req = self.solver_req(rnd)
            if req.naturals_majority:
                caps = (None if req.set_max is None else (req.set_max - 1) // 2,
                        None if req.run_max is None else (req.run_max - 1) // 2)
            else:
                caps = (None, None)
            self._req_cache[("caps", rnd)] = caps
        return caps

    def _run_min(self, rnd: int) -> int:
        """The fewest cards of a run in round ``rnd``'s going-down (4; CR-9's round 7: 7)."""
        return self.solver_req(rnd).run_min

    def _sub_req(self, rnd: int, sets: int, runs: int) -> ContractReq:
        """Round ``rnd``'s solver requirement with only ``sets`` sets and ``runs`` runs."""
        k = (rnd, sets, runs)
        req = self._req_cache.get(k)
        if req is None:
            req = self._req_cache[k] = _dc_replace(self.solver_req(rnd), sets=sets, runs=runs)
        return req

    def solver_req(self, rnd: int) -> ContractReq:
        """The solver's requirement (a ``ContractReq``) for going down in round ``rnd``."""
        req = self._req_cache.get(rnd)
        if req is None:
            req = self._req_cache[rnd] = self._solver_req(rnd)
        return req

    def _solver_req(self, rnd: int) -> ContractReq:
        spec = self.spec
        sets, runs = spec.contract(rnd)
        whole = rnd == 7 and spec.round7_whole_hand
        nat = spec.naturals_majority
        if rnd == 7 and spec.round7_sizes is not None:  # CR-9: at least these sizes
            set_min, run_min = spec.round7_sizes
            return ContractReq(sets, runs, set_min=set_min, run_min=run_min,
                               naturals_majority=nat, whole_hand=whole, keep_one=not whole)
        if spec.exact_sizes:  # CR-4: sets of exactly 3, runs of exactly 4
            return ContractReq(sets, runs, set_min=3, set_max=3, run_min=4, run_max=4,
                               naturals_majority=nat, whole_hand=whole, keep_one=not whole)
        return ContractReq(sets, runs, naturals_majority=nat, whole_hand=whole,
                           keep_one=not whole)

    def suggest_go_down(self, st: CFState, p: int) -> GoDown | None:
        """The solver's best going-down for seat ``p`` now (a ``GoDown``) or ``None``."""
        rnd = st.round
        wr = self.wild_ranks(rnd)
        whole = rnd == 7 and self.spec.round7_whole_hand
        if not might_meet(st.hands[p], self.spec.contract(rnd), wr, not whole,
                          self._wild_caps(rnd), self._run_min(rnd), whole):
            return None
        plan = solve_go_down(st.hands[p], self.solver_req(st.round), wr,
                             lambda f: self.spec.value(f, wr))
        if plan is None:
            return None
        return GoDown(p, tuple(MeldDecl(m.kind, tuple(c >> 3 for c in m.cards), tuple(m.roles))
                               for m in plan))
