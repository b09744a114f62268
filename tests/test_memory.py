"""The app's memory (issue 17): every cache of surfaces bounded in bytes, the card art
kept in the display's format and shared (no converted copies), what a closed scene held
freed before the next one opens, the framebuffer and font choices that keep the GL driver
and a dozen copies of a font file out of the process.  Sizes and object lifetimes are
asserted, never times."""
from __future__ import annotations

import gc
import os
import weakref

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from table_app.ui.cardart import CardArt, SurfaceCache, display_format, surface_bytes, surface_lru


@pytest.fixture
def display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((320, 200))
    return pygame.display.get_surface()


@pytest.fixture
def no_gc():
    """Only the app's own collections free cycles while the test runs."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    yield
    if was:
        gc.enable()


# ---------------------------------------------------------------------- caches in bytes
def test_surface_cache_is_bounded_in_bytes_least_recently_used_first():
    out = []
    c = SurfaceCache(10_000, on_evict=out.append)
    a, b, d = (pygame.Surface((25, 25), pygame.SRCALPHA) for _ in range(3))   # 2500 B each
    c["a"], c["b"], c["d"] = a, b, d
    assert c.bytes == 7500 and len(c) == 3
    assert c.get("a") is a                      # a use: "b" is now the oldest
    c["e"] = pygame.Surface((30, 30), pygame.SRCALPHA)   # 3600 B: 11100 > 10000
    assert out == ["b"] and "b" not in c and c.bytes == 8600 <= c.max_bytes
    assert c.pop("a") is a and c.bytes == 6100
    big = pygame.Surface((100, 100), pygame.SRCALPHA)     # bigger than the bound alone
    c["big"] = big
    assert list(c) == ["big"] and c.bytes == surface_bytes(big)
    c.clear()
    assert len(c) == 0 and c.bytes == 0


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["set", "get", "pin"]), st.integers(0, 11),
                          st.integers(1, 30)), max_size=60))
def test_a_pinned_surface_is_never_let_go_and_the_others_keep_the_bound(ops):
    """``SurfaceCache.pin``: a pinned key is never let go for room; the bytes are the sum
    of the surfaces held, and within the bound whenever the pinned ones and the newest
    fit in it (a kept picture's faces: ``CardArt.pin_faces``)."""
    out: list = []
    c = SurfaceCache(4000, on_evict=out.append)
    size = {}
    since = 0                    # the evictions since the last pin
    for op, k, n in ops:
        if op == "set":
            c[k] = pygame.Surface((n, 5), pygame.SRCALPHA)      # 20n bytes
            size[k] = 20 * n
        elif op == "get":
            c.get(k)
        else:
            c.pin(j for j in range(12) if j % n == 0 and j in c)
            since = len(out)
        held = set(c)
        assert not c.pinned & set(out[since:]), (c.pinned, out[since:])
        assert c.bytes == sum(size[j] for j in held)
        if op == "set" and sum(size[j] for j in held & (c.pinned | {k})) <= c.max_bytes:
            assert c.bytes <= c.max_bytes
    pinned_now = set(c.pinned) & set(c)
    for j in range(100, 140):                                   # pressure: many new ones
        c[j] = pygame.Surface((10, 5), pygame.SRCALPHA)
    assert pinned_now <= set(c)


def test_card_art_stays_within_its_bytes_and_renders_an_evicted_face_again(display):
    art = CardArt(max_bytes=3 << 19)            # 1.5 MiB; the faces at 40, 50, 60: 2.3 MB
    for w in (40, 50, 60):
        art.prerender(w)
        assert art.cache_bytes <= art.max_bytes == 3 << 19
    # the first width went out whole, its bookkeeping with it; the last one is there
    assert not any(art.has_face(f, 40) for f in range(53))
    assert all(k[2] != 40 for k in art._cache if k[0] == "face")
    assert all(art.has_face(f, 60) for f in range(53))
    assert art.nearest_face(0, 40) is art.face(0, 60)
    n = art.faces_rendered
    s = art.face(0, 40)
    assert s.get_size() == art.size(40) and art.faces_rendered == n + 1
    assert art.face(0, 40) is s and art.faces_rendered == n + 1


def test_the_default_art_bound_holds_a_full_table(display):
    """A 1920x1080 felt and the faces of the widths an 8-seat table draws fit in it."""
    art = CardArt()
    art.felt((1920, 1080))
    for w in (142, 106, 91, 46):
        art.prerender(w)
    assert art.cache_bytes <= art.max_bytes
    assert all(art.has_face(f, w) for f in (0, 25, 52) for w in (142, 106, 91, 46))


def test_surface_lru_bounds_a_function_s_surfaces_in_bytes():
    calls = []

    @surface_lru(5000)
    def make(n):
        calls.append(n)
        return pygame.Surface((n, 10), pygame.SRCALPHA)    # 40 n bytes

    assert make(50) is make(50) and calls == [50]
    make(60)                                               # 2000 + 2400
    make(20)                                               # + 800 > 5000: 50 goes
    info = make.cache_info()
    assert info.bytes <= 5000 and info.currsize == 2 and info.hits == 1 and info.misses == 3
    make(50)
    assert calls == [50, 60, 20, 50]
    make.cache_clear()
    assert make.cache_info().currsize == 0


def test_table_texts_are_cached_within_their_bytes(display):
    from table_app.ui.table import text
    for n in range(400):
        text.render(f"Player {n} takes the 7♥ and goes down", 18)
        text.plate(f"{n} ♠", 16)
    for name in ("render", "_plate", "_shadowed", "_pip"):
        info = getattr(text, name).cache_info()
        assert 0 <= info.bytes <= info.max_bytes <= 2 << 20


# ---------------------------------------------------------------------- display format
def test_display_format_copies_only_what_needs_converting(display):
    s = pygame.Surface((10, 10), pygame.SRCALPHA).convert_alpha()
    assert display_format(s) is s
    o = pygame.Surface((10, 10)).convert()
    assert display_format(o) is o
    odd = pygame.Surface((10, 10), depth=16)
    got = display_format(odd)
    assert got is not odd and got.get_bitsize() == display.get_bitsize()


def test_the_table_draws_the_card_art_s_own_surfaces(display):
    """The table's card images were convert_alpha() copies of the art's faces (a second
    copy of every face it showed); now they are the art's own, in a bounded cache."""
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.felt import CardImages
    from table_app.ui.table.session import GameSession
    app = App((1280, 800), headless=True, instant=True)
    scene = TableScene(GameSession("may_i", 4, seed=3, autosave=False))
    app.push(scene)
    app.step(dt=0.016)
    w = scene.L.cw                     # a width the table rendered its faces at
    img = scene.images.get(app.art, 5, w, False, False, "blue")
    assert img is app.art.face(5, w)
    # the felt is the table's own, painted once: no second copy of it in the art's cache
    assert scene.felt.raw is not None and scene.felt.raw.get_size() == app.size
    assert not [k for k in app.art._cache if k[0] == "felt" and k[1] == app.size]
    assert isinstance(scene.images.cache, SurfaceCache)
    assert scene.images.cache.max_bytes == CardImages.MAX_BYTES
    scene.session.close()
    app.stack.clear()


# ---------------------------------------------------------------------- closed scenes
def _table_app(release=True):
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    app = App((1280, 800), headless=True, instant=True)
    app.release_on_close = release
    scene = TableScene(GameSession("contract", 4, seed=5, autosave=False))
    app.push(scene)
    app.step(dt=0.016)
    return app, scene


def test_a_closed_table_is_freed_before_the_next_scene_opens(display, no_gc):
    from table_app.ui.scenes.picker import PickerScene
    app, scene = _table_app()
    ref, eng = weakref.ref(scene), weakref.ref(scene.session.engine)
    del scene
    app.stack.clear()
    assert ref() is not None      # a table is a tangle of cycles: only a collection frees it
    app.push(PickerScene())
    assert ref() is None and eng() is None
    app.stack.clear()


def test_new_game_frees_the_last_game_before_the_new_one_is_made(display, no_gc, monkeypatch):
    """Issue 17: the new game's session (its engine, its computer players) was made
    while the last game was still held, the peak of three games in one process; now the
    last game is freed first."""
    from table_app.ui.scenes.scores import ResultsScene
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table import session as session_mod
    app, scene = _table_app()
    old = weakref.ref(scene.session)
    seen = {}
    real_push = app.stack.push
    real_init = session_mod.GameSession.__init__

    def init(self, *a, **k):
        seen.setdefault("old_alive_at_new_session", old() is not None)
        return real_init(self, *a, **k)

    def push(sc, *a, **k):
        if isinstance(sc, TableScene):
            seen["old_alive_at_push"] = old() is not None
        return real_push(sc, *a, **k)
    monkeypatch.setattr(session_mod.GameSession, "__init__", init)
    app.stack.push = push
    res = ResultsScene(scene.session)
    del scene
    app.push(res)
    res.press_button("new")
    assert seen == {"old_alive_at_new_session": False, "old_alive_at_push": False}
    assert res.session is None
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session is not None
    app.stack.top.session.close()
    app.stack.clear()


def test_the_tests_headless_apps_do_not_collect_at_every_close(display, no_gc):
    from table_app.ui.scenes.picker import PickerScene
    app, scene = _table_app(release=False)
    ref = weakref.ref(scene)
    del scene
    app.stack.clear()
    app.push(PickerScene())
    assert ref() is not None
    app.stack.clear()
    gc.collect()
    assert ref() is None


def test_an_overlay_closing_returns_free_pages_and_a_scene_closing_collects(display, monkeypatch):
    from table_app.ui import app as app_mod
    from table_app.ui.scenes.scores import ScoreSheet
    calls = []
    monkeypatch.setattr(app_mod, "release_memory", lambda collect=True: calls.append(collect))
    app, scene = _table_app()
    app._trim_at = float("inf")        # (the periodic return is tested below)
    calls.clear()
    app.push(ScoreSheet(scene.session, between=False))
    app.pop()
    app.step(dt=0.016)
    assert calls == [False]
    app.step(dt=0.016)
    assert calls == [False]            # once per close
    scene.session.close()
    app.stack.clear()
    app.step(dt=0.016)
    assert calls == [False, True]


def test_free_pages_go_back_every_few_seconds_in_a_real_window(display, monkeypatch):
    from table_app.ui import app as app_mod
    calls = []
    monkeypatch.setattr(app_mod, "release_memory", lambda collect=True: calls.append(collect))
    app, scene = _table_app()
    calls.clear()
    app._trim_at = 0.0
    app.step(dt=0.016)
    app.step(dt=0.016)
    assert calls == [False]            # then not before TRIM_EVERY_S
    assert app._trim_at > 0
    scene.session.close()
    app.stack.clear()


def test_queued_events_of_killed_widgets_are_dropped(display):
    import pygame_gui

    from table_app.ui.app import drop_dead_ui_events
    m = pygame_gui.UIManager((320, 200))
    dead = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 50, 20), "x", m)
    live = pygame_gui.elements.UIButton(pygame.Rect(0, 30, 50, 20), "y", m)
    dead.kill()
    pygame.event.clear()
    for el in (dead, live, dead):
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_UNHOVERED,
                                             ui_element=el, ui_object_id="#b"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert drop_dead_ui_events() == 2
    left = pygame.event.get()
    assert [e.type for e in left] == [pygame.KEYDOWN, pygame_gui.UI_BUTTON_ON_UNHOVERED]
    assert left[1].ui_element is live


