"""The player's own commands at the table: undo and redo (with the hand's order), Suggest,
"Lay off all that fits" and Go down.  Each takes the table scene (``sc``: ``TableScene``) and
works through its session, its hand and its messages; the scene's methods of the same
names call them (the buttons and keys reach them there)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import GoDown, LayOff
from ...i18n import _, player_name, rule_reason

if TYPE_CHECKING:
    from ..scenes.table import TableScene


def refusal_text(sc: TableScene, err) -> str:
    """What the table says when the rules refuse the player's action ``err``
    (``IllegalActionError``): the rules' reason with its rule id, or, when it is not the
    player's decision at all, whose it is by name, with the rule id.  The rules name seats
    by their 0-based number ("seat 1 leads, not seat 0", MG-5/MG-8), which no player at
    the table sees: the seats show names."""
    s = sc.session
    to_act = s.engine.to_act() if s.human_to_act() is None else None
    if to_act is not None and to_act[0] != s.human:
        # Translators: a move refused because another player decides now; {rule} is the
        # rule's id (MG-5, CF-7, ...), kept as it is
        return _("Not your move: {name} decides now ({rule})").format(
            name=player_name(s.names[to_act[0]]), rule=err.rule)
    return rule_reason(err)


def undo(sc: TableScene, confirmed: bool = False) -> None:
    """Undo back to the human's previous decision.  The first undo of a game that
    takes back a card the human has seen (it makes the game practice: no longer
    counted in the statistics) asks first (``ConfirmUndo``), unless ``confirmed``."""
    sc.gestures.cancel()
    ask = getattr(sc.session, "undo_makes_practice", None)
    if not confirmed and ask is not None and ask():
        from ..scenes.confirm import ConfirmUndo
        sc.app.push(ConfirmUndo(sc))
        return
    was_practice = bool(getattr(sc.session, "practice", False))
    # the hand as it is here, for a redo back to this point
    n = len(sc.engine.log)
    if sc.caught_up():
        sc.hands.note(n, sc.ui.hand_order, sc.hand.sort_mode)
    else:
        sc.hands.forget(n)
    if sc.session.undo():
        sc.pacer.jump(len(sc.engine.log))
        sc.hand.clear()
        sc.want_stock = False
        sc.ui.lay_off_queued = False
        sc.hand.drop_x = None
        if not was_practice and getattr(sc.session, "practice", False):
            sc.say(_("Undone: this is now a practice game, left out of your statistics"),
                     secs=7.0)
        else:
            sc.say(_("Undone: back to your previous decision"))
        sc._restore_hand()
        sc.refresh()
    else:
        sc.say(_("Nothing to undo"), bad=True)


def redo(sc: TableScene) -> None:
    sc._redoing = True
    try:
        ok = sc.session.redo()
    finally:
        sc._redoing = False
    if ok:
        sc.pacer.jump(len(sc.engine.log))
        sc.say(_("Redone"))
        sc._restore_hand()
        sc.refresh()
    else:
        sc.say(_("Nothing to redo"), bad=True)


def suggest(sc: TableScene) -> None:
    """Suggest: the meld area filled with a going-down the hand makes."""
    gd = next((a for a in sc.engine.legal_actions() if isinstance(a, GoDown)), None)
    if gd is None:
        sc.say(_("No going-down found in your hand yet"), bad=True)
        return
    sc.hand.fill(gd, sc.obs.wild_ranks)
    sc.say(_("Suggested: press Go down to lay it"))
    sc.refresh()


def play_all(sc: TableScene) -> bool:
    """"Lay off all that fits" (its button, the key A): every card of the hand that
    fits a meld on the table laid off (``layoffs.plan_all``: naturals as themselves,
    wilds where they let most cards follow), keeping a card to discard (CF-12),
    applied together as one decision (one undo takes it all back).  When nothing can
    be laid off now, says why (the rules' reason where they refuse one)."""
    from .layoffs import NO_FIT, plan_all
    obs = sc.obs
    if obs is None or sc.session.spec.layout or not obs.down[sc.human]:
        sc.say(_("Go down with the contract first: then the cards that fit the melds "
                   "on the table can be laid off (CF-8)"), bad=True)
        return False
    if not sc.caught_up() or sc.session.human_to_act() != "play":
        if sc.want_stock or sc.session.human_to_act() == "play":
            # the draw is on its way (the stock waits for the call window, or the card
            # is still flying): lay off when it has landed (``run_queued``)
            sc.ui.lay_off_queued = True
            sc.say(_("Laying off all that fits once your card is drawn"))
            return False
        sc.say(_("Lay off on your turn, after drawing"), bad=True)
        return False
    acts = plan_all(sc.session.rules, sc.engine.state, sc.human)
    if not acts:
        why = _("No card of your hand fits a meld on the table")
        if obs.melds and obs.hand:
            # the rules' refusal when laying off is not allowed now at all (the turn
            # of going down, the last card)
            from ...core.errors import IllegalActionError
            try:
                sc.session.rules.check(sc.engine.state,
                                         LayOff(sc.human, 0, obs.hand[0] >> 3, None))
            except IllegalActionError as e:
                if e.rule != "CF-3" and e.message_id not in NO_FIT:
                    why = rule_reason(e)
        sc.say(why, bad=True)
        return False
    if not sc.act(tuple(acts)):
        return False
    from ...i18n import ngettext
    # said when the cards have landed on the melds (a tester read it with them in flight)
    sc.ui.say_when_still = ngettext("Laid off {n} card", "Laid off {n} cards",
                                    len(acts)).format(n=len(acts))
    sc.refresh()
    return True


def run_queued(sc: TableScene) -> None:
    """"Lay off all that fits" asked for while the draw was on its way (``play_all``):
    made once the drawn card has landed and the play is the player's; forgotten when
    the turn has gone to another seat.  A message waiting for the table to be still
    (``ui.say_when_still``) is said once every card has landed."""
    if not sc.ui.lay_off_queued:
        pass
    elif not sc.session.human_turn():
        sc.ui.lay_off_queued = False
    elif sc.caught_up() and sc.session.human_to_act() == "play":
        sc.ui.lay_off_queued = False
        play_all(sc)
    if sc.ui.say_when_still is not None and sc.caught_up() and not sc.layer.moving():
        sc.say(sc.ui.say_when_still)
        sc.ui.say_when_still = None


def go_down(sc: TableScene) -> None:
    """Go down with the staged melds (the button, G).  While they can't make the
    contract (``ui.stage_note``) it says what they lack, as the button does while it
    is off; a refused go-down keeps every staged group where it is."""
    if not sc.ui.staged:
        sc.say(_("Build the contract's melds first"), bad=True)
        return
    if sc.ui.stage_note:
        sc.say(sc.ui.stage_note, bad=True, secs=8.0)
        if sc.app is not None:
            sc.app.play_sound("error")
        return
    if sc._refuse_bad_melds():
        return
    action = sc.go_down_action()
    if getattr(sc.app.settings, "confirm_go_down", False) and sc.caught_up() \
            and sc.session.human_to_act() == "play" and sc.engine.is_legal(action):
        # the confirm_go_down setting: ask first (an illegal go-down is refused at once)
        from ..scenes.confirm import ConfirmGoDown
        sc.app.push(ConfirmGoDown(sc, action))
        return
    sc.confirm_go_down(action)
