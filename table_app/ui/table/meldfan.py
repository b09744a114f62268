"""A table meld fanned out over the felt: on a crowded table (5 seats or more, or melds
shrunk to fit) the melds' cards are small and overlap, so the meld under the mouse, or
the one the keyboard focuses, is shown again beside its place at a readable size with
every card's corner uncovered (issue 19).

``fan_layout(view, L, melds, mi)`` says where (a ``Fan``: the panel and each card's
rectangle, face and role); ``draw_fan`` draws it with the table's card images.  Nothing
here changes the game: the fan is a look, it takes no clicks (a drop on the meld under
it lays off as before).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...core.cards import FACE_RANK, JOKER
from .felt import box
from .labels import draw_label
from .layout import CARD_RATIO
from .meldhelp import role_text

#: seats from which the table's melds fan out on hover
CROWDED_SEATS = 5
#: the share of a fanned card's width left uncovered by the next (its index shows whole)
FAN_STEP = 0.5


@dataclass
class Fan:
    """Meld ``meld`` fanned: the ``panel`` behind it and its cards, left to right, as
    ``(Rect, face, role text or "")``; ``w`` the cards' width."""
    meld: int
    panel: pygame.Rect
    w: int
    cards: list = field(default_factory=list)


def wants_fan(L, num_players: int, plan_mw: int | None) -> bool:
    """Whether this table fans its melds: 5 seats or more, or melds drawn smaller than
    the layout's meld width (shrunk to fit many)."""
    return num_players >= CROWDED_SEATS or (plan_mw is not None and plan_mw < L.mw)


def fan_layout(view, L, melds, mi: int, wild_ranks=frozenset()) -> Fan | None:
    """Where meld ``mi`` (``melds``: the Observation's) is fanned: its cards at the
    hand's card width (narrower only when a long meld would not fit the window), each ``FAN_STEP``
    of a card apart, on a panel above the meld (below it when there is no room above),
    inside the window.  ``None`` when the meld is not shown."""
    r = view.melds.get(mi)
    if r is None or not 0 <= mi < len(melds):
        return None
    m = melds[mi]
    n = len(m.cards)
    W, H = L.size
    u = L.ui
    pad = int(8 * u)
    # the hand's card width (its faces are drawn ahead already)
    w = int(L.cw)
    step = w * FAN_STEP
    room = W - 2 * pad - 8
    if w + step * (n - 1) > room:
        step = max(w * 0.3, (room - w) / max(1, n - 1))
        if w + step * (n - 1) > room:
            w = int(room / (1 + 0.3 * (n - 1)))
            step = w * 0.3
    h = int(w * CARD_RATIO)
    pw, ph = int(w + step * (n - 1)) + 2 * pad, h + 2 * pad
    top = L.banner.bottom + 2
    y = r.y - ph - int(4 * u)
    if y < top:
        y = r.bottom + int(4 * u)
        if y + ph > H:
            y = max(top, H - ph)
    x = max(0, min(W - pw, r.centerx - pw // 2))
    fan = Fan(mi, pygame.Rect(x, y, pw, ph), w)
    for k, (c, role) in enumerate(zip(m.cards, m.roles)):
        cr = pygame.Rect(int(x + pad + k * step), y + pad, w, h)
        wild = role is not None and (c >> 3 == JOKER or FACE_RANK[c >> 3] in wild_ranks)
        fan.cards.append((cr, c >> 3, role_text(role, m.kind) if wild else ""))
    return fan


def draw_fan(surf, fan: Fan, images, art, settings) -> None:
    """The fanned meld: its panel, the cards (the table's card images at the fan's
    width), a wild's role on its lower edge as on the table."""
    from .presenter import Label
    box(surf, fan.panel, "buy")
    four = bool(getattr(settings, "four_color", False))
    large = bool(getattr(settings, "large_index", False))
    back = getattr(settings, "card_back", "blue")
    for cr, face, role in fan.cards:
        surf.blit(images.get(art, face, fan.w, four, large, back), cr.topleft)
        if role:
            draw_label(surf, Label(role, (cr.x + 2, cr.bottom - 3), 11, "bottomleft", "role"))


__all__ = ["Fan", "fan_layout", "draw_fan", "wants_fan", "CROWDED_SEATS", "FAN_STEP"]
