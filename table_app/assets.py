"""One helper to find the app's assets (``sprites/``, ``sounds/``, the theme, the
translation catalogs), whether run from a checkout, an installed wheel or a frozen
PyInstaller bundle.

``asset_path("sprites/felt.png") -> pathlib.Path`` (the file may not exist; check).
"""
from __future__ import annotations

import sys
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _roots() -> list[Path]:
    roots = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots += [Path(frozen) / "table_app" / "data", Path(frozen)]
    roots += [_PKG / "data", _PKG.parent]  # installed wheel / source checkout
    return roots


def asset_path(rel: str) -> Path:
    """Path of an asset given relative to the asset root (``"sprites/felt.png"``,
    ``"sounds/draw.wav"``, ``"ui/theme.json"``): the first root that has it, else the
    path under the first root."""
    for root in _roots():
        p = root / rel
        if p.exists():
            return p
    p = _PKG / rel
    if p.exists():
        return p
    return _roots()[0] / rel
