"""The score sheet (issue 7): Michigan's final share of the layout has a row of its own, so
the rows add up to the balance; the human's own "You went out" agrees in ru/uk."""
from __future__ import annotations

import dataclasses
import types
from fractions import Fraction

import pytest

pygame = pytest.importorskip("pygame")

from table_app.i18n import set_language, translation  # noqa: E402
from table_app.variants import VARIANTS  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def _finished_michigan(share=None):
    """A finished 3-seat Michigan session as the score sheet reads it; ``share``: make the
    final share this fraction per seat (seat 0 paying 7 more), as a 7-chip layout does."""
    from tests.helpers.players import play_game
    eng = play_game("michigan", 3, 39)
    assert eng.state.finished
    rules = eng.rules
    if share is not None:
        real = rules.observe

        def observe(st, seat):
            o = real(st, seat)
            last = o.results[-1].balances
            return dataclasses.replace(o, balances=tuple(
                Fraction(b) + share - (7 if i == 0 else 0) for i, b in enumerate(last)))
        rules = types.SimpleNamespace(observe=observe)
    return types.SimpleNamespace(engine=eng, rules=rules, names=["You", "Ann", "Boris"],
                                 num_players=3, spec=VARIANTS["michigan"], human=0)


def _chips(s: str) -> Fraction:
    """A cell back to a number: "-4⅔", "+2⅓", "15 (-6)"."""
    vul = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "½": Fraction(1, 2)}
    s = s.split(" ")[0]
    neg = s.startswith("-")
    s = s.lstrip("+-")
    frac = vul.get(s[-1:], 0)
    if frac:
        s = s[:-1]
    x = Fraction(int(s or 0)) + frac
    return -x if neg else x


@pytest.mark.parametrize("share", [None, Fraction(7, 3)])
def test_michigan_final_share_has_a_row_and_the_rows_add_up(share):
    from table_app.ui.scenes.scores import score_rows
    s = _finished_michigan(share)
    rows, total, obs = score_rows(s)
    heads = [h for h, _c, _n in rows]
    assert heads[-1] == "Final share" and heads[:-1] == [f"Deal {r.round}" for r in obs.results]
    last = obs.results[-1].balances
    for i in range(3):
        # the last deal's balance + the share row = the Balance row, as shown
        assert _chips(rows[-2][1][i]) == Fraction(last[i])
        assert _chips(rows[-2][1][i]) + _chips(rows[-1][1][i]) == _chips(total[i]) == obs.balances[i]
    if share is not None:
        assert rows[-1][1] == ["-4⅔", "+2⅓", "+2⅓"] and total[1] == "-21⅔"  # compact, not 65/3
    else:
        assert all(c.startswith("+") for c in rows[-1][1])
    # drawn: the sheet renders with the extra row
    surf = pygame.Surface((1024, 640))
    from table_app.ui.scenes.scores import draw_sheet
    draw_sheet(surf, pygame.Rect(40, 40, 944, 560), s, 20)


def test_no_share_row_before_the_session_ends():
    from table_app.engine.engine import Engine  # noqa: F401 - the engine's states
    from table_app.ui.scenes.scores import score_rows
    from tests.helpers.players import play_game
    eng = play_game("michigan", 3, 39)
    i = max(j for j, e in enumerate(eng.log) if e.type == "deal_end" and e.round == 2)
    st = eng.states[i + 1]
    s = types.SimpleNamespace(engine=types.SimpleNamespace(state=st), rules=eng.rules,
                              names=["You", "Ann", "Boris"], num_players=3,
                              spec=VARIANTS["michigan"], human=0)
    rows, total, obs = score_rows(s)
    assert [h for h, _c, _n in rows] == ["Deal 1", "Deal 2"]


@pytest.mark.parametrize("lang, you_out, deal_over, dealt, no_moves", [
    ("ru", "Вы вышли", "Сдача 3 окончена: вы вышли", "Сдача 2: сдаёте вы",
     "У вас в этой записи больше нет ходов"),
    ("uk", "Ви вийшли", "Роздачу 3 закінчено: ви вийшли", "Роздача 2: роздаєте ви",
     "У вас у цьому записі більше немає ходів"),
])
def test_the_humans_own_forms_agree_with_you(lang, you_out, deal_over, dealt, no_moves):
    """"Ви виходить" was "{name} виходить" with the name "Ви": the human seat has its own
    messages, with the verb in the second person (and in the past: the deal is over)."""
    from table_app.ui.scenes.scores import score_rows
    set_language(lang)
    s = _finished_michigan()
    rows, _t, _o = score_rows(s)
    notes = [n for _h, _c, n in rows]
    assert notes[0] == you_out                      # seat 0, the human, went out of deal 1
    # the default name in the language: "Ann" is "Анна", "Ганна"
    assert notes[1] == {"ru": "Анна — без карт", "uk": "Ганна — без карт"}[lang]
    t = translation(lang)
    assert t.gettext("Deal {n} is over: You went out").format(n=3) == deal_over
    assert t.gettext("Deal {n}: You dealt").format(n=2) == dealt
    assert t.gettext("You make no more moves in this record") == no_moves
    assert translation("uk").gettext("Rotations of the deal:") == "Кола роздачі:"


