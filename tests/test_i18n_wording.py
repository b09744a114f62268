"""The Russian and Ukrainian words of the table's moves and of the games list (issue #19):
a tester found the Replays title ("Повторы") and "draws from the stock" unnatural.  The
games list is «Записи игр» / «Записи ігор» wherever it is named (the picker's button, the
screen's title, its keys' help); every seat's last move reads as card players say it."""
from __future__ import annotations

import re

import pytest

from table_app.i18n import strings as S
from table_app.i18n import translation


@pytest.mark.parametrize("lang, title", [("ru", "Записи игр"), ("uk", "Записи ігор")])
def test_the_games_list_has_one_natural_name(lang, title):
    t = translation(lang)
    assert t.gettext(S.REPLAYS) == t.gettext(S.YOUR_GAMES) == title
    assert t.gettext("Replays (your games)") == title


@pytest.mark.parametrize("lang, words", [
    ("ru", {"drew from the stock": "берёт из запаса", "took {card}": "берёт {card}",
            "went down": "открывается", "discarded {card}": "сбрасывает {card}",
            "{name} draws from the stock": "{name} берёт карту из запаса",
            "Drawing from the stock…": "Берёте карту из запаса…"}),
    ("uk", {"drew from the stock": "бере із запасу", "took {card}": "бере {card}",
            "went down": "відкривається", "discarded {card}": "скидає {card}",
            "{name} draws from the stock": "{name} бере карту із запасу",
            "Drawing from the stock…": "Берете карту із запасу…"}),
])
def test_the_last_moves_read_as_card_players_say_them(lang, words):
    t = translation(lang)
    for en, said in words.items():
        assert t.gettext(en) == said, en
    # no "we" form ("Берём…", "Беремо…": the player draws, not the table)
    assert not t.gettext("Drawing from the stock…").startswith(("Берём", "Беремо"))


#: the English texts that tell of a pass on an offered card (a seat's last move, the
#: buying window's question, the pass made for the player on a card that fits nothing)
PASSED = ("passed {card}", "{name} passed {card}: take it + a penalty card?",
          "Passed {card}: it fits nothing in your hand (Settings: “Offer a card only when "
          "it fits my hand”)")


@pytest.mark.parametrize("lang, words", [
    ("ru", {"passed {card}": "не берёт {card}",
            "{name} passed {card}: take it + a penalty card?":
                "{name} не берёт {card}: взять её + штрафную?",
            PASSED[2]: "Вы не берёте {card}: она ни к чему не подходит в вашей руке "
                       "(Настройки: «Предлагать карту, только если она подходит к руке»)"}),
    ("uk", {"passed {card}": "не бере {card}",
            "{name} passed {card}: take it + a penalty card?":
                "{name} не бере {card}: взяти її + штрафну?",
            PASSED[2]: "Ви не берете {card}: вона ні до чого не пасує у вашій руці "
                       "(Налаштування: «Пропонувати карту, лише якщо вона пасує до руки»)"}),
])
def test_a_pass_on_a_card_reads_as_not_taking_it(lang, words):
    """«пас на 2♦» read oddly as a last move and in the May I? question: a seat that
    passes an offered card "does not take" it («не берёт 2♦» / «не бере 2♦»), in every
    text that tells of it."""
    t = translation(lang)
    for en, said in words.items():
        assert t.gettext(en) == said, en
    for en in PASSED:
        assert "пас " not in t.gettext(en).lower(), en


#: the texts that say another player went out (the deal's end, the status line, the
#: replay's lines)
WENT_OUT = ("{name} went out", "{name} went out!", "Deal {n} is over: {name} went out",
            "Round {n} is over: {name} went out", "Deal {n} ends: {name} goes out · chips: {balances}",
            "Round {n} ends: {name} goes out · {scores}")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_player_going_out_is_said_without_declining_the_name(lang):
    """Seen in a real window: «Сдача 1 окончена: у Анна не осталось карт» («у» asks for
    «Анны», and a name can't be declined by a template): «Анна — без карт», as the deal's
    end row says it («без карт: берёт банк…»)."""
    t = translation(lang)
    for en in WENT_OUT:
        said = t.gettext(en)
        assert "{name} — без карт" in said, (en, said)
        assert not re.search(r"(^|\s)[уУ] \{name\}", said), (en, said)
    assert t.gettext("{name} went out!").format(name="Анна") == "Анна — без карт!"


@pytest.mark.parametrize("lang, lead", [("ru", "Выйти выбранной картой"),
                                        ("uk", "Зайти вибраною картою")])
def test_the_lead_key_says_it_leads_a_card(lang, lead):
    """Seen in a real window: Michigan's status line ended «Enter — выйти» («зайти»),
    which reads as "Enter quits": it leads the focused card, as the F1 help says."""
    t = translation(lang)
    line = t.gettext("Your lead: Left/Right over the lifted cards, Enter leads")
    assert line.endswith("Enter — " + lead[0].lower() + lead[1:]), line
    assert t.gettext("Lead the focused card") == lead


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_name_never_follows_a_preposition_that_declines_it(lang):
    """A player's or a game's name is filled in as it is written (the nominative): after
    a preposition that governs a case it read "у Борис не осталось карт", "в Мичиганский
    рамми играют" (seen on the deal's end screen).  The translations say it without
    the case ("{name} — без карт") or put a noun before it that takes the case instead
    ("в игру «{name}»", "у игры «{name}»")."""
    import re
    from pathlib import Path

    from table_app.i18n.extract import read_catalog
    po = Path(__file__).resolve().parent.parent / "table_app" / "i18n" / lang / "LC_MESSAGES" / "table_app.po"
    bad = re.compile(r"(?i)(?:^|[\s(«:])(у|в|во|для|от|к|с|со|з|із|від|до|після|после|без|про)"
                     r" \{(name|winner|buyer|player|turn|who)\}")
    found = []
    for msg in read_catalog(po):
        strs = msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]
        found += [(msg.id, s) for s in strs if s and bad.search(s)]
    assert not found
    t = translation(lang)
    said = t.gettext("{name} went out").format(name="Борис")
    assert "Борис" in said and not re.search(r"(?i)\bу Борис\b", said)
