"""Every refusal cites its most precise rule id: one table, a row per refusal.

Each row is a constructed position, the action it refuses, the rule id and the message
id expected; the test checks both and that nothing changed (the state, the log, the
states).  Two completeness checks keep the table whole: every rule id the rules' source
can cite (per variant) has a row, and every message id of
``table_app/i18n/refusals.py`` has one.
"""
from __future__ import annotations

import ast
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from table_app.core.actions import (
    Buy,
    Deal,
    DealEnd,
    Discard,
    Draw,
    GameEnd,
    GoDown,
    LayOff,
    Lead,
    MeldDecl,
    Misdeal,
    PassBuy,
    PassUpcard,
    Play,
    Restock,
    Swap,
)
from table_app.core.cards import JOKER, parse_cards, parse_face
from table_app.core.errors import IllegalActionError
from table_app.engine.engine import Engine
from table_app.i18n.refusals import REFUSALS
from table_app.variants import find_variant
from table_app.variants.contract_family import DealResult
from table_app.variants.michigan import FINAL, MISDEALT, OVER
from tests.helpers.deals import cf, deck_order, stock_turns

F = parse_face
ROOT = Path(__file__).resolve().parents[1]


def M(kind, cards, roles=None):
    return MeldDecl.make(kind, cards, roles)


# --------------------------------------------------------------------------- positions
def edit(eng: Engine, **changes) -> Engine:
    """The engine with its current state changed (a constructed position)."""
    eng.states[-1] = replace(eng.state, **changes)
    return eng


def short(eng: Engine, stock: int, pile: int) -> Engine:
    """``stock`` cards left in the stock and ``pile`` cards under the upcard; the rest of
    the stock goes to the last seat's hand (cards conserved)."""
    st = eng.state
    s = st.stock
    keep, under, rest = s[len(s) - stock:] if stock else (), s[:pile], s[pile:len(s) - stock]
    hands = st.hands[:-1] + (st.hands[-1] + rest,)
    return edit(eng, stock=keep, hands=hands, discard=under + st.discard,
                discarders=(-1,) * pile + st.discarders)


def took(eng: Engine) -> Engine:
    """The active player (seat 0) took the upcard: the play phase."""
    eng.apply(Draw(0, "discard"))
    return eng


def window(variant: str) -> Engine:
    """Seat 0 passed the deal's upcard: the buying window, seats 1, 2, 3 asked."""
    eng = cf(variant)
    eng.apply(PassUpcard(0))
    return eng


def bought(variant: str) -> Engine:
    """Seat 1 bought (called) seat 0's passed upcard; seat 0 drew and plays."""
    eng = window(variant)
    eng.apply(Buy(1))
    eng.apply(Draw(0, "stock"))
    assert eng.state.phase == "play" and eng.state.bought_now == (1,)
    return eng


def to_stock(variant: str) -> Engine:
    """Everyone asked passed: seat 0 is to draw from the stock."""
    eng = window(variant)
    while eng.to_act()[1] == "buy":
        eng.apply(PassBuy(eng.to_act()[0]))
    assert eng.state.phase == "stock"
    return eng


def chain_window() -> Engine:
    """May I?: two stock turns (seats 0 and 1 discarded), seat 2 passed the upcard (seat
    1's discard): seats 3 and 0 are asked (not seat 1, its discarder)."""
    eng = stock_turns(cf("may_i"), 2)
    eng.apply(PassUpcard(2))
    assert eng.state.queue == (3, 0)
    return eng


def chained() -> Engine:
    """Seat 3 bought in ``chain_window``: the card beneath (seat 0's discard) is offered
    to seat 1 only (not the active seat 2, its discarder 0, the previous buyer 3)."""
    eng = chain_window()
    eng.apply(Buy(3))
    assert eng.state.phase == "buy" and eng.state.queue == (1,) and eng.state.prev_buyer == 3
    return eng


def between(variant: str) -> Engine:
    eng = cf(variant)
    return edit(eng, phase="between")


def ended(variant: str) -> Engine:
    """A deal just ended (a dead deal, every hand scored), no deal_end yet."""
    eng = cf(variant)
    return edit(eng, phase="between", results=(DealResult(1, None, (10, 20, 30, 40)),))


def game_over(variant: str) -> Engine:
    eng = cf(variant, rnd=7)
    res = tuple(DealResult(r, None, (r, 2 * r, 3 * r, 4 * r)) for r in range(1, 8))
    return edit(eng, phase="over", results=res)


