"""Michigan Rummy, the stops game (``../shared/rules/michigan.md``, MG-1 … MG-12).

``MichiganRules(options)`` implements the rules protocol of ``table_app.engine.engine``
(``initial_state, check, apply, legal_actions, to_act, pre_events, forced_action,
next_deal, deal_end, game_end, observe, summary``, plus ``check_players``).  It never
imports pygame, pygame_gui or platformdirs.

Options: ``{"rotations": int >= 1}`` (default 1, MG-11): the session has
``rotations * players`` deals.  Unknown keys or bad values raise ``ValueError``.

State
    ``MichiganState`` is a frozen dataclass of tuples and ints whose fields are the slots
    of ``_MGSlots`` (no ``__dict__``), cheap to copy (a card played stores its slots, see
    ``_evolve`` and ``_card_state``).
    Michigan uses one 52-card deck without jokers (``make_deck(1, 0)``), so the card id of
    a face is ``face * 8`` and the state indexes card positions by face (``loc``).
    Chips are a journal of balances, exact numbers: ``int`` until the session's final
    share (MG-11) splits the layout, then ``fractions.Fraction`` (each seat starts at 0 at the
    record's first deal, balances may go negative, MG-3) plus the layout cells ``AH KC QD
    JS`` and the ``Kitty``.  The sum of the balances and the layout is always 0.

Play
    * ``Deal`` (MG-3, MG-4): every player antes 1 chip into each pay cell and 2 into the
      kitty, then the deck is dealt one card at a time clockwise from the dealer's left,
      the widow taking the last card of each circuit.  The deal's ``round`` counts deals
      from 1; a record may begin at any round, the deal passes left after every deal.
      Live play (``next_deal`` with an rng) cuts for the first dealer: every seat draws a
      card, the highest rank deals, ties cut again (only the resulting ``Deal`` event's
      dealer is recorded).
    * ``Lead`` (MG-5, MG-8): the lowest card of a suit in the leader's hand; after a stop
      the last player to play leads, a different suit if they hold one.
    * ``Play`` (MG-6): the holder of the next higher card of the sequence's suit must play
      it; ``forced_action`` returns that ``Play`` so the engine plays it itself.  The
      sequence stops (MG-7) at the ace or when the next card is in the widow or already
      played.  A pay card takes its cell when played (MG-9, leads included).
    * Going out (MG-10) ends the deal at once: the kitty plus 1 chip from each opponent for
      every card left in their hand (the widow pays nothing).  Cells carry over.
    * Session end (MG-11): after the deal of round ``rotations * players`` the chips left on
      the layout are shared equally (exact fractions).  The ``DealEnd`` of that deal shows
      the balances *before* the share, the ``GameEnd`` totals after it; winners are all
      seats with the highest balance.
    * ``Misdeal`` (MG-12), only while a deal is in progress: the journal (balances and the
      layout) is restored to what it was **before that deal's ante**, the cards are void,
      and the same dealer redeals the same round with the next ``Deal`` event, which takes
      **no new ante** (so the redealt deal is played for the chips carried over on the
      layout only).  A misdeal during a redeal restores the same journal again.

Conventions of this module
    * Before the first deal nobody has cut yet: ``to_act`` reports seat 0, phase ``lead``.
    * Between deals ``to_act`` is the seat left of the next dealer (after a misdeal, left of
      the same dealer), phase ``lead``; ``None`` once the session is over.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import fields as _dc_fields
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeVar

from ..core.actions import Deal, DealEnd, GameEnd, Lead, Misdeal, Play
from ..core.cards import FACE_RANK, FACE_SUIT, make_face, shuffle
from ..core.errors import IllegalActionError, RecordError
from ..core.phase import Phase
from .specs import MICHIGAN, VariantSpec
from .worlds import sample_michigan_world

__all__ = ["MichiganRules", "MichiganState", "MichiganObservation", "DealResult",
           "CELLS", "PAY_FACES", "DEFAULT_OPTIONS", "frac_text"]

MIN_PLAYERS, MAX_PLAYERS = MICHIGAN.min_players, MICHIGAN.max_players
DEFAULT_OPTIONS = dict(MICHIGAN.default_options)

CELLS = ("AH", "KC", "QD", "JS")  # the pay cells (MG-2); the kitty is layout[KITTY]
PAY_FACES = (make_face(14, 1), make_face(13, 3), make_face(12, 2), make_face(11, 0))
KITTY = 4
_PAY_CELL = {f: i for i, f in enumerate(PAY_FACES)}
_ACE = 14

# where a card is, indexed by face (``MichiganState.loc``): a seat number, or
WIDOW = -1
PLAYED = -2


# deal status (``MichiganState.status``; plain strings, compared on every card: a str
# enum's comparison is slower than a plain string's, and the status never leaves the state)
BEFORE = "before"      # no deal yet in this record
PLAYING = "playing"    # a deal in progress
OVER = "over"          # a deal has just ended; more deals to come
MISDEALT = "misdeal"   # the deal in progress was void (MG-12); the same dealer redeals
FINAL = "final"        # the session's last deal has ended (MG-11)

_DEAL, _LEAD, _FOLLOW = Phase.DEAL, Phase.LEAD, Phase.FOLLOW

_ZERO = 0  # chips are ints; only the final share (MG-11) may make a Fraction
#: an amount of chips: an int, or an exact Fraction after the final share (MG-11)
Chips = int | Fraction


# every seat's leads and plays, made once (actions are immutable values)
_LEADS = tuple(tuple(Lead(p, f) for f in range(52)) for p in range(MAX_PLAYERS))
_PLAYS = tuple(tuple(Play(p, f) for f in range(52)) for p in range(MAX_PLAYERS))


_S = TypeVar("_S")


def _evolve(state: _S, **changes: Any) -> _S:
    """A copy of ``state`` (a ``MichiganState``) with ``changes``: its slots copied into a
    new ``_MGSlots``, the changed ones stored over, made a ``MichiganState`` (no
    field-by-field ``__init__``)."""
    new = _new(_MGSlots)
    for k in _MG_FIELDS:
        setattr(new, k, changes[k] if k in changes else getattr(state, k))
    _setattr(new, "__class__", MichiganState)
    return new  # type: ignore[return-value]  # a MichiganState, as state


_new = object.__new__
_setattr = object.__setattr__  # past the frozen dataclass's __setattr__


def _state(**fields: Any) -> MichiganState:
    """``MichiganState(**fields)`` (every field named) without the frozen dataclass's
    field-by-field ``__init__``: the fields stored in a new ``_MGSlots``, made a
    ``MichiganState`` (a ``__class__`` switch between two classes of one layout)."""
    new = _new(_MGSlots)
    for k in _MG_FIELDS:
        setattr(new, k, fields[k])
    _setattr(new, "__class__", MichiganState)
    return new  # type: ignore[return-value]  # made a MichiganState above


def frac_text(x: Chips) -> str:
    """A chip amount as an exact string: ``"-8"``, ``"7/3"``."""
    if type(x) is int:
        return str(x)  # as str(Fraction(x)), without making one
    return str(Fraction(x))


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal: its round, the seat that went out and the running balances after
    it (before the session's final share)."""
    round: int
    winner: int
    balances: tuple[Chips, ...]


