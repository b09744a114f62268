"""The card table for headless scene tests: a table at a given deal (``make_table``,
``may_i_table``, ``contract_table``), scripted computer seats (``Scripted``), deck orders
(``build_deck``), frames (``step``, ``settle``), where things are (``point_of``,
``hand_card``, ``meld_point``, ``zone_point``) and real input: mouse clicks and drags
(``click``, ``drag``, ``stage``, ``press``, ``click_widget``) and keys (``key``,
``layout_event`` for a Russian or Ukrainian layout)."""
from __future__ import annotations

import pygame

from table_app.core.actions import Buy, Deal, Discard, Draw, PassBuy, PassUpcard
from table_app.core.cards import parse_face


class Scripted:
    """A computer player for tests: passes the upcard and every buy (but buys or calls the
    first ``buys`` cards it is asked about), discards the faces it is given in order (else
    its first legal discard); Michigan: leads its lowest card."""

    def __init__(self, discards=(), buys: int = 0):
        self.discards = [parse_face(x) for x in discards]
        self.buys = buys

    def decide(self, obs, legal, rng):
        if self.buys > 0:
            for a in legal:
                if isinstance(a, Buy):
                    self.buys -= 1
                    return a, ""
        for a in legal:
            if isinstance(a, (PassUpcard, PassBuy)):
                return a, ""
        for a in legal:
            if isinstance(a, Draw) and a.source == "stock":
                return a, ""
        if any(isinstance(a, Discard) for a in legal):
            while self.discards:
                f = self.discards.pop(0)
                for a in legal:
                    if isinstance(a, Discard) and a.card == f:
                        return a, ""
            return next(a for a in legal if isinstance(a, Discard)), ""
        return legal[0], ""


def build_deck(all_faces, dealt: list[list[str]], rest_head: list[str]) -> tuple:
    """A deck order: the hands dealt one card at a time (``dealt[k]`` is the k-th hand in
    dealing order), then the given cards, then every other card."""
    pool = list(all_faces)
    order = []
    n = len(dealt)
    size = len(dealt[0])
    for i in range(size):
        for k in range(n):
            if i < len(dealt[k]):
                order.append(parse_face(dealt[k][i]))
    order += [parse_face(x) for x in rest_head]
    for f in order:
        pool.remove(f)
    return tuple(order + sorted(pool))


def make_table(variant, n, deal, players, options=None, size=(1280, 800), ask_all=True):
    """``ask_all``: the player is offered every card to buy or call (the setting "offer a
    card only when it fits my hand" off: these deals were written before it, a new
    player's default, existed; ``test_ui_follow`` tests it on)."""
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    app = App(size, headless=True, instant=True)
    if ask_all:
        app.settings = app.settings.replace(ask_only_fitting=False)
    s = GameSession(variant, n, options=options or {}, seed=1, autosave=False)
    s.players = players
    s.engine.apply(deal, forced=True)
    scene = TableScene(s)
    app.push(scene)
    return app, scene, s


def may_i_table(players):
    """The 3-seat May I? deal of the whole-deal tests (seat 0 can go down with 7s and 9s):
    ``(app, scene, session)``, seats 1 and 2 played by ``players``."""
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    return make_table("may_i", 3, Deal(1, 2, deck), players)


def step(app, k=2):
    for _ in range(k):
        app.step(0.02)


def settle(app, scene, limit=400):
    """Run frames until the human must act (or the deal is over)."""
    s = scene.session
    for _ in range(limit):
        app.step(0.02)
        if app.stack.top is not scene:
            return
        if scene.caught_up() and not scene.layer.moving() and (
                s.human_to_act() or s.deal_due() or s.game_over()):
            if s.human_to_act() == "draw" and scene.want_stock:
                continue
            return
    raise AssertionError("the table did not settle")


def point_of(scene, key):
    """A visible point of a card sprite (a fanned hand card is covered on its right)."""
    v = scene.view
    p = next(p for p in v.placements if p.key == key)
    x, y, w = p.x, p.y - p.lift, p.w
    same = sorted((q for q in v.placements if q.group == p.group), key=lambda q: q.x)
    nxt = [q.x for q in same if q.x > p.x]
    right = min(nxt) if nxt else x + w
    pt = (int((x + min(right, x + w)) / 2), int(y + w * 0.7))
    s = scene.layer.sprites.get(key)
    if s is None or scene.layer.at(pt) is s:
        return pt
    # a card drawn over it (a raised neighbour: focused, hovered, selected): a point of
    # it that shows, as the player would click it
    r = s.rect()
    for fy in (0.7, 0.5, 0.3, 0.9, 0.15):
        for fx in (0.5, 0.7, 0.3, 0.85, 0.15, 0.95, 0.05):
            q = (int(r.x + r.w * fx), int(r.y + r.h * fy))
            if scene.layer.at(q) is s:
                return q
    return pt


