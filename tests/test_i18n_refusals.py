"""Refusals as message ids with parameters, translated at the edge.

The rules raise ``IllegalActionError(rule, message_id, params)``; every refusal call in
the rules' source is read with ``ast`` (``_refuse(rule, "id", key=...)`` and
``IllegalActionError(rule, "id", {"key": ...})``): its id must be in
``table_app.i18n.refusals.REFUSALS``, its parameters must give every field of the id's
text, and Russian and Ukrainian must translate the text using those fields only.  A new
refusal in the rules fails here until it has its entry and its translations.
"""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from table_app.core.cards import parse_face
from table_app.core.errors import IllegalActionError
from table_app.core.messages import Message
from table_app.i18n import contract_name, rule_reason, set_language, translation
from table_app.i18n.hints import HINTS
from table_app.i18n.refusals import REFUSALS
from table_app.i18n.render import fields, forms, render
from table_app.variants.specs import ContractTerms

F = parse_face
ROOT = Path(__file__).resolve().parents[1]
#: where refusals are raised: the rules, the engine's record checks, and the table's own
#: reading of a staged meld (which raises the rules' meld refusals)
SOURCES = ["table_app/variants/contract_family.py", "table_app/variants/michigan.py",
           "table_app/core/melds.py", "table_app/engine/engine.py",
           "table_app/ui/table/meldhelp.py"]
