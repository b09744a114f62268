"""The hand's gentle fan keeps one curve, whatever the hand's length.

A tester saw, late in a deal, one or two hand cards "a few px higher" than the others,
with no focus outline (3 or 4 cards left, at 1280x800): the fan's ends sat lower than its
middle by 7 % of a card's width however short the hand, so a 3-card hand had its middle
card 6.5 px above both neighbours and a 4-card hand its two middle cards 6 px above the
ends, which reads as cards left raised.  The curve is now that of a full hand (ends
lower the further they are from the middle): a short hand lies all but flat, a full or
crowded hand keeps its fan."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

pytest.importorskip("pygame")

from table_app.ui.table.layout import compute  # noqa: E402
from table_app.ui.table.presenter import UIState, View, _hand  # noqa: E402


def _lifts(n, size=(1280, 800)):
    L = compute(size, 4, 0, False)
    ui = UIState(hand_order=[8 * (k + 1) for k in range(n)])
    v = View()
    _hand(SimpleNamespace(hand=tuple(ui.hand_order)), L, ui, v)
    return L, [p.lift for p in v.placements if p.group == "hand"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_short_hand_lies_almost_flat(n):
    L, lifts = _lifts(n)
    # (before: 6.6 px between a 3-card hand's middle and its ends at 1280x800)
    assert max(lifts) - min(lifts) < 1.5, lifts
    assert all(abs(a - b) < 1.0 for a, b in zip(lifts, lifts[1:])), lifts


@pytest.mark.parametrize("n", [11, 12])
def test_a_full_hand_keeps_its_fan(n):
    L, lifts = _lifts(n)
    cw = L.cw
    assert lifts[0] == pytest.approx(-cw * 0.07) and lifts[-1] == pytest.approx(-cw * 0.07)
    mid = lifts[len(lifts) // 2]
    assert mid > -1.0 and mid - lifts[0] > cw * 0.06


def test_a_crowded_hand_in_a_small_window_keeps_its_fan():
    L, lifts = _lifts(24, size=(1024, 640))
    assert lifts[0] == pytest.approx(-L.cw * 0.07)
    assert max(lifts) > -0.5
