"""Issue 7, the table's finish: the work a frame of the table does stays small and bounded
(frame time p99 <= 4 ms at 1920x1080, benchmarks/ui.py).  Counted, never timed: card faces
rendered, whole rebuilds of the background, texts rendered."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Discard, Draw, GoDown, LayOff  # noqa: E402
from table_app.core.cards import parse_face  # noqa: E402
from tests.helpers.table import (
    contract_table,  # noqa: E402
    settle,  # noqa: E402
)


def frame(app, dt=1 / 60):
    """One frame as the benchmark runs it (no clock sleep), the work ahead of need at
    its fixed share (``App.work_ahead`` without a slack: counted, not timed)."""
    for event in pygame.event.get():
        app.handle(event)
    for s in app.stack.updating():
        s.update(dt)
    app.manager.update(dt)
    app.draw()
    app.work_ahead()


def go_down_and_lay_off(app, scene):
    """Take the upcard, go down with two sets, lay off one card: yields after each
    action, once the table has drawn it."""
    s = scene.session
    eng = s.engine
    settle(app, scene)
    scene.act(Draw(0, "discard"))
    frame(app)
    yield
    go = next(a for a in eng.legal_actions() if isinstance(a, GoDown))
    scene.act(go)
    frame(app)
    yield
    lay = next(a for a in eng.legal_actions() if isinstance(a, LayOff))
    scene.act(lay)
    frame(app)
    yield
    scene.act(Discard(0, parse_face("2C")))
    frame(app)
    yield


def test_the_opened_table_has_every_face_it_draws_rendered_ahead():
    from table_app.ui.table.buypanel import BUY_CW
    app, scene, s = contract_table()
    art = app.art
    # the table's opening rendered all 53 faces at the hand's and the melds' widths
    L = scene.L
    for w in (L.cw, L.mw, max(L.mw, int(L.cw * 0.75)), BUY_CW):
        assert all(art.has_face(f, w) for f in range(53)), w
    assert art.queued() == 0
    before = art.faces_rendered
    for _ in go_down_and_lay_off(app, scene):
        for _ in range(30):
            frame(app)
    settle(app, scene)
    for _ in range(5):
        frame(app)
    assert any(isinstance(e, LayOff) for e in s.engine.log)
    assert s.engine.observe(0).melds, "melds are on the table"
    # going down, laying off, discarding and the AI turns drew no face for the first time
    assert art.faces_rendered == before
    assert not scene.images.standins


def test_a_new_window_size_renders_a_few_faces_a_frame_with_stand_ins():
    from table_app.ui.table.felt import FACES_PER_FRAME
    app, scene, s = contract_table()
    settle(app, scene)
    scene.act(Draw(0, "discard"))
    scene.act(next(a for a in s.engine.legal_actions() if isinstance(a, GoDown)))
    for _ in range(5):
        frame(app)
    art = app.art
    app.resize((1920, 1080))
    assert scene.L.cw != 94
    per_frame = []
    for _ in range(400):
        n = art.faces_rendered
        frame(app)
        per_frame.append(art.faces_rendered - n)
        if not scene.busy():
            break
    assert not scene.busy(), "the queue of faces drained and the loop may rest"
    assert max(per_frame) <= FACES_PER_FRAME, per_frame[:10]
    # the cards were shown at once, by stand-ins scaled from the old width, which gave
    # way to the faces rendered at the new one (every card's face at its width; ahead of
    # need only what the card art's bound has room for: ``CardArt.render_queued``)
    shown = {(sp.face, int(round(sp.tw))) for sp in scene.layer.sprites.values()
             if sp.face is not None}
    assert sum(per_frame) >= len(shown) > 10
    assert not scene.images.standins
    assert art.queued() == 0
    for sp in scene.layer.sprites.values():
        if sp.face is not None:
            assert art.has_face(sp.face, int(round(sp.tw)))


def _fresh_still(scene):
    """The still part of the table as a fresh board draws it (nothing kept), with what the
    table has it draw under the cards (the "Your turn" plate)."""
    from table_app.ui.table.board import Board
    b = Board()
    b.layer, b.images = scene.board.layer, scene.board.images
    turn = scene.caught_up() and scene.session.human_to_act() in ("draw", "play", "lead")
    h = scene.current_hint()
    b.draw(pygame.Surface(scene.app.size), scene.app.art, scene.app.settings, scene.view,
           turn=turn, selected=scene.ui.selected, lift=scene.ui.lift,
           hinted=h.cards if h is not None else (), under_cards=scene.gestures.draw_lit,
           under_key=scene.gestures.lit_key(), labels=scene._drawn_labels(),
           plates=scene._plates())
    return pygame.image.tobytes(b._still, "RGB")


def test_the_background_is_patched_not_rebuilt_when_melds_change():
    app, scene, s = contract_table()
    frame(app)
    W, H = app.screen.get_size()
    b = scene.board
    builds, patches, felts = b.still_builds, b.still_patches, scene.felt.builds
    checked = 0
    for _ in go_down_and_lay_off(app, scene):
        assert pygame.image.tobytes(b._still, "RGB") == _fresh_still(scene)
        checked += 1
    # going down added the melds' boxes, the lay-off grew one: painted in place (going
    # down moves a dozen cards: that picture may be drawn whole), the felt never
    # painted again
    assert checked == 4
    assert scene.felt.builds == felts
    assert b.still_patches > patches and b.still_builds <= builds + 1


def test_a_new_window_size_paints_the_background_whole():
    app, scene, s = contract_table()
    frame(app)
    builds = scene.felt.builds
    app.resize((1024, 700))
    frame(app)
    assert scene.felt.builds == builds + 1
    assert scene.felt.raw.get_size() == app.screen.get_size()


def test_texts_are_measured_without_rendering_and_kept():
    from table_app.ui.table import text
    app, scene, s = contract_table()
    settle(app, scene)
    frame(app)
    # a frame that shows nothing new renders no text and no label
    r0 = text.render.cache_info().misses
    s0 = text._shadowed.cache_info().misses
    p0 = text._plate.cache_info().misses
    frame(app)
    assert text.render.cache_info().misses == r0
    assert text._shadowed.cache_info().misses == s0
    assert text._plate.cache_info().misses == p0
    # a long new status line is wrapped by measuring it: only the lines drawn are rendered
    long = " ".join(f"word{i} ♠" for i in range(40))
    scene.narrator.last_text = lambda upto: long
    s.human_to_act = lambda: None
    s.ai_to_act = lambda: None
    surf = pygame.Surface(app.screen.get_size())
    r0 = text.render.cache_info().misses
    scene.draw_banner(surf)
    drawn = scene.banner.plan[1]      # (the heading in two lines, the status in three)
    assert len(drawn) <= 5 and text.render.cache_info().misses - r0 <= len(drawn)


def test_text_width_is_the_rendered_width():
    from table_app.ui.table import text
    pygame.init()
    for t in ("Your turn: drag the upcard", "Ann discards 7♠ and 10♥", "Викликати 10 ♦ +1", "",
              "♣"):
        for size in (12, 16):
            for bold in (False, True):
                for col in ((240, 240, 230), (20, 20, 20)):
                    assert text.width(t, size, col, bold) == text.render(t, size, col, bold).get_width()
    assert text.render_shadowed("x", 14) is text.render_shadowed("x", 14, [245, 245, 235])
    assert text.plate("x", 14) is text.plate("x", 14)


def _full_draw(scene, size):
    """The board drawn afresh, nothing kept (the reference picture)."""
    from table_app.ui.table.board import Board
    surf = pygame.Surface(size)
    b = Board()
    b.layer, b.felt, b.images = scene.board.layer, type(scene.board.felt)(), scene.board.images
    b.draw(surf, scene.app.art, scene.app.settings, scene.view,
           selected=scene.ui.selected, lift=scene.ui.lift, labels=scene._drawn_labels())
    return pygame.image.tobytes(surf, "RGB")


def test_a_still_table_is_one_kept_picture_and_a_change_repaints_only_its_places():
    """Issue 17: a still table's felt, cards and labels are kept in one surface and
    blitted whole (a still 8-seat table drew ~150 blits a frame); a change (a card picked
    up, a card dragged away) repaints only its places on it; every picture is the same
    as a fresh draw."""
    app, scene, s = contract_table()
    settle(app, scene)
    b = scene.board
    surf = pygame.Surface(app.size)

    def draw():
        b.draw(surf, app.art, app.settings, scene.view, selected=scene.ui.selected,
               lift=scene.ui.lift, labels=scene._drawn_labels())
        return pygame.image.tobytes(surf, "RGB")
    first = draw()
    hits, builds = b.still_hits, b.still_builds
    for _ in range(3):
        assert draw() == first
    assert b.still_hits == hits + 3 and b.still_builds == builds
    assert first == _full_draw(scene, app.size)
    # a card picked up: its place repainted on the kept picture, not the whole of it
    card = next(p.key for p in scene.view.placements if p.group == "hand")
    scene.ui.selected = {card}
    patches = b.still_patches
    changed = draw()
    assert changed != first and b.still_patches == patches + 1 and b.still_builds == builds
    assert changed == _full_draw(scene, app.size)
    # a dragged card is drawn over the kept picture, which shows the table without it
    scene.ui.selected = set()
    sp = scene.layer.sprites[card]
    sp.dragging = True
    sp.x += 300
    dragged = draw()
    assert b.still_builds == builds and all(it[0] != card for it in b._still_items)
    assert dragged == _full_draw(scene, app.size)
    sp.dragging = False
    sp.x -= 300
    assert draw() == first


def test_the_faces_the_still_picture_shows_are_pinned_and_never_let_go():
    """#17: the table's still picture draws its faces once, so in the card art's cache
    they looked least recently used and went first when the cache was full; each was
    then rendered again when a change near it was painted, letting the next go.  They
    are pinned (``CardArt.pin_faces``) while the table shows them."""
    app, scene, s = contract_table(size=(1920, 1080))
    settle(app, scene)
    scene.act(Draw(0, "discard"))
    scene.act(next(a for a in s.engine.legal_actions() if isinstance(a, GoDown)))
    for _ in range(40):
        frame(app)
    art = app.art
    shown = {(sp.face, int(round(sp.tw))) for sp in scene.layer.sprites.values()
             if sp.face is not None}
    assert len(shown) > 10 and art.pinned_faces == len(shown)
    # a full cache, the table's faces its least recently used: 120 faces at other widths
    from table_app.ui.cardart import card_size
    room = sum(card_size(w)[0] * card_size(w)[1] * 4 for _, w in shown) + (1 << 20)
    art._cache.max_bytes = room
    art.trim(room)
    for i in range(120):
        art.face(i % 53, 40 + i // 53)
        assert art.cache_bytes <= room
    assert all(art.has_face(f, w) for f, w in shown), "a face on the table was let go"
    n = art.faces_rendered
    for _ in range(30):
        frame(app)
    assert art.faces_rendered == n, "the table's faces were rendered again"
    assert pygame.image.tobytes(scene.board._still, "RGB") == _fresh_still(scene)
    # the closed table's faces go like any
    scene.shutdown()
    assert art.pinned_faces == 0


def test_the_opened_table_renders_its_faces_first_when_the_cache_cannot_hold_every_width(
        monkeypatch):
    """#17: at 1920x1080 a table's widths hold more faces than the card art's bound; the
    opening rendered the first width's 53 faces and the backs, and the faces on the
    table at the other widths (let go, or with no room left) were rendered a few a frame
    after it, the idle table's slowest frames.  The faces on the table come first."""
    from table_app.ui.cardart import CardArt
    monkeypatch.setattr(CardArt, "MAX_BYTES", 4 << 20)
    app, scene, s = contract_table(size=(1920, 1080))
    art = app.art
    assert art.max_bytes == 4 << 20
    shown = {(sp.face, int(round(sp.tw))) for sp in scene.layer.sprites.values()
             if sp.face is not None}
    widths = {w for _, w in shown}
    assert len(shown) >= 10 and widths, shown
    assert all(art.has_face(f, w) for f, w in shown)
    n = art.faces_rendered
    for _ in range(30):
        frame(app)
    assert art.faces_rendered == n, "faces on the table were rendered after the opening"
    assert art.cache_bytes <= art.max_bytes


