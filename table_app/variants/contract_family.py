"""The rules of the contract family: Contract Rummy, May I? and Mexican Rummy
(``../shared/rules/contract_family.md``, ``contract.md``, ``may_i.md``, ``mexican.md``).

One rules class driven by a ``VariantSpec`` (``specs.py``) and the game's options.  It
implements the engine's rules protocol (see ``table_app.engine.engine``): ``check``
refuses with ``IllegalActionError(rule, message_id, params)`` (the rule id, a message id
of ``table_app/i18n/refusals.py`` and its parameters; no sentence); ``apply`` is pure and
trusts its input; states are frozen, slotted dataclasses of tuples, with no text for
people (``CFState.last`` is a ``LastAction``, a contract a ``ContractTerms``).

Phases (``CFState.phase``): ``predeal`` (no deal yet), ``draw`` (the active player takes
the upcard, passes it, or draws from the stock), ``buy`` (a buying/calling window:
``queue[0]`` answers), ``stock`` (the window is over: the active player draws from the
stock), ``play`` (go down, lay off, swap, discard), ``between`` (a deal is over, the next
is due), ``over`` (after round 7).

Finite deals (CF-14): once the stock is empty and the discard pile holds only the upcard
(at any moment of a turn: ``CFState.locked`` latches for the rest of the deal), nobody can
pass the upcard or draw from the stock any more; when as many consecutive turns as there
are players then end without a go-down, lay-off or swap (counting the turn in which the
latch closed), the deal ends after the last of those discards with no winner.  Every deal
is then finite: while locked each turn takes the upcard and discards, and go-downs,
lay-offs and swaps are finite in number.

The stock is refilled (CF-13) at most ``MAX_RESTOCKS`` (three) times a deal
(``CFState.restocks`` counts them; CF-14's convention, because in a game without buying
the stock can be refilled for ever): when a card must be taken from the empty stock after
the third refill (a draw from the stock, or a buy's penalty card), the deal ends at once
instead, with no winner and every hand scored, and the action that needed the card moves
no card.  In a record that action is followed by no fourth ``restock`` but by the
``deal_end`` with ``"winner": null``; a fourth ``restock`` is refused (CF-14).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from dataclasses import replace as _dc_replace
from typing import Any, NoReturn, TypeVar

from ..core.actions import (
    Buy,
    Deal,
    DealEnd,
    Discard,
    Draw,
    GameEnd,
    GoDown,
    LayOff,
    PassBuy,
    PassUpcard,
    Restock,
    Swap,
)
from ..core.cards import (
    FACE_RANK,
    FACE_TEXT,
    JOKER,
    RANK_TEXT,
    deck_faces,
    faces_to_cards,
    make_face,
    shuffle,
)
from ..core.errors import IllegalActionError, RecordError
from ..core.melds import (
    Meld,
    build_meld,
    can_be_wild,
    is_wild,
    layoff_result,
    layoff_roles,
    swap_index,
)
from ..core.phase import Phase
from .go_down import GoDownSearch, _greedy_melds, _LazyGoDown, _one_meld, _Witness, might_meet
from .specs import SPECS, Buying, ContractSpec, ContractTerms
from .worlds import sample_cf_world

_T = TypeVar("_T")


#: CF-14: the most times the stock is refilled in one deal (then the deal ends instead)
MAX_RESTOCKS = 3

# the phases (module names: a member read from the enum class costs more on the hot path)
PREDEAL, DEAL, DRAW, STOCK, BUY, PLAY, BETWEEN, OVER = (
    Phase.PREDEAL, Phase.DEAL, Phase.DRAW, Phase.STOCK, Phase.BUY, Phase.PLAY, Phase.BETWEEN,
    Phase.OVER)
_NO_BUYING, _BUYS, _CALLS = Buying.NONE, Buying.BUY, Buying.CALL
# a state's phase -> the phase of the seat to act (``to_act``)
_PLAYER_PHASES = {DRAW: DRAW, STOCK: DRAW, BUY: BUY, PLAY: PLAY}


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal: ``round``, ``winner`` (seat or ``None`` for a dead deal),
    ``scores`` (points per seat)."""
    round: int
    winner: int | None
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LastAction:
    """What happened last in a deal, as data for narration (the UI puts it into words).

    Attributes:
        kind: ``deal``, ``restock``, ``takes`` (the upcard), ``draws`` (from the stock),
            ``passes`` (the upcard), ``buys`` (the upcard and a penalty card),
            ``goes_down``, ``lays_off``, ``swaps`` (a natural card for a wild),
            ``discards``, ``goes_out`` or ``dead_deal``.
        face: the card concerned (``takes``, ``passes``, ``buys``, ``lays_off``,
            ``swaps``, ``discards``), else ``None``.
    """
    kind: str
    face: int | None = None


_L_DEAL = LastAction("deal")
_L_RESTOCK = LastAction("restock")
_L_DRAWS = LastAction("draws")
_L_GOES_DOWN = LastAction("goes_down")
_L_GOES_OUT = LastAction("goes_out")
_L_DEAD = LastAction("dead_deal")
# the narration of a card moved, per face, made once (values: equal to a new one)
# (each kind written out as a literal LastAction call: the i18n tests find every kind the
# rules can say by reading these calls)
_FACES = range(JOKER + 1)
_L_TAKES = tuple(LastAction("takes", f) for f in _FACES)
_L_PASSES = tuple(LastAction("passes", f) for f in _FACES)
_L_BUYS = tuple(LastAction("buys", f) for f in _FACES)
_L_LAYS_OFF = tuple(LastAction("lays_off", f) for f in _FACES)
_L_SWAPS = tuple(LastAction("swaps", f) for f in _FACES)
_L_DISCARDS = tuple(LastAction("discards", f) for f in _FACES)


#: ``CFState``'s fields, in order (the slots of ``_CFSlots``)
_CF_FIELDS = ("n", "round", "dealer", "phase", "current", "hands", "stock", "discard",
              "discarders", "melds", "down", "went_down_now", "melded_now", "queue",
              "prev_buyer", "locked", "quiet", "known", "results", "wins", "last",
              "restocks", "bought_now")


class _CFSlots:
    """The storage of a ``CFState``: one slot per field and no ``__dict__`` (a state is one
    object for the garbage collector and the allocator, not an object and a field dict:
    the engine keeps every state).  Not frozen, so that ``replace`` fills a new one with
    plain slot stores before making it a ``CFState`` (issue #17)."""
    __slots__ = _CF_FIELDS


