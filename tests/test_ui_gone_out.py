"""After the player goes out the hand is empty: the meld area no longer asks them to lay
off ("You are down: drop cards on a meld…"), and the Sort buttons are off (nothing to
sort), while the table shows the last move before the deal's end."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Buy, DealEnd, Discard, Draw, GoDown, LayOff, PassUpcard  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import contract_table, settle, step  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")   # conftest: English, and after


def _lay_off_all(scene):
    eng = scene.session.engine
    while True:
        lay = next((a for a in eng.legal_actions() if isinstance(a, LayOff)), None)
        if lay is None:
            return
        assert scene.act(lay)


def _meld_area_hints(scene):
    st = scene.view.zones["stage"]
    return [lab.text for lab in scene.view.labels if lab.kind == "hint" and st.collidepoint(lab.pos)]


def test_gone_out_the_meld_area_says_no_lay_off_and_sort_is_off():
    app, scene, s = contract_table()
    eng = s.engine
    settle(app, scene)
    assert scene.act(Draw(0, "discard"))
    assert scene.act(next(a for a in eng.legal_actions() if isinstance(a, GoDown)))
    _lay_off_all(scene)
    step(app, 2)
    # down with cards in hand: the area says how to lay off, and the hand may be sorted
    assert any("lay off" in t for t in _meld_area_hints(scene))
    assert scene.buttons["sort_suit"].is_enabled and scene.buttons["sort_rank"].is_enabled
    assert scene.act(Discard(0, parse_face("2C")))
    settle(app, scene)
    # seat 2 passes seat 1's 7H: call it (+ a penalty card), then pass the upcard and
    # draw from the stock, lay off what fits and go out with the last card
    assert s.human_to_act() == "buy"
    assert scene.act(Buy(0))
    settle(app, scene)
    if s.human_to_act() == "draw" and any(isinstance(a, PassUpcard) for a in eng.legal_actions()):
        assert scene.act(PassUpcard(0))
        settle(app, scene)
    if s.human_to_act() == "draw":
        assert scene.act(Draw(0, "stock"))
    _lay_off_all(scene)
    assert scene.act(next(a for a in eng.legal_actions() if isinstance(a, Discard)))
    assert [e for e in eng.log if isinstance(e, DealEnd)][0].winner == 0
    step(app, 2)
    assert not scene.obs.hand and scene.obs.down[0]
    assert _meld_area_hints(scene) == []
    assert not scene.buttons["sort_suit"].is_enabled
    assert not scene.buttons["sort_rank"].is_enabled
