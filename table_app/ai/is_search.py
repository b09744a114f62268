"""Information-set search (issue 18): the ``search`` level, a named level beside hard.

``SearchContract`` (the contract family) decides by determinized search (PIMC) over
worlds the rules deal from its own observation (``rules.sample_world``: the other
hands and the stock consistent with everything the observation shows, CF-6 ... CF-16):

* the candidates are hard's choice and its alternatives at the choices that matter:
  take or pass the upcard (CF-10), buy/call or not (MI-5, CR-5), go down now or wait
  (CF-7: the best discard without going down), lay off or not (CF-8), and the discards
  hard's shortlist keeps (``HardContract.discard_scores``, the best ``width``);
* every candidate is played in the same worlds with the same random numbers (paired),
  then every seat by a fast policy (``contract_search.FastNormal``) until this seat has
  discarded ``horizon`` more times or the deal ends (CF-15: then the deal's real
  scores), and the leaf is scored by ``Searcher.utility`` (expected points against the
  others' mean, in points: + is good);
* an opponent model from public evidence weights the worlds: the seat that discarded
  the upcard rarely keeps cards of its rank (or, for runs, its suit next to it), so a
  world that gives it such cards counts less (``world_weight``);
* the budget is CPU time of the deciding thread (``Budget``, default 300 ms), checked
  at every step of every rollout; a world whose rollouts do not all finish in the
  budget is dropped, so the decision is never over its budget by more than one rules
  step;
* hard's choice stands unless another candidate is better by more than ``z`` standard
  errors of the paired difference (the noise of a few dozen worlds otherwise decides).

``evaluate(...)`` is the same evaluation with whole-deal rollouts and no budget (given the
other hands, ``hands=``: perfect hand reading).  The benchmarks' fair ceiling is not it
(it would share this search's rollout policy): ``benchmarks/regret.py`` rolls out by a
mix of the normal and hard levels; its ``oracle_hands`` is ``values(..., hands=)``.

``SearchMichigan`` (the hard Michigan level since issue 18; ``search`` its alias): the
former hard level is already a determinized search over the
rules' worlds (``HardMichigan``); the search level lets it use its whole budget (worlds
until the budget is spent, not a fixed 60), counts its share of the cells a deal leaves
on the layout, and keeps hard's heuristic lead unless the worlds show another is better
by more than one standard error.  It weighs its worlds by the other seats' leads: the
deal replays from the cards face up (``michigan_ai.lead_history``), each other seat is
taken for a normal or a hard player by how well each policy explains its leads
(``seat_types``, carried over from deal to deal), a world counts by the mixture's
likelihood of those leads (``typed_weight``, MG-5, MG-8), and a seat likely hard is rolled
out by the hard heuristic; its worlds come from ``LocSampler`` (rejection: uniform over
the deals that fit the stops and leads).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.cards import FACE_RANK, FACE_SUIT, JOKER
from ..core.messages import Message
from ..variants.contract_family import CFState, ContractFamilyRules
from ..variants.worlds import infer_hidden, sample_cf_world
from .budget import Budget, gc_paused
from .contract_search import FastNormal, HardContract, Searcher, rules_for_obs
from .michigan_ai import HardMichigan, lead_history, lead_misses, lead_weight
from .player import BasePlayer

#: how much a world counts per card of the discarded upcard's rank (sets) or next to it
#: in its suit (runs) that it gives the upcard's discarder (the opponent model)
W_SAME_RANK = 0.5
W_RUN_NEIGHBOUR = 0.75


def world_weight(obs, world: CFState) -> float:
    """The opponent model: how likely ``world`` is given what the upcard's discarder
    showed (a player rarely throws a card of a rank it holds, or one next to its cards
    of the suit).  1.0 when nothing was shown; in (0, 1] otherwise."""
    o = obs.upcard_by
    if o < 0 or o == obs.seat or obs.upcard is None or obs.hands_shown is not None:
        return 1.0
    up = obs.upcard >> 3
    if up == JOKER or FACE_RANK[up] in obs.wild_ranks:
        return 1.0
    r, s = FACE_RANK[up], FACE_SUIT[up]
    known = set(obs.known[o])
    w = 1.0
    sets, runs = obs.contract
    for c in world.hands[o]:
        if c in known:
            continue
        f = c >> 3
        if f == JOKER or FACE_RANK[f] in obs.wild_ranks:
            continue
        if sets and FACE_RANK[f] == r:
            w *= W_SAME_RANK
        elif runs and FACE_SUIT[f] == s and abs(FACE_RANK[f] - r) == 1:
            w *= W_RUN_NEIGHBOUR
    return w


class SearchContract(BasePlayer):
    """Determinized search over the rules' worlds (see the module's docstring).

    Args:
        variant: ``contract``, ``may_i`` or ``mexican``.
        budget_ms: CPU ms per decision (``Budget``), default 300; hard's own decision
            (the baseline and its shortlist) takes at most ``hard_share`` of it.
        samples: at most this many worlds per decision (default 200: the budget ends it
            first).
        horizon: rollouts stop after this seat's ``horizon`` next discards (or the deal's
            end); default 2.
        width: discards considered (hard's shortlist).
        z: another candidate replaces hard's choice only when better by ``z`` standard
            errors of the paired difference.
    """

    level = "search"

    def __init__(self, variant: str, options: dict | None = None, budget_ms: float = 300.0,
                 samples: int = 200, horizon: int = 2, width: int = 3, z: float = 1.5,
                 hard_share: float = 0.25) -> None:
        self.variant = variant
        self.options = dict(options or {})
        self.budget_ms = budget_ms
        self.samples = samples
        self.horizon = horizon
        self.width = width
        self.z = z
        self.hard = HardContract(variant, options, budget_ms=budget_ms * hard_share, search=())
        self.policy = FastNormal(variant, options)
        self._rules: ContractFamilyRules | None = None
        self._ctxs: dict = {}
        #: what the last decision searched (benchmarks): worlds, rollouts, candidates
        self.last_stats: dict = {}

    def rules_for(self, obs) -> ContractFamilyRules:
        if self._rules is None or self._rules.variant != obs.variant:
            self._rules = rules_for_obs(obs)
        return self._rules

    # ------------------------------------------------------------------ candidates
    def candidates(self, obs, legal: list, base) -> list:
        """The actions searched (``base``, hard's choice, first), or ``[base]`` when the
        choice is forced or not one the search weighs."""
        if len(legal) <= 1:
            return [base]
        ph = obs.phase
        me = obs.seat
        out = [base]

        def add(a):
            if a is not None and a not in out:
                out.append(a)
        if ph == "draw":
            for a in legal:
                add(a)
        elif ph == "buy":
            for a in legal:
                if a.type in ("buy", "pass_buy"):
                    add(a)
        elif ph == "play":
            ds = [a for a in legal if a.type == "discard"]
            if base.type in ("go_down", "lay_off", "swap") and ds:
                # go down now or wait / lay off or not: the best discard without it
                add(self.hard.decide(obs, ds, random.Random(0))[0])
            elif base.type == "discard":
                scored = self.hard.discard_scores(obs, legal)
                scored.sort(key=lambda t: (t[0], getattr(t[1], "card", 0)))
                for t in scored[:self.width]:
                    if t[0] < 900 or obs.down[me]:
                        add(t[1])
        return out

    # ------------------------------------------------------------------ decide
    def decide(self, obs, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("no legal action to choose from")
        with gc_paused():                        # no full collection inside the budget
            return self._decide(obs, legal, rng)

    def _decide(self, obs, legal: list, rng: random.Random):
        # CPU time of this thread, the whole decision; a tenth is kept back for the step
        # running when it ends (one rules step and policy decision, up to ~20 ms)
        budget = Budget(self.budget_ms, 0.9)
        base, why = self.hard.decide(obs, legal, rng)
        self.last_stats = {"worlds": 0, "rollouts": 0, "candidates": 1}
        cands = self.candidates(obs, legal, base) if not budget.over() else [base]
        if len(cands) <= 1:
            return base, why
        rules = self.rules_for(obs)
        vals = self.values(rules, obs, cands, rng, budget=budget, max_worlds=self.samples,
                           horizon=self.horizon)
        self.last_stats = {"worlds": vals["worlds"], "rollouts": vals["worlds"] * len(cands),
                           "candidates": len(cands), "pooled": vals["pooled"]}
        best = self.pick(cands, vals)
        if best == base:
            return base, why
        return best, self.reason_for(obs, best, vals)

    def pick(self, cands: list, vals: dict):
        """The candidate to play: hard's (``cands[0]``) unless another's weighted mean is
        better by more than ``z`` standard errors of the paired difference."""
        n = vals["worlds"]
        if n < 4:
            return cands[0]
        ws = vals["weights"]
        wsum = sum(ws)
        base = vals["per_world"][cands[0]]
        best, best_lb = cands[0], 0.0
        for a in cands[1:]:
            d = [x - y for x, y in zip(vals["per_world"][a], base)]
            m = sum(w * x for w, x in zip(ws, d)) / wsum
            var = sum(w * (x - m) ** 2 for w, x in zip(ws, d)) / wsum
            ess = wsum * wsum / sum(w * w for w in ws)      # effective sample size
            se = math.sqrt(var / max(1.0, ess - 1.0))
            lb = m - self.z * se
            if lb > best_lb:
                best, best_lb = a, lb
        return best

    def reason_for(self, obs, a, vals) -> Message:
        """Why the searched action: its expected points over hard's choice."""
        n = vals["worlds"]
        gain = vals["mean"][a] - vals["mean"][vals["order"][0]]
        t = a.type
        if t == "discard":
            what = Message("discard", card=a.card)
        elif t == "draw":
            what = Message("take_upcard" if a.source == "discard" else "draw_stock")
        elif t == "pass_upcard":
            what = Message("pass_upcard")
        elif t == "buy":
            what = Message("buy_upcard")
        elif t == "pass_buy":
            what = Message("no_buy")
        elif t == "go_down":
            what = self.hard.go_down_reason(obs, a)
        else:
            what = Message("only_move")
        return Message("search_gain", why=what, points=max(1, round(gain)), n=n)

    # ------------------------------------------------------------------ evaluation
    def values(self, rules: ContractFamilyRules, obs, cands: list, rng: random.Random,
               budget: Budget | None = None, max_worlds: int = 200, horizon: int | None = 2,
               hands: Sequence[Sequence[int]] | None = None, weigh: bool = True,
               spread: bool = True) -> dict:
        """Paired rollouts of ``cands`` in sampled worlds.

        Returns ``{"worlds": n, "weights": [w], "per_world": {a: [points]},
        "mean": {a: weighted mean}, "order": cands, "pooled": k}`` (points for this
        seat: + good; ``k`` of the worlds came from worker processes).
        ``horizon=None``: whole-deal rollouts.  ``hands``: the other seats' unseen cards
        given (``oracle_hands``).  ``budget``: stop when spent (a world not finished is
        dropped).  With a budget and a configured pool (``ai.pool``, ``spread``), each
        idle worker searches worlds of its own for the budget left, put after these
        (``max_worlds`` is then per process)."""
        from . import pool as _pool
        sp = _pool.active() if spread and budget is not None and hands is None else None
        futs = sp.spread(_pool.cf_values, (self.variant, self.options or None,
                                           _pool.portable(obs), list(cands),
                                           budget.left_s() * 1000.0, max_worlds, horizon,
                                           weigh), rng) \
            if sp is not None and budget is not None else []
        me = obs.seat
        searcher = Searcher(rules, self.policy, max_steps=400 if horizon is None else 80)
        per: dict = {a: [] for a in cands}
        weights: list[float] = []
        worlds = 0
        for _ in range(max_worlds):
            if budget is not None and budget.over():
                break
            w = sample_cf_world(rules, obs, rng, hands=hands) if hands is not None \
                else rules.sample_world(obs, rng)
            seed = rng.getrandbits(48)
            row = []
            for a in cands:
                v = self.rollout(searcher, w, me, a, random.Random(seed), horizon, budget)
                if v is None:
                    break
                row.append(v)
            if len(row) < len(cands):
                break                             # out of budget inside the world: dropped
            for a, v in zip(cands, row):
                per[a].append(v)
            weights.append(world_weight(obs, w) if weigh else 1.0)
            worlds += 1
        pooled = sp.collect(futs, cands, per, weights) if futs and sp is not None else 0
        worlds += pooled
        wsum = sum(weights) or 1.0
        mean = {a: (sum(x * y for x, y in zip(weights, per[a])) / wsum if worlds else 0.0)
                for a in cands}
        return {"worlds": worlds, "weights": weights, "per_world": per, "mean": mean,
                "order": list(cands), "pooled": pooled}

    def rollout(self, searcher: Searcher, st: CFState, me: int, action, rng: random.Random,
                horizon: int | None, budget: Budget | None) -> float | None:
        """``action`` then the fast policy for every seat until ``me`` has discarded
        ``horizon`` more times (``None``: the deal's end); the leaf's utility for ``me``,
        or ``None`` when the budget ran out first."""
        r = searcher.rules
        pol = self.policy
        st = searcher.step(st, action, rng)
        mine = 0
        need = None if horizon is None else horizon + (0 if action.type == "discard" else 1)
        for _ in range(searcher.max_steps):
            if st.phase not in ("draw", "stock", "buy", "play"):
                break
            if budget is not None and budget.over():
                return None
            ta = r.to_act(st)
            if ta is None:
                break
            seat = ta[0]
            legal = r.legal_actions(st)
            if not legal:
                break
            a = pol.decide(r.observe(st, seat), legal, rng)[0]
            st = searcher.step(st, a, rng)
            if seat == me and a.type == "discard":
                mine += 1
                if need is not None and mine >= need:
                    break
        return searcher.utility(st, me, self._ctxs)


def evaluate(obs, cands: list, rng: random.Random, worlds: int = 64,
             hands: Sequence[Sequence[int]] | None = None, budget_ms: float | None = None) -> dict:
    """The fair ceiling's evaluation of ``cands`` at ``obs`` (benchmarks only): paired
    whole-deal rollouts in ``worlds`` worlds the rules deal from the observation (the
    other hands ``hands`` given: ``oracle_hands``), unweighted; ``budget_ms``: a CPU
    cap.  Returns ``SearchContract.values``'s dict."""
    p = SearchContract(obs.variant)
    rules = p.rules_for(obs)
    b = Budget(budget_ms) if budget_ms is not None else None
    return p.values(rules, obs, cands, rng, budget=b, max_worlds=worlds, horizon=None,
                    hands=hands, weigh=False)


class LocSampler:
    """Worlds of a Michigan observation as card locations (face -> seat, -1 widow, -2
    played), fast: what the table has shown (``infer_hidden``: the widow cards the stops
    show, MG-7, and the cards a lead shows its leader lacks, MG-5, MG-8) is worked out
    once, then each world is a shuffle of the other unseen cards into the other hands and
    the widow, redone (at most ``tries`` times) while it gives a seat a card it cannot
    hold: rejection, so every deal that fits is equally likely.  When no try fits,
    ``fallback(rng)`` (the rules' ``sample_world``: a matching that always fits).

    ``sample(rng)``: one world, a list of 52 ints."""

    __slots__ = ("base", "free", "slots", "bar", "tries", "fallback")

    def __init__(self, obs, fallback, tries: int = 12) -> None:
        n, me = obs.num_players, obs.seat
        mine = {c >> 3 for c in obs.hand}
        gone = {c >> 3 for pl in obs.played for c in pl}
        in_widow, barred = infer_hidden(obs)
        base = [-2] * 52
        for f in mine:
            base[f] = me
        free = []
        for f in range(52):
            if f in mine or f in gone:
                continue
            if f in in_widow:
                base[f] = -1
            else:
                free.append(f)
        slots = []
        for p in range(n):
            if p != me:
                slots.extend([p] * obs.hand_sizes[p])
        slots.extend([-1] * (52 - sum(obs.hand_sizes) - len(gone) - len(in_widow)))
        self.base = base
        self.free = free
        self.slots = slots if len(slots) == len(free) else None   # (None: the rules' own)
        self.bar = {f: frozenset(p for p, b in barred.items() if f in b) for f in free}
        self.bar = {f: b for f, b in self.bar.items() if b}
        self.tries = tries
        self.fallback = fallback

    def sample(self, rng: random.Random) -> list[int]:
        slots = self.slots
        if slots is not None:
            free = self.free
            bar = self.bar
            for _ in range(self.tries):
                rng.shuffle(free)
                if bar and any(f in bar and p in bar[f] for f, p in zip(free, slots)):
                    continue
                loc = list(self.base)
                for f, p in zip(free, slots):
                    loc[f] = p
                return loc
        return self.fallback(rng)


class SearchMichigan(HardMichigan):
    """Michigan's hard search (``HardMichigan``) given its whole budget: worlds until the
    CPU budget is spent (at most ``samples``, default 2,000).  A world (the rules' deal
    of the unseen cards, every lead played out once in it) is begun only while the
    budget left is more than the longest world so far took, so the decision ends inside
    its budget (checked after each world, it was at 100 ms p99 100.6 ms, max 106.6).
    Two more things than hard: a lead's value counts this seat's share of the cells
    left on the layout (``share_left``: they carry over, MG-10, MG-11), and hard's
    heuristic lead (``hard_lead_value``) stands unless another beats it by ``z`` (1.0)
    standard errors of the paired difference.  An opponent model weighs the worlds: the
    deal's leads replay from the public record (``lead_history``); each other seat is a
    normal or a hard player with the chance its leads so far give (``seat_types``), a
    world counts by how likely the mixture makes those leads in it (``typed_weight``:
    ``eps``, 0.15, a lead a policy would not have chosen, MG-5, MG-8; ``typed = False``:
    ``lead_weight``, ``eps`` a lead neither would), and a seat more likely hard is rolled
    out by the hard heuristic; the worlds come from ``LocSampler`` (rejection: every deal that fits the
    stops and leads equally likely, and faster than the rules' matching).

    It is the hard Michigan level (``make_player("hard", "michigan")``, issue 18: +3.19 ±
    3.08 chips a game over ``HardMichigan``'s fixed 60 worlds, 200 games at 100 ms);
    ``level`` is ``"hard"`` or the benchmarks' alias ``"search"`` (the same play).

    Args:
        budget_ms: CPU ms of the deciding thread per lead (``Budget``, default 300).
        samples: worlds per lead at most (default 2,000: the budget ends it first).
        level: the level's name (``"hard"`` or ``"search"``).
    """

    level = "search"
    z = 1.0
    share_left = True
    #: the opponent model's weight of a world per lead of another seat it does not
    #: explain (``lead_weight``); 1.0: every world counts the same
    eps = 0.15
    #: worlds by ``LocSampler`` (rejection, uniform) instead of the rules' matching
    fast_sampler = True
    #: the typed opponent model (``seat_types``): each other seat normal or hard, the
    #: worlds weighted by the mixture (``typed_weight``) and a seat more likely hard
    #: rolled out by the hard heuristic; ``type_worlds`` worlds judge the types
    typed = True
    type_worlds = 24

    def __init__(self, variant: str = "michigan", options: dict | None = None,
                 budget_ms: float = 300.0, samples: int = 2000, level: str = "search"):
        super().__init__(variant, options, budget_ms=budget_ms, samples=samples)
        self.level = level
        # the typed opponent model's memory (``seat_types``): (seats, my seat), the round
        # of the last decision, the earlier deals' log odds of "hard" and this deal's
        self._tkey: tuple[int, int] | None = None
        self._tround = 0
        self._tprior: dict[int, float] = {}
        self._tlast: dict[int, float] = {}

    def forget(self) -> None:
        """Drop the opponent model's memory of earlier deals (``seat_types``): the next
        decision judges the other seats from its own deal only, as at a session's start."""
        self._tkey, self._tround, self._tprior, self._tlast = None, 0, {}, {}

    def decide(self, obs, legal, rng):
        if len(legal) <= 1:
            return super().decide(obs, legal, rng)
        # (the collector is not held here: each world the rules deal leaves a few reference
        # cycles, and holding it piled them up for one 10-15 ms collection at the end)
        return self._search(obs, legal, rng)

    def _search(self, obs, legal, rng):
        from . import pool as _pool
        budget = Budget(self.budget_ms, 0.97)   # CPU time of this thread
        events = lead_history(obs) if self.eps < 1.0 else []
        draw = self._drawer(obs)
        prior_h: dict[int, float] = {}
        if self.typed and self.eps < 1.0:
            prior_h, post_h = self.seat_types(obs, events, draw, rng)
            self.hard_seats = frozenset(q for q, ph in post_h.items() if ph > 0.5)
        else:
            self.hard_seats = frozenset()
        sp = _pool.active()
        futs = sp.spread(_pool.mg_values, (
            {"eps": self.eps, "share_left": self.share_left, "hard_seats": self.hard_seats,
             "typed": self.typed, "fast_sampler": self.fast_sampler},
            _pool.portable(obs), list(legal), budget.left_s() * 1000.0, prior_h),
            rng) if sp is not None else []
        per, weights = self.world_values(obs, legal, rng, budget, prior_h, draw, events)
        pooled = sp.collect(futs, legal, per, weights) if futs and sp is not None else 0
        done = len(weights)
        self.last_weights = weights
        wsum = sum(weights)
        self.last_stats = {"worlds": done, "rollouts": done * len(legal),
                           "ess": round(wsum * wsum / sum(w * w for w in weights), 1),
                           "pooled": pooled}
        return self.explain(obs, legal, self.pick(obs, legal, per), per)

    def _drawer(self, obs):
        """``draw(rng) -> loc``: one world of ``obs`` (``LocSampler`` at a lead)."""
        phase = getattr(obs.phase, "value", obs.phase)
        sampler = LocSampler(obs, lambda r: self.sample_loc(obs, r)) \
            if self.fast_sampler and phase == "lead" else None

        def draw(r):
            return sampler.sample(r) if sampler is not None else self.sample_loc(obs, r)
        return draw

    def world_values(self, obs, legal, rng, budget: Budget, prior_h: dict[int, float],
                     draw=None, events=None) -> tuple[dict, list[float]]:
        """Worlds until ``budget`` is spent (at most ``samples``): ``({lead: [chips]},
        [weight])``, every lead played out in each world (``value_in_world``) and the
        world weighted by the opponent model (``typed_weight`` with ``prior_h``, or
        ``lead_weight``; 1.0 without evidence).  A world is begun only while the budget
        left is more than 1.5 times the longest world so far took."""
        import time
        stopped_suit = obs.sequence[0] if (obs.sequence is not None and obs.stopped) else -1
        cells = dict(obs.layout)
        if events is None:
            events = lead_history(obs) if self.eps < 1.0 else []
        draw = draw or self._drawer(obs)
        per: dict = {a: [] for a in legal}
        weights: list[float] = []
        longest = 0.0
        for _ in range(self.samples):
            t = time.thread_time()
            loc = draw(rng)
            if not events:
                weights.append(1.0)
            elif self.typed:
                weights.append(self.typed_weight(obs, events, loc, prior_h))
            else:
                weights.append(lead_weight(obs, events, loc, self.eps))
            for a in legal:
                per[a].append(self.value_in_world(obs, loc, cells, a.card, stopped_suit))
            longest = max(longest, time.thread_time() - t)
            if budget.left_s() < longest * 1.5:
                break
        return per, weights

    def typed_weight(self, obs, events, loc, prior_h: dict[int, float]) -> float:
        """A world's weight under the typed opponent model: the product over the other
        seats of ``(1 - h) eps^a + h eps^b``, ``a``/``b`` that seat's leads the normal
        policy / the hard heuristic would not have chosen in this world (``lead_misses``)
        and ``h`` the chance, from the earlier deals, that the seat is a hard player
        (``prior_h``, 0.5 unknown).  In (0, 1]."""
        e = self.eps
        w = 1.0
        for q, (a, b, _) in lead_misses(obs, events, loc).items():
            h = prior_h.get(q, 0.5)
            w *= (1.0 - h) * e ** a + h * e ** b
        return w

    def seat_types(self, obs, events, draw, rng) -> tuple[dict[int, float], dict[int, float]]:
        """The typed opponent model's chances that each other seat is a hard player:
        ``(prior, posterior)``, seat -> probability.  The prior is what the earlier deals
        of this session showed (each deal's last evidence, as log odds, summed); the
        posterior adds this deal's: over ``type_worlds`` worlds (``draw(rng)``) the mean
        likelihood of the seat's leads under each model, ``eps`` a lead the model would
        not have chosen (``lead_misses``, MG-5, MG-8).  A seat whose leads neither model
        explains better stays at its prior."""
        key = (obs.num_players, obs.seat)
        if self._tkey != key or obs.round < self._tround:
            self._tkey, self._tprior, self._tlast = key, {}, {}
        elif obs.round != self._tround:
            for q, x in self._tlast.items():
                self._tprior[q] = self._tprior.get(q, 0.0) + x
            self._tlast = {}
        self._tround = obs.round
        lo = {}
        if events:
            e = self.eps
            ln: dict[int, float] = {}
            lh: dict[int, float] = {}
            k = self.type_worlds
            for _ in range(k):
                for q, (a, b, _) in lead_misses(obs, events, draw(rng)).items():
                    ln[q] = ln.get(q, 0.0) + e ** a / k
                    lh[q] = lh.get(q, 0.0) + e ** b / k
            lo = {q: math.log(lh[q] / ln[q]) for q in ln}
            self._tlast = lo
        def sig(x: float) -> float:
            x = max(-30.0, min(30.0, x))
            return 1.0 / (1.0 + math.exp(-x))
        seats = [q for q in range(obs.num_players) if q != obs.seat]
        prior = {q: sig(self._tprior.get(q, 0.0)) for q in seats}
        post = {q: sig(self._tprior.get(q, 0.0) + lo.get(q, 0.0)) for q in seats}
        return prior, post

    def explain(self, obs, legal, best, per: dict):
        """``HardMichigan.explain`` with the chips ``best`` expects as the worlds' weighted
        mean (``last_weights``)."""
        a, why = super().explain(obs, legal, best, per)
        ws = getattr(self, "last_weights", None)
        if ws and len(ws) == len(per[best]) and why is not None:
            chips = sum(w * x for w, x in zip(ws, per[best])) / sum(ws)
            why = Message("expects", why=why.params["why"], chips=chips, n=len(ws))
        return a, why

    def pick(self, obs, legal, per: dict):
        """As ``HardMichigan.pick`` with the worlds weighted by ``last_weights`` (the
        opponent model, ``lead_weight``): the heuristic's lead unless another's weighted
        mean beats it by more than ``z`` standard errors of the weighted paired difference
        (over the effective number of worlds); ``z = None``: the best weighted mean."""
        ws = getattr(self, "last_weights", None)
        n = len(next(iter(per.values())))
        if not ws or len(ws) != n or n < 4:
            return super().pick(obs, legal, per)
        wsum = sum(ws)
        if self.z is None:                     # the best weighted mean
            return max(legal, key=lambda a: (sum(w * x for w, x in zip(ws, per[a])), -a.card))
        ess = wsum * wsum / sum(w * w for w in ws)
        base = self.heuristic_lead(obs, legal)
        best, best_lb = base, 0.0
        for a in legal:
            if a == base:
                continue
            d = [x - y for x, y in zip(per[a], per[base])]
            m = sum(w * x for w, x in zip(ws, d)) / wsum
            var = sum(w * (x - m) ** 2 for w, x in zip(ws, d)) / wsum
            lb = m - self.z * math.sqrt(var / max(1.0, ess - 1.0))
            if lb > best_lb:
                best, best_lb = a, lb
        return best


__all__ = ["SearchContract", "SearchMichigan", "evaluate", "world_weight"]
