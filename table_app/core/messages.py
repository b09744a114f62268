"""Messages for people as an id and its parameters, never as sentences.

The rules refuse with a message id (``IllegalActionError(rule, message_id, params)``) and
the computer players explain a decision with one (``Message("discard", card=face)``);
the words are chosen where the message is shown, in the player's language
(``table_app.i18n``: ``rule_reason(err)``, ``hint_reason(msg)``).  The registries of the
ids and their English texts are ``table_app/i18n/refusals.py`` and
``table_app/i18n/hints.py``.

Parameters are plain values, named by what they are (the name decides how a language
shows them, see ``table_app/i18n/render.py``): ``card``/``card2`` a card face (int),
``cards`` a tuple of faces, ``rank`` a rank 2..14, ``suit`` a suit 0..3, ``kind``
``"set"``/``"run"``, ``contract`` a ``ContractTerms``, ``game`` a variant id, ``seat``,
``n``, ``round``, ``points``... numbers, and a nested ``Message`` (or a tuple of them) for a
part of a phrase.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


def N_(msg: str) -> str:
    """Mark ``msg`` as a catalog message id for the extractor (``table_app.i18n.extract``)
    and return it unchanged: the words are chosen where it is shown, ``_(msg)``."""
    return msg


@dataclass(frozen=True, slots=True, init=False)
class Message:
    """A message id with its parameters (immutable, hashable, compared by value).

    ``Message("not_held", card=face)``; ``params`` gives them as a dict; ``str()`` is the
    English text (for logs and tests), rendered by ``table_app.i18n``.
    """

    id: str
    items: tuple[tuple[str, Any], ...]

    def __init__(self, id: str, /, **params: Any) -> None:  # noqa: A002 - the message id
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "items", tuple(sorted(params.items())))

    @classmethod
    def of(cls, id: str, params: Mapping[str, Any] | None = None) -> Message:  # noqa: A002
        """A message from an id and a mapping of parameters."""
        return cls(id, **dict(params or {}))

    @property
    def params(self) -> dict[str, Any]:
        """The parameters, as a new dict."""
        return dict(self.items)

    def __str__(self) -> str:
        from ..i18n.render import render
        return render(self, "en")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.items)
        return f"Message({self.id!r}{args})"


__all__ = ["Message", "N_"]
