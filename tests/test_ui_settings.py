"""The settings screen (headless): every setting changed through its widget reaches
``app.settings`` and the saved file, and is applied at once (the language re-labels the
picker, the volume reaches the sound board, skip animations makes the app instant); a bad
settings file still opens the app with the defaults."""
from __future__ import annotations

import json

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.i18n import _, set_language  # noqa: E402
from table_app.i18n import strings as S  # noqa: E402
from table_app.storage import paths  # noqa: E402
from table_app.storage.settings import Settings, load_settings  # noqa: E402
from tests.helpers.table import click_widget  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    for v in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    set_language("en")


def step(app, k=2):
    for _i in range(k):
        app.step(0.02)


def make_app(**kw):
    from table_app.ui.app import App
    return App((1280, 800), headless=True, instant=kw.pop("instant", True), **kw)


def open_settings(app):
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.settings import SettingsScene
    picker = app.push(PickerScene())
    step(app, 1)
    picker.press("settings")
    step(app, 2)
    sc = app.stack.top
    assert isinstance(sc, SettingsScene)
    return picker, sc


def post(app, etype, **attrs):
    """A synthetic pygame_gui event, as the widget would post it."""
    pygame.event.post(pygame.event.Event(etype, attrs))
    step(app, 1)


def saved():
    return load_settings()[0]


# ------------------------------------------------------------------ every setting
def test_each_toggle_changes_the_setting_and_the_file():
    from table_app.ui.scenes.settings import TOGGLES
    app = make_app(instant=False)
    _p, sc = open_settings(app)
    for key in TOGGLES:
        before = getattr(app.settings, key)
        click_widget(app, sc.btns[key])
        assert getattr(app.settings, key) is (not before), key
        assert getattr(saved(), key) is (not before), key
        assert sc.btns[key].text == (_(S.ON) if not before else _(S.OFF))
        assert sc.btns[key].is_selected is (not before)
    # applied at once: skip animations makes the app instant, sound_on mutes the board
    assert app.settings.skip_animations and app.instant
    if app.sound is not None:
        assert app.sound.muted is (not app.settings.sound_on)


@pytest.mark.parametrize("key,value", [
    ("animation_speed", 2.0), ("animation_speed", 0.5), ("ai_speed", 4.0),
    ("card_size", "large"), ("card_size", "small"), ("buy_countdown_s", 12.0),
    ("buy_countdown_s", 0.0), ("language", "uk"), ("language", "system"),
    # issue 19: Contract's call window has its own setting; Michigan's pause
    ("call_countdown_s", 20.0), ("call_countdown_s", 0.0), ("michigan_pause_s", 4.0),
    ("michigan_pause_s", 0.0),
    # issue 18: the cores a hard decision may use (0: automatic)
    ("ai_cores", 1), ("ai_cores", 4), ("ai_cores", 0),
])
def test_each_choice_button_changes_the_setting_and_the_file(key, value):
    app = make_app()
    _p, sc = open_settings(app)
    b = sc.choice_btns[(key, value)]
    if key == "language":  # a synthetic event, as the button posts it
        post(app, pygame_gui.UI_BUTTON_PRESSED, ui_element=b)
    else:
        click_widget(app, b)
    assert getattr(app.settings, key) == value
    assert getattr(saved(), key) == value
    b = app.stack.top.choice_btns[(key, value)]  # a language change rebuilt the widgets
    assert b.is_selected
    assert sum(x.is_selected for (k, _v), x in app.stack.top.choice_btns.items() if k == key) == 1


def _hover(app, monkeypatch, b, frames=30):
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: b.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _i in range(frames):
        app.step(0.05)


@pytest.mark.parametrize("key,value", [("ai_speed", 1.0), ("ai_cores", 0), ("ui_scale", 100)])
def test_the_selected_choice_shows_its_tool_tip_and_stays_selected(monkeypatch, key, value):
    """pygame_gui's selected button took no hover: the chosen setting never showed its
    tool tip (a play-tester's finding)."""
    from table_app.ui.scenes.settings import choice_tip
    app = make_app()
    _p, sc = open_settings(app)
    b = sc.choice_btns[(key, value)]
    assert b.is_selected and b.tool_tip_text == choice_tip(key, value) is not None
    _hover(app, monkeypatch, b)
    assert b.tool_tip is not None and b.is_selected
    assert b.drawable_shape.active_state.state_id == "selected"
    # leaving it takes the tip away, the button still the selected one
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (3, 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app, 3)
    assert b.tool_tip is None and b.is_selected
    assert b.drawable_shape.active_state.state_id == "selected"


def test_the_volume_slider_and_the_card_back_menu():
    from table_app.ui.scenes.settings import back_styles
    app = make_app()
    _p, sc = open_settings(app)
    sc.volume_slider.set_current_value(35)
    post(app, pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=sc.volume_slider, value=35)
    assert app.settings.volume == pytest.approx(0.35) and saved().volume == pytest.approx(0.35)
    if app.sound is not None:
        assert app.sound.volume == pytest.approx(0.35)
    # a click on the slider's right arrow moves it (pygame_gui posts the event itself)
    click_widget(app, sc.volume_slider.right_button)
    assert app.settings.volume == pytest.approx(0.40)
    styles = back_styles()
    want = [s for s in styles if s != app.settings.card_back][-1]
    post(app, pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=sc.back_menu,
         text="whatever the label", selected_option_id=want)
    assert app.settings.card_back == want and saved().card_back == want


