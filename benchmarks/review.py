"""The coach (issue 21): what its review says about the three levels, and what it costs.

    python -m benchmarks.review [--games N] [--variant contract] [--budget-ms 60]
                                [--max-minutes 8.5] [--quick] [--json out.json]

Seeded games of three seats, one ``easy``, one ``normal`` and one ``hard`` player (the
seating turned by one seat each game, so that no level always sits after another),
each played to the end of its first deal through the engine (``auto=True``; hard at
``--play-budget-ms``, CPU time).  Then:

* **strength**: every seat's decisions of that deal are reviewed
  (``ai.review.review_engine``) at ``--budget-ms`` a decision (CPU ms; lower than the
  default to fit the run in minutes: the estimates are noisier, not biased).  Per level:
  the points lost per decision as the coach reports them (``points_lost``: 0 unless the
  decision's own interval is above zero; the goal's figure) and the signed estimate
  against the best alternative to the move played (``estimate``: negative where the move
  played beat every alternative, as declining a buy that costs a penalty card does: not
  a loss, shown for completeness), each a mean over the decisions with its 95% interval
  (t over decisions), and the decisions called costly.  The goal is easy > normal > hard with each pair's
  intervals apart; the JSON says for each pair whether they are (``separated``).
* **time**: one seat (turned each game) of the first ``--timed`` games is reviewed
  again at the default budget (``ai.review.DEFAULT_BUDGET_MS`` a decision, at most
  ``DEFAULT_DEAL_BUDGET_MS`` a deal, as the viewer and the command use): the CPU seconds of the
  reviewing thread (``time.thread_time``) for the whole deal, their median, p90 and max
  (goal: at most 10 s), and the decisions per deal.

The run stops starting games after ``--max-minutes`` of wall time (a shared machine);
``games_done`` says how many it finished.  The load averages at the start and the end
are in the JSON: figures taken while the machine is busy are labelled so
(``busy``: the 1-minute load average above the cores).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from .common import percentile

LEVELS = ("easy", "normal", "hard")


def play_first_deal(variant: str, levels: list[str], seed: int, play_budget_ms: float):
    """An engine (``auto``) holding one seeded deal played by ``levels`` (one a seat) to
    its end."""
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
    for _ in range(20_000):
        if rules.deal_end(eng.state) is not None or eng.to_act() is None:
            break
        legal = eng.legal_actions()
        if not legal:
            break
        seat = eng.to_act()[0]
        eng.apply(players[seat].choose(eng.observe(seat), legal, rngs[seat]))
    return eng


def mean_ci(xs: list[float]) -> dict:
    from table_app.ai.review import mean_interval
    m, lo, hi = mean_interval(xs)
    fin = all(map(lambda x: x == x and abs(x) != float("inf"), (lo, hi)))
    return {"mean": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)] if fin else None,
            "n": len(xs)}


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def run(games: int = 40, variant: str = "contract", budget_ms: float = 60.0,
        play_budget_ms: float = 100.0, timed: int = 4, max_minutes: float = 8.5,
        seed0: int = 1, progress: bool = True) -> dict:
    from table_app.ai.review import DEFAULT_BUDGET_MS, DEFAULT_DEAL_BUDGET_MS, review_engine
    t_wall = time.perf_counter()
    load0 = _load()
    lost: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    est: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    costly = {lv: 0 for lv in LEVELS}
    review_s: list[float] = []
    per_deal: list[int] = []
    done = 0
    for g in range(games):
        if time.perf_counter() - t_wall > max_minutes * 60:
            break
        seed = seed0 + g
        k = g % 3
        levels = list(LEVELS[k:] + LEVELS[:k])
        eng = play_first_deal(variant, levels, seed, play_budget_ms)
        if g < timed:    # the default budget, one seat: the time a player waits
            s = g % 3
            c = time.thread_time()
            rv = review_engine(eng, s, 1, budget_ms=DEFAULT_BUDGET_MS, seed=seed)
            review_s.append(time.thread_time() - c)
            per_deal.append(len(rv.decisions))
        for s, lv in enumerate(levels):
            rv = review_engine(eng, s, 1, budget_ms=budget_ms, deal_budget_ms=None, seed=seed)
            for d in rv.decisions:
                lost[lv].append(d.points_lost)
                est[lv].append(d.estimate)
                costly[lv] += d.mistake
        done += 1
        if progress:
            print(f"review benchmark: game {done}/{games}, "
                  f"{time.perf_counter() - t_wall:.0f} s", file=sys.stderr, flush=True)
    per_level = {lv: {"points_lost": mean_ci(lost[lv]), "estimate": mean_ci(est[lv]),
                      "costly_decisions": costly[lv]} for lv in LEVELS}

    def apart(a: str, b: str, key: str) -> dict:
        x, y = per_level[a][key], per_level[b][key]
        ok = (x["ci95"] is not None and y["ci95"] is not None and x["ci95"][0] > y["ci95"][1])
        return {"higher": a, "lower": b, "means_ordered": x["mean"] > y["mean"],
                "separated": ok}
    load1 = _load()
    cores = os.cpu_count() or 1
    busy = any(la is not None and la[0] > cores for la in (load0, load1))
    out = {
        "variant": variant, "seats": 3, "games_requested": games, "games_done": done,
        "budget_ms": budget_ms, "play_budget_ms": play_budget_ms,
        "strength": {"per_level": per_level,
                     "pairs": {key: [apart("easy", "normal", key), apart("normal", "hard", key)]
                               for key in ("points_lost", "estimate")}},
        "time": {"budget_ms": DEFAULT_BUDGET_MS, "deal_budget_ms": DEFAULT_DEAL_BUDGET_MS,
                 "deals_reviewed": len(review_s),
                 "cpu_s": [round(x, 2) for x in review_s],
                 "median_s": round(sorted(review_s)[len(review_s) // 2], 2) if review_s else None,
                 "p90_s": round(percentile(review_s, 90), 2) if review_s else None,
                 "max_s": round(max(review_s), 2) if review_s else None,
                 "decisions_per_deal": per_deal,
                 "goal_s": 10.0,
                 "met": bool(review_s) and max(review_s) <= 10.0},
        "wall_s": round(time.perf_counter() - t_wall, 1),
        "load_average": {"start": load0, "end": load1, "cores": cores, "busy": busy},
    }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.review", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--variant", default="contract")
    ap.add_argument("--budget-ms", type=float, default=60.0)
    ap.add_argument("--play-budget-ms", type=float, default=100.0)
    ap.add_argument("--timed", type=int, default=4)
    ap.add_argument("--max-minutes", type=float, default=8.5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="3 games, 1 timed, 2 minutes at most")
    ap.add_argument("--json", default=None, help="also write the JSON there")
    a = ap.parse_args(argv)
    if a.quick:
        a.games, a.timed, a.max_minutes = 3, 1, 2.0
    random.seed(a.seed)
    res = run(a.games, a.variant, a.budget_ms, a.play_budget_ms, a.timed, a.max_minutes, a.seed)
    text = json.dumps(res, indent=1)
    print(text)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
