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
    from table_app.engine.record import read_record
    from tests.helpers.records import michigan_review_game
    path = michigan_review_game(tmp_path_factory.mktemp("uirv") / "m.jsonl")
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


def assert_clear(sc, what):
    """The coach's box (progress, summary or note) lies in the viewer's meld area (empty
    in a replay), clear of the top bar, the seats' name plates, the piles, their labels
    and the melds (defects: the bar and the note covered the top bar; the summary, said
    as a toast, wrapped over the discard pile's label)."""
    from table_app.ui.table.labels import label_rect
    box, L = sc.coach_box, sc.L
    assert box is not None, what
    assert L.stage.contains(box), (what, box, L.stage)
    assert not box.colliderect(L.banner) and not box.colliderect(L.middle), (what, box)
    assert not any(box.colliderect(r) for r in L.opp.values()), (what, box)
    for lab in sc.view.labels:
        r = pygame.Rect(label_rect(lab))
        if not L.stage.contains(r):
            assert not box.colliderect(r), (what, lab.text, r, box)


def test_r_reviews_the_deal_marks_it_and_n_shows_the_costly_decisions(app, michigan, tmp_path):
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    assert sc.human == 0
    key(app, pygame.K_r)
    assert sc.coach.job is not None and sc.coach.job.deal == deal and sc.coach.job.seat == 0
    assert sc.coach.job.names == sc.model.names   # the reasons name the seats
    assert sc.busy()                        # redrawn while it runs (the progress bar)
    surf = pygame.Surface(app.size)
    sc.draw(surf)
    if sc.coach.running:
        assert_clear(sc, "progress")
    wait_review(app, sc)
    sc.draw(surf)
    assert_clear(sc, "summary")
    rv = sc.coach.review
    assert rv is not None and rv.decisions and all(d.deal == deal for d in rv.decisions)
    costly = sc.coach.costly()
    assert costly and sc.coach.marks() == [(d.index, sc.coach.marks()[i][1])
                                           for i, d in enumerate(costly)]
    assert "costly decision" in sc.coach.said and sc.coach.said_t > 0
    assert sc.coach.said not in sc.toast.msg     # not a toast over the piles' labels
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
    assert_clear(sc, "note")
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


@pytest.mark.parametrize("lang, letter", [("en", "(R)"), ("ru", "(R/К)"), ("uk", "(R/К)")])
def test_the_review_buttons_key_is_named_in_the_players_layout(app, tmp_path, lang, letter):
    """A Russian or Ukrainian layout's player presses the key marked К: the button names
    it as the F1 help does (#19's layout letters)."""
    from table_app.i18n import set_language
    from table_app.ui.scenes.scores import DealEndScene
    s, _path = _ended_deal(tmp_path, "contract")
    set_language(lang)
    try:
        app.stack.clear()
        app.running = True
        end = app.push(DealEndScene(s))
        app.step(0.02)
        b = next(w for w in end.widgets if getattr(w, "name", "") == "review")
        assert b.text.endswith(letter), b.text
        assert lang == "en" or "Review" not in b.text
    finally:
        set_language("en")
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


# ---------------------------------------------------------------------- over a live game
@pytest.fixture
def live_game(app, michigan, tmp_path):
    """The Michigan fixture's game resumed at the table just after the end of its deal
    with a costly decision, seat 0 the player (a real game of the library: autosaved,
    its record locked), and the deal-end screen over it.  ``(table, deal-end, path)``."""
    from table_app.engine.record import read_record, write_record
    from table_app.storage import games_dir
    from table_app.ui.scenes.resume import open_resumed
    from table_app.ui.scenes.scores import DealEndScene
    full, deal = michigan
    rec = read_record(full)
    ends = [i for i, e in enumerate(rec.events) if e.type == "deal_end"]
    header = dict(rec.file_header or rec.header)
    header["players"] = [dict(p) for p in header["players"]]
    header["players"][0] = {"name": header["players"][0]["name"], "kind": "human"}
    path = games_dir() / "live.jsonl"
    write_record(path, header, rec.events[:ends[deal - 1] + 1])
    app.stack.clear()
    app.running = True
    assert open_resumed(app, path) is None
    table = app.stack.top
    end = app.push(DealEndScene(table.session))
    app.step(0.02)
    yield table, end, path
    app.stack.clear()


