"""Resuming a saved game at the table: shared by the picker's Resume (the newest
unfinished game) and the library's Resume (the one selected).

One writer per record: a game another copy of the app is playing (its record's lock is
held, ``storage.lock``) is not resumed here; ``OpenElsewhere`` says so in words and
offers to watch it in the replay viewer instead (the game as saved so far)."""
from __future__ import annotations

import pygame

from ...i18n import N_, _
from ...i18n import strings as S
from ..scene import draw_overlay_panel
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
    from ..table.session import GameSession
    from ...i18n.messages import storage_message
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
        self.ok = None
        self.cancel = None
        self.focus = 0          # 0: Watch, 1: Back
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.done = False

    def _lines(self, width: int) -> list[str]:
        return text.wrap(_(ELSEWHERE_TEXT), 15, width, measure=text.width)

    def geometry(self) -> pygame.Rect:
        W, H = self.app.size
        u = getattr(self.app, "ui_scale", 1.0)
        pw = min(W - 40, int(560 * u))
        n = len(self._lines(pw - int(48 * u)))
        ph = int(64 * u) + n * int(21 * u) + int(80 * u)
        return pygame.Rect((W - pw) // 2, max(10, (H - ph) // 2 - int(40 * u)), pw, ph)

    def labels(self) -> tuple[str, str]:
        # Translators: the button that opens the game in the replay viewer (to watch it)
        yes = _("Watch")
        no = _(S.BACK)
        return yes, no

    def on_confirm(self) -> None:
        from .replay import open_replay
        self.app.push(open_replay(self.path))

    def draw(self, surf) -> None:
        draw_overlay_panel(surf, self.panel)
        u = getattr(self.app, "ui_scale", 1.0)
        p = self.panel
        title = text.render_shadowed(_(ELSEWHERE_TITLE), 20, GOLD, bold=True)
        if title.get_width() > p.w - int(24 * u):
            title = text.render_shadowed(_(ELSEWHERE_TITLE), 16, GOLD, bold=True)
        surf.blit(title, title.get_rect(midtop=(p.centerx, p.y + int(16 * u))))
        y = p.y + int(56 * u)
        for ln in self._lines(p.w - int(48 * u)):
            surf.blit(text.render(ln, 15, (235, 240, 230)), (p.x + int(24 * u), y))
            y += int(21 * u)
        self.draw_focus(surf)
