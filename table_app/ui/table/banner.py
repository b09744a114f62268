"""The banner and the status line, and the table's passing messages.

* ``heading(obs, session)``: the banner's heading in pieces (the game and the round or
  Michigan's deal, the contract, the wild ranks, Michigan's sequence, "practice game").
* ``status_line(...)``: what the status line says now: the prompt for the player's
  decision (what is legal now, by mouse or by keys), a computer player thinking, or the
  last thing that happened (``narration``).
* ``banner_lines``: where the heading and the status line go in the bar, whole (wrapped
  or smaller) wherever they fit; ``Banner`` draws them (the plan kept while nothing
  changes) and the scores under the banner on the right.
* ``Toast``: a passing message over the meld area (a refusal with its rule id, "Undone",
  a hint): ``say``, then it fades after its seconds.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...core.cards import RANK_TEXT
from ...i18n import _, card_name, contract_name, player_name
from ...i18n import strings as S
from ...variants import VARIANTS, Buying
from . import text
from .presenter import is_layout_game


# ---------------------------------------------------------------------- what it says
def heading(obs, session) -> list[str]:
    """The banner's heading in pieces: the game and the round (or Michigan's deal), then
    the contract, the wild ranks (Mexican), Michigan's sequence, and "practice game" in
    a practice game.  Drawn on one line joined by " · ", or the first piece on a line
    and the rest on a second."""
    parts = _parts(obs, session)
    if getattr(session, "practice", False):
        # Translators: the banner's last piece in a practice game (an undo took back
        # a card already seen, or it was played on from a replay): it doesn't count
        # in the statistics
        parts.append(_("practice game"))
    return parts


def _parts(obs, s) -> list[str]:
    if is_layout_game(obs):
        total = s.rules.total_deals(s.num_players) if hasattr(s.rules, "total_deals") else "?"
        parts = [_("{game} · deal {n} of {total}").format(game=_(s.info.name), n=obs.round,
                                                          total=total)]
        if obs.sequence is not None and obs.round:
            suit, last = obs.sequence
            # Translators: the banner's last piece in Michigan (after "· deal 3 of 4 ·")
            parts.append((_("sequence {card} (stopped)") if obs.stopped
                          else _("sequence {card}")).format(card=card_name(last >> 3)))
        return parts
    # Translators: the banner's first piece; the contract follows (after " · " or on
    # a second line)
    parts = [_("{game} · round {n} of 7").format(game=_(s.info.name), n=obs.round),
             contract_name(obs.contract_terms)]
    if obs.wild_ranks:
        # Translators: the wild ranks in the banner: "3s", "3s, 2s"
        ranks = ", ".join(_("{rank}s").format(rank=RANK_TEXT[r]) for r in sorted(obs.wild_ranks))
        # Translators: the banner's piece after the contract (Mexican Rummy)
        parts.append(_("wild: {ranks} and jokers").format(ranks=ranks))
    return parts


def scores_line(obs, session) -> str:
    """The scores under the banner: "Points: You 0   Ann 25 ..." (Michigan: chips)."""
    s = session
    if is_layout_game(obs):
        from .presenter import _chips
        sc = "   ".join(f"{_short(player_name(s.names[i]))} {_chips(b)}" for i, b in enumerate(obs.balances))
        return _("Chips: {scores}").format(scores=sc)
    return _("Points: {scores}").format(scores="   ".join(
        f"{_short(player_name(s.names[i]))} {t}"
        for i, t in enumerate(obs.totals or (0,) * s.num_players)))


def asked_out_of_turn(session, seat: int | None, obs) -> tuple[str | None, str]:
    """A computer ``seat`` asked in a buying window out of turn (CR-5, MI-5/MI-6):
    ``(the turn's player's name, "" for the human; the card on offer)`` for
    ``status_line``'s ``turn`` and ``offer``; ``(None, "")`` otherwise."""
    turn, offer = session.turn_seat(), getattr(obs, "buy_card", None)
    if seat is None or turn is None or turn == seat or offer is None:
        return None, ""
    name = "" if turn == session.human else player_name(session.names[turn])
    return name, card_name(offer >> 3)


def _short(name: str) -> str:
    return name if len(name) <= 8 else name[:7] + "."


