"""Hard Michigan's opponent model and worlds (issue 18): the deal's leads replayed from
the public record (``lead_history``, MG-5 ... MG-8), the weight of a world by how well it
explains the other seats' leads (``lead_weight``), and the fast rejection sampler of
worlds (``LocSampler``: every deal that fits the stops and leads equally likely)."""
from __future__ import annotations

import random

from table_app.ai.is_search import LocSampler, SearchMichigan
from table_app.ai.michigan_ai import (
    NormalMichigan,
    _hard_choice,
    _normal_choice,
    lead_history,
    lead_weight,
)
from table_app.core.actions import Deal
from table_app.core.cards import parse_cards
from table_app.core.cards import parse_face as F
from table_app.variants.michigan import MichiganRules
from table_app.variants.worlds import infer_hidden
from tests.helpers.deals import michigan_deck


def _play_leads(rules, st, players, rng, until=None):
    """Play from ``st`` (the forced follows and every lead by ``players``), recording
    the leads ``(seat, face)`` of the running deal, until ``until(st)`` or the deal ends."""
    leads = []
    while True:
        ta = rules.to_act(st)
        if ta is None or ta[1] == "deal" or (until is not None and until(st)):
            return st, leads
        seat, ph = ta
        obs, legal = rules.observe(st, seat), rules.legal_actions(st)
        a = players[seat].decide(obs, legal, rng)[0]
        if ph == "lead":
            leads.append((seat, a.card))
        st = rules.apply(st, a)


def test_the_leads_of_a_deal_replay_from_the_cards_face_up():
    """MG-6: the play between leads is forced, and each seat's cards lie in the order it
    played them, so every lead of the deal so far (who led what) replays from the
    record, at every lead of many seeded deals of 3 to 8 seats."""
    rules = MichiganRules()
    rng = random.Random(11)
    norm = NormalMichigan()
    checked = 0
    for n in (3, 4, 5, 8):
        for _ in range(4):
            st = rules.apply(rules.initial_state(n), rules.next_deal(rules.initial_state(n), rng))
            leads: list = []
            while True:
                ta = rules.to_act(st)
                if ta is None or ta[1] == "deal":
                    break
                seat, ph = ta
                obs, legal = rules.observe(st, seat), rules.legal_actions(st)
                if ph == "lead":
                    got = [(e.seat, e.face) for e in lead_history(obs)]
                    assert got == leads
                    checked += 1
                a = norm.decide(obs, legal, rng)[0]
                if ph == "lead":
                    leads.append((seat, a.card))
                st = rules.apply(st, a)
    assert checked > 50


