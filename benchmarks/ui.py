"""UI benchmarks: frame time of a busy table and the time to the picker's first frame.

* ``frames``: the real table scene (``table_app.ui``) on SDL's ``dummy`` video driver
  (headless, software surfaces), 4 seats, a game played by normal AIs up to a busy
  moment (contract family: at least three seats down and six melds on the table;
  Michigan: twenty cards played), at 1280x800 and 1920x1080.  A frame is what
  ``App.step`` does minus the clock's sleep: events, the scenes' ``update``, the widget
  manager's ``update``, the draw of the scenes and widgets, and ``display.flip``.
  Two scenes per size: ``idle`` (the human's decision: the table stands still) and
  ``play`` (every seat played by an AI at the normal visible pace, dt = 1/60 s, so
  cards glide and opponents think; the human seat's decisions are made by a normal AI
  through ``TableScene.act`` when the table has caught up, and a score sheet between
  deals is answered with "Next deal" at once).  p50/p99/max in ms over a few
  hundred frames after a warm-up, of the wall time and of the main thread's CPU time
  (``time.thread_time``: on a shared machine, the frame's own work without the time
  other processes took the core).  The table is opened as the app opens it
  (``TableScene.startup`` renders the card faces ahead, before the first frame).
* ``idle_cpu``: CPU seconds per wall second while the app idles in its real loop
  (``App.run``, which sleeps on ``pygame.event.wait`` while nothing moves): a full
  table at the human's decision and the picker, 1920x1080.
* ``startup``: wall time from the spawn of a ``python -c`` process to the end of its
  first frame (``time.time()`` in both processes): our app (``App`` with a window on the
  dummy driver, the picker pushed, one update + draw + flip), beside a bare
  ``pygame_gui`` window (``pygame.init``, ``set_mode``, a ``UIManager``, one update + draw
  + flip) measured in the same rounds; the goal is ours <= 2x the bare window.  Both
  with a warm bytecode cache (a temporary ``PYTHONPYCACHEPREFIX``, as an installed
  package has its ``.pyc``) and, separately, as a source tree without ``__pycache__``
  runs under ``PYTHONDONTWRITEBYTECODE=1`` (the app's modules compiled on every start).

The app's storage (settings, library) goes to a fresh temporary ``TABLE_APP_HOME``.

    python -m benchmarks.ui [--quick]      # prints json
    python -m benchmarks --json out.json --only ui   # the same, with the Markdown summary
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from .common import percentile, summary

SIZES = ((1280, 800), (1920, 1080))
FRAME_VARIANTS = ("contract", "michigan")
SDL_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


# ---------------------------------------------------------------------- a busy table
def busy_engine(variant: str, seed: int, n: int = 4, max_actions: int = 20_000):
    """An engine of a game played by normal AIs up to a busy moment at seat 0's decision
    (see the module's text), or ``None`` when the game ended first."""
    from table_app.ai import make_player
    from table_app.ai.simulate import seat_rng
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed)
    players = [make_player("normal", variant) for _ in range(n)]
    rngs = [seat_rng(seed, s) for s in range(n)]
    for _ in range(max_actions):
        ta = eng.to_act()
        if ta is None:
            return None
        legal = eng.legal_actions()
        if not legal:
            if not eng.deal_next():
                return None
            continue
        seat = ta[0]
        obs = eng.observe(seat)
        if seat == 0 and _busy(variant, ta[1], obs):
            return eng
        p = players[seat]
        if getattr(p, "needs_state", False):
            a = p.choose_state(eng.state, obs, legal, rngs[seat])
        else:
            a = p.choose(obs, legal, rngs[seat])
        eng.apply(a)
    return None


def _busy(variant: str, phase: str, obs) -> bool:
    if variant == "michigan":
        return (phase in ("lead", "follow") and sum(len(p) for p in obs.played) >= 20
                and len(obs.hand) >= 4)
    return (phase == "play" and sum(obs.down) >= 3 and len(obs.melds) >= 6
            and len(obs.hand) >= 4)


