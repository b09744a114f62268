"""The scene stack (Tuxemon ``state.py`` style).

A scene has a lifecycle: ``startup`` (pushed), ``resume`` (becomes the top scene),
``pause`` (another scene is pushed over it), ``shutdown`` (popped or replaced).  Every
frame the app gives events to the top scene only (after pygame_gui had its turn), updates
the top scene (and the scenes under a transparent overlay when they ask for it), and draws
bottom-up from the lowest visible scene.

A scene owns the pygame_gui widgets it creates: ``self.widgets`` are killed on shutdown
and hidden while paused (so a paused scene's buttons can't be pressed under an overlay).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from .app import App


class Scene:
    """Base scene.

    Attributes:
        transparent: the scene below is drawn first (an overlay).
        update_below: the scene below keeps updating under this overlay.
        app: the running app (set when pushed; typed as always there, because a scene
            runs, draws and handles events only once pushed).
    """
    transparent = False
    update_below = False
    app: App

    def __init__(self) -> None:
        self.app = None  # type: ignore[assignment]  # until pushed (see the docstring)
        self.widgets: list[Any] = []
        self.covered: list[Any] = []

    # ---- lifecycle
    def startup(self) -> None:
        """Pushed: create widgets here (the window size is known)."""

    def resume(self) -> None:
        self.covered = []
        for w in self.widgets:
            w.show()

    def pause(self) -> None:
        """Covered by another scene: the widgets hidden (pygame_gui would draw them over
        it), the ones that were shown kept in ``covered`` (``draw_covered``)."""
        shown = [w for w in self.widgets if w.visible]
        if shown or not any(w.alive() for w in getattr(self, "covered", ())):
            self.covered = shown       # (a second pause keeps the first one's list)
        for w in self.widgets:
            w.hide()

    def draw_covered(self, surface: pygame.Surface) -> None:
        """Under a transparent overlay: the widgets hidden by ``pause`` drawn as they
        last looked (pygame_gui keeps a hidden widget's image), so the screen behind the
        overlay stays whole (the overlay dims it) rather than gaps where they were."""
        covered = {id(w) for w in getattr(self, "covered", ()) if w.alive()}
        if not covered or self.app is None:
            return
        for el in self.app.manager.get_sprite_group().sprites():   # in drawing order
            if el.visible:
                continue
            root = el
            while getattr(root, "parent_element", None) is not None:
                root = root.parent_element
            img = getattr(el, "image", None)
            if id(root) in covered and img is not None:
                surface.blit(img, el.rect)

    def shutdown(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()

    # ---- frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Returns whether the event was used."""
        return False

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """A pygame_gui event (button pressed, ...)."""
        return False

    def update(self, dt: float) -> None:
        """``dt`` in seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def work_ahead(self, slack=None) -> int:
        """Work ahead of need done in the frame's ``slack`` (a ``ui.slack.FrameSlack``),
        after the frame is drawn (``App.step``); returns the pieces done.  A scene with
        a ``board`` (the table, the replay viewer) renders the faces it will show."""
        board = getattr(self, "board", None)
        return board.work_ahead(slack) if board is not None else 0

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild widgets and reflow."""

    def busy(self) -> bool:
        """Something moves or waits on a timer: the loop must not sleep."""
        return False

    def waiting(self) -> bool:
        """The scene counts frames of its own while nothing it draws changes (a pause
        before its next step): the loop must not sleep, but need not draw again.  The
        idle loop ticks once a second with ``dt`` capped at 0.1 s, which stretched such a
        wait tenfold (a tester waited 15-35 s at Michigan's deal end on a still table)."""
        return False

    def frame_key(self):
        """A cheap value that changes whenever ``update`` changed what ``draw`` shows (the
        app redraws an idle tick only then); ``None`` for a scene whose updates never do."""
        return None

    def backdrop_key(self):
        """What the scene shows under an overlay, in brief (a tuple), or ``None`` while
        something of it may change on its own (it is ``busy``): ``App.draw`` keeps the
        shaded scene from the last frame while this stays the same."""
        return None if self.busy() else ("still", self.frame_key())

    # ---- helpers
    def k(self, x) -> int:
        """``x`` logical pixels in surface pixels (the app's HiDPI scale, 1 on most
        screens): fixed sizes of widgets and gaps go through it."""
        u = getattr(self.app, "ui_scale", 1.0) if self.app is not None else 1.0
        return int(round(x * u))

    def add(self, widget):
        self.widgets.append(widget)
        return widget

    def clear_widgets(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()


class SceneStack:
    """Push, pop and replace scenes, calling their lifecycle hooks."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        #: opaque scenes and overlays shut down so far, and how many when ``released``
        #: last ran
        self.closed = 0
        self.closed_overlays = 0
        self._released = (0, 0)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, _pause_below: bool = True) -> Scene:
        if self.scenes and _pause_below:
            self.scenes[-1].pause()
        self.released()   # what a closed scene held goes before this one takes its own
        scene.app = self.app
        self.scenes.append(scene)
        scene.startup()
        scene.resume()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.shutdown()
        self.closed += not s.transparent
        self.closed_overlays += bool(s.transparent)
        if self.scenes:
            self.scenes[-1].resume()
        return s

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (the scene below stays paused)."""
        if self.scenes:
            s = self.scenes.pop()
            s.shutdown()
            self.closed += not s.transparent
            self.closed_overlays += bool(s.transparent)
        return self.push(scene, _pause_below=False)

    def clear(self) -> None:
        while self.scenes:
            self.pop()

    def released(self) -> None:
        """Free what the scenes closed since the last call held, once for all of them:
        a full scene's (``App.release``: a collection, a few tens of ms, at a change of
        scene), else an overlay's (``App.release(full=False)``: the allocator's free
        pages only, a millisecond or two: the score sheet between deals).  Called
        before a scene is pushed and once a frame."""
        now = (self.closed, self.closed_overlays)
        if now != self._released:
            full = now[0] != self._released[0]
            self._released = now
            release = getattr(self.app, "release", None)
            if release is not None:
                release(full=full)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom-up."""
        out: list[Scene] = []
        for s in reversed(self.scenes):
            out.append(s)
            if not s.transparent:
                break
        return list(reversed(out))

    def updating(self) -> list[Scene]:
        out: list[Scene] = []
        for s in reversed(self.scenes):
            out.append(s)
            if not s.update_below:
                break
        return list(reversed(out))


#: the overlays' panels (a rounded box of per-pixel alpha), by size and fill: one kept
#: (an overlay draws the same panel every frame), the bound in bytes of pixels
#: (``cardart.SurfaceCache``), dropped by ``forget_overlay_panels`` when a scene closes
PANEL_BYTES = 4 << 20
_PANELS: dict = {}


def _panel_cache():
    got = _PANELS.get("cache")
    if got is None:
        from .cardart import SurfaceCache
        got = _PANELS["cache"] = SurfaceCache(PANEL_BYTES)
    return got


def forget_overlay_panels() -> None:
    """Let the kept overlay panels go (a closed scene's: ``App.release``)."""
    _panel_cache().clear()


def overlay_panel(size, fill_alpha: int = 245) -> pygame.Surface:
    """An overlay's panel of ``size`` (pixels): dark felt green at ``fill_alpha`` with a
    gold border and round corners, per-pixel alpha; kept (``PANEL_BYTES``), so treat it
    as read-only."""
    key = (int(size[0]), int(size[1]), int(fill_alpha))
    cache = _panel_cache()
    s = cache.get(key)
    if s is None:
        s = pygame.Surface(key[:2], pygame.SRCALPHA)
        pygame.draw.rect(s, (14, 44, 28, fill_alpha), s.get_rect(), border_radius=14)
        pygame.draw.rect(s, (226, 182, 70), s.get_rect(), 2, border_radius=14)
        cache[key] = s
    return s


def darken(surf: pygame.Surface, dim: int, rect=None) -> None:
    """Darken ``surf`` (or its ``rect``) in place as a black shade of alpha ``dim``
    (0..255) over it would (each channel times ``(255 - dim) / 256``, within one level
    of the shade's blend): no window-sized surface made for it."""
    k = max(0, min(255, 255 - int(dim)))
    surf.fill((k, k, k), rect, special_flags=pygame.BLEND_RGB_MULT)


def draw_overlay_panel(surf: pygame.Surface, panel: pygame.Rect, dim: int = 130,
                       fill_alpha: int = 245) -> None:
    """Darken the scene below (``dim``: alpha 0..255, in place: ``darken``) and draw an
    overlay's panel (``overlay_panel``) at ``panel`` (pixels)."""
    darken(surf, dim)
    surf.blit(overlay_panel(panel.size, fill_alpha), panel.topleft)
