"""Random-legal-play speed of peer engines beside ours, measured in the same run.

The figure is the one of ``benchmarks.engine.random_play_counts``: player actions per CPU
second of the measuring thread (``time.thread_time``: the time other processes of a
shared machine take is not counted; ours also without the buying-window passes),
each picked uniformly at random among the legal ones and applied, new games as needed
(the time of dealing and of starting new games is included, the dealt cards are not
counted as actions).  Peers (the optional ``bench`` extra, ``pip install rlcard
open_spiel``):

* ``rlcard_game``: RLCard's ``GinRummyGame`` driven directly: ``init_game``, then
  ``judge.get_legal_actions()`` and ``step`` (``step`` also builds the next player's
  state dict, as its API does);
* ``rlcard_env_run``: RLCard's own loop, ``rlcard.make("gin-rummy")`` with two
  ``RandomAgent``\\ s and ``env.run(is_training=False)`` (actions: ``len(game.actions)``);
* ``open_spiel``: ``pyspiel.load_game("gin_rummy")`` from Python: ``legal_actions()`` and
  ``apply_action``; chance nodes (the deal, the stock draws) are sampled from
  ``chance_outcomes()`` and not counted as actions.

``run(quick)`` measures our four variants and every installed peer in rounds (one run
of each per round), so that the load of other processes on the machine falls on both
sides alike, and reports the ratios ours / best peer.  A missing peer is reported as
``null`` with the reason; a ratio is never computed from a missing figure.

    python -m benchmarks.peers [--quick]     # prints json
"""
from __future__ import annotations

import gc
import json
import random
import sys
import time

from table_app.gcsetup import freeze_startup_heap

from .common import summary
from .engine import VARIANTS, random_play_counts, sizes

PEERS = ("rlcard_game", "rlcard_env_run", "open_spiel")


def _rlcard_game(actions: int, seed: int) -> float:
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame
    rng = random.Random(seed)
    g = GinRummyGame()
    g.np_random = np.random.RandomState(seed)
    count = 0
    t = time.thread_time()
    g.init_game()
    while count < actions:
        if g.is_over():
            g.init_game()
            continue
        g.step(rng.choice(g.judge.get_legal_actions()))
        count += 1
    return count / (time.thread_time() - t)


