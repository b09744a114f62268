"""The hard contract-family level (look-ahead over the hidden cards) and the rollout search
the oracle uses.

``HardContract`` (the hard level) decides from its Observation alone.  At a real choice
(take or pass the upcard, which card to discard) it shortlists the candidates with the
normal level's scores and looks one card ahead over the hidden cards: every unseen card
(the full deck minus its own hand, the table melds, the discard pile and the cards it saw
the others take) may be the next card, weighted by its unseen copies, and a hand's
quality is its distance to the contract minus the chance that the next card brings it
closer.  It samples the next player's hidden hand (from worlds the rules deal,
``rules.sample_world``: known cards plus unseen cards at random, in the observed size) to
see how often a discard would help that player, and sheds its highest cards when an opponent who is down is about to go out
while its own contract is out of reach.  Going down, laying off, swaps and buys are the
normal level's, except at the decisions where the search level's paired rollouts pay
(``SEARCH_POINTS``, per variant: Mexican round-7 discards while not down, MX-7, Contract
calls of an upcard that lowers the hand's distance, CR-5, Contract takes of the upcard
in turn, CF-10, and Contract round-7 discards while not down, CR-9, and May I? buys that
lower the distance, MI-5): there
hard plays that search
(``is_search.SearchContract.values``, worlds from ``rules.sample_world``) with the rest of
its whole budget, its own choice standing unless another is better by 1.5 standard errors.

``Searcher`` plays candidates out in full worlds with the normal policy for every seat
until the player's next discard (or the end of the deal) and scores the leaf; the
benchmark-only oracle (``oracle.py``) runs it in the true state.  Run in sampled worlds
instead (determinized search), it made worse discards than the look-ahead above, so the
hard level does not use it.
"""
from __future__ import annotations

import random
import time
from typing import Any

from ..core.actions import Draw
from ..core.messages import Message
from ..core.phase import Phase
from ..variants.contract_family import MAX_RESTOCKS, CFState, ContractFamilyRules
from ..variants.contract_family import replace as cf_replace
from ..variants.specs import SPECS, Buying
from ..variants.worlds import cf_unseen
from .budget import Budget, gc_paused
from .contract_ai import NormalContract, _faces

#: the decisions at which hard plays the search level's paired-rollout search
#: (``is_search.SearchContract.values``) with its whole budget, per variant, by rule id:
#: Contract calls (CR-5) and May I? buys (MI-5) of an upcard that lowers the hand's
#: distance to the contract, Contract takes of the upcard in turn (CF-10: hard's own
#: choice is to take it; the search weighs it against passing it), and Mexican round-7
#: discards while not down (MX-7: the whole hand goes out as three runs at once).  Each
#: was turned on by measurement (``benchmarks/results/ai_strength.md``): MI-5 by issue
#: 18's May I? duels (20 games, seeds 41000-41009: +26.6 ± 21.1 points a game over
#: normal), CF-10 in Contract by the regret re-scoring (draw regret 0.42 -> 0.19 points a
#: decision; in May I? and Mexican it gained nothing).
SEARCH_POINTS: dict[str, frozenset[str]] = {
    "contract": frozenset({"CR-5", "CF-10", "CR-9"}),
    "may_i": frozenset({"MI-5"}),
    "mexican": frozenset({"MX-7"}),
}
#: every point ``search_point`` knows: the defaults, Contract round-7 discards (CR-9),
#: going down now or waiting (CF-7), every discard while not down (CF-11), and every
#: call or buy searched, not only those that
#: lower the distance (``"CR-5:any"``, ``"MI-5:any"``)
ALL_SEARCH_POINTS = frozenset({"MX-7", "CR-5", "MI-5", "CR-9", "CF-7", "CF-10", "CF-11",
                               "CR-5:any", "MI-5:any"})


