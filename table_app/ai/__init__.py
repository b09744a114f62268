"""Computer opponents (issue 5): three levels for every game, fair by construction.

``make_player(level, variant, ...)`` builds a player; every player has
``choose(obs, legal, rng) -> action`` and ``decide(obs, legal, rng) -> (action, reason)``
(see ``player.py``): it sees its seat's Observation, the legal actions and the random
generator it is given, nothing else.

``LEVELS`` are the levels offered in the game.  ``"random"`` (uniform legal moves), the
information-set ``search`` (``is_search.py``: a named level, not offered while it does
not measurably beat hard, issue 18; hard plays its search at the decisions where it pays,
``contract_search.SEARCH_POINTS``, and in Michigan hard *is* it, ``search`` an alias) and the perfect-information ``oracle``
(``oracle.py``) exist for benchmarks only.
"""
from __future__ import annotations

from ..variants.specs import SPECS
from .player import BasePlayer, Player, RandomPlayer, legal_for_obs

LEVELS = ("easy", "normal", "hard")
BENCH_LEVELS = ("random",) + LEVELS + ("search", "oracle")
#: the contract games (the contract-family players play them)
CONTRACT_VARIANTS = tuple(SPECS)


def make_player(level: str, variant: str, seed: int | None = None, budget_ms: float = 300.0,
                options: dict | None = None, samples: int | None = None):
    """A computer player.

    Args:
        level: ``"easy"``, ``"normal"`` or ``"hard"`` (benchmarks also ``"random"``,
            ``"search"`` and ``"oracle"``).
        variant: a variant id or alias (``contract``, ``may_i``, ``mexican``, ``michigan``;
            an alias brings the options it names: ``deuces_wild``).
        seed: unused by the players themselves (the caller injects the rng into every
            decision); kept for symmetry with the simulator.
        budget_ms: the hard (and search) level's budget per decision in CPU ms of the
            deciding thread (default 300; ``ai.budget.Budget``).
        options: the variant's options (Contract's ``deuces_wild``).
        samples: the hard level's sampled worlds per decision (default: the level's own).

    Raises:
        ValueError: an unknown level or variant.
    """
    from ..variants import VARIANTS, Family, resolve_variant
    vid, named = resolve_variant(variant, options)
    options = named if named or options is not None else None
    lv = str(level).strip().lower()
    if lv not in BENCH_LEVELS:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
    if lv == "random":
        return RandomPlayer()
    kw = {} if samples is None else {"samples": samples}
    if VARIANTS[vid].family is Family.STOPS:
        from . import michigan_ai as m
        if lv == "easy":
            return m.EasyMichigan(vid, options)
        if lv == "normal":
            return m.NormalMichigan(vid, options)
        if lv in ("hard", "search"):
            # hard Michigan is the search (issue 18: it beat the fixed-60-worlds search,
            # ``HardMichigan``, by +3.19 +- 3.08 chips over 200 games at 100 ms); ``search``
            # is a named alias for the benchmarks
            from .is_search import SearchMichigan
            return SearchMichigan(vid, options, budget_ms=budget_ms, level=lv, **kw)
        from .oracle import OracleMichigan
        return OracleMichigan(vid, options, budget_ms=budget_ms, **kw)
    from . import contract_ai as c
    if lv == "easy":
        return c.EasyContract(vid, options)
    if lv == "normal":
        return c.NormalContract(vid, options)
    if lv == "hard":
        from .contract_search import HardContract
        return HardContract(vid, options, budget_ms=budget_ms, **kw)
    if lv == "search":
        from .is_search import SearchContract
        return SearchContract(vid, options, budget_ms=budget_ms, **kw)
    from .oracle import OracleContract
    return OracleContract(vid, options, budget_ms=budget_ms, **kw)


__all__ = ["LEVELS", "BENCH_LEVELS", "make_player", "Player", "BasePlayer", "RandomPlayer",
           "legal_for_obs"]
