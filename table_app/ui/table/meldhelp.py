"""Reading a group of cards the human dropped on the meld area as a meld.

``readings(faces, wild_ranks)`` lists every way the group can be declared (a set, or a
run in some window), the most natural first: as many natural cards as possible, a wild
filling a gap before it extends a run, a run extended upwards before downwards.  The
table proposes the first reading; clicking a wild in the group steps through the others
(the role chooser, CF-3).  The engine checks the final declaration anyway.
"""
from __future__ import annotations

from dataclasses import dataclass

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
        roles: list[int | None] = []
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
            slots: dict[int, tuple[int, int | None]] = {}
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


def role_text(role: int, kind: str) -> str:
    """How a wild card's declared role is written: a set's wild stands for its rank
    (``"3"``: a set's role face has suit 0, which means nothing, CF-1), a run's for a
    card (``"3♠"``).  The table's melds show it on the wild."""
    from ...core.cards import RANK_TEXT
    if kind == "set":
        return RANK_TEXT[FACE_RANK[role]]
    from ...i18n.cards import card_name
    return card_name(role)


def role_tag(role: int, kind: str) -> str:
    """The tag on a wild card about to be melded (``"=3"``, ``"=3♠"``): the same text on
    the melds being built and in the "Go down with these melds?" dialog."""
    return "=" + role_text(role, kind)


def _and(items: list[str]) -> str:
    from ...i18n import _
    if len(items) == 1:
        return items[0]
    # Translators: the last two of a list of cards: "3♦ and 5♦" ("3♦, 5♦ and 7♦")
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def meld_fault(faces, wild_ranks, pick: int = 0, contract=None) -> str | None:
    """Why a staged group of ``faces`` is not a valid set or run, as the refusal shown to
    the player (translated, ending with the rule id), or ``None`` when it is one.

    The group is read as the table reads it (``readings``, the ``pick``-th reading) and
    checked by the rules' own ``build_meld``, so the reason is the rules' refusal
    ("A run needs four or more cards of one suit in sequence (CF-2)"), prefixed by the
    group's cards; a run of natural cards with gaps names the missing cards:
    "2♦ 4♦ 6♦ is not a run: 3♦ and 5♦ are missing (CF-2)".

    ``contract`` is the round's ``(sets, runs)``: a contract of sets only judges a bad
    group as a set (CF-1), one of runs only as a run (CF-2); with both (or ``None``)
    the group's look decides."""
    from ...core.errors import IllegalActionError
    from ...core.melds import build_meld
    from ...i18n import _, card_name, ngettext, rule_reason
    faces = list(faces)
    wr = frozenset(wild_ranks)
    shown = " ".join(card_name(f) for f in faces)
    sets_n, runs_n = contract if contract is not None else (1, 1)
    only = "set" if sets_n and not runs_n else "run" if runs_n and not sets_n else None
    rs = readings(faces, wr)
    err = None
    if rs:
        d = rs[pick % len(rs)]
        for cand in [d] + [r for r in rs if r is not d]:
            try:
                build_meld(cand.kind, 0, tuple(f << 3 for f in cand.cards), cand.roles, wr)
                return None
            except IllegalActionError as e:
                if only is None or cand.kind == only:
                    err = err or e
    naturals = [f for f in faces if not _wild_capable(f, wr)]
    nat_ranks = {FACE_RANK[f] for f in naturals}
    nat_suits = {FACE_SUIT[f] for f in naturals}
    if err is None and only == "set":
        err = IllegalActionError("CF-1", "set_too_short") \
            if len(faces) < 3 else IllegalActionError("CF-1", "set_mixed_ranks")
    elif err is None and only == "run":
        if len(nat_suits) > 1:
            err = IllegalActionError("CF-2", "run_mixed_suits")
        elif len(faces) < 4:
            err = IllegalActionError("CF-2", "run_too_short")
        elif len(nat_ranks) < len(naturals):
            err = IllegalActionError("CF-2", "run_not_consecutive")
    if err is None:
        if len(nat_suits) == 1 and len(nat_ranks) == len(naturals) > 1 \
                and len(naturals) == len(faces):
            # a run of natural cards with gaps: name the missing cards (ace low or high)
            suit = nat_suits.pop()
            best = None
            for ace in (14, 1):
                vals = sorted(ace if r == 14 else r for r in nat_ranks)
                miss = [v for v in range(vals[0], vals[-1] + 1) if v not in vals]
                if best is None or len(miss) < len(best):
                    best = miss
            if best and len(best) <= max(3, len(naturals) - 1):
                missing = [card_name(make_face(14 if v == 1 else v, suit)) for v in best]
                msg = ngettext("{cards} is not a run: {missing} is missing",
                               "{cards} is not a run: {missing} are missing",
                               len(missing)).format(cards=shown, missing=_and(missing))
                return f"{msg} (CF-2)"
        if len(nat_ranks) <= 1:
            err = IllegalActionError("CF-1", "set_too_short") \
                if len(faces) < 3 else IllegalActionError("CF-1", "set_mixed_ranks")
        elif len(nat_ranks) == len(naturals) and len(nat_suits) > 1:
            err = IllegalActionError("CF-2", "run_mixed_suits")
        elif len(nat_ranks) == len(naturals) and len(faces) < 4:
            err = IllegalActionError("CF-2", "run_too_short")
        elif len(nat_ranks) == len(naturals):
            err = IllegalActionError("CF-2", "run_not_consecutive")
        else:
            err = IllegalActionError("CF-1", "set_mixed_ranks")
    # Translators: a staged meld that is not a valid set or run: its cards, then the
    # rules' reason with its rule id ("7♠ 7♥: A set needs three or more cards... (CF-1)")
    return _("{cards}: {reason}").format(cards=shown, reason=rule_reason(err))


