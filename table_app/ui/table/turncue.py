"""The "your turn" cue (issue #19): when the player's turn comes, once the move before it
has landed, a short sound (``your_turn``; silent without a sound device) and a ring
pulsing round the hand for ``PULSE_S`` seconds; for the whole turn a "Your turn" plate
on the hand's top edge (the hand's box glows as before: ``felt.bg_items``).

``TurnCue.update(key, dt, ready)`` each frame: ``key`` names the player's turn now
(``None``: it is not their turn; a new value: a new turn), ``ready`` says that the table
shows it settled (caught up, the last move landed).  It returns ``True`` on the frame a
new turn's cue starts (the table plays the sound then).
"""
from __future__ import annotations

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

    def draw(self, surf: pygame.Surface, hand: pygame.Rect, u: float = 1.0) -> None:
        """The plate on ``hand``'s top edge, and the pulsing ring while it runs."""
        if not self.on:
            return
        if self.t > 0:
            k = min(1.0, self.t / PULSE_S)
            # two beats that fade: the ring breathes out and back
            import math
            beat = 0.5 + 0.5 * math.cos((1 - k) * 4 * math.pi)
            grow = int((4 + 6 * beat) * u)
            r = hand.inflate(grow, grow)
            ring = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (*GOLD, int(220 * k)), ring.get_rect(), max(2, int(4 * u)),
                             border_radius=int(14 * u))
            surf.blit(ring, r.topleft)
        # Translators: the plate on the player's hand while it is their turn
        img = text.plate(_("Your turn"), 14, (20, 16, 4), (*GOLD, 235), pad=int(6 * u), bold=True)
        surf.blit(img, img.get_rect(midbottom=(hand.centerx, hand.y + int(4 * u))))


__all__ = ["TurnCue", "PULSE_S"]
