"""Hard searches where search pays (issue 18): the search level's paired rollouts, with
hard's whole budget, at Mexican round-7 discards while not down (MX-7), at Contract
calls (CR-5) and May I? buys (MI-5) of an upcard that lowers the hand's distance;
elsewhere hard is unchanged.
Michigan's hard level is the search (``SearchMichigan``), ``search`` its alias."""
from __future__ import annotations

import random

import pytest

from table_app.ai import make_player
from table_app.ai.contract_search import SEARCH_POINTS, HardContract
from table_app.ai.is_search import SearchMichigan
from table_app.core.actions import Discard, Draw, PassBuy, PassUpcard
from table_app.core.cards import parse_face
from tests.helpers.deals import engine_with_deal, michigan_deck

#: Mexican round 7 (nines wild): 3♠ 4♠ _ 6♠ 7♠, 5♥-8♥ and 10♦-K♦ are the three runs to
#: be, 2♣ and the drawn A♣ fit nothing
MX7_HAND = "3S 4S 6S 7S 5H 6H 7H 8H 10D JD QD KD 2C"


def _mx7():
    eng = engine_with_deal("mexican", 4, 7, hands={0: MX7_HAND}, upcard="KC", stock="AC")
    eng.apply(Draw(0, "stock"))
    return eng.observe(0), eng.legal_actions()


def _hard(variant, **kw) -> HardContract:
    kw.setdefault("budget_ms", 60_000)
    kw.setdefault("search_worlds", 24)
    return HardContract(variant, **kw)


def test_the_default_search_points():
    assert SEARCH_POINTS == {"contract": frozenset({"CR-5", "CF-10", "CR-9"}),
                             "may_i": frozenset({"MI-5"}), "mexican": frozenset({"MX-7"})}
    for v in SEARCH_POINTS:
        assert make_player("hard", v).search_points == SEARCH_POINTS[v]
    with pytest.raises(ValueError):
        HardContract("contract", search=("XX-1",))


def test_a_mexican_round_7_discard_is_searched_and_the_search_overturns_a_bad_pick():
    """MX-7: hard's pick made wrong on purpose (4♠ breaks the spade run); the rollouts
    in 24 worlds (a count: the budget is never reached) throw a card that fits nothing."""
    obs, legal = _mx7()
    h = _hard("mexican")
    base, _ = h._decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, base) == "MX-7"
    bad = Discard(0, parse_face("4S"))
    h._decide = lambda obs, legal, rng: (bad, None)
    a, why = h.decide(obs, legal, random.Random(0))
    assert a.card in (parse_face("AC"), parse_face("2C")), why
    assert why.id == "search_gain" and why.params["n"] == 24
    assert h.last_stats["worlds"] == 24 and h.last_stats["searched"]
    assert h.last_stats["rollouts"] == 24 * h.last_stats["candidates"]
    # without the search points the bad pick stands
    plain = _hard("mexican", search=())
    plain._decide = lambda obs, legal, rng: (bad, None)
    assert plain.decide(obs, legal, random.Random(0))[0] == bad


#: Contract round 7: 5♠ 5♥ 5♦ and 9♣ 9♦ 9♥ the two sets, 2♣-5♣ _ 7♣ 8♣ the run of 7 to be
#: (6♣ missing); the drawn A♦ fits nothing
CR9_HAND = "5S 5H 5D 9C 9D 9H 2C 3C 4C 5C 7C 8C"


