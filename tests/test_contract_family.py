"""The contract family's rules: every worked example and check to automate in
contract.md, may_i.md, mexican.md and contract_family.md, and a refusal test for every
rule id that can refuse (the state is unchanged after each)."""
from __future__ import annotations

import pytest

from table_app.core.actions import (
    Buy,
    Deal,
    Discard,
    Draw,
    GoDown,
    LayOff,
    MeldDecl,
    PassBuy,
    PassUpcard,
    Restock,
    Swap,
)
from table_app.core.cards import JOKER, cards_text, parse_cards, parse_face
from table_app.core.errors import IllegalActionError, RecordError
from table_app.engine.engine import Engine
from table_app.variants import find_variant
from tests.helpers.deals import all_cards, deck_order, engine_with_deal

F = parse_face


def M(kind, cards, roles=None):
    return MeldDecl.make(kind, cards, roles)


def refused(eng, action, rule):
    """Assert ``action`` is refused naming ``rule`` and nothing changes."""
    before_state, before_len = eng.state, len(eng.log)
    with pytest.raises(IllegalActionError) as ei:
        eng.apply(action)
    assert ei.value.rule == rule, f"{ei.value} (wanted {rule})"
    assert f"({rule})" in str(ei.value)
    assert eng.state is before_state and len(eng.log) == before_len
    return ei.value


def score_hand(variant, rnd, text, n=4):
    rules = find_variant(variant)({})
    return sum(rules.value(f, rnd) for f in parse_cards(text))


