"""The hint: what the *hard* computer player would do now in the human's seat, with its
one-line reason, and where that is on the table.

The hint comes from the hard level's search (issue 18): ``HintAsker.ask`` hands the
human's own Observation and legal actions to a hard player (``table_app.ai``) on the
session's worker thread (``GameSession.advise``, the thread the computer seats decide
on), exactly like a computer seat decides, so the frame loop never waits for it (the
status line says the hint is being thought about).  ``HintAsker.poll`` (once a frame)
takes the answer when it is there and still for the same decision, and maps it to what
the table lights up: the hand cards it uses (``cards``: card ids), the drop zone it
targets (``zone``: ``"discard"``, ``"stock"``, ``"meld:2"``, ``"stage"``) and the button
it would press (``button``).  The reason is a ``Message`` put into words in the player's
language (``i18n.hints.hint_reason``).  ``compute_hint`` is the same on the calling
thread (tests, tools).
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

from ...core.actions import Buy, Discard, Draw, GoDown, LayOff, Lead, PassBuy, PassUpcard, Swap

log = logging.getLogger(__name__)

#: the level whose decision is the hint
HINT_LEVEL = "hard"


@dataclass
class Hint:
    action: object
    reason: Any                                 # the AI's reason (a Message), or ""
    cards: set = field(default_factory=set)     # card ids to outline (hand cards, the upcard)
    zone: str | None = None                     # the drop zone to light
    button: str | None = None                   # the button to light
    generation: int = -1                        # the session generation it was computed for

    def text(self) -> str:
        from ...i18n import _
        from ...i18n.hints import hint_reason
        if not self.reason:
            return _("Hint: {reason}").format(reason=_plain_action(self.action))
        # ("in your seat": a tester facing normal opponents read "the hard player" as one)
        # Translators: {reason} is the hard computer player's move and why, a phrase in
        # the third person in English ("leads 4♥: runs 2 hearts..."), in the infinitive
        # in Russian and Ukrainian (the same translation as "Hint: {reason}")
        return _("Hint: in your seat the hard player {reason}").format(
            reason=hint_reason(self.reason))


_PLAYERS: dict = {}


def hint_player(variant: str, options: dict | None = None, level: str = HINT_LEVEL):
    """The ``level`` computer player for ``variant`` (default the hard level, the hint's;
    cached; a stand-in if the AI fails)."""
    key = (variant, tuple(sorted((options or {}).items())), level)
    p = _PLAYERS.get(key)
    if p is None:
        try:
            from ...ai import make_player
            p = make_player(level, variant, options=options or None)
        except Exception:  # noqa: BLE001 - logged: the hint asks the table's stand-in
            log.exception("the %s computer player for %s cannot be built; the hint "
                          "asks the stand-in", level, variant)
            from .session import FallbackPlayer
            p = FallbackPlayer(variant, level)
        _PLAYERS[key] = p
    return p


def hint_question(session):
    """``(obs, legal, rng)`` of the human's decision now, or ``None`` when it is not
    theirs (the rng is seeded by the game's position: the same question, the same hint)."""
    if session.human_to_act() is None:
        return None
    eng = session.engine
    legal = eng.legal_actions()
    if not legal:
        return None
    obs = session.rules.observe(eng.state, session.human)
    return obs, legal, random.Random(session.generation * 7919 + len(eng.log))


def hint_answer(player, variant: str, obs, legal, rng) -> tuple[Any, Any]:
    """``(action, reason)`` of ``player`` (the stand-in's when it fails: logged)."""
    try:
        res = player.decide(obs, legal, rng)
    except Exception:  # noqa: BLE001 - logged: the stand-in's advice instead
        log.exception("the hint's computer player failed to decide in %s; the stand-in "
                      "advises", variant)
        from .session import FallbackPlayer
        res = FallbackPlayer(variant).decide(obs, legal, rng)
    return res if isinstance(res, tuple) else (res, "")


def compute_hint(session, hand_order=(), upcard=None, player=None) -> Hint | None:
    """The hint for the human's current decision, computed on this thread, or ``None``
    when it is not theirs.  ``player``: the adviser (default ``hint_player``)."""
    q = hint_question(session)
    if q is None:
        return None
    obs, legal, rng = q
    player = player or hint_player(session.variant, session.options)
    action, reason = hint_answer(player, session.variant, obs, legal, rng)
    return make_hint(action, reason, obs, session.generation, hand_order, upcard)


class HintAsker:
    """The hint of a table, thought on the session's worker thread.

    ``ask(hand_order, upcard)`` starts it (``False``: not the human's decision);
    ``poll()`` once a frame returns the hint the moment it arrives (else ``None``);
    ``thinking``: a hint is being thought about for the decision now; ``shown()``: the
    hint shown while the game is where it was asked.  ``player``: the adviser (default
    ``hint_player``: the hard level)."""

    def __init__(self, session, player=None) -> None:
        self.session = session
        self.player = player
        self.hint: Hint | None = None
        self._job: Any = None        # (future, generation, obs, hand_order, upcard)

    @property
    def thinking(self) -> bool:
        j = self._job
        return j is not None and j[1] == self.session.generation

    def ask(self, hand_order=(), upcard=None) -> bool:
        s = self.session
        self.hint = None
        q = hint_question(s)
        if q is None:
            self._job = None
            return False
        if self.thinking:
            return True              # already thinking about this decision
        obs, legal, rng = q
        player = self.player or hint_player(s.variant, s.options)

        def run():
            return hint_answer(player, s.variant, obs, legal, rng)
        self._job = (s.advise(run), s.generation, obs, list(hand_order), upcard)
        return True

    def poll(self) -> Hint | None:
        j = self._job
        if j is None:
            return None
        fut, gen, obs, order, up = j
        if gen != self.session.generation:
            self._job = None         # the game moved on: that answer is for nothing now
            return None
        if not fut.done():
            return None
        self._job = None
        try:
            action, reason = fut.result()
        except Exception:  # noqa: BLE001 - logged; no hint rather than a broken table
            log.exception("the hint failed in %s", self.session.variant)
            return None
        if action is None:
            return None
        self.hint = make_hint(action, reason, obs, gen, order, up)
        return self.hint

    def shown(self) -> Hint | None:
        h = self.hint
        if h is not None and h.generation != self.session.generation:
            h = self.hint = None
        return h

    def clear(self) -> None:
        self.hint = None
        self._job = None


def make_hint(action, reason, obs, generation: int, hand_order=(), upcard=None) -> Hint | None:
    """What the table lights for ``action`` (``None`` for no action)."""
    if action is None:
        return None
    h = Hint(action, reason or "", generation=generation)
    hand = [c for c in hand_order if c in set(obs.hand)] or list(obs.hand)

    def card_of(face, used):
        c = next((c for c in hand if c >> 3 == face and c not in used), None)
        if c is not None:
            used.add(c)
        return c

    used: set = set()
    if isinstance(action, GoDown):
        for m in action.melds:
            for f in m.cards:
                card_of(f, used)
        h.cards = used
        h.zone = "stage"
        h.button = "go_down"
    elif isinstance(action, (Discard, LayOff, Swap, Lead)):
        c = card_of(action.card, used)
        h.cards = {c} if c is not None else set()
        if isinstance(action, Discard):
            h.zone = "discard"
        elif isinstance(action, (LayOff, Swap)):
            h.zone = f"meld:{action.meld}"
    elif isinstance(action, Draw):
        if action.source == "discard":
            h.zone = "discard"
            if upcard is not None:
                h.cards = {upcard}
        else:
            h.zone = "stock"
    elif isinstance(action, PassUpcard):
        h.zone = "stock"
    elif isinstance(action, Buy):
        h.button = "buy"
        if upcard is not None:
            h.cards = {upcard}
    elif isinstance(action, PassBuy):
        h.button = "pass_buy"
    return h


def _plain_action(a) -> str:
    from ...i18n import N_, _, card_name
    t = getattr(a, "type", "")
    if isinstance(a, Draw):
        return _("take the upcard") if a.source == "discard" else _("draw from the stock")
    with_card = {"discard": N_("discard {card}"), "lay_off": N_("lay off {card}"),
                 "swap": N_("swap {card}"), "lead": N_("lead {card}")}
    if t in with_card:
        return _(with_card[t]).format(card=card_name(a.card))
    plain = {"go_down": N_("go down"), "buy": N_("buy"), "pass_buy": N_("pass"),
             "pass_upcard": N_("pass the upcard"), "play": N_("play")}
    return _(plain[t]) if t in plain else t.replace("_", " ")


def draw_hint(surf, h: Hint, view, L, buttons, holes=()) -> None:
    """The hint's target lit on the table (its cards are ringed as they are drawn:
    ``Board.draw``): its drop zone (the piles a little larger, a meld's box) and the
    button it would press.  ``holes`` (rects: the "Your turn" plate on the hand's top
    edge) are left unlit: the meld area's outline passed through the plate's words."""
    import pygame

    from .board import HINT
    from .felt import glow as lit

    def glow(surf, r, color) -> None:
        r = pygame.Rect(r)
        cut = [x for x in holes if x.colliderect(r)]
        if not cut:
            lit(surf, r, color)
            return
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        lit(s, pygame.Rect(0, 0, *r.size), color)
        for x in cut:
            s.fill((0, 0, 0, 0), pygame.Rect(x).move(-r.x, -r.y))
        surf.blit(s, r.topleft)
    if h.zone is not None:
        r = view.zones.get(h.zone)
        if h.zone == "stock":
            r = L.stock.inflate(12, 12)
        elif h.zone == "discard":
            r = L.discard.inflate(12, 12)
        elif h.zone.startswith("meld:"):
            mi = int(h.zone.split(":")[1])
            r = view.melds[mi].inflate(8, 8) if mi in view.melds else None
        if r is not None:
            glow(surf, r, HINT)
    if h.button and h.button in buttons and buttons[h.button].visible:
        glow(surf, buttons[h.button].rect.inflate(10, 10), HINT)
