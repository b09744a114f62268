"""The hint comes from the hard level's search (issue 18), thought on the session's
worker thread: the frame loop runs on while it thinks, and the hint that arrives is hard's
decision for the human's observation, with hard's reason put into words."""
from __future__ import annotations

import os
import random
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from table_app.ai import make_player  # noqa: E402
from table_app.i18n import set_language  # noqa: E402
from table_app.i18n.hints import hint_reason  # noqa: E402
from table_app.ui.table.hint import HINT_LEVEL, hint_player, hint_question  # noqa: E402
from tests.helpers.table import key, wait_hint  # noqa: E402


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    yield
    set_language("en")


def _table(variant, seed=3, n=4):
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    app = App((1280, 800), headless=True, instant=True)
    app.settings = app.settings.replace(ask_only_fitting=False)
    s = GameSession(variant, n, seed=seed, autosave=False)
    scene = TableScene(s)
    app.push(scene)
    _until_human(app, scene)
    return app, scene, s


def _until_human(app, scene, limit=3000):
    s = scene.session
    for _ in range(limit):
        app.step(0.02)
        if scene.caught_up() and not scene.layer.moving() and s.human_to_act():
            return
    raise AssertionError("the human never got a decision")


def _counted(monkeypatch):
    """Hard's searches counted in worlds, not CPU time (a budget no decision reaches), so
    that the same question gets the same answer twice: Michigan's lead search
    (``SearchMichigan``) and the contract family's searched decisions (MX-7, CR-5)."""
    import table_app.ai as ai
    from table_app.ui.table import hint
    real = ai.make_player

    def counted(level, variant, *a, **kw):
        p = real(level, variant, *a, **kw)
        if level == "hard":
            p.budget_ms = 60_000
            if variant == "michigan":
                p.samples = 40
            else:
                p.search_worlds = 8
        return p
    monkeypatch.setattr(ai, "make_player", counted)
    monkeypatch.setattr(hint, "_PLAYERS", {})
    return counted


@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican", "michigan"])
def test_the_hint_is_the_hard_levels_decision_for_that_observation(variant, monkeypatch):
    make_player = _counted(monkeypatch)
    app, scene, s = _table(variant)
    try:
        assert HINT_LEVEL == "hard" and hint_player(s.variant, s.options).level == "hard"
        for _ in range(3):                       # three of the human's decisions
            obs, legal, rng = hint_question(s)
            want, why = make_player("hard", variant).decide(obs, legal, rng)
            key(app, pygame.K_h)
            h = wait_hint(app, scene)
            assert h is not None and h.action == want and h.reason == why
            assert h.text() == f"Hint: in your seat the hard player {hint_reason(why)}"
            assert h.text() in scene.status_text()
            if variant == "michigan" and len(legal) > 1:
                assert why.id == "expects"           # hard's search, not normal's score
            s.engine.apply(h.action)             # follow the hint; on to the next decision
            s.generation += 1
            scene.refresh()
            if s.game_over() or s.deal_due():
                break
            _until_human(app, scene)
    finally:
        app.stack.clear()


class _Slow:
    """An adviser that thinks until the test lets it go (``go``); ``waited_out``: it
    was never let go (the frame loop was blocked on it)."""

    level = "hard"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.waited_out = False

    def decide(self, obs, legal, rng):
        self.started.set()
        self.waited_out = not self.go.wait(30.0)
        return legal[0], None


def test_the_frame_loop_runs_on_while_the_hint_is_thought():
    app, scene, s = _table("contract")
    try:
        slow = _Slow()
        scene.hints.player = slow
        assert scene.show_hint()
        assert slow.started.wait(30.0)           # thinking on the worker thread
        frames = 0
        for _ in range(30):                      # frames go on meanwhile
            app.step(0.02)
            app.draw()
            frames += 1
        assert frames == 30 and not slow.go.is_set() and not slow.waited_out
        assert scene.hints.thinking and scene.current_hint() is None
        assert scene.toast.msg == "Thinking about a hint…"
        legal = s.engine.legal_actions()
        slow.go.set()
        h = wait_hint(app, scene)
        assert h is not None and h.action == legal[0] and not slow.waited_out
    finally:
        app.stack.clear()


def test_a_hint_that_arrives_after_the_player_moved_is_dropped():
    app, scene, s = _table("contract")
    try:
        slow = _Slow()
        scene.hints.player = slow
        assert scene.show_hint()
        assert slow.started.wait(30.0)
        obs, legal, _ = hint_question(s)
        s.engine.apply(make_player("normal", "contract").decide(obs, legal, random.Random(1))[0])
        s.generation += 1                        # the player moved (as ``session.apply``)
        slow.go.set()
        for _ in range(20):
            app.step(0.02)
        assert scene.current_hint() is None and not scene.hints.thinking
    finally:
        app.stack.clear()


def test_no_hint_is_thought_when_the_decision_is_not_the_humans():
    app, scene, s = _table("contract")
    try:
        while s.human_to_act() is not None:      # the human's turn played to its end
            obs, legal, _ = hint_question(s)
            s.engine.apply(make_player("normal", "contract").decide(obs, legal, random.Random(1))[0])
            s.generation += 1
        assert not scene.show_hint()
        assert scene.toast.msg == "A hint is for your own decision: wait for your turn"
        assert not scene.hints.thinking and scene.current_hint() is None
    finally:
        app.stack.clear()


@pytest.mark.parametrize("lang,word", [("ru", "Подсказка: "), ("uk", "Підказка: ")])
def test_the_hard_hint_is_said_in_russian_and_ukrainian(lang, word):
    from table_app.storage.settings import Settings
    set_language(lang)
    app, scene, s = _table("mexican")
    try:
        app.settings = Settings().replace(language=lang, ask_only_fitting=False)
        set_language(lang)
        assert scene.show_hint()
        h = wait_hint(app, scene)
        assert h is not None and h.reason
        assert scene.toast.msg.startswith(word) and hint_reason(h.reason) in scene.toast.msg
        assert hint_reason(h.reason) != str(h.reason)   # not the English text
    finally:
        app.stack.clear()
