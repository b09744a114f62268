"""The replay viewer scene, headless: every record opened on the real scene, stepped to the
end and back through its controls, the table's shown scores checked at each deal end, the
seat view holding no other seat's card, all hands open showing every hand, play on from
here through the dialog, a broken record's message at its line, a file that is not a
record as a message window, the slider and the CLI hook."""
from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.core.actions import DealEnd  # noqa: E402
from table_app.engine.record import read_record  # noqa: E402

RECORDS = Path(__file__).resolve().parent / "records"
NOT_RECORDS = ("foreign_file", "newer_version")


@pytest.fixture(scope="module")
def app():
    from table_app.ui.app import App
    a = App((1280, 800), headless=True, instant=True)
    yield a
    a.stack.clear()


def viewer(app, path, seat=None):
    from table_app.ui.scenes.replay import open_replay
    app.stack.clear()
    app.running = True
    sc = open_replay(path, seat=seat)
    app.push(sc)
    app.step(0.02)
    return sc


def frame(app, k=1):
    for _ in range(k):
        app.step(0.02)


def files(acceptance_dir):
    out = sorted(Path(acceptance_dir).glob("*.jsonl")) + sorted(RECORDS.glob("*.jsonl"))
    return [f for f in out if not any(f.name.startswith(x) for x in NOT_RECORDS)]


def shown_scores(sc):
    """The scores the table shows (the live banner's, from the Observation drawn)."""
    obs = sc.obs
    if hasattr(obs, "balances"):
        return [Fraction(b) for b in obs.balances]
    return list(obs.totals)


def test_every_record_steps_to_the_end_and_back_with_its_scores(app, acceptance_dir):
    from table_app.ui.scenes.replay import ReplayScene
    n_files = 0
    for f in files(acceptance_dir):
        sc = viewer(app, f)
        assert isinstance(sc, ReplayScene), f
        m = sc.model
        assert m.pos == (m.deals()[0][0] if m.deals() else 0)  # opens on the first deal
        sc.press_button("end")
        frame(app)
        assert m.pos == m.end and sc.shown == m.end
        sc.press_button("start")
        assert m.pos == 0
        running = [0] * m.num_players
        while not m.at_end:
            sc.press_button("fwd")
            i = m.pos - 1
            ev = m.events[i]
            if isinstance(ev, DealEnd):
                frame(app)
                if m.spec.layout:
                    want = [Fraction(b) for b in ev.balances]
                    assert sc.model.score_values() == want
                    assert [Fraction(b) for b in sc.obs.results[-1].balances] == want
                else:
                    running = [a + b for a, b in zip(running, ev.scores)]
                    assert shown_scores(sc) == running, (f, i)
        frame(app)
        while m.pos > 0:
            sc.press_button("back")
        frame(app)
        assert sc.shown == 0
        n_files += 1
    assert n_files >= 12


def _visible_cards(sc):
    return {s.key for s in sc.layer.sprites.values()
            if s.face is not None and isinstance(s.key, int) and not s.dying}


def test_seat_view_never_shows_another_seats_cards(app, acceptance_dir):
    for f in files(acceptance_dir):
        m0 = read_record(f, drop_torn_tail=True)
        n = len(m0.players)
        for seat in range(n):
            sc = viewer(app, f, seat=seat)
            m = sc.model
            assert not sc.open_hands and sc.human == seat
            for pos in range(0, m.end + 1):
                sc.seek(pos)
                st = m.state(pos)
                vis = _visible_cards(sc)
                hidden = set()
                for s in range(n):
                    if s != seat:
                        hidden |= set(st.hands[s])
                if m.spec.layout:
                    if sc.obs.widow is None:
                        hidden |= set(st.widow)
                else:
                    hidden |= set(st.stock)
                assert not (vis & hidden), (f.name, seat, pos, vis & hidden)
                assert set(st.hands[seat]) <= vis
                assert sc.obs == m.observe(seat, pos)  # exactly the seat's Observation
            if n > 2 and f.name.startswith("may_i"):
                break  # one seat of each big May I? record is enough for the time


