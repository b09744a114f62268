"""The buying window: a late answer must not buy the next card.  In May I? with four seats
the human is offered one discard after another, the panel opening again in the same
place with a new card; a tester's click (and B) meant for the last offer bought the next
one.  A new offer ignores Buy and Pass (button, B/P, Enter) for ``BUY_GUARD_S``, also
with animations skipped, says why, names its card in the question and flashes in."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Buy, Deal, Discard, PassBuy  # noqa: E402
from tests.helpers.table import Scripted, click, make_table, settle, step  # noqa: E402


def _four_seat_table(monkeypatch):
    """May I? with three scripted seats that never buy, ``skip_animations`` on (the
    tests' instant app made a player's: the guard is off only for the tests' own), and
    a clock the test moves: ``(app, scene, session, now)``."""
    from table_app.ui.table import buypanel as T
    from table_app.variants import find_variant
    deck = list(find_variant("may_i")({}).deck(4))
    random.Random(3).shuffle(deck)
    app, scene, s = make_table("may_i", 4, Deal(1, 3, tuple(deck)),
                               {1: Scripted(), 2: Scripted(), 3: Scripted()})
    app._instant_arg = False        # as with the skip-animations setting: still instant
    assert app.instant
    now = [1000.0]
    monkeypatch.setattr(T._time, "monotonic", lambda: now[0])
    return app, scene, s, now


def _key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    step(app, 2)


def _next_offer(app, scene, s):
    for _ in range(400):
        app.step(0.02)
        if s.human_to_act() == "buy" and scene.buy.open and scene.caught_up():
            return scene.obs.buy_card
    raise AssertionError("no offer")


def _first_turn(scene, s, app):
    settle(app, scene)
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions() if isinstance(a, Discard)))


def test_an_answer_just_after_the_next_offer_opens_does_not_buy_it(monkeypatch):
    from table_app.i18n import card_name
    from table_app.ui.table.buypanel import BUY_GUARD_S
    app, scene, s, now = _four_seat_table(monkeypatch)
    eng = s.engine
    _first_turn(scene, s, app)
    first = _next_offer(app, scene, s)
    assert card_name(first >> 3) in scene.buy.heading_text(scene.obs, scene.session.names)
    now[0] += BUY_GUARD_S + 0.01
    _key(app, pygame.K_p)                      # a real answer: pass this one
    assert eng.log[-1] == PassBuy(0) or PassBuy(0) in eng.log[-4:]
    # the next player draws and discards, the one after passes: the next offer opens at
    # once in the same place, with another card
    second = _next_offer(app, scene, s)
    assert second != first
    n = len(eng.log)
    # B, a click on the buy button and Enter on it, all at once: meant for the last offer
    _key(app, pygame.K_b)
    assert len(eng.log) == n
    assert card_name(second >> 3) in scene.toast.msg and scene.toast.bad
    click(app, scene.buttons["buy"].rect.center)
    assert len(eng.log) == n
    scene.keys.set_focus("buttons")
    assert scene.keys.focused() == "buy"
    _key(app, pygame.K_RETURN)
    assert len(eng.log) == n and s.human_to_act() == "buy"
    # the question names the new card, and the offer flashes in
    assert card_name(second >> 3) in scene.buy.heading_text(scene.obs, scene.session.names)
    assert scene.buy.intro_t > 0
    # a moment later B buys this card
    now[0] += BUY_GUARD_S + 0.01
    _key(app, pygame.K_b)
    assert eng.log[n] == Buy(0)
    assert second in eng.state.hands[0]


def test_a_late_pass_key_does_not_pass_the_next_offer(monkeypatch):
    from table_app.ui.table.buypanel import BUY_GUARD_S
    app, scene, s, now = _four_seat_table(monkeypatch)
    _first_turn(scene, s, app)
    _next_offer(app, scene, s)
    n = len(s.engine.log)
    _key(app, pygame.K_p)
    assert len(s.engine.log) == n and s.human_to_act() == "buy"
    now[0] += BUY_GUARD_S + 0.01
    _key(app, pygame.K_p)
    assert s.engine.log[n] == PassBuy(0)


def test_a_stray_answer_with_no_offer_just_before_is_not_said_to_be_for_the_last_one(monkeypatch):
    """A B key in the first moments of an offer with no offer before it (the deal's
    first), or with the last one long closed, toasted "That was for the last offer": it
    is ignored, and said to be (the offer has just opened: answer again), never
    silently; only an offer that closed within the guard time makes that answer one
    meant for it.  (It was ignored without a word: the tester's lost click.)"""
    from table_app.i18n import card_name
    from table_app.ui.table.buypanel import BUY_GUARD_S
    app, scene, s, now = _four_seat_table(monkeypatch)
    eng = s.engine
    _first_turn(scene, s, app)
    first = _next_offer(app, scene, s)
    assert scene.buy.closed_at is None              # the deal's first offer
    n = len(eng.log)
    _key(app, pygame.K_b)
    assert len(eng.log) == n and s.human_to_act() == "buy"
    assert "last offer" not in scene.toast.msg and not scene.toast.bad, scene.toast.msg
    assert "just opened" in scene.toast.msg and card_name(first >> 3) in scene.toast.msg
    now[0] += BUY_GUARD_S + 0.01
    _key(app, pygame.K_p)                           # a real answer: pass it
    assert PassBuy(0) in eng.log[n:]
    closed = scene.buy.closed_at
    assert closed == now[0]
    now[0] += 5 * BUY_GUARD_S                       # the next offer opens a while later
    second = _next_offer(app, scene, s)
    assert second != first
    n = len(eng.log)
    _key(app, pygame.K_b)
    assert len(eng.log) == n and "last offer" not in scene.toast.msg and not scene.toast.bad
    assert "just opened" in scene.toast.msg
    now[0] += BUY_GUARD_S + 0.01
    _key(app, pygame.K_b)                           # a real answer buys it
    assert eng.log[n] == Buy(0)


def test_a_click_begun_on_an_open_offer_buys_it_at_once(monkeypatch):
    """The tester's lost click (MI-5): the pointer moved onto "May I?" and clicked it in
    the first moments of the deal's first offer; the guard dropped it without a word and
    the countdown then passed.  A click whose press began after the offer opened (and
    not just after the last one closed) is the player's answer to it: it buys."""
    app, scene, s, now = _four_seat_table(monkeypatch)
    eng = s.engine
    _first_turn(scene, s, app)
    first = _next_offer(app, scene, s)
    assert scene.buy.closed_at is None and now[0] < scene.buy.guard_until
    n = len(eng.log)
    click(app, scene.buttons["buy"].rect.center)
    assert eng.log[n] == Buy(0)
    assert first in eng.state.hands[0]


def test_a_click_on_pass_begun_just_after_the_last_offer_closed_is_said_to_be_for_it(monkeypatch):
    """A double click on Pass: its second press falls on the next offer opening in the
    same place; it is meant for the last one: ignored, and said."""
    from table_app.i18n import card_name
    from table_app.ui.table.buypanel import BUY_GUARD_S
    app, scene, s, now = _four_seat_table(monkeypatch)
    eng = s.engine
    _first_turn(scene, s, app)
    _next_offer(app, scene, s)
    now[0] += BUY_GUARD_S + 0.01
    click(app, scene.buttons["pass_buy"].rect.center)   # the first click passes
    assert PassBuy(0) in eng.log[-4:]
    now[0] += 0.2
    second = _next_offer(app, scene, s)
    n = len(eng.log)
    click(app, scene.buttons["pass_buy"].rect.center)   # the double click's second
    assert len(eng.log) == n and s.human_to_act() == "buy"
    assert card_name(second >> 3) in scene.toast.msg and "last offer" in scene.toast.msg


def test_a_click_on_buy_while_it_is_off_says_why(monkeypatch):
    """Buy off for a rules reason (no penalty card to take: MI-5, CF-14): a click on it
    says the rules' reason, with its rule id."""
    app, scene, s, now = _four_seat_table(monkeypatch)
    _first_turn(scene, s, app)
    _next_offer(app, scene, s)
    b = scene.buttons["buy"]
    can = scene._can_now
    monkeypatch.setattr(scene, "_can_now", lambda: dict(can(), buy=False))  # no Buy legal
    scene.refresh()
    assert not b.is_enabled
    said = []
    monkeypatch.setattr(scene.session, "apply", _refuse_buy(scene, said))
    n = len(s.engine.log)
    click(app, b.rect.center)
    assert len(s.engine.log) == n and said == [Buy(0)]
    assert scene.toast.bad and "MI-5" in scene.toast.msg, scene.toast.msg


def _refuse_buy(scene, said):
    from table_app.core.errors import IllegalActionError
    real = scene.session.apply

    def apply(action, *a, **k):
        if isinstance(action, Buy):
            said.append(action)
            raise IllegalActionError("MI-5", "no_penalty_card")   # the rules' words
        return real(action, *a, **k)
    return apply


def test_a_new_offer_is_heard_once_each_new_card():
    """A tester missed three call windows that opened in the corner and timed out: a
    new offer plays the turn's sound, once per offer (a following offer of another card
    again; the same offer synced every frame not)."""
    from table_app.ui.table.buypanel import BuyPanel
    heard = []
    p = BuyPanel("contract", sound=heard.append)
    p.sync(True, 81, lambda: True, 8.0)
    p.sync(True, 81, lambda: True, 8.0)
    assert heard == ["your_turn"] and p.open
    p.sync(True, 97, lambda: True, 8.0)        # the next discard offered at once
    assert heard == ["your_turn", "your_turn"]
    p.sync(False, None, lambda: True, 8.0)
    assert not p.open and len(heard) == 2


def test_the_card_on_offer_pops_up_inside_the_panel(monkeypatch):
    """The new offer's card grows to 1.45 times its size as it flashes in: it stays
    inside the panel's border (a tester saw it stick out of the top-left corner)."""
    from table_app.ui.table.buypanel import BUY_INTRO_S
    app, scene, s, _now = _four_seat_table(monkeypatch)
    _first_turn(scene, s, app)
    _next_offer(app, scene, s)
    sizes = []
    for left in (BUY_INTRO_S, BUY_INTRO_S / 2, 0.0):
        scene.buy.intro_t = left
        app.draw()
        panel, card = scene.buy.drawn_rect, scene.buy.card_drawn
        assert card is not None and panel.inflate(-4, -4).contains(card), (left, panel, card)
        sizes.append(card.h)
    assert sizes[0] > sizes[1] > sizes[2]                   # it does pop, then settles
