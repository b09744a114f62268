"""The benchmark harness (``python -m benchmarks``) in its ``--smoke`` size: it runs,
writes JSON of the expected shape and a Markdown summary beside it.  No timing is
asserted (the machine is shared)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _summary_ok(s):
    assert set(s) >= {"median", "p99", "min", "max", "runs"}
    assert s["runs"] >= 1 and s["min"] <= s["median"] <= s["max"]


@pytest.mark.slow
def test_smoke_run_writes_json_and_markdown(tmp_path):
    out = tmp_path / "res" / "out.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABLE_APP_HOME=str(tmp_path / "home"))
    cp = subprocess.run([sys.executable, "-m", "benchmarks", "--json", str(out), "--smoke"],
                        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert cp.returncode == 0, cp.stderr[-2000:]
    res = json.loads(out.read_text())
    assert json.loads(cp.stdout) == res  # printed as well as written

    assert res["mode"] == "smoke"
    assert isinstance(res["pinned"]["pinned"], bool)
    if res["pinned"]["pinned"]:
        assert isinstance(res["pinned"]["cpu"], int)
    else:
        assert res["pinned"]["reason"]
    m = res["machine"]
    for k in ("cpu_model", "cores", "python", "platform", "date"):
        assert m[k]

    eng = res["engine"]
    assert set(eng["actions_per_second"]) == {"contract", "may_i", "mexican", "michigan"}
    for s in eng["actions_per_second"].values():
        _summary_ok(s)
    _summary_ok(eng["replay_7_deals_s"])
    assert "peak_mb" in eng["peak_rss_mb"]
    pe = eng["peers"]
    assert set(pe["peers"]) == {"rlcard_game", "rlcard_env_run", "open_spiel"}
    for p, s in pe["peers"].items():
        if s is None:  # a missing peer says why, and no ratio is made up from it
            assert pe["missing"][p]
        else:
            _summary_ok(s)
    for v, r in pe["ratios"].items():
        if pe["best_peer"] is None:
            assert r["ratio"] is None and r["reason"]
            assert res["missing"][f"engine.peers.ratios.{v}"]
        else:
            assert r["ratio"] > 0 and r["vs"] == pe["best_peer"]

    rv = res["replay"]
    _summary_ok(rv["open_to_last_event_s"])
    if rv["viewer_open_to_last_event_s"] is None:
        assert rv["missing"]["viewer_open_to_last_event_s"]

    sv = res["solver"]
    assert sv["n"] > 0 and {"median_ms", "p99_ms", "small", "large"} <= set(sv)

    lat = res["ai"]["latency"]
    assert set(lat) == {"contract", "may_i", "mexican", "michigan"}
    for lv in lat.values():
        assert {"easy", "normal", "hard"} <= set(lv)
        for d in lv.values():
            assert {"decisions", "p50_ms", "p99_ms", "max_ms"} <= set(d)

    ui = res["ui"]
    assert ui["frame_ms"]
    for size, tables in ui["frame_ms"].items():
        for name, f in tables.items():
            if f is None:
                assert ui["missing"][f"frame_ms.{size}.{name}"]
            else:
                assert f["frames"] > 0 and f["p50_ms"] <= f["p99_ms"] <= f["max_ms"]
    if ui.get("idle_cpu") is None:
        assert ui["missing"]["idle_cpu"]
    else:
        for name in ("table", "picker"):
            d = ui["idle_cpu"][name]
            assert d["cpu_per_wall"] >= 0 and d["wall_s"] > 0 and d["frames"] >= 1
        print("idle_cpu keys:", sorted(ui["idle_cpu"]), sorted(ui["idle_cpu"]["table"]))
    if ui.get("startup") is None:
        assert ui["missing"]["startup"]
    else:
        st = ui["startup"]
        _summary_ok(st["picker_first_frame_s"])
        _summary_ok(st["bare_pygame_gui_s"])
        assert st["ratio"] > 0

    md = out.with_suffix(".md")
    assert md.is_file()
    text = md.read_text()
    for part in ("| CPU |", "| Python |", "## Engine", "## Replay", "## Contract solver", "## AI decision",
                 "## UI", "Idle CPU", "Noisy"):
        assert part in text, part


def test_missing_peers_give_no_ratio(monkeypatch):
    from benchmarks import peers
    monkeypatch.setattr(peers, "available",
                        lambda: {p: "not installed (test)" for p in peers.PEERS})
    res = peers.run(quick=True, actions=50, runs=1)
    assert res["best_peer"] is None
    assert all(s is None for s in res["peers"].values())
    assert res["missing"] == {p: "not installed (test)" for p in peers.PEERS}
    for r in res["ratios"].values():
        assert r["ratio"] is None and "no peer measured" in r["reason"]
    assert all(s["median"] > 0 for s in res["ours"].values())


def test_partial_oracles_hide_what_they_say():
    # benchmarks/ai_info.py: oracle_stock keeps the stock order and re-deals the other
    # hands' unknown cards among them; oracle_hands keeps the hands and shuffles the stock
    import random as _random

    from benchmarks.ai_info import HandsOracle, StockOracle
    from table_app.ai.simulate import seat_rng
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    eng = Engine(rules, 4, seed=21, auto=True)
    rng = _random.Random(21)
    seen_known = 0
    for _ in range(400):
        ta = eng.to_act()
        if ta is None:
            break
        legal = eng.legal_actions()
        if not legal:
            eng.deal_next()
            continue
        st, seat = eng.state, ta[0]
        obs = eng.observe(seat)
        if st.phase == "play" and any(obs.known[s] for s in range(4) if s != seat):
            seen_known += 1
            w = StockOracle("may_i").world(st, obs, seat_rng(3, seat))
            assert w.stock == st.stock and w.hands[seat] == st.hands[seat]
            for s in range(4):
                assert len(w.hands[s]) == len(st.hands[s])
                assert set(obs.known[s]) <= set(w.hands[s])
            others = sorted(c for s in range(4) if s != seat for c in st.hands[s])
            assert sorted(c for s in range(4) if s != seat for c in w.hands[s]) == others
            w2 = HandsOracle("may_i").world(st, obs, _random.Random(4))
            assert w2.hands == st.hands and sorted(w2.stock) == sorted(st.stock)
            assert w2.stock != st.stock or len(st.stock) < 2
        eng.apply(rng.choice(legal))
    assert seen_known > 5
