"""The simulator's blunder counters (issue 18, ``ai/blunders.py``): each one on a position
built for it, the counted case and the case next to it that is not a blunder; and
``simulate --json`` reporting them per level with ``p99_cpu_ms``."""
from __future__ import annotations

import json

from table_app.ai.blunders import BLUNDERS, BlunderCounter
from table_app.ai.simulate import play_game, summarize
from table_app.core.actions import Buy, Discard, Draw, PassUpcard
from table_app.core.cards import parse_face
from table_app.core.melds import build_meld
from table_app.variants.contract_family import DealResult, replace
from tests.helpers.deals import card_ids, engine_with_deal
from tests.helpers.records import run_cli

# Mexican round 1: two sets, threes wild (MX-3), seven cards
SETS_BUT_ONE = "KS KH KD 8S 8H 5C 2D"  # a set of kings and a pair of eights


def _draw_position(upcard: str, variant: str = "mexican"):
    hand = SETS_BUT_ONE if variant == "mexican" else SETS_BUT_ONE + " 9C JH 4S"  # 10 cards
    eng = engine_with_deal(variant, 4, 1, hands={0: hand}, upcard=upcard)
    return eng.rules, eng.state


def test_passing_an_upcard_that_completes_the_contract_is_counted():
    rules, st = _draw_position("8D")
    legal = rules.legal_actions(st)
    bc = BlunderCounter(rules, 4)
    assert bc.completes(st, 0)
    bc.decision(st, 0, legal, Draw(0, "stock"))
    assert bc.counts[0]["passed_completing_upcard"] == 1
    assert bc.chances[0]["passed_completing_upcard"] == 1
    # taking it is the right play: a chance, no blunder
    bc2 = BlunderCounter(rules, 4)
    bc2.decision(st, 0, legal, Draw(0, "discard"))
    assert bc2.counts[0]["passed_completing_upcard"] == 0
    assert bc2.chances[0]["passed_completing_upcard"] == 1


def test_an_upcard_that_does_not_complete_it_is_no_chance():
    rules, st = _draw_position("9D")  # a lone nine: still a card short of two sets
    bc = BlunderCounter(rules, 4)
    assert not bc.completes(st, 0)
    bc.decision(st, 0, rules.legal_actions(st), Draw(0, "stock"))
    assert bc.counts[0] == dict.fromkeys(BLUNDERS, 0) == bc.chances[0]


def test_passing_in_may_i_counts_too():
    rules, st = _draw_position("8D", "may_i")
    legal = rules.legal_actions(st)
    assert PassUpcard(0) in legal
    bc = BlunderCounter(rules, 4)
    bc.decision(st, 0, legal, PassUpcard(0))
    assert bc.counts[0]["passed_completing_upcard"] == 1


def _play_position(hand: str, variant: str = "mexican", melds=(), down=None):
    eng = engine_with_deal(variant, 4, 1, hands={0: hand}, upcard="9D")
    rules = eng.rules
    st = rules.apply(eng.state, Draw(0, "discard"))
    if melds:
        st = replace(st, melds=tuple(melds), down=down)
    return rules, st


def test_discarding_a_wild_with_a_natural_to_spare_is_counted():
    rules, st = _play_position("KS KH KD 3C 5C 7H 2D")  # 3C is wild in round 1 (MX-3)
    legal = rules.legal_actions(st)
    bc = BlunderCounter(rules, 4)
    bc.decision(st, 0, legal, Discard(0, parse_face("3C")))
    assert bc.counts[0]["discarded_wild_with_safe_alternative"] == 1
    bc.decision(st, 0, legal, Discard(0, parse_face("7H")))
    assert bc.counts[0]["discarded_wild_with_safe_alternative"] == 1  # a natural: not a wild
    assert bc.chances[0]["discarded_wild_with_safe_alternative"] == 1