RULES_SOURCES = SOURCES[:4]
_FIELD = re.compile(r"\{([a-z_0-9]+)\}")
#: a sample value for each kind of parameter (by its name without a trailing digit)
SAMPLE = {"card": F("7S"), "cards": (F("7S"), F("8S")), "rank": 12, "suit": 1, "kind": "run",
          "contract": ContractTerms(2, 1, set_size=3, run_size=7, whole_hand=True),
          "game": "mexican", "chips": 1.5, "pct": 0.4}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _ids(node) -> list[str]:
    """The message ids a call's id argument can be: a literal, or a choice of literals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _ids(node.body) + _ids(node.orelse)
    raise AssertionError(f"a message id must be a literal (or a choice of literals), "
                         f"not {ast.unparse(node)}")


def source_refusals() -> list[tuple[str, str, tuple[str, ...], ast.Call]]:
    """``(where, message_id, parameter names, call)`` for every refusal in the sources."""
    out = []
    for rel in SOURCES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
            if name == "_refuse":
                if len(node.args) < 2:  # the helper's own definition passes its arguments on
                    continue
                keys = tuple(k.arg for k in node.keywords)
            elif name == "IllegalActionError":
                if len(node.args) < 2 or isinstance(node.args[1], ast.Name):
                    continue  # the helper raising with its own arguments
                keys = ()
                if len(node.args) > 2:
                    d = node.args[2]
                    assert isinstance(d, ast.Dict), f"{rel}:{node.lineno}: params as a dict literal"
                    keys = tuple(k.value for k in d.keys)
            else:
                continue
            for mid in _ids(node.args[1]):
                out.append((f"{rel}:{node.lineno}", mid, keys, node))
    return out


def sample_params(keys) -> dict:
    return {k: SAMPLE.get(k.rstrip("0123456789"), 3) for k in keys}


def test_the_reader_finds_the_refusals():
    found = source_refusals()
    assert {w.split(":")[0] for w, *_ in found} == set(SOURCES)
    assert len({w for w, *_ in found}) >= 90  # call sites
    ids = {m for _, m, _, _ in found}
    assert {"not_held", "not_held_times", "no_layoff_on_go_down_turn", "r7_whole_hand",
            "mg_lead_lowest", "derived_mismatch", "refill_cap"} <= ids


def test_every_refusal_id_is_in_the_registry_with_its_fields():
    bad = []
    for where, mid, keys, _ in source_refusals():
        entry = REFUSALS.get(mid)
        if entry is None:
            bad.append(f"{where}: {mid!r} is not in table_app/i18n/refusals.py")
            continue
        have = set(fields(sample_params(keys), "en"))
        for text in forms(entry):
            missing = set(_FIELD.findall(text)) - have
            if missing:
                bad.append(f"{where}: {mid!r} gets no {sorted(missing)}")
        if isinstance(entry, tuple) and entry[2] not in keys:
            bad.append(f"{where}: {mid!r} has no count {entry[2]!r}")
    assert not bad, "\n".join(bad)


def test_every_entry_is_raised_somewhere():
    used = {m for _, m, _, _ in source_refusals()}
    assert set(REFUSALS) - used == set()


def test_refusal_and_hint_ids_never_collide():
    assert not set(REFUSALS) & set(HINTS)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_refusal_is_translated_with_its_own_fields(lang):
    """Every shape of every refusal in the sources, rendered in the language: a
    translation exists (for a plural entry, every form), and it names only fields the
    refusal gives (else the English text would come back)."""
    t = translation(lang)
    bad = []
    for where, mid, keys, _ in source_refusals():
        entry = REFUSALS[mid]
        params = sample_params(keys)
        counts = (1, 2, 5) if isinstance(entry, tuple) else (None,)
        for n in counts:
            p = dict(params)
            if n is not None:
                p[entry[2]] = n
            msg = Message(mid, **p)
            out = render(msg, lang)
            english = render(msg, "en")
            texts = forms(entry)
            translated = (t.ngettext(texts[0], texts[1], n) not in texts if n is not None
                          else t.gettext(entry) != entry)
            if not translated or out == english or "{" in out:
                bad.append(f"{where}: {mid} ({n}): {out!r}")
    assert not bad, "\n".join(bad)


def _reason(mid, lang, **params):
    return rule_reason(IllegalActionError("CF-0", mid, params), lang, with_rule=False)


def test_fields_come_back_rendered_for_the_language():
    """The catalogs' translations survived the move from sentences to ids: the same
    refusals come out as they did when they were parsed back from English."""
    r7 = ContractTerms(2, 1, set_size=3, run_size=7, whole_hand=True)
    assert _reason("not_held", "ru", card=F("7S")) == "У вас нет 7♠"
    assert _reason("not_wild", "uk", card=F("JK"), card2=F("7S")) == \
        "Джокер — не замінник і не може заміняти 7♠"
    assert _reason("layoff_wrong_rank", "ru", card=F("8H"), rank=12) == \
        "8♥ не подходит к группе ранга Q"
    assert _reason("layoff_wrong_rank", "uk", card=F("8H"), rank=7) == "8♥ не пасує до групи рангу 7"
    assert _reason("layoff_wrong_suit", "uk", card=F("9D"), suit=0) == "9♦ — не масті серії (♠)"
    assert _reason("contract_is", "ru", round=7, contract=r7) == \
        "Контракт раунда 7: 2 группы по 3 + 1 серия из 7, вся рука, выкладывается весь сразу"
    assert _reason("contract_is", "uk", round=3, contract=ContractTerms(0, 2)) == \
        "Контракт раунду 3: 2 серії, викладається весь одразу"
    assert _reason("r7_meld_short", "ru", kind="run", n=5) == \
        "В раунде 7 нужны группы из 3 и серия из 7 (серия из 5 карт слишком короткая)"
    assert _reason("mg_lead_lowest", "uk", suit=1, card=F("5H")) == \
        "Заходити треба наймолодшою картою масті ♥: 5♥"
    assert _reason("not_an_action", "ru", action="bump", game="mexican") == \
        "В игре «Мексиканский рамми» нет действия bump"
    assert _reason("r7_whole_hand", "ru", n=2) == \
        "Раунд 7: открываться можно, только выложив всю руку сразу (осталось бы карт: 2)"
    # and in English, what the rules used to write
    assert _reason("mg_lead_lowest", "en", suit=1, card=F("5H")) == "You must lead your lowest heart, 5♥"
    assert _reason("mg_lead_other_suit", "en", suit=3) == \
        "After the stop in clubs you must lead a different suit while you hold one"
    assert _reason("r7_whole_hand", "en", n=1) == \
        "Round 7: go down only by laying the whole hand at once (1 card would be left)"
    assert _reason("r7_whole_hand", "en", n=3) == \
        "Round 7: go down only by laying the whole hand at once (3 cards would be left)"
    assert _reason("contract_is", "en", round=7, contract=r7) == \
        "The contract of round 7 is 2 sets of 3 + 1 run of 7, whole hand, laid down all at once"


def test_rule_reason_of_a_real_refusal():
    from table_app.core.cards import make_deck
    from table_app.core.melds import build_meld
    cards = [c for c in make_deck(2) if c >> 3 in (0, 1, 2)][:4:2]  # 2S 3S
    with pytest.raises(IllegalActionError) as ei:
        build_meld("run", 0, cards, [None, None], frozenset())
    err = ei.value
    assert (err.rule, err.message_id, err.params) == ("CF-2", "run_too_short", {})
    assert str(err) == "A run needs four or more cards of one suit in sequence (CF-2)"
    set_language("uk")
    assert rule_reason(err) == "У серії потрібно чотири або більше карт однієї масті поспіль (CF-2)"
    assert rule_reason(err, with_rule=False).endswith("поспіль")
    assert rule_reason(err, lang="en") == str(err)
    # a text the UI wrote itself is shown as it is: nothing parses a sentence back
    assert rule_reason("A run needs four or more cards of one suit in sequence", lang="ru") == \
        "A run needs four or more cards of one suit in sequence"


def test_an_error_pickles_and_keeps_its_message():
    import pickle
    err = IllegalActionError("CF-9", "not_held", {"card": F("7S")})
    back = pickle.loads(pickle.dumps(err))
    assert (back.rule, back.message_id, back.params) == ("CF-9", "not_held", {"card": F("7S")})
    assert str(back) == "You don't hold 7♠ (CF-9)" and back.reason == "You don't hold 7♠"


def test_contract_names_and_their_plurals():
    assert contract_name(ContractTerms(2, 0), "ru") == "2 группы"
    assert contract_name(ContractTerms(1, 2), "uk") == "1 група + 2 серії"
    assert contract_name(ContractTerms(0, 3, whole_hand=True), "uk") == "3 серії, уся рука"
    assert contract_name(ContractTerms(0, 5), "ru") == "5 серий"
    assert [contract_name(ContractTerms(0, n), "ru") for n in (1, 2, 5, 11, 21, 22)] == \
        ["1 серия", "2 серии", "5 серий", "11 серий", "21 серия", "22 серии"]
    assert contract_name(ContractTerms(2, 1, set_size=3, run_size=7, whole_hand=True), "en") == \
        "2 sets of 3 + 1 run of 7, whole hand"
    assert str(ContractTerms(1, 1)) == "1 set + 1 run"
    assert contract_name(None, "ru") == ""


def test_a_broken_translation_falls_back_to_english(monkeypatch):
    from table_app import i18n

    class Broken:
        def gettext(self, msg):
            return "{nope} " + msg

        def ngettext(self, one, many, n):
            return "{nope}"

    monkeypatch.setattr(i18n, "translation", lambda lang=None: Broken())
    assert render(Message("not_held", card=F("7S")), "ru") == "You don't hold 7♠"
    assert render(Message("no_such_message", n=3), "ru") == "no_such_message n=3"


def test_refusals_show_cards_with_suit_symbols_not_record_codes():
    """Issue 7: "7H does not fit a set of 6s" showed the record's card code; every refusal
    names cards as the rest of the app does (7♥) and suits by their symbols."""
    from table_app.core.melds import build_meld, layoff_result
    sixes = build_meld("set", 0, [F(c) << 3 for c in ("6S", "6H", "6D")], [None] * 3, frozenset())
    run = build_meld("run", 0, [F(c) << 3 for c in ("5S", "6S", "7S", "8S")], [None] * 4, frozenset())
    errs = []
    for meld, card, role in ((sixes, "7H", None), (run, "9D", None), (run, "QS", None),
                             (sixes, "7H", "6S")):
        with pytest.raises(IllegalActionError) as e:
            layoff_result(meld, (F(card) << 3) | 1, None if role is None else F(role), frozenset())
        errs.append(e.value)
    said = [e.reason for e in errs]
    assert said[0] == "7♥ does not fit a set of 6s"
    assert said[1] == "9♦ is not of the run's suit (♠)"
    assert said[2].startswith("Q♠ does not extend the run")
    assert said[3] == "7♥ is not a wild card and cannot stand for 6♠"
    code = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\([SHDC]\)")
    assert not [r for r in said if code.search(r)]
    # and in Russian / Ukrainian the same refusals translate
    assert rule_reason(errs[0], "uk", with_rule=False) == "7♥ не пасує до групи рангу 6"
    assert rule_reason(errs[1], "uk", with_rule=False) == "9♦ — не масті серії (♠)"


def test_the_rules_build_no_sentence():
    """No refusal in the rules passes words: no f-string, no joined strings, no text
    built from the record's notation (FACE_TEXT, SUITS), in any argument."""
    bad = []
    for where, _mid, _keys, call in source_refusals():
        if not where.startswith(tuple(RULES_SOURCES)):
            continue
        for node in ast.walk(call):
            if isinstance(node, ast.JoinedStr) or (
                    isinstance(node, ast.BinOp) and any(isinstance(x, ast.Constant) and isinstance(x.value, str)
                                                        for x in (node.left, node.right))):
                bad.append(f"{where}: {ast.unparse(call)[:90]}")
            if isinstance(node, ast.Name) and node.id in ("FACE_TEXT", "SUITS", "face_pretty"):
                bad.append(f"{where}: {ast.unparse(call)[:90]}")
    assert not bad, bad


