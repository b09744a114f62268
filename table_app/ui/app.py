"""The app: one resizable pygame-ce window, the pygame_gui manager and the scene stack.

The loop (ARCHITECTURE.md, "The UI loop"): ``dt = clock.tick(fps)``; every event first
to ``UIManager.process_events`` (which says whether a widget consumed it), then to the top
scene; update; draw the visible scenes bottom-up, then the widgets; flip.  When no scene
is busy (nothing glides, no AI thinks, no countdown runs) the loop sleeps on
``pygame.event.wait`` with a timeout instead of spinning.

``App(headless=True)`` is for tests: ``step()`` runs one frame without sleeping, and
``instant=True`` makes every animation and AI pause zero.

The window: its title is "Table App" in the player's language (the X11 class stays
``table-app``, ``WM_CLASS``, as the desktop entry's ``StartupWMClass``); F11 toggles full
screen, from every screen, and the ``fullscreen`` setting remembers it for the next start;
``ui_scale`` (pixels per logical pixel, what every screen lays out and writes with) is the
screen's own HiDPI scale (``pixel_scale``: the surface's pixels per window point) times
the ``ui_scale`` setting (100-200 %, for a HiDPI screen where nothing scales by itself:
X11), never so large that the window is smaller than ``MIN_SIZE`` logical pixels.
"""
from __future__ import annotations

import os
import sys
import time as _time
from pathlib import Path
from typing import Any

import pygame

from ..i18n import N_, _, set_language
from .keys import key_of
from .scene import Scene, SceneStack, darken
from .slack import AheadCost, FrameSlack

FPS = 60
#: seconds between two returns of the allocator's free pages (``release_memory``)
TRIM_EVERY_S = 5.0
#: the smallest window (window coordinates): the smallest size the layouts are tested at
#: (tests/test_ui_layout.py) and the README's minimum
MIN_SIZE = (1024, 640)
#: the window's X11 class (SDL_VIDEO_X11_WMCLASS): packaging/table-app.desktop's
#: StartupWMClass; never translated
WM_CLASS = "table-app"
#: the window's title, in the player's language (the desktop entry's Name)
WINDOW_TITLE = N_("Table App")
#: the ui_scale setting's range (per cent of the screen's own scale)
UI_SCALE_RANGE = (100, 200)


def effective_ui_scale(pixel_scale: float, percent, size) -> float:
    """Pixels per logical pixel: the screen's ``pixel_scale`` times the ``ui_scale``
    setting (``percent``, 100-200), but no more than keeps a window of ``size`` surface
    pixels at least ``MIN_SIZE`` logical pixels (every screen is laid out for that:
    200 % in a 1280x800 window gives 1.25), and never less than ``pixel_scale``."""
    try:
        pc = max(UI_SCALE_RANGE[0], min(UI_SCALE_RANGE[1], float(percent)))
    except (TypeError, ValueError):
        pc = 100.0
    k = pixel_scale * pc / 100.0
    fit = min(size[0] / MIN_SIZE[0], size[1] / MIN_SIZE[1])
    return round(max(pixel_scale, min(k, fit)), 3)


def _gui_locale(manager, lang: str) -> None:
    """pygame_gui's own texts (a message window's button...) in our language."""
    try:
        manager.set_locale(lang)
    except Exception:  # noqa: BLE001 - an old pygame_gui: its texts stay English
        pass


def load_prefs(messages: list | None = None):
    """The settings from storage (or defaults when storage can't be used).  A bad file
    gives the defaults; what was wrong is appended to ``messages``."""
    try:
        from ..storage.settings import load_settings
        s, msgs = load_settings()
        if messages is not None:
            messages.extend(msgs)
        return s
    except Exception as e:  # noqa: BLE001 - storage is optional for the window
        from ..storage.settings import Settings
        if messages is not None:
            messages.append(f"settings: {e}")
        return Settings()


def save_prefs(settings) -> None:
    try:
        from ..storage.settings import save_settings
        save_settings(settings)
    except Exception:  # noqa: BLE001 - a read-only config folder must not stop the game
        pass


def _set_icon() -> None:
    """The window's icon: the app's (``sprites/icon_64.png``), when it is there."""
    try:
        from ..assets import asset_path
        p = asset_path("sprites/icon_64.png")
        if p.is_file():
            pygame.display.set_icon(pygame.image.load(str(p)))
    except Exception:  # noqa: BLE001 - an icon never stops the window
        pass


_TRIM: list[Any] = []


def release_memory(collect: bool = True) -> None:
    """Free what closed scenes held: a full garbage collection (a scene, its engine and
    its surfaces form reference cycles, which wait for the next full collection
    otherwise: minutes of a game, a second table's worth of memory; ``collect=False``:
    none), then the C allocator gives its free pages back to the system (glibc's
    ``malloc_trim``: a deal of 8 seats leaves about 10 MB of them; nothing elsewhere)."""
    import gc
    if collect:
        gc.collect()
    if not _TRIM:
        fn = None
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                fn = ctypes.CDLL("libc.so.6").malloc_trim
                fn.argtypes = [ctypes.c_size_t]
            except (OSError, AttributeError):
                fn = None
        _TRIM.append(fn)
    if _TRIM[0] is not None:
        try:
            _TRIM[0](0)
        except Exception:  # noqa: BLE001 - a libc without it: the pages stay mapped
            pass


