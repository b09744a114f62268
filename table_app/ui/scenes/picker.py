"""The variant picker (the first scene): the four games with a line each, the number of
players, every opponent's name and level, the game's options, Start, Resume (and, with
more than one unfinished game, the button beside it that lists them all: ``ResumeList``),
Replays, Statistics, Settings, Rules and Quit.  The last choices are remembered in the
settings.

Resume takes the real game played last (a practice game only when there is no other);
starting a new game never replaces an unfinished one: every unfinished game stays in
the list and in Replays.

Keyboard (``ring``, a ``FocusRing``): Tab / Shift+Tab and the arrows move the blue focus
outline over the widgets, Enter or Space presses the focused button or opens the focused
drop-down (Up/Down and Enter choose in it); the focus starts on Resume when a game can be
resumed (then the highlighted button), else on Start; once the player picks a game (or
changes the table) Start is the gold button, and picking a game puts the focus on it, so
Enter starts the game picked.  F1 lists the keys (``HelpScene``)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from ...i18n import N_, _, ngettext
from ...i18n import strings as S
from ...variants import VARIANTS, layout_game
from ..focus import DropDown, FocusRing
from ..keys import key_of
from ..scene import Scene
from ..table import text
from ..table.session import LEVELS, GameSession, default_names, is_default_name
from .stats import STATISTICS

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ...storage.summary import GameSummary

ORDER = tuple(VARIANTS)  # the games, as the registry orders them

HOW = {
    "contract": N_("Seven rounds, each with a contract (2 sets, 1 set + 1 run, ... up to 2 sets of 3 and "
                   "a run of 7). Lay exactly the contract, then lay off from the same turn. A player "
                   "who is down may swap a natural card for a joker in a run. When the player to act "
                   "passes the upcard, the others may call it and take a penalty card with it. "
                   "Lowest total after seven rounds wins."),
    "may_i": N_("Seven rounds with growing contracts; the last is three runs. Going down may use longer "
                "melds; lay off only from your next turn. When the player to act declares for the "
                "stock, anyone may ask \"May I?\" and take the upcard plus a penalty card; nearest "
                "to the player to act wins. Jokers never move. Lowest total wins."),
    "mexican": N_("Hands grow from 7 to 13 cards and the wild rank rises with the round (threes in "
                  "round 1, nines in round 7), besides the jokers. No buying. Lay off only from your "
                  "next turn; in round 7 go out with three runs and the whole hand at once."),
    "michigan": N_("A stops game for chips. Everyone antes to the four pay cards (A♥ K♣ Q♦ J♠) and "
                   "the kitty. Lead the lowest card of a suit; whoever holds the next card must play "
                   "it. Play a pay card to take its chips; be first out to take the kitty and a chip "
                   "for every card the others still hold. The widow stays hidden until the deal ends."),
}


def desc_lines(descs, width: int, sizes=(13, 12, 11)) -> tuple[int, list[list[str]]]:
    """The games' one-line descriptions laid out alike: one text size for all four (the
    largest of ``sizes`` at which each fits in two lines ``width`` px wide), each wrapped;
    at the smallest size a description still too long ends in an ellipsis."""
    def w(t, sz):
        return text.render(t, sz).get_width()
    for size in sizes:
        laid = [text.wrap(d, size, width, measure=w) for d in descs]
        if all(len(ls) <= 2 and all(w(ln, size) <= width for ln in ls) for ls in laid):
            return size, laid
    out = []
    for ls in laid:
        if len(ls) > 2 or any(w(ln, size) > width for ln in ls):
            last = " ".join(ls[1:]) if len(ls) > 1 else ls[0]
            while last and w(last + "…", size) > width:
                last = last[:-1]
            ls = ls[:1] + [last.rstrip() + "…"] if len(ls) > 1 else [last.rstrip() + "…"]
        out.append(ls)
    return size, out


#: the text size of the Resume button's second line (which game it resumes)
RESUME_WHAT_SIZE = 12
#: the @primary buttons' text colour (theme.json)
PRIMARY_INK = (0x1b, 0x13, 0x06)


#: a plain button's text colour (theme.json's defaults)
PLAIN_INK = (0xf2, 0xf0, 0xe6)


def resume_label(word: str, what: str, ink=PRIMARY_INK) -> pygame.Surface:
    """The Resume button's label: "Resume" (as the theme draws a @primary button's
    label, or in ``ink``) over which game it resumes ("May I?, round 3"), smaller."""
    a = text.render(word, 16, ink, bold=True)
    b = text.render(what, RESUME_WHAT_SIZE, ink)
    h = a.get_height() + b.get_height() - 4
    out = pygame.Surface((max(a.get_width(), b.get_width()), h), pygame.SRCALPHA)
    out.blit(a, a.get_rect(midtop=(out.get_width() // 2, 0)))
    out.blit(b, b.get_rect(midbottom=(out.get_width() // 2, h)))
    return out


def more_label(n: int, ink=PLAIN_INK) -> pygame.Surface:
    """The label of the button beside Resume that lists every unfinished game: their
    number over a small drawn triangle pointing down (the buttons' font has no ▾)."""
    a = text.render(str(n), 16, ink, bold=True)
    tri = 7
    out = pygame.Surface((max(a.get_width(), 2 * tri + 2), a.get_height() + tri + 2), pygame.SRCALPHA)
    out.blit(a, a.get_rect(midtop=(out.get_width() // 2, 0)))
    cx, y = out.get_width() // 2, a.get_height()
    pygame.draw.polygon(out, ink, [(cx - tri, y), (cx + tri, y), (cx, y + tri)])
    return out


#: the games' descriptions: the step between their two lines, the height of a line's
#: image (at 13, the largest size) and the gap over and under them (the focus outline's
#: 4 px and a few more)
DESC_LINE = 16
DESC_H = 19


def DESC_GAP(k) -> int:
    return k(4) + 4


HOW_SIZE = 15
#: the text sizes "How it plays" may take, largest first (a short window: smaller)
HOW_SIZES = (15, 14, 13, 12)


def how_lines(variant: str, width: int, size: int = HOW_SIZE) -> list[str]:
    """"How it plays" for ``variant`` in lines no wider than ``width`` px as drawn (at
    ``size``, suit symbols as the pips ``text.render`` draws, wider than the font's
    glyphs); a word too long for a line alone is cut with an ellipsis."""
    lines = text.wrap(_(HOW[variant]) if variant in HOW else "", size, width, measure=text.width)
    out = []
    for ln in lines:
        if text.width(ln, size) > width:
            while len(ln) > 1 and text.width(ln + "…", size) > width:
                ln = ln[:-1]
            ln = ln.rstrip() + "…"
        out.append(ln)
    return out


class PickerScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.variant = "may_i"
        self.players: int = 4
        self.names: list[str] = list(default_names()[1:])
        self.levels: list[str] = ["normal"] * 7
        self.options: dict = {}
        self.named: dict = {}
        self.entries: list = []
        self.level_menus: list = []
        self.unfinished: GameSummary | None = None
        self.unfinished_list: list = []
        #: the player picked a game or changed the table since the picker opened: Start
        #: is the default (gold, Enter), not Resume
        self.setting_up = False
        self.message = ""
        self.ring = FocusRing(self, shown=True)

    # ------------------------------------------------------------------ state
    def startup(self) -> None:
        st = self.app.settings
        v = getattr(st, "last_variant", None) or getattr(st, "default_variant", "may_i")
        self.variant = v if v in VARIANTS else "may_i"
        self.players = getattr(st, "last_players", None) or getattr(st, "default_players", 4)  # type: ignore[assignment]  # noqa: E501 - an int (settings)
        names = list(getattr(st, "last_names", ()) or ())
        self.names = list(default_names()[1:])
        for i, n in enumerate(names[:7]):
            if not is_default_name(n, i + 1):   # a name the player set is kept
                self.names[i] = n
        levels = list(getattr(st, "last_levels", ()) or getattr(st, "default_levels", ()) or ())
        for i, lv in enumerate(levels[:7]):
            if lv in LEVELS:
                self.levels[i] = lv
        self.options = dict(VARIANTS[self.variant].default_options)
        last_opts = dict(getattr(st, "last_options", {}) or {})
        for k in self.options:
            if k in last_opts:
                self.options[k] = last_opts[k]
        self._clamp_players()
        self._find_unfinished()
        msgs = getattr(self.app, "messages", None)
        if msgs:  # what loading the settings said (a bad value, the file kept aside), once
            from ...i18n.messages import storage_message
            shown = [msgs[0]] if len(msgs) == 1 else [msgs[0], msgs[-1]]
            self.message = "  ·  ".join(storage_message(m) for m in shown)
            if len(msgs) > 2:
                self.message += " " + ngettext("({n} more in the log)", "({n} more in the log)",
                                               len(msgs) - 2).format(n=len(msgs) - 2)
            import logging
            for m in msgs:
                logging.getLogger(__name__).warning("%s", m)
            msgs.clear()
        self.build()
        self._fresh = True  # the resume() that follows a push has nothing to refresh

    def _find_unfinished(self) -> None:
        """Every unfinished game (``unfinished_list``, played last first) and the one
        Resume takes (``unfinished``: the real game played last, else a practice one)."""
        self.unfinished = None
        self.unfinished_list = []
        try:
            from ...storage.library import Library
            self.unfinished_list = Library().unfinished_games()
            self.unfinished = Library.preferred(self.unfinished_list)
        except Exception:  # noqa: BLE001 - no storage: no resume
            self.unfinished = None
            self.unfinished_list = []

    def _abandon_untouched(self) -> list:
        """The unfinished games without a move of the player's, marked abandoned as a
        new game starts (``Library.abandon_untouched``); ``[]`` when storage fails."""
        try:
            from ...storage.library import Library
            return Library().abandon_untouched()
        except Exception:  # noqa: BLE001 - storage failing never stops a new game
            log.exception("marking the untouched unfinished games abandoned")
            return []

    def _clamp_players(self) -> None:
        info = VARIANTS[self.variant]
        self.players = max(info.min_players, min(info.max_players, int(self.players)))

    def _read_entries(self) -> None:
        for i, e in enumerate(self.entries):
            t = e.get_text().strip()
            if t:
                self.names[i] = t[:20]

    # ------------------------------------------------------------------ widgets
    def _button(self, name, rect, label, cls="@picker_button", tip=None):
        b = UIButton(relative_rect=pygame.Rect(rect), text=label, manager=self.app.manager,
                     tool_tip_text=tip, object_id=ObjectID(class_id=cls, object_id="#" + name))
        self.named[name] = b
        return self.add(b)

    def geometry(self):
        W, H = self.app.size
        k = self.k
        cw = min(k(1100), W - k(60))
        x0 = (W - cw) // 2
        top = max(k(90), int(H * 0.14))
        left_w = int(cw * 0.5)
        return W, H, x0, top, cw, left_w

    def build(self) -> None:
        self.clear_widgets()
        self.named = {}
        self.entries = []
        self.level_menus = []
        m = self.app.manager
        W, H, x0, top, cw, left_w = self.geometry()
        k = self.k
        # the four games (their one-line descriptions are drawn, shrunk to fit)
        self.desc_at = []
        y = top
        for vid in ORDER:
            info = VARIANTS[vid]
            cls = "@variant_on" if vid == self.variant else "@variant"
            self._button("v_" + vid, (x0, y, left_w - k(20), k(40)), _(info.name), cls,
                         tip=_("{low}–{high} players").format(low=info.min_players,
                                                              high=info.max_players))
            # (two lines under the button, clear of its focus outline and the next one's:
            # at 1024x640 the second line ran into the next button, issue 7)
            self.desc_at.append((_(info.description),
                                 pygame.Rect(x0 + k(4), y + k(40) + DESC_GAP(k), left_w - k(32),
                                             k(DESC_LINE) + k(DESC_H))))
            y += k(40) + 2 * DESC_GAP(k) + k(DESC_LINE) + k(DESC_H)
        # players and opponents
        rx = x0 + left_w + k(10)
        rw = cw - left_w - k(10)
        info = VARIANTS[self.variant]
        self.add(UILabel(pygame.Rect(rx, top, k(160), k(32)), _(S.PLAYERS), m, object_id=ObjectID(class_id="@heading")))
        opts: list[str | tuple[str, str]] = [
            str(k) for k in range(info.min_players, info.max_players + 1)]
        dd = DropDown(opts, str(self.players), pygame.Rect(rx + k(160), top, k(90), k(32)), m,
                            object_id=ObjectID(object_id="#players"))
        self.named["players"] = dd
        self.add(dd)
        y = top + k(44)
        row_h = min(k(38), max(k(30), (H - top - k(260)) // 7))
        self.add(UILabel(pygame.Rect(rx, y, rw - k(10), k(24)), _("Opponents (you are the first player):"),
                         m))
        y += k(28)
        for i in range(self.players - 1):
            self.add(UILabel(pygame.Rect(rx, y, k(28), row_h - k(4)), f"{i + 1}.", m))
            e = UITextEntryLine(pygame.Rect(rx + k(30), y, rw - k(200), row_h - k(4)), m,
                                object_id=ObjectID(object_id=f"#name_{i}"))
            e.set_text(self.names[i])
            self.entries.append(self.add(e))
            lv = DropDown([(self._level_name(lv), lv) for lv in LEVELS],
                                (self._level_name(self.levels[i]), self.levels[i]),
                                pygame.Rect(rx + rw - k(160), y, k(150), row_h - k(4)), m,
                                object_id=ObjectID(object_id=f"#level_{i}"))
            lv.seat_index = i  # type: ignore[attr-defined]  # which seat's level it sets
            self.level_menus.append(self.add(lv))
            y += row_h
        # options
        y += k(8)
        game_opts = VARIANTS[self.variant].default_options  # the game's options, each offered
        if "deuces_wild" in game_opts:
            dw = bool(self.options.get("deuces_wild", False))
            self._button("opt_deuces", (rx, y, rw - k(10), k(34)),
                         _("Deuces wild: {state} (not in the source's rules)").format(
                             state=_(S.ON) if dw else _(S.OFF)),
                         tip=_("Twos are wild too (CR-3 option)"))
        elif "rotations" in game_opts:
            self.add(UILabel(pygame.Rect(rx, y, k(200), k(32)), _(S.ROTATIONS), m))
            rot = int(self.options.get("rotations", 1))
            rd = DropDown([str(k) for k in range(1, 6)], str(rot),
                                pygame.Rect(rx + k(210), y, k(80), k(32)), m,
                                object_id=ObjectID(object_id="#rotations"))
            self.named["rotations"] = rd
            self.add(rd)
        # the bottom row
        self._bottom_row()
        self.ring.set_items(self.widgets, default=self.default_button())
        if getattr(self, "_focus_start", False):
            # a game was just picked (or the table set up): Enter starts it, whatever had
            # the focus (the old Resume, the game's button)
            self._focus_start = False
            self.ring.focus("#start", show=self.ring.shown)

    def _bottom_row(self) -> None:
        """Start, Resume (and, with more than one unfinished game, the button that lists
        them all), Replays, Statistics, Settings, Rules, Quit: as wide as the window
        lets them be (at most 140 px each)."""
        W, H = self.app.size
        k = self.k
        by = H - k(80)
        bh = k(46)
        gap = k(10)
        can_resume = self.unfinished is not None
        more = len(self.unfinished_list) > 1
        resume_first = self.default_button() == "#resume"
        # Resume says which game it resumes, on a second line ("May I?, round 3"): as
        # wide as that needs
        what = self._resume_what()
        word = text.width(_(S.RESUME), 16, bold=True) + k(24)
        rw = max(k(120), word, text.width(what, RESUME_WHAT_SIZE) + k(24)) if what else max(k(120), word)
        # (the list button sits against Resume, 2 px from it: one split button)
        mw = k(52) + k(2) if more else 0
        plain = ("start", "replays", "stats", "settings", "rules", "quit")
        n_gaps = len(plain)
        bw = max(k(90), min(k(140), (W - k(32) - rw - mw - n_gaps * gap) // len(plain)))
        total = len(plain) * bw + rw + mw + n_gaps * gap
        bx = (W - total) // 2
        # the default (the gold button, the focus): Resume when a game can be resumed and
        # no new game is being set up
        self._button("start", (bx, by, bw, bh), _(S.START),
                     "@picker_button" if resume_first else "@primary")
        x = bx + bw + gap
        cls = "@primary" if resume_first else "@picker_button"
        if what:
            from ..table.buttons import PictureLabelButton
            res = PictureLabelButton(relative_rect=pygame.Rect(x, by, rw, bh), text="",
                                     manager=self.app.manager, tool_tip_text=self._resume_tip(),
                                     object_id=ObjectID(class_id=cls, object_id="#resume"))
            ink = PRIMARY_INK if resume_first else PLAIN_INK
            res.set_label(_(S.RESUME) + ": " + what, resume_label(_(S.RESUME), what, ink))
            self.named["resume"] = self.add(res)
        else:
            res = self._button("resume", (x, by, rw, bh), _(S.RESUME), cls, tip=self._resume_tip())
        if not can_resume:
            res.disable()
        x += rw + gap
        if more:
            n = len(self.unfinished_list)
            from ..table.buttons import PictureLabelButton
            mb = PictureLabelButton(
                relative_rect=pygame.Rect(x - gap + k(2), by, mw - k(2), bh), text="",
                manager=self.app.manager,
                # Translators: the tooltip of the button beside Resume that lists every
                # unfinished game ({n} of them) to choose the one to resume
                tool_tip_text=ngettext("Choose the game to resume: {n} unfinished game",
                                       "Choose the game to resume: {n} unfinished games",
                                       n).format(n=n),
                object_id=ObjectID(class_id="@picker_button", object_id="#resume_list"))
            mb.set_label(_("All unfinished games ({n})").format(n=n), more_label(n, PLAIN_INK))
            self.named["resume_list"] = self.add(mb)
            x += mw
        for name, label, tip in (("replays", _(S.REPLAYS), None),
                                 ("stats", _(STATISTICS), _("Your games won, scores and streaks")),
                                 ("settings", _(S.SETTINGS), None),
                                 ("rules", _(S.RULES), _("The rules of the chosen game")),
                                 ("quit", _(S.QUIT), None)):
            self._button(name, (x, by, bw, bh), label, tip=tip)
            x += bw + gap

    def default_button(self) -> str:
        """The button Enter presses: Resume when a game can be resumed, until the player
        picks a game or sets up the table (then Start: Enter starts that game)."""
        return "#resume" if self.unfinished is not None and not self.setting_up else "#start"

    def _resume_what(self) -> str:
        """Which game Resume resumes, as its second line says it: "May I?, round 3"
        (Michigan: "deal 3"), the deal being played; "" with nothing to resume."""
        u = self.unfinished
        if u is None:
            return ""
        from .resume import game_round
        return game_round(u)

    def _resume_tip(self):
        u = self.unfinished
        if u is None:
            return _("No unfinished game")
        name = _(VARIANTS[u.variant].name) if u.variant in VARIANTS else u.variant
        if layout_game(u.variant):
            tip = ngettext("{game}, {n} deal played ({date})", "{game}, {n} deals played ({date})",
                           u.deals_played)
        else:
            tip = ngettext("{game}, {n} round played ({date})", "{game}, {n} rounds played ({date})",
                           u.deals_played)
        return tip.format(game=name, n=u.deals_played, date=u.created)

    def _level_name(self, level: str) -> str:
        return _(S.LEVELS[level]) if level in S.LEVELS else level

    def resize(self, size) -> None:
        self._read_entries()
        self.build()

    def retranslate(self) -> None:
        """The language changed: the same choices, every text in the new language (the
        default names too: Russian and Ukrainian names in those languages)."""
        self._read_entries()
        new = default_names()
        self.names = [new[i + 1] if is_default_name(n, i + 1) else n
                      for i, n in enumerate(self.names)]
        self.build()

    def resume(self) -> None:
        super().resume()
        if getattr(self, "_fresh", False):
            self._fresh = False
            return
        self._find_unfinished()
        if self.app is not None and (self.widgets or getattr(self, "_dropped", False)):
            self._dropped = False
            self._read_entries()
            self.build()

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_F1:
            from .help import HelpScene  # the keys (these screens' first), R: the rules
            self.app.push(HelpScene(self.variant, screens_first=True))
            return True
        return self.ring.handle_event(event)

    def handle_ui_event(self, event) -> bool:
        self.ring.handle_ui_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, v in self.named.items() if v is event.ui_element), None)
            if name:
                self.press(name)
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.named.get("players"):
                self._read_entries()
                self.players = int(event.text)
                self._setting_up()
                self.build()
                return True
            if el is self.named.get("rotations"):
                self.options["rotations"] = int(event.text)
                self._setting_up(rebuild=True)
                return True
            if el in self.level_menus:
                lv = getattr(event, "selected_option_id", None) or event.text
                if lv in LEVELS:
                    self.levels[el.seat_index] = lv
                self._setting_up(rebuild=True)
                return True
        return False

    def press(self, name: str) -> None:
        """A button's action (tests call this as a click does)."""
        if name.startswith("v_"):
            self._read_entries()
            self.variant = name[2:]
            self.options = dict(VARIANTS[self.variant].default_options)
            self._clamp_players()
            self._setting_up()
            self._focus_start = True     # Enter now starts the game just picked
            self.build()
        elif name == "opt_deuces":
            self._read_entries()
            self.options["deuces_wild"] = not bool(self.options.get("deuces_wild", False))
            self._setting_up()
            self.build()
        elif name == "start":
            self.start()
        elif name == "resume":
            self.resume_game()
        elif name == "resume_list":
            from .resume import ResumeList
            self.app.push(ResumeList(self.unfinished_list, self.unfinished))
        elif name == "stats":
            from .stats import StatisticsScene
            self.app.push(StatisticsScene())
        elif name == "replays":
            from .library import LibraryScene
            self.app.push(LibraryScene())
        elif name == "settings":
            from .settings import SettingsScene
            self.app.push(SettingsScene())
        elif name == "rules":
            try:
                from .rules import RulesScene
            except ImportError:
                return
            self.app.push(RulesScene(variant=self.variant))
        elif name == "quit":
            self.app.quit()

    def _setting_up(self, rebuild: bool = False) -> None:
        """The player picked a game or changed the table: Start becomes the default (the
        gold button; Resume stays, plain).  ``rebuild``: re-draw the buttons now (a
        drop-down's change, which rebuilds nothing by itself)."""
        if self.setting_up:
            return
        self.setting_up = True
        if rebuild:
            self._read_entries()
            self.build()

    def choices(self) -> dict:
        self._read_entries()
        n = self.players
        return {"variant": self.variant, "players": n,
                "names": [_("You")] + self.names[:n - 1],
                "levels": [""] + self.levels[:n - 1], "options": dict(self.options)}

    def start(self, seed: int | None = None, autosave: bool = True) -> GameSession:
        c = self.choices()
        self.app.update_settings(last_variant=c["variant"], last_players=c["players"],
                                 last_levels=list(c["levels"][1:]), last_names=list(self.names),
                                 last_options=c["options"])
        # before the new game's record exists: the games left before a move go
        kept = len(self.unfinished_list)
        if autosave and kept:
            kept -= len(self._abandon_untouched())
        session = GameSession(c["variant"], c["players"], c["names"], c["levels"], c["options"],
                              human=0, seed=seed, autosave=autosave)
        from .table import TableScene
        scene = self.app.push(TableScene(session))
        if kept and autosave:
            # never a silent replacement: the unfinished games stay, and Resume lists them
            if kept == 1:
                said = _("Your unfinished game is kept: Resume in the picker offers it")
            else:
                said = ngettext("Your {n} unfinished game is kept: Resume in the picker "
                                "offers it", "Your {n} unfinished games are kept: Resume in "
                                "the picker offers them", kept).format(n=kept)
            scene.say(said, secs=6.0)  # type: ignore[attr-defined]  # a TableScene
        # under the table for a whole game: its widgets (their drawn states, a few MB at
        # 1920x1080) go now and are built anew when the table closes (``resume``)
        self.clear_widgets()
        self.entries, self.level_menus, self.named = [], [], {}
        self._dropped = True
        return session

    def play(self, variant: str, players: int | None = None, levels=None,
             options: dict | None = None, seed: int | None = None,
             autosave: bool = True) -> GameSession:
        """Start a new game of ``variant`` at once, as Start does with these choices
        (``table-app play``): ``players`` (clamped to the variant's range), ``levels``
        (one level for every opponent, or one per opponent), ``options`` (over the
        variant's defaults, or the last game's of this variant); ``None``: the picker's
        own.  Returns the new session."""
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        if variant != self.variant:
            self.variant = variant
            self.options = dict(VARIANTS[variant].default_options)
        if players is not None:
            self.players = int(players)
        self._clamp_players()
        if levels:
            levels = list(levels)
            each = levels * (self.players - 1) if len(levels) == 1 else levels
            for i, lv in enumerate(each[:7]):
                if lv in LEVELS:
                    self.levels[i] = lv
        if options:
            self.options.update(options)
        self.build()
        return self.start(seed=seed, autosave=autosave)

    def resume_game(self) -> None:
        """Resume the default unfinished game at the table (the real game played last,
        else a practice one; the list beside Resume and the library's Resume take any
        unfinished one); a file that can't be resumed is said, the picker stays."""
        if self.unfinished is None:
            return
        from .resume import open_resumed
        err = open_resumed(self.app, self.unfinished)
        if err:
            self.message = err

    # ------------------------------------------------------------------ draw
    def heading(self):
        """The title and the line under it, ``[(image, topleft), (image, topleft)]``: the
        line ends above the first game's button and the focus outline around it (it ran
        through the line, issue: the outline on Contract Rummy), the title above it."""
        W, H, x0, top, cw, left_w = self.geometry()
        k = self.k
        t = text.render_shadowed("table-app", 40, (250, 236, 170), bold=True)
        games = " · ".join(_(VARIANTS[v].name) for v in ORDER if v in VARIANTS)
        sub = text.render_shadowed(_("{games}  —  choose a game").format(games=games) + " ♠ ♥ ♦ ♣",
                                   16, (225, 235, 225))
        cwid = max(self.k(50), int(W / 22))
        room = int(cw - 5 * cwid * 0.55 - cwid) - 16  # up to the fanned cards
        if sub.get_width() > room > 0:  # a longer translation: shrunk to fit
            sub = pygame.transform.smoothscale(sub, (room, max(1, int(sub.get_height() * room / sub.get_width()))))
        # the outline is drawn 4 px (scaled) outside the button: the line's ink ends a few
        # px above it
        sub_y = top - k(4) - k(6) - sub.get_bounding_rect().bottom
        ink = t.get_bounding_rect()
        t_y = max(k(6) - ink.top, sub_y - k(2) - ink.bottom)
        return [(t, (x0, t_y)), (sub, (x0 + 4, max(t_y + ink.bottom + k(2), sub_y)))]

    def draw(self, surf) -> None:
        W, H = surf.get_size()
        surf.blit(self.app.art.felt((W, H)), (0, 0))  # cached per size by CardArt
        W, H, x0, top, cw, left_w = self.geometry()
        k = self.k
        (t, t_at), (sub, sub_at) = self.heading()
        surf.blit(t, t_at)
        surf.blit(sub, sub_at)
        # a few fanned cards for the look
        art = self.app.art
        cwid = max(self.k(50), int(W / 22))
        for i, f in enumerate((12, 24, 38, 51, 52)):
            st = self.app.settings
            img = art.face(f, cwid, four_color=bool(getattr(st, "four_color", False)),
                           large_index=bool(getattr(st, "large_index", False)))
            img = pygame.transform.rotozoom(img, 14 - i * 7, 1.0)
            surf.blit(img, (x0 + cw - 5 * cwid * 0.55 - cwid + i * cwid * 0.55, max(6, top - k(100)) + abs(i - 2) * k(6)))
        # how the chosen game plays, under its settings
        rx = x0 + left_w + k(10)
        rw = cw - left_w - k(10)
        y = max((w.relative_rect.bottom for w in self.widgets
                 if w.relative_rect.x >= rx - 2 and w.relative_rect.bottom < H - k(100)), default=top) + k(22)
        for size in HOW_SIZES:   # the largest size whose panel fits above the buttons
            lines = how_lines(self.variant, rw - k(24), size)
            line_h = k(21 * size / HOW_SIZE)
            box_h = k(40) + line_h * len(lines)
            if y + box_h < H - k(100):
                break
        if y + box_h < H - k(100):
            box = pygame.Surface((rw, box_h), pygame.SRCALPHA)
            pygame.draw.rect(box, (0, 0, 0, 80), box.get_rect(), border_radius=10)
            surf.blit(box, (rx, y))
            surf.blit(text.render(_(S.HOW_IT_PLAYS), 16, (250, 236, 170), bold=True), (rx + k(12), y + k(8)))
            for i, ln in enumerate(lines):
                surf.blit(text.render(ln, size, (230, 238, 228)), (rx + k(12), y + k(34) + line_h * i))
        descs = getattr(self, "desc_at", [])
        size, laid = desc_lines([d for d, _r in descs], min((r.w for _d, r in descs), default=1))
        for (_desc, r), lines in zip(descs, laid):
            for i, ln in enumerate(lines):
                surf.blit(text.render(ln, size, (216, 230, 218)), (r.x, r.y + i * k(DESC_LINE)))
        if self.message:
            lines = text.wrap(self.message, 15, W - k(80))[:3]
            for i, ln in enumerate(reversed(lines)):
                m = text.plate(ln, 15, (255, 235, 235), (150, 24, 30, 220))
                surf.blit(m, m.get_rect(midbottom=(W // 2, H - k(90) - i * k(24))))
        self.ring.draw(surf)