def _reviewed_over(app, end):
    """R at the deal-end screen, the review made again with 40 worlds a decision."""
    key(app, pygame.K_r)
    sc = app.stack.top
    sc.coach.cancel()
    assert sc.coach.job.wait(60)
    app.step(0.02)
    sc.review_kw = {"worlds": 40}
    sc.start_review()
    wait_review(app, sc)
    return sc


def _tables(app):
    from table_app.ui.scenes.table import TableScene
    return [s for s in app.stack.scenes if isinstance(s, TableScene)]


def test_p_over_a_live_game_asks_then_leaves_it_saved_for_the_practice_game(app, live_game, tmp_path):
    from table_app.engine.record import read_record
    from table_app.storage import Library
    from table_app.storage.lock import RecordLock, held_here, locked_elsewhere
    from table_app.ui.scenes.confirm import ConfirmLeaveGame
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.resume import open_resumed
    from table_app.ui.scenes.scores import TableMenu
    table, end, path = live_game
    live = table.session
    n_live = len(live.engine.log)
    assert held_here(path)
    sc = _reviewed_over(app, end)
    assert sc.live_table() is table
    key(app, pygame.K_n)
    d = sc.coach.shown
    assert d is not None and sc.model.pos == d.index
    key(app, pygame.K_p)
    # asked first: nothing left yet
    ask = app.stack.top
    assert isinstance(ask, ConfirmLeaveGame) and ask.choices[0] == "You"
    assert _tables(app) == [table] and not getattr(live, "_closed", False) and held_here(path)
    surf = pygame.Surface(app.size)
    for s in app.stack.visible():
        s.draw(surf)
    pygame.image.save(surf, str(tmp_path / "leave.png"))
    assert "saved" in " ".join(ask._lines(500)) and "Resume" in " ".join(ask._lines(500))
    key(app, pygame.K_y)
    # the practice table in the live one's place: one table, the live session closed,
    # its record's lock let go (one writer per record)
    tables = _tables(app)
    assert len(tables) == 1 and app.stack.scenes == tables and tables[0] is not table
    practice = tables[0].session
    assert practice is ask.session and practice.journal.path != path
    assert getattr(live, "_closed", False) and not live.journal.lock.held
    assert not held_here(path) and not locked_elsewhere(path)
    lk = RecordLock(path)
    assert lk.acquire() and lk.held
    lk.release()
    new = read_record(practice.journal.path)
    assert new.header["practice"] is True and new.header["source"]["event"] == d.index
    ta = practice.engine.to_act()
    assert ta is not None and ta[0] == 0
    # the live game's record is whole and resumable
    assert len(read_record(path).events) == n_live
    # leaving the practice game: the picker, whose Resume offers the live game
    app.push(TableMenu(tables[0])).press_button("picker")
    assert isinstance(app.stack.top, PickerScene) and not _tables(app)
    assert Library().unfinished().path.resolve() == path.resolve()
    assert open_resumed(app, path) is None
    back = app.stack.top
    assert _tables(app) == [back] and len(back.session.engine.log) == n_live and held_here(path)


def test_cancel_keeps_the_live_game_and_the_play_on_dialog_asks_too(app, live_game):
    from table_app.storage.lock import held_here
    from table_app.ui.scenes.confirm import ConfirmLeaveGame
    from table_app.ui.scenes.replay import PlayOnDialog, ReplayScene
    table, end, path = live_game
    key(app, pygame.K_r)
    sc = app.stack.top
    assert isinstance(sc, ReplayScene)
    sc.coach.cancel()
    assert sc.coach.job.wait(60)
    app.step(0.02)
    sc.press_button("play_on")
    dlg = app.stack.top
    assert isinstance(dlg, PlayOnDialog)
    assert dlg.press_button("start") is None
    ask = app.stack.top
    assert isinstance(ask, ConfirmLeaveGame)
    key(app, pygame.K_ESCAPE)                 # no: back to the viewer, the game as it was
    assert app.stack.top is sc and _tables(app) == [table]
    assert not getattr(table.session, "_closed", False) and held_here(path)
    key(app, pygame.K_p)                      # (no costly decision here: the dialog)
    assert isinstance(app.stack.top, PlayOnDialog)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is sc and _tables(app) == [table]


