"""The coach (issue 21): the three levels measured by the review's evaluation, paired by
decision, and what a review costs.

    python -m benchmarks.review [--games N] [--variant contract] [--worlds 12]
                                [--rollouts normal,hard] [--rollout-budget-ms 5]
                                [--pick-budget-ms 300] [--max-cpu-minutes 20]
                                [--max-wall-minutes M] [--timed 4] [--deal K]
                                [--quick] [--json out.json]

The goal: "on seeded games, an easy seat loses more points a decision than a normal
seat, and a normal seat more than a hard seat, each outside the 95% interval".

**Positions.** Seeded games of three seats, one ``easy``, one ``normal`` and one ``hard``
player (the seating turned by one seat each game), each played to the end of its deal
``--deal`` (default 1, the first; the deals before it played too) through the engine
(``auto=True``; hard at ``--play-budget-ms``, CPU time).  Every decision of every seat in
that deal with more than one legal move (``ai.review.seat_decisions``) is a decision
point, whoever sat there.

**Paired by decision point.**  At each point the three levels are asked what they would
play from that seat's observation alone (``rules.observe``; hard at ``--pick-budget-ms``,
the game's default 300; a seeded generator for each point, the same for every level).
Where all three pick the same move the differences are exactly 0 and nothing is played
out.  Otherwise the distinct picks are evaluated as the review evaluates its candidates
(``ai.review.world_costs``): ``--worlds`` worlds sampled from the observation
(``rules.sample_world``), every pick played out in each to the end of the deal, the same
world and the same dice for every pick (common random numbers).  A pick's cost at the
point is its mean cost over the worlds (points scored in the deal, CF-15; Michigan
Rummy: minus the chips won, MG-9, MG-10).  So each level's pick at each point is judged
by the same evaluation, and the differences ``easy - normal`` and ``normal - hard`` are
paired: the positions, the worlds and the dice cancel, leaving the choice.

**Yardsticks.**  A world is played out by one policy at every seat (``--rollouts``, each
a separate yardstick on the same worlds): ``normal`` (the review's own, the normal
level's policy with its cheaper discard: close to normal's own judgement, so it may
favour normal's picks) and ``hard`` (the hard level at ``--rollout-budget-ms`` a decision:
about 17 times the CPU; a yardstick that plays on as the strongest level would).

**Figures, per yardstick.**  ``pairs``: for ``easy-normal``, ``normal-hard`` and
``easy-hard`` the mean difference in points a decision point (positive: the first level
loses more) with a 95% interval clustered by game (the decision points of one game are
not independent: the cluster-robust standard error over games, Student's t with games - 1
degrees of freedom) and, for comparison, the naive interval over decision points;
``separated``: the clustered interval is wholly above 0 (the goal, pair by pair).
``per_level``: each level's points lost a decision point against the best of the three
picks (the best chosen on the even worlds, measured on the odd ones, as the review
chooses, so the choice does not inflate it), with its clustered interval.  ``differ``: the
decision points where the picks were not all the same (``pairs_differ``: where the two
levels of each pair differ; every other point adds an exact 0 to that pair's mean).

**Time.**  One seat (turned each game) of the first ``--timed`` games is reviewed at the
default budget (``ai.review.DEFAULT_BUDGET_MS`` a decision, at most
``DEFAULT_DEAL_BUDGET_MS`` a deal, as the viewer and the command use): the CPU seconds of
the reviewing thread (``time.thread_time``) for the whole deal, their median, p90 and max
(goal: at most 10 s), and the decisions per deal.

The run stops starting games once this process has used ``--max-cpu-minutes`` of CPU
(``time.process_time``; a shared machine: CPU, not wall time), or after
``--max-wall-minutes`` of wall time when given; ``games_done`` says how many it finished,
and ``--json`` is rewritten after every game.  The load averages at the start and the end are in the JSON.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

from .common import percentile

LEVELS = ("easy", "normal", "hard")
PAIRS = (("easy", "normal"), ("normal", "hard"), ("easy", "hard"))


def play_deals(variant: str, levels: list[str], seed: int, play_budget_ms: float,
               deals: int = 1):
    """An engine (``auto``) holding a seeded game's first ``deals`` deals played by
    ``levels`` (one a seat), the last to its end (``deals`` 1: the first deal alone).
    Fewer when the game ends first."""
    from table_app.ai import make_player
    from table_app.ai.simulate import seat_rng
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)({})
    n = len(levels)
    players = [make_player(lv, variant, budget_ms=play_budget_ms) for lv in levels]
    rngs = [seat_rng(seed, s) for s in range(n)]
    eng = Engine(rules, n, seed=seed, auto=True)
    eng.deal_next()
    k = 1
    for _ in range(20_000 * deals):
        if rules.deal_end(eng.state) is not None or eng.to_act() is None:
            if k >= deals or not eng.deal_next():
                break
            k += 1
            continue
        legal = eng.legal_actions()
        if not legal:
            break
        seat = eng.to_act()[0]
        eng.apply(players[seat].choose(eng.observe(seat), legal, rngs[seat]))
    return eng


def clustered(values: list[float], groups: list[int]) -> dict:
    """The mean of ``values`` and two 95% intervals: clustered by ``groups`` (the
    cluster-robust standard error of a mean, sum over clusters of the squared residual
    sums, times G/(G-1); Student's t with G-1 degrees of freedom) and the naive one
    (t over the values as if independent)."""
    from table_app.ai.review import mean_interval, t95
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": None, "ci95_naive": None, "n": 0, "games": 0}
    m = sum(values) / n
    sums: dict[int, float] = {}
    for v, g in zip(values, groups):
        sums[g] = sums.get(g, 0.0) + (v - m)
    G = len(sums)
    ci = None
    if G >= 2:
        var = G / (G - 1) * sum(s * s for s in sums.values()) / (n * n)
        h = t95(G - 1) * math.sqrt(var)
        ci = [round(m - h, 3), round(m + h, 3)]
    _m, lo, hi = mean_interval(values)
    naive = [round(lo, 3), round(hi, 3)] if math.isfinite(lo) and math.isfinite(hi) else None
    return {"mean": round(m, 4), "ci95": ci, "ci95_naive": naive, "n": n, "games": G}


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def _point_seed(seed: int, index: int, seat: int) -> int:
    return (seed * 1_000_003 + index * 131 + seat) & 0xFFFFFFFF


def evaluate_point(rules, obs, legal, pickers: dict, rollouts: dict, worlds: int,
                   seed: int) -> dict:
    """One decision point: each level's pick and, per yardstick, each level's mean cost
    over ``worlds`` common worlds (``None`` when the picks agree: no play-out needed) and
    its loss against the best pick (chosen on the even worlds, measured on the odd)."""
    from table_app.ai.review import world_costs, world_seed
    picks = {lv: p.choose(obs, legal, random.Random(seed)) for lv, p in pickers.items()}
    cands: list = []
    for lv in LEVELS:
        if picks[lv] not in cands:
            cands.append(picks[lv])
    idx = {lv: cands.index(picks[lv]) for lv in LEVELS}
    out: dict = {"differ": len(cands) > 1, "by": {},
                 "pairs_differ": {f"{a}-{b}": picks[a] != picks[b] for a, b in PAIRS}}
    for name, pol in rollouts.items():
        if len(cands) == 1:
            out["by"][name] = {"cost": {lv: 0.0 for lv in LEVELS},
                               "loss": {lv: 0.0 for lv in LEVELS}}
            continue
        rows = []
        for k in range(worlds):
            try:
                row = world_costs(rules, obs, cands, world_seed(seed, k), pol)
            except ValueError:
                break
            if not any(math.isnan(c) for c in row):
                rows.append(row)
        if not rows:
            out["by"][name] = None
            continue
        mean = [sum(r[j] for r in rows) / len(rows) for j in range(len(cands))]
        pick, meas = rows[0::2], rows[1::2] or rows
        best = min(range(len(cands)), key=lambda j: (sum(r[j] for r in pick), j))
        loss = [sum(r[j] - r[best] for r in meas) / len(meas) for j in range(len(cands))]
        out["by"][name] = {"cost": {lv: mean[idx[lv]] for lv in LEVELS},
                           "loss": {lv: loss[idx[lv]] for lv in LEVELS},
                           "worlds": len(rows)}
    return out


def run(games: int = 30, variant: str = "contract", worlds: int = 12,
        rollouts: tuple[str, ...] = ("normal", "hard"), rollout_budget_ms: float = 5.0,
        pick_budget_ms: float = 300.0, play_budget_ms: float = 100.0, timed: int = 4,
        max_cpu_minutes: float = 20.0, seed0: int = 1, progress: bool = True,
        max_wall_minutes: float | None = None, checkpoint=None, deal: int = 1) -> dict:
    from table_app.ai import make_player
    from table_app.ai.player import legal_for_obs
    from table_app.ai.review import (
        DEFAULT_BUDGET_MS,
        DEFAULT_DEAL_BUDGET_MS,
        review_engine,
        rollout_policy,
        seat_decisions,
    )
    from table_app.variants import find_variant
    c0 = time.process_time()
    load0 = _load()
    rules = find_variant(variant)({})
    pickers = {lv: make_player(lv, variant, budget_ms=pick_budget_ms) for lv in LEVELS}
    pols = {name: rollout_policy(rules, name, rollout_budget_ms) for name in rollouts}
    diffs: dict[str, dict[str, list[float]]] = {r: {f"{a}-{b}": [] for a, b in PAIRS}
                                                for r in rollouts}
    losses: dict[str, dict[str, list[float]]] = {r: {lv: [] for lv in LEVELS} for r in rollouts}
    groups: dict[str, list[int]] = {r: [] for r in rollouts}
    differ = 0
    points = 0
    pairs_differ = {f"{a}-{b}": 0 for a, b in PAIRS}
    review_s: list[float] = []
    per_deal: list[int] = []
    done = 0
    def summary() -> dict:
        by: dict = {}
        for r in rollouts:
            pairs = {}
            for a, b in PAIRS:
                key = f"{a}-{b}"
                c = clustered(diffs[r][key], groups[r])
                c["separated"] = c["ci95"] is not None and c["ci95"][0] > 0
                pairs[key] = c
            by[r] = {"pairs": pairs,
                     "per_level": {lv: clustered(losses[r][lv], groups[r]) for lv in LEVELS},
                     "goal_met": pairs["easy-normal"]["separated"]
                     and pairs["normal-hard"]["separated"]}
        load1 = _load()
        cores = os.cpu_count() or 1
        busy = any(la is not None and la[0] > cores for la in (load0, load1))
        return {
            "variant": variant, "seats": 3, "deal": deal, "games_requested": games,
            "games_done": done,
            "worlds": worlds, "rollouts": list(rollouts), "rollout_budget_ms": rollout_budget_ms,
            "pick_budget_ms": pick_budget_ms, "play_budget_ms": play_budget_ms,
            "decision_points": points, "differ": differ, "pairs_differ": dict(pairs_differ),
            "strength": by,
            "time": {"budget_ms": DEFAULT_BUDGET_MS, "deal_budget_ms": DEFAULT_DEAL_BUDGET_MS,
                     "deals_reviewed": len(review_s),
                     "cpu_s": [round(x, 2) for x in review_s],
                     "median_s": round(sorted(review_s)[len(review_s) // 2], 2) if review_s else None,
                     "p90_s": round(percentile(review_s, 90), 2) if review_s else None,
                     "max_s": round(max(review_s), 2) if review_s else None,
                     "decisions_per_deal": per_deal,
                     "goal_s": 10.0,
                     "met": bool(review_s) and max(review_s) <= 10.0},
            "cpu_s": round(time.process_time() - c0, 1),
            "load_average": {"start": load0, "end": load1, "cores": cores, "busy": busy},
        }

    t_wall = time.perf_counter()
    for g in range(games):
        if time.process_time() - c0 > max_cpu_minutes * 60:
            break
        if max_wall_minutes is not None and time.perf_counter() - t_wall > max_wall_minutes * 60:
            break
        seed = seed0 + g
        k = g % 3
        levels = list(LEVELS[k:] + LEVELS[:k])
        eng = play_deals(variant, levels, seed, play_budget_ms, deal)
        if g < timed:    # the default budget, one seat: the time a player waits
            s = g % 3
            c = time.thread_time()
            rv = review_engine(eng, s, deal, budget_ms=DEFAULT_BUDGET_MS, seed=seed)
            review_s.append(time.thread_time() - c)
            per_deal.append(len(rv.decisions))
        for s in range(len(levels)):
            for i, _deal in seat_decisions(eng, s, deal):
                st = eng.states[i]
                obs = eng.rules.observe(st, s)
                pt = evaluate_point(eng.rules, obs, legal_for_obs(eng.rules, st, s), pickers,
                                    pols, worlds, _point_seed(seed, i, s))
                points += 1
                differ += pt["differ"]
                for key, d in pt["pairs_differ"].items():
                    pairs_differ[key] += d
                for r in rollouts:
                    e = pt["by"][r]
                    if e is None:
                        continue
                    for a, b in PAIRS:
                        diffs[r][f"{a}-{b}"].append(e["cost"][a] - e["cost"][b])
                    for lv in LEVELS:
                        losses[r][lv].append(e["loss"][lv])
                    groups[r].append(g)
        done += 1
        if checkpoint is not None:
            checkpoint(summary())
        if progress:
            print(f"review benchmark: game {done}/{games}, {points} decision points "
                  f"({differ} differ), {time.process_time() - c0:.0f} s CPU",
                  file=sys.stderr, flush=True)
    return summary()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.review", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--variant", default="contract")
    ap.add_argument("--worlds", type=int, default=12, help="worlds a decision point")
    ap.add_argument("--rollouts", default="normal,hard",
                    help="the yardsticks, comma-separated: normal, hard")
    ap.add_argument("--rollout-budget-ms", type=float, default=5.0,
                    help="the hard yardstick's budget a decision (CPU ms)")
    ap.add_argument("--pick-budget-ms", type=float, default=300.0,
                    help="the hard level's budget when it picks at a decision point")
    ap.add_argument("--play-budget-ms", type=float, default=100.0,
                    help="the hard seat's budget while the games are played")
    ap.add_argument("--timed", type=int, default=4)
    ap.add_argument("--max-cpu-minutes", type=float, default=20.0)
    ap.add_argument("--max-wall-minutes", type=float, default=None,
                    help="also stop starting games after this much wall time")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deal", type=int, default=1,
                    help="the deal of each game whose decisions are the points (from 1)")
    ap.add_argument("--quick", action="store_true",
                    help="2 games, 6 worlds, 1 timed, 4 CPU minutes at most")
    ap.add_argument("--json", default=None,
                    help="also write the JSON there (rewritten after every game: a run cut "
                         "short leaves the games it finished)")
    a = ap.parse_args(argv)
    if a.deal < 1:
        ap.error(f"--deal counts from 1, not {a.deal}")
    if a.quick:
        a.games, a.worlds, a.timed, a.max_cpu_minutes = 2, 6, 1, 4.0
    rollouts = tuple(x.strip() for x in a.rollouts.split(",") if x.strip())
    random.seed(a.seed)

    def write(res: dict) -> None:
        if a.json:
            with open(a.json + ".tmp", "w", encoding="utf-8") as f:
                f.write(json.dumps(res, indent=1) + "\n")
            os.replace(a.json + ".tmp", a.json)
    res = run(a.games, a.variant, a.worlds, rollouts, a.rollout_budget_ms, a.pick_budget_ms,
              a.play_budget_ms, a.timed, a.max_cpu_minutes, a.seed,
              max_wall_minutes=a.max_wall_minutes, checkpoint=write, deal=a.deal)
    print(json.dumps(res, indent=1))
    write(res)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
