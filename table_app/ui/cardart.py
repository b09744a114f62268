"""Card art drawn in code: faces, backs, pile outlines, highlights and the felt.

Everything is drawn with pygame shapes at 2-4x the target size and smoothscaled down
(supersampling gives anti-aliased edges), so cards are crisp at any pixel width and
no bundled image or font is needed.  Suit pips are **shapes**, not font glyphs (the
default pygame font has no ``♠♥♦♣``); only rank letters and digits use
``pygame.font.Font(None, size)``.

    art = CardArt()
    surf = art.face(face, 80)                  # 80 x 112 px, per-pixel alpha
    surf = art.face(face, 60, four_color=True, large_index=True)
    back = art.back(80, "blue")                # see BACK_STYLES
    art.placeholder(80); art.highlight(80); art.shade(80)
    table = art.felt((1280, 800))              # opaque, cached per size

Faces are the codes of ``table_app.core.cards`` (``suit*13 + rank-2``, ``JOKER = 52``);
``face_of_card(card_id)`` is ``card_id >> 3``.  Every result is cached per
(kind, size, options), in a cache bounded in bytes (``CardArt(max_bytes=...)``, least
recently used first out); treat returned surfaces as read-only (copy before drawing on
them).  Nothing here needs a display mode; once one is set, what is cached is kept in
the display's format (``display_format``), so that a caller blits it as it is and keeps
no converted copy of its own.  ``SurfaceCache`` is the same bound for a cache of the UI's
own (the table's card images).
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable, Sequence

import pygame

from table_app.core.cards import FACE_RANK, FACE_SUIT, JOKER, RANK_TEXT, make_face

__all__ = [
    "CARD_RATIO", "BACK_STYLES", "CardArt", "card_size", "suit_color", "draw_pip",
    "pip_height", "default_art", "felt", "SurfaceCache", "surface_bytes", "display_format", "surface_lru",
]

CARD_RATIO = 1.4  # height / width

# --- palette ---------------------------------------------------------------------
PAPER = (252, 251, 247)
EDGE = (150, 150, 158)
RED = (200, 30, 42)
BLACK = (24, 24, 30)
BLUE = (24, 84, 200)
GREEN = (18, 128, 58)
GOLD = (226, 182, 70)
GOLD_DARK = (150, 106, 32)
GOLD_LIGHT = (248, 222, 140)
CREAM = (251, 245, 226)
STEEL = (206, 212, 222)
STEEL_DARK = (96, 104, 120)
ROBE_DARK = (30, 70, 170)

_TWO_COLOR = (BLACK, RED, RED, BLACK)
_FOUR_COLOR = (BLACK, RED, BLUE, GREEN)

Color = tuple


def suit_color(suit: int, four_color: bool = False) -> tuple[int, int, int]:
    """Ink colour of a suit (0=S, 1=H, 2=D, 3=C)."""
    return (_FOUR_COLOR if four_color else _TWO_COLOR)[suit]


def _accent(col):
    """Colour for costume details (caps, jewels, robes): the suit colour, except that
    black suits wear deep blue (black jewels would read as holes)."""
    return col if sum(col) > 150 else ROBE_DARK


def card_size(width_px: int) -> tuple[int, int]:
    """Pixel size ``(w, h)`` of a card ``width_px`` wide."""
    w = max(8, int(width_px))
    return w, max(10, round(w * CARD_RATIO))


def _mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def _ss_factor(width_px: int) -> int:
    if width_px <= 90:
        return 4
    if width_px <= 170:
        return 3
    return 2


# --- suit pip shapes (unit = pip width; origin = centre of the bounding box) -------

def _bezier(p0, p1, p2, p3, n=14):
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


def _heart_outline(n: int = 72) -> list[tuple[float, float]]:
    """Classic heart (point down), width 1, y growing downwards."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 32.0, -y / 32.0 * 1.02))
    return pts


def _stem(top_y: float, bottom_y: float, half_base: float, half_top: float = 0.03):
    """A flared stem (concave sides) from ``top_y`` down to a base at ``bottom_y``."""
    left = _bezier((-half_top, top_y), (-half_top, bottom_y - 0.12),
                   (-half_base * 0.35, bottom_y), (-half_base, bottom_y), 10)
    right = [(-x, y) for x, y in reversed(left)]
    return left + right


def _build_shapes():
    shapes = {}
    # hearts: one polygon
    shapes[1] = [("poly", _heart_outline())]
    # diamonds: four concave-sided edges
    hw, hh, k = 0.5, 0.64, 0.07
    top, right, bottom, left = (0, -hh), (hw, 0), (0, hh), (-hw, 0)

    def edge(a, b):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        c = (mx * (1 - k * 2.2), my * (1 - k * 2.2))
        return _bezier(a, (a[0] + (c[0] - a[0]) * 0.66, a[1] + (c[1] - a[1]) * 0.66),
                       (b[0] + (c[0] - b[0]) * 0.66, b[1] + (c[1] - b[1]) * 0.66), b, 8)[:-1]
    shapes[2] = [("poly", edge(top, right) + edge(right, bottom) + edge(bottom, left) + edge(left, top))]
    # spades: an inverted heart with a stem
    body = [(x * 1.0, -y * 0.98 - 0.02) for x, y in _heart_outline()]
    shapes[0] = [("poly", body), ("poly", _stem(0.1, 0.62, 0.21))]
    # clubs: three circles, a filler and a stem
    r = 0.255
    shapes[3] = [("circle", (0.0, -0.27), r), ("circle", (-0.245, 0.09), r),
                 ("circle", (0.245, 0.09), r),
                 ("poly", [(0.0, -0.2), (-0.17, 0.1), (0.0, 0.22), (0.17, 0.1)]),
                 ("poly", _stem(0.05, 0.6, 0.2, 0.035))]
    # centre each shape on its bounding box
    out = {}
    for suit, prims in shapes.items():
        xs, ys = [], []
        for p in prims:
            if p[0] == "poly":
                xs += [q[0] for q in p[1]]
                ys += [q[1] for q in p[1]]
            else:
                (cx, cy), rr = p[1], p[2]
                xs += [cx - rr, cx + rr]
                ys += [cy - rr, cy + rr]
        w = max(xs) - min(xs)
        ox, oy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        norm = []
        for p in prims:
            if p[0] == "poly":
                norm.append(("poly", [((x - ox) / w, (y - oy) / w) for x, y in p[1]]))
            else:
                (cx, cy), rr = p[1], p[2]
                norm.append(("circle", ((cx - ox) / w, (cy - oy) / w), rr / w))
        out[suit] = (norm, (max(ys) - min(ys)) / w)
    return out


_SHAPES = _build_shapes()


def pip_height(suit: int, width: float) -> float:
    """Height of a pip of the given width."""
    return _SHAPES[suit][1] * width


def draw_pip(surf: pygame.Surface, suit: int, center, width: float, color,
             flip: bool = False) -> None:
    """Draw a suit pip (a shape, not a glyph) ``width`` px wide centred at ``center``;
    ``flip`` turns it upside down (the lower pips of a number card)."""
    cx, cy = center
    sy = -width if flip else width
    for p in _SHAPES[suit][0]:
        if p[0] == "poly":
            pygame.draw.polygon(surf, color, [(cx + x * width, cy + y * sy) for x, y in p[1]])
        else:
            (px, py), r = p[1], p[2]
            pygame.draw.circle(surf, color, (cx + px * width, cy + py * sy), r * width)


