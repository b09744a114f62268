"""The "Your turn" plate on the hand's top edge (``turncue``) lies under the cards: the
upcard dragged over it, and a hand card lifted by a click (selected), are drawn whole
over it, as if the plate were not there (a tester saw the plate cover both)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import (  # noqa: E402
    click,
    contract_table,
    draw_from_stock,
    point_of,
    settle,
    step,
)

pytestmark = pytest.mark.usefixtures("english")   # conftest: English, and after


def _plate_rect(scene):
    (_key, img, pos), = scene.cue.plates(scene.L.hand, scene.L.ui)
    return img.get_rect(topleft=pos)


def _with_and_without_plate(scene, area):
    """The pixels of ``area`` as the table draws them with the turn shown, and with it
    not shown (the cue off): the same when no plate covers the cards there."""
    out = []
    for on in (True, False):
        scene.cue.on = on
        surf = pygame.Surface(scene.app.size)
        scene.draw(surf)
        out.append(pygame.image.tobytes(surf.subsurface(area), "RGB"))
    scene.cue.on = True
    return out


def _inside(card: pygame.Rect, plate: pygame.Rect) -> pygame.Rect:
    """Where ``card`` (clear of its rounded corners) overlaps ``plate``."""
    r = card.inflate(-24, 0).clip(plate)
    assert r.w > 10 and r.h > 3, (card, plate)
    return r


def test_the_dragged_upcard_is_drawn_over_the_your_turn_plate():
    app, scene, s = contract_table()
    settle(app, scene)
    assert s.human_to_act() == "draw" and scene.cue.on
    plate = _plate_rect(scene)
    up = scene.obs.upcard
    sp = scene.layer.sprites[up]
    a = point_of(scene, up)
    # the pointer where the card it holds covers the plate's middle
    b = (plate.centerx + a[0] - sp.rect().centerx, plate.centery + a[1] - sp.rect().centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    for p in (((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        step(app, 1)
    assert sp.dragging and sp.rect().collidepoint(plate.center)
    on, off = _with_and_without_plate(scene, _inside(sp.rect(), plate))
    assert on == off


def test_a_lifted_hand_card_is_drawn_over_the_your_turn_plate():
    app, scene, s = contract_table()
    draw_from_stock(app, scene)
    assert scene.cue.on
    plate = _plate_rect(scene)
    # the hand card whose visible strip is under the plate's middle
    sp = scene.layer.at((plate.centerx, plate.bottom + 30), lambda q: q.group == "hand")
    assert sp is not None
    click(app, point_of(scene, sp.key))
    step(app, 20)
    assert sp.key in scene.ui.selected and sp.lift > 0
    assert sp.rect().colliderect(plate)
    on, off = _with_and_without_plate(scene, _inside(sp.rect(), plate))
    assert on == off
