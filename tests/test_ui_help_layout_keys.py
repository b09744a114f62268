"""The F1 help names each letter key with the letter it bears in the Russian or
Ukrainian layout (issue #19): the keys go by the key's place (``keys.key_of``), so a
Russian-layout player looks for "H (Р)", not a Latin H their keyboard may not show."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.i18n import set_language  # noqa: E402
from table_app.ui.keys import key_of  # noqa: E402
from table_app.ui.scenes.help import LAYOUT_LETTERS, shortcuts_html, with_layout_letters  # noqa: E402
from tests.helpers.table import RU, UK, layout_event  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def test_letter_keys_get_the_russian_and_ukrainian_letters_on_their_keys():
    assert with_layout_letters("H", "ru") == "H (Р)"
    assert with_layout_letters("Ctrl+Z / Ctrl+Y, Ctrl+Shift+Z", "ru") == \
        "Ctrl+Z (Я) / Ctrl+Y (Н), Ctrl+Shift+Z (Я)"
    assert with_layout_letters("S", "uk") == "S (І)" and with_layout_letters("S", "ru") == "S (Ы)"
    # key caps in words and F-keys are left alone; English too
    assert with_layout_letters("Tab / Shift+Tab", "ru") == "Tab / Shift+Tab"
    assert with_layout_letters("F1", "ru") == "F1" and with_layout_letters("H", "en") == "H"


@pytest.mark.parametrize("lang, table", [("ru", RU), ("uk", UK)])
def test_the_help_shows_the_letter_the_layout_sends_for_each_key(lang, table):
    """The help's letter is the one SDL sends for that key in that layout (the tests'
    layouts, ``tests.helpers.table``), and the table takes it as the key (``key_of``)."""
    for latin, cyr in LAYOUT_LETTERS[lang].items():
        assert table[latin.lower()] == cyr.lower()
        k = getattr(pygame, f"K_{latin.lower()}")
        assert key_of(layout_event(k, layout=table)) == k
    set_language(lang)
    page = shortcuts_html()
    for row in ("D (В)", "H (Р)", "B (И)", "P (З)", "Ctrl+Z (Я)"):
        assert row in page, row
    set_language("en")
    assert "H (Р)" not in shortcuts_html()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_status_lines_prompts_name_the_layouts_letters_too(lang):
    from table_app.ui.table.banner import status_line
    set_language(lang)
    can = lambda: {"upcard": True, "stock": True, "buy": True, "lay_off": False}  # noqa: E731
    line = status_line(last="", phase="draw", keyboard=True, can=can)
    assert "D (В)" in line and "U (Г)" in line
    line = status_line(last="", phase="buy", keyboard=True, can=can, variant="may_i")
    assert "B (И)" in line and "P (З)" in line
