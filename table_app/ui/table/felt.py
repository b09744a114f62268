"""The felt and its caches: the table's background and the card images it draws.

* ``Felt``: the felt, painted once per window size and kept, with the boxes (piles,
  seats, melds, the meld area) and Michigan's chip stacks drawn over it where the
  table's picture is painted (``paint``: whole, or only the places that changed).
* ``CardImages``: the card surfaces the table blits, at the widths it shows them,
  converted once for fast blits; a face not rendered yet at a width is shown scaled
  from another width (a stand-in) until the card art's queue renders it (a few a
  frame, ``FACES_PER_FRAME``), so no frame stalls on a face drawn the first time.
* ``box``, ``glow``, ``chip_stack``: the shapes drawn on the felt (kept per size).

Caches are bounded: ``CardImages`` holds at most ``CardImages.MAX_BYTES`` of pixels, the boxes
300 and the felt one surface, at the window's size.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from ...core.cards import FACE_RANK, JOKER
from ..slack import AheadCost

#: faces rendered ahead of need in one frame at most (``CardArt.render_queued``): a frame
#: that must show a face not rendered yet at its width shows it scaled from another
#: width (a stand-in) until its turn comes
FACES_PER_FRAME = 2

BOX_STYLES = {
    "seat": ((0, 0, 0, 60), None),
    "seat_hi": ((40, 30, 0, 90), (255, 214, 80, 220)),
    "pile": ((255, 255, 255, 18), (255, 255, 255, 70)),
    "stage": ((0, 0, 0, 45), (255, 255, 255, 40)),
    "group": ((255, 255, 255, 30), (255, 230, 150, 140)),
    "group_bad": ((220, 40, 30, 70), (255, 96, 80, 235)),     # not a meld of the contract
    "cell": ((10, 40, 24, 150), (226, 182, 70, 200)),
    "buy": ((20, 16, 6, 220), (255, 214, 80, 230)),
    "turn": ((255, 214, 80, 22), (255, 214, 80, 150)),
}
#: the seats light up in turn: drawn each frame, not baked into the felt
TURN_BOXES = frozenset(("seat", "seat_hi"))
#: the boxes' pictures by (size, kind), bounded in bytes of pixels (``SurfaceCache``: a
#: meld area's box at 1920x1080 is over a megabyte; the bound was 300 boxes)
BOX_BYTES = 6 << 20
#: the lit places' pictures (``glow``) by size and colours, bounded in bytes of pixels
GLOW_BYTES = 4 << 20
#: the chip stacks' pictures by count (30 at most, about 10 KB each)
CHIP_BYTES = 512 << 10
_KEPT: dict = {}


def _kept(name: str, max_bytes: int):
    got = _KEPT.get(name)
    if got is None:
        from ..cardart import SurfaceCache
        got = _KEPT[name] = SurfaceCache(max_bytes)
    return got


def _forget_kept() -> None:
    for c in _KEPT.values():
        c.clear()


pygame.register_quit(_forget_kept)


def box(surf, r: pygame.Rect, kind: str) -> None:
    """A rounded box of ``kind`` (``BOX_STYLES``) at ``r`` (its surface kept per size,
    ``BOX_BYTES``)."""
    cache = _kept("boxes", BOX_BYTES)
    s = cache.get((r.size, kind))
    if s is None:
        fill, border = BOX_STYLES.get(kind, ((0, 0, 0, 40), None))
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        rad = 10
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=rad)
        if border:
            pygame.draw.rect(s, border, s.get_rect(), 2, border_radius=rad)
        cache[(r.size, kind)] = s
    surf.blit(s, r.topleft)


def glow(surf, r: pygame.Rect, color=(140, 255, 160), fill=(110, 230, 130)) -> None:
    """A lit place (a drop target, the hint's target): a tinted box with a bright ring
    (its surface kept per size and colours, ``GLOW_BYTES``: a drag lights the same
    places each time, and the still table's patches draw them once a patch)."""
    r = pygame.Rect(r)
    cache = _kept("glows", GLOW_BYTES)
    key = (r.size, tuple(color), tuple(fill))
    s = cache.get(key)
    if s is None:
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*(fill if tuple(color) == (140, 255, 160) else color), 60),
                         s.get_rect(), border_radius=10)
        pygame.draw.rect(s, (*color, 230), s.get_rect(), 3, border_radius=10)
        cache[key] = s
    surf.blit(s, r.topleft)


