"""Headless AI-only games: ``play_game`` and the ``table-app simulate`` command.

``play_game(variant, levels, seed)`` plays one whole game (seven deals of a contract
game, or a Michigan session) with one computer player per seat, through the same
``Engine`` the table uses (``auto=True``: restocks, forced Michigan follows and the
derived events are played by the engine; every player action goes through
``Engine.apply``, which refuses an illegal one).  Each seat gets its own random generator
derived from the seed, so a game is reproducible.

``table-app simulate --variant may_i --players 4 --levels easy,normal,hard,normal
--games 20 --seed 1 [--save-dir DIR] [--json] [--options JSON] [--budget-ms 300]
[--duplicate]``
prints a summary: mean score per level with a 95% confidence interval (contract games:
points, lower is better; Michigan: chips, higher is better), wins, deals that hit the
finite-deal rule (CF-14: no winner) and decision times per level (wall clock, and
``p99_cpu_ms``: the deciding thread's CPU time); ``--json`` adds per level the
``blunders`` a strong player notices and their ``blunder_chances`` (``blunders.py``).
"""
from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction

from . import BENCH_LEVELS, make_player
from .blunders import BLUNDERS, BlunderCounter, zero


@dataclass
class GameResult:
    """One finished (or capped) game.

    Attributes:
        variant, seed, levels: as played (``levels[seat]``).
        totals: each seat's final score (contract family: points, lower wins;
            Michigan: chip balance, higher wins).
        winners: the winning seats.
        deals: ``(round, winner)`` per finished deal (winner ``None``: a dead deal, CF-14).
        dead_deals: how many deals ended by the finite-deal rule.
        times_ms: per seat, the decision times in milliseconds (wall clock).
        cpu_ms: per seat, the decision times in CPU milliseconds of the deciding thread.
        blunders, chances: per seat, the ``blunders.BlunderCounter`` counts and their
            occasions (``{}`` when not counted).
        actions: player actions applied.
        seconds: wall time of the game.
        finished: the game reached its end.
        higher_is_better: ``True`` for Michigan.
    """
    variant: str
    seed: int
    levels: list[str]
    totals: list[float]
    winners: list[int]
    deals: list[tuple[int, int | None]]
    dead_deals: int
    times_ms: list[list[float]] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    finished: bool = True
    higher_is_better: bool = False
    cpu_ms: list[list[float]] = field(default_factory=list)
    blunders: list[dict] = field(default_factory=list)
    chances: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"variant": self.variant, "seed": self.seed, "levels": self.levels,
                "totals": self.totals, "winners": self.winners,
                "deals": [list(d) for d in self.deals], "dead_deals": self.dead_deals,
                "actions": self.actions, "seconds": round(self.seconds, 4),
                "finished": self.finished}


def seat_rng(seed: int, seat: int) -> random.Random:
    """The random generator injected into seat ``seat``'s decisions."""
    return random.Random((int(seed) * 1_000_003 + 7919 * (seat + 1)) & 0xFFFFFFFFFFFF)


def deal_seed(seed: int, k: int) -> int:
    """The seed of deal ``k`` (0-based) of a duplicate game."""
    return (int(seed) * 7_919 + 104_729 * (k + 1)) & 0xFFFFFFFFFFFF