def test_all_hands_open_shows_every_hand_and_the_stock_top(app):
    sc = viewer(app, RECORDS / "may_i_buys_and_layoff.jsonl")
    m = sc.model
    assert sc.open_hands
    for pos in (1, 10, m.end):
        sc.seek(pos)
        frame(app)
        st = m.state(pos)
        vis = _visible_cards(sc)
        for s in range(m.num_players):
            assert set(st.hands[s]) <= vis, (pos, s)
        assert st.stock[-1] in vis
        # the stock order is listed beside the table
        assert m.hidden(pos)["stock"][0] == st.stock[-1]
    sc.set_view(2)
    frame(app)
    assert not sc.open_hands and sc.human == 2
    sc.set_view(None)
    assert sc.open_hands and sc.human == 2


def test_michigan_all_open_lists_the_widow(app, tmp_path):
    sc = viewer(app, RECORDS / "michigan_carry_over.jsonl")
    sc.seek(10)
    frame(app)
    st = sc.model.state(10)
    assert sc.model.hidden(10)["widow"] == tuple(st.widow)
    vis = _visible_cards(sc)
    for s in range(4):
        assert set(st.hands[s]) <= vis
    pygame.image.save(app.screen, str(tmp_path / "m.png"))


def test_michigan_all_open_shows_the_widow_face_up_and_a_seat_view_does_not(app):
    # MG-4: the widow is never looked at during the deal, but the replay shows it
    # (issue #19: the all-hands view drew it face down and only listed it)
    sc = viewer(app, RECORDS / "michigan_carry_over.jsonl")
    sc.seek(10)
    frame(app)
    st = sc.model.state(10)
    assert st.widow and sc.obs.widow == tuple(st.widow)
    assert set(st.widow) <= _visible_cards(sc)
    sc.set_view(1)
    frame(app)
    assert sc.obs.widow is None and not set(st.widow) & _visible_cards(sc)


def test_a_broken_record_shows_the_verify_message_at_its_line(app):
    sc = viewer(app, RECORDS / "may_i_layoff_on_going_down_turn.jsonl")
    m = sc.model
    sc.press_button("end")
    frame(app)
    assert m.at_end and m.problem.line == 18
    assert "line 18" in sc.toast.msg and "MI-4" in sc.toast.msg and sc.toast.bad
    assert sc.status_text() == m.problem.message
    rows = sc.panel.rows(sc.model)
    assert rows[-1] == m.end and m.kind(rows[-1]) == "error"
    sc.press_button("back")
    frame(app)
    assert not (sc.toast.t > 0 and "MI-4" in sc.toast.msg)


def test_a_record_broken_at_its_first_event_says_so_at_once(app):
    sc = viewer(app, RECORDS / "short_deck.jsonl")
    assert sc.model.end == 0 and sc.model.problem.line == 2
    assert "line 2" in sc.toast.msg and sc.toast.bad and sc.toast.t > 0


@pytest.mark.parametrize("name", NOT_RECORDS)
def test_a_file_that_is_not_a_record_is_a_message_window(app, name):
    from table_app.ui.scenes.replay import NotARecordScene
    sc = viewer(app, RECORDS / f"{name}.jsonl")
    assert isinstance(sc, NotARecordScene)
    assert "line 1" in sc.message and "\n" not in sc.message
    assert isinstance(sc.window, pygame_gui.windows.UIMessageWindow)
    frame(app, 2)
    sc.close()
    assert app.stack.top is None


def test_slider_keys_play_and_list_clicks(app):
    sc = viewer(app, RECORDS / "michigan_carry_over.jsonl")
    m = sc.model
    ev = pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {"ui_element": sc.slider, "value": 30})
    sc.handle_ui_event(ev)
    assert m.pos == 30
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": 0}))
    assert m.pos == 31
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_HOME, "mod": 0}))
    assert m.pos == 0
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_PAGEDOWN, "mod": 0}))
    assert m.pos == m.deals()[0][0]
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_PAGEDOWN, "mod": 0}))
    assert m.pos == m.deals()[1][0]
    frame(app)
    assert int(sc.slider.get_current_value()) == m.pos
    # a click on a line of the event list goes there
    frame(app)
    r = sc.panel.rect
    i = sc.panel.top + 2
    sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": (r.x + 20, r.y + 2 * 20 + 5)}))
    assert m.pos == i + 1
    # play runs to the end (instant app: one event a frame)
    sc.press_button("start")
    sc.press_button("play")
    assert sc.playing
    for _ in range(m.end + 5):
        frame(app)
    assert m.at_end and not sc.playing
    # next move of a seat
    sc.press_button("start")
    sc.move_seat = 2
    sc.press_button("next_move")
    assert m.events[m.pos - 1].player == 2
    # jump to a deal through the menu
    dd = sc.buttons["deal"]
    sc.handle_ui_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                          {"ui_element": dd, "text": "Deal 2 (#2)"}))
    assert m.pos == m.deals()[1][0]
    frame(app, 2)
    assert sc.buttons["deal"].selected_option[0] == "Go to deal…"


