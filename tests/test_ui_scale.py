"""The window (issue 19): the ui_scale setting (100-200 %) for a HiDPI screen where nothing
scales by itself (X11: the window's surface has as many pixels as the window has points),
multiplied into the screen's own scale; every screen lays out with it and its texts fit,
at 150 % and 200 % in a 1280x800 window (where the window holds no more than 125 %: every
screen needs 1024x640 of its units) and in 1920x1200 and 2560x1600 windows; F11 toggles
full screen and the ``fullscreen`` setting is read at the start and written on toggle;
the window's title is "Table App" in the player's language, its X11 class ``table-app``."""
from __future__ import annotations

import itertools

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.i18n import set_language
from table_app.ui.app import effective_ui_scale

# (window, setting, the scale every screen gets)
CASES = [((1280, 800), 150, 1.25), ((1280, 800), 200, 1.25), ((1920, 1200), 150, 1.5),
         ((2560, 1600), 200, 2.0)]


@pytest.fixture(autouse=True)
def _lang():
    yield
    set_language("en")
    from table_app.ui.table import text
    text.set_scale(1.0)


def _app(size, percent, lang="en", **kw):
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    return App(size, headless=True, instant=True,
               settings=Settings().replace(ui_scale=percent, language=lang, **kw))


def test_the_scale_is_the_screens_times_the_setting_within_the_smallest_window():
    assert effective_ui_scale(1.0, 100, (1280, 800)) == 1.0
    assert effective_ui_scale(1.0, 150, (1920, 1200)) == 1.5
    assert effective_ui_scale(1.0, 200, (2560, 1600)) == 2.0
    assert effective_ui_scale(1.0, 200, (1280, 800)) == 1.25     # 1024x640 of its units
    assert effective_ui_scale(1.0, 200, (1024, 640)) == 1.0
    assert effective_ui_scale(2.0, 100, (2560, 1600)) == 2.0     # a HiDPI screen's own
    assert effective_ui_scale(2.0, 150, (4096, 2560)) == 3.0
    assert effective_ui_scale(2.0, 200, (2560, 1600)) == 2.5     # the window holds 2.5
    assert effective_ui_scale(2.0, 200, (2048, 1280)) == 2.0     # never below the screen's
    assert effective_ui_scale(1.0, 999, (4000, 4000)) == 2.0     # (a bad value: in range)
    assert effective_ui_scale(1.0, "x", (4000, 4000)) == 1.0


def test_the_setting_is_validated_like_the_others():
    from table_app.storage.settings import Settings, settings_from_json
    assert Settings().ui_scale == 100
    assert Settings().replace(ui_scale=175).ui_scale == 175
    for bad in (99, 201, 150.5, "150", True, None):
        with pytest.raises(ValueError):
            Settings().replace(ui_scale=bad)
    s, msgs = settings_from_json({**Settings().to_json(), "ui_scale": 500})
    assert s.ui_scale == 100 and msgs


# ------------------------------------------------------------------ every screen fits
def _widgets(scene):
    return [w for w in scene.widgets if w.alive() and w.visible]


def _check_fit(app, scene, name):
    """Every widget of ``scene`` inside the window, clear of the others, each button's
    label inside the button."""
    W, H = app.size
    ws = _widgets(scene)
    assert ws, name
    for w in ws:
        r = w.rect
        assert r.left >= 0 and r.top >= 0 and r.right <= W + 1 and r.bottom <= H + 1, (name, w.object_ids, r)
        if isinstance(w, pygame_gui.elements.UIButton) and w.text and hasattr(w, "font"):
            tw = w.font.size(w.text)[0]
            assert tw <= r.w - 2, (name, w.object_ids, w.text, tw, r.w)
    inter = [w for w in ws if isinstance(w, (pygame_gui.elements.UIButton, pygame_gui.elements.UIDropDownMenu,
                                            pygame_gui.elements.UIHorizontalSlider,
                                            pygame_gui.elements.UITextEntryLine))]
    for a, b in itertools.combinations(inter, 2):
        ov = a.rect.clip(b.rect)
        assert ov.w <= 1 or ov.h <= 1, (name, a.object_ids, a.rect, b.object_ids, b.rect)


