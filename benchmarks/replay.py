"""Replay viewer speed: opening a 7-deal record and reaching its last event.

``run(quick=False) -> dict``; ``python -m benchmarks.replay`` prints it as JSON.

* ``open_to_last_event_s``: ``ReplayModel.open`` of a whole 7-deal, 4-seat May I? record
  (read, parse, fold every state), ``to_end()``, the bottom seat's Observation there and
  the text of the last event: what the viewer computes before it can draw the last event.
* ``viewer_open_to_last_event_s``: the same through the viewer scene in a headless window:
  the scene pushed, moved to the last event and one frame drawn (table, panel, widgets).

The record is played by the seeded test player (``tests/helpers/players.py``, as in
``benchmarks.engine``) and written once to a temporary file.  No timing is asserted
anywhere (the issue's target is 100 ms for the first figure).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the JSON


def _summary(xs: list[float]) -> dict:
    xs = sorted(xs)
    return {"median": statistics.median(xs), "min": xs[0], "max": xs[-1],
            "p99": xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))], "runs": len(xs)}


def make_record(directory: Path, variant: str = "may_i", seed: int = 11) -> Path:
    """A whole 7-deal, 4-seat game record file."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
    from table_app.engine.record import dumps, make_header
    from tests.helpers.players import play_game  # the seeded test player that ends deals
    eng = play_game(variant, 4, seed)
    players = [{"name": n, "kind": "human" if i == 0 else "ai", "level": "normal"}
               for i, n in enumerate(("You", "Ada", "Bo", "Cy"))]
    players[0].pop("level")
    p = directory / f"{variant}_7_deals.jsonl"
    p.write_text(dumps(make_header(variant, players, seed=seed), eng.log), encoding="utf-8")
    return p


def model_open_to_end(path: Path) -> float:
    from table_app.ui.replay_model import ReplayModel
    t = time.perf_counter()
    m = ReplayModel.open(path)
    m.to_end()
    m.observe(0)
    m.text(m.end - 1)
    return time.perf_counter() - t


def viewer_open_to_end(app, path: Path) -> float:
    from table_app.ui.scenes.replay import open_replay
    app.stack.clear()
    t = time.perf_counter()
    sc = open_replay(path)
    app.push(sc)
    sc.press_button("end")
    app.step(0.0)
    dt = time.perf_counter() - t
    app.stack.clear()
    return dt


def run(quick: bool = False) -> dict:
    runs = 5 if quick else 20
    out: dict = {}
    with tempfile.TemporaryDirectory() as d:
        path = make_record(Path(d))
        from table_app.ui.replay_model import ReplayModel
        m = ReplayModel.open(path)
        out["record"] = {"variant": m.variant, "deals": len(m.deals()), "events": m.end,
                         "bytes": path.stat().st_size}
        model_open_to_end(path)  # warm the imports
        out["open_to_last_event_s"] = _summary([model_open_to_end(path) for _ in range(runs)])
        try:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
            from table_app.ui.app import App
            app = App((1280, 800), headless=True, instant=True)
            viewer_open_to_end(app, path)
            out["viewer_open_to_last_event_s"] = _summary(
                [viewer_open_to_end(app, path) for _ in range(max(3, runs // 2))])
        except Exception as e:  # noqa: BLE001 - no display / no pygame: say so
            out["viewer_open_to_last_event_s"] = None
            out["missing"] = {"viewer_open_to_last_event_s": f"{type(e).__name__}: {e}"}
    out["target_s"] = 0.100
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))
