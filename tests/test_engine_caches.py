"""Every speed cache and quick bound of the engine agrees with the computation it saves
(issue 17): property tests, each against the uncached / exact answer.

* ``might_meet`` (the go-down pre-check, CF-6/CF-7, CR-9's round-7 run of 7, the whole
  hand of CR-9 and MX-7, Mexican's rising wild rank MX-3) never refuses a hand the
  solver can meet, with the arguments the rules pass it; nor does its sharp form's
  sharing out of the cards between sets and runs (``_shared_need``), whose per-suit
  run costs (``_suit_costs``) are the cheapest windows counted place by place;
* ``_run_deficits`` (a suit's windows' fewest missing cards, by two half tables) is
  the count window by window, for every suit and run length;
* ``_runs_cost`` written out for one to three runs is the suit-by-suit sharing
  (``_runs_cost_dp``);
* the bit-mask ``_one_meld`` finds the same meld as a position-by-position look;
* Michigan's ``forced_chain`` (MG-6, recorded in one go) is ``forced_action`` and
  ``apply`` one at a time;
* ``cards.shuffle`` is ``random.Random.shuffle`` (the same deals from the same seed);
* the contract family's ``_legal_memo`` (the last state's legal actions, which ``check``
  trusts) gives the actions worked out afresh, and ``check`` answers every action as a
  fresh rules object does; Michigan's too, and its deal is the deal card by card
  (MG-4); its states made as a field dict are the dataclass's;
* ``_melds_info`` (what the table's melds allow, remembered per melds tuple) is
  ``layoff_roles`` and ``swap_index`` meld by meld; the lay-offs and swaps made once
  are the plain actions of their keys;
* a hand known not to go down (``_cannot``, ``might_meet(must_use=...)``) never hides a
  going-down the solver finds, and the go-down offer with every cache is the fresh
  solver's answer;
* Michigan's ``frac_text`` of an int is ``str(Fraction(x))``.
"""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from table_app.core.cards import FACE_RANK, JOKER, faces_to_cards, make_face
from table_app.core.solver import find_go_down
from table_app.variants import find_variant
from table_app.variants.go_down import (
    _levels,
    _one_meld,
    _run_deficits,
    _run_deficits_plain,
    _runs_cost,
    _runs_cost_dp,
    _suit_costs,
    might_meet,
)

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

_GAMES = (("contract", {}), ("contract", {"deuces_wild": True}), ("may_i", {}),
          ("mexican", {}))
_RULES = {(v, tuple(o.items())): find_variant(v)(o) for v, o in _GAMES}


def _rules(i: int):
    v, o = _GAMES[i]
    return _RULES[(v, tuple(o.items()))]


