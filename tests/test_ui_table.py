"""Headless scene tests of the card table: whole deals of every game played through
synthetic mouse events (press, motion, release) on the real scene, at the positions the
presenter computed.  Assertions are on the engine's record (``engine.log``)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import (  # noqa: E402
    Buy,
    Deal,
    DealEnd,
    Discard,
    Draw,
    GoDown,
    LayOff,
    Lead,
)
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    build_deck,
    card_drag_to_zone,
    click,
    contract_table,
    drag,
    hand_card,
    make_table,
    may_i_table,
    meld_point,
    point_of,
    press,
    settle,
    stage,
    step,
    types,
    zone_point,
)


# ---------------------------------------------------------------- May I?
def test_may_i_whole_deal_with_buy_illegal_drop_undo_redo():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    assert s.human_to_act() == "draw"
    # T1: drag the stock's top card to the hand: pass the upcard, the window runs, draw
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    assert types(eng.log, 1)[:4] == ["pass_upcard", "pass_buy", "pass_buy", "draw"]
    assert eng.log[4] == Draw(0, "stock")
    assert s.human_to_act() == "play"
    # build the two sets and go down
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    assert isinstance(eng.log[-1], GoDown) and len(eng.log[-1].melds) == 2
    n = len(eng.log)
    # an illegal drop: laying off on the turn of going down (MI-4) snaps back
    drag(app, point_of(scene, hand_card(scene, "7S")), meld_point(scene, 0))
    assert len(eng.log) == n
    assert "MI-4" in scene.toast.msg
    assert hand_card(scene, "7S") in eng.observe(0).hand
    # discard 2C, then undo and redo it
    card_drag_to_zone(app, scene, "2C", "discard")
    assert eng.log[n] == Discard(0, parse_face("2C"))
    after = list(eng.log)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z"))
    step(app, 2)
    assert len(eng.log) == n and s.human_to_act() == "play"
    press(app, scene, "redo")
    assert eng.log[:len(after)] == after[:len(eng.log)] and eng.log[n] == Discard(0, parse_face("2C"))
    settle(app, scene)
    # T3: seat 2 passes seat 1's 7H: the human is asked "May I?" and buys it
    assert s.human_to_act() == "buy"
    assert scene.buttons["buy"].visible
    press(app, scene, "buy")
    assert Buy(0) in eng.log
    settle(app, scene)
    # T4: take seat 2's 7C, lay off everything but 4D, discard 4D and go out
    assert s.human_to_act() == "draw"
    drag(app, point_of(scene, eng.observe(0).upcard), zone_point(scene, "hand"))
    assert eng.log[-1] == Draw(0, "discard")
    for code in ("7S", "7H", "7C"):
        drag(app, point_of(scene, hand_card(scene, code)), meld_point(scene, 0))
    for code in ("9C", "9S", "9D"):
        drag(app, point_of(scene, hand_card(scene, code)), meld_point(scene, 1))
    assert sum(1 for e in eng.log if isinstance(e, LayOff)) == 6
    card_drag_to_zone(app, scene, "4D", "discard")
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert ends and ends[0].winner == 0 and ends[0].scores[0] == 0
    settle(app, scene)
    from table_app.ui.scenes.scores import DealEndScene, ScoreSheet
    # every hand with its points first (issue #19), its button then the score sheet
    assert isinstance(app.stack.top, DealEndScene)
    b = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "next")
    click(app, b.rect.center)
    assert isinstance(app.stack.top, ScoreSheet)
    # the score sheet's Next deal deals round 2
    b = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "next")
    click(app, b.rect.center)
    step(app, 3)
    assert [e for e in eng.log if isinstance(e, Deal)][-1].round == 2


# ---------------------------------------------------------------- Contract
def test_contract_whole_deal_with_call_and_lay_off_same_turn():
    app, scene, s = contract_table()
    eng = s.engine
    settle(app, scene)
    # T1: take the upcard 7D by dragging it to the hand
    drag(app, point_of(scene, eng.observe(0).upcard), zone_point(scene, "hand"))
    assert eng.log[-1] == Draw(0, "discard")
    press(app, scene, "suggest") if any(isinstance(a, GoDown) for a in eng.legal_actions()) else None
    scene.ui.staged, scene.hand.picks = [], []
    scene.refresh()
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    assert isinstance(eng.log[-1], GoDown)
    # Contract lets you lay off right after going down (CR-6)
    for code, mi in (("7S", 0), ("9C", 1), ("7D", 0)):
        drag(app, point_of(scene, hand_card(scene, code)), meld_point(scene, mi))
    assert sum(1 for e in eng.log if isinstance(e, LayOff)) == 3
    n = len(eng.log)
    card_drag_to_zone(app, scene, "2C", "discard")
    assert eng.log[n] == Discard(0, parse_face("2C"))
    settle(app, scene)
    # seat 2 passes seat 1's 7H: the human calls it (+ a penalty card 9S)
    assert s.human_to_act() == "buy"
    assert scene.buttons["buy"].label_text == "Call 7♥ +1"
    press(app, scene, "buy")
    assert Buy(0) in eng.log
    settle(app, scene)
    # T4: drag the stock: pass the upcard, the window runs, then draw 9D
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    assert eng.log[-1] == Draw(0, "stock")
    for code, mi in (("7H", 0), ("9S", 1), ("9D", 1)):
        drag(app, point_of(scene, hand_card(scene, code)), meld_point(scene, mi))
    card_drag_to_zone(app, scene, "4D", "discard")
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert ends and ends[0].winner == 0


# ---------------------------------------------------------------- Mexican
def test_mexican_whole_deal_with_a_wild_and_an_illegal_drop():
    from table_app.variants import find_variant
    rules = find_variant("mexican")({})
    deck = build_deck(rules.deck(2), [
        ["7C", "7D", "7H", "9S", "9H", "3H", "4D"],
        ["5S", "6S", "8C", "10D", "JS", "QD", "KS"],
    ], ["KC", "7S", "2D", "9C"])
    app, scene, s = make_table("mexican", 2, Deal(1, 1, deck), {1: Scripted(["KS"])})
    eng = s.engine
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    assert eng.log[-1] == Draw(0, "stock")
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "3H"])
    press(app, scene, "go_down")
    gd = eng.log[-1]
    assert isinstance(gd, GoDown)
    assert any(r is not None for m in gd.melds for r in m.roles)  # the 3H declared as a nine
    n = len(eng.log)
    drag(app, point_of(scene, hand_card(scene, "7S")), meld_point(scene, 0))
    assert len(eng.log) == n and "MX-5" in scene.toast.msg
    card_drag_to_zone(app, scene, "4D", "discard")
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    assert eng.log[-1] == Draw(0, "stock")
    drag(app, point_of(scene, hand_card(scene, "7S")), meld_point(scene, 0))
    card_drag_to_zone(app, scene, "9C", "discard")
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert ends and ends[0].winner == 0


# ---------------------------------------------------------------- Michigan
def test_michigan_whole_deal_leads_forced_plays_and_an_illegal_lead():
    human = ["2S", "3S", "4S", "5S", "6S", "8S", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    seat1 = ["7S", "10S", "JS", "9H", "10H", "JH", "QH", "2D", "3D", "4D", "5D", "6D", "7D"]
    seat2 = ["QS", "KS", "AS", "KH", "AH", "8D", "9D", "10D", "JD", "QD", "2C", "3C", "4C"]
    used = set(human + seat1 + seat2)
    allc = [c for c in (r + s for s in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])]
    widow = [c for c in allc if c not in used]
    assert "9S" in widow and len(widow) == 13
    deck = build_deck(list(range(52)), [human, seat1, seat2, widow], [])
    app, scene, s = make_table("michigan", 3, Deal(1, 2, deck), {1: Scripted(), 2: Scripted()})
    eng = s.engine
    settle(app, scene)
    assert s.human_to_act() == "lead"
    n = len(eng.log)
    # leading 5H while holding 2H is refused (MG-5) and the card goes back
    card_drag_to_zone(app, scene, "5H", "lead")
    assert len(eng.log) == n and "MG-" in scene.toast.msg
    # a click on 2S leads spades: 2S-6S, seat 1's 7S, 8S are forced; 9S is in the widow
    click(app, point_of(scene, hand_card(scene, "2S")))
    settle(app, scene)
    assert eng.log[n] == Lead(0, parse_face("2S"))
    plays = [e for e in eng.log[n + 1:] if e.type == "play"]
    assert [e.player for e in plays] == [0, 0, 0, 0, 1, 0]
    assert s.human_to_act() == "lead"
    # lead hearts by dragging 2H to the table: 2H-8H, and the human is out
    card_drag_to_zone(app, scene, "2H", "lead")
    settle(app, scene)
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert ends and ends[0].winner == 0
    obs = eng.observe(0)
    assert obs.widow is not None and len(obs.widow) == 13


# ---------------------------------------------------------------- the picker
def test_picker_flow_starts_the_chosen_game_and_remembers_it():
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.table import TableScene
    app = App((1280, 800), headless=True, instant=True)
    p = PickerScene()
    app.push(p)
    step(app, 2)
    click(app, p.named["v_mexican"].rect.center)
    step(app, 2)
    assert p.variant == "mexican"
    click(app, p.named["start"].rect.center)
    step(app, 3)
    top = app.stack.top
    assert isinstance(top, TableScene)
    assert top.session.variant == "mexican" and top.session.num_players == 4
    assert top.session.engine.log and top.session.engine.log[0].type == "deal"
    assert app.settings.last_variant == "mexican"
    from table_app.storage.settings import load_settings
    assert load_settings()[0].last_variant == "mexican"
    top.session.close()


def test_window_resize_reflows_the_table():
    from table_app.core.actions import Deal as D
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    import random
    deck = list(rules.deck(4))
    random.Random(3).shuffle(deck)
    app, scene, s = make_table("may_i", 4, D(1, 3, tuple(deck)), {k: Scripted() for k in (1, 2, 3)})
    settle(app, scene)
    before = scene.view.zones["hand"].copy()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    step(app, 3)
    assert app.size == (1920, 1080)
    assert scene.view.zones["hand"].w > before.w
    for p in scene.view.placements:
        assert 0 <= p.x and p.x + p.w <= 1920


@pytest.mark.parametrize("dealer", [0, 2])
def test_the_dealers_disc_shows_in_the_dealers_box_the_players_own_too(dealer):
    """One "D" disc on the table, in the dealer's box: a computer seat's, or the hand's
    box when the player dealt (a tester could not tell who dealt then)."""
    app, scene, s = contract_table(dealer=dealer)
    discs = [lab for lab in scene.view.labels if lab.kind == "dealer"]
    assert len(discs) == 1 and discs[0].text == "D"
    box = scene.L.hand if dealer == 0 else scene.L.opp[dealer]
    assert box.collidepoint(discs[0].pos), (discs[0].pos, box)
    # clear of the box's border (2 px, rounded 10 px): a tester saw it on the hand's
    disc = pygame.Rect(0, 0, discs[0].width, discs[0].width)
    disc.center = discs[0].pos
    assert box.inflate(-12, -12).contains(disc), (disc, box)
