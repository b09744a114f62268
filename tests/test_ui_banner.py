"""The banner and the status line alone (``ui/table/banner.py``): the heading of each
game, the prompt for each decision (by mouse and by keys, only what is legal now), the
plan kept while nothing changes, and the passing messages (no window, no scene)."""
from __future__ import annotations

import types

import pytest

pygame = pytest.importorskip("pygame")

from table_app.engine.engine import Engine  # noqa: E402
from table_app.i18n import set_language  # noqa: E402
from table_app.ui.table import layout as layout_mod  # noqa: E402
from table_app.ui.table import text  # noqa: E402
from table_app.ui.table.banner import Banner, Toast, heading, scores_line, status_line  # noqa: E402
from table_app.variants import VARIANTS, find_variant  # noqa: E402


@pytest.fixture(autouse=True)
def _setup():
    pygame.init()
    set_language("en")
    yield
    set_language("en")


def _game(variant, n=3, rnd=1, practice=False):
    """A session-like value and the human's Observation at the first deal of ``variant``."""
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=5)
    eng.deal_next()
    s = types.SimpleNamespace(engine=eng, rules=rules, info=VARIANTS[variant], num_players=n,
                              names=["You", "Ann", "Boris"][:n], practice=practice)
    return s, rules.observe(eng.state, 0)


CAN_ALL = {"upcard": True, "stock": True, "buy": True, "lay_off": True}


def test_the_heading_names_the_game_the_round_and_what_is_wild():
    s, obs = _game("contract")
    assert heading(obs, s) == ["Contract Rummy · round 1 of 7", "2 sets"]
    s, obs = _game("mexican")
    h = heading(obs, s)
    assert h[0] == "Mexican Rummy · round 1 of 7" and h[-1].startswith("wild: ")
    assert h[-1].endswith("and jokers")
    s, obs = _game("may_i", practice=True)
    assert heading(obs, s)[-1] == "practice game"
    s, obs = _game("michigan")
    h = heading(obs, s)
    assert h[0] == f"Michigan Rummy · deal 1 of {s.rules.total_deals(3)}"
    assert scores_line(obs, s).startswith("Chips: You ")
    s, obs = _game("contract")
    assert scores_line(obs, s) == "Points: You 0   Ann 0   Boris 0"


def test_the_prompt_offers_what_is_legal_now_by_mouse_or_by_keys():
    draw = dict(CAN_ALL)
    assert status_line(last="x", phase="draw", can=lambda: draw) == (
        "Your turn: drag the upcard or the stock to your hand")
    assert status_line(last="x", phase="draw", can=lambda: draw, keyboard=True) == (
        "Your turn: D draws from the stock, U takes the upcard")
    only_stock = dict(CAN_ALL, upcard=False)
    assert status_line(last="x", phase="draw", can=lambda: only_stock, stock_due=True) == (
        "You declared for the stock: drag its top card to your hand")
    assert status_line(last="x", phase="draw", can=lambda: dict(CAN_ALL, stock=False),
                       keyboard=True) == "Your turn: U takes the upcard"
    assert status_line(last="x", phase="draw", want_stock=True,
                       can=lambda: pytest.fail("not asked")) == "Drawing from the stock…"
    # buying: each game's word; no penalty card left: pass only
    assert status_line(last="x", phase="buy", variant="contract", can=lambda: CAN_ALL,
                       keyboard=True) == "Call it? B takes the upcard and a penalty card, P passes"
    assert status_line(last="x", phase="buy", variant="may_i",
                       can=lambda: dict(CAN_ALL, buy=False)) == (
        "May I? No penalty card is left to take: you can only pass")
    # playing: before going down, after, and on the turn you went down (MI-4, MX-5)
    up = types.SimpleNamespace(down=(False, False), went_down_now=False)
    assert status_line(last="x", phase="play", now=lambda: up, can=lambda: CAN_ALL) == (
        "Your turn: go down if you can, then drag a card to the discard pile")
    down = types.SimpleNamespace(down=(True, False), went_down_now=False)
    assert status_line(last="x", phase="play", now=lambda: down, can=lambda: CAN_ALL) == (
        "Your turn: lay off what fits, then drag a card to the discard pile")
    assert status_line(last="x", phase="play", now=lambda: down,
                       can=lambda: dict(CAN_ALL, lay_off=False)) == (
        "Your turn: drag a card to the discard pile")
    now = types.SimpleNamespace(down=(True, False), went_down_now=True)
    for variant, rule in (("may_i", "MI-4"), ("mexican", "MX-5")):
        assert f"({rule})" in status_line(last="x", phase="play", now=lambda: now, variant=variant)
    assert status_line(last="x", phase="lead", keyboard=True) == (
        "Your lead: Left/Right over the lifted cards, Enter leads")


def test_when_it_is_not_your_decision_the_status_line_tells_what_happened():
    assert status_line(last="Ann discards 7♥", caught_up=False, phase="draw") == "Ann discards 7♥"
    assert status_line(last="Ann discards 7♥", thinking="Boris") == (
        "Boris is thinking…  (Ann discards 7♥)")
    assert status_line(last="Ann went out!", deal_due=True, phase=None) == "Ann went out!"
    assert status_line(last="x", game_over=True, deal_due=True) == "The game is over"
    assert status_line(last="x", phase="play", hint="Discard 7♥: it fits nothing") == (
        "Discard 7♥: it fits nothing")
    set_language("ru")
    assert status_line(last="x", game_over=True) == "Игра окончена"


def test_the_banner_keeps_its_plan_while_its_texts_stay_the_same():
    L = layout_mod.compute((1280, 800), 3, 0, False)
    s, obs = _game("contract")
    b = Banner()
    surf = pygame.Surface(L.size, pygame.SRCALPHA)
    head = heading(obs, s)
    b.draw(surf, L, head, "Your turn: drag the upcard or the stock to your hand", 900,
           scores_line(obs, s))
    plan = b.plan
    assert [d[0] for d in plan[1] if d[2]] == [" · ".join(head)]
    assert [d[0] for d in plan[1] if not d[2]] == [
        "Your turn: drag the upcard or the stock to your hand"]
    b.draw(surf, L, head, "Your turn: drag the upcard or the stock to your hand", 900, "")
    assert b.plan is plan
    long = " ".join(f"word{i}" for i in range(30))
    b.draw(surf, L, head, long, 900, "")
    assert b.plan is not plan
    for line, size, bold, x, y in b.plan[1]:
        assert x + text.width(line, size, bold=bold) <= 900
        assert 0 <= y and y + text.font(size, bold).get_height() <= L.banner.h + 2


def test_a_passing_message_is_said_for_its_seconds_over_the_meld_area():
    t = Toast()
    assert not t.showing
    t.say("You can't lay off on the turn you go down (MI-4)", bad=True, secs=0.5)
    assert t.showing and t.bad
    stage = pygame.Rect(200, 400, 600, 150)
    surf = pygame.Surface((1000, 700), pygame.SRCALPHA)
    t.draw(surf, stage)
    ink = surf.get_bounding_rect()
    assert ink.w > 0 and ink.bottom <= stage.y - 8 + 1 and ink.w <= max(200, int(stage.w * 0.8))
    assert surf.get_at(ink.center)[:3] != (0, 0, 0)
    t.tick(0.3)
    assert t.showing
    t.tick(0.3)
    assert not t.showing
    surf.fill((0, 0, 0, 0))
    t.draw(surf, stage)
    assert surf.get_bounding_rect().w == 0
    t.say("Redone")
    t.clear()
    assert not t.showing
