"""Issue 19 at the screen: the Statistics screen (from the picker and the table's menu,
keys, F1, texts that fit at 1024x640 in every language), Resume that offers every
unfinished game and never loses one, and Replays that show results and delete games."""
from __future__ import annotations

import json
import warnings

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.i18n import set_language  # noqa: E402
from tests.helpers.records import library_game, make_library  # noqa: E402

SMALL = (1024, 640)


@pytest.fixture(autouse=True)
def _lang():
    yield
    set_language("en")


@pytest.fixture(scope="module")
def _built(tmp_path_factory):
    import os
    home = tmp_path_factory.mktemp("uistats")
    old = os.environ.get("TABLE_APP_HOME")
    os.environ["TABLE_APP_HOME"] = str(home)
    try:
        return [(p.name, p.read_bytes()) for p in make_library()]
    finally:
        if old is None:
            del os.environ["TABLE_APP_HOME"]
        else:
            os.environ["TABLE_APP_HOME"] = old


@pytest.fixture
def games(_built):
    from table_app.storage import games_dir
    d = games_dir()
    for name, data in _built:
        (d / name).write_bytes(data)
    return d


def make_app(lang="en", size=(1280, 800)):
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    return App(size, headless=True, instant=True, settings=Settings().replace(language=lang))


def step(app, k=2):
    for _ in range(k):
        app.step(0.02)


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod))
    step(app, 2)


def focused(scene):
    from table_app.ui.focus import widget_key
    w = scene.ring.focused
    return None if w is None else widget_key(w)


def picker(app):
    from table_app.ui.scenes.picker import PickerScene
    p = app.push(PickerScene())
    step(app)
    return p


def cells(scene) -> list[str]:
    return [c.text for c in scene.cells]


# ------------------------------------------------------------------ the screen
@pytest.mark.slow
def test_statistics_from_the_picker_show_the_fold_and_follow_the_keys(games):
    from table_app.storage import Library
    from table_app.ui.scenes.help import HelpScene
    from table_app.ui.scenes.stats import StatisticsScene
    data = Library().statistics().figures_json()
    app = make_app()
    p = picker(app)
    p.press("stats")
    sc = app.stack.top
    assert isinstance(sc, StatisticsScene) and sc.section == "overall"
    step(app)
    o = data["overall"]
    shown = cells(sc)
    i = shown.index("Games played")
    assert shown[i + 1] == str(o["games"]) and shown[shown.index("Wins") + 1] == str(o["wins"])
    assert f"{round(100 * o['win_rate'])}%" in shown
    # Down: the next section (the focus and the figures), May I?'s own figures
    key(app, pygame.K_DOWN)
    assert sc.section == "contract" and focused(sc) == "#stats_contract"
    key(app, pygame.K_DOWN)
    assert sc.section == "may_i"
    m = data["variants"]["may_i"]
    shown = cells(sc)
    assert shown[shown.index("Games played") + 1] == str(m["games"])
    assert shown[shown.index("Best score") + 1] == str(m["best"])
    assert "Against each opponent level" in shown
    row = shown.index("hard")
    h = m["by_level"]["hard"]
    assert shown[row + 1:row + 3] == [str(h["games"]), str(h["wins"])]
    # Michigan: chips
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert sc.section == "michigan"
    assert any("chips" in t for t in cells(sc))
    # the practice games: a count and a list, the newest first
    key(app, pygame.K_DOWN)
    assert sc.section == "practice"
    shown = cells(sc)
    assert "Practice games (2)" in shown and sum(t.endswith(" won") for t in shown) == 2
    # F1: the screen's own keys first; Esc closes it, Esc again goes back to the picker
    key(app, pygame.K_F1)
    hs = app.stack.top
    assert isinstance(hs, HelpScene)
    html = hs.box.html_text if hasattr(hs.box, "html_text") else hs.box.text
    assert html.index("The Statistics screen") < html.index("The picker, Settings")
    assert "Page Up / Page Down" in html
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is sc
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is p


