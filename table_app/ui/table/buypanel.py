"""The buying window: the panel that offers the player the card just passed or discarded
(May I?'s "May I?" MI-5, Mexican's buy, Contract's call CR-5) with a penalty card.

``BuyPanel`` keeps the window's state: open or not, the card on offer, the countdown
(May I?'s ``buy_countdown_s`` setting, Contract's ``call_countdown_s``: when it runs out
the table passes, but never for a player who is there: ``present``), the guard (for
``BUY_GUARD_S`` after an offer opens a key's answer is ignored, and a click's whose press
began before the offer opened or just after the last one closed: a click or key meant for
the offer just closed, the next one opening in the same place, must not buy it; an answer
ignored is always said to be), and the
flash a new offer opens with.  It owns its two buttons (Buy / Call with the card on its
label, and Pass) and draws the panel: the card on offer and a face-down penalty card,
the question naming the card (and, for a card a buy uncovered, who bought the one above
it and who discarded this one), the countdown bar.  The table says when an offer is open
(``sync``) and applies the answer (``answer`` says whether one may be given now).

A countdown that runs out passes only for a player who is away: one who moved the mouse
or pressed a key in the last ``PRESENT_S`` seconds, whose pointer rests on the panel, or
whose offer has been shown for less than ``MIN_SHOWN_S``, is there, looking at it; the
window then waits for their answer ("waiting for you"), and passes once they have been
still, the pointer off the panel, for ``PRESENT_S``; the table then says it passed.
"""
from __future__ import annotations

import dataclasses
import time as _time

import pygame

from ...core.cards import JOKER
from ...i18n import _, card_name, player_name
from ...i18n import strings as S
from ...variants import VARIANTS, Buying
from . import text
from .buttons import ExplainingPictureButton, able
from .felt import box

BUY_GUARD_S = 0.6  # seconds a new buying window ignores Buy/Call (a click for the last one)
BUY_INTRO_S = 0.6  # a new offer flashes in, its card popping up, so it reads as new
BUY_CW = 46        # the width of the cards shown in the buying window
#: input (a mouse move or press, a key) this many seconds ago or less: the player is there
PRESENT_S = 3.0
#: a countdown never passes an offer shown for less than this many seconds
MIN_SHOWN_S = 3.0
#: logical px the panel grows at its top for the line over a chained offer's question
NOTE_H = 18
BUY_INK = (0x1b, 0x13, 0x06)    # the @primary buttons' text colour (theme.json)
GOLD = (255, 214, 80)


def buy_label(variant: str, face: int) -> str:
    """The buy button's label: "Call K♣ +1", "May I? 7♦ +1"."""
    word = _(S.CALL) if VARIANTS[variant].buying is Buying.CALL else _(S.MAY_I)
    # Translators: the buy button: "May I? 7♠ +1" (the upcard and a penalty card)
    return _("{word} {card} +1").format(word=word, card=card_name(face))


def buy_label_image(label: str) -> pygame.Surface:
    """The buy button's label drawn: its suit symbols as pips in their suits' inks."""
    return text.render(label, 16, BUY_INK, bold=True)


def buy_label_w(label: str) -> int:
    return text.width(label, 16, BUY_INK, bold=True)


def fit(msg: str, size: int, color, width: int, bold: bool = False):
    """``msg`` rendered to fit ``width`` pixels: smaller type first, then cut with "…"
    (the tries measured, only the one chosen drawn)."""
    s = size
    while text.width(msg, s, color, bold) > width and s > 11:
        s -= 1
    cut = len(msg)
    line = msg
    while text.width(line, s, color, bold) > width and cut > 8:
        cut -= 3
        line = msg[:cut].rstrip() + "…"
    return text.render(line, s, color, bold=bold)


