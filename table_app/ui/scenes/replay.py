"""The replay viewer: step, scrub and play through a game record, and play on from any point.

The table is drawn by the live table's own parts: ``ReplayScene`` composes the same
presenter, layout, board (sprites, felt and card images), banner and labels as the
table scene, over a read-only stand-in for the game session (``ReplaySession``: nobody
acts, nothing is saved); it does not inherit the table.  What it shows is
``engine.states[pos]`` of a ``ReplayModel`` (``table_app.ui.replay_model``):

* **one seat's view**: exactly ``rules.observe(state, seat)``, as that seat saw it;
* **all hands open**: the bottom seat's Observation with the others' hands turned face
  up (the presenter's face-down cards get their faces), Michigan's widow shown, the
  stock's top card face up and its order listed beside the table.

Beside the table: the event list (click a line to go there; undo marks in orange; the
verify message of a record that breaks a rule in red at its line), the scores or chips
at that moment, and the controls.  Under it: the scrub bar (a pygame_gui horizontal
slider with deal and undo ticks) and the step / deal / play buttons.  Keys: Left/Right
step, PageUp/PageDown deal, Home/End, Space play/pause, Esc close.

The coach (issue 21, ``ui/replay_coach.py``): R (or the Review button) reviews the deal
shown for the bottom seat on a worker thread, with a progress bar (Esc cancels); the
costly decisions are marked under the scrub bar, coloured by cost; N goes to the next
one and shows the move played, the better one and the reason; P there starts a practice
game from that decision with the reviewed seat as you.  Opened over a game still being
played (its deal-end screen), playing on first asks to leave that game, saved, for the
practice game (``ConfirmLeaveGame``): the practice table takes its place, never a second
table on top.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIHorizontalSlider

from ...core.errors import RecordError
from ...i18n import N_, _, is_you, ngettext, player_name
from ...i18n import strings as S
from ...variants import VARIANTS
from ..focus import DropDown
from ..keys import key_of
from ..replay_coach import Coach
from ..replay_model import ReplayModel, catch_up
from ..replay_panel import GOLD, PALE, RED, UNDO, ReplayPanel, blit_clipped
from ..scene import Scene, draw_overlay_panel
from ..table import layout as layout_mod
from ..table import text
from ..table.arrange import Arrangement
from ..table.banner import Banner, Toast, heading, scores_line
from ..table.board import Board
from ..table.buttons import able, label_w
from ..table.labels import draw_label
from ..table.layout import TableLayout
from ..table.pacing import SOUNDS
from ..table.presenter import UIState, View, fan_positions, is_layout_game, present

SPEEDS = (("0.5×", 0.5), ("1×", 1.0), ("2×", 2.0), ("4×", 4.0), ("8×", 8.0))
STEP_S = 0.8          # seconds per event at 1×
BAR_H = 92
ALL = N_("All hands open")
CHOICES = ("You", "easy", "normal", "hard")


def _choice_text(c: str) -> str:
    """A play-on choice as shown: "You" or a level, translated."""
    return _("You") if c == "You" else _(S.LEVELS.get(c, c))


def _seen_by(name: str) -> str:
    return _("Seen by {name}").format(name=player_name(name))


class ReplaySession:
    """What the table's parts read of a session (the presenter's names and levels, the
    banner's game and rules), for a record being replayed: nobody is to act, nothing
    thinks, nothing is saved."""

    def __init__(self, model: ReplayModel, seat: int) -> None:
        self.model = model
        self.engine = model.engine
        self.rules = model.rules
        self.variant = model.variant
        self.info = self.spec = VARIANTS[model.variant]
        self.num_players = model.num_players
        self.names = list(model.names)
        self.levels = [(p.get("level") or "") if p.get("kind") != "human" else ""
                       for p in model.header["players"]]
        self.options = dict(model.header.get("options") or {})
        self.human = seat
        self.journal = None

    def observe(self, state=None):
        return self.rules.observe(self.engine.state if state is None else state, self.human)

    def human_to_act(self):
        return None

    def ai_to_act(self):
        return None

    def deal_due(self) -> bool:
        return False

    def game_over(self) -> bool:
        return False

    def to_act(self):
        return None

    def close(self, abandon: bool = False) -> None:
        pass


def default_seat(model: ReplayModel) -> int:
    """The record's human seat (the first), else seat 0."""
    for i, p in enumerate(model.header["players"]):
        if p.get("kind") == "human":
            return i
    return 0


def open_replay(path, seat: int | None = None) -> Scene:
    """The viewer for a record file, or a one-line message scene when it is not a
    record (or cannot be read)."""
    try:
        model = ReplayModel.open(path)
    except RecordError as e:
        return NotARecordScene(f"{os.path.basename(os.fspath(path))}: {e}")
    except Exception as e:  # noqa: BLE001 - the viewer never crashes on a file
        return NotARecordScene(_("{file}: cannot be opened: {error}").format(
            file=os.path.basename(os.fspath(path)),
            error=f"{type(e).__name__}: {e}".replace("\n", " ")))
    if seat is not None and not 0 <= seat < model.num_players:
        seat = None
    return ReplayScene(model, seat=seat)