def test_play_on_from_here_through_the_dialog(app, tmp_path):
    from table_app.ui.scenes.replay import PlayOnDialog
    from table_app.ui.scenes.table import TableScene
    src = RECORDS / "may_i_buys_and_layoff.jsonl"
    sc = viewer(app, src)
    sc.seek(16)
    sc.press_button("play_on")
    dlg = app.stack.top
    assert isinstance(dlg, PlayOnDialog)
    assert dlg.choices == ["You", "normal", "normal", "normal"]
    dlg.choose(2, "You")  # play Bo's seat
    assert dlg.choices == ["normal", "normal", "You", "normal"]
    dlg.choose(1, "hard")
    frame(app)
    session = dlg.press_button("start")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session is session
    assert session.human == 2
    for _ in range(40):
        frame(app)
    path = session.journal.path
    session.close()
    new = read_record(path)
    assert new.header["practice"] is True
    assert new.header["source"] == {"file": str(src), "event": 16}
    assert [p["kind"] for p in new.header["players"]] == ["ai", "ai", "human", "ai"]
    assert new.header["players"][1]["level"] == "hard"
    want = [e.to_json() for e in read_record(src).events[:16]]
    assert [e.to_json() for e in new.events[:16]] == want
    assert len(new.events) >= 16


def test_the_play_on_dialog_keeps_the_viewer_drawn_behind_it(app):
    """"Play on from here" blanked the side panel's controls and the transport bar
    behind its dialog (the viewer's widgets are hidden while it is covered): they stay
    drawn as they were, dimmed by the dialog's shade like the rest of the viewer."""
    from table_app.ui.scenes.replay import PlayOnDialog
    sc = viewer(app, RECORDS / "may_i_buys_and_layoff.jsonl")
    sc.seek(16)
    frame(app)
    app.draw()
    names = ("play_on", "close", "play", "fwd", "end")
    rects = {n: sc.buttons[n].rect.copy() for n in names}
    rects["slider"] = sc.slider.rect.copy()
    before = {n: pygame.Surface(r.size) for n, r in rects.items()}
    for n, r in rects.items():
        before[n].blit(app.screen, (0, 0), r)
    sc.press_button("play_on")
    dlg = app.stack.top
    assert isinstance(dlg, PlayOnDialog) and not sc.buttons["close"].visible
    frame(app)
    app.draw()
    panel = dlg.panel()
    for n, r in rects.items():
        assert not r.colliderect(panel), n
        got = pygame.Surface(r.size)
        got.blit(app.screen, (0, 0), r)
        shade = pygame.Surface(r.size)
        shade.blit(before[n], (0, 0))
        dim = pygame.Surface(r.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 130))
        shade.blit(dim, (0, 0))          # the widget as it was, under the dialog's shade
        diff = max(abs(a - b) for x in range(0, r.w, 3) for y in range(0, r.h, 3)
                   for a, b in zip(got.get_at((x, y))[:3], shade.get_at((x, y))[:3]))
        assert diff <= 6, (n, diff)
    dlg.press_button("cancel")
    frame(app)
    assert sc.buttons["close"].visible and app.stack.top is sc


