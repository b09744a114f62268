"""Languages: switching, the system default, card names, catalogs complete and compiled."""
from __future__ import annotations

import gettext
import re

import pytest

from table_app import i18n
from table_app.core.cards import JOKER, parse_face
from table_app.i18n import (
    N_,
    _,
    card_name,
    current_language,
    ngettext,
    set_language,
    system_language,
)
from table_app.i18n import strings as S
from table_app.i18n.compile import mo_bytes, translations
from table_app.i18n.extract import extract, read_catalog, untranslated

LANG_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


@pytest.fixture
def no_locale_env(monkeypatch):
    for v in LANG_ENV:
        monkeypatch.delenv(v, raising=False)
    return monkeypatch


def po_path(lang):
    return i18n.catalog_dir() / lang / "LC_MESSAGES" / "table_app.po"


# ------------------------------------------------------------------ switching
def test_switching_languages_changes_every_later_message():
    assert set_language("ru") == "ru" and current_language() == "ru"
    assert _("Your turn") == "Ваш ход"
    assert _(S.UNDO) == "Отменить"
    set_language("uk")
    assert _("Your turn") == "Ваш хід"
    assert _(S.VARIANT_NAMES["mexican"]) == "Мексиканський рамі"
    set_language("en")
    assert _("Your turn") == "Your turn"


def test_unknown_messages_and_codes_fall_back_to_english():
    set_language("ru")
    assert _("No such message, surely") == "No such message, surely"
    assert set_language("de") == "en"
    assert set_language("ru_RU.UTF-8") == "ru"


def test_n_marks_without_translating():
    set_language("uk")
    assert N_("Undo") == "Undo"
    assert _(N_("Undo")) == "Скасувати"


def test_plural_forms_follow_each_languages_rule():
    # no catalog entry: English rule; the .mo headers carry the Slavic three-form rule
    set_language("en")
    assert ngettext("card", "cards", 1) == "card" and ngettext("card", "cards", 5) == "cards"
    for lang in ("ru", "uk"):
        t = i18n.translation(lang)
        assert isinstance(t, gettext.GNUTranslations)
        assert [t.plural(n) for n in (1, 2, 5, 11, 21, 22, 25)] == [0, 1, 2, 2, 0, 1, 2]


