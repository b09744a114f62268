"""Keyboard-only play at the table, headless: whole deals driven by ``pygame.event.post``
KEYDOWN events on the real scene (no mouse event, no direct call of an action), with the
assertions on the engine's record (``engine.log``)."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.core.actions import (  # noqa: E402
    Buy,
    Deal,
    DealEnd,
    Discard,
    Draw,
    GoDown,
    LayOff,
    Lead,
    PassBuy,
    PassUpcard,
)
from table_app.core.cards import parse_face  # noqa: E402
from table_app.i18n.hints import hint_reason  # noqa: E402
from tests.helpers.table import (  # noqa: E402
    Scripted,
    build_deck,
    key,  # noqa: E402
    make_table,
    may_i_table,
    settle,
    step,
    wait_hint,
)


def go_down_by_keys(app, scene, cancel_first=False):
    """G, then the confirmation (``confirm_go_down``, on by default) answered by keys:
    Enter on its focused "Go down" button (after Esc cancelling once when asked)."""
    from table_app.ui.scenes.confirm import ConfirmGoDown
    n = len(scene.engine.log)
    key(app, pygame.K_g)
    if not isinstance(app.stack.top, ConfirmGoDown):
        return
    assert len(scene.engine.log) == n  # asked first
    if cancel_first:
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene and len(scene.engine.log) == n and scene.ui.staged
        key(app, pygame.K_g)
        assert isinstance(app.stack.top, ConfirmGoDown)
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene


def tab_to(app, scene, zone):
    """Tab until the focus is on ``zone`` (the first Tab only shows the focus)."""
    for _ in range(10):
        if scene.keys.focus_shown and scene.keys.focus_zone == zone:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {zone} (zones: {scene.keys.focus_zones()})")


def right_to(app, scene, want):
    """Right until ``want(focused item)``."""
    for _ in range(30):
        if scene.keys.focus_shown and want(scene.keys.focused()):
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"Right never reached the item in {scene.keys.focus_zone}")


def pick(app, scene, code):
    """Pick up (select) a hand card with the keyboard."""
    f = parse_face(code)
    tab_to(app, scene, "hand")
    right_to(app, scene, lambda c: c is not None and c >> 3 == f and c not in scene.ui.selected)
    key(app, pygame.K_SPACE)
    assert any(c >> 3 == f for c in scene.ui.selected), code


def drop_on(app, scene, zone, item=None):
    tab_to(app, scene, zone)
    if item is not None:
        right_to(app, scene, lambda x: x == item)
    key(app, pygame.K_RETURN)


def meld_of(eng, code):
    """The index of the table meld holding a card of ``code``'s rank (for lay-offs)."""
    from table_app.core.cards import FACE_RANK
    r = FACE_RANK[parse_face(code)]
    obs = eng.observe(0)
    return next(i for i, m in enumerate(obs.melds) if any(FACE_RANK[c >> 3] == r for c in m.cards))


