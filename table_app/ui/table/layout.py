"""Where things go on the table, for a window size and a number of seats.

Everything is computed from the window size, so a resize reflows the whole table.  The
human sits at the bottom; the opponents sit across the top in seating order (seat
``human+1`` — the next seat clockwise, on the human's left — at the left end).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

CARD_RATIO = 1.4
BANNER_H = 38
#: the height of the seats' row for the "down" tag when it has one (``compute(tag_row=)``)
TAG_ROW_H = 22
#: the height of the seats' row for their last move (two lines of 12 px on its plate),
#: under the level, at the table (``compute(last_row=)``)
LAST_ROW_H = 36
#: the narrowest (logical px) a seat's played cards are drawn in Michigan: their index
#: stays legible (issue 7)
PLAYED_MIN_W = 36
#: the card size setting: a factor on the human's card width (and the others with it)
CARD_SCALES = {"small": 0.85, "medium": 1.0, "large": 1.2}
#: the cards' width follows the window (``card_width``): a share of its width, or of its
#: height left after the fixed rows (the banner, the seats' label rows, the margins: about
#: ``FIXED_H`` logical px), whichever is smaller, between ``CARD_MIN`` and ``CARD_MAX``
#: logical px (``CARD_MAX``: the medium size of a 3840x2160 window; it stopped at 150 px,
#: so a large window had small cards on a mostly empty felt)
CARD_W_SHARE, CARD_H_SHARE, FIXED_H = 11.5, 5.8, 200
CARD_MIN, CARD_MAX = 56, 340


def card_width(size, ui: float = 1.0) -> float:
    """The medium card's width (px) in a window ``size`` pixels big, ``ui`` pixels per
    logical pixel: ``min(W / 11.5, (H - 200 ui) / 5.8)`` within ``[56, 340] * ui``: 76 px
    at 1024x640, 103 at 1280x800, 138 at 1600x1000, 152 at 1920x1080, 334 at 3840x2160."""
    W, H = size
    u = max(0.5, float(ui))
    return max(CARD_MIN * u, min(CARD_MAX * u, W / CARD_W_SHARE, (H - FIXED_H * u) / CARD_H_SHARE))


def card_scale(name) -> float:
    """The factor of a ``card_size`` setting (``small``, ``medium``, ``large``)."""
    return CARD_SCALES.get(name, 1.0)


@dataclass
class TableLayout:
    size: tuple[int, int]
    num_players: int
    human: int = 0
    layout_game: bool = False       # a layout game for chips (its pay cells and kitty)
    scale: float = 1.0              # the card size setting's factor
    ui: float = 1.0                 # pixels per logical pixel (2 on a 2x HiDPI screen)
    cw: int = 0                     # the human's card width
    ow: int = 0                     # opponents' card width
    bw: int = 0                     # the width of the opponents' card backs in their boxes
    mw: int = 0                     # table meld card width (may shrink to fit)
    banner: pygame.Rect = field(default_factory=pygame.Rect)
    opp: dict = field(default_factory=dict)      # seat -> Rect of the opponent's place
    middle: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    discard: pygame.Rect = field(default_factory=pygame.Rect)
    melds: pygame.Rect = field(default_factory=pygame.Rect)
    stage: pygame.Rect = field(default_factory=pygame.Rect)
    hand: pygame.Rect = field(default_factory=pygame.Rect)
    side: pygame.Rect = field(default_factory=pygame.Rect)   # buttons right of the stage
    tag_row: bool = False           # the seats' "down" tag on a row of its own (see compute)
    last_row: bool = False          # the seats' last move on a row of its own (see compute)

    @property
    def ch(self) -> int:
        return int(self.cw * CARD_RATIO)

    def seats_around(self) -> list[int]:
        n = self.num_players
        return [(self.human + k) % n for k in range(1, n)]


def compute(size, num_players: int, human: int = 0, layout_game: bool = False,
            scale: float = 1.0, ui: float = 1.0, tag_row: bool = False,
            last_row: bool = False, small_backs: bool = True) -> TableLayout:
    """The layout of a window ``size`` pixels big (the drawable surface's real size).
    ``scale``: the card size setting's factor (``card_scale``); ``ui``: pixels per
    logical pixel on a HiDPI screen (fixed sizes such as the banner, the margins and the
    label rows grow with it; the cards follow the window).  ``tag_row``: the opponents'
    boxes have a row of their own under the level for the "down" tag (the replay viewer
    with every hand open: there the tag would cover face-up cards; on the table it lies
    on the backs).  ``last_row``: a row of their own for the seats' last moves (the
    table: on the cards they hid a short hand whole, #19; in Michigan the backs over it
    are smaller then, ``bw``)."""
    W, H = size
    u = max(0.5, float(ui))
    L = TableLayout(size=(W, H), num_players=num_players, human=human,
                    layout_game=layout_game, scale=float(scale), ui=u, tag_row=bool(tag_row),
                    last_row=bool(last_row))
    # the cards' width: a share of the window (``card_width``), then the card size setting
    base = card_width((W, H), u)
    cw = int(base * L.scale)
    L.cw = cw
    ch = L.ch
    L.ow = max(int(34 * u), int(base * 0.5 * min(1.0, L.scale)))
    L.mw = max(int(36 * u), int(cw * 0.62))
    # the backs in the seats' boxes: in Michigan, with the last move on a row of its own,
    # smaller (they only count the cards, also said in words under them): the rows of
    # played cards keep their room above the chips' plate (#19)
    # (``small_backs=False``: the backs as wide as elsewhere: ``table_layout`` when the
    # room allows)
    L.bw = max(int(22 * u), int(L.ow * 0.6)) if layout_game and last_row and small_backs else L.ow
    m = max(int(10 * u), W // 90)
    bh = int(BANNER_H * u)
    L.banner = pygame.Rect(0, 0, W, bh)
    # the human's hand along the bottom (room for a lifted card)
    hand_y = H - ch - max(int(12 * u), H // 60)
    lift = int(18 * u)
    L.hand = pygame.Rect(m, hand_y - lift, W - 2 * m, H - hand_y + lift)
    # the staging row (melds being built / Michigan: the human's played cards)
    # (at least the three rows of buttons beside it: sort, suggest/clear, go down)
    sh = max(int(L.mw * CARD_RATIO) + int(30 * u), int(98 * u))
    side_w = max(int(206 * u), int(W * 0.18))
    L.stage = pygame.Rect(m, L.hand.y - sh - 6, W - 2 * m - side_w - m, sh)
    L.side = pygame.Rect(W - m - side_w, L.stage.y, side_w, sh)
    # opponents across the top
    others = L.seats_around()
    # (over the cards the name plate; under them a row of cards and points and a row
    # of the level: see presenter._opponents)
    oh = (int(L.bw * CARD_RATIO) + int(68 * u) + (int(TAG_ROW_H * u) if L.tag_row else 0)
          + (int(LAST_ROW_H * u) if L.last_row else 0))
    top = bh + int(6 * u)
    k = max(1, len(others))
    slot_w = min(int(340 * u), (W - 2 * m) // k)
    total = slot_w * k
    x0 = (W - total) // 2
    for i, s in enumerate(others):
        L.opp[s] = pygame.Rect(x0 + i * slot_w + int(4 * u), top, slot_w - int(8 * u), oh)
    # the middle: piles on the left, melds (or Michigan's layout) on the right
    mid_top = top + oh + int(8 * u)
    L.middle = pygame.Rect(m, mid_top, W - 2 * m, L.stage.y - mid_top - 6)
    py = L.middle.y + max(0, (L.middle.h - ch) // 2) - 8
    L.stock = pygame.Rect(m + 8, py, cw, ch)
    L.discard = pygame.Rect(L.stock.right + int(cw * 0.35), py, cw, ch)
    mx = L.discard.right + int(cw * 0.45)
    # (the scores plate sits under the melds, at the right)
    L.melds = pygame.Rect(mx, L.middle.y, W - m - mx, L.middle.h - int(22 * u))
    return L


def table_layout(size, num_players: int, human: int = 0, layout_game: bool = False,
                 scale: float = 1.0, ui: float = 1.0) -> TableLayout:
    """The card table's layout (``compute``): each seat's last move on a row of its own,
    off the seat's cards (#19), and in the contract family the "down" tag too (Michigan
    has none)."""
    L = compute(size, num_players, human, layout_game, scale=scale, ui=ui,
                tag_row=not layout_game, last_row=True)
    if layout_game:
        # Michigan's backs keep their size where that costs the rows under the pay cells
        # nothing (the same pay cards and played cards, above the chips' plate): a
        # large window, few seats
        from .presenter import CHIPS_H, _layout_rows
        full = compute(size, num_players, human, layout_game, scale=scale, ui=ui,
                       tag_row=False, last_row=True, small_backs=False)
        least, cell = int(PLAYED_MIN_W * L.ui), CHIPS_H + 12 + 26   # (an amount's line)
        a, b = _layout_rows(L, least, cell), _layout_rows(full, least, cell)
        if (a[0], a[4]) == (b[0], b[4]) and b[3] + int(b[4] * CARD_RATIO) <= full.stage.y - 28:
            return full
    return L
