"""Resuming a saved game at the table: shared by the picker's Resume (the newest
unfinished game) and the library's Resume (the one selected)."""
from __future__ import annotations

from ...i18n import _


def open_resumed(app, game) -> str | None:
    """Resume ``game`` (a ``GameSummary``, a record path, or ``None`` for the newest
    unfinished game) and push its table onto ``app``'s scenes.

    Returns ``None`` when the table opened, else the message to show (the game's file
    could not be read or replayed: ``Library.resume`` has moved it aside and said why).
    Never raises for a bad file."""
    from ..table.session import GameSession
    try:
        from ...storage.library import Library
        res = Library().resume(game)
    except Exception as e:  # noqa: BLE001 - a bad file: say so
        from ...i18n.messages import storage_message
        return _("Can't resume: {error}").format(error=storage_message(str(e)))
    if res is None:
        return _("Can't resume that game")
    session = GameSession.from_resumed(res)
    from .table import TableScene
    scene = TableScene(session)
    app.push(scene)
    msgs = list(getattr(res, "messages", None) or ())
    if msgs:  # a torn last line dropped, a write failure: say so at the table
        from ...i18n.messages import storage_message
        scene.say(storage_message(msgs[-1]), bad=True, secs=8.0)
    return None
