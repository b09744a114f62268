"""The score sheet between deals: Esc never deals the next deal, and the menu is there.

A tester pressed Esc on the sheet after a deal of May I? and the next deal was dealt;
the table's Menu button, seen dimmed under the sheet, did nothing when clicked.  Esc on
the sheet between deals now opens the table's menu (its "Back to the table" comes back
to the sheet), the sheet has a Menu button of its own, a click on the table's Menu button
opens the menu too, and the player can leave or quit without dealing."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal  # noqa: E402
from tests.helpers.table import Scripted, click, may_i_deal_end, may_i_table, settle, step  # noqa: E402


def _between_sheet():
    """May I?'s three-seat deal played by the stand-in player for you to its end, then
    past the hands to the sheet between deals: ``(app, table, session)``."""
    from table_app.ui.scenes.scores import ScoreSheet
    app, scene, s = may_i_deal_end()
    assert s.deal_due()
    _key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ScoreSheet) and app.stack.top.between
    return app, scene, s


def _key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    step(app, 2)


def _deals(s):
    return sum(1 for e in s.engine.log if isinstance(e, Deal))


def test_esc_on_the_sheet_between_deals_opens_the_menu_and_never_deals():
    from table_app.ui.scenes.scores import ScoreSheet, TableMenu
    app, scene, s = _between_sheet()
    sheet = app.stack.top
    n = _deals(s)
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TableMenu) and _deals(s) == n and s.deal_due()
    _key(app, pygame.K_ESCAPE)                  # the menu closes: the sheet again
    assert app.stack.top is sheet and _deals(s) == n
    b = next(w for w in sheet.widgets if getattr(w, "name", "") == "menu")
    click(app, b.rect.center)                   # the sheet's own Menu button
    assert isinstance(app.stack.top, TableMenu)
    r = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "resume")
    click(app, r.rect.center)                   # Back to the table: the sheet, undealt
    assert app.stack.top is sheet and _deals(s) == n
    # the table's Menu button, dimmed under the sheet (outside its panel), works too
    m = scene.buttons["menu"].rect
    assert not sheet.panel().collidepoint(m.center)
    click(app, m.center)
    assert isinstance(app.stack.top, TableMenu) and _deals(s) == n
    _key(app, pygame.K_ESCAPE)
    # the sheet's Next round deals it, and only it
    nxt = next(w for w in sheet.widgets if getattr(w, "name", "") == "next")
    click(app, nxt.rect.center)
    step(app, 3)
    assert _deals(s) == n + 1 and not isinstance(app.stack.top, ScoreSheet)


def test_the_player_can_quit_from_the_sheet_between_deals_without_dealing():
    app, scene, s = _between_sheet()
    n = _deals(s)
    _key(app, pygame.K_ESCAPE)
    q = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "quit")
    click(app, q.rect.center)
    assert not app.running and _deals(s) == n


def test_the_sheet_on_request_still_closes_on_esc():
    from table_app.ui.scenes.scores import ScoreSheet
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    settle(app, scene)
    scene.press_button("scores")
    step(app, 1)
    assert isinstance(app.stack.top, ScoreSheet) and not app.stack.top.between
    assert not any(getattr(w, "name", "") == "menu" for w in app.stack.top.widgets)
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
