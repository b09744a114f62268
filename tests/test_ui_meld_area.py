"""The meld area's Go down: a tester saw it light up as soon as one meld was staged though
the round's contract needs two, and the meld area then cleared when the only staged group
was refused.  Go down is now off until the staged melds could make the contract's count
and kinds, the meld area saying what is missing (a click on the off button says it too);
a refused group sends only its own cards back."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import GoDown  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from test_ui_table import (Scripted, click, drag, hand_card, may_i_table, point_of,  # noqa: E402
                           press, settle, stage, zone_point)


def _groups(*codes):
    return [[parse_face(x) for x in c.split()] for c in codes]


@pytest.mark.parametrize("groups, contract, text, want", [
    (("7C 7D 7H",), (2, 0), "2 sets", "Go down needs 2 sets: 1 set still to build"),
    (("7C 7D 7H", "9S 9H 9D"), (2, 0), "2 sets", None),
    (("7C 7D 7H", "2D 3D 4D 5D"), (2, 0), "2 sets", "Go down needs 2 sets, not 1 set + 1 run"),
    (("7C 7D 7H", "9S 9H 9D"), (1, 1), "1 set + 1 run", "Go down needs 1 set + 1 run, not 2 sets"),
    (("7C 7D 7H",), (1, 1), "1 set + 1 run", "Go down needs 1 set + 1 run: 1 run still to build"),
    (("5C 9C 8D",), (1, 1), "1 set + 1 run", "Go down needs 1 set + 1 run: 1 meld still to build"),
    (("7C 7D 7H",), (2, 1), "2 sets + 1 run",
     "Go down needs 2 sets + 1 run: 1 set + 1 run still to build"),
    (("7C 7D 7H", "9S 9H 9D", "2C 2D 2H"), (2, 0), "2 sets",
     "Go down needs 2 sets: 1 group too many in the meld area"),
    # a group that is no meld yet counts as either kind: Go down names its fault
    (("7C 7D 7H", "2C 4D 9S"), (2, 0), "2 sets", None),
])
def test_contract_shortfall(groups, contract, text, want):
    from table_app.ui.table.meldhelp import contract_shortfall
    from table_app.variants.specs import ContractTerms
    terms = ContractTerms(*contract)
    assert str(terms) == text
    assert contract_shortfall(_groups(*groups), contract, terms, frozenset()) == want


def _drawn(app, scene):
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    assert scene.session.human_to_act() == "play"


def _stage_label(scene):
    st = scene.view.zones["stage"]
    return next(lab.text for lab in scene.view.labels
                if lab.kind == "tag" and st.collidepoint(lab.pos))


def test_go_down_waits_for_the_contracts_count_and_says_what_is_missing():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    _drawn(app, scene)
    assert scene.obs.contract == (2, 0)
    n = len(s.engine.log)
    stage(app, scene, ["7C", "7D", "7H"])
    gd = scene.buttons["go_down"]
    assert len(scene.ui.staged) == 1 and not gd.is_enabled
    assert _stage_label(scene) == "Go down needs 2 sets: 1 set still to build"
    click(app, gd.rect.center)                 # the off button says why
    assert scene.toast.msg == "Go down needs 2 sets: 1 set still to build" and scene.toast.bad
    assert len(s.engine.log) == n and len(scene.ui.staged) == 1
    stage(app, scene, ["9S", "9H", "9D"])
    assert gd.is_enabled and _stage_label(scene) == "Contract: 2 sets"
    press(app, scene, "go_down")
    assert isinstance(s.engine.log[-1], GoDown)


def test_a_refused_group_sends_only_its_cards_back():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    _drawn(app, scene)
    n = len(s.engine.log)
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["2C", "4D", "9S"])
    gd = scene.buttons["go_down"]
    assert gd.is_enabled                       # two groups for two sets: it may be pressed
    click(app, gd.rect.center)
    assert len(s.engine.log) == n
    assert "9♠ 2♣ 4♦" in scene.toast.msg and "(CF-1)" in scene.toast.msg, scene.toast.msg
    # the set stays in the meld area; only the faulty group's cards are back in the hand
    assert [sorted(c >> 3 for c in g) for g in scene.ui.staged] == \
        [sorted(parse_face(x) for x in ("7C", "7D", "7H"))]
    back = {hand_card(scene, x) for x in ("2C", "4D", "9S")}
    assert {p.group for p in scene.view.placements if p.key in back} == {"hand"}
    assert not gd.is_enabled
    assert _stage_label(scene) == "Go down needs 2 sets: 1 set still to build"
