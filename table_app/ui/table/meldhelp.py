"""Reading a group of cards the human dropped on the meld area as a meld.

``readings(faces, wild_ranks)`` lists every way the group can be declared (a set, or a
run in some window), the most natural first: as many natural cards as possible, a wild
filling a gap before it extends a run, a run extended upwards before downwards.  The
table proposes the first reading; clicking a wild in the group steps through the others
(the role chooser, CF-3).  The engine checks the final declaration anyway.
"""
from __future__ import annotations

from ...core.actions import MeldDecl
from ...core.cards import FACE_RANK, FACE_SUIT, JOKER, make_face


def _wild_capable(f: int, wr) -> bool:
    return f == JOKER or FACE_RANK[f] in wr


def _set_readings(faces, wr) -> list[MeldDecl]:
    out = []
    ranks = {FACE_RANK[f] for f in faces if f != JOKER}
    # the set's rank: one of the ranks present (a natural rank first)
    cands = sorted(ranks, key=lambda r: (r in wr, -sum(1 for f in faces if FACE_RANK[f] == r)))
    for r in cands:
        roles = []
        ok = True
        nat = 0
        for f in faces:
            if f != JOKER and FACE_RANK[f] == r:
                roles.append(None)
                nat += 1
            elif _wild_capable(f, wr):
                roles.append(make_face(r, 0))
            else:
                ok = False
                break
        if ok and nat:
            out.append((nat, MeldDecl("set", tuple(faces), tuple(roles))))
    return [m for _, m in sorted(out, key=lambda t: -t[0])]


def _run_readings(faces, wr) -> list[MeldDecl]:
    n = len(faces)
    if n < 2 or n > 14:
        return []
    suits = {FACE_SUIT[f] for f in faces if not _wild_capable(f, wr)}
    if len(suits) > 1:
        return []
    suit_cands = list(suits) or sorted({FACE_SUIT[f] for f in faces if f != JOKER}) or [0]
    found = []
    for s in suit_cands:
        for lo in range(1, 16 - n):
            slots = {}
            ok = True
            fixed = [f for f in faces if not _wild_capable(f, wr)]
            semi = [f for f in faces if f != JOKER and FACE_RANK[f] in wr]
            jokers = [f for f in faces if f == JOKER]
            for f in fixed:
                r = FACE_RANK[f]
                slot = r if lo <= r <= lo + n - 1 else (1 if r == 14 and lo == 1 else None)
                if FACE_SUIT[f] != s or slot is None or slot in slots:
                    ok = False
                    break
                slots[slot] = (f, None)
            if not ok:
                continue
            wilds = []
            for f in semi:
                r = FACE_RANK[f]
                slot = r if lo <= r <= lo + n - 1 else (1 if r == 14 and lo == 1 else None)
                if FACE_SUIT[f] == s and slot is not None and slot not in slots:
                    slots[slot] = (f, None)
                else:
                    wilds.append(f)
            wilds += jokers
            free = [r for r in range(lo, lo + n) if r not in slots]
            if len(free) != len(wilds):
                continue
            for r, f in zip(free, wilds):
                slots[r] = (f, make_face(14 if r == 1 else r, s))
            nat = sum(1 for v in slots.values() if v[1] is None)
            if nat == 0:
                continue
            order = [slots[r] for r in range(lo, lo + n)]
            inner = sum(1 for r in free if min(slots) < r < max(slots))
            natural_lo = min((r for r in slots if slots[r][1] is None), default=lo)
            ends_up = lo >= natural_lo  # wilds extend upwards rather than downwards
            found.append(((nat, inner, ends_up, lo),
                          MeldDecl("run", tuple(f for f, _ in order), tuple(r for _, r in order))))
    found.sort(key=lambda t: t[0], reverse=True)
    return [m for _, m in found]


def readings(faces, wild_ranks) -> list[MeldDecl]:
    """Every reading of ``faces`` as a meld (sets first when all naturals share a rank)."""
    faces = list(faces)
    wr = frozenset(wild_ranks)
    sets = _set_readings(faces, wr)
    runs = _run_readings(faces, wr)
    nat_ranks = {FACE_RANK[f] for f in faces if not _wild_capable(f, wr)}
    if len(nat_ranks) <= 1 and len(faces) <= 4 and sets:
        return sets + runs
    return runs + sets if runs else sets


def roles_by_card(cards, decl: MeldDecl) -> dict:
    """Map each card id of a staged group to its role in ``decl`` (faces matched in order)."""
    out = {}
    used = set()
    for f, r in zip(decl.cards, decl.roles):
        for c in cards:
            if c not in used and c >> 3 == f:
                used.add(c)
                if r is not None:
                    out[c] = r
                break
    return out