def test_cli_hook_opens_the_viewer(app, capsys):
    from table_app.ui.replay_cli import _replay, register_cli
    from table_app.ui.scenes.replay import NotARecordScene, ReplayScene
    ap = argparse.ArgumentParser()
    register_cli(ap.add_subparsers(dest="command"))
    args = ap.parse_args(["replay", str(RECORDS / "michigan_session_end.jsonl"), "--seat", "2"])
    app.stack.clear()
    assert _replay(args, app=app) == 0
    sc = app.stack.top
    assert isinstance(sc, ReplayScene) and sc.human == 1 and not sc.open_hands
    args = ap.parse_args(["replay", str(RECORDS / "foreign_file.jsonl")])
    app.stack.clear()
    _replay(args, app=app)
    assert isinstance(app.stack.top, NotARecordScene)
    assert "not a table-app game record" in capsys.readouterr().err
    from table_app import cli
    cli._register_optional()
    assert register_cli in cli._EXTRA


def test_the_cli_seat_counts_from_1_as_the_viewer_does(app, capsys):
    """`replay --seat N` counted seats from 0 while the viewer numbers the players from 1
    ("1. You" in its Play on dialog): --seat 1 is the first player, the help says so,
    and a number the record has no player for says the range and opens all hands."""
    from table_app.ui.replay_cli import _replay, register_cli
    from table_app.ui.scenes.replay import ReplayScene
    ap = argparse.ArgumentParser()
    register_cli(ap.add_subparsers(dest="command"))
    rec = str(RECORDS / "michigan_session_end.jsonl")
    for n in (1, 2, 3):                      # a record of three players
        app.stack.clear()
        assert _replay(ap.parse_args(["replay", rec, "--seat", str(n)]), app=app) == 0
        sc = app.stack.top
        assert isinstance(sc, ReplayScene) and sc.human == n - 1 and not sc.open_hands
    for n in (0, 4):
        app.stack.clear()
        capsys.readouterr()
        assert _replay(ap.parse_args(["replay", rec, "--seat", str(n)]), app=app) == 0
        assert app.stack.top.open_hands
        assert f"no player {n} (players 1 to 3)" in capsys.readouterr().err
    sub = ap._subparsers._group_actions[0].choices["replay"]
    assert "numbered from 1" in " ".join(sub.format_help().split())
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "`--seat N`" in readme and "from 1" in readme
    app.stack.clear()


def test_resize_keeps_the_position(app):
    sc = viewer(app, RECORDS / "contract_call_layoff_swap.jsonl")
    sc.seek(9)
    app.resize((1000, 640))
    frame(app)
    assert sc.model.pos == 9 and sc.table_rect.right == sc.panel_rect.x
    app.resize((1280, 800))
    frame(app)


def test_the_library_opens_a_game_in_the_viewer(app, tmp_path):
    """The picker's Replays button shows the library; a game there opens in the viewer."""
    import shutil

    from table_app.storage import Library
    from table_app.ui.scenes.library import LibraryScene
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.replay import ReplayScene
    lib = Library()
    lib.directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(RECORDS / "michigan_session_end.jsonl", lib.directory / "20261130-000000-michigan-abc123.jsonl")
    app.stack.clear()
    app.running = True
    picker = app.push(PickerScene())
    picker.press("replays")
    libscene = app.stack.top
    assert isinstance(libscene, LibraryScene) and len(libscene.shown_games) == 1
    frame(app)
    ev = pygame.event.Event(pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
                            {"ui_element": libscene.list, "text": libscene.items[0]})
    libscene.list.get_single_selection = lambda: libscene.items[0]
    libscene.handle_ui_event(ev)
    sc = app.stack.top
    assert isinstance(sc, ReplayScene) and sc.model.variant == "michigan"
    frame(app)
    sc.press_button("close")
    assert app.stack.top is libscene


def test_only_the_library_default_action_is_gold(app, tmp_path):
    """The Replays screen drew Replay and Back (and Resume) all gold, the primary colour:
    only Replay, the default (a double-click does it), is; Back and Resume are plain."""
    import shutil

    from table_app.storage import Library
    from table_app.ui.scenes.library import LibraryScene
    lib = Library()
    lib.directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(RECORDS / "michigan_session_end.jsonl", lib.directory / "20261130-000000-michigan-abc123.jsonl")
    app.stack.clear()
    app.running = True
    sc = app.push(LibraryScene())
    try:
        frame(app)
        gold = pygame.Color("#b8862b")

        def fill(b):
            r = b.rect
            return app.screen.get_at((r.x + 8, r.centery))[:3]
        plain, off = pygame.Color("#1d3b2a")[:3], pygame.Color("#1a2a22")[:3]   # theme.json
        assert "@primary" in sc.replay.class_ids and fill(sc.replay) == gold[:3]
        assert "@primary" not in sc.back.class_ids and fill(sc.back) == plain
        assert "@primary" not in sc.resume_btn.class_ids and fill(sc.resume_btn) == off
        sc.resume_btn.enable()                      # an unfinished game selected
        frame(app)
        assert fill(sc.resume_btn) == plain
    finally:
        app.stack.clear()


