"""Card names in English, Russian and Ukrainian.

``card_name(face)`` -> ``"7♠"`` (the short form looks the same in every language, as
the corner of the card does; only the joker's changes: ``"Joker"``, ``"Джокер"``);
``card_name(face, "long")`` -> ``"seven of spades"``, ``"семёрка пик"``, ``"сімка пік"``.  Faces as in
``table_app.core.cards`` (``suit * 13 + rank - 2``, ``JOKER = 52``).

The names are tables here rather than catalog entries: a Russian or Ukrainian card name
is a rank noun plus the suit in the genitive, which a per-word catalog can't put together.
"""
from __future__ import annotations

from ..core.cards import FACE_RANK, FACE_SUIT, JOKER, RANK_TEXT, SUIT_SYMBOLS

# rank -> name (nominative singular)
_RANKS = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
           9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"},
    "ru": {2: "двойка", 3: "тройка", 4: "четвёрка", 5: "пятёрка", 6: "шестёрка",
           7: "семёрка", 8: "восьмёрка", 9: "девятка", 10: "десятка", 11: "валет",
           12: "дама", 13: "король", 14: "туз"},
    "uk": {2: "двійка", 3: "трійка", 4: "четвірка", 5: "п’ятірка", 6: "шістка",
           7: "сімка", 8: "вісімка", 9: "дев’ятка", 10: "десятка", 11: "валет",
           12: "дама", 13: "король", 14: "туз"},
}
# rank -> plural (English "sevens"; Russian/Ukrainian genitive plural: "набор семёрок")
_RANKS_PL = {
    "en": {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
           8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
           14: "aces"},
    "ru": {2: "двоек", 3: "троек", 4: "четвёрок", 5: "пятёрок", 6: "шестёрок",
           7: "семёрок", 8: "восьмёрок", 9: "девяток", 10: "десяток", 11: "валетов",
           12: "дам", 13: "королей", 14: "тузов"},
    "uk": {2: "двійок", 3: "трійок", 4: "четвірок", 5: "п’ятірок", 6: "шісток",
           7: "сімок", 8: "вісімок", 9: "дев’яток", 10: "десяток", 11: "валетів",
           12: "дам", 13: "королів", 14: "тузів"},
}
# suit -> (name, "of <suit>" form: English plural / Russian, Ukrainian genitive plural)
_SUITS = {
    "en": (("spades", "spades"), ("hearts", "hearts"), ("diamonds", "diamonds"),
           ("clubs", "clubs")),
    "ru": (("пики", "пик"), ("черви", "червей"), ("бубны", "бубён"), ("трефы", "треф")),
    "uk": (("піки", "пік"), ("чирви", "чирв"), ("бубни", "бубон"), ("трефи", "треф")),
}
# the joker in running text and card lists: a word, never the record's "JK" (play-testers
# read "Ann discards JK" and "Дж" as codes), capitalized as the card's name (it starts
# sentences: "Джокер — не дикая карта...")
_JOKER = {"en": ("Joker", "joker"), "ru": ("Джокер", "джокер"), "uk": ("Джокер", "джокер")}


def _lang(lang: str | None) -> str:
    if lang is None:
        from . import current_language
        lang = current_language()
    return lang if lang in _RANKS else "en"


def card_name(face: int, form: str = "short", lang: str | None = None) -> str:
    """The name of a face: ``form="short"`` (``"7♠"``, ``"10♥"``, ``"Joker"``/``"Джокер"``),
    ``"long"`` (``"seven of spades"``, ``"семёрка пик"``, ``"сімка пік"``, ``"joker"``) or
    ``"letters"``, for text drawn without suit symbols (pygame_gui's buttons):
    ``"7S"``, ``"7 пик"``, ``"7 пік"``, ``"Joker"``/``"Джокер"``.

    Raises:
        ValueError: not a face (0..52) or an unknown form.
    """
    lang = _lang(lang)
    if not isinstance(face, int) or not 0 <= face <= JOKER:
        raise ValueError(f"not a face: {face!r}")
    if form not in ("short", "long", "letters"):
        raise ValueError(f"form is 'short', 'long' or 'letters', not {form!r}")
    if face == JOKER:
        if form == "letters":
            name = _JOKER[lang][1]
            return name[:1].upper() + name[1:]
        return _JOKER[lang][0 if form == "short" else 1]
    rank, suit = FACE_RANK[face], FACE_SUIT[face]
    if form == "letters":
        if lang == "en":
            return RANK_TEXT[rank] + "SHDC"[suit]
        return f"{RANK_TEXT[rank]} {_SUITS[lang][suit][1]}"
    if form == "short":
        return RANK_TEXT[rank] + SUIT_SYMBOLS[suit]
    if lang == "en":
        return f"{_RANKS['en'][rank]} of {_SUITS['en'][suit][1]}"
    return f"{_RANKS[lang][rank]} {_SUITS[lang][suit][1]}"


def rank_name(rank: int, plural: bool = False, lang: str | None = None) -> str:
    """A rank's name (2..14, 1 = ace): ``"seven"``; ``plural=True``: ``"sevens"``,
    ``"семёрок"``, ``"сімок"`` (the Russian and Ukrainian genitive plural, as in
    "a set of sevens": "группа семёрок")."""
    lang = _lang(lang)
    if rank == 1:
        rank = 14
    return (_RANKS_PL if plural else _RANKS)[lang][rank]


def suit_name(suit: int, lang: str | None = None) -> str:
    """A suit's name (0..3 = spades, hearts, diamonds, clubs): ``"пики"``, ``"чирви"``."""
    return _SUITS[_lang(lang)][suit][0]
