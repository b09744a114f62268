"""Rule-refusal reasons in Russian and Ukrainian.

Every refusal message in the rules' source is read with ``ast`` (each ``_refuse(...)`` and
``IllegalActionError(...)`` call of the files below), expanded into every shape it can
take (f-string fields filled with sample values, conditional parts both ways, a local
variable followed to its assigned text), and must be matched by a template in
``table_app.i18n.reasons`` that Russian and Ukrainian translate.  A new message in the
rules fails here until it is added there and translated.
"""
from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

from table_app.core.errors import IllegalActionError
from table_app.i18n import reasons, rule_reason, set_language, translation
from table_app.i18n.reasons import TEMPLATES, match_reason, translate_reason

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["table_app/variants/contract_family.py", "table_app/variants/michigan.py",
           "table_app/core/melds.py", "table_app/engine/engine.py"]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _contract_samples() -> list[str]:
    from table_app.variants import find_variant
    out = set()
    for v in ("contract", "may_i", "mexican"):
        rules = find_variant(v)({})
        out.update(rules.req_text(r) for r in range(1, 8))
    return sorted(out)


def _game_samples() -> list[str]:
    from table_app.variants.specs import SPECS
    return sorted({s.name for s in SPECS.values()})


def _samples(expr: ast.expr) -> list[str]:
    """Sample values for an f-string field, chosen by what the expression reads."""
    src = ast.unparse(expr)
    if "face_pretty" in src or src == "pretty":
        return ["7♠", "10♥", "JK"]
    if "FACE_TEXT" in src:
        return ["7S", "10H", "JK"]
    if "RANK_TEXT" in src:
        return ["7", "10", "Q", "A"]
    if "_SUIT_ONE" in src:
        return ["spade", "diamond"]
    if "_SUIT_MANY" in src:
        return ["hearts", "clubs"]
    if "SUIT_SYMBOLS[" in src:
        return ["♠", "♣"]
    if "SUITS[" in src:
        return ["S", "C"]
    if src.endswith("kind") and "!r" not in src:
        return ["set", "run"]
    if "req_text" in src:
        return _contract_samples()
    if "spec.name" in src:
        return _game_samples()
    if "json.dumps" in src:
        return ['{"type": "deal_end", "round": 1}']
    return ["3", "12"]


