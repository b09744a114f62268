"""The screenshots in docs/screenshots/: each game mid-deal in English, Russian and
Ukrainian, and with the 4-colour deck and large indices, rendered headless by the app's
own table scene.

    python tools/screenshots.py                       # docs/screenshots/, 1280x800
    python tools/screenshots.py --out /tmp/s --size 1024x640 --replay

Every game is a seeded game of normal computer players stopped at a busy moment of the
human seat's turn (the benchmark's ``busy_engine``: melds on the table, or Michigan's
cards played), so the same shots come out every time.  ``--replay`` adds the replay
viewer at the same moment (all hands open) per language.  The PNGs are reduced to
256 colours with ImageMagick's ``convert`` when it is installed (a few hundred KB each).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("contract", "may_i", "mexican", "michigan")
LANGS = ("en", "ru", "uk")
SEEDS = {"contract": 3, "may_i": 3, "mexican": 3, "michigan": 3}


def _env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if "TABLE_APP_HOME" not in os.environ:
        os.environ["TABLE_APP_HOME"] = tempfile.mkdtemp(prefix="table-app-shots-")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def busy(variant: str):
    """(engine, seed) of a game at a busy moment of seat 0's turn."""
    from benchmarks.ui import busy_engine
    for seed in range(SEEDS[variant], SEEDS[variant] + 40):
        eng = busy_engine(variant, seed)
        if eng is not None:
            return eng, seed
    raise RuntimeError(f"no busy {variant} game found")


def table_shot(variant: str, size, path: Path, hint: bool = False, **settings) -> Path:
    import pygame

    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    eng, seed = busy(variant)
    app = App(size, headless=True, instant=True, settings=Settings().replace(**settings))
    try:
        session = GameSession(variant, 4, seed=seed, engine=eng, autosave=False)
        scene = TableScene(session)
        app.push(scene)
        for _ in range(3):
            app.step(0.02)
        if hint:
            scene.press_button("hint")
            for _ in range(2):
                app.step(0.02)
        app.draw()
        pygame.image.save(app.screen, str(path))
    finally:
        app.stack.clear()
    return path


def _replay_shot(variant: str, size, path: Path, **settings) -> Path:
    import pygame

    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.replay import open_replay
    from table_app.ui.table.session import GameSession
    eng, seed = busy(variant)
    app = App(size, headless=True, instant=True, settings=Settings().replace(**settings))
    try:
        # the record as the table autosaves it (into the temporary TABLE_APP_HOME)
        session = GameSession(variant, 4, seed=seed, engine=eng, autosave=True)
        rec = session.journal.path
        session.close()
        sc = open_replay(rec)
        app.push(sc)
        app.step(0.02)
        sc.press_button("end")
        for _ in range(3):
            app.step(0.02)
        app.draw()
        pygame.image.save(app.screen, str(path))
    finally:
        app.stack.clear()
    return path


def shrink(path: Path) -> None:
    """256 colours (ImageMagick) when that is smaller; the file is left as it is
    without ``convert``."""
    conv = shutil.which("convert")
    if conv is None:
        return
    tmp = path.with_suffix(".q.png")
    cp = subprocess.run([conv, str(path), "-dither", "FloydSteinberg", "-colors", "256",
                         "-define", "png:compression-level=9", "-strip", str(tmp)],
                        capture_output=True)
    if cp.returncode == 0 and tmp.is_file() and tmp.stat().st_size < path.stat().st_size:
        tmp.replace(path)
    elif tmp.exists():
        tmp.unlink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--replay", action="store_true", help="the replay viewer too")
    ap.add_argument("--no-shrink", action="store_true")
    args = ap.parse_args(argv)
    _env()
    w, h = (int(x) for x in args.size.lower().split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for v in args.variants.split(","):
        for lang in args.langs.split(","):
            made.append(table_shot(v, (w, h), out / f"table_{v}_{lang}.png", language=lang))
            if args.replay:
                made.append(_replay_shot(v, (w, h), out / f"replay_{v}_{lang}.png", language=lang))
        made.append(table_shot(v, (w, h), out / f"table_{v}_4colour.png", hint=True,
                               language="en", four_color=True, large_index=True))
    for p in made:
        if not args.no_shrink:
            shrink(p)
        print(f"{p}  {p.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