def _hand(r, rng: random.Random, rnd: int, kind: int) -> list[int]:
    """A hand for round ``rnd``: random (0), few suits (1), few ranks (2), long (3)."""
    deck = list(r.deck(5))
    size = r.spec.hand_size(rnd) + 1 + rng.choice((0, 0, 1, 2, 4, 8))
    if kind == 1:
        suits = rng.sample(range(4), rng.randint(1, 2))
        pool = [f for f in deck if f == JOKER or f // 13 in suits]
    elif kind == 2:
        ranks = rng.sample(range(2, 15), rng.randint(3, 6))
        pool = [f for f in deck if f == JOKER or FACE_RANK[f] in ranks]
    else:
        pool = deck
    rng.shuffle(pool)
    return faces_to_cards(pool[:min(size, len(pool))])


@SETTINGS
@given(game=hs.integers(0, len(_GAMES) - 1), rnd=hs.integers(1, 7),
       kind=hs.integers(0, 3), seed=hs.integers(0, 2**32 - 1))
def test_might_meet_never_refuses_what_the_solver_meets(game, rnd, kind, seed):
    r = _rules(game)
    h = _hand(r, random.Random(seed), rnd, kind)
    whole = rnd == 7 and r.spec.round7_whole_hand
    wr = r.wild_ranks(rnd)
    ok = might_meet(h, r.spec.contract(rnd), wr, not whole, r._wild_caps(rnd),
                    r._run_min(rnd), whole)
    sharp = might_meet(h, r.spec.contract(rnd), wr, not whole, r._wild_caps(rnd),
                       r._run_min(rnd), whole, sharp=True)
    assert ok or not sharp  # the sharp bound refuses all the plain one does
    if not sharp:
        assert find_go_down(h, r.solver_req(rnd), wr) is None


def test_sharp_bound_knows_two_runs_of_a_suit_share_no_card():
    # Mexican round 3 (two runs, fives wild): 7-8-9 of diamonds make one run with a
    # wild, not two (CF-4: one card, one meld); the spades 7 and 9 need two wilds more
    from table_app.core.cards import parse_face
    r = find_variant("mexican")({})
    faces = [parse_face(t) for t in "2S 7S 9S 5H JH AH 5D 7D 8D 9D".split()]
    h, wr = faces_to_cards(faces), r.wild_ranks(3)
    assert r.spec.contract(3) == (0, 2) and wr == frozenset((5,))
    assert find_go_down(h, r.solver_req(3), wr) is None
    assert might_meet(h, (0, 2), wr, True, r._wild_caps(3), 4)  # windows 6-9 and 7-10
    assert not might_meet(h, (0, 2), wr, True, r._wild_caps(3), 4, sharp=True)
    # a second copy of 7-8-9 of diamonds (two decks) makes the second run: not refused
    two = faces_to_cards(faces + [parse_face(t) for t in "7D 8D 9D".split()])
    assert find_go_down(two, r.solver_req(3), wr) is not None
    assert might_meet(two, (0, 2), wr, True, r._wild_caps(3), 4, sharp=True)


def test_sharp_bound_is_sound_and_refuses_more():
    rng = random.Random(3)
    more = 0
    for v, opts in _GAMES:
        r = _rules(_GAMES.index((v, opts)))
        for _ in range(300):
            rnd = rng.choice([k for k in range(1, 8) if r.spec.contract(k)[1] >= 2])
            h = _hand(r, rng, rnd, rng.randrange(4))
            whole = rnd == 7 and r.spec.round7_whole_hand
            wr, caps, rm = r.wild_ranks(rnd), r._wild_caps(rnd), r._run_min(rnd)
            plain = might_meet(h, r.spec.contract(rnd), wr, not whole, caps, rm, whole)
            sharp = might_meet(h, r.spec.contract(rnd), wr, not whole, caps, rm, whole,
                               sharp=True)
            assert plain or not sharp
            if plain and not sharp:
                more += 1
                assert find_go_down(h, r.solver_req(rnd), wr) is None
    assert more >= 10, more



def _suit_costs_by_positions(m, runs, length):
    """``_suit_costs`` the long way: every choice of ``j`` windows (repeats allowed), a
    place covered ``k`` times missing ``k`` less the copies held there."""
    held = [sum(1 for lvl in m if lvl >> p & 1) for p in range(16)]
    out = [0]
    for j in range(1, runs + 1):
        best = None
        for lows in itertools.combinations_with_replacement(range(1, 16 - length), j):
            cover = [0] * 16
            for lo in lows:
                for p in range(lo, lo + length):
                    cover[p] += 1
            cost = sum(max(0, cover[p] - held[p]) for p in range(16))
            best = cost if best is None else min(best, cost)
        out.append(best)
    return tuple(out)


@SETTINGS
@given(bits=hs.lists(hs.integers(2, 14), max_size=16), length=hs.sampled_from((4, 7)),
       runs=hs.integers(1, 3))
def test_suit_costs_are_the_cheapest_windows_by_positions(bits, length, runs):
    # a suit's ranks held once, twice, three times (the ace at both ends, as _levels)
    m = [0, 0, 0]
    for r in bits:
        for t in range(3):
            if not m[t] >> r & 1:
                m[t] |= 1 << r
                break
    lv = _levels([m[0], 0, 0, 0], [[m[1], 0, 0, 0], [m[2], 0, 0, 0]])[0]
    assert _suit_costs(lv, runs, length) == _suit_costs_by_positions(lv, runs, length)


@SETTINGS
@given(suits=hs.lists(hs.lists(hs.integers(2, 14), max_size=14), min_size=4, max_size=4),
       length=hs.sampled_from((4, 7)), runs=hs.integers(1, 3))
def test_runs_cost_written_out_is_the_suit_by_suit_sharing(suits, length, runs):
    # the four suits' ranks held once, twice, three times, as _levels makes them
    masks, extra = [0, 0, 0, 0], [[0, 0, 0, 0], [0, 0, 0, 0]]
    for s, ranks in enumerate(suits):
        for r in ranks:
            for lvl in (masks, extra[0], extra[1]):
                if not lvl[s] >> r & 1:
                    lvl[s] |= 1 << r
                    break
    lv = _levels(masks, extra)
    assert _runs_cost(lv, runs, length) == _runs_cost_dp(lv, runs, length)


def test_run_deficits_by_half_tables_are_the_windows_one_by_one():
    # every suit mask (bit 0 unused, positions 1..14 with the ace at both ends) and every
    # run length a window can have: the two half tables' lookup is the plain count
    for length in range(4, 15):
        for m in range(1 << 15):
            assert _run_deficits(m, length) == _run_deficits_plain(m, length), (m, length)


def _overlap_hand(r, rng: random.Random, rnd: int) -> list[int]:
    """A hand near a set-and-run contract: a run's cards, a set's rank crossing it, a
    few more cards of the same suits and ranks, a wild or two."""
    s, lo = rng.randrange(4), rng.randint(2, 10)
    faces = [make_face(x, s) for x in range(lo, lo + rng.randint(3, 5)) if x <= 14]
    rank = FACE_RANK[rng.choice(faces)]
    faces += [make_face(rank, t) for t in rng.sample(range(4), rng.randint(1, 3))]
    faces += [make_face(rng.randint(2, 14), rng.choice((s, rng.randrange(4))))
              for _ in range(rng.randint(2, 9))]
    faces += [JOKER] * rng.choice((0, 0, 1, 1, 2))
    if r.spec.rising_wild and rng.random() < 0.5:
        faces.append(make_face(rnd + 2, rng.randrange(4)))
    rng.shuffle(faces)
    return faces_to_cards(faces)


@SETTINGS
@given(game=hs.integers(0, len(_GAMES) - 1), rnd=hs.sampled_from((2, 3, 5, 6, 7)),
       kind=hs.integers(0, 4), seed=hs.integers(0, 2**32 - 1))
def test_shared_bound_never_refuses_what_the_solver_meets(game, rnd, kind, seed):
    # the sharp bound's sharing out of cards between sets and runs (_shared_need) keeps
    # every hand the solver meets, set-and-run rounds and two- or three-run rounds alike
    r = _rules(game)
    rng = random.Random(seed)
    h = _overlap_hand(r, rng, rnd) if kind == 4 else _hand(r, rng, rnd, kind)
    whole = rnd == 7 and r.spec.round7_whole_hand
    wr = r.wild_ranks(rnd)
    if not might_meet(h, r.spec.contract(rnd), wr, not whole, r._wild_caps(rnd),
                      r._run_min(rnd), whole, sharp=True):
        assert find_go_down(h, r.solver_req(rnd), wr) is None


def test_shared_bound_knows_a_card_is_in_one_meld():
    # May I? round 2 (a set and a run): the kings KH KC KC are the set, and K-hearts is
    # also the run 10-J-(Q)-K's: one joker cannot make both; the old sum of the sets'
    # and the runs' needs (0 + 1) let it through to the solver
    from table_app.core.cards import parse_face
    r = find_variant("may_i")({})
    faces = [parse_face(t) for t in
             "8S 3H 7H 10H JH KH 2D 4D 6D JD QD KC KC AC JOKER".split()]
    h, wr = faces_to_cards(faces), r.wild_ranks(2)
    assert r.spec.contract(2) == (1, 1)
    assert find_go_down(h, r.solver_req(2), wr) is None
    assert might_meet(h, (1, 1), wr, True, r._wild_caps(2), 4)
    assert not might_meet(h, (1, 1), wr, True, r._wild_caps(2), 4, sharp=True)
    # the queen of hearts makes the run (10-J-Q-K hearts; the set K-K and the joker)
    more = faces_to_cards(faces + [parse_face("QH")])
    assert find_go_down(more, r.solver_req(2), wr) is not None
    assert might_meet(more, (1, 1), wr, True, r._wild_caps(2), 4, sharp=True)
    # two runs in clubs from 8-8-9-10-J-Q: one 8 too few, whichever windows
    cl = faces_to_cards([parse_face(t) for t in "8C 8C 9C 10C JC QC 2S 5H".split()])
    assert find_go_down(cl, r.solver_req(3), wr) is None
    assert not might_meet(cl, (0, 2), wr, True, r._wild_caps(3), 4, sharp=True)


def test_shared_bound_refuses_most_set_and_run_hands_the_solver_refuses():
    rng = random.Random(5)
    plain_yes = sharp_no = 0
    for game in range(len(_GAMES)):
        r = _rules(game)
        for _ in range(250):
            rnd = rng.choice((2, 5, 6))  # a set and a run, two and a run, one and two
            h = _overlap_hand(r, rng, rnd)
            wr, caps = r.wild_ranks(rnd), r._wild_caps(rnd)
            if find_go_down(h, r.solver_req(rnd), wr) is not None:
                continue
            if might_meet(h, r.spec.contract(rnd), wr, True, caps, 4):
                plain_yes += 1
                sharp_no += not might_meet(h, r.spec.contract(rnd), wr, True, caps, 4,
                                           sharp=True)
    assert plain_yes >= 100 and sharp_no >= 0.8 * plain_yes, (plain_yes, sharp_no)

def test_might_meet_refuses_most_hands_that_cannot_go_down():
    # the bound is worth its time: most hands the solver refuses never reach it
    rng = random.Random(3)
    refused = fails = 0
    for game in range(len(_GAMES)):
        r = _rules(game)
        for _ in range(300):
            rnd = rng.randint(1, 7)
            h = _hand(r, rng, rnd, rng.randrange(4))
            whole = rnd == 7 and r.spec.round7_whole_hand
            wr = r.wild_ranks(rnd)
            if find_go_down(h, r.solver_req(rnd), wr) is None:
                fails += 1
                refused += not might_meet(h, r.spec.contract(rnd), wr, not whole,
                                          r._wild_caps(rnd), r._run_min(rnd), whole)
    assert fails > 300 and refused / fails > 0.8, (refused, fails)


def test_might_meet_uses_the_wild_rank_once():
    # Mexican's round 1 (two sets, threes wild, MX-3): two threes and a pair of sevens
    # are not two sets (a three is a wild or a natural, not both)
    r = find_variant("mexican")({})
    faces = [make_face(3, 0), make_face(3, 0), make_face(7, 3), make_face(7, 0),
             make_face(10, 3), make_face(11, 3), make_face(6, 0), make_face(14, 0)]
    h = faces_to_cards(faces)
    wr = r.wild_ranks(1)
    assert find_go_down(h, r.solver_req(1), wr) is None
    assert not might_meet(h, r.spec.contract(1), wr, True, r._wild_caps(1), r._run_min(1))


def test_might_meet_knows_round_sevens_run_of_seven():
    # Contract's round 7 (CR-9): two sets and a run of at least 7, the whole hand; a
    # hand with only 4-card runs cannot meet it
    r = find_variant("contract")({})
    faces = ([make_face(k, 0) for k in (3, 4, 5, 6)] + [make_face(9, 1)] * 3
             + [make_face(12, 2)] * 3 + [make_face(8, 3), make_face(9, 3)])
    h = faces_to_cards(faces)
    wr = r.wild_ranks(7)
    assert find_go_down(h, r.solver_req(7), wr) is None
    assert might_meet(h, r.spec.contract(7), wr, False, r._wild_caps(7))  # 4-card windows
    assert not might_meet(h, r.spec.contract(7), wr, False, r._wild_caps(7), 7, True)


def _one_meld_by_positions(cards, kind, wild_ranks, caps):
    """The quick look by positions: every window of every suit, position by position;
    the first with the most naturals (the fewest wilds)."""
    if len(cards) < (3 if kind == "set" else 4) + 1:
        return None
    wilds, by_face = [], {}
    for c in cards:
        f = c >> 3
        if f == JOKER or FACE_RANK[f] in wild_ranks:
            wilds.append(c)
        else:
            by_face.setdefault(f, []).append(c)
    nw = len(wilds)
    if kind == "set":
        # the first rank met (in ``cards``) with enough naturals for the fewest wilds
        by_rank: dict[int, list[int]] = {}
        for f, cs in by_face.items():
            by_rank.setdefault(FACE_RANK[f], []).extend(cs)
        for r in by_rank:
            by_rank[r].sort(key=cards.index)
        ranks = sorted(by_rank, key=lambda r: cards.index(by_rank[r][0]))
        for need in (0, 1, 2):
            if need > nw or (caps[0] is not None and need > caps[0]):
                return None
            for r in ranks:
                if len(by_rank[r]) >= 3 - need:
                    return ("set", frozenset(by_rank[r][:3 - need] + wilds[:need]))
        return None
    cap = caps[1]
    best = None
    for s in range(4):
        for lo in range(1, 12):
            got = [by_face[make_face(p, s)][0] for p in range(lo, lo + 4)
                   if by_face.get(make_face(p, s))]
            need = 4 - len(got)
            if got and need <= nw and (cap is None or need <= cap):
                if best is None or len(got) > len(best[0]):
                    best = (got, need)
    if best is None:
        return None
    return ("run", frozenset(best[0] + wilds[:best[1]]))


@SETTINGS
@given(game=hs.integers(0, len(_GAMES) - 1), rnd=hs.integers(1, 6),
       kind=hs.integers(0, 3), seed=hs.integers(0, 2**32 - 1), cut=hs.integers(4, 16))
def test_one_meld_by_masks_is_the_look_by_positions(game, rnd, kind, seed, cut):
    r = _rules(game)
    cards = _hand(r, random.Random(seed), rnd, kind)[:cut]
    wr, caps = r.wild_ranks(rnd), r._wild_caps(rnd)
    for kind in ("set", "run"):
        assert _one_meld(cards, kind, wr, caps) == _one_meld_by_positions(cards, kind, wr, caps)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(3, 8), seed=hs.integers(0, 2**31), choices=hs.integers(0, 2**31))