# ---------------------------------------------------------------- May I?
@pytest.mark.slow
def test_may_i_whole_deal_by_keyboard_only():
    app, scene, s = may_i_table({1: Scripted(["7H", "KC"]), 2: Scripted(["7C"])})
    eng = s.engine
    settle(app, scene)
    assert s.human_to_act() == "draw"

    # the hint: the normal AI's move for the human, with its reason, in the status line
    key(app, pygame.K_h)
    h = wait_hint(app, scene)
    assert h is not None and h.reason and eng.is_legal(h.action)
    assert hint_reason(h.reason) in scene.status_text()
    assert len(eng.log) == 1   # a hint changes nothing

    # an illegal keyboard action: discarding before drawing is refused (CF-10), nothing changes
    before = list(eng.log)
    hand = sorted(eng.observe(0).hand)
    pick(app, scene, "2C")
    drop_on(app, scene, "discard")
    assert eng.log == before and sorted(eng.observe(0).hand) == hand
    assert "CF-10" in scene.toast.msg and scene.toast.bad
    key(app, pygame.K_ESCAPE)            # put the picked-up card back
    assert not scene.ui.selected and app.stack.top is scene

    # T1: D passes the upcard (May I? lets the others buy it), then draws from the stock
    key(app, pygame.K_d)
    settle(app, scene)
    assert [e.type for e in eng.log[1:5]] == ["pass_upcard", "pass_buy", "pass_buy", "draw"]
    assert eng.log[4] == Draw(0, "stock") and s.human_to_act() == "play"

    # S suggests a going-down, C clears it; then build the two sets by hand (M) and go down (G)
    key(app, pygame.K_s)
    assert scene.ui.staged
    key(app, pygame.K_c)
    assert not scene.ui.staged
    for group in (["7C", "7D", "7H"], ["9S", "9H", "9D"]):
        for code in group:
            pick(app, scene, code)
        key(app, pygame.K_m)
    assert len(scene.ui.staged) == 2 and not scene.ui.selected
    go_down_by_keys(app, scene, cancel_first=True)
    gd = eng.log[-1]
    assert isinstance(gd, GoDown) and len(gd.melds) == 2
    # illegal: laying off on the turn of going down (MI-4) is refused, nothing changes
    n = len(eng.log)
    pick(app, scene, "7S")
    drop_on(app, scene, "melds", meld_of(eng, "7S"))
    assert len(eng.log) == n and "MI-4" in scene.toast.msg
    key(app, pygame.K_ESCAPE)
    # discard 2C: pick it up, Tab to the discard pile, Enter
    pick(app, scene, "2C")
    drop_on(app, scene, "discard")
    assert eng.log[n] == Discard(0, parse_face("2C"))
    assert scene.keys.focus_zone == "hand"    # the card went: the focus is back in the hand
    settle(app, scene)

    # seat 2 passes seat 1's 7H: the human is asked "May I?" and buys it with B
    assert s.human_to_act() == "buy"
    key(app, pygame.K_b)
    assert Buy(0) in eng.log
    settle(app, scene)

    # T2: U takes seat 2's 7C; lay off four cards, discard 4D, keep 9D
    assert s.human_to_act() == "draw"
    key(app, pygame.K_u)
    assert eng.log[-1] == Draw(0, "discard")
    for code in ("7S", "7H", "7C", "9C", "9S"):
        pick(app, scene, code)
        drop_on(app, scene, "melds", meld_of(eng, code))
        assert isinstance(eng.log[-1], LayOff), (code, scene.toast.msg)
    pick(app, scene, "4D")
    n = len(eng.log)
    drop_on(app, scene, "discard")
    assert eng.log[n] == Discard(0, parse_face("4D"))
    settle(app, scene)

    # seat 2 passes seat 1's KC: the hint says why, and P passes the buy
    assert s.human_to_act() == "buy"
    key(app, pygame.K_h)
    h = wait_hint(app, scene)
    assert h is not None and isinstance(h.action, (Buy, PassBuy)) and h.reason
    n = len(eng.log)
    key(app, pygame.K_p)
    assert eng.log[n] == PassBuy(0)
    settle(app, scene)

    # T3: Enter on the focused stock draws (passing the upcard first); lay off 9D, discard
    # the drawn card and go out
    assert s.human_to_act() == "draw"
    n = len(eng.log)
    drop_on(app, scene, "stock")
    settle(app, scene)
    assert isinstance(eng.log[n], PassUpcard) and eng.log[-1] == Draw(0, "stock")
    pick(app, scene, "9D")
    drop_on(app, scene, "melds", meld_of(eng, "9D"))
    assert isinstance(eng.log[-1], LayOff)
    last = eng.observe(0).hand
    assert len(last) == 1
    tab_to(app, scene, "hand")
    key(app, pygame.K_SPACE)
    drop_on(app, scene, "discard")
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert ends and ends[0].winner == 0 and ends[0].scores[0] == 0


