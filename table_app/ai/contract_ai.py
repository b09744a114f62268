"""Computer players for the contract family: Contract Rummy, May I?, Mexican Rummy.

Every player decides from the seat's ``Observation`` (``variants.contract_family``), the
legal actions and the injected random generator.  The rule differences come from the
observation and the legal list: buying/calling exists only where the rules open a window
(no window in Mexican), lay-offs and swaps are offered only when allowed (not on the
going-down turn in May I?/Mexican, MI-4/MX-5; swaps only in Contract, CR-7), CR-8 is
already applied to the listed discards, round 7's whole-hand going out (CR-9, MX-7) shows
as a listed ``GoDown`` that empties the hand, and Mexican's wild rank is
``obs.wild_ranks``.

Levels:
    ``NormalContract``: fast heuristics over ``contract_eval`` (distance to the contract,
        free cards, feeding the next player), with a reason for every decision.
    ``EasyContract``: the same with human-like mistakes (misses an upcard, forgets a
        lay-off, throws a card that was building something).
    ``HardContract`` (``contract_search``): a one-card look-ahead over the unseen cards and
    sampled hands of the next player.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core.actions import GoDown, MeldDecl
from ..core.cards import FACE_RANK, FACE_SUIT, JOKER
from ..core.melds import layoff_roles
from ..core.messages import Message
from ..variants.contract_family import MAX_RESTOCKS
from ..variants.specs import Buying
from .contract_eval import Analysis, ContractContext, describe_meld
from .player import BasePlayer


def _solver_installed() -> bool:
    import importlib.util
    try:
        return importlib.util.find_spec("table_app.core.solver") is not None
    except (ImportError, ValueError):
        return False


_HAVE_SOLVER = _solver_installed()  # with it the rules list the going-down themselves


def _faces(ids) -> list[int]:
    return [c >> 3 for c in ids]


def _meld_text(m) -> Message:
    """A meld on the table named for a reason: the set of its rank, or the run from its
    first to its last card (a wild end by the card it stands for)."""
    fs = m.faces()
    if m.kind == "set":
        return Message("meld_set", rank=m.rank)
    return Message("meld_run", card=fs[0] if m.roles[0] is None else m.roles[0],
                   card2=fs[-1] if m.roles[-1] is None else m.roles[-1])


class NormalContract(BasePlayer):
    """Good heuristics, a few milliseconds per decision.

    Args:
        variant: ``contract``, ``may_i`` or ``mexican``.
    """

    level = "normal"

    def __init__(self, variant: str, options: dict | None = None):
        self.variant = variant
        self.options = dict(options or {})
        self._ctxs: dict = {}

    # ------------------------------------------------------------------ helpers
    def ctx(self, obs) -> ContractContext:
        key = (obs.round, obs.wild_ranks)
        c = self._ctxs.get(key)
        if c is None:
            if len(self._ctxs) > 16:
                self._ctxs.clear()
            c = self._ctxs[key] = ContractContext(self.variant, obs.round, obs.wild_ranks)
        return c

    @staticmethod
    def playable(obs, face: int) -> bool:
        return any(layoff_roles(m, face, obs.wild_ranks) for m in obs.melds)

    def free_counts(self, ctx: ContractContext, hand: list[int], a: Analysis) -> Counter:
        free = Counter(f for f in hand if not ctx.is_wild(f))
        free.subtract(Counter(a.used))
        return +free

    def best_after_discard(self, ctx: ContractContext, faces: list[int], protect: int | None = None) -> int:
        """The distance after the best discard from ``faces`` (never ``protect``)."""
        a = ctx.analyze(faces)
        free = self.free_counts(ctx, faces, a)
        if protect is not None and free.get(protect):
            free[protect] -= 1
            free = +free
        if free:
            return a.dist
        best = 99
        for f in set(faces):
            if f == protect:
                continue
            rest = list(faces)
            rest.remove(f)
            best = min(best, ctx.dist(rest))
        return best

    # ------------------------------------------------------------------ decide
    def decide(self, obs, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("no legal action to choose from")
        ph = obs.phase
        if ph == "buy":
            return self.buy(obs, legal, rng)
        if ph == "draw":
            return self.draw(obs, legal, rng)
        return self.play(obs, legal, rng)

    # ------------------------------------------------------------------ draw
    def draw(self, obs, legal, rng):
        take = next((a for a in legal if a.type == "draw" and a.source == "discard"), None)
        other = next((a for a in legal if a is not take), None)
        if take is None:
            return other, Message("draw_stock")
        if other is None:
            return take, Message("take_stock_empty")
        up = obs.upcard >> 3
        yes, why = self.want_upcard(obs, up)
        if yes:
            return take, why
        if obs.take_ends_deal:
            # CF-14: the stock was refilled three times; a draw from it (or a buy after a
            # pass) ends the deal now, every hand scored
            end, why = self.want_deal_end(obs)
            return (other if end else take), why
        return other, why

    def want_deal_end(self, obs) -> tuple[bool, Message]:
        """Whether ending the deal now (a dead deal, CF-14) is good for this seat: its
        hand's points against what the others are likely to hold (their hand sizes times
        the deck's average card value)."""
        ctx = self.ctx(obs)
        mine = sum(ctx.value(c >> 3) for c in obs.hand)
        others = [obs.hand_sizes[s] for s in range(obs.num_players) if s != obs.seat]
        avg = ctx.average_value()
        expect = sum(others) / len(others) * avg if others else 0.0
        if mine <= expect:
            return True, Message("end_round", points=mine, n=round(expect))
        return False, Message("play_on", points=mine, n=round(expect))

    def want_upcard(self, obs, up: int) -> tuple[bool, Message]:
        ctx = self.ctx(obs)
        hand = _faces(obs.hand)
        me = obs.seat
        if obs.down[me]:
            if not ctx.whole and self.playable(obs, up):
                return True, Message("take_for_layoff", card=up)
            return False, Message("pass_no_layoff", card=up)
        d0 = ctx.dist(hand)
        d1 = self.best_after_discard(ctx, hand + [up], protect=up)
        if d1 < d0:
            a = ctx.analyze(hand + [up])
            where = next((describe_meld(m, ctx.run_len) for m in a.melds if up in m.have), None)
            if ctx.is_wild(up):
                return True, Message("take_wild", card=up, n=d1)
            if d1 == 0:
                return True, Message("take_completes", card=up, contract=obs.contract_terms)
            if where is None:
                return True, Message("take_for_contract", card=up)
            return True, Message("take_for_meld", card=up, where=where)
        return False, Message("pass_no_help", card=up, contract=obs.contract_terms)

    # ------------------------------------------------------------------ buy
    def want_buy(self, obs, card: int) -> tuple[bool, Message]:
        ctx = self.ctx(obs)
        me = obs.seat
        hand = _faces(obs.hand)
        if obs.down[me]:
            return False, Message("no_buy_down", card=card)
        if obs.take_ends_deal:
            # CF-14: no penalty card is left to give: a buy would only end the deal, as the
            # active player's draw from the stock will anyway
            return False, Message("no_buy_spent", card=card)
        d0 = ctx.dist(hand)
        d1 = ctx.dist(hand + [card])
        gain = d0 - d1
        if gain <= 0:
            return False, Message("no_buy_no_help", card=card, contract=obs.contract_terms)
        hs = ctx.spec.hand_size(obs.round)
        opp_down = any(obs.down[s] for s in range(obs.num_players) if s != me)
        if ctx.whole:
            ok = d1 <= 1
        elif d1 == 0:
            ok = True
        elif ctx.spec.buying is Buying.BUY:
            # May I?'s buys are cheap (any number, MI-7): any real help is worth it while
            # the hand is not huge (paired self-play: 19 points a game better than the
            # stricter rule below)
            ok = len(hand) <= hs + 6 and not (opp_down and d1 > 1)
        else:
            ok = len(hand) <= hs + 3 and (d1 <= 2 or gain >= 2) and not (opp_down and d1 > 1)
        if ok:
            return True, Message("buy_worth", card=card, n=d1)
        return False, Message("no_buy_not_enough", card=card)

    def buy(self, obs, legal, rng):
        b = next((a for a in legal if a.type == "buy"), None)
        p = next((a for a in legal if a.type == "pass_buy"), None)
        if b is None:
            return p, Message("no_buy_possible")
        yes, why = self.want_buy(obs, obs.buy_card >> 3)
        return (b if yes else p), why

    # ------------------------------------------------------------------ play
    def play(self, obs, legal, rng):
        gd = [a for a in legal if a.type == "go_down"] or self.fallback_go_down(obs)
        if gd:
            return gd[0], self.go_down_reason(obs, gd[0])
        act = self.pick_layoff(obs, legal)
        if act is not None:
            return act
        return self.discard(obs, legal, rng)

    def fallback_go_down(self, obs) -> list:
        """A going-down built from the evaluator's structure, for when the rules list
        none although the contract is in hand (no solver installed).  Not for round 7's
        whole hand.  ``[]`` when there is nothing to lay down."""
        if _HAVE_SOLVER or obs.down[obs.seat] or obs.phase != "play":
            return []
        ctx = self.ctx(obs)
        if ctx.whole:
            return []
        hand = _faces(obs.hand)
        a = ctx.analyze(hand)
        if a.dist != 0 or len(a.used) + a.wild_used >= len(hand):
            return []
        wilds = sorted((f for f in hand if ctx.is_wild(f)), key=lambda f: (f == JOKER, f))
        melds = []
        for m in a.melds:
            cards = list(m.have)
            roles: list = [None] * len(cards)
            if m.kind == "set":
                need = 3 - len(cards)
                role_faces = [m.key[0] - 2] * need
            else:
                role_faces = list(m.missing)
            for rf in role_faces:
                if not wilds:
                    return []
                cards.append(wilds.pop(0))
                roles.append(rf)
            melds.append(MeldDecl(m.kind, tuple(cards), tuple(roles)))
        return [GoDown(obs.seat, tuple(melds))]

    def go_down_reason(self, obs, a: GoDown) -> Message:
        parts = tuple(Message("melds_set" if m.kind == "set" else "melds_run", cards=tuple(m.cards))
                      for m in a.melds)
        out = len(obs.hand) == sum(len(m.cards) for m in a.melds)
        return Message("go_out_whole" if out else "go_down", melds=parts)

    def pick_layoff(self, obs, legal):
        lays = [a for a in legal if a.type == "lay_off"]
        swaps = [a for a in legal if a.type == "swap"]
        if not lays and not swaps:
            return None
        ctx = self.ctx(obs)
        nat = [a for a in lays if a.role is None]
        if nat:
            a = max(nat, key=lambda x: (ctx.value(x.card), -x.meld))
            return a, Message("lay_off", card=a.card, meld=_meld_text(obs.melds[a.meld]))
        if swaps:
            a = swaps[0]
            return a, Message("swap", card=a.card, meld=_meld_text(obs.melds[a.meld]))
        a = lays[0]
        return a, Message("lay_off_as", card=a.card, card2=a.role,
                          meld=_meld_text(obs.melds[a.meld]))

    def feed_penalty(self, obs, ctx: ContractContext, f: int) -> float:
        """How much discarding ``f`` would help an opponent (the next player most)."""
        if ctx.is_wild(f):
            return 50.0
        n = obs.num_players
        me = obs.seat
        nxt = (me + 1) % n
        pen = 0.0
        r, s = FACE_RANK[f], FACE_SUIT[f]
        if any(obs.down[o] for o in range(n) if o != me) and self.playable(obs, f):
            pen += 25.0 if obs.down[nxt] else 10.0
        for o in range(n):
            if o == me or obs.down[o]:
                continue
            w = 1.0 if o == nxt else 0.3
            for c in obs.known[o]:
                g = c >> 3
                if g == JOKER or ctx.is_wild(g):
                    continue
                if ctx.sets and FACE_RANK[g] == r:
                    pen += 12.0 * w
                elif ctx.runs and FACE_SUIT[g] == s and abs(FACE_RANK[g] - r) <= 2:
                    pen += 9.0 * w
        return pen

    def discard_scores(self, obs, legal) -> list[tuple[float, object, Message | None]]:
        """``(score, action, note)`` for every listed discard; the lowest is thrown.  The
        note (why the card may go, for ``discard_reason``) is ``None`` when down."""
        ctx = self.ctx(obs)
        hand = _faces(obs.hand)
        me = obs.seat
        ds = [a for a in legal if a.type == "discard"]
        out: list[tuple[float, Any, Message | None]] = []
        opp_down = any(obs.down[o] for o in range(obs.num_players) if o != me)
        if obs.down[me]:
            for a in ds:
                f = a.card
                sc = -ctx.value(f) + self.feed_penalty(obs, ctx, f) + (60 if ctx.is_wild(f) else 0)
                out.append((sc, a, None))
            return out
        an = ctx.analyze(hand)
        free = self.free_counts(ctx, hand, an)
        urgency = 1.0 + (1.0 if opp_down else 0.0) + (0.5 if obs.stock_size < 10 else 0.0)
        if obs.restocks >= MAX_RESTOCKS and obs.stock_size < 2 * obs.num_players:
            urgency += 1.0  # CF-14: no refill is left, the deal ends in a few turns
        for a in ds:
            f = a.card
            if ctx.is_wild(f):
                out.append((1000.0, a, Message("note_wild")))
                continue
            if free.get(f):
                da = an.dist
                keep = ctx.keep_score(hand, f)
                note = Message("note_no_use")
            else:
                rest = list(hand)
                rest.remove(f)
                da = ctx.dist(rest)
                keep = 12.0
                note = Message("note_plan")
            sc = da * 100.0 + keep * 4.0 + self.feed_penalty(obs, ctx, f) - ctx.value(f) * 0.5 * urgency
            out.append((sc, a, note))
        return out

    def discard(self, obs, legal, rng):
        scored = self.discard_scores(obs, legal)
        if not scored:  # nothing but lay-offs offered (never with a hand to discard)
            a = legal[0]
            return a, Message("only_move")
        scored.sort(key=lambda t: (t[0], t[1].card))
        sc, a, note = scored[0]
        return a, self.discard_reason(obs, a.card, note)

    def discard_reason(self, obs, f: int, note: Message | None) -> Message:
        ctx = self.ctx(obs)
        if obs.down[obs.seat]:
            return Message("discard_down", card=f, points=ctx.value(f))
        hand = _faces(obs.hand)
        rest = list(hand)
        rest.remove(f)
        a = ctx.analyze(rest)
        keeps = [m for m in a.melds if len(m.have) >= 2]
        keeps.sort(key=lambda m: -len(m.have))
        kt = None
        if keeps:
            m = keeps[0]
            kt = Message("keeps_set" if m.kind == "set" else "keeps_run",
                         cards=tuple(sorted(m.have, key=lambda g: FACE_RANK[g])))
        return Message("discard_note", card=f, points=ctx.value(f), note=note, keeps=kt)


