"""Issue 17: the work ahead of need fills a frame's slack only (``ui.slack``), and the
table's dearest frames do less.  Counted with a fake clock, never timed."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.ui.slack import (  # noqa: E402
    SLACK_MS,
    STARVE_FRAMES,
    STARVED_EXTRA_MS,
    AheadCost,
    FrameSlack,
)
from tests.helpers.table import contract_table, settle  # noqa: E402


class Clock:
    """A CPU clock in seconds that the test moves."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def piece_of(clock: Clock, ms: float, stock: list):
    """A piece of work that takes ``ms`` of the fake clock, while ``stock`` lasts."""
    def piece() -> bool:
        if not stock:
            return False
        stock.pop()
        clock.t += ms / 1000.0
        return True
    return piece


def test_frame_slack_counts_the_frames_cpu_time():
    c = Clock()
    s = FrameSlack(budget_ms=3.0, clock=c)
    c.t = 0.0025
    assert s.used_ms() == pytest.approx(2.5)
    assert s.fits(0.5) and not s.fits(0.6)
    assert SLACK_MS == 3.0


def test_pieces_are_done_while_their_cost_fits():
    c = Clock()
    cost = AheadCost(first_ms=1.0)
    stock = [1] * 10
    c.t = 0.0005                      # the frame used 0.5 ms before the work
    done = cost.run(FrameSlack(0.0, 3.0, c), piece_of(c, 1.0, stock), 8)
    assert done == 2                  # 0.5 + 1 + 1 = 2.5; a third would end at 3.5
    assert len(stock) == 8
    assert cost.ms == pytest.approx(1.0) and cost.starved == 0


def test_no_slack_given_does_the_fixed_share():
    c = Clock()
    stock = [1] * 10
    assert AheadCost().run(None, piece_of(c, 5.0, stock), 4) == 4
    assert AheadCost().run(None, piece_of(c, 5.0, stock), 40) == 6
    assert stock == []


def test_the_estimate_follows_what_pieces_cost():
    c = Clock()
    cost = AheadCost(first_ms=0.2, weight=0.5)
    stock = [1] * 3
    cost.run(FrameSlack(0.0, 100.0, c), piece_of(c, 1.0, stock), 1)
    assert cost.ms == pytest.approx(0.6)
    cost.run(FrameSlack(c.t, 100.0, c), piece_of(c, 1.0, stock), 1)
    assert cost.ms == pytest.approx(0.8)


def test_starved_work_is_done_in_the_first_frame_it_fits_in_a_little_more():
    c = Clock()
    cost = AheadCost(first_ms=1.0)
    stock = [1] * 10
    busy = 2.5        # every frame used 2.5 ms: a 1 ms piece never fits in 3 ms
    for _ in range(STARVE_FRAMES):
        t0 = c.t
        c.t += busy / 1000.0
        assert cost.run(FrameSlack(t0, 3.0, c), piece_of(c, 1.0, stock), 2) == 0
    assert cost.starved == STARVE_FRAMES
    # a frame too busy even for that: still nothing (2.5 + 1 > 3 + 0.75 is false at 2.5,
    # so make it 3 ms)
    t0 = c.t
    c.t += 3.0 / 1000.0
    assert cost.run(FrameSlack(t0, 3.0, c), piece_of(c, 1.0, stock), 2) == 0
    # the next ordinary frame: one piece (2.5 + 1 <= 3 + 0.75), no more
    t0 = c.t
    c.t += busy / 1000.0
    assert 2.5 + 1.0 <= 3.0 + STARVED_EXTRA_MS
    assert cost.run(FrameSlack(t0, 3.0, c), piece_of(c, 1.0, stock), 2) == 1
    assert cost.starved == 0 and len(stock) == 9


def test_nothing_to_do_is_not_starving():
    c = Clock()
    cost = AheadCost(first_ms=1.0)
    assert cost.run(FrameSlack(0.0, 3.0, c), piece_of(c, 1.0, []), 2) == 0
    assert cost.starved == 0


