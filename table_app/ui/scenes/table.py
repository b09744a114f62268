"""The table scene: one game against the computer, played by drag and drop.

The scene shows the human seat's Observation of the state it has *caught up to*
(``shown``): after an action the new events are shown one by one at a readable pace, so
every AI card and every forced play visibly travels.  The human may act only when the
display has caught up and it is their decision.  A gesture becomes a candidate action;
``GameSession.apply`` (the engine) accepts it or raises ``IllegalActionError``, whose
message (with its rule id) is shown while the cards glide back.
"""
from __future__ import annotations


import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ...core.actions import (Buy, Discard, Draw, GoDown, LayOff, Lead, MeldDecl, PassBuy,
                             PassUpcard, Swap)
from ...core.cards import FACE_RANK, FACE_SUIT, JOKER, RANK_TEXT
from ...core.errors import IllegalActionError
from ...i18n import _, card_name, player_name, rule_reason
from ...i18n import strings as S
from ...core.melds import layoff_roles, swap_index
from ..scene import Scene
from ..table import layout as layout_mod
from ..table import text
from ..table.banner import Banner, Toast, heading, scores_line, status_line
from ..table.buttons import BUTTON_PAD, ExplainingButton, able, label_w, pair_split
from ..table.buypanel import BUY_CW, BuyPanel
from ..table.drag import DragController
from ..table.felt import TURN_BOXES, CardImages, Felt, bg_items, box, glow
from ..table.labels import draw_label
from ..table.handhist import HandHistory, restore_order
from ..table.keyboard import KeyboardMixin
from ..table.narration import Narrator
from ..table.pacing import AiTurns, Pacer, sounds_of
from ..table.meldhelp import contract_shortfall, meld_fault, meld_order, readings, roles_by_card
from ..table.presenter import UIState, hand_xs, is_michigan, present
from ..table.session import GameSession
from ..table.sprites import SpriteLayer, gap_shifts

DRAGGABLE = ("hand", "stock", "upcard")
GREEN = (110, 230, 130)
GOLD = (255, 214, 80)
FOCUS = (90, 225, 255)       # the keyboard focus outline
HINT = (255, 120, 230)       # the hint's cards and target
TOP_BUTTONS_W = 84 * 4 + 70 + 44   # menu, redo, undo, scores, hint, help


