"""Checks on user-visible text for tests: the English words left in a translated text
(``english_left``: rule ids, key names and card codes allowed)."""
from __future__ import annotations

import re

_ALLOWED = {"CF", "CR", "MI", "MX", "MG", "JK", "Tab", "Enter", "Shift", "Esc", "Ctrl",
            "Ann", "Boris", "Chloe", "Dmitro", "Eva", "Farid", "Greta", "Normal"}


_WORD = re.compile(r"[A-Za-z]{2,}")


def english_left(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w not in _ALLOWED]