def test_michigan_forced_chain_is_forced_action_and_apply_one_at_a_time(n, seed, choices):
    # MG-6: the follows the engine records in one go are those it would record one by
    # one, with the same states after each
    from table_app.engine.engine import Engine
    from table_app.variants.michigan import PLAYING
    r = find_variant("michigan")({})
    rng = random.Random(choices)
    eng = Engine(r, n, seed=seed)
    chains = 0
    for _ in range(120):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            eng.deal_next()
            continue
        st = eng.state
        lead = rng.choice(eng.legal_actions())
        after = r.apply(st, lead)
        want = []
        s = after
        while (fa := r.forced_action(s)) is not None:
            r.check(s, fa)
            s = r.apply(s, fa)
            want.append((fa, s))
        got = r.forced_chain(after)
        assert got == want
        chains += bool(got)
        assert not got or got[-1][1].status != PLAYING or not got[-1][1].following
        n0 = len(eng.log)
        eng.apply(lead)
        assert [e for e, _ in got] == eng.log[n0 + 1:n0 + 1 + len(got)]
        assert [s for _, s in got] == eng.states[n0 + 2:n0 + 2 + len(got)]
    assert chains or len(eng.log) < 20


@SETTINGS
@given(seed=hs.integers(0, 2**64), size=hs.integers(0, 500))
def test_shuffle_is_the_generators_own(seed, size):
    # seeded deals and restocks (CF-13) are the same as with random.Random.shuffle, and
    # leave the generator in the same state
    from table_app.core.cards import shuffle
    a, b = list(range(size)), list(range(size))
    ra, rb = random.Random(seed), random.Random(seed)
    ra.shuffle(a)
    shuffle(rb, b)
    assert a == b and ra.getstate() == rb.getstate()


