"""Errors of the rules core.

``IllegalActionError`` is raised by ``Engine.apply`` (and the rules' ``check``) for an
action the rules refuse: the message is for people and names the rule id
(``"You can't lay off on the turn you go down (MI-4)"``); ``rule`` holds the id.
Nothing changes when it is raised.

``RecordError`` is raised for a file or a line that is not a valid game record (not JSON,
wrong format or version, unknown variant, a deck that is not the variant's deck).
"""
from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules refuse.

    Attributes:
        rule: the rule id that refuses it (``"MI-4"``, ``"CF-7"``, ...).
        reason: the sentence for people, without the rule id.
    """

    def __init__(self, reason: str, rule: str):
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


class RecordError(ValueError):
    """A game record (or part of one) that cannot be read.

    Attributes:
        line: the 1-based line number in the file, when known.
    """

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line else message)
