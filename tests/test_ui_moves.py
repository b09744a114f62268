"""The table's move log (L): what each player did this deal, as the status line said it
(a tester could not tell what the computer players had done)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import (
    scripted_may_i_table,  # noqa: E402
    settle,  # noqa: E402
)


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(0.02)


def test_l_shows_the_deals_moves_newest_first_and_closes():
    from table_app.ui.scenes.help import MovesScene
    app, scene, s = scripted_may_i_table()
    settle(app, scene)
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions()
                   if a.type == "discard" and a.card == parse_face("2C")))
    settle(app, scene)
    moves = scene.deal_moves()
    # every event of the deal so far, once, oldest first, as the status line said it
    # (May I?'s own word: the others don't ask "May I?", MI-5)
    no = "doesn’t ask “May I?”"
    assert moves == ["You pass K♥", f"Ann {no}", f"Boris {no}",
                     "You draw from the stock", "You discard 2♣", "Ann passes 2♣",
                     f"Boris {no}", "Ann draws from the stock", "Ann discards 7♥",
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


def test_contract_players_call_in_the_move_list():
    """Contract's word is "call" (CR-5), as the buy button and the replay say it."""
    from tests.helpers.table import contract_table
    app, scene, s = contract_table()
    settle(app, scene)
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    settle(app, scene)
    moves = scene.deal_moves()
    assert moves[:3] == ["You pass 7♦", "Ann doesn’t call", "Boris doesn’t call"]
    assert not any("buy" in m for m in moves)


@pytest.mark.parametrize("variant, lang, you, other", [
    ("contract", "en", "You call 7♠ + penalty card", "Ann calls 7♠ + penalty card"),
    ("may_i", "en", "You ask “May I?” and take 7♠ + a penalty card",
     "Ann asks “May I?” and takes 7♠ + a penalty card"),
    ("contract", "uk", "Ви викликаєте 7♠ + штрафна карта", "Ann викликає 7♠ + штрафна карта"),
    ("may_i", "uk", "Ви питаєте «Можна?» і берете 7♠ і штрафну карту",
     "Ann питає «Можна?» і бере 7♠ і штрафну карту"),
    ("may_i", "ru", "Вы спрашиваете «Можно?» и берёте 7♠ и штрафную карту",
     "Ann спрашивает «Можно?» и берёт 7♠ и штрафную карту"),
])
def test_a_buy_is_said_in_each_games_own_word(variant, lang, you, other):
    from table_app.core.cards import parse_face
    from table_app.i18n import set_language
    from table_app.ui.table.narration import said_last as _said_last
    from table_app.variants.contract_family import LastAction
    buys = LastAction("buys", parse_face("7S"))
    set_language(lang)
    try:
        assert _said_last(True, "Ви", buys, variant) == you
        assert _said_last(False, "Ann", buys, variant) == other
    finally:
        set_language("en")


def _moves_scene(n):
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scene import Scene
    from table_app.ui.scenes.help import MovesScene
    app = App((1024, 640), headless=True, instant=True, settings=Settings())
    app.push(Scene())
    m = app.push(MovesScene([f"Move {i}" for i in range(1, n + 1)], "contract"))
    app.step(0.02)
    return app, m


def test_a_long_move_list_scrolls_and_shows_there_is_more():
    app, m = _moves_scene(60)
    newer, page, older = m.view()
    assert (newer, older) == (False, True) and 5 < page < 60  # "N older moves" below
    assert m.shown_lines()[0] == "Move 60"
    _key(app, pygame.K_DOWN)
    assert m.top == 1 and m.view()[0]  # "1 newer move" above now
    _key(app, pygame.K_PAGEDOWN)
    assert m.top == 1 + m.page() - 1 or m.top == m.max_top()
    _key(app, pygame.K_END)
    newer, page, older = m.view()
    assert newer and not older and m.top == m.max_top()
    assert m.shown_lines()[m.top + page - 1] == "Move 1"  # the oldest in view
    _key(app, pygame.K_UP)
    assert m.top == m.max_top() - 1
    _key(app, pygame.K_PAGEUP)
    _key(app, pygame.K_HOME)
    assert m.top == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.step(0.02)
    assert m.top == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    app.step(0.02)
    assert m.top == 0
    app.draw()
    assert app.stack.top is m


def test_a_short_move_list_does_not_scroll():
    app, m = _moves_scene(3)
    assert m.view() == (False, 3, False) and m.max_top() == 0
    _key(app, pygame.K_END)
    assert m.top == 0
    app.draw()
