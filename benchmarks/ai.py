"""Computer-opponent benchmarks (issue 5): speed, robustness and strength, as JSON.

    python -m benchmarks.ai            # the full run (long: hundreds of games per variant)
    python -m benchmarks.ai --quick    # a small run, a few minutes

``run(quick=False) -> dict`` measures

* ``latency``: decision time per level and variant (p50/p99/max ms), from games with the
  level at one seat and normal players at the others;
* ``normal_game_seconds``: a whole 7-deal, 4-seat game of normal AIs (Michigan: a
  4-seat session), mean and max over seeds;
* ``robustness``: seeded AI games across variants and seat counts (full: 1,000):
  crashes, illegal actions, unfinished games;
* ``strength``: mixed-level tables ``random easy normal hard`` with the seats rotated,
  mean score per level with its 95% interval and whether each level beats the one below
  by a margin outside the interval of the difference (contract games: fewer points is
  better; Michigan: more chips);
* ``gap``: tables ``normal normal hard oracle`` (seats rotated): how much of the
  normal-to-oracle gap hard closes, ``(normal - hard) / (normal - oracle)`` in points
  (sign-adjusted for Michigan).

Numbers are not asserted here; tests do not time anything.
"""
from __future__ import annotations

import json
import math
import sys
import time

from table_app.ai import LEVELS
from table_app.ai.simulate import mean_ci, percentile, play_game

VARIANTS = ("contract", "may_i", "mexican", "michigan")
SEATS = {"contract": (3, 4, 5, 6, 8), "may_i": (3, 4, 5, 6), "mexican": (2, 3, 4, 6),
         "michigan": (3, 4, 5, 8)}


def _rot(levels: list[str], k: int) -> list[str]:
    k %= len(levels)
    return levels[k:] + levels[:k]


def latency(quick: bool) -> dict:
    out: dict = {}
    for v in VARIANTS:
        out[v] = {}
        for lv in LEVELS:
            times: list[float] = []
            games = 1 if quick else 3
            for g in range(games):
                cap = 300 if (quick and lv == "hard") else 200_000
                n = 4
                res = play_game(v, [lv] + ["normal"] * (n - 1), seed=500 + g, max_actions=cap)
                times.extend(res.times_ms[0])
                if lv == "normal":
                    for s in range(1, n):
                        times.extend(res.times_ms[s])
            out[v][lv] = {"decisions": len(times), "p50_ms": round(percentile(times, 50), 3),
                          "p99_ms": round(percentile(times, 99), 3),
                          "max_ms": round(max(times), 3) if times else None}
    return out


def normal_game_seconds(quick: bool) -> dict:
    out = {}
    for v in VARIANTS:
        secs = []
        for seed in range(2 if quick else 10):
            t = time.perf_counter()
            res = play_game(v, ["normal"] * 4, seed=seed)
            secs.append(time.perf_counter() - t)
            assert res.finished
        out[v] = {"games": len(secs), "mean_s": round(sum(secs) / len(secs), 3),
                  "max_s": round(max(secs), 3)}
    return out


def robustness(quick: bool) -> dict:
    total = 20 if quick else 1000
    mix = ("normal", "easy", "random", "normal", "easy", "normal", "easy", "random")
    stats = {"games": 0, "crashes": 0, "illegal": 0, "unfinished": 0, "dead_deals": 0, "errors": []}
    from table_app.core.errors import IllegalActionError
    g = 0
    while g < total:
        for v in VARIANTS:
            for n in SEATS[v]:
                if g >= total:
                    break
                levels = [mix[(g + s) % len(mix)] for s in range(n)]
                try:
                    res = play_game(v, levels, seed=10_000 + g)
                    stats["unfinished"] += 0 if res.finished else 1
                    stats["dead_deals"] += res.dead_deals
                except IllegalActionError as e:
                    stats["illegal"] += 1
                    stats["errors"].append(f"{v} n={n} seed={10_000 + g}: {e}")
                except Exception as e:  # noqa: BLE001 - counted and reported
                    stats["crashes"] += 1
                    stats["errors"].append(f"{v} n={n} seed={10_000 + g}: {type(e).__name__}: {e}")
                stats["games"] += 1
                g += 1
    stats["errors"] = stats["errors"][:10]
    return stats


