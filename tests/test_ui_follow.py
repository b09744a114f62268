"""Following the game (issue #19): every seat's last move on the table, a pace that lets
each move land and be read before the next starts, the "your turn" cue, Michigan's pause
at stops and pay cards and the pay cards' winners on the layout, the end of a deal with
every hand, the score sheet never ahead of the animation, and the buying/calling window
(its own countdown for Contract, "offer a card only when it fits my hand", no silent pass
for a player who is there, the chained offer's words)."""
from __future__ import annotations

import random
import types

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import Buy, Deal, Discard, Draw, Lead, PassBuy, PassUpcard  # noqa: E402
from table_app.core.cards import JOKER, parse_face  # noqa: E402
from table_app.engine.engine import Engine  # noqa: E402
from table_app.i18n import set_language  # noqa: E402
from table_app.ui.table.fits import card_fits  # noqa: E402
from table_app.ui.table.narration import Narrator  # noqa: E402
from table_app.variants import VARIANTS, find_variant  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    build_deck,
    click,
    contract_table,
    hand_card,
    make_table,
    may_i_table,
    point_of,
    settle,
    step,
)

F = parse_face


pytestmark = pytest.mark.usefixtures("english")   # conftest: English, and after


def ids(codes: str) -> list[int]:
    return [F(c) << 3 for c in codes.split()]


def _session(eng, variant, names=("You", "Ann", "Boris", "Chloe")):
    return types.SimpleNamespace(engine=eng, rules=eng.rules, names=list(names), human=0,
                                 variant=variant, spec=VARIANTS[variant])


# ---------------------------------------------------------------- the seats' last moves
def test_each_seat_shows_its_last_visible_move_kept_until_it_moves_again():
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    eng = Engine(rules, 3, seed=1)
    eng.apply(Deal(1, 2, deck), forced=True)
    n = Narrator(_session(eng, "may_i", ("You", "Ann", "Boris")))
    # the deal: nobody has moved; the dealer's box tells the card it turned up
    assert n.seat_labels(len(eng.log)) == {2: ("upcard turned: K♥", True)}
    eng.apply(PassUpcard(0))
    eng.apply(Buy(1))                                   # Ann asks "May I?" for the K♥
    assert n.seat_labels(len(eng.log)) == {0: ("passed K♥", False),
                                           1: ("bought K♥ (May I?)", True)}
    eng.apply(Draw(0, "stock"))
    eng.apply(Discard(0, F("2C")))
    eng.apply(PassUpcard(1))
    while eng.to_act() != (1, "draw"):
        eng.apply(next(a for a in eng.legal_actions() if isinstance(a, PassBuy)))
    lab = n.seat_labels(len(eng.log))
    assert 2 not in lab and lab[1][0] == "passed 2♣"    # Boris only passed: no move
    eng.apply(Draw(1, "stock"))
    lab = n.seat_labels(len(eng.log))
    assert lab[1] == ("drew from the stock", True) and lab[0] == ("discarded 2♣", False)
    eng.apply(Discard(1, F("7H")))
    assert n.seat_labels(len(eng.log))[1] == ("discarded 7♥", True)
    # up to a point of the log: what the table showed then
    assert n.seat_labels(3)[1] == ("bought K♥ (May I?)", True)
    set_language("ru")
    assert n.seat_labels(len(eng.log))[1] == ("сбрасывает 7♥", True)
    set_language("uk")
    assert n.seat_labels(len(eng.log))[0] == ("скидає 2♣", False)
    # a card discarded, then taken: the discarder's box says it is gone from the pile
    set_language("en")
    eng.apply(Draw(2, "discard"))                       # Boris takes Ann's 7♥
    lab = n.seat_labels(len(eng.log))
    assert lab[1] == ("discarded 7♥, taken", False) and lab[2] == ("took 7♥", True)
    assert lab[0] == ("discarded 2♣", False)           # still on the pile, under it
    set_language("ru")
    assert n.seat_labels(len(eng.log))[1] == ("сбрасывает 7♥ (её взяли)", False)
    assert n.seat_labels(len(eng.log) - 1)[1] == ("сбрасывает 7♥", True)   # before


def test_a_lay_off_names_the_meld_and_a_call_is_a_call():
    rules = find_variant("contract")({})
    eng = Engine(rules, 4, seed=3)
    eng.deal_next()
    s = _session(eng, "contract")
    n = Narrator(s)
    rng = random.Random(3)
    from tests.helpers.players import choose
    seen = {}
    for _ in range(3000):
        ta = eng.to_act()
        if ta is None or ta[1] == "deal":
            break
        a = choose(eng, rng, buy_rate=0.4)
        i = len(eng.log)
        eng.apply(a)
        t = n.seat_text(i)
        seen.setdefault(a.type, (a, t, i))
        if {"lay_off", "buy", "go_down"} <= set(seen):
            break
    from table_app.core.cards import RANK_TEXT
    from table_app.i18n import card_name
    a, t, i = seen["buy"]
    assert t == f"called {card_name(eng.states[i].discard[-1] >> 3)}"      # CR-5's word
    a, t, i = seen["lay_off"]
    m = eng.states[i].melds[a.meld]
    if m.kind == "set":
        assert t == f"laid off {card_name(a.card)} on the {RANK_TEXT[m.rank]}s"
    else:
        faces = [r if r is not None else c >> 3 for c, r in zip(m.cards, m.roles)]
        assert t == f"laid off {card_name(a.card)} on {card_name(faces[0])}–{card_name(faces[-1])}"
    assert seen["go_down"][1] == "went down"
    assert n.seat_text(0) is None          # the deal is nobody's move


