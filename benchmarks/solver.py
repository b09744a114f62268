"""Latency of the contract solver (``table_app.core.solver``).

A seeded corpus of hands: sizes 7..24, 0..8 wilds, every round's contract (1..7) of the
three contract-family variants; a third of the hands favour one or two suits, as a player
collecting runs does (Contract Rummy with and without deuces wild, May I?,
Mexican Rummy with its rising wild rank), from two 54-card decks.  Each hand is solved
with ``solve_go_down`` and timed; ``run()`` returns the distribution in milliseconds,
overall and for the two targets: hands of up to 14 cards with up to 4 wilds (p99 <= 1 ms)
and all hands up to 24 cards with up to 8 wilds (p99 <= 10 ms).

    python -m benchmarks.solver          # prints json
"""
from __future__ import annotations

import json
import random
import time

from table_app.core.cards import FACE_RANK, JOKER, make_deck
from table_app.core.solver import ContractReq, can_meet, solve_go_down

_ROUNDS = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2)]


def _value(variant: str, wild_rank: int | None):
    def contract(face: int) -> int:
        if face == JOKER:
            return 20
        r = FACE_RANK[face]
        return 20 if r in (2, 14) else (10 if r >= 10 else 5)

    def may_i(face: int) -> int:
        if face == JOKER:
            return 25
        r = FACE_RANK[face]
        return 15 if r == 14 else (10 if r >= 10 else r)

    def mexican(face: int) -> int:
        if face == JOKER or FACE_RANK[face] == wild_rank:
            return 20
        r = FACE_RANK[face]
        return 15 if r == 14 else (10 if r >= 10 else 5)

    return {"contract": contract, "may_i": may_i, "mexican": mexican}[variant]


def _req(variant: str, rnd: int) -> ContractReq:
    if variant == "contract":
        if rnd == 7:
            return ContractReq(2, 1, 3, None, 7, None, naturals_majority=True,
                               whole_hand=True, keep_one=False)
        s, r = _ROUNDS[rnd - 1]
        return ContractReq(s, r, 3, 3, 4, 4, naturals_majority=True)
    if rnd == 7:
        if variant == "may_i":
            return ContractReq(0, 3)
        return ContractReq(0, 3, whole_hand=True, keep_one=False)
    s, r = _ROUNDS[rnd - 1]
    return ContractReq(s, r)


def corpus(n: int, seed: int = 20261130):
    """``n`` cases ``(hand, req, wild_ranks, value, size, wilds)``, seeded."""
    rng = random.Random(seed)
    deck = make_deck(2, 2)
    out = []
    variants = ["contract", "contract_deuces", "may_i", "mexican"]
    for i in range(n):
        variant = variants[i % 4]
        rnd = rng.randint(1, 7)
        size = rng.randint(7, 24)
        nwild = rng.randint(0, min(8, size - 3))
        if variant == "contract_deuces":
            wr = frozenset({2})
            base = "contract"
        elif variant == "mexican":
            wr = frozenset({rnd + 2})
            base = variant
        else:
            wr = frozenset()
            base = variant
        wilds = [c for c in deck if (c >> 3) == JOKER or FACE_RANK[c >> 3] in wr]
        plain = [c for c in deck if c not in set(wilds)]
        if i % 3 == 2:
            # a hand that collected one or two suits (players building runs)
            fav = rng.sample(range(4), rng.randint(1, 2))
            pref = [c for c in plain if (c >> 3) // 13 in fav]
            nfav = min(len(pref), (size - nwild) * 3 // 4)
            picked = rng.sample(pref, nfav)
            rest = [c for c in plain if c not in set(picked)]
            plain_part = picked + rng.sample(rest, size - min(nwild, len(wilds)) - nfav)
        else:
            plain_part = rng.sample(plain, size - min(nwild, len(wilds)))
        hand = rng.sample(wilds, min(nwild, len(wilds))) + plain_part
        rng.shuffle(hand)
        wild_rank = next(iter(wr)) if wr else None
        out.append((tuple(hand), _req(base, rnd), wr, _value(base, wild_rank), size, nwild))
    return out


def _dist(ms: list[float]) -> dict:
    if not ms:
        return {"n": 0}
    s = sorted(ms)

    def q(p):
        return round(s[min(len(s) - 1, int(p * len(s)))], 4)
    return {"n": len(s), "median_ms": q(0.5), "p90_ms": q(0.9), "p99_ms": q(0.99),
            "max_ms": round(s[-1], 4)}


def run(quick: bool = False) -> dict:
    """Time ``solve_go_down`` (and ``can_meet``) over the seeded corpus.

    Each hand is timed ``3`` times (once with ``quick``) and its fastest time kept, so
    that other processes on the machine and garbage collection don't masquerade as
    solver cost.  Returns a dict: ``median_ms``, ``p90_ms``, ``p99_ms``, ``max_ms``, ``n`` over every
    case, plus the same for ``small`` (<= 14 cards, <= 4 wilds), ``large`` (the rest),
    ``can_meet``, and ``feasible`` (the share of hands that can go down).
    """
    cases = corpus(400 if quick else 4000)
    allv, small, large, big, cm = [], [], [], [], []
    feasible = 0
    clock = time.perf_counter
    reps = 1 if quick else 3
    for hand, req, wr, value, size, nwild in cases:
        ms = ms2 = float("inf")
        for _ in range(reps):
            t0 = clock()
            res = solve_go_down(hand, req, wr, value)
            t1 = clock()
            ok = can_meet(hand, req, wr)
            t2 = clock()
            ms = min(ms, (t1 - t0) * 1000.0)
            ms2 = min(ms2, (t2 - t1) * 1000.0)
        allv.append(ms)
        (small if size <= 14 and nwild <= 4 else large).append(ms)
        if size >= 20 and nwild >= 6:
            big.append(ms)
        cm.append(ms2)
        feasible += res is not None
        assert ok == (res is not None)
    out = _dist(allv)
    out["small"] = _dist(small)
    out["large"] = _dist(large)
    out["big"] = _dist(big)
    out["can_meet"] = _dist(cm)
    out["feasible"] = round(feasible / len(cases), 3)
    return out


if __name__ == "__main__":
    print(json.dumps(run()))
