"""Issue 7, keyboard play beyond the table: the picker, Settings and the table's menu are
driven by key presses only (Tab / Shift+Tab, the arrows, Enter / Space, Esc) with a
visible focus outline; Resume is the default after a restart with a saved game; the
picker's "How it plays" stays inside its panel (suit symbols measured as drawn); the
open card back list covers no other setting and is as wide as its box; the volume slider
is off while the sound is."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.i18n import set_language  # noqa: E402

FOCUS = (90, 225, 255)


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    set_language("en")


def make_app(size=(1280, 800)):
    from table_app.ui.app import App
    return App(size, headless=True, instant=True)


def step(app, k=2):
    for _ in range(k):
        app.step(0.02)


def key(app, k, mod=0):
    """A key press as the window sends it (through the app's event queue)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    step(app, 2)


def focused(scene) -> str | None:
    from table_app.ui.focus import widget_key
    w = scene.ring.focused
    return None if w is None else widget_key(w)


def tab_to(app, scene, want: str, back: bool = False, most: int = 60) -> int:
    """Tab (Shift+Tab) until ``want`` ('#start') has the focus; the number of presses."""
    for n in range(most):
        if focused(scene) == want and scene.ring.shown:
            return n
        key(app, pygame.K_TAB, pygame.KMOD_LSHIFT if back else 0)
    raise AssertionError(f"{want} never took the focus (at {focused(scene)})")


def open_picker(app):
    from table_app.ui.scenes.picker import PickerScene
    p = app.push(PickerScene())
    step(app, 2)
    return p


def ring_drawn_around(app, widget) -> bool:
    """The focus outline's colour on the four sides just outside ``widget``."""
    app.draw()
    r = widget.rect
    pts = [(r.centerx, r.top - 3), (r.centerx, r.bottom + 2), (r.left - 3, r.centery),
           (r.right + 2, r.centery)]
    return all(tuple(app.screen.get_at(p))[:3] == FOCUS for p in pts)


# ------------------------------------------------------------------ the picker
@pytest.mark.slow
def test_picker_to_the_table_by_keys_only():
    from table_app.ui.scenes.table import TableScene
    app = make_app()
    p = open_picker(app)
    assert focused(p) == "#start" and ring_drawn_around(app, p.named["start"])
    # a game: Tab to it, Enter
    tab_to(app, p, "#v_mexican")
    assert ring_drawn_around(app, p.named["v_mexican"])
    key(app, pygame.K_RETURN)
    # the game picked, the focus goes to Start (the gold button): Enter starts that game
    # (issue 19: it resumed the old game)
    assert p.variant == "mexican" and focused(p) == "#start"
    assert "@primary" in p.named["start"].class_ids
    # Up/Down move between the games
    tab_to(app, p, "#v_mexican")
    key(app, pygame.K_UP)
    assert focused(p) == "#v_may_i"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert focused(p) == "#v_michigan"
    key(app, pygame.K_UP)
    # the number of players: Enter opens the list, Down, Enter chooses
    tab_to(app, p, "#players")
    before = p.players
    key(app, pygame.K_RETURN)
    from table_app.ui.focus import is_open
    assert is_open(p.named["players"])
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert p.players == before + 1 and focused(p) == "#players"
    assert not is_open(p.named["players"])
    # the first opponent's name field takes the typing when focused
    tab_to(app, p, "#name_0")
    assert p.entries[0].is_focused
    # the first opponent's level: Enter, Down, Enter
    tab_to(app, p, "#level_0")
    assert not p.entries[0].is_focused
    lv = p.levels[0]
    key(app, pygame.K_SPACE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert p.levels[0] != lv
    new_level = p.levels[0]
    # Esc closes an open list without choosing
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_ESCAPE)
    assert p.levels[0] == new_level and app.stack.top is p
    # Start
    tab_to(app, p, "#start")
    key(app, pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, TableScene)
    s = top.session
    assert s.variant == "mexican" and s.num_players == before + 1
    assert s.levels[1] == new_level
    s.close()


def test_the_menu_leave_to_the_picker_resume_is_the_default_and_quit_by_keys():
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.scores import TableMenu
    from table_app.ui.scenes.table import TableScene
    app = make_app()
    p = open_picker(app)
    assert p.named["resume"].is_enabled is False    # nothing to resume yet
    p.press("v_michigan")
    step(app, 1)
    p.start(seed=5)
    step(app, 3)
    table = app.stack.top
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)                       # the menu
    menu = app.stack.top
    assert isinstance(menu, TableMenu) and focused(menu) == "#resume"
    assert ring_drawn_around(app, menu.widgets[0])
    key(app, pygame.K_DOWN)
    assert focused(menu) == "#scores"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)                           # wraps round to Quit
    assert focused(menu) == "#quit"
    key(app, pygame.K_UP)
    assert focused(menu) == "#picker"
    key(app, pygame.K_RETURN)                       # Leave to the picker
    picker = app.stack.top
    assert isinstance(picker, PickerScene) and picker.unfinished is not None
    # a game can be resumed: Resume is the default (focused, the gold button)
    assert focused(picker) == "#resume"
    assert "@primary" in picker.named["resume"].class_ids
    assert "@primary" not in picker.named["start"].class_ids
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.variant == "michigan"
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    tab_to(app, menu, "#quit")
    key(app, pygame.K_SPACE)
    assert app.running is False
    table.session.close()