@dataclass(frozen=True)
class CFState(_CFSlots):
    """A contract-family game state (immutable; its fields are the slots of ``_CFSlots``).

    Card lists hold physical card ids.  ``stock`` has its top at the *end*;
    ``discard`` has the upcard at the end, with ``discarders`` parallel (seat, or -1 for
    the first upcard of the deal).  ``known[s]``: the cards seat ``s`` took from the
    discard pile and still holds (public knowledge).  ``restocks``: how many times the
    stock has been refilled this deal (CF-13; at most ``MAX_RESTOCKS``, CF-14).
    ``bought_now``: the seats that bought (called) the upcard during the current turn, who
    may not meld or discard until their own turn (MI-9, CR-5).
    """
    n: int
    round: int
    dealer: int
    phase: Phase
    current: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    discard: tuple[int, ...]
    discarders: tuple[int, ...]
    melds: tuple[Meld, ...]
    down: tuple[bool, ...]
    went_down_now: bool = False
    melded_now: bool = False
    queue: tuple[int, ...] = ()
    prev_buyer: int = -1
    locked: bool = False
    quiet: int = 0
    known: tuple[tuple[int, ...], ...] = ()
    results: tuple[DealResult, ...] = ()
    wins: tuple[int, ...] = ()
    last: LastAction | None = None  # what happened last, for the UI's narration
    restocks: int = 0
    bought_now: tuple[int, ...] = ()

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # no __dict__ and a frozen __setattr__: pickled (and deep-copied) as its values
        return (_cf_state_of, (tuple(getattr(self, f) for f in _CF_FIELDS),))


# the dataclass left its defaults as class attributes of CFState, which would hide the
# slots of _CFSlots from attribute reads (``__init__`` keeps them as its own defaults)
for _f in _CF_FIELDS:
    if _f in CFState.__dict__:
        delattr(CFState, _f)
assert tuple(f.name for f in fields(CFState)) == _CF_FIELDS


def _cf_state_of(values: tuple[Any, ...]) -> CFState:
    """The ``CFState`` of ``values`` (its fields in order; unpickling)."""
    new = _new(_CFSlots)
    for k, v in zip(_CF_FIELDS, values):
        setattr(new, k, v)
    _setattr(new, "__class__", CFState)
    return new  # type: ignore[return-value]  # made a CFState above


def _make_copier() -> Callable[[CFState], _CFSlots]:
    """A function that copies every slot of a ``CFState`` into a new ``_CFSlots`` (one plain
    slot store per field, written out: no loop, no ``object.__setattr__`` call)."""
    src = ("def copy(st):\n    new = _new(_CFSlots)\n"
           + "".join(f"    new.{f} = st.{f}\n" for f in _CF_FIELDS) + "    return new\n")
    ns: dict[str, Any] = {"_new": object.__new__, "_CFSlots": _CFSlots}
    exec(src, ns)  # noqa: S102 - our own field names, generated once at import
    copier: Callable[[CFState], _CFSlots] = ns["copy"]
    return copier


def replace(st: _T, **kw: Any) -> _T:
    """``dataclasses.replace`` for ``CFState`` without its per-call overhead (the engine's
    hot path: every action makes a new state): the slots are copied into a new
    ``_CFSlots``, the changed ones stored over, and the copy made a ``CFState`` (a
    ``__class__`` switch between two classes of one layout).  Raises ``AttributeError``
    for a name that is not a field.  Other dataclasses go to the standard one."""
    if type(st) is not CFState:
        return _dc_replace(st, **kw)  # type: ignore[type-var]  # any dataclass
    new = _copy(st)  # type: ignore[arg-type]  # st is a CFState (checked above)
    for k, v in kw.items():
        setattr(new, k, v)
    _setattr(new, "__class__", CFState)
    return new  # type: ignore[return-value]  # a CFState, as st


_new = object.__new__
_setattr = object.__setattr__  # past the frozen dataclass's __setattr__
_copy = _make_copier()


def _maker(*names: str) -> Callable[..., CFState]:
    """A function ``mk(st, v1, v2, ...)``: ``replace(st, name1=v1, name2=v2, ...)`` for these
    field names, written out (one slot store per field, no keyword dict, no loop): the
    apply of the actions every turn makes (issue #17)."""
    assert len(set(names)) == len(names) and set(names) <= set(_CF_FIELDS), names
    args = [f"v{i}" for i in range(len(names))]
    given = dict(zip(names, args))
    src = (f"def mk(st, {', '.join(args)}):\n    new = _new(_CFSlots)\n"
           + "".join(f"    new.{f} = {given.get(f, 'st.' + f)}\n" for f in _CF_FIELDS)
           + "    _setattr(new, '__class__', CFState)\n    return new\n")
    ns: dict[str, Any] = {"_new": _new, "_CFSlots": _CFSlots, "_setattr": _setattr,
                          "CFState": CFState}
    exec(src, ns)  # noqa: S102 - our own field names, generated once at import
    mk: Callable[..., CFState] = ns["mk"]
    return mk


# the states of the actions every turn makes (``ContractFamilyRules.apply``)
_MK_TAKE = _maker("discard", "discarders", "phase", "known", "hands", "locked", "last")
_MK_DRAW = _maker("stock", "phase", "hands", "locked", "last")
_MK_QUEUE = _maker("queue")
_MK_WINDOW = _maker("phase", "queue", "prev_buyer", "last")
_MK_STOCK = _maker("phase", "queue", "prev_buyer")
_MK_BUY = _maker("phase", "queue", "prev_buyer", "discard", "discarders", "stock", "known",
                 "bought_now", "last", "hands", "locked")
