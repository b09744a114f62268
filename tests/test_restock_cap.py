"""CF-14's convention: the stock is refilled (CF-13) at most three times in a deal; a card
that must be taken from the empty stock after the third refill ends the deal at once as a
dead deal (no winner, every hand scored).  In a record the action that needed the card is
followed by no fourth ``restock`` but by ``deal_end`` with ``"winner": null``; a fourth
``restock`` is refused naming CF-14 and its line."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from table_app.cli import main
from table_app.core.actions import Buy, DealEnd, Discard, Draw, PassBuy, PassUpcard, Restock
from table_app.core.errors import IllegalActionError
from table_app.engine.record import dumps, make_header
from table_app.variants import find_variant
from table_app.variants.contract_family import MAX_RESTOCKS
from tests.helpers.deals import all_cards, engine_with_deal

#: (variant, players) of the three contract games
GAMES = [("contract", 4), ("may_i", 4), ("mexican", 2)]


def small_stock(variant: str, n: int):
    """A deal of round 1 whose stock holds one card and whose discard pile holds two
    cards under the upcard: the rest of the stock is moved into the last seat's hand
    (cards conserved), so each refill has only the few cards discarded since the last
    one (and the pile never shrinks to the upcard alone, CF-14's latch)."""
    eng = engine_with_deal(variant, n, 1)
    st = eng.state
    hands = st.hands[:-1] + (st.hands[-1] + st.stock[:-3],)
    eng.states[-1] = replace(st, stock=st.stock[-1:], hands=hands,
                             discard=st.stock[-3:-1] + st.discard,
                             discarders=(-1, -1) + st.discarders)
    return eng


def stock_turn(eng) -> None:
    """The active player declines the upcard (where the game asks), everyone asked
    passes, the active player draws from the stock and (if the deal goes on) discards
    the first card of the hand."""
    seat = eng.to_act()[0]
    if any(a.type == "pass_upcard" for a in eng.legal_actions()):
        eng.apply(PassUpcard(seat))
    while eng.to_act() is not None and eng.to_act()[1] == "buy":
        eng.apply(PassBuy(eng.to_act()[0]))
    if eng.state.phase in ("between", "over"):
        return
    eng.apply(Draw(seat, "stock"))
    if eng.state.phase == "play":
        eng.apply(Discard(seat, eng.state.hands[seat][0] >> 3))


def play_to_the_cap(eng):
    """Stock turns until the deal ends; returns the state just before the last action."""
    for _ in range(50):
        before = eng.state
        stock_turn(eng)
        if eng.state.phase in ("between", "over"):
            return before
    raise AssertionError("the deal did not end")


def restocks_in_log(eng) -> int:
    return sum(1 for ev in eng.log if ev.type == "restock")


@pytest.mark.parametrize("variant,n", GAMES)
def test_a_draw_after_the_third_refill_ends_the_deal_dead(variant, n):
    eng = small_stock(variant, n)
    deck = sorted(c >> 3 for c in all_cards(eng.state))
    before = play_to_the_cap(eng)
    assert restocks_in_log(eng) == MAX_RESTOCKS == 3
    # the deal ended at a draw from the empty stock, a fourth refill being possible
    assert before.restocks == 3 and not before.stock and len(before.discard) > 1
    assert [ev.type for ev in eng.log[-2:]] == ["draw", "deal_end"]
    assert eng.log[-2].source == "stock"
    end = eng.log[-1]
    assert isinstance(end, DealEnd) and end.winner is None
    # every hand scored as it was: the draw moved no card
    st = eng.state
    wr = eng.rules.wild_ranks(1)
    assert st.hands == before.hands and st.discard == before.discard
    assert end.scores == tuple(sum(eng.rules.spec.value(c >> 3, wr) for c in h)
                               for h in before.hands)
    assert all(sc > 0 for sc in end.scores)
    assert st.phase == "between" and st.results[-1].winner is None
    assert sorted(c >> 3 for c in all_cards(st)) == deck
    # the next deal starts with the count back at zero
    eng.deal_next()
    assert eng.state.round == 2 and eng.state.restocks == 0


@pytest.mark.parametrize("variant,n", GAMES)
def test_the_observation_says_a_take_would_end_the_deal(variant, n):
    eng = small_stock(variant, n)
    for _ in range(50):
        st = eng.state
        if st.restocks == 3 and not st.stock:
            break
        stock_turn(eng)
    obs = eng.observe(0)
    assert obs.restocks == 3 and obs.stock_size == 0 and obs.take_ends_deal
    assert not eng.observe(0).locked
    fresh = engine_with_deal(variant, n, 1).observe(0)
    assert fresh.restocks == 0 and not fresh.take_ends_deal


@pytest.mark.parametrize("variant,n", [("contract", 4), ("may_i", 4)])
def test_a_penalty_card_after_the_third_refill_ends_the_deal(variant, n):
    eng = small_stock(variant, n)
    for _ in range(50):
        st = eng.state
        if st.restocks == 3 and not st.stock and st.phase == "draw" and len(st.discard) >= 3:
            break
        stock_turn(eng)
    seat = eng.to_act()[0]
    eng.apply(PassUpcard(seat))
    buyer = eng.to_act()[0]
    assert eng.to_act()[1] == "buy" and Buy(buyer) in eng.legal_actions()
    before = eng.state
    eng.apply(Buy(buyer))
    assert [ev.type for ev in eng.log[-2:]] == ["buy", "deal_end"]
    assert eng.log[-1].winner is None and restocks_in_log(eng) == 3
    assert eng.state.hands == before.hands  # neither the upcard nor a penalty card moved


def test_a_buy_needing_a_refill_before_the_cap_is_refused_without_one():
    """A record whose buy needs the penalty card from an empty stock that can still be
    refilled, with no ``restock`` before it, is refused (CF-13), not a crash."""
    eng = small_stock("may_i", 4)
    eng.auto = False
    stock_turn(eng)  # seat 0 draws the last stock card
    st = eng.state
    assert not st.stock and st.restocks == 0
    # seat 1 declines, seat 2 tries to buy with no refill before it
    for _ in range(3):
        s = eng.to_act()[0]
        if eng.state.phase == "draw":
            eng.apply(PassUpcard(s))
            break
    buyer = eng.to_act()[0]
    assert eng.to_act()[1] == "buy" and len(eng.state.discard) >= 3  # a refill is possible
    with pytest.raises(IllegalActionError) as ei:
        eng.apply(Buy(buyer))
    assert ei.value.rule == "CF-13"


def _record(eng, variant: str, n: int) -> str:
    header = make_header(variant, [{"name": f"P{i}", "kind": "ai", "level": "normal"}
                                   for i in range(n)], seed=1)
    return dumps(header, eng.log)


def _verify(path, capsys):
    code = main(["verify", "--json", str(path)])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("variant,n", GAMES)
def test_verify_reads_a_capped_deal_and_refuses_a_fourth_restock(variant, n, tmp_path, capsys):
    # a real record: one deal played from a full stock until the cap ends it
    rules = find_variant(variant)({})
    from table_app.engine.engine import Engine
    e = Engine(rules, n, seed=3)
    e.deal_next()
    rng = random.Random(3)
    for _ in range(20_000):  # (a guard against a deal that never ends)
        if e.state.phase in ("between", "over"):
            break
        legal = [a for a in e.legal_actions() if a.type not in ("go_down", "lay_off", "swap", "buy")]
        take = [a for a in legal if a.type == "draw" and a.source == "discard"]
        rest = [a for a in legal if a not in take]
        e.apply(rng.choice(rest or take))
    assert restocks_in_log(e) == 3 and e.log[-1].winner is None
    good = tmp_path / "capped.jsonl"
    good.write_text(_record(e, variant, n), encoding="utf-8")
    code, out = _verify(good, capsys)
    assert code == 0, out
    assert out["deals"] == [{"round": e.state.round, "winner": None,
                             "scores": list(e.log[-1].scores)}]
    # a fourth restock before the last draw: refused, naming CF-14 and its line
    lines = good.read_text(encoding="utf-8").splitlines()
    k = len(e.log) - 2  # the draw that ended the deal (the header is line 1)
    st = e.states[k]
    assert e.log[k].type == "draw" and st.restocks == 3 and not st.stock
    fourth = Restock(tuple(c >> 3 for c in st.discard[:-1]))
    bad_lines = lines[:k + 1] + [json.dumps(fourth.to_json())] + lines[k + 1:]
    bad = tmp_path / "fourth.jsonl"
    bad.write_text("\n".join(bad_lines) + "\n", encoding="utf-8")
    code, out = _verify(bad, capsys)
    assert code == 1, out
    assert out["error"]["rule"] == "CF-14" and out["error"]["line"] == k + 2
    assert out["error"]["message"].startswith(f"line {k + 2}: restock refused")
    # and a deal_end that names a winner of the dead deal is refused (CF-15)
    end = json.loads(lines[-1])
    assert end["type"] == "deal_end" and end["winner"] is None
    end["winner"] = 0
    wrong = tmp_path / "winner.jsonl"
    wrong.write_text("\n".join(lines[:-1] + [json.dumps(end)]) + "\n", encoding="utf-8")
    code, out = _verify(wrong, capsys)
    assert code == 1 and out["error"]["rule"] == "CF-15"


def test_a_fourth_restock_is_refused_by_the_rules():
    eng = small_stock("mexican", 2)
    eng.auto = True
    for _ in range(50):
        st = eng.state
        if st.restocks == 3 and not st.stock:
            break
        stock_turn(eng)
    st = eng.state
    with pytest.raises(IllegalActionError) as ei:
        eng.apply(Restock(tuple(c >> 3 for c in st.discard[:-1])))
    assert ei.value.rule == "CF-14"
    assert eng.state is st


def _random_game(variant: str, n: int, seed: int, guard: int = 150_000):
    """A game of random legal actions until the rules end it.  ``guard`` only turns a
    game that never ends into a failure instead of a hang: it is far above the length
    the cap allows (a few thousand actions)."""
    rules = find_variant(variant)({})
    from table_app.engine.engine import Engine
    eng = Engine(rules, n, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while True:
        ta = eng.to_act()
        if ta is None:
            return eng, actions
        if ta[1] == "deal":
            eng.deal_next()
            continue
        eng.apply(rng.choice(eng.legal_actions()))
        actions += 1
        assert actions < guard, f"{variant} seed {seed}: no end after {actions} actions"


@pytest.mark.parametrize("n,seed", [(2, 1), (2, 2), (3, 3), (4, 4), (6, 5)])
def test_random_play_mexican_games_end(n, seed):
    """Mexican has no buying: before the cap the stock was refilled for ever (43 of 53
    random-play games hit the simulator's action cap)."""
    eng, _ = _random_game("mexican", n, seed)
    st = eng.state
    assert st.phase == "over" and len(st.results) == 7
    per_deal = []
    for ev in eng.log:
        if ev.type == "deal":
            per_deal.append(0)
        elif ev.type == "restock":
            per_deal[-1] += 1
    assert len(per_deal) == 7 and max(per_deal) <= 3
    assert 3 in per_deal  # the cap is what ended some deal
    assert eng.log[-1].type == "game_end"


def _at_the_cap(variant: str, n: int):
    """An engine whose active player is to draw, the stock empty after three refills."""
    eng = small_stock(variant, n)
    for _ in range(50):
        st = eng.state
        if st.restocks == 3 and not st.stock and st.phase == "draw":
            return eng
        stock_turn(eng)
    raise AssertionError("no such position")


@pytest.mark.parametrize("variant,n", GAMES)
def test_the_normal_ai_ends_the_deal_only_when_it_holds_the_fewer_points(variant, n):
    from table_app.ai import make_player
    eng = _at_the_cap(variant, n)
    seat = eng.to_act()[0]
    obs = eng.observe(seat)
    legal = eng.legal_actions()
    take = Draw(seat, "discard")
    assert take in legal and obs.take_ends_deal
    ai = make_player("normal", variant)
    rng = random.Random(1)
    # the others hold many cards: ending the deal now costs this seat less than them
    many = replace(obs, hand_sizes=tuple(len(obs.hand) if s == seat else 40 for s in range(n)))
    a, why = ai.decide(many, legal, rng)
    assert a != take and a.type in ("draw", "pass_upcard"), (a, why)
    assert why.id == "end_round" and str(why).startswith("ends the round")
    # the others hold one card each: play on (take the upcard) rather than end it
    few = replace(obs, hand_sizes=tuple(len(obs.hand) if s == seat else 1 for s in range(n)))
    a, why = ai.decide(few, legal, rng)
    assert a == take, (a, why)
    assert why.id == "play_on" and str(why).startswith("takes the upcard: ending the round")
    # away from the cap the same hand just draws (no deal-end reasoning)
    far = replace(many, restocks=2)
    a, why = ai.decide(far, legal, rng)
    assert why.id not in ("end_round", "play_on")


@pytest.mark.parametrize("variant,n", [("contract", 4), ("may_i", 4)])
def test_the_normal_ai_does_not_buy_when_the_deal_ends_anyway(variant, n):
    from table_app.ai import make_player
    eng = _at_the_cap(variant, n)
    eng.apply(PassUpcard(eng.to_act()[0]))
    seat, ph = eng.to_act()
    assert ph == "buy"
    obs = eng.observe(seat)
    a, why = make_player("normal", variant).decide(obs, eng.legal_actions(), random.Random(1))
    assert a == PassBuy(seat) and why.id == "no_buy_spent"


def test_the_hard_ai_imagines_worlds_with_the_refills_already_made():
    eng = _at_the_cap("mexican", 2)
    seat = eng.to_act()[0]
    world = eng.rules.sample_world(eng.observe(seat), random.Random(2))
    assert world.restocks == 3
    # so its rollouts see the draw from the empty stock end the deal
    st = eng.rules.apply(world, Draw(seat, "stock"))
    assert st.phase == "between" and st.results[-1].winner is None


def test_the_hard_ai_knows_the_deal_ends_when_the_last_refill_runs_out():
    from table_app.ai import make_player
    from table_app.ai.contract_eval import ContractContext
    eng = _at_the_cap("may_i", 4)
    seat = eng.to_act()[0]
    obs = eng.observe(seat)
    hard = make_player("hard", "may_i")
    ctx = ContractContext("may_i", obs.round, obs.wild_ranks)
    # 9 cards left, 4 players: the others draw 3, then 4 a round: the draw that finds the
    # stock empty comes before this seat's third turn from now
    nine = replace(obs, stock_size=9)
    hz = hard.hazards(nine, ctx)
    assert hz[2] == 1.0 and max(hz[:2]) < 0.1
    assert max(hard.hazards(replace(nine, restocks=2), ctx)) < 0.1
    # the stock empty: ending the deal or not is the normal level's choice, not the search's
    legal = eng.legal_actions()
    a, why = hard.decide(obs, legal, random.Random(3))
    na, nwhy = make_player("normal", "may_i").decide(obs, legal, random.Random(3))
    assert (a, why) == (na, nwhy) and why.id in ("end_round", "play_on")