def test_play_on_over_a_finished_game_replaces_its_table(app, michigan):
    from table_app.engine.record import read_record, replay
    from table_app.ui.scenes.replay import open_replay
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    path, deal = michigan
    eng = replay(read_record(path))
    s = GameSession("michigan", 3, levels=["easy", "normal", "hard"], engine=eng, autosave=False)
    assert s.game_over()
    app.stack.clear()
    app.running = True
    done = app.push(TableScene(s))
    app.step(0.02)
    sc = app.push(open_replay(path))
    sc.seek(sc.model.deals()[deal - 1][0])
    assert sc.live_table() is None and sc.tables_below() == [done]
    choices = ["You", "normal", "normal"]
    new = sc.start_play_on(choices)            # nothing to ask: the game is over
    assert new is not None and _tables(app) == [app.stack.top] and app.stack.scenes == _tables(app)
    assert getattr(s, "_closed", False)
    new.close()
    app.stack.clear()


def test_the_note_names_the_seat_a_reason_speaks_of(app, michigan, monkeypatch):
    """The viewer's review names the players from the record (the reasons are made about
    seats: here every reason is made about seat 3, ``review_state`` keeping the rest of
    the real review)."""
    import table_app.ai.review as rv
    from table_app.core.cards import parse_face
    from table_app.core.messages import Message
    from table_app.i18n import set_language
    real = rv.review_state

    def state(rules, st, seat, played, **kw):
        d = real(rules, st, seat, played, **kw)
        d.reason = Message("rv_kept_high", card=parse_face("KS"), n2=2, seat=2, amount="3.0", n=9)
        return d
    monkeypatch.setattr(rv, "review_state", state)
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    sc.start_review()
    wait_review(app, sc)
    key(app, pygame.K_n)
    d = sc.coach.shown
    name = sc.model.names[2]
    assert d is not None and d.reason.params["name"] == name
    assert sc.coach.note_lines(d)[2][0] == (f"kept K♠ with {name} down on 2 cards: caught with "
                                           "3.0 points more on average (9 worlds)")
    try:
        set_language("ru")
        assert f"у открытого игрока {name} 2 карты" in sc.coach.note_lines(d)[2][0]
    finally:
        set_language("en")
    app.stack.clear()


@pytest.mark.parametrize("lang, said", [
    ("en", "Reviewing your decisions in deal 1…"),
    ("ru", "Разбор ваших ходов в сдаче 1…"),
    ("uk", "Розбір ваших ходів у роздачі 1…"),
])
def test_reviewing_your_own_deal_is_said_to_you(app, lang, said):
    """R on your own game said "Reviewing deal 1 for You…", in Russian "Разбор сдачи 1
    за игрока Вы…" (seen in a real window from the deal's end): the human seat has its
    own message, as "You make no more moves in this record" has."""
    from pathlib import Path

    from table_app.i18n import set_language
    path = Path(__file__).resolve().parent / "records" / "contract_call_layoff_swap.jsonl"
    sc = viewer_at_deal(app, path, 1)
    set_language(lang)
    try:
        assert sc.human == 0
        sc.start_review()
        # on the progress bar's first line, not a message over the piles' labels
        assert sc.coach.title == said and not (sc.toast.showing and sc.toast.msg == said)
        surf = pygame.Surface(app.size)
        sc.draw(surf)
        if sc.coach.running:
            assert_clear(sc, "progress")
    finally:
        sc.coach.cancel()
        set_language("en")
        app.stack.clear()