_MK_DISCARD = _maker("discard", "discarders", "hands", "known", "last", "phase", "current",
                     "went_down_now", "melded_now", "quiet", "prev_buyer", "bought_now")


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (principle 6).

    Attributes:
        variant, seat, num_players, round (0 before the first deal), dealer.
        phase: ``predeal|draw|buy|play|between|over`` (``stock`` is shown as ``draw``).
        to_act: the seat to act, or ``None``.
        hand: this seat's card ids.
        hand_sizes: cards in every seat's hand.
        upcard: the discard pile's top card id, or ``None``.
        discard_pile: the discard pile, bottom to top (ids).
        stock_size: cards in the stock.
        melds: the table's melds, in the order laid down.
        down: whether each seat has gone down.
        contract: ``(sets, runs)`` of this round; ``contract_terms``: all it asks
            (a ``ContractTerms``, ``None`` before the first deal).
        wild_ranks: this deal's wild ranks besides jokers.
        known: per seat, the cards seen taken from the discard pile still in that hand.
        results: finished deals; ``totals`` per seat.
        buy_card: the card on offer in a buying window (or ``None``).
        can_draw_stock: the active player may (now or after the window) draw from the stock.
        went_down_now: the active player went down this turn.
        last: what happened last (a ``LastAction``, or ``None``).
        upcard_by: the seat that discarded the upcard (``-1``: the deal's first upcard,
            or no upcard).
        buy_queue: in a buying window, the seats still to be asked, in order (MI-5, MI-6).
        stock_due: the active player has declared for the stock (passed the upcard) and
            draws from it once the window is over.
        locked: the CF-14 latch is closed (no stock draws or passes for the rest of the deal).
        restocks: how many times the stock has been refilled this deal (CF-13); after
            ``MAX_RESTOCKS`` a take from the empty stock ends the deal (CF-14).
        hands_shown: once the deal is over, every seat's hand as it was caught (the
            cards scored, CF-15: public then); ``None`` while it runs.
    """
    variant: str
    seat: int
    num_players: int
    round: int
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    upcard: int | None
    discard_pile: tuple[int, ...]
    stock_size: int
    melds: tuple[Meld, ...]
    down: tuple[bool, ...]
    contract: tuple[int, int]
    contract_terms: ContractTerms | None
    wild_ranks: frozenset[int]
    known: tuple[tuple[int, ...], ...]
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]
    buy_card: int | None
    current: int
    went_down_now: bool
    last: LastAction | None
    upcard_by: int = -1
    buy_queue: tuple[int, ...] = ()
    stock_due: bool = False
    locked: bool = False
    restocks: int = 0
    hands_shown: tuple[tuple[int, ...], ...] | None = None

    @property
    def take_ends_deal(self) -> bool:
        """A card taken from the stock now (a draw, a buy's penalty card) would end the
        deal as a dead deal instead: the stock is empty and has been refilled
        ``MAX_RESTOCKS`` times (CF-14)."""
        return self.stock_size == 0 and self.restocks >= MAX_RESTOCKS


def _remove(hand: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    rm = set(cards)
    return tuple(c for c in hand if c not in rm)


def _pick(hand: Sequence[int], face: int, used: Sequence[int] = ()) -> int | None:
    best = None
    for c in hand:
        if c >> 3 == face and c not in used and (best is None or c < best):
            best = c
    return best


class ContractFamilyRules(GoDownSearch):
    """Rules of one contract game with its options.

    Args:
        variant: ``"contract"``, ``"may_i"`` or ``"mexican"``.
        options: Contract: ``{"deuces_wild": bool}``; the others take none.

    Raises:
        ValueError: unknown variant, unknown option or a bad option value.
    """

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None):
        if variant not in SPECS:
            raise ValueError(f"unknown contract-family variant {variant!r}")
        self.variant = variant
        self.spec: ContractSpec = SPECS[variant]
        #: the rule ids this game's refusals cite where the games differ
        self.rid = self.spec.rule_ids
        self.derived_rules = self.rid.derived
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(f"{self.spec.name} options must be an object, not {options!r}")
        options = dict(options or {})
        for k in options:
            if k not in self.spec.default_options:
                raise ValueError(f"{self.spec.name} has no option {k!r}")
        dw = options.get("deuces_wild", False)
        if not isinstance(dw, bool):
            raise ValueError("deuces_wild must be true or false")
        self.options: dict[str, Any] = {**self.spec.default_options, **options}
        self.deuces_wild = dw
        self._deck_cache: dict[int, tuple[int, ...]] = {}
        # go-down witnesses per (seat, round): the card ids of recent going-downs found
        # (see _go_down_offer); a speed cache only, every use is checked against the hand
        self._witness: dict[tuple[int, int], list[_Witness]] = {}
        self._cannot: dict[tuple[int, int], frozenset[int]] = {}
        self._req_cache: dict[Any, Any] = {}
        self._round_consts: dict[int, Any] = {}  # (the go-down offer's per round: go_down.py)
        #: ``wild_ranks`` of rounds 0..7, worked out once (the hot path asks every action)
        self._wild_by_round = tuple(self._wild_ranks(r) for r in range(8))
        #: ``contract_terms`` of rounds 1..7 (frozen; ``observe`` asks at every step of a
        #: rollout) and the last ``totals`` answered (results tuple, totals): one tuple
        self._terms_by_round: dict[int, ContractTerms] = {}
        self._totals_memo: tuple[tuple[Any, ...] | None, tuple[int, ...]] = (None, ())
        #: the last state ``legal_actions`` answered and its actions: ``check`` knows an
        #: action it listed there (the same object) is legal without working it out
        #: again (one tuple, so that a reader on another thread never pairs one state
        #: with another's actions)
        self._legal_memo: tuple[CFState | None, tuple[Any, ...]] = (None, ())
        #: the last melds ``_melds_info`` answered (melds, wild ranks, answer): one tuple
        self._meld_memo: tuple[tuple[Meld, ...] | None, frozenset[int] | None, _MeldInfo] = (
            None, None, ((), frozenset(), False))

    # ------------------------------------------------------------------ basics
    def check_players(self, n: int) -> None:
        """Raises ValueError outside the variant's seat range (CR-1, MI-1, MX-1)."""
        s = self.spec
        if not isinstance(n, int) or not s.min_players <= n <= s.max_players:
            raise ValueError(f"{s.name} is for {s.min_players}-{s.max_players} players, not {n} "
                             f"({self.rid.players})")

    def wild_ranks(self, rnd: int) -> frozenset[int]:
        """Wild ranks besides printed jokers in round ``rnd`` (CR-3, MX-3)."""
        if 0 <= rnd <= 7:
            return self._wild_by_round[rnd]
        return self._wild_ranks(rnd)

    def _wild_ranks(self, rnd: int) -> frozenset[int]:
        if self.spec.rising_wild:  # threes in round 1, ..., nines in round 7 (MX-3)
            return frozenset((rnd + 2,)) if 1 <= rnd <= 7 else frozenset()
        if self.deuces_wild:
            return frozenset((2,))
        return frozenset()

    def value(self, face: int, rnd: int) -> int:
        """Points of ``face`` left in hand at the end of a deal of round ``rnd``."""
        return self.spec.value(face, self.wild_ranks(rnd))

    def deck(self, n: int) -> tuple[int, ...]:
        """The sorted faces of the deck for ``n`` players (CR-1, MI-1, MX-1)."""
        d = self._deck_cache.get(n)
        if d is None:
            d = tuple(deck_faces(self.spec.decks_for(n), 2))
            self._deck_cache[n] = d
        return d

    def initial_state(self, n: int) -> CFState:
        self.check_players(n)
        return CFState(n=n, round=0, dealer=-1, phase=PREDEAL, current=-1,
                       hands=((),) * n, stock=(), discard=(), discarders=(), melds=(),
                       down=(False,) * n, known=((),) * n, wins=(0,) * n)

    def contract_terms(self, rnd: int) -> ContractTerms:
        """What the contract of round ``rnd`` (1..7) asks (CF-6; round 7: CR-9, MI-10,
        MX-7)."""
        t = self._terms_by_round.get(rnd)
        if t is None:
            t = self._terms_by_round[rnd] = self._contract_terms(rnd)
        return t

    def _contract_terms(self, rnd: int) -> ContractTerms:
        spec = self.spec
        sets, runs = spec.contract(rnd)
        whole = rnd == 7 and spec.round7_whole_hand
        if rnd == 7 and spec.round7_sizes is not None:
            return ContractTerms(sets, runs, set_size=spec.round7_sizes[0],
                                 run_size=spec.round7_sizes[1], whole_hand=whole)
        return ContractTerms(sets, runs, whole_hand=whole)

    # ------------------------------------------------------------------ queries
    def to_act(self, st: CFState) -> tuple[int, Phase] | None:
        """``(seat, phase)``; phase ``DEAL`` when a deal is due; ``None`` when over."""
        ph = st.phase
        seats = _TO_ACT.get(ph)  # (the answers made once per phase and seat)
        if seats is not None:
            return seats[st.current]
        if ph == BUY:
            return _TO_ACT_BUY[st.queue[0]]
        if ph == BETWEEN:
            return ((st.dealer + 2) % st.n, DEAL)
        if ph == PREDEAL:
            return (0, DEAL)
        return None

    def _stock_possible(self, st: CFState, keep: int = 1) -> bool:
        return not st.locked and (bool(st.stock) or len(st.discard) > keep)

    # ------------------------------------------------------------------ check
    def _refuse(self, rule: str | None, message_id: str, **params: Any) -> NoReturn:
        """Raise ``IllegalActionError(rule, message_id, params)`` (the ids and their texts:
        ``table_app/i18n/refusals.py``).  ``rule`` comes from the spec's ``RuleIds``,
        where ``None`` means the game has no such refusal: reaching one is a bug."""
        if rule is None:
            raise AssertionError(f"{self.variant} has no rule id for the refusal {message_id!r}")
        raise IllegalActionError(rule, message_id, params)

    def check(self, st: CFState, a: Any) -> None:  # noqa: C901 - one dispatcher per phase
        """Refuse an event the rules don't allow now; nothing else.

        Raises:
            IllegalActionError: the action breaks a rule; ``rule`` is the most precise
                rule id (CF-6 ... CF-16, the variant's CR-/MI-/MX- rules), ``message_id``
                one of ``table_app/i18n/refusals.py``.
            RecordError: a deal event that cannot belong to this game (a round outside
                1..7, a dealer who is not a seat, a deck that is not the variant's).
        """
        memo = self._legal_memo
        if memo[0] is st:
            for x in memo[1]:
                if x is a:
                    return None  # listed by legal_actions(st): legal
        t = a.type
        if t == "deal":
            return self._check_deal(st, a)
        if t == "restock":
            return self._check_restock(st, a)
        if t in ("lead", "play", "misdeal"):
            self._refuse("CF-11", "not_an_action", action=t, game=self.variant)
        ph = st.phase
        if ph in (PREDEAL, BETWEEN):
            self._refuse("CF-6", "no_deal_in_progress")
        if ph == OVER:
            self._refuse("CF-16", "game_over")
        p = a.player
        if not isinstance(p, int) or not 0 <= p < st.n:
            self._refuse(self.rid.players, "no_such_seat", seat=p)
        if p != st.current and p in st.bought_now and t in ("go_down", "lay_off", "swap", "discard"):
            # a buyer (a caller) waits for their own turn (MI-9, CR-5)
            self._refuse(self.rid.buyer_waits,
                         "buyer_waits" if self.spec.buying is _BUYS else "caller_waits")
        if ph == BUY:
            # (Contract calls the upcard, CR-5: its own words, not buying)
            call = self.spec.buying is _CALLS
            if t not in ("buy", "pass_buy"):
                if p == st.current and t == "draw":  # the stock was declared for (MI-4, CR-5)
                    self._refuse(self.rid.declare_stock,
                                 "call_window_open" if call else "buying_window_open")
                self._refuse(self.rid.buy, "call_window_open" if call else "buying_window_open")
            if p != st.queue[0]:
                if p == st.current:
                    self._refuse(self.rid.buy_who,
                                 "active_cannot_call" if call else "active_cannot_buy")
                if p == st.prev_buyer:
                    self._refuse(self.rid.buy_who, "chain_buyer_again")
                if st.discarders and p == st.discarders[-1]:
                    self._refuse(self.rid.buy_who, "own_discard_call" if call else "own_discard")
                if p not in st.queue:
                    self._refuse(self.rid.buy, "already_passed_call" if call
                                 else "already_passed")
                self._refuse(self.rid.buy, "asked_first", seat=st.queue[0])
            if t == "buy":
                if len(st.stock) == 0 and len(st.discard) < 3:
                    self._refuse(self.rid.penalty_card,
                                 "no_penalty_card_call" if call else "no_penalty_card")
                if not st.stock and st.restocks < MAX_RESTOCKS:
                    self._refuse("CF-13", "refill_first")
            return
        if t in ("buy", "pass_buy"):
            if self.spec.buying is _NO_BUYING:
                self._refuse(self.rid.buy, "no_buying_mexican")
            if t == "buy" and st.discard and p == st.discarders[-1]:
                self._refuse(self.rid.buy_who, "own_discard_call"
                             if self.spec.buying is _CALLS else "own_discard")
            self._refuse(self.rid.buy, "no_call_window" if self.spec.buying is _CALLS
                         else "no_buying_window")
        if p != st.current:
            self._refuse("CF-11", "not_your_turn", seat=st.current)
        if ph == DRAW:
            if t == "draw":
                if a.source == "discard":
                    if not st.discard:
                        self._refuse("CF-10", "no_upcard_to_take")
                    return
                if st.discard and self.spec.buying is not _NO_BUYING:
                    self._refuse(self.rid.declare_stock, "declare_for_stock_first_call"
                                 if self.spec.buying is _CALLS else "declare_for_stock_first")
                if not self._stock_possible(st):
                    self._refuse("CF-14", "stock_dead_take_upcard")
                if not st.stock and st.restocks < MAX_RESTOCKS:
                    self._refuse("CF-13", "refill_first")
                return
            if t == "pass_upcard":
                if self.spec.buying is _NO_BUYING:
                    self._refuse(self.rid.buy, "no_pass_mexican")
                if not st.discard:
                    self._refuse("CF-10", "no_upcard_to_pass")
                if not self._stock_possible(st):
                    self._refuse("CF-14", "stock_dead_must_take")
                return
            self._refuse("CF-10", "draw_first")
        if ph == STOCK:
            if t != "draw" or a.source != "stock":
                # only May I? and Contract declare for the stock (MI-4, CR-5)
                self._refuse(self.rid.declare_stock, "draw_from_stock")
            if not st.stock:
                if len(st.discard) <= 1:
                    self._refuse("CF-14", "stock_dead")
                if st.restocks < MAX_RESTOCKS:
                    self._refuse("CF-13", "refill_first")
            return
        # play phase
        if t == "draw" or t == "pass_upcard":
            self._refuse("CF-10", "already_drawn")
        if t == "discard":
            return self._check_discard(st, a)
        if t == "go_down":
            self._go_down_melds(st, a)
            return
        if t == "lay_off":
            self._layoff_meld(st, a)
            return
        if t == "swap":
            self._swap(st, a)
            return
        self._refuse("CF-11", "unknown_action", action=t)

    def _check_deal(self, st: CFState, a: Deal) -> None:
        if st.phase not in (PREDEAL, BETWEEN):
            self._refuse("CF-6", "deal_in_progress")
        if not 1 <= a.round <= 7:
            raise RecordError(f"round {a.round} is not one of the seven rounds")
        if not 0 <= a.dealer < st.n:
            raise RecordError(f"dealer {a.dealer} is not a seat")
        if st.phase == BETWEEN:
            if a.round != st.round + 1:
                self._refuse("CF-6", "next_round_is", round=st.round + 1)
            if a.dealer != (st.dealer + 1) % st.n:
                self._refuse(self.rid.deal_passes, "deal_passes_left",
                             seat=(st.dealer + 1) % st.n)
        if tuple(sorted(a.deck)) != self.deck(st.n):
            want = len(self.deck(st.n))
            raise RecordError(f"the deck is not the {self.spec.name} deck for {st.n} players "
                              f"({want} cards: {want // 54} decks of 54)")

    def _check_restock(self, st: CFState, a: Restock) -> None:
        if st.phase not in (DRAW, STOCK, BUY):
            self._refuse("CF-13", "no_take_now")
        if st.stock:
            self._refuse("CF-13", "refill_only_empty")
        if st.restocks >= MAX_RESTOCKS:
            self._refuse("CF-14", "refill_cap")
        keep = 2 if st.phase == BUY else 1
        pool = st.discard[:-keep] if len(st.discard) > keep else ()
        if not pool:
            self._refuse("CF-14", "nothing_to_refill")
        if Counter(c >> 3 for c in pool) != Counter(a.order):
            self._refuse("CF-13", "refill_wrong_cards")

    def _check_discard(self, st: CFState, a: Discard) -> None:
        hand = st.hands[a.player]
        c = _pick(hand, a.card)
        if c is None:
            self._refuse("CF-11", "not_held", card=a.card)
        if self.spec.discard_restriction and st.down[a.player] and st.melds:
            wr = self.wild_ranks(st.round)
            if self._playable(st, a.card, wr):
                faces = {x >> 3 for x in hand}
                if not all(self._playable(st, f, wr) for f in faces):
                    self._refuse(self.rid.discard_playable, "discard_playable", card=a.card)

    def _playable(self, st: CFState, face: int, wr: frozenset[int]) -> bool:
        return any(layoff_roles(m, face, wr) for m in st.melds)

    def _resolve(self, st: CFState, p: int, faces: Sequence[int]) -> list[int]:
        hand = st.hands[p]
        used: list[int] = []
        for f in faces:
            c = _pick(hand, f, used)
            if c is None:
                self._refuse("CF-9", "not_held_times" if any(u >> 3 == f for u in used) else "not_held",
                             card=f)
            used.append(c)
        return used

    def _go_down_melds(self, st: CFState, a: GoDown) -> list[Meld]:
        p = a.player
        spec = self.spec
        if st.down[p]:
            self._refuse("CF-7", "already_down")
        sets, runs = spec.contract(st.round)
        ks = Counter(m.kind for m in a.melds)
        whole = st.round == 7 and spec.round7_whole_hand
        if ks.get("set", 0) != sets or ks.get("run", 0) != runs or len(a.melds) != sets + runs:
            self._refuse(self.rid.round7 if st.round == 7 else "CF-7", "contract_is", round=st.round,
                         contract=self.contract_terms(st.round))
        allfaces = [f for m in a.melds for f in m.cards]
        ids = self._resolve(st, p, allfaces)
        wr = self.wild_ranks(st.round)
        out = []
        k = 0
        for m in a.melds:
            cs = ids[k:k + len(m.cards)]
            k += len(m.cards)
            meld = build_meld(m.kind, p, cs, m.roles, wr)
            nw = meld.wild_count()
            if st.round == 7 and spec.round7_sizes is not None:
                lo = spec.round7_sizes[0 if m.kind == "set" else 1]
                if len(cs) < lo:
                    self._refuse(self.rid.round7_sizes, "r7_meld_short", kind=m.kind, n=len(cs))
            elif spec.exact_sizes:
                want = 3 if m.kind == "set" else 4
                if len(cs) != want:
                    self._refuse(self.rid.meld_sizes, "exact_contract", kind=m.kind, n=len(cs))
            if spec.naturals_majority and not (len(cs) - nw > nw):
                self._refuse(self.rid.meld_sizes, "naturals_majority", natural=len(cs) - nw,
                             wild=nw)
            out.append(meld)
        left = len(st.hands[p]) - len(ids)
        if whole and left != 0:
            # Contract's round 7 names its melds' sizes (CR-9); the others' is 3 runs (MX-7)
            self._refuse(self.rid.round7, "r7_whole_hand" if spec.round7_sizes is not None
                         else "r7_go_out_whole", n=left)
        if not whole and left == 0:
            self._refuse("CF-12", "keep_card_meld")
        return out

    def _layoff_meld(self, st: CFState, a: LayOff) -> Meld:
        p = a.player
        if not st.down[p]:
            self._refuse("CF-8", "down_before_layoff")
        if st.went_down_now and not self.spec.layoff_same_turn:
            self._refuse(self.rid.layoff_turn, "no_layoff_on_go_down_turn")
        if not 0 <= a.meld < len(st.melds):
            self._refuse("CF-8", "no_such_meld", meld=a.meld)
        c = _pick(st.hands[p], a.card)
        if c is None:
            self._refuse("CF-9", "not_held", card=a.card)
        if len(st.hands[p]) == 1:
            self._refuse("CF-12", "keep_card_layoff")
        return layoff_result(st.melds[a.meld], c, a.role, self.wild_ranks(st.round))

    def _swap(self, st: CFState, a: Swap) -> tuple[int, int]:
        p = a.player
        if not self.spec.swap:
            self._refuse(self.rid.no_swap, "wilds_immovable")
        if not st.down[p]:
            self._refuse(self.rid.swap, "swap_not_down")
        if not 0 <= a.meld < len(st.melds):
            self._refuse(self.rid.swap, "no_such_meld", meld=a.meld)
        m = st.melds[a.meld]
        if m.kind != "run":
            self._refuse(self.rid.swap, "swap_set")
        c = _pick(st.hands[p], a.card)
        if c is None:
            self._refuse(self.rid.swap, "not_held", card=a.card)
        if a.card == JOKER:
            self._refuse(self.rid.swap, "swap_natural_only")
        i = swap_index(m, a.card)
        if i is None:
            self._refuse(self.rid.swap, "swap_no_wild_for", card=a.card)
        return c, i

    # ------------------------------------------------------------------ apply
    def apply(self, st: CFState, a: Any) -> CFState:  # noqa: C901
        t = a.type
        if t == "deal":
            return self._apply_deal(st, a)
        if t == "restock":
            keep = 2 if st.phase == BUY else 1
            pool = list(st.discard[:-keep])
            ids = []
            for f in a.order:
                c: int = _pick(pool, f)  # type: ignore[assignment]  # checked: in the pool
                pool.remove(c)
                ids.append(c)
            return replace(st, stock=tuple(reversed(ids)), discard=st.discard[-keep:],
                           discarders=st.discarders[-keep:], restocks=st.restocks + 1,
                           last=_L_RESTOCK)
        p = a.player
        if t == "discard":  # (the most frequent first)
            h = st.hands[p]
            c = _pick(h, a.card)  # type: ignore[assignment]  # checked: held
            i = h.index(c)
            hand = h[:i] + h[i + 1:]
            kn = st.known[p]
            known = st.known if c not in kn else _tup_set(st.known, p, _remove(kn, (c,)))
            hl = list(st.hands)  # (a list copy makes fewer tuples than slices)
            hl[p] = hand
            hands = tuple(hl)
            last = _L_DISCARDS[a.card]
            if not hand:
                return self._end_deal(replace(st, discard=st.discard + (c,), hands=hands,
                                              discarders=st.discarders + (p,), known=known,
                                              last=last), p)
            quiet = (0 if st.melded_now else st.quiet + 1) if st.locked else 0
            if quiet >= st.n:
                return self._end_deal(replace(st, discard=st.discard + (c,), hands=hands,
                                              discarders=st.discarders + (p,), known=known,
                                              quiet=quiet, last=last), None)
            return _MK_DISCARD(st, st.discard + (c,), st.discarders + (p,), hands, known, last,
                               DRAW, (p + 1) % st.n, False, False, quiet, -1, ())
        if t == "draw":
            hands = st.hands
            if a.source == "discard":
                c = st.discard[-1]
                disc = st.discard[:-1]
                kl = list(st.known)
                kl[p] += (c,)
                hl = list(hands)
                hl[p] += (c,)
                return _MK_TAKE(st, disc, st.discarders[:-1], PLAY, tuple(kl), tuple(hl),
                                st.locked or (not st.stock and len(disc) <= 1),
                                _L_TAKES[c >> 3])
            if not st.stock:  # CF-14: the stock was refilled three times already
                return self._end_deal(st, None)
            c = st.stock[-1]
            stock = st.stock[:-1]
            hl = list(hands)
            hl[p] += (c,)
            return _MK_DRAW(st, stock, PLAY, tuple(hl),
                            st.locked or (not stock and len(st.discard) <= 1), _L_DRAWS)
        if t == "pass_upcard":
            q = self._window(st, st.current, st.discarders[-1], -1)
            last = _L_PASSES[st.discard[-1] >> 3]
            if q:
                return _MK_WINDOW(st, BUY, q, -1, last)
            st2 = _MK_WINDOW(st, STOCK, (), -1, last)  # _to_stock, in one copy
            if not st2.stock and len(st2.discard) <= 1:
                return self._end_deal(st2, None)  # CF-14: nothing to draw
            return st2
        if t == "pass_buy":
            q = st.queue[1:]
            if q:
                return _MK_QUEUE(st, q)
            return self._to_stock(st)
        if t == "buy":
            if not st.stock:  # CF-14: no fourth refill for the penalty card
                return self._end_deal(st, None)
            up = st.discard[-1]
            pen = st.stock[-1]
            hands = st.hands
            disc = st.discard[:-1]
            stock = st.stock[:-1]
            discarders = st.discarders[:-1]
            locked = st.locked or (not stock and len(disc) <= 1)  # CF-14's latch
            known = st.known
            known = known[:p] + (known[p] + (up,),) + known[p + 1:]
            hands = hands[:p] + (hands[p] + (up, pen),) + hands[p + 1:]
            if self.spec.buying is _BUYS and disc and not locked:
                q = self._window(st, st.current, discarders[-1], p)
                if q:  # the next card down is offered on (MI-6)
                    return _MK_BUY(st, BUY, q, p, disc, discarders, stock, known,
                                   st.bought_now + (p,), _L_BUYS[up >> 3], hands, locked)
            # the window is over: the active player draws from the stock (_to_stock)
            st2 = _MK_BUY(st, STOCK, (), -1, disc, discarders, stock, known,
                          st.bought_now + (p,), _L_BUYS[up >> 3], hands, locked)
            if not stock and len(disc) <= 1:
                return self._end_deal(st2, None)  # CF-14: nothing to draw
            return st2
        if t == "go_down":
            melds = self._go_down_melds(st, a)
            used = [c for m in melds for c in m.cards]
            st2 = replace(st, melds=st.melds + tuple(melds), down=_tup_set(st.down, p, True),
                          went_down_now=True, melded_now=True,
                          known=_tup_set(st.known, p, _remove(st.known[p], used)),
                          last=_L_GOES_DOWN)
            st2 = self._set_hand(st2, p, _remove(st.hands[p], used))
            if not st2.hands[p]:
                return self._end_deal(st2, p)
            return st2
        if t == "lay_off":
            nm = self._layoff_meld(st, a)
            c = _pick(st.hands[p], a.card)  # type: ignore[assignment]  # checked: held
            melds2 = st.melds[:a.meld] + (nm,) + st.melds[a.meld + 1:]
            st2 = replace(st, melds=melds2, melded_now=True,
                          known=_tup_set(st.known, p, _remove(st.known[p], (c,))),
                          last=_L_LAYS_OFF[a.card])
            return self._set_hand(st2, p, _remove(st.hands[p], (c,)))
        if t == "swap":
            c, i = self._swap(st, a)
            m = st.melds[a.meld]
            wild = m.cards[i]
            nm = replace(m, cards=m.cards[:i] + (c,) + m.cards[i + 1:],
                         roles=m.roles[:i] + (None,) + m.roles[i + 1:])
            melds2 = st.melds[:a.meld] + (nm,) + st.melds[a.meld + 1:]
            hand = _remove(st.hands[p], (c,)) + (wild,)
            st2 = replace(st, melds=melds2, melded_now=True,
                          known=_tup_set(st.known, p, _remove(st.known[p], (c,)) + (wild,)),
                          last=_L_SWAPS[a.card])
            return self._set_hand(st2, p, hand)
        raise ValueError(f"cannot apply {t}")

    def _melds_info(self, melds: tuple[Meld, ...], wr: frozenset[int]) -> _MeldInfo:
        """``_melds_info(melds, wr)``, remembered for the last melds asked (the table's
        melds stay the same tuple from one state to the next until a meld changes)."""
        memo = self._meld_memo
        if memo[0] is melds and memo[1] is wr:
            return memo[2]
        got = _melds_info(melds, wr)
        self._meld_memo = (melds, wr, got)
        return got

    def _set_hand(self, st: CFState, p: int, hand: tuple[int, ...]) -> CFState:
        return replace(st, hands=_tup_set(st.hands, p, hand))

    def _window(self, st: CFState, active: int, discarder: int, prev_buyer: int) -> tuple[int, ...]:
        """Seats asked in a buying window, nearest to the active player's left first
        (MI-5, MI-6, CR-5): not the active player, not the card's discarder, not the
        previous buyer in the chain.  (Made once per seats and the three seats.)"""
        k = (st.n, active, discarder, prev_buyer)
        got = _WINDOWS.get(k)
        if got is None:
            out = []
            for i in range(1, st.n):
                s = (active + i) % st.n
                if s != discarder and s != prev_buyer:
                    out.append(s)
            got = _WINDOWS[k] = tuple(out)
        return got

    def _to_stock(self, st: CFState) -> CFState:
        st2 = _MK_STOCK(st, STOCK, (), -1)
        if not st2.stock and len(st2.discard) <= 1:
            return self._end_deal(st2, None)  # CF-14: nothing to draw
        return st2

    def _apply_deal(self, st: CFState, a: Deal) -> CFState:
        n = st.n
        cards = faces_to_cards(a.deck)
        h = self.spec.hand_size(a.round)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(h * n):
            hands[(a.dealer + 1 + i) % n].append(cards[i])
        up = cards[h * n]
        stock = tuple(reversed(cards[h * n + 1:]))
        return replace(st, round=a.round, dealer=a.dealer, phase=DRAW,
                       current=(a.dealer + 1) % n, hands=tuple(tuple(x) for x in hands),
                       stock=stock, discard=(up,), discarders=(-1,), melds=(),
                       down=(False,) * n, went_down_now=False, melded_now=False, queue=(),
                       prev_buyer=-1, locked=False, quiet=0, known=((),) * n, restocks=0,
                       bought_now=(),
                       last=_L_DEAL)

    def _end_deal(self, st: CFState, winner: int | None) -> CFState:
        rnd = st.round
        wr = self.wild_ranks(rnd)
        val = self.spec.value
        scores = tuple(0 if s == winner else sum(val(c >> 3, wr) for c in st.hands[s])
                       for s in range(st.n))
        res = st.results + (DealResult(rnd, winner, scores),)
        wins = st.wins if winner is None else _tup_set(st.wins, winner, st.wins[winner] + 1)
        return replace(st, phase=OVER if rnd >= 7 else BETWEEN, results=res, wins=wins,
                       queue=(), last=_L_GOES_OUT if winner is not None else _L_DEAD)

    # ------------------------------------------------------------------ engine hooks
    def pre_events(self, st: CFState, a: Any, rng: random.Random) -> list[Restock]:
        """A ``Restock`` before a take from an empty stock (CF-13), shuffled by ``rng``;
        none after the third refill of the deal (the take then ends the deal, CF-14)."""
        if st.stock or a.type not in ("draw", "buy") or st.restocks >= MAX_RESTOCKS:
            return []
        if a.type == "draw":
            if a.source != "stock" or st.phase not in (DRAW, STOCK) or len(st.discard) < 2:
                return []
            pool = [c >> 3 for c in st.discard[:-1]]
        else:
            if st.phase != BUY or len(st.discard) < 3:
                return []
            pool = [c >> 3 for c in st.discard[:-2]]
        shuffle(rng, pool)
        return [Restock(tuple(pool))]

    #: no action is ever forced in the contract family: the engine need not ask
    may_force = False

    def forced_action(self, st: CFState) -> None:
        return None

    def next_deal(self, st: CFState, rng: random.Random, first_round: int = 1) -> Deal | None:
        """The next ``Deal`` (shuffled by ``rng``), or ``None`` mid-deal or after round 7.
        The first dealer is chosen at random (rules README)."""
        if st.phase == PREDEAL:
            rnd, dealer = first_round, rng.randrange(st.n)
        elif st.phase == BETWEEN:
            rnd, dealer = st.round + 1, (st.dealer + 1) % st.n
        else:
            return None
        deck = list(self.deck(st.n))
        shuffle(rng, deck)
        return Deal(rnd, dealer, tuple(deck))

    def deal_end(self, st: CFState) -> DealEnd | None:
        if st.phase in (BETWEEN, OVER) and st.results:
            r = st.results[-1]
            return DealEnd(r.round, r.winner, scores=r.scores)
        return None

    def totals(self, st: CFState) -> tuple[int, ...]:
        """Each seat's points over the deals scored (CF-16), in seat order."""
        res = st.results
        memo = self._totals_memo
        if memo[0] is res and len(memo[1]) == st.n:
            return memo[1]
        tot = tuple(sum(r.scores[s] for r in res) for s in range(st.n))
        self._totals_memo = (res, tot)
        return tot

    def winners(self, st: CFState) -> tuple[int, ...]:
        """Lowest total wins (CF-16); Mexican ties go to more deals won (MX-9); else shared."""
        tot = self.totals(st)
        best = min(tot)
        w = [s for s in range(st.n) if tot[s] == best]
        if self.spec.deals_won_tiebreak and len(w) > 1:
            most = max(st.wins[s] for s in w)
            w = [s for s in w if st.wins[s] == most]
        return tuple(w)

    def game_end(self, st: CFState) -> GameEnd | None:
        if st.phase != OVER:
            return None
        return GameEnd(self.totals(st), self.winners(st))

    def summary(self, st: CFState) -> dict[str, Any]:
        """The ``verify --json`` summary (RECORD_FORMAT.md)."""
        out = {"variant": self.variant,
               "deals": [{"round": r.round, "winner": r.winner, "scores": list(r.scores)}
                         for r in st.results],
               "totals": list(self.totals(st)),
               "finished": st.phase == OVER}
        ta = self.to_act(st)
        if ta is not None and st.phase != PREDEAL:
            seat, ph = ta
            if ph == DEAL:
                ph = DRAW
            out["to_act"] = {"player": seat, "phase": ph}
        if st.phase == OVER:
            out["winners"] = list(self.winners(st))
        return out

    # ------------------------------------------------------------------ observation
    def observe(self, st: CFState, seat: int) -> Observation:
        ta = self.to_act(st)
        rnd = st.round
        c = self.spec.contract(rnd) if rnd else (0, 0)
        return Observation(
            variant=self.variant, seat=seat, num_players=st.n, round=rnd, dealer=st.dealer,
            phase=DRAW if st.phase == STOCK else st.phase,
            to_act=None if ta is None or ta[1] == DEAL else ta[0],
            hand=st.hands[seat], hand_sizes=tuple(len(h) for h in st.hands),
            upcard=st.discard[-1] if st.discard else None, discard_pile=st.discard,
            stock_size=len(st.stock), melds=st.melds, down=st.down, contract=c,
            contract_terms=self.contract_terms(rnd) if rnd else None,
            wild_ranks=self.wild_ranks(rnd), known=st.known, results=st.results,
            totals=self.totals(st), buy_card=st.discard[-1] if st.phase == BUY else None,
            current=st.current, went_down_now=st.went_down_now, last=st.last,
            upcard_by=st.discarders[-1] if st.discarders else -1, buy_queue=st.queue,
            stock_due=st.phase in (BUY, STOCK), locked=st.locked, restocks=st.restocks,
            hands_shown=st.hands if st.phase in (BETWEEN, OVER) and rnd else None)

    def sample_world(self, obs: Observation, rng: random.Random) -> CFState:
        """A state consistent with ``obs`` (OpenSpiel's ``ResampleFromInfostate``): the
        unseen cards dealt at random to the hidden places; ``rules.observe(world,
        obs.seat) == obs``.  See ``worlds.sample_cf_world`` (raises ``ValueError`` for an
        observation that does not add up)."""
        return sample_cf_world(self, obs, rng)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, st: CFState) -> list[Any]:
        """The actions of the seat to act.  In the play phase: one discard per distinct
        face (CR-8 applied), the lay-offs and swaps, and the best go-down the solver
        finds (other go-downs are checked by ``check``).  The last state asked is
        remembered (``_legal_memo``): asked again, the same actions come back at once."""
        memo = self._legal_memo
        if memo[0] is st:
            return list(memo[1])
        out = self._legal_actions(st)
        self._legal_memo = (st, tuple(out))
        return out

    def _legal_actions(self, st: CFState) -> list[Any]:
        ph = st.phase
        if ph == BUY:
            acts = _ACTS[st.queue[0]]
            if st.stock or len(st.discard) >= 3:
                return [acts.buy, acts.pass_buy]
            return [acts.pass_buy]
        if ph == DRAW:
            acts = _ACTS[st.current]
            disc = st.discard
            # _stock_possible, inline
            if not st.locked and (st.stock or len(disc) > 1):
                if not disc:
                    return [acts.draw]
                if self.spec.buying is not _NO_BUYING:
                    return [acts.take, acts.pass_upcard]
                return [acts.take, acts.draw]
            return [acts.take] if disc else []
        if ph == STOCK:
            return [_ACTS[st.current].draw] if self._stock_possible(st) else []
        out: list[Any] = []
        if ph != PLAY:
            return out
        p = st.current
        hand = st.hands[p]
        wr = self._wild_by_round[st.round]  # wild_ranks (a deal's round is 1..7)
        faces = sorted({c >> 3 for c in hand})
        # discards
        if self.spec.discard_restriction and st.down[p] and st.melds:
            _, fit, wild_ok = self._melds_info(st.melds, wr)
            play = {f for f in faces if f in fit or (wild_ok and can_be_wild(f, wr))}
            if len(play) < len(faces):
                faces_d = [f for f in faces if f not in play]
            else:
                faces_d = faces
        else:
            faces_d = faces
        out.extend(map(_ACTS[p].discard.__getitem__, faces_d))
        # lay-offs and swaps
        if st.down[p] and (self.spec.layoff_same_turn or not st.went_down_now) and len(hand) > 1:
            fset = set(faces)
            wilds = [f for f in faces if f == JOKER or FACE_RANK[f] in wr]  # can_be_wild
            per_meld = self._melds_info(st.melds, wr)[0]
            made = _MADE
            k: tuple[int, int, int, int | str | None]
            a: LayOff | Swap | None
            for i, (nat, roles, _) in enumerate(per_meld):
                for f in nat:
                    if f in fset:
                        k = (p, i, f, None)
                        a = made.get(k)
                        if a is None:
                            a = made[k] = LayOff(p, i, f, None)
                        out.append(a)
                if wilds:
                    for f in wilds:
                        for role in roles:
                            k = (p, i, f, role)
                            a = made.get(k)
                            if a is None:
                                a = made[k] = LayOff(p, i, f, role)
                            out.append(a)
            if self.spec.swap:
                for i, (_, _, sw) in enumerate(per_meld):
                    if sw:
                        for f in faces:
                            if f in sw:
                                k = (p, i, f, "swap")
                                a = made.get(k)
                                if a is None:
                                    a = made[k] = Swap(p, i, f)
                                out.append(a)
        if not st.down[p]:
            gd = self._go_down_offer(st, p)
            if gd is not None:
                out.append(gd)
        return out


