"""World sampling: a whole state consistent with one seat's observation (principle 6;
OpenSpiel's ``ResampleFromInfostate``).

``sample_cf_world(rules, obs, rng)`` (the contract family) and
``sample_michigan_world(rules, obs, rng)`` (Michigan) deal the cards the observing seat
has not seen to the places it cannot see, consistently with everything the observation
shows, and fill the rest of the state from the observation itself, so that
``rules.observe(world, obs.seat) == obs`` field by field and every card of the deck is
in exactly one place.  The rules classes expose them as ``sample_world``
(``engine.rules.WorldSampler``); a searching computer player imagines its worlds with it.

Contract family (CF-6 ... CF-16):
    * the other seats' hands are the cards they were seen to take from the discard pile
      and still hold (``Observation.known``: taken upcards, bought cards, MI-7) plus
      unseen cards at random, in their observed sizes; the stock is the rest, in random
      order (its size as observed; the cards of a refill, CF-13, are unseen again);
    * a buying window (MI-5, MI-6, CR-5) keeps the observed queue: the rules built it
      with their own window, which never asks the card's discarder;
    * the discarders of the cards under the upcard are not shown; they are guessed as
      the seats before the upcard's discarder in turn order (exact while nobody took or
      bought from the pile since);
    * the CF-14 quiet-turn count is not shown; it is taken as 0.
Michigan (MG-4 ... MG-10):
    * what the table has shown of the hidden cards (``infer_hidden``): a stop shows the
      next card of its suit in the widow (MG-7); a lead shows its leader holds none of
      the suit's unplayed cards below it (MG-5, MG-8); a running sequence's next card is
      held by the seat to follow (MG-6);
    * the unseen cards go to the other hands (in their sizes) and the widow under those
      constraints (a bipartite assignment, so a consistent deal is always found).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import make_deck
from ..core.phase import Phase

if TYPE_CHECKING:
    from .contract_family import CFState, ContractFamilyRules, Observation
    from .michigan import MichiganObservation, MichiganRules, MichiganState


# ---------------------------------------------------------------------- contract family
def cf_unseen(rules: ContractFamilyRules, obs: Observation) -> list[int]:
    """Card ids (sorted) ``obs.seat`` has not seen where they are: the full deck minus
    its hand, the discard pile, the table melds and the other seats' known cards (every
    hand, once the deal is over and the hands are shown, CF-15)."""
    full = make_deck(rules.spec.decks_for(obs.num_players), 2)
    seen = set(obs.hand)
    seen.update(obs.discard_pile)
    for m in obs.melds:
        seen.update(m.cards)
    if obs.hands_shown is not None:
        for h in obs.hands_shown:
            seen.update(h)
    else:
        for s, k in enumerate(obs.known):
            if s != obs.seat:
                seen.update(k)
    return [c for c in full if c not in seen]


def cf_hidden_counts(obs: Observation) -> list[int]:
    """Per seat, how many of its cards ``obs.seat`` cannot name (0 for itself, and for
    every seat once the hands are shown)."""
    if obs.hands_shown is not None:
        return [0] * obs.num_players
    return [0 if s == obs.seat else obs.hand_sizes[s] - len(obs.known[s])
            for s in range(obs.num_players)]


def _buyer(obs: Observation) -> int:
    """The seat that bought in the window still open (MI-7's chain), or -1: the last
    action was a buy and that seat's newest known card is the bought face."""
    last = obs.last
    if obs.phase != Phase.BUY or last is None or last.kind != "buys":
        return -1
    for s in range(obs.num_players):
        k = obs.known[s]
        if s != obs.current and s not in obs.buy_queue and k and k[-1] >> 3 == last.face:
            return s
    return -1


def sample_cf_world(rules: ContractFamilyRules, obs: Observation, rng: random.Random,
                    hands: Sequence[Sequence[int]] | None = None) -> CFState:
    """A ``CFState`` consistent with ``obs`` (see the module's docstring).

    Args:
        rules: the rules the observation belongs to (the deck, the options).
        obs: one seat's ``Observation``.
        rng: draws the unseen cards' places.
        hands: optional, per seat, the unseen cards to give that seat (an opponent
            model's choice); every other seat's share and the stock are drawn at random
            from what is left.  Each must be unseen and fit the seat's hidden count.

    Raises:
        ValueError: the observation is inconsistent (its hidden counts and stock size do
            not add up to the unseen cards), or ``hands`` does not fit it.
    """
    from .contract_family import CFState

    n, me = obs.num_players, obs.seat
    ph = obs.phase
    if ph == Phase.PREDEAL:
        return rules.initial_state(n)
    pool = cf_unseen(rules, obs)
    need = cf_hidden_counts(obs)
    if sum(need) + obs.stock_size != len(pool):
        raise ValueError(f"the observation does not add up: {len(pool)} unseen cards for "
                         f"{sum(need)} hidden in hands and a stock of {obs.stock_size}")
    fixed: list[list[int]] = [[] for _ in range(n)]
    if hands is not None:
        left = set(pool)
        for s, h in enumerate(hands):
            if not h:
                continue
            if s == me or len(h) > need[s] or not set(h) <= left or len(set(h)) != len(h):
                raise ValueError(f"the cards given to seat {s} do not fit the observation")
            fixed[s] = list(h)
            left -= set(h)
        pool = [c for c in pool if c in left]
    rng.shuffle(pool)
    k = 0
    out_hands = []
    for s in range(n):
        if obs.hands_shown is not None:
            out_hands.append(tuple(obs.hands_shown[s]))
            continue
        if s == me:
            out_hands.append(tuple(obs.hand))
            continue
        m = need[s] - len(fixed[s])
        out_hands.append(tuple(obs.known[s]) + tuple(fixed[s]) + tuple(pool[k:k + m]))
        k += m
    stock = tuple(pool[k:])
    disc = tuple(obs.discard_pile)
    by = obs.upcard_by
    if by < 0:
        discarders = (-1,) * len(disc)
    else:  # the seats before the upcard's discarder, in turn order (a guess: not shown)
        discarders = tuple((by - (len(disc) - 1 - i)) % n for i in range(len(disc)))
    if ph == Phase.DRAW and obs.stock_due:
        phase = Phase.STOCK
    else:
        phase = Phase(ph)
    last = obs.last
    melded = phase == Phase.PLAY and last is not None and last.kind in (
        "goes_down", "lays_off", "swaps")
    buyer = _buyer(obs)
    wins = [0] * n
    for r in obs.results:
        if r.winner is not None:
            wins[r.winner] += 1
    return CFState(n=n, round=obs.round, dealer=obs.dealer, phase=phase, current=obs.current,
                   hands=tuple(out_hands), stock=stock, discard=disc, discarders=discarders,
                   melds=tuple(obs.melds), down=tuple(obs.down),
                   went_down_now=obs.went_down_now, melded_now=melded or obs.went_down_now,
                   queue=tuple(obs.buy_queue), prev_buyer=buyer, locked=obs.locked, quiet=0,
                   known=tuple(tuple(k) for k in obs.known), results=tuple(obs.results),
                   wins=tuple(wins), last=obs.last, restocks=obs.restocks,
                   bought_now=(buyer,) if buyer >= 0 else ())


# ---------------------------------------------------------------------- Michigan
def infer_hidden(obs: MichiganObservation) -> tuple[set[int], dict[int, set[int]]]:
    """What the public record tells about the hidden cards (faces), MG-6 ... MG-8.

    Returns ``(widow, barred)``:

    * ``widow``: faces certainly in the widow.  A played card ``f`` (not an ace) whose
      next card ``f + 1`` is unplayed ended its sequence with a stop (MG-7: nobody held
      ``f + 1``), unless it is the last card of the sequence still running; so ``f + 1``
      is in the widow.
    * ``barred``: seat -> faces that seat cannot hold.  A played card whose card below is
      unplayed (or a two) was a lead, and a lead is the leader's lowest card of its suit
      (MG-5, MG-8): the leader holds none of that suit's unplayed cards below it.

    Only what every seat sees is used (the cards face up in front of each seat and the
    running sequence), so the inference is the same for every observer.
    """
    gone = {c >> 3 for pl in obs.played for c in pl}
    running = None
    if obs.sequence is not None and not obs.stopped and not obs.deal_over:
        running = obs.sequence[1] >> 3
    widow = set()
    for f in gone:
        if f % 13 == 12 or f == running:
            continue
        if f + 1 not in gone:
            widow.add(f + 1)
    barred: dict[int, set[int]] = {s: set() for s in range(obs.num_players)}
    for p, pl in enumerate(obs.played):
        for c in pl:
            f = c >> 3
            r = f % 13
            if r == 0 or f - 1 not in gone:
                barred[p].update(q for q in range(f - r, f) if q not in gone)
    return widow, barred


def _assign(cards: list[int], caps: dict[int, int], allowed: dict[int, list[int]],
            rng: random.Random) -> dict[int, int] | None:
    """A random assignment of ``cards`` to places (``caps``: place -> how many), each card
    to one of ``allowed[card]``: Kuhn's augmenting paths over the places' free slots,
    cards and places in random order.  ``None`` when there is none."""
    held: dict[int, list[int]] = {p: [] for p in caps}
    where: dict[int, int] = {}
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda c: len(allowed[c]))  # the most constrained first (stable: random ties)

    def place(c: int, seen: set[int]) -> bool:
        opts = list(allowed[c])
        rng.shuffle(opts)
        for p in opts:
            if len(held[p]) < caps[p]:
                held[p].append(c)
                where[c] = p
                return True
        for p in opts:
            if p in seen:
                continue
            seen.add(p)
            for d in list(held[p]):
                # move ``d`` elsewhere (``p`` is full, so not back into ``p``), then take its slot
                if place(d, seen):
                    held[p].remove(d)
                    held[p].append(c)
                    where[c] = p
                    return True
        return False

    for c in order:
        if not place(c, set()):
            return None
    return where


