"""Every benchmark in one run, on one core: ``python -m benchmarks --json out.json``.

    python -m benchmarks --json out.json            # the full run (tens of minutes)
    python -m benchmarks --json out.json --combine a.json b.json   # runs side by side
    python -m benchmarks --json out.json --quick    # a few minutes
    python -m benchmarks --json out.json --smoke    # seconds; checks the harness only

The process pins itself to the first CPU it may use (``os.sched_setaffinity``, where
the platform has it; the JSON says whether it did), runs

* ``engine``: random-legal-play actions/s per variant, measured in rounds interleaved
  with the peers (``benchmarks.peers``: RLCard gin rummy, its game object and its
  ``env.run`` loop, and OpenSpiel ``gin_rummy``) and the ratios ours / best peer; the
  replay time of a 7-deal record; the peak RSS of a headless game (``benchmarks.engine``);
* ``replay``: opening a 7-deal record in the replay viewer and reaching its last event
  (``benchmarks.replay``), in the model and through the viewer scene;
* ``solver``: the contract solver's latency over its seeded corpus (``benchmarks.solver``);
* ``ai``: decision latency per level and variant and the time of a whole 4-seat game of
  normal AIs (``benchmarks.ai``: ``latency``, ``normal_game_seconds``);
* ``decisions``: hard's decisions in CPU ms, alone and beside a process spinning on
  its core, and what each evaluated (``benchmarks.decisions``);
* ``ui``: frame CPU time of busy 2-, 4- and 8-seat tables in a real X11 window at
  1920x1080 (idle, drag, play), the idle CPU of the app's loop and the time to the
  picker's first frame beside a bare pygame_gui window (``benchmarks.ui``);
* ``realapp``: the real app's peak RSS in a real X11 window: the picker, an 8-seat
  table, three games in one process, SDL's framebuffer settings (``benchmarks.realapp``);

and computes the ``goals`` table from the figures (``benchmarks.goals``);

prints the JSON, writes it to ``--json`` and a Markdown summary beside it (same name,
``.md``).  A section that can't be measured is ``null`` with its reason under
``missing``; nothing is estimated.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import subprocess
import sys
import time
import traceback
from pathlib import Path

from . import engine as engine_bench
from . import peers as peers_bench

SCHEMA = 1
ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------- the machine
def pin_one_core() -> dict:
    """Pin this process (and the children it starts) to its first allowed CPU."""
    if not hasattr(os, "sched_setaffinity"):
        return {"pinned": False, "cpu": None, "reason": "os.sched_setaffinity is not available here"}
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return {"pinned": True, "cpu": cpu, "reason": None}
    except OSError as e:
        return {"pinned": False, "cpu": None, "reason": f"sched_setaffinity failed: {e}"}


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _mem_total_gb() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    return None


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (OSError, AttributeError):
        return None


def _git() -> dict:
    def g(*args):
        try:
            cp = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=20)
            return cp.stdout.strip() if cp.returncode == 0 else None
        except (OSError, subprocess.SubprocessError):
            return None
    status = g("status", "--porcelain", "--untracked-files=no")
    return {"commit": g("rev-parse", "--short", "HEAD"),
            "modified_files": None if status is None else len(status.splitlines())}


def machine() -> dict:
    return {"cpu_model": _cpu_model(), "cores": os.cpu_count(),
            "allowed_cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
            "memory_gb": _mem_total_gb(),
            "python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "load_average_start": _load(), "git": _git()}


# ---------------------------------------------------------------------- sections
def _engine(mode: str) -> dict:
    quick = mode != "full"
    if mode == "smoke":
        p = peers_bench.run(quick=True, actions=300, runs=2)
    elif quick:
        p = peers_bench.run(quick=True, actions=10000, runs=3)
    else:
        p = peers_bench.run(quick=False)
    rest = engine_bench.run(quick=quick, speed=False)
    return {"actions_per_second": p["ours"], "seats": 4, "actions_per_run": p["actions_per_run"],
            "actions_per_second_no_pass_buys": p["ours_no_pass_buys"],
            "pass_buy_share": p["pass_buy_share"], "clock": p["clock"], "gc": p["gc"],
            **rest, "peers": {k: p[k] for k in ("peers", "missing", "best_peer", "ratios",
                                                "versions", "seats")}}


def _replay(mode: str) -> dict:
    """The replay viewer (``benchmarks.replay``), with the app's folder and SDL's drivers
    kept to this run."""
    import tempfile

    from . import replay
    keys = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT", "TABLE_APP_HOME")
    saved = {k: os.environ.get(k) for k in keys}
    with tempfile.TemporaryDirectory(prefix="table-app-bench-") as home:
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                          PYGAME_HIDE_SUPPORT_PROMPT="1", TABLE_APP_HOME=home)
        try:
            return replay.run(quick=mode != "full")
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def _solver(mode: str) -> dict:
    from . import solver
    return solver.run(quick=mode != "full")


def _ai(mode: str) -> dict:
    from . import ai
    if mode != "smoke":
        quick = mode == "quick"
        return {"latency": ai.latency(quick), "normal_game_seconds": ai.normal_game_seconds(quick)}
    # smoke: the same structure from games cut short (checks the harness, not the AI)
    from table_app.ai import LEVELS
    from table_app.ai.simulate import percentile, play_game
    lat: dict = {}
    for v in ai.VARIANTS:
        lat[v] = {}
        for lv in LEVELS:
            res = play_game(v, [lv] + ["normal"] * 3, seed=500, max_actions=40, budget_ms=20)
            t = res.times_ms[0]
            lat[v][lv] = {"decisions": len(t), "p50_ms": round(percentile(t, 50), 3),
                          "p99_ms": round(percentile(t, 99), 3),
                          "max_ms": round(max(t), 3) if t else None}
    return {"latency": lat, "normal_game_seconds": None,
            "missing": {"normal_game_seconds": "not measured in --smoke"}}


def _decisions(mode: str) -> dict:
    from . import decisions
    if mode == "smoke":   # the harness only: games cut at a few actions, a small budget
        return decisions.run(quick=True, max_actions=16, budget_ms=10.0)
    return decisions.run(quick=mode == "quick")


def _ui(mode: str) -> dict:
    from . import ui
    if mode == "smoke":
        return ui.run(quick=True, frames=6, rounds=1, startup_runs=1, source_tree=False,
                      idle_seconds=0.5, tables=(("mexican", 2),), modes=("idle",))
    return ui.run(quick=mode == "quick")


def _realapp(mode: str) -> dict:
    from . import realapp
    if mode == "smoke":
        keys = ("picker", "table_8", "three_games", "framebuffer")
        return {**{k: None for k in keys},
                "missing": {k: "not measured in --smoke (minutes of a real app)" for k in keys}}
    return realapp.run(quick=mode == "quick")


SECTIONS = (("engine", _engine), ("replay", _replay), ("solver", _solver), ("ai", _ai),
            ("decisions", _decisions), ("ui", _ui), ("realapp", _realapp))


def run(mode: str, only: list[str] | None = None, log=None, pin_core: bool = True) -> dict:
    t0 = time.perf_counter()
    pin = pin_one_core() if pin_core else {"pinned": False, "cpu": None,
                                           "reason": "--no-pin (the figures are CPU time)"}
    res: dict = {"schema": SCHEMA, "mode": mode, "pinned": pin, "machine": machine()}
    missing: dict = {}
    if mode != "smoke":
        # as the app's start-up: the imports' heap frozen for the garbage collector
        # (table_app.gcsetup), so the engine is measured as the player runs it
        from . import peers
        res["gc_frozen_at_start"] = peers.set_up_process()
    for name, fn in SECTIONS:
        if only and name not in only:
            continue
        t = time.perf_counter()
        if log:
            log(f"[benchmarks] {name} ...")
        try:
            res[name] = fn(mode)
        except Exception as e:  # noqa: BLE001 - a failing section is reported, not faked
            res[name] = None
            missing[name] = f"{type(e).__name__}: {e}"
            if log:
                log(traceback.format_exc())
        if res.get(name) is not None:
            res[name]["seconds"] = round(time.perf_counter() - t, 1)
        if log:
            log(f"[benchmarks] {name} done in {time.perf_counter() - t:.1f} s")
    missing.update(section_missing(res))
    res["missing"] = missing
    res["machine"]["load_average_end"] = _load()
    from .goals import goals
    res["goals"] = goals(res)
    res["notes"] = [
        "A shared machine: other processes (other developers' test runs) run at the same "
        "time, so the figures compared with a goal are CPU time (time.thread_time / "
        "process_time), not wall time, and the paired figures (ours and the peers, alone "
        "and loaded) are measured in interleaved rounds; the load averages at start and "
        "end say how busy it was.",
        "Ours: 4 seats; the peers' gin rummy: 2 seats.  An action is a player action "
        "picked uniformly among the legal ones and applied (chance events not counted).",
    ]
    res["seconds"] = round(time.perf_counter() - t0, 1)
    return res


def section_missing(res: dict) -> dict:
    """Every missing figure of the sections in ``res``, with its reason, in one place."""
    missing: dict = {}
    eng = res.get("engine") or {}
    for peer, why in ((eng.get("peers") or {}).get("missing") or {}).items():
        missing[f"engine.peers.{peer}"] = why
    for v, r in ((eng.get("peers") or {}).get("ratios") or {}).items():
        if r.get("ratio") is None:
            missing[f"engine.peers.ratios.{v}"] = r.get("reason")
    rss = eng.get("peak_rss_mb") or {}
    if rss and rss.get("peak_mb") is None:
        missing["engine.peak_rss_mb"] = rss.get("reason")
    for sec in ("replay", "ai", "ui", "decisions", "realapp"):
        for k, why in ((res.get(sec) or {}).get("missing") or {}).items():
            missing[f"{sec}.{k}"] = why
    return missing


def combine(runs: list[dict]) -> dict:
    """Runs of different sections (``--only``, taken at the same time on the same machine,
    e.g. one per core) as one result: the first run's machine, every run's sections,
    ``runs`` saying which section came from which run (its date, CPU, load averages), the
    missing figures and the goals computed again."""
    if not runs:
        raise ValueError("no runs to combine")
    res: dict = {k: v for k, v in runs[0].items() if k not in ("missing", "goals")}
    res["runs"] = []
    errors: dict = {}
    for r in runs:
        secs = [name for name, _ in SECTIONS if name in r]
        for name in secs:
            res[name] = r[name]
        for k, why in (r.get("missing") or {}).items():
            if k in dict(SECTIONS):            # a whole section that failed
                errors[k] = why
        m = r.get("machine") or {}
        res["runs"].append({"sections": secs, "date": m.get("date"), "pinned": r.get("pinned"),
                            "load_average_start": m.get("load_average_start"),
                            "load_average_end": m.get("load_average_end"),
                            "seconds": r.get("seconds"), "mode": r.get("mode")})
    modes = [r.get("mode") for r in runs]
    res["mode"] = "combined: " + ", ".join(
        f"{'+'.join(x['sections'])} {m}" for x, m in zip(res["runs"], modes) if x["sections"])
    res["missing"] = {**errors, **section_missing(res)}
    from .goals import goals
    res["goals"] = goals(res)
    return res


# ---------------------------------------------------------------------- Markdown
def _f(x, d: int = 1) -> str:
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:,.{d}f}"
    return str(x)


def markdown(res: dict) -> str:
    m = res["machine"]
    pin = res["pinned"]
    L = [f"# Benchmarks ({res['mode']} run, {m['date']})", ""]
    L += ["| Machine | |", "|---|---|",
          f"| CPU | {m['cpu_model']} |",
          f"| Cores | {m['cores']} (allowed: {m['allowed_cpus']}) |",
          f"| Pinned to one core | {'yes, CPU ' + str(pin['cpu']) if pin['pinned'] else 'no: ' + str(pin['reason'])} |",
          f"| Memory | {_f(m['memory_gb'])} GB |",
          f"| Python | {m['python']} ({m['implementation']}) |",
          f"| Platform | {m['platform']} |",
          f"| Date (UTC) | {m['date']} |",
          f"| Load average (1/5/15 min) at start / end | {m['load_average_start']} / {m.get('load_average_end')} |",
          f"| Tree | commit {(m.get('git') or {}).get('commit')}, {(m.get('git') or {}).get('modified_files')} tracked files modified in the working tree (measured as found) |",
          f"| Total time | {res.get('seconds')} s |", ""]
    if res.get("runs"):
        L += ["Combined from runs taken side by side (`--combine`; a section measured in two "
              "runs is the later run's):", "",
              "| Sections | mode | started (UTC) | pinned | load at start / end | s |",
              "|---|---|---|---|---|---:|"]
        for r in res["runs"]:
            pn = r.get("pinned") or {}
            L.append(f"| {', '.join(r['sections'])} | {r.get('mode')} | {r.get('date')} | "
                     f"{'CPU ' + str(pn.get('cpu')) if pn.get('pinned') else 'no'} | "
                     f"{r.get('load_average_start')} / {r.get('load_average_end')} | "
                     f"{r.get('seconds')} |")
        L.append("")
    L += ["> **A shared machine.** " + res["notes"][0], ""]
    if res.get("goals"):
        from .goals import markdown as goals_md
        L += goals_md(res["goals"])
    eng = res.get("engine")
    if eng:
        pe = eng["peers"]
        L += ["## Engine: random legal play", "",
              f"Player actions per CPU second of the measuring thread (`time.thread_time`; "
              f"uniform random legal actions, one core; ours: 4 seats, "
              f"{eng['actions_per_run']:,} actions a run; rounds interleaved with the peers'). "
              "'no passes': the same runs counting only the actions that are not a "
              "buying-window pass.", "",
              "| Variant | median | min | max | runs | no passes: median | pass share | "
              "ours ÷ best peer | no passes ÷ best peer (goal ≥ 1.5) |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        nps = eng.get("actions_per_second_no_pass_buys") or {}
        share = eng.get("pass_buy_share") or {}
        for v, s_ in eng["actions_per_second"].items():
            r = pe["ratios"][v]
            np_ = nps.get(v) or {}
            if r["ratio"] is not None:
                rt = f"{r['ratio']:.2f} (vs {r['vs']})"
                rn = _f(r.get("ratio_no_pass_buys"), 2)
            else:
                rt, rn = f"missing: {r['reason']}", "—"
            L.append(f"| {v} | {_f(s_['median'], 0)} | {_f(s_['min'], 0)} | "
                     f"{_f(s_['max'], 0)} | {s_['runs']} | {_f(np_.get('median'), 0)} | "
                     f"{_f(share.get(v), 3)} | {rt} | {rn} |")
        L += ["", "Michigan: an action is a lead or a chosen play; the forced follows that come "
              "with it are played by the engine inside the same `apply` (in a profile: about three card "
              "events an action).  Contract family: `legal_actions` in the play phase of a seat not yet "
              "down offers the solver's best going-down whenever the hand can go down: whether it can is "
              "settled by a witness (a going-down found earlier whose cards are still in hand) or by the "
              "solver's first-found search; the best melds are worked out when the offer is looked at "
              "(the random player looks only at the one it picks).", "",
              "| Peer (gin rummy, 2 seats) | median | p99 | min | max | runs |",
              "|---|---:|---:|---:|---:|---:|"]
        for p, s in pe["peers"].items():
            if s is None:
                L.append(f"| {p} | missing: {pe['missing'].get(p)} | | | | |")
            else:
                L.append(f"| {p} | {_f(s['median'], 0)} | {_f(s['p99'], 0)} | {_f(s['min'], 0)} | "
                         f"{_f(s['max'], 0)} | {s['runs']} |")
        vs = pe.get("versions") or {}
        L += ["", "Installed: " + ", ".join(f"{k} {v}" for k, v in vs.items() if v) if any(vs.values())
              else "Peers: not installed (`pip install rlcard open_spiel`).", ""]
        rp = eng["replay_7_deals_s"]
        L += [f"Replay of a 7-deal, 4-seat record ({rp.get('events')} events): median "
              f"{_f(rp['median'] * 1000 if rp['median'] is not None else None)} ms, p99 "
              f"{_f(rp['p99'] * 1000 if rp['p99'] is not None else None)} ms, min "
              f"{_f(rp['min'] * 1000 if rp['min'] is not None else None)} ms, max "
              f"{_f(rp['max'] * 1000 if rp['max'] is not None else None)} ms over {rp['runs']} runs.", ""]
        rs = eng["peak_rss_mb"]
        if rs.get("peak_mb") is not None:
            L += [f"Peak RSS of a headless game ({rs['game']}; {rs['actions']} actions): "
                  f"**{rs['peak_mb']} MB** (the same process after its imports: {rs['baseline_mb']} MB).", ""]
        else:
            L += [f"Peak RSS: missing ({rs.get('reason')}).", ""]
    rv = res.get("replay")
    if rv:
        L += ["## Replay viewer: open a 7-deal record and reach its last event", ""]
        rec = rv.get("record") or {}
        L += [f"Record: {rec.get('variant')}, {rec.get('deals')} deals, {rec.get('events')} events, "
              f"{rec.get('bytes')} bytes.", "",
              "| Path | median ms | p99 ms | min ms | max ms | runs |", "|---|---:|---:|---:|---:|---:|"]
        for key, label in (("open_to_last_event_s", "model (read, fold, observe)"),
                           ("viewer_open_to_last_event_s", "viewer scene + one frame")):
            d = rv.get(key)
            if d is None:
                L.append(f"| {label} | missing: {(rv.get('missing') or {}).get(key)} | | | | |")
            else:
                L.append(f"| {label} | {_f(d['median'] * 1000)} | {_f(d['p99'] * 1000)} | "
                         f"{_f(d['min'] * 1000)} | {_f(d['max'] * 1000)} | {d['runs']} |")
        if rv.get("target_s") is not None:
            L += ["", f"Target for the model path: {rv['target_s'] * 1000:.0f} ms."]
        L.append("")
    sv = res.get("solver")
    if sv:
        L += ["## Contract solver latency (ms per hand, seeded corpus: 7–24 cards, 0–8 wilds)", "",
              "| Hands | n | median | p90 | p99 | max |", "|---|---:|---:|---:|---:|---:|"]
        for key, label in (("", "all"), ("small", "≤ 14 cards, ≤ 4 wilds (goal p99 ≤ 1 ms)"),
                           ("large", "the rest (goal p99 ≤ 10 ms)"), ("big", "20+ cards, 6+ wilds"),
                           ("can_meet", "`can_meet` (all)")):
            d = sv if not key else sv.get(key) or {}
            if d.get("n"):
                L.append(f"| {label} | {d['n']} | {d['median_ms']} | {d['p90_ms']} | {d['p99_ms']} | {d['max_ms']} |")
        L += ["", f"Share of hands that can go down: {sv.get('feasible')}. Clock: "
              f"{sv.get('clock', 'wall')}.", ""]
        ad = sv.get("adversarial")
        if ad:
            L += ["### Adversarial corpus (goal: the slowest hand ≤ 10 ms)", "",
                  "| Family | n | median | p90 | p99 | max |", "|---|---:|---:|---:|---:|---:|",
                  f"| all | {ad['n']} | {ad['median_ms']} | {ad['p90_ms']} | {ad['p99_ms']} | "
                  f"{ad['max_ms']} |"]
            for fam, d in (ad.get("families") or {}).items():
                L.append(f"| {fam} | {d['n']} | {d['median_ms']} | {d['p90_ms']} | "
                         f"{d['p99_ms']} | {d['max_ms']} |")
            L += ["", "Slowest hands: " + "; ".join(
                f"{w['ms']} ms ({w['family']}, {w['cards']} cards, {w['wilds']} wilds, "
                f"{w['contract']})" for w in ad.get("worst", [])[:3]) + ".", ""]
    a = res.get("ai")
    if a:
        L += ["## AI decision latency (ms)", "",
              "Games with the level at one seat and normal AIs at the others; hard: the "
              "simulator's default budget of 300 ms a decision.", "",
              "| Variant | level | decisions | p50 | p99 | max |", "|---|---|---:|---:|---:|---:|"]
        for v, lvls in a["latency"].items():
            for lv, d in lvls.items():
                L.append(f"| {v} | {lv} | {d['decisions']} | {d['p50_ms']} | {d['p99_ms']} | {d['max_ms']} |")
        ng = a.get("normal_game_seconds")
        if ng:
            L += ["", "Whole 4-seat game of normal AIs (7 deals; Michigan: a session):", "",
                  "| Variant | games | mean s | max s |", "|---|---:|---:|---:|"]
            for v, d in ng.items():
                L.append(f"| {v} | {d['games']} | {d['mean_s']} | {d['max_s']} |")
        L.append("")
    dc = res.get("decisions")
    if dc:
        L += ["## Hard's decisions (CPU ms)", "", dc.get("how", ""), "",
              "| Variant | decisions | CPU p50 | CPU p99 | CPU max | loaded CPU p99 | "
              "wall p99 | loaded wall p99 | probe: loaded ÷ alone CPU |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for v, d in dc["variants"].items():
            a_, l_ = d["alone_cpu"], d["loaded_cpu"]
            L.append(f"| {v} | {a_['decisions']} | {a_['p50_ms']} | {a_['p99_ms']} | "
                     f"{a_['max_ms']} | {l_['p99_ms']} | {d['alone_wall']['p99_ms']} | "
                     f"{d['loaded_wall']['p99_ms']} | {d['probe']['cpu_loaded_over_alone']} |")
        L += ["", "What hard evaluates per searching decision (mean, alone / loaded):", ""]
        for v, d in dc["variants"].items():
            ev = d.get("evaluated_per_decision")
            sd = d.get("searched_decisions") or {}
            if ev:
                L.append(f"- {v} ({sd.get('alone')} searching decisions): " + ", ".join(
                    f"{k} {x['alone_mean']} / {x['loaded_mean']}" for k, x in ev.items()))
            else:
                L.append(f"- {v}: missing ({(dc.get('missing') or {}).get(v + '.evaluated_per_decision')})")
        L.append("")
    u = res.get("ui")
    x11 = (u or {}).get("x11") or {}
    if u:
        L += ["## Frames in a real X11 window (CPU ms of the main thread)", ""]
        if x11.get("frames"):
            L += [x11.get("how", ""), "",
                  "| Table | mode | frames | CPU p50 | CPU p99 | CPU max after the first | "
                  "frames > 16 ms after the first | first frame CPU | wall p99 |",
                  "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
            for key, f in x11["frames"].items():
                name, mode = key.rsplit("_", 1)
                L.append(f"| {name.replace('_', ' ')} seats | {mode} | {f['frames']} | "
                         f"{f['cpu_p50_ms']} | {f['cpu_p99_ms']} | {f['cpu_max_after_first_ms']} | "
                         f"{f['cpu_over_16ms_after_first']} | {f['first_frame_cpu_ms']} | "
                         f"{f['p99_ms']} |")
        else:
            L += [f"Not measured: {x11.get('reason')} (`null` in the JSON)."]
        L.append("")
    ra = res.get("realapp")
    if ra:
        L += ["## The real app's memory (peak RSS, MB, a real X11 window)", ""]
        if ra.get("display"):
            L += [f"Display: {ra['display']}; window {ra.get('window')}.", ""]
        L += ["| Run | peak MB | RSS at the end MB | how |", "|---|---:|---:|---|"]
        for k in ("picker", "table_8", "three_games"):
            d = ra.get(k)
            if d is None:
                L.append(f"| {k} | missing: {(ra.get('missing') or {}).get(k)} | | |")
            else:
                L.append(f"| {k} | {d['peak_mb']} | {d['rss_mb']} | {d.get('how', '')} |")
        fb = ra.get("framebuffer")
        if fb:
            L += ["", "SDL framebuffer, the picker (" + fb.get("how", "") + "):", "",
                  "| Setting | peak MB | CPU s |", "|---|---:|---:|"]
            for k in ("app_default", "accelerated"):
                d = fb.get(k)
                if d:
                    L.append(f"| {k} | {d['peak_mb']} | {d['cpu_s']} |")
        g3 = (ra.get("three_games") or {}).get("games")
        if g3:
            L += ["", "After each game: " + "; ".join(
                f"game {g['game']}: RSS {g['rss_mb']} MB (peak {g['peak_mb']})" for g in g3) + "."]
        L.append("")
    if u:
        L += ["## UI: idle CPU and start-up (SDL dummy driver)", ""]
        ic = u.get("idle_cpu")
        if ic:
            L += ["", "Idle CPU: CPU seconds per wall second while nothing moves, through the app's "
                  "own loop (" + ic.get("how", "") + "):", "",
                  "| scene | CPU s / wall s | frames / s | wall s |", "|---|---:|---:|---:|"]
            for name in ("table", "picker"):
                d = ic.get(name)
                if d:
                    L.append(f"| {name} | {d['cpu_per_wall']} | {d['frames_per_s']} | {d['wall_s']} |")
        elif "idle_cpu" in u.get("missing", {}):
            L += ["", f"Idle CPU: missing ({u['missing']['idle_cpu']})."]
        st = u.get("startup")
        if st:
            o, b = st["picker_first_frame_s"], st["bare_pygame_gui_s"]
            L += ["", "Process start to first frame (s):", "",
                  "| | median | p99 | min | max | runs |", "|---|---:|---:|---:|---:|---:|",
                  f"| table-app picker | {o['median']} | {o['p99']} | {o['min']} | {o['max']} | {o['runs']} |",
                  f"| bare pygame_gui window | {b['median']} | {b['p99']} | {b['min']} | {b['max']} | {b['runs']} |",
                  "", f"Ratio picker ÷ bare window: **{st['ratio']}** (goal ≤ 2.0), with a warm "
                  "bytecode cache (as installed)."]
            nc = st.get("source_tree_no_pyc")
            if nc:
                L += ["", f"As this source tree starts under `PYTHONDONTWRITEBYTECODE=1` (the app's "
                      f"modules compiled on every start): picker {nc['picker_first_frame_s']['median']} s, "
                      f"bare window {nc['bare_pygame_gui_s']['median']} s, ratio {nc['ratio']}."]
        elif "startup" in u.get("missing", {}):
            L += ["", f"Start-up time: missing ({u['missing']['startup']})."]
        L.append("")
    if res.get("missing"):
        L += ["## Missing", "", "| What | Why |", "|---|---|"]
        for k, why in res["missing"].items():
            L.append(f"| {k} | {str(why).replace('|', '/')} |")
        L.append("")
    L += ["## Notes", ""] + [f"- {n}" for n in res["notes"]] + [""]
    return "\n".join(L)


# ---------------------------------------------------------------------- command line
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n")[0])
    ap.add_argument("--json", required=True, help="where to write the JSON (the Markdown goes beside it, .md)")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true", help="a run of about a minute")
    g.add_argument("--smoke", action="store_true", help="tiny sizes: checks the harness, not the speed")
    ap.add_argument("--only", default="", help="comma-separated sections: engine,replay,solver,ai,ui")
    ap.add_argument("--render", action="store_true",
                    help="measure nothing: rewrite the Markdown from the existing --json file")
    ap.add_argument("--combine", nargs="+", metavar="RUN.json", default=None,
                    help="measure nothing: write --json (and its Markdown) from runs of "
                         "different sections (--only) taken side by side")
    ap.add_argument("--no-pin", action="store_true",
                    help="don't pin to one core (a machine so busy that one core starves "
                         "the run: the figures are CPU time either way)")
    args = ap.parse_args(argv)
    out = Path(args.json)
    if args.combine:
        res = combine([json.loads(Path(f).read_text(encoding="utf-8")) for f in args.combine])
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(res, indent=1) + "\n", encoding="utf-8")
        out.with_suffix(".md").write_text(markdown(res), encoding="utf-8")
        return 0
    if args.render:
        out.with_suffix(".md").write_text(markdown(json.loads(out.read_text(encoding="utf-8"))),
                                          encoding="utf-8")
        return 0
    mode = "smoke" if args.smoke else ("quick" if args.quick else "full")
    only = [s for s in args.only.split(",") if s] or None
    res = run(mode, only, log=lambda s: print(s, file=sys.stderr, flush=True),
              pin_core=not args.no_pin)
    text = json.dumps(res, indent=1)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(markdown(res), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
