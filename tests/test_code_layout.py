"""The layout of the code, as a newcomer meets it: the tests share their helpers through
``tests/helpers/`` (never one test file importing another), test files are named after
what they test (not an issue number), the slow tests carry a registered marker, and no
class is over 800 lines."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.ImportFrom) and node.level:
            out.append((node.lineno, "." * node.level + (node.module or "")))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
    return out


def test_no_test_file_imports_another_test_file_or_conftest():
    """14 test files imported helpers from other test files (``from test_ui_table import
    ...``), and one the constants of conftest: a helper's home was wherever it was first
    written.  What tests share is in ``tests/helpers/``."""
    pattern = re.compile(r"^(tests\.)?(test_\w+|conftest)$|^\.+(test_\w+|conftest)$")
    bad = [f"{p.relative_to(ROOT)}:{line} imports {mod}"
           for p in sorted(TESTS.rglob("*.py")) for line, mod in _imported_modules(p)
           if pattern.match(mod)]
    assert bad == []


def test_the_shared_helpers_are_in_one_place():
    helpers = sorted(p.name for p in (TESTS / "helpers").glob("*.py"))
    assert {"deals.py", "players.py", "records.py", "table.py"} <= set(helpers), helpers
    # no helper module left at the top of tests/ (the old cfutil.py, playutil.py, ...)
    loose = [p.name for p in TESTS.glob("*.py")
             if not p.name.startswith("test_") and p.name not in ("conftest.py", "__init__.py")]
    assert loose == []


def test_test_files_are_named_after_what_they_test_not_an_issue():
    """``test_ui_issue7.py`` held the fixes of one issue's report; its tests are now in
    ``test_ui_meld_faults.py`` and ``test_ui_hand_cards.py``."""
    named = [p.name for p in TESTS.rglob("test_*.py") if re.search(r"issue|bug|_\d+(_|$)", p.stem)]
    assert named == []


def test_the_slow_marker_is_registered_and_strict():
    """``python -m pytest -m "not slow"`` (the README) needs the marker registered; with
    ``--strict-markers`` a misspelt mark is an error, not a silently unmarked test."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^markers = \[\s*"slow: ', text, re.M)
    assert re.search(r'^addopts = ".*--strict-markers', text, re.M)
    marked = sum(p.read_text(encoding="utf-8").count("@pytest.mark.slow")
                 for p in TESTS.glob("test_*.py"))
    assert marked >= 20, marked
    assert '-m "not slow"' in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_class_of_the_app_is_over_800_lines():
    """A class a newcomer can read in one sitting: ``TableScene`` was 1,765 lines and
    ``ContractFamilyRules`` 810 (its go-down search is ``variants/go_down.py`` now)."""
    big = []
    for p in sorted((ROOT / "table_app").rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                if node.end_lineno - start + 1 > 800:
                    big.append(f"{p.relative_to(ROOT)}: {node.name} "
                               f"({node.end_lineno - start + 1} lines)")
    assert big == []
