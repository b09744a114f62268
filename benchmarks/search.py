"""The search level against hard, and regret per decision against a fair ceiling (issue 18).

    python -m benchmarks.search duel --variant contract --hi search --lo hard \
        --games 16 --budget-ms 100
    python -m benchmarks.search regret --variant contract --points 20 --worlds 24
    python -m benchmarks.search latency --variant contract --seats 8 --budget-ms 300

``duel``: a 4-seat table ``hi lo hi lo`` over duplicate deals (``play_game(duplicate=
True)``: every deal of a seed is the same cards in every game of the seed), each seed
played twice with the levels swapped between the seats, so the luck of the deal cancels;
``margin`` is how much better ``hi`` did a game, paired by seed (contract games:
points, fewer is better; Michigan: chips, more is better; + = ``hi`` better) with its
95% interval.  Beside it every level's decision CPU time (the deciding thread's,
``p50/p99/max_cpu_ms``) and the run's own CPU seconds (``time.process_time``).

``regret``: decision points sampled from seeded games of normal players (a real choice:
take or pass, buy or pass, go down or wait, a discard among several), and at each
``normal``, ``hard`` and ``search`` (at ``--budget-ms``) and ``oracle_hands`` (the search
given the other hands: the value of perfect hand reading) pick an action; one long fair
evaluation (``is_search.evaluate``: ``--worlds`` worlds the rules deal from the
observation, whole-deal rollouts of every picked action and hard's shortlist, paired)
scores them, and a player's *regret* is the expected points its pick loses against the
best action found (0 = it picked the best).  Reported per player: the mean regret per
decision with its 95% interval, and how often it picked the best.

``latency``: the decision CPU ms (p50/p99/max, and how many went over the budget) of
``search`` and ``hard`` alternating round a table of ``--seats`` (default 8), the first
``--actions`` actions of a seeded game.

Numbers are not asserted anywhere; tests do not time anything.  Progress on stderr,
JSON on stdout.
"""
from __future__ import annotations

import json
import math
import random
import sys
import time

from table_app.ai import make_player
from table_app.ai.simulate import mean_ci, percentile, play_game

from .ai import _paired, _rot


def duel(variant: str, hi: str, lo: str, games: int, budget_ms: float, seed0: int = 40_000,
         log=None) -> dict:
    """``hi lo hi lo`` over ``games`` duplicate games (seats rotated, paired by seed)."""
    t0, c0 = time.perf_counter(), time.process_time()
    table = [hi, lo, hi, lo]
    k = 2
    blocks: list[dict] = []
    block: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {hi: [], lo: []}
    for g in range(games):
        levels = _rot(table, g)
        players = [make_player(lv, variant, budget_ms=budget_ms) for lv in levels]
        res = play_game(variant, levels, seed=seed0 + g // k, budget_ms=budget_ms,
                        duplicate=True, players=players)
        for s, lv in enumerate(levels):
            block.setdefault(lv, []).append(res.totals[s])
            cpu[lv].extend(res.cpu_ms[s])
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


def _r(x):
    return None if x is None else round(x, 1)


def _choice(obs, legal) -> bool:
    """A decision point worth scoring: a real choice of the contract family."""
    if len(legal) < 2:
        return False
    if obs.phase in ("draw", "buy"):
        return True
    return sum(1 for a in legal if a.type == "discard") >= 2


def decision_points(variant: str, points: int, seed0: int, rate: float = 0.08):
    """``points`` decision points ``(state, obs, legal)`` from seeded 4-seat games of
    normal players, each real choice taken with chance ``rate`` (spread over the deals)."""
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)({})
    out = []
    seed = seed0
    while len(out) < points:
        rng = random.Random(seed)
        eng = Engine(rules, 4, seed=seed, auto=True)
        pol = make_player("normal", variant)
        while len(out) < points:
            ta = eng.to_act()
            if ta is None:
                break
            legal = eng.legal_actions()
            if not legal:
                if not eng.deal_next():
                    break
                continue
            obs = eng.observe(ta[0])
            if _choice(obs, legal) and rng.random() < rate:
                out.append((eng.state, obs, legal))
            eng.apply(pol.choose(obs, legal, rng))
        seed += 1
    return out


