"""The presenter: maps the human seat's Observation to where every card sprite goes.

``present(obs, L, ui)`` returns a ``View``: the card ``placements``, the drop ``zones``
(name -> Rect), the table melds' card rectangles (for laying off and swapping), and the
``labels`` to draw (names, counts, role tags, chips).  It reads only the Observation (what
the human may know) and the UI's own state (hand order, selection, melds being built); it
never touches the engine.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pygame

from ...core.cards import FACE_RANK, FACE_SUIT, JOKER, SUIT_SYMBOLS
from ...i18n import _, contract_name, ngettext, pgettext, player_name
from ...i18n import strings as S
from ...variants import VARIANTS
from . import text
from .layout import CARD_RATIO, PLAYED_MIN_W, TableLayout
from .meldhelp import role_tag, role_text
from .sprites import Placement


@dataclass
class UIState:
    """The table's own state that is not the game's: hand order, selection, melds being
    built (``staged``: lists of card ids), names and levels, who is thinking."""
    hand_order: list = field(default_factory=list)
    selected: set = field(default_factory=set)
    staged: list = field(default_factory=list)
    names: list = field(default_factory=list)
    levels: list = field(default_factory=list)
    thinking: int | None = None
    lift: set = field(default_factory=set)          # cards lifted (Michigan legal leads)
    dim: set = field(default_factory=set)           # cards that can't be used now
    roles: dict = field(default_factory=dict)       # staged wild card id -> chosen role face
    role_kinds: dict = field(default_factory=dict)  # staged wild card id -> "set" / "run"
    ambiguous: set = field(default_factory=set)     # staged groups with more than one reading
    stage_note: str = ""    # why the staged melds can't make the contract yet ("" if they could)
    bad_groups: set = field(default_factory=set)    # staged groups no cards make a meld (red)
    meld_plan: dict | None = None   # where the table's melds were put (kept while they fit)
    #: each seat's last visible move as its box shows it: seat -> (text, newest)
    #: (``Narrator.seat_labels``; issue #19)
    last_moves: dict = field(default_factory=dict)
    #: Michigan's pay cards taken this deal: cell name -> (seat, chips) (``Narrator.pay_cards``)
    pay_won: dict = field(default_factory=dict)
    #: Michigan: the Observation whose chips are shown (the layout, the kitty, the
    #: balances): the one the animation has reached, so a cell is emptied when the pay
    #: card lands, not when it starts to fly (``None``: the Observation drawn)
    money: Any = None
    #: "Lay off all that fits" was asked for before the drawn card landed
    #: (``commands.run_queued`` makes it then)
    lay_off_queued: bool = False
    #: a message said once the table is still (the cards laid off have landed:
    #: ``commands.run_queued``), or ``None``
    say_when_still: str | None = None


@dataclass
class Label:
    text: str
    pos: tuple
    size: int
    anchor: str = "topleft"
    kind: str = "text"      # text | plate | plate_hi | tag | chip | last | last_hi
    color: tuple = (245, 245, 235)
    width: int = 0          # > 0: the room it has (longer text is wrapped or shrunk)


@dataclass
class View:
    placements: list = field(default_factory=list)
    zones: dict = field(default_factory=dict)
    melds: dict = field(default_factory=dict)       # meld index -> Rect
    meld_cards: dict = field(default_factory=dict)  # meld index -> [(Rect, card, role)]
    labels: list = field(default_factory=list)
    boxes: list = field(default_factory=list)       # (Rect, kind) decorations
    chips: list = field(default_factory=list)       # (x, bottom y, count): chip stacks
    seat_pos: dict = field(default_factory=dict)    # seat -> (x, y) where its cards come from
    wild_cards: set = field(default_factory=set)    # cards shown with a "wild" badge
    stock_pos: tuple = (0, 0)
    discard_pos: tuple = (0, 0)
    #: the piles' count labels: pile name ("stock", "discard") -> (index in ``labels``,
    #: cards on the pile) (``held_labels``)
    piles: dict = field(default_factory=dict)
    #: the seats' card counts: seat -> (index in ``labels``, cards in its hand, what its
    #: row says after the count, its box) (``held_labels``: short of those still flying)
    counts: dict = field(default_factory=dict)


def pile_tag(name: str, n: int) -> str:
    """The label under a pile of ``n`` cards: "Stock 30", "Discard 3", "Discard" (empty)."""
    if name == "stock":
        return _("Stock {n}").format(n=n)
    if n:
        return _("Discard {n}").format(n=n)
    # Translators: the empty discard pile's name under it: a noun, as in "Discard {n}"
    return pgettext("discard pile", "Discard")


#: the groups a drag takes a card off a pile from (``Drag.group``) -> that pile
PILE_OF_GROUP = {"upcard": "discard", "stock": "stock"}


def count_row(n: int, rest=()) -> str:
    """A seat's row under its cards: "10 cards", "10 cards · score 35"."""
    return " · ".join([ngettext("{n} card", "{n} cards", n).format(n=n), *rest])


