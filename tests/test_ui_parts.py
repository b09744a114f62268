"""Headless tests of the table's parts: the scene stack, meld readings, the Contract wild
swap by drag and drop, a hard computer player thinking off the main thread, the animated
snap-back of an illegal drop, and the settings screen."""
from __future__ import annotations

import threading

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Deal, Discard, GoDown, Swap  # noqa: E402
from table_app.core.cards import parse_cards, parse_face  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    build_deck,
    drag,
    hand_card,
    make_table,
    point_of,
    press,
    settle,
    stage,
    step,
    zone_point,
)


def test_scene_stack_lifecycle_and_overlays():
    from table_app.ui.app import App
    from table_app.ui.scene import Scene
    calls = []

    class S(Scene):
        def __init__(self, name, transparent=False):
            super().__init__()
            self.name = name
            self.transparent = transparent

        def startup(self):
            calls.append(("startup", self.name))

        def resume(self):
            calls.append(("resume", self.name))

        def pause(self):
            calls.append(("pause", self.name))

        def shutdown(self):
            calls.append(("shutdown", self.name))

    app = App((1024, 640), headless=True, instant=True)
    a, b = S("a"), S("b", transparent=True)
    app.push(a)
    app.push(b)
    assert app.stack.visible() == [a, b]
    app.replace(S("c"))
    assert [s.name for s in app.stack.visible()] == ["c"]
    app.pop()
    assert app.stack.top is a
    assert calls == [("startup", "a"), ("resume", "a"), ("pause", "a"), ("startup", "b"),
                     ("resume", "b"), ("shutdown", "b"), ("startup", "c"), ("resume", "c"),
                     ("shutdown", "c"), ("resume", "a")]


@pytest.mark.parametrize("cards,wild,first", [
    ("5C 6C JK 8C", (), "run[5C 6C JK(7C) 8C]"),
    ("7C 7D 4H", (4,), "set[7C 7D 4H(7S)]"),
    ("QS KS AS JK", (), "run[JK(JS) QS KS AS]"),
    ("AH 2H 3H JK", (), "run[AH 2H 3H JK(4H)]"),
])
def test_meld_readings_propose_the_natural_reading(cards, wild, first):
    from table_app.ui.table.meldhelp import readings
    assert readings(parse_cards(cards), frozenset(wild))[0].code() == first


def test_contract_swap_a_natural_card_for_the_joker_by_dropping_it_on_the_joker():
    from table_app.variants import find_variant
    rules = find_variant("contract")({})
    deck = build_deck(rules.deck(3), [
        ["5C", "6C", "JK", "8C", "7D", "7H", "7S", "7C", "2D", "4H"],
        ["3S", "3H", "5S", "6D", "8H", "10D", "JS", "QD", "KC", "AH"],
        ["3D", "4S", "5H", "6H", "8D", "10C", "JH", "QS", "KD", "AC"],
    ], ["KH", "9S"])
    app, scene, s = make_table("contract", 3, Deal(2, 2, deck), {1: Scripted(), 2: Scripted()})
    eng = s.engine
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    stage(app, scene, ["5C", "6C", "JK", "8C"])
    stage(app, scene, ["7D", "7H", "7S"])
    press(app, scene, "go_down")
    gd = eng.log[-1]
    assert isinstance(gd, GoDown)
    run = next(i for i, m in enumerate(eng.observe(0).melds) if m.kind == "run")
    # drop 7C right on the joker of the run
    r, card, role = next(x for x in scene.view.meld_cards[run] if x[2] is not None)
    drag(app, point_of(scene, hand_card(scene, "7C")), (r.x + 6, r.centery))
    assert eng.log[-1] == Swap(0, run, parse_face("7C"))
    assert any(c >> 3 == 52 for c in eng.observe(0).hand)  # the joker came back to the hand
    drag(app, point_of(scene, hand_card(scene, "9S")), zone_point(scene, "discard"))
    assert isinstance(eng.log[-1], Discard) or any(isinstance(e, Discard) and e.player == 0 for e in eng.log)


