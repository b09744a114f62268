"""The autosave journal: a game record written while the game is played.

``GameJournal(engine, header)`` subscribes to an ``Engine``.  On every ``append`` it writes
the event's line, flushes and fsyncs before returning, so before the UI shows the event;
``kill -9`` at any moment loses at most the line being written (a torn last line, which
resume drops, saying so).  On ``truncate`` (an undo) it rewrites the file atomically
(temporary file, fsync, ``os.replace``) as the header, the remaining events and an
``{"type": "x-undo", ...}`` marker, so the file stays a valid record that shows where the
undo happened (and holds the redo stack, so resume can offer redo).  When the engine
reports ``revealed_by_undo`` an ``{"type": "x-practice"}`` line marks the game as practice
(kept out of the statistics).

Write failures (disk full, permission denied, read-only folder) never raise into the
game: the events stay in memory, ``journal.error`` holds a one-line message, and the next
event retries by rewriting the whole file.

One writer per record: the journal holds the record's lock (``storage.lock``) from when
it is made until ``close()``; the library takes it before it opens a game.
``durable=False`` (``simulate --save-dir``) flushes each line without ``fsync``: a killed
process loses nothing (the operating system has the data), only a power cut could.
"""
from __future__ import annotations

import datetime as _dt
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..core.actions import Extension, GameEnd
from ..engine.record import dumps, event_line
from . import paths
from .files import atomic_write_text, os_error_message

log = logging.getLogger(__name__)

UNDO_MARK = "x-undo"
PRACTICE_MARK = "x-practice"
ABANDON_MARK = "x-abandoned"
RECORD_SUFFIX = ".jsonl"


def new_record_path(variant: str, directory: Path | None = None) -> Path:
    """A fresh, unused file name for a new game record:
    ``<data>/games/YYYYmmdd-HHMMSS-<variant>-<hex>.jsonl``."""
    d = directory if directory is not None else paths.games_dir()
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    safe = "".join(c for c in str(variant) if c.isalnum() or c in "_-") or "game"
    while True:
        import secrets  # here: hmac and OpenSSL load on the first record, not at start
        p = Path(d) / f"{stamp}-{safe}-{secrets.token_hex(3)}{RECORD_SUFFIX}"
        if not p.exists():
            return p


def ext_type(ev) -> str | None:
    """The type of an ``x-`` extension event (``None`` for other events).

    Read from ``to_json()``: ``Extension.type`` currently returns the JSON text of the
    type (with quotes), see the storage report."""
    if not isinstance(ev, Extension):
        return None
    t = ev.to_json().get("type")
    return t if isinstance(t, str) else None


