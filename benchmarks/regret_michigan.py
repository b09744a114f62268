"""The regret ceiling for Michigan (issue 18): ``benchmarks.regret`` calls these where
the variant is ``michigan``; the points, the players, the regret and the paired
differences are the contract family's (see ``benchmarks/regret.py``).

**Decision points** (``regret.is_choice``).  Michigan's one choice is the lead (MG-5,
MG-8: which suit's lowest card, where the leader holds two or more suits to lead); a
follow is forced (MG-6).

**The ceiling** (``evaluate_all``), stated exactly: worlds the rules deal from the
leader's observation (``rules.sample_world``: the other hands and the widow, every
unseen card at random where the stops and leads allow, no opponent model, unweighted),
until ``eval_ms`` CPU ms are spent and at least ``min_worlds`` are done; in each world
every candidate lead is played and then the **whole deal** to its end (MG-10) by a **mix
of policies per seat**: each of the seats, the leader included, leads the rest of the
deal by the normal level's policy (``michigan_ai._policy_lead``) or by the hard level's
heuristic (``hard_lead_value``, ``michigan_ai._hard_lead``) with chances 3/4 and 1/4
(``regret.MIX``: every policy but ``normal`` there is the hard heuristic here), drawn per world and seat; the same world and draw
for every candidate (paired).  A rollout's value is the leader's chips from the deal:
the pay cells it takes (MG-9), the kitty and the card payments (MG-10), plus an equal
share of the cells left (they carry over and are shared at the session's end, MG-11):
chips, + good.  Saved per candidate: every world's value (``round(v, 3)``).

**The truth ceiling** (``truth``): the same rollouts in the real deal (every hand and the
widow as they are), the policy draw still random per world: Michigan has no stock, so
the deal itself is fixed.

**oracle_hands**: ``OracleMichigan`` (each lead played out in the real deal by the
normal policy; the best).
"""
from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any


def evaluate_all(rules, obs, cands: list, seed: int, eval_ms: float,
                 min_worlds: int = 16, max_worlds: int = 100_000,
                 truth: Sequence[int] | None = None, worlds: int | None = None,
                 mix: Sequence[tuple[str, float]] = (("normal", 0.75), ("hard", 0.25))
                 ) -> dict:
    """The ceiling's values of the leads ``cands`` (see the module): ``{"per_world":
    {key: [chips]}, "worlds": n, "cpu_s": s, "cut": 0}``.  ``truth``: the real deal's
    ``loc`` (the truth ceiling), else sampled worlds.  World ``k`` depends only on
    ``seed`` and ``k``; ``worlds``: exactly that many (else CPU-bounded by ``eval_ms``).
    Raises ``ValueError`` from ``rules.sample_world`` where no deal fits ``obs``."""
    from benchmarks.regret import akey, more_worlds
    from table_app.ai.michigan_ai import _World, rollout
    rng = random.Random(seed)
    per: dict[str, list[float]] = {akey(a): [] for a in cands}
    me, n_seats = obs.seat, obs.num_players
    stopped_suit = obs.sequence[0] if (obs.sequence is not None and obs.stopped) else -1
    cells = dict(obs.layout)
    p_hard = sum(p for name, p in mix if name != "normal")   # the hard heuristic's share
    c0 = time.process_time()
    n = 0
    while more_worlds(n, c0, eval_ms, min_worlds, max_worlds, worlds):
        loc = list(truth) if truth is not None else list(rules.sample_world(obs, rng).loc)
        hard = {s for s in range(n_seats) if rng.random() < p_hard}
        for a in cands:
            w = _World(n_seats, list(loc), cells, obs.kitty)
            v = rollout(w, me, a.card, stopped_suit, -1, hard)[me]
            v += sum(float(c) for c in w.cells.values()) / n_seats
            per[akey(a)].append(round(v, 3))
        n += 1
    return {"per_world": per, "worlds": n, "cpu_s": round(time.process_time() - c0, 2),
            "cut": 0}


def oracle_pick(obs, cands: list, loc: Sequence[int]) -> tuple[Any, int]:
    """``oracle_hands`` in Michigan: ``OracleMichigan``'s lead in the real deal ``loc``
    (each lead played out by the normal policy, the most chips); ``(lead, 1)``."""
    from table_app.ai.oracle import OracleMichigan
    vals = OracleMichigan.lead_values(obs, cands, loc)
    return max(cands, key=lambda a: (vals[a], -a.card)), 1


__all__ = ["evaluate_all", "oracle_pick"]
