"""Pacing and the computer players' turns alone (``ui/table/pacing.py``), and a failing
computer player (``ui/table/session.py``): logged with its traceback, the stand-in's move
made and said, never swallowed."""
from __future__ import annotations

import logging
import types

import pytest

from table_app.core.actions import Discard, PassBuy
from table_app.core.errors import IllegalActionError
from table_app.ui.table.pacing import LATE_S, THINK_S, AiTurns, Pacer, sounds_of
from table_app.ui.table.session import AI_FAILED, AI_NOT_STARTED, GameSession


def ev(type_, player=None, **kw):
    return types.SimpleNamespace(type=type_, player=player, **kw)


def _pacer(ai_speed=1.0, instant=False, human=0):
    p = Pacer(human)
    p.source = types.SimpleNamespace(instant=instant, settings=types.SimpleNamespace(ai_speed=ai_speed))
    return p


def test_how_long_each_move_stays_on_screen():
    p = _pacer()
    assert p.pace(ev("discard", 0)) == 0.25                     # your own move
    assert p.pace(ev("deal")) == 0.7
    assert p.pace(ev("restock")) == p.pace(ev("deal_end")) == p.pace(ev("x-note")) == 0.1
    assert p.pace(ev("pass_buy", 1)) == pytest.approx(0.3)
    assert p.pace(ev("play", 1)) == pytest.approx(0.5)
    assert p.pace(ev("discard", 2)) == pytest.approx(0.65)
    assert p.think_delay() == pytest.approx(THINK_S)
    fast = _pacer(ai_speed=2.0)
    assert fast.pace(ev("discard", 2)) == pytest.approx(0.325)
    assert fast.pace(ev("discard", 0)) == 0.25                  # yours: not the AI's speed
    assert fast.think_delay() == pytest.approx(THINK_S / 2)
    assert _pacer(ai_speed=0.01).pace(ev("discard", 1)) == pytest.approx(0.65 * 4)  # floor 0.25x
    now = _pacer(instant=True)
    assert now.pace(ev("deal")) == 0.0 and now.think_delay() == 0.0
    assert Pacer(0).pace(ev("discard", 1)) == pytest.approx(0.65)   # no settings: normal


def test_the_log_is_shown_one_move_at_a_time_at_its_pace():
    p = _pacer()
    log = [ev("discard", 1), ev("draw", 2), ev("discard", 2)]
    assert p.advance(log, 0.0, force=True) == [log[0]]          # a move was just made
    assert p.shown == 1 and p.cur_event is log[0] and p.step_t == pytest.approx(0.65)
    assert p.advance(log, 0.5) == []                            # its pause runs
    assert p.advance(log, 0.2) == [log[1]]
    assert not p.caught_up(3)
    # while the cards glide the next waits, unless its time is long past
    p.step_t = 0.0
    assert p.wait(log, 0.1, moving=True) == [] and p.step_t == pytest.approx(-0.1)
    p.step_t = -LATE_S
    assert p.wait(log, 0.0, moving=True) == [log[2]]
    assert p.caught_up(3) and p.advance(log, 1.0) == []
    # instant: everything at once; an undo cuts the log, a jump shows it whole
    q = _pacer(instant=True)
    assert q.advance(log, 0.0) == log
    q.truncated(1)
    assert q.shown == 1
    q.jump(3)
    assert q.shown == 3 and q.cur_event is None
    # a speed change cuts a running pause
    p.cur_event, p.step_t = log[2], 5.0
    p.source.settings.ai_speed = 4.0
    p.speed_changed()
    assert p.step_t == pytest.approx(0.65 / 4)


def test_the_sounds_of_an_event():
    assert sounds_of(ev("discard", 1)) == ["place"]
    assert sounds_of(ev("deal_end", winner=2)) == ["go_out"]
    assert sounds_of(ev("deal_end", winner=None)) == []
    assert sounds_of(ev("restock")) == []


class _Session:
    """A session whose seat 1 is to act; its decision is ready after ``ready`` asks."""

    def __init__(self, action, ready=1, refuse=False):
        self.to_act = 1
        self.action = action
        self.ready = ready
        self.asked = 0
        self.thought = 0
        self.applied = []
        self.refuse = refuse
        self.engine = types.SimpleNamespace(legal_actions=lambda: [PassBuy(1), Discard(1, 5)])

    def ai_to_act(self):
        return self.to_act

    def think(self, seat):
        self.thought += 1

    def take_decision(self, seat):
        self.asked += 1
        return self.action if self.asked >= self.ready else None

    def apply(self, a):
        if self.refuse and not self.applied and a == self.action:
            self.applied.append(("refused", a))
            raise IllegalActionError("no", "CF-11")
        self.applied.append(a)


def test_a_computer_seat_thinks_visibly_then_its_decision_is_applied():
    s = _Session(Discard(1, 7), ready=2)
    ui = types.SimpleNamespace(thinking=None)
    turns = AiTurns(s, ui, _pacer())
    shown = []
    assert turns.step(0.1, on_think=lambda: shown.append(ui.thinking)) == "thinking"
    assert shown == [1] and ui.thinking == 1 and s.thought == 1
    assert turns.t == pytest.approx(THINK_S - 0.1)
    assert turns.step(0.1, on_think=lambda: shown.append("again")) == "thinking"
    assert s.asked == 0                                   # still in its pause
    assert turns.step(0.2) == "thinking" and s.asked == 1 and s.thought == 2   # not ready
    assert turns.step(0.0) == "applied" and s.applied == [Discard(1, 7)]
    assert ui.thinking is None and shown == [1]
    s.to_act = None
    assert turns.step(0.1) is None
    ui.thinking = turns.seat = 2                          # a seat shown thinking, not to act
    assert turns.step(0.1) == "stopped" and ui.thinking is None


