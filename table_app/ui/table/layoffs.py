"""Several cards laid off by one gesture, as a sequence of the rules' one-card lay-offs.

The rules (CF-8) and the record lay off one card at a time (``LayOff``, one ``lay_off``
line).  A drop of several cards on a meld, and "play everything that fits", are found
here as an order of legal one-card lay-offs (each wild with a role), which the table
applies together as one decision (``Engine.apply_together``: an undo takes back the
whole gesture).

* ``plan_drop(rules, state, seat, faces, meld)``: every card of ``faces`` onto table meld
  ``meld``, in an order the rules accept (8♥ before 9♥ on 5♥-7♥; a joker as 8♥ before 9♥
  when 8♥ is missing), or why not: ``(actions, None)`` / ``(None, IllegalActionError)``.
* ``plan_all(rules, state, seat)``: as many cards of the hand as fit the table's melds,
  keeping the card the rules keep for the discard (CF-12: the last card is never laid
  off).

Both are pure searches over the rules' own ``check`` and ``apply`` (no pygame, nothing
recorded); a search is bounded (``MAX_NODES``), so a hand never stalls the window.
"""
from __future__ import annotations

from typing import Any

from ...core.actions import LayOff
from ...core.cards import FACE_RANK, JOKER
from ...core.errors import IllegalActionError
from ...core.melds import can_be_wild, layoff_roles

#: the rules' refusals of a card that does not fit a meld (CF-8), as opposed to a lay-off
#: not allowed now at all (not down, the turn of going down, the last card)
NO_FIT = frozenset(("layoff_wrong_rank", "layoff_wrong_suit", "layoff_not_at_end"))

#: the most positions one search looks at (a drop of every card of a long hand on a long
#: run is found in a few dozen; a search that cannot succeed stops here)
MAX_NODES = 4000


def _try(rules, st, a):
    """The state after ``a``, or the rules' refusal."""
    try:
        rules.check(st, a)
    except IllegalActionError as e:
        return None, e
    return rules.apply(st, a), None


def _candidates(meld, face: int, wr, low_first: bool) -> list:
    """The roles to try for ``face`` on ``meld``: as itself first, then as a wild (the
    drop's end first: ``low_first`` the low end of a run)."""
    roles = layoff_roles(meld, face, wr)
    nat = [r for r in roles if r is None]
    wild = [r for r in roles if r is not None]
    wild.sort(key=lambda r: FACE_RANK[r], reverse=not low_first)
    return nat + wild


def plan_drop(rules, st, seat: int, faces, meld: int, low_first: bool = False):
    """An order in which the cards ``faces`` (faces, repeats allowed) are all laid off on
    table meld ``meld`` by ``seat``, each card as itself where it fits, else as a wild.

    Args:
        rules, st: the variant's rules object and the state now (``engine.state``).
        low_first: try a wild's role at a run's low end before its high end (the drop
            was nearer the run's low end).

    Returns:
        ``(actions, None)``: the ``LayOff`` actions in order; or ``(None, error)``: the
        ``IllegalActionError`` of the first card that does not go on (the rules' own
        refusal, with its rule id: "Lay off after going down (CF-8)", "Keep a card to
        discard (CF-12)", or the rules' reason a card no order lets on does not fit:
        "9♥ does not extend the run at either end (CF-8)").
    """
    faces = sorted(faces, key=lambda f: (can_be_wild(f, _wr(rules, st)), f))
    wr = _wr(rules, st)
    # the rules' refusal of the first card, in the state now (not held, not down, the
    # going-down turn...): said as it is, before any search
    first_err = None
    for f in faces:
        role = next(iter(_candidates(st.melds[meld], f, wr, low_first)), None) \
            if 0 <= meld < len(getattr(st, "melds", ())) else None
        _s, e = _try(rules, st, LayOff(seat, meld, f, role))
        if e is None:
            first_err = None
            break
        first_err = first_err or e
    if first_err is not None:
        return None, first_err
    nodes = [0]
    seen: set = set()
    deepest: list = [0, None]   # how many cards went on, and the refusal there

    def dfs(st, left: tuple, done: list):
        if not left:
            return done
        key = (left, st.melds[meld].cards, st.melds[meld].roles)
        if key in seen or nodes[0] >= MAX_NODES:
            return None
        seen.add(key)
        tried = set()
        for i, f in enumerate(left):
            if f in tried:
                continue
            tried.add(f)
            rest = left[:i] + left[i + 1:]
            roles = _candidates(st.melds[meld], f, wr, low_first)
            if not roles and len(done) >= deepest[0]:
                # it fits no end of the meld as it is: the rules' own words for it
                deepest[0], deepest[1] = len(done), _try(rules, st, LayOff(seat, meld, f, None))[1]
            for role in roles:
                nodes[0] += 1
                a = LayOff(seat, meld, f, role)
                st2, e = _try(rules, st, a)
                if e is not None:
                    if len(done) >= deepest[0]:
                        deepest[0], deepest[1] = len(done), e
                    continue
                got = dfs(st2, rest, done + [a])
                if got is not None:
                    return got
        return None

    got = dfs(st, tuple(faces), [])
    if got is not None:
        return got, None
    err = deepest[1] or _try(rules, st, LayOff(seat, meld, faces[-1], None))[1]
    if err is None:    # (the search ran out: said as the card that did not go on)
        err = IllegalActionError("CF-8", "layoff_not_at_end", {"card": faces[-1]})
    return None, err


