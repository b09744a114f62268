"""The coach in the replay viewer (issue 21): "Review this deal" for the player's seat.

``ReviewJob`` runs ``ai.review.review_engine`` on a worker thread (never on the frame
loop): the viewer polls ``progress`` (decisions done / to do) every frame and may
``cancel()`` it (Esc); the review reads the replayed engine's states, which nothing
changes while the viewer is open.  ``Coach`` is the viewer's part: it starts and cancels
the job, keeps the finished review, lists the costly decisions as marks on the timeline
(colour by cost), finds the next one (N) and draws the progress bar and the note of a
costly decision (the move played, the better one and the reason).
"""
from __future__ import annotations

import logging
import threading
from typing import Any

import pygame

from ..i18n import _, decimal
from ..i18n.hints import hint_reason
from .table import text

log = logging.getLogger(__name__)

#: the colour of a mark by cost: (lowest cost, colour), the highest first
MARK_COLOURS = ((15.0, (226, 66, 52)), (5.0, (240, 150, 40)), (0.0, (240, 214, 70)))
#: Michigan's chips weigh more than points: its costs are scaled by this for the colour
CHIP_SCALE = 4.0


def cost_colour(cost: float, chips: bool = False) -> tuple[int, int, int]:
    """The mark's colour for a decision that lost ``cost`` points (chips: ``chips``)."""
    c = cost * (CHIP_SCALE if chips else 1.0)
    for low, col in MARK_COLOURS:
        if c >= low:
            return col
    return MARK_COLOURS[-1][1]


class ReviewJob:
    """One review on a worker thread.

    Args:
        engine: the replayed engine (``auto=False``), read only.
        seat: the seat (from 0); ``deal``: the deal (from 1).
        budget_ms: CPU ms a decision (``ai.review``).
        worlds: exactly this many worlds a decision (tests), else the budget decides.
        lines: the record's file line of each event; names: the players' names by seat
            (the record's header: the reasons name the seats, ``ai.review.name_seats``).

    Attributes:
        done, total: decisions reviewed / to review (``total`` 0 until counted).
        review: the ``ai.review.Review`` once finished (``None`` before, or on an error).
        error: the exception's text if the review failed.
    """

    def __init__(self, engine: Any, seat: int, deal: int, budget_ms: float | None = None,
                 worlds: int | None = None, lines: list[int] | None = None,
                 names: list[str] | None = None) -> None:
        from ..ai.review import DEFAULT_BUDGET_MS
        self.engine = engine
        self.seat = seat
        self.deal = deal
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.worlds = worlds
        self.lines = lines
        self.names = names
        self.done = 0
        self.total = 0
        self.review: Any = None
        self.error: str | None = None
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-review", daemon=True)

    def start(self) -> ReviewJob:
        self._thread.start()
        return self

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _run(self) -> None:
        from ..ai.review import review_engine
        try:
            self.review = review_engine(self.engine, self.seat, self.deal,
                                        budget_ms=self.budget_ms, worlds=self.worlds,
                                        lines=self.lines, names=self.names,
                                        progress=self._progress,
                                        cancelled=self._cancel.is_set)
        except Exception as e:  # noqa: BLE001 - a record the AI can't read: said, not raised
            log.exception("the review of seat %s, deal %s failed", self.seat, self.deal)
            self.error = f"{type(e).__name__}: {e}"

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until finished (tests); ``True`` when it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