def test_the_russian_coach_says_deal_as_the_game_does(app, tmp_path):
    """Michigan's deal end in Russian showed «Сдача 1 окончена» beside «Разобрать
    раздачу (R/К)»: two words for one deal on one screen (the game says «сдача» in its
    banner, titles and score sheet; the coach alone said «раздача»).  Every coach string
    says «сдача» now, and the review button sits in the panel's bottom row, apart from
    the title and from the button that goes on."""
    from table_app.i18n import _, set_language
    from table_app.ui.scenes.scores import DealEndScene, sheet_title
    s, _path = _ended_deal(tmp_path, "michigan")
    set_language("ru")
    try:
        coach = ["Review this deal (R)", "Review this deal for the player at the bottom (R)",
                 "Reviewing your decisions in deal {n}…", "Reviewing deal {n} for {name}…",
                 "Press R to review this deal first",
                 "Reviewing this deal… {done} of {total} decisions · Esc cancels"]
        for msg in coach:
            ru = _(msg)
            assert ru != msg and "сдач" in ru.lower() and "раздач" not in ru.lower(), ru
        app.stack.clear()
        app.running = True
        end = app.push(DealEndScene(s))
        app.step(0.02)
        obs = end.obs
        title = sheet_title(s, obs.results[-1])
        assert title.startswith("Сдача 1"), title
        btn = {getattr(w, "name", ""): w for w in end.widgets}
        rv, nx = btn["review"].rect, btn["next"].rect
        assert "сдачу" in btn["review"].text and end.panel().contains(rv) and end.panel().contains(nx)
        assert not rv.colliderect(nx) and rv.y > end.panel().y + end.k(56)
    finally:
        set_language("en")
        app.stack.clear()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_coachs_boxes_fit_the_meld_area(app, size, lang):
    """The progress bar, the summary and a note (the longest texts: a reason that names a
    seat, two costly decisions' summary) stay inside the viewer's meld area at every
    window size and language, the summary on two lines at most."""
    import types

    from table_app.ai.review import DecisionReview
    from table_app.core.cards import parse_face
    from table_app.core.messages import Message
    from table_app.i18n import set_language
    from table_app.ui.replay_coach import Coach
    from table_app.ui.table import layout as layout_mod
    f = parse_face("KS")
    d = DecisionReview(None, None, Message("rv_discarded", card=f), Message("rv_discarded", card=f),
                       12.3, 12.3, 4.1, 20.5, 30, 60, True,
                       Message("rv_kept_high_named", card=f, n2=2, name="Александра", amount="12.3",
                               n=30))
    set_language(lang)
    try:
        W, H = size
        pw = int(max(280, min(380, W * 0.27)))
        L = layout_mod.compute((W - pw, H - 92), 3, 0, False)
        surf = pygame.Surface((W - pw, H - 92))
        k = int
        c = Coach()
        c.review = types.SimpleNamespace(decisions=[d] * 28, points_lost_total=24.6)
        msg = c.summary()
        for box in (c.draw_progress(surf, L.stage, k), c.draw_summary(surf, L.stage, msg, k),
                    c.draw_note(surf, L.stage, d, k)):
            assert L.stage.contains(box), (box, L.stage)
            assert not box.colliderect(L.middle) and not box.colliderect(L.banner)
    finally:
        set_language("en")


def test_a_message_in_the_viewer_stays_in_the_meld_area(app, michigan):
    """The viewer's passing messages are drawn in its (empty) meld area: above it, at
    1024x640, even a short one covered the discard pile's label."""
    path, deal = michigan
    sc = viewer_at_deal(app, path, deal)
    a, b = pygame.Surface(app.size), pygame.Surface(app.size)
    sc.toast.t = 0
    sc.draw(a)
    sc.say("Сначала нажмите R (К), чтобы разобрать сдачу — " * 3, bad=True)
    sc.draw(b)
    stage = sc.L.stage.move(sc.table_rect.topleft)
    changed = [(x, y) for y in range(0, app.size[1], 2) for x in range(0, app.size[0], 2)
               if a.get_at((x, y)) != b.get_at((x, y))]
    assert changed and all(stage.collidepoint(p) for p in changed), \
        [p for p in changed if not stage.collidepoint(p)][:5]
    app.stack.clear()
