"""The computer players' reasons (the Hint button) as message ids, in every language.

A player's ``decide`` returns ``(action, Message)``; ``table_app.i18n.hints`` holds each
id's English text and ``hint_reason`` renders it where it is shown.  Here:

* every ``Message("id", ...)`` in the AI's source (read with ``ast``) names an id of
  ``HINTS`` and gives every field of its text, and no reason is a plain string any more -
  so a new reason in the AI fails here until it has its entry (then extract, translate,
  compile);
* every entry is translated, and the normal players' reasons in real games come back
  wholly translated.
"""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from table_app.core.cards import parse_face
from table_app.core.messages import Message
from table_app.i18n import set_language, translation
from table_app.i18n.hints import HINTS, hint_reason
from table_app.i18n.render import fields, forms, render
from table_app.variants.specs import ContractTerms

F = parse_face
ROOT = Path(__file__).resolve().parents[1]
#: the sources of the reasons: the AI's levels, and the table's stand-in player
SOURCES = ["table_app/ai/contract_ai.py", "table_app/ai/michigan_ai.py",
           "table_app/ai/contract_eval.py", "table_app/ai/contract_search.py",
           "table_app/ai/oracle.py", "table_app/ai/player.py", "table_app/ai/review.py",
           "table_app/ui/table/session.py", "table_app/ai/is_search.py"]
_FIELD = re.compile(r"\{([a-z_0-9]+)\}")
SAMPLE = {"card": F("7S"), "cards": (F("7S"), F("8S")), "rank": 12, "suit": 1,
          "contract": ContractTerms(1, 1), "chips": 1.5, "pct": 0.4,
          "why": Message("draw_stock"), "meld": Message("meld_set", rank=7),
          "where": Message("where_set", rank=7), "note": Message("note_plan"),
          "keeps": Message("keeps_set", cards=(F("7S"), F("7H"))),
          "melds": (Message("melds_set", cards=(F("7S"), F("7H"), F("7D"))),),
          "bits": (Message("bit_pay"),)}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def source_messages() -> list[tuple[str, str, tuple[str, ...]]]:
    """``(where, id, keyword names)`` of every ``Message(...)`` built in the sources."""
    out = []
    for rel in SOURCES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Message"):
                continue
            keys = tuple(k.arg for k in node.keywords)
            arg = node.args[0]
            ids = []
            stack = [arg]
            while stack:  # a literal id, or a choice of literal ids
                x = stack.pop()
                if isinstance(x, ast.IfExp):
                    stack += [x.body, x.orelse]
                else:
                    assert isinstance(x, ast.Constant) and isinstance(x.value, str), \
                        f"{rel}:{node.lineno}: a message id must be a literal"
                    ids.append(x.value)
            out += [(f"{rel}:{node.lineno}", i, keys) for i in ids]
    return out


def test_the_reader_finds_the_reasons():
    ids = {i for _, i, _ in source_messages()}
    assert {"discard_note", "take_wild", "bit_pay", "note_no_use", "draw_stock", "go_down",
            "expects", "fb_discard_loose", "end_round"} <= ids
    assert len(ids) >= 60


def test_every_reason_in_the_source_is_in_the_registry_with_its_fields():
    bad = []
    for where, mid, keys in source_messages():
        entry = HINTS.get(mid)
        if entry is None:
            bad.append(f"{where}: {mid!r} is not in table_app/i18n/hints.py")
            continue
        have = set(fields({k: SAMPLE.get(k.rstrip("0123456789"), 3) for k in keys}, "en"))
        for text in forms(entry):
            missing = set(_FIELD.findall(text)) - have
            if missing:
                bad.append(f"{where}: {mid!r} gets no {sorted(missing)}")
        if isinstance(entry, tuple) and entry[2] not in keys:
            bad.append(f"{where}: {mid!r} has no count {entry[2]!r}")
    assert not bad, "\n".join(bad)


def test_every_entry_is_used_by_the_source():
    used = {i for _, i, _ in source_messages()}
    assert set(HINTS) - used == set()


