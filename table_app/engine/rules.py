"""The rules protocol: what the engine and the computer players ask of a variant's rules.

``Rules[S, O]`` is a ``typing.Protocol`` over the state type ``S`` and the observation
type ``O``; both rules classes satisfy it (``ContractFamilyRules`` as
``Rules[CFState, Observation]``, ``MichiganRules`` as
``Rules[MichiganState, MichiganObservation]``: checked by mypy below and by a test).
A searching AI imagines the hidden cards with ``sample_world`` (``WorldSampler``: the
same method alone).

Every method is pure; ``apply`` trusts its input (``check`` first: principle 3).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from ..core.phase import Phase

if TYPE_CHECKING:
    from ..core.actions import Deal, DealEnd, GameEnd
    from ..variants.specs import VariantSpec

S = TypeVar("S")
O_co = TypeVar("O_co", covariant=True)


@runtime_checkable
class Rules(Protocol[S, O_co]):
    """A variant's rules (the engine's only view of a game).

    Attributes:
        variant: the variant id (``"may_i"``, ``"michigan"``, ...).
        spec: the variant's ``VariantSpec`` (capabilities, rule ids, names).
        options: the options in force, every one (defaults filled in).
        derived_rules: ``(deal_end, game_end)`` rule ids cited for a wrong derived line.
    """

    @property
    def variant(self) -> str: ...

    @property
    def spec(self) -> VariantSpec: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def derived_rules(self) -> tuple[str, str]: ...

    def check_players(self, n: int) -> None:
        """Raises ``ValueError`` outside the variant's seat range."""

    def initial_state(self, num_players: int) -> S:
        """The state before the first deal."""

    def check(self, state: S, event: Any) -> None:
        """Raises ``IllegalActionError`` (rule id, message id, parameters) for an event the
        rules refuse now, ``RecordError`` for a chance event that cannot belong here."""

    def apply(self, state: S, event: Any) -> S:
        """The state after ``event`` (pure; trusts its input)."""

    def legal_actions(self, state: S) -> list[Any]:
        """The actions of the seat to act (a validator checks the ones too many to list)."""

    def to_act(self, state: S) -> tuple[int, Phase] | None:
        """``(seat, phase)`` of the decision due (``Phase.DEAL`` when a deal is due), or
        ``None`` once the game is over."""

    def pre_events(self, state: S, action: Any, rng: random.Random) -> list[Any]:
        """Chance events due before ``action`` (a restock before a take from an empty
        stock, CF-13)."""

    def forced_action(self, state: S) -> Any | None:
        """An action the engine plays itself (Michigan's forced follows, MG-6)."""

    def next_deal(self, state: S, rng: random.Random) -> Deal | None:
        """The next deal's chance event when one is due, else ``None``."""

    def deal_end(self, state: S) -> DealEnd | None:
        """The derived ``DealEnd`` of a deal just ended, else ``None``."""

    def game_end(self, state: S) -> GameEnd | None:
        """The derived ``GameEnd`` of a game just ended, else ``None``."""

    def totals(self, state: S) -> tuple[Any, ...]:
        """Each seat's standing: points (the lowest wins, ``spec.higher_wins`` false) or
        a chip balance (the highest wins)."""

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats of a finished game."""

    def observe(self, state: S, seat: int) -> O_co:
        """What ``seat`` may know (principle 6)."""

    def summary(self, state: S) -> dict[str, Any]:
        """The ``verify --json`` summary (RECORD_FORMAT.md)."""

    def sample_world(self, observation: Any, rng: random.Random) -> S:
        """A state consistent with ``observation`` (one seat's view, as ``observe``
        returns it): the cards that seat has not seen dealt at random to the places it
        cannot see, as everything the observation shows allows (OpenSpiel's
        ``ResampleFromInfostate``); ``observe(world, seat) == observation``, every card
        in one place.  Raises ``ValueError`` for an observation no state fits."""


@runtime_checkable
class WorldSampler(Protocol):
    """Rules that can deal the unseen cards of an observation (principle 6,
    OpenSpiel's ``ResampleFromInfostate``): ``sample_world(observation, rng) -> state``,
    a state that looks to the observation's seat exactly like the real one."""

    def sample_world(self, observation: Any, rng: random.Random) -> Any:
        """A state consistent with ``observation``."""


#: the rules of any variant, as the engine holds them
AnyRules = Rules[Any, Any]

if TYPE_CHECKING:  # both rules classes satisfy the protocol (mypy checks these lines)
    from ..variants.contract_family import CFState, ContractFamilyRules, Observation
    from ..variants.michigan import MichiganObservation, MichiganRules, MichiganState

    def _both_satisfy(cf: ContractFamilyRules, mg: MichiganRules) -> None:
        _cf: Rules[CFState, Observation] = cf
        _mg: Rules[MichiganState, MichiganObservation] = mg


__all__ = ["Rules", "AnyRules", "WorldSampler"]
