"""Issue 16's storage: one writer per record (the lock, the journal that holds it, the
library that takes it), ``table-app games``, a redo stack edited by hand, simulate's
records."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.records import play_record, run_cli

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    monkeypatch.setenv("TABLE_APP_HOME", str(h))
    return h


def _game(home, name="20261101-100000-may_i-aaaaaa.jsonl", actions=60):
    from table_app.storage import games_dir
    p = games_dir() / name
    play_record(p, "may_i", seed=4, actions=actions, created="2026-11-01T10:00:00Z")
    return p


def test_a_record_has_one_writer_in_a_process_and_the_journal_lets_it_go(home):
    from table_app.storage import GameOpenElsewhere, Library, RecordLock, locked_elsewhere
    p = _game(home)
    lib = Library()
    r = lib.resume(p)
    assert r.journal.lock.held and not locked_elsewhere(p)   # ours: not "elsewhere"
    with pytest.raises(GameOpenElsewhere):
        Library().resume(p)                                   # a second writer, refused
    assert RecordLock(p).acquire() is False
    r.journal.close()
    assert not r.journal.lock.held
    r2 = Library().resume(p)
    assert r2 is not None
    r2.journal.close()
    assert (p.parent / ".locks" / (p.name + ".lock")).is_file()
    assert [g.id for g in Library().games()] == [p.name]     # the lock file is no game


def test_a_lock_held_by_another_process_and_released_when_it_ends(home):
    from table_app.storage import GameOpenElsewhere, Library, locked_elsewhere
    p = _game(home)
    code = ("import sys, time; from table_app.storage import RecordLock; "
            "l = RecordLock(sys.argv[1]); print(l.acquire(), flush=True); "
            "sys.stdin.readline()")
    child = subprocess.Popen([sys.executable, "-c", code, str(p)], cwd=ROOT, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "True"
        assert locked_elsewhere(p)
        with pytest.raises(GameOpenElsewhere):
            Library().resume(p)
        assert not Library().delete(p) and p.exists()          # nor deleted under it
    finally:
        child.stdin.write("\n")
        child.stdin.close()
        child.wait(timeout=30)
        child.stdout.close()
    assert not locked_elsewhere(p)
    r = Library().resume(p)
    assert r is not None
    r.journal.close()


def test_no_lock_can_be_made_in_a_read_only_folder_and_nothing_is_refused(home, monkeypatch):
    from table_app.storage import lock as lock_mod
    p = _game(home)

    class NoLock:
        def __init__(self, *a, **k):
            pass

        def acquire(self, timeout=None):
            raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(lock_mod, "_file_lock", lambda path: NoLock())
    lk = lock_mod.RecordLock(p)
    assert lk.acquire() is True and lk.unlockable and not lk.held
    lk.release()


def test_new_games_hold_their_lock_until_closed(home):
    import random

    from table_app.engine.record import engine_for, make_header
    from table_app.headless import players_for
    from table_app.storage import Library, RecordLock
    h = make_header("michigan", players_for(3), seed=2)
    eng = engine_for(h, auto=True, rng=random.Random(2))
    j = Library().new_game(eng, h)
    assert j.lock.held and RecordLock(j.path).acquire() is False
    j.close()
    assert RecordLock(j.path).acquire() is True


def test_games_cli_lists_the_library_with_damaged_ones(home):
    p = _game(home)
    bad = p.with_name("20261102-100000-may_i-bbbbbb.jsonl")
    bad.write_text('{"format": "table-app-record", "version": 1, "variant": "may_i", '
                   '"players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "ai", '
                   '"level": "oracle"}, {"name": "C", "kind": "ai"}]}\n')
    rc, out, err = run_cli("games", "--json")
    assert rc == 0
    games = json.loads(out)["games"]
    assert [g["status"] for g in games] == ["damaged", "unfinished"]
    d, u = games
    assert d["file"].startswith(bad.name + ".bad-") and "line 1" in d["problem"]
    assert d["variant"] == "may_i" and [x.get("name") for x in d["players"]] == ["A", "B", "C"]
    assert u["file"] == p.name and u["variant"] == "may_i" and u["problem"] is None
    assert u["players"][1] == {"name": "Ada", "kind": "ai", "level": "normal"}
    assert u["result"] is None and u["practice"] is False and u["when"]
    assert "moved to" in err                                  # said once, on stderr
    rc, out, err = run_cli("games")
    assert rc == 0 and "2 games" in out and "1 damaged" in out and "level" in out
    assert err == ""                                         # nothing moved again


def test_games_is_in_the_help_and_the_readme():
    p = subprocess.run([sys.executable, "-m", "table_app", "--help"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert "games" in p.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "table-app games [--json]" in readme and "### A damaged file" in readme


def test_simulate_records_seat_only_the_apps_levels(tmp_path):
    from table_app.ai.simulate import play_game
    path = tmp_path / "g.jsonl"
    play_game("may_i", ["random", "oracle", "normal"], seed=3, save_path=path, max_actions=200)
    players = json.loads(path.read_text().splitlines()[0])["players"]
    assert [p["level"] for p in players] == ["easy", "hard", "normal"]
    assert [p.get("benchmark") for p in players] == ["random", "oracle", None]
    rc, out, err = run_cli("verify", path)
    assert rc == 0, err


def test_a_redo_stack_the_rules_refuse_is_dropped_at_resume(home):
    import random

    from table_app.engine.record import engine_for, make_header
    from table_app.headless import players_for, step
    from table_app.storage import Library, resume_game
    h = make_header("may_i", players_for(4), seed=5)
    eng = engine_for(h, auto=True, rng=random.Random(5))
    j = Library().new_game(eng, h)
    r = random.Random(5)
    while not (eng.to_act()[0] == 0 and eng.can_undo(0) and len(eng.log) > 30):
        step(eng, r)
    assert eng.undo(0)
    j.close()
    res = resume_game(j.path)
    assert res.redo > 0                        # the record's own redo stack comes back
    res.journal.close()
    lines = j.path.read_text().splitlines()
    undo = json.loads(lines[-1])
    assert undo["type"] == "x-undo" and undo["redo"]
    undo["redo"][0]["event"] = {"type": "discard", "player": 2, "card": "7S"}   # not theirs
    lines[-1] = json.dumps(undo)
    j.path.write_text("\n".join(lines) + "\n")
    res = resume_game(j.path)
    assert res.redo == 0 and not res.engine.can_redo()
    res.journal.close()


@pytest.mark.parametrize("lang,word", [("ru", "повреждена"), ("uk", "пошкоджена")])
def test_the_replays_list_says_why_a_game_is_damaged_in_the_language(home, lang, word):
    pytest.importorskip("pygame")
    from table_app.i18n import set_language
    from table_app.storage import games_dir
    from table_app.ui.app import App
    from table_app.ui.scenes.library import LibraryScene
    p = _game(home)
    (games_dir() / "20261102-000000-may_i-folder.jsonl").mkdir()
    lines = p.read_text().splitlines()
    lines[3] = lines[3][:10]                       # cut in the middle of the record
    (games_dir() / "20261103-000000-may_i-torn.jsonl").write_text("\n".join(lines) + "\n")
    app = App((1280, 800), headless=True, instant=True)
    try:
        set_language(lang)
        sc = app.push(LibraryScene())
        app.step(0.02)
        damaged = [t for t, g in zip(sc.items, sc.shown_games) if g.damaged]
        assert len(damaged) == 2 and all(word in t for t in damaged), damaged
        assert not any(x in t for t in damaged for x in ("not a regular", "line ", "JSON object"))
        assert sc.message and "could not" not in sc.message    # said, in the language
    finally:
        app.stack.clear()
        set_language("en")


def test_a_card_back_the_art_does_not_draw_is_a_bad_setting(home):
    pytest.importorskip("pygame")
    from table_app.storage import load_settings, settings_path
    from table_app.storage.settings import CARD_BACKS
    from table_app.ui.cardart import BACK_STYLES
    assert tuple(CARD_BACKS) == tuple(BACK_STYLES)
    p = settings_path(create_dir=True)
    p.write_text(json.dumps({"card_back": "gold"}))
    s, msgs = load_settings()
    assert s.card_back == "blue" and "card_back" in msgs[0]


def test_a_record_seats_exactly_the_levels_the_picker_offers():
    from table_app.ai import BENCH_LEVELS
    from table_app.ai import LEVELS as AI_LEVELS
    from table_app.engine.record import RECORD_LEVELS
    from table_app.storage.settings import AI_LEVELS as SETTINGS_LEVELS
    assert tuple(RECORD_LEVELS) == tuple(AI_LEVELS) == tuple(SETTINGS_LEVELS)
    assert "oracle" in BENCH_LEVELS and "oracle" not in RECORD_LEVELS
    pytest.importorskip("pygame")
    from table_app.ui.table.session import LEVELS as PICKER_LEVELS
    assert tuple(PICKER_LEVELS) == tuple(RECORD_LEVELS)


def test_an_x_event_or_an_unknown_event_with_a_long_type_is_refused_in_few_words(tmp_path):
    lines = (ROOT / "tests" / "records" / "may_i_buys_and_layoff.jsonl").read_text().splitlines()
    for bad, want in (({"type": "x-" + "n" * 100_000}, "x- event's 'type'"),
                      ({"type": "q" * 100_000}, "unknown event type")):
        p = tmp_path / "r.jsonl"
        p.write_text("\n".join(lines + [json.dumps(bad)]) + "\n")
        rc, out, err = run_cli("verify", p)
        assert rc == 2 and want in err and len(err) < 300, err[:300]



def _break_last_play(path: Path) -> int:
    """Give the record's last action (before its derived deal and game ends) to a seat
    whose turn it is not.  Returns its line (1-based)."""
    from tests.helpers.records import write_lines
    ev = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    k = max(i for i, o in enumerate(ev) if "player" in o and o.get("type") not in
            ("deal_end", "game_end"))
    ev[k]["player"] = (ev[k]["player"] + 1) % len(ev[0]["players"])
    write_lines(path, ev)
    return k + 1


def test_a_record_the_rules_refuse_is_listed_damaged_before_anyone_opens_it(home):
    """A finished game whose lines all parse but whose last play the rules refuse (a seat
    whose turn it is not) is judged when the library lists it: damaged, with the line and
    the rule, moved aside once, and not counted in the statistics; the good game beside
    it stays listed and counted.  An index entry written by the older reader, which did
    not replay, is judged again."""
    from table_app.storage import Library, games_dir, paths
    from tests.helpers.records import bad_files
    good = games_dir() / "20261101-100000-michigan-aaaaaa.jsonl"
    bad = games_dir() / "20261102-100000-michigan-bbbbbb.jsonl"
    play_record(good, "michigan", seed=5, actions=None, n=3, created="2026-11-01T10:00:00Z")
    play_record(bad, "michigan", seed=6, actions=None, n=3, created="2026-11-02T10:00:00Z")
    line = _break_last_play(bad)
    games = {g.id.split(".jsonl")[0]: g for g in Library().games()}
    assert set(games) == {good.stem, bad.stem}
    g = games[bad.stem]
    assert g.damaged and g.status == "damaged" and not g.finished
    assert f"line {line}:" in g.problem and "refused" in g.problem
    assert g.refusal is not None and g.refusal["rule"].startswith("MG-")
    assert len(bad_files(games_dir())) == 1 and not bad.exists()
    assert games[good.stem].finished and not games[good.stem].damaged
    st = Library().statistics()
    assert st.counted == [good.name]
    idx = json.loads(paths.index_path().read_text(encoding="utf-8"))
    assert {e.get("checked") for e in idx["games"].values()} == {2}
    # the older reader's entry (no "checked") of a record that now breaks the rules
    _break_last_play(good)
    stat = good.stat()
    idx["games"][good.name].update(size=stat.st_size, mtime_ns=stat.st_mtime_ns)
    del idx["games"][good.name]["checked"]
    paths.index_path().write_text(json.dumps(idx), encoding="utf-8")
    assert [g.damaged for g in Library().games()] == [True, True]
    assert Library().statistics().counted == []


def test_a_new_game_leaves_an_untouched_game_open_in_another_copy_as_it_is(home):
    """Two copies: the game the other copy has open (no move of the player's yet) is not
    marked abandoned by a new game here; once that copy lets it go, it is."""
    from table_app.storage import Library
    from table_app.ui.table.session import GameSession
    s = GameSession("contract", 4, seed=5)
    if s.deal_due():
        s.deal_next()
    p = s.journal.path
    s.close()
    before = p.read_bytes()
    code = ("import sys; from table_app.storage import RecordLock; "
            "l = RecordLock(sys.argv[1]); print(l.acquire(), flush=True); "
            "sys.stdin.readline()")
    child = subprocess.Popen([sys.executable, "-c", code, str(p)], cwd=ROOT, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "True"
        assert Library().abandon_untouched() == []
        assert p.read_bytes() == before                      # nothing written under it
        assert [g.path for g in Library().unfinished_games()] == [p]
    finally:
        child.stdin.write("\n")
        child.stdin.close()
        child.wait(timeout=30)
        child.stdout.close()
    assert [g.path for g in Library().abandon_untouched()] == [p]
    assert Library().unfinished_games() == [] and p.read_bytes().startswith(before)