class BuyPanel:
    """The buying window's state, buttons and drawing.

    Attributes:
        open: an offer is shown; card: the card id on offer (``None`` before the first);
        t: seconds left on the countdown; guard_until: ``time.monotonic()`` before which
        an answer is ignored; closed_at: when the last offer closed (``None``: none yet);
        intro_t: seconds left of the new offer's flash; buttons: ``{"buy", "pass_buy"}``
        once ``build`` made them; total: the offer's countdown in seconds (0: none);
        opened_at: when it opened (``time.monotonic()``); input_at: the player's last
        input (``note_input``; ``None``: none seen); held: the countdown ran out while
        the player was there, and waits for them.
    """

    def __init__(self, variant: str, sound=None) -> None:
        self.variant = variant
        #: ``sound(name)`` plays a table sound (``App.play_sound``): a new offer is heard
        #: (a tester missed three call windows that opened and timed out unheard)
        self.sound = sound
        self.open = False
        self.card: int | None = None
        self.t = 0.0
        self.guard_until = 0.0
        self.closed_at: float | None = None
        self.intro_t = 0.0
        self.card_drawn: pygame.Rect | None = None
        self.buttons: dict = {}
        self.total = 0.0
        self.opened_at = 0.0
        self.input_at: float | None = None
        self.held = False
        #: where the panel was last drawn (surface px; ``None``: not drawn yet)
        self.drawn_rect: pygame.Rect | None = None
        #: when the pointer's press on Buy or Pass began (``note_press``; ``None``: none)
        self.press_at: float | None = None
        #: the last answer ignored was meant for the offer before (``answer``)
        self.meant_for_last = False

    # ------------------------------------------------------------------ the buttons
    def build(self, make, stage: pygame.Rect, k) -> None:
        """Make the two buttons (hidden) on the meld area's right (it is not the
        player's turn while asked), the Buy button as wide as its longest label
        ("Викликати 10♦ +1") needs.  ``make(name, rect, label, tip, cls=, kind=)`` makes
        a table button; ``k`` turns logical pixels into pixels."""
        self.open = False
        buy_w = max(k(170), max(buy_label_w(buy_label(self.variant, f))
                                for f in range(JOKER + 1)) + k(26))
        bx = stage.right - k(120) - buy_w
        by = stage.centery - k(19)   # its panel centred on the meld area
        self.buttons = {
            "buy": make("buy", (bx, by, buy_w, k(36)), _(S.MAY_I), None, cls="@primary",
                        kind=ExplainingPictureButton),
            "pass_buy": make("pass_buy", (bx + buy_w + k(6), by, k(80), k(36)), _(S.PASS), None)}
        self.hide()

    def hide(self) -> None:
        for b in self.buttons.values():
            b.hide()

    def close(self) -> None:
        """Forget the offer shown (the table is laid out anew: ``sync`` opens it again)."""
        self.open = False

    def resumed(self) -> None:
        """The table is on top again (its widgets shown): the buttons only with an offer."""
        if not self.open:
            self.hide()

    def relabel(self) -> None:
        """The Buy button says what it buys, with the card's suit symbol (in the deck's
        inks: again when they change)."""
        b = self.buttons.get("buy")
        if self.card is None or b is None:
            return
        label = buy_label(self.variant, self.card >> 3)
        b.set_label(label, buy_label_image(label))

    # ------------------------------------------------------------------ the offer
    def sync(self, asked: bool, card: int | None, can_buy, countdown: float,
             guard: bool = True) -> None:
        """The offer now: ``asked`` whether the player is asked to buy, ``card`` the card
        on offer.  A new offer (also one that follows another at once, the next discard)
        opens with its countdown of ``countdown`` s, its guard and its flash (``guard``
        ``False``: neither, the tests' instant table); ``can_buy()`` says whether a buy
        is legal (no penalty card left: pass only)."""
        if asked and (not self.open or card != self.card):
            if self.open:
                self.closed_at = _time.monotonic()   # the one before closes now
            self.open = True
            self.card = card
            self.t = self.total = max(0.0, float(countdown))
            self.opened_at = _time.monotonic()
            self.held = False
            # a click or key meant for the window just closed must not answer this one
            # (skipping animations too: the next offer may then open at once), and the
            # new offer flashes in so that it is seen to be new
            self.guard_until = _time.monotonic() + BUY_GUARD_S if guard else 0.0
            self.intro_t = BUY_INTRO_S if guard else 0.0
            self.relabel()
            for b in self.buttons.values():
                b.show()
            if self.sound is not None:
                self.sound("your_turn")
        if asked:
            able(self.buttons.get("buy"), can_buy())
        elif self.open:
            self.open = False
            self.closed_at = _time.monotonic()
            self.hide()

    def note_press(self, now: float | None = None) -> None:
        """The pointer's press on Buy or Pass began (pygame_gui's start-press event;
        ``now``: when, in ``time.monotonic()`` seconds): its click is an answer to the
        offer open then (``answer``)."""
        self.press_at = _time.monotonic() if now is None else now

    def answer(self, click: bool = False) -> tuple[bool, str | None]:
        """Whether an answer (Buy or Pass) may be given now, and what to say when not.
        Within ``BUY_GUARD_S`` of an offer opening a key's answer is ignored, and a
        click's (``click``) unless its press began after the offer opened and more than
        ``BUY_GUARD_S`` after the last offer closed (a press begun on the last offer, or
        a double click's second, was meant for it).  An answer ignored is always said:
        meant for the last offer (the next one opens in the same place, with another
        card) when one closed within ``BUY_GUARD_S`` of it, else that the offer has just
        opened, to answer again."""
        now = _time.monotonic()
        if not self.open or now >= self.guard_until:
            return True, None
        press = self.press_at
        if click and press is not None and press >= self.opened_at and (
                self.closed_at is None or press - self.closed_at > BUY_GUARD_S):
            return True, None
        card = card_name(self.card >> 3) if self.card is not None else "?"
        self.meant_for_last = bool(self.card is not None and self.closed_at is not None
                                   and now - self.closed_at <= BUY_GUARD_S)
        if self.meant_for_last:
            return False, _("That was for the last offer: this one is {card}").format(card=card)
        # Translators: a key pressed in the first moment of a new offer is not taken
        # (it may have been meant for the one before): the player answers again
        return False, _("The offer of {card} has just opened: answer again").format(card=card)

    def tick(self, dt: float) -> None:
        """The new offer's flash fades."""
        if self.intro_t > 0:
            self.intro_t = max(0.0, self.intro_t - dt)

    def note_input(self, now: float | None = None) -> None:
        """The player moved the mouse, pressed a button or a key (``now``: when, in
        ``time.monotonic()`` seconds)."""
        self.input_at = _time.monotonic() if now is None else now

    def pointer_on_buttons(self) -> bool:
        """The pointer is over Buy or Pass, or holds one pressed, as pygame_gui sees it
        (its own hover test: also when SDL says the window lost the mouse's focus)."""
        return any(getattr(b, "hovered", False) or getattr(b, "held", False)
                   for b in self.buttons.values() if getattr(b, "visible", False))

    def present(self, now: float | None = None,
                pointer: tuple[int, int] | None = None) -> bool:
        """The player is there, looking at the offer: input in the last ``PRESENT_S``
        seconds, the pointer (surface px; ``None``: outside the window) on the panel as
        last drawn or over its buttons (``pointer_on_buttons``), or the offer shown for
        less than ``MIN_SHOWN_S``."""
        now = _time.monotonic() if now is None else now
        if now - self.opened_at < MIN_SHOWN_S:
            return True
        if self.pointer_on_buttons():
            return True
        if pointer is not None and self.drawn_rect is not None \
                and self.drawn_rect.collidepoint(pointer):
            return True
        return self.input_at is not None and now - self.input_at < PRESENT_S

    def count_down(self, dt: float, pointer: tuple[int, int] | None = None) -> bool:
        """The countdown runs; ``True`` when the table passes now: it has run out and the
        player is not there (``present``, ``pointer`` the mouse's window position or
        ``None``).  Run out while they are there, it waits (``held``) and passes once
        they have been still for ``PRESENT_S``, the pointer off the panel; once only."""
        if not self.open or self.total <= 0 or self.t < 0:
            return False
        if self.t > 0:
            self.t = max(0.0, self.t - dt)
            if self.t > 0:
                return False
        if self.present(pointer=pointer):
            self.held = True
            return False
        self.t = -1.0           # passed: not again for this offer
        self.held = False
        return True

    @property
    def busy(self) -> bool:
        """The countdown or the flash runs (the loop must not sleep; a countdown held
        for the player does not move: the idle ticks see them go)."""
        return self.open and (self.t > 0 or self.intro_t > 0)

    # ------------------------------------------------------------------ drawing
    def rect(self, u: float, note: bool = False) -> pygame.Rect:
        """The panel: the card on offer and the penalty card at its left, the question,
        the buy and pass buttons and the countdown (on the meld area's right); ``note``:
        with a line over the question (``chain_note``), ``NOTE_H`` taller at the top."""
        r = self.buttons["buy"].relative_rect
        right = self.buttons["pass_buy"].relative_rect.right + int(24 * u)
        top = int((34 + (NOTE_H if note else 0)) * u)
        return pygame.Rect(r.x - int(112 * u), r.y - top, right - r.x + int(112 * u),
                           r.h + top + int(36 * u))

    def labels(self, labels, stage: pygame.Rect, u: float):
        """The view's labels as drawn: while the window is open, the meld area's help
        wraps short of the panel (it lay under the panel's middle)."""
        if not self.open or "buy" not in self.buttons:
            return labels
        room = self.rect(u).x - int(12 * u)
        return [dataclasses.replace(lab, width=room - lab.pos[0])
                if lab.kind == "hint" and stage.collidepoint(lab.pos) else lab for lab in labels]

    @staticmethod
    def heading_text(obs, names, buyer: int | None = None) -> str:
        """The question, naming the card on offer: "Boris passed 7♥: take it + a penalty
        card?" (``obs`` the player's Observation, ``names`` the seats' names).  A card
        a buy uncovered (May I?'s chain, MI-6: ``buyer`` the seat that bought the card
        above it) is asked about plainly ("2♠: take it + a penalty card?"): the line over
        it (``chain_note``) says who bought above it and who discarded it; the active
        player passed another card."""
        up = getattr(obs, "buy_card", None)
        card = card_name(up >> 3) if up is not None else "?"
        if buyer is not None and obs is not None:
            # Translators: the buying window's question for the card a buy uncovered
            # (May I?'s chain); the line above it says whose it is. {card} is bold
            return _("{card}: take it + a penalty card?").format(card=card)
        who = player_name(names[obs.current]) if obs is not None else ""
        # Translators: the buying window's question; {card} is drawn larger, in bold
        return _("{name} passed {card}: take it + a penalty card?").format(name=who, card=card)

    @staticmethod
    def chain_note(obs, names, buyer: int | None) -> str | None:
        """For a card a buy uncovered (``heading_text``): "Dmitro bought the card above;
        this one Ann discarded" (the card's discarder, ``obs.upcard_by``); ``None`` for a
        card the active player passed."""
        if buyer is None or obs is None or not 0 <= buyer < len(names):
            return None
        by = getattr(obs, "upcard_by", -1)
        if 0 <= by < len(names):
            # Translators: the line over the buying window's question when a buy
            # uncovered the card (May I?'s chain, MI-6): {buyer} bought the card above
            # it, {name} discarded it
            return _("{buyer} bought the card above; this one {name} discarded").format(
                buyer=player_name(names[buyer]), name=player_name(names[by]))
        # Translators: as above, when the card beneath is the deal's first upcard
        return _("{buyer} bought the card above; this one is the deal's first upcard").format(
            buyer=player_name(names[buyer]))

    @classmethod
    def heading(cls, obs, names, room: int, buyer: int | None = None) -> pygame.Surface:
        """``heading_text`` drawn in ``room`` px, the card's name bigger and bold (the
        next offer opens in the same place: the card's name shows it is another)."""
        whole = cls.heading_text(obs, names, buyer)
        up = getattr(obs, "buy_card", None)
        card = card_name(up >> 3) if up is not None else "?"
        pre, _sep, post = whole.partition(card)
        color = (250, 240, 200)
        if _sep:
            for small, big in ((14, 19), (13, 18), (12, 16), (11, 15)):
                imgs = [text.render(pre, small, color), text.render(card, big, GOLD, bold=True),
                        text.render(post, small, color)]
                w = sum(i.get_width() for i in imgs)
                if w <= room:
                    h = max(i.get_height() for i in imgs)
                    out = pygame.Surface((w, h), pygame.SRCALPHA)
                    x = 0
                    for i in imgs:
                        out.blit(i, (x, h - i.get_height()))
                        x += i.get_width()
                    return out
        return fit(whole, 14, color, room)

    def draw(self, surf, art, settings, obs, names, u: float, buyer: int | None = None) -> None:
        """The open panel over the table (nothing when closed); ``buyer``: the seat whose
        buy uncovered the card on offer (``heading_text``)."""
        if not self.open or "buy" not in self.buttons:
            return
        r = self.buttons["buy"].relative_rect
        total = self.total
        note = self.chain_note(obs, names, buyer)
        panel = self.rect(u, note=note is not None)
        self.drawn_rect = panel
        box(surf, panel, "buy")
        # a new offer flashes in (the next one opens in the same place as the last): a
        # bright ring round the panel fading out, its card popping up
        intro = max(0.0, self.intro_t) / BUY_INTRO_S
        if intro > 0:
            ring_r = panel.inflate(10, 10)
            ring = pygame.Surface(ring_r.size, pygame.SRCALPHA)
            pygame.draw.rect(ring, (255, 250, 215, int(240 * intro)), ring.get_rect(), 4,
                             border_radius=12)
            surf.blit(ring, ring_r.topleft)
        # a card a buy uncovered (May I?'s chain, MI-6): who bought the card above it and
        # who discarded it, on a line across the panel's top (the rest below it)
        self.note_drawn = None
        py = panel.y
        if note is not None:
            room = panel.w - 18
            img = fit(note, 13, (235, 225, 190), room)
            self.note_drawn = note if text.width(note, 11) <= room else None
            surf.blit(img, (panel.x + 10, panel.y + 5))
            py += int(NOTE_H * u)
        # what you would get: the upcard and a face-down penalty card
        up = obs.buy_card if obs is not None else None
        cw = BUY_CW
        surf.blit(art.back(cw, getattr(settings, "card_back", "blue")),
                  (panel.x + 10 + int(cw * 0.8), py + 16))
        if up is not None:
            img = art.face(up >> 3, cw, four_color=bool(getattr(settings, "four_color", False)),
                           large_index=bool(getattr(settings, "large_index", False)))
            home = img.get_rect(topleft=(panel.x + 10, py + 10))
            if intro > 0:
                k = 1.0 + 0.45 * intro * intro
                img = pygame.transform.smoothscale(img, (int(home.w * k), int(home.h * k)))
                # it pops up inside the panel, not over its border (a tester saw it
                # stick out of the panel's top-left corner)
                home = img.get_rect(center=home.center).clamp(panel.inflate(-6, -6))
            clip = surf.get_clip()
            surf.set_clip(panel.inflate(-4, -4).clip(clip) if clip else panel.inflate(-4, -4))
            surf.blit(img, home)
            surf.set_clip(clip)
            self.card_drawn = home              # (tests)
        plus = text.render_shadowed("+1", 14, (255, 230, 140), bold=True)
        surf.blit(plus, (panel.x + 10 + int(cw * 1.8) + 4, py + 16 + int(cw * 1.4) - 16))
        surf.blit(self.heading(obs, names, panel.right - 8 - r.x, buyer), (r.x, py + 6))
        if total > 0:
            frac = max(0.0, self.t / total)
            x0 = r.x
            wbar = panel.right - 8 - x0
            pygame.draw.rect(surf, (60, 60, 60), (x0, r.bottom + 10, wbar, 8), border_radius=4)
            pygame.draw.rect(surf, GOLD, (x0, r.bottom + 10, int(wbar * frac), 8), border_radius=4)
            if self.held:
                # Translators: the buying window's countdown ran out while the player was
                # there: it does not pass for them (a short line under the bar)
                t = text.render(_("waiting for you"), 12, (255, 230, 140))
            else:
                # Translators: seconds left in the buying window
                t = text.render(_("{n} s").format(n=f"{max(0, self.t):.0f}"), 12, (240, 240, 220))
            surf.blit(t, (panel.right - t.get_width() - 8, r.bottom + 20))


__all__ = ["BuyPanel", "BUY_GUARD_S", "BUY_INTRO_S", "BUY_CW", "PRESENT_S", "MIN_SHOWN_S",
           "buy_label", "buy_label_image", "buy_label_w"]
