"""Where table-app keeps its files.

By default the platform's folders (platformdirs): user data (game records, the library
index, statistics), user config (settings) and user logs.  The environment variable
``TABLE_APP_HOME`` puts everything under that one folder instead (``data/``, ``config/``,
``logs/``), for tests and portable installs.  Folders are created lazily, when asked for
with ``create=True`` (the default), never at import time.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

APP_NAME = "table-app"
HOME_ENV = "TABLE_APP_HOME"


def _base(kind: str) -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / {"data": "data", "config": "config", "log": "logs"}[kind]
    import platformdirs
    fn: Callable[..., str] = getattr(platformdirs, {"data": "user_data_dir", "config": "user_config_dir",
                                                    "log": "user_log_dir"}[kind])
    return Path(fn(APP_NAME, appauthor=False))


def _dir(kind: str, create: bool, *sub: str) -> Path:
    p = _base(kind).joinpath(*sub)
    if create:
        p.mkdir(parents=True, exist_ok=True)
    return p


def data_dir(create: bool = True) -> Path:
    """User data folder (records, index, statistics)."""
    return _dir("data", create)


def config_dir(create: bool = True) -> Path:
    """User config folder (settings)."""
    return _dir("config", create)


def log_dir(create: bool = True) -> Path:
    """User log folder."""
    return _dir("log", create)


def games_dir(create: bool = True) -> Path:
    """Where game records (``*.jsonl``) are written: ``<data>/games``."""
    return _dir("data", create, "games")


def settings_path(create_dir: bool = False) -> Path:
    return config_dir(create_dir) / "settings.json"


def index_path(create_dir: bool = False) -> Path:
    return data_dir(create_dir) / "index.json"


def stats_path(create_dir: bool = False) -> Path:
    return data_dir(create_dir) / "stats.json"


def log_path(create_dir: bool = True) -> Path:
    """The app's log file: ``<logs>/table-app.log``."""
    return log_dir(create_dir) / "table-app.log"