@dataclass(frozen=True)
class GroupState:
    """How a group being built in the meld area stands (``group_state``).

    Attributes:
        status: ``"meld"`` (a set or run of the contract as it is), ``"partial"`` (it
            becomes one with more cards: a pair, 5♥ 6♥ 7♥) or ``"bad"`` (no cards added
            make it a set or run of the contract: K♠ K♥ 5♣; the table marks it red and
            does not count it).
        kind: the meld's kind (``"meld"``), the one kind it can become (``"partial"``;
            ``None``: either), else ``None``.
        more: the fewest cards still to add (``"partial"``).
        reason: why it is ``"bad"`` (translated, ending with the rule id), else ``""``.
    """
    status: str
    kind: str | None = None
    more: int = 0
    reason: str = ""


def _bounds(kind: str, spec, rnd: int | None, terms) -> tuple[int, int]:
    """The fewest and most cards a going-down ``kind`` may have: CF-1/CF-2 (3+, 4+),
    Contract's exact 3 and 4 in rounds 1-6 (CR-4), round 7's sizes (CR-9: sets of 3 or
    more, a run of 7 or more)."""
    lo = 3 if kind == "set" else 4
    hi = 10 ** 6 if kind == "set" else 14
    size = getattr(terms, "set_size" if kind == "set" else "run_size", None) if terms else None
    if size:
        lo = max(lo, size)
    r7 = getattr(spec, "round7_sizes", None) if rnd == 7 else None
    if r7:
        lo = max(lo, r7[0] if kind == "set" else r7[1])
    if spec is not None and getattr(spec, "exact_sizes", False) and rnd is not None and rnd != 7:
        hi = lo
    return lo, hi


def _wild_cap(n: int) -> int:
    """The most wilds a meld of ``n`` cards holds when its naturals must outnumber them
    (CR-4)."""
    return (n - 1) // 2


def _could_be_set(faces, wr, lo, hi, majority) -> int | None:
    """The fewest cards to add to make ``faces`` a set (CF-1), or ``None`` if none make it."""
    fixed = {FACE_RANK[f] for f in faces if not _wild_capable(f, wr)}
    if len(fixed) > 1 or len(faces) > hi:
        return None
    if fixed:
        r = next(iter(fixed))
        wild = sum(1 for f in faces if f == JOKER or FACE_RANK[f] != r)
    else:   # only wild-capable cards: a set of their rank (threes in Mexican's round 1)
        ranks = {FACE_RANK[f] for f in faces if f != JOKER}
        wild = min((sum(1 for f in faces if f == JOKER or FACE_RANK[f] != r) for r in ranks),
                   default=len(faces))
    if majority and hi < 10 ** 6 and wild > _wild_cap(hi):
        return None
    more = max(0, lo - len(faces))
    if majority:   # CR-4: more naturals than wilds, so as many naturals still to come
        more = max(more, 2 * wild + 1 - len(faces))
    if all(f == JOKER for f in faces):
        more = max(1, more)   # jokers alone: a natural still to come (CF-1)
    return more


def _could_be_run(faces, wr, lo, hi, majority) -> int | None:
    """The fewest cards to add to make ``faces`` a run (CF-2), or ``None``."""
    fixed = [f for f in faces if not _wild_capable(f, wr)]
    if len(faces) > hi or len({FACE_SUIT[f] for f in fixed}) > 1:
        return None
    best = None
    ranks = [FACE_RANK[f] for f in fixed]
    for ace in (14, 1):
        vals = sorted(ace if r == 14 else r for r in ranks)
        if len(set(vals)) < len(vals):
            continue
        span = vals[-1] - vals[0] + 1 if vals else 0
        need = max(lo, span, len(faces))
        if need > hi or need > 14:
            continue
        if majority:
            jokers = sum(1 for f in faces if f == JOKER)
            if jokers > _wild_cap(hi):
                continue
        more = need - len(faces)
        if not fixed and all(f == JOKER for f in faces):
            more = max(1, more)   # jokers alone: a natural still to come (CF-2)
        best = more if best is None else min(best, more)
    return best


