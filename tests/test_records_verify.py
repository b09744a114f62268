"""Game records and ``table-app verify`` (RECORD_FORMAT.md): the public acceptance
records and the project's own golden records give the expected exit status and JSON."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from table_app.cli import main
from tests.helpers.paths import ACCEPTANCE, RECORDS, SHARED


def subset(exp, got):
    """The acceptance checker's rule: expected keys match (numbers as exact fractions)."""
    if isinstance(exp, dict):
        return isinstance(got, dict) and all(k in got and subset(v, got[k]) for k, v in exp.items())
    if isinstance(exp, list):
        return isinstance(got, list) and len(exp) == len(got) and all(subset(a, b) for a, b in zip(exp, got))
    if isinstance(exp, str) and isinstance(got, (str, int)):
        try:
            return Fraction(exp) == Fraction(str(got))
        except ValueError:
            return exp == got
    return exp == got


def run_verify(path, capsys, *flags):
    code = main(["verify", *flags, str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def check_record(path: Path, capsys):
    exp = json.loads(path.with_name(path.name[:-6] + ".expected.json").read_text())
    code, out, err = run_verify(path, capsys, "--json")
    assert "Traceback" not in out + err
    want = exp.get("exit", 0)
    assert code == want, out + err
    if want == 0:
        assert subset(exp, json.loads(out)), out
    elif want == 1:
        got = json.loads(out)["error"]
        assert got["rule"] in exp["rules"] and isinstance(got["line"], int)
        assert f"line {got['line']}:" in got["message"] and f"({got['rule']})" in got["message"]
    else:
        assert len(out.strip().splitlines()) == 1 and "error" in json.loads(out)
        code2, out2, err2 = run_verify(path, capsys)
        assert code2 == 2 and len((out2 + err2).strip().splitlines()) == 1
        assert "line" in err2


OWN = sorted(RECORDS.glob("*.jsonl"))


@pytest.mark.parametrize("path", OWN, ids=[p.stem for p in OWN])
def test_golden_records(path, capsys):
    check_record(path, capsys)


def test_golden_records_exist():
    names = {p.stem for p in OWN}
    assert {"may_i_buys_and_layoff", "contract_call_layoff_swap", "mexican_round7_whole_hand",
            "may_i_layoff_on_going_down_turn", "torn_last_line", "short_deck"} <= names


@pytest.mark.parametrize("name", ["may_i_worked_example", "mexican_worked_example",
                                  "michigan_worked_example"])
def test_acceptance_records(name, acceptance_dir, capsys):
    check_record(acceptance_dir / f"{name}.jsonl", capsys)


def test_mexican_acceptance_scores(acceptance_dir, capsys):
    code, out, _ = run_verify(acceptance_dir / "mexican_worked_example.jsonl", capsys, "--json")
    got = json.loads(out)
    assert code == 0 and got["deals"] == [{"round": 2, "winner": 1, "scores": [60, 0]}]
    assert got["totals"] == [60, 0] and got["finished"] is False


def test_human_readable_refusal(capsys):
    code, out, err = run_verify(RECORDS / "may_i_layoff_on_going_down_turn.jsonl", capsys)
    assert code == 1
    assert out.strip() == ("line 18: lay_off by seat 2 refused: You can't lay off on the turn "
                           "you go down (MI-4)")


def test_missing_file_and_binary_garbage(tmp_path, capsys):
    code, out, err = run_verify(tmp_path / "nope.jsonl", capsys)
    assert code == 2 and "cannot read" in err and len(err.strip().splitlines()) == 1
    p = tmp_path / "garbage.jsonl"
    p.write_bytes(b"\xff\xfe\x00garbage")
    code, out, err = run_verify(p, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    p.write_text("")
    assert run_verify(p, capsys)[0] == 2
    p.write_text('{"format": "table-app-record", "version": 1, "variant": "chess", "players": [{}]}\n')
    code, out, err = run_verify(p, capsys)
    assert code == 2 and "unknown variant" in err


def test_x_events_are_kept_and_ignored(tmp_path, capsys):
    src = (RECORDS / "may_i_buys_and_layoff.jsonl").read_text().splitlines()
    lines = src[:5] + ['{"type": "x-note", "text": "hello"}'] + src[5:] + ['{"type": "x-undo", "at": 3}']
    p = tmp_path / "x.jsonl"
    p.write_text("\n".join(lines) + "\n")
    code, out, _ = run_verify(p, capsys, "--json")
    assert code == 0 and json.loads(out)["to_act"] == {"player": 3, "phase": "draw"}


def test_roles_may_be_left_out_and_record_may_start_at_any_round(capsys):
    text = (RECORDS / "mexican_round7_whole_hand.jsonl").read_text()
    assert '"round": 7' in text.splitlines()[1] and '"roles"' not in text


@pytest.mark.skipif(not (SHARED / "hooks" / "check_acceptance.py").exists(),
                    reason="../shared/hooks/check_acceptance.py is not beside the checkout")
def test_installed_command_passes_the_acceptance_checker(tmp_path):
    exe = tmp_path / "table-app"
    exe.write_text(f"#!/bin/sh\nexec {sys.executable} -m table_app \"$@\"\n")
    exe.chmod(0o755)
    p = subprocess.run([sys.executable, str(SHARED / "hooks" / "check_acceptance.py"), str(exe),
                        str(ACCEPTANCE), str(RECORDS)], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.strip().splitlines()[-1].endswith("records as expected")


def test_old_versions_are_upgraded_through_the_hook(monkeypatch):
    """A record of an older version is read through UPGRADES[v] (v -> v+1), in order."""
    from table_app.engine import record as R
    calls = []

    def up1(header, events):
        calls.append(len(events))
        return dict(header, upgraded=True), [dict(e, note="v2") if e.get("type") == "x-old" else e
                                             for e in events]
    monkeypatch.setattr(R, "VERSION", 2)
    monkeypatch.setitem(R.UPGRADES, 1, up1)
    lines = (RECORDS / "may_i_buys_and_layoff.jsonl").read_text().splitlines()
    lines.append('{"type": "x-old"}')
    rec = R.parse_lines(lines)
    assert calls == [len(lines) - 1]
    assert rec.header["version"] == 2 and rec.header["upgraded"] is True
    assert rec.events[-1].to_json() == {"type": "x-old", "note": "v2"}
    assert rec.lines[-1] == len(lines)
    R.replay(rec)


def _lines(name):
    return (RECORDS / name).read_text(encoding="utf-8").splitlines()


def _verify_text(tmp_path, capsys, lines, *flags, raw=None):
    p = tmp_path / "r.jsonl"
    p.write_text(raw if raw is not None else "\n".join(lines) + "\n", encoding="utf-8")
    return run_verify(p, capsys, *flags)


def test_a_second_game_end_is_an_event_after_the_end(tmp_path, capsys):
    # RECORD_FORMAT/issue: events after the game's end are not a record (exit 2)
    lines = _lines("mexican_event_after_end.jsonl")[:-1]   # ends with game_end
    assert json.loads(lines[-1])["type"] == "game_end"
    assert _verify_text(tmp_path, capsys, lines)[0] == 0
    n = len(lines) + 1
    code, out, err = _verify_text(tmp_path, capsys, lines + [lines[-1]])
    assert code == 2 and f"line {n}: game_end event after the end of the game" in err
    code, out, err = _verify_text(tmp_path, capsys, lines + [lines[-2]])   # a deal_end
    assert code == 2 and f"line {n}: deal_end event after the end of the game" in err
    # extensions may still follow
    assert _verify_text(tmp_path, capsys, lines + ['{"type": "x-note", "text": "gg"}'])[0] == 0


def test_blank_lines_and_a_bom_are_not_a_record(tmp_path, capsys):
    lines = _lines("mexican_event_after_end.jsonl")[:-1]
    code, out, err = _verify_text(tmp_path, capsys, lines[:2] + [""] + lines[2:])
    assert code == 2 and "line 3: a blank line" in err and len(err.strip().splitlines()) == 1
    code, out, err = _verify_text(tmp_path, capsys, lines, "--json")
    assert code == 0
    # blank lines at the very end are only the end of the file
    assert _verify_text(tmp_path, capsys, None, raw="\n".join(lines) + "\n\n\n")[0] == 0
    code, out, err = _verify_text(tmp_path, capsys, None, raw="\ufeff" + "\n".join(lines) + "\n")
    assert code == 2 and "line 1:" in err and "byte-order mark" in err


def test_a_header_only_record_has_no_deal_yet(tmp_path, capsys):
    lines = _lines("mexican_event_after_end.jsonl")[:1]
    code, out, err = _verify_text(tmp_path, capsys, lines)
    assert code == 0 and "no deal yet" in out and "game is over" not in out
    code, out, err = _verify_text(tmp_path, capsys, lines, "--json")
    got = json.loads(out)
    assert got["finished"] is False and got["deals"] == [] and "to_act" not in got
