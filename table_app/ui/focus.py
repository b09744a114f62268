"""Keyboard focus over a screen's pygame_gui widgets (the picker, Settings, the table's
menu): one ``FocusRing`` per scene.

Keys: Tab / Shift+Tab move the focus over the widgets in reading order (the order the
scene gives them); the arrows move it to the nearest widget that way (else on in
reading order); Enter or Space presses the focused button, opens the focused drop-down
(there Up/Down move over the options, Enter or Space chooses one, Esc or Tab closes it);
Left/Right move a focused slider.  A focused text field takes the typing (Enter in it
moves on).  The focus is drawn as a bright blue outline (the table's focus colour)
around the widget, under the widgets (so the outline shows outside their borders).

A scene builds its widgets, then ``ring.set_items(widgets, default=...)`` (the focus
stays on the same widget, by object id, across rebuilds); its ``handle_event`` offers
key presses to ``ring.handle_event`` first, its ``handle_ui_event`` offers events to
``ring.handle_ui_event``, and its ``draw`` ends with ``ring.draw(surf)``.  Activating
a button calls the scene's own ``handle_ui_event`` with the event a click makes, so a
key does exactly what the mouse does.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from .keys import key_of

#: the focus outline's colour (as the table's keyboard focus)
FOCUS = (90, 225, 255)
INTERACTIVE = (UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def widget_key(w) -> str:
    """A widget's name across rebuilds: its object id ('#start'), else its identity."""
    ids = getattr(w, "object_ids", None) or []
    oid = ids[-1] if ids else None
    return oid if oid else f"@{id(w)}"


def is_open(dd) -> bool:
    st = getattr(dd, "menu_states", {}) or {}
    return dd.current_state is st.get("expanded") and dd.current_state is not None


def open_list(dd):
    """The open drop-down's list of options (a ``UISelectionList``), or None."""
    return getattr(dd.current_state, "options_selection_list", None) if is_open(dd) else None


def widen_list(dd) -> None:
    """The open list of options as wide as the drop-down's box (pygame_gui leaves out the
    width of the arrow button)."""
    lst = open_list(dd)
    if lst is not None and lst.alive() and lst.relative_rect.width != dd.relative_rect.width:
        lst.set_dimensions((dd.relative_rect.width, lst.relative_rect.height))


#: the theme class of a drop-down whose list of options opens upwards (theme.json)
DROP_UP = "@drop_up"
#: the height of one option of an open list (pygame_gui's ``list_item_height``, which the
#: theme leaves at its default), and the list's borders and shadow
LIST_ITEM_H, LIST_FRAME_H = 20, 8


def list_room(rect, n_options: int, window_h: int) -> tuple[bool, int | None]:
    """Which way the list of a drop-down at ``rect`` (window pixels) with ``n_options``
    opens so that it lies inside a window ``window_h`` pixels high: ``(up, limit)``.
    Down with no limit when the whole list fits below; else up when there is more room
    above than below, else down; ``limit`` the room it has then (a longer list scrolls).
    (pygame_gui opens every list down, cut at the window's edge: the replay's "Go to
    round…" and speed lists at the bottom of a 1280x800 window were 13 px tall.)"""
    r = pygame.Rect(rect)
    need = LIST_ITEM_H * max(1, n_options) + LIST_FRAME_H
    below = window_h - r.bottom - 2
    above = r.top - 2
    if need <= below:
        return False, None
    if above > below:
        return True, min(need, above)
    return False, max(LIST_ITEM_H + LIST_FRAME_H, below)


class TipButton(UIButton):
    """A ``UIButton`` that shows its tool tip while selected too (pygame_gui's selected
    button takes no hover, so the chosen setting never explained itself: a
    play-tester's finding); it keeps its selected look while the mouse is over it."""

    def can_hover(self) -> bool:
        return self.is_enabled and not self.held

    def on_hovered(self) -> None:
        super().on_hovered()
        if self.is_selected and self.drawable_shape is not None:
            self.drawable_shape.set_active_state("selected")


class DropDown(UIDropDownMenu):
    """A ``UIDropDownMenu`` whose open list of options lies inside the window (upwards
    when there is no room below: ``list_room``) and is as wide as its box.  Every
    drop-down of the app is one (``tests/test_ui_dropdowns.py``); its arguments are
    ``UIDropDownMenu``'s (``object_id`` an ``ObjectID`` or a string)."""

    def __init__(self, options_list, starting_option, relative_rect, manager=None, *,
                 object_id=None, expansion_height_limit=None, **kw):
        from pygame_gui.core import ObjectID
        rect = pygame.Rect(relative_rect)
        window_h = None
        if manager is not None and kw.get("container") is None:
            try:
                window_h = manager.get_root_container().get_rect().height
            except (AttributeError, TypeError):
                window_h = None
        up = False
        if window_h and expansion_height_limit is None:
            up, expansion_height_limit = list_room(rect, len(options_list), window_h)
        if up:
            oid = object_id.object_id if isinstance(object_id, ObjectID) else object_id
            object_id = ObjectID(class_id=DROP_UP, object_id=oid)
        #: the list opens upwards (``list_room``)
        self.opens_up = up
        super().__init__(options_list, starting_option, rect, manager, object_id=object_id,
                         expansion_height_limit=expansion_height_limit, **kw)

    def update(self, time_delta: float):
        super().update(time_delta)
        if self.alive():
            widen_list(self)


