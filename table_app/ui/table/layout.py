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


@dataclass
class TableLayout:
    size: tuple[int, int]
    num_players: int
    human: int = 0
    michigan: bool = False
    cw: int = 0                     # the human's card width
    ow: int = 0                     # opponents' card width
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

    @property
    def ch(self) -> int:
        return int(self.cw * CARD_RATIO)

    def seats_around(self) -> list[int]:
        n = self.num_players
        return [(self.human + k) % n for k in range(1, n)]


def compute(size, num_players: int, human: int = 0, michigan: bool = False) -> TableLayout:
    W, H = size
    L = TableLayout(size=(W, H), num_players=num_players, human=human, michigan=michigan)
    cw = int(max(56, min(150, W / 13.5, H / 7.4)))
    L.cw = cw
    ch = L.ch
    L.ow = max(34, int(cw * 0.5))
    L.mw = max(36, int(cw * 0.62))
    m = max(10, W // 90)
    L.banner = pygame.Rect(0, 0, W, BANNER_H)
    # the human's hand along the bottom (room for a lifted card)
    hand_y = H - ch - max(12, H // 60)
    L.hand = pygame.Rect(m, hand_y - 18, W - 2 * m, H - hand_y + 18)
    # the staging row (melds being built / Michigan: the human's played cards)
    sh = int(L.mw * CARD_RATIO) + 30
    side_w = max(190, int(W * 0.17))
    L.stage = pygame.Rect(m, L.hand.y - sh - 6, W - 2 * m - side_w - m, sh)
    L.side = pygame.Rect(W - m - side_w, L.stage.y, side_w, sh)
    # opponents across the top
    others = L.seats_around()
    oh = int(L.ow * CARD_RATIO) + 48
    top = BANNER_H + 6
    k = max(1, len(others))
    slot_w = min(340, (W - 2 * m) // k)
    total = slot_w * k
    x0 = (W - total) // 2
    for i, s in enumerate(others):
        L.opp[s] = pygame.Rect(x0 + i * slot_w + 4, top, slot_w - 8, oh)
    # the middle: piles on the left, melds (or Michigan's layout) on the right
    mid_top = top + oh + 8
    L.middle = pygame.Rect(m, mid_top, W - 2 * m, L.stage.y - mid_top - 6)
    py = L.middle.y + max(0, (L.middle.h - ch) // 2) - 8
    L.stock = pygame.Rect(m + 8, py, cw, ch)
    L.discard = pygame.Rect(L.stock.right + int(cw * 0.35), py, cw, ch)
    mx = L.discard.right + int(cw * 0.45)
    # (the scores plate sits under the melds, at the right)
    L.melds = pygame.Rect(mx, L.middle.y, W - m - mx, L.middle.h - 22)
    return L
