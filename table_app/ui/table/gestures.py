"""Mouse input at the table: a drag or a click turned into a candidate action.

A press on a card picks it up (``DragController``); while it is dragged the places that
would take it light up and the hand makes way where it would go; the release drops it:
``candidate`` says what the drop means, ``drop_action`` makes it.  A candidate is
``("engine", action)`` (the session applies it: the engine accepts it or refuses it with
its rule id, and the cards glide back), ``("ui", fn)`` (an arrangement of the hand or the
meld area: nothing the rules see), or ``("error", text)`` (refused here, with the rule
id).  The keys (``keyboard.TableKeys``) make their actions through the same
``drop_action``, so mouse and keys are checked alike.

``Gestures(table)`` reads of the table scene: ``session``, ``engine``, ``human``, ``ui``,
``hand`` (``Arrangement``), ``obs``, ``view``, ``L``, ``layer``, ``keys`` (the focus),
``app``, ``caught_up()``; and acts through ``act(action)``, ``say(text, bad=)`` and
``refresh()``.  The role chooser (which role a wild plays, CF-3) is part of it.
"""
from __future__ import annotations

from typing import Any

import pygame

from ...core.actions import Discard, Draw, LayOff, Lead, PassUpcard, Swap
from ...core.cards import FACE_RANK, JOKER
from ...core.melds import layoff_roles, swap_index
from ...i18n import _, rule_reason
from . import text
from .drag import Drag, DragController
from .felt import box, glow
from .keyboard import RING_REACH
from .layoffs import plan_drop
from .meldhelp import decl_pretty, readings
from .presenter import PILE_OF_GROUP, hand_xs
from .sprites import gap_shifts

#: the sprite groups a press picks up (and the meld area's groups, ``stage:N``)
DRAGGABLE = ("hand", "stock", "upcard")
#: two clicks on one hand card within this many milliseconds discard it (a double-click)
DOUBLE_CLICK_MS = 400


def run_rank(role, m) -> int:
    """The rank a role plays in run ``m`` (an ace low in a run from the bottom)."""
    r = FACE_RANK[role]
    if r == 14 and m.rank <= 2:
        return 1
    return r


