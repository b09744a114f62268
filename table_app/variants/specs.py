"""The three contract games as data: one frozen, validated ``VariantSpec`` each
(contract_family.md, "Where the three differ").

Everything that differs between Contract Rummy, May I? and Mexican Rummy lives here;
``contract_family.ContractFamilyRules`` reads it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core.cards import FACE_RANK, JOKER

# CF-6 contract table: round -> (sets, runs); round 7 is the variant's own.
CONTRACTS = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2)}


def _contract_value(face: int, wild_ranks: frozenset[int]) -> int:
    """CR-10: 2 = 20, 3..9 = 5, 10 J Q K = 10, A = 20, joker = 20 (points)."""
    if face == JOKER:
        return 20
    r = FACE_RANK[face]
    if r == 2 or r == 14:
        return 20
    return 5 if r <= 9 else 10


def _may_i_value(face: int, wild_ranks: frozenset[int]) -> int:
    """MI-11: joker 25, ace 15, K Q J 10, 2..10 face value (points)."""
    if face == JOKER:
        return 25
    r = FACE_RANK[face]
    if r == 14:
        return 15
    return 10 if r >= 10 else r


def _mexican_value(face: int, wild_ranks: frozenset[int]) -> int:
    """MX-8: joker or the current round's wild rank 20, ace 15, 10 J Q K 10, others 5."""
    if face == JOKER:
        return 20
    r = FACE_RANK[face]
    if r in wild_ranks:
        return 20
    if r == 14:
        return 15
    return 10 if r >= 10 else 5


@dataclass(frozen=True, slots=True)
class VariantSpec:
    """What one contract game is.

    Attributes:
        id, name: variant id and display name.
        min_players, max_players: seat range.
        decks_for: number of 54-card decks for a number of players.
        hand_sizes: cards dealt in rounds 1..7.
        round7: ``(sets, runs)`` of round 7's contract.
        round7_whole_hand: round 7 is gone down only with the whole hand, no discard
            (CR-9, MX-7); else ordinary (MI-10).
        round7_run_min: the shortest run in round 7 (Contract: 7).
        exact_sizes: going-down melds are exactly 3 (set) and 4 (run) cards (CR-4).
        naturals_majority: in each going-down meld natural cards outnumber wilds (CR-4).
        layoff_same_turn: a player may lay off on the turn of going down (CR-6).
        swap: natural cards may replace wilds in runs (CR-7).
        discard_restriction: a down player may not discard a playable card (CR-8).
        buying: ``"call"`` (Contract, CR-5), ``"buy"`` (May I?, chains, MI-5..MI-9),
            or ``None`` (Mexican, MX-5).
        value: the points of a face left in hand: ``value(face, wild_ranks)``.
        deals_won_tiebreak: ties after round 7 go to more deals won (MX-9).
        rule_prefix: the variant's rule-id prefix (``CR``, ``MI``, ``MX``).
    """
    id: str
    name: str
    min_players: int
    max_players: int
    decks_for: Callable[[int], int]
    hand_sizes: tuple[int, ...]
    round7: tuple[int, int]
    round7_whole_hand: bool
    round7_run_min: int
    exact_sizes: bool
    naturals_majority: bool
    layoff_same_turn: bool
    swap: bool
    discard_restriction: bool
    buying: str | None
    value: Callable[[int, frozenset[int]], int]
    deals_won_tiebreak: bool
    rule_prefix: str

    def contract(self, rnd: int) -> tuple[int, int]:
        """``(sets, runs)`` required in round ``rnd`` (1..7)."""
        return self.round7 if rnd == 7 else CONTRACTS[rnd]

    def hand_size(self, rnd: int) -> int:
        return self.hand_sizes[rnd - 1]


CONTRACT = VariantSpec(
    id="contract", name="Contract Rummy", min_players=3, max_players=8,
    decks_for=lambda n: 2 if n <= 4 else (3 if n <= 6 else 4),
    hand_sizes=(10, 10, 10, 10, 12, 12, 12), round7=(2, 1), round7_whole_hand=True,
    round7_run_min=7, exact_sizes=True, naturals_majority=True, layoff_same_turn=True,
    swap=True, discard_restriction=True, buying="call", value=_contract_value,
    deals_won_tiebreak=False, rule_prefix="CR")

MAY_I = VariantSpec(
    id="may_i", name="May I?", min_players=3, max_players=6,
    decks_for=lambda n: 2 if n <= 4 else 3,
    hand_sizes=(10, 10, 10, 12, 12, 12, 12), round7=(0, 3), round7_whole_hand=False,
    round7_run_min=4, exact_sizes=False, naturals_majority=False, layoff_same_turn=False,
    swap=False, discard_restriction=False, buying="buy", value=_may_i_value,
    deals_won_tiebreak=False, rule_prefix="MI")

MEXICAN = VariantSpec(
    id="mexican", name="Mexican Rummy", min_players=2, max_players=6,
    decks_for=lambda n: 2,
    hand_sizes=(7, 8, 9, 10, 11, 12, 13), round7=(0, 3), round7_whole_hand=True,
    round7_run_min=4, exact_sizes=False, naturals_majority=False, layoff_same_turn=False,
    swap=False, discard_restriction=False, buying=None, value=_mexican_value,
    deals_won_tiebreak=True, rule_prefix="MX")

SPECS = {s.id: s for s in (CONTRACT, MAY_I, MEXICAN)}


@dataclass(frozen=True, slots=True)
class ContractTerms:
    """What a contract asks, as data (the UI puts it into words: ``i18n.contract_name``).

    Attributes:
        sets, runs: how many sets and runs (CF-6's table, a variant's round 7).
        set_size: the size every set must have, when the contract names one (Contract's
            round 7: "2 sets of 3"), else ``None``.
        run_size: likewise for runs (Contract's round 7: "1 run of 7").
        whole_hand: the contract is laid only with the whole hand at once (CR-9, MX-7).

    ``str()`` is the English text, for logs: ``"2 sets of 3 + 1 run of 7, whole hand"``.
    """
    sets: int
    runs: int
    set_size: int | None = None
    run_size: int | None = None
    whole_hand: bool = False

    def __str__(self) -> str:
        from ..i18n import contract_name
        return contract_name(self, "en")
