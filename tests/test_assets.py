"""table_app.assets.asset_path: checkout, installed wheel and frozen-bundle layouts.

The wheel and the PyInstaller bundle themselves are built and checked by .ci/run."""
import sys
from pathlib import Path

import pytest

from table_app import assets
from table_app.assets import asset_path

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def fresh_roots():
    assets._roots.cache_clear()
    yield
    assets._roots.cache_clear()


def test_checkout_finds_the_top_level_folders():
    for folder in ("sprites", "sounds"):
        files = sorted(f for f in (ROOT / folder).glob("*") if f.suffix in (".png", ".wav"))
        if not files:
            pytest.skip(f"no {folder}/ assets in this checkout")
        assert asset_path(f"{folder}/{files[0].name}") == files[0]


def test_files_inside_the_package_are_found():
    assert asset_path("assets.py") == Path(assets.__file__).resolve()


def test_a_missing_asset_names_a_path_under_the_first_root():
    p = asset_path("sprites/no-such-file.png")
    assert not p.exists()
    assert p == assets._roots()[0] / "sprites/no-such-file.png"


def test_a_frozen_bundle_is_searched_first(tmp_path, monkeypatch):
    (tmp_path / "table_app/data/sprites").mkdir(parents=True)
    frozen = tmp_path / "table_app/data/sprites/felt.png"
    frozen.write_bytes(b"")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assets._roots.cache_clear()
    assert asset_path("sprites/felt.png") == frozen
    assert assets._roots()[0] == tmp_path / "table_app/data"


def test_an_installed_package_does_not_look_in_bare_site_packages(tmp_path, monkeypatch):
    pkg = tmp_path / "site-packages/table_app"
    (pkg / "data/sprites").mkdir(parents=True)
    (tmp_path / "site-packages/sprites").mkdir()
    (tmp_path / "site-packages/sprites/x.png").write_bytes(b"")  # some other project's file
    monkeypatch.setattr(assets, "_PKG", pkg)
    assets._roots.cache_clear()
    assert tmp_path / "site-packages" not in assets._roots()
    assert asset_path("sprites/x.png") == pkg / "data/sprites/x.png"


def test_pyproject_declares_the_command_and_the_extras():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["scripts"]["table-app"] == "table_app.cli:main"
    assert meta["requires-python"] == ">=3.10"
    assert {"test", "bench"} <= set(meta["optional-dependencies"])
    names = {d.split(">")[0].split("=")[0].strip().lower() for d in meta["dependencies"]}
    assert {"pygame-ce", "pygame_gui", "platformdirs"} <= names
