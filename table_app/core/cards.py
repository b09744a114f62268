"""Cards, faces and physical cards.

A **face** is what is printed on a card: an ``int`` in ``0..52``.
``face = suit * 13 + (rank - 2)`` for the 52 ordinary faces (rank 2..14, ace = 14)
and ``JOKER = 52`` for a printed joker.  Suits are ``0 = S``, ``1 = H``, ``2 = D``,
``3 = C``.

A **physical card** (a *card id*) is an ``int``: ``face * 8 + copy`` where ``copy``
numbers the cards of that face in the deck (``0..7``: four decks hold eight jokers).
Every physical card in a deal has its own id; melds, hands and the engine always hold
ids, never bare faces (rules README, "Cards and notation").  With several decks, a face
code in a record means "the lowest-numbered copy of that face in the place it comes
from" (RECORD_FORMAT, "equal codes are interchangeable").

The text notation is rank then suit: ``7S``, ``10H``, ``QD``, ``AC``, ``JK``.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from .errors import RecordError

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K", 14: "A"}
TEXT_RANK = {v: k for k, v in RANK_TEXT.items()}
JOKER = 52
NFACES = 53
COPIES = 8  # physical copies per face that the id space allows

# Precomputed tables (index: face)
FACE_RANK: tuple[int, ...] = tuple([(f % 13) + 2 for f in range(52)] + [0])
FACE_SUIT: tuple[int, ...] = tuple([f // 13 for f in range(52)] + [-1])
FACE_TEXT: tuple[str, ...] = tuple(
    [RANK_TEXT[(f % 13) + 2] + SUITS[f // 13] for f in range(52)] + ["JK"])
_TEXT_FACE: dict[str, int | None] = {t: f for f, t in enumerate(FACE_TEXT)}
# lenient spellings accepted by the parser
_TEXT_FACE.update({"T" + s: _TEXT_FACE["10" + s] for s in SUITS})
_TEXT_FACE.update({"1" + s: None for s in SUITS})  # explicit "no": 1S is not a card
_TEXT_FACE.update({"JOKER": JOKER, "*": JOKER})


def make_face(rank: int, suit: int) -> int:
    """Face code for ``rank`` (2..14, or 1 for a low ace) and ``suit`` (0..3)."""
    if rank == 1:
        rank = 14
    return suit * 13 + (rank - 2)


def parse_face(text: str) -> int:
    """Parse a card code (``"7S"``, ``"10H"``, ``"JK"``) into a face.

    Raises:
        RecordError: the text is not a card code.
    """
    if not isinstance(text, str):
        raise RecordError(f"not a card code: {text!r}")
    f = _TEXT_FACE.get(text.strip().upper())
    if f is None:
        raise RecordError(f"not a card code: {text!r}")
    return f


def face_text(face: int) -> str:
    """Card code of a face (``"7S"``)."""
    return FACE_TEXT[face]


def face_pretty(face: int) -> str:
    """Card with its suit symbol (``"7♠"``, ``"JK"``), for people."""
    if face == JOKER:
        return "JK"
    return RANK_TEXT[FACE_RANK[face]] + SUIT_SYMBOLS[FACE_SUIT[face]]


def card_face(card: int) -> int:
    """Face of a physical card id."""
    return card >> 3


def card_text(card: int) -> str:
    """Card code of a physical card id."""
    return FACE_TEXT[card >> 3]


def make_deck(decks: int, jokers_per_deck: int = 2) -> tuple[int, ...]:
    """The sorted physical cards of ``decks`` decks.

    Each deck has 52 faces and ``jokers_per_deck`` printed jokers (2 for the contract
    family's 54-card deck, 0 for Michigan).  Returns a tuple of card ids, length
    ``decks * (52 + jokers_per_deck)``.
    """
    out = []
    for f in range(52):
        for c in range(decks):
            out.append(f * COPIES + c)
    for c in range(decks * jokers_per_deck):
        out.append(JOKER * COPIES + c)
    return tuple(out)


def deck_faces(decks: int, jokers_per_deck: int = 2) -> list[int]:
    """The faces of ``decks`` decks (multiset), sorted."""
    return [c >> 3 for c in make_deck(decks, jokers_per_deck)]


def faces_to_cards(faces: Sequence[int]) -> tuple[int, ...]:
    """Give each face of a dealt deck its physical id: the k-th occurrence of a face
    gets copy k (deterministic, RECORD_FORMAT).

    Raises:
        RecordError: more copies of one face than the id space allows.
    """
    seen = [0] * NFACES
    out = []
    for f in faces:
        c = seen[f]
        if c >= COPIES:
            raise RecordError(f"too many copies of {FACE_TEXT[f]}")
        seen[f] = c + 1
        out.append(f * COPIES + c)
    return tuple(out)


def find_card(cards: Iterable[int], face: int, exclude: Iterable[int] = ()) -> int | None:
    """The lowest-numbered physical card of ``face`` among ``cards`` (skipping the ids in
    ``exclude``), or ``None``.  This is how a face code in an action picks its copy."""
    best = None
    ex = set(exclude) if exclude else ()
    for c in cards:
        if c >> 3 == face and c not in ex and (best is None or c < best):
            best = c
    return best


def cards_text(cards: Iterable[int]) -> str:
    """Space-separated card codes (``"7S 10H JK"``)."""
    return " ".join(FACE_TEXT[c >> 3] for c in cards)


def parse_cards(text: str | Sequence[str]) -> list[int]:
    """Faces from ``"7S 10H JK"`` or a list of codes."""
    if isinstance(text, str):
        text = text.split()
    return [parse_face(t) for t in text]


def _shuffle_by_bits(rng: random.Random, x: list[Any]) -> None:
    """``random.Random.shuffle`` written out (Fisher-Yates, ``_randbelow`` by
    ``getrandbits``): the same permutation from the same generator state, without a
    method call per card."""
    getrandbits = rng.getrandbits
    bits = _BITS if len(x) < len(_BITS) else [n.bit_length() for n in range(len(x) + 1)]
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_BITS = tuple(n.bit_length() for n in range(8 * 54 + 1))  # n -> n.bit_length()


def _same_as_stdlib() -> bool:
    a, b = list(range(108)), list(range(108))
    ra, rb = random.Random(20261202), random.Random(20261202)
    ra.shuffle(a)
    _shuffle_by_bits(rb, b)
    return a == b and ra.getstate() == rb.getstate()


_FAST_SHUFFLE = _same_as_stdlib()


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` does (the same order, and
    ``rng`` left in the same state: seeded deals and records do not change), faster for
    a plain ``random.Random`` (checked against this Python's own at import; any other
    generator is left to its own ``shuffle``)."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle_by_bits(rng, x)
    else:
        rng.shuffle(x)
