"""Keyboard play at the table: a focus that moves over the table's places, and keys for
every action.

Focus zones (Tab / Shift+Tab): the hand, the stock, the discard pile, the meld area (the
melds being built), the table's melds and the buttons; Left/Right move within a zone.
Space/Enter on a hand card picks it up (selects it: several may be picked up); on a place
it drops the picked-up cards there (discard pile = discard, a meld = lay off, the meld area
= build a meld) or, with nothing picked up, takes from it (the stock or the upcard).  Every
action is made the way the mouse makes it (``Gestures.candidate`` / ``drop_action``, then
the table's ``act``), so the engine checks it and a refusal shows its rule id.

``TableKeys(table)`` is the table scene's keyboard part: ``handle_event`` takes a key
press (Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Esc, then the table's keys; every
letter by the key's place, so they work in a Russian or Ukrainian layout: ``keys``), and
``focus_rect()`` is what the scene outlines.  It reads of the table what ``Gestures``
does, and its ``buttons``; it opens the help, the moves log, the hint through the table.
"""
from __future__ import annotations

import pygame

from ...i18n import _
from ..keys import key_of
from .drag import Drag
from .meldhelp import decl_pretty, readings

FOCUS = (90, 225, 255)       # the keyboard focus outline
#: px the focus outline is drawn out from a focused card (``TableKeys.draw``): the card
#: rect grown by CARD_RING, the outline's black edge 2 px beyond that
CARD_RING = 10
RING_REACH = CARD_RING // 2 + 2
ZONES_CONTRACT = ("hand", "stock", "discard", "stage", "melds", "buttons")
ZONES_MICHIGAN = ("hand", "buttons")
BUTTON_ORDER = ("buy", "pass_buy", "go_down", "play_all", "suggest", "clear", "sort_suit", "sort_rank",
                "hint", "help", "undo", "redo", "scores", "menu")


def _outline(surf, out: pygame.Rect) -> None:
    """The focus outline whose outer edge is ``out``: black, the focus colour, a light
    inner line."""
    r = out.inflate(-4, -4)
    pygame.draw.rect(surf, (0, 0, 0), out, 2, border_radius=12)
    pygame.draw.rect(surf, FOCUS, r, 4, border_radius=10)
    pygame.draw.rect(surf, (235, 255, 255), r.inflate(-6, -6), 1, border_radius=8)


