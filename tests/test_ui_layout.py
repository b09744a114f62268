"""The table's layout reflows for every seat count at the smallest (1024x640) and a 4K
(3840x2160) window and every card size setting (small, medium, large): every region and
every card lies inside the window, and the seats, the middle of the table, the meld
builder and the hand do not overlap (issue 7)."""
from __future__ import annotations

import itertools
import random

import pytest

from playutil import choose
from table_app.engine.engine import Engine
from table_app.ui.table.layout import CARD_RATIO, CARD_SCALES, card_scale, compute
from table_app.ui.table.presenter import UIState, present
from table_app.variants import VARIANTS, find_variant

SIZES = [(1024, 640), (3840, 2160)]
CARD_SIZES = list(CARD_SCALES)
CASES = [(v, n) for v, info in VARIANTS.items()
         for n in range(info.min_players, info.max_players + 1)]


def _inside(r, W, H):
    return r.x >= 0 and r.y >= 0 and r.right <= W and r.bottom <= H


def _game_in_progress(variant: str, n: int, seed: int = 3, steps: int = 160):
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            if eng.log:
                break  # stay in the first deal, with its melds on the table
            eng.deal_next()
            continue
        legal = eng.legal_actions()
        eng.apply(choose(eng, rng) if variant != "michigan" else rng.choice(legal))
    return eng


