"""The app's idle ticks (no input event) draw only when something changed, and always
when a scene's update changed the table by itself: a tester saw the drawn card stay off
screen until the mouse moved, after the buying window that a pass opened had closed."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Draw  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import scripted_may_i_table, settle, types  # noqa: E402


def _counting(app, scene):
    drawn = []  # per frame drawn: the length of the record the table showed
    real = app.draw

    def draw():
        drawn.append(scene.shown)
        real()
    app.draw = draw
    return drawn


def test_an_idle_tick_that_applies_a_move_draws_it():
    app, scene, s = scripted_may_i_table()
    settle(app, scene)
    assert s.human_to_act() == "draw"
    drawn = _counting(app, scene)
    # nothing happens: idle ticks draw nothing
    for _ in range(3):
        app.step(0.02, redraw=False)
    assert drawn == []
    # the human declares for the stock (MI-4); the window and the draw then happen in
    # the scene's updates alone, on idle ticks
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    n = len(drawn)
    for _ in range(200):
        app.step(0.02, redraw=False)
        if s.engine.log[-1] == Draw(0, "stock") and scene.caught_up() and not scene.busy():
            break
    assert types(s.engine.log, 1)[:4] == ["pass_upcard", "pass_buy", "pass_buy", "draw"]
    assert len(drawn) > n
    # a frame was drawn after the draw from the stock was shown
    assert drawn[-1] == len(s.engine.log), (drawn[-5:], len(s.engine.log))
    # the last frame drawn shows the drawn card in the hand
    last = len(drawn)
    app.step(0.02, redraw=False)
    assert len(drawn) == last  # and then the loop rests again
    assert s.engine.state.hands[0][-1] in scene.obs.hand


def test_a_click_just_after_a_new_buying_window_opens_does_not_buy(monkeypatch):
    # a click meant for the window that just closed must not buy the next card (a
    # tester's Call landed on the next window's card and bought it with a penalty card)
    from table_app.core.actions import Buy
    from table_app.ui.table import buypanel as T
    app, scene, s = scripted_may_i_table()
    settle(app, scene)
    # the human's first turn: declare for the stock, draw, discard 2C
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions()
                   if a.type == "discard" and a.card == parse_face("2C")))
    app.instant = False  # the guard is off in instant (test) mode
    now = [1000.0]
    monkeypatch.setattr(T._time, "monotonic", lambda: now[0])
    for _ in range(3000):
        app.step(0.05)
        if s.human_to_act() == "buy" and scene.buy.open:
            break
    assert s.human_to_act() == "buy" and scene.buy.open
    n = len(s.engine.log)
    scene.press_button("buy")          # at once: ignored
    assert len(s.engine.log) == n
    now[0] += T.BUY_GUARD_S + 0.01     # a moment later: a real choice
    scene.press_button("buy")
    assert isinstance(s.engine.log[n], Buy) and s.engine.log[n].player == 0