def play_game(variant: str, levels: list[str], seed: int, options: dict | None = None,
              save_path: str | os.PathLike | None = None, budget_ms: float = 300.0,
              players: list | None = None, max_actions: int = 200_000,
              duplicate: bool = False, count_blunders: bool = False) -> GameResult:
    """Play one AI-only game headless.

    Args:
        variant: a variant id or alias.
        levels: one level per seat (``easy normal hard``; benchmarks also ``random``,
            ``oracle``).
        seed: seeds the deals (the engine's rng) and each seat's decisions.
        options: the variant's options.
        save_path: write the game record there (JSON Lines, RECORD_FORMAT.md) as it is
            played, through the app's journal: each event appended and flushed, so a
            killed run leaves a record that verifies.  A benchmark-only seat (``random``,
            ``oracle``) is recorded with the level the app would seat in its place
            (``easy``, ``hard``) and ``"benchmark": LEVEL``.
        budget_ms: the hard level's budget per decision.
        players: ready-made players (overrides ``levels`` for the decisions).
        max_actions: a safety cap; a game that reaches it is reported unfinished.
        duplicate: deal every deal from its own generator (seeded by ``seed`` and the
            deal's number), so that the same seed deals the same cards whatever the
            players did in earlier deals: the duplicate format of the strength benchmark
            (the same deals played with the levels swapped between seats).
        count_blunders: count each seat's blunders (``blunders.BlunderCounter``; the
            what-ifs run outside the timed decisions).

    Raises:
        ValueError: unknown variant or level, bad options or number of seats.
        IllegalActionError: a player attempted an illegal action (a bug).
    """
    from ..engine.engine import Engine
    from ..variants import VARIANTS, find_variant, resolve_variant
    vid, options = resolve_variant(variant, options)  # an alias brings its options
    spec = VARIANTS[vid]
    rules = find_variant(vid)(options)
    n = len(levels)
    rules.check_players(n)
    if players is None:
        players = [make_player(lv, vid, budget_ms=budget_ms, options=options) for lv in levels]
    rngs = [seat_rng(seed, s) for s in range(n)]
    eng = Engine(rules, n, seed=seed, auto=True)
    journal = _journal(eng, vid, levels, options, seed, save_path) if save_path is not None else None
    times: list[list[float]] = [[] for _ in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    counter = BlunderCounter(rules, n) if count_blunders else None
    t0 = time.perf_counter()
    actions = 0
    finished = True
    while True:
        ta = eng.to_act()
        if ta is None:
            break
        legal = eng.legal_actions()
        if not legal:
            if duplicate:
                eng.rng = random.Random(deal_seed(seed, len(eng.state.results)))
            if not eng.deal_next():
                raise RuntimeError(f"no legal action and no deal due at {ta}")
            continue
        seat = ta[0]
        p = players[seat]
        obs = eng.observe(seat)
        before = eng.state
        t = time.perf_counter()
        c = time.thread_time()
        if getattr(p, "needs_state", False):
            a = p.choose_state(eng.state, obs, legal, rngs[seat])
        else:
            a = p.choose(obs, legal, rngs[seat])
        cpu[seat].append((time.thread_time() - c) * 1000.0)
        times[seat].append((time.perf_counter() - t) * 1000.0)
        if counter is not None:
            counter.decision(before, seat, legal, a)
        eng.apply(a)
        if counter is not None:
            counter.after(eng.state)
        actions += 1
        if actions >= max_actions:
            finished = False
            break
    st = eng.state
    totals = [float(x) for x in rules.totals(st)]  # points, or chips (spec.higher_wins)
    winners = list(rules.winners(st)) if finished else []
    deals = [(r.round, r.winner) for r in st.results]
    res = GameResult(vid, seed, list(levels), totals, winners, deals,
                     sum(1 for _, w in deals if w is None), times, actions,
                     time.perf_counter() - t0, finished, spec.higher_wins, cpu,
                     counter.counts if counter else [], counter.chances if counter else [])
    if journal is not None:
        journal.close()
    return res


#: the record's level of a benchmark-only player: records seat only the levels the app
#: offers (a record can never seat the oracle); ``"benchmark"`` names what played
RECORD_LEVEL = {"random": "easy", "oracle": "hard"}


def _journal(eng, vid: str, levels: list[str], options: dict | None, seed: int, save_path):
    """The game's record, written as it is played through the app's journal (appended and
    flushed after every event, RECORD_FORMAT.md), so a killed run leaves a record that
    verifies."""
    from ..engine.record import make_header
    from ..storage.journal import GameJournal
    from ..variants import VARIANTS
    defaults = VARIANTS[vid].default_options
    opts = {k: v for k, v in (options or {}).items() if defaults.get(k) != v}
    players = []
    for s, lv in enumerate(levels):
        p = {"name": f"{lv.title()} {s + 1}", "kind": "ai", "level": RECORD_LEVEL.get(lv, lv)}
        if lv in RECORD_LEVEL:
            p["benchmark"] = lv
        players.append(p)
    hdr = make_header(vid, players, options=opts, seed=seed)
    return GameJournal(eng, hdr, save_path, durable=False)


# ---------------------------------------------------------------------- statistics
def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    k = len(xs)
    if k == 0:
        return (float("nan"), float("nan"))
    m = sum(xs) / k
    if k < 2:
        return (m, float("nan"))
    var = sum((x - m) ** 2 for x in xs) / (k - 1)
    return (m, 1.96 * math.sqrt(var / k))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    i = min(len(s) - 1, max(0, int(math.ceil(q / 100.0 * len(s))) - 1))
    return s[i]


def summarize(results: list[GameResult]) -> dict:
    """Per level: mean score and 95% CI, wins (a shared win counts for each winner),
    decision times p50/p99/max (wall clock) and ``p99_cpu_ms`` (CPU time of the deciding
    thread), the ``blunders`` (``blunders.BlunderCounter``) and their ``blunder_chances``;
    and the dead deals (CF-14)."""
    per: dict[str, dict] = {}
    for r in results:
        for s, lv in enumerate(r.levels):
            d = per.setdefault(lv, {"scores": [], "wins": 0, "times": [], "seats": 0,
                                    "cpu": [], "blunders": zero(), "chances": zero()})
            d["scores"].append(r.totals[s])
            d["wins"] += 1 if s in r.winners else 0
            d["times"].extend(r.times_ms[s])
            if r.cpu_ms:
                d["cpu"].extend(r.cpu_ms[s])
            for k in BLUNDERS:
                if r.blunders:
                    d["blunders"][k] += r.blunders[s][k]
                    d["chances"][k] += r.chances[s][k]
            d["seats"] += 1
    out = {}
    for lv in sorted(per, key=lambda x: BENCH_LEVELS.index(x) if x in BENCH_LEVELS else 99):
        d = per[lv]
        m, ci = mean_ci(d["scores"])
        out[lv] = {"mean": round(m, 3), "ci95": None if math.isnan(ci) else round(ci, 3),
                   "seat_games": d["seats"], "wins": d["wins"], "decisions": len(d["times"]),
                   "p50_ms": round(percentile(d["times"], 50), 3),
                   "p99_ms": round(percentile(d["times"], 99), 3),
                   "max_ms": round(max(d["times"]), 3) if d["times"] else None,
                   "p99_cpu_ms": round(percentile(d["cpu"], 99), 3) if d["cpu"] else None,
                   "blunders": d["blunders"], "blunder_chances": d["chances"]}
    deals = sum(len(r.deals) for r in results)
    return {"per_level": out, "games": len(results), "deals": deals,
            "dead_deals": sum(r.dead_deals for r in results),
            "unfinished": sum(1 for r in results if not r.finished),
            "seconds": round(sum(r.seconds for r in results), 3)}


# ---------------------------------------------------------------------- CLI
def _progress(total: int, enabled: bool):
    """A progress bar (tqdm, else rich) on stderr, or a no-op."""
    if enabled:
        try:
            from tqdm import tqdm  # type: ignore
            bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
            return bar.update, bar.close
        except ImportError:
            pass
        try:
            from rich.progress import Progress  # type: ignore
            prog = Progress(transient=True)
            prog.start()
            task = prog.add_task("games", total=total)
            return (lambda k=1: prog.advance(task, k)), prog.stop
        except ImportError:
            pass
    return (lambda k=1: None), (lambda: None)


def _fmt(x) -> str:
    if isinstance(x, Fraction):
        x = float(x)
    return f"{x:.1f}" if isinstance(x, float) else str(x)


def _table(summary: dict, variant: str) -> str:
    from ..variants import VARIANTS
    lines = []
    better = "higher" if VARIANTS[variant].higher_wins else "lower"
    lines.append(f"{'level':<8} {'mean score':>11} {'± 95% CI':>9} {'wins':>5} {'seats':>6} "
                 f"{'p50 ms':>8} {'p99 ms':>8} {'p99 cpu':>8}   ({better} score is better)")
    for lv, d in summary["per_level"].items():
        ci = "n/a" if d["ci95"] is None else f"{d['ci95']:.1f}"
        lines.append(f"{lv:<8} {d['mean']:>11.1f} {ci:>9} {d['wins']:>5} {d['seat_games']:>6} "
                     f"{d['p50_ms']:>8.2f} {d['p99_ms']:>8.2f} {d['p99_cpu_ms'] or 0.0:>8.2f}")
    lines.append(f"games {summary['games']}, deals {summary['deals']}, dead deals (CF-14, no "
                 f"winner) {summary['dead_deals']}, {summary['seconds']:.1f} s")
    return "\n".join(lines)


def _cmd_simulate(args) -> int:
    from ..variants import find_variant, resolve_variant
    try:
        options = json.loads(args.options) if args.options else {}
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        vid, options = resolve_variant(args.variant, options)  # an alias brings its options
        rules = find_variant(vid)(options)
        n = args.players
        rules.check_players(n)
        lv = [x.strip().lower() for x in args.levels.split(",") if x.strip()]
        if len(lv) == 1:
            lv = lv * n
        if len(lv) != n:
            raise ValueError(f"--levels names {len(lv)} levels for {n} players")
        for x in lv:
            if x not in BENCH_LEVELS:
                raise ValueError(f"unknown level {x!r} (levels: easy, normal, hard; "
                                 f"benchmarks: random, oracle)")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
    except json.JSONDecodeError as e:
        print(f"table-app simulate: --options is not a JSON object: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"table-app simulate: {e}", file=sys.stderr)
        return 2
    if args.save_dir:
        try:
            os.makedirs(args.save_dir, exist_ok=True)
        except OSError as e:
            print(f"table-app simulate: cannot use --save-dir {args.save_dir}: "
                  f"{e.strerror or e}", file=sys.stderr)
            return 2
    update, close = _progress(args.games, not args.json and not args.no_progress)
    results = []
    try:
        for g in range(args.games):
            seed = args.seed + g
            path = os.path.join(args.save_dir, f"{vid}-{seed}.jsonl") if args.save_dir else None
            results.append(play_game(vid, lv, seed, options=options, save_path=path,
                                     budget_ms=args.budget_ms, duplicate=args.duplicate,
                                     count_blunders=True))
            update(1)
    finally:
        close()
    summary = summarize(results)
    if args.json:
        out = {"variant": vid, "players": n, "levels": lv, "options": options,
               "seed": args.seed, **summary,
               "results": [r.to_json() for r in results]}
        print(json.dumps(out))
    else:
        print(f"{vid}, {n} players, levels {','.join(lv)}, {args.games} game"
              f"{'s' if args.games != 1 else ''} from seed {args.seed}")
        print(_table(summary, vid))
        if args.save_dir:
            print(f"records in {args.save_dir}")
    return 0 if summary["unfinished"] == 0 else 1


def register_cli(subparsers) -> None:
    """Add the ``simulate`` subcommand to ``table-app``'s argument parser."""
    p = subparsers.add_parser("simulate", help="play AI-only games headless and summarize them",
                              description="Play AI-only games headless (no window) and print "
                                          "the mean score per level with its 95% confidence "
                                          "interval, wins, dead deals (CF-14) and decision "
                                          "times. Contract games: fewer points is better; "
                                          "Michigan: more chips.")
    p.add_argument("--variant", default="may_i", help="contract, may_i, mexican or michigan")
    p.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    p.add_argument("--levels", default="normal",
                   help="one level for all seats, or one per seat, comma-separated "
                        "(easy, normal, hard)")
    p.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (game i uses seed+i)")
    p.add_argument("--save-dir", default=None, help="write each game's record to this folder")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--options", default=None, help='variant options as JSON, e.g. \'{"deuces_wild": true}\'')
    p.add_argument("--budget-ms", type=float, default=300.0,
                   help="the hard level's time budget per decision (default 300)")
    p.add_argument("--duplicate", action="store_true",
                   help="deal every deal from its own seed (the seed and the deal's number), so "
                        "that a seed deals the same cards whatever the players do: run the "
                        "same seeds with the levels swapped to compare them on the same deals")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_simulate)


__all__ = ["play_game", "GameResult", "summarize", "register_cli", "mean_ci", "seat_rng"]
