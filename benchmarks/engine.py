"""Engine speed: validated actions per second under random legal play (per variant, one
core), the replay time of a 7-deal record, and the peak memory of a headless game.

``run(quick=False) -> dict``; ``python -m benchmarks.engine`` prints it as JSON.
A "validated action" is one ``Engine.apply`` of an action picked uniformly from
``Engine.legal_actions()`` (the legal-action query, the legality check and the state
update are all counted, as for the peers' ``legal_actions`` + ``step`` loops).
"""
from __future__ import annotations

import json
import random
import resource
import statistics
import time

from table_app.engine.engine import Engine
from table_app.variants import find_variant

VARIANTS = ("contract", "may_i", "mexican", "michigan")


def random_play(variant: str, n: int, actions: int, seed: int) -> float:
    """Actions per second of uniform random legal play (new games as needed)."""
    rules = find_variant(variant)({})
    rng = random.Random(seed)
    eng = Engine(rules, n, seed=seed)
    count = 0
    t = time.perf_counter()
    while count < actions:
        ta = eng.to_act()
        if ta is None:
            eng = Engine(rules, n, seed=rng.randrange(1 << 30))
            continue
        if ta[1] == "deal":
            eng.deal_next()
            continue
        eng.apply(rng.choice(eng.legal_actions()))
        count += 1
    return count / (time.perf_counter() - t)


def _summary(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"median": statistics.median(xs), "min": xs[0], "max": xs[-1],
            "p99": xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))], "runs": len(xs)}


def replay_seven_deals(runs: int) -> dict:
    """Seconds to read and replay a whole 7-deal, 4-seat game record."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from playutil import play_game  # the seeded test player that ends deals

    from table_app.engine.record import dumps, make_header, parse_lines, replay
    eng = play_game("may_i", 4, 11)
    text = dumps(make_header("may_i", [{"name": f"P{i}", "kind": "ai", "level": "normal"}
                                       for i in range(4)], seed=11), eng.log)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        replay(parse_lines(text.split("\n")))
        times.append(time.perf_counter() - t)
    out = _summary(times)
    out["events"] = len(eng.log)
    return out


def run(quick: bool = False) -> dict:
    n_actions = 5000 if quick else 30000
    runs = 3 if quick else 5
    out: dict = {"actions_per_second": {}}
    for v in VARIANTS:
        xs = [random_play(v, 4, n_actions, seed) for seed in range(runs)]
        out["actions_per_second"][v] = _summary(xs)
    out["replay_7_deals_s"] = replay_seven_deals(runs)
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return out


if __name__ == "__main__":
    import sys
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))
