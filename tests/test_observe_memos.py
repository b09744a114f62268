"""The observation's memos (contract_terms per round, the last totals) answer as the
uncached code would, also when the deals' results change between calls (CF-6, CF-16)."""
from __future__ import annotations

import dataclasses

import pytest

from table_app.variants import find_variant
from table_app.variants.contract_family import DealResult


@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican"])
def test_contract_terms_memo_matches_fresh(variant):
    rules = find_variant(variant)({})
    for rnd in range(1, 8):
        first = rules.contract_terms(rnd)
        assert rules.contract_terms(rnd) is first
        assert first == rules._contract_terms(rnd)
    assert rules.contract_terms(7) != rules.contract_terms(1)


def test_totals_memo_follows_new_results():
    rules = find_variant("may_i")({})
    st = rules.initial_state(4)
    assert rules.totals(st) == (0, 0, 0, 0)
    st1 = dataclasses.replace(st, results=(DealResult(1, 2, (30, 5, 0, 61)),))
    assert rules.totals(st1) == (30, 5, 0, 61)
    st2 = dataclasses.replace(st1, results=st1.results + (DealResult(2, 0, (0, 12, 7, 9)),))
    assert rules.totals(st2) == (30, 17, 7, 70)
    assert rules.totals(st1) == (30, 5, 0, 61)     # an older state asked again
    three = rules.initial_state(3)
    assert rules.totals(dataclasses.replace(three, results=())) == (0, 0, 0)
