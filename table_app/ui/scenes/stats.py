"""The Statistics screen (from the picker and the table's menu): per game and overall,
the finished games with you at the table; practice games listed apart and left out.

The figures are a fold of the library's finished games (``Library.statistics()``, the
same as ``table-app stats``): games, wins and win rate, average and best score (the
contract family: your points, lower is better; Michigan Rummy: your chips), the current
and longest winning streaks, and the games against each opponent level (easy, normal,
hard: a game counts under every level one of its opponents plays at).

Widgets (pygame_gui): the sections down the left (``sections[key]``, buttons: Overall,
each game, Practice games), the chosen section's tables at the right in a
``UIScrollingContainer`` (``scroll``; every cell a ``UILabel``, ``cells``), Back.

Keyboard (``ring``, a ``FocusRing``, as the picker): Tab / Shift+Tab and the arrows move
the blue focus outline over the sections and Back, and the section with the focus is
shown; Enter or Space presses the focused button; Page Up / Page Down, Home / End
scroll the tables when they don't fit; Esc goes back; F1 lists these keys."""
from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer

from ...i18n import N_, _, current_language, ngettext, player_name
from ...i18n import strings as S
from ...variants import VARIANTS
from ..focus import FocusRing
from ..keys import key_of
from ..scene import Scene
from ..table import text

log = logging.getLogger(__name__)

STATISTICS = N_("Statistics")
#: the sections, in the order of the buttons
SECTIONS = ("overall", *VARIANTS, "practice")
#: the screen's own keys (F1 lists them first)
STATS_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("", N_("The Statistics screen")),
    ('Tab / Shift+Tab', N_("Move the focus over the sections and Back; the section with the "
                           "focus is shown")),
    (N_("Arrows"), N_("The same: the next or previous section")),
    (N_("Enter / Space"), N_("Press the focused button")),
    ('Page Up / Page Down', N_("Scroll the figures when they don't fit (the practice "
                                   "games)")),
    ('Home / End', N_("To the top or the end of the figures")),
    ('Esc', N_("Go back")),
)

CELL_H = 26
HEAD = "@stats_head"
NUM = "@stats_num"
NUM_HEAD = "@stats_num_head"
CELL = "@stats_cell"
NOTE = "@stats_note"


def fmt_number(x, decimals: int = 1) -> str:
    """A score or an average as the language writes it: ``85.3`` (en), ``85,3`` (ru,
    uk); ``-`` for none; a whole number without decimals; a minus sign, not a hyphen."""
    if x is None:
        return "–"
    if isinstance(x, float) and not x.is_integer():
        s = f"{x:.{decimals}f}".rstrip("0").rstrip(".")
    else:
        s = str(int(x))
    if current_language() in ("ru", "uk"):
        s = s.replace(".", ",")
    return s.replace("-", "−")


def fmt_rate(rate) -> str:
    """A win rate (0–1) as a percentage: ``42%`` (en), ``42 %`` (ru, uk)."""
    if rate is None:
        return "–"
    n = round(100 * rate)
    # Translators: a percentage; {n} is the number (ru and uk put a no-break space before %)
    return _("{n}%").format(n=n)


def variant_name(vid: str) -> str:
    return _(VARIANTS[vid].name) if vid in VARIANTS else vid


def section_label(key: str, practice: int = 0) -> str:
    if key == "overall":
        # Translators: the Statistics screen's first section: every game together
        return _("Overall")
    if key == "practice":
        # Translators: the Statistics screen's section of the practice games ({n} of them)
        return _("Practice games ({n})").format(n=practice)
    return variant_name(key)


