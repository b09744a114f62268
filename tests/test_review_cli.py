"""``table-app review`` (issue 21): the coach on the command line, its JSON and text, and
the clear message with a non-zero exit for every file or argument it can't take."""
from __future__ import annotations

import json

import pytest

from tests.helpers.records import no_traceback, run_cli, write_lines


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    from table_app.ai.simulate import play_game
    path = tmp_path_factory.mktemp("rv") / "g.jsonl"
    play_game("contract", ["easy", "normal", "hard"], 5, save_path=path, budget_ms=20)
    return path


@pytest.fixture(scope="module")
def michigan(tmp_path_factory):
    from tests.helpers.records import michigan_review_game
    return michigan_review_game(tmp_path_factory.mktemp("rvm") / "m.jsonl")


def _lines(path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_json_lists_every_decision_of_the_seat(record):
    rc, out, err = run_cli("review", record, "--seat", "2", "--deal", "1", "--worlds", "3",
                           "--json")
    assert rc == 0 and no_traceback(err), err
    j = json.loads(out)
    assert set(j) == {"seat", "decisions", "points_lost_total", "budget_ms", "deal_budget_ms",
                      "min_worlds", "cpu_s", "cpu_ms_a_decision"} and j["seat"] == 2
    objs = _lines(record)
    assert j["decisions"]
    for d in j["decisions"]:
        assert {"line", "deal", "played", "better", "points_lost", "reason"} <= set(d)
        ev = objs[d["line"] - 1]                       # the file's line, from 1
        assert ev["player"] == 1 and d["deal"] == 1    # seat 2 = the record's player 1
        assert isinstance(d["played"], str) and isinstance(d["reason"], str)
        assert d["points_lost"] >= 0 and (d["better"] is None) == (d["points_lost"] == 0)
        assert d["worlds"] == 1 or d["worlds"] == 3    # (half of 3 with a choice to make)
    assert j["points_lost_total"] == pytest.approx(sum(d["points_lost"] for d in j["decisions"]),
                                                   abs=0.05)
    # the same seed, the same review (all but the CPU it took)
    again = json.loads(run_cli("review", record, "--seat", "2", "--deal", "1", "--worlds", "3",
                               "--json")[1])
    assert _no_cpu(again) == _no_cpu(j)


def _no_cpu(j):
    drop = ("cpu_s", "cpu_ms_a_decision", "cpu_ms")
    return {k: ([_no_cpu(d) for d in v] if k == "decisions" else v)
            for k, v in j.items() if k not in drop}


def test_a_small_budget_is_a_floor_of_worlds_said_in_help_and_json(record):
    """--budget-ms 1: each decision still plays MIN_WORLDS worlds; --help says so and the
    JSON says the budget asked and the CPU used (defect: an undocumented 1.3 s floor)."""
    from table_app.ai.review import MIN_WORLDS
    rc, out, err = run_cli("review", record, "--seat", "1", "--deal", "1", "--budget-ms", "1",
                           "--json")
    assert rc == 0, err
    j = json.loads(out)
    assert j["budget_ms"] == 1.0 and j["deal_budget_ms"] is None
    assert j["min_worlds"] == MIN_WORLDS == 6
    assert j["cpu_s"] > 0 and j["cpu_ms_a_decision"] == pytest.approx(
        j["cpu_s"] * 1000 / len(j["decisions"]), abs=0.1)
    for d in j["decisions"]:
        assert d["budget_ms"] == 1.0 and d["cpu_ms"] >= 0
        # a choice to make: at least MIN_WORLDS worlds (measured on half of them)
        assert d["worlds"] == 0 or d["worlds"] >= MIN_WORLDS // 2, d
    rc, out, err = run_cli("review", record, "--seat", "1", "--deal", "1", "--budget-ms", "1")
    head = out.splitlines()[0]
    assert "1 ms a decision asked" in head and "ms used, at least 6 worlds each" in head, head
    # the default budget: 250 a decision, 8000 a deal
    j = json.loads(run_cli("review", record, "--seat", "1", "--deal", "1", "--worlds", "2",
                           "--json")[1])
    assert j["budget_ms"] == 250.0 and j["deal_budget_ms"] == 8000.0


def test_text_lists_the_costliest_five(michigan):
    rc, out, err = run_cli("review", michigan, "--seat", "1", "--worlds", "40")
    assert rc == 0 and no_traceback(out + err)
    head, *rest = out.splitlines()
    assert "player 1 (Easy 1)" in head and "chips lost" in head and "decisions reviewed" in head
    entries = [x for x in rest if x.startswith("  line ")]
    assert 1 <= len(entries) <= 5, out          # easy's whims cost chips
    lost = [float(x.split("; lost ")[1].split()[0]) for x in entries]
    assert lost == sorted(lost, reverse=True)
    assert all("better: lead" in x and "worlds)" in x for x in entries)
    j = json.loads(run_cli("review", michigan, "--seat", "1", "--worlds", "40", "--json")[1])
    assert sum(1 for d in j["decisions"] if d["mistake"]) >= len(entries)


def test_help_says_what_it_does():
    import contextlib
    import io

    from table_app.cli import main
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), pytest.raises(SystemExit):
        main(["review", "--help"])
    text = buf.getvalue()
    for word in ("--seat", "--deal", "--budget-ms", "--json", "95%", "points_lost_total",
                 "never the other hands", "at least 6 worlds whatever the budget",
                 "cpu_ms_a_decision"):
        assert word in " ".join(text.split()), word