def _table(app, variant, n=4):
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    s = GameSession(variant, n, seed=3, autosave=False)
    return app.push(TableScene(s))


def _screens(app):
    """(name, scene) of every screen, each pushed in turn on a fresh stack."""
    from table_app.ui.scenes.help import HelpScene
    from table_app.ui.scenes.library import LibraryScene
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.rules import RulesScene
    from table_app.ui.scenes.scores import ScoreSheet, TableMenu
    from table_app.ui.scenes.settings import SettingsScene
    from table_app.ui.scenes.stats import StatisticsScene
    makers = [
        ("picker", lambda: app.push(PickerScene())),
        ("settings", lambda: app.push(SettingsScene())),
        ("help", lambda: app.push(HelpScene("contract"))),
        ("rules", lambda: app.push(RulesScene(variant="may_i"))),
        ("replays", lambda: app.push(LibraryScene())),
        ("statistics", lambda: app.push(StatisticsScene())),
        ("table contract", lambda: _table(app, "contract")),
        ("table michigan", lambda: _table(app, "michigan", 5)),
        ("score sheet", lambda: app.push(ScoreSheet(_table(app, "may_i").session, between=False))),
        ("table menu", lambda: app.push(TableMenu(_table(app, "mexican")))),
    ]
    for name, make in makers:
        app.stack.clear()
        app.running = True
        sc = make()
        for _ in range(2):
            app.step(0.02)
        yield name, sc


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size,percent,want", CASES, ids=lambda c: str(c))
def test_every_screen_lays_out_with_the_ui_scale_and_its_texts_fit(size, percent, want, lang):
    app = _app(size, percent, lang)
    try:
        assert app.ui_scale == want and app.pixel_scale == 1.0
        from table_app.ui.table import text
        assert text.get_scale() == want
        for name, sc in _screens(app):
            _check_fit(app, sc, name)
    finally:
        app.stack.clear()


def test_the_table_is_drawn_larger_and_a_click_lands_where_it_is_drawn():
    """At 200 % in a 2560x1600 window (X11: surface pixels are window points) the table's
    cards, buttons and fonts are twice the 100 % ones, and a mouse event's position (not
    scaled: there is no HiDPI scaling by the system) hits the card drawn there."""
    from table_app.ui.table import text
    from tests.helpers.table import click, may_i_table_with, point_of, settle
    app1, sc1, _s = may_i_table_with(size=(1280, 800), instant=True)
    cw1, f1, b1 = sc1.L.cw, text.font(16).get_height(), sc1.buttons["go_down"].rect
    app1.stack.clear()
    app, sc, s = may_i_table_with(size=(2560, 1600), instant=True, ui_scale=200)
    try:
        assert app.ui_scale == 2.0 and app.pixel_scale == 1.0 and sc.L.ui == 2.0
        assert abs(sc.L.cw - 2 * cw1) <= 2 and abs(text.font(16).get_height() - 2 * f1) <= 3
        assert abs(sc.buttons["go_down"].rect.h - 2 * b1.h) <= 2
        settle(app, sc)
        card = sc.ui.hand_order[0]
        click(app, point_of(sc, card))
        assert card in sc.ui.selected
        r = sc.buttons["sort_rank"].rect
        click(app, r.center)
        assert sc.hand.sort_mode == "rank"
    finally:
        app.stack.clear()


