"""Issue 7, the table's finish: the settings that act on an open table at once (card size,
animation and AI speed, skip animations, the deck's look), confirm before going down
(mouse and keys, on and off), a simulated 2x HiDPI window, and suit symbols in text
coloured per suit."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal, GoDown
from tests.helpers.table import (
    Scripted,
    build_deck,
    click,
    drag,
    may_i_table_with,
    point_of,
    settle,
    stage,
    step,
    zone_point,
)


def open_settings_over(app):
    from table_app.ui.scenes.settings import SettingsScene
    sc = app.push(SettingsScene())
    step(app, 1)
    return sc


def widget_click(app, w):
    click(app, w.rect.center)


# ---------------------------------------------------------------- at once
def test_speeds_and_skip_animations_apply_to_an_open_table_at_once():
    app, scene, s = may_i_table_with(animation_speed=1.0, ai_speed=1.0)
    assert scene.layer.speed == pytest.approx(1.0)
    settle(app, scene)
    from types import SimpleNamespace
    ev = SimpleNamespace(type="discard", player=1)   # a computer player's move
    slow_pace = scene.pacer.pace(ev)
    sc = open_settings_over(app)
    widget_click(app, sc.choice_btns[("animation_speed", 4.0)])
    assert app.settings.animation_speed == 4.0
    assert scene.layer.speed == pytest.approx(0.25)       # glides 4x shorter, now
    widget_click(app, sc.choice_btns[("ai_speed", 4.0)])
    assert scene.pacer.pace(ev) == pytest.approx(slow_pace / 4)
    # a pause already running is cut to the new pace
    scene.ai.t = 5.0
    widget_click(app, sc.choice_btns[("ai_speed", 2.0)])
    assert scene.ai.t <= 0.35 / 2 + 1e-9
    widget_click(app, sc.btns["skip_animations"])
    assert app.instant and scene.layer.speed == 0.0 and scene.pacer.pace(ev) == 0.0
    widget_click(app, sc.btns["skip_animations"])
    assert not app.instant and scene.layer.speed == pytest.approx(0.25)
    # back at the table: a drawn card glides at the new speed (0.32 s x 0.25)
    app.pop()
    step(app, 1)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    durs = [sp.dur for sp in scene.layer.sprites.values() if sp.dur > 0]
    assert durs and max(durs) <= 0.32 * 0.25 + 1e-6


def test_card_size_and_the_deck_apply_to_an_open_table_at_once():
    app, scene, s = may_i_table_with(instant=True, card_size="medium")
    settle(app, scene)
    cw = scene.L.cw
    hand = [p for p in scene.view.placements if p.group == "hand"]
    assert hand and all(p.w == cw for p in hand)
    sc = open_settings_over(app)
    widget_click(app, sc.choice_btns[("card_size", "large")])
    assert scene.L.cw > cw
    assert all(sp.tw == scene.L.cw for sp in scene.layer.sprites.values() if sp.group == "hand")
    assert all(not b.visible for b in scene.buttons.values())   # still under the settings
    widget_click(app, sc.choice_btns[("card_size", "small")])
    assert scene.L.cw < cw
    # the deck's look: the table's card images are dropped, the next frame draws
    # four-colour faces
    assert not any(k[2] for k in scene.images.cache if k[0] is not None)
    widget_click(app, sc.btns["four_color"])
    assert not scene.images.cache
    app.pop()
    step(app, 1)
    assert all(k[2] for k in scene.images.cache if k[0] is not None)
    # (Go down's place holds "Lay off all that fits" once down: not yet)
    assert all(b.visible for k, b in scene.buttons.items() if k not in ("buy", "pass_buy", "play_all"))
    assert not scene.buttons["play_all"].visible
    assert scene.L.cw < cw


# ---------------------------------------------------------------- confirm before going down
def _ready_to_go_down(app, scene):
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["9S", "9H", "9D"])


def test_confirm_go_down_by_mouse_cancel_then_go_down():
    from table_app.ui.scenes.confirm import ConfirmGoDown
    app, scene, s = may_i_table_with(instant=True, confirm_go_down=True)
    _ready_to_go_down(app, scene)
    n = len(s.engine.log)
    click(app, scene.buttons["go_down"].rect.center)
    top = app.stack.top
    assert isinstance(top, ConfirmGoDown) and len(s.engine.log) == n
    app.draw()                                   # the overlay draws the melds
    click(app, top.cancel.rect.center)
    assert app.stack.top is scene and len(s.engine.log) == n and len(scene.ui.staged) == 2
    click(app, scene.buttons["go_down"].rect.center)
    top = app.stack.top
    click(app, top.ok.rect.center)
    assert app.stack.top is scene
    assert isinstance(s.engine.log[n], GoDown) and not scene.ui.staged


def test_a_wilds_role_reads_the_same_staged_and_in_the_go_down_dialog(monkeypatch):
    # a tester: a joker's role read "=7♠" while staged but "=7" in the dialog
    from table_app.core.cards import make_face
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.confirm import ConfirmGoDown
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table import text
    from table_app.ui.table.session import GameSession
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "JK", "9S", "9H", "9D", "2S", "3C", "5C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    app = App((1280, 800), headless=True, instant=True,
              settings=Settings().replace(confirm_go_down=True))
    s = GameSession("may_i", 3, seed=1, autosave=False)
    s.players = {1: Scripted(), 2: Scripted()}
    s.engine.apply(Deal(1, 2, deck), forced=True)
    scene = TableScene(s)
    app.push(scene)
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    stage(app, scene, ["7C", "7D", "JK"])
    stage(app, scene, ["9S", "9H", "9D"])
    staged = [lab.text for lab in scene.view.labels if lab.kind == "role" and lab.text.startswith("=")]
    # a set's wild stands for its rank (the role's suit means nothing), as on the table's melds
    assert staged == ["=7"]
    click(app, scene.buttons["go_down"].rect.center)
    assert isinstance(app.stack.top, ConfirmGoDown)
    drawn = []
    plate = text.plate
    monkeypatch.setattr(text, "plate", lambda t, *a, **k: (drawn.append(t), plate(t, *a, **k))[1])
    app.draw()
    assert [t for t in drawn if t.startswith("=")] == staged
    # a run's wild stands for a card, suit and all
    from table_app.ui.table.meldhelp import role_tag
    assert role_tag(make_face(10, 3), "run") == "=10♣" and role_tag(make_face(10, 3), "set") == "=10"


def test_confirm_go_down_by_keys():
    from table_app.ui.scenes.confirm import ConfirmGoDown
    app, scene, s = may_i_table_with(instant=True, confirm_go_down=True)
    _ready_to_go_down(app, scene)
    n = len(s.engine.log)

    def key(k):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        step(app, 2)
    key(pygame.K_g)
    assert isinstance(app.stack.top, ConfirmGoDown)
    key(pygame.K_RIGHT)                          # the focus to Cancel
    key(pygame.K_RETURN)
    assert app.stack.top is scene and len(s.engine.log) == n
    key(pygame.K_g)
    key(pygame.K_RETURN)                         # "Go down" has the focus first
    assert isinstance(s.engine.log[n], GoDown)


def test_without_confirm_go_down_applies_at_once():
    app, scene, s = may_i_table_with(instant=True, confirm_go_down=False)
    _ready_to_go_down(app, scene)
    n = len(s.engine.log)
    click(app, scene.buttons["go_down"].rect.center)
    assert app.stack.top is scene and isinstance(s.engine.log[n], GoDown)


def test_an_illegal_go_down_is_refused_without_asking():
    app, scene, s = may_i_table_with(instant=True, confirm_go_down=True)
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    stage(app, scene, ["7C", "7D", "9H"])
    n = len(s.engine.log)
    click(app, scene.buttons["go_down"].rect.center)
    assert app.stack.top is scene and len(s.engine.log) == n and scene.toast.bad


# ---------------------------------------------------------------- HiDPI
def test_a_simulated_2x_hidpi_window(monkeypatch):
    """The window is 1280x800 (window coordinates, as mouse events come) and its surface
    2560x1600 pixels: the table lays out in pixels with cards, buttons and fonts twice
    as big, and a click at window coordinates hits the card drawn there."""
    from table_app.ui.table import text
    real = pygame.display.get_window_size

    def half():
        w, h = pygame.display.get_surface().get_size()
        return (w // 2, h // 2)
    app1, scene1, _s1 = may_i_table_with(instant=True)
    cw1, f1 = scene1.L.cw, text.font(16).get_height()
    b1 = scene1.buttons["go_down"].rect
    app1.stack.clear()
    monkeypatch.setattr(pygame.display, "get_window_size", half)
    app, scene, s = may_i_table_with(size=(2560, 1600), instant=True)
    try:
        assert app.size == (2560, 1600) and app.ui_scale == 2.0
        assert scene.L.ui == 2.0 and abs(scene.L.cw - 2 * cw1) <= 2
        assert abs(text.font(16).get_height() - 2 * f1) <= 3
        b2 = scene.buttons["go_down"].rect
        assert abs(b2.h - 2 * b1.h) <= 2
        settle(app, scene)
        # a click at window coordinates (half the pixels) picks up the card drawn there
        card = scene.ui.hand_order[0]
        x, y = point_of(scene, card)
        click(app, (x // 2, y // 2))
        assert card in scene.ui.selected
        # and pygame_gui's buttons take window coordinates too
        sort = scene.buttons["sort_rank"].rect.center
        click(app, (sort[0] // 2, sort[1] // 2))
        assert scene.hand.sort_mode == "rank"
        # the picker and the settings screen: widgets and their fonts twice as big
        from table_app.ui.scenes.picker import PickerScene
        from table_app.ui.scenes.settings import SettingsScene
        app.stack.clear()
        picker = app.push(PickerScene())
        start = picker.named["start"]
        assert start.rect.h == 2 * 46 and start.font.size("Start")[1] >= 2 * 17
        st = app.push(SettingsScene())
        assert st.back.rect.h == 2 * 44
    finally:
        app.stack.clear()
        monkeypatch.setattr(pygame.display, "get_window_size", real)
        text.set_scale(1.0)


# ---------------------------------------------------------------- 1024x640 overflow
def test_at_1024x640_a_side_buttons_tooltip_covers_no_other_button(monkeypatch):
    app, scene, s = may_i_table_with(size=(1024, 640), instant=True)
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    for name in ("suggest", "sort_rank", "sort_suit"):
        b = scene.buttons[name]
        assert b.is_enabled, name
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda b=b: b.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        for _ in range(30):
            app.step(0.05)
        tt = b.tool_tip
        assert tt is not None, name
        W, H = app.size
        assert 0 <= tt.rect.x and tt.rect.right <= W and 0 <= tt.rect.y and tt.rect.bottom <= H
        for other, o in scene.buttons.items():
            if o is not b and o.visible:
                assert not tt.rect.colliderect(o.rect), (name, other)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 300))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 300), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        for _ in range(3):
            app.step(0.05)


def test_a_wild_cards_role_tag_stays_inside_the_meld_area():
    """The "=10♣" tag of a wild card being built sat below the card, cut by the hand's
    panel at 1024x640: it is on the card's lower edge now, inside the meld area."""
    from table_app.core.cards import parse_face
    from table_app.engine.engine import Engine
    from table_app.ui.table import text
    from table_app.ui.table.layout import compute
    from table_app.ui.table.presenter import UIState, present
    from table_app.variants import find_variant
    rules = find_variant("mexican")({})
    eng = Engine(rules, 3, seed=5)
    eng.deal_next()
    obs = eng.observe(0)
    hand = list(obs.hand)
    for size in ((1024, 640), (1280, 800)):
        L = compute(size, 3)
        joker = 52 << 3
        ui = UIState(hand_order=hand, names=["A", "B", "C"], levels=[""] * 3,
                     staged=[[joker]], roles={joker: parse_face("10C")})
        v = present(obs, L, ui)
        tags = [lab for lab in v.labels if lab.text.startswith("=")]
        assert tags
        for lab in tags:
            img = text.plate(lab.text, lab.size, (20, 20, 20), (255, 230, 120, 235), pad=3)
            r = img.get_rect(**{lab.anchor: lab.pos})
            assert L.stage.contains(r), (size, r, L.stage)


# ---------------------------------------------------------------- idle
def test_an_open_buying_window_without_a_countdown_lets_the_loop_sleep():
    app, scene, s = may_i_table_with(instant=True)
    settle(app, scene)
    assert not scene.busy()
    scene.buy.open, scene.buy.t = True, 0.0    # "May I? countdown: off": nothing moves
    assert not scene.busy()
    scene.buy.t = 3.0                           # a countdown bar runs
    assert scene.busy()


def test_the_idle_wait_returns_an_event_at_once_and_nothing_after_its_time():
    import time
    app, scene, s = may_i_table_with(instant=True)
    pygame.event.clear()
    t = time.perf_counter()
    assert app._idle_wait(60).type == pygame.NOEVENT
    assert time.perf_counter() - t >= 0.055
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, x=1))
    assert app._idle_wait(1000).type == pygame.USEREVENT
