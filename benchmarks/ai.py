"""Computer-opponent benchmarks (issue 5): speed, robustness and strength, as JSON.

    python -m benchmarks.ai            # the full run (long: hundreds of games per variant)
    python -m benchmarks.ai --quick    # a small run, a few minutes
    python -m benchmarks.ai --parts strength,gap --json out.json   # strength only

``run(quick=False) -> dict`` measures

* ``latency``: decision time per level and variant (p50/p99/max ms), from games with the
  level at one seat and normal players at the others;
* ``normal_game_seconds``: a whole 7-deal, 4-seat game of normal AIs (Michigan: a
  4-seat session), mean and max over seeds;
* ``robustness``: seeded AI games across variants and seat counts (full: 1,000):
  crashes, illegal actions, unfinished games;
* ``strength``: for each link ``easy>random``, ``normal>easy``, ``hard>normal`` a
  mixed-level 4-seat table ``hi lo hi lo`` over *duplicate deals*: each seed is played
  twice with the levels swapped between the seats, and every deal of a seed is the same
  cards in both games (``play_game(duplicate=True)``), so the luck of the deal cancels;
  ``margin`` is the mean per-game score difference paired by seed (contract games:
  points, fewer is better; Michigan: chips, more is better; + = the higher level did
  better) and ``outside_ci`` says whether it is beyond its 95% interval.  Full run: 200
  games a link (Michigan 1,000, its hard link 400: its margins are a few chips);
* ``gap``: the oracle against normal the same way (``oracle normal oracle normal``, the
  oracle searching the true world once; 60 games, Michigan 400): how much of the
  normal-to-oracle gap hard closes, hard's gain over normal / the oracle's.

``python -m benchmarks.ai --parts strength,gap --json out.json`` runs the strength part
alone (``--games N`` per link, ``--budget-ms`` the hard level's and the oracle's budget,
stated in the output; progress on stderr).

Numbers are not asserted here; tests do not time anything.
"""
from __future__ import annotations

import json
import math
import sys
import time

from table_app.ai import LEVELS, make_player
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


def _table_stats(v: str, table: list[str], games: int, seed0: int, budget_ms: float,
                 oracle_samples: int | None = None) -> dict:
    """Duplicate games: each seed's deals are played ``len(table)`` times, the table
    rotated one seat each time (``play_game(duplicate=True)``: every deal of a seed is the
    same cards whatever happened before), so every level holds every seat's cards once
    per seed.  A *block* is one seed's rotations; the comparisons between levels are
    paired by block (the luck of the deal cancels out)."""
    k = len(table)
    while k > 1 and _rot(table, k // 2) == table and k % 2 == 0:
        k //= 2  # a table like hard normal hard normal repeats after two rotations
    levels_u = list(dict.fromkeys(table))
    scores: dict[str, list[float]] = {lv: [] for lv in levels_u}
    wins = {lv: 0 for lv in levels_u}
    blocks: list[dict[str, float]] = []
    block: dict[str, list[float]] = {}
    for g in range(games):
        levels = _rot(table, g)
        players = [make_player(lv, v, budget_ms=budget_ms,
                               samples=oracle_samples if lv == "oracle" else None)
                   for lv in levels]
        res = play_game(v, levels, seed=seed0 + g // k, budget_ms=budget_ms, duplicate=True,
                        players=players)
        for s, lv in enumerate(levels):
            scores[lv].append(res.totals[s])
            wins[lv] += 1 if s in res.winners else 0
            block.setdefault(lv, []).append(res.totals[s])
        if g % k == k - 1 or g == games - 1:
            blocks.append({lv: sum(x) / len(x) for lv, x in block.items()})
            block = {}
    out = {}
    for lv in levels_u:
        m, ci = mean_ci(scores[lv])
        rel = [b[lv] - b["normal"] for b in blocks if lv in b and "normal" in b]
        rm, rci = mean_ci(rel) if rel else (float("nan"), float("nan"))
        out[lv] = {"mean": round(m, 2), "ci95": None if math.isnan(ci) else round(ci, 2),
                   "wins": wins[lv], "seat_games": len(scores[lv]),
                   "vs_normal": None if math.isnan(rm) else round(rm, 2),
                   "vs_normal_ci95": None if math.isnan(rci) else round(rci, 2)}
    return {"levels": out, "blocks": blocks}


def _paired(blocks: list[dict], hi: str, lo: str, sign: float) -> dict:
    """How much better ``hi`` did than ``lo`` (points a game, + = better), paired by
    block, with the 95% interval of that mean difference."""
    d = [sign * (b[hi] - b[lo]) for b in blocks if hi in b and lo in b]
    m, ci = mean_ci(d)
    ci = 0.0 if math.isnan(ci) else ci
    return {"margin": round(m, 2), "ci95": round(ci, 2), "blocks": len(d),
            "outside_ci": bool(m - ci > 0)}


# games per link and variant in the full run: Michigan's games are short and its margins
# small (a few chips a session), so it plays more of them
FULL_GAMES = {"contract": 200, "may_i": 200, "mexican": 200, "michigan": 1000}
FULL_HARD_GAMES = {"contract": 200, "may_i": 200, "mexican": 200, "michigan": 400}
FULL_GAP_GAMES = {"contract": 60, "may_i": 60, "mexican": 60, "michigan": 400}
LINKS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))


def _games(v: str, quick: bool, games: dict | None, full: dict = FULL_GAMES) -> int:
    if games and v in games:
        return games[v]
    return 8 if quick else full[v]


