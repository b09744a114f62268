"""Whether a card on offer (May I?'s buy, MI-5; Contract's call, CR-5) fits the player's
hand: the ``ask_only_fitting`` setting offers only such a card and passes the others.

A card *fits* when

* it is wild (a joker, or a card of a wild rank: it fits any meld, CF-3);
* the player is down: it can be laid off on a meld on the table now (CF-8,
  ``melds.layoff_roles``), as itself or as a wild;
* the player is not down, and the round's contract asks for sets: with the player's own
  natural cards of its rank (and at most one wild of the hand) it makes a set (CF-1);
* the player is not down, and the contract asks for runs: with the player's own natural
  cards of its suit (and at most one wild) it makes a run of four (CF-2);
* the player is building melds (the meld area's staged groups): it extends one, a card
  of a staged set's rank or one that keeps a staged run of its suit within four places.

"Makes a set / a run" is the solver's answer (``core.solver.can_meet``) for those few
cards with the natural cards outnumbering the wild (a card that makes a meld only with
two wilds fits any hand holding two jokers, and is no reason to ask).

Pure: no pygame, no text.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.cards import FACE_RANK, FACE_SUIT, JOKER
from ...core.melds import can_be_wild, layoff_roles
from ...core.solver import ContractReq, can_meet

#: a set of three / a run of four of the card with the hand's cards, naturals outnumbering
#: the wild (CF-1, CF-2; the solver's requirement for one meld of the few cards given)
_SET = ContractReq(1, 0, set_min=3, set_max=3, naturals_majority=True, keep_one=False)
_RUN = ContractReq(0, 1, run_min=4, run_max=4, naturals_majority=True, keep_one=False)


def _positions(face: int) -> tuple[int, ...]:
    """A natural card's places in a run: 2..13 its rank, the ace 1 (low) and 14 (high)."""
    r = FACE_RANK[face]
    return (1, 14) if r == 14 else (r,)


def card_fits(card: int, hand: Sequence[int], wild_ranks: frozenset[int],
              contract: tuple[int, int], down: bool = False, melds: Iterable = (),
              staged: Iterable[Sequence[int]] = ()) -> bool:
    """Whether ``card`` (an id) fits the hand (the module's rules).

    Args:
        card: the card on offer (a card id); hand: the player's card ids.
        wild_ranks: the deal's wild ranks besides jokers; contract: ``(sets, runs)``.
        down: the player has gone down (CF-7); melds: the table's melds (``Meld``).
        staged: the groups of card ids the player is building in the meld area.
    """
    face = card >> 3
    if can_be_wild(face, wild_ranks):
        return True
    if down:
        return any(layoff_roles(m, face, wild_ranks) for m in melds)
    sets, runs = contract
    if _extends_staged(face, staged, wild_ranks, sets, runs):
        return True
    hand = [c for c in hand if c != card]
    wilds = [c for c in hand if can_be_wild(c >> 3, wild_ranks)]
    naturals = [c for c in hand if not can_be_wild(c >> 3, wild_ranks)]
    one_wild = wilds[:1]
    if sets:
        same = [c for c in naturals if FACE_RANK[c >> 3] == FACE_RANK[face]][:2]
        sub = [card] + same + (one_wild if len(same) < 2 else [])
        if len(sub) >= 3 and can_meet(sub, _SET, wild_ranks):
            return True
    if runs:
        suit = FACE_SUIT[face]
        held: dict[int, int] = {}
        for c in naturals:
            if c >> 3 != JOKER and FACE_SUIT[c >> 3] == suit:
                for p in _positions(c >> 3):
                    held.setdefault(p, c)
        for p in _positions(face):
            for a in range(max(1, p - 3), min(p, 11) + 1):
                others = [held[q] for q in range(a, a + 4) if q != p and q in held]
                if len(others) < 2 or (len(others) == 2 and not one_wild):
                    continue
                sub = [card] + others + (one_wild if len(others) == 2 else [])
                if can_meet(sub, _RUN, wild_ranks):
                    return True
    return False


def _extends_staged(face: int, staged, wild_ranks, sets: int, runs: int) -> bool:
    """The card extends a group being built: a set's rank, or a run's suit within four
    places of all its natural cards (or next to a longer one)."""
    for g in staged:
        nat = [c >> 3 for c in g if not can_be_wild(c >> 3, wild_ranks)]
        if not nat:
            continue
        if sets and all(FACE_RANK[f] == FACE_RANK[face] for f in nat):
            return True
        if runs and all(FACE_SUIT[f] == FACE_SUIT[face] for f in nat) and \
                len({FACE_RANK[f] for f in nat}) == len(nat):
            for p in _positions(face):
                for lo_hi in _spans(nat):
                    lo, hi = min(lo_hi[0], p), max(lo_hi[1], p)
                    if p not in lo_hi[2] and hi - lo + 1 <= max(4, len(g) + 1):
                        return True
    return False


def _spans(faces: Sequence[int]):
    """The group's places read with a low ace and with a high ace: ``(lo, hi, places)``."""
    out = []
    for ace in (1, 14):
        ps = [ace if FACE_RANK[f] == 14 else FACE_RANK[f] for f in faces]
        out.append((min(ps), max(ps), set(ps)))
    return out


def offer_fits(obs, staged=()) -> bool:
    """``card_fits`` of the card on offer in the player's Observation ``obs`` (``True``
    when nothing is on offer: nothing to pass)."""
    card = getattr(obs, "buy_card", None)
    if card is None:
        return True
    return card_fits(card, obs.hand, obs.wild_ranks, obs.contract,
                     down=bool(obs.down[obs.seat]), melds=obs.melds, staged=staged)


__all__ = ["card_fits", "offer_fits"]