class StatisticsScene(Scene):
    """The statistics.  ``StatisticsScene(section="overall")``: the section shown first
    (a variant id: the game being played, from the table's menu)."""

    def __init__(self, section: str = "overall") -> None:
        super().__init__()
        self.section = section if section in SECTIONS else "overall"
        self.stats: Any = None
        self.data: dict = {}
        self.message = ""
        self.sections: dict = {}
        self.cells: list = []
        self.scroll: Any = None
        self.back: Any = None
        self.content_h = 0
        self.ring = FocusRing(self, shown=True)

    # ------------------------------------------------------------------ state
    def startup(self) -> None:
        self.load()
        self.build()

    def load(self) -> None:
        """The fold of the library's games (``stats.json`` is only its cache)."""
        self.message = ""
        try:
            from ...storage.library import Library
            lib = Library()
            self.stats = lib.statistics()
            self.data = self.stats.figures_json()
            msgs = lib.take_messages()
            if msgs:
                from ...i18n.messages import storage_message
                self.message = storage_message(msgs[-1])
        except Exception as e:  # noqa: BLE001 - the screen opens whatever the files hold
            log.exception("the statistics")
            self.stats = None
            self.data = {}
            self.message = _("The statistics can't be read: {error}").format(error=e)

    # ------------------------------------------------------------------ layout
    def geometry(self):
        """(left column rect, the figures' rect, the Back button's rect)."""
        W, H = self.app.size
        k = self.k
        x0 = k(40)
        top = k(116)
        lw = min(k(270), int(W * 0.27))
        back = pygame.Rect(W // 2 - k(90), H - k(66), k(180), k(44))
        bottom = back.y - k(40)       # a message line between the figures and Back
        left = pygame.Rect(x0, top, lw, bottom - top)
        rx = x0 + lw + k(24)
        right = pygame.Rect(rx, top, W - x0 - rx, bottom - top)
        return left, right, back

    def font(self, cls: str):
        return self.app.manager.ui_theme.get_font([cls, "label"])

    def measure(self, s: str, cls: str) -> int:
        return self.font(cls).get_rect(s).width

    def build(self) -> None:
        self.clear_widgets()
        self.sections = {}
        self.cells = []
        m = self.app.manager
        k = self.k
        left, right, back = self.geometry()
        y = left.y
        practice = (self.data.get("practice") or {}).get("games", 0)
        for key in SECTIONS:
            cls = "@stats_section_on" if key == self.section else "@stats_section"
            b = self.add(UIButton(pygame.Rect(left.x, y, left.w, k(40)), section_label(key, practice),
                                  m, object_id=ObjectID(class_id=cls, object_id="#stats_" + key)))
            self.sections[key] = b
            y += k(48)
        self.scroll = self.add(UIScrollingContainer(right, m, allow_scroll_x=False,
                                                    object_id=ObjectID(object_id="#stats_figures")))
        self.back = self.add(UIButton(back, _(S.BACK), m,
                                      object_id=ObjectID(class_id="@primary", object_id="#stats_back")))
        self.content_h = self.fill(right.w - k(24))
        self.scroll.set_scrollable_area_dimensions((right.w - k(24), max(self.content_h, 1)))
        self.ring.set_items(self.widgets, default="#stats_" + self.section)

    # ---- the cells
    def label(self, s: str, rect, cls: str) -> UILabel:
        lab = UILabel(pygame.Rect(rect), s, self.app.manager, container=self.scroll,
                      object_id=ObjectID(class_id=cls))
        self.cells.append(lab)
        return lab

    def note(self, s: str, y: int, width: int) -> int:
        """A note in lines as wide as ``width`` (a label each); the y under it."""
        k = self.k
        size = self.font(NOTE).get_rect("Ag").height
        for ln in text.wrap(s, 14, width, measure=lambda t, _sz: self.measure(t, NOTE)):
            self.label(ln, (0, y, width, size + k(4)), NOTE)
            y += size + k(4)
        return y

    def heading(self, s: str, y: int, width: int) -> int:
        k = self.k
        self.label(s, (0, y, width, k(30)), HEAD)
        return y + k(34)

    def table(self, header: list[str], rows: list[list[str]], y: int, width: int,
              text_cols: int = 1, grow: int = 0) -> int:
        """A table: the first ``text_cols`` columns left-aligned (names, dates), the others
        right-aligned (figures), each as wide as its widest cell, column ``grow`` taking
        what is left.  Returns the y under it."""
        k = self.k
        pad = k(14)
        width = min(width, k(720))      # a wide window: the figures stay by their names
        n = len(header)
        widths = []
        for c in range(n):
            head, cell = (HEAD, CELL) if c < text_cols else (NUM_HEAD, NUM)
            widths.append(max([self.measure(header[c], head)] +
                              [self.measure(r[c], cell) for r in rows]) + pad)
        widths[grow] = max(widths[grow], width - sum(widths) + widths[grow])
        h = k(CELL_H)
        x = 0
        for c in range(n):
            self.label(header[c], (x, y, widths[c], h), HEAD if c < text_cols else NUM_HEAD)
            x += widths[c]
        y += h + k(2)
        for r in rows:
            x = 0
            for c in range(n):
                self.label(r[c], (x, y, widths[c], h), CELL if c < text_cols else NUM)
                x += widths[c]
            y += h
        return y + k(14)

    def pairs(self, items: list[tuple[str, str]], y: int, width: int) -> int:
        """Figures as "name  value" in two columns (the first half left, the rest right)."""
        k = self.k
        h = k(CELL_H)
        half = (len(items) + 1) // 2
        width = min(width, k(680))      # a wide window: the values stay by their names
        colw = width // 2 - k(8)
        for i, (name, value) in enumerate(items):
            col, row = divmod(i, half)
            x = col * (colw + k(16))
            vw = self.measure(value, NUM) + k(10)
            self.label(name, (x, y + row * h, colw - vw, h), CELL)
            self.label(value, (x + colw - vw, y + row * h, vw, h), NUM)
        return y + half * h + k(14)

    # ---- the sections
    def fill(self, width: int) -> int:
        """Put the chosen section's cells in the scrolling container; its height."""
        if not self.data:
            return self.note(self.message or _("No statistics"), 0, width)
        if self.section == "practice":
            return self.fill_practice(width)
        if self.section == "overall":
            return self.fill_overall(width)
        return self.fill_variant(self.section, width)

    def _streak(self, n: int) -> str:
        # Translators: a winning streak on the Statistics screen
        return ngettext("{n} win", "{n} wins", n).format(n=n)

    def fill_variant(self, vid: str, width: int) -> int:
        f = self.data["variants"][vid]
        y = self.heading(variant_name(vid), 0, width)
        if VARIANTS[vid].higher_wins:
            unit = _("Scores are your chips at the end of a game: more is better.")
        else:
            unit = _("Scores are your points at the end of a game: fewer is better.")
        if not f["games"]:
            return self.note(_("No finished game of {game} with you at the table yet.").format(
                game=variant_name(vid)), y, width)
        y = self.note(unit, y, width) + self.k(6)
        items = [(_("Games played"), str(f["games"])), (_("Wins"), str(f["wins"])),
                 (_("Win rate"), fmt_rate(f["win_rate"])),
                 (_("Average score"), fmt_number(f["average"])),
                 (_("Best score"), fmt_number(f["best"])),
                 (_("Current streak"), self._streak(f["current_streak"])),
                 (_("Longest streak"), self._streak(f["longest_streak"]))]
        y = self.pairs(items, y, width)
        return self.levels_table(f, y, width, scored=True)

    def levels_table(self, f: dict, y: int, width: int, scored: bool) -> int:
        y = self.heading(_("Against each opponent level"), y, width)
        head = [_("Level"), _("Games"), _("Wins"), _("Win %")] + ([_("Average")] if scored else [])
        rows = []
        for lv, b in f["by_level"].items():
            row = [_(S.LEVELS[lv]) if lv in S.LEVELS else lv, str(b["games"]), str(b["wins"]),
                   fmt_rate(b["win_rate"])]
            if scored:
                row.append(fmt_number(b["average"]))
            rows.append(row)
        y = self.table(head, rows, y, width)
        return self.note(_("A game counts under every level its opponents play at."), y - self.k(8),
                         width)

    def fill_overall(self, width: int) -> int:
        o = self.data["overall"]
        y = self.heading(_("Every game together"), 0, width)
        if not o["games"]:
            y = self.note(_("No finished game with you at the table yet: the figures come "
                            "as you finish games."), y, width)
        else:
            items = [(_("Games played"), str(o["games"])), (_("Wins"), str(o["wins"])),
                     (_("Win rate"), fmt_rate(o["win_rate"])),
                     (_("Current streak"), self._streak(o["current_streak"])),
                     (_("Longest streak"), self._streak(o["longest_streak"]))]
            y = self.pairs(items, y, width)
            y = self.heading(_("Each game"), y, width)
            rows = []
            for vid, f in self.data["variants"].items():
                rows.append([variant_name(vid), str(f["games"]), str(f["wins"]), fmt_rate(f["win_rate"]),
                             fmt_number(f["average"]), fmt_number(f["best"])])
            y = self.table([_(S.GAME), _("Games"), _("Wins"), _("Win %"), _("Average"), _("Best")],
                           rows, y, width)
            y = self.note(_("Average and best: points (fewer is better); Michigan Rummy: chips "
                            "(more is better)."), y - self.k(8), width) + self.k(10)
            y = self.levels_table(o, y, width, scored=False)
        n = self.data.get("ai_only_games", 0)
        if n:
            y = self.note(ngettext("{n} game between computer players only is not counted.",
                                   "{n} games between computer players only are not counted.",
                                   n).format(n=n), y + self.k(6), width)
        return y

    def fill_practice(self, width: int) -> int:
        pr = self.data["practice"]
        y = self.heading(section_label("practice", pr["games"]), 0, width)
        y = self.note(_("Practice games are left out of the figures: an undo took back a card "
                        "already seen, or the game was played on from a replay."), y, width)
        y += self.k(6)
        if not pr["list"]:
            return self.note(_("No practice games."), y, width)
        rows = []
        for g in reversed(pr["list"]):           # the newest first
            when = (g.get("when") or "")[:16].replace("T", " ")
            if g["won"]:
                who = _("you won")
            else:
                names = [player_name(n) for n in g["winners"]]
                # Translators: the result of a practice game: "Ann won" (one or more names)
                who = _("{names} won").format(names=", ".join(names) or "?")
            rows.append([when, variant_name(g["variant"]), who, fmt_number(g["score"])])
        return self.table([_("Date"), _(S.GAME), _("Result"), _("Your score")], rows, y, width,
                          text_cols=3, grow=2)

    # ------------------------------------------------------------------ acting
    def show(self, section: str) -> None:
        """Show ``section`` (a key of ``SECTIONS``); the focus goes to its button."""
        if section not in SECTIONS:
            return
        self.section = section
        self.build()
        self.ring.focus("#stats_" + section, show=False)

    def resize(self, size) -> None:
        self.build()

    def retranslate(self) -> None:
        self.build()

    def handle_ui_event(self, event) -> bool:
        self.ring.handle_ui_event(event)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.back:
            self.app.pop()
            return True
        for key, b in self.sections.items():
            if event.ui_element is b:
                if key != self.section:
                    self.show(key)
                return True
        return False

    def scroll_by(self, pages: float | None = None, to: str | None = None) -> None:
        """Scroll the figures by ``pages`` (a page: what is in view), or ``to`` "top" or
        "end"."""
        sb = getattr(self.scroll, "vert_scroll_bar", None) if self.scroll is not None else None
        if sb is None:
            return
        vis = sb.visible_percentage or 1.0
        last = max(0.0, 1.0 - vis)
        if to == "top":
            start = 0.0
        elif to == "end":
            start = last
        else:
            start = sb.start_percentage + (pages or 0) * vis * 0.9
        sb.set_scroll_from_start_percentage(min(last, max(0.0, start)))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            k = key_of(event)      # by the key's place in any layout
            if k == pygame.K_F1:
                from .help import HelpScene
                self.app.push(HelpScene(own=STATS_SHORTCUTS, screens_first=True))
                return True
            if k == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll_by(-1 if k == pygame.K_PAGEUP else 1)
                return True
            if k in (pygame.K_HOME, pygame.K_END):
                self.scroll_by(to="top" if k == pygame.K_HOME else "end")
                return True
            before = self.ring.key
            used = self.ring.handle_event(event)
            key = (self.ring.key or "")[len("#stats_"):]
            if self.ring.key != before and key in SECTIONS and key != self.section:
                self.show(key)          # the section with the focus is shown
            return used
        return False

    # ------------------------------------------------------------------ draw
    def draw(self, surf) -> None:
        W, H = surf.get_size()
        k = self.k
        surf.blit(self.app.art.felt((W, H)), (0, 0))
        surf.blit(text.render_shadowed(_(STATISTICS), 32, (250, 236, 170), bold=True), (k(40), k(24)))
        line = _("Your finished games; practice games are listed apart and left out. "
                 "Computed from the game records.")
        for i, part in enumerate(text.wrap(line, 15, W - k(84))[:2]):
            surf.blit(text.render_shadowed(part, 15, (225, 235, 225)), (k(42), k(68) + k(19) * i))
        _left, right, back = self.geometry()
        if self.message:
            for ln in text.wrap(self.message, 14, W - k(80))[:1]:
                m = text.plate(ln, 14, (255, 235, 235), (150, 24, 30, 220))
                surf.blit(m, m.get_rect(midtop=(W // 2, right.bottom + k(6))))
        self.ring.draw(surf)
