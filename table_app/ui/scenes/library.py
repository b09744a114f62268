"""The library of past games (the Replays button): every game with its result (who won,
with what score or chips), newest first.  Double-click a game, or select it and press
Replay, to open it in the replay viewer (``scenes/replay.py``); select an unfinished
game and press Resume to play it on at the table (any unfinished game); select a game
and press Delete (a confirmation first, ``ConfirmDelete``) to move its record into the
trash folder beside the games (``Library.delete``: kept, never erased).

Every file is listed on its own (``Library.games``): a damaged record, kept aside, is
listed as damaged with why it can't be opened (selecting it says it in full; Replay shows
what can be shown of it), and a game open in another copy of the app says so.

Keyboard: Up / Down (Page Up / Page Down, Home / End) select a game, Left / Right and
Tab / Shift+Tab move the blue focus outline over the buttons, Enter or Space presses the
focused one (Replay at first), Delete deletes the selected game (after the
confirmation), Esc goes back, F1 lists these keys."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UISelectionList

from ...i18n import N_, _, is_you, ngettext, player_name
from ...i18n import strings as S
from ...variants import VARIANTS, layout_game
from ..focus import FocusRing
from ..keys import key_of
from ..replay_model import problem_words
from ..scene import Scene
from ..table import text
from .confirm import _YesNo
from .listkeys import ListKeys

if TYPE_CHECKING:
    from ...storage.summary import GameSummary

#: the Replays screen's own keys (F1 lists them first)
LIBRARY_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("", N_("Replays (your games)")),
    (N_("Up / Down"), N_("Select the previous or next game (Page Up / Page Down: a page, "
                         "Home / End: the first or last)")),
    (N_("Left / Right"), N_("Move the focus over the buttons (Tab / Shift+Tab too)")),
    (N_("Enter / Space"), N_("Press the focused button: Replay at first")),
    ('Delete', N_("Delete the selected game (you are asked first; it goes to the trash "
                      "folder)")),
    ('Esc', N_("Go back")),
)


def _number(x: Fraction) -> str:
    from .stats import fmt_number
    return fmt_number(int(x) if x.denominator == 1 else float(x))


def score_words(g, seat: int | None) -> str:
    """A seat's final total in words: "85 points" (the contract family), "+12 chips" or
    "−3 chips" (Michigan)."""
    x = g.score_of(seat)
    if x is None:
        return "?"
    n = abs(int(round(x)))
    if layout_game(g.variant):
        sign = "+" if x > 0 else ""
        return ngettext("{n} chip", "{n} chips", n).format(n=sign + _number(x))
    return ngettext("{n} point", "{n} points", n).format(n=_number(x))


def result_words(g) -> str:
    """A finished game's result: who won and with what, and the human's own total when
    someone else won: "you won (35 points)", "Ann won (+12 chips); you −3 chips"."""
    names = []
    you_won = False
    for w in g.winners:
        if not 0 <= w < len(g.players):
            continue
        p = g.players[w]
        if p.get("kind") == "human" or is_you(p.get("name")):
            you_won = True
        else:
            names.append(player_name(p.get("name") or "?"))
    h = g.human_seat
    first = g.winners[0] if g.winners else None
    if you_won:
        score = score_words(g, h if h is not None else first)
        if names:
            # Translators: a finished game's result in the list of games: you and others
            # won together ({names}: "Ann, Boris"), with {score} ("35 points", "+12 chips")
            return _("you and {names} won ({score})").format(names=", ".join(names), score=score)
        # Translators: a finished game's result: you won, with {score}
        return _("you won ({score})").format(score=score)
    if not names:
        return _("finished")
    # Translators: a finished game's result: {names} won ("Ann"), with {score}
    out = _("{names} won ({score})").format(names=", ".join(names),
                                            score=score_words(g, first))
    if h is not None and h < len(g.totals):
        # Translators: after who won, in the list of games: your own total
        out += "; " + _("you: {score}").format(score=score_words(g, h))
    return out


class ConfirmDelete(_YesNo):
    """Delete a game?  "Delete" moves its record to the trash folder (``Library.delete``),
    "Keep" goes back.  Keyboard as in the other dialogs: Enter or Space press the focused
    button (Delete first), D deletes, Esc, C or N keep it."""
    transparent = True
    OK_ID = "#delete_ok"
    YES_KEYS = (pygame.K_d,)

    def __init__(self, library, game, line: str) -> None:
        super().__init__()
        self.library = library
        self.game = game
        self.line = line
        self.ok: Any = None
        self.cancel: Any = None
        self.focus = 0          # 0: Delete, 1: Keep
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False

    def _lines(self, width: int) -> list[str]:
        where = _("The record moves to the trash folder beside your games, {folder}: to bring "
                  "the game back, move its file back into the games folder.").format(
            folder=str(self.library.trash_folder()))
        out = []
        for para in (self.line, where):
            out += text.wrap(para, 15, width, measure=text.width)
        return out

    def geometry(self) -> pygame.Rect:
        return self.text_box(620, 30)

    def labels(self) -> tuple[str, str]:
        # Translators: the buttons of the dialog that deletes a game from the list
        return _("Delete"), _("Keep")

    def on_confirm(self) -> None:
        self.library.delete_game(self.game)

    def draw(self, surf) -> None:
        self.draw_text_dialog(surf, _("Delete this game?"))


class LibraryScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.games: list[GameSummary] = []
        self.shown_games: list[GameSummary] = []
        self.items: list[Any] = []
        self.message = ""
        self.note = ""
        self.elsewhere: set[str] = set()
        self.trash: Any = None
        self.ring = FocusRing(self)
        self.keys: Any = None
        self.list: Any = None

    def startup(self) -> None:
        self.load()
        self.build()

    def load(self) -> None:
        """The games of the library, damaged ones too (``Library.games``)."""
        self.elsewhere = set()
        try:
            from ...storage.library import Library
            lib = Library()
            self.trash = lib.trash_dir()
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

    def trash_folder(self):
        return self.trash if self.trash is not None else "trash"

    def item_text(self, g, short: bool = False) -> str:
        """A game's line in the list: date, game, players, rounds (deals), and the
        result (who won, with what score or chips) or the state.  ``short``: the number
        of players instead of their names (a line too long for the list; the line under
        the list names them with their totals)."""
        name = _(VARIANTS[g.variant].name) if g.variant in VARIANTS else _("Unknown game")
        who = ", ".join(player_name(p.get("name") or "?") for p in g.players)
        if short and g.players:
            who = ngettext("{n} player", "{n} players", len(g.players)).format(n=len(g.players))
        when = g.created[:16].replace("T", " ")
        if g.damaged:
            # Translators: a game of the Replays list whose file can't be opened; {problem}
            # is why, as the record reader says it ("line 3: not a JSON object")
            state = _("damaged: {problem}").format(problem=problem_words(g.problem or "", g.refusal))
            if len(state) > 120:
                state = state[:119] + "…"
            return f"{when}  {name}  ({who or g.id})  {state}"
        if g.finished:
            state = result_words(g)
        else:
            state = _("abandoned") if g.abandoned else _("unfinished")
        if g.id in self.elsewhere:
            # Translators: after "unfinished" in the list of games: another copy of the
            # app (another window) is playing it
            state += ", " + _("open in another window")
        if g.practice:
            # Translators: after "finished"/"unfinished" in the list of games: the game
            # doesn't count in the statistics (an undo took back a card already seen)
            state += ", " + _("practice")
        if layout_game(g.variant):
            deals = ngettext("{n} deal", "{n} deals", g.deals_played)
        else:   # a contract game's deals are its rounds (as its score sheet says)
            deals = ngettext("{n} round", "{n} rounds", g.deals_played)
        deals = deals.format(n=g.deals_played)
        return f"{when}  {name}  ({who})  {deals}, {state}"

    def text_width(self, t: str) -> int:
        """A line's width as the list draws it (its items' font)."""
        try:
            font = self.app.manager.ui_theme.get_font(["@selection_list_item", "button"])
            return font.get_rect(t).width
        except Exception:  # noqa: BLE001 - a theme without that font: as long as it is
            return 0

    def details(self, g) -> str:
        """The selected game in full, under the list: every player's total."""
        if g is None or g.damaged or not g.totals:
            return ""
        parts = []
        for i, p in enumerate(g.players):
            if i < len(g.totals):
                parts.append(f"{player_name(p.get('name') or '?')}: {score_words(g, i)}")
        return "  ·  ".join(parts)

    def build(self) -> None:
        sel = self.selected() if self.list is not None and self.list.alive() else None
        self.clear_widgets()
        W, H = self.app.size
        k = self.k                    # the HiDPI / interface size scale
        self.shown_games = sorted(self.games, key=lambda g: g.created, reverse=True)
        items: list[str | tuple[str, str]] = []
        room = W - k(120) - k(40)     # the list's width less its scroll bar and padding
        for g in self.shown_games:
            t = self.item_text(g)
            if self.text_width(t) > room:
                t = self.item_text(g, short=True)
            while self.text_width(t) > room and len(t) > 20:
                t = t[:-2].rstrip() + "…"
            while t in items:      # two lines alike: the list tells them apart by text
                t += " "
            items.append(t)
        self.items = list(items)
        if not items:
            items = [_("No games yet: play one from the picker")]
        # (the message lines go between the list and the buttons)
        self.list = self.add(UISelectionList(pygame.Rect(k(60), k(110), W - k(120), H - k(262)), items,
                                             self.app.manager, allow_double_clicks=True))
        if not self.items:
            self.list.disable()
        self.keys = ListKeys(self.list, self._moved)
        # the default action (a double-click does it) is the one gold button; Resume,
        # Delete and Back are plain
        bw, gap, bh = k(170), k(12), k(44)
        x = W // 2 - (4 * bw + 3 * gap) // 2
        y = H - k(90)
        self.replay = self.add(UIButton(pygame.Rect(x, y, bw, bh), _("Replay"),
                                        self.app.manager,
                                        object_id=ObjectID(class_id="@primary", object_id="#lib_replay")))
        self.resume_btn = self.add(UIButton(pygame.Rect(x + bw + gap, y, bw, bh), _(S.RESUME),
                                            self.app.manager, object_id=ObjectID(object_id="#lib_resume"),
                                            tool_tip_text=_("Play the selected unfinished game on "
                                                            "from where it stopped")))
        self.delete_btn = self.add(UIButton(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), _("Delete"),
                                            self.app.manager, object_id=ObjectID(object_id="#lib_delete"),
                                            tool_tip_text=_("Delete the selected game (its record "
                                                            "goes to the trash folder)")))
        self.back = self.add(UIButton(pygame.Rect(x + 3 * (bw + gap), y, bw, bh), _(S.BACK),
                                      self.app.manager, object_id=ObjectID(object_id="#lib_back")))
        from .listkeys import select_index
        if sel is not None and sel in self.shown_games:
            select_index(self.list, self.shown_games.index(sel))
        elif self.shown_games:
            # the newest game selected: every button means something at once (a tester
            # saw Replay lit while Resume and Delete were grey with nothing selected)
            select_index(self.list, 0)
        self._update_buttons()
        self.ring.set_items(self.widgets, default="#lib_replay")

    def _update_buttons(self) -> None:
        g = self.selected()
        if g is not None and g.resumable and g.events > 0:
            self.resume_btn.enable()
        else:
            self.resume_btn.disable()
        if g is not None and g.id not in self.elsewhere:
            self.delete_btn.enable()
        else:
            self.delete_btn.disable()
        if g is None:
            self.replay.disable()      # as Resume and Delete: nothing to replay yet
        else:
            self.replay.enable()

    def _moved(self, index: int) -> None:
        """The selection moved (a key, a click): the buttons and the message follow."""
        self._update_buttons()
        g = self.selected()
        self.note = ""
        if g is not None and not g.damaged:
            self.message = ""          # a "Select a game to ..." of before is answered
        elif g is not None:
            self.message = _("This file can't be opened as a game: {problem}. It is kept "
                             "as {file}.").format(problem=problem_words(g.problem or "", g.refusal), file=g.id)

    def resize(self, size) -> None:
        self.build()

    def retranslate(self) -> None:
        self.build()

    def handle_ui_event(self, event) -> bool:
        self.ring.handle_ui_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.resume_btn:
            self.resume_selected()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.delete_btn:
            self.ask_delete()
            return True
        if event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                          pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION) and \
                event.ui_element is self.list:
            self._moved(-1)
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
                             "as {file}.").format(problem=problem_words(g.problem or "", g.refusal), file=g.id)
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

    # ------------------------------------------------------------------ delete
    def ask_delete(self, index: int | None = None) -> None:
        """Ask before deleting the selected game (or game ``index``): ``ConfirmDelete``."""
        g = self.selected() if index is None else (
            self.shown_games[index] if 0 <= index < len(self.shown_games) else None)
        if g is None:
            self.message = _("Select a game to delete")
            return
        if g.id in self.elsewhere:
            self.message = _("That game is open in another window: it can't be deleted now")
            return
        self.app.push(ConfirmDelete(self, g, self.item_text(g).strip()))

    def delete_game(self, g) -> bool:
        """Delete ``g`` (its record moves to the trash folder); the list is read again,
        the selection on the game that took its place.  Returns whether it was deleted."""
        from ...i18n.messages import storage_message
        from ...storage.library import Library
        index = self.shown_games.index(g) if g in self.shown_games else 0
        lib = Library()
        ok = lib.delete(g)
        msgs = lib.take_messages()
        self.load()
        if ok:
            self.message = ""
            # Translators: said after a game was deleted from the list ({folder}: the trash)
            self.note = _("Deleted; the record is kept in {folder}").format(
                folder=str(self.trash_folder()))
        elif msgs:
            self.message = storage_message(msgs[-1])
        self.list = None
        self.build()
        if self.shown_games:
            from .listkeys import select_index
            select_index(self.list, min(index, len(self.shown_games) - 1))
            self._update_buttons()
        return ok

    def handle_event(self, event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        k = key_of(event)      # by the key's place in any layout
        if k == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if k == pygame.K_F1:
            from .help import HelpScene
            self.app.push(HelpScene(own=LIBRARY_SHORTCUTS, screens_first=True))
            return True
        if k == pygame.K_DELETE:
            self.ask_delete()
            return True
        if self.keys is not None and self.keys.handle_key(k):
            self.ring.shown = True
            return True
        return self.ring.handle_event(event)

    def draw(self, surf) -> None:
        W, H = surf.get_size()
        k = self.k
        surf.blit(self.app.art.felt((W, H)), (0, 0))  # cached per size by CardArt
        surf.blit(text.render_shadowed(_(S.YOUR_GAMES), 32, (250, 236, 170), bold=True), (k(60), k(30)))
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
        for i, part in enumerate(text.wrap(line, 15, W - k(124))[:2]):
            surf.blit(text.render_shadowed(part, 15, (225, 235, 225)), (k(62), k(70) + k(19) * i))
        if self.message:
            lines = text.wrap(self.message, 14, W - k(140))[:2]
            for i, ln in enumerate(lines):
                m = text.plate(ln, 14, (255, 235, 235), (150, 24, 30, 220))
                surf.blit(m, (k(60), H - k(146) + k(23) * i))
        else:
            info = self.note or self.details(self.selected())
            for i, ln in enumerate(text.wrap(info, 14, W - k(140))[:2]):
                surf.blit(text.render_shadowed(ln, 14, (235, 240, 230)), (k(62), H - k(144) + k(21) * i))
        self.ring.draw(surf)
