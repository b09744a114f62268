"""The player's hand as arranged and the melds being built in the meld area.

``Arrangement`` keeps what the player arranged that the rules do not know: the hand's
order (``ui.hand_order``, card ids left to right) and its sort mode, the groups staged
in the meld area (``ui.staged``) and, for each, the reading picked for an ambiguous wild
(``picks``, CF-3).  After every change of the shown Observation, ``arrange`` keeps the
order of the cards still in hand and puts the new ones in place; ``read`` works out how
each staged group would be melded (its roles, what the contract still lacks).  Going down
takes the groups as declarations (``declarations``).  No pygame here.
"""
from __future__ import annotations

from ...core.actions import GoDown, MeldDecl
from ...core.cards import FACE_RANK, FACE_SUIT, JOKER
from .meldhelp import (
    contract_shortfall,
    group_state,
    meld_fault,
    meld_order,
    readings,
    roles_by_card,
)
from .presenter import is_layout_game

#: the suits' order when sorting by suit: colours alternate (♠ ♥ ♣ ♦, the joker last)
SUIT_ORDER = {0: 0, 1: 1, 3: 2, 2: 3, -1: 4}


def sort_cards(cards, mode: str) -> list:
    """``cards`` (ids) sorted by ``mode``: ``"rank"`` (ranks up, the joker last) or
    ``"suit"`` (suits in ``SUIT_ORDER``, ranks up in each)."""
    if mode == "rank":
        return sorted(cards, key=lambda c: (FACE_RANK[c >> 3] if c >> 3 != JOKER else 99,
                                            FACE_SUIT[c >> 3], c))
    return sorted(cards, key=lambda c: (SUIT_ORDER[FACE_SUIT[c >> 3]], FACE_RANK[c >> 3], c))


