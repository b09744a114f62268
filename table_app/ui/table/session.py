"""A game being played at the table: the engine, the computer players and the autosave
hook.  The UI touches the engine only through its API (``apply``, ``legal_actions``,
``to_act``, ``undo``/``redo``, ``deal_next``, ``subscribe``) and draws only the human
seat's Observation.

Computer players come from ``table_app.ai.make_player``.  A decision is computed on an
Observation plus the legal actions on a worker thread and applied on the main thread.
Should a computer player fail (it cannot be built, its decision raises, or it chooses an
action the rules refuse), the failure is logged with its traceback and a small plausible
stand-in (``FallbackPlayer``) makes that move, so the game goes on; the table says so
(``GameSession.notices``).
"""
from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from ...core.actions import Buy, Discard, Draw, GoDown, LayOff, Lead, PassBuy, PassUpcard, Swap
from ...core.cards import FACE_RANK, JOKER
from ...core.messages import Message
from ...engine.engine import Engine
from ...i18n import DEFAULT_NAMES, N_, NAME_TABLES, NAMES_BY_LANGUAGE
from ...variants import VARIANTS, find_variant

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Future

    from ...storage.journal import GameJournal

log = logging.getLogger(__name__)

LEVELS = ("easy", "normal", "hard")
#: what the table says when a computer player failed (the seat's name is ``{name}``)
AI_FAILED = N_("{name}'s computer player failed: a simple stand-in made this move "
               "(details in the log file)")
AI_NOT_STARTED = N_("{name}'s computer player could not start: a simple stand-in plays "
                    "for it (details in the log file)")


def default_names(lang: str | None = None) -> tuple[str, ...]:
    """The default names of the seats (8, "You" first) in ``lang`` (default: the
    language in use), English for a language without names of its own."""
    if lang is None:
        from ...i18n import current_language
        lang = current_language()
    return NAMES_BY_LANGUAGE.get(lang, DEFAULT_NAMES)


def is_default_name(name: str, seat: int) -> bool:
    """``name`` is a default name of ``seat`` in one of the languages (not one the
    player set: it follows the language)."""
    return any(seat < len(ns) and ns[seat] == name for ns in NAME_TABLES)


class FallbackPlayer:
    """A plain legal player, the stand-in for a computer player that failed (and for the
    hint when the normal player fails): takes an upcard that pairs, goes down and lays
    off whenever it can, throws its highest loose card, never buys (unless the card is
    wild), leads its lowest suit in Michigan."""

    def __init__(self, variant: str, level: str = "normal") -> None:
        self.variant = variant
        self.level = level
        self.stand_in = False  # True: it plays a seat whose computer player failed

    def decide(self, obs, legal, rng):
        legal = list(legal)
        if not legal:
            return None, None
        t = {a.type for a in legal}
        if "lead" in t:
            leads = [a for a in legal if a.type == "lead"]
            return min(leads, key=lambda a: (FACE_RANK[a.card], a.card)), Message("fb_lead_lowest")
        if "play" in t:
            return legal[0], Message("fb_play_next")
        if "buy" in t:
            up = obs.buy_card
            if up is not None and (up >> 3 == JOKER or FACE_RANK[up >> 3] in obs.wild_ranks):
                return next(a for a in legal if a.type == "buy"), Message("fb_buy_wild")
            return next(a for a in legal if a.type == "pass_buy"), Message("fb_pass")
        if "draw" in t or "pass_upcard" in t:
            up = obs.upcard
            if up is not None and any(a.type == "draw" and a.source == "discard" for a in legal):
                f = up >> 3
                ranks = [FACE_RANK[c >> 3] for c in obs.hand]
                wild = f == JOKER or FACE_RANK[f] in obs.wild_ranks
                if wild or ranks.count(FACE_RANK[f]) >= 1:
                    return Draw(obs.seat, "discard"), Message("fb_take_for_set")
            for a in legal:
                if a.type in ("pass_upcard",) or (a.type == "draw" and a.source == "stock"):
                    return a, Message("draw_stock")
            return legal[0], None
        for a in legal:
            if isinstance(a, GoDown):
                return a, Message("fb_go_down")
        lays = [a for a in legal if isinstance(a, (LayOff, Swap))]
        if lays:
            return lays[0], Message("fb_lay_off")
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            ranks = [FACE_RANK[c >> 3] for c in obs.hand]

            def keep(a):
                f = a.card
                if f == JOKER or FACE_RANK[f] in obs.wild_ranks:
                    return (2, 0)
                pair = ranks.count(FACE_RANK[f]) >= 2
                return (1 if pair else 0, -FACE_RANK[f])
            return min(discards, key=keep), Message("fb_discard_loose")
        return legal[0], None