# ---------------------------------------------------------------- Contract Rummy
class TestContract:
    def test_check1_four_players_round1_sizes(self):
        eng = engine_with_deal("contract", 4, 1)
        st = eng.state
        assert len(eng.rules.deck(4)) == 108
        assert sum(len(h) for h in st.hands) == 40
        assert len(st.discard) == 1
        assert len(st.stock) == 67

    def test_check2_deck_sizes_and_round5_eight_players(self):
        rules = find_variant("contract")({})
        assert len(rules.deck(5)) == 162
        assert len(rules.deck(6)) == 162
        assert len(rules.deck(7)) == 216
        assert len(rules.deck(3)) == 108
        eng = engine_with_deal("contract", 8, 5)
        st = eng.state
        assert sum(len(h) for h in st.hands) == 96
        assert all(len(h) == 12 for h in st.hands)
        assert len(st.discard) == 1 and len(st.stock) == 119

    def _check3(self):
        eng = engine_with_deal("contract", 4, 2, hands={0: "5C 6C JK 8C 9C 7D 7H 7S QH KD"}, stock="2S")
        eng.apply(PassUpcard(0))
        for s in (1, 2, 3):
            if eng.to_act() == (s, "buy"):
                eng.apply(PassBuy(s))
        eng.apply(Draw(0, "stock"))
        assert "2S" in cards_text(eng.state.hands[0]).split()
        return eng

    def test_check3_exact_contract_and_layoff_right_after(self):
        eng = self._check3()
        too_long = GoDown(0, (M("run", "5C 6C JK 8C 9C", [None, None, "7C", None, None]),
                              M("set", "7D 7H 7S")))
        e = refused(eng, too_long, "CR-4")
        assert "exactly" in e.reason
        eng.apply(GoDown(0, (M("run", "6C JK 8C 9C", [None, "7C", None, None]),
                             M("set", "7D 7H 7S"))))
        st = eng.state
        assert st.down[0] and len(st.melds) == 2
        run = st.melds[0]
        assert cards_text(run.cards) == "6C JK 8C 9C" and run.roles[1] == F("7C")
        # CR-6: 5C may be laid off right after, on the same turn
        eng.apply(LayOff(0, 0, F("5C")))
        assert cards_text(eng.state.melds[0].cards) == "5C 6C JK 8C 9C"
        assert sorted(cards_text(eng.state.hands[0]).split()) == ["2S", "KD", "QH"]

    def test_check4_two_jokers_in_a_going_down_set_refused_but_laid_off_later(self):
        eng = engine_with_deal("contract", 4, 1, hands={0: "7D JK JK 9C 9D 9H 7S 7C QH KD"}, stock="2S")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        e = refused(eng, GoDown(0, (M("set", "7D JK JK", [None, "7H", "7S"]), M("set", "9C 9D 9H"))),
                    "CR-4")
        assert "outnumber" in e.reason
        eng.apply(GoDown(0, (M("set", "7D 7S 7C"), M("set", "9C 9D 9H"))))
        # lay-offs have no such limit: both jokers go onto the set of sevens
        eng.apply(LayOff(0, 0, JOKER, F("7H")))
        eng.apply(LayOff(0, 0, JOKER, F("7H")))
        assert eng.state.melds[0].wild_count() == 2
        assert len(eng.state.melds[0].cards) == 5

    def test_check5_down_player_may_not_discard_a_playable_card(self):
        eng = engine_with_deal("contract", 4, 1, hands={0: "8C 8D 8S 9C 9D 9H 8H 4S QH KD"}, stock="2D")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        eng.apply(GoDown(0, (M("set", "8C 8D 8S"), M("set", "9C 9D 9H"))))
        # 8H fits the set of eights; QH does not fit anything
        e = refused(eng, Discard(0, F("8H")), "CR-8")
        assert "laid off" in e.reason
        legal = eng.legal_actions()
        assert Discard(0, F("8H")) not in legal and Discard(0, F("QH")) in legal
        eng.apply(Discard(0, F("QH")))

    def test_check6_contract_card_values(self):
        assert score_hand("contract", 1, "2S AH KC 5D JK") == 75
        # deuces wild option: twos stay at 20
        rules = find_variant("contract")({"deuces_wild": True})
        assert rules.value(F("2S"), 1) == 20 and rules.wild_ranks(1) == frozenset({2})

    def test_swap_a_wild_in_a_run(self):
        eng = engine_with_deal("contract", 4, 3, hands={0: "5C 6C JK 8C 3H 4H 5H 6H 7C KS"}, stock="2S")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        eng.apply(GoDown(0, (M("run", "5C 6C JK 8C", [None, None, "7C", None]),
                             M("run", "3H 4H 5H 6H"))))
        e = refused(eng, Swap(0, 0, F("KS")), "CR-7")
        assert "stands for" in e.reason
        e = refused(eng, Swap(0, 0, F("9C")), "CR-7")
        assert "hold" in e.reason
        eng.apply(Swap(0, 0, F("7C")))
        st = eng.state
        assert cards_text(st.melds[0].cards) == "5C 6C 7C 8C" and st.melds[0].wild_count() == 0
        assert "JK" in cards_text(st.hands[0]).split()
        # the freed joker may be laid off at once
        eng.apply(LayOff(0, 1, JOKER, F("7H")))
        assert cards_text(eng.state.melds[1].cards) == "3H 4H 5H 6H JK"

    def test_swap_refused_in_a_set(self):
        eng = engine_with_deal("contract", 4, 1, hands={0: "8C 8D JK 9C 9D 9H 8H 4S QH KD"}, stock="2D")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        eng.apply(GoDown(0, (M("set", "8C 8D JK", [None, None, "8S"]), M("set", "9C 9D 9H"))))
        refused(eng, Swap(0, 0, F("8H")), "CR-7")

    def test_call_one_per_turn_with_penalty_card(self):
        eng = engine_with_deal("contract", 4, 1, upcard="KD", stock="2S 3S")
        eng.apply(PassUpcard(0))
        assert eng.to_act() == (1, "buy")
        eng.apply(PassBuy(1))
        refused(eng, Buy(3), "CR-5")  # seat 2 is asked first
        eng.apply(Buy(2))
        st = eng.state
        assert len(st.hands[2]) == 12 and "KD" in cards_text(st.hands[2]).split()
        assert "2S" in cards_text(st.hands[2]).split()
        # no chain in Contract: the active player draws at once
        assert eng.to_act() == (0, "draw") and st.phase == "stock"
        eng.apply(Draw(0, "stock"))
        assert "3S" in cards_text(eng.state.hands[0]).split()

    def test_round7_whole_hand_two_sets_of_three_and_run_of_seven(self):
        hand = "5S 5H 5D 9C 9D 9H 3C 4C 5C 6C 7C 8C JK"
        eng = engine_with_deal("contract", 4, 7, hands={0: "5S 5H 5D 9C 9D 9H 3C 4C 5C 6C 7C 8C"},
                               stock="JK")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        assert sorted(cards_text(eng.state.hands[0]).split()) == sorted(hand.split())
        refused(eng, GoDown(0, (M("set", "5S 5H 5D"), M("set", "9C 9D 9H"),
                                M("run", "3C 4C 5C 6C")) ), "CR-9")
        eng.apply(GoDown(0, (M("set", "5S 5H 5D"), M("set", "9C 9D 9H"),
                             M("run", "3C 4C 5C 6C 7C 8C JK", [None] * 6 + ["9C"]))))
        assert eng.state.phase == "over"
        assert eng.state.results[-1].winner == 0 and eng.state.results[-1].scores[0] == 0
        assert eng.log[-2].type == "deal_end" and eng.log[-1].type == "game_end"


