"""Several cards laid off by one gesture (issue 19): the rules lay off one card at a time
(CF-8, one ``lay_off`` line each, the record format unchanged); ``ui/table/layoffs.py``
finds an order of legal one-card lay-offs, and ``Engine.apply_together`` records them as
one decision (an undo takes the whole gesture back, also once the game is resumed from its
record)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from table_app.core.actions import Extension, LayOff
from table_app.core.cards import JOKER, parse_cards, parse_face
from table_app.core.errors import IllegalActionError
from table_app.core.melds import build_meld
from table_app.engine.engine import TOGETHER_MARK, Engine, joined_indices
from table_app.ui.table.layoffs import plan_all, plan_drop
from table_app.variants import find_variant
from tests.helpers.deals import engine_with_deal


def F(code):
    return parse_face(code)


def position(variant="contract", hand="9H 10H JK KS 4C", melds=(("run", "5H 6H 7H 8H"),),
             rnd=1, went_down_now=False):
    """An engine in seat 0's play phase, down, holding ``hand``, the ``melds`` on the
    table (seat 1's), every card taken from the deal's own cards."""
    eng = engine_with_deal(variant, 3, rnd)
    st = eng.state
    rules = eng.rules
    pool = list(st.stock) + [c for h in st.hands for c in h] + list(st.discard[:-1])

    def take(code):
        f = F(code)
        c = next(c for c in pool if c >> 3 == f)
        pool.remove(c)
        return c
    wr = rules.wild_ranks(rnd)
    ms = []
    for kind, codes in melds:
        cs = [take(x) for x in codes.split()]
        ms.append(build_meld(kind, 1, cs, [None] * len(cs), wr))
    hand0 = tuple(take(x) for x in hand.split())
    used = {c for m in ms for c in m.cards} | set(hand0)
    hands = (hand0,) + tuple(tuple(c for c in h if c not in used) for h in st.hands[1:])
    stock = tuple(c for c in st.stock if c not in used)
    st = replace(st, hands=hands, stock=stock, melds=tuple(ms), down=(True, True, False),
                 phase="play", current=0, went_down_now=went_down_now)
    eng.states[-1] = st
    return eng


def test_a_drop_of_9h_10h_on_5h_8h_lays_9h_first():
    eng = position()
    acts, err = plan_drop(eng.rules, eng.state, 0, [F("10H"), F("9H")], 0)
    assert err is None
    assert acts == [LayOff(0, 0, F("9H"), None), LayOff(0, 0, F("10H"), None)]


def test_a_joker_fills_the_gap_before_the_natural_it_lets_on():
    eng = position(hand="10H JK KS 4C")
    acts, err = plan_drop(eng.rules, eng.state, 0, [F("10H"), JOKER], 0)
    assert err is None
    assert acts == [LayOff(0, 0, JOKER, F("9H")), LayOff(0, 0, F("10H"), None)]


def test_a_wild_dropped_at_the_low_end_plays_the_low_role():
    eng = position(hand="JK KS 4C 2S")
    assert plan_drop(eng.rules, eng.state, 0, [JOKER, F("KS")], 0)[0] is None
    acts, _e = plan_drop(eng.rules, eng.state, 0, [JOKER], 0, low_first=True)
    assert acts == [LayOff(0, 0, JOKER, F("4H"))]
    acts, _e = plan_drop(eng.rules, eng.state, 0, [JOKER], 0, low_first=False)
    assert acts == [LayOff(0, 0, JOKER, F("9H"))]


def test_a_card_that_fits_no_end_refuses_the_whole_drop_with_the_rules_reason():
    eng = position()
    acts, err = plan_drop(eng.rules, eng.state, 0, [F("9H"), F("KS")], 0)
    assert acts is None and isinstance(err, IllegalActionError)
    assert err.rule == "CF-8" and err.message_id == "layoff_wrong_suit"


def test_dropping_the_whole_hand_keeps_a_card_for_the_discard_cf12():
    eng = position(hand="9H 10H")
    acts, err = plan_drop(eng.rules, eng.state, 0, [F("9H"), F("10H")], 0)
    assert acts is None and (err.rule, err.message_id) == ("CF-12", "keep_card_layoff")


def test_not_down_or_the_going_down_turn_is_said_as_the_rules_say_it():
    eng = position("may_i", went_down_now=True)
    acts, err = plan_drop(eng.rules, eng.state, 0, [F("9H"), F("10H")], 0)
    assert acts is None and err.rule == "MI-4"
    eng = position()
    st = replace(eng.state, down=(False, True, False))
    acts, err = plan_drop(eng.rules, st, 0, [F("9H"), F("10H")], 0)
    assert acts is None and (err.rule, err.message_id) == ("CF-8", "down_before_layoff")


def test_plan_all_lays_off_everything_that_fits_and_keeps_a_card():
    eng = position(hand="10H JK 7S 7D KS", melds=(("run", "5H 6H 7H 8H"), ("set", "7C 7H 7D")))
    acts = plan_all(eng.rules, eng.state, 0)
    faces = sorted(a.card for a in acts)
    assert faces == sorted([F("10H"), JOKER, F("7S"), F("7D")])
    # the joker went where it let 10H follow (as 9H), not on the set
    assert LayOff(0, 0, JOKER, F("9H")) in acts
    eng.apply_together(acts)
    assert [c >> 3 for c in eng.state.hands[0]] == [F("KS")]


def test_plan_all_keeps_one_card_when_every_card_fits():
    eng = position(hand="9H 10H JH", melds=(("run", "5H 6H 7H 8H"),))
    acts = plan_all(eng.rules, eng.state, 0)
    assert [a.card for a in acts] == [F("9H"), F("10H")]
    eng.apply_together(acts)
    assert len(eng.state.hands[0]) == 1


def test_plan_all_is_empty_where_laying_off_is_not_allowed_now():
    assert plan_all(*_rs(position("mexican", went_down_now=True))) == []
    assert plan_all(*_rs(position(hand="KS 4C 2S"))) == []


def _rs(eng):
    return eng.rules, eng.state, 0


# ------------------------------------------------------------------ the engine: one decision
def test_apply_together_records_ordinary_lay_offs_and_one_note():
    eng = position()
    n = len(eng.log)
    acts, _e = plan_drop(eng.rules, eng.state, 0, [F("10H"), F("9H")], 0)
    eng.apply_together(acts)
    assert [e.type for e in eng.log[n:]] == ["lay_off", "lay_off", TOGETHER_MARK]
    assert eng.log[-1].to_json() == {"type": "x-together", "events": 2}
    assert [e.to_json() for e in eng.log[n:n + 2]] == [
        {"type": "lay_off", "player": 0, "meld": 0, "card": "9H"},
        {"type": "lay_off", "player": 0, "meld": 0, "card": "10H"}]
    assert joined_indices(eng.log) == {n + 1}


def test_undo_takes_the_whole_gesture_back_and_redo_puts_it_back():
    eng = position()
    before, n = eng.state, len(eng.log)
    acts, _e = plan_drop(eng.rules, eng.state, 0, [F("10H"), F("9H")], 0)
    eng.apply_together(acts)
    after = eng.state
    assert eng.undo(0)
    assert eng.state == before and len(eng.log) == n
    assert eng.redo(0)
    assert eng.state == after and eng.log[-1].type == TOGETHER_MARK


def test_a_refused_action_in_the_middle_records_nothing():
    eng = position()
    n = len(eng.log)
    with pytest.raises(IllegalActionError) as e:
        eng.apply_together([LayOff(0, 0, F("9H"), None), LayOff(0, 0, F("KS"), None)])
    assert e.value.rule == "CF-8"
    assert len(eng.log) == n


def test_apply_together_refuses_mixed_seats_and_chance_events():
    eng = position()
    with pytest.raises(ValueError):
        eng.apply_together([])
    with pytest.raises(ValueError):
        eng.apply_together([LayOff(0, 0, F("9H"), None), LayOff(1, 0, F("10H"), None)])


def test_a_note_that_does_not_follow_its_actions_joins_nothing():
    lay = [LayOff(0, 0, F("9H"), None), LayOff(0, 0, F("10H"), None)]
    mark = Extension.make(TOGETHER_MARK, events=2)
    assert joined_indices(lay + [mark]) == {1}
    assert joined_indices([lay[0], LayOff(1, 0, F("10H"), None), mark]) == set()
    assert joined_indices([lay[0], mark]) == set()                   # only one before it
    assert joined_indices(lay + [Extension.make(TOGETHER_MARK, events="2")]) == set()
    assert joined_indices(lay + [Extension.make(TOGETHER_MARK, events=True)]) == set()


def test_a_resumed_game_undoes_the_gesture_as_one(tmp_path, monkeypatch):
    """Play to a position where seat 0 lays off two cards together, write the record
    through the journal, resume it: one undo takes both lay-offs back."""
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    from table_app.engine.record import make_header, read_record
    from table_app.headless import players_for
    from table_app.storage import GameJournal
    from table_app.storage.resume import load_engine
    rules = find_variant("contract")({})
    # seat 0 holds two sets of 7s and 9s plus 7S 9C 7D (round 1); seat 0 acts first
    from table_app.core.actions import Deal, Draw, GoDown, MeldDecl
    from tests.helpers.deals import deck_order
    deck = deck_order(rules, 3, 1, 2, hands={0: "7C 7D 7H 9S 9H 9D 7S 9C 2C 4D"}, upcard="7D")
    eng = Engine(rules, 3, seed=1)
    j = GameJournal(eng, make_header("contract", players_for(3), seed=1))
    eng.apply(Deal(1, 2, deck))
    eng.apply(Draw(0, "discard"))
    eng.apply(GoDown(0, (MeldDecl("set", tuple(parse_cards("7C 7D 7H")), (None,) * 3),
                         MeldDecl("set", tuple(parse_cards("9S 9H 9D")), (None,) * 3))))
    before = eng.state
    acts, _e = plan_drop(rules, eng.state, 0, [F("7S"), F("7D")], 0)
    eng.apply_together(acts)
    j.close()
    res_eng, _redo = load_engine(read_record(j.path))
    assert res_eng.state == eng.state
    assert res_eng.undo(0)
    assert res_eng.state == before


# ------------------------------------------------------------------ property: real positions
def _positions(variant: str, seed: int, want: int = 6):
    """Play positions where the seat to act is down with melds on the table (the test
    player of ``playutil``)."""
    from tests.helpers.players import choose
    rules = find_variant(variant)({})
    eng = Engine(rules, 4, seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(3000):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            eng.deal_next()
            continue
        st = eng.state
        if st.phase == "play" and st.down[st.current] and st.melds and len(st.hands[st.current]) > 1:
            out.append(st)
            if len(out) >= want:
                break
        eng.apply(choose(eng, rng))
    return rules, out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=hs.sampled_from(["contract", "may_i", "mexican"]), seed=hs.integers(0, 10_000))
def test_plan_all_is_legal_keeps_a_card_and_leaves_nothing_that_fits(variant, seed):
    rules, states = _positions(variant, seed)
    for st in states:
        p = st.current
        acts = plan_all(rules, st, p)
        s2 = st
        for a in acts:
            rules.check(s2, a)
            s2 = rules.apply(s2, a)
        assert len(s2.hands[p]) >= 1
        left = [a for a in rules.legal_actions(s2) if isinstance(a, LayOff)]
        assert left == [] or len(s2.hands[p]) == 1, (acts, left)
        # a drop of any two of the cards it laid off on one meld is planned legally too
        by_meld = {}
        for a in acts:
            by_meld.setdefault(a.meld, []).append(a.card)
        for mi, faces in by_meld.items():
            got, err = plan_drop(rules, st, p, faces, mi)
            if got is None:
                continue       # (plan_all may have used another meld's cards first)
            s3 = st
            for a in got:
                rules.check(s3, a)
                s3 = rules.apply(s3, a)
            assert sorted(a.card for a in got) == sorted(faces)
