"""The ``table-app`` command.

``table-app``                     start the card table (GUI)
``table-app verify FILE [--json]`` replay a game record through the rules, no window
``table-app games [--json]``       the library of saved games, damaged ones with why
``table-app stats [--json]``       the statistics (the Statistics screen's figures)
``table-app simulate ...``         AI-only games, headless (see ``--help``)
``table-app replay FILE``          open a record in the replay viewer

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
