"""The ``table-app`` command.

``table-app``                     start the card table (GUI)
``table-app verify FILE [--json]`` replay a game record through the rules, no window
``table-app games [--json]``       the library of saved games, damaged ones with why
``table-app stats [--json]``       the statistics (the Statistics screen's figures)
``table-app simulate ...``         AI-only games, headless (see ``--help``)
``table-app replay FILE``          open a record in the replay viewer
``table-app play VARIANT ...``     a new game straight at the table (see ``--help``)
``table-app review FILE ...``      the coach: one seat's costliest decisions (``--help``)

``verify`` exits 0 with a summary for a legal record, 1 naming the line, event and rule
for a record that breaks a rule, 2 with a one-line message for a file that is not a
record (RECORD_FORMAT.md).  It never prints a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import __version__


def _verify(args) -> int:
    from .core.errors import RecordError
    from .engine.record import ReplayError, read_record, replay
    path = args.file
    try:
        rec = read_record(path)
        eng = replay(rec)
    except ReplayError as e:
        if args.json:
            print(json.dumps({"error": {"line": e.line, "rule": e.rule, "message": str(e)}}))
        else:
            print(str(e))
        return 1
    except RecordError as e:
        msg = f"{path}: {e}"
        if args.json:
            print(json.dumps({"error": {"line": e.line, "message": msg}}))
        else:
            print(msg, file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - never a traceback (RECORD_FORMAT.md)
        msg = f"{path}: cannot verify: {type(e).__name__}: {e}".replace("\n", " ")
        if args.json:
            print(json.dumps({"error": {"line": None, "message": msg}}))
        else:
            print(msg, file=sys.stderr)
        return 2
    summary = eng.rules.summary(eng.state)
    if args.json:
        print(json.dumps(summary))
    else:
        deals = summary.get("deals", [])
        print(f"{path}: a legal {summary['variant']} record, {len(eng.log)} events, "
              f"{len(deals)} finished deal{'s' if len(deals) != 1 else ''}")
        for d in deals:
            res = d.get("scores", d.get("balances"))
            print(f"  round {d['round']}: winner {d['winner']}, {res}")
        if "totals" in summary:
            print(f"  totals: {summary['totals']}")
        ta = summary.get("to_act")
        if ta:
            print(f"  to act: seat {ta['player']} ({ta['phase']})")
        else:
            print("  the game is over" if summary.get("finished") else "  no deal yet: the first deal comes next")
    return 0


REVIEW_JSON_HELP = ('print one JSON object: {"seat": N, "decisions": [{"line": L, "deal": K, '
                    '"played": TEXT, "better": TEXT or null, "points_lost": X, "reason": '
                    'TEXT, "estimate": X, "interval": [LOW, HIGH], "worlds": N, "mistake": '
                    'BOOL, "budget_ms": MS, "cpu_ms": MS}], "points_lost_total": X, '
                    '"budget_ms": MS, "deal_budget_ms": MS or null, "min_worlds": 6, '
                    '"cpu_s": S, "cpu_ms_a_decision": MS}')


def _review(args) -> int:
    """``table-app review``: exit 0 with the review, 1 for a record that breaks a rule
    (named as ``verify`` names it), 2 for a file that is not a record or an argument the
    record can't take; never a traceback."""
    from .core.errors import RecordError
    from .engine.record import ReplayError, read_record, replay
    path = args.file

    def fail(msg: str, code: int = 2) -> int:
        msg = msg.replace("\n", " ")
        if args.json:
            print(json.dumps({"error": {"message": msg}}))
        else:
            print(f"table-app review: {msg}", file=sys.stderr)
        return code
    if args.budget_ms is not None and not (0 < args.budget_ms <= 600_000):
        return fail(f"--budget-ms must be above 0 and at most 600000 (got {args.budget_ms:g})")
    if args.worlds is not None and not (2 <= args.worlds <= 10_000):
        return fail(f"--worlds must be from 2 to 10000 (got {args.worlds})")
    try:
        rec = read_record(path)
        eng = replay(rec)
    except ReplayError as e:     # verify's words, with the file named as given
        return fail(f"{path}: {e}", 1)
    except RecordError as e:
        return fail(str(e) if str(path) in str(e) else f"{path}: {e}")
    except Exception as e:  # noqa: BLE001 - never a traceback (RECORD_FORMAT.md)
        return fail(f"{path}: cannot review: {type(e).__name__}: {e}")
    players = rec.players
    n = len(players)
    if args.seat is None:
        seat = next((i for i, p in enumerate(players) if p.get("kind") == "human"), 0)
    elif 1 <= args.seat <= n:
        seat = args.seat - 1
    else:
        return fail(f"{path}: the record has no player {args.seat} (players 1 to {n})")
    deals = sum(1 for ev in eng.log if ev.type == "deal")
    if not deals:
        return fail(f"{path}: the record has no deal to review")
    if args.deal is not None and not 1 <= args.deal <= deals:
        return fail(f"{path}: the record has no deal {args.deal} (deals 1 to {deals})")
    from .ai.review import DEFAULT_BUDGET_MS, MIN_WORLDS, review_engine
    budget = DEFAULT_BUDGET_MS if args.budget_ms is None else args.budget_ms
    try:
        # the default: 250 ms a decision, at most 8 s a deal; a budget given is kept
        cap = {} if args.budget_ms is None else {"deal_budget_ms": None}
        rv = review_engine(eng, seat, args.deal, budget_ms=budget, seed=args.seed,
                           worlds=args.worlds, lines=list(rec.lines),
                           names=[str(p.get("name") or "") for p in players], **cap)
    except Exception as e:  # noqa: BLE001 - a hand-edited record the AI can't read
        return fail(f"{path}: cannot review: {type(e).__name__}: {e}")
    if args.json:
        print(json.dumps(rv.to_json(), ensure_ascii=False))
        return 0
    from .i18n.hints import hint_reason
    name = str(players[seat].get("name") or f"Seat {seat + 1}")
    unit = "chips" if eng.rules.spec.layout else "points"
    where = f"deal {args.deal}" if args.deal is not None else (
        "deal 1" if deals == 1 else f"deals 1-{deals}")
    mistakes = [d for d in rv.decisions if d.mistake]
    used = rv.cpu_s * 1000.0 / len(rv.decisions) if rv.decisions else 0.0
    print(f"{path}: player {seat + 1} ({name}), {where}: {len(rv.decisions)} decisions "
          f"reviewed, {len(mistakes)} costly, {rv.points_lost_total:.1f} {unit} lost on "
          f"average ({budget:g} ms a decision asked, {used:.0f} ms used, at least "
          f"{MIN_WORLDS} worlds each; {rv.cpu_s:.1f} s CPU)")
    top = rv.costliest(5)
    if not top:
        print(f"  no decision cost {unit} beyond the noise of its estimate")
    for d in top:
        print(f"  line {d.line} (deal {d.deal}): {hint_reason(d.played_text, 'en')}; "
              f"better: {hint_reason(d.better_text, 'en')}; lost {d.points_lost:.1f} "
              f"(95%: {d.low:.1f} to {d.high:.1f}, {d.worlds} worlds)")
        print(f"      {hint_reason(d.reason, 'en')}")
    return 0


