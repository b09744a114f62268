"""Keyboard play at the table: a focus that moves over the table's places, and keys for
every action.

Focus zones (Tab / Shift+Tab): the hand, the stock, the discard pile, the meld area (the
melds being built), the table's melds and the buttons; Left/Right move within a zone.
Space/Enter on a hand card picks it up (selects it: several may be picked up); on a place
it drops the picked-up cards there (discard pile = discard, a meld = lay off, the meld area
= build a meld) or, with nothing picked up, takes from it (the stock or the upcard).  Every
action is made the way the mouse makes it (``candidate``/``drop_action``/``act`` of the
table scene), so the engine checks it and a refusal shows its rule id.

``KeyboardMixin`` is mixed into ``TableScene``; ``focus_rect()`` is what the scene
outlines.
"""
from __future__ import annotations

import pygame

from ...i18n import _
from .drag import Drag
from .hint import compute_hint

ZONES_CONTRACT = ("hand", "stock", "discard", "stage", "melds", "buttons")
ZONES_MICHIGAN = ("hand", "buttons")
BUTTON_ORDER = ("buy", "pass_buy", "go_down", "suggest", "clear", "sort_suit", "sort_rank",
                "hint", "help", "undo", "redo", "scores", "menu")


class KeyboardMixin:
    """Focus and keys for ``TableScene`` (needs its ``session``, ``ui``, ``view``, ``obs``,
    ``buttons``, ``layer`` and action methods)."""

    focus_zone: str = "hand"
    focus_idx: int = 0
    focus_shown: bool = False       # the outline shows once the keyboard is used
    hint = None

    # ------------------------------------------------------------------ what is focusable
    def focus_zones(self) -> list[str]:
        if self.session.michigan:
            zs = list(ZONES_MICHIGAN)
        else:
            zs = list(ZONES_CONTRACT)
            obs = self.obs
            if obs is None or not obs.round or obs.down[self.human]:
                zs.remove("stage")
            if not self.view or not self.view.melds:
                zs.remove("melds")
        if not self.hand_cards():
            zs.remove("hand")
        if not self.focus_buttons():
            zs.remove("buttons")
        return zs

    def hand_cards(self) -> list:
        """The hand cards left to right as shown (cards in the meld area excluded)."""
        if self.view is None:
            return []
        ps = [p for p in self.view.placements if p.group == "hand"]
        return [p.key for p in sorted(ps, key=lambda p: p.x)]

    def focus_items(self, zone: str | None = None) -> list:
        zone = zone or self.focus_zone
        if zone == "hand":
            cards = self.hand_cards()
            if self.session.michigan and self.ui.lift:
                cards = [c for c in cards if c in self.ui.lift]   # the legal leads only
            return cards
        if zone in ("stock", "discard"):
            return [zone]
        if zone == "stage":
            return list(range(len(self.ui.staged) + 1))          # the groups, then a new one
        if zone == "melds":
            ms = self.view.melds if self.view else {}
            return sorted(ms, key=lambda mi: (ms[mi].y, ms[mi].x))
        if zone == "buttons":
            return self.focus_buttons()
        return []

    def focus_buttons(self) -> list[str]:
        b = self.buttons
        return [n for n in BUTTON_ORDER if n in b and b[n].visible and b[n].is_enabled]

    def focused(self):
        zs = self.focus_zones()
        if zs and self.focus_zone not in zs:
            # the place went away (the meld area once down, the buttons of a closed buy)
            self.focus_zone = "hand" if "hand" in zs else zs[0]
        items = self.focus_items()
        if not items:
            return None
        self.focus_idx = max(0, min(self.focus_idx, len(items) - 1))
        return items[self.focus_idx]

    def focus_rect(self) -> pygame.Rect | None:
        """Where the focus outline goes (screen coordinates), or ``None``."""
        it = self.focused()
        if it is None or self.view is None:
            return None
        z = self.focus_zone
        if z == "hand":
            s = self.layer.sprites.get(it)
            return s.rect() if s is not None else None
        if z == "stock":
            return self.L.stock.copy()
        if z == "discard":
            return self.L.discard.copy()
        if z == "stage":
            r = self.view.zones.get(f"stage:{it}")
            if r is not None:
                return r.copy()
            st = self.view.zones.get("stage")
            if st is None:
                return None
            if self.ui.staged:   # the free part of the meld area, right of the groups
                x = max(self.view.zones[f"stage:{i}"].right for i in range(len(self.ui.staged))) + 6
                if x < st.right - 20:
                    return pygame.Rect(x, st.y + 4, st.right - x - 4, st.h - 8)
            return st.copy()
        if z == "melds":
            r = self.view.melds.get(it)
            return r.copy() if r is not None else None
        if z == "buttons":
            b = self.buttons.get(it)
            return b.rect.copy() if b is not None else None
        return None

    # ------------------------------------------------------------------ moving the focus
    _hand_idx: int = 0

    def focus_next_zone(self, back: bool = False) -> None:
        if self.focus_zone == "hand":
            self._hand_idx = self.focus_idx
        zs = self.focus_zones()
        if not zs:
            return
        i = zs.index(self.focus_zone) if self.focus_zone in zs else -1
        i = (i + (-1 if back else 1)) % len(zs)
        self.set_focus(zs[i])

    def set_focus(self, zone: str, idx: int | None = None) -> None:
        self.focus_zone = zone
        items = self.focus_items(zone)
        if idx is None:
            idx = self._hand_idx if zone == "hand" else 0
            if zone == "stage":
                idx = len(items) - 1          # the new-group slot
            elif zone == "buttons":
                pref = "buy" if "buy" in items else ("go_down" if "go_down" in items else None)
                idx = items.index(pref) if pref else 0
        self.focus_idx = max(0, min(idx, len(items) - 1)) if items else 0
        self.focus_shown = True

    def focus_move(self, step: int) -> None:
        items = self.focus_items()
        if not items:
            return
        self.focus_idx = (self.focus_idx + step) % len(items)
        self.focus_shown = True

    def move_hand_card(self, step: int) -> None:
        """Shift+Left/Right: move the focused hand card one place (the mouse drags it)."""
        cards = self.hand_cards()
        c = self.focused()
        if c is None or c not in cards:
            return
        i = cards.index(c)
        j = i + step
        if not 0 <= j < len(cards):
            return
        other = cards[j]
        order = list(self.ui.hand_order)
        a, b = order.index(c), order.index(other)
        order[a], order[b] = order[b], order[a]
        self.ui.hand_order = order
        self.sort_mode = ""
        self.focus_idx = j
        self.refresh()

    # ------------------------------------------------------------------ keys
    def handle_key(self, event) -> bool:
        """The table's keys; returns whether the key was used."""
        k = event.key
        mod = event.mod
        if mod & pygame.KMOD_CTRL or mod & pygame.KMOD_ALT:
            return False
        if k == pygame.K_F1:
            self.open_help()
            return True
        if k == pygame.K_l:
            self.open_moves()
            return True
        if k == pygame.K_TAB:
            if not self.focus_shown and self.focus_zone in self.focus_zones():
                self.set_focus(self.focus_zone, self.focus_idx)
            else:
                self.focus_next_zone(back=bool(mod & pygame.KMOD_SHIFT))
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            if (mod & pygame.KMOD_SHIFT and self.focus_shown and self.focus_zone == "hand"
                    and not self.session.michigan):
                self.move_hand_card(1 if k == pygame.K_RIGHT else -1)
                return True
            if self.focus_zone not in self.focus_zones():
                self.set_focus(self.focus_zones()[0] if self.focus_zones() else "hand")
            elif not self.focus_shown:
                self.focus_shown = True
            else:
                self.focus_move(1 if k == pygame.K_RIGHT else -1)
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            # up: from the hand to the places above it; down: back to the hand
            if k == pygame.K_DOWN:
                self.set_focus("hand") if "hand" in self.focus_zones() else None
            elif self.focus_zone == "hand":
                self.focus_next_zone()
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.focus_shown = True
            self.activate_focus(swap=bool(mod & pygame.KMOD_SHIFT))
            return True
        m = self.session.michigan
        letter = {pygame.K_d: "draw", pygame.K_u: "upcard", pygame.K_g: "go_down",
                  pygame.K_s: "suggest", pygame.K_c: "clear", pygame.K_m: "stage",
                  pygame.K_b: "buy", pygame.K_p: "pass_buy", pygame.K_h: "hint",
                  pygame.K_r: "role"}.get(k)
        if letter is None:
            return False
        if m and letter not in ("hint",):
            self.say(_("Michigan: pick a lifted card with Left/Right and lead it with Enter"), bad=True)
            return True
        self.key_action(letter)
        return True

    def key_action(self, name: str) -> None:
        if name == "draw":
            self.drop_action(Drag(["stocktop"], "stock", self._zone_center("stock")), "hand",
                             self._zone_center("hand"))
        elif name == "upcard":
            up = getattr(self.obs, "upcard", None)
            if up is None:
                self.say(_("There is no upcard to take"), bad=True)
                return
            self.drop_action(Drag([up], "upcard", self._zone_center("discard")), "hand",
                             self._zone_center("hand"))
        elif name == "go_down":
            if not self.ui.staged and self.ui.selected:
                self.say(_("Put the picked-up cards in the meld area first (M), or press S to suggest"),
                         bad=True)
                return
            self.go_down()
        elif name == "suggest":
            self.suggest()
        elif name == "clear":
            self.ui.staged, self.stage_pick = [], []
        elif name == "stage":
            self.drop_selected_on("stage", None)
        elif name == "buy":
            self.answer_buy(True)       # (ignored just after a new offer opens)
        elif name == "pass_buy":
            self.answer_buy(False)
        elif name == "hint":
            self.show_hint()
        elif name == "role":
            self.cycle_role()
        self.refresh()

    def _zone_center(self, zone):
        r = self.view.zones.get(zone) if self.view else None
        return r.center if r is not None else (0, 0)

    # ------------------------------------------------------------------ Enter / Space
    def activate_focus(self, swap: bool = False) -> None:
        it = self.focused()
        z = self.focus_zone
        if it is None:
            return
        if z == "hand":
            if self.session.michigan:
                self.drop_action(Drag([it], "hand", self._zone_center("hand")), "lead",
                                 self._zone_center("lead"))
            elif it in self.ui.selected:
                self.ui.selected.discard(it)
            else:
                self.ui.selected.add(it)
        elif z == "stock":
            if self.ui.selected:
                self.say(_("Cards go to the discard pile or a meld, not the stock"), bad=True)
            else:
                self.key_action("draw")
                if self.session.human_to_act() != "draw":
                    self.set_focus("hand") if "hand" in self.focus_zones() else None
                return
        elif z == "discard":
            if self.ui.selected:
                self.drop_selected_on("discard", None)
            else:
                self.key_action("upcard")
                return
        elif z == "stage":
            n = len(self.ui.staged)
            if self.ui.selected:
                self.drop_selected_on("stage" if it >= n else f"stage:{it}", None)
            elif it < n:
                self._unstage(list(self.ui.staged[it]))
                self.ui.staged = [g for g in self.ui.staged if g]
                self.stage_pick = self.stage_pick[:len(self.ui.staged)]
            else:
                self.say(_("Pick up cards in your hand first (Space), then drop them here"), bad=True)
        elif z == "melds":
            self.lay_off_selected(it, prefer_swap=swap)
        elif z == "buttons":
            self.press_button(it)
            return
        self.refresh()

    def picked(self) -> list:
        """The picked-up (selected) hand cards, in hand order."""
        return [c for c in self.ui.hand_order if c in self.ui.selected]

    def drop_selected_on(self, zone: str, pos) -> None:
        keys = self.picked()
        if not keys:
            self.say(_("Pick up a card first: Space on a card in your hand"), bad=True)
            return
        pos = pos or self._zone_center(zone)
        self._drop_and_return(Drag(keys, "hand", pos), zone, pos)

    def _drop_and_return(self, d, zone, pos) -> None:
        """Drop the picked-up cards; once they have gone (discarded, laid off, put in the
        meld area) the focus goes back to the hand for the next card."""
        n = len(self.engine.log)
        self.drop_action(d, zone, pos)
        gone = not (set(d.keys) & self.ui.selected)
        if (len(self.engine.log) > n or gone) and "hand" in self.focus_zones():
            i = self.focus_idx if self.focus_zone == "hand" else self._hand_idx
            self.focus_zone = "hand"
            self.focus_idx = max(0, min(i, len(self.focus_items("hand")) - 1))

    def lay_off_selected(self, mi: int, prefer_swap: bool = False) -> None:
        """Lay the picked-up card off on meld ``mi``: at the high end, else the low end,
        else on a wild it can replace (Contract's swap); Shift+Enter tries the swap first."""
        keys = self.picked()
        if not keys:
            self.say(_("Pick up a card first: Space on a card in your hand"), bad=True)
            return
        r = self.view.melds.get(mi)
        if r is None:
            return
        ends = [(r.right - 6, r.centery), (r.x + 6, r.centery)]
        wilds = [cr.center for cr, _c, role in self.view.meld_cards.get(mi, []) if role is not None]
        spots = wilds + ends if prefer_swap else ends + wilds
        pos = ends[0]
        if len(keys) == 1 and self.caught_up() and self.session.human_to_act():
            for p in spots:
                a = self._layoff_or_swap(mi, keys[0], p)
                if self.engine.is_legal(a):
                    pos = p
                    break
        self._drop_and_return(Drag(keys, "hand", pos), f"meld:{mi}", pos)

    def cycle_role(self) -> None:
        """R: the next reading of the focused (or first ambiguous) group in the meld area."""
        from .meldhelp import readings
        gi = self.focused() if self.focus_zone == "stage" else None
        if gi is None or gi >= len(self.ui.staged):
            gi = min(self.ui.ambiguous) if self.ui.ambiguous else None
        if gi is None or gi >= len(self.ui.staged):
            self.say(_("No wild card with a choice of role in the meld area"), bad=True)
            return
        rs = readings([c >> 3 for c in self.ui.staged[gi]], self.obs.wild_ranks)
        if len(rs) < 2:
            self.say(_("This group has only one reading"), bad=True)
            return
        self.stage_pick[gi] = (self.stage_pick[gi] + 1) % len(rs)
        from ..scenes.table import _decl_pretty
        self.say(_("Declared: {meld}").format(meld=_decl_pretty(rs[self.stage_pick[gi] % len(rs)])))

    # ------------------------------------------------------------------ hint and help
    def show_hint(self):
        """H / the Hint button: the normal AI's move for the human now, lit on the table."""
        if not self.caught_up() or self.session.human_to_act() is None:
            self.say(_("A hint is for your own decision: wait for your turn"), bad=True)
            self.hint = None
            return None
        up = getattr(self.obs, "upcard", None) if not self.session.michigan else None
        if self.session.human_to_act() == "buy":
            up = getattr(self.obs, "buy_card", None)
        h = compute_hint(self.session, self.ui.hand_order, up)
        self.hint = h
        if h is None:
            self.say(_("No hint now"), bad=True)
            return None
        self.say(h.text(), secs=8.0)
        return h

    def current_hint(self):
        h = self.hint
        if h is None:
            return None
        if h.generation != self.session.generation:
            self.hint = None
            return None
        return h

    def open_moves(self) -> None:
        """The deal's moves so far, over the table (``MovesScene``)."""
        from ..scenes.help import MovesScene
        self.dragger.cancel(self.layer.sprites)
        self.app.push(MovesScene(self.deal_moves(), self.session.variant))

    def open_help(self) -> None:
        from ..scenes.help import HelpScene
        self.dragger.cancel(self.layer.sprites)
        self.app.push(HelpScene(self.session.variant))