def hand_card(scene, code, nth=0):
    f = parse_face(code)
    cs = [c for c in scene.ui.hand_order if c >> 3 == f and not any(c in g for g in scene.ui.staged)]
    return cs[nth]


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 2)


def drag(app, a, b):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app, 1)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    for p in (mid, b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app, 2)


def zone_point(scene, name):
    return scene.view.zones[name].center


def press(app, scene, name):
    """Click a pygame_gui button of the table with the mouse.  "Go down" opens the
    confirmation (the default ``confirm_go_down``): nothing is applied until its
    "Go down" is clicked too."""
    b = scene.buttons[name]
    assert b.visible and b.is_enabled, name
    n = len(scene.engine.log)
    click(app, b.rect.center)
    if name == "go_down" and app.settings.confirm_go_down:
        from table_app.ui.scenes.confirm import ConfirmGoDown
        top = app.stack.top
        if isinstance(top, ConfirmGoDown):
            assert len(scene.engine.log) == n  # asked, not applied yet
            click(app, top.ok.rect.center)
            assert app.stack.top is scene


def card_drag_to_zone(app, scene, code, zone, nth=0):
    drag(app, point_of(scene, hand_card(scene, code, nth)), zone_point(scene, zone))


def stage(app, scene, codes):
    """Select cards by clicking, then drag them to the meld area as one group."""
    for c in codes:
        click(app, point_of(scene, hand_card(scene, c)))
    first = hand_card(scene, codes[0])
    drag(app, point_of(scene, first), (scene.view.zones["stage"].right - 40, scene.view.zones["stage"].centery))


def meld_point(scene, mi, side="right"):
    r = scene.view.melds[mi]
    return (r.right - 6, r.centery) if side == "right" else (r.x + 6, r.centery)


def types(log, start=0):
    return [e.type for e in log[start:]]

def contract_table(size=(1280, 800), stock=("7D", "5D", "9S", "6D", "9D"), dealer=2):
    """The 3-seat Contract deal of the whole-deal test: seat 0 goes down with 7s and 9s
    and lays off; seats 1 and 2 scripted (7♥, A♣).  ``stock``: the upcard, then the
    stock's top cards; ``dealer``: the dealing seat."""
    from table_app.variants import find_variant
    rules = find_variant("contract")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "AC"],
    ], list(stock))
    return make_table("contract", 3, Deal(1, dealer, deck),
                      {1: Scripted(["7H"]), 2: Scripted(["AC"])}, size=size)

def scripted_may_i_table():
    """The whole-deal tests' May I? deal, seats 1 and 2 scripted."""
    return may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})

def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    step(app, 2)

def click_widget(app, widget):
    """A real mouse click on a widget (pygame_gui turns it into its own event)."""
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 3)  # the button's event, then what a widget posts in answer (a slider)

RU = dict(zip("qwertyuiopasdfghjklzxcvbnm", "йцукенгшщзфывапролдячсмить"))


UK = dict(RU, s="і")


def layout_event(k: int, mod: int = 0, layout=RU) -> pygame.event.Event:
    """The KEYDOWN SDL delivers for the key that is ``k`` on a US keyboard, in ``layout``:
    a letter key carries the layout's letter as ``key`` and ``unicode``; every key its
    physical ``scancode``."""
    name = pygame.key.name(k)
    if len(name) == 1 and name.isalpha():
        ch = layout[name]
        sc = getattr(pygame, f"KSCAN_{name.upper()}")
        uni = ch.upper() if mod & pygame.KMOD_SHIFT else ch
        return pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=mod, unicode=uni, scancode=sc)
    scancodes = {pygame.K_TAB: pygame.KSCAN_TAB, pygame.K_RETURN: pygame.KSCAN_RETURN,
                 pygame.K_SPACE: pygame.KSCAN_SPACE, pygame.K_ESCAPE: pygame.KSCAN_ESCAPE,
                 pygame.K_RIGHT: pygame.KSCAN_RIGHT, pygame.K_LEFT: pygame.KSCAN_LEFT,
                 pygame.K_UP: pygame.KSCAN_UP, pygame.K_DOWN: pygame.KSCAN_DOWN,
                 pygame.K_F1: pygame.KSCAN_F1, pygame.K_HOME: pygame.KSCAN_HOME,
                 pygame.K_END: pygame.KSCAN_END}
    uni = {pygame.K_TAB: "\t", pygame.K_RETURN: "\r", pygame.K_SPACE: " ",
           pygame.K_ESCAPE: "\x1b"}.get(k, "")
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=scancodes[k])


