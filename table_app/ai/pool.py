"""More cores for the hard level's search (issue 18): worker processes that search more
sampled worlds of the same decision beside the deciding thread.

Off unless configured (``configure``): the benchmarks, the simulator and the tests decide
on one thread, so their figures stay comparable.  The table configures it from the
``ai_cores`` setting (``0``: automatic, ``auto_cores()``).

How a searched decision uses it (``SearchContract.values``: every contract-family search
point, CF-10, CR-5, MI-5, MX-7, and the search level; ``SearchMichigan``: every lead,
MG-5, MG-8): at the start it hands each idle worker the same observation and candidates
with a seed of its own drawn from the decision's generator and the CPU budget left
(``Budget.left_s``), searches its own worlds on the deciding thread as before, then
takes the workers' worlds (each a list of paired values per candidate and the world's
weight) and puts them after its own: the pick (the paired z test) sees all of them.  So
a decision spends its budget of CPU time in each process (``workers + 1`` budgets of
CPU in all) and about one budget of wall time; the frame loop is never involved (the
decision runs on the session's AI thread, ``ui.table.session``).

Field conditions: a worker late by more than ``grace_s`` after the deciding thread is
done (a busy machine) is not waited for (its worlds are dropped; it is not handed
another task until it is free); a pool that breaks (a worker killed, no way to start a
process) is shut down and the search goes on alone, the error logged once; a machine
with one core gets no pool.  Workers are started by ``spawn`` (no copy of the window's
process), so the packaged app calls ``multiprocessing.freeze_support`` first
(``cli.main``).  A worker runs at a little lower priority (``nice`` 5) and ends by
itself when the app's process is gone (a crash leaves none behind).
"""
from __future__ import annotations

import logging
import os
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import replace
from types import MappingProxyType
from typing import Any

log = logging.getLogger(__name__)

#: at most this many cores are used for one decision (the deciding thread included)
MAX_CORES = 4

_lock = threading.Lock()
_POOL: SearchPool | None = None


def auto_cores() -> int:
    """The cores a decision uses by default: all the machine's (``os.cpu_count``) but
    one, at most ``MAX_CORES``; 1 (no pool) on a one- or two-core machine or where the
    count is unknown.  The core left is the window's and the system's: on 2 cores, with
    a worker busy beside the deciding thread, a decision's wall time went from 280 ms to
    400-500 ms whenever anything else ran (``benchmarks/results/cores/``)."""
    return max(1, min(MAX_CORES, (os.cpu_count() or 1) - 1))


class SearchPool:
    """``workers`` worker processes (``spawn``) for the search.

    ``ready()``: every worker has started and imported the AI.  ``spread(fn, args,
    seeds)``: ``fn(*args, seed)`` on each idle worker (one seed each, as many as there
    are idle ready workers), the futures.  ``gather(futures, wait_s)``: their results
    that are there within ``wait_s`` seconds of wall time (the rest dropped).  ``close()``:
    shut down (idempotent).  ``broken``: the pool failed and is no longer used.
    """

    #: seconds a worker's result is waited for after the deciding thread is done
    grace_s = 0.05

    def __init__(self, workers: int) -> None:
        import multiprocessing
        if workers < 1:
            raise ValueError(f"a pool needs a worker, not {workers}")
        self.workers = workers
        self.broken = False
        self.closed = False
        self._busy: set[Future] = set()
        self._ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_init_worker)
        self._warm = [self._ex.submit(_ping) for _ in range(workers)]

    def ready(self) -> bool:
        if self.broken:
            return False
        if not all(f.done() for f in self._warm):
            return False
        for f in self._warm:
            e = f.exception()
            if e is not None:
                self._fail(e)
                return False
        return True

    def wait_ready(self, timeout_s: float) -> bool:
        """Block until ``ready()`` (tests, benchmarks) or ``timeout_s``; ``ready()``."""
        for f in self._warm:
            try:
                f.result(timeout=timeout_s)
            except (BrokenExecutor, FutureTimeout, OSError, RuntimeError):
                break                          # (reported by ready())
        return self.ready()

    def idle(self) -> int:
        """Workers not running a task (a late one stays busy until it is done)."""
        self._busy = {f for f in self._busy if not f.done()}
        return max(0, self.workers - len(self._busy))

    def spread(self, fn: Callable, args: tuple, rng: random.Random) -> list[Future]:
        """``fn(*args, seed)`` on every idle worker, each with ``rng.getrandbits(64)``."""
        if not self.ready():
            return []
        out = []
        try:
            for _ in range(self.idle()):
                f = self._ex.submit(fn, *args, rng.getrandbits(64))
                self._busy.add(f)
                out.append(f)
        except (BrokenExecutor, RuntimeError, OSError) as e:   # broken or shut down:
            self._fail(e)                                     # the search goes on alone
        return out

    def gather(self, futures: Sequence[Future], wait_s: float | None = None) -> list[Any]:
        import time
        end = time.perf_counter() + (self.grace_s if wait_s is None else wait_s)
        out = []
        for f in futures:
            try:
                out.append(f.result(timeout=max(0.0, end - time.perf_counter())))
            except FutureTimeout:
                continue                   # late: dropped (it stays busy until done)
            except (BrokenExecutor, OSError, EOFError) as e:   # a worker gone: one core
                self._fail(e)
            # (any other exception is a worker's bug and is raised, as on one core)
        return out

    def collect(self, futures: Sequence[Future], order: Sequence, per: dict,
                weights: list) -> int:
        """The workers' worlds put after the deciding thread's: each result of
        ``gather`` (``(worlds, weights, rows)``, rows in ``order``) extends ``per[a]``
        and ``weights``.  Returns the worlds added."""
        added = 0
        for n, ws, rows in self.gather(futures):
            for a, xs in zip(order, rows):
                per[a].extend(xs)
            weights.extend(ws)
            added += n
        return added

    def _fail(self, e: BaseException) -> None:
        if not self.broken and not self.closed:    # (closed on purpose: nothing to say)
            log.warning("the search's worker processes failed (%s); searching on one core",
                        e)
        self.broken = True
        self.close()

    def close(self, wait: bool = False) -> None:
        """Shut the workers down (``wait``: until a running task ends, at most about one
        budget; idempotent)."""
        self.closed = True
        try:
            self._ex.shutdown(wait=wait, cancel_futures=True)
        except (BrokenExecutor, RuntimeError, OSError):
            pass                               # closing a broken pool


