"""One writer per record: an operating-system lock held while a copy of the app writes a
game (``filelock``: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows).

The lock is a small file beside the records, ``<games>/.locks/<record>.lock``; the record
itself is never opened for locking.  The operating system drops the lock when the
process that holds it ends, however it ends (``kill -9`` included), so a stale lock
file never blocks a resume: only a running copy of the app holds a lock.

``RecordLock(path).acquire()`` takes the lock without waiting (``False``: another copy
holds it); ``locked_elsewhere(path)`` asks without keeping it.  A folder where no lock
file can be made (read-only) gives no lock and no refusal: nothing can be written there
anyway.
"""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from filelock import FileLock

log = logging.getLogger(__name__)

LOCK_DIR = ".locks"
LOCK_SUFFIX = ".lock"

#: the locks this process holds, by record path (so it never asks itself)
_HELD: dict[str, RecordLock] = {}
_GUARD = threading.Lock()


class GameOpenElsewhere(Exception):
    """The game's record is being written by another copy of the app (its lock is held).

    Attributes:
        path: the record file.
    """

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        super().__init__(f"{self.path.name}: the game is open in another window")


def lock_path(record: str | os.PathLike) -> Path:
    """``games/NAME.jsonl`` -> ``games/.locks/NAME.jsonl.lock``."""
    p = Path(record)
    return p.parent / LOCK_DIR / (p.name + LOCK_SUFFIX)


def _key(record: str | os.PathLike) -> str:
    return os.path.abspath(os.fspath(record))


def _file_lock(path: Path) -> FileLock:
    from filelock import FileLock
    try:
        return FileLock(str(path), timeout=0, thread_local=False)
    except TypeError:   # an older filelock without thread_local
        return FileLock(str(path), timeout=0)


class RecordLock:
    """The lock of one record.

    Attributes:
        record: the record file.
        held: this object holds the lock.
        unlockable: no lock could be made (a read-only folder, a file system without
            locks); the game goes on without one.
    """

    def __init__(self, record: str | os.PathLike):
        self.record = Path(record)
        self.path = lock_path(record)
        self.held = False
        self.unlockable = False
        self._lock: FileLock | None = None

    def acquire(self) -> bool:
        """Take the lock without waiting.  Returns ``False`` when another copy of the app
        (or another writer in this process) holds it; ``True`` when it is held now, or when
        no lock can be made here (``unlockable``)."""
        if self.held:
            return True
        from filelock import Timeout
        key = _key(self.record)
        with _GUARD:
            if key in _HELD:
                return False
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._lock = _file_lock(self.path)
                self._lock.acquire(timeout=0)
            except Timeout:
                self._lock = None
                return False
            except (OSError, NotImplementedError, RuntimeError) as e:
                # a read-only folder, a file system without locks: no lock, no refusal
                log.warning("no lock for %s (%s): the game goes on without one",
                            self.record.name, e)
                self._lock = None
                self.unlockable = True
                return True
            self.held = True
            _HELD[key] = self
        return True

    def release(self) -> None:
        """Let the lock go (safe to call twice).  The lock file stays: deleting it could
        let two copies lock two different files of one name."""
        with _GUARD:
            if self.held and _HELD.get(_key(self.record)) is self:
                del _HELD[_key(self.record)]
            lk, self._lock, self.held = self._lock, None, False
        if lk is not None:
            try:
                lk.release()
            except OSError as e:  # the lock file's unlock failed: a release never stops the app
                log.warning("releasing the lock of %s: %s", self.record.name, e)

    def __enter__(self) -> RecordLock:
        if not self.acquire():
            raise GameOpenElsewhere(self.record)
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.release()
        except (OSError, TypeError, AttributeError):
            pass  # at interpreter exit the module's globals may be gone already


def held_here(record: str | os.PathLike) -> bool:
    """This process holds the record's lock (its game is open in this window)."""
    with _GUARD:
        return _key(record) in _HELD


def locked_elsewhere(record: str | os.PathLike) -> bool:
    """Another process holds the record's lock: its game is open in another window.
    (A record without a lock file, or whose lock nobody holds, is free.)"""
    if held_here(record):
        return False
    if not lock_path(record).exists():
        return False
    lk = RecordLock(record)
    if lk.acquire():
        lk.release()
        return False
    return True


def remove_lock_file(record: str | os.PathLike) -> None:
    """Delete a record's lock file when nobody holds it (the record is being deleted)."""
    p = lock_path(record)
    if not p.exists() or held_here(record):
        return
    lk = RecordLock(record)
    if lk.acquire() and lk.held:
        try:
            p.unlink()
        except OSError:
            pass
        finally:
            lk.release()