def _arriving(sp, box: pygame.Rect) -> bool:
    """Sprite ``sp`` (``None``: none) glides into ``box`` from outside it: a card on its
    way to a seat (dealt, drawn, called or bought), not one moving along its fan."""
    return sp is not None and sp.moving() and not box.collidepoint(sp.sx, sp.sy)


def held_labels(v: View, held: dict, layer=None) -> list:
    """``v.labels`` with each pile's count short of the cards held off it (``held``: pile
    name -> cards, the card being dragged to the hand): the label counts what is on the
    pile ("Discard" while its only card is dragged, "Discard 1" again when it goes back);
    and (``layer``: the sprites) each seat's count short of the cards still flying to it,
    so it changes when a card called or bought (CR-5, MI-5), drawn or dealt lands there
    (a tester saw the count take the called card while it flew)."""
    out = None
    for name, (i, n) in v.piles.items():
        k = held.get(name, 0)
        if k:
            out = out or list(v.labels)
            out[i] = dataclasses.replace(out[i], text=pile_tag(name, max(0, n - k)))
    if layer is not None:
        sprites = layer.sprites
        for s, (i, n, rest, box) in v.counts.items():
            k = sum(1 for j in range(n) if _arriving(sprites.get(("opp", s, j)), box))
            if k:
                out = out or list(v.labels)
                out[i] = dataclasses.replace(out[i], text=count_row(n - k, rest))
    return v.labels if out is None else out


def is_layout_game(obs) -> bool:
    """The observation is of a layout game played for chips (Michigan: pay cells, a
    kitty, sequences), which the table draws as such; else of a contract game."""
    return VARIANTS[obs.variant].layout


def turn_seat(obs) -> int | None:
    """The seat whose turn it is (its box lit, "X's turn"): the seat to act, except in a
    buying window (Contract's call CR-5, May I?'s buy MI-5/MI-6), where the seats asked
    decide out of turn and the turn stays the active player's (``obs.current``); ``None``
    between deals."""
    ph = getattr(obs, "phase", None)
    if ph == "buy":
        return getattr(obs, "current", obs.to_act)
    if ph == "deal" or getattr(obs, "deal_over", False):
        # between deals nobody is on turn (Michigan's observation names the next deal's
        # leader then, MG-4: lit under the deal's end and the sheet, it looked stale)
        return None
    return obs.to_act


def seat_name(ui: UIState, s: int) -> str:
    return player_name(ui.names[s]) if s < len(ui.names) else _("Seat {n}").format(n=s)


def fan_positions(n: int, rect: pygame.Rect, w: int, max_step: float) -> list[float]:
    if n <= 0:
        return []
    step = max_step if n == 1 else min(max_step, (rect.w - w) / (n - 1))
    total = w + step * (n - 1)
    x0 = rect.x + (rect.w - total) / 2
    return [x0 + i * step for i in range(n)]


def present(obs, L: TableLayout, ui: UIState) -> View:
    v = View()
    if is_layout_game(obs):
        _layout_game(obs, L, ui, v)
    else:
        _contract(obs, L, ui, v)
    _opponents(obs, L, ui, v)
    return v


# ------------------------------------------------------------------ shared parts
def _hand_row(L: TableLayout) -> pygame.Rect:
    cw, ch = L.cw, L.ch
    return pygame.Rect(L.hand.x, L.hand.bottom - ch - 6 - int(cw * 0.07), L.hand.w, ch)


#: the hand's widest step between cards (a share of a card's width), and the hand whose
#: ends the fan's curve puts lowest (shorter hands lie flatter)
HAND_STEP, FAN_CARDS = 0.62, 11


def hand_xs(L: TableLayout, n: int) -> list[float]:
    """The x of each of ``n`` cards shown in the hand row, left to right (where a card
    drawn into the hand will put the others: the table's gap for it)."""
    return fan_positions(n, _hand_row(L), L.cw, L.cw * HAND_STEP)


def _hand(obs, L: TableLayout, ui: UIState, v: View, exclude=()) -> None:
    cards = [c for c in ui.hand_order if c in set(obs.hand) and c not in exclude]
    cw = L.cw
    row = _hand_row(L)
    xs = hand_xs(L, len(cards))
    # a gentle fan: the ends sit a little lower than the middle, on the curve of a full
    # hand (FAN_CARDS at their widest step) or of this one when it is spread wider; a
    # short hand lies all but flat (stretched over 3 or 4 cards the curve put the middle
    # ones 6 px above the ends: cards that looked left raised)
    mid = (xs[0] + xs[-1]) / 2 if xs else 0.0
    reach = max((xs[-1] - xs[0]) / 2 if xs else 0.0, (FAN_CARDS - 1) / 2 * cw * HAND_STEP, 1.0)
    for i, (c, x) in enumerate(zip(cards, xs)):
        t = (x - mid) / reach
        lift = -cw * 0.07 * t * t
        if c in ui.selected:
            lift += cw * 0.22
        elif c in ui.lift:
            lift += cw * 0.12
        v.placements.append(Placement(c, x, row.y, cw, c >> 3, z=1000 + i, group="hand",
                                      dim=c in ui.dim, lift=lift))
    v.zones["hand"] = L.hand.copy()
    v.seat_pos[L.human] = (L.hand.centerx - cw / 2, row.y)
    if getattr(obs, "dealer", None) == getattr(obs, "seat", -1):
        # the dealer's disc in the hand's box too, as on a seat's box (a tester could not
        # tell who dealt when it was the player)
        v.labels.append(_dealer_disc(L.hand, L.ui))


