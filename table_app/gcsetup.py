"""The process's garbage-collector set-up at start-up (issue #17).

The engine keeps every state of a game (``Engine.states``), so a game's heap grows by a
few tracked objects per action (a state: one slotted object in the contract family,
an object and its field dict in Michigan; its new tuples, until a collection untracks
them) and stays.
CPython's cyclic collector walks every tracked object of a generation whenever it
collects it: the full (oldest-generation) collections walk the whole program, the
modules, classes and functions the start-up imported included (pygame_gui's themes,
the variants' tables, an optional benchmark peer's), again and again over a game,
and find nothing to free there.  ``freeze_startup_heap`` moves what the start-up made
into the collector's permanent generation (``gc.freeze``): still alive and still freed
by reference counting, but never walked again; the collector keeps collecting
everything made after it (a closed scene's cycles, ``release_memory``) as before.

Called by the app's start-up (``table_app.ui.app.main``, after its imports, before the
window) and by the benchmarks' (``benchmarks.__main__``, ``benchmarks.peers``, after
their imports), so the engine is measured in a process set up as the player's is.
Pure Python, no pygame.
"""
from __future__ import annotations

import gc

#: whether this process froze its start-up heap already (once per process is enough;
#: a second call would also freeze what the program made since, scenes included)
_DONE: list[int] = []


def freeze_startup_heap() -> int:
    """Collect once (the start-up's own garbage is freed, not frozen), then freeze what
    is left (``gc.freeze``).  Once per process: a later call does nothing.  Returns how
    many objects were frozen (``gc.get_freeze_count()``), 0 on a later call."""
    if _DONE:
        return 0
    gc.collect()
    gc.freeze()
    n = gc.get_freeze_count()
    _DONE.append(n)
    return n