def down_sets(variant: str = "contract") -> Engine:
    """Round 1: seat 0 took the upcard and went down with 7C 7D 7H and 9S 9H 9D; it holds
    7S KD 2C 4H QS (7S fits the set of 7s)."""
    eng = took(cf(variant, hands={0: "7C 7D 7H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS"))
    eng.apply(GoDown(0, (M("set", "7C 7D 7H"), M("set", "9S 9H 9D"))))
    return eng


def down_set_run() -> Engine:
    """Contract round 2: seat 0 went down with 7C 7D JK(7S) and 3H 4H 5H 6H; it holds
    9H QS 2C JK."""
    eng = took(cf("contract", 2, hands={0: "7C 7D JK 3H 4H 5H 6H 9H QS 2C"}, upcard="JK"))
    eng.apply(GoDown(0, (M("set", "7C 7D JK", [None, None, "7S"]), M("run", "3H 4H 5H 6H"))))
    return eng


def one_card_left() -> Engine:
    """Contract round 1: seat 0 went down and laid off all but its 7S."""
    eng = took(cf("contract", hands={0: "7C 7D 7H 9S 9H 9D 7S 9C 7D 9H"}, upcard="7S"))
    eng.apply(GoDown(0, (M("set", "7C 7D 7H"), M("set", "9S 9H 9D"))))
    for m, c in ((0, "7S"), (1, "9C"), (0, "7D"), (1, "9H")):
        eng.apply(LayOff(0, m, F(c)))
    assert len(eng.state.hands[0]) == 1
    return eng


def round7_hand(variant: str, hand: str, upcard: str, extra: str = "") -> Engine:
    """Round 7, seat 0 took the upcard (and holds ``extra`` cards more: penalty cards)."""
    eng = took(cf(variant, 7, hands={0: hand}, upcard=upcard))
    if extra:
        st = eng.state
        want = parse_cards(extra)
        moved = [next(c for c in st.stock if c >> 3 == f) for f in want]
        edit(eng, stock=tuple(c for c in st.stock if c not in moved),
             hands=(st.hands[0] + tuple(moved),) + st.hands[1:])
    return eng


class Bump:
    """An action no game knows (an object of a newer app, say)."""
    type = "bump"
    player = 0


# Michigan: 4 players, seat 3 deals, seat 0 leads
def mg_deck(hands: dict[int, str], widow: str = "", n: int = 4, dealer: int = 3) -> tuple:
    """A deck order dealing the given cards (MG-4: one at a time clockwise from the
    dealer's left, the widow taking the last card of each circuit); the rest in order."""
    k = n + 1
    slots = {j: [i for i in range(52) if i % k == j] for j in range(k)}
    deck: list = [None] * 52
    used = set()
    for j, codes in [((s - dealer - 1) % n, c) for s, c in hands.items()] + [(n, widow)]:
        for f in parse_cards(codes):
            used.add(f)
            deck[slots[j].pop(0)] = f
    rest = [f for f in range(52) if f not in used]
    return tuple(f if f is not None else rest.pop(0) for f in deck)


def mg(auto: bool = True, rotations: int = 1) -> Engine:
    """Michigan before the first deal."""
    return Engine(find_variant("michigan")({"rotations": rotations}), 4, seed=0, auto=auto)


def mg_dealt(auto: bool = True) -> Engine:
    """Seat 0 holds 2D 3D 5D 6D 9D 10D 2C 3C 4C 5C 6C, 4D is in the widow."""
    eng = mg(auto)
    eng.apply(Deal(1, 3, mg_deck({0: "2D 3D 5D 6D 9D 10D 2C 3C 4C 5C 6C"}, widow="4D")))
    return eng


def mg_stopped() -> Engine:
    """Seat 0 led 2D and played 3D: 4D is in the widow, a stop; seat 0 leads again."""
    eng = mg_dealt()
    eng.apply(Lead(0, F("2D")))
    assert eng.to_act() == (0, "lead") and eng.state.seq_suit >= 0
    return eng


def mg_following() -> Engine:
    """A record being read (no forced plays made): seat 0 led 2D, seat 0 must play 3D."""
    eng = mg_dealt(auto=False)
    eng.apply(Lead(0, F("2D")))
    assert eng.state.following and eng.state.to_move == 0
    return eng


def mg_status(status) -> Callable[[], Engine]:
    def build():
        eng = mg_dealt()
        return edit(eng, status=status)
    return build


def michigan_deck() -> tuple:
    return tuple(range(52))


# --------------------------------------------------------------------------- the table
@dataclass(frozen=True)
class Row:
    rule: str
    message: str
    variant: str
    build: Callable[[], Engine]
    action: Callable[[Engine], object]

    def __str__(self):
        return f"{self.rule}-{self.message}-{self.variant}"


def _deck(variant, rnd, dealer, n=4):
    return lambda e: Deal(rnd, dealer, deck_order(e.rules, n, rnd, dealer))


R = Row
ROWS = [
    # ---- the deal and turn order (CF-6, CF-10, CF-11, CF-16; the seats: CR-1, MI-1, MX-1)
    R("CF-11", "not_an_action", "may_i", lambda: cf("may_i"), lambda e: Lead(0, F("7S"))),
    R("CF-6", "no_deal_in_progress", "may_i", lambda: Engine(find_variant("may_i")({}), 4, seed=1),
      lambda e: Draw(0, "discard")),
    R("CF-16", "game_over", "mexican", lambda: game_over("mexican"), lambda e: Draw(0, "discard")),
    R("CR-1", "no_such_seat", "contract", lambda: cf("contract"), lambda e: Draw(7, "discard")),
    R("MI-1", "no_such_seat", "may_i", lambda: cf("may_i"), lambda e: Draw(4, "discard")),
    R("MX-1", "no_such_seat", "mexican", lambda: cf("mexican"), lambda e: Draw(2, "discard")),
    R("CF-11", "not_your_turn", "may_i", lambda: cf("may_i"), lambda e: Draw(2, "discard")),
    R("CF-10", "draw_first", "may_i", lambda: cf("may_i"), lambda e: Discard(0, e.state.hands[0][0] >> 3)),
    R("CF-10", "already_drawn", "may_i", lambda: took(cf("may_i")), lambda e: Draw(0, "discard")),
    R("CF-11", "unknown_action", "may_i", lambda: took(cf("may_i")), lambda e: Bump()),
    R("CF-10", "no_upcard_to_take", "mexican", lambda: edit(cf("mexican"), discard=(), discarders=()),
      lambda e: Draw(0, "discard")),
    R("CF-10", "no_upcard_to_pass", "may_i", lambda: edit(cf("may_i"), discard=(), discarders=()),
      lambda e: PassUpcard(0)),
    R("MI-4", "declare_for_stock_first", "may_i", lambda: cf("may_i"), lambda e: Draw(0, "stock")),
    R("CR-5", "declare_for_stock_first_call", "contract", lambda: cf("contract"), lambda e: Draw(0, "stock")),
    R("MX-5", "no_pass_mexican", "mexican", lambda: cf("mexican"), lambda e: PassUpcard(0)),
    R("MI-4", "draw_from_stock", "may_i", lambda: to_stock("may_i"), lambda e: Draw(0, "discard")),
    R("CR-5", "draw_from_stock", "contract", lambda: to_stock("contract"), lambda e: Draw(0, "discard")),
    # ---- the next deal (CF-6; May I?'s deal passes left, MI-1)
    R("CF-6", "deal_in_progress", "may_i", lambda: cf("may_i"), _deck("may_i", 2, 0)),
    R("CF-6", "next_round_is", "mexican", lambda: between("mexican"), _deck("mexican", 3, 0, 2)),
    R("MI-1", "deal_passes_left", "may_i", lambda: between("may_i"), _deck("may_i", 2, 2)),
    R("CF-6", "deal_passes_left", "contract", lambda: between("contract"), _deck("contract", 2, 2)),
    # ---- buying and calling (CR-5, MI-4 ... MI-9, MX-5)
    R("MX-5", "no_buying_mexican", "mexican", lambda: cf("mexican"), lambda e: Buy(1)),
    R("MI-5", "no_buying_window", "may_i", lambda: cf("may_i"), lambda e: Buy(1)),
    # Contract calls (CR-5): its refusals say "call", never "buying window" (issue #19)
    R("CR-5", "no_call_window", "contract", lambda: cf("contract"), lambda e: Buy(2)),
    R("MI-5", "buying_window_open", "may_i", lambda: window("may_i"), lambda e: Discard(2, e.state.hands[2][0] >> 3)),
    R("MI-4", "buying_window_open", "may_i", lambda: window("may_i"), lambda e: Draw(0, "stock")),
    R("CR-5", "call_window_open", "contract", lambda: window("contract"), lambda e: Draw(0, "discard")),
    R("CR-5", "call_window_open", "contract", lambda: window("contract"),
      lambda e: Discard(2, e.state.hands[2][0] >> 3)),
    R("MI-6", "active_cannot_buy", "may_i", lambda: window("may_i"), lambda e: Buy(0)),
    R("CR-5", "active_cannot_call", "contract", lambda: window("contract"), lambda e: Buy(0)),
    R("MI-6", "chain_buyer_again", "may_i", chained, lambda e: Buy(3)),
    R("MI-6", "own_discard", "may_i", chain_window, lambda e: Buy(1)),
    # buying back one's own discard before anyone is asked: MI-6, not MI-5's "no window"
    R("MI-6", "own_discard", "may_i", lambda: stock_turns(cf("may_i"), 2), lambda e: Buy(1)),
    R("CR-5", "own_discard_call", "contract", lambda: stock_turns(cf("contract"), 2), lambda e: Buy(1)),
    R("MI-5", "asked_first", "may_i", chain_window, lambda e: Buy(0)),
    R("MI-5", "already_passed", "may_i", lambda: _passed(chain_window()), lambda e: Buy(3)),
    R("CR-5", "already_passed_call", "contract", lambda: _passed(window("contract")),
      lambda e: Buy(1)),
    R("MI-8", "no_penalty_card", "may_i", lambda: _passed_up(short(cf("may_i"), 0, 1)), lambda e: Buy(1)),
    R("CR-5", "no_penalty_card_call", "contract", lambda: _passed_up(short(cf("contract"), 0, 1)),
      lambda e: Buy(1)),
    # a buyer going down, laying off or discarding during another's turn: MI-9, not CF-11
    R("MI-9", "buyer_waits", "may_i", lambda: bought("may_i"),
      lambda e: GoDown(1, (M("set", "7C 7D 7H"), M("set", "9S 9H 9D")))),
    R("MI-9", "buyer_waits", "may_i", lambda: bought("may_i"), lambda e: Discard(1, e.state.hands[1][0] >> 3)),
    R("CR-5", "caller_waits", "contract", lambda: bought("contract"),
      lambda e: Discard(1, e.state.hands[1][0] >> 3)),
    # ---- the stock (CF-13, CF-14)
    R("CF-13", "refill_first", "may_i", lambda: _manual(_passed_up(short(cf("may_i"), 0, 2))),
      lambda e: Buy(1)),
    R("CF-13", "refill_first", "mexican", lambda: _manual(short(cf("mexican"), 0, 2)),
      lambda e: Draw(0, "stock")),
    R("CF-14", "stock_dead_take_upcard", "mexican", lambda: edit(short(cf("mexican"), 0, 0), locked=True),
      lambda e: Draw(0, "stock")),
    R("CF-14", "stock_dead_must_take", "may_i", lambda: edit(short(cf("may_i"), 0, 0), locked=True),
      lambda e: PassUpcard(0)),
    R("CF-14", "stock_dead", "may_i", lambda: edit(short(cf("may_i"), 0, 0), phase="stock"),
      lambda e: Draw(0, "stock")),
    R("CF-13", "no_take_now", "may_i", lambda: took(cf("may_i")), lambda e: Restock(())),
    R("CF-13", "refill_only_empty", "may_i", lambda: cf("may_i"), lambda e: Restock(())),
    R("CF-14", "refill_cap", "mexican", lambda: edit(short(cf("mexican"), 0, 2), restocks=3),
      lambda e: Restock(tuple(c >> 3 for c in e.state.discard[:-1]))),
    R("CF-14", "nothing_to_refill", "mexican", lambda: short(cf("mexican"), 0, 0), lambda e: Restock(())),
    R("CF-13", "refill_wrong_cards", "mexican", lambda: short(cf("mexican"), 0, 2),
      lambda e: Restock(tuple(c >> 3 for c in e.state.discard[:-1]) + (JOKER,))),
    # ---- discarding (CF-11, CR-8)
    R("CF-11", "not_held", "may_i", lambda: took(cf("may_i", hands={0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC"},
                                                      upcard="QC")),
      lambda e: Discard(0, F("KD"))),
    R("CR-8", "discard_playable", "contract", down_sets, lambda e: Discard(0, F("7S"))),
    # ---- going down (CF-7, CF-9, CF-12, CR-4, CR-9, MI-10, MX-7)
    R("CF-9", "not_held", "may_i", lambda: took(cf("may_i", hands={0: "7C 7D 7H 9S 9H 9D 7S KD 2C 4H"},
                                                     upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D 8C"), M("set", "9S 9H 9D")))),
    R("CF-9", "not_held_times", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 7H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7C 7D"), M("set", "9S 9H 9D")))),
    R("CF-7", "already_down", "contract", down_sets,
      lambda e: GoDown(0, (M("set", "7S 7S 7S"), M("set", "2C 2C 2C")))),
    R("CF-7", "contract_is", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 7H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D 7H"),))),
    R("MI-10", "contract_is", "may_i", lambda: took(cf("may_i", 7)),
      lambda e: GoDown(0, (M("run", "3H 4H 5H 6H"), M("run", "3S 4S 5S 6S")))),
    R("CR-9", "contract_is", "contract", lambda: took(cf("contract", 7)),
      lambda e: GoDown(0, (M("run", "3H 4H 5H 6H 7H 8H 9H"),))),
    R("MX-7", "contract_is", "mexican", lambda: took(cf("mexican", 7)),
      lambda e: GoDown(0, (M("run", "3H 4H 5H 6H"),))),
    R("CR-9", "r7_meld_short", "contract",
      lambda: round7_hand("contract", "7C 7D 7H 9S 9H 9D 3H 4H 5H 6H KC KD", "2S"),
      lambda e: GoDown(0, (M("set", "7C 7D 7H"), M("set", "9S 9H 9D"), M("run", "3H 4H 5H 6H")))),
    R("CR-9", "r7_whole_hand", "contract",
      lambda: round7_hand("contract", "7C 7D 7S 9S 9H 9D 3H 4H 5H 6H 7H 8H", "9H", extra="KC KD"),
      lambda e: GoDown(0, (M("set", "7C 7D 7S"), M("set", "9S 9H 9D"),
                           M("run", "3H 4H 5H 6H 7H 8H 9H")))),
    R("MX-7", "r7_go_out_whole", "mexican",
      lambda: round7_hand("mexican", "3H 4H 5H 6H 3S 4S 5S 6S 3C 4C 5C 6C KD", "KC"),
      lambda e: GoDown(0, (M("run", "3H 4H 5H 6H"), M("run", "3S 4S 5S 6S"), M("run", "3C 4C 5C 6C")))),
    R("CR-4", "exact_contract", "contract",
      lambda: took(cf("contract", hands={0: "7C 7D 7H 7S 9S 9H 9D KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D 7H 7S"), M("set", "9S 9H 9D")))),
    R("CR-4", "naturals_majority", "contract",
      lambda: took(cf("contract", hands={0: "7C JK JK 9S 9H 9D KD 2C 4H 5S"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C JK JK", [None, "7S", "7H"]), M("set", "9S 9H 9D")))),
    R("CF-12", "keep_card_meld", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 7H 7S 7C 9C 9D 9H 9S 9C"}, upcard="9D")),
      lambda e: GoDown(0, (M("set", "7C 7D 7H 7S 7C"), M("set", "9C 9D 9H 9S 9C 9D")))),
    # ---- melds (CF-1, CF-2, CF-3)
    R("CF-3", "joker_needs_role", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D JK 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D JK"), M("set", "9S 9H 9D")))),
    R("CF-3", "wild_for_joker", "mexican",
      lambda: took(cf("mexican", hands={0: "7C 7D 3H 9S 9H 9D KD"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D 3H", [None, None, "JK"]), M("set", "9S 9H 9D")))),
    R("CF-3", "not_wild", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 8H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D 8H", [None, None, "7S"]), M("set", "9S 9H 9D")))),
    R("CF-3", "roles_length", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 7H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (MeldDecl("set", (F("7C"), F("7D"), F("7H")), (None,)), M("set", "9S 9H 9D")))),
    R("CF-1", "set_too_short", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 7H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D"), M("set", "9S 9H 9D")))),
    R("CF-1", "set_mixed_ranks", "may_i",
      lambda: took(cf("may_i", hands={0: "7C 7D 8H 9S 9H 9D 7S KD 2C 4H"}, upcard="QS")),
      lambda e: GoDown(0, (M("set", "7C 7D 8H"), M("set", "9S 9H 9D")))),
    R("CF-2", "run_too_short", "may_i",
      lambda: took(cf("may_i", 3, hands={0: "3H 4H 5H 6H 8S 9S 10S JS KD 2C"}, upcard="QS")),
      lambda e: GoDown(0, (M("run", "3H 4H 5H"), M("run", "8S 9S 10S JS")))),
    R("CF-2", "run_mixed_suits", "may_i",
      lambda: took(cf("may_i", 3, hands={0: "3H 4H 5S 6H 8S 9S 10S JS KD 2C"}, upcard="QS")),
      lambda e: GoDown(0, (M("run", "3H 4H 5S 6H"), M("run", "8S 9S 10S JS")))),
    R("CF-2", "run_not_consecutive", "may_i",
      lambda: took(cf("may_i", 3, hands={0: "3H 4H 6H 7H 8S 9S 10S JS KD 2C"}, upcard="QS")),
      lambda e: GoDown(0, (M("run", "3H 4H 6H 7H"), M("run", "8S 9S 10S JS")))),
    # ---- laying off (CF-8, CF-9, CF-12, MI-4, MX-5)
    R("CF-8", "down_before_layoff", "may_i", lambda: took(cf("may_i")),
      lambda e: LayOff(0, 0, e.state.hands[0][0] >> 3)),
    R("MI-4", "no_layoff_on_go_down_turn", "may_i", lambda: down_sets("may_i"), lambda e: LayOff(0, 0, F("7S"))),
    R("MX-5", "no_layoff_on_go_down_turn", "mexican", lambda: _mexican_down(), lambda e: LayOff(0, 0, F("8S"))),
    R("CF-8", "no_such_meld", "contract", down_sets, lambda e: LayOff(0, 9, F("7S"))),
    R("CF-9", "not_held", "contract", down_sets, lambda e: LayOff(0, 0, F("7C"))),
    R("CF-12", "keep_card_layoff", "contract", one_card_left, lambda e: LayOff(0, 0, F("7S"))),
    R("CF-8", "layoff_wrong_rank", "contract", down_sets, lambda e: LayOff(0, 0, F("KD"))),
    R("CF-8", "layoff_wrong_suit", "contract", down_set_run, lambda e: LayOff(0, 1, F("QS"))),
    R("CF-8", "layoff_not_at_end", "contract", down_set_run, lambda e: LayOff(0, 1, F("9H"))),
    # ---- swapping a wild (CR-7; immovable wilds MI-4, MX-6)
    R("MI-4", "wilds_immovable", "may_i", lambda: down_sets("may_i"), lambda e: Swap(0, 0, F("7S"))),
    R("MX-6", "wilds_immovable", "mexican", lambda: _mexican_down(), lambda e: Swap(0, 0, F("8S"))),
    R("CR-7", "swap_not_down", "contract", lambda: took(cf("contract")), lambda e: Swap(0, 0, F("7S"))),
    R("CR-7", "no_such_meld", "contract", down_set_run, lambda e: Swap(0, 5, F("9H"))),
    R("CR-7", "swap_set", "contract", down_set_run, lambda e: Swap(0, 0, F("7S"))),
    R("CR-7", "not_held", "contract", down_set_run, lambda e: Swap(0, 1, F("8S"))),
    R("CR-7", "swap_natural_only", "contract", down_set_run, lambda e: Swap(0, 1, JOKER)),
    R("CR-7", "swap_no_wild_for", "contract", down_set_run, lambda e: Swap(0, 1, F("9H"))),
    # ---- a record's derived events (CF-15, CF-16; Michigan MG-10, MG-11)
    R("CF-15", "deal_end_misplaced", "may_i", lambda: cf("may_i"), lambda e: DealEnd(1, None, scores=(0, 0, 0, 0))),
    R("CF-16", "game_end_early", "may_i", lambda: cf("may_i"), lambda e: GameEnd((0, 0, 0, 0), (0,))),
    R("CF-15", "derived_mismatch", "contract", lambda: ended("contract"),
      lambda e: DealEnd(1, 2, scores=(10, 20, 0, 40))),
    R("CF-16", "derived_mismatch", "may_i", lambda: game_over("may_i"),
      lambda e: GameEnd((28, 56, 84, 112), (3,))),
    R("MG-10", "deal_end_misplaced", "michigan", mg_dealt, lambda e: DealEnd(1, 0, balances=("0",) * 4)),
    R("MG-11", "game_end_early", "michigan", mg_dealt, lambda e: GameEnd(("0",) * 4, (0,))),
    R("MG-10", "derived_mismatch", "michigan", lambda: _mg_deal_over(), lambda e: DealEnd(1, 2, balances=("0",) * 4)),
    # ---- Michigan (MG-1, MG-4 ... MG-8, MG-10 ... MG-12)
    R("MG-12", "mg_no_deal_to_void", "michigan", mg, lambda e: Misdeal()),
    R("MG-4", "mg_no_stock", "michigan", mg_dealt, lambda e: Draw(0, "stock")),
    R("MG-6", "mg_not_an_action", "michigan", mg_dealt, lambda e: Discard(0, F("2D"))),
    R("MG-4", "mg_no_dealer_seat", "michigan", mg, lambda e: Deal(1, 9, michigan_deck())),
    R("MG-10", "mg_round_in_play", "michigan", mg_dealt, lambda e: Deal(2, 0, michigan_deck())),
    R("MG-11", "mg_session_over_total", "michigan", mg_status(FINAL), lambda e: Deal(2, 0, michigan_deck())),
    R("MG-11", "mg_no_such_round", "michigan", mg, lambda e: Deal(9, 0, michigan_deck())),
    R("MG-12", "mg_misdeal_redeal", "michigan", mg_status(MISDEALT), lambda e: Deal(1, 0, michigan_deck())),
    R("MG-4", "mg_next_round", "michigan", mg_status(OVER), lambda e: Deal(3, 0, michigan_deck())),
    R("MG-4", "mg_deal_passes_left", "michigan", mg_status(OVER), lambda e: Deal(2, 2, michigan_deck())),
    R("MG-1", "mg_no_such_seat", "michigan", mg_dealt, lambda e: Lead(9, F("2D"))),
    R("MG-1", "mg_no_jokers", "michigan", mg_dealt, lambda e: Lead(0, JOKER)),
    R("MG-4", "mg_not_dealt", "michigan", mg, lambda e: Lead(0, F("2D"))),
    R("MG-11", "mg_session_over", "michigan", mg_status(FINAL), lambda e: Lead(0, F("2D"))),
    R("MG-12", "mg_void_redeal", "michigan", mg_status(MISDEALT), lambda e: Lead(0, F("2D"))),
    R("MG-10", "mg_round_over", "michigan", mg_status(OVER), lambda e: Lead(0, F("2D"))),
    R("MG-6", "mg_no_lead_now", "michigan", mg_following, lambda e: Lead(0, F("2C"))),
    R("MG-6", "mg_not_your_play", "michigan", mg_following, lambda e: Play(1, F("3D"))),
    R("MG-6", "mg_wrong_card", "michigan", mg_following, lambda e: Play(0, F("5D"))),
    R("MG-7", "mg_stopped", "michigan", mg_stopped, lambda e: Play(0, F("4D"))),
    R("MG-5", "mg_nothing_led", "michigan", mg_dealt, lambda e: Play(0, F("2D"))),
    R("MG-8", "mg_last_player_leads", "michigan", mg_stopped, lambda e: Lead(1, e.state.hands[1][0] >> 3)),
    R("MG-5", "mg_left_of_dealer_leads", "michigan", mg_dealt, lambda e: Lead(2, e.state.hands[2][0] >> 3)),
    R("MG-5", "not_held", "michigan", mg_dealt, lambda e: Lead(0, F("4D"))),
    R("MG-5", "mg_lead_lowest", "michigan", mg_dealt, lambda e: Lead(0, F("3C"))),
    R("MG-8", "mg_lead_lowest", "michigan", mg_stopped, lambda e: Lead(0, F("3C"))),
    R("MG-8", "mg_lead_other_suit", "michigan", mg_stopped, lambda e: Lead(0, F("5D"))),
]


def _passed(eng: Engine) -> Engine:
    """The first seat asked passed."""
    eng.apply(PassBuy(eng.to_act()[0]))
    return eng


def _passed_up(eng: Engine) -> Engine:
    eng.apply(PassUpcard(0))
    assert eng.to_act()[1] == "buy"
    return eng


def _manual(eng: Engine) -> Engine:
    """The engine reads a record: no restock is made for it."""
    eng.auto = False
    return eng


def _mexican_down() -> Engine:
    """Mexican round 1: seat 0 took the upcard and went down with 8C 8D 8H and 9S 9D 9C;
    it holds 8S KD."""
    eng = took(cf("mexican", hands={0: "8C 8D 8H 9S 9D 9C 8S"}, upcard="KD"))
    eng.apply(GoDown(0, (M("set", "8C 8D 8H"), M("set", "9S 9D 9C"))))
    return eng


def _mg_deal_over() -> Engine:
    """Michigan: seat 0 went out (it held the whole diamond suit but its 2D-led run ends
    the hand), no deal_end written yet (a record being read)."""
    eng = mg(auto=False)
    eng.apply(Deal(1, 3, mg_deck({0: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"})))
    eng.apply(Lead(0, F("2D")))
    for f in ("3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD"):
        eng.apply(Play(0, F(f)))
    assert eng.rules.deal_end(eng.state) is not None
    return eng


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_the_refusal_cites_its_rule(row):
    eng = row.build()
    action = row.action(eng)
    st, n_log, n_states = eng.state, len(eng.log), len(eng.states)
    with pytest.raises(IllegalActionError) as ei:
        eng.apply(action)
    err = ei.value
    assert (err.rule, err.message_id) == (row.rule, row.message), str(err)
    assert str(err).endswith(f"({row.rule})")
    assert eng.state is st and len(eng.log) == n_log and len(eng.states) == n_states
    assert not eng.is_legal(action)


def test_a_meld_of_no_known_kind_is_refused_by_the_meld_check():
    """Not reachable through a game (a go-down of unknown kinds fails its contract
    first, CF-7), but the meld check itself refuses it (CF-1)."""
    from table_app.core.melds import build_meld
    cards = (F("7C") << 3, F("7D") << 3)
    with pytest.raises(IllegalActionError) as ei:
        build_meld("pair", 0, cards, (None, None), frozenset())
    assert (ei.value.rule, ei.value.message_id, ei.value.params) == \
        ("CF-1", "unknown_meld_kind", {"what": "'pair'"})


# --------------------------------------------------------------------------- completeness
SOURCES = ["table_app/variants/contract_family.py", "table_app/variants/michigan.py",
           "table_app/core/melds.py", "table_app/engine/engine.py"]


def _rule_exprs():
    """The rule-id argument of every refusal call in the sources, with its function."""
    for rel in SOURCES:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        funcs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name not in ("_refuse", "IllegalActionError") or isinstance(node.args[1], ast.Name):
                continue
            fn = max((f for f in funcs if f.lineno <= node.lineno <= f.end_lineno),
                     key=lambda f: f.lineno, default=None)
            yield rel, node.args[0], fn


def _values(expr, fn, rules) -> set[str]:
    """The rule ids an expression can give, for a contract-family ``rules`` object."""
    if isinstance(expr, ast.Constant):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return _values(expr.body, fn, rules) | _values(expr.orelse, fn, rules)
    if isinstance(expr, ast.Attribute):  # self.rid.buy and the like: the spec's rule ids,
        chain = []                       # per variant (None: the variant has no such refusal)
        while isinstance(expr, ast.Attribute):
            chain.append(expr.attr)
            expr = expr.value
        assert isinstance(expr, ast.Name) and expr.id == "self", ast.unparse(expr)
        v = rules
        for attr in reversed(chain):
            v = getattr(v, attr)
        return set() if v is None else {v}
    if isinstance(expr, ast.Name):
        if expr.id in ("deal_rule", "game_rule"):  # the engine: the rules' derived_rules
            return set(getattr(rules, "derived_rules", ("CF-15", "CF-16"))) if rules else {"CF-15", "CF-16"}
        out: set[str] = set()
        for n in ast.walk(fn):
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id
                                                 for t in n.targets):
                out |= _values(n.value, fn, rules)
        return out
    raise AssertionError(f"can't read the rule id {ast.unparse(expr)}")


#: the sources of each family's refusals
FAMILY_FILES = {"contract": ("table_app/variants/contract_family.py", "table_app/core/melds.py",
                             "table_app/engine/engine.py"),
                "michigan": ("table_app/variants/michigan.py", "table_app/engine/engine.py")}
PREFIX = {"contract": "CR", "may_i": "MI", "mexican": "MX", "michigan": "MG"}


def citable_rule_ids() -> set[tuple[str, str]]:
    """``(variant, rule id)`` for every rule id a refusal can cite in that variant (a
    choice between two variants' ids counts for the game each belongs to)."""
    out = set()
    for variant in PREFIX:
        rules = find_variant(variant)({})
        files = FAMILY_FILES["michigan" if variant == "michigan" else "contract"]
        for rel, expr, fn in _rule_exprs():
            if rel not in files:
                continue
            for rule in _values(expr, fn, rules):
                if rule.split("-")[0] in (PREFIX[variant], "CF"):
                    out.add((variant, rule))
    return out


def test_every_rule_id_a_refusal_can_cite_has_a_row():
    ids = citable_rule_ids()
    assert {("may_i", "MI-9"), ("may_i", "MI-6"), ("contract", "CR-7"), ("michigan", "MG-8"),
            ("mexican", "MX-7"), ("may_i", "CF-15")} <= ids
    rows = {(r.variant, r.rule) for r in ROWS}
    # a CF rule needs a row in one contract game (they share the rules' code)
    cf_rows = {rule for v, rule in rows if rule.startswith("CF-")}
    missing = sorted((v, r) for v, r in ids
                     if (r.startswith("CF-") and r not in cf_rows)
                     or (not r.startswith("CF-") and (v, r) not in rows))
    assert not missing, missing


def test_every_message_id_has_a_row():
    rows = {r.message for r in ROWS} | {"unknown_meld_kind"}
    assert set(REFUSALS) - rows == set()


def test_the_table_names_no_rule_the_game_does_not_have():
    for r in ROWS:
        assert r.rule.split("-")[0] in (PREFIX[r.variant], "CF" if r.variant != "michigan" else "MG"), r


def test_random_refusals_are_always_among_the_citable_ids():
    """Actions tried at random in random positions: every refusal names a rule id the
    source scan knows for that game (so the table's completeness check sees them all)."""
    ids = citable_rule_ids()
    rng = random.Random(7)
    for variant, n in (("may_i", 4), ("contract", 4), ("mexican", 3)):
        eng = Engine(find_variant(variant)({}), n, seed=3)
        eng.deal_next()
        for _ in range(150):
            ta = eng.to_act()
            if ta is None or ta[1] == "deal":
                break
            st = eng.state
            for p in range(n):
                for a in (Buy(p), PassBuy(p), Draw(p, "stock"), Draw(p, "discard"), PassUpcard(p),
                          Discard(p, st.hands[p][0] >> 3), LayOff(p, 0, st.hands[p][0] >> 3)):
                    try:
                        eng.rules.check(st, a)
                    except IllegalActionError as e:
                        assert (variant, e.rule) in ids, (variant, e.rule, e.message_id)
            eng.apply(rng.choice(eng.legal_actions()))
