"""Text on the table, with suit symbols drawn as shapes (the default fonts have no
``♠♥♦♣``; ARCHITECTURE pitfalls).  ``render(text, size, color)`` returns a surface;
``♠♥♦♣`` in the text become pips in the suits' colours."""
from __future__ import annotations

from functools import cache, lru_cache

import pygame

from ..cardart import surface_lru

SUIT_CHARS = {"♠": 0, "♥": 1, "♦": 2, "♣": 3}
RED = (214, 40, 52)
#: pixels per logical pixel of every size given here (2 on a 2x HiDPI screen)
_SCALE = [1.0]


def set_scale(k: float) -> None:
    """Every text size is multiplied by ``k`` from now on (the app's HiDPI scale)."""
    k = float(k) if k and k > 0 else 1.0
    if k != _SCALE[0]:
        _SCALE[0] = k
        font.cache_clear()
        _clear_renders()


def get_scale() -> float:
    return _SCALE[0]


def style_key() -> tuple:
    """What every rendered text depends on besides its arguments (the scale, the
    4-colour inks): a key part for caches of rendered text kept elsewhere."""
    return (_SCALE[0], _FOUR[0])


@cache
def _font_path(bold: bool) -> str | None:
    """Noto Sans as shipped inside pygame_gui (no system font lookup: ``fc-list`` can be
    slow or missing); ``None`` falls back to pygame's default font."""
    try:
        from pathlib import Path

        import pygame_gui
        p = Path(pygame_gui.__file__).parent / "data" / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        if p.is_file():
            return str(p)
    except Exception:  # noqa: BLE001
        pass
    return None


def scale() -> float:
    """Pixels per logical pixel the table's text is drawn at (``set_scale``)."""
    return _SCALE[0]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(8, int(round(size * _SCALE[0])))
    path = _font_path(bold)
    try:
        f = pygame.font.Font(path, size)
    except (OSError, pygame.error):
        f = pygame.font.Font(None, int(size * 1.3))
    if path is None and bold:
        f.set_bold(True)
    return f


#: the deck's colours for suit symbols in text (the ``four_color`` setting)
_FOUR = [False]
CHIP = (250, 248, 240)


def set_four_color(on: bool) -> None:
    """Suit symbols in text take the 4-colour deck's inks (♠ black, ♥ red, ♦ blue,
    ♣ green) from now on, or the 2-colour ones."""
    on = bool(on)
    if on != _FOUR[0]:
        _FOUR[0] = on
        _clear_renders()
        _pip.cache_clear()


def _light(color) -> bool:
    return sum(color[:3]) > 450


