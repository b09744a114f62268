"""The replay viewer's model: a game record folded into every state, and a position in it.

Pure (no pygame): the viewer scene, the tests and the benchmark use it alike.

A **position** ``pos`` is the number of events shown, ``0 .. end``: the table shows
``engine.states[pos]`` and the last event shown is ``events[pos - 1]``.  A record that
breaks a rule replays up to the bad event (``end`` stops before it) and ``problem`` holds
the ``verify`` message with its line and rule; a file that is not a record raises
``RecordError`` from ``ReplayModel.open`` (a one-line message for the viewer to show).

The event texts name the players from the header (``"Bo buys 2♦ + penalty card"``,
``"Cy goes down: 3♥–7♥, 8♥–J♥"``).  ``text(i, viewer)`` never names a card that the
seat ``viewer`` could not see (``viewer=None``: all hands open).

**Play on from here** (``play_on``) builds a live engine holding exactly the source's
first ``pos`` events and the header of a new practice record that links back to its
source (``"source": {"file": ..., "event": pos}``): the new record's first ``pos`` events
are the source's.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..core.actions import Deal, DealEnd, Extension, GameEnd
from ..core.cards import FACE_RANK, FACE_TEXT, JOKER, RANK_TEXT
from ..core.errors import RecordError
from ..engine.record import Record, ReplayError, engine_for, make_header, read_record, replay
from ..i18n import N_, _, card_name, contract_name, current_language, is_you, ngettext, player_name
from ..variants import VARIANTS, Buying

UNDO_TYPE = "x-undo"
PAY_CELLS = ("AH", "KC", "QD", "JS")  # Michigan's pay cards, in the layout's order
PRACTICE_TYPE = "x-practice"


@dataclass(frozen=True)
class Problem:
    """Why the replay stops early: the event ``index`` (0-based, the first one not shown),
    its file ``line``, the ``rule`` id (``None`` for a file-level problem), the
    ``message`` (the ``verify`` text) and, for a refused event, the ``event`` and the
    rules' ``error`` (an ``IllegalActionError``, put into words where it is shown)."""
    index: int
    line: int | None
    rule: str | None
    message: str
    event: Any = None
    error: object = None


def ext_type(ev) -> str | None:
    if not isinstance(ev, Extension):
        return None
    t = ev.to_json().get("type")
    return t if isinstance(t, str) else None


def chips_text(x, sign: bool = True) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        n = x.numerator
        return f"{n:+d}" if (sign and n) else str(n)
    s = f"{x.numerator}/{x.denominator}"
    return ("+" + s) if (sign and x > 0) else s


