"""Languages: English (the source language), Russian and Ukrainian, through stdlib
``gettext``.  No pygame here: the rules core, the AI and the tests may import it.

The API::

    from table_app.i18n import _, ngettext, N_, set_language, current_language
    set_language("system")        # "en" | "ru" | "uk" | "system" -> the code in use
    _("Your turn")                # -> "Ваш ход" after set_language("ru")
    ngettext("{n} card", "{n} cards", n).format(n=n)
    N_("Undo")                    # marks a string for the extractor, returns it unchanged
    card_name(face)               # "7♠"; card_name(face, "long") -> "семёрка пик"
    rule_reason(err)              # an IllegalActionError in words, in the current language
    hint_reason(msg)              # a computer player's reason (a Message) in words
    contract_name(terms)          # a ContractTerms in words: "2 группы по 3 + 1 серия из 7"
    rules_text(variant)           # the player-facing rules (markdown) of a game

Catalogs: ``<lang>/LC_MESSAGES/table_app.po`` and the compiled ``.mo`` beside it
(rebuild with ``python -m table_app.i18n.compile``; re-extract the marked strings with
``python -m table_app.i18n.extract``, which also adds new ids to the ``.po`` files).
A missing catalog or message falls back to English.
"""
from __future__ import annotations

import gettext as _gettext
import locale
import os
from pathlib import Path
from typing import Any

DOMAIN = "table_app"
LANGUAGES = ("en", "ru", "uk")
#: each language's name written in that language (for the language selector)
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська"}
CHOICES = ("system",) + LANGUAGES

_DIR = Path(__file__).resolve().parent
_catalogs: dict[str, _gettext.NullTranslations] = {}
_current = "en"


def catalog_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/table_app.mo`` (inside the package)."""
    return _DIR


def translation(lang: str | None = None) -> _gettext.NullTranslations:
    """The gettext translations of ``lang`` (default: the current language); English and
    a missing catalog give ``NullTranslations`` (messages unchanged)."""
    lang = _current if lang is None else lang
    t = _catalogs.get(lang)
    if t is None:
        t = _gettext.NullTranslations()
        if lang != "en":
            mo = _DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
            try:
                with open(mo, "rb") as fh:
                    t = _gettext.GNUTranslations(fh)
            except OSError:
                pass
        _catalogs[lang] = t
    return t


def _lang_of(tag: str | None) -> str | None:
    """``"ru_RU.UTF-8"`` -> ``"ru"``; ``"Ukrainian_Ukraine"`` -> ``"uk"``; else ``None``."""
    if not tag:
        return None
    t = tag.strip().lower().replace("-", "_")
    if t in ("c", "posix") or t.startswith("c."):
        return None
    head = t.split(".")[0].split("@")[0]
    code = head.split("_")[0]
    if code in LANGUAGES:
        return code
    if code == "ua":
        return "uk"
    for name, c in (("russian", "ru"), ("ukrainian", "uk"), ("english", "en")):
        if head.startswith(name):
            return c
    return None


def system_language() -> str:
    """The language of the system locale: the first of ``LANGUAGE`` (a colon list),
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that names a language, else
    ``locale.getlocale()``; one of ``LANGUAGES``, English when none of ours matches."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        val = os.environ.get(var)
        if not val:
            continue
        for part in val.split(":"):
            code = _lang_of(part)
            if code:
                return code
        if var != "LANGUAGE":
            # a set LC_ALL/LC_MESSAGES/LANG that is not ours ("de_DE", "C") decides
            return "en"
    try:
        loc = locale.getlocale()[0]
    except (ValueError, TypeError):
        loc = None
    return _lang_of(loc) or "en"


def set_language(code: str | None) -> str:
    """Switch every later ``_()`` to ``code``: ``"en"``, ``"ru"``, ``"uk"`` or
    ``"system"`` (or ``None``) for the system locale.  An unknown code means English.
    Returns the language now in use."""
    global _current
    c = (code or "system").strip().lower()
    if c == "system":
        c = system_language()
    elif c not in LANGUAGES:
        c = _lang_of(c) or "en"
    _current = c
    return c


def current_language() -> str:
    """The language in use: ``"en"``, ``"ru"`` or ``"uk"``."""
    return _current


