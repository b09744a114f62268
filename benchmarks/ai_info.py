"""Where the oracle's edge comes from (issue 5): the contract-family oracle split by what it sees.

The oracle (``table_app.ai.oracle.OracleContract``) plays candidates out in the true
state: it knows the other hands *and* the stock order.  Two partial oracles, for this
benchmark only, search the same way in worlds that keep one of the two hidden:

* ``oracle_stock``: the true stock order, the other hands dealt at random from the cards
  they could hold (their known cards kept, as the hard level samples them);
* ``oracle_hands``: the true other hands, the stock shuffled;
* ``oracle``: both true (the full oracle, ``samples`` rollouts of the true world).

Each plays ``X normal X normal`` against normal over duplicate deals (each seed twice,
the seats swapped), paired by seed: the margin is how many points a game better X did
(fewer points is better; + = X did better), with its 95% interval.  If most of the
full oracle's margin comes with the stock order alone, no player that sees only its own
observation can close most of the normal -> oracle gap: the stock order is not in any
observation.

    python -m benchmarks.ai_info --variant contract --seeds 30 --json out.json

Progress on stderr, JSON on stdout.  Not a test; numbers are not asserted.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import replace

from table_app.ai import make_player
from table_app.ai.oracle import OracleContract
from table_app.ai.simulate import mean_ci, play_game


class StockOracle(OracleContract):
    """Knows the stock order; the other hands' unknown cards are dealt at random among them."""

    level = "oracle_stock"

    def world(self, state, obs, rng):
        rng = random.Random(rng.random())
        me = obs.seat
        known = [tuple(obs.known[s]) for s in range(obs.num_players)]
        pool = [c for s, h in enumerate(state.hands) if s != me for c in h if c not in set(known[s])]
        rng.shuffle(pool)
        hands, k = [], 0
        for s, h in enumerate(state.hands):
            if s == me:
                hands.append(h)
                continue
            need = len(h) - len(known[s])
            hands.append(known[s] + tuple(pool[k:k + need]))
            k += need
        return replace(state, hands=tuple(hands))


class HandsOracle(OracleContract):
    """Sees the other hands; the stock is shuffled."""

    level = "oracle_hands"

    def world(self, state, obs, rng):
        rng = random.Random(rng.random())
        stock = list(state.stock)
        rng.shuffle(stock)
        return replace(state, stock=tuple(stock))


KINDS = {"oracle_stock": StockOracle, "oracle_hands": HandsOracle, "oracle": OracleContract}


def margin(variant: str, kind: str, seeds: int, seed0: int, budget_ms: float, samples: int,
           log=None) -> dict:
    """``kind`` against normal at ``X normal X normal`` over ``seeds`` duplicate seeds."""
    diffs = []
    t = time.perf_counter()
    for k in range(seeds):
        seed = seed0 + k
        d = 0.0
        for first in (True, False):
            levels = [kind if (s % 2 == 0) == first else "normal" for s in range(4)]
            players = [KINDS[lv](variant, budget_ms=budget_ms, samples=samples) if lv != "normal"
                       else make_player("normal", variant) for lv in levels]
            res = play_game(variant, ["oracle" if lv != "normal" else lv for lv in levels], seed,
                            players=players, budget_ms=budget_ms, duplicate=True)
            x = [res.totals[s] for s in range(4) if levels[s] == kind]
            n = [res.totals[s] for s in range(4) if levels[s] == "normal"]
            d += -(sum(x) / len(x) - sum(n) / len(n))  # fewer points is better
        diffs.append(d / 2)
        if log and (k + 1) % 5 == 0:
            m, ci = mean_ci(diffs)
            log(f"{variant} {kind}: {k + 1} seeds, {m:+.1f} ± {ci:.1f} "
                f"({time.perf_counter() - t:.0f} s)")
    m, ci = mean_ci(diffs)
    return {"variant": variant, "player": kind, "seeds": seeds, "games": 2 * seeds,
            "seed0": seed0, "budget_ms": budget_ms, "samples": samples,
            "margin_vs_normal": round(m, 2), "ci95": None if ci != ci else round(ci, 2),
            "seconds": round(time.perf_counter() - t, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ai_info", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="contract", choices=("contract", "may_i", "mexican"))
    ap.add_argument("--players", default="oracle_stock,oracle_hands,oracle",
                    help="comma-separated: oracle_stock, oracle_hands, oracle")
    ap.add_argument("--seeds", type=int, default=30, help="duplicate seeds (two games each)")
    ap.add_argument("--seed0", type=int, default=9000)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--samples", type=int, default=4, help="worlds searched per decision")
    ap.add_argument("--json", default=None, help="also write the JSON to this file")
    args = ap.parse_args(argv)
    out = [margin(args.variant, k, args.seeds, args.seed0, args.budget_ms, args.samples,
                  log=lambda m: print(m, file=sys.stderr, flush=True))
           for k in args.players.split(",") if k]
    text = json.dumps({"info": out})
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
