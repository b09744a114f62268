"""Confirm before going down (the ``confirm_go_down`` setting): an overlay over the table
showing the melds about to be laid down, with "Go down" and "Cancel".  And confirm the
first undo of a game that takes back a card already seen (``ConfirmUndo``): it makes the
game a practice game.  And confirm leaving a game still being played for a practice
game from the review of its deal (``ConfirmLeaveGame``: the replay viewer's Play on).

Mouse: the two buttons.  Keyboard: Enter, Space or G go down; Esc or C cancel;
Left/Right/Tab move the focus between the buttons (Enter presses the focused one).
Nothing reaches the engine until "Go down": the table's ``confirm_go_down(action)`` then
applies the action it was given when the overlay opened.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from ...i18n import N_, _, contract_name, pgettext
from ...i18n import strings as S
from ..keys import key_of
from ..scene import Scene, draw_overlay_panel
from ..table import text
from ..table.meldhelp import role_tag

GOLD = (250, 236, 170)
# Translators: the title of the dialog that shows the melds before going down
GO_DOWN_TITLE = N_("Go down with these melds?")
FOCUS = (90, 225, 255)


class _YesNo(Scene):
    """What the two dialogs share: the answers and the keys.  A subclass sets ``ok`` and
    ``cancel`` (buttons), ``focus`` (0: ok) and ``done``, names its own yes keys in
    ``YES_KEYS`` and acts in ``on_confirm``."""

    YES_KEYS: tuple[int, ...] = ()
    OK_ID = "#confirm_ok"
    focus: int
    done: bool

    def on_confirm(self) -> None:
        raise NotImplementedError

    def geometry(self) -> pygame.Rect:
        raise NotImplementedError

    def _lines(self, width: int) -> list[str]:
        """The dialog's text broken into lines ``width`` px wide (a text dialog's)."""
        raise NotImplementedError

    def text_box(self, width: int, lift: int) -> pygame.Rect:
        """The box of a dialog of wrapped text (``_lines``) and its two buttons:
        ``width`` logical px wide (at most the window less 40 px), centred, raised by
        ``lift`` logical px."""
        W, H = self.app.size
        u = getattr(self.app, "ui_scale", 1.0)
        pw = min(W - 40, int(width * u))
        n = len(self._lines(pw - int(48 * u)))
        ph = int(64 * u) + n * int(21 * u) + int(80 * u)
        return pygame.Rect((W - pw) // 2, max(10, (H - ph) // 2 - int(lift * u)), pw, ph)

    def draw_text_dialog(self, surf, title: str) -> None:
        """The dialog drawn: its panel, ``title`` (translated; gold, made smaller when it
        does not fit the box), its wrapped text (``_lines``) and the focus ring."""
        draw_overlay_panel(surf, self.panel)
        u = getattr(self.app, "ui_scale", 1.0)
        p = self.panel
        t = text.render_shadowed(title, 20, GOLD, bold=True)
        if t.get_width() > p.w - int(24 * u):
            t = text.render_shadowed(title, 16, GOLD, bold=True)
        surf.blit(t, t.get_rect(midtop=(p.centerx, p.y + int(16 * u))))
        y = p.y + int(56 * u)
        for ln in self._lines(p.w - int(48 * u)):
            surf.blit(text.render(ln, 15, (235, 240, 230)), (p.x + int(24 * u), y))
            y += int(21 * u)
        self.draw_focus(surf)

    def labels(self) -> tuple[str, str]:
        """The two buttons' texts, translated: (yes, no)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ layout
    def startup(self) -> None:
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        self.panel = self.geometry()
        u = getattr(self.app, "ui_scale", 1.0)
        bw, bh = int(150 * u), int(38 * u)
        y = self.panel.bottom - bh - int(16 * u)
        cx = self.panel.centerx
        m = self.app.manager
        yes, no = self.labels()
        self.ok = self.add(UIButton(pygame.Rect(cx - bw - 8, y, bw, bh), yes, m,
                                    object_id=ObjectID(class_id="@primary", object_id=self.OK_ID)))
        self.cancel = self.add(UIButton(pygame.Rect(cx + 8, y, bw, bh), no, m,
                                        object_id=ObjectID(object_id="#confirm_cancel")))

    def resize(self, size) -> None:
        self.build()

    def retranslate(self) -> None:
        self.build()

    # ------------------------------------------------------------------ answers
    def confirm(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.pop()
        self.on_confirm()

    def refuse(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.pop()

    def handle_ui_event(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.ok:
            self.confirm()
            return True
        if event.ui_element is self.cancel:
            self.refuse()
            return True
        return False

    IGNORE_CTRL = False

    def handle_event(self, event) -> bool:
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # modal
        if not (self.IGNORE_CTRL and event.mod & pygame.KMOD_CTRL):
            self.handle_key(key_of(event))   # by the key's place in any layout
        return True

    def draw_focus(self, surf) -> None:
        """The keyboard focus ring round the focused button."""
        if self.focus in (0, 1) and self.ok is not None:
            b = (self.ok if self.focus == 0 else self.cancel).rect.inflate(8, 8)
            pygame.draw.rect(surf, FOCUS, b, 3, border_radius=8)

    def handle_key(self, k: int) -> None:
        if k in (pygame.K_ESCAPE, pygame.K_c, pygame.K_n):
            self.refuse()
        elif k in self.YES_KEYS:
            self.confirm()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm() if self.focus == 0 else self.refuse()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = 1 - self.focus


class ConfirmGoDown(_YesNo):
    """``table``: the table scene below; ``action``: the ``GoDown`` to apply."""
    transparent = True

    def __init__(self, table, action) -> None:
        super().__init__()
        self.table = table
        self.action = action
        self.ok = None
        self.cancel = None
        self.focus = 0          # 0: Go down, 1: Cancel
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False

    # ------------------------------------------------------------------ layout
    def _card_w(self) -> int:
        return max(30, int(self.table.L.mw * 0.9)) if self.table.L else 40

    def geometry(self) -> pygame.Rect:
        W, H = self.app.size
        u = getattr(self.app, "ui_scale", 1.0)
        cw = self._card_w()
        step = cw * 0.42
        rows = self.action.melds
        widths = [cw + step * (len(m.cards) - 1) for m in rows]
        # the melds in one row when they fit, else one meld per row
        gap = int(cw * 0.4)
        one_row = sum(widths) + gap * (len(widths) - 1)
        pw = max(int(420 * u), int(min(W - 40, one_row + 60)))
        nrows = 1 if one_row + 60 <= pw else len(rows)
        ph = int(70 * u) + nrows * (int(cw * 1.4) + 10) + int(70 * u)
        return pygame.Rect((W - pw) // 2, max(10, (H - ph) // 2 - int(40 * u)), pw, ph)

    OK_ID = "#confirm_go_down"

    def labels(self) -> tuple[str, str]:
        return _(S.GO_DOWN), _("Cancel")

    # ------------------------------------------------------------------ answers
    YES_KEYS = (pygame.K_g, pygame.K_y)

    def on_confirm(self) -> None:
        self.table.confirm_go_down(self.action)


    # ------------------------------------------------------------------ draw
    def draw(self, surf) -> None:
        draw_overlay_panel(surf, self.panel)
        u = getattr(self.app, "ui_scale", 1.0)
        p = self.panel
        title = text.render_shadowed(_(GO_DOWN_TITLE), 20, GOLD, bold=True)
        surf.blit(title, title.get_rect(midtop=(p.centerx, p.y + int(14 * u))))
        obs = self.table.obs
        sub = getattr(obs, "contract_terms", None)
        if sub:
            t = text.render(f"{_(S.CONTRACT)}: {contract_name(sub)}", 15, (235, 240, 230))
            surf.blit(t, t.get_rect(midtop=(p.centerx, p.y + int(42 * u))))
        st = self.app.settings
        art = self.app.art
        cw = self._card_w()
        ch = int(cw * 1.4)
        step = cw * 0.42
        gap = int(cw * 0.4)
        widths = [cw + step * (len(m.cards) - 1) for m in self.action.melds]
        one_row = sum(widths) + gap * (len(widths) - 1)
        y = p.y + int(70 * u)
        rows = [list(range(len(widths)))] if one_row + 60 <= p.w else [[i] for i in range(len(widths))]
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = p.centerx - total / 2
            for i in row:
                m = self.action.melds[i]
                for k, (f, role) in enumerate(zip(m.cards, m.roles)):
                    img = art.face(f, cw, four_color=bool(getattr(st, "four_color", False)),
                                   large_index=bool(getattr(st, "large_index", False)))
                    surf.blit(img, (int(x + k * step), y))
                    if role is not None:
                        tag = text.plate(role_tag(role, m.kind), 11, (20, 20, 20),
                                         (255, 230, 120, 235), pad=3)
                        surf.blit(tag, tag.get_rect(bottomleft=(int(x + k * step) + 2, y + ch - 3)))
                x += widths[i] + gap
            y += ch + 10
        self.draw_focus(surf)



# Translators: the title of the dialog asked before an undo that makes the game practice
UNDO_TITLE = N_("Undo, and make this a practice game?")
# Translators: the text of that dialog (the first such undo of a game asks; later ones don't)
UNDO_TEXT = N_("Undoing this takes back a card you have already seen, so this game becomes a "
               "practice game: it won't count in your statistics. Later undos won't ask again.")


class ConfirmUndo(_YesNo):
    """Asked before the first undo of a game that goes back past a card the player has
    seen (drawn from the stock, bought, dealt): that undo makes the game a practice
    game, which the statistics leave out.  "Undo" undoes (the table's ``undo(confirmed=
    True)``), "Cancel" leaves the game as it is.

    Keyboard as in the go-down dialog: Enter or Space press the focused button (Undo
    first), U or Y undo, Esc, C or N cancel, Left/Right/Tab move the focus."""
    transparent = True

    def __init__(self, table) -> None:
        super().__init__()
        self.table = table
        self.ok = None
        self.cancel = None
        self.focus = 0          # 0: Undo, 1: Cancel
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False

    def _lines(self, width: int) -> list[str]:
        return text.wrap(_(UNDO_TEXT), 15, width, measure=text.width)

    def geometry(self) -> pygame.Rect:
        return self.text_box(540, 40)

    OK_ID = "#confirm_undo"

    def labels(self) -> tuple[str, str]:
        # Translators: the undo dialog's button that undoes (the game becomes practice)
        yes = pgettext("undo dialog", "Undo")
        # Translators: the undo dialog's button that leaves the game as it is (not the same word as "Undo")
        no = pgettext("undo dialog", "Cancel")
        return yes, no

    YES_KEYS = (pygame.K_u, pygame.K_y)

    def on_confirm(self) -> None:
        self.table.undo(confirmed=True)

    IGNORE_CTRL = True  # Ctrl+Z again: the question stands

    def draw(self, surf) -> None:
        self.draw_text_dialog(surf, _(UNDO_TITLE))


# Translators: the title of the dialog asked when "Play on from here" is chosen in the
# review of a deal of a game still being played (opened from its deal-end screen)
LEAVE_TITLE = N_("Leave this game for a practice game?")
# Translators: the text of that dialog
LEAVE_TEXT = N_("Your game is saved: Resume in the game picker takes it up again where you "
                "left it. The practice game starts from the decision shown, with the same "
                "cards, and is saved as a practice record of its own.")


class ConfirmLeaveGame(_YesNo):
    """Asked when "Play on from here" (P at a costly decision, or the Play on dialog's
    Start) is chosen in the replay viewer opened over a game still being played (the
    deal-end screen's "Review this deal"): a practice game takes the game's place, so
    "Play on" leaves the game (saved, resumable from the picker) for the practice game
    (the viewer's ``leave_and_play_on(choices)``); "Cancel" goes back to the viewer.

    Keyboard as in the other dialogs: Enter or Space press the focused button (Play on
    first), P or Y play on, Esc, C or N cancel, Left/Right/Tab move the focus."""
    transparent = True

    def __init__(self, viewer, choices) -> None:
        super().__init__()
        self.viewer = viewer
        self.choices = list(choices)
        self.ok = None
        self.cancel = None
        self.focus = 0          # 0: Play on, 1: Cancel
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False
        #: the practice game's session once started (tests)
        self.session = None

    def _lines(self, width: int) -> list[str]:
        return text.wrap(_(LEAVE_TEXT), 15, width, measure=text.width)

    def geometry(self) -> pygame.Rect:
        return self.text_box(560, 40)

    OK_ID = "#confirm_leave_game"

    def labels(self) -> tuple[str, str]:
        # Translators: the button that leaves the game (saved) for the practice game
        yes = pgettext("leave for practice", "Play on")
        return yes, _("Cancel")

    YES_KEYS = (pygame.K_p, pygame.K_y)

    def on_confirm(self) -> None:
        self.session = self.viewer.leave_and_play_on(self.choices)

    def draw(self, surf) -> None:
        self.draw_text_dialog(surf, _(LEAVE_TITLE))
