"""Rule-refusal reasons in every language.

The rules raise ``IllegalActionError(reason, rule)`` with an English sentence built by an
f-string (``"You don't hold 7♠"``).  The rules core stays English-only; this module reads
such a sentence back: each English *template* below (a catalog message id, with named
``{fields}`` for the variable parts) becomes a regular expression, the first template
that matches the whole reason is looked up in the language's catalog, and the fields are
put back, re-rendered for the language (cards, ranks, suits, meld kinds, contracts, game
names).  A reason that no template matches stays English.

``tests/test_i18n_reasons.py`` reads every refusal in the rules' source with ``ast`` and
checks that a template here matches it and that Russian and Ukrainian translate it, so a
new message in the rules can't go untranslated unnoticed.

Field names decide what a field matches and how it is re-rendered:

==========  ==========================================  ================================
field       matches                                     in the translation
==========  ==========================================  ================================
card*       ``7♠``, ``7S``, ``10H``, ``JK``             the card's short name
rank        ``7``, ``J``                                as is
suit        ``♠`` ... ``♣`` (or ``S`` ... ``C``)          the suit symbol
suit_one    ``spade`` ... ``club``                      the suit symbol
suits       ``spades`` ... ``clubs``                    the suit symbol
kind        ``set``, ``run``                            the word (nominative)
contract    ``2 sets of 3 + 1 run of 7, whole hand``    the contract in the language
game        a game's display name                       its translated name
seat*, n*,  a number (or any word, for a bad seat)      as is
round*, ...
==========  ==========================================  ================================

A translation names exactly the fields of its message id, in the forms given here (GNU
``msgfmt --check`` accepts no other names), so phrase it around the nominative.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..core.cards import SUIT_SYMBOLS, SUITS, parse_face
from ..core.errors import IllegalActionError, RecordError


def N_(msg: str) -> str:  # the extractor looks for N_( calls in this file too
    return msg


#: Every refusal sentence of the rules, as a template (a catalog message id).
TEMPLATES: tuple[str, ...] = (
    # ---- contract family: the deal, turn order, phases (contract_family.py)
    N_("{action} is not an action of {game}"),
    N_("No deal is in progress: the next deal comes first"),
    N_("The game is over"),
    N_("There is no seat {seat}"),
    N_("A buying window is open: the players asked answer first"),
    N_("The active player has declared for the stock and can't buy the upcard now"),
    N_("You bought the card above it: in a chain the next card goes to someone else"),
    N_("Nobody buys back their own discard"),
    N_("You have already passed in this buying window"),
    N_("Seat {seat} is asked first (nearest to the active player)"),
    N_("No penalty card can be given (the stock is empty and can't be refilled), so there "
       "is no buy"),
    N_("There is no buying out of turn in Mexican Rummy"),
    N_("No buying window is open"),
    N_("It is seat {seat}'s turn"),
    N_("There is no upcard to take"),
    N_("Declare for the stock first (pass the upcard): the others may buy it before you draw"),
    N_("The stock is empty and can't be refilled: take the upcard"),
    N_("The stock is empty: it must be refilled first (restock)"),
    N_("In Mexican Rummy you simply draw from the stock"),
    N_("There is no upcard to pass"),
    N_("The stock is empty and can't be refilled: you must take the upcard"),
    N_("Draw first: take the upcard or draw from the stock"),
    N_("You declared for the stock: draw from it"),
    N_("The stock is empty and can't be refilled"),
    N_("You have already drawn this turn"),
    N_("Unknown action {action}"),
    N_("A deal is in progress"),
    N_("The next deal is round {round}"),
    N_("The deal passes to the left: seat {seat} deals"),
    N_("No card is being taken from the stock now"),
    N_("The stock is refilled only when it is empty"),
    N_("The discard pile has no cards to refill the stock"),
    N_("The stock has been refilled three times this deal: a card taken from the empty stock "
       "now ends the deal instead"),
    N_("The new stock must be exactly the discard pile under the upcard"),
    # ---- contract family: melds, going down, laying off, swaps, discards
    N_("You don't hold {card}"),
    N_("You don't hold {card} (that many times)"),
    N_("{card} can be laid off on the table: discard a card that can't be played"),
    N_("You have already gone down this deal: lay off instead"),
    N_("The contract of round {round} is {contract}, laid down all at once"),
    N_("Round 7 needs sets of 3 and a run of 7 (a {kind} of {n} is too short)"),
    N_("Lay exactly the contract: every set 3 cards, every run 4 (this {kind} has {n}); lay "
       "the rest off later"),
    N_("In each meld you go down with, natural cards must outnumber wild cards ({natural} "
       "natural, {wild} wild)"),
    N_("Round 7: go down only by laying the whole hand at once ({n} card would be left)"),
    N_("Round 7: go down only by laying the whole hand at once ({n} cards would be left)"),
    N_("Round 7: go down only by going out, laying the whole hand in 3 runs at once ({n} card "
       "would be left)"),
    N_("Round 7: go down only by going out, laying the whole hand in 3 runs at once ({n} "
       "cards would be left)"),
    N_("Keep a card to discard: you may not meld your last card"),
    N_("Go down with the contract before laying off"),
    N_("You can't lay off on the turn you go down"),
    N_("There is no meld number {meld} on the table"),
    N_("Keep a card to discard: you may not lay off your last card"),
    N_("Wild cards on the table are never moved or swapped"),
    N_("Only a player who is down may swap a wild"),
    N_("Wilds in sets are not swapped, only wilds in runs"),
    N_("Only a natural card can take a wild's place"),
    N_("No wild in that run stands for {card}"),
    # ---- melds (core/melds.py)
    N_("A joker needs a declared role: the card it stands for"),
    N_("A wild card cannot stand for a joker"),
    N_("{card} is not a wild card and cannot stand for {card2}"),
    N_("Every card needs its role entry"),
    N_("A set needs three or more cards of one rank"),
    N_("A set's cards must all be of one rank"),
    N_("Unknown meld kind {what}"),
    N_("A run needs four or more cards of one suit in sequence"),
    N_("A run's cards must all be of one suit"),
    N_("A run's cards must be consecutive, ace low or high, never K-A-2"),
    N_("{card} does not fit a set of {rank}s"),
    N_("{card} is not of the run's suit ({suit})"),
    N_("{card} does not extend the run at either end (runs take cards only at their ends, "
       "never past the ace)"),
    # ---- Michigan (michigan.py)
    N_("There is no deal in progress to declare void"),
    N_("There is no stock to draw from in Michigan"),
    N_("Michigan has no '{action}' action: a player only leads or plays the next card of the "
       "sequence"),
    N_("There is no seat {seat} to deal"),
    N_("Round {round} is still being played"),
    N_("The session of {total} deals is over"),
    N_("The session has {total} deals: there is no round {round}"),
    N_("After the misdeal seat {seat} redeals round {round}"),
    N_("The next deal is round {round}, not {round2}"),
    N_("The deal passes left: seat {seat} deals round {round}, not seat {seat2}"),
    N_("There is no seat {seat} at this table"),
    N_("Michigan is played without jokers"),
    N_("No cards have been dealt yet"),
    N_("The session is over"),
    N_("The deal was void: the same dealer redeals first"),
    N_("Round {round} is over: the next deal comes first"),
    N_("No lead now: {card} is next in the sequence and seat {seat} must play it"),
    N_("It is seat {seat}'s turn to play {card}, not seat {seat2}'s"),
    N_("The next card is {card}, not {card2}: nobody may skip a rank or change suit within "
       "a sequence"),
    N_("The sequence has stopped at {card}: seat {seat} leads a new one"),
    N_("Nothing has been led yet: seat {seat} leads"),
    N_("Seat {seat} played the last card and leads, not seat {seat2}"),
    N_("The player left of the dealer, seat {seat}, leads, not seat {seat2}"),
    N_("You must lead your lowest {suit_one}, {card}"),
    N_("After the stop in {suits} you must lead a different suit while you hold one"),
    # ---- the engine's checks of derived events in a record (engine.py)
    N_("deal_end where no deal has just ended"),
    N_("game_end before the game is over"),
    N_("the record says {json} but the rules give {json2}"),
)

_CARD_RE = r"(?:10|[2-9JQKA])[SHDC♠♥♦♣]|JK"
_FIELD_RE = {
    "card": _CARD_RE,
    "rank": r"10|[2-9JQKA]",
    "suit": r"[SHDC♠♥♦♣]",
    "suit_one": r"spade|heart|diamond|club",
    "suits": r"spades|hearts|diamonds|clubs",
    "kind": r"set|run",
    "seat": r"\S+",
    "n": r"-?\d+",
    "natural": r"-?\d+",
    "wild": r"-?\d+",
    "round": r"-?\d+",
    "total": r"-?\d+",
    "meld": r"\S+",
}
_FIELD = re.compile(r"\{([a-z_]+?)(\d*)\}")


def _field_re(name: str) -> str:
    return _FIELD_RE.get(name, r".+?")


@lru_cache(maxsize=None)
def _compiled() -> tuple[tuple[re.Pattern, str], ...]:
    """(regex, template) pairs, the most literal text first (so ``There is no seat 5 to
    deal`` finds its own template before ``There is no seat {seat}``)."""
    out = []
    for t in TEMPLATES:
        pos = 0
        rx = []
        for m in _FIELD.finditer(t):
            rx.append(re.escape(t[pos:m.start()]))
            rx.append(f"(?P<{m.group(1)}{m.group(2)}>{_field_re(m.group(1))})")
            pos = m.end()
        rx.append(re.escape(t[pos:]))
        literal = len(_FIELD.sub("", t))
        out.append((literal, re.compile("".join(rx), re.S), t))
    out.sort(key=lambda x: -x[0])
    return tuple((rx, t) for _, rx, t in out)


def match_reason(reason: str) -> tuple[str, dict[str, str]] | None:
    """The template that matches an English reason, and its fields; ``None`` if none."""
    for rx, t in _compiled():
        m = rx.fullmatch(reason)
        if m:
            return t, m.groupdict()
    return None


# ---------------------------------------------------------------- fields per language
_SUIT_WORDS = {w: i for i, w in enumerate(("spade", "heart", "diamond", "club"))}
_SUIT_WORDS.update({w: i for i, w in enumerate(("spades", "hearts", "diamonds", "clubs"))})
_KIND = {
    "en": {"set": "set", "run": "run"},
    "ru": {"set": "группа", "run": "серия"},
    "uk": {"set": "група", "run": "серія"},
}
# contract words: (one, few, many) per language
_CWORDS = {
    "ru": {"set": ("группа", "группы", "групп"), "run": ("серия", "серии", "серий"),
           "of_set": "по {n}", "of_run": "из {n}", "whole": "вся рука"},
    "uk": {"set": ("група", "групи", "груп"), "run": ("серія", "серії", "серій"),
           "of_set": "по {n}", "of_run": "з {n}", "whole": "уся рука"},
}


def plural_index(n: int) -> int:
    """Russian and Ukrainian plural form of ``n``: 0 one, 1 few, 2 many."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def contract_text(text: str, lang: str) -> str:
    """A contract as the rules write it (``"2 sets of 3 + 1 run of 7, whole hand"``) in
    ``lang``: ``"2 группы по 3 + 1 серия из 7, вся рука"``.  Unreadable text is returned
    unchanged."""
    if lang not in _CWORDS:
        return text
    w = _CWORDS[lang]
    body, sep, tail = text.partition(", ")
    if sep and tail != "whole hand":
        return text
    parts = []
    for part in body.split(" + "):
        m = re.fullmatch(r"(\d+) (set|run)s?(?: of (\d+))?", part.strip())
        if not m:
            return text
        n = int(m.group(1))
        s = f"{n} {w[m.group(2)][plural_index(n)]}"
        if m.group(3):
            s += " " + w["of_" + m.group(2)].format(n=m.group(3))
        parts.append(s)
    out = " + ".join(parts)
    return out + (", " + w["whole"] if sep else "")


