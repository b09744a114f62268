"""Resuming a saved game at the table: shared by the picker's Resume (the default
unfinished game: the real game played last), the picker's list of every unfinished game
(``ResumeList``) and the library's Resume (the one selected).

One writer per record: a game another copy of the app is playing (its record's lock is
held, ``storage.lock``) is not resumed here; ``OpenElsewhere`` says so in words and
offers to watch it in the replay viewer instead (the game as saved so far)."""
from __future__ import annotations

from typing import Any

import pygame

from ...i18n import N_, _, ngettext
from ...i18n import strings as S
from ..focus import FOCUS
from ..keys import key_of
from ..scene import Scene, draw_overlay_panel
from ..table import text
from .confirm import GOLD, _YesNo

# Translators: the title of the dialog shown when the game to resume is being played in
# another window (another copy of table-app on the same data folder)
ELSEWHERE_TITLE = N_("This game is open in another window")
# Translators: the text of that dialog
ELSEWHERE_TEXT = N_("Another copy of table-app is playing this game, and one game can be "
                    "played in one window at a time. You can watch it in the replay viewer "
                    "instead: it shows the game as saved so far.")


def open_resumed(app, game) -> str | None:
    """Resume ``game`` (a ``GameSummary``, a record path, or ``None`` for the newest
    unfinished game) and push its table onto ``app``'s scenes.

    Returns ``None`` when the table opened (or, for a game open in another window, the
    dialog that offers to watch it), else the message to show: why the game's file could
    not be read or replayed (``Library.resume`` has moved it aside, kept, and logged
    why).  Never raises for a bad file."""
    from ...i18n.messages import storage_message
    from ..table.session import GameSession
    try:
        from ...storage.library import Library
        from ...storage.lock import GameOpenElsewhere
        lib = Library()
        try:
            res = lib.resume(game)
        except GameOpenElsewhere as e:
            app.push(OpenElsewhere(e.path))
            return None
    except Exception as e:  # noqa: BLE001 - a bad file: say so
        import logging
        logging.getLogger(__name__).exception("resume")
        return _("Can't resume: {error}").format(error=storage_message(str(e)))
    if res is None:
        msgs = lib.take_messages()
        if msgs:
            return _("Can't resume that game: {error}").format(
                error=_problem(storage_message(msgs[-1])))
        return _("Can't resume that game")
    try:
        session = GameSession.from_resumed(res)
        from .table import TableScene
        scene = TableScene(session)
    except Exception as e:  # noqa: BLE001 - never a traceback at Resume
        import logging
        logging.getLogger(__name__).exception("opening the resumed game")
        res.journal.close()
        return _("Can't resume: {error}").format(error=f"{type(e).__name__}: {e}")
    app.push(scene)
    msgs = list(getattr(res, "messages", None) or ())
    if msgs:  # a torn last line dropped, a write failure: say so at the table
        scene.say(storage_message(msgs[-1]), bad=True, secs=8.0)
    return None


def _problem(text_: str) -> str:
    return text_ if len(text_) <= 300 else text_[:299] + "…"


class OpenElsewhere(_YesNo):
    """The game is open in another window: "Watch" opens its record in the replay viewer
    (read only), "Back" goes back.  Keyboard as in the other dialogs: Enter or Space
    press the focused button (Watch first), W watches, Esc, C or N go back."""
    transparent = True
    OK_ID = "#watch"
    YES_KEYS = (pygame.K_w,)

    def __init__(self, path) -> None:
        super().__init__()
        self.path = path
        self.ok: Any = None
        self.cancel: Any = None
        self.focus = 0          # 0: Watch, 1: Back
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False

    def _lines(self, width: int) -> list[str]:
        return text.wrap(_(ELSEWHERE_TEXT), 15, width, measure=text.width)

    def geometry(self) -> pygame.Rect:
        return self.text_box(560, 40)

    def labels(self) -> tuple[str, str]:
        # Translators: the button that opens the game in the replay viewer (to watch it)
        yes = _("Watch")
        no = _(S.BACK)
        return yes, no

    def on_confirm(self) -> None:
        from .replay import open_replay
        self.app.push(open_replay(self.path))

    def draw(self, surf) -> None:
        self.draw_text_dialog(surf, _(ELSEWHERE_TITLE))


def game_round(g) -> str:
    """Which deal an unfinished game is at, as the picker's Resume says it: "May I?,
    round 3" (Michigan: "deal 3"); stopped at a deal's end (the next not dealt), "May I?,
    after round 2": it resumes at that round's score sheet."""
    from ...variants import VARIANTS, layout_game
    name = _(VARIANTS[g.variant].name) if g.variant in VARIANTS else g.variant
    if g.between_deals:
        # resumed, it opens at the ended deal's score sheet
        n = g.deals_played
        if layout_game(g.variant):
            # Translators: the picker's Resume button: the game stopped at a deal's end
            return _("{game}, after deal {n}").format(game=name, n=n)
        # Translators: the picker's Resume button: the game stopped at a round's end
        return _("{game}, after round {n}").format(game=name, n=n)
    n = g.deals_played + 1
    if layout_game(g.variant):
        # Translators: the picker's Resume button, under "Resume": the game and its deal
        return _("{game}, deal {n}").format(game=name, n=n)
    # Translators: the picker's Resume button, under "Resume": the game and its round
    return _("{game}, round {n}").format(game=name, n=n)


