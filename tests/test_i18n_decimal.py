"""Decimals in Russian and Ukrainian text take a comma (CLDR: "8,9"), English a point:
the hint's expected chips and the coach's points lost (a play-tester's finding)."""
from table_app.core.cards import parse_face as F
from table_app.core.messages import Message as M
from table_app.i18n import decimal, set_language
from table_app.i18n.render import render


def test_decimal_separator_by_language():
    assert decimal(8.94, "+.1f", "en") == "+8.9"
    assert decimal(8.94, "+.1f", "ru") == "+8,9"
    assert decimal(-0.25, ".2f", "uk") == "-0,25"
    assert decimal(12.0, ".1f", "ru") == "12,0"
    assert decimal(3.0, ".0f", "ru") == "3"


def test_decimal_follows_current_language():
    try:
        set_language("ru")
        assert decimal(1.25) == "1,2" or decimal(1.25) == "1,3"
        assert "," in decimal(1.5)
        set_language("en")
        assert decimal(1.5) == "1.5"
    finally:
        set_language("en")


def test_hint_chips_render_with_the_language_comma():
    msg = M("expects", why=M("lead_out", card=F("2S")), chips=1.25, n=3)
    en, ru, uk = (render(msg, lang) for lang in ("en", "ru", "uk"))
    assert "+1.2" in en and "+1,2" not in en
    assert "+1,2" in ru and "+1.2" not in ru
    assert "+1,2" in uk and "+1.2" not in uk