def _refusal(rules, st, a):
    """``check``'s answer: ``None`` (legal) or the refusal's (rule, message id)."""
    from table_app.core.errors import IllegalActionError
    try:
        rules.check(st, a)
        return None
    except IllegalActionError as e:
        return (e.rule, e.message_id)


def _probe_actions(st, rng):
    """Actions to ask ``check`` about: legal and not, of every kind, some seats."""
    from table_app.core.actions import Buy, Discard, Draw, LayOff, PassBuy, PassUpcard, Swap
    out = []
    for p in range(st.n):
        out += [Draw(p, "discard"), Draw(p, "stock"), PassUpcard(p), Buy(p), PassBuy(p)]
    p = st.current
    for _ in range(6):
        f = rng.randrange(JOKER + 1)
        out.append(Discard(p, f))
        if st.melds:
            i = rng.randrange(len(st.melds))
            out += [LayOff(p, i, f, None), Swap(p, i, f)]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=hs.integers(0, len(_GAMES) - 1), seed=hs.integers(0, 2**31),
       choices=hs.integers(0, 2**31))
def test_legal_memo_agrees_with_the_rules_worked_out_afresh(game, seed, choices):
    # the remembered legal actions (``_legal_memo``) are the ones worked out afresh, each
    # passes the uncached check, and check answers every action as the uncached one
    from table_app.engine.engine import Engine
    v, o = _GAMES[game]
    rules = find_variant(v)(o)
    rng = random.Random(choices)
    spec = rules.spec
    eng = Engine(rules, rng.randint(spec.min_players, min(spec.max_players, 6)), seed=seed)
    for _ in range(150):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            eng.deal_next()
            continue
        st = eng.state
        legal = rules.legal_actions(st)
        fresh = find_variant(v)(o)  # no memo, no witnesses
        assert legal == fresh.legal_actions(st)
        assert rules.legal_actions(st) == legal  # asked again: the same
        for a in legal:
            assert _refusal(find_variant(v)(o), st, a) is None, a
            assert _refusal(rules, st, a) is None
        for a in _probe_actions(st, rng):
            assert _refusal(rules, st, a) == _refusal(find_variant(v)(o), st, a), a
        eng.apply(rng.choice(legal))


