"""The event-sourced engine: a log of events beside the states they produce.

``Engine.apply`` is the single place that checks legality and records.  The rules object
of a variant (see ``table_app.variants``) provides the pure functions:

``rules.initial_state(num_players) -> state``
    the state before the first deal (a record may begin at any round);
``rules.check(state, event) -> None``
    raises ``IllegalActionError`` (with the rule id) for an action the rules refuse, or
    ``RecordError`` for a chance event that cannot belong to this game (a wrong deck);
``rules.apply(state, event) -> state``
    pure, trusts its input;
``rules.legal_actions(state) -> list``
    the simple actions of the seat to act (draws, passes, buys, discards, leads, the
    go-downs the solver finds, lay-offs, swaps);
``rules.to_act(state) -> (seat, phase) | None``
    phase one of ``draw``, ``buy``, ``play``, ``lead``, ``follow``; ``None`` when the game
    is over; between deals the seat that will act first in the next deal;
``rules.pre_events(state, action, rng) -> list``
    chance events that must come before ``action`` (a ``Restock`` before a take from an
    empty stock, CF-13);
``rules.forced_action(state) -> action | None``
    an action the engine plays itself (Michigan's forced follows, MG-6);
``rules.forced_chain(state) -> [(action, state_after), ...]`` (optional)
    the forced actions due in a row from ``state`` and the state after each, the same as
    ``forced_action`` and ``apply`` one at a time would make (none may need a chance
    event first): the engine records them in one go (Michigan's follows, MG-6);
``rules.may_force`` (optional, default ``True``)
    ``False`` when ``forced_action`` is always ``None`` (the contract family): the engine
    does not ask;
``rules.next_deal(state, rng) -> Deal | None``
    the next deal's chance event when the state is between deals;
``rules.deal_end(state) -> DealEnd | None``, ``rules.game_end(state) -> GameEnd | None``
    the derived events for a finished deal / game;
``rules.observe(state, seat) -> Observation``;
``rules.summary(state) -> dict``
    the ``verify --json`` summary.

States are immutable; the engine keeps ``states[i]`` = the state before ``log[i]``, so
undo is a truncation (python-chess's move stack) and redo re-applies the cut tail.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.actions import DealEnd, Event, Extension, GameEnd
from ..core.errors import IllegalActionError
from ..core.phase import Phase
from .rules import AnyRules

Listener = Callable[[str, Any], None]


_CHANCE = frozenset(("deal", "restock", "misdeal"))
#: the events ``apply`` records without the rules: notes (``x-`` extensions) and the
#: derived deal and game ends (checked against the rules' own)
_NOTES = (Extension, DealEnd, GameEnd)

#: the note after the moves of one gesture recorded together (``Engine.apply_together``):
#: ``{"type": "x-together", "events": n}`` follows the ``n`` actions it joins
TOGETHER_MARK = "x-together"


def _is_decision(ev: Any) -> bool:
    return getattr(ev, "player", None) is not None


class Engine:
    """A game in progress: its rules, the record so far and every state.

    Args:
        rules: the variant's rules object.
        num_players: seats, clockwise.
        seed: provenance (recorded in the header); also seeds ``rng`` when none is given.
        rng: the random generator for live chance events (deals, restocks).
        auto: play forced actions, restocks and derived events automatically (live play
            and simulation); ``False`` for reading a record, where every event comes from
            the file.
    """

    def __init__(self, rules: AnyRules, num_players: int, seed: int | None = None,
                 rng: random.Random | None = None, auto: bool = True):
        self.rules: AnyRules = rules
        self.num_players = num_players
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.auto = auto
        self.log: list[Event] = []
        self.forced: list[bool] = []
        self.states: list[Any] = [rules.initial_state(num_players)]
        self._redo: list[tuple[Any, bool]] = []
        self._listeners: list[Listener] = []
        self.revealed_by_undo = False  # an undo went back past a hidden card a seat saw
        self._may_force: bool = getattr(rules, "may_force", True)
        self._chain: Callable[[Any], list[tuple[Any, Any]]] | None = getattr(
            rules, "forced_chain", None)

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> Any:
        """The current state (the rules' state type)."""
        return self.states[-1]

    def legal_actions(self) -> list[Any]:
        """The legal actions of the seat to act now (``rules.legal_actions``)."""
        return self.rules.legal_actions(self.states[-1])

    def to_act(self) -> tuple[int, Phase] | None:
        """``(seat, phase)`` of the decision due now, or ``None`` (``rules.to_act``)."""
        return self.rules.to_act(self.states[-1])

    def observe(self, seat: int) -> Any:
        """What ``seat`` may know now (``rules.observe``)."""
        return self.rules.observe(self.state, seat)

    def is_legal(self, action: Any) -> bool:
        try:
            self.rules.check(self.state, action)
            return True
        except (IllegalActionError, ValueError):
            return False

    # ------------------------------------------------------------------ listeners
    def subscribe(self, fn: Listener, first: bool = False) -> None:
        """``fn(kind, payload)``: ``("append", (index, event, state_after))`` after each
        recorded event, ``("truncate", new_length)`` after an undo.  ``first=True`` puts
        the listener before the others (the autosave journal, so that an event is on
        disk before the UI shows it)."""
        if first:
            self._listeners.insert(0, fn)
        else:
            self._listeners.append(fn)

    def unsubscribe(self, fn: Listener) -> None:
        """Remove a listener (no error if it is not subscribed)."""
        if fn in self._listeners:
            self._listeners.remove(fn)

    @property
    def redo_stack(self) -> list[tuple[Any, bool]]:
        """The cut tail that ``redo`` re-applies: ``[(event, forced), ...]``, next last."""
        return list(self._redo)

    @redo_stack.setter
    def redo_stack(self, stack: list[tuple[Any, bool]]) -> None:
        self._redo = list(stack)

    def _last_real(self) -> Event | None:
        """The last logged event that is not an ``x-`` extension, or ``None``."""
        for ev in reversed(self.log):
            if not isinstance(ev, Extension):
                return ev
        return None

    def _emit(self, kind: str, payload: Any) -> None:
        for fn in list(self._listeners):
            fn(kind, payload)

    # ------------------------------------------------------------------ recording
    def _record(self, ev: Any, forced: bool = False, trusted: bool = False) -> None:
        """Check (unless ``trusted``: the rules' own ``forced_action``), apply, log."""
        rules = self.rules
        st = self.states[-1]
        if not trusted:
            rules.check(st, ev)
        st = rules.apply(st, ev)
        self.log.append(ev)
        self.forced.append(forced)
        self.states.append(st)
        if self._listeners:
            self._emit("append", (len(self.log) - 1, ev, st))

    def _check_derived(self, ev: DealEnd | GameEnd) -> None:
        st = self.state
        deal_rule, game_rule = self.rules.derived_rules
        last = self._last_real()
        want: DealEnd | GameEnd | None
        if isinstance(ev, DealEnd):
            want = self.rules.deal_end(st)
            if want is None or isinstance(last, (DealEnd, GameEnd)):
                raise IllegalActionError(deal_rule, "deal_end_misplaced")
        else:
            want = self.rules.game_end(st)
            if want is None or isinstance(last, GameEnd):
                raise IllegalActionError(game_rule, "game_end_early")
        if not _same_derived(want, ev):
            raise IllegalActionError(
                deal_rule if isinstance(ev, DealEnd) else game_rule, "derived_mismatch",
                {"json": json.dumps(ev.to_json()), "json2": json.dumps(want.to_json())})

    def apply(self, action: Any, *, forced: bool = False) -> list[Event]:
        """Check and record one event; in ``auto`` mode also the chance events it needs
        first and the forced and derived events after it.

        Returns:
            the events recorded, in order.

        Raises:
            IllegalActionError: the rules refuse it (nothing changes).
            RecordError: a chance event that cannot belong to this game.
        """
        start = len(self.log)
        if isinstance(action, _NOTES):  # (one isinstance on the hot path)
            if not isinstance(action, Extension):
                self._check_derived(action)
            self.log.append(action)
            self.forced.append(True)
            self.states.append(self.state)
            self._emit("append", (len(self.log) - 1, action, self.state))
            return [action]
        rules = self.rules
        st0 = self.states[-1]
        if not forced and (action.type in _CHANCE
                           or (self._may_force and (fa := rules.forced_action(st0)) is not None
                               and fa == action)):
            forced = True  # chance events and forced plays are not decisions (undo skips them)
        if self.auto:
            pre = rules.pre_events(st0, action, self.rng)
            if pre:
                # check the action against the state the chance events make, without
                # recording anything if it is refused
                st = st0
                for ev in pre:
                    rules.check(st, ev)
                    st = rules.apply(st, ev)
                rules.check(st, action)
                for ev in pre:
                    self._record(ev, forced=True)
                st0 = self.states[-1]
        # _record, inline (the hot path of every action)
        rules.check(st0, action)
        st = rules.apply(st0, action)
        log = self.log
        log.append(action)
        self.forced.append(forced)
        self.states.append(st)
        if self._listeners:
            self._emit("append", (len(log) - 1, action, st))
        if not forced and self._redo and _is_decision(action):
            self._redo.clear()  # a new decision replaces the cut tail
        if self.auto and (self._may_force or rules.deal_end(st) is not None):
            self._after()  # (nothing to do unless a deal ended or a forced action is due)
        return log[start:]

    def apply_together(self, actions: Iterable[Any]) -> list[Event]:
        """Check and record several actions of one seat as one decision: the moves of one
        gesture (several cards laid off by one drop, "play everything that fits").

        Every action is checked first, in order, on the pure rules (each on the state the
        ones before it make): a refusal raises and nothing is recorded.  Then each is
        recorded as an ordinary event (the record's format is unchanged: a reader sees
        ``n`` lay-offs), the first as the decision and the others as part of it
        (``forced``: an undo goes back past them to the first, a redo puts them all
        back), followed by the note ``{"type": "x-together", "events": n}`` so that a game
        resumed from its record undoes them together too (``joined_indices``).  One action
        is recorded as by ``apply``, with no note.

        Returns:
            the events recorded, in order.

        Raises:
            IllegalActionError: an action the rules refuse there (nothing changes).
            ValueError: no actions, actions of more than one seat, or one that is not a
                player's action (a chance or derived event, an extension).
        """
        actions = list(actions)
        if not actions:
            raise ValueError("apply_together needs at least one action")
        seats = {getattr(a, "player", None) for a in actions}
        if None in seats or len(seats) != 1 or any(
                isinstance(a, (DealEnd, GameEnd, Extension)) or a.type in _CHANCE
                for a in actions):
            raise ValueError("apply_together joins the actions of one seat")
        if len(actions) == 1:
            return self.apply(actions[0])
        rules = self.rules
        st = self.state
        for a in actions:
            rules.check(st, a)
            st = rules.apply(st, a)
        start = len(self.log)
        for k, a in enumerate(actions):
            self.apply(a, forced=k > 0)
        self.apply(Extension.make(TOGETHER_MARK, events=len(actions)))
        return self.log[start:]

    def _after(self) -> None:
        rules = self.rules
        chained = False
        while True:
            st = self.states[-1]
            de = rules.deal_end(st)
            if de is not None and not isinstance(self._last_real(), (DealEnd, GameEnd)):
                self.log.append(de)
                self.forced.append(True)
                self.states.append(st)
                self._emit("append", (len(self.log) - 1, de, st))
                ge = self.rules.game_end(st)
                if ge is not None:
                    self.log.append(ge)
                    self.forced.append(True)
                    self.states.append(st)
                    self._emit("append", (len(self.log) - 1, ge, st))
                return
            if not self._may_force:
                return
            if self._chain is not None:
                # the forced actions in a row, recorded as ``_record`` would (trusted: the
                # rules made each as the only one possible); after them none is due
                if chained:
                    return
                got = self._chain(st)
                if not got:
                    return
                chained = True
                log, forced, states = self.log, self.forced, self.states
                for ev, st in got:
                    log.append(ev)
                    forced.append(True)
                    states.append(st)
                    if self._listeners:
                        self._emit("append", (len(log) - 1, ev, st))
                continue
            fa = rules.forced_action(st)
            if fa is None:
                return
            pre = rules.pre_events(st, fa, self.rng)
            for ev in pre:
                self._record(ev, forced=True)
            # the rules made this action as the only one possible: checking it again
            # would only repeat their work (a record read back checks every event)
            self._record(fa, forced=True, trusted=not pre)

    def deal_next(self) -> list[Event]:
        """Deal the next deal (a ``Deal`` chance event from ``rng``) when the state is
        before the first deal or between deals.

        Returns:
            the events recorded (empty when the game is over or a deal is in progress).
        """
        ev = self.rules.next_deal(self.state, self.rng)
        if ev is None:
            return []
        return self.apply(ev, forced=True)

    def run(self, events: Iterable[Any]) -> None:
        """Apply events one by one (a record's body)."""
        for ev in events:
            self.apply(ev)

    # ------------------------------------------------------------------ undo / redo
    def can_undo(self, seat: int) -> bool:
        return self._undo_index(seat) is not None

    def _undo_index(self, seat: int) -> int | None:
        for i in range(len(self.log) - 1, -1, -1):
            ev = self.log[i]
            if not self.forced[i] and getattr(ev, "player", None) == seat:
                return i
        return None

    def undo_reveals(self, seat: int) -> bool:
        """Whether ``undo(seat)`` would go back past a hidden card that a seat has seen
        (a deal, a restock, ``seat``'s own draw from the stock or buy, another seat's
        Michigan lead or play: a card of a hand ``seat`` could not see, MG-6): the undo
        then sets ``revealed_by_undo`` (the game becomes practice).  ``False`` when there
        is nothing to undo."""
        i = self._undo_index(seat)
        return i is not None and self._reveals(self.log[i:], seat)

    @staticmethod
    def _reveals(events: Iterable[Any], seat: int) -> bool:
        for ev in events:
            t = ev.type
            p = getattr(ev, "player", None)
            if t in ("deal", "restock") or (p == seat and (
                    (t == "draw" and getattr(ev, "source", "") == "stock") or t == "buy")):
                return True
            if t in ("lead", "play") and p is not None and p != seat:
                return True     # Michigan: a card out of another seat's hand (MG-5, MG-6)
        return False

    def undo(self, seat: int) -> bool:
        """Go back to just before ``seat``'s previous decision (skipping AI, chance,
        forced and derived events).  Returns whether anything was undone."""
        i = self._undo_index(seat)
        if i is None:
            return False
        tail = list(zip(self.log[i:], self.forced[i:]))
        if self._reveals(self.log[i:], seat):
            self.revealed_by_undo = True
        del self.log[i:]
        del self.forced[i:]
        del self.states[i + 1:]
        self._redo.extend(reversed(tail))
        self._emit("truncate", len(self.log))
        return True

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self, seat: int) -> bool:
        """Re-apply the cut tail up to ``seat``'s next decision (exclusive of the one
        after).  Returns whether anything was redone."""
        if not self._redo:
            return False
        first = True
        while self._redo:
            ev, forced = self._redo[-1]
            if not first and not forced and getattr(ev, "player", None) == seat:
                break
            self._redo.pop()
            first = False
            saved = self._redo
            self._redo = []
            try:
                if isinstance(ev, (DealEnd, GameEnd, Extension)):
                    self.log.append(ev)
                    self.forced.append(True)
                    self.states.append(self.state)
                    self._emit("append", (len(self.log) - 1, ev, self.state))
                else:
                    self._record(ev, forced)
            finally:
                self._redo = saved
        return True

    def clear_redo(self) -> None:
        self._redo.clear()