# ---------------------------------------------------------------- May I?
class TestMayI:
    def test_worked_example(self):
        """may_i.md: C buys 2D + QC during A's turn (12 cards, no going down), later draws
        KS, goes down with 3H-7H and 8H-JH separate, discards KS, keeps 2D QC AC."""
        c_hand = "3H 4H 5H 6H 7H 8H 9H 10H JH AC"
        eng = engine_with_deal("may_i", 4, 3, dealer=3, hands={2: c_hand}, upcard="2D",
                               stock="QC 5S 6S KS")
        eng.apply(PassUpcard(0))
        eng.apply(PassBuy(1))
        eng.apply(Buy(2))
        st = eng.state
        assert len(st.hands[2]) == 12
        assert sorted(cards_text(st.hands[2]).split()) == sorted((c_hand + " 2D QC").split())
        # no going down during the buy: it is A's turn (MI-9)
        refused(eng, GoDown(2, (M("run", "3H 4H 5H 6H 7H"), M("run", "8H 9H 10H JH"))), "MI-9")
        refused(eng, Discard(2, F("QC")), "MI-9")
        eng.apply(Draw(0, "stock"))
        eng.apply(Discard(0, F("5S")))
        eng.apply(PassUpcard(1))
        eng.apply(PassBuy(2))
        eng.apply(PassBuy(3))
        eng.apply(Draw(1, "stock"))
        eng.apply(Discard(1, F("6S")))
        eng.apply(PassUpcard(2))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(2, "stock"))
        assert len(eng.state.hands[2]) == 13 and "KS" in cards_text(eng.state.hands[2]).split()
        eng.apply(GoDown(2, (M("run", "3H 4H 5H 6H 7H"), M("run", "8H 9H 10H JH"))))
        assert [len(m.cards) for m in eng.state.melds] == [5, 4]
        # no laying off on the turn of going down (MI-4)
        refused(eng, LayOff(2, 1, F("QC")), "MI-4")
        eng.apply(Discard(2, F("KS")))
        assert sorted(cards_text(eng.state.hands[2]).split()) == ["2D", "AC", "QC"]
        assert eng.state.phase == "draw"  # going down is not going out

    def test_check1_five_players(self):
        rules = find_variant("may_i")({})
        assert len(rules.deck(5)) == 162 and len(rules.deck(4)) == 108
        eng = engine_with_deal("may_i", 5, 1)
        st = eng.state
        assert sum(len(h) for h in st.hands) == 50 and len(st.discard) == 1
        assert len(st.stock) == 111
        eng4 = engine_with_deal("may_i", 4, 1)
        assert len(eng4.state.stock) == 67

    def test_check2_buy_priority_by_nearness(self):
        eng = engine_with_deal("may_i", 4, 1, dealer=0, upcard="KD", stock="2S 3S")
        # seat 1 is active and declines
        eng.apply(PassUpcard(1))
        assert eng.to_act() == (2, "buy")
        # seat 3 asks too, but seat 2 is nearer: seat 3 can't answer before seat 2
        refused(eng, Buy(3), "MI-5")
        eng.apply(Buy(2))
        assert "KD" in cards_text(eng.state.hands[2]).split()

    def test_check3_chain_exposed_card_not_to_the_previous_buyer(self):
        eng = engine_with_deal("may_i", 4, 1, dealer=3, upcard="KD", stock="2S 3S 4S 5S 6S")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        eng.apply(Discard(0, F("2S")))  # pile: KD 2S (2S by seat 0)
        eng.apply(PassUpcard(1))
        assert eng.to_act() == (2, "buy")
        eng.apply(Buy(2))  # seat 2 buys 2S + penalty 3S; KD beneath is exposed
        st = eng.state
        assert st.phase == "buy" and cards_text(st.discard) == "KD"
        # the exposed card: seat 2 (the previous buyer) may not buy; seat 3 may
        assert eng.to_act() == (3, "buy")
        e = refused(eng, Buy(2), "MI-6")
        assert "chain" in e.reason
        eng.apply(Buy(3))
        st = eng.state
        assert "KD" in cards_text(st.hands[3]).split() and len(st.hands[3]) == 12
        assert st.phase == "stock" and eng.to_act() == (1, "draw")
        # MI-7: any number of buys; each adds 2 cards
        assert len(st.hands[2]) == 12

    def test_bare_stock_draw_refused_while_upcard(self):
        eng = engine_with_deal("may_i", 4, 1)
        refused(eng, Draw(0, "stock"), "MI-4")

    def test_check4_may_i_values(self):
        assert score_hand("may_i", 1, "JK AH KS 10D 7C 2H") == 69

    def test_round7_ordinary_three_runs_then_discard(self):
        eng = engine_with_deal("may_i", 3, 7, dealer=2,
                               hands={0: "3S 4S 5S 6S 8H 9H 10H JH 9C 10C JC QC"}, upcard="KD", stock="2D")
        eng.apply(PassUpcard(0))
        while eng.to_act()[1] == "buy":
            eng.apply(PassBuy(eng.to_act()[0]))
        eng.apply(Draw(0, "stock"))
        eng.apply(GoDown(0, (M("run", "3S 4S 5S 6S"), M("run", "8H 9H 10H JH"),
                             M("run", "9C 10C JC QC"))))
        assert eng.state.phase == "play" and cards_text(eng.state.hands[0]) == "2D"
        eng.apply(Discard(0, F("2D")))
        assert eng.state.phase == "over" and eng.state.results[-1].winner == 0

    def test_no_penalty_card_no_buy(self):
        eng = engine_with_deal("may_i", 4, 1, dealer=3, upcard="KD")
        st = eng.state
        # empty the stock by hand: a state where the stock is empty and the pile is KD only
        from dataclasses import replace
        eng.states[-1] = replace(st, stock=(), discard=st.discard + (st.stock[-1],),
                                 discarders=st.discarders + (3,), hands=st.hands)
        # now the pile holds two cards and no stock: the active player may pass...
        eng.apply(PassUpcard(0))
        # ...but a buy needs a penalty card, and the pile under the bought card is one card
        e = refused(eng, Buy(1), "MI-8")
        assert "penalty" in e.reason