def test_the_results_screen_opens_the_finished_game(app, tmp_path):
    import types

    from table_app.ui.scenes.replay import ReplayScene
    from table_app.ui.scenes.scores import ResultsScene
    from table_app.ui.table.session import GameSession
    s = GameSession("michigan", 3, seed=3, autosave=False)
    s.journal = types.SimpleNamespace(path=RECORDS / "michigan_session_end.jsonl", close=lambda: None,
                                      abandon=lambda: None)
    app.stack.clear()
    app.running = True
    res = app.push(ResultsScene(s))
    res.press_button("replay")
    sc = app.stack.top
    assert isinstance(sc, ReplayScene) and sc.model.end == 52
    sc.press_button("end")
    frame(app)
    sc.press_button("close")
    assert app.stack.top is res
    s.close()


def test_a_record_with_only_a_header(app, tmp_path):
    p = tmp_path / "h.jsonl"
    p.write_text((RECORDS / "short_deck.jsonl").read_text().splitlines()[0] + "\n")
    sc = viewer(app, p)
    assert sc.model.end == 0 and sc.model.pos == 0
    for b in ("fwd", "back", "end", "start", "next_deal", "prev_deal", "play", "next_move", "play_on"):
        sc.press_button(b)
        frame(app)
    assert "no deal" in sc.toast.msg


def test_one_presenter_and_the_live_tables_drawing(app, monkeypatch):
    """The viewer draws through the live table's parts: the presenter's ``present``, the
    board (sprites, felt, card images) and the banner the table scene uses (no second
    renderer); it composes them rather than inheriting the table scene (issue 20)."""
    from table_app.ui.scenes import replay as replay_mod
    from table_app.ui.scenes import table as table_mod
    from table_app.ui.scenes.replay import ReplayScene
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table import presenter
    from table_app.ui.table.banner import Banner
    from table_app.ui.table.board import Board
    assert replay_mod.present is presenter.present is table_mod.present
    calls = {"present": 0, "board": 0, "banner": 0}
    real_present, real_board, real_banner = presenter.present, Board.draw, Banner.draw

    def present(*a, **k):
        calls["present"] += 1
        return real_present(*a, **k)

    def board(self, *a, **k):
        calls["board"] += 1
        return real_board(self, *a, **k)

    def banner(self, *a, **k):
        calls["banner"] += 1
        return real_banner(self, *a, **k)
    monkeypatch.setattr(replay_mod, "present", present)
    monkeypatch.setattr(Board, "draw", board)
    monkeypatch.setattr(Banner, "draw", banner)
    sc = viewer(app, RECORDS / "contract_call_layoff_swap.jsonl")
    assert isinstance(sc, ReplayScene) and not isinstance(sc, TableScene)
    assert isinstance(sc.board, Board) and isinstance(sc.banner, Banner)
    sc.press_button("fwd")
    frame(app)
    assert calls["present"] >= 2 and calls["board"] >= 1 and calls["banner"] >= 1
    for name in ("_draw_banner", "_card_img", "_spawn", "_sink", "_update_background"):
        assert name not in ReplayScene.__dict__


