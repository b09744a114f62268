"""The buttons' labels are legible (issue #19: in a real window at 1024x640 the dimmed
gold "Go down" read 2.5:1, gold-brown on brown): every class of the theme, enabled and
disabled, has its text at least 4.5:1 against its background (WCAG's contrast ratio),
the classes inheriting the defaults' colours they do not set."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

THEME = Path(__file__).resolve().parents[1] / "table_app" / "ui" / "theme.json"


def _lum(h: str) -> float:
    def ch(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (int(h[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a: str, b: str) -> float:
    lo, hi = sorted((_lum(a), _lum(b)))
    return (hi + 0.05) / (lo + 0.05)


def _classes():
    theme = json.loads(THEME.read_text(encoding="utf-8"))
    base = theme["defaults"]["colours"]
    for name, block in theme.items():
        cols = block.get("colours") if isinstance(block, dict) else None
        if not cols:
            continue
        yield name, dict(base, **cols)


@pytest.mark.parametrize("state", ["normal", "disabled"])
def test_every_button_class_reads_at_4_5_to_1(state):
    low = []
    for name, cols in _classes():
        if "button" not in name and not name.startswith(("@primary", "defaults")):
            continue
        fg, bg = cols.get(f"{state}_text"), cols.get(f"{state}_bg")
        if fg and bg and len(fg) == 7 and len(bg) == 7 and contrast(fg, bg) < 4.5:
            low.append((name, fg, bg, round(contrast(fg, bg), 2)))
    assert low == []