class Recorder:
    def __init__(self):
        self.threads = []

    def decide(self, obs, legal, rng):
        self.threads.append(threading.current_thread())
        return Scripted().decide(obs, legal, rng)


def test_a_hard_player_thinks_off_the_main_thread():
    import random

    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    deck = list(rules.deck(3))
    random.Random(4).shuffle(deck)
    rec = Recorder()
    app, scene, s = make_table("may_i", 3, Deal(1, 0, tuple(deck)), {1: rec, 2: Scripted()})
    s.levels[1] = "hard"
    eng = s.engine
    # seat 1 acts first (left of dealer 0)
    settle(app, scene)
    assert rec.threads and all(t is not threading.main_thread() for t in rec.threads)
    assert any(getattr(e, "player", None) == 1 for e in eng.log)


def test_an_illegal_drop_glides_back_and_changes_nothing():
    import random

    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from table_app.variants import find_variant
    rules = find_variant("mexican")({})
    deck = list(rules.deck(2))
    random.Random(9).shuffle(deck)
    app = App((1280, 800), headless=True, instant=False)
    s = GameSession("mexican", 2, seed=3, autosave=False)
    s.players = {1: Scripted()}
    s.engine.apply(Deal(1, 1, tuple(deck)), forced=True)
    scene = TableScene(s)
    app.push(scene)
    for _ in range(60):
        app.step(0.05)
    assert s.human_to_act() == "draw"
    log = list(s.engine.log)
    c = scene.ui.hand_order[0]
    home = scene.layer.sprites[c].target_rect().topleft
    drag(app, point_of(scene, c), zone_point(scene, "discard"))   # discarding before drawing
    assert s.engine.log == log
    assert "CF-10" in scene.toast.msg
    sp = scene.layer.sprites[c]
    assert sp.moving() and sp.target_rect().topleft == home       # gliding back home
    for _ in range(30):
        app.step(0.05)
    assert not sp.moving() and sp.rect().topleft == home


def test_settings_screen_changes_and_saves_a_setting():
    import pygame_gui

    from table_app.storage.settings import load_settings
    from table_app.ui.app import App
    from table_app.ui.scenes.settings import SettingsScene
    app = App((1280, 800), headless=True, instant=True)
    sc = SettingsScene()
    app.push(sc)
    step(app, 2)
    before = app.settings.auto_pass_buys
    b = sc.btns["auto_pass_buys"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    step(app, 3)
    assert app.settings.auto_pass_buys is (not before)
    assert load_settings()[0].auto_pass_buys is (not before)
    _ = pygame_gui


def test_resize_keeps_the_widgets_of_covered_scenes_hidden():
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    app = App((1280, 800), headless=True, instant=True)
    p = PickerScene()
    app.push(p)
    step(app, 1)
    s = p.start(autosave=False)
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=680, size=(1024, 680)))
    step(app, 2)
    assert app.size == (1024, 680)
    assert p.widgets and not any(w.visible for w in p.widgets)
    assert any(w.visible for w in app.stack.top.widgets)
    s.close()


def _click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 3)


def test_a_whole_michigan_session_ends_on_the_results_screen_then_new_game():
    """3 players, one rotation (3 deals): the human leads by clicking a lifted card; the
    score sheet's Next deal between deals; the results screen; New game."""
    from table_app.ui.app import App
    from table_app.ui.scenes.scores import DealEndScene, ResultsScene, ScoreSheet
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    app = App((1280, 800), headless=True, instant=True)
    s = GameSession("michigan", 3, seed=21, autosave=False)
    s.players = {1: Scripted(), 2: Scripted()}
    scene = TableScene(s)
    app.push(scene)
    for _ in range(3000):
        step(app, 1)
        top = app.stack.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, (DealEndScene, ScoreSheet)):   # every hand, then the sheet
            b = next(w for w in top.widgets if getattr(w, "name", "") == "next")
            _click(app, b.rect.center)
            continue
        if top is scene and scene.caught_up() and s.human_to_act() == "lead" and scene.ui.lift:
            c = sorted(scene.ui.lift)[0]
            _click(app, point_of(scene, c))
    assert isinstance(app.stack.top, ResultsScene)
    ge = [e for e in s.engine.log if e.type == "game_end"]
    assert ge and sum(1 for e in s.engine.log if e.type == "deal_end") == 3
    assert any(e.type == "lead" and e.player == 0 for e in s.engine.log)
    b = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "new")
    _click(app, b.rect.center)
    top = app.stack.top
    assert isinstance(top, TableScene) and top.session is not s
    assert top.session.variant == "michigan" and top.session.engine.log[0].type == "deal"
    top.session.close()


