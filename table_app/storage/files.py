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


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: write a temporary file beside it, flush,
    fsync, ``os.replace``.  After a crash at any point the file is either the old one or
    the new one, never half written.

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
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
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


def read_json_file(path: Path):
    """Read a JSON file (UTF-8).  Raises ``OSError`` (unreadable) or ``ValueError``
    (not UTF-8 / not JSON)."""
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8")
    return json.loads(text)
