"""Computer players for Michigan Rummy (the stops game, MG-1 ... MG-12).

The only choice a Michigan player makes is which suit to lead (MG-5, MG-8); the forced
follows (MG-6) are played by the engine.  Every player decides from its
``MichiganObservation``: its own hand, the cards played face up, the hand sizes and the
layout's chips.  The widow and the other hands are unknown.

``lead_scores`` weighs a lead by:
    * the cards it sheds for sure (my lowest card of the suit and my cards straight above
      it), and those it may shed later if the sequence comes back (each unknown card in
      between is in the widow with probability widow/unknown, which stops it);
    * the pay cards of that suit in my hand (``AH KC QD JS``) times the chips in their cell,
      weighted by the chance the sequence reaches them;
    * keeping the lead (the sequence stops on my card: the next card is played already,
      or my card is an ace), which lets me lead again;
    * going out (the kitty and a chip per card left in the other hands, MG-10).

Levels: ``NormalMichigan`` (that score), ``EasyMichigan`` (often a plausible but weaker
lead), ``HardMichigan`` (samples the hidden cards consistent with the observation and
what the stops and leads have shown, ``infer_hidden``, plays
each lead out to the end of the deal, the other seats by the normal policy and its own
later leads by ``hard_lead_value``, keeps the lead with the best mean chip result,
within a time budget).  ``hard_lead_value`` is ``lead_value`` reweighted (tuned against
normal) with what the stops show and a lead's worth spent on a card only its holder can
play; normal's own score is unchanged.
"""
from __future__ import annotations

import math
import random

from ..core.messages import Message
from ..variants.michigan import MichiganRules
from ..variants.worlds import infer_hidden
from .budget import Budget
from .player import BasePlayer

# faces: AH = 1*13+12 = 25, KC = 3*13+11 = 50, QD = 2*13+10 = 36, JS = 0*13+9 = 9
PAY_FACES = (25, 50, 36, 9)
PAY_CELL = {25: "AH", 50: "KC", 36: "QD", 9: "JS"}

W_OPP = 0.5    # weight of the cards the sequence lets the others shed
W_CTRL = 2.0   # weight of the chance to lead again after the stop


def _run_on(mine: set, stopped: set, f: int, top: int, control: bool, widow_p: float,
            cells: dict, pay: float) -> tuple[float, float, float, float]:
    """How a lead's sequence goes on past this seat's last sure card ``f`` (MG-8, MG-9):
    the expected cards this seat sheds, the expected cards the others shed, the chance
    this seat leads again, and ``pay`` plus the pay cards' expected chips; each unknown
    card may be in the widow with chance ``widow_p``; ``stopped`` holds the card ids
    known to stop the sequence."""
    exp_shed = 0.0
    opp_shed = 0.0
    ctrl_p = 1.0 if control else 0.0
    if not control:
        p = 1.0
        g = f + 1
        last_mine = True
        while g <= top and p > 0.02:
            if g in stopped:
                if last_mine:
                    ctrl_p += p
                break
            if g in mine:
                exp_shed += p
                if g in PAY_CELL:
                    pay += p * float(cells[PAY_CELL[g]])
                last_mine = True
                if g == top:
                    ctrl_p += p
            else:
                stop = p * widow_p
                if last_mine:
                    ctrl_p += stop
                p -= stop
                opp_shed += p
                last_mine = False
            g += 1
    return exp_shed, opp_shed, ctrl_p, pay