def test_a_world_that_does_not_explain_a_lead_counts_less():
    """Eight seats, the dealer 0: seat 1 leads first (MG-5).  Seat 1 led its normal
    lead from the hand it was dealt, so the true deal explains it (weight 1).  A world
    that instead gives seat 1 J♥ Q♥ K♥ A♥ (a lead of J♥ plays all four, takes A♥'s cell and
    keeps the lead: what normal and hard would both have led) does not: weight ``eps``."""
    rules = MichiganRules()
    deck = michigan_deck(8, 0, {1: "2C 5D 9S 3H 8D 6S", 5: "JH QH KH AH 4S 10C"})
    st = rules.apply(rules.initial_state(8), Deal(1, 0, deck))
    players = [NormalMichigan() for _ in range(8)]
    st, leads = _play_leads(rules, st, players, random.Random(0),
                            until=lambda s: any(s.played))
    st, _ = _play_leads(rules, st, players, random.Random(0),
                            until=lambda s: rules.to_act(s) is not None
                            and rules.to_act(s)[1] == "lead")
    me = 3
    obs = rules.observe(st, me)
    events = lead_history(obs)
    assert [(e.seat, e.face) for e in events][:1] == leads[:1]
    assert events[0].seat == 1
    truth = list(st.loc)
    assert lead_weight(obs, events, truth, eps=0.2) == 1.0
    # the alternative: seat 1's cards still in hand swapped with seat 5's four hearts
    alt = list(truth)
    hearts = [F(c) for c in ("JH", "QH", "KH", "AH")]
    assert all(alt[f] == 5 for f in hearts)
    ones = [f for f in range(52) if alt[f] == 1][:4]
    assert len(ones) == 4
    for a, b in zip(hearts, ones):
        alt[a], alt[b] = 1, 5
    ev = events[0]
    mine = set(ev.later) | {f for f in range(52) if alt[f] == 1}
    lows = sorted({min(f for f in mine if f // 13 == s) for s in {f // 13 for f in mine}})
    widow = 52 - sum(ev.sizes) - len(ev.gone)
    others = sum(ev.sizes) - len(mine)
    assert _normal_choice(mine, ev.gone, lows, widow, ev.cells, obs.kitty, others) == F("JH")
    assert _hard_choice(mine, ev.gone, lows, widow, ev.cells, obs.kitty, others) == F("JH")
    assert lead_weight(obs, events, alt, eps=0.2) == 0.2
    # this seat's own leads are not weighed
    obs1 = rules.observe(st, 1)
    assert lead_weight(obs1, lead_history(obs1), alt, eps=0.2) == 1.0


def test_the_fast_sampler_keeps_what_the_table_has_shown_and_deals_evenly():
    """Every world of ``LocSampler``: my hand, the played cards, the others' hand sizes,
    the widow cards the stops show (MG-7) and no seat given a card below its lead of a
    suit (MG-5, MG-8).  At the deal's start (nothing shown) a card I do not hold is in
    the widow with chance widow/unseen (10 of 41 with 4 seats) and in each other hand
    with 11 or 10 of 41."""
    rules = MichiganRules()
    rng = random.Random(4)
    st = rules.apply(rules.initial_state(4), rules.next_deal(rules.initial_state(4), rng))
    me = 2
    obs = rules.observe(st, me)
    smp = LocSampler(obs, lambda r: SearchMichigan().sample_loc(obs, r))
    mine = {c >> 3 for c in obs.hand}
    f = next(x for x in range(52) if x not in mine)
    counts: dict[int, int] = {}
    for _ in range(4000):
        loc = smp.sample(rng)
        counts[loc[f]] = counts.get(loc[f], 0) + 1
    unseen = 52 - len(mine)
    widow = 52 - sum(obs.hand_sizes)
    assert abs(counts[-1] / 4000 - widow / unseen) < 0.03
    for p in range(4):
        if p != me:
            assert abs(counts[p] / 4000 - obs.hand_sizes[p] / unseen) < 0.03
    # later in a deal (a dozen cards played, a lead to come): every world keeps the record
    players = [NormalMichigan() for _ in range(4)]
    st, _ = _play_leads(rules, st, players, rng,
                        until=lambda s: sum(map(len, s.played)) >= 12
                        and rules.to_act(s)[1] == "lead")
    assert rules.to_act(st)[1] == "lead"
    obs = rules.observe(st, me)
    in_widow, barred = infer_hidden(obs)
    gone = {c >> 3 for pl in obs.played for c in pl}
    smp = LocSampler(obs, lambda r: SearchMichigan().sample_loc(obs, r))
    for _ in range(300):
        loc = smp.sample(rng)
        assert [sum(1 for x in loc if x == p) for p in range(4)] == list(obs.hand_sizes)
        assert all(loc[x] == me for x in (c >> 3 for c in obs.hand))
        assert all(loc[x] == -2 for x in gone)
        assert all(loc[x] == -1 for x in in_widow)
        assert not any(loc[x] >= 0 and x in barred[loc[x]] for x in range(52))


def test_the_search_still_takes_a_sure_pay_card_and_goes_out():
    """The evidence changes nothing where the lead is clear: 3 seats, seat 1 leads first
    with 9♥ to A♥ and 2♣ to 8♣ (see ``test_ai_search``); with the opponent model and the
    fast sampler on, it leads 9♥ (A♥'s cell, keeping the lead, then out, MG-9, MG-10)."""
    rules = MichiganRules()
    deck = michigan_deck(3, 0, {1: "9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 8C"})
    st = rules.apply(rules.initial_state(3), Deal(1, 0, deck))
    obs, legal = rules.observe(st, 1), rules.legal_actions(st)
    s = SearchMichigan(budget_ms=60_000, samples=40)
    assert s.eps < 1.0 and s.fast_sampler
    a, _ = s.decide(obs, legal, random.Random(0))
    assert a.card == F("9H")
    assert set(parse_cards("9H 2C")) == {x.card for x in legal}


def test_the_pick_follows_the_worlds_that_explain_the_leads():
    """``SearchMichigan.pick`` weighs each world by ``last_weights``: lead B is better in
    the worlds that explain the others' leads (weight 1) and worse in the ones that do
    not (weight 0.01), so B replaces the heuristic's A though its plain mean is lower;
    with every world weighted the same, A stands."""
    rules = MichiganRules()
    deck = michigan_deck(3, 0, {1: "2S 3S 4S 9H 10H 5D"})
    st = rules.apply(rules.initial_state(3), Deal(1, 0, deck))
    obs, legal = rules.observe(st, 1), rules.legal_actions(st)
    s = SearchMichigan()
    a = s.heuristic_lead(obs, legal)
    b = next(x for x in legal if x != a)
    per = {x: [0.0] * 40 for x in legal}
    per[b] = [3.0] * 20 + [-10.0] * 20
    s.last_weights = [1.0] * 20 + [0.01] * 20
    assert s.pick(obs, legal, per) == b
    s.last_weights = [1.0] * 40
    assert s.pick(obs, legal, per) == a


class _HeuristicHard(NormalMichigan):
    """Leads as the hard heuristic (``HardMichigan.heuristic_lead``), no search."""

    def decide(self, obs, legal, rng):
        if len(legal) == 1:
            return super().decide(obs, legal, rng)
        return SearchMichigan().heuristic_lead(obs, legal), None


def test_the_typed_model_tells_a_hard_seat_from_a_normal_one():
    """Four seats: 1 and 2 lead by the normal policy, 3 by the hard heuristic.  Seen from
    seat 0 with twenty cards played in each of four deals, the leads that tell the two
    apart (few: they mostly agree) make seat 3 likely hard and seat 1 likely normal
    (``seat_types``, MG-5, MG-8); a deal's evidence carries over as the next deal's prior."""
    rules = MichiganRules()
    rng = random.Random(4)
    s = SearchMichigan(budget_ms=60_000, samples=8)
    players = [NormalMichigan(), NormalMichigan(), NormalMichigan(), _HeuristicHard()]
    st = rules.initial_state(4)
    got = []
    for _ in range(4):
        st = rules.apply(st, rules.next_deal(st, rng))
        st, _ = _play_leads(rules, st, players, rng,
                            until=lambda x: sum(map(len, x.played)) >= 20
                            and rules.to_act(x)[1] == "lead")
        obs = rules.observe(st, 0)
        truth = list(st.loc)
        got.append(s.seat_types(obs, lead_history(obs), lambda r, t=truth: t, rng))
        while rules.to_act(st) is not None and rules.to_act(st)[1] != "deal":
            seat = rules.to_act(st)[0]
            st = rules.apply(st, players[seat].decide(rules.observe(st, seat),
                                                      rules.legal_actions(st), rng)[0])
    (p1, q1), (p2, _), _, (_, q4) = got
    assert p1 == {1: 0.5, 2: 0.5, 3: 0.5}              # nothing known before the first deal
    assert q1[1] < 0.5 and p2[1] == q1[1]              # carried over to the next deal
    assert q4[3] > 0.5 > q4[1]
