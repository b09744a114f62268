"""Michigan Rummy property tests (Hypothesis): random leads for 3–8 players always finish
every deal and the session; chips and cards are conserved after every event; the
engine's log written as a record and read back replays to the same states; the legal
actions and ``check`` agree."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table_app.core.actions import Deal, DealEnd, GameEnd, Lead, Misdeal, Play
from table_app.core.cards import make_deck
from table_app.core.errors import IllegalActionError
from table_app.engine import record
from table_app.engine.engine import Engine
from table_app.variants.michigan import PLAYED, WIDOW, MichiganRules

DECK = list(make_deck(1, 0))
SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def check_invariants(rules: MichiganRules, s) -> None:
    """Chips (MG-3) and cards (MG-1) are conserved; the state is self-consistent."""
    assert sum(s.balances, Fraction(0)) + sum(s.layout, Fraction(0)) == 0
    assert all(c >= 0 for c in s.layout)
    if s.status in ("playing", "over", "final"):
        everything = [c for h in s.hands for c in h] + list(s.widow) + [c for p in s.played for c in p]
        assert sorted(everything) == DECK                      # 52 distinct ids, no more
        for seat, h in enumerate(s.hands):
            assert list(h) == sorted(h)
            assert all(s.loc[c >> 3] == seat for c in h)
        assert all(s.loc[c >> 3] == WIDOW for c in s.widow)
        assert all(s.loc[c >> 3] == PLAYED for p in s.played for c in p)
        assert len(s.widow) == len(range(s.num_players, 52, s.num_players + 1))
    else:
        assert s.hands == ((),) * s.num_players and s.widow == ()
    if s.status == "playing":
        seat, phase = rules.to_act(s)
        assert s.hands[seat]                                   # the seat to act holds cards
        if phase == "follow":
            assert s.loc[s.seq_last + 1] == seat
    if s.status in ("over", "final"):
        assert s.hands[s.winner] == () and s.results[-1].winner == s.winner
    if s.status == "final":
        assert s.layout == (0,) * 5 and rules.to_act(s) is None


def play_session(n: int, rotations: int, seed: int, rnd, misdeals: int = 0,
                 check_every_lead: bool = False) -> Engine:
    rules = MichiganRules({"rotations": rotations})
    eng = Engine(rules, n, seed=seed, auto=True)
    seen = []

    def listener(kind, payload):
        assert kind == "append"
        i, ev, s = payload
        seen.append(ev)
        check_invariants(rules, s)
        if isinstance(ev, Play):
            assert eng.forced[i]                               # the engine plays follows
        if isinstance(ev, DealEnd):
            assert ev == rules.deal_end(s)

    eng.subscribe(listener)
    guard = 0
    while eng.to_act() is not None:
        assert eng.state.status != "playing"
        dealt = eng.deal_next()
        assert [type(e) for e in dealt] == [Deal]
        while eng.state.status == "playing":
            guard += 1
            assert guard < 60 * n * rotations                  # every deal finishes
            seat, phase = eng.to_act()
            assert phase == "lead"                             # follows are automatic
            acts = eng.legal_actions()
            assert acts and all(a.player == seat and isinstance(a, Lead) for a in acts)
            assert len({a.card // 13 for a in acts}) == len(acts)    # one per suit
            if check_every_lead:
                hand = eng.state.hands[seat]
                for c in hand:
                    ok = eng.is_legal(Lead(seat, c >> 3))
                    assert ok == (Lead(seat, c >> 3) in acts)
                    assert not eng.is_legal(Lead((seat + 1) % n, c >> 3))
                    assert not eng.is_legal(Play(seat, c >> 3))
            if misdeals and rnd.random() < 0.05:
                misdeals -= 1
                before = eng.state.saved
                eng.apply(Misdeal())
                assert (eng.state.balances, eng.state.layout) == before
                break
            eng.apply(rnd.choice(acts))
    s = eng.state
    assert s.finished
    assert [r.round for r in s.results] == list(range(1, n * rotations + 1))
    assert seen == eng.log
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert len(ends) == n * rotations and isinstance(eng.log[-1], GameEnd)
    assert eng.log[-1] == rules.game_end(s)
    top = max(s.balances)
    assert eng.log[-1].winners == tuple(i for i, b in enumerate(s.balances) if b == top)
    return eng


def round_trip(eng: Engine, n: int, rotations: int, seed: int) -> None:
    players = [{"name": f"P{i}", "kind": "ai", "level": "easy"} for i in range(n)]
    opts = {} if rotations == 1 else {"rotations": rotations}
    header = record.make_header("michigan", players, options=opts, seed=seed)
    text = record.dumps(header, eng.log)
    rec = record.parse_lines(text.splitlines())
    again = record.replay(rec)
    assert again.log == eng.log
    assert again.states == eng.states
    assert again.rules.summary(again.state) == eng.rules.summary(eng.state)


@pytest.mark.slow
@SETTINGS
@given(n=st.integers(3, 8), seed=st.integers(0, 2**31), choices=st.integers(0, 2**31))
def test_random_sessions_finish_conserve_and_round_trip(n, seed, choices):
    rnd = random.Random(choices)
    eng = play_session(n, 1, seed, rnd)
    round_trip(eng, n, 1, seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 5), seed=st.integers(0, 2**31), choices=st.integers(0, 2**31))
def test_two_rotations_with_misdeals_round_trip(n, seed, choices):
    rnd = random.Random(choices)
    eng = play_session(n, 2, seed, rnd, misdeals=3)
    assert sum(isinstance(e, Deal) for e in eng.log) >= 2 * n
    round_trip(eng, n, 2, seed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 8), seed=st.integers(0, 2**31), choices=st.integers(0, 2**31))
def test_check_agrees_with_legal_actions(n, seed, choices):
    rnd = random.Random(choices)
    play_session(n, 1, seed, rnd, check_every_lead=True)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 8), seed=st.integers(0, 2**31), choices=st.integers(0, 2**31))
def test_observations_hide_other_hands(n, seed, choices):
    rnd = random.Random(choices)
    rules = MichiganRules({})
    eng = Engine(rules, n, seed=seed, auto=True)
    eng.deal_next()
    while eng.state.status == "playing":
        s = eng.state
        for seat in range(n):
            obs = rules.observe(s, seat)
            assert obs.hand == s.hands[seat] and obs.widow is None
            assert obs.hand_sizes == tuple(len(h) for h in s.hands)
            assert (obs.to_act, obs.phase) == rules.to_act(s)
        eng.apply(rnd.choice(eng.legal_actions()))
    obs = rules.observe(eng.state, 0)
    assert obs.widow == eng.state.widow and obs.deal_over


def test_random_actions_are_refused_exactly_when_not_legal_and_change_nothing():
    rnd = random.Random(5)
    eng = Engine(MichiganRules({}), 4, seed=5, auto=True)
    tried = refused = 0
    while eng.to_act() is not None:
        eng.deal_next()
        while eng.state.status == "playing":
            s, n_log, legal = eng.state, len(eng.log), eng.legal_actions()
            if rnd.random() < 0.3:
                act = rnd.choice(legal)
            else:
                act = rnd.choice([Lead, Lead, Play])(rnd.randrange(4), rnd.randrange(52))
            tried += 1
            try:
                eng.apply(act)
            except IllegalActionError as e:
                refused += 1
                assert act not in legal
                assert e.rule.startswith("MG-") and e.reason
                assert eng.state is s and len(eng.log) == n_log
            else:
                assert act in legal
    assert tried > 100 and refused > tried // 3