def _star(cx, cy, r_out, r_in, n=5, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + math.pi * i / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# --- fonts and text ---------------------------------------------------------------

_FONTS: dict[int, pygame.font.Font] = {}


# fonts die with pygame.quit(); a later init makes new ones (a second App, the tests)
pygame.register_quit(_FONTS.clear)


def _default_font_file():
    """pygame's default font by its file: ``Font(None)`` finds the same file through
    ``importlib.resources``, which imports ``zipfile`` (tens of ms at start-up)."""
    import os
    p = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
    return p if os.path.isfile(p) else None


def _font(size: int) -> pygame.font.Font:
    size = max(6, int(size))
    f = _FONTS.get(size)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _FONTS[size] = pygame.font.Font(_default_font_file(), size)
    return f


def _text(text: str, height: float, color, max_width: float | None = None) -> pygame.Surface:
    """``text`` rendered so its ink is ``height`` px tall (cropped to the ink), squeezed
    horizontally to ``max_width`` if given."""
    height = max(2, int(round(height)))
    s = _font(int(height * 1.45) + 2).render(text, True, color)
    box = s.get_bounding_rect(min_alpha=1)
    if box.w == 0 or box.h == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    s = s.subsurface(box)
    w = box.w * height / box.h
    if max_width is not None and w > max_width:
        w = max_width
    return pygame.transform.smoothscale(s, (max(1, round(w)), height))


def _outlined_text(text: str, height: float, color, outline, thickness: int,
                   max_width: float | None = None) -> pygame.Surface:
    inner = _text(text, height, color, max_width)
    ring = _text(text, height, outline, max_width)
    t = max(1, thickness)
    out = pygame.Surface((inner.get_width() + 2 * t, inner.get_height() + 2 * t), pygame.SRCALPHA)
    for i in range(16):
        a = 2 * math.pi * i / 16
        out.blit(ring, (t + round(t * math.cos(a)), t + round(t * math.sin(a))))
    out.blit(inner, (t, t))
    return out


# --- number-card pip layouts: (column, row) with column in {-1,0,1}, row in 0..1 -----

_L, _C, _R = -1, 0, 1
_LAYOUT: dict[int, list[tuple[int, float]]] = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, .5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, .5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, .5), (_R, .5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, .25), (_L, .5), (_R, .5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, .25), (_L, .5), (_R, .5), (_C, .75), (_L, 1), (_R, 1)],
    9: [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, .5), (_L, 2 / 3), (_R, 2 / 3),
        (_L, 1), (_R, 1)],
    10: [(_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3),
         (_C, 5 / 6), (_L, 1), (_R, 1)],
}

BACK_STYLES = ("blue", "red", "green", "purple", "black")
_BACK_COLORS = {
    "blue": ((28, 66, 150), (78, 124, 214)),
    "red": ((156, 26, 38), (220, 92, 96)),
    "green": ((22, 104, 64), (82, 170, 114)),
    "purple": ((84, 40, 128), (150, 104, 200)),
    "black": ((34, 36, 42), (110, 114, 126)),
}
_BACK_PATTERN = {"blue": "lattice", "red": "diamonds", "green": "rings",
                 "purple": "lattice", "black": "diamonds"}