#: glibc's ``mallopt`` parameter: the most malloc arenas the process may have
M_ARENA_MAX = -8
#: the arenas the app's threads share (the main thread's and one more)
ARENAS = 2


def tune_allocator(arenas: int = ARENAS) -> bool:
    """At start-up, before any thread: glibc's malloc keeps at most ``arenas`` arenas
    (``mallopt(M_ARENA_MAX, arenas)``).  By default every thread that allocates gets an
    arena of its own (up to 8 per core), and the computer players' worker threads left
    their searches' freed memory mapped in theirs (issue #17: RSS held after each
    turn).  Returns whether it was set: ``False`` (nothing done) off glibc (musl, macOS,
    Windows) or where ``mallopt`` can't be called."""
    import ctypes
    import platform
    try:
        if platform.libc_ver()[0] != "glibc":
            return False
        fn = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, ValueError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_int]
    fn.restype = ctypes.c_int
    try:
        return fn(M_ARENA_MAX, int(arenas)) == 1
    except Exception:  # noqa: BLE001 - an allocator that refuses: as it was
        return False


def drop_dead_ui_events() -> int:
    """Take the queued pygame_gui events of widgets that were killed (a closed scene's:
    an "unhovered" its button posted as it went) off the event queue: each holds its
    widget, and the widget its scene, until the next frame would read it.  The other
    events are put back in their order.  Returns how many were dropped."""
    try:
        import pygame_gui
        # its own event types, and USEREVENT (older pygame_gui posts each event twice,
        # the second time as a USEREVENT with a ``user_type``)
        types = [v for k, v in vars(pygame_gui).items() if k.startswith("UI_") and isinstance(v, int)]
        types.append(pygame.USEREVENT)
        evs = pygame.event.get(eventtype=types)
    except (pygame.error, ImportError, TypeError):
        return 0
    dropped = 0
    for ev in evs:
        el = getattr(ev, "ui_element", None)
        if el is not None and hasattr(el, "alive") and not el.alive():
            dropped += 1
            continue
        pygame.event.post(ev)
    return dropped


_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def window_size(surf) -> tuple[int, int]:
    """The window's size in window coordinates (``pygame.display.get_window_size``);
    the surface's own size where there is no window."""
    try:
        ws = tuple(pygame.display.get_window_size())
    except (pygame.error, AttributeError):
        ws = (0, 0)
    w, h = ws if ws[0] > 0 and ws[1] > 0 else surf.get_size()
    return (int(w), int(h))


def display_window():
    """The display module's window as a ``pygame.Window`` (pygame-ce 2.4 and later: a
    future ``pygame.display.get_window()``, else ``Window.from_display_module()``, which
    2.5 marks deprecated but still has), or ``None`` where pygame has neither."""
    getter = getattr(pygame.display, "get_window", None)
    try:
        if getter is not None:
            return getter()
        cls = getattr(pygame, "Window", None)
        if cls is None or not hasattr(cls, "from_display_module"):
            return None
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return cls.from_display_module()
    except (pygame.error, AttributeError, TypeError):
        return None


def set_minimum_size(size=MIN_SIZE) -> bool:
    """The window manager keeps the window at least ``size`` (window coordinates, as SDL
    measures a window: on a HiDPI screen its surface has more pixels, the layouts follow
    it) by itself: a drag stops there, no resize below it reaches the app.  Whether the
    window took it (pygame without ``Window.minimum_size``: the app snaps the window back
    with ``set_mode`` instead)."""
    win = display_window()
    if win is None or not hasattr(win, "minimum_size"):
        return False
    try:
        win.minimum_size = (int(size[0]), int(size[1]))
        return tuple(win.minimum_size) == (int(size[0]), int(size[1]))
    except (pygame.error, ValueError, TypeError, AttributeError):
        return False


def display_scale(surf) -> float:
    """Pixels of the drawable surface per window coordinate: 1, or about 2 on a 2x HiDPI
    screen (where SDL gives the window a surface of its size in pixels)."""
    ww, _wh = window_size(surf)
    k = surf.get_width() / ww if ww else 1.0
    return round(k, 3) if k > 1.05 else 1.0


def scaled_theme(path: str, k: float) -> dict:
    """The pygame_gui theme with every font size multiplied by ``k`` (HiDPI)."""
    import json
    with open(path, encoding="utf-8") as f:
        theme = json.load(f)

    def walk(node):
        if isinstance(node, dict):
            for key, val in node.items():
                if key == "font" and isinstance(val, dict) and "size" in val:
                    try:
                        val["size"] = str(max(6, round(float(val["size"]) * k)))
                    except ValueError:
                        pass
                else:
                    walk(val)
    walk(theme)
    # pygame_gui takes no font from "defaults": the element types without one of their
    # own get its default font (Noto Sans 14), scaled here
    size = str(max(6, round(14 * k)))
    for element in ("button", "label", "text_entry_line", "drop_down_menu", "text_box",
                    "tool_tip", "selection_list", "horizontal_slider", "window", "panel"):
        block = theme.setdefault(element, {})
        if isinstance(block, dict) and "font" not in block:
            block["font"] = {"name": "noto_sans", "size": size, "bold": "0"}
    return theme