def strength(quick: bool, budget_ms: float = 300.0, games: dict | None = None,
             variants=VARIANTS, log=None) -> dict:
    """Each level against the one below (``easy>random``, ``normal>easy``,
    ``hard>normal``) at a 4-seat table ``hi lo hi lo``, seats rotated over duplicate deals
    (each seed played twice, the levels swapped between the seats), paired by seed:
    ``margin`` is how much better the higher level did a game (contract games: points,
    fewer is better; Michigan: chips, more is better; + always means the higher level did
    better), with the 95% interval of that mean difference."""
    out = {}
    for v in variants:
        t = time.perf_counter()
        sign = 1.0 if v == "michigan" else -1.0  # +: better
        beats = {}
        tables = {}
        for hi, lo in LINKS:
            games_v = _games(v, quick, games, FULL_HARD_GAMES if hi == "hard" else FULL_GAMES)
            st = _table_stats(v, [hi, lo, hi, lo], games_v, 20_000, budget_ms)
            b = _paired(st["blocks"], hi, lo, sign)
            b["games"] = games_v
            beats[f"{hi}>{lo}"] = b
            tables[f"{hi}>{lo}"] = st["levels"]
            if log:
                log(f"strength {v} {hi}>{lo}: {b['margin']:+.2f} ± {b['ci95']:.2f} over {games_v} "
                    f"games ({time.perf_counter() - t:.0f} s)")
        out[v] = {"hard_budget_ms": budget_ms, "beats": beats, "tables": tables,
                  "chain_holds": all(b["outside_ci"] for b in beats.values()),
                  "seconds": round(time.perf_counter() - t, 1)}
    return out


def gap(quick: bool, budget_ms: float = 300.0, games: dict | None = None,
        variants=VARIANTS, log=None, strength_res: dict | None = None) -> dict:
    """The oracle against normal at ``oracle normal oracle normal`` over duplicate deals
    (the oracle searches the true world once: ``samples=1``), paired by seed, and
    ``gap_closed`` = hard's gain over normal (the ``hard>normal`` link of ``strength``,
    measured here the same way when ``strength_res`` lacks it) / the oracle's gain."""
    out = {}
    for v in variants:
        t = time.perf_counter()
        sign = 1.0 if v == "michigan" else -1.0
        games_v = _games(v, quick, games, FULL_GAP_GAMES)
        st = _table_stats(v, ["oracle", "normal", "oracle", "normal"], games_v, 30_000,
                          budget_ms, oracle_samples=1)
        o = _paired(st["blocks"], "oracle", "normal", sign)
        h = ((strength_res or {}).get(v) or {}).get("beats", {}).get("hard>normal")
        if h is None:
            sh = _table_stats(v, ["hard", "normal", "hard", "normal"], games_v, 20_000, budget_ms)
            h = _paired(sh["blocks"], "hard", "normal", sign)
        dh, do = h["margin"], o["margin"]
        out[v] = {"oracle_games": games_v, "budget_ms": budget_ms, "hard_gain": dh,
                  "hard_gain_ci95": h["ci95"], "oracle_gain": do, "oracle_gain_ci95": o["ci95"],
                  "gap_closed": None if do <= 0 else round(dh / do, 3),
                  "seconds": round(time.perf_counter() - t, 1)}
        if log:
            log(f"gap {v}: hard {dh:+.1f} ± {h['ci95']:.1f}, oracle {do:+.1f} ± {o['ci95']:.1f}, "
                f"closed {out[v]['gap_closed']} ({out[v]['seconds']} s)")
    return out


def run(quick: bool = False, games: dict | None = None, budget_ms: float = 300.0,
        parts=("latency", "normal_game_seconds", "robustness", "strength", "gap"),
        variants=VARIANTS, log=None) -> dict:
    """The measurements named in ``parts``.  ``games``: strength/gap games per variant,
    overriding the mode's defaults (quick 8; full: ``FULL_GAMES``, ``FULL_HARD_GAMES``,
    ``FULL_GAP_GAMES``), e.g. ``{"michigan": 400}``;
    ``budget_ms``: the hard level's (and the oracle's) budget in the strength and gap
    tables (stated in their output)."""
    t = time.perf_counter()
    res: dict = {"quick": quick}
    if "latency" in parts:
        res["latency"] = latency(quick)
    if "normal_game_seconds" in parts:
        res["normal_game_seconds"] = normal_game_seconds(quick)
    if "robustness" in parts:
        res["robustness"] = robustness(quick)
    if "strength" in parts:
        res["strength"] = strength(quick, budget_ms, games, variants, log)
    if "gap" in parts:
        res["gap"] = gap(quick, budget_ms, games, variants, log, res.get("strength"))
    res["seconds"] = round(time.perf_counter() - t, 1)
    return res


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ai", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a small run")
    ap.add_argument("--parts", default="latency,normal_game_seconds,robustness,strength,gap",
                    help="comma-separated parts to run")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--games", type=int, default=None,
                    help="strength/gap games per link and variant (default: quick 8, full: "
                         "200 per link, Michigan 1000 (hard 400), gap 60, Michigan 400)")
    ap.add_argument("--budget-ms", type=float, default=300.0,
                    help="the hard level's budget per decision in the strength/gap tables")
    ap.add_argument("--json", default=None, help="also write the JSON to this file")
    args = ap.parse_args(argv)
    vs = tuple(x for x in args.variants.split(",") if x)
    games = {v: args.games for v in vs} if args.games else None
    res = run(args.quick, games, args.budget_ms, tuple(args.parts.split(",")), vs,
              log=lambda m: print(m, file=sys.stderr, flush=True))
    text = json.dumps(res)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