def _michigan_deal_by_cards(state, ev):
    """MG-4's deal as first written: one card at a time clockwise from the dealer's left,
    the widow taking the last of each circuit; hands and widow sorted."""
    n = state.num_players
    hands, widow, loc = [[] for _ in range(n)], [], [0] * 52
    for i, f in enumerate(ev.deck):
        j = i % (n + 1)
        if j == n:
            widow.append(f << 3)
            loc[f] = -1
        else:
            seat = (ev.dealer + 1 + j) % n
            hands[seat].append(f << 3)
            loc[f] = seat
    return tuple(tuple(sorted(h)) for h in hands), tuple(sorted(widow)), tuple(loc)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(3, 8), seed=hs.integers(0, 2**31), choices=hs.integers(0, 2**31))
def test_michigan_deal_places_and_legal_memo_agree_with_the_rules_afresh(n, seed, choices):
    # the deal's places worked out once per (players, dealer) deal as card by card
    # (MG-4); the remembered leads (``_legal_memo``) are the ones worked out afresh and
    # check answers every lead and play as a fresh rules object does (MG-5 ... MG-8)
    from table_app.core.actions import Lead, Play
    from table_app.engine.engine import Engine
    r = find_variant("michigan")({})
    rng = random.Random(choices)
    eng = Engine(r, n, seed=seed)
    deals = 0
    for _ in range(150):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            before = eng.state
            ev = eng.deal_next()[0]
            st = eng.states[eng.log.index(ev) + 1]
            assert (st.hands, st.widow, st.loc) == _michigan_deal_by_cards(before, ev)
            deals += 1
            continue
        st = eng.state
        legal = r.legal_actions(st)
        fresh = find_variant("michigan")({})
        assert legal == fresh.legal_actions(st)
        for a in legal:
            assert _refusal(r, st, a) is None
        p = st.to_move
        for f in rng.sample(range(52), 8):
            for a in (Lead(p, f), Play(p, f), Lead((p + 1) % n, f)):
                assert _refusal(r, st, a) == _refusal(fresh, st, a)
        eng.apply(rng.choice(legal))
    assert deals >= 1


