"""The hint: what the *normal* computer player would do now in the human's seat, with its
reason, and where that is on the table.

``compute_hint(session, hand_order, upcard)`` asks a normal player (``table_app.ai``) on
the human's own Observation and legal actions, exactly like a computer seat decides, and
maps the answer to what the table lights up: the hand cards it uses (``cards``: card ids),
the drop zone it targets (``zone``: ``"discard"``, ``"stock"``, ``"meld:2"``, ``"stage"``)
and the button it would press (``button``).  A normal decision takes milliseconds, so the
hint is computed on the main thread.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

from ...core.actions import Buy, Discard, Draw, GoDown, LayOff, Lead, PassBuy, PassUpcard, Swap

log = logging.getLogger(__name__)


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
        why = hint_reason(self.reason) if self.reason else _plain_action(self.action)
        return _("Hint: {reason}").format(reason=why)


_PLAYERS: dict = {}


def hint_player(variant: str, options: dict | None = None):
    """The normal computer player for ``variant`` (cached; a stand-in if the AI fails)."""
    key = (variant, tuple(sorted((options or {}).items())))
    p = _PLAYERS.get(key)
    if p is None:
        try:
            from ...ai import make_player
            p = make_player("normal", variant, options=options or None)
        except Exception:  # noqa: BLE001 - logged: the hint asks the table's stand-in
            log.exception("the normal computer player for %s cannot be built; the hint "
                          "asks the stand-in", variant)
            from .session import FallbackPlayer
            p = FallbackPlayer(variant, "normal")
        _PLAYERS[key] = p
    return p


def compute_hint(session, hand_order=(), upcard=None) -> Hint | None:
    """The hint for the human's current decision, or ``None`` when it is not theirs."""
    if session.human_to_act() is None:
        return None
    eng = session.engine
    legal = eng.legal_actions()
    if not legal:
        return None
    obs = session.rules.observe(eng.state, session.human)
    player = hint_player(session.variant, session.options)
    rng = random.Random(session.generation * 7919 + len(eng.log))
    try:
        res = player.decide(obs, legal, rng)
    except Exception:  # noqa: BLE001 - logged: the stand-in's advice instead
        log.exception("the hint's computer player failed to decide in %s; the stand-in "
                      "advises", session.variant)
        from .session import FallbackPlayer
        res = FallbackPlayer(session.variant).decide(obs, legal, rng)
    action, reason = (res if isinstance(res, tuple) else (res, ""))
    if action is None:
        return None
    h = Hint(action, reason or "", generation=session.generation)
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


def draw_hint(surf, h: Hint, view, L, buttons) -> None:
    """The hint's target lit on the table (its cards are ringed as they are drawn:
    ``Board.draw``): its drop zone (the piles a little larger, a meld's box) and the
    button it would press."""
    from .board import HINT
    from .felt import glow
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