class NotARecordScene(Scene):
    """A one-line message in a pygame_gui message window; closing it closes the scene."""

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message
        self.window: Any = None   # the pygame_gui message window, once built
        self._felt: Any = None

    def startup(self) -> None:
        W, H = self.app.size
        w, h = min(self.k(560), W - 40), self.k(220)
        from ...i18n.messages import storage_message
        self.window = pygame_gui.windows.UIMessageWindow(
            pygame.Rect((W - w) // 2, (H - h) // 2, w, h), _html(storage_message(self.message)),
            self.app.manager,
            window_title=_("Not a game record"))
        if getattr(self.window, "dismiss_button", None) is not None:
            self.window.dismiss_button.set_text(_(S.CLOSE))
        self.add(self.window)

    def resize(self, size) -> None:
        self.clear_widgets()
        self._felt = None
        self.startup()

    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
            self.widgets.clear()
            self.app.pop()
            return True
        return False

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return True
        return False

    def close(self) -> None:
        if self.window is not None:
            self.window.kill()
            self.window = None
        self.widgets.clear()
        self.app.pop()

    def draw(self, surf) -> None:
        W, H = surf.get_size()
        surf.blit(self.app.art.felt((W, H)), (0, 0))  # cached per size by CardArt


def _html(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ReplayScene(Scene):
    """The viewer.  It composes the table's parts it needs (``ui/table``: the presenter,
    the board with the felt and its caches, the hand's arrangement for the bottom hand's
    order, the banner and the passing messages) with its own controls, its side panel
    (``replay_panel``) and its scrub bar; nobody acts, so it has none of the table's
    input, pacing, computer players or buying window.

    Args:
        model: the record (``ReplayModel``).
        pos: the position to show first (default: the start of the first deal).
        seat: the seat whose view is shown; ``None``: all hands open (with the record's
            human seat, or seat 0, at the bottom).
    """

    def __init__(self, model: ReplayModel, seat: int | None = None, pos: int | None = None) -> None:
        super().__init__()
        self.model = model
        #: a real game still being played: only its player's view (``guarded_seat``)
        self.guard = model.guarded_seat()
        if self.guard is not None:
            seat = self.guard
        self.open_hands = seat is None
        bottom = default_seat(model) if seat is None else seat
        self.session = ReplaySession(model, bottom)
        self.engine = model.engine
        self.human = bottom
        self.ui = UIState(names=self.session.names, levels=self.session.levels)
        self.hand = Arrangement(self.ui)
        self.board = Board()
        self.layer, self.felt, self.images = self.board.layer, self.board.felt, self.board.images
        self.toast = Toast()
        #: the coach's box drawn last frame (progress, note or summary), else ``None``
        self.coach_box: pygame.Rect | None = None
        self.banner = Banner()
        self.panel = ReplayPanel(self.k, self._mouse)
        self.buttons: dict = {}
        self.view: View = None  # type: ignore[assignment]  # set by refresh (startup)
        self.obs: Any = None             # the shown seat's Observation (either game's)
        self.L: TableLayout = None  # type: ignore[assignment]  # set by _layout (startup)
        if pos is None:  # the first deal's cards in the hands
            ds = model.deals()
            pos = ds[0][0] if ds else 0
        model.seek(pos)
        self.shown = model.pos
        #: the event shown last when it was a step forward (the cards glide for it)
        self.cur_event: Any = None
        self.playing = False
        self.speed = 1.0
        self.play_t = 0.0
        self.move_seat = (bottom + 1) % model.num_players
        self.table_rect = pygame.Rect(0, 0, 100, 100)
        self.panel_rect = pygame.Rect(0, 0, 100, 100)
        self.bar_rect = pygame.Rect(0, 0, 100, 100)
        self.slider: Any = None          # the position slider (pygame_gui), once built
        self._built_for: Any = None
        #: the coach (issue 21): the review of a deal, its marks and notes
        self.coach = Coach(chips=bool(model.spec.layout))
        self.review_kw: dict = {}        # ReviewJob's options (tests: worlds)

    # ------------------------------------------------------------------ setup
    @property
    def viewer(self) -> int | None:
        """The seat whose knowledge limits the texts (``None``: all hands open)."""
        return None if self.open_hands else self.human

    @property
    def instant(self) -> bool:
        return bool(self.app and self.app.instant)

    def say(self, msg: str, bad: bool = False, secs: float = 5.0) -> None:
        """Tell the viewer ``msg`` over the meld area (``bad``: in red)."""
        self.toast.say(msg, bad, secs)

    def _apply_speed(self) -> None:
        st = self.app.settings
        self.layer.speed = 0.0 if self.instant else 1.0 / max(0.25, float(getattr(st, "animation_speed", 1.0)))

    def startup(self) -> None:
        self._apply_speed()
        self.hand.sort_mode = "suit"
        self._layout()
        self._build_buttons()
        self.refresh(instant=True)
        if self.model.at_end and self.model.problem is not None:
            self.say(self.model.problem_text(), bad=True, secs=1e9)
        elif self.model.notice:
            self.say(_(self.model.notice), secs=8.0)

    def settings_changed(self, keys) -> None:
        """A setting changed with the viewer open: the animation speed, the card size
        (laid out anew), the deck's look (the card images drawn again)."""
        keys = set(keys)
        if keys & {"animation_speed", "skip_animations"}:
            self._apply_speed()
            if self.instant:
                self.layer.finish()
        if "card_size" in keys:
            self.resize(self.app.size)
            if self.app.stack.top is not self:
                self.pause()
        if keys & {"four_color", "large_index", "card_back"}:
            self.images.clear()
            if self.images.ahead and self.view is not None:
                self._queue_faces()

    def resize(self, size) -> None:
        self._layout()
        self.felt.invalidate()
        self._build_buttons()
        self.refresh(instant=True)
        # the faces at the new widths: a few a frame, stand-ins meanwhile
        self._queue_faces()

    def retranslate(self) -> None:
        """The language changed: the controls and the labels anew."""
        if not self.buttons:
            return
        self._build_buttons()
        self.refresh(instant=True)

    def _queue_faces(self) -> None:
        L = self.L
        ws = {L.cw, L.mw}
        if not self.session.spec.layout:
            ws |= {max(L.mw, int(L.cw * 0.75))}
        ws |= {int(round(p.w)) for p in self.view.placements if p.face is not None}
        st = self.app.settings
        self.images.queue(self.app.art, sorted(ws, reverse=True),
                          first=[p.face for p in self.view.placements if p.face is not None],
                          four=bool(getattr(st, "four_color", False)),
                          large=bool(getattr(st, "large_index", False)))

    def _layout(self) -> None:
        W, H = self.app.size
        k = self.k   # the HiDPI scale: the panel and the bar in logical pixels, like the table's
        pw = int(max(k(280), min(k(380), W * 0.27)))
        bar_h = k(BAR_H)
        self.panel_rect = pygame.Rect(W - pw, 0, pw, H)
        self.table_rect = pygame.Rect(0, 0, W - pw, H - bar_h)
        self.bar_rect = pygame.Rect(0, H - bar_h, W - pw, bar_h)
        self.L = layout_mod.compute(self.table_rect.size, self.session.num_players, self.human,
                                    self.session.spec.layout,
                                    scale=layout_mod.card_scale(getattr(self.app.settings, "card_size", "medium")),
                                    ui=getattr(self.app, "ui_scale", 1.0),
                                    # the "down" tag under the seat, not on its open hand
                                    tag_row=self.open_hands and not self.session.spec.layout)

    def _w(self, name, widget):
        self.buttons[name] = widget
        return self.add(widget)

    def _button(self, name, rect, label, tip=None, cls="@table_button"):
        if cls in ("@table_button", "@primary") and label_w(label, 16 if cls == "@primary" else 14) \
                > pygame.Rect(rect).w - self.k(10):
            cls = "@table_button_small"   # a long label (a translation) in a smaller font
        return self._w(name, UIButton(relative_rect=pygame.Rect(rect), text=label,
                                      manager=self.app.manager, tool_tip_text=tip,
                                      object_id=ObjectID(class_id=cls, object_id="#rp_" + name)))

    def _build_buttons(self) -> None:
        from ...i18n import current_language
        self._built_lang = current_language()
        self.clear_widgets()
        self.buttons = {}
        m = self.app.manager
        model = self.model
        k = self.k
        # the scrub bar and the transport buttons under the table
        b = self.bar_rect
        self.slider = self._w("scrub", UIHorizontalSlider(
            pygame.Rect(b.x + k(10), b.y + k(12), b.w - k(20), k(26)), model.pos, (0, max(1, model.end)), m,
            object_id=ObjectID(object_id="#rp_scrub")))
        if model.end == 0:
            self.slider.disable()
        x = b.x + k(10)
        y = b.y + k(48)
        bw, bh = k(46), k(34)
        mich = model.spec.layout   # a contract game's deals are its rounds
        for name, label, tip in (("start", "|<", _("To the start (Home)")),
                                 ("prev_deal", "<<",
                                  _("To the start of this deal, or of the one before (PageUp)") if mich
                                  else _("To the start of this round, or of the one before (PageUp)")),
                                 ("back", "<", _("One event back (Left)")),
                                 ("play", _("Play"), _("Play / pause (Space)")),
                                 ("fwd", ">", _("One event forward (Right)")),
                                 ("next_deal", ">>",
                                  _("To the start of the next deal (PageDown)") if mich
                                  else _("To the start of the next round (PageDown)")),
                                 ("end", ">|", _("To the end (End)"))):
            w = (max(k(64), max(label_w(t, 14) for t in (_("Pause"), _("Play"))) + k(16))
                 if name == "play" else bw)
            self._button(name, (x, y, w, bh), label, tip)
            x += w + k(4)
        x += k(8)
        labels: list[str | tuple[str, str]] = [s for s, _ in SPEEDS]
        cur = next((s for s, v in SPEEDS if v == self.speed), "1×")
        self._w("speed", DropDown(labels, cur, pygame.Rect(x, y, k(74), bh), m,
                                        object_id=ObjectID(object_id="#rp_speed")))
        x += k(80)
        deals = model.deals()
        opts: list[str | tuple[str, str]]
        if mich:
            opts = [_("Go to deal…"), *(_("Deal {n} (#{k})").format(n=r, k=k + 1)
                                        for k, (_p, r) in enumerate(deals))]
        else:
            opts = [_("Go to round…"), *(_("Round {n} (#{k})").format(n=r, k=k + 1)
                                         for k, (_p, r) in enumerate(deals))]
        self._deal_opts = opts
        dw = max(k(120), min(k(170), b.right - k(10) - x))
        self._w("deal", DropDown(opts, opts[0], pygame.Rect(x, y, dw, bh), m,
                                       object_id=ObjectID(object_id="#rp_deal")))
        if not deals:
            self.buttons["deal"].disable()
        x += dw + k(6)
        rw = max(k(84), label_w(_("Review"), 14) + k(16))
        if x + rw <= b.right - k(6):     # (R does it at any width)
            self._button("review", (x, y, rw, bh), _("Review"),
                         _("Review this deal for the player at the bottom (R)"))
        # the panel
        p = self.panel_rect
        px, pw = p.x + k(10), p.w - k(20)
        views: list[str | tuple[str, str]] = [_(ALL), *(_seen_by(n) for n in model.names)]
        if self.guard is not None:   # the game is being played: its player's view only
            views = [_seen_by(model.names[self.guard])]
        cur = _(ALL) if self.open_hands else _seen_by(model.names[self.human])
        self._w("view", DropDown(views, cur, pygame.Rect(px, k(54), pw, k(30)), m,
                                       object_id=ObjectID(object_id="#rp_view")))
        half = int(pw * 0.5)
        self._w("move_seat", DropDown([player_name(n) for n in model.names],
                                            player_name(model.names[self.move_seat]),
                                            pygame.Rect(px, k(90), half - k(4), k(30)), m,
                                            object_id=ObjectID(object_id="#rp_move_seat")))
        self._button("next_move", (px + half, k(90), pw - half, k(30)), _("Next move"),
                     _("Go to the chosen player's next decision"))
        po = int(pw * 0.64)
        self._button("play_on", (px, k(126), po, k(32)), _("Play on from here"),
                     _("Start a new practice game from this point with the same cards"), cls="@primary")
        self._button("close", (px + po + k(6), k(126), pw - po - k(6), k(32)), _(S.CLOSE),
                     _("Close the viewer (Esc)"))
        self._built_for = self.app.size

    def _update_buttons(self) -> None:
        b = self.buttons
        if not b or "scrub" not in b:
            return
        model = self.model
        if self.slider is not None and int(self.slider.get_current_value()) != model.pos:
            self.slider.set_current_value(model.pos, warn=False)
        able(b.get("back"), model.pos > 0)
        able(b.get("start"), model.pos > 0)
        able(b.get("prev_deal"), model.pos > 0)
        able(b.get("fwd"), not model.at_end)
        able(b.get("end"), not model.at_end)
        able(b.get("next_deal"), not model.at_end)
        able(b.get("play"), not model.at_end or self.playing)
        want = _("Pause") if self.playing else _("Play")
        if b["play"].text != want:
            b["play"].set_text(want)
        able(b.get("next_move"), model.next_action(self.move_seat) is not None)
        why = model.can_play_on()
        able(b.get("play_on"), why is None)

    def shutdown(self) -> None:
        super().shutdown()
        self.board.unpin()          # the faces its still part showed

    def resume(self) -> None:
        super().resume()
        from ...i18n import current_language
        if self.buttons and getattr(self, "_built_lang", None) != current_language():
            self._build_buttons()  # the language was changed meanwhile
            self._update_buttons()
        self.refresh(instant=True)

    # ------------------------------------------------------------------ the shown state
    def shown_obs(self):
        # exactly the bottom seat's Observation (all hands open adds the other hands'
        # faces afterwards, in ``_open_up``), with Michigan's widow face up when all hands
        # are open (MG-4 allows it in the replay; it is listed beside the table too)
        st = self.model.state(self.shown)
        obs = self.session.rules.observe(st, self.human)
        if self.open_hands and getattr(obs, "widow", ()) is None and getattr(st, "widow", ()):
            obs = dataclasses.replace(obs, widow=tuple(st.widow))
        return obs

    def caught_up(self) -> bool:
        return True

    def refresh(self, instant: bool = False, slow: float = 1.0) -> None:
        """The position shown laid out anew (the presenter, as at the table), the labels
        spoken of the bottom seat, the other hands turned up when all are open."""
        obs = self.shown_obs()
        self.obs = obs
        self.hand.arrange(list(obs.hand), lambda order, x: len(order))
        self.hand.read(obs)
        self.view = present(obs, self.L, self.ui)
        self._rename_labels()
        seats = self._open_up() if self.open_hands else None
        self.board.show(self.view, obs, self.cur_event, self.human, self.session.num_players,
                        self.ui.hand_order, instant=instant or self.instant, slow=slow,
                        seats=seats)
        self._update_buttons()

    def _open_up(self) -> dict:
        """Turn the other seats' cards and the stock's top card face up (same places).
        Returns where each card turned up sits: card id -> (seat, place in its hand)."""
        st = self.model.state(self.shown)
        hands = {}
        seats = {}
        out = []
        spread: dict = {}
        for p in self.view.placements:
            k = p.key
            if isinstance(k, tuple) and k and k[0] == "opp":
                s, i = k[1], k[2]
                if s not in hands:
                    hands[s] = self.hand.sorted(list(st.hands[s]))
                    # face-up cards need more of each card showing than backs do: the
                    # same row, spread over the seat's width
                    r = self.L.opp.get(s)
                    n = len(hands[s])
                    if r is not None:
                        row = pygame.Rect(r.x + 4, int(p.y), r.w - 8, int(p.w * 1.4))
                        spread[s] = fan_positions(n, row, p.w, p.w * 0.62)
                h = hands[s]
                if i < len(h):
                    xs = spread.get(s)
                    x = xs[i] if xs and i < len(xs) else p.x
                    p = dataclasses.replace(p, key=h[i], face=h[i] >> 3, x=x)
                    seats[h[i]] = (s, i)
            elif k == "stocktop" and getattr(st, "stock", None):
                top = st.stock[-1]
                p = dataclasses.replace(p, key=top, face=top >> 3)
            out.append(p)
        self.view.placements = out
        return seats

    def _rename_labels(self) -> None:
        """The presenter speaks to the person playing ("Your melds"); here the bottom
        seat is a named player and nobody is building melds."""
        name = self.session.names[self.human]
        you = is_you(name)
        obs = self.obs
        st = self.L.stage
        for lab in self.view.labels:
            if lab.text == _("Your melds"):
                if not you:
                    lab.text = _("{name}'s melds").format(name=name)
            elif lab.text == _("Your played cards"):
                if not you:
                    lab.text = _("{name}'s played cards").format(name=name)
            elif lab.kind == "hint" and st.collidepoint(lab.pos):
                lab.width = 0
                if obs.round:
                    k = obs.hand_sizes[self.human]
                    if you:
                        lab.text = ngettext("Your hand ({n} card)", "Your hand ({n} cards)", k)
                    else:
                        lab.text = ngettext("{name}'s hand ({n} card)", "{name}'s hand ({n} cards)", k)
                    lab.text = lab.text.format(name=name, n=k)
                    if not is_layout_game(obs) and obs.down[self.human]:
                        lab.text += _(" · down")
                else:
                    lab.text = (_("Before the first deal") if self.model.spec.layout
                                else _("Before the first round"))

    def status_text(self) -> str:
        m = self.model
        if m.at_end and m.problem is not None:
            return m.problem_text()
        i = m.current_index()
        if i is None:
            return _("The start of the record: press > or Play")
        return m.text(i, self.viewer)

    # ------------------------------------------------------------------ moving
    def seek(self, pos: int, animate: bool = False) -> None:
        old = self.model.pos
        new = self.model.seek(pos)
        self.shown = new
        self.cur_event = self.model.events[new - 1] if (animate and new == old + 1 and new > 0) else None
        self.panel.follow = True
        if new != old or animate is False:
            self.refresh(instant=not animate)
        if self.cur_event is not None:
            snd = SOUNDS.get(self.cur_event.type)
            if snd:
                self.app.play_sound(snd)
        if new == self.model.end and self.model.problem is not None:
            self.say(self.model.problem_text(), bad=True, secs=1e9)
        elif self.toast.bad and self.toast.t > 1e6:
            self.toast.t = 0.0

    def step(self, d: int) -> None:
        self.seek(self.model.pos + d, animate=abs(d) == 1)

    def set_view(self, seat: int | None) -> None:
        """``None``: all hands open (bottom seat unchanged); else that seat's view.  A
        game still being played shows only its player's view (``guard``): other views
        are refused, with a word why."""
        if self.guard is not None and seat != self.guard:
            self.say(_("This game is not finished: the other hands open when it is over"))
            return
        if seat is None:
            self.open_hands = True
        else:
            self.open_hands = False
            self.human = self.session.human = seat
        self.ui.hand_order = []
        self.layer.sprites.clear()
        self._layout()
        self.felt.invalidate()
        self.refresh(instant=True)

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
        else:
            if self.model.at_end:
                return
            self.playing = True
            self.play_t = 0.0
        self._update_buttons()

    def press_button(self, name: str) -> None:
        """A control's action (tests call this as a click does)."""
        m = self.model
        if name in ("start", "end", "back", "fwd", "prev_deal", "next_deal", "next_move"):
            self.playing = False  # a step by hand pauses playing
        if name == "start":
            self.seek(0)
        elif name == "end":
            self.seek(m.end)
        elif name == "back":
            self.step(-1)
        elif name == "fwd":
            self.step(1)
        elif name == "prev_deal":
            self.seek(_prev_deal(m))
        elif name == "next_deal":
            self.seek(_next_deal(m))
        elif name == "play":
            self.toggle_play()
        elif name == "next_move":
            p = m.next_action(self.move_seat)
            if p is None:
                who = m.names[self.move_seat]
                self.say(_("You make no more moves in this record") if is_you(who) else
                         _("{name} makes no more moves in this record").format(
                             name=player_name(who)), bad=True)
            else:
                self.seek(p)
        elif name == "play_on":
            why = m.can_play_on()
            if why:
                self.say(_(why), bad=True)
            else:
                self.playing = False
                self.app.push(PlayOnDialog(self))
        elif name == "review":
            self.start_review()
        elif name == "close":
            self.close()

    def close(self) -> None:
        self.playing = False
        self.coach.cancel()
        self.app.pop()

    # ------------------------------------------------------------------ the coach
    def start_review(self) -> None:
        """Review the deal shown for the bottom seat (R), on a worker thread."""
        m = self.model
        if not m.deals():
            self.say(_(m.can_play_on() or "The record has no deal to play on from"), bad=True)
            return
        deal = max(0, m.deal_at(self.shown)) + 1
        self.playing = False
        self.coach.start(self.engine, self.human, deal, lines=list(m.lines),
                         names=list(m.names), **self.review_kw)
        who = m.names[self.human]
        # said on the progress bar's first line (a message above the meld area covered
        # the discard pile's label at 1024x640)
        self.coach.title = (_("Reviewing your decisions in deal {n}…").format(n=deal)
                            if is_you(who) else
                            _("Reviewing deal {n} for {name}…").format(n=deal,
                                                                       name=player_name(who)))

    def next_costly(self) -> None:
        """To the next costly decision of the review (N), its note shown."""
        if self.coach.running:
            self.say(_("The review is still running (Esc cancels it)"))
            return
        d = self.coach.next_costly(self.model.pos)
        if d is None:
            self.say(_("Press R to review this deal first") if self.coach.review is None
                     else _("No costly decision in this review"), bad=self.coach.review is None)
            return
        self.playing = False
        self.coach.shown = d
        self.seek(d.index)

    def play_on_here(self) -> None:
        """P: at a costly decision, a practice game from it with the reviewed seat as
        you (so the better play can be tried); elsewhere the Play on dialog."""
        d = self.coach.at(self.model.pos)
        if d is None or self.model.can_play_on(d.index) is not None:
            self.press_button("play_on")
            return
        self.seek(d.index)
        dialog = PlayOnDialog(self)
        choices = [c if c != "You" else "normal" for c in dialog.choices]
        choices[self.coach.seat] = "You"
        self.start_play_on(choices)

    # ------------------------------------------------------------------ play on
    def tables_below(self) -> list:
        """The game tables (``TableScene``) under the viewer: the viewer was opened over a
        game (the deal-end screen's review, the results' replay)."""
        from .table import TableScene
        stack = self.app.stack.scenes if self.app is not None else []
        below = stack[:stack.index(self)] if self in stack else stack
        return [s for s in below if isinstance(s, TableScene)]

    def live_table(self):
        """The table under the viewer whose game is still being played (unfinished:
        the deal-end screen's review), or ``None``."""
        return next((t for t in self.tables_below() if not t.session.game_over()), None)

    def start_play_on(self, choices: list[str]):
        """Start the new game at the shown position: ``choices`` per seat, ``"You"`` or
        an AI level.  Returns the ``GameSession`` (its record is already saved).

        Over a game's table (the viewer opened from its deal-end screen or its results)
        the practice game takes the table's place, never a second table on top: over a
        game still being played this first asks (``ConfirmLeaveGame``; returns ``None``
        meanwhile) whether to leave it, saved, for the practice game; "yes" closes its
        session (its record complete, its lock released: one writer per record) and
        starts the practice game (``leave_and_play_on``)."""
        if self.live_table() is not None:
            from .confirm import ConfirmLeaveGame
            self.playing = False
            self.app.push(ConfirmLeaveGame(self, list(choices)))
            return None
        if self.tables_below():       # a finished game (its results): nothing to ask
            return self.leave_and_play_on(choices)
        return self._play_on(choices)

    def leave_and_play_on(self, choices: list[str]):
        """Close the game under the viewer (``TableScene.shutdown`` closes its session:
        the record stays resumable and its lock is let go) with every scene over it,
        then start the practice game at the shown position in its place.  Returns the
        practice game's ``GameSession``."""
        app = self.app
        self.coach.cancel()           # the review reads this viewer's engine: stopped
        app.stack.clear()
        app.running = True
        return self._play_on(choices, app)

    def _play_on(self, choices: list[str], app=None):
        from ..table.session import GameSession
        app = app or self.app
        m = self.model
        seats = [{"kind": "human"} if c == "You" else {"kind": "ai", "level": c} for c in choices]
        human = choices.index("You") if "You" in choices else 0
        eng, header, _pos = m.play_on(m.pos, seats)
        opts = dict(VARIANTS[m.variant].default_options)
        opts.update(header.get("options") or {})
        levels = ["" if c == "You" else c for c in choices]
        session = GameSession(m.variant, m.num_players, list(m.names), levels, opts, human=human,
                              seed=header["seed"], engine=eng, header=header, autosave=True)
        catch_up(session.engine)
        from .table import TableScene
        app.push(TableScene(session))
        return session

    # ------------------------------------------------------------------ events
    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, v in self.buttons.items() if v is event.ui_element), None)
            if name is None:
                return False
            self.press_button(name)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.playing = False
            self.seek(int(round(event.value)))
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = event.ui_element
            if el is self.buttons.get("speed"):
                self.speed = dict(SPEEDS).get(event.text, 1.0)
                return True
            if el is self.buttons.get("view"):
                if event.text == _(ALL):
                    self.set_view(None)
                else:
                    names = [_seen_by(n) for n in self.model.names]
                    if event.text in names:
                        self.set_view(names.index(event.text))
                return True
            if el is self.buttons.get("move_seat"):
                shown = [player_name(n) for n in self.model.names]
                if event.text in shown:
                    self.move_seat = shown.index(event.text)
                    self._update_buttons()
                return True
            if el is self.buttons.get("deal"):
                txt = event.text
                opts = getattr(self, "_deal_opts", [])
                if txt in opts[1:]:
                    self.seek(self.model.to_deal(opts.index(txt) - 1))
                self._rebuild_soon = True
                return True
        return False

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            k = key_of(event)
            if k != pygame.K_SPACE:
                self.playing = False
            if k == pygame.K_ESCAPE:
                if self.coach.cancel():
                    self.say(_("Review cancelled"))
                else:
                    self.close()
            elif k == pygame.K_r:
                self.start_review()
            elif k == pygame.K_n:
                self.next_costly()
            elif k == pygame.K_p:
                self.play_on_here()
            elif k == pygame.K_RIGHT:
                self.step(1)
            elif k == pygame.K_LEFT:
                self.step(-1)
            elif k == pygame.K_HOME:
                self.seek(0)
            elif k == pygame.K_END:
                self.seek(self.model.end)
            elif k == pygame.K_PAGEUP:
                self.seek(_prev_deal(self.model))
            elif k == pygame.K_PAGEDOWN:
                self.seek(_next_deal(self.model))
            elif k == pygame.K_SPACE:
                self.toggle_play()
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.panel.rect.collidepoint(self._mouse()):
                self.panel.scroll(self.model, -3 * event.y)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.panel.row_at(self.model, event.pos)
            if i is not None:
                self.playing = False
                self.seek(min(i + 1, self.model.end))
                self.panel.follow = False
                return True
        return False

    # ------------------------------------------------------------------ update
    def busy(self) -> bool:
        return (self.playing or self.layer.moving() or (0 < self.toast.t < 1e6)
                or self.coach.running or self.coach.said_t > 0)

    def update(self, dt: float) -> None:
        self.layer.update(dt)
        got = self.coach.poll()
        if got == "done":   # in the meld area, with the coach's other boxes
            self.coach.said, self.coach.said_t = self.coach.summary(), 8.0
        elif got == "failed":
            self.say(_("The review could not be made for this record"), bad=True)
        if 0 < self.toast.t < 1e6:
            self.toast.t -= dt
        if self.coach.said_t > 0:
            self.coach.said_t -= dt
        if getattr(self, "_rebuild_soon", False) and self.app.stack.top is self:
            # the deal menu goes back to "Go to deal…" so the same deal can be chosen again
            self._rebuild_soon = False
            self._build_buttons()
            self._update_buttons()
        if self.playing:
            self.play_t -= dt
            if self.play_t <= 0:
                if self.model.at_end:
                    self.playing = False
                    self._update_buttons()
                    return
                self.step(1)
                self.play_t = 0.0 if self.instant else STEP_S / self.speed
                if self.model.at_end:
                    self.playing = False
                    self._update_buttons()

    # ------------------------------------------------------------------ drawing
    def frame_key(self):
        return (self.shown, self.toast.t > 0, self.toast.msg, id(self.obs),
                self.coach.progress(), self.coach.running, id(self.coach.review),
                self.coach.said_t > 0)

    def draw(self, surf: pygame.Surface) -> None:
        if surf.get_size() != tuple(self.app.size):
            self._draw_table(surf)
            self.toast.draw(surf, self.L.stage, inside=True)
            return
        table = surf.subsurface(self.table_rect)
        self._draw_table(table)
        # the coach's boxes in the meld area (empty in a replay): clear of the top bar,
        # the seats, the piles' labels and the melds
        self.coach_box = self.coach.draw_box(table, self.L.stage, self.shown, self.k)
        # a passing message in the meld area too, over a coach box for its seconds
        self.toast.draw(table, self.L.stage, inside=True)
        self._draw_bar(surf)
        self._draw_panel(surf)

    def _draw_table(self, surf) -> None:
        """The table at the position shown: the board, its labels, the banner, a message;
        at a costly decision of the coach's review, the better move lit as the Hint
        lights its move (its cards ringed, its target glowing)."""
        h = self.coach_hint()
        self.board.draw(surf, self.app.art, self.app.settings, self.view,
                        hinted=h.cards if h is not None else ())
        if h is not None:
            from ..table.hint import draw_hint
            draw_hint(surf, h, self.view, self.L, {})
        for lab in self.view.labels:
            draw_label(surf, lab)
        self.draw_banner(surf)

    def coach_hint(self):
        """The better move of the costly decision due at the position shown (the
        reviewed seat at the bottom), as a ``table.hint.Hint``, else ``None``."""
        d = self.coach.at(self.shown)
        if d is None or d.index != self.shown or d.better is None or self.human != self.coach.seat:
            return None
        from ..table.hint import make_hint
        return make_hint(d.better, d.reason, self.obs, -1, upcard=getattr(self.obs, "upcard", None))

    def draw_banner(self, surf) -> None:
        """The banner (the game, the round, the event's words) and the scores."""
        self.banner.draw(surf, self.L, heading(self.obs, self.session), self.status_text(),
                         self.L.size[0] - 8, scores_line(self.obs, self.session))

    def _draw_panel(self, surf) -> None:
        self.panel.draw(surf, self.panel_rect, self.model, self.shown, self.human,
                        self.open_hands, self.where_text())

    def _draw_bar(self, surf) -> None:
        b = self.bar_rect
        surf.fill((6, 24, 14), b)  # opaque: drawn over the viewer's own last frame
        pygame.draw.line(surf, (226, 182, 70), b.topleft, b.topright, max(1, self.k(1)))
        m = self.model
        s = self.slider
        if s is None or m.end <= 0:
            return
        k = self.k
        r = s.relative_rect
        arrow = getattr(s, "arrow_button_width", 20) or 0
        span = getattr(s, "scrollable_width", r.w - 2 * arrow)
        knob = s.sliding_button.relative_rect.w if getattr(s, "sliding_button", None) else 0

        def x_of(p):
            return int(r.x + arrow + span * (p / m.end) + knob / 2)
        for p, _r in m.deals():
            x = x_of(p)
            pygame.draw.line(surf, (226, 182, 70), (x, r.y - k(6)), (x, r.y - k(1)), k(2))
        for i, _n in m.undo_marks():
            x = x_of(i + 1)
            pygame.draw.polygon(surf, UNDO, [(x - k(4), r.bottom + k(7)), (x + k(4), r.bottom + k(7)),
                                             (x, r.bottom + k(1))])
        if m.problem is not None:
            x = x_of(m.end)
            pygame.draw.line(surf, RED, (x, r.y - k(8)), (x, r.bottom + k(6)), k(3))
        self.coach.draw_marks(surf, x_of, r.bottom + k(1), r.bottom + k(9), self.k)

    def where_text(self) -> str:
        m = self.model
        di = m.deal_at()
        where = _("event {n} of {total}").format(n=m.pos, total=m.end)
        if di >= 0:
            fmt = (_("deal {n} of {total} · {where}") if m.spec.layout
                   else _("round {n} of {total} · {where}"))
            where = fmt.format(n=di + 1, total=len(m.deals()), where=where)
        return where

    def _mouse(self):
        """The mouse in surface pixels (window coordinates times the HiDPI scale)."""
        try:
            if not pygame.mouse.get_focused():
                return (-1, -1)
            pos = pygame.mouse.get_pos()
        except pygame.error:
            return (-1, -1)
        app = self.app
        return app.scale_pos(pos) if app is not None and hasattr(app, "scale_pos") else pos