# ---------------------------------------------------------------- Mexican Rummy
class TestMexican:
    def test_scoring_example(self):
        assert score_hand("mexican", 2, "4S AH KC 2D") == 50

    def test_mx2_round1_sizes(self):
        eng = engine_with_deal("mexican", 4, 1)
        st = eng.state
        assert sum(len(h) for h in st.hands) == 28 and len(st.discard) == 1
        assert len(st.stock) == 79

    def test_going_down_with_a_four_for_a_seven(self):
        eng = engine_with_deal("mexican", 2, 2, dealer=0, hands={1: "7C 7D 4H 9S 10S JS QS KD"},
                               stock="2C 5C 7H")
        eng.apply(Draw(1, "stock"))
        gd = GoDown(1, (M("set", "7C 7D 4H", [None, None, "7S"]), M("run", "9S 10S JS QS")))
        eng.apply(gd)
        refused(eng, LayOff(1, 1, F("KD")), "MX-5")
        eng.apply(Discard(1, F("KD")))
        assert cards_text(eng.state.hands[1]) == "2C"
        eng.apply(Draw(0, "stock"))
        eng.apply(Discard(0, F("5C")))
        eng.apply(Draw(1, "stock"))
        eng.apply(LayOff(1, 0, F("7H")))
        assert cards_text(eng.state.melds[0].cards) == "7C 7D 4H 7H"
        assert eng.state.melds[0].roles[2] == F("7S")  # the 4H stays a seven
        eng.apply(Discard(1, F("2C")))
        res = eng.state.results[-1]
        assert res.winner == 1 and res.scores[1] == 0

    def test_check1_round7_whole_hand_three_runs(self):
        hand = "3S 4S 5S 6S 7S 8H 9H 10H JH QH 9C 10C JC"
        eng = engine_with_deal("mexican", 3, 7, dealer=2, hands={0: hand}, stock="QC")
        eng.apply(Draw(0, "stock"))
        # three runs of exactly 4 leave 2 cards: refused
        e = refused(eng, GoDown(0, (M("run", "3S 4S 5S 6S"), M("run", "8H 9H 10H JH"),
                                    M("run", "9C 10C JC QC"))), "MX-7")
        assert "2 cards" in e.reason
        eng.apply(GoDown(0, (M("run", "3S 4S 5S 6S 7S"), M("run", "8H 9H 10H JH QH"),
                             M("run", "9C 10C JC QC"))))
        st = eng.state
        assert st.phase == "over" and st.results[-1].winner == 0
        assert eng.log[-1].type == "game_end"

    def test_check2_threes_wild_in_round1(self):
        eng = engine_with_deal("mexican", 3, 1, dealer=2, hands={0: "3S 3H 3D 3C JK 3D KS"}, stock="KD")
        eng.apply(Draw(0, "stock"))
        # natural set of threes (no roles) + a set of threes with a joker
        eng.apply(GoDown(0, (M("set", "3S 3H 3D"), M("set", "3C JK 3D", [None, "3H", None]))))
        assert [m.wild_count() for m in eng.state.melds] == [0, 1]
        assert eng.state.melds[0].rank == 3 and eng.state.melds[1].rank == 3

    def test_check3_tie_broken_by_deals_won(self):
        rules = find_variant("mexican")({})
        from table_app.variants.contract_family import DealResult
        st = rules.initial_state(3)
        from dataclasses import replace
        st = replace(st, phase="over", round=7, results=(
            DealResult(1, 0, (0, 10, 30)), DealResult(2, 1, (20, 0, 5)),
            DealResult(3, 1, (5, 0, 10))), wins=(1, 2, 0))
        assert rules.totals(st) == (25, 10, 45)
        st2 = replace(st, results=st.results + (DealResult(4, 0, (0, 15, 0)),), wins=(2, 2, 0))
        assert rules.totals(st2) == (25, 25, 45)
        assert rules.winners(st2) == (0, 1)  # equal deals won: shared
        st3 = replace(st2, wins=(3, 2, 0))
        assert rules.winners(st3) == (0,)
        # May I? and Contract share ties without the deals-won rule
        mi = find_variant("may_i")({})
        assert mi.winners(st3) == (0, 1)

    def test_mexican_wild_rank_rises(self):
        rules = find_variant("mexican")({})
        assert [min(rules.wild_ranks(r)) for r in range(1, 8)] == [3, 4, 5, 6, 7, 8, 9]
        assert rules.value(F("4S"), 2) == 20 and rules.value(F("4S"), 3) == 5

    def test_no_buying_in_mexican(self):
        eng = engine_with_deal("mexican", 3, 1)
        refused(eng, PassUpcard(0), "MX-5")
        refused(eng, Buy(1), "MX-5")
        eng.apply(Draw(0, "stock"))  # the active player simply draws


