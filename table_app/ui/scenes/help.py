"""The help overlay (F1 at the table, in the picker, in Settings and in the table's
menu): every keyboard shortcut of the table and of the screens played with a focus ring
(the picker, Settings, the table's menu), in a pygame_gui ``UITextBox`` over the scene,
with a button to the rules of the game.

``HelpScene(variant, screens_first=False, own=())`` (``own``: the keys of the screen it is
opened from, listed first); Escape, F1 or Close pops it; "Rules of this
game" replaces it with the rules screen (``RulesScene``).  ``SHORTCUTS`` is the list the
README's keyboard section follows: the table's keys (``TABLE_SHORTCUTS``), then the
screens' (``SCREEN_SHORTCUTS``, first when the help is opened from a screen).
"""
from __future__ import annotations

import html
import re
import warnings

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from ...i18n import N_, _, ngettext
from ...i18n import strings as S
from ...variants import layout_game
from ..keys import key_of
from ..scene import Scene, draw_overlay_panel

# (keys, what they do); a section starts with a ("", title) row.  Keys named in words
# are translated (N_), letters and key caps are not
TABLE_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("", N_('At the table: moving around')),
    ('Tab / Shift+Tab', N_('Move the focus between places: your hand, the stock, the discard pile, '
                              'the meld area, the melds on the table, the buttons')),
    (N_('Left / Right'), N_('Move the focus within a place (cards, melds, buttons)')),
    (N_('Shift+Left / Right'), N_('Move the focused card within your hand')),
    (N_('Up / Down'), N_('Up: from your hand to the next place; Down: back to your hand')),
    (N_('Space / Enter'), N_('On a hand card: pick it up or put it back (several cards may be picked '
                            'up). On a place: drop the picked-up cards there (the discard pile '
                            'discards, a meld lays off, the meld area builds a meld), or take from it'
                            ' (the stock draws, the upcard is taken). On a button: press it')),
    ('Shift+Enter', N_('On a meld: swap the picked-up card for the wild card it stands for '
                          '(Contract), rather than lay it off')),
    ('Esc', N_('Put the picked-up cards back; with none, open the menu')),
    ("", N_('At the table: actions')),
    ('D', N_('Draw from the stock (passing the upcard first where the game lets others'
                ' buy it)')),
    ('U', N_('Take the upcard')),
    ('M', N_('Put the picked-up cards in the meld area as a new meld')),
    ('R', N_('Another role for the wild card in the focused meld being built')),
    ('S', N_('Suggest: fill the meld area with the best going-down')),
    ('G', N_('Go down with the melds in the meld area')),
    ('A', N_('Once down: lay off every card of your hand that fits a meld on the table, '
             'keeping a card to discard (several picked-up cards dropped on a meld are laid '
             'off together too; one undo takes either back)')),
    ('C', N_('Clear the meld area (the cards go back to your hand)')),
    ('B', N_('Buy (May I?) or call (Contract) the upcard when you are asked')),
    ('P', N_('Pass the buy')),
    ('H', N_('Hint: what the hard computer player would do now, and why')),
    ('L', N_("The moves so far in this round or deal: who did what, newest first")),
    ('Ctrl+Z / Ctrl+Y, Ctrl+Shift+Z', N_('Undo back to your previous decision / redo')),
    ('F1', N_('This help (F1, Esc or Enter closes it; R opens the rules of the game)')),
    ('F11', N_('Full screen, or back to the window (on every screen)')),
    ('Ctrl+Q', N_('Quit (the game is kept: Resume in the picker goes on with it)')),
    (N_('Double-click'), N_('On a hand card: discard it')),
    ("", N_('Michigan')),
    (N_('Left / Right'), N_('Move over the cards you may lead (they are lifted)')),
    (N_('Enter / Space'), N_('Lead the focused card')),
)
#: the keys of the screens played with a focus ring (``ui/focus.py``)
SCREEN_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("", N_("The picker, Settings and the table's menu")),
    ('Tab / Shift+Tab', N_('Move the focus (a bright blue outline) over the buttons, lists and '
                           'fields')),
    # Translators: the arrow keys
    (N_('Arrows'), N_('Move the focus to the nearest button, list or field that way')),
    (N_('Enter / Space'), N_('Press the focused button, or open the focused list')),
    (N_('Up / Down'), N_('In an open list: move over its options (Enter or Space chooses one, '
                         'Esc or Tab closes the list)')),
    (N_('Left / Right'), N_('Move the focused volume slider (Settings)')),
    ('Esc', N_("Go back (Settings, the table's menu)")),
    ('Enter', N_('In the picker, at once: resume the unfinished game (the gold Resume '
                 'button), else start a new one')),
    ('F1', N_("This help, in the picker, Settings and the table's menu too")),
)
SHORTCUTS: tuple[tuple[str, str], ...] = TABLE_SHORTCUTS + SCREEN_SHORTCUTS


