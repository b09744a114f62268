"""The drag controller: turns a press, motion and release into a gesture.

It knows nothing about the rules: the table scene asks it what is being dragged and
where it was dropped, maps that to a candidate action, and applies it only if the
engine accepts it (otherwise the cards glide back).  A press and release without motion
is a click.
"""
from __future__ import annotations

from dataclasses import dataclass, field

DRAG_START_PX = 6


@dataclass
class Drag:
    keys: list                      # sprite keys being dragged (the grabbed one first)
    group: str                      # where they come from ("hand", "stock", "upcard", "stage:0")
    press: tuple                    # where the press was
    offsets: dict = field(default_factory=dict)  # key -> (dx, dy) from the pointer
    moved: bool = False
    pos: tuple = (0, 0)
    lit: dict = field(default_factory=dict)      # zone name -> True (legal) / False


class DragController:
    def __init__(self) -> None:
        self.drag: Drag | None = None

    @property
    def active(self) -> bool:
        return self.drag is not None and self.drag.moved

    def press(self, keys, group: str, pos, sprites) -> Drag:
        d = Drag(list(keys), group, tuple(pos), pos=tuple(pos))
        for i, k in enumerate(d.keys):
            s = sprites[k]
            d.offsets[k] = (s.x - pos[0] + i * 0.0, s.y - s.lift - pos[1])
        self.drag = d
        return d

    def motion(self, pos, sprites) -> bool:
        """Returns True when the drag has just started (the table lights targets)."""
        d = self.drag
        if d is None:
            return False
        d.pos = tuple(pos)
        started = False
        if not d.moved and (abs(pos[0] - d.press[0]) + abs(pos[1] - d.press[1])) >= DRAG_START_PX:
            d.moved = True
            started = True
            # a multi-card drag stacks the cards in a small fan under the pointer
            first = sprites[d.keys[0]]
            for i, k in enumerate(d.keys):
                s = sprites[k]
                s.dragging = True
                s.lift = 0
                d.offsets[k] = (d.offsets[d.keys[0]][0] + i * first.w * 0.3,
                                d.offsets[d.keys[0]][1])
        if d.moved:
            for k in d.keys:
                s = sprites.get(k)
                if s is not None:
                    ox, oy = d.offsets[k]
                    s.x, s.y = pos[0] + ox, pos[1] + oy
        return started

    def release(self, pos, sprites) -> Drag | None:
        d = self.drag
        self.drag = None
        if d is None:
            return None
        d.pos = tuple(pos)
        for k in d.keys:
            s = sprites.get(k)
            if s is not None:
                s.dragging = False
        return d

    def cancel(self, sprites) -> None:
        if self.drag is not None:
            self.release(self.drag.pos, sprites)
