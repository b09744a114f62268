"""An undo that takes back a card the player has seen makes the game practice (it no
longer counts in the statistics): a tester saw only "Undone: back to your previous
decision" while the record was marked practice and the Replays list still said
"1 deal, unfinished".  The first such undo of a game now asks in a dialog (Enter/Esc,
focus ring), a practice game says so in the banner and in the Replays list, and undos
that reveal nothing, or come later in a game already practice, don't ask."""
from __future__ import annotations

import json

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal, Discard, Draw  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from table_app.ui.table.banner import heading  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    build_deck,
    drag,
    point_of,
    press,
    settle,
    step,
    zone_point,
)


def _table():
    """The whole-deal tests' May I? deal (3 seats, seats 1 and 2 scripted), autosaved to
    the test's own library folder."""
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    app = App((1280, 800), headless=True, instant=True)
    s = GameSession("may_i", 3, seed=1)
    s.players = {1: Scripted(["7H"]), 2: Scripted(["7C"])}
    s.engine.apply(Deal(1, 2, deck), forced=True)
    scene = TableScene(s)
    app.push(scene)
    return app, scene, s


def _key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    step(app, 2)


def _ctrl_z(app):
    _key(app, pygame.K_z, pygame.KMOD_LCTRL)


def _record_types(s):
    lines = s.journal.path.read_text(encoding="utf-8").splitlines()
    return [json.loads(ln).get("type") for ln in lines[1:]]


def test_the_first_undo_past_a_seen_card_asks_and_the_game_then_says_practice():
    from table_app.ui.scenes.confirm import ConfirmUndo
    app, scene, s = _table()
    eng = s.engine
    settle(app, scene)
    # declare for the stock: the window runs, the human draws a card nobody had seen
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    drew = next(i for i, e in enumerate(eng.log) if e == Draw(0, "stock"))
    scene.act(Discard(0, parse_face("2C")))
    settle(app, scene)
    assert s.human_to_act() == "buy"
    # undoing the discard takes back nothing hidden: no question, not practice
    _ctrl_z(app)
    assert app.stack.top is scene
    assert isinstance(eng.log[-1], Draw) and len(eng.log) == drew + 1
    assert not s.practice and scene.toast.msg == "Undone: back to your previous decision"
    # undoing the draw from the stock would: the dialog asks, nothing is undone yet
    _ctrl_z(app)
    top = app.stack.top
    assert isinstance(top, ConfirmUndo)
    assert len(eng.log) == drew + 1 and not s.practice
    _key(app, pygame.K_ESCAPE)          # Esc: the game stays as it was
    assert app.stack.top is scene and len(eng.log) == drew + 1
    assert not s.practice and "x-practice" not in _record_types(s)
    assert "practice game" not in heading(scene.obs, scene.session)
    # the Undo button asks too; Enter presses the focused "Undo" (its focus ring drawn)
    press(app, scene, "undo")
    top = app.stack.top
    assert isinstance(top, ConfirmUndo) and top.focus == 0
    app.draw()
    _key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    assert len(eng.log) == drew and s.practice
    assert "practice game" in scene.toast.msg
    assert heading(scene.obs, scene.session)[-1] == "practice game"
    assert "x-practice" in _record_types(s)
    # redo brings the draw back; undoing it again asks no more (already practice)
    press(app, scene, "redo")
    assert eng.log[drew] == Draw(0, "stock")
    _ctrl_z(app)
    assert app.stack.top is scene and len(eng.log) == drew
    assert scene.toast.msg == "Undone: back to your previous decision"


def test_cancel_by_mouse_keeps_the_game_counted():
    from table_app.ui.scenes.confirm import ConfirmUndo
    from tests.helpers.table import click
    app, scene, s = _table()
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    n = len(s.engine.log)
    press(app, scene, "undo")
    top = app.stack.top
    assert isinstance(top, ConfirmUndo)
    click(app, top.cancel.rect.center)
    assert app.stack.top is scene and len(s.engine.log) == n and not s.practice
    press(app, scene, "undo")
    click(app, app.stack.top.ok.rect.center)
    assert app.stack.top is scene and len(s.engine.log) < n and s.practice


def test_the_replays_list_says_practice():
    from table_app.ui.scenes.library import LibraryScene
    app, scene, s = _table()
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    scene.undo(confirmed=True)
    assert s.practice
    s.journal.close()
    lib = app.push(LibraryScene())
    step(app, 1)
    assert len(lib.items) == 1 and lib.items[0].endswith(", unfinished, practice"), lib.items
