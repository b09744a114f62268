"""Actions and events: immutable values with a JSON form (RECORD_FORMAT.md) and a text
form (``code()`` / ``parse_action``).

Cards in actions are **faces** (ints, see ``cards``): a record names card codes, and the
engine resolves a face to the physical copy the acting player holds (the lowest id).

Every event class has ``type`` (its record type), ``to_json() -> dict`` and
``from_json(d)``; player actions have ``player`` (seat number).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

if TYPE_CHECKING:
    from typing_extensions import Self

from .cards import FACE_TEXT, parse_face
from .errors import RecordError


def _ft(f: int | None) -> str | None:
    return None if f is None else FACE_TEXT[f]


def _face(d: dict[str, Any], key: str) -> int:
    if key not in d:
        raise RecordError(f"{d.get('type')} event without {key!r}")
    return parse_face(d[key])


def _seat(d: dict[str, Any]) -> int:
    p = d.get("player")
    if not isinstance(p, int) or isinstance(p, bool):
        raise RecordError(f"{d.get('type')} event without a seat number in 'player'")
    return p


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance event: a new deal from ``deck`` (faces, index 0 the top)."""
    round: int
    dealer: int
    deck: tuple[int, ...]
    type: ClassVar[str] = "deal"
    player: ClassVar[None] = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "deal", "round": self.round, "dealer": self.dealer,
                "deck": [FACE_TEXT[f] for f in self.deck]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Deal:
        deck = d.get("deck")
        if not isinstance(deck, list):
            raise RecordError("deal event without a deck list")
        r, dealer = d.get("round", 1), d.get("dealer")
        if not isinstance(r, int) or not isinstance(dealer, int):
            raise RecordError("deal event needs integer 'round' and 'dealer'")
        return Deal(r, dealer, tuple(parse_face(x) for x in deck))

    def code(self) -> str:
        return f"deal {self.round} {self.dealer} " + " ".join(FACE_TEXT[f] for f in self.deck)


