"""The rules screen: a game's rules for players, in the chosen language, over the scene
below (the picker or the table).

``RulesScene(app, variant, lang=None)``: ``app.push(RulesScene(app, "may_i"))`` shows
the rules of May I? in the current language (``lang`` overrides it).  A row of buttons
picks another game, three small buttons another language; Close, Escape or F1 pops it.
Keys: Up/Down scroll a line, Page Up/Page Down (or Space) a page, Home/End to either
end, Ctrl+Left/Right the previous/next game.

The texts are ``table_app/i18n/rules/<variant>.<lang>.md`` (a small markdown: ``#``
headings, ``-`` bullets, ``|`` tables, ``**bold**``, ``*italic*``), turned into the
simple HTML a pygame_gui ``UITextBox`` shows by ``markdown_to_html``.  The default font
(Noto Sans) has Cyrillic but no ``♠♥♦♣``: the suits are set in a font that has them
(Noto Sans JP, shipped with pygame_gui, registered as ``table_app_suits``), in the
deck's inks (the 4-colour setting's, as on the table) on light chips.
"""
from __future__ import annotations

import html
import re
import warnings

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from ... import i18n
from ...i18n import strings as S
from ...variants import VARIANTS
from ..focus import TipButton
from ..keys import key_of
from ..scene import Scene, draw_overlay_panel

GAMES = tuple(VARIANTS)  # the games, in the picker's order
SUIT_FONT = "table_app_suits"
#: a suit symbol as the table's text draws it: in the deck's ink (the 4-colour setting's
#: ♦ blue, ♣ green) on a light chip, so black, blue and green show on the dark panel
CHIP = "#FAF8F0"
HEADING = "#F6E7A6"
TEXT_SIZE = 14  # the text box's default font size

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\*\w])\*(?!\s)(.+?)(?<!\s)\*(?![\*\w])")
_SUIT = re.compile("[♠♥♦♣]")
#: a paragraph's rule-id tag, "(CF-7)" or "(CF-8, CR-6)": the ids a refusal names, shown
#: quieter than the text around them
_TAG = re.compile(r"\((?:[A-Z]{2}-\d+)(?:, [A-Z]{2}-\d+)*\)")
TAG_INK = "#9FB3A6"


def suit_font_path(bold: bool = False) -> str | None:
    """A font file with ``♠♥♦♣`` and Latin letters: Noto Sans JP as shipped inside
    pygame_gui (OFL), ``None`` if it is not there."""
    from pathlib import Path
    p = Path(pygame_gui.__file__).parent / "data" / ("NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf")
    return str(p) if p.is_file() else None


def register_suit_font(manager) -> bool:
    """Make ``<font face='table_app_suits'>`` usable in the manager's text boxes.
    Returns whether the font was found."""
    reg, bold = suit_font_path(False), suit_font_path(True)
    if reg is None:
        return False
    try:
        manager.add_font_paths(SUIT_FONT, reg, bold or reg, reg, bold or reg)
    except Exception:  # noqa: BLE001 - the suits then show in the default font
        return False
    return True


def suit_ink(c: str, four_color: bool = False) -> str:
    """The colour of suit symbol ``c`` as the cards print it (``four_color``: the 4-colour
    deck's ♠ black, ♥ red, ♦ blue, ♣ green), as ``#RRGGBB``."""
    from ..cardart import suit_color
    r, g, b = suit_color("♠♥♦♣".index(c), four_color)
    return f"#{r:02X}{g:02X}{b:02X}"


def _suits(text: str, four_color: bool = False) -> str:
    def one(m):
        c = m.group(0)
        return (f"<body bgcolor='{CHIP}'><font face='{SUIT_FONT}' color='{suit_ink(c, four_color)}'>"
                f"{c}</font></body>")
    return _SUIT.sub(one, text)


def inline(text: str, four_color: bool = False) -> str:
    """One line of markdown text as pygame_gui HTML (escaped; bold, italic, suits)."""
    t = html.escape(text, quote=False)
    t = _BOLD.sub(r"<b>\1</b>", t)
    t = _ITALIC.sub(r"<i>\1</i>", t)
    t = _TAG.sub(lambda m: f"<font color='{TAG_INK}'>{m.group(0)}</font>", t)
    return _suits(t, four_color)