@pytest.mark.parametrize("env,want", [
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "uk_UA.UTF-8"}, "uk"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_ALL": "uk_UA", "LANG": "ru_RU"}, "uk"),
    ({"LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ru"),
    ({"LANGUAGE": "fr:uk:ru", "LANG": "en_US"}, "uk"),
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_system_language_from_the_locale_environment(no_locale_env, env, want):
    for k, v in env.items():
        no_locale_env.setenv(k, v)
    assert system_language() == want
    assert set_language("system") == want
    assert set_language(None) == want


def test_system_language_without_environment_uses_getlocale(no_locale_env):
    no_locale_env.setattr(i18n.locale, "getlocale", lambda *a: ("Ukrainian_Ukraine", "1251"))
    assert system_language() == "uk"
    no_locale_env.setattr(i18n.locale, "getlocale", lambda *a: (None, None))
    assert system_language() == "en"


# ------------------------------------------------------------------ card names
@pytest.mark.parametrize("code,lang,short,long", [
    ("7S", "en", "7♠", "seven of spades"),
    ("7S", "ru", "7♠", "семёрка пик"),
    ("7S", "uk", "7♠", "сімка пік"),
    ("QD", "ru", "Q♦", "дама бубён"),
    ("10H", "uk", "10♥", "десятка чирв"),
    ("AC", "en", "A♣", "ace of clubs"),
    ("JC", "ru", "J♣", "валет треф"),
    ("KH", "uk", "K♥", "король чирв"),
])
def test_card_names(code, lang, short, long):
    f = parse_face(code)
    assert card_name(f, "short", lang) == short
    assert card_name(f, "long", lang) == long
    set_language(lang)
    assert card_name(f, "long") == long


def test_every_face_has_a_name_in_every_language():
    for lang in i18n.LANGUAGES:
        longs = {card_name(f, "long", lang) for f in range(JOKER + 1)}
        assert len(longs) == JOKER + 1
        assert all(n and "?" not in n for n in longs)
    assert card_name(JOKER, "long", "ru") == "джокер"
    # running text names the joker by a word, not the record's code (a play-tester's finding)
    assert card_name(JOKER, "short", "en") == "Joker"
    assert card_name(JOKER, "short", "ru") == card_name(JOKER, "short", "uk") == "Джокер"
    with pytest.raises(ValueError):
        card_name(53)
    with pytest.raises(ValueError):
        card_name(0, "medium")


# ------------------------------------------------------------------ catalogs
def _forms(m) -> tuple:
    return m.string if isinstance(m.string, tuple) else (m.string,)


def _key(m) -> tuple:
    return (m.context, m.id if isinstance(m.id, str) else m.id[0])


def _mo(path) -> dict:
    """What the standard library's gettext reads from a .mo file: id -> translation
    (without the header)."""
    return translations(path.read_bytes())


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_has_a_translation(lang):
    cat = read_catalog(po_path(lang), lang)
    assert sum(1 for m in cat if m.id) > 100
    missing = [(m.id, "fuzzy" if m.fuzzy else "empty") for m in untranslated(cat)]
    assert not missing, f"{lang}: untranslated (fuzzy: the English changed) {missing}"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_translations_keep_the_brace_fields(lang):
    field = re.compile(r"\{([a-z_0-9.]+)\}")
    for m in read_catalog(po_path(lang), lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set().union(*(field.findall(i) for i in ids))
        for form in _forms(m):
            # the same fields, no others (as msgfmt --check wants)
            assert set(field.findall(form)) <= want, (lang, m.id, form)
            if not isinstance(m.id, tuple):
                assert set(field.findall(form)) == want, (lang, m.id, form)
        assert ("python-brace-format" in m.flags) == bool(want), m.id


def test_the_catalogs_cover_every_marked_string_in_the_sources():
    marked = {_key(m) for m in extract() if m.id}
    assert len(marked) > 100
    pot = {_key(m) for m in read_catalog(i18n.catalog_dir() / "table_app.pot") if m.id}
    assert marked == pot, "run python -m table_app.i18n.extract --update"
    for lang in ("ru", "uk"):
        have = {_key(m) for m in read_catalog(po_path(lang), lang) if m.id}
        assert marked <= have, f"{lang}: missing {marked - have}"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_mo_files_are_up_to_date(lang):
    mo = po_path(lang).with_suffix(".mo")
    got = _mo(mo)
    assert got == translations(mo_bytes(po_path(lang))), "run python -m table_app.i18n.compile"
    cat = read_catalog(po_path(lang), lang)
    for m in cat:
        if m.id and not m.fuzzy and all(_forms(m)):
            if isinstance(m.id, tuple):
                assert got[(m.id[0], 0)] == m.string[0]
            else:
                k = m.id if m.context is None else f"{m.context}\x04{m.id}"
                assert got[k] == m.string


def test_strings_module_constants_all_translate():
    set_language("ru")
    values = [v for k, v in vars(S).items() if k.isupper() and isinstance(v, str)]
    for d in (v for k, v in vars(S).items() if k.isupper() and isinstance(v, dict)):
        values += list(d.values())
    assert len(values) > 80
    assert not [v for v in values if _(v) == v]


def test_variant_registry_names_and_descriptions_are_in_the_catalog():
    from table_app.variants import VARIANTS
    for lang in ("ru", "uk"):
        set_language(lang)
        for vid, info in VARIANTS.items():
            assert S.VARIANT_NAMES[vid] == info.name
            assert S.VARIANT_DESCRIPTIONS[vid] == info.description
            assert _(info.name) != info.name
            assert _(info.description) != info.description


def test_the_extractor_reads_calls_plurals_contexts_and_comments(tmp_path):
    src = tmp_path / "pkg"
    src.mkdir()
    (src / "m.py").write_text('x = _("Hello {name}")\n'
                              '# Translators: a card game word\n'
                              'y = ngettext("one card", "{n} cards", n)\n'
                              'z = pgettext("button", "Deal")\n'
                              'w = _(variable)\n'
                              'v = N_("Plain " "joined")\n'
                              'u = tr("Deal")\n', encoding="utf-8")
    got = [m for m in extract(src) if m.id]
    assert [_key(m) for m in got] == [(None, "Hello {name}"), (None, "one card"),
                                      ("button", "Deal"), (None, "Plain joined"), (None, "Deal")]
    assert "python-brace-format" in got[0].flags and "python-brace-format" not in got[3].flags
    assert got[1].id == ("one card", "{n} cards") and got[1].auto_comments == ["a card game word"]
    assert got[3].locations == [("pkg/m.py", None)]   # the file, no line number


def test_an_edited_english_string_keeps_its_translation_as_fuzzy(tmp_path, monkeypatch):
    """Babel's fuzzy matching: a changed id is not silently untranslated (the old
    translation comes back marked fuzzy, left out of the .mo until reviewed)."""
    from babel.messages.catalog import Catalog

    from table_app.i18n import extract as ex
    old = tmp_path / "ru" / "LC_MESSAGES" / "table_app.po"
    old.parent.mkdir(parents=True)
    cat = Catalog(locale="ru")
    cat.add("Draw from the stock", "Взять из колоды")
    ex._write(old, cat)
    monkeypatch.setattr(ex, "HERE", tmp_path)
    tmpl = Catalog()
    tmpl.add("Draw a card from the stock")
    merged = ex.update(tmpl, "ru")
    m = merged.get("Draw a card from the stock")
    assert m.fuzzy and m.string == "Взять из колоды"
    assert [x.id for x in untranslated(merged)] == ["Draw a card from the stock"]
    out = tmp_path / "ru" / "LC_MESSAGES" / "table_app.mo"
    ex._write(old, merged)
    from table_app.i18n.compile import mo_bytes as mob
    out.write_bytes(mob(old))
    assert "Draw a card from the stock" not in _mo(out)


def test_no_pygame_in_the_i18n_package():
    import subprocess
    import sys
    code = ("import sys, table_app.i18n, table_app.i18n.strings;"
            "from table_app.i18n import rule_reason, rules_text;"
            "assert 'babel' not in sys.modules, 'Babel at run time';"   # gettext reads the .mo
            "import table_app.i18n.extract, table_app.i18n.compile;"
            "assert 'pygame' not in sys.modules and 'pygame_gui' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_gnu_msgfmt_accepts_the_catalogs(lang, tmp_path):
    import shutil
    import subprocess
    exe = shutil.which("msgfmt")
    if exe is None:
        pytest.skip("GNU gettext's msgfmt is not installed")
    r = subprocess.run([exe, "--check", "-o", str(tmp_path / "x.mo"), str(po_path(lang))],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # and what it compiles is what gettext reads from the committed .mo
    assert _mo(tmp_path / "x.mo") == _mo(po_path(lang).with_suffix(".mo"))


def test_default_names_follow_the_language_and_set_names_stay():
    """A game started in English reads "Борис" after a switch to Russian (the record
    keeps "Boris"); a name the player set stays as it is (a play-tester's finding)."""
    from table_app.i18n import NAMES_BY_LANGUAGE, player_name
    try:
        i18n.set_language("ru")
        assert player_name("Boris") == "Борис" and player_name("Богдан") == "Борис"
        assert player_name("Greta") == player_name("Галина") == "Галина"
        assert player_name("You") == "Вы"
        assert player_name("Маша") == "Маша" and player_name("Bob") == "Bob"
        i18n.set_language("uk")
        assert [player_name(n) for n in NAMES_BY_LANGUAGE["en"][1:]] == \
            list(NAMES_BY_LANGUAGE["uk"][1:])
        i18n.set_language("en")
        assert [player_name(n) for n in NAMES_BY_LANGUAGE["ru"][1:]] == \
            list(NAMES_BY_LANGUAGE["en"][1:])
    finally:
        i18n.set_language("en")


def test_a_former_default_name_reads_as_its_seats_name_now():
    from table_app.i18n import player_name
    from table_app.ui.table.session import is_default_name
    try:
        i18n.set_language("ru")
        assert player_name("Дмитрий") == "Денис"
        assert is_default_name("Дмитрий", 4) and not is_default_name("Дмитрий", 3)
        i18n.set_language("en")
        assert player_name("Дмитрий") == "Dmitro"
    finally:
        i18n.set_language("en")