def _add_review(sub) -> None:
    p = sub.add_parser(
        "review", help="the coach: one seat's costliest decisions in a recorded game",
        description="Review each decision of one player in a game record from what that "
                    "player saw at the time (never the other hands): the move played and "
                    "the hard and normal computer players' choices are played out to the "
                    "end of the deal in worlds sampled from that player's view, and the "
                    "expected points (Michigan Rummy: chips) the move played lost against "
                    "the best of them is reported with its 95%% interval and the number of "
                    "worlds. A move is called costly only when its whole interval is above "
                    "zero. The text lists the five costliest decisions with the reason. "
                    "Exit status 0, 1 for a record that breaks a rule, 2 for a file that is "
                    "not a record or a player or deal it does not have.")
    p.add_argument("file", help="a game record (.jsonl)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="the player to review, numbered from 1 in the record's seat order "
                        "as in replay (default: the human player, else player 1)")
    p.add_argument("--deal", type=int, default=None, metavar="K",
                   help="only deal K, from 1 (default: every deal)")
    p.add_argument("--budget-ms", type=float, default=None, metavar="MS",
                   help="CPU milliseconds a decision (default 250, and at most 8000 a "
                        "deal: a long deal's decisions get less each): the hard player's "
                        "search takes a quarter, the sampled worlds the rest. A decision "
                        "plays at least 6 worlds whatever the budget (fewer can't tell a "
                        "cost from noise), so a small budget still takes the CPU of 6 "
                        "worlds, about 20 to 60 ms a decision (1 to 3 s a deal); the "
                        "output says the CPU used (--json: budget_ms, cpu_s, "
                        "cpu_ms_a_decision, and each decision's budget_ms and cpu_ms)")
    p.add_argument("--worlds", type=int, default=None, metavar="N",
                   help="play exactly N worlds a decision instead of a CPU budget (the "
                        "result then depends on --seed only)")
    p.add_argument("--seed", type=int, default=0, help="seeds the sampled worlds (default 0)")
    p.add_argument("--json", action="store_true", help=REVIEW_JSON_HELP)
    p.set_defaults(func=_review)


