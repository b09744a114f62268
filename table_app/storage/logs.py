"""The app's log file (README: "Where your games are kept"): ``<logs>/table-app.log``,
rotated at 1 MB with three old files kept, written with the standard ``logging`` module.

``setup_logging()`` is called once by the window's ``main``; the command-line tools keep
to stderr.  A log that cannot be opened (a read-only folder) leaves the app running
with logging to stderr only.
"""
from __future__ import annotations

import logging
import logging.handlers
import sys

from .paths import log_path

MAX_BYTES = 1_000_000  # bytes a log file grows to before it is rotated
BACKUPS = 3            # rotated files kept (table-app.log.1 ... .3)


def setup_logging(level: int = logging.INFO):
    """Send the ``table_app`` loggers (and warnings) to the rotating log file.

    Returns:
        the log file's path, or ``None`` when it could not be opened (then the
        messages go to stderr).
    """
    root = logging.getLogger("table_app")
    root.setLevel(level)
    for h in list(root.handlers):
        if getattr(h, "_table_app", False):
            root.removeHandler(h)
            h.close()
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        path = log_path()
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError as e:
        path = None
        handler = logging.StreamHandler(sys.stderr)
        print(f"table-app: no log file ({e}); logging to stderr", file=sys.stderr)
    handler.setFormatter(fmt)
    handler._table_app = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    logging.captureWarnings(True)
    return path


__all__ = ["setup_logging", "MAX_BYTES", "BACKUPS"]