# ---------------------------------------------------------------- shared rules
class TestSharedRefusals:
    def test_turn_order_and_phases(self):
        eng = engine_with_deal("may_i", 4, 1)
        refused(eng, Discard(0, eng.state.hands[0][0] >> 3), "CF-10")
        refused(eng, Draw(1, "discard"), "CF-11")
        eng.apply(Draw(0, "discard"))
        refused(eng, Draw(0, "discard"), "CF-10")
        refused(eng, PassUpcard(0), "CF-10")
        refused(eng, Discard(0, F("AS")) if "AS" not in cards_text(eng.state.hands[0]).split()
                else Discard(0, F("AH")), "CF-11")

    def test_go_down_refusals(self):
        eng = engine_with_deal("may_i", 4, 1, hands={0: "7C 7D 7H 9S 9D 9C KD 2H 3H 4H"}, upcard="KS")
        eng.apply(Draw(0, "discard"))
        refused(eng, GoDown(0, (M("set", "7C 7D 7H"),)), "CF-7")
        refused(eng, GoDown(0, (M("set", "7C 7D 7H"), M("run", "2H 3H 4H KD"))), "CF-7")
        refused(eng, GoDown(0, (M("set", "7C 7D 9S"), M("set", "9D 9C KD"))), "CF-1")
        refused(eng, GoDown(0, (M("set", "7C 7D 7S"), M("set", "9D 9C 9S"))), "CF-9")
        refused(eng, LayOff(0, 0, F("7S")), "CF-8")
        eng.apply(GoDown(0, (M("set", "7C 7D 7H"), M("set", "9S 9D 9C"))))
        refused(eng, GoDown(0, (M("set", "2H 3H 4H"), M("set", "9S 9D 9C"))), "CF-7")

    def test_run_refusals(self):
        rules = find_variant("may_i")({})
        from table_app.core.melds import build_meld
        ids = lambda t: [f * 8 for f in parse_cards(t)]  # noqa: E731
        with pytest.raises(IllegalActionError) as e:
            build_meld("run", 0, ids("KS AS 2S 3S"), [None] * 4, frozenset())
        assert e.value.rule == "CF-2"
        with pytest.raises(IllegalActionError):
            build_meld("run", 0, ids("4S 5S 6H 7S"), [None] * 4, frozenset())
        assert build_meld("run", 0, ids("AS 2S 3S 4S"), [None] * 4, frozenset()).rank == 1
        assert build_meld("run", 0, ids("JS QS KS AS"), [None] * 4, frozenset()).high == 14
        with pytest.raises(IllegalActionError) as e:
            build_meld("run", 0, ids("4S JK 6S 7S"), [None] * 4, frozenset())
        assert e.value.rule == "CF-3"  # a joker needs a role
        assert rules is not None

    def test_meld_last_card_refused(self):
        eng = engine_with_deal("may_i", 4, 1, hands={0: "7C 7D 7H 9S 9D 9C 9H 7S 8S KD"}, upcard="9C")
        eng.apply(Draw(0, "discard"))
        # 11 cards: a go-down using all 11 would leave nothing to discard
        refused(eng, GoDown(0, (M("set", "7C 7D 7H 7S"), M("set", "9S 9D 9C 9H 9C 8S KD"))), "CF-1")
        refused(eng, GoDown(0, (M("set", "7C 7D 7H 7S 8S KD"), M("set", "9S 9D 9C 9H 9C"))), "CF-1")

    def test_keep_a_card_for_the_discard(self):
        eng = engine_with_deal("mexican", 2, 1, dealer=1, hands={0: "8C 8D 8H 9S 9D 9C KD"}, stock="8S")
        eng.apply(Draw(0, "stock"))
        refused(eng, GoDown(0, (M("set", "8C 8D 8H 8S"), M("set", "9S 9D 9C KD", [None, None, None, "9H"]))),
                "CF-3")
        e = None
        # going down with 7 of 8 cards is fine; with all 8 (using KD as a wild is not possible)
        eng.apply(GoDown(0, (M("set", "8C 8D 8H 8S"), M("set", "9S 9D 9C"))))
        assert cards_text(eng.state.hands[0]) == "KD"
        eng.apply(Discard(0, F("KD")))
        assert eng.state.results[-1].winner == 0 and e is None

    def test_lay_off_last_card_refused(self):
        eng = engine_with_deal("mexican", 2, 1, dealer=1, hands={0: "8C 8D 8H 9S 9D 9C KD"}, stock="8S 2D 2S")
        eng.apply(Draw(0, "stock"))
        eng.apply(GoDown(0, (M("set", "8C 8D 8H"), M("set", "9S 9D 9C"))))
        eng.apply(Discard(0, F("KD")))
        eng.apply(Draw(1, "stock"))
        eng.apply(Discard(1, F("2D")))
        eng.apply(Draw(0, "stock"))  # 2S
        eng.apply(LayOff(0, 0, F("8S")))
        e = refused(eng, LayOff(0, 0, F("2S"), F("8H")), "CF-12")
        assert "last card" in e.reason

    def test_restock_and_cf13(self):
        rules = find_variant("may_i")({})
        eng = Engine(rules, 4, seed=5, auto=False)
        eng.apply(Deal(1, 3, deck_order(rules, 4, 1, 3)))
        refused(eng, Restock(tuple(parse_cards("KD"))), "CF-13")

    def test_deal_order_cf6(self):
        eng = engine_with_deal("mexican", 2, 1, dealer=1)
        rules = eng.rules
        refused(eng, Deal(2, 0, deck_order(rules, 2, 2, 0)), "CF-6")

    def test_foreign_deck_is_a_record_error(self):
        rules = find_variant("may_i")({})
        eng = Engine(rules, 4, seed=1, auto=False)
        with pytest.raises(RecordError):
            eng.apply(Deal(1, 0, tuple(parse_cards("2S 3S 4S"))))
        deck = list(deck_order(rules, 4, 1, 0))
        deck[0] = F("AS") if deck[0] != F("AS") else F("KS")
        with pytest.raises(RecordError):
            eng.apply(Deal(1, 0, tuple(deck)))
        assert eng.log == []

    def test_pass_buy_out_of_window(self):
        eng = engine_with_deal("contract", 4, 1)
        refused(eng, PassBuy(1), "CR-5")
        refused(eng, Swap(0, 0, F("7C")), "CF-10")


