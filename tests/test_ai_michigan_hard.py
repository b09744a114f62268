"""Michigan's hard level (issue 18): its own lead heuristic (``hard_lead_value``, the
leads it plays in its rollouts) and its search, in constructed positions where the
better play is known (MG-5 ... MG-10).  Normal's play is the baseline and must not
change: its scores are pinned here too."""
from __future__ import annotations

import random
from dataclasses import replace

from table_app.ai import make_player
from table_app.ai.michigan_ai import (
    HARD_W,
    HardMichigan,
    NormalMichigan,
    _World,
    hard_lead_value,
    known_stops,
    lead_value,
    rollout,
)
from table_app.core.actions import Deal
from table_app.core.cards import parse_face as F
from table_app.variants.michigan import MichiganRules
from tests.helpers.deals import michigan_deck

CELLS = {"AH": 4, "KC": 4, "QD": 4, "JS": 4}


def _best(mine: set, gone: set, widow_p: float = 0.25, cells=CELLS, kitty=8, others=20):
    """The hard heuristic's lead (lowest card of each suit held) and normal's."""
    stops = known_stops(gone)
    lows: dict[int, int] = {}
    for f in sorted(mine):
        lows.setdefault(f // 13, f)
    hard = max(lows.values(), key=lambda f: (hard_lead_value(
        mine, stops, f // 13, f, widow_p, cells, kitty, others, len(mine)), -f))
    normal = max(lows.values(), key=lambda f: (lead_value(
        mine, gone, f // 13, f, widow_p, cells, kitty, others, len(mine))[0], -f))
    return hard, normal


def test_a_lead_is_spent_on_the_card_only_this_seat_can_play():
    """MG-5/MG-6: nobody else can ever play my 2♠ (no card below it), while my 9♥ leaves
    my hand when whoever holds 8♥ plays it.  Hard leads the two; normal (which counts
    the hearts the others would shed behind a 2♠) leads the nine."""
    hard, normal = _best({F("2S"), F("9H")}, set())
    assert hard == F("2S")
    assert normal == F("9H")


def test_a_card_above_a_known_widow_card_is_led_by_its_holder():
    """MG-7: 7♣ was played and 8♣ did not follow, so 8♣ is in the widow and my 9♣ can
    only leave my hand by my own lead; 9♠ may be freed by the holder of 8♠.  Hard leads
    9♣ (normal, which does not weigh that, leads K♥)."""
    gone = {F("7C")}
    assert F("8C") in known_stops(gone)
    hard, normal = _best({F("9C"), F("9S"), F("KH")}, gone)
    assert hard == F("9C")
    assert normal == F("KH")


def test_a_run_that_cashes_a_pay_card_is_led():
    """MG-9: J♦ Q♦ in my hand and a 12-chip Q♦ cell: leading J♦ plays Q♦ for sure and
    takes the cell."""
    cells = dict(CELLS, QD=12)
    hard, normal = _best({F("JD"), F("QD"), F("5S"), F("9C")}, set(), cells=cells)
    assert hard == normal == F("JD")


def test_going_out_beats_every_other_lead():
    """MG-10: my whole hand is 4♥ 5♥ 6♥ (7♥ was played), so leading 4♥ goes out at once:
    the kitty and the others' cards; with a fourth card in another suit it does not."""
    mine = {F("4H"), F("5H"), F("6H")}
    stops = known_stops({F("7H")})
    out = hard_lead_value(mine, stops, 1, F("4H"), 0.25, CELLS, 8, 20, 3)
    assert out >= 100 + 8 + 20
    mine2 = mine | {F("2S")}
    assert hard_lead_value(mine2, stops, 1, F("4H"), 0.25, CELLS, 8, 20, 4) < 100
    assert hard_lead_value(mine2, stops, 0, F("2S"), 0.25, CELLS, 8, 20, 4) < 100


def test_the_weights_are_the_tuned_ones():
    # changing them is a measured change (benchmarks/results/ai_strength.md, Michigan)
    assert HARD_W["block"] > 1.0 and HARD_W["ctrl"] > 1.0 and HARD_W["high"] < 0


def test_normal_play_is_unchanged_by_the_hard_heuristic():
    """The normal level's scores (the baseline of every strength figure) are those of
    ``lead_value``; pinned values of two leads."""
    cells = dict(CELLS)
    mine = {F("2S"), F("9H")}
    assert round(lead_value(mine, set(), 0, F("2S"), 0.25, cells, 8, 20, 2)[0], 3) == 0.048
    assert round(lead_value(mine, set(), 1, F("9H"), 0.25, cells, 8, 20, 2)[0], 3) == 0.356
    assert make_player("normal", "michigan").__class__ is NormalMichigan


def test_rollouts_play_the_searching_seat_by_the_hard_heuristic():
    """In a rollout ``me``'s later leads are the hard heuristic's, the others' normal's.
    Seat 0 holds A♣ 2♠ 9♥, seat 1 the other clubs, 3♠ to A♠ and 10♥ to A♥.  After
    A♣ (a stop, MG-7) seat 0 leads again: hard spends it on 2♠, normal on 9♥; either way
    seat 1 takes over and goes out, and seat 0 is left with the other card."""
    loc = [-1] * 52
    for f in (F("AC"), F("2S"), F("9H")):
        loc[f] = 0
    for f in [*range(3 * 13, 3 * 13 + 12), *range(F("3S"), F("AS") + 1),
              *range(F("10H"), F("AH") + 1)]:
        loc[f] = 1
    loc[F("KD")] = 2
    w1 = _World(3, list(loc), dict(CELLS), 8)
    w2 = _World(3, list(loc), dict(CELLS), 8)
    rollout(w1, 0, F("AC"), -1, me=0)
    rollout(w2, 0, F("AC"), -1)
    assert w1.loc[F("2S")] == -2 and w1.loc[F("9H")] == 0
    assert w2.loc[F("9H")] == -2 and w2.loc[F("2S")] == 0
    assert w1.hands[1] == w2.hands[1] == 0   # seat 1 went out (MG-10)


def test_hard_leads_into_its_own_ace_stop_and_goes_out():
    """3 players, seat 1 leads first: 9♥ ... A♥ (six hearts, A♥ a pay card) and 2♣ ... 8♣.
    Leading 9♥ plays six cards, takes the A♥ cell and keeps the lead (the ace stops,
    MG-7); then the clubs go out (MG-10) only if the holder of 9♣ cannot interrupt: it
    plays 9♣ after 8♣, but by then seat 1 is out.  Hard leads 9♥ and expects the kitty."""
    rules = MichiganRules({})
    deck = michigan_deck(3, 0, {1: "9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 8C"})
    st = rules.apply(rules.initial_state(3), Deal(1, 0, deck))
    obs, legal = rules.observe(st, 1), rules.legal_actions(st)
    hard = HardMichigan(budget_ms=60_000, samples=20)
    a, why = hard.decide(obs, legal, random.Random(0))
    assert a.card == F("9H"), why
    assert why.params["chips"] >= float(obs.kitty) + 26


def test_hard_does_not_lead_the_suit_that_hands_the_lead_away_for_nothing():
    """4 players, seat 1 first: its 2♠ is a card only it can play (MG-5), and 5♦ is freed
    when the holder of 4♦ plays it (the 2♦ 3♦ 4♦ of seat 2).  Hard spends its lead on
    2♠ (the heuristic) and the search agrees."""
    rules = MichiganRules({})
    deck = michigan_deck(4, 0, {1: "2S 5D 9C 10C", 2: "2D 3D 4D"})
    st = rules.apply(rules.initial_state(4), Deal(1, 0, deck))
    obs, legal = rules.observe(st, 1), rules.legal_actions(st)
    hard = HardMichigan(budget_ms=60_000, samples=30)
    a, _why = hard.decide(obs, legal, random.Random(1))
    assert a.card != F("5D")


def _one_card_obs():
    """Seat 0 leads first (3 players, seat 2 dealt), 2♠ and 9♥ among its cards."""
    rules = MichiganRules({})
    deck = michigan_deck(3, 2, {0: "2S 9H"})
    st = rules.apply(rules.initial_state(3), Deal(1, 2, deck))
    return rules.observe(st, 0), rules.legal_actions(st)


def test_the_search_counts_its_share_of_the_cells_left():
    """MG-10/MG-11: the cells not taken carry over and are shared at the end; the search
    level counts a third of them (3 players) in a lead's value, hard does not."""
    from table_app.ai.is_search import SearchMichigan
    loc = [-1] * 52
    loc[F("2S")] = 0
    for i, f in enumerate(f for f in range(52) if f != F("2S") and f not in (
            F("AH"), F("KC"), F("QD"), F("JS"))):
        if i < 20:
            loc[f] = 1 + i % 2
    obs, _legal = _one_card_obs()
    obs = replace(obs, hand=(F("2S") << 3,), hand_sizes=(1, 10, 10))
    cells = dict(obs.layout)
    hard = HardMichigan().value_in_world(obs, loc, cells, F("2S"), -1)
    search = SearchMichigan().value_in_world(obs, loc, cells, F("2S"), -1)
    assert hard == float(obs.kitty) + 20          # out at once: the kitty and 20 cards
    assert search == hard + sum(float(c) for c in cells.values()) / 3


def test_the_searchs_heuristic_lead_stands_unless_clearly_beaten():
    """``pick`` with ``z``: the hard heuristic's lead stands against a lead better by
    less than z standard errors of the paired difference; a lead better by many is
    played.  Hard (no ``z``) plays the best mean."""
    from table_app.ai.is_search import SearchMichigan
    obs, legal = _one_card_obs()
    s = SearchMichigan()
    base = s.heuristic_lead(obs, legal)
    other = next(a for a in legal if a != base)
    rest = {a: [0.0] * 6 for a in legal if a not in (base, other)}
    noisy = {base: [0.0, 10.0, 0.0, 10.0, 0.0, 10.0], other: [10.0, 0.0, 10.0, 0.0, 10.0, 1.0],
             **rest}
    assert s.pick(obs, legal, noisy) == base
    assert HardMichigan().pick(obs, legal, noisy) == other
    clear = {base: [0.0, 1.0, 0.0, 1.0, 0.0, 1.0], other: [5.0, 6.0, 5.0, 6.0, 5.0, 6.0],
             **rest}
    assert s.pick(obs, legal, clear) == other
