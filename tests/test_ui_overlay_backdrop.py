"""Issue 17, frames: under the deal's end, the score sheet and the table's menu (an
opaque panel over a shade) the table is not drawn again while it shows what it showed
(``App.draw``): the screen keeps it, shaded, and only the panel is drawn; where the last
frame's panel was (the sheet's panel after the deal end's, of another size) it is drawn
again, clipped.  Counted and compared pixel for pixel with a whole draw, never timed."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from tests.helpers.table import may_i_deal_end  # noqa: E402


def _deal_end():
    return may_i_deal_end()


def _count_table_draws(scene):
    n = [0]
    orig = scene.draw

    def draw(surf):
        n[0] += 1
        orig(surf)
    scene.draw = draw
    return n


def _whole(app):
    """The screen as a whole draw makes it (nothing kept)."""
    app._backdrop = None
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def _frame(app):
    for s in app.stack.updating():
        s.update(1 / 60)
    app.manager.update(1 / 60)
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def test_a_still_table_under_the_deal_end_is_drawn_once_and_the_frames_are_whole():
    app, scene, s = _deal_end()
    top = app.stack.top
    _frame(app)
    n = _count_table_draws(scene)
    shots = [_frame(app) for _ in range(3)]
    assert n[0] == 0                         # kept: the table is not drawn again
    assert app.stack.top is top
    assert all(sh == shots[0] for sh in shots)
    assert shots[-1] == _whole(app)          # the same pixels as a whole draw
    assert n[0] == 1


def test_the_sheet_after_the_deal_end_draws_the_table_again_only_where_the_last_panel_was():
    from table_app.ui.scenes.scores import ScoreSheet
    app, scene, s = _deal_end()
    _frame(app)
    _frame(app)
    old = pygame.Rect(app.stack.top.panel())
    clips = []
    orig = scene.draw

    def draw(surf):
        clips.append(surf.get_clip())
        orig(surf)
    scene.draw = draw
    app.stack.top.next()
    sheet = app.stack.top
    assert isinstance(sheet, ScoreSheet)
    assert pygame.Rect(sheet.panel()) != old   # another size: the case this covers
    shot = _frame(app)
    assert clips == [old]                    # the table again, clipped to the old panel
    assert shot == _whole(app)
    clips.clear()
    assert _frame(app) == shot and clips == []   # then kept


def test_a_table_that_changes_or_moves_under_an_overlay_is_drawn_whole():
    app, scene, s = _deal_end()
    _frame(app)
    n = _count_table_draws(scene)
    busy = scene.backdrop_key
    scene.backdrop_key = lambda: None          # something of the table moves
    _frame(app)
    _frame(app)
    assert n[0] == 2
    scene.backdrop_key = busy
    _frame(app)
    assert n[0] == 3                         # the first still frame is whole again
    _frame(app)
    assert n[0] == 3
    key = scene.frame_key
    scene.frame_key = lambda: ("changed",)   # it shows something else now
    _frame(app)
    assert n[0] == 4
    scene.frame_key = key


def test_a_widget_outside_the_panel_stops_the_keeping():
    """A tooltip (or any widget) past the panel's edge would stay on the screen after it
    went: while one shows, the frames are whole."""
    import pygame_gui
    app, scene, s = _deal_end()
    _frame(app)
    p = app.stack.top.panel()
    lab = pygame_gui.elements.UILabel(pygame.Rect(p.right + 5, p.y, 60, 20), "x",
                                      manager=app.manager)
    n = _count_table_draws(scene)
    _frame(app)                              # (drawn over the kept screen)
    _frame(app)
    assert n[0] == 1                         # then whole while it shows
    lab.kill()
    _frame(app)
    assert n[0] == 2                         # the frame after it went restores its place
    shot = _frame(app)
    assert n[0] == 2 and shot == _whole(app)


def test_the_overlay_panel_is_opaque_so_a_kept_frame_draws_the_same_pixels():
    from table_app.ui.scene import overlay_panel
    from table_app.ui.scenes.scores import Overlay
    panel = overlay_panel((300, 200), Overlay.fill_alpha)
    alphas = {panel.get_at((x, y)).a for x in range(0, 300, 7) for y in range(0, 200, 7)}
    assert alphas <= {0, 255} and 255 in alphas
    assert panel.get_at((0, 0)).a == 0        # a round corner


def test_a_closed_table_is_not_kept_alive_by_the_last_backdrop():
    """What the last overlay was drawn over names the table's state: a full scene's
    close (``App.release``) lets it go, so a New game never holds the old game."""
    app, scene, s = _deal_end()
    _frame(app)
    _frame(app)
    assert app._backdrop is not None
    app.release(full=False)                  # an overlay closed: kept
    assert app._backdrop is not None
    app.release(full=True)                   # a table closed
    assert app._backdrop is None
