"""The coach in the replay viewer (issue 21), headless: R reviews the deal shown on a
worker thread with a progress bar and Esc cancels it; the costly decisions are marked on
the timeline by cost; N goes to the next one with its note (played, better, reason); P
starts a practice game from that decision with the reviewed seat as you."""
from __future__ import annotations

import time

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")


@pytest.fixture(scope="module")
def app():
    from table_app.ui.app import App
    a = App((1024, 640), headless=True, instant=True)
    yield a
    a.stack.clear()


@pytest.fixture(scope="module")
def michigan(tmp_path_factory):
    """A Michigan session with an easy player at seat 0 (its whims cost chips) and the
    deal (from 1) where the review finds a costly decision of seat 0."""
    from table_app.ai.review import review_record
    from table_app.ai.simulate import play_game
    from table_app.engine.record import read_record
    path = tmp_path_factory.mktemp("uirv") / "m.jsonl"
    play_game("michigan", ["easy", "normal", "hard"], 5, save_path=path, budget_ms=20)
    rv = review_record(read_record(path), 0, worlds=40)
    deal = next(d.deal for d in rv.decisions if d.mistake)
    return path, deal


def key(app, k):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def wait_review(app, sc, limit=120.0):
    t = time.monotonic()
    while sc.coach.running and time.monotonic() - t < limit:
        app.step(0.02)
        time.sleep(0.01)
    app.step(0.02)


def viewer_at_deal(app, path, deal):
    from table_app.ui.scenes.replay import open_replay
    app.stack.clear()
    app.running = True
    sc = app.push(open_replay(path))
    app.step(0.02)
    sc.seek(sc.model.deals()[deal - 1][0])
    sc.review_kw = {"worlds": 40}
    return sc


def test_r_reviews_the_deal_marks_it_and_n_shows_the_costly_decisions(app, michigan, tmp_path):
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    assert sc.human == 0
    key(app, pygame.K_r)
    assert sc.coach.job is not None and sc.coach.job.deal == deal and sc.coach.job.seat == 0
    assert sc.busy()                        # redrawn while it runs (the progress bar)
    surf = pygame.Surface(app.size)
    sc.draw(surf)
    wait_review(app, sc)
    rv = sc.coach.review
    assert rv is not None and rv.decisions and all(d.deal == deal for d in rv.decisions)
    costly = sc.coach.costly()
    assert costly and sc.coach.marks() == [(d.index, sc.coach.marks()[i][1])
                                           for i, d in enumerate(costly)]
    assert "costly decisions" in sc.toast.msg or "costly decision" in sc.toast.msg
    # N: to the first costly decision after the position, its note shown
    key(app, pygame.K_n)
    d = costly[0]
    assert sc.model.pos == d.index and sc.coach.at(sc.model.pos) is d
    lines = [t for t, _c in sc.coach.note_lines(d)]
    assert lines[0].startswith("Played: lead ") and lines[1].startswith("Better: lead ")
    assert lines[2] == str(d.reason) or lines[2]
    h = sc.coach_hint()                      # the better lead's card ringed in the hand
    assert h is not None and h.action == d.better
    assert {c >> 3 for c in h.cards} == {d.better.card} and set(h.cards) <= set(sc.obs.hand)
    sc.draw(surf)
    pygame.image.save(surf, str(tmp_path / "note.png"))
    sc.step(1)                               # the move played shown: no hint any more
    assert sc.coach.at(sc.model.pos) is d and sc.coach_hint() is None
    sc.seek(d.index)
    # the mark's colour is drawn under the scrub bar
    r = sc.slider.relative_rect
    ys = range(r.bottom + sc.k(1), r.bottom + sc.k(9))
    row = [tuple(surf.get_at((x, ys[3])))[:3] for x in range(r.x, r.right)]
    assert sc.coach.marks()[0][1] in row
    # N again: the next one (round to the first)
    key(app, pygame.K_n)
    want = costly[1] if len(costly) > 1 else costly[0]
    assert sc.model.pos == want.index


def test_p_plays_on_from_the_costly_decision(app, michigan):
    from table_app.engine.record import read_record
    from table_app.ui.scenes.table import TableScene
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    sc.start_review()
    wait_review(app, sc)
    key(app, pygame.K_n)
    d = sc.coach.shown
    key(app, pygame.K_p)
    table = app.stack.top
    assert isinstance(table, TableScene)
    session = table.session
    assert session.human == 0
    src = read_record(path)
    new = read_record(session.journal.path)
    assert new.header["practice"] is True and new.header["source"]["event"] == d.index
    assert [e.to_json() for e in new.events[:d.index]] == [e.to_json() for e in src.events[:d.index]]
    ta = session.engine.to_act()
    assert ta is not None and ta[0] == 0      # the decision is the player's to make again
    session.close()
    app.stack.clear()


