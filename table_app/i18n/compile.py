"""Compile the ``.po`` catalogs into the ``.mo`` files gettext loads.

    python -m table_app.i18n.compile          # every <lang>/LC_MESSAGES/table_app.po
    python -m table_app.i18n.compile --check  # exit 1 if a .mo is out of date

Standard library only (``table_app.i18n.po``): untranslated, fuzzy and obsolete entries
are left out, as ``msgfmt`` does.  The ``.mo`` files are committed, so neither running
nor testing the app needs this script or Babel.
"""
from __future__ import annotations

import sys
from pathlib import Path

from .po import mo_bytes, read_po

HERE = Path(__file__).resolve().parent


def catalogs() -> list[Path]:
    return sorted(HERE.glob("*/LC_MESSAGES/table_app.po"))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    stale = 0
    for po in catalogs():
        mo = po.with_suffix(".mo")
        data = mo_bytes(read_po(po))
        if "--check" in argv:
            if not mo.is_file() or mo.read_bytes() != data:
                print(f"{mo.relative_to(HERE)} is out of date")
                stale += 1
            continue
        mo.write_bytes(data)
        print(f"{mo.relative_to(HERE)}: {len(data)} bytes")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
