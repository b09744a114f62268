"""The table's input alone: a drag or a key turned into a candidate action
(``ui/table/gestures.py``, ``ui/table/keyboard.py``), the hand's arrangement and the meld
area (``ui/table/arrange.py``) and where cards glide from and to (``ui/table/board.py``),
on a stand-in table: a real engine, Observation, layout and presenter, no scene, no
window, no pygame_gui."""
from __future__ import annotations

import types

import pytest

pygame = pytest.importorskip("pygame")

from table_app.core.actions import Deal, Discard, Draw, GoDown, LayOff, Lead, PassBuy, PassUpcard  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from table_app.core.errors import IllegalActionError  # noqa: E402
from table_app.engine.engine import Engine  # noqa: E402
from table_app.i18n import set_language  # noqa: E402
from table_app.ui.table.arrange import Arrangement, sort_cards  # noqa: E402
from table_app.ui.table.board import deal_delay, sink_at, spawn_at  # noqa: E402
from table_app.ui.table.drag import Drag  # noqa: E402
from table_app.ui.table.gestures import Gestures  # noqa: E402
from table_app.ui.table.keyboard import TableKeys  # noqa: E402
from table_app.ui.table.layout import compute  # noqa: E402
from table_app.ui.table.presenter import UIState, present  # noqa: E402
from table_app.ui.table.sprites import SpriteLayer  # noqa: E402
from table_app.variants import VARIANTS, find_variant  # noqa: E402
from tests.helpers.table import build_deck  # noqa: E402


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield


def _table(variant="may_i"):
    """A stand-in for the table scene over a May I? deal (seat 0 holds 7♣ 7♦ 7♥ 9♠ 9♥ 9♦
    7♠ 9♣ 2♣ 4♦ and acts first; the upcard is K♥): what ``Gestures`` and ``TableKeys``
    read, and ``act``/``say``/``refresh`` that record."""
    rules = find_variant(variant)({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    eng = Engine(rules, 3, seed=1)
    eng.apply(Deal(1, 2, deck), forced=True)

    def human_to_act():
        ta = eng.to_act()
        return ta[1] if ta is not None and ta[0] == 0 else None
    ui = UIState(names=["You", "Ann", "Boris"], levels=["", "normal", "normal"])
    t = types.SimpleNamespace(
        session=types.SimpleNamespace(human_to_act=human_to_act, spec=VARIANTS[variant],
                                      variant=variant),
        engine=eng, human=0, ui=ui, hand=Arrangement(ui), L=compute((1280, 800), 3, 0, False),
        layer=SpriteLayer(), app=None, said=[], acted=[], want_stock=False, moving=False,
        buttons={})
    t.caught_up = lambda: not t.moving

    def say(msg, bad=False, secs=5.0):
        t.said.append((msg, bad))

    def act(a):
        try:
            eng.apply(a)
        except IllegalActionError as e:
            t.said.append((str(e), True))
            return False
        t.acted.append(a)
        return True

    def refresh():
        t.obs = rules.observe(eng.state, 0)
        t.hand.arrange(list(t.obs.hand), t.gestures.index_at)
        t.hand.read(t.obs)
        t.view = present(t.obs, t.L, t.ui)
        t.layer.speed = 0.0
        t.layer.apply(t.view.placements, lambda p: (p.x, p.y), lambda s: None)
    t.say, t.act, t.refresh = say, act, refresh
    t.gestures = Gestures(t)
    t.keys = TableKeys(t)
    refresh()
    return t


def card(t, code, nth=0):
    f = parse_face(code)
    return [c for c in t.ui.hand_order if c >> 3 == f][nth]


def center(t, zone):
    return t.view.zones[zone].center


def test_a_drag_from_the_piles_is_a_draw_or_the_declaration_for_the_stock():
    t = _table()
    g = t.gestures
    up = t.obs.upcard
    assert g.candidate(Drag([up], "upcard", (0, 0)), "hand", (0, 0)) == ("engine", Draw(0, "discard"))
    # May I?: the stock is drawn only after passing the upcard (the others may buy it)
    assert g.candidate(Drag(["stocktop"], "stock", (0, 0)), "hand", (0, 0)) == (
        "engine", PassUpcard(0))
    assert g.candidate(Drag(["stocktop"], "stock", (0, 0)), "discard", (0, 0)) is None
    g.drop_action(Drag(["stocktop"], "stock", (0, 0), moved=True), "hand", (700, 700))
    assert t.acted == [PassUpcard(0)] and t.want_stock
    assert t.hand.drop_x == 700          # the drawn card will land where it was dropped


def test_drops_of_hand_cards_and_the_refusals_said_here():
    t = _table()
    g = t.gestures
    seven, two = card(t, "7C"), card(t, "2C")
    assert g.candidate(Drag([two], "hand", (0, 0)), "discard", (0, 0)) == (
        "engine", Discard(0, parse_face("2C")))
    kind, why = g.candidate(Drag([seven, two], "hand", (0, 0)), "discard", (0, 0))
    assert kind == "error" and "(CF-11)" in why
    # a refusal said here is not sent to the engine
    g.drop_action(Drag([seven, two], "hand", (0, 0)), "discard", (0, 0))
    assert t.said[-1] == (why, True) and t.acted == []
    # the rules refuse a discard in the draw phase: said with its rule id, nothing moves
    t.hand.drop_x = 5
    g.drop_action(Drag([two], "hand", (0, 0)), "discard", (0, 0))
    assert t.said[-1][1] and "(" in t.said[-1][0] and t.acted == [] and t.hand.drop_x is None
    # while the table is still moving nothing is applied
    t.moving = True
    g.drop_action(Drag([two], "hand", (0, 0)), "discard", (0, 0))
    assert t.said[-1] == ("Wait: the table is still moving", True)


def test_staging_melds_by_drag_and_taking_them_back():
    t = _table()
    g = t.gestures
    sevens = [card(t, c) for c in ("7C", "7D", "7H")]
    kind, fn = g.candidate(Drag(sevens, "hand", (0, 0)), "stage", center(t, "stage"))
    assert kind == "ui"
    t.ui.selected |= set(sevens)
    fn()
    assert t.ui.staged == [sevens] and t.hand.picks == [0] and not t.ui.selected
    nines = [card(t, c) for c in ("9S", "9H")]
    g.candidate(Drag(nines, "hand", (0, 0)), "stage:0", (0, 0))[1]()
    assert t.ui.staged == [sevens + nines]
    # a staged group's card dragged back to the hand; to the group it is in: nothing
    assert g.candidate(Drag([nines[0]], "stage:0", (0, 0)), "stage:0", (0, 0)) is None
    g.candidate(Drag(nines, "stage:0", (0, 0)), "hand", (0, 0))[1]()
    assert t.ui.staged == [sevens]
    t.refresh()
    assert t.ui.stage_note                    # May I? round 1 wants two sets
    gd = t.hand.declarations(0, t.obs.wild_ranks)
    assert isinstance(gd, GoDown) and gd.melds[0].kind == "set"
    t.hand.take_back(0)
    assert t.ui.staged == [] and t.hand.picks == []


def test_a_card_moved_within_the_hand_goes_where_it_is_dropped():
    t = _table()
    g = t.gestures
    order = list(t.ui.hand_order)
    last = order[-1]
    x0 = t.layer.home(order[0])[0]
    g.candidate(Drag([last], "hand", (0, 0)), "hand", (x0 - 5, 700))[1]()
    assert t.ui.hand_order == [last] + order[:-1] and t.hand.sort_mode == ""
    assert g.index_at(order, -100) == 0 and g.index_at(order, 99999) == len(order)


def test_after_going_down_cards_are_laid_off_not_staged():
    t = _table()
    eng = t.engine
    eng.apply(PassUpcard(0))
    for seat in (1, 2):
        eng.apply(PassBuy(seat))
    eng.apply(Draw(0, "stock"))
    t.refresh()
    gd = next(a for a in eng.legal_actions() if isinstance(a, GoDown))
    eng.apply(gd)
    t.refresh()
    g = t.gestures
    two = card(t, "2C")
    kind, why = g.candidate(Drag([two], "hand", (0, 0)), "stage", (0, 0))
    assert kind == "error" and "(CF-7)" in why
    mi = next(i for i, m in enumerate(t.obs.melds) if m.kind == "set")
    kind, a = g.candidate(Drag([two], "hand", (0, 0)), f"meld:{mi}", center(t, f"meld:{mi}"))
    assert kind == "engine" and isinstance(a, LayOff) and a.meld == mi
    # several cards are laid off together now (issue 19), planned on the rules: on the
    # turn of going down May I? refuses it with its own rule (MI-4), said at once
    kind, why = g.candidate(Drag([two, card(t, "4D")], "hand", (0, 0)), f"meld:{mi}", (0, 0))
    assert kind == "error" and "(MI-4)" in why and "one card at a time" not in why


def test_michigan_a_hand_card_dropped_on_the_lead_is_a_lead():
    t = _table()
    t.session.spec = VARIANTS["michigan"]  # the gestures of a layout game
    c = card(t, "2C")
    assert t.gestures.candidate(Drag([c], "hand", (0, 0)), "lead", (0, 0)) == (
        "engine", Lead(0, parse_face("2C")))
    assert t.gestures.candidate(Drag([c], "hand", (0, 0)), "discard", (0, 0)) is None


def test_the_keys_make_their_actions_through_the_same_drops():
    t = _table()
    k = t.keys
    assert k.focus_zones() == ["hand", "stock", "discard", "stage"]
    k.key_action("draw")                 # D: the stock (May I?: pass the upcard first)
    assert t.acted == [PassUpcard(0)] and t.want_stock
    # Space on hand cards picks them up, M puts them in the meld area
    k.set_focus("hand")
    for code in ("7C", "7D", "7H"):
        k.focus_idx = k.hand_cards().index(card(t, code))
        k.activate_focus()
    assert len(t.ui.selected) == 3
    k.key_action("stage")
    assert [sorted(g) for g in t.ui.staged] == [sorted(card(t, c) for c in ("7C", "7D", "7H"))]
    # Enter on the meld area's group takes it back
    k.set_focus("stage", 0)
    k.activate_focus()
    assert t.ui.staged == []
    k.key_action("stage")
    assert t.said[-1] == ("Pick up a card first: Space on a card in your hand", True)


def test_the_hand_sorted_by_suit_and_by_rank_and_new_cards_put_in_place():
    f = parse_face
    cards = [f(c) << 3 for c in ("9D", "2S", "KH", "2C", "JK", "7H")]
    assert [c >> 3 for c in sort_cards(cards, "suit")] == [f(c) for c in ("2S", "7H", "KH", "2C", "9D", "JK")]
    assert [c >> 3 for c in sort_cards(cards, "rank")] == [f(c) for c in ("2S", "2C", "7H", "9D", "KH", "JK")]
    ui = UIState()
    a = Arrangement(ui)
    a.arrange(cards, lambda order, x: 0)
    assert ui.hand_order == sort_cards(cards, "suit")          # a new hand: sorted
    a.reorder([ui.hand_order[-1]], 0)
    arranged = list(ui.hand_order)
    new = f("3S") << 3
    a.arrange(arranged + [new], lambda order, x: 0)
    assert ui.hand_order == arranged + [new]                   # arranged by hand: at the end
    a.sort("rank")
    a.drop_x = 100
    drawn = f("QS") << 3
    a.arrange(ui.hand_order + [drawn], lambda order, x: 2)
    assert ui.hand_order.index(drawn) == 2 and a.drop_x is None and a.sort_mode == ""


def test_where_cards_glide_from_and_to():
    t = _table()
    v, obs = t.view, t.obs
    hand_p = next(p for p in v.placements if p.group == "hand")
    draw = types.SimpleNamespace(type="draw", player=0, source="discard")
    assert spawn_at(hand_p, v, draw) == v.discard_pos
    assert spawn_at(hand_p, v, types.SimpleNamespace(type="draw", player=0, source="stock")) == v.stock_pos
    assert spawn_at(hand_p, v, None) == v.stock_pos
    gone = types.SimpleNamespace(key=hand_p.key, group="hand")
    took = types.SimpleNamespace(type="draw", player=1, source="discard")
    assert sink_at(gone, v, obs, took, 0) == v.seat_pos[1]
    assert sink_at(gone, v, obs, types.SimpleNamespace(type="discard", player=0), 0) is None
    assert sink_at(types.SimpleNamespace(key=("opp", 1, 0), group="opp"), v, obs, took, 0) is None
    # dealing: round the table from the dealer's left, the piles last
    deal = types.SimpleNamespace(type="deal", dealer=2)
    order = t.ui.hand_order
    first, second = (next(p for p in v.placements if p.key == order[i]) for i in (0, 1))
    assert deal_delay(first, deal, order, 0, 3) < deal_delay(second, deal, order, 0, 3)
    pile = next(p for p in v.placements if p.group not in ("hand",) and not isinstance(p.key, tuple))
    assert deal_delay(pile, deal, order, 0, 3) >= deal_delay(second, deal, order, 0, 3)