def test_a_wild_is_no_blunder_when_every_other_card_feeds_a_meld():
    # seat 1 is down with a set of fives and a run of hearts: 5C, 5D and 8H all fit
    used: set[int] = set()
    fives = build_meld("set", 1, card_ids("5S 5H 5D", used), (None,) * 3, frozenset({3}))
    run = build_meld("run", 1, card_ids("4H 5H 6H 7H", used), (None,) * 4, frozenset({3}))
    rules, st = _play_position("3C 5C 8H 5H KS KH KD", melds=(fives, run),
                               down=(False, True, False, False))
    legal = [a for a in rules.legal_actions(st) if a.type == "discard"]
    bc = BlunderCounter(rules, 4)
    assert not bc.safe(st, parse_face("5C")) and not bc.safe(st, parse_face("8H"))
    assert bc.safe(st, parse_face("KS"))  # kings fit nothing: safe
    only_feeding = [a for a in legal if a.card in (parse_face("3C"), parse_face("5C"),
                                                   parse_face("8H"))]
    bc.decision(st, 0, only_feeding, Discard(0, parse_face("3C")))
    assert bc.counts[0]["discarded_wild_with_safe_alternative"] == 0
    assert bc.chances[0]["discarded_wild_with_safe_alternative"] == 1


def test_feeding_the_down_next_player_with_a_safe_card_in_hand_is_counted():
    used: set[int] = set()
    fives = build_meld("set", 1, card_ids("5S 5H 5D", used), (None,) * 3, frozenset({3}))
    rules, st = _play_position("5C 8H KS KH KD QC 2D", melds=(fives,),
                               down=(False, True, False, False))
    legal = rules.legal_actions(st)
    bc = BlunderCounter(rules, 4)
    bc.decision(st, 0, legal, Discard(0, parse_face("5C")))  # seat 1 lays it off
    assert bc.counts[0]["fed_down_player_with_safe_alternative"] == 1
    bc.decision(st, 0, legal, Discard(0, parse_face("8H")))  # fits nothing
    assert bc.counts[0]["fed_down_player_with_safe_alternative"] == 1
    assert bc.chances[0]["fed_down_player_with_safe_alternative"] == 2
    # the same card with nobody down next (seat 2 is the one down): no chance at all
    st2 = replace(st, down=(False, False, True, False))
    bc2 = BlunderCounter(rules, 4)
    bc2.decision(st2, 0, legal, Discard(0, parse_face("5C")))
    assert bc2.chances[0]["fed_down_player_with_safe_alternative"] == 0


def _end(st, melds=()):
    return replace(st, phase="between", melds=tuple(melds),
                   results=st.results + (DealResult(st.round, 0, (0,) * st.n),))


def test_a_bought_card_never_melded_is_counted_when_the_deal_ends():
    eng = engine_with_deal("may_i", 4, 1, hands={0: SETS_BUT_ONE}, upcard="QC")
    rules = eng.rules
    st = rules.apply(eng.state, PassUpcard(0))
    assert st.phase == "buy" and st.queue[0] == 1
    bought = st.discard[-1]
    bc = BlunderCounter(rules, 4)
    bc.decision(st, 1, rules.legal_actions(st), Buy(1))
    bc.after(st)  # the deal goes on: nothing settled yet
    assert bc.counts[1]["bought_never_used"] == 0
    bc.after(_end(st))
    assert bc.counts[1]["bought_never_used"] == 1
    assert bc.chances[1]["bought_never_used"] == 1
    # the same buy, melded before the deal ended: used
    bc2 = BlunderCounter(rules, 4)
    bc2.decision(st, 1, rules.legal_actions(st), Buy(1))
    qs = build_meld("set", 1, (bought,) + card_ids("QS QH", {bought}), (None,) * 3, frozenset())
    bc2.after(_end(st, (qs,)))
    assert bc2.counts[1]["bought_never_used"] == 0


def test_simulated_games_report_blunders_and_cpu_time_per_level():
    res = play_game("mexican", ["normal", "hard", "normal", "hard"], seed=3, budget_ms=20,
                    count_blunders=True)
    summ = summarize([res])
    for lv in ("normal", "hard"):
        d = summ["per_level"][lv]
        assert set(d["blunders"]) == set(BLUNDERS) == set(d["blunder_chances"])
        assert all(d["blunders"][k] <= d["blunder_chances"][k] for k in BLUNDERS)
        assert d["p99_cpu_ms"] > 0
    # a whole game of Mexican has discards while a player is down
    assert sum(summ["per_level"][lv]["blunder_chances"]["fed_down_player_with_safe_alternative"]
               for lv in ("normal", "hard")) > 0


def test_the_simulate_command_prints_them():
    code, out, _err = run_cli("simulate", "--variant", "may_i", "--players", "3", "--games", "1",
                              "--levels", "normal", "--json", "--seed", "4")
    assert code == 0
    d = json.loads(out)["per_level"]["normal"]
    assert set(d["blunders"]) == set(BLUNDERS)
    assert isinstance(d["p99_cpu_ms"], float)