@given(x=hs.one_of(hs.integers(-10**6, 10**6),
                   hs.fractions(max_denominator=12)))
def test_michigan_chip_text_is_the_fractions(x):
    # MG-11's exact amounts: an int written without making a Fraction reads the same
    from fractions import Fraction

    from table_app.variants.michigan import frac_text
    assert frac_text(x) == str(Fraction(x))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=hs.integers(0, len(_GAMES) - 1), seed=hs.integers(0, 2**31),
       choices=hs.integers(0, 2**31))
def test_melds_info_is_layoff_roles_and_swap_index_meld_by_meld(game, seed, choices):
    # what legal_actions reads of the table's melds (remembered per melds tuple) is what
    # layoff_roles (CF-8) and swap_index (CR-7) answer for every face, meld by meld
    from table_app.core.melds import layoff_roles, swap_index
    from table_app.engine.engine import Engine
    v, o = _GAMES[game]
    rules = find_variant(v)(o)
    rng = random.Random(choices)
    eng = Engine(rules, 4, seed=seed)
    seen = 0
    for _ in range(1500):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            eng.deal_next()
            continue
        st = eng.state
        if st.melds and seen < 5:
            wr = rules.wild_ranks(st.round)
            per, fit, wild_ok = rules._melds_info(st.melds, wr)
            assert rules._melds_info(st.melds, wr) is rules._meld_memo[2]
            wild_anywhere = False
            for m, (nat, roles, sw) in zip(st.melds, per, strict=True):
                assert tuple(layoff_roles(m, JOKER, wr)) == roles
                for f in range(JOKER + 1):
                    as_natural = None in layoff_roles(m, f, wr)
                    assert (f in nat) == (as_natural and f != JOKER)
                    assert (f in sw) == (f != JOKER and swap_index(m, f) is not None)
                wild_anywhere |= bool(roles)
            assert fit == {f for m in st.melds for f in range(JOKER)
                           if None in layoff_roles(m, f, wr)}
            assert wild_ok == wild_anywhere
            seen += 1
        eng.apply(rng.choice(eng.legal_actions()))
    _MELDS_SEEN.append(seen)