def test_the_turned_upcard_is_told_as_such_not_as_a_discard():
    """A tester saw the dealer's left seat labelled "discarded 10♥" at a deal's start for
    the upcard turned from the stock: nobody discarded it.  Until a seat moves, the
    dealer's box says the card the deal turned up (in each language); the first move
    replaces it, and no seat is "discarded" a card it did not discard."""
    # seat 1 deals: seat 2 (Boris) is the dealer's left, and the human acts last
    app, scene, s = contract_table(stock=("10H", "5D", "9S", "6D", "9D"), dealer=1)
    assert scene.narrator.seat_labels(1) == {1: ("upcard turned: 10♥", True)}
    shown = [lab for lab in scene.view.labels if lab.kind in ("last", "last_hi")]
    assert [(lab.text, lab.kind) for lab in shown] == [("upcard turned: 10♥", "last_hi")]
    assert scene.L.opp[1].collidepoint(shown[0].pos)           # on the dealer's box
    assert not any(lab.text.startswith("discarded") for lab in scene.view.labels)
    for lang, said in (("ru", "открытая карта: 10♥"), ("uk", "відкрита карта: 10♥")):
        set_language(lang)
        assert scene.narrator.seat_labels(1)[1][0] == said
    set_language("en")
    # the dealer's left passes it: that is its move, and the deal's note goes
    eng = s.engine
    eng.apply(PassUpcard(2))
    assert scene.narrator.seat_labels(len(eng.log)) == {2: ("passed 10♥", True)}


