"""The coach (issue 21): ``table_app.ai.review`` on constructed positions where the better
play is known, its honesty (it reads only the seat's observation, never calls a move a
mistake inside its own noise) and its statistics."""
from __future__ import annotations

import math
import random

import pytest

from table_app.ai.review import (
    DecisionReview,
    mean_interval,
    name_seats,
    review_decision,
    review_engine,
    review_state,
    seat_decisions,
    t95,
)
from table_app.core.actions import Deal, Discard, Draw, Lead
from table_app.core.cards import parse_cards, parse_face
from table_app.core.melds import build_meld
from table_app.core.messages import Message
from table_app.engine.engine import Engine
from table_app.i18n.hints import hint_reason
from table_app.variants import find_variant
from table_app.variants.contract_family import replace
from tests.helpers.deals import engine_with_deal

F = parse_face


def down_next(variant, rnd, hand, upcard, melds, left, n=4):
    """``(rules, state)``: seat 0 has taken ``upcard`` (play phase); seat 1, the next
    player, is down with ``melds`` (``(kind, codes)``) and holds ``left``; seat 1's other
    dealt cards are put under the stock.  Every card in one place."""
    codes = " ".join(c for _k, c in melds) + " " + left
    eng = engine_with_deal(variant, n, rnd, hands={0: hand, 1: codes}, upcard=upcard)
    rules = eng.rules
    st = rules.apply(eng.state, Draw(0, "discard"))
    h1 = list(st.hands[1])
    out = []
    for kind, cs in melds:
        ids = []
        for f in parse_cards(cs):
            c = next(c for c in h1 if c >> 3 == f)
            h1.remove(c)
            ids.append(c)
        out.append(build_meld(kind, 1, ids, (None,) * len(ids), rules.wild_ranks(rnd)))
    keep = [next(c for c in h1 if c >> 3 == f) for f in parse_cards(left)]
    rest = [c for c in h1 if c not in keep]
    hands = (st.hands[0], tuple(keep)) + st.hands[2:]
    return rules, replace(st, stock=tuple(rest) + st.stock, hands=hands, melds=tuple(out),
                          down=tuple(s == 1 for s in range(n)))


def mg_deck(hands: dict[int, str], widow: str = "", n: int = 4, dealer: int = 3) -> tuple:
    """A Michigan deck order dealing the given cards (MG-4: one at a time clockwise from
    the dealer's left, the widow the last card of each circuit); the rest in order."""
    k = n + 1
    slots = {j: [i for i in range(52) if i % k == j] for j in range(k)}
    deck: list = [None] * 52
    used = set()
    for j, codes in [((s - dealer - 1) % n, c) for s, c in hands.items()] + [(n, widow)]:
        for f in parse_cards(codes):
            used.add(f)
            deck[slots[j].pop(0)] = f
    rest = [f for f in range(52) if f not in used]
    return tuple(f if f is not None else rest.pop(0) for f in deck)


# ---------------------------------------------------------------------- statistics
def test_t95_and_the_interval():
    assert t95(1) == 12.71 and t95(9) == 2.26 and t95(11) == 2.23 and t95(500) == 1.96
    assert t95(0) == math.inf
    m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    # mean 2.5, sd 1.29, se 0.645, t(3) 3.18
    assert m == 2.5 and lo == pytest.approx(2.5 - 3.18 * 0.6455, abs=1e-3)
    assert hi == pytest.approx(2.5 + 3.18 * 0.6455, abs=1e-3)
    assert mean_interval([5.0])[1:] == (-math.inf, math.inf)


