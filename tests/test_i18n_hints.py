"""The computer players' reasons (the Hint button) in Russian and Ukrainian.

The AI explains its decisions in English (``table_app/ai``, not translated there);
``table_app.i18n.hints`` translates them at display time by templates.  Here:

* every reason text in the AI's source (read with ``ast``: each f-string, and each plain
  string returned as a reason, appended to a reason's parts or given as a discard's note)
  must be covered by a template or a part in ``hints.py`` - so a new reason in the AI
  fails here until it has a template (then extract, translate, compile);
* the normal players' reasons in real games come back wholly translated.
"""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from table_app.i18n import set_language, translation
from table_app.i18n.hints import PARTS, TEMPLATES, _FIELD, hint_reason, match_hint

ROOT = Path(__file__).resolve().parents[1]
#: the sources of the reasons the Hint button shows (the normal level and what it calls),
#: and the table's stand-in player
SOURCES = ["table_app/ai/contract_ai.py", "table_app/ai/michigan_ai.py",
           "table_app/ai/contract_eval.py", "table_app/ui/table/session.py:FallbackPlayer"]
#: names a string may be assigned to and still be a reason (or part of one)
REASON_NAMES = {"note", "why", "kt", "reason", "nwhy"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _skeleton(s: str) -> str:
    """A text with its fields as ``{}`` (neighbouring fields as one)."""
    return re.sub(r"(\{\})+", "{}", s)


def _template_skeletons() -> list[str]:
    out = []
    for e in list(TEMPLATES) + [p for ps in PARTS.values() for p in ps]:
        for form in (e[:2] if isinstance(e, tuple) else (e,)):
            out.append(_skeleton(_FIELD.sub("{}", form)))
    return out


class _Reasons:
    """The reason texts of one source file, each as its skeletons (``{}`` for a field;
    a conditional field of plain strings, like ``{'s' if n != 1 else ''}``, both ways)."""

    def __init__(self, rel: str):
        rel, _, cls = rel.partition(":")
        self.rel = rel
        self.tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        if cls:  # only that class of the file
            self.tree = next(n for n in ast.walk(self.tree)
                             if isinstance(n, ast.ClassDef) and n.name == cls)
        self.parent = {}
        for n in ast.walk(self.tree):
            for c in ast.iter_child_nodes(n):
                self.parent[c] = n

    def _in_raise_or_repr(self, node) -> bool:
        p = self.parent.get(node)
        while p is not None:
            if isinstance(p, ast.Raise):
                return True
            if isinstance(p, ast.FunctionDef) and p.name in ("__repr__", "__str__"):
                return True
            if isinstance(p, ast.Call):
                fn = p.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if name in ("ValueError", "TypeError", "RuntimeError", "debug", "info",
                            "warning", "error", "exception"):
                    return True
            p = self.parent.get(p)
        return False

    def _is_reason_constant(self, node) -> bool:
        """A plain string in a reason's place: returned (alone, or not first in a
        tuple), in a returned expression, appended (``bits.append("...")``, or in the
        appended tuple), or assigned to a reason's name."""
        p = self.parent.get(node)
        if isinstance(p, ast.Attribute):  # ", ".join(...)
            return False
        if isinstance(p, ast.Tuple):
            if p.elts and p.elts[0] is node:
                return False
            p = self.parent.get(p)
        while isinstance(p, (ast.IfExp, ast.BinOp)):
            if isinstance(p, ast.IfExp) and p.test is node:
                return False
            p = self.parent.get(p)
        if isinstance(p, ast.Return):
            return True
        if isinstance(p, ast.Call) and isinstance(p.func, ast.Attribute) and p.func.attr == "append":
            return True
        if isinstance(p, ast.Tuple):
            q = self.parent.get(p)
            return (isinstance(q, ast.Call) and isinstance(q.func, ast.Attribute)
                    and q.func.attr == "append")
        if isinstance(p, ast.Assign):
            return any(isinstance(t, ast.Name) and t.id in REASON_NAMES for t in p.targets)
        return False

    def _joined(self, node: ast.JoinedStr) -> list[str]:
        outs = [""]
        for v in node.values:
            if isinstance(v, ast.Constant):
                outs = [o + v.value for o in outs]
            elif (isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.IfExp)
                  and all(isinstance(x, ast.Constant) and isinstance(x.value, str)
                          for x in (v.value.body, v.value.orelse))):
                outs = [o + x for o in outs for x in (v.value.body.value, v.value.orelse.value)]
            else:
                outs = [o + "{}" for o in outs]
        return outs

    def texts(self) -> list[tuple[int, str]]:
        out = []
        specs = {id(v.format_spec) for v in ast.walk(self.tree)
                 if isinstance(v, ast.FormattedValue) and v.format_spec is not None}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.JoinedStr):
                if id(node) in specs or self._in_raise_or_repr(node):
                    continue
                out += [(node.lineno, t) for t in self._joined(node)]
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and re.search(r"[a-z]{2}", node.value) and self._is_reason_constant(node)
                  and not self._in_raise_or_repr(node)):
                out.append((node.lineno, node.value))
        return out


def source_reasons() -> list[tuple[str, str]]:
    return [(f"{rel.partition(':')[0]}:{line}", text)
            for rel in SOURCES for line, text in _Reasons(rel).texts()]