@pytest.mark.slow
def test_animated_steps_and_the_mouse_wheel(tmp_path, monkeypatch):
    """With animations on, forward steps glide the cards of the event shown, and the
    wheel scrolls the event list."""
    from table_app.ui.app import App
    from table_app.ui.scenes.replay import open_replay
    a = App((1280, 800), headless=True, instant=False)
    try:
        sc = open_replay(RECORDS / "may_i_buys_and_layoff.jsonl")
        a.push(sc)
        a.step(0.02)
        moved = False
        for _ in range(12):
            sc.press_button("fwd")
            a.step(0.02)
            moved = moved or sc.layer.moving()
            for _ in range(30):
                a.step(0.05)
        assert moved and not sc.layer.moving()
        assert sc.model.pos == sc.model.deals()[0][0] + 12
        top = sc.panel.top
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: sc.panel.rect.center)  # no mouse here
        sc.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, {"x": 0, "y": -1}))
        assert sc.panel.top == top + 3 or sc.panel.top == max(0, len(sc.panel.rows(sc.model)) - sc.panel.visible())
    finally:
        a.stack.clear()


# ---------------------------------------------------------------- HiDPI
class _Recording(pygame.Surface):
    """A surface that keeps the rectangle of every blit (where the texts went)."""

    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.blits = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0))
        sz = pygame.Rect(area).size if area is not None else source.get_size()
        self.blits.append(pygame.Rect(r.topleft, sz))
        return super().blit(source, dest, area, special_flags)