class _Reader:
    def __init__(self, rel: str):
        self.rel = rel
        self.tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        self.funcs = [n for n in ast.walk(self.tree)
                      if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]

    def enclosing(self, node):
        best = None
        for f in self.funcs:
            if f.lineno <= node.lineno <= (f.end_lineno or f.lineno):
                if best is None or f.lineno > best.lineno:
                    best = f
        return best

    def calls(self):
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
            if name not in ("_refuse", "IllegalActionError"):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Name) and arg.id == "reason":
                continue  # the _refuse helper passing its argument on
            yield node.lineno, arg, self.enclosing(node)

    def texts(self, expr, func) -> list[str]:
        """Every text the expression can give (fields filled with samples)."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return [expr.value]
        if isinstance(expr, ast.JoinedStr):
            choices = []
            for v in expr.values:
                if isinstance(v, ast.Constant):
                    choices.append([v.value])
                    continue
                try:
                    inner = self.texts(v.value, func)  # a literal choice, a local text
                    if v.conversion == ord("r"):
                        inner = [repr(t) for t in inner]
                except ValueError:
                    inner = _samples(v.value)
                choices.append(inner)
            return ["".join(p) for p in itertools.product(*choices)]
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            return [a + b for a in self.texts(expr.left, func)
                    for b in self.texts(expr.right, func)]
        if isinstance(expr, ast.IfExp):
            return self.texts(expr.body, func) + self.texts(expr.orelse, func)
        if isinstance(expr, ast.Name) and func is not None:
            out = []
            for n in ast.walk(func):
                if isinstance(n, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == expr.id for t in n.targets):
                    out += self.texts(n.value, func)
            if out:
                return out
        raise ValueError(f"{self.rel}: can't read {ast.unparse(expr)}")


def source_refusals() -> list[tuple[str, str]]:
    """(where, text) for every shape of every refusal message in the sources."""
    out = []
    for rel in SOURCES:
        r = _Reader(rel)
        for line, arg, func in r.calls():
            for text in r.texts(arg, func):
                out.append((f"{rel}:{line}", text))
    return out


def test_the_reader_finds_the_refusals():
    found = source_refusals()
    where = {w.split(":")[0] for w, _ in found}
    assert where == set(SOURCES)
    assert len({w for w, _ in found}) >= 90  # call sites
    texts = {t for _, t in found}
    assert "You don't hold 7♠ (that many times)" in texts
    assert ("Round 7: go down only by laying the whole hand at once (3 cards would be left)"
            in texts)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_refusal_in_the_sources_is_translated(lang):
    untranslated = []
    for where, text in source_refusals():
        hit = match_reason(text)
        out = translate_reason(text, lang)
        if hit is None or out == text or "{" in out and "{" not in text:
            untranslated.append((where, text, out))
    assert not untranslated, "\n".join(f"{w}: {t!r} -> {o!r}" for w, t, o in untranslated)


def test_every_template_is_used_by_the_sources():
    used = {match_reason(t)[0] for _, t in source_refusals() if match_reason(t)}
    assert set(TEMPLATES) - used == set()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_template_has_a_translation(lang):
    t = translation(lang)
    assert not [m for m in TEMPLATES if t.gettext(m) == m]


def test_fields_come_back_rendered_for_the_language():
    assert translate_reason("You don't hold 7♠", "ru") == "У вас нет 7♠"
    assert translate_reason("JK is not a wild card and cannot stand for 7S", "uk") == \
        "Дж — не замінник і не може заміняти 7♠"
    assert translate_reason("8H does not fit a set of Qs", "ru") == "8♥ не подходит к группе ранга Q"
    assert translate_reason("8H does not fit a set of 7s", "uk") == "8♥ не пасує до групи рангу 7"
    assert translate_reason("9D is not of the run's suit (S)", "uk") == "9♦ — не масті серії (♠)"
    assert translate_reason(
        "The contract of round 7 is 2 sets of 3 + 1 run of 7, whole hand, laid down all at once",
        "ru") == "Контракт раунда 7: 2 группы по 3 + 1 серия из 7, вся рука, выкладывается весь сразу"
    assert translate_reason("The contract of round 3 is 2 runs, laid down all at once", "uk") \
        == "Контракт раунду 3: 2 серії, викладається весь одразу"
    assert translate_reason("Round 7 needs sets of 3 and a run of 7 (a run of 5 is too short)",
                            "ru") == "В раунде 7 нужны группы из 3 и серия из 7 (серия из 5 карт слишком короткая)"
    assert translate_reason("You must lead your lowest heart, 5♥", "uk") == \
        "Заходити треба наймолодшою картою масті ♥: 5♥"
    assert translate_reason("bump is not an action of Mexican Rummy", "ru") == \
        "В игре «Мексиканский рамми» нет действия bump"


def test_the_most_literal_template_wins():
    assert match_reason("There is no seat 5 to deal")[0] == "There is no seat {seat} to deal"
    assert match_reason("There is no seat None")[0] == "There is no seat {seat}"
    assert match_reason("You don't hold 7♠ (that many times)")[0] == \
        "You don't hold {card} (that many times)"


def test_unknown_reasons_and_english_stay_as_they_are():
    assert translate_reason("Something new the rules say", "ru") == "Something new the rules say"
    assert translate_reason("You don't hold 7♠", "en") == "You don't hold 7♠"


def test_rule_reason_of_a_real_refusal():
    from table_app.core.cards import make_deck
    from table_app.core.melds import build_meld
    cards = [c for c in make_deck(2) if c >> 3 in (0, 1, 2)][:4:2]  # 2S 3S
    with pytest.raises(IllegalActionError) as ei:
        build_meld("run", 0, cards, [None, None], frozenset())
    err = ei.value
    set_language("uk")
    assert rule_reason(err) == "У серії потрібно чотири або більше карт однієї масті поспіль (CF-2)"
    assert rule_reason(err, with_rule=False).endswith("поспіль")
    assert rule_reason(err, lang="en") == str(err)
    assert rule_reason(err.reason, lang="ru").startswith("В серии нужно")


def test_contract_text_plurals():
    assert reasons.contract_text("2 sets", "ru") == "2 группы"
    assert reasons.contract_text("1 set + 2 runs", "uk") == "1 група + 2 серії"
    assert reasons.contract_text("3 runs, whole hand", "uk") == "3 серії, уся рука"
    assert reasons.contract_text("5 runs", "ru") == "5 серий"
    assert reasons.contract_text("what?", "ru") == "what?"
    assert [reasons.plural_index(n) for n in (1, 2, 4, 5, 11, 12, 21, 111)] == [0, 1, 1, 2, 2, 2, 0, 2]


def test_refusals_show_cards_with_suit_symbols_not_record_codes():
    """Issue 7: "7H does not fit a set of 6s" showed the record's card code; every refusal
    names cards as the rest of the app does (7♥) and suits by their symbols."""
    import re
    from table_app.core.cards import parse_face
    from table_app.core.melds import build_meld, layoff_result
    sixes = build_meld("set", 0, [parse_face(c) << 3 for c in ("6S", "6H", "6D")], [None] * 3, frozenset())
    run = build_meld("run", 0, [parse_face(c) << 3 for c in ("5S", "6S", "7S", "8S")], [None] * 4, frozenset())
    said = []
    for meld, card, role in ((sixes, "7H", None), (run, "9D", None), (run, "QS", None),
                             (sixes, "7H", "6S")):
        with pytest.raises(IllegalActionError) as e:
            layoff_result(meld, (parse_face(card) << 3) | 1, None if role is None else parse_face(role),
                          frozenset())
        said.append(e.value.reason)
    assert said[0] == "7♥ does not fit a set of 6s"
    assert said[1] == "9♦ is not of the run's suit (♠)"
    assert said[2].startswith("Q♠ does not extend the run")
    assert said[3] == "7♥ is not a wild card and cannot stand for 6♠"
    code = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\([SHDC]\)")
    assert not [r for r in said if code.search(r)]
    # and in Russian / Ukrainian the same reasons translate
    assert translate_reason(said[0], "uk") == "7♥ не пасує до групи рангу 6"
    assert translate_reason(said[1], "uk") == "9♦ — не масті серії (♠)"


def test_no_refusal_in_the_rules_source_names_a_card_by_its_record_code():
    """The record's notation (FACE_TEXT, SUITS) never goes into a refusal's words."""
    bad = []
    for rel in SOURCES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ("_refuse", "IllegalActionError") or not node.args:
                continue
            src = ast.unparse(node.args[0])
            if "FACE_TEXT[" in src or "SUITS[" in src:
                bad.append(f"{rel}:{node.lineno}: {src[:80]}")
    assert not bad, bad
