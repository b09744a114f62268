"""Every refusal the rules can give, by message id, with its English text.

The rules raise ``IllegalActionError(rule, message_id, params)`` and never build a
sentence; ``rule_reason(err)`` puts one into words where it is shown (the table, the
replay viewer; ``str(err)`` gives the English text for logs and the ``verify`` command):
the id's English text below is looked up in the language's catalog and filled with the
parameters, each shown the language's way (``render.py`` says how: ``card`` a face,
``kind`` ``"set"``/``"run"``, ``contract`` a ``ContractTerms`` ...).

A new refusal in the rules gets an id here (then ``python -m table_app.i18n.extract
--update``, translate the new entries in ``ru/`` and ``uk/``, ``python -m
table_app.i18n.compile``).  ``tests/test_i18n_refusals.py`` reads every refusal in the
rules' source with ``ast`` and fails for an id that is not here, a parameter the text
does not get, or an entry Russian or Ukrainian does not translate.
"""
from __future__ import annotations

import re
from typing import Any

from ..core.errors import IllegalActionError
from .render import N_, fields, forms, ngettext, render

#: message id -> English text (a catalog message id) or a plural entry
REFUSALS: dict[str, str | tuple[str, ...]] = {
    # ---- contract family: the deal, turn order, phases (variants/contract_family.py)
    "not_an_action": N_("{action} is not an action of {game}"),
    "no_deal_in_progress": N_("No deal is in progress: the next deal comes first"),
    "game_over": N_("The game is over"),
    "no_such_seat": N_("There is no seat {seat}"),
    "buying_window_open": N_("A buying window is open: the players asked answer first"),
    "active_cannot_buy": N_("The active player has declared for the stock and can't buy "
                            "the upcard now"),
    "chain_buyer_again": N_("You bought the card above it: in a chain the next card goes to "
                            "someone else"),
    "own_discard": N_("Nobody buys back their own discard"),
    "already_passed": N_("You have already passed in this buying window"),
    "asked_first": N_("Seat {seat} is asked first (nearest to the active player)"),
    "no_penalty_card": N_("No penalty card can be given (the stock is empty and can't be "
                          "refilled), so there is no buy"),
    "no_buying_mexican": N_("There is no buying out of turn in Mexican Rummy"),
    "no_buying_window": N_("No buying window is open"),
    # Contract calls the upcard (CR-5): its refusals in its own words, not buying's
    "no_call_window": N_("No card can be called now: a call comes only when the player "
                         "whose turn it is declines the upcard"),
    "call_window_open": N_("A call is being asked: the players asked answer first"),
    "active_cannot_call": N_("The player whose turn it is declined the upcard and can't "
                             "call it now"),
    "already_passed_call": N_("You have already declined to call this card"),
    "own_discard_call": N_("Nobody calls their own discard"),
    "no_penalty_card_call": N_("No penalty card can be given (the stock is empty and can't "
                               "be refilled), so the card can't be called"),
    "declare_for_stock_first_call": N_("Decline the upcard first (pass it): the others may "
                                       "call it before you draw"),
    "not_your_turn": N_("It is seat {seat}'s turn"),
    "no_upcard_to_take": N_("There is no upcard to take"),
    "declare_for_stock_first": N_("Declare for the stock first (pass the upcard): the others "
                                  "may buy it before you draw"),
    "stock_dead_take_upcard": N_("The stock is empty and can't be refilled: take the upcard"),
    "refill_first": N_("The stock is empty: it must be refilled first (restock)"),
    "no_pass_mexican": N_("In Mexican Rummy you simply draw from the stock"),
    "no_upcard_to_pass": N_("There is no upcard to pass"),
    "stock_dead_must_take": N_("The stock is empty and can't be refilled: you must take the "
                               "upcard"),
    "draw_first": N_("Draw first: take the upcard or draw from the stock"),
    "draw_from_stock": N_("You declared for the stock: draw from it"),
    "stock_dead": N_("The stock is empty and can't be refilled"),
    "already_drawn": N_("You have already drawn this turn"),
    "unknown_action": N_("Unknown action {action}"),
    "deal_in_progress": N_("A deal is in progress"),
    "next_round_is": N_("The next deal is round {round}"),
    "deal_passes_left": N_("The deal passes to the left: seat {seat} deals"),
    "no_take_now": N_("No card is being taken from the stock now"),
    "refill_only_empty": N_("The stock is refilled only when it is empty"),
    "refill_cap": N_("The stock has been refilled three times this deal: a card taken from "
                     "the empty stock now ends the deal instead"),
    "nothing_to_refill": N_("The discard pile has no cards to refill the stock"),
    "refill_wrong_cards": N_("The new stock must be exactly the discard pile under the upcard"),
    "buyer_waits": N_("You bought out of turn: go down, lay off and discard on your own turn"),
    "caller_waits": N_("You called out of turn: meld, lay off, swap and discard on your own "
                       "turn"),
    # ---- contract family: melds, going down, laying off, swaps, discards
    "not_held": N_("You don't hold {card}"),
    "not_held_times": N_("You don't hold {card} (that many times)"),
    "discard_playable": N_("{card} can be laid off on the table: discard a card that can't "
                           "be played"),
    "already_down": N_("You have already gone down this deal: lay off instead"),
    "contract_is": N_("The contract of round {round} is {contract}, laid down all at once"),
    "r7_meld_short": N_("Round 7 needs sets of 3 and a run of 7 (a {kind} of {n} is too "
                        "short)"),
    "exact_contract": N_("Lay exactly the contract: every set 3 cards, every run 4 (this "
                         "{kind} has {n}); lay the rest off later"),
    "naturals_majority": N_("In each meld you go down with, natural cards must outnumber wild "
                            "cards ({natural} natural, {wild} wild)"),
    "r7_whole_hand": ngettext("Round 7: go down only by laying the whole hand at once ({n} "
                              "card would be left)",
                              "Round 7: go down only by laying the whole hand at once ({n} "
                              "cards would be left)", "n"),
    "r7_go_out_whole": ngettext("Round 7: go down only by going out, laying the whole hand in "
                                "3 runs at once ({n} card would be left)",
                                "Round 7: go down only by going out, laying the whole hand in "
                                "3 runs at once ({n} cards would be left)", "n"),
    "keep_card_meld": N_("Keep a card to discard: you may not meld your last card"),
    "down_before_layoff": N_("Go down with the contract before laying off"),
    "no_layoff_on_go_down_turn": N_("You can't lay off on the turn you go down"),
    "no_such_meld": N_("There is no meld number {meld} on the table"),
    "keep_card_layoff": N_("Keep a card to discard: you may not lay off your last card"),
    "wilds_immovable": N_("Wild cards on the table are never moved or swapped"),
    "swap_not_down": N_("Only a player who is down may swap a wild"),
    "swap_set": N_("Wilds in sets are not swapped, only wilds in runs"),
    "swap_natural_only": N_("Only a natural card can take a wild's place"),
    "swap_no_wild_for": N_("No wild in that run stands for {card}"),
    # ---- melds (core/melds.py)
    "joker_needs_role": N_("A joker needs a declared role: the card it stands for"),
    "wild_for_joker": N_("A wild card cannot stand for a joker"),
    "not_wild": N_("{card} is not a wild card and cannot stand for {card2}"),
    "roles_length": N_("Every card needs its role entry"),
    "set_too_short": N_("A set needs three or more cards of one rank"),
    "set_mixed_ranks": N_("A set's cards must all be of one rank"),
    "unknown_meld_kind": N_("Unknown meld kind {what}"),
    "run_too_short": N_("A run needs four or more cards of one suit in sequence"),
    "run_mixed_suits": N_("A run's cards must all be of one suit"),
    "run_not_consecutive": N_("A run's cards must be consecutive, ace low or high, never "
                              "K-A-2"),
    "layoff_wrong_rank": N_("{card} does not fit a set of {rank}s"),
    "layoff_wrong_suit": N_("{card} is not of the run's suit ({suit})"),
    "layoff_not_at_end": N_("{card} does not extend the run at either end (runs take cards "
                            "only at their ends, never past the ace)"),
    # ---- Michigan (variants/michigan.py)
    "mg_no_deal_to_void": N_("There is no deal in progress to declare void"),
    "mg_no_stock": N_("There is no stock to draw from in Michigan"),
    "mg_not_an_action": N_("Michigan has no '{action}' action: a player only leads or plays "
                           "the next card of the sequence"),
    "mg_no_dealer_seat": N_("There is no seat {seat} to deal"),
    "mg_round_in_play": N_("Round {round} is still being played"),
    "mg_session_over_total": N_("The session of {total} deals is over"),
    "mg_no_such_round": N_("The session has {total} deals: there is no round {round}"),
    "mg_misdeal_redeal": N_("After the misdeal seat {seat} redeals round {round}"),
    "mg_next_round": N_("The next deal is round {round}, not {round2}"),
    "mg_deal_passes_left": N_("The deal passes left: seat {seat} deals round {round}, not "
                              "seat {seat2}"),
    "mg_no_such_seat": N_("There is no seat {seat} at this table"),
    "mg_no_jokers": N_("Michigan is played without jokers"),
    "mg_not_dealt": N_("No cards have been dealt yet"),
    "mg_session_over": N_("The session is over"),
    "mg_void_redeal": N_("The deal was void: the same dealer redeals first"),
    "mg_round_over": N_("Round {round} is over: the next deal comes first"),
    "mg_no_lead_now": N_("No lead now: {card} is next in the sequence and seat {seat} must "
                         "play it"),
    "mg_not_your_play": N_("It is seat {seat}'s turn to play {card}, not seat {seat2}'s"),
    "mg_wrong_card": N_("The next card is {card}, not {card2}: nobody may skip a rank or "
                        "change suit within a sequence"),
    "mg_stopped": N_("The sequence has stopped at {card}: seat {seat} leads a new one"),
    "mg_nothing_led": N_("Nothing has been led yet: seat {seat} leads"),
    "mg_last_player_leads": N_("Seat {seat} played the last card and leads, not seat {seat2}"),
    "mg_left_of_dealer_leads": N_("The player left of the dealer, seat {seat}, leads, not "
                                  "seat {seat2}"),
    "mg_lead_lowest": N_("You must lead your lowest {suit_one}, {card}"),
    "mg_lead_other_suit": N_("After the stop in {suits} you must lead a different suit while "
                             "you hold one"),
    # ---- the engine's checks of derived events in a record (engine/engine.py)
    "deal_end_misplaced": N_("deal_end where no deal has just ended"),
    "game_end_early": N_("game_end before the game is over"),
    "derived_mismatch": N_("the record says {json} but the rules give {json2}"),
}