def _michigan_deal():
    """Michigan, 3 seats, seat 2 deals: the human (seat 0) leads 9♠, seat 1 must follow
    with 10♠ and J♠ (a pay card: the J♠ cell, 3 chips), seat 2 with Q♠ K♠ A♠ (a stop at
    the ace); seat 2 then leads again."""
    human = ["9S", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "2D", "3D", "4D", "5D", "6D"]
    seat1 = ["10S", "JS", "9H", "10H", "JH", "QH", "7D", "8D", "9D", "10D", "2C", "3C", "4C"]
    seat2 = ["QS", "KS", "AS", "KH", "AH", "JD", "QD", "KD", "AD", "5C", "6C", "7C", "8C"]
    used = set(human + seat1 + seat2)
    allc = [r + s for s in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    widow = [c for c in allc if c not in used]
    return Deal(1, 2, build_deck(list(range(52)), [human, seat1, seat2, widow], []))


def test_michigan_plays_a_pay_card_taken_and_its_winner_on_the_layout():
    eng = Engine(find_variant("michigan")({}), 3, seed=0)
    eng.apply(_michigan_deal())
    eng.apply(Lead(0, F("9S")))
    n = Narrator(_session(eng, "michigan", ("You", "Ann", "Boris")))
    lab = n.seat_labels(len(eng.log))
    assert lab[0] == ("led 9♠", False)
    assert lab[1] == ("played J♠: takes 3 chips", False)       # 1 chip from each of 3
    assert lab[2] == ("played A♠", True)
    assert n.pay_cards(len(eng.log)) == {"JS": (1, 3)}
    j = next(i for i, ev in enumerate(eng.log) if ev.type == "play" and ev.card == F("JS"))
    assert n.pay_cards(j) == {} and n.pay_cards(j + 1) == {"JS": (1, 3)}
    set_language("ru")
    assert n.seat_labels(len(eng.log))[1][0] == "играет J♠: берёт 3 фишки"
    # the presenter writes the winner in the cell it took
    from table_app.ui.table import layout as layout_mod
    from table_app.ui.table.presenter import UIState, present
    L = layout_mod.compute((1280, 800), 3, 0, layout_game=True)
    ui = UIState(names=["You", "Ann", "Boris"], levels=["", "normal", "normal"],
                 hand_order=list(eng.observe(0).hand), pay_won=n.pay_cards(len(eng.log)),
                 last_moves=n.seat_labels(len(eng.log)))
    v = present(eng.observe(0), L, ui)
    cell = v.zones["cell:3"]                                   # the J♠ cell
    won = [lab for lab in v.labels if lab.text == "Анна +3"]   # "Ann" in Russian
    assert len(won) == 1 and cell.collidepoint(won[0].pos[0] - 1, won[0].pos[1] - 1)
    moves = {lab.text: lab.kind for lab in v.labels if lab.kind in ("last", "last_hi")
             and lab is not won[0]}
    assert moves == {"играет J♠: берёт 3 фишки": "last", "играет A♠": "last_hi"}


def _all_seat_texts(variant: str, n: int, seed: int) -> set[str]:
    """Every seat label a whole game of ``variant`` at ``n`` seats makes, in the language."""
    from tests.helpers.players import choose
    rules = find_variant(variant)({})
    eng = Engine(rules, n, seed=seed)
    rng = random.Random(seed)
    for _ in range(6000):
        ta = eng.to_act()
        if ta is None:
            break
        if ta[1] == "deal":
            eng.deal_next()
        else:
            eng.apply(choose(eng, rng, buy_rate=0.3) if variant != "michigan"
                      else rng.choice(eng.legal_actions()))
    nar = Narrator(_session(eng, variant, ["You"] + ["Dmitro"] * (n - 1)))
    from table_app.i18n import _, card_name
    from table_app.ui.table.narration import _SEAT
    # a discard since taken reads "discarded 10♥, taken" (``seat_labels``)
    taken = {_(_SEAT["discards_taken"]).format(card=card_name(ev.card))
             for ev in eng.log if ev.type == "discard"}
    return {t for i in range(len(eng.log)) for t in [nar.seat_text(i)] if t} | taken


@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
def test_the_last_moves_fit_an_eight_seat_box_at_1024x640(lang):
    """8 seats at 1024x640: a seat's box is 135 px wide.  Every move a game makes, in
    the language, fits it on at most two lines, whole (never cut with "…")."""
    from table_app.ui.table import layout as layout_mod
    from table_app.ui.table import text
    from table_app.ui.table.labels import LAST_PAD, label_image, last_move_lines
    from table_app.ui.table.presenter import UIState, present
    pygame.init()
    set_language(lang)
    L = layout_mod.compute((1024, 640), 8, 0)
    r = L.opp[1]
    assert r.w <= 140
    texts = _all_seat_texts("contract", 8, 11) | _all_seat_texts("michigan", 8, 5)
    # the long ones are there: a lay-off on a run, a pay card's chips, a call
    assert any("–" in t for t in texts) and len(texts) > 60
    eng = Engine(find_variant("contract")({}), 8, seed=2)
    eng.deal_next()
    obs = eng.observe(0)
    for t in sorted(texts):
        ui = UIState(names=["You"] + ["Dmitro"] * 7, levels=[""] + ["normal"] * 7,
                     hand_order=list(obs.hand), last_moves={1: (t, True)})
        lab = next(x for x in present(obs, L, ui).labels if x.kind == "last_hi")
        lines, size = last_move_lines(lab)
        assert len(lines) <= 2 and " ".join(lines) == " ".join(t.split()), (t, lines)
        assert all(text.width(ln, size) <= lab.width - 2 * LAST_PAD for ln in lines), t
        img = label_image(lab)
        box = img.get_rect(**{lab.anchor: lab.pos})
        assert r.contains(box), (t, box, r)


# ---------------------------------------------------------------- the pace
def _timed(app, scene, until, limit=3000, dt=0.04):
    """Frames of ``dt`` until ``until()``; the seconds it took."""
    t = 0.0
    for _ in range(limit):
        if until():
            return t
        app.step(dt)
        t += dt
    raise AssertionError("never")


def test_no_computer_move_starts_before_the_last_one_landed_and_was_read():
    """A real-time table (animations on): every computer seat starts its move (begins to
    think) only once the move before has landed and stayed still for its hold; the pace
    setting scales it."""
    def watch(ai_speed):
        app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
        app.instant = False
        app.settings = app.settings.replace(ai_speed=ai_speed, ask_only_fitting=False)
        scene._apply_speed()
        starts = []
        real = s.think

        def think(seat):
            if scene.ai.seat == seat and not starts or starts[-1][0] != len(s.engine.log):
                starts.append((len(s.engine.log), scene.layer.moving(), scene.pacer.hold_t,
                               scene.pacer.step_t))
            return real(seat)
        s.think = think
        settle(app, scene)
        scene.want_stock = True
        scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
        _timed(app, scene, lambda: s.human_to_act() == "play" and scene.caught_up())
        scene.act(Discard(0, F("2C")))
        # Ann's turn, then Boris's (the buying windows between: you pass at once)

        def boris_done():
            if scene.caught_up() and s.human_to_act() == "buy":
                scene.act(PassBuy(0))
            return scene.caught_up() and s.human_to_act() == "draw" and any(
                e.type == "discard" and e.player == 2 for e in s.engine.log)
        took = _timed(app, scene, boris_done)
        return starts, took
    starts, normal = watch(1.0)
    assert len(starts) >= 4
    for _n, moving, hold_t, step_t in starts:
        assert not moving and hold_t <= 0 and step_t <= 0, starts
    fast_starts, fast = watch(4.0)
    assert all(not m and h <= 0 for _n, m, h, _s in fast_starts)
    assert fast < normal * 0.6, (fast, normal)


def test_michigan_stays_on_a_pay_card_and_a_stop_for_its_pause():
    def gaps(pause):
        app, scene, s = make_table("michigan", 3, _michigan_deal(), {1: Scripted(), 2: Scripted()})
        app.instant = False
        app.settings = app.settings.replace(michigan_pause_s=pause)
        scene._apply_speed()
        settle(app, scene)
        click(app, point_of(scene, hand_card(scene, "9S")))
        eng = s.engine
        shown_at = {}
        t = 0.0
        ace = next(i for i, ev in enumerate(eng.log) if ev.type == "play" and ev.card == F("AS"))
        for _ in range(600):
            shown_at.setdefault(scene.shown, t)
            if scene.shown > ace + 1:
                break
            app.step(0.04)
            t += 0.04
        js = next(i for i, ev in enumerate(eng.log) if ev.type == "play" and ev.card == F("JS"))
        plain = next(i for i, ev in enumerate(eng.log) if ev.type == "play" and ev.card == F("KS"))
        return (shown_at[js + 2] - shown_at[js + 1], shown_at[plain + 2] - shown_at[plain + 1],
                shown_at.get(ace + 2, t) - shown_at[ace + 1])
    pay, plain, stop = gaps(2.5)
    assert pay >= 2.5 and stop >= 2.5 and plain < 1.5, (pay, plain, stop)
    pay0, plain0, _stop0 = gaps(0.0)
    assert pay0 < 1.5 and pay0 < pay - 1.5


# ---------------------------------------------------------------- your turn
def test_your_turn_has_a_sound_and_a_plate_once_a_turn():
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    played = []
    app.play_sound = played.append
    settle(app, scene)
    step(app, 2)
    assert s.human_to_act() == "draw" and played.count("your_turn") == 1 and scene.cue.on
    # drawing and playing on in the same turn: no second cue
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    scene.want_stock = True
    settle(app, scene)
    step(app, 3)
    assert s.human_to_act() == "play" and played.count("your_turn") == 1 and scene.cue.on
    scene.act(Discard(0, F("2C")))
    assert not scene.cue.on or s.human_to_act() is None
    settle(app, scene)
    step(app, 2)
    # the next turn: cued again
    if s.human_to_act() == "draw":
        assert played.count("your_turn") == 2 and scene.cue.on
    from table_app.ui.sound import SOUND_NAMES
    assert "your_turn" in SOUND_NAMES


def test_your_turn_without_a_sound_device_is_silent_and_the_cue_still_shows(monkeypatch):
    """No sound device (the mixer cannot start): the turn comes, the cue shows, the sound
    is asked for and nothing is played or raised."""
    from table_app.ui.sound import SoundBoard

    def boom(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", boom)
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    app.sound = SoundBoard()
    asked = []
    real = app.sound.play
    app.sound.play = lambda name: (asked.append((name, real(name))), asked[-1][1])[1]
    app.settings = app.settings.replace(sound_on=True)
    settle(app, scene)
    step(app, 2)
    assert s.human_to_act() == "draw" and scene.cue.on
    assert ("your_turn", False) in asked and not app.sound.mixer_ok


@pytest.mark.parametrize("speed", (1.0, 0.25))
def test_the_status_line_claims_your_turn_only_once_the_deal_has_landed(speed):
    """Round 2 of May I? begins with your turn (seed 7: seat 1 dealt round 1, so seat 2
    deals round 2): while its cards fly to the hands the status line tells the deal
    ("Round 2: Boris dealt"), not "Your turn"; it says so with the cue (the ring, the
    plate), once they landed (a tester saw "Your turn" over the cards still flying) —
    also at the slowest animation speed, whose deal lasts past ``LATE_S``."""
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import FallbackPlayer, GameSession
    from tests.helpers.table import play_to_deal_end
    app = App((1280, 800), headless=True, instant=True)
    app.settings = app.settings.replace(ask_only_fitting=False, animation_speed=speed)
    s = GameSession("may_i", 3, seed=7, autosave=False)
    s.players = {1: FallbackPlayer("may_i"), 2: FallbackPlayer("may_i")}
    scene = TableScene(s)
    app.push(scene)
    play_to_deal_end(app, scene, s)
    while app.stack.top is not scene:          # the deal's end and the sheet closed
        app.pop()
    app.instant = False                        # the next deal animated
    scene._apply_speed()
    scene.continue_after_sheet()
    deal = s.engine.log[-1]
    assert (deal.type, deal.round, deal.dealer) == ("deal", 2, 2)
    flying = landed = 0
    for _ in range(800):
        app.step(0.02)
        assert s.human_to_act() == "draw"       # the engine: your turn at once
        if scene.layer.moving():
            flying += 1
            assert scene.status_text() == "Round 2: Boris dealt" and not scene.cue.on
            assert scene._plates() == ()
        else:
            landed += 1
            assert scene.status_text() == "Your turn: drag the upcard or the stock to your hand"
            assert scene.cue.on
            if landed > 5:
                break
    assert flying > 50 / speed and landed > 5
    s.close()


# ---------------------------------------------------------------- the end of a deal
def test_the_end_of_a_deal_shows_every_hand_with_its_points_before_the_sheet():
    from table_app.ui.scenes.scores import DealEndScene, ScoreSheet, deal_end_rows
    rules = find_variant("contract")({})
    from tests.helpers.players import choose
    eng = Engine(rules, 4, seed=9)
    eng.deal_next()
    rng = random.Random(9)
    while eng.state.phase not in ("between", "over"):
        assert eng.observe(0).hands_shown is None          # not while the deal runs
        eng.apply(choose(eng, rng))
    obs = eng.observe(0)
    assert obs.hands_shown == eng.state.hands
    s = types.SimpleNamespace(engine=eng, rules=rules, names=["You", "Ann", "Boris", "Chloe"],
                              human=0, num_players=4, spec=VARIANTS["contract"], variant="contract")
    rows = deal_end_rows(s, obs)
    res = obs.results[-1]
    assert [r[0] for r in rows] == ["You", "Ann", "Boris", "Chloe"]
    for seat, (_name, cards, note, out) in enumerate(rows):
        assert sorted(cards) == sorted(eng.state.hands[seat])
        assert out is (seat == res.winner)
        assert note == ("went out: 0 points" if out else f"{res.scores[seat]} points"
                        if res.scores[seat] != 1 else "1 point")
    # at the table: the hands first, then the score sheet (you play as the stand-in
    # player plays: going down and laying off whenever it can, so you go out)

    from table_app.ui.table.session import FallbackPlayer
    app, scene, sess = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    eng2 = sess.engine
    me = FallbackPlayer("may_i")
    for _ in range(400):
        if sess.deal_due():
            break
        if sess.human_to_act() is not None and scene.caught_up():
            scene.act(me.decide(eng2.observe(0), eng2.legal_actions(), rng)[0])
        step(app, 1)
    assert sess.deal_due()
    settle(app, scene)
    assert isinstance(app.stack.top, DealEndScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    step(app, 2)
    assert isinstance(app.stack.top, ScoreSheet) and app.stack.top.between


def test_michigan_deal_end_rows_show_the_cards_left_the_chips_paid_and_the_widow():
    from table_app.ui.scenes.scores import deal_end_rows
    eng = Engine(find_variant("michigan")({}), 3, seed=0)
    eng.apply(_michigan_deal())
    eng.apply(Lead(0, F("9S")))
    rng = random.Random(1)
    while eng.state.status == "playing":
        eng.apply(rng.choice(eng.legal_actions()))
    obs = eng.observe(0)
    s = types.SimpleNamespace(engine=eng, rules=eng.rules, names=["You", "Ann", "Boris"],
                              human=0, num_players=3, spec=VARIANTS["michigan"], variant="michigan")
    rows = deal_end_rows(s, obs)
    w = obs.winner
    left = {seat: len(eng.state.hands[seat]) for seat in range(3)}
    assert [r[0] for r in rows] == ["You", "Ann", "Boris", "Widow"]
    assert sorted(rows[3][1]) == sorted(eng.state.widow) and rows[3][2] == "pays nobody"
    for seat in range(3):
        name, cards, note, out = rows[seat]
        assert len(cards) == left[seat]
        if seat == w:
            assert out and cards == [] and f"and {sum(left.values())} chip" in note
            # (the player's own row in the second person, #19: "You … pays" was seen)
            assert note.startswith("went out: you take" if seat == 0 else "went out: takes")
        else:
            k = left[seat]
            pays = "you pay" if seat == 0 else "pays"
            assert note == f"{k} card{'s' if k != 1 else ''} left: {pays} {k} chip{'s' if k != 1 else ''}"
    from table_app.i18n import set_language
    try:
        for lang, you in (("ru", ("вы платите", "вы берёте")), ("uk", ("ви платите", "ви берете"))):
            set_language(lang)
            notes = [r[2] for r in deal_end_rows(s, obs)]
            assert any(v in notes[0] for v in you), notes[0]
            assert not any(v in n for n in notes[1:] for v in you), notes
    finally:
        set_language("en")


# ---------------------------------------------------------------- never ahead
def test_the_score_sheet_and_the_chips_show_what_the_animation_has_reached():
    from table_app.ui.scenes.scores import score_rows
    app, scene, s = make_table("michigan", 3, _michigan_deal(), {1: Scripted(), 2: Scripted()})
    app.instant = False
    scene._apply_speed()
    settle(app, scene)
    click(app, point_of(scene, hand_card(scene, "9S")))
    eng = s.engine
    js = next(i for i, ev in enumerate(eng.log) if ev.type == "play" and ev.card == F("JS"))
    # the engine played the whole sequence at once; the table shows it one card at a time
    assert eng.observe(0).layout["JS"] == 0
    for _ in range(2000):
        if scene.shown == js + 1:
            break
        app.step(0.02)
    assert scene.layer.moving()                  # the J♠ is on its way
    scene.press_button("scores")
    sheet = app.stack.top
    seen = sheet.observation()
    assert seen.layout["JS"] == 3 and scene.landed_obs().layout["JS"] == 3
    assert "Ann" not in {lab.text.split(" ")[0] for lab in scene.view.labels if lab.kind == "last_hi"
                         and "+" in lab.text}
    rows, total, obs = score_rows(s, seen)
    assert total[1] == "-6"                      # Ann's antes only: not yet the J♠'s chips
    # (the table waits under the sheet) closed, the card lands: now the cell is taken
    sheet.close()
    assert app.stack.top is scene
    for _ in range(300):
        app.step(0.02)
        if not scene.layer.moving():
            break
    step(app, 1)
    assert scene.landed_obs().layout["JS"] == 0
    scene.press_button("scores")
    seen = app.stack.top.observation()
    assert seen.layout["JS"] == 0 and score_rows(s, seen)[1][1] == "-3"


@pytest.mark.parametrize("variant", ("contract", "may_i"))
def test_a_seat_s_card_count_changes_when_the_called_card_lands(variant):
    """You decline the upcard and Ann calls it (Contract, CR-5) or buys it (May I?,
    MI-5): her box counts 10 cards while the upcard and the penalty card fly to her, and
    12 once they landed (a tester saw 12 over the card still flying)."""
    from tests.helpers.table import contract_table, may_i_table
    if variant == "contract":
        app, scene, s = contract_table()
        s.players = {1: Scripted(["7H"], buys=1), 2: Scripted(["AC"])}
    else:
        app, scene, s = may_i_table({1: Scripted(["7H"], buys=1), 2: Scripted(["7C"])})
    settle(app, scene)
    app.instant = False                            # the cards fly
    scene._apply_speed()
    box = scene.L.opp[1]

    def count():
        got = [lab.text.split(" · ")[0] for lab in scene._drawn_labels()
               if box.collidepoint(lab.pos) and " card" in lab.text]
        assert len(got) == 1, got
        return got[0]
    assert count() == "10 cards"
    scene.act(PassUpcard(0))
    seen = []
    for _ in range(300):
        app.step(0.02)
        bought = any(e.type == "buy" for e in s.engine.log[:scene.shown])
        flying = scene.layer.moving()
        seen.append((bought, flying, count()))
        if bought and not flying:
            break
    assert s.engine.log[scene.shown - 1].type == "buy" and s.engine.log[scene.shown - 1].player == 1
    in_flight = {c for b, f, c in seen if b and f}
    assert len([1 for b, f, _c in seen if b and f]) > 5
    assert in_flight == {"10 cards"}, seen
    assert seen[-1] == (True, False, "12 cards")
    assert s.engine.observe(0).hand_sizes[1] == 12


# ---------------------------------------------------------------- asking and calling
def test_a_card_fits_the_hand_by_the_solver():
    wr = frozenset()
    hand = ids("7C 7D 9S 9H 2C 4D KH")
    assert card_fits(F("7H") << 3, hand, wr, (2, 0))                  # a pair: a set
    assert not card_fits(F("KC") << 3, hand, wr, (2, 0))              # one K: no set
    assert card_fits(F("KC") << 3, hand + [JOKER << 3], wr, (2, 0))   # K K + a wild
    assert not card_fits(F("3C") << 3, hand + [JOKER << 3, JOKER << 3], wr, (2, 0))  # 2 wilds: no
    assert card_fits(F("7C") << 3, ids("5C 6C 8C 3H"), wr, (0, 2))    # 5-8♣
    assert not card_fits(F("7C") << 3, ids("5C 6C 8C 3H"), wr, (2, 0))  # runs not asked
    assert card_fits(F("AC") << 3, ids("2C 3C 4C"), wr, (0, 1))       # A low
    assert card_fits(F("AC") << 3, ids("JC QC KC"), wr, (0, 1))       # A high
    assert not card_fits(F("AC") << 3, ids("QC KC 2C"), wr, (0, 1))   # never K A 2
    assert card_fits(JOKER << 3, ids("3H"), wr, (1, 1))               # a wild always
    assert card_fits(F("2S") << 3, ids("3H"), frozenset({2}), (1, 1))  # a wild rank too
    # building melds: the staged groups' rank / run
    assert card_fits(F("9D") << 3, ids("9S 3H"), wr, (1, 1), staged=[ids("9S")])
    assert card_fits(F("7C") << 3, ids("5C 6C"), wr, (1, 1), staged=[ids("5C 6C")])
    assert not card_fits(F("JC") << 3, ids("5C 6C"), wr, (1, 1), staged=[ids("5C 6C")])
    # down: only a card that can be laid off now (CF-8)
    from table_app.core.melds import build_meld
    run = build_meld("run", 1, ids("5H 6H 7H 8H"), [None] * 4, wr)
    assert card_fits(F("9H") << 3, ids("2C"), wr, (1, 1), down=True, melds=[run])
    assert not card_fits(F("7C") << 3, ids("7S 7D"), wr, (1, 1), down=True, melds=[run])


def _offer_table(ask_only_fitting: bool):
    """The whole-deal tests' May I? deal (you hold 7♣ 7♦ 7♥ 7♠ 9♠ 9♥ 9♦ 9♣ 2♣ 4♦),
    the setting as given."""
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    app.settings = app.settings.replace(ask_only_fitting=ask_only_fitting)
    return app, scene, s


def test_offer_only_a_card_that_fits_passes_the_others_and_says_so_once():
    """Ann discards K♣ (you hold no K and no wild: it fits nothing), later 7♥ (you hold
    7♣ 7♦ 7♠: a set): the K♣ is passed for you, said once; the 7♥ is offered."""
    from table_app.ui.table.fits import offer_fits
    app, scene, s = may_i_table({1: Scripted(["KC", "7H"]), 2: Scripted(["9C", "7C"])})
    app.settings = app.settings.replace(ask_only_fitting=True)
    said = []
    real = scene.say
    scene.say = lambda msg, bad=False, secs=5.0: (said.append(msg), real(msg, bad, secs))
    eng = s.engine
    offered = None
    for _ in range(6000):
        app.step(0.02)
        if not scene.caught_up() or scene.layer.moving():
            continue
        ph = s.human_to_act()
        if ph == "buy" and scene.buy.open:
            offered = scene.obs.buy_card >> 3
            break
        if ph == "draw":
            up = [a for a in eng.legal_actions() if a.type == "pass_upcard"]
            if up:
                scene.want_stock = True
                scene.act(up[0])
        elif ph == "play":
            from table_app.core.cards import FACE_RANK
            scene.act(next(a for a in eng.legal_actions() if isinstance(a, Discard)
                           and FACE_RANK[a.card] not in (7, 9)))
    assert offered == F("7H")
    passed = [i for i, ev in enumerate(eng.log) if isinstance(ev, PassBuy) and ev.player == 0]
    cards = [eng.states[i].discard[-1] >> 3 for i in passed]
    assert F("KC") in cards
    for i in passed:
        assert not offer_fits(s.rules.observe(eng.states[i], 0))
    assert sum("fits nothing in your hand" in m for m in said) == 1
    # asked for every card when the setting is off
    app2, scene2, s2 = may_i_table({1: Scripted(["KC", "7H"]), 2: Scripted(["9C", "7C"])})
    assert app2.settings.ask_only_fitting is False


def test_the_countdown_never_passes_for_a_player_who_is_there(monkeypatch):
    from table_app.ui.table import buypanel as T
    from table_app.ui.table.buypanel import MIN_SHOWN_S, PRESENT_S
    now = [1000.0]
    monkeypatch.setattr(T._time, "monotonic", lambda: now[0])
    app, scene, s = _offer_table(False)
    app.settings = app.settings.replace(buy_countdown_s=3.0)
    said = []
    real = scene.say
    scene.say = lambda msg, bad=False, secs=5.0: (said.append(msg), real(msg, bad, secs))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    scene.want_stock = True
    settle(app, scene)
    scene.act(Discard(0, F("4D")))
    for _ in range(3000):
        app.step(0.02)
        if s.human_to_act() == "buy" and scene.buy.open:
            break
    assert scene.buy.open and scene.buy.total == 3.0
    n = len(s.engine.log)
    # the player moves the mouse now and then: the countdown runs out but waits for them
    for k in range(300):
        now[0] += 0.02
        if k % 50 == 0:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + k % 7, 300),
                                                 rel=(1, 0), buttons=(0, 0, 0)))
        app.step(0.02)
    assert len(s.engine.log) == n and scene.buy.open and scene.buy.held
    assert scene.buy.t == 0
    # then they are still for PRESENT_S: it passes for them, and says so
    for _ in range(int(PRESENT_S / 0.02) + 20):
        now[0] += 0.02
        app.step(0.02)
    assert s.engine.log[n] == PassBuy(0)
    assert any(m.startswith("Time ran out: you passed") for m in said)
    # a prompt shown less than MIN_SHOWN_S ago is never passed, input or not
    p = scene.buy
    p.open, p.total, p.t, p.opened_at, p.input_at = True, 1.0, 0.5, now[0], None
    assert not p.count_down(1.0) and p.held
    now[0] += MIN_SHOWN_S
    assert p.count_down(0.0) and not p.count_down(0.0)