#: the letter on each Latin letter's key in the Russian and Ukrainian layouts (ЙЦУКЕН;
#: the Ukrainian one has І where the Russian has Ы)
_RU_KEYS = dict(zip("QWERTYUIOPASDFGHJKLZXCVBNM", "ЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ"))
LAYOUT_LETTERS = {"ru": _RU_KEYS, "uk": dict(_RU_KEYS, S="І")}
_LETTER_KEY = re.compile(r"(?<![A-Za-z0-9])([A-Z])(?![A-Za-z0-9])")


def with_layout_letters(keys: str, lang: str | None = None) -> str:
    """The keys of a help row with, after each letter key, the letter that key bears in
    the Russian or Ukrainian layout when that is the language (``"H"`` -> ``"H (Р)"``,
    ``"Ctrl+Z"`` -> ``"Ctrl+Z (Я)"``): the shortcuts go by the key's place (``keys``),
    so a player with that layout finds them.  Other languages: ``keys`` unchanged."""
    if lang is None:
        from ...i18n import current_language
        lang = current_language()
    letters = LAYOUT_LETTERS.get(lang)
    if not letters:
        return keys
    return _LETTER_KEY.sub(lambda m: f"{m.group(1)} ({letters[m.group(1)]})", keys)


def shortcuts_html(heading_px: int | None = None, screens_first: bool = False,
                   own: tuple = ()) -> str:
    """The shortcuts as UITextBox HTML; ``heading_px``: the headings' pixel size (a
    HiDPI screen's), else HTML size 5; ``screens_first``: the picker's and Settings' keys
    before the table's; ``own``: a screen's own keys (rows as ``SHORTCUTS``'), first."""
    size = f"pixel_size={heading_px}" if heading_px else "size=5"
    out: list[str] = []
    rows = tuple(own) + (SCREEN_SHORTCUTS + TABLE_SHORTCUTS if screens_first else SHORTCUTS)
    for keys, what in rows:
        keys, what = (with_layout_letters(_(keys)) if keys else ""), _(what)
        if not keys:
            out.append(("<br>" if out else "") + f"<font color='#F6E7A6' {size}><b>{html.escape(what)}</b></font><br>")
            continue
        out.append(f"<font color='#8FE6FF'><b>{html.escape(keys)}</b></font>  —  "
                   f"{html.escape(what)}<br>")
    return "".join(out)