def test_esc_cancels_a_running_review_and_keeps_the_viewer(app, michigan):
    from table_app.ui.scenes.replay import ReplayScene
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    sc.review_kw = {"budget_ms": 2000.0}      # long enough to be cancelled while it runs
    key(app, pygame.K_r)
    assert sc.coach.running
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top is sc
    assert sc.coach.job.cancelled and "cancelled" in sc.toast.msg
    assert sc.coach.job.wait(30)
    app.step(0.02)
    assert sc.coach.review is None and sc.coach.job is None
    # N without a review says to review first
    key(app, pygame.K_n)
    assert "R" in sc.toast.msg
    key(app, pygame.K_ESCAPE)                 # no review running: Esc closes
    assert app.stack.top is not sc


def test_the_review_button_in_the_bar(app, michigan):
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    assert "review" in sc.buttons
    b = sc.buttons["review"].relative_rect
    assert b.right <= sc.bar_rect.right
    sc.press_button("review")
    assert sc.coach.job is not None
    wait_review(app, sc)


def test_cost_colours():
    from table_app.ui.replay_coach import MARK_COLOURS, cost_colour
    red, orange, yellow = (c for _l, c in MARK_COLOURS)
    assert cost_colour(20) == red and cost_colour(6) == orange and cost_colour(1) == yellow
    assert cost_colour(4, chips=True) == red and cost_colour(1.5, chips=True) == orange


def _ended_deal(tmp_path, variant):
    """A record cut just after its first deal's end and a stand-in session holding it
    (as the table's session is when the deal-end screen opens)."""
    import types

    from table_app.ai.simulate import play_game
    from table_app.engine.record import read_record, replay, write_record
    from table_app.variants import VARIANTS
    full = tmp_path / "full.jsonl"
    play_game(variant, ["easy", "normal", "hard"], 7, save_path=full, budget_ms=20)
    rec = read_record(full)
    k = next(i for i, e in enumerate(rec.events) if e.type == "deal_end") + 1
    path = tmp_path / "ended.jsonl"
    write_record(path, rec.file_header or rec.header, rec.events[:k])
    eng = replay(read_record(path))
    s = types.SimpleNamespace(engine=eng, rules=eng.rules, names=[p["name"] for p in rec.players],
                              human=0, num_players=3, spec=VARIANTS[variant], variant=variant,
                              journal=types.SimpleNamespace(path=path), levels=["easy", "normal", "hard"])
    return s, path


@pytest.mark.parametrize("variant", ["contract", "michigan"])
def test_the_deal_end_screen_offers_the_review(app, tmp_path, variant):
    from table_app.ui.scenes.replay import ReplayScene
    from table_app.ui.scenes.scores import DealEndScene
    s, path = _ended_deal(tmp_path, variant)
    app.stack.clear()
    app.running = True
    end = app.push(DealEndScene(s))
    app.step(0.02)
    assert "review" in {getattr(w, "name", "") for w in end.widgets}
    key(app, pygame.K_r)
    sc = app.stack.top
    assert isinstance(sc, ReplayScene) and sc.model.path == path
    assert sc.human == 0 and sc.coach.job is not None and sc.coach.job.deal == 1
    assert sc.model.pos == sc.model.deals()[0][0]
    sc.coach.cancel()
    assert sc.coach.job.wait(60)
    sc.press_button("close")
    assert app.stack.top is end                   # back at the deal's end
    # the button does the same
    sc = end.review()
    assert isinstance(sc, ReplayScene) and sc.coach.job is not None
    sc.coach.cancel()
    sc.coach.job.wait(60)
    app.stack.clear()


def test_no_review_button_without_a_record(app, tmp_path):
    from table_app.ui.scenes.scores import DealEndScene
    s, _path = _ended_deal(tmp_path, "contract")
    s.journal = None
    app.stack.clear()
    app.running = True
    end = app.push(DealEndScene(s))
    app.step(0.02)
    assert "review" not in {getattr(w, "name", "") for w in end.widgets}
    assert end.review() is None
    app.stack.clear()
