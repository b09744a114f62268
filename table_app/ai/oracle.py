"""The perfect-information oracle: a benchmark ceiling, never offered in the game.

It is not in ``LEVELS``; ``make_player("oracle", ...)`` builds one for benchmarks and the
simulator only.  It is the one player that sees the full state (other hands, the stock
order, the widow): drivers that allow it call ``decide_state(state, obs, legal, rng)``
(``needs_state = True``).  It searches like the hard level, but in the true world instead
of sampled ones, so the gap hard closes between normal and oracle measures what the
hidden information costs the search.
"""
from __future__ import annotations

import random

from ..core.messages import Message
from .contract_search import HardContract
from .michigan_ai import HardMichigan, _World, rollout


class OracleContract(HardContract):
    """Searches the true state: one world, deeper rollouts (two of its own discards)."""

    level = "oracle"
    needs_state = True

    def __init__(self, variant: str, options: dict | None = None, budget_ms: float = 300.0,
                 samples: int = 2, width: int = 4):
        super().__init__(variant, options, budget_ms=budget_ms, samples=samples, width=width)
        self.horizon = 1

    def decide(self, obs, legal, rng):
        raise RuntimeError("the oracle needs the full state: call decide_state(state, obs, legal, rng)")

    def decide_state(self, state, obs, legal, rng: random.Random):
        if not legal:
            raise ValueError("no legal action to choose from")
        short, (na, nwhy) = self.candidates(obs, legal, rng)
        if short is None or obs.down[obs.seat] and obs.phase != "play":
            return na, nwhy
        rules = self.rules_for(obs)
        worlds = (self.world(state, obs, rng) for _ in range(self.samples))
        return self.search(rules, worlds, obs.seat, short, na, nwhy, rng)

    def world(self, state, obs, rng: random.Random):
        """One world to search: the true state itself (restocks vary between rollouts).
        The benchmark's partial oracles (``benchmarks/ai_info.py``) hide part of it."""
        return state

    def choose_state(self, state, obs, legal, rng):
        return self.decide_state(state, obs, legal, rng)[0]


class OracleMichigan(HardMichigan):
    """Plays each lead out in the true deal (the widow and every hand known)."""

    level = "oracle"
    needs_state = True

    def decide(self, obs, legal, rng):
        raise RuntimeError("the oracle needs the full state: call decide_state(state, obs, legal, rng)")

    def decide_state(self, state, obs, legal, rng: random.Random):
        if len(legal) <= 1:
            return HardMichigan.decide(self, obs, legal, rng)
        loc = [-2] * 52
        for s, h in enumerate(state.hands):
            for c in h:
                loc[c >> 3] = s
        for c in state.widow:
            loc[c >> 3] = -1
        res = self.lead_values(obs, legal, loc)
        best = max(legal, key=lambda a: (res[a], -a.card))
        parts = {t[1]: t[2] for t in self.lead_scores(obs, legal)}[best]
        return best, Message("sees_every_hand", why=self.reason(best, parts), chips=res[best])

    def choose_state(self, state, obs, legal, rng):
        return self.decide_state(state, obs, legal, rng)[0]

    @staticmethod
    def lead_values(obs, legal, loc) -> dict:
        """``{lead: chips}``: each lead of ``legal`` played out in the deal ``loc`` (by face:
        a seat, -1 the widow, -2 played) by the normal policy (``rollout``), the leader's
        chips from it (MG-9, MG-10)."""
        stopped_suit = obs.sequence[0] if (obs.sequence is not None and obs.stopped) else -1
        cells = dict(obs.layout)
        res = {}
        for a in legal:
            w = _World(obs.num_players, list(loc), cells, obs.kitty)
            res[a] = rollout(w, obs.seat, a.card, stopped_suit)[obs.seat]
        return res


__all__ = ["OracleContract", "OracleMichigan"]
