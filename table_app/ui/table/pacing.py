"""Pacing and the computer players' turns: how long a move stays on screen, and when a
computer seat may act.

The table shows the log of the game it has *caught up to*: after an action the new
events are shown one by one (``Pacer.advance``), so every computer card and every forced
play visibly travels; the player may act only once the table has caught up.  Each event
shown has its time (issue #19: whole turns went by in two seconds): at least
``Pacer.pace(event)`` seconds from when it is shown, and its cards *landed* (the sprites
stopped gliding) and then still for ``Pacer.hold(event)`` seconds, so what it did can be
read before the next move starts; only then does the next event come, or the next
computer seat start its turn (``Pacer.settled``).  ``LATE_S`` after its pause the next
one comes even while something still glides (a card kept moving by the player's keys).
A computer seat's turn (``AiTurns.step``) starts with a visible pause (the seat's box
says it is thinking) while its decision is computed on the session's worker thread; the
decision is applied when both are done.

Michigan stays on a stop (MG-7) and on a pay card taken (MG-9) for the
``michigan_pause_s`` setting's seconds, whoever played it, so the player reads who took
what (the session's ``stop_at(i)`` says whether event ``i`` stopped the sequence).

The speeds come from the app's settings (``ai_speed`` scales the computer players' pace,
``michigan_pause_s``; ``instant``: animations skipped, or the tests' instant app, where
nothing waits).  No drawing here.
"""
from __future__ import annotations

import logging
from typing import Any

from ...core.cards import parse_face
from ...core.errors import IllegalActionError

log = logging.getLogger(__name__)

#: the sound of an event when the table shows it
SOUNDS = {"discard": "place", "lay_off": "place", "swap": "place", "lead": "place",
          "play": "place", "draw": "draw", "buy": "buy", "go_down": "go_down", "deal": "deal"}

#: seconds a computer seat shows it is thinking before its move, at the normal speed
THINK_S = 0.35
#: past this many seconds after its pause, the next event is shown even while cards glide
#: (a safety: the event's own cards have landed long before)
LATE_S = 2.0
#: seconds an event stays still on the table after its cards landed, at the normal pace
#: of the computer players (``Pacer.hold``): what it did can be read before the next move
HOLD_S = {"draw": 0.35, "pass_upcard": 0.45, "pass_buy": 0.2, "buy": 0.9, "go_down": 1.1,
          "lay_off": 0.7, "swap": 0.8, "discard": 0.7, "lead": 0.5, "play": 0.3}
