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


def _drawn_as(scene, area, attr: str, values) -> list[bytes]:
    """The pixels of ``area`` as the table draws them with ``scene.cue.<attr>`` set to
    each of ``values`` in turn (then back to the first)."""
    out = []
    for v in values:
        setattr(scene.cue, attr, v)
        surf = pygame.Surface(scene.app.size)
        scene.draw(surf)
        out.append(pygame.image.tobytes(surf.subsurface(area), "RGB"))
    setattr(scene.cue, attr, values[0])
    return out


def _with_and_without_plate(scene, area):
    """The pixels of ``area`` as the table draws them with the turn shown, and with it
    not shown (the cue off): the same when no plate covers the cards there."""
    return _drawn_as(scene, area, "on", (True, False))


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


# ---------------------------------------------------------------- the pulsing ring
def _ring_band(scene) -> pygame.Rect:
    """The top edge of the ring pulsing round the hand now (its corners left out)."""
    r = scene.cue.ring_rect(scene.L.hand, scene.L.ui)
    assert r is not None
    c = int(14 * scene.L.ui) + 1
    return pygame.Rect(r.x + c, r.y, r.w - 2 * c, max(2, int(4 * scene.L.ui)))


def _with_and_without_ring(scene, area, t=1.0):
    """The pixels of ``area`` as the table draws them with the turn's ring pulsing
    (``t`` seconds of it left) and with no ring (the pulse over)."""
    return _drawn_as(scene, area, "t", (t, 0.0))


def test_a_lifted_hand_card_is_drawn_over_the_pulsing_ring():
    """The ring that pulses round the hand as the turn comes lies under a card the
    player lifts then: the card is whole over it (a tester saw the ring cut across it)."""
    from table_app.ui.table.turncue import PULSE_S
    app, scene, s = contract_table()
    draw_from_stock(app, scene)
    assert scene.cue.on
    plate = _plate_rect(scene)
    sp = scene.layer.at((plate.centerx + 80, plate.bottom + 30), lambda q: q.group == "hand")
    assert sp is not None
    click(app, point_of(scene, sp.key))
    step(app, 20)
    assert sp.key in scene.ui.selected and sp.lift > 0
    scene.cue.t = PULSE_S / 2                  # the pulse runs
    band = _ring_band(scene)
    area = sp.rect().inflate(-24, 0).clip(band)
    assert area.w > 10 and area.h >= 2, (sp.rect(), band)
    # the ring shows beside the card: it is drawn ...
    beside = pygame.Rect(sp.rect().right + 40, band.y, 20, band.h)
    ring, none = _with_and_without_ring(scene, beside, PULSE_S / 2)
    assert ring != none
    # ... but not over the lifted card
    ring, none = _with_and_without_ring(scene, area, PULSE_S / 2)
    assert ring == none


def test_a_dragged_card_is_drawn_over_the_pulsing_ring():
    from table_app.ui.table.turncue import PULSE_S
    app, scene, s = contract_table()
    settle(app, scene)
    assert s.human_to_act() == "draw" and scene.cue.on
    scene.cue.t = PULSE_S / 2
    band = _ring_band(scene)
    up = scene.obs.upcard
    sp = scene.layer.sprites[up]
    a = point_of(scene, up)
    # the pointer where the card it holds has its middle on the ring's top edge, left
    # of the plate
    at = (band.x + band.w // 5, band.centery)
    b = (at[0] + a[0] - sp.rect().centerx, at[1] + a[1] - sp.rect().centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    for p in (((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        step(app, 1)
    scene.cue.t = PULSE_S / 2
    band = _ring_band(scene)
    assert sp.dragging and sp.rect().collidepoint(band.x + band.w // 5, band.centery)
    area = sp.rect().inflate(-24, 0).clip(band)
    assert area.w > 10 and area.h >= 2
    ring, none = _with_and_without_ring(scene, area, PULSE_S / 2)
    assert ring == none