# ---------------------------------------------------------------- Mexican
def test_mexican_draw_suggest_go_down_with_a_wild_and_discard_by_keys():
    from table_app.variants import find_variant
    rules = find_variant("mexican")({})
    deck = build_deck(rules.deck(2), [
        ["7C", "7D", "7H", "9S", "9H", "3H", "4D"],
        ["5S", "6S", "8C", "10D", "JS", "QD", "KS"],
    ], ["KC", "7S", "2D", "9C"])
    app, scene, s = make_table("mexican", 2, Deal(1, 1, deck), {1: Scripted(["KS"])})
    eng = s.engine
    settle(app, scene)
    key(app, pygame.K_d)                 # no buying in Mexican: D draws at once
    assert eng.log[-1] == Draw(0, "stock")
    # Shift+Right moves the focused card one place right in the hand
    tab_to(app, scene, "hand")
    first = scene.keys.focused()
    before = scene.keys.hand_cards()
    key(app, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    after = scene.keys.hand_cards()
    assert after[1] == first and after[0] == before[1] and scene.keys.focused() == first
    key(app, pygame.K_h)
    assert isinstance(wait_hint(app, scene).action, GoDown)
    key(app, pygame.K_s)
    go_down_by_keys(app, scene)
    gd = eng.log[-1]
    assert isinstance(gd, GoDown) and any(r is not None for m in gd.melds for r in m.roles)
    pick(app, scene, "4D")
    n = len(eng.log)
    drop_on(app, scene, "discard")
    assert eng.log[n] == Discard(0, parse_face("4D"))


# ---------------------------------------------------------------- Michigan
def test_michigan_leads_by_keyboard_only():
    human = ["2S", "3S", "4S", "5S", "6S", "8S", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    seat1 = ["7S", "10S", "JS", "9H", "10H", "JH", "QH", "2D", "3D", "4D", "5D", "6D", "7D"]
    seat2 = ["QS", "KS", "AS", "KH", "AH", "8D", "9D", "10D", "JD", "QD", "2C", "3C", "4C"]
    used = set(human + seat1 + seat2)
    allc = [r + su for su in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    widow = [c for c in allc if c not in used]
    deck = build_deck(list(range(52)), [human, seat1, seat2, widow], [])
    app, scene, s = make_table("michigan", 3, Deal(1, 2, deck), {1: Scripted(), 2: Scripted()})
    eng = s.engine
    settle(app, scene)
    assert s.human_to_act() == "lead"
    # Left/Right move over the legal leads only (the lowest card of each suit: 2S, 2H)
    tab_to(app, scene, "hand")
    seen = set()
    for _ in range(4):
        seen.add(scene.keys.focused() >> 3)
        key(app, pygame.K_RIGHT)
    assert seen == {parse_face("2S"), parse_face("2H")}
    # a key that is no Michigan action changes nothing
    n = len(eng.log)
    key(app, pygame.K_d)
    assert len(eng.log) == n
    right_to(app, scene, lambda c: c >> 3 == parse_face("2S"))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert eng.log[n] == Lead(0, parse_face("2S"))
    tab_to(app, scene, "hand")
    right_to(app, scene, lambda c: c >> 3 == parse_face("2H"))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    ends = [e for e in eng.log if isinstance(e, DealEnd)]
    assert ends and ends[0].winner == 0


def test_michigan_a_lead_out_of_turn_names_the_player_to_lead():
    """A card led (Enter, a drag) while another seat is to lead: the table names that
    player; the rules' own reason numbers the seats from 0 ("The player left of the
    dealer, seat 1, leads, not seat 0 (MG-5)"), numbers no seat at the table shows
    (seen in a real window, in Russian too)."""
    from table_app.core.actions import Lead
    from table_app.i18n import set_language
    human = ["2S", "3S", "4S", "5S", "6S", "8S", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    seat1 = ["7S", "10S", "JS", "9H", "10H", "JH", "QH", "2D", "3D", "4D", "5D", "6D", "7D"]
    seat2 = ["QS", "KS", "AS", "KH", "AH", "8D", "9D", "10D", "JD", "QD", "2C", "3C", "4C"]
    used = set(human + seat1 + seat2)
    allc = [r + su for su in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]
    widow = [c for c in allc if c not in used]
    deck = build_deck(list(range(52)), [seat1, seat2, human, widow], [])
    try:
        for lang, want in (("en", "Not your move: Ann decides now (MG-5)"),
                           ("ru", "Сейчас не ваш ход: решает Анна (MG-5)")):
            app, scene, s = make_table("michigan", 3, Deal(1, 0, deck),
                                       {1: Scripted(), 2: Scripted()})
            set_language(lang)   # after the App, which sets its settings' language
            s.names[1] = "Ann"
            assert s.engine.to_act()[0] == 1 and scene.caught_up()
            n = len(s.engine.log)
            assert not scene.act(Lead(0, s.observe().hand[0] >> 3))
            assert len(s.engine.log) == n
            assert scene.toast.bad and scene.toast.msg == want
            assert "seat" not in scene.toast.msg and "мест" not in scene.toast.msg
    finally:
        set_language("en")


# ---------------------------------------------------------------- help overlay
def test_f1_opens_the_help_overlay_and_its_rules_button():
    import random

    from table_app.ui.scenes.help import SHORTCUTS, HelpScene
    from table_app.variants import find_variant
    rules = find_variant("contract")({})
    deck = list(rules.deck(3))
    random.Random(5).shuffle(deck)
    app, scene, s = make_table("contract", 3, Deal(1, 2, tuple(deck)), {1: Scripted(), 2: Scripted()})
    settle(app, scene)
    key(app, pygame.K_F1)
    top = app.stack.top
    assert isinstance(top, HelpScene)
    for k, _ in SHORTCUTS:
        if k:
            assert k.split(" ")[0] in top.box.html_text
    n = len(s.engine.log)
    key(app, pygame.K_d)               # keys don't reach the table under the help
    assert len(s.engine.log) == n
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_F1)
    from table_app.ui.scenes.rules import RulesScene
    top = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=top.btns["rules"].rect.center, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=top.btns["rules"].rect.center, button=1))
    step(app, 2)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.variant == "contract"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # the same by keys only: F1, then R for the rules
    key(app, pygame.K_F1)
    key(app, pygame.K_r)
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_f1_opens_the_help_in_the_tables_menu_too():
    # a tester: F1 opened the help at the table, in the picker and in Settings, but did
    # nothing while the table's menu (Esc) was open
    from table_app.ui.scenes.help import SCREEN_SHORTCUTS, TABLE_SHORTCUTS, HelpScene
    from table_app.ui.scenes.rules import RulesScene
    from table_app.ui.scenes.scores import TableMenu
    app, scene, s = may_i_table({1: Scripted(), 2: Scripted()})
    settle(app, scene)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, TableMenu)
    key(app, pygame.K_DOWN)                      # the menu's focus on "Score sheet"
    focus = menu.ring.key
    assert focus == "#scores"
    key(app, pygame.K_F1)
    top = app.stack.top
    assert isinstance(top, HelpScene) and top.variant == "may_i"
    shown = _help_text(top.box.html_text)
    # the menu's keys (the screens played with a focus ring) first, then the table's
    assert shown.index(SCREEN_SHORTCUTS[0][1]) < shown.index(TABLE_SHORTCUTS[0][1])
    assert "This help, in the picker, Settings and the table's menu too" in shown
    key(app, pygame.K_F1)                        # F1 closes it: back to the menu, as it was
    assert app.stack.top is menu and menu.ring.key == focus
    key(app, pygame.K_F1)
    key(app, pygame.K_r)                         # R: the rules of the game at the table
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.variant == "may_i"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def _help_text(html_text: str) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]*>", " ", html_text))


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_f1_lists_the_picker_and_settings_keys_there_and_at_the_table(lang):
    # a tester: F1 listed only the table's keys, and did nothing in the picker or Settings
    from table_app.i18n import _, set_language
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.help import HelpScene
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.rules import RulesScene
    from table_app.ui.scenes.settings import SettingsScene
    from tests.helpers.text import english_left
    try:
        app = App((1280, 800), headless=True, instant=True, settings=Settings().replace(language=lang))
        picker = app.push(PickerScene())
        step(app, 2)
        key(app, pygame.K_F1)
        top = app.stack.top
        assert isinstance(top, HelpScene)
        from table_app.ui.scenes.help import SCREEN_SHORTCUTS, TABLE_SHORTCUTS, shortcuts_html
        shown = _help_text(top.box.html_text)
        screens = [_(w) for _k, w in SCREEN_SHORTCUTS]
        assert all(w in shown for w in screens), [w for w in screens if w not in shown]
        assert all(_(k) in shown for k, _w in SCREEN_SHORTCUTS if k)
        # the screens' keys first, then the table's
        assert shown.index(screens[0]) < shown.index(_(TABLE_SHORTCUTS[0][1]))
        if lang != "en":
            assert english_left(shown) == [], english_left(shown)
        key(app, pygame.K_r)                     # R: the rules of the picker's game
        assert isinstance(app.stack.top, RulesScene) and app.stack.top.variant == picker.variant
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is picker
        # Settings: F1 there too, Esc back to Settings
        sc = app.push(SettingsScene())
        step(app, 1)
        key(app, pygame.K_F1)
        assert isinstance(app.stack.top, HelpScene)
        assert all(w in _help_text(app.stack.top.box.html_text) for w in screens)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is sc
        # the table's help (F1 at the table) lists them too, after the table's own keys
        table = _help_text(shortcuts_html())
        assert all(w in table for w in screens)
        assert table.index(_(TABLE_SHORTCUTS[0][1])) < table.index(screens[0])
    finally:
        set_language("en")