class PlayOnDialog(Scene):
    """Who plays each seat of the new game (one seat is you)."""
    transparent = True

    def __init__(self, viewer: ReplayScene) -> None:
        super().__init__()
        self.viewer = viewer
        m = viewer.model
        self.choices = []
        for _i, p in enumerate(m.header["players"]):
            self.choices.append("You" if p.get("kind") == "human" else
                                (p.get("level") if p.get("level") in CHOICES else "normal"))
        if self.choices.count("You") != 1:
            first = self.choices.index("You") if "You" in self.choices else viewer.human
            self.choices = [c if c != "You" else "normal" for c in self.choices]
            self.choices[first] = "You"
        self.menus: list = []
        self.named: dict = {}

    def panel(self) -> pygame.Rect:
        W, H = self.app.size
        n = len(self.choices)
        k = self.k
        h = min(H - 40, k(170 + 38 * n))
        w = min(k(520), W - 40)
        return pygame.Rect((W - w) // 2, (H - h) // 2, w, h)

    def startup(self) -> None:
        self.clear_widgets()
        self.menus = []
        self.named = {}
        p = self.panel()
        m = self.viewer.model
        k = self.k
        y = p.y + k(70)
        for i, _name in enumerate(m.names):
            dd = DropDown([_choice_text(c) for c in CHOICES], _choice_text(self.choices[i]),
                                pygame.Rect(p.right - k(200), y, k(170), k(32)),
                                self.app.manager, object_id=ObjectID(object_id=f"#playon_{i}"))
            dd.seat_index = i  # type: ignore[attr-defined]  # which seat's choice it sets
            self.menus.append(self.add(dd))
            y += k(38)
        for name, label, rect, cls in (
                ("start", _(S.START), (p.right - k(330), p.bottom - k(54), k(160), k(40)), "@primary"),
                ("cancel", _("Cancel"), (p.right - k(160), p.bottom - k(54), k(130), k(40)), "@table_button")):
            b = UIButton(pygame.Rect(rect), label, self.app.manager,
                         object_id=ObjectID(class_id=cls, object_id="#playon_" + name))
            self.named[name] = self.add(b)

    def resize(self, size) -> None:
        self.startup()

    def choose(self, seat: int, choice: str) -> None:
        if choice == "You":
            self.choices = [c if c != "You" else "normal" for c in self.choices]
        elif self.choices[seat] == "You":
            return  # somebody has to be you: choose "You" on another seat instead
        self.choices[seat] = choice
        self.startup()

    def handle_ui_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            shown = [_choice_text(c) for c in CHOICES]
            choice = CHOICES[shown.index(event.text)] if event.text in shown else event.text
            self.choose(event.ui_element.seat_index, choice)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((k for k, v in self.named.items() if v is event.ui_element), None)
            if name:
                self.press_button(name)
                return True
        return False

    def press_button(self, name: str):
        if name == "cancel":
            self.app.pop()
        elif name == "start":
            viewer = self.viewer
            choices = list(self.choices)
            self.app.pop()
            return viewer.start_play_on(choices)
        return None

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_ESCAPE:
            self.app.pop()
        return True

    def draw(self, surf) -> None:
        p = self.panel()
        draw_overlay_panel(surf, p, dim=130, fill_alpha=245)
        m = self.viewer.model
        k = self.k
        surf.blit(text.render(_("Play on from here"), 22, GOLD, bold=True), (p.x + k(20), p.y + k(12)))
        sub = _("Event {n} of {total}: the same cards; a practice game saved as a new record").format(
            n=m.pos, total=m.end)
        img = text.render(sub, 13, PALE)
        if img.get_width() > p.w - k(40):
            img = text.render(sub, 11, PALE)
        blit_clipped(surf, img, (p.x + k(20), p.y + k(44)), p.w - k(40))
        y = p.y + k(76)
        for i, name in enumerate(m.names):
            surf.blit(text.render(f"{i + 1}. {player_name(name)}", 16, PALE), (p.x + k(24), y))
            y += k(38)


# ---------------------------------------------------------------------- helpers
def _prev_deal(m: ReplayModel) -> int:
    best = 0
    for p, _r in m.deals():
        if p < m.pos:
            best = p
    return best


def _next_deal(m: ReplayModel) -> int:
    for p, _r in m.deals():
        if p > m.pos:
            return p
    return m.end




__all__ = ["ReplayScene", "ReplaySession", "NotARecordScene", "PlayOnDialog", "open_replay"]
