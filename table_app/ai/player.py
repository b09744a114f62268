"""The computer-player protocol (ARCHITECTURE principle 6).

An AI decides from its seat's ``Observation`` plus the list of legal actions and a random
generator that the caller injects, nothing else, so it cannot cheat by construction:

    action = player.choose(obs, legal, rng)
    action, reason = player.decide(obs, legal, rng)   # reason: why, for the hint button

A reason is a ``Message`` (``table_app.core.messages``: a message id of
``table_app/i18n/hints.py`` and its parameters), put into words where it is shown
(``i18n.hints.hint_reason``), or ``None``.

``legal`` is what ``rules.legal_actions(state)`` gives the seat to act
(``legal_for_obs`` below, for drivers).  A player may return an action outside the list
only where the rules accept more than they list (another going-down); the engine checks
every action anyway.

The benchmark-only oracle (``oracle.py``) is the one exception: it sets
``needs_state = True`` and is handed the full state by drivers that allow it.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from ..core.messages import Message


@runtime_checkable
class Player(Protocol):
    """A computer player.

    Attributes:
        level: ``"easy"``, ``"normal"``, ``"hard"`` (or ``"random"``, ``"oracle"`` for
            benchmarks).
    """
    level: str

    def choose(self, obs: Any, legal: list, rng: random.Random) -> Any:
        """One of ``legal`` (or another action the rules accept)."""
        ...

    def decide(self, obs: Any, legal: list, rng: random.Random) -> tuple[Any, Message | None]:
        """``(action, reason)``: the action and why (a ``Message``, or ``None``)."""
        ...


class BasePlayer:
    """Shared plumbing: ``choose`` is ``decide`` without the reason."""

    level = "base"
    needs_state = False

    def decide(self, obs, legal: list, rng: random.Random):  # pragma: no cover - abstract
        raise NotImplementedError

    def choose(self, obs, legal: list, rng: random.Random):
        return self.decide(obs, legal, rng)[0]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r})"


class RandomPlayer(BasePlayer):
    """Plays a uniformly random legal action (a benchmark baseline, not a game level).
    A contract-family going-down is always taken when offered, so deals end."""

    level = "random"

    def decide(self, obs, legal: list, rng: random.Random):
        if not legal:
            raise ValueError("no legal action to choose from")
        for a in legal:
            if a.type == "go_down":
                return a, Message("fb_go_down")
        a = legal[rng.randrange(len(legal))]
        return a, Message("random_move")


def legal_for_obs(rules, state, seat: int) -> list:
    """The legal actions of ``seat`` if it is the seat to act, else ``[]`` (drivers and
    the UI call this; AIs only ever see the list)."""
    ta = rules.to_act(state)
    if ta is None or ta[0] != seat:
        return []
    return rules.legal_actions(state)
