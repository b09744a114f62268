"""The real app's memory, in a real X11 window: peak RSS of the ``table-app`` process.

Each figure is one process started as a player starts it (``python -m table_app``, the
same code as the ``table-app`` command), on an X11 display (``benchmarks.xdisplay``: a
private Xvfb 1920x1080 where there is one), with a fresh ``TABLE_APP_HOME`` whose
settings give a 1920x1080 window, and the mixer's dummy driver (the sounds are loaded
as on a machine with a sound device).  The process is watched from outside: its
``VmHWM`` (peak resident set) and ``VmRSS`` in ``/proc/PID/status`` every 0.1 s, and its
CPU time (``/proc/PID/stat``); nothing in the app measures itself.

* ``picker``: ``table-app``, the picker's first frames, 4 s (and 1 CPU second: a starved
  app is watched until it has done that much);
* ``table_8``: ``table-app play contract --players 8 --autoplay 1``, animations at their
  normal pace: the table's opening and 40 s of play, 15 CPU seconds of the app at least (the benchmark-only autoplay plays
  the human's seat, so the game never waits);
* ``three_games``: ``table-app play contract --players 8 --autoplay 3``: three whole
  8-seat games in one process, New game after each (``ui.autoplay``), with the Skip
  animations setting on and frames uncapped so that they take minutes (a game at the
  normal pace takes about ten); RSS when each game ends and the peak over the three;
* ``framebuffer``: the picker again with ``SDL_FRAMEBUFFER_ACCELERATION=1`` (SDL's
  OpenGL texture framebuffer, which this machine runs on Mesa's software renderer)
  beside the app's own choice (``0``: X11's MIT-SHM framebuffer), in alternating runs.

``run(quick)`` returns the figures in MB (MiB: kB / 1024), or ``None`` for each with the
reason under ``missing`` (no display, no ``/proc``).

    python -m benchmarks.realapp [--quick]      # prints json
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .xdisplay import display

ROOT = Path(__file__).resolve().parents[1]
WINDOW = (1920, 1080)


def _status(pid: int) -> dict | None:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    out = {}
    for line in text.splitlines():
        if line.startswith(("VmHWM:", "VmRSS:")):
            out[line.split(":")[0]] = int(line.split()[1]) / 1024.0
    return out or None


def _cpu_s(pid: int) -> float | None:
    try:
        f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def app_run(args: list[str], disp: str, settings: dict, seconds: float,
            env: dict | None = None, until_exit: bool = False,
            cpu_min: float = 0.0, max_wall: float = 900.0) -> dict:
    """Start the app with ``args`` and watch it for ``seconds`` after it has started and
    until it has used ``cpu_min`` CPU seconds (a starved app on a busy machine is watched
    longer, ``max_wall`` seconds at most; ``until_exit``: until it quits by itself,
    ``seconds`` at most); returns ``peak_mb`` (VmHWM), ``rss_mb`` at the
    end, ``games`` (RSS and peak when each autoplay game ended, from the app's log),
    ``cpu_s`` and ``wall_s``.  Raises ``RuntimeError`` when the app fails or doesn't end."""
    with tempfile.TemporaryDirectory(prefix="table-app-bench-") as home:
        (Path(home) / "config").mkdir()
        (Path(home) / "config" / "settings.json").write_text(json.dumps(
            {"format": "table-app-settings", "version": 1, **settings}))
        e = dict(os.environ, DISPLAY=disp, TABLE_APP_HOME=home, SDL_AUDIODRIVER="dummy",
                 PYGAME_HIDE_SUPPORT_PROMPT="1")
        for k in ("SDL_VIDEODRIVER", "SDL_FRAMEBUFFER_ACCELERATION"):
            e.pop(k, None)
        e.update(env or {})
        log = Path(home) / "logs" / "table-app.log"
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "table_app", *args], cwd=ROOT, env=e,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        last: dict = {}
        cpu = None
        games: list = []
        seen = 0
        started = None
        try:
            while True:
                code = proc.poll()
                st = _status(proc.pid)
                if st:
                    last = st
                    c = _cpu_s(proc.pid)
                    cpu = c if c is not None else cpu
                if log.is_file():
                    text = log.read_text(encoding="utf-8", errors="replace")
                    if started is None and " starts: " in text:
                        started = time.perf_counter()
                    ends = re.findall(r"benchmark autoplay: game (\d+) of", text)
                    while len(ends) > seen and st:
                        seen += 1
                        games.append({"game": seen, "rss_mb": round(st["VmRSS"], 1),
                                      "peak_mb": round(st["VmHWM"], 1),
                                      "wall_s": round(time.perf_counter() - t0, 1)})
                if code is not None:
                    if code != 0 or not until_exit:
                        err = proc.stderr.read().decode(errors="replace")[-600:]
                        raise RuntimeError(f"the app exited with status {code}: {err}")
                    break
                now = time.perf_counter()
                if until_exit:
                    if now - t0 > seconds:
                        raise RuntimeError(f"the app was still running after {seconds:.0f} s "
                                           f"({seen} games over)")
                elif now - t0 > max_wall:
                    break
                elif (started is not None and now - started > seconds
                      and (cpu or 0.0) >= cpu_min):
                    break
                time.sleep(0.1)
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        if not last:
            raise RuntimeError("no /proc/PID/status to read")
        return {"peak_mb": round(last["VmHWM"], 1), "rss_mb": round(last["VmRSS"], 1),
                "games": games, "cpu_s": None if cpu is None else round(cpu, 2),
                "wall_s": round(time.perf_counter() - t0, 1)}


