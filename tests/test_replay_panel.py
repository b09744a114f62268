"""The replay viewer's side panel alone (``ui/replay_panel.py``): the event list follows
the position until scrolled, a click finds its row, a broken record's refusal is listed
last and drawn in full under the list (a ``ReplayModel`` and a surface, no scene)."""
from __future__ import annotations

from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from table_app.i18n import set_language  # noqa: E402
from table_app.ui.replay_model import ReplayModel  # noqa: E402
from table_app.ui.replay_panel import ROW_H, ReplayPanel  # noqa: E402

RECORDS = Path(__file__).resolve().parent / "records"


class _Recording(pygame.Surface):
    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.blits = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0))
        self.blits.append(pygame.Rect(r.topleft, pygame.Rect(area).size if area else source.get_size()))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture(autouse=True)
def _init():
    pygame.init()
    set_language("en")


def _panel(scale=1):
    return ReplayPanel(lambda x: int(round(x * scale)), lambda: (-1, -1))


def test_the_list_follows_the_position_until_it_is_scrolled():
    m = ReplayModel.open(RECORDS / "michigan_carry_over.jsonl")
    p = _panel()
    panel = pygame.Rect(900, 0, 380, 800)
    surf = _Recording((1280, 800))
    m.seek(m.end)
    p.draw(surf, panel, m, m.pos, 0, True, "the end")
    assert p.rows(m) == list(range(m.end)) and p.row_h == ROW_H
    vis = p.visible()
    assert vis >= 10 and panel.contains(p.rect)
    assert p.top <= m.pos - 1 < p.top + vis                    # the last event in view
    # every text drawn lies inside the panel
    assert all(panel.contains(r) for r in surf.blits if r.w and r.h)
    # a click on a row finds its event; above the list: none
    i = p.row_at(m, (p.rect.x + 5, p.rect.y + 2 * ROW_H + 3))
    assert i == p.top + 2 and p.row_at(m, (p.rect.x + 5, p.rect.y - 3)) is None
    # scrolled by the wheel: it stays there, even as the position moves
    p.scroll(m, -5)
    top = p.top
    assert not p.follow and top < m.pos - vis
    m.seek(m.end - 1)
    p.draw(surf, panel, m, m.pos, 0, True, "")
    assert p.top == top
    p.scroll(m, -10 ** 6)
    assert p.top == 0
    p.follow = True
    m.seek(3)
    p.draw(surf, panel, m, m.pos, 0, False, "")
    assert p.top == 0                                          # the start is in view


def test_a_broken_records_refusal_is_listed_last_and_drawn_whole():
    m = ReplayModel.open(RECORDS / "may_i_layoff_on_going_down_turn.jsonl")
    assert m.problem is not None
    p = _panel(scale=2)
    assert p.rows(m) == list(range(m.end + 1)) and p.row_h == 2 * ROW_H
    m.seek(m.end)
    panel = pygame.Rect(1800, 0, 760, 1600)
    surf = _Recording((2560, 1600))
    p.draw(surf, panel, m, m.pos, 0, True, "")
    # the refusal's box under the list: the list ends above it
    assert p.rect.bottom < panel.bottom - 2 * 18
    assert p.top <= m.end < p.top + p.visible()                # its row in view
    assert all(panel.contains(r) for r in surf.blits if r.w and r.h)


@pytest.mark.parametrize("under", [(255, 255, 255), (0, 0, 0)])
def test_the_panel_covers_what_was_drawn_under_it(under):
    """The viewer redraws the panel over its own last frame (nothing repaints the felt
    there): a translucent background left the previous rows as ghost text (seen in a
    real window after N jumped back). The panel's pixels must not depend on what lay
    under it."""
    m = ReplayModel.open(RECORDS / "michigan_carry_over.jsonl")
    m.seek(3)
    panel = pygame.Rect(900, 0, 380, 800)
    shots = []
    for colour in (under, (40, 120, 60)):
        surf = pygame.Surface((1280, 800))
        surf.fill(colour)
        _panel().draw(surf, panel, m, m.pos, 0, True, "")
        shots.append(pygame.image.tobytes(surf.subsurface(panel), "RGB"))
    assert shots[0] == shots[1]