# ---------------------------------------------------------------------- known better plays
@pytest.mark.parametrize("variant,rnd,hand,up,seed", [
    # Mexican round 1 (two sets, threes wild): K♣ makes K♥ K♠ K♣ beside the queens
    ("mexican", 1, "KH KS QH QS QC 7D 8D", "KC", 0),
    ("mexican", 1, "KH KS QH QS QC 7D 8D", "KC", 1),
    # Contract round 1 (two sets): the same with a ten-card hand
    ("contract", 1, "KH KS QH QS QC 2D 9C 3H JD 6D", "KC", 2),
])
def test_passing_an_upcard_that_completes_the_contract_is_a_mistake(variant, rnd, hand, up, seed):
    eng = engine_with_deal(variant, 4, rnd, hands={0: hand}, upcard=up)
    legal = eng.legal_actions()
    take = Draw(0, "discard")
    assert take in legal
    passed = next(a for a in legal if a != take)      # pass it (Contract) / draw (Mexican)
    d = review_state(eng.rules, eng.state, 0, passed, worlds=120, seed=seed)
    assert d.mistake and d.low > 0 and d.points_lost == d.estimate > 0
    assert d.better == take
    assert d.reason.id == "rv_passed_completing"
    text = hint_reason(d.reason, "en")
    assert text.startswith("passed K♣, which completes the contract")
    assert f"({d.worlds} worlds)" in text
    # the move that was right costs nothing
    ok = review_state(eng.rules, eng.state, 0, take, worlds=60, seed=seed)
    assert not ok.mistake and ok.points_lost == 0.0 and ok.better is None


@pytest.mark.parametrize("seed", [0, 1])
def test_discarding_a_card_the_down_next_player_lays_off_is_a_mistake(seed):
    """Contract round 2 (a set and a run): seat 1, next, is down with the set of 9s and
    5♥-8♥ and one card; seat 0 holds every other 9 and both 4♥ and 9♥, so only what seat 0
    throws can end the deal at once.  Throwing 9♣ lets seat 1 take it, lay it off and go
    out with seat 0 caught; a card nobody can use keeps the deal going."""
    rules, st = down_next("contract", 2, "9D 9D 9H 9S 9C 4H 4H 2C 7D KS", "JC",
                          [("set", "9H 9C 9S"), ("run", "5H 6H 7H 8H")], "QD")
    d = review_state(rules, st, 0, Discard(0, F("9C")), worlds=40, seed=seed)
    assert d.mistake and d.points_lost > 10, d
    assert d.better.type == "discard" and d.better.card not in (F("9C"), F("9D"), F("9H"),
                                                                 F("9S"), F("4H"))
    assert d.reason.id == "rv_fed_layoff" and d.reason.params["seat"] == 1
    assert hint_reason(d.reason, "en").startswith(
        "discarded 9♣ with the next player down on 1 card, who can lay it off:")
    # the record's names name the seat (the reason itself is about seats)
    assert hint_reason(name_seats(d.reason, NAMES), "en").startswith(
        "discarded 9♣ with Ann next, down on 1 card and able to lay it off:")


#: the players' names of the constructed positions (seat 0 is the player, "You")
NAMES = ["You", "Ann", "Bob", "Cy"]


@pytest.mark.parametrize("seed", [0, 1])
def test_keeping_a_high_card_with_a_player_down_on_one_card_names_that_player(seed):
    """Contract round 2: seat 1 is down with one card left and may go out on its turn;
    seat 0 holds K♠ J♦ 4♣ (it has taken J♦) and throws 4♣: caught with K♠ J♦ (20 points)
    rather than a 4 and a high card (15).  The reason names the down player from the
    record's names: "kept K♠ with Ann down on 1 card"."""
    rules, st = down_next("contract", 2, "KS 4C 4D 6S 8C 10D JH 3S QC 5D", "JD",
                          [("set", "9H 9C 9S"), ("run", "5H 6H 7H 8H")], "AD")
    keep = [c for c in st.hands[0] if c >> 3 in (F("KS"), F("4C"), F("JD"))]
    rest = [c for c in st.hands[0] if c not in keep]
    st = replace(st, hands=(tuple(keep),) + st.hands[1:], stock=tuple(rest) + st.stock)
    d = review_state(rules, st, 0, Discard(0, F("4C")), worlds=120, seed=seed)
    assert d.mistake and d.better.type == "discard" and d.better.card in (F("KS"), F("JD")), d
    assert d.reason.id == "rv_kept_high" and d.reason.params["seat"] == 1
    kept = hint_reason(Message("rv_discarded", card=d.better.card), "en").split()[-1]
    text = hint_reason(name_seats(d.reason, NAMES), "en")
    assert text.startswith(f"kept {kept} with Ann down on 1 card: caught with ")
    assert f"({d.worlds} worlds)" in text