class ReplayModel:
    """A record, every state it folds to, and the position shown.

    Args:
        record: the parsed record.
        path: its file (for the play-on link and the title).

    Attributes:
        header, events, lines: from the record.
        engine: an ``Engine`` (``auto=False``) holding ``states[0 .. end]``.
        problem: ``Problem`` when the record breaks a rule (or has events after the end).
        notice: a one-line note about how the file was read (a torn last line dropped).
        pos: the position shown.
    """

    def __init__(self, record: Record, path: str | os.PathLike | None = None,
                 notice: str | None = None) -> None:
        self.record = record
        self.path = Path(path) if path is not None else None
        self.header = record.header
        self.events = record.events
        self.lines = record.lines
        self.notice = notice
        self.names = [str(p.get("name") or f"Seat {i}") for i, p in enumerate(self.header["players"])]
        self.num_players = len(self.names)
        self.variant = self.header["variant"]
        #: what the game is and can do (capabilities, rule ids, names: ``VariantSpec``)
        self.spec = VARIANTS[self.variant]
        self.problem: Problem | None = None
        self.engine = engine_for(self.header, auto=False)
        try:
            replay(record, engine=self.engine)
        except ReplayError as e:
            self.problem = Problem(len(self.engine.log), e.line, e.rule, str(e), e.event, e.error)
        except RecordError as e:
            k = len(self.engine.log)
            ln = e.line if e.line is not None else (self.lines[k] if k < len(self.lines) else None)
            self.problem = Problem(k, ln, None, f"line {ln}: {e.message}" if ln else e.message)
        self.rules: Any = self.engine.rules  # either game's rules (the contract games' helpers too)
        self.states = self.engine.states
        self.end = len(self.engine.log)
        self.pos = self.end
        self._forced: list[bool] | None = None
        self._texts: dict = {}

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | os.PathLike) -> ReplayModel:
        """Read and fold a record file.

        A torn last line (a crash while writing) is dropped, with a ``notice``.

        Raises:
            RecordError: the file is not a record (the message names the line).
        """
        notice = None
        try:
            rec = read_record(path)
        except RecordError as first:
            try:
                rec = read_record(path, drop_torn_tail=True)
            except RecordError:
                raise first from None
            if not rec.header.get("_torn_tail_dropped"):
                raise first from None
            notice = N_("The last line was cut off (a crash while writing) and is not shown")
        return cls(rec, path, notice)

    # ------------------------------------------------------------------ positions
    def seek(self, pos: int) -> int:
        self.pos = max(0, min(self.end, int(pos)))
        return self.pos

    def step(self, d: int = 1) -> int:
        return self.seek(self.pos + d)

    def to_start(self) -> int:
        return self.seek(0)

    def to_end(self) -> int:
        return self.seek(self.end)

    @property
    def at_end(self) -> bool:
        return self.pos >= self.end

    def state(self, pos: int | None = None):
        return self.states[self.pos if pos is None else pos]

    def observe(self, seat: int, pos: int | None = None):
        return self.rules.observe(self.state(pos), seat)

    def current_index(self) -> int | None:
        """The index of the last event shown (``None`` at the start)."""
        return self.pos - 1 if self.pos > 0 else None

    @property
    def forced(self) -> list[bool]:
        """Per event shown: not a decision (chance, derived, ``x-``, a forced follow)."""
        if self._forced is None:
            out = []
            for i in range(self.end):
                ev = self.events[i]
                if getattr(ev, "player", None) is None:
                    out.append(True)
                    continue
                try:
                    fa = self.rules.forced_action(self.states[i])
                except Exception:  # noqa: BLE001 - a rules query never stops the viewer
                    fa = None
                out.append(fa is not None and fa == ev)
            self._forced = out
        return self._forced

    def deals(self) -> list[tuple[int, int]]:
        """``(position, round)`` of the start of every deal: just after its ``deal`` event
        (the cards are in the hands)."""
        return [(i + 1, ev.round) for i, ev in enumerate(self.events[:self.end])
                if isinstance(ev, Deal)]

    def deal_at(self, pos: int | None = None) -> int:
        """The index in ``deals()`` of the deal shown at ``pos`` (-1 before the first)."""
        pos = self.pos if pos is None else pos
        k = -1
        for j, (p, _r) in enumerate(self.deals()):
            if p <= pos:
                k = j
        return k

    def to_deal(self, k: int) -> int:
        ds = self.deals()
        if not ds:
            return self.pos
        k = max(0, min(len(ds) - 1, k))
        return self.seek(ds[k][0])

    def next_deal(self) -> int:
        for p, _deal in self.deals():
            if p > self.pos:
                return self.seek(p)
        return self.to_end()

    def prev_deal(self) -> int:
        """The start of the deal shown, or of the one before when already there."""
        best = 0
        for p, _deal in self.deals():
            if p < self.pos:
                best = p
        return self.seek(best)

    def next_action(self, seat: int, pos: int | None = None) -> int | None:
        """The position just after ``seat``'s next decision after ``pos`` (its action is
        then the event shown), or ``None`` when it makes no more."""
        pos = self.pos if pos is None else pos
        forced = self.forced
        for i in range(pos, self.end):
            if getattr(self.events[i], "player", None) == seat and not forced[i]:
                return i + 1
        return None

    def undo_marks(self) -> list[tuple[int, int]]:
        """``(index, events taken back)`` of every ``x-undo`` mark shown."""
        out = []
        for i, ev in enumerate(self.events[:self.end]):
            if ext_type(ev) == UNDO_TYPE:
                d = ev.to_json()
                n = d.get("undone")
                out.append((i, n if isinstance(n, int) else 0))
        return out

    # ------------------------------------------------------------------ what is shown
    def scores(self, pos: int | None = None) -> list[str]:
        """Per seat, what the table shows at ``pos``: points so far (contract family) or
        chip balances (Michigan), as text."""
        if self.spec.layout:
            return [chips_text(b) for b in self.score_values(pos)]
        return [str(t) for t in self.score_values(pos)]

    def score_values(self, pos: int | None = None) -> list:
        """Points so far (contract family) or chip balances (Michigan).  Michigan's last
        deal: the deal's own balances until ``game_end`` shares the chips left on the
        layout (MG-11), as the record's ``deal_end`` and ``game_end`` lines say."""
        pos = self.pos if pos is None else pos
        st = self.state(pos)
        if self.spec.layout:
            if getattr(st, "finished", False) and st.results and not self._game_end_shown(pos):
                return [Fraction(b) for b in st.results[-1].balances]
            return [Fraction(b) for b in st.balances]
        return list(self.rules.totals(st))

    def _game_end_shown(self, pos: int) -> bool:
        for ev in reversed(self.events[:pos]):
            if isinstance(ev, Extension):
                continue
            return isinstance(ev, GameEnd)
        return False

    def results(self, pos: int | None = None) -> tuple:
        return self.state(pos).results

    def hands(self, pos: int | None = None) -> tuple:
        return self.state(pos).hands

    def hidden(self, pos: int | None = None) -> dict:
        """What nobody sees at ``pos``: ``{"stock": ids top first}`` (contract family) or
        ``{"widow": ids}`` (Michigan, while the deal runs)."""
        st = self.state(pos)
        if self.spec.layout:
            return {"widow": tuple(st.widow)} if st.round else {}
        return {"stock": tuple(reversed(st.stock))}

    def game_over(self, pos: int | None = None) -> bool:
        return self.rules.to_act(self.state(pos)) is None

    def guarded_seat(self) -> int | None:
        """The seat whose view alone may be shown, or ``None`` (every view may).

        A real game of the player's own library still being played (its record in the
        games folder, unfinished, not practice, with a human seat) is shown only as that
        player saw it: the other hands, the stock and the widow open once the game is
        over, so that watching or stepping through a game one will resume cannot show
        its hidden cards.  A finished game, a practice game, a game of computer players
        only, a record the rules refuse (it cannot be resumed) and a record from
        elsewhere (someone else's game, which this library cannot resume) are open to
        every view."""
        if self.problem is not None or self.game_over(self.end) or self.header.get("practice"):
            return None
        from ..storage import games_dir
        try:
            if self.path is None or self.path.resolve().parent != games_dir().resolve():
                return None
        except OSError:
            return None
        if any(isinstance(e, Extension) and ext_type(e) == PRACTICE_TYPE for e in self.events):
            return None
        for i, p in enumerate(self.header["players"]):
            if p.get("kind") == "human":
                return i
        return None

    # ------------------------------------------------------------------ event texts
    def text(self, i: int, viewer: int | None = None) -> str:
        """A readable line for event ``i`` as seat ``viewer`` may know it (``None``: all
        hands open), in the current language.  ``i == end`` with a problem: the verify
        message."""
        key = (i, viewer, current_language())
        t = self._texts.get(key)
        if t is None:
            if i >= self.end:
                # a refused event's message says "refused" itself ("line 18: lay_off by
                # seat 2 refused: ..."): no second "Refused:" before it
                t = ((self.problem_text() if self.problem.error is not None
                      else _("Refused: {message}").format(message=self.problem_text()))
                     if self.problem is not None and i == self.end else "")
            else:
                try:
                    t = self._describe(i, viewer)
                except Exception:  # noqa: BLE001 - a text never stops the viewer
                    t = self.events[i].code()
            self._texts[key] = t
        return t

    def problem_text(self) -> str:
        """The problem's verify message in the current language (a refused event's line,
        seat and reason translated; a file-level problem as the record reader says it)."""
        p = self.problem
        if p is None:
            return ""
        if p.error is None:  # a record that can't be read further
            return problem_words(p.message)
        return refusal_words(p.line, p.event.type, getattr(p.event, "player", None), p.error)

    def kind(self, i: int) -> str:
        """``deal``, ``result``, ``undo``, ``note``, ``chance``, ``action`` or ``error``."""
        if i >= self.end:
            return "error"
        ev = self.events[i]
        t = ev.type
        if t == "deal":
            return "deal"
        if t in ("deal_end", "game_end"):
            return "result"
        if ext_type(ev) == UNDO_TYPE:
            return "undo"
        if isinstance(ev, Extension):
            return "note"
        if getattr(ev, "player", None) is None:
            return "chance"
        return "action"

    def _who(self, p) -> str:
        """A seat's name as the record has it (``"Seat 3"`` for a seat it does not name)."""
        return (self.names[p] if p is not None and 0 <= p < self.num_players
                else _("Seat {n}").format(n=p))

    def _name(self, p) -> str:
        """A seat's name as shown ("You" in the current language)."""
        return player_name(self._who(p))

    def _describe(self, i: int, viewer: int | None, ev=None, st0=None,
                  st1=None) -> str:  # noqa: C901 - one case per event
        if ev is None:
            ev = self.events[i]
            st0, st1 = self.states[i], self.states[i + 1]
        t = ev.type
        p = getattr(ev, "player", None)
        you = is_you(self._who(p))
        name = self._name(p)
        sees = viewer is None or viewer == p
        if isinstance(ev, Extension):
            tt = ext_type(ev)
            if tt == UNDO_TYPE:
                n = ev.to_json().get("undone")
                out = ngettext("Undo: {n} event taken back here", "Undo: {n} events taken back here",
                               n).format(n=n) if isinstance(n, int) else _("Undo here")
                first = self._undone_text(i, st0, viewer)
                return out + (_(" (from “{event}”)").format(event=first) if first else "")
            if tt == PRACTICE_TYPE:
                return _("Marked practice (an undo went back past a hidden card)")
            return _("Note: {type}").format(type=tt)
        if t == "deal":
            base = _said(is_you(self._who(ev.dealer)), "deals" if self.spec.layout else "deals_round",
                         self._name(ev.dealer), n=ev.round)
            if not self.spec.layout:
                base += _(" — {contract}").format(contract=contract_name(self.rules.contract_terms(ev.round)))
            return base
        if t == "misdeal":
            return _("Misdeal: the deal is void; the same dealer deals again")
        if t == "restock":
            n = len(ev.order)
            return ngettext("The stock is refilled from the discard pile ({n} card)",
                            "The stock is refilled from the discard pile ({n} cards)", n).format(n=n)
        if t == "deal_end":
            w_you, w_name = is_you(self._who(ev.winner)), self._name(ev.winner)
            if self.spec.layout:
                res = st1.results[-1].balances if st1.results else st1.balances  # before MG-11's share
                bal = ", ".join(f"{self._name(s)} {chips_text(b)}" for s, b in enumerate(res))
                return _said(w_you, "deal_ends", w_name, n=ev.round, balances=bal)
            r = st1.results[-1] if st1.results else None
            sc = ", ".join(f"{self._name(s)} {x}" for s, x in enumerate(r.scores)) if r else ""
            if ev.winner is None:
                return _("Round {n} ends: a dead deal · {scores}").format(n=ev.round, scores=sc)
            return _said(w_you, "round_ends", w_name, n=ev.round, scores=sc)
        if t == "game_end":
            ws = [self._who(w) for w in ev.winners]
            if len(ws) == 1:
                out = _said(is_you(ws[0]), "wins", player_name(ws[0]))
            else:
                out = _("Game over: {names} share the win").format(
                    names=_(" and ").join(player_name(w) for w in ws))
            if ev.totals and len(ev.totals) == self.num_players:
                fmt = chips_text if self.spec.layout else str
                lst = ", ".join(f"{self._name(s)} {fmt(x)}" for s, x in enumerate(ev.totals))
                out += (_(" · chips: {list}") if self.spec.layout else _(" · totals: {list}")).format(list=lst)
            return out
        if self.spec.layout:
            return self._describe_layout_game(ev, st0, st1, you, name)
        call = self.spec.buying is Buying.CALL
        wr0 = self.rules.wild_ranks(st0.round)
        if t == "draw":
            if ev.source == "discard":
                return _said(you, "takes", name, card=card_name(st0.discard[-1] >> 3))
            new = _new_cards(st0.hands[p], st1.hands[p])
            if sees and new:
                return _said(you, "draws_card", name, card=card_name(new[0] >> 3))
            return _said(you, "draws", name)
        if t == "pass_upcard":
            up = st0.discard[-1] if st0.discard else None
            if up is None:
                return _said(you, "passes_nothing", name)
            return _said(you, "passes", name, card=card_name(up >> 3))
        if t == "buy":
            up = st0.discard[-1] >> 3
            new = [c for c in _new_cards(st0.hands[p], st1.hands[p]) if c >> 3 != up]
            base = _said(you, "calls" if call else "buys", name, card=card_name(up))
            if sees and new:
                base += f" {card_name(new[0] >> 3)}"
            return base
        if t == "pass_buy":
            return _said(you, "no_call" if call else "no_buy", name)
        if t == "go_down":
            melds = st1.melds[len(st0.melds):]
            return _said(you, "goes_down", name, melds=", ".join(
                meld_text(m, self.rules.wild_ranks(st1.round)) for m in melds))
        if t in ("lay_off", "swap"):
            m0 = st0.melds[ev.meld]
            card = card_name(ev.card)
            if t == "lay_off" and ev.role is not None:
                card = _("{card} as {role}").format(card=card, role=card_name(ev.role))
            fields = dict(card=card, meld=meld_text(m0, wr0))
            if m0.owner == p:
                whose = "own"
            elif is_you(self._who(m0.owner)):
                whose = "yours"
            else:
                whose = "theirs"
                fields["owner"] = self._name(m0.owner)
            return _said(you, f"{t}_{whose}", name, **fields)
        if t == "discard":
            out_ = not st1.hands[p]
            return _said(you, "discards_out" if out_ else "discards", name, card=card_name(ev.card))
        return ev.code()

    def _undone_text(self, i: int, st, viewer: int | None) -> str:
        """The first event an ``x-undo`` mark took back, read from its redo list (the
        state at the mark is the state before it), or ``""``."""
        from ..core.actions import event_from_json
        try:
            redo = self.events[i].to_json().get("redo") or []
            ev = event_from_json(redo[0]["event"])
            if isinstance(ev, Extension) or ev.type in ("deal_end", "game_end"):
                return ""
            self.rules.check(st, ev)
            st1 = self.rules.apply(st, ev)
            return self._describe(i, viewer, ev, st, st1)
        except Exception:  # noqa: BLE001 - a hand-made mark may say anything
            return ""

    def _describe_layout_game(self, ev, st0, st1, you, name) -> str:
        t = ev.type
        p = ev.player
        out = _said(you, "plays" if t == "play" else "leads", name, card=card_name(ev.card))
        fname = FACE_TEXT[ev.card]
        if fname in PAY_CELLS:
            j = PAY_CELLS.index(fname)
            x = st0.layout[j] - st1.layout[j]
            if x > 0:
                k = Fraction(x)
                count = k.numerator if k.denominator == 1 else 2
                if you:
                    tail = ngettext(" and take {n} chip", " and take {n} chips", count)
                else:
                    tail = ngettext(" and takes {n} chip", " and takes {n} chips", count)
                out += tail.format(n=chips_text(x, sign=False))
        if not st1.hands[p] and st0.hands[p]:
            out += _(" — out!")
        return out

    # ------------------------------------------------------------------ play on
    def can_play_on(self, pos: int | None = None) -> str | None:
        """``None`` when a new game can start at ``pos``, else why not."""
        pos = self.pos if pos is None else pos
        if not self.deals():
            return N_("The record has no deal to play on from")
        if self.game_over(max(pos, self.deals()[0][0])):
            return N_("The game is over at this point")
        return None

    def play_on(self, pos: int | None, seats: list[dict], *, seed: int | None = None):
        """A live engine at ``pos`` (at least the first deal) and the header of its new
        record.

        Args:
            seats: per seat ``{"kind": "human"}`` or ``{"kind": "ai", "level": ...}``.

        Returns:
            ``(engine, header, pos)``: the engine's log is the source's first ``pos``
            events, each marked forced so that an undo never goes back into them.
        """
        pos = self.pos if pos is None else pos
        first = self.deals()[0][0] if self.deals() else 0
        pos = max(first, min(self.end, pos))
        eng = engine_for(self.header, auto=False)
        replay(self.record, engine=eng, stop_at=pos)
        eng.forced = [True] * len(eng.log)
        eng.auto = True
        src_seed = self.header.get("seed")
        base = src_seed if isinstance(src_seed, int) and not isinstance(src_seed, bool) else 0
        if seed is None:
            seed = (base * 1_000_003 + pos) % (1 << 31)
        eng.seed = seed
        eng.rng = random.Random(seed)
        players = []
        for i, name in enumerate(self.names):
            s = seats[i] if i < len(seats) else {"kind": "ai", "level": "normal"}
            if s.get("kind") == "human":
                players.append({"name": name, "kind": "human"})
            else:
                players.append({"name": name, "kind": "ai", "level": s.get("level") or "normal"})
        src = {"file": os.path.abspath(self.path) if self.path is not None else None, "event": pos}
        header = make_header(self.variant, players, dict(self.header.get("options") or {}),
                             seed=seed, source=src, practice=True)
        return eng, header, pos


