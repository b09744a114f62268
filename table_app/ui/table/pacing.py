"""Pacing and the computer players' turns: how long a move stays on screen, and when a
computer seat may act.

The table shows the log of the game it has *caught up to*: after an action the new
events are shown one by one (``Pacer.advance``), each staying ``Pacer.pace(event)``
seconds, so every computer card and every forced play visibly travels; the player may
act only once the table has caught up.  A computer seat's turn (``AiTurns.step``) starts
with a visible pause (the seat's box says it is thinking) while its decision is
computed on the session's worker thread; the decision is applied when both are done.

The speeds come from the app's settings (``ai_speed``; ``instant``: animations skipped,
or the tests' instant app, where nothing waits).  No drawing here.
"""
from __future__ import annotations

import logging
from typing import Any

from ...core.errors import IllegalActionError

log = logging.getLogger(__name__)

#: the sound of an event when the table shows it
SOUNDS = {"discard": "place", "lay_off": "place", "swap": "place", "lead": "place",
          "play": "place", "draw": "draw", "buy": "buy", "go_down": "go_down", "deal": "deal"}

#: seconds a computer seat shows it is thinking before its move, at the normal speed
THINK_S = 0.35
#: past this many seconds after its pause, the next event is shown even while cards glide
LATE_S = 0.6


def sounds_of(ev) -> list[str]:
    """The sounds the table plays when it shows ``ev``: a player going out, then the
    event's own (``SOUNDS``)."""
    out = []
    if ev.type == "deal_end" and getattr(ev, "winner", None) is not None:
        out.append("go_out")
    if ev.type in SOUNDS:
        out.append(SOUNDS[ev.type])
    return out


class Pacer:
    """Which of the logged events the table shows (``shown``, a log length), the event
    shown last (``cur_event``: what the cards' motion follows) and the time left before
    the next (``step_t``, seconds).

    ``source``: where the speeds come from (the app: its ``instant`` and its settings'
    ``ai_speed``); ``None``: the normal speed."""

    def __init__(self, human: int, shown: int = 0) -> None:
        self.human = human
        self.shown = shown
        self.step_t = 0.0
        self.cur_event = None
        self.source: Any = None  # what gives the speeds: the app (its settings), or None

    # ------------------------------------------------------------------ the speeds
    @property
    def instant(self) -> bool:
        return bool(self.source is not None and self.source.instant)

    @property
    def ai_factor(self) -> float:
        """Seconds per second of the normal pace (0.5 at the ``ai_speed`` setting 2)."""
        st = getattr(self.source, "settings", None)
        return 1.0 / max(0.25, float(getattr(st, "ai_speed", 1.0)))

    def pace(self, ev) -> float:
        """Seconds to wait after showing ``ev`` before showing the next event: the
        player's own moves a quarter second, a deal long enough to watch, the bookkeeping
        events (a restock, a deal's end, a note) a moment; a computer's moves at its
        speed (a pass in a buying window quicker, Michigan's forced plays too)."""
        if self.instant:
            return 0.0
        ai = self.ai_factor
        t = ev.type
        if getattr(ev, "player", None) == self.human:
            return 0.25
        if t == "deal":
            return 0.7
        if t in ("restock", "deal_end", "game_end") or t.startswith("x-"):
            return 0.1
        if t == "pass_buy":
            return 0.3 * ai
        if t == "play":
            return 0.5 * ai
        return 0.65 * ai

    def think_delay(self) -> float:
        """Seconds a computer seat shows it is thinking before its move."""
        return 0.0 if self.instant else THINK_S * self.ai_factor

    def speed_changed(self) -> None:
        """The speed setting changed: a pause already running is cut to the new pace."""
        if self.cur_event is not None:
            self.step_t = min(self.step_t, self.pace(self.cur_event))

    # ------------------------------------------------------------------ showing the log
    def caught_up(self, n: int) -> bool:
        """The table shows all of a log of ``n`` events."""
        return self.shown >= n

    def jump(self, n: int) -> None:
        """Show a log of ``n`` events at once (after an undo or a redo: no motion)."""
        self.shown = n
        self.cur_event = None

    def truncated(self, n: int) -> None:
        """The log was cut to ``n`` events."""
        self.shown = min(self.shown, n)

    def advance(self, events, dt: float, force: bool = False) -> list:
        """Show the next events of ``events`` (the log) once the pause ran out (``force``:
        now, a move was just made), one by one while each has a pause, all at once when
        none has (instant).  Returns the events shown now (empty: nothing new)."""
        n = len(events)
        if self.shown > n:
            self.shown = n
        if self.shown == n:
            return []
        self.step_t -= dt
        if self.step_t > 0 and not force:
            return []
        out = []
        while self.shown < n:
            ev = events[self.shown]
            self.shown += 1
            self.cur_event = ev
            out.append(ev)
            self.step_t = self.pace(ev)
            if self.step_t > 0 and self.shown < n:
                break
        return out

    def wait(self, events, dt: float, moving: bool) -> list:
        """A frame while the table has not caught up: the next event comes when its
        pause ran out and the cards stopped gliding (``moving``), or ``LATE_S`` after
        its pause even while they glide.  Returns the events shown now."""
        if self.instant or not moving or self.step_t <= -LATE_S:
            return self.advance(events, dt)
        self.step_t -= dt
        return []


class AiTurns:
    """When a computer seat acts.  ``seat``: the seat shown thinking (``None``: none);
    ``t``: seconds left of its pause.

    ``step(dt)`` each frame the table has caught up and is on top: a seat to act starts
    thinking (its decision computed on the worker thread) and shows it for the pause;
    then its decision, once ready, is applied through the session (the engine checks it).
    A decision the engine refuses is logged with the refusal and replaced by the last
    legal action (said in the log: it is a bug in that player)."""

    def __init__(self, session, ui, pacer: Pacer) -> None:
        self.session = session
        self.ui = ui                # the presenter's state: ``ui.thinking`` marks the seat
        self.pacer = pacer
        self.seat: int | None = None
        self.t = 0.0

    def step(self, dt: float, on_think=None) -> str | None:
        """One frame.  Returns ``"thinking"`` (a pause or a decision still running),
        ``"applied"`` (a move was made: the table shows it), ``"stopped"`` (no seat is
        thinking any more: the seat's box goes back), or ``None`` (no computer seat to
        act).  ``on_think()`` is called when a seat starts thinking (the table shows it
        at once)."""
        s = self.session
        seat = s.ai_to_act()
        if seat is None:
            if self.seat is not None:
                self.seat = self.ui.thinking = None
                return "stopped"
            return None
        if self.seat != seat:
            self.seat = self.ui.thinking = seat
            self.t = self.pacer.think_delay()
            s.think(seat)
            if on_think is not None:
                on_think()
        self.t -= dt
        if self.t > 0:
            return "thinking"
        a = s.take_decision(seat)
        if a is None:
            s.think(seat)
            return "thinking"
        self.seat = self.ui.thinking = None
        try:
            s.apply(a)
        except IllegalActionError as e:
            legal = s.engine.legal_actions()
            log.error("the computer player of seat %d chose %s, which the rules refuse (%s); "
                      "it plays %s instead", seat, a, e, legal[-1] if legal else "nothing")
            if legal:
                s.apply(legal[-1])
        return "applied"

    def speed_changed(self) -> None:
        """The speed setting changed: a pause already running is cut to the new pace."""
        self.t = min(self.t, self.pacer.think_delay())


__all__ = ["Pacer", "AiTurns", "SOUNDS", "sounds_of", "THINK_S", "LATE_S"]
