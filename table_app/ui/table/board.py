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

from typing import Any

import pygame

from ...core.cards import JOKER
from ..cardart import SurfaceCache
from ..slack import AheadCost
from .felt import TURN_BOXES, CardImages, Felt, bg_items, box, changed_rects
from .labels import draw_label, label_rect, wild_badge
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


def seat_badges(view, labels) -> list:
    """The ``labels`` of the seats' boxes (anchored inside a ``seat``/``seat_hi`` box of
    ``view.boxes``): their name plates, cards and points, levels, last moves and tags."""
    seats = [r for r, kind in view.boxes if kind in ("seat", "seat_hi")]
    if not seats:
        return []
    return [lab for lab in labels if any(r.collidepoint(lab.pos) for r in seats)]


#: draws without a lit place after which the still part's other picture goes (``Board``)
ALT_DRAWS = 240


def _take(free: list, size, like) -> pygame.Surface:
    """A surface of ``size`` taken out of ``free`` (the other picture's spares), else a
    new one in ``like``'s format."""
    for i, p in enumerate(free):
        if p.get_size() == tuple(size):
            return free.pop(i)
    return pygame.Surface(size, 0, like)


def _lit_changed(old, new) -> bool:
    """Whether the still part's items (``Board.draw``) go from ``old`` to ``new`` with a
    change of the places lit for a drag (entries ``("lit", ...)``)."""
    return (tuple(i for i in old if i and i[0] == "lit")
            != tuple(i for i in new if i and i[0] == "lit"))


