"""While the deal's end and the score sheet are up, the table under them takes no click
(issue #19): its buttons are hidden and off, a click where one is seen dimmed reaches
nothing of the table (the Menu button's place opens the menu: the sheet's own answer),
and the deal-end screen gives way to the sheet without the table coming back between."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import click, may_i_deal_end  # noqa: E402


def _deal_end():
    return may_i_deal_end()


def test_the_deal_end_gives_way_to_the_sheet_without_the_table_between():
    from table_app.ui.scenes.scores import ScoreSheet
    app, scene, s = _deal_end()
    seen = []
    orig = scene.resume
    scene.resume = lambda: (seen.append("resume"), orig())[1]
    app.stack.top.next()
    assert isinstance(app.stack.top, ScoreSheet)
    assert seen == []                       # the table stayed covered
    assert not any(b.visible for b in scene.buttons.values())


def test_no_click_on_the_sheet_reaches_the_tables_buttons():
    from table_app.ui.scenes.scores import ScoreSheet
    app, scene, s = _deal_end()
    app.stack.top.next()
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheet)
    pressed = []
    scene.press_button = lambda name: pressed.append(name)
    n = len(s.engine.log)
    for name, b in scene.buttons.items():
        if name == "menu":
            continue
        assert not b.visible, name
        if any(w.rect.collidepoint(b.rect.center) for w in sheet.widgets if w.visible):
            continue                        # (a button of the sheet's own is there)
        click(app, b.rect.center)
        assert app.stack.top is sheet, name
    assert pressed == [] and len(s.engine.log) == n and s.deal_due()
