"""A seeded, rule-agnostic test player for the contract family: random among the legal
actions, with a bias that makes deals end (go down when the solver can, lay off, keep
cards that belong together).  Used by property tests; not an AI level."""
from __future__ import annotations

import random

from table_app.ai.contract_search import HardContract
from table_app.core.actions import Discard
from table_app.core.cards import FACE_RANK, FACE_SUIT, JOKER
from table_app.variants.contract_family import Observation
from table_app.variants.specs import ContractTerms
from tests.helpers.deals import card_ids


def _use(face: int, faces: list[int], wild_ranks, contract=(1, 1)) -> int:
    if face == JOKER or FACE_RANK[face] in wild_ranks:
        return 100
    sets, runs = contract
    r, s = FACE_RANK[face], FACE_SUIT[face]
    u = 0
    for f in faces:
        if f == JOKER:
            continue
        if FACE_RANK[f] == r and sets:
            u += 2
        elif FACE_SUIT[f] == s and runs and 0 < abs(FACE_RANK[f] - r) <= 2:
            u += 2
    return u - (2 if sets else 0)  # the card itself counted once as a same-rank match


def choose(engine, rng: random.Random, buy_rate: float = 0.1):
    """One legal action for the seat to act."""
    legal = engine.legal_actions()
    st = engine.state
    kinds = {}
    for a in legal:
        kinds.setdefault(a.type, []).append(a)
    if "go_down" in kinds:
        return kinds["go_down"][0]
    if "lay_off" in kinds or "swap" in kinds:
        return rng.choice(kinds.get("lay_off", []) + kinds.get("swap", []))
    if "buy" in kinds and rng.random() < buy_rate:
        return kinds["buy"][0]
    if "pass_buy" in kinds:
        return kinds["pass_buy"][0]
    if "discard" in kinds:
        wr = engine.rules.wild_ranks(st.round)
        faces = [c >> 3 for c in st.hands[st.current]]
        con = engine.rules.spec.contract(st.round)
        if rng.random() < 0.1:
            return rng.choice(kinds["discard"])
        return min(kinds["discard"], key=lambda a: (_use(a.card, faces, wr, con), rng.random()))
    if st.phase == "draw" and st.discard and "draw" in kinds:
        up = st.discard[-1] >> 3
        faces = [c >> 3 for c in st.hands[st.current]]
        wr = engine.rules.wild_ranks(st.round)
        takes = [a for a in legal if a.type == "draw" and a.source == "discard"]
        con = engine.rules.spec.contract(st.round)
        if takes and ((_use(up, faces + [up], wr, con) >= 2 and rng.random() < 0.6)
                      or rng.random() < 0.1):
            return takes[0]
        others = [a for a in legal if not (a.type == "draw" and a.source == "discard")]
        if others:
            return rng.choice(others)
    return rng.choice(legal)


def play_game(variant: str, n: int, seed: int, options=None, max_steps: int = 60000,
              on_event=None):
    """Play a whole game; returns the engine.  Raises AssertionError past ``max_steps``."""
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    rules = find_variant(variant)(options or {})
    eng = Engine(rules, n, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        ta = eng.to_act()
        if ta is None:
            return eng
        if ta[1] == "deal":
            eng.deal_next()
        else:
            a = choose(eng, rng) if variant != "michigan" else rng.choice(eng.legal_actions())
            eng.apply(a)
        if on_event:
            on_event(eng)
        steps += 1
        assert steps < max_steps, f"{variant} with {n} seats (seed {seed}) did not finish"


# a play-phase Contract observation for the hard level's tests (seat 1 to discard)
HARD_HAND = "AS AH QD QC 9S 9H 4D 6C 5S 3H 7D"  # round 1 (2 sets): three pairs, 2 cards away


def contract_play_obs(down: tuple[bool, ...], sizes: tuple[int, ...], rnd: int = 1,
         contract=(2, 0), hand: str = HARD_HAND) -> Observation:
    h = card_ids(hand)
    sizes = tuple(len(h) if s == 1 else sizes[s] for s in range(4))
    # the stock holds the rest of the two decks (108 cards): a world the rules can deal
    return Observation(
        variant="contract", seat=1, num_players=4, round=rnd, dealer=0, phase="play", to_act=1,
        hand=h, hand_sizes=sizes, upcard=None, discard_pile=(), stock_size=108 - sum(sizes),
        melds=(),
        down=down, contract=contract, contract_terms=ContractTerms(2, 0), wild_ranks=frozenset(),
        known=((),) * 4, results=(), totals=(0,) * 4, buy_card=None, current=1,
        went_down_now=False, last=None)


def discards_of(obs: Observation) -> list:
    return sorted({Discard(obs.seat, c >> 3) for c in obs.hand}, key=lambda a: a.card)


def hard_contract(**kw) -> HardContract:
    return HardContract("contract", budget_ms=60_000, **kw)