def _wr(rules, st) -> frozenset:
    return frozenset(rules.wild_ranks(st.round))


def _naturals_fit(rules, st, seat: int, wr) -> tuple[Any, list[LayOff]]:
    """Lay off every natural card of ``seat``'s hand that fits some meld as itself, again
    and again (9♥ fits once 8♥ is on), on the pure state; returns ``(state, actions)``."""
    out: list[LayOff] = []
    while True:
        hand = st.hands[seat]
        moved = False
        for f in sorted({c >> 3 for c in hand}, key=lambda f: (can_be_wild(f, wr), f)):
            if f == JOKER:
                continue
            for mi, m in enumerate(st.melds):
                if None not in layoff_roles(m, f, wr):
                    continue
                st2, e = _try(rules, st, LayOff(seat, mi, f, None))
                if e is None:
                    out.append(LayOff(seat, mi, f, None))
                    st, moved = st2, True
                    break
            if moved:
                break
        if not moved:
            return st, out


def plan_all(rules, st, seat: int) -> list:
    """"Play everything that fits": lay-offs of as many of ``seat``'s cards as fit the
    table's melds (CF-8), natural cards as themselves first, then each wild where it lets
    the most natural cards follow it (a joker as 8♥ so that 9♥ goes on after it).  The
    rules keep the last card for the discard (CF-12), so one card always stays in hand.

    Returns:
        the ``LayOff`` actions in order (empty when nothing fits or laying off is not
        allowed now: not down, the going-down turn where the variant forbids it).
    """
    wr = _wr(rules, st)
    out: list = []
    budget = MAX_NODES
    while True:
        st, got = _naturals_fit(rules, st, seat, wr)
        out += got
        best = None
        for f in sorted({c >> 3 for c in st.hands[seat]}):
            if not can_be_wild(f, wr):
                continue
            for mi, m in enumerate(st.melds):
                for role in layoff_roles(m, f, wr):
                    if role is None:
                        continue
                    budget -= 1
                    if budget <= 0:
                        return out
                    a = LayOff(seat, mi, f, role)
                    st2, e = _try(rules, st, a)
                    if e is not None:
                        continue
                    st3, after = _naturals_fit(rules, st2, seat, wr)
                    # the wild that lets most naturals follow; a joker before a wild-rank
                    # card (which may yet be played as itself), a run's high end first
                    score = (len(after), f == JOKER, FACE_RANK[role])
                    if best is None or score > best[0]:
                        best = (score, a, st2)
        if best is None:
            return out
        out.append(best[1])
        st = best[2]


__all__ = ["plan_drop", "plan_all", "MAX_NODES", "NO_FIT"]