def draw_from_stock(app, scene):
    """Settle, drag the stock's top card to the hand, settle: the human seat (0) of a
    table whose deal starts with its draw is then to play."""
    settle(app, scene)
    drag(app, point_of(scene, "stocktop"), zone_point(scene, "hand"))
    settle(app, scene)
    assert scene.session.human_to_act() == "play"


def may_i_table_with(size=(1280, 800), instant=False, **settings):
    """``may_i_table``'s deal (seats 1 and 2 scripted) in an app of ``size`` with the given
    settings (``Settings().replace(**settings)``) and ``instant`` animations."""
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    from table_app.variants import find_variant
    rules = find_variant("may_i")({})
    deck = build_deck(rules.deck(3), [
        ["7C", "7D", "7H", "9S", "9H", "9D", "7S", "9C", "2C", "4D"],
        ["3S", "3H", "5C", "6C", "8H", "10D", "JS", "QD", "KC", "7H"],
        ["3D", "4S", "5S", "6H", "8D", "10C", "JH", "QS", "KD", "7C"],
    ], ["KH", "9S", "5D", "9D", "6D"])
    app = App(size, headless=True, instant=instant, settings=Settings().replace(**settings))
    s = GameSession("may_i", 3, seed=1, autosave=False)
    s.players = {1: Scripted(["7H"]), 2: Scripted(["7C"])}
    s.engine.apply(Deal(1, 2, deck), forced=True)
    scene = TableScene(s)
    app.push(scene)
    return app, scene, s


def wait_hint(app, scene, limit=2000):
    """Run frames until the hint asked for arrives (it is thought on the session's
    worker thread: ``hint.HintAsker``); the hint."""
    import time
    for _ in range(limit):
        h = scene.current_hint()
        if h is not None:
            return h
        if not scene.hints.thinking:
            return None
        app.step(0.02)
        time.sleep(0.005)
    raise AssertionError("the hint did not arrive")


def play_until_deal_over(app, scene, s, limit: int = 1000) -> bool:
    """The stand-in player (``FallbackPlayer``) plays your seat of ``scene``, a frame at
    a time, until the deal is over (its last move made; its end not yet on screen);
    whether it ended within ``limit`` frames."""
    from table_app.ui.table.session import FallbackPlayer
    me = FallbackPlayer(s.variant)
    for _ in range(limit):
        if s.deal_due():
            return True
        if s.human_to_act() is not None and scene.caught_up():
            scene.act(me.decide(s.engine.observe(0), s.engine.legal_actions(), None)[0])
        step(app, 1)
    return s.deal_due()


def play_to_deal_end(app, scene, s, limit: int = 1000) -> None:
    """``play_until_deal_over``, then the frames until the deal's end is on screen
    (``DealEndScene`` on top)."""
    from table_app.ui.scenes.scores import DealEndScene
    play_until_deal_over(app, scene, s, limit)
    settle(app, scene)
    assert isinstance(app.stack.top, DealEndScene)


def may_i_deal_end():
    """May I?'s three-seat deal (``may_i_table``, seats 1 and 2 scripted) played by the
    stand-in player for you until the deal is over and its end is on screen:
    ``(app, table, session)``, ``DealEndScene`` on top."""
    app, scene, s = may_i_table({1: Scripted(["7H"]), 2: Scripted(["7C"])})
    play_to_deal_end(app, scene, s)
    return app, scene, s


def open_deal_end(app, frames: int = 30):
    """Step ``app`` until the deal end's screen is on top (``frames`` at most); it."""
    from table_app.ui.scenes.scores import DealEndScene
    for _ in range(frames):
        if isinstance(app.stack.top, DealEndScene):
            break
        app.step(0.02)
    assert isinstance(app.stack.top, DealEndScene)
    return app.stack.top