def test_the_card_images_tick_renders_faces_only_in_the_slack():
    from table_app.ui.cardart import CardArt
    from table_app.ui.table.felt import FACES_PER_FRAME, CardImages
    art = CardArt()
    imgs = CardImages()
    imgs.queue(art, [61])
    queued = art.queued()
    assert queued == 53
    c = Clock()
    c.t = 1.0                                   # the frame used all of its slack
    assert imgs.tick(art, FrameSlack(0.0, 3.0, c)) == 0
    assert art.queued() == queued
    # a frame with room (the real clock): at most the fixed share
    got = imgs.tick(art, FrameSlack(budget_ms=1000.0))
    assert 1 <= got <= FACES_PER_FRAME
    assert art.queued() == queued - got
    assert imgs.cost.ms > 0


def test_the_table_frame_leaves_the_faces_to_the_work_ahead():
    app, scene, s = contract_table()
    settle(app, scene)
    art = app.art
    app.resize((1500, 900))                     # new widths: faces queued again
    assert art.queued() > 0
    assert scene.board._driven                  # App.step ran: it calls work_ahead
    n0 = art.queued()
    scene.draw(app.screen)                      # so draw renders nothing ahead
    assert art.queued() == n0
    assert app.work_ahead(FrameSlack(budget_ms=1000.0)) >= 1
    n1 = art.queued()
    assert n1 < n0
    for _ in range(200):
        if not art.queued():
            break
        app.work_ahead(FrameSlack(budget_ms=1000.0))
    assert art.queued() == 0


def test_a_board_never_driven_renders_its_share_in_draw():
    from table_app.ui.table.felt import FACES_PER_FRAME
    app, scene, s = contract_table()
    scene.board._driven = False                 # a caller that only draws (tests, tools)
    app.resize((1500, 900))
    n0 = app.art.queued()
    assert n0 > FACES_PER_FRAME
    scene.draw(app.screen)
    assert n0 - FACES_PER_FRAME <= app.art.queued() < n0


def _redraw_queues(app):
    return [len(getattr(getattr(e, "drawable_shape", None), "states_to_redraw_queue", None) or ())
            for e in app.manager.get_sprite_group().sprites()]


def test_a_new_scenes_widget_looks_are_drawn_in_the_frame_that_opened_it():
    app, scene, s = contract_table()
    app._scenes_seen = ()             # as if the table had just been pushed
    scene._build_buttons()            # new buttons: pygame_gui queues their other looks
    assert sum(_redraw_queues(app)) > 10
    app.work_ahead(FrameSlack(budget_ms=0.0))   # even a frame with no slack left
    assert sum(_redraw_queues(app)) == 0


def test_widget_looks_of_a_later_rebuild_are_drawn_in_the_slack():
    app, scene, s = contract_table()
    app.work_ahead(FrameSlack(budget_ms=0.0))
    scene._build_buttons()
    before = sum(_redraw_queues(app))
    assert before > 10
    c = Clock()
    c.t = 1.0
    app.work_ahead(FrameSlack(0.0, 3.0, c))     # no slack: none drawn
    assert sum(_redraw_queues(app)) == before
    app.work_ahead(FrameSlack(budget_ms=1000.0))  # room: 16 looks at most a frame
    assert sum(_redraw_queues(app)) == max(0, before - 16)


def test_cards_scaled_in_flight_are_kept_by_image_and_size():
    from table_app.ui.table.board import Board
    b = Board()
    img = pygame.Surface((90, 126))
    a1 = b._scale(img, (81, 113))
    assert a1.get_size() == (81, 113)
    assert b._scale(img, (81, 113)) is a1
    other = pygame.Surface((90, 126))
    assert b._scale(other, (81, 113)) is not a1
    assert b._scale(img, (84, 117)) is not a1