@dataclass(frozen=True, slots=True)
class Restock:
    """Chance event: the new stock (faces, top first) made from the discard pile (CF-13)."""
    order: tuple[int, ...]
    type: ClassVar[str] = "restock"
    player: ClassVar[None] = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "restock", "order": [FACE_TEXT[f] for f in self.order]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Restock:
        order = d.get("order")
        if not isinstance(order, list):
            raise RecordError("restock event without an order list")
        return Restock(tuple(parse_face(x) for x in order))

    def code(self) -> str:
        return "restock " + " ".join(FACE_TEXT[f] for f in self.order)


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top of the stock (``source="stock"``) or the upcard (``"discard"``)."""
    player: int
    source: str
    type: ClassVar[str] = "draw"

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "player": self.player, "from": self.source}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Draw:
        src = d.get("from")
        if src not in ("stock", "discard"):
            raise RecordError("draw event needs 'from': 'stock' or 'discard'")
        return Draw(_seat(d), src)

    def code(self) -> str:
        return f"{self.player}: draw {self.source}"


class _SeatAction:
    """A player action with no argument but the seat: its JSON and text forms."""
    __slots__ = ()
    type: ClassVar[str]
    player: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Self:
        return cls(_seat(d))  # type: ignore[call-arg]  # the dataclass's (player)

    def code(self) -> str:
        return f"{self.player}: {self.type}"


@dataclass(frozen=True, slots=True)
class PassUpcard(_SeatAction):
    """Decline the upcard and declare for the stock (MI-4, CR-5)."""
    player: int
    type: ClassVar[str] = "pass_upcard"


@dataclass(frozen=True, slots=True)
class Buy(_SeatAction):
    """Buy (May I?) or call (Contract) the upcard: upcard + penalty card (MI-5, CR-5)."""
    player: int
    type: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class PassBuy(_SeatAction):
    """Decline to buy in a buying window (MI-6)."""
    player: int
    type: ClassVar[str] = "pass_buy"


@dataclass(frozen=True, slots=True)
class MeldDecl:
    """A meld as a player declares it: ``kind`` ``"set"`` or ``"run"``; ``cards`` faces;
    ``roles`` parallel to ``cards``: ``None`` for a natural card, else the face the wild
    stands for (CF-3)."""
    kind: str
    cards: tuple[int, ...]
    roles: tuple[int | None, ...]

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cards": [FACE_TEXT[f] for f in self.cards]}
        if any(r is not None for r in self.roles):
            d["roles"] = [_ft(r) for r in self.roles]
        return d

    @staticmethod
    def from_json(d: Any) -> MeldDecl:
        if not isinstance(d, dict) or d.get("kind") not in ("set", "run") \
                or not isinstance(d.get("cards"), list):
            raise RecordError("a meld needs 'kind' (set or run) and a 'cards' list")
        cards = tuple(parse_face(x) for x in d["cards"])
        roles = d.get("roles")
        if roles is None:
            roles = (None,) * len(cards)
        else:
            if not isinstance(roles, list) or len(roles) != len(cards):
                raise RecordError("a meld's 'roles' must be a list as long as 'cards'")
            roles = tuple(None if r is None else parse_face(r) for r in roles)
        return MeldDecl(d["kind"], cards, roles)

    def code(self) -> str:
        parts = []
        for f, r in zip(self.cards, self.roles):
            parts.append(FACE_TEXT[f] + (f"({FACE_TEXT[r]})" if r is not None else ""))
        return self.kind + "[" + " ".join(parts) + "]"

    @staticmethod
    def make(kind: str, cards: str | Iterable[str | int],
             roles: Iterable[str | int | None] | None = None) -> MeldDecl:
        """Build from codes: ``MeldDecl.make("set", "7C 7D 4H", [None, None, "7S"])``."""
        if isinstance(cards, str):
            cards = cards.split()
        cs = tuple(parse_face(c) if isinstance(c, str) else c for c in cards)
        rs: tuple[int | None, ...]
        if roles is None:
            rs = (None,) * len(cs)
        else:
            rs = tuple(None if r is None else (parse_face(r) if isinstance(r, str) else r)
                       for r in roles)
        return MeldDecl(kind, cs, rs)


@dataclass(frozen=True, slots=True)
class GoDown:
    """Lay down the round's whole contract at once (CF-7)."""
    player: int
    melds: tuple[MeldDecl, ...]
    type: ClassVar[str] = "go_down"

    def to_json(self) -> dict[str, Any]:
        return {"type": "go_down", "player": self.player, "melds": [m.to_json() for m in self.melds]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> GoDown:
        melds = d.get("melds")
        if not isinstance(melds, list):
            raise RecordError("go_down event without a melds list")
        return GoDown(_seat(d), tuple(MeldDecl.from_json(m) for m in melds))

    def code(self) -> str:
        return f"{self.player}: go_down " + " ".join(m.code() for m in self.melds)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add ``card`` to table meld number ``meld`` (CF-8); ``role`` for a wild."""
    player: int
    meld: int
    card: int
    role: int | None = None
    type: ClassVar[str] = "lay_off"

    def to_json(self) -> dict[str, Any]:
        d = {"type": "lay_off", "player": self.player, "meld": self.meld, "card": FACE_TEXT[self.card]}
        if self.role is not None:
            d["role"] = FACE_TEXT[self.role]
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> LayOff:
        m = d.get("meld")
        if not isinstance(m, int):
            raise RecordError("lay_off event without a meld number")
        role = d.get("role")
        return LayOff(_seat(d), m, _face(d, "card"), None if role is None else parse_face(role))

    def code(self) -> str:
        r = f"({FACE_TEXT[self.role]})" if self.role is not None else ""
        return f"{self.player}: lay_off {self.meld} {FACE_TEXT[self.card]}{r}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Contract Rummy (CR-7): the natural ``card`` replaces the wild standing for it in
    run ``meld``; the wild goes to the player's hand."""
    player: int
    meld: int
    card: int
    type: ClassVar[str] = "swap"

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "player": self.player, "meld": self.meld, "card": FACE_TEXT[self.card]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Swap:
        m = d.get("meld")
        if not isinstance(m, int):
            raise RecordError("swap event without a meld number")
        return Swap(_seat(d), m, _face(d, "card"))

    def code(self) -> str:
        return f"{self.player}: swap {self.meld} {FACE_TEXT[self.card]}"


class _CardAction:
    """A player action naming one card (a face): its JSON and text forms."""
    __slots__ = ()
    type: ClassVar[str]
    player: int
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "card": FACE_TEXT[self.card]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Self:
        return cls(_seat(d), _face(d, "card"))  # type: ignore[call-arg]  # (player, card)

    def code(self) -> str:
        return f"{self.player}: {self.type} {FACE_TEXT[self.card]}"


@dataclass(frozen=True, slots=True)
class Discard(_CardAction):
    """Discard a card face up, ending the turn (CF-11)."""
    player: int
    card: int
    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Lead(_CardAction):
    """Michigan: lead a suit with its lowest card in hand (MG-5, MG-8)."""
    player: int
    card: int
    type: ClassVar[str] = "lead"


@dataclass(frozen=True, slots=True)
class Play(_CardAction):
    """Michigan: a forced follow with the next card of the sequence (MG-6)."""
    player: int
    card: int
    type: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class Misdeal:
    """Michigan MG-12: the deal in progress is void; the journal is restored and the same
    dealer redeals (the next ``deal`` event) with no new ante."""
    type: ClassVar[str] = "misdeal"
    player: ClassVar[None] = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "misdeal"}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Misdeal:
        return Misdeal()

    def code(self) -> str:
        return "misdeal"


