"""The library of past games (the Replays button).  The replay viewer itself is a later
issue: this lists the games and says so."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UISelectionList

from ...variants import VARIANTS
from ..scene import Scene
from ..table import text


class LibraryScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.games = []
        self.message = ""
        self._felt = None

    def startup(self) -> None:
        try:
            from ...storage.library import Library
            lib = Library()
            self.games = list(lib.list())
            msgs = lib.take_messages()
            if msgs:
                self.message = msgs[-1]
        except Exception as e:  # noqa: BLE001
            self.games = []
            self.message = f"The library can't be read: {e}"
        self.build()

    def build(self) -> None:
        self.clear_widgets()
        W, H = self.app.size
        items = []
        for g in sorted(self.games, key=lambda g: g.created, reverse=True):
            name = VARIANTS[g.variant].name if g.variant in VARIANTS else g.variant
            state = "finished" if g.finished else ("abandoned" if g.abandoned else "unfinished")
            who = ", ".join(p.get("name", "?") for p in g.players)
            items.append(f"{g.created[:16].replace('T', ' ')}  {name}  ({who})  "
                         f"{g.deals_played} deals, {state}")
        if not items:
            items = ["No games yet: play one from the picker"]
        self.add(UISelectionList(pygame.Rect(60, 110, W - 120, H - 230), items, self.app.manager))
        self.back = self.add(UIButton(pygame.Rect(W // 2 - 90, H - 90, 180, 44), "Back",
                                      self.app.manager, object_id=ObjectID(class_id="@primary")))

    def resize(self, size) -> None:
        self._felt = None
        self.build()

    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
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
        surf.blit(text.render_shadowed("Your games", 32, (250, 236, 170), bold=True), (60, 30))
        surf.blit(text.render_shadowed(
            f"{len(self.games)} games saved. The replay viewer (step through a past deal) is "
            "coming in a later version; unfinished games resume from the picker.", 15,
            (225, 235, 225)), (62, 76))
        if self.message:
            m = text.plate(self.message, 14, (255, 235, 235), (150, 24, 30, 220))
            surf.blit(m, (60, H - 130))
