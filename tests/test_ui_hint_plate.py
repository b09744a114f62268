"""The hint's lit meld area leaves the "Your turn" plate unlit (its outline crossed the
plate's words: a play-tester's finding)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from table_app.ui.table.hint import Hint, draw_hint  # noqa: E402


class _View:
    def __init__(self, zones):
        self.zones = zones
        self.melds = {}


def test_the_hints_outline_leaves_the_your_turn_plate_unlit():
    pygame.init()
    stage = pygame.Rect(20, 20, 300, 100)
    plate = pygame.Rect(140, 110, 60, 20)      # over the area's bottom edge
    h = Hint(action=None, reason="", zone="stage")
    lit = pygame.Surface((400, 200))
    lit.fill((0, 0, 0))
    draw_hint(lit, h, _View({"stage": stage}), None, {})
    holed = pygame.Surface((400, 200))
    holed.fill((0, 0, 0))
    draw_hint(holed, h, _View({"stage": stage}), None, {}, holes=[plate])
    edge_in_plate = (170, stage.bottom - 2)      # the outline's bottom edge, under the plate
    edge_outside = (60, stage.bottom - 2)
    assert lit.get_at(edge_in_plate)[:3] != (0, 0, 0)
    assert holed.get_at(edge_in_plate)[:3] == (0, 0, 0)
    assert holed.get_at(edge_outside) == lit.get_at(edge_outside) != (0, 0, 0, 255)
    # a plate elsewhere changes nothing
    far = pygame.Surface((400, 200))
    far.fill((0, 0, 0))
    draw_hint(far, h, _View({"stage": stage}), None, {}, holes=[pygame.Rect(350, 150, 40, 20)])
    assert pygame.image.tobytes(far, "RGB") == pygame.image.tobytes(lit, "RGB")
