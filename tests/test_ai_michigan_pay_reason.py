"""A Michigan lead's reason: leading the pay card itself is said as such, not 'heads for'."""
from types import SimpleNamespace

from table_app.ai.michigan_ai import NormalMichigan
from table_app.core.cards import parse_face as F
from table_app.i18n.hints import hint_reason


def _reason(face):
    parts = {"out": False, "shed": 1, "pay": 1.0, "control": False}
    return NormalMichigan.reason(SimpleNamespace(card=F(face)), parts)


def test_leading_the_pay_card_itself_says_so():
    msg = _reason("AH")
    assert [b.id for b in msg.params["bits"]] == ["bit_pay_self"]
    assert str(msg) == "leads A♥: plays the pay card itself"
    assert "pay card itself" not in str(_reason("QH"))
    assert str(_reason("QH")) == "leads Q♥: heads for a pay card"


def test_pay_card_itself_is_translated():
    assert hint_reason(_reason("AH"), "ru") != str(_reason("AH"))
    assert hint_reason(_reason("AH"), "uk") != str(_reason("AH"))