def _(msg: str) -> str:
    """``msg`` translated into the current language."""
    return translation().gettext(msg)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (Russian and Ukrainian have three)."""
    return translation().ngettext(singular, plural, n)


def pgettext(context: str, msg: str) -> str:
    """``msg`` translated in ``context`` (for words with several meanings)."""
    return translation().pgettext(context, msg)


def N_(msg: str) -> str:
    """Mark ``msg`` for the extractor only; translate it later with ``_(msg)``."""
    return msg


def tr(msg: str, lang: str | None = None) -> str:
    """``msg`` translated into ``lang`` (default: the current language)."""
    return translation(lang).gettext(msg)


#: the decimal separator of each language (CLDR: Russian and Ukrainian write 8,9)
DECIMAL_SEP = {"en": ".", "ru": ",", "uk": ","}


def decimal(x: float, spec: str = ".1f", lang: str | None = None) -> str:
    """``x`` formatted by ``spec`` (a ``format`` spec: ``".1f"``, ``"+.1f"``) with the
    decimal separator of ``lang`` (default: the current language): ``decimal(8.9,
    "+.1f", "ru") == "+8,9"``.  The minus sign stays ASCII ``-``."""
    s = format(x, spec)
    sep = DECIMAL_SEP.get(current_language() if lang is None else lang, ".")
    return s if sep == "." else s.replace(".", sep)


from .cards import card_name, rank_name, suit_name  # noqa: E402
from .hints import hint_reason  # noqa: E402
from .refusals import rule_reason  # noqa: E402


def is_you(name: str | None) -> bool:
    """Whether a player's name is "You" in one of our languages (the human seat's default
    name, recorded in the language the game was started in)."""
    return name is not None and any(name == tr("You", lang) for lang in LANGUAGES)


DEFAULT_NAMES = ("You", "Ann", "Boris", "Chloe", "Dmitro", "Eva", "Farid", "Greta")
#: the computer players' default names in each language (seat 0 is always "You", shown in
#: the language in use by ``i18n.player_name``)
NAMES_BY_LANGUAGE = {
    "en": DEFAULT_NAMES,
    # (Russian's fifth was "Дмитрий", too wide for a seat's plate at 8 seats in 1024x640)
    "ru": ("You", "Анна", "Борис", "Вера", "Денис", "Елена", "Фёдор", "Галина"),
    "uk": ("You", "Ганна", "Богдан", "Віра", "Дмитро", "Олена", "Тарас", "Галина"),
}
#: default names of earlier versions, still read as defaults (a record or the settings'
#: last names may hold them): they show as the language's name of their seat
FORMER_NAMES = (("You", "Анна", "Борис", "Вера", "Дмитрий", "Елена", "Фёдор", "Галина"),)
#: every table of default names, the current ones first
NAME_TABLES = (*NAMES_BY_LANGUAGE.values(), *FORMER_NAMES)


def player_name(name: str) -> str:
    """A player's name as shown: "You" (in any of our languages) and the computer
    players' default names (``NAMES_BY_LANGUAGE``: "Boris", "Борис") in the current
    language, so a game started in English reads "Борис" after a switch to Russian; any
    other name (one the player set) as it is."""
    if is_you(name):
        return _("You")
    for names in NAME_TABLES:
        if name in names[1:]:
            own = NAMES_BY_LANGUAGE.get(current_language(), DEFAULT_NAMES)
            return own[names.index(name)]
    return name


def contract_name(terms: Any, lang: str | None = None) -> str:
    """What a contract asks (a ``variants.specs.ContractTerms``) in words in ``lang``
    (default: the current language): ``"2 sets of 3 + 1 run of 7, whole hand"``,
    ``"2 группы по 3 + 1 серия из 7, вся рука"``; ``None`` gives ``""``."""
    if terms is None:
        return ""
    t = translation(lang)
    parts = []
    if terms.sets:
        # Translators: part of a contract: "2 sets" (+ "1 run")
        part = t.ngettext("{n} set", "{n} sets", terms.sets).format(n=terms.sets)
        if terms.set_size is not None:
            # Translators: sets of a given size in a contract: "2 sets of 3"
            part = t.gettext("{sets} of {size}").format(sets=part, size=terms.set_size)
        parts.append(part)
    if terms.runs:
        # Translators: part of a contract: "1 run" (after "2 sets +")
        part = t.ngettext("{n} run", "{n} runs", terms.runs).format(n=terms.runs)
        if terms.run_size is not None:
            # Translators: runs of a given length in a contract: "1 run of 7"
            part = t.gettext("{runs} of {size}").format(runs=part, size=terms.run_size)
        parts.append(part)
    text = " + ".join(parts)
    if terms.whole_hand:
        # Translators: a contract laid only with the whole hand at once (round 7)
        text = t.gettext("{contract}, whole hand").format(contract=text)
    return text


def rules_path(variant: str, lang: str | None = None) -> Path:
    """The rules file ``rules/<variant>.<lang>.md`` (English when the language has none)."""
    lang = _current if lang is None else lang
    p = _DIR / "rules" / f"{variant}.{lang}.md"
    if not p.is_file():
        p = _DIR / "rules" / f"{variant}.en.md"
    return p


def rules_text(variant: str, lang: str | None = None) -> str:
    """The player-facing rules of a game (markdown) in ``lang``.

    Raises:
        FileNotFoundError: no rules for that variant id.
    """
    return rules_path(variant, lang).read_text(encoding="utf-8")


__all__ = [
    "LANGUAGES", "LANGUAGE_NAMES", "CHOICES", "set_language", "current_language",
    "system_language", "translation", "_", "gettext", "ngettext", "pgettext", "N_", "tr",
    "card_name", "rank_name", "suit_name", "rule_reason", "hint_reason",
    "rules_path", "rules_text", "catalog_dir", "is_you", "player_name", "contract_name",
    "DEFAULT_NAMES", "NAMES_BY_LANGUAGE", "NAME_TABLES",
]