def catch_up(eng) -> list:
    """Play what live play would have played at once at this point (Michigan's forced
    follows, a finished deal's ``deal_end`` and ``game_end``).  Returns the events."""
    out = []
    rules = eng.rules
    for _step in range(10_000):
        st = eng.state
        last = next((e for e in reversed(eng.log) if not isinstance(e, Extension)), None)
        de = rules.deal_end(st)
        if de is not None:
            if not isinstance(last, (DealEnd, GameEnd)):
                out += eng.apply(de)
                ge = rules.game_end(eng.state)
                if ge is not None:
                    out += eng.apply(ge)
            elif isinstance(last, DealEnd):
                ge = rules.game_end(st)
                if ge is not None:
                    out += eng.apply(ge)
            return out
        fa = rules.forced_action(st)
        if fa is None:
            return out
        out += eng.apply(fa, forced=True)
    return out


_BASE = {"goes": "go", "doesn’t": "don’t", "passes": "pass", "wins": "win"}

# An event said of you and of another player (the replay's list of events).
_SAID = {
    "deals": (N_("Deal {n}: You deal"), N_("Deal {n}: {name} deals")),
    # a contract game's deal starts one of its rounds (Michigan's deals are numbered)
    "deals_round": (N_("Round {n}: You deal"), N_("Round {n}: {name} deals")),
    "deal_ends": (N_("Deal {n} ends: You go out · chips: {balances}"),
                  N_("Deal {n} ends: {name} goes out · chips: {balances}")),
    "round_ends": (N_("Round {n} ends: You go out · {scores}"),
                   N_("Round {n} ends: {name} goes out · {scores}")),
    "wins": (N_("Game over: You win"), N_("Game over: {name} wins")),
    "takes": (N_("You take {card}"), N_("{name} takes {card}")),
    "draws_card": (N_("You draw {card} from the stock"), N_("{name} draws {card} from the stock")),
    "draws": (N_("You draw from the stock"), N_("{name} draws from the stock")),
    "passes": (N_("You pass {card}"), N_("{name} passes {card}")),
    "passes_nothing": (N_("You pass"), N_("{name} passes")),
    "calls": (N_("You call {card} + penalty card"), N_("{name} calls {card} + penalty card")),
    "buys": (N_("You buy {card} + penalty card"), N_("{name} buys {card} + penalty card")),
    "no_call": (N_("You don’t call"), N_("{name} doesn’t call")),
    "no_buy": (N_("You don’t buy"), N_("{name} doesn’t buy")),
    "goes_down": (N_("You go down: {melds}"), N_("{name} goes down: {melds}")),
    "lay_off_own": (N_("You lay off {card} on your own {meld}"),
                    N_("{name} lays off {card} on their own {meld}")),
    "lay_off_yours": (N_("You lay off {card} on your {meld}"),
                      N_("{name} lays off {card} on your {meld}")),
    "lay_off_theirs": (N_("You lay off {card} on {owner}'s {meld}"),
                       N_("{name} lays off {card} on {owner}'s {meld}")),
    "swap_own": (N_("You swap {card} for the wild in your own {meld}"),
                 N_("{name} swaps {card} for the wild in their own {meld}")),
    "swap_yours": (N_("You swap {card} for the wild in your {meld}"),
                   N_("{name} swaps {card} for the wild in your {meld}")),
    "swap_theirs": (N_("You swap {card} for the wild in {owner}'s {meld}"),
                    N_("{name} swaps {card} for the wild in {owner}'s {meld}")),
    "discards": (N_("You discard {card}"), N_("{name} discards {card}")),
    "discards_out": (N_("You discard {card} and go out"), N_("{name} discards {card} and goes out")),
    "leads": (N_("You lead {card}"), N_("{name} leads {card}")),
    "plays": (N_("You play {card}"), N_("{name} plays {card}")),
}


