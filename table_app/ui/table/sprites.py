"""Card sprites that glide to their targets (the animation of the table).

The presenter says where every card should be (a ``Placement``); ``SpriteLayer.apply``
gives each sprite its new target.  A sprite glides from where it is to its target with an
ease-out curve; a card that is new on the table appears at a *spawn* point (the stock, an
opponent's hand) and glides in; a card that leaves the table glides to a *sink* point and
disappears.  ``speed`` scales every duration; ``instant`` jumps.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

import pygame

CARD_RATIO = 1.4


def make_art():
    """The card art (``cardart.CardArt``) or a plain stand-in while it is not there."""
    try:
        from ..cardart import CardArt
        return CardArt()
    except Exception:  # noqa: BLE001
        return _PlainArt()


class _PlainArt:
    """Readable plain cards (used only when ``cardart`` can't be imported)."""

    def face(self, face, width_px, **_kw):
        from ...core.cards import face_pretty
        from .text import render
        w, h = int(width_px), int(width_px * CARD_RATIO)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (252, 251, 247), s.get_rect(), border_radius=max(3, w // 12))
        pygame.draw.rect(s, (120, 120, 130), s.get_rect(), 1, border_radius=max(3, w // 12))
        col = (200, 30, 42) if 13 <= face < 39 else (24, 24, 30)
        s.blit(render(face_pretty(face), max(10, w // 4), col), (4, 2))
        return s

    def back(self, width_px, style="blue"):
        w, h = int(width_px), int(width_px * CARD_RATIO)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (40, 70, 160), s.get_rect(), border_radius=max(3, w // 12))
        pygame.draw.rect(s, (240, 240, 240), s.get_rect().inflate(-6, -6), 2, border_radius=max(3, w // 12))
        return s

    def placeholder(self, width_px, label=""):
        w, h = int(width_px), int(width_px * CARD_RATIO)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (255, 255, 255, 70), s.get_rect(), 2, border_radius=max(3, w // 12))
        return s

    def highlight(self, width_px, color=(255, 214, 80), thickness=None, fill_alpha=0):
        w, h = int(width_px), int(width_px * CARD_RATIO)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, color, s.get_rect(), 3, border_radius=max(3, w // 12))
        return s

    def shade(self, width_px, alpha=90, color=(0, 0, 0)):
        w, h = int(width_px), int(width_px * CARD_RATIO)
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (*color, alpha), s.get_rect(), border_radius=max(3, w // 12))
        return s

    def felt(self, size, color=(30, 104, 62), keep=True):
        s = pygame.Surface(size)
        s.fill(color)
        return s


@dataclass
class Placement:
    """Where a card should be: ``key`` (a physical card id, or a tuple for a card whose
    face the human can't know), top-left ``x, y``, width ``w``, ``face`` (``None``: back
    up), drawing order ``z``; ``group``: what the card belongs to (``"hand"``,
    ``"stock"``, ``"upcard"``, ``"meld:3"``, ``"stage:1"``, ``"opp:2"``, ``"played:1"``,
    ...)."""
    key: Hashable
    x: float
    y: float
    w: float
    face: int | None
    z: int = 0
    group: str = ""
    dim: bool = False
    lift: float = 0.0


class CardSprite:
    """One card on the table."""

    __slots__ = ("key", "x", "y", "w", "face", "z", "group", "dim", "lift", "sx", "sy", "sw",
                 "tx", "ty", "tw", "t", "dur", "dying", "selected", "lit", "dragging")

    def __init__(self, p: Placement, x: float, y: float, w: float) -> None:
        self.key = p.key
        self.x, self.y, self.w = x, y, w
        self.face, self.z, self.group, self.dim, self.lift = p.face, p.z, p.group, p.dim, p.lift
        self.sx, self.sy, self.sw = x, y, w
        self.tx, self.ty, self.tw = p.x, p.y, p.w
        self.t, self.dur = 0.0, 0.0
        self.dying = False
        self.selected = False
        self.lit = False
        self.dragging = False

    @property
    def h(self) -> float:
        return self.w * CARD_RATIO

    def rect(self) -> pygame.Rect:
        return pygame.Rect(int(self.x), int(self.y - self.lift), int(self.w), int(self.h))

    def target_rect(self) -> pygame.Rect:
        return pygame.Rect(int(self.tx), int(self.ty - self.lift), int(self.tw), int(self.tw * CARD_RATIO))

    def moving(self) -> bool:
        return self.t < self.dur

    def glide(self, tx: float, ty: float, tw: float, dur: float, delay: float = 0.0) -> None:
        if (tx, ty, tw) == (self.tx, self.ty, self.tw) and not self.dragging and self.moving():
            return
        self.sx, self.sy, self.sw = self.x, self.y, self.w
        self.tx, self.ty, self.tw = tx, ty, tw
        dist = abs(tx - self.x) + abs(ty - self.y) + abs(tw - self.w)
        if dur <= 0 or dist < 0.5:
            self.x, self.y, self.w = tx, ty, tw
            self.t = self.dur = 0.0
        else:
            self.t, self.dur = -max(0.0, delay), dur   # t < 0: waiting its turn (a deal)

    def update(self, dt: float) -> None:
        if self.dragging or self.t >= self.dur:
            return
        self.t = min(self.dur, self.t + dt)
        if self.t <= 0:
            return
        u = self.t / self.dur
        e = 1 - (1 - u) ** 3  # ease-out cubic
        self.x = self.sx + (self.tx - self.sx) * e
        self.y = self.sy + (self.ty - self.sy) * e
        self.w = self.sw + (self.tw - self.sw) * e


class SpriteLayer:
    """All card sprites of the table, keyed."""

    def __init__(self) -> None:
        self.sprites: dict[Hashable, CardSprite] = {}
        self.speed = 1.0       # duration multiplier (0 = instant)
        self.base = 0.32       # seconds for a normal glide
        #: key -> a raise of its drawing (and hit) order over its ``z``: the table's
        #: focused, hovered and lifted hand cards drawn over their neighbours
        self.raised: dict = {}
        #: key -> a sideways shift (px) of its target: the gap the table opens right of
        #: the raised hand card, so its neighbour's index corner shows, or where hand
        #: cards dragged over the hand would land (``set_shift``)
        self.shift: dict = {}
        self._base: dict = {}   # key -> its placement's (x, y, w), before ``shift``

    def apply(self, placements: list[Placement], spawn: Callable[[Placement], tuple[float, float]],
              sink: Callable[[CardSprite], tuple[float, float] | None], slow: float = 1.0,
              stagger: float = 0.0,
              delay_of: Callable[[Placement], float] | None = None) -> None:
        """Give every sprite its new target; new cards appear at ``spawn(p)`` and glide in
        (each ``stagger`` seconds after the one before: dealing); cards no longer placed
        glide to ``sink(sprite)`` (or vanish when it is ``None``)."""
        seen = set()
        dur = self.base * self.speed * slow
        n_new = 0
        shift = self.shift
        self._base = {p.key: (p.x, p.y, p.w) for p in placements}
        for p in placements:
            seen.add(p.key)
            if shift.get(p.key):
                p = replace(p, x=p.x + shift[p.key])
            s = self.sprites.get(p.key)
            if s is None:
                sx, sy = spawn(p)
                s = CardSprite(p, sx, sy, p.w)
                self.sprites[p.key] = s
                d = delay_of(p) if delay_of is not None else n_new * stagger
                s.glide(p.x, p.y, p.w, dur if (sx, sy) != (p.x, p.y) else 0,
                        delay=d * self.speed)
                n_new += 1
            else:
                s.dying = False
                s.face, s.z, s.group, s.dim, s.lift = p.face, p.z, p.group, p.dim, p.lift
                if not s.dragging:
                    s.glide(p.x, p.y, p.w, dur)
                else:
                    s.tx, s.ty, s.tw = p.x, p.y, p.w
        for k, s in list(self.sprites.items()):
            if k in seen:
                continue
            to = sink(s) if dur > 0 else None
            if to is None:
                del self.sprites[k]
            elif not s.dying:
                s.dying = True
                s.z = 10_000
                s.glide(to[0], to[1], s.w, dur)

    def home(self, key) -> tuple | None:
        """Where ``key``'s placement puts it, ``(x, y, w)``, before any ``shift``."""
        return self._base.get(key)

    def set_shift(self, shift: dict) -> None:
        """Shift these sprites' targets sideways (key -> px) from where their placements
        put them, gliding there as the rest of the table moves; the others go back."""
        shift = {k: dx for k, dx in shift.items() if abs(dx) >= 0.5}
        if shift == self.shift:
            return
        old, self.shift = self.shift, shift
        dur = self.base * self.speed
        for k in set(old) | set(shift):
            s, b = self.sprites.get(k), self._base.get(k)
            if s is None or b is None or s.dying or old.get(k, 0) == shift.get(k, 0):
                continue
            if s.dragging:
                s.tx = b[0] + shift.get(k, 0)
            else:
                s.glide(b[0] + shift.get(k, 0), b[1], b[2], dur)

    def update(self, dt: float) -> None:
        for k, s in list(self.sprites.items()):
            s.update(dt)
            if s.dying and not s.moving():
                del self.sprites[k]

    def moving(self) -> bool:
        return any(s.moving() for s in self.sprites.values())

    def ordered(self) -> list[CardSprite]:
        up = self.raised
        return sorted(self.sprites.values(), key=lambda s: (s.dragging, s.z + up.get(s.key, 0)))

    def at(self, pos, pred: Callable[[CardSprite], bool] | None = None) -> CardSprite | None:
        """The top-most sprite under ``pos`` (at its target position, so a card can be
        grabbed even while it glides)."""
        for s in reversed(self.ordered()):
            if s.dying:
                continue
            if (pred is None or pred(s)) and s.rect().collidepoint(pos):
                return s
        return None

    def finish(self) -> None:
        for k, s in list(self.sprites.items()):
            if s.dying:
                del self.sprites[k]
            else:
                s.x, s.y, s.w, s.t, s.dur = s.tx, s.ty, s.tw, 0.0, 0.0


def gap_shifts(row: list, raised, w: float, idx_w: float, left: float, right: float,
               pad: float = 0.0) -> dict:
    """Sideways shifts (key -> px) for a fanned row ``[(key, x)]`` of cards ``w`` wide
    whose ``raised`` card is drawn whole over its right-hand neighbour: the cards right
    of it move right until the neighbour starts ``pad`` px past its right edge (its index
    corner uncovered also by what is drawn round the raised card: the keyboard's focus
    outline), the others' steps shrinking (not below ``idx_w``, an index corner's width;
    the step onto the raised card not below ``idx_w + pad``) and the row moving left as
    far as needed to stay within ``left``..``right``."""
    row = sorted(row, key=lambda t: t[1])
    keys = [k for k, _x in row]
    if raised not in keys or keys.index(raised) == len(keys) - 1:
        return {}
    f = keys.index(raised)
    xs = [x for _k, x in row]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    if steps[f] >= w + pad:
        return {}
    steps[f] = w + pad
    floor = [idx_w + (pad if i == f - 1 else 0.0) for i in range(len(steps))]
    excess = xs[0] + sum(steps) + w - right
    if excess > 0:
        others = [i for i in range(len(steps)) if i != f]
        room = sum(max(0.0, steps[i] - floor[i]) for i in others)
        k = min(1.0, excess / room) if room > 0 else 0.0
        for i in others:
            steps[i] -= max(0.0, steps[i] - floor[i]) * k
    x0 = xs[0]
    total = sum(steps) + w
    if x0 + total > right:
        x0 = max(left, right - total)
    out, x = {}, x0
    for i, key in enumerate(keys):
        if i:
            x += steps[i - 1]
        if abs(x - xs[i]) >= 0.5:
            out[key] = x - xs[i]
    return out
