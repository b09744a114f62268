"""BENCHMARKS ONLY: a computer player at the human's seat (``table-app play ... --autoplay N``).

The real app, its real loop and window, plays ``N`` whole games in a row by itself: at
the table, when it is the human's decision and the table has caught up (nothing left
to show, no card gliding), the *normal* computer player decides for the human's seat
(the hint asks the hard level since issue 18; the benchmark keeps normal's speed) and
the decision goes in through ``TableScene.act``, as a click's does; the score sheet
between deals is answered with its button ("Next round"), and the results screen at the
end of a game with "New game" (the same players and options), until ``N`` games are
over; then the app quits.  Its frames are not capped at 60 a second (``uncapped``:
with the Skip animations setting on, three 8-seat games take minutes, not half an hour);
what a frame does is the app's own.  ``benchmarks/realapp.py`` measures the app's memory this way
(after three games in one process).  No player ever sees it: nothing but that
command-line switch turns it on.
"""
from __future__ import annotations

import random


class Autoplay:
    """Plays the human's seat for ``games`` games, then quits the app.

    Attributes:
        games: games to play; done: games finished so far; decisions: actions taken
            for the human's seat.
    """

    def __init__(self, games: int, seed: int = 0) -> None:
        self.games = int(games)
        self.done = 0
        self.decisions = 0
        self.rng = random.Random(seed)
        # the games' seeds come from the random module (GameSession, New game): seeded
        # here, the same games are played every time (benchmarks compare runs)
        random.seed(seed)
        #: ``App.step`` does not cap these frames at ``FPS``
        self.uncapped = True

    def active(self) -> bool:
        return self.done < self.games

    @staticmethod
    def _me(session):
        """The normal player (``ui.table.hint.hint_player``): the app holds no player of
        the benchmark's own (the Hint button asks the hard level since issue 18; the
        benchmark keeps the normal level's few milliseconds a decision)."""
        from .table.hint import hint_player
        return hint_player(session.variant, session.options, level="normal")

    def tick(self, app) -> None:
        """One look at the top scene, once a frame (``App.step``)."""
        if not self.active():
            return
        from .scenes.scores import DealEndScene, ResultsScene, ScoreSheet
        from .scenes.table import TableScene
        top = app.stack.top
        if isinstance(top, ResultsScene):
            self.done += 1
            import logging
            logging.getLogger("table_app").info(
                "benchmark autoplay: game %d of %d over (%d decisions for the human's seat)",
                self.done, self.games, self.decisions)
            if self.active():
                top.press_button("new")
            else:
                app.quit()
        elif isinstance(top, DealEndScene):
            top.press_button("next")          # the deal's hands shown: on to the sheet
        elif isinstance(top, ScoreSheet) and top.between:
            top.press_button("next")
        elif isinstance(top, TableScene):
            s = top.session
            if not (top.caught_up() and not top.layer.moving() and s.human_to_act()):
                return
            legal = s.engine.legal_actions()
            if not legal:
                return
            action, _why = self._me(s).decide(s.observe(), legal, self.rng)
            if action is not None and top.act(action):
                self.decisions += 1