def _said(you: bool, key: str, name: str, **fields) -> str:
    you_msg, other_msg = _SAID[key]
    return _(you_msg if you else other_msg).format(name=name, **fields)


def _v(who: str, verb: str) -> str:
    """``verb`` (third person) agreeing with ``who`` (a player may be called "You")."""
    if who != "You":
        return verb
    return _BASE.get(verb, verb[:-1] if verb.endswith("s") else verb)


def _poss(who: str) -> str:
    return "your" if who == "You" else f"{who}'s"


def _new_cards(before, after) -> list[int]:
    b = set(before)
    return [c for c in after if c not in b]


def meld_text(m, wild_ranks=frozenset()) -> str:
    """``"3♥–7♥"`` for a run (``" (JK as 5♥)"`` for its wilds), ``"7♣ 7♦ JK"`` for a set."""
    if m.kind == "run":
        eff = [r if r is not None else (c >> 3) for c, r in zip(m.cards, m.roles)]
        out = f"{card_name(eff[0])}–{card_name(eff[-1])}"
        wild = [_("{card} as {role}").format(card=card_name(c >> 3), role=card_name(r))
                for c, r in zip(m.cards, m.roles)
                if r is not None and ((c >> 3) == JOKER or FACE_RANK[c >> 3] in wild_ranks
                                      or (c >> 3) != r)]
        if wild:
            out += " (" + ", ".join(wild) + ")"
        return out
    rank = RANK_TEXT.get(m.rank, "?")
    out = _("{rank}s: {cards}").format(rank=rank, cards=" ".join(card_name(c >> 3) for c in m.cards))
    wild = [card_name(c >> 3) for c, r in zip(m.cards, m.roles)
            if r is not None and ((c >> 3) == JOKER or FACE_RANK[c >> 3] != m.rank)]
    if wild:
        out += _(" ({cards} wild)").format(cards=", ".join(wild))
    return out


