"""What the end of a deal will show, made ahead over the frames before it is shown
(issue #17: the deal end's first frame rendered every hand's faces at its small width
and its texts in one frame, 30-60 ms at 8 seats).

``DealEndAhead.tick(scene)`` once a frame from the table's ``update``: while the
engine's deal is over (``deal_due``, ``game_over``) and the table still plays its last
moves, a frame's share of the work is done: first the faces the hands show, at the deal
end's card width (``FACES_PER_FRAME`` a frame), then the rows' picture one row a frame
(``scores.deal_end_picture`` with ``only``), then the texts the score sheet that follows
shows (the results' at the game's end), ``TEXTS_PER_FRAME`` a frame, into the text
cache; last the two overlays' panels (the deal end's and the sheet's or the results',
``scene.overlay_panel``: 0.5-1.2 ms each at 1920x1080).  ``DealEndScene`` takes the picture (``take``) when it is the one it would draw,
else draws its own: the same pixels either way.
"""
from __future__ import annotations

from typing import Any

import pygame

# imported with the table, not in the frame a deal ends (a source tree compiles it then)
from ..scenes import scores
from ..slack import AheadCost

#: faces rendered ahead a frame (about 0.3 ms each at the deal end's 46-51 px)
FACES_PER_FRAME = 4
#: (size, bold) of the texts the deal end and the score sheet render that the table
#: itself may not have: the first text at a size costs 1.3-2.3 ms (the font's glyphs,
#: about 0.35 MB), the next 0.1: rendered after the table's first frame
#: (``TableScene.work_ahead``).  Only these (a log of the fonts made after the table's
#: first frames of 2-8 seat games found them, all in the deal end's work ahead), not
#: every size (18 of them were 6 MB of a 150 MB bound)
WARM_TEXT = ((24, True), (15, False), (14, False), (13, False), (11, False))
#: the widget classes whose pygame_gui fonts the overlays over the table use (the deal
#: end's, the sheet's, the menu's buttons): warmed in the table's first frame
#: (``App._warm_gui_fonts``)
WARM_GUI_FONTS = ("@primary", "@table_button")


def warm_texts(sizes) -> int:
    """One text rendered at each ``(size, bold)`` of ``sizes`` (``text.render``, into
    its cache); returns how many."""
    from . import text
    for size, bold in sizes:
        text.render("Aa09: ·", size, (250, 236, 170), bold=bold)
    return len(sizes)


#: the score sheet's texts rendered ahead a frame
TEXTS_PER_FRAME = 12
#: ... and a piece in a frame's slack (``tick`` with ``slack``: about 0.1 ms a text)
TEXTS_PER_PIECE = 3


