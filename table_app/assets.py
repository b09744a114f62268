"""One helper to find the app's assets (``sprites/``, ``sounds/``, the theme, the
translation catalogs), whether run from a checkout, an installed wheel or a frozen
PyInstaller bundle.

``asset_path("sprites/felt.png") -> pathlib.Path`` (the file may not exist; check).

Where the assets are:

- **installed wheel**: the build hook in ``setup.py`` copies the top-level ``sprites/``
  and ``sounds/`` folders to ``table_app/data/``; ``ui/theme.json`` and ``i18n/`` are
  package data inside ``table_app/`` itself.
- **source checkout or editable install**: ``sprites/`` and ``sounds/`` beside
  ``table_app/`` (recognised by the ``pyproject.toml`` next to them).
- **frozen bundle** (``packaging/table-app.spec``): the same layout as the wheel under
  ``sys._MEIPASS``: ``table_app/data/sprites``, ``table_app/ui/theme.json``, ...

Paths are real files on disk (pygame and pygame_gui need file names), so this uses the
package's ``__file__`` rather than ``importlib.resources`` traversables; every way the app
is installed (wheel, editable, PyInstaller one-folder) keeps the package on disk.
"""
from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


@cache
def _roots() -> tuple[Path, ...]:
    """The folders searched, in order, without duplicates."""
    roots: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen) / "table_app" / "data")
    roots.append(_PKG / "data")  # installed wheel
    if (_PKG.parent / "pyproject.toml").is_file():
        roots.append(_PKG.parent)  # source checkout (never a bare site-packages)
    roots.append(_PKG)  # files inside the package: ui/theme.json, i18n/...
    seen: list[Path] = []
    for r in roots:
        if r not in seen:
            seen.append(r)
    return tuple(seen)


def asset_path(rel: str) -> Path:
    """Path of an asset given relative to the asset root (``"sprites/felt.png"``,
    ``"sounds/draw.wav"``, ``"ui/theme.json"``, ``"i18n"``): the first root that has it,
    else the path under the first root (so a caller can say which file is missing)."""
    for root in _roots():
        p = root / rel
        if p.exists():
            return p
    return _roots()[0] / rel
