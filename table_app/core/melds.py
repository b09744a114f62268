"""Pure meld maths for the contract family: validating sets and runs with declared wild
roles (CF-1 ... CF-4) and laying off (CF-8).

Cards here are **faces** (see ``cards``) unless a name says ids.  A card is *wild* when
it is a printed joker, or when its rank is one of the deal's wild ranks **and** it has a
role; a card of a wild rank without a role is natural (CF-3).  Ranks in runs run from
1 (low ace) to 14 (high ace).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from .cards import FACE_RANK, FACE_SUIT, FACE_TEXT, JOKER, make_face
from .errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table.

    Attributes:
        kind: ``"set"`` or ``"run"``.
        owner: seat that laid it down.
        cards: physical card ids; a run's in rank order, low to high.
        roles: parallel to ``cards``: ``None`` for a natural card, else the face the wild
            stands for (a run's roles carry the run's suit).
        rank: a set's rank (2..14); a run's lowest rank (1..11, 1 = low ace).
        suit: a run's suit (0..3); ``-1`` for a set.
    """
    kind: str
    owner: int
    cards: tuple[int, ...]
    roles: tuple[int | None, ...]
    rank: int
    suit: int

    @property
    def high(self) -> int:
        """A run's highest rank (up to 14)."""
        return self.rank + len(self.cards) - 1

    def faces(self) -> tuple[int, ...]:
        return tuple(c >> 3 for c in self.cards)

    def wild_count(self) -> int:
        return sum(1 for r in self.roles if r is not None)

    def describe(self) -> str:
        """``"7C 7D 4H(7S)"``."""
        return " ".join(FACE_TEXT[c >> 3] + (f"({FACE_TEXT[r]})" if r is not None else "")
                        for c, r in zip(self.cards, self.roles))


def is_wild(face: int, role: int | None, wild_ranks: frozenset[int]) -> bool:
    """Whether a card is played as a wild (CF-3): a joker always, a wild-rank card when it
    has a role."""
    return face == JOKER or (role is not None and FACE_RANK[face] in wild_ranks)


def can_be_wild(face: int, wild_ranks: frozenset[int]) -> bool:
    """Whether a card may be played as a wild at all."""
    return face == JOKER or FACE_RANK[face] in wild_ranks


def _norm_roles(faces: Sequence[int], roles: Sequence[int | None],
                wild_ranks: frozenset[int]) -> list[int | None]:
    """Check each card's role (CF-3) and return the roles with natural cards as None."""
    out: list[int | None] = []
    for f, r in zip(faces, roles):
        if f == JOKER:
            if r is None or r == JOKER:
                raise IllegalActionError("CF-3", "joker_needs_role")
            out.append(r)
        elif r is None:
            out.append(None)
        elif FACE_RANK[f] in wild_ranks:
            if r == JOKER:
                raise IllegalActionError("CF-3", "wild_for_joker")
            out.append(r)
        elif r == f:
            out.append(None)  # a natural card "declared as itself"
        else:
            raise IllegalActionError("CF-3", "not_wild", {"card": f, "card2": r})
    return out


def _run_positions(eff: list[tuple[int, int]]) -> list[int] | None:
    """Given effective (rank 2..14, suit) per card, find rank values (1..14, ace low or
    high) making consecutive distinct ranks; return the per-card rank values or None."""
    aces = [i for i, (r, _) in enumerate(eff) if r == 14]
    if len(aces) > 2:
        return None
    base = [r for r, _ in eff]
    for choice in product((1, 14), repeat=len(aces)):
        vals = list(base)
        for i, v in zip(aces, choice):
            vals[i] = v
        s = sorted(vals)
        if len(set(s)) == len(s) and s[-1] - s[0] == len(s) - 1:
            return vals
    return None


