"""The search's worker processes (issue 18, ``table_app/ai/pool.py``): off unless
configured, a worker's worlds are the search's own worlds for its seed, a real pool
adds worlds to a contract-family search and to Michigan's, a late worker is not waited
for, and a broken pool leaves the search on one core."""
from __future__ import annotations

import os
import pickle
import random
import time

import pytest

from table_app.ai import pool
from table_app.ai.budget import Budget
from table_app.ai.is_search import SearchContract, SearchMichigan
from table_app.engine.engine import Engine
from table_app.variants import find_variant


def _decision(variant: str, seed: int = 3):
    """The first decision with two or more choices of a seeded 4-seat game."""
    rules = find_variant(variant)({})
    eng = Engine(rules, 4, seed=seed, auto=True)
    while True:
        legal = eng.legal_actions()
        if not legal:
            eng.deal_next()
            continue
        if len(legal) >= 2:
            return rules, eng.observe(eng.to_act()[0]), legal
        eng.apply(legal[0])


def _sleep(s: float, seed: int) -> int:
    time.sleep(s)
    return seed


@pytest.fixture
def real_pool():
    """One worker process (``configure(2)``), started; shut down after the test."""
    p = pool.configure(2)
    assert p is not None and p.workers == 1
    assert p.wait_ready(120.0)
    yield p
    pool.shutdown()


def test_the_pool_is_off_unless_configured_and_auto_leaves_a_core(monkeypatch):
    pool.shutdown()
    assert pool.active() is None
    assert pool.configure(1) is None and pool.active() is None
    for cpus, cores in ((1, 1), (2, 1), (None, 1), (3, 2), (4, 3), (16, 4)):
        monkeypatch.setattr(os, "cpu_count", lambda c=cpus: c)
        assert pool.auto_cores() == cores, cpus           # one core left for the window
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert pool.configure(0) is None
    assert pool.MAX_CORES == 4
    with pytest.raises(ValueError):
        pool.configure(-1)


def test_a_michigan_observation_crosses_to_a_worker_and_back_unchanged():
    _rules, obs, _legal = _decision("michigan")
    with pytest.raises(TypeError):
        pickle.dumps(obs)                        # its layout is read-only (mappingproxy)
    back = pool.restored(pickle.loads(pickle.dumps(pool.portable(obs))))
    assert back == obs and type(back.layout) is type(obs.layout)


def test_a_workers_worlds_are_the_searchs_own_worlds_for_its_seed():
    """``cf_values`` (what a worker runs) is ``SearchContract.values`` with
    ``Random(seed)``: the same per-world values, candidates in order."""
    _rules, obs, legal = _decision("may_i")
    cands = legal[:3]
    n, ws, rows = pool.cf_values("may_i", None, obs, cands, 60_000.0, 4, 2, True, 77)
    s = SearchContract("may_i")
    v = s.values(s.rules_for(obs), obs, cands, random.Random(77), max_worlds=4, horizon=2)
    assert n == v["worlds"] == 4 and ws == v["weights"]
    assert rows == [v["per_world"][a] for a in cands]
    assert v["pooled"] == 0


def test_a_real_pool_adds_a_workers_worlds_to_a_contract_search(real_pool):
    real_pool.grace_s = 120.0                    # a slow machine: wait for it here
    rules, obs, legal = _decision("mexican")
    s = SearchContract("mexican")
    v = s.values(rules, obs, legal[:2], random.Random(5), budget=Budget(150.0),
                 max_worlds=1000, horizon=2)
    assert v["pooled"] > 0 and v["worlds"] > v["pooled"]
    assert all(len(v["per_world"][a]) == v["worlds"] for a in legal[:2])
    assert len(v["weights"]) == v["worlds"]


def test_a_real_pool_adds_worlds_to_michigans_search(real_pool):
    real_pool.grace_s = 120.0
    _rules, obs, legal = _decision("michigan")
    p = SearchMichigan(budget_ms=100.0)
    a, why = p.decide(obs, legal, random.Random(2))
    assert a in legal
    st = p.last_stats
    assert st["pooled"] > 0 and st["worlds"] > st["pooled"]
    assert len(p.last_weights) == st["worlds"] == why.params["n"]


def test_a_late_worker_is_not_waited_for_and_stays_busy_until_done(real_pool):
    futs = real_pool.spread(_sleep, (1.0,), random.Random(1))
    assert len(futs) == 1 and real_pool.idle() == 0
    t = time.perf_counter()
    assert real_pool.gather(futs, wait_s=0.0) == []
    assert time.perf_counter() - t < 0.5
    assert real_pool.spread(_sleep, (0.0,), random.Random(2)) == []   # none idle
    futs[0].result(timeout=120)
    assert real_pool.idle() == 1


def test_a_broken_pool_leaves_the_search_on_one_core(real_pool, caplog):
    for proc in list(real_pool._ex._processes.values()):
        proc.kill()
    rules, obs, legal = _decision("mexican")
    s = SearchContract("mexican")
    deadline = time.perf_counter() + 60
    while not real_pool.broken and time.perf_counter() < deadline:
        v = s.values(rules, obs, legal[:2], random.Random(5), budget=Budget(20.0),
                     max_worlds=50, horizon=2)
        assert v["worlds"] >= 0 and v["pooled"] == 0
    assert real_pool.broken and pool.active() is None
    assert "searching on one core" in caplog.text
    v = s.values(rules, obs, legal[:2], random.Random(5), budget=Budget(20.0),
                 max_worlds=50, horizon=2)
    assert v["pooled"] == 0


def test_a_worker_ends_when_the_process_that_started_it_is_killed(tmp_path):
    """A crash (here SIGKILL) of the app's process leaves no worker behind: each worker
    watches its parent (``_init_worker``) and ends itself."""
    import subprocess
    import sys
    script = tmp_path / "parent.py"
    script.write_text(
        "import sys, time\n"
        "from table_app.ai import pool\n"
        "if __name__ == '__main__':\n"
        "    p = pool.configure(2)\n"
        "    assert p.wait_ready(120)\n"
        "    print(*[q.pid for q in p._ex._processes.values()], flush=True)\n"
        "    time.sleep(600)\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                              text=True, env=env)
    pids: list[int] = []
    try:
        pids = [int(x) for x in parent.stdout.readline().split()]
        assert len(pids) == 1
        parent.kill()
        parent.wait(30)
        deadline = time.perf_counter() + 30
        alive = pids
        while alive and time.perf_counter() < deadline:
            time.sleep(0.1)
            alive = [p for p in pids if _alive(p)]
        assert alive == []
    finally:
        if parent.poll() is None:
            parent.kill()
        for p in pids:                                    # (none left if it passed)
            if _alive(p):
                os.kill(p, 9)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"     # (a zombie is gone)
    except FileNotFoundError:
        return False


def test_a_pool_closed_while_a_search_uses_it_is_left_quietly(real_pool, caplog):
    """The cores setting changed mid-decision closes the old pool: the search that
    held it goes on alone, and nothing is logged as failed."""
    real_pool.close(wait=True)
    rules, obs, legal = _decision("mexican")
    s = SearchContract("mexican")
    v = s.values(rules, obs, legal[:2], random.Random(5), budget=Budget(150.0),
                 max_worlds=50, horizon=2)
    assert v["pooled"] == 0 and v["worlds"] > 0
    assert real_pool.broken and "failed" not in caplog.text
