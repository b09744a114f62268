"""Undo and redo keep the hand where the player had arranged it.

A tester undid a go-down and found the melded cards back at the right end of the hand in
a mixed order (Clear, un-staging the same cards, put them back where they were), and a
redone draw from the stock came back at the right end, not where the card had been
dropped.  The table keeps the hand order of each of the player's decisions (in memory,
beside the engine's undo and redo: the game record does not change): an undo puts every
returned card back where it was in the hand before it left, a redo restores the order as
it was after the action."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Discard, Draw, GoDown, LayOff  # noqa: E402
from table_app.core.cards import face_text  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    drag,
    hand_card,
    may_i_table,
    point_of,
    press,
    settle,
    stage,
    step,
    zone_point,
)


def _codes(cards):
    return [face_text(c >> 3) for c in cards]


def _hand(scene):
    return _codes(scene.ui.hand_order)


def _arrange(app, scene, codes):
    """The hand in this order (as the player drags it), the rest after them."""
    ids = [hand_card(scene, c) for c in codes]
    scene.ui.hand_order = ids + [c for c in scene.ui.hand_order if c not in ids]
    scene.hand.sort_mode = ""
    scene.refresh()
    step(app, 2)


def _undo(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL,
                                         unicode="z"))
    step(app, 2)


def _table_after_draw():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    assert s.engine.log[-1] == Draw(0, "stock") and s.human_to_act() == "play"
    return app, scene, s


def test_undoing_a_go_down_puts_the_melded_cards_back_where_they_were():
    app, scene, s = _table_after_draw()
    eng = s.engine
    # an order of the player's own: the sets' cards apart, not sorted
    _arrange(app, scene, ["9S", "7C", "2C", "9H", "7D", "4D", "9D", "7H", "7S", "9C"])
    before = _hand(scene)
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    assert isinstance(eng.log[-1], GoDown)
    n = len(eng.log)
    _undo(app)
    assert len(eng.log) == n - 1 and s.human_to_act() == "play"
    assert _hand(scene) == before


def test_undoing_a_discard_and_a_lay_off_puts_each_card_back_in_its_place():
    app, scene, s = _table_after_draw()
    eng = s.engine
    _arrange(app, scene, ["9S", "7C", "2C", "9H", "7D", "4D", "9D", "7H", "7S", "9C"])
    before = _hand(scene)
    n = len(eng.log)
    drag(app, point_of(scene, hand_card(scene, "2C")), zone_point(scene, "discard"))
    assert isinstance(eng.log[n], Discard)
    settle(app, scene)
    _undo(app)
    assert s.human_to_act() == "play"
    assert _hand(scene) == before            # 2C third again, not at the right end


def test_undo_keeps_a_rearranged_hand_and_returns_the_cards_beside_their_old_neighbours():
    """Cards the player moved after the action stay where they were moved; each returned
    card goes back next to the card it followed."""
    from table_app.ui.table.handhist import restore_order
    hand = [1, 2, 3, 4, 5, 6]
    before = [1, 10, 2, 3, 11, 4, 5, 6]
    now = [6, 1, 2, 3, 4, 5]
    assert restore_order(before, now, hand + [10, 11]) == [6, 1, 10, 2, 3, 11, 4, 5]
    # nothing moved meanwhile: the order before, exactly
    assert restore_order(before, [1, 2, 3, 4, 5, 6], hand + [10, 11]) == before
    # a card at the left end goes back to the left end; cards no longer held are left out
    assert restore_order([9, 1, 2], [1, 2], [9, 1, 2]) == [9, 1, 2]
    assert restore_order([9, 1, 2], [1, 2, 7], [9, 1]) == [9, 1]


def test_undo_of_a_lay_off_puts_the_card_back():
    app, scene, s = _table_after_draw()
    eng = s.engine
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    drag(app, point_of(scene, hand_card(scene, "2C")), zone_point(scene, "discard"))
    settle(app, scene)
    # the buys and the next turns: the human draws again and lays off 7S
    for _ in range(6):
        if s.human_to_act() == "buy":
            press(app, scene, "pass_buy")
        elif s.human_to_act() == "draw":
            drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
        settle(app, scene)
        if s.human_to_act() == "play":
            break
    assert s.human_to_act() == "play"
    rest = [c for c in _hand(scene)]
    assert "7S" in rest and len(rest) >= 3
    # 7S in the middle of the hand
    others = [c for c in rest if c != "7S"]
    _arrange(app, scene, others[:1] + ["7S"] + others[1:])
    before = _hand(scene)
    drag(app, point_of(scene, hand_card(scene, "7S")), scene.view.melds[0].center)
    assert isinstance(eng.log[-1], LayOff)
    _undo(app)
    assert not isinstance(eng.log[-1], LayOff)
    assert _hand(scene) == before


def test_redoing_a_draw_puts_the_card_where_it_had_been_dropped():
    from table_app.ui.scenes.confirm import ConfirmUndo
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    # the stock's card dropped at the left end of the hand
    first = next(p for p in scene.view.placements if p.key == scene.ui.hand_order[0])
    held = set(scene.ui.hand_order)
    drag(app, point_of(scene, "stocktop"), (int(first.x) + 2, int(first.y + first.w * 0.7)))
    settle(app, scene)
    assert eng.log[-1] == Draw(0, "stock")
    after = _hand(scene)
    drawn = _codes([c for c in scene.ui.hand_order if c not in held])
    assert len(drawn) == 1 and after.index(drawn[0]) <= 1   # where it was dropped
    _undo(app)
    top = app.stack.top
    assert isinstance(top, ConfirmUndo)
    top.confirm()
    step(app, 2)
    assert len(_hand(scene)) == len(after) - 1
    press(app, scene, "redo")
    settle(app, scene)
    assert eng.log[-1] == Draw(0, "stock")
    assert _hand(scene) == after           # at the left end again, not the right end


def test_undo_twice_then_redo_twice_gives_each_point_its_order():
    app, scene, s = _table_after_draw()
    eng = s.engine
    _arrange(app, scene, ["9S", "7C", "2C", "9H", "7D", "4D", "9D", "7H", "7S", "9C"])
    before_down = _hand(scene)
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    # the rest rearranged after going down
    _arrange(app, scene, ["9C", "4D", "2C", "7S"])
    after_down = _hand(scene)
    n = len(eng.log)
    drag(app, point_of(scene, hand_card(scene, "4D")), zone_point(scene, "discard"))
    assert isinstance(eng.log[n], Discard)
    settle(app, scene)
    after_discard = _hand(scene)
    _undo(app)
    assert _hand(scene) == after_down
    _undo(app)
    # back before going down: the melds' cards return, each after the card it followed
    # (9S first, 7C after it, 9H and 7D after 2C, 9D and 7H after 4D), in the hand as
    # it was last arranged
    assert before_down == ["9S", "7C", "2C", "9H", "7D", "4D", "9D", "7H", "7S", "9C", "9S"]
    assert after_down == ["9C", "4D", "2C", "7S", "9S"]
    assert _hand(scene) == ["9S", "7C", "9C", "4D", "9D", "7H", "2C", "9H", "7D", "7S", "9S"]
    press(app, scene, "redo")
    assert isinstance(eng.log[-1], GoDown) and _hand(scene) == after_down
    press(app, scene, "redo")
    settle(app, scene)
    assert _hand(scene) == after_discard