# ---------------------------------------------------------------- Contract: a swap
def test_contract_swap_for_the_joker_by_keys():
    from table_app.core.actions import Swap
    from table_app.variants import find_variant
    rules = find_variant("contract")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "4S", "5S", "JK", "7S", "6S", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "QH"],
        ["3D", "4H", "5H", "6H", "8D", "10C", "JH", "QS", "KD", "AC"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    app, scene, s = make_table("contract", 3, Deal(2, 2, deck), {1: Scripted(), 2: Scripted()})
    eng = s.engine
    settle(app, scene)
    key(app, pygame.K_d)
    settle(app, scene)
    assert eng.log[-1] == Draw(0, "stock")
    # a set, and a run with the joker standing for 6S, built by keys
    for group in (["7C", "7D", "7H"], ["4S", "5S", "JK", "7S"]):
        for code in group:
            pick(app, scene, code)
        key(app, pygame.K_m)
    go_down_by_keys(app, scene)
    gd = eng.log[-1]
    assert isinstance(gd, GoDown), scene.toast.msg
    run = next(i for i, m in enumerate(gd.melds) if m.kind == "run")
    # Shift+Enter on the run with 6S picked up swaps it for the joker (CR-7)
    pick(app, scene, "6S")
    tab_to(app, scene, "melds")
    right_to(app, scene, lambda x: x == run)
    key(app, pygame.K_RETURN, pygame.KMOD_LSHIFT)
    assert eng.log[-1] == Swap(0, run, parse_face("6S")), scene.toast.msg
    assert any(c >> 3 == parse_face("JK") for c in eng.observe(0).hand)


def test_the_meld_areas_focus_outline_passes_behind_the_your_turn_plate():
    """The "Your turn" plate stands on the hand's top edge, over the meld area's bottom
    edge: a play-tester's screenshot had the meld area's focus outline crossing the
    plate's words.  The outline is drawn round the plate now: the plate's pixels are the
    same with the outline shown as without it, and the outline is there beside it."""
    from table_app.ui.table.keyboard import FOCUS
    from tests.helpers.table import contract_table, settle
    app, scene, s = contract_table()
    settle(app, scene)
    scene.cue.t = 0.0                        # no pulsing ring over the hand
    (_key, img, pos), = scene._plates()
    plate = img.get_rect(topleft=pos)
    scene.keys.focus_shown = False
    app.draw()
    bare = pygame.image.tobytes(app.screen.subsurface(plate), "RGB")
    scene.keys.focus_shown = True
    scene.keys.set_focus("stage")
    out = scene.keys.focus_rect().inflate(8, 8)
    assert plate.colliderect(out)            # the outline's edge runs through the plate
    app.draw()
    assert pygame.image.tobytes(app.screen.subsurface(plate), "RGB") == bare
    ring_y = out.bottom - 4                  # on the outline's focus-coloured line
    beside = (plate.left - 20, ring_y)
    assert tuple(app.screen.get_at(beside))[:3] == FOCUS


def test_the_meld_areas_focus_outline_stays_under_the_contracts_line_over_the_groups():
    """With a group built, the meld area's line ("Go down needs 1 set + 1 run: ...") is
    drawn at its top over the groups: a tester saw the focus outline of the free part
    cross its words.  The outline of a group and of the free part stays below it."""
    from tests.helpers.table import contract_table, drag, point_of, settle, stage, zone_point
    app, scene, s = contract_table()
    settle(app, scene)
    drag(app, point_of(scene, s.engine.observe(0).upcard), zone_point(scene, "hand"))
    stage(app, scene, ["7C", "7D", "7H"])
    line = next(lab for lab in scene.view.labels
                if lab.kind in ("tag", "tag_bad") and scene.L.stage.collidepoint(lab.pos))
    scene.keys.focus_shown = True
    scene.keys.set_focus("stage")
    items = scene.keys.focus_items("stage")
    assert len(items) == 2                    # the group and the free part
    for i in range(len(items)):
        scene.keys.focus_idx = i
        surf = pygame.Surface(app.size, pygame.SRCALPHA)
        scene.keys.draw(surf)                 # the outline alone
        ring = surf.get_bounding_rect()
        assert ring.h > 40 and ring.top >= line.pos[1] + 14, (i, ring, line.pos)
