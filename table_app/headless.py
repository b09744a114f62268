"""Play a game headless with random legal actions, autosaved through a ``GameJournal``,
resuming an unfinished record when there is one.  Used by the crash-safety (``kill -9``)
test and handy for trying storage by hand::

    TABLE_APP_HOME=/tmp/t python -m table_app.headless --variant may_i --seed 7 \\
        --record /tmp/t/game.jsonl --max-events 2000 --progress

Every choice comes from a ``random.Random`` seeded from the header's seed and the number
of events already in the record, so a run is reproducible from any prefix.  With
``--progress`` the number of events on disk is printed (and flushed) after each action,
once the journal has fsynced it.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from .engine.record import engine_for, make_header
from .storage import Library, resume_game
from .storage.resume import live_rng

PREFERRED = ("go_down", "lay_off", "swap")


def choice_rng(header: dict, n_events: int) -> random.Random:
    """The generator of the random player's choices after ``n_events`` events."""
    seed = header.get("seed")
    base = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    return random.Random(base * 1_000_003 + 7919 + n_events)


def players_for(n: int, human: bool = True) -> list[dict]:
    names = ["You", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    out = []
    for i in range(n):
        if i == 0 and human:
            out.append({"name": names[0], "kind": "human"})
        else:
            out.append({"name": names[i], "kind": "ai", "level": ("easy", "normal", "hard")[i % 3]})
    return out


def pick(acts: list, rng: random.Random, policy: str):
    """A random legal action; the ``greedy`` policy prefers melding (so deals end)."""
    if policy == "greedy":
        pref = [a for a in acts if a.type in PREFERRED]
        if pref:
            return rng.choice(pref)
    return rng.choice(acts)


def step(engine, rng: random.Random, policy: str = "greedy") -> bool:
    """One action (or the next deal).  Returns ``False`` when the game is over."""
    if engine.to_act() is None:
        return False
    acts = engine.legal_actions()
    if acts:
        engine.apply(pick(acts, rng, policy))
        return True
    if engine.deal_next():
        return True
    raise RuntimeError(f"no legal action and no deal due at {engine.to_act()}")


def play(variant: str = "may_i", players: int = 4, seed: int = 1, *,
         record: str | Path | None = None, max_events: int | None = None,
         policy: str = "greedy", delay: float = 0.0, undo_rate: float = 0.0,
         progress=None) -> dict:
    """Play (or resume) one game headless.

    Args:
        record: the record file (resumed when it exists and is unfinished); by default the
            library's newest unfinished game is resumed, else a new one is started.
        max_events: stop (unfinished) once the record holds this many events.
        delay: seconds to sleep after each action (to make a run last).
        undo_rate: the chance that seat 0 (the human) undoes after an action (and, when
            something can be redone, the chance that it redoes instead of playing on).
        progress: called with the number of events on disk after each action.

    Returns:
        ``{"path", "events", "finished", "resumed", "messages"}``.
    """
    lib = Library()
    res = None
    if record is not None:
        record = Path(record)
        if record.exists():
            res = resume_game(record, on_finish=lib.note_finished)
    else:
        res = lib.resume()
    if res is not None:
        eng, journal, header, messages = res.engine, res.journal, res.record.header, list(res.messages)
    else:
        header = make_header(variant, players_for(players), seed=seed)
        eng = engine_for(header, auto=True, rng=live_rng(header, 0))
        journal = lib.new_game(eng, header, record)
        messages = []
    rng = choice_rng(header, len(eng.log))
    while max_events is None or len(eng.log) < max_events:
        if undo_rate and eng.can_redo() and rng.random() < 0.5:
            eng.redo(0)
        elif undo_rate and rng.random() < undo_rate and eng.can_undo(0):
            eng.undo(0)
        elif not step(eng, rng, policy):
            break
        if progress is not None:
            progress(journal.count if journal.saved else 0)
        if delay:
            time.sleep(delay)
    out = {"path": str(journal.path), "events": len(eng.log), "finished": eng.to_act() is None,
           "resumed": res is not None, "messages": messages + lib.take_messages(),
           "error": journal.error}
    journal.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m table_app.headless", description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="may_i")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--record", help="record file (resumed when it exists)")
    ap.add_argument("--max-events", type=int)
    ap.add_argument("--policy", choices=("greedy", "random"), default="greedy")
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--undo-rate", type=float, default=0.0)
    ap.add_argument("--progress", action="store_true", help="print the events on disk after each action")
    a = ap.parse_args(argv)

    def prog(n):
        sys.stdout.write(f"{n}\n")
        sys.stdout.flush()
    out = play(a.variant, a.players, a.seed, record=a.record, max_events=a.max_events,
               policy=a.policy, delay=a.delay, undo_rate=a.undo_rate,
               progress=prog if a.progress else None)
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