def games_json(games, open_elsewhere=lambda g: False) -> dict:
    """``{"games": [...]}``: the library as ``table-app games --json`` prints it, one
    object per game in the order the Replays screen lists them (newest first)."""
    out = []
    for g in games:
        finished = g.finished and not g.damaged
        out.append({
            "file": g.id, "variant": g.variant or None, "status": g.status,
            "problem": g.problem,
            "players": [{k: p[k] for k in ("name", "kind", "level") if k in p} for p in g.players],
            "when": g.created or None, "deals_played": g.deals_played,
            "result": ({"winners": list(g.winners), "totals": list(g.totals)} if finished else None),
            "practice": g.practice, "abandoned": g.abandoned,
            "open_elsewhere": (g.status == "unfinished" and bool(open_elsewhere(g))),
        })
    return {"games": out}


def _games(args) -> int:
    from .storage.library import Library
    from .storage.logs import setup_logging
    from .variants import VARIANTS
    setup_logging()      # a damaged record moved aside is logged, as by the app
    lib = Library()
    games = lib.games()
    for m in lib.take_messages():      # a damaged record moved aside, a write failure
        print(f"table-app games: {m}", file=sys.stderr)
    data = games_json(games, lib.open_elsewhere)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    damaged = sum(1 for g in data["games"] if g["status"] == "damaged")
    print(f"{len(games)} game{'s' if len(games) != 1 else ''} in {lib.directory}"
          + (f" ({damaged} damaged)" if damaged else ""))
    for g, d in zip(games, data["games"]):
        when = (g.created or "")[:16].replace("T", " ")
        name = VARIANTS[g.variant].name if g.variant in VARIANTS else "?"
        who = ", ".join(str(p.get("name", "?")) + (f" ({p['level']})" if p.get("level") else "")
                        for p in g.players)
        if g.damaged:
            state = f"damaged: {g.problem}"
        elif g.finished:
            state = "finished, " + g.result
        else:
            state = "abandoned" if g.abandoned else "unfinished"
            if d["open_elsewhere"]:
                state += ", open in another window"
        if g.practice and not g.damaged:
            state += ", practice"
        print(f"{when:16}  {name:14}  {g.id}\n    {who or '-'}; {state}")
    return 0