#: ``MichiganState``'s fields, in order (the slots of ``_MGSlots``)
_MG_FIELDS = ("num_players", "status", "round", "dealer", "hands", "widow", "played", "loc",
              "seq_suit", "seq_last", "to_move", "following", "last_player", "layout",
              "balances", "saved", "winner", "results")


class _MGSlots:
    """The storage of a ``MichiganState``: one slot per field and no ``__dict__`` (a state is
    one object for the garbage collector and the allocator, not an object and a field
    dict: the engine keeps every state, a card played makes one).  Not frozen, so that a
    new state is filled with plain slot stores before it is made a ``MichiganState`` (as
    ``contract_family._CFSlots``, issue #17)."""
    __slots__ = _MG_FIELDS


@dataclass(frozen=True)
class MichiganState(_MGSlots):
    """The whole game at one moment (immutable).

    Attributes:
        num_players: seats, clockwise.
        status: ``before``, ``playing``, ``over``, ``misdeal`` or ``final``.
        round: the current (or last) deal's round; 0 before the first deal.
        dealer: the current (or last) dealer; -1 before the first deal.
        hands: each seat's card ids, sorted (so in rank order within a suit).
        widow: the widow's card ids, sorted.
        played: the cards in front of each seat, in the order played.
        loc: by face, where each card is: a seat, ``WIDOW`` or ``PLAYED``; ``()`` with no
            deal in progress or finished.
        seq_suit, seq_last: the current sequence's suit and the face of its last card
            (-1 before the deal's first lead).  After a stop they name the stopped sequence
            until the next lead.
        to_move: the seat to lead or to follow.
        following: the next card of the sequence is held by ``to_move`` (phase ``follow``);
            otherwise ``to_move`` leads.
        last_player: the last seat to play a card (-1 before the first lead).
        layout: chips in ``AH KC QD JS Kitty`` (Fractions).
        balances: each seat's running balance (Fractions).
        saved: ``(balances, layout)`` before the current deal's ante (for MG-12).
        winner: the seat that went out of the current deal, or -1.
        results: the finished deals.
    """
    num_players: int
    status: str
    round: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    widow: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    loc: tuple[int, ...]
    seq_suit: int
    seq_last: int
    to_move: int
    following: bool
    last_player: int
    layout: tuple[Chips, ...]
    balances: tuple[Chips, ...]
    saved: tuple[tuple[Chips, ...], tuple[Chips, ...]]
    winner: int
    results: tuple[DealResult, ...]

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # no __dict__ and a frozen __setattr__: pickled (and deep-copied) as its values
        return (_mg_state_of, (tuple(getattr(self, f) for f in _MG_FIELDS),))

    @property
    def in_deal(self) -> bool:
        return self.status == PLAYING

    @property
    def finished(self) -> bool:
        return self.status == FINAL


