"""Overlays over the table: the score sheet (between deals, or on request), the results
at the end of the game, and the table's menu."""
from __future__ import annotations

from fractions import Fraction

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ...i18n import _, is_you, ngettext, player_name
from ...i18n import strings as S
from ..keys import key_of
from ..scene import Scene, draw_overlay_panel, overlay_panel
from ..table import text


def _frac(x) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


def _compact(x, sign: bool = False) -> str:
    """Chips as the table's seats show them: ``3``, ``-25``, a share's fraction compactly
    (``-24⅓``, ``+2²⁄₇``); ``sign``: ``+`` before a gain."""
    from ..table.presenter import _chips
    x = Fraction(x)
    s = _chips(x)
    return s if sign or not s.startswith("+") else s[1:]


def panel_rect(size, panel_size, u: float = 1.0) -> pygame.Rect:
    """An overlay's panel of ``panel_size`` logical px, centred in a window of ``size``
    pixels (``u``: pixels per logical pixel), 20 px short of its edges at most."""
    W, H = size
    w = min(int(round(panel_size[0] * u)), W - 40)
    h = min(int(round(panel_size[1] * u)), H - 40)
    return pygame.Rect((W - w) // 2, (H - h) // 2, w, h)


class Overlay(Scene):
    """A panel over the scene below, which a shade dims.

    Attributes:
        dim: the shade's alpha (0..255) over the scene below.
        fill_alpha: the panel's fill alpha: opaque (255), so that ``App.draw`` can keep
            the shaded scenes below from the last frame when they did not change
            (``keeps_backdrop``): only the panel is drawn again then.
        shaded: set by ``App.draw`` for one draw when it did the shade itself (or kept
            it); else ``draw_panel`` shades.
    """
    transparent = True
    panel_size = (760, 520)
    dim = 130
    fill_alpha = 255
    keeps_backdrop = True
    shaded = False

    def panel(self) -> pygame.Rect:
        return panel_rect(self.app.size, self.panel_size, getattr(self.app, "ui_scale", 1.0))

    def button(self, name, rect, label, cls="@table_button"):
        b = pygame_gui.elements.UIButton(relative_rect=pygame.Rect(rect), text=label,
                                         manager=self.app.manager,
                                         object_id=ObjectID(class_id=cls, object_id="#" + name))
        b.name = name
        return self.add(b)

    def draw_panel(self, surf, title: str) -> pygame.Rect:
        p = self.panel()
        if self.shaded:
            surf.blit(overlay_panel(p.size, self.fill_alpha), p.topleft)
        else:
            draw_overlay_panel(surf, p, dim=self.dim, fill_alpha=self.fill_alpha)
        t = text.render(title, 24, (250, 236, 170), bold=True)
        surf.blit(t, (p.x + self.k(20), p.y + self.k(14)))
        return p

    def resize(self, size) -> None:
        self.clear_widgets()
        self.startup()

    def retranslate(self) -> None:
        """The language changed: the buttons again, in the new language."""
        self.resize(self.app.size)

    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.widgets:
            self.press_button(getattr(event.ui_element, "name", ""))
            return True
        return False

    def press_button(self, name: str) -> None:
        pass

    def handle_event(self, event) -> bool:
        return True  # nothing reaches the table under an overlay


def fit_w(label: str, least: int, size: int = 16, bold: bool = False) -> int:
    """A button's width: ``least``, or wider when its label (the theme's Noto Sans at
    ``size``, 16 bold for ``@primary``) needs it, with room for the padding."""
    return max(least, text.font(size, bold).size(label)[0] + int(round(28 * text.get_scale())))


def layout_line(obs) -> str:
    """Michigan's chips on the layout, the pay cells named by their cards as the language
    writes them ("A♥: 0   K♣: 8 ...", drawn with pips), never the record's ``AH``."""
    from ...core.cards import parse_face
    from ...i18n import card_name
    lay = "   ".join(f"{card_name(parse_face(c))}: {_frac(v)}" for c, v in obs.layout.items())
    return _("On the layout: {layout}   Kitty: {kitty}").format(layout=lay, kitty=_frac(obs.kitty))


def _went_out(session, seat: int, names) -> str:
    """"Ann went out", or the human's own "You went out" (ru/uk verbs agree with "you")."""
    if seat == getattr(session, "human", None) or is_you(session.names[seat]):
        return _(S.YOU_WENT_OUT)
    return _(S.WENT_OUT).format(name=names[seat])


def score_rows(session, obs=None):
    """The score sheet's rows: ``(heading, [cells per seat], note)``, of ``obs`` (the
    player's Observation the table shows; default: the engine's latest state)."""
    if obs is None:
        obs = session.rules.observe(session.engine.state, session.human)
    rows = []
    names = [player_name(n) for n in session.names]
    if session.spec.layout:
        prev = [Fraction(0)] * session.num_players
        for r in obs.results:
            delta = [Fraction(b) - p for b, p in zip(r.balances, prev)]
            rows.append((_("Deal {n}").format(n=r.round),
                         [f"{_frac(b)} ({'+' if d >= 0 else ''}{_frac(d)})"
                          for b, d in zip(r.balances, delta)],
                         _went_out(session, r.winner, names)))
            prev = [Fraction(b) for b in r.balances]
        rest = [Fraction(b) - p for b, p in zip(obs.balances, prev)]
        if obs.finished and obs.results and any(rest):
            # MG-11: the chips left on the layout shared at the session's end, a row of
            # their own so that the deal rows and this one add up to the balance
            rows.append((_("Final share"), [_compact(d, sign=True) for d in rest],
                         _("layout shared (MG-11)")))
        elif not obs.finished and any(rest):
            # a deal in progress: its antes (MG-3) and the pay cards taken so far (MG-9)
            rows.append((_("Deal {n}").format(n=obs.round),
                         [_compact(d, sign=True) for d in rest], _("so far: antes and pay cards")))
        total = [_compact(b) for b in obs.balances]
        return rows, total, obs
    for r in obs.results:
        rows.append((_(S.ROUND_N).format(n=r.round), [str(x) for x in r.scores],
                     _("dead deal") if r.winner is None
                     else _went_out(session, r.winner, names)))
    total = [str(t) for t in obs.totals]
    return rows, total, obs


def draw_sheet(surf, p: pygame.Rect, session, top: int, u: float = 1.0, obs=None) -> None:
    """The score sheet in panel ``p``, ``top`` logical pixels down; ``u``: the HiDPI scale;
    ``obs``: the Observation shown (``score_rows``)."""
    def k(x):
        return int(round(x * u))
    rows, total, obs = score_rows(session, obs)
    n = session.num_players
    first_w = k(110)
    note_w = k(170)
    col_w = max(k(60), (p.w - k(40) - first_w - note_w) // n)
    y = p.y + k(top)
    x0 = p.x + k(20)
    size = 15 if n <= 6 else 13
    for i, nm in enumerate(session.names):
        t = text.render(player_name(nm)[:10], size, (250, 236, 170), bold=True)
        surf.blit(t, (x0 + first_w + i * col_w, y))
    y += k(26)
    pygame.draw.line(surf, (226, 182, 70), (x0, y - k(4)), (p.right - k(20), y - k(4)), 1)
    max_rows = max(1, (p.bottom - k(90) - y) // k(22))
    for head, cells, note in rows[-max_rows:]:
        surf.blit(text.render(head, size, (230, 230, 220)), (x0, y))
        for i, c in enumerate(cells):
            surf.blit(text.render(c, size, (240, 240, 235)), (x0 + first_w + i * col_w, y))
        surf.blit(text.render(note, 13, (200, 220, 200)), (x0 + first_w + n * col_w + k(6), y + 1))
        y += k(22)
    pygame.draw.line(surf, (226, 182, 70), (x0, y + 2), (p.right - k(20), y + 2), 1)
    y += k(8)
    label = _(S.BALANCE) if session.spec.layout else _(S.TOTAL)
    surf.blit(text.render(label, size, (250, 236, 170), bold=True), (x0, y))
    for i, c in enumerate(total):
        surf.blit(text.render(c, size, (255, 240, 190), bold=True), (x0 + first_w + i * col_w, y))
    if session.spec.layout and obs.round:
        y += k(28)
        surf.blit(text.render(layout_line(obs), 14, (220, 230, 220)), (x0, y))
        if obs.widow is not None:
            from ...core.cards import face_pretty
            y += k(22)
            surf.blit(text.render(_(S.WIDOW_WAS) + " ".join(face_pretty(c >> 3) for c in obs.widow),
                                  14, (220, 230, 220)), (x0, y))


def sheet_title(session, r) -> str:
    """The score sheet's heading after a deal: who went out of which round (a contract
    game: "Round 2 is over: ..." over its "Round 2" row) or deal (Michigan)."""
    w = r.winner
    you = w is not None and (w == session.human or is_you(session.names[w]))
    name = None if w is None else player_name(session.names[w])
    if session.spec.layout:
        if w is None:
            return _("Deal {n}: a dead deal").format(n=r.round)
        if you:
            return _("Deal {n} is over: You went out").format(n=r.round)
        return _("Deal {n} is over: {name} went out").format(n=r.round, name=name)
    if w is None:
        return _("Round {n}: a dead deal").format(n=r.round)
    if you:
        return _("Round {n} is over: You went out").format(n=r.round)
    return _("Round {n} is over: {name} went out").format(n=r.round, name=name)


def _sorted(cards) -> list[int]:
    """Card ids by suit, then rank (jokers last): a hand as the table sorts it by suit."""
    from ...core.cards import FACE_RANK, FACE_SUIT, JOKER
    return sorted(cards, key=lambda c: (c >> 3 == JOKER, FACE_SUIT[c >> 3] if c >> 3 != JOKER else 9,
                                        FACE_RANK[c >> 3] if c >> 3 != JOKER else 0, c))


def deal_end_rows(session, obs) -> list[tuple[str, list[int], str, bool]]:
    """What the end of a deal shows (issue #19), before the score sheet: per seat (the
    player first, then clockwise) ``(name, cards caught, what they score, went out)``;
    Michigan adds the widow last (shown face up now, MG-4).

    The contract family: each hand's points (CF-15; the winner's 0).  Michigan: the
    cards left and the chips each pays the winner, one a card (MG-10); the winner takes
    the kitty and those chips."""
    hands = getattr(obs, "hands_shown", None) or ((),) * session.num_players
    res = obs.results[-1] if obs.results else None
    winner = res.winner if res is not None else None
    n = session.num_players
    order = [(session.human + k) % n for k in range(n)]
    rows = []
    if session.spec.layout:
        kitty = _kitty_before_going_out(session)
        paid = sum(len(hands[s]) for s in range(n) if s != winner)
        for s in order:
            name = player_name(session.names[s])
            cards = _sorted(hands[s])
            # (the player's own row in the second person: "You … you pay 3 chips")
            you = s == session.human
            if s == winner and you:
                note = ngettext("went out: you take the kitty ({kitty}) and {n} chip for the cards left",
                                "went out: you take the kitty ({kitty}) and {n} chips for the cards left",
                                paid).format(kitty=_compact(kitty), n=paid)
            elif s == winner:
                note = ngettext("went out: takes the kitty ({kitty}) and {n} chip for the cards left",
                                "went out: takes the kitty ({kitty}) and {n} chips for the cards left",
                                paid).format(kitty=_compact(kitty), n=paid)
            elif you:
                k = len(cards)
                note = ngettext("{n} card left: you pay {n} chip", "{n} cards left: you pay {n} chips",
                                k).format(n=k)
            else:
                k = len(cards)
                note = ngettext("{n} card left: pays {n} chip", "{n} cards left: pays {n} chips",
                                k).format(n=k)
            rows.append((name, cards, note, s == winner))
        if obs.widow is not None:
            rows.append((_(S.WIDOW), _sorted(obs.widow), _("pays nobody"), False))
        return rows
    scores = res.scores if res is not None else (0,) * n
    for s in order:
        name = player_name(session.names[s])
        pts = scores[s]
        note = (_("went out: 0 points") if s == winner
                else ngettext("{n} point", "{n} points", pts).format(n=pts))
        rows.append((name, _sorted(hands[s]), note, s == winner))
    return rows


def _kitty_before_going_out(session) -> Fraction:
    """The kitty the Michigan winner took (MG-10): the layout's before the card that went
    out (the log's last lead or play)."""
    eng = session.engine
    for i in range(len(eng.log) - 1, -1, -1):
        if eng.log[i].type in ("lead", "play"):
            return Fraction(session.rules.observe(eng.states[i], session.human).kitty)
    return Fraction(0)


class DealEndScene(Overlay):
    """The end of a deal, before the score sheet (issue #19): every hand face up with
    what it scores (``deal_end_rows``), the widow too in Michigan.  Enter, Space, Esc or
    its button go on to the score sheet (``then="sheet"``, "Next round" there) or, after
    the last deal, the results (``then="results"``).  "Review this deal" (R, issue 21)
    opens the replay viewer on the deal just ended, the coach's review of the player's
    decisions started; closing it comes back here."""

    def __init__(self, session, then: str = "sheet") -> None:
        super().__init__()
        self.session = session
        self.then = then
        self.obs = session.rules.observe(session.engine.state, session.human)
        self.rows = deal_end_rows(session, self.obs)

    #: the rows' picture (``deal_end_picture``): made ahead by the table
    #: (``table.ahead.DealEndAhead``) or at the first frame, then blitted every frame
    picture: pygame.Surface | None = None

    def startup(self) -> None:
        self.panel_size = deal_end_panel_size(self.rows)
        p = self.panel()
        k = self.k
        label = _(S.RESULTS) if self.then == "results" else _(S.SCORE_SHEET)
        bw = fit_w(label, k(170), bold=True)
        self.button("next", (p.right - k(20) - bw, p.bottom - k(56), bw, k(40)), label, "@primary")
        if getattr(self.session, "journal", None) is not None:
            # Translators: R is the key's place; name the letter it bears in your
            # layout too ("(R/К)")
            rl = _("Review this deal (R)")
            self.button("review", (p.x + k(20), p.bottom - k(56), fit_w(rl, k(170)), k(40)), rl)

    def press_button(self, name: str) -> None:
        if name == "next":
            self.next()
        elif name == "review":
            self.review()

    def review(self):
        """The replay viewer on the deal just ended, the review of the player's seat
        started (the record is on disk: the journal writes every event as it comes)."""
        journal = getattr(self.session, "journal", None)
        if journal is None:
            return None
        from .replay import ReplayScene, open_replay
        sc = open_replay(journal.path, seat=self.session.human)
        self.app.push(sc)
        if isinstance(sc, ReplayScene) and sc.model.deals():
            sc.seek(sc.model.deals()[-1][0])
            sc.start_review()
        return sc

    def next(self) -> None:
        """On to the score sheet (or the results), in this overlay's place: the table
        under it stays covered (popping first showed the table's buttons for a moment,
        live, between the two: #19)."""
        if self.then == "results":
            self.app.replace(ResultsScene(self.session))
        else:
            self.app.replace(ScoreSheet(self.session, between=True))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) in (pygame.K_RETURN, pygame.K_SPACE,
                                                              pygame.K_ESCAPE, pygame.K_KP_ENTER):
            self.next()
        elif event.type == pygame.KEYDOWN and key_of(event) == pygame.K_r:
            self.review()
        return True

    def draw(self, surf) -> None:
        obs = self.obs
        title = sheet_title(self.session, obs.results[-1]) if obs.results else _(S.SCORE_SHEET)
        p = self.draw_panel(surf, title)
        u = getattr(self.app, "ui_scale", 1.0)
        if self.picture is None or self.picture.get_size() != p.size:
            got = self._ahead(p, u)
            if got is None:
                got = deal_end_picture(p.size, self.rows, self.app.art, self.app.settings, u)
            self.picture, self.drawn = got
        surf.blit(self.picture, p.topleft)

    def _ahead(self, p: pygame.Rect, u: float):
        """The picture the table made ahead of this scene (``DealEndAhead.take``), when
        it shows these rows at this size; else ``None``."""
        stack = getattr(self.app, "stack", None)
        for sc in reversed(getattr(stack, "scenes", [])):
            ahead = getattr(sc, "ahead", None)
            if ahead is not None and hasattr(ahead, "take"):
                return ahead.take(self.session, self.rows, p.size, u, self.app.settings,
                                  art=self.app.art)
        return None


def deal_end_panel_size(rows) -> tuple[int, int]:
    """The deal end's panel (logical px) for its ``rows``."""
    _cols, per = deal_end_columns(max(1, len(rows)))
    return (820, min(760, 130 + row_height(per) * per))


def deal_end_picture(size, rows, art, settings, u: float = 1.0, only=None, into=None):
    """The rows of the deal end (``draw_deal_end``) on a transparent picture of the
    panel's ``size``, to blit at the panel's corner: ``(picture, notes as drawn)``.
    ``only``: the indexes of the rows to draw (the others are left as they are),
    ``into``: the picture to draw on (default: a new one); drawn a row at a time over
    several frames it is the picture drawn at once (``DealEndAhead``)."""
    pic = into if into is not None else pygame.Surface(size, pygame.SRCALPHA)
    drawn = draw_deal_end(pic, pygame.Rect((0, 0), size), rows, art, settings, u, only=only)
    return pic, drawn


def deal_end_card_width(p: pygame.Rect, rows, u: float = 1.0) -> int:
    """The width (px) the deal end shows its cards at, in panel ``p``."""
    def k(x):
        return int(round(x * u))
    top = p.y + k(56)
    bottom = p.bottom - k(70)
    _cols, per = deal_end_columns(max(1, len(rows)))
    rh = max(k(40), min(k(row_height(per)), (bottom - top) // per))
    return max(k(22), min(k(56), int((rh - k(24)) / 1.4)))


def row_height(n: int) -> int:
    """A deal-end row's height (logical px) for ``n`` rows in a column: the cards as large
    as a few rows allow."""
    return 96 if n <= 5 else 80 if n <= 6 else 66


def deal_end_columns(n: int) -> tuple[int, int]:
    """``(columns, rows per column)`` of ``n`` deal-end rows: two columns past 6 rows (8
    seats and Michigan's widow at 1024x640 keep cards whose index reads)."""
    cols = 1 if n <= 6 else 2
    return cols, -(-n // cols)


def _fitted(msg: str, size: int, color, width: int):
    """``msg`` in ``width`` px: ``(surface, line)`` at its size, smaller down to 10 px,
    then cut with "…"."""
    while size > 10 and text.width(msg, size) > width:
        size -= 1
    line = msg
    while len(line) > 4 and text.width(line, size) > width:
        line = line[:-2].rstrip() + "…"
    return text.render(line, size, color), line


def draw_deal_end(surf, p: pygame.Rect, rows, art, settings, u: float = 1.0,
                  only=None) -> list[str]:
    """The rows of ``deal_end_rows`` in panel ``p`` (one column, two past 6 rows): the
    name and what it scores on a line, the cards face up under it (overlapping so that
    each index shows); ``only``: the indexes of the rows to draw (default: all).
    Returns the notes as drawn (a note too long is cut with "…")."""
    def k(x):
        return int(round(x * u))
    top = p.y + k(56)
    bottom = p.bottom - k(70)
    cols, per = deal_end_columns(max(1, len(rows)))
    rh = max(k(40), min(k(row_height(per)), (bottom - top) // per))
    cw = max(k(22), min(k(56), int((rh - k(24)) / 1.4)))
    gap = k(24)
    col_w = (p.w - k(40) - gap * (cols - 1)) // cols
    four = bool(getattr(settings, "four_color", False))
    large = bool(getattr(settings, "large_index", False))
    drawn = []
    for n, (name, cards, note, out) in enumerate(rows):
        if only is not None and n not in only:
            continue
        x0 = p.x + k(20) + (n // per) * (col_w + gap)
        right = x0 + col_w
        y = top + (n % per) * rh
        head = text.render(name, 14, (255, 226, 120) if out else (250, 236, 170), bold=True)
        surf.blit(head, (x0, y))
        room = col_w - head.get_width() - k(14)
        nt, line = _fitted(note, 13, (255, 226, 120) if out else (225, 235, 225), room)
        drawn.append(line)
        surf.blit(nt, (right - nt.get_width(), y + 1))
        cy = y + k(19)
        if cards:
            span = right - x0
            step = cw * 0.62 if len(cards) == 1 else min(cw * 0.62, (span - cw) / (len(cards) - 1))
            for i, c in enumerate(cards):
                surf.blit(art.face(c >> 3, cw, four_color=four, large_index=large),
                          (int(x0 + i * step), cy))
    return drawn


def sheet_panel_size(session, obs=None) -> tuple[int, int]:
    """The score sheet's panel (logical px) for what it shows of ``obs``
    (``score_rows``)."""
    rows = len(score_rows(session, obs)[0])
    extra = 80 if session.spec.layout else 0
    return (760, min(560, 230 + 22 * rows + extra))


class ScoreSheet(Overlay):
    """Every deal so far, the running totals and who went out (Michigan: the chip
    journal).  ``between``: shown after a deal, with "Next round" (Michigan: "Next
    deal"): a contract game's deals are its rounds, and say so as its rows do.
    ``shown()``: the Observation the table's animation has reached (``TableScene.
    landed_obs``), so the sheet opened mid-move never runs ahead of the cards on the
    table (issue #19: a pay cell shown taken before its card landed); ``None``: the
    engine's latest state."""

    def __init__(self, session, between: bool, shown=None) -> None:
        super().__init__()
        self.session = session
        self.between = between
        self.shown = shown

    def observation(self):
        """What the sheet shows (``shown()``, else the engine's latest state)."""
        if self.shown is not None:
            try:
                return self.shown()
            except Exception:  # noqa: BLE001 - a table gone: the latest state
                pass
        return self.session.rules.observe(self.session.engine.state, self.session.human)

    def startup(self) -> None:
        self.panel_size = sheet_panel_size(self.session, self.observation())
        p = self.panel()
        nxt = S.NEXT_DEAL if self.session.spec.layout else S.NEXT_ROUND
        label = _(nxt) if self.between else _(S.CLOSE)
        k = self.k
        bw = fit_w(label, k(160), bold=True)   # "Следующая сдача" is wider than 160
        self.button("next", (p.right - k(20) - bw, p.bottom - k(56), bw, k(40)), label, "@primary")
        if self.between and self.table() is not None:
            # the menu between deals (leave or quit without dealing the next one)
            mw = fit_w(_(S.MENU), k(110))
            self.button("menu", (p.x + k(20), p.bottom - k(56), mw, k(40)), _(S.MENU))

    def table(self):
        """The table scene under the sheet (``None``: none, a test's bare sheet)."""
        stack = getattr(getattr(self, "app", None), "stack", None)
        for sc in reversed(getattr(stack, "scenes", [])):
            if hasattr(sc, "continue_after_sheet") and hasattr(sc, "session"):
                return sc
        return None

    def open_menu(self) -> None:
        """The table's menu over the sheet (its "Back to the table" comes back here: the
        next deal is dealt only from the sheet's own button)."""
        t = self.table()
        if t is not None:
            self.app.push(TableMenu(t))

    def press_button(self, name: str) -> None:
        if name == "next":
            self.close()
        elif name == "menu":
            self.open_menu()

    def close(self) -> None:
        self.app.pop()
        if self.between:
            top = self.app.stack.top
            if hasattr(top, "continue_after_sheet"):
                getattr(top, "continue_after_sheet")()

    def handle_event(self, event) -> bool:
        """Enter or Space: the sheet's button (between deals: the next deal).  Esc: the
        sheet on request closes; between deals the menu opens (Esc never deals).  A click
        on the table's Menu button, seen dimmed under the sheet, opens the menu too."""
        if event.type == pygame.KEYDOWN and key_of(event) in (pygame.K_RETURN, pygame.K_SPACE,
                                                              pygame.K_KP_ENTER):
            self.close()
        elif event.type == pygame.KEYDOWN and key_of(event) == pygame.K_ESCAPE:
            if self.between and self.table() is not None:
                self.open_menu()
            else:
                self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            t = self.table()
            b = getattr(t, "buttons", {}).get("menu") if t is not None else None
            if b is not None and b.rect.collidepoint(event.pos) \
                    and not self.panel().collidepoint(event.pos):
                self.open_menu()
        return True

    def draw(self, surf) -> None:
        obs = self.observation()
        if self.between and obs.results:
            title = sheet_title(self.session, obs.results[-1])
        else:
            title = _(S.SCORE_SHEET)
        p = self.draw_panel(surf, title)
        draw_sheet(surf, p, self.session, 60, getattr(self.app, "ui_scale", 1.0), obs=obs)


def results_panel_size(session) -> tuple[int, int]:
    """The results' panel (logical px) at the game's end."""
    rows = len(score_rows(session)[0])
    extra = 80 if session.spec.layout else 0
    return (800, min(600, 250 + 22 * rows + extra))


class ResultsScene(Overlay):
    """The end of the game: the winners, the final sheet, New game / Back to the picker."""
    panel_size = (800, 560)

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session

    def startup(self) -> None:
        self.panel_size = results_panel_size(self.session)
        p = self.panel()
        k = self.k
        pw = fit_w(_(S.BACK_TO_PICKER), k(180), size=14)
        nw = fit_w(_(S.NEW_GAME), k(170), bold=True)
        self.button("new", (p.right - k(30) - pw - nw, p.bottom - k(56), nw, k(40)), _(S.NEW_GAME), "@primary")
        self.button("picker", (p.right - k(20) - pw, p.bottom - k(56), pw, k(40)), _(S.BACK_TO_PICKER))
        if getattr(self.session, "journal", None) is not None:
            self.button("replay", (p.x + k(20), p.bottom - k(56), k(150), k(40)), _("Replay"))

    def press_button(self, name: str) -> None:
        s = self.session
        if name == "replay":
            from .replay import open_replay
            self.app.push(open_replay(s.journal.path))
        elif name == "new":
            from ..table.session import GameSession
            from .table import TableScene
            same = (s.variant, s.num_players, s.names, [lv or "normal" for lv in s.levels],
                    s.options, s.human)
            s.close()
            # nothing here holds the old game while the new one is made: the app frees
            # it (SceneStack.released) before the new game and its table take their
            # memory, so the two are never held at once (issue #17: the new game's
            # session was made first, the peak of three games in one process)
            s = self.session = None
            self.app.stack.clear()
            self.app.running = True
            self.app.stack.released()
            variant, n, names, levels, options, human = same
            ns = GameSession(variant, n, names, levels, options, human=human)
            self.app.push(TableScene(ns))
        elif name == "picker":
            s.close()
            s = self.session = None
            self.app.stack.clear()
            self.app.running = True
            from .picker import PickerScene
            self.app.push(PickerScene())

    def draw(self, surf) -> None:
        ge = self.session.rules.game_end(self.session.engine.state)
        names = [player_name(n) for n in self.session.names]
        if ge is not None:
            ws = ", ".join(_("You") if w == self.session.human else names[w] for w in ge.winners)
            title = (_("Winner: {names}") if len(ge.winners) == 1
                     else _("Shared win: {names}")).format(names=ws)
        else:
            title = _(S.RESULTS)
        p = self.draw_panel(surf, title)
        draw_sheet(surf, p, self.session, 60, getattr(self.app, "ui_scale", 1.0))


class TableMenu(Overlay):
    """Esc at the table.  Keyboard: Up/Down or Tab / Shift+Tab move the blue focus
    outline (on "Back to the table" at first), Enter or Space presses the focused button,
    Esc goes back to the table, F1 lists the keys (``HelpScene``, over the menu).  Settings
    opens over the menu: its Back or Esc comes back to the menu."""
    panel_size = (400, 450)

    def __init__(self, table) -> None:
        super().__init__()
        self.table = table
        from ..focus import FocusRing
        self.ring = FocusRing(self, shown=True)

    def startup(self) -> None:
        p = self.panel()
        k = self.k
        y = p.y + k(64)
        from .stats import STATISTICS
        for name, label in (("resume", _(S.BACK_TO_TABLE)), ("scores", _(S.SCORE_SHEET)),
                            ("stats", _(STATISTICS)),
                            ("rules", _("Rules of this game")), ("settings", _(S.SETTINGS)),
                            ("picker", _(S.LEAVE_TO_PICKER)), ("quit", _(S.QUIT))):
            self.button(name, (p.x + k(40), y, p.w - k(80), k(40)), label)
            y += k(50)
        self.ring.set_items(self.widgets, default="#resume")

    def press_button(self, name: str) -> None:
        if name == "resume":
            self.app.pop()
        elif name == "scores":
            self.app.pop()
            self.app.push(ScoreSheet(self.table.session, between=False,
                                     shown=getattr(self.table, "landed_obs", None)))
        elif name == "stats":
            # over the menu (as Settings): Back or Esc comes back here
            from .stats import StatisticsScene
            self.app.push(StatisticsScene(section=self.table.session.variant))
        elif name == "rules":
            self.app.pop()
            try:
                from .rules import RulesScene
            except ImportError:
                return
            self.app.push(RulesScene(variant=self.table.session.variant))
        elif name == "settings":
            # over the menu: Back or Esc in Settings comes back here, the focus on Settings
            from .settings import SettingsScene
            self.app.push(SettingsScene())
        elif name == "picker":
            self.table.session.close()
            self.app.stack.clear()
            self.app.running = True
            from .picker import PickerScene
            self.app.push(PickerScene())
        elif name == "quit":
            self.app.quit()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_F1:
            # the keys (the menu's, the picker's and Settings' first, as there); R or its
            # Rules button: the rules of the game at the table; closing it: the menu again
            from .help import HelpScene
            self.app.push(HelpScene(self.table.session.variant, screens_first=True))
            return True
        if self.ring.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_ESCAPE:
            self.app.pop()
        return True

    def draw(self, surf) -> None:
        self.draw_panel(surf, _(S.MENU))
        self.ring.draw(surf)