def _viewer_at(size, path, monkeypatch, scale):
    """The viewer in a window of ``size`` surface pixels whose window is ``scale`` times
    smaller (a simulated HiDPI screen), seeked to its end."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.replay import open_replay
    if scale != 1:
        def window():
            w, h = pygame.display.get_surface().get_size()
            return (w // scale, h // scale)
        monkeypatch.setattr(pygame.display, "get_window_size", window)
    a = App(size, headless=True, instant=True, settings=Settings())
    assert a.ui_scale == scale
    sc = open_replay(path)
    a.push(sc)
    sc.press_button("end")
    a.step(0.02)
    a.draw()
    return a, sc


def _panel_geometry(sc):
    b = sc.buttons
    return {"panel": sc.panel_rect, "bar": sc.bar_rect, "table": sc.table_rect,
            **{name: w.relative_rect for name, w in b.items()}}


@pytest.mark.parametrize("record", ["may_i_buys_and_layoff", "may_i_layoff_on_going_down_turn"])
def test_the_viewer_at_2x_hidpi_is_the_1x_viewer_doubled(record, monkeypatch):
    """Issue 7: on a HiDPI screen the viewer's texts were twice as big but its side panel
    and bar kept their 1x sizes (rows, paddings, buttons).  At a simulated 2x (a 1280x800
    window, 2560x1600 pixels) every rectangle is the 1x one doubled; at 1x and 2x every
    control lies inside the window and its own area (panel or bar), none covers another,
    and every text drawn in the panel stays inside it, clear of the controls."""
    from table_app.ui.table import text
    path = RECORDS / f"{record}.jsonl"
    geo = {}
    try:
        for scale in (1, 2):
            size = (1280 * scale, 800 * scale)
            a, sc = _viewer_at(size, path, monkeypatch, scale)
            W, H = size
            g = geo[scale] = _panel_geometry(sc)
            assert sc.panel.row_h == 20 * scale
            controls = {k: r for k, r in g.items() if k not in ("panel", "bar", "table")}
            for name, r in controls.items():
                home = g["panel"] if r.x >= g["panel"].x else g["bar"]
                assert home.contains(r), (scale, name, r, home)
                assert pygame.Rect(0, 0, W, H).contains(r), (scale, name, r)
            for (na, ra), (nb, rb) in __import__("itertools").combinations(controls.items(), 2):
                assert not ra.colliderect(rb), (scale, na, ra, nb, rb)
            assert not g["table"].colliderect(g["panel"]) and not g["bar"].colliderect(g["panel"])
            # the panel's texts: inside it, under the controls, none over a control
            surf = _Recording(size)
            sc._draw_panel(surf)
            panel_controls = [r for r in controls.values() if g["panel"].contains(r)]
            texts = [r for r in surf.blits[1:] if r.w and r.h]   # [0]: the panel's background
            assert len(texts) > 10
            for r in texts:
                assert g["panel"].contains(r), (scale, r, g["panel"])
                assert not any(r.colliderect(c) for c in panel_controls), (scale, r)
            assert sc.panel.rect.bottom <= g["panel"].bottom and sc.panel.visible() >= 5
            a.stack.clear()
            monkeypatch.undo()
        one, two = geo[1], geo[2]
        for name, r in one.items():
            r2 = two[name]
            for v1, v2 in zip(r, r2):
                assert abs(v2 - 2 * v1) <= 2, (name, r, r2)
    finally:
        monkeypatch.undo()
        text.set_scale(1.0)


@pytest.mark.parametrize("n", [4, 8])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_down_tag_covers_no_open_card(n, lang, tmp_path, monkeypatch):
    """Issue 7: with all hands open the "down" tag ("контракт выложен") lay on the seat's
    face-up cards.  At 1024x640, 4 and 8 seats, every down seat's tag lies in its box on
    a row of its own and covers none of the cards (of any seat); the seat view keeps the
    tag on the backs, in the boxes' usual height."""
    import random

    from table_app.engine.engine import Engine
    from table_app.i18n import set_language
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.replay import open_replay
    from table_app.ui.table.labels import label_fitted as _label_fitted
    from table_app.ui.table.labels import label_img as _label_img
    from table_app.ui.table.layout import compute
    from table_app.ui.table.session import GameSession
    from table_app.variants import find_variant
    from tests.helpers.players import choose
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    eng = Engine(find_variant("contract")({}), n, seed=11)
    rng = random.Random(11)
    while sum(eng.state.down[1:]) < 2:      # two opponents down in the first deal
        if eng.to_act()[1] == "deal":
            assert not eng.log or eng.state.round == 0
            eng.deal_next()
        else:
            eng.apply(choose(eng, rng))
    session = GameSession("contract", n, seed=11, engine=eng, autosave=True)
    rec = tmp_path / "copy.jsonl"   # (a copy: the library's own unfinished game shows
    rec.write_bytes(session.journal.path.read_bytes())   # only its player's view)
    session.close()
    app = App((1024, 640), headless=True, instant=True, settings=Settings().replace(language=lang))
    try:
        sc = open_replay(rec)
        app.push(sc)
        app.step(0.02)
        sc.press_button("end")
        for _ in range(3):
            app.step(0.02)
        assert sc.open_hands and sc.L.tag_row
        cards = [s.rect() for s in sc.layer.sprites.values() if not s.dying]
        tags = 0
        for lab in sc.view.labels:
            seat = next((s for s, box in sc.L.opp.items() if box.collidepoint(lab.pos)), None)
            if lab.kind != "role" or seat is None:    # (a meld's roles are "role" labels too)
                continue
            img = _label_img(lab)
            if img.get_width() > lab.width:     # as drawn (8 seats beside the panel: smaller)
                img = _label_fitted(lab, img)
            r = img.get_rect(**{lab.anchor: lab.pos})
            assert sc.obs.down[seat]
            assert sc.L.opp[seat].contains(r), (r, sc.L.opp[seat])
            assert r.collidelist(cards) == -1, (lab.text, r, cards[r.collidelist(cards)])
            tags += 1
        assert tags == sum(sc.obs.down[s] for s in sc.L.opp) >= 2
        # the seat view: no row of its own (the boxes as on the table)
        sc.set_view(1)
        app.step(0.02)
        assert not sc.L.tag_row
        assert sc.L.opp[2].h == compute(sc.table_rect.size, n, 1).opp[2].h
    finally:
        app.stack.clear()
        set_language("en")


