"""The repository's documents: their links lead somewhere, and the README names the games
as the app does."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
_PATH = re.compile(r"`(\.\./[^`\s]+)`")


def test_every_relative_link_of_the_documents_exists():
    """docs/RECORD_FORMAT.md pointed at `../rules/README.md` and `../rules/`, the
    specification's folder, which is not in the repository (the rules texts are in
    table_app/i18n/rules/).  Every relative link, and every `../` path quoted as code,
    names a file or folder of the repository."""
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        targets = [t for t in _LINK.findall(text) if not re.match(r"[a-z]+:", t)]
        targets += _PATH.findall(text)
        for t in targets:
            assert (doc.parent / t).exists(), (doc.name, t)
    spec = (ROOT / "docs" / "RECORD_FORMAT.md").read_text(encoding="utf-8")
    assert "../rules/" not in spec.replace("../table_app/i18n/rules/", "")
    assert "](../table_app/i18n/rules/)" in spec


def test_the_readme_names_the_games_as_the_app_does():
    """The README called the fourth game "Michigan" where the app (the picker, the
    banner, the rules) calls it "Michigan Rummy"."""
    from table_app.i18n.strings import VARIANT_NAMES
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in VARIANT_NAMES.values():
        assert f"**{name}**" in readme, name
    assert not re.search(r"\bMichigan\b(?!\s+Rummy)", readme.replace("`michigan`", ""))