class FastNormal(NormalContract):
    """The normal policy with a cheaper discard, for rollouts."""

    def discard(self, obs, legal, rng):
        ds = [a for a in legal if a.type == "discard"]
        if not ds:
            return legal[0], None
        ctx = self.ctx(obs)
        hand = _faces(obs.hand)
        if obs.down[obs.seat]:
            a = max(ds, key=lambda x: (not ctx.is_wild(x.card), ctx.value(x.card), -x.card))
            return a, None
        an = ctx.analyze(hand)
        free = self.free_counts(ctx, hand, an)
        pool = [a for a in ds if free.get(a.card)]
        if pool:
            a = min(pool, key=lambda x: (ctx.keep_score(hand, x.card) * 4 - ctx.value(x.card), x.card))
            return a, None
        return super().discard(obs, legal, rng)


def rules_for_obs(obs) -> ContractFamilyRules:
    """The rules object an observation belongs to (Contract's deuces option shows in the
    wild ranks)."""
    opts = {}
    if "deuces_wild" in SPECS[obs.variant].default_options and 2 in obs.wild_ranks:
        opts = {"deuces_wild": True}
    return ContractFamilyRules(obs.variant, opts)


def unseen_cards(rules: ContractFamilyRules, obs) -> list[int]:
    """Card ids this seat has not seen: the full deck minus its hand, the table melds,
    the discard pile and the cards it saw the others take (``worlds.cf_unseen``)."""
    return cf_unseen(rules, obs)


class Searcher:
    """Rollouts in a contract-family world."""

    def __init__(self, rules: ContractFamilyRules, policy: NormalContract, max_steps: int = 80,
                 horizon: int = 0):
        self.rules = rules
        self.policy = policy
        self.max_steps = max_steps + 40 * horizon
        self.horizon = horizon

    def step(self, st: CFState, a, rng) -> CFState:
        r = self.rules
        for ev in r.pre_events(st, a, rng):
            st = r.apply(st, ev)
        return r.apply(st, a)

    def estimate(self, st: CFState, seat: int, ctxs: dict) -> float:
        """Expected points ``seat`` will score in this deal (a heuristic)."""
        from .contract_eval import ContractContext
        rnd = st.round
        wr = self.rules.wild_ranks(rnd)
        ctx = ctxs.get(rnd)
        if ctx is None:
            ctx = ctxs[rnd] = ContractContext(self.rules.variant, rnd, wr)
        faces = [c >> 3 for c in st.hands[seat]]
        val = sum(ctx.value(f) for f in faces)
        if st.down[seat]:
            return val * 0.35 + 2.0 * len(faces)
        d = ctx.dist(faces)
        return val * (0.55 + 0.08 * d) + 6.0 * d

    def utility(self, st: CFState, me: int, ctxs: dict) -> float:
        n = st.n
        if st.phase in ("between", "over") and st.results:
            sc = st.results[-1].scores
            return -sc[me] + sum(sc[o] for o in range(n) if o != me) / (n - 1)
        own = self.estimate(st, me, ctxs)
        opp = sum(self.estimate(st, o, ctxs) for o in range(n) if o != me) / (n - 1)
        return -own + opp

    def rollout(self, st: CFState, me: int, action, rng: random.Random, ctxs: dict) -> float:
        """Play ``action`` then the normal policy until ``me`` discards once more (or the
        deal ends); the leaf's utility for ``me``."""
        r = self.rules
        pol = self.policy
        need = (2 if action.type in ("draw", "pass_upcard") else 1) + self.horizon
        st = self.step(st, action, rng)
        my_discards = 0
        for _ in range(self.max_steps):
            if st.phase not in ("draw", "stock", "buy", "play"):
                break
            seat, _ph = r.to_act(st)  # type: ignore[misc]  # a player's phase: someone acts
            legal = r.legal_actions(st)
            if not legal:
                break
            a = pol.decide(r.observe(st, seat), legal, rng)[0]
            st = self.step(st, a, rng)
            if seat == me and a.type == "discard":
                my_discards += 1
                if my_discards >= need:
                    break
        return self.utility(st, me, ctxs)


