"""The view's labels drawn: seat names, tags, role plates, the meld area's help, the
dealer's button, Michigan's chip counts.  ``label_image`` fits a label to its width
(wrapped, shrunk or cut) and keeps the result (a table shows the same few labels frame
after frame; at most 400 are kept)."""
from __future__ import annotations

import dataclasses
import math

import pygame

from . import text


def draw_label(surf, lab) -> None:
    """A label of the view drawn at its anchor (``label_image``)."""
    img = label_image(lab)
    surf.blit(img, img.get_rect(**{lab.anchor: lab.pos}))


def label_rect(lab) -> tuple[int, int, int, int]:
    """Where ``draw_label`` draws ``lab``: ``(x, y, w, h)``."""
    r = label_image(lab).get_rect(**{lab.anchor: lab.pos})
    return r.x, r.y, r.w, r.h


def label_image(lab) -> pygame.Surface:
    """A label drawn as ``_label`` draws it: fitted to its width (wrapped, shrunk or
    cut).  Kept: a table shows the same few labels frame after frame."""
    key = (lab.kind, lab.text, lab.size, tuple(lab.color), lab.width, text.style_key())
    img = _LABELS.get(key)
    if img is None:
        img = label_img(lab)
        if lab.width and img.get_width() > lab.width:
            img = label_fitted(lab, img)
        if len(_LABELS) > 400:
            _LABELS.clear()
        _LABELS[key] = img
    return img


_LABELS: dict = {}
pygame.register_quit(_LABELS.clear)


