"""The replay viewer's model (no window): every acceptance and test record opened,
stepped to the end and back with the scores checked against the record's ``deal_end``
lines, the seat texts never naming a hidden card, undo marks, jumps, a record that
breaks a rule, files that are not records, and play-on-from-here prefixes."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from table_app.core.actions import DealEnd
from table_app.core.cards import face_pretty
from table_app.core.errors import RecordError
from table_app.engine.record import read_record, replay
from table_app.ui.replay_model import ReplayModel, catch_up, ext_type

RECORDS = Path(__file__).resolve().parent / "records"
NOT_RECORDS = ("foreign_file", "newer_version")


def record_files(acceptance_dir=None):
    files = sorted(RECORDS.glob("*.jsonl"))
    if acceptance_dir is not None:
        files = sorted(Path(acceptance_dir).glob("*.jsonl")) + files
    return files


def expected(path: Path) -> dict:
    p = path.with_name(path.name[:-len(".jsonl")] + ".expected.json")
    return json.loads(p.read_text()) if p.exists() else {}


def check_scores_at_deal_ends(m: ReplayModel) -> int:
    """At the position just after every ``deal_end`` the shown scores are the record's:
    Michigan balances as written; contract-family totals = the sum of the deals' scores
    (rounds before the record's first deal count as not played)."""
    running = [0] * m.num_players
    n = 0
    for i, ev in enumerate(m.events[:m.end]):
        if not isinstance(ev, DealEnd):
            continue
        m.seek(i + 1)
        shown = m.score_values()
        if m.spec.layout:
            assert shown == [Fraction(b) for b in ev.balances], (i, shown, ev.balances)
            assert m.scores() == [_chips(b) for b in ev.balances]
        else:
            running = [a + b for a, b in zip(running, ev.scores)]
            assert shown == running, (i, shown, running)
            assert m.results()[-1].scores == tuple(ev.scores)
        n += 1
    return n


def _chips(b: str) -> str:
    x = Fraction(b)
    if x.denominator == 1:
        return f"{x.numerator:+d}" if x else "0"
    return ("+" if x > 0 else "") + f"{x.numerator}/{x.denominator}"


def open_all(acceptance_dir):
    for f in record_files(acceptance_dir):
        if any(f.name.startswith(x) for x in NOT_RECORDS):
            continue
        yield f, ReplayModel.open(f)


def test_every_record_opens_steps_to_the_end_and_back(acceptance_dir):
    seen = 0
    for f, m in open_all(acceptance_dir):
        seen += 1
        m.to_start()
        assert m.pos == 0
        texts = []
        while not m.at_end:
            m.step(1)
            texts.append(m.text(m.current_index()))
            m.observe(0)
        assert m.pos == m.end and len(texts) == m.end
        assert all(texts), f
        while m.pos > 0:
            m.step(-1)
        assert m.pos == 0
        check_scores_at_deal_ends(m)
        exp = expected(f)
        m.to_end()
        if "deals" in exp:
            want = exp["deals"]
            got = [{"round": r.round, "winner": r.winner} for r in m.results()]
            assert got == [{"round": d["round"], "winner": d["winner"]} for d in want], f
        if "totals" in exp:
            assert m.score_values() == exp["totals"], f
        if "balances" in exp:
            assert m.score_values() == [Fraction(b) for b in exp["balances"]], f
    assert seen >= 12


def test_acceptance_scores_match_their_deal_ends(acceptance_dir):
    """The worked examples carry no ``deal_end`` lines (they are optional in a hand-made
    file): their expected ``verify`` deals are the deal ends.  Where a deal ends, the
    shown scores or chips are those."""
    n = 0
    for f in sorted(Path(acceptance_dir).glob("*.jsonl")):
        m = ReplayModel.open(f)
        assert m.problem is None
        deals = expected(f).get("deals", [])
        running = [0] * m.num_players
        k = 0
        for pos in range(1, m.end + 1):
            if len(m.states[pos].results) == len(m.states[pos - 1].results) + 1:
                d = deals[k]
                k += 1
                m.seek(pos)
                if m.spec.layout:
                    assert m.score_values() == [Fraction(b) for b in d["balances"]], f
                else:
                    running = [a + b for a, b in zip(running, d["scores"])]
                    assert m.score_values() == running, f
                    assert m.scores() == [str(x) for x in running]
        assert k == len(deals), f
        n += k
    assert n >= 2  # the Mexican and Michigan worked examples end a deal


def test_the_issue_wording_of_buys_and_going_down(acceptance_dir):
    m = ReplayModel.open(Path(acceptance_dir) / "may_i_worked_example.jsonl")
    texts = [m.text(i) for i in range(m.end)]
    assert "C buys 2♦ + penalty card Q♣" in texts
    assert "C goes down: 3♥–7♥, 8♥–J♥" in texts
    # seat 0 (A) did not see C's penalty card nor C's stock draw
    seat0 = [m.text(i, 0) for i in range(m.end)]
    assert "C buys 2♦ + penalty card" in seat0
    assert "C draws from the stock" in seat0
    assert "A draws 7♠ from the stock" in seat0


def test_seat_texts_never_name_a_hidden_card(acceptance_dir):
    for f, m in open_all(acceptance_dir):
        if m.spec.layout:
            continue
        for i in range(m.end):
            ev = m.events[i]
            p = getattr(ev, "player", None)
            if ev.type not in ("draw", "buy") or (ev.type == "draw" and ev.source == "discard"):
                continue
            before, after = m.states[i].hands[p], m.states[i + 1].hands[p]
            got = [c for c in after if c not in set(before)]
            hidden = got if ev.type == "draw" else [c for c in got if c >> 3 != m.states[i].discard[-1] >> 3]
            for v in range(m.num_players):
                t = m.text(i, v)
                if v == p:
                    continue
                for c in hidden:
                    assert face_pretty(c >> 3) not in t.split("+")[-1], (f, i, v, t)


def test_a_record_that_breaks_a_rule_stops_at_the_bad_event():
    m = ReplayModel.open(RECORDS / "may_i_layoff_on_going_down_turn.jsonl")
    assert m.problem is not None
    assert m.problem.line == 18 and m.problem.rule == "MI-4"
    assert m.end == m.problem.index == len(m.events) - 1
    assert "line 18" in m.problem.message and "MI-4" in m.problem.message
    assert m.kind(m.end) == "error"
    assert "MI-4" in m.text(m.end)
    # the states up to the bad event are all there
    assert len(m.states) == m.end + 1
    m2 = ReplayModel.open(RECORDS / "mexican_wrong_deal_end.jsonl")
    assert m2.problem.rule == "CF-15" and m2.problem.line == 5
    m4 = ReplayModel.open(RECORDS / "michigan_session_end.jsonl")
    assert m4.text(m4.end - 2) == "Deal 3 ends: C goes out · chips: A -30, B -1, C +19"
    assert m4.text(m4.end - 1) == "Game over: C wins · chips: A -26, B +3, C +23"
    m3 = ReplayModel.open(RECORDS / "mexican_event_after_end.jsonl")
    assert m3.problem.line == 7 and m3.game_over()


@pytest.mark.parametrize("name", NOT_RECORDS)
def test_a_file_that_is_not_a_record_is_one_line(name):
    with pytest.raises(RecordError) as ei:
        ReplayModel.open(RECORDS / f"{name}.jsonl")
    assert "\n" not in str(ei.value) and "line 1" in str(ei.value)


def test_not_a_file_and_not_json(tmp_path):
    with pytest.raises(RecordError):
        ReplayModel.open(tmp_path / "missing.jsonl")
    p = tmp_path / "x.jsonl"
    p.write_text("hello\n")
    with pytest.raises(RecordError):
        ReplayModel.open(p)


def test_a_torn_last_line_is_dropped_with_a_notice():
    m = ReplayModel.open(RECORDS / "torn_last_line.jsonl")
    assert m.notice and "cut off" in m.notice
    assert m.problem is None and m.end == len(m.events)


def test_deals_and_jumps():
    m = ReplayModel.open(RECORDS / "michigan_carry_over.jsonl")
    ds = m.deals()
    assert [r for _p, r in ds] == [1, 2]
    assert m.events[ds[1][0] - 1].type == "deal"
    m.to_deal(1)
    assert m.pos == ds[1][0] and m.deal_at() == 1
    m.prev_deal()
    assert m.pos == ds[0][0]
    m.next_deal()
    assert m.pos == ds[1][0]
    m.next_deal()
    assert m.at_end
    # the next decision of a seat: its action is then the event shown
    m.to_start()
    p = m.next_action(2)
    ev = m.events[p - 1]
    assert ev.player == 2 and not m.forced[p - 1]
    m.seek(p)
    q = m.next_action(2)
    assert q is None or q > p
    # Michigan's forced follows are not decisions
    assert any(m.forced[i] for i in range(m.end) if m.events[i].type == "play")


@pytest.fixture(scope="module")
def undo_record(tmp_path_factory):
    """An app-made 7-deal May I? record with undo marks (headless random play through the
    real autosave journal, undoing now and then)."""
    import os

    from table_app.headless import play
    d = tmp_path_factory.mktemp("undo")
    old = os.environ.get("TABLE_APP_HOME")
    os.environ["TABLE_APP_HOME"] = str(d / "home")
    try:
        r = play("may_i", 4, 5, record=d / "g.jsonl", undo_rate=0.05)
    finally:
        if old is None:
            os.environ.pop("TABLE_APP_HOME", None)
        else:
            os.environ["TABLE_APP_HOME"] = old
    assert r["finished"]
    return Path(r["path"])


@pytest.mark.slow
def test_undo_marks_and_a_seven_deal_game(undo_record):
    m = ReplayModel.open(undo_record)
    assert m.problem is None
    assert len(m.deals()) == 7
    marks = m.undo_marks()
    assert marks
    for i, n in marks:
        assert m.kind(i) == "undo"
        assert ext_type(m.events[i]) == "x-undo"
        assert m.text(i).startswith("Undo:") and str(n) in m.text(i)
    # what an undo took back, read from the mark's redo list
    assert any("(from “" in m.text(i) for i, _n in marks)
    assert check_scores_at_deal_ends(m) == 7
    m.to_end()
    assert m.game_over()
    assert m.can_play_on() == "The game is over at this point"


def _source_events(path: Path, n: int) -> list:
    return [e.to_json() for e in read_record(path).events[:n]]


@pytest.mark.parametrize("name,pos", [("may_i_buys_and_layoff", 16), ("michigan_carry_over", 20),
                                      ("michigan_carry_over", 37), ("contract_call_layoff_swap", 0)])
def test_play_on_keeps_the_source_prefix(tmp_path, name, pos):
    from table_app.storage import Library
    src = RECORDS / f"{name}.jsonl"
    m = ReplayModel.open(src)
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (m.num_players - 1)
    eng, header, at = m.play_on(pos, seats)
    assert at == max(pos, m.deals()[0][0])
    assert header["practice"] is True
    assert header["source"] == {"file": str(src), "event": at}
    assert [p["kind"] for p in header["players"]] == ["human"] + ["ai"] * (m.num_players - 1)
    assert [p["name"] for p in header["players"]] == m.names
    lib = Library(tmp_path / "games", tmp_path / "index.json", tmp_path / "stats.json")
    j = lib.new_game(eng, header)
    catch_up(eng)
    # play on a little: the legal actions of whoever is to act
    for _ in range(12):
        ta = eng.to_act()
        if ta is None or ta[1] == "deal":
            if not eng.deal_next():
                break
            continue
        eng.apply(eng.legal_actions()[0])
    j.close()
    new = read_record(j.path)
    assert new.header["source"]["event"] == at and new.header["practice"]
    assert [e.to_json() for e in new.events[:at]] == _source_events(src, at)
    assert len(new.events) > at
    replay(new)  # the new record is a legal record
    summ = next(s for s in lib.list() if s.path == j.path)
    assert summ.practice
    # undo never goes back into the source's part
    assert all(eng.forced[:at])


def test_play_on_from_a_broken_record_stops_before_the_bad_event(tmp_path):
    m = ReplayModel.open(RECORDS / "may_i_layoff_on_going_down_turn.jsonl")
    eng, header, at = m.play_on(m.end, [{"kind": "human"}] + [{"kind": "ai", "level": "normal"}] * 3)
    assert at == m.end and len(eng.log) == m.end
    assert eng.to_act() == (2, "play")  # the seat whose lay-off was refused is to play


@pytest.mark.slow
def test_the_replay_benchmark_runs_and_reports_its_shape():
    """``benchmarks/replay.py`` in its quick size (no timing asserted)."""
    from benchmarks import replay as bench
    res = bench.run(quick=True)
    assert res["record"]["deals"] == 7 and res["record"]["events"] > 100
    s = res["open_to_last_event_s"]
    assert set(s) >= {"median", "p99", "min", "max", "runs"} and s["min"] <= s["median"] <= s["max"]
    v = res["viewer_open_to_last_event_s"]
    assert v is None or v["runs"] >= 3


@pytest.mark.parametrize("lang,word", (("en", "refused"), ("ru", "тклонено"), ("uk", "ідхилено")))
def test_a_refused_events_line_says_refused_once(lang, word):
    """The list's last line of a record broken by a refused event said "Refused: line 18:
    lay_off by seat 2 refused: ..." (issue 7); the verify message says it once.  A record
    that stops for another reason keeps the "Refused:" before it."""
    from table_app.i18n import set_language
    set_language(lang)
    try:
        m = ReplayModel.open(RECORDS / "may_i_layoff_on_going_down_turn.jsonl")
        line = m.text(m.end)
        assert line == m.problem_text() and "MI-4" in line
        assert line.lower().count(word) == 1, line
        m = ReplayModel.open(RECORDS / "mexican_event_after_end.jsonl")
        line = m.text(m.end)
        assert line.lower().count(word) == 1 and line.endswith(m.problem_text()), line
    finally:
        set_language("en")


def test_a_refused_events_reason_is_put_into_the_language_from_the_error():
    """The viewer says the rules' refusal from the error itself (its message id), not by
    parsing the verify sentence back."""
    from table_app.core.errors import IllegalActionError
    from table_app.i18n import rule_reason, set_language
    set_language("uk")
    try:
        m = ReplayModel.open(RECORDS / "may_i_layoff_on_going_down_turn.jsonl")
        err = m.problem.error
        assert isinstance(err, IllegalActionError)
        assert (err.rule, err.message_id) == ("MI-4", "no_layoff_on_go_down_turn")
        reason = rule_reason(err, with_rule=False)
        assert reason != err.reason  # Ukrainian, not the English of the verify message
        assert m.problem_text() == f"рядок 18, місце 2, додавання: відхилено — {reason} (MI-4)"
        assert reason == "У хід відкриття додавати карти не можна"
    finally:
        set_language("en")
