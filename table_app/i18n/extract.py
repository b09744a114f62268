"""Extract the marked strings of ``table_app/**/*.py`` into ``table_app.pot``, and
merge them into the ``.po`` catalogs.

Marked: the first literal argument of ``_("...")``, ``N_("...")``, ``gettext("...")``,
``tr("...")``; ``ngettext("one", "many", n)`` (a plural entry); ``pgettext("ctx",
"...")`` (an entry with a context).  Adjacent literals concatenate as Python does; a
call whose argument is not a literal is skipped (translate such text where it is
written).  A comment ``# Translators: ...`` on the line above (or the line of) a call
goes into the template as an extracted comment.

Usage::

    python -m table_app.i18n.extract            # write table_app/i18n/table_app.pot
    python -m table_app.i18n.extract --update   # also merge into ru/uk .po (new ids get
                                                # an empty msgstr, vanished ids become #~)
    python -m table_app.i18n.compile            # then rebuild the .mo files
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from .po import Message, format_po, read_po, write_po

PKG = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
POT = HERE / "table_app.pot"
LANGS = ("ru", "uk")
SIMPLE = {"_", "N_", "gettext", "tr"}
_BRACE = re.compile(r"\{[a-z_][a-z_0-9]*\}")

PLURAL_FORMS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
}
LANG_NAMES = {"ru": "Russian", "uk": "Ukrainian"}


def _lit(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract_file(path: Path, rel: str) -> list[Message]:
    """The marked strings of one source file, in order."""
    src = path.read_text(encoding="utf-8")
    lines = src.splitlines()
    tree = ast.parse(src, str(path))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else None
        if name is None:
            continue
        args = node.args
        msg = None
        if name in SIMPLE and args:
            s = _lit(args[0])
            if s is not None:
                msg = Message(s)
        elif name == "ngettext" and len(args) >= 2:
            s, p = _lit(args[0]), _lit(args[1])
            if s is not None and p is not None:
                msg = Message(s, ["", ""], msgid_plural=p)
        elif name == "pgettext" and len(args) >= 2:
            c, s = _lit(args[0]), _lit(args[1])
            if c is not None and s is not None:
                msg = Message(s, msgctxt=c)
        if msg is None or not msg.msgid:
            continue
        msg.references = [f"{rel}:{node.lineno}"]
        for ln in (node.lineno - 2, node.lineno - 1):
            if 0 <= ln < len(lines) and "# Translators:" in lines[ln]:
                msg.auto_comments = [lines[ln].split("# Translators:", 1)[1].strip()]
        if _BRACE.search(msg.msgid):
            msg.flags = ["python-brace-format"]
        out.append(msg)
    out.sort(key=lambda m: int(m.references[0].rsplit(":", 1)[1]))
    return out


def extract(root: Path = PKG) -> list[Message]:
    """Every marked string under ``root`` (the ``table_app`` package), one entry per
    (context, id), references merged, in file then line order."""
    seen: dict[tuple, Message] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        for m in extract_file(path, rel):
            k = (m.msgctxt, m.msgid)
            if k in seen:
                seen[k].references += m.references
                for c in m.auto_comments:
                    if c not in seen[k].auto_comments:
                        seen[k].auto_comments.append(c)
            else:
                seen[k] = m
    return list(seen.values())


def header(lang: str | None) -> Message:
    h = ("Project-Id-Version: table-app\n"
         "MIME-Version: 1.0\n"
         "Content-Type: text/plain; charset=UTF-8\n"
         "Content-Transfer-Encoding: 8bit\n")
    if lang:
        h += (f"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\nLast-Translator: table-app developers\n"
              f"Language-Team: {LANG_NAMES[lang]}\nLanguage: {lang}\n"
              f"Plural-Forms: {PLURAL_FORMS[lang]}\n")
    else:
        h += "Plural-Forms: nplurals=2; plural=(n != 1);\n"
    return Message("", h)


def merge(template: list[Message], old: list[Message], lang: str) -> list[Message]:
    """The ``.po`` of ``lang`` for ``template``: translations kept, new ids empty,
    ids no longer in the sources kept as obsolete ``#~`` entries."""
    have = {(m.msgctxt, m.msgid): m for m in old if m.msgid}
    out = [next((m for m in old if not m.msgid and not m.obsolete), header(lang))]
    used = set()
    nforms = 3
    for t in template:
        k = (t.msgctxt, t.msgid)
        o = have.get(k)
        used.add(k)
        if o is not None and o.msgid_plural == t.msgid_plural:
            strs = o.msgstr
        else:
            strs = [""] * nforms if t.msgid_plural is not None else ""
        out.append(Message(t.msgid, strs, t.msgid_plural, t.msgctxt, list(t.auto_comments),
                           list(t.references),
                           sorted(set((o.flags if o else []) + t.flags)), False))
    for k, o in have.items():
        if k not in used and o.translated():
            o.obsolete = True
            o.references = []
            out.append(o)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    msgs = extract()
    POT.write_text(format_po([header(None)] + msgs), encoding="utf-8")
    print(f"{POT.relative_to(PKG.parent)}: {len(msgs)} messages")
    if "--update" in argv:
        for lang in LANGS:
            po = HERE / lang / "LC_MESSAGES" / "table_app.po"
            old = read_po(po) if po.is_file() else []
            new = merge(msgs, old, lang)
            po.parent.mkdir(parents=True, exist_ok=True)
            write_po(po, new)
            missing = sum(1 for m in new if m.msgid and not m.obsolete and not m.translated())
            print(f"{po.relative_to(PKG.parent)}: {len(new) - 1} entries, {missing} untranslated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
