"""Failures are caught only where they can really happen, and a broad catch logs the
traceback (issue 20): the rules core and the AI catch no ``Exception`` at all; storage's
few broad catches (a file of any shape never stops the app) log with the traceback."""
from __future__ import annotations

import ast
import json
import logging
from pathlib import Path

import pytest

from table_app.core.actions import Discard
from table_app.engine.engine import Engine
from table_app.storage import resume, settings
from table_app.storage.lock import RecordLock
from table_app.variants import find_variant

PKG = Path(__file__).resolve().parents[1] / "table_app"


def _broad_handlers(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and (
                node.type is None
                or (isinstance(node.type, ast.Name) and node.type.id == "Exception")):
            yield node


def _logs_traceback(handler: ast.ExceptHandler) -> bool:
    for n in ast.walk(handler):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr == "exception":
                return True
            if any(k.arg == "exc_info" for k in n.keywords):
                return True
    return False


def test_no_broad_catch_in_the_rules_core_or_the_ai_and_storage_logs_the_traceback():
    bad = [f"{f.relative_to(PKG)}:{h.lineno}" for sub in ("core", "variants", "engine", "ai")
           for f in (PKG / sub).rglob("*.py") for h in _broad_handlers(f)]
    assert not bad, bad
    found = [(f, h) for f in (PKG / "storage").rglob("*.py") for h in _broad_handlers(f)]
    assert found  # (the library and the journal keep a few: one file never stops the app)
    bad = [f"{f.relative_to(PKG)}:{h.lineno}" for f, h in found if not _logs_traceback(h)]
    assert not bad, bad


def test_a_settings_file_of_an_unforeseen_shape_is_set_aside_and_the_traceback_logged(
        tmp_path, monkeypatch, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "table-app-settings", "version": 1}), encoding="utf-8")

    def broken(obj):
        raise RuntimeError("a validator bug")
    monkeypatch.setattr(settings, "settings_from_json", broken)
    with caplog.at_level(logging.ERROR, logger="table_app.storage.settings"):
        s, messages = settings.load_settings(path)
    assert s == settings.Settings()
    assert len(messages) == 1 and "not a settings file (RuntimeError)" in messages[0]
    rec = [r for r in caplog.records if r.name == "table_app.storage.settings"]
    assert rec and rec[0].exc_info is not None and "a validator bug" in str(rec[0].exc_info[1])


def test_a_redo_stack_the_rules_refuse_is_dropped_but_a_bug_in_the_rules_is_not_swallowed(
        monkeypatch):
    eng = Engine(find_variant("may_i")({}), 4, seed=3)
    eng.deal_next()
    seat = eng.to_act()[0]
    # refused (not this seat's turn): no redo, quietly
    assert resume._redo_plays(eng, [(Discard((seat + 1) % 4, 0), False)]) is False

    def bug(state, event):
        raise TypeError("a bug in the rules")
    monkeypatch.setattr(eng.rules, "check", bug)
    with pytest.raises(TypeError, match="a bug in the rules"):
        resume._redo_plays(eng, [(Discard(seat, 0), False)])


def test_a_lock_release_that_fails_in_the_os_is_logged_and_a_bug_is_not_swallowed(
        tmp_path, caplog):
    rec = tmp_path / "g.jsonl"
    rec.write_text("", encoding="utf-8")

    class Failing:
        def __init__(self, exc):
            self.exc = exc

        def release(self):
            raise self.exc

    lk = RecordLock(rec)
    lk._lock = Failing(OSError(5, "Input/output error"))
    with caplog.at_level(logging.WARNING, logger="table_app.storage.lock"):
        lk.release()
    assert any("releasing the lock" in r.getMessage() for r in caplog.records)
    lk._lock = Failing(TypeError("a bug"))
    with pytest.raises(TypeError):
        lk.release()