def lead_value(mine: set, gone: set, suit: int, low: int, widow_p: float,
               cells: dict, kitty: float, others_cards: int, hand_size: int) -> tuple[float, dict]:
    """Score of leading ``suit`` (my lowest card ``low``, a face) and its parts."""
    shed_sure = 0
    f = low
    top = suit * 13 + 12  # the suit's ace
    pay = 0.0
    control = False
    # the guaranteed part: my consecutive cards from the lead up
    while True:
        shed_sure += 1
        if f in PAY_CELL:
            pay += float(cells[PAY_CELL[f]])
        if f == top:
            control = True
            break
        nxt = f + 1
        if nxt in mine:
            f = nxt
            continue
        if nxt in gone:
            control = True
        break
    # the sequence goes on through other hands; each unknown card may be in the widow
    # (a stop on the card before it: its player leads next)
    exp_shed, opp_shed, ctrl_p, pay = _run_on(mine, gone, f, top, control, widow_p, cells, pay)
    out = shed_sure >= hand_size
    score = shed_sure * 1.0 + exp_shed * 0.7 - opp_shed * W_OPP + pay * 1.0 + ctrl_p * W_CTRL
    if out:
        score += 100.0 + float(kitty) + others_cards
    # leading a low card of a long suit lets others shed; a short suit clears the hand
    return score, {"shed": shed_sure, "exp": exp_shed, "pay": pay, "control": control, "out": out}


def _obs_sets(obs):
    mine = {c >> 3 for c in obs.hand}
    gone = {c >> 3 for pl in obs.played for c in pl}
    unknown = 52 - len(mine) - len(gone)
    widow = 52 - sum(obs.hand_sizes) - len(gone)
    widow_p = widow / unknown if unknown > 0 else 0.0
    return mine, gone, widow_p


#: the hard level's own lead heuristic (``hard_lead_value``): its weights, tuned against
#: normal (a (1+1) evolution strategy, each step a 1,000- or 1,500-game duplicate duel);
#: played alone it beats normal by +3.35 +- 0.66 chips a game over 3,000 other games
HARD_W = {"sure": 0.209, "exp": -0.376, "opp": 0.779, "pay": 0.429, "ctrl": 1.908,
          "block": 2.072, "high": -1.112, "gap": -0.142, "len": 0.005}


def hard_lead_value(mine: set, stops: set, suit: int, low: int, widow_p: float, cells: dict,
                    kitty: float, others_cards: int, hand_size: int) -> float:
    """The hard level's score of leading ``suit`` from my lowest card ``low``.

    As ``lead_value`` (sure and expected sheds, the others' sheds, pay cards, keeping
    the lead, going out), with what the table has shown: ``stops`` are the faces that
    certainly stop a sequence (played, or known to be in the widow: ``infer_hidden``),
    and ``widow_p`` the chance that an unknown card is in the widow.  Two more terms:

    * *blocked*: my lowest card of the suit can leave my hand only by my own lead (a two,
      or the card below it stops; else the chance the card below is in the widow), so a
      lead is best spent on it (MG-5, MG-8);
    * a lower lead is better (high cards leave with the others' sequences);
    and a small term for the separate groups of the suit left above the run."""
    w = HARD_W
    shed_sure = 0
    f = low
    top = suit * 13 + 12  # the suit's ace
    pay = 0.0
    control = False
    while True:
        shed_sure += 1
        if f in PAY_CELL:
            pay += float(cells[PAY_CELL[f]])
        if f == top:
            control = True
            break
        nxt = f + 1
        if nxt in mine:
            f = nxt
            continue
        if nxt in stops:
            control = True
        break
    if shed_sure >= hand_size:  # MG-10: out at once
        return 100.0 + float(kitty) + others_cards + shed_sure + pay
    exp_shed, opp_shed, ctrl_p, pay = _run_on(mine, stops, f, top, control, widow_p, cells,
                                              pay)
    r = low % 13
    if r == 0 or (low - 1) in stops:
        blocked = 1.0
    elif (low - 1) in mine:  # (not a legal lead: the lowest card is led)
        blocked = 0.0
    else:
        blocked = widow_p
    n_suit = 0
    gaps = 0
    prev = f
    for q in sorted(mine):
        if q // 13 != suit:
            continue
        n_suit += 1
        if q > f:
            if q != prev + 1:
                gaps += 1
            prev = q
    return (shed_sure * w["sure"] + exp_shed * w["exp"] - opp_shed * w["opp"] + pay * w["pay"]
            + ctrl_p * w["ctrl"] + blocked * w["block"] + (r / 12.0) * w["high"]
            - gaps * w["gap"] + n_suit * w["len"])