def test_the_figures_scroll_by_keys_when_they_do_not_fit(games):
    from table_app.ui.scenes.stats import StatisticsScene
    app = make_app(size=SMALL)
    picker(app)
    sc = app.push(StatisticsScene("overall"))
    step(app)
    assert sc.content_h > sc.scroll.rect.h        # the overall figures are taller at 1024x640
    sb = sc.scroll.vert_scroll_bar
    assert sb is not None and sb.start_percentage == 0
    key(app, pygame.K_PAGEDOWN)
    assert sb.start_percentage > 0
    key(app, pygame.K_END)
    end = sb.start_percentage
    assert end == pytest.approx(1 - sb.visible_percentage, abs=0.02)
    key(app, pygame.K_HOME)
    assert sb.start_percentage == 0


@pytest.mark.slow
def test_statistics_from_the_table_menu_open_on_the_game_and_come_back_to_the_menu(games):
    from table_app.ui.scenes.scores import TableMenu
    from table_app.ui.scenes.stats import StatisticsScene
    app = make_app()
    p = picker(app)
    p.press("v_michigan")
    p.start(seed=5)
    step(app, 3)
    table = app.stack.top
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, TableMenu)
    for _ in range(10):
        if focused(menu) == "#stats":
            break
        key(app, pygame.K_DOWN)
    assert focused(menu) == "#stats"
    key(app, pygame.K_RETURN)
    sc = app.stack.top
    assert isinstance(sc, StatisticsScene) and sc.section == "michigan"
    assert any("Michigan Rummy" == t for t in cells(sc))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    table.session.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
def test_every_text_of_the_statistics_screen_fits_at_1024x640(games, lang):
    """No label too small for its text (pygame_gui warns), every button's text inside
    it, every cell inside the figures' width, in every section."""
    from table_app.ui.scenes.stats import SECTIONS, StatisticsScene
    app = make_app(lang, SMALL)
    picker(app)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        sc = app.push(StatisticsScene())
        step(app)
        for section in SECTIONS:
            sc.show(section)
            step(app)
            width = sc.scroll.rect.w - sc.k(20)
            for c in sc.cells:
                assert c.relative_rect.right <= width, (section, c.text)
                assert c.font.get_rect(c.text).width <= c.relative_rect.w, (section, c.text)
            for b in list(sc.sections.values()) + [sc.back]:
                assert b.font.get_rect(b.text).width + 20 <= b.rect.w, b.text
    small = [str(x.message) for x in w if "too small" in str(x.message)]
    assert not small, small


def test_the_menu_and_the_picker_row_fit_with_statistics_at_1024x640():
    from table_app.ui.scenes.picker import PickerScene
    for lang in ("en", "ru", "uk"):
        set_language(lang)
        app = make_app(lang, SMALL)
        for n in (2, 0):
            for i in range(n):       # two unfinished games: the list button joins the row
                library_game("may_i", 70 + i, actions=40)
            p = app.push(PickerScene())
            step(app)
            row = sorted((w for w in p.widgets if w.rect.y == p.named["start"].rect.y),
                         key=lambda w: w.rect.x)
            names = [k for k, v in p.named.items() if v in row]
            assert "stats" in names and ("resume_list" in names) == (n == 2), names
            assert row[0].rect.x >= 0 and row[-1].rect.right <= SMALL[0]
            assert all(a.rect.right <= b.rect.x for a, b in zip(row, row[1:]))
            for b in row:
                if b.text:
                    assert b.font.get_rect(b.text).width + 12 <= b.rect.w, (lang, b.text)
            app.stack.clear()
            from table_app.storage import games_dir
            for f in games_dir().glob("*.jsonl"):
                f.unlink()


