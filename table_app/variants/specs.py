"""Every variant described once: one frozen, validated spec per game (ARCHITECTURE
principle 7; contract_family.md "Where the three differ", michigan.md).

A ``VariantSpec`` says what a game is and what it can do: its id and aliases (each alias
with the options it names), its display name and description (catalog message ids, put
into words by the UI with ``_()``), its seat range and default options, the rule ids its
refusals cite where the games differ (``RuleIds``), and its capabilities, which the UI
and the AI ask instead of a variant's name: ``buying`` (``Buying.CALL``, ``BUY`` or
``NONE``), ``swap``, ``rising_wild``, ``layout`` (a layout game played for chips),
``round7_whole_hand``, ``layoff_same_turn``.  The contract games' specs
(``ContractSpec``) add the data ``contract_family.ContractFamilyRules`` plays from (hand
sizes, contracts, meld sizes, card values, ...).

``VARIANT_SPECS`` holds the four, in the picker's order; ``SPECS`` the three contract
games.  The registry (``table_app.variants``) is built from them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from ..core.cards import FACE_RANK, JOKER
from ..core.messages import N_

# CF-6 contract table: round -> (sets, runs); round 7 is the variant's own.
CONTRACTS = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2)}


class Buying(str, Enum):
    """How a player may take the upcard out of turn (a capability)."""

    CALL = "call"   # Contract Rummy: one call, the upcard and a penalty card (CR-5)
    BUY = "buy"     # May I?: "May I?", chains of buys (MI-5 .. MI-9)
    NONE = "none"   # no buying (Mexican Rummy, MX-5; Michigan)

    def __str__(self) -> str:
        return self.value


class Family(str, Enum):
    """Which rules class plays a variant (and which computer players)."""

    CONTRACT = "contract"  # contract_family.ContractFamilyRules (Contract, May I?, Mexican)
    STOPS = "stops"        # michigan.MichiganRules

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleIds:
    """The rule ids a variant's refusals cite where the games differ; ``None``: the
    variant has no such refusal.  (Rules the whole family shares are cited as ``CF-n``
    where they are refused.)

    Attributes:
        players: the seat range and the seats (CR-1, MI-1, MX-1, MG-1).
        deal_passes: the deal passes to the left (CF-6; May I?'s MI-1; Michigan's MG-4).
        derived: ``(deal_end, game_end)``: a wrong derived line (CF-15, CF-16; MG-10, MG-11).
        buy: buying or calling the upcard out of turn (CR-5, MI-5; Mexican's MX-5: none).
        buy_who: who may buy: not the active player, nor the card's discarder, nor the
            previous buyer of a chain (CR-5, MI-6).
        buyer_waits: a buyer (caller) melds and discards on their own turn (CR-5, MI-9).
        declare_stock: passing the upcard declares for the stock (CR-5, MI-4).
        penalty_card: a buy needs a penalty card (CR-5, MI-8).
        round7: round 7's own contract (CR-9, MI-10, MX-7).
        layoff_turn: no laying off on the turn of going down (MI-4, MX-5).
        no_swap: wilds on the table never move (MI-4, MX-6).
        swap: swapping a natural card for a wild (CR-7).
        meld_sizes: exact meld sizes and the naturals' majority (CR-4).
        round7_sizes: round 7's meld sizes (CR-9).
        discard_playable: a down player may not discard a playable card (CR-8).
    """
    players: str
    deal_passes: str
    derived: tuple[str, str]
    buy: str | None = None
    buy_who: str | None = None
    buyer_waits: str | None = None
    declare_stock: str | None = None
    penalty_card: str | None = None
    round7: str | None = None
    layoff_turn: str | None = None
    no_swap: str | None = None
    swap: str | None = None
    meld_sizes: str | None = None
    round7_sizes: str | None = None
    discard_playable: str | None = None

    def ids(self) -> tuple[str, ...]:
        """Every rule id named here."""
        out: list[str] = []
        for k in self.__slots__:
            v = getattr(self, k)
            out.extend(v if isinstance(v, tuple) else () if v is None else (v,))
        return tuple(out)


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class VariantSpec:
    """What one game is (compared and hashed by identity: each spec is one value).

    Attributes:
        id: the variant id (records, settings: ``contract``, ``may_i``, ``mexican``,
            ``michigan``).
        name, description: the display name and a one-line description, as catalog
            message ids (English; show them with ``_(spec.name)``).
        family: which rules class plays it (``Family``).
        min_players, max_players: the seat range.
        default_options: every option with its default value (read-only); a record
            writes only the options that differ.
        aliases: other names, each with the options it names (read-only): Contract's
            ``deuces_wild`` is Contract with ``{"deuces_wild": True}``.
        rule_prefix: the variant's rule-id prefix (``CR``, ``MI``, ``MX``, ``MG``).
        rule_ids: the rule ids its refusals cite where the games differ.
        buying: how the upcard is taken out of turn (``Buying``; capability).
        swap: natural cards may replace wilds in runs on the table (CR-7; capability).
        rising_wild: a wild rank besides the jokers that rises every round (MX-3).
        layout: a layout game played for chips (Michigan, MG-2): balances, not points;
            the highest balance wins.
        round7_whole_hand: round 7 is gone down only with the whole hand (CR-9, MX-7).
        layoff_same_turn: a player may lay off on the turn of going down (CR-6).

    Raises:
        ValueError: an inconsistent spec (a seat range, a rule id of another game, an
            alias naming an option the game does not have).
    """
    id: str
    name: str
    description: str
    family: Family
    min_players: int
    max_players: int
    default_options: Mapping[str, Any] = field(default_factory=dict)
    aliases: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    rule_prefix: str
    rule_ids: RuleIds
    buying: Buying = Buying.NONE
    swap: bool = False
    rising_wild: bool = False
    layout: bool = False
    round7_whole_hand: bool = False
    layoff_same_turn: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: bad seat range {self.min_players}..{self.max_players}")
        for rule in self.rule_ids.ids():
            if rule.split("-")[0] not in (self.rule_prefix, "CF"):
                raise ValueError(f"{self.id}: rule id {rule} is not one of this game's")
        for alias, opts in self.aliases.items():
            bad = set(opts) - set(self.default_options)
            if bad:
                raise ValueError(f"{self.id}: alias {alias!r} names unknown options {sorted(bad)}")
        object.__setattr__(self, "default_options", MappingProxyType(dict(self.default_options)))
        object.__setattr__(self, "aliases", MappingProxyType(
            {a: MappingProxyType(dict(o)) for a, o in self.aliases.items()}))

    @property
    def higher_wins(self) -> bool:
        """The highest total wins (a chips game); else the lowest points (CF-16)."""
        return self.layout


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


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class ContractSpec(VariantSpec):
    """A contract game (``contract_family.ContractFamilyRules`` plays it).

    Attributes (besides ``VariantSpec``'s):
        decks_for: number of 54-card decks for a number of players.
        hand_sizes: cards dealt in rounds 1..7.
        round7: ``(sets, runs)`` of round 7's contract.
        round7_sizes: ``(set size, run size)`` round 7's melds must have at least
            (Contract: sets of 3, a run of 7, CR-9), or ``None``: the family's own (CF-1,
            CF-2).
        exact_sizes: going-down melds are exactly 3 (set) and 4 (run) cards (CR-4).
        naturals_majority: in each going-down meld natural cards outnumber wilds (CR-4).
        discard_restriction: a down player may not discard a playable card (CR-8).
        value: the points of a face left in hand: ``value(face, wild_ranks)``.
        deals_won_tiebreak: ties after round 7 go to more deals won (MX-9).
    """
    decks_for: Callable[[int], int]
    hand_sizes: tuple[int, ...]
    round7: tuple[int, int]
    round7_sizes: tuple[int, int] | None = None
    exact_sizes: bool = False
    naturals_majority: bool = False
    discard_restriction: bool = False
    value: Callable[[int, frozenset[int]], int]
    deals_won_tiebreak: bool = False

    def __post_init__(self) -> None:
        VariantSpec.__post_init__(self)
        if len(self.hand_sizes) != 7:
            raise ValueError(f"{self.id}: hand sizes for the seven rounds, not {self.hand_sizes}")

    def contract(self, rnd: int) -> tuple[int, int]:
        """``(sets, runs)`` required in round ``rnd`` (1..7)."""
        return self.round7 if rnd == 7 else CONTRACTS[rnd]

    def hand_size(self, rnd: int) -> int:
        """Cards dealt to each player in round ``rnd`` (1..7)."""
        return self.hand_sizes[rnd - 1]


_CF_DERIVED = ("CF-15", "CF-16")

CONTRACT = ContractSpec(
    id="contract", family=Family.CONTRACT,
    name=N_("Contract Rummy"),
    description=N_("Seven contracts; lay exactly the contract, call the upcard for a penalty "
                   "card."),
    min_players=3, max_players=8, default_options={"deuces_wild": False},
    aliases={"contract_rummy": {}, "deuces_wild": {"deuces_wild": True}},
    rule_prefix="CR",
    rule_ids=RuleIds(players="CR-1", deal_passes="CF-6", derived=_CF_DERIVED, buy="CR-5",
                     buy_who="CR-5", buyer_waits="CR-5", declare_stock="CR-5",
                     penalty_card="CR-5", round7="CR-9", swap="CR-7", meld_sizes="CR-4",
                     round7_sizes="CR-9", discard_playable="CR-8"),
    buying=Buying.CALL, swap=True, round7_whole_hand=True, layoff_same_turn=True,
    decks_for=lambda n: 2 if n <= 4 else (3 if n <= 6 else 4),
    hand_sizes=(10, 10, 10, 10, 12, 12, 12), round7=(2, 1), round7_sizes=(3, 7),
    exact_sizes=True, naturals_majority=True, discard_restriction=True, value=_contract_value)

MAY_I = ContractSpec(
    id="may_i", family=Family.CONTRACT,
    name=N_("May I?"),
    description=N_("Seven contracts with a big opening; buy the upcard out of turn by asking "
                   "\"May I?\"."),
    min_players=3, max_players=6, aliases={"mayi": {}, "may-i": {}},
    rule_prefix="MI",
    rule_ids=RuleIds(players="MI-1", deal_passes="MI-1", derived=_CF_DERIVED, buy="MI-5",
                     buy_who="MI-6", buyer_waits="MI-9", declare_stock="MI-4",
                     penalty_card="MI-8", round7="MI-10", layoff_turn="MI-4", no_swap="MI-4"),
    buying=Buying.BUY,
    decks_for=lambda n: 2 if n <= 4 else 3,
    hand_sizes=(10, 10, 10, 12, 12, 12, 12), round7=(0, 3), value=_may_i_value)

MEXICAN = ContractSpec(
    id="mexican", family=Family.CONTRACT,
    name=N_("Mexican Rummy"),
    description=N_("Seven contracts with a growing hand and a wild rank that rises every "
                   "round."),
    min_players=2, max_players=6, aliases={"mexican_rummy": {}},
    rule_prefix="MX",
    rule_ids=RuleIds(players="MX-1", deal_passes="CF-6", derived=_CF_DERIVED, buy="MX-5",
                     round7="MX-7", layoff_turn="MX-5", no_swap="MX-6"),
    rising_wild=True, round7_whole_hand=True,
    decks_for=lambda n: 2,
    hand_sizes=(7, 8, 9, 10, 11, 12, 13), round7=(0, 3), value=_mexican_value,
    deals_won_tiebreak=True)

MICHIGAN = VariantSpec(
    id="michigan", family=Family.STOPS,
    name=N_("Michigan Rummy"),
    description=N_("A stops game for chips: pay cards, a kitty and a widow; be first out."),
    min_players=3, max_players=8, default_options={"rotations": 1},
    aliases={"michigan_rummy": {}},
    rule_prefix="MG",
    rule_ids=RuleIds(players="MG-1", deal_passes="MG-4", derived=("MG-10", "MG-11")),
    layout=True)

#: the four games, in the picker's order
VARIANT_SPECS: dict[str, VariantSpec] = {s.id: s for s in (CONTRACT, MAY_I, MEXICAN, MICHIGAN)}
#: the contract games (``ContractFamilyRules``)
SPECS: dict[str, ContractSpec] = {s.id: s for s in (CONTRACT, MAY_I, MEXICAN)}


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