class Board:
    """The sprites, the felt and the card images of one table view."""

    def __init__(self) -> None:
        self.layer = SpriteLayer()
        self.felt = Felt()
        self.images = CardImages()
        #: the card art last drawn with, for ``work_ahead``
        self._art: Any = None
        #: ``work_ahead`` is called each frame (``App.step``): ``draw`` leaves the faces
        #: ahead of need to it (a caller that only draws gets them from ``draw``)
        self._driven = False
        #: cards growing or shrinking in flight, scaled (``_draw_cards``): by the image
        #: and the size, bounded in bytes
        self._scaled: Any = SurfaceCache(SCALED_BYTES)
        #: the still part as it was before the last change of the places a drag lights,
        #: where that change patched it: ``[(rect, pixels there)]`` (``_alt_keys``: what
        #: it shows).  A drag lights them as it starts and puts them out as it ends, the
        #: same places each time: the pixels are swapped back instead of patching a third
        #: of the window again (2-3 ms at 8 seats); ``_alt_spare``: the surfaces the last
        #: swap freed, for the next.  Let go ``ALT_DRAWS`` draws after the last lit one.
        self._alt: Any = None
        self._alt_keys: Any = None
        self._alt_spare: list = []
        self._alt_idle = 0
        self._spare_cost = AheadCost(first_ms=0.5)

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
             hinted=(), under_cards=None, under_key=None, labels=(), plates=(),
             ring=None) -> None:
        """The felt with its boxes (``turn``: the player's turn, the hand's box glows),
        the seats lit in turn, then ``under_cards(surf)`` (the places lit for a drag;
        ``under_key``: what it draws, as ``((name, (x, y, w, h)), ...)``, else the still
        part is not kept), the ``plates`` (``(key, surface, (x, y))``: the "your turn"
        plate on the hand's edge, under the cards: a card lifted or dragged over it
        stays whole), and the cards: picked up (``selected``, gold), a lead that
        may be made (``lift``, green), the hint's (``hinted``, a tinted ring), a wild
        rank's "wild" badge (``view.wild_cards``); then the
        view's ``labels`` (``labels.draw_label``) over the cards that stand still;
        then ``ring(surf)`` (the turn's pulsing ring round the hand: it returns the
        rects it painted), under the hand's cards (the one the player lifts stays
        whole: ``_under_hand``) and the cards in flight or dragged.

        The still part of the picture (the felt, the boxes, what ``under_cards`` draws,
        the cards that neither glide, nor are dragged, nor change size, in drawing
        order, and the labels) is kept in one surface and blitted whole: a still 8-seat table is one
        blit, not a hundred and fifty; the cards in flight are drawn over it, in their
        order.  When some of it changes (a card
        picked up, a seat's turn, a place lit, a card landing) only the places that
        changed are painted again on it (the felt copied back there, then everything
        touching them redrawn in order, clipped): the same pixels as a fresh draw.
        ``still_hits``, ``still_patches`` and ``still_builds`` count the three ways;
        ``still_swaps`` the drags' starts and ends that swapped in the other picture
        (``_alt``)."""
        W, H = surf.get_size()
        self._art = art
        if not self._driven:
            self.images.tick(art)
        four = bool(getattr(settings, "four_color", False))
        large = bool(getattr(settings, "large_index", False))
        back = getattr(settings, "card_back", "blue")
        self._wild = wild = getattr(view, "wild_cards", ())
        still_part, moving = [], []
        for sp in self.layer.ordered():
            if sp.t < 0:
                continue     # still in the deck, waiting to be dealt
            if sp.dragging or sp.moving() or abs(sp.w - sp.tw) > 1:
                moving.append(sp)
            else:
                still_part.append(sp)
        # the felt (painted once, kept) with the boxes and the chips over it are the
        # background (the seats' boxes, which light up in turn, are drawn over it each
        # frame); when a box or a chip stack changes, only the changed places of the
        # still part are painted anew (``Felt.paint`` clipped)
        felt = self.felt
        felt.update(art, W, H, bg_items(view, turn))
        if under_cards is not None and under_key is None:
            self._still_head = None
            self._draw_still(surf, art, felt, view, under_cards, still_part, four, large,
                             back, selected, lift, hinted, labels, plates)
        else:
            head = (W, H, surf.get_bitsize(), four, large, back, self.images.generation,
                    felt.generation)
            fkey = self.felt.key
            standins = self.images.standins    # a stand-in giving way changes its card
            items = (tuple(("box", r.x, r.y, r.w, r.h, kind) for r, kind in view.boxes
                           if kind in TURN_BOXES)
                     + tuple(("lit", *r) for _, r in (under_key or ()))
                     + tuple((sp.key, sp.face, int(sp.x), int(sp.y - sp.lift), int(sp.w),
                              int(round(sp.tw)), sp.dim, sp.key in selected,
                              sp.key in lift, sp.key in hinted, sp.key in wild,
                              (sp.face, int(round(sp.tw)), four, large, back) in standins)
                             for sp in still_part)
                     + tuple(("lab", *label_rect(lab), lab.kind, lab.text, lab.size,
                              tuple(lab.color), lab.width) for lab in labels))
            if items != self._still_items or head != self._still_head:
                self._pin(art, still_part, four, large)
            still = self._still
            if under_key:
                self._alt_idle = 0
            else:
                self._alt_idle += 1
                if self._alt_idle > ALT_DRAWS:
                    self._alt = self._alt_keys = None
                    self._alt_spare = []
            if (self._alt is not None and still is not None and still.get_size() == (W, H)
                    and self._alt_keys == (head, items, fkey)):
                # the picture the other side of a drag's start or end: its pixels back
                self._swap_alt(still)
                self.still_swaps += 1
            elif still is None or still.get_size() != (W, H) or head != self._still_head:
                if still is None or still.get_size() != (W, H):
                    still = self._still = pygame.Surface((W, H), 0, surf)
                self._draw_still(still, art, felt, view, under_cards, still_part, four,
                                 large, back, selected, lift, hinted, labels)
                self.still_builds += 1
                self._alt = self._alt_keys = None
            elif items == self._still_items and fkey == self._still_felt:
                self.still_hits += 1
            else:
                dirty = _changed_areas(self._still_items, items, W, H)
                if dirty is not None and fkey != self._still_felt:
                    # the felt's boxes changed (a meld grew): their places too
                    old = self._still_felt
                    more = (changed_rects(old[2], fkey[2], W, H)
                            if old is not None and fkey is not None and old[:2] == fkey[:2]
                            else None)
                    dirty = None if more is None else _merge(dirty + more)
                if dirty is None:
                    self._draw_still(still, art, felt, view, under_cards, still_part, four,
                                     large, back, selected, lift, hinted, labels)
                    self.still_builds += 1
                    self._alt = self._alt_keys = None
                else:
                    if _lit_changed(self._still_items, items):
                        # the lit places come or go: what is painted over is kept for
                        # the way back
                        self._keep_alt(still, dirty)
                    elif self._alt is not None:
                        # another change (a card landing, a meld lit under the drag):
                        # the other picture's pixels where it paints are kept too
                        self._extend_alt(still, dirty, W * H)
                    # each card's and label's place once, not once a patch
                    card_at = [_card_area(sp) for sp in still_part]
                    lab_at = [pygame.Rect(label_rect(lab)) for lab in labels]
                    for d in dirty:
                        felt.paint(still, d)       # (clipped to ``d`` from here on)
                        for r, kind in view.boxes:
                            if kind in TURN_BOXES and r.colliderect(d):
                                box(still, r, kind)
                        if under_cards is not None:
                            under_cards(still)
                        self._draw_cards(still, art, [still_part[i] for i in d.collidelistall(card_at)],
                                         four, large, back, selected, lift, hinted)
                        for i in d.collidelistall(lab_at):
                            draw_label(still, labels[i])
                    still.set_clip(None)
                    self.still_patches += 1
            self._still_head, self._still_items, self._still_felt = head, items, fkey
            surf.blit(still, (0, 0))
            if plates:
                self._over_plates(surf, art, plates, still_part, labels, four, large, back,
                                  selected, lift, hinted)
        if ring is not None:
            self._under_hand(surf, art, ring(surf), still_part, labels, four, large, back,
                             selected, lift, hinted)
        # the cards in flight (gliding, dragged, growing) over the still ones
        self._draw_cards(surf, art, moving, four, large, back, selected, lift, hinted)
        if not moving and len(self._scaled):
            self._scaled.clear()       # nothing in flight: the scaled cards go
        # and the seats' badges over the cards gliding into (or out of) a seat's hand:
        # its name, its last move, its "down" tag stay readable (#19); a card the player
        # drags stays on top
        gliding = [_card_area(sp) for sp in moving if not sp.dragging]
        if gliding and labels:
            for lab in seat_badges(view, labels):
                r = pygame.Rect(label_rect(lab))
                if r.collidelist(gliding) >= 0:
                    draw_label(surf, lab)

    def work_ahead(self, slack=None) -> int:
        """The faces rendered ahead of need in this frame's ``slack`` (a
        ``ui.slack.FrameSlack``; ``CardImages.tick``), from the next frame on in place of
        ``draw``'s fixed share; returns how many."""
        self._driven = True
        if self._art is None:
            return 0
        n = self.images.tick(self._art, slack)
        if self._alt is not None and self._still is not None:
            n += self._spare_cost.run(slack, self._make_spare, 1)
        return n

    def _make_spare(self) -> bool:
        """One surface for the next swap of the other picture (``_swap_alt``), made (and
        its pages touched) ahead, not in the frame of the drag's end; whether one was."""
        alt, spare, still = self._alt or [], self._alt_spare, self._still
        if still is None:
            return False
        sizes = [p.get_size() for p in spare]
        for r, _p in alt:
            if r.size in sizes:
                sizes.remove(r.size)
                continue
            piece = pygame.Surface(r.size, 0, still)
            piece.fill((0, 0, 0))
            spare.append(piece)
            return True
        return False

    #: the still part (``draw``): its surface and what it shows
    _still: pygame.Surface | None = None
    _still_head: Any = None
    _still_items: Any = None
    _still_felt: Any = None
    _wild: Any = ()

    def _keep_alt(self, still, dirty) -> None:
        """Keep ``still``'s pixels in the places ``dirty`` (rects) before they are
        painted over, as the other picture (``_alt``) of what ``still`` shows now."""
        pieces = []
        free = list(self._alt_spare) + [p for _r, p in (self._alt or ())]
        for d in dirty:
            r = pygame.Rect(d)
            piece = _take(free, r.size, still)
            piece.blit(still, (0, 0), r)
            pieces.append((r, piece))
        self._alt = pieces
        self._alt_spare = []
        self._alt_keys = (self._still_head, self._still_items, self._still_felt)

    def _extend_alt(self, still, dirty, most: int) -> None:
        """Before ``dirty`` (rects) are painted on ``still`` for a change that is not the
        lit places': the other picture (``_alt``) differs from ``still`` only in its
        pieces' places, so outside them its pixels are ``still``'s: kept for each place
        outside every piece; one that overlaps a piece in part (or more than half of
        ``most`` pixels kept in all) lets the other picture go."""
        pieces = self._alt
        for d in dirty:
            r = pygame.Rect(d)
            if any(q.contains(r) for q, _p in pieces):
                continue
            if r.collidelist([q for q, _p in pieces]) != -1:
                self._alt = self._alt_keys = None
                return
            piece = pygame.Surface(r.size, 0, still)
            piece.blit(still, (0, 0), r)
            pieces.append((r, piece))
        if sum(q.w * q.h for q, _p in pieces) > most // 2:
            self._alt = self._alt_keys = None

    def _swap_alt(self, still) -> None:
        """Put the other picture's pixels (``_alt``) back on ``still``, keeping those
        they cover as the other picture in turn."""
        spare = list(self._alt_spare)
        pieces = []
        for r, piece in self._alt:
            cur = _take(spare, r.size, still)
            cur.blit(still, (0, 0), r)
            still.blit(piece, r.topleft)
            pieces.append((r, cur))
        self._alt_spare = [p for _r, p in self._alt]
        self._alt = pieces
        self._alt_keys = (self._still_head, self._still_items, self._still_felt)

    still_hits = 0
    still_patches = 0
    still_builds = 0
    still_swaps = 0

    #: the card art whose faces this board pinned (``_pin``)
    _pinned_art: Any = None

    def _pin(self, art, still_part, four: bool, large: bool) -> None:
        """The faces the still part shows are pinned in the card art
        (``CardArt.pin_faces``): drawn into it once, they would look least recently used
        and be let go for room first, and each then rendered again when a change near it
        was painted, letting the next go."""
        pin = getattr(art, "pin_faces", None)
        if pin is None:
            return
        pin({(sp.face, int(round(sp.tw)), four, large) for sp in still_part
             if sp.face is not None and 0 <= sp.face <= JOKER})
        self._pinned_art = art

    def unpin(self) -> None:
        """Let the faces this board pinned go like any (its scene closed)."""
        art, self._pinned_art = self._pinned_art, None
        if art is not None:
            art.pin_faces(())

    def forget_still(self) -> None:
        """Let the still part go (its window-sized surface): drawn anew when next kept."""
        self._still = None
        self._still_head = self._still_items = self._still_felt = None

    def _over_plates(self, surf, art, plates, sprites, labels, four, large, back, selected,
                     lift, hinted) -> None:
        """The plates over the kept still picture, and in each plate's place the still
        cards and labels over it again: the pixels of a picture painted with the plates
        under the cards (``_draw_still``), while the kept picture has none, so a plate
        that comes or goes (the turn's, at a drag's start) leaves the picture on the
        other side of a drag as it was (issue #17: each first drag of a turn patched
        the hand's lit place, 1.5 ms)."""
        card_at = [_card_area(sp) for sp in sprites]
        old = surf.get_clip()
        for _key, img, pos in plates:
            r = img.get_rect(topleft=pos)
            surf.blit(img, pos)
            over = [sprites[i] for i in r.collidelistall(card_at)]
            labs = [lab for lab in labels if r.colliderect(pygame.Rect(label_rect(lab)))]
            if over or labs:
                surf.set_clip(r.clip(old))
                self._draw_cards(surf, art, over, four, large, back, selected, lift, hinted)
                for lab in labs:
                    draw_label(surf, lab)
                surf.set_clip(old)

    def _under_hand(self, surf, art, areas, sprites, labels, four, large, back, selected,
                    lift, hinted) -> None:
        """In each of ``areas`` (rects the turn's ring just painted over the still
        picture) the still hand cards there and the labels over them drawn again: the
        ring lies under the hand's cards, so one the player lifts (picked up) or one
        lifted as a lead stays whole over it (a tester saw the pulse cut across it);
        the cards dragged or in flight are drawn after it anyway.  Only a lifted card
        (``lift`` > 0) rises out of the hand's box to meet the ring, so only those are
        drawn again (all of them, every frame of the pulse, cost the 8-seat table's
        frames 0.5-1 ms at p99)."""
        hand = [sp for sp in sprites if sp.group == "hand" and sp.lift > 0]
        if not hand or not areas:
            return
        card_at = [_card_area(sp) for sp in hand]
        old = surf.get_clip()
        for a in areas:
            over = [hand[i] for i in a.collidelistall(card_at)]
            if not over:
                continue
            surf.set_clip(a.clip(old))
            self._draw_cards(surf, art, over, four, large, back, selected, lift, hinted)
            for lab in labels:
                r = pygame.Rect(label_rect(lab))
                if r.colliderect(a) and r.collidelist([_card_area(sp) for sp in over]) >= 0:
                    draw_label(surf, lab)
            surf.set_clip(old)

    def _draw_still(self, surf, art, felt, view, under_cards, sprites, four, large, back,
                    selected, lift, hinted, labels=(), plates=()) -> None:
        felt.paint(surf)
        for r, kind in view.boxes:
            if kind in TURN_BOXES:
                box(surf, r, kind)
        if under_cards is not None:
            under_cards(surf)
        for _key, img, pos in plates:
            surf.blit(img, pos)
        self._draw_cards(surf, art, sprites, four, large, back, selected, lift, hinted)
        for lab in labels:
            draw_label(surf, lab)

    def _draw_cards(self, surf, art, sprites, four, large, back, selected, lift,
                    hinted) -> None:
        for s in sprites:
            w = int(round(s.tw))
            img = self.images.get(art, s.face, w, four, large, back)
            r = s.rect()
            if abs(s.w - s.tw) > 1 and abs(getattr(s, "sw", s.w) - s.tw) > _GROW_SNAP * s.tw:
                # growing or shrinking in flight: in steps of ``_GROW_STEP`` px (the
                # cards in flight pass through the same few sizes, ``_scale`` keeps
                # them); a small change (the melds made narrower by a new one) is drawn
                # at the new size from the start
                gw = max(1, r.w - r.w % _GROW_STEP)
                img = self._scale(img, (gw, max(1, int(gw * 1.4))))
            if s.dragging:
                surf.blit(art.shade(w, 70), (r.x + 6, r.y + 8))
            surf.blit(img, r.topleft)
            if s.key in self._wild and s.face is not None:
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

    def _scale(self, img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``img`` smoothly scaled to ``size``, kept (``_scaled``): the cards dealt or
        gathered pass through the same sizes, most of them the same back, so a deal's
        frames scale each size once rather than every card each frame."""
        key = (id(img), size)
        got: Any = self._scaled.get(key)
        if got is not None and got[0] is img:
            return got[1]
        out = pygame.transform.smoothscale(img, size)
        self._scaled[key] = _Scaled((img, out))
        return out


class _Scaled(tuple):
    """``(source, scaled)`` surfaces in ``Board._scaled``: counted by the scaled one's
    bytes (``SurfaceCache``)."""

    def get_pitch(self) -> int:
        return self[1].get_pitch()

    def get_height(self) -> int:
        return self[1].get_height()


#: the bound of the cache of cards scaled in flight (bytes of pixels)
SCALED_BYTES = 2 << 20
#: a card growing or shrinking in flight is drawn at a multiple of this width (px)
_GROW_STEP = 3
#: a glide that changes a card's width by less than this share of its new width draws
#: it at the new width throughout (43 meld cards shrinking by 8 % were 43 smooth scalings
#: a frame at 8 seats, 1920x1080)
_GROW_SNAP = 0.15

#: the margin round a card or a box a repaint takes (rings and glows stay inside it)
_PAD = 4
#: past this many changed items (cards, boxes, labels that came, went or changed), or
#: this many places to paint once they are merged, or this share of the window, the
#: still part is drawn whole
_MAX_ITEMS = 240
_MAX_AREAS = 32
_MAX_SHARE = 0.5
#: places this close (px) are painted as one (fewer felt copies, no card drawn twice)
_NEAR = 24


def _card_area(sp) -> pygame.Rect:
    w = int(round(sp.tw))
    return pygame.Rect(int(sp.x) - _PAD, int(sp.y - sp.lift) - _PAD, max(int(sp.w), w) + 2 * _PAD,
                       int(max(sp.w, w) * 1.4) + 2 * _PAD + 2)


def _item_area(it) -> pygame.Rect:
    if it[0] in ("box", "lit", "lab", "plate"):
        return pygame.Rect(it[1] - _PAD, it[2] - _PAD, it[3] + 2 * _PAD, it[4] + 2 * _PAD)
    w = max(it[4], it[5])
    return pygame.Rect(it[2] - _PAD, it[3] - _PAD, w + 2 * _PAD, int(w * 1.4) + 2 * _PAD + 2)


def _changed_areas(old, new, W: int, H: int) -> list | None:
    """The places to paint again when the still part's items go from ``old`` to ``new``
    (``Board.draw``): the areas of the items that went, came or changed; ``None`` when
    the items kept changed their order or too much changed (then it is drawn whole)."""
    olds, news = set(old), set(new)
    if [it for it in old if it in news] != [it for it in new if it in olds]:
        return None
    changed = [it for it in old if it not in news] + [it for it in new if it not in olds]
    if len(changed) > _MAX_ITEMS:
        return None
    screen = pygame.Rect(0, 0, W, H)
    out = _merge([_item_area(it).clip(screen) for it in changed])
    # a hand sorted, a row of melds shifted: many items, few places
    if len(out) > _MAX_AREAS or sum(r.w * r.h for r in out) > W * H * _MAX_SHARE:
        return None
    return out


def _merge(rects: list) -> list:
    """``rects`` without the empty ones, those that overlap as one (their union, merged
    again until no two overlap)."""
    out: list = [r for r in rects if r.w > 0 and r.h > 0]
    merged = True
    while merged:
        merged = False
        nxt: list = []
        for r in out:
            near = r.inflate(2 * _NEAR, 2 * _NEAR)
            for i, o in enumerate(nxt):
                if o.colliderect(near):
                    nxt[i] = o.union(r)
                    merged = True
                    break
            else:
                nxt.append(r)
        out = nxt
    return out


__all__ = ["Board", "spawn_at", "sink_at", "deal_delay", "GREEN", "HINT"]
