"""The piles' labels count the cards on the pile: while the upcard (the discard pile's
only card at a deal's start) is dragged towards the hand it is not on the pile, and the
label says "Discard", not "Discard 1"; a drag given up puts the card and the count back.
The stock's top card dragged likewise."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import contract_table, point_of, settle, step  # noqa: E402

pytestmark = pytest.mark.usefixtures("english")   # conftest: English, and after


def _pile_label(scene, name):
    """The label drawn under pile ``name`` (as the board draws it)."""
    r = scene.view.zones[name]
    got = [lab.text for lab in scene._drawn_labels()
           if lab.kind == "tag" and r.left <= lab.pos[0] <= r.right and lab.pos[1] >= r.centery
           and lab.pos[1] - r.bottom < 30]
    assert len(got) == 1, got
    return got[0]


def _press_and_move(app, a, b):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    for p in (((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        step(app, 1)


def _release(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 2)


@pytest.mark.parametrize("sprite,pile,count", [("upcard", "discard", "Discard {n}"),
                                               ("stocktop", "stock", "Stock {n}")])
def test_a_card_dragged_off_a_pile_is_not_counted_on_it(sprite, pile, count):
    app, scene, s = contract_table()
    settle(app, scene)
    assert s.human_to_act() == "draw"
    n = len(scene.obs.discard_pile) if pile == "discard" else scene.obs.stock_size
    assert pile != "discard" or n == 1        # the deal's upcard, the pile's only card
    key = scene.obs.upcard if sprite == "upcard" else sprite
    a = point_of(scene, key)
    assert _pile_label(scene, pile) == count.format(n=n)
    _press_and_move(app, a, (a[0] + 60, a[1] + 120))
    assert scene.layer.sprites[key].dragging
    shown = count.format(n=n - 1) if n > 1 else "Discard"
    assert _pile_label(scene, pile) == shown
    # given up (dropped back where it came from): on the pile again, and counted
    _release(app, a)
    settle(app, scene)
    assert s.human_to_act() == "draw" and not scene.gestures.dragging
    assert _pile_label(scene, pile) == count.format(n=n)
