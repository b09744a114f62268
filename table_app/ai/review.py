"""The coach (issue 21): review one seat's decisions in a recorded deal.

For each decision of that seat (take or pass the upcard, call/buy or not, go down or
wait, lay off, discard; Michigan Rummy's leads) the review looks only at what the seat
saw: the engine rebuilds the state before the decision and the review takes
``rules.observe(state, seat)`` and the seat's legal actions from it, never the state
itself (``review_decision`` gets the observation and the legal list alone).  From the
observation it

* asks the hard level (``make_player("hard", ...)``, its own search at a share of the
  budget) and the normal level what they would play: with the move played (and, for a
  Michigan lead or a draw, every legal move; for a discard normal's next best ones) they
  are the candidates;
* imagines ``worlds`` (``rules.sample_world(observation, rng)``: the cards the seat has
  not seen dealt at random where it cannot see) and plays every candidate out in each
  world to the end of the deal with the normal policy at every seat (common random
  numbers: the same world and the same dice for every candidate, so the differences are
  paired);
* reports the expected points the move played lost against the best candidate
  (contract games: points scored in the deal, CF-15; Michigan Rummy: chips won in the
  deal, MG-9, MG-10), with the 95% interval of that estimate (Student's t on the paired
  differences) and the number of worlds.  With two or more alternatives the best is
  chosen on half of the worlds and its loss measured on the other half, so the choice
  does not inflate the estimate.

A move is called a mistake only when the interval lies wholly above zero (the loss is
outside its own noise); otherwise ``points_lost`` is 0 and ``better`` is ``None``.

The CPU budget (``budget_ms``, CPU ms of the reviewing thread per decision,
``ai.budget.Budget``; by default also at most ``deal_budget_ms`` for a deal's decisions
together) stops the worlds early; ``worlds=N`` plays exactly N worlds (a result that
depends on the seed only: the tests).

Functions:
    ``review_decision(rules, obs, legal, played, ...) -> DecisionReview``
    ``review_state(rules, state, seat, played, ...)``: the same from a state (it only
    takes the seat's observation and legal actions from it).
    ``review_record(record, seat, deal=None, ...) -> Review``: every decision of ``seat``.
    ``name_seats(reason, names)``: a reason that speaks of another seat ("the next
    player") with that seat named from the record's header ("Ann").
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..core.actions import DealEnd, Extension, GameEnd
from ..core.errors import IllegalActionError
from ..core.messages import Message
from .budget import Budget

#: the default budget per decision (CPU ms of the reviewing thread)
DEFAULT_BUDGET_MS = 250.0
#: the default budget of one deal's review (CPU ms): a long deal's decisions get less
#: than ``DEFAULT_BUDGET_MS`` each (never below ``MIN_DECISION_MS``), so reviewing a deal
#: takes about 8 s of CPU at most (issue 21's goal: 10 s)
DEFAULT_DEAL_BUDGET_MS = 8000.0
MIN_DECISION_MS = 40.0
#: the hard level's share of a decision's budget (the rest plays the worlds out)
HARD_SHARE = 0.25
#: worlds per decision at least (past the budget) and at most
MIN_WORLDS = 6
MAX_WORLDS = 200
#: candidates per decision at most (the move played included)
MAX_CANDIDATES = 4
#: a rollout's safety cap (player actions)
MAX_STEPS = 3000

# Student's t (two-sided 95%) by degrees of freedom; 1.96 past the table
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04, 40: 2.02, 60: 2.00,
        120: 1.98}


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (the
    nearest tabulated ``df`` at or below; 1.96 past 120)."""
    if df < 1:
        return math.inf
    if df > 120:
        return 1.96
    return next(_T95[k] for k in sorted(_T95, reverse=True) if df >= k)


