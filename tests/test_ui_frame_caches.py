"""Issue 17, the real app's memory and frames: what a frame keeps and makes stays small
(bounded in bytes), and what is drawn a cheaper way has the pixels of the old way.
Counted and compared, never timed."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")
from tests.helpers.table import open_deal_end  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _noise(size, seed=1) -> pygame.Surface:
    rnd = random.Random(seed)
    s = pygame.Surface(size)
    for y in range(size[1]):
        for x in range(size[0]):
            s.set_at((x, y), (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)))
    return s


# ---------------------------------------------------------------------- overlays
@pytest.mark.parametrize("dim", [0, 90, 130, 140, 150, 255])
def test_an_overlay_darkens_in_place_as_a_black_shade_did(dim):
    """The overlays darkened the table with a window-sized shade made every frame (8 MiB
    at 1920x1080); ``darken`` multiplies in place: the same pixels, within one level."""
    from table_app.ui.scene import darken
    base = _noise((64, 40))
    old = base.copy()
    shade = pygame.Surface(old.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, dim))
    old.blit(shade, (0, 0))
    new = base.copy()
    darken(new, dim)
    a, b = pygame.image.tobytes(old, "RGB"), pygame.image.tobytes(new, "RGB")
    assert max(abs(x - y) for x, y in zip(a, b)) <= 1


def test_the_overlay_panel_is_kept_once_within_its_bytes():
    from table_app.ui import scene
    scene.forget_overlay_panels()
    surf = pygame.Surface((800, 600))
    p = pygame.Rect(100, 80, 400, 300)
    scene.draw_overlay_panel(surf, p)
    kept = scene.overlay_panel(p.size)
    scene.draw_overlay_panel(surf, p)
    assert scene.overlay_panel(p.size) is kept      # not made again each frame
    for w in range(300, 700, 20):
        scene.overlay_panel((w, 400))
        cache = scene._panel_cache()
        assert cache.bytes <= scene.PANEL_BYTES
    scene.forget_overlay_panels()
    assert len(scene._panel_cache()) == 0
    # the panel over a darkened scene: its fill where it is, the darkened scene outside
    surf.fill((200, 200, 200))
    scene.draw_overlay_panel(surf, p, dim=130)
    assert surf.get_at((10, 10))[:3] == (98, 98, 98)
    inner = surf.get_at(p.center)[:3]
    assert abs(inner[0] - 14) <= 6 and abs(inner[1] - 44) <= 6


# ---------------------------------------------------------------------- allocator
def test_the_allocator_is_tuned_on_glibc_only(monkeypatch):
    import platform

    from table_app.ui import app
    if platform.libc_ver()[0] == "glibc":
        assert app.tune_allocator() is True
    monkeypatch.setattr(platform, "libc_ver", lambda *a, **k: ("", ""))
    assert app.tune_allocator() is False


# ---------------------------------------------------------------------- card images
def test_the_card_art_stays_within_its_bytes_and_the_table_s_images_follow_it():
    """The card art's cache is bounded in bytes (every width's faces, the backs); the
    table's card images are the art's own surfaces, so when the art lets one go
    (``CardArt.evict_hooks``) the table's cache lets it go too: nothing the art's bound
    let go stays alive in it."""
    import gc

    from table_app.ui.cardart import CardArt, surface_bytes
    from table_app.ui.table.felt import CardImages
    art = CardArt(max_bytes=1 << 20)
    imgs = CardImages()
    for w in (40, 50, 60, 70, 80):
        for face in range(53):
            imgs.get(art, face, w, False, False, "blue")
            assert art.cache_bytes <= art.max_bytes
    assert art._cache.evicted > 0
    # every image the table keeps is one the art keeps (no stand-ins here)
    kept = {id(s) for s in art._cache.values()}
    assert imgs.cache and all(id(s) in kept for s in imgs.cache.values())
    own = sum(surface_bytes(s) for s in imgs.cache.values())
    assert own <= art.max_bytes
    # trimmed (a closed scene's), the table's cache follows; cleared, it empties
    art.trim(art.max_bytes // 4)
    assert art.cache_bytes <= art.max_bytes // 4
    kept = {id(s) for s in art._cache.values()}
    assert all(id(s) in kept for s in imgs.cache.values())
    art.clear()
    assert len(imgs.cache) == 0
    # the hook is held weakly: a closed table's cache goes with it
    del imgs
    gc.collect()
    art.face(1, 40)
    art.trim(0)
    assert art.evict_hooks == []


def test_a_closed_overlay_s_panel_is_let_go():
    from table_app.storage.settings import Settings
    from table_app.ui import scene
    from table_app.ui.app import App
    from table_app.ui.scenes.scores import Overlay
    app = App((1024, 640), headless=True, instant=True, settings=Settings())
    app.release_on_close = True         # as a real window's app
    scene.forget_overlay_panels()
    app.push(scene.Scene())
    ov = app.push(Overlay())
    ov.draw = lambda surf: ov.draw_panel(surf, "x")
    app.step(dt=0.016)
    assert len(scene._panel_cache()) == 1
    app.pop()
    app.step(dt=0.016)
    assert len(scene._panel_cache()) == 0
    app.stack.clear()


# ---------------------------------------------------------------------- the deal's end
def _table_at_deal_end(n=8, size=(1920, 1080)):
    import random

    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from tests.helpers.players import choose
    app = App(size, headless=True, instant=True, settings=Settings())
    s = GameSession("contract", n, seed=4, autosave=False)
    scene = app.push(TableScene(s))
    app.step(0.02)
    rng = random.Random(4)
    eng = s.engine
    while not s.deal_due() and not s.game_over():
        eng.apply(choose(eng, rng))
    return app, scene, s


def test_the_deal_end_made_ahead_over_frames_is_the_one_drawn_at_once():
    """Issue 17: the deal end's first frame rendered every hand's faces and texts at
    once (30-60 ms at 8 seats); the table makes its picture ahead, a bounded share a
    frame, while it plays the last moves.  The picture made so equals the one drawn at
    once, pixel for pixel, and the deal-end screen shows it."""
    from table_app.ui.scenes.scores import deal_end_picture
    from table_app.ui.table.ahead import FACES_PER_FRAME, DealEndAhead
    app, scene, s = _table_at_deal_end()
    art = app.art
    ahead = DealEndAhead()
    steps = []
    for _ in range(200):
        before = art.faces_rendered
        if not ahead.tick(scene) and ahead.key is not None and ahead.ready() and not ahead.texts:
            break
        steps.append(art.faces_rendered - before)
    assert ahead.ready() and len(ahead.rows) == 8
    assert max(steps) <= FACES_PER_FRAME      # a frame's share, never all of it
    assert len(steps) >= len(ahead.rows) + 1
    u = getattr(app, "ui_scale", 1.0)
    at_once, notes = deal_end_picture(ahead.size, ahead.rows, art, app.settings, u)
    assert pygame.image.tobytes(ahead.picture, "RGBA") == pygame.image.tobytes(at_once, "RGBA")
    assert ahead.drawn == notes
    # the table's own: taken by the deal-end screen when it opens
    scene.ahead = ahead
    top = open_deal_end(app)
    app.step(0.02)
    assert top.picture is not None
    assert pygame.image.tobytes(top.picture, "RGBA") == pygame.image.tobytes(at_once, "RGBA")
    assert top.drawn == notes == [r[2] for r in top.rows]
    s.close()
    app.stack.clear()


def test_a_deal_end_that_did_not_wait_finishes_the_picture_begun_ahead():
    """Skip animations (the instant mode) opens the deal end without waiting for the
    picture made ahead: the screen finishes the one begun (its rows not drawn yet) rather
    than drawing a second one beside it (issue #17: 1.7 MB more at the peak of three
    8-seat games), with the pixels of a picture drawn at once."""
    from table_app.ui.scenes.scores import deal_end_picture
    from table_app.ui.table.ahead import DealEndAhead
    app, scene, s = _table_at_deal_end()
    art = app.art
    ahead = DealEndAhead()
    for _ in range(200):
        ahead.tick(scene)
        if ahead.key is not None and not ahead.faces and ahead.done >= 2:
            break
    assert 2 <= ahead.done < len(ahead.rows) and not ahead.ready()
    begun = ahead.picture
    u = getattr(app, "ui_scale", 1.0)
    at_once, notes = deal_end_picture(ahead.size, ahead.rows, art, app.settings, u)
    scene.ahead = ahead
    top = open_deal_end(app)
    app.step(0.02)
    assert top.picture is begun                   # the same surface, finished
    assert pygame.image.tobytes(top.picture, "RGBA") == pygame.image.tobytes(at_once, "RGBA")
    assert top.drawn == notes
    s.close()
    app.stack.clear()


def test_the_score_sheet_s_texts_are_rendered_ahead():
    from table_app.ui.scenes.scores import DealEndScene, ScoreSheet
    from table_app.ui.table import text
    app, scene, s = _table_at_deal_end()
    for _ in range(200):
        if scene.ahead.key is not None and scene.ahead.ready() and not scene.ahead.texts:
            break
        scene.ahead.tick(scene)
    assert scene.ahead.ready() and not scene.ahead.texts
    for _ in range(30):
        if isinstance(app.stack.top, DealEndScene):
            break
        app.step(0.02)
    app.stack.top.press_button("next")
    assert isinstance(app.stack.top, ScoreSheet)
    misses = text.render.cache_info().misses
    app.step(0.02)
    # only the title is new (and Michigan's layout line): every cell was rendered ahead
    assert text.render.cache_info().misses - misses <= 2
    s.close()
    app.stack.clear()


def test_the_deal_end_s_and_the_sheet_s_panels_are_made_ahead():
    """The deal end's panel and the sheet's (another size) were made in their first
    frames (1.2 and 0.5 ms at 1920x1080): the table makes them ahead, last, and the two
    frames find them kept."""
    from table_app.ui import scene as scene_mod
    from table_app.ui.scenes.scores import ScoreSheet
    app, scene, s = _table_at_deal_end()
    scene_mod.forget_overlay_panels()
    for _ in range(200):
        if scene.ahead.key is not None and scene.ahead.ready() and not scene.ahead.texts \
                and not scene.ahead.panels:
            break
        scene.ahead.tick(scene)
    assert not scene.ahead.panels
    cache = scene_mod._panel_cache()
    assert len(cache) == 2
    end = open_deal_end(app)
    keys = set(cache._d)
    app.step(0.02)
    assert (*end.panel().size, end.fill_alpha) in keys
    end.press_button("next")
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheet)
    app.step(0.02)
    assert (*sheet.panel().size, sheet.fill_alpha) in keys
    assert set(cache._d) == keys              # neither made in its frame
    s.close()
    app.stack.clear()


# ---------------------------------------------------------------------- the turn ring
@pytest.mark.parametrize("size,width,radius", [((1800, 260), 4, 14), ((520, 140), 2, 14),
                                               ((900, 300), 8, 28), ((30, 30), 4, 14)])
@pytest.mark.parametrize("alpha", [220, 131, 17])
def test_the_turn_ring_from_kept_pieces_has_the_pixels_of_a_whole_ring(size, width, radius, alpha):
    from table_app.ui.table import turncue
    base = _noise((size[0] + 20, size[1] + 20), seed=3) if size[0] < 600 else None
    if base is None:
        base = pygame.Surface((size[0] + 20, size[1] + 20))
        base.fill((30, 104, 62))
    r = pygame.Rect((10, 10), size)
    old = base.copy()
    ring = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(ring, (*turncue.GOLD, alpha), ring.get_rect(), width, border_radius=radius)
    old.blit(ring, r.topleft)
    new = base.copy()
    turncue.draw_ring(new, r, turncue.GOLD, alpha, width, radius)
    a, b = pygame.image.tobytes(old, "RGB"), pygame.image.tobytes(new, "RGB")
    assert max(abs(x - y) for x, y in zip(a, b)) <= 1
    assert turncue._pieces().bytes <= turncue.PIECE_BYTES


@pytest.mark.parametrize("n", [1, 4, 10, 11, 23, 30, 41])
def test_a_chip_stack_s_kept_picture_has_the_pixels_of_its_chips(n):
    """Michigan's chip stacks on the felt are blitted from a kept picture per count (a
    table painted whole drew a thousand ellipses); the same pixels as drawn chip by
    chip, and inside ``chip_rect``."""
    from table_app.ui.table.felt import chip_rect, chip_stack, draw_chips
    base = _noise((120, 90), seed=n)
    old, new = base.copy(), base.copy()
    draw_chips(old, 40, 60, n)
    chip_stack(new, 40, 60, n)
    assert pygame.image.tobytes(old, "RGB") == pygame.image.tobytes(new, "RGB")
    # nothing drawn outside its rect
    r = chip_rect(40, 60, n)
    outside = base.copy()
    draw_chips(outside, 40, 60, n)
    outside.fill((0, 0, 0), r)
    ref = base.copy()
    ref.fill((0, 0, 0), r)
    assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(ref, "RGB")


def test_the_felt_s_boxes_are_kept_within_their_bytes():
    """The boxes' pictures were bounded by count (300: a few hundred meld-area boxes at
    1920x1080 are hundreds of MB); now in bytes."""
    from table_app.ui.table import felt
    surf = pygame.Surface((1920, 1080))
    for i in range(120):
        felt.box(surf, pygame.Rect(0, 0, 400 + 7 * i, 200 + 3 * i), "stage")
        c = felt._kept("boxes", felt.BOX_BYTES)
        assert c.bytes <= felt.BOX_BYTES
    assert c.evicted > 0
    for n in range(1, 40):
        felt.chip_stack(surf, 100, 100, n)
    assert felt._kept("chips", felt.CHIP_BYTES).bytes <= felt.CHIP_BYTES


def test_faces_ahead_of_need_never_push_out_the_faces_on_the_table():
    """At 1920x1080 a table's widths hold more faces than the card art's bound: the
    faces rendered ahead of need went for one another, the table's own first; ahead of
    need a face is rendered only into free room, one a card waits for always."""
    from table_app.ui.cardart import CardArt
    art = CardArt(max_bytes=1 << 20)
    on_table = [3, 17, 30, 52]
    art.queue_faces([90, 80, 70, 60], first=on_table)
    while art.render_queued(8):
        pass
    assert art.queued() == 0 and art.cache_bytes <= art.max_bytes
    assert all(art.has_face(f, 90) for f in on_table)
    evicted = art._cache.evicted
    assert evicted == 0                          # nothing went for a face ahead of need
    # a face a card waits for is rendered even when the cache is full
    missing = next(f for f in range(53) if not art.has_face(f, 60))
    art.want_face(missing, 60)
    assert art.render_queued(1) == 1 and art.has_face(missing, 60)
    assert art.cache_bytes <= art.max_bytes


def test_the_faces_on_the_table_are_queued_before_every_width_and_always_rendered():
    """``CardArt.queue_faces(on_table=...)``: the faces the table shows at each width
    are rendered first and even with no room left (the first width's 53 faces took the
    room of the faces on the table at the other widths)."""
    from table_app.ui.cardart import CardArt
    art = CardArt(max_bytes=1 << 20)
    on_table = [(3, 60), (17, 60), (30, 70), (52, 80), (9, 90)]
    art.queue_faces([90, 80, 70, 60], first=[f for f, _ in on_table], on_table=on_table)
    while art.render_queued(8):
        pass
    assert art.queued() == 0 and art.cache_bytes <= art.max_bytes
    assert all(art.has_face(f, w) for f, w in on_table)
    assert art._cache.evicted == 0


def test_a_lit_place_s_picture_is_kept_and_draws_the_same_pixels():
    """A drag lights the same places each time, and each patch of the still table drew
    them again (a new surface a place a patch): the picture is kept per size and
    colours, within ``GLOW_BYTES``, and blits the same pixels."""
    from table_app.ui.table import felt
    felt._kept("glows", felt.GLOW_BYTES).clear()
    base = _noise((420, 260), seed=5)
    r = pygame.Rect(10, 12, 400, 230)
    a, b = base.copy(), base.copy()
    felt.glow(a, r)
    kept = felt._kept("glows", felt.GLOW_BYTES)
    assert len(kept) == 1
    felt.glow(b, r)
    assert len(kept) == 1                                  # not made again
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    fresh = base.copy()
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (110, 230, 130, 60), s.get_rect(), border_radius=10)
    pygame.draw.rect(s, (140, 255, 160, 230), s.get_rect(), 3, border_radius=10)
    fresh.blit(s, r.topleft)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(a, "RGB")
    felt.glow(a, r, (250, 200, 60))                        # the hint's colour: another
    assert len(kept) == 2
    for w in range(300, 1500, 100):
        felt.glow(pygame.Surface((1920, 1080)), pygame.Rect(0, 0, w, 700))
    assert kept.bytes <= felt.GLOW_BYTES


def test_the_deal_end_waits_a_little_for_its_picture_made_ahead():
    """A deal that ended on a quick last move left too few frames' slack to make the
    deal end's picture: the screen waits for it (at most ``HOLD_FRAMES`` frames) where
    the slack drives the work, and not at all in the instant mode."""
    from table_app.ui.scenes.scores import DealEndScene
    from table_app.ui.slack import FrameSlack
    app, scene, s = _table_at_deal_end()
    app.instant = False
    scene._ahead_driven = True
    ends = scene.ends
    held = []
    for _ in range(ends.HOLD_FRAMES + 40):
        if isinstance(app.stack.top, DealEndScene):
            break
        scene.ahead.tick(scene, FrameSlack(budget_ms=0.0))   # no slack at all: no work
        held.append(ends.held)
        ends.step(True)
    assert isinstance(app.stack.top, DealEndScene)
    assert max(held) == ends.HOLD_FRAMES                       # waited, then gave up
    s.close()
    app.stack.clear()
    # with the work done ahead: no wait
    app, scene, s = _table_at_deal_end()
    app.instant = False
    scene._ahead_driven = True
    for _ in range(300):
        scene.ahead.tick(scene)
        if scene.ahead.ready() and not scene.ahead.texts and not scene.ahead.panels:
            break
    scene.ends.step(True)
    assert isinstance(app.stack.top, DealEndScene) and scene.ends.held == 0
    s.close()
    app.stack.clear()
