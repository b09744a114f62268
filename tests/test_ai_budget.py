"""Hard's budget is counted in the deciding thread's CPU time (issue 17): a thread that
waits (a busy machine, the UI's thread holding the GIL) keeps its budget, so hard
searches as much as on an idle machine; a wall-clock backstop bounds a starved thread.
Hard says what it evaluated (``last_stats``, reported by ``benchmarks.decisions``).
No test here asserts how fast anything runs: sleeps only make wall time pass."""
from __future__ import annotations

import random
import time

from table_app.ai import make_player
from table_app.ai.budget import WALL_FACTOR, Budget
from tests.helpers.players import contract_play_obs as _obs
from tests.helpers.players import discards_of as _legal
from tests.helpers.players import hard_contract as _hard


def _spin_cpu(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_waiting_does_not_spend_the_budget_but_cpu_does():
    b = Budget(200)
    time.sleep(0.25)                 # more than the budget in wall time, no CPU
    assert not b.over() and b.left_s() > 0.1
    _spin_cpu(0.21)
    assert b.over() and b.left_s() < 0 and b.used_ms() >= 200


def test_a_starved_thread_stops_at_the_wall_clock_backstop():
    b = Budget(20)
    time.sleep(0.02 * WALL_FACTOR + 0.03)
    assert b.over() and b.left_s() < 0


def test_hard_contract_searches_the_same_when_its_thread_waits(monkeypatch):
    """A decision whose thread is made to wait between its steps (as a busy core does)
    evaluates what it evaluates unhindered: the budget counts CPU, not the waits."""
    obs = _obs((False, False, True, False), (10, 0, 2, 10))
    h = _hard(w_points=20.0)
    h.budget_ms = 300.0              # 210 ms of CPU for the look-ahead: a few ms suffice
    h.decide(obs, _legal(obs), random.Random(0))
    calm = dict(h.last_stats)
    assert calm["candidates"] == 6 and calm["draws_evaluated"] > 100

    real = h.improve_prob

    def slow(*a, **k):
        time.sleep(0.05)             # 6 x 50 ms: past the budget in wall time, not in CPU
        return real(*a, **k)
    monkeypatch.setattr(h, "improve_prob", slow)
    h.decide(obs, _legal(obs), random.Random(0))
    assert h.last_stats == calm


def test_hard_michigan_reports_its_worlds_and_rollouts():
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    eng = Engine(find_variant("michigan")({}), 4, seed=3)
    while True:
        ta = eng.to_act()
        if ta is not None and ta[1] == "deal":
            eng.deal_next()
            continue
        legal = eng.legal_actions()
        if ta is not None and ta[1] not in ("ante", "widow") and len(legal) > 1:
            break
        eng.apply(legal[0])
    hard = make_player("hard", "michigan", samples=5, budget_ms=60_000)
    obs = eng.observe(eng.to_act()[0])
    hard.choose(obs, legal, random.Random(1))
    # (and the worlds' effective number under the opponent model's weights, at most 5)
    st = dict(hard.last_stats)
    assert 0 < st.pop("ess") <= 5
    assert st == {"worlds": 5, "rollouts": 5 * len(legal), "pooled": 0}   # (no pool)