def sample_michigan_world(rules: MichiganRules, obs: MichiganObservation,
                          rng: random.Random) -> MichiganState:
    """A ``MichiganState`` consistent with ``obs`` (see the module's docstring).

    Raises:
        ValueError: no deal fits the observation (it cannot come from a real game).
    """
    from .michigan import FINAL, MISDEALT, OVER, PLAYED, PLAYING, WIDOW, MichiganState

    n, me = obs.num_players, obs.seat
    layout = tuple(obs.layout[c] for c in ("AH", "KC", "QD", "JS")) + (obs.kitty,)
    if obs.round == 0:
        return rules.initial_state(n)
    if obs.finished:
        status = FINAL
    elif obs.deal_over:
        status = OVER
    elif obs.phase == Phase.DEAL:
        status = MISDEALT
    else:
        status = PLAYING
    if status == MISDEALT:
        empty: tuple[tuple[int, ...], ...] = ((),) * n
        return MichiganState(
            num_players=n, status=MISDEALT, round=obs.round, dealer=obs.dealer, hands=empty,
            widow=(), played=empty, loc=(), seq_suit=-1, seq_last=-1,
            to_move=(obs.dealer + 1) % n, following=False, last_player=-1, layout=layout,
            balances=tuple(obs.balances), saved=(tuple(obs.balances), layout), winner=-1,
            results=tuple(obs.results))
    loc = [PLAYED] * 52
    if obs.hands_shown is not None:
        hands = tuple(tuple(h) for h in obs.hands_shown)
        widow = tuple(obs.widow or ())
        for s, h in enumerate(hands):
            for c in h:
                loc[c >> 3] = s
        for c in widow:
            loc[c >> 3] = WIDOW
    else:
        mine = {c >> 3 for c in obs.hand}
        gone = {c >> 3 for pl in obs.played for c in pl}
        for f in mine:
            loc[f] = me
        in_widow, barred = infer_hidden(obs)
        caps = {s: obs.hand_sizes[s] for s in range(n) if s != me}
        caps[WIDOW] = 52 - sum(obs.hand_sizes) - len(gone)
        unseen = [f for f in range(52) if f not in mine and f not in gone]
        forced: dict[int, int] = {f: WIDOW for f in in_widow}
        if obs.phase == Phase.FOLLOW and obs.sequence is not None and obs.to_act is not None \
                and obs.to_act != me:
            forced[(obs.sequence[1] >> 3) + 1] = obs.to_act  # MG-6: its holder follows
        allowed = {}
        for f in unseen:
            if f in forced:
                allowed[f] = [forced[f]]
            else:
                allowed[f] = [p for p in caps if p == WIDOW or f not in barred[p]]
        where = _assign(unseen, caps, allowed, rng)
        if where is None:
            raise ValueError("no deal of the hidden cards fits the observation")
        for f, p in where.items():
            loc[f] = p
        hl: list[list[int]] = [[] for _ in range(n)]
        wl: list[int] = []
        for f in range(52):
            if loc[f] >= 0:
                hl[loc[f]].append(f << 3)
            elif loc[f] == WIDOW:
                wl.append(f << 3)
        hands = tuple(tuple(h) for h in hl)
        widow = tuple(wl)
    seq_suit, seq_last = (-1, -1) if obs.sequence is None else (
        obs.sequence[0], obs.sequence[1] >> 3)
    last_player = -1
    if seq_last >= 0:
        last_player = next(s for s, pl in enumerate(obs.played) if (seq_last << 3) in pl)
    if status == PLAYING:
        to_move = obs.to_act if obs.to_act is not None else -1
        following = obs.phase == Phase.FOLLOW
    else:
        to_move, following = last_player, False
    winner = obs.winner if obs.winner is not None else -1
    bal = tuple(obs.balances)
    before = tuple(obs.results[-1].balances) if obs.results and status == PLAYING else bal
    saved = (before, layout)  # (MG-12's journal before the ante: not shown; a misdeal is not searched)
    return MichiganState(
        num_players=n, status=status, round=obs.round, dealer=obs.dealer, hands=hands,
        widow=widow, played=tuple(tuple(p) for p in obs.played), loc=tuple(loc),
        seq_suit=seq_suit, seq_last=seq_last, to_move=to_move, following=following,
        last_player=last_player, layout=layout, balances=bal, saved=saved, winner=winner,
        results=tuple(obs.results))


def world_cards(state: Any) -> list[int]:
    """Every card id of a state, wherever it is (hands, stock, discard pile, melds; or
    Michigan's hands, widow and played cards): a test's check that none is lost or
    doubled."""
    if hasattr(state, "widow"):
        return ([c for h in state.hands for c in h] + list(state.widow)
                + [c for p in state.played for c in p])
    return ([c for h in state.hands for c in h] + list(state.stock) + list(state.discard)
            + [c for m in state.melds for c in m.cards])


__all__ = ["sample_cf_world", "sample_michigan_world", "infer_hidden", "cf_unseen",
           "cf_hidden_counts", "world_cards"]
