"""Engine speed: validated actions per CPU second under random legal play (per variant,
one core; with and without the buying-window passes), the replay time of a 7-deal record, and the peak memory of a headless game.

``run(quick=False) -> dict``; ``python -m benchmarks.engine`` prints it as JSON.
The peak memory is measured in a child process that plays one game and nothing else
(the harness's own process also holds the peers, the UI and every earlier benchmark).
A "validated action" is one ``Engine.apply`` of an action picked uniformly from
``Engine.legal_actions()`` (the legal-action query, the legality check and the state
update are all counted, as for the peers' ``legal_actions`` + ``step`` loops).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

from table_app.engine.engine import Engine
from table_app.variants import find_variant

VARIANTS = ("contract", "may_i", "mexican", "michigan")


def random_play_counts(variant: str, n: int, actions: int, seed: int) -> dict:
    """Uniform random legal play (new games as needed) for ``actions`` player actions,
    timed in this thread's CPU time (``time.thread_time``: what other processes of a
    shared machine take is not counted).  Returns ``{"actions", "pass_buys", "cpu_s",
    "per_cpu_s", "no_pass_buy_per_cpu_s"}``: actions per CPU second, all of them and
    those that are not a buying-window pass (``pass_buy``: in May I? and Contract
    every seat but the discarder's answers every discard's buying window)."""
    rules = find_variant(variant)({})
    rng = random.Random(seed)
    eng = Engine(rules, n, seed=seed)
    count = passes = 0
    c = time.thread_time()
    while count < actions:
        ta = eng.to_act()
        if ta is None:
            eng = Engine(rules, n, seed=rng.randrange(1 << 30))
            continue
        if ta[1] == "deal":
            eng.deal_next()
            continue
        a = rng.choice(eng.legal_actions())
        eng.apply(a)
        count += 1
        passes += a.type == "pass_buy"
    cpu = time.thread_time() - c
    return {"actions": count, "pass_buys": passes, "cpu_s": cpu, "per_cpu_s": count / cpu,
            "no_pass_buy_per_cpu_s": (count - passes) / cpu}


def random_play(variant: str, n: int, actions: int, seed: int) -> float:
    """Actions per CPU second of uniform random legal play (``random_play_counts``)."""
    return random_play_counts(variant, n, actions, seed)["per_cpu_s"]


def _summary(xs: list[float]) -> dict:
    from .common import summary
    return summary(xs)


def replay_seven_deals(runs: int) -> dict:
    """CPU seconds (``time.thread_time``) to read and replay a whole 7-deal, 4-seat game
    record."""
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
    from table_app.engine.record import dumps, make_header, parse_lines, replay
    from tests.helpers.players import play_game  # the seeded test player that ends deals
    eng = play_game("may_i", 4, 11)
    text = dumps(make_header("may_i", [{"name": f"P{i}", "kind": "ai", "level": "normal"}
                                       for i in range(4)], seed=11), eng.log)
    times = []
    for _ in range(runs):
        t = time.thread_time()
        replay(parse_lines(text.split("\n")))
        times.append(time.thread_time() - t)
    out = _summary(times)
    out["events"] = len(eng.log)
    return out


_RSS_CHILD = r"""
import json, sys, time


def hwm_mb():
    # VmHWM belongs to this process's memory map (fresh at exec); ru_maxrss is not: on
    # Linux it keeps the peak of the forked parent across exec
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0, "VmHWM"
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0, "ru_maxrss"


from table_app.ai.simulate import play_game
base, how = hwm_mb()
variant, seed = sys.argv[1], int(sys.argv[2])
t = time.perf_counter()
res = play_game(variant, ["normal"] * 4, seed=seed)
print(json.dumps({"baseline_mb": base, "peak_mb": hwm_mb()[0], "measured_by": how,
                  "actions": res.actions, "finished": res.finished,
                  "seconds": time.perf_counter() - t}))
"""


def peak_rss(variant: str = "may_i", seed: int = 11) -> dict:
    """Peak RSS (MB) of a fresh process that plays one whole 4-seat game of normal AIs
    headless (the engine keeps every state of the game), beside the same process's
    peak right after its imports (``baseline_mb``): ``VmHWM`` of ``/proc/self/status``
    (else ``ru_maxrss``).  ``peak_mb`` is ``None`` with a reason where neither exists."""
    if not os.path.exists("/proc/self/status"):
        try:
            import resource  # noqa: F401 - Unix only
        except ImportError:
            return {"peak_mb": None, "reason": "neither /proc/self/status nor resource here"}
    cp = subprocess.run([sys.executable, "-c", _RSS_CHILD, variant, str(seed)],
                        capture_output=True, text=True, timeout=600,
                        env=dict(os.environ, PYTHONHASHSEED="0"))
    if cp.returncode != 0:
        return {"peak_mb": None, "reason": f"child failed: {cp.stderr.strip()[-300:]}"}
    out = json.loads(cp.stdout.strip().splitlines()[-1])
    for k in ("baseline_mb", "peak_mb", "seconds"):
        out[k] = round(out[k], 2 if k != "seconds" else 3)
    out["game"] = f"{variant}, 4 seats of normal AIs, seed {seed}, a whole game"
    return out


def sizes(quick: bool) -> tuple[int, int]:
    """(actions per run, runs) of the random-play figure."""
    return (5000, 3) if quick else (30000, 9)


def run(quick: bool = False, speed: bool = True) -> dict:
    """``speed=False`` leaves out the actions/s figure (the harness measures it itself,
    interleaved with the peers'; see ``benchmarks.peers``)."""
    n_actions, runs = sizes(quick)
    out: dict = {}
    if speed:
        out["actions_per_second"] = {}
        for v in VARIANTS:
            xs = [random_play(v, 4, n_actions, seed) for seed in range(runs)]
            out["actions_per_second"][v] = _summary(xs)
    out["replay_7_deals_s"] = replay_seven_deals(runs)
    out["peak_rss_mb"] = peak_rss()
    return out


if __name__ == "__main__":
    import sys

    from table_app.gcsetup import freeze_startup_heap
    freeze_startup_heap()   # the process set up as the app's start-up (table_app.gcsetup)
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))
