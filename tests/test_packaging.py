"""The packaging metadata: one version source, SPDX licence, project URLs, the translated
desktop entry, the AppStream metadata, and the bundle's font filter.

.ci/run also validates the built bundle's desktop entry and metadata with
desktop-file-validate and appstreamcli, and checks the bundle's size."""
import ast
import configparser
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

import table_app

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "packaging"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def metainfo() -> ET.Element:
    files = sorted(PKG.glob("*.metainfo.xml"))
    assert len(files) == 1, files
    return ET.parse(files[0]).getroot()


def test_the_version_is_written_once():
    proj = pyproject()["project"]
    assert "version" not in proj and "version" in proj["dynamic"]
    assert pyproject()["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "table_app.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", table_app.__version__)


def test_licence_is_an_spdx_expression_and_the_project_has_urls():
    proj = pyproject()["project"]
    assert proj["license"] == "MIT"
    assert proj["license-files"] == ["LICENSE"]
    assert not any(c.startswith("License ::") for c in proj["classifiers"])  # PEP 639
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(proj["urls"])
    build = pyproject()["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r.split(">=")[1]) >= 77 for r in build)


def test_the_desktop_entry_is_translated():
    cp = configparser.RawConfigParser(strict=True, delimiters=("=",))
    cp.optionxform = str
    cp.read(PKG / "table-app.desktop", encoding="utf-8")
    e = cp["Desktop Entry"]
    assert e["Exec"] == "table-app" and e["Icon"] == "table-app"
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        for lang in ("ru", "uk"):
            text = e[f"{key}[{lang}]"]
            assert re.search("[а-яіїєґ]", text.lower()), (key, lang, text)
            assert text != e[key]
    # the window's X11 class (ui/app.py WM_CLASS, set as SDL_VIDEO_X11_WMCLASS), and its
    # title (ui/app.py WINDOW_TITLE, translated) the entry's name in each language
    from table_app.i18n import _, set_language
    from table_app.ui.app import WINDOW_TITLE, WM_CLASS
    assert e["StartupWMClass"] == WM_CLASS == "table-app"
    try:
        for lang, key in (("en", "Name"), ("ru", "Name[ru]"), ("uk", "Name[uk]")):
            set_language(lang)
            assert _(WINDOW_TITLE) == e[key], lang
    finally:
        set_language("en")


def test_the_appstream_metadata_names_the_app_the_desktop_entry_and_this_version():
    root = metainfo()
    assert root.get("type") == "desktop-application"
    assert root.findtext("project_license") == "MIT"
    assert root.findtext("launchable") == "table-app.desktop"
    assert root.find("provides/binary").text == "table-app"
    for tag in ("name", "summary"):
        langs = {el.get(XML_LANG) for el in root.findall(tag)}
        assert langs == {None, "ru", "uk"}, (tag, langs)
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert releases and releases[0] == table_app.__version__


@pytest.mark.parametrize("tool,args,name", [
    ("desktop-file-validate", [], "table-app.desktop"),
    ("appstreamcli", ["validate", "--no-net"], "app.table_app.TableApp.metainfo.xml"),
])
def test_the_metadata_validates(tool, args, name):
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed (.ci/run installs it and validates the bundle's copy)")
    r = subprocess.run([tool, *args, str(PKG / name)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _unused_fonts() -> tuple[str, ...]:
    tree = ast.parse((PKG / "table-app.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "UNUSED_FONTS":
            return ast.literal_eval(node.value)
    raise AssertionError("the spec has no UNUSED_FONTS")


def test_the_bundle_keeps_every_font_the_app_and_pygame_gui_load_for_its_languages():
    import pygame
    import pygame_gui

    from table_app.ui.scenes.rules import suit_font_path
    from table_app.ui.table import text

    unused = _unused_fonts()
    assert "NotoSansSC-" in unused and "NotoSansKR-" in unused
    used = {Path(suit_font_path(False)).name, Path(suit_font_path(True)).name,
            Path(text._font_path(False)).name, Path(text._font_path(True)).name}
    pygame.init()
    try:
        pygame.display.set_mode((64, 64))
        for lang in ("en", "ru", "uk"):
            fd = pygame_gui.UIManager((64, 64), starting_language=lang).get_theme().get_font_dictionary()
            for f in (fd.default_font, fd._default_symbols_font):
                used |= {f.regular_file_name, f.bold_file_name, f.italic_file_name,
                         f.bold_italic_file_name}
    finally:
        pygame.quit()
    kept = [n for n in used if not n.startswith(unused)]
    assert sorted(kept) == sorted(used), sorted(set(used) - set(kept))
    data = Path(pygame_gui.__file__).parent / "data"
    assert all((data / n).is_file() for n in used)
    # and what is dropped is big: the point of dropping it
    dropped = sum(f.stat().st_size for f in data.iterdir() if f.name.startswith(unused))
    assert dropped > 20_000_000


def test_the_changelog_metainfo_and_version_name_one_release():
    """CHANGELOG.md's newest release section is ``table_app.__version__``, dated as the
    AppStream metadata's newest ``<release>``; an (empty or not) Unreleased section stays
    above it for the next changes."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## \[([^\]]+)\](?: — (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert heads[0] == ("Unreleased", "")
    version, date = heads[1]
    assert version == table_app.__version__
    newest = metainfo().findall("releases/release")[0]
    assert (newest.get("version"), newest.get("date")) == (version, date)
