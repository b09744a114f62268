"""The search level against hard, and regret per decision against a fair ceiling (issue 18).

    python -m benchmarks.search duel --variant contract --hi search --lo hard \
        --games 16 --budget-ms 100
    python -m benchmarks.search regret --variant contract --points 200 --save FILE.json
    python -m benchmarks.search latency --variant contract --seats 8 --budget-ms 300

``duel``: a 4-seat table ``hi lo hi lo`` over duplicate deals (``play_game(duplicate=
True)``: every deal of a seed is the same cards in every game of the seed), each seed
played twice with the levels swapped between the seats, so the luck of the deal cancels;
``margin`` is how much better ``hi`` did a game, paired by seed (contract games:
points, fewer is better; Michigan: chips, more is better; + = ``hi`` better) with its
95% interval.  Beside it every level's decision CPU time (the deciding thread's,
``p50/p99/max_cpu_ms``) and the run's own CPU seconds (``time.process_time``).

``regret``: regret per decision against a saved fair ceiling: ``benchmarks/regret.py``
(``python -m benchmarks.search regret ARGS`` is ``python -m benchmarks.regret ARGS``;
``--save FILE`` builds the ceiling, ``--load FILE...`` re-scores players from it).

``pool A.json B.json``: duels of one pairing on disjoint seeds (two 100-game halves)
pooled as one run.

``latency``: the decision CPU ms (p50/p99/max, and how many went over the budget) of
``search`` and ``hard`` alternating round a table of ``--seats`` (default 8), the first
``--actions`` actions of a seeded game.

Numbers are not asserted anywhere; tests do not time anything.  Progress on stderr,
JSON on stdout.
"""
from __future__ import annotations

import json
import sys
import time

from table_app.ai import make_player
from table_app.ai.simulate import percentile, play_game

from .ai import _paired, _rot


def duel(variant: str, hi: str, lo: str, games: int, budget_ms: float, seed0: int = 40_000,
         log=None, hard_search: str | None = None, blunders: bool = False) -> dict:
    """``hi lo hi lo`` over ``games`` duplicate games (seats rotated, paired by seed).
    ``hard_search``: the hard contract-family players' search points instead of their
    default (``HardContract.search_points``, rule ids comma-separated; ``""``: none).
    ``blunders``: also count each level's blunders and their chances (``"blunders"``,
    ``"blunder_chances"``: ``ai.blunders.BLUNDERS``, counted as ``simulate --json``
    counts them, outside the timed decisions)."""
    from table_app.ai.blunders import BLUNDERS, zero
    t0, c0 = time.perf_counter(), time.process_time()
    table = [hi, lo, hi, lo]
    k = 2
    blocks: list[dict] = []
    block: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {hi: [], lo: []}
    counts = {hi: zero(), lo: zero()}
    chances = {hi: zero(), lo: zero()}
    for g in range(games):
        levels = _rot(table, g)
        players = [make_player(lv, variant, budget_ms=budget_ms) for lv in levels]
        if hard_search is not None:
            for p in players:
                if hasattr(p, "search_points"):
                    p.search_points = frozenset(x for x in hard_search.split(",") if x)
        res = play_game(variant, levels, seed=seed0 + g // k, budget_ms=budget_ms,
                        duplicate=True, players=players, count_blunders=blunders)
        for s, lv in enumerate(levels):
            block.setdefault(lv, []).append(res.totals[s])
            cpu[lv].extend(res.cpu_ms[s])
            for b in BLUNDERS if blunders else ():
                counts[lv][b] += res.blunders[s][b]
                chances[lv][b] += res.chances[s][b]
        if g % k == k - 1 or g == games - 1:
            blocks.append({lv: sum(x) / len(x) for lv, x in block.items()})
            block = {}
        if log:
            part = _paired(blocks, hi, lo, 1.0 if variant == "michigan" else -1.0) \
                if len(blocks) > 1 else {}
            log(f"duel {variant} {hi}>{lo}: game {g + 1}/{games} "
                f"({time.process_time() - c0:.0f} CPU s) so far {json.dumps(part)}")
    sign = 1.0 if variant == "michigan" else -1.0
    out = _paired(blocks, hi, lo, sign)
    out["diffs"] = [round(sign * (b[hi] - b[lo]), 3) for b in blocks if hi in b and lo in b]
    if hard_search is not None:
        out["hard_search"] = hard_search
    if blunders:
        out["blunders"], out["blunder_chances"] = counts, chances
    out.update({"variant": variant, "hi": hi, "lo": lo, "games": games, "budget_ms": budget_ms,
                "seeds": f"{seed0}..{seed0 + (games - 1) // k}",
                "cpu_ms": {lv: {"decisions": len(x), "p50": _r(percentile(x, 50)),
                                "p99": _r(percentile(x, 99)), "max": _r(max(x) if x else None)}
                           for lv, x in cpu.items()},
                "wall_s": round(time.perf_counter() - t0, 1),
                "cpu_s": round(time.process_time() - c0, 1)})
    return out


