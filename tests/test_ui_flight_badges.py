"""The seats' badges stay over the cards gliding into a seat's hand (issue #19): a card
drawn from the stock flew over the seat's last move and its rows for a moment.  Tested by
the pixels of the frames mid-flight in a real-time table (animations on)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from table_app.core.actions import Discard  # noqa: E402
from table_app.core.cards import parse_face as F  # noqa: E402
from table_app.ui.table.board import seat_badges  # noqa: E402
from table_app.ui.table.labels import label_image, label_rect  # noqa: E402
from tests.helpers.table import Scripted, may_i_table, settle  # noqa: E402


def _covered_badge_pixels(app, scene):
    """The pixels of the frame just drawn where a gliding card lies under a seat's badge:
    ``[(drawn, badge's own)]`` at opaque points of the badge's image."""
    surf = app.screen
    out = []
    gliding = [sp for sp in scene.layer.ordered()
               if sp.t >= 0 and sp.moving() and not sp.dragging]
    for lab in seat_badges(scene.view, scene._drawn_labels()):
        r = pygame.Rect(label_rect(lab))
        img = label_image(lab)
        for sp in gliding:
            hit = r.clip(sp.rect())
            if hit.w < 4 or hit.h < 4:
                continue
            for y in range(hit.y + 1, hit.bottom - 1, 2):
                for x in range(hit.x + 1, hit.right - 1, 2):
                    own = img.get_at((x - r.x, y - r.y))
                    if own.a == 255:
                        out.append((tuple(surf.get_at((x, y)))[:3], tuple(own)[:3]))
    return out


def test_cards_gliding_into_a_seat_pass_under_its_badges():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    app.instant = False
    app.settings = app.settings.replace(ask_only_fitting=False)
    scene._apply_speed()
    settle(app, scene)
    scene.want_stock = True
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    for _ in range(400):
        if s.human_to_act() == "play" and scene.caught_up() and not scene.layer.moving():
            break
        app.step(1 / 60)
    scene.act(Discard(0, F("2C")))
    seen = []
    for _ in range(900):
        app.step(1 / 60)
        if scene.caught_up() and s.human_to_act() == "buy":
            scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_buy"))
        seen += _covered_badge_pixels(app, scene)
        if any(e.type == "discard" and e.player == 2 for e in s.engine.log) and scene.caught_up():
            break
    # the seats drew and discarded: their cards flew over their boxes' rows
    assert len(seen) > 50, len(seen)
    wrong = [p for p in seen if max(abs(a - b) for a, b in zip(*p)) > 8]
    assert not wrong, (len(wrong), len(seen), wrong[:5])
