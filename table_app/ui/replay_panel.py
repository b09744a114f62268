"""The replay viewer's side panel: the record's title and the position in it, the scores
(or chips) at that moment, the hidden cards when all hands are open, and the event list
(a line per event, the current one marked, undo marks in orange, a broken record's
refusal in red at its line and in full under the list).

``ReplayPanel`` keeps the list's scroll (``top``; ``follow``: it scrolls to the current
event by itself until the player scrolls it) and where it was drawn (``rect``), for the
clicks and the wheel.  It draws what a ``ReplayModel`` says at a position; it knows no
scene.
"""
from __future__ import annotations

import os

import pygame

from ..i18n import _, card_name, ngettext, player_name
from ..variants import VARIANTS
from .table import text

ROW_H = 20     # logical px: a list row
GOLD = (250, 236, 170)
PALE = (225, 235, 225)
DIM = (150, 172, 156)
UNDO = (255, 170, 70)
RED = (255, 120, 110)


class ReplayPanel:
    """The side panel of the viewer.  ``k(x)``: logical px to surface px (HiDPI);
    ``mouse()``: the mouse in surface pixels (a line cut short shows whole on hover)."""

    def __init__(self, k, mouse) -> None:
        self.k = k
        self.mouse = mouse
        self.top = 0
        self.follow = True
        self.rect = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ the event list
    @staticmethod
    def rows(model) -> list[int]:
        """The event indices listed (the bad event of a broken record last)."""
        n = model.end + (1 if model.problem is not None else 0)
        return list(range(n))

    @property
    def row_h(self) -> int:
        """A list row's height in pixels."""
        return self.k(ROW_H)

    def visible(self) -> int:
        """How many rows the list shows."""
        return max(1, self.rect.h // self.row_h)

    def scroll(self, model, d: int) -> None:
        """Scroll by ``d`` rows (the wheel); the list stops following the position."""
        n = len(self.rows(model))
        self.top = max(0, min(max(0, n - self.visible()), self.top + d))
        self.follow = False

    def _follow(self, model) -> None:
        if not self.follow:
            return
        cur = model.pos - 1
        if model.at_end and model.problem is not None:
            cur = model.end
        vis = self.visible()
        n = len(self.rows(model))
        if cur < self.top + 1 or cur > self.top + vis - 2:
            self.top = max(0, min(max(0, n - vis), cur - vis // 2))

    def row_at(self, model, pos) -> int | None:
        """The event index of the list row at ``pos`` (``None``: no row there)."""
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.y) // self.row_h
        return i if 0 <= i < len(self.rows(model)) else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surf, p: pygame.Rect, model, shown: int, human: int, open_hands: bool,
             where: str) -> None:
        """The panel in ``p`` for ``model`` at position ``shown``: ``human`` the bottom
        seat (its score marked unless ``open_hands``), ``where`` the position in words."""
        m = model
        viewer = None if open_hands else human
        # opaque: the viewer draws the panel over its own last frame, so a translucent
        # background left the previous rows showing through as ghost text
        surf.fill((8, 28, 17), p)
        k = self.k
        pygame.draw.line(surf, (226, 182, 70), p.topleft, p.bottomleft, max(1, k(1)))
        x = p.x + k(10)
        w = p.w - k(20)
        title = text.render(_("Replay · {game}").format(game=_(VARIANTS[m.variant].name)), 18, GOLD,
                            bold=True)
        if title.get_width() > w:
            title = text.render(_("Replay · {game}").format(game=_(VARIANTS[m.variant].name)), 15,
                                GOLD, bold=True)
        surf.blit(title, (x, k(8)))
        fname = os.path.basename(str(m.path)) if m.path is not None else _("(record)")
        # the position (right) has the line first; the file's name (left) gets what is
        # left, cut with an ellipsis (at 1024x640 the two overran each other)
        where_img = fit_line(where, (12, 11), PALE, w)
        surf.blit(where_img, (x + w - where_img.get_width(), k(33)))
        room = w - where_img.get_width() - k(10)
        if room >= k(40):
            surf.blit(fit_line(fname, (12, 11), DIM, room), (x, k(33)))
        y = k(166)   # under the controls (the last row of buttons ends at 158)
        # the scores (or chips) at this moment
        y = self._draw_scores(surf, m, shown, human, open_hands, x, y, w)
        # the hidden cards, when all hands are open
        if open_hands:
            hid = m.hidden(shown)
            st = m.state(shown)
            if "stock" in hid and st.round:
                cards = " ".join(_pretty(c) for c in hid["stock"][:40])
                more = f" … (+{len(hid['stock']) - 40})" if len(hid["stock"]) > 40 else ""
                y = self._wrapped(surf, _("Stock, top first: {cards}").format(cards=cards + more)
                                  if hid["stock"] else _("Stock: empty"),
                                  x, y, w, 13, PALE, max_lines=3)
            elif "widow" in hid and hid["widow"]:
                y = self._wrapped(surf, _("Widow: {cards}").format(cards=" ".join(_pretty(c) for c in hid["widow"])),
                                  x, y, w, 13, PALE, max_lines=2)
            y += k(4)
        # the event list
        pygame.draw.line(surf, (226, 182, 70, 120), (x, y), (x + w, y), max(1, k(1)))
        y += k(4)
        bottom = p.bottom - k(8)
        # a broken record's refusal in full under the list (its list row is cut with an
        # ellipsis; the reason and the rule id must stay readable)
        prob = (wrap_pretty(m.text(m.end, viewer), 13, w - k(12))[:6]
                if m.problem is not None else [])
        lh = k(18)
        rh = self.row_h
        if prob and bottom - y - (len(prob) * lh + k(10)) >= 3 * rh:
            box = pygame.Rect(x, bottom - len(prob) * lh - k(8), w, len(prob) * lh + k(8))
            fill(surf, box, (150, 24, 30, 200))
            for j, ln in enumerate(prob):
                surf.blit(text.render(ln, 13, (255, 235, 235)), (x + k(6), box.y + k(4) + j * lh))
            bottom = box.y - k(6)
        self.rect = pygame.Rect(x, y, w, max(rh, bottom - y))
        self._follow(m)
        self._draw_rows(surf, m, viewer, x, y, w)

    def _draw_rows(self, surf, m, viewer, x, y, w) -> None:
        k = self.k
        rh = self.row_h
        rows = self.rows(m)
        cur = m.pos - 1
        vis = self.visible()
        hover = ""
        for j in range(self.top, min(len(rows), self.top + vis)):
            i = rows[j]
            ry = y + (j - self.top) * rh
            kind = m.kind(i)
            rr = pygame.Rect(x, ry, w, rh - 1)
            if kind == "error":
                fill(surf, rr, (150, 24, 30, 200))
            elif kind == "undo":
                fill(surf, rr, (120, 66, 10, 190))
            if i == cur or (kind == "error" and m.at_end):
                fill(surf, rr, (255, 214, 80, 70))
                pygame.draw.rect(surf, (255, 214, 80), rr, 1, border_radius=3)
            col = PALE if i <= cur else DIM
            bold = False
            if kind == "deal":
                col, bold = (GOLD if i <= cur else DIM), True
            elif kind == "result":
                col = (255, 226, 140) if i <= cur else DIM
            elif kind == "undo":
                col = (255, 236, 200)
            elif kind == "error":
                col = (255, 235, 235)
            elif kind in ("note", "chance"):
                col = (190, 205, 195) if i <= cur else DIM
            line = m.text(i, viewer)
            img = text.render(line, 13, col, bold=bold)
            if img.get_width() > w - k(8):
                # too long: cut with an ellipsis (the whole line shows on hover)
                img = fit_line(line, (13,), col, w - k(8), bold=bold)
                if rr.collidepoint(self.mouse()):
                    hover = line
            surf.blit(img, (x + k(4), ry + (rh - img.get_height()) // 2))
        if hover:
            # a line too long for the list: the whole of it beside the list, over the table
            tip = text.plate(hover, 14, (245, 245, 235), (0, 0, 0, 220), pad=k(8))
            ty = min(max(0, self.mouse()[1] - tip.get_height() // 2), surf.get_height() - tip.get_height())
            surf.blit(tip, (max(0, x - k(8) - tip.get_width()), ty))
        if not rows:
            surf.blit(text.render(_("The record has no events"), 13, DIM), (x + k(4), y + k(2)))

    def _draw_scores(self, surf, m, shown, human, open_hands, x, y, w) -> int:
        st = m.state(shown)
        res = st.results
        if m.spec.layout:
            head = _("Chips · deal {n}").format(n=st.round) if st.round else _("Chips")
        else:
            head = (ngettext("Points after {n} deal", "Points after {n} deals", len(res)).format(n=len(res))
                    if res else _("Points"))
        k = self.k
        surf.blit(text.render(head, 14, GOLD, bold=True), (x, y))
        y += k(20)
        lh = k(18)
        vals = m.scores(shown)
        n = m.num_players
        cols = 1 if n <= 4 else 2
        cw = w // cols
        rows = (n + cols - 1) // cols
        last = res[-1] if res else None
        for s in range(n):
            cx = x + (s // rows) * cw
            cy = y + (s % rows) * lh
            name = player_name(m.names[s])
            col = (255, 214, 80) if (s == human and not open_hands) else PALE
            extra = ""
            if last is not None and not m.spec.layout and st.round == last.round:
                # Translators: beside a score in the replay: the player went out this deal
                extra = f" (+{last.scores[s]})" if last.scores[s] else _(" (out)") if last.winner == s else " (+0)"
            val = text.render(vals[s] + extra, 13, (255, 240, 190), bold=True)
            vx = cx + cw - k(10) - val.get_width()
            # the name up to the score (a long name is clipped, never under the score)
            blit_clipped(surf, text.render(name, 13, col), (cx, cy), max(k(20), vx - k(6) - cx))
            surf.blit(val, (vx, cy))
        return y + rows * lh + k(6)

    def _wrapped(self, surf, s, x, y, w, size, col, max_lines=3) -> int:
        lines = wrap_pretty(s, size, w)
        for ln in lines[:max_lines]:
            surf.blit(text.render(ln, size, col), (x, y))
            y += self.k(size + 5)
        return y


# ---------------------------------------------------------------------- helpers
def _pretty(card: int) -> str:
    return card_name(card >> 3)


def fill(surf, r: pygame.Rect, rgba) -> None:
    """A translucent rounded box."""
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(s, rgba, s.get_rect(), border_radius=3)
    surf.blit(s, r.topleft)


def fit_line(line: str, sizes, color, width: int, bold: bool = False) -> pygame.Surface:
    """``line`` in the first of ``sizes`` it fits in, else cut with an ellipsis."""
    for size in sizes:
        img = text.render(line, size, color, bold=bold)
        if img.get_width() <= width:
            return img
    lo, hi = 1, len(line)   # the longest cut that fits (a binary search: few renders)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text.render(line[:mid].rstrip() + "…", sizes[-1], color, bold=bold).get_width() <= width:
            lo = mid
        else:
            hi = mid - 1
    return text.render(line[:lo].rstrip() + "…", sizes[-1], color, bold=bold)


def blit_clipped(surf, img, pos, width) -> None:
    """``img`` at ``pos``, cut at ``width`` px."""
    if img.get_width() <= width:
        surf.blit(img, pos)
    else:
        surf.blit(img, pos, pygame.Rect(0, 0, max(1, width), img.get_height()))


def wrap_pretty(s: str, size: int, width: int) -> list[str]:
    return text.wrap(s, size, width, measure=lambda t, sz: text.render(t, sz).get_width())


__all__ = ["ReplayPanel", "fill", "fit_line", "blit_clipped", "wrap_pretty", "ROW_H"]