def test_name_seats_names_the_seat_in_each_language():
    kept = Message("rv_kept_high", card=F("KS"), n2=2, seat=2, amount="3.5", n=40)
    fed = Message("rv_fed_layoff", card=F("9C"), n2=1, seat=1, amount="12.0", n=40)
    names = ["Ann", "You", "Бо"]
    assert hint_reason(name_seats(kept, names), "en") == (
        "kept K♠ with Бо down on 2 cards: caught with 3.5 points more on average (40 worlds)")
    assert "игрока Бо 2 карты" in hint_reason(name_seats(kept, names), "ru")
    assert "гравця Бо 2 карти" in hint_reason(name_seats(kept, names), "uk")
    # the seat that is the person playing ("You" in any of the languages): "you"
    assert hint_reason(name_seats(fed, names), "en").startswith(
        "discarded 9♣ with you next, down on 1 card and able to lay it off: 12.0 points")
    ru = ["Ann", "Вы", "Бо"]
    assert "вы ходите следующим" in hint_reason(name_seats(fed, ru), "ru")
    assert "ви ходите наступним" in hint_reason(name_seats(fed, ru), "uk")
    # no names, a seat they lack, a reason of no other seat: as it was
    assert name_seats(kept, None) is kept and name_seats(kept, ["Ann"]) is kept
    other = Message("rv_mg_cost", card=F("2C"), card2=F("9S"), amount="1.0", n=40)
    assert name_seats(other, names) is other


@pytest.mark.parametrize("seed", [0, 1])
def test_a_michigan_lead_that_gives_up_a_pay_card_is_a_mistake(seed):
    """Seat 0 holds 9♠ 10♠ J♠ and 8♠ is in the widow: spades below stop at 7♠, so only
    seat 0's own lead of 9♠ ever plays its J♠ and takes the J♠ cell (4 chips, MG-9).
    Leading 2♣ instead hands the lead to the others, who may go out first."""
    eng = Engine(find_variant("michigan")({}), 4, seed=0)
    eng.apply(Deal(1, 3, mg_deck({0: "9S 10S JS 2C 4C 6C 8C 10C 2D 4D 6D"}, widow="8S")))
    assert eng.to_act()[0] == 0 and len(eng.legal_actions()) == 3
    d = review_state(eng.rules, eng.state, 0, Lead(0, F("2C")), worlds=400, seed=seed)
    assert d.mistake and d.better == Lead(0, F("9S")) and d.points_lost > 0
    assert d.reason.id == "rv_mg_pay"
    assert hint_reason(d.reason, "en").startswith(
        "led 2♣ rather than 9♠, which runs to your pay card J♠:")
    assert "chips fewer on average" in hint_reason(d.reason, "en")


# ---------------------------------------------------------------------- honesty
def _same(a: DecisionReview, b: DecisionReview) -> bool:
    """The same review (all but the CPU it took)."""
    def j(d):
        return {k: v for k, v in d.to_json().items() if k != "cpu_ms"}
    return j(a) == j(b) and a.alternative == b.alternative


@pytest.mark.parametrize("case", ["completes", "feeds", "michigan"])
def test_the_review_never_reads_the_other_hands(case):
    """The other hands dealt again consistently with seat 0's observation (the rules'
    own sampler: every card the seat has not seen moves): the same review for the same
    seed, though the states differ."""
    if case == "completes":
        eng = engine_with_deal("mexican", 4, 1, hands={0: "KH KS QH QS QC 7D 8D"}, upcard="KC")
        rules, st, played = eng.rules, eng.state, Draw(0, "stock")
    elif case == "feeds":
        rules, st = down_next("contract", 2, "9D 9D 9H 9S 9C 4H 4H 2C 7D KS", "JC",
                              [("set", "9H 9C 9S"), ("run", "5H 6H 7H 8H")], "QD")
        played = Discard(0, F("9C"))
    else:
        eng = Engine(find_variant("michigan")({}), 4, seed=0)
        eng.apply(Deal(1, 3, mg_deck({0: "9S 10S JS 2C 4C 6C 8C 10C 2D 4D 6D"}, widow="8S")))
        rules, st, played = eng.rules, eng.state, Lead(0, F("2C"))
    obs = rules.observe(st, 0)
    others = [rules.sample_world(obs, random.Random(k)) for k in (11, 12)]
    for o in others:
        assert rules.observe(o, 0) == obs
        assert o.hands[1:] != st.hands[1:]       # other hands, the same view
    base = review_state(rules, st, 0, played, worlds=12, seed=5)
    for o in others:
        assert _same(review_state(rules, o, 0, played, worlds=12, seed=5), base)
    # and the observation alone gives it too
    assert _same(review_decision(rules, obs, rules.legal_actions(st), played, worlds=12,
                                 seed=5), base)