def status_line(*, last: str, caught_up: bool = True, game_over: bool = False,
                deal_due: bool = False, hint: str | None = None, phase: str | None = None,
                thinking: str | None = None, keyboard: bool = False, want_stock: bool = False,
                can: Callable[[], dict] = dict, stock_due: bool = False, variant: str = "",
                now: Callable[[], Any] = lambda: None, human: int = 0,
                turn: str | None = None, offer: str = "") -> str:
    """What the status line says.

    Args:
        last: the words of the last event shown (``Narrator.last_text``).
        caught_up: the table shows the latest event; game_over / deal_due: the game
            ended / a deal is due; hint: the hint's text while it stands.
        phase: the human's decision now (``GameSession.human_to_act``: "draw", "play",
            "buy", "lead"), ``None`` when it is not theirs; thinking: the name of the
            computer player deciding (``None``: nobody).
        keyboard: the keys are in use (the prompts name keys, not drags); want_stock:
            a stock draw is under way; can: what is legal now (``TableScene.can_now``:
            ``upcard``, ``stock``, ``buy``, ``lay_off``), asked only when needed;
            stock_due: the player declared for the stock (MI-4); variant: the game;
            now: the human's Observation now (asked only in the play phase).
        turn: in a buying window where ``thinking`` is asked out of turn (CR-5,
            MI-5/MI-6), the name of the player whose turn it is (``""``: the human's
            turn), and ``offer`` the card on offer: the line stays that player's turn.

    Each prompt offers only what is legal now (after an undo to a declared stock draw,
    the upcard is not: a prompt to drag it would be refused).
    """
    if not caught_up:
        return last
    if game_over:
        return _("The game is over")
    if deal_due:
        return last
    if hint is not None:
        return hint
    if phase is None:
        if thinking is not None and turn is not None:
            if turn == "":
                # Translators: a buying window on the player's own turn (CR-5, MI-5):
                # another seat is asked first whether it takes the card
                return _("Your turn · {name} decides on {card} first…").format(
                    name=thinking, card=offer)
            # Translators: a buying window on {turn}'s turn: {name} is asked out of turn
            return _("{turn}'s turn · {name} decides on {card}…").format(
                turn=turn, name=thinking, card=offer)
        return (_("{name} is thinking…  ({last})").format(name=thinking, last=last)
                if thinking is not None else last)
    kb = keyboard
    if phase == "draw":
        if want_stock:
            return _("Drawing from the stock…")
        c = can()
        if c["upcard"] and c["stock"]:
            if kb:
                return _("Your turn: D draws from the stock, U takes the upcard")
            return _("Your turn: drag the upcard or the stock to your hand")
        if c["stock"]:
            if stock_due:
                if kb:
                    return _("You declared for the stock: D draws from it")
                return _("You declared for the stock: drag its top card to your hand")
            if kb:
                return _("Your turn: D draws from the stock")
            return _("Your turn: drag the stock's top card to your hand")
        if kb:
            return _("Your turn: U takes the upcard")
        return _("Your turn: drag the upcard to your hand")
    spec = VARIANTS.get(variant)
    if phase == "buy":
        word = _("Call it?") if spec is not None and spec.buying is Buying.CALL else _(S.MAY_I)
        if not can()["buy"]:
            return _("{word} No penalty card is left to take: you can only pass").format(word=word)
        if kb:
            return _("{word} B takes the upcard and a penalty card, P passes").format(word=word)
        return _("{word} Take the upcard and a penalty card, or pass").format(word=word)
    if phase == "play":
        obs = now()
        if (obs is not None and getattr(obs, "went_down_now", False)
                and spec is not None and not spec.layoff_same_turn):
            rule = spec.rule_ids.layoff_turn  # no lay-off on the turn of going down
            return _("You went down: lay-offs wait for your next turn ({rule}); "
                     "discard to end this one").format(rule=rule)
        if kb:
            return _("Your turn: Space picks up, Tab to a place, Enter drops")
        if obs is not None and not obs.down[human]:
            terms = getattr(obs, "contract_terms", None)
            if getattr(terms, "whole_hand", False):
                # round 7 of Contract and Mexican: going down lays the whole hand and goes
                # out, with no discard after it (CR-9, MX-7)
                return _("Your turn: go out by laying your whole hand as the contract (no "
                         "discard), or drag a card to the discard pile")
            # (laying off comes only after going down, CF-8)
            return _("Your turn: go down if you can, then drag a card to the discard pile")
        if can()["lay_off"]:
            return _("Your turn: lay off what fits, then drag a card to the discard pile")
        return _("Your turn: drag a card to the discard pile")
    if phase == "lead":
        if kb:
            return _("Your lead: Left/Right over the lifted cards, Enter leads")
        return _("Your lead: click or drag one of the lifted cards")
    return last