class EasyContract(NormalContract):
    """Plays legally and plausibly, with human-like mistakes: sometimes misses a good
    upcard or takes a pretty one, forgets a lay-off, throws a card that was building a
    meld; never buys a card it can't use."""

    level = "easy"

    def __init__(self, variant: str, options: dict | None = None, mistake: float = 0.3):
        super().__init__(variant, options)
        self.mistake = mistake

    def draw(self, obs, legal, rng):
        a, why = super().draw(obs, legal, rng)
        alts = [x for x in legal if x != a]
        if alts and rng.random() < self.mistake * 0.7:
            hand = _faces(obs.hand)
            up = obs.upcard >> 3 if obs.upcard is not None else None
            if a.type == "draw" and a.source == "discard":
                return alts[0], Message("easy_safe_stock")
            if up is not None and self.ctx(obs).keep_score(hand + [up], up) > 0:
                return alts[0], Message("easy_looks_useful", card=up)
        return a, why

    def buy(self, obs, legal, rng):
        a, why = super().buy(obs, legal, rng)
        if a.type == "buy" and rng.random() < 0.5:
            p = next(x for x in legal if x.type == "pass_buy")
            return p, Message("easy_lets_go")
        return a, why

    def play(self, obs, legal, rng):
        gd = [a for a in legal if a.type == "go_down"] or self.fallback_go_down(obs)
        if gd:
            return gd[0], self.go_down_reason(obs, gd[0])
        ds = [a for a in legal if a.type == "discard"]
        if ds and rng.random() < self.mistake * 0.5:
            return self.discard(obs, legal, rng)  # forgets the lay-offs this turn
        act = self.pick_layoff(obs, legal)
        if act is not None:
            return act
        return self.discard(obs, legal, rng)

    def discard(self, obs, legal, rng):
        scored = self.discard_scores(obs, legal)
        if not scored:
            return legal[0], Message("only_move")
        scored.sort(key=lambda t: (t[0], t[1].card))
        if len(scored) > 1 and rng.random() < self.mistake:
            pool = [t for t in scored[:4] if t[0] < 900]
            if pool:
                sc, a, note = pool[rng.randrange(len(pool))]
                return a, Message("discard", card=a.card)
        sc, a, note = scored[0]
        return a, self.discard_reason(obs, a.card, note)


__all__ = ["NormalContract", "EasyContract"]