@dataclass(frozen=True, slots=True)
class DealEnd:
    """Derived event: the result of a deal.  ``scores`` (contract family, points) or
    ``balances`` (Michigan, running chip balances as strings of exact fractions)."""
    round: int
    winner: int | None
    scores: tuple[int, ...] | None = None
    balances: tuple[str, ...] | None = None
    type: ClassVar[str] = "deal_end"
    player: ClassVar[None] = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "deal_end", "round": self.round, "winner": self.winner}
        if self.scores is not None:
            d["scores"] = list(self.scores)
        if self.balances is not None:
            d["balances"] = list(self.balances)
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> DealEnd:
        sc, bal = d.get("scores"), d.get("balances")
        # the record reader checked the fields (engine.record.check_event)
        return DealEnd(cast(int, d.get("round")), d.get("winner"),
                       None if sc is None else tuple(sc),
                       None if bal is None else tuple(str(b) for b in bal))

    def code(self) -> str:
        return f"deal_end {self.round} winner={self.winner}"


@dataclass(frozen=True, slots=True)
class GameEnd:
    """Derived event: the game's totals and winners (seats)."""
    totals: tuple[int | str, ...]  # points (contract family) or exact chip texts (Michigan)
    winners: tuple[int, ...]
    type: ClassVar[str] = "game_end"
    player: ClassVar[None] = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "game_end", "totals": list(self.totals), "winners": list(self.winners)}

    @staticmethod
    def from_json(d: dict[str, Any]) -> GameEnd:
        return GameEnd(tuple(d.get("totals") or ()), tuple(d.get("winners") or ()))

    def code(self) -> str:
        return f"game_end winners={list(self.winners)}"


@dataclass(frozen=True, slots=True)
class Extension:
    """An ``x-`` event (UI notes, undo marks, hints): kept, otherwise ignored."""
    data: tuple[tuple[str, str], ...]  # sorted (key, json-text) pairs: the value stays hashable
    player: ClassVar[None] = None

    @property
    def type(self) -> str:
        import json
        t: str = json.loads(dict(self.data)["type"])
        return t

    def to_json(self) -> dict[str, Any]:
        import json
        return {k: json.loads(v) for k, v in self.data}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Extension:
        import json
        return Extension(tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in d.items())))

    @staticmethod
    def make(type_: str, **fields: Any) -> Extension:
        return Extension.from_json({"type": type_, **fields})

    def code(self) -> str:
        return self.type