_MeldInfo = tuple[tuple[tuple[tuple[int, ...], tuple[int | None, ...], frozenset[int]], ...],
                  frozenset[int], bool]


def _melds_info(melds: tuple[Meld, ...], wr: frozenset[int]) -> _MeldInfo:
    """What ``legal_actions`` asks of the table's melds (CF-8, CR-7, CR-8): per meld the
    naturals that extend it (``_fitting_naturals``), the roles a wild may take on it
    (``layoff_roles`` of a joker) and the faces that can replace one of its wilds (a
    run's wild roles, ``swap_index``); the naturals that extend any meld and whether a
    wild can be laid off anywhere (``_playable_faces``)."""
    per = []
    fit: set[int] = set()
    wild_ok = False
    for m in melds:
        nat = _fitting_naturals(m)
        fit.update(nat)
        if m.kind == "set" or m.rank > 1 or m.high < 14:
            wild_ok = True
        sw = (frozenset(r for r in m.roles if r is not None and r != JOKER)
              if m.kind == "run" else frozenset())
        per.append((nat, tuple(layoff_roles(m, JOKER, wr)), sw))
    return tuple(per), frozenset(fit), wild_ok


class _SeatActions:
    """One seat's simple actions, made once (actions are immutable values): the list
    ``legal_actions`` builds on every call reuses them."""
    __slots__ = ("take", "draw", "pass_upcard", "buy", "pass_buy", "discard")

    def __init__(self, p: int):
        self.take = Draw(p, "discard")
        self.draw = Draw(p, "stock")
        self.pass_upcard = PassUpcard(p)
        self.buy = Buy(p)
        self.pass_buy = PassBuy(p)
        self.discard = tuple(Discard(p, f) for f in range(JOKER + 1))


