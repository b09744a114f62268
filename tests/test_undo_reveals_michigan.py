"""An undo in Michigan goes back past the other seats' leads and plays: cards out of hands
the player could not see (MG-5, MG-6).  Such an undo makes the game practice, as an undo
past a draw from the stock does in the contract family (issue #19: ``Engine._reveals``
knew only deals, restocks, draws and buys, so a Michigan game never became practice)."""
from __future__ import annotations

import random

from table_app.engine.engine import Engine
from table_app.variants import find_variant


def _to_a_lead_answered_by_another_seat(seed: int):
    """A Michigan game of 3 where seat 0 led and another seat has since played a card
    (seat 0's decision is the last one in the log): the engine, or ``None``."""
    eng = Engine(find_variant("michigan")({}), 3, seed=seed)
    rng = random.Random(seed)
    eng.deal_next()
    for _ in range(200):
        ta = eng.to_act()
        if ta is None or ta[1] == "deal":
            return None
        mine = [i for i, ev in enumerate(eng.log)
                if getattr(ev, "player", None) == 0 and not eng.forced[i]]
        if mine and any(getattr(ev, "player", None) not in (None, 0)
                        and ev.type in ("lead", "play") for ev in eng.log[mine[-1]:]):
            return eng
        eng.apply(rng.choice(eng.legal_actions()))
    return None


def test_an_undo_past_another_seats_play_reveals_and_makes_the_game_practice():
    eng = next(e for e in map(_to_a_lead_answered_by_another_seat, range(40)) if e is not None)
    i = max(i for i, ev in enumerate(eng.log) if getattr(ev, "player", None) == 0
            and not eng.forced[i])
    tail = eng.log[i:]
    others = [ev for ev in tail if ev.type in ("lead", "play") and ev.player != 0]
    assert others, "another seat played after seat 0's decision"
    # nothing in the tail is a deal or a draw: only the plays reveal anything
    assert not any(ev.type in ("deal", "restock", "draw", "buy") for ev in tail)
    assert eng.undo_reveals(0) is True
    assert eng.revealed_by_undo is False
    assert eng.undo(0) is True
    assert eng.revealed_by_undo is True
    assert len(eng.log) == i
    # but an undo of seat 0's own lead and its own forced plays reveals nothing: the
    # cards shown are seat 0's own, seen already
    _own_cards_only_reveal_nothing()


def _own_cards_only_reveal_nothing():
    for seed in range(60):
        eng = Engine(find_variant("michigan")({}), 3, seed=seed)
        rng = random.Random(seed)
        eng.deal_next()
        while eng.to_act() is not None and eng.to_act()[0] != 0:
            eng.apply(rng.choice(eng.legal_actions()))
        if eng.to_act() is None or eng.to_act()[1] != "lead":
            continue
        eng.apply(eng.legal_actions()[0])
        i = max(i for i, ev in enumerate(eng.log) if getattr(ev, "player", None) == 0
                and not eng.forced[i])
        if all(getattr(ev, "player", None) in (0, None) for ev in eng.log[i:]):
            assert eng.undo_reveals(0) is False
            eng.undo(0)
            assert eng.revealed_by_undo is False
            return
    raise AssertionError("no deal where seat 0's lead was followed by its own cards only")