def group_state(faces, wild_ranks, contract, spec=None, rnd: int | None = None, terms=None,
                pick: int = 0) -> GroupState:
    """How a staged group of ``faces`` stands for the round's contract (``GroupState``).

    Args:
        contract: ``(sets, runs)``; only its kinds count (a run in a round of sets only
            is ``"bad"``).
        spec: the variant's ``VariantSpec`` (Contract's exact sizes and naturals majority,
            CR-4; round 7's run of 7, CR-9), or ``None`` for the plain CF-1/CF-2 sizes.
        rnd, terms: the round and its ``ContractTerms`` (round 7's sizes).
        pick: the reading chosen for its wilds (``readings``).
    """
    from ...core.errors import IllegalActionError
    from ...core.melds import build_meld
    from ...i18n import card_name, rule_reason
    faces = list(faces)
    wr = frozenset(wild_ranks)
    sets_n, runs_n = contract
    kinds = [k for k, n in (("set", sets_n), ("run", runs_n)) if n]
    majority = bool(getattr(spec, "naturals_majority", False))
    rs = readings(faces, wr)
    size_err = None
    if rs:
        d = rs[pick % len(rs)]
        for cand in [d] + [r for r in rs if r is not d]:
            if cand.kind not in kinds:
                continue
            try:
                build_meld(cand.kind, 0, tuple(f << 3 for f in cand.cards), cand.roles, wr)
            except IllegalActionError:
                continue
            lo, hi = _bounds(cand.kind, spec, rnd, terms)
            nw = sum(1 for r in cand.roles if r is not None)
            if lo <= len(faces) <= hi and not (majority and not len(faces) - nw > nw):
                return GroupState("meld", cand.kind)
            if len(faces) > hi and size_err is None:
                size_err = IllegalActionError("CR-4", "exact_contract",
                                              {"kind": cand.kind, "n": len(faces)})
            elif majority and not len(faces) - nw > nw and size_err is None \
                    and len(faces) >= hi:
                size_err = IllegalActionError("CR-4", "naturals_majority",
                                              {"natural": len(faces) - nw, "wild": nw})
    could = {}
    for k in kinds:
        lo, hi = _bounds(k, spec, rnd, terms)
        more = (_could_be_set if k == "set" else _could_be_run)(faces, wr, lo, hi, majority)
        if more is not None and more > 0:
            could[k] = more
    if could:
        kind = next(iter(could)) if len(could) == 1 else None
        return GroupState("partial", kind, min(could.values()))
    why = meld_fault(faces, wr, pick, contract) if size_err is None else None
    if why is None:
        # a meld, but not one this contract takes: too long (CR-4), too wild (CR-4), or of
        # a kind the contract has none of (three sevens in a round of runs)
        from ...i18n import _
        err = size_err
        if err is None and rnd is not None and terms is not None:
            err = IllegalActionError("CF-7", "contract_is", {"round": rnd, "contract": terms})
        if err is None:
            err = IllegalActionError("CF-1", "set_mixed_ranks") if kinds == ["set"] \
                else IllegalActionError("CF-2", "run_mixed_suits")
        shown = " ".join(card_name(f) for f in faces)
        why = _("{cards}: {reason}").format(cards=shown, reason=rule_reason(err))
    return GroupState("bad", reason=why)