_ACTS = tuple(_SeatActions(p) for p in range(max(s.max_players for s in SPECS.values())))

# ``to_act``'s answers for the active player's phases and the buying window, per seat
_TO_ACT = {ph: tuple((p, seat_ph) for p in range(len(_ACTS)))
           for ph, seat_ph in _PLAYER_PHASES.items() if ph != BUY}
_TO_ACT_BUY = tuple((p, BUY) for p in range(len(_ACTS)))

#: buying windows' seats by (seats, active, discarder, previous buyer): ``_window``
_WINDOWS: dict[tuple[int, int, int, int], tuple[int, ...]] = {}

#: lay-offs and swaps made so far, by (seat, meld, face, role or "swap"): values, made
#: once each (at most seats x melds x faces x roles of them)
_MADE: dict[tuple[int, int, int, int | str | None], LayOff | Swap] = {}


def _playable_faces(melds: Sequence[Meld], faces: Iterable[int], wr: frozenset[int]) -> set[int]:
    """The faces among ``faces`` that could be laid off on some meld of ``melds`` now
    (CF-8; what CR-8 forbids discarding): a natural that extends a meld, or a card that
    may be a wild while some meld can still grow (a set always, a run short of A..A).
    The same answer as ``layoff_roles`` for every meld, in one pass over the melds."""
    fit: set[int] = set()
    wild_ok = False
    for m in melds:
        fit.update(_fitting_naturals(m))
        if m.kind == "set" or m.rank > 1 or m.high < 14:
            wild_ok = True
    return {f for f in faces if f in fit or (wild_ok and can_be_wild(f, wr))}