def _dealer_disc(box: pygame.Rect, u: float) -> Label:
    """The dealer's button at the top left of ``box`` (a seat's or the hand's): a small
    disc with one letter card players read as "dealer" (Д for дилер)."""
    badge = int(20 * u)
    # (7 px clear of the box's edges: at 5 px the disc sat on the hand box's gold border)
    inset = int(7 * u) + badge // 2
    # Translators: the dealer's button beside a seat's name: one letter
    return Label(pgettext("dealer button", "D"),
                 (box.x + inset, box.y + max(int(14 * u), inset)), 13, "center",
                 "dealer", width=badge)


def _opponents(obs, L: TableLayout, ui: UIState, v: View) -> None:
    ow = L.bw or L.ow
    oh = int(ow * CARD_RATIO)
    for s, r in L.opp.items():
        n = obs.hand_sizes[s] if obs.round else 0
        # (under the name plate: clear of it on the table, whose rows below have room)
        top = 30 if getattr(L, "last_row", False) else 26
        fan = pygame.Rect(r.x + 4, r.y + int(top * L.ui), r.w - 8, oh)
        xs = fan_positions(n, fan, ow, ow * 0.24)
        for i, x in enumerate(xs):
            v.placements.append(Placement(("opp", s, i), x, fan.y, ow, None, z=100 + i,
                                          group=f"opp:{s}"))
        v.seat_pos[s] = (fan.centerx - ow / 2, fan.y)
        turn = turn_seat(obs) == s
        u = L.ui
        # the seat's box (with 8 seats at 1024x640 it is 135 px wide, and the Russian and
        # Ukrainian words are longer): the name alone on the plate, the dealer as a round
        # "D" badge at its left, "down" as a tag lying on the cards, the cards and points
        # under them and the level (and "thinking…") on a row of their own
        badge = int(20 * u)
        v.labels.append(Label(seat_name(ui, s), (r.centerx, r.y), 15, "midtop",
                              "plate_hi" if turn else "plate", width=r.w - 2 * (badge + int(6 * u))))
        if s == obs.dealer:
            v.labels.append(_dealer_disc(r, u))
        if not is_layout_game(obs) and obs.round and obs.down[s]:
            # Translators: an opponent has gone down (laid the contract); on their cards
            # (on a row of its own under the level when the layout has one: the replay
            # viewer's face-up hands)
            row = getattr(L, "tag_row", False)
            pos = (r.centerx, r.bottom - int(2 * u)) if row else (r.centerx, fan.bottom - int(4 * u))
            v.labels.append(Label(_("down"), pos, 12, "midbottom", "role",
                                  width=r.w - (4 if row else 10)))
        bits = []
        if not is_layout_game(obs):
            if obs.totals and obs.results:
                # Translators: a seat's points so far in the game (its score: fewer is
                # better), after its card count ("10 cards · score 35"; testers read
                # "35 pts" and "total 35" as the value of the cards in the hand)
                bits.append(_("score {n}").format(n=obs.totals[s]))
        else:
            bits.append(_("{n} chips").format(n=_chips((ui.money or obs).balances[s])))
        row = count_row(n, bits)
        # (13 px; a final share's fraction, "3 карты · фишки: -99½", is a little wider
        # than an 8-seat box at 1024x640: 12 px, the level row's size, then; +2 for the shadow)
        size = 13 if text.width(row, 13) + 2 <= r.w - 2 else 12
        v.counts[s] = (len(v.labels), n, tuple(bits), r)
        v.labels.append(Label(row, (r.centerx, fan.bottom + int(3 * u)), size, "midtop",
                              "tag_hi" if ui.thinking == s else "tag", width=r.w - 2))
        move = ui.last_moves.get(s)
        if move is not None:
            # the seat's last move, kept until it moves again, on its cards' backs (two
            # lines at most: 8 seats at 1024x640 give a box 135 px wide), the newest lit
            # (a row of its own under the level when the layout has one: the table's)
            at = fan.bottom + int(41 * u) if getattr(L, "last_row", False) else fan.y + int(2 * u)
            v.labels.append(Label(move[0], (r.centerx, at), 12, "midtop",
                                  "last_hi" if move[1] else "last", width=r.w - int(8 * u)))
        lvl = ui.levels[s] if s < len(ui.levels) and ui.levels[s] else ""
        sub = [_(S.LEVELS.get(lvl, lvl))] if lvl else []
        if ui.thinking == s:
            sub.append(_("thinking…"))
        if sub:
            v.labels.append(Label(" · ".join(sub), (r.centerx, fan.bottom + int(23 * u)), 12, "midtop",
                                  "tag_hi" if ui.thinking == s else "text", color=(196, 214, 200),
                                  width=r.w - 2))
        v.boxes.append((r, "seat_hi" if turn else "seat"))