def _rlcard_env_run(actions: int, seed: int) -> float:
    import rlcard
    from rlcard.agents import RandomAgent
    env = rlcard.make("gin-rummy", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    count = 0
    t = time.thread_time()
    while count < actions:
        env.run(is_training=False)
        count += len(env.game.actions)
    return count / (time.thread_time() - t)


def _open_spiel(actions: int, seed: int) -> float:
    import pyspiel
    rng = random.Random(seed)
    game = pyspiel.load_game("gin_rummy")
    count = 0
    t = time.thread_time()
    s = game.new_initial_state()
    while count < actions:
        if s.is_terminal():
            s = game.new_initial_state()
            continue
        if s.is_chance_node():
            outs = s.chance_outcomes()
            a = rng.choices([o[0] for o in outs], [o[1] for o in outs])[0]
            s.apply_action(a)
            continue
        s.apply_action(rng.choice(s.legal_actions()))
        count += 1
    return count / (time.thread_time() - t)


_MEASURE = {"rlcard_game": _rlcard_game, "rlcard_env_run": _rlcard_env_run,
            "open_spiel": _open_spiel}


def available() -> dict:
    """``{peer: None}`` when it can be measured, else ``{peer: reason}``."""
    out = {}
    for name in PEERS:
        try:
            if name.startswith("rlcard"):
                import rlcard  # noqa: F401
                from rlcard.games.gin_rummy.game import GinRummyGame  # noqa: F401
            else:
                import pyspiel
                pyspiel.load_game("gin_rummy")
            out[name] = None
        except Exception as e:  # noqa: BLE001 - an optional peer: reported, not raised
            pkg = "rlcard" if name.startswith("rlcard") else "open_spiel"
            out[name] = (f"not installed ({type(e).__name__}: {e}); "
                         f"pip install {pkg} (the 'bench' extra)")
    return out


def versions() -> dict:
    out = {}
    try:
        from importlib.metadata import version
    except ImportError:  # pragma: no cover
        return out
    for pkg in ("rlcard", "open_spiel", "numpy"):
        try:
            out[pkg] = version(pkg)
        except Exception:  # noqa: BLE001
            out[pkg] = None
    return out


def set_up_process() -> int:
    """Set this process up as the app's start-up sets itself up: the imports done (ours
    and the installed peers'), their heap frozen for the garbage collector
    (``table_app.gcsetup.freeze_startup_heap``, as ``table_app.ui.app.main`` does), so
    the engine is measured as the player runs it (the peers in the same process, alike).
    Returns how many objects were frozen (0: done before in this process)."""
    available()
    return freeze_startup_heap()


def run(quick: bool = False, actions: int | None = None, runs: int | None = None) -> dict:
    """Ours (4 seats, per variant) and every installed peer, in interleaved rounds.

    Returns ``{"ours": {variant: summary}, "peers": {peer: summary | None},
    "missing": {peer: reason}, "best_peer", "ratios": {variant: {...}}}`` where a ratio
    is ours' median over the best peer's median (the best peer: the highest median)."""
    n_actions, n_runs = sizes(quick)
    n_actions = actions or n_actions
    n_runs = runs or n_runs
    avail = available()
    frozen = gc.get_freeze_count()
    ours: dict[str, list[float]] = {v: [] for v in VARIANTS}
    ours_np: dict[str, list[float]] = {v: [] for v in VARIANTS}
    pass_share: dict[str, list[float]] = {v: [] for v in VARIANTS}
    theirs: dict[str, list[float]] = {p: [] for p in PEERS if avail[p] is None}
    errors: dict[str, str] = {}
    for r in range(n_runs):
        # one run of each, ours and the peers' in turn (the order turns each round), so
        # that what the machine's load does to the caches falls on both sides alike
        jobs = [("ours", v) for v in VARIANTS] + [("peer", p) for p in theirs]
        if r % 2:
            jobs.reverse()
        for kind, name in jobs:
            if kind == "ours":
                got = random_play_counts(name, 4, n_actions, seed=r)
                ours[name].append(got["per_cpu_s"])
                ours_np[name].append(got["no_pass_buy_per_cpu_s"])
                pass_share[name].append(got["pass_buys"] / got["actions"])
                continue
            if name in errors:
                continue
            try:
                theirs[name].append(_MEASURE[name](n_actions, seed=r))
            except Exception as e:  # noqa: BLE001 - a broken peer is reported, not raised
                errors[name] = f"failed while measuring: {type(e).__name__}: {e}"
    peers: dict = {}
    missing: dict = {}
    for p in PEERS:
        if avail[p] is not None:
            peers[p], missing[p] = None, avail[p]
        elif p in errors:
            peers[p], missing[p] = None, errors[p]
        else:
            peers[p] = summary(theirs[p], 1)
    measured = {p: s for p, s in peers.items() if s is not None}
    best = max(measured, key=lambda p: measured[p]["median"]) if measured else None
    ours_s = {v: summary(xs, 1) for v, xs in ours.items()}
    ours_np_s = {v: summary(xs, 1) for v, xs in ours_np.items()}
    ratios = {}
    for v in VARIANTS:
        if best is None:
            ratios[v] = {"ratio": None, "ratio_no_pass_buys": None, "vs": None,
                         "reason": "no peer measured (" + ", ".join(missing) + ": see missing)"}
        else:
            pm = measured[best]["median"]
            ratios[v] = {"ratio": round(ours_s[v]["median"] / pm, 3),
                         "ratio_no_pass_buys": round(ours_np_s[v]["median"] / pm, 3),
                         "vs": best, "goal": ">= 1.5 counting no buying-window passes"}
    return {"actions_per_run": n_actions, "seats": {"ours": 4, "peers": 2},
            "clock": "CPU time of the measuring thread (time.thread_time)",
            "gc": (f"start-up heap frozen after the imports as the app's ({frozen} objects, "
                   "table_app.gcsetup, benchmarks.peers.set_up_process)" if frozen else
                   "start-up heap not frozen (not the app's set-up: a test's call)"),
            "ours": ours_s, "ours_no_pass_buys": ours_np_s,
            "pass_buy_share": {v: round(sum(x) / len(x), 3) for v, x in pass_share.items() if x},
            "peers": peers, "missing": missing, "best_peer": best,
            "ratios": ratios, "versions": versions()}


if __name__ == "__main__":
    set_up_process()
    print(json.dumps(run(quick="--quick" in sys.argv[1:]), indent=1))
