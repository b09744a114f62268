"""Latency of the contract solver (``table_app.core.solver``).

A seeded corpus of hands: sizes 7..24, 0..8 wilds, every round's contract (1..7) of the
three contract-family variants; a third of the hands favour one or two suits, as a player
collecting runs does (Contract Rummy with and without deuces wild, May I?,
Mexican Rummy with its rising wild rank), from two 54-card decks; and an adversarial
corpus (``adversarial_corpus``: long one-suit hands from two and four decks, eight
wilds, two suits, sets from four decks) built to make the search long.  Each hand is
solved with ``solve_go_down`` once and timed in CPU time; ``run()`` returns the
distributions in milliseconds; the goal is the adversarial corpus's worst case <= 10 ms.

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


#: the adversarial families (``adversarial_corpus``): what makes the search long
FAMILIES = ("one_suit", "one_suit_4_decks", "two_suits", "eight_wilds", "sets_4_decks")


def adversarial_corpus(per: int = 3, seed: int = 20261201):
    """Hands built to make the solver search long: ``per`` hands of every family at
    every size in (16, 20, 24) and every round of every contract-family variant (Contract
    with and without deuces wild, May I?, Mexican): ``(hand, req, wild_ranks, value,
    size, wilds, family)``.

    * ``one_suit``: the naturals all of one suit from two decks (26 cards to draw from:
      long runs, every split of them into runs tried), 0-8 wilds;
    * ``one_suit_4_decks``: the same from four decks (four copies of each card);
    * ``two_suits``: the naturals of two suits, two decks, 2-8 wilds;
    * ``eight_wilds``: eight wilds (jokers and wild-rank cards) and random naturals;
    * ``sets_4_decks``: four decks, the naturals of four to six ranks (many ways to
      split them into sets), 0-4 wilds.
    """
    rng = random.Random(seed)
    decks = {2: make_deck(2, 2), 4: make_deck(4, 2)}
    out = []
    kinds = ["contract", "contract_deuces", "may_i", "mexican"]
    for family in FAMILIES:
        nd = 4 if "4_decks" in family else 2
        deck = decks[nd]
        for kind in kinds:
            for rnd in range(1, 8):
                if kind == "contract_deuces":
                    wr, base = frozenset({2}), "contract"
                elif kind == "mexican":
                    wr, base = frozenset({rnd + 2}), kind
                else:
                    wr, base = frozenset(), kind
                wilds = [c for c in deck if (c >> 3) == JOKER or FACE_RANK[c >> 3] in wr]
                plain = [c for c in deck if (c >> 3) != JOKER and FACE_RANK[c >> 3] not in wr]
                for size in (16, 20, 24):
                    for _ in range(per):
                        if family.startswith("one_suit"):
                            nw = rng.randint(0, 8)
                            suit = rng.randrange(4)
                            pool = [c for c in plain if (c >> 3) // 13 == suit]
                        elif family == "two_suits":
                            nw = rng.randint(2, 8)
                            su = rng.sample(range(4), 2)
                            pool = [c for c in plain if (c >> 3) // 13 in su]
                        elif family == "eight_wilds":
                            nw = 8
                            pool = plain
                        else:
                            nw = rng.randint(0, 4)
                            ranks = rng.sample([r for r in range(2, 15) if r not in wr],
                                               rng.randint(4, 6))
                            pool = [c for c in plain if FACE_RANK[c >> 3] in ranks]
                        nw = min(nw, len(wilds), size - 4)
                        nn = min(size - nw, len(pool))
                        hand = rng.sample(wilds, nw) + rng.sample(pool, nn)
                        rng.shuffle(hand)
                        wild_rank = next(iter(wr)) if wr else None
                        out.append((tuple(hand), _req(base, rnd), wr, _value(base, wild_rank),
                                    len(hand), nw, family))
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
    """Time ``solve_go_down`` (and ``can_meet``) over the seeded corpus and the
    adversarial one, in CPU time (``time.thread_time``: the thread's own time, which
    other processes of a shared machine do not add to), each hand timed once: the
    figures are the worst case as it comes, not the fastest of several tries.

    Returns a dict: ``median_ms``, ``p90_ms``, ``p99_ms``, ``max_ms``, ``n`` over the
    random corpus, plus the same for ``small`` (<= 14 cards, <= 4 wilds), ``large``
    (the rest), ``big`` (20+ cards, 6+ wilds), ``can_meet``; ``feasible`` (the share of
    hands that can go down); ``adversarial``: the same over ``adversarial_corpus`` with
    ``families`` (each family's), ``worst`` (the slowest hands) and ``can_meet``.
    """
    cases = corpus(400 if quick else 4000)
    allv, small, large, big, cm = [], [], [], [], []
    feasible = 0
    clock = time.thread_time
    for hand, req, wr, value, size, nwild in cases:
        t0 = clock()
        res = solve_go_down(hand, req, wr, value)
        t1 = clock()
        ok = can_meet(hand, req, wr)
        t2 = clock()
        ms = (t1 - t0) * 1000.0
        allv.append(ms)
        (small if size <= 14 and nwild <= 4 else large).append(ms)
        if size >= 20 and nwild >= 6:
            big.append(ms)
        cm.append((t2 - t1) * 1000.0)
        feasible += res is not None
        assert ok == (res is not None)
    out = _dist(allv)
    out["small"] = _dist(small)
    out["large"] = _dist(large)
    out["big"] = _dist(big)
    out["can_meet"] = _dist(cm)
    out["feasible"] = round(feasible / len(cases), 3)
    out["clock"] = "CPU time (time.thread_time), each hand timed once"
    adv = adversarial_corpus(1 if quick else 3)
    fam: dict = {}
    av, acm, worst = [], [], []
    for hand, req, wr, value, size, nwild, family in adv:
        t0 = clock()
        res = solve_go_down(hand, req, wr, value)
        t1 = clock()
        ok = can_meet(hand, req, wr)
        t2 = clock()
        assert ok == (res is not None)
        ms = (t1 - t0) * 1000.0
        av.append(ms)
        acm.append((t2 - t1) * 1000.0)
        fam.setdefault(family, []).append(ms)
        worst.append((ms, family, size, nwild, req))
    worst.sort(key=lambda x: -x[0])
    out["adversarial"] = dict(_dist(av), families={k: _dist(v) for k, v in fam.items()},
                              can_meet=_dist(acm),
                              worst=[{"ms": round(ms, 3), "family": f, "cards": n, "wilds": w,
                                      "contract": f"{r.sets} sets + {r.runs} runs, sets "
                                                  f"{r.set_min}-{r.set_max or 'any'}, runs "
                                                  f"{r.run_min}-{r.run_max or 'any'}"
                                                  + (", CR-4" if r.naturals_majority else "")
                                                  + (", whole hand" if r.whole_hand else "")}
                                     for ms, f, n, w, r in worst[:5]])
    return out


if __name__ == "__main__":
    print(json.dumps(run()))