STATS_JSON_HELP = (
    'print one JSON object: {"variants": {ID: FIGURES} (contract, may_i, mexican, '
    'michigan), "overall": FIGURES, "practice": {"games": n, "by_variant": {ID: n}, '
    '"list": [{"file", "variant", "when", "won", "score", "winners"}]}, "ai_only_games": n}; '
    'FIGURES = {"games": n, "wins": n, "win_rate": 0-1 or null, "average": x or null, '
    '"best": x or null, "current_streak": n, "longest_streak": n, "by_level": {"easy"|'
    '"normal"|"hard": {"games": n, "wins": n, "win_rate": x, "average": x}}}; scores are '
    'your points (contract family, lower is better) or chips (michigan); average and best '
    'are null in "overall" (points and chips do not add up)')


def _pct(rate) -> str:
    return "-" if rate is None else f"{round(100 * rate)}%"


def _num(x) -> str:
    if x is None:
        return "-"
    return f"{x:g}" if isinstance(x, float) else str(x)


def _stats(args) -> int:
    from .storage.library import Library
    from .storage.logs import setup_logging
    from .variants import VARIANTS
    setup_logging()
    lib = Library()
    st = lib.statistics()
    for m in lib.take_messages():
        print(f"table-app stats: {m}", file=sys.stderr)
    data = st.figures_json()
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"Statistics of the finished games with you at the table, from {lib.directory}")
    print("(points: lower is better; Michigan Rummy: chips, higher is better; streaks: "
          "games won in a row)")
    head = f"{'':24}{'games':>6}{'wins':>6}{'win %':>7}{'average':>9}{'best':>7}" \
           f"{'streak':>8}{'longest':>8}"
    print(head)

    def row(name, f):
        return (f"{name:24}{f['games']:>6}{f['wins']:>6}{_pct(f['win_rate']):>7}"
                f"{_num(f['average']):>9}{_num(f['best']):>7}{f['current_streak']:>8}"
                f"{f['longest_streak']:>8}")
    for vid, f in data["variants"].items():
        name = VARIANTS[vid].name + (" (chips)" if vid == "michigan" else "")
        print(row(name, f))
    print(row("Overall", data["overall"]))
    if data["overall"]["games"]:
        print("Against each level (a game counts under every level of its opponents):")
    for vid, f in list(data["variants"].items()) + [("overall", data["overall"])]:
        if not f["games"]:
            continue
        name = VARIANTS[vid].name if vid in VARIANTS else "Overall"
        parts = []
        for lv, b in f["by_level"].items():
            if b["games"]:
                avg = "" if b["average"] is None else f", average {_num(b['average'])}"
                parts.append(f"{lv} {b['games']} played, {b['wins']} won "
                             f"({_pct(b['win_rate'])}){avg}")
        print(f"  {name}: " + "; ".join(parts))
    pr = data["practice"]
    print(f"Practice games (left out of the figures): {pr['games']}")
    for g in pr["list"]:
        when = (g["when"] or "")[:16].replace("T", " ")
        name = VARIANTS[g["variant"]].name if g["variant"] in VARIANTS else g["variant"]
        res = "you won" if g["won"] else (" and ".join(g["winners"]) or "nobody") + " won"
        print(f"  {when:16}  {name:14}  {res}, your score {_num(g['score'])}  ({g['file']})")
    if data["ai_only_games"]:
        n = data["ai_only_games"]
        print(f"{n} finished game{'s' if n != 1 else ''} between computer players only "
              f"(no human seat) not counted")
    return 0


# ---------------------------------------------------------------------- play
PLAY_LEVELS = ("easy", "normal", "hard")


class PlayArgsError(ValueError):
    """A ``table-app play`` argument that can't start a game (the message says why)."""


