"""Game records for tests: good records to break (``play_record``), a library of
finished games as the app writes them (``library_game``, ``make_library``), the paths
that open a record as a person or the CLI reaches it (``run_cli``), and checks on what
they print (``no_traceback``, ``bad_files``)."""
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


NAMES = ["You", "Ann", "Boris", "Chloe", "Dmitro", "Eva"]


LEVELS = ("easy", "normal", "hard")


VARIANTS = ("contract", "may_i", "mexican", "michigan")


def library_players(n, levels, human=True):
    out = [{"name": "You", "kind": "human"}] if human else [
        {"name": "Zed", "kind": "ai", "level": levels[0]}]
    return out + [{"name": NAMES[i], "kind": "ai", "level": levels[(i - 1) % len(levels)]}
                  for i in range(1, n)]


def library_game(variant, seed, *, n=4, levels=("normal",), practice=False, actions=None,
         created=None, human=True, practice_mark=False):
    """A game written as the app writes it (the journal), every seat playing random
    legal moves (melding first); ``actions=None``: to the end.  ``practice_mark``: an
    ``x-practice`` line as an undo past a seen card writes."""
    from table_app.engine.record import engine_for, make_header
    from table_app.headless import step
    from table_app.storage import GameJournal, games_dir, new_record_path
    h = make_header(variant, library_players(n, levels, human), seed=seed,
                    **({"practice": True} if practice else {}))
    if created:
        h["created"] = created
    eng = engine_for(h, auto=True, rng=random.Random(seed))
    p = new_record_path(variant, games_dir())
    j = GameJournal(eng, h, p, durable=False)
    r = random.Random(seed)
    k = 0
    while (actions is None or k < actions) and step(eng, r):
        k += 1
    j.close()
    if practice_mark:
        with open(p, "a", encoding="utf-8") as f:
            f.write(json.dumps({"type": "x-practice"}) + "\n")
    return p


def make_library():
    """A library of finished games of every variant and level mix, wins among them, plus
    practice games, an AI-only game and an unfinished game."""
    made = []
    minute = 0
    for seed in range(1, 25):
        v = VARIANTS[seed % 4]
        lv = (("easy",), ("normal",), ("hard",), ("easy", "hard"), ("normal", "hard"))[seed % 5]
        made.append(library_game(v, seed, n=3 + seed % 2, levels=lv,
                         created=f"2026-11-01T{10 + minute // 60:02d}:{minute % 60:02d}:00Z"))
        minute += 1
    made.append(library_game("may_i", 40, practice=True, created="2026-11-02T09:00:00Z"))
    made.append(library_game("michigan", 41, practice_mark=True, created="2026-11-02T09:01:00Z"))
    made.append(library_game("contract", 42, human=False, created="2026-11-02T09:02:00Z"))
    made.append(library_game("mexican", 43, actions=30, created="2026-11-02T09:03:00Z"))
    return made


def michigan_review_game(path: Path, seed: int = 5) -> Path:
    """A whole Michigan session of easy (seat 0), normal and hard written to ``path``, the
    game the coach's tests review.  Hard searches a count of worlds, not a CPU budget:
    the same game however busy the CPU (under a loaded suite a 20 ms budget played
    another game, where easy's leads happened to cost nothing)."""
    from table_app.ai import make_player
    from table_app.ai.simulate import play_game
    players = [make_player("easy", "michigan"), make_player("normal", "michigan"),
               make_player("hard", "michigan", budget_ms=3_600_000.0, samples=40)]
    play_game("michigan", ["easy", "normal", "hard"], seed, save_path=path, players=players)
    return path
