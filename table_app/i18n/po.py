"""A small reader and writer of gettext ``.po`` files and a ``.mo`` compiler, standard
library only (what ``msgfmt`` does for this project's catalogs; Babel is not needed to
build or to test).

An entry is a ``Message``: ``msgid``, ``msgstr`` (a list of forms when there is a
``msgid_plural``), optional ``msgctxt``, ``comments`` (``#.`` extracted comments and
``#:`` references kept as lines), ``flags`` (``fuzzy``, ``python-brace-format``) and
``obsolete`` (``#~`` entries, kept but never compiled).
"""
from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Message:
    msgid: str
    msgstr: str | list[str] = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    auto_comments: list[str] = field(default_factory=list)  # "#." lines
    references: list[str] = field(default_factory=list)  # "#:" items
    flags: list[str] = field(default_factory=list)  # "#," items
    obsolete: bool = False

    @property
    def key(self) -> str:
        """The key of the entry in a compiled catalog (``ctxt\\x04id``)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    def forms(self) -> list[str]:
        return self.msgstr if isinstance(self.msgstr, list) else [self.msgstr]

    def translated(self) -> bool:
        """Every form has a translation."""
        return all(f for f in self.forms())


def _unquote(s: str) -> str:
    s = s.strip()
    if not (s.startswith('"') and s.endswith('"')):
        raise ValueError(f"not a quoted po string: {s!r}")
    return ast.literal_eval(s)


def read_po(path: Path | str) -> list[Message]:
    """The entries of a ``.po`` file, the header (``msgid ""``) first if present.

    Raises:
        ValueError: a line that is not po syntax.
    """
    text = Path(path).read_text(encoding="utf-8")
    out: list[Message] = []
    cur: dict = {}
    comments: dict = {"auto": [], "ref": [], "flags": []}
    last = None  # the field continuation lines add to
    obsolete = False

    def flush():
        nonlocal cur, comments, last, obsolete
        if "msgid" in cur:
            strs = cur.get("msgstr")
            if "plural" in cur:
                n = max(cur.get("forms", {}).keys(), default=-1) + 1
                strs = [cur.get("forms", {}).get(i, "") for i in range(n)]
            out.append(Message(cur["msgid"], strs if strs is not None else "",
                               cur.get("plural"), cur.get("ctxt"), comments["auto"],
                               comments["ref"], comments["flags"], obsolete))
        cur = {}
        comments = {"auto": [], "ref": [], "flags": []}
        last = None
        obsolete = False

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#~"):
            obsolete = True
            line = line[2:].strip()
            if not line:
                continue
        elif line.startswith("#"):
            if "msgid" in cur:
                flush()
            if line.startswith("#."):
                comments["auto"].append(line[2:].strip())
            elif line.startswith("#:"):
                comments["ref"].extend(line[2:].split())
            elif line.startswith("#,"):
                comments["flags"].extend(f.strip() for f in line[2:].split(","))
            continue
        try:
            if line.startswith("msgctxt "):
                if "msgid" in cur:
                    flush()
                cur["ctxt"] = _unquote(line[8:])
                last = ("ctxt",)
            elif line.startswith("msgid_plural "):
                cur["plural"] = _unquote(line[13:])
                last = ("plural",)
            elif line.startswith("msgid "):
                if "msgid" in cur:
                    flush()
                cur["msgid"] = _unquote(line[6:])
                last = ("msgid",)
            elif line.startswith("msgstr["):
                i = int(line[7:line.index("]")])
                cur.setdefault("forms", {})[i] = _unquote(line[line.index("]") + 1:])
                last = ("forms", i)
            elif line.startswith("msgstr "):
                cur["msgstr"] = _unquote(line[7:])
                last = ("msgstr",)
            elif line.startswith('"') and last is not None:
                s = _unquote(line)
                if last[0] == "forms":
                    cur["forms"][last[1]] += s
                else:
                    cur[last[0]] += s
            else:
                raise ValueError(line)
        except (ValueError, SyntaxError) as e:
            raise ValueError(f"{path}:{lineno}: not po syntax: {raw!r}") from e
    flush()
    return out


def _quote(s: str) -> str:
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    return '"' + out.replace("\n", "\\n") + '"'


def _field(name: str, s: str, width: int = 76) -> list[str]:
    """``name "text"``, split after newlines and, when long, at spaces (as msgmerge)."""
    if "\n" not in s[:-1] and len(name) + len(s) + 4 <= width:
        return [f"{name} {_quote(s)}"]
    chunks: list[str] = []
    for piece in s.splitlines(keepends=True):
        while len(piece) > width - 4:
            cut = piece.rfind(" ", 0, width - 4)
            if cut <= 0:
                break
            chunks.append(piece[:cut + 1])
            piece = piece[cut + 1:]
        if piece:
            chunks.append(piece)
    return [f'{name} ""'] + [_quote(c) for c in chunks]


def format_po(messages: list[Message]) -> str:
    """The text of a ``.po`` file."""
    blocks = []
    for m in messages:
        pre = "#~ " if m.obsolete else ""
        lines = [f"#. {c}" for c in m.auto_comments]
        if m.references and not m.obsolete:
            lines.append("#: " + " ".join(m.references))
        if m.flags:
            lines.append("#, " + ", ".join(m.flags))
        body: list[str] = []
        if m.msgctxt is not None:
            body += _field("msgctxt", m.msgctxt)
        body += _field("msgid", m.msgid)
        if m.msgid_plural is not None:
            body += _field("msgid_plural", m.msgid_plural)
            for i, f in enumerate(m.forms()):
                body += _field(f"msgstr[{i}]", f)
        else:
            body += _field("msgstr", m.msgstr if isinstance(m.msgstr, str) else m.msgstr[0])
        blocks.append("\n".join(lines + [pre + b for b in body]))
    return "\n\n".join(blocks) + "\n"


def write_po(path: Path | str, messages: list[Message]) -> None:
    Path(path).write_text(format_po(messages), encoding="utf-8")


def catalog(messages: list[Message]) -> dict[str, str]:
    """What a compiled catalog holds: key -> translation (plural forms joined by NUL),
    the header included; untranslated, fuzzy and obsolete entries left out (as msgfmt)."""
    out: dict[str, str] = {}
    for m in messages:
        if m.obsolete or (m.fuzzy and m.msgid) or not m.translated():
            continue
        key = m.key if m.msgid_plural is None else m.key + "\x00" + m.msgid_plural
        out[key] = "\x00".join(m.forms())
    return out


def mo_bytes(messages: list[Message]) -> bytes:
    """A GNU ``.mo`` file (little-endian, no hash table) of the catalog of ``messages``."""
    cat = catalog(messages)
    keys = sorted(cat)
    ids = [k.encode("utf-8") for k in keys]
    strs = [cat[k].encode("utf-8") for k in keys]
    n = len(keys)
    start = 7 * 4
    ids_off = start
    strs_off = ids_off + n * 8
    data_off = strs_off + n * 8
    table_ids, table_strs, blob = [], [], b""
    for b in ids:
        table_ids.append((len(b), data_off + len(blob)))
        blob += b + b"\x00"
    for b in strs:
        table_strs.append((len(b), data_off + len(blob)))
        blob += b + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, n, ids_off, strs_off, 0, data_off)
    return (head + b"".join(struct.pack("<2I", *t) for t in table_ids)
            + b"".join(struct.pack("<2I", *t) for t in table_strs) + blob)


def read_mo(path: Path | str) -> dict[str, str]:
    """The raw catalog of a ``.mo`` file: key -> translation, as ``catalog`` gives."""
    data = Path(path).read_bytes()
    magic = struct.unpack("<I", data[:4])[0]
    end = "<" if magic == 0x950412DE else ">"
    _, _, n, ids_off, strs_off = struct.unpack(end + "5I", data[:20])
    out = {}
    for i in range(n):
        ln, off = struct.unpack(end + "2I", data[ids_off + 8 * i:ids_off + 8 * i + 8])
        k = data[off:off + ln].decode("utf-8")
        ln, off = struct.unpack(end + "2I", data[strs_off + 8 * i:strs_off + 8 * i + 8])
        out[k] = data[off:off + ln].decode("utf-8")
    return out