def play_request(variant: str, players: int | None = None, levels: str | None = None,
                 options: str | None = None, autoplay: int = 0) -> dict:
    """The game ``table-app play`` asks for, checked before any window opens.

    Args:
        variant: a variant id or alias (``contract``, ``may_i``, ``mexican``,
            ``michigan``; the alias ``deuces_wild`` is Contract Rummy with deuces wild).
        players: seats at the table, within the variant's range; ``None``: the
            picker's (the last game's, else the default), or one more than the levels
            given one per opponent.
        levels: ``"hard"`` (every opponent) or one level per opponent in seat order,
            comma-separated (``"easy,normal,hard"``); ``None``: the picker's.
        options: a JSON object of the variant's options (``'{"deuces_wild": true}'``,
            ``'{"rotations": 2}'``), over the defaults; ``None``: the defaults.
        autoplay: benchmarks only: games the computer plays at the human's seat too
            (0: the human plays).

    Returns:
        ``{"variant", "players" (int | None), "levels" (list[str] | None), "options"
        (dict), "autoplay" (int)}``.

    Raises:
        PlayArgsError: an unknown variant or level, a number of players outside the
            variant's range or not matching the levels, options that are not a JSON
            object or that the variant refuses.
    """
    from .variants import VARIANTS, find_variant, variant_id
    try:
        vid = variant_id(variant)
    except ValueError:
        raise PlayArgsError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})") from None
    info = VARIANTS[vid]
    opts: dict = {}
    if str(variant).strip().lower().replace("-", "_") == "deuces_wild":
        opts["deuces_wild"] = True
    if options is not None:
        try:
            given = json.loads(options)
        except ValueError as e:
            raise PlayArgsError(f"--options is not JSON: {e}") from None
        if not isinstance(given, dict):
            raise PlayArgsError(f"--options must be a JSON object, like "
                                f"'{json.dumps(dict(info.default_options)) if info.default_options else '{}'}'"
                                f", not {options!r}")
        opts.update(given)
    try:
        find_variant(vid)({**info.default_options, **opts})
    except ValueError as e:
        raise PlayArgsError(f"--options: {e}") from None
    lv = None
    if levels is not None:
        lv = [x.strip().lower() for x in str(levels).split(",")]
        bad = [x for x in lv if x not in PLAY_LEVELS]
        if bad:
            raise PlayArgsError(f"unknown level {bad[0]!r} in --levels (known: {', '.join(PLAY_LEVELS)})")
        if players is None and len(lv) > 1:
            players = len(lv) + 1
    if players is not None:
        if not info.min_players <= players <= info.max_players:
            raise PlayArgsError(f"{info.name} is played by {info.min_players} to "
                                f"{info.max_players} players, not {players}")
        if lv is not None and len(lv) not in (1, players - 1):
            raise PlayArgsError(f"--levels gives {len(lv)} levels: give one level for all the "
                                f"opponents, or one per opponent ({players - 1} at {players} players)")
    if autoplay < 0:
        raise PlayArgsError(f"--autoplay takes a number of games >= 0, not {autoplay}")
    return {"variant": vid, "players": players, "levels": lv, "options": opts,
            "autoplay": int(autoplay)}


def _play(args) -> int:
    try:
        req = play_request(args.variant, args.players, args.levels, args.options, args.autoplay)
    except PlayArgsError as e:
        print(f"table-app play: {e}", file=sys.stderr)
        return 2
    try:
        from .ui.app import main as gui_main
    except ImportError as e:
        print(f"table-app: the table UI is not available: {e}", file=sys.stderr)
        return 2
    return gui_main(play=req)