@pytest.mark.parametrize("lang, said", [
    ("ru", {"Deal {n} is over: {name} went out": "Сдача 3 окончена: Boris — без карт",
            "{name} went out!": "Boris — без карт!",
            "Round {n} ends: {name} goes out · {scores}": "Раунд 3 окончен: Boris — без карт · 5",
            "Deal {n} ends: {name} goes out · chips: {balances}":
                "Сдача 3 окончена: Boris — без карт · фишки: 5",
            "Round {n} ends: You go out · {scores}": "Раунд 3 окончен: вы вышли · 5",
            "Game over: {name} wins": "Игра окончена: победитель — Boris",
            "Game over: You win": "Игра окончена: вы победили"}),
    ("uk", {"Deal {n} is over: {name} went out": "Роздачу 3 закінчено: Boris — без карт",
            "{name} went out!": "Boris — без карт!",
            "Round {n} ends: {name} goes out · {scores}": "Раунд 3 закінчено: Boris — без карт · 5",
            "Deal {n} ends: {name} goes out · chips: {balances}":
                "Роздачу 3 закінчено: Boris — без карт · фішки: 5",
            "Round {n} ends: You go out · {scores}": "Раунд 3 закінчено: ви вийшли · 5",
            "Game over: {name} wins": "Гру закінчено: переможець — Boris",
            "Game over: You win": "Гру закінчено: ви перемогли"}),
])
def test_a_deal_that_is_over_says_who_went_out_in_the_past(lang, said):
    """The score sheet said "Boris виходить" (goes out) of a deal that is over: a player
    who went out is said in the past, of another player as of you, on the score sheet,
    at the table and in the replay's deal-end lines; of another player without a
    gendered verb (a name's gender is not known) nor a case the name would have to take
    («у Анна»): "Boris — без карт".  The
    replay's running moves stay in the present, as in English."""
    t = translation(lang)
    for msgid, want in said.items():
        got = t.gettext(msgid).format(n=3, name="Boris", scores="5", balances="5")
        assert got == want, (msgid, got)
    present = {"ru": ("выходит", "выходите"), "uk": ("виходить", "виходите")}[lang]
    for msgid in ("{name} went out", "You went out", "Deal {n} is over: You went out",
                  "Deal {n} is over: {name} went out", "You went out!", "{name} went out!",
                  "Deal {n} ends: You go out · chips: {balances}",
                  "Deal {n} ends: {name} goes out · chips: {balances}",
                  "Round {n} ends: You go out · {scores}",
                  "Round {n} ends: {name} goes out · {scores}"):
        got = t.gettext(msgid)
        assert got != msgid and not any(w in got for w in present), (msgid, got)


def test_mid_deal_the_sheet_shows_the_deal_so_far_not_a_final_share():
    """Issue 19: in the middle of a deal the sheet showed a "Final share (MG-11)" row (the
    deal's antes and pay cards); now that difference is the deal in progress, and the rows
    still add up to the balances."""
    from table_app.ui.scenes.scores import score_rows
    from tests.helpers.players import play_game
    eng = play_game("michigan", 3, 39)
    i = max(j for j, e in enumerate(eng.log) if e.type == "deal_end" and e.round == 2)
    # some plays into deal 3: after its ante, a pay card or two may be taken
    j = next(k for k in range(i + 1, len(eng.log)) if eng.log[k].type == "deal_end")
    st = eng.states[(i + 1 + j) // 2]
    assert st.in_deal and st.round == 3
    s = types.SimpleNamespace(engine=types.SimpleNamespace(state=st), rules=eng.rules,
                              names=["You", "Ann", "Boris"], num_players=3,
                              spec=VARIANTS["michigan"], human=0)
    rows, total, obs = score_rows(s)
    assert [h for h, _c, _n in rows] == ["Deal 1", "Deal 2", "Deal 3"]
    assert rows[-1][2] == "so far: antes and pay cards"
    for seat in range(3):
        assert _chips(rows[1][1][seat]) + _chips(rows[2][1][seat]) == obs.balances[seat] == _chips(total[seat])
    assert not any("share" in (n or "") for _h, _c, n in rows)
