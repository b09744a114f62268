"""Playing your hand (issue 19): several cards laid off by one drop, "Lay off all that
fits" (its button and the key A), undone as one decision; played through synthetic mouse
and key events on the real table scene."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal, LayOff  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from test_ui_table import (Scripted, build_deck, click, drag, hand_card, make_table,  # noqa: E402
                           meld_point, point_of, press, settle, stage, types, zone_point)


def contract_down():
    """Contract round 1, seat 0 has taken the upcard 7♦ and gone down with 7♣ 7♦ 7♥ and
    9♠ 9♥ 9♦; left in hand: 7♠ 9♣ 2♣ 4♦ 7♦ (Contract lays off at once, CR-6)."""
    from table_app.variants import find_variant
    rules = find_variant("contract")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "AC"],
    ], ["7D", "5D", "9S", "6D", "9D"])
    app, scene, s = make_table("contract", 3, Deal(1, 2, deck),
                               {1: Scripted(["7H"]), 2: Scripted(["AC"])})
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
    from test_ui_table import may_i_table
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    n = len(s.engine.log)
    assert not scene.play_all()
    assert len(s.engine.log) == n and "(CF-8)" in scene.toast.msg
