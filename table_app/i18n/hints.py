"""The computer players' reasons (the Hint button's "why"), by message id, with their
English texts.

A player's ``decide`` returns ``(action, reason)``, the reason a ``Message``
(``table_app.core.messages``): an id below and its parameters, never a sentence
(``Message("discard_note", card=face, points=10, note=Message("note_no_use"),
keeps=Message("keeps_run", cards=(...)))``).  ``hint_reason(reason)`` puts it into words
where it is shown (``ui/table/hint.py``), the parts of a phrase (a meld's name, a
discard's note, Michigan's reasons for a lead) being messages of their own.  Fields are
shown as ``render.py`` says (``card``, ``cards``, ``rank``/``ranks``, ``suit``/
``suits``/``suit_one``, ``contract``, ``chips``...).

A new reason in the AI gets an id here (then extract, translate, compile: ``README.md``);
``tests/test_i18n_hints.py`` reads the reasons in the AI's source with ``ast`` and fails
for an id that is not here or an entry Russian or Ukrainian does not translate.
"""
from __future__ import annotations

from ..core.messages import Message
from .render import N_, ngettext, render

#: message id -> English text (a catalog message id) or a plural entry
HINTS: dict[str, object] = {
    # ---- contract family (ai/contract_ai.py): drawing
    "draw_stock": N_("draws from the stock"),
    "take_stock_empty": N_("takes the upcard: the stock is empty"),
    "take_for_layoff": N_("takes {card}: it can be laid off on the table"),
    "pass_no_layoff": N_("passes {card}: it can't be laid off"),
    "take_wild": ngettext("takes {card}: a wild card, {n} card from the contract",
                          "takes {card}: a wild card, {n} cards from the contract", "n"),
    "take_completes": N_("takes {card}: it completes the contract ({contract})"),
    "take_for_contract": N_("takes {card} for the contract"),
    "take_for_meld": N_("takes {card} for the {where}"),
    "pass_no_help": N_("passes {card}: it doesn't bring {contract} closer"),
    "easy_safe_stock": N_("plays it safe and draws from the stock"),
    "easy_looks_useful": N_("takes {card}: it looks useful"),
    # ---- the search level (ai/is_search.py)
    "search_gain": ngettext("{why}: searched {n} world, about {points} point better than "
                            "the look-ahead's choice",
                            "{why}: searched {n} worlds, about {points} points better than "
                            "the look-ahead's choice", "n"),
    # ---- the end of a deal that can't be refilled any more (CF-14)
    "end_round": ngettext("ends the round: {points} point in hand, fewer than the others' "
                          "likely {n}",
                          "ends the round: {points} points in hand, fewer than the others' "
                          "likely {n}", "points"),
    "play_on": ngettext("takes the upcard: ending the round now would leave {points} point in "
                        "hand, more than the others' likely {n}",
                        "takes the upcard: ending the round now would leave {points} points "
                        "in hand, more than the others' likely {n}", "points"),
    "no_buy_spent": N_("doesn't buy {card}: the stock is spent and the round ends anyway"),
    # ---- buying
    "no_buy_down": N_("doesn't buy {card}: already down, a penalty card only adds points"),
    "no_buy_no_help": N_("doesn't buy {card}: it doesn't help {contract}"),
    "buy_worth": ngettext("buys {card}: it brings the contract to {n} card away, worth the "
                          "penalty card",
                          "buys {card}: it brings the contract to {n} cards away, worth the "
                          "penalty card", "n"),
    "no_buy_not_enough": N_("doesn't buy {card}: it helps, but not enough for a penalty card "
                            "and a bigger hand"),
    "no_buy_possible": N_("no buy possible"),
    "easy_lets_go": N_("lets it go"),
    # ---- going down, laying off, swapping, discarding
    "go_out_whole": N_("goes out with the whole hand: {melds}"),
    "go_down": N_("goes down: {melds}"),
    "lay_off": N_("lays off {card} on {meld}"),
    "swap": N_("swaps {card} for the wild in {meld} (CR-7)"),
    "lay_off_as": N_("lays off {card} as {card2} on {meld}"),
    "discard_down": ngettext("discards {card} ({points} point, can't be laid off)",
                             "discards {card} ({points} points, can't be laid off)", "points"),
    "discard_note": ngettext("discards {card} ({points} point, {note}){keeps}",
                             "discards {card} ({points} points, {note}){keeps}", "points"),
    "discard": N_("discards {card}"),
    "only_move": N_("the only move"),
    # ---- the hard level (ai/contract_search.py) and the benchmark's oracle (ai/oracle.py)
    "take_beats_stock": N_("takes {card}: it helps more surely than a card from the stock "
                           "would"),
    "pass_stock_better": N_("passes {card}: a card from the stock is likelier to help "
                            "({pct} chance)"),
    "dump_out_of_reach": ngettext("discards {card}: the contract is out of reach, so it sheds "
                                  "{points} point",
                                  "discards {card}: the contract is out of reach, so it sheds "
                                  "{points} points", "points"),
    "discard_sheds": ngettext("discards {card} ({points} point): a player who is down may go "
                              "out soon, so it sheds more points than {card2} would",
                              "discards {card} ({points} points): a player who is down may go "
                              "out soon, so it sheds more points than {card2} would", "points"),
    "looks_ahead": N_("{why}, keeping the cards the next draw is likeliest to help"),
    "searched": ngettext("{why} (searched {n} deal)", "{why} (searched {n} deals)", "n"),
    "better_searched": ngettext("{why} (better over {n} searched deal)",
                                "{why} (better over {n} searched deals)", "n"),
    "take_upcard": N_("takes the upcard"),
    "pass_upcard": N_("passes the upcard"),
    "buy_upcard": N_("buys the upcard"),
    "no_buy": N_("doesn't buy"),
    "sees_every_hand": N_("{why} (sees every hand: {chips} chips)"),
    # ---- Michigan (ai/michigan_ai.py)
    "must_play": N_("must play {card} (MG-6)"),
    "lead_only_suit": N_("leads {card}: the only suit it may lead"),
    "lead_out": N_("leads {card}: plays out the whole hand and goes out"),
    "lead_bits": N_("leads {card}: {bits}"),
    "easy_lead_whim": N_("leads {card}, {suit}"),
    "expects": ngettext("{why} (expects {chips} chips over {n} sampled deal)",
                        "{why} (expects {chips} chips over {n} sampled deals)", "n"),
    # ---- the benchmarks' random player (ai/player.py RandomPlayer)
    "random_move": N_("a random legal move"),
    # ---- the table's stand-in player (ui/table/session.py FallbackPlayer)
    "fb_lead_lowest": N_("leads its lowest card"),
    "fb_play_next": N_("plays the next card"),
    "fb_buy_wild": N_("buys a wild card"),
    "fb_pass": N_("passes"),
    "fb_take_for_set": N_("takes the upcard for a set"),
    "fb_go_down": N_("goes down"),
    "fb_lay_off": N_("lays off"),
    "fb_discard_loose": N_("discards a loose high card"),
    # ---- parts of a reason
    # a meld on the table (contract_ai._meld_text): "lays off 7♠ on the set of 7s"
    "meld_set": N_("the set of {ranks}s"),
    "meld_run": N_("the run {card}-{card2}"),
    # a meld aimed at (contract_eval.describe_meld): "takes 7♠ for the run 5♥-8♥"
    "where_set": N_("set of {ranks}s"),
    "where_run": N_("run {card}-{card2}"),
    # why a card is thrown (contract_ai.discard_scores)
    "note_no_use": N_("no use for the contract"),
    "note_plan": N_("part of the plan"),
    "note_wild": N_("a wild card"),
    # what the discard keeps (contract_ai.discard_reason)
    "keeps_set": N_("; keeps {cards} for the set"),
    "keeps_run": N_("; keeps {cards} for the run"),
    # Michigan's reasons for a lead (michigan_ai.NormalMichigan.reason)
    "bit_runs": ngettext("runs {n} {suits} in a row", "runs {n} {suits} in a row", "n"),
    "bit_pay": N_("heads for a pay card"),
    "bit_pay_self": N_("plays the pay card itself"),
    "bit_control": N_("keeps the lead after the stop"),
    "bit_low": N_("gets rid of a low {suit_one}"),
    # the melds of a going-down (contract_ai.go_down_reason)
    "melds_set": N_("set {cards}"),
    "melds_run": N_("run {cards}"),
    # ---- the coach (ai/review.py): the moves reviewed (as the Hint names a move)
    "rv_took": N_("take {card}"),
    "rv_drew": N_("draw from the stock"),
    "rv_passed": N_("pass {card}"),
    "rv_bought": N_("buy {card}"),
    "rv_called": N_("call {card}"),
    "rv_no_buy": N_("let {card} go"),
    "rv_no_call": N_("let {card} go uncalled"),
    "rv_went_down": N_("go down"),
    "rv_laid_off": N_("lay off {card}"),
    "rv_swapped": N_("swap in {card}"),
    "rv_discarded": N_("discard {card}"),
    "rv_led": N_("lead {card}"),
    "rv_played": N_("play {card}"),
    "rv_move": N_("make the move {code}"),
    # ---- the coach's verdicts ({amount}: points or chips, one decimal; {n}: worlds)
    "rv_only_move": N_("nothing else worth weighing"),
    "rv_too_few": N_("too few worlds to judge ({n})"),
    "rv_within_noise": N_("no better play stands out of the noise: {amount} ± {spread} points "
                          "over {n} worlds"),
    "rv_within_noise_chips": N_("no better play stands out of the noise: {amount} ± {spread} "
                                "chips over {n} worlds"),
    "rv_passed_completing": N_("passed {card}, which completes the contract ({contract}): "
                               "{amount} points more on average ({n} worlds)"),
    "rv_fed_layoff": ngettext("discarded {card} with the next player down on {n2} card, who "
                              "can lay it off: {amount} points more on average ({n} worlds)",
                              "discarded {card} with the next player down on {n2} cards, who "
                              "can lay it off: {amount} points more on average ({n} worlds)",
                              "n2"),
    "rv_kept_high": ngettext("kept {card} with a player down on {n2} card: caught with {amount} "
                             "points more on average ({n} worlds)",
                             "kept {card} with a player down on {n2} cards: caught with "
                             "{amount} points more on average ({n} worlds)", "n2"),
    # the same with the seat named (ai.review.name_seats: the record's names): {name}
    # another player, or "you" the person playing
    "rv_fed_layoff_named": ngettext("discarded {card} with {name} next, down on {n2} card and "
                                    "able to lay it off: {amount} points more on average "
                                    "({n} worlds)",
                                    "discarded {card} with {name} next, down on {n2} cards and "
                                    "able to lay it off: {amount} points more on average "
                                    "({n} worlds)", "n2"),
    "rv_fed_layoff_you": ngettext("discarded {card} with you next, down on {n2} card and able "
                                  "to lay it off: {amount} points more on average ({n} worlds)",
                                  "discarded {card} with you next, down on {n2} cards and able "
                                  "to lay it off: {amount} points more on average ({n} worlds)",
                                  "n2"),
    "rv_kept_high_named": ngettext("kept {card} with {name} down on {n2} card: caught with "
                                   "{amount} points more on average ({n} worlds)",
                                   "kept {card} with {name} down on {n2} cards: caught with "
                                   "{amount} points more on average ({n} worlds)", "n2"),
    "rv_kept_high_you": ngettext("kept {card} with you down on {n2} card: caught with {amount} "
                                 "points more on average ({n} worlds)",
                                 "kept {card} with you down on {n2} cards: caught with "
                                 "{amount} points more on average ({n} worlds)", "n2"),
    "rv_cost": N_("“{played}” rather than “{better}”: {amount} points more on average "
                  "({n} worlds)"),
    "rv_mg_pay": N_("led {card} rather than {card2}, which runs to your pay card {card3}: "
                    "{amount} chips fewer on average ({n} worlds)"),
    "rv_mg_cost": N_("led {card} rather than {card2}: {amount} chips fewer on average "
                     "({n} worlds)"),
}


def hint_reason(reason: Message | str | None, lang: str | None = None) -> str:
    """A computer player's reason in ``lang`` (default: the current language).  A plain
    string (from a player outside this package) is shown as it is; ``None``: ``""``."""
    if reason is None:
        return ""
    if isinstance(reason, str):
        return reason
    return render(reason, lang)


__all__ = ["HINTS", "hint_reason"]
