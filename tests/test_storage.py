"""Storage: paths, settings, the autosave journal, resume, the library, bad files and
statistics.  Everything under tmp_path with TABLE_APP_HOME."""
from __future__ import annotations

import errno
import json
import os
import random
import re
from pathlib import Path

import pytest

from table_app import storage
from table_app.core.actions import DealEnd, Extension, GameEnd
from table_app.engine.record import dumps, engine_for, make_header, read_record, replay
from table_app.headless import players_for, step
from table_app.storage import (
    GameJournal,
    Library,
    Settings,
    Statistics,
    load_settings,
    resume_game,
    save_settings,
)
from table_app.storage import files as files_mod
from table_app.storage import journal as journal_mod
from table_app.storage.journal import ext_type

BAD_RE = re.compile(r"\.bad-\d{8}-\d{6}(-\d+)?$")


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    monkeypatch.setenv("TABLE_APP_HOME", str(h))
    return h


@pytest.fixture
def no_fsync(monkeypatch):
    """Durability is not under test here: skip the (slow) fsyncs."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def new_engine(variant="may_i", n=4, seed=3, practice=False):
    h = make_header(variant, players_for(n), seed=seed, **({"practice": True} if practice else {}))
    return engine_for(h, auto=True, rng=random.Random(seed)), h


def file_events(path):
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()[1:]]


def bad_files(folder):
    return sorted(p.name for p in Path(folder).iterdir() if BAD_RE.search(p.name))


# ---------------------------------------------------------------- paths
def test_paths_under_table_app_home_are_created_lazily(home):
    assert not home.exists()
    assert storage.data_dir(create=False) == home / "data"
    assert storage.config_dir(create=False) == home / "config"
    assert storage.log_dir(create=False) == home / "logs"
    assert storage.games_dir(create=False) == home / "data" / "games"
    assert not home.exists()
    assert storage.log_dir().is_dir() and storage.games_dir().is_dir()
    assert storage.settings_path() == home / "config" / "settings.json"


def test_paths_default_to_platformdirs(monkeypatch, tmp_path):
    import platformdirs
    monkeypatch.delenv("TABLE_APP_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "D" / a[0]))
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: str(tmp_path / "C" / a[0]))
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(tmp_path / "L" / a[0]))
    assert storage.data_dir(create=False) == tmp_path / "D" / "table-app"
    assert storage.config_dir(create=False) == tmp_path / "C" / "table-app"
    assert storage.log_dir(create=False) == tmp_path / "L" / "table-app"


def test_storage_does_not_import_pygame():
    import subprocess
    import sys
    code = ("import sys, table_app.storage, table_app.headless; "
            "print([m for m in sys.modules if m.startswith('pygame')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------- settings
def test_settings_defaults_when_missing(home):
    s, msgs = load_settings()
    assert s == Settings() and msgs == []
    assert s.language == "system" and s.volume == 0.8 and s.default_levels == ("normal",) * 3


def test_settings_round_trip(home):
    s = Settings().replace(language="uk", volume=0.25, four_color=True, default_players=3,
                           default_levels=["hard", "easy"], last_variant="michigan",
                           last_options={"rotations": 2}, window_size=[1920, 1080])
    assert save_settings(s) is None
    s2, msgs = load_settings()
    assert msgs == [] and s2 == s
    assert s2.default_levels == ("hard", "easy") and s2.window_size == (1920, 1080)
    with pytest.raises(ValueError, match="volume"):
        s.replace(volume=1.5)
    with pytest.raises(ValueError, match="unknown setting"):
        s.replace(colour="red")
    with pytest.raises(AttributeError):  # dataclasses.FrozenInstanceError
        s.language = "en"  # frozen


def test_settings_unknown_key_and_bad_values_reported_and_defaulted(home):
    p = storage.settings_path(create_dir=True)
    p.write_text(json.dumps({"language": "fr", "volume": 3, "sound_on": "yes", "ai_speed": 2,
                             "card_size": "large", "shoe_size": 44, "default_players": 5,
                             "default_levels": ["easy", "hard"], "buy_countdown_s": float("nan")
                             if False else -1}))
    s, msgs = load_settings()
    assert s.language == "system" and s.volume == 0.8 and s.sound_on is True
    assert s.ai_speed == 2.0 and s.card_size == "large" and s.default_players == 5
    assert s.buy_countdown_s == 5.0
    assert s.default_levels == ("easy", "hard", "normal", "normal")
    text = "\n".join(msgs)
    for key in ("language", "volume", "sound_on", "shoe_size", "default_levels", "buy_countdown_s"):
        assert key in text
    assert all("\n" not in m for m in msgs) and len(msgs) == 7
    # issue 16: the file as the person had it is kept beside before it is rewritten with
    # the good values (it used to stay in place until the app saved over it)
    (kept,) = bad_files(p.parent)
    assert json.loads((p.parent / kept).read_text())["shoe_size"] == 44
    assert kept in msgs[-1] and "kept" in msgs[-1]
    assert p.exists() and load_settings() == (s, [])   # rewritten: the next start is clean


@pytest.mark.parametrize("content,why", [
    (b"{not json", "not valid JSON"),
    (b"", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not valid JSON"),
    (b"[1, 2, 3]", "not a JSON object"),
    (b'{"format": "something-else", "version": 1}', "format"),
    (b'{"format": "table-app-settings", "version": 99, "language": "en"}', "newer"),
])
def test_bad_settings_file_moved_aside(home, content, why):
    p = storage.settings_path(create_dir=True)
    p.write_bytes(content)
    s, msgs = load_settings()
    assert s == Settings()
    assert len(msgs) == 1 and why in msgs[0] and "moved to settings.json.bad-" in msgs[0]
    assert not p.exists()
    (bad,) = bad_files(p.parent)
    assert (p.parent / bad).read_bytes() == content  # kept, not overwritten
    # saving works again, and a second bad file gets its own name
    assert save_settings(Settings().replace(language="ru")) is None
    assert load_settings()[0].language == "ru"
    p.write_bytes(content)
    load_settings()
    assert len(bad_files(p.parent)) == 2


def test_settings_save_is_atomic(home, monkeypatch):
    save_settings(Settings().replace(language="en"))
    p = storage.settings_path()
    before = p.read_bytes()

    def boom(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files_mod.os, "replace", boom)
    msg = save_settings(Settings().replace(language="uk"))
    assert msg is not None and "disk is full" in msg
    assert p.read_bytes() == before
    assert sorted(x.name for x in p.parent.iterdir()) == ["settings.json"]  # no temp left


def test_settings_write_failure_midway_leaves_old_file(home, monkeypatch):
    save_settings(Settings().replace(language="en"))
    p = storage.settings_path()
    before = p.read_bytes()
    real_fsync = os.fsync

    def fail_fsync(fd):
        raise OSError(errno.EIO, "I/O error")
    monkeypatch.setattr(files_mod.os, "fsync", fail_fsync)
    assert save_settings(Settings().replace(language="uk")) is not None
    monkeypatch.setattr(files_mod.os, "fsync", real_fsync)
    assert p.read_bytes() == before


# ---------------------------------------------------------------- journal (engine-like fake)
class FakeEngine:
    """Just what the journal uses: log, subscribe, revealed_by_undo, _redo."""

    def __init__(self):
        self.log, self._listeners, self.revealed_by_undo, self._redo = [], [], False, []

    def subscribe(self, fn):
        self._listeners.append(fn)

    def add(self, n):
        ev = Extension.make("x-test", n=n)
        self.log.append(ev)
        for fn in self._listeners:
            fn("append", (len(self.log) - 1, ev, None))

    def cut(self, k, reveal=False):
        tail = self.log[k:]
        del self.log[k:]
        self._redo.extend((e, False) for e in reversed(tail))
        self.revealed_by_undo |= reveal
        for fn in self._listeners:
            fn("truncate", k)


def test_journal_appends_and_fsyncs_each_line(home, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(journal_mod.os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    eng = FakeEngine()
    j = GameJournal(eng, make_header("may_i", players_for(4), seed=1))
    assert j.path.parent == storage.games_dir() and j.path.name.endswith("-may_i-" + j.path.name[-12:])
    assert len(file_events(j.path)) == 0
    for i in range(5):
        before = len(synced)
        eng.add(i)
        # written and fsynced before the engine's apply returns
        assert [e["n"] for e in file_events(j.path)] == list(range(i + 1))
        assert len(synced) == before + 1
    assert j.saved and j.error is None


def test_journal_undo_rewrites_atomically_with_marker(home, monkeypatch):
    eng = FakeEngine()
    j = GameJournal(eng, make_header("may_i", players_for(4), seed=1))
    for i in range(6):
        eng.add(i)
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(files_mod.os, "replace", lambda a, b: (replaced.append((a, b)), real_replace(a, b))[1])
    eng.cut(4)
    assert replaced and replaced[-1][1] == j.path
    ev = file_events(j.path)
    assert [e.get("n") for e in ev[:4]] == [0, 1, 2, 3]
    mark = ev[4]
    assert mark["type"] == "x-undo" and mark["at"] == 4 and mark["undone"] == 2
    assert [r["event"]["n"] for r in mark["redo"]] == [4, 5]
    eng.add(10)
    eng.cut(2, reveal=True)
    ev = file_events(j.path)
    assert [e["type"] for e in ev] == ["x-test", "x-test", "x-undo", "x-practice"]
    assert j.practice
    eng.add(11)
    assert file_events(j.path)[-1]["n"] == 11
    read_record(j.path)  # a valid record


def test_journal_write_failures_keep_play_in_memory_then_resume(home, monkeypatch):
    eng = FakeEngine()
    j = GameJournal(eng, make_header("may_i", players_for(4), seed=1))
    eng.add(0)
    real_open, real_fsync = open, os.fsync
    full = [True]

    def full_disk_open(path, *a, **k):
        if full[0] and str(path).startswith(str(j.path)):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_open(path, *a, **k)

    def full_disk_fsync(fd):
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_fsync(fd)
    monkeypatch.setattr(journal_mod, "open", full_disk_open, raising=False)
    monkeypatch.setattr(files_mod, "open", full_disk_open, raising=False)
    monkeypatch.setattr(os, "fsync", full_disk_fsync)
    eng.add(1)  # the append's fsync fails: must not raise
    assert j.error and "disk is full" in j.error and "\n" not in j.error
    eng.add(2)  # now a whole rewrite is attempted, and fails at open
    eng.cut(2)  # undo while failing: no raise either
    eng.add(3)
    assert not j.saved and j.error
    assert [e["n"] for e in file_events(j.path)[:1]] == [0]
    full[0] = False
    eng.add(4)  # saving resumes: the whole file is rewritten
    assert j.error is None and j.saved
    assert [(e["type"], e.get("n")) for e in file_events(j.path)] == \
        [("x-test", 0), ("x-test", 1), ("x-undo", None), ("x-test", 3), ("x-test", 4)]
    assert not [p for p in j.path.parent.iterdir() if ".tmp" in p.name]


def test_journal_permission_denied_on_replace(home, monkeypatch):
    eng = FakeEngine()
    j = GameJournal(eng, make_header("may_i", players_for(4), seed=1))
    for i in range(3):
        eng.add(i)

    def denied(a, b):
        raise PermissionError(errno.EACCES, "Permission denied", str(b))
    real_replace = os.replace
    monkeypatch.setattr(files_mod.os, "replace", denied)
    eng.cut(1)
    assert "permission denied" in j.error
    assert [e["n"] for e in file_events(j.path)] == [0, 1, 2]  # old file intact
    eng.add(7)
    assert j.error
    monkeypatch.setattr(files_mod.os, "replace", real_replace)
    assert j.retry() and j.error is None
    assert [(e["type"], e.get("n")) for e in file_events(j.path)] == [("x-test", 0), ("x-undo", None), ("x-test", 7)]
    assert not [p for p in j.path.parent.iterdir() if ".tmp" in p.name]


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="running as root: chmod does not stop writes")
def test_journal_read_only_folder_real_chmod(home):
    eng = FakeEngine()
    j = GameJournal(eng, make_header("may_i", players_for(4), seed=1))
    eng.add(0)
    os.chmod(j.path, 0o444)
    os.chmod(j.path.parent, 0o555)
    try:
        eng.add(1)
        eng.cut(1)
        assert j.error
    finally:
        os.chmod(j.path.parent, 0o755)
        os.chmod(j.path, 0o644)
    eng.add(2)
    assert j.error is None and [e["type"] for e in file_events(j.path)] == ["x-test", "x-undo", "x-test"]


def test_journal_read_only_folder_at_start(home, monkeypatch):
    real_open = open

    def ro(path, *a, **k):
        if "games" in str(path) and ("w" in (a[0] if a else k.get("mode", "r")) or
                                     "a" in (a[0] if a else k.get("mode", "r"))):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, *a, **k)
    monkeypatch.setattr(files_mod, "open", ro, raising=False)
    monkeypatch.setattr(journal_mod, "open", ro, raising=False)
    eng, h = new_engine()
    lib = Library()
    j = lib.new_game(eng, h)
    assert j.error and "read-only" in j.error
    r = random.Random(1)
    for _ in range(20):
        step(eng, r)
    assert not j.path.exists() and any("read-only" in m for m in lib.take_messages())
    monkeypatch.setattr(files_mod, "open", real_open, raising=False)
    monkeypatch.setattr(journal_mod, "open", real_open, raising=False)
    step(eng, r)
    assert j.error is None
    assert [e.to_json() for e in read_record(j.path).events] == [e.to_json() for e in eng.log]


# ---------------------------------------------------------------- journal + real engine, resume
def test_real_game_record_replays_and_undo_keeps_it_valid(home, no_fsync):
    eng, h = new_engine(seed=5)
    lib = Library()
    j = lib.new_game(eng, h)
    r = random.Random(2)
    for _ in range(60):
        step(eng, r)
    rec = read_record(j.path)
    assert [e.to_json() for e in rec.events] == [e.to_json() for e in eng.log]
    replay(rec)
    n = len(eng.log)
    while eng.to_act()[0] != 0 or not eng.can_undo(0):
        step(eng, r)
    n = len(eng.log)
    assert eng.undo(0)
    rec = read_record(j.path)
    assert ext_type(rec.events[-1]) in ("x-undo", "x-practice")
    kinds = [ext_type(e) or e.type for e in rec.events]
    assert "x-undo" in kinds
    assert [e.to_json() for e in rec.events if not isinstance(e, Extension)] == \
        [e.to_json() for e in eng.log]
    replay(rec)  # still a valid, replayable record
    assert ("x-practice" in kinds) == eng.revealed_by_undo
    # resume restores the undo point and the redo stack
    j.close()
    res = resume_game(j.path)
    assert res.redo > 0 and res.engine.can_redo()
    assert res.engine.revealed_by_undo == eng.revealed_by_undo
    assert eng.redo(0) and res.engine.redo(0)
    assert [e.to_json() for e in res.engine.log if not isinstance(e, Extension)] == \
        [e.to_json() for e in eng.log]
    assert len([e for e in res.engine.log if not isinstance(e, Extension)]) <= n


def test_resume_continues_where_it_stopped_and_drops_torn_tail(home, no_fsync):
    eng, h = new_engine(seed=8)
    lib = Library()
    j = lib.new_game(eng, h)
    r = random.Random(4)
    for _ in range(80):
        step(eng, r)
    j.close()
    good = j.path.read_text()
    with open(j.path, "a") as f:
        f.write('{"type": "discard", "pla')  # a crash while writing
    lib2 = Library()
    s = lib2.unfinished()
    assert s is not None and s.id == j.path.name and s.torn_tail
    res = lib2.resume()
    assert res.torn_tail_dropped and any("cut off" in m for m in lib2.take_messages())
    assert res.engine.auto and [e.to_json() for e in res.engine.log] == [e.to_json() for e in eng.log]
    assert res.engine.state == eng.state
    assert j.path.read_text() == good  # rewritten without the torn line
    assert res.engine.rng.random() == storage.live_rng(h, len(eng.log)).random()
    rr = random.Random(9)
    for _ in range(30):
        step(res.engine, rr)
    replay(read_record(j.path))
    assert bad_files(j.path.parent) == []


def test_resume_catches_up_missing_derived_events(home, no_fsync):
    eng, h = new_engine("michigan", seed=2)
    lib = Library()
    j = lib.new_game(eng, h)
    r = random.Random(1)
    while not any(isinstance(e, DealEnd) for e in eng.log):
        step(eng, r)
    j.close()
    i = next(k for k, e in enumerate(eng.log) if isinstance(e, DealEnd))
    # the process died right after the action that ended the deal
    Path(j.path).write_text(dumps(h, eng.log[:i]))
    res = lib.resume()
    assert [e.to_json() for e in res.engine.log[: i + 1]] == [e.to_json() for e in eng.log[: i + 1]]
    assert [e["type"] for e in file_events(j.path)][i] == "deal_end"


def test_unfinished_ignores_finished_and_abandoned(home, no_fsync):
    lib = Library()
    eng, h = new_engine("michigan", seed=1)
    j1 = lib.new_game(eng, h)
    r = random.Random(0)
    while step(eng, r):
        pass
    assert j1.finished
    assert lib.unfinished() is None
    eng2, h2 = new_engine("michigan", seed=2)
    j2 = lib.new_game(eng2, h2)
    step(eng2, r)
    assert lib.unfinished().id == j2.path.name
    j2.abandon()
    assert lib.unfinished() is None and lib.resume() is None


# ---------------------------------------------------------------- library, index, bad files
def _finished_game(lib, seed, variant="michigan", practice=False):
    eng, h = new_engine(variant, seed=seed, practice=practice)
    j = lib.new_game(eng, h)
    r = random.Random(seed)
    while step(eng, r):
        pass
    j.close()
    return j, eng


def test_library_lists_opens_and_deletes(home, no_fsync):
    lib = Library()
    j1, e1 = _finished_game(lib, 1)
    j2, e2 = _finished_game(lib, 2, practice=True)
    eng, h = new_engine("may_i", seed=3)
    j3 = lib.new_game(eng, h)
    step(eng, random.Random(0))
    games = {s.id: s for s in lib.list()}
    assert set(games) == {j1.path.name, j2.path.name, j3.path.name}
    g1 = games[j1.path.name]
    assert g1.variant == "michigan" and g1.finished and not g1.practice
    assert g1.players[1] == {"name": "Ada", "kind": "ai", "level": "normal"}
    assert g1.deals_played == sum(1 for e in e1.log if isinstance(e, DealEnd)) > 0
    assert g1.winners == tuple(e1.log[-1].winners) and g1.result
    assert games[j2.path.name].practice
    g3 = games[j3.path.name]
    assert not g3.finished and g3.result == "in progress" and g3.deals_played == 0
    rec = lib.open(j1.path.name)
    assert [e.to_json() for e in rec.events] == [e.to_json() for e in e1.log]
    assert lib.delete(j2.path.name) and not j2.path.exists()
    assert {s.id for s in lib.list()} == {j1.path.name, j3.path.name}


def test_index_is_a_cache_rebuilt_when_missing_or_damaged(home, no_fsync):
    lib = Library()
    _finished_game(lib, 1)
    _finished_game(lib, 2)
    want = [s.to_json() for s in lib.list()]
    idx = storage.index_path()
    assert json.loads(idx.read_text())["format"] == "table-app-index"
    idx.unlink()
    assert [s.to_json() for s in Library().list()] == want and idx.exists()
    for damage in (b"{torn", b'{"format": "table-app-index", "version": 7, "games": {}}',
                   b'{"format": "table-app-index", "version": 1, "games": {"x.jsonl": 3}}',
                   b'"just a string"'):
        idx.write_bytes(damage)
        lib = Library()
        assert [s.to_json() for s in lib.list()] == want
        msgs = lib.take_messages()
        assert len(msgs) == 1 and "index" in msgs[0] and "moved to index.json.bad-" in msgs[0]
    assert len(bad_files(idx.parent)) == 4


def test_index_stale_entry_is_reread(home, no_fsync):
    lib = Library()
    eng, h = new_engine("michigan", seed=4)
    _journal = lib.new_game(eng, h)  # kept open while the engine plays
    r = random.Random(4)
    step(eng, r)
    assert Library().list()[0].events == len(eng.log)
    while step(eng, r):
        pass
    s = Library().list()[0]
    assert s.finished and s.events == len(eng.log)


def test_index_replacement_is_atomic(home, no_fsync, monkeypatch):
    lib = Library()
    _finished_game(lib, 1)
    idx = storage.index_path()
    before = idx.read_bytes()
    eng, h = new_engine("michigan", seed=2)  # a game the index does not know yet
    j = GameJournal(eng, h, storage.games_dir() / "other.jsonl")
    r = random.Random(2)
    while step(eng, r):
        pass
    j.close()

    def boom(a, b):
        raise OSError(errno.ENOSPC, "No space left on device")
    real_replace = os.replace
    monkeypatch.setattr(files_mod.os, "replace", boom)
    lib2 = Library()
    assert len(lib2.list()) == 2  # the library still works from the records
    assert any("index could not be saved" in m for m in lib2.take_messages())
    assert idx.read_bytes() == before
    assert not [p for p in idx.parent.iterdir() if ".tmp" in p.name]
    monkeypatch.setattr(files_mod.os, "replace", real_replace)
    assert len(Library().list()) == 2 and idx.read_bytes() != before


@pytest.mark.parametrize("name,content,why", [
    ("garbage.jsonl", b"hello there\n", "JSON"),
    ("empty.jsonl", b"", "empty"),
    ("binary.jsonl", b"\x00\xff\xfe\x80\n", "UTF-8"),
    ("foreign.jsonl", b'{"format": "pgn", "version": 1}\n', "not a table-app game record"),
    ("newer.jsonl", b'{"format": "table-app-record", "version": 9, "variant": "may_i", "players": [{}]}\n', "newer"),
    ("midtorn.jsonl", None, "line 4"),
    ("header_only_torn.jsonl", b'{"format": "table-app-rec', "torn"),
])
def test_bad_records_are_moved_aside_and_the_rest_still_works(home, no_fsync, name, content, why):
    lib = Library()
    good, _ = _finished_game(lib, 1)
    if content is None:  # a line in the middle cut off (not a crash tail)
        lines = good.path.read_text().splitlines(keepends=True)
        lines[3] = lines[3][: len(lines[3]) // 2] + "\n"
        content = "".join(lines).encode()
    bad = storage.games_dir() / name
    bad.write_bytes(content)
    lib = Library()
    assert [s.id for s in lib.list()] == [good.path.name]
    msgs = lib.take_messages()
    assert len(msgs) == 1 and name in msgs[0] and why in msgs[0] and "moved to" in msgs[0]
    assert "\n" not in msgs[0]
    assert not bad.exists()
    (moved,) = [p for p in bad.parent.iterdir() if p.name.startswith(name + ".bad-")]
    assert moved.read_bytes() == content
    assert lib.unfinished() is None


def test_record_that_does_not_replay_is_moved_aside_on_resume(home, no_fsync):
    lib = Library()
    eng, h = new_engine("may_i", seed=6)
    j = lib.new_game(eng, h)
    r = random.Random(6)
    for _ in range(30):
        step(eng, r)
    j.close()
    lines = j.path.read_text().splitlines()
    lines.append(json.dumps({"type": "discard", "player": (eng.to_act()[0] + 1) % 4, "card": "7S"}))
    j.path.write_text("\n".join(lines) + "\n")
    assert lib.resume() is None
    msgs = lib.take_messages()
    # (the library replays every record when it lists it: the refusal is found there,
    # before the resume, and said with its line)
    assert any("not a valid game record" in m and f"line {len(lines)}:" in m and "refused" in m
               for m in msgs), msgs
    assert len(bad_files(j.path.parent)) == 1


def test_move_aside_never_overwrites(tmp_path):
    p = tmp_path / "a.json"
    names = set()
    for i in range(3):
        p.write_text(str(i))
        names.add(storage.move_aside(p).name)
    assert len(names) == 3
    assert sorted(x.read_text() for x in tmp_path.iterdir()) == ["0", "1", "2"]


# ---------------------------------------------------------------- statistics
def _expected_stats(lib):
    """Independent computation straight from the record files."""
    from fractions import Fraction
    rows = []
    for p in sorted(storage.games_dir().glob("*.jsonl")):
        rec = read_record(p)
        ends = [e for e in rec.events if isinstance(e, GameEnd)]
        if not ends or rec.header.get("practice") or any(ext_type(e) == "x-practice" for e in rec.events):
            continue
        rows.append((rec.header["created"], p.name, rec.header["variant"], rec.header["players"],
                     ends[0]))
    out = {}
    for _created, _gid, variant, players, ge in sorted(rows):
        key = (variant, storage.setup_key(players))
        g = out.setdefault(key, {"games": 0, "wins": 0, "sum": Fraction(0), "best": None,
                                 "cur": 0, "long": 0})
        score = Fraction(str(ge.totals[0]))
        g["games"] += 1
        g["sum"] += score
        better = (lambda a, b: a < b) if variant != "michigan" else (lambda a, b: a > b)
        if g["best"] is None or better(score, g["best"]):
            g["best"] = score
        if 0 in ge.winners:
            g["wins"] += 1
            g["cur"] += 1
            g["long"] = max(g["long"], g["cur"])
        else:
            g["cur"] = 0
    return out


def test_statistics_from_records_equal_running_statistics(home, no_fsync, monkeypatch):
    clock = iter(range(100))
    real_make = make_header
    lib = Library()
    finished = []
    for seed in range(1, 9):
        players = 4 if seed % 3 else 3
        h = real_make("michigan", players_for(players), seed=seed,
                      practice=(seed == 5) or None)
        h["created"] = f"2026-11-30T10:{next(clock):02d}:00Z"
        if h.get("practice") is None:
            del h["practice"]
        eng = engine_for(h, auto=True, rng=random.Random(seed))
        j = lib.new_game(eng, h)
        r = random.Random(seed)
        while step(eng, r):
            pass
        finished.append(j)
    # one mexican game marked practice by an undo past a hidden card, one unfinished
    eng, h = new_engine("mexican", seed=11)
    h["created"] = "2026-11-30T11:00:00Z"
    j = lib.new_game(eng, h)
    r = random.Random(1)
    while not eng.revealed_by_undo:
        step(eng, r)
        if eng.to_act() and eng.to_act()[0] == 0 and eng.can_undo(0):
            eng.undo(0)
    assert j.practice
    running = Statistics.from_json(json.loads(storage.stats_path().read_text()))
    recomputed = Statistics.from_summaries(lib.list())
    assert running == recomputed == lib.statistics()
    exp = _expected_stats(lib)
    assert set(running.groups) == set(exp)
    for key, g in running.groups.items():
        e = exp[key]
        assert (g.games, g.wins, g.total, g.best, g.current_streak, g.longest_streak) == \
            (e["games"], e["wins"], e["sum"], e["best"], e["cur"], e["long"])
        assert g.average == pytest.approx(float(e["sum"] / e["games"]))
    assert sum(g.games for g in running.groups.values()) == 7  # 8 played, 1 practice
    # stats.json damaged -> moved aside and recomputed
    storage.stats_path().write_text("{oops")
    lib2 = Library()
    assert lib2.statistics() == recomputed
    assert any("statistics" in m and "moved to" in m for m in lib2.take_messages())
    # deleting a game updates them
    lib2.delete(finished[0].path.name)
    assert sum(g.games for g in lib2.statistics().groups.values()) == 6


def test_unfinished_is_the_game_played_last_and_skips_empty_records(home, no_fsync):
    lib = Library()
    eng1, h1 = new_engine("may_i", seed=1)
    j1 = lib.new_game(eng1, h1)
    eng2, h2 = new_engine("may_i", seed=2)
    j2 = lib.new_game(eng2, h2)
    eng3, h3 = new_engine("may_i", seed=3)
    lib.new_game(eng3, h3)  # never dealt: nothing to resume
    r = random.Random(0)
    step(eng2, r)
    os.utime(j2.path, ns=(1_000_000_000, 1_000_000_000))
    step(eng1, r)
    assert lib.unfinished().id == j1.path.name
    step(eng2, r)  # the older game was played last
    assert lib.unfinished().id == j2.path.name
    assert len(lib.list()) == 3


def test_settings_module_never_crashes_on_odd_values(home):
    p = storage.settings_path(create_dir=True)
    for obj in ({"volume": None}, {"window_size": [10, "x"]}, {"last_options": {"a": [1]}},
                {"default_levels": "hard"}, {"card_back": "../../etc"}, {"format": None},
                {"version": True}, {"last_names": ["ok", 3]}, {"language": ["en"]}):
        p.write_text(json.dumps(obj))
        s, msgs = load_settings()
        assert isinstance(s, Settings) and msgs and all("\n" not in m for m in msgs)


def test_journal_listener_runs_before_the_ui(home, no_fsync):
    eng, h = new_engine("may_i", seed=2)
    seen = []

    def ui(kind, payload):  # subscribed first, yet the line is already on disk
        if kind == "append":
            seen.append(len(file_events(j.path)) == payload[0] + 1)
    eng.subscribe(ui)
    j = Library().new_game(eng, h)
    r = random.Random(2)
    for _ in range(10):
        step(eng, r)
    assert seen and all(seen)


def test_open_with_verify_refuses_an_illegal_record(home, no_fsync):
    lib = Library()
    good, _ = _finished_game(lib, 3)
    text = good.path.read_text().splitlines()
    i = next(k for k, line in enumerate(text) if '"type": "deal_end"' in line)
    d = json.loads(text[i])
    d["winner"] = (d["winner"] + 1) % 4 if d["winner"] is not None else 0
    text[i] = json.dumps(d)
    bad = storage.games_dir() / "edited.jsonl"
    bad.write_text("\n".join(text) + "\n")
    assert lib.open("edited.jsonl").header["variant"] == "michigan"  # parses
    from table_app.engine.record import ReplayError
    with pytest.raises(ReplayError):
        lib.open("edited.jsonl", verify=True)
    assert not bad.exists() and any("edited.jsonl" in m for m in lib.take_messages())
    assert lib.open(good.path.name, verify=True)


# ---------------------------------------------------------------- issue 19's settings
def test_the_call_window_michigan_pause_and_ask_only_fitting_settings(home):
    s, msgs = load_settings()
    # a new player: Contract's call window of its own, asked only for a card that fits
    assert (s.call_countdown_s, s.ask_only_fitting, s.michigan_pause_s) == (8.0, True, 1.5)
    assert s.buy_countdown_s == 5.0 and msgs == []
    s2 = s.replace(call_countdown_s=12, ask_only_fitting=False, michigan_pause_s=0)
    assert save_settings(s2) is None and load_settings() == (s2, [])
    for key, bad in (("call_countdown_s", 31), ("call_countdown_s", "8"),
                     ("michigan_pause_s", -1), ("michigan_pause_s", float("inf")),
                     ("ask_only_fitting", "yes")):
        with pytest.raises(ValueError, match=key):
            s.replace(**{key: bad})
    # bad values in the file: reported, the defaults used, the file kept aside
    p = storage.settings_path(create_dir=True)
    p.write_text(json.dumps({"call_countdown_s": 99, "michigan_pause_s": "long",
                             "ask_only_fitting": 1}))
    s3, msgs = load_settings()
    assert (s3.call_countdown_s, s3.michigan_pause_s, s3.ask_only_fitting) == (8.0, 1.5, True)
    text = "\n".join(msgs)
    assert all(k in text for k in ("call_countdown_s", "michigan_pause_s", "ask_only_fitting"))
    assert len(bad_files(p.parent)) == 1


def test_a_settings_file_from_before_ask_only_fitting_keeps_asking_every_time(home):
    # written by the version before the setting (no such key): that player was asked
    # for every card and keeps being asked so; nothing is reported, nothing rewritten
    p = storage.settings_path(create_dir=True)
    old = {"format": "table-app-settings", "version": 1, "language": "en",
           "buy_countdown_s": 8.0, "auto_pass_buys": False}
    p.write_text(json.dumps(old))
    s, msgs = load_settings()
    assert msgs == [] and s.ask_only_fitting is False and s.buy_countdown_s == 8.0
    assert s.call_countdown_s == 8.0 and s.michigan_pause_s == 1.5
    assert json.loads(p.read_text()) == old and bad_files(p.parent) == []
    # once saved the key is in the file and read back as it is
    assert save_settings(s.replace(ask_only_fitting=True)) is None
    assert load_settings()[0].ask_only_fitting is True


@pytest.mark.parametrize("variant, stopped, going", [
    ("may_i", "May I?, after round 1", "May I?, round 2"),
    ("michigan", "Michigan Rummy, after deal 1", "Michigan Rummy, deal 2")])
def test_a_game_stopped_at_a_deals_end_resumes_named_after_that_deal(home, no_fsync, variant,
                                                                     stopped, going):
    """A tester's Resume said "deal 2" and the game opened at deal 1's score sheet: a
    game whose last deal has ended and whose next is not dealt says "after round 1"
    (``GameSummary.between_deals``, kept in the index); once dealt, "round 2"."""
    from table_app.core.actions import Deal
    from table_app.storage.summary import GameSummary
    from table_app.ui.scenes.resume import game_round
    lib = Library()
    eng, h = new_engine(variant, seed=4)
    j = lib.new_game(eng, h)
    r = random.Random(2)
    while not any(isinstance(e, DealEnd) for e in eng.log):
        step(eng, r)
    g = lib.unfinished()
    assert g.deals_played == 1 and g.between_deals and game_round(g) == stopped
    assert GameSummary.from_json(g.to_json(), g.path).between_deals   # the index keeps it
    old = g.to_json()
    del old["between_deals"]                 # an index written before the field
    assert not GameSummary.from_json(old, g.path).between_deals
    with pytest.raises(ValueError, match="between_deals"):   # an index edited by hand
        GameSummary.from_json({**g.to_json(), "between_deals": "yes"}, g.path)
    while not isinstance(eng.log[-1], Deal):
        step(eng, r)
    g = lib.unfinished()
    assert not g.between_deals and game_round(g) == going
    j.close()
