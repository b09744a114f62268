"""The computer players' default names follow the language (issue #19): in Russian and
Ukrainian a new game gets Russian and Ukrainian names (Cyrillic), in English the English
ones; a name the player set is kept whatever the language."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.i18n import set_language  # noqa: E402
from table_app.ui.table.session import NAMES_BY_LANGUAGE, GameSession  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _picker(**settings):
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    app = App((1280, 800), headless=True, instant=True, settings=Settings().replace(**settings))
    p = app.push(PickerScene())
    app.step(0.02)
    return app, p


def _cyrillic(name):
    return all("\u0400" <= ch <= "\u04ff" for ch in name if ch.isalpha())


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_new_game_in_russian_or_ukrainian_gets_names_in_that_language(lang):
    app, p = _picker(language=lang)
    names = p.choices()["names"]
    assert names[1:4] == list(NAMES_BY_LANGUAGE[lang][1:4])
    assert all(_cyrillic(n) for n in names[1:]), names
    s = p.start(seed=3, autosave=False)
    assert s.names[1:] == list(NAMES_BY_LANGUAGE[lang][1:s.num_players])
    s.close()
    # a session made without names (the command line) too
    g = GameSession("contract", 5, seed=1, autosave=False)
    assert all(_cyrillic(n) for n in g.names[1:]) and g.names[0] == "You"
    g.close()


def test_english_names_in_english_and_a_name_set_by_the_player_is_kept():
    # the last game was picked in Russian with one name set by the player ("Паша")
    app, p = _picker(language="en",
                     last_names=("Анна", "Паша", "Вера", "Дмитрий", "Елена", "Фёдор", "Галина"))
    assert p.choices()["names"][1:4] == ["Ann", "Паша", "Chloe"]
    set_language("ru")
    p.retranslate()
    assert p.choices()["names"][1:4] == ["Анна", "Паша", "Вера"]
    set_language("uk")
    p.retranslate()
    assert p.choices()["names"][1:4] == ["Ганна", "Паша", "Віра"]