def test_the_game_state_carries_no_text_for_people():
    """A played game's observations hold ids and data only (a sentence has spaces):
    the last action is a ``LastAction``, the contract a ``ContractTerms``."""
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    from table_app.variants.contract_family import LastAction
    for variant, n in (("may_i", 4), ("contract", 4), ("mexican", 3), ("michigan", 3)):
        eng = Engine(find_variant(variant)({}), n, seed=5)
        eng.deal_next()
        rng = random.Random(5)
        seen_last = set()
        for _ in range(300):
            ta = eng.to_act()
            if ta is None or ta[1] == "deal":
                break
            obs = eng.observe(ta[0])
            for name in obs.__dataclass_fields__:
                v = getattr(obs, name)
                assert not (isinstance(v, str) and " " in v), (variant, name, v)
            if variant != "michigan":
                assert isinstance(obs.contract_terms, ContractTerms)
                assert obs.last is None or isinstance(obs.last, LastAction)
                if obs.last is not None:
                    seen_last.add(obs.last.kind)
            eng.apply(rng.choice(eng.legal_actions()))
        if variant != "michigan":
            assert {"discards", "deal"} & seen_last


# ---------------------------------------------------------------- a refusal kept in a file
RECORDS = ROOT / "tests" / "records"


def _replay_error():
    from table_app.engine.record import ReplayError, read_record, replay
    with pytest.raises(ReplayError) as ei:
        replay(read_record(RECORDS / "may_i_layoff_on_going_down_turn.jsonl"))
    return ei.value


