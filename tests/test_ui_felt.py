"""The felt and its caches alone (``ui/table/felt.py``): the background patched in place
gives the pixels of a whole paint, the card images' stand-ins give way to the faces the
queue renders, and the caches stay bounded (no window, no scene)."""
from __future__ import annotations

import types

import pytest

pygame = pytest.importorskip("pygame")

from table_app.ui.table.felt import (  # noqa: E402
    FACES_PER_FRAME,
    CardImages,
    Felt,
    bg_draw,
    bg_items,
    changed_rects,
    chip_rect,
)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.fixture
def art():
    from table_app.ui.cardart import CardArt
    return CardArt()


def _view(boxes, chips=(), hand=(10, 500, 600, 120)):
    return types.SimpleNamespace(boxes=[(pygame.Rect(r), k) for r, k in boxes], chips=list(chips),
                                 zones={"hand": pygame.Rect(hand)})


def _whole(felt, items):
    bg = felt.raw.copy()
    for r, what in items:
        bg_draw(bg, r, what)
    return pygame.image.tobytes(bg, "RGB")


def test_the_felt_is_painted_once_and_a_grown_meld_patched_with_a_whole_paint_s_pixels(art):
    """Issue 17: the felt is painted once per window size and kept by the table alone
    (not a second copy in the card art's cache, nor a composed copy with the boxes); a
    meld that grew is painted again in its places only, with the pixels of a whole
    paint."""
    felt = Felt()
    W, H = 800, 600
    v = _view([((20, 20, 120, 90), "pile"), ((300, 200, 160, 80), "group"),
               ((40, 300, 100, 60), "seat")])
    items = bg_items(v, turn=False)
    assert [w for _r, w in items] == [("box", "pile"), ("box", "group")]   # seats: per frame
    felt.update(art, W, H, items)
    assert felt.builds == 1
    raw, gen = felt.raw, felt.generation
    assert ("felt", (W, H), (30, 104, 62)) not in art._cache
    pic = pygame.Surface((W, H))
    felt.paint(pic)
    assert pygame.image.tobytes(pic, "RGB") == _whole(felt, items)
    # the meld grew by a card, and it is your turn (the hand's box glows)
    old = felt.key
    v2 = _view([((20, 20, 120, 90), "pile"), ((300, 200, 200, 80), "group")])
    items2 = bg_items(v2, turn=True)
    felt.update(art, W, H, items2)
    assert felt.raw is raw and felt.builds == 1 and felt.generation == gen
    dirty = changed_rects(old[2], felt.key[2], W, H)
    assert dirty and 0 < sum(d.w * d.h for d in dirty) < W * H // 3
    for d in dirty:
        felt.paint(pic, d)
    pic.set_clip(None)
    assert pygame.image.tobytes(pic, "RGB") == _whole(felt, items2)
    # a new window size: the felt painted again, at that size
    felt.update(art, 640, 480, items2)
    assert felt.raw.get_size() == (640, 480) and felt.builds == 2 and felt.generation == gen + 1
    felt.invalidate()
    assert felt.generation == gen + 2


def test_which_places_are_painted_again():
    a = ((0, 0, 10, 10), ("box", "pile"))
    b = ((5, 5, 10, 10), ("box", "group"))
    c = ((50, 50, 10, 10), ("box", "group"))
    assert changed_rects((a, b), (a, b), 100, 100) == []
    assert changed_rects((a, b), (b, a), 100, 100) is None       # reordered: whole
    # an item that went and two that overlap: one rectangle for the overlapping pair
    assert changed_rects((a, b, c), (a,), 100, 100) == [pygame.Rect(5, 5, 10, 10),
                                                        pygame.Rect(50, 50, 10, 10)]
    assert changed_rects((a,), (a, b), 100, 100) == [pygame.Rect(5, 5, 10, 10)]
    big = ((0, 0, 90, 90), ("box", "stage"))
    assert changed_rects((a,), (a, big), 100, 100) is None       # most of the window
    # Michigan's chips: their rectangle covers what they draw
    surf = pygame.Surface((200, 200), pygame.SRCALPHA)
    from table_app.ui.table.felt import chip_stack
    chip_stack(surf, 100, 150, 25)
    assert chip_rect(100, 150, 25).contains(surf.get_bounding_rect())


