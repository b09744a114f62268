"""Extract the marked strings of ``table_app/**/*.py`` into ``table_app.pot`` and merge
them into the ``.po`` catalogs, with Babel (the ``dev`` and ``test`` extras; the app
itself reads the compiled ``.mo`` files with the standard library's ``gettext``).

Marked: the first literal argument of ``_("...")``, ``N_("...")``, ``gettext("...")``,
``tr("...")``; ``ngettext("one", "many", n)`` (a plural entry); ``pgettext("ctx",
"...")`` (an entry with a context).  Adjacent literals concatenate as Python does; a call
whose argument is not a literal is skipped (translate such text where it is written).  A
comment ``# Translators: ...`` just above a call reaches the translators.  An id with
``{fields}`` is flagged ``python-brace-format`` (so ``msgfmt --check`` compares the fields).

Merging uses Babel's fuzzy matching: an id whose English changed keeps its old
translation, marked ``fuzzy`` (left out of the ``.mo`` until a translator has looked at it,
and reported by the tests as untranslated); ids no longer in the sources stay at the end as
obsolete ``#~`` entries, so a string that comes back gets its translation back.  The
references name the file only (no line numbers), so moving code does not rewrite the
catalogs.

Usage::

    python -m table_app.i18n.extract            # write table_app/i18n/table_app.pot
    python -m table_app.i18n.extract --update   # also merge into the ru and uk .po files
    python -m table_app.i18n.compile            # then rebuild the .mo files
"""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

PKG = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
POT = HERE / "table_app.pot"
LANGS = ("ru", "uk")
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": None, "N_": None}
COMMENT_TAGS = ("Translators:",)
WIDTH = 76
_BRACE = re.compile(r"\{[a-z_][a-z_0-9]*\}")

PLURAL_FORMS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
}
LANG_NAMES = {"ru": "Russian", "uk": "Ukrainian"}


def _catalog(lang: str | None) -> Catalog:
    return Catalog(locale=lang, project="table-app", version=_version(), charset="utf-8",
                   msgid_bugs_address="dev@table-app.invalid", fuzzy=False)


def _version() -> str:
    from .. import __version__
    return __version__


def po_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / "table_app.po"


def _ids(msg) -> tuple[str, ...]:
    return msg.id if isinstance(msg.id, tuple) else (msg.id,)


def extract(root: Path = PKG) -> Catalog:
    """Every marked string under ``root`` (the ``table_app`` package) as a template
    catalog: one message per (context, id), references merged, file names only."""
    cat = _catalog(None)
    for filename, _lineno, message, comments, context in extract_from_dir(
            str(root), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        if not message or not (message[0] if isinstance(message, tuple) else message):
            continue
        ref: tuple[str, Any] = (Path(root.name, filename).as_posix(), None)  # no line number
        flags = ("python-brace-format",) if any(_BRACE.search(m or "") for m in
                                                (message if isinstance(message, tuple) else (message,))) else ()
        cat.add(message, None, [ref], auto_comments=comments, flags=flags, context=context)
    for m in cat:
        if m.id:
            m.locations = sorted(set(m.locations))
            m.flags.discard("python-format")  # our fields are {braces}, never %s
    return cat


def _write(path: Path, cat: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, cat, width=WIDTH, include_lineno=False, sort_output=False,
             sort_by_file=False, omit_header=False)
    text = buf.getvalue().decode("utf-8")
    # Babel stamps the creation and revision dates into the header on every write; a
    # fixed header keeps the catalogs' diffs to what changed
    text = re.sub(r'"POT-Creation-Date: [^"]*\\n"\n', "", text)
    text = re.sub(r'"PO-Revision-Date: [^"]*\\n"\n', "", text)
    text = re.sub(r'"Generated-By: [^"]*\\n"\n', "", text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file as a Babel catalog."""
    with open(path, "rb") as f:
        return read_po(f, locale=lang, charset="utf-8")


def untranslated(cat: Catalog) -> list:
    """The messages of ``cat`` a player would see in English: empty or fuzzy."""
    out = []
    for m in cat:
        if not m.id:
            continue
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strs):
            out.append(m)
    return out


def update(template: Catalog, lang: str) -> Catalog:
    """The ``.po`` of ``lang`` merged with ``template`` (Babel's ``Catalog.update`` with
    fuzzy matching; the language's header kept)."""
    path = po_path(lang)
    if path.is_file():
        cat = read_catalog(path, lang)
    else:
        cat = _catalog(lang)
    cat.project, cat.version, cat.msgid_bugs_address = "table-app", _version(), "dev@table-app.invalid"
    cat.update(template, no_fuzzy_matching=False, update_header_comment=False,
               keep_user_comments=True)
    cat.language_team = LANG_NAMES[lang]
    cat.last_translator = "table-app developers"
    cat.fuzzy = False
    for m in cat:
        if m.id:
            m.flags.discard("python-format")
    return cat


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    template = extract()
    _write(POT, template)
    print(f"{POT.relative_to(PKG.parent)}: {sum(1 for m in template if m.id)} messages")
    if "--update" in argv:
        for lang in LANGS:
            cat = update(template, lang)
            _write(po_path(lang), cat)
            fuzzy = sum(1 for m in cat if m.id and m.fuzzy)
            empty = len(untranslated(cat)) - fuzzy
            print(f"{po_path(lang).relative_to(PKG.parent)}: {sum(1 for m in cat if m.id)} "
                  f"messages, {empty} untranslated, {fuzzy} fuzzy (the English changed: "
                  f"check the old translation and remove the fuzzy mark), "
                  f"{len(cat.obsolete)} obsolete")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
