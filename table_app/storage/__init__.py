"""Storage: paths, settings, the autosave journal, resume, the library of past games and
statistics.  No pygame here; platformdirs only in ``paths``.

Quick use (the UI)::

    from table_app import storage
    settings, msgs = storage.load_settings()
    lib = storage.Library()
    if lib.unfinished():                      # offer "Resume"
        r = lib.resume()                      # -> Resumed(engine, journal, record, ...)
    journal = lib.new_game(engine, make_header(...))   # autosave a new game
    journal.error                             # None or a one-line message to show
    lib.games()                               # every game, damaged ones with their reason
    lib.list(); lib.open(game_id); lib.delete(game_id); lib.statistics()
    lib.take_messages()                       # bad files moved aside, write failures
    # a game open in another copy of the app: resume raises GameOpenElsewhere
"""
from .files import atomic_write_json, atomic_write_text, move_aside
from .journal import ABANDON_MARK, PRACTICE_MARK, UNDO_MARK, GameJournal, new_record_path
from .library import Library
from .lock import GameOpenElsewhere, RecordLock, locked_elsewhere
from .paths import (
                    HOME_ENV,
                    config_dir,
                    data_dir,
                    games_dir,
                    index_path,
                    log_dir,
                    log_path,
                    settings_path,
                    stats_path,
)
from .resume import Resumed, live_rng, load_engine, resume_game
from .settings import (
                    AI_LEVELS,
                    CARD_SIZES,
                    LANGUAGES,
                    Settings,
                    load_settings,
                    save_settings,
                    settings_from_json,
)
from .stats import Figures, GroupStats, PracticeGame, Statistics, countable
from .summary import GameSummary, damaged_summary, setup_key, summarize

__all__ = [
    "AI_LEVELS", "CARD_SIZES", "LANGUAGES",
    "ABANDON_MARK", "PRACTICE_MARK", "UNDO_MARK", "Figures", "GameJournal", "GameSummary", "GroupStats",
    "GameOpenElsewhere", "HOME_ENV", "Library", "PracticeGame", "RecordLock", "Resumed", "Settings", "Statistics", "atomic_write_json",
    "atomic_write_text", "config_dir", "countable", "damaged_summary", "data_dir", "games_dir",
    "index_path", "locked_elsewhere",
    "live_rng", "load_engine", "load_settings", "log_dir", "log_path", "move_aside", "new_record_path",
    "resume_game", "save_settings", "settings_from_json", "settings_path", "setup_key",
    "stats_path", "summarize",
]