def _table(variant: str, size, seed: int, headless: bool = True):
    """(app, scene) with the table scene of a busy game on top (headless, real pace;
    ``headless=False``: the app's real loop, which sleeps while nothing moves)."""
    import pygame  # noqa: F401 - initialised by App

    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    eng = None
    for s in range(seed, seed + 40):
        eng = busy_engine(variant, s)
        if eng is not None:
            seed = s
            break
    if eng is None:
        raise RuntimeError(f"no busy {variant} table found from seed {seed}")
    app = App(size, headless=headless, instant=False, settings=Settings())
    session = GameSession(variant, 4, seed=seed, engine=eng, autosave=False)
    scene = TableScene(session)
    app.push(scene)
    return app, scene, seed


def _frame(app, dt: float, cpu: list | None = None) -> float:
    """One frame as ``App.step`` runs it, without the clock's sleep; seconds (wall).
    ``cpu``: the frame's CPU seconds of this thread are appended to it."""
    import pygame
    c = time.thread_time()
    t = time.perf_counter()
    for event in pygame.event.get():
        app.handle(event)
    for s in app.stack.updating():
        s.update(dt)
    app.manager.update(dt)
    app.draw()
    pygame.display.flip()
    wall = time.perf_counter() - t
    if cpu is not None:
        cpu.append(time.thread_time() - c)
    return wall


def frame_times(variant: str, size, mode: str, frames: int, warmup: int, seed: int = 3) -> dict:
    """p50/p99/max ms of ``frames`` frames of a busy table (``mode``: idle or play)."""
    import random

    from table_app.ai import make_player
    app, scene, seed = _table(variant, size, seed)
    me = make_player("normal", variant)
    rng = random.Random(seed)
    session = scene.session
    dt = 1.0 / 60.0
    times: list[float] = []
    cpu: list[float] = []
    human_actions = 0
    sheets = 0
    stopped = None
    try:
        for i in range(warmup + frames):
            top = app.stack.top
            if top is not scene:
                if mode == "play" and getattr(top, "between", False):
                    top.press_button("next")  # the score sheet between deals: "Next deal"
                    sheets += 1
                else:
                    stopped = f"the table was covered by {type(top).__name__} after {len(times)} frames"
                    break
            if (mode == "play" and scene.caught_up() and not scene.layer.moving()
                    and session.human_to_act()):
                legal = session.engine.legal_actions()
                obs = session.engine.observe(session.human)
                if getattr(me, "needs_state", False):
                    a = me.choose_state(session.engine.state, obs, legal, rng)
                else:
                    a = me.choose(obs, legal, rng)
                scene.act(a)
                human_actions += 1
            c: list[float] = []
            t = _frame(app, dt, c)
            if i >= warmup:
                times.append(t * 1000.0)
                cpu.append(c[0] * 1000.0)
        obs = session.engine.observe(0)
        if variant == "michigan":
            on_table = sum(len(p) for p in obs.played)
        else:
            on_table = sum(len(m.cards) if hasattr(m, "cards") else 0 for m in obs.melds)
        out = {"frames": len(times), "p50_ms": _r(percentile(times, 50)),
               "p99_ms": _r(percentile(times, 99)), "max_ms": _r(max(times) if times else None),
               "mean_ms": _r(sum(times) / len(times) if times else None),
               # the main thread's CPU time per frame: what the frame did, without the
               # time other processes of a shared machine (or the AI's thread) took
               "cpu_p50_ms": _r(percentile(cpu, 50)), "cpu_p99_ms": _r(percentile(cpu, 99)),
               "cpu_max_ms": _r(max(cpu) if cpu else None),
               "seed": seed, "cards_on_table": on_table, "sprites": len(scene.layer.sprites),
               "log_events": len(session.engine.log)}
        if mode == "play":
            out["human_actions"] = human_actions
            out["score_sheets_passed"] = sheets
        if stopped:
            out["stopped"] = stopped
        return out
    finally:
        # not App.shutdown(): it calls pygame.quit(), after which the card art's cached
        # fonts are dead for the next App of this process
        try:
            app.stack.clear()
        except Exception:  # noqa: BLE001
            pass


