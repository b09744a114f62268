"""Small file helpers shared by the storage modules: atomic replacement, moving a bad
file aside, one-line error messages.  Text and JSON only: no pickle, no eval."""
from __future__ import annotations

import datetime as _dt
import errno
import json
import os
from pathlib import Path


def os_error_message(e: BaseException, what: str = "") -> str:
    """A one-line message for an ``OSError`` (disk full, permission denied, ...)."""
    if isinstance(e, OSError):
        reason = {errno.ENOSPC: "the disk is full",
                  errno.EACCES: "permission denied",
                  errno.EPERM: "permission denied",
                  errno.EROFS: "the folder is read-only",
                  errno.EDQUOT: "the disk quota is exceeded"}.get(e.errno or -1)
        if reason is None:
            reason = e.strerror or str(e) or type(e).__name__
        where = e.filename if e.filename else ""
    else:
        reason, where = str(e) or type(e).__name__, ""
    msg = f"{what}: {reason}" if what else reason
    if where:
        msg += f" ({where})"
    return " ".join(msg.split())


def fsync_dir(path: Path) -> None:
    """Best effort: make a rename durable (POSIX); ignored where folders can't be opened."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: str | os.PathLike, text: str, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` atomically: write a temporary file beside it, flush,
    fsync, ``os.replace``.  After a crash at any point the file is either the old one or
    the new one, never half written (``durable=False``: no ``fsync``, for files a
    power cut may lose).

    Raises:
        OSError: the write failed (the old file is intact; the temporary file is removed
            when possible).
    """
    path = Path(path)
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        fsync_dir(path.parent)


def atomic_write_json(path: str | os.PathLike, obj) -> None:
    atomic_write_text(path, json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def bad_name(path: Path, when: _dt.datetime | None = None) -> Path:
    """``NAME.bad-YYYYmmdd-HHMMSS`` beside ``path`` (with ``-2``, ``-3``... if taken)."""
    when = when or _dt.datetime.now()
    base = path.with_name(f"{path.name}.bad-{when.strftime('%Y%m%d-%H%M%S')}")
    cand, k = base, 1
    while cand.exists():
        k += 1
        cand = base.with_name(f"{base.name}-{k}")
    return cand


def move_aside(path: str | os.PathLike) -> Path | None:
    """Rename a bad file to ``NAME.bad-YYYYmmdd-HHMMSS`` (kept, never deleted or
    overwritten).  Returns the new path, or ``None`` when it could not be moved (the
    file is then left where it is)."""
    path = Path(path)
    target = bad_name(path)
    try:
        # os.link + unlink never overwrites an existing target; fall back to rename
        try:
            os.link(path, target)
            os.unlink(path)
        except (OSError, NotImplementedError, AttributeError):
            if target.exists():
                return None
            os.rename(path, target)
    except OSError:
        return None
    return target


def keep_copy(path: str | os.PathLike) -> Path | None:
    """Copy a file as the person had it to ``NAME.bad-YYYYmmdd-HHMMSS`` beside it (the
    file itself stays), before anything rewrites it.  Returns the copy's path, or
    ``None`` when no copy could be made (then nothing may rewrite the file)."""
    import shutil
    path = Path(path)
    target = bad_name(path)
    try:
        with open(path, "rb") as src, open(target, "xb") as dst:
            shutil.copyfileobj(src, dst)
    except OSError:
        try:
            target.unlink()
        except OSError:
            pass
        return None
    return target


#: the largest settings, statistics or index file read (bytes)
MAX_JSON_BYTES = 16 * 1024 * 1024


class BadFile(ValueError):
    """A file that is not what it should be: not a regular file, too large, not UTF-8,
    not JSON, nested too deep.  ``not_json``: it is not JSON text at all (not UTF-8, a
    syntax error), as opposed to a limit it breaks."""

    def __init__(self, message: str, not_json: bool = False):
        super().__init__(message)
        self.not_json = not_json


def read_bytes(path: str | os.PathLike, limit: int = MAX_JSON_BYTES) -> bytes:
    """A regular file's bytes, at most ``limit``; never blocks on a named pipe or reads a
    device without end.

    Raises:
        OSError: the file cannot be opened or read (``FileNotFoundError`` when missing).
        BadFile: not a regular file, or larger than ``limit``.
    """
    from ..engine.record import RecordError, UnreadableRecord, read_bounded
    if not os.path.lexists(path):
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", os.fspath(path))
    try:
        return read_bounded(path, limit)
    except UnreadableRecord as e:
        if e.os_error is not None:
            raise e.os_error from None
        raise OSError(errno.EIO, e.message, os.fspath(path)) from None
    except RecordError as e:
        raise BadFile(e.message) from None


def read_json_file(path: str | os.PathLike, limit: int = MAX_JSON_BYTES,
                   allow_constants: bool = False):
    """Read a JSON file (UTF-8), bounded like a record: a regular file of at most
    ``limit`` bytes, nested at most ``record.MAX_DEPTH`` deep, no NaN or Infinity (with
    ``allow_constants`` they are read as floats, for a validator to refuse one value).

    Raises:
        OSError: unreadable (``FileNotFoundError`` when missing).
        ValueError: (``BadFile``) not a regular file, too large, not UTF-8, not JSON,
            nested too deep.
    """
    from ..engine.record import RecordError, loads_line
    data = read_bytes(path, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile("not UTF-8 text", not_json=True) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return loads_line(text, allow_constants=allow_constants)
    except RecordError as e:
        raise BadFile(e.message) from None
    except ValueError:
        raise BadFile("not valid JSON", not_json=True) from None