def test_the_library_resumes_any_unfinished_game(app):
    """Replays lists every saved game; an unfinished one (not only the newest, which the
    picker's Resume continues) is played on at the table from where it stopped, and a
    finished one is refused with a message (it can only be replayed)."""
    import random as _random
    import shutil

    from table_app.engine.record import engine_for, make_header
    from table_app.headless import players_for, step
    from table_app.storage import Library
    from table_app.ui.scenes.library import LibraryScene
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.table import TableScene
    lib = Library()
    lib.directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(RECORDS / "michigan_session_end.jsonl", lib.directory / "20261130-000000-michigan-abc123.jsonl")
    states = {}
    for variant, seed in (("mexican", 5), ("may_i", 6)):  # may_i is written last: the newest
        h = make_header(variant, players_for(3), seed=seed)
        eng = engine_for(h, auto=True, rng=_random.Random(seed))
        j = lib.new_game(eng, h)
        r = _random.Random(seed)
        for _ in range(40):
            if not step(eng, r, "random"):
                break
        j.close()
        states[variant] = (j.path.name, eng.state)
    assert Library().unfinished().id == states["may_i"][0]
    app.stack.clear()
    app.running = True
    picker = app.push(PickerScene())
    picker.press("replays")
    libscene = app.stack.top
    assert isinstance(libscene, LibraryScene) and len(libscene.shown_games) == 3
    frame(app)
    # the newest game (the first line) is selected at once: an unfinished one (both
    # written this second are), so Resume and Replay are lit
    assert libscene.selected() is libscene.shown_games[0]
    assert libscene.selected().path.name in (states["may_i"][0], states["mexican"][0])
    assert libscene.resume_btn.is_enabled and libscene.replay.is_enabled
    names = [g.path.name for g in libscene.shown_games]
    fin = names.index("20261130-000000-michigan-abc123.jsonl")
    libscene.resume_selected(fin)
    assert app.stack.top is libscene and "replayed" in libscene.message
    # selecting the older unfinished game enables Resume, which opens its table
    i = names.index(states["mexican"][0])
    libscene.list.get_single_selection = lambda: libscene.items[i]
    libscene.handle_ui_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                                {"ui_element": libscene.list, "text": libscene.items[i]}))
    assert libscene.resume_btn.is_enabled
    assert libscene.message == ""      # the refusal of before is answered by the new choice
    libscene.handle_ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                                {"ui_element": libscene.resume_btn}))
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.variant == "mexican" and table.session.engine.state == states["mexican"][1]
    frame(app)
    table.session.close()


def test_a_game_being_played_shows_only_its_players_view(app, tmp_path, monkeypatch):
    """An unfinished real game of the library (one the player will resume, or one open
    in another window and watched) opens as its player saw it, and no other view can be
    chosen: the other hands and the stock stay hidden until the game is over.  A copy
    of the same record from elsewhere, and the same game marked practice, open every
    view."""
    import json

    from table_app.storage import games_dir
    from tests.helpers.records import play_record
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    rec = games_dir() / "20261101-100000-may_i-aaaaaa.jsonl"
    play_record(rec, "may_i", seed=4, actions=60, n=4)
    sc = viewer(app, rec)
    m = sc.model
    assert m.guarded_seat() == 0 and sc.guard == 0
    assert not sc.open_hands and sc.human == 0
    assert [o[0] for o in sc.buttons["view"].options_list] == ["Seen by You"]
    sc.set_view(None)            # (the keyboard and the list both end here)
    sc.set_view(2)
    frame(app)
    assert not sc.open_hands and sc.human == 0
    assert "not finished" in sc.toast.msg
    sc.seek(m.end)
    frame(app)
    st = m.state(m.end)
    vis = _visible_cards(sc)
    assert not vis & (set(st.stock) | set(st.hands[1]) | set(st.hands[2]) | set(st.hands[3]))
    assert set(st.hands[0]) <= vis
    # the same record from elsewhere: someone else's game, every view
    other = tmp_path / "given.jsonl"
    other.write_bytes(rec.read_bytes())
    sc = viewer(app, other)
    assert sc.guard is None and sc.open_hands
    # marked practice: every view
    lines = rec.read_text(encoding="utf-8").splitlines()
    h = json.loads(lines[0])
    h["practice"] = True
    rec.write_text("\n".join([json.dumps(h)] + lines[1:]) + "\n", encoding="utf-8")
    sc = viewer(app, rec)
    assert sc.guard is None and sc.open_hands


def test_the_scrub_bar_covers_what_was_drawn_under_it(app):
    """The bar is drawn over the viewer's own last frame: a translucent background left
    what was drawn there before showing through (the panel's ghost rows, seen in a real
    window). Its pixels must not depend on what lay under it."""
    sc = viewer(app, RECORDS / "michigan_carry_over.jsonl")
    b = sc.bar_rect
    shots = []
    for colour in ((255, 255, 255), (0, 0, 0)):
        surf = pygame.Surface(app.size)
        surf.fill(colour)
        sc._draw_bar(surf)
        shots.append(pygame.image.tobytes(surf.subsurface(b), "RGB"))
    assert shots[0] == shots[1]
