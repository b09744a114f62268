"""The board: the cards on the felt, as both the table and the replay viewer show them.

``Board.show`` gives every card sprite the place the presenter computed for it (``View``
placements), each new card gliding in from where the event shown last puts it (a draw
from the stock or the discard pile, a buy, a swap from its meld; a dealt card from the
stock, one at a time round the table) and each card gone gliding to the seat that acted
(``spawn_at``, ``sink_at``, ``deal_delay``).  ``Board.draw`` paints the felt (``felt``),
the seats that light up in turn, and the cards with their marks (picked up, a lead that
may be made, the hint's), in drawing order.
"""
from __future__ import annotations

import pygame

from .felt import TURN_BOXES, CardImages, Felt, bg_items, box
from .labels import wild_badge
from .sprites import SpriteLayer

GREEN = (110, 230, 130)      # a card that may be led (Michigan)
HINT = (255, 120, 230)       # the hint's cards and target
#: seconds between two cards dealt
DEAL_STEP = 0.022


def spawn_at(p, view, ev):
    """Where a card newly placed at ``p`` comes from, for the event ``ev`` shown last."""
    t = getattr(ev, "type", "")
    actor = getattr(ev, "player", None) if ev is not None else None
    if t == "deal" or ev is None:
        return view.stock_pos
    if p.group == "hand" or (isinstance(p.key, tuple) and p.key[0] == "opp"):
        if t == "draw":
            return view.discard_pos if ev.source == "discard" else view.stock_pos
        if t == "buy":
            return view.discard_pos
        if t == "swap" and p.group == "hand":
            m = view.melds.get(ev.meld)
            return (m.x, m.y) if m else view.stock_pos
        return view.stock_pos
    if actor is not None and actor in view.seat_pos:
        return view.seat_pos[actor]
    return (p.x, p.y)


def sink_at(s, view, obs, ev, human: int):
    """Where a card no longer placed (sprite ``s``) goes for the event ``ev`` shown last,
    or ``None`` (it vanishes)."""
    actor = getattr(ev, "player", None) if ev is not None else None
    if isinstance(s.key, tuple):
        return None
    if s.key in getattr(obs, "discard_pile", ()):
        # still in the discard pile, only no longer among the cards it shows (a
        # discard covered it): it goes nowhere (it flew face up to the seat that
        # acted, as if that seat had taken it)
        return None
    if actor is not None and actor != human and actor in view.seat_pos:
        return view.seat_pos[actor]
    if getattr(ev, "type", "") == "deal":
        return view.stock_pos
    return None


def deal_delay(p, ev, hand_order, human: int, n: int, seats=None) -> float:
    """Dealing: one card at a time round the table from the dealer's left (the upcard
    and the stock last): seconds before placement ``p``'s card sets off.  ``seats``:
    card key -> (seat, place in its hand) of the other seats' cards shown face up (the
    replay's all hands open)."""
    dealer = getattr(ev, "dealer", 0)
    if p.group == "hand":
        i = hand_order.index(p.key) if p.key in hand_order else 0
        seat = human
    elif isinstance(p.key, tuple) and p.key[0] == "opp":
        seat, i = p.key[1], p.key[2]
    elif seats and p.key in seats:
        seat, i = seats[p.key]
    else:
        return DEAL_STEP * n * 14
    return DEAL_STEP * (i * n + (seat - dealer - 1) % n)


class Board:
    """The sprites, the felt and the card images of one table view."""

    def __init__(self) -> None:
        self.layer = SpriteLayer()
        self.felt = Felt()
        self.images = CardImages()

    def show(self, view, obs, ev, human: int, num_players: int, hand_order, *,
             instant: bool = False, slow: float = 1.0, dealing: bool | None = None,
             seats=None) -> None:
        """Move the sprites to ``view``'s placements for the event ``ev`` shown last
        (``instant``: at once; ``slow``: a factor on the glide; ``dealing``: the deal's
        one-by-one timing, by default when ``ev`` is a deal; ``seats``: see
        ``deal_delay``)."""
        layer = self.layer
        sp = layer.speed
        if instant:
            layer.speed = 0.0
        if dealing is None:
            dealing = getattr(ev, "type", "") == "deal"
        layer.apply(view.placements, lambda p: spawn_at(p, view, ev),
                    lambda s: sink_at(s, view, obs, ev, human), slow=slow,
                    delay_of=(lambda p: deal_delay(p, ev, hand_order, human, num_players, seats))
                    if dealing else None)
        layer.speed = sp

    def draw(self, surf, art, settings, view, *, turn: bool = False, selected=(), lift=(),
             hinted=(), under_cards=None) -> None:
        """The felt with its boxes (``turn``: the player's turn, the hand's box glows),
        the seats lit in turn, then ``under_cards(surf)`` (the places lit for a drag),
        and the cards: picked up (``selected``, gold), a lead that may be made (``lift``,
        green), the hint's (``hinted``, a tinted ring), a wild rank's "wild" badge
        (``view.wild_cards``)."""
        W, H = surf.get_size()
        self.images.tick(art)
        # the felt, the boxes and the chips are one background (the seats' boxes, which
        # light up in turn, are drawn over it each frame); when a box or a chip stack
        # changes, only the changed places are painted anew (``Felt.update``)
        surf.blit(self.felt.update(art, W, H, bg_items(view, turn)), (0, 0))
        for r, kind in view.boxes:
            if kind in TURN_BOXES:
                box(surf, r, kind)
        if under_cards is not None:
            under_cards(surf)
        four = bool(getattr(settings, "four_color", False))
        large = bool(getattr(settings, "large_index", False))
        back = getattr(settings, "card_back", "blue")
        wild = getattr(view, "wild_cards", ())
        for s in self.layer.ordered():
            if s.t < 0:
                continue  # still in the deck, waiting to be dealt
            w = int(round(s.tw))
            img = self.images.get(art, s.face, w, four, large, back)
            r = s.rect()
            if abs(s.w - s.tw) > 1:
                img = pygame.transform.smoothscale(img, (max(1, r.w), max(1, int(r.w * 1.4))))
            if s.dragging:
                surf.blit(art.shade(w, 70), (r.x + 6, r.y + 8))
            surf.blit(img, r.topleft)
            if s.key in wild and s.face is not None:
                surf.blit(wild_badge(w), (r.x + 2, r.y + int(r.h * 0.56)))
            if s.dim:
                surf.blit(art.shade(w, 80), r.topleft)
            if s.key in selected:
                surf.blit(art.highlight(w), r.topleft)
            elif s.key in lift:
                surf.blit(art.highlight(w, color=GREEN), r.topleft)
            if s.key in hinted:
                # a tinted ring in drawing order: in a fanned hand each hinted card's
                # visible strip is marked, not a tangle of overlapping outlines
                surf.blit(art.highlight(w, color=HINT, fill_alpha=55), r.topleft)


__all__ = ["Board", "spawn_at", "sink_at", "deal_delay", "GREEN", "HINT"]
