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


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_table_buttons_tooltips_name_the_layouts_letters_too(lang):
    """Seen in a real window in Russian: "Lay off all that fits" said "(A)" where the
    help says "A (Ф)"; Undo, Redo and Hint name their keys the same way."""
    from table_app.core.actions import Deal
    from table_app.variants import find_variant
    from tests.helpers.table import Scripted, build_deck, make_table
    rules = find_variant("contract")({})
    deck = build_deck(rules.deck(3), [["7C", "7D", "7H", "9S", "9H", "9D", "2C", "4D", "KS", "QH"],
                                      ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
                                      ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"]],
                      ["KH", "9S"])
    app, scene, s = make_table("contract", 3, Deal(1, 2, deck), {1: Scripted(), 2: Scripted()})
    set_language(lang)      # (the app took the settings' language: the table follows)
    scene.retranslate()
    tips = {n: b.tool_tip_text for n, b in scene.buttons.items()}
    assert "(A (Ф))" in tips["play_all"], tips["play_all"]
    assert "Ctrl+Z (Я)" in tips["undo"] and "Ctrl+Y (Н)" in tips["redo"]
    assert "H (Р)" in tips["hint"] and "(F1)" in tips["help"]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_that_names_a_letter_key_names_its_layout_letter_too(lang):
    """The status line's prompts name "D (В)" and the table buttons' tooltips get the
    letters when shown (above), but the coach's prompts ("N — следующий", "P: играть
    отсюда", the deal end's button "Разобрать сдачу (R)", "Сначала нажмите R") and the
    meld area's notes ("(M)", "S", "(или R)") named the Latin letter alone (seen in a real
    window with the Russian layout).  Every other translated message that names a letter
    key names the letter on that key in the layout too ("N (Т)", "(R/К)"); the rules'
    card texts (K-A-2, A♥) are not keys."""
    import re
    from pathlib import Path

    from table_app.i18n.extract import read_catalog
    po = (Path(__file__).resolve().parent.parent / "table_app" / "i18n" / lang / "LC_MESSAGES"
          / "table_app.po")
    letters = LAYOUT_LETTERS[lang]
    key = re.compile(r"(?<![A-Za-z0-9{/+])(?:Ctrl\+)?([A-Z])(?![A-Za-z0-9}])(?:\s\((.)\)|/(.))?")
    missing = []
    for m in read_catalog(po, lang):
        mid = m.id if isinstance(m.id, str) else m.id[0]
        if not mid or mid.startswith(("A run's cards", "A stops game")):
            continue
        if any("ui/table/buttons.py" in loc[0] for loc in m.locations):
            continue      # the tooltips: with_layout_letters when shown
        for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
            for k in key.finditer(s or ""):
                if (k.group(2) or k.group(3)) != letters[k.group(1)]:
                    missing.append((mid, s))
    assert not missing
