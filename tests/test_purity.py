"""Principle 1: the rules core (core/, variants/, engine/) and the AI never import pygame,
pygame_gui or platformdirs; the whole game runs, replays and simulates with no window."""
import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "table_app"
PURE = ["core", "variants", "engine", "ai"]
BANNED = {"pygame", "pygame_gui", "platformdirs"}


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0]


def test_pure_packages_import_nothing_of_the_ui():
    bad = []
    for sub in PURE:
        for f in (PKG / sub).rglob("*.py"):
            for mod in _imports(f):
                if mod in BANNED:
                    bad.append(f"{f.relative_to(PKG)} imports {mod}")
    assert not bad, bad


def test_a_whole_game_and_verify_run_without_pygame_loaded():
    code = (
        "import sys, random\n"
        "from table_app.variants import find_variant\n"
        "from table_app.engine.engine import Engine\n"
        "import table_app.cli, table_app.engine.record\n"
        "for v, n in (('may_i', 4), ('michigan', 3)):\n"
        "    eng = Engine(find_variant(v)({}), n, seed=1)\n"
        "    eng.deal_next()\n"
        "    rng = random.Random(1)\n"
        "    for _ in range(200):\n"
        "        ta = eng.to_act()\n"
        "        if ta is None or ta[1] == 'deal': break\n"
        "        eng.apply(rng.choice(eng.legal_actions()))\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
        "print(bad)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"