class HardContract(NormalContract):
    """Determinized evaluation within a time budget.

    At a real choice (take or pass the upcard, which card to discard) the hard level
    looks one draw ahead over the hidden cards: every unseen card (the full deck minus its
    own hand, the melds, the discard pile and the cards it saw others take) is a possible
    next card, weighted by how many copies are unseen (the limit of sampling the stock
    top); a hand's quality is its distance to the contract minus the chance that the next
    card brings it closer.  It also samples the next player's hidden hand ``samples``
    times (known cards plus unseen cards dealt at random, in the observed size) to
    estimate how often a discard would help that player.  Before it is down it also
    weighs the points it would be caught with: the chance that the deal ends before each
    of its next turns (``hazards``: from the hand sizes of the players who are down) and
    the chance of finding the cards it still needs first give the points it expects to
    score (``caught_points``); while that danger is real its highest cards are
    candidates too, so it sheds an ace of a spare pair rather than a 5 when a player who
    is down holds one card.  Going down, lay-offs, swaps and buys are taken as the normal
    level takes them.  At the decisions of ``search`` (``search_point``: MX-7 discards,
    CF-10 takes, CR-5 calls and MI-5 buys that lower the distance) the choice is then put to the search level's
    paired rollouts for the rest of the budget (``searched``).

    Args:
        variant: ``contract``, ``may_i`` or ``mexican``.
        budget_ms: budget per decision in CPU ms (``Budget``, default 300); past it the candidates not
            yet looked at (the ones normal ranks lower) are dropped.
        samples: sampled hands of the next player per decision (default 12).
        width: discards considered (the normal level's best ``width``).
        w_improve, w_feed, w_points: the weights (score units; 100 = one card of
            distance) of the chance the next card helps, of helping the next player, and
            of a point expected at the end of the deal (20: measured against 0 and 40).
        dump: shed the highest cards when the contract is out of reach (``out_of_reach``).
        c_down: the points a player who goes down expects to score in the deal (13,
            measured in self-play of the normal level).
        search: the rule ids of the decisions searched (``search_point``; default the
            variant's ``SEARCH_POINTS``: Contract CR-5 calls, CF-10 takes and CR-9
            round-7 discards, May I? MI-5 buys, Mexican MX-7 discards); ``()``: none (the
            search level's own baseline).  Contract's CR-9 (2026-12-08): against the fair
            ceiling at 48 worlds a point, regret 0.79 against 0.88 without it (normal
            1.73; truth ceiling 3.59 against 3.74).
        search_worlds: at most this many worlds a searched decision (default 200: the
            budget ends it first; a count makes it repeatable in tests).
        w_points_whole: ``w_points`` in a round where the whole hand goes out at once
            (Contract and Mexican round 7, CR-9, MX-7; default ``w_points``).  Mexican at
            0 (keep the ace of a run to be rather than shed its 15 points) halved the
            regret gap to the fair ceiling (2.33 against 3.24 points a decision, 200
            decisions) but not the duels (200 games: -5.24 +- 9.21 points a game against
            20, on the same deals), so the default stays.
    """

    level = "hard"

    def __init__(self, variant: str, options: dict | None = None, budget_ms: float = 300.0,
                 samples: int = 12, width: int = 4, w_improve: float = 200.0,
                 w_feed: float = 40.0, w_points: float = 20.0, dump: int = 1, c_down: float = 13.0,
                 search=None, search_worlds: int = 200, w_points_whole: float | None = None):
        super().__init__(variant, options)
        self.search_worlds = search_worlds
        #: the searched decisions' rollouts end at this seat's ``search_horizon``-th next
        #: discard (``None``: the deal's end; 2 as the search level's)
        self.search_horizon: int | None = 2
        self.search_points = (SEARCH_POINTS.get(self.variant, frozenset()) if search is None
                              else frozenset(search))
        unknown = self.search_points - ALL_SEARCH_POINTS
        if unknown:
            raise ValueError(f"unknown search points {sorted(unknown)}")
        self._search: Any = None              # the SearchContract (``searched``), made lazily
        self.w_improve = w_improve
        self.w_points = w_points
        self.w_points_whole = w_points if w_points_whole is None else w_points_whole
        self.use_dump = bool(dump)
        self.c_down = c_down
        self.w_feed = w_feed
        self.dump_cards = 3
        self.dump_dist = 3
        self.budget_ms = budget_ms
        self.samples = samples
        self.width = width
        self.horizon = 0
        self._rules: ContractFamilyRules | None = None
        self._policy = FastNormal(variant, options)
        self._ctxs: dict = {}
        #: what the last decision evaluated (benchmarks.decisions): candidates scored,
        #: next draws weighed, the next player's hands sampled (the oracle: worlds and
        #: rollouts searched)
        self.last_stats: dict = {"candidates": 0, "draws_evaluated": 0, "hands_sampled": 0}

    def rules_for(self, obs) -> ContractFamilyRules:
        if self._rules is None or ((2 in obs.wild_ranks) != self._rules.deuces_wild
                                   and "deuces_wild" in self._rules.spec.default_options):
            self._rules = rules_for_obs(obs)
        return self._rules

    def candidates(self, obs, legal, rng):
        """``(shortlist, normal's choice and reason)``, or ``(None, ...)`` when no search is
        needed."""
        a, why = NormalContract.decide(self, obs, legal, rng)
        if len(legal) == 1 or a.type in ("go_down", "lay_off", "swap"):
            return None, (a, why)
        if obs.phase in ("draw", "buy"):
            return list(legal), (a, why)
        scored = self.discard_scores(obs, legal)
        scored.sort(key=lambda t: (t[0], t[1].card))
        short = [t[1] for t in scored[:self.width] if t[0] < 900 or t is scored[0]]
        if len(short) <= 1:
            return None, (a, why)
        return short, (a, why)

    # ------------------------------------------------------------------ evaluation
    def improve_prob(self, ctx, hand: list[int], unseen: dict, deadline: Budget) -> float:
        """The chance that the next card (an unseen card, by its unseen copies) lowers
        the distance of ``hand``."""
        d0 = ctx.dist(hand)
        if d0 == 0:
            return 0.0
        ranks = set()
        near = set()
        for f in hand:
            if ctx.is_wild(f):
                continue
            r, su = f % 13 + 2, f // 13
            ranks.add(r)
            for k in (-3, -2, -1, 1, 2, 3):
                q = r + k
                if q == 1:
                    q = 14
                if 2 <= q <= 14:
                    near.add(su * 13 + q - 2)
        total = 0
        good = 0
        iso_w = 0
        iso_face = None
        for x, w in unseen.items():
            total += w
            if deadline.over():  # out of time (CPU, ``Budget``): count the rest as no help
                continue
            self.last_stats["draws_evaluated"] += 1
            if ctx.is_wild(x) or (x % 13 + 2) in ranks or x in near:
                if ctx.dist(hand + [x]) < d0:
                    good += w
            else:
                iso_w += w
                if iso_face is None:
                    iso_face = x
        if iso_face is not None and ctx.dist(hand + [iso_face]) < d0:
            good += iso_w
        return good / total if total else 0.0

    def quality(self, ctx, hand: list[int], unseen: dict, deadline: Budget) -> float:
        """Distance minus the chance the next card lowers it (lower is better)."""
        return ctx.dist(hand) - self.improve_prob(ctx, hand, unseen, deadline)

    def feed_prob(self, ctx, obs, f: int, hands: list[list[int]]) -> float:
        """How often ``f`` lowers the next player's distance over the sampled hands."""
        if not hands:
            return 0.0
        k = 0
        for h in hands:
            if ctx.dist(h + [f]) < ctx.dist(h):
                k += 1
        return k / len(hands)

    def sample_next_hands(self, rules, obs, rng) -> list[list[int]]:
        """The next player's hand (faces) in ``samples`` worlds the rules deal
        (``rules.sample_world``), or ``[]`` when that player is down."""
        nxt = (obs.seat + 1) % obs.num_players
        if obs.down[nxt]:
            return []
        return [[c >> 3 for c in rules.sample_world(obs, rng).hands[nxt]]
                for _ in range(self.samples)]

    def decide(self, obs, legal, rng):
        if not legal:
            raise ValueError("no legal action to choose from")
        # the whole decision's budget (this thread's CPU time); a tenth kept back for the
        # rollout step running when it ends
        budget = Budget(self.budget_ms, 0.9)
        with gc_paused():                        # no full collection inside the budget
            a, why = self._decide(obs, legal, rng)
            if a.type == "discard":
                a, why = self.keep_wild(obs, legal, a, why)
                a, why = self.keep_off_next(obs, legal, a, why)
            if self.search_point(obs, legal, a) is not None and not budget.over():
                a, why = self.searched(obs, legal, rng, a, why, budget)
        return a, why

    def search_point(self, obs, legal, a) -> str | None:
        """The rule id of this decision when hard searches it (in ``search_points``), else
        ``None``.

        * ``"CF-10"``: taking the upcard in turn when that is hard's own choice (``a``),
          weighed against passing it;
        * ``"CR-5"`` / ``"MI-5"``: a call (Contract) or buy (May I?) of an upcard
          (``obs.buy_card``) that lowers the hand's distance to the contract
          (``"CR-5:any"`` / ``"MI-5:any"``: every call or buy);
        * ``"MX-7"`` / ``"CR-9"``: a discard in round 7 (the whole hand goes down at once)
          while not down, with two or more discards legal;
        * ``"CF-11"``: any discard while not down, with two or more discards legal;
        * ``"CF-7"``: going down now (``a`` a go-down) or waiting with a discard.
        """
        pts = self.search_points
        if not pts or len(legal) <= 1:
            return None
        ph = obs.phase
        if ph == "draw":
            take = a.type == "draw" and a.source == "discard"
            return "CF-10" if "CF-10" in pts and take else None
        if ph == "buy":
            rid = "CR-5" if self.variant == "contract" else "MI-5" if self.variant == "may_i" else None
            if rid is None or obs.buy_card is None or not any(x.type == "buy" for x in legal):
                return None
            if rid + ":any" in pts:
                return rid
            if rid not in pts:
                return None
            ctx = self.ctx(obs)
            hand = _faces(obs.hand)
            return rid if ctx.dist(hand + [obs.buy_card >> 3]) < ctx.dist(hand) else None
        if ph != "play" or obs.down[obs.seat]:
            return None
        if a.type == "discard":
            several = sum(x.type == "discard" for x in legal) > 1
            rid = "MX-7" if self.variant == "mexican" else "CR-9" if self.variant == "contract" else None
            if rid in pts and self.ctx(obs).whole and several:
                return rid
            return "CF-11" if "CF-11" in pts and several else None
        if a.type == "go_down" and "CF-7" in pts and any(x.type == "discard" for x in legal):
            return "CF-7"
        return None

    def searched(self, obs, legal, rng, a, why, budget: Budget):
        """The search level's paired rollouts (``is_search.SearchContract``: worlds the rules
        deal from this observation, ``rules.sample_world``) of ``a`` (hard's choice) and its
        alternatives, for the rest of ``budget``: ``a`` stands unless another candidate is
        better by more than ``z`` (1.5) standard errors of the paired difference.  Returns
        ``(action, reason)``; ``last_stats`` gets the worlds and rollouts done."""
        if self._search is None:
            from .is_search import SearchContract
            self._search = SearchContract(self.variant, self.options, budget_ms=self.budget_ms)
        s = self._search
        cands = s.candidates(obs, legal, a)
        if len(cands) <= 1:
            return a, why
        vals = s.values(s.rules_for(obs), obs, cands, rng, budget=budget,
                        max_worlds=self.search_worlds,
                        horizon=self.search_horizon)
        self.last_stats = {"worlds": vals["worlds"], "rollouts": vals["worlds"] * len(cands),
                           "candidates": len(cands), "searched": True,
                           "pooled": vals["pooled"]}
        best = s.pick(cands, vals)
        if best == a:
            return a, why
        return best, s.reason_for(obs, best, vals)

    def keep_off_next(self, obs, legal, a, why):
        """While the next player is down, never throw a card it can lay off (one that
        fits a meld on the table, CF-8) while a safe discard is legal: a natural card that
        fits no meld.  The best-scored safe card goes instead (the highest one when the
        hand was shedding its high cards, ``dump_out_of_reach``).  Measured in 20 games a
        variant (``simulate --json``, issue 18) hard fed the down next player 41 times in
        Contract, 51 in May I? and 16 in Mexican, normal 10, 4 and 1."""
        nxt = (obs.seat + 1) % obs.num_players
        if nxt == obs.seat or not obs.down[nxt] or not self.playable(obs, a.card):
            return a, why
        ctx = self.ctx(obs)
        safe = [t for t in self.discard_scores(obs, legal)
                if not ctx.is_wild(t[1].card) and not self.playable(obs, t[1].card)]
        if not safe:
            return a, why
        if getattr(why, "id", None) == "dump_out_of_reach":
            b = max((t[1] for t in safe), key=lambda x: (ctx.value(x.card), -x.card))
            return b, Message("dump_out_of_reach", card=b.card, points=ctx.value(b.card))
        _, b, note = min(safe, key=lambda t: (t[0], t[1].card))
        return b, self.discard_reason(obs, b.card, note)

    def keep_wild(self, obs, legal, a, why):
        """Never throw a wild (a joker or the deal's wild rank, CR-3, MX-3) while a safe
        discard is legal: a natural card that fits no meld on the table (CF-8).  The
        best-scored safe card goes instead."""
        ctx = self.ctx(obs)
        if not ctx.is_wild(a.card):
            return a, why
        safe = [t for t in self.discard_scores(obs, legal)
                if not ctx.is_wild(t[1].card) and not self.playable(obs, t[1].card)]
        if not safe:
            return a, why
        _, b, note = min(safe, key=lambda t: (t[0], t[1].card))
        return b, self.discard_reason(obs, b.card, note)

    def upcard_completes(self, obs) -> bool:
        """The upcard completes this seat's contract: with it the hand can go down this
        turn and without it not (CF-7: the rules' own go-down search on the hand, in a
        world the rules deal from the observation: only the own hand counts)."""
        rules = self.rules_for(obs)
        p = obs.seat
        try:
            st = rules.sample_world(obs, random.Random(0))
        except ValueError:  # a hand-made observation that does not add up: the estimate
            ctx = self.ctx(obs)
            hand = _faces(obs.hand)
            return ctx.dist(hand) > 0 and self.best_after_discard(
                ctx, hand + [obs.upcard >> 3], protect=obs.upcard >> 3) == 0
        with_up = rules.apply(st, Draw(p, "discard"))
        if not any(x.type == "go_down" for x in rules.legal_actions(with_up)):
            return False
        without = cf_replace(st, phase=Phase.PLAY)
        return not any(x.type == "go_down" for x in rules.legal_actions(without))

    def _decide(self, obs, legal, rng):
        short, (na, nwhy) = self.candidates(obs, legal, rng)
        if short is None or obs.phase == "buy" or obs.down[obs.seat]:
            return na, nwhy
        # the budget in this thread's CPU time (``Budget``): the same search on a busy machine
        deadline = Budget(self.budget_ms, 0.7)
        self.last_stats = {"candidates": 0, "draws_evaluated": 0, "hands_sampled": 0}
        rules = self.rules_for(obs)
        ctx = self.ctx(obs)
        unseen: dict = {}
        for c in unseen_cards(rules, obs):
            unseen[c >> 3] = unseen.get(c >> 3, 0) + 1
        hand = _faces(obs.hand)
        if obs.phase == "draw":
            return self.decide_draw(obs, legal, ctx, hand, unseen, deadline, na, nwhy)
        return self.decide_discard(rules, obs, legal, rng, ctx, hand, unseen, deadline, na, nwhy)

    def decide_draw(self, obs, legal, ctx, hand, unseen, deadline, na, nwhy):
        take = next((a for a in legal if a.type == "draw" and a.source == "discard"), None)
        other = next((a for a in legal if a is not take), None)
        if take is None or other is None or ctx.whole and obs.down[obs.seat] or obs.take_ends_deal:
            return na, nwhy  # (at CF-14's cap the choice is whether to end the deal: normal's)
        up = obs.upcard >> 3
        if self.upcard_completes(obs):
            # a certainty beats any chance of the stock (the look-ahead below weighs the
            # stock's chance twice: above ~53% it outscored going down now)
            return take, Message("take_completes", card=up, contract=obs.contract_terms)
        d0 = ctx.dist(hand)
        p0 = self.improve_prob(ctx, hand, unseen, deadline)
        q_stock = d0 - 2.0 * p0
        h2 = hand + [up]
        best = None
        for f in sorted(set(hand), key=lambda g: -ctx.value(g)):
            if ctx.is_wild(f):
                continue
            rest = list(h2)
            rest.remove(f)
            if ctx.dist(rest) > ctx.dist(h2):
                continue
            q = self.quality(ctx, rest, unseen, deadline)
            self.last_stats["candidates"] += 1
            if best is None or q < best:
                best = q
            if deadline.over():
                break
        if best is None:
            return na, nwhy
        if best < q_stock - 0.05:
            return take, Message("take_beats_stock", card=up,
                                 pct=1 - max(0.0, min(1.0, d0 - best)))
        return other, Message("pass_stock_better", card=up, pct=p0)

    def out_of_reach(self, obs, ctx, hand) -> bool:
        """The deal is about to end without me: an opponent who is down holds at most
        ``dump_cards`` cards while I am ``dump_dist`` or more cards from the contract.
        Not in May I?, where a dumped high card is bought by the others."""
        if SPECS[self.variant].buying is Buying.BUY or obs.down[obs.seat]:
            return False
        me = obs.seat
        near = [obs.hand_sizes[o] for o in range(obs.num_players) if o != me and obs.down[o]]
        return bool(near) and min(near) <= self.dump_cards and ctx.dist(hand) >= self.dump_dist

    def hazards(self, obs, ctx, turns: int = 12) -> list[float]:
        """The chance that the deal ends before each of my next ``turns`` turns, given
        that it has not ended before: a list of ``turns`` probabilities.

        Measured in self-play of the normal level (40 games of Contract and of May I?):
        a down opponent with one card goes out before my next turn 30-48% of the time,
        with two 6-11%, with three 3-5%; nobody down 0.3%; round 7's whole hand (CR-9)
        4%.  A down player is taken to shed a card every other turn.

        Once the stock has been refilled three times (CF-14) the deal ends for sure at the
        first draw from the empty stock: before my turn ``t`` once the draws until then
        (the others' ``n - 1``, then ``n`` a round) use up the cards left."""
        out = self._hazards(obs, ctx, turns)
        if obs.restocks >= MAX_RESTOCKS:
            n = obs.num_players
            t = max(0, -(-(obs.stock_size - (n - 1)) // n))
            if t < turns:
                out[t] = 1.0
        return out

    @staticmethod
    def _hazards(obs, ctx, turns: int) -> list[float]:
        me = obs.seat
        hs = [obs.hand_sizes[o] for o in range(obs.num_players) if o != me and obs.down[o]]
        if ctx.whole and not hs:
            return [0.04] * turns
        if not hs:
            return [0.003] * 3 + [0.03] * (turns - 3)
        many = len(hs) > 1
        table = {1: 0.45 if many else 0.3, 2: 0.09 if many else 0.07, 3: 0.045 if many else 0.03,
                 4: 0.025 if many else 0.015, 5: 0.015, 6: 0.01}
        h = min(hs)
        out = []
        for t in range(turns):
            hh = max(1, h - t // 2)  # a down player sheds about a card every other turn
            out.append(table.get(hh, 0.01))
        return out

    def caught_points(self, hazards, d: int, p: float, value: float) -> float:
        """Expected points at the end of the deal (CF-15: the cards left count against
        their holder) if ``d`` more useful cards are needed, each turn brings one with
        chance ``p``, and the deal ends before each turn with the given ``hazards``:
        caught holding ``value`` points, or gone down first (``c_down`` points)."""
        if d <= 0:
            return self.c_down
        p = min(0.95, max(0.02, p))
        dist = [0.0] * (d + 1)
        dist[d] = 1.0
        caught = 0.0
        for q in hazards:
            caught += q * sum(dist[1:])
            nd = [0.0] * (d + 1)
            nd[0] = dist[0]
            for k in range(1, d + 1):
                m = dist[k] * (1 - q)
                nd[k] += m * (1 - p)
                nd[k - 1] += m * p
            dist = nd
        rest = sum(dist[1:])
        return (caught + rest) * value + dist[0] * self.c_down

    def decide_discard(self, rules, obs, legal, rng, ctx, hand, unseen, deadline, na, nwhy):
        if self.use_dump and self.out_of_reach(obs, ctx, hand):
            # one-step deviation playouts: +9 points a game in Contract, +8 in Mexican
            ds = [a for a in legal if a.type == "discard"]
            if ds:
                a = min(ds, key=lambda x: (-ctx.value(x.card) * 10 + self.feed_penalty(obs, ctx, x.card),
                                           x.card))
                return a, Message("dump_out_of_reach", card=a.card, points=ctx.value(a.card))
        scored = self.discard_scores(obs, legal)
        scored.sort(key=lambda t: (t[0], t[1].card))
        short = [t for t in scored[:self.width] if t[0] < 900]
        haz = None
        w_points = self.w_points_whole if ctx.whole else self.w_points
        if w_points:
            haz = self.hazards(obs, ctx)
            if haz[0] >= 0.02 or ctx.whole:
                # in danger: the highest cards are candidates too
                extra = sorted((t for t in scored if t[0] < 900 and t not in short),
                               key=lambda t: -ctx.value(t[1].card))[:2]
                short = short + extra
        if len(short) <= 1:
            return na, nwhy
        hands = self.sample_next_hands(rules, obs, rng)
        self.last_stats["hands_sampled"] = len(hands)
        best = None
        for base, a, note in short:
            if best is not None and deadline.over():
                break  # out of time: the candidates left (ranked lower by normal) are dropped
            f = a.card
            rest = list(hand)
            rest.remove(f)
            # the normal score plus the look-ahead: the chance the next card helps what is
            # kept, and how often the discard helps the next player
            p = self.improve_prob(ctx, rest, unseen, deadline)
            self.last_stats["candidates"] += 1
            sc = base - self.w_improve * p + self.w_feed * self.feed_prob(ctx, obs, f, hands)
            if haz is not None:
                # and the points it would be caught with if the deal ends first
                v = sum(ctx.value(g) for g in rest)
                sc += w_points * self.caught_points(haz, ctx.dist(rest), p, v)
            if best is None or sc < best[0]:
                best = (sc, a, note)
        _, a, note = best
        if a == na:
            return na, nwhy
        if haz is not None and haz[0] >= 0.02 and ctx.value(a.card) > ctx.value(na.card):
            return a, Message("discard_sheds", card=a.card, points=ctx.value(a.card),
                              card2=na.card)
        return a, Message("looks_ahead", why=self.discard_reason(obs, a.card, note))

    # ------------------------------------------------------------------ rollouts (oracle)
    def search(self, rules, worlds, me, short, na, nwhy, rng):
        searcher = Searcher(rules, self._policy, horizon=self.horizon)
        totals = {a: 0.0 for a in short}
        budget = Budget(self.budget_ms)     # CPU time of this thread
        done = 0
        for w in worlds:
            seed = rng.random()
            t1 = time.thread_time()
            for a in short:
                totals[a] += searcher.rollout(w, me, a, random.Random(seed), self._ctxs)
            done += 1
            if budget.left_s() < (time.thread_time() - t1) * 1.2:
                break
        self.last_stats = {"worlds": done, "rollouts": done * len(short)}
        if not done:
            return na, nwhy
        # ties go to the normal level's choice
        best = max(short, key=lambda a: (totals[a] + (1e-6 if a == na else 0.0)))
        if best == na:
            return na, Message("searched", why=nwhy, n=done)
        _, why = self.reason_for(best, short, nwhy)
        return best, Message("better_searched", why=why, n=done)

    def reason_for(self, a, short, nwhy):
        t = a.type
        if t == "discard":
            return a, Message("discard", card=a.card)
        if t == "draw":
            return a, Message("take_upcard" if a.source == "discard" else "draw_stock")
        if t == "pass_upcard":
            return a, Message("pass_upcard")
        if t == "buy":
            return a, Message("buy_upcard")
        if t == "pass_buy":
            return a, Message("no_buy")
        return a, nwhy


__all__ = ["HardContract", "Searcher", "unseen_cards", "rules_for_obs", "FastNormal"]