def unfinished_line(g) -> str:
    """An unfinished game's line in the list to resume from: the game and its round, the
    opponents and their levels, when it started, "practice" when it is one."""
    from ...i18n import player_name
    who = ", ".join(
        player_name(p.get("name") or "?") + (f" ({_(S.LEVELS[p['level']])})"
                                             if p.get("level") in S.LEVELS else "")
        for p in g.players if p.get("kind") != "human")
    when = (g.created or "")[:16].replace("T", " ")
    parts = [game_round(g), who, when]
    if g.practice:
        # Translators: in the list of unfinished games: a practice game (left out of the
        # statistics)
        parts.append(_("practice"))
    return "  ·  ".join(p for p in parts if p)


class ResumeList(Scene):
    """Every unfinished game, to choose the one to resume (the button beside the
    picker's Resume): a list (the default game selected: the real game played last),
    "Resume" (the gold button) and "Back".

    Keyboard: Up / Down (Page Up / Page Down, Home / End) move the selection, Enter or
    Space presses the focused button (Resume at first: it resumes the selected game),
    Tab / Left / Right move the focus between the buttons, Esc goes back.  Mouse: a
    double-click on a game resumes it."""
    transparent = True

    def __init__(self, games, default=None) -> None:
        super().__init__()
        self.games = list(games)
        first = next((i for i, g in enumerate(self.games) if default is not None
                      and g.id == getattr(default, "id", None)), 0)
        self.index = first if self.games else None
        self.items: list = []
        self.list: Any = None
        self.ok = None
        self.cancel = None
        self.focus = 0          # 0: Resume, 1: Back
        self.message = ""

    def panel(self) -> pygame.Rect:
        W, H = self.app.size
        k = self.k
        w = min(k(860), W - k(40))
        h = min(k(460), H - k(40))
        return pygame.Rect((W - w) // 2, (H - h) // 2, w, h)

    def startup(self) -> None:
        self.build()

    def build(self) -> None:
        from pygame_gui.core import ObjectID
        from pygame_gui.elements import UIButton, UISelectionList

        from .listkeys import ListKeys, select_index
        self.clear_widgets()
        p = self.panel()
        k = self.k
        m = self.app.manager
        items: list[str | tuple[str, str]] = []
        for g in self.games:
            t = unfinished_line(g)
            while t in items:           # two lines alike: told apart by text
                t += " "
            items.append(t)
        self.items = items
        bh = k(42)
        self.list = self.add(UISelectionList(
            pygame.Rect(p.x + k(20), p.y + k(60), p.w - k(40), p.h - k(60) - bh - k(58)),
            items, m, allow_double_clicks=True, object_id=ObjectID(object_id="#resume_games")))
        self.keys = ListKeys(self.list, self._moved)
        if self.index is not None:
            select_index(self.list, self.index)
        y = p.bottom - bh - k(18)
        self.ok = self.add(UIButton(pygame.Rect(p.centerx - k(170), y, k(160), bh), _(S.RESUME), m,
                                    object_id=ObjectID(class_id="@primary", object_id="#resume_ok")))
        self.cancel = self.add(UIButton(pygame.Rect(p.centerx + k(10), y, k(160), bh), _(S.BACK), m,
                                        object_id=ObjectID(object_id="#resume_back")))

    def resize(self, size) -> None:
        self.build()

    def retranslate(self) -> None:
        self.build()

    def _moved(self, index: int) -> None:
        self.index = index
        self.message = ""

    def selected(self):
        return self.games[self.index] if self.index is not None and \
            0 <= self.index < len(self.games) else None

    def resume_selected(self) -> None:
        """Resume the selected game (a file that can't be resumed: said, the list stays)."""
        g = self.selected()
        if g is None:
            return
        app = self.app
        app.pop()
        err = open_resumed(app, g)
        if err:
            top = app.stack.top
            if top is not None and hasattr(top, "message"):
                setattr(top, "message", err)       # the picker says why

    def handle_ui_event(self, event) -> bool:
        import pygame_gui
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ok:
                self.resume_selected()
                return True
            if event.ui_element is self.cancel:
                self.app.pop()
                return True
        el = getattr(event, "ui_element", None)
        if el is not None and el is self.list:
            sel = el.get_single_selection()
            if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and sel in self.items:
                self.index = self.items.index(sel)
                return True
            if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
                text_ = getattr(event, "text", None)
                if text_ in self.items:
                    self.index = self.items.index(text_)
                self.resume_selected()
                return True
        return False

    def handle_event(self, event) -> bool:
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # modal
        k = key_of(event)      # by the key's place in any layout
        if k == pygame.K_ESCAPE:
            self.app.pop()
        elif self.keys.handle_key(k):
            pass
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.resume_selected() if self.focus == 0 else self.app.pop()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = 1 - self.focus
        return True

    def draw(self, surf) -> None:
        p = self.panel()
        k = self.k
        draw_overlay_panel(surf, p, dim=140, fill_alpha=248)
        n = len(self.games)
        # Translators: the title of the list of unfinished games to resume ({n} of them)
        title = ngettext("{n} unfinished game: which one?", "{n} unfinished games: which one?",
                         n).format(n=n)
        surf.blit(text.render_shadowed(title, 22, GOLD, bold=True), (p.x + k(20), p.y + k(16)))
        hint = _("Up/Down choose, Enter resumes, Esc goes back")
        if self.list is not None:
            surf.blit(text.render(hint, 14, (200, 214, 204)), (p.x + k(22), self.list.rect.bottom + k(8)))
        if self.ok is not None:
            b = (self.ok if self.focus == 0 else self.cancel).rect.inflate(k(8), k(8))
            pygame.draw.rect(surf, FOCUS, b, max(2, k(3)), border_radius=k(8))
