"""Staged melds at the table, headless: an illegal going-down names the staged meld at
fault (judged as a set or a run by the round's contract) and keeps it staged, marked;
staged melds are shown as they would be melded."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import GoDown  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import Scripted, draw_from_stock, may_i_table, press, stage  # noqa: E402


def _faces(cards):
    return [c >> 3 for c in cards]


# ---------------------------------------------------------------- 1: a bad staged meld
# (issue 19: a refused go-down keeps every staged group, the bad one marked red; it sent
# the bad group's cards back to the hand before)
def test_a_bad_staged_meld_is_named_and_stays_staged():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    n = len(s.engine.log)
    stage(app, scene, ["7C", "7D", "7H"])
    stage(app, scene, ["2C", "4D"])
    assert len(scene.ui.staged) == 2
    scene.go_down()
    assert len(s.engine.log) == n
    assert "2♣ 4♦" in scene.toast.msg and "(CF-" in scene.toast.msg, scene.toast.msg
    assert "all at once" not in scene.toast.msg
    # both groups stay staged, the bad one red
    assert [sorted(_faces(g)) for g in scene.ui.staged] == [
        sorted(parse_face(x) for x in ("7C", "7D", "7H")), sorted(parse_face(x) for x in ("2C", "4D"))]
    assert scene.ui.bad_groups == {1}
    # taken back and the contract completed, it goes down
    scene.hand.take_back(1)
    scene.refresh()
    stage(app, scene, ["9S", "9H", "9D"])
    press(app, scene, "go_down")
    assert isinstance(s.engine.log[-1], GoDown)


def test_one_bad_meld_gets_its_own_reason_not_the_contract_count():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    # a run with gaps: the missing cards are named
    stage(app, scene, ["2C", "9C", "7C"])
    scene.go_down()
    assert "all at once" not in scene.toast.msg
    assert "(CF-" in scene.toast.msg
    assert len(scene.ui.staged) == 1      # kept, to be mended (issue 19)


def test_the_contract_count_is_refused_only_when_every_meld_is_valid():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    stage(app, scene, ["7C", "7D", "7H"])
    scene.go_down()
    # the meld area's count says it before the rules would (issue 19)
    assert scene.toast.msg == "Go down needs 2 sets: 1 set still to build"
    assert len(scene.ui.staged) == 1   # stays staged: the player completes the contract


def test_meld_fault_reasons():
    from table_app.ui.table.meldhelp import meld_fault

    def f(codes, wr=frozenset()):
        return meld_fault([parse_face(x) for x in codes.split()], wr)
    assert f("2D 4D 6D") == "2♦ 4♦ 6♦ is not a run: 3♦ and 5♦ are missing (CF-2)"
    assert f("7S 7H").endswith("(CF-1)")
    assert f("2D 3D 4D").endswith("(CF-2)")
    assert f("7S 8H 9S").endswith("(CF-2)")
    assert f("7S 7H 7D") is None and f("2D 3D 4D 5D") is None
    assert f("JK 3D 5D 6D") is None
    assert f("3D 3S 7H", frozenset({3})) is None   # two wild 3s and a natural 7


# ---------------------------------------------------------------- 5: staged melds shown sorted
def test_staged_melds_are_shown_as_they_would_be_melded():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    stage(app, scene, ["9D", "9S", "9H"])
    g = scene.ui.staged[0]
    xs = {p.key: p.x for p in scene.view.placements if p.group == "stage:0"}
    shown = sorted(g, key=lambda c: xs[c])
    assert [c >> 3 for c in shown] == [parse_face(x) for x in ("9S", "9H", "9D")]   # S H C D


def test_meld_order_puts_a_run_by_rank_with_the_wild_in_its_place():
    from table_app.core.cards import JOKER, parse_face
    from table_app.ui.table.meldhelp import meld_order, readings
    cards = [parse_face(x) << 3 for x in ("4D", "2D")] + [JOKER << 3] + [parse_face("5D") << 3]
    d = readings([c >> 3 for c in cards], frozenset())[0]
    assert [c >> 3 for c in meld_order(cards, d, frozenset())] == [parse_face("2D"), JOKER,
                                                                   parse_face("4D"), parse_face("5D")]
    bad = [parse_face(x) << 3 for x in ("6D", "2D", "4D")]
    assert [c >> 3 for c in meld_order(bad, None, frozenset())] == [parse_face(x) for x in ("2D", "4D", "6D")]


# ---------------------------------------------------------------- the contract decides set/run
@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican"])
def test_a_bad_meld_is_judged_by_the_rounds_contract(variant):
    from table_app.ui.table.meldhelp import meld_fault
    from table_app.variants.specs import SPECS
    spec = SPECS[variant]
    contracts = {spec.contract(r) for r in range(1, 8)}
    kinds = {("set" if s and not r else "run" if r and not s else "both"): (s, r)
             for s, r in contracts}
    assert {"set", "run", "both"} <= set(kinds), contracts

    def f(codes, c):
        return meld_fault([parse_face(x) for x in codes.split()], frozenset(), 0, c)
    # sets only: judged as a set, never as a run
    for codes in ("3S 5S 9H", "2D 4D 6D", "2D 3D 4D", "7S 8S"):
        why = f(codes, kinds["set"])
        assert "set" in why and why.endswith("(CF-1)") and "run" not in why, (codes, why)
    assert f("3S 5S 9H", kinds["set"]).endswith("A set's cards must all be of one rank (CF-1)")
    # runs only: judged as a run
    for codes in ("7S 7H 7D 9C", "7S 7H", "3S 5S 9H", "2D 4D 6D"):
        why = f(codes, kinds["run"])
        assert "run" in why and why.endswith("(CF-2)") and "set" not in why, (codes, why)
    # both: the group's look decides (as before)
    assert f("3S 5S 9H", kinds["both"]).endswith("A run's cards must all be of one suit (CF-2)")
    assert f("7S 7H", kinds["both"]).endswith("(CF-1)")
    assert f("2D 4D 6D", kinds["both"]) == "2♦ 4♦ 6♦ is not a run: 3♦ and 5♦ are missing (CF-2)"
    # a valid meld of the other kind is no fault of the group (the contract's count refuses it)
    assert f("7S 7H 7D", kinds["run"]) is None and f("2D 3D 4D 5D", kinds["set"]) is None


def test_may_i_round_one_refuses_a_bad_group_as_a_set():
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    assert scene.obs.contract == (2, 0)
    stage(app, scene, ["2C", "4D", "9H"])
    scene.go_down()
    assert "A set's cards must all be of one rank (CF-1)" in scene.toast.msg, scene.toast.msg
    assert "run" not in scene.toast.msg