class TableScene(KeyboardMixin, Scene):
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.engine = session.engine
        self.human = session.human
        self.ui = UIState(names=session.names, levels=session.levels)
        self.layer = SpriteLayer()
        self.dragger = DragController()
        self.pacer = Pacer(self.human, shown=len(self.engine.log))
        self.ai = AiTurns(session, self.ui, self.pacer)
        self.toast = Toast()
        self.banner = Banner()
        self.narrator = Narrator(session, since=self.shown)
        self.sort_mode = "suit"
        self.stage_pick: list[int] = []
        self.buy = BuyPanel(session.variant)
        self.want_stock = False
        self.chooser = None
        self.sheet_for = None
        self.view = None
        self.obs = None
        self.L = None
        self.felt = Felt()
        self.images = CardImages()
        self.buttons: dict = {}
        #: the hand's order before each of the player's decisions and where an undo left
        #: (an undo puts the cards it gives back where they were, a redo the cards it
        #: gives back where they had been put: ``handhist``)
        self.hands = HandHistory()
        self._redoing = False
        self.engine.subscribe(self._on_engine)

    # ------------------------------------------------------------------ setup
    @property
    def instant(self) -> bool:
        return bool(self.app and self.app.instant)

    def _apply_speed(self) -> None:
        """The animation speed setting (or skip animations: instant) on the sprites."""
        st = self.app.settings
        self.layer.speed = 0.0 if self.instant else 1.0 / max(0.25, float(getattr(st, "animation_speed", 1.0)))

    def settings_changed(self, keys) -> None:
        """A setting changed while the table is open (the settings screen over it): the
        speeds apply to what moves next, the card size re-lays the table, the deck's look
        redraws (``App.apply_settings`` calls this at once)."""
        keys = set(keys)
        if keys & {"animation_speed", "skip_animations"}:
            self._apply_speed()
            if self.instant:
                self.layer.finish()
        if keys & {"ai_speed", "skip_animations"}:
            # a pause already running is cut to the new pace
            self.ai.speed_changed()
            self.pacer.speed_changed()
        if "card_size" in keys:
            self.resize(self.app.size)
            if self.app.stack.top is not self:
                self.pause()
        if keys & {"four_color", "large_index", "card_back"}:
            if self.buy.open:
                self.buy.relabel()       # its suit symbol in the deck's inks
            self.images.clear()
            if self.images.ahead and self.view is not None:
                self._queue_faces()

    def startup(self) -> None:
        self.pacer.source = self.app       # the speeds: the settings, skip animations
        self._apply_speed()
        self.sort_mode = "suit"
        # a resumed game: the hand in the order the player had arranged it
        got = getattr(self.session, "saved_hand_order", lambda: None)()
        if got is not None:
            self.ui.hand_order, self.sort_mode = list(got[0]), got[1]
        if not self.engine.log and self.session.deal_due():
            self.session.deal_next()
            self.shown = 0
        self._layout()
        self._build_buttons()
        self.refresh(instant=True)
        # every face at the widths the table uses, now (the table's opening: about 0.1 s
        # at 1920x1080, most of which its first frame spent on the faces it showed), so
        # no frame of the game stalls on a face drawn for the first time
        self._queue_faces(now=True)

    def _layout(self) -> None:
        self.L = layout_mod.compute(self.app.size, self.session.num_players, self.human,
                                    self.session.michigan,
                                    scale=layout_mod.card_scale(getattr(self.app.settings, "card_size", "medium")),
                                    ui=getattr(self.app, "ui_scale", 1.0))

    def _face_opts(self) -> tuple[bool, bool]:
        st = self.app.settings
        return bool(getattr(st, "four_color", False)), bool(getattr(st, "large_index", False))

    def _face_widths(self) -> list[int]:
        """The widths faces are drawn at on this table: those of the cards on it now and
        those the layout gives to cards not there yet (the hand, the meld area, the
        melds on the table, the buying window), widest first."""
        L = self.L
        ws = {L.cw, L.mw}
        if not self.session.michigan:
            ws |= {max(L.mw, int(L.cw * 0.75)), BUY_CW}
        if self.view is not None:
            ws |= {int(round(p.w)) for p in self.view.placements if p.face is not None}
        return sorted(ws, reverse=True)

    def _queue_faces(self, now: bool = False) -> None:
        """Queue every face at the table's widths (``_face_widths``) in the card art, the
        ones on the table first; ``now``: render them all at once (the table's
        opening), else ``draw`` renders a few a frame (``CardImages``)."""
        four, large = self._face_opts()
        backs = () if self.session.michigan else (
            (BUY_CW, getattr(self.app.settings, "card_back", "blue")),)
        self.images.queue(self.app.art, self._face_widths(),
                          first=[p.face for p in self.view.placements if p.face is not None],
                          four=four, large=large, now=now, backs=backs)

    def _btn(self, name, rect, label, tip=None, cls="@table_button", peers=(), kind=None):
        # ``peers``: the labels of the buttons beside it, drawn in the same size
        wide = max((label, *peers), key=lambda t: label_w(t, 14))
        if cls == "@table_button" and label_w(wide, 14) > pygame.Rect(rect).w - 10:
            # a long label (a translation) in a smaller font
            cls = "@table_button_small" if label_w(wide, 12) <= pygame.Rect(rect).w - 8 \
                else "@table_button_tiny"
        b = (kind or pygame_gui.elements.UIButton)(
            relative_rect=pygame.Rect(rect), text=label, manager=self.app.manager,
            tool_tip_text=tip, object_id=ObjectID(class_id=cls, object_id="#" + name))
        self.buttons[name] = b
        return self.add(b)

    def _build_buttons(self) -> None:
        from ...i18n import current_language
        self._built_lang = current_language()
        self.clear_widgets()
        self.buttons = {}
        L = self.L
        W = L.size[0]
        u = L.ui

        def k(x):
            return int(round(x * u))
        bh = k(28)
        y = k(5)
        # the top row, right to left, each button as wide as its label needs
        x = W - k(6)
        for name, label, tip, least in (
                ("menu", _(S.MENU), _("Scores, rules of this game, leave the table"), 78),
                ("redo", _(S.REDO), _("Redo (Ctrl+Y)"), 78),
                ("undo", _(S.UNDO), _("Undo back to your previous decision (Ctrl+Z)"), 78),
                ("scores", _(S.SCORES), _("The score sheet"), 78),
                ("hint", _(S.HINT), _("What the normal computer player would do now, and why (H)"), 64),
                ("help", "?", _("Keyboard shortcuts (F1)"), 38)):
            bw = max(k(least), label_w(label, 14) + k(18))
            x -= bw
            self._btn(name, (x, y, bw, bh), label, tip)
            x -= k(6)
        self._top_left = x
        sd = L.side
        bh2 = max(k(28), min(k(34), (sd.h - 12) // 3))

        def pair(y, names, labels, tips):
            # two buttons side by side, their labels in one size with room at the edges
            cls, (w0, w1) = pair_split(labels, sd.w, 6, k(BUTTON_PAD))
            self._btn(names[0], (sd.x, y, w0, bh2), labels[0], tips[0], cls=cls)
            self._btn(names[1], (sd.right - w1, y, w1, bh2), labels[1], tips[1], cls=cls)
        pair(sd.y, ("sort_suit", "sort_rank"), (_(S.SORT_SUIT), _(S.SORT_RANK)),
             (_(S.SORT_SUIT_HELP), _(S.SORT_RANK_HELP)))
        if not self.session.michigan:
            pair(sd.y + bh2 + 6, ("suggest", "clear"), (_(S.SUGGEST), _(S.CLEAR)),
                 (_("Fill the meld area with the best going-down"),
                  _("Take the cards being built back into your hand")))
            self._btn("go_down", (sd.x, sd.y + 2 * (bh2 + 6), sd.w, bh2), _(S.GO_DOWN),
                      _("Lay down the contract's melds"), cls="@primary", kind=ExplainingButton)
            self.buttons["go_down"].on_disabled_click = self._explain_go_down
            # the buying window (in the meld-building area)
            self.buy.build(self._btn, L.stage, k)

    def resume(self) -> None:
        super().resume()
        from ...i18n import current_language
        if self.buttons and getattr(self, "_built_lang", None) != current_language():
            # the language was changed in the settings: label everything anew
            self.buy.close()
            self._build_buttons()
            self.refresh(instant=True)
        self.buy.resumed()

    def retranslate(self) -> None:
        """The language changed (in Settings, from the table's menu): the buttons and
        the labels anew at once, also while the menu covers the table (it shows through
        the menu, and would speak the old language until the menu closed)."""
        if not self.buttons:
            return
        self.buy.close()
        self._build_buttons()
        self.refresh(instant=True)

    def resize(self, size) -> None:
        self.buy.close()
        self._layout()
        self.felt.invalidate()
        self._build_buttons()
        self.refresh(instant=True)
        # the faces at the new widths: a few a frame (``draw``), stand-ins meanwhile
        self._queue_faces()

    def shutdown(self) -> None:
        super().shutdown()
        self.session.close()
        try:
            self.engine._listeners.remove(self._on_engine)
        except ValueError:
            pass

    # ------------------------------------------------------------------ engine events
    def _on_engine(self, kind, payload) -> None:
        if kind == "truncate":
            self.pacer.truncated(payload)
            self.narrator.truncated(payload)
        elif kind == "append":
            i, ev = payload[0], payload[1]
            if getattr(ev, "player", None) == self.human and not self.engine.forced[i]:
                # one of the player's decisions: the hand as it was just before it (the
                # point an undo of it comes back to); a new one (not redone) ends the
                # redo side's orders
                if not self._redoing:
                    self.hands.forget_after(i)
                self.hands.note(i, self.ui.hand_order, self.sort_mode)

    def _restore_hand(self) -> None:
        """After an undo or a redo: the cards it gave back to the hand go where they were
        in the hand's order at that point (kept by ``hands``), not at its right end."""
        saved = self.hands.get(len(self.engine.log))
        if saved is None:
            return
        hand = list(self.shown_obs().hand)
        order = restore_order(saved[0], self.ui.hand_order, hand)
        if len(order) == len(hand) and order == [c for c in saved[0] if c in set(hand)]:
            self.sort_mode = saved[1]     # the hand exactly as it was: its sort mode too
        self.ui.hand_order = order

    # ------------------------------------------------------------------ the shown state
    def shown_obs(self):
        st = self.engine.states[min(self.shown, len(self.engine.log))]
        return self.session.rules.observe(st, self.human)

    def caught_up(self) -> bool:
        return self.pacer.caught_up(len(self.engine.log))

    def refresh(self, instant: bool = False, slow: float = 1.0) -> None:
        obs = self.shown_obs()
        self.obs = obs
        hand = list(obs.hand)
        hs = set(hand)
        order = [c for c in self.ui.hand_order if c in hs]
        new = [c for c in hand if c not in set(order)]
        drop_x = self.__dict__.get("_drop_x")
        if new and drop_x is not None:
            # a card dragged from the stock or the discard pile into the hand goes where it
            # was dropped, as a card moved within the hand does (``_reorder``)
            self._drop_x = None
            if len(new) == 1 and order:
                i = self._index_at(order, drop_x)
                order = order[:i] + new + order[i:]
                new = []
                self.sort_mode = ""
        if len(new) > 3 or not order:
            order = order + new
            order = self._sorted(order) if self.sort_mode else order
        else:
            for c in new:
                self._insert_sorted(order, c)
        self.ui.hand_order = order
        self.ui.selected &= hs
        # staged groups keep only cards still in hand
        staged = []
        picks = []
        for g, p in zip(self.ui.staged, self.stage_pick + [0] * len(self.ui.staged)):
            g2 = [c for c in g if c in hs]
            if g2:
                staged.append(g2)
                picks.append(p)
        self.ui.staged, self.stage_pick = staged, picks
        self._stage_roles(obs)
        self.ui.lift = set()
        self.ui.dim = set()
        if is_michigan(obs) and self.caught_up() and self.session.human_to_act() == "lead":
            leads = {a.card for a in self.engine.legal_actions() if a.type == "lead"}
            self.ui.lift = {c for c in hand if c >> 3 in leads}
            self.ui.dim = {c for c in hand if c >> 3 not in leads}
        self.view = present(obs, self.L, self.ui)
        sp = self.layer.speed
        if instant or self.instant:
            self.layer.speed = 0.0
        dealing = getattr(self.cur_event, "type", "") == "deal"
        self.layer.apply(self.view.placements, self._spawn, self._sink, slow=slow,
                         delay_of=self._deal_delay if dealing else None)
        self.layer.speed = sp
        self._update_buttons()
        # the hand's order kept beside the autosave (when it changed), for a resume
        keep = getattr(self.session, "save_hand_order", None)
        if keep is not None:
            keep(self.ui.hand_order, self.sort_mode)

    def _sorted(self, cards):
        if self.sort_mode == "rank":
            return sorted(cards, key=lambda c: (FACE_RANK[c >> 3] if c >> 3 != JOKER else 99,
                                                FACE_SUIT[c >> 3], c))
        suit_order = {0: 0, 1: 1, 3: 2, 2: 3, -1: 4}  # alternate colours: S H C D
        return sorted(cards, key=lambda c: (suit_order[FACE_SUIT[c >> 3]], FACE_RANK[c >> 3], c))

    def _insert_sorted(self, order, c) -> None:
        if self.sort_mode:
            srt = self._sorted(order + [c])
            i = srt.index(c)
            order.insert(i, c)
        else:
            order.append(c)

    def _stage_roles(self, obs) -> None:
        self.ui.roles = {}
        self.ui.role_kinds = {}
        self.ui.ambiguous = set()
        self.ui.stage_note = ""
        if is_michigan(obs):
            return
        if self.ui.staged and obs.round and not obs.down[obs.seat]:
            # what the contract still lacks: Go down waits for count and kinds that could
            # make it (each meld is checked when it is pressed)
            self.ui.stage_note = contract_shortfall(
                [[c >> 3 for c in g] for g in self.ui.staged], obs.contract, obs.contract_terms,
                obs.wild_ranks, self.stage_pick) or ""
        for gi, g in enumerate(self.ui.staged):
            rs = readings([c >> 3 for c in g], obs.wild_ranks)
            if len(rs) > 1:
                self.ui.ambiguous.add(gi)
            d = rs[self.stage_pick[gi] % len(rs)] if rs else None
            # shown as it would be melded: a run by rank (wilds in their roles' places),
            # a set by suit, not in the order the cards were dragged in
            g[:] = meld_order(g, d, obs.wild_ranks)
            if d is not None:
                rc = roles_by_card(g, d)
                self.ui.roles.update(rc)
                self.ui.role_kinds.update(dict.fromkeys(rc, d.kind))

    def _deal_delay(self, p) -> float:
        """Dealing: one card at a time round the table from the dealer's left (the upcard
        and the stock last)."""
        n = self.session.num_players
        dealer = getattr(self.cur_event, "dealer", 0)
        step = 0.022
        if p.group == "hand":
            i = self.ui.hand_order.index(p.key) if p.key in self.ui.hand_order else 0
            seat = self.human
        elif isinstance(p.key, tuple) and p.key[0] == "opp":
            seat, i = p.key[1], p.key[2]
        else:
            return step * n * 14
        return step * (i * n + (seat - dealer - 1) % n)

    def _actor(self):
        ev = self.cur_event
        return getattr(ev, "player", None) if ev is not None else None

    def _spawn(self, p):
        v = self.view
        ev = self.cur_event
        t = getattr(ev, "type", "")
        actor = self._actor()
        if t == "deal" or ev is None:
            return v.stock_pos
        if p.group == "hand" or (isinstance(p.key, tuple) and p.key[0] == "opp"):
            if t == "draw":
                return v.discard_pos if ev.source == "discard" else v.stock_pos
            if t == "buy":
                return v.discard_pos
            if t == "swap" and p.group == "hand":
                m = v.melds.get(ev.meld)
                return (m.x, m.y) if m else v.stock_pos
            return v.stock_pos
        if actor is not None and actor in v.seat_pos:
            return v.seat_pos[actor]
        return (p.x, p.y)

    def _sink(self, s):
        actor = self._actor()
        if isinstance(s.key, tuple):
            return None
        if s.key in getattr(self.obs, "discard_pile", ()):
            # still in the discard pile, only no longer among the cards it shows (a
            # discard covered it): it goes nowhere (it flew face up to the seat that
            # acted, as if that seat had taken it)
            return None
        if actor is not None and actor != self.human and actor in self.view.seat_pos:
            return self.view.seat_pos[actor]
        if getattr(self.cur_event, "type", "") == "deal":
            return self.view.stock_pos
        return None

    # ------------------------------------------------------------------ buttons
    def _update_buttons(self) -> None:
        b = self.buttons
        if not b:
            return
        eng = self.engine
        mine = self.caught_up() and self.session.human_to_act()
        able(b.get("undo"), eng.can_undo(self.human))
        able(b.get("redo"), eng.can_redo())
        able(b.get("hint"), bool(mine))
        if self.session.michigan:
            return
        obs = self.obs
        down = obs.down[self.human] if obs.round else True
        able(b["suggest"], mine == "play" and not down)
        # off until the staged melds could make the contract (the meld area says what
        # is missing; a click on it says so too)
        able(b["go_down"], mine == "play" and not down and bool(self.ui.staged)
              and not self.ui.stage_note)
        able(b["clear"], bool(self.ui.staged))
        self.buy.sync(mine == "buy", obs.buy_card, lambda: self._can_now()["buy"],
                      float(getattr(self.app.settings, "buy_countdown_s", 5.0) or 0),
                      guard=not self._instant_test())

    def handle_ui_event(self, event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = next((k for k, v in self.buttons.items() if v is event.ui_element), None)
        if name is None:
            return False
        self.press_button(name)
        return True

    def press_button(self, name: str) -> None:
        """A button's action (the tests call this the same way a click does)."""
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "sort_suit":
            self.sort_mode = "suit"
            self.ui.hand_order = self._sorted(self.ui.hand_order)
            self.refresh()
        elif name == "sort_rank":
            self.sort_mode = "rank"
            self.ui.hand_order = self._sorted(self.ui.hand_order)
            self.refresh()
        elif name == "suggest":
            self.suggest()
        elif name == "clear":
            self.ui.staged, self.stage_pick = [], []
            self.refresh()
        elif name == "go_down":
            self.go_down()
        elif name == "buy":
            self.answer_buy(True)
        elif name == "pass_buy":
            self.answer_buy(False)
        elif name == "hint":
            self.show_hint()
            self.refresh()
        elif name == "help":
            self.open_help()
        elif name == "scores":
            from .scores import ScoreSheet
            self.app.push(ScoreSheet(self.session, between=False))
        elif name == "menu":
            from .scores import TableMenu
            self.app.push(TableMenu(self))

    def _instant_test(self) -> bool:
        """The tests' instant app (not the skip-animations setting): no buying-window
        guard or flash there."""
        return bool(self.instant and getattr(self.app, "_instant_arg", False))

    def answer_buy(self, buy: bool) -> bool:
        """Buy (``buy``) or pass the card on offer: its button, B/P, or Enter on the
        focused button.  Within ``BUY_GUARD_S`` of an offer opening the answer is
        ignored; it is said to be meant for the last offer (the next one opens in the same
        place, with another card, as soon as the next discard is passed) only when an
        offer closed within ``BUY_GUARD_S`` of it: a stray B or click with no offer just
        before (the deal's first offer) is ignored without a word."""
        ok, why = self.buy.answer()
        if not ok:
            if why:
                self.say(why, bad=True, secs=3.0)
            return False
        return self.act(Buy(self.human) if buy else PassBuy(self.human))

    # ------------------------------------------------------------------ acting
    def say(self, msg: str, bad: bool = False, secs: float = 5.0) -> None:
        """Tell the player ``msg`` over the meld area for ``secs`` (``bad``: a refusal)."""
        self.toast.say(msg, bad, secs)

    def act(self, action) -> bool:
        """Apply a human action; on refusal show the reason (with its rule id)."""
        if not self.caught_up():
            return False
        try:
            self.session.apply(action)
        except IllegalActionError as e:
            self.say(rule_reason(e), bad=True)
            self.app.play_sound("error")
            self.refresh()
            return False
        except ValueError as e:
            self.say(str(e), bad=True)
            self.refresh()
            return False
        self.toast.clear()
        self.ui.selected.clear()
        self.pacer.step_t = 0.0
        self._advance(0, force=True)
        return True

    def undo(self, confirmed: bool = False) -> None:
        """Undo back to the human's previous decision.  The first undo of a game that
        takes back a card the human has seen (it makes the game practice: no longer
        counted in the statistics) asks first (``ConfirmUndo``), unless ``confirmed``."""
        self.dragger.cancel(self.layer.sprites)
        ask = getattr(self.session, "undo_makes_practice", None)
        if not confirmed and ask is not None and ask():
            from .confirm import ConfirmUndo
            self.app.push(ConfirmUndo(self))
            return
        was_practice = bool(getattr(self.session, "practice", False))
        # the hand as it is here, for a redo back to this point
        n = len(self.engine.log)
        if self.caught_up():
            self.hands.note(n, self.ui.hand_order, self.sort_mode)
        else:
            self.hands.forget(n)
        if self.session.undo():
            self.pacer.jump(len(self.engine.log))
            self.ui.staged, self.stage_pick = [], []
            self.want_stock = False
            self._drop_x = None
            if not was_practice and getattr(self.session, "practice", False):
                self.say(_("Undone: this is now a practice game, left out of your statistics"),
                         secs=7.0)
            else:
                self.say(_("Undone: back to your previous decision"))
            self._restore_hand()
            self.refresh()
        else:
            self.say(_("Nothing to undo"), bad=True)

    def redo(self) -> None:
        self._redoing = True
        try:
            ok = self.session.redo()
        finally:
            self._redoing = False
        if ok:
            self.pacer.jump(len(self.engine.log))
            self.say(_("Redone"))
            self._restore_hand()
            self.refresh()
        else:
            self.say(_("Nothing to redo"), bad=True)

    def suggest(self) -> None:
        gd = next((a for a in self.engine.legal_actions() if isinstance(a, GoDown)), None)
        if gd is None:
            self.say(_("No going-down found in your hand yet"), bad=True)
            return
        used = set()
        groups, picks = [], []
        hand = self.ui.hand_order
        for m in gd.melds:
            g = []
            for f in m.cards:
                c = next((c for c in hand if c >> 3 == f and c not in used), None)
                if c is None:
                    continue
                used.add(c)
                g.append(c)
            groups.append(g)
            rs = readings(list(m.cards), self.obs.wild_ranks)
            pick = next((i for i, r in enumerate(rs) if r.kind == m.kind and tuple(r.roles) == tuple(m.roles)), 0)
            picks.append(pick)
        self.ui.staged, self.stage_pick = groups, picks
        self.ui.selected.clear()
        self.say(_("Suggested: press Go down to lay it"))
        self.refresh()

    def _explain_go_down(self) -> None:
        """A click on Go down while it is off: what the staged melds still lack."""
        if self.ui.stage_note and self.caught_up() and self.session.human_to_act() == "play":
            self.say(self.ui.stage_note, bad=True)

    def go_down_action(self):
        decls = []
        for gi, g in enumerate(self.ui.staged):
            rs = readings([c >> 3 for c in g], self.obs.wild_ranks)
            if rs:
                decls.append(rs[self.stage_pick[gi] % len(rs)])
            else:
                decls.append(MeldDecl("set", tuple(c >> 3 for c in g), (None,) * len(g)))
        return GoDown(self.human, tuple(decls))

    def go_down(self) -> None:
        if not self.ui.staged:
            self.say(_("Build the contract's melds first"), bad=True)
            return
        if self._refuse_bad_melds():
            return
        action = self.go_down_action()
        if getattr(self.app.settings, "confirm_go_down", False) and self.caught_up() \
                and self.session.human_to_act() == "play" and self.engine.is_legal(action):
            # the confirm_go_down setting: ask first (an illegal go-down is refused at once)
            from .confirm import ConfirmGoDown
            self.app.push(ConfirmGoDown(self, action))
            return
        self.confirm_go_down(action)

    def _refuse_bad_melds(self) -> bool:
        """Each staged meld checked before the go-down: a group that is no valid set or
        run is refused with its own reason and rule id and its cards go back to the hand
        (gliding there), the valid ones stay staged; ``True`` when one was refused.  (The
        contract's count is the rules' refusal, only when every staged meld is valid.)"""
        wr = self.obs.wild_ranks if self.obs is not None else frozenset()
        bad = []
        for gi, g in enumerate(self.ui.staged):
            why = meld_fault([c >> 3 for c in g], wr, self.stage_pick[gi] if gi < len(self.stage_pick) else 0,
                             self.obs.contract if self.obs is not None else None)
            if why is not None:
                bad.append((gi, why))
        if not bad:
            return False
        out = {gi for gi, _w in bad}
        self.ui.staged = [g for gi, g in enumerate(self.ui.staged) if gi not in out]
        self.stage_pick = [p for gi, p in enumerate(self.stage_pick) if gi not in out]
        self.say("; ".join(w for _gi, w in bad), bad=True, secs=8.0)
        if self.app is not None:
            self.app.play_sound("error")
        self.refresh()
        return True

    def confirm_go_down(self, action) -> None:
        """Apply a go-down (at once, or when the confirmation says "Go down")."""
        if self.act(action):
            self.ui.staged, self.stage_pick = [], []
            self.refresh()

    # ------------------------------------------------------------------ gestures
    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if ctrl and event.key == pygame.K_z:
                self.undo()
                return True
            if ctrl and event.key == pygame.K_y:
                self.redo()
                return True
            if event.key == pygame.K_ESCAPE:
                if self.dragger.drag is not None:
                    self.dragger.cancel(self.layer.sprites)
                    self.refresh()
                elif self.ui.selected or self.chooser is not None:
                    self.ui.selected.clear()   # put the picked-up cards back
                    self.chooser = None
                    self.refresh()
                else:
                    self.press_button("menu")
                return True
            return self.handle_key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus_shown = False   # the mouse is in use: no keyboard outline
            return self.mouse_down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if self.dragger.drag is not None:
                if self.dragger.motion(event.pos, self.layer.sprites):
                    self._light_targets()
                self._raise_hand()   # over the hand, the hand makes way for the cards
                return True
            # the hand card under the mouse is drawn over its neighbours (its face whole)
            self._raise_hand()
            s = self.layer.at(event.pos, lambda s: s.group == "hand")
            self.hovered = s.key if s is not None else None
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.mouse_up(event.pos)
        return False

    # ---- the role chooser: the readings of a group with an ambiguous wild (CF-3)
    def open_chooser(self, gi: int, rs) -> None:
        r = self.view.zones.get(f"stage:{gi}")
        rows = [_decl_pretty(d) for d in rs[:8]]
        w = max([text.render(t, 15).get_width() for t in rows]
                + [text.render(_("Which role for the wild?"), 13, bold=True).get_width()]) + 28
        h = 30 + 26 * len(rows)
        x = r.x if r else self.L.stage.x
        y = (r.y if r else self.L.stage.y) - h - 6
        self.chooser = (gi, rs[:8], pygame.Rect(x, max(40, y), w, h))

    def chooser_click(self, pos) -> bool:
        ch = getattr(self, "chooser", None)
        if ch is None:
            return False
        gi, rs, box = ch
        self.chooser = None
        if box.collidepoint(pos):
            i = (pos[1] - box.y - 26) // 26
            if 0 <= i < len(rs) and gi < len(self.stage_pick):
                self.stage_pick[gi] = i
                self.say(_("Declared: {meld}").format(meld=_decl_pretty(rs[i])))
        self.refresh()
        return True

    def _draw_chooser(self, surf) -> None:
        ch = getattr(self, "chooser", None)
        if ch is None:
            return
        gi, rs, r = ch
        box(surf, r, "buy")
        surf.blit(text.render(_("Which role for the wild?"), 13, (250, 236, 170), bold=True),
                  (r.x + 12, r.y + 6))
        cur = self.stage_pick[gi] % len(rs) if gi < len(self.stage_pick) else 0
        mx, my = self.app.mouse_pos()
        for i, d in enumerate(rs):
            row = pygame.Rect(r.x + 6, r.y + 26 + 26 * i, r.w - 12, 24)
            if i == cur or row.collidepoint(mx, my):
                pygame.draw.rect(surf, (90, 70, 20) if i == cur else (60, 60, 40), row, border_radius=6)
            surf.blit(text.render(_decl_pretty(d), 15, (245, 245, 235)), (row.x + 8, row.y + 2))

    def _raise_hand(self) -> None:
        """The one hand card with the keyboard focus is drawn over its right-hand
        neighbour, its face whole (``layer.raised``, the drawing and hit order), and the
        cards right of it make way (``layer.shift``, gliding) so that neighbour's index
        corner still shows: every card stays known.  Selected and lifted cards are not
        raised (several at once would hide several neighbours' indexes), and neither is
        the card under the mouse: nothing in the hand moves under the pointer, so cards
        clicked in quick succession where they were seen are the cards picked (when the
        hovered card was raised and the hand made way, a quick second click landed on the
        card before).  While hand cards are dragged over the hand, the hand makes way
        for them instead (``_drag_gap``)."""
        gap = self._drag_gap()
        if gap is not None:
            self.layer.raised = {}
            self.layer.set_shift(gap)
            return
        top = None
        if getattr(self, "focus_shown", False) and self.focus_zone == "hand" and self.view is not None:
            it = self.focused()
            if it is not None:
                top = it
        v = self.view
        row = [(p.key, p.x) for p in v.placements if p.group == "hand"] if v is not None else []
        if top is None or top not in dict(row):
            self.layer.raised = {}
            self.layer.set_shift({})
            return
        self.layer.raised = {top: 200}
        p = next(p for p in v.placements if p.key == top)
        st = getattr(self.app, "settings", None) if self.app is not None else None
        large = bool(getattr(st, "large_index", False))
        art = getattr(self.app, "art", None) if self.app is not None else None
        ir = art.index_rect(p.face, int(round(p.w)), large) if hasattr(art, "index_rect") \
            else pygame.Rect(0, 0, int(p.w * 0.3), int(p.w * 0.4))
        hand = self.L.hand
        self.layer.set_shift(gap_shifts(row, top, p.w, ir.right + 2, hand.x, hand.right))

    def _drag_gap(self) -> dict | None:
        """While cards picked up from the hand, or a card drawn by dragging it from the
        stock or the discard pile, are dragged over the hand, the sideways shifts (key ->
        px) that move the hand's cards to where they will be once the cards are dropped
        there: the gap opens where the drop puts them (``_index_at``, the drop's own
        index, staged cards not counted; a drawn card: ``refresh``, the hand one card
        longer) and the cards glide aside as the pointer moves.  A drawn card opens it
        only when the draw would be taken (the hand lit as its target): a refused one
        snaps back with the hand in place.  ``None`` when no such drag is over the hand
        (hovering moves nothing)."""
        d = self.dragger.drag
        v = self.view
        if d is None or not d.moved or d.group not in ("hand", "stock", "upcard") or v is None:
            return None
        if self.zone_at(d.pos) != "hand":
            return None
        row = [p for p in v.placements if p.group == "hand"]   # in hand order, left to right
        if d.group == "hand":
            slots = [p.x for p in row]
        elif getattr(self, "layer_lit", {}).get("hand"):
            slots = hand_xs(self.L, len(row) + 1)   # the drawn card joins the row
        else:
            return None
        keys = list(d.keys)
        others = [c for c in self.ui.hand_order if c not in keys]
        i = self._index_at(others, d.pos[0])
        home = {p.key: p.x for p in row}
        after = [c for c in others[:i] + keys + others[i:] if c in home or c in keys]
        if len(after) != len(slots):
            return None
        return {c: x - home[c] for c, x in zip(after, slots) if c in home}

    def mouse_down(self, pos) -> bool:
        if self.dragger.drag is not None:
            return True
        # (the hand's raised card and gap as last drawn: the click goes to what shows)
        if self.chooser_click(pos):
            return True
        s = self.layer.at(pos, lambda s: s.group in DRAGGABLE or s.group.startswith("stage:"))
        if s is None:
            return False
        keys = [s.key]
        if s.group == "hand" and s.key in self.ui.selected and not self.session.michigan:
            keys = [s.key] + [c for c in self.ui.hand_order if c in self.ui.selected and c != s.key]
        self.dragger.press(keys, s.group, pos, self.layer.sprites)
        return True

    def mouse_up(self, pos) -> bool:
        d = self.dragger.release(pos, self.layer.sprites)
        if d is None:
            return False
        self.layer_lit = {}
        if not d.moved:
            self.click(d)
        else:
            # the gap opened for the dragged cards closes: the new placements take over
            self.layer.set_shift({})
            self.drop(d, pos)
        self.refresh()
        return True

    def click(self, d) -> None:
        key = d.keys[0]
        if d.group == "hand":
            if self.session.michigan:
                self.act(Lead(self.human, key >> 3))
                return
            if key in self.ui.selected:
                self.ui.selected.discard(key)
            else:
                self.ui.selected.add(key)
            return
        if d.group in ("stock", "upcard"):
            self.drop_action(d, "hand", d.pos)
            return
        if d.group.startswith("stage:"):
            gi = int(d.group.split(":")[1])
            c = key
            f = c >> 3
            if f == JOKER or FACE_RANK[f] in self.obs.wild_ranks:
                rs = readings([x >> 3 for x in self.ui.staged[gi]], self.obs.wild_ranks)
                if len(rs) > 1:
                    self.open_chooser(gi, rs)
                    return
            self.ui.staged[gi].remove(c)

    def zone_at(self, pos) -> str | None:
        z = self.view.zones
        order = [k for k in z if k.startswith("meld:")] + [k for k in z if k.startswith("stage:")] + \
            ["discard", "stock", "stage", "lead", "hand"]
        for k in order:
            if k in z and z[k].collidepoint(pos):
                return k
        return None

    def drop(self, d, pos) -> None:
        zone = self.zone_at(pos)
        if zone is None:
            return
        self.drop_action(d, zone, pos)

    def candidate(self, d, zone, pos):
        """``("engine", action)``, ``("ui", fn)`` or ``None`` for a drop of ``d`` on ``zone``."""
        h = self.human
        src = d.group
        keys = d.keys
        phase = self.session.human_to_act() if self.caught_up() else None
        if src in ("stock", "upcard"):
            if zone != "hand":
                return None
            if src == "upcard":
                return ("engine", Draw(h, "discard"))
            legal = self.engine.legal_actions() if phase else []
            if any(isinstance(a, PassUpcard) for a in legal):
                return ("engine", PassUpcard(h))
            return ("engine", Draw(h, "stock"))
        if src.startswith("stage:"):
            gi = int(src.split(":")[1])
            if zone == "hand":
                return ("ui", lambda: self._unstage(keys))
            if zone.startswith("stage"):
                tgt = int(zone.split(":")[1]) if ":" in zone else None
                if tgt == gi:
                    return None
                return ("ui", lambda: self._stage(keys, tgt))
            return None
        if src != "hand":
            return None
        face = keys[0] >> 3
        if zone == "hand":
            return ("ui", lambda: self._reorder(keys, pos))
        if self.session.michigan:
            if zone in ("lead",) or zone.startswith("cell"):
                return ("engine", Lead(h, face))
            return None
        if zone == "discard":
            if len(keys) > 1:
                return ("error", _("Discard one card at a time (CF-11)"))
            return ("engine", Discard(h, face))
        if zone == "stage" or zone.startswith("stage:"):
            if self.obs.down[h]:
                return ("error", _("You have already gone down: lay off on the table's melds (CF-7)"))
            tgt = int(zone.split(":")[1]) if ":" in zone else None
            return ("ui", lambda: self._stage(keys, tgt))
        if zone.startswith("meld:"):
            if len(keys) > 1:
                return ("error", _("Lay off one card at a time (CF-8)"))
            mi = int(zone.split(":")[1])
            return ("engine", self._layoff_or_swap(mi, keys[0], pos))
        return None

    def _layoff_or_swap(self, mi, card, pos):
        h = self.human
        obs = self.obs
        m = obs.melds[mi]
        f = card >> 3
        wr = obs.wild_ranks
        if self.session.variant == "contract" and m.kind == "run" and f != JOKER and swap_index(m, f) is not None:
            # a natural card dropped on the wild it stands for swaps it (CR-7)
            for r, c, role in self.view.meld_cards.get(mi, []):
                if role is not None and r.collidepoint(pos):
                    return Swap(h, mi, f)
        roles = layoff_roles(m, f, wr)
        if not roles:
            if self.session.variant == "contract" and swap_index(m, f) is not None:
                return Swap(h, mi, f)
            return LayOff(h, mi, f, None)
        if None in roles:
            return LayOff(h, mi, f, None)
        if len(roles) == 1 or m.kind == "set":
            return LayOff(h, mi, f, roles[0])
        rect = self.view.melds.get(mi)
        low = rect is not None and pos[0] < rect.centerx
        ordered = sorted(roles, key=lambda r: _run_rank(r, m))
        return LayOff(h, mi, f, ordered[0] if low else ordered[-1])

    def drop_action(self, d, zone, pos) -> None:
        cand = self.candidate(d, zone, pos)
        if cand is None:
            return
        kind, what = cand
        if kind == "error":
            self.say(what, bad=True)
            return
        if kind == "ui":
            what()
            return
        if not self.caught_up():
            self.say(_("Wait: the table is still moving"), bad=True)
            return
        if d.group in ("stock", "upcard") and zone == "hand" and d.moved:
            self._drop_x = pos[0]    # the drawn card lands there (``refresh``)
        if isinstance(what, PassUpcard):
            if self.act(what):
                self.want_stock = True
            else:
                self._drop_x = None
            return
        if not self.act(what):
            self._drop_x = None

    def _unstage(self, keys) -> None:
        for g in self.ui.staged:
            for k in keys:
                if k in g:
                    g.remove(k)

    def _stage(self, keys, tgt) -> None:
        self._unstage(keys)
        self.ui.staged = [g for g in self.ui.staged]
        if tgt is not None and tgt < len(self.ui.staged):
            self.ui.staged[tgt].extend(keys)
        else:
            self.ui.staged.append(list(keys))
            self.stage_pick.append(0)
        self.ui.selected -= set(keys)

    def _index_at(self, order, x) -> int:
        """Where in ``order`` (hand cards) a card dropped at ``x`` goes: just before the
        first card shown in the hand row whose middle is right of ``x``.  Cards of
        ``order`` shown elsewhere (staged in the meld area) don't count: they made a drop
        at the left of the hand land one place further right per staged card.  The
        cards' own places count, not where a gap opened for a dragged card moved them
        (``_drag_gap``: the gap would otherwise move the drop, and the drop the gap)."""
        sp = self.layer.sprites
        for j, c in enumerate(order):
            s = sp.get(c)
            if s is None or s.group != "hand":
                continue
            x0, _y, w = self.layer.home(c) or (s.tx, s.ty, s.tw)
            if x0 + w / 2 >= x:
                return j
        return len(order)

    def _reorder(self, keys, pos) -> None:
        order = [c for c in self.ui.hand_order if c not in keys]
        i = self._index_at(order, pos[0])
        self.ui.hand_order = order[:i] + list(keys) + order[i:]
        self.sort_mode = ""

    def _light_targets(self) -> None:
        d = self.dragger.drag
        lit = {}
        for zone, r in self.view.zones.items():
            if zone == "hand" and d.group == "hand":
                continue
            cand = self.candidate(d, zone, r.center)
            if cand is None or cand[0] == "error":
                continue
            if cand[0] == "ui":
                lit[zone] = True
            elif self.caught_up() and self.session.human_to_act():
                a = cand[1]
                if isinstance(a, LayOff) and not a.role and a.card == JOKER:
                    continue
                ok = self.engine.is_legal(a)
                if not ok and isinstance(a, (LayOff, Swap)):
                    ok = any(x.meld == a.meld and x.card == a.card for x in self.engine.legal_actions()
                             if isinstance(x, (LayOff, Swap)))
                if ok:
                    lit[zone] = True
        self.layer_lit = lit

    # ------------------------------------------------------------------ update
    def frame_key(self):
        """Changes when an update applied or showed a move, opened or closed the buying
        window, ticked its countdown's shown second, or said something new."""
        return (self.shown, len(self.engine.log), self.buy.open, int(max(0.0, self.buy.t)),
                self.toast.t > 0, self.toast.msg, id(self.obs), self.ui.thinking,
                int(max(0.0, self.buy.intro_t) * 40))

    def busy(self) -> bool:
        return (self.layer.moving() or not self.caught_up() or self.dragger.drag is not None
                or self.session.ai_to_act() is not None or self.buy.busy
                or self.toast.t > 0 or self._faces_due())

    def _faces_due(self) -> bool:
        return self.images.due(self.app.art)

    # ---- what the table shows of the log (``pacing``)
    @property
    def shown(self) -> int:
        """How many of the log's events the table shows (``Pacer.shown``)."""
        return self.pacer.shown

    @shown.setter
    def shown(self, n: int) -> None:
        self.pacer.shown = n

    @property
    def cur_event(self):
        """The event shown last: the cards' motion follows it (``Pacer.cur_event``)."""
        return self.pacer.cur_event

    @cur_event.setter
    def cur_event(self, ev) -> None:
        self.pacer.cur_event = ev

    def _advance(self, dt, force: bool = False) -> None:
        """Show the next logged events when their time came (``Pacer.advance``)."""
        self._showed(self.pacer.advance(self.engine.log, dt, force))

    def _showed(self, events) -> None:
        if not events:
            return
        for ev in events:
            for snd in sounds_of(ev):
                self.app.play_sound(snd)
        self.refresh()

    def deal_moves(self) -> list[str]:
        """What the status line said of each event of the current deal shown so far,
        oldest first (the table's move log, L): ``narration``, from the log."""
        return self.narrator.deal_moves(self.shown)

    @property
    def last_text(self) -> str:
        """What the status line says of the latest event shown (``narration``)."""
        return self.narrator.last_text(self.shown)

    def _place_tooltips(self) -> None:
        """A button's tooltip that would cover another button (Suggest's covered Go down
        below it) moves beside the button column, left of it, level with the button."""
        for b in self.buttons.values():
            tt = getattr(b, "tool_tip", None)
            if tt is None or getattr(tt, "_table_placed", False):
                continue
            tt._table_placed = True
            others = [o.rect for o in self.buttons.values() if o is not b and o.visible]
            if not any(tt.rect.colliderect(r) for r in others):
                continue
            W, H = self.L.size
            left = self.L.side.x if b.rect.colliderect(self.L.side) else b.rect.x
            x = left - tt.rect.w - 8
            if x < 0:
                x = min(W - tt.rect.w, b.rect.right + 8)
            y = max(0, min(H - tt.rect.h, b.rect.centery - tt.rect.h // 2))
            tt.set_position((x, y))

    def update(self, dt: float) -> None:
        self.layer.update(dt)
        self.buy.tick(dt)
        self._place_tooltips()
        err = getattr(getattr(self.session, "journal", None), "error", None)
        if err and err != getattr(self, "_save_error_shown", None):
            # the record could not be written (disk full...): play goes on, say so once
            from ...i18n.messages import storage_message
            self._save_error_shown = err
            self.say(storage_message(err), bad=True, secs=8.0)
        for mid, seat in self.session.take_notices() if hasattr(self.session, "take_notices") else ():
            # a computer player failed (logged): the stand-in moved for it, say so
            self.say(_(mid).format(name=player_name(self.session.names[seat])), bad=True, secs=8.0)
        self.toast.tick(dt)
        if self.dragger.drag is not None:
            return
        if not self.caught_up():
            self._showed(self.pacer.wait(self.engine.log, dt, self.layer.moving()))
            return
        if self.app.stack.top is not self:
            return
        s = self.session
        if s.game_over():
            if self.sheet_for != "over" and not self.layer.moving():
                self.sheet_for = "over"
                from .scores import ResultsScene
                self.app.push(ResultsScene(s))
            return
        if s.deal_due():
            rnd = self.obs.round
            if self.sheet_for != rnd and not self.layer.moving():
                self.sheet_for = rnd
                from .scores import ScoreSheet
                self.app.push(ScoreSheet(s, between=True))
            return
        turn = self.ai.step(dt, on_think=self.refresh)
        if turn == "applied":
            self.pacer.step_t = 0.0
            self._advance(0, force=True)
        if turn == "stopped":
            self.refresh()
        elif turn is not None:
            return
        ph = s.human_to_act()
        if ph == "buy":
            if getattr(self.app.settings, "auto_pass_buys", False):
                self.act(PassBuy(self.human))
                return
            if self.buy.count_down(dt):
                self.act(PassBuy(self.human))
            return
        if ph == "draw":
            legal = self.engine.legal_actions()
            if self.want_stock and len(legal) == 1 and isinstance(legal[0], Draw) and legal[0].source == "stock":
                self.want_stock = False
                self.act(legal[0])
        if self.buy.open:
            self._update_buttons()

    def continue_after_sheet(self) -> None:
        """The score sheet's "Next deal"."""
        if self.session.deal_due():
            self.ui.staged, self.stage_pick = [], []
            self.ui.hand_order = []
            self.session.deal_next()
            self.sheet_for = None
            self.app.play_sound("shuffle")

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        W, H = surf.get_size()
        v = self.view
        self.images.tick(self.app.art)
        turn = self.caught_up() and self.session.human_to_act() in ("draw", "play", "lead")
        # the felt, the boxes and the chips are one background (the seats' boxes, which
        # light up in turn, are drawn over it each frame); when a box or a chip stack
        # changes, only the changed places are painted anew (``_update_background``)
        surf.blit(self.felt.update(self.app.art, W, H, bg_items(v, turn)), (0, 0))
        for r, kind in v.boxes:
            if kind in TURN_BOXES:
                box(surf, r, kind)
        lit = getattr(self, "layer_lit", {}) if self.dragger.active else {}
        for zone, ok in lit.items():
            r = v.zones.get(zone)
            if r is not None and zone not in ("hand",):
                glow(surf, r)
        art = self.app.art
        st = self.app.settings
        four = bool(getattr(st, "four_color", False))
        large = bool(getattr(st, "large_index", False))
        back = getattr(st, "card_back", "blue")
        h = self.current_hint()
        hinted = h.cards if h is not None else ()
        self._raise_hand()
        for s in self.layer.ordered():
            if s.t < 0:
                continue  # still in the deck, waiting to be dealt
            w = int(round(s.tw))
            img = self.images.get(art, s.face, w, four, large, back)
            r = s.rect()
            if abs(s.w - s.tw) > 1:
                img = pygame.transform.smoothscale(img, (max(1, r.w), max(1, int(r.w * 1.4))))
            if s.dragging:
                sh = art.shade(w, 70)
                surf.blit(sh, (r.x + 6, r.y + 8))
            surf.blit(img, r.topleft)
            if s.dim:
                surf.blit(art.shade(w, 80), r.topleft)
            if s.key in self.ui.selected:
                surf.blit(art.highlight(w), r.topleft)
            elif s.key in self.ui.lift:
                surf.blit(art.highlight(w, color=GREEN), r.topleft)
            if s.key in hinted:
                # a tinted ring in drawing order: in a fanned hand each hinted card's
                # visible strip is marked, not a tangle of overlapping outlines
                surf.blit(art.highlight(w, color=HINT, fill_alpha=55), r.topleft)
        for lab in self._drawn_labels():
            draw_label(surf, lab)
        self._draw_hint(surf)
        self._draw_focus(surf)
        self.draw_banner(surf)
        if not self.session.michigan:
            self.buy.draw(surf, self.app.art, self.app.settings, self.obs, self.session.names,
                          self.L.ui)
        self._draw_chooser(surf)
        self.toast.draw(surf, self.L.stage)

    def _draw_focus(self, surf) -> None:
        """The keyboard focus: a bright outline round the focused card, pile, meld or
        button (shown once the keyboard is used)."""
        if not self.focus_shown or self.app.stack.top is not self:
            return
        r = self.focus_rect()
        if r is None:
            return
        r = r.inflate(*((4, 4) if self.focus_zone in ("stage", "melds") else (10, 10)))
        pygame.draw.rect(surf, (0, 0, 0), r.inflate(4, 4), 2, border_radius=12)
        pygame.draw.rect(surf, FOCUS, r, 4, border_radius=10)
        pygame.draw.rect(surf, (235, 255, 255), r.inflate(-6, -6), 1, border_radius=8)

    def _draw_hint(self, surf) -> None:
        """The hint's target lit (its cards are ringed as they are drawn)."""
        h = self.current_hint()
        if h is None:
            return
        v = self.view
        if h.zone is not None:
            r = v.zones.get(h.zone)
            if h.zone == "stock":
                r = self.L.stock.inflate(12, 12)
            elif h.zone == "discard":
                r = self.L.discard.inflate(12, 12)
            elif h.zone.startswith("meld:"):
                mi = int(h.zone.split(":")[1])
                r = v.melds[mi].inflate(8, 8) if mi in v.melds else None
            if r is not None:
                glow(surf, r, HINT)
        if h.button and h.button in self.buttons and self.buttons[h.button].visible:
            glow(surf, self.buttons[h.button].rect.inflate(10, 10), HINT)

    def draw_banner(self, surf) -> None:
        """The banner (its heading, the status line) and the scores under it."""
        right = getattr(self, "_top_left", self.L.size[0]) - 8   # the replay has no top buttons
        self.banner.draw(surf, self.L, heading(self.obs, self.session), self.status_text(),
                         right, scores_line(self.obs, self.session))

    def status_text(self) -> str:
        """What the status line says now (``banner.status_line``)."""
        s = self.session
        if not self.caught_up():
            return self.last_text
        h = self.current_hint()
        seat = s.ai_to_act()
        return status_line(
            last=self.last_text, game_over=s.game_over(), deal_due=s.deal_due(),
            hint=h.text() if h is not None else None, phase=s.human_to_act(),
            thinking=player_name(s.names[seat]) if seat is not None else None,
            keyboard=self.focus_shown, want_stock=self.want_stock, can=self._can_now,
            stock_due=bool(getattr(self.obs, "stock_due", False)), variant=s.variant,
            now=s.observe if hasattr(s, "observe") else (lambda: None), human=self.human)

    def _drawn_labels(self):
        """The view's labels as drawn (short of the buying window's panel when open)."""
        if self.session.michigan:
            return self.view.labels
        return self.buy.labels(self.view.labels, self.L.stage, self.L.ui)

    def _can_now(self) -> dict:
        """What the human may do now, from the engine's legal actions (kept for the
        state: the status line asks every frame): ``upcard`` (take it), ``stock`` (draw,
        or pass the upcard to draw), ``buy``, ``lay_off`` (or swap).  Not asked in a
        play phase before going down (the legal go-down is the solver's search)."""
        key = (len(self.engine.log), getattr(self.session, "generation", 0), id(self.engine.state))
        got = self.__dict__.get("_can_cache")
        if got is not None and got[0] == key:
            return got[1]
        legal = self.engine.legal_actions() if self.caught_up() else []
        can = {"upcard": any(isinstance(a, Draw) and a.source == "discard" for a in legal),
               "stock": any(isinstance(a, PassUpcard) or (isinstance(a, Draw) and a.source == "stock")
                            for a in legal),
               "buy": any(isinstance(a, Buy) for a in legal),
               "lay_off": any(isinstance(a, (LayOff, Swap)) for a in legal)}
        self._can_cache = (key, can)
        return can




def _run_rank(role, m) -> int:
    r = FACE_RANK[role]
    if r == 14 and m.rank <= 2:
        return 1
    return r


def _decl_pretty(d: MeldDecl) -> str:
    out = []
    for f, r in zip(d.cards, d.roles):
        if r is None:
            out.append(card_name(f))
        elif d.kind == "set":
            out.append(_("{card} as a {rank}").format(card=card_name(f), rank=RANK_TEXT[FACE_RANK[r]]))
        else:
            out.append(_("{card} as {role}").format(card=card_name(f), role=card_name(r)))
    kind = _("set") if d.kind == "set" else _("run")
    return _("{kind}: {cards}").format(kind=kind, cards="  ".join(out))
