"""The help overlay (F1 at the table): every keyboard shortcut of the table, in a
pygame_gui ``UITextBox`` over the table, with a button to the rules of the game.

``HelpScene(variant)``; Escape, F1 or Close pops it; "Rules of this game" replaces it with
the rules screen (``RulesScene``).  ``SHORTCUTS`` is the list the README's table follows.
"""
from __future__ import annotations

import html
import warnings

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from ...i18n import N_, _
from ...i18n import strings as S
from ..scene import Scene, draw_overlay_panel

# (keys, what they do); a section starts with a ("", title) row.  Keys named in words
# are translated (N_), letters and key caps are not
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("", N_('Moving around')),
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
    ("", N_('Actions')),
    ('D', N_('Draw from the stock (passing the upcard first where the game lets others'
                ' buy it)')),
    ('U', N_('Take the upcard')),
    ('M', N_('Put the picked-up cards in the meld area as a new meld')),
    ('R', N_('Another role for the wild card in the focused meld being built')),
    ('S', N_('Suggest: fill the meld area with the best going-down')),
    ('G', N_('Go down with the melds in the meld area')),
    ('C', N_('Clear the meld area (the cards go back to your hand)')),
    ('B', N_('Buy (May I?) or call (Contract) the upcard when you are asked')),
    ('P', N_('Pass the buy')),
    ('H', N_('Hint: what the normal computer player would do now, and why')),
    ('L', N_("The deal's moves so far: who did what, newest first")),
    ('Ctrl+Z / Ctrl+Y', N_('Undo back to your previous decision / redo')),
    ('F1', N_('This help (F1, Esc or Enter closes it; R opens the rules of the game)')),
    ("", N_('Michigan')),
    (N_('Left / Right'), N_('Move over the cards you may lead (they are lifted)')),
    (N_('Enter / Space'), N_('Lead the focused card')),
)


def shortcuts_html(heading_px: int | None = None) -> str:
    """The shortcuts as UITextBox HTML; ``heading_px``: the headings' pixel size (a
    HiDPI screen's), else HTML size 5."""
    size = f"pixel_size={heading_px}" if heading_px else "size=5"
    out = []
    for keys, what in SHORTCUTS:
        keys, what = (_(keys) if keys else ""), _(what)
        if not keys:
            out.append(("<br>" if out else "") + f"<font color='#F6E7A6' {size}><b>{html.escape(what)}</b></font><br>")
            continue
        out.append(f"<font color='#8FE6FF'><b>{html.escape(keys)}</b></font>  —  "
                   f"{html.escape(what)}<br>")
    return "".join(out)


class HelpScene(Scene):
    """The keyboard shortcuts over the table."""
    transparent = True

    def __init__(self, variant: str = "contract") -> None:
        super().__init__()
        self.variant = variant
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
        self.box = self.add(UITextBox(shortcuts_html(k(18) if k(100) != 100 else None),
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
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            elif event.key == pygame.K_r:
                self.open_rules()
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                sb = self.box.scroll_bar if self.box is not None else None
                if sb is not None:
                    step = {pygame.K_UP: -0.1, pygame.K_DOWN: 0.1, pygame.K_PAGEUP: -0.8,
                            pygame.K_PAGEDOWN: 0.8}[event.key] * (sb.visible_percentage or 0)
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
    ``MovesScene(lines)``: the texts, oldest first.  Escape, L, Enter or Close closes it."""

    def __init__(self, lines, variant: str = "contract") -> None:
        super().__init__(variant)
        self.lines = list(lines)

    def title(self) -> str:
        return _("Moves this deal")

    def shown_lines(self) -> list[str]:
        """The lines as shown, newest first."""
        return list(reversed(self.lines)) or [_("No moves yet this deal")]

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

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        from ..table import text
        p = self.panel()
        k = self.k
        y = p.y + k(58)
        bottom = p.bottom - k(16) - k(40) - k(10)
        for t in self.shown_lines():
            img = text.render(t, k(16), (236, 236, 226))
            if y + img.get_height() > bottom:
                break
            surf.blit(img, (p.x + k(26), y))
            y += img.get_height() + k(5)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_r):
            if event.key == pygame.K_l:
                self.close()
            return True  # (no rules button here)
        return super().handle_event(event)
