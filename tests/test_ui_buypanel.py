"""The buying window alone (``ui/table/buypanel.py``): an offer opens with its countdown,
guard and flash; an answer inside the guard is ignored, said to be for the last offer only
when one closed just before; the countdown runs out; the buttons show only with an offer
(no table scene: its own pygame_gui manager and buttons)."""
from __future__ import annotations

import types

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.core.cards import parse_face  # noqa: E402
from table_app.i18n import set_language  # noqa: E402
from table_app.ui.table import buypanel  # noqa: E402
from table_app.ui.table.buttons import PictureLabelButton  # noqa: E402
from table_app.ui.table.buypanel import BUY_GUARD_S, BUY_INTRO_S, MIN_SHOWN_S, BuyPanel  # noqa: E402
from table_app.ui.table.presenter import Label  # noqa: E402


@pytest.fixture
def clock(monkeypatch):
    pygame.init()
    set_language("en")
    now = [100.0]
    monkeypatch.setattr(buypanel._time, "monotonic", lambda: now[0])
    return now


def _panel(variant="may_i"):
    pygame.display.set_mode((800, 600))
    manager = pygame_gui.UIManager((800, 600))
    made = {}

    def make(name, rect, label, tip, cls="@table_button", kind=None):
        b = (kind or pygame_gui.elements.UIButton)(relative_rect=pygame.Rect(rect), text=label,
                                                     manager=manager)
        made[name] = b
        return b
    p = BuyPanel(variant)
    p.build(make, pygame.Rect(100, 300, 600, 160), lambda x: x)
    return p, made


def test_an_offer_opens_with_its_countdown_guard_and_flash(clock):
    p, made = _panel()
    assert set(p.buttons) == {"buy", "pass_buy"} and not any(b.visible for b in made.values())
    seven = parse_face("7H") << 3
    p.sync(True, seven, lambda: True, 5.0)
    assert p.open and p.card == seven and p.t == 5.0 and p.closed_at is None
    assert p.intro_t == BUY_INTRO_S and p.busy
    assert all(b.visible for b in made.values()) and made["buy"].is_enabled
    assert isinstance(made["buy"], PictureLabelButton) and made["buy"].label_text == "May I? 7♥ +1"
    # the deal's first offer: a key's answer at once is ignored, and said (it was
    # ignored without a word: a click lost); a click begun on the offer is an answer
    assert p.answer() == (False, "The offer of 7♥ has just opened: answer again")
    assert not p.meant_for_last
    p.note_press()
    assert p.answer(click=True) == (True, None)
    assert p.answer() == (False, "The offer of 7♥ has just opened: answer again")
    clock[0] += BUY_GUARD_S + 0.01
    assert p.answer() == (True, None)
    # the flash fades, the countdown runs out: it passes once the offer has been shown
    # MIN_SHOWN_S and nobody has touched anything (issue #19: a player who is there is
    # never passed for)
    p.tick(BUY_INTRO_S)
    assert p.intro_t == 0
    clock[0] += MIN_SHOWN_S
    assert not p.count_down(4.0) and p.count_down(1.5)
    assert not p.count_down(1.0)                 # once only
    # no penalty card left: Pass only
    p.sync(True, seven, lambda: False, 5.0)
    assert not made["buy"].is_enabled and p.t <= 0   # the same offer: not reopened


def test_an_answer_just_after_the_next_offer_opens_is_said_to_be_for_the_last(clock):
    p, made = _panel("contract")
    first, second = parse_face("7H") << 3, parse_face("KC") << 3
    p.sync(True, first, lambda: True, 5.0)
    clock[0] += 2.0
    p.sync(True, second, lambda: True, 5.0)        # the next discard, offered at once
    assert p.closed_at == clock[0] and p.card == second
    assert made["buy"].label_text == "Call K♣ +1"
    ok, why = p.answer()
    assert not ok and why == "That was for the last offer: this one is K♣"
    # the offer closes: the buttons go, a later offer has no "last offer" word
    clock[0] += 1.0
    p.sync(False, None, lambda: True, 5.0)
    assert not p.open and not any(b.visible for b in made.values())
    assert p.closed_at == clock[0]
    clock[0] += 5 * BUY_GUARD_S
    p.sync(True, first, lambda: True, 5.0)
    assert p.answer() == (False, "The offer of 7♥ has just opened: answer again")


def test_without_the_guard_an_offer_is_answered_at_once(clock):
    p, _made = _panel()
    p.sync(True, parse_face("2C") << 3, lambda: True, 0.0, guard=False)
    assert p.answer() == (True, None) and p.intro_t == 0 and not p.busy


def test_the_panel_its_question_and_the_labels_beside_it(clock):
    p, made = _panel()
    seven = parse_face("7H") << 3
    obs = types.SimpleNamespace(current=2, buy_card=seven)
    assert p.heading_text(obs, ["You", "Ann", "Boris"]) == "Boris passed 7♥: take it + a penalty card?"
    assert p.heading(obs, ["You", "Ann", "Boris"], 600).get_width() <= 600
    stage = pygame.Rect(100, 300, 600, 160)
    hint = Label("Drag cards here to build your melds", (110, 320), 14, kind="hint")
    other = Label("Ann", (110, 320), 14)
    assert p.labels([hint, other], stage, 1.0) == [hint, other]     # closed: as they are
    p.sync(True, seven, lambda: True, 5.0)
    got = p.labels([hint, other], stage, 1.0)
    assert got[1] is other and got[0].width == p.rect(1.0).x - 12 - hint.pos[0]
    panel = p.rect(1.0)
    assert panel.contains(made["buy"].relative_rect) and panel.contains(made["pass_buy"].relative_rect)
    surf = pygame.Surface((800, 600), pygame.SRCALPHA)
    from table_app.ui.cardart import CardArt
    p.draw(surf, CardArt(), types.SimpleNamespace(buy_countdown_s=5.0), obs,
           ["You", "Ann", "Boris"], 1.0)
    assert panel.inflate(12, 12).contains(surf.get_bounding_rect())
    # the language changed: the labels are built anew (closed until the next sync)
    p.close()
    assert not p.open
    p.resumed()
    assert not any(b.visible for b in made.values())
