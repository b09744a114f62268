"""Shared by the field tests (issue 16): good records to break, a library folder holding
them, and the paths that open a record, each as a person (or the CLI) reaches it."""
from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path

from table_app.engine.record import engine_for, make_header
from table_app.headless import players_for, step

BAD_RE = re.compile(r"\.bad-\d{8}-\d{6}(-\d+)?$")


def play_record(path: Path, variant: str = "may_i", seed: int = 3, actions: int | None = 120,
                n: int = 4, created: str | None = None) -> list[dict]:
    """Play a game with a human seat 0 (headless, random legal moves) and write its record
    as the app does (the journal); ``actions=None`` plays it to the end.  Returns the
    record's lines as objects."""
    from table_app.storage import GameJournal
    extra = {} if created is None else {"created": created}
    h = make_header(variant, players_for(n), seed=seed)
    h.update(extra)
    eng = engine_for(h, auto=True, rng=random.Random(seed))
    try:
        j = GameJournal(eng, h, path, durable=False)
    except TypeError:          # (an app without durable=: the checks against main)
        j = GameJournal(eng, h, path)
    r = random.Random(seed)
    k = 0
    while (actions is None or k < actions) and eng.to_act() is not None:
        if not step(eng, r):
            break
        k += 1
    j.close()
    return [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines()]


def write_lines(path: Path, objs) -> Path:
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs),
                    encoding="utf-8")
    return path


def bad_files(folder: Path) -> list[str]:
    return sorted(p.name for p in Path(folder).iterdir() if BAD_RE.search(p.name))


def run_cli(*argv) -> tuple[int, str, str]:
    """``table-app ARGV`` in this process: (exit status, stdout, stderr)."""
    from table_app.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main([str(a) for a in argv])
    return rc, out.getvalue(), err.getvalue()


def no_traceback(text: str) -> bool:
    return "Traceback" not in text and "cannot verify" not in text and \
        not re.search(r"\b(RecursionError|TypeError|KeyError|AttributeError|IndexError|"
                      r"OverflowError|ZeroDivisionError|MemoryError)\b", text)


def index_of(objs, kind: str) -> int:
    return next(i for i, o in enumerate(objs) if o.get("type") == kind)