def use_font_files(manager) -> int:
    """pygame_gui's own fonts (Noto Sans, in its package) read by SDL_ttf from their
    files as it needs them: a font of the package is otherwise read into memory whole
    for every size and style the theme uses (580 KB each, a dozen of them: 10 MB at the
    picker).  The same files, the same glyphs.  Returns how many font files now come
    from their path (0 where pygame_gui is packed in a way that has no files)."""
    try:
        from importlib import resources

        from pygame_gui.core.utility import PackageResource
        fonts = manager.get_theme().get_font_dictionary().known_font_paths
    except (ImportError, AttributeError):
        return 0
    n = 0
    for name, entries in list(fonts.items()):
        new = []
        for loc, force in entries:
            if isinstance(loc, PackageResource):
                try:
                    path = resources.files(loc.package) / loc.resource
                except (ImportError, TypeError, ValueError):
                    path = None
                if isinstance(path, Path) and path.is_file():
                    loc = str(path)
                    n += 1
            new.append((loc, force))
        fonts[name] = new
    return n


class App:
    """The window, the widgets' manager and the scene stack.

    Args:
        size: the window size.
        headless: no real window needed (tests); never sleeps.
        instant: animations and AI pauses take no time (tests).
        settings: a ``Settings`` value (default: loaded from storage).
    """

    def __init__(self, size: tuple[int, int] | None = None, *, headless: bool = False,
                 instant: bool = False, settings=None) -> None:
        if not headless:
            # the X11 class the desktop entry names (StartupWMClass): importing pygame
            # sets it to the program's file name when it is unset ("__main__.py" under
            # python -m, "table-app" only from the console script), so that value is
            # replaced; one the player set stays
            cls = os.environ.get("SDL_VIDEO_X11_WMCLASS")
            if not cls or cls == os.path.basename(sys.argv[0] or ""):
                os.environ["SDL_VIDEO_X11_WMCLASS"] = WM_CLASS
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # Windows: window sizes and mouse positions in points and a drawable surface in
        # pixels on a scaled (HiDPI) display, instead of a blurry bitmap-scaled window;
        # ui_scale then follows the surface (only Windows reads this hint)
        os.environ.setdefault("SDL_WINDOWS_DPI_SCALING", "1")
        # the window's frames go to the screen as SDL's native framebuffer does (X11:
        # MIT-SHM), not through an OpenGL texture: the app draws on software surfaces
        # and presents whole frames, so the GL path only adds a GL driver to the process
        # (measured on Mesa's software renderer, 1920x1080: 174 MB RSS at the picker
        # against 76 MB, and 3.5 ms a flip against 0.55 ms of CPU; README "Benchmarks"
        # gives the reasoning for a GPU's driver).  Where SDL has no native framebuffer
        # (Wayland, macOS) it uses its texture path whatever this says; a value set by
        # the user is kept.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        from .sound import quiet_native_stderr
        with quiet_native_stderr():  # no ALSA chatter on a machine without a sound device
            pygame.init()
        #: what loading the settings reported (a bad file moved aside, a bad value)
        self.messages: list[str] = []
        self.settings = settings if settings is not None else load_prefs(self.messages)
        self.language = set_language(getattr(self.settings, "language", "system"))
        if size is None:
            size = tuple(self.settings.window_size) if self.settings else (1280, 800)
            if not headless:   # a stored size never larger than the screen
                try:
                    desk = pygame.display.get_desktop_sizes()[0]
                    if desk[0] > 0 and desk[1] > 0:
                        size = (min(size[0], desk[0]), min(size[1], desk[1]))
                except (pygame.error, IndexError, AttributeError):
                    pass
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.headless = headless
        self._instant_arg = bool(instant)
        self.instant = instant or bool(getattr(self.settings, "skip_animations", False))
        self.set_title()
        _set_icon()   # before set_mode, which otherwise looks up pygame's own icon
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        #: the window manager holds the window at ``MIN_SIZE`` (else resize snaps it back)
        self.min_size_set = set_minimum_size(MIN_SIZE)
        #: the drawable surface's size in pixels (what every scene lays out and draws in)
        self.size = self.screen.get_size()
        #: pixels per window coordinate: 2 on a 2x HiDPI screen whose window surface has
        #: twice the window's size (mouse positions are in window coordinates)
        self.pixel_scale = 1.0
        #: pixels per logical pixel: ``pixel_scale`` times the ui_scale setting
        #: (``effective_ui_scale``): what the screens lay out and write with
        self.ui_scale = 1.0
        self._update_scale()
        #: the window's size (window coordinates) before it went full screen
        self.windowed_size = window_size(self.screen)
        #: the window is full screen (F11; the ``fullscreen`` setting at the start)
        self.fullscreen = False
        self.clock = pygame.time.Clock()
        self.manager = self._make_manager(self.size)
        self.stack = SceneStack(self)
        self.running = True
        #: free what a closed scene held as soon as one closes (``release_memory``):
        #: on in a real window; the tests' headless apps open and close many scenes
        self.release_on_close = not headless
        self._trim_at = 0.0
        #: what drawing a widget's state ahead costs this app (``work_ahead``)
        self._widget_cost = AheadCost(first_ms=0.2)
        #: pygame_gui's fonts (their ids) that measured a text once (``_warm_gui_fonts``)
        self._fonts_warm: set = set()
        #: BENCHMARKS ONLY (``table-app play --autoplay N``): a computer player at the
        #: human's seat (``ui.autoplay.Autoplay``); ``None`` in every real game
        self.autoplay: Any = None
        self.sound = self._make_sound()
        from .table.sprites import make_art
        self.art = make_art()
        if bool(getattr(self.settings, "fullscreen", False)) and not headless:
            self.set_fullscreen(True, save=False)     # as it was left
        if not headless:
            self._search_cores()

    def _search_cores(self) -> None:
        """The hard players' worker processes for the ``ai_cores`` setting (``ai.pool``;
        a real window only: the headless tests decide on one core)."""
        try:
            from ..ai import pool
            pool.configure(int(getattr(self.settings, "ai_cores", 0)))
        except Exception:  # noqa: BLE001 - the search goes on one core
            import logging
            logging.getLogger(__name__).exception("the search's worker processes")

    # ------------------------------------------------------------------ parts
    @staticmethod
    def theme_path() -> str | None:
        p = Path(__file__).with_name("theme.json")
        return str(p) if p.is_file() else None

    def _make_manager(self, size):
        import pygame_gui
        theme = self.theme_path()
        if self.ui_scale != 1.0 and theme is not None:
            theme = scaled_theme(theme, self.ui_scale)
        m = pygame_gui.UIManager(size)
        use_font_files(m)      # before the theme's fonts load (a dozen of them)
        if theme is not None:
            m.get_theme().load_theme(theme)
        if isinstance(theme, dict):
            # the scaled theme's sizes in bold too (the help's and rules' <b>): loaded
            # now, not warned about when first drawn
            sizes = set()

            def walk(node):
                if isinstance(node, dict):
                    f = node.get("font")
                    if isinstance(f, dict) and str(f.get("size", "")).isdigit():
                        sizes.add(int(f["size"]))
                    for v in node.values():
                        walk(v)
            walk(theme)
            import warnings
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)   # (one loaded already)
                    m.preload_fonts([{"name": "noto_sans", "point_size": n, "style": "bold"}
                                     for n in sorted(sizes)])
            except Exception:  # noqa: BLE001 - a font not preloaded is loaded when drawn
                pass
        m.mouse_pos_scale_factor = [self.pixel_scale, self.pixel_scale]
        _gui_locale(m, getattr(self, "language", "en"))
        return m

    def _update_scale(self) -> None:
        """``pixel_scale`` from the surface's size beside the window's (HiDPI),
        ``ui_scale`` from it and the ui_scale setting, and the table text's font scale
        with it."""
        self.pixel_scale = display_scale(self.screen)
        self.ui_scale = effective_ui_scale(self.pixel_scale,
                                           getattr(self.settings, "ui_scale", 100),
                                           self.screen.get_size())
        from .table import text
        text.set_scale(self.ui_scale)
        text.set_four_color(bool(getattr(self.settings, "four_color", False)))

    def _rescale(self) -> None:
        """The ui_scale setting or the window changed ``ui_scale``: the widgets' manager
        made anew with the theme at the new scale, every scene laid out again."""
        old = self.ui_scale
        self._update_scale()
        if self.ui_scale == old:
            return
        self.manager = self._make_manager(self.size)
        for s in self.stack.scenes:
            s.resize(self.size)
            if s is not self.stack.top:
                s.pause()

    def set_title(self) -> None:
        """The window's title, "Table App" in the current language (the X11 class stays
        ``WM_CLASS``)."""
        try:
            t = _(WINDOW_TITLE)
            pygame.display.set_caption(t, t)
        except pygame.error:
            pass

    # ------------------------------------------------------------------ full screen
    def set_fullscreen(self, on: bool, save: bool = True) -> bool:
        """Full screen (the desktop's size, no mode change) or back to the window as it
        was (F11); ``save``: the ``fullscreen`` setting remembers it for the next start.
        Returns whether the window is full screen now.  Where the display can't (the
        tests' dummy driver), the window stays as it is and only the setting changes."""
        on = bool(on)
        if on == self.fullscreen:
            if save:
                self.update_settings(fullscreen=on)
            return self.fullscreen
        if on:
            self.windowed_size = window_size(self.screen)
        win = display_window()
        done = False
        try:
            if win is not None and hasattr(win, "set_fullscreen"):
                if on:
                    win.set_fullscreen(True)      # desktop full screen: no mode change
                else:
                    win.set_windowed()
                done = True
            else:
                done = bool(pygame.display.toggle_fullscreen())
        except (pygame.error, TypeError, AttributeError):
            done = False
        if done or self.headless:
            self.fullscreen = on
        if save:
            self.update_settings(fullscreen=on)
        surf = pygame.display.get_surface()
        if surf is not None and (surf.get_size() != self.size or self.screen is not surf):
            ws = window_size(surf)
            self.resize(ws, force=True)
        return self.fullscreen

    def toggle_fullscreen(self) -> bool:
        """F11: full screen or back."""
        return self.set_fullscreen(not self.fullscreen)

    def scale_pos(self, pos) -> tuple[int, int]:
        """A window position (a mouse event's) in surface pixels."""
        k = self.pixel_scale
        return (int(pos[0] * k), int(pos[1] * k)) if k != 1.0 else (int(pos[0]), int(pos[1]))

    def mouse_pos(self) -> tuple[int, int]:
        """The mouse in surface pixels (``pygame.mouse.get_pos`` is in window coordinates)."""
        return self.scale_pos(pygame.mouse.get_pos())

    def _make_sound(self):
        try:
            from .sound import SoundBoard
        except Exception:  # noqa: BLE001 - not written yet, or no mixer
            return None
        try:
            return SoundBoard(volume=float(getattr(self.settings, "volume", 0.7)),
                              muted=not bool(getattr(self.settings, "sound_on", True)),
                              lazy=True)   # loaded after the first frame (run)
        except Exception:  # noqa: BLE001 - no sound device: silent
            return None

    def play_sound(self, name: str) -> None:
        if self.sound is None or not getattr(self.settings, "sound_on", True):
            return
        try:
            self.sound.play(name)
        except Exception:  # noqa: BLE001 - sound never stops the game
            pass

    def update_settings(self, **changes) -> bool:
        """Change settings: validated, applied at once, saved.  Returns whether the
        changes were valid (an invalid change changes nothing).

        Applied here: the language (every scene re-labelled), sound on/off and the
        volume, skip animations (``self.instant``).  Scenes that want to know define
        ``settings_changed(keys)``; the others read ``app.settings`` when they need it.
        """
        old = self.settings
        try:
            self.settings = self.settings.replace(**changes)
        except (ValueError, AttributeError):
            return False
        changed = {k for k in changes if getattr(old, k, None) != getattr(self.settings, k, None)}
        save_prefs(self.settings)
        if changed:
            self.apply_settings(changed)
        return True

    def apply_settings(self, changed: set) -> None:
        st = self.settings
        if "skip_animations" in changed:
            self.instant = self._instant_arg or bool(st.skip_animations)
        if "four_color" in changed:
            from .table import text
            text.set_four_color(bool(st.four_color))  # suit symbols in text too
        if self.sound is not None and changed & {"sound_on", "volume"}:
            try:
                self.sound.set_volume(float(st.volume))
                self.sound.muted = not bool(st.sound_on)
            except Exception:  # noqa: BLE001 - sound never stops the game
                pass
        if "language" in changed:
            lang = set_language(st.language)
            if lang != self.language:
                self.language = lang
                _gui_locale(self.manager, lang)
                self.set_title()
                self.retranslate()
        if "ui_scale" in changed:
            self._rescale()
        if "ai_cores" in changed and not self.headless:
            self._search_cores()
        for s in list(self.stack.scenes):
            hook = getattr(s, "settings_changed", None)
            if hook is not None:
                hook(set(changed))

    def retranslate(self) -> None:
        """The language changed: scenes with a ``retranslate()`` rebuild their texts; the
        top scene without one is rebuilt as on a resize.  Covered scenes stay hidden."""
        top = self.stack.top
        for s in list(self.stack.scenes):
            hook = getattr(s, "retranslate", None)
            if hook is not None:
                hook()
            elif s is top:
                s.resize(self.size)
            if s is not top:
                s.pause()

    # ------------------------------------------------------------------ scenes
    def push(self, scene: Scene) -> Scene:
        return self.stack.push(scene)

    def release(self, full: bool = True) -> None:
        """A full scene (a table, the picker, a replay) was closed: free what it held
        (``release_memory``), before the next scene allocates its own: a New game at the
        end of a game does not hold two tables' memory at once.  ``full=False`` (an
        overlay closed: the score sheet between deals): only the allocator's free pages
        go back to the system (``release_memory(collect=False)``); either way the kept
        overlay panels go (``scene.forget_overlay_panels``).  Only with
        ``release_on_close`` (a real window's app)."""
        if full:
            # what the last overlay was drawn over names the closed scenes' state
            # (``_backdrop``): it must not keep a closed table's game alive
            self._backdrop = None
        if self.release_on_close:
            from .scene import forget_overlay_panels
            forget_overlay_panels()     # the closed overlay's panel picture
            if full:
                drop_dead_ui_events()
            release_memory(collect=full)

    def pop(self) -> Scene | None:
        s = self.stack.pop()
        if not self.stack.scenes:
            self.running = False
        return s

    def replace(self, scene: Scene) -> Scene:
        return self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ loop
    def resize(self, size, force: bool = False) -> None:
        """The window is now ``size`` (window coordinates, as a resize event gives it);
        ``force``: lay out again even when the size seems unchanged (full screen came or
        went)."""
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        if not force and size == window_size(self.screen) and self.screen.get_size() == self.size:
            return
        surf = pygame.display.get_surface()
        if surf is not None and window_size(surf) != size and self.min_size_set and not self.fullscreen:
            # a window smaller than the minimum (a window manager that ignored it) or the
            # tests' dummy window: the same window resized (SDL_SetWindowSize), its
            # surface following it; never destroyed and made anew as set_mode may do
            win = display_window()
            try:
                if win is not None:
                    win.size = size
            except (pygame.error, ValueError, TypeError):
                pass
            surf = pygame.display.get_surface()
        if (surf is None or window_size(surf) != size or (
                self.headless and not self.min_size_set)) and not self.fullscreen:
            # a real window's surface follows the window by itself (SDL2); without
            # Window.minimum_size a window dragged smaller than the minimum is snapped
            # back here, and the tests' dummy driver needs set_mode to change size
            surf = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.min_size_set = set_minimum_size(MIN_SIZE)   # set_mode may reset it
        if surf is None:
            return
        self.screen = surf
        old_scale = self.ui_scale
        self._update_scale()
        self.size = self.screen.get_size()
        if self.ui_scale != old_scale:
            # the theme's fonts at the new scale (a window moved to another screen, a
            # window too small for the ui_scale setting's size)
            self.manager = self._make_manager(self.size)
        self.manager.mouse_pos_scale_factor = [self.pixel_scale, self.pixel_scale]
        self.manager.set_window_resolution(self.size)
        for s in self.stack.scenes:
            s.resize(self.size)
            if s is not self.stack.top:
                s.pause()  # a scene under another keeps its rebuilt widgets hidden

    def busy(self) -> bool:
        if self.autoplay is not None and self.autoplay.active():
            return True   # (benchmarks only) the human's seat decides by itself
        return any(s.busy() for s in self.stack.updating())

    def waiting(self) -> bool:
        """A scene counts frames of its own (``Scene.waiting``): no sleep, no redraw."""
        return any(s.waiting() for s in self.stack.updating())

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()       # on every screen
            return
        if (event.type == pygame.KEYDOWN and getattr(event, "mod", 0) & pygame.KMOD_CTRL
                and key_of(event) == pygame.K_q):
            self.running = False           # Ctrl+Q: as the window's close (the game is kept)
            return
        if event.type == pygame.WINDOWSIZECHANGED and not self.headless:
            if (event.x, event.y) != window_size(self.screen) or self.screen.get_size() != self.size:
                self.resize((event.x, event.y))
            return
        consumed = self.manager.process_events(event)  # it scales mouse positions itself
        top = self.stack.top
        if top is None:
            return
        if self.pixel_scale != 1.0 and hasattr(event, "pos") and event.type in _MOUSE_EVENTS:
            d = dict(event.dict, pos=self.scale_pos(event.pos))
            if "rel" in d:
                d["rel"] = self.scale_pos(d["rel"])
            event = pygame.event.Event(event.type, d)
        if event.type >= pygame.USEREVENT and hasattr(event, "ui_element"):
            top.handle_ui_event(event)
            return
        if not consumed:
            top.handle_event(event)

    def step(self, dt: float | None = None, first: list | None = None,
             redraw: bool = True) -> None:
        """One frame: events, update, draw.  ``dt`` in seconds (default: the clock's);
        ``first``: events already taken from the queue (by the idle wait), handled first
        so the order of a press and its release is kept; ``redraw=False``: update only
        (an idle tick where nothing can have changed on screen)."""
        # (benchmarks only: the autoplay runs its frames uncapped, see ui.autoplay)
        ms = self.clock.tick(FPS if self.autoplay is None or not self.autoplay.uncapped else 0)
        slack = FrameSlack()   # the frame's CPU time from here (the clock's sleep is not)
        if dt is None:
            dt = min(ms / 1000.0, 0.1)
        if not self._handle_events(first):
            return
        if self.autoplay is not None:
            self.autoplay.tick(self)   # (benchmarks only) where a click would come in
        self.stack.released()   # a full scene closed (and nothing was pushed since)
        if self.release_on_close:
            now = _time.perf_counter()
            if now >= self._trim_at:
                # the allocator's free pages back to the system now and then: a game
                # frees as it goes (the computer players' searches, texts, shades), and
                # a busy table left alone keeps about 10 MB of them (a millisecond or two)
                self._trim_at = now + TRIM_EVERY_S
                release_memory(collect=False)
        before = None if redraw else self._frame_keys()
        for s in self.stack.updating():
            s.update(dt)
        self.manager.update(dt)
        # an idle tick draws only when something changed: a scene's update may apply a
        # move by itself (the draw from the stock after a buying window, a countdown's
        # pass) or put a new scene on top
        if redraw or self.busy() or self._frame_keys() != before:
            self.draw()
        self.work_ahead(slack)

    def work_ahead(self, slack: FrameSlack | None = None) -> int:
        """The visible scenes' work ahead of need, in what is left of the frame's
        ``slack`` (``ui.slack``: faces, the deal end's picture), then the widgets' states
        not drawn yet (``_widget_state``); after the frame is drawn, so it never delays
        what the player sees.  Returns the pieces done."""
        n = sum(s.work_ahead(slack) for s in self.stack.visible())
        if slack is None:
            return n
        scenes = tuple(map(id, self.stack.scenes))
        if scenes != self._scenes_seen:
            self._scenes_seen = scenes
            top = self.stack.top
            if top is not None and not getattr(top, "transparent", False):
                # a full scene came in this frame, a slow one already (the table's first,
                # 14 buttons): its widgets' other looks are drawn now, not in the next
                # frames' update; an overlay's few (the deal end's two) in the slack
                while self._widget_state():
                    n += 1
                return n + self._warm_gui_fonts(getattr(top, "WARM_GUI_FONTS", ()))
        return n + self._widget_cost.run(slack, self._widget_state, 16)

    _scenes_seen: tuple = ()

    def _warm_gui_fonts(self, classes=()) -> int:
        """The theme's fonts of the widget ``classes`` (``"@primary"``: a scene's
        ``WARM_GUI_FONTS``, the overlays it will show) measure a text once: a font
        object's first text costs 1.5 ms (its glyphs at that size: the deal end's button
        font in its first frame), and about 0.35 MB, so only these, in the frame the
        scene came (a slow one already), once a font.  Returns the fonts warmed."""
        done = self._fonts_warm
        n = 0
        try:
            theme = self.manager.get_theme()
            for cls in classes:
                font = theme.get_font([cls])
                if font is None or id(font) in done:
                    continue
                done.add(id(font))
                font.size("Aa09")
                n += 1
        except Exception:  # noqa: BLE001 - another pygame_gui: it loads them itself
            return n
        return n

    def _widget_state(self) -> bool:
        """One widget state drawn ahead of need: pygame_gui draws a new button's other
        looks (hovered, pressed, disabled...) one a frame in ``UIManager.update``, 14
        buttons' at once in the table's first frames (1.5 ms a frame at 1920x1080);
        here they are drawn in the frames' slack instead.  Whether there was one."""
        try:
            elements = self.manager.get_sprite_group().sprites()
        except Exception:  # noqa: BLE001 - another pygame_gui: it draws them itself
            return False
        for el in elements:
            shape: Any = getattr(el, "drawable_shape", None)
            queue = getattr(shape, "states_to_redraw_queue", None)
            if queue:
                shape.redraw_state(queue.popleft())
                if getattr(shape, "need_to_clean_up", False) and not queue:
                    shape.clean_up_temp_shapes()
                    shape.need_to_clean_up = False
                return True
        return False

    def _handle_events(self, first: list | None) -> bool:
        """This frame's events (``first`` before the queue's); whether the app still
        runs.  A method of its own so that no local of ``step`` holds the last event (a
        widget's event holds the widget, and through it a scene that may close)."""
        for event in (first or []) + pygame.event.get():
            self.handle(event)
            if not self.running:
                return False
        return True

    def _frame_keys(self) -> tuple:
        """What the visible scenes show, in brief (``Scene.frame_key``)."""
        return tuple((id(s), s.frame_key()) for s in self.stack.visible())

    def draw(self) -> None:
        """The visible scenes bottom-up, then the widgets; presented.

        Under an overlay that keeps its backdrop (``keeps_backdrop``: an opaque panel
        over a shade, drawing nothing outside its panel), the shade is drawn here; and
        when the scenes below show what they showed in the last frame
        (``_backdrop_kept``), they are not drawn again: the screen still shows them
        shaded, but where the last frame's panel was (a panel of another size, the
        score sheet after the deal's end) they are drawn again, clipped.  The same
        pixels as a whole draw (a test compares them)."""
        top = self.stack.top
        visible = self.stack.visible()
        screen = self.screen
        keeps = (top is not None and len(visible) > 1
                 and getattr(top, "keeps_backdrop", False) and hasattr(top, "panel"))
        if not keeps:
            self._backdrop = None
            for s in visible:
                s.draw(screen)
                if s is not top:
                    s.draw_covered(screen)   # its widgets too, under the overlay's shade
        else:
            over: Any = top              # an overlay (``scenes.scores.Overlay``)
            below = visible[:-1]
            panel = pygame.Rect(over.panel())
            kept, again = self._backdrop_kept(top, below, panel)
            if not kept or again is not None:
                if again is not None:
                    screen.set_clip(again)
                for s in below:
                    s.draw(screen)
                    s.draw_covered(screen)
                screen.set_clip(again)
                darken(screen, over.dim)
                screen.set_clip(None)
            over.shaded = True
            try:
                over.draw(screen)
            finally:
                over.shaded = False
            self._backdrop = self._backdrop_now(top, below, panel)
        self.manager.draw_ui(screen)
        if not self.headless:
            pygame.display.flip()

    #: what the last frame's overlay was drawn over (``_backdrop_now``), else ``None``
    _backdrop: tuple | None = None

    def _backdrop_key(self, top, below) -> tuple | None:
        """What the scenes ``below`` an overlay show, in brief; ``None`` while something
        of one of them may change on its own (``Scene.backdrop_key``)."""
        keys = tuple(s.backdrop_key() for s in below)
        if any(k is None for k in keys):
            return None
        return (id(self.screen), self.screen.get_size(), top.dim,
                tuple(map(id, below)), keys)

    def _backdrop_now(self, top, below, panel: pygame.Rect) -> tuple | None:
        """After an overlay's frame: ``(key, panel)`` when the next frame may keep what
        it drew below the panel (every visible widget inside the panel: one outside it,
        a tooltip, would stay on the screen), else ``None``."""
        key = self._backdrop_key(top, below)
        if key is None:
            return None
        try:
            elements = self.manager.get_sprite_group().sprites()
        except Exception:  # noqa: BLE001 - another pygame_gui: nothing kept
            return None
        root = getattr(self.manager, "root_container", None)
        for el in elements:
            if el is root or not getattr(el, "visible", True):
                continue
            r = getattr(el, "rect", None)
            if r is not None and r.w > 0 and r.h > 0 and not panel.contains(r):
                return None
        return key, pygame.Rect(panel)

    def _backdrop_kept(self, top, below, panel: pygame.Rect) -> tuple[bool, Any]:
        """``(kept, again)``: whether this frame can keep the screen under the overlay
        ``top`` from the last frame, and the part of it to draw again (the last frame's
        panel, a ``pygame.Rect``; ``None`` when it is this frame's ``panel``)."""
        last = self._backdrop
        if last is None or self._backdrop_key(top, below) != last[0]:
            return False, None
        return True, (None if last[1] == panel else last[1])

    def run(self, max_seconds: float | None = None) -> int:
        """The loop, until the window closes (or ``max_seconds`` have passed: the idle
        CPU benchmark runs the real loop for a while)."""
        import time
        end = None if max_seconds is None else time.perf_counter() + max_seconds
        self.frames = 0
        while self.running and self.stack.top is not None:
            first = None
            redraw = True
            if self.headless or self.busy():
                pass
            elif self.waiting():
                redraw = False  # frames at the full rate for a scene's count, drawn when changed
            else:
                # nothing moves: sleep until an event, or a slow tick for widget timers (a
                # quick one while the mouse is over a widget: its tooltip is due)
                live = self._widgets_live()
                wait = 50 if live else 1000
                if end is not None:
                    wait = max(1, min(wait, int((end - time.perf_counter()) * 1000)))
                ev = self._idle_wait(wait)
                if ev.type != pygame.NOEVENT:
                    first = [ev]
                else:
                    redraw = live   # a tick with no event: nothing else can have changed
            self.step(first=first, redraw=redraw)
            self.frames += 1
            if self.frames == 1 and self.sound is not None:
                try:
                    self.sound.load_all()   # after the first frame: a faster start
                except Exception:  # noqa: BLE001 - sound never stops the game
                    pass
            if end is not None and time.perf_counter() >= end:
                break
        return 0

    @staticmethod
    def _idle_wait(ms: int):
        """The next event, or NOEVENT after ``ms`` milliseconds: polls every 12 ms and
        sleeps in between (``pygame.event.wait(timeout)`` polls about every millisecond:
        2 % of a core on X11 for a window where nothing happens, against under 1 % so,
        for at most 12 ms before the first event after a pause is seen)."""
        import time
        end = time.perf_counter() + ms / 1000.0
        while True:
            ev = pygame.event.poll()
            if ev.type != pygame.NOEVENT:
                return ev
            left = end - time.perf_counter()
            if left <= 0:
                return ev
            time.sleep(min(0.012, left))

    def _widgets_live(self) -> bool:
        """A widget may change by itself: the mouse is over one (a tooltip comes) or a
        text field has the focus (its cursor blinks)."""
        try:
            if self.manager.get_hovering_any_element():
                return True
            from pygame_gui.elements import UITextEntryLine
            return any(isinstance(w, UITextEntryLine) for w in self.manager.get_focus_set() or ())
        except Exception:  # noqa: BLE001 - an older pygame_gui: always redraw
            return True

    def shutdown(self) -> None:
        self.stack.clear()
        try:
            # the window's size in window coordinates (what set_mode takes next time):
            # full screen, the window's as it was before
            size = self.windowed_size if self.fullscreen else window_size(self.screen)
            self.update_settings(window_size=list(size))
        except Exception:  # noqa: BLE001
            pass
        from ..ai import pool
        pool.shutdown()
        pygame.quit()


