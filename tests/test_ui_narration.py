"""The table's narration alone (``ui/table/narration.py``): the logged events in words and
each seat's last action, as a projection of the engine's log (no window, no scene)."""
from __future__ import annotations

import types

import pytest

from table_app.core.actions import Buy, Deal, Discard, Draw, PassBuy, PassUpcard
from table_app.core.cards import parse_face
from table_app.engine.engine import Engine
from table_app.i18n import set_language
from table_app.ui.table.narration import Narrator, said_last
from table_app.variants import find_variant
from tests.helpers.table import build_deck

pytestmark = pytest.mark.usefixtures("english")   # conftest: English, and after


def _session(variant="may_i", names=("You", "Ann", "Boris")):
    """A May I? deal of three seats (seat 0 the human, Ann left of the dealer Boris) with
    its engine and a session-like value holding what ``Narrator`` reads."""
    rules = find_variant(variant)({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    eng = Engine(rules, 3, seed=1)
    eng.apply(Deal(1, 2, deck), forced=True)
    return types.SimpleNamespace(engine=eng, rules=rules, names=list(names), human=0,
                                 variant=variant)


def _play_first_turns(s):
    """You pass the upcard K♥ (the others don't ask), draw, discard 2♣; Ann passes the
    2♣ (Boris doesn't ask), draws and discards 7♥."""
    eng = s.engine
    eng.apply(PassUpcard(0))
    for seat in (1, 2):
        eng.apply(PassBuy(seat))
    eng.apply(Draw(0, "stock"))
    eng.apply(Discard(0, parse_face("2C")))
    eng.apply(PassUpcard(1))
    while eng.to_act() != (1, "draw"):
        eng.apply(next(a for a in eng.legal_actions() if isinstance(a, PassBuy)))
    eng.apply(Draw(1, "stock"))
    eng.apply(Discard(1, parse_face("7H")))


def test_each_event_in_words_from_the_log_and_the_deal_so_far():
    s = _session()
    _play_first_turns(s)
    n = Narrator(s)
    log = s.engine.log
    assert n.text(0) == "Round 1: Boris dealt"
    no = "doesn’t ask “May I?”"
    assert n.deal_moves(len(log))[:6] == ["Round 1: Boris dealt", "You pass K♥", f"Ann {no}",
                                           f"Boris {no}", "You draw from the stock",
                                           "You discard 2♣"]
    assert n.deal_moves(len(log))[-4:] == ["Ann passes 2♣", f"Boris {no}",
                                           "Ann draws from the stock", "Ann discards 7♥"]
    # up to a point: what the table had told by then; the latest said thing
    assert n.deal_moves(2) == ["Round 1: Boris dealt", "You pass K♥"]
    assert n.last_text(2) == "You pass K♥"
    assert n.last_text(len(log)) == "Ann discards 7♥"
    assert n.text(len(log)) == "" and n.said(-1) is None


def test_each_seats_last_action_is_kept_until_it_acts_again():
    s = _session()
    _play_first_turns(s)
    n = Narrator(s)
    last = n.last_actions(len(s.engine.log))
    assert last[0].text == "You discard 2♣" and (last[0].key, dict(last[0].fields)) == (
        "discards", {"card": "2♣"})
    assert last[1].text == "Ann discards 7♥" and last[1].seat == 1
    assert last[2].key == "no_may_i"               # Boris's pass of the 2♣
    # before Ann acted, she had only not asked for the K♥
    assert n.last_actions(3)[1].key == "no_may_i" and 2 not in n.last_actions(3)
    # a deal's dealing says nothing of any seat
    assert n.last_actions(1) == {}


def test_an_undone_move_is_gone_from_the_words_and_a_new_one_told():
    s = _session()
    _play_first_turns(s)
    n = Narrator(s)
    eng = s.engine
    assert n.last_text(len(eng.log)) == "Ann discards 7♥"
    assert eng.undo(0)                              # back to your discard
    assert n.last_text(len(eng.log)) == "You draw from the stock"
    eng.apply(Discard(0, parse_face("4D")))
    assert n.last_text(len(eng.log)) == "You discard 4♦"
    assert "You discard 2♣" not in n.deal_moves(len(eng.log))


def test_the_words_follow_the_language():
    s = _session()
    _play_first_turns(s)
    n = Narrator(s)
    i = len(s.engine.log) - 1
    assert n.text(i) == "Ann discards 7♥"
    set_language("ru")
    # the default name follows the language too (the record keeps "Ann")
    assert n.text(i) == "Анна сбрасывает 7♥"
    assert n.text(0).startswith("Раунд 1")


def test_since_leaves_out_what_the_table_did_not_tell_until_an_undo_cuts_below_it():
    s = _session()
    _play_first_turns(s)
    eng = s.engine
    n = Narrator(s, since=len(eng.log))            # opened on a resumed game
    assert n.deal_moves(len(eng.log)) == [] and n.last_text(len(eng.log)) == ""
    # the seats' last actions are the deal's, whole
    assert n.last_actions(len(eng.log))[1].text == "Ann discards 7♥"
    eng.undo(0)
    n.truncated(len(eng.log))
    eng.apply(Discard(0, parse_face("4D")))
    assert n.deal_moves(len(eng.log)) == ["You discard 4♦"]


def test_a_call_and_a_buy_in_each_games_word():
    s = _session("contract")
    rules = s.rules
    eng = s.engine
    # Contract: a seat that takes the discard out of turn calls it (CR-5)
    n = Narrator(s)
    while True:
        legal = eng.legal_actions()
        buy = next((a for a in legal if isinstance(a, Buy) and a.player == 2), None)
        if buy is not None:
            eng.apply(buy)
            break
        eng.apply(next(a for a in legal if isinstance(a, (PassUpcard, PassBuy, Discard))
                       or (isinstance(a, Draw) and a.source == "stock")))
    said = n.said(len(eng.log) - 1)
    assert said.key == "calls" and said.text.startswith("Boris calls ")
    assert said.text.endswith(" + penalty card")
    assert rules is s.rules
    from table_app.variants.contract_family import LastAction
    assert said_last(False, "Ann", LastAction("buys", parse_face("7S")), "may_i") == (
        "Ann asks “May I?” and takes 7♠ + a penalty card")
    assert said_last(False, "Ann", LastAction("dead_deal")) is None