def make_ai(level: str, variant: str, seat: int, seed: int | None, options: dict | None = None):
    """A computer player for ``seat`` (``table_app.ai.make_player``).  When it cannot be
    built the failure is logged with its traceback and a ``FallbackPlayer`` is returned,
    marked ``stand_in = True`` (the session says so)."""
    try:
        from ...ai import make_player
        return make_player(level, variant, seed=seed, options=options or None)
    except Exception:  # noqa: BLE001 - logged: a broken AI must not stop the table
        log.exception("the %r computer player for %s (seat %d) cannot be built; "
                      "a simple stand-in plays that seat", level, variant, seat)
        p = FallbackPlayer(variant, level)
        p.stand_in = True
        return p


class GameSession:
    """One game at the table.

    Args:
        variant: variant id; options: the game's options; names/levels: per seat
            (the human's level is ignored); human: the human's seat; seed: the game's seed.
    """

    def __init__(self, variant: str, num_players: int, names=None, levels=None, options=None,
                 human: int = 0, seed: int | None = None, engine: Engine | None = None,
                 header: dict | None = None, autosave: bool = True) -> None:
        self.variant = variant
        self.info = VARIANTS[variant]
        self.options = dict(options or {})
        if seed is None:
            seed = random.randrange(2**31)
        self.seed = seed
        self.human = human
        self.num_players = num_players
        defaults = default_names()
        self.names = list(names or defaults[:num_players])
        while len(self.names) < num_players:
            self.names.append(defaults[len(self.names) % len(defaults)])
        self.levels = list(levels or ["normal"] * num_players)
        while len(self.levels) < num_players:
            self.levels.append("normal")
        self.levels[human] = ""
        if engine is None:
            rules = find_variant(variant)(self.options)
            engine = Engine(rules, num_players, seed=seed)
        self.engine = engine
        self.rules = engine.rules
        #: what the game is and can do (capabilities, rule ids, names: ``VariantSpec``)
        self.spec = VARIANTS[variant]
        self.rng = random.Random(seed ^ 0x5A5A)
        self.players = {s: make_ai(self.levels[s] or "normal", variant, s, seed + s, self.options)
                        for s in range(num_players) if s != human}
        #: what went wrong with the computer players, for the table to say (``(message
        #: id, seat)``; the table takes them: ``take_notices``)
        self.notices: list[tuple[str, int]] = [
            (AI_NOT_STARTED, s) for s, p in self.players.items() if getattr(p, "stand_in", False)]
        from concurrent.futures import ThreadPoolExecutor  # here: not on the picker's start
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-ai")
        self._future: Future | None = None
        self._future_gen = -1
        self.generation = 0
        self.journal: GameJournal | None = None
        self.save_error: str | None = None
        self._hand_saved: tuple[tuple[int, ...], str] | None = None
        if autosave:
            self._start_journal(header)

    # ------------------------------------------------------------------ autosave (one place)
    def _start_journal(self, header: dict | None) -> None:
        try:
            from ...engine.record import make_header
            from ...storage.journal import GameJournal
        except Exception:  # noqa: BLE001 - storage not there: no autosave
            return
        try:
            if header is None:
                players = [{"name": self.names[s],
                            "kind": "human" if s == self.human else "ai",
                            **({"level": self.levels[s]} if s != self.human else {})}
                           for s in range(self.num_players)]
                opts = {k: v for k, v in self.options.items()
                        if self.info.default_options.get(k) != v}
                header = make_header(self.variant, players, opts, seed=self.seed)
            try:
                from ...storage.library import Library
                self.journal = Library().new_game(self.engine, header)
            except Exception:  # noqa: BLE001 - no library: a plain journal
                self.journal = GameJournal(self.engine, header)
        except Exception as e:  # noqa: BLE001 - saving must never stop the game
            self.save_error = str(e)
            self.journal = None

    @classmethod
    def from_resumed(cls, res) -> GameSession:
        """A session around a game resumed from its record (``storage`` ``Resumed``)."""
        h = res.record.header
        players = list(h.get("players") or [])
        human = next((i for i, p in enumerate(players) if p.get("kind") == "human"), 0)
        names = [p.get("name") or DEFAULT_NAMES[i % 8] for i, p in enumerate(players)]
        levels = [p.get("level") or "normal" for p in players]
        opts = dict(VARIANTS[h["variant"]].default_options)
        opts.update(h.get("options") or {})
        s = cls(h["variant"], res.engine.num_players, names, levels, opts, human=human,
                seed=h.get("seed"), engine=res.engine, autosave=False)
        s.journal = res.journal
        return s

    def human_moved(self) -> bool:
        """Whether the record holds a move of the human's seat (a draw, pass, buy, meld,
        lay-off, discard, lead or play: an event with its ``player``)."""
        return any(getattr(ev, "player", None) == self.human for ev in self.engine.log)

    def close(self, abandon: bool = False) -> None:
        """Stop the computer players and the autosave (the record stays resumable unless
        ``abandon``).  Safe to call twice."""
        self.generation += 1
        if getattr(self, "_closed", False):
            return
        self._closed = True
        if self.journal is not None:
            try:
                if abandon:
                    self.journal.abandon()
                self.journal.close()
            except Exception:  # noqa: BLE001 - leaving the table must not fail on it
                log.exception("closing the game's record failed")
        self._pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ the hand's order
    def saved_hand_order(self):
        """``(card ids, sort mode)`` of the human's hand as arranged when the game was
        left (the side file beside the autosave, ``storage.handorder``), or ``None``."""
        path = getattr(self.journal, "path", None)
        if path is None:
            return None
        from ...storage.handorder import load_hand_order
        got = load_hand_order(path, self.human)
        if got is not None:
            self._hand_saved = (tuple(got[0]), got[1])
        return got

    def save_hand_order(self, order, sort: str = "") -> None:
        """Keep the human's hand order beside the autosave (written only when it changed;
        never into the game record, whose format is public)."""
        path = getattr(self.journal, "path", None)
        key = (tuple(order), sort or "")
        if path is None or key == self._hand_saved:
            return
        from ...storage.handorder import save_hand_order
        if save_hand_order(path, self.human, key[0], key[1]):
            self._hand_saved = key

    # ------------------------------------------------------------------ queries
    def observe(self, state=None):
        st = self.engine.state if state is None else state
        return self.rules.observe(st, self.human)

    def to_act(self):
        return self.engine.to_act()

    def deal_due(self) -> bool:
        """Before the first deal or between deals (not after the last).  Kept for the
        state it was asked of: the table asks it several times a frame, and each
        answer deals a deck (``rules.next_deal`` shuffles one: Michigan Rummy's frames
        between deals spent about 1 ms on it, issue #17)."""
        st = self.engine.state
        kept = getattr(self, "_due", None)
        if kept is not None and kept[0] is st:
            return kept[1]
        due = self.rules.next_deal(st, random.Random(0)) is not None
        self._due = (st, due)
        return due

    def game_over(self) -> bool:
        return self.rules.game_end(self.engine.state) is not None

    def human_to_act(self) -> str | None:
        """The human's phase when it is their decision now, else ``None``."""
        if self.deal_due() or self.game_over():
            return None
        ta = self.engine.to_act()
        if ta is None or ta[0] != self.human or ta[1] == "deal":
            return None
        return ta[1]

    def turn_seat(self) -> int | None:
        """The seat whose turn it is now (``presenter.turn_seat``): in a buying window
        (CR-5, MI-5/MI-6) the active player's, not the seat asked; ``None`` between deals
        and after the game."""
        if self.deal_due() or self.game_over():
            return None
        from .presenter import turn_seat
        return turn_seat(self.observe())

    def human_turn(self) -> bool:
        """It is the human's turn: their own decision (draw, play, lead), or a buying
        window on their turn while the others are asked (CR-5, MI-5/MI-6)."""
        return self.human_to_act() in ("draw", "play", "lead") or self.turn_seat() == self.human

    def ai_to_act(self) -> int | None:
        if self.deal_due() or self.game_over():
            return None
        ta = self.engine.to_act()
        if ta is None or ta[0] == self.human or ta[1] == "deal":
            return None
        return ta[0]

    # ------------------------------------------------------------------ the computer's turns
    def think(self, seat: int) -> Future:
        """Start (or return the running) decision of ``seat`` on its Observation."""
        if self._future is not None and self._future_gen == self.generation:
            return self._future
        obs = self.rules.observe(self.engine.state, seat)
        legal = self.engine.legal_actions()
        player = self.players[seat]
        rng = random.Random(self.rng.random())

        def run():
            res = player.decide(obs, legal, rng)
            if isinstance(res, tuple):
                return res[0], (res[1] if len(res) > 1 else "")
            return res, ""
        # every decision is made on the worker thread (on an immutable Observation), so
        # even a slow one never blocks the window; the action is applied on the main thread
        fut = self._pool.submit(run)
        self._future = fut
        self._future_gen = self.generation
        return fut

    def advise(self, fn) -> Future:
        """Run ``fn()`` (the hint's decision for the human, ``hint.HintAsker``) on the
        worker thread the computer players decide on; the frame loop polls the future."""
        return self._pool.submit(fn)

    def take_decision(self, seat: int):
        """The decided action when ready (and still current), else ``None``.  A decision
        that raised, or that the rules refuse, is logged (with the traceback) and the
        stand-in's choice is returned instead (``notices`` says so to the table)."""
        fut = self._future
        if fut is None or self._future_gen != self.generation or not fut.done():
            return None
        self._future = None
        player = self.players.get(seat)
        try:
            action, _reason = fut.result()
        except Exception:  # noqa: BLE001 - logged, and the stand-in moves
            log.exception("the computer player of seat %d (%s) failed to decide in %s",
                          seat, type(player).__name__, self.variant)
            action = None
        else:
            if action is None or not self.engine.is_legal(action):
                log.error("the computer player of seat %d (%s) chose %r, which is not legal "
                          "now in %s", seat, type(player).__name__, action, self.variant)
                action = None
        if action is None:
            obs = self.rules.observe(self.engine.state, seat)
            legal = self.engine.legal_actions()
            action, _reason = FallbackPlayer(self.variant).decide(obs, legal, self.rng)
            log.warning("seat %d: the stand-in plays %s", seat, action)
            self.notices.append((AI_FAILED, seat))
        return action

    def take_notices(self) -> list[tuple[str, int]]:
        """The computer players' failures not said yet (``(message id, seat)``)."""
        out, self.notices = self.notices, []
        return out

    def apply(self, action) -> list:
        """Apply through the engine (raises ``IllegalActionError``, nothing changes)."""
        evs = self.engine.apply(action)
        self.generation += 1
        return evs

    def apply_together(self, actions) -> list:
        """Apply several actions of the human as one decision (a gesture's lay-offs:
        ``Engine.apply_together``; raises ``IllegalActionError``, nothing changes)."""
        evs = self.engine.apply_together(actions)
        self.generation += 1
        return evs

    def deal_next(self) -> list:
        self.generation += 1
        return self.engine.deal_next()

    @property
    def practice(self) -> bool:
        """The game is a practice game (it does not count in the statistics): an undo
        went back past a card that had been seen, or it began as practice (played on
        from a replay)."""
        return bool(getattr(self.engine, "revealed_by_undo", False)
                    or getattr(self.journal, "practice", False))

    def undo_makes_practice(self) -> bool:
        """Whether an undo now would turn this game into a practice game: it would take
        back a card the human has seen, and the game is not practice already."""
        return not self.practice and self.engine.undo_reveals(self.human)

    def undo(self) -> bool:
        ok = self.engine.undo(self.human)
        self.generation += 1
        self._future = None
        return ok

    def redo(self) -> bool:
        ok = self.engine.redo(self.human)
        self.generation += 1
        self._future = None
        return ok


__all__ = ["GameSession", "FallbackPlayer", "make_ai", "LEVELS", "DEFAULT_NAMES",
           "NAMES_BY_LANGUAGE", "default_names", "is_default_name",
           "Buy", "PassBuy", "PassUpcard", "Lead"]