def joined_indices(log: Sequence[Any]) -> set[int]:
    """The indices of ``log`` whose events are part of the decision before them: the
    second and later of the ``n`` actions an ``x-together`` note joins
    (``Engine.apply_together``).  A note that does not follow ``n`` actions of one seat
    (an edited record) joins nothing."""
    out: set[int] = set()
    for j, ev in enumerate(log):
        if not isinstance(ev, Extension) or ev.type != TOGETHER_MARK:
            continue
        n = ev.to_json().get("events")
        if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= j:
            continue
        run = log[j - n:j]
        seats = {getattr(e, "player", None) for e in run}
        if None in seats or len(seats) != 1 or any(isinstance(e, (DealEnd, GameEnd, Extension))
                                                   for e in run):
            continue
        out.update(range(j - n + 1, j))
    return out


def _same_derived(a: Any, b: Any) -> bool:
    from fractions import Fraction
    if type(a) is not type(b):
        return False
    if isinstance(a, DealEnd):
        if a.round != b.round or a.winner != b.winner:
            return False
        if b.scores is not None and tuple(a.scores or ()) != tuple(b.scores):
            return False
        if b.balances is not None:
            try:
                return [Fraction(x) for x in a.balances or ()] == [Fraction(x) for x in b.balances]
            except (ValueError, ZeroDivisionError):
                return False
        return True
    if tuple(a.winners) != tuple(b.winners):
        return False
    if b.totals:
        try:
            return [Fraction(str(x)) for x in a.totals] == [Fraction(str(x)) for x in b.totals]
        except (ValueError, ZeroDivisionError):
            return False
    return True
