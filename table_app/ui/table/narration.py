"""Narration: the logged events of a game in words, as the table's status line and its
moves log (L) say them, and each seat's last action.

Everything here is a projection of the engine's log (ARCHITECTURE.md, principle 8): the
words for event ``i`` are worked out from ``engine.log[i]`` and the state after it
(``engine.states[i + 1]``), seen by the human seat, whenever they are asked for (and
kept until the event or the language changes).  Nothing is remembered from what the
table happened to show: an undone move is gone with its event, a redone one comes back,
and a resumed game's earlier moves are told like the ones played since.

No pygame here.  ``Narrator(session)`` needs of the session only ``engine``, ``rules``,
``names``, ``human`` and ``variant`` (what the game can do is asked of its spec).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from ...core.cards import RANK_TEXT, parse_face
from ...i18n import N_, _, card_name, current_language, ngettext, player_name
from ...i18n import strings as S
from ...variants import VARIANTS, Buying

#: Michigan's pay cards (MG-2, MG-9): face -> cell name
_PAY = {parse_face(c): c for c in ("AH", "KC", "QD", "JS")}

# What a player did, as the status line says it: (said of you, said of another player).
_SAID = {
    "lead": (N_("You led {card}"), N_("{name} led {card}")),
    "play": (N_("You played {card}"), N_("{name} played {card}")),
    "went_out": (N_("You went out!"), N_("{name} went out!")),
    "pass_buy": (N_("You decline to buy"), N_("{name} declines to buy")),
    "takes": (N_("You take {card}"), N_("{name} takes {card}")),
    "draws": (N_("You draw from the stock"), N_("{name} draws from the stock")),
    "passes": (N_("You pass {card}"), N_("{name} passes {card}")),
    "buys": (N_("You buy {card} + a penalty card"), N_("{name} buys {card} + a penalty card")),
    "goes_down": (N_("You go down"), N_("{name} goes down")),
    "lays": (N_("You lay off {card}"), N_("{name} lays off {card}")),
    "swaps": (N_("You swap {card} for a wild"), N_("{name} swaps {card} for a wild")),
    "discards": (N_("You discard {card}"), N_("{name} discards {card}")),
    "goes_out": (N_("You go out"), N_("{name} goes out")),
    # each game's own word for taking the upcard out of turn: Contract calls (CR-5), May I?
    # asks "May I?" (MI-5) (as the buy button and the replay say it)
    "no_call": (N_("You don’t call"), N_("{name} doesn’t call")),
    "calls": (N_("You call {card} + penalty card"), N_("{name} calls {card} + penalty card")),
    "no_may_i": (N_("You don’t ask “May I?”"), N_("{name} doesn’t ask “May I?”")),
    "may_i": (N_("You ask “May I?” and take {card} + a penalty card"),
              N_("{name} asks “May I?” and takes {card} + a penalty card")),
}
#: the (pass_buy, buys) keys of _SAID for each way of taking the upcard out of turn
_BUY_WORDS = {Buying.CALL: ("no_call", "calls"), Buying.BUY: ("no_may_i", "may_i")}


def _buy_words(variant: str, default: tuple[str, str]) -> tuple[str, str]:
    spec = VARIANTS.get(variant)
    return _BUY_WORDS.get(spec.buying, default) if spec is not None else default
# the rules' `last` (a LastAction) kinds -> _SAID keys
_LAST = {"takes": "takes", "draws": "draws", "passes": "passes", "buys": "buys",
         "goes_down": "goes_down", "lays_off": "lays", "swaps": "swaps",
         "discards": "discards", "goes_out": "goes_out"}


#: a seat's last action as its box on the table shows it (issue #19), said of that seat
#: without its name (the name is on the box): the deal's visible moves; a pass in a
#: buying window is no move of its own (the seat's move before it stays shown)
_SEAT = {
    "draws": N_("drew from the stock"),
    "takes": N_("took {card}"),
    "passes": N_("passed {card}"),
    "calls": N_("called {card}"),
    "may_i": N_("bought {card} (May I?)"),
    "buys": N_("bought {card}"),
    "goes_down": N_("went down"),
    # Translators: a seat's last move, laying a card off on a set: "on the 7s"
    "lays_set": N_("laid off {card} on the {rank}s"),
    # Translators: a seat's last move, laying a card off on a run: "on 2♣–4♣"
    "lays_run": N_("laid off {card} on {low}–{high}"),
    "swaps": N_("swapped {card} for a wild"),
    "discards": N_("discarded {card}"),
    # Translators: a seat's last move when another player has since taken (or bought,
    # or called) the card it discarded: it is no longer on the discard pile
    "discards_taken": N_("discarded {card}, taken"),
    "goes_out": N_("went out"),
    "went_out": N_("went out"),
    "lead": N_("led {card}"),
    "play": N_("played {card}"),
    # Translators: on the dealer's box at a deal's start, until someone moves: the card
    # turned face up from the stock to start the discard pile (nobody discarded it)
    "upcard": N_("upcard turned: {card}"),
}


def said(you: bool, key: str, name: str, **fields) -> str:
    """``_SAID[key]`` in the current language, of you (``you``) or of ``name``."""
    you_msg, other_msg = _SAID[key]
    return _(you_msg if you else other_msg).format(name=name, **fields)


def said_last(you: bool, name: str, last, variant: str = "") -> str | None:
    """The rules' ``last`` (a ``LastAction``: ``kind`` and ``face``) said of ``name`` (or
    you) in the current language; ``None`` for a kind said elsewhere (a deal's end)."""
    got = _last_key(last, variant)
    if got is None:
        return None
    return said(you, got[0], name, **got[1])


def _last_key(last, variant: str) -> tuple[str, dict] | None:
    """The ``_SAID`` key and fields (the card in the current language) of a ``LastAction``."""
    key = _LAST.get(getattr(last, "kind", ""))
    if key is None:
        return None
    fields = {} if last.face is None else {"card": card_name(last.face)}
    if key == "buys":
        key = _buy_words(variant, ("", "buys"))[1]
    return key, fields


@dataclasses.dataclass(frozen=True)
class Said:
    """What one logged event says: ``text`` (in the language it was worked out in), the
    acting ``seat`` (``None``: nobody's action, a deal or a dead deal), and, for a
    player's action, its ``_SAID`` key and fields."""
    text: str
    seat: int | None = None
    key: str | None = None
    fields: tuple = ()


class Narrator:
    """The events of ``session.engine.log`` in words (a projection of the log).

    ``said(i)`` / ``text(i)``: event ``i``; ``deal_moves(upto)``: the current deal's
    texts of the events before ``upto``; ``last_text(upto)``: the latest of them;
    ``last_actions(upto)``: each seat's latest action in that deal (issue #19 shows them
    on the table).  ``upto`` is a log length (the table's ``shown``).

    ``since``: the events the table has told start there (the log's length when the table
    opened: a game resumed, or dealt before the table, does not tell its earlier events
    in the status line or the moves log again); ``truncated(n)`` lowers it when an undo
    cut the log below it.  ``last_actions`` is not cut: it is the deal's, whole."""

    def __init__(self, session, since: int = 0) -> None:
        self.session = session
        self.since = since
        self._cache: dict[Any, tuple[Any, ...]] = {}

    def truncated(self, n: int) -> None:
        """The log was cut to ``n`` events (an undo): what comes after is told anew."""
        self.since = min(self.since, n)

    # ------------------------------------------------------------------ one event
    def said(self, i: int) -> Said | None:
        """What event ``i`` says, or ``None`` when it says nothing (a restock, a note)."""
        eng = self.session.engine
        if not 0 <= i < len(eng.log):
            return None
        ev = eng.log[i]
        lang = current_language()
        got = self._cache.get(i)
        if got is not None and got[0] is ev and got[1] == lang:
            return got[2]
        out = self._work_out(ev, eng.states[i + 1])
        if len(self._cache) > 4000:
            self._cache.clear()
        self._cache[i] = (ev, lang, out)
        return out

    def text(self, i: int) -> str:
        s = self.said(i)
        return s.text if s is not None else ""

    def _work_out(self, ev, st) -> Said | None:
        s = self.session
        p = getattr(ev, "player", None)
        name = player_name(s.names[p]) if p is not None else ""
        you = p == s.human
        t = ev.type
        if t in ("lead", "play"):
            fields = {"card": card_name(ev.card)}
            return Said(said(you, t, name, **fields), p, t, tuple(fields.items()))
        if t == "deal":
            dn = player_name(s.names[ev.dealer])
            if VARIANTS[s.variant].layout:  # the deals of a layout game are just deals
                text = (_("Deal {n}: You dealt").format(n=ev.round) if ev.dealer == s.human
                        else _("Deal {n}: {name} dealt").format(n=ev.round, name=dn))
            else:   # a contract game's deal starts one of its rounds
                text = (_("Round {n}: You dealt").format(n=ev.round) if ev.dealer == s.human
                        else _("Round {n}: {name} dealt").format(n=ev.round, name=dn))
            return Said(text)
        if t == "deal_end":
            w = ev.winner
            if w is None:
                return Said(_(S.DEAD_DEAL))
            return Said(said(w == s.human, "went_out", player_name(s.names[w])), w, "went_out")
        if t == "pass_buy":
            key = _buy_words(s.variant, ("pass_buy", "buys"))[0]
            return Said(said(you, key, name), p, key)
        if p is None:
            return None
        # the state's `last` describes this event for draw, pass, buy, go-down, lay-off,
        # swap and discard (it is not updated by a pass in a buying window)
        last = getattr(s.rules.observe(st, s.human), "last", None)
        got = _last_key(last, s.variant) if last else None
        if got is None:
            return None
        return Said(said(you, got[0], name, **got[1]), p, got[0], tuple(got[1].items()))

    # ------------------------------------------------------------------ the deal so far
    def deal_start(self, upto: int) -> int:
        """The index of the deal event of the deal shown at ``upto`` (0 before any)."""
        log = self.session.engine.log
        for i in range(min(upto, len(log)) - 1, -1, -1):
            if log[i].type == "deal":
                return i
        return 0

    def deal_moves(self, upto: int) -> list[str]:
        """What the status line says of each event of the current deal before ``upto``,
        oldest first (the table's move log, L)."""
        upto = min(upto, len(self.session.engine.log))
        out = []
        for i in range(max(self.since, self.deal_start(upto)), upto):
            t = self.text(i)
            if t:
                out.append(t)
        return out

    def last_text(self, upto: int) -> str:
        """The words of the latest event before ``upto`` that says something ("" when
        none does)."""
        for i in range(min(upto, len(self.session.engine.log)) - 1, self.since - 1, -1):
            t = self.text(i)
            if t:
                return t
        return ""

    # ------------------------------------------------------------------ on the table
    def seat_text(self, i: int) -> str | None:
        """Event ``i`` as the acting seat's box shows it ("took 7♥", "laid off 5♣ on
        2♣–4♣", Michigan's "played Q♦: takes 4 chips"), or ``None`` when it is no
        seat's visible move (a pass in a buying window, a deal, a restock)."""
        eng = self.session.engine
        if not 0 <= i < len(eng.log):
            return None
        ev = eng.log[i]
        key = ("seat", i)
        lang = current_language()
        got = self._cache.get(key)
        if got is not None and got[0] is ev and got[1] == lang:
            return got[2]
        out = self._seat_work_out(i, ev)
        if len(self._cache) > 4000:
            self._cache.clear()
        self._cache[key] = (ev, lang, out)
        return out

    def _seat_work_out(self, i: int, ev) -> str | None:
        s = self.session
        eng = s.engine
        t = ev.type
        if t == "pass_buy":
            return None
        if t in ("lead", "play"):
            chips = self._pay_taken(i, ev)
            if chips is not None:
                msg = (ngettext("led {card}: takes {n} chip", "led {card}: takes {n} chips", chips)
                       if t == "lead" else
                       ngettext("played {card}: takes {n} chip", "played {card}: takes {n} chips",
                                chips))
                return msg.format(card=card_name(ev.card), n=chips)
            return _(_SEAT[t]).format(card=card_name(ev.card))
        if t == "deal_end":
            return _(_SEAT["went_out"]) if ev.winner is not None else None
        if t == "lay_off":
            before = getattr(s.rules.observe(eng.states[i], s.human), "melds", ())
            if 0 <= ev.meld < len(before):
                m = before[ev.meld]
                if m.kind == "set":
                    return _(_SEAT["lays_set"]).format(card=card_name(ev.card),
                                                       rank=RANK_TEXT[m.rank])
                faces = [r if r is not None else c >> 3 for c, r in zip(m.cards, m.roles)]
                return _(_SEAT["lays_run"]).format(card=card_name(ev.card),
                                                   low=card_name(faces[0]),
                                                   high=card_name(faces[-1]))
        got = self.said(i)
        if got is None or got.seat is None or got.key not in _SEAT:
            return None
        if got.key == "discards" and t != "discard":
            return None     # only a discard is "discarded" (the turned upcard never is)
        return _(_SEAT[got.key]).format(**dict(got.fields))

    def _discard_taken(self, i: int, upto: int) -> bool:
        """The card discarded at log index ``i`` has left the discard pile for a hand or a
        meld in the state shown at ``upto`` (taken as the upcard, bought or called, CF-10,
        MI-5, CR-5; public: it lay face up): a tester read "discarded 10♥" on a seat's
        box as the card still being there."""
        states = self.session.engine.states
        if i + 1 >= len(states) or upto >= len(states):
            return False
        pile = getattr(states[i + 1], "discard", None)
        if not pile:
            return False
        c = pile[-1]
        now = states[upto]
        if c in now.discard:
            return False
        return any(c in h for h in now.hands) or any(c in m.cards for m in now.melds)

    def _upcard_turned(self, d: int) -> str | None:
        """The card the deal at log index ``d`` turned face up (``_SEAT["upcard"]``), as
        the dealer's box shows it until a seat moves; ``None`` without one (Michigan)."""
        eng = self.session.engine
        if not 0 <= d < len(eng.log) or eng.log[d].type != "deal" or d + 1 >= len(eng.states):
            return None
        up = getattr(self.session.rules.observe(eng.states[d + 1], self.session.human),
                     "upcard", None)
        return None if up is None else _(_SEAT["upcard"]).format(card=card_name(up >> 3))

    def _pay_taken(self, i: int, ev) -> int | None:
        """The chips a Michigan lead or play ``i`` of a pay card took (MG-9), else
        ``None``."""
        if not self.session.spec.layout:
            return None
        name = _PAY.get(ev.card)
        if name is None:
            return None
        before = self.session.rules.observe(self.session.engine.states[i], self.session.human)
        got = before.layout.get(name)
        return None if got is None else int(got)

    def seat_labels(self, upto: int) -> dict[int, tuple[str, bool]]:
        """Each seat's last visible move in the deal shown at ``upto`` as its box shows it
        (``seat_text``), kept until that seat moves again: seat -> ``(text, newest)``,
        ``newest`` for the seat that moved last.  A seat that has not moved is missing.
        Before anyone has moved, the dealer's box tells the upcard the deal turned ("upcard
        turned: 10♥": nobody discarded it)."""
        eng = self.session.engine
        upto = min(upto, len(eng.log))
        out: dict[int, str] = {}
        at: dict[int, int] = {}
        last = None
        start = self.deal_start(upto)
        for i in range(start, upto):
            p = getattr(eng.log[i], "player", None)
            if p is None and eng.log[i].type == "deal_end":
                p = eng.log[i].winner
            if p is None:
                continue
            t = self.seat_text(i)
            if t:
                out[p] = t
                at[p] = i
                last = p
        for p, i in at.items():
            ev = eng.log[i]
            if ev.type == "discard" and self._discard_taken(i, upto):
                out[p] = _(_SEAT["discards_taken"]).format(card=card_name(ev.card))
        if not out and start < upto:
            dealer = getattr(eng.log[start], "dealer", None)
            t = self._upcard_turned(start)
            if t and dealer is not None:
                return {dealer: (t, True)}
        return {p: (t, p == last) for p, t in out.items()}

    def pay_cards(self, upto: int) -> dict[str, tuple[int, int]]:
        """Michigan's pay cards taken in the deal shown at ``upto`` (MG-9): cell name
        (``"AH"`` ...) -> ``(seat, chips)``."""
        eng = self.session.engine
        if not self.session.spec.layout:
            return {}
        upto = min(upto, len(eng.log))
        out = {}
        for i in range(self.deal_start(upto), upto):
            ev = eng.log[i]
            if ev.type in ("lead", "play") and ev.card in _PAY:
                chips = self._pay_taken(i, ev)
                if chips is not None:
                    out[_PAY[ev.card]] = (ev.player, chips)
        return out

    def chain_buyer(self, upto: int) -> int | None:
        """The seat whose buy uncovered the card offered at ``upto`` (May I?'s chain,
        MI-6), or ``None`` when the card on offer was passed by the active player."""
        log = self.session.engine.log
        for i in range(min(upto, len(log)) - 1, -1, -1):
            t = log[i].type
            if t == "pass_buy":
                continue
            return log[i].player if t == "buy" else None
        return None

    def last_actions(self, upto: int) -> dict[int, Said]:
        """Each seat's latest action in the deal shown at ``upto`` (seat -> ``Said``),
        kept until that seat acts again; a seat that has not acted in it is missing."""
        upto = min(upto, len(self.session.engine.log))
        out: dict[int, Said] = {}
        for i in range(self.deal_start(upto), upto):
            s = self.said(i)
            if s is not None and s.seat is not None:
                out[s.seat] = s
        return out


__all__ = ["Narrator", "Said", "said", "said_last", "SEAT_WORDS"]

SEAT_WORDS = _SEAT
