"""The hand at the table, headless: the focused or lifted card is drawn over its
neighbours, every card keeps its index showing, cards clicked in quick succession are the
ones seen, a card drawn or moved by dragging lands where it is dropped (and opens a gap
there first), and the hand's order survives quit and resume."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import (  # noqa: E402
    Scripted,
    drag,
    draw_from_stock,
    hand_card,
    may_i_table,
    point_of,
    settle,
    stage,
)


# ---------------------------------------------------------------- 2: the focused card on top
def _drawn_after(scene, a, b) -> bool:
    order = [s.key for s in scene.layer.ordered()]
    return order.index(a) > order.index(b)


def _right_neighbour(scene, c):
    hand = [p.key for p in sorted((p for p in scene.view.placements if p.group == "hand"),
                                  key=lambda p: p.x)]
    return hand[hand.index(c) + 1]


def test_the_focused_hand_card_is_drawn_over_its_neighbours_the_hovered_one_is_not():
    from tests.helpers.table import click, key, step
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    # the keyboard focus on the hand's second card
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    app.draw()
    assert scene.keys.focus_zone == "hand" and scene.keys.focus_shown
    c = scene.keys.focused()
    assert _drawn_after(scene, c, _right_neighbour(scene, c))
    # a selected (lifted) card is not drawn over its neighbour (its index shows)
    scene.keys.focus_shown = False
    c2 = hand_card(scene, "9H")
    click(app, point_of(scene, c2))
    assert c2 in scene.ui.selected
    scene.gestures.hovered = None
    app.draw()
    assert not _drawn_after(scene, c2, _right_neighbour(scene, c2))
    # the card under the mouse is not raised: nothing moves under the pointer
    c3 = hand_card(scene, "7D")
    nb = _right_neighbour(scene, c3)
    before = {k: sp.rect().topleft for k, sp in scene.layer.sprites.items()}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point_of(scene, c3), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app, 20)
    assert not _drawn_after(scene, c3, nb)
    assert {k: sp.rect().topleft for k, sp in scene.layer.sprites.items()} == before


def test_cards_clicked_in_quick_succession_where_they_were_seen_are_picked():
    # a tester clicked three hand cards 0.4 s apart where the hand showed them: only one
    # ended selected (the hovered card was raised and the hand made way under the pointer)
    from tests.helpers.table import step
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    row = [p.key for p in sorted(scene.view.placements, key=lambda p: p.x) if p.group == "hand"]
    want = row[2:5]
    pts = [point_of(scene, k) for k in want]   # as the player sees them, before clicking
    for p in pts:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
        step(app, 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
        step(app, 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
        step(app, 18)
    assert scene.ui.selected == set(want)


# ---------------------------------------------------------------- 3: a drawn card lands where dropped
def _between(scene, i):
    """A point of the hand between the middles of its i-th and (i+1)-th cards."""
    ps = sorted((p for p in scene.view.placements if p.group == "hand"), key=lambda p: p.x)
    a, b = ps[i], ps[i + 1]
    return (int((a.x + a.w / 2 + b.x + b.w / 2) / 2), int(b.y + b.w * 0.7))


@pytest.mark.parametrize("source", ["upcard", "stock"])
def test_a_card_drawn_by_dragging_lands_where_it_is_dropped(source):
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    before = list(scene.ui.hand_order)
    src = s.engine.observe(0).upcard if source == "upcard" else "stocktop"
    at = 1 if source == "upcard" else 6
    drag(app, point_of(scene, src), _between(scene, at))
    settle(app, scene)
    assert s.human_to_act() == "play"
    new = [c for c in scene.ui.hand_order if c not in before]
    assert len(new) == 1
    assert scene.ui.hand_order.index(new[0]) == at + 1, (scene.ui.hand_order, new)
    assert [c for c in scene.ui.hand_order if c != new[0]] == before


def test_a_card_moved_in_the_hand_lands_where_dropped_while_cards_are_staged():
    # a tester: with A A A staged, 8 dragged to the far left landed fourth (one place
    # further right per staged card: staged cards counted as lying left of the drop)
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    stage(app, scene, ["7C", "7D", "7H"])
    settle(app, scene)
    shown = [p for p in sorted(scene.view.placements, key=lambda p: p.x) if p.group == "hand"]
    last = shown[-1]
    first = shown[0]
    drag(app, point_of(scene, last.key), (int(first.x + 2), int(first.y + first.w * 0.7)))
    settle(app, scene)
    row = [p.key for p in sorted(scene.view.placements, key=lambda p: p.x) if p.group == "hand"]
    assert row[0] == last.key, (row, last.key)
    assert len(scene.ui.staged) == 1 and len(scene.ui.staged[0]) == 3


def _motion(app, pos, pressed=True):
    from tests.helpers.table import step
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1 if pressed else 0, 0, 0)))
    step(app, 2)


def test_a_card_dragged_in_the_hand_opens_a_gap_where_it_will_land():
    # a tester: while a card was dragged within the hand no gap opened; the hand's cards
    # now glide to where the drop will put them (staged cards not counted, as the drop)
    from tests.helpers.table import step
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    draw_from_stock(app, scene)
    stage(app, scene, ["7C", "7D", "7H"])
    settle(app, scene)
    shown = [p for p in sorted(scene.view.placements, key=lambda p: p.x) if p.group == "hand"]
    home = {p.key: p.x for p in shown}
    moved = shown[1].key
    rest = [p.key for p in shown if p.key != moved]
    a, b = point_of(scene, moved), _between(scene, 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    _motion(app, ((a[0] + b[0]) // 2, b[1]))
    _motion(app, b)
    during = {k: scene.layer.sprites[k].tx for k in rest}
    assert during != {k: home[k] for k in rest}          # the hand made way
    # off the hand (over the meld area) the gap closes: every card back in its place
    st = scene.view.zones["stage"]
    _motion(app, (st.right - 40, st.centery))
    assert {k: scene.layer.sprites[k].tx for k in rest} == pytest.approx({k: home[k] for k in rest})
    _motion(app, b)
    assert {k: scene.layer.sprites[k].tx for k in rest} == pytest.approx(during)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app, 2)
    settle(app, scene)
    after = {p.key: p.x for p in scene.view.placements if p.group == "hand"}
    row = [p.key for p in sorted(scene.view.placements, key=lambda p: p.x) if p.group == "hand"]
    assert row.index(moved) == 5                          # dropped after the 6th card shown
    # the gap was where the card landed: the others were already where they stay
    assert during == pytest.approx({k: after[k] for k in rest})
    assert all(abs(x - after[moved]) > 1 for x in during.values())
    assert {k: scene.layer.sprites[k].tx for k in row} == pytest.approx(after)
    assert len(scene.ui.staged) == 1 and len(scene.ui.staged[0]) == 3
    # hovering (no button held) still moves nothing
    before = {k: sp.rect().topleft for k, sp in scene.layer.sprites.items()}
    _motion(app, point_of(scene, row[3]), pressed=False)
    step(app, 20)
    assert {k: sp.rect().topleft for k, sp in scene.layer.sprites.items()} == before


def _hand_tx(scene, keys):
    return {k: scene.layer.sprites[k].tx for k in keys}


@pytest.mark.parametrize("source", ["upcard", "stock"])
def test_a_card_drawn_by_dragging_opens_a_gap_where_it_will_land(source):
    # a tester: drawing by dragging a card over the hand opened no gap (only a card moved
    # within the hand did); the hand's cards now glide to where they will be once the
    # drawn card is dropped there, staged cards not counted (as the drop)
    from tests.helpers.table import step
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    assert s.human_to_act() == "draw"
    stage(app, scene, ["7C", "7D", "7H"])              # staged before drawing
    settle(app, scene)
    home = {p.key: p.x for p in scene.view.placements if p.group == "hand"}
    row = sorted(home, key=home.get)
    src = s.engine.observe(0).upcard if source == "upcard" else "stocktop"
    a, b = point_of(scene, src), _between(scene, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    _motion(app, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
    _motion(app, b)
    during = _hand_tx(scene, row)
    assert during != pytest.approx(home)                 # the hand made way
    # off the hand (over the meld area) the gap closes, back over it it opens again
    st = scene.view.zones["stage"]
    _motion(app, (st.right - 40, st.centery))
    assert _hand_tx(scene, row) == pytest.approx(home)
    _motion(app, b)
    assert _hand_tx(scene, row) == pytest.approx(during)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app, 2)
    settle(app, scene)
    assert s.human_to_act() == "play"
    after = {p.key: p.x for p in scene.view.placements if p.group == "hand"}
    new = [k for k in after if k not in home]
    assert len(new) == 1
    shown = sorted(after, key=after.get)
    assert shown.index(new[0]) == 4                      # dropped after the 4th card shown
    # the gap was exactly where the drawn card landed: the others were already in place
    assert during == pytest.approx({k: after[k] for k in row})
    assert all(abs(x - after[new[0]]) > 1 for x in during.values())
    assert len(scene.ui.staged) == 1 and len(scene.ui.staged[0]) == 3


def test_a_refused_or_cancelled_draw_by_dragging_leaves_the_hand_in_place():
    # drawing is not legal now (the card is drawn): no gap opens, the card snaps back and
    # the hand stays; a draw cancelled with Esc closes its gap; hovering moves nothing
    from tests.helpers.table import key, step
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    home = {p.key: p.x for p in scene.view.placements if p.group == "hand"}
    row = list(home)
    a, b = point_of(scene, "stocktop"), _between(scene, 3)
    stock = scene.layer.sprites["stocktop"].tx, scene.layer.sprites["stocktop"].ty
    # cancelled: the gap opened, Esc closes it and the card goes back
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    _motion(app, b)
    assert _hand_tx(scene, row) != pytest.approx(home)
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert scene.gestures.dragger.drag is None and s.human_to_act() == "draw"
    assert _hand_tx(scene, row) == pytest.approx(home)
    assert (scene.layer.sprites["stocktop"].tx, scene.layer.sprites["stocktop"].ty) == stock
    # refused: with the card drawn, a second draw is not legal
    draw_from_stock(app, scene)
    home = {p.key: p.x for p in scene.view.placements if p.group == "hand"}
    row = list(home)
    n = len(s.engine.log)
    a, b = point_of(scene, "stocktop"), _between(scene, 3)
    stock = scene.layer.sprites["stocktop"].tx, scene.layer.sprites["stocktop"].ty
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    _motion(app, b)
    assert scene.gestures.dragger.active
    assert _hand_tx(scene, row) == pytest.approx(home)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app, 2)
    settle(app, scene)
    assert len(s.engine.log) == n
    assert {p.key: p.x for p in scene.view.placements if p.group == "hand"} == pytest.approx(home)
    assert _hand_tx(scene, row) == pytest.approx(home)
    assert (scene.layer.sprites["stocktop"].tx, scene.layer.sprites["stocktop"].ty) == stock
    # hovering over the hand (no button held) moves nothing
    before = {k: sp.rect().topleft for k, sp in scene.layer.sprites.items()}
    _motion(app, b, pressed=False)
    step(app, 20)
    assert {k: sp.rect().topleft for k, sp in scene.layer.sprites.items()} == before


def test_a_pile_card_covered_by_a_discard_does_not_fly_to_a_seat():
    # a tester: when a seat acted, a face-up card from under the discard pile's top flew
    # to it (the pile shows its top three; the one that left the window was sent to the
    # actor's seat like a card that seat took)
    import types
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    pile = list(scene.obs.discard_pile)
    assert pile
    scene.cur_event = types.SimpleNamespace(type="discard", player=1)
    under = types.SimpleNamespace(key=pile[0], group="pilebed")
    from table_app.ui.table.board import sink_at
    assert sink_at(under, scene.view, scene.obs, scene.cur_event, scene.human) is None
    # a card that left the pile (taken by seat 1) still flies to seat 1
    gone = next(c for c in scene.ui.hand_order)  # any card not in the pile
    assert gone not in pile
    taken = types.SimpleNamespace(key=gone, group="upcard")
    assert sink_at(taken, scene.view, scene.obs, scene.cur_event, scene.human) == scene.view.seat_pos[1]


# ---------------------------------------------------------------- 4: the hand order survives a resume
def test_the_hand_order_survives_quit_and_resume():
    from table_app.storage.handorder import load_hand_order, side_path
    from table_app.storage.library import Library
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from tests.helpers.table import card_drag_to_zone
    app = App((1280, 800), headless=True, instant=True)
    s = GameSession("may_i", 3, seed=11)            # autosaved (TABLE_APP_HOME: tmp)
    s.players = {1: Scripted(), 2: Scripted()}
    scene = TableScene(s)
    app.push(scene)
    settle(app, scene)
    assert s.journal is not None
    # arrange the hand: the rightmost card to the left end, then the third to the right end
    ps = sorted((p for p in scene.view.placements if p.group == "hand"), key=lambda p: p.x)
    drag(app, point_of(scene, ps[-1].key), (int(ps[0].x + 3), int(ps[0].y + ps[0].w)))
    ps = sorted((p for p in scene.view.placements if p.group == "hand"), key=lambda p: p.x)
    drag(app, point_of(scene, ps[2].key), (int(ps[-1].x + ps[-1].w - 3), int(ps[-1].y + ps[-1].w)))
    arranged = list(scene.ui.hand_order)
    assert arranged != scene.hand.sorted(arranged)
    # a further action: draw (dropped at the right end), the order kept
    if s.human_to_act() == "draw":
        drag(app, point_of(scene, "stocktop"), (int(ps[-1].x + ps[-1].w - 3), int(ps[-1].y + ps[-1].w)))
        settle(app, scene)
    order = list(scene.ui.hand_order)
    assert order[:len(arranged)] == arranged
    path = s.journal.path
    assert side_path(path).is_file()
    assert load_hand_order(path, 0)[0] == order
    # quit (the app closes the session) and resume
    app.stack.clear()
    s.close()
    res = Library().resume()
    assert res is not None
    s2 = GameSession.from_resumed(res)
    app2 = App((1280, 800), headless=True, instant=True)
    scene2 = TableScene(s2)
    app2.push(scene2)
    settle(app2, scene2)
    assert scene2.ui.hand_order == order
    # and on: a discard, the rest of the order kept and saved
    if s2.human_to_act() == "play":
        card = order[3]
        card_drag_to_zone(app2, scene2, _code(card), "discard")
        settle(app2, scene2)
        assert load_hand_order(path, 0)[0][:5] == [c for c in order if c != card][:5]
    app2.stack.clear()
    s2.close()


def _code(card):
    from table_app.core.cards import FACE_TEXT
    return FACE_TEXT[card >> 3]


# ---------------------------------------------------------------- every hand card stays known
def _hidden_indexes(app, scene):
    """The hand cards whose top-left index corner (as the card art draws it) another
    card drawn over it covers, or the focus outline round the focused card (a
    play-tester read the 10♣ right of a focused 9♠ as "0"), as the player sees the
    table once it has settled."""
    app.draw()
    scene.layer.finish()
    large = bool(getattr(app.settings, "large_index", False))
    order = [s for s in scene.layer.ordered() if not s.dying]
    # the keyboard's focus outline round the focused card (drawn over every card)
    from table_app.ui.table.keyboard import RING_REACH
    keys = scene.keys
    ring = None
    if keys.focus_shown and keys.focus_zone == "hand" and keys.focus_rect() is not None:
        ring = keys.focus_rect().inflate(2 * RING_REACH, 2 * RING_REACH)
    out = []
    for i, s in enumerate(order):
        if s.group != "hand":
            continue
        ir = app.art.index_rect(s.face, int(round(s.tw)), large).move(s.rect().topleft)
        if any(o.rect().colliderect(ir) for o in order[i + 1:]):
            out.append(s.key)
        elif ring is not None and s.key != keys.focused() and ring.colliderect(ir):
            out.append(s.key)
    return out


def _every_card_raised_in_turn(app, scene):
    hand = scene.keys.hand_cards()
    assert len(hand) >= 8
    for c in hand:
        # under the mouse: nothing raised, nothing hidden
        scene.keys.focus_shown = False
        scene.gestures.hovered = c
        assert _hidden_indexes(app, scene) == [], (c, "hovered")
    scene.gestures.hovered = None
    scene.keys.focus_shown, scene.keys.focus_zone = True, "hand"
    for i, c in enumerate(scene.keys.focus_items("hand")):
        scene.keys.focus_idx = i
        assert scene.keys.focused() == c
        assert _hidden_indexes(app, scene) == [], (c, "focused")
        assert scene.layer.ordered()[-1].key == c
    scene.keys.focus_shown = False
    assert _hidden_indexes(app, scene) == []


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_every_hand_card_keeps_its_index_when_one_is_focused_or_hovered(size):
    from table_app.ui.table.session import GameSession  # noqa: F401
    from table_app.variants import find_variant
    from tests.helpers.table import Deal, build_deck, make_table
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D", "QH"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H", "KD"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C", "KH"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    app, scene, s = make_table("may_i", 3, Deal(1, 2, deck), {1: Scripted(), 2: Scripted()}, size=size)
    draw_from_stock(app, scene)
    # a selected card too: it is lifted, not drawn over its neighbour
    scene.ui.selected = {hand_card(scene, "9H")}
    scene.refresh()
    _every_card_raised_in_turn(app, scene)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_michigan_lifted_leads_leave_every_index_showing(size):
    from tests.helpers.table import Deal, build_deck, make_table
    human = ["2S", "4S", "6S", "2H", "4H", "6H", "2D", "4D", "6D", "2C", "4C", "6C", "8C"]
    allc = [r + su for su in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    rest = [c for c in allc if c not in human]
    deck = build_deck(list(range(52)), [human, rest[:13], rest[13:26], rest[26:]], [])
    app, scene, s = make_table("michigan", 3, Deal(1, 2, deck), {1: Scripted(), 2: Scripted()}, size=size)
    settle(app, scene)
    assert s.human_to_act() == "lead"
    assert len(scene.ui.lift) >= 4
    assert _hidden_indexes(app, scene) == []
    _every_card_raised_in_turn(app, scene)
