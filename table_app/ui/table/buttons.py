"""The table's buttons: the widget kinds it uses beyond pygame_gui's plain button, and
how labels of any length (a translation) fit the buttons.

* ``PictureLabelButton``: a label drawn as a picture (suit symbols as pips in their
  inks: the buy button, the picker's Resume).
* ``ExplainingButton``: a button that, while off, says why when clicked (Go down).
* ``label_w``, ``pair_split``: the width a label needs in the theme's font; two buttons
  side by side sharing a text size, each label clear of its edges (``BUTTON_PAD``).
* ``able``: turn a button on or off (only when it changes).
* ``TableButtons``: the table's own: the top row (menu, redo, undo, scores, hint, help)
  and the side column (sort, suggest and clear, go down), built for a layout and a
  language, turned on and off for what the player may do now, their tooltips kept clear
  of the other buttons.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ...i18n import _
from ...i18n import strings as S
from . import text


class _Picture(pygame_gui.elements.UIImage):
    """A button's label picture: drawn over the button, never hovered and never in the
    way (the pointer's hover and clicks go to the button under it)."""

    def can_hover(self) -> bool:
        return False

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return False        # (a point over it would keep the button under it unhovered)


class PictureLabelButton(pygame_gui.elements.UIButton):
    """A button whose label is a picture: text with drawn suit symbols in their suits' inks
    (the buttons' font has no suit glyphs).  ``label_text`` is what it says; the keyboard,
    mouse and tooltip work as on any button.

    Public pygame_gui API only (``pygame_gui>=0.6.12``): the picture is a ``UIImage``
    over the button (``picture``) that is never hovered, so the button takes the pointer
    as ever; it moves, shows, hides, dies and dims with the button.  (It set the
    button's private per-state image lists, which exist only from pygame_gui 0.6.14.)"""
    label_text = ""
    label_image = None
    picture = None

    def set_label(self, label: str, image: pygame.Surface) -> None:
        self.label_text = label
        self.label_image = image
        if self.text:
            self.set_text("")
        self._show_label()

    def _shown_image(self):
        img = self.label_image
        if img is None or self.is_enabled:
            return img
        faded = img.copy()          # an off button's label, dimmed as its text would be
        faded.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
        return faded

    def _show_label(self) -> None:
        img = self._shown_image()
        if img is None:
            if self.picture is not None:
                self.picture.kill()
                self.picture = None
            return
        r = img.get_rect(center=self.relative_rect.center)
        p = self.picture
        if p is None or not p.alive():
            self.picture = _Picture(r, img, manager=self.ui_manager, container=self.ui_container,
                                    parent_element=self, starting_height=2,
                                    visible=int(bool(self.visible)))
            return
        if p.relative_rect.size != r.size:
            p.set_dimensions(r.size)
        p.set_relative_position(r.topleft)
        p.set_image(img)

    # the picture follows the button
    def show(self):
        super().show()
        if self.picture is not None:
            self.picture.show()

    def hide(self):
        super().hide()
        if self.picture is not None:
            self.picture.hide()

    def kill(self):
        if self.picture is not None:
            self.picture.kill()
            self.picture = None
        super().kill()

    def enable(self):
        super().enable()
        self._show_label()

    def disable(self):
        super().disable()
        self._show_label()

    def set_relative_position(self, position):
        super().set_relative_position(position)
        self._show_label()

    def set_position(self, position):
        super().set_position(position)
        self._show_label()

    def set_dimensions(self, dimensions, clamp_to_container: bool = False):
        super().set_dimensions(dimensions, clamp_to_container)
        self._show_label()


class ExplainingButton(pygame_gui.elements.UIButton):
    """A button that, while off, answers a click by calling ``on_disabled_click`` (Go
    down says what the contract still lacks); pygame_gui swallows such a click."""
    on_disabled_click = None

    def process_event(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.is_enabled
                and self.visible and self.on_disabled_click is not None):
            x, y = self.ui_manager.calculate_scaled_mouse_position(event.pos)
            if self.hover_point(x, y):
                self.on_disabled_click()
                return True
        return super().process_event(event)


class ExplainingPictureButton(ExplainingButton, PictureLabelButton):
    """A ``PictureLabelButton`` that, while off, says why when clicked (the buy button:
    no penalty card left)."""


def label_w(label: str, size: int) -> int:
    """The width of a button's label in the theme's font (Noto Sans) at ``size``."""
    return text.font(size).size(label)[0]


#: the least room (logical px) between a side button's label and each of its edges
BUTTON_PAD = 8
#: the table buttons' text sizes, largest first, and their theme classes
_BUTTON_SIZES = ((14, "@table_button"), (12, "@table_button_small"), (11, "@table_button_tiny"))


#: the gold (primary) buttons' bold text sizes, largest first, and their theme classes
_PRIMARY_SIZES = ((16, "@primary"), (14, "@primary_14"), (13, "@primary_13"),
                  (12, "@primary_12"), (11, "@primary_11"))


def primary_class(label: str, width: int, pad: int = BUTTON_PAD) -> str:
    """The theme class of a gold button ``width`` px wide whose bold ``label`` keeps
    ``pad`` px (logical, scaled) from both edges: the largest size that fits, else the
    smallest ("Добавить всё, что подходит" in the side column)."""
    room = width - 2 * int(round(pad * text.scale()))
    for size, cls in _PRIMARY_SIZES:
        if text.font(size, True).size(label)[0] <= room:
            return cls
    return _PRIMARY_SIZES[-1][1]


def pair_split(labels, width: int, gap: int, pad: int) -> tuple[str, tuple[int, int]]:
    """Two buttons side by side in ``width`` px, ``gap`` between them: the theme class
    their labels share and the two widths.  The largest text size at which both labels
    keep ``pad`` px from their buttons' edges: in equal halves when both fit a half, else
    the longer label's button wider ("Запропонувати" beside "Очистити").  When nothing
    fits, the smallest size in widths shared by need."""
    room = width - gap
    half = room // 2
    for size, cls in _BUTTON_SIZES:
        need = [label_w(t, size) + 2 * pad for t in labels]
        if max(need) <= half:
            return cls, (half, room - half)
        if sum(need) <= room:
            w0 = need[0] + (room - sum(need)) // 2
            return cls, (w0, room - w0)
    need = [label_w(t, _BUTTON_SIZES[-1][0]) for t in labels]
    w0 = round(room * need[0] / max(1, sum(need)))
    return _BUTTON_SIZES[-1][1], (w0, room - w0)


def able(b, on: bool) -> None:
    """``b`` on or off (``None``: no such button)."""
    if b is None:
        return
    if on and not b.is_enabled:
        b.enable()
    elif not on and b.is_enabled:
        b.disable()


class TableButtons:
    """The table scene's buttons.  ``named``: name -> widget (the buying window's two
    too: ``BuyPanel.build`` makes them through ``make``); ``top_left``: the left edge of
    the top row (the banner's texts end before it)."""

    def __init__(self) -> None:
        self.named: dict = {}
        self.top_left = 0
        self.lang: str | None = None

    def make(self, scene, name, rect, label, tip=None, cls="@table_button", peers=(), kind=None):
        """A button of ``scene`` named ``name`` (its object id ``#name``); a long label (a
        translation) takes a smaller font, the same as its ``peers`` (the labels of the
        buttons beside it)."""
        wide = max((label, *peers), key=lambda t: label_w(t, 14))
        if cls == "@table_button" and label_w(wide, 14) > pygame.Rect(rect).w - 10:
            cls = "@table_button_small" if label_w(wide, 12) <= pygame.Rect(rect).w - 8 \
                else "@table_button_tiny"
        if cls == "@primary" and kind in (None, ExplainingButton):   # (not a picture label)
            cls = primary_class(label, pygame.Rect(rect).w)
        if tip:
            # the letter keys it names with the letters they bear in a Russian or
            # Ukrainian layout, as the F1 help and the status line do ("(A (Ф))", #19)
            from ..scenes.help import with_layout_letters
            tip = with_layout_letters(tip)
        b = (kind or pygame_gui.elements.UIButton)(
            relative_rect=pygame.Rect(rect), text=label, manager=scene.app.manager,
            tool_tip_text=tip, object_id=ObjectID(class_id=cls, object_id="#" + name))
        self.named[name] = b
        return scene.add(b)

    def build(self, scene, L, layout_game: bool, buy=None, explain=None) -> None:
        """Make the buttons of ``scene`` for layout ``L`` in the current language: the top
        row right to left, each as wide as its label needs; the side column (not Suggest,
        Clear and Go down in a layout game); ``buy`` (a ``BuyPanel``) makes its own;
        ``explain()`` answers a click on Go down while it is off."""
        from ...i18n import current_language
        self.lang = current_language()
        scene.clear_widgets()
        self.named = {}
        W = L.size[0]
        u = L.ui

        def k(x):
            return int(round(x * u))

        def make(*a, **kw):
            return self.make(scene, *a, **kw)
        bh = k(28)
        y = k(5)
        x = W - k(6)
        for name, label, tip, least in (
                ("menu", _(S.MENU), _("Scores, rules of this game, leave the table"), 78),
                ("redo", _(S.REDO), _("Redo (Ctrl+Y)"), 78),
                ("undo", _(S.UNDO), _("Undo back to your previous decision (Ctrl+Z)"), 78),
                ("scores", _(S.SCORES), _("The score sheet"), 78),
                ("hint", _(S.HINT), _("What the hard computer player would do now, and why (H)"), 64),
                ("help", "?", _("Keyboard shortcuts (F1)"), 38)):
            bw = max(k(least), label_w(label, 14) + k(18))
            x -= bw
            make(name, (x, y, bw, bh), label, tip)
            x -= k(6)
        self.top_left = x
        sd = L.side
        bh2 = max(k(28), min(k(34), (sd.h - 12) // 3))

        def pair(y, names, labels, tips):
            # two buttons side by side, their labels in one size with room at the edges
            cls, (w0, w1) = pair_split(labels, sd.w, 6, k(BUTTON_PAD))
            make(names[0], (sd.x, y, w0, bh2), labels[0], tips[0], cls=cls)
            make(names[1], (sd.right - w1, y, w1, bh2), labels[1], tips[1], cls=cls)
        pair(sd.y, ("sort_suit", "sort_rank"), (_(S.SORT_SUIT), _(S.SORT_RANK)),
             (_(S.SORT_SUIT_HELP), _(S.SORT_RANK_HELP)))
        if layout_game:  # no melds in a layout game: no Suggest, Clear, Go down
            return
        pair(sd.y + bh2 + 6, ("suggest", "clear"), (_(S.SUGGEST), _(S.CLEAR)),
             (_("Fill the meld area with the best going-down"),
              _("Take the cards being built back into your hand")))
        make("go_down", (sd.x, sd.y + 2 * (bh2 + 6), sd.w, bh2), _(S.GO_DOWN),
             _("Lay down the contract's melds"), cls="@primary", kind=ExplainingButton)
        self.named["go_down"].on_disabled_click = explain
        # once down, the same place lays off every card that fits (the key A)
        make("play_all", (sd.x, sd.y + 2 * (bh2 + 6), sd.w, bh2), _(S.LAY_OFF_ALL),
             _("Lay off every card of your hand that fits a meld on the table, keeping a "
               "card to discard (A)"), cls="@primary")
        self.named["play_all"].hide()
        if buy is not None:
            # the buying window (in the meld-building area)
            buy.build(make, L.stage, k)

    def update(self, *, can_undo: bool, can_redo: bool, mine, down: bool = True,
               staged: bool = False, note: str = "", can_lay_off: bool = False,
               cards: bool = True) -> None:
        """On or off for what the player may do now (``mine``: their decision, or
        ``None``/``False``): Go down only in the play phase before going down, once the
        staged melds could make the contract (``note``: what they still lack); once
        down, "Lay off all that fits" in its place, on while a lay-off is legal
        (``can_lay_off``); the sorts while the hand has ``cards`` (after going out it
        has none: nothing to sort)."""
        b = self.named
        able(b.get("undo"), can_undo)
        able(b.get("redo"), can_redo)
        able(b.get("hint"), bool(mine))
        able(b.get("sort_suit"), cards)
        able(b.get("sort_rank"), cards)
        if "go_down" not in b:
            return
        able(b["suggest"], mine == "play" and not down)
        # off until the staged melds could make the contract (the meld area says what
        # is missing; a click on it says so too)
        able(b["go_down"], mine == "play" and not down and staged and not note)
        able(b["clear"], staged)
        pa = b.get("play_all")
        if pa is not None:
            shown, gone = (pa, b["go_down"]) if down else (b["go_down"], pa)
            if gone.visible:
                gone.hide()
            if not shown.visible:
                shown.show()
            able(pa, mine == "play" and down and can_lay_off)

    def place_tooltips(self, L) -> None:
        """A button's tooltip that would cover another button (Suggest's covered Go down
        below it) moves beside the button column, left of it, level with the button."""
        for b in self.named.values():
            tt = getattr(b, "tool_tip", None)
            if tt is None or getattr(tt, "_table_placed", False):
                continue
            tt._table_placed = True
            others = [o.rect for o in self.named.values() if o is not b and o.visible]
            if not any(tt.rect.colliderect(r) for r in others):
                continue
            W, H = L.size
            left = L.side.x if b.rect.colliderect(L.side) else b.rect.x
            x = left - tt.rect.w - 8
            if x < 0:
                x = min(W - tt.rect.w, b.rect.right + 8)
            y = max(0, min(H - tt.rect.h, b.rect.centery - tt.rect.h // 2))
            tt.set_position((x, y))


__all__ = ["PictureLabelButton", "ExplainingButton", "TableButtons", "BUTTON_PAD", "able",
           "label_w", "pair_split"]
