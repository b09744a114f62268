"""The library of past games (the Replays button): double-click a game, or select it and
press Replay, to open it in the replay viewer (``scenes/replay.py``); select an unfinished
game and press Resume to play it on at the table (any unfinished game, not only the
newest one the picker's Resume continues).

Every file is listed on its own (``Library.games``): a damaged record, kept aside, is
listed as damaged with why it can't be opened (selecting it says it in full; Replay shows
what can be shown of it), and a game open in another copy of the app says so."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UISelectionList

from ...i18n import _, ngettext, player_name
from ...i18n import strings as S
from ...variants import VARIANTS
from ..replay_model import problem_words
from ..keys import key_of
from ..scene import Scene
from ..table import text


class LibraryScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.games = []
        self.shown_games = []
        self.items = []
        self.message = ""

    def startup(self) -> None:
        self.elsewhere = set()
        try:
            from ...storage.library import Library
            lib = Library()
            self.games = list(lib.games())
            self.elsewhere = {g.id for g in self.games
                              if g.status == "unfinished" and lib.open_elsewhere(g)}
            msgs = lib.take_messages()
            if len(msgs) == 1:
                from ...i18n.messages import storage_message
                self.message = storage_message(msgs[-1])
            elif msgs:
                self.message = ngettext(
                    "{n} file could not be read or written: the list says why",
                    "{n} files could not be read or written: the list says why",
                    len(msgs)).format(n=len(msgs))
        except Exception as e:  # noqa: BLE001
            import logging
            logging.getLogger(__name__).exception("the library")
            self.games = []
            self.message = _("The library can't be read: {error}").format(error=e)
        self.build()

    def item_text(self, g) -> str:
        """A game's line in the list: date, game, players, rounds (deals), state."""
        name = _(VARIANTS[g.variant].name) if g.variant in VARIANTS else _("Unknown game")
        who = ", ".join(player_name(p.get("name") or "?") for p in g.players)
        when = g.created[:16].replace("T", " ")
        if g.damaged:
            # Translators: a game of the Replays list whose file can't be opened; {problem}
            # is why, as the record reader says it ("line 3: not a JSON object")
            state = _("damaged: {problem}").format(problem=problem_words(g.problem, g.refusal))
            if len(state) > 120:
                state = state[:119] + "…"
            return f"{when}  {name}  ({who or g.id})  {state}"
        state = _("finished") if g.finished else (_("abandoned") if g.abandoned
                                                  else _("unfinished"))
        if g.id in self.elsewhere:
            # Translators: after "unfinished" in the list of games: another copy of the
            # app (another window) is playing it
            state += ", " + _("open in another window")
        if g.practice:
            # Translators: after "finished"/"unfinished" in the list of games: the game
            # doesn't count in the statistics (an undo took back a card already seen)
            state += ", " + _("practice")
        if g.variant == "michigan":
            deals = ngettext("{n} deal", "{n} deals", g.deals_played)
        else:   # a contract game's deals are its rounds (as its score sheet says)
            deals = ngettext("{n} round", "{n} rounds", g.deals_played)
        deals = deals.format(n=g.deals_played)
        return f"{when}  {name}  ({who})  {deals}, {state}"

    def build(self) -> None:
        self.clear_widgets()
        W, H = self.app.size
        self.shown_games = sorted(self.games, key=lambda g: g.created, reverse=True)
        items = []
        for g in self.shown_games:
            t = self.item_text(g)
            while t in items:      # two lines alike: the list tells them apart by text
                t += " "
            items.append(t)
        self.items = list(items)
        if not items:
            items = [_("No games yet: play one from the picker")]
        # (the message lines go between the list and the buttons)
        self.list = self.add(UISelectionList(pygame.Rect(60, 110, W - 120, H - 262), items, self.app.manager))
        # the default action (a double-click does it) is the one gold button; Resume and
        # Back are plain
        self.replay = self.add(UIButton(pygame.Rect(W // 2 - 279, H - 90, 180, 44), _("Replay"),
                                        self.app.manager,
                                        object_id=ObjectID(class_id="@primary", object_id="#lib_replay")))
        self.resume_btn = self.add(UIButton(pygame.Rect(W // 2 - 90, H - 90, 180, 44), _(S.RESUME),
                                            self.app.manager, object_id=ObjectID(object_id="#lib_resume"),
                                            tool_tip_text=_("Play the selected unfinished game on "
                                                            "from where it stopped")))
        self.resume_btn.disable()
        self.back = self.add(UIButton(pygame.Rect(W // 2 + 99, H - 90, 180, 44), _(S.BACK),
                                      self.app.manager, object_id=ObjectID(object_id="#lib_back")))

    def resize(self, size) -> None:
        self.build()

    def retranslate(self) -> None:
        self.build()

    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.resume_btn:
            self.resume_selected()
            return True
        if event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                          pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION) and \
                event.ui_element is self.list:
            g = self.selected()
            if g is not None and g.resumable and g.events > 0:
                self.resume_btn.enable()
            else:
                self.resume_btn.disable()
            if g is not None and g.damaged:
                self.message = _("This file can't be opened as a game: {problem}. It is kept "
                                 "as {file}.").format(problem=problem_words(g.problem, g.refusal),
                                                      file=g.id)
            return True
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.replay) or \
                (event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
                 and event.ui_element is self.list):
            self.open_selected()
            return True
        return False

    def selected(self):
        """The ``GameSummary`` selected in the list, or ``None``."""
        sel = self.list.get_single_selection()
        index = self.items.index(sel) if sel in self.items else None
        return None if index is None else self.shown_games[index]

    def resume_selected(self, index: int | None = None) -> None:
        """Play the selected unfinished game (or game ``index`` of the list) on at the
        table; a finished or abandoned game, or a file that can't be resumed, is refused
        with a message and nothing else changes."""
        g = self.selected() if index is None else (
            self.shown_games[index] if 0 <= index < len(self.shown_games) else None)
        if g is None:
            self.message = _("Select a game to resume")
            return
        if g.damaged:
            self.message = _("This file can't be opened as a game: {problem}. It is kept "
                             "as {file}.").format(problem=problem_words(g.problem, g.refusal),
                                                  file=g.id)
            return
        if not g.resumable or g.events == 0:
            self.message = _("That game is over: it can only be replayed")
            return
        from .resume import open_resumed
        err = open_resumed(self.app, g.path)
        if err:
            self.message = err

    def open_selected(self, index: int | None = None) -> None:
        """Open the selected game (or game ``index`` of the list) in the replay viewer."""
        if index is None:
            sel = self.list.get_single_selection()
            index = self.items.index(sel) if sel in self.items else None
        if index is None or not 0 <= index < len(self.shown_games):
            self.message = _("Select a game to replay")
            return
        from .replay import open_replay
        self.app.push(open_replay(self.shown_games[index].path))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def draw(self, surf) -> None:
        W, H = surf.get_size()
        surf.blit(self.app.art.felt((W, H)), (0, 0))  # cached per size by CardArt
        surf.blit(text.render_shadowed(_(S.YOUR_GAMES), 32, (250, 236, 170), bold=True), (60, 30))
        n = len(self.games)
        saved = ngettext("{n} game saved.", "{n} games saved.", n).format(n=n)
        bad = sum(1 for g in self.games if g.damaged)
        if bad:
            saved += " " + ngettext("{n} of them is damaged (kept aside, never deleted).",
                                    "{n} of them are damaged (kept aside, never deleted).",
                                    bad).format(n=bad)
        line = saved + " " + _("Double-click a game (or select it and press Replay) to step "
                               "through it; select an unfinished game and press Resume to play on.")
        # wrapped to the window (two lines at 1024 px), above the list at y = 110
        for i, part in enumerate(text.wrap(line, 15, W - 124)[:2]):
            surf.blit(text.render_shadowed(part, 15, (225, 235, 225)), (62, 70 + 19 * i))
        if self.message:
            lines = text.wrap(self.message, 14, W - 140)[:2]
            for i, ln in enumerate(lines):
                m = text.plate(ln, 14, (255, 235, 235), (150, 24, 30, 220))
                surf.blit(m, (60, H - 146 + 23 * i))