@pytest.mark.slow
def test_a_fresh_restart_with_a_saved_game_focuses_resume():
    app = make_app()
    p = open_picker(app)
    p.start(seed=3)
    step(app, 2)
    app.stack.top.session.close()
    app.stack.clear()
    app2 = make_app()                               # "after a restart"
    p2 = open_picker(app2)
    assert p2.unfinished is not None and focused(p2) == "#resume"
    from table_app.ui.scenes.table import TableScene
    key(app2, pygame.K_KP_ENTER)
    assert isinstance(app2.stack.top, TableScene)
    app2.stack.top.session.close()


def test_settings_from_the_table_menu_comes_back_to_the_menu():
    """Settings opened from the table's menu went back to the table with Back or Esc (the
    menu closed as Settings opened): it comes back to the menu, the focus on Settings as
    it was, in the language just chosen; Esc there goes back to the table."""
    from table_app.ui.scenes.scores import TableMenu
    from table_app.ui.scenes.settings import SettingsScene
    from table_app.ui.scenes.table import TableScene
    app = make_app()
    p = open_picker(app)
    p.press("v_contract")
    step(app, 1)
    p.start(seed=5)
    step(app, 3)
    table = app.stack.top
    assert isinstance(table, TableScene)
    try:
        key(app, pygame.K_ESCAPE)
        menu = app.stack.top
        assert isinstance(menu, TableMenu)
        for leave in ("back", "escape", "click"):
            tab_to(app, menu, "#settings")
            key(app, pygame.K_RETURN)
            sc = app.stack.top
            assert isinstance(sc, SettingsScene) and app.stack.scenes[-2] is menu
            if leave == "back":
                tab_to(app, sc, "#set_back")
                key(app, pygame.K_RETURN)
            elif leave == "escape":
                key(app, pygame.K_ESCAPE)
            else:
                sc.ring.focus("#set_language_1")       # Russian, then Back by the mouse
                key(app, pygame.K_RETURN)
                assert app.settings.language == "ru"
                r = sc.back.rect
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=r.center))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=r.center))
                step(app, 3)
            assert app.stack.top is menu, (leave, app.stack.top)
            assert focused(menu) == "#settings" and menu.ring.shown
            assert all(w.visible for w in menu.widgets)
            assert not any(b.visible for b in table.buttons.values())    # still covered
        labels = {w.name: w.text for w in menu.widgets}
        assert labels["settings"] == "Настройки" and labels["resume"] != "Back to the table"
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is table
    finally:
        table.session.close()


# ------------------------------------------------------------------ settings
def open_settings_by_keys(app):
    from table_app.ui.scenes.settings import SettingsScene
    p = open_picker(app)
    tab_to(app, p, "#settings")
    key(app, pygame.K_RETURN)
    sc = app.stack.top
    assert isinstance(sc, SettingsScene)
    return p, sc