def test_changing_the_setting_lays_every_screen_out_again_at_once():
    from table_app.ui.scenes.settings import SettingsScene
    from tests.helpers.table import may_i_table_with
    app, table, s = may_i_table_with(size=(2560, 1600), instant=True)
    try:
        banner = table.L.banner.h
        st = app.push(SettingsScene())
        app.step(0.02)
        h = st.back.rect.h
        b = st.choice_btns[("ui_scale", 150)]
        for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(t, pos=b.rect.center, button=1))
            app.step(0.02)
        app.step(0.02)
        assert app.settings.ui_scale == 150 and app.ui_scale == 1.5
        st = app.stack.top
        assert abs(st.back.rect.h - 1.5 * h) <= 2                  # Settings anew
        # the table under it: its fixed rows grow (its cards follow the window anyway)
        assert table.L.ui == 1.5 and abs(table.L.banner.h - 1.5 * banner) <= 1
        assert all(not w.visible for w in table.widgets)           # still covered
        from table_app.storage.settings import load_settings
        assert load_settings()[0].ui_scale == 150
    finally:
        app.stack.clear()


def test_the_settings_screen_says_when_the_window_holds_less_than_the_setting():
    from table_app.ui.scenes.settings import SettingsScene
    app = _app((1280, 800), 200)
    try:
        st = app.push(SettingsScene())
        app.step(0.02)
        names = [t for t, _pos, _w in st.labels]
        assert "Interface size (in this window: 125 %)" in names
    finally:
        app.stack.clear()


# ------------------------------------------------------------------ F11, the title
def test_f11_toggles_full_screen_and_the_setting_remembers_it(monkeypatch):
    from table_app.storage.settings import load_settings
    from table_app.ui import app as app_mod
    calls = []

    class Win:
        def set_fullscreen(self, desktop=False):
            calls.append(("full", desktop))

        def set_windowed(self):
            calls.append(("windowed",))
    app = _app((1280, 800), 100)
    monkeypatch.setattr(app_mod, "display_window", lambda: Win())
    from table_app.ui.scenes.picker import PickerScene
    app.push(PickerScene())
    app.step(0.02)
    for want in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                             scancode=68, unicode=""))
        app.step(0.02)
        assert app.fullscreen is want and app.settings.fullscreen is want
        assert load_settings()[0].fullscreen is want
    assert calls == [("full", True), ("windowed",)]
    app.stack.clear()


def test_the_saved_fullscreen_setting_is_read_at_the_start(monkeypatch):
    from table_app.storage.settings import Settings
    from table_app.ui import app as app_mod
    seen = []
    monkeypatch.setattr(app_mod.App, "set_fullscreen",
                        lambda self, on, save=True: seen.append((on, save)) or on)
    # (the tests' App is headless: the start's full screen is a real window's, so the
    # check makes one that is not headless on the dummy driver)
    a = app_mod.App((1280, 800), headless=False, instant=True,
                    settings=Settings().replace(fullscreen=True))
    assert seen == [(True, False)]
    a.stack.clear()
    b = app_mod.App((1280, 800), headless=False, instant=True, settings=Settings())
    assert seen == [(True, False)]
    b.stack.clear()


@pytest.mark.parametrize("lang,title", [("en", "Table App"), ("ru", "Карточный стол"),
                                        ("uk", "Картковий стіл")])
def test_the_window_title_is_translated_and_the_class_stays(lang, title):
    from table_app.ui.app import WM_CLASS
    app = _app((1280, 800), 100, lang)
    assert pygame.display.get_caption()[0] == title
    assert WM_CLASS == "table-app"
    other = "ru" if lang != "ru" else "uk"
    app.update_settings(language=other)
    want = {"ru": "Карточный стол", "uk": "Картковий стіл"}[other]
    assert pygame.display.get_caption()[0] == want
    app.stack.clear()


def test_the_x11_class_is_table_app_however_the_app_is_started(monkeypatch):
    """Importing pygame sets SDL_VIDEO_X11_WMCLASS to the program's file name when it is
    unset ("-c", "__main__.py"): the app replaces that one with ``table-app`` (the desktop
    entry's StartupWMClass) before the window opens; one the player set stays."""
    import os
    import sys

    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    monkeypatch.setattr(sys, "argv", ["/usr/lib/python3/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")
    a = App((1024, 640), headless=False, instant=True, settings=Settings())
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "table-app"
    a.stack.clear()
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-class")
    b = App((1024, 640), headless=False, instant=True, settings=Settings())
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-class"
    b.stack.clear()
