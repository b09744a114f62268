"""The hint is cleared at a deal's end (issue #19): a hint asked during the deal is
neither lit nor said over the deal's end nor over the next deal (a guard: the tester saw
one; the deal played here did not show it before ``DealEnds.forget_hint`` either)."""
from __future__ import annotations

import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import Scripted, may_i_table, settle, step  # noqa: E402


def test_a_hint_asked_in_the_deal_is_gone_at_its_end():
    from table_app.ui.scenes.scores import DealEndScene
    from table_app.ui.table.session import FallbackPlayer
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    me = FallbackPlayer("may_i")
    said = None
    for _ in range(600):
        if s.deal_due():
            break
        if s.human_to_act() is not None and scene.caught_up():
            # the hint is thought on the worker thread (hard's search): wait for it
            if scene.show_hint():
                for _ in range(400):
                    step(app, 1)
                    h = scene.current_hint()
                    if h is not None:
                        said = h.text()
                        break
                    time.sleep(0.005)
            scene.act(me.decide(s.engine.observe(0), s.engine.legal_actions(), None)[0])
        step(app, 1)
    assert s.deal_due() and said is not None
    settle(app, scene)
    assert isinstance(app.stack.top, DealEndScene)
    assert scene.current_hint() is None
    assert not (scene.toast.showing and scene.toast.msg == said)
    assert scene.status_text() != said