def markdown_to_html(md: str, size: int = TEXT_SIZE, four_color: bool = False) -> str:
    """The rules' markdown as UITextBox HTML: headings bold (larger), bullets as ``•``
    lines, table rows as lines of cells joined by `` · `` (the header row bold),
    paragraphs separated by a blank line."""
    out: list[str] = []
    rows: list[list[str]] = []

    def flush_table():
        if not rows:
            return
        for i, cells in enumerate(rows):
            line = "  ·  ".join(inline(c, four_color) for c in cells)
            out.append(f"<b>{line}</b>" if i == 0 else "    " + line)
        rows.clear()
        out.append("")

    for raw in md.splitlines():
        line = raw.rstrip()
        s = line.strip()
        if s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                continue
            rows.append(cells)
            continue
        flush_table()
        if not s:
            if out and out[-1] != "":
                out.append("")
            continue
        m = re.match(r"(#{1,6})\s+(.*)", s)
        if m:
            level = len(m.group(1))
            px = size + (10 if level == 1 else 4 if level == 2 else 2)
            if out and out[-1] != "":
                out.append("")
            out.append(f"<font pixel_size={px} color='{HEADING}'><b>{inline(m.group(2), four_color)}</b></font>")
            continue
        m = re.match(r"(?:[-*]|\d+\.)\s+(.*)", s)
        if m:
            out.append("  •  " + inline(m.group(1), four_color))
            continue
        if out and out[-1] not in ("",) and not out[-1].startswith(("  •", "<font pixel")):
            out[-1] += " " + inline(s, four_color)  # a paragraph's next line
        else:
            out.append(inline(s, four_color))
    flush_table()
    while out and out[-1] == "":
        out.pop()
    return "<br>".join(out)


def rules_html(variant: str, lang: str | None = None, size: int = TEXT_SIZE,
               four_color: bool = False) -> str:
    """The rules of ``variant`` in ``lang`` as UITextBox HTML (``size``: the text's pixel
    size, bigger on a HiDPI screen; ``four_color``: suit symbols in the 4-colour deck's
    inks)."""
    return markdown_to_html(i18n.rules_text(variant, lang), size, four_color)


