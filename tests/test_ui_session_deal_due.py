"""``GameSession.deal_due`` is kept for the state it was asked of (issue #17: the table
asks it several times a frame and each answer shuffles a deck), and follows the state."""
from __future__ import annotations

import pytest

from table_app.ui.table.session import GameSession


@pytest.mark.parametrize("variant", ["michigan", "contract"])
def test_deal_due_deals_once_per_state_and_follows_the_state(variant, monkeypatch):
    s = GameSession(variant, 4, seed=7, autosave=False)
    calls = []
    real = s.rules.next_deal

    def counting(state, rng):
        calls.append(state)
        return real(state, rng)

    monkeypatch.setattr(s.rules, "next_deal", counting)
    if not s.deal_due():
        pytest.skip("the session dealt its first deal itself")
    assert s.deal_due() and s.deal_due()
    assert len(calls) == 1                      # one shuffle for one state
    s.deal_next()
    assert s.deal_due() is False and s.deal_due() is False
    assert s.engine.state is not calls[0] and calls[-1] is s.engine.state
    n = len(calls)
    s.apply(s.engine.legal_actions()[0])
    assert s.deal_due() is False and len(calls) == n + 1   # a new state: asked anew