EVENT_TYPES: dict[str, Any] = {c.type: c for c in (Deal, Restock, Draw, PassUpcard, Buy, PassBuy, GoDown,
                                   LayOff, Swap, Discard, Lead, Play, Misdeal, DealEnd, GameEnd)}
CHANCE_TYPES = ("deal", "restock", "misdeal")
DERIVED_TYPES = ("deal_end", "game_end")


#: a player's action
Action = Draw | PassUpcard | Buy | PassBuy | GoDown | LayOff | Swap | Discard | Lead | Play
#: anything a record's body holds: actions, chance events, derived events, extensions
Event = Deal | Restock | Misdeal | DealEnd | GameEnd | Extension | Action


def event_from_json(d: Any) -> Event:
    """Parse one record line's object into an event.

    Raises:
        RecordError: not an object, no or unknown ``type``, or malformed fields.
    """
    if not isinstance(d, dict):
        raise RecordError("an event must be a JSON object")
    t = d.get("type")
    if not isinstance(t, str):
        raise RecordError("an event without a 'type'")
    if t.startswith("x-"):
        return Extension.from_json(d)
    cls = EVENT_TYPES.get(t)
    if cls is None:
        raise RecordError(f"unknown event type {t!r}")
    ev: Event = cls.from_json(d)
    return ev


def parse_action(text: str) -> Event:
    """Parse the text form that ``code()`` prints (``"2: discard KD"``,
    ``"1: draw stock"``, ``"0: lay_off 3 7H(8H)"``, ``"2: go_down set[7C 7D 4H(7S)] run[...]"``).

    Raises:
        RecordError: the text is not an action.
    """
    text = text.strip()
    if text.startswith("deal ") or text.startswith("restock") or text == "misdeal":
        parts = text.split()
        if parts[0] == "deal":
            return Deal(int(parts[1]), int(parts[2]), tuple(parse_face(x) for x in parts[3:]))
        if parts[0] == "misdeal":
            return Misdeal()
        return Restock(tuple(parse_face(x) for x in parts[1:]))
    try:
        seat_s, rest = text.split(":", 1)
        seat = int(seat_s)
        name, _, args = rest.strip().partition(" ")
    except ValueError:
        raise RecordError(f"not an action: {text!r}") from None

    def card_role(s: str) -> tuple[int, int | None]:
        if "(" in s:
            c, r = s.rstrip(")").split("(")
            return parse_face(c), parse_face(r)
        return parse_face(s), None

    if name == "draw":
        return Draw(seat, args.strip())
    if name == "pass_upcard":
        return PassUpcard(seat)
    if name == "buy":
        return Buy(seat)
    if name == "pass_buy":
        return PassBuy(seat)
    if name in ("discard", "lead", "play"):
        f = parse_face(args.strip())
        return Discard(seat, f) if name == "discard" else Lead(seat, f) if name == "lead" else Play(seat, f)
    if name == "lay_off":
        m, c = args.split()
        card, role = card_role(c)
        return LayOff(seat, int(m), card, role)
    if name == "swap":
        m, c = args.split()
        return Swap(seat, int(m), parse_face(c))
    if name == "go_down":
        melds = []
        for chunk in args.split("]"):
            chunk = chunk.strip()
            if not chunk:
                continue
            kind, _, body = chunk.partition("[")
            cs: list[int] = []
            rs: list[int | None] = []
            for tok in body.split():
                f, r = card_role(tok)
                cs.append(f)
                rs.append(r)
            melds.append(MeldDecl(kind.strip(), tuple(cs), tuple(rs)))
        return GoDown(seat, tuple(melds))
    raise RecordError(f"not an action: {text!r}")