def _drag_out_and_back(app, start, away, midway=None):
    """A hand card at ``start`` pressed, dragged to ``away`` (two frames there), then
    ``midway()``, back to ``start`` and let go, and 30 frames for it to settle."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frame(app)
    for p in (away, away):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        frame(app)
    if midway is not None:
        midway()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    frame(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    for _ in range(30):
        frame(app)


def test_a_drag_s_start_and_end_swap_in_the_other_still_picture():
    """Issue 17: a drag lights its places as it starts and puts them out as it ends
    (a third of the window patched, 2-3 ms at 8 seats): the still picture of the other
    side is kept, and the next drags' starts and ends swap it in; every picture is the
    one a fresh draw makes; the other picture goes once no drag lit anything for
    ``ALT_DRAWS`` draws."""
    from table_app.ui.table import board as board_mod
    from tests.helpers.table import point_of, step
    app, scene, s = contract_table()
    settle(app, scene)
    frame(app)
    b = scene.board
    card = next(p.key for p in scene.view.placements if p.group == "hand")
    start = point_of(scene, card)
    away = (start[0], start[1] - 250)
    seen = []
    def lit():
        assert scene.gestures.lit_key()                     # places lit
        assert pygame.image.tobytes(b._still, "RGB") == _fresh_still(scene)

    for _round in range(3):
        _drag_out_and_back(app, start, away, midway=lit)
        assert not scene.gestures.lit_key()
        assert pygame.image.tobytes(b._still, "RGB") == _fresh_still(scene)
        seen.append(b.still_swaps)
    assert seen[0] >= 1                    # the first drag's end already swaps back
    assert seen[2] - seen[1] >= 2          # a later drag: its start and its end
    assert b._alt is not None
    for _ in range(board_mod.ALT_DRAWS + 1):
        frame(app)
    assert b._alt is None                  # let go after the drags
    step(app, 1)


def test_the_turn_plate_coming_or_going_repaints_nothing_kept_and_drags_still_swap():
    """The "Your turn" plate is drawn over the kept still picture (and the still cards
    in its place over it again), not in it: the plate coming or going patches nothing,
    so the picture kept for the other side of a drag still swaps in (issue #17: the
    first drag of a turn, begun before the plate came, patched the hand's lit place at
    its end and its next start, 1.5 ms each); and the screen has the pixels of a table
    painted with the plate under the cards."""
    from table_app.ui.table.board import Board
    from tests.helpers.table import point_of
    app, scene, s = contract_table()
    settle(app, scene)
    scene.cue.t = 0.0                        # no pulsing ring over the hand
    frame(app)
    assert scene._plates()
    b = scene.board
    card = next(p.key for p in scene.view.placements if p.group == "hand")
    start = point_of(scene, card)
    away = (start[0], start[1] - 250)

    def drag():
        _drag_out_and_back(app, start, away)

    drag()
    kept = (b.still_builds, b.still_patches)
    plates = scene._plates()
    scene._plates = lambda: ()               # the plate goes (as before the turn's cue) ...
    frame(app)
    assert (b.still_builds, b.still_patches) == kept
    del scene._plates                        # ... and comes
    frame(app)
    assert scene._plates() == plates and (b.still_builds, b.still_patches) == kept
    swaps = b.still_swaps
    drag()
    assert b.still_swaps - swaps >= 2        # its start and its end swapped
    # the screen, against a board that paints everything now with the plate under
    # the cards (nothing kept: ``under_key`` None)
    fresh = Board()
    fresh.layer, fresh.images = b.layer, b.images
    surf = pygame.Surface(app.size)
    fresh.draw(surf, app.art, app.settings, scene.view, turn=True, selected=scene.ui.selected,
               lift=scene.ui.lift, under_cards=scene.gestures.draw_lit, under_key=None,
               labels=scene._drawn_labels(), plates=scene._plates())
    (_key, img, pos), = scene._plates()
    r = img.get_rect(topleft=pos).inflate(40, 40)
    assert (pygame.image.tobytes(app.screen.subsurface(r), "RGB")
            == pygame.image.tobytes(surf.subsurface(r), "RGB"))
