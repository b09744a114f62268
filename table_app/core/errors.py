"""Errors of the rules core.

``IllegalActionError`` is raised by ``Engine.apply`` (and the rules' ``check``) for an
action the rules refuse.  It carries the rule id, a message id and the message's
parameters (``IllegalActionError("MI-4", "no_layoff_on_go_down_turn", {})``), never a
sentence: the UI and the CLI put it into words at the edge (``i18n.rule_reason(err)``:
``"You can't lay off on the turn you go down (MI-4)"``).  ``str(err)`` is that English
text, for logs.  Nothing changes when it is raised.

``RecordError`` is raised for a file or a line that is not a valid game record (not JSON,
wrong format or version, unknown variant, a deck that is not the variant's deck).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import Message


class IllegalActionError(ValueError):
    """An action the rules refuse.

    Args:
        rule: the rule id that refuses it (``"MI-4"``, ``"CF-7"``, ...).
        message_id: the refusal's message id (``table_app/i18n/refusals.py`` lists them
            with their English text).
        params: the message's parameters (see ``table_app.core.messages``).

    Attributes:
        rule, message_id, params: as given.
        message: the refusal as a ``Message`` (id and parameters).
        reason: the English sentence, without the rule id (for logs and tests).
    """

    def __init__(self, rule: str, message_id: str, params: Mapping[str, Any] | None = None):
        self.rule = rule
        self.message_id = message_id
        self.params = dict(params or {})
        super().__init__(rule, message_id, self.params)

    @property
    def message(self) -> Message:
        return Message.of(self.message_id, self.params)

    @property
    def reason(self) -> str:
        return str(self.message)

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class RecordError(ValueError):
    """A game record (or part of one) that cannot be read.

    Attributes:
        line: the 1-based line number in the file, when known.
    """

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line else message)
