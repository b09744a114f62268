"""The variant registry (python-chess ``variant.py`` style).

``find_variant(name)`` resolves a variant id or alias to a rules factory:
``find_variant("may_i")(options) -> rules``.  ``VARIANTS`` maps ids to their metadata.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class VariantInfo:
    """Metadata of a variant: id, display name, one-line description, seat range,
    default options and aliases."""
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    default_options: dict
    aliases: tuple[str, ...] = ()


VARIANTS: dict[str, VariantInfo] = {
    "contract": VariantInfo(
        "contract", "Contract Rummy",
        "Seven contracts; lay exactly the contract, call the upcard for a penalty card.",
        3, 8, {"deuces_wild": False}, ("contract_rummy", "deuces_wild")),
    "may_i": VariantInfo(
        "may_i", "May I?",
        "Seven contracts with a big opening; buy the upcard out of turn by asking \"May I?\".",
        3, 6, {}, ("mayi", "may-i")),
    "mexican": VariantInfo(
        "mexican", "Mexican Rummy",
        "Seven contracts with a growing hand and a wild rank that rises every round.",
        2, 6, {}, ("mexican_rummy",)),
    "michigan": VariantInfo(
        "michigan", "Michigan Rummy",
        "A stops game for chips: pay cards, a kitty and a widow; be first out.",
        3, 8, {"rotations": 1}, ("michigan_rummy",)),
}

_ALIASES = {a: v.id for v in VARIANTS.values() for a in (v.id, *v.aliases)}


def variant_id(name: str) -> str:
    """Resolve an id or alias.

    Raises:
        ValueError: unknown variant.
    """
    key = str(name).strip().lower().replace(" ", "_")
    if key not in _ALIASES:
        raise ValueError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    return _ALIASES[key]


def find_variant(name: str) -> Callable[[dict | None], object]:
    """The rules factory of a variant: call it with the options dict.

    Raises:
        ValueError: unknown variant (and, when called, bad options).
    """
    vid = variant_id(name)
    if vid == "michigan":
        from .michigan import MichiganRules
        return MichiganRules
    from .contract_family import ContractFamilyRules

    def make(options: dict | None = None):
        return ContractFamilyRules(vid, options or {})
    return make