@pytest.mark.parametrize("data", [b"", b"\n\n", b"null\n", b"[]\n", b'{"format": 1}\n',
                                  b"\x00" * 64, b"[" * 100_000, b"\xff\xfe\n",
                                  b'{"format": "table-app-record", "version": 1e999}\n'])
def test_damaged_files_get_a_message_not_a_traceback(tmp_path, data):
    p = tmp_path / "bad.jsonl"
    p.write_bytes(data)
    for extra in ((), ("--json",)):
        rc, out, err = run_cli("review", p, *extra)
        assert rc == 2 and no_traceback(out + err), (out, err)
        msg = json.loads(out)["error"]["message"] if extra else err
        assert str(p) in msg and "line" in msg or "not" in msg, msg


def test_paths_and_arguments_it_cannot_take(tmp_path, record):
    cases = [((tmp_path / "missing.jsonl",), "No such file"),
             ((tmp_path,), "not a regular file"),
             ((record, "--seat", "4"), f"{record}: the record has no player 4 (players 1 to 3)"),
             ((record, "--seat", "0"), f"{record}: the record has no player 0"),
             ((record, "--deal", "99"), f"{record}: the record has no deal 99 (deals 1 to "),
             ((record, "--budget-ms", "0"), "--budget-ms"),
             ((record, "--worlds", "1"), "--worlds")]
    for args, words in cases:
        rc, out, err = run_cli("review", *args)
        assert rc == 2 and words in err and no_traceback(out + err), (args, err)


def test_a_record_that_breaks_a_rule_is_named_as_verify_names_it(tmp_path, record):
    objs = _lines(record)
    k = next(i for i, o in enumerate(objs) if o.get("type") == "discard")
    objs[k]["card"] = "JK" if objs[k]["card"] != "JK" else "2C"
    bad = write_lines(tmp_path / "broken.jsonl", objs)
    rc, out, err = run_cli("review", bad)
    assert rc == 1 and no_traceback(out + err)
    vrc, vout, _ = run_cli("verify", bad)
    # verify's words, with the file named as it was given (defect: the name was lost)
    assert vrc == 1 and err == f"table-app review: {bad}: {vout.strip()}\n"
    assert len(err.splitlines()) == 1 and "line " in err and "(CF-" in err
    rc, out, err = run_cli("review", bad, "--json")
    assert rc == 1 and json.loads(out)["error"]["message"] == f"{bad}: {vout.strip()}"


def test_a_record_with_no_deal(tmp_path, record):
    p = write_lines(tmp_path / "h.jsonl", _lines(record)[:1])
    rc, out, err = run_cli("review", p)
    assert rc == 2 and "no deal" in err


def _seat_reasons(monkeypatch):
    """Every decision reviewed gets a reason about seat 3 (index 2) as the review makes
    it, from the seat's observation (``ai.review.review_state`` stood in for: what is
    tested is that the record's names reach the reasons)."""
    import table_app.ai.review as rv
    from table_app.core.cards import parse_face
    from table_app.core.messages import Message
    real = rv.review_state

    def state(rules, st, seat, played, **kw):
        d = real(rules, st, seat, played, **kw)
        d.reason = Message("rv_kept_high", card=parse_face("KS"), n2=2, seat=2, amount="3.0", n=kw.get("worlds") or 1)
        return d
    monkeypatch.setattr(rv, "review_state", state)


def test_the_reasons_name_the_seat_from_the_records_header(record, monkeypatch):
    from table_app.ai.review import review_record
    from table_app.engine.record import read_record
    _seat_reasons(monkeypatch)
    rec = read_record(record)
    name = rec.players[2]["name"]
    rv = review_record(rec, 0, 1, worlds=2)
    assert rv.decisions and all(d.reason.id == "rv_kept_high_named"
                                and d.reason.params["name"] == name for d in rv.decisions)
    j = json.loads(run_cli("review", record, "--seat", "1", "--deal", "1", "--worlds", "2",
                           "--json")[1])
    assert j["decisions"] and all(d["reason"].startswith(f"kept K♠ with {name} down on 2 cards")
                                  for d in j["decisions"])
    rc, out, _err = run_cli("review", record, "--seat", "1", "--deal", "1", "--worlds", "2")
    assert rc == 0 and "a player down" not in out
