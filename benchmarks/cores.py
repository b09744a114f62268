"""The search's worker processes (``table_app/ai/pool.py``, issue 18): what more cores
give a hard decision, measured on the hard level as it plays.

    python -m benchmarks.cores --variant mexican --decisions 40 --cores 2 --budget-ms 300

Seeded 4-seat games of normal players (seeds from ``--seed``); at each decision the hard
level searches (a contract-family search point, ``last_stats["searched"]``, or every
Michigan lead with a choice), hard decides twice, interleaved (the order alternating, each
from empty hand-analysis memos): on one core (no pool) and with ``--cores``
(``pool.configure``), the same observation and the same random numbers.  Per decision: the worlds searched, those from the workers, the deciding
thread's CPU ms, the wall ms, and the workers' CPU ms (their processes' user + system
time from ``/proc``, Linux; ``null`` elsewhere); whether the two picks agree.  Printed:
JSON with the means, p50/p99 and the per-decision rows.  Numbers are not asserted
anywhere; tests do not time anything.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time

from table_app.ai import make_player, pool
from table_app.ai.contract_eval import clear_memos
from table_app.ai.simulate import percentile


def _proc_cpu_ms(pids) -> float | None:
    """User + system CPU ms of the processes ``pids`` (``/proc/PID/stat``), or ``None``."""
    try:
        tick = os.sysconf("SC_CLK_TCK")
        tot = 0
        for pid in pids:
            with open(f"/proc/{pid}/stat") as f:
                parts = f.read().rsplit(")", 1)[1].split()
            tot += int(parts[11]) + int(parts[12])
        return tot * 1000.0 / tick
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _worker_pids(sp) -> list[int]:
    procs = getattr(getattr(sp, "_ex", None), "_processes", None) or {}
    return [p.pid for p in procs.values()]


def decisions(variant: str, count: int, seed0: int):
    """``count`` (observation, legal) where hard searches, from normal players' games."""
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)({})
    probe = make_player("hard", variant, budget_ms=50.0)
    normal = make_player("normal", variant)
    out = []
    seed = seed0
    while len(out) < count:
        eng = Engine(rules, 4, seed=seed, auto=True)
        rng = random.Random(seed)
        while len(out) < count and eng.to_act() is not None:
            legal = eng.legal_actions()
            if not legal:
                if not eng.deal_next():
                    break
                continue
            obs = eng.observe(eng.to_act()[0])
            if len(legal) >= 2:
                probe.last_stats = {}
                probe.decide(obs, legal, random.Random(0))
                st = getattr(probe, "last_stats", {}) or {}
                if st.get("searched") or (variant == "michigan" and st.get("worlds")):
                    out.append((obs, legal))
            eng.apply(normal.choose(obs, legal, rng))
        seed += 1
    return out


def run(variant: str, count: int, cores: int, budget_ms: float, seed0: int = 61_000,
        log=None) -> dict:
    c0 = time.process_time()
    pts = decisions(variant, count, seed0)
    hard = make_player("hard", variant, budget_ms=budget_ms)
    pool.shutdown()
    sp = pool.configure(cores)
    if sp is not None:
        sp.wait_ready(120.0)
    rows = []
    for i, (obs, legal) in enumerate(pts):
        row: dict = {"phase": str(obs.phase)}
        # interleaved, the order alternating; each from empty hand-analysis memos (the
        # second would find the first one's analyses of this hand: regret.pick)
        for mode in (("one", "pool") if i % 2 == 0 else ("pool", "one")):
            clear_memos()
            saved = pool._POOL
            if mode == "one":
                pool._POOL = None          # this decision on one core
            w0 = _proc_cpu_ms(_worker_pids(saved)) if mode == "pool" else None
            t, w = time.thread_time(), time.perf_counter()
            a, _ = hard.decide(obs, legal, random.Random(i))
            t, w = (time.thread_time() - t) * 1000, (time.perf_counter() - w) * 1000
            pool._POOL = saved
            if mode == "pool" and saved is not None:
                # the workers' CPU for this decision: wait for a late one to finish
                end = time.perf_counter() + 5.0
                while saved.idle() < saved.workers and time.perf_counter() < end:
                    time.sleep(0.005)
            w1 = _proc_cpu_ms(_worker_pids(saved)) if mode == "pool" else None
            st = dict(getattr(hard, "last_stats", {}) or {})
            row[mode] = {"worlds": st.get("worlds"), "pooled": st.get("pooled", 0),
                         "cpu_ms": round(t, 1), "wall_ms": round(w, 1),
                         "workers_cpu_ms": None if w0 is None or w1 is None
                         else round(w1 - w0, 1), "action": a.to_json()}
        row["same_pick"] = row["one"]["action"] == row["pool"]["action"]
        rows.append(row)
        if log:
            log(f"cores {variant}: {i + 1}/{len(pts)} worlds {row['one']['worlds']} -> "
                f"{row['pool']['worlds']}")
    pool.shutdown()

    def stats(mode: str, k: str) -> dict:
        xs = [r[mode][k] for r in rows if r[mode][k] is not None]
        if not xs:
            return {}
        return {"mean": round(sum(xs) / len(xs), 1), "p50": round(percentile(xs, 50), 1),
                "p99": round(percentile(xs, 99), 1), "max": round(max(xs), 1)}
    return {"variant": variant, "decisions": len(rows), "cores": cores,
            "budget_ms": budget_ms, "seed0": seed0, "machine_cpus": os.cpu_count(),
            "one": {k: stats("one", k) for k in ("worlds", "cpu_ms", "wall_ms")},
            "pool": {k: stats("pool", k) for k in ("worlds", "pooled", "cpu_ms", "wall_ms",
                                                  "workers_cpu_ms")},
            "same_pick": sum(r["same_pick"] for r in rows),
            "cpu_s": round(time.process_time() - c0, 1), "rows": rows}


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m benchmarks.cores",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="mexican")
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--seed", type=int, default=61_000)
    args = ap.parse_args(argv)

    def log(m):
        print(m, file=sys.stderr, flush=True)
    print(json.dumps(run(args.variant, args.decisions, args.cores, args.budget_ms,
                         args.seed, log=log)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
