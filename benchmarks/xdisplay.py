"""An X11 display for the benchmarks that present real frames (``realapp``, ``ui``).

``display()`` is a context manager that yields ``(DISPLAY, how)`` or ``(None, reason)``:

1. ``TABLE_APP_BENCH_DISPLAY`` set: that display (``:103``), as it is;
2. else a private ``Xvfb`` (Debian's ``xvfb`` package), 1920x1080x24, on a display
   number it picks itself (``-displayfd``), stopped when the block ends;
3. else ``$DISPLAY`` when it answers (``xdpyinfo``);
4. else ``None`` with the reason: the figures that need a window are ``null``.
"""
from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import time

SCREEN = "1920x1080x24"


def _answers(disp: str) -> bool:
    if shutil.which("xdpyinfo") is None:
        return True   # can't ask: let the app try
    try:
        cp = subprocess.run(["xdpyinfo", "-display", disp], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return cp.returncode == 0


@contextlib.contextmanager
def display():
    forced = os.environ.get("TABLE_APP_BENCH_DISPLAY")
    if forced:
        if _answers(forced):
            yield forced, f"TABLE_APP_BENCH_DISPLAY={forced}"
        else:
            yield None, f"TABLE_APP_BENCH_DISPLAY={forced} does not answer (xdpyinfo)"
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is not None:
        r, w = os.pipe()
        proc = subprocess.Popen([xvfb, "-displayfd", str(w), "-screen", "0", SCREEN,
                                 "-nolisten", "tcp", "-noreset"],
                                pass_fds=(w,), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        os.close(w)
        num = b""
        end = time.monotonic() + 20
        try:
            while time.monotonic() < end and not num.endswith(b"\n"):
                ready, _, _ = select.select([r], [], [], 0.5)
                if ready:
                    chunk = os.read(r, 16)
                    if not chunk:
                        break
                    num += chunk
            os.close(r)
            if num.strip():
                disp = ":" + num.decode().strip()
                yield disp, f"a private Xvfb {SCREEN} on {disp} (Debian's xvfb package)"
                return
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        # Xvfb did not start: fall through to $DISPLAY
    disp = os.environ.get("DISPLAY")
    if disp and _answers(disp):
        yield disp, f"$DISPLAY={disp}"
        return
    why = ("no X11 display: Xvfb is not installed (apt-get install xvfb) and "
           + ("$DISPLAY does not answer" if disp else "$DISPLAY is not set"))
    yield None, why