@pytest.mark.slow
def test_settings_by_keys_only():
    app = make_app()
    p, sc = open_settings_by_keys(app)
    assert not sc.ring.shown                        # no outline until a key is used
    key(app, pygame.K_TAB)
    assert sc.ring.shown and focused(sc) == "#set_language_0"
    assert ring_drawn_around(app, sc.choice_btns[("language", "en")])
    # a toggle
    before = app.settings.four_color
    tab_to(app, sc, "#set_four_color")
    key(app, pygame.K_RETURN)
    assert app.settings.four_color is (not before)
    key(app, pygame.K_SPACE)
    assert app.settings.four_color is before
    # a row of values: Left/Right move along it, Enter chooses
    tab_to(app, sc, "#set_animation_speed_0", back=True)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert focused(sc) == "#set_animation_speed_2"
    key(app, pygame.K_RETURN)
    assert app.settings.animation_speed == 2.0
    # the volume slider
    tab_to(app, sc, "#set_volume", back=True)
    vol = app.settings.volume
    key(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(vol - 0.05)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.volume == pytest.approx(vol + 0.05)
    # the card back list
    tab_to(app, sc, "#set_card_back")
    back = app.settings.card_back
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.settings.card_back != back
    # the language: every text changes, the focus stays on the same button
    tab_to(app, sc, "#set_language_1")
    key(app, pygame.K_RETURN)
    assert app.settings.language == "ru" and focused(sc) == "#set_language_1"
    assert sc.back.text != "Back"
    # Back by keys, then Esc from the settings
    tab_to(app, sc, "#set_back")
    key(app, pygame.K_RETURN)
    assert app.stack.top is p
    tab_to(app, p, "#settings")
    key(app, pygame.K_RETURN)
    assert app.stack.top is not p
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is p


def test_sound_off_disables_the_volume_slider_and_the_focus_skips_it():
    app = make_app()
    _p, sc = open_settings_by_keys(app)
    assert app.settings.sound_on and sc.volume_slider.is_enabled
    tab_to(app, sc, "#set_sound_on")
    key(app, pygame.K_RETURN)
    assert app.settings.sound_on is False
    assert not sc.volume_slider.is_enabled
    key(app, pygame.K_TAB)
    assert focused(sc) == "#set_animation_speed_0"  # past the slider
    vol = app.settings.volume
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    key(app, pygame.K_LEFT)
    assert app.settings.volume == vol
    # a click on the sound button: on again, the slider too
    from tests.helpers.table import click_widget
    click_widget(app, sc.btns["sound_on"])
    assert app.settings.sound_on and sc.volume_slider.is_enabled


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_open_card_back_list_covers_no_setting_and_is_as_wide_as_its_box(size):
    app = make_app(size)
    _p, sc = open_settings_by_keys(app)
    tab_to(app, sc, "#set_card_back")
    key(app, pygame.K_RETURN)
    from table_app.ui.focus import open_list
    lst = open_list(sc.back_menu)
    assert lst is not None
    assert lst.rect.width == sc.back_menu.rect.width
    assert lst.rect.bottom <= size[1]
    others = [w for w in sc.widgets if w is not sc.back_menu]
    hit = [getattr(w, "object_ids", ["?"])[-1] for w in others if w.rect.colliderect(lst.rect)]
    assert hit == []
    # a click opens it as wide too
    key(app, pygame.K_ESCAPE)
    assert open_list(sc.back_menu) is None
    sc.back_menu.current_state.should_transition = True
    step(app, 1)
    assert open_list(sc.back_menu).rect.width == sc.back_menu.rect.width


# ------------------------------------------------------------------ how it plays
class Recorder(pygame.Surface):
    """A screen that notes where every blit went."""

    def __init__(self, size):
        super().__init__(size)
        self.blits = []

    def blit(self, src, pos, *a, **kw):
        self.blits.append(pygame.Rect(pos, src.get_size()))
        return super().blit(src, pos, *a, **kw)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_how_it_plays_stays_inside_its_panel(lang, size):
    """Every line of "How it plays" as drawn (suit symbols as pips) stays in its panel,
    for the four games."""
    from table_app.ui.scenes import picker as pk
    app = make_app(size)
    app.update_settings(language=lang)
    p = open_picker(app)
    _W, _H, x0, top, cw, left_w = p.geometry()
    rx = x0 + left_w + p.k(10)
    rw = cw - left_w - p.k(10)
    for v in pk.ORDER:
        p.press("v_" + v)
        step(app, 1)
        rec = Recorder(size)
        p.draw(rec)
        boxes = [r for r in rec.blits if r.x == rx and r.w == rw]
        assert len(boxes) == 1, (v, "no How it plays panel")
        box = boxes[0]
        inside = [r for r in rec.blits if r is not box and box.x < r.x and box.y < r.y < box.bottom]
        assert len(inside) >= 3, v                  # the title and the lines
        for r in inside:
            assert r.right <= box.right - p.k(6), (lang, v, r, box)
    # nothing lost in the wrapping
    from table_app.i18n import _
    for v in pk.ORDER:
        lines = pk.how_lines(v, rw - p.k(24))
        assert "".join(lines).replace(" ", "") == _(pk.HOW[v]).replace(" ", "")