def test_the_reader_finds_the_reasons():
    found = {t for _, t in source_reasons()}
    assert "discards {} ({} points, {}){}" in found
    assert "takes {}: a wild card, {} card from the contract" in found
    assert "takes {}: a wild card, {} cards from the contract" in found
    assert "heads for a pay card" in found
    assert "no use for the contract" in found
    assert "draws from the stock" in found
    assert len(found) >= 40


def test_every_reason_in_the_ai_source_has_a_template():
    """A reason added to the AI without a template in table_app/i18n/hints.py fails here:
    add the template (or a part), then extract, translate and compile."""
    skeletons = _template_skeletons()
    missing = []
    for where, text in source_reasons():
        sk = _skeleton(text).strip()
        if not sk.strip("{} ,.;:-"):
            continue  # a bare field ("{} ") or punctuation: nothing to translate
        if not any(sk in t for t in skeletons):
            missing.append(f"{where}: {text!r}")
    assert not missing, "no template in table_app/i18n/hints.py for:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_template_and_part_is_translated(lang):
    t = translation(lang)
    untranslated = []
    for e in list(TEMPLATES) + [p for ps in PARTS.values() for p in ps]:
        if isinstance(e, tuple):
            if t.ngettext(e[0], e[1], 5) in e[:2]:
                untranslated.append(e[0])
        elif t.gettext(e) == e:
            untranslated.append(e)
    assert not untranslated


def _normal_reasons(variant: str, seed: int, limit: int) -> set[str]:
    """The normal player's reasons for every decision of the first ``limit`` actions of a
    game between normal players."""
    from table_app.ai import make_player
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)({})
    n = 4
    eng = Engine(rules, n, seed=seed, auto=True)
    players = [make_player("normal", variant) for _ in range(n)]
    rng = random.Random(seed)
    out = set()
    for _ in range(limit):
        ta = eng.to_act()
        if ta is None:
            break
        legal = eng.legal_actions()
        if not legal:
            if not eng.deal_next():
                break
            continue
        seat = ta[0]
        obs = eng.observe(seat)
        res = players[seat].decide(obs, legal, rng)
        a, why = res if isinstance(res, tuple) else (res, "")
        if why:
            out.add(why)
        eng.apply(a)
    return out


_ENGLISH = re.compile(r"\b(?!CR\b|MG\b|JK\b)[A-Za-z]{2,}\b")


@pytest.mark.parametrize("variant,seed", [("contract", 3), ("may_i", 5), ("mexican", 7),
                                          ("michigan", 11)])
def test_the_reasons_of_real_games_come_back_translated(variant, seed):
    reasons = _normal_reasons(variant, seed, 400)
    assert len(reasons) >= 5
    for lang in ("ru", "uk"):
        bad = []
        for r in sorted(reasons):
            out = hint_reason(r, lang)
            if out == r or _ENGLISH.search(out):
                bad.append(f"{r!r} -> {out!r}")
        assert not bad, f"{variant} {lang}:\n" + "\n".join(bad)


def test_fields_come_back_rendered_for_the_language():
    assert hint_reason("discards 9♣ (10 points, no use for the contract); keeps 7♥ 8♥ for "
                       "the run", "ru") == \
        "сбросить 9♣ (10 очков, не нужна для контракта); оставить 7♥ 8♥ для серии"
    assert hint_reason("lays off 7♠ on the set of 7s", "ru") == "добавить 7♠ к группе семёрок"
    assert hint_reason("lays off JK as 5♥ on the run 3♥-6♥", "uk") == \
        "додати Дж як 5♥ до серії 3♥–6♥"
    assert hint_reason("takes 8♦ for the run 5♦-8♦", "uk") == "взяти 8♦ для серії 5♦–8♦"
    assert hint_reason("takes 3♠: a wild card, 2 cards from the contract", "ru") == \
        "взять 3♠: это дикая карта, до контракта 2 карты"
    assert hint_reason("leads 4♣: runs 5 clubs in a row, heads for a pay card", "uk") == \
        "зайти картою 4♣: зіграти поспіль 5 карт ♣, пробитися до призової карти"
    assert hint_reason("passes Q♦: it doesn't bring 1 set + 1 run closer", "ru") == \
        "не брать Q♦: она не приближает контракт (1 группа + 1 серия)"


def test_unknown_reasons_and_english_stay_as_they_are():
    assert hint_reason("something the AI says now", "ru") == "something the AI says now"
    assert hint_reason("discards 9♣", "en") == "discards 9♣"
    assert match_hint("discards 9♣")[0] == "discards {card}"


def test_the_hint_text_is_translated_where_it_is_shown():
    from table_app.core.actions import Discard
    from table_app.core.cards import parse_face
    from table_app.ui.table.hint import Hint
    h = Hint(Discard(0, parse_face("9C")), "discards 9♣")
    set_language("uk")
    assert h.text() == "Підказка: скинути 9♣"
    h = Hint(Discard(0, parse_face("9C")), "")
    set_language("ru")
    assert h.text() == "Подсказка: сбросить 9♣"
    set_language("en")
    assert h.text() == "Hint: discard 9♣"
