"""The turn display through a buying window (issue #19): while the seats are asked out of
turn (Contract's call CR-5, May I?'s buy MI-5/MI-6) the lit seat and the status line stay
the active player's, not the seat asked."""
from __future__ import annotations

import threading

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Discard, PassUpcard  # noqa: E402
from tests.helpers.table import Scripted, contract_table, may_i_table, settle, step  # noqa: E402


class Waiting(Scripted):
    """A scripted seat whose buying-window answer waits for ``gate`` (it is seen thinking)."""

    def __init__(self, gate, discards=()):
        super().__init__(discards)
        self.gate = gate

    def decide(self, obs, legal, rng):
        if any(a.type == "pass_buy" for a in legal):
            self.gate.wait(10)
        return super().decide(obs, legal, rng)


def _lit(scene):
    """The seats whose boxes are lit (``seat_hi``)."""
    return {s for s, r in scene.L.opp.items() for (b, kind) in scene.view.boxes
            if b == r and kind == "seat_hi"}


def _window_on_the_players_turn(table):
    gate = threading.Event()
    app, scene, s = table(gate)
    settle(app, scene)
    assert s.human_to_act() == "draw"
    scene.act(next(a for a in s.engine.legal_actions() if isinstance(a, PassUpcard)))
    for _ in range(60):
        step(app, 1)
        if scene.ai.seat == 1:
            break
    return gate, app, scene, s


@pytest.mark.parametrize("variant", ["may_i", "contract"])
def test_the_turn_stays_the_players_while_an_opponent_is_asked(variant):
    def table(gate):
        if variant == "may_i":
            return may_i_table({1: Waiting(gate, ["7H"]), 2: Waiting(gate, ["7C"])})
        app, scene, s = contract_table()
        s.players = {1: Waiting(gate, ["7H"]), 2: Waiting(gate, ["AC"])}
        return app, scene, s
    gate, app, scene, s = _window_on_the_players_turn(table)
    try:
        assert s.ai_to_act() == 1 and scene.obs.phase == "buy"
        assert s.turn_seat() == 0 and s.human_turn()
        assert _lit(scene) == set()         # Ann is asked; it is not her turn
        card = scene.obs.buy_card
        from table_app.i18n import card_name
        assert scene.status_text() == f"Your turn · Ann decides on {card_name(card >> 3)} first…"
    finally:
        gate.set()
    settle(app, scene)


def test_the_asked_player_sees_the_active_players_turn():
    """Ann's discard is offered while it is Boris's turn (he passed the upcard); the
    human asked (May I?, MI-6) sees Boris's seat lit, not their own hand."""
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    settle(app, scene)
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if isinstance(a, PassUpcard)))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions() if isinstance(a, Discard)))
    for _ in range(400):
        app.step(0.02)
        if s.human_to_act() == "buy" and scene.caught_up():
            break
    assert s.human_to_act() == "buy"
    assert scene.obs.current == 2 and s.turn_seat() == 2 and not s.human_turn()
    assert _lit(scene) == {2}


def test_michigan_lights_no_seat_between_deals_and_the_next_leader_after():
    """Michigan (MG-4): once a deal is over no seat stays lit under the deal's end and the
    score sheet (the observation names the next deal's leader then); the next deal lights
    its leader."""
    import random

    from table_app.engine.engine import Engine
    from table_app.ui.scenes.scores import DealEndScene, ScoreSheet
    from table_app.ui.table.session import FallbackPlayer
    from table_app.variants import find_variant
    from tests.helpers.table import make_table
    rules = find_variant("michigan")({})
    deal = rules.next_deal(Engine(rules, 4, seed=2).state, random.Random(2))
    app, scene, s = make_table("michigan", 4, deal, {i: Scripted() for i in (1, 2, 3)})
    me = FallbackPlayer("michigan")
    for _ in range(2000):
        if s.deal_due():
            break
        if s.human_to_act() is not None and scene.caught_up():
            scene.act(me.decide(s.observe(), s.engine.legal_actions(), None)[0])
        step(app, 1)
    settle(app, scene)
    assert isinstance(app.stack.top, DealEndScene)
    assert _lit(scene) == set() and not s.human_turn()
    app.stack.top.next()
    assert isinstance(app.stack.top, ScoreSheet) and _lit(scene) == set()
    app.stack.top.close()
    step(app, 1)
    leader = s.to_act()[0]
    assert scene.caught_up() and scene.obs.to_act == leader
    assert _lit(scene) == ({leader} - {0})
