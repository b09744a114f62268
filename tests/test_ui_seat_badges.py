"""The seats' badges (issue #19): each seat's name plate, its "down" tag and its last move
are opaque (the felt and the card backs under them made them hard to read), and no
badge covers a card of the player's rows (the hand, the meld area, Michigan's played
cards) or of the melds on the table, nor (the contract family, where a short hand was
hidden whole under its last move and its "down" tag; Michigan, where the last move lay on
the backs) the seat's own cards: at 1024x640, 1280x800 and 1920x1080, 3 to 8 seats, the
contract family and Michigan, mid-deal with every seat's last move shown.  Michigan's
played cards stay clear of the chips' plate over the buttons with every card size."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from table_app.engine.engine import Engine  # noqa: E402
from table_app.ui.table.labels import label_image, label_rect  # noqa: E402
from table_app.ui.table.layout import table_layout  # noqa: E402
from table_app.ui.table.presenter import UIState, present  # noqa: E402
from table_app.ui.table.session import DEFAULT_NAMES, FallbackPlayer  # noqa: E402
from table_app.variants import find_variant  # noqa: E402

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
#: the kinds a seat's badges are drawn in (the name plate, lit or not; its last move; the
#: "down" tag is a "role" plate)
PLATES = ("plate", "plate_hi", "last", "last_hi")


def _mid_deal(variant, n, seed=3):
    """An engine in its first deal with melds on the table (Michigan: cards played)."""
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed)
    eng.deal_next()
    fb, rng = FallbackPlayer(variant), random.Random(seed)
    for _ in range(3000):
        ta = eng.to_act()
        if ta is None or ta[1] == "deal":
            break
        eng.apply(fb.decide(rules.observe(eng.state, ta[0]), eng.legal_actions(), rng)[0])
        o = rules.observe(eng.state, 0)
        if variant != "michigan" and sum(o.down) >= 2:
            break
        if variant == "michigan" and sum(len(p) for p in o.played) > 12:
            break
    return eng


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((8, 8))
    yield


@pytest.mark.parametrize("variant", ["contract", "michigan"])
@pytest.mark.parametrize("n", range(3, 9))
def test_seat_badges_are_opaque_and_cover_no_card_of_the_players_rows(variant, n):
    eng = _mid_deal(variant, n)
    obs = eng.rules.observe(eng.state, 0)
    for size in SIZES:
        cf = variant != "michigan"
        # (the table's layout: the last move has a row of its own, off the seat's cards,
        # and in the contract family the "down" tag too: TableScene._layout)
        L = table_layout(size, n, layout_game=not cf)
        ui = UIState(hand_order=list(obs.hand), names=list(DEFAULT_NAMES[:n]),
                     levels=[""] + ["normal"] * (n - 1), thinking=1)
        move = "laid off 5♣ on 2♣–4♣" if cf else "played Q♦: takes 4 chips"
        ui.last_moves = {s: (move, s == 1) for s in range(1, n)}
        v = present(obs, L, ui)
        cards = [pygame.Rect(int(p.x), int(p.y - p.lift), int(p.w), int(p.w * 1.4))
                 for p in v.placements
                 if p.group == "hand" or p.group.startswith(("stage:", "meld:", "played:"))
                 or p.group.startswith("opp:")]
        assert cards
        badges = [lab for lab in v.labels
                  if lab.kind in PLATES or (lab.kind == "role" and lab.text == "down")
                  or any(box.collidepoint(lab.pos) for box in L.opp.values())]
        assert any(lab.kind in ("last", "last_hi") for lab in badges)
        for lab in badges:
            r = pygame.Rect(label_rect(lab))
            hit = [c for c in cards if r.colliderect(c)]
            assert not hit, (size, lab.kind, lab.text, r, hit)
            if lab.kind in PLATES or lab.kind == "role":
                img = label_image(lab)
                # the plate's own colour at its left edge, half way down: no felt through it
                assert img.get_at((3, img.get_height() // 2)).a == 255, (lab.kind, lab.text)


@pytest.mark.parametrize("card_size", ["small", "medium", "large"])
@pytest.mark.parametrize("n", [3, 5, 8])
def test_michigan_played_cards_clear_the_chips_plate(n, card_size):
    """With the last move on a row of its own the seats' boxes are taller; the played
    cards' rows still end above the chips' plate (drawn bottom right over the buttons,
    ``Banner.draw``) at 1024x640."""
    from table_app.ui.table import text
    from table_app.ui.table.layout import card_scale
    eng = _mid_deal("michigan", n)
    obs = eng.rules.observe(eng.state, 0)
    L = table_layout((1024, 640), n, layout_game=True, scale=card_scale(card_size))
    ui = UIState(hand_order=list(obs.hand), names=list(DEFAULT_NAMES[:n]),
                 levels=[""] + ["normal"] * (n - 1))
    v = present(obs, L, ui)
    plate_h = text.plate("Chips: You -8", 13).get_height()
    top = L.side.y - 4 - plate_h
    played = [p for p in v.placements if p.group.startswith("played:") and p.group != "played:0"]
    assert played
    for p in played:
        assert p.y + p.w * 1.4 <= top + 1, (p.group, p.y, p.w, top)


def test_michigan_backs_keep_their_size_where_the_room_allows():
    """The smaller backs are for a crowded table (8 seats at 1024x640); with 4 seats at
    1280x800 they cost the played cards nothing and stay as wide as elsewhere."""
    roomy = table_layout((1280, 800), 4, layout_game=True)
    assert roomy.bw == roomy.ow
    tight = table_layout((1024, 640), 8, layout_game=True, scale=1.2)
    assert tight.bw < tight.ow