def build_meld(kind: str, owner: int, cards: Sequence[int], roles: Sequence[int | None],
               wild_ranks: frozenset[int]) -> Meld:
    """Validate a declared meld and return it as it lies on the table.

    Args:
        kind: ``"set"`` or ``"run"``.
        cards: physical card ids (any order; a run is put in rank order).
        roles: parallel to ``cards`` (faces or ``None``).
        wild_ranks: the deal's wild ranks besides jokers (Mexican's rising rank,
            Contract's deuces option), as ranks 2..14.

    Raises:
        IllegalActionError: not a set (CF-1), not a run (CF-2), bad roles (CF-3).
    """
    faces = [c >> 3 for c in cards]
    if len(cards) != len(roles):
        raise IllegalActionError("CF-3", "roles_length")
    rl = _norm_roles(faces, roles, wild_ranks)
    eff = [(FACE_RANK[r], FACE_SUIT[r]) if r is not None else (FACE_RANK[f], FACE_SUIT[f])
           for f, r in zip(faces, rl)]
    if kind == "set":
        if len(cards) < 3:
            raise IllegalActionError("CF-1", "set_too_short")
        ranks = {r for r, _ in eff}
        if len(ranks) != 1:
            raise IllegalActionError("CF-1", "set_mixed_ranks")
        rank = ranks.pop()
        return Meld("set", owner, tuple(cards), tuple(rl), rank, -1)
    if kind != "run":
        raise IllegalActionError("CF-1", "unknown_meld_kind", {"what": repr(kind)})
    if len(cards) < 4:
        raise IllegalActionError("CF-2", "run_too_short")
    nat_suits = {s for (f, r), (_, s) in zip(zip(faces, rl), eff) if r is None}
    if len(nat_suits) > 1:
        raise IllegalActionError("CF-2", "run_mixed_suits")
    suit = nat_suits.pop() if nat_suits else eff[0][1]
    vals = _run_positions(eff)
    if vals is None:
        raise IllegalActionError("CF-2", "run_not_consecutive")
    order = sorted(range(len(cards)), key=lambda i: vals[i])
    ocards = tuple(cards[i] for i in order)
    oroles = tuple(None if rl[i] is None else make_face(vals[i], suit) for i in order)
    return Meld("run", owner, ocards, oroles, vals[order[0]], suit)


def layoff_result(meld: Meld, card: int, role: int | None,
                  wild_ranks: frozenset[int]) -> Meld:
    """The meld after laying off ``card`` (an id) with ``role`` (CF-8).

    A set takes more cards of its rank (or wilds standing for it); a run takes a card at
    either end only, never past the ace.

    Raises:
        IllegalActionError: the card does not fit (CF-8) or its role is bad (CF-3).
    """
    f = card >> 3
    (r,) = _norm_roles([f], [role], wild_ranks)
    eff = r if r is not None else f
    if meld.kind == "set":
        if FACE_RANK[eff] != meld.rank:
            raise IllegalActionError("CF-8", "layoff_wrong_rank", {"card": f, "rank": meld.rank})
        return Meld("set", meld.owner, meld.cards + (card,), meld.roles + (r,), meld.rank, -1)
    er, es = FACE_RANK[eff], FACE_SUIT[eff]
    if r is None and es != meld.suit:
        raise IllegalActionError("CF-8", "layoff_wrong_suit", {"card": f, "suit": meld.suit})
    low, high = meld.rank, meld.high
    if er == 14:
        if low == 2:
            pos = "low"
        elif high == 13:
            pos = "high"
        else:
            pos = None
    elif er == low - 1:
        pos = "low"
    elif er == high + 1:
        pos = "high"
    else:
        pos = None
    if pos is None:
        raise IllegalActionError("CF-8", "layoff_not_at_end", {"card": f})
    if pos == "low":
        nr = None if r is None else make_face(low - 1, meld.suit)
        return Meld("run", meld.owner, (card,) + meld.cards, (nr,) + meld.roles, low - 1, meld.suit)
    nr = None if r is None else make_face(high + 1, meld.suit)
    return Meld("run", meld.owner, meld.cards + (card,), meld.roles + (nr,), low, meld.suit)


def layoff_roles(meld: Meld, face: int, wild_ranks: frozenset[int]) -> list[int | None]:
    """Every role under which a card of ``face`` can be laid off on ``meld`` right now:
    ``None`` (as itself) and/or the faces a wild may stand for.  Empty when it can't."""
    out: list[int | None] = []
    # as itself
    if face != JOKER:
        r = FACE_RANK[face]
        if meld.kind == "set":
            if r == meld.rank:
                out.append(None)
        elif FACE_SUIT[face] == meld.suit and (
                r == meld.rank - 1 or r == meld.high + 1
                or (r == 14 and (meld.rank == 2 or meld.high == 13))):
            out.append(None)
    if can_be_wild(face, wild_ranks):
        if meld.kind == "set":
            out.append(make_face(meld.rank, 0) if meld.rank != 14 else make_face(14, 0))
        else:
            if meld.rank > 1:
                out.append(make_face(meld.rank - 1, meld.suit))
            if meld.high < 14:
                out.append(make_face(meld.high + 1, meld.suit))
    return out


def swap_index(meld: Meld, face: int) -> int | None:
    """Index of the wild in run ``meld`` that the natural ``face`` can replace (CR-7), or
    ``None``."""
    if meld.kind != "run":
        return None
    for i, r in enumerate(meld.roles):
        if r is not None and r == face:
            return i
    return None