class DealEndAhead:
    """The deal end's picture in the making (the module's text).

    Attributes:
        key: what it is made for (the log's length, the window, the scale, the deck's
            look), ``None`` while no deal is over; ``picture``: the rows' picture so
            far; ``done``: rows drawn on it; ``faces``: faces still to render;
            ``texts``: the score sheet's texts still to render; ``steps``: frames that
            did some of it (tests).
    """

    def __init__(self) -> None:
        self.reset()
        self.steps = 0
        #: the cost of a piece of each kind, in a frame's slack (``tick``)
        self._face_cost = AheadCost(first_ms=0.8)
        self._row_cost = AheadCost(first_ms=2.5)
        self._text_cost = AheadCost(first_ms=0.5)
        self._panel_cost = AheadCost(first_ms=1.0)

    def reset(self) -> None:
        self.key: Any = None
        self.rows: list = []
        self.picture: pygame.Surface | None = None
        self.drawn: list = []
        self.done = 0
        self.faces: list = []
        self.texts: list = []
        self.panels: list = []
        self.size: tuple[int, int] = (0, 0)
        self.cw = 0

    def _want(self, scene):
        """``(session, key)`` when a deal is over and its end not shown yet, else
        ``None``."""
        s = scene.session
        app = scene.app
        if app is None or app.stack.top is not scene:
            return None
        try:
            if not (s.deal_due() or s.game_over()):
                return None
        except Exception:  # noqa: BLE001 - a session without them: nothing ahead
            return None
        st = app.settings
        key = (id(s), len(s.engine.log), tuple(app.size), getattr(app, "ui_scale", 1.0),
               bool(getattr(st, "four_color", False)), bool(getattr(st, "large_index", False)))
        return s, key

    def tick(self, scene, slack=None) -> bool:
        """One frame's share (the module's text); whether anything was done.  ``slack``
        (a ``ui.slack.FrameSlack``, from ``TableScene.work_ahead``): pieces of the work
        (a face, a row, ``TEXTS_PER_PIECE`` texts) while each kind's estimated cost fits
        in the frame (``AheadCost``); ``None``: the fixed share."""
        got = self._want(scene)
        if got is None:
            if self.key is not None:
                self.reset()
            return False
        s, key = got
        app = scene.app
        if key != self.key:
            self.reset()
            self.key = key
            obs = s.rules.observe(s.engine.state, s.human)
            if not obs.results and not s.game_over():
                self.key = key           # the first deal's sheet: no hands to show
                return False
            self.rows = scores.deal_end_rows(s, obs)
            u = key[3]
            p = scores.panel_rect(app.size, scores.deal_end_panel_size(self.rows), u)
            self.size = p.size
            self.cw = scores.deal_end_card_width(p, self.rows, u)
            four, large = key[4], key[5]
            art = app.art
            self.faces = [f for f in sorted({c >> 3 for _n, cards, _t, _o in self.rows
                                             for c in cards})
                          if not (hasattr(art, "has_face")
                                  and art.has_face(f, self.cw, four_color=four, large_index=large))]
            self.picture = pygame.Surface(self.size, pygame.SRCALPHA)
            self.drawn = [None] * len(self.rows)
            self.texts = sheet_texts(s, obs, u)   # the sheet between deals, or the results
            self.panels = [p.size, overlay_sizes(s, obs, app.size, u)]
            return False
        if self.rows is None or self.picture is None:
            return False
        if slack is not None:
            if self.faces:
                done = self._face_cost.run(slack, lambda: self._piece(app, key, "face"),
                                           len(self.faces))
            elif self.done < len(self.rows):
                done = self._row_cost.run(slack, lambda: self._piece(app, key, "row"), 1)
            elif self.texts:
                done = self._text_cost.run(slack, lambda: self._piece(app, key, "text"),
                                           TEXTS_PER_FRAME // TEXTS_PER_PIECE)
            elif self.panels:
                done = self._panel_cost.run(slack, lambda: self._piece(app, key, "panel"), 1)
            else:
                return False
            if done:
                self.steps += 1
            return bool(done)
        art = app.art
        four, large = key[4], key[5]
        if self.faces:
            for f in self.faces[:FACES_PER_FRAME]:
                art.face(f, self.cw, four_color=four, large_index=large)
            del self.faces[:FACES_PER_FRAME]
        elif self.done < len(self.rows):
            _pic, notes = scores.deal_end_picture(self.size, self.rows, art, app.settings, key[3],
                                           only={self.done}, into=self.picture)
            self.drawn[self.done] = notes[0] if notes else None
            self.done += 1
        elif self.texts:
            from . import text
            for args, kw in self.texts[:TEXTS_PER_FRAME]:
                text.render(*args, **kw)
            del self.texts[:TEXTS_PER_FRAME]
        elif self.panels:
            self._panel(self.panels.pop(0))
        else:
            return False
        self.steps += 1
        return True

    def _piece(self, app, key, kind: str) -> bool:
        """One piece of the work of ``kind`` (``face``: one face; ``row``: one row of
        the picture, once the faces are done; ``text``: ``TEXTS_PER_PIECE`` texts, once
        the rows are); whether there was one."""
        art = app.art
        if kind == "face":
            if not self.faces:
                return False
            art.face(self.faces.pop(0), self.cw, four_color=key[4], large_index=key[5])
            return True
        if kind == "row":
            if self.faces or self.done >= len(self.rows):
                return False
            _pic, notes = scores.deal_end_picture(self.size, self.rows, art, app.settings, key[3],
                                                  only={self.done}, into=self.picture)
            self.drawn[self.done] = notes[0] if notes else None
            self.done += 1
            return True
        if kind == "panel":
            if self.faces or self.done < len(self.rows) or self.texts or not self.panels:
                return False
            self._panel(self.panels.pop(0))
            return True
        if self.faces or self.done < len(self.rows) or not self.texts:
            return False
        from . import text
        for args, kw in self.texts[:TEXTS_PER_PIECE]:
            text.render(*args, **kw)
        del self.texts[:TEXTS_PER_PIECE]
        return True

    @staticmethod
    def _panel(size) -> None:
        from ..scene import overlay_panel
        overlay_panel(size, scores.Overlay.fill_alpha)   # kept in the panels' cache

    def ready(self) -> bool:
        """The rows' picture is whole."""
        return self.picture is not None and bool(self.rows) and self.done == len(self.rows)

    def _for(self, session, rows, size, u: float, settings) -> bool:
        """The picture in the making shows ``rows`` at ``size`` and ``u`` with these
        settings' deck."""
        key = self.key
        return not (self.picture is None or key is None or key[0] != id(session)
                    or tuple(size) != self.size or key[3] != u or rows != self.rows
                    or key[4] != bool(getattr(settings, "four_color", False))
                    or key[5] != bool(getattr(settings, "large_index", False)))

    def take(self, session, rows, size, u: float, settings, art=None):
        """``(picture, notes as drawn)`` when the picture is whole and shows ``rows`` at
        ``size`` and ``u`` with these settings' deck; else ``None``.  ``art`` (the card
        art): a picture begun for them is finished now, its rows not drawn yet drawn on
        it (a deal end that did not wait for it, as with Skip animations: one picture,
        not a second one beside the half-made one, issue #17).  The picture is the
        caller's from then on."""
        if not self._for(session, rows, size, u, settings):
            return None
        if art is not None and self.done < len(self.rows):
            todo = set(range(self.done, len(self.rows)))
            _pic, notes = scores.deal_end_picture(self.size, self.rows, art, settings, u,
                                                  only=todo, into=self.picture)
            for i, note in zip(sorted(todo), notes):
                self.drawn[i] = note
            self.done = len(self.rows)
            self.faces = []
        if not self.ready():
            return None
        return self.picture, list(self.drawn)


def overlay_sizes(session, obs, size, u: float = 1.0) -> tuple[int, int]:
    """The panel (pixels) of what follows the deal end in a window of ``size``: the score
    sheet between deals, the results at the game's end."""
    if session.game_over():
        logical = scores.results_panel_size(session)
    else:
        logical = scores.sheet_panel_size(session, obs)
    return scores.panel_rect(size, logical, u).size


def sheet_texts(session, obs, u: float = 1.0) -> list:
    """The ``text.render`` calls (``(args, kwargs)``, as ``scores.draw_sheet`` makes
    them: the cache knows a call by both) of the texts the score sheet between deals
    shows for ``obs`` (its names, cells, notes and totals): rendered ahead into the text
    cache, so the sheet's first frame finds them there."""
    from ...i18n import player_name
    rows, total, _obs = scores.score_rows(session, obs)
    n = session.num_players
    size = 15 if n <= 6 else 13
    bold = {"bold": True}
    out: list = [((player_name(nm)[:10], size, (250, 236, 170)), bold) for nm in session.names]
    for head, cells, note in rows:
        out.append(((head, size, (230, 230, 220)), {}))
        out.extend(((c, size, (240, 240, 235)), {}) for c in cells)
        out.append(((note, 13, (200, 220, 200)), {}))
    out.extend(((c, size, (255, 240, 190)), bold) for c in total)
    # the total's label, the heading the deal end and the sheet show, Michigan's lines
    # under the sheet (the layout's cells left, the widow): as ``draw_panel`` and
    # ``draw_sheet`` render them
    from ...core.cards import face_pretty
    from ...i18n import _
    from ...i18n import strings as S
    layout = session.spec.layout
    out.append((((_(S.BALANCE) if layout else _(S.TOTAL)), size, (250, 236, 170)), bold))
    if obs.results:
        out.append(((scores.sheet_title(session, obs.results[-1]), 24, (250, 236, 170)), bold))
    if layout and _obs.round:
        out.append(((scores.layout_line(_obs), 14, (220, 230, 220)), {}))
        if _obs.widow is not None:
            out.append(((_(S.WIDOW_WAS) + " ".join(face_pretty(c >> 3) for c in _obs.widow),
                         14, (220, 230, 220)), {}))
    return out


__all__ = ["DealEndAhead", "sheet_texts", "FACES_PER_FRAME", "TEXTS_PER_FRAME"]