# ---------------------------------------------------------------------- where it goes
#: the banner's colours: the heading (game, round, contract) and the status line
BANNER_HEAD = (250, 236, 170)
BANNER_TEXT = (240, 240, 230)
#: the heading's forms, best first: (text size, lines); two lines put the contract (and
#: the wild ranks, Michigan's sequence) under the game and the round
_HEAD_FORMS = ((16, 1), (14, 1), (13, 2), (12, 2))
#: the status line's forms, best first; three lines of 11 px only when none of these fits
#: beside any form of the heading
_STATUS_FORMS = ((16, 1), (14, 1), (13, 2), (12, 2))
_STATUS_LAST = (11, 3)


def _head_lines(parts, n: int) -> list[str]:
    if n == 1 or len(parts) == 1:
        return [" · ".join(parts)]
    return [parts[0], " · ".join(parts[1:])]


def _wrapped(msg: str, size: int, n: int, width: int) -> list[str] | None:
    """``msg`` in at most ``n`` lines no wider than ``width`` at ``size``, broken between
    words; ``None`` when it does not fit so."""
    if width <= 0:
        return None
    lines = text.wrap(msg, size, width, measure=text.width)
    if len(lines) > n or any(text.width(ln, size) > width for ln in lines):
        return None
    return lines


def _cut_at_word(msg: str, size: int, n: int, width: int) -> list[str]:
    """``msg`` in ``n`` lines of ``width``, the last one ending at a whole word with "…"
    (a word wider than a line is cut, the only case a word is)."""
    lines = text.wrap(msg, size, max(1, width), measure=text.width)
    if len(lines) <= n and all(text.width(ln, size) <= width for ln in lines):
        return lines
    head, rest = lines[:n - 1], " ".join(lines[n - 1:]).split()
    last = ""
    for w in rest:
        t = (last + " " + w).strip()
        if text.width(t + " …", size) > width:
            break
        last = t
    if not last:          # one word wider than the line: cut inside it after all
        last = rest[0] if rest else ""
        while last and text.width(last + "…", size) > width:
            last = last[:-1]
        return head + [last + "…"]
    return head + [last + " …"]


def _tops(n: int, size: int, bold: bool, h: int) -> list[int]:
    """The tops of ``n`` lines of ``size`` centred in a bar ``h`` px tall (lines closer
    than the font's own line height when they must be: its ascent and descent have room
    to spare above and below the letters)."""
    ih = text.font(size, bold).get_height()
    step = ih if n * ih <= h else (h - ih) / (n - 1)
    top = (h - (step * (n - 1) + ih)) / 2
    return [int(round(top + i * step)) for i in range(n)]


def banner_lines(parts, status: str, left: int, right: int, h: int, gap: int = 16):
    """Where the banner's texts go between ``left`` and ``right`` in a bar ``h`` px tall:
    ``[(line, size, bold, x, y)]``, the heading (``parts``, bold) first, then the status
    line beside it.  The heading is always whole: on one line, else the game and round on
    one and the rest on a second; the status line is whole too, on one line or broken
    between words into two, in the largest of the forms that fit beside the largest
    heading; three smaller lines when nothing else does, and only then (a long hint in a
    narrow window) its last line ends at a whole word with "…"."""
    def emit(hlines, hsize, slines, ssize):
        out = []
        hw = max(text.width(ln, hsize, BANNER_HEAD, True) for ln in hlines)
        for ln, y in zip(hlines, _tops(len(hlines), hsize, True, h)):
            out.append((ln, hsize, True, left, y))
        x = left + hw + gap
        for ln, y in zip(slines, _tops(len(slines), ssize, False, h)):
            out.append((ln, ssize, False, x, y))
        return out

    heads = []
    for size, n in _HEAD_FORMS:
        lines = _head_lines(parts, n)
        if n > 1 and len(lines) == 1:
            continue
        w = max(text.width(ln, size, BANNER_HEAD, True) for ln in lines)
        if w <= right - left:
            heads.append((lines, size, w))
    if not heads:          # a window narrower than the smallest: the heading cut
        lines = _head_lines(parts, 2)
        cut = [_cut_at_word(ln, 12, 1, int((right - left) * 0.6))[0] for ln in lines]
        heads.append((cut, 12, max(text.width(ln, 12, BANNER_HEAD, True) for ln in cut)))
    if not status:
        return emit(heads[0][0], heads[0][1], [], 12)
    for forms in (_STATUS_FORMS, (_STATUS_LAST,)):
        for lines, hsize, hw in heads:
            for size, n in forms:
                got = _wrapped(status, size, n, right - left - hw - gap)
                if got is not None:
                    return emit(lines, hsize, got, size)
    lines, hsize, hw = min(heads, key=lambda x: x[2])
    size, n = _STATUS_LAST
    return emit(lines, hsize, _cut_at_word(status, size, n, right - left - hw - gap), size)


