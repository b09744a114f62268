"""The app's idle ticks (no input event) draw only when something changed, and always
when a scene's update changed the table by itself: a tester saw the drawn card stay off
screen until the mouse moved, after the buying window that a pass opened had closed."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal, Draw  # noqa: E402

from test_ui_table import Scripted, build_deck, make_table, settle, types  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))


def _counting(app, scene):
    drawn = []  # per frame drawn: the length of the record the table showed
    real = app.draw

    def draw():
        drawn.append(scene.shown)
        real()
    app.draw = draw
    return drawn


def test_an_idle_tick_that_applies_a_move_draws_it():
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    app, scene, s = make_table("may_i", 3, Deal(1, 2, deck),
                               {1: Scripted(["7H"]), 2: Scripted(["7C"])})
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
