"""Resume an unfinished game from its record: read it (dropping a torn last line, and
saying so), replay it, restore the undo/redo history as far as the record allows, and
switch the engine to live play with a fresh random generator (seeded from the header's
seed + the number of events) so play continues exactly where it stopped."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..core.actions import DealEnd, Extension, GameEnd, event_from_json
from ..core.errors import IllegalActionError, RecordError
from ..engine.engine import Engine
from ..engine.record import Record, check_event, engine_for, read_record, replay
from .journal import PRACTICE_MARK, UNDO_MARK, GameJournal, ext_type


@dataclass
class Resumed:
    """A resumed game.

    Attributes:
        engine: live (``auto=True``), at the point where the record stopped.
        journal: the autosave journal, appending to the same record file.
        record: the parsed record.
        path: the record file.
        torn_tail_dropped: the file ended with a torn line (a crash while writing), which
            was dropped.
        redo: how many events can be redone (from the record's last ``x-undo`` mark).
        messages: one-line messages for the person (the torn line, a write failure).
    """
    engine: Engine
    journal: GameJournal
    record: Record
    path: Path
    torn_tail_dropped: bool = False
    redo: int = 0
    messages: list = field(default_factory=list)


def live_rng(header: dict, n_events: int) -> random.Random:
    """The random generator a resumed game continues with."""
    seed = header.get("seed")
    base = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    return random.Random(base + n_events)


def _last_real(log):
    for ev in reversed(log):
        if not isinstance(ev, Extension):
            return ev
    return None


def _fix_forced(eng) -> None:
    """Replay records every event as a decision; mark the chance, derived and forced
    ones (Michigan's forced follows), and the moves an ``x-together`` note joins to the
    decision before them (``Engine.apply_together``), so that undo skips them as in live
    play."""
    from ..engine.engine import joined_indices
    rules = eng.rules
    joined = joined_indices(eng.log)
    for i, ev in enumerate(eng.log):
        if i in joined:
            eng.forced[i] = True
            continue
        if getattr(ev, "player", None) is None:
            eng.forced[i] = True
            continue
        fa = rules.forced_action(eng.states[i])  # pure, on a state the replay checked
        eng.forced[i] = fa is not None and fa == ev


def _restore_redo(eng, rec: Record) -> int:
    """When the record ends with an undo (nothing played after it), put its redo stack
    back on the engine.  Returns the number of events that can be redone."""
    last = None
    for ev in reversed(rec.events):
        if ext_type(ev) == PRACTICE_MARK:
            continue
        last = ev
        break
    if last is None or ext_type(last) != UNDO_MARK or not hasattr(eng, "_redo"):
        return 0
    try:
        items = last.to_json().get("redo") or []
        if not isinstance(items, list):
            return 0
        stack = []
        for it in items:
            check_event(it["event"], eng.num_players)
            stack.append((event_from_json(it["event"]), bool(it.get("forced"))))
        if not _redo_plays(eng, stack):
            return 0          # a redo stack the rules refuse (edited by hand): no redo
    except (RecordError, KeyError, TypeError, AttributeError, ValueError):
        return 0
    eng._redo = list(reversed(stack))
    return len(stack)


def _redo_plays(eng, stack) -> bool:
    """Whether the rules accept the redo stack from the engine's state, in order (a dry
    run on the pure rules: nothing of the engine changes)."""
    rules = eng.rules
    st = eng.state
    for ev, _forced in stack:
        if isinstance(ev, Extension):
            continue
        try:
            if isinstance(ev, (DealEnd, GameEnd)):
                want = rules.deal_end(st) if isinstance(ev, DealEnd) else rules.game_end(st)
                if want is None or want.to_json() != ev.to_json():
                    return False
                continue
            rules.check(st, ev)
            st = rules.apply(st, ev)
        except (IllegalActionError, RecordError):  # refused, or a deal that can't be this game's
            return False
    return True


def _catch_up(eng) -> None:
    """Play what live mode would have played after the last recorded event (a crash can
    stop between an action and its forced or derived events)."""
    rules = eng.rules
    for _ in range(100_000):
        st = eng.state
        last = _last_real(eng.log)
        de = rules.deal_end(st)
        if de is not None:
            if not isinstance(last, (DealEnd, GameEnd)):
                eng.apply(de)
                ge = rules.game_end(eng.state)
                if ge is not None:
                    eng.apply(ge)
            elif isinstance(last, DealEnd):
                ge = rules.game_end(st)
                if ge is not None:
                    eng.apply(ge)
            return
        fa = rules.forced_action(st)
        if fa is None:
            return
        eng.apply(fa, forced=True)


def load_engine(rec: Record):
    """Replay a record into a live engine (no journal).  Returns ``(engine, redo)``.

    Raises:
        RecordError, ReplayError: the record is not a valid game.
    """
    eng = engine_for(rec.header, auto=False)
    replay(rec, engine=eng)
    _fix_forced(eng)
    if rec.header.get("practice") or any(
            ext_type(e) == PRACTICE_MARK for e in rec.events):
        eng.revealed_by_undo = True
    redo = _restore_redo(eng, rec)
    eng.auto = True
    eng.rng = live_rng(rec.header, len(eng.log))
    return eng, redo


def resume_game(path, *, on_finish: Callable | None = None, lock=None) -> Resumed:
    """Resume the game of a record file, holding its lock (one writer per record).

    Args:
        lock: the record's ``RecordLock``, already held; ``None``: taken here.

    Raises:
        GameOpenElsewhere: another copy of the app holds the record's lock.
        RecordError: not a record (naming the line; a torn last line is dropped, not
            refused).
        ReplayError: an event the rules refuse.
    """
    from .lock import GameOpenElsewhere, RecordLock
    path = Path(path)
    if lock is None:
        lock = RecordLock(path)
        if not lock.acquire():
            raise GameOpenElsewhere(path)
    try:
        rec = read_record(path, drop_torn_tail=True)
        torn = bool(rec.header.get("_torn_tail_dropped"))
        eng, redo = load_engine(rec)
        # the journal goes on with the header as the file has it (names as written)
        journal = GameJournal(eng, rec.file_header or rec.header, path, on_finish=on_finish,
                              lock=lock)
    except BaseException:
        lock.release()
        raise
    messages = []
    if torn:
        messages.append(f"{path.name}: the last line was cut off by a crash and was dropped; "
                        f"the game resumes from the move before it")
    _catch_up(eng)
    if journal.error:
        messages.append(journal.error)
    return Resumed(eng, journal, rec, path, torn, redo, messages)
