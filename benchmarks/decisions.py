"""The hard computer player's decisions in CPU time, alone and on a busy core.

Games of the hard level at seat 0 and normal players at the others (``ai.simulate``'s
``play_game``, seeded), each of hard's decisions timed in its thread's CPU time
(``time.thread_time``) and in wall time.  Every game is played twice in alternating
rounds: ``alone`` and ``loaded`` (a child process spinning on the same CPU as this one,
as another program of a busy machine would).  Hard's budget is 300 ms a decision; a
budget counted in wall time gives hard less CPU, so less search, on a busy machine: the
``loaded / alone`` ratio of the CPU its long decisions get (those that reached the
budget alone) says which it is (1.0: the same search whatever the load).  The number of
worlds / candidates hard evaluates per decision is reported where the player exposes it
(``last_stats``: the contract family's hard level scores candidates and weighs the
next draws; Michigan's hard level and the oracle search worlds and rollouts), else
``null`` with the reason; ``evaluated_same_decisions`` compares them over the same
decisions of a seed's two games (``same_decisions``), the goal's figure.

``run(quick)``; ``python -m benchmarks.decisions [--quick]`` prints JSON.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from .common import percentile

VARIANTS = ("contract", "may_i", "mexican", "michigan")
BUDGET_MS = 300.0


class _Timed:
    """A player whose decisions are timed (CPU and wall, ms)."""

    def __init__(self, p) -> None:
        self.p = p
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.stats: list = []
        self.searched: list[bool] = []     # per decision: it searched (set last_stats)
        #: per decision: (what it was asked: the observation and the legal moves, hashed;
        #: its ``last_stats`` or ``None``), to pair the same decisions of two games
        self.asked: list[tuple[int, dict | None]] = []
        #: (alone, loaded) stats of the same decisions (``same_decisions``), per seed
        self.paired: list[tuple[dict, dict]] = []
        self.needs_state = getattr(p, "needs_state", False)

    def _time(self, fn, *a):
        obs, legal = a[-3], a[-2]
        asked = hash((repr(obs), repr(legal)))
        if hasattr(self.p, "last_stats"):
            self.p.last_stats = None       # set again only by a decision that searches
        c, w = time.thread_time(), time.perf_counter()
        out = fn(*a)
        self.cpu.append((time.thread_time() - c) * 1000.0)
        self.wall.append((time.perf_counter() - w) * 1000.0)
        st = getattr(self.p, "last_stats", None)
        if isinstance(st, dict):
            self.stats.append(dict(st))
        self.searched.append(isinstance(st, dict))
        self.asked.append((asked, dict(st) if isinstance(st, dict) else None))
        return out

    def choose(self, obs, legal, rng):
        return self._time(self.p.choose, obs, legal, rng)

    def choose_state(self, state, obs, legal, rng):
        return self._time(self.p.choose_state, state, obs, legal, rng)


_SPIN = "import os,sys\nos.sched_setaffinity(0,{int(sys.argv[1])})\nwhile True: pass\n"


def _load(cpu: int | None):
    """A child process spinning on ``cpu`` (or anywhere, where affinity is unknown)."""
    code = _SPIN if cpu is not None and hasattr(os, "sched_setaffinity") else "while True: pass\n"
    return subprocess.Popen([sys.executable, "-c", code, str(cpu or 0)])


def _game(variant: str, seed: int, max_actions: int, budget_ms: float = BUDGET_MS) -> _Timed:
    from table_app.ai import make_player
    from table_app.ai.simulate import play_game
    hard = _Timed(make_player("hard", variant, budget_ms=budget_ms))
    players = [hard] + [make_player("normal", variant) for _ in range(3)]
    play_game(variant, ["hard", "normal", "normal", "normal"], seed=seed, players=players,
              max_actions=max_actions, budget_ms=budget_ms)
    return hard


def _dist(xs: list[float]) -> dict:
    if not xs:
        return {"decisions": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}
    return {"decisions": len(xs), "p50_ms": round(percentile(xs, 50), 3),
            "p99_ms": round(percentile(xs, 99), 3), "max_ms": round(max(xs), 3)}


def _pair(v: str, seeds, max_actions: int, budget_ms: float, cpu_id):
    """Every seed's game alone and loaded, in alternating order: (alone, loaded).  While
    it runs this process is on ``cpu_id`` alone, the core the spinner shares."""
    alone, loaded = _Timed(None), _Timed(None)
    before = os.sched_getaffinity(0) if cpu_id is not None else None
    if cpu_id is not None:
        os.sched_setaffinity(0, {cpu_id})
    try:
        _pair_games(v, seeds, max_actions, budget_ms, cpu_id, alone, loaded)
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)
    return alone, loaded


def same_decisions(a: list, b: list) -> list[tuple[dict, dict]]:
    """The decisions two games of one seed share, paired: ``(stats a, stats b)`` for each
    decision of the common start of ``a`` and ``b`` (``_Timed.asked`` lists) where both
    were asked the same (observation and legal moves) and both searched.  The games part
    at the first decision answered differently; after it nothing is compared (other
    positions, other searches)."""
    out = []
    for (ka, sa), (kb, sb) in zip(a, b):
        if ka != kb:
            break
        if sa is not None and sb is not None:
            out.append((sa, sb))
    return out


def _pair_games(v, seeds, max_actions, budget_ms, cpu_id, alone, loaded) -> None:
    for i, seed in enumerate(seeds):
        got: dict = {}
        order = ("alone", "loaded") if i % 2 == 0 else ("loaded", "alone")
        for cond in order:
            spin = _load(cpu_id) if cond == "loaded" else None
            try:
                h = _game(v, seed, max_actions, budget_ms)
            finally:
                if spin is not None:
                    spin.kill()
                    spin.wait()
            got[cond] = h.asked
            dst = alone if cond == "alone" else loaded
            dst.cpu += h.cpu
            dst.wall += h.wall
            dst.stats += h.stats
            dst.searched += h.searched
        alone.paired += same_decisions(got["alone"], got["loaded"])


def run(quick: bool = False, seeds=None, max_actions: int | None = None,
        probe_ms: float = 3.0, budget_ms: float = BUDGET_MS) -> dict:
    """Hard's decisions at its budget (300 ms), alone and loaded; then the budget's clock
    probed at ``probe_ms`` (a budget most searching decisions reach): the mean CPU of the
    decisions that searched, loaded over alone (1.0: the budget is CPU time; about 0.5: a
    wall-clock budget on a core shared with one other process)."""
    seeds = seeds or ((41,) if quick else (41, 42))
    max_actions = max_actions or (200 if quick else 600)
    cpu_id = None
    if hasattr(os, "sched_getaffinity"):
        cpu_id = min(os.sched_getaffinity(0))
    out: dict = {"budget_ms": budget_ms, "clock": "hard's budget: CPU time of the deciding "
                 "thread (table_app.ai.budget.Budget, a wall backstop of 10x)",
                 "probe_budget_ms": probe_ms, "seeds": list(seeds),
                 "max_actions": max_actions, "variants": {}, "missing": {},
                 "how": ("hard at seat 0, normal at seats 1-3, seeded games cut at "
                         f"{max_actions} actions; each game alone and with a process "
                         "spinning on this process's CPU (loaded), in alternating rounds; "
                         "CPU = time.thread_time of the deciding thread; the budget's clock "
                         f"probed with hard at a {probe_ms:g} ms budget: mean CPU of the "
                         "decisions that searched (last_stats set), loaded / alone")}
    for v in VARIANTS:
        alone, loaded = _pair(v, seeds, max_actions, budget_ms, cpu_id)
        d = {"alone_cpu": _dist(alone.cpu), "alone_wall": _dist(alone.wall),
             "loaded_cpu": _dist(loaded.cpu), "loaded_wall": _dist(loaded.wall)}
        pa, pl = _pair(v, seeds[:1], max_actions, probe_ms, cpu_id)
        la = [c for c, f in zip(pa.cpu, pa.searched) if f]
        ll = [c for c, f in zip(pl.cpu, pl.searched) if f]
        ratio = None
        if la and ll:
            ratio = round((sum(ll) / len(ll)) / (sum(la) / len(la)), 3)
        d["probe"] = {"searched": {"alone": len(la), "loaded": len(ll)},
                      "mean_cpu_ms": {"alone": round(sum(la) / len(la), 3) if la else None,
                                      "loaded": round(sum(ll) / len(ll), 3) if ll else None},
                      "cpu_loaded_over_alone": ratio}
        if ratio is None:
            out["missing"][f"{v}.probe"] = (f"no decision searched at the {probe_ms:g} ms "
                                            "budget in both conditions")
        d["searched_decisions"] = {"alone": len(alone.stats), "loaded": len(loaded.stats)}
        if alone.stats:
            keys = sorted({k for s in alone.stats for k in s if isinstance(s[k], (int, float))})
            d["evaluated_per_decision"] = {
                k: {"alone_mean": round(sum(s.get(k, 0) for s in alone.stats) / len(alone.stats), 2),
                    "loaded_mean": (round(sum(s.get(k, 0) for s in loaded.stats) / len(loaded.stats), 2)
                                    if loaded.stats else None)} for k in keys}
            pairs = alone.paired
            d["evaluated_same_decisions"] = {
                k: {"decisions": len(pairs),
                    "alone_mean": round(sum(a.get(k, 0) for a, _b in pairs) / len(pairs), 2),
                    "loaded_mean": round(sum(b.get(k, 0) for _a, b in pairs) / len(pairs), 2),
                    "loaded_over_alone": (round(sum(b.get(k, 0) for _a, b in pairs)
                                                / sum(a.get(k, 0) for a, _b in pairs), 3)
                                          if sum(a.get(k, 0) for a, _b in pairs) else None)}
                for k in keys} if pairs else None
        else:
            d["evaluated_per_decision"] = None
            out["missing"][f"{v}.evaluated_per_decision"] = (
                "no decision of hard searched in these games (last_stats)")
        out["variants"][v] = d
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv[1:]), indent=1))
