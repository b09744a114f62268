"""Playing your hand (issue 19): several cards laid off by one drop, "Lay off all that
fits" (its button and the key A), undone as one decision; played through synthetic mouse
and key events on the real table scene."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal, LayOff  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    click,
    contract_table,
    drag,
    hand_card,
    make_table,
    meld_point,
    point_of,
    press,
    settle,
    stage,
    types,
    zone_point,
)


def contract_down():
    """Contract round 1, seat 0 has taken the upcard 7♦ and gone down with 7♣ 7♦ 7♥ and
    9♠ 9♥ 9♦; left in hand: 7♠ 9♣ 2♣ 4♦ 7♦ (Contract lays off at once, CR-6)."""
    app, scene, s = contract_table()
    settle(app, scene)
    assert scene.buttons["go_down"].visible and not scene.buttons["play_all"].visible
    drag(app, point_of(scene, s.engine.observe(0).upcard), zone_point(scene, "hand"))
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    assert types(s.engine.log)[-1] == "go_down"
    return app, scene, s


def faces(scene):
    return sorted(c >> 3 for c in scene.engine.observe(0).hand)


def F(*codes):
    return sorted(parse_face(x) for x in codes)


def test_two_cards_dropped_on_a_meld_are_laid_off_together_and_undone_as_one():
    app, scene, s = contract_down()
    eng = s.engine
    n = len(eng.log)
    for c in ("7S", "7D"):
        click(app, point_of(scene, hand_card(scene, c)))
    drag(app, point_of(scene, hand_card(scene, "7S")), meld_point(scene, 0))
    assert types(eng.log, n) == ["lay_off", "lay_off", "x-together"]
    assert {e.card for e in eng.log[n:n + 2]} == {parse_face("7S"), parse_face("7D")}
    assert faces(scene) == F("9C", "2C", "4D")
    assert len(eng.observe(0).melds[0].cards) == 5
    scene.press_button("undo")
    assert len(eng.log) == n and faces(scene) == F("7S", "9C", "2C", "4D", "7D")
    scene.press_button("redo")
    assert types(eng.log, n) == ["lay_off", "lay_off", "x-together"]
    assert faces(scene) == F("9C", "2C", "4D")


def test_a_drop_with_a_card_that_does_not_fit_lays_off_nothing_and_says_why():
    app, scene, s = contract_down()
    eng = s.engine
    n = len(eng.log)
    for c in ("9C", "2C"):
        click(app, point_of(scene, hand_card(scene, c)))
    drag(app, point_of(scene, hand_card(scene, "9C")), meld_point(scene, 1))
    assert len(eng.log) == n
    assert scene.toast.bad and scene.toast.msg == "2♣ does not fit a set of 9s (CF-8)"


def test_the_keys_lay_off_several_picked_up_cards_on_the_focused_meld():
    app, scene, s = contract_down()
    eng = s.engine
    n = len(eng.log)
    for c in ("7S", "7D"):
        scene.ui.selected.add(hand_card(scene, c))
    scene.refresh()
    scene.keys.set_focus("melds", 0)
    mi = scene.keys.focused()
    assert eng.observe(0).melds[mi].rank == 7
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         scancode=40, unicode="\r"))
    app.step(0.02)
    assert types(eng.log, n) == ["lay_off", "lay_off", "x-together"]


def test_lay_off_all_that_fits_button_keeps_a_card_and_one_undo_takes_it_back():
    app, scene, s = contract_down()
    eng = s.engine
    b = scene.buttons["play_all"]
    assert b.visible and b.is_enabled and not scene.buttons["go_down"].visible
    n = len(eng.log)
    press(app, scene, "play_all")
    laid = [e for e in eng.log[n:] if isinstance(e, LayOff)]
    assert sorted(e.card for e in laid) == F("7S", "9C", "7D")
    assert faces(scene) == F("2C", "4D")
    assert scene.toast.msg == "Laid off 3 cards"
    assert not b.is_enabled                  # nothing left that fits
    scene.press_button("undo")
    assert len(eng.log) == n and faces(scene) == F("7S", "9C", "2C", "4D", "7D")


def test_laid_off_is_said_once_the_cards_have_landed_on_the_melds():
    """A tester read "Laid off 3 cards" while the cards were still flying: it waits for
    the table to be still (``ui.say_when_still``)."""
    app, scene, s = contract_down()
    app.instant = False                                 # the cards fly
    scene._apply_speed()
    scene.toast.msg = ""
    assert scene.play_all()
    flying = []
    for _ in range(300):
        app.step(0.02)
        flying.append((scene.layer.moving(), scene.toast.msg))
        if not scene.layer.moving() and scene.toast.msg:
            break
    assert any(m for m, _t in flying)                   # they flew
    assert all(t == "" for m, t in flying if m)         # nothing said while they flew
    assert scene.toast.msg == "Laid off 3 cards" and scene.ui.say_when_still is None


def test_the_key_a_lays_off_all_that_fits_and_says_why_when_nothing_does():
    app, scene, s = contract_down()
    eng = s.engine
    n = len(eng.log)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, scancode=4,
                                         unicode="a"))
    app.step(0.02)
    assert len([e for e in eng.log[n:] if isinstance(e, LayOff)]) == 3
    m = len(eng.log)
    scene.play_all()
    assert len(eng.log) == m and scene.toast.bad
    assert scene.toast.msg == "No card of your hand fits a meld on the table"


def test_lay_off_all_before_going_down_says_to_go_down_first():
    from tests.helpers.table import may_i_table
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    n = len(s.engine.log)
    assert not scene.play_all()
    assert len(s.engine.log) == n and "(CF-8)" in scene.toast.msg


# ---------------------------------------------------------------- a double-click discards
@pytest.fixture
def quick_clicks(monkeypatch):
    """Two clicks of a test are one double-click however busy the machine (the window
    is read on pygame's clock, which runs on while a loaded CPU steps the app)."""
    from table_app.ui.table import gestures
    monkeypatch.setattr(gestures, "DOUBLE_CLICK_MS", 10 ** 9)


def test_a_double_click_on_a_hand_card_discards_it(quick_clicks):
    app, scene, s = contract_down()
    eng = s.engine
    n = len(eng.log)
    p = point_of(scene, hand_card(scene, "4D"))
    click(app, p)
    click(app, p)
    assert types(eng.log, n)[:1] == ["discard"] and eng.log[n].card == parse_face("4D")


def test_a_double_click_where_the_discard_is_refused_says_why(quick_clicks):
    """Contract, down, holding the playable 7♠ and unplayable cards: discarding 7♠ is
    refused (CR-8); in the draw phase a discard is refused too (CF-10)."""
    app, scene, s = contract_down()
    eng = s.engine
    n = len(eng.log)
    p = point_of(scene, hand_card(scene, "7S"))
    click(app, p)
    click(app, p)
    assert len(eng.log) == n and scene.toast.bad and scene.toast.msg.endswith("(CR-8)")
    assert hand_card(scene, "7S") not in scene.ui.selected     # the card is put back


def test_two_clicks_far_apart_pick_up_and_put_back(monkeypatch):
    from table_app.ui.table import gestures
    app, scene, s = contract_down()
    monkeypatch.setattr(gestures, "DOUBLE_CLICK_MS", -1)      # every click is a slow one
    n = len(s.engine.log)
    c = hand_card(scene, "4D")
    click(app, point_of(scene, c))
    assert c in scene.ui.selected
    click(app, point_of(scene, c))
    assert c not in scene.ui.selected and len(s.engine.log) == n


def test_a_double_click_in_the_draw_phase_is_refused_with_the_rule(quick_clicks):
    from tests.helpers.table import may_i_table
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    assert s.human_to_act() == "draw"
    n = len(s.engine.log)
    p = point_of(scene, hand_card(scene, "2C"))
    click(app, p)
    click(app, p)
    assert len(s.engine.log) == n and scene.toast.msg.endswith("(CF-10)")


# ---------------------------------------------------------------- Mexican's wild badge
def mexican_table(rnd=1):
    from table_app.core.cards import JOKER
    from table_app.variants import find_variant
    from tests.helpers.deals import deck_order
    rules = find_variant("mexican")({})
    wild = {1: "3", 2: "4"}[rnd]
    hand = f"{wild}S {wild}H 7C 7D JK 9S 9H" + (" KD" if rnd == 2 else "")
    deck = deck_order(rules, 2, rnd, 1, hands={0: hand}, upcard=f"{wild}C")
    app, scene, s = make_table("mexican", 2, Deal(rnd, 1, deck), {1: Scripted()})
    settle(app, scene)
    return app, scene, s, parse_face, JOKER, wild


@pytest.mark.parametrize("rnd", [1, 2])
def test_mexican_badges_the_rounds_wild_rank_not_the_jokers(rnd):
    app, scene, s, pf, JOKER, wild = mexican_table(rnd)
    obs = s.engine.observe(0)
    want = {c for c in obs.hand if c >> 3 in (pf(f"{wild}S"), pf(f"{wild}H"))} | {obs.upcard}
    assert scene.view.wild_cards == want
    assert not any(c >> 3 == JOKER for c in scene.view.wild_cards)
    # drawn: the badge's violet lies on the card's left edge
    app.draw()
    c = next(iter(want - {obs.upcard}))
    spr = scene.layer.sprites[c]
    r = spr.rect()
    from table_app.ui.table.labels import wild_badge
    b = wild_badge(int(round(spr.tw)))
    x0, y0 = r.x + 2, r.y + int(r.h * 0.56)
    px = [app.screen.get_at((x0 + i, y0 + j)) for i in range(b.get_width())
          for j in range(b.get_height())]
    violet = [p for p in px if p.b > p.g + 60 and p.r > p.g + 20]
    assert len(violet) > len(px) // 3, len(violet)     # violet, not the card's white


def test_other_games_and_a_joker_wear_no_badge():
    from tests.helpers.table import may_i_table
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    assert scene.view.wild_cards == set()


# ---------------------------------------------------------------- round 7's status line
def test_round_seven_whole_hand_asks_to_go_out_not_for_a_discard_after_it():
    import types as ty

    from table_app.ui.table.banner import status_line
    from table_app.variants.specs import ContractTerms
    can = {"upcard": True, "stock": True, "buy": True, "lay_off": False}
    r7 = ty.SimpleNamespace(down=(False, False), went_down_now=False,
                            contract_terms=ContractTerms(0, 3, whole_hand=True))
    got = status_line(last="x", phase="play", now=lambda: r7, can=lambda: can, variant="mexican")
    assert got == ("Your turn: go out by laying your whole hand as the contract (no discard), "
                   "or drag a card to the discard pile")
    may_i = ty.SimpleNamespace(down=(False, False), went_down_now=False,
                               contract_terms=ContractTerms(0, 3))
    assert status_line(last="x", phase="play", now=lambda: may_i, can=lambda: can,
                       variant="may_i") == \
        "Your turn: go down if you can, then drag a card to the discard pile"


# ---------------------------------------------------------------- a crowded table's melds fan out
def crowded_table(n=7, size=(1024, 640), melds=8):
    """A Contract table of ``n`` seats played by the stand-in player until ``melds``
    melds lie on the table and it is seat 0's play."""
    import random

    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import FallbackPlayer, GameSession
    s = GameSession("contract", n, seed=11, autosave=False)
    eng = s.engine
    eng.deal_next()
    rng = random.Random(3)
    fb = FallbackPlayer("contract")
    for _ in range(3000):
        ta = eng.to_act()
        if len(eng.state.melds) >= melds and ta[0] == 0 and ta[1] == "play":
            break
        eng.apply(fb.decide(eng.observe(ta[0]), eng.legal_actions(), rng)[0])
    assert len(eng.state.melds) >= melds
    app = App(size, headless=True, instant=True)
    sc = TableScene(s)
    s.players = {k: Scripted() for k in range(1, n)}
    app.push(sc)
    for _ in range(3):
        app.step(0.02)
    return app, sc, s


def _move(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.02)


def test_on_a_crowded_table_the_meld_under_the_mouse_fans_out_readably():
    app, sc, s = crowded_table()
    W, H = app.size
    mi = max(sc.view.melds, key=lambda m: len(s.engine.state.melds[m].cards))
    r = sc.view.melds[mi]
    table_w = sc.ui.meld_plan["mw"]
    _move(app, r.center)
    fan = sc.meld_fan()
    assert fan is not None and fan.meld == mi
    assert len(fan.cards) == len(s.engine.state.melds[mi].cards)
    assert fan.w == sc.L.cw and fan.w >= 1.4 * table_w
    assert fan.panel.left >= 0 and fan.panel.right <= W and fan.panel.bottom <= H
    assert not fan.panel.colliderect(r)                     # beside the meld, not on it
    xs = [cr.x for cr, _f, _r in fan.cards]
    assert all(b - a >= 0.45 * fan.w for a, b in zip(xs, xs[1:]))   # every index shows
    # drawn: the panel's gold border where the felt was
    app.draw()
    px = app.screen.get_at((fan.panel.centerx, fan.panel.y + 1))
    assert px.r > 200 and px.g > 150, px
    # the mouse leaves the meld: no fan
    _move(app, (sc.L.melds.right - 3, sc.L.melds.bottom - 3))
    assert sc.meld_fan() is None


def test_the_keyboard_focus_fans_the_focused_meld():
    app, sc, s = crowded_table()
    assert sc.meld_fan() is None
    sc.keys.set_focus("melds", 2)
    fan = sc.meld_fan()
    assert fan is not None and fan.meld == sc.keys.focused()


def test_a_roomy_table_does_not_fan_its_melds():
    app, sc, s = crowded_table(n=4, size=(1600, 1000), melds=4)
    mi = next(iter(sc.view.melds))
    _move(app, sc.view.melds[mi].center)
    assert sc.gestures.hovered_meld == mi and sc.meld_fan() is None


def _to_next_draw(app, scene, s):
    """Discard 2♣, pass the calls the others' discards offer: the human's next draw."""
    from table_app.core.actions import Discard, PassBuy
    scene.act(Discard(0, parse_face("2C")))
    settle(app, scene)
    while s.human_to_act() == "buy":
        scene.act(PassBuy(0))
        settle(app, scene)
    assert s.human_to_act() == "draw"


def test_lay_off_all_asked_for_while_the_draw_waits_for_the_call_window_is_made_when_it_lands():
    """A tester pressed A right after D while the call window (CR-5) still asked the
    others: the table said "Lay off on your turn, after drawing" and did nothing.  Now it
    says it will, and lays off once the drawn card has landed (``commands.run_queued``)."""
    from table_app.core.actions import Draw, PassUpcard
    app, scene, s = contract_down()
    eng = s.engine
    _to_next_draw(app, scene, s)
    n = len(eng.log)
    scene.act(PassUpcard(0))                  # D: the stock, after the call window
    scene.want_stock = True
    assert s.human_to_act() != "play"
    assert not scene.play_all()
    assert scene.ui.lay_off_queued and not scene.toast.bad
    assert scene.toast.msg == "Laying off all that fits once your card is drawn"
    assert not [e for e in eng.log[n:] if isinstance(e, LayOff)]
    settle(app, scene)
    drawn = [e for e in eng.log[n:] if isinstance(e, Draw)]
    assert drawn and drawn[0].player == 0 and drawn[0].source == "stock"
    laid = [e for e in eng.log[n:] if isinstance(e, LayOff)]
    assert sorted(e.card for e in laid) == F("7S", "9C", "7D")
    assert scene.toast.msg == "Laid off 3 cards" and not scene.ui.lay_off_queued
    assert len(eng.observe(0).hand) == 2     # 4♦ and the drawn card: one to discard


def test_lay_off_all_asked_for_before_drawing_says_to_draw_first_and_is_not_kept():
    app, scene, s = contract_down()
    _to_next_draw(app, scene, s)
    assert not scene.want_stock
    assert not scene.play_all()
    assert scene.toast.bad and scene.toast.msg == "Lay off on your turn, after drawing"
    assert not scene.ui.lay_off_queued
