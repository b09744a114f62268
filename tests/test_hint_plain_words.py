"""The hard level's look-ahead reasons read in a card player's words (issue 18's "one-line
reason"; a play-tester found "40% left to chance" and "looks one card ahead" jargon)."""
from __future__ import annotations

from table_app.core.cards import parse_face as F
from table_app.core.messages import Message
from table_app.i18n.hints import hint_reason


def test_take_and_pass_reasons_in_plain_words():
    take = Message("take_beats_stock", card=F("7H"), pct=0.0)
    assert str(take) == "takes 7♥: it helps more surely than a card from the stock would"
    pas = Message("pass_stock_better", card=F("7H"), pct=0.22)
    assert str(pas) == "passes 7♥: a card from the stock is likelier to help (22% chance)"
    ahead = Message("looks_ahead", why=Message("discard", card=F("KS")))
    assert str(ahead) == "discards K♠, keeping the cards the next draw is likeliest to help"
    for m in (take, pas, ahead):
        assert "chance)" not in str(m) or "%" in str(m)
        assert "left to chance" not in str(m) and "one card ahead" not in str(m)


def test_the_plain_reasons_are_translated():
    pas = Message("pass_stock_better", card=F("7H"), pct=0.22)
    assert hint_reason(pas, "ru").startswith("пропустить 7♥: карта из запаса скорее поможет")
    assert hint_reason(pas, "uk").startswith("пропустити 7♥: карта із запасу швидше допоможе")
    take = Message("take_beats_stock", card=F("7H"), pct=0.0)
    assert hint_reason(take, "ru") == "взять 7♥: это помогает вернее, чем карта из запаса"