_MELDS_SEEN: list[int] = []


def test_melds_info_was_checked_on_real_tables():
    # (the property above met melds on the table: it is not vacuous)
    test_melds_info_is_layoff_roles_and_swap_index_meld_by_meld()
    assert sum(_MELDS_SEEN) > 20, _MELDS_SEEN


@SETTINGS
@given(game=hs.integers(0, len(_GAMES) - 1), rnd=hs.integers(1, 7), kind=hs.integers(0, 3),
       seed=hs.integers(0, 2**32 - 1), lose=hs.integers(1, 3), new=hs.integers(0, 3))
def test_a_hand_that_could_not_go_down_stays_known_not_to(game, rnd, kind, seed, lose, new):
    # a hand that cannot go down (CF-7, with a card left over, CF-12) that lost cards and
    # took new ones: when none of the new ones could be in any meld, the bound refuses
    # it, and then the solver finds nothing either
    r = _rules(game)
    if rnd == 7 and r.spec.round7_whole_hand:
        rnd = 6
    rng = random.Random(seed)
    wr = r.wild_ranks(rnd)
    h = _hand(r, rng, rnd, kind)
    if find_go_down(h, r.solver_req(rnd), wr) is not None:
        return
    kept = rng.sample(h, max(0, len(h) - lose))
    pool = [c for c in faces_to_cards(list(r.deck(5))) if c not in set(h)]
    added = rng.sample(pool, new)
    h2 = kept + added
    ok = might_meet(h2, r.spec.contract(rnd), wr, True, r._wild_caps(rnd), r._run_min(rnd),
                    False, added)
    if not ok:
        assert find_go_down(h2, r.solver_req(rnd), wr) is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=hs.integers(0, len(_GAMES) - 1), seed=hs.integers(0, 2**31),
       choices=hs.integers(0, 2**31))
def test_go_down_offer_with_its_caches_is_the_solvers_answer(game, seed, choices):
    # the offer settled by witnesses, the bound and the hands known not to go down
    # (_cannot) is offered exactly when a fresh rules object's solver finds a going-down
    from table_app.engine.engine import Engine
    v, o = _GAMES[game]
    rules = find_variant(v)(o)
    rng = random.Random(choices)
    eng = Engine(rules, 4, seed=seed)
    for _ in range(900):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            eng.deal_next()
            continue
        st = eng.state
        legal = rules.legal_actions(st)
        if st.phase == "play" and not st.down[st.current]:
            fresh = find_variant(v)(o)
            can = find_go_down(st.hands[st.current], fresh.solver_req(st.round),
                               fresh.wild_ranks(st.round)) is not None
            assert any(a.type == "go_down" for a in legal) == can
        eng.apply(rng.choice(legal))