def test_the_picker_lets_its_widgets_go_under_the_table_and_builds_them_again(display):
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    app = App((1280, 800), headless=True, instant=True)
    picker = app.push(PickerScene())
    picker.names[0] = "Quinn"
    picker.build()
    session = picker.play("may_i", players=4, autosave=False)
    assert picker.widgets == [] and picker.entries == []
    session.close()
    app.pop()                                  # the table closes: the picker again
    assert app.stack.top is picker and picker.widgets
    assert picker.entries[0].get_text() == "Quinn"
    app.stack.clear()


# ---------------------------------------------------------------------- start-up choices
def test_the_framebuffer_is_sdl_s_native_one_unless_the_user_says(display, monkeypatch):
    from table_app.ui.app import App
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    App((1024, 640), headless=True)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    App((1024, 640), headless=True)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"


def test_the_theme_s_fonts_are_read_from_their_files(display):
    """pygame_gui read Noto Sans into memory whole for every size and style the theme
    uses; the app has SDL_ttf read it from its file."""
    from pygame_gui.core.utility import PackageResource

    from table_app.ui.app import App
    app = App((1024, 640), headless=True)
    fd = app.manager.get_theme().get_font_dictionary()
    noto = fd.known_font_paths["noto_sans"]
    assert all(isinstance(loc, str) and os.path.isfile(loc) and loc.endswith(".ttf")
               for loc, _force in noto)
    assert not any(isinstance(loc, PackageResource) for loc, _f in noto)
    # the theme's fonts are loaded (from those files), not only the default one
    assert len(fd.loaded_fonts) >= 4