def test_a_refusal_round_trips_through_json_data():
    import json

    from table_app.i18n.refusals import refusal_from_json, refusal_to_json
    e = _replay_error()
    d = json.loads(json.dumps(refusal_to_json(e)))
    assert d == {"line": 18, "event": "lay_off", "seat": 2, "rule": "MI-4",
                 "message_id": "no_layoff_on_go_down_turn", "params": {}}
    line, event, seat, err = refusal_from_json(d)
    assert (line, event, seat, err.rule, err.message_id) == (18, "lay_off", 2, "MI-4",
                                                             "no_layoff_on_go_down_turn")
    # a contract and a card come back as what they were
    r7 = ContractTerms(2, 1, set_size=3, run_size=7, whole_hand=True)
    e.error = IllegalActionError("CR-9", "contract_is", {"round": 7, "contract": r7})
    got = refusal_from_json(json.loads(json.dumps(refusal_to_json(e))))
    assert got[3].params == {"round": 7, "contract": r7}


@pytest.mark.parametrize("change", [
    {"message_id": "no_such_id"}, {"rule": "line 3"}, {"line": "18"}, {"line": 0},
    {"seat": -1}, {"event": "x" * 41}, {"params": {"card": 99}}, {"params": {"Card": 1}},
    {"params": {"card": True}}, {"message_id": "not_held"},  # a field its text needs
    {"params": {"contract": [2, 1, "3", None, True]}}, {"params": []},
])
def test_refusal_data_from_a_file_is_checked(change):
    from table_app.i18n.refusals import refusal_from_json, refusal_to_json
    d = {**refusal_to_json(_replay_error()), **change}
    assert refusal_from_json(d) is None
    assert refusal_from_json("line 18: lay_off by seat 2 refused") is None


def test_a_damaged_games_refusal_is_said_in_the_language_in_replays(tmp_path, monkeypatch):
    """A record kept aside because the rules refuse one of its events: the library keeps
    the refusal as data (also in its index), and the Replays screen says it in Ukrainian
    without parsing the English verify line."""
    import shutil

    from table_app.storage.library import Library
    from table_app.storage.summary import GameSummary
    from table_app.ui.replay_model import problem_words
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    lib = Library()
    lib.directory.mkdir(parents=True, exist_ok=True)
    kept = lib.directory / "20261130-100000-may_i.jsonl.bad-20261130-100500"
    shutil.copy(RECORDS / "may_i_layoff_on_going_down_turn.jsonl", kept)
    g = next(x for x in lib.refresh() if x.id == kept.name)
    assert g.damaged and g.refusal["message_id"] == "no_layoff_on_go_down_turn"
    assert g.problem.startswith("line 18: lay_off by seat 2 refused: You can't lay off")
    back = GameSummary.from_json(g.to_json(), g.path)
    assert back.refusal == g.refusal
    set_language("uk")
    words = problem_words(g.problem, g.refusal)
    reason = rule_reason(IllegalActionError("MI-4", "no_layoff_on_go_down_turn"), with_rule=False)
    assert words == f"рядок 18, місце 2, додавання: відхилено — {reason} (MI-4)"
    # an index entry whose refusal was edited into nonsense is not taken as it is
    bad = {**g.to_json(), "refusal": {"message_id": "no_such_id"}}
    with pytest.raises(ValueError):
        GameSummary.from_json(bad, g.path)