# ------------------------------------------------------------------ resume
def test_resume_offers_every_unfinished_game_and_prefers_the_real_one():
    from table_app.ui.scenes.resume import ResumeList
    from table_app.ui.scenes.table import TableScene
    real = library_game("may_i", 81, actions=60, created="2026-11-05T10:00:00Z")
    other = library_game("contract", 82, actions=50, created="2026-11-05T10:01:00Z")
    practice = library_game("michigan", 83, actions=20, practice=True, created="2026-11-05T10:02:00Z")
    import os
    for k, f in enumerate((real, other, practice)):       # the practice one played last
        os.utime(f, ns=(10**18 + k * 10**9, 10**18 + k * 10**9))
    app = make_app()
    p = picker(app)
    assert [g.id for g in p.unfinished_list] == [practice.name, other.name, real.name]
    assert p.unfinished.id == other.name                # the real game played last
    assert focused(p) == "#resume" and "resume_list" in p.named
    assert "Contract Rummy" in p.named["resume"].label_text
    # the list beside Resume: every game, the default selected; Down, Enter resumes the
    # next one (the practice game is there too)
    p.press("resume_list")
    rl = app.stack.top
    assert isinstance(rl, ResumeList) and len(rl.items) == 3
    assert rl.selected().id == other.name
    assert "practice" in rl.items[0] and "Michigan Rummy, deal" in rl.items[0]
    key(app, pygame.K_DOWN)
    assert rl.selected().id == real.name
    key(app, pygame.K_RETURN)
    t = app.stack.top
    assert isinstance(t, TableScene) and t.session.journal.path == real
    t.session.close()
    app.stack.clear()
    # and the other one, with the mouse's double-click
    p = picker(app)
    p.press("resume_list")
    rl = app.stack.top
    i = next(i for i, g in enumerate(rl.games) if g.id == practice.name)
    rl.handle_ui_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION,
                                          {"ui_element": rl.list, "text": rl.items[i]}))
    t = app.stack.top
    assert isinstance(t, TableScene) and t.session.journal.path == practice
    t.session.close()
    app.stack.clear()


def test_a_new_game_never_replaces_an_unfinished_one_and_enter_starts_the_game_picked():
    from table_app.storage import Library
    from table_app.ui.scenes.table import TableScene
    old = library_game("may_i", 91, actions=60)
    app = make_app()
    p = picker(app)
    assert p.unfinished.id == old.name and focused(p) == "#resume"
    # picking another game: Start is the gold default and has the focus
    p.press("v_mexican")
    step(app)
    assert focused(p) == "#start"
    assert "@primary" in p.named["start"].class_ids
    assert "@primary" not in p.named["resume"].class_ids and p.named["resume"].is_enabled
    key(app, pygame.K_RETURN)
    t = app.stack.top
    assert isinstance(t, TableScene) and t.session.variant == "mexican"
    assert t.session.journal.path != old
    assert "kept" in t.toast.msg
    step(app, 30)
    # the player's first move in the new game: it is kept for Resume too
    s = t.session
    while s.human_to_act() is None:
        step(app)
    legal = s.engine.legal_actions()
    s.apply(next(a for a in legal if a.type in ("draw", "pass_upcard")))
    assert s.human_moved()
    t.session.close()
    app.stack.clear()
    # both unfinished, the old one still resumable and listed
    ids = [g.id for g in Library().unfinished_games()]
    assert old.name in ids and len(ids) == 2
    p = picker(app)
    assert {g.id for g in p.unfinished_list} == set(ids) and "resume_list" in p.named
    r = Library().resume(old)
    assert r is not None and r.path == old
    r.journal.close()


def test_a_new_game_drops_from_resume_the_games_left_before_the_players_first_move():
    """``table-app play`` again and again left a game each time, and the toast counted
    them up ("Your 17 unfinished games are kept"): as a new game starts, the unfinished
    games without a move of the player's are marked abandoned (kept on disk, listed in
    Replays, no longer resumable); one left to the picker stays resumable until then."""
    from table_app.storage import Library
    from table_app.ui.table.session import GameSession
    old = library_game("may_i", 91, actions=60)
    untouched = []
    for seed in (5, 6):
        s = GameSession("contract", 4, seed=seed)
        if s.deal_due():
            s.deal_next()
        assert s.engine.log and not s.human_moved()
        untouched.append(s.journal.path)
        s.close()
    lib = Library()
    assert {g.path for g in lib.unfinished_games()} == {old, *untouched}
    assert not any(g.human_moved for g in lib.unfinished_games() if g.path != old)
    assert next(g for g in lib.refresh() if g.path == old).human_moved
    app = make_app()
    p = picker(app)
    assert len(p.unfinished_list) == 3 and p.named["resume"].is_enabled
    s = p.start(seed=9)
    t = app.stack.top
    # only the game with the player's moves is kept, and the toast says one
    assert t.toast.msg == "Your unfinished game is kept: Resume in the picker offers it"
    gone = {g.path: g for g in Library().refresh()}
    for path in untouched:
        assert gone[path].abandoned and not gone[path].resumable and gone[path].events > 0
    s.close()
    app.stack.clear()
    # the new game, left before a move, is resumable until the next new game
    assert {g.path for g in Library().unfinished_games()} == {old, s.journal.path}