assert tuple(f.name for f in _dc_fields(MichiganState)) == _MG_FIELDS


def _mg_state_of(values: tuple[Any, ...]) -> MichiganState:
    """The ``MichiganState`` of ``values`` (its fields in order; unpickling)."""
    return _state(**dict(zip(_MG_FIELDS, values)))


def _make_card_state() -> Any:
    """The state after a card played that does not end the deal (``_apply_card``'s hot
    path): ``_evolve`` with the fields a card changes, written out (one slot store per
    field, no keyword dict, no loop)."""
    changed = ("hands", "played", "loc", "seq_suit", "seq_last", "to_move", "following",
               "last_player", "layout", "balances")
    src = (f"def mk(st, {', '.join(changed)}):\n    new = _new(_MGSlots)\n"
           + "".join(f"    new.{f} = {f if f in changed else 'st.' + f}\n" for f in _MG_FIELDS)
           + "    _setattr(new, '__class__', MichiganState)\n    return new\n")
    ns: dict[str, Any] = {"_new": _new, "_MGSlots": _MGSlots, "_setattr": _setattr,
                          "MichiganState": MichiganState}
    exec(src, ns)  # noqa: S102 - our own field names, generated once at import
    return ns["mk"]


_card_state = _make_card_state()


@dataclass(frozen=True, slots=True)
class MichiganObservation:
    """What one seat may know (ARCHITECTURE principle 6): never another seat's hand, and
    the widow only once the deal is over.

    Attributes:
        seat, num_players, round, dealer: as in the state (round 0 / dealer -1 before the
            first deal).
        phase: ``"lead"`` or ``"follow"`` for the seat to act, ``None`` when the session
            is over.
        to_act: the seat to act, or ``None``.
        hand: this seat's card ids, sorted.
        hand_sizes: every seat's number of cards.
        played: the cards face up in front of each seat, in the order played.
        sequence: ``(suit, last card id)`` of the current (or just stopped) sequence, or
            ``None`` before the deal's first lead.
        stopped: the sequence has stopped and the next card is a lead.
        layout: read-only mapping ``"AH" "KC" "QD" "JS"`` -> chips (Fraction); so an
            observation compares with ``==`` but is not hashable.
        kitty: chips in the kitty.
        balances: every seat's running balance.
        results: the finished deals (``DealResult``).
        widow: the widow's card ids once the deal is over, else ``None``.
        deal_over, finished: a deal has just ended / the session is over.
        winner: the seat that went out of the deal just ended, else ``None``.
        variant: the variant id (as the contract games' ``Observation.variant``: the UI
            asks the variant's spec what the game can do).
        hands_shown: once the deal is over, every seat's cards left (MG-10: each pays a
            chip for each of them, public then); ``None`` while it runs.
    """
    seat: int
    num_players: int
    round: int
    dealer: int
    phase: Phase | None
    to_act: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    sequence: tuple[int, int] | None
    stopped: bool
    layout: Mapping[str, Chips]
    kitty: Chips
    balances: tuple[Chips, ...]
    results: tuple[DealResult, ...]
    widow: tuple[int, ...] | None
    deal_over: bool
    finished: bool
    winner: int | None
    variant: str = MICHIGAN.id
    hands_shown: tuple[tuple[int, ...], ...] | None = None


