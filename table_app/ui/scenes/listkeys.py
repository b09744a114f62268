"""The keyboard on a pygame_gui ``UISelectionList`` of one choice (the Replays list, the
list of unfinished games): Up / Down move the selection by one, Page Up / Page Down by
a page, Home / End to the first / last line, and the list scrolls to keep the selected
line in view.  pygame_gui's list answers only the mouse.

``ListKeys(selection_list, on_change)``: ``handle_key(key)`` says whether it used the
key; ``on_change(index)`` is called when the selection moved (as a click would)."""
from __future__ import annotations

import pygame

MOVES = {pygame.K_UP: -1, pygame.K_DOWN: 1}


def selected_index(lst) -> int | None:
    """The selected line of ``lst`` (a ``UISelectionList``), or ``None``."""
    for i, it in enumerate(getattr(lst, "item_list", ()) or ()):
        if it.get("selected"):
            return i
    return None


def scroll_into_view(lst, index: int) -> None:
    """Scroll ``lst`` so that line ``index`` is in view."""
    sb = getattr(lst, "scroll_bar", None)
    box = getattr(lst, "item_list_container", None)
    if sb is None or box is None:
        return
    h = lst.list_item_height
    total = max(1, lst.total_height_of_list)
    view = box.relative_rect.height
    cur = min(sb.start_percentage * total, lst.lowest_list_pos)
    top = index * h
    if top < cur:
        new = top
    elif top + h > cur + view:
        new = top + h - view
    else:
        return
    sb.set_scroll_from_start_percentage(max(0.0, min(1.0, new / total)))


def select_index(lst, index: int) -> None:
    """Select line ``index`` of ``lst`` alone and scroll it into view."""
    items = getattr(lst, "item_list", ()) or ()
    for j, it in enumerate(items):
        want = j == index
        if bool(it.get("selected")) != want:
            it["selected"] = want
            b = it.get("button_element")
            if b is not None:
                b.select() if want else b.unselect()
    if 0 <= index < len(items):
        scroll_into_view(lst, index)


class ListKeys:
    """Keys for one ``UISelectionList`` (see the module)."""

    def __init__(self, lst, on_change=None) -> None:
        self.list = lst
        self.on_change = on_change

    def page(self) -> int:
        box = getattr(self.list, "item_list_container", None)
        h = getattr(self.list, "list_item_height", 0) or 1
        return max(1, (box.relative_rect.height // h) - 1) if box is not None else 5

    def handle_key(self, key: int) -> bool:
        n = len(getattr(self.list, "item_list", ()) or ())
        if not n or not self.list.is_enabled:
            return False
        cur = selected_index(self.list)
        if key in MOVES:
            new = (0 if MOVES[key] > 0 else n - 1) if cur is None else cur + MOVES[key]
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = self.page() * (1 if key == pygame.K_PAGEDOWN else -1)
            new = (0 if cur is None else cur) + step
        elif key == pygame.K_HOME:
            new = 0
        elif key == pygame.K_END:
            new = n - 1
        else:
            return False
        new = max(0, min(n - 1, new))
        if new != cur:
            select_index(self.list, new)
            if self.on_change is not None:
                self.on_change(new)
        return True