def test_many_changes_in_one_place_are_one_patch_not_a_rebuild():
    from table_app.ui.table.board import _MAX_AREAS, _changed_areas
    # a hand of 12 cards sorted anew: 24 items changed, one place
    old = tuple((i, i, 100 + 30 * i, 800, 94, 94) for i in range(12))
    new = tuple((i, i, 100 + 30 * (11 - i), 800, 94, 94) for i in range(12))
    old = tuple(sorted(old, key=lambda it: it[2]))
    new = tuple(sorted(new, key=lambda it: it[2]))
    got = _changed_areas(old, new, 1920, 1080)
    assert got is not None and len(got) == 1
    r = got[0]
    assert r.x <= 100 - 4 and r.right >= 100 + 30 * 11 + 94
    # changes all over the window: drawn whole
    spread = tuple((i, i, (i % 8) * 230, (i // 8) * 200, 94, 94) for i in range(_MAX_AREAS + 8))
    moved = tuple((i, i, x + 1, y, w, tw) for i, _f, x, y, w, tw in spread)
    assert _changed_areas(spread, moved, 1920, 1080) is None


def test_merged_places_do_not_overlap():
    from table_app.ui.table.board import _merge
    R = pygame.Rect
    # a and c do not touch, b joins them: one place
    got = _merge([R(0, 0, 10, 10), R(20, 0, 10, 10), R(5, 0, 20, 10)])
    assert got == [R(0, 0, 30, 10)]
    got = _merge([R(0, 0, 10, 10), R(50, 50, 10, 10), R(0, 0, 0, 5)])
    assert got == [R(0, 0, 10, 10), R(50, 50, 10, 10)]


def test_work_starved_past_the_limit_is_done_whatever_the_frame():
    from table_app.ui.slack import STARVE_LIMIT
    c = Clock()
    cost = AheadCost(first_ms=1.0)
    stock = [1] * 5
    for _ in range(STARVE_LIMIT):
        t0 = c.t
        c.t += 10.0 / 1000.0            # every frame 10 ms: never room
        assert cost.run(FrameSlack(t0, 3.0, c), piece_of(c, 1.0, stock), 2) == 0
    t0 = c.t
    c.t += 10.0 / 1000.0
    assert cost.run(FrameSlack(t0, 3.0, c), piece_of(c, 1.0, stock), 2) == 1
    assert len(stock) == 4


def test_the_table_renders_its_overlays_text_sizes_ahead_in_the_slack():
    app, scene, s = contract_table()
    scene._warm = list(scene.WARM_TEXT)
    n = len(scene._warm)
    assert n == 18
    c = Clock()
    c.t = 1.0
    scene.work_ahead(FrameSlack(0.0, 3.0, c))          # no slack: none
    assert len(scene._warm) == n
    for _ in range(40):
        scene.work_ahead(FrameSlack(budget_ms=1000.0))
    assert scene._warm == []


def test_the_sheets_texts_rendered_ahead_include_its_heading_and_michigans_lines():
    from table_app.ui.scenes import scores
    from table_app.ui.table.ahead import sheet_texts
    from table_app.ui.table.session import GameSession
    from tests.helpers.players import play_game
    eng = play_game("michigan", 4, 5)
    session = GameSession("michigan", 4, seed=5, engine=eng, autosave=False)
    obs = session.rules.observe(session.engine.state, session.human)
    assert obs.results
    texts = [a[0] for a, _kw in sheet_texts(session, obs)]
    assert scores.sheet_title(session, obs.results[-1]) in texts
    assert "Balance" in texts
    _rows, _total, shown = scores.score_rows(session, obs)
    if shown.round:
        assert scores.layout_line(shown) in texts
    session.close()


def test_the_scaled_cards_go_once_nothing_is_in_flight():
    app, scene, s = contract_table()
    settle(app, scene)
    b = scene.board
    b._scale(pygame.Surface((90, 126)), (81, 113))
    assert len(b._scaled) == 1
    assert not any(sp.moving() for sp in b.layer.sprites.values())
    scene.draw(app.screen)
    assert len(b._scaled) == 0
