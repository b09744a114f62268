"""A small settings screen: the table's speeds, the buying countdown, auto-pass, sound
and the 4-colour deck.  (The full settings screen with languages is issue 7.)"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from ..scene import Scene
from ..table import text

CHOICES = {
    "animation_speed": ("Animation speed", (0.5, 1.0, 2.0, 4.0)),
    "ai_speed": ("Computer players' pace", (0.5, 1.0, 2.0, 4.0)),
    "buy_countdown_s": ("May I? countdown (seconds)", (3.0, 5.0, 8.0, 12.0, 0.0)),
    "auto_pass_buys": ("Pass buying windows automatically", (False, True)),
    "skip_animations": ("Skip animations", (False, True)),
    "sound_on": ("Sound", (True, False)),
    "four_color": ("Four-colour deck", (False, True)),
    "large_index": ("Large corner indices", (False, True)),
}


def _fmt(v) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, float):
        return ("no countdown" if v == 0 else f"{v:g}")
    return str(v)


class SettingsScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.btns: dict = {}
        self._felt = None

    def startup(self) -> None:
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        self.btns = {}
        W, H = self.app.size
        y = 110
        x = W // 2 - 60
        for key, (label, _vals) in CHOICES.items():
            v = getattr(self.app.settings, key, None)
            b = self.add(UIButton(pygame.Rect(x, y, 220, 36), _fmt(v), self.app.manager,
                                  object_id=ObjectID(object_id="#set_" + key)))
            self.btns[key] = b
            y += 48
        self.back = self.add(UIButton(pygame.Rect(W // 2 - 90, H - 90, 180, 44), "Back",
                                      self.app.manager, object_id=ObjectID(class_id="@primary")))

    def resize(self, size) -> None:
        self._felt = None
        self.build()

    def handle_ui_event(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.back:
            self.app.pop()
            return True
        for key, b in self.btns.items():
            if b is event.ui_element:
                vals = CHOICES[key][1]
                cur = getattr(self.app.settings, key, vals[0])
                nxt = vals[(vals.index(cur) + 1) % len(vals)] if cur in vals else vals[0]
                self.app.update_settings(**{key: nxt})
                if key == "skip_animations":
                    self.app.instant = bool(nxt)
                b.set_text(_fmt(getattr(self.app.settings, key, nxt)))
                return True
        return False

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def draw(self, surf) -> None:
        W, H = surf.get_size()
        if self._felt is None or self._felt.get_size() != (W, H):
            self._felt = self.app.art.felt((W, H))
        surf.blit(self._felt, (0, 0))
        surf.blit(text.render_shadowed("Settings", 32, (250, 236, 170), bold=True), (W // 2 - 300, 40))
        y = 110
        for key, (label, _vals) in CHOICES.items():
            t = text.render_shadowed(label, 17, (235, 240, 230))
            surf.blit(t, (W // 2 - 80 - t.get_width(), y + 8))
            y += 48
