"""Computer opponents (issue 5): fairness, legality, the normal level's key decisions,
and the simulate command."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from table_app.ai import LEVELS, make_player
from table_app.ai.contract_eval import ContractContext
from table_app.ai.simulate import play_game, seat_rng
from table_app.core.actions import Buy, PassBuy
from table_app.core.cards import parse_face
from table_app.core.messages import Message
from table_app.engine.engine import Engine
from table_app.variants import find_variant
from table_app.variants.contract_family import Observation
from table_app.variants.specs import ContractTerms
from tests.helpers.deals import card_ids


def _run_until(variant: str, n: int, seed: int, want, levels=None, limit=20000):
    """Play normal AIs from ``seed`` until ``want(engine, seat, legal)`` holds; returns the
    engine (at that decision) or None."""
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed, auto=True)
    players = [make_player(lv, variant) for lv in (levels or ["normal"] * n)]
    rngs = [seat_rng(seed, s) for s in range(n)]
    for _ in range(limit):
        ta = eng.to_act()
        if ta is None:
            return None
        legal = eng.legal_actions()
        if not legal:
            eng.deal_next()
            continue
        seat = ta[0]
        if want(eng, seat, legal):
            return eng
        eng.apply(players[seat].choose(eng.observe(seat), legal, rngs[seat]))
    return None


# ---------------------------------------------------------------------- fairness
def _shuffle_hidden_cf(st, seat: int, rng: random.Random):
    """The same state for ``seat`` with the other hands' unknown cards and the stock
    dealt differently."""
    hidden = []
    for s in range(st.n):
        if s != seat:
            hidden.extend(c for c in st.hands[s] if c not in st.known[s])
    hidden.extend(st.stock)
    rng.shuffle(hidden)
    k = 0
    hands = []
    for s in range(st.n):
        if s == seat:
            hands.append(st.hands[s])
            continue
        kn = tuple(c for c in st.hands[s] if c in st.known[s])
        m = len(st.hands[s]) - len(kn)
        hands.append(kn + tuple(hidden[k:k + m]))
        k += m
    return replace(st, hands=tuple(hands), stock=tuple(hidden[k:]))


@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican"])
def test_contract_family_decisions_ignore_hidden_cards(variant):
    checked = 0
    for phase in ("draw", "play", "buy"):
        def want(eng, seat, legal, phase=phase):
            return (eng.state.phase == phase and len(legal) > 1 and eng.state.round >= 2)
        eng = _run_until(variant, 4 if variant != "mexican" else 3, 11, want)
        if eng is None:
            continue
        st = eng.state
        seat = eng.to_act()[0]
        st2 = _shuffle_hidden_cf(st, seat, random.Random(5))
        assert st2 != st
        rules = eng.rules
        obs1, obs2 = rules.observe(st, seat), rules.observe(st2, seat)
        assert obs1 == obs2
        legal1, legal2 = rules.legal_actions(st), rules.legal_actions(st2)
        assert legal1 == legal2
        for lv in LEVELS:
            kw = {"samples": 3, "budget_ms": 60_000} if lv == "hard" else {}
            p1, p2 = make_player(lv, variant, **kw), make_player(lv, variant, **kw)
            a1 = p1.decide(obs1, legal1, random.Random(3))
            a2 = p2.decide(obs2, legal2, random.Random(3))
            assert a1 == a2, (lv, phase)
        checked += 1
    assert checked >= 2


def test_michigan_decisions_ignore_hidden_cards():
    def want(eng, seat, legal):
        st = eng.state
        return len(legal) > 1 and sum(len(p) for p in st.played) >= 6
    eng = _run_until("michigan", 4, 3, want)
    assert eng is not None
    st = eng.state
    seat = eng.to_act()[0]
    others = [s for s in range(st.num_players) if s != seat]
    pool = [c for s in others for c in st.hands[s]] + list(st.widow)
    rng = random.Random(9)
    rng.shuffle(pool)
    hands = list(st.hands)
    k = 0
    for s in others:
        m = len(st.hands[s])
        hands[s] = tuple(sorted(pool[k:k + m]))
        k += m
    widow = tuple(sorted(pool[k:]))
    loc = list(st.loc)
    for s in others:
        for c in hands[s]:
            loc[c >> 3] = s
    for c in widow:
        loc[c >> 3] = -1
    st2 = replace(st, hands=tuple(hands), widow=widow, loc=tuple(loc))
    assert st2 != st
    rules = eng.rules
    obs1, obs2 = rules.observe(st, seat), rules.observe(st2, seat)
    assert obs1 == obs2
    legal = rules.legal_actions(st)
    assert legal == rules.legal_actions(st2)
    for lv in LEVELS:
        kw = {"samples": 20, "budget_ms": 60_000} if lv == "hard" else {}
        a1 = make_player(lv, "michigan", **kw).decide(obs1, legal, random.Random(4))
        a2 = make_player(lv, "michigan", **kw).decide(obs2, legal, random.Random(4))
        assert a1 == a2, lv


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("variant,seats", [
    ("contract", (3, 4, 5)), ("may_i", (3, 4, 6)), ("mexican", (2, 3, 5)), ("michigan", (3, 5, 8))])
def test_seeded_ai_games_finish_legally(variant, seats):
    mix = ["normal", "easy", "random", "normal", "easy", "normal", "random", "easy"]
    for i, n in enumerate(seats):
        levels = mix[i:i + n] if len(mix[i:i + n]) == n else (mix * 2)[i:i + n]
        res = play_game(variant, levels, seed=100 + i)  # Engine.apply raises on illegal
        assert res.finished
        assert res.winners
        if variant == "michigan":
            assert len(res.deals) == n
            assert abs(sum(res.totals)) < 1e-9  # chips are conserved
        else:
            assert [r for r, _ in res.deals] == list(range(1, 8))


@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican", "michigan"])
def test_hard_and_oracle_play_a_game(variant):
    n = 3
    levels = ["hard", "oracle", "normal"]
    players = [make_player("hard", variant, samples=2, budget_ms=15),
               make_player("oracle", variant, samples=1, budget_ms=15),
               make_player("normal", variant)]
    if variant in ("mexican", "michigan"):
        res = play_game(variant, levels, seed=7, players=players)
        assert res.finished and len(res.deals) >= n
    else:  # the first 250 decisions (a whole game takes several seconds)
        res = play_game(variant, levels, seed=7, players=players, max_actions=250)
        assert res.actions == 250 and len(res.times_ms[0]) > 20 and len(res.times_ms[1]) > 20


def test_levels_and_oracle_not_offered():
    assert LEVELS == ("easy", "normal", "hard")
    assert "oracle" not in LEVELS
    with pytest.raises(ValueError):
        make_player("grandmaster", "may_i")
    with pytest.raises(ValueError):
        make_player("normal", "poker")


# ---------------------------------------------------------------------- normal level
@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican"])
def test_normal_goes_down_when_the_solver_can(variant):
    found = 0
    rules = find_variant(variant)({})
    n = 4 if variant != "mexican" else 3
    eng = Engine(rules, n, seed=21, auto=True)
    players = [make_player("normal", variant) for _ in range(n)]
    while eng.to_act() is not None and found < 6:
        legal = eng.legal_actions()
        if not legal:
            eng.deal_next()
            continue
        seat = eng.to_act()[0]
        st = eng.state
        a, why = players[seat].decide(eng.observe(seat), legal, random.Random(0))
        assert why
        if st.phase == "play" and not st.down[seat]:
            gd = rules.suggest_go_down(st, seat)
            if gd is not None:
                assert a == gd, "the solver's going-down was offered but not taken"
                found += 1
        eng.apply(a)
    assert found >= 3


def _buy_obs(hand: str, card: str, rnd: int = 1, seat: int = 1) -> Observation:
    used: set = set()
    h = card_ids(hand, used)
    up = card_ids(card, used)[0]
    return Observation(
        variant="may_i", seat=seat, num_players=4, round=rnd, dealer=3, phase="buy", to_act=seat,
        hand=h, hand_sizes=(10, len(h), 10, 10), upcard=up, discard_pile=(up,), stock_size=60,
        melds=(), down=(False,) * 4, contract=(2, 0), contract_terms=ContractTerms(2, 0),
        wild_ranks=frozenset(), known=((),) * 4, results=(), totals=(0,) * 4, buy_card=up,
        current=0, went_down_now=False, last=None)


def test_normal_never_buys_a_card_that_cannot_help():
    p = make_player("normal", "may_i")
    legal = [Buy(1), PassBuy(1)]
    # round 1 (2 sets): a king helps nothing in a hand without kings
    obs = _buy_obs("3S 3H 5D 5C 7S 8H 9D 10C JS QH", "KD")
    a, why = p.decide(obs, legal, random.Random(0))
    assert a == PassBuy(1) and "doesn't buy" in str(why)
    # the third five completes a set: worth a penalty card
    obs = _buy_obs("3S 3H 5D 5C 7S 8H 9D 10C JS QH", "5S")
    assert p.choose(obs, legal, random.Random(0)) == Buy(1)


@pytest.mark.parametrize("variant", ["contract", "may_i"])
def test_normal_buys_only_useful_cards_in_play(variant):
    rules = find_variant(variant)({})
    eng = Engine(rules, 4, seed=5, auto=True)
    players = [make_player("normal", variant) for _ in range(4)]
    buys = 0
    while eng.to_act() is not None:
        legal = eng.legal_actions()
        if not legal:
            eng.deal_next()
            continue
        seat = eng.to_act()[0]
        obs = eng.observe(seat)
        a = players[seat].choose(obs, legal, random.Random(1))
        if a.type == "buy":
            ctx = ContractContext(variant, obs.round, obs.wild_ranks)
            hand = [c >> 3 for c in obs.hand]
            assert ctx.dist(hand + [obs.buy_card >> 3]) < ctx.dist(hand)
            assert not obs.down[seat]
            buys += 1
        eng.apply(a)
    assert buys >= 1


def test_contract_ai_respects_cr8():
    rules = find_variant("contract")({})
    checked = 0
    for seed in (1, 2):
        eng = Engine(rules, 4, seed=seed, auto=True)
        players = [make_player(lv, "contract") for lv in ("normal", "easy", "normal", "easy")]
        while eng.to_act() is not None:
            legal = eng.legal_actions()
            if not legal:
                eng.deal_next()
                continue
            seat = eng.to_act()[0]
            st = eng.state
            a = players[seat].choose(eng.observe(seat), legal, seat_rng(seed, seat))
            if a.type == "discard" and st.down[seat] and st.melds:
                wr = rules.wild_ranks(st.round)
                faces = {c >> 3 for c in st.hands[seat]}
                playable = {f for f in faces if rules._playable(st, f, wr)}
                assert a.card not in playable or playable == faces
                checked += 1
            eng.apply(a)
    assert checked >= 5


def test_normal_reasons_name_cards():
    def want(eng, seat, legal):
        return eng.state.phase == "play" and len(legal) > 2
    eng = _run_until("may_i", 4, 2, want)
    obs = eng.observe(eng.to_act()[0])
    a, why = make_player("normal", "may_i").decide(obs, eng.legal_actions(), random.Random(0))
    assert a.type == "discard" and str(why).startswith("discards ")
    assert any(s in str(why) for s in "♠♥♦♣") or "Joker" in str(why)


# ---------------------------------------------------------------------- CLI
def test_simulate_cli_json(capsys, tmp_path):
    from table_app.cli import main
    rc = main(["simulate", "--variant", "may_i", "--players", "3", "--levels", "normal,easy,normal",
               "--games", "2", "--seed", "4", "--json", "--save-dir", str(tmp_path)])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and set(out["per_level"]) == {"easy", "normal"}
    assert out["per_level"]["normal"]["seat_games"] == 4
    assert out["per_level"]["easy"]["p99_ms"] >= 0
    assert len(list(tmp_path.glob("*.jsonl"))) == 2
    assert main(["verify", str(next(tmp_path.glob("*.jsonl")))]) == 0


@pytest.mark.slow
def test_simulate_cli_duplicate_deals(capsys, tmp_path):
    from table_app.cli import main
    decks = []
    for i, levels in enumerate(("normal,easy,random", "random,normal,easy")):
        d = tmp_path / str(i)
        assert main(["simulate", "--variant", "may_i", "--players", "3", "--levels", levels,
                     "--games", "1", "--seed", "9", "--json", "--duplicate",
                     "--save-dir", str(d)]) == 0
        capsys.readouterr()
        lines = [json.loads(x) for x in next(d.glob("*.jsonl")).read_text().splitlines()[1:]]
        decks.append([e["deck"] for e in lines if e["type"] == "deal"])
    assert len(decks[0]) == 7 and decks[0] == decks[1]


def test_simulate_cli_refuses_bad_arguments(capsys):
    from table_app.cli import main
    assert main(["simulate", "--levels", "easy,normal", "--players", "4", "--games", "1"]) == 2
    assert main(["simulate", "--variant", "mexican", "--players", "7", "--games", "1"]) == 2
    assert main(["simulate", "--options", "{\"deuces_wild\": 3}", "--variant", "contract"]) == 2


# ---------------------------------------------------------------------- crafted positions
def _dealt(variant: str, n: int, rnd: int, seed: int = 1):
    rules = find_variant(variant)({})
    st = rules.initial_state(n)
    st = rules.apply(st, rules.next_deal(st, random.Random(seed), first_round=rnd))
    return rules, st


def test_normal_swaps_a_joker_in_contract_and_lays_it_off():
    from table_app.core.melds import build_meld
    rules, st = _dealt("contract", 3, 2)
    me = st.current
    used: set = set()
    run_ids = card_ids("5C 6C JK 8C", used)
    set_ids = card_ids("9D 9H 9S", used)
    hand = card_ids("7C KD 3H", used)
    wr = rules.wild_ranks(2)
    run = build_meld("run", 1, run_ids, [None, None, parse_face("7C"), None], wr)
    sett = build_meld("set", 1, set_ids, [None] * 3, wr)
    hands = tuple(hand if s == me else st.hands[s] for s in range(st.n))
    down = tuple(s in (me, 1) for s in range(st.n))
    st = replace(st, phase="play", hands=hands, melds=(run, sett), down=down)
    p = make_player("normal", "contract")
    legal = rules.legal_actions(st)
    a, why = p.decide(rules.observe(st, me), legal, random.Random(0))
    assert a.type == "swap" and a.card == parse_face("7C") and "swaps" in str(why)
    st = rules.apply(st, a)
    a2 = p.choose(rules.observe(st, me), rules.legal_actions(st), random.Random(0))
    assert a2.type == "lay_off" and a2.card == parse_face("JK")


@pytest.mark.parametrize("variant,hand", [
    ("mexican", "3S 4S 5S 6S 7S 8H 9H 10H JH QH 10C JC QC KC"),   # nines wild: 14 cards
    ("contract", "5D 5H 5S KC KD KS 3H 4H 5C JK 7H 8H 9H"),        # 13 = 3 + 3 + 7
])
def test_normal_goes_out_with_the_whole_hand_in_round_7(variant, hand):
    rules, st = _dealt(variant, 3, 7)
    me = st.current
    ids = card_ids(hand)
    hands = tuple(ids if s == me else st.hands[s] for s in range(st.n))
    st = replace(st, phase="play", hands=hands)
    legal = rules.legal_actions(st)
    a, why = make_player("normal", variant).decide(rules.observe(st, me), legal, random.Random(0))
    assert a.type == "go_down" and sum(len(m.cards) for m in a.melds) == len(ids)
    assert "goes out" in str(why)
    st = rules.apply(st, a)
    assert st.results[-1].winner == me


def test_every_normal_decision_has_a_reason():
    for variant, n in (("michigan", 4), ("mexican", 3)):
        rules = find_variant(variant)({})
        eng = Engine(rules, n, seed=8, auto=True)
        p = make_player("normal", variant)
        k = 0
        while eng.to_act() is not None and k < 400:
            legal = eng.legal_actions()
            if not legal:
                eng.deal_next()
                continue
            seat = eng.to_act()[0]
            a, why = p.decide(eng.observe(seat), legal, random.Random(k))
            assert isinstance(why, Message) and len(str(why)) > 5, (a, why)
            eng.apply(a)
            k += 1
        assert k > 20


def test_sampled_worlds_are_consistent_with_the_observation():
    from table_app.ai.contract_search import rules_for_obs, unseen_cards
    def want(eng, seat, legal):
        return eng.state.phase == "play" and eng.state.round >= 2 and any(eng.state.known)
    eng = _run_until("may_i", 4, 13, want)
    assert eng is not None
    seat = eng.to_act()[0]
    obs = eng.observe(seat)
    rules = rules_for_obs(obs)
    pool = unseen_cards(rules, obs)
    hidden = sum(obs.hand_sizes) - len(obs.hand) - sum(len(k) for s, k in enumerate(obs.known) if s != seat)
    assert len(pool) == hidden + obs.stock_size
    for i in range(3):
        st = rules.sample_world(obs, random.Random(i))
        assert rules.observe(st, seat) == obs  # every field (tests/test_worlds.py: every phase)
        every = [c for h in st.hands for c in h] + list(st.stock) + list(st.discard) + \
            [c for m in st.melds for c in m.cards]
        assert len(every) == len(set(every)) == len(rules.deck(4))


def _michigan_states(seeds, seats):
    """(engine state, observation of every seat) along seeded random Michigan games."""
    rules = find_variant("michigan")({})
    for seed in seeds:
        n = seats[seed % len(seats)]
        eng = Engine(rules, n, seed=seed, auto=True)
        rng = random.Random(seed)
        for _ in range(4000):
            if eng.to_act() is None:
                break
            legal = eng.legal_actions()
            if not legal:
                eng.deal_next()
                continue
            yield eng.state, [eng.observe(s) for s in range(n)], legal
            eng.apply(rng.choice(legal))


def test_michigan_inference_is_sound_and_finds_widow_cards():
    """MG-7: a stop shows the next card is in the widow; MG-5/MG-8: a lead is the
    leader's lowest card of the suit.  Never wrong about the true deal, and it does
    learn something (widow cards and bars are found along the games)."""
    from table_app.ai.michigan_ai import infer_hidden
    found_widow = found_bar = 0
    for st, obss, _legal in _michigan_states(range(12), (3, 4, 5, 8)):
        widow = {c >> 3 for c in st.widow}
        for obs in obss:
            w, barred = infer_hidden(obs)
            assert w <= widow
            for p, hand in enumerate(st.hands):
                assert not barred[p] & {c >> 3 for c in hand}
            found_widow += len(w)
            found_bar += sum(len(b) for b in barred.values())
    assert found_widow > 100 and found_bar > 100


def test_michigan_inference_worked_case():
    """4 players: seat 1 led 9D (faces: D = suit 2), seat 2 played 10D, the sequence
    stopped at 10D; JD is then in the widow, and seat 1 holds no diamond below 9."""
    from table_app.ai.michigan_ai import infer_hidden
    from table_app.variants.michigan import MichiganObservation
    nine, ten = 2 * 13 + 7, 2 * 13 + 8
    obs = MichiganObservation(
        seat=0, num_players=4, round=1, dealer=3, phase="lead", to_act=2,
        hand=(0 << 3,), hand_sizes=(1, 10, 10, 10), played=((), (nine << 3,), (ten << 3,), ()),
        sequence=(2, ten << 3), stopped=True, layout={"AH": 4, "KC": 4, "QD": 4, "JS": 4},
        kitty=8, balances=(0, 0, 0, 0), results=(), widow=None, deal_over=False,
        finished=False, winner=None)
    w, barred = infer_hidden(obs)
    assert w == {ten + 1}
    assert barred[1] == set(range(2 * 13, nine))
    assert barred[2] == set() and barred[0] == set()
    # while the sequence still runs at 10D, JD may yet be played: nothing is inferred
    w2, _ = infer_hidden(replace(obs, stopped=False, phase="follow"))
    assert w2 == set()


def test_michigan_hard_samples_respect_the_inference():
    from table_app.ai.michigan_ai import HardMichigan, infer_hidden
    hard = HardMichigan()
    checked = 0
    for st, obss, _legal in _michigan_states(range(4), (4, 6)):
        if sum(len(p) for p in st.played) < 8:
            continue
        obs = obss[len(st.played[0]) % len(obss)]  # a different seat's view now and then
        w, barred = infer_hidden(obs)
        for i in range(3):
            loc = hard.sample_loc(obs, random.Random(i))
            assert all(loc[f] == -1 for f in w)
            for s in range(obs.num_players):
                held = [f for f in range(52) if loc[f] == s]
                assert len(held) == obs.hand_sizes[s]
                if s != obs.seat:
                    assert not set(held) & barred[s]
            assert sum(1 for f in range(52) if loc[f] == -1) == 52 - sum(obs.hand_sizes) - \
                sum(len(p) for p in obs.played)
            checked += 1
    assert checked > 100


# ---------------------------------------------------------------------- strength (seeded)
def _duplicate_margin(variant: str, hi: str, lo: str, seeds) -> float:
    """Mean per-game score advantage of ``hi`` over ``lo`` (+ = hi better) at 4-seat
    tables ``hi lo hi lo`` and ``lo hi lo hi`` over the same duplicate deals."""
    sign = 1.0 if variant == "michigan" else -1.0
    total = 0.0
    for seed in seeds:
        for levels in ([hi, lo, hi, lo], [lo, hi, lo, hi]):
            res = play_game(variant, levels, seed=seed, duplicate=True)
            a = [t for t, lv in zip(res.totals, levels) if lv == hi]
            b = [t for t, lv in zip(res.totals, levels) if lv == lo]
            total += sign * (sum(a) / len(a) - sum(b) / len(b))
    return total / (2 * len(seeds))


def test_duplicate_games_deal_the_same_cards_whatever_the_seats(tmp_path):
    decks = []
    for i, levels in enumerate((["normal", "random", "easy"], ["random", "easy", "normal"])):
        path = tmp_path / f"g{i}.jsonl"
        play_game("mexican", levels, seed=77, duplicate=True, save_path=path)
        lines = [json.loads(x) for x in path.read_text().splitlines()[1:]]
        decks.append([(e["round"], e["dealer"], tuple(e["deck"])) for e in lines if e["type"] == "deal"])
    assert len(decks[0]) == 7 and decks[0] == decks[1]


@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican"])
def test_normal_beats_random_legal_play_on_duplicate_deals(variant):
    # measured margins are hundreds of points a game (benchmarks.ai strength)
    assert _duplicate_margin(variant, "normal", "random", [3]) > 100


@pytest.mark.slow
def test_michigan_normal_beats_random_and_easy_on_duplicate_deals():
    # benchmarks.ai: about +5 chips a session over random, +2.5 over easy
    assert _duplicate_margin("michigan", "normal", "random", range(300)) > 1.0
    assert _duplicate_margin("michigan", "normal", "easy", range(300)) > 0.5
