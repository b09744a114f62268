"""The table scene: one game against the computer, played by drag and drop or by keys.

The scene shows the human seat's Observation of the state it has *caught up to*
(``shown``): after an action the new events are shown one by one at a readable pace, so
every AI card and every forced play visibly travels.  The human may act only when the
display has caught up and it is their decision.  A gesture becomes a candidate action;
``GameSession.apply`` (the engine) accepts it or raises ``IllegalActionError``, whose
message (with its rule id) is shown while the cards glide back.

The scene composes the table's parts (``ui/table``), each readable and tested alone:

* ``presenter.present``: the Observation -> where every card and label goes;
* ``board.Board``: the card sprites gliding there, the felt and its caches (``felt``);
* ``gestures.Gestures`` and ``keyboard.TableKeys``: a drag, a click or a key -> a
  candidate action (events go to the keys, then the mouse: the first that takes it);
* ``arrange.Arrangement``: the hand's order and the melds being built;
* ``pacing.Pacer`` and ``pacing.AiTurns``: how long a move stays on screen, when a
  computer seat may act;
* ``narration.Narrator``: the log in words (the status line, the moves log L, each
  seat's last move on its box, Michigan's pay cells taken);
* ``buypanel.BuyPanel``: the buying window (``fits``: whether the card on offer fits the
  hand, for "offer a card only when it fits my hand"); ``banner``: the banner, the status
  line and the passing messages; ``turncue.TurnCue``: the "your turn" cue;
  ``buttons.TableButtons``: the buttons.

The end of a deal shows every hand (``scores.DealEndScene``) before the score sheet; the
sheet, the scores line and Michigan's chips show the Observation the animation has
reached (``landed_obs``), never ahead of the cards.

``dealend``: the deal's end shown (every hand, then the sheet) and the next deal dealt.
``commands``: the player's own commands (undo and redo with the hand's order, Suggest,
"Lay off all that fits", Go down).

What stays here: the scene's lifecycle, applying the player's actions (going down), and
the frame (update and draw).
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ...core.actions import Buy, Draw, LayOff, PassBuy, PassUpcard, Swap
from ...core.errors import IllegalActionError
from ...i18n import _, card_name, player_name
from ...variants import Buying
from ..scene import Scene
from ..table import commands
from ..table import layout as layout_mod
from ..table.ahead import WARM_GUI_FONTS, WARM_TEXT, DealEndAhead, warm_texts
from ..table.arrange import Arrangement
from ..table.banner import Banner, Toast, asked_out_of_turn, heading, scores_line, status_line
from ..table.board import Board
from ..table.buttons import TableButtons
from ..table.buypanel import BUY_CW, BuyPanel
from ..table.dealend import DealEnds, turn_key
from ..table.fits import offer_fits
from ..table.gestures import Gestures
from ..table.handhist import HandHistory, restore_order
from ..table.hint import HintAsker, draw_hint
from ..table.keyboard import TableKeys
from ..table.layout import TableLayout
from ..table.narration import Narrator
from ..table.pacing import AiTurns, Pacer, sounds_of
from ..table.presenter import UIState, View, held_labels, is_layout_game, present
from ..table.session import GameSession
from ..table.turncue import PULSE_S, TurnCue


class TableScene(Scene):
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.engine = session.engine
        self.human = session.human
        self.ui = UIState(names=session.names, levels=session.levels)
        self.hand = Arrangement(self.ui)
        self.board = Board()
        self.layer, self.felt, self.images = self.board.layer, self.board.felt, self.board.images
        self.pacer = Pacer(self.human, shown=len(self.engine.log))
        self.ai = AiTurns(session, self.ui, self.pacer)
        self.narrator = Narrator(session, since=self.shown)
        self.toast = Toast()
        self.banner = Banner()
        self.buy = BuyPanel(session.variant, sound=lambda name: self.app.play_sound(name))
        self.cue = TurnCue()
        self.ahead = DealEndAhead()      # the deal end's picture, made ahead (#17)
        self._ahead_driven = False       # ``work_ahead`` makes it (else ``update`` does)
        self._warm = list(WARM_TEXT)   # text sizes rendered after the first frame
        #: the player was told once that a card fitting nothing was passed for them
        self._told_unfit = False
        if session.spec.layout:
            self.pacer.stop_at = self._michigan_stop
            self.pacer.forced_at = lambda i: i < len(self.engine.forced) and self.engine.forced[i]
        self.controls = TableButtons()
        self.gestures = Gestures(self)
        self.keys = TableKeys(self)
        self.want_stock = False
        self.hints = HintAsker(session)  # the hint: hard's search on the worker thread
        self.ends = DealEnds(self)       # the deal's end shown, the next deal (``dealend``)
        self.view: View = None  # type: ignore[assignment]  # set by refresh (startup)
        self.obs: Any = None             # the seat's Observation (either game's)
        self.L: TableLayout = None  # type: ignore[assignment]  # set by _layout (startup)
        #: the hand's order before each of the player's decisions and where an undo left
        #: (an undo puts the cards it gives back where they were, a redo the cards it
        #: gives back where they had been put: ``handhist``)
        self.hands = HandHistory()
        self._redoing = False
        self.engine.subscribe(self._on_engine)

    # ------------------------------------------------------------------ the parts' state
    @property
    def buttons(self) -> dict:
        """The table's buttons by name (``TableButtons.named``)."""
        return self.controls.named

    @buttons.setter
    def buttons(self, named: dict) -> None:
        self.controls.named = named

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

    @property
    def last_text(self) -> str:
        """What the status line says of the latest event shown (``narration``)."""
        return self.narrator.last_text(self.shown)

    def deal_moves(self) -> list[str]:
        """What the status line said of each event of the current deal shown so far,
        oldest first (the table's move log, L): ``narration``, from the log."""
        return self.narrator.deal_moves(self.shown)

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
        self.hand.sort_mode = "suit"
        # a resumed game: the hand in the order the player had arranged it
        got = getattr(self.session, "saved_hand_order", lambda: None)()
        if got is not None:
            self.ui.hand_order, self.hand.sort_mode = list(got[0]), got[1]
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
        self.L = layout_mod.table_layout(
            self.app.size, self.session.num_players, self.human, self.session.spec.layout,
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
        if not self.session.spec.layout:
            ws |= {max(L.mw, int(L.cw * 0.75)), BUY_CW}
        if self.view is not None:
            ws |= {int(round(p.w)) for p in self.view.placements if p.face is not None}
        return sorted(ws, reverse=True)

    def _queue_faces(self, now: bool = False) -> None:
        """Queue every face at the table's widths (``_face_widths``) in the card art, the
        ones on the table first; ``now``: render them all at once (the table's
        opening), else ``draw`` renders a few a frame (``CardImages``)."""
        four, large = self._face_opts()
        backs = () if self.session.spec.layout else (
            (BUY_CW, getattr(self.app.settings, "card_back", "blue")),)
        shown = [p for p in self.view.placements if p.face is not None]
        self.images.queue(self.app.art, self._face_widths(),
                          first=[p.face for p in shown],
                          on_table=[(p.face, int(round(p.w))) for p in shown],
                          four=four, large=large, now=now, backs=backs)

    def _build_buttons(self) -> None:
        self.controls.build(self, self.L, self.session.spec.layout, buy=self.buy,
                            explain=self._explain_go_down)
        b = self.buttons.get("buy")
        if b is not None:
            b.on_disabled_click = self._explain_no_buy

    def _explain_no_buy(self) -> None:
        """A click on the Buy button while it is off (a rules reason: no penalty card
        left, MI-5/CF-13): the rules' refusal is said, with its rule id (``act``)."""
        if self.buy.open:
            self.act(Buy(self.human))

    @property
    def _top_left(self) -> int:
        """The left edge of the top row of buttons (the window's right edge without)."""
        return self.controls.top_left or self.L.size[0]

    def resume(self) -> None:
        super().resume()
        from ...i18n import current_language
        if self.buttons and self.controls.lang != current_language():
            # the language was changed in the settings: label everything anew
            self.buy.close()
            self._build_buttons()
            self.refresh(instant=True)
        self._update_buttons()      # (the scene's resume showed every button: Go down's
        self.buy.resumed()          # place holds one of two)

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
        self.board.unpin()          # the faces its still part showed
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
                self.hands.note(i, self.ui.hand_order, self.hand.sort_mode)

    def _restore_hand(self) -> None:
        """After an undo or a redo: the cards it gave back to the hand go where they were
        in the hand's order at that point (kept by ``hands``), not at its right end."""
        saved = self.hands.get(len(self.engine.log))
        if saved is None:
            return
        hand = list(self.shown_obs().hand)
        order = restore_order(saved[0], self.ui.hand_order, hand)
        if len(order) == len(hand) and order == [c for c in saved[0] if c in set(hand)]:
            self.hand.sort_mode = saved[1]     # the hand exactly as it was: its sort mode too
        self.ui.hand_order = order

    # ------------------------------------------------------------------ the shown state
    def shown_obs(self):
        st = self.engine.states[min(self.shown, len(self.engine.log))]
        return self.session.rules.observe(st, self.human)

    def landed_obs(self):
        """The Observation the animation has reached: the last event whose cards have
        all landed (``Pacer.landed``).  The score sheet, the scores line and Michigan's
        chips show it, never a pay cell taken before its card lands (issue #19)."""
        n = min(self.pacer.landed, self.shown, len(self.engine.log))
        if n == self.shown and self.obs is not None:
            return self.obs
        got = self.__dict__.get("_landed_obs")
        if got is None or got[0] != n or got[1] is not self.engine.states[n]:
            got = self._landed_obs = (n, self.engine.states[n],
                                      self.session.rules.observe(self.engine.states[n], self.human))
        return got[2]

    def caught_up(self) -> bool:
        return self.pacer.caught_up(len(self.engine.log))

    def refresh(self, instant: bool = False, slow: float = 1.0) -> None:
        """The shown Observation laid out anew (the hand arranged, the meld area read,
        Michigan's leads lifted) and the cards sent to their places."""
        obs = self.shown_obs()
        self.obs = obs
        hand = list(obs.hand)
        self.hand.arrange(hand, self.gestures.index_at)
        self.hand.read(obs)
        self.ui.lift = set()
        self.ui.dim = set()
        if is_layout_game(obs) and self.caught_up() and self.session.human_to_act() == "lead":
            leads = {a.card for a in self.engine.legal_actions() if a.type == "lead"}
            self.ui.lift = {c for c in hand if c >> 3 in leads}
            self.ui.dim = {c for c in hand if c >> 3 not in leads}
        # each seat's last move and Michigan's pay cards taken, from the log (narration)
        self.ui.last_moves = self.narrator.seat_labels(self.shown)
        # Michigan's chips as the animation has reached them (a pay cell is taken when
        # its card lands): refreshed again when the cards land (``update``)
        self._refreshed_landed = self.pacer.landed
        self.ui.pay_won = self.narrator.pay_cards(min(self.pacer.landed, self.shown))
        self.ui.money = self.landed_obs() if self.session.spec.layout else None
        self.view = present(obs, self.L, self.ui)
        self.board.show(self.view, obs, self.cur_event, self.human, self.session.num_players,
                        self.ui.hand_order, instant=instant or self.instant, slow=slow)
        self._update_buttons()
        # the hand's order kept beside the autosave (when it changed), for a resume
        keep = getattr(self.session, "save_hand_order", None)
        if keep is not None:
            keep(self.ui.hand_order, self.hand.sort_mode)

    # ------------------------------------------------------------------ buttons
    def _update_buttons(self) -> None:
        if not self.buttons:
            return
        mine = self.caught_up() and self.session.human_to_act()
        obs = self.obs
        down = (obs.down[self.human] if obs.round else True) if not self.session.spec.layout else True
        self.controls.update(can_undo=self.engine.can_undo(self.human),
                             can_redo=self.engine.can_redo(), mine=mine, down=down,
                             staged=bool(self.ui.staged), note=self.ui.stage_note, cards=bool(obs.hand),
                             can_lay_off=bool(mine == "play" and down and not self.session.spec.layout
                                              and self._can_now()["lay_off"]))
        if self.session.spec.layout:
            return
        self.buy.sync(mine == "buy" and not self._pass_unasked(), obs.buy_card,
                      lambda: self._can_now()["buy"], self._countdown(),
                      guard=not self._instant_test())

    def _countdown(self) -> float:
        """Seconds the offer waits for an answer: Contract's call window (CR-5) has its
        own setting, May I?'s buying window the May I? countdown (0: none)."""
        st = self.app.settings
        key = ("call_countdown_s" if self.session.spec.buying is Buying.CALL
               else "buy_countdown_s")
        try:
            return max(0.0, float(getattr(st, key, 5.0) or 0))
        except (TypeError, ValueError):
            return 5.0

    def _pass_unasked(self) -> bool:
        """The offer now is passed without asking: the auto-pass setting, or "offer a
        card only when it fits my hand" and it fits nothing (``fits.offer_fits``)."""
        st = self.app.settings
        if getattr(st, "auto_pass_buys", False):
            return True
        if not getattr(st, "ask_only_fitting", False) or self.obs is None:
            return False
        key = (len(self.engine.log), getattr(self.session, "generation", 0),
               tuple(tuple(g) for g in self.ui.staged))
        got = self.__dict__.get("_fit_cache")
        if got is None or got[0] != key:
            got = self._fit_cache = (key, not offer_fits(self.session.observe(), self.ui.staged))
        return got[1]

    def _michigan_stop(self, i: int) -> bool:
        """Log event ``i`` stopped Michigan's sequence (MG-7): the next card is a lead."""
        eng = self.engine
        if not 0 <= i < len(eng.log) or eng.log[i].type not in ("lead", "play"):
            return False
        obs = self.session.rules.observe(eng.states[i + 1], self.human)
        return bool(getattr(obs, "stopped", False)) and not getattr(obs, "deal_over", False)

    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_START_PRESS:
            # a press on Buy or Pass began: its click answers the offer open now
            # (``BuyPanel.answer``), not one that opens before it is released
            self.buy.note_input()
            if event.ui_element in (self.buttons.get("buy"), self.buttons.get("pass_buy")):
                self.buy.note_press()
            return False
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        self.buy.note_input()
        name = next((k for k, v in self.buttons.items() if v is event.ui_element), None)
        if name is None:
            return False
        if name in ("buy", "pass_buy"):
            self.answer_buy(name == "buy", click=True)
            return True
        self.press_button(name)
        return True

    def press_button(self, name: str) -> None:
        """A button's action (the tests call this the same way a click does)."""
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name in ("sort_suit", "sort_rank"):
            self.hand.sort(name[5:])
            self.refresh()
        elif name == "suggest":
            self.suggest()
        elif name == "clear":
            self.hand.clear()
            self.refresh()
        elif name == "go_down":
            self.go_down()
        elif name == "play_all":
            self.play_all()
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
            self.app.push(ScoreSheet(self.session, between=False, shown=self.landed_obs))
        elif name == "menu":
            from .scores import TableMenu
            self.app.push(TableMenu(self))

    def _instant_test(self) -> bool:
        """The tests' instant app (not the skip-animations setting): no buying-window
        guard or flash there."""
        return bool(self.instant and getattr(self.app, "_instant_arg", False))

    def answer_buy(self, buy: bool, click: bool = False) -> bool:
        """Buy (``buy``) or pass the card on offer: its button (``click``: a click on
        it), B/P, or Enter on the focused button; ignored (and said why) just after an
        offer opens (``BuyPanel.answer``)."""
        ok, why = self.buy.answer(click=click)
        if not ok:
            if why:     # a refusal when meant for the last offer, else "answer again"
                self.say(why, bad=self.buy.meant_for_last, secs=3.0)
            return False
        return self.act(Buy(self.human) if buy else PassBuy(self.human))

    # ------------------------------------------------------------------ acting
    def say(self, msg: str, bad: bool = False, secs: float = 5.0) -> None:
        """Tell the player ``msg`` over the meld area for ``secs`` (``bad``: a refusal)."""
        self.toast.say(msg, bad, secs)

    def act(self, action) -> bool:
        """Apply a human action (a tuple of actions: one gesture's, applied together as
        one decision, undone as one); on refusal show the reason (with its rule id)."""
        if not self.caught_up():
            return False
        try:
            if isinstance(action, (tuple, list)):
                self.session.apply_together(action)
            else:
                self.session.apply(action)
        except IllegalActionError as e:
            self.say(commands.refusal_text(self, e), bad=True)
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
        """Undo back to the human's previous decision (``commands.undo``)."""
        commands.undo(self, confirmed)

    def redo(self) -> None:
        """Redo the decision undone last (``commands.redo``)."""
        commands.redo(self)

    def suggest(self) -> None:
        """Fill the meld area with a going-down the hand makes (``commands.suggest``)."""
        commands.suggest(self)

    def play_all(self) -> bool:
        """"Lay off all that fits" (``commands.play_all``)."""
        return commands.play_all(self)

    def _explain_go_down(self) -> None:
        """A click on Go down while it is off: what the staged melds still lack."""
        if self.ui.stage_note and self.caught_up() and self.session.human_to_act() == "play":
            self.say(self.ui.stage_note, bad=True)

    def go_down_action(self):
        """The staged melds as the human's go-down (``Arrangement.declarations``)."""
        return self.hand.declarations(self.human, self.obs.wild_ranks)

    def go_down(self) -> None:
        """Go down with the staged melds (``commands.go_down``)."""
        commands.go_down(self)

    def _refuse_bad_melds(self) -> bool:
        """Each staged meld checked before the go-down: a group that is no valid set or
        run is refused with its own reason and rule id; every group stays staged (to be
        mended there); ``True`` when one was refused.  (The contract's count is the
        rules' refusal, only when every staged meld is valid.)"""
        obs = self.obs
        bad = self.hand.faults(obs.wild_ranks if obs is not None else frozenset(),
                               obs.contract if obs is not None else None)
        if not bad:
            return False
        self.say("; ".join(bad), bad=True, secs=8.0)
        if self.app is not None:
            self.app.play_sound("error")
        self.refresh()
        return True

    def confirm_go_down(self, action) -> None:
        """Apply a go-down (at once, or when the confirmation says "Go down")."""
        if self.act(action):
            self.hand.clear()
            self.refresh()

    # ------------------------------------------------------------------ hint, help, moves
    def show_hint(self) -> bool:
        """H / the Hint button: the hard AI's move for the human now, thought on the
        worker thread (``HintAsker``); it is lit on the table when it arrives."""
        if not self.caught_up() or not self.hints.ask(self.ui.hand_order, self._hint_card()):
            self.say(_("A hint is for your own decision: wait for your turn"), bad=True)
            return False
        self.say(_("Thinking about a hint…"), secs=8.0)
        return True

    def _hint_card(self):
        if self.session.spec.layout:
            return None
        return getattr(self.obs, "buy_card" if self.session.human_to_act() == "buy" else "upcard", None)

    def current_hint(self):
        """The hint shown, while the game is where it was asked (else ``None``)."""
        return self.hints.shown()

    def open_moves(self) -> None:
        """The deal's moves so far, over the table (``MovesScene``)."""
        from .help import MovesScene
        self.gestures.cancel()
        self.app.push(MovesScene(self.deal_moves(), self.session.variant))

    def open_help(self) -> None:
        from .help import HelpScene
        self.gestures.cancel()
        self.app.push(HelpScene(self.session.variant))

    # ------------------------------------------------------------------ the frame
    def handle_event(self, event) -> bool:
        """An event (after pygame_gui's widgets had it): the keys, then the mouse; the
        first part that takes it keeps it (as ``UIManager.process_events`` routes).
        Any move of the mouse, press or key tells the buying window the player is there
        (its countdown does not pass for them: ``BuyPanel.present``)."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN,
                          pygame.MOUSEWHEEL):
            self.buy.note_input()
        return self.keys.handle_event(event) or self.gestures.handle_event(event)

    def frame_key(self):
        """Changes when an update applied or showed a move, opened or closed the buying
        window, ticked its countdown's shown second, or said something new (the cards
        of what it showed landed: the status line may say the turn then)."""
        return (self.shown, self.pacer.landed, len(self.engine.log), self.buy.open,
                int(max(0.0, self.buy.t)),
                self.toast.t > 0, self.toast.msg, id(self.obs), self.ui.thinking,
                int(max(0.0, self.buy.intro_t) * 40), self.gestures.hovered_meld,
                self.buy.held, self.cue.on, int(self.cue.t * 30))

    def backdrop_key(self):
        """``Scene.backdrop_key``: ``None`` while something on the table moves (a card
        gliding or dragged, events still to show, the buying window's countdown, a
        toast, the cue), else what it shows (``frame_key``) with the faces that may give
        way to their rendered selves (a stand-in drawn at a width not rendered yet).
        Faces rendered ahead for later widths change nothing shown."""
        if (self.layer.moving() or not self.caught_up() or self.gestures.dragging
                or self.buy.busy or self.toast.t > 0 or self.cue.busy):
            return None
        return (self.frame_key(), self.images.generation, len(self.images.standins))

    def busy(self) -> bool:
        return (self.layer.moving() or not self.caught_up() or self.gestures.dragging
                or self.session.ai_to_act() is not None or self.buy.busy
                or self.toast.t > 0 or self.images.due(self.app.art) or self.cue.busy)

    def waiting(self) -> bool:
        """The table counts frames of its own with nothing new to draw: the last move's
        hold (``Pacer.settled``), a deal's end not yet shown (``DealEnds.pending``)."""
        return not self.pacer.settled(self.layer.moving()) or self.ends.pending()

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

    def work_ahead(self, slack=None) -> int:
        """The work ahead of need in this frame's ``slack`` (``ui.slack``): the faces the
        table will show (``Board.work_ahead``), the deal end's picture
        (``DealEndAhead.tick``); after the first frame, a slow one already, the text
        sizes its overlays use (``ahead.WARM_TEXT``: 1.5 ms each, more than a later
        frame's slack holds); returns the pieces done."""
        n = 0
        if not self._ahead_driven and slack is not None:
            n, self._warm = warm_texts(self._warm), []
        self._ahead_driven = True
        n += self.board.work_ahead(slack)
        return n + int(self.ahead.tick(self, slack))

    #: the widget classes whose fonts the overlays use (``App._warm_gui_fonts``)
    WARM_GUI_FONTS = WARM_GUI_FONTS

    def update(self, dt: float) -> None:
        self.layer.update(dt)
        if not self._ahead_driven:
            self.ahead.tick(self)
        self.buy.tick(dt)
        self.controls.place_tooltips(self.L)
        err = getattr(getattr(self.session, "journal", None), "error", None)
        if err and err != getattr(self, "_save_error_shown", None):
            # the record could not be written (disk full...): play goes on, say so once
            from ...i18n.messages import storage_message
            self._save_error_shown = err
            self.say(storage_message(err), bad=True, secs=8.0)
        for mid, seat in self.session.take_notices() if hasattr(self.session, "take_notices") else ():
            # a computer player failed (logged): the stand-in moved for it, say so
            self.say(_(mid).format(name=player_name(self.session.names[seat])), bad=True, secs=8.0)
        if self.hints.poll() is not None:
            self.say(self.hints.hint.text(), secs=8.0)  # type: ignore[union-attr]
        self.toast.tick(dt)
        if self.gestures.dragging:
            return
        if not self.caught_up():
            self.cue.update(None, dt, False)
            self._showed(self.pacer.wait(self.engine.log, dt, self.layer.moving()))
            self._landed_refresh()
            return
        moving = self.layer.moving()
        self.pacer.tick(dt, moving)
        self._landed_refresh()
        settled = self.pacer.settled(moving)
        # (the cue waits for a deal's cards, even when they fly past ``LATE_S``)
        ready = settled and self.app.stack.top is self and not self.pacer.dealing(self.engine.log)
        if self.cue.update(turn_key(self), dt, ready, pulse=0.0 if self.instant else PULSE_S):
            self.app.play_sound("your_turn")
        if self.app.stack.top is not self:
            return
        s = self.session
        # the end of a deal: every hand with its points, then the score sheet (``dealend``)
        if self.ends.step(settled):
            return
        if self.ai.seat is None and s.ai_to_act() is not None and not settled:
            return      # the last move lands and stays readable before the next one starts
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
            if self._pass_unasked():
                if not getattr(self.app.settings, "auto_pass_buys", False) and not self._told_unfit:
                    # once a game: why the table passed without asking
                    self._told_unfit = True
                    self.say(_("Passed {card}: it fits nothing in your hand (Settings: “Offer "
                               "a card only when it fits my hand”)").format(
                        card=card_name(self.obs.buy_card >> 3)), secs=6.0)
                self.act(PassBuy(self.human))
                return
            card = self.obs.buy_card if self.obs is not None else None
            # the pointer resting on the panel: the player is reading it (not when the
            # window has no mouse focus: the pointer is elsewhere then)
            # (``get_pos`` is in window coordinates, the panel in surface pixels: HiDPI)
            pointer = self.app.mouse_pos() if pygame.mouse.get_focused() else None
            if self.buy.count_down(dt, pointer):
                # the player was away (``BuyPanel.present``): passed for them, and said
                if self.act(PassBuy(self.human)) and card is not None:
                    self.say(_("Time ran out: you passed {card}").format(card=card_name(card >> 3)),
                             secs=5.0)
            return
        if ph == "draw":
            legal = self.engine.legal_actions()
            if self.want_stock and len(legal) == 1 and isinstance(legal[0], Draw) and legal[0].source == "stock":
                self.want_stock = False
                self.act(legal[0])
        commands.run_queued(self)
        if self.buy.open:
            self._update_buttons()

    def _landed_refresh(self) -> None:
        """Michigan: the cards landed, so the chips they took show now (the layout, the
        balances, the pay cells' winners: ``landed_obs``)."""
        if self.session.spec.layout and self.pacer.landed != getattr(self, "_refreshed_landed", None):
            self.refresh()

    def continue_after_sheet(self) -> None:
        """The score sheet's "Next deal" (``DealEnds.next_deal``)."""
        self.ends.next_deal()

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface) -> None:
        turn = (self.caught_up() and self.session.human_turn()
                and not self.pacer.dealing(self.engine.log))
        h = self.current_hint()
        self.gestures.raise_hand()
        self.board.draw(surf, self.app.art, self.app.settings, self.view, turn=turn,
                        selected=self.ui.selected, lift=self.ui.lift,
                        hinted=h.cards if h is not None else (),
                        under_cards=self.gestures.draw_lit, under_key=self.gestures.lit_key(),
                        labels=self._drawn_labels(), plates=self._plates(),
                        ring=self._ring if self.cue.on and self.app.stack.top is self else None)
        fan = self.meld_fan()
        if fan is not None:
            from ..table.meldfan import draw_fan
            draw_fan(surf, fan, self.images, self.app.art, self.app.settings)
        if h is not None:
            draw_hint(surf, h, self.view, self.L, self.buttons,
                      holes=[pygame.Rect(pos, img.get_size()) for _k, img, pos in self._plates()])
        if self.app.stack.top is self:
            self.keys.draw(surf)
        self.draw_banner(surf)
        if not self.session.spec.layout:
            self.buy.draw(surf, self.app.art, self.app.settings, self.obs, self.session.names,
                          self.L.ui, buyer=self.narrator.chain_buyer(self.shown))
        self.gestures.draw_chooser(surf)
        self.toast.draw(surf, self.L.stage)

    def meld_fan(self):
        """The table meld shown fanned out (``meldfan``) on a crowded table: the one under
        the mouse, else the one the keyboard focuses; ``None`` while a card is dragged,
        when the melds are not crowded, or no meld is pointed at."""
        from ..table.meldfan import fan_layout, wants_fan
        obs = self.obs
        if (self.session.spec.layout or obs is None or self.view is None or self.gestures.dragging
                or not wants_fan(self.L, self.session.num_players,
                                 (self.ui.meld_plan or {}).get("mw"))):
            return None
        mi = self.gestures.hovered_meld
        k = self.keys
        if mi is None and k.focus_shown and k.focus_zone == "melds" and self.app is not None \
                and self.app.stack.top is self:
            mi = k.focused()
        if mi is None:
            return None
        return fan_layout(self.view, self.L, obs.melds, mi, obs.wild_ranks)

    def draw_banner(self, surf) -> None:
        """The banner (its heading, the status line) and the scores under it."""
        right = self._top_left - 8
        self.banner.draw(surf, self.L, heading(self.obs, self.session), self.status_text(),
                         right, scores_line(self.landed_obs(), self.session))

    def status_text(self) -> str:
        """What the status line says now (``banner.status_line``): the last event
        shown's words until the table caught up and a deal's cards landed."""
        s = self.session
        if not self.caught_up() or self.pacer.dealing(self.engine.log):
            return self.last_text
        h = self.current_hint()
        seat = s.ai_to_act()
        phase = s.human_to_act()
        if phase == "buy" and self._pass_unasked():
            phase = None        # the table passes it at once: no question
        turn, offer = asked_out_of_turn(s, seat, self.obs)
        return status_line(
            turn=turn, offer=offer, last=self.last_text, game_over=s.game_over(), deal_due=s.deal_due(),
            hint=h.text() if h is not None else None, phase=phase,
            thinking=player_name(s.names[seat]) if seat is not None else None,
            keyboard=self.keys.focus_shown, want_stock=self.want_stock, can=self._can_now,
            stock_due=bool(getattr(self.obs, "stock_due", False)), variant=s.variant,
            now=s.observe, human=self.human)

    def _ring(self, surf):
        return self.cue.draw(surf, self.L.hand, self.L.ui)

    def _plates(self):
        return self.cue.plates(self.L.hand, self.L.ui) if self.app.stack.top is self else ()

    def _drawn_labels(self):
        """The view's labels as drawn (the piles' counts short of a card dragged off one,
        the seats' short of the cards flying to them, the labels short of the buying
        window's panel when open)."""
        labels = held_labels(self.view, self.gestures.held(), self.layer)
        if self.session.spec.layout:
            return labels
        return self.buy.labels(labels, self.L.stage, self.L.ui)

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


__all__ = ["TableScene"]