@pytest.mark.slow
def test_autosave_and_resume_from_the_picker():
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.table import TableScene
    app = App((1280, 800), headless=True, instant=True)
    p = PickerScene()
    app.push(p)
    step(app, 1)
    p.press("v_mexican")
    s = p.start(seed=5)                                   # autosaved through storage
    scene = app.stack.top
    s.players = {k: Scripted() for k in s.players}
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    n = len(s.engine.log)
    assert s.journal is not None and s.journal.path.is_file()
    # leave the table through its menu, back at the picker Resume is offered
    scene.press_button("menu")
    step(app, 2)
    menu = app.stack.top
    b = next(w for w in menu.widgets if getattr(w, "name", "") == "picker")
    _click(app, b.rect.center)
    picker = app.stack.top
    assert isinstance(picker, PickerScene)
    assert picker.unfinished is not None and picker.named["resume"].is_enabled
    _click(app, picker.named["resume"].rect.center)
    top = app.stack.top
    assert isinstance(top, TableScene)
    assert top.session.variant == "mexican"
    assert [e.to_json() for e in top.session.engine.log[:n]] == [e.to_json() for e in s.engine.log[:n]]
    top.session.close()


def test_the_role_chooser_declares_the_wild_the_player_picks():
    from table_app.variants import find_variant
    from tests.helpers.table import click
    rules = find_variant("contract")({})
    deck = build_deck(rules.deck(3), [
        ["5C", "6C", "JK", "7C", "7D", "7H", "7S", "8C", "2D", "4H"],
        ["3S", "3H", "5S", "6D", "8H", "10D", "JS", "QD", "KC", "AH"],
        ["3D", "4S", "5H", "6H", "8D", "10C", "JH", "QS", "KD", "AC"],
    ], ["KH", "9S"])
    app, scene, s = make_table("contract", 3, Deal(2, 2, deck), {1: Scripted(), 2: Scripted()})
    eng = s.engine
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    stage(app, scene, ["5C", "6C", "7C", "JK"])
    stage(app, scene, ["7D", "7H", "7S"])
    joker = next(c for c in scene.ui.staged[0] if c >> 3 == 52)
    click(app, point_of(scene, joker))                 # opens the chooser
    gi, rs, box = scene.gestures.chooser
    assert len(rs) >= 2
    want = next(i for i, d in enumerate(rs) if parse_face("4C") in d.roles)
    click(app, (box.x + 30, box.y + 26 + 26 * want + 12))
    press(app, scene, "go_down")
    gd = eng.log[-1]
    assert isinstance(gd, GoDown)
    run = next(m for m in gd.melds if m.kind == "run")
    assert parse_face("4C") in run.roles


def test_rules_open_from_the_picker_and_the_table_menu():
    pytest.importorskip("table_app.ui.scenes.rules")
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.rules import RulesScene
    app = App((1280, 800), headless=True, instant=True)
    p = PickerScene()
    app.push(p)
    step(app, 1)
    p.press("v_michigan")
    _click(app, p.named["rules"].rect.center)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.variant == "michigan"
    app.pop()
    s = p.start(autosave=False)
    table = app.stack.top
    table.press_button("menu")
    step(app, 2)
    b = next(w for w in app.stack.top.widgets if getattr(w, "name", "") == "rules")
    _click(app, b.rect.center)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.variant == "michigan"
    s.close()