class CardArt:
    """Renders and caches card surfaces.  One instance is enough for the whole app
    (``default_art()``).

    Args:
        max_bytes: the cache's bound in bytes of pixels (``SurfaceCache``; default
            ``MAX_BYTES``: the felt of a 1920x1080 window and every face at the half
            dozen widths a full table draws, with room to spare), least recently used
            out first.
    """

    #: 12 MiB: the 53 faces are 1.7-2.7 MiB a width at an 8-seat table's widths
    #: (68-113 px at 1920x1080), 6.5 MiB at its hand's 151 px: the faces on the table
    #: at every width it shows them (pinned: ``pin_faces``), and ahead of need what room
    #: is left (``render_queued``).  Unpinned, 12 MiB re-rendered faces every frame
    #: (the table's still picture draws its faces once, so they looked least recently
    #: used and went first)
    MAX_BYTES = 12 << 20

    def __init__(self, max_bytes: int | None = None):
        self._cache = SurfaceCache(self.MAX_BYTES if max_bytes is None else max_bytes,
                                   on_evict=self._evicted)
        #: (face, four_color, large_index) -> the widths that face is cached at
        self._face_widths: dict = {}
        #: faces to render ahead of need: (face, width, four_color, large_index)
        self._todo: OrderedDict = OrderedDict()
        #: the queued faces a card on screen waits for (``want_face``): rendered even
        #: when the cache must let another go; the others only into free room
        self._wanted: set = set()
        #: how many faces were rendered (``_render_face`` calls): tests count them
        self.faces_rendered = 0
        #: called with each key the cache lets go (``("face", face, width, four_color,
        #: large_index)``, ``("back", style, width)``, ...; ``None``: all of them, at
        #: ``clear``), so that a holder of the art's surfaces (the table's
        #: ``CardImages``) lets its own go too and the bound holds for both; held weakly
        #: (``add_evict_hook``): a closed table's hook goes with the table
        self.evict_hooks: list = []

    # -- cache ---------------------------------------------------------------------
    @property
    def cache_bytes(self) -> int:
        """Bytes of pixels in the cache now (at most ``max_bytes``)."""
        return self._cache.bytes

    @property
    def max_bytes(self) -> int:
        return self._cache.max_bytes

    def add_evict_hook(self, fn: Callable) -> None:
        """Call ``fn(key)`` when the cache lets ``key`` go (``evict_hooks``); a bound
        method is held weakly (it goes when its object does), a function strongly."""
        import weakref
        ref = weakref.WeakMethod(fn) if hasattr(fn, "__self__") else (lambda: fn)
        self.evict_hooks.append(ref)

    def _tell_evicted(self, key) -> None:
        live = []
        for ref in self.evict_hooks:
            fn = ref()
            if fn is not None:
                fn(key)
                live.append(ref)
        self.evict_hooks[:] = live

    def trim(self, max_bytes: int) -> int:
        """Let the least recently used surfaces go until at most ``max_bytes`` of pixels
        are cached (a closed scene's: ``App.release``); the hooks are told.  Returns
        the bytes cached after."""
        c = self._cache
        for key in [k for k in c if k not in c.pinned]:
            if c.bytes <= max(0, int(max_bytes)):
                break
            c.pop(key)
            c.evicted += 1
            self._evicted(key)
        return c.bytes

    def pin_faces(self, faces) -> None:
        """Keep the faces a kept picture shows (the table's still part: ``Board.draw``)
        from being let go for room, instead of those pinned before: drawn once into that
        picture, they look least recently used, and letting one go meant rendering it
        again the next time a change there was painted, which let the next one go...
        ``faces``: ``(face, width_px, four_color, large_index)`` tuples; ``()``: none."""
        self._cache.pin(("face", f, card_size(w)[0], bool(four), bool(large))
                        for f, w, four, large in faces)

    @property
    def pinned_faces(self) -> int:
        """How many faces are pinned (``pin_faces``)."""
        return len(self._cache.pinned)

    def _evicted(self, old) -> None:
        if old[0] == "face":
            self._face_widths.get((old[1], old[3], old[4]), set()).discard(old[2])
        self._tell_evicted(old)

    def _cached(self, key, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        s = self._cache.get(key)
        if s is not None:
            return s
        # in the display's format (when there is one): the UI blits it as it is
        s = display_format(make())
        if key[0] == "face":
            self._face_widths.setdefault((key[1], key[3], key[4]), set()).add(key[2])
        self._cache[key] = s
        return s

    def clear(self) -> None:
        self._cache.clear()
        self._face_widths.clear()
        self._todo.clear()
        self._wanted.clear()
        self._tell_evicted(None)

    # -- public API ----------------------------------------------------------------
    def size(self, width_px: int) -> tuple[int, int]:
        return card_size(width_px)

    def face(self, face: int, width_px: int, *, four_color: bool = False,
             large_index: bool = False) -> pygame.Surface:
        """The face of a card (``0..52``) ``width_px`` wide, with per-pixel alpha."""
        if not 0 <= face <= JOKER:
            raise ValueError(f"not a face code: {face!r}")
        w = card_size(width_px)[0]
        key = ("face", face, w, bool(four_color), bool(large_index))
        return self._cached(key, lambda: self._new_face(face, w, bool(four_color),
                                                        bool(large_index)))

    def _new_face(self, face: int, w: int, four_color: bool, large: bool) -> pygame.Surface:
        self.faces_rendered += 1
        self._todo.pop((face, w, four_color, large), None)
        return self._render_face(face, w, four_color, large)

    def has_face(self, face: int, width_px: int, *, four_color: bool = False,
                 large_index: bool = False) -> bool:
        """Whether ``face(...)`` with these arguments is cached (returns without
        rendering)."""
        w = card_size(width_px)[0]
        return ("face", face, w, bool(four_color), bool(large_index)) in self._cache

    def nearest_face(self, face: int, width_px: int, *, four_color: bool = False,
                     large_index: bool = False) -> pygame.Surface | None:
        """The face cached at the width nearest ``width_px`` (a wider one preferred: it
        scales down sharper), or ``None`` when it is cached at no width.  A stand-in,
        scaled to size, while the face at the right width waits its turn to render."""
        w = card_size(width_px)[0]
        widths = self._face_widths.get((face, bool(four_color), bool(large_index)))
        if not widths:
            return None
        best = min(widths, key=lambda x: (x < w, abs(x - w)))
        return self._cache.get(("face", face, best, bool(four_color), bool(large_index)))

    def queue_faces(self, widths: Sequence[int], *, four_color: bool = False,
                    large_index: bool = False, first: Sequence[int] = (),
                    on_table: Sequence[tuple[int, int]] = ()) -> int:
        """Queue every face at each of ``widths`` that is not cached, to be rendered ahead
        of need by ``render_queued`` (``first``: faces queued before the others at each
        width).  ``on_table``: ``(face, width_px)`` pairs the table shows now, queued
        before all of them and rendered even when the cache must let another go (as
        ``want_face``): at 1920x1080 a table's widths hold more faces than the bound, and
        its first width's 53 faces took the room of the faces on the table at the
        others, which were then rendered a few a frame.  Returns how many are queued now."""
        four, large = bool(four_color), bool(large_index)
        for face, w in on_table:
            k = (face, card_size(w)[0], four, large)
            if ("face", *k) not in self._cache:
                self._todo[k] = None
                self._wanted.add(k)
        for w in dict.fromkeys(card_size(x)[0] for x in widths):
            order = list(dict.fromkeys([*first, *range(JOKER + 1)]))
            for face in order:
                if ("face", face, w, four, large) not in self._cache:
                    self._todo[(face, w, four, large)] = None
        return len(self._todo)

    def want_face(self, face: int, width_px: int, *, four_color: bool = False,
                  large_index: bool = False) -> None:
        """Put this face (if not cached) at the head of the queue of ``queue_faces``."""
        w = card_size(width_px)[0]
        k = (face, w, bool(four_color), bool(large_index))
        if ("face", *k) not in self._cache:
            self._todo[k] = None
            self._todo.move_to_end(k, last=False)
            self._wanted.add(k)

    def touch_face(self, face: int, width_px: int, *, four_color: bool = False,
                   large_index: bool = False) -> None:
        """A face drawn again from a holder's copy (the table's ``CardImages``): the
        least recently used go first, so the cache counts this as a use."""
        self._cache.get(("face", face, card_size(width_px)[0], bool(four_color),
                         bool(large_index)))

    def queued(self) -> int:
        """How many faces wait in the queue of ``queue_faces``."""
        return len(self._todo)

    def next_queued(self) -> tuple[int, int] | None:
        """``(face, width px)`` of the next face in the queue of ``render_queued``,
        ``None`` when it is empty."""
        for k in self._todo:
            return int(k[0]), int(k[1])
        return None

    def render_queued(self, n: int = 1) -> int:
        """Render up to ``n`` queued faces into the cache (oldest first); returns how
        many were rendered.  A face ahead of need is rendered only into free room (it
        never makes the cache let another go: a table's widths at 1920x1080 are more
        than the bound, and the faces rendered first, the ones on the table, went for
        the ones rendered after); one a card waits for (``want_face``) always is."""
        done = 0
        room = self._cache.max_bytes
        while self._todo and done < n:
            k = next(iter(self._todo))
            self._todo.pop(k)
            face, w, four, large = k
            if ("face", face, w, four, large) in self._cache:
                self._wanted.discard(k)
                continue
            if k not in self._wanted:
                cw, ch = card_size(w)
                if self._cache.bytes + cw * ch * 4 > room:
                    continue       # ahead of need, and no room: not rendered
            self._wanted.discard(k)
            self.face(face, w, four_color=four, large_index=large)
            done += 1
        return done

    def card(self, card_id: int, width_px: int, **options) -> pygame.Surface:
        """Face of a physical card id (``face*8 + copy``)."""
        return self.face(card_id >> 3, width_px, **options)

    def back(self, width_px: int, style: str = "blue") -> pygame.Surface:
        """A patterned card back; ``style`` is one of ``BACK_STYLES``."""
        if style not in _BACK_COLORS:
            raise ValueError(f"unknown back style {style!r}; choose from {', '.join(BACK_STYLES)}")
        w = card_size(width_px)[0]
        return self._cached(("back", style, w), lambda: self._render_back(w, style))

    def placeholder(self, width_px: int, label: str = "") -> pygame.Surface:
        """An empty pile: a translucent rounded outline, optionally with a short label."""
        w = card_size(width_px)[0]
        return self._cached(("placeholder", w, label), lambda: self._render_placeholder(w, label))

    def highlight(self, width_px: int, color=(255, 214, 80), thickness: float | None = None,
                  fill_alpha: int = 0) -> pygame.Surface:
        """A card-sized rounded ring (blit it over a card at the same position) to mark
        a selected card or a valid drop target.  ``fill_alpha`` > 0 adds a tint."""
        w = card_size(width_px)[0]
        color = tuple(color)
        key = ("highlight", w, color, thickness, fill_alpha)
        return self._cached(key, lambda: self._render_ring(w, color, thickness, fill_alpha))

    def shade(self, width_px: int, alpha: int = 90, color=(0, 0, 0)) -> pygame.Surface:
        """A card-sized translucent rounded overlay (dims a card that cannot be played)."""
        w = card_size(width_px)[0]
        key = ("shade", w, alpha, tuple(color))
        return self._cached(key, lambda: self._render_shade(w, alpha, tuple(color)))

    def felt(self, size: Sequence[int], color=(30, 104, 62), keep: bool = True) -> pygame.Surface:
        """Green felt for the table: opaque, with fine grain, soft mottling and a
        vignette.  Cached per size (a few ms for a new window size); ``keep=False``: the
        caller keeps it (the table's ``Felt`` paints it once and holds it): taken out of
        the cache when it is there, else rendered and not cached, so that no second
        window-sized copy of it stays in the cache (8 MiB at 1920x1080)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = ("felt", size, tuple(color))
        if not keep:
            got = self._cache.pop(key)
            return got if got is not None else display_format(_render_felt(size, tuple(color)))
        return self._cached(key, lambda: _render_felt(size, tuple(color)))

    def prerender(self, width_px: int, *, four_color: bool = False,
                  large_index: bool = False, backs: Sequence[str] = ()) -> None:
        """Render all 53 faces (and the given backs) at one width now, e.g. after a
        window resize, so the first frames do not stall (about 0.1 s in all)."""
        for face in range(JOKER + 1):
            self.face(face, width_px, four_color=four_color, large_index=large_index)
        for style in backs:
            self.back(width_px, style)

    def icon(self, size: int) -> pygame.Surface:
        """The app icon, ``size`` px square: two fanned aces on a felt tile (a single
        ace of spades below 48 px, where two cards would blur)."""
        size = max(8, int(size))
        return self._cached(("icon", size), lambda: self._render_icon(size))

    # -- rendering helpers -----------------------------------------------------------
    @staticmethod
    def _radius(w: int) -> float:
        return w * 0.075

    def _blank(self, w: int, ss: int, paper=PAPER) -> tuple[pygame.Surface, int, int]:
        W, H = w * ss, card_size(w)[1] * ss
        s = pygame.Surface((W, H), pygame.SRCALPHA)
        rad = round(self._radius(w) * ss)
        pygame.draw.rect(s, paper, (0, 0, W, H), border_radius=rad)
        return s, W, H

    def _edge(self, s: pygame.Surface, w: int, ss: int, color=EDGE) -> None:
        W, H = s.get_size()
        bw = max(1, round(ss * max(1.0, w / 110)))
        pygame.draw.rect(s, color, (0, 0, W, H), width=bw, border_radius=round(self._radius(w) * ss))

    def _down(self, s: pygame.Surface, w: int, solid: bool = False) -> pygame.Surface:
        out = pygame.transform.smoothscale(s, card_size(w))
        if solid:
            # smoothscale by 3 rounds full alpha down to 253: make the body opaque again
            # (the rounded corners keep their anti-aliased edge)
            W, H = out.get_size()
            r = math.ceil(self._radius(w)) + 1
            for rect in ((0, r, W, H - 2 * r), (r, 0, W - 2 * r, H)):
                out.fill((0, 0, 0, 3), rect, special_flags=pygame.BLEND_RGBA_ADD)
        return out

    # -- faces -----------------------------------------------------------------------
    def _render_face(self, face: int, w: int, four_color: bool, large: bool) -> pygame.Surface:
        ss = _ss_factor(w)
        s, W, H = self._blank(w, ss)
        if face == JOKER:
            self._draw_joker(s, W, H, large)
        else:
            rank, suit = FACE_RANK[face], FACE_SUIT[face]
            col = suit_color(suit, four_color)
            if large:
                self._draw_large_body(s, W, H, rank, suit, col)
            elif rank == 14:
                self._draw_ace(s, W, H, suit, col)
            elif rank >= 11:
                self._draw_court(s, W, H, rank, suit, col)
            else:
                self._draw_pips(s, W, H, rank, suit, col)
            self._draw_index(s, W, H, RANK_TEXT[rank], suit, col, large)
        self._edge(s, w, ss)
        return self._down(s, w, solid=True)

    def index_rect(self, face: int, width_px: int, large_index: bool = False) -> pygame.Rect:
        """The top-left index corner (rank over suit) of ``face`` drawn ``width_px`` wide,
        relative to the card's top-left: what must stay uncovered for the card to be
        known when cards overlap (a joker: as wide as a "10")."""
        W = max(1, int(width_px))
        if face == JOKER:
            rank_text, suit = "10", 0
        else:
            rank_text, suit = RANK_TEXT[FACE_RANK[face]], FACE_SUIT[face]
        blk = self._index_block(W, rank_text, suit, (0, 0, 0), bool(large_index))
        cx = W * (0.118 if not large_index else 0.19)
        top = W * (0.07 if not large_index else 0.06)
        return pygame.Rect(round(cx - blk.get_width() / 2), round(top), blk.get_width(), blk.get_height())

    def _index_block(self, W: int, rank_text: str, suit: int, col, large: bool) -> pygame.Surface:
        k = 2.0 if large else 1.0
        th = W * 0.165 * k
        txt = _text(rank_text, th, col, max_width=W * 0.2 * k)
        pw = W * 0.125 * k
        ph = pip_height(suit, pw)
        gap = W * 0.045 * k
        bw = max(txt.get_width(), math.ceil(pw)) + 2
        bh = math.ceil(th + gap + ph) + 2
        blk = pygame.Surface((bw, bh), pygame.SRCALPHA)
        blk.blit(txt, ((bw - txt.get_width()) // 2, 0))
        draw_pip(blk, suit, (bw / 2, th + gap + ph / 2), pw, col)
        return blk

    def _draw_index(self, s, W, H, rank_text, suit, col, large) -> None:
        blk = self._index_block(W, rank_text, suit, col, large)
        cx = W * (0.118 if not large else 0.19)
        top = W * (0.07 if not large else 0.06)
        x = round(cx - blk.get_width() / 2)
        s.blit(blk, (x, round(top)))
        rot = pygame.transform.rotate(blk, 180)
        s.blit(rot, (W - x - blk.get_width(), H - round(top) - blk.get_height()))

    def _draw_pips(self, s, W, H, rank, suit, col) -> None:
        pw = W * 0.19
        cols = {_L: W * 0.315, _C: W * 0.5, _R: W * 0.685}
        top, bottom = H * 0.205, H * 0.795
        if rank == 2 or rank == 3:
            top, bottom = H * 0.2, H * 0.8
        for c, r in _LAYOUT[rank]:
            y = top + (bottom - top) * r
            draw_pip(s, suit, (cols[c], y), pw, col, flip=r > 0.5)

    def _draw_ace(self, s, W, H, suit, col) -> None:
        pw = W * (0.5 if suit != 2 else 0.44)
        if suit == 0:
            # the ace of spades: a larger pip inside a fine ornamental ring
            pygame.draw.circle(s, _mix(col, PAPER, 0.82), (W / 2, H / 2), W * 0.36, max(1, round(W * 0.012)))
            for i in range(12):
                a = 2 * math.pi * i / 12
                pygame.draw.circle(s, _mix(col, PAPER, 0.6),
                                   (W / 2 + W * 0.36 * math.cos(a), H / 2 + W * 0.36 * math.sin(a)),
                                   W * 0.018)
            pw = W * 0.46
        draw_pip(s, suit, (W / 2, H / 2), pw, col)

    def _draw_large_body(self, s, W, H, rank, suit, col) -> None:
        """Body of a card with double-size indices: a big pale watermark pip (and the
        headgear of a court card), leaving the corners to the big indices."""
        draw_pip(s, suit, (W / 2, H / 2), W * 0.56, _mix(col, PAPER, 0.86))
        if 11 <= rank <= 13:
            _HEADGEAR[rank](s, W / 2, H / 2 + W * 0.08, W * 0.3, _accent(col))

    # -- court cards ----------------------------------------------------------------
    def _draw_court(self, s, W, H, rank, suit, col) -> None:
        fx0, fx1 = W * 0.225, W * 0.775
        fy0, fy1 = H * 0.075, H * 0.925
        fw, fh = fx1 - fx0, fy1 - fy0
        frame = pygame.Rect(round(fx0), round(fy0), round(fw), round(fh))
        tint = _mix(CREAM, col, 0.06)
        rad = round(W * 0.035)
        pygame.draw.rect(s, tint, frame, border_radius=rad)
        # the half-design, drawn once and turned 180 degrees for the other end
        half = pygame.Surface((frame.w, frame.h // 2 + 1), pygame.SRCALPHA)
        self._court_half(half, rank, suit, col, W)
        s.blit(half, frame.topleft)
        s.blit(pygame.transform.rotate(half, 180), (frame.x, frame.bottom - half.get_height()))
        # the dividing sash with a central medallion
        cy = frame.centery
        lw = max(1, round(W * 0.008))
        pygame.draw.line(s, GOLD_DARK, (frame.x + W * 0.02, cy), (frame.right - W * 0.02, cy), lw)
        pygame.draw.circle(s, GOLD, (frame.centerx, cy), W * 0.075)
        pygame.draw.circle(s, GOLD_DARK, (frame.centerx, cy), W * 0.075, lw)
        pygame.draw.circle(s, PAPER, (frame.centerx, cy), W * 0.058)
        draw_pip(s, suit, (frame.centerx, cy), W * 0.07, col)
        # the frame: suit-colour rule with a gold inner line
        pygame.draw.rect(s, col, frame, width=max(1, round(W * 0.013)), border_radius=rad)
        inner = frame.inflate(-round(W * 0.045), -round(W * 0.045))
        pygame.draw.rect(s, GOLD, inner, width=max(1, round(W * 0.007)), border_radius=max(1, rad // 2))

    def _court_half(self, half: pygame.Surface, rank, suit, col, W) -> None:
        hw, hh = half.get_size()
        cx = hw / 2
        # faint gold hatching in the frame
        hatch = _mix(CREAM, GOLD, 0.3)
        step = W * 0.05
        lw = max(1, round(W * 0.004))
        k = 0
        while k * step < hw + hh:
            pygame.draw.line(half, hatch, (k * step, 0), (k * step - hh, hh), lw)
            k += 1
        # a portrait oval (it continues into the other half, which is this one turned)
        oval = pygame.Rect(0, 0, round(hw * 0.8), round(hh * 1.84))
        oval.midtop = (round(cx), round(hh * 0.13))
        robe = _accent(col)  # black suits wear deep blue
        pygame.draw.ellipse(half, _mix(robe, (242, 244, 252), 0.8), oval)
        pygame.draw.ellipse(half, _mix(robe, CREAM, 0.45), oval, max(1, round(W * 0.009)))
        pygame.draw.ellipse(half, GOLD, oval.inflate(-round(W * 0.03), -round(W * 0.03)),
                            max(1, round(W * 0.005)))
        # the big letter, suit colour with a gold outline, crowned
        lt = _outlined_text(RANK_TEXT[rank], hh * 0.37, col, GOLD_DARK, max(1, round(W * 0.01)))
        ly = hh * 0.47
        half.blit(lt, (round(cx - lt.get_width() / 2), round(ly)))
        # the attribute at the letter's side: sword, rose or halberd
        _ATTRIBUTE[rank](half, cx - hw * 0.27, ly, hh * 0.45, W, robe)
        _HEADGEAR[rank](half, cx, ly - hh * 0.035, hw * 0.6, robe)
        # small pips in the frame's corners, outside the oval
        pw = W * 0.07
        for sx in (-1, 1):
            draw_pip(half, suit, (cx + sx * hw * 0.355, hh * 0.125), pw, col)

    # -- joker ----------------------------------------------------------------------
    def _draw_joker(self, s, W, H, large) -> None:
        fx0, fx1 = W * 0.225, W * 0.775
        fy0, fy1 = H * 0.075, H * 0.925
        frame = pygame.Rect(round(fx0), round(fy0), round(fx1 - fx0), round(fy1 - fy0))
        rad = round(W * 0.035)
        if not large:
            # a gold sunburst inside a rounded frame
            panel = pygame.Surface(frame.size, pygame.SRCALPHA)
            panel.fill(_mix(CREAM, (120, 60, 160), 0.05))
            pcx, pcy = frame.w / 2, frame.h / 2
            r = W
            for i in range(0, 24, 2):
                a = 2 * math.pi * i / 24
                b = a + 2 * math.pi / 24
                pygame.draw.polygon(panel, _mix(CREAM, GOLD, 0.28),
                                    [(pcx, pcy), (pcx + r * math.cos(a), pcy + r * math.sin(a)),
                                     (pcx + r * math.cos(b), pcy + r * math.sin(b))])
            mask = pygame.Surface(frame.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
            panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            s.blit(panel, frame.topleft)
            pygame.draw.rect(s, (110, 50, 150), frame, width=max(1, round(W * 0.013)), border_radius=rad)
            cx, cy = frame.center
            jx, jy, jw = cx, cy - W * 0.06, frame.w * 0.9
        else:
            cx, cy = W / 2, H / 2
            jx, jy, jw = cx, cy, W * 0.5
        _jester(s, jx, jy, jw)
        # "JOKER" written vertically in two corners
        k = 2.0 if large else 1.0
        th = W * 0.105 * k
        letters = [_text(ch, th, RED) for ch in "JOKER"]
        bw = max(t.get_width() for t in letters)
        gap = th * 0.28
        blk = pygame.Surface((bw + 2, round(len(letters) * (th + gap))), pygame.SRCALPHA)
        y = 0.0
        for t in letters:
            blk.blit(t, ((bw - t.get_width()) // 2 + 1, round(y)))
            y += th + gap
        star_w = W * 0.1 * k
        x = round(W * (0.118 if not large else 0.15) - blk.get_width() / 2)
        top = round(W * 0.07)
        s.blit(blk, (x, top))
        pygame.draw.polygon(s, GOLD_DARK, _star(x + blk.get_width() / 2, top + blk.get_height() + star_w * 0.5,
                                                star_w / 2, star_w / 4.6))
        rot = pygame.transform.rotate(blk, 180)
        s.blit(rot, (W - x - blk.get_width(), H - top - blk.get_height()))
        pygame.draw.polygon(s, GOLD_DARK, _star(W - x - blk.get_width() / 2,
                                                H - top - blk.get_height() - star_w * 0.5,
                                                star_w / 2, star_w / 4.6, rot=math.pi / 2))

    # -- backs, placeholders, overlays ----------------------------------------------
    def _render_back(self, w: int, style: str) -> pygame.Surface:
        ss = _ss_factor(w)
        s, W, H = self._blank(w, ss)
        dark, light = _BACK_COLORS[style]
        m = round(W * 0.065)
        inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
        rad = max(1, round(W * 0.045))
        pat = pygame.Surface(inner.size, pygame.SRCALPHA)
        pat.fill(dark)
        _PATTERNS[_BACK_PATTERN[style]](pat, W, dark, light)
        # central medallion
        cx, cy = inner.w / 2, inner.h / 2
        ew, eh = inner.w * 0.5, inner.w * 0.62
        er = pygame.Rect(0, 0, round(ew), round(eh))
        er.center = (round(cx), round(cy))
        pygame.draw.ellipse(pat, dark, er.inflate(round(W * 0.05), round(W * 0.05)))
        pygame.draw.ellipse(pat, light, er, max(1, round(W * 0.014)))
        pygame.draw.ellipse(pat, light, er.inflate(-round(W * 0.07), -round(W * 0.07)), max(1, round(W * 0.007)))
        pw = W * 0.14
        for suit, (dx, dy) in zip(range(4), ((0, -1), (1, 0), (0, 1), (-1, 0))):
            draw_pip(pat, suit, (cx + dx * ew * 0.2, cy + dy * eh * 0.2), pw * 0.78, light)
        # round the pattern's corners
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
        pat.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        s.blit(pat, inner.topleft)
        pygame.draw.rect(s, _mix(dark, (0, 0, 0), 0.2), inner, width=max(1, round(W * 0.01)), border_radius=rad)
        self._edge(s, w, ss)
        return self._down(s, w, solid=True)

    def _render_icon(self, size: int) -> pygame.Surface:
        ss = 4 if size <= 64 else 2
        S = size * ss
        s = pygame.Surface((S, S), pygame.SRCALPHA)
        tile = pygame.Rect(0, 0, S, S)
        rad = round(S * 0.2)
        felt = self.felt((S, S))
        mask = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), tile, border_radius=rad)
        felt = _with_alpha(felt)
        felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        s.blit(felt, (0, 0))
        if size < 48:
            cw = round(S * 0.6)
            card = self.face(12, cw)  # ace of spades
            # the pips of a tiny icon must be big: redraw the ace with a fat pip
            card = card.copy()
            ch = card.get_height()
            pygame.draw.rect(card, PAPER, (cw * 0.08, ch * 0.06, cw * 0.84, ch * 0.88))
            draw_pip(card, 0, (cw / 2, ch / 2), cw * 0.78, BLACK)
            s.blit(card, card.get_rect(center=(S // 2, S // 2)))
        else:
            cw = round(S * 0.46)
            back = pygame.transform.rotozoom(self.face(make_face(14, 1), cw), 14, 1)
            front = pygame.transform.rotozoom(self.face(make_face(14, 0), cw), -10, 1)
            s.blit(back, back.get_rect(center=(round(S * 0.4), round(S * 0.5))))
            s.blit(front, front.get_rect(center=(round(S * 0.6), round(S * 0.52))))
        pygame.draw.rect(s, (0, 0, 0, 70), tile, width=max(1, ss), border_radius=rad)
        return pygame.transform.smoothscale(s, (size, size))

    def _render_placeholder(self, w: int, label: str) -> pygame.Surface:
        ss = _ss_factor(w)
        W, H = w * ss, card_size(w)[1] * ss
        s = pygame.Surface((W, H), pygame.SRCALPHA)
        rad = round(self._radius(w) * ss)
        pygame.draw.rect(s, (0, 0, 0, 46), (0, 0, W, H), border_radius=rad)
        t = max(ss, round(ss * max(1.5, w / 60)))
        pygame.draw.rect(s, (255, 255, 255, 120), (0, 0, W, H), width=t, border_radius=rad)
        if label:
            txt = _text(label, W * 0.16, (255, 255, 255), max_width=W * 0.8)
            txt.set_alpha(130)
            s.blit(txt, txt.get_rect(center=(W // 2, H // 2)))
        return self._down(s, w)

    def _render_ring(self, w: int, color, thickness, fill_alpha) -> pygame.Surface:
        ss = _ss_factor(w)
        W, H = w * ss, card_size(w)[1] * ss
        s = pygame.Surface((W, H), pygame.SRCALPHA)
        rad = round(self._radius(w) * ss)
        rgb = tuple(color[:3])
        if fill_alpha:
            pygame.draw.rect(s, rgb + (fill_alpha,), (0, 0, W, H), border_radius=rad)
        t = round(ss * (thickness if thickness is not None else max(2.0, w / 28)))
        a = color[3] if len(color) > 3 else 255
        pygame.draw.rect(s, rgb + (a,), (0, 0, W, H), width=max(1, t), border_radius=rad)
        return self._down(s, w)

    def _render_shade(self, w: int, alpha: int, color) -> pygame.Surface:
        ss = _ss_factor(w)
        W, H = w * ss, card_size(w)[1] * ss
        s = pygame.Surface((W, H), pygame.SRCALPHA)
        pygame.draw.rect(s, color + (alpha,), (0, 0, W, H), border_radius=round(self._radius(w) * ss))
        return self._down(s, w)


# --- headgear for the court cards ------------------------------------------------

def _crown_king(s, cx, base_y, width, col) -> None:
    """Five-pointed crown with pearls, jewels on the band and an orb with a cross."""
    w = width
    band_h = w * 0.18
    x0, x1 = cx - w / 2, cx + w / 2
    top = base_y - w * 0.52
    pts = [(x0, base_y - band_h), (x0 - w * 0.03, top + w * 0.14)]
    peaks = [x0 + w * f for f in (0.0, 0.25, 0.5, 0.75, 1.0)]
    pts = [(x0 + w * 0.02, base_y - band_h)]
    for i, px in enumerate(peaks):
        py = top + (w * 0.12 if i in (0, 4) else (w * 0.05 if i in (1, 3) else 0))
        pts.append((px, py))
        if i < 4:
            pts.append(((px + peaks[i + 1]) / 2, base_y - band_h - w * 0.12))
    pts.append((x1 - w * 0.02, base_y - band_h))
    pygame.draw.polygon(s, GOLD, pts)
    pygame.draw.polygon(s, GOLD_DARK, pts, max(1, round(w * 0.02)))
    for i, px in enumerate(peaks):
        py = top + (w * 0.12 if i in (0, 4) else (w * 0.05 if i in (1, 3) else 0))
        if i == 2:
            # orb and cross on the middle point
            pygame.draw.circle(s, GOLD_LIGHT, (px, py - w * 0.03), w * 0.055)
            pygame.draw.circle(s, GOLD_DARK, (px, py - w * 0.03), w * 0.055, max(1, round(w * 0.015)))
            lw = max(1, round(w * 0.03))
            pygame.draw.line(s, GOLD_DARK, (px, py - w * 0.09), (px, py - w * 0.19), lw)
            pygame.draw.line(s, GOLD_DARK, (px - w * 0.045, py - w * 0.145), (px + w * 0.045, py - w * 0.145), lw)
        else:
            pygame.draw.circle(s, PAPER, (px, py), w * 0.045)
            pygame.draw.circle(s, GOLD_DARK, (px, py), w * 0.045, max(1, round(w * 0.012)))
    band = pygame.Rect(0, 0, round(w), round(band_h))
    band.midbottom = (round(cx), round(base_y))
    pygame.draw.rect(s, GOLD, band, border_radius=max(1, round(w * 0.03)))
    pygame.draw.rect(s, GOLD_DARK, band, max(1, round(w * 0.02)), border_radius=max(1, round(w * 0.03)))
    for i, f in enumerate((0.17, 0.5, 0.83)):
        jx, jy = x0 + w * f, base_y - band_h / 2
        r = band_h * (0.34 if i == 1 else 0.26)
        pygame.draw.polygon(s, col, [(jx, jy - r), (jx + r, jy), (jx, jy + r), (jx - r, jy)])


def _crown_queen(s, cx, base_y, width, col) -> None:
    """A queen's coronet: a pearl band under three rounded arches (the middle one
    taller), each set with a jewel in the suit colour and topped by a pearl."""
    w = width * 0.92
    band_h = w * 0.16
    x0 = cx - w / 2
    lw = max(1, round(w * 0.02))
    top_band = base_y - band_h
    arches = ((0.2, 0.3, 0.3), (0.5, 0.36, 0.42), (0.8, 0.3, 0.3))  # centre, width, height
    for f, aw, ah in sorted(arches, key=lambda a: a[2]):
        ax = x0 + w * f
        r = pygame.Rect(0, 0, round(w * aw), round(w * ah * 2))
        r.midbottom = (round(ax), round(top_band + w * ah))
        lobe = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(lobe, GOLD, r)
        pygame.draw.ellipse(lobe, GOLD_DARK, r, lw)
        lobe.fill((0, 0, 0, 0), pygame.Rect(0, round(top_band) + 1, s.get_width(), s.get_height()))
        s.blit(lobe, (0, 0))
        # inner jewel and the pearl on top
        jy = top_band - w * ah * 0.45
        jr = w * (0.06 if f == 0.5 else 0.045)
        pygame.draw.ellipse(s, col, (ax - jr, jy - jr * 1.3, 2 * jr, 2.6 * jr))
        pygame.draw.circle(s, GOLD_LIGHT, (ax - jr * 0.3, jy - jr * 0.5), jr * 0.3)
        pygame.draw.circle(s, PAPER, (ax, top_band - w * ah - w * 0.035), w * 0.045)
        pygame.draw.circle(s, GOLD_DARK, (ax, top_band - w * ah - w * 0.035), w * 0.045,
                           max(1, round(w * 0.012)))
    band = pygame.Rect(0, 0, round(w), round(band_h))
    band.midbottom = (round(cx), round(base_y))
    pygame.draw.rect(s, GOLD, band, border_radius=max(1, round(w * 0.04)))
    pygame.draw.rect(s, GOLD_DARK, band, lw, border_radius=max(1, round(w * 0.04)))
    for f in (0.1, 0.26, 0.42, 0.58, 0.74, 0.9):
        pygame.draw.circle(s, PAPER, (x0 + w * f, base_y - band_h / 2), band_h * 0.24)


def _bez_y(curve, x) -> float:
    best = min(curve, key=lambda p: abs(p[0] - x))
    return best[1]


def _cap_jack(s, cx, base_y, width, col) -> None:
    """A page's cap: a soft dome in the suit colour, a gold brim and a long feather."""
    w = width * 0.85
    brim_h = w * 0.14
    dome = pygame.Rect(0, 0, round(w * 0.84), round(w * 0.8))
    dome.center = (round(cx - w * 0.04), round(base_y - brim_h * 0.5))
    # clip the dome to its top half by drawing it onto a scratch surface
    scratch = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(scratch, col, dome)
    pygame.draw.ellipse(scratch, _mix(col, (255, 255, 255), 0.22),
                        dome.inflate(-round(w * 0.28), -round(w * 0.28)))
    pygame.draw.ellipse(scratch, _mix(col, (0, 0, 0), 0.3), dome, max(1, round(w * 0.02)))
    scratch.fill((0, 0, 0, 0), pygame.Rect(0, round(base_y - brim_h / 2), s.get_width(), s.get_height()))
    s.blit(scratch, (0, 0))
    # feather sweeping up and back
    fx, fy = cx + w * 0.2, base_y - brim_h - w * 0.12
    spine = _bezier((fx, fy), (fx + w * 0.25, fy - w * 0.1), (fx + w * 0.38, fy - w * 0.3),
                    (fx + w * 0.3, fy - w * 0.5), 16)
    upper, lower = [], []
    for i, (x, y) in enumerate(spine):
        t = i / (len(spine) - 1)
        half = w * 0.07 * math.sin(math.pi * min(1.0, t * 1.1))
        if i + 1 < len(spine):
            dx, dy = spine[i + 1][0] - x, spine[i + 1][1] - y
        else:
            dx, dy = x - spine[i - 1][0], y - spine[i - 1][1]
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n, dx / n
        upper.append((x + nx * half, y + ny * half))
        lower.append((x - nx * half, y - ny * half))
    feather = upper + lower[::-1]
    pygame.draw.polygon(s, GOLD_LIGHT, feather)
    pygame.draw.polygon(s, GOLD_DARK, feather, max(1, round(w * 0.015)))
    pygame.draw.lines(s, GOLD_DARK, False, spine, max(1, round(w * 0.015)))
    # brim
    brim = pygame.Rect(0, 0, round(w * 0.96), round(brim_h))
    brim.midbottom = (round(cx), round(base_y))
    pygame.draw.rect(s, GOLD, brim, border_radius=max(1, round(brim_h / 2)))
    pygame.draw.rect(s, GOLD_DARK, brim, max(1, round(w * 0.02)), border_radius=max(1, round(brim_h / 2)))
    pygame.draw.circle(s, col, (cx - w * 0.04, base_y - brim_h / 2), brim_h * 0.3)