class Coach:
    """The viewer's coach: the job, the finished review and its marks.

    Attributes:
        job: the running (or last) ``ReviewJob``.
        review: the finished review (``None`` until one finishes uncancelled).
        shown: the costly decision whose note is shown (a ``DecisionReview``), or ``None``.
    """

    def __init__(self, chips: bool = False) -> None:
        self.chips = chips
        self.job: ReviewJob | None = None
        self.review: Any = None
        self.shown: Any = None
        self.deal = 0
        self.seat = -1
        #: whose review runs, said on the progress bar's first line
        self.title = ""
        #: the summary said when the review finished, and its seconds left
        self.said = ""
        self.said_t = 0.0

    @property
    def running(self) -> bool:
        return self.job is not None and self.job.running and not self.job.cancelled

    def start(self, engine: Any, seat: int, deal: int, **kw: Any) -> ReviewJob:
        """Review ``seat`` in ``deal`` (from 1); a running review is cancelled first."""
        if self.job is not None:
            self.job.cancel()
        self.review = None
        self.shown = None
        self.said_t = 0.0
        self.seat, self.deal = seat, deal
        self.job = ReviewJob(engine, seat, deal, **kw).start()
        return self.job

    def cancel(self) -> bool:
        """Cancel a running review; ``True`` if there was one."""
        if not self.running:
            return False
        assert self.job is not None
        self.job.cancel()
        return True

    def poll(self) -> str | None:
        """Once per frame: ``"done"`` when the review has just finished, ``"failed"`` on an
        error, ``"cancelled"`` once a cancelled job has stopped, else ``None``."""
        j = self.job
        if j is None or j.running:
            return None
        self.job = None
        if j.cancelled:
            return "cancelled"
        if j.error is not None or j.review is None:
            return "failed"
        self.review = j.review
        return "done"

    def progress(self) -> tuple[int, int]:
        j = self.job
        return (j.done, j.total) if j is not None else (0, 0)

    def costly(self) -> list[Any]:
        """The costly decisions of the finished review, in the order played."""
        if self.review is None:
            return []
        return [d for d in self.review.decisions if d.mistake]

    def marks(self) -> list[tuple[int, tuple[int, int, int]]]:
        """``(position, colour)`` of each costly decision: the position shows the state
        before it (the decision is due)."""
        return [(d.index, cost_colour(d.points_lost, self.chips)) for d in self.costly()]

    def next_costly(self, pos: int) -> Any:
        """The first costly decision after position ``pos`` (its state is ``index``),
        round to the first; ``None`` when there is none."""
        ds = self.costly()
        if not ds:
            return None
        return next((d for d in ds if d.index > pos), ds[0])

    def at(self, pos: int) -> Any:
        """The costly decision due at ``pos`` (``index == pos``), or the one just played
        (``index == pos - 1``), else ``None``."""
        for d in self.costly():
            if d.index == pos or d.index == pos - 1:
                return d
        return None

    # ------------------------------------------------------------------ words
    def summary(self) -> str:
        rv = self.review
        if rv is None:
            return ""
        n = len(self.costly())
        if not n:
            t = (_("Review: no decision of {n} cost chips beyond the noise") if self.chips
                 else _("Review: no decision of {n} cost points beyond the noise"))
            return t.format(n=len(rv.decisions))
        t = (_("Review: {k} costly decisions of {n}, {x} chips lost on average; N: the next "
               "one") if self.chips else
             _("Review: {k} costly decisions of {n}, {x} points lost on average; N: the next "
               "one"))
        return t.format(k=n, n=len(rv.decisions), x=decimal(rv.points_lost_total))

    def note_lines(self, d: Any) -> list[tuple[str, tuple[int, int, int]]]:
        """The note of a costly decision: the move played, the better one, the reason
        and the estimate (pale text: a black suit sign stays readable)."""
        pale = (236, 236, 228)
        est = (_("{x} chips lost (95%: {lo} to {hi}, {n} worlds) · P: play on from here")
               if self.chips else
               _("{x} points lost (95%: {lo} to {hi}, {n} worlds) · P: play on from here"))
        return [(_("Played: {move}").format(move=hint_reason(d.played_text)), pale),
                (_("Better: {move}").format(move=hint_reason(d.better_text)), pale),
                (hint_reason(d.reason), pale),
                (est.format(x=decimal(d.points_lost), lo=decimal(d.low), hi=decimal(d.high),
                            n=d.worlds), (200, 200, 190))]

    # ------------------------------------------------------------------ drawing
    # The progress bar, the summary and the notes are drawn inside the viewer's meld
    # area (``rect``: the table layout's ``stage``, empty in a replay): clear of the top
    # bar, the seats' name plates, the piles and their labels, and the melds.
    @staticmethod
    def _box(rect: pygame.Rect, h: int, k: Any) -> pygame.Rect:
        """A box ``h`` high inside ``rect``, as wide as it (inset a little: the meld
        area's own words under it are covered whole, not cut), centred in it."""
        w = max(k(60), rect.w - k(8))
        h = min(h, max(k(20), rect.h - k(8)))
        return pygame.Rect(rect.centerx - w // 2, rect.y + max(k(4), (rect.h - h) // 2), w, h)

    @staticmethod
    def _fill(surf: pygame.Surface, box: pygame.Rect, border: tuple[int, int, int], k: Any,
              alpha: int = 240, width: int = 1) -> None:
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        bg.fill((6, 24, 14, alpha))
        surf.blit(bg, box.topleft)
        pygame.draw.rect(surf, border, box, max(1, k(width)))

    def draw_progress(self, surf: pygame.Surface, rect: pygame.Rect, k: Any) -> pygame.Rect:
        """The progress bar inside ``rect`` (the viewer's meld area) while the review
        runs; the box drawn."""
        done, total = self.progress()
        label = _("Reviewing this deal… {done} of {total} decisions · Esc cancels").format(
            done=done, total=total or "?")
        w = self._box(rect, k(20), k).w - k(20)
        imgs = []
        for s, size in ((self.title, 15), (label, 13)):
            if s:
                img = text.render(s, size, (236, 236, 228))
                if img.get_width() > w:
                    img = text.render(s, 11, (236, 236, 228))
                imgs.append(img)
        h = sum(i.get_height() + k(2) for i in imgs) + k(8) + k(16)
        box = self._box(rect, h, k)
        self._fill(surf, box, (226, 182, 70), k, 235)
        y = box.y + k(5)
        for img in imgs:
            surf.blit(img, (box.x + k(10), y), pygame.Rect(0, 0, w, img.get_height()))
            y += img.get_height() + k(2)
        bar = pygame.Rect(box.x + k(10), box.bottom - k(14), box.w - k(20), k(8))
        pygame.draw.rect(surf, (40, 70, 50), bar)
        if total:
            pygame.draw.rect(surf, (226, 182, 70),
                             pygame.Rect(bar.x, bar.y, int(bar.w * done / total), bar.h))
        return box

    def draw_box(self, surf: pygame.Surface, rect: pygame.Rect, pos: int,
                 k: Any) -> pygame.Rect | None:
        """The coach's one box in ``rect`` (the meld area): the progress bar while it
        thinks, else the note of the decision at position ``pos``, else the summary for
        its seconds; returns the box's rect in ``surf``'s pixels, or ``None`` if none."""
        if self.running:
            return self.draw_progress(surf, rect, k)
        d = self.at(pos)
        if d is not None:
            return self.draw_note(surf, rect, d, k)
        if self.said_t > 0 and self.said:
            return self.draw_summary(surf, rect, self.said, k)
        return None

    def draw_summary(self, surf: pygame.Surface, rect: pygame.Rect, msg: str,
                     k: Any) -> pygame.Rect:
        """The review's summary (``summary()``) inside ``rect``, wrapped to the box (a
        long translation takes two lines there, never over the piles' labels)."""
        w = self._box(rect, k(20), k).w - k(20)
        for size in (15, 13, 11):
            lines = text.wrap(msg, size, w, measure=text.width)
            imgs = [text.render(t, size, (236, 236, 228)) for t in lines]
            h = sum(i.get_height() + k(2) for i in imgs) + k(12)
            if len(lines) <= 2 and h <= rect.h - k(8):
                break
        box = self._box(rect, h, k)
        self._fill(surf, box, (226, 182, 70), k, 235)
        y = box.y + k(6)
        for img in imgs:
            if y + img.get_height() > box.bottom:
                break
            surf.blit(img, (box.x + k(10), y), pygame.Rect(0, 0, w, img.get_height()))
            y += img.get_height() + k(2)
        return box

    def draw_note(self, surf: pygame.Surface, rect: pygame.Rect, d: Any, k: Any) -> pygame.Rect:
        """The note of the costly decision ``d`` inside ``rect`` (the viewer's meld
        area); the box drawn."""
        lines = self.note_lines(d)
        w = self._box(rect, k(20), k).w
        room = rect.h - k(8)
        inner = w - k(20)
        for sizes in ((15, 15, 13, 13), (13, 13, 12, 12), (12, 12, 11, 11), (11, 11, 10, 10)):
            imgs, fits = [], True
            for i, ((s, col), size) in enumerate(zip(lines, sizes)):
                parts = text.wrap(s, size, inner, measure=text.width) if s else [s]
                if i == 2:              # the reason: on two lines at most
                    fits = fits and len(parts) <= 2
                    parts = parts[:2]
                elif len(parts) > 1:    # the others on one line, smaller (then cut)
                    size, parts = min(size, 11), [s]
                imgs += [text.render(t, size, col) for t in parts]
            h = sum(i.get_height() + k(2) for i in imgs) + k(10)
            if fits and h <= room:
                break
        box = self._box(rect, h, k)
        self._fill(surf, box, cost_colour(d.points_lost, self.chips), k, 240, 2)
        y = box.y + k(5)
        for img in imgs:
            if y + img.get_height() > box.bottom:
                break
            surf.blit(img, (box.x + k(10), y), pygame.Rect(0, 0, w - k(20), img.get_height()))
            y += img.get_height() + k(2)
        return box

    def draw_marks(self, surf: pygame.Surface, x_of: Any, y0: int, y1: int, k: Any) -> None:
        """A tick per costly decision on the timeline (``x_of(position)``)."""
        for pos, col in self.marks():
            x = x_of(pos)
            pygame.draw.rect(surf, col, pygame.Rect(x - k(2), y0, k(5), y1 - y0))


__all__ = ["Coach", "ReviewJob", "cost_colour"]