def test_a_contract_round_7_discard_is_searched_and_the_search_overturns_a_bad_pick():
    """CR-9 (searched by default since 2026-12-08): hard's pick made wrong on purpose
    (4♣ breaks the run of 7); the rollouts in 24 worlds throw the A♦ that fits nothing."""
    eng = engine_with_deal("contract", 4, 7, hands={0: CR9_HAND}, upcard="KH", stock="AD")
    eng.apply(PassUpcard(0))
    while eng.to_act()[1] == "buy":
        eng.apply(PassBuy(eng.to_act()[0]))
    eng.apply(Draw(0, "stock"))
    obs, legal = eng.observe(0), eng.legal_actions()
    h = _hard("contract")
    base, _ = h._decide(obs, legal, random.Random(0))
    assert base.type == "discard" and h.search_point(obs, legal, base) == "CR-9"
    bad = Discard(0, parse_face("4C"))
    h._decide = lambda obs, legal, rng: (bad, None)
    a, why = h.decide(obs, legal, random.Random(0))
    assert a.card == parse_face("AD"), why
    assert why.id == "search_gain" and h.last_stats["worlds"] == 24
    # with the search points of before, the bad pick stands
    old = _hard("contract", search=("CR-5", "CF-10"))
    old._decide = lambda obs, legal, rng: (bad, None)
    assert old.decide(obs, legal, random.Random(0))[0] == bad


def test_a_spent_budget_searches_nothing():
    obs, legal = _mx7()
    h = _hard("mexican", budget_ms=0.0)
    h._decide = lambda obs, legal, rng: (Discard(0, parse_face("4S")), None)
    a, _why = h.decide(obs, legal, random.Random(0))
    assert a == Discard(0, parse_face("4S")) and "searched" not in h.last_stats


def test_round_6_and_a_seat_that_is_down_are_not_mx7_points():
    obs, legal = _mx7()
    h = _hard("mexican")
    from dataclasses import replace
    assert h.search_point(replace(obs, round=6), legal, legal[0]) is None
    down = tuple(s == 0 for s in range(4))
    assert h.search_point(replace(obs, down=down), legal, legal[0]) is None


def _call(up: str):
    """Contract round 1 (two sets): seat 0 declines ``up``; seat 1 (7♠ 7♥, K♦) may call
    it (CR-5)."""
    eng = engine_with_deal("contract", 4, 1, hands={1: "7S 7H 2C 3D 5H 9S JC KD QH 4C"},
                           upcard=up)
    eng.apply(PassUpcard(0))
    seat = eng.rules.to_act(eng.state)[0]
    assert seat == 1
    return eng.observe(1), eng.legal_actions()


def test_a_call_that_lowers_the_distance_is_searched():
    obs, legal = _call("7D")
    h = _hard("contract", search_worlds=16)
    a, why = h.decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, a) == "CR-5"
    assert h.last_stats["searched"] and h.last_stats["worlds"] == 16
    assert h.last_stats["rollouts"] == 32 and a.type in ("buy", "pass_buy")


def test_a_call_that_does_not_lower_the_distance_is_hards_own():
    obs, legal = _call("8C")
    h = _hard("contract")
    a, _why = h.decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, a) is None and "searched" not in h.last_stats
    # Contract's calls are searched by CR-5 alone (MI-5 is May I?'s)
    assert "CR-5" in h.search_points and "MI-5" not in h.search_points


def test_hard_michigan_is_the_search_and_search_its_alias():
    hard, alias = make_player("hard", "michigan"), make_player("search", "michigan")
    assert type(hard) is SearchMichigan and type(alias) is SearchMichigan
    assert hard.level == "hard" and alias.level == "search"
    assert hard.samples == 2000 and hard.budget_ms == 300.0 and hard.z == 1.0 and hard.share_left


def test_hard_michigan_counts_its_worlds_and_plays_as_the_alias():
    """With a budget never reached the worlds are a count (``samples``): the same lead,
    the same worlds, from either name."""
    from table_app.core.actions import Deal
    from table_app.variants.michigan import MichiganRules
    rules = MichiganRules({})
    deck = michigan_deck(4, 0, {1: "2S 5D 9C 10C", 2: "2D 3D 4D"})
    st = rules.apply(rules.initial_state(4), Deal(1, 0, deck))
    obs, legal = rules.observe(st, 1), rules.legal_actions(st)
    got = []
    for level in ("hard", "search"):
        p = make_player(level, "michigan", budget_ms=60_000, samples=30)
        a, why = p.decide(obs, legal, random.Random(1))
        st = dict(p.last_stats)
        assert 0 < st.pop("ess") <= 30      # the worlds' effective number (weights)
        assert st == {"worlds": 30, "rollouts": 30 * len(legal), "pooled": 0}
        got.append((a, why))
    assert got[0] == got[1]


