"""A ``Message`` (an id and its parameters, ``table_app.core.messages``) put into words in
a language: the id's entry (``refusals.REFUSALS`` for the rules' refusals,
``hints.HINTS`` for the computer players' reasons) is looked up in the language's catalog
and filled with the parameters, each shown the language's way.

An entry is an English text (a catalog message id, marked ``N_``) with named ``{fields}``,
or ``ngettext(one, many, count)``: a plural entry whose form follows the parameter named
``count``.

A parameter is shown by what its name says (a trailing digit is ignored: ``card2`` is a
``card``); one parameter may give the text several fields:

===============  =================================  ======================================
parameter        value                              fields in a text
===============  =================================  ======================================
card             a face (int)                       ``{card}``: the card's short name
cards            a tuple of faces                   ``{cards}``: the short names, spaced
rank             a rank 2..14                       ``{rank}`` ``7``, ``Q``; ``{ranks}``:
                                                    English ``7``, Russian/Ukrainian the
                                                    genitive plural word (семёрок)
suit             a suit 0..3                        ``{suit}`` ♠; ``{suit_one}`` and
                                                    ``{suits}``: English ``spade`` and
                                                    ``spades``, the others the symbol
kind             ``"set"`` or ``"run"``             ``{kind}``: the word
contract         a ``ContractTerms``                ``{contract}``: ``contract_name``
game             a variant id                       ``{game}``: the game's name
chips            a number                           ``{chips}``: signed, one decimal
pct              a fraction 0..1                    ``{pct}``: a whole percent, ``40%``
a message        a ``Message`` (or ``None``: "")    its own text in the language
messages         a tuple of ``Message``             their texts joined by ", "
anything else    a number, a word                   as it is
===============  =================================  ======================================

A translation that names a field the message does not have falls back to the English
text (a broken catalog never stops a refusal from being shown).
"""
from __future__ import annotations

from typing import Any

from ..core.cards import RANK_TEXT, SUIT_SYMBOLS
from ..core.messages import Message


def N_(msg: str) -> str:
    """Mark an English text for the extractor (an entry of a registry)."""
    return msg


_SUIT_ONE = ("spade", "heart", "diamond", "club")
_SUIT_MANY = ("spades", "hearts", "diamonds", "clubs")
_KINDS = (N_("set"), N_("run"))  # a meld's kind, as a ``kind`` field shows it


def ngettext(one: str, many: str, count: str) -> tuple[str, str, str]:
    """A plural entry of a registry: the English singular and plural texts and the name of
    the parameter that chooses the form (the extractor reads these calls)."""
    return (one, many, count)


_ENTRIES: dict[str, Any] | None = None


def entries() -> dict[str, Any]:
    """Every message id the app can show with its entry: the refusals and the hints
    (their ids never collide; a test checks it)."""
    global _ENTRIES
    if _ENTRIES is None:
        from .hints import HINTS
        from .refusals import REFUSALS
        _ENTRIES = {**HINTS, **REFUSALS}
    return _ENTRIES


def forms(entry: str | tuple[str, ...]) -> tuple[str, ...]:
    """The English texts of an entry (one, or the plural entry's two)."""
    return entry[:2] if isinstance(entry, tuple) else (entry,)


def fields(params: dict[str, Any], lang: str) -> dict[str, str]:
    """The text fields that ``params`` give in ``lang`` (see the table above)."""
    from . import contract_name, tr
    from .cards import card_name, rank_name
    out: dict[str, str] = {}
    for key, val in params.items():
        base = key.rstrip("0123456789")
        num = key[len(base):]
        if isinstance(val, Message):
            out[key] = render(val, lang)
        elif val is None:
            out[key] = ""
        elif isinstance(val, tuple) and val and all(isinstance(v, Message) for v in val):
            out[key] = ", ".join(render(v, lang) for v in val)
        elif base == "card":
            out[key] = card_name(val, "short", lang)
        elif base == "cards":
            out[key] = " ".join(card_name(f, "short", lang) for f in val)
        elif base == "rank":
            out[key] = RANK_TEXT.get(val, str(val))
            out["ranks" + num] = (out[key] if lang == "en" else rank_name(val, plural=True, lang=lang))
        elif base == "suit":
            out[key] = SUIT_SYMBOLS[val]
            out["suit_one" + num] = _SUIT_ONE[val] if lang == "en" else SUIT_SYMBOLS[val]
            out["suits" + num] = _SUIT_MANY[val] if lang == "en" else SUIT_SYMBOLS[val]
        elif base == "kind":
            out[key] = tr(val, lang) if val in ("set", "run") else str(val)
        elif base == "contract":
            out[key] = contract_name(val, lang)
        elif base == "game":
            from ..variants import VARIANTS
            info = VARIANTS.get(val)
            out[key] = tr(info.name, lang) if info is not None else str(val)
        elif base == "chips":
            from . import decimal
            out[key] = decimal(val, "+.1f", lang)
        elif base == "pct":
            out[key] = f"{val:.0%}"
        else:
            out[key] = str(val)
    return out


def render(msg: Message, lang: str | None = None) -> str:
    """``msg`` in ``lang`` (default: the current language); an id no registry knows
    shows as the id and its parameters (never an error)."""
    from . import current_language, translation
    lang = current_language() if lang is None else lang
    entry = entries().get(msg.id)
    params = msg.params
    if entry is None:
        return msg.id + "".join(f" {k}={v!r}" for k, v in msg.items)
    t = translation(lang)
    if isinstance(entry, tuple):
        one, many, count = entry
        k = abs(int(params.get(count, 0)))
        text = t.ngettext(one, many, k)
        english = one if k == 1 else many
    else:
        text = t.gettext(entry)
        english = entry
    try:
        out: str = text.format(**fields(params, lang))
        return out
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        try:
            en: str = english.format(**fields(params, "en"))
            return en
        except (KeyError, IndexError, ValueError):
            return msg.id + "".join(f" {k}={v!r}" for k, v in msg.items)


__all__ = ["render", "entries", "fields", "forms", "N_", "ngettext"]