def _card(text: str, lang: str) -> str:
    from .cards import card_name
    t = text
    for i, sym in enumerate(SUIT_SYMBOLS):
        t = t.replace(sym, SUITS[i])
    try:
        return card_name(parse_face(t), "short", lang)
    except (RecordError, ValueError):
        return text


def _fields(groups: dict[str, str], lang: str) -> dict[str, str]:
    from . import tr
    out: dict[str, str] = {}
    for key, val in groups.items():
        base = key.rstrip("0123456789")
        out[key] = val
        if base == "card":
            out[key] = _card(val, lang)
        elif base == "suit":
            out[key] = val if val in SUIT_SYMBOLS else SUIT_SYMBOLS[SUITS.index(val)]
        elif base in ("suit_one", "suits"):
            out[key] = SUIT_SYMBOLS[_SUIT_WORDS[val]]
        elif base == "kind":
            out[key] = _KIND.get(lang, _KIND["en"])[val]
        elif base == "contract":
            out[key] = contract_text(val, lang)
        elif base == "game":
            out[key] = tr(val, lang)
    return out


def translate_reason(reason: str, lang: str | None = None) -> str:
    """An English refusal reason in ``lang`` (default: the current language); unknown
    reasons, and English, come back unchanged."""
    from . import current_language, translation
    lang = current_language() if lang is None else lang
    if lang == "en":
        return reason
    hit = match_reason(reason)
    if hit is None:
        return reason
    template, groups = hit
    msg = translation(lang).gettext(template)
    if msg == template:  # no translation yet
        return reason
    try:
        return msg.format(**_fields(groups, lang))
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        return reason


def rule_reason(err: IllegalActionError | str, lang: str | None = None,
                with_rule: bool = True) -> str:
    """The reason of a refusal in ``lang`` (default: the current language), followed by
    its rule id as ``str(err)`` has it: ``"У вас нет 7♠ (CF-9)"``.  ``err`` may also be
    a bare reason string (then no rule id is added)."""
    if isinstance(err, str):
        return translate_reason(err, lang)
    text = translate_reason(getattr(err, "reason", str(err)), lang)
    rule = getattr(err, "rule", None)
    return f"{text} ({rule})" if with_rule and rule else text