def test_the_mx7_search_never_weighs_a_wild_while_a_safe_discard_is_legal():
    """MX-7 with a wild in hand (nines wild in round 7): 9♣ fills the spade run, the
    diamonds are one short, 2♣ and the drawn K♣ fit nothing.  The searched candidates are
    hard's own discard scores below the wild's 1,000 (``discard_scores``), so the search
    cannot overturn a safe discard into a wild (the ``discarded_wild_with_safe_alternative``
    blunder stays 0, issue 18)."""
    from table_app.ai.is_search import SearchContract
    eng = engine_with_deal("mexican", 4, 7, upcard="5C", stock="KC",
                           hands={0: "3S 4S 6S 7S 5H 6H 7H 8H 10D JD QD 9C 2C"})
    eng.apply(Draw(0, "stock"))
    obs, legal = eng.observe(0), eng.legal_actions()
    h = _hard("mexican")
    a, _why = h.decide(obs, legal, random.Random(0))
    assert a.type == "discard" and a.card != parse_face("9C")
    assert h.search_point(obs, legal, a) == "MX-7" and h.last_stats["searched"]
    cands = SearchContract("mexican").candidates(obs, legal, a)
    assert len(cands) > 1 and all(c.card != parse_face("9C") for c in cands)


def _may_i_buy(up: str):
    """May I? round 1 (two sets): seat 1 (active) declines ``up``; seat 2 (K♠ K♥, the
    7♠ 7♥ 7♦ set, five cards that fit nothing) may buy it (MI-5: the upcard and a penalty
    card)."""
    eng = engine_with_deal("may_i", 4, 1, dealer=0, upcard=up, stock="3C 6D",
                           hands={2: "KS KH 7S 7H 7D 2C 4D 9S JC 5H"})
    eng.apply(PassUpcard(1))
    assert eng.to_act() == (2, "buy")
    return eng.observe(2), eng.legal_actions()


def test_a_may_i_buy_that_lowers_the_distance_is_searched_and_overturns_a_bad_pass():
    """MI-5: K♦ completes the second set.  The buy is searched (24 worlds, a count: the
    budget is never reached), and hard's pick made wrong on purpose (a pass) is
    overturned: the rollouts buy."""
    from table_app.core.actions import Buy, PassBuy
    obs, legal = _may_i_buy("KD")
    h = _hard("may_i")
    a, _why = h.decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, a) == "MI-5"
    assert a == Buy(2) and h.last_stats["searched"] and h.last_stats["worlds"] == 24
    assert h.last_stats["rollouts"] == 48
    h._decide = lambda obs, legal, rng: (PassBuy(2), None)
    a, why = h.decide(obs, legal, random.Random(0))
    assert a == Buy(2) and why.id == "search_gain" and why.params["n"] == 24
    # without the search points the bad pass stands
    plain = _hard("may_i", search=())
    plain._decide = lambda obs, legal, rng: (PassBuy(2), None)
    assert plain.decide(obs, legal, random.Random(0))[0] == PassBuy(2)


def test_a_may_i_buy_that_does_not_lower_the_distance_is_not_searched():
    obs, legal = _may_i_buy("8C")
    h = _hard("may_i")
    a, _why = h.decide(obs, legal, random.Random(0))
    assert a.type == "pass_buy" and "searched" not in h.last_stats
    assert h.search_point(obs, legal, a) is None
    # MI-5:any searches every buy: this one too (both candidates rolled out)
    h = _hard("may_i", search=("MI-5:any",), search_worlds=8)
    a, _why = h.decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, a) == "MI-5"
    assert h.last_stats["searched"] and h.last_stats["rollouts"] == 16


def test_mi5_is_no_search_point_of_contract_or_mexican():
    """The MI-5 point names May I?'s buys only: a Contract call is CR-5's (searched or not
    by that id alone), so turning MI-5 on leaves Contract's and Mexican's play as it was."""
    obs, legal = _call("7D")
    h = _hard("contract", search=("MI-5",))
    a, _why = h.decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, a) is None and "searched" not in h.last_stats
    obs, legal = _mx7()
    h = _hard("mexican", search=("MI-5",))
    a, _why = h.decide(obs, legal, random.Random(0))
    assert h.search_point(obs, legal, a) is None and "searched" not in h.last_stats