def latency(variant: str, seats: int, budget_ms: float, actions: int, seed: int = 60_000,
            levels=("search", "hard")) -> dict:
    """Decision CPU ms (the deciding thread's) of ``levels`` alternating round a table of
    ``seats``, the first ``actions`` actions of a seeded game."""
    c0 = time.process_time()
    table = [levels[s % len(levels)] for s in range(seats)]
    players = [make_player(lv, variant, budget_ms=budget_ms) for lv in table]
    res = play_game(variant, table, seed=seed, budget_ms=budget_ms, players=players,
                    max_actions=actions)
    cpu: dict[str, list[float]] = {lv: [] for lv in levels}
    for s, lv in enumerate(table):
        cpu[lv].extend(res.cpu_ms[s])
    return {"variant": variant, "seats": seats, "budget_ms": budget_ms, "actions": res.actions,
            "cpu_ms": {lv: {"decisions": len(x), "p50": _r(percentile(x, 50)),
                            "p99": _r(percentile(x, 99)), "max": _r(max(x) if x else None),
                            "over_budget": sum(1 for t in x if t > budget_ms)}
                       for lv, x in cpu.items()},
            "cpu_s": round(time.process_time() - c0, 1)}


def pool(runs: list[dict]) -> dict:
    """Duels of the same pairing on disjoint seeds (e.g. two 100-game halves) pooled as one
    run: the mean and 95% interval (``mean_ci``'s normal approximation) over all their
    blocks, from each run's ``margin``, ``ci95`` and ``blocks`` (exact but for their
    rounding to 0.01); every level's CPU decisions and p99 are the runs' largest p99."""
    import math
    n = sum(r["blocks"] for r in runs)
    m = sum(r["margin"] * r["blocks"] for r in runs) / n
    ss = 0.0
    for r in runs:
        k = r["blocks"]
        sd = r["ci95"] / 1.96 * math.sqrt(k)
        ss += (k - 1) * sd * sd + k * (r["margin"] - m) ** 2
    ci = 1.96 * math.sqrt(ss / (n - 1) / n)
    lv = {lv for r in runs for lv in r["cpu_ms"]}
    return {"variant": runs[0]["variant"], "hi": runs[0]["hi"], "lo": runs[0]["lo"],
            "games": sum(r["games"] for r in runs), "blocks": n, "margin": round(m, 2),
            "ci95": round(ci, 2), "outside_ci": bool(m - ci > 0),
            "halves": [{"seeds": r["seeds"], "margin": r["margin"], "ci95": r["ci95"]}
                       for r in runs],
            "cpu_ms": {x: {"decisions": sum(r["cpu_ms"][x]["decisions"] for r in runs),
                           "p99_max_of_runs": max(r["cpu_ms"][x]["p99"] for r in runs),
                           "max": max(r["cpu_ms"][x]["max"] for r in runs)} for x in sorted(lv)},
            "cpu_s": round(sum(r["cpu_s"] for r in runs), 1),
            **_pooled_blunders(runs)}


def _pooled_blunders(runs: list[dict]) -> dict:
    """The runs' blunder counts and chances summed per level, when every run counted them."""
    if not runs or not all("blunders" in r for r in runs):
        return {}
    out: dict = {"blunders": {}, "blunder_chances": {}}
    for key in out:
        for r in runs:
            for lv, d in r[key].items():
                acc = out[key].setdefault(lv, {})
                for b, n in d.items():
                    acc[b] = acc.get(b, 0) + n
    return out


def _r(x):
    return None if x is None else round(x, 1)


def main(argv=None) -> int:
    import argparse
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["regret"]:
        from .regret import main as regret_main
        return regret_main(argv[1:])
    if argv[:1] == ["pool"]:                     # pool DUEL.json ...: the runs as one
        runs = []
        for path in argv[1:]:
            with open(path) as fh:
                runs.append(json.loads(fh.read().strip().splitlines()[-1]))
        print(json.dumps(pool(runs)))
        return 0
    ap = argparse.ArgumentParser(prog="python -m benchmarks.search",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("part", choices=("duel", "latency"))
    ap.add_argument("--seats", type=int, default=8)
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--variant", default="contract")
    ap.add_argument("--hi", default="search")
    ap.add_argument("--lo", default="hard")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--hard-search", default=None,
                    help="hard's search points, e.g. MX-7,CR-5,MI-5 ('' none; default its own)")
    ap.add_argument("--blunders", action="store_true",
                    help="also count each level's blunders (as simulate --json does)")
    args = ap.parse_args(argv)

    def log(m):
        print(m, file=sys.stderr, flush=True)
    if args.part == "duel":
        res = duel(args.variant, args.hi, args.lo, args.games, args.budget_ms,
                   **({"seed0": args.seed} if args.seed is not None else {}), log=log,
                   hard_search=args.hard_search, blunders=args.blunders)
    else:
        res = latency(args.variant, args.seats, args.budget_ms, args.actions)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