def known_stops(gone: set) -> set:
    """The faces that certainly stop a sequence between sequences: the played ones and the
    card after every played card that is not followed (MG-7: it is in the widow)."""
    return gone | {f + 1 for f in gone if f % 13 != 12 and f + 1 not in gone}


def _normal_choice(mine: set, gone: set, lows: list[int], widow: int, cells: dict,
                   kitty: float, others: int) -> int:
    """``NormalMichigan``'s lead among ``lows`` (faces): the best ``lead_value``, ties to
    the lower card."""
    unknown = 52 - len(mine) - len(gone)
    widow_p = widow / unknown if unknown > 0 else 0.0
    return max(lows, key=lambda f: (lead_value(mine, gone, f // 13, f, widow_p, cells, kitty,
                                               others, len(mine))[0], -f))


def _hard_choice(mine: set, gone: set, lows: list[int], widow: int, cells: dict,
                 kitty: float, others: int) -> int:
    """The hard heuristic's lead among ``lows`` (``HardMichigan.heuristic_lead``)."""
    stops = known_stops(gone)
    unknown = 52 - len(mine) - len(stops)
    widow_p = (widow - (len(stops) - len(gone))) / unknown if unknown > 0 else 0.0
    return max(lows, key=lambda f: (hard_lead_value(mine, stops, f // 13, f, widow_p, cells,
                                                    kitty, others, len(mine)), -f))


class LeadEvent:
    """One lead of the deal so far, as ``lead_history`` replays it: ``seat`` led ``face``
    with ``gone`` (faces) played before it, ``later`` (faces) the cards that seat played
    from this lead on (the lead included), ``sizes`` every seat's card count then,
    ``stopped_suit`` the suit it had to leave if it could (MG-8; -1 the deal's first lead)
    and ``cells`` the pay cells' chips then (estimated for a cell taken since)."""

    __slots__ = ("seat", "face", "gone", "later", "sizes", "stopped_suit", "cells")

    def __init__(self, seat, face, gone, later, sizes, stopped_suit, cells):
        self.seat = seat
        self.face = face
        self.gone = gone
        self.later = later
        self.sizes = sizes
        self.stopped_suit = stopped_suit
        self.cells = cells


def lead_history(obs) -> list[LeadEvent]:
    """The leads of the running deal, replayed from the public record (MG-5 ... MG-8).

    The cards face up in front of each seat are in the order that seat played them, and
    the play between leads is forced (MG-6: the holder of the next card plays it), so the
    whole deal replays from them: the seat left of the dealer leads the first card of its
    row; the holder of the next face follows while that face was played and is the next
    of its holder's row; else the sequence stopped (MG-7) and its last player leads the
    next card of its row.  Returns the leads in order (``LeadEvent``); ``[]`` before the
    first lead, or for a record that does not replay (then nothing is inferred).  A pay
    cell taken since a lead is estimated from the taker's balance (its gain this deal,
    split equally between its pay cards when it took several)."""
    n = obs.num_players
    if obs.deal_over or obs.dealer < 0 or obs.hands_shown is not None:
        return []
    rows = [[c >> 3 for c in pl] for pl in obs.played]
    if not any(rows):
        return []
    holder = {f: p for p, r in enumerate(rows) for f in r}
    # the pay cells at the deal's start, for a cell taken since: the taker's gain this
    # deal (its balance now against the last deal's, less its ante of 6, MG-3, MG-9)
    prev = obs.results[-1].balances if obs.results else (0,) * n
    taken: dict[int, float] = {}
    for p in range(n):
        pays = [f for f in rows[p] if f in PAY_CELL]
        if pays:
            gain = max(0.0, float(obs.balances[p]) - (float(prev[p]) - 6.0))
            for f in pays:
                taken[f] = gain / len(pays)
    pos = [0] * n
    played: set = set()
    events: list[LeadEvent] = []
    p = (obs.dealer + 1) % n
    stopped = -1
    total = sum(len(r) for r in rows)
    while len(played) < total:
        if pos[p] >= len(rows[p]):
            return []                             # not a record this replay explains
        f = rows[p][pos[p]]
        sizes = tuple(obs.hand_sizes[q] + len(rows[q]) - pos[q] for q in range(n))
        cells = {}
        for face, cell in PAY_CELL.items():
            if face in played:
                cells[cell] = 0.0
            elif face in taken:
                cells[cell] = taken[face]
            else:
                cells[cell] = float(obs.layout[cell])
        events.append(LeadEvent(p, f, frozenset(played), frozenset(rows[p][pos[p]:]), sizes,
                                stopped, cells))
        while True:
            pos[p] += 1
            played.add(f)
            if f % 13 == 12:
                break
            g = f + 1
            q = holder.get(g)
            if q is None or g in played:
                break
            if pos[q] >= len(rows[q]) or rows[q][pos[q]] != g:
                return []
            p, f = q, g
        stopped = f // 13
    return events


