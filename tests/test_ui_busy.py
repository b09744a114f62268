"""The table asks for frames at the full rate while it waits for something of its own
(``TableScene.waiting``; ``busy`` while something moves): the real loop (``App.run``)
sleeps when nothing is busy or waiting and then ticks once a second with ``dt`` capped
at 0.1 s, so a wait the table counts in frames (the last move's hold, a deal end's
picture made ahead) ran ten times slower there.  A tester waited 15-35 s at Michigan's
deal end with nothing on the screen."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import may_i_table_with, play_until_deal_over, step  # noqa: E402


def test_the_table_is_busy_until_the_deals_end_is_on_screen():
    """Michigan (its stop and pay card holds): from the deal's last move to its end's
    screen every frame is a busy or a waiting one, and there are such frames (the hold and the
    picture made ahead are waited for)."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.scores import DealEndScene
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    app = App((1280, 800), headless=True, instant=False, settings=Settings())
    s = GameSession("michigan", 4, seed=5, autosave=False)
    scene = TableScene(s)
    app.push(scene)
    assert play_until_deal_over(app, scene, s, limit=3000)
    waited = 0
    idle = []
    while not isinstance(app.stack.top, DealEndScene):
        assert waited < 600, "the deal's end never came"
        if not (app.busy() or app.waiting()):
            idle.append(waited)
        step(app, 1)
        waited += 1
    assert waited > 5 and idle == [], (waited, idle)


def test_the_table_is_busy_while_a_moves_hold_runs():
    """A move that landed still holds the table for its time (``Pacer.hold``) before the
    next one starts: every such frame is a waiting one (or busy)."""
    from table_app.ui.table.session import FallbackPlayer
    app, scene, s = may_i_table_with()
    me = FallbackPlayer(s.variant)
    holds = 0
    for _ in range(600):
        if s.deal_due():
            break
        if s.human_to_act() is not None and scene.caught_up():
            scene.act(me.decide(s.engine.observe(0), s.engine.legal_actions(), None)[0])
        step(app, 1)
        if scene.caught_up() and not scene.layer.moving() and not scene.pacer.settled(False):
            holds += 1
            assert app.busy() or app.waiting()
    assert holds > 10