class TableKeys:
    """Focus and keys for the table scene ``table``.

    Attributes:
        focus_zone: the focused place (``ZONES_CONTRACT``); focus_idx: the item in it;
        focus_shown: the outline shows (once the keyboard is used; the mouse hides it).
    """

    def __init__(self, table) -> None:
        self.t = table
        self.focus_zone = "hand"
        self.focus_idx = 0
        self.focus_shown = False
        self._hand_idx = 0

    # ------------------------------------------------------------------ what is focusable
    def focus_zones(self) -> list[str]:
        if self.t.session.spec.layout:
            zs = list(ZONES_MICHIGAN)
        else:
            zs = list(ZONES_CONTRACT)
            obs = self.t.obs
            if obs is None or not obs.round or obs.down[self.t.human]:
                zs.remove("stage")
            if not self.t.view or not self.t.view.melds:
                zs.remove("melds")
        if not self.hand_cards():
            zs.remove("hand")
        if not self.focus_buttons():
            zs.remove("buttons")
        return zs

    def hand_cards(self) -> list:
        """The hand cards left to right as shown (cards in the meld area excluded)."""
        if self.t.view is None:
            return []
        ps = [p for p in self.t.view.placements if p.group == "hand"]
        return [p.key for p in sorted(ps, key=lambda p: p.x)]

    def focus_items(self, zone: str | None = None) -> list:
        zone = zone or self.focus_zone
        if zone == "hand":
            cards = self.hand_cards()
            if self.t.session.spec.layout and self.t.ui.lift:
                cards = [c for c in cards if c in self.t.ui.lift]   # the legal leads only
            return cards
        if zone in ("stock", "discard"):
            return [zone]
        if zone == "stage":
            return list(range(len(self.t.ui.staged) + 1))          # the groups, then a new one
        if zone == "melds":
            ms = self.t.view.melds if self.t.view else {}
            return sorted(ms, key=lambda mi: (ms[mi].y, ms[mi].x))
        if zone == "buttons":
            return self.focus_buttons()
        return []

    def focus_buttons(self) -> list[str]:
        b = self.t.buttons
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
        if it is None or self.t.view is None:
            return None
        z = self.focus_zone
        if z == "hand":
            s = self.t.layer.sprites.get(it)
            return s.rect() if s is not None else None
        if z == "stock":
            return self.t.L.stock.copy()
        if z == "discard":
            return self.t.L.discard.copy()
        if z == "stage":
            r = self.t.view.zones.get(f"stage:{it}")
            if r is not None:
                return r.copy()
            st = self.t.view.zones.get("stage")
            if st is None:
                return None
            if self.t.ui.staged:   # the free part of the meld area, right of the groups
                zs = [self.t.view.zones[f"stage:{i}"] for i in range(len(self.t.ui.staged))]
                x = max(z.right for z in zs) + 6
                if x < st.right - 20:
                    # as high as the groups: under the contract's line over them
                    return pygame.Rect(x, zs[0].y, st.right - x - 4, zs[0].h)
            return st.copy()
        if z == "melds":
            r = self.t.view.melds.get(it)
            return r.copy() if r is not None else None
        if z == "buttons":
            b = self.t.buttons.get(it)
            return b.rect.copy() if b is not None else None
        return None

    def draw(self, surf) -> None:
        """The focus: a bright outline round the focused card, pile, meld or button
        (once the keyboard is used)."""
        if not self.focus_shown:
            return
        r = self.focus_rect()
        if r is None:
            return
        grow = 4 if self.focus_zone in ("stage", "melds") else CARD_RING
        if self.focus_zone == "stage" and self.t.ui.staged:
            grow = -4    # inside the groups' boxes: clear of the contract's line over them
        r = r.inflate(grow, grow)
        # the meld area's outline passes behind the "Your turn" plate on the hand's top
        # edge, which stands over the area's bottom edge (it crossed the plate's words)
        holes = [pygame.Rect(pos, img.get_size()) for _k, img, pos in self.t._plates()] \
            if self.focus_zone == "stage" else []
        out = r.inflate(4, 4)
        if any(h.colliderect(out) for h in holes):
            ring = pygame.Surface(out.size, pygame.SRCALPHA)
            _outline(ring, pygame.Rect(0, 0, *out.size))
            for h in holes:
                ring.fill((0, 0, 0, 0), h.move(-out.x, -out.y))
            surf.blit(ring, out.topleft)
        else:
            _outline(surf, out)

    # ------------------------------------------------------------------ moving the focus
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
        self.t.hand.swap(c, cards[j])
        self.focus_idx = j
        self.t.refresh()

    # ------------------------------------------------------------------ keys
    def handle_event(self, event) -> bool:
        """A key press at the table; whether it was used.  Ctrl+Z undoes, Ctrl+Y and
        Ctrl+Shift+Z redo; Esc puts back a card being dragged, then the picked-up cards
        (and closes the role chooser), else opens the table's menu."""
        if event.type != pygame.KEYDOWN:
            return False
        t = self.t
        k = key_of(event)
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = event.mod & pygame.KMOD_SHIFT
        if ctrl and k == pygame.K_z and not shift:
            t.undo()
            return True
        if ctrl and (k == pygame.K_y or k == pygame.K_z):   # Ctrl+Y, Ctrl+Shift+Z
            t.redo()
            return True
        if k == pygame.K_ESCAPE:
            g = t.gestures
            if g.dragging:
                g.cancel()
                t.refresh()
            elif t.ui.selected or g.chooser is not None:
                t.ui.selected.clear()   # put the picked-up cards back
                g.chooser = None
                t.refresh()
            else:
                t.press_button("menu")
            return True
        return self.handle_key(event)

    def handle_key(self, event) -> bool:
        """The table's keys (by the key's place in any layout: ``keys.key_of``);
        returns whether the key was used."""
        k = key_of(event)
        mod = event.mod
        if mod & pygame.KMOD_CTRL or mod & pygame.KMOD_ALT:
            return False
        if k == pygame.K_F1:
            self.t.open_help()
            return True
        if k == pygame.K_l:
            self.t.open_moves()
            return True
        if k == pygame.K_TAB:
            if not self.focus_shown and self.focus_zone in self.focus_zones():
                self.set_focus(self.focus_zone, self.focus_idx)
            else:
                self.focus_next_zone(back=bool(mod & pygame.KMOD_SHIFT))
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            if (mod & pygame.KMOD_SHIFT and self.focus_shown and self.focus_zone == "hand"
                    and not self.t.session.spec.layout):
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
        m = self.t.session.spec.layout
        letter = {pygame.K_d: "draw", pygame.K_u: "upcard", pygame.K_g: "go_down",
                  pygame.K_s: "suggest", pygame.K_c: "clear", pygame.K_m: "stage",
                  pygame.K_b: "buy", pygame.K_p: "pass_buy", pygame.K_h: "hint",
                  pygame.K_r: "role", pygame.K_a: "play_all"}.get(k)
        if letter is None:
            return False
        if m and letter not in ("hint",):
            self.t.say(_("Michigan: pick a lifted card with Left/Right and lead it with Enter"), bad=True)
            return True
        self.key_action(letter)
        return True

    def key_action(self, name: str) -> None:
        if name == "draw":
            self.t.gestures.drop_action(Drag(["stocktop"], "stock", self._zone_center("stock")), "hand",
                             self._zone_center("hand"))
        elif name == "upcard":
            up = getattr(self.t.obs, "upcard", None)
            if up is None:
                self.t.say(_("There is no upcard to take"), bad=True)
                return
            self.t.gestures.drop_action(Drag([up], "upcard", self._zone_center("discard")), "hand",
                             self._zone_center("hand"))
        elif name == "go_down":
            if not self.t.ui.staged and self.t.ui.selected:
                self.t.say(_("Put the picked-up cards in the meld area first (M), or press S to suggest"),
                         bad=True)
                return
            self.t.go_down()
        elif name == "suggest":
            self.t.suggest()
        elif name == "clear":
            self.t.hand.clear()
        elif name == "stage":
            self.drop_selected_on("stage", None)
        elif name == "buy":
            self.t.answer_buy(True)       # (ignored just after a new offer opens)
        elif name == "pass_buy":
            self.t.answer_buy(False)
        elif name == "hint":
            self.t.show_hint()
        elif name == "role":
            self.cycle_role()
        elif name == "play_all":
            self.t.play_all()
        self.t.refresh()

    def _zone_center(self, zone):
        r = self.t.view.zones.get(zone) if self.t.view else None
        return r.center if r is not None else (0, 0)

    # ------------------------------------------------------------------ Enter / Space
    def activate_focus(self, swap: bool = False) -> None:
        it = self.focused()
        z = self.focus_zone
        if it is None:
            return
        if z == "hand":
            if self.t.session.spec.layout:
                self.t.gestures.drop_action(Drag([it], "hand", self._zone_center("hand")), "lead",
                                 self._zone_center("lead"))
            elif it in self.t.ui.selected:
                self.t.ui.selected.discard(it)
            else:
                self.t.ui.selected.add(it)
        elif z == "stock":
            if self.t.ui.selected:
                self.t.say(_("Cards go to the discard pile or a meld, not the stock"), bad=True)
            else:
                self.key_action("draw")
                if self.t.session.human_to_act() != "draw":
                    self.set_focus("hand") if "hand" in self.focus_zones() else None
                return
        elif z == "discard":
            if self.t.ui.selected:
                self.drop_selected_on("discard", None)
            else:
                self.key_action("upcard")
                return
        elif z == "stage":
            n = len(self.t.ui.staged)
            if self.t.ui.selected:
                self.drop_selected_on("stage" if it >= n else f"stage:{it}", None)
            elif it < n:
                self.t.hand.take_back(it)
            else:
                self.t.say(_("Pick up cards in your hand first (Space), then drop them here"), bad=True)
        elif z == "melds":
            self.lay_off_selected(it, prefer_swap=swap)
        elif z == "buttons":
            self.t.press_button(it)
            return
        self.t.refresh()

    def picked(self) -> list:
        """The picked-up (selected) hand cards, in hand order."""
        return [c for c in self.t.ui.hand_order if c in self.t.ui.selected]

    def drop_selected_on(self, zone: str, pos) -> None:
        keys = self.picked()
        if not keys:
            self.t.say(_("Pick up a card first: Space on a card in your hand"), bad=True)
            return
        pos = pos or self._zone_center(zone)
        self._drop_and_return(Drag(keys, "hand", pos), zone, pos)

    def _drop_and_return(self, d, zone, pos) -> None:
        """Drop the picked-up cards; once they have gone (discarded, laid off, put in the
        meld area) the focus goes back to the hand for the next card."""
        n = len(self.t.engine.log)
        self.t.gestures.drop_action(d, zone, pos)
        gone = not (set(d.keys) & self.t.ui.selected)
        if (len(self.t.engine.log) > n or gone) and "hand" in self.focus_zones():
            i = self.focus_idx if self.focus_zone == "hand" else self._hand_idx
            self.focus_zone = "hand"
            self.focus_idx = max(0, min(i, len(self.focus_items("hand")) - 1))

    def lay_off_selected(self, mi: int, prefer_swap: bool = False) -> None:
        """Lay the picked-up card off on meld ``mi``: at the high end, else the low end,
        else on a wild it can replace (Contract's swap); Shift+Enter tries the swap first."""
        keys = self.picked()
        if not keys:
            self.t.say(_("Pick up a card first: Space on a card in your hand"), bad=True)
            return
        r = self.t.view.melds.get(mi)
        if r is None:
            return
        ends = [(r.right - 6, r.centery), (r.x + 6, r.centery)]
        wilds = [cr.center for cr, _c, role in self.t.view.meld_cards.get(mi, []) if role is not None]
        spots = wilds + ends if prefer_swap else ends + wilds
        pos = ends[0]
        if len(keys) == 1 and self.t.caught_up() and self.t.session.human_to_act():
            for p in spots:
                a = self.t.gestures.layoff_or_swap(mi, keys[0], p)
                if self.t.engine.is_legal(a):
                    pos = p
                    break
        self._drop_and_return(Drag(keys, "hand", pos), f"meld:{mi}", pos)

    def cycle_role(self) -> None:
        """R: the next reading of the focused (or first ambiguous) group in the meld area."""
        gi = self.focused() if self.focus_zone == "stage" else None
        if gi is None or gi >= len(self.t.ui.staged):
            gi = min(self.t.ui.ambiguous) if self.t.ui.ambiguous else None
        if gi is None or gi >= len(self.t.ui.staged):
            self.t.say(_("No wild card with a choice of role in the meld area"), bad=True)
            return
        rs = readings([c >> 3 for c in self.t.ui.staged[gi]], self.t.obs.wild_ranks)
        if len(rs) < 2:
            self.t.say(_("This group has only one reading"), bad=True)
            return
        self.t.hand.picks[gi] = (self.t.hand.picks[gi] + 1) % len(rs)
        self.t.say(_("Declared: {meld}").format(meld=decl_pretty(rs[self.t.hand.picks[gi] % len(rs)])))