_HEADGEAR = {11: _cap_jack, 12: _crown_queen, 13: _crown_king}


def _sword(s, x, y, length, W, col) -> None:
    """The king's sword: hilt at the top, blade pointing to the card's centre."""
    bw = W * 0.028
    lw = max(1, round(W * 0.005))
    hilt = y + length * 0.16
    blade = [(x - bw / 2, hilt), (x + bw / 2, hilt), (x + bw / 2, y + length * 0.9),
             (x, y + length), (x - bw / 2, y + length * 0.9)]
    pygame.draw.polygon(s, STEEL, blade)
    pygame.draw.polygon(s, STEEL_DARK, blade, lw)
    pygame.draw.line(s, STEEL_DARK, (x, hilt), (x, y + length * 0.88), lw)
    guard = pygame.Rect(0, 0, round(W * 0.11), max(2, round(W * 0.022)))
    guard.center = (round(x), round(hilt))
    pygame.draw.rect(s, GOLD, guard, border_radius=guard.h // 2)
    pygame.draw.rect(s, GOLD_DARK, guard, lw, border_radius=guard.h // 2)
    grip = pygame.Rect(0, 0, max(2, round(bw * 0.8)), round(length * 0.1))
    grip.midbottom = guard.midtop
    pygame.draw.rect(s, col, grip)
    pygame.draw.circle(s, GOLD, (x, grip.top), W * 0.018)
    pygame.draw.circle(s, GOLD_DARK, (x, grip.top), W * 0.018, lw)


def _rose(s, x, y, length, W, col) -> None:
    """The queen's rose on a leafy stem."""
    lw = max(1, round(W * 0.007))
    fy = y + length * 0.18
    stem = _bezier((x, fy), (x - W * 0.02, fy + length * 0.3), (x + W * 0.02, fy + length * 0.55),
                   (x, y + length * 0.95), 12)
    pygame.draw.lines(s, (40, 110, 60), False, stem, lw)
    for t, side in ((0.35, -1), (0.6, 1)):
        px, py = stem[int(t * (len(stem) - 1))]
        leaf = [(px, py), (px + side * W * 0.045, py - W * 0.03), (px + side * W * 0.06, py - W * 0.005),
                (px + side * W * 0.03, py + W * 0.012)]
        pygame.draw.polygon(s, (60, 140, 80), leaf)
    r = W * 0.022
    petal = _mix(col, (255, 255, 255), 0.15) if sum(col) > 150 else (200, 60, 90)
    for i in range(5):
        a = 2 * math.pi * i / 5 - math.pi / 2
        pygame.draw.circle(s, petal, (x + r * math.cos(a), fy + r * math.sin(a)), r * 0.95)
    pygame.draw.circle(s, _mix(petal, (0, 0, 0), 0.3), (x, fy), r * 1.95, lw)
    pygame.draw.circle(s, GOLD, (x, fy), r * 0.7)


def _halberd(s, x, y, length, W, col) -> None:
    """The jack's halberd: a staff with a steel axe-head and spike."""
    lw = max(1, round(W * 0.006))
    top = y + length * 0.02
    pygame.draw.line(s, GOLD_DARK, (x, top + W * 0.04), (x, y + length), max(2, round(W * 0.016)))
    head = [(x, top + W * 0.045), (x + W * 0.05, top + W * 0.03), (x + W * 0.065, top + W * 0.085),
            (x + W * 0.05, top + W * 0.14), (x, top + W * 0.125)]
    pygame.draw.polygon(s, STEEL, head)
    pygame.draw.polygon(s, STEEL_DARK, head, lw)
    spike = [(x - W * 0.012, top + W * 0.05), (x, top), (x + W * 0.012, top + W * 0.05)]
    pygame.draw.polygon(s, STEEL, spike)
    pygame.draw.polygon(s, STEEL_DARK, spike, lw)
    pygame.draw.circle(s, col, (x, top + W * 0.16), W * 0.012)


_ATTRIBUTE = {11: _halberd, 12: _rose, 13: _sword}


def _jester(s, cx, cy, width) -> None:
    """A jester's hat (three bells) over a five-pointed star."""
    w = width
    colors = (RED, (40, 70, 170), (40, 140, 70))
    base_y = cy - w * 0.02
    brim_h = w * 0.12
    tips = [(cx - w * 0.44, cy - w * 0.5), (cx, cy - w * 0.74), (cx + w * 0.44, cy - w * 0.5)]
    roots = [(cx - w * 0.3, cx - w * 0.02), (cx - w * 0.16, cx + w * 0.16), (cx + w * 0.02, cx + w * 0.3)]
    order = (0, 2, 1)
    for i in order:
        (tx, ty), (ra, rb) = tips[i], roots[i]
        bend = (tx - cx) * 0.15
        left = _bezier((ra, base_y - brim_h), (ra + bend, base_y - w * 0.35), (tx - w * 0.05, ty + w * 0.12), (tx, ty), 12)
        right = _bezier((tx, ty), (tx + w * 0.08 * (1 if i != 0 else 0.3), ty + w * 0.2), (rb + bend, base_y - w * 0.3),
                        (rb, base_y - brim_h), 12)
        poly = left + right[1:]
        pygame.draw.polygon(s, colors[i], poly)
        pygame.draw.polygon(s, _mix(colors[i], (0, 0, 0), 0.35), poly, max(1, round(w * 0.012)))
        pygame.draw.circle(s, GOLD, (tx, ty), w * 0.055)
        pygame.draw.circle(s, GOLD_DARK, (tx, ty), w * 0.055, max(1, round(w * 0.012)))
    brim = pygame.Rect(0, 0, round(w * 0.7), round(brim_h))
    brim.midbottom = (round(cx), round(base_y))
    pygame.draw.rect(s, GOLD, brim, border_radius=max(1, round(brim_h / 2)))
    pygame.draw.rect(s, GOLD_DARK, brim, max(1, round(w * 0.012)), border_radius=max(1, round(brim_h / 2)))
    for k in range(5):
        x = brim.x + brim.w * (0.14 + 0.18 * k)
        pygame.draw.circle(s, colors[k % 3], (x, brim.centery), brim_h * 0.22)
    # star below
    sy = base_y + w * 0.44
    pygame.draw.polygon(s, GOLD, _star(cx, sy, w * 0.36, w * 0.15))
    pygame.draw.polygon(s, GOLD_DARK, _star(cx, sy, w * 0.36, w * 0.15), max(1, round(w * 0.012)))
    pygame.draw.polygon(s, RED, _star(cx, sy + w * 0.01, w * 0.14, w * 0.06))
    for dx, dy, r in ((-0.36, 0.12, 0.06), (0.38, 0.2, 0.05), (-0.3, 0.72, 0.05), (0.32, 0.7, 0.06)):
        pygame.draw.polygon(s, (110, 50, 150), _star(cx + dx * w, base_y + dy * w, r * w, r * w * 0.42))


# --- back patterns ------------------------------------------------------------------

def _pattern_lattice(pat, W, dark, light) -> None:
    pw, ph = pat.get_size()
    step = W * 0.085
    lw = max(1, round(W * 0.008))
    line = _mix(dark, light, 0.55)
    n = int((pw + ph) / step) + 2
    for i in range(-n, n):
        x = i * step
        pygame.draw.line(pat, line, (x, 0), (x + ph, ph), lw)
        pygame.draw.line(pat, line, (x, 0), (x - ph, ph), lw)
    for i in range(-n, n):
        for j in range(0, int(ph / step) + 2):
            # dots in the middle of each lattice cell
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step / 2
            if 0 <= x <= pw:
                pygame.draw.circle(pat, light, (x, y + step / 2), W * 0.008)


def _pattern_diamonds(pat, W, dark, light) -> None:
    pw, ph = pat.get_size()
    step = W * 0.1
    fill = _mix(dark, light, 0.3)
    lw = max(1, round(W * 0.006))
    rows = int(ph / (step / 2)) + 2
    cols = int(pw / step) + 2
    for j in range(rows):
        for i in range(cols):
            cx = i * step + (step / 2 if j % 2 else 0)
            cy = j * step / 2
            r = step * 0.42
            d = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            pygame.draw.polygon(pat, fill, d)
            pygame.draw.polygon(pat, _mix(dark, light, 0.7), d, lw)


def _pattern_rings(pat, W, dark, light) -> None:
    pw, ph = pat.get_size()
    step = W * 0.12
    lw = max(1, round(W * 0.007))
    col1, col2 = _mix(dark, light, 0.25), _mix(dark, light, 0.65)
    rows = int(ph / (step / 2)) + 2
    cols = int(pw / step) + 2
    # fish-scale pattern: overlapping circles, bottom rows drawn last
    for j in range(rows):
        for i in range(cols + 1):
            cx = i * step + (step / 2 if j % 2 else 0)
            cy = j * step / 2
            pygame.draw.circle(pat, col1, (cx, cy), step * 0.55)
            pygame.draw.circle(pat, col2, (cx, cy), step * 0.55, lw)
            pygame.draw.circle(pat, col2, (cx, cy), step * 0.3, lw)


_PATTERNS = {"lattice": _pattern_lattice, "diamonds": _pattern_diamonds, "rings": _pattern_rings}


# --- felt ----------------------------------------------------------------------------

_GRAIN: pygame.Surface | None = None


def _grain_tile() -> pygame.Surface:
    """A 192 px opaque tile of fine grain, multiplied onto the felt (near-white specks
    darken it by 0-15 %)."""
    global _GRAIN
    if _GRAIN is None:
        rnd = random.Random(7)
        n = 192
        r = rnd.random
        # row by row, the same values as a pixel loop would give, in one buffer (fast)
        grey = bytes([255 - int(r() ** 2 * 38) for _ in range(n * n)])
        rgb = bytearray(3 * n * n)
        rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
        _GRAIN = pygame.image.frombuffer(rgb, (n, n), "RGB").copy()
    return _GRAIN


_SHADING: dict = {}


def _felt_shading(color) -> pygame.Surface:
    """A small opaque image of the felt's colour with soft mottling and a vignette;
    smoothscaling it to the window gives the large-scale shading in one pass."""
    s = _SHADING.get(color)
    if s is None:
        rnd = random.Random(11)
        sw, sh = 48, 32
        mott = [[rnd.uniform(-1.0, 1.0) for _ in range(sw // 4 + 2)] for _ in range(sh // 4 + 2)]
        s = pygame.Surface((sw, sh))
        for y in range(sh):
            for x in range(sw):
                # bilinear mottling from a coarse random grid
                gx, gy = x / 4, y / 4
                ix, iy = int(gx), int(gy)
                fx, fy = gx - ix, gy - iy
                m = (mott[iy][ix] * (1 - fx) * (1 - fy) + mott[iy][ix + 1] * fx * (1 - fy)
                     + mott[iy + 1][ix] * (1 - fx) * fy + mott[iy + 1][ix + 1] * fx * fy)
                dx = (x + 0.5 - sw / 2) / (sw / 2)
                dy = (y + 0.5 - sh / 2) / (sh / 2)
                r = math.sqrt((dx * dx + dy * dy) * 0.85)
                v = max(0.0, r - 0.42) / 0.75
                k = 1.05 + 0.045 * m - min(0.55, 0.6 * v * v)
                s.set_at((x, y), tuple(max(0, min(255, round(c * k))) for c in color))
        _SHADING[color] = s
    return s


def _render_felt(size, color) -> pygame.Surface:
    surf = pygame.transform.smoothscale(_felt_shading(color), size)
    w, h = size
    tile = _grain_tile()
    tw, th = tile.get_size()
    surf.fblits([(tile, (x, y)) for y in range(0, h, th) for x in range(0, w, tw)],
                pygame.BLEND_RGB_MULT)
    return surf


def _with_alpha(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out


_DEFAULT: CardArt | None = None


# --- bounded caches and the display's format -------------------------------------

def surface_bytes(surf: pygame.Surface) -> int:
    """Bytes of a surface's pixels (``pitch * height``)."""
    return surf.get_pitch() * surf.get_height()


_FORMATS: dict = {}


def _display_formats():
    """``((bits, masks) of convert_alpha(), (bits, masks) of convert())`` for the current
    display surface, or ``None`` when there is no display mode."""
    disp = pygame.display.get_surface()
    if disp is None:
        return None
    key = (disp.get_bitsize(), disp.get_masks())
    got = _FORMATS.get(key)
    if got is None:
        probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
        got = ((probe.get_bitsize(), probe.get_masks()), key)
        _FORMATS[key] = got
    return got


def display_format(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` as the display blits it fastest: itself when it is in the display's
    format already (a per-pixel-alpha surface in ``convert_alpha``'s, an opaque one in
    ``convert``'s), else a converted copy; ``surf`` itself when there is no display
    mode.  Never a copy of a surface that needs none (``convert_alpha`` always copies)."""
    fm = _display_formats()
    if fm is None:
        return surf
    alpha = bool(surf.get_flags() & pygame.SRCALPHA)
    if (surf.get_bitsize(), surf.get_masks()) == (fm[0] if alpha else fm[1]):
        return surf
    return surf.convert_alpha() if alpha else surf.convert()


def surface_lru(max_bytes: int):
    """``functools.lru_cache`` for a function that returns a surface, bounded in bytes of
    pixels (``SurfaceCache``) instead of a count: the arguments must be hashable; the
    wrapper has ``cache_clear()``, ``cache_info()`` (``hits``, ``misses``, ``currsize``,
    ``bytes``, ``max_bytes``, ``evicted``) and ``cache`` (the ``SurfaceCache``)."""
    import functools
    from collections import namedtuple
    Info = namedtuple("Info", "hits misses currsize bytes max_bytes evicted")

    def deco(fn):
        cache = SurfaceCache(max_bytes)
        count = [0, 0]

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            got = cache.get(key)
            if got is None:
                count[1] += 1
                got = fn(*args, **kwargs)
                cache[key] = got
            else:
                count[0] += 1
            return got
        wrapper.cache = cache
        wrapper.cache_clear = cache.clear
        wrapper.cache_info = lambda: Info(count[0], count[1], len(cache), cache.bytes,
                                          cache.max_bytes, cache.evicted)
        return wrapper
    return deco


class SurfaceCache:
    """A dict of surfaces bounded in bytes: past ``max_bytes`` of pixels the least
    recently used go first (``get`` and ``[]`` count as a use).  The dict methods the
    UI's caches use (``get``, ``[]``, ``in``, ``pop``, ``len``, ``clear``, ``values``).

    Args:
        max_bytes: the bound (bytes of pixels, ``surface_bytes``); a surface bigger
            than it alone is kept until the next one comes.
        on_evict: called with each key that goes out (``None``: nothing).
    """

    def __init__(self, max_bytes: int, on_evict: Callable | None = None) -> None:
        self.max_bytes = int(max_bytes)
        self.bytes = 0
        self.evicted = 0
        self._d: OrderedDict = OrderedDict()
        self._on_evict = on_evict
        #: keys never let go for room (``pin``): what a kept picture shows
        self.pinned: frozenset = frozenset()

    def pin(self, keys) -> None:
        """Keep ``keys`` (an iterable of keys, cached or not) from being let go for room,
        instead of the keys pinned before; the least recently used of the others go
        first.  Pinned surfaces count in ``bytes``: past ``max_bytes`` with only pinned
        ones (and the newest) left, nothing more goes."""
        self.pinned = frozenset(keys)

    def get(self, key, default=None):
        s = self._d.get(key)
        if s is None:
            return default
        self._d.move_to_end(key)
        return s

    def __getitem__(self, key):
        s = self._d[key]
        self._d.move_to_end(key)
        return s

    def __contains__(self, key) -> bool:
        return key in self._d

    def __len__(self) -> int:
        return len(self._d)

    def __iter__(self):
        return iter(self._d)

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def __setitem__(self, key, surf: pygame.Surface) -> None:
        old = self._d.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._d[key] = surf
        self.bytes += surface_bytes(surf)
        if self.bytes <= self.max_bytes:
            return
        pinned = self.pinned
        if not pinned:
            while self.bytes > self.max_bytes and len(self._d) > 1:
                k, s = self._d.popitem(last=False)
                self._went(k, s)
            return
        for k in [k for k in self._d if k not in pinned and k != key]:
            if self.bytes <= self.max_bytes:
                break
            self._went(k, self._d.pop(k))

    def _went(self, k, s) -> None:
        self.bytes -= surface_bytes(s)
        self.evicted += 1
        if self._on_evict is not None:
            self._on_evict(k)

    def pop(self, key, default=None):
        s = self._d.pop(key, None)
        if s is None:
            return default
        self.bytes -= surface_bytes(s)
        return s

    def clear(self) -> None:
        self._d.clear()
        self.bytes = 0




def default_art() -> CardArt:
    """The shared ``CardArt`` instance (one cache for the whole app)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = CardArt()
    return _DEFAULT


def felt(size: Sequence[int]) -> pygame.Surface:
    """The table's felt at ``size`` from the shared cache (``default_art().felt``)."""
    return default_art().felt(size)