class HelpScene(Scene):
    """The keyboard shortcuts over the table."""
    transparent = True

    def __init__(self, variant: str = "contract", screens_first: bool = False,
                 own: tuple = ()) -> None:
        super().__init__()
        self.variant = variant
        self.screens_first = screens_first
        self.own = tuple(own)
        self.box: UITextBox | None = None
        self.btns: dict[str, UIButton] = {}

    def panel(self) -> pygame.Rect:
        W, H = self.app.size
        w = min(self.k(820), W - 40)
        h = min(self.k(640), H - 40)
        return pygame.Rect((W - w) // 2, (H - h) // 2, w, h)

    def startup(self) -> None:
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        m = self.app.manager
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "already loaded" is no news
            try:
                m.preload_fonts([{"name": "noto_sans", "point_size": px, "style": "bold"}
                                 for px in (14, 18)])
            except Exception:  # noqa: BLE001 - preloading only saves a warning
                pass
        p = self.panel()
        k = self.k   # the HiDPI scale
        pad = k(16)
        top = p.y + k(52)
        bh = k(40)
        self.box = self.add(UITextBox(shortcuts_html(k(18) if k(100) != 100 else None,
                                                     self.screens_first, self.own),
                                      pygame.Rect(p.x + pad, top, p.w - 2 * pad, p.bottom - pad - bh - k(10) - top),
                                      m, object_id=ObjectID(object_id="#help_text")))
        self.btns = {}
        for i, (name, label, cls) in enumerate((("rules", _("Rules of this game"), "@table_button"),
                                                 ("close", _(S.CLOSE), "@primary"))):
            x = p.centerx - k(200) + i * k(220)
            b = self.add(UIButton(pygame.Rect(x, p.bottom - pad - bh, k(180), bh), label, m,
                                  object_id=ObjectID(class_id=cls, object_id="#help_" + name)))
            self.btns[name] = b

    def resize(self, size) -> None:
        self.build()

    def close(self) -> None:
        if self.app is not None and self.app.stack.top is self:
            self.app.pop()

    def open_rules(self) -> None:
        self.close()
        try:
            from .rules import RulesScene
        except ImportError:
            return
        self.app.push(RulesScene(variant=self.variant))

    def handle_ui_event(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.btns.get("close"):
            self.close()
            return True
        if event.ui_element is self.btns.get("rules"):
            self.open_rules()
            return True
        return False

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            k = key_of(event)   # by the key's place in any layout
            if k in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            elif k == pygame.K_r:
                self.open_rules()
            elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                sb = self.box.scroll_bar if self.box is not None else None
                if sb is not None:
                    step = {pygame.K_UP: -0.1, pygame.K_DOWN: 0.1, pygame.K_PAGEUP: -0.8,
                            pygame.K_PAGEDOWN: 0.8}[k] * (sb.visible_percentage or 0)
                    top = max(0.0, 1.0 - (sb.visible_percentage or 0))
                    sb.set_scroll_from_start_percentage(min(top, max(0.0, sb.start_percentage + step)))
        return True  # nothing reaches the table below

    def title(self) -> str:
        return _(S.KEYBOARD_HELP)

    def draw(self, surf: pygame.Surface) -> None:
        p = self.panel()
        draw_overlay_panel(surf, p, dim=140, fill_alpha=248)
        from ..table import text
        t = text.render(self.title(), 24, (250, 236, 170), bold=True)
        surf.blit(t, (p.x + self.k(20), p.y + self.k(14)))


class MovesScene(HelpScene):
    """The current deal's moves over the table (L at the table): what each player did,
    newest first, as the status line said it (suit symbols drawn as on the table).
    ``MovesScene(lines)``: the texts, oldest first.  Escape, L, Enter or Close closes it.

    More moves than fit scroll: the mouse wheel, Up/Down (a line), Page Up/Page Down (a
    page), Home (the newest) and End (the oldest).  A scroll bar at the right and "N newer
    moves" / "N older moves" lines with arrows show what is out of view."""

    TEXT_PX = 16
    GAP_PX = 5

    def __init__(self, lines, variant: str = "contract") -> None:
        super().__init__(variant)
        self.lines = list(lines)
        self.top = 0  # the index (in shown_lines) of the first line in view

    def title(self) -> str:
        if layout_game(self.variant):
            return _("Moves this deal")
        return _("Moves this round")   # a contract game's deal is one of its rounds

    def shown_lines(self) -> list[str]:
        """The lines as shown, newest first."""
        if self.lines:
            return list(reversed(self.lines))
        if layout_game(self.variant):
            return [_("No moves yet this deal")]
        return [_("No moves yet this round")]

    def build(self) -> None:
        self.clear_widgets()
        p = self.panel()
        k = self.k
        bh = k(40)
        self.box = None
        b = self.add(UIButton(pygame.Rect(p.centerx - k(90), p.bottom - k(16) - bh, k(180), bh),
                              _(S.CLOSE), self.app.manager,
                              object_id=ObjectID(class_id="@primary", object_id="#help_close")))
        self.btns = {"close": b}

    # ---- scrolling
    def line_area(self) -> pygame.Rect:
        """Where the lines are drawn (the "more" lines above and below included)."""
        p = self.panel()
        k = self.k
        top = p.y + k(58)
        return pygame.Rect(p.x + k(26), top, p.w - k(52), p.bottom - k(16) - k(40) - k(10) - top)

    def line_height(self) -> int:
        from ..table import text
        return text.font(self.k(self.TEXT_PX)).get_height() + self.k(self.GAP_PX)

    def _rows(self) -> int:
        """How many lines fit when all of them are in view."""
        return max(1, self.line_area().h // self.line_height())

    def view(self) -> tuple[bool, int, bool]:
        """What is in view at ``self.top``: (a "N newer moves" row above, how many lines,
        a "N older moves" row below).  A "more" row takes a line's place."""
        n = len(self.shown_lines())
        rows = self._rows()
        if n <= rows:
            return False, n, False
        last = max(0, n - max(1, rows - 1))  # the top at the end: "newer" row + the rest
        newer = self.top > 0
        older = self.top < last
        return newer, max(1, rows - newer - older), older

    def page(self) -> int:
        """How many lines are in view now."""
        return self.view()[1]

    def max_top(self) -> int:
        n = len(self.shown_lines())
        rows = self._rows()
        return 0 if n <= rows else max(0, n - max(1, rows - 1))

    def scroll_to(self, top: int) -> None:
        self.top = min(self.max_top(), max(0, int(top)))

    def scroll(self, lines: int) -> None:
        self.scroll_to(self.top + lines)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        from ..table import text
        area = self.line_area()
        k = self.k
        lh = self.line_height()
        lines = self.shown_lines()
        self.scroll_to(self.top)
        newer, page, older = self.view()
        x, y = area.x, area.y
        dim = (170, 190, 176)
        clip = surf.get_clip()
        surf.set_clip(area.clip(clip) if clip else area)

        def more_row(y: int, n: int, up: bool) -> None:
            self._arrow(surf, (x + k(6), y + lh // 2 - k(2)), up=up, color=dim)
            msg = (ngettext("{n} newer move", "{n} newer moves", n) if up
                   else ngettext("{n} older move", "{n} older moves", n))
            t = text.render(msg.format(n=n), k(14), dim)
            surf.blit(t, (x + k(20), y + (lh - k(self.GAP_PX) - t.get_height()) // 2))

        if newer:
            more_row(y, self.top, True)
            y += lh
        for t in lines[self.top:self.top + page]:
            img = text.render(t, k(self.TEXT_PX), (236, 236, 226))
            surf.blit(img, (x, y))
            y += lh
        if older:
            more_row(y, len(lines) - self.top - page, False)
        surf.set_clip(clip)
        if newer or older:  # the scroll bar: the track and the thumb at the panel's right
            w = max(4, k(6))
            track = pygame.Rect(area.right + k(8), area.y, w, area.h)
            pygame.draw.rect(surf, (60, 74, 66), track, border_radius=w // 2)
            th = max(k(24), track.h * page // len(lines))
            ty = track.y + (track.h - th) * self.top // max(1, self.max_top())
            pygame.draw.rect(surf, (200, 214, 204), (track.x, ty, w, th), border_radius=w // 2)

    def _arrow(self, surf, c, up: bool, color) -> None:
        k = self.k
        x, y = c
        h = k(5)
        pts = ([(x - h, y + h), (x + h, y + h), (x, y - h)] if up else
               [(x - h, y - h), (x + h, y - h), (x, y + h)])
        pygame.draw.polygon(surf, color, pts)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * int(event.y))
            return True
        if event.type == pygame.KEYDOWN:
            k = key_of(event)
            if k in (pygame.K_l, pygame.K_r):
                if k == pygame.K_l:
                    self.close()
                return True  # (no rules button here)
            page = max(1, self.page() - 1)
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page,
                    pygame.K_PAGEDOWN: page}.get(k)
            if step is not None:
                self.scroll(step)
                return True
            if k == pygame.K_HOME:
                self.scroll_to(0)
                return True
            if k == pygame.K_END:
                self.scroll_to(self.max_top())
                return True
        return super().handle_event(event)
