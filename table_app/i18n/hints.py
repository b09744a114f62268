"""The computer players' reasons (the Hint button's "why") in every language.

The AI (``table_app/ai``) explains a decision with an English phrase built by f-strings
(``"discards 9♣ (10 points, no use for the contract); keeps 7♥ 8♥ for the run"``).  The AI
stays English-only; like ``reasons.py`` for the rules' refusals, this module reads such a
phrase back: every English *template* below (a catalog message id with named ``{fields}``)
becomes a regular expression, the most literal template that matches the whole phrase is
looked up in the language's catalog and the fields are put back, re-rendered for the
language.  Some fields are themselves phrases (a meld's name, a discard's note, Michigan's
reasons for a lead) and are translated the same way from ``PARTS``.  A phrase that no
template matches stays English.

A template with a count is a ``ngettext(one, many, field)`` entry (the field that
chooses the plural form is named last).

``tests/test_i18n_hints.py`` reads the reasons in the AI's source with ``ast`` and fails
when one has no template here, and translates the reasons of real games; after adding a
template run the extractor and translate it (``README.md``).

Fields, by name (a trailing digit is ignored: ``card2`` is a ``card``):

==========  =============================================  ===============================
field       matches                                        in the translation
==========  =============================================  ===============================
card        ``7♠``, ``10♥``, ``JK``                        the card's short name
cards       cards separated by spaces                      each card's short name
n, points   a whole number                                 as is
chips       ``+1.5``, ``-2``                               as is
pct         ``40%``                                        as is
suit        ``♠``                                          as is
suits       ``spades`` ... ``clubs``                       the suit symbol
suit_one    ``spade`` ... ``club``                         the suit symbol
ranks       ``7``, ``Q`` (in ``set of 7s``)                the rank's genitive plural word
contract    a contract as the rules write it               the contract in the language
meld        ``the set of 7s``, ``the run 7♥-10♥``          ``PARTS["meld"]`` translated
where       ``set of 7s``, ``run 7♥-10♥``                  ``PARTS["where"]`` translated
note        a discard's note                               ``PARTS["note"]`` translated
keeps       ``""`` or ``"; keeps 7♥ 8♥ for the run"``      ``PARTS["keeps"]`` translated
bits        Michigan's reasons, joined by ``", "``         each from ``PARTS["bits"]``
melds       ``set 7♠ 7♥ 7♦, run ...`` (a going-down)       each from ``PARTS["melds"]``
why         a whole reason                                 translated by ``TEMPLATES``
==========  =============================================  ===============================
"""
from __future__ import annotations

import re
from functools import lru_cache


def N_(msg: str) -> str:  # the extractor reads N_( and ngettext( calls in this file too
    return msg


def ngettext(one: str, many: str, field: str) -> tuple[str, str, str]:
    """A plural template: the English singular and plural and the counting field."""
    return (one, many, field)