def _lead_choices(obs, events: list[LeadEvent], loc):
    """The other seats' leads that had a choice, in the world ``loc`` (face -> seat, -1
    widow, -2 played): for each, ``(seat, lead, its hand then, the candidate leads, the
    widow's size, the other hands' cards)`` (MG-5: the lowest of each suit, not the
    stopped suit's when there is another)."""
    me = obs.seat
    held: dict[int, list[int]] = {}
    for f in range(52):
        x = loc[f]
        if x >= 0 and x != me:
            held.setdefault(x, []).append(f)
    for ev in events:
        s = ev.seat
        if s == me:
            continue
        mine = set(ev.later)
        mine.update(held.get(s, ()))
        lows: dict[int, int] = {}
        for f in sorted(mine):
            lows.setdefault(f // 13, f)
        if ev.stopped_suit >= 0 and len(lows) > 1:
            lows.pop(ev.stopped_suit, None)
        if len(lows) <= 1:
            continue
        widow = 52 - sum(ev.sizes) - len(ev.gone)
        yield s, ev, mine, list(lows.values()), widow, sum(ev.sizes) - len(mine)


def lead_misses(obs, events: list[LeadEvent], loc) -> dict[int, list[int]]:
    """For every other seat with a lead that had a choice (``lead_history``'s
    ``events``), in the world ``loc``: ``[leads the normal policy would not have chosen
    from that seat's hand then, leads the hard heuristic would not have chosen, leads
    weighed]`` (MG-5, MG-8).  The evidence of ``SearchMichigan``'s typed opponent model."""
    kitty = float(obs.kitty)
    out: dict[int, list[int]] = {}
    for s, ev, mine, cand, widow, others in _lead_choices(obs, events, loc):
        m = out.setdefault(s, [0, 0, 0])
        m[0] += _normal_choice(mine, ev.gone, cand, widow, ev.cells, kitty, others) != ev.face
        m[1] += _hard_choice(mine, ev.gone, cand, widow, ev.cells, kitty, others) != ev.face
        m[2] += 1
    return out


def lead_weight(obs, events: list[LeadEvent], loc, eps: float = 0.15) -> float:
    """How well the world ``loc`` (face -> seat, -1 widow, -2 played) explains the other
    seats' leads ``events`` (``lead_history``): the product over their leads of 1 when
    the lead is the one the normal policy (``lead_value``) or the hard heuristic
    (``hard_lead_value``) would choose from that seat's hand then in this world, else
    ``eps`` (a player that leads otherwise).  A lead with no choice counts 1.  In
    (0, 1]; the opponent model of ``SearchMichigan`` (MG-5, MG-8)."""
    w = 1.0
    kitty = float(obs.kitty)
    for _s, ev, mine, cand, widow, others in _lead_choices(obs, events, loc):
        if _normal_choice(mine, ev.gone, cand, widow, ev.cells, kitty, others) == ev.face:
            continue
        if _hard_choice(mine, ev.gone, cand, widow, ev.cells, kitty, others) == ev.face:
            continue
        w *= eps
    return w


class NormalMichigan(BasePlayer):
    """Leads by ``lead_value``: sure sheds, pay cards, keeping the lead, going out."""

    level = "normal"

    def __init__(self, variant: str = "michigan", options: dict | None = None):
        self.variant = "michigan"

    def lead_scores(self, obs, legal):
        mine, gone, widow_p = _obs_sets(obs)
        cells = dict(obs.layout)
        others = sum(obs.hand_sizes) - len(obs.hand)
        out = []
        for a in legal:
            f = a.card
            sc, parts = lead_value(mine, gone, f // 13, f, widow_p, cells, obs.kitty, others,
                                   len(obs.hand))
            out.append((sc, a, parts))
        return out

    def decide(self, obs, legal, rng):
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            a = legal[0]
            if a.type == "play":
                return a, Message("must_play", card=a.card)
            return a, Message("lead_only_suit", card=a.card)
        scored = self.lead_scores(obs, legal)
        scored.sort(key=lambda t: (-t[0], t[1].card))
        sc, a, parts = scored[0]
        return a, self.reason(a, parts)

    @staticmethod
    def reason(a, parts) -> Message:
        f = a.card
        s = f // 13
        bits = []
        if parts["out"]:
            return Message("lead_out", card=f)
        if parts["shed"] > 1:
            bits.append(Message("bit_runs", n=parts["shed"], suit=s))
        if parts["pay"] >= 1:
            # the led card may be the pay card itself: then it takes the cell at once
            bits.append(Message("bit_pay_self" if f in PAY_CELL else "bit_pay"))
        if parts["control"]:
            bits.append(Message("bit_control"))
        if not bits:
            bits.append(Message("bit_low", suit=s))
        return Message("lead_bits", card=f, bits=tuple(bits))


class EasyMichigan(NormalMichigan):
    """Half the time leads a suit on a whim (any legal lead) instead of weighing them."""

    level = "easy"

    def __init__(self, variant: str = "michigan", options: dict | None = None, mistake: float = 0.5):
        super().__init__(variant, options)
        self.mistake = mistake

    def decide(self, obs, legal, rng):
        if len(legal) > 1 and rng.random() < self.mistake:
            a = legal[rng.randrange(len(legal))]  # a suit on a whim
            return a, Message("easy_lead_whim", card=a.card, suit=a.card // 13)
        return super().decide(obs, legal, rng)


# ---------------------------------------------------------------------- search
class _World:
    """A fully known deal for rollouts: where every face is (seat, -1 widow, -2 played)."""

    __slots__ = ("n", "loc", "hands", "cells", "kitty", "gain", "played")

    def __init__(self, n, loc, cells, kitty):
        self.n = n
        self.loc = loc
        self.hands = [0] * n
        for f in range(52):
            if loc[f] >= 0:
                self.hands[loc[f]] += 1
        self.cells = dict(cells)
        self.kitty = kitty
        self.gain = [0.0] * n


def _policy_lead(w: _World, p: int, stopped_suit: int) -> int:
    """The normal policy from seat ``p``'s point of view in a rollout (it only uses what
    ``p`` could see: its own cards and the played ones)."""
    loc = w.loc
    mine = set()
    gone = set()
    widow = 0
    lows: dict[int, int] = {}
    for f in range(52):                  # (one pass: faces ascending, so a suit's first
        x = loc[f]                       # card met is its lowest)
        if x == p:
            mine.add(f)
            if f // 13 not in lows:
                lows[f // 13] = f
        elif x == -2:
            gone.add(f)
        elif x == -1:
            widow += 1
    unknown = 52 - len(mine) - len(gone)
    widow_p = widow / unknown if unknown else 0.0
    if stopped_suit >= 0 and len(lows) > 1:
        lows.pop(stopped_suit, None)
    others = sum(w.hands) - w.hands[p]
    best = None
    for s, low in lows.items():
        sc, _ = lead_value(mine, gone, s, low, widow_p, w.cells, w.kitty, others, len(mine))
        if best is None or sc > best[0]:
            best = (sc, low)
    assert best is not None  # the seat holds a suit to lead
    return best[1]


def _hard_lead(w: _World, p: int, stopped_suit: int) -> int:
    """The hard heuristic (``hard_lead_value``) from seat ``p``'s point of view in a
    rollout: its own cards, the played ones and the stops they show."""
    loc = w.loc
    mine = set()
    gone = set()
    widow = 0
    for f in range(52):
        x = loc[f]
        if x == p:
            mine.add(f)
        elif x == -2:
            gone.add(f)
        elif x == -1:
            widow += 1
    stops = known_stops(gone)
    known = len(stops) - len(gone)
    unknown = 52 - len(mine) - len(stops)
    widow_p = (widow - known) / unknown if unknown > 0 else 0.0
    lows: dict[int, int] = {}
    for f in sorted(mine):
        lows.setdefault(f // 13, f)
    if stopped_suit >= 0 and len(lows) > 1:
        lows.pop(stopped_suit, None)
    others = sum(w.hands) - w.hands[p]
    best = None
    for s, low in lows.items():             # (suits ascending: ``sorted(mine)``)
        sc = hard_lead_value(mine, stops, s, low, widow_p, w.cells, w.kitty, others, len(mine))
        if best is None or sc > best[0]:
            best = (sc, low)
    assert best is not None  # the seat holds a suit to lead
    return best[1]


def rollout(w: _World, leader: int, first: int | None, stopped_suit: int,
            me: int = -1, hard: frozenset[int] | set[int] = frozenset()) -> list[float]:
    """Play the deal out from a lead by ``leader`` (``first``: its chosen lead face, or
    the policy's); returns each seat's chip gain (pay cells, kitty, card payments).
    Every seat leads by the normal policy, except ``me`` (the searching hard player, if
    given), whose later leads are its own heuristic's (``hard_lead_value``), as are those
    of the seats in ``hard`` (the ones the opponent model takes for hard players)."""
    loc = w.loc
    p = leader
    lead = first
    while True:
        if lead is None:
            lead = _hard_lead(w, p, stopped_suit) if (p == me or p in hard) \
                else _policy_lead(w, p, stopped_suit)
        f = lead
        lead = None
        while True:
            loc[f] = -2
            w.hands[p] -= 1
            cell = PAY_CELL.get(f)
            if cell is not None and w.cells[cell]:
                w.gain[p] += float(w.cells[cell])
                w.cells[cell] = 0
            if w.hands[p] == 0:  # MG-10
                g = float(w.kitty)
                for o in range(w.n):
                    if o != p:
                        w.gain[o] -= w.hands[o]
                        g += w.hands[o]
                w.gain[p] += g
                return w.gain
            if f % 13 == 12:
                break
            nxt = f + 1
            h = loc[nxt]
            if h < 0:
                break
            p = h
            f = nxt
        stopped_suit = f // 13


class HardMichigan(NormalMichigan):
    """Determinized search: deal the unseen cards to the other hands and the widow at
    random, consistent with the observation (the hand sizes, the widow cards the stops
    have shown and the cards a lead shows its leader lacks: ``infer_hidden``), play each
    lead out (the others by the normal policy, this seat's later leads by its own
    heuristic, ``hard_lead_value``), keep the best mean result (``value_in_world``).

    Args:
        budget_ms: budget per decision in CPU ms of this thread (``Budget``, default 300).
        samples: worlds per lead at most (the decision is the same for the same rng and
            observation as long as the budget is not hit).
    """

    level = "hard"

    #: the heuristic's lead stands unless another beats it by ``z`` standard errors
    #: (``pick``); ``None``: the best mean
    z: float | None = None
    #: a lead's value counts this seat's share of the cells left (``value_in_world``)
    share_left = False
    #: the other seats rolled out by the hard heuristic, not the normal policy
    hard_seats: frozenset[int] = frozenset()

    def __init__(self, variant: str = "michigan", options: dict | None = None,
                 budget_ms: float = 300.0, samples: int = 60):
        super().__init__(variant, options)
        self.budget_ms = budget_ms
        self.samples = samples
        self._rules = MichiganRules()

    def sample_loc(self, obs, rng: random.Random) -> list[int]:
        """Where every face is in one world consistent with ``obs``: seat numbers,
        ``-1`` the widow, ``-2`` played.  The unseen cards are dealt at random to the other
        hands (in their sizes) and the widow, respecting what the table has shown
        (``infer_hidden``): cards known to be in the widow go there, and no seat gets a
        card it cannot hold: the rules' own ``sample_world``."""
        return list(self._rules.sample_world(obs, rng).loc)

    def value_in_world(self, obs, loc: list[int], cells: dict, lead: int,
                       stopped_suit: int) -> float:
        """This seat's chips from leading ``lead`` in the world ``loc``: the deal played
        out (``rollout``), its gain (pay cells, the kitty, the card payments); with
        ``share_left``, plus its equal share of the cells left on the layout (they carry
        over and are shared at the session's end, MG-10, MG-11)."""
        me = obs.seat
        w = _World(obs.num_players, list(loc), cells, obs.kitty)
        v = rollout(w, me, lead, stopped_suit, me, self.hard_seats)[me]
        if self.share_left:
            v += sum(float(c) for c in w.cells.values()) / obs.num_players
        return v

    def heuristic_lead(self, obs, legal):
        """The lead ``hard_lead_value`` scores best from this observation."""
        mine = {c >> 3 for c in obs.hand}
        gone = {c >> 3 for pl in obs.played for c in pl}
        stops = known_stops(gone)
        unknown = 52 - len(mine) - len(stops)
        widow_p = (52 - sum(obs.hand_sizes) - len(stops)) / unknown if unknown > 0 else 0.0
        others = sum(obs.hand_sizes) - len(obs.hand)
        cells = dict(obs.layout)
        return max(legal, key=lambda a: (hard_lead_value(
            mine, stops, a.card // 13, a.card, widow_p, cells, obs.kitty, others, len(mine)),
            -a.card))

    def pick(self, obs, legal, per: dict):
        """The lead to play from the per-world values ``per`` (lead -> [chips]): the best
        mean; with ``z``, the heuristic's lead unless another beats it by more than ``z``
        standard errors of the paired difference."""
        if self.z is None or len(next(iter(per.values()))) < 4:
            return max(legal, key=lambda a: (sum(per[a]), -a.card))
        base = self.heuristic_lead(obs, legal)
        best, best_lb = base, 0.0
        n = len(per[base])
        for a in legal:
            if a == base:
                continue
            d = [x - y for x, y in zip(per[a], per[base])]
            m = sum(d) / n
            var = sum((x - m) ** 2 for x in d) / (n - 1)
            lb = m - self.z * math.sqrt(var / n)
            if lb > best_lb:
                best, best_lb = a, lb
        return best

    def decide(self, obs, legal, rng):
        if len(legal) <= 1:
            return super().decide(obs, legal, rng)
        stopped_suit = obs.sequence[0] if (obs.sequence is not None and obs.stopped) else -1
        cells = dict(obs.layout)
        per: dict = {a: [] for a in legal}
        budget = Budget(self.budget_ms)     # CPU time of this thread (``Budget``)
        done = 0
        for _ in range(self.samples):
            loc = self.sample_loc(obs, rng)
            for a in legal:
                per[a].append(self.value_in_world(obs, loc, cells, a.card, stopped_suit))
            done += 1
            if budget.over():
                break
        #: what this decision evaluated (benchmarks.decisions)
        self.last_stats = {"worlds": done, "rollouts": done * len(legal)}
        return self.explain(obs, legal, self.pick(obs, legal, per), per)

    def explain(self, obs, legal, best, per: dict):
        """``(best, reason)``: why (normal's parts of the lead) and the chips it expects."""
        parts = {t[1]: t[2] for t in self.lead_scores(obs, legal)}[best]
        n = len(per[best])
        return best, Message("expects", why=self.reason(best, parts), chips=sum(per[best]) / n,
                             n=n)


__all__ = ["NormalMichigan", "EasyMichigan", "HardMichigan", "infer_hidden", "lead_value",
           "hard_lead_value", "known_stops", "rollout", "lead_history", "lead_weight",
           "lead_misses", "LeadEvent"]
