"""Property tests (hypothesis) of the engine and the contract family: complete games of
every variant and seat count finish; no card is ever lost or duplicated; undo-all returns
to the start and redo-all to the end; a written record reads back and replays to the
same states; folding the record equals the live state; every legal action is accepted."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table_app.engine.record import dumps, make_header, parse_lines, replay
from tests.helpers.deals import all_cards
from tests.helpers.players import choose, play_game

SEATS = [("contract", n) for n in range(3, 9)] + [("may_i", n) for n in range(3, 7)] + \
        [("mexican", n) for n in range(2, 7)]

PROFILE = settings(max_examples=2, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])


def _conserved(eng):
    st = eng.state
    if st.phase == "predeal":
        return
    cards = all_cards(st)
    assert len(cards) == len(set(cards)), "a card is duplicated"
    assert sorted(c >> 3 for c in cards) == list(eng.rules.deck(st.n)), "a card is lost"


@pytest.mark.slow
@pytest.mark.parametrize("variant,n", SEATS)
@PROFILE
@given(seed=st.integers(0, 10**6))
def test_complete_games_finish_and_conserve_cards(variant, n, seed):
    opts = {"deuces_wild": bool(seed % 2)} if variant == "contract" else None
    eng = play_game(variant, n, seed, options=opts, on_event=_conserved)
    st_ = eng.state
    assert st_.phase == "over"
    assert len(st_.results) == 7 and [r.round for r in st_.results] == list(range(1, 8))
    assert eng.log[-1].type == "game_end" and eng.log[-2].type == "deal_end"
    for r in st_.results:
        if r.winner is not None:
            assert r.scores[r.winner] == 0
    # the record reads back and folds to the same states
    header = make_header(variant, [{"name": f"P{i}", "kind": "ai", "level": "normal"} for i in range(n)],
                         options=opts, seed=seed)
    text = dumps(header, eng.log)
    rec = parse_lines(text.split("\n"))
    eng2 = replay(rec)
    assert eng2.state == eng.state
    assert eng2.states == eng.states
    summary = eng2.rules.summary(eng2.state)
    assert summary["finished"] is True and "to_act" not in summary
    assert summary["totals"] == [sum(r.scores[s] for r in st_.results) for s in range(n)]


@pytest.mark.parametrize("variant,n", [("may_i", 4), ("contract", 3), ("mexican", 2)])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(30, 400))
def test_undo_all_returns_to_the_start_and_redo_all_to_the_end(variant, n, seed, cut):
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed)
    eng.deal_next()
    start = eng.state
    rng = random.Random(seed)
    for _ in range(cut):
        ta = eng.to_act()
        if ta is None or ta[1] == "deal":
            break
        eng.apply(choose(eng, rng))
    end_state, end_log = eng.state, list(eng.log)
    while True:
        decisions = [i for i, (e, f) in enumerate(zip(eng.log, eng.forced)) if not f]
        if not decisions:
            break
        seat = eng.log[decisions[-1]].player
        assert eng.undo(seat)
    assert eng.state == start and len(eng.log) == 1
    while eng.can_redo():
        seat = eng.redo_stack[-1][0].player
        if seat is None:
            seat = 0
        eng.redo(seat)
    assert eng.state == end_state and eng.log == end_log


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 200))
def test_every_listed_legal_action_is_accepted(seed, steps):
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    variant = ["contract", "may_i", "mexican"][seed % 3]
    rules = find_variant(variant)({})
    n = 4
    eng = Engine(rules, n, seed=seed)
    eng.deal_next()
    rng = random.Random(seed)
    for _ in range(steps):
        ta = eng.to_act()
        if ta is None or ta[1] == "deal":
            break
        legal = eng.legal_actions()
        assert legal
        for a in legal:
            rules.check(eng.state, a) if a.type not in ("draw",) or eng.state.stock else None
        eng.apply(choose(eng, rng))


def test_observation_hides_other_hands_and_the_stock():
    """Two states that differ only in hidden cards (another hand, the stock order) give
    the same observation to seat 0."""
    from dataclasses import replace

    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    eng = Engine(rules, 4, seed=3)
    eng.deal_next()
    s0 = eng.state
    obs = rules.observe(s0, 0)
    assert obs.hand == s0.hands[0] and obs.hand_sizes == (10, 10, 10, 10)
    assert obs.stock_size == len(s0.stock) and obs.upcard == s0.discard[-1]
    # swap seat 1's hand with the top of the stock, and reverse the stock
    h1 = s0.hands[1]
    stock = list(s0.stock)
    new_h1, stock[-10:] = tuple(stock[-10:]), list(h1)
    s1 = replace(s0, hands=(s0.hands[0], new_h1) + s0.hands[2:], stock=tuple(reversed(stock)))
    assert s1 != s0
    assert rules.observe(s1, 0) == obs
    assert rules.observe(s1, 1) != rules.observe(s0, 1)