class Arrangement:
    """The hand's order and the meld area of the presenter's state ``ui``.

    Attributes:
        sort_mode: ``"suit"``, ``"rank"`` or ``""`` (arranged by hand: new cards go at
            the right end);
        chosen: the sort the player chose last (the Sort buttons): a new deal's hand
            arrives sorted so, also when the last hand was arranged by hand (#19);
        picks: per staged group, the index of the reading chosen for its wilds;
        drop_x: where (px) a card dragged from the stock or the discard pile was dropped
            in the hand: the drawn card goes there (``arrange``), ``None`` otherwise.
    """

    def __init__(self, ui) -> None:
        self.ui = ui
        self.sort_mode = "suit"
        self.chosen = "suit"
        self.picks: list[int] = []
        self.drop_x: float | None = None

    # ------------------------------------------------------------------ the hand's order
    def sorted(self, cards) -> list:
        return sort_cards(cards, self.sort_mode)

    def sort(self, mode: str) -> None:
        """Sort the hand by ``mode`` (the Sort buttons)."""
        self.sort_mode = self.chosen = mode
        self.ui.hand_order = self.sorted(self.ui.hand_order)

    def _insert_sorted(self, order: list, c) -> None:
        if self.sort_mode:
            srt = self.sorted(order + [c])
            order.insert(srt.index(c), c)
        else:
            order.append(c)

    def arrange(self, hand, index_at) -> None:
        """The hand's order for the cards ``hand`` now held: the cards kept stay where
        they were; a card drawn by dragging it into the hand goes where it was dropped
        (``drop_x``; ``index_at(order, x)`` is the place a drop at ``x`` makes); a few
        new cards go to their sorted places, many (a new deal) are sorted whole.  The
        picked-up cards and the staged groups keep only cards still held."""
        ui = self.ui
        hs = set(hand)
        order = [c for c in ui.hand_order if c in hs]
        new = [c for c in hand if c not in set(order)]
        if new and self.drop_x is not None:
            # a card dragged from the stock or the discard pile into the hand goes where it
            # was dropped, as a card moved within the hand does (``reorder``)
            drop_x, self.drop_x = self.drop_x, None
            if len(new) == 1 and order:
                i = index_at(order, drop_x)
                order = order[:i] + new + order[i:]
                new = []
                self.sort_mode = ""
        if not order and new:
            # a new deal: sorted as the player chose last (arranged by hand, it stays so)
            order = sort_cards(new, self.sort_mode or self.chosen)
        elif len(new) > 3:
            order = order + new
            order = self.sorted(order) if self.sort_mode else order
        else:
            for c in new:
                self._insert_sorted(order, c)
        ui.hand_order = order
        ui.selected &= hs
        # staged groups keep only cards still in hand
        staged, picks = [], []
        for g, p in zip(ui.staged, self.picks + [0] * len(ui.staged)):
            g2 = [c for c in g if c in hs]
            if g2:
                staged.append(g2)
                picks.append(p)
        ui.staged, self.picks = staged, picks

    def reorder(self, keys, i: int) -> None:
        """Move the cards ``keys`` to place ``i`` of the hand without them (a drag within
        the hand): the hand is arranged by hand from now on."""
        order = [c for c in self.ui.hand_order if c not in keys]
        self.ui.hand_order = order[:i] + list(keys) + order[i:]
        self.sort_mode = ""

    def swap(self, c, other) -> None:
        """Swap two hand cards (Shift+Left/Right moves the focused card one place)."""
        order = list(self.ui.hand_order)
        a, b = order.index(c), order.index(other)
        order[a], order[b] = order[b], order[a]
        self.ui.hand_order = order
        self.sort_mode = ""

    # ------------------------------------------------------------------ the meld area
    def clear(self) -> None:
        """Take every card being built back into the hand."""
        self.ui.staged, self.picks = [], []

    def unstage(self, keys) -> None:
        """Take the cards ``keys`` out of the groups being built."""
        for g in self.ui.staged:
            for k in keys:
                if k in g:
                    g.remove(k)

    def stage(self, keys, tgt: int | None) -> None:
        """Put the cards ``keys`` in group ``tgt`` of the meld area (``None`` or past the
        last: a new group); they are no longer picked up."""
        self.unstage(keys)
        self.ui.staged = [g for g in self.ui.staged]
        if tgt is not None and tgt < len(self.ui.staged):
            self.ui.staged[tgt].extend(keys)
        else:
            self.ui.staged.append(list(keys))
            self.picks.append(0)
        self.ui.selected -= set(keys)

    def take_back(self, gi: int) -> None:
        """Group ``gi`` back into the hand (the groups after it move up)."""
        self.unstage(list(self.ui.staged[gi]))
        self.ui.staged = [g for g in self.ui.staged if g]
        self.picks = self.picks[:len(self.ui.staged)]

    def read(self, obs) -> None:
        """Each staged group as it would be melded: its reading (the one picked, CF-3),
        the wilds' roles (``ui.roles``, ``ui.role_kinds``), the ambiguous groups, the
        groups no cards make a set or run of the contract (``ui.bad_groups``: marked red,
        not counted; ``meldhelp.group_state``), and what the contract still lacks
        (``ui.stage_note``: Go down waits until the groups make it)."""
        ui = self.ui
        ui.roles = {}
        ui.role_kinds = {}
        ui.ambiguous = set()
        ui.stage_note = ""
        ui.bad_groups = set()
        if is_layout_game(obs):
            return
        for gi, g in enumerate(ui.staged):
            rs = readings([c >> 3 for c in g], obs.wild_ranks)
            if len(rs) > 1:
                ui.ambiguous.add(gi)
            d = rs[self.picks[gi] % len(rs)] if rs else None
            # shown as it would be melded: a run by rank (wilds in their roles' places),
            # a set by suit, not in the order the cards were dragged in
            g[:] = meld_order(g, d, obs.wild_ranks)
            if d is not None:
                rc = roles_by_card(g, d)
                ui.roles.update(rc)
                ui.role_kinds.update(dict.fromkeys(rc, d.kind))
        # (judged in the order shown)
        if ui.staged and obs.round and not obs.down[obs.seat]:
            from ...variants.specs import SPECS
            spec = SPECS.get(getattr(obs, "variant", ""))
            groups = [[c >> 3 for c in g] for g in ui.staged]
            states = [group_state(g, obs.wild_ranks, obs.contract, spec, obs.round,
                                  obs.contract_terms, self.picks[gi] if gi < len(self.picks) else 0)
                      for gi, g in enumerate(groups)]
            ui.bad_groups = {gi for gi, gs in enumerate(states) if gs.status == "bad"}
            ui.stage_note = contract_shortfall(groups, obs.contract, obs.contract_terms,
                                               obs.wild_ranks, self.picks, spec, obs.round,
                                               states=states) or ""

    def declarations(self, seat: int, wild_ranks) -> GoDown:
        """The staged groups as a go-down of ``seat``: each group's picked reading (a
        group with no reading as a set, for the rules to refuse with its reason)."""
        decls = []
        for gi, g in enumerate(self.ui.staged):
            rs = readings([c >> 3 for c in g], wild_ranks)
            if rs:
                decls.append(rs[self.picks[gi] % len(rs)])
            else:
                decls.append(MeldDecl("set", tuple(c >> 3 for c in g), (None,) * len(g)))
        return GoDown(seat, tuple(decls))

    def faults(self, wild_ranks, contract) -> list[str]:
        """The reasons (each with its rule id) of the staged groups that are no valid set
        or run; every group stays staged (a refused go-down keeps the melds being built,
        to be mended there)."""
        bad = []
        for gi, g in enumerate(self.ui.staged):
            why = meld_fault([c >> 3 for c in g], wild_ranks,
                             self.picks[gi] if gi < len(self.picks) else 0, contract)
            if why is not None:
                bad.append(why)
        return bad

    def fill(self, go_down: GoDown, wild_ranks) -> None:
        """Stage the melds of ``go_down`` (the Suggest button) with the hand's cards of
        their faces, each group's reading the one it declares."""
        used: set = set()
        groups, picks = [], []
        hand = self.ui.hand_order
        for m in go_down.melds:
            g = []
            for f in m.cards:
                c = next((c for c in hand if c >> 3 == f and c not in used), None)
                if c is None:
                    continue
                used.add(c)
                g.append(c)
            groups.append(g)
            rs = readings(list(m.cards), wild_ranks)
            picks.append(next((i for i, r in enumerate(rs)
                               if r.kind == m.kind and tuple(r.roles) == tuple(m.roles)), 0))
        self.ui.staged, self.picks = groups, picks
        self.ui.selected.clear()


__all__ = ["Arrangement", "sort_cards", "SUIT_ORDER"]
