"""The table's buttons: the widget kinds it uses beyond pygame_gui's plain button, and
how labels of any length (a translation) fit the buttons.

* ``PictureLabelButton``: a label drawn as a picture (suit symbols as pips in their
  inks: the buy button, the picker's Resume).
* ``ExplainingButton``: a button that, while off, says why when clicked (Go down).
* ``label_w``, ``pair_split``: the width a label needs in the theme's font; two buttons
  side by side sharing a text size, each label clear of its edges (``BUTTON_PAD``).
* ``able``: turn a button on or off (only when it changes).
"""
from __future__ import annotations

import pygame
import pygame_gui

from . import text


class PictureLabelButton(pygame_gui.elements.UIButton):
    """A button whose label is a picture: text with drawn suit symbols in their suits' inks
    (the buttons' font has no suit glyphs).  ``label_text`` is what it says; the keyboard,
    mouse and tooltip work as on any button."""
    label_text = ""
    label_image = None

    def set_label(self, label: str, image: pygame.Surface) -> None:
        self.label_text = label
        self.label_image = image
        if self.text:
            self.set_text("")
        self._show_label()

    def _show_label(self) -> None:
        imgs = [self.label_image] if self.label_image is not None else []
        for state in ("normal", "hovered", "selected", "disabled"):
            setattr(self, state + "_images", list(imgs))
            setattr(self, state + "_image_positions", [(0.5, 0.5)] * len(imgs))
        self.rebuild()

    def rebuild_from_changed_theme_data(self):
        super().rebuild_from_changed_theme_data()
        if self.label_image is not None:
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


def label_w(label: str, size: int) -> int:
    """The width of a button's label in the theme's font (Noto Sans) at ``size``."""
    return text.font(size).size(label)[0]


#: the least room (logical px) between a side button's label and each of its edges
BUTTON_PAD = 8
#: the table buttons' text sizes, largest first, and their theme classes
_BUTTON_SIZES = ((14, "@table_button"), (12, "@table_button_small"), (11, "@table_button_tiny"))


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


__all__ = ["PictureLabelButton", "ExplainingButton", "BUTTON_PAD", "able", "label_w",
           "pair_split"]