def test_a_face_not_rendered_yet_is_a_stand_in_until_the_queue_renders_it(art):
    imgs = CardImages()
    assert not imgs.due(art)
    imgs.queue(art, [80], first=[5], now=True, backs=((46, "blue"),))
    assert imgs.ahead and art.has_face(5, 80) and art.queued() == 0
    face = imgs.get(art, 5, 80, False, False, "blue")
    assert face.get_size() == art.size(80) and not imgs.standins
    # a new width: shown at once, scaled from the face at 80 px, and queued
    before = art.faces_rendered
    img = imgs.get(art, 5, 66, False, False, "blue")
    assert img.get_size() == art.size(66) and art.faces_rendered == before
    assert imgs.standins == {(5, 66, False, False, "blue")} and imgs.due(art)
    while art.queued():
        imgs.tick(art)
        assert art.faces_rendered - before <= FACES_PER_FRAME
        before = art.faces_rendered
    imgs.tick(art)
    assert not imgs.standins and not imgs.due(art)
    assert (5, 66, False, False, "blue") not in imgs.cache      # drawn anew from the face
    assert imgs.get(art, 5, 66, False, False, "blue") is imgs.get(art, 5, 66, False, False, "blue")


def test_the_card_images_are_bounded_and_a_refused_face_shows_a_back(art):
    from table_app.ui.cardart import surface_bytes
    imgs = CardImages()
    imgs.cache.max_bytes = 5 * surface_bytes(art.back(49, "red"))   # bounded in bytes
    for w in range(40, 50):
        imgs.get(art, None, w, False, False, "red")
    assert imgs.cache.bytes <= imgs.cache.max_bytes and imgs.cache.evicted >= 3
    assert (None, 49, False, False, "red") in imgs.cache            # the newest kept
    assert (None, 40, False, False, "red") not in imgs.cache        # the oldest gone
    bad = imgs.get(art, 999, 60, False, False, "red")           # no such face
    assert pygame.image.tobytes(bad, "RGB") == pygame.image.tobytes(art.back(60, "blue"), "RGB")
    imgs.clear()
    assert len(imgs.cache) == 0 and imgs.cache.bytes == 0 and imgs.standins == set()


def test_the_stand_ins_are_bounded_in_bytes_the_least_recently_used_out_first(art):
    """Issue #17: faces at widths the full card art never renders (a flying card's, a
    shrinking meld area's) kept 10-12 MiB of stand-ins at an 8-seat table."""
    from table_app.ui.cardart import surface_bytes
    imgs = CardImages()
    imgs.queue(art, [80], first=range(10), now=True)
    one = surface_bytes(imgs.get(art, 0, 66, False, False, "blue"))
    imgs.STANDIN_BYTES = 4 * one           # room for four stand-ins of 66 px
    for f in range(1, 4):
        imgs.get(art, f, 66, False, False, "blue")
    assert len(imgs.standins) == 4 and imgs.standin_bytes() == 4 * one
    imgs.get(art, 0, 66, False, False, "blue")      # a use: 1 is now the oldest
    imgs.get(art, 4, 66, False, False, "blue")      # a fifth: the least recently used goes
    assert imgs.standins == {(f, 66, False, False, "blue") for f in (0, 2, 3, 4)}
    assert (1, 66, False, False, "blue") not in imgs.cache
    assert imgs.standin_bytes() == 4 * one <= imgs.STANDIN_BYTES
    # drawn again, it is scaled again from the face at 80 px (nothing rendered)
    before = art.faces_rendered
    again = imgs.get(art, 1, 66, False, False, "blue")
    assert again.get_size() == art.size(66) and art.faces_rendered == before
    assert (1, 66, False, False, "blue") in imgs.standins and len(imgs.standins) == 4
