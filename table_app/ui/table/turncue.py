"""The "your turn" cue (issue #19): when the player's turn comes, once the move before it
has landed, a short sound (``your_turn``; silent without a sound device) and a ring
pulsing round the hand for ``PULSE_S`` seconds; for the whole turn a "Your turn" plate
on the hand's top edge (the hand's box glows as before: ``felt.bg_items``), drawn under
the cards (``plates``: a card lifted or dragged over it is not covered by it).

``TurnCue.update(key, dt, ready)`` each frame: ``key`` names the player's turn now
(``None``: it is not their turn; a new value: a new turn), ``ready`` says that the table
shows it settled (caught up, the last move landed).  It returns ``True`` on the frame a
new turn's cue starts (the table plays the sound then).
"""
from __future__ import annotations

import math

import pygame

from ...i18n import _
from . import text

#: seconds the ring pulses round the hand when the turn comes
PULSE_S = 1.6
GOLD = (255, 214, 80)


class TurnCue:
    """The cue's state: ``key`` the turn cued (``None``: none), ``t`` seconds left of its
    pulse, ``on`` the player's turn is shown."""

    def __init__(self) -> None:
        self.key = None
        self.t = 0.0
        self.on = False

    def update(self, key, dt: float, ready: bool, pulse: float = PULSE_S) -> bool:
        """One frame (the module's doc); ``True`` when a new turn's cue starts now.
        ``pulse``: seconds the new turn's ring pulses (0: none, animations skipped)."""
        if key is None:
            self.on = False
            self.t = 0.0
            return False
        if self.t > 0:
            self.t = max(0.0, self.t - dt)
        if not ready:
            return False
        self.on = True
        if key == self.key:
            return False
        self.key = key
        self.t = max(0.0, pulse)
        return True

    @property
    def busy(self) -> bool:
        """The pulse runs (the loop must not sleep)."""
        return self.t > 0

    def plates(self, hand: pygame.Rect, u: float = 1.0) -> tuple:
        """The "Your turn" plate on ``hand``'s top edge while the turn is shown, as
        ``Board.draw`` takes it (``(key, surface, (x, y))``, drawn under the cards: the
        card the player lifts or drags over it stays whole); ``()`` otherwise."""
        if not self.on:
            return ()
        # Translators: the plate on the player's hand while it is their turn
        label = _("Your turn")
        img = text.plate(label, 14, (20, 16, 4), (*GOLD, 235), pad=int(6 * u), bold=True)
        r = img.get_rect(midbottom=(hand.centerx, hand.y + int(4 * u)))
        return ((("your_turn", label), img, r.topleft),)

    def ring_rect(self, hand: pygame.Rect, u: float = 1.0) -> pygame.Rect | None:
        """The outer edge of the ring round ``hand`` now (it breathes out and back),
        ``None`` when no pulse runs."""
        if not self.on or self.t <= 0:
            return None
        k = min(1.0, self.t / PULSE_S)
        # two beats that fade: the ring breathes out and back
        beat = 0.5 + 0.5 * math.cos((1 - k) * 4 * math.pi)
        grow = int((4 + 6 * beat) * u)
        return hand.inflate(grow, grow)

    def draw(self, surf: pygame.Surface, hand: pygame.Rect, u: float = 1.0) -> list:
        """The pulsing ring round ``hand`` while it runs (``Board.draw``'s ``ring``: over
        the still table, under the hand's cards and those dragged or in flight; the
        plate is ``plates``, under the cards); returns the rects it painted (its four
        edges with their corners; ``[]``: none)."""
        r = self.ring_rect(hand, u)
        if r is None:
            return []
        k = min(1.0, self.t / PULSE_S)
        width, radius = max(2, int(4 * u)), int(14 * u)
        draw_ring(surf, r, GOLD, int(220 * k), width, radius)
        c = max(width, radius + 1)
        return [pygame.Rect(r.x, r.y, r.w, c), pygame.Rect(r.x, r.bottom - c, r.w, c),
                pygame.Rect(r.x, r.y + c, c, r.h - 2 * c),
                pygame.Rect(r.right - c, r.y + c, c, r.h - 2 * c)]


#: the ring's pieces (``draw_ring``): its corners by (colour, width, radius), its edges
#: by (colour, size), bounded in bytes of pixels
_PIECES: dict = {}
PIECE_BYTES = 512 << 10


def _pieces():
    got = _PIECES.get("cache")
    if got is None:
        from ..cardart import SurfaceCache
        got = _PIECES["cache"] = SurfaceCache(PIECE_BYTES)
    return got


def _piece(key, make):
    cache = _pieces()
    s = cache.get(key)
    if s is None:
        s = cache[key] = make()
    return s


def draw_ring(surf: pygame.Surface, r: pygame.Rect, color, alpha: int, width: int,
              radius: int) -> None:
    """A rounded ring round ``r`` (``width`` px, corners of ``radius``) in ``color`` at
    ``alpha``, blended onto ``surf``: the pixels of ``pygame.draw.rect`` on a
    per-pixel-alpha surface of ``r``'s size blitted there (within a level), drawn from
    kept pieces, its four corners and four edges, not a window-wide surface a frame
    (issue #17: the pulse of the "your turn" cue made and filled a hand-sized
    surface, 1.9 MB at 1920x1080, every frame for 1.6 s)."""
    color = tuple(color[:3])
    alpha = max(0, min(255, int(alpha)))
    c = radius + 1
    W, H = r.size
    if W < 2 * c + 1 or H < 2 * c + 1 or width >= c:
        ring = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (*color, alpha), ring.get_rect(), width, border_radius=radius)
        surf.blit(ring, r.topleft)
        return
    n = 2 * c

    def corners():
        s = pygame.Surface((n, n), pygame.SRCALPHA)
        pygame.draw.rect(s, (*color, 255), s.get_rect(), width, border_radius=radius)
        return s

    def strip(size):
        def make():
            s = pygame.Surface(size, pygame.SRCALPHA)
            s.fill((*color, 255))
            return s
        return _piece(("edge", color, size), make)

    small = _piece(("corners", color, width, radius), corners)
    small.set_alpha(alpha)
    for sx, sy, dx, dy in ((0, 0, 0, 0), (n - c, 0, W - c, 0), (0, n - c, 0, H - c),
                           (n - c, n - c, W - c, H - c)):
        surf.blit(small, (r.x + dx, r.y + dy), (sx, sy, c, c))
    small.set_alpha(None)
    h_edge = strip((W - 2 * c, width))
    v_edge = strip((width, H - 2 * c))
    for e, pos in ((h_edge, (r.x + c, r.y)), (h_edge, (r.x + c, r.bottom - width)),
                   (v_edge, (r.x, r.y + c)), (v_edge, (r.right - width, r.y + c))):
        e.set_alpha(alpha)
        surf.blit(e, pos)
        e.set_alpha(None)


__all__ = ["TurnCue", "PULSE_S", "draw_ring"]