def test_a_move_inside_the_noise_is_not_a_mistake():
    """Two worlds cannot tell anything apart: whatever the estimate, no mistake."""
    eng = engine_with_deal("mexican", 4, 1, hands={0: "KH KS QH QS QC 7D 8D"}, upcard="KC")
    d = review_state(eng.rules, eng.state, 0, Draw(0, "stock"), worlds=2, seed=0)
    assert d.worlds == 2 and not d.mistake and d.better is None and d.points_lost == 0.0
    assert d.reason.id == "rv_within_noise"


# ---------------------------------------------------------------------- a whole deal
def test_review_of_a_recorded_deal(tmp_path):
    from table_app.ai.simulate import play_game
    from table_app.engine.record import read_record, replay
    path = tmp_path / "g.jsonl"
    play_game("may_i", ["easy", "normal", "normal"], 4, save_path=path, budget_ms=20)
    rec = read_record(path)
    eng = replay(rec)
    todo = seat_decisions(eng, 0, deal=1)
    assert todo and all(k == 1 for _i, k in todo)
    assert all(eng.log[i].player == 0 for i, _k in todo)
    seen = []
    rv = review_engine(eng, 0, deal=1, worlds=3, seed=1, lines=rec.lines,
                       progress=lambda a, b: seen.append((a, b)))
    assert [d.index for d in rv.decisions] == [i for i, _k in todo]
    assert seen[0] == (0, len(todo)) and seen[-1] == (len(todo), len(todo))
    assert all(d.line == rec.lines[d.index] for d in rv.decisions)
    j = rv.to_json()
    assert j["seat"] == 1 and len(j["decisions"]) == len(todo)
    assert j["points_lost_total"] == pytest.approx(sum(d["points_lost"] for d in j["decisions"]),
                                                   abs=0.05)
    for d in j["decisions"]:
        assert set(d) >= {"line", "deal", "played", "better", "points_lost", "reason"}
        assert (d["better"] is None) == (not d["mistake"])
    # cancelled at once: nothing reviewed
    rv2 = review_engine(eng, 0, deal=1, worlds=3, cancelled=lambda: True)
    assert rv2.cancelled and rv2.decisions == []


def test_a_long_deal_shares_the_deals_budget(monkeypatch, tmp_path):
    """The default caps a deal's review (``DEFAULT_DEAL_BUDGET_MS``): with more decisions
    than the cap allows at ``budget_ms`` each, each gets an equal share (at least
    ``MIN_DECISION_MS``); ``deal_budget_ms=None`` keeps ``budget_ms``."""
    import table_app.ai.review as rv_mod
    from table_app.ai.simulate import play_game
    from table_app.engine.record import read_record, replay
    path = tmp_path / "g.jsonl"
    play_game("contract", ["normal"] * 3, 2, save_path=path, budget_ms=20)
    eng = replay(read_record(path))
    n = len(seat_decisions(eng, 0, 1))
    assert n > 8
    seen = []

    def fake(rules, state, seat, played, **kw):
        seen.append(kw["budget_ms"])
        return DecisionReview(played, None, rv_mod.move_text(played), None, 0.0, 0.0, 0.0,
                              0.0, 0, 0, False, rv_mod.Message("rv_only_move"))
    monkeypatch.setattr(rv_mod, "review_state", fake)
    review_engine(eng, 0, 1, budget_ms=250.0, deal_budget_ms=250.0 * 4)
    assert seen == [pytest.approx(max(rv_mod.MIN_DECISION_MS, 1000.0 / n))] * n
    seen.clear()
    review_engine(eng, 0, 1, budget_ms=250.0, deal_budget_ms=None)
    assert seen == [250.0] * n
    seen.clear()
    review_engine(eng, 0, 1, budget_ms=10.0)           # under the cap: as given
    assert seen == [10.0] * n
