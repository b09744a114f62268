"""The start-up's garbage-collector set-up (table_app.gcsetup, issue #17): the imports'
heap is frozen once, what is made after it is still collected, and the app's start-up
and the engine benchmark's both do it (the benchmark measures the process the player
runs).  Each check runs in a fresh process: freezing the test runner's heap would change
what the other tests' collections see."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str, **env: str) -> str:
    e = {k: v for k, v in os.environ.items()
         if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    e.update(PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy", **env)
    cp = subprocess.run([sys.executable, "-c", code], env=e, capture_output=True,
                        text=True, timeout=120, cwd=str(ROOT))
    assert cp.returncode == 0, cp.stderr
    return cp.stdout.strip().splitlines()[-1]


def test_freeze_once_and_later_cycles_are_still_collected():
    out = _run(
        "import gc, weakref\n"
        "from table_app.gcsetup import freeze_startup_heap\n"
        "class C: pass\n"
        "n1 = freeze_startup_heap(); n2 = freeze_startup_heap()\n"
        "a = C(); a.me = a; r = weakref.ref(a); del a\n"
        "gc.collect()\n"
        "print(n1, n2, gc.get_freeze_count() > 1000, r() is None)\n")
    n1, n2, same, freed = out.split()
    assert int(n1) > 1000 and n2 == "0" and same == "True"  # still frozen
    assert freed == "True"      # a cycle made after the freeze is collected as before


def test_the_app_start_up_freezes_its_heap(tmp_path):
    # no display: main() says so and returns 2, after its start-up set-up
    out = _run("import gc\nfrom table_app.ui.app import main\n"
               "code = main()\nprint(code, gc.get_freeze_count())\n",
               TABLE_APP_HOME=str(tmp_path / "home"), TABLE_APP_LANG="en", LANGUAGE="en")
    code, frozen = out.split()
    assert code == "2" and int(frozen) > 1000


def test_the_engine_benchmark_sets_its_process_up_as_the_app(tmp_path):
    out = _run("import gc\nfrom benchmarks import peers\n"
               "n = peers.set_up_process()\n"
               "res = peers.run(quick=True, actions=30, runs=1)\n"
               "print(n > 1000 and gc.get_freeze_count() > 1000, 'frozen after the imports' in res['gc'])\n")
    assert out.split() == ["True", "True"]
