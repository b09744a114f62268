"""``python -m tests.golden [--update] [VARIANT ...]``: print the golden playthroughs, or
rewrite ``tests/golden/<variant>.txt`` with ``--update`` (see ``tests/golden/__init__``)."""
from __future__ import annotations

import argparse
import sys

from . import GAMES, generate, path_for


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__)
    p.add_argument("--update", action="store_true", help="rewrite the golden files")
    p.add_argument("variants", nargs="*", help="variant ids (default: all four games)")
    a = p.parse_args(argv)
    known = [v for v, _, _ in GAMES]
    for v in a.variants or known:
        if v not in known:
            p.error(f"no golden playthrough for {v!r} (known: {', '.join(known)})")
        text = generate(v)
        if a.update:
            path = path_for(v)
            old = path.read_text(encoding="utf-8") if path.exists() else None
            path.write_text(text, encoding="utf-8")
            print(f"{path}: {'unchanged' if old == text else 'written'} "
                  f"({len(text.splitlines())} lines, {len(text.encode())} bytes)")
        else:
            sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