class RulesScene(Scene):
    """The rules of one game over the scene below.

    Args:
        app: the running app (``App``); may be ``None`` until pushed.
        variant: the game shown first (a variant id; an alias is resolved).
        lang: ``"en"``, ``"ru"``, ``"uk"`` or ``None`` for the current language.
    """
    transparent = True

    def __init__(self, app=None, variant: str = "contract", lang: str | None = None) -> None:
        super().__init__()
        self.app = app
        try:
            from ...variants import variant_id
            variant = variant_id(variant)
        except (ImportError, ValueError):
            pass
        self.variant = variant if variant in GAMES else GAMES[0]
        self.lang = lang if lang in i18n.LANGUAGES else None
        self.box: UITextBox | None = None
        self.close_btn: UIButton | None = None
        self.game_btns: dict[str, UIButton] = {}
        self.lang_btns: dict[str, UIButton] = {}

    # ---------------------------------------------------------------- layout
    @property
    def language(self) -> str:
        return self.lang or i18n.current_language()

    def panel(self) -> pygame.Rect:
        W, H = self.app.size
        w = min(self.k(980), W - 40)
        h = H - 40
        return pygame.Rect((W - w) // 2, 20, w, h)

    def _tr(self, msg: str) -> str:
        return i18n.tr(msg, self.language)

    def startup(self) -> None:
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        m = self.app.manager
        k = self.k   # the HiDPI scale
        self._preload_fonts(m, k(TEXT_SIZE))
        p = self.panel()
        pad = k(16)
        # the game selector: one button per game, the shown one selected
        self.game_btns = {}
        n = len(GAMES)
        lang_w = 3 * k(44) + 2 * k(6)
        avail = p.width - 2 * pad - lang_w - k(12)
        bw = max(k(90), (avail - (n - 1) * k(6)) // n)
        x = p.x + pad
        for g in GAMES:
            b = self.add(UIButton(pygame.Rect(x, p.y + pad, bw, k(36)),
                                  self._tr(S.VARIANT_NAMES[g]), m,
                                  object_id=ObjectID(class_id="@rules_game", object_id="#rules_" + g)))
            if g == self.variant:
                b.select()
            self.game_btns[g] = b
            x += bw + k(6)
        # the language selector
        self.lang_btns = {}
        x = p.right - pad - lang_w
        for code in i18n.LANGUAGES:
            b = self.add(TipButton(pygame.Rect(x, p.y + pad, k(44), k(36)), code.upper(), m,
                                   tool_tip_text=i18n.LANGUAGE_NAMES[code],
                                   object_id=ObjectID(class_id="@rules_lang", object_id="#rules_lang_" + code)))
            if code == self.language:
                b.select()
            self.lang_btns[code] = b
            x += k(50)
        top = p.y + pad + k(36) + k(10)
        close_h = k(40)
        four = bool(getattr(self.app.settings, "four_color", False))
        self.box = self.add(UITextBox(rules_html(self.variant, self.language, k(TEXT_SIZE), four),
                                      pygame.Rect(p.x + pad, top, p.width - 2 * pad,
                                                  p.bottom - pad - close_h - k(10) - top), m,
                                      object_id=ObjectID(object_id="#rules_text")))
        self.close_btn = self.add(UIButton(pygame.Rect(p.centerx - k(80), p.bottom - pad - close_h, k(160), close_h),
                                           self._tr(S.CLOSE), m,
                                           object_id=ObjectID(class_id="@primary", object_id="#rules_close")))

    @staticmethod
    def _preload_fonts(manager, size: int = TEXT_SIZE) -> None:
        register_suit_font(manager)
        fonts = []
        for px in sorted({size, size + 2, size + 4, size + 10, 14, 15}):
            fonts.append({"name": "noto_sans", "point_size": px, "style": "bold"})
            fonts.append({"name": SUIT_FONT, "point_size": px, "style": "regular"})
            fonts.append({"name": SUIT_FONT, "point_size": px, "style": "bold"})
        fonts.append({"name": "noto_sans", "point_size": size, "style": "italic"})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "already loaded" is no news
            try:
                manager.preload_fonts(fonts)
            except Exception:  # noqa: BLE001 - preloading only saves a warning
                pass

    # ---------------------------------------------------------------- actions
    def show(self, variant: str | None = None, lang: str | None = None) -> None:
        """Show another game and/or language."""
        if variant in GAMES:
            self.variant = variant
        if lang in i18n.LANGUAGES:
            self.lang = lang
        if self.app is not None and self.widgets:
            self.build()

    def scroll(self, pages: float) -> None:
        """Scroll the text by ``pages`` screenfuls (negative: up); ``±inf`` to an end."""
        sb = self.box.scroll_bar if self.box is not None else None
        if sb is None:
            return
        vis = getattr(sb, "visible_percentage", 0.0) or 0.0
        top = max(0.0, 1.0 - vis)
        if pages in (float("inf"), float("-inf")):
            p = top if pages > 0 else 0.0
        else:
            p = sb.start_percentage + pages * vis
        sb.set_scroll_from_start_percentage(min(top, max(0.0, p)))

    def close(self) -> None:
        if self.app is not None and self.app.stack.top is self:
            self.app.pop()

    def resize(self, size) -> None:
        self.build()

    def handle_ui_event(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        el = event.ui_element
        if el is self.close_btn:
            self.close()
            return True
        for g, b in self.game_btns.items():
            if el is b:
                self.show(variant=g)
                return True
        for code, b in self.lang_btns.items():
            if el is b:
                self.show(lang=code)
                return True
        return False

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if key_of(event) in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
                return True
            steps = {pygame.K_UP: -0.1, pygame.K_DOWN: 0.1, pygame.K_PAGEUP: -0.9,
                     pygame.K_PAGEDOWN: 0.9, pygame.K_SPACE: 0.9,
                     pygame.K_HOME: float("-inf"), pygame.K_END: float("inf")}
            if key_of(event) in steps:
                self.scroll(steps[key_of(event)])
                return True
            if key_of(event) in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_CTRL:
                i = GAMES.index(self.variant) + (1 if key_of(event) == pygame.K_RIGHT else -1)
                self.show(variant=GAMES[i % len(GAMES)])
                return True
        return True  # nothing reaches the scene below

    def draw(self, surf: pygame.Surface) -> None:
        p = self.panel()
        draw_overlay_panel(surf, p, dim=150, fill_alpha=248)