#: Every reason of the AI players (table_app/ai) as a template.
TEMPLATES: tuple = (
    # ---- contract family (contract_ai.py): drawing
    N_("draws from the stock"),
    N_("takes the upcard: the stock is empty"),
    N_("takes {card}: it can be laid off on the table"),
    N_("passes {card}: it can't be laid off"),
    ngettext("takes {card}: a wild card, {n} card from the contract",
             "takes {card}: a wild card, {n} cards from the contract", "n"),
    N_("takes {card}: it completes the contract ({contract})"),
    N_("takes {card} for the contract"),
    N_("takes {card} for the {where}"),
    N_("passes {card}: it doesn't bring {contract} closer"),
    N_("plays it safe and draws from the stock"),
    N_("takes {card}: it looks useful"),
    # ---- the end of a deal that can't be refilled any more (CF-14)
    ngettext("ends the round: {points} point in hand, fewer than the others' likely {n}",
             "ends the round: {points} points in hand, fewer than the others' likely {n}",
             "points"),
    ngettext("takes the upcard: ending the round now would leave {points} point in hand, "
             "more than the others' likely {n}",
             "takes the upcard: ending the round now would leave {points} points in hand, "
             "more than the others' likely {n}", "points"),
    N_("doesn't buy {card}: the stock is spent and the round ends anyway"),
    # ---- buying
    N_("doesn't buy {card}: already down, a penalty card only adds points"),
    N_("doesn't buy {card}: it doesn't help {contract}"),
    ngettext("buys {card}: it brings the contract to {n} card away, worth the penalty card",
             "buys {card}: it brings the contract to {n} cards away, worth the penalty card",
             "n"),
    N_("doesn't buy {card}: it helps, but not enough for a penalty card and a bigger hand"),
    N_("no buy possible"),
    N_("lets it go"),
    # ---- going down, laying off, swapping, discarding
    N_("goes out with the whole hand: {melds}"),
    N_("goes down: {melds}"),
    N_("lays off {card} on {meld}"),
    N_("swaps {card} for the wild in {meld} (CR-7)"),
    N_("lays off {card} as {card2} on {meld}"),
    ngettext("discards {card} ({points} point, can't be laid off)",
             "discards {card} ({points} points, can't be laid off)", "points"),
    ngettext("discards {card} ({points} point, {note}){keeps}",
             "discards {card} ({points} points, {note}){keeps}", "points"),
    N_("discards {card}"),
    N_("the only move"),
    # ---- Michigan (michigan_ai.py)
    N_("must play {card} (MG-6)"),
    N_("leads {card}: the only suit it may lead"),
    N_("leads {card}: plays out the whole hand and goes out"),
    N_("leads {card}: {bits}"),
    N_("leads {card}, {suit}"),
    ngettext("{why} (expects {chips} chips over {n} sampled deal)",
             "{why} (expects {chips} chips over {n} sampled deals)", "n"),
    # ---- the table's stand-in player (ui/table/session.py FallbackPlayer)
    N_("leads its lowest card"),
    N_("plays the next card"),
    N_("buys a wild card"),
    N_("passes"),
    N_("takes the upcard for a set"),
    N_("goes down"),
    N_("lays off"),
    N_("discards a loose high card"),
)

#: Phrases that are fields of the templates above, by field name.
PARTS: dict = {
    # a meld on the table (contract_ai._meld_text): "lays off 7♠ on the set of 7s"
    "meld": (
        N_("the set of {ranks}s"),
        N_("the run {card}-{card2}"),
    ),
    # a meld aimed at (contract_eval.describe_meld): "takes 7♠ for the run 5♥-8♥"
    "where": (
        N_("set of {ranks}s"),
        N_("run {card}-{card2}"),
    ),
    # why a card is thrown (contract_ai.discard_scores)
    "note": (
        N_("no use for the contract"),
        N_("part of the plan"),
        N_("a wild card"),
    ),
    # what the discard keeps (contract_ai.discard_reason)
    "keeps": (
        N_("; keeps {cards} for the set"),
        N_("; keeps {cards} for the run"),
    ),
    # Michigan's reasons for a lead (michigan_ai.NormalMichigan.reason)
    "bits": (
        ngettext("runs {n} {suits} in a row", "runs {n} {suits} in a row", "n"),
        N_("heads for a pay card"),
        N_("keeps the lead after the stop"),
        N_("gets rid of a low {suit_one}"),
    ),
    # the melds of a going-down (contract_ai.go_down_reason)
    "melds": (
        N_("set {cards}"),
        N_("run {cards}"),
    ),
}

_CARD = r"(?:10|[2-9JQKA])[♠♥♦♣]|JK"
_FIELD_RE = {
    "card": _CARD,
    "cards": rf"(?:{_CARD})(?: (?:{_CARD}))*",
    "n": r"-?\d+",
    "points": r"-?\d+",
    "chips": r"[+-]?\d+(?:\.\d+)?",
    "pct": r"\d+%",
    "suit": r"[♠♥♦♣]",
    "suits": r"spades|hearts|diamonds|clubs",
    "suit_one": r"spade|heart|diamond|club",
    "ranks": r"10|[2-9JQKA]",
    "keeps": r"(?:; keeps .+ for the (?:set|run))?",
}
_FIELD = re.compile(r"\{([a-z_]+?)(\d*)\}")
_SUIT_WORDS = {w: i for i, w in enumerate(("spade", "heart", "diamond", "club"))}
_SUIT_WORDS.update({w: i for i, w in enumerate(("spades", "hearts", "diamonds", "clubs"))})
_RANK_NUM = {"J": 11, "Q": 12, "K": 13, "A": 14}