def label_fitted(lab, img):
    """A label too wide for its room (a longer translation): the meld area's hint
    wraps, in up to three lines (a little smaller when three lines do not hold it: beside
    the buying window); a seat's last move wraps in up to two lines on its plate (a
    little smaller first); other labels shrink a little, then are cut with "…"."""
    if lab.kind in ("last", "last_hi"):
        return last_move_plate(lab)
    if lab.kind == "hint":
        size = lab.size
        lines = text.wrap(lab.text, size, lab.width, measure=text.width)
        while len(lines) > 3 and size > lab.size - 3:
            size -= 1
            lines = text.wrap(lab.text, size, lab.width, measure=text.width)
        imgs = [label_img(dataclasses.replace(lab, text=t, size=size)) for t in lines[:3]]
        out = pygame.Surface((max(i.get_width() for i in imgs),
                              sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
        y = 0
        for i in imgs:
            out.blit(i, (0, y))
            y += i.get_height()
        return out
    size = lab.size
    while img.get_width() > lab.width and size > max(9, lab.size - 3):
        size -= 1
        img = label_img(dataclasses.replace(lab, size=size))
    cut = len(lab.text)
    while img.get_width() > lab.width and cut > 8:
        cut -= 3
        img = label_img(dataclasses.replace(lab, size=size, text=lab.text[:cut].rstrip() + "…"))
    return img


def wild_badge(w: int) -> pygame.Surface:
    """The "wild" badge on a card ``w`` pixels wide whose rank is wild this deal (Mexican's
    rising rank, MX-3; Contract's deuces, CR-3): the word on a violet plate, at most half
    the card's width (drawn on the card's left edge, the part a fanned hand shows)."""
    from ...i18n import current_language, pgettext
    # Translators: the badge on a card whose rank is wild this round (Mexican's threes
    # in round 1...): one short word
    word = pgettext("card badge", "wild")
    key = (w, word, current_language(), text.style_key())
    img = _BADGES.get(key)
    if img is None:
        size = max(8, int(w * 0.14 / max(0.5, text.get_scale())))
        img = text.plate(word, size, (255, 255, 255), (110, 40, 160, 235), pad=3,
                         border=(255, 230, 140, 255), bold=True)
        while img.get_width() > w * 0.5 and size > 7:   # (a longer word: smaller)
            size -= 1
            img = text.plate(word, size, (255, 255, 255), (110, 40, 160, 235), pad=2,
                             border=(255, 230, 140, 255), bold=True)
        if len(_BADGES) > 64:
            _BADGES.clear()
        _BADGES[key] = img
    return img


_BADGES: dict = {}
pygame.register_quit(_BADGES.clear)


#: a seat's last move: (text colour, plate colour), the newest move lit
#: (opaque: the felt's grain and the card backs under it made it hard to read, #19)
_LAST_INKS = {"last": ((236, 240, 228), (12, 30, 20, 255)),
              "last_hi": ((255, 226, 120), (40, 30, 6, 255))}
#: a seat's name plate (lit: its turn) and the "down" tag: opaque, as the last move's
PLATE_BG = (14, 26, 18, 255)
PLATE_HI_BG = (255, 214, 80, 255)
ROLE_BG = (255, 230, 120, 255)


#: the padding round a seat's last move on its plate
LAST_PAD = 4


def last_move_lines(lab) -> tuple[list[str], int]:
    """A seat's last move in ``lab.width`` px (less the plate's padding): ``(lines,
    size)``, one line, else two broken between words (at its size, then 1 and 2 px
    smaller), the second cut with "…" only when even that does not hold it."""
    room = max(20, lab.width - 2 * LAST_PAD)
    for size in (lab.size, lab.size - 1, lab.size - 2):
        lines = text.wrap(lab.text, size, room, measure=text.width)
        if len(lines) <= 2 and all(text.width(ln, size) <= room for ln in lines):
            return lines, size
    size = lab.size - 2
    lines = text.wrap(lab.text, size, room, measure=text.width)
    head, rest = lines[:1], " ".join(lines[1:])
    while rest and text.width(rest + "…", size) > room:
        rest = rest[:-1]
    return head + [rest.rstrip() + "…"], size


def last_move_plate(lab) -> pygame.Surface:
    """A seat's last move on its plate (``last_move_lines``), the newest lit."""
    ink, bg = _LAST_INKS[lab.kind]
    pad = LAST_PAD
    lines, size = last_move_lines(lab)
    imgs = [text.render(ln, size, ink) for ln in lines]
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + pad
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=pad + 2)
    y = pad // 2
    for i in imgs:
        out.blit(i, ((w - i.get_width()) // 2, y))
        y += i.get_height()
    return out


def dealer_button(letter: str, size: int, d: int) -> pygame.Surface:
    """The dealer's button: a white disc ``d`` pixels across with a bold letter (the
    language's: "D", "Д"), smaller when it would reach the disc's ring."""
    img = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(img, (245, 243, 232), (d // 2, d // 2), d // 2)
    pygame.draw.circle(img, (120, 90, 20), (d // 2, d // 2), d // 2, max(1, d // 12))
    t = dealer_letter(letter, size, d)
    img.blit(t, t.get_rect(center=(d // 2, d // 2)))
    return img


def dealer_letter(letter: str, size: int, d: int) -> pygame.Surface:
    """The dealer button's letter at ``size``, or smaller (down to 8 px) until its ink
    lies inside the ring of a disc ``d`` pixels across (a longer translation)."""
    inner = d / 2 - max(1, d // 12)
    while True:
        t = text.render(letter, size, (30, 24, 10), bold=True)
        ink = t.get_bounding_rect()
        if math.hypot(ink.w / 2, ink.h / 2) <= inner + 0.5 or size <= 8:
            return t
        size -= 1


def label_img(lab) -> pygame.Surface:
    """A label drawn at its own size and in its kind's style (not fitted to a width)."""
    k = lab.kind
    if k in ("plate", "plate_hi"):
        img = text.plate(lab.text, lab.size, (20, 16, 4) if k == "plate_hi" else (245, 245, 235),
                         PLATE_HI_BG if k == "plate_hi" else PLATE_BG, pad=8, bold=True)
    elif k in ("tag", "tag_hi"):
        img = text.render_shadowed(lab.text, lab.size, (255, 230, 140) if k == "tag_hi" else (225, 235, 225))
    elif k == "tag_bad":      # the meld area's note when a group is no meld (red)
        img = text.render_shadowed(lab.text, lab.size, (255, 160, 145))
    elif k == "role":
        img = text.plate(lab.text, lab.size, (20, 20, 20), ROLE_BG, pad=3)
    elif k == "dealer":
        img = dealer_button(lab.text, lab.size, lab.width)
    elif k == "chip":
        img = text.render_shadowed(lab.text, lab.size, (255, 222, 120), bold=True)
    elif k == "owner":
        img = text.render_shadowed(lab.text, lab.size, (250, 236, 170), bold=True)
    elif k == "hint":
        img = text.render(lab.text, lab.size, (200, 225, 205))
    elif k in ("last", "last_hi"):
        img = last_move_plate(dataclasses.replace(lab, width=lab.width or 10 ** 6))
    else:
        img = text.render_shadowed(lab.text, lab.size, lab.color)
    return img


__all__ = ["draw_label", "label_image", "label_img", "label_fitted", "dealer_button",
           "dealer_letter", "wild_badge", "last_move_plate", "last_move_lines"]