def test_dead_deal_cf14_when_nothing_can_be_drawn():
    """Finite deals: after the latch, n quiet turns end the deal with no winner, every
    hand scored."""
    eng = engine_with_deal("mexican", 2, 1, dealer=1)
    from dataclasses import replace
    st = eng.state
    # move the whole stock into seat 1's hand except nothing: stock empty, pile = upcard
    eng.states[-1] = replace(st, stock=(), hands=(st.hands[0], st.hands[1] + st.stock))
    refused(eng, Draw(0, "stock"), "CF-14")
    quiet = 0
    while eng.state.phase not in ("between", "over"):
        s = eng.to_act()[0]
        eng.apply(Draw(s, "discard"))
        hand = eng.state.hands[s]
        eng.apply(Discard(s, hand[0] >> 3))
        quiet += 1
        assert quiet <= 2
    res = eng.state.results[-1]
    assert res.winner is None and quiet == 2
    wr = eng.rules.wild_ranks(1)
    assert res.scores == tuple(sum(eng.rules.spec.value(c >> 3, wr) for c in h)
                               for h in eng.states[-2].hands) or res.scores[0] > 0
    assert eng.log[-1].type == "deal_end" and eng.log[-1].winner is None


def test_cards_conserved_in_a_scenario():
    eng = engine_with_deal("may_i", 4, 1)
    assert sorted(c >> 3 for c in all_cards(eng.state)) == list(eng.rules.deck(4))


