"""The end of a deal at the table (issue #19): once the deal's last move has landed and
had its time, every hand is shown with its points (``scores.DealEndScene``), then the
score sheet (after the last deal the results); the score sheet's "Next deal" deals the
next one, whose hand arrives sorted as the player chose (``Arrangement``).  The hint of
the last deal goes when it ends.  Also where the player's turn began, for the "your
turn" cue (``turn_key``)."""
from __future__ import annotations

from typing import Any


class DealEnds:
    """The table scene's deal ends.  ``sheet_for``: the round (or ``"over"``) the deal's
    end was shown for (shown once)."""

    #: frames the deal's end waits, at most, for its picture made ahead
    #: (``ahead.DealEndAhead``) once the last move has landed: a deal that ended on a
    #: quick last move left too few frames' slack to make it, and made in the screen's
    #: first frame it cost 5-14 ms at 4 seats (the wait is at most 0.6 s, nothing moving)
    HOLD_FRAMES = 36

    def __init__(self, scene) -> None:
        self.t = scene
        self.sheet_for: Any = None
        self.held = 0

    def step(self, settled: bool) -> bool:
        """One frame with the table on top: ``True`` when the deal (or the game) is over,
        its end shown once ``settled`` (the last move landed and had its time)."""
        t, s = self.t, self.t.session
        over, due = s.game_over(), s.deal_due()
        if not (over or due):
            return False
        if t.hints.hint is not None or t.hints.thinking:
            self.forget_hint()      # no hint of the last deal over its end or the next
        from ..scenes.scores import DealEndScene, ScoreSheet
        shown = self.sheet_for == ("over" if over else t.obs.round)
        if settled and not shown and self._wait_ahead():
            return True
        if over:
            if self.sheet_for != "over" and settled:
                self.sheet_for = "over"
                t.app.push(DealEndScene(s, then="results"))
            return True
        rnd = t.obs.round
        if self.sheet_for != rnd and settled:
            self.sheet_for = rnd
            t.app.push(DealEndScene(s, then="sheet") if rnd else ScoreSheet(s, between=True))
        return True

    def pending(self) -> bool:
        """The deal (or the game) is over and its end is not on screen yet: the table
        still has frames to count (the last move's hold, ``_wait_ahead``), so it is
        waiting (``TableScene.waiting``): an idle loop ticks once a second with ``dt``
        capped at 0.1 s, which stretched those 0.6-2 s to 15-35 s of a still table (a
        tester thought the game had stuck at Michigan's deal end)."""
        s = self.t.session
        over = s.game_over()
        if not (over or s.deal_due()):
            return False
        return self.sheet_for != ("over" if over else self.t.obs.round)

    def _wait_ahead(self) -> bool:
        """Whether the deal's end waits this frame for its picture made ahead: only where
        the frames' slack makes it (``work_ahead`` drives it) and animations play, at
        most ``HOLD_FRAMES`` frames a deal end."""
        t = self.t
        ahead = getattr(t, "ahead", None)
        if (ahead is None or not getattr(t, "_ahead_driven", False)
                or getattr(t.app, "instant", True) or ahead.key is None):
            return False
        done = ahead.ready() and not ahead.texts and not getattr(ahead, "panels", ())
        if done or not ahead.rows or self.held >= self.HOLD_FRAMES:
            return False
        self.held += 1
        return True

    def forget_hint(self) -> None:
        """The deal is over: the hint (its cards lit, its words in the status line and
        in the passing message) goes."""
        t = self.t
        h = t.hints.hint
        t.hints.clear()             # (a hint still being thought too: ``HintAsker``)
        if h is not None and t.toast.msg == h.text():
            t.toast.clear()

    def next_deal(self) -> None:
        """The score sheet's "Next deal": the meld area and the hand emptied, the next
        deal dealt."""
        t = self.t
        if t.session.deal_due():
            t.hand.clear()
            t.ui.hand_order = []
            t.session.deal_next()
            self.sheet_for = None
            self.held = 0
            t.app.play_sound("shuffle")


def turn_key(scene):
    """The player's turn now, for the "your turn" cue (``TurnCue``): ``None`` when it is
    not their turn; else where it began (the log's length at a Michigan lead; the last
    discard or deal before it in the contract family, so the buying window of the upcard
    they passed does not make it a new turn)."""
    if not scene.caught_up():
        return None
    ph = scene.session.human_to_act()
    if ph not in ("draw", "play", "lead"):
        return None
    log = scene.engine.log
    if ph == "lead":
        return ("lead", len(log))
    for i in range(len(log) - 1, -1, -1):
        if log[i].type in ("discard", "deal"):
            return ("turn", i)
    return ("turn", 0)


__all__ = ["DealEnds", "turn_key"]