def _fitting_naturals(m: Meld) -> tuple[int, ...]:
    """The faces that extend meld ``m`` as natural cards (CF-8): a set's rank in any
    suit; a run's next card at either end (an ace below a 2 or above a K)."""
    if m.kind == "set":
        return _SET_FACES[m.rank]
    out = []
    if m.rank > 1:
        out.append(make_face(m.rank - 1, m.suit))
    if m.high < 14:
        out.append(make_face(m.high + 1, m.suit))
    return tuple(out)


_SET_FACES = {r: tuple(make_face(r, s) for s in range(4)) for r in range(2, 15)}


def _latch(st: CFState) -> CFState:
    """Close the CF-14 latch once the stock is empty and the discard pile holds at most
    the upcard."""
    if not st.locked and not st.stock and len(st.discard) <= 1:
        return replace(st, locked=True)
    return st


def _tup_set(t: tuple[_T, ...], i: int, v: _T) -> tuple[_T, ...]:
    return t[:i] + (v,) + t[i + 1:]


__all__ = ["ContractFamilyRules", "CFState", "Observation", "DealResult", "LastAction",
           "MAX_RESTOCKS"]

# keep names used by other modules importable from here (the go-down search's: go_down.py)
_ = (FACE_RANK, FACE_TEXT, RANK_TEXT, is_wild, can_be_wild, _greedy_melds, _LazyGoDown, _one_meld,
     might_meet)
