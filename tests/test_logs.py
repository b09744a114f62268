"""The log file the README promises, and a clear exit when there is no screen."""
from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

from table_app.storage import logs


def test_the_app_logs_to_the_rotating_file_under_the_logs_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    path = logs.setup_logging()
    try:
        assert path == tmp_path / "home" / "logs" / "table-app.log"
        logging.getLogger("table_app.test").warning("a warning for the log: %d", 42)
        h = next(h for h in logging.getLogger("table_app").handlers if getattr(h, "_table_app", False))
        h.flush()
        assert h.maxBytes == logs.MAX_BYTES == 1_000_000 and h.backupCount == logs.BACKUPS == 3
        text = path.read_text(encoding="utf-8")
        assert "WARNING table_app.test: a warning for the log: 42" in text
        # set up twice: still one handler
        logs.setup_logging()
        assert sum(getattr(h, "_table_app", False) for h in logging.getLogger("table_app").handlers) == 1
    finally:
        for h in list(logging.getLogger("table_app").handlers):
            if getattr(h, "_table_app", False):
                logging.getLogger("table_app").removeHandler(h)
                h.close()


def test_an_unwritable_log_folder_falls_back_to_stderr(tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    (home / "logs").mkdir(parents=True)
    (home / "logs" / "table-app.log").mkdir()  # a folder where the file should be
    monkeypatch.setenv("TABLE_APP_HOME", str(home))
    try:
        assert logs.setup_logging() is None
        assert "no log file" in capsys.readouterr().err
    finally:
        for h in list(logging.getLogger("table_app").handlers):
            if getattr(h, "_table_app", False):
                logging.getLogger("table_app").removeHandler(h)


@pytest.mark.slow
def test_no_display_is_said_not_run_unseen(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(TABLE_APP_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy",
               TABLE_APP_LANG="en", LANGUAGE="en")
    cp = subprocess.run([sys.executable, "-c", "from table_app.ui.app import main; raise SystemExit(main())"],
                        env=env, capture_output=True, text=True, timeout=60)
    assert cp.returncode == 2, cp.stderr
    assert "table-app:" in cp.stderr and "Traceback" not in cp.stderr
    assert "no display" in (tmp_path / "home" / "logs" / "table-app.log").read_text() or \
        "cannot open a window" in cp.stderr