def run(quick: bool = False) -> dict:
    out: dict = {"missing": {}, "window": f"{WINDOW[0]}x{WINDOW[1]}"}
    keys = ("picker", "table_8", "three_games", "framebuffer")
    if not Path("/proc/self/status").is_file():
        for k in keys:
            out[k] = None
            out["missing"][k] = "no /proc/PID/status on this system (Linux only)"
        return out
    base = {"window_size": list(WINDOW)}
    rounds = 1 if quick else 2
    with display() as (disp, how):
        out["display"] = how
        if disp is None:
            for k in keys:
                out[k] = None
                out["missing"][k] = how
            return out
        fb: dict = {"app_default": [], "accelerated": []}
        picker: list = []
        table: list = []
        errors: dict = {}
        for _ in range(rounds):
            # alternating: the app's own framebuffer setting, then SDL's GL one
            for name, env in (("app_default", None),
                              ("accelerated", {"SDL_FRAMEBUFFER_ACCELERATION": "1"})):
                try:
                    r = app_run([], disp, base, 4.0, env=env, cpu_min=1.0)
                    fb[name].append(r)
                    if name == "app_default":
                        picker.append(r)
                except RuntimeError as e:
                    errors[f"framebuffer.{name}"] = str(e)
            try:
                table.append(app_run(["play", "contract", "--players", "8", "--autoplay", "1"],
                                     disp, base, 12.0 if quick else 40.0,
                                     cpu_min=5.0 if quick else 15.0))
            except RuntimeError as e:
                errors["table_8"] = str(e)

        def worst(rs):
            if not rs:
                return None
            w = max(rs, key=lambda r: r["peak_mb"])
            return dict(w, runs=len(rs), peaks_mb=[r["peak_mb"] for r in rs])
        out["picker"] = worst(picker)
        out["table_8"] = worst(table)
        if out["table_8"] is not None:
            out["table_8"]["how"] = ("play contract --players 8 --autoplay 1, animations at "
                                     "their normal pace, the opening and "
                                     f"{12 if quick else 40} s of play and at least "
                                     f"{5 if quick else 15} CPU seconds of the app")
        out["framebuffer"] = {k: worst(v) for k, v in fb.items()}
        out["framebuffer"]["how"] = ("the picker, 4 s and 1 CPU second: app_default = the app's "
                                     "SDL_FRAMEBUFFER_ACCELERATION=0 (X11 MIT-SHM); "
                                     "accelerated = SDL_FRAMEBUFFER_ACCELERATION=1 (SDL's "
                                     "OpenGL texture framebuffer; Mesa llvmpipe here)")
        games = 1 if quick else 3
        try:
            r = app_run(["play", "contract", "--players", "8", "--autoplay", str(games)],
                        disp, dict(base, skip_animations=True), 1800.0 * games,
                        until_exit=True)
            r["how"] = (f"play contract --players 8 --autoplay {games}: {games} whole 8-seat "
                        "games in one process, New game after each, Skip animations on, "
                        "frames uncapped (benchmark-only autoplay)")
            r["games_played"] = len(r["games"])
            out["three_games"] = r
        except RuntimeError as e:
            out["three_games"] = None
            errors["three_games"] = str(e)
        for k, why in errors.items():
            out["missing"][k] = why
        for k in ("picker", "table_8"):
            if out[k] is None and k not in out["missing"]:
                out["missing"][k] = errors.get(k, "not measured")
    return out


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv[1:]), indent=1))