def _table_stats(v: str, table: list[str], games: int, seed0: int, budget_ms: float) -> dict:
    scores: dict[str, list[float]] = {lv: [] for lv in table}
    wins = {lv: 0 for lv in table}
    rel: dict[str, list[float]] = {lv: [] for lv in table}  # score minus the game's normal mean
    for g in range(games):
        levels = _rot(table, g)
        res = play_game(v, levels, seed=seed0 + g // len(table), budget_ms=budget_ms)
        normals = [res.totals[s] for s, lv in enumerate(levels) if lv == "normal"]
        nm = sum(normals) / len(normals) if normals else None
        for s, lv in enumerate(levels):
            scores[lv].append(res.totals[s])
            wins[lv] += 1 if s in res.winners else 0
            if nm is not None:
                rel[lv].append(res.totals[s] - nm)
    out = {}
    for lv in dict.fromkeys(table):
        m, ci = mean_ci(scores[lv])
        rm, rci = mean_ci(rel[lv]) if rel[lv] else (float("nan"), float("nan"))
        out[lv] = {"mean": round(m, 2), "ci95": None if math.isnan(ci) else round(ci, 2),
                   "wins": wins[lv], "seat_games": len(scores[lv]),
                   "vs_normal": None if math.isnan(rm) else round(rm, 2),
                   "vs_normal_ci95": None if math.isnan(rci) else round(rci, 2)}
    return out


def _games(v: str, quick: bool, games: dict | None) -> int:
    if games and v in games:
        return games[v]
    return 4 if quick else 200


def strength(quick: bool, budget_ms: float = 300.0, games: dict | None = None) -> dict:
    out = {}
    order = ["random", "easy", "normal", "hard"]
    for v in VARIANTS:
        games_v = _games(v, quick, games)
        st = _table_stats(v, order, games_v, 20_000, budget_ms)
        sign = 1.0 if v == "michigan" else -1.0  # +: better
        beats = {}
        for lo, hi in zip(order, order[1:]):
            a, b = st[lo], st[hi]
            diff = sign * (b["mean"] - a["mean"])
            ci = math.sqrt((a["ci95"] or 0) ** 2 + (b["ci95"] or 0) ** 2)
            beats[f"{hi}>{lo}"] = {"margin": round(diff, 2), "ci95": round(ci, 2),
                                   "outside_ci": diff > ci}
        out[v] = {"games": games_v, "levels": st, "beats": beats}
    return out


def gap(quick: bool, budget_ms: float = 300.0, games: dict | None = None) -> dict:
    out = {}
    for v in VARIANTS:
        games_v = _games(v, quick, games)
        st = _table_stats(v, ["normal", "hard", "normal", "oracle"], games_v, 30_000, budget_ms)
        sign = 1.0 if v == "michigan" else -1.0
        dh = sign * (st["hard"]["vs_normal"] or 0.0)
        do = sign * (st["oracle"]["vs_normal"] or 0.0)
        out[v] = {"games": games_v, "levels": st, "hard_gain": round(dh, 2),
                  "oracle_gain": round(do, 2),
                  "gap_closed": None if do <= 0 else round(dh / do, 3)}
    return out


def run(quick: bool = False, games: dict | None = None) -> dict:
    """All the measurements.  ``games``: strength/gap games per variant, overriding the
    mode's default (quick 4, full 200), e.g. ``{"michigan": 400}``."""
    t = time.perf_counter()
    res = {"quick": quick, "latency": latency(quick), "normal_game_seconds": normal_game_seconds(quick),
           "robustness": robustness(quick), "strength": strength(quick, games=games),
           "gap": gap(quick, games=games)}
    res["seconds"] = round(time.perf_counter() - t, 1)
    return res


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv[1:])))