def main(argv: list[str] | None = None, play: dict | None = None) -> int:
    """The ``table-app`` window: the variant picker first.  Logs to the log file
    (``storage.logs``); exit status 2 when no window can be opened.

    ``play`` (``table-app play``, checked by ``cli.play_request``): ``{"variant",
    "players", "levels", "options", "autoplay"}``: a new game starts straight at the
    table, over the picker (leaving the table comes back to it); the choices not given
    are the picker's.  ``autoplay`` > 0 (benchmarks only, ``ui.autoplay``): the computer
    plays the human's seat for that many games, then the app quits."""
    import logging
    import os

    from .. import __version__
    from ..storage.logs import setup_logging
    tuned = tune_allocator()   # first: before the sound's and the players' threads
    setup_logging()
    log = logging.getLogger("table_app")
    from ..gcsetup import freeze_startup_heap
    from .scenes.picker import PickerScene
    frozen = freeze_startup_heap()   # the imports' objects: not walked by each collection
    try:
        app = App()
    except pygame.error as e:
        log.error("cannot open a window: %s", e)
        print(_("table-app: cannot open a window: {error}").format(error=e), file=sys.stderr)
        return 2
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        # SDL found no screen and fell back to drawing nowhere: say so rather than run
        # unseen (SDL_VIDEODRIVER=dummy asks for that on purpose: tests, CI)
        app.shutdown()
        log.error("no display: SDL chose the %r video driver", driver)
        print(_("table-app: no display found (set DISPLAY, or SDL_VIDEODRIVER=dummy to run "
                "without a window on purpose)"), file=sys.stderr)
        return 2
    log.info("table-app %s starts: pygame-ce %s, SDL %s, video driver %s, window %s%s",
             __version__, pygame.version.ver, ".".join(map(str, pygame.get_sdl_version())),
             driver, app.screen.get_size(), f", malloc arenas {ARENAS}" if tuned else "")
    log.info("start-up heap frozen for the garbage collector: %d objects", frozen)
    picker = PickerScene()
    app.push(picker)
    if play is not None:
        if play.get("autoplay"):
            from .autoplay import Autoplay
            app.autoplay = Autoplay(int(play["autoplay"]))
            log.info("benchmark autoplay: the computer plays the human's seat for %d games",
                     app.autoplay.games)
        picker.play(play["variant"], play.get("players"), play.get("levels"),
                    play.get("options"))
        log.info("table-app play %s: %d players", play["variant"], picker.players)
    del picker   # the stack holds it while it is open, and nothing else
    try:
        return app.run()
    except Exception:
        log.exception("the app stopped on an error")
        raise
    finally:
        app.shutdown()
        log.info("table-app stops")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