@pytest.mark.parametrize("card_size", CARD_SIZES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant,n", CASES)
def test_regions_fit_and_do_not_overlap(variant, n, size, card_size):
    W, H = size
    L = compute(size, n, michigan=variant == "michigan", scale=card_scale(card_size))
    regions = {"banner": L.banner, "middle": L.middle, "stock": L.stock, "discard": L.discard,
               "melds": L.melds, "stage": L.stage, "side": L.side, "hand": L.hand}
    regions.update({f"seat{s}": r for s, r in L.opp.items()})
    for name, r in regions.items():
        assert r.w > 0 and r.h > 0 and _inside(r, W, H), (name, r)
    assert len(L.opp) == n - 1
    apart = [k for k in regions if k.startswith("seat")] + ["middle", "stage", "hand"]
    for a, b in itertools.combinations(apart, 2):
        if {a, b} == {"stage", "hand"}:
            continue  # the hand's lift zone reaches up to the builder's edge
        assert not regions[a].colliderect(regions[b]), (a, b, regions[a], regions[b])
    assert not L.stage.colliderect(L.side)
    assert not L.stock.colliderect(L.discard) and not L.discard.colliderect(L.melds)


@pytest.mark.parametrize("card_size", CARD_SIZES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant,n", CASES)
def test_every_card_of_a_busy_table_is_inside_the_window(variant, n, size, card_size):
    W, H = size
    eng = _game_in_progress(variant, n)
    obs = eng.observe(0)
    names = [f"Player {i}" for i in range(n)]
    ui = UIState(hand_order=list(obs.hand), names=names, levels=["normal"] * n)
    L = compute(size, n, michigan=variant == "michigan", scale=card_scale(card_size))
    v = present(obs, L, ui)
    assert v.placements
    for p in v.placements:
        w, h = p.w, p.w * CARD_RATIO
        assert p.x >= -1 and p.y - p.lift >= -1, p
        assert p.x + w <= W + 1 and p.y + h <= H + 1, p
    for i, r in v.melds.items():
        assert _inside(r, W, H), (i, r)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_card_size_setting_changes_the_cards(size):
    small, medium, large = (compute(size, 4, scale=card_scale(c)) for c in ("small", "medium", "large"))
    assert small.cw < medium.cw < large.cw
    assert small.mw <= medium.mw <= large.mw
    assert large.stock.w == large.cw


def test_a_2x_hidpi_layout_is_the_1x_layout_doubled():
    """A 1280x800 window whose drawable surface is 2560x1600 pixels (``ui=2``): the cards
    and the fixed rows (banner, label rows) are twice as many pixels."""
    one = compute((1280, 800), 4)
    two = compute((2560, 1600), 4, ui=2.0)
    assert abs(two.cw - 2 * one.cw) <= 2
    assert two.banner.h == 2 * one.banner.h
    assert abs(two.hand.y - 2 * one.hand.y) <= 4
    assert abs(two.stage.h - 2 * one.stage.h) <= 4
    for seat, r in one.opp.items():   # the seats' boxes too (their width cap was 1x)
        assert abs(two.opp[seat].w - 2 * r.w) <= 4 and abs(two.opp[seat].h - 2 * r.h) <= 4


@pytest.mark.parametrize("card_size", CARD_SIZES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_button_column_fits_beside_the_meld_area(size, card_size):
    """Three rows of buttons (sort, suggest/clear, go down: 28 px and more, 6 px apart)
    fit in the side column, whose height is the meld area's: with small cards it was
    shorter and Go down sat on the hand's panel."""
    L = compute(size, 6, scale=card_scale(card_size))
    assert L.side.h >= 3 * 28 + 2 * 6
    assert L.side.bottom <= L.hand.y + 1


# ---------------------------------------------------------------- the seats' labels
def _second_deal(variant: str, n: int, seed: int = 5):
    """An engine a few moves into its second deal (scores on the table)."""
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed)
    rng = random.Random(seed)
    deals = 0
    while True:
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            deals += 1
            eng.deal_next()
            if deals == 2:
                break
            continue
        eng.apply(choose(eng, rng) if variant != "michigan" else rng.choice(eng.legal_actions()))
    for _ in range(3):
        if eng.to_act() is None or eng.to_act()[1] == "deal":
            break
        eng.apply(choose(eng, rng) if variant != "michigan" else rng.choice(eng.legal_actions()))
    return eng


#: Michigan balances a seat shows: whole chips, and a final share's fractions (MG-11: the
#: layout split among 3-8 players), which read "-99.50" and were cut at 8 seats (issue 7)
BALANCES = ("-99", "-199/2", "-296/3", "-397/4", "-695/7", "-795/8", "-1/7")


def _worst(obs, n: int, balance: str = "-99"):
    """The observation with the longest texts a seat box shows: every seat down, four-digit
    totals and 13 cards (Michigan: a balance of ``balance`` chips, its hands as dealt)."""
    import dataclasses
    if hasattr(obs, "balances"):
        from fractions import Fraction
        return dataclasses.replace(obs, balances=tuple(Fraction(balance) for _ in range(n)))
    return dataclasses.replace(obs, down=tuple(True for _ in range(n)), totals=tuple(1485 for _ in range(n)),
                               hand_sizes=tuple(13 for _ in range(n)))


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant,n", CASES)
def test_every_seat_label_fits_its_box_uncut(variant, n, size, lang):
    """Issue 7: with 8 seats at 1024x640 the seat's "· dealer" was cut with an ellipsis.
    Name, dealer button, "down", cards and points, level and "thinking…" each fit their
    room at their own size (not shrunk, not cut), in English, Russian and Ukrainian, at
    every seat count, with every seat in turn the dealer and thinking; they lie inside
    the seat's box and none covers another.  Michigan's balances include a final share's
    fractions, shown as "-99½" (were "-99.50", cut at 8 seats)."""
    from table_app.i18n import set_language
    from table_app.ui.scenes.table import _label_img
    from table_app.ui.table.session import DEFAULT_NAMES
    from table_app.ui.table.text import get_scale
    assert get_scale() == 1.0
    set_language(lang)
    try:
        eng = _second_deal(variant, n)
        L = compute(size, n, michigan=variant == "michigan")
        import dataclasses
        for balance, level in itertools.product(
                BALANCES if variant == "michigan" else ("-99",), ("easy", "normal", "hard")):
            base = _worst(eng.observe(0), n, balance)
            assert base.results
            for s in L.opp:
                obs = dataclasses.replace(base, dealer=s)
                ui = UIState(hand_order=list(obs.hand), names=list(DEFAULT_NAMES[:n]),
                             levels=[""] + [level] * (n - 1), thinking=s)
                v = present(obs, L, ui)
                for seat, box in L.opp.items():
                    labs = [lab for lab in v.labels if box.collidepoint(lab.pos)]
                    kinds = [lab.kind for lab in labs]
                    assert ("dealer" in kinds) == (seat == s), (seat, kinds)
                    assert ("role" in kinds) == (variant != "michigan"), kinds   # "down"
                    assert len(labs) == 3 + kinds.count("dealer") + kinds.count("role"), kinds
                    rects = []
                    if variant == "michigan":
                        want = {"-199/2": "-99½", "-296/3": "-98⅔", "-695/7": "-99²⁄₇",
                                "-1/7": "-⅐"}.get(balance, "")
                        assert want in " ".join(lab.text for lab in labs), (balance, kinds)
                    for lab in labs:
                        img = _label_img(lab)
                        assert lab.width and img.get_width() <= lab.width, (lang, n, lab.text, img.get_width(), lab.width)
                        r = img.get_rect(**{lab.anchor: lab.pos})
                        assert box.contains(r), (lab.text, r, box)
                        rects.append((lab.text, r))
                    for (ta, ra), (tb, rb) in itertools.combinations(rects, 2):
                        assert not ra.colliderect(rb), (ta, ra, tb, rb)
    finally:
        set_language("en")