def test_the_countdown_waits_while_the_pointer_rests_on_the_offer(monkeypatch):
    """A player reading the offer with the pointer on it (no move, no key) is there: the
    countdown runs out and waits ("waiting for you"); the pointer off the panel (or out
    of the window), it passes for them and says so."""
    from table_app.ui.table import buypanel as T
    now = [1000.0]
    monkeypatch.setattr(T._time, "monotonic", lambda: now[0])
    app, scene, s = _offer_table(False)
    app.settings = app.settings.replace(buy_countdown_s=2.0)
    said = []
    real = scene.say
    scene.say = lambda msg, bad=False, secs=5.0: (said.append(msg), real(msg, bad, secs))
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    scene.want_stock = True
    settle(app, scene)
    scene.act(Discard(0, F("4D")))
    for _ in range(3000):
        app.step(0.02)
        if s.human_to_act() == "buy" and scene.buy.open:
            break
    assert scene.buy.open and scene.buy.drawn_rect is not None
    panel = scene.buy.drawn_rect
    at = [panel.center]
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: at[0] is not None)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at[0] or (0, 0))
    n = len(s.engine.log)
    for _ in range(600):                       # 12 s, the pointer still on the panel
        now[0] += 0.02
        app.step(0.02)
    assert len(s.engine.log) == n and scene.buy.open and scene.buy.held and scene.buy.t == 0
    assert not said
    at[0] = (panel.right + 40, panel.bottom + 40)   # off the panel: away now
    for _ in range(5):
        now[0] += 0.02
        app.step(0.02)
    assert s.engine.log[n] == PassBuy(0)
    assert any(m.startswith("Time ran out: you passed") for m in said)