def test_made_lay_offs_and_swaps_are_the_actions_of_their_keys():
    # legal_actions reuses each lay-off (CF-8) and swap (CR-7) it makes: every one is the
    # plain action its key names
    from table_app.core.actions import LayOff, Swap
    from table_app.engine.engine import Engine
    from table_app.variants.contract_family import _MADE
    for v, o in _GAMES:
        rules = find_variant(v)(o)
        rng = random.Random(v)
        eng = Engine(rules, 4, seed=3)
        for _ in range(4000):
            ta = eng.to_act()
            if ta is None:
                eng = Engine(rules, 4, seed=rng.randrange(1 << 30))
                continue
            if ta[1] == "deal":
                eng.deal_next()
                continue
            eng.apply(rng.choice(eng.legal_actions()))
    swaps = 0
    assert len(_MADE) > 50
    for (p, i, f, role), a in _MADE.items():
        if role == "swap":
            assert a == Swap(p, i, f) and type(a) is Swap
            swaps += 1
        else:
            assert a == LayOff(p, i, f, role) and type(a) is LayOff
    assert swaps > 0


def test_michigan_states_made_by_dict_are_the_dataclasses():
    # a deal's, a card's and a going-out's state are made without the dataclass's
    # __init__ (michigan._state, _card_state: slot stores): equal to, hashed and pickled
    # like the one __init__ makes
    import copy
    import dataclasses
    import pickle

    from table_app.engine.engine import Engine
    from table_app.variants.michigan import MichiganState
    r = find_variant("michigan")({})
    rng = random.Random(8)
    eng = Engine(r, 5, seed=8)
    while eng.to_act() is not None:
        if eng.to_act()[1] == "deal":
            eng.deal_next()
        else:
            eng.apply(rng.choice(eng.legal_actions()))
    made = 0
    for st in eng.states:
        if st.status == "before":
            continue
        plain = MichiganState(**{f.name: getattr(st, f.name) for f in dataclasses.fields(st)})
        assert plain == st and hash(plain) == hash(st) and type(st) is MichiganState
        # one object per state for the collector: the fields are slots, there is no dict
        assert not hasattr(st, "__dict__") and not hasattr(plain, "__dict__")
        assert all(getattr(st, f.name) is getattr(plain, f.name) for f in dataclasses.fields(st))
        assert pickle.loads(pickle.dumps(st)) == st and copy.deepcopy(st) == st
        made += 1
        with pytest.raises(dataclasses.FrozenInstanceError):
            st.round = 0
    assert made > 100


def test_michigan_trusts_only_the_deal_it_made_for_that_state():
    # next_deal remembers the Deal it made and the state it was made for: check trusts
    # that one there (MG-4) and checks any other deal, or that deal elsewhere, in full
    from table_app.core.actions import Deal
    from table_app.core.errors import IllegalActionError, RecordError
    from table_app.engine.engine import Engine
    r = find_variant("michigan")({})
    rng = random.Random(4)
    eng = Engine(r, 4, seed=4)
    dealt = 0
    while eng.to_act() is not None:
        st = eng.state
        if eng.to_act()[1] == "deal":
            ev = r.next_deal(st, rng)
            fresh = find_variant("michigan")({})
            assert fresh.check(st, ev) is None and r.check(st, ev) is None
            bad = Deal(ev.round, ev.dealer, ev.deck[:-1] + (ev.deck[0],))
            with pytest.raises(RecordError):
                r.check(st, bad)
            eng.apply(ev, forced=True)
            with pytest.raises(IllegalActionError):
                r.check(eng.state, ev)  # the same deal, now mid-deal: refused (MG-10)
            dealt += 1
        else:
            eng.apply(rng.choice(eng.legal_actions()))
    assert dealt == 4