def refusal_words(line, event: str, seat, err) -> str:
    """A rule's refusal of a record's event in the current language, as ``verify`` says it
    (``"line 18: lay_off by seat 2 refused: ... (MI-4)"``): the event named, ``err`` (the
    rules' ``IllegalActionError``) put into words."""
    from ..i18n import rule_reason
    msg = (_("line {line}: {event} by seat {seat} refused: {reason} ({rule})") if seat
           is not None else _("line {line}: {event} refused: {reason} ({rule})"))
    return msg.format(line=line, event=event_name(event), seat=seat,
                      reason=rule_reason(err, with_rule=False), rule=err.rule)


def problem_words(message: str, refusal: dict | None = None) -> str:
    """Why a record cannot be opened, in the current language: ``refusal`` (a rule's
    refusal of an event as data, ``GameSummary.refusal``) in words; else ``message`` as
    the record reader says it (``"line 3: not a JSON object"``).  A refusal known only by
    its English ``verify`` line (a summary written before refusals were kept as data)
    stays as it is: nothing parses a sentence back."""
    if refusal is not None:
        from ..i18n.refusals import refusal_from_json
        got = refusal_from_json(refusal)
        if got is not None:
            return refusal_words(*got)
    from ..i18n.messages import storage_message
    return storage_message(message)


def event_name(kind: str) -> str:
    """A record event's type (``"discard"``) named in the current language, for the
    refusal of a broken record ("line 19: discard by seat 0 refused": "скидання");
    English, and an unknown type, as the record writes it (the verify message's own)."""
    from ..i18n import pgettext
    if current_language() == "en":
        return kind
    names = {
        "deal": pgettext("record event", "deal"),
        "restock": pgettext("record event", "restock"),
        "draw": pgettext("record event", "draw"),
        "pass_upcard": pgettext("record event", "pass on the upcard"),
        "buy": pgettext("record event", "buy"),
        "pass_buy": pgettext("record event", "pass on buying"),
        "go_down": pgettext("record event", "going down"),
        "lay_off": pgettext("record event", "lay-off"),
        "swap": pgettext("record event", "joker swap"),
        "discard": pgettext("record event", "discard"),
        "lead": pgettext("record event", "lead"),
        "play": pgettext("record event", "play"),
        "misdeal": pgettext("record event", "misdeal"),
        "deal_end": pgettext("record event", "end of the deal"),
        "game_end": pgettext("record event", "end of the game"),
    }
    return names.get(kind, kind)


__all__ = ["ReplayModel", "Problem", "catch_up", "meld_text", "chips_text", "ext_type"]
