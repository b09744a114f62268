"""The variant registry (python-chess ``variant.py`` style), built from the specs.

``VARIANTS`` maps each variant id to its ``VariantSpec`` (``specs.py``: the one place a
game is described).  ``find_variant(name)`` resolves an id or an alias to a rules
factory: ``find_variant("may_i")(options) -> rules``; an alias brings the options it
names (``find_variant("deuces_wild")({})`` is Contract Rummy with deuces wild).
``resolve_variant(name, options)`` gives the id and the options together.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.phase import Phase
from .specs import SPECS, VARIANT_SPECS, Buying, ContractSpec, Family, RuleIds, VariantSpec

if TYPE_CHECKING:
    from ..engine.rules import Rules

#: variant id -> its spec, in the picker's order
VARIANTS: dict[str, VariantSpec] = dict(VARIANT_SPECS)

#: every id and alias -> (variant id, the options the name brings)
_NAMES: dict[str, tuple[str, Mapping[str, Any]]] = {}
for _spec in VARIANTS.values():
    _NAMES[_spec.id] = (_spec.id, {})
    for _alias, _opts in _spec.aliases.items():
        if _alias in _NAMES:
            raise ValueError(f"the variant name {_alias!r} is given twice")
        _NAMES[_alias] = (_spec.id, _opts)

RulesFactory = Callable[[Mapping[str, Any] | None], "Rules[Any, Any]"]


def _key(name: str) -> str:
    return str(name).strip().lower().replace(" ", "_")


def variant_id(name: str) -> str:
    """Resolve an id or alias to the variant id (``"deuces_wild"`` -> ``"contract"``).

    Raises:
        ValueError: unknown variant.
    """
    return resolve_variant(name)[0]


def resolve_variant(name: str, options: Mapping[str, Any] | None = None
                    ) -> tuple[str, dict[str, Any]]:
    """The variant id of ``name`` (an id or alias) and the options to play it with: the
    options the alias names, then ``options``.

    Raises:
        ValueError: unknown variant, or ``options`` contradicting the alias (the
            ``deuces_wild`` alias with ``{"deuces_wild": False}``).
    """
    key = _key(name)
    if key not in _NAMES:
        raise ValueError(f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    vid, named = _NAMES[key]
    out = dict(named)
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"the options must be an object, not {options!r}")
    for k, v in (options or {}).items():
        if k in named and named[k] != v:
            raise ValueError(f"the variant name {name!r} means {k}={named[k]!r}, not {v!r}")
        out[k] = v
    return vid, out


def spec_of(name: str) -> VariantSpec:
    """The spec of a variant id or alias.

    Raises:
        ValueError: unknown variant.
    """
    return VARIANTS[variant_id(name)]


def layout_game(name: str) -> bool:
    """Whether a variant id or alias names a layout game played for chips
    (``spec.layout``: Michigan; its deals are just deals, its scores chips, the highest
    wins).  An unknown name (a damaged record's) is no layout game."""
    try:
        return VARIANTS[variant_id(name)].layout
    except ValueError:
        return False


def find_variant(name: str) -> RulesFactory:
    """The rules factory of a variant id or alias: call it with the options (a mapping or
    ``None``); an alias adds the options it names.

    Raises:
        ValueError: unknown variant (and, when called, bad options or options that
            contradict the alias).
    """
    vid, named = resolve_variant(name)

    def options_of(options: Mapping[str, Any] | None) -> Any:
        # the rules validate what they are given (a non-mapping included); an alias's
        # options are added first
        return options if not named else resolve_variant(name, options)[1]

    if VARIANTS[vid].family is Family.STOPS:
        from .michigan import MichiganRules

        def make_stops(options: Mapping[str, Any] | None = None) -> Rules[Any, Any]:
            return MichiganRules(options_of(options))
        return make_stops
    from .contract_family import ContractFamilyRules

    def make(options: Mapping[str, Any] | None = None) -> Rules[Any, Any]:
        return ContractFamilyRules(vid, options_of(options))
    return make


__all__ = ["VARIANTS", "find_variant", "variant_id", "resolve_variant", "spec_of", "layout_game",
           "VariantSpec", "ContractSpec", "RuleIds", "Buying", "Family", "Phase", "SPECS"]