def _add_play(sub) -> None:
    p = sub.add_parser(
        "play", help="start a new game straight at the table",
        description="Start a new game straight at the table, without the picker (for a "
                    "desktop shortcut per game). What is not given is the picker's: the "
                    "number of players, the opponents' names and levels of your last game "
                    "(or the defaults). The choices are remembered as the picker's, as a "
                    "game started there is. Exit status 2 with a message for an argument "
                    "that can't start a game, or when no window can be opened.",
        epilog="examples: table-app play contract --players 8 --levels hard; "
               "table-app play michigan --levels easy,normal,hard (4 players); "
               "table-app play contract --options '{\"deuces_wild\": true}'")
    p.add_argument("variant", metavar="VARIANT",
                   help="contract, may_i, mexican or michigan (deuces_wild: Contract "
                        "Rummy with deuces wild)")
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help="seats at the table, you included (Contract and Michigan 3-8, "
                        "May I? 3-6, Mexican 2-6)")
    p.add_argument("--levels", default=None, metavar="L,...",
                   help="the opponents' levels (easy, normal, hard): one for all, or one "
                        "per opponent in seat order (then --players may be left out)")
    p.add_argument("--options", default=None, metavar="JSON",
                   help='the game\'s options as a JSON object: Contract \'{"deuces_wild": '
                        'true}\', Michigan \'{"rotations": 2}\'')
    p.add_argument("--autoplay", type=int, default=0, metavar="GAMES",
                   help="BENCHMARKS ONLY: a computer player plays your seat too, for GAMES "
                        "games in a row (New game after each), then the app quits "
                        "(benchmarks/realapp.py measures the app's memory this way)")
    p.set_defaults(func=_play)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="table-app", description="A desktop card table for rummy games.")
    ap.add_argument("--version", action="version", version=f"table-app {__version__}")
    sub = ap.add_subparsers(dest="command")
    v = sub.add_parser("verify", help="replay a game record through the rules, without a window")
    v.add_argument("file")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.set_defaults(func=_verify)
    g = sub.add_parser("games", help="list the saved games (the Replays screen's list), "
                                     "damaged ones with the reason",
                       description="The library of saved games, newest first: each game's "
                                   "file, game, players, date and result; a damaged record "
                                   "(moved aside as NAME.bad-DATE, kept) with why it cannot "
                                   "be opened. Exit status 0 even when some are damaged.")
    g.add_argument("--json", action="store_true",
                   help='print one JSON object: {"games": [{"file", "variant", "status" '
                        '(finished, unfinished or damaged), "problem", "players", "when", '
                        '"result", "practice", ...}]}')
    g.set_defaults(func=_games)
    t = sub.add_parser("stats", help="the statistics: the Statistics screen's figures",
                       description="The statistics, as the Statistics screen shows them: "
                                   "per game and overall, the finished games with you at "
                                   "the table (practice games listed apart and left out): "
                                   "games, wins, win %, average and best score (points; "
                                   "Michigan: chips), winning streaks, and the games "
                                   "against each opponent level. They are computed from "
                                   "the game records every time (stats.json is only a "
                                   "cache): deleting it loses nothing.")
    t.add_argument("--json", action="store_true", help=STATS_JSON_HELP.replace("%", "%%"))
    t.set_defaults(func=_stats)
    _add_play(sub)
    _add_review(sub)
    for hook in _EXTRA:
        hook(sub)
    return ap


_EXTRA: list = []


def _register_optional() -> None:
    """Subcommands from modules that may not be installed yet (simulate, replay)."""
    import importlib
    for mod in ("table_app.ai.simulate", "table_app.ui.replay_cli"):
        try:
            m = importlib.import_module(mod)
        except ImportError:
            continue
        reg = getattr(m, "register_cli", None)
        if reg is not None and reg not in _EXTRA:
            _EXTRA.append(reg)


def main(argv: list[str] | None = None) -> int:
    import multiprocessing
    multiprocessing.freeze_support()   # the packaged app's search workers (ai.pool)
    _register_optional()
    ap = build_parser()
    args = ap.parse_args(argv)
    if getattr(args, "func", None) is None:
        try:
            from .ui.app import main as gui_main
        except ImportError as e:
            print(f"table-app: the table UI is not available: {e}", file=sys.stderr)
            return 2
        return gui_main()
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (``| head``): not an error of the record or the command
        import os
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        return 0
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