def contract_shortfall(groups, contract, contract_terms, wild_ranks, picks=(), spec=None,
                       rnd: int | None = None, states=None) -> str | None:
    """Why the staged ``groups`` (lists of faces) cannot make the round's contract yet, as
    the meld area says it and Go down stays off for (translated), or ``None`` when they
    make it: ``contract`` is ``(sets, runs)``, ``contract_terms`` all the contract asks (a
    ``ContractTerms``), ``spec`` and ``rnd`` the variant's sizes (``group_state``).

    Each group is judged by ``group_state`` (``states``: already worked out): a meld
    counts as its kind, a group that more cards complete counts as the kind it can
    become (either, when it can become both) and says what it lacks, a group that no
    cards make a set or run of the contract is not counted and says why.

    "Go down needs 2 sets: 1 set still to build"; "Go down needs 1 set + 1 run, not
    2 sets"; "Go down needs 2 sets: 1 group too many in the meld area"; "Go down needs
    2 sets: 1 set still to build; K♠ K♥ needs 1 more card"; "Go down needs 2 sets: 2 sets
    still to build; K♠ K♥ 5♣: A set's cards must all be of one rank (CF-1)"."""
    from ...i18n import _, card_name, contract_name, ngettext
    from ...variants.specs import ContractTerms as counted
    sets, runs = contract
    wr = frozenset(wild_ranks)
    if states is None:
        states = [group_state(g, wr, contract, spec, rnd, contract_terms,
                              picks[gi] if gi < len(picks) else 0) for gi, g in enumerate(groups)]
    only_set = only_run = flexible = 0
    extras = []
    for g, gs in zip(groups, states):
        if gs.status == "bad":
            extras.append(gs.reason)
            continue
        if gs.kind == "set":
            only_set += 1
        elif gs.kind == "run":
            only_run += 1
        else:
            flexible += 1
        if gs.status == "partial":
            shown = " ".join(card_name(f) for f in g)
            # Translators: a group in the meld area that is not a meld yet: "K♠ K♥ needs
            # 1 more card"
            extras.insert(0, ngettext("{cards} needs {n} more card", "{cards} needs {n} more cards",
                                      gs.more).format(cards=shown, n=gs.more))
    need = contract_name(contract_terms)
    n = only_set + only_run + flexible
    main = None
    if n > sets + runs:
        k = n - sets - runs
        main = ngettext("Go down needs {contract}: {n} group too many in the meld area",
                        "Go down needs {contract}: {n} groups too many in the meld area",
                        k).format(contract=need, n=k)
    elif only_set > sets or only_run > runs:
        # Translators: the meld area when its melds are of the wrong kinds: "Go down needs
        # 1 set + 1 run, not 2 sets"
        main = _("Go down needs {contract}, not {built}").format(
            contract=need, built=contract_name(counted(only_set + (flexible if only_run > runs else 0),
                                                       only_run + (flexible if only_set > sets else 0))))
    elif n < sets + runs:
        k = sets + runs - n
        miss_s, miss_r = sets - only_set, runs - only_run
        if flexible == 0:
            missing = contract_name(counted(miss_s, miss_r))
        elif miss_r == 0:
            missing = contract_name(counted(k, 0))
        elif miss_s == 0:
            missing = contract_name(counted(0, k))
        else:
            # Translators: how many melds are still to build, of either kind: "1 meld"
            missing = ngettext("{n} meld", "{n} melds", k).format(n=k)
        # Translators: the meld area while melds are missing: "Go down needs 2 sets: 1 set
        # still to build"
        main = _("Go down needs {contract}: {missing} still to build").format(
            contract=need, missing=missing)
    if main is None and not extras:
        return None
    if main is None:
        # Translators: the meld area when the melds are counted but one is not ready:
        # "Go down needs 2 sets: K♠ K♥ needs 1 more card"
        main = _("Go down needs {contract}: {what}").format(contract=need, what=extras.pop(0))
    return "; ".join([main] + extras)


#: the hand's suit order (alternate colours: spades, hearts, clubs, diamonds; jokers last)
_SUIT_ORDER = {0: 0, 1: 1, 3: 2, 2: 3, -1: 4}


def meld_order(cards, decl: MeldDecl | None, wild_ranks) -> list:
    """The card ids of a staged group in the order they would lie on the table: a run by
    rank (ace low or high as ``decl`` reads it), each wild in its role's place; a set by
    suit, the wilds last; a group that is no meld (``decl`` ``None``) by suit, then rank."""
    cards = list(cards)
    wr = frozenset(wild_ranks)
    if decl is not None and decl.kind == "run":
        out, used = [], set()
        for f in decl.cards:
            c = next((c for c in cards if c not in used and c >> 3 == f), None)
            if c is not None:
                used.add(c)
                out.append(c)
        return out + [c for c in cards if c not in used]
    if decl is not None:
        wild = roles_by_card(cards, decl)
        return sorted(cards, key=lambda c: (c in wild, _SUIT_ORDER[FACE_SUIT[c >> 3]], c))
    return sorted(cards, key=lambda c: (_wild_capable(c >> 3, wr), _SUIT_ORDER[FACE_SUIT[c >> 3]],
                                        FACE_RANK[c >> 3], c))


def decl_pretty(d: MeldDecl) -> str:
    """A declaration in words: "run: 5♣  6♣  JK as 7♣  8♣", "set: 7♣  7♦  4♥ as a 7"."""
    from ...core.cards import RANK_TEXT
    from ...i18n import _, card_name
    out = []
    for f, r in zip(d.cards, d.roles):
        if r is None:
            out.append(card_name(f))
        elif d.kind == "set":
            out.append(_("{card} as a {rank}").format(card=card_name(f), rank=RANK_TEXT[FACE_RANK[r]]))
        else:
            out.append(_("{card} as {role}").format(card=card_name(f), role=card_name(r)))
    kind = _("set") if d.kind == "set" else _("run")
    return _("{kind}: {cards}").format(kind=kind, cards="  ".join(out))
