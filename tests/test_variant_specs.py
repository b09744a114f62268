"""Each variant described once (issue 20): the spec holds the rule ids, capabilities, names
and aliases; the registry, the rules, the AI's simulator and the UI's strings read it.
Phases are one enum whose values are the record's strings; both rules classes satisfy the
typed ``Rules`` protocol."""
from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from table_app.core.phase import Phase
from table_app.engine.engine import Engine
from table_app.engine.record import read_record
from table_app.engine.rules import Rules
from table_app.i18n import strings as S
from table_app.variants import (
    VARIANTS,
    Buying,
    Family,
    find_variant,
    resolve_variant,
    spec_of,
    variant_id,
)
from table_app.variants.contract_family import ContractFamilyRules
from table_app.variants.michigan import MichiganRules
from table_app.variants.specs import MICHIGAN, RuleIds, VariantSpec

ROOT = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------- aliases
def test_the_deuces_wild_alias_is_contract_with_deuces_wild():
    rules = find_variant("deuces_wild")({})
    assert rules.variant == "contract"
    assert rules.options == {"deuces_wild": True}
    assert rules.wild_ranks(3) == frozenset({2})
    assert resolve_variant("Deuces Wild") == ("contract", {"deuces_wild": True})
    assert variant_id("deuces_wild") == "contract"
    # the plain names keep the defaults
    assert find_variant("contract")({}).options == {"deuces_wild": False}
    assert find_variant("contract_rummy")(None).wild_ranks(3) == frozenset()


def test_an_alias_with_options_that_contradict_it_is_refused():
    with pytest.raises(ValueError, match="deuces_wild"):
        find_variant("deuces_wild")({"deuces_wild": False})
    with pytest.raises(ValueError, match="deuces_wild"):
        resolve_variant("deuces_wild", {"deuces_wild": False})
    # the same value again is fine
    assert find_variant("deuces_wild")({"deuces_wild": True}).options == {"deuces_wild": True}


def test_every_alias_resolves_to_its_game_and_options():
    seen = set()
    for vid, spec in VARIANTS.items():
        assert spec.id == vid
        for alias, opts in spec.aliases.items():
            assert alias not in seen and alias not in VARIANTS
            seen.add(alias)
            got_id, got = resolve_variant(alias)
            assert (got_id, got) == (vid, dict(opts))
            rules = find_variant(alias)({})
            assert rules.variant == vid
            assert rules.options == {**spec.default_options, **opts}
    assert {"contract_rummy", "deuces_wild", "mayi", "may-i", "mexican_rummy",
            "michigan_rummy"} == seen
    with pytest.raises(ValueError, match="unknown variant"):
        resolve_variant("gin")


def test_a_simulated_game_under_an_alias_records_the_options_it_names(tmp_path):
    from table_app.ai.simulate import play_game
    path = tmp_path / "dw.jsonl"
    res = play_game("deuces_wild", ["easy"] * 3, 5, save_path=path, max_actions=60)
    assert res.variant == "contract"
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["variant"] == "contract"
    assert header["options"] == {"deuces_wild": True}
    rec = read_record(path)
    assert rec.header["options"] == {"deuces_wild": True}


# --------------------------------------------------------------------------- the specs
def test_the_capabilities_of_each_game():
    cap = {v: (s.family, s.buying, s.swap, s.rising_wild, s.layout, s.round7_whole_hand,
               s.layoff_same_turn, s.higher_wins) for v, s in VARIANTS.items()}
    assert cap == {
        "contract": (Family.CONTRACT, Buying.CALL, True, False, False, True, True, False),
        "may_i": (Family.CONTRACT, Buying.BUY, False, False, False, False, False, False),
        "mexican": (Family.CONTRACT, Buying.NONE, False, True, False, True, False, False),
        "michigan": (Family.STOPS, Buying.NONE, False, False, True, False, False, True),
    }
    assert list(VARIANTS) == ["contract", "may_i", "mexican", "michigan"]
    assert [(s.min_players, s.max_players) for s in VARIANTS.values()] == [(3, 8), (3, 6), (2, 6), (3, 8)]
    assert dict(VARIANTS["michigan"].default_options) == {"rotations": 1}
    assert spec_of("mayi") is VARIANTS["may_i"]


def test_the_rules_objects_carry_their_spec():
    for vid, spec in VARIANTS.items():
        rules = find_variant(vid)({})
        assert rules.spec is spec
        assert rules.derived_rules == spec.rule_ids.derived
    assert MichiganRules({}).spec is MICHIGAN
    assert MICHIGAN.rule_ids.derived == ("MG-10", "MG-11")