def configure(cores: int) -> SearchPool | None:
    """Use ``cores`` cores for a hard decision (``0``: ``auto_cores()``; ``1``: the
    deciding thread alone, no pool).  Replaces (and closes) the pool there was; returns
    the new one or ``None``.  A pool that cannot start is logged and left off.

    Raises ``ValueError`` for a negative ``cores``."""
    global _POOL
    if cores < 0:
        raise ValueError(f"cores must be 0 (automatic) or more, not {cores}")
    n = auto_cores() if cores == 0 else min(cores, MAX_CORES)
    with _lock:
        old, _POOL = _POOL, None
        if old is not None and not (n > 1 and old.workers == n - 1 and not old.broken):
            old.close()
        elif old is not None:
            _POOL = old                    # the same size: kept (warm)
            return old
        if n > 1:
            try:
                _POOL = SearchPool(n - 1)
            except (OSError, RuntimeError, ImportError) as e:   # no processes here
                log.warning("no worker processes for the search (%s); searching on one core", e)
                _POOL = None
        return _POOL


def active() -> SearchPool | None:
    """The pool a search may use now (configured, started, not broken), or ``None``."""
    p = _POOL
    return p if p is not None and p.ready() else None


def shutdown() -> None:
    """Close the pool (the app's exit); the search is on one core after it."""
    global _POOL
    with _lock:
        old, _POOL = _POOL, None
    if old is not None:
        old.close(wait=True)


# ---------------------------------------------------------------------- transport
def portable(obs):
    """``obs`` as it crosses to a worker: Michigan's read-only layout (a
    ``MappingProxyType``, which does not pickle) as a plain dict."""
    lay = getattr(obs, "layout", None)
    if isinstance(lay, MappingProxyType):
        return replace(obs, layout=dict(lay))
    return obs


def restored(obs):
    """The worker's side of ``portable``: the layout read-only again."""
    lay = getattr(obs, "layout", None)
    if isinstance(lay, dict) and getattr(obs, "variant", "") == "michigan":
        return replace(obs, layout=MappingProxyType(lay))
    return obs


# ---------------------------------------------------------------------- worker side
_players: dict = {}


def _init_worker() -> None:
    """A worker's start: a little lower priority than the window's process (``nice``
    5, where the system has it), and a thread that ends the worker when the app's
    process is gone (a crash or a kill leaves no worker behind: the executor's own
    queue never tells a worker that its parent died)."""
    import multiprocessing
    import threading
    from multiprocessing.connection import wait
    try:
        os.nice(5)
    except (AttributeError, OSError):
        pass                                   # (no nice here: the same priority)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="table-app-parent-watch").start()


def _ping() -> int:
    from . import is_search  # noqa: F401 - import the search now, not in a decision
    return os.getpid()


def cf_values(variant: str, options: dict | None, obs, cands: list, budget_ms: float,
              max_worlds: int, horizon: int | None, weigh: bool, seed: int):
    """A worker's part of ``SearchContract.values``: its own worlds (``Random(seed)``)
    for ``budget_ms`` CPU ms of its thread.  Returns ``(worlds, weights, rows)``, ``rows``
    the per-world values of each candidate in ``cands``' order."""
    from .budget import Budget, gc_paused
    from .is_search import SearchContract
    key = ("cf", variant, tuple(sorted((options or {}).items())))
    p = _players.get(key)
    if p is None:
        p = _players[key] = SearchContract(variant, options)
    obs = restored(obs)
    with gc_paused():
        v = p.values(p.rules_for(obs), obs, cands, random.Random(seed),
                     budget=Budget(budget_ms), max_worlds=max_worlds, horizon=horizon,
                     weigh=weigh, spread=False)
    return v["worlds"], v["weights"], [v["per_world"][a] for a in cands]


def mg_values(attrs: dict, obs, legal: list, budget_ms: float, prior_h: dict, seed: int):
    """A worker's part of ``SearchMichigan``'s worlds (``world_values``): ``attrs`` (the
    deciding player's ``eps``, ``share_left``, ``hard_seats``, ``typed``,
    ``fast_sampler``) and the typed model's ``prior_h`` as the deciding thread had them.
    Returns ``(worlds, weights, rows)`` as ``cf_values``."""
    from .budget import Budget
    from .is_search import SearchMichigan
    p = _players.get("mg")
    if p is None:
        p = _players["mg"] = SearchMichigan("michigan")
    for k, x in attrs.items():
        setattr(p, k, x)
    obs = restored(obs)
    per, weights = p.world_values(obs, legal, random.Random(seed), Budget(budget_ms, 0.97),
                                  prior_h)
    return len(weights), weights, [per[a] for a in legal]


__all__ = ["SearchPool", "configure", "active", "shutdown", "auto_cores", "portable",
           "restored", "cf_values", "mg_values", "MAX_CORES"]
