"""Compile the ``.po`` catalogs into the ``.mo`` files gettext loads, with Babel.

    python -m table_app.i18n.compile          # every <lang>/LC_MESSAGES/table_app.po
    python -m table_app.i18n.compile --check  # exit 1 if a .mo is out of date

Untranslated, fuzzy and obsolete entries are left out, as ``msgfmt`` does. The ``.mo``
files are committed, so running the app needs neither this script nor Babel (it reads
them with the standard library's ``gettext``).
"""
from __future__ import annotations

import gettext
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.mofile import write_mo

from .extract import read_catalog

HERE = Path(__file__).resolve().parent


def catalogs() -> list[Path]:
    return sorted(HERE.glob("*/LC_MESSAGES/table_app.po"))


#: the dates written into a ``.mo`` header (Babel stamps "now" otherwise), so compiling
#: the same catalog twice gives the same file
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def mo_bytes(po: Path) -> bytes:
    """The ``.mo`` file's bytes for the catalog ``po`` (fuzzy entries left out)."""
    cat = read_catalog(po, po.parent.parent.name)
    cat.creation_date = cat.revision_date = FIXED_DATE
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def translations(data: bytes) -> dict:
    """What the standard library's gettext reads from ``.mo`` bytes, without the header
    (which names the Babel version that wrote it): id -> translation."""
    cat = dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]
    cat.pop("", None)
    return cat


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    stale = 0
    for po in catalogs():
        mo = po.with_suffix(".mo")
        data = mo_bytes(po)
        if "--check" in argv:
            if not mo.is_file() or translations(mo.read_bytes()) != translations(data):
                print(f"{mo.relative_to(HERE)} is out of date")
                stale += 1
            continue
        mo.write_bytes(data)
        print(f"{mo.relative_to(HERE)}: {len(data)} bytes")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
