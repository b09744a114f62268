"""Build hook: ship the top-level asset folders inside the wheel.

All metadata is in ``pyproject.toml``. This file only teaches ``build_py`` to copy
``sprites/`` and ``sounds/`` (which live at the top of the checkout, beside
``table_app/``) into ``table_app/data/`` of the built package, where
``table_app.assets.asset_path`` looks for them in an installed wheel. An editable
install needs no copy: ``asset_path`` finds the checkout's folders directly.

The asset folders are also listed in ``MANIFEST.in`` so that an sdist carries them.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

# folder -> file patterns shipped from it (one level; the generate.py scripts stay out).
ASSET_DIRS = {
    "sprites": ("*.png", "*.json", "*.ttf", "*.otf", "LICENSE*"),
    "sounds": ("*.wav", "*.ogg", "LICENSE*"),
}


class build_py_with_assets(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        data = Path(self.build_lib) / "table_app" / "data"
        shutil.rmtree(data, ignore_errors=True)  # no stale copies from an earlier build
        for folder, patterns in ASSET_DIRS.items():
            src = HERE / folder
            dest = data / folder
            for pattern in patterns:
                for f in sorted(src.glob(pattern)):
                    dest.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(f, dest / f.name)


setup(cmdclass={"build_py": build_py_with_assets})