def _contract_draw(up: str):
    """Contract round 1 (two sets), seat 0 to draw: 7♠ 7♥ and K♠ K♥ K♣, ``up`` the upcard."""
    eng = engine_with_deal("contract", 4, 1, hands={0: "7S 7H KS KH KC 2C 3D 5H 9S JC"},
                           upcard=up)
    assert eng.to_act() == (0, "draw")
    return eng.observe(0), eng.legal_actions()


def test_a_contract_take_of_the_upcard_is_searched_against_the_stock():
    """CF-10: 7♦ completes the second set, hard takes it; the take is searched (16
    worlds, a count) against passing it, and the take stands."""
    obs, legal = _contract_draw("7D")
    h = _hard("contract", search_worlds=16)
    a, _why = h.decide(obs, legal, random.Random(0))
    assert a == Draw(0, "discard") and h.search_point(obs, legal, a) == "CF-10"
    assert h.last_stats["searched"] and h.last_stats["worlds"] == 16
    assert h.last_stats["rollouts"] == 32 and h.last_stats["candidates"] == 2


def test_a_draw_from_the_stock_is_hards_own_and_cf10_is_contracts_alone():
    """An upcard that fits nothing (8♦): hard passes it (to the calls and the stock), no
    search.  May I? and
    Mexican do not search takes by default (CF-10 gained nothing there)."""
    obs, legal = _contract_draw("8D")
    h = _hard("contract")
    a, _why = h.decide(obs, legal, random.Random(0))
    assert a == PassUpcard(0) and h.search_point(obs, legal, a) is None
    assert "searched" not in h.last_stats
    assert "CF-10" not in _hard("may_i").search_points
    assert "CF-10" not in _hard("mexican").search_points


def test_round_7_weighs_the_points_held_by_w_points_whole():
    """MX-7 with J♦ K♦ A♦ A♦ and the drawn Q♣: at the default weight of the points held
    (20, as in the other rounds) hard sheds an ace of the diamond run to be for its 15
    points; with ``w_points_whole=0`` (nobody is down before going out in round 7) it
    throws 2♣, which fits nothing."""
    eng = engine_with_deal("mexican", 4, 7, hands={0: "7S 3H 7H 5D 8D JD KD AD AD 2C 8C 10C JC"},
                           upcard="KC", stock="QC")
    eng.apply(Draw(0, "stock"))
    obs, legal = eng.observe(0), eng.legal_actions()
    h = _hard("mexican", search=())
    assert h.w_points_whole == h.w_points == 20.0
    a, why = h.decide(obs, legal, random.Random(0))
    assert a == Discard(0, parse_face("AD")) and why.id == "discard_sheds"
    h = _hard("mexican", search=(), w_points_whole=0.0)
    a, why = h.decide(obs, legal, random.Random(0))
    assert a == Discard(0, parse_face("2C")) and why.id == "looks_ahead"


def test_cf11_names_every_discard_while_not_down_when_turned_on():
    """CF-11 (off by default in every variant): a discard of round 6 is searched when the
    point is on, not by the default Mexican hard (MX-7 is round 7's alone), and never
    once the seat is down or when only one discard is legal."""
    from dataclasses import replace
    obs, legal = _mx7()
    r6 = replace(obs, round=6)
    d = next(a for a in legal if a.type == "discard")
    assert "CF-11" not in SEARCH_POINTS["mexican"]
    assert _hard("mexican").search_point(r6, legal, d) is None
    h = _hard("mexican", search=("MX-7", "CF-11"))
    assert h.search_point(r6, legal, d) == "CF-11"
    assert h.search_point(obs, legal, d) == "MX-7"        # round 7 keeps its own id
    down = tuple(s == 0 for s in range(4))
    assert h.search_point(replace(r6, down=down), legal, d) is None
    assert h.search_point(r6, [d], d) is None