def test_each_rule_id_of_a_spec_is_one_of_its_games():
    for spec in VARIANTS.values():
        for rule in spec.rule_ids.ids():
            assert rule.split("-")[0] in (spec.rule_prefix, "CF"), (spec.id, rule)
    assert VARIANTS["may_i"].rule_ids.buyer_waits == "MI-9"
    assert VARIANTS["contract"].rule_ids.buyer_waits == "CR-5"
    assert VARIANTS["mexican"].rule_ids.buyer_waits is None


def test_a_spec_with_another_games_rule_id_is_refused():
    with pytest.raises(ValueError, match="MI-4"):
        VariantSpec(id="x", name="X", description="x", family=Family.STOPS, min_players=3,
                    max_players=4, rule_prefix="MG",
                    rule_ids=RuleIds(players="MG-1", deal_passes="MI-4", derived=("MG-10", "MG-11")))
    with pytest.raises(ValueError, match="unknown options"):
        VariantSpec(id="x", name="X", description="x", family=Family.STOPS, min_players=3,
                    max_players=4, rule_prefix="MG", aliases={"y": {"nope": 1}},
                    rule_ids=RuleIds(players="MG-1", deal_passes="MG-4", derived=("MG-10", "MG-11")))


def test_the_specs_are_read_only():
    spec = VARIANTS["contract"]
    with pytest.raises(AttributeError):
        spec.buying = Buying.BUY  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.default_options["deuces_wild"] = True  # type: ignore[index]


def test_the_ui_strings_are_the_specs_names():
    for vid, spec in VARIANTS.items():
        assert S.VARIANT_NAMES[vid] is spec.name
        assert S.VARIANT_DESCRIPTIONS[vid] is spec.description


def _variant_compares(rel: str) -> list[str]:
    """``x.variant == "..."`` (or ``!=``/``in``) and ``vid == "michigan"`` in a source."""
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            names = [n for n in [node.left, *node.comparators]
                     if (isinstance(n, ast.Attribute) and n.attr == "variant")
                     or (isinstance(n, ast.Name) and n.id in ("variant", "vid"))]
            lits = [n for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in VARIANTS]
            if names and lits:
                out.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    return out


@pytest.mark.slow
def test_the_ui_asks_capabilities_not_variant_names():
    ui = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "table_app" / "ui").rglob("*.py"))
    bad = [hit for rel in ui for hit in _variant_compares(rel)]
    for rel in ui:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        bad += [f"{rel}:{n.lineno}: .{n.attr}" for n in ast.walk(tree)
                if isinstance(n, ast.Attribute) and n.attr in ("michigan", "is_michigan")]
    assert len(ui) > 30 and not bad, bad


def test_the_rules_and_the_simulator_ask_the_spec_not_the_variants_name():
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "table_app" / "variants").glob("*.py"))
    files += ["table_app/ai/simulate.py", "table_app/ai/__init__.py", "table_app/engine/engine.py"]
    bad = [hit for rel in files for hit in _variant_compares(rel)]
    assert not bad, bad


# --------------------------------------------------------------------------- phases
def test_the_phase_enum_values_are_the_old_strings():
    assert [p.value for p in Phase] == ["predeal", "deal", "draw", "stock", "buy", "play",
                                        "between", "over", "lead", "follow"]
    assert Phase.DRAW == "draw" and str(Phase.BUY) == "buy" and f"{Phase.PLAY}" == "play"
    assert json.dumps({"phase": Phase.LEAD}) == '{"phase": "lead"}'
    assert {"draw": 1}[Phase.DRAW] == 1


def test_the_rules_report_phases_as_the_enum():
    for vid, n in (("may_i", 4), ("contract", 4), ("mexican", 3), ("michigan", 3)):
        eng = Engine(find_variant(vid)({}), n, seed=2)
        assert eng.to_act() == (0, Phase.DEAL) and type(eng.to_act()[1]) is Phase
        eng.deal_next()
        rng = random.Random(1)
        seen = set()
        for _ in range(120):
            ta = eng.to_act()
            if ta is None or ta[1] == Phase.DEAL:
                break
            assert type(ta[1]) is Phase
            seen.add(ta[1])
            if vid != "michigan":
                assert type(eng.state.phase) is Phase
            eng.apply(rng.choice(eng.legal_actions()))
        assert seen <= {Phase.DRAW, Phase.BUY, Phase.PLAY, Phase.LEAD, Phase.FOLLOW}
        assert seen


# --------------------------------------------------------------------------- the protocol
def test_both_rules_classes_satisfy_the_rules_protocol():
    for rules in (ContractFamilyRules("may_i"), ContractFamilyRules("contract", {"deuces_wild": True}),
                  MichiganRules({"rotations": 2})):
        assert isinstance(rules, Rules)

    class NotRules:
        variant = "x"

        def apply(self, state, event):
            return state

    assert not isinstance(NotRules(), Rules)