def test_a_refused_computer_decision_is_logged_and_replaced(caplog):
    s = _Session(Discard(1, 7), refuse=True)
    turns = AiTurns(s, types.SimpleNamespace(thinking=None), _pacer(instant=True))
    with caplog.at_level(logging.ERROR, logger="table_app.ui.table.pacing"):
        assert turns.step(0.0) == "applied"
    assert s.applied == [("refused", Discard(1, 7)), Discard(1, 5)]
    assert "seat 1" in caplog.text and "CF-11" in caplog.text


class _Raising:
    def decide(self, obs, legal, rng):
        raise RuntimeError("the search fell over")


class _Illegal:
    def decide(self, obs, legal, rng):
        return Discard(obs.seat, 999), "a card it does not hold"


def _ai_seat(session):
    """Play the human's first legal actions until a computer seat is to act."""
    while session.ai_to_act() is None:
        session.apply(session.engine.legal_actions()[0])
    return session.ai_to_act()


@pytest.mark.parametrize("player, logged", [(_Raising(), "failed to decide"),
                                            (_Illegal(), "not legal")])
def test_a_failing_computer_player_is_logged_and_the_stand_in_moves(player, logged, caplog):
    s = GameSession("may_i", 3, seed=2, autosave=False)
    try:
        s.players = {1: player, 2: player}
        s.deal_next()
        seat = _ai_seat(s)
        s.think(seat).exception(timeout=10)
        with caplog.at_level(logging.WARNING, logger="table_app.ui.table.session"):
            a = s.take_decision(seat)
        assert s.engine.is_legal(a) and a.player == seat
        rec = next(r for r in caplog.records if logged in r.getMessage())
        if isinstance(player, _Raising):
            assert rec.exc_info and "the search fell over" in caplog.text   # the traceback
        assert any("stand-in plays" in r.getMessage() for r in caplog.records)
        assert s.take_notices() == [(AI_FAILED, seat)] and s.take_notices() == []
    finally:
        s.close()


def test_a_computer_player_that_cannot_be_built_is_logged_and_said(monkeypatch, caplog):
    import table_app.ai as ai

    def broken(*a, **k):
        raise ImportError("no module named numpy_like")
    monkeypatch.setattr(ai, "make_player", broken)
    with caplog.at_level(logging.ERROR, logger="table_app.ui.table.session"):
        s = GameSession("contract", 3, seed=2, autosave=False)
    try:
        assert all(getattr(p, "stand_in", False) for p in s.players.values())
        assert "cannot be built" in caplog.text and "numpy_like" in caplog.text
        assert s.take_notices() == [(AI_NOT_STARTED, 1), (AI_NOT_STARTED, 2)]
    finally:
        s.close()


def test_the_table_says_a_computer_player_failed():
    pytest.importorskip("pygame")
    import random

    from table_app.core.actions import Deal
    from table_app.variants import find_variant
    from tests.helpers.table import make_table, settle
    deck = list(find_variant("may_i")({}).deck(3))
    random.Random(4).shuffle(deck)
    app, scene, s = make_table("may_i", 3, Deal(1, 0, tuple(deck)), {1: _Raising(), 2: _Raising()})
    settle(app, scene)
    assert "Ann's computer player failed" in scene.toast.msg and scene.toast.bad
    assert any(getattr(e, "player", None) == 1 for e in s.engine.log)   # the game went on


def test_the_plays_the_rules_make_for_the_player_go_at_the_tables_pace():
    """Michigan's follows (MG-6) made for the player are not their decisions: each goes
    at the table's pace and stays once landed, as a computer player's play does, not in
    the quarter second of the player's own move (issue #19: they went by all at once)."""
    p = _pacer()
    log = [ev("lead", 0, card=3), ev("play", 0, card=4), ev("play", 0, card=5), ev("play", 1, card=6)]
    forced = [False, True, True, True]
    p.forced_at = lambda i: forced[i]
    assert p.pace(log[0], 0) == 0.25                           # the lead: the player's own
    assert p.pace(log[1], 1) == pytest.approx(0.5) == p.pace(log[3], 3)
    assert p.hold(log[1], 1) == pytest.approx(0.3) == p.hold(log[3], 3)
    assert p.advance(log, 0.0, force=True) == [log[0]]
    shown = []
    t = 0.0
    for _ in range(200):                                        # 20 ms frames, nothing glides
        t += 0.02
        for e in p.wait(log, 0.02, moving=False):
            shown.append((round(t, 2), e))
    assert [e for _t, e in shown] == log[1:]
    times = [x for x, _e in shown]
    # each follow comes once the one before had its pace (0.5 s; its hold, 0.3 s from
    # its landing, runs meanwhile), not a quarter second after
    assert all(b - a >= 0.5 - 0.021 for a, b in zip(times, times[1:])), times