def mean_interval(xs: list[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of ``xs`` and its 95% interval (t on the sample's
    spread); the interval is infinite with fewer than two values."""
    n = len(xs)
    if n == 0:
        return 0.0, -math.inf, math.inf
    m = sum(xs) / n
    if n < 2:
        return m, -math.inf, math.inf
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = t95(n - 1) * math.sqrt(var / n)
    return m, m - h, m + h


@dataclass
class DecisionReview:
    """One decision reviewed.

    Attributes:
        played, better: the actions (``better`` ``None`` unless a mistake).
        played_text, better_text: the moves as ``Message`` s (``i18n.hints``).
        points_lost: the estimate when a mistake, else 0 (points; Michigan: chips).
        estimate: the estimated loss against the best alternative (may be negative:
            the move played looked best), with ``low``/``high`` its 95% interval.
        worlds: worlds the estimate is measured on (``worlds_total``: all played out).
        mistake: ``low > 0``.
        reason: why, a ``Message`` (``i18n.hints``).
        index, line, deal: the event's index in the record, its file line and the deal
            (from 1), when reviewed from a record.
        cpu_ms: CPU ms the review of this decision took; ``budget_ms`` the budget it
            was given (``review_engine``: its share of a deal's; 0 when not known).  A
            decision plays at least ``MIN_WORLDS`` worlds, so ``cpu_ms`` can exceed a
            small budget.
    """
    played: Any
    better: Any
    played_text: Message
    better_text: Message | None
    points_lost: float
    estimate: float
    low: float
    high: float
    worlds: int
    worlds_total: int
    mistake: bool
    reason: Message
    candidates: int = 1
    index: int = -1
    line: int | None = None
    deal: int = 0
    cpu_ms: float = 0.0
    alternative: Any = None
    budget_ms: float = 0.0

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The ``review --json`` entry (README): ``line deal played better points_lost
        reason`` and the estimate's ``estimate interval worlds mistake``."""
        from ..i18n.hints import hint_reason

        def num(x: float) -> float | None:
            return None if not math.isfinite(x) else round(x, 2)
        return {"line": self.line, "deal": self.deal,
                "played": hint_reason(self.played_text, lang),
                "better": hint_reason(self.better_text, lang) if self.better_text else None,
                "points_lost": round(self.points_lost, 2),
                "reason": hint_reason(self.reason, lang),
                "estimate": num(self.estimate), "interval": [num(self.low), num(self.high)],
                "worlds": self.worlds, "mistake": self.mistake,
                "budget_ms": round(self.budget_ms, 1), "cpu_ms": round(self.cpu_ms, 1)}


@dataclass
class Review:
    """Every reviewed decision of one seat (``decisions``, in order) and the total."""
    seat: int
    decisions: list[DecisionReview] = field(default_factory=list)
    cpu_s: float = 0.0
    cancelled: bool = False
    variant: str = ""
    budget_ms: float = 0.0
    deal_budget_ms: float | None = None

    @property
    def points_lost_total(self) -> float:
        return sum(d.points_lost for d in self.decisions)

    def costliest(self, k: int = 5) -> list[DecisionReview]:
        """The ``k`` mistakes that lost the most, costliest first."""
        ms = [d for d in self.decisions if d.mistake]
        return sorted(ms, key=lambda d: (-d.points_lost, d.index))[:k]

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """``{"seat": N (from 1), "decisions": [...], "points_lost_total": X}`` and the
        budget as it was used: ``budget_ms`` (asked a decision), ``deal_budget_ms`` (the
        cap of a deal's decisions together, or ``None``), ``min_worlds`` (the floor a
        decision plays whatever the budget), ``cpu_s`` (CPU seconds the review took) and
        ``cpu_ms_a_decision`` (their mean a decision)."""
        n = len(self.decisions)
        return {"seat": self.seat + 1, "decisions": [d.to_json(lang) for d in self.decisions],
                "points_lost_total": round(self.points_lost_total, 2),
                "budget_ms": round(self.budget_ms, 1),
                "deal_budget_ms": (None if self.deal_budget_ms is None
                                   else round(self.deal_budget_ms, 1)),
                "min_worlds": MIN_WORLDS, "cpu_s": round(self.cpu_s, 3),
                "cpu_ms_a_decision": round(self.cpu_s * 1000.0 / n, 1) if n else 0.0}


# ---------------------------------------------------------------------- move texts
def move_text(action: Any, obs: Any = None) -> Message:
    """A move in words (a ``Message`` of ``i18n.hints``): ``"took 7♠"``, ``"led J♠"``."""
    t = action.type
    card = getattr(action, "card", None)
    up = getattr(obs, "upcard", None)
    up_face = None if up is None else up >> 3
    if t == "draw":
        if action.source == "discard" and up_face is not None:
            return Message("rv_took", card=up_face)
        return Message("rv_drew")
    if t == "pass_upcard":
        return Message("rv_passed", card=up_face) if up_face is not None else Message("rv_drew")
    if t in ("buy", "pass_buy"):
        from ..variants.specs import SPECS, Buying
        bc = getattr(obs, "buy_card", None)
        face = (bc >> 3) if bc is not None else up_face
        v = getattr(obs, "variant", None)
        call = v in SPECS and SPECS[v].buying is Buying.CALL
        if t == "buy":
            return Message("rv_called" if call else "rv_bought", card=face)
        return Message("rv_no_call" if call else "rv_no_buy", card=face)
    if t == "go_down":
        return Message("rv_went_down")
    if t == "lay_off":
        return Message("rv_laid_off", card=card)
    if t == "swap":
        return Message("rv_swapped", card=card)
    if t == "discard":
        return Message("rv_discarded", card=card)
    if t == "lead":
        return Message("rv_led", card=card)
    if t == "play":
        return Message("rv_played", card=card)
    return Message("rv_move", code=str(t))


# ---------------------------------------------------------------------- the review
def _is_michigan(rules: Any) -> bool:
    return bool(getattr(rules.spec, "layout", False))


#: the rollout policies a review can play its worlds out with (``rollout_policy``)
ROLLOUTS = ("normal", "hard")


def rollout_policy(rules: Any, kind: str = "normal", budget_ms: float = 5.0) -> Any:
    """The policy every seat plays a world out with: ``"normal"`` (the normal level, its
    cheaper discard: the review's default) or ``"hard"`` (the hard level at ``budget_ms``
    CPU ms a decision: about 17 times the CPU of a normal rollout; the benchmark's
    yardstick that is not normal's own judgement)."""
    from . import make_player
    from .contract_search import FastNormal
    from .michigan_ai import NormalMichigan
    michigan = _is_michigan(rules)
    if kind == "normal":
        return NormalMichigan() if michigan else FastNormal(rules.variant, dict(rules.options))
    if kind == "hard":
        return make_player("hard", rules.variant, budget_ms=budget_ms,
                           options=None if michigan else dict(rules.options))
    raise ValueError(f"unknown rollout policy {kind!r} (one of {', '.join(ROLLOUTS)})")


class _Policies:
    """The players the review asks (built once per review: they cache their contexts)."""

    def __init__(self, rules: Any, budget_ms: float, rollout: str = "normal",
                 rollout_budget_ms: float = 5.0):
        from . import make_player
        v = rules.variant
        opts = dict(rules.options)
        self.michigan = _is_michigan(rules)
        self.hard = make_player("hard", v, budget_ms=max(1.0, budget_ms * HARD_SHARE),
                                options=None if self.michigan else opts)
        self.normal = make_player("normal", v, options=None if self.michigan else opts)
        self.rollout = rollout_policy(rules, rollout, rollout_budget_ms)


def _cost(rules: Any, st: Any, seat: int, obs: Any, policy: Any, rng: random.Random) -> float:
    """Play ``st`` out to the end of the deal with ``policy`` at every seat; the cost to
    ``seat``: the points it scores in the deal (contract games, CF-15), or minus the
    chips it wins in the deal (Michigan, MG-9, MG-10)."""
    steps = 0
    while True:
        de = rules.deal_end(st)
        if de is not None:
            return _deal_cost(de, seat, obs)
        if steps >= MAX_STEPS:
            break
        fa = rules.forced_action(st)
        if fa is None:
            ta = rules.to_act(st)
            if ta is None:
                break
            legal = rules.legal_actions(st)
            if not legal:
                break
            fa = policy.decide(rules.observe(st, ta[0]), legal, rng)[0]
        for ev in rules.pre_events(st, fa, rng):
            st = rules.apply(st, ev)
        st = rules.apply(st, fa)
        steps += 1
    # capped (never seen in play): the cards in hand as they stand
    if _is_michigan(rules):
        return float(len(st.hands[seat]))
    from ..core.cards import JOKER
    return float(sum(50 if (c >> 3) == JOKER else 10 for c in st.hands[seat]))


def _deal_cost(de: DealEnd, seat: int, obs: Any) -> float:
    if de.scores is not None:
        return float(de.scores[seat])
    bal = Fraction(de.balances[seat]) if de.balances else Fraction(0)
    return -float(bal - Fraction(obs.balances[seat]))


def _candidates(pol: _Policies, obs: Any, legal: list, played: Any,
                rng_seed: int) -> tuple[list[Any], Any, Any]:
    """``(candidates, hard's choice, its reason)``: the move played first, then hard's
    and normal's choices, then (a draw, a buy, a lead: every legal move; a discard:
    normal's next best) up to ``MAX_CANDIDATES``."""
    out = [played]

    def add(a: Any) -> None:
        if a is not None and a not in out and len(out) < MAX_CANDIDATES:
            out.append(a)
    hard_a, hard_why = pol.hard.decide(obs, legal, random.Random(rng_seed))
    add(hard_a)
    add(pol.normal.decide(obs, legal, random.Random(rng_seed + 1))[0])
    if pol.michigan or obs.phase in ("draw", "buy"):
        for a in legal:
            add(a)
    elif obs.phase == "play":   # go down, lay off or discard: the best discards too
        scored = pol.normal.discard_scores(obs, legal)
        scored.sort(key=lambda t: (t[0], t[1].card))
        for _sc, a, _n in scored:
            add(a)
    return out, hard_a, hard_why


def world_seed(seed: int, k: int) -> int:
    """The seed of world ``k`` of a decision reviewed with ``seed``."""
    return (seed * 1_000_003 + 7919 * k) & 0xFFFFFFFFFFFF


def world_costs(rules: Any, obs: Any, cands: list[Any], wseed: int, policy: Any) -> list[float]:
    """One world sampled from ``obs`` (``rules.sample_world``, seeded ``wseed``) and every
    candidate played out in it to the end of the deal with ``policy`` at every seat, the
    same world and the same dice for each (common random numbers): the cost to the seat
    of each (``_cost``; ``nan`` for a candidate this world refuses).

    Raises:
        ValueError: the observation admits no world.
    """
    world = rules.sample_world(obs, random.Random(wseed))
    row = []
    for a in cands:
        st = world
        r = random.Random(wseed + 1)
        try:
            for ev in rules.pre_events(st, a, r):
                st = rules.apply(st, ev)
            rules.check(st, a)
        except (IllegalActionError, ValueError):  # this world refuses it: no candidate
            row.append(math.nan)
            continue
        st = rules.apply(st, a)
        row.append(_cost(rules, st, obs.seat, obs, policy, r))
    return row


def review_decision(rules: Any, obs: Any, legal: list, played: Any, *,
                    budget_ms: float = DEFAULT_BUDGET_MS, seed: int = 0,
                    worlds: int | None = None, policies: _Policies | None = None,
                    cancelled: Callable[[], bool] | None = None) -> DecisionReview:
    """Review one decision from the seat's observation alone.

    Args:
        rules: the variant's rules (``sample_world``, ``apply``, ...).
        obs: the seat's observation before the decision (``rules.observe``).
        legal: the seat's legal actions there.
        played: the action the seat took.
        budget_ms: CPU ms of this thread for the decision (``Budget``): the hard level
            searches a quarter of it, the worlds the rest (at least ``MIN_WORLDS``).
        seed: seeds the worlds and the rollouts' dice.
        worlds: play exactly this many worlds (no budget: a seed-only result).
        cancelled: asked between worlds; ``True`` stops early.

    Returns:
        a ``DecisionReview`` (points; Michigan: chips).
    """
    t0 = time.thread_time()
    budget = Budget(budget_ms)
    pol = policies or _Policies(rules, budget_ms)
    if hasattr(pol.hard, "budget_ms"):   # the hard level's own search: its share
        pol.hard.budget_ms = max(1.0, budget_ms * HARD_SHARE)
    cands, hard_a, _hard_why = _candidates(pol, obs, legal, played, seed)
    if len(cands) == 1:
        return DecisionReview(played, None, move_text(played, obs), None, 0.0, 0.0, 0.0, 0.0,
                              0, 0, False, Message("rv_only_move"), 1,
                              cpu_ms=(time.thread_time() - t0) * 1000.0)
    costs: list[list[float]] = []
    k = 0
    while True:
        if worlds is not None:
            if k >= worlds:
                break
        elif k >= MAX_WORLDS or (k >= MIN_WORLDS and budget.over()):
            break
        if cancelled is not None and cancelled():
            break
        try:
            row = world_costs(rules, obs, cands, world_seed(seed, k), pol.rollout)
        except ValueError:
            break
        costs.append(row)
        k += 1
    n = len(costs)
    alts = [j for j in range(1, len(cands))
            if all(not math.isnan(c[j]) for c in costs)]
    played_t = move_text(played, obs)
    cpu = lambda: (time.thread_time() - t0) * 1000.0  # noqa: E731
    if n < 2 or not alts or any(math.isnan(c[0]) for c in costs):
        return DecisionReview(played, None, played_t, None, 0.0, 0.0, -math.inf, math.inf,
                              n, n, False, Message("rv_too_few", n=n), len(cands), cpu_ms=cpu())
    if len(alts) == 1:
        best, est_rows = alts[0], costs
    else:
        # choose on the even worlds, measure on the odd ones (no selection bias)
        pick = costs[0::2]
        best = min(alts, key=lambda j: (sum(c[j] for c in pick) / len(pick),
                                        cands[j] != hard_a, j))
        est_rows = costs[1::2]
    diffs = [c[0] - c[best] for c in est_rows]
    m, lo, hi = mean_interval(diffs)
    alt = cands[best]
    mistake = lo > 0
    reason = _reason(pol, obs, played, alt, m, lo, hi, len(diffs), mistake)
    return DecisionReview(played, alt if mistake else None, played_t,
                          move_text(alt, obs) if mistake else None,
                          m if mistake else 0.0, m, lo, hi, len(diffs), n, mistake, reason,
                          len(cands), cpu_ms=cpu(), alternative=alt)


def _amount(x: float) -> str:
    return f"{x:.1f}"


def _reason(pol: _Policies, obs: Any, played: Any, alt: Any, m: float, lo: float, hi: float,
            n: int, mistake: bool) -> Message:
    """Why, in words: the cost and the situation that explains it."""
    if not mistake:
        half = (hi - lo) / 2 if math.isfinite(hi - lo) else 0.0
        return Message("rv_within_noise_chips" if pol.michigan else "rv_within_noise",
                       amount=_amount(m), spread=_amount(half), n=n)
    amt = _amount(m)
    if pol.michigan:
        why = _michigan_why(obs, played, alt)
        if why is not None:
            return Message("rv_mg_pay", card=played.card, card2=alt.card, card3=why,
                           amount=amt, n=n)
        return Message("rv_mg_cost", card=played.card, card2=alt.card, amount=amt, n=n)
    t = played.type
    if obs.phase == "draw" and alt.type == "draw" and alt.source == "discard":
        if pol.hard.upcard_completes(obs):   # (CF-7: the rules' own go-down search)
            return Message("rv_passed_completing", card=obs.upcard >> 3,
                           contract=obs.contract_terms, amount=amt, n=n)
    if t == "discard":
        nxt = (obs.seat + 1) % obs.num_players
        if obs.down[nxt] and pol.normal.playable(obs, played.card):
            return Message("rv_fed_layoff", card=played.card, n2=obs.hand_sizes[nxt],
                           seat=nxt, amount=amt, n=n)
        if alt.type == "discard":
            ctx = pol.normal.ctx(obs)
            near = [(obs.hand_sizes[o], (o - obs.seat) % obs.num_players, o)
                    for o in range(obs.num_players) if o != obs.seat and obs.down[o]]
            if near and min(near)[0] <= 3 and ctx.value(alt.card) > ctx.value(played.card):
                k, _after, o = min(near)   # the down player with the fewest cards (the
                #                            first after this seat of those)
                return Message("rv_kept_high", card=alt.card, n2=k, seat=o, amount=amt, n=n)
    return Message("rv_cost", played=move_text(played, obs), better=move_text(alt, obs),
                   amount=amt, n=n)


#: the reasons that speak of another seat (their ``seat`` parameter), named by
#: ``name_seats`` as ``<id>_named`` (``name``) or ``<id>_you`` (the person playing)
SEAT_REASONS = ("rv_fed_layoff", "rv_kept_high")


def name_seats(reason: Message, names: list[str] | None) -> Message:
    """``reason`` with the seat it speaks of named (the record's header gives the players'
    names: public, unlike the cards): ``Message("rv_kept_high", seat=2, ...)`` ->
    ``Message("rv_kept_high_named", name="Ann", ...)`` ("kept K♠ with Ann down on 2
    cards"), or its ``_you`` form when that seat is the person playing (a name that is
    "You" in one of the app's languages, ``i18n.is_you``).  A reason of no other seat,
    no ``names``, or a seat they lack: ``reason`` as it is."""
    if reason.id not in SEAT_REASONS or not names:
        return reason
    p = reason.params
    seat = p.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(names) or not names[seat]:
        return reason
    from ..i18n import is_you
    name = str(names[seat])
    you = is_you(name)
    c, k, amt, n = p.get("card"), p.get("n2"), p.get("amount"), p.get("n")
    if reason.id == "rv_fed_layoff":
        return (Message("rv_fed_layoff_you", card=c, n2=k, amount=amt, n=n) if you else
                Message("rv_fed_layoff_named", card=c, n2=k, name=name, amount=amt, n=n))
    return (Message("rv_kept_high_you", card=c, n2=k, amount=amt, n=n) if you else
            Message("rv_kept_high_named", card=c, n2=k, name=name, amount=amt, n=n))


def _michigan_why(obs: Any, played: Any, alt: Any) -> int | None:
    """The pay card (a face) of the better lead's suit in this seat's hand whose cell
    holds chips (MG-9), when the move played leads another suit, else ``None``."""
    from .michigan_ai import PAY_CELL
    if alt.card // 13 == played.card // 13:
        return None
    cells = dict(obs.layout)
    for c in obs.hand:
        f = c >> 3
        if f // 13 == alt.card // 13 and f in PAY_CELL and cells.get(PAY_CELL[f], 0) > 0:
            return f
    return None


def review_state(rules: Any, state: Any, seat: int, played: Any, **kw: Any) -> DecisionReview:
    """``review_decision`` on ``seat``'s observation of ``state`` and its legal actions:
    nothing else of the state is read."""
    from .player import legal_for_obs
    return review_decision(rules, rules.observe(state, seat), legal_for_obs(rules, state, seat),
                           played, **kw)


def seat_decisions(engine: Any, seat: int, deal: int | None = None) -> list[tuple[int, int]]:
    """``(event index, deal from 1)`` of every decision of ``seat`` in a replayed
    ``engine`` (``auto=False``: ``states[i]`` is the state before ``log[i]``) with more
    than one legal move, in deal ``deal`` (from 1) or all deals."""
    from ..core.actions import Deal
    rules = engine.rules
    out = []
    k = 0
    for i, ev in enumerate(engine.log):
        if isinstance(ev, Deal):
            k += 1
            continue
        if isinstance(ev, (Extension, DealEnd, GameEnd)) or engine.forced[i]:
            continue
        if getattr(ev, "player", None) != seat or (deal is not None and k != deal):
            continue
        st = engine.states[i]
        ta = rules.to_act(st)
        if ta is None or ta[0] != seat:
            continue
        if len(rules.legal_actions(st)) <= 1:
            continue
        out.append((i, k))
    return out


def review_engine(engine: Any, seat: int, deal: int | None = None, *,
                  budget_ms: float = DEFAULT_BUDGET_MS,
                  deal_budget_ms: float | None = DEFAULT_DEAL_BUDGET_MS, seed: int = 0,
                  worlds: int | None = None, lines: list[int] | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] | None = None,
                  names: list[str] | None = None) -> Review:
    """Review every decision of ``seat`` (from 0) in a replayed engine (``auto=False``),
    in deal ``deal`` (from 1) or all.  Each decision gets ``budget_ms`` CPU ms, or, when
    a deal has more decisions than ``deal_budget_ms`` allows at that rate, an equal share
    of ``deal_budget_ms`` (at least ``MIN_DECISION_MS``; ``None``: no cap).
    ``progress(done, total)`` after each decision; ``cancelled()`` asked between
    decisions and worlds (then ``Review.cancelled``).  ``names``: the players' names by
    seat (the record's header): the reasons name the seat they speak of
    (``name_seats``)."""
    t0 = time.thread_time()
    rules = engine.rules
    todo = seat_decisions(engine, seat, deal)
    rv = Review(seat, variant=rules.variant, budget_ms=budget_ms, deal_budget_ms=deal_budget_ms)
    pol = _Policies(rules, budget_ms)
    per_deal: dict[int, int] = {}
    for _i, k in todo:
        per_deal[k] = per_deal.get(k, 0) + 1
    if progress is not None:
        progress(0, len(todo))
    for j, (i, k) in enumerate(todo):
        if cancelled is not None and cancelled():
            rv.cancelled = True
            break
        b = budget_ms
        if deal_budget_ms is not None and b * per_deal[k] > deal_budget_ms:
            b = max(MIN_DECISION_MS, deal_budget_ms / per_deal[k])
        d = review_state(rules, engine.states[i], seat, engine.log[i], budget_ms=b,
                         seed=seed * 7 + i, worlds=worlds, policies=pol, cancelled=cancelled)
        d.index, d.deal, d.budget_ms = i, k, b
        d.reason = name_seats(d.reason, names)
        d.line = lines[i] if lines is not None and i < len(lines) else None
        rv.decisions.append(d)
        if progress is not None:
            progress(j + 1, len(todo))
    if cancelled is not None and cancelled():
        rv.cancelled = True
    rv.cpu_s = time.thread_time() - t0
    return rv


def review_record(record: Any, seat: int, deal: int | None = None, **kw: Any) -> Review:
    """Review ``seat`` (from 0) in a parsed record (``engine.record.read_record``).

    Raises:
        ReplayError, RecordError: as ``engine.record.replay`` (a record that breaks a
            rule, or is not a record).
    """
    from ..engine.record import replay
    eng = replay(record)
    kw.setdefault("names", [p.get("name") or "" for p in record.players])
    return review_engine(eng, seat, deal, lines=list(record.lines), **kw)


__all__ = ["DecisionReview", "Review", "review_decision", "review_state", "review_record",
           "review_engine", "seat_decisions", "move_text", "name_seats", "mean_interval", "t95",
           "DEFAULT_BUDGET_MS", "DEFAULT_DEAL_BUDGET_MS"]