class Banner:
    """The bar across the top: the heading and the status line (``banner_lines``, the
    plan kept in ``plan`` while its texts and room stay the same) and the scores under
    it on the right."""

    def __init__(self) -> None:
        self.plan: Any = None  # (key, the lines laid out for it)
        self._bar: pygame.Surface | None = None

    def draw(self, surf, L, head: list[str], status: str, right: int, scores: str) -> None:
        """Draw the bar of layout ``L`` (its ``banner`` height, ``ui`` scale, ``side``
        column) with the texts between its left and ``right``; ``scores`` under it on the
        right, above the side buttons."""
        W = L.size[0]
        bar = self._bar
        if bar is None or bar.get_size() != (W, L.banner.h):
            bar = self._bar = pygame.Surface((W, L.banner.h), pygame.SRCALPHA)
            bar.fill((8, 30, 18, 215))
        surf.blit(bar, (0, 0))
        key = (tuple(head), status, right, L.banner.h, L.ui, text.style_key())
        got = self.plan
        if got is None or got[0] != key:
            got = self.plan = (key, banner_lines(key[0], key[1], int(10 * L.ui), right,
                                                 L.banner.h, gap=int(16 * L.ui)))
        for line, size, bold, x, y in got[1]:
            img = text.render(line, size, BANNER_HEAD if bold else BANNER_TEXT, bold=bold)
            surf.blit(img, (x, y))
        img = text.plate(scores, 13, (240, 240, 225), (0, 0, 0, 110), pad=6)
        surf.blit(img, img.get_rect(bottomright=(W - 8, L.side.y - 4)))


class Toast:
    """A passing message over the meld area: ``msg`` for ``t`` more seconds, ``bad`` a
    refusal (drawn red).  A message meant to stay (the replay's broken record) is said
    for ``secs=1e9``."""

    def __init__(self) -> None:
        self.msg = ""
        self.bad = False
        self.t = 0.0

    def say(self, msg: str, bad: bool = False, secs: float = 5.0) -> None:
        self.msg, self.bad, self.t = msg, bad, secs

    def clear(self) -> None:
        self.msg = ""

    @property
    def showing(self) -> bool:
        return bool(self.msg) and self.t > 0

    def tick(self, dt: float) -> None:
        if self.t > 0:
            self.t -= dt

    def draw(self, surf, stage: pygame.Rect, inside: bool = False) -> None:
        """Over the meld area ``stage``, as wide as it at most (a long message, a
        translation say, takes two or three lines rather than running under the scores
        on the right).  ``inside``: in the meld area, centred in it (the replay viewer,
        whose meld area is empty: above it the message covered the discard pile's label
        at 1024x640)."""
        if not self.showing:
            return
        col = (255, 235, 235) if self.bad else (245, 245, 230)
        bg = (150, 24, 30, 225) if self.bad else (0, 0, 0, 170)
        room = max(200, int(stage.w * 0.8))   # clear of the scores plate on the right
        for size in ((17, 15, 13, 11) if inside else (17,)):
            lines = text.wrap(self.msg, size, room - 20, measure=text.width)
            imgs = [text.plate(t, size, col, bg, pad=10 if size > 13 else 6) for t in lines[:3]]
            total = sum(i.get_height() - 2 for i in imgs) + 2
            if total <= stage.h - 4:
                break
        y = stage.y - 8
        if inside:
            y = min(stage.bottom - 2, stage.centery + total // 2)
        for img in reversed(imgs):
            r = img.get_rect(midbottom=(stage.centerx, y))
            surf.blit(img, r)
            y = r.y + 2


__all__ = ["Banner", "Toast", "banner_lines", "heading", "scores_line", "status_line",
           "BANNER_HEAD", "BANNER_TEXT"]
