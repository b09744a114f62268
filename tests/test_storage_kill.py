"""Crash safety: a headless game (``python -m table_app.headless``) is killed with SIGKILL
at random points many times and resumed each time.  Nothing the process reported as saved
is lost, every interrupted record reads and replays, and the final record verifies and
starts with every prefix that was on disk at a kill."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from table_app.engine.record import read_record, replay

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def _disk_events(path: Path) -> list[dict]:
    """The events on disk, dropping a torn last line (as resume does)."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").split("\n")
    out = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except ValueError:
            assert i == len(lines) - 1, f"a torn line in the middle of the record (line {i + 1})"
    return out[1:]


def _run(cmd, env, rnd: random.Random, kill_after: int | None, timeout: float = 60.0):
    """Start the game; with ``kill_after``, SIGKILL it once it has reported that many more
    events saved (after a short random pause, so the kill lands anywhere).  Returns
    ``(last reported count, killed)``."""
    p = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    last, first, killed = 0, None, False
    deadline = time.monotonic() + timeout
    try:
        for line in p.stdout:
            line = line.strip()
            if not line.isdigit():
                continue
            last = int(line)
            first = last if first is None else first
            if kill_after is not None and last - first >= kill_after:
                time.sleep(rnd.choice((0, 0, 0.0005, 0.002, 0.01)))
                p.send_signal(signal.SIGKILL)
                killed = True
                break
            assert time.monotonic() < deadline, "the headless game took too long"
    finally:
        if not killed and kill_after is not None:
            pass
        p.wait(timeout=30)
        err = p.stderr.read()
        p.stdout.close()
        p.stderr.close()
    if killed:
        assert p.returncode == -signal.SIGKILL
    else:
        assert p.returncode == 0, err
    return last, killed


def _cmd(record: Path, max_events: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "table_app.headless", "--variant", "may_i", "--seed", "42",
            "--record", str(record), "--max-events", str(max_events), "--progress", *extra]


@pytest.mark.slow
def test_kill_minus_9_many_times_and_resume(tmp_path):
    home = tmp_path / "home"
    record = home / "game.jsonl"
    env = {**os.environ, "TABLE_APP_HOME": str(home)}
    rnd = random.Random(20261130)
    max_events = 1200
    prefixes: list[list[dict]] = []
    for _ in range(15):
        reported, killed = _run(_cmd(record, max_events), env, rnd, rnd.randint(3, 60))
        on_disk = _disk_events(record)
        # the process only reports an event once the journal has fsynced it
        assert len(on_disk) >= reported
        rec = read_record(record, drop_torn_tail=True)  # reads after every kill
        assert [e.to_json() for e in rec.events] == on_disk
        prefixes.append(on_disk)
        if not killed:
            break
    assert len(prefixes) >= 10 and len({len(p) for p in prefixes}) >= 10  # random points
    _run(_cmd(record, max_events), env, rnd, None)
    final = read_record(record)  # no torn line: a valid record
    eng = replay(final)  # verifies: every event legal
    assert len(eng.log) >= max_events
    final_json = [e.to_json() for e in final.events]
    for pre in prefixes:
        assert final_json[: len(pre)] == pre  # nothing that was on disk was lost
    # the part played before the first kill equals an uninterrupted run with the seed
    other = tmp_path / "other"
    env2 = {**os.environ, "TABLE_APP_HOME": str(other)}
    _run(_cmd(other / "game.jsonl", len(prefixes[0])), env2, rnd, None)
    assert _disk_events(other / "game.jsonl")[: len(prefixes[0])] == prefixes[0]
    # and the rest is what a single run from the last kill's prefix plays
    last = prefixes[-1]
    third = tmp_path / "third"
    (third).mkdir()
    lines = record.read_text(encoding="utf-8").split("\n")
    (third / "game.jsonl").write_text("\n".join(lines[: 1 + len(last)]) + "\n", encoding="utf-8")
    env3 = {**os.environ, "TABLE_APP_HOME": str(third)}
    _run(_cmd(third / "game.jsonl", max_events), env3, rnd, None)
    assert _disk_events(third / "game.jsonl") == final_json


@pytest.mark.slow
def test_kill_minus_9_during_undo_and_redo(tmp_path):
    """With undos (atomic rewrites) and redos in the mix, every interrupted record still
    reads and replays, and resume goes on from it."""
    home = tmp_path / "home"
    record = home / "game.jsonl"
    env = {**os.environ, "TABLE_APP_HOME": str(home)}
    rnd = random.Random(7)
    max_events = 500
    kills = 0
    for _ in range(6):
        reported, killed = _run(_cmd(record, max_events, "--undo-rate", "0.15"), env, rnd,
                                rnd.randint(3, 40))
        if not killed:
            break
        kills += 1
        rec = read_record(record, drop_torn_tail=True)
        replay(rec)
        # an undo may shorten the file between the report and the kill, so the count
        # reported is not a lower bound here; the record must still start with its deal
        assert rec.events and rec.events[0].type == "deal" and reported > 0
    assert kills >= 4
    _run(_cmd(record, max_events, "--undo-rate", "0.15"), env, rnd, None)
    final = read_record(record)
    replay(final)
    assert any(e.to_json().get("type") == "x-undo" for e in final.events)
