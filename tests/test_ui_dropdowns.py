"""Every drop-down of the app opens inside the window (issue 19): the replay viewer's
"Go to round…" and speed lists at the bottom of a 1280x800 window opened down, cut at the
window's edge to 13 px, and could not be used.  A ``focus.DropDown`` opens upwards when
there is no room below; every drop-down of every screen is one and is opened here, at
1024x640 and 1280x800, by a click as a player would."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.ui.focus import DropDown, list_room, open_list  # noqa: E402

SIZES = [(1024, 640), (1280, 800)]
PKG = Path(__file__).resolve().parents[1] / "table_app"


def test_list_room_opens_down_when_it_fits_else_towards_the_room():
    assert list_room((10, 100, 80, 30), 5, 800) == (False, None)
    up, limit = list_room((10, 756, 80, 34), 8, 800)         # the replay's speed list
    assert up and limit == 8 * 20 + 8
    up, limit = list_room((10, 40, 80, 30), 60, 800)          # long, near the top: down, scrolls
    assert not up and limit == 800 - 70 - 2
    up, limit = list_room((10, 700, 80, 30), 60, 800)         # long, near the bottom: up, scrolls
    assert up and limit == 698


def test_every_drop_down_of_the_app_is_a_dropdown_that_fits():
    """No screen builds a bare ``UIDropDownMenu`` (it would open past the window's edge)."""
    bare = []
    for p in sorted(PKG.rglob("*.py")):
        if p.name == "focus.py":
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
                if name == "UIDropDownMenu":
                    bare.append(f"{p.relative_to(PKG)}:{node.lineno}")
    assert bare == []


def _open(app, dd):
    r = dd.rect
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=r.center, button=1))
        app.step(0.02)
    for _ in range(2):
        app.step(0.02)
    return open_list(dd)


def _close(app, dd):
    if open_list(dd) is not None:
        _open(app, dd)


def _check_all(app, scene, drop_downs):
    W, H = app.size
    assert drop_downs, scene
    for dd in drop_downs:
        assert isinstance(dd, DropDown), dd
        lst = _open(app, dd)
        assert lst is not None, dd.object_ids
        r = lst.rect
        n = len(dd.options_list)
        assert r.top >= 0 and r.bottom <= H and r.left >= 0 and r.right <= W, (dd.object_ids, r)
        # the whole list, or (a long one) room for at least five options
        assert r.h >= min(n, 5) * 20, (dd.object_ids, r, n)
        if dd.opens_up:        # (its frame overlaps the box by a few pixels)
            assert r.bottom <= dd.rect.top + 4, (dd.object_ids, r, dd.rect)
        else:
            assert r.top >= dd.rect.bottom - 4, (dd.object_ids, r, dd.rect)
        _close(app, dd)


def _app(size):
    from table_app.ui.app import App
    return App(size, headless=True, instant=True)


@pytest.fixture
def record(tmp_path):
    """A whole seven-round Contract game played by the computer (seven rounds in "Go to
    round…")."""
    from table_app.engine.record import make_header, write_record
    from table_app.headless import players_for
    from tests.helpers.players import play_game
    eng = play_game("contract", 4, seed=5)
    path = tmp_path / "game.jsonl"
    write_record(path, make_header("contract", players_for(4), seed=5), eng.log)
    return path


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_replay_viewers_lists_open_inside_the_window(size, record):
    from table_app.ui.scenes.replay import open_replay
    app = _app(size)
    sc = app.push(open_replay(record))
    app.step(0.02)
    names = ("speed", "deal", "view", "move_seat")
    _check_all(app, sc, [sc.buttons[n] for n in names])
    assert sc.buttons["deal"].opens_up and sc.buttons["speed"].opens_up
    # and a choice in the upward list is taken: round 3
    dd = sc.buttons["deal"]
    lst = _open(app, dd)
    item = next(b for b in lst.item_list_container.elements if b.text.startswith("Round 3"))
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=item.rect.center, button=1))
        app.step(0.02)
    for _ in range(3):
        app.step(0.02)
    assert sc.model.deal_at() == 2


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_play_on_dialogs_lists_open_inside_the_window(size, record):
    from table_app.ui.scenes.replay import PlayOnDialog, open_replay
    app = _app(size)
    sc = app.push(open_replay(record))
    app.step(0.02)
    d = app.push(PlayOnDialog(sc))
    app.step(0.02)
    _check_all(app, d, d.menus)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["contract", "michigan"])
def test_the_pickers_lists_open_inside_the_window(size, variant):
    from table_app.ui.scenes.picker import PickerScene
    app = _app(size)
    p = app.push(PickerScene())
    app.step(0.02)
    p.variant = variant
    p.players = 8 if variant == "contract" else 4
    p.build()
    app.step(0.02)
    dds = [w for w in p.widgets if isinstance(w, DropDown)]
    assert len(dds) >= 2
    _check_all(app, p, dds)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_settings_list_opens_inside_the_window(size):
    from table_app.ui.scenes.settings import SettingsScene
    app = _app(size)
    sc = app.push(SettingsScene())
    app.step(0.02)
    _check_all(app, sc, [w for w in sc.widgets if isinstance(w, DropDown)])
