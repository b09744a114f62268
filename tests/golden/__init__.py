"""Golden playthroughs, in the style of OpenSpiel's: for one seeded deal of each game, at
the fewest seats it allows, every step as text: the seat to act and its phase, the legal
actions, the action taken and every event it recorded, and each seat's observation (what
that seat may know, principle 6).  ``tests/test_golden.py`` plays the deal again and diffs
it with the file kept here; after a change that is meant to change play, regenerate the
files and read the diff before committing it::

    python -m tests.golden --update     # rewrite tests/golden/*.txt
    python -m tests.golden contract     # print one playthrough

Observations are rendered field by field (every field of the rules' observation
dataclass, in declaration order, so a new field shows up without touching this module):
card ids as card codes, melds as ``set@SEAT[7C 7D 4H(7S)]``, chips as exact fractions.
The first step shows each seat's whole observation; later steps show, per seat, only the
fields that changed since that seat's previous observation (``obs 1: =`` when none did),
so each observation is complete by reading down the file.

The actions come from the seeded test player (``tests.helpers.players.choose``; Michigan:
a seeded choice among the legal actions); the deal from the engine's seeded ``rng``.
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from table_app.core.actions import DealEnd
from table_app.core.cards import FACE_TEXT, SUITS
from table_app.core.melds import Meld
from table_app.core.phase import Phase
from table_app.engine.engine import Engine
from table_app.variants import find_variant

from ..helpers.players import choose

HERE = Path(__file__).resolve().parent

#: (variant id, seats: the fewest the game allows, seed) of each golden playthrough
#: (the seeds: among the first 80, the shortest deal in which a seat buys, goes down and
#: lays off; Michigan: a short one)
GAMES: tuple[tuple[str, int, int], ...] = (
    ("contract", 3, 15),
    ("may_i", 3, 55),
    ("mexican", 2, 54),
    ("michigan", 3, 3),
)

#: observation fields that hold physical card ids (rendered as card codes)
_CARDS = frozenset({"hand", "discard_pile", "widow"})
_CARD = frozenset({"upcard", "buy_card"})
_SEAT_CARDS = frozenset({"known", "played"})  # one tuple of card ids per seat


def path_for(variant: str) -> Path:
    """The golden file of ``variant``: ``tests/golden/<variant>.txt``."""
    return HERE / f"{variant}.txt"


def _cards(ids: Any) -> str:
    return "[" + " ".join(FACE_TEXT[c >> 3] for c in ids) + "]"


def _meld(m: Meld) -> str:
    return f"{m.kind}@{m.owner}[{m.describe()}]"


def _plain(v: Any) -> str:
    """Any other value: enums by value, fractions exact, containers element-wise,
    dataclasses as ``Name(field=value, ...)``."""
    if isinstance(v, Phase):
        return str(v.value)
    if isinstance(v, bool) or v is None:
        return str(v)
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, Meld):
        return _meld(v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        inner = ",".join(f"{f.name}={_field(f.name, getattr(v, f.name))}"
                         for f in dataclasses.fields(v))
        return f"{type(v).__name__}({inner})"
    if isinstance(v, Mapping):
        return "{" + ",".join(f"{k}:{_plain(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (frozenset, set)):
        return "{" + ",".join(_plain(x) for x in sorted(v)) + "}"
    if isinstance(v, (tuple, list)):
        return "(" + ",".join(_plain(x) for x in v) + ")"
    return str(v)


def _field(name: str, v: Any) -> str:
    if v is None:
        return "None"
    if name in _CARDS:
        return _cards(v)
    if name in _CARD:
        return FACE_TEXT[v >> 3]
    if name in _SEAT_CARDS:
        return "(" + ",".join(_cards(x) for x in v) + ")"
    if name == "face":  # LastAction.face: a face, not a card id
        return FACE_TEXT[v]
    if name == "sequence":  # Michigan: (suit, last card id)
        return f"{SUITS[v[0]]}:{FACE_TEXT[v[1] >> 3]}"
    return _plain(v)


def observation_fields(obs: Any) -> dict[str, str]:
    """Every field of an observation dataclass, rendered: ``{name: text}`` in declaration
    order."""
    return {f.name: _field(f.name, getattr(obs, f.name)) for f in dataclasses.fields(obs)}


def _line(fields: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in fields.items()) or "="


def playthrough(variant: str, seats: int, seed: int, max_steps: int = 2000) -> str:
    """The text of one seeded deal of ``variant`` (the first deal of a game), step by step.

    Raises:
        AssertionError: the deal did not end within ``max_steps`` decisions.
    """
    rules = find_variant(variant)({})
    eng = Engine(rules, seats, seed=seed)
    rng = random.Random(seed)
    out = [f"# golden playthrough: {variant}, {seats} seats, seed {seed}, the first deal",
           "# regenerate: python -m tests.golden --update (then read the diff)",
           f"# options: {_plain(rules.options)}"]
    seen: list[dict[str, str]] = [{} for _ in range(seats)]

    def observe(header: str) -> None:
        out.append(header)
        for s in range(seats):
            now = observation_fields(eng.observe(s))
            changed = {k: v for k, v in now.items() if seen[s].get(k) != v}
            seen[s] = now
            out.append(f"obs {s}: {_line(changed)}")

    start = len(eng.log)
    eng.deal_next()
    out.append("chance: " + " ; ".join(e.code() for e in eng.log[start:]))
    for step in range(max_steps):
        ta = eng.to_act()
        if ta is None or ta[1] == Phase.DEAL or any(isinstance(e, DealEnd) for e in eng.log):
            observe(f"\n## end of the deal after {step} steps")
            return "\n".join(out) + "\n"
        seat, phase = ta
        observe(f"\n## step {step}: seat {seat} to act ({_plain(phase)})")
        legal = eng.legal_actions()
        out.append(f"legal ({len(legal)}): " + " | ".join(a.code() for a in legal))
        action = choose(eng, rng) if variant != "michigan" else rng.choice(legal)
        start = len(eng.log)
        eng.apply(action)
        out.append(f"action: {action.code()}")
        extra = [e.code() for e in eng.log[start:] if e != action]
        if extra:
            out.append("events: " + " ; ".join(extra))
    raise AssertionError(f"{variant}: the deal did not end in {max_steps} steps")


def generate(variant: str) -> str:
    """The golden text of ``variant`` (its seats and seed from ``GAMES``)."""
    for v, n, seed in GAMES:
        if v == variant:
            return playthrough(v, n, seed)
    raise KeyError(variant)