def _lowest_of_suit(hand: tuple[int, ...], suit: int) -> int | None:
    """The lowest card id of ``suit`` in the sorted ``hand``, or ``None``."""
    i = bisect_left(hand, suit * 104)  # a suit's ids are 104*suit .. 104*suit + 103
    if i < len(hand) and hand[i] // 104 == suit:
        return hand[i]
    return None


def _suits_held(hand: tuple[int, ...]) -> list[int]:
    out: list[int] = []
    for c in hand:
        s = (c >> 3) // 13
        if not out or out[-1] != s:
            out.append(s)
    return out


class MichiganRules:
    """The rules of Michigan Rummy (variant id ``michigan``).

    Args:
        options: ``{"rotations": n}`` (n >= 1, default 1), or ``None``/``{}``.

    Raises:
        ValueError: unknown option keys or bad values.
    """

    spec: VariantSpec = MICHIGAN
    variant = MICHIGAN.id
    name = MICHIGAN.name
    derived_rules = MICHIGAN.rule_ids.derived  # rule ids for a wrong deal_end / game_end line
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def __init__(self, options: Mapping[str, Any] | None = None):
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise ValueError(f"Michigan options must be an object, not {options!r}")
        unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
        if unknown:
            raise ValueError(f"unknown Michigan option(s): {', '.join(map(str, unknown))} "
                             f"(known: {', '.join(DEFAULT_OPTIONS)})")
        rot = options.get("rotations", DEFAULT_OPTIONS["rotations"])
        if not isinstance(rot, int) or isinstance(rot, bool) or rot < 1:
            raise ValueError(f"Michigan option 'rotations' must be a whole number >= 1, not {rot!r}")
        self.rotations: int = rot
        self.options: dict[str, Any] = {"rotations": rot}
        #: the last state ``legal_actions`` answered and its actions (one tuple): ``check``
        #: knows a lead it listed there (the same object) is legal
        self._legal_memo: tuple[MichiganState | None, tuple[Lead | Play, ...]] = (None, ())
        #: the last ``Deal`` ``next_deal`` made and the state it was made for (one tuple):
        #: ``check`` knows that deal is legal there (a shuffle of the one deck, MG-4)
        self._dealt: tuple[MichiganState | None, Deal | None] = (None, None)

    def __repr__(self) -> str:
        return f"MichiganRules({self.options!r})"

    # ------------------------------------------------------------------ setup
    def check_players(self, n: int) -> None:
        """Raises ValueError unless 3 <= n <= 8 (MG-1)."""
        if not isinstance(n, int) or isinstance(n, bool) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Michigan is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n} "
                             f"({self.spec.rule_ids.players})")

    def total_deals(self, num_players: int) -> int:
        """Deals in the session: ``rotations * players`` (MG-11)."""
        return self.rotations * num_players

    def initial_state(self, num_players: int) -> MichiganState:
        self.check_players(num_players)
        n = num_players
        zeros = (_ZERO,) * n
        layout = (_ZERO,) * 5
        return MichiganState(
            num_players=n, status=BEFORE, round=0, dealer=-1,
            hands=((),) * n, widow=(), played=((),) * n, loc=(),
            seq_suit=-1, seq_last=-1, to_move=0, following=False, last_player=-1,
            layout=layout, balances=zeros, saved=(zeros, layout), winner=-1, results=())

    # ------------------------------------------------------------------ queries
    def to_act(self, state: MichiganState) -> tuple[int, Phase] | None:
        """``(seat, Phase.LEAD | Phase.FOLLOW)``; ``(seat, Phase.DEAL)`` when a deal is due
        (the seat that will lead it; seat 0 before the first cut); ``None`` once the
        session is over.  (The same convention as the contract family.)"""
        st = state.status
        if st == PLAYING:
            return (state.to_move, _FOLLOW if state.following else _LEAD)
        if st == FINAL:
            return None
        if st == BEFORE:
            return (0, _DEAL)  # nobody has cut for the deal yet
        n = state.num_players
        dealer = state.dealer if st == MISDEALT else (state.dealer + 1) % n
        return ((dealer + 1) % n, _DEAL)

    def legal_leads(self, state: MichiganState) -> list[Lead]:
        """The leads open to the leader: one per suit they may lead (MG-5, MG-8)."""
        if state.status != PLAYING or state.following:
            return []
        p = state.to_move
        leads = _LEADS[p]
        out = []
        last = -1
        ss = state.seq_suit  # after a stop, the stopped suit only if no other is held (MG-8)
        ss_lead = None
        for c in state.hands[p]:  # sorted: the first card of each suit is its lowest
            s = c // 104  # (c >> 3) // 13
            if s != last:
                last = s
                if s == ss:
                    ss_lead = leads[c >> 3]
                else:
                    out.append(leads[c >> 3])
        if not out and ss_lead is not None:
            out.append(ss_lead)
        return out

    def legal_actions(self, state: MichiganState) -> list[Lead] | list[Play]:
        """The legal leads, or the one forced play.  The last state asked is remembered
        (``_legal_memo``) for ``check``."""
        if state.status != PLAYING:
            return []
        out: list[Lead] | list[Play]
        if state.following:
            out = [_PLAYS[state.to_move][state.seq_last + 1]]
        else:
            out = self.legal_leads(state)
        self._legal_memo = (state, tuple(out))
        return out

    def pre_events(self, state: MichiganState, action: Any, rng: random.Random) -> list[Any]:
        return []  # no stock, no restocks

    def forced_action(self, state: MichiganState) -> Play | None:
        """The forced follow (MG-6) while the next card of the sequence is held."""
        if state.status == PLAYING and state.following:
            return _PLAYS[state.to_move][state.seq_last + 1]
        return None

    def forced_chain(self, state: MichiganState) -> list[tuple[Play, MichiganState]]:
        """The forced follows due in a row from ``state`` (MG-6), each with the state after
        it, up to the stop (MG-7) or the card that goes out (MG-10): what
        ``forced_action`` and ``apply`` make one at a time, in one go (the engine records
        them together)."""
        out: list[tuple[Play, MichiganState]] = []
        apply_card = self._apply_card
        while state.following and state.status == PLAYING:
            p = state.to_move
            f = state.seq_last + 1
            state = apply_card(state, p, f)
            out.append((_PLAYS[p][f], state))
        return out

    # ------------------------------------------------------------------ legality
    def check(self, state: MichiganState, event: Any) -> None:
        """Raises ``IllegalActionError`` (with the MG rule id) for an event the rules
        refuse, or ``RecordError`` for a deal that is not one 52-card deck."""
        memo = self._legal_memo
        if memo[0] is state:
            for x in memo[1]:
                if x is event:
                    return None  # listed by legal_actions(state): legal
        if isinstance(event, Deal):
            dealt = self._dealt
            if dealt[1] is event and dealt[0] is state:
                return None  # made by next_deal(state): legal there
            return self._check_deal(state, event)
        if isinstance(event, Misdeal):
            if state.status != PLAYING:
                raise IllegalActionError("MG-12", "mg_no_deal_to_void")
            return None
        if isinstance(event, (Lead, Play)):
            return self._check_card(state, event)
        t = getattr(event, "type", type(event).__name__)
        if t == "restock":
            raise RecordError("a restock cannot belong to a Michigan game: there is no stock (MG-4)")
        if t == "draw":
            raise IllegalActionError("MG-4", "mg_no_stock")
        raise IllegalActionError("MG-6", "mg_not_an_action", {"action": t})

    def _check_deal(self, state: MichiganState, ev: Deal) -> None:
        n = state.num_players
        deck = ev.deck
        if len(deck) != 52 or sorted(deck) != list(range(52)):
            raise RecordError("a Michigan deal needs one 52-card deck without jokers, "
                              f"every card once (got {len(deck)} cards) (MG-1)")
        if not isinstance(ev.dealer, int) or not 0 <= ev.dealer < n:
            raise IllegalActionError("MG-4", "mg_no_dealer_seat", {"seat": ev.dealer})
        total = self.total_deals(n)
        st = state.status
        if st == PLAYING:
            raise IllegalActionError("MG-10", "mg_round_in_play", {"round": state.round})
        if st == FINAL:
            raise IllegalActionError("MG-11", "mg_session_over_total", {"total": total})
        if st == BEFORE:
            if not 1 <= ev.round <= total:
                raise IllegalActionError("MG-11", "mg_no_such_round",
                                         {"total": total, "round": ev.round})
            return None
        if st == MISDEALT:
            if ev.round != state.round or ev.dealer != state.dealer:
                raise IllegalActionError("MG-12", "mg_misdeal_redeal",
                                         {"seat": state.dealer, "round": state.round})
            return None
        want = (state.dealer + 1) % n
        if ev.round != state.round + 1:
            raise IllegalActionError("MG-4", "mg_next_round",
                                     {"round": state.round + 1, "round2": ev.round})
        if ev.dealer != want:
            raise IllegalActionError("MG-4", "mg_deal_passes_left",
                                     {"seat": want, "round": ev.round, "seat2": ev.dealer})
        return None

    def _check_card(self, state: MichiganState, ev: Lead | Play) -> None:
        n = state.num_players
        p, f = ev.player, ev.card
        is_lead = isinstance(ev, Lead)
        if not isinstance(p, int) or not 0 <= p < n:
            raise IllegalActionError("MG-1", "mg_no_such_seat", {"seat": p})
        if not isinstance(f, int) or not 0 <= f < 52:
            raise IllegalActionError("MG-1", "mg_no_jokers")
        st = state.status
        if st != PLAYING:
            if st == BEFORE:
                raise IllegalActionError("MG-4", "mg_not_dealt")
            if st == FINAL:
                raise IllegalActionError("MG-11", "mg_session_over")
            if st == MISDEALT:
                raise IllegalActionError("MG-12", "mg_void_redeal")
            raise IllegalActionError("MG-10", "mg_round_over", {"round": state.round})
        if state.following:
            nxt = state.seq_last + 1
            holder = state.to_move
            if is_lead:
                raise IllegalActionError("MG-6", "mg_no_lead_now", {"card": nxt, "seat": holder})
            if p != holder:
                raise IllegalActionError("MG-6", "mg_not_your_play",
                                         {"seat": holder, "card": nxt, "seat2": p})
            if f != nxt:
                raise IllegalActionError("MG-6", "mg_wrong_card", {"card": nxt, "card2": f})
            return None
        # a lead is due
        leader = state.to_move
        stopped = state.seq_suit >= 0
        if not is_lead:
            if stopped:
                raise IllegalActionError("MG-7", "mg_stopped",
                                         {"card": state.seq_last, "seat": leader})
            raise IllegalActionError("MG-5", "mg_nothing_led", {"seat": leader})
        if p != leader:
            if stopped:
                raise IllegalActionError("MG-8", "mg_last_player_leads", {"seat": leader, "seat2": p})
            raise IllegalActionError("MG-5", "mg_left_of_dealer_leads", {"seat": leader, "seat2": p})
        hand = state.hands[p]
        if state.loc[f] != p:
            raise IllegalActionError("MG-5", "not_held", {"card": f})
        s = FACE_SUIT[f]
        low = _lowest_of_suit(hand, s)
        if low is not None and low >> 3 != f:
            # the first lead of a deal (MG-5); a lead after a stop (MG-8)
            raise IllegalActionError("MG-8" if stopped else "MG-5", "mg_lead_lowest",
                                     {"suit": s, "card": low >> 3})
        if stopped and s == state.seq_suit and len(_suits_held(hand)) > 1:
            raise IllegalActionError("MG-8", "mg_lead_other_suit", {"suit": s})
        return None

    # ------------------------------------------------------------------ the reducer
    def apply(self, state: MichiganState, event: Any) -> MichiganState:
        """The state after ``event`` (pure; trusts its input: call ``check`` first)."""
        if isinstance(event, (Lead, Play)):
            return self._apply_card(state, event.player, event.card)
        if isinstance(event, Deal):
            return self._apply_deal(state, event)
        if isinstance(event, Misdeal):
            bal, lay = state.saved
            n = state.num_players
            return MichiganState(
                num_players=n, status=MISDEALT, round=state.round, dealer=state.dealer,
                hands=((),) * n, widow=(), played=((),) * n, loc=(),
                seq_suit=-1, seq_last=-1, to_move=(state.dealer + 1) % n, following=False,
                last_player=-1, layout=lay, balances=bal, saved=state.saved, winner=-1,
                results=state.results)
        return state  # derived and extension events change nothing

    def _apply_deal(self, state: MichiganState, ev: Deal) -> MichiganState:
        n = state.num_players
        if state.status == MISDEALT:
            saved = state.saved  # MG-12: no new ante
            bal, lay = state.balances, state.layout
        else:
            saved = (state.balances, state.layout)
            bal = tuple(b - 6 for b in state.balances)  # 1 to each of 4 cells, 2 to the kitty
            lay = tuple(c + n for c in state.layout[:4]) + (state.layout[KITTY] + 2 * n,)
        hands: list[list[int]] = [[] for _ in range(n)]
        widow: list[int] = []
        loc = [0] * 52
        d = ev.dealer
        k = n + 1
        for i, f in enumerate(ev.deck):
            j = i % k
            if j == n:
                widow.append(f << 3)
                loc[f] = WIDOW
            else:
                seat = (d + 1 + j) % n
                hands[seat].append(f << 3)
                loc[f] = seat
        return _state(
            num_players=n, status=PLAYING, round=ev.round, dealer=d,
            hands=tuple(tuple(sorted(h)) for h in hands), widow=tuple(sorted(widow)),
            played=((),) * n, loc=tuple(loc), seq_suit=-1, seq_last=-1,
            to_move=(d + 1) % n, following=False, last_player=-1,
            layout=lay, balances=bal, saved=saved, winner=-1, results=state.results)

    def _apply_card(self, state: MichiganState, p: int, f: int) -> MichiganState:
        n = state.num_players
        cid = f << 3
        # each tuple with one item changed by a list copy (fewer tuples made than by slices)
        hl = list(state.hands)
        h = hl[p]
        i = h.index(cid)
        hand = hl[p] = h[:i] + h[i + 1:]
        hands = tuple(hl)
        pl = list(state.played)
        pl[p] += (cid,)
        played = tuple(pl)
        ll = list(state.loc)
        ll[f] = PLAYED
        loc = tuple(ll)
        layout, balances = state.layout, state.balances
        cell = _PAY_CELL.get(f)
        if cell is not None and layout[cell]:
            gain = layout[cell]
            layout = layout[:cell] + (_ZERO,) + layout[cell + 1:]
            balances = balances[:p] + (balances[p] + gain,) + balances[p + 1:]
        suit = FACE_SUIT[f]
        if not hand:  # MG-10: going out ends the deal at once
            bl = list(balances)
            gain = layout[KITTY]
            for o in range(n):
                if o != p and hands[o]:
                    c = len(hands[o])
                    bl[o] -= c
                    gain += c
            bl[p] += gain
            layout = layout[:KITTY] + (_ZERO,)
            result = DealResult(state.round, p, tuple(bl))
            status = OVER
            if state.round >= self.total_deals(n):  # MG-11: the session ends
                status = FINAL
                share: Chips = Fraction(sum(layout), n)
                if share.denominator == 1:
                    share = share.numerator
                if share:
                    bl = [b + share for b in bl]
                layout = (_ZERO,) * 5
            return _state(
                num_players=n, status=status, round=state.round, dealer=state.dealer,
                hands=hands, widow=state.widow, played=played, loc=loc,
                seq_suit=suit, seq_last=f, to_move=p, following=False, last_player=p,
                layout=layout, balances=tuple(bl), saved=state.saved, winner=p,
                results=state.results + (result,))
        nxt = f + 1
        if FACE_RANK[f] != _ACE and loc[nxt] >= 0:  # MG-6: its holder must play it
            to_move, following = loc[nxt], True
        else:  # MG-7: a stop; MG-8: the last player leads
            to_move, following = p, False
        # _evolve, written out (the hot path of every card)
        new: MichiganState = _card_state(state, hands, played, loc, suit, f, to_move, following,
                                         p, layout, balances)
        return new

    # ------------------------------------------------------------------ chance
    def next_deal(self, state: MichiganState, rng: random.Random) -> Deal | None:
        """The next ``Deal`` (a shuffled deck from ``rng``) when no deal is in progress and
        the session is not over; the first dealer is cut for (MG-4)."""
        st = state.status
        if st in (PLAYING, FINAL):
            return None
        n = state.num_players
        if st == BEFORE:
            dealer, rnd = self.cut_for_dealer(n, rng), 1
        elif st == MISDEALT:
            dealer, rnd = state.dealer, state.round
        else:
            dealer, rnd = (state.dealer + 1) % n, state.round + 1
        deck = list(range(52))
        shuffle(rng, deck)
        ev = Deal(rnd, dealer, tuple(deck))
        self._dealt = (state, ev)
        return ev

    @staticmethod
    def cut_for_dealer(num_players: int, rng: random.Random) -> int:
        """Every seat cuts a card; the highest rank deals, ties cut again (MG-4)."""
        seats = list(range(num_players))
        while len(seats) > 1:
            cut = rng.sample(range(52), len(seats))
            ranks = [FACE_RANK[c] for c in cut]
            top = max(ranks)
            seats = [s for s, r in zip(seats, ranks) if r == top]
        return seats[0]

    # ------------------------------------------------------------------ derived events
    def deal_end(self, state: MichiganState) -> DealEnd | None:
        """The ``DealEnd`` of the deal that has just ended, else ``None``."""
        if state.status not in (OVER, FINAL) or not state.results:
            return None
        r = state.results[-1]
        return DealEnd(r.round, r.winner, balances=tuple(frac_text(b) for b in r.balances))

    def game_end(self, state: MichiganState) -> GameEnd | None:
        """The ``GameEnd`` once the session is over (totals after the final share)."""
        if state.status != FINAL:
            return None
        return GameEnd(tuple(frac_text(b) for b in state.balances), self.winners(state))

    @staticmethod
    def totals(state: MichiganState) -> tuple[Chips, ...]:
        """Each seat's standing: the running chip balance (the highest wins, MG-11)."""
        return state.balances

    @staticmethod
    def winners(state: MichiganState) -> tuple[int, ...]:
        """The seats with the highest balance (MG-11: equal balances share)."""
        top = max(state.balances)
        return tuple(i for i, b in enumerate(state.balances) if b == top)

    # ------------------------------------------------------------------ views
    def observe(self, state: MichiganState, seat: int) -> MichiganObservation:
        """What ``seat`` may know: own hand, the public table, hand sizes; the widow only
        after the deal ends."""
        ta = self.to_act(state)
        over = state.status in (OVER, FINAL)
        seq = None
        if state.seq_suit >= 0:
            seq = (state.seq_suit, state.seq_last << 3)
        lay = state.layout
        return MichiganObservation(
            seat=seat, num_players=state.num_players, round=state.round, dealer=state.dealer,
            phase=None if ta is None else ta[1], to_act=None if ta is None else ta[0],
            hand=state.hands[seat], hand_sizes=tuple(len(h) for h in state.hands),
            played=state.played, sequence=seq,
            stopped=state.status == PLAYING and state.seq_suit >= 0 and not state.following,
            layout=MappingProxyType(dict(zip(CELLS, lay[:4]))), kitty=lay[KITTY],
            balances=state.balances, results=state.results,
            widow=state.widow if over else None, deal_over=over,
            finished=state.status == FINAL, winner=state.winner if over else None,
            hands_shown=state.hands if over else None)

    def sample_world(self, obs: MichiganObservation, rng: random.Random) -> MichiganState:
        """A state consistent with ``obs`` (OpenSpiel's ``ResampleFromInfostate``): the
        unseen cards dealt to the other hands and the widow as the stops and leads allow
        (MG-5 ... MG-8); ``rules.observe(world, obs.seat) == obs``.  See
        ``worlds.sample_michigan_world`` (raises ``ValueError`` when no deal fits)."""
        return sample_michigan_world(self, obs, rng)

    def summary(self, state: MichiganState) -> dict[str, Any]:
        """The ``verify --json`` summary (RECORD_FORMAT.md): the finished deals with their
        running balances, the current balances, ``finished`` and ``to_act``."""
        out: dict[str, Any] = {
            "variant": self.variant,
            "deals": [{"round": r.round, "winner": r.winner,
                       "balances": [frac_text(b) for b in r.balances]} for r in state.results],
            "balances": [frac_text(b) for b in state.balances],
            "finished": state.status == FINAL,
        }
        ta = self.to_act(state)
        if ta is not None:
            out["to_act"] = {"player": ta[0], "phase": _LEAD if ta[1] == _DEAL else ta[1]}
        else:
            out["winners"] = list(self.winners(state))
        return out