def _hidden_hands(state, obs) -> list[list[int]]:
    """Each other seat's cards the observer has not seen (``oracle_hands`` is given them)."""
    out: list[list[int]] = []
    for s, h in enumerate(state.hands):
        if s == obs.seat:
            out.append([])
            continue
        known = list(obs.known[s])
        rest = list(h)
        for c in known:
            if c in rest:
                rest.remove(c)
        out.append(rest)
    return out


def regret(variant: str, points: int, worlds: int, budget_ms: float, seed0: int = 50_000,
           oracle_worlds: int = 48, log=None) -> dict:
    """Regret per decision of normal, hard, search and oracle_hands (see the module)."""
    from table_app.ai.is_search import SearchContract, evaluate
    t0, c0 = time.perf_counter(), time.process_time()
    pts = decision_points(variant, points, seed0)
    names = ("normal", "hard", "search", "oracle_hands")
    reg: dict[str, list[float]] = {n: [] for n in names}
    best_hits = {n: 0 for n in names}
    cpu_eval: list[float] = []
    normal = make_player("normal", variant)
    hard = make_player("hard", variant, budget_ms=budget_ms)
    search = SearchContract(variant, budget_ms=budget_ms)
    for i, (state, obs, legal) in enumerate(pts):
        rng = random.Random(seed0 * 31 + i)
        picks = {"normal": normal.choose(obs, legal, random.Random(i)),
                 "hard": hard.choose(obs, legal, random.Random(i)),
                 "search": search.choose(obs, legal, random.Random(i))}
        cands = search.candidates(obs, legal, picks["hard"])
        for a in picks.values():
            if a not in cands:
                cands.append(a)
        hands = _hidden_hands(state, obs)
        # oracle_hands: the search's whole-deal evaluation given the other hands (the stock
        # still shuffled), its best candidate
        ov = evaluate(obs, cands, random.Random(i + 7), worlds=oracle_worlds, hands=hands)
        picks["oracle_hands"] = max(cands, key=lambda a: ov["mean"][a])
        c = time.process_time()
        ev = evaluate(obs, cands, rng, worlds=worlds)
        cpu_eval.append(time.process_time() - c)
        top = max(ev["mean"].values())
        for n in names:
            r = top - ev["mean"][picks[n]]
            reg[n].append(r)
            best_hits[n] += 1 if r <= 1e-9 else 0
        if log:
            so_far = {n: round(sum(x) / len(x), 2) for n, x in reg.items()}
            log(f"regret {variant}: point {i + 1}/{len(pts)} ({obs.phase}, {len(cands)} "
                f"candidates) {time.process_time() - c0:.0f} CPU s, mean so far "
                f"{json.dumps(so_far)}")
    out: dict = {"variant": variant, "points": len(pts), "eval_worlds": worlds,
                 "oracle_hands_worlds": oracle_worlds, "budget_ms": budget_ms,
                 "eval_cpu_s_per_point": round(sum(cpu_eval) / max(1, len(cpu_eval)), 2),
                 "players": {}}
    for n in names:
        m, ci = mean_ci(reg[n])
        out["players"][n] = {"regret": round(m, 2),
                             "ci95": None if math.isnan(ci) else round(ci, 2),
                             "picked_best": best_hits[n]}
    out["wall_s"] = round(time.perf_counter() - t0, 1)
    out["cpu_s"] = round(time.process_time() - c0, 1)
    return out


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m benchmarks.search",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("part", choices=("duel", "regret", "latency"))
    ap.add_argument("--seats", type=int, default=8)
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--variant", default="contract")
    ap.add_argument("--hi", default="search")
    ap.add_argument("--lo", default="hard")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--budget-ms", type=float, default=300.0)
    ap.add_argument("--points", type=int, default=20)
    ap.add_argument("--worlds", type=int, default=24)
    ap.add_argument("--oracle-worlds", type=int, default=48,
                    help="regret: oracle_hands' own worlds (the other hands given)")
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args(argv)

    def log(m):
        print(m, file=sys.stderr, flush=True)
    if args.part == "duel":
        res = duel(args.variant, args.hi, args.lo, args.games, args.budget_ms,
                   **({"seed0": args.seed} if args.seed is not None else {}), log=log)
    elif args.part == "latency":
        res = latency(args.variant, args.seats, args.budget_ms, args.actions)
    else:
        res = regret(args.variant, args.points, args.worlds, args.budget_ms,
                     oracle_worlds=args.oracle_worlds,
                     **({"seed0": args.seed} if args.seed is not None else {}), log=log)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