class GameJournal:
    """Autosave of one game to its record file.

    Args:
        engine: the game (its ``log`` may already hold events: they are written first,
            e.g. a resumed game's replayed record).
        header: the record's header (``make_header(...)``).
        path: the record file; by default a new file under ``games_dir()``.
        on_finish: called with the journal once the game's ``game_end`` is written
            (the library uses it to update its index and statistics).
        subscribe: subscribe to the engine (``False`` for tests that drive it by hand).
        lock: the record's ``RecordLock``, already held (the library's); released by
            ``close()``.  ``None``: the journal takes one itself (``take_lock``).
        take_lock: without ``lock``, take the record's lock (a refused lock raises).
        durable: ``fsync`` each line (the app); ``False`` flushes only (simulations).

    Raises:
        GameOpenElsewhere: ``take_lock`` and another copy of the app holds the lock.

    Attributes:
        path: the record file.
        error: ``None``, or a one-line message of the last write failure (the game goes
            on in memory; the next event retries).
        practice: the game is marked practice (an ``x-practice`` line).
        finished: the record holds ``game_end``.
    """

    def __init__(self, engine, header: dict, path: str | os.PathLike | None = None, *,
                 on_finish: Callable[[GameJournal], None] | None = None,
                 subscribe: bool = True, lock=None, take_lock: bool = False,
                 durable: bool = True):
        self.engine = engine
        self.header = {k: v for k, v in dict(header).items() if not k.startswith("_")}
        self.error: str | None = None
        self.on_finish = on_finish
        self.path = Path(path) if path is not None else new_record_path(self.header.get("variant", "game"))
        self.durable = bool(durable)
        if lock is None and take_lock:
            from .lock import GameOpenElsewhere, RecordLock
            lock = RecordLock(self.path)
            if not lock.acquire():
                raise GameOpenElsewhere(self.path)
        self.lock = lock
        self._events: list = list(engine.log)          # the file's events, in order
        self._pos: list[int] = list(range(len(self._events)))  # file index of engine.log[i]
        self._written = 0        # events known to be on disk (when not dirty)
        self._dirty = True       # the file must be rewritten whole
        self._fh: TextIO | None = None
        self._closed = False
        self.practice = any(ext_type(e) == PRACTICE_MARK for e in self._events) \
            or bool(self.header.get("practice"))
        self.finished = any(isinstance(e, GameEnd) for e in self._events)
        self._finish_reported = self.finished
        self._mark_practice_if_needed()
        self._sync()
        if subscribe:
            _subscribe_first(engine, self._on_engine)

    # ------------------------------------------------------------------ public
    @property
    def events(self) -> list:
        """The events of the file (the engine's log plus the journal's own ``x-`` marks)."""
        return list(self._events)

    @property
    def count(self) -> int:
        """The number of events of the file (``len(events)`` without the copy)."""
        return len(self._events)

    @property
    def saved(self) -> bool:
        """Everything is on disk."""
        return not self._dirty and self._written == len(self._events)

    def text(self) -> str:
        """The whole record as it should be on disk."""
        return dumps(self.header, self._events)

    def retry(self) -> bool:
        """Try to write what is not on disk yet.  Returns whether everything is saved."""
        self._sync()
        return self.saved

    def note(self, type_: str, **fields) -> None:
        """Write a journal-only ``x-`` line (not in the engine's log)."""
        if not type_.startswith("x-"):
            raise ValueError("journal notes are x- extension events")
        self._events.append(Extension.make(type_, **fields))
        self._sync()

    def abandon(self) -> None:
        """Mark an unfinished game as abandoned (resume no longer offers it)."""
        if not self.finished:
            self.note(ABANDON_MARK)

    def close(self) -> None:
        """Stop following the engine, close the file and let its lock go."""
        self._closed = True
        self._close_fh()
        if self.lock is not None:
            self.lock.release()
        try:
            self.engine._listeners.remove(self._on_engine)
        except (AttributeError, ValueError):
            pass

    # ------------------------------------------------------------------ engine events
    def _on_engine(self, kind: str, payload) -> None:
        if self._closed:
            return
        try:
            if kind == "append":
                self._append(*payload)
            elif kind == "truncate":
                self._truncate(payload)
        except Exception as e:  # never raise into the game
            log.exception("journal failure")
            self.error = f"autosave failed: {type(e).__name__}: {e}".splitlines()[0]
            self._dirty = True

    def _append(self, index: int, ev, state) -> None:
        if index != len(self._pos):
            # out of step (events applied before we subscribed): follow the engine's log
            self._events = list(self.engine.log)
            self._pos = list(range(len(self._events)))
            self._dirty = True
        else:
            self._events.append(ev)
            self._pos.append(len(self._events) - 1)
        if isinstance(ev, GameEnd):
            self.finished = True
        self._mark_practice_if_needed()
        self._sync()
        if self.finished and not self._finish_reported:
            self._finish_reported = True
            if self.on_finish is not None:
                self.on_finish(self)

    def _truncate(self, new_len: int) -> None:
        if new_len > len(self._pos):
            self._events = list(self.engine.log)
            self._pos = list(range(len(self._events)))
        else:
            cut_at = self._pos[new_len] if new_len < len(self._pos) else len(self._events)
            undone = len(self._pos) - new_len  # engine events cut
            self._events = self._events[:cut_at]
            self._pos = self._pos[:new_len]
            if not any(isinstance(e, GameEnd) for e in self._events):
                self.finished = False
            if not any(ext_type(e) == PRACTICE_MARK for e in self._events):
                self.practice = bool(self.header.get("practice"))
            redo = [{"event": e.to_json(), "forced": bool(f)} for e, f in reversed(_redo_stack(self.engine))]
            self._events.append(Extension.make(UNDO_MARK, at=new_len, undone=undone, redo=redo))
        self._mark_practice_if_needed()
        self._dirty = True
        self._sync()

    def _mark_practice_if_needed(self) -> None:
        if not self.practice and (getattr(self.engine, "revealed_by_undo", False)
                                  or self.header.get("practice")):
            self.practice = True
            if not self.header.get("practice"):
                self._events.append(Extension.make(PRACTICE_MARK, reason="undo past a hidden card"))
        elif self.practice and not self.header.get("practice") \
                and not any(ext_type(e) == PRACTICE_MARK for e in self._events):
            self._events.append(Extension.make(PRACTICE_MARK, reason="undo past a hidden card"))

    # ------------------------------------------------------------------ writing
    def _close_fh(self) -> None:
        if self._fh is not None:
            try:
                self._fh.close()
            except OSError:
                pass
            self._fh = None

    def _sync(self) -> None:
        """Bring the file up to date: append the new lines (flush + fsync), or rewrite the
        whole file atomically when it is out of step.  Failures set ``error``."""
        try:
            if self._dirty:
                self._close_fh()
                self.path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(self.path, self.text(), durable=self.durable)
                self._dirty = False
                self._written = len(self._events)
            elif self._written < len(self._events):
                if self._fh is None:
                    self._fh = open(self.path, "a", encoding="utf-8", newline="\n")
                data = "".join(event_line(e) + "\n" for e in self._events[self._written:])
                self._fh.write(data)
                self._fh.flush()
                if self.durable:
                    os.fsync(self._fh.fileno())
                self._written = len(self._events)
            self.error = None
        except OSError as e:
            self._close_fh()
            self._dirty = True  # a line may be half written: rewrite everything next time
            self.error = os_error_message(e, "the game could not be saved (play goes on; "
                                             "saving is retried after the next move)")
            log.warning("%s", self.error)


def _subscribe_first(engine, fn) -> None:
    """Subscribe ``fn`` ahead of the other listeners, so that an event is on disk before
    any other listener (the UI) sees it, whatever the order of subscription.

    Note: uses ``Engine._listeners``; falls back to ``subscribe`` (then create the
    journal before the UI subscribes)."""
    listeners = getattr(engine, "_listeners", None)
    if isinstance(listeners, list):
        listeners.insert(0, fn)
    else:
        engine.subscribe(fn)


def _redo_stack(engine) -> list:
    """The engine's redo stack ``[(event, forced), ...]`` (top last).

    Note: reads ``Engine._redo``; the Engine has no public accessor for it yet."""
    return list(getattr(engine, "_redo", []) or [])