def refusal_to_json(e: Any) -> dict[str, Any]:
    """A record's refused event (an ``engine.record.ReplayError``) as JSON data, to keep
    in a file and put into words later (``refusal_from_json``): ``{"line", "event",
    "seat", "rule", "message_id", "params"}``; a ``ContractTerms`` parameter as
    ``[sets, runs, set_size, run_size, whole_hand]``."""
    from ..variants.specs import ContractTerms
    err = e.error
    params = {}
    for k, v in (err.params if err is not None else {}).items():
        if isinstance(v, ContractTerms):
            v = [v.sets, v.runs, v.set_size, v.run_size, v.whole_hand]
        elif not (v is None or isinstance(v, (bool, int, str))):
            v = str(v)
        params[k] = v
    return {"line": e.line, "event": e.event.type, "seat": getattr(e.event, "player", None),
            "rule": e.rule, "message_id": getattr(err, "message_id", None), "params": params}


def refusal_from_json(d: Any) -> tuple[int, str, int | None, IllegalActionError] | None:
    """``(line, event type, seat, IllegalActionError)`` from ``refusal_to_json``'s data,
    or ``None`` for anything else (the data comes from a file a person may have edited:
    an unknown message id, a rule id that is not one, a parameter of the wrong type)."""
    from ..variants.specs import ContractTerms
    if not isinstance(d, dict):
        return None
    line, event, seat = d.get("line"), d.get("event"), d.get("seat")
    rule, mid, params = d.get("rule"), d.get("message_id"), d.get("params")
    if not (isinstance(line, int) and not isinstance(line, bool) and line >= 1
            and isinstance(event, str) and 0 < len(event) <= 40 and event.isprintable()
            and (seat is None or (isinstance(seat, int) and not isinstance(seat, bool)
                                  and 0 <= seat < 100))
            and isinstance(rule, str) and re.fullmatch(r"[A-Z]{2}-\d{1,2}", rule)
            and mid in REFUSALS and isinstance(params, dict) and len(params) <= 8):
        return None
    out = {}
    for k, v in params.items():
        if not isinstance(k, str) or not re.fullmatch(r"[a-z_]{1,20}\d?", k):
            return None
        if k.rstrip("0123456789") == "contract":
            if not (isinstance(v, list) and len(v) == 5 and all(
                    x is None or (isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 20)
                    for x in v[:4]) and isinstance(v[0], int) and isinstance(v[1], int)
                    and isinstance(v[4], bool)):
                return None
            v = ContractTerms(*v)
        elif k.rstrip("0123456789") in _RANGES:
            lo, hi = _RANGES[k.rstrip("0123456789")]
            if not (isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi):
                return None
        elif not (v is None or isinstance(v, (bool, int)) or (isinstance(v, str) and len(v) <= 200)):
            return None
        out[k] = v
    have = fields(out, "en")
    if any(set(_FIELD.findall(text)) - set(have) for text in forms(REFUSALS[mid])):
        return None  # a field its text needs is missing
    return line, event, seat, IllegalActionError(rule, mid, out)


_RANGES = {"card": (0, 52), "rank": (1, 14), "suit": (0, 3)}
_FIELD = re.compile(r"\{([a-z_0-9]+)\}")


def rule_reason(err: IllegalActionError | str, lang: str | None = None,
                with_rule: bool = True) -> str:
    """A refusal in ``lang`` (default: the current language), followed by its rule id:
    ``"У вас нет 7♠ (CF-9)"`` (``with_rule=False``: without it).  A plain string (a
    reason the UI wrote itself) is returned as it is."""
    if isinstance(err, str):
        return err
    text = render(err.message, lang)
    rule = getattr(err, "rule", None)
    return f"{text} ({rule})" if with_rule and rule else text


__all__ = ["REFUSALS", "rule_reason", "refusal_to_json", "refusal_from_json"]
