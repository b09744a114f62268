"""Entry script of the PyInstaller bundle (see table-app.spec).

PyInstaller needs a script, not a module: ``table_app/__main__.py`` uses a relative
import, which does not work as a top-level script, so this file calls the same ``main``.
"""
import multiprocessing

from table_app.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # harmless unless a worker process is started
    raise SystemExit(main())
