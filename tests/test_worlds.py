"""``rules.sample_world(observation, rng)`` (issue 18, OpenSpiel's ResampleFromInfostate):
a sampled world looks to the observing seat exactly like the real one, field by field, in
every phase of every variant and seat count, and holds every card of the deck once."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table_app.core.cards import make_deck
from table_app.core.phase import Phase
from table_app.engine.rules import Rules, WorldSampler
from table_app.variants import find_variant
from table_app.variants.specs import SPECS
from table_app.variants.worlds import infer_hidden, world_cards

CF = ("contract", "may_i", "mexican")
SEATS = {v: range(SPECS[v].min_players, SPECS[v].max_players + 1) for v in CF}
SEATS["michigan"] = range(3, 9)
CASES = [(v, n) for v in (*CF, "michigan") for n in SEATS[v]]


def _pick(legal, rng):
    """A random legal action, going down and laying off when it can (so deals end and
    every phase comes)."""
    for kind in ("go_down", "lay_off"):
        xs = [a for a in legal if a.type == kind]
        if xs and rng.random() < 0.9:
            return rng.choice(xs)
    return rng.choice(legal)


def last_state(variant: str, n: int, seed: int, steps: int):
    """``(rules, state)`` after a random game of ``steps`` states at most."""
    return list(walk(variant, n, seed, steps))[-1]


def walk(variant: str, n: int, seed: int, steps: int, first_round: int = 1):
    """Yield the true states of a random game (the pure rules, forced follows included,
    so Michigan's ``follow`` states show), ``steps`` states at most."""
    rules = find_variant(variant)({"deuces_wild": True} if variant == "contract" and seed % 2 else {})
    rng = random.Random(seed)
    s = rules.initial_state(n)
    for _ in range(steps):
        yield rules, s
        ta = rules.to_act(s)
        if ta is None:
            return
        if ta[1] == Phase.DEAL:
            if variant == "michigan":
                d = rules.next_deal(s, rng)
            else:
                d = rules.next_deal(s, rng, first_round=first_round)
            s = rules.apply(s, d)
            continue
        legal = rules.legal_actions(s)
        a = _pick(legal, rng)
        for ev in rules.pre_events(s, a, rng):
            s = rules.apply(s, ev)
        s = rules.apply(s, a)


def assert_same_view(rules, real, seat: int, rng: random.Random) -> None:
    obs = rules.observe(real, seat)
    world = rules.sample_world(obs, rng)
    o2 = rules.observe(world, seat)
    for f in fields(obs):
        assert getattr(o2, f.name) == getattr(obs, f.name), (f.name, obs.phase)
    got = Counter(world_cards(world))
    want = Counter(world_cards(real))
    assert got == want
    assert max(got.values(), default=1) == 1
    # the world is a legal position: the same seat to act, and its actions are refused by
    # nobody (the rules' own check agrees with their legal list)
    assert rules.to_act(world) == rules.to_act(real)
    if rules.to_act(real) is not None and rules.to_act(real)[0] == seat:
        assert rules.legal_actions(world) == rules.legal_actions(real)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10_000), steps=st.integers(1, 500),
       first_round=st.integers(1, 7))
def test_a_sampled_world_looks_the_same_to_its_seat(case, seed, steps, first_round):
    variant, n = case
    rng = random.Random(seed)
    last = None
    for rules, s in walk(variant, n, seed, steps, first_round):
        last = (rules, s)
    rules, s = last
    for seat in range(n):
        assert_same_view(rules, s, seat, rng)


@pytest.mark.parametrize("variant", (*CF, "michigan"))
def test_every_phase_of_every_seat_count_is_sampled_consistently(variant):
    """Along seeded games of every seat count, every state, one seat (in turn) a state:
    every phase the game has is met and sampled."""
    phases = Counter()
    k = 0
    for n in SEATS[variant]:
        for rules, s in walk(variant, n, n, 1500 if variant != "michigan" else 900,
                             first_round=7 if n % 2 else 1):
            assert_same_view(rules, s, k % n, random.Random(k))
            phases[s.phase if variant != "michigan" else (s.status, s.following)] += 1
            k += 1
    if variant == "michigan":
        assert {("before", False), ("playing", False), ("playing", True), ("over", False)} <= set(phases)
    else:
        want = {"predeal", "draw", "play", "between", "over"}
        if SPECS[variant].buying.value != "none":
            want |= {"buy", "stock"}
        assert want <= {str(p) for p in phases}, phases


def test_a_buying_window_never_asks_the_discarder_in_the_sampled_world():
    """MI-6: the window's queue is the rules' own; the card's discarder is not in it, and
    the world asks the same seats as the real game."""
    seen = 0
    for rules, s in walk("may_i", 5, 3, 3000):
        if s.phase != Phase.BUY:
            continue
        for seat in range(5):
            w = rules.sample_world(rules.observe(s, seat), random.Random(seat))
            assert w.queue == s.queue
            assert w.discarders[-1] == s.discarders[-1] not in w.queue
            seen += 1
    assert seen > 50


def test_the_other_hands_hold_the_cards_they_were_seen_to_take():
    for rules, s in walk("may_i", 4, 11, 2500):
        if s.phase != Phase.PLAY or not any(s.known):
            continue
        w = rules.sample_world(rules.observe(s, 0), random.Random(1))
        for p in range(4):
            assert set(s.known[p]) <= set(w.hands[p])
            assert len(w.hands[p]) == len(s.hands[p])
        assert len(w.stock) == len(s.stock)


def test_worlds_differ_where_the_seat_cannot_see():
    rules, s = last_state("contract", 4, 5, 40)
    obs = rules.observe(s, 0)
    worlds = {rules.sample_world(obs, random.Random(i)).hands[1] for i in range(8)}
    assert len(worlds) > 1
    assert all(rules.sample_world(obs, random.Random(i)).hands[0] == s.hands[0] for i in range(3))


def test_michigan_worlds_keep_what_the_stops_and_leads_showed():
    """MG-7: a stop puts the next card in the widow; MG-5/8: a leader holds no lower card
    of the suit it led; MG-6: the seat to follow holds the next card."""
    checked = follow = 0
    for n in (3, 5, 8):
        for rules, s in walk("michigan", n, n + 20, 700):
            if s.status != "playing" or sum(len(p) for p in s.played) < 4:
                continue
            obs = rules.observe(s, 0)
            w_known, barred = infer_hidden(obs)
            w = rules.sample_world(obs, random.Random(checked))
            assert {f for f in range(52) if w.loc[f] == -1} >= w_known
            for p in range(1, n):
                assert not {c >> 3 for c in w.hands[p]} & barred[p]
            if s.following:
                assert w.loc[s.seq_last + 1] == s.to_move
                follow += 1
            checked += 1
    assert checked > 100 and follow > 20


def test_the_rules_protocol_offers_sample_world():
    for v in (*CF, "michigan"):
        rules = find_variant(v)({})
        assert isinstance(rules, Rules) and isinstance(rules, WorldSampler)


def test_an_observation_that_does_not_add_up_is_refused():
    from dataclasses import replace
    rules, s = last_state("mexican", 3, 2, 30)
    obs = replace(rules.observe(s, 0), stock_size=rules.observe(s, 0).stock_size + 1)
    with pytest.raises(ValueError):
        rules.sample_world(obs, random.Random(0))
    assert len(make_deck(SPECS["mexican"].decks_for(3), 2)) == len(world_cards(s))
