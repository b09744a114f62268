"""Golden playthroughs (OpenSpiel's style): one seeded deal of each game, every step's
seat, legal actions, action, events and every seat's observation as text, diffed with
``tests/golden/<variant>.txt``.  A change meant to change play regenerates them with
``python -m tests.golden --update``; the diff then shows what changed, step by step."""
from __future__ import annotations

import dataclasses
import difflib
import re

import pytest

from table_app.engine.engine import Engine
from table_app.variants import find_variant
from tests.golden import GAMES, path_for, playthrough


@pytest.mark.parametrize(("variant", "seats", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_the_deal_plays_as_its_golden_playthrough(variant, seats, seed):
    path = path_for(variant)
    assert path.is_file(), f"no {path}: python -m tests.golden --update writes it"
    want = path.read_text(encoding="utf-8")
    got = playthrough(variant, seats, seed)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), f"{path.name} (kept)",
                                    f"{path.name} (now)", lineterm="", n=1)
        pytest.fail(f"{variant} plays differently from {path}; if the change is meant, "
                    "run python -m tests.golden --update and read the diff:\n"
                    + "\n".join(list(diff)[:60]), pytrace=False)


@pytest.mark.parametrize(("variant", "seats", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_golden_file_shows_every_seats_whole_observation_and_the_deal_end(variant, seats,
                                                                          seed):
    text = path_for(variant).read_text(encoding="utf-8")
    eng = Engine(find_variant(variant)({}), seats, seed=seed)
    fields = [f.name for f in dataclasses.fields(type(eng.observe(0)))]
    first = text.split("\n## step 1:")[0]
    for s in range(seats):
        line = next(x for x in first.splitlines() if x.startswith(f"obs {s}: "))
        assert [k for k in fields if f" {k}=" not in " " + line[len(f"obs {s}:"):]] == []
        assert f" seat={s} " in line
    steps = re.findall(r"^## step (\d+): seat (\d+) to act \((\w+)\)$", text, re.M)
    assert [int(k) for k, _, _ in steps] == list(range(len(steps))) and len(steps) >= 5
    # every step: each seat's observation, the legal actions, the action
    assert text.count("\nlegal (") == text.count("\naction: ") == len(steps)
    assert len(re.findall(r"^obs \d+: ", text, re.M)) == seats * (len(steps) + 1)
    assert f"\n## end of the deal after {len(steps)} steps\n" in text
    assert re.search(r"^events: .*\bdeal_end\b", text, re.M)


def test_the_contract_deals_show_a_buy_a_going_down_and_a_lay_off():
    """The seeds were chosen so that each contract game's deal has the family's moves."""
    for variant in ("contract", "may_i", "mexican"):
        acted = set(re.findall(r"^action: \d+: (\w+)",
                               path_for(variant).read_text(encoding="utf-8"), re.M))
        want = {"draw", "discard", "go_down", "lay_off"} | (
            {"buy", "pass_buy", "pass_upcard"} if variant != "mexican" else set())
        assert want <= acted, (variant, acted)
    michigan = path_for("michigan").read_text(encoding="utf-8")
    assert re.search(r"^action: \d+: lead ", michigan, re.M)
    assert re.search(r"^events: .*\d: play ", michigan, re.M)