def _forms(entry) -> tuple[str, ...]:
    """The English message ids of a template entry (one, or the two plural forms)."""
    return entry[:2] if isinstance(entry, tuple) else (entry,)


def _regex(t: str) -> re.Pattern:
    pos = 0
    rx = []
    for m in _FIELD.finditer(t):
        rx.append(re.escape(t[pos:m.start()]))
        rx.append(f"(?P<{m.group(1)}{m.group(2)}>{_FIELD_RE.get(m.group(1), r'.+?')})")
        pos = m.end()
    rx.append(re.escape(t[pos:]))
    return re.compile("".join(rx), re.S)


@lru_cache(maxsize=None)
def _compiled(pool: str) -> tuple:
    """(regex, entry) pairs of a pool (``"templates"`` or a ``PARTS`` key), the most
    literal text first."""
    entries = TEMPLATES if pool == "templates" else PARTS[pool]
    out = []
    for e in entries:
        for form in _forms(e):
            out.append((len(_FIELD.sub("", form)), _regex(form), e))
    out.sort(key=lambda x: -x[0])
    return tuple((rx, e) for _, rx, e in out)


def match_hint(text: str, pool: str = "templates"):
    """The template entry that matches an English phrase, and its fields; ``None``."""
    for rx, e in _compiled(pool):
        m = rx.fullmatch(text)
        if m:
            return e, m.groupdict()
    return None


def _field(key: str, val: str, lang: str) -> str | None:
    from .cards import rank_name
    from .reasons import _card, contract_text
    from ..core.cards import SUIT_SYMBOLS
    base = key.rstrip("0123456789")
    if base == "card":
        return _card(val, lang)
    if base == "cards":
        return " ".join(_card(c, lang) for c in val.split())
    if base in ("suits", "suit_one"):
        return SUIT_SYMBOLS[_SUIT_WORDS[val]]
    if base == "ranks":
        if lang == "en":
            return val
        return rank_name(_RANK_NUM.get(val) or int(val), plural=True, lang=lang)
    if base == "contract":
        return contract_text(val, lang)
    if base in ("meld", "where", "note"):
        return _translate(val, lang, base)
    if base == "keeps":
        return "" if not val else _translate(val, lang, "keeps")
    if base in ("bits", "melds"):
        parts = [_translate(p, lang, base) for p in val.split(", ")]
        return None if None in parts else ", ".join(parts)
    if base == "why":
        return _translate(val, lang, "templates")
    return val


def _translate(text: str, lang: str, pool: str) -> str | None:
    """``text`` in ``lang`` by the templates of ``pool``; ``None`` when some part of it
    has no template or no translation."""
    from . import translation
    hit = match_hint(text, pool)
    if hit is None:
        return None
    entry, groups = hit
    t = translation(lang)
    if isinstance(entry, tuple):
        one, many, count = entry
        msg = t.ngettext(one, many, abs(int(groups[count])))
        if lang != "en" and msg in (one, many):
            return None
    else:
        msg = t.gettext(entry)
        if lang != "en" and msg == entry and _FIELD.sub("", entry).strip(" ;:,"):
            return None
    fields = {}
    for k, v in groups.items():
        f = _field(k, v, lang)
        if f is None:
            return None
        fields[k] = f
    try:
        return msg.format(**fields)
    except (KeyError, IndexError, ValueError):  # a broken translation
        return None


def hint_reason(reason: str, lang: str | None = None) -> str:
    """An AI reason in ``lang`` (default: the current language); a reason with no
    template (or English) comes back unchanged."""
    from . import current_language
    lang = current_language() if lang is None else lang
    if lang == "en" or not reason:
        return reason
    out = _translate(reason, lang, "templates")
    return reason if out is None else out


__all__ = ["TEMPLATES", "PARTS", "match_hint", "hint_reason"]
