"""The table's wrapping fills its lines evenly: a long hint never leaves one stray word
on a line of its own (a play-tester's finding), and never takes more lines than the
plain greedy fill."""
from __future__ import annotations

from table_app.ui.table import text


def _chars(t: str, _size: int) -> int:
    return 10 * len(t)                  # 10 px a character: exact, font-free


HINT = ("Hint: in your seat the hard player leads J♥: runs 3 hearts in a row "
        "(expects +11.4 chips over 576 sampled deals)")


def test_balanced_wrap_has_no_orphan_and_no_extra_line():
    greedy = text.wrap(HINT, 17, 1080, measure=_chars, balance=False)
    assert greedy[-1] == "deals)"                   # what the toast showed
    lines = text.wrap(HINT, 17, 1080, measure=_chars)
    assert len(lines) == len(greedy) == 2
    assert " ".join(lines) == HINT
    assert all(10 * len(t) <= 1080 for t in lines)
    assert min(len(t) for t in lines) >= 40         # both lines carry words
    assert abs(len(lines[0]) - len(lines[1])) <= 12


def test_short_and_unbreakable_text():
    assert text.wrap("Your turn", 17, 1000, measure=_chars) == ["Your turn"]
    assert text.wrap("", 17, 100, measure=_chars) == []
    long = "Ааааааааааааааааааа bb"
    assert text.wrap(long, 17, 50, measure=_chars) == ["Ааааааааааааааааааа", "bb"]
