"""The goals of issue 17, computed from the benchmark's own figures.

``goals(res) -> list[dict]``: one row per goal, ``{"name", "value", "goal", "met"}``
(``value`` ``None``, ``met`` ``False`` and a ``reason`` where the figure is missing), in
the JSON as ``res["goals"]`` and in the Markdown summary.  Every figure is one the
suite measured on what a player runs (CPU time; the real app in a real X11 window for
memory and frames); nothing here measures anything.
"""
from __future__ import annotations

from typing import Any

VARIANTS = ("contract", "may_i", "mexican", "michigan")

#: (name, what the figure is, the goal as text, the bound, the direction)
GOALS = (
    ("memory_8_seat_table_mb", "real app peak RSS (MB), 8-seat table in an X11 window",
     "<= 150", 150.0, "le"),
    ("memory_after_three_games_mb", "real app peak RSS (MB) over three 8-seat games in one "
     "process", "<= 150", 150.0, "le"),
    ("frame_cpu_p99_8_seats_ms", "frame CPU p99 (ms), 8 seats, 1920x1080, worst of idle / "
     "drag / play", "<= 4", 4.0, "le"),
    ("frame_cpu_max_after_first_ms", "the longest frame after the first (CPU ms), every "
     "table and mode", "<= 16", 16.0, "le"),
    *((f"engine_vs_best_peer_{v}", f"{v}: ours / best peer, actions per CPU second counting "
       "no buying-window passes", ">= 1.5", 1.5, "ge") for v in VARIANTS),
    ("solver_adversarial_worst_ms", "contract solver, the adversarial corpus's slowest hand "
     "(CPU ms)", "<= 10", 10.0, "le"),
    ("hard_search_loaded_over_alone", "what hard evaluates per searching decision at its "
     "300 ms budget on a loaded core / alone, over the same decisions of the same games "
     "(worst variant; next draws weighed, Michigan Rummy: rollouts; 1.0: the same search)",
     ">= 0.9", 0.9, "ge"),
)


def _get(d: Any, *path: str) -> Any:
    for k in path:
        if not isinstance(d, dict):
            return None
        d = d.get(k)
    return d


def _frames(res: dict) -> dict:
    return _get(res, "ui", "x11", "frames") or {}


def _value(name: str, res: dict) -> tuple[float | None, str | None]:
    """The figure of goal ``name`` in ``res`` and, when it is missing, why."""
    if name == "memory_8_seat_table_mb":
        v = _get(res, "realapp", "table_8", "peak_mb")
        return v, None if v is not None else (_get(res, "realapp", "missing", "table_8")
                                             or "realapp not measured")
    if name == "memory_after_three_games_mb":
        r = _get(res, "realapp", "three_games")
        if r and r.get("games_played", 0) < 3:
            return None, f"only {r.get('games_played')} games were played"
        v = _get(r, "peak_mb")
        return v, None if v is not None else (_get(res, "realapp", "missing", "three_games")
                                             or "realapp not measured")
    if name.startswith("frame_"):
        fr = _frames(res)
        if not fr:
            return None, (_get(res, "ui", "x11", "reason") or "frames in an X11 window not "
                          "measured")
        if name == "frame_cpu_p99_8_seats_ms":
            xs = [f["cpu_p99_ms"] for f in fr.values() if f.get("seats") == 8
                  and f.get("cpu_p99_ms") is not None]
            return (max(xs), None) if xs else (None, "no 8-seat table measured")
        xs = [f["cpu_max_after_first_ms"] for f in fr.values()
              if f.get("cpu_max_after_first_ms") is not None]
        return (max(xs), None) if xs else (None, "no frames after the first")
    if name.startswith("engine_vs_best_peer_"):
        r = _get(res, "engine", "peers", "ratios", name[len("engine_vs_best_peer_"):])
        v = _get(r, "ratio_no_pass_buys")
        return v, None if v is not None else (_get(r, "reason") or "engine not measured")
    if name == "solver_adversarial_worst_ms":
        v = _get(res, "solver", "adversarial", "max_ms")
        return v, None if v is not None else "the solver's adversarial corpus not measured"
    if name == "hard_search_loaded_over_alone":
        vs = _get(res, "decisions", "variants") or {}
        xs = []
        for d in vs.values():
            same = d.get("evaluated_same_decisions")
            if same:
                # the decisions both games were asked alike (``decisions.same_decisions``):
                # a game's means over all its decisions compare other positions once a
                # search answered differently and the two games parted
                for k in ("draws_evaluated", "rollouts"):
                    e = same.get(k)
                    if e and e.get("loaded_over_alone") is not None:
                        xs.append(e["loaded_over_alone"])
                continue
            ev = d.get("evaluated_per_decision") or {}
            for k in ("draws_evaluated", "rollouts"):
                e = ev.get(k)
                if e and e.get("alone_mean") and e.get("loaded_mean") is not None:
                    xs.append(round(e["loaded_mean"] / e["alone_mean"], 3))
        return (min(xs), None) if xs else (None, "hard's decisions not measured (or none "
                                           "searched)")
    raise KeyError(name)


def goals(res: dict) -> list[dict]:
    """One row per goal of ``GOALS``: ``{"name", "what", "value", "goal", "met"}`` (and
    ``reason`` when ``value`` is ``None``; then ``met`` is ``False``)."""
    out = []
    for name, what, text, bound, way in GOALS:
        v, why = _value(name, res)
        met = v is not None and (v <= bound if way == "le" else v >= bound)
        row: dict = {"name": name, "what": what, "value": v, "goal": text, "met": met}
        if v is None:
            row["reason"] = why
        out.append(row)
    return out


def markdown(rows: list[dict]) -> list[str]:
    """The goals table as Markdown lines."""
    L = ["## Goals (issue 17)", "", "| Goal | figure | value | goal | met |",
         "|---|---|---:|---:|---|"]
    for r in rows:
        v = r["value"]
        val = "—" if v is None else (f"{v:g}" if isinstance(v, (int, float)) else str(v))
        met = "yes" if r["met"] else ("**no**" if v is not None else
                                      f"**no** (missing: {str(r.get('reason')).replace('|', '/')})")
        L.append(f"| `{r['name']}` | {r['what']} | {val} | {r['goal']} | {met} |")
    L.append("")
    return L


__all__ = ["GOALS", "goals", "markdown"]