@surface_lru(256 << 10)   # bounded in bytes of pixels, as every cache of surfaces
def _pip(suit: int, h: int, color, suit_colors: bool) -> pygame.Surface:
    """A suit symbol ``h`` px tall for a line of text: a drawn shape (legible where a
    glyph's ♠ and ♣ blur together), supersampled.  ``suit_colors``: in the suit's ink
    (per the 4-colour setting), on a small light chip when the text is light (it is
    drawn on dark felt, where black, blue or green would not show); else the text's
    colour (a shadow)."""
    try:
        from ..cardart import draw_pip, pip_height, suit_color
    except Exception:  # noqa: BLE001 - art not there: a letter
        return font(h).render("SHDC"[suit], True, color)
    chip = suit_colors and _light(color)
    ink = suit_color(suit, _FOUR[0]) if suit_colors else tuple(color[:3])
    ph = max(7.0, h * (0.72 if chip else 0.8))          # the pip's height
    pw = min(ph / max(0.8, pip_height(suit, 1.0)), ph * 0.9)
    cw = int(round(pw + (5 if chip else 2)))            # the chip (or the pip's cell)
    ss = 4
    big = pygame.Surface((cw * ss, h * ss), pygame.SRCALPHA)
    if chip:
        ch = int(round(min(h - 1, ph + 4)))
        r = pygame.Rect(0, 0, (cw - 1) * ss, ch * ss)
        r.center = (cw * ss // 2, h * ss // 2 + ss // 2)
        pygame.draw.rect(big, CHIP, r, border_radius=3 * ss)
        pygame.draw.rect(big, (150, 150, 150), r, max(1, ss // 2), border_radius=3 * ss)
    draw_pip(big, suit, (cw * ss / 2, h * ss / 2 + ss / 2), pw * ss, ink)
    return pygame.transform.smoothscale(big, (cw, h))


@surface_lru(2 << 20)
def render(text: str, size: int, color=(240, 240, 230), bold: bool = False,
           suit_colors: bool = True) -> pygame.Surface:
    """``text`` in one line; suit symbols become drawn pips, in their suits' inks (the
    4-colour setting's, on a light chip in light text) when ``suit_colors``."""
    f = font(size, bold)
    parts: list[pygame.Surface] = []
    buf = ""
    h = f.get_height()
    for ch in text:
        if ch in SUIT_CHARS:
            if buf:
                parts.append(f.render(buf, True, color))
                buf = ""
            parts.append(_pip(SUIT_CHARS[ch], h, tuple(color), suit_colors))
        else:
            buf += ch
    if buf or not parts:
        parts.append(f.render(buf, True, color))
    w = sum(p.get_width() for p in parts)
    out = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, (h - p.get_height()) // 2))
        x += p.get_width()
    return out


def width(text: str, size: int, color=(240, 240, 230), bold: bool = False,
          suit_colors: bool = True) -> int:
    """The width in pixels of ``render(text, size, color, bold, suit_colors)``, measured
    without drawing it (the font's ``size`` and the cached pips): for wrapping and
    fitting, which try many lines that are never drawn."""
    f = font(size, bold)
    h = f.get_height()
    w = 0
    buf = ""
    for ch in text:
        if ch in SUIT_CHARS:
            if buf:
                w += f.size(buf)[0]
                buf = ""
            w += _pip(SUIT_CHARS[ch], h, tuple(color), suit_colors).get_width()
        else:
            buf += ch
    if buf:
        w += f.size(buf)[0]
    return max(1, w)


def _key(color):
    return None if color is None else tuple(color)


def render_shadowed(text: str, size: int, color=(245, 245, 235), bold: bool = False) -> pygame.Surface:
    """``text`` with a soft drop shadow (cached: treat the surface as read-only)."""
    return _shadowed(text, size, _key(color), bold)


@surface_lru(512 << 10)
def _shadowed(text: str, size: int, color, bold: bool) -> pygame.Surface:
    s = render(text, size, color, bold)
    sh = render(text, size, (0, 0, 0), bold, suit_colors=False)
    out = pygame.Surface((s.get_width() + 2, s.get_height() + 2), pygame.SRCALPHA)
    sh = sh.copy()
    sh.set_alpha(150)
    out.blit(sh, (2, 2))
    out.blit(s, (0, 0))
    return out


def plate(text: str, size: int, color=(245, 245, 235), bg=(0, 0, 0, 120), pad: int = 6,
          border=None, bold: bool = False) -> pygame.Surface:
    """Text on a rounded translucent plate (cached: treat the surface as read-only)."""
    return _plate(text, size, _key(color), _key(bg), pad, _key(border), bold)


@surface_lru(512 << 10)
def _plate(text: str, size: int, color, bg, pad: int, border, bold: bool) -> pygame.Surface:
    s = render(text, size, color, bold)
    out = pygame.Surface((s.get_width() + 2 * pad, s.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(out, bg, out.get_rect(), border_radius=pad + 2)
    if border:
        pygame.draw.rect(out, border, out.get_rect(), 2, border_radius=pad + 2)
    out.blit(s, (pad, pad // 2))
    return out


def wrap(text: str, size: int, width: int, measure=None, balance: bool = True) -> list[str]:
    """``text`` in lines no wider than ``width`` px at ``size`` px; ``measure(line, size)``
    gives a line's width (default: the plain font's; ``measure=width`` gives the width
    of the line as ``render`` draws it, suit pips included, without drawing it).
    ``balance``: as few lines as the greedy fill gives, but filled evenly (the narrowest
    width that still needs no more lines), so no last line holds one stray word."""
    return list(_wrap(text, size, width, measure, balance))


def _plain_width(t: str, size: int) -> int:
    return font(size).size(t)[0]


@lru_cache(maxsize=256)
def _wrap(text: str, size: int, width: int, measure, balance: bool) -> tuple[str, ...]:
    measure = measure or _plain_width
    words = text.split()
    lines = _greedy(words, size, width, measure)
    if not balance or len(lines) < 2:
        return tuple(lines)
    lo, hi = max(measure(w, size) for w in words), width
    while lo < hi:                      # the narrowest width giving as many lines
        mid = (lo + hi) // 2
        if len(_greedy(words, size, mid, measure)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return tuple(_greedy(words, size, hi, measure))


def _greedy(words: list[str], size: int, width: int, measure) -> list[str]:
    lines: list[str] = []
    cur = ""
    for w in words:
        t = (cur + " " + w).strip()
        if measure(t, size) <= width or not cur:
            cur = t
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def _forget_fonts() -> None:
    """Fonts die with ``pygame.quit()``: drop the cached ones (a later ``pygame.init()``
    makes new ones)."""
    font.cache_clear()
    _wrap.cache_clear()
    _clear_renders()
    _pip.cache_clear()


def _clear_renders() -> None:
    render.cache_clear()
    _shadowed.cache_clear()
    _plate.cache_clear()


pygame.register_quit(_forget_fonts)