def test_the_countdown_waits_while_the_pointer_rests_on_the_buy_button(monkeypatch):
    """The tester's defect (MI-5): the pointer resting on "May I?" after a click, the
    countdown passed for them.  The pointer over the panel's buttons as pygame_gui sees
    it is there, also when SDL says the window has lost the mouse's focus (a click's
    pointer grab ends with a crossing event), and a pointer in window coordinates is
    compared with the panel in surface pixels (a HiDPI window)."""
    from table_app.ui.table import buypanel as T
    now = [1000.0]
    monkeypatch.setattr(T._time, "monotonic", lambda: now[0])
    app, scene, s = _offer_table(False)
    app.settings = app.settings.replace(buy_countdown_s=2.0)
    settle(app, scene)
    scene.act(next(a for a in s.engine.legal_actions() if a.type == "pass_upcard"))
    scene.want_stock = True
    settle(app, scene)
    scene.act(Discard(0, F("4D")))
    for _ in range(3000):
        app.step(0.02)
        if s.human_to_act() == "buy" and scene.buy.open:
            break
    assert scene.buy.open
    at = [scene.buttons["buy"].rect.center]
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: False)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at[0])
    n = len(s.engine.log)
    for _ in range(400):                       # 8 s, the pointer still on the button
        now[0] += 0.02
        app.step(0.02)
    assert scene.buttons["buy"].hovered
    assert len(s.engine.log) == n and scene.buy.open and scene.buy.held
    # a HiDPI window: the pointer in window coordinates, half the surface's pixels
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    panel = scene.buy.drawn_rect
    app.pixel_scale = 2.0
    at[0] = (panel.centerx // 2, (panel.bottom - 4) // 2)
    scene.buttons["buy"].hovered = False
    assert not panel.collidepoint(at[0]) and not scene.buy.present(now[0], at[0])
    assert scene.buy.present(now[0], app.mouse_pos())


class _Caller:
    """A computer player for tests that calls half the cards it is asked about, goes down
    and lays off whenever it can, and draws from the stock."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def decide(self, obs, legal, rng):
        kinds = {}
        for a in legal:
            kinds.setdefault(a.type, []).append(a)
        for k in ("go_down", "lay_off"):
            if k in kinds:
                return kinds[k][0], ""
        if "buy" in kinds and self.rng.random() < 0.5:
            return kinds["buy"][0], ""
        for k in ("pass_buy", "pass_upcard"):
            if k in kinds:
                return kinds[k][0], ""
        if "draw" in kinds:
            return next((a for a in kinds["draw"] if a.source == "stock"), kinds["draw"][0]), ""
        return self.rng.choice(kinds.get("discard", legal)), ""


@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
def test_contract_never_speaks_of_buying(lang, monkeypatch):
    """A Contract deal at the table, the player calling some cards, declining others,
    trying a call with none open and a stock draw before declining the upcard: every text
    drawn, said or put on a button speaks of calling (CR-5), never of buying."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table import text as T
    from table_app.ui.table.session import GameSession
    set_language(lang)
    # the buying words of May I? in the language (its own window's texts)
    words = {"en": ("buy", "May I"), "ru": ("купит", "купи", "покуп"),
             "uk": ("купу", "купи", "купі")}[lang]
    drawn = []
    for name in ("render", "render_shadowed", "plate", "wrap", "width"):
        real = getattr(T, name)

        def spy(msg, *a, _real=real, **k):
            drawn.append(str(msg))
            return _real(msg, *a, **k)
        monkeypatch.setattr(T, name, spy)
    app = App((1280, 800), headless=True, instant=True,
              settings=Settings().replace(language=lang, ask_only_fitting=False))
    s = GameSession("contract", 4, seed=7, autosave=False)
    s.players = {k: _Caller(k) for k in (1, 2, 3)}
    sc = TableScene(s)
    real_say = sc.say
    sc.say = lambda msg, bad=False, secs=5.0: (drawn.append(msg), real_say(msg, bad, secs))
    app.push(sc)
    me = _Caller(0)
    eng = s.engine
    tried = set()
    for _ in range(3000):
        app.step(0.02)
        if s.deal_due() or s.game_over():
            break
        if not sc.caught_up() or sc.layer.moving():
            continue
        ph = s.human_to_act()
        if ph is None:
            continue
        if ph == "draw" and "stock" not in tried and eng.observe(0).upcard is not None:
            tried.add("stock")
            sc.act(Draw(0, "stock"))           # refused: decline the upcard first
        if ph == "draw" and "call" not in tried:
            tried.add("call")
            sc.act(Buy(0))                     # refused: no call is being asked
        if ph == "buy":
            drawn.extend(b.text for b in sc.buy.buttons.values())
            drawn.append(sc.buy.heading_text(sc.obs, s.names, None))
        a, _why = me.decide(eng.observe(0), eng.legal_actions(), None)
        sc.act(a)
        if ph == "buy":
            tried.add(a.type)
    assert s.deal_due() or s.game_over()
    assert {"stock", "call", "buy", "pass_buy"} <= tried, tried
    assert any(e.type == "buy" and e.player != 0 for e in eng.log)       # they called too
    drawn = [t for t in drawn if t]
    assert len(drawn) > 100
    bad = sorted({t for t in drawn if any(w.lower() in t.lower() for w in words)})
    assert not bad, bad
    s.close()


def test_contract_has_its_own_call_countdown():
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    app = App((1280, 800), headless=True, instant=True)
    app.settings = app.settings.replace(buy_countdown_s=3.0, call_countdown_s=20.0)
    for variant, want in (("contract", 20.0), ("may_i", 3.0)):
        s = GameSession(variant, 4, seed=1, autosave=False)
        sc = TableScene(s)
        sc.app = app
        assert sc._countdown() == want
        s.close()


def test_a_chained_offer_names_who_bought_above_it_and_who_discarded_it():
    # May I?, 4 seats: seats 0 and 1 discarded; seat 2 passes seat 1's discard, seat 3
    # buys it: seat 0's discard beneath is offered (MI-6) — to seat 1, not to the active
    # seat 2 who passed another card
    from table_app.ui.table.buypanel import BuyPanel
    from table_app.variants import find_variant as fv  # noqa: F401
    from tests.helpers.deals import cf, stock_turns
    eng = stock_turns(cf("may_i"), 2)
    eng.apply(PassUpcard(2))
    eng.apply(Buy(3))
    obs = eng.observe(1)
    assert obs.phase == "buy" and obs.buy_queue == (1,) and obs.upcard_by == 0
    names = ["Ann", "Boris", "Chloe", "Dmitro"]
    n = Narrator(types.SimpleNamespace(engine=eng, rules=eng.rules, names=names, human=1,
                                       variant="may_i", spec=VARIANTS["may_i"]))
    buyer = n.chain_buyer(len(eng.log))
    assert buyer == 3
    card = obs.buy_card >> 3
    from table_app.i18n import card_name
    text = BuyPanel.heading_text(obs, names, buyer)
    note = BuyPanel.chain_note(obs, names, buyer)
    assert text == f"{card_name(card)}: take it + a penalty card?"
    assert note == "Dmitro bought the card above; this one Ann discarded"
    assert "Chloe" not in text + note
    assert BuyPanel.chain_note(obs, names, None) is None
    # the first offer of a turn names the active player, who passed it
    eng2 = stock_turns(cf("may_i"), 2)
    eng2.apply(PassUpcard(2))
    n2 = Narrator(types.SimpleNamespace(engine=eng2, rules=eng2.rules, names=names, human=3,
                                        variant="may_i", spec=VARIANTS["may_i"]))
    assert n2.chain_buyer(len(eng2.log)) is None
    assert BuyPanel.heading_text(eng2.observe(3), names, None).startswith("Chloe passed ")
    set_language("ru")
    # the default names in Russian too ("Dmitro", "Ann" are Денис, Анна)
    assert BuyPanel.chain_note(obs, names, buyer) == "Денис — покупка карты сверху; под ней сброс: Анна"


@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
def test_a_chained_offer_fits_its_panel_at_1024x640(lang):
    """The buying window of a card a buy uncovered, at 1024x640: the line over the
    question whole, the question with its card in bold (not cut), inside the meld area's
    row and clear of the scores."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from tests.helpers.deals import cf, stock_turns
    app = App((1024, 640), headless=True, instant=True,
              settings=Settings().replace(language=lang, ask_only_fitting=False))
    eng = stock_turns(cf("may_i"), 2)
    eng.apply(PassUpcard(2))
    eng.apply(Buy(3))
    s = GameSession("may_i", 4, names=["Ann", "You", "Chloe", "Dmitro"], human=1, engine=eng,
                    autosave=False)
    s.players = {k: Scripted() for k in (0, 2, 3)}
    sc = TableScene(s)
    app.push(sc)
    step(app, 3)
    assert s.human_to_act() == "buy" and sc.buy.open
    assert sc.narrator.chain_buyer(sc.shown) == 3
    note = sc.buy.chain_note(sc.obs, s.names, 3)
    from table_app.i18n import player_name  # the default names in the language
    assert sc.buy.note_drawn == note and player_name("Dmitro") in note and player_name("Ann") in note
    assert {"en": "Dmitro", "ru": "Денис", "uk": "Дмитро"}[lang] in note
    panel = sc.buy.rect(sc.L.ui, note=True)
    from table_app.ui.table.buypanel import BuyPanel
    head = BuyPanel.heading(sc.obs, s.names, panel.right - 8 - sc.buy.buttons["buy"].relative_rect.x, 3)
    assert head.get_height() >= 18            # the card's name drawn big: not the cut fallback
    assert pygame.Rect((0, 0), (1024, 640)).contains(panel)
    assert panel.bottom <= sc.L.hand.y + 4
    s.close()


@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
@pytest.mark.parametrize("variant,n", (("michigan", 8), ("contract", 8), ("may_i", 4)))
def test_the_deal_end_screen_fits_1024x640(lang, variant, n):
    """8 seats (and Michigan's widow) at 1024x640: two columns, every note whole, the
    panel inside the window."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.scores import DealEndScene
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from tests.helpers.players import choose
    app = App((1024, 640), headless=True, instant=True, settings=Settings().replace(language=lang))
    s = GameSession(variant, n, seed=4, autosave=False)
    app.push(TableScene(s))
    rng = random.Random(4)
    eng = s.engine
    while not s.deal_due() and not s.game_over():
        eng.apply(choose(eng, rng) if variant != "michigan" else rng.choice(eng.legal_actions()))
    for _ in range(30):
        app.step(0.02)
        if isinstance(app.stack.top, DealEndScene):
            break
    top = app.stack.top
    assert isinstance(top, DealEndScene)
    app.step(0.02)
    assert len(top.drawn) == n + (variant == "michigan")
    assert not any("…" in t for t in top.drawn), top.drawn
    assert top.drawn == [r[2] for r in top.rows]
    assert pygame.Rect((0, 0), (1024, 640)).contains(top.panel())
    s.close()


def test_a_seats_game_score_reads_as_its_score_not_its_hands_value():
    """From the second round on, a seat's box gives its points so far after its card
    count: "10 cards · score 35" (testers read "total 35" as the hand's value)."""
    from table_app.ai import make_player
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from table_app.variants import find_variant
    eng = Engine(find_variant("may_i")({}), 4, seed=11)
    pol, rng = make_player("normal", "may_i"), random.Random(11)
    while True:
        ta = eng.to_act()
        legal = eng.legal_actions()
        if not legal:
            eng.deal_next()
            continue
        obs = eng.observe(0)
        if obs.results and ta[0] == 0 and all(obs.totals):
            break
        eng.apply(pol.choose(eng.observe(ta[0]), legal, rng))
    app = App((1280, 800), headless=True, instant=True)
    try:
        scene = TableScene(GameSession("may_i", 4, seed=11, engine=eng, autosave=False))
        app.push(scene)
        step(app, 3)
        box = scene.L.opp[1]
        got = [lab.text for lab in scene._drawn_labels()
               if box.collidepoint(lab.pos) and " card" in lab.text]
        n = len(eng.state.hands[1])
        assert got == [f"{n} cards · score {obs.totals[1]}"]
    finally:
        app.stack.clear()
