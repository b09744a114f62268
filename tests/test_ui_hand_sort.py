"""The hand's sort is kept across deals (issue #19): every new deal's hand arrives sorted
the way the player chose last (by suit or by rank), also when they then arranged the last
hand by hand (the Sort buttons, ``Arrangement.chosen``)."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.cards import parse_face  # noqa: E402
from table_app.ui.table.arrange import Arrangement, sort_cards  # noqa: E402
from table_app.ui.table.presenter import UIState  # noqa: E402
from tests.helpers.table import contract_table, press, settle  # noqa: E402


def _deal(seed):
    cards = [parse_face(f) * 8 + k for k, f in enumerate(
        ["7C", "KD", "2H", "9S", "AC", "5D", "QH", "3S", "10C", "JD", "4H"])]
    random.Random(seed).shuffle(cards)
    return cards


@pytest.mark.parametrize("mode", ["suit", "rank"])
def test_a_new_deal_arrives_sorted_as_chosen_last_also_after_arranging_by_hand(mode):
    a = Arrangement(UIState(names=["You", "Ann", "Boris"], levels=["", "normal", "normal"]))
    a.sort(mode)
    a.arrange(_deal(1), lambda order, x: 0)
    a.reorder([a.ui.hand_order[-1]], 0)          # arranged by hand now
    assert a.sort_mode == ""
    a.ui.hand_order = []                         # the next deal (``continue_after_sheet``)
    new = _deal(2)
    a.arrange(new, lambda order, x: 0)
    assert a.ui.hand_order == sort_cards(new, mode)


def test_the_table_keeps_the_sort_rank_choice_for_the_next_deal():
    app, scene, s = contract_table()
    settle(app, scene)
    press(app, scene, "sort_rank")
    hand = list(scene.ui.hand_order)
    scene.hand.reorder([hand[0]], len(hand) - 1)     # the player moves a card
    scene.ui.hand_order = []                          # as the next deal clears it
    scene.refresh(instant=True)
    assert scene.ui.hand_order == sort_cards(list(scene.obs.hand), "rank")
