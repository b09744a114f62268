"""Print the declared floors of pyproject.toml as pip constraints, one ``name==version`` a
line: every ``name>=version`` of ``[project] dependencies`` and of the optional extras
named on the command line (default: ``test``).  A requirement without a ``>=`` floor is an
error: each dependency's lowest version must be declared, and tested (.ci/min-versions).

    python .ci/floors.py [EXTRA ...] > constraints.txt
    python .ci/floors.py --check [EXTRA ...]   # in the venv: exit 1 unless each is at its floor
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*>=\s*([0-9][0-9A-Za-z.]*)\s*(,.*)?(;.*)?$")


def _load(path: Path) -> dict:
    try:
        import tomllib  # Python 3.11+
    except ModuleNotFoundError:  # Python 3.10: the two arrays read with a regex
        text = path.read_text(encoding="utf-8")

        def array(after: str, name: str) -> list[str]:
            sect = text.split(after, 1)[1]
            m = re.search(rf"^{name}\s*=\s*\[(.*?)\]", sect, re.S | re.M)
            return re.findall(r'"([^"]+)"', re.sub(r"#[^\n]*", "", m.group(1))) if m else []
        opt = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
        extras = {k: re.findall(r'"([^"]+)"', v)
                  for k, v in re.findall(r"^(\w+)\s*=\s*\[(.*?)\]", opt, re.S | re.M)}
        return {"project": {"dependencies": array("[project]", "dependencies"),
                            "optional-dependencies": extras}}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def floors(pyproject: Path, extras: list[str]) -> list[str]:
    """``["pygame-ce==2.5.0", ...]`` for the dependencies and ``extras``.

    Raises:
        SystemExit: a requirement has no ``>=`` floor.
    """
    proj = _load(pyproject)["project"]
    reqs = list(proj["dependencies"])
    for e in extras:
        reqs += proj["optional-dependencies"][e]
    out: dict[str, str] = {}
    for r in reqs:
        m = _REQ.match(r)
        if not m:
            raise SystemExit(f"{pyproject}: {r!r} declares no floor (name>=version)")
        out[m.group(1).lower().replace("_", "-")] = m.group(3)
    return [f"{k}=={v}" for k, v in out.items()]


def _key(v: str) -> tuple[int, ...]:
    parts = [int(x) for x in re.findall(r"\d+", v)]
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def check(pins: list[str]) -> list[str]:
    """The pins this Python's installed distributions do not match: ``["tqdm: 4.66.1
    installed, the floor is 4.60"]`` (``[]`` when every one is at its floor)."""
    from importlib.metadata import PackageNotFoundError, version
    bad = []
    for pin in pins:
        name, want = pin.split("==")
        try:
            got = version(name)
        except PackageNotFoundError:
            bad.append(f"{name}: not installed, the floor is {want}")
            continue
        if _key(got) != _key(want):
            bad.append(f"{name}: {got} installed, the floor is {want}")
    return bad


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[1]
    args = sys.argv[1:]
    pins = floors(root / "pyproject.toml", [a for a in args if a != "--check"] or ["test"])
    if "--check" in args:
        bad = check(pins)
        print("\n".join(bad) or "every declared dependency is installed at its floor: "
              + ", ".join(pins))
        sys.exit(1 if bad else 0)
    print("\n".join(pins))