def chip_rect(x, y, n) -> pygame.Rect:
    """Every pixel ``chip_stack(surf, x, y, n)`` may draw."""
    cols = max(1, (min(max(n, 1), 30) + 9) // 10)
    return pygame.Rect(x - 9, y - 9 * 4 - 5, (cols - 1) * 18 + 19, 9 * 4 + 11)


def draw_chips(surf, x, y, n) -> None:
    """``n`` chips (30 at most) as up to three small stacks of poker chips, drawn chip by
    chip (``chip_stack`` blits the kept picture of this)."""
    if n <= 0:
        return
    cols = ((200, 40, 46), (30, 90, 190), (240, 240, 235))
    shown = min(n, 30)
    for i in range(shown):
        sx = x + (i // 10) * 18
        sy = y - (i % 10) * 4
        c = cols[(i // 10) % 3]
        pygame.draw.ellipse(surf, (20, 20, 20), (sx - 8, sy - 3, 17, 8))
        pygame.draw.ellipse(surf, c, (sx - 8, sy - 4, 16, 7))
        pygame.draw.ellipse(surf, (255, 255, 255), (sx - 5, sy - 3, 10, 4), 1)


def chip_stack(surf, x, y, n) -> None:
    """``n`` chips as up to three small stacks of poker chips: the kept picture of
    ``draw_chips`` for that count (its pixels: opaque chips on a clear picture), so a
    table painted whole blits a dozen pictures, not a thousand ellipses."""
    if n <= 0:
        return
    shown = min(n, 30)
    cache = _kept("chips", CHIP_BYTES)
    pic = cache.get(shown)
    if pic is None:
        r = chip_rect(0, 0, shown)
        pic = pygame.Surface(r.size, pygame.SRCALPHA)
        draw_chips(pic, -r.x, -r.y, shown)
        cache[shown] = pic
    r = chip_rect(x, y, shown)
    surf.blit(pic, r.topleft)


def bg_items(v, turn: bool) -> list:
    """What the table's background shows over the felt for the view ``v``, in drawing
    order: ``(Rect, what)`` with ``what`` ``("box", kind)`` or ``("chips", x, y, n)``;
    the Rect covers every pixel the item draws.  ``turn``: the human's turn (the hand's
    box glows)."""
    items: list[tuple[pygame.Rect, tuple[Any, ...]]] = [
        (pygame.Rect(r), ("box", kind)) for r, kind in v.boxes if kind not in TURN_BOXES]
    if turn:  # your turn: the hand's box glows (a large box: baked, not per frame)
        items.append((v.zones["hand"].inflate(-4, 0), ("box", "turn")))
    for x, y, n in v.chips:
        items.append((chip_rect(x, y, n), ("chips", x, y, n)))
    return items


def bg_draw(bg, r, what) -> None:
    """One item of ``bg_items`` drawn on ``bg``."""
    if what[0] == "box":
        box(bg, r, what[1])
    else:
        chip_stack(bg, *what[1:])


def changed_rects(old, new, W: int, H: int):
    """The rectangles to paint again when the background's items go from ``old`` to
    ``new`` (tuples of ``(rect tuple, what)``), or ``None`` when painting it whole is
    simpler (the items were reordered, or most of the window changed)."""
    a, b = Counter(old), Counter(new)
    changed = list((a - b) + (b - a))
    if not changed:
        return None if old != new else []   # the same items in another order
    screen = pygame.Rect(0, 0, W, H)
    rects: list[pygame.Rect] = []
    for r, _what in changed:
        r = pygame.Rect(r).clip(screen)
        if r.w <= 0 or r.h <= 0:
            continue
        # one rectangle for two that overlap (a box that grew: its old and new rect)
        for i, q in enumerate(rects):
            if q.colliderect(r):
                rects[i] = q.union(r)
                break
        else:
            rects.append(r)
    if sum(r.w * r.h for r in rects) > W * H // 2:
        return None
    return rects


class Felt:
    """The background: the card art's felt painted once at the window's size and kept
    here (``raw``: the table's own, taken out of the card art's cache, so no second
    window-sized copy of it stays there), and ``bg_items`` drawn over it where a picture
    is painted (``paint``).  No composed copy of felt and items is kept: the table's
    still part (``Board``) is the one picture made from it (issue #17: a 1920x1080 felt
    is 8 MiB, and the table kept three).

    ``key`` names what ``paint`` draws (the window size and the items);
    ``generation`` counts the new felts and ``invalidate`` calls (a picture made from an
    older one is painted whole); ``builds`` counts the felts painted (tests)."""

    def __init__(self) -> None:
        self.raw: pygame.Surface | None = None
        self.items: list = []
        self.key: Any = None  # (W, H, the items as tuples): what ``paint`` draws
        self.generation = 0
        self.builds = 0

    def invalidate(self) -> None:
        """A new layout: what was painted from the felt is painted whole again."""
        self.generation += 1

    def update(self, art, W: int, H: int, items: list) -> pygame.Surface:
        """The felt for ``items`` at ``W`` x ``H``: painted once per window size (a few
        ms at 1920x1080), kept; ``items`` (``bg_items``) are what ``paint`` draws over
        it.  Returns the bare felt."""
        raw = self.raw
        if raw is None or raw.get_size() != (W, H):
            from ..cardart import display_format
            try:
                raw = art.felt((W, H), keep=False)
            except TypeError:       # an art whose felt has no ``keep`` (a test's)
                raw = art.felt((W, H))
            # in the display's format (a blit of it converts nothing)
            raw = self.raw = display_format(raw)
            self.builds += 1
            self.generation += 1
        self.items = list(items)
        self.key = (W, H, tuple((tuple(r), what) for r, what in items))
        return raw

    def paint(self, surf, clip: pygame.Rect | None = None) -> None:
        """The background (the felt, then ``items`` in order) on ``surf``: whole, or
        only inside ``clip``, which then stays ``surf``'s clip (the caller draws the
        rest of that place clipped and resets it).  The same pixels either way."""
        assert self.raw is not None, "Felt.update first"
        if clip is None:
            surf.blit(self.raw, (0, 0))
            for r, what in self.items:
                bg_draw(surf, r, what)
            return
        surf.set_clip(clip)
        surf.blit(self.raw, clip, clip)
        for r, what in self.items:
            if r.colliderect(clip):
                bg_draw(surf, r, what)


def _face_size(art) -> float:
    """The next queued face's cost against a 90 px pip card's, for ``AheadCost``: a
    court card's picture is about 3 times a pip card's (1.0-1.4 ms against 0.25-0.5 at
    90 px), a joker's 4 times; about linear in the width."""
    nxt = art.next_queued() if hasattr(art, "next_queued") else None
    if nxt is None:
        return 1.0
    face, w = nxt
    kind = 4.0 if face == JOKER else 3.0 if FACE_RANK[face] in (11, 12, 13) else 1.0
    return kind * max(w, 20) / 90.0


class CardImages:
    """The card surfaces the table draws, by ``(face, width, four_color, large_index,
    back)`` (``face`` ``None``: a back).  ``ahead``: faces are rendered ahead of need by
    the card art's queue (``queue``), a face not rendered yet shown meanwhile by a
    stand-in scaled from another width (kept in ``standins`` until ``drop_standins``
    finds its own rendered)."""

    #: the bound of the cache, in bytes of pixels (``SurfaceCache``): most are the card
    #: art's own surfaces (no bytes of their own: they go when the art lets them go,
    #: ``CardArt.evict_hooks``), stand-ins scaled copies
    MAX_BYTES = 16 << 20
    #: the bound of the stand-ins' own pixels (bytes, least recently used out first):
    #: issue #17 found 10-12 MiB of them kept at an 8-seat table (faces at the
    #: widths a card passes through as it flies or a meld area shrinks, which the full
    #: card art never renders, so they never gave way) beside the art's 12 MiB; one let
    #: go is scaled again (about 0.1 ms) if it is drawn again
    STANDIN_BYTES = 3 << 20

    def __init__(self) -> None:
        from ..cardart import SurfaceCache
        self.cache: Any = SurfaceCache(self.MAX_BYTES, on_evict=self._evicted)
        self.standins: set = set()
        self.ahead = False
        #: the cost of rendering a face ahead of need (``tick`` in a frame's slack)
        self.cost = AheadCost(first_ms=0.4)   # a 90 px pip card's (``_face_size``)
        self._widths_seen: set = set()
        #: counts the times the cache was cleared (the deck's look changed): a picture
        #: kept from its surfaces is stale when it changed (a stand-in giving way is told
        #: by ``standins``)
        self.generation = 0
        #: the card arts whose evictions this cache follows (``CardArt.add_evict_hook``)
        self._hooked: list = []

    def _evicted(self, key: Any) -> None:
        self.standins.discard(key)

    def _art_evicted(self, key: Any) -> None:
        """The card art let ``key`` go: the images made from it go too (else this cache
        would keep alive what the art's bound let go)."""
        if key is None:
            self.cache.clear()
            self.standins = set()
            return
        if key[0] == "face":
            face, w, four, large = key[1:5]
            for back in {k[4] for k in self.cache if k[:4] == (face, w, four, large)}:
                k = (face, w, four, large, back)
                if k not in self.standins:
                    self.cache.pop(k, None)
        elif key[0] == "back":
            style, w = key[1], key[2]
            for k in [k for k in self.cache if k[0] is None and k[1] == w and k[4] == style]:
                self.cache.pop(k, None)

    def _follow(self, art) -> None:
        if any(a is art for a in self._hooked) or not hasattr(art, "add_evict_hook"):
            return
        art.add_evict_hook(self._art_evicted)
        self._hooked.append(art)

    def clear(self) -> None:
        """Forget every surface (the deck's look changed)."""
        self.cache.clear()
        self.standins = set()
        self.generation += 1

    def queue(self, art, widths, first=(), four=False, large=False, now=False,
              backs=(), on_table=()) -> None:
        """Queue every face at ``widths`` (widest first) in the card art, the faces
        ``first`` before the others, and before all of them the ``(face, width)`` pairs
        ``on_table`` (``CardArt.queue_faces``); ``now``: render them all at once (the
        table's opening), and the backs ``backs`` (``(width, style)`` pairs) too; else
        ``tick`` renders ``FACES_PER_FRAME`` a frame.  A plain art without a queue: no-op."""
        if not hasattr(art, "queue_faces"):
            return  # the plain stand-in art
        self.ahead = True
        art.queue_faces(list(widths), four_color=four, large_index=large, first=list(first),
                        on_table=list(on_table))
        if now:
            for w, style in backs:      # first: made after, they let faces on the table go
                art.back(w, style)
            while art.render_queued(64):
                pass

    def due(self, art) -> bool:
        """Faces wait to be rendered ahead of need, or stand-ins to give way."""
        return bool(self.ahead and (self.standins or art.queued()))

    def tick(self, art, slack=None) -> int:
        """A frame's share of the queue, then stand-ins give way; returns the faces
        rendered.  ``slack`` (a ``ui.slack.FrameSlack``): one face at a time while its
        estimated cost fits in the frame's slack (``AheadCost``), at most
        ``FACES_PER_FRAME``; ``None``: ``FACES_PER_FRAME`` faces."""
        if not self.ahead:
            return 0
        done = 0
        if art.queued():
            done = self.cost.run(slack, lambda: art.render_queued(1) > 0, FACES_PER_FRAME,
                                 size=lambda: _face_size(art))
        self.drop_standins(art)
        return done

    def get(self, art, face, w: int, four: bool, large: bool, back: str) -> pygame.Surface:
        """A card surface, converted for fast blits once a display exists (cached).  A
        face not rendered yet at ``w`` but cached at another width is drawn scaled from
        that one (a stand-in, for the frames until the queue renders it: a new window
        size, a meld area that shrank); a face cached nowhere is rendered at once; a
        face the art refuses shows a blue back."""
        key = (face, w, four, large, back)
        img = self.cache.get(key)
        if img is not None:
            if face is not None and key not in self.standins and hasattr(art, "touch_face"):
                art.touch_face(face, w, four_color=four, large_index=large)   # a use
            return img
        self._follow(art)
        standin = None
        try:
            if face is None:
                img = art.back(w, back)
            elif (self.ahead and 0 <= face <= JOKER
                  and not art.has_face(face, w, four_color=four, large_index=large)):
                if (w, four, large) not in self._widths_seen:
                    self._widths_seen.add((w, four, large))
                    art.queue_faces([w], four_color=four, large_index=large)
                art.want_face(face, w, four_color=four, large_index=large)
                standin = art.nearest_face(face, w, four_color=four, large_index=large)
                if standin is not None:
                    img = pygame.transform.smoothscale(standin, art.size(w))
                else:
                    img = art.face(face, w, four_color=four, large_index=large)
            else:
                img = art.face(face, w, four_color=four, large_index=large)
        except ValueError:
            img = art.back(w, "blue")
        from ..cardart import display_format
        img = display_format(img)   # the art's own surface when it is in the display's format
        self.cache[key] = img
        if standin is not None:
            self.standins.add(key)
            self._bound_standins(key)
        return img

    def standin_bytes(self) -> int:
        """Bytes of pixels of the stand-ins kept now (at most ``STANDIN_BYTES``, or the
        newest one alone when it is bigger)."""
        from ..cardart import surface_bytes
        d = self.cache
        return sum(surface_bytes(d._d[k]) for k in self.standins if k in d)

    def _bound_standins(self, newest) -> None:
        """Past ``STANDIN_BYTES`` of stand-ins, the least recently used go (``newest``
        stays)."""
        from ..cardart import surface_bytes
        over = self.standin_bytes() - self.STANDIN_BYTES
        if over <= 0:
            return
        for k in [k for k in self.cache if k in self.standins and k != newest]:
            s = self.cache.pop(k)
            self.standins.discard(k)
            over -= surface_bytes(s) if s is not None else 0
            if over <= 0:
                break

    def drop_standins(self, art) -> None:
        """Stand-ins whose face is now rendered at its width give way to it."""
        for key in [k for k in self.standins
                    if art.has_face(k[0], k[1], four_color=k[2], large_index=k[3])]:
            self.standins.discard(key)
            self.cache.pop(key, None)


__all__ = ["Felt", "CardImages", "FACES_PER_FRAME", "TURN_BOXES", "bg_items", "bg_draw",
           "changed_rects", "box", "glow", "chip_rect", "chip_stack", "draw_chips"]