def test_options_are_validated():
    with pytest.raises(ValueError):
        find_variant("contract")({"deuces_wild": "yes"})
    with pytest.raises(ValueError):
        find_variant("may_i")({"deuces_wild": True})
    with pytest.raises(ValueError):
        find_variant("contract")({}).check_players(9)
    with pytest.raises(ValueError):
        find_variant("nope")
    assert find_variant("mayi")({}).variant == "may_i"


def test_might_meet_never_refuses_a_hand_the_solver_can_meet():
    """The quick pre-check before the solver (legal_actions' go-down offer) is sound."""
    import random

    from table_app.core.cards import faces_to_cards
    from table_app.core.solver import solve_go_down
    from table_app.variants.contract_family import might_meet
    rejected = 0
    for v in ("may_i", "mexican", "contract"):
        r = find_variant(v)({"deuces_wild": True} if v == "contract" else {})
        deck = list(r.deck(4))
        rng = random.Random(v)
        for _ in range(300):
            rng.shuffle(deck)
            ids = faces_to_cards(deck)
            rnd = rng.randint(1, 7)
            h = ids[:r.spec.hand_size(rnd) + 1 + rng.choice((0, 2, 6))]
            wr = r.wild_ranks(rnd)
            whole = rnd == 7 and r.spec.round7_whole_hand
            mm = might_meet(h, r.spec.contract(rnd), wr, keep_one=not whole)
            if not mm:
                rejected += 1
                assert solve_go_down(h, r.solver_req(rnd), wr, lambda f, r=r, wr=wr: r.spec.value(f, wr)) is None
    assert rejected > 300  # it does cut most of the solver calls