def test_a_level_or_players_change_makes_start_the_default_too():
    library_game("may_i", 95, actions=60)
    app = make_app()
    p = picker(app)
    assert p.default_button() == "#resume"
    dd = p.level_menus[0]
    p.handle_ui_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         {"ui_element": dd, "text": "hard",
                                          "selected_option_id": "hard"}))
    assert p.levels[0] == "hard" and p.default_button() == "#start"
    assert "@primary" in p.named["start"].class_ids


# ------------------------------------------------------------------ replays
@pytest.mark.slow
def test_replays_show_each_result_and_delete_a_game_by_keys(games):
    from table_app.storage import Library
    from table_app.ui.scenes.library import ConfirmDelete, LibraryScene
    lib0 = Library()
    before = lib0.statistics().figures_json()
    app = make_app(size=SMALL)
    p = picker(app)
    p.press("replays")
    sc = app.stack.top
    assert isinstance(sc, LibraryScene)
    step(app)
    finished = [(t, g) for t, g in zip(sc.items, sc.shown_games) if g.finished]
    for t, g in finished:
        won = [g.players[w]["name"] for w in g.winners]
        if "You" in won:
            assert "you won (" in t or "you and " in t, t
        else:
            assert f"{won[0]} won (" in t, t
            assert ("; you: " in t) == (g.human_seat is not None), t
        assert ("chip" in t) == (g.variant == "michigan"), t
    # the newest game is selected when the screen opens (the line under the list names
    # every player with their total)
    g = sc.selected()
    assert g is sc.shown_games[0]
    # to a finished, counted game: its result, then Delete, Enter (the dialog's Delete)
    target = next(i for i, (x) in enumerate(sc.shown_games) if x.finished and not x.practice
                  and x.human_seat is not None)
    for _ in range(target):
        key(app, pygame.K_DOWN)
    g = sc.selected()
    assert g is sc.shown_games[target]
    assert sc.details(g).startswith("You: ")
    key(app, pygame.K_DELETE)
    dlg = app.stack.top
    assert isinstance(dlg, ConfirmDelete) and dlg.game is g
    key(app, pygame.K_ESCAPE)                       # Esc: kept
    assert app.stack.top is sc and g.path.exists()
    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)
    assert app.stack.top is sc and not g.path.exists()
    assert (g.path.parent.parent / "trash" / g.id).is_file()
    assert g.id not in [x.id for x in sc.shown_games] and "trash" in sc.note
    after = Library().statistics().figures_json()
    assert after["variants"][g.variant]["games"] == before["variants"][g.variant]["games"] - 1
    # the next game took its place in the selection; the mouse's Delete asks too
    assert sc.selected() is sc.shown_games[target]
    sc.handle_ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                          {"ui_element": sc.delete_btn}))
    assert isinstance(app.stack.top, ConfirmDelete)
    key(app, pygame.K_n)
    assert app.stack.top is sc


def test_replays_results_in_russian():
    from table_app.ui.scenes.library import LibraryScene
    set_language("ru")
    library_game("michigan", 3)
    app = make_app("ru")
    picker(app)
    sc = app.push(LibraryScene())
    step(app)
    (t,) = sc.items
    g = sc.shown_games[0]
    assert "фиш" in t and ("победа: " in t or "вы выиграли" in t), t
    assert "chip" not in t and " won" not in t
    data = json.loads(g.path.read_text().splitlines()[-1])
    assert data["type"] == "game_end"


def test_delete_by_keys_in_a_russian_layout():
    """D deletes in the dialog by the key's place (a Russian layout gives "в" there)."""
    from table_app.ui.scenes.library import ConfirmDelete, LibraryScene
    from tests.helpers.table import layout_event
    p = library_game("michigan", 3)
    app = make_app("ru")
    picker(app)
    sc = app.push(LibraryScene())
    step(app)
    for k in (pygame.K_DOWN, pygame.K_DELETE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=pygame.KSCAN_DOWN if k == pygame.K_DOWN
                                             else pygame.KSCAN_DELETE))
        step(app)
    assert isinstance(app.stack.top, ConfirmDelete)
    ev = layout_event(pygame.K_d)
    assert ev.key == ord("в")
    pygame.event.post(ev)
    step(app)
    assert app.stack.top is sc and not p.exists() and sc.shown_games == []