def test_settings_survive_a_restart_and_back_leaves():
    app = make_app()
    picker, sc = open_settings(app)
    click_widget(app, sc.choice_btns[("ai_speed", 0.5)])
    click_widget(app, sc.btns["four_color"])
    click_widget(app, sc.back)
    assert app.stack.top is picker
    again = make_app()
    assert again.settings.ai_speed == 0.5 and again.settings.four_color


def test_an_invalid_change_changes_nothing():
    app = make_app()
    before = app.settings
    assert app.update_settings(volume=3.0) is False
    assert app.update_settings(no_such_setting=1) is False
    assert app.settings == before


# ------------------------------------------------------------------ languages
def test_switching_to_russian_relabels_the_picker_at_once():
    app = make_app()
    picker, sc = open_settings(app)
    assert picker.named["start"].text == "Start"
    click_widget(app, sc.choice_btns[("language", "ru")])
    assert app.settings.language == "ru" and saved().language == "ru"
    sc = app.stack.top
    # the settings screen itself is rebuilt in Russian
    assert sc.back.text == "Назад"
    assert sc.btns["sound_on"].text in ("вкл.", "выкл.")
    # the picker under it too (its widgets stay hidden until it is on top again)
    texts = {k: picker.named[k].text for k in ("start", "resume", "replays", "settings", "rules", "quit")}
    assert texts == {"start": "Начать", "resume": "Продолжить", "replays": "Записи игр",
                     "settings": "Настройки", "rules": "Правила", "quit": "Выход"}
    assert not any(w.visible for w in picker.widgets)
    click_widget(app, sc.back)
    assert app.stack.top is picker and picker.named["start"].text == texts["start"]
    assert picker.named["v_michigan"].text == "Мичиганский рамми"
    # and a new app starts in Russian
    set_language("en")
    make_app()
    from table_app.i18n import current_language
    assert current_language() == "ru"


def test_the_system_language_is_the_default(monkeypatch):
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    app = make_app()
    assert app.settings.language == "system" and app.language == "uk"
    from table_app.ui.scenes.picker import PickerScene
    picker = app.push(PickerScene())
    step(app, 1)
    assert picker.named["quit"].text == "Вихід"


def test_the_table_menu_opens_the_settings():
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.settings import SettingsScene
    app = make_app()
    p = app.push(PickerScene())
    step(app, 1)
    s = p.start(autosave=False)
    table = app.stack.top
    table.press_button("menu")
    step(app, 2)
    b = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "settings")
    click_widget(app, b)
    assert isinstance(app.stack.top, SettingsScene)
    click_widget(app, app.stack.top.choice_btns[("ai_speed", 2.0)])
    assert app.settings.ai_speed == 2.0  # the table reads it from the app
    click_widget(app, app.stack.top.back)
    # back in the menu it was opened from (the table under it), then Esc: the table
    from table_app.ui.scenes.scores import TableMenu
    assert isinstance(app.stack.top, TableMenu) and app.stack.scenes[-2] is table
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    step(app, 2)
    assert app.stack.top is table
    s.close()


# ------------------------------------------------------------------ a bad file
@pytest.mark.parametrize("content", [
    "{ this is not json",
    json.dumps([1, 2, 3]),
    json.dumps({"format": "something-else"}),
    json.dumps({"format": "table-app-settings", "version": 1, "volume": "loud",
                "language": "klingon", "card_size": 7}),
])
def test_a_bad_settings_file_still_opens_the_app_with_defaults(content):
    from table_app.ui.scenes.picker import PickerScene
    p = paths.settings_path(create_dir=True)
    p.write_text(content, encoding="utf-8")
    app = make_app()
    d = Settings()
    assert (app.settings.volume, app.settings.language, app.settings.card_size) == \
        (d.volume, d.language, d.card_size)
    assert app.messages  # what was wrong is said
    picker = app.push(PickerScene())
    step(app, 2)
    assert picker.message and picker.named["start"].text == "Start"
    # and the settings screen works and saves a good file again
    picker.press("settings")
    step(app, 2)
    click_widget(app, app.stack.top.btns["large_index"])
    assert saved().large_index is True and load_settings()[1] == []


def test_the_cores_setting_starts_and_stops_the_searchs_worker_processes(monkeypatch):
    """``ai_cores`` reaches ``ai.pool.configure`` at once in a real window (not in the
    headless app, whose tests decide on one core), and the app's exit closes the pool."""
    from table_app.ai import pool
    calls = []
    monkeypatch.setattr(pool, "configure", lambda n: calls.append(n))
    monkeypatch.setattr(pool, "shutdown", lambda: calls.append("shutdown"))
    app = make_app()
    _p, sc = open_settings(app)
    click_widget(app, sc.choice_btns[("ai_cores", 2)])
    assert app.settings.ai_cores == 2 and calls == []           # headless: no pool
    app.headless = False                                        # as in a real window
    click_widget(app, sc.choice_btns[("ai_cores", 1)])
    assert calls == [1]
    app.shutdown()
    assert calls == [1, "shutdown"]