class TestMoreRefusals:
    def test_cf2_bad_run_through_the_engine(self):
        eng = engine_with_deal("may_i", 4, 3, hands={0: "KS AS 2S 3S 4H 5H 6H 7H 9C 9D"}, upcard="QC")
        eng.apply(Draw(0, "discard"))
        e = refused(eng, GoDown(0, (M("run", "KS AS 2S 3S"), M("run", "4H 5H 6H 7H"))), "CF-2")
        assert "K-A-2" in e.reason

    def test_cf16_game_end_before_the_end(self):
        from table_app.core.actions import GameEnd
        eng = engine_with_deal("mexican", 2, 1)
        refused(eng, GameEnd((0, 0), (0, 1)), "CF-16")

    def test_mx6_no_swaps_in_mexican(self):
        eng = engine_with_deal("mexican", 2, 2, dealer=1, hands={0: "9S 10S JK QS 5C 5D 5H 7C"}, stock="JS 2D")
        eng.apply(Draw(0, "stock"))
        eng.apply(GoDown(0, (M("run", "9S 10S JK QS", [None, None, "JS", None]), M("set", "5C 5D 5H"))))
        eng.apply(Discard(0, F("2D")) if "2D" in cards_text(eng.state.hands[0]).split()
                  else Discard(0, F("7C")))
        eng.apply(Draw(1, "stock"))
        eng.apply(Discard(1, eng.state.hands[1][0] >> 3))
        eng.apply(Draw(0, "stock"))
        e = refused(eng, Swap(0, 0, F("JS")), "MX-6")
        assert "never moved" in e.reason

    def test_mi4_no_swaps_in_may_i(self):
        eng = engine_with_deal("may_i", 4, 3, hands={0: "9S 10S JK QS 3H 4H 5H 6H JS 2C"}, upcard="KD")
        eng.apply(Draw(0, "discard"))
        eng.apply(GoDown(0, (M("run", "9S 10S JK QS", [None, None, "JS", None]),
                             M("run", "3H 4H 5H 6H"))))
        refused(eng, Swap(0, 0, F("JS")), "MI-4")

    def test_mi10_round7_is_three_runs(self):
        eng = engine_with_deal("may_i", 3, 7, dealer=2,
                               hands={0: "3S 4S 5S 6S 8H 9H 10H JH 9C 9D 9H QC"}, upcard="KD")
        eng.apply(Draw(0, "discard"))
        e = refused(eng, GoDown(0, (M("run", "3S 4S 5S 6S"), M("run", "8H 9H 10H JH"),
                                    M("set", "9C 9D 9H"))), "MI-10")
        assert "3 runs" in e.reason