def test_no_reason_is_a_plain_string():
    """``return action, "words"`` (or an f-string) in the AI would show English in every
    language: reasons are messages (or ``None``)."""
    bad = []
    for rel in SOURCES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) \
                    and len(node.value.elts) == 2:
                why = node.value.elts[1]
                for x in ast.walk(why):
                    if isinstance(x, ast.JoinedStr) or (
                            isinstance(x, ast.Constant) and isinstance(x.value, str)
                            and re.search(r"[a-z]{2} ", x.value)):
                        bad.append(f"{rel}:{node.lineno}: {ast.unparse(why)[:80]}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_entry_is_translated(lang):
    t = translation(lang)
    untranslated = []
    for mid, e in HINTS.items():
        if isinstance(e, tuple):
            if any(t.ngettext(e[0], e[1], n) in e[:2] for n in (1, 2, 5)):
                untranslated.append(mid)
        elif t.gettext(e) == e:
            untranslated.append(mid)
    assert not untranslated


def _normal_reasons(variant: str, seed: int, limit: int) -> set:
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
        a, why = players[seat].decide(obs, legal, rng)
        assert isinstance(why, Message), (a, why)
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
        for r in sorted(reasons, key=repr):
            out = hint_reason(r, lang)
            if out == str(r) or _ENGLISH.search(out) or "{" in out:
                bad.append(f"{r!r} -> {out!r}")
        assert not bad, f"{variant} {lang}:\n" + "\n".join(bad)


def test_fields_come_back_rendered_for_the_language():
    """The catalogs' translations survived the move from sentences to ids: the reasons
    come out as they did when their English was parsed back."""
    M = Message
    discard = M("discard_note", card=F("9C"), points=10, note=M("note_no_use"),
                keeps=M("keeps_run", cards=(F("7H"), F("8H"))))
    assert str(discard) == "discards 9♣ (10 points, no use for the contract); keeps 7♥ 8♥ for the run"
    assert hint_reason(discard, "ru") == \
        "сбросить 9♣ (10 очков, не нужна для контракта); оставить 7♥ 8♥ для серии"
    lay = M("lay_off", card=F("7S"), meld=M("meld_set", rank=7))
    assert str(lay) == "lays off 7♠ on the set of 7s"
    assert hint_reason(lay, "ru") == "добавить 7♠ к группе семёрок"
    lay_as = M("lay_off_as", card=F("JK"), card2=F("5H"), meld=M("meld_run", card=F("3H"), card2=F("6H")))
    assert str(lay_as) == "lays off Joker as 5♥ on the run 3♥-6♥"
    assert hint_reason(lay_as, "uk") == "додати Джокер як 5♥ до серії 3♥–6♥"
    take = M("take_for_meld", card=F("8D"), where=M("where_run", card=F("5D"), card2=F("8D")))
    assert str(take) == "takes 8♦ for the run 5♦-8♦"
    assert hint_reason(take, "uk") == "взяти 8♦ для серії 5♦–8♦"
    assert hint_reason(M("take_wild", card=F("3S"), n=2), "ru") == \
        "взять 3♠: это дикая карта, до контракта 2 карты"
    lead = M("lead_bits", card=F("4C"), bits=(M("bit_runs", n=5, suit=3), M("bit_pay")))
    assert str(lead) == "leads 4♣: runs 5 clubs in a row, heads for a pay card"
    assert hint_reason(lead, "uk") == \
        "зайти картою 4♣: зіграти поспіль 5 карт ♣, пробитися до призової карти"
    assert hint_reason(M("pass_no_help", card=F("QD"), contract=ContractTerms(1, 1)), "ru") == \
        "не брать Q♦: она не приближает контракт (1 группа + 1 серия)"
    assert str(M("discard", card=F("9C"))) == "discards 9♣"
    expects = M("expects", why=M("lead_out", card=F("2S")), chips=1.25, n=3)
    assert str(expects) == "leads 2♠: plays out the whole hand and goes out (expects +1.2 chips over 3 sampled deals)"


def test_plain_strings_and_none_are_shown_as_they_are():
    assert hint_reason("something a player outside the app says", "ru") == \
        "something a player outside the app says"
    assert hint_reason(None, "ru") == ""
    assert render(Message("discard", card=F("9C")), "en") == "discards 9♣"


def test_the_hint_text_is_translated_where_it_is_shown():
    from table_app.core.actions import Discard
    from table_app.ui.table.hint import Hint
    h = Hint(Discard(0, F("9C")), Message("discard", card=F("9C")))
    set_language("uk")
    assert h.text() == "Підказка: скинути 9♣"
    set_language("en")            # the reason is the hard player's, in the third person
    assert h.text() == "Hint: in your seat the hard player discards 9♣"
    h = Hint(Discard(0, F("9C")), "")
    set_language("ru")
    assert h.text() == "Подсказка: сбросить 9♣"
    set_language("en")
    assert h.text() == "Hint: discard 9♣"