#: the player's own moves: a beat once they landed, before a computer seat answers
OWN_HOLD_S = 0.15
#: Michigan's pay cards (MG-9), faces
_PAY_FACES = frozenset(parse_face(c) for c in ("AH", "KC", "QD", "JS"))


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
        self.hold_t = 0.0
        #: the log length whose cards have all landed (``shown`` once nothing glides): what
        #: the score sheet and the chips show, never ahead of the animation (issue #19)
        self.landed = shown
        self.cur_event = None
        self.source: Any = None  # what gives the speeds: the app (its settings), or None
        #: ``stop_at(i)``: whether log event ``i`` stopped Michigan's sequence (MG-7);
        #: set by the table for Michigan (``None``: never)
        self.stop_at: Any = None
        #: ``forced_at(i)``: whether log event ``i`` was made by the rules, not a decision
        #: (Michigan's follows, MG-6): the player's own go at the table's pace then, each
        #: landing before the next (``None``: none is)
        self.forced_at: Any = None

    # ------------------------------------------------------------------ the speeds
    @property
    def instant(self) -> bool:
        return bool(self.source is not None and self.source.instant)

    @property
    def ai_factor(self) -> float:
        """Seconds per second of the normal pace (0.5 at the ``ai_speed`` setting 2)."""
        st = getattr(self.source, "settings", None)
        return 1.0 / max(0.25, float(getattr(st, "ai_speed", 1.0)))

    def _own(self, ev, i: int | None) -> bool:
        """``ev`` (log event ``i``) is one of the player's own decisions (not a play the
        rules made for them: ``forced_at``)."""
        if getattr(ev, "player", None) != self.human:
            return False
        return not (i is not None and self.forced_at is not None and self.forced_at(i))

    def pace(self, ev, i: int | None = None) -> float:
        """Seconds to wait after showing ``ev`` (log event ``i``) before showing the next
        event: the player's own decisions a quarter second (the plays the rules make for
        them, MG-6, at the table's pace), a deal long enough to watch, the bookkeeping
        events (a restock, a deal's end, a note) a moment; a computer's moves at its
        speed (a pass in a buying window quicker, Michigan's forced plays too)."""
        if self.instant:
            return 0.0
        ai = self.ai_factor
        t = ev.type
        if self._own(ev, i):
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

    @property
    def michigan_pause(self) -> float:
        """Seconds Michigan stays on a stop or a pay card (the ``michigan_pause_s``
        setting, 1.5 without one)."""
        st = getattr(self.source, "settings", None)
        try:
            return max(0.0, float(getattr(st, "michigan_pause_s", 1.5)))
        except (TypeError, ValueError):
            return 1.5

    def hold(self, ev, i: int | None = None) -> float:
        """Seconds ``ev`` (log event ``i``) stays still on the table once its cards
        landed, before the next move starts: a computer player's move at its pace
        (``HOLD_S``, scaled by ``ai_speed``), the player's own a beat (``OWN_HOLD_S``),
        the bookkeeping nothing; Michigan's pay card taken and a stop (``stop_at``) at
        least ``michigan_pause``, whoever played them."""
        if self.instant:
            return 0.0
        t = ev.type
        base = OWN_HOLD_S if self._own(ev, i) else HOLD_S.get(t, 0.0) * self.ai_factor
        if t in ("lead", "play"):
            if getattr(ev, "card", None) in _PAY_FACES or (
                    i is not None and self.stop_at is not None and self.stop_at(i)):
                base = max(base, self.michigan_pause)
        return base

    def settled(self, moving: bool) -> bool:
        """The last event shown has had its time: its pause ran out, its cards landed
        (``moving`` false) and stayed still for its ``hold``; or it is ``LATE_S`` past
        its pause (something else keeps gliding)."""
        if self.instant or self.cur_event is None:
            return True
        if self.step_t <= -LATE_S:
            return True
        return self.step_t <= 0 and not moving and self.hold_t <= 0

    def tick(self, dt: float, moving: bool) -> None:
        """A frame with everything shown: the last event's time runs (its hold only
        once its cards stopped gliding)."""
        self.step_t -= dt
        if not moving:
            self.hold_t -= dt
            self.landed = self.shown

    def dealing(self, events) -> bool:
        """A deal is among the events shown (of the log ``events``) whose cards have not
        all landed: the dealt cards still fly to the hands (the status line tells the
        deal, not the turn it gives, until they are there)."""
        return any(events[i].type == "deal"
                   for i in range(self.landed, min(self.shown, len(events))))

    def think_delay(self) -> float:
        """Seconds a computer seat shows it is thinking before its move."""
        return 0.0 if self.instant else THINK_S * self.ai_factor

    def speed_changed(self) -> None:
        """The speed setting changed: a pause already running is cut to the new pace."""
        if self.cur_event is not None:
            self.step_t = min(self.step_t, self.pace(self.cur_event, self.shown - 1))
            self.hold_t = min(self.hold_t, self.hold(self.cur_event, self.shown - 1))

    # ------------------------------------------------------------------ showing the log
    def caught_up(self, n: int) -> bool:
        """The table shows all of a log of ``n`` events."""
        return self.shown >= n

    def jump(self, n: int) -> None:
        """Show a log of ``n`` events at once (after an undo or a redo: no motion)."""
        self.shown = self.landed = n
        self.cur_event = None

    def truncated(self, n: int) -> None:
        """The log was cut to ``n`` events."""
        self.shown = min(self.shown, n)
        self.landed = min(self.landed, n)

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
            self.step_t = self.pace(ev, self.shown - 1)
            self.hold_t = self.hold(ev, self.shown - 1)
            if (self.step_t > 0 or self.hold_t > 0) and self.shown < n:
                break
        if self.instant:
            self.landed = self.shown
        return out

    def wait(self, events, dt: float, moving: bool) -> list:
        """A frame while the table has not caught up: the next event comes once the
        last one had its time (``settled``: its pause ran out, its cards landed and
        stayed still for its ``hold``; or ``LATE_S`` after its pause even while cards
        glide).  Returns the events shown now."""
        if self.instant:
            out = self.advance(events, dt)
            self.landed = self.shown
            return out
        if not moving:
            self.hold_t -= dt
            self.landed = self.shown
        if self.settled(moving):
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


__all__ = ["Pacer", "AiTurns", "SOUNDS", "sounds_of", "THINK_S", "LATE_S", "HOLD_S",
           "OWN_HOLD_S"]