class FocusRing:
    """The keyboard focus of one scene.  ``shown``: the outline is drawn from the start
    (else from the first key that moves or uses the focus)."""

    def __init__(self, scene, shown: bool = False) -> None:
        self.scene = scene
        self.items: list = []
        self.key: str | None = None
        self.shown = shown
        self.option = 0            # the highlighted option of an open drop-down

    # ------------------------------------------------------------------ items
    def set_items(self, widgets, default: str | None = None) -> None:
        """The focusable widgets, in reading order (others in ``widgets`` are skipped).
        The focus stays on the widget with the same key, else goes to ``default``, else
        to the first widget that can take it."""
        self.items = [w for w in widgets if isinstance(w, INTERACTIVE)]
        keys = [widget_key(w) for w in self.items]
        if self.key in keys and self._usable(self.items[keys.index(self.key)]):
            return
        self.key = None
        if default in keys and self._usable(self.items[keys.index(default)]):
            self.key = default
        else:
            first = next((w for w in self.items if self._usable(w)), None)
            self.key = widget_key(first) if first is not None else None

    @staticmethod
    def _usable(w) -> bool:
        return bool(w.alive() and getattr(w, "is_enabled", True) and getattr(w, "visible", True))

    @property
    def focused(self):
        for w in self.items:
            if widget_key(w) == self.key:
                return w
        return None

    def focus(self, key: str, show: bool = True) -> bool:
        """Put the focus on the widget named ``key`` ('#start'); whether it took it."""
        for w in self.items:
            if widget_key(w) == key and self._usable(w):
                self._leave()
                self.key = key
                self.shown = self.shown or show
                self._enter()
                return True
        return False

    # ------------------------------------------------------------------ moving
    def _leave(self) -> None:
        w = self.focused
        if isinstance(w, UIDropDownMenu) and is_open(w):
            self.close(w)
        if isinstance(w, UITextEntryLine) and w.is_focused:
            self.scene.app.manager.set_focus_set(None)

    def _enter(self) -> None:
        w = self.focused
        if isinstance(w, UITextEntryLine):
            self.scene.app.manager.set_focus_set(w)   # the typing goes there

    def move(self, step: int) -> None:
        """Tab (+1) / Shift+Tab (-1): the next usable widget in reading order."""
        usable = [w for w in self.items if self._usable(w)]
        if not usable:
            return
        cur = self.focused
        if cur not in usable:
            nxt = usable[0] if step > 0 else usable[-1]
        else:
            nxt = usable[(usable.index(cur) + step) % len(usable)]
        self.focus(widget_key(nxt))

    def move_dir(self, dx: int, dy: int) -> None:
        """An arrow: the nearest usable widget that way (a row's neighbour, the widget
        below or above), else the next or previous one in reading order."""
        cur = self.focused
        if cur is None:
            self.move(1 if dx + dy > 0 else -1)
            return
        r = cur.rect
        best, best_d = None, None
        for w in self.items:
            if w is cur or not self._usable(w):
                continue
            o = w.rect
            if dx:
                same_row = o.top < r.bottom and r.top < o.bottom
                ahead = o.centerx > r.centerx if dx > 0 else o.centerx < r.centerx
                if not (same_row and ahead):
                    continue
                d = abs(o.centerx - r.centerx) + 4 * abs(o.centery - r.centery)
            else:
                ahead = o.top >= r.bottom - 2 if dy > 0 else o.bottom <= r.top + 2
                if not ahead:
                    continue
                gap_x = max(0, max(o.left, r.left) - min(o.right, r.right))
                d = abs(o.centery - r.centery) + 2 * gap_x + abs(o.left - r.left) // 4
            if best_d is None or d < best_d:
                best, best_d = w, d
        if best is not None:
            self.focus(widget_key(best))
        else:
            self.move(1 if dx + dy > 0 else -1)

    # ------------------------------------------------------------------ using
    def activate(self) -> None:
        """Enter / Space on the focused widget: what a click on it does."""
        w = self.focused
        if w is None or not self._usable(w):
            return
        if isinstance(w, UIButton):
            ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                    {"ui_element": w, "ui_object_id": w.most_specific_combined_id,
                                     "mouse_button": 1})
            self.scene.handle_ui_event(ev)
        elif isinstance(w, UIDropDownMenu):
            if is_open(w):
                self.choose(w)
            else:
                self.open(w)

    def open(self, dd) -> None:
        if is_open(dd):
            return
        dd.current_state.should_transition = True
        dd.update(0.0)      # open now: the list exists for the highlight below
        widen_list(dd)
        opts = list(dd.options_list)
        cur = dd.selected_option
        self.option = next((i for i, o in enumerate(opts) if tuple(o) == tuple(cur)), 0) if opts else 0
        self._highlight(dd)

    def close(self, dd) -> None:
        if is_open(dd):
            dd.current_state.should_transition = True
            dd.update(0.0)

    def choose(self, dd) -> None:
        """The highlighted option becomes the drop-down's (the event a click posts)."""
        opts = list(dd.options_list)
        if not opts:
            self.close(dd)
            return
        opt = opts[max(0, min(self.option, len(opts) - 1))]
        opt = (opt, opt) if isinstance(opt, str) else tuple(opt)
        changed = tuple(dd.selected_option) != opt
        dd.selected_option = opt
        self.close(dd)
        if changed:
            pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
                "text": opt[0], "selected_option_id": opt[1], "ui_element": dd,
                "ui_object_id": dd.most_specific_combined_id}))

    def _highlight(self, dd) -> None:
        lst = open_list(dd)
        if lst is None:
            return
        for i, item in enumerate(lst.item_list):
            b = item.get("button_element")
            if b is not None:
                b.select() if i == self.option else b.unselect()

    def slide(self, s, step: int) -> None:
        lo, hi = s.value_range
        inc = getattr(s, "increment", None) or getattr(s, "click_increment", 1) or 1
        v = max(lo, min(hi, s.get_current_value() + step * inc))
        if v != s.get_current_value():
            s.set_current_value(v)
            self.scene.handle_ui_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "value": s.get_current_value(), "ui_element": s,
                "ui_object_id": s.most_specific_combined_id}))

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        """A key press the scene got: whether the focus used it (Esc never: the scene
        backs out as before, unless it only closes an open drop-down)."""
        if event.type != pygame.KEYDOWN:
            return False
        k = key_of(event)
        w = self.focused
        if w is not None and not self._usable(w):
            w = None
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        # an open drop-down keeps the keys
        if isinstance(w, UIDropDownMenu) and is_open(w):
            n = len(w.options_list)
            if k in (pygame.K_UP, pygame.K_DOWN) and n:
                self.option = (self.option + (1 if k == pygame.K_DOWN else -1)) % n
                self._highlight(w)
                return True
            if k in ENTER:
                self.choose(w)
                return True
            if k == pygame.K_ESCAPE:
                self.close(w)
                return True
            if k == pygame.K_TAB:
                self.close(w)   # and on to the next widget
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                return True
        if k == pygame.K_TAB:
            if not self.shown and w is not None:
                self.shown = True      # the first Tab shows where the focus is
                return True
            self.move(-1 if shift else 1)
            return True
        editing = isinstance(w, UITextEntryLine) and w.is_focused
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            if editing:
                return True        # the text field moved its cursor
            if isinstance(w, UIHorizontalSlider):
                self.shown = True
                self.slide(w, 1 if k == pygame.K_RIGHT else -1)
                return True
            if not self.shown and w is not None:
                self.shown = True
                return True
            self.move_dir(1 if k == pygame.K_RIGHT else -1, 0)
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            if not self.shown and w is not None:
                self.shown = True
                return True
            self.move_dir(0, 1 if k == pygame.K_DOWN else -1)
            return True
        if k in ENTER:
            if editing:
                return True if k == pygame.K_SPACE else False
            if w is None:
                return False
            self.shown = True
            self.activate()
            return True
        return False

    def handle_ui_event(self, event) -> bool:
        """Enter in the focused text field moves the focus on; a widget the mouse used
        takes the focus (so the keys go on from there)."""
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.focused:
            self.move(1)
            return False
        if el is not None and el in self.items and event.type in (
                pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                pygame_gui.UI_HORIZONTAL_SLIDER_MOVED):
            if self._usable(el):
                self.key = widget_key(el)
        return False

    # ------------------------------------------------------------------ draw
    def draw(self, surf) -> None:
        if not self.shown:
            return
        w = self.focused
        if w is None or not self._usable(w):
            return
        k = max(1.0, self.scene.app.ui_scale if self.scene.app is not None else 1.0)
        pad = int(round(4 * k))
        r = w.rect.inflate(2 * pad, 2 * pad)
        pygame.draw.rect(surf, FOCUS, r, max(2, int(round(3 * k))), border_radius=int(8 * k))
        lst = open_list(w) if isinstance(w, UIDropDownMenu) else None
        if lst is not None:
            pygame.draw.rect(surf, FOCUS, lst.rect.inflate(2 * pad, 2 * pad),
                             max(2, int(round(3 * k))), border_radius=int(6 * k))