# ---------------------------------------------------------------------- idle CPU
def idle_cpu(size=(1920, 1080), seconds: float = 3.0, warmup: float = 1.0,
             variant: str = "contract", seed: int = 3) -> dict:
    """CPU seconds per wall second while the app idles, through its real loop
    (``App.run``: a frame cap of 60 fps while something moves, else a sleep on
    ``pygame.event.wait``), on the dummy video driver: the table of a busy game at the
    human's decision (a full table, nothing moving) and the picker.  ``time.process_time``
    over ``seconds`` after ``warmup`` seconds of the same loop."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    out: dict = {}
    for name in ("table", "picker"):
        if name == "table":
            app, scene, seed = _table(variant, size, seed, headless=False)
        else:
            app = App(size, headless=False, instant=False, settings=Settings())
            app.push(PickerScene())
        try:
            app.run(max_seconds=warmup)
            c0, w0 = time.process_time(), time.perf_counter()
            app.run(max_seconds=seconds)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            out[name] = {"cpu_per_wall": _r(cpu / wall, 4), "cpu_s": _r(cpu, 4),
                         "wall_s": _r(wall, 3), "frames": app.frames,
                         "frames_per_s": _r(app.frames / wall, 2), "busy_at_end": app.busy()}
        finally:
            try:
                app.stack.clear()
            except Exception:  # noqa: BLE001
                pass
    out["how"] = (f"{size[0]}x{size[1]}, SDL dummy video driver, the app's own loop (App.run) "
                  f"for {seconds:g} s after {warmup:g} s; table: a {variant} game of 4 at the "
                  "human's decision with melds on the table; CPU seconds (process_time) per "
                  "wall second; most of it is SDL's event wait, which polls on the dummy "
                  "driver")
    return out


def _r(x, d: int = 3):
    return None if x is None else round(x, d)


# ---------------------------------------------------------------------- start-up
_OURS = r"""
import time
from table_app.ui.app import App
from table_app.ui.scenes.picker import PickerScene
app = App((1280, 800))
app.push(PickerScene())
for s in app.stack.updating():
    s.update(0.0)
