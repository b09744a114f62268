"""Languages: switching, the system default, card names, catalogs complete and compiled."""
from __future__ import annotations

import gettext
import re

import pytest

from table_app import i18n
from table_app.core.cards import JOKER, parse_face
from table_app.i18n import (N_, _, card_name, current_language, ngettext, set_language,
                            system_language)
from table_app.i18n import strings as S
from table_app.i18n.extract import extract
from table_app.i18n.po import catalog, mo_bytes, read_mo, read_po

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
    assert card_name(JOKER, "short", "en") == "JK"
    with pytest.raises(ValueError):
        card_name(53)
    with pytest.raises(ValueError):
        card_name(0, "medium")


# ------------------------------------------------------------------ catalogs
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_has_a_translation(lang):
    msgs = [m for m in read_po(po_path(lang)) if m.msgid and not m.obsolete]
    assert len(msgs) > 100
    missing = [m.msgid for m in msgs if not m.translated() or m.fuzzy]
    assert not missing, f"{lang}: untranslated {missing}"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_translations_keep_the_brace_fields(lang):
    field = re.compile(r"\{([a-z_0-9.]+)\}")
    for m in read_po(po_path(lang)):
        if not m.msgid or m.obsolete:
            continue
        want = set(field.findall(m.msgid))
        for form in m.forms():
            # the same fields, no others (as msgfmt --check wants)
            assert set(field.findall(form)) == want, (lang, m.msgid, form)


def test_the_catalogs_cover_every_marked_string_in_the_sources():
    marked = {(m.msgctxt, m.msgid) for m in extract()}
    assert len(marked) > 100
    pot = {(m.msgctxt, m.msgid) for m in read_po(i18n.catalog_dir() / "table_app.pot") if m.msgid}
    assert marked == pot, "run python -m table_app.i18n.extract --update"
    for lang in ("ru", "uk"):
        have = {(m.msgctxt, m.msgid) for m in read_po(po_path(lang)) if m.msgid and not m.obsolete}
        assert marked <= have, f"{lang}: missing {marked - have}"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_mo_files_are_up_to_date(lang):
    msgs = read_po(po_path(lang))
    mo = po_path(lang).with_suffix(".mo")
    assert read_mo(mo) == catalog(msgs), "run python -m table_app.i18n.compile"
    assert mo.read_bytes() == mo_bytes(msgs)


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
    from table_app.i18n.extract import extract_file
    p = tmp_path / "m.py"
    p.write_text('x = _("Hello {name}")\n'
                 '# Translators: a card game word\n'
                 'y = ngettext("one card", "{n} cards", n)\n'
                 'z = pgettext("button", "Deal")\n'
                 'w = _(variable)\n'
                 'v = N_("Plain " "joined")\n', encoding="utf-8")
    got = extract_file(p, "m.py")
    assert [m.msgid for m in got] == ["Hello {name}", "one card", "Deal", "Plain joined"]
    assert got[0].flags == ["python-brace-format"]
    assert got[1].msgid_plural == "{n} cards" and got[1].auto_comments == ["a card game word"]
    assert got[2].msgctxt == "button"
    assert got[3].references == ["m.py:6"]


def test_po_round_trip(tmp_path):
    from table_app.i18n.po import format_po
    msgs = read_po(po_path("uk"))
    out = tmp_path / "x.po"
    out.write_text(format_po(msgs), encoding="utf-8")
    assert catalog(read_po(out)) == catalog(msgs)
    assert out.read_text(encoding="utf-8") == po_path("uk").read_text(encoding="utf-8")


def test_no_pygame_in_the_i18n_package():
    import subprocess
    import sys
    code = ("import sys, table_app.i18n, table_app.i18n.strings, table_app.i18n.extract;"
            "from table_app.i18n import rule_reason, rules_text;"
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
    assert read_mo(tmp_path / "x.mo") == read_mo(po_path(lang).with_suffix(".mo"))
