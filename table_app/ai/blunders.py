"""Blunders a strong player notices, counted from a game as played (issue 18).

``BlunderCounter`` watches every decision of a contract-family game (the state before it,
the seat, its legal actions and the action chosen) and the deal ends, and counts per seat:

``passed_completing_upcard``
    At its draw (CF-10), a seat that is not down passes the upcard (May I?, Contract:
    ``pass_upcard``; Mexican: draws from the stock) although the upcard completes its
    contract: with the upcard its hand can go down this turn (the rules' own go-down
    search, CF-7) and without it it cannot.  Not counted where taking a card ends the deal
    (CF-14's cap).
``discarded_wild_with_safe_alternative``
    A discard of a wild card (a joker, or the deal's wild rank: CR-3, MX-3) while a *safe*
    discard was legal: a natural card that fits no meld on the table (CF-8).
``fed_down_player_with_safe_alternative``
    A discard that fits a meld on the table (a natural that extends one, or a wild while
    some meld can grow: what a player who is down can lay off, CF-8) while the next
    player is down, and a safe discard was legal.
``bought_never_used``
    A buy or call (MI-7, CR-5) whose card is in no meld on the table when the deal ends
    (still in the buyer's hand, or discarded again).

``chances`` counts, beside them, the occasions each could happen (draws with an upcard
completing the contract, discards of a wild, discards while the next player is down,
buys); a rate is the count over its chances.

Michigan has none of these decisions: its counts stay 0.
"""
from __future__ import annotations

from typing import Any

from ..core.melds import can_be_wild

#: the counters, in the order ``simulate --json`` prints them
BLUNDERS = ("passed_completing_upcard", "discarded_wild_with_safe_alternative",
            "fed_down_player_with_safe_alternative", "bought_never_used")


def zero() -> dict[str, int]:
    return dict.fromkeys(BLUNDERS, 0)


class BlunderCounter:
    """Counts the blunders of each seat of one game (see the module's docstring).

    Args:
        rules: the game's rules (a second instance is used for the what-ifs, so the
            engine's caches see only the real game).
        n: seats.

    Attributes:
        counts: per seat, ``{blunder: count}``.
        chances: per seat, ``{blunder: occasions}``.
    """

    def __init__(self, rules: Any, n: int):
        self.enabled = hasattr(rules, "contract_terms")  # the contract family
        self.rules = type(rules)(rules.variant, rules.options) if self.enabled else rules
        self.counts = [zero() for _ in range(n)]
        self.chances = [zero() for _ in range(n)]
        self._bought: list[set[int]] = [set() for _ in range(n)]
        self._deals = 0

    # ------------------------------------------------------------------ decisions
    def decision(self, st: Any, seat: int, legal: list[Any], action: Any) -> None:
        """Look at one decision: ``st`` the state before it, ``action`` the one chosen."""
        if not self.enabled:
            return
        t = action.type
        if st.phase == "draw" and seat == st.current and t in ("pass_upcard", "draw"):
            self._draw(st, seat, legal, action)
        elif t == "discard":
            self._discard(st, seat, legal, action)
        elif t == "buy":
            self.chances[seat]["bought_never_used"] += 1
            self._bought[seat].add(st.discard[-1])

    def _draw(self, st: Any, seat: int, legal: list[Any], action: Any) -> None:
        take = next((a for a in legal if a.type == "draw" and a.source == "discard"), None)
        if take is None or st.down[seat] or (not st.stock and st.restocks >= 3):
            return
        if not self.completes(st, seat):
            return
        self.chances[seat]["passed_completing_upcard"] += 1
        if action != take:
            self.counts[seat]["passed_completing_upcard"] += 1

    def completes(self, st: Any, seat: int) -> bool:
        """The upcard completes ``seat``'s contract: with it the hand can go down, without
        it not (the rules' go-down search on the hand, in the play phase)."""
        from ..core.actions import Draw
        r = self.rules
        with_up = r.apply(st, Draw(seat, "discard"))
        if not any(a.type == "go_down" for a in r.legal_actions(with_up)):
            return False
        from ..variants.contract_family import replace
        without = replace(st, phase="play")
        return not any(a.type == "go_down" for a in r.legal_actions(without))

    def safe(self, st: Any, face: int) -> bool:
        """A discard that gives nothing away: a natural card that fits no meld (CF-8)."""
        from ..variants.contract_family import _playable_faces
        wr = self.rules.wild_ranks(st.round)
        return not can_be_wild(face, wr) and not _playable_faces(st.melds, (face,), wr)

    def _discard(self, st: Any, seat: int, legal: list[Any], action: Any) -> None:
        from ..variants.contract_family import _playable_faces
        wr = self.rules.wild_ranks(st.round)
        f = action.card
        others = [a.card for a in legal if a.type == "discard" and a.card != f]
        has_safe = any(self.safe(st, g) for g in others)
        if can_be_wild(f, wr):
            self.chances[seat]["discarded_wild_with_safe_alternative"] += 1
            if has_safe:
                self.counts[seat]["discarded_wild_with_safe_alternative"] += 1
        nxt = (seat + 1) % st.n
        if st.down[nxt] and nxt != seat:
            self.chances[seat]["fed_down_player_with_safe_alternative"] += 1
            if _playable_faces(st.melds, (f,), wr) and has_safe:
                self.counts[seat]["fed_down_player_with_safe_alternative"] += 1

    # ------------------------------------------------------------------ deal ends
    def after(self, st: Any) -> None:
        """Look at the state after a decision (and the engine's own events): a deal
        that has ended settles the buys of that deal."""
        if not self.enabled or len(st.results) == self._deals:
            return
        self._deals = len(st.results)
        on_table = {c for m in st.melds for c in m.cards}
        for s, cards in enumerate(self._bought):
            self.counts[s]["bought_never_used"] += sum(1 for c in cards if c not in on_table)
            cards.clear()


__all__ = ["BlunderCounter", "BLUNDERS", "zero"]