app.manager.update(0.0)
app.draw()            # App.draw flips a real (here: dummy-driver) window
print(repr(time.time()))
"""

_BARE = r"""
import time
import pygame, pygame_gui
pygame.init()
screen = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
manager = pygame_gui.UIManager((1280, 800))
manager.update(0.0)
screen.fill((0, 0, 0))
manager.draw_ui(screen)
pygame.display.flip()
print(repr(time.time()))
"""


def _spawn(code: str, home: str, pycache: str | None) -> float:
    """Seconds from spawning ``python -c code`` to the time it prints.  ``pycache``: a
    bytecode cache folder (``PYTHONPYCACHEPREFIX``, written on the first run, as an
    installed package has its ``.pyc``); ``None``: ``PYTHONDONTWRITEBYTECODE=1`` and no
    prefix, so installed packages read their ``__pycache__`` but a source tree without
    one (like this checkout, where that variable is set) is compiled on every start."""
    env = dict(os.environ, **SDL_ENV, TABLE_APP_HOME=home)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    t0 = time.time()
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                        env=env, timeout=120)
    if cp.returncode != 0:
        raise RuntimeError(cp.stderr.strip()[-400:])
    return float(cp.stdout.strip().splitlines()[-1]) - t0


def startup(runs: int, source_tree: bool = True) -> dict:
    """Seconds from process spawn to the first frame: ours (the picker) and a bare
    pygame_gui window, in alternating runs; each of ours gets a fresh app folder.
    Measured with a warm bytecode cache (the figure compared with the goal) and as a
    source tree runs with ``PYTHONDONTWRITEBYTECODE=1`` (``source_tree_no_pyc``: the app's
    own modules compiled from source on every start)."""
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="table-app-bench-") as tmp:
        pyc = os.path.join(tmp, "pycache")
        for cached in ((True, False) if source_tree else (True,)):
            cache = pyc if cached else None
            _spawn(_BARE, tmp, cache)  # warm the file (and bytecode) caches, not counted
            _spawn(_OURS, os.path.join(tmp, "warm"), cache)
            ours, bare = [], []
            for i in range(runs):
                bare.append(_spawn(_BARE, tmp, cache))
                ours.append(_spawn(_OURS, os.path.join(tmp, f"home{cached}{i}"), cache))
            o, b = summary(ours, 4), summary(bare, 4)
            key = "" if cached else "source_tree_no_pyc"
            part = {"picker_first_frame_s": o, "bare_pygame_gui_s": b,
                    "ratio": round(o["median"] / b["median"], 3) if b["median"] else None}
            if cached:
                out.update(part)
            else:
                out[key] = part
    out["goal"] = "ratio <= 2.0 (warm bytecode cache)"
    out["how"] = ("spawn of `python -c` to the end of its first frame (update + draw + flip), "
                  "SDL dummy video driver, a fresh TABLE_APP_HOME, warm file cache; bytecode "
                  "cached in a temporary PYTHONPYCACHEPREFIX (source_tree_no_pyc: "
                  "PYTHONDONTWRITEBYTECODE=1, no prefix)")
    return out


# ---------------------------------------------------------------------- run
def run(quick: bool = False, frames: int | None = None, warmup: int | None = None,
        startup_runs: int | None = None, sizes=SIZES, source_tree: bool = True,
        idle_seconds: float | None = None) -> dict:
    frames = frames or (150 if quick else 600)
    idle_seconds = idle_seconds or (2.0 if quick else 5.0)
    warmup = warmup if warmup is not None else (10 if quick else 30)
    startup_runs = startup_runs or (3 if quick else 11)
    saved = {k: os.environ.get(k) for k in (*SDL_ENV, "TABLE_APP_HOME")}
    out: dict = {"frame_ms": {}, "missing": {}}
    with tempfile.TemporaryDirectory(prefix="table-app-bench-") as home:
        os.environ.update(SDL_ENV)
        os.environ["TABLE_APP_HOME"] = home
        try:
            try:
                import pygame  # noqa: F401
                import pygame_gui  # noqa: F401
            except Exception as e:  # noqa: BLE001
                out["missing"]["frame_ms"] = f"pygame / pygame_gui not importable: {e}"
                out["missing"]["startup"] = out["missing"]["frame_ms"]
                return out
            for w, h in sizes:
                key = f"{w}x{h}"
                out["frame_ms"][key] = {}
                for v in FRAME_VARIANTS:
                    for mode in ("idle", "play"):
                        name = f"{v}_{mode}"
                        try:
                            out["frame_ms"][key][name] = frame_times(v, (w, h), mode, frames, warmup)
                        except Exception as e:  # noqa: BLE001 - reported, never faked
                            out["frame_ms"][key][name] = None
                            out["missing"][f"frame_ms.{key}.{name}"] = f"{type(e).__name__}: {e}"
            try:
                out["idle_cpu"] = idle_cpu(seconds=idle_seconds)
            except Exception as e:  # noqa: BLE001
                out["idle_cpu"] = None
                out["missing"]["idle_cpu"] = f"{type(e).__name__}: {e}"
            try:
                out["startup"] = startup(startup_runs, source_tree)
            except Exception as e:  # noqa: BLE001
                out["startup"] = None
                out["missing"]["startup"] = f"{type(e).__name__}: {e}"
        finally:
            for k, val in saved.items():
                if val is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = val
    out["driver"] = "SDL dummy video driver (software surfaces, no GPU, no real window)"
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv[1:]), indent=1))
