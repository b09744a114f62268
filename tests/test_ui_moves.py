"""The table's move log (L): what each player did this deal, as the status line said it
(a tester could not tell what the computer players had done)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.cards import parse_face  # noqa: E402

from test_ui_idle import _may_i_table  # noqa: E402
from test_ui_table import settle  # noqa: E402


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(0.02)


def test_l_shows_the_deals_moves_newest_first_and_closes():
    from table_app.ui.scenes.help import MovesScene
    app, scene, s = _may_i_table()
    settle(app, scene)
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions()
                   if a.type == "discard" and a.card == parse_face("2C")))
    settle(app, scene)
    moves = scene.deal_moves()
    # every event of the deal so far, once, oldest first, as the status line said it
    assert moves == ["You pass K♥", "Ann declines to buy", "Boris declines to buy",
                     "You draw from the stock", "You discard 2♣", "Ann passes 2♣",
                     "Boris declines to buy", "Ann draws from the stock", "Ann discards 7♥",
                     "Boris passes 7♥"]
    assert len(moves) == len(s.engine.log) - 1  # all but the deal (dealt before the table)
    _key(app, pygame.K_l)
    top = app.stack.top
    assert isinstance(top, MovesScene) and top.lines == moves
    assert "rules" not in top.btns and top.btns["close"].visible
    assert top.shown_lines()[0] == "Boris passes 7♥"  # newest first
    app.draw()
    _key(app, pygame.K_l)
    assert app.stack.top is scene
