"""The status line's prompt offers what is legal now.  A tester passed the upcard (someone
bought it), undid back to the stock draw, and read "drag the upcard or the stock to your
hand"; taking the upcard was then refused "You declared for the stock: draw from it
(CF-10)".  The draw, buy and play prompts are now made from the engine's legal actions."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Buy, Draw  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    drag,
    hand_card,
    may_i_table,
    meld_point,
    point_of,
    settle,
    stage,
    step,
    zone_point,
)


def _status(scene):
    scene.refresh()
    return scene.status_text()


def test_after_an_undo_to_a_declared_stock_draw_the_prompt_offers_only_the_stock():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    assert _status(scene) == "Your turn: drag the upcard or the stock to your hand"
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))   # declare, draw
    settle(app, scene)
    assert eng.log[-1] == Draw(0, "stock")
    scene.undo(confirmed=True)            # back to the draw the declaration owes
    step(app, 2)
    assert s.human_to_act() == "draw" and eng.legal_actions() == [Draw(0, "stock")]
    msg = _status(scene)
    assert msg == "You declared for the stock: drag its top card to your hand", msg
    assert "upcard" not in msg
    scene.keys.focus_shown = True              # the keyboard's words
    assert _status(scene) == "You declared for the stock: D draws from it"
    scene.keys.focus_shown = False
    # dragging the upcard over the hand: the hand is not lit as a target
    up = scene.obs.upcard
    a = point_of(scene, up)
    b = zone_point(scene, "hand")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    step(app, 1)
    assert not scene.gestures.lit.get("hand")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app, 2)
    assert eng.log[-1] != Draw(0, "discard")
    # the stock is: it draws
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    assert eng.log[-1] == Draw(0, "stock")


def test_play_prompts_follow_going_down_and_the_lay_offs_there_are():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    # not down: no lay-offs before going down (CF-8)
    assert _status(scene) == "Your turn: go down if you can, then drag a card to the discard pile"
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    scene.confirm_go_down(scene.go_down_action())
    assert "MI-4" in _status(scene)        # went down this turn: lay-offs wait
    drag(app, point_of(scene, hand_card(scene, "2C")), zone_point(scene, "discard"))
    settle(app, scene)
    assert s.human_to_act() == "buy"
    scene.act(Buy(0))
    settle(app, scene)
    drag(app, point_of(scene, eng.observe(0).upcard), zone_point(scene, "hand"))
    assert s.human_to_act() == "play"
    # down, with cards that fit the table's melds
    assert _status(scene) == "Your turn: lay off what fits, then drag a card to the discard pile"
    for code in ("7S", "7H", "7C"):
        drag(app, point_of(scene, hand_card(scene, code)), meld_point(scene, 0))
    for code in ("9C", "9S", "9D"):
        drag(app, point_of(scene, hand_card(scene, code)), meld_point(scene, 1))
    assert [c >> 3 for c in eng.observe(0).hand] == [parse_face("4D")]   # nothing fits
    assert _status(scene) == "Your turn: drag a card to the discard pile"