class Gestures:
    """The table's mouse input.  ``lit``: the places lit for the card being dragged
    (zone -> True); ``hovered``: the hand card under the mouse; ``chooser``: the open
    role chooser ``(group, readings, Rect)`` or ``None``."""

    def __init__(self, table) -> None:
        self.t = table
        self.dragger = DragController()
        self.lit: dict = {}
        self.hovered = None
        self.chooser: Any = None  # the wild's role chooser: (stage group, readings, Rect)
        self._last_click: tuple[int, int] | None = None  # (card, pygame ticks) of the last click on a hand card
        self.hovered_meld = None    # the table meld under the mouse (``meldfan``)

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        """A mouse event; whether it was used (a press on nothing is not)."""
        t = self.t
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            t.keys.focus_shown = False   # the mouse is in use: no keyboard outline
            return self.mouse_down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if self.dragger.drag is not None:
                if self.dragger.motion(event.pos, t.layer.sprites):
                    self.light_targets()
                self.raise_hand()   # over the hand, the hand makes way for the cards
                return True
            # the hand card under the mouse is drawn over its neighbours (its face whole)
            self.raise_hand()
            s = t.layer.at(event.pos, lambda s: s.group == "hand")
            self.hovered = s.key if s is not None else None
            v = t.view
            self.hovered_meld = None if v is None or s is not None else next(
                (mi for mi, r in v.melds.items() if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.mouse_up(event.pos)
        return False

    def cancel(self) -> None:
        """Put a card being dragged back (a key, a scene over the table)."""
        self.dragger.cancel(self.t.layer.sprites)

    @property
    def dragging(self) -> bool:
        return self.dragger.drag is not None

    def held(self) -> dict:
        """The cards a drag holds off a pile (pile name -> cards: the upcard or the
        stock's top card on its way to the hand), for the piles' labels
        (``presenter.held_labels``); ``{}`` when no drag is under way."""
        d = self.dragger.drag
        pile = PILE_OF_GROUP.get(d.group) if d is not None and d.moved else None
        return {pile: len(d.keys)} if pile is not None and d is not None else {}

    def mouse_down(self, pos) -> bool:
        t = self.t
        if self.dragger.drag is not None:
            return True
        # (the hand's raised card and gap as last drawn: the click goes to what shows)
        if self.chooser_click(pos):
            return True
        s = t.layer.at(pos, lambda s: s.group in DRAGGABLE or s.group.startswith("stage:"))
        if s is None:
            return False
        keys = [s.key]
        if s.group == "hand" and s.key in t.ui.selected and not t.session.spec.layout:
            keys = [s.key] + [c for c in t.ui.hand_order if c in t.ui.selected and c != s.key]
        self.dragger.press(keys, s.group, pos, t.layer.sprites)
        return True

    def mouse_up(self, pos) -> bool:
        t = self.t
        d = self.dragger.release(pos, t.layer.sprites)
        if d is None:
            return False
        self.lit = {}
        if not d.moved:
            self.click(d)
        else:
            # the gap opened for the dragged cards closes: the new placements take over
            t.layer.set_shift({})
            zone = self.zone_at(pos)
            if zone is not None:
                self.drop_action(d, zone, pos)
        t.refresh()
        return True

    def click(self, d) -> None:
        """A press and release in place: a hand card is picked up or put back (Michigan:
        led), a second click on it within ``DOUBLE_CLICK_MS`` discards it (a double-click:
        the engine accepts the discard or refuses it with its reason), the stock or the
        upcard drawn, a wild in the meld area asks its role."""
        t = self.t
        key = d.keys[0]
        if d.group == "hand":
            if t.session.spec.layout:
                t.act(Lead(t.human, key >> 3))
                return
            now = pygame.time.get_ticks()
            last, self._last_click = self._last_click, (key, now)
            if last is not None and last[0] == key and now - last[1] <= DOUBLE_CLICK_MS:
                self._last_click = None
                t.ui.selected.discard(key)       # (the first click picked it up)
                self.drop_action(Drag([key], "hand", d.pos), "discard", d.pos)
                return
            if key in t.ui.selected:
                t.ui.selected.discard(key)
            else:
                t.ui.selected.add(key)
            return
        if d.group in ("stock", "upcard"):
            self.drop_action(d, "hand", d.pos)
            return
        if d.group.startswith("stage:"):
            gi = int(d.group.split(":")[1])
            f = key >> 3
            if f == JOKER or FACE_RANK[f] in t.obs.wild_ranks:
                rs = readings([x >> 3 for x in t.ui.staged[gi]], t.obs.wild_ranks)
                if len(rs) > 1:
                    self.open_chooser(gi, rs)
                    return
            t.ui.staged[gi].remove(key)

    # ------------------------------------------------------------------ where a drop goes
    def zone_at(self, pos) -> str | None:
        """The drop zone at ``pos``: a table meld, a staged group, then the piles, the
        meld area, Michigan's lead and the hand."""
        z = self.t.view.zones
        order = [k for k in z if k.startswith("meld:")] + [k for k in z if k.startswith("stage:")] + \
            ["discard", "stock", "stage", "lead", "hand"]
        for k in order:
            if k in z and z[k].collidepoint(pos):
                return k
        return None

    def index_at(self, order, x) -> int:
        """Where in ``order`` (hand cards) a card dropped at ``x`` goes: just before the
        first card shown in the hand row whose middle is right of ``x``.  Cards of
        ``order`` shown elsewhere (staged in the meld area) don't count: they made a drop
        at the left of the hand land one place further right per staged card.  The
        cards' own places count, not where a gap opened for a dragged card moved them
        (``drag_gap``: the gap would otherwise move the drop, and the drop the gap)."""
        layer = self.t.layer
        sp = layer.sprites
        for j, c in enumerate(order):
            s = sp.get(c)
            if s is None or s.group != "hand":
                continue
            x0, _y, w = layer.home(c) or (s.tx, s.ty, s.tw)
            if x0 + w / 2 >= x:
                return j
        return len(order)

    def candidate(self, d, zone, pos):
        """``("engine", action)``, ``("ui", fn)``, ``("error", text)`` or ``None`` for a
        drop of drag ``d`` on ``zone`` at ``pos``."""
        t = self.t
        h = t.human
        src = d.group
        keys = d.keys
        phase = t.session.human_to_act() if t.caught_up() else None
        if src in ("stock", "upcard"):
            if zone != "hand":
                return None
            if src == "upcard":
                return ("engine", Draw(h, "discard"))
            legal = t.engine.legal_actions() if phase else []
            if any(isinstance(a, PassUpcard) for a in legal):
                return ("engine", PassUpcard(h))
            return ("engine", Draw(h, "stock"))
        if src.startswith("stage:"):
            gi = int(src.split(":")[1])
            if zone == "hand":
                return ("ui", lambda: t.hand.unstage(keys))
            if zone.startswith("stage"):
                tgt = int(zone.split(":")[1]) if ":" in zone else None
                if tgt == gi:
                    return None
                return ("ui", lambda: t.hand.stage(keys, tgt))
            return None
        if src != "hand":
            return None
        face = keys[0] >> 3
        if zone == "hand":
            return ("ui", lambda: t.hand.reorder(
                keys, self.index_at([c for c in t.ui.hand_order if c not in keys], pos[0])))
        if t.session.spec.layout:
            if zone in ("lead",) or zone.startswith("cell"):
                return ("engine", Lead(h, face))
            return None
        if zone == "discard":
            if len(keys) > 1:
                return ("error", _("Discard one card at a time (CF-11)"))
            return ("engine", Discard(h, face))
        if zone == "stage" or zone.startswith("stage:"):
            if t.obs.down[h]:
                return ("error", _("You have already gone down: lay off on the table's melds (CF-7)"))
            tgt = int(zone.split(":")[1]) if ":" in zone else None
            return ("ui", lambda: t.hand.stage(keys, tgt))
        if zone.startswith("meld:"):
            mi = int(zone.split(":")[1])
            if len(keys) > 1:
                return self.layoff_many(mi, keys, pos)
            return ("engine", self.layoff_or_swap(mi, keys[0], pos))
        return None

    def layoff_many(self, mi, keys, pos):
        """Several cards dropped on table meld ``mi``: ``("engine", (LayOff, ...))``, the
        one-card lay-offs (CF-8) in an order the rules take them all (``layoffs.plan_drop``:
        8♥ before 9♥; a wild's role at the end the drop is nearer), applied together as one
        decision; or ``("error", reason)``: the rules' refusal of the card that does not go
        on (nothing is laid off)."""
        t = self.t
        rect = t.view.melds.get(mi) if t.view is not None else None
        low = rect is not None and pos[0] < rect.centerx
        acts, err = plan_drop(t.engine.rules, t.engine.state, t.human,
                              [k >> 3 for k in keys], mi, low_first=low)
        if acts is None:
            return ("error", rule_reason(err))
        return ("engine", tuple(acts))

    def layoff_or_swap(self, mi, card, pos):
        """The action of ``card`` dropped on table meld ``mi`` at ``pos``: a natural card
        on the wild it stands for swaps it (Contract, CR-7); else a lay-off at the end
        the drop is nearer (a run's low or high end), the role a wild takes there."""
        t = self.t
        h = t.human
        m = t.obs.melds[mi]
        f = card >> 3
        wr = t.obs.wild_ranks
        swaps = t.session.spec.swap  # natural cards replace wilds in runs (CR-7)
        if swaps and m.kind == "run" and f != JOKER and swap_index(m, f) is not None:
            # a natural card dropped on the wild it stands for swaps it (CR-7)
            for r, _c, role in t.view.meld_cards.get(mi, []):
                if role is not None and r.collidepoint(pos):
                    return Swap(h, mi, f)
        roles = layoff_roles(m, f, wr)
        if not roles:
            if swaps and swap_index(m, f) is not None:
                return Swap(h, mi, f)
            return LayOff(h, mi, f, None)
        if None in roles:
            return LayOff(h, mi, f, None)
        if len(roles) == 1 or m.kind == "set":
            return LayOff(h, mi, f, roles[0])
        rect = t.view.melds.get(mi)
        low = rect is not None and pos[0] < rect.centerx
        ordered = sorted(roles, key=lambda r: run_rank(r, m))
        return LayOff(h, mi, f, ordered[0] if low else ordered[-1])

    def drop_action(self, d, zone, pos) -> None:
        """Make the drop of ``d`` on ``zone``: say a refusal, arrange, or apply the
        action (only once the table has caught up; a card drawn into the hand lands
        where it was dropped; passing the upcard declares for the stock, which is drawn
        once the others had their chance: ``want_stock``)."""
        t = self.t
        cand = self.candidate(d, zone, pos)
        if cand is None:
            return
        kind, what = cand
        if kind == "error":
            t.say(what, bad=True)
            return
        if kind == "ui":
            what()
            return
        if not t.caught_up():
            t.say(_("Wait: the table is still moving"), bad=True)
            return
        if d.group in ("stock", "upcard") and zone == "hand" and d.moved:
            t.hand.drop_x = pos[0]    # the drawn card lands there (``Arrangement.arrange``)
        if isinstance(what, PassUpcard):
            if t.act(what):
                t.want_stock = True
            else:
                t.hand.drop_x = None
            return
        if not t.act(what):
            t.hand.drop_x = None

    def light_targets(self) -> None:
        """The places that would take the card being dragged (a legal drop, or an
        arrangement) light up."""
        t = self.t
        d = self.dragger.drag
        assert d is not None  # called while a card is dragged
        lit = {}
        for zone, r in t.view.zones.items():
            if zone == "hand" and d.group == "hand":
                continue
            cand = self.candidate(d, zone, r.center)
            if cand is None or cand[0] == "error":
                continue
            if cand[0] == "ui":
                lit[zone] = True
            elif t.caught_up() and t.session.human_to_act():
                a = cand[1]
                if isinstance(a, tuple):
                    lit[zone] = True      # lay-offs planned on the rules: all legal
                    continue
                if isinstance(a, LayOff) and not a.role and a.card == JOKER:
                    continue
                ok = t.engine.is_legal(a)
                if not ok and isinstance(a, (LayOff, Swap)):
                    ok = any(x.meld == a.meld and x.card == a.card for x in t.engine.legal_actions()
                             if isinstance(x, (LayOff, Swap)))
                if ok:
                    lit[zone] = True
        self.lit = lit

    # ------------------------------------------------------------------ the hand makes way
    def raise_hand(self) -> None:
        """The one hand card with the keyboard focus is drawn over its right-hand
        neighbour, its face whole (``layer.raised``, the drawing and hit order), and the
        cards right of it make way (``layer.shift``, gliding) so that neighbour's index
        corner still shows: every card stays known.  Selected and lifted cards are not
        raised (several at once would hide several neighbours' indexes), and neither is
        the card under the mouse: nothing in the hand moves under the pointer, so cards
        clicked in quick succession where they were seen are the cards picked (when the
        hovered card was raised and the hand made way, a quick second click landed on the
        card before).  While hand cards are dragged over the hand, the hand makes way
        for them instead (``drag_gap``)."""
        t = self.t
        layer = t.layer
        gap = self.drag_gap()
        if gap is not None:
            layer.raised = {}
            layer.set_shift(gap)
            return
        top = None
        keys = t.keys
        if keys.focus_shown and keys.focus_zone == "hand" and t.view is not None:
            top = keys.focused()
        v = t.view
        row = [(p.key, p.x) for p in v.placements if p.group == "hand"] if v is not None else []
        if top is None or top not in dict(row):
            layer.raised = {}
            layer.set_shift({})
            return
        layer.raised = {top: 200}
        p = next(p for p in v.placements if p.key == top)
        app = t.app
        st = getattr(app, "settings", None) if app is not None else None
        large = bool(getattr(st, "large_index", False))
        art: Any = getattr(app, "art", None) if app is not None else None
        ir = art.index_rect(p.face, int(round(p.w)), large) if hasattr(art, "index_rect") \
            else pygame.Rect(0, 0, int(p.w * 0.3), int(p.w * 0.4))
        hand = t.L.hand
        # (the focus outline drawn round it covers RING_REACH px of the neighbour)
        layer.set_shift(gap_shifts(row, top, p.w, ir.right + 2, hand.x, hand.right,
                                   pad=RING_REACH))

    def drag_gap(self) -> dict | None:
        """While cards picked up from the hand, or a card drawn by dragging it from the
        stock or the discard pile, are dragged over the hand, the sideways shifts (key ->
        px) that move the hand's cards to where they will be once the cards are dropped
        there: the gap opens where the drop puts them (``index_at``, the drop's own
        index, staged cards not counted; a drawn card: the hand one card longer) and the
        cards glide aside as the pointer moves.  A drawn card opens it only when the
        draw would be taken (the hand lit as its target): a refused one snaps back with
        the hand in place.  ``None`` when no such drag is over the hand (hovering moves
        nothing)."""
        t = self.t
        d = self.dragger.drag
        v = t.view
        if d is None or not d.moved or d.group not in ("hand", "stock", "upcard") or v is None:
            return None
        if self.zone_at(d.pos) != "hand":
            return None
        row = [p for p in v.placements if p.group == "hand"]   # in hand order, left to right
        if d.group == "hand":
            slots = [p.x for p in row]
        elif self.lit.get("hand"):
            slots = hand_xs(t.L, len(row) + 1)   # the drawn card joins the row
        else:
            return None
        keys = list(d.keys)
        others = [c for c in t.ui.hand_order if c not in keys]
        i = self.index_at(others, d.pos[0])
        home = {p.key: p.x for p in row}
        after = [c for c in others[:i] + keys + others[i:] if c in home or c in keys]
        if len(after) != len(slots):
            return None
        return {c: x - home[c] for c, x in zip(after, slots) if c in home}

    # ------------------------------------------------------------------ the role chooser
    def open_chooser(self, gi: int, rs) -> None:
        """Ask which reading of staged group ``gi`` (an ambiguous wild, CF-3) is meant."""
        t = self.t
        r = t.view.zones.get(f"stage:{gi}")
        rows = [decl_pretty(d) for d in rs[:8]]
        w = max([text.render(s, 15).get_width() for s in rows]
                + [text.render(_("Which role for the wild?"), 13, bold=True).get_width()]) + 28
        h = 30 + 26 * len(rows)
        x = r.x if r else t.L.stage.x
        y = (r.y if r else t.L.stage.y) - h - 6
        self.chooser = (gi, rs[:8], pygame.Rect(x, max(40, y), w, h))

    def chooser_click(self, pos) -> bool:
        """A click while the chooser is open: a row declares that reading; anywhere
        closes it."""
        t = self.t
        ch = self.chooser
        if ch is None:
            return False
        gi, rs, r = ch
        self.chooser = None
        if r.collidepoint(pos):
            i = (pos[1] - r.y - 26) // 26
            if 0 <= i < len(rs) and gi < len(t.hand.picks):
                t.hand.picks[gi] = i
                t.say(_("Declared: {meld}").format(meld=decl_pretty(rs[i])))
        t.refresh()
        return True

    # ------------------------------------------------------------------ drawing
    def lit_key(self) -> tuple:
        """What ``draw_lit`` draws, as a hashable (the board keeps its still part by it)."""
        if not self.dragger.active:
            return ()
        zones = self.t.view.zones
        return tuple((zone, tuple(zones[zone])) for zone in self.lit
                     if zone in zones and zone != "hand")

    def draw_lit(self, surf) -> None:
        """The places lit for the card being dragged."""
        if not self.dragger.active:
            return
        zones = self.t.view.zones
        for zone, _ok in self.lit.items():
            r = zones.get(zone)
            if r is not None and zone not in ("hand",):
                glow(surf, r)

    def draw_chooser(self, surf) -> None:
        ch = self.chooser
        if ch is None:
            return
        t = self.t
        gi, rs, r = ch
        box(surf, r, "buy")
        surf.blit(text.render(_("Which role for the wild?"), 13, (250, 236, 170), bold=True),
                  (r.x + 12, r.y + 6))
        cur = t.hand.picks[gi] % len(rs) if gi < len(t.hand.picks) else 0
        mx, my = t.app.mouse_pos()
        for i, d in enumerate(rs):
            row = pygame.Rect(r.x + 6, r.y + 26 + 26 * i, r.w - 12, 24)
            if i == cur or row.collidepoint(mx, my):
                pygame.draw.rect(surf, (90, 70, 20) if i == cur else (60, 60, 40), row, border_radius=6)
            surf.blit(text.render(decl_pretty(d), 15, (245, 245, 235)), (row.x + 8, row.y + 2))


__all__ = ["Gestures", "DRAGGABLE", "run_rank"]