#: the fractions a final share makes (MG-11: the layout split among 3-8 players) as one
#: character each; others as superscript, fraction slash, subscript ("²⁄₇")
_VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
           (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 7): "⅐",
           (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _mixed(x: Fraction) -> str:
    """``abs(x)`` as a compact mixed number: ``99½``, ``3⅔``, ``²⁄₇`` (a seat's box at 8
    seats has no room for ``-99.50``; issue 7)."""
    whole, rest = divmod(abs(x.numerator), x.denominator)
    num, den = rest, x.denominator
    frac = _VULGAR.get((num, den)) or f"{num}".translate(_SUP) + "⁄" + f"{den}".translate(_SUB)
    return (str(whole) if whole else "") + frac


def _chips(x) -> str:
    """A balance with its sign: ``+3``, ``0``, ``-99½`` (a final share's fraction)."""
    x = Fraction(x)
    if x.denominator == 1:
        return f"{x.numerator:+d}" if x else "0"
    return ("+" if x > 0 else "-") + _mixed(x)


# ------------------------------------------------------------------ contract family
def _contract(obs, L: TableLayout, ui: UIState, v: View) -> None:
    cw = L.cw
    staged_ids = {c for g in ui.staged for c in g}
    _hand(obs, L, ui, v, exclude=staged_ids)
    # stock
    v.stock_pos = (L.stock.x, L.stock.y)
    v.discard_pos = (L.discard.x, L.discard.y)
    if obs.stock_size:
        depth = min(4, obs.stock_size)
        for i in range(depth - 1):
            v.placements.append(Placement(("stockbed", i), L.stock.x - (depth - 1 - i) * 2,
                                          L.stock.y - (depth - 1 - i) * 2, cw, None, z=10 + i,
                                          group="stockbed"))
        v.placements.append(Placement("stocktop", L.stock.x, L.stock.y, cw, None, z=20,
                                      group="stock"))
    v.boxes.append((L.stock, "pile"))
    v.boxes.append((L.discard, "pile"))
    v.zones["stock"] = L.stock.inflate(12, 12)
    v.zones["discard"] = L.discard.inflate(int(cw * 0.3), int(cw * 0.3))
    v.piles["stock"] = (len(v.labels), obs.stock_size)
    v.labels.append(Label(pile_tag("stock", obs.stock_size), (L.stock.centerx, L.stock.bottom + 6),
                          13, "midtop", "tag"))
    pile = obs.discard_pile
    below = pile[-3:-1]
    for i, c in enumerate(below):
        off = (len(below) - i) * 3
        v.placements.append(Placement(c, L.discard.x - off, L.discard.y - off, cw, c >> 3,
                                      z=30 + i, group="pilebed"))
    if obs.upcard is not None:
        v.placements.append(Placement(obs.upcard, L.discard.x, L.discard.y, cw,
                                      obs.upcard >> 3, z=40, group="upcard"))
    v.piles["discard"] = (len(v.labels), len(pile))
    v.labels.append(Label(pile_tag("discard", len(pile)), (L.discard.centerx, L.discard.bottom + 6),
                          13, "midtop", "tag"))
    # the melds being built (stage)
    mw = L.mw
    mh = int(mw * CARD_RATIO)
    st = L.stage
    v.zones["stage"] = st.copy()
    v.boxes.append((st, "stage"))
    u = L.ui
    x: float = st.x + 10
    y = st.y + int(22 * u)
    step = mw * 0.34
    for gi, g in enumerate(ui.staged):
        gw = mw + step * (len(g) - 1)
        r = pygame.Rect(int(x) - 4, y - 4, int(gw) + 8, mh + 8)
        v.zones[f"stage:{gi}"] = r
        # a group no cards make a set or run of the contract: red (and not counted)
        v.boxes.append((r, "group_bad" if gi in ui.bad_groups else "group"))
        for i, c in enumerate(g):
            v.placements.append(Placement(c, x + i * step, y, mw, c >> 3, z=500 + gi * 30 + i,
                                          group=f"stage:{gi}", lift=0))
            role = ui.roles.get(c)
            if role is not None:
                # on the card's lower edge (below it the tag was cut by the hand's panel)
                v.labels.append(Label(role_tag(role, ui.role_kinds.get(c, "run")),
                                      (x + i * step + 2, y + mh - 3), 11, "bottomleft", "role"))
        x += gw + mw * 0.4
    if not ui.staged:
        if not obs.hand:
            # gone out (or between deals): no card left to lay off or to build with
            txt = ""
        elif (obs.down[obs.seat] and obs.went_down_now
                and not VARIANTS[obs.variant].layoff_same_turn):
            txt = _("You went down this turn: lay off from your next turn on")
        elif obs.down[obs.seat]:
            txt = _("You are down: drop cards on a meld on the table to lay off")
        else:
            txt = _("Build your contract here: {contract}. Select cards and drag them here, or "
                    "press Suggest").format(contract=contract_name(obs.contract_terms))
        # (its lines centred on the area's middle, however many it wraps into)
        if txt:
            v.labels.append(Label(txt, (st.x + 12, st.centery), 15, "midleft", "hint",
                                  width=st.w - 24))
    else:
        ct = contract_name(obs.contract_terms)
        if ui.stage_note:
            # what the staged melds still lack (Go down is off until they could do)
            txt = ui.stage_note
            if ui.ambiguous:
                txt += "   ·   " + _("click a wild card (or press R) to change its role")
        else:
            txt = (_("Contract: {contract}   ·   click a wild card (or press R) to change its role")
                   if ui.ambiguous else _("Contract: {contract}")).format(contract=ct)
        v.labels.append(Label(txt, (st.x + 8, st.y + 3), 13, "topleft",
                              "tag_bad" if ui.bad_groups else "tag", width=st.w - 16))
    _table_melds(obs, L, ui, v)
    # a wild rank's cards (Mexican's rank rises every round, MX-3; Contract's deuces,
    # CR-3) wear a "wild" badge in the hand, the meld area (unless its role tag, "=7",
    # says it) and on the discard pile (the jokers are plainly wild)
    wr = obs.wild_ranks
    if wr:
        v.wild_cards = {p.key for p in v.placements
                        if p.face is not None and p.face != JOKER and FACE_RANK[p.face] in wr
                        and (p.group in ("hand", "upcard", "pilebed")
                             or (p.group.startswith("stage:") and p.key not in ui.roles))}


def _table_melds(obs, L: TableLayout, ui: UIState, v: View) -> None:
    R = L.melds
    owners: dict[int, list[int]] = {}
    for i, m in enumerate(obs.melds):
        owners.setdefault(m.owner, []).append(i)
    # blocks in the order their owners went down (their first meld's place in the list), so
    # a player going down later is added after the blocks already there, never before them
    order = sorted(owners, key=lambda s: owners[s][0])
    if not order:
        ui.meld_plan = None
        v.labels.append(Label(_("Melds go here"), (R.centerx, R.centery), 16, "center", "hint"))
        return
    lens = [len(m.cards) for m in obs.melds]
    key = (tuple(R), L.ui, obs.round, L.human, L.num_players)
    prev = ui.meld_plan
    if prev is not None and (prev["key"] != key or any(
            mi >= len(obs.melds) or obs.melds[mi].owner != s for mi, s in prev["owner"].items())):
        prev = None     # another deal, a resized window or an undo: lay the table out afresh
    plan = _keep_melds(prev, order, owners, lens, R, L.ui) if prev else None
    if plan is None:
        plan = _reflow_melds(prev, order, owners, lens, R, L)
    ui.meld_plan = plan
    plan["key"] = key
    mw = plan["mw"]
    mh = int(mw * CARD_RATIO)
    for s in order:
        lx, ly = plan["label"][s]
        v.labels.append(Label(_("Your melds") if s == L.human else seat_name(ui, s), (lx, ly), 13,
                              "topleft", "owner"))
        for mi in owners[s]:
            x, y = plan["pos"][mi]
            m = obs.melds[mi]
            step = mw * 0.42
            w = mw + step * (len(m.cards) - 1)
            r = pygame.Rect(int(x) - 3, int(y) - 3, int(w) + 6, mh + 6)
            v.melds[mi] = r
            v.zones[f"meld:{mi}"] = r.inflate(8, 8)
            rects = []
            for k, (c, role) in enumerate(zip(m.cards, m.roles)):
                cx = x + k * step
                v.placements.append(Placement(c, cx, y, mw, c >> 3, z=200 + mi * 40 + k,
                                              group=f"meld:{mi}"))
                rects.append((pygame.Rect(int(cx), int(y), int(step if k < len(m.cards) - 1 else mw),
                                          mh), c, role))
                if role is not None and (c >> 3 == JOKER or FACE_RANK[c >> 3] in obs.wild_ranks):
                    v.labels.append(Label(role_text(role, m.kind), (cx + 2, y + mh - 3), 11, "bottomleft", "role"))
            v.meld_cards[mi] = rects


def _meld_w(mw: int, n: int) -> float:
    return mw + mw * 0.42 * (n - 1)


def _reflow_melds(prev, order, owners, lens, R: pygame.Rect, L: TableLayout) -> dict:
    """Lays every block out afresh. With a previous plan (something no longer fits) it keeps
    that card size and tries more columns before it shrinks the cards; without one it picks
    the largest size that also leaves room for the players not yet down (as many blocks again
    as the largest one), so their going down does not move what is already there."""
    blocks = [(s, [(mi, lens[mi]) for mi in owners[s]]) for s in order]
    mw0 = max(L.mw, int(L.cw * 0.75))
    tries = []
    if prev is not None:
        start = min(prev["mw"], mw0)
        tries.append((blocks, [(mw, c) for mw in range(start, 25, -3)
                               for c in sorted((1, 2, 3), key=lambda c: (c < prev["cols"], c))]))
    else:
        big = max(blocks, key=lambda b: (len(b[1]), sum(n for _mi, n in b[1])))
        spare = [(None, [(None, n) for _mi, n in big[1]])] * (L.num_players - len(blocks))
        sizes = [(mw, c) for mw in range(mw0, 25, -3) for c in (1, 2, 3)]
        if spare:
            tries.append((blocks + spare, [(mw, c) for mw, c in sizes if mw >= L.mw * 0.8]))
        tries.append((blocks, sizes))
    for bl, sizes in tries:
        for mw, cols in sizes:
            plan = _fit_melds(bl, R, mw, cols, u=L.ui)
            if plan is not None:
                return plan
    return _fit_melds(blocks, R, 26, 3, force=True, u=L.ui)


def _fit_melds(blocks, R: pygame.Rect, mw: int, cols: int, force: bool = False,
               u: float = 1.0, plan: dict | None = None, col_of: dict | None = None):
    """Flows the blocks ``[(seat, [(meld index, cards)])]`` into ``cols`` columns, each
    block into the column that ends highest; with ``plan`` the new blocks are added below the
    ones already placed.  Returns the plan (card width, columns, each meld's and owner
    label's top-left) or None when it does not fit (``force``: it is returned anyway).
    ``col_of`` (seat -> column) keeps blocks in the columns they were in."""
    mh = int(mw * CARD_RATIO)
    colw = R.w // cols
    gap = int(mw * 0.3)
    if plan is None:
        plan = {"mw": mw, "cols": cols, "pos": {}, "label": {}, "owner": {}, "col": {}}
        heights = [0] * cols
    else:
        heights = list(plan["heights"])
    for s, items in blocks:
        col = col_of[s] if col_of and s in col_of else min(range(cols), key=lambda c: heights[c])
        x0 = R.x + col * colw
        y = R.y + heights[col]
        label = (x0, y)
        y += int(17 * u)
        x: float = x0
        for mi, n in items:
            w = _meld_w(mw, n)
            if w > colw and not force:
                return None     # wider than its column
            if x > x0 and x + w > x0 + colw - 6:
                x = x0
                y += mh + 14
            if mi is not None:
                plan["pos"][mi] = (x, y)
                plan["owner"][mi] = s
            x += w + gap
        y += mh + 16
        heights[col] = y - R.y
        if s is not None:
            plan["label"][s] = label
            plan["col"][s] = col
    if not force and max(heights) > R.h:
        return None
    plan["heights"] = heights
    return plan


def _keep_melds(prev, order, owners, lens, R: pygame.Rect, u: float):
    """The previous plan with the blocks of players who went down since added below it, or
    None when a meld that grew by lay-offs (or a new block) no longer fits where it is."""
    if any(mi not in prev["pos"] for s in order if s in prev["label"] for mi in owners[s]):
        return None     # a player down already laid a new meld: lay the table out afresh
    mw, cols = prev["mw"], prev["cols"]
    mh = int(mw * CARD_RATIO)
    plan: dict[str, Any] = {k: dict(prev[k]) for k in ("pos", "label", "owner", "col")}
    plan.update(mw=mw, cols=cols)
    # each column ends below the last block placed in it (its melds as they are now)
    heights = [0] * cols
    for s, c in plan["col"].items():
        bottom = max(plan["pos"][mi][1] for mi in owners[s]) + mh + 16 - R.y
        heights[c] = max(heights[c], bottom)
    plan["heights"] = heights
    new = [(s, [(mi, lens[mi]) for mi in owners[s]]) for s in order if s not in plan["label"]]
    kept = _fit_melds(new, R, mw, cols, u=u, plan=plan)
    if kept is not None and _melds_apart(kept, lens, R, mw, cols):
        return kept
    # a meld grew into its neighbour: the blocks flow again in the columns they were in
    # (only the melds after it in its block, and the blocks below it, move); a block that
    # no longer fits in its column goes to the column that ends highest, the others stay
    blocks = [(s, [(mi, lens[mi]) for mi in owners[s]]) for s in order]
    again = _keep_columns(blocks, R, mw, cols, prev["col"], u)
    if again is not None and _melds_apart(again, lens, R, mw, cols):
        return again
    return None


def _keep_columns(blocks, R: pygame.Rect, mw: int, cols: int, col_of: dict, u: float):
    """The blocks flowed top to bottom in the columns they were in (``col_of``); those that
    no longer fit there (a block above them grew a row), and new ones, then added below
    the others in the column that ends highest.  None when one fits nowhere."""
    plan = {"mw": mw, "cols": cols, "pos": {}, "label": {}, "owner": {}, "col": {},
            "heights": [0] * cols}
    moved = []
    for s, items in blocks:
        c = col_of.get(s)
        fit = None if c is None else _fit_melds([(s, items)], R, mw, cols, u=u,
                                                  plan=_plan_copy(plan), col_of={s: c})
        if fit is None:
            moved.append((s, items))
        else:
            plan = fit
    for b in moved:
        plan = _fit_melds([b], R, mw, cols, u=u, plan=plan)
        if plan is None:
            return None
    return plan


def _plan_copy(plan: dict) -> dict:
    out = dict(plan)
    for k in ("pos", "label", "owner", "col"):
        out[k] = dict(plan[k])
    out["heights"] = list(plan["heights"])
    return out


def _melds_apart(plan, lens, R: pygame.Rect, mw: int, cols: int) -> bool:
    """Every meld (grown or new) lies inside its column and the meld area and does not run
    into another meld."""
    mh = int(mw * CARD_RATIO)
    colw = R.w // cols
    rects = []
    for mi, (x, y) in plan["pos"].items():
        c = plan["col"][plan["owner"][mi]]
        r = pygame.Rect(int(x), int(y), int(_meld_w(mw, lens[mi])), mh)
        right = R.right if cols == 1 else R.x + (c + 1) * colw
        if r.right > right or r.bottom > R.bottom:
            return False
        rects.append(r)
    return all(a.collidelist(rects[i + 1:]) == -1 for i, a in enumerate(rects))


# ------------------------------------------------------------------ Michigan
CELL_NAMES = ("AH", "KC", "QD", "JS")


def _layout_game(obs, L: TableLayout, ui: UIState, v: View) -> None:
    from ...core.cards import parse_face
    cw = L.cw
    _hand(obs, L, ui, v)
    # the layout: four pay cells and the kitty, centred in the middle; each cell: the pay
    # card at the left, the amount over the chip stack at the right (the kitty: its title
    # over the amount and the stack), none on another (issue 7)
    M = L.middle
    y0 = M.y + 4
    money = ui.money or obs
    amounts = [_chips_plain(money.layout[name]) for name in CELL_NAMES] + [_chips_plain(money.kitty)]
    amt = [text.render_shadowed(t, 18, bold=True).get_size() for t in amounts]
    amt_h = max(h for _w, h in amt)
    title = text.render_shadowed(_(S.KITTY), 15, bold=True).get_size()
    col_w = max(CHIPS_W, max(w for w, _h in amt))
    cell_min_h = max(amt_h, title[1]) + CHIPS_H + 12
    # the played cards' row under the layout keeps cards at least PLAYED_MIN_W wide (their
    # index legible), and with large cards at least as wide as with medium ones: the pay
    # cells' cards give way first (issue 7)
    min_pw = int(PLAYED_MIN_W * L.ui)
    pw, ph, cell_h, area_top, rpw = _layout_rows(L, min_pw, cell_min_h)
    if L.scale > 1.0:
        from .layout import compute
        Lm = compute(L.size, L.num_players, L.human, layout_game=True, ui=L.ui, tag_row=L.tag_row,
                     last_row=L.last_row, small_backs=L.bw != L.ow)
        want = _layout_rows(Lm, min_pw, cell_min_h)[4]
        if want > rpw:
            pw, ph, cell_h, area_top, rpw = _layout_rows(L, want, cell_min_h)
    lw = max(pw, max(w for w, _h in amt[4:]))
    cell_w = 6 + lw + 6 + col_w + 6
    n_cells = 5
    gap = int(pw * 0.35)
    total = n_cells * cell_w + (n_cells - 1) * gap
    x0 = M.centerx - total // 2 + cw // 2
    for i in range(n_cells):
        r = pygame.Rect(x0 + i * (cell_w + gap), y0, cell_w, cell_h)
        v.boxes.append((r, "cell"))
        chips = money.layout[CELL_NAMES[i]] if i < 4 else money.kitty
        cx = r.right - 6 - col_w   # the right column: the amount over the chip stack
        v.chips.append((cx + 9, r.bottom - 10, int(chips)))
        if i < 4:
            f = parse_face(CELL_NAMES[i])
            v.placements.append(Placement(("cell", i), r.x + 6, r.y + 6, pw, f, z=5,
                                          group="cell"))
            v.labels.append(Label(amounts[i], (r.right - 6, r.y + 4), 18, "topright", "chip"))
            won = ui.pay_won.get(CELL_NAMES[i])
            if won is not None:
                # who took the cell this deal, and how many chips (MG-9), where its chip
                # stack was
                # Translators: a Michigan pay cell taken this deal: "Ann +4"
                v.labels.append(Label(_("{name} +{n}").format(name=seat_name(ui, won[0]), n=won[1]),
                                      (r.right - 4, r.bottom - 4), 13, "bottomright", "last_hi",
                                      width=col_w + 4))
        else:
            v.labels.append(Label(_(S.KITTY), (r.centerx, r.y + 4), 15, "midtop", "owner"))
            v.labels.append(Label(amounts[i], (r.x + 6, r.y + 4 + title[1]), 18, "topleft",
                                  "chip"))
        v.zones[f"cell:{i}"] = r
    # the widow (face down; face up once the deal is over), in its own box level with the
    # cells (lower down it met the rows of played cards with large cards or many seats)
    wr = pygame.Rect(L.stock.x, y0, int(max(cw * 1.6, pw + 36)) + 8, cell_h)
    wy = wr.y + 22
    v.stock_pos = (wr.x + 6, wy)
    wid_n = obs.hand_sizes and (52 - sum(obs.hand_sizes) - sum(len(p) for p in obs.played))
    v.boxes.append((wr, "pile"))
    if obs.widow is not None:
        xs = fan_positions(len(obs.widow), pygame.Rect(wr.x + 4, wy, wr.w - 8, ph), pw, pw * 0.3)
        for i, (c, x) in enumerate(zip(obs.widow, xs)):
            v.placements.append(Placement(c, x, wy, pw, c >> 3, z=60 + i, group="widow"))
    elif obs.round and wid_n:
        for i in range(min(wid_n, 12)):
            v.placements.append(Placement(("widow", i), wr.x + 6 + i * 3, wy + i * 0.5, pw,
                                          None, z=60 + i, group="widow"))
    v.labels.append(Label(_("Widow {n}").format(n=wid_n) if obs.round else _(S.WIDOW),
                          (wr.centerx, wr.y + 3), 13, "midtop", "tag", width=wr.w - 4))
    # played cards in front of their owners, smaller when the room above the meld area is
    # short (large cards, a small window), never under PLAYED_MIN_W: they end above the
    # chips' plate
    for s, r in L.opp.items():
        played = obs.played[s] if obs.round else ()
        _played_row(played, pygame.Rect(r.x, area_top, r.w, int(rpw * CARD_RATIO)), rpw, v, s)
    st = L.stage
    v.boxes.append((st, "stage"))
    played = obs.played[L.human] if obs.round else ()
    _played_row(played, pygame.Rect(st.x + 8, st.y + 20, st.w - 16, int(L.mw * CARD_RATIO)),
                L.mw, v, L.human)
    v.labels.append(Label(_("Your played cards"), (st.x + 8, st.y + 2), 13, "topleft", "tag"))
    # dropping a card anywhere above the hand leads it
    lead = pygame.Rect(M.x, M.y, M.w, st.bottom - M.y)
    v.zones["lead"] = lead


#: the room a pay cell's chip stack takes (at most three stacks of ten: see the table
#: scene's ``_chip_rect``)
CHIPS_W, CHIPS_H = 2 * 18 + 19, 9 * 4 + 11


def _layout_rows(L: TableLayout, want: int, cell_min_h: int):
    """Michigan's pay cells and the played cards' row under them, for played cards
    ``want`` px wide when there is room: the pay cards' width and height, the cells'
    height, the row's top and the played cards' width."""
    y0 = L.middle.y + 4
    want_h = int(want * CARD_RATIO)
    room = L.stage.y - 28 - 12 - want_h - y0 - 26
    pw = max(int(30 * L.ui), min(L.mw, int(room / CARD_RATIO)))
    ph = int(pw * CARD_RATIO)
    cell_h = max(ph + 26, cell_min_h)   # (the widow's box too: its tag over its cards)
    area_top = y0 + cell_h + 12
    row_h = min(int(L.mw * CARD_RATIO), L.stage.y - 28 - area_top)
    rpw = max(int(PLAYED_MIN_W * L.ui), min(L.mw, int(row_h / CARD_RATIO)))
    return pw, ph, cell_h, area_top, rpw


#: the share of a card's width its index corner (rank over suit, the large index too)
#: needs uncovered when cards overlap in a row
INDEX_SHARE = 0.45


def _played_row(played, row: pygame.Rect, pw: int, v: View, s: int) -> None:
    """A seat's played cards in a row, overlapping but each one's index corner uncovered;
    when that does not fit, the newest that do, the older ones stacked under the oldest
    of them and counted ("+5") at the row's left end."""
    if not played:
        return
    n = len(played)
    step = pw * INDEX_SHARE
    hidden = 0
    if n > 1 and (row.w - pw) / (n - 1) < step:
        lab_w = int(pw * 0.8)
        row = pygame.Rect(row.x + lab_w, row.y, row.w - lab_w, row.h)
        hidden = n - max(1, 1 + int((row.w - pw) // step))
        v.labels.append(Label(f"+{hidden}", (row.x - 4, row.y + int(pw * 0.35)), 14,
                              "midright", "tag"))
    xs = fan_positions(n - hidden, row, pw, pw * 0.55)
    xs = [xs[0]] * hidden + xs
    for i, (c, x) in enumerate(zip(played, xs)):
        v.placements.append(Placement(c, x, row.y, pw, c >> 3, z=300 + i, group=f"played:{s}"))


def _chips_plain(x) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return ("-" if x < 0 else "") + _mixed(x)


def suit_word(s: int) -> str:
    return SUIT_SYMBOLS[s]


__all__ = ["UIState", "View", "Label", "present", "is_layout_game", "FACE_SUIT"]
