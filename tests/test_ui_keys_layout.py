"""Shortcuts by the key's place (issue 16): in a Russian or Ukrainian layout SDL gives the
key marked Z ``key`` = "я" (0x44F), ``unicode`` "я" and the physical ``scancode``
(``KSCAN_Z``); every shortcut (the table's keys, its dialogs, the help, the moves log)
works there as it does in a US layout.  Ctrl+Y and Ctrl+Shift+Z redo.

The events are posted exactly as SDL delivers them in those layouts (seen in a real X11
window: Xvfb with ``setxkbmap ru``, keys pressed through XTEST: the Z key gave
``key=0x44f scancode=29 unicode='я'``, Ctrl+Z the same with the Ctrl bit in ``mod``)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Buy, Discard, Draw, GoDown, PassBuy  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import RU, UK, Scripted, layout_event, may_i_table, settle, step, wait_hint  # noqa: E402

#: the letters of the ЙЦУКЕН layouts at the places of a US keyboard's letters


def key(app, k, mod=0, layout=RU):
    pygame.event.post(layout_event(k, mod, layout))
    step(app, 2)


def tab_to(app, scene, zone, layout=RU):
    for _ in range(10):
        if scene.keys.focus_shown and scene.keys.focus_zone == zone:
            return
        key(app, pygame.K_TAB, layout=layout)
    raise AssertionError(zone)


def pick(app, scene, code, layout=RU):
    f = parse_face(code)
    tab_to(app, scene, "hand", layout)
    for _ in range(30):
        c = scene.keys.focused()
        if scene.keys.focus_shown and c is not None and c >> 3 == f and c not in scene.ui.selected:
            break
        key(app, pygame.K_RIGHT, layout=layout)
    key(app, pygame.K_SPACE, layout=layout)
    assert any(c >> 3 == f for c in scene.ui.selected), code


def test_the_key_of_every_shortcut_in_a_russian_and_a_ukrainian_layout():
    from table_app.ui.keys import key_of
    letters = "dugscmbphlrzyn"      # every letter a shortcut uses (the table's, dialogs', help's)
    for layout in (RU, UK):
        for c in letters:
            k = getattr(pygame, f"K_{c}")
            assert key_of(layout_event(k, layout=layout)) == k, (c, layout[c])
            assert key_of(layout_event(k, pygame.KMOD_CTRL, layout)) == k
            assert key_of(layout_event(k, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, layout)) == k
        for k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_F1,
                  pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME,
                  pygame.K_END):
            assert key_of(layout_event(k, layout=layout)) == k
    # a Latin layout keeps its own letters (QWERTZ: the key at QWERTY's Y gives z)
    qwertz = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z",
                                scancode=pygame.KSCAN_Y)
    assert key_of(qwertz) == pygame.K_z
    # a sign on a letter's place (Dvorak's ' at QWERTY's Q) is that sign, not Q
    dvorak = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_QUOTE, mod=0, unicode="'",
                                scancode=pygame.KSCAN_Q)
    assert key_of(dvorak) == pygame.K_QUOTE
    # an event without a scancode (posted by older tests) matches by its key
    assert key_of(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0)) == pygame.K_h
    assert key_of(pygame.event.Event(pygame.KEYDOWN, key=0x44F, mod=0)) == 0x44F


@pytest.mark.slow
@pytest.mark.parametrize("layout", [RU, UK], ids=["ru", "uk"])
def test_a_may_i_turn_by_keys_in_a_cyrillic_layout(layout):
    """Hint (H), draw (D), suggest (S), clear (C), build (M), go down (G, its dialog's C
    and G), discard, buy (B), undo (Ctrl+Z, the undo dialog's U) and redo (Ctrl+Y), the
    moves log (L), all from the keys of a Russian or a Ukrainian layout."""
    from table_app.ui.scenes.confirm import ConfirmGoDown, ConfirmUndo
    from table_app.ui.scenes.help import MovesScene
    app, scene, s = may_i_table({1: Scripted(["7H", "KC"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    key(app, pygame.K_h, layout=layout)
    assert wait_hint(app, scene) is not None
    key(app, pygame.K_d, layout=layout)
    settle(app, scene)
    assert eng.log[4] == Draw(0, "stock") and s.human_to_act() == "play"
    key(app, pygame.K_s, layout=layout)
    assert scene.ui.staged
    key(app, pygame.K_c, layout=layout)
    assert not scene.ui.staged
    for group in (["7C", "7D", "7H"], ["9S", "9H", "9D"]):
        for code in group:
            pick(app, scene, code, layout)
        key(app, pygame.K_m, layout=layout)
    assert len(scene.ui.staged) == 2
    n = len(eng.log)
    key(app, pygame.K_g, layout=layout)
    assert isinstance(app.stack.top, ConfirmGoDown) and len(eng.log) == n
    key(app, pygame.K_c, layout=layout)              # C cancels the dialog
    assert app.stack.top is scene and len(eng.log) == n
    key(app, pygame.K_g, layout=layout)
    key(app, pygame.K_g, layout=layout)              # G in the dialog goes down
    assert app.stack.top is scene and isinstance(eng.log[n], GoDown)
    pick(app, scene, "2C", layout)
    tab_to(app, scene, "discard", layout)
    key(app, pygame.K_RETURN, layout=layout)
    assert eng.log[n + 1] == Discard(0, parse_face("2C"))
    settle(app, scene)
    # seat 2 passes seat 1's 7H: the human is asked "May I?" and buys it with B
    assert s.human_to_act() == "buy"
    key(app, pygame.K_b, layout=layout)
    assert Buy(0) in eng.log
    settle(app, scene)
    # Ctrl+Z: it takes back a card seen, so it asks (U answers); Ctrl+Y redoes
    done = len(eng.log)
    key(app, pygame.K_z, pygame.KMOD_CTRL, layout)
    assert isinstance(app.stack.top, ConfirmUndo)
    key(app, pygame.K_z, pygame.KMOD_CTRL, layout)   # Ctrl+Z again: the question stands
    assert isinstance(app.stack.top, ConfirmUndo)
    key(app, pygame.K_u, layout=layout)
    assert app.stack.top is scene and len(eng.log) < done and s.human_to_act() == "buy"
    assert Buy(0) not in eng.log                     # back to the buying decision
    key(app, pygame.K_y, pygame.KMOD_CTRL, layout)
    assert Buy(0) in eng.log and scene.toast.msg == "Redone"
    # L: the moves so far; L again closes them
    key(app, pygame.K_l, layout=layout)
    assert isinstance(app.stack.top, MovesScene)
    key(app, pygame.K_l, layout=layout)
    assert app.stack.top is scene


def test_ctrl_shift_z_redoes_and_ctrl_z_undoes_in_every_layout():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    eng = s.engine
    settle(app, scene)
    scene.keys.handle_event(layout_event(pygame.K_d))     # D in a Russian layout
    settle(app, scene)
    n = len(eng.log)
    assert eng.log[-1] == Draw(0, "stock")
    for layout_key in (lambda k, m: layout_event(k, m),            # Russian
                       lambda k, m: pygame.event.Event(pygame.KEYDOWN, key=k, mod=m,
                                                       unicode="", scancode=0)):   # US
        scene.undo(confirmed=True)
        m = len(eng.log)
        assert m < n
        pygame.event.post(layout_key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
        step(app, 2)
        assert len(eng.log) == n and scene.toast.msg == "Redone"   # not a second undo
        assert app.stack.top is scene


def test_the_help_and_its_rules_by_keys_in_a_russian_layout():
    from table_app.ui.scenes.help import HelpScene
    from table_app.ui.scenes.rules import RulesScene
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene)
    assert "Ctrl+Shift+Z" in app.stack.top.box.html_text
    key(app, pygame.K_r)                              # R: the rules of the game
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # B and P in a buying window are tested with the offer: the undo dialog's Y, the
    # go-down dialog's Y (their other "yes" keys) here
    from table_app.ui.scenes.confirm import ConfirmUndo
    dlg = ConfirmUndo(scene)
    app.push(dlg)
    called = []
    dlg.on_confirm = lambda: called.append("yes")
    key(app, pygame.K_y)
    assert called == ["yes"]


def test_p_passes_the_offer_in_a_russian_layout():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    key(app, pygame.K_d)
    settle(app, scene)
    pick(app, scene, "2C")
    tab_to(app, scene, "discard")
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert s.human_to_act() == "buy"
    n = len(eng.log)
    key(app, pygame.K_p)
    assert eng.log[n] == PassBuy(0)


@pytest.mark.parametrize("key, unicode", [(pygame.K_q, "q"), (1081, "й")])
def test_ctrl_q_quits_as_the_windows_close_in_any_layout(key, unicode):
    """A tester pressed Ctrl+Q and nothing happened (only the window's close quit).  It
    quits now as the close does (the game is kept in its record), by the key's place:
    the Russian layout's Й is the same key."""
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    app = App((1280, 800), headless=True, instant=True)
    app.push(PickerScene())
    app.step(0.02)
    app.running = True
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, scancode=20, unicode=unicode))
    assert app.running                          # Q alone types in a field, quits nothing
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, scancode=20,
                                  unicode=unicode))
    assert not app.running
    app.stack.clear()
