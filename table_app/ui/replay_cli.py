"""``table-app replay FILE [--seat N]``: open the app directly on the replay viewer, on
player N's view (N from 1, as the viewer numbers the players) or all hands open.

``table_app.cli`` picks this module up (``register_cli``).  A file that is not a game
record opens a one-line message window (and the same line goes to stderr) instead of
the viewer; the app never shows a traceback for a file.
"""
from __future__ import annotations

import sys


def register_cli(subparsers) -> None:
    p = subparsers.add_parser("replay", help="open a game record in the replay viewer",
                              description="Step, scrub and play through a game record; "
                                          "play on from any point.")
    p.add_argument("file", help="a game record (.jsonl)")
    p.add_argument("--seat", type=int, default=None, metavar="N",
                   help="show what player N saw, numbered from 1 in the record's seat order "
                        "as the viewer numbers them (1 = the first player); default: all "
                        "hands open")
    p.set_defaults(func=_replay)


def _replay(args, *, app=None) -> int:
    """Open the viewer on ``args.file`` and run the app until it is closed.  ``app``: an
    ``App`` to use (tests pass a headless one and drive it themselves)."""
    try:
        from .app import App
        from .scenes.replay import NotARecordScene, ReplayScene, open_replay
    except ImportError as e:
        print(f"table-app: the replay viewer is not available: {e}", file=sys.stderr)
        return 2
    import os
    if not os.path.lexists(args.file):
        print(f"table-app replay: no such file: {args.file}", file=sys.stderr)
        return 2
    if not os.path.isfile(args.file):
        # a folder, a named pipe, a device: said at once, no window (never read)
        from ..engine.record import RecordError, read_bounded
        try:
            read_bounded(args.file)
        except RecordError as e:
            print(f"table-app replay: {args.file}: {e.message}", file=sys.stderr)
            return 2
    own = app is None
    if own:
        try:
            import pygame
            app = App()
        except pygame.error as e:
            print(f"table-app: cannot open a window: {e}", file=sys.stderr)
            return 2
    # --seat counts from 1, as the viewer numbers the players; the viewer's seats (and
    # the record's) from 0
    seat = None if args.seat is None else args.seat - 1
    scene = open_replay(args.file, seat=seat)     # (a seat it doesn't have: all hands)
    if isinstance(scene, NotARecordScene):
        print(f"table-app replay: {scene.message}", file=sys.stderr)
    elif args.seat is not None and isinstance(scene, ReplayScene) and scene.open_hands:
        print(f"table-app replay: the record has no player {args.seat} "
              f"(players 1 to {scene.model.num_players}); showing all hands", file=sys.stderr)
    app.push(scene)
    if not own:
        return 0
    try:
        app.run()
    finally:
        app.shutdown()
    return 2 if isinstance(scene, NotARecordScene) else 0
