"""The library of past games: the records under ``games_dir()``, an ``index.json`` cache of
their summaries, statistics, resume, open and delete.

Every file is judged alone, so that no file can hide the others.  A record that cannot
be opened (not a record, damaged, foreign, a newer version, one whose moves the rules
refuse: each record is replayed when first listed) is moved aside once as
``NAME.bad-YYYYmmdd-HHMMSS`` (kept, never deleted), its reason logged (the app's log)
and said in ``library.messages``, and it stays in the list as a *damaged* game
(``GameSummary.problem``), which the Replays screen shows with its reason; every
other game stays listed and playable.

The index is only a cache: it is rebuilt from the records when it is missing or
unreadable (not JSON, nested too deep, wrong types: the file as it was is kept aside
first), and an entry is re-read whenever its file's size or modification time changed.
A record whose game is open in another copy of the app (its lock is held) is never
moved, and cannot be resumed here (``GameOpenElsewhere``).
"""
from __future__ import annotations

import builtins
import errno
import logging
import os
import re
from pathlib import Path

from ..core.errors import RecordError
from ..engine.record import Record, ReplayError, UnreadableRecord, peek_header, read_record, replay
from ..i18n.refusals import refusal_to_json
from . import paths
from .files import atomic_write_json, move_aside, os_error_message, read_json_file
from .journal import RECORD_SUFFIX, GameJournal
from .lock import GameOpenElsewhere, RecordLock, held_here, locked_elsewhere, remove_lock_file
from .resume import Resumed, resume_game
from .stats import Statistics
from .summary import GameSummary, damaged_summary, summarize

log = logging.getLogger(__name__)

INDEX_FORMAT = "table-app-index"
INDEX_VERSION = 1
#: a record moved aside: ``NAME.jsonl.bad-YYYYmmdd-HHMMSS`` (``-2``... when taken)
DAMAGED_RE = re.compile(r"\.jsonl\.bad-\d{8}-\d{6}(?:-\d+)?$")
#: what a kept-aside file that now reads as a valid record says (an older app set it
#: aside, or a person mended it)
SET_ASIDE = ("kept aside as damaged earlier; it reads as a record now (rename it to end "
             "in .jsonl to list it as a game again)")


#: the folder beside ``games/`` where deleted games are kept
TRASH_DIR = "trash"


# An index entry's ``checked``: how its record was judged.  2: read and replayed through
# the rules (entries written before, by a reader that did not replay, are judged again).
CHECKED = 2


def is_damaged_name(name: str) -> bool:
    return bool(DAMAGED_RE.search(name))


class Library:
    """The games on disk.

    Args:
        directory: the records' folder (default ``games_dir()``).
        index_file, stats_file: the caches (default ``<data>/index.json``, ``stats.json``).

    Attributes:
        messages: one-line messages for the person (bad files moved aside, write
            failures), oldest first; the UI may show and clear them.  Each is logged.
    """

    def __init__(self, directory: str | os.PathLike | None = None,
                 index_file: str | os.PathLike | None = None,
                 stats_file: str | os.PathLike | None = None):
        self.directory = Path(directory) if directory is not None else paths.games_dir(create=False)
        self.index_file = Path(index_file) if index_file is not None else paths.index_path()
        self.stats_file = Path(stats_file) if stats_file is not None else paths.stats_path()
        self.messages: list[str] = []
        self._index: dict[str, dict] | None = None

    # ------------------------------------------------------------------ messages
    def _say(self, msg: str) -> None:
        msg = " ".join(str(msg).split())
        log.warning("%s", msg)
        self.messages.append(msg)

    def take_messages(self) -> list[str]:
        """Return and clear the pending messages."""
        out, self.messages = self.messages, []
        return out

    def _bad_file(self, path: Path, why: str) -> Path | None:
        """Move a bad file aside (kept), say and log why.  Returns its new path."""
        new = move_aside(path)
        where = f"moved to {new.name}" if new else "could not be moved aside"
        self._say(f"{path.name}: {why}; {where}")
        return new

    def _keep_cache_aside(self, path: Path, why: str) -> None:
        """A damaged cache (index, statistics): the file as it was is kept beside before
        it is rebuilt."""
        self._bad_file(path, why)

    # ------------------------------------------------------------------ index
    def _load_index(self) -> dict[str, dict]:
        if self._index is not None:
            return self._index
        self._index = {}
        try:
            obj = read_json_file(self.index_file)
        except FileNotFoundError:
            return self._index
        except OSError as e:
            self._say(os_error_message(e, "the library index could not be read; rebuilding it"))
            return self._index
        except ValueError as e:
            self._keep_cache_aside(self.index_file, "the library index is not valid JSON "
                                                    f"({e}); rebuilt from the records")
            return self._index
        try:
            problem = self._index_problem(obj)
        except (TypeError, KeyError, AttributeError, IndexError) as e:  # a shape not foreseen
            log.warning("the library index's shape", exc_info=True)
            problem = f"damaged library index ({type(e).__name__})"
        if problem:
            self._keep_cache_aside(self.index_file, problem + "; rebuilt from the records")
            return self._index
        self._index = dict(obj["games"])
        return self._index

    def _index_problem(self, obj) -> str | None:
        if not isinstance(obj, dict) or obj.get("format") != INDEX_FORMAT:
            return "not a library index"
        if obj.get("version") != INDEX_VERSION:
            v = obj.get("version")
            return f"library index version {v if isinstance(v, int) else '?'} is not {INDEX_VERSION}"
        if not isinstance(obj.get("games"), dict):
            return "the library index has no games"
        for gid, ent in obj["games"].items():
            shown = gid if len(gid) <= 60 else gid[:57] + "..."
            try:
                if not isinstance(ent, dict) or "/" in gid or "\\" in gid:
                    raise ValueError("not an object")
                for k in ("size", "mtime_ns"):
                    v = ent.get(k)
                    if not isinstance(v, int) or isinstance(v, bool):
                        raise ValueError(f"bad {k!r}")
                GameSummary.from_json(ent.get("summary"), self.directory / gid)
            except ValueError as e:
                return f"damaged library index entry {shown!r} ({e})"
        return None

    def _save_index(self) -> None:
        try:
            self.index_file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_json(self.index_file, {"format": INDEX_FORMAT, "version": INDEX_VERSION,
                                                "games": self._index or {}})
        except OSError as e:
            self._say(os_error_message(e, "the library index could not be saved"))

    def _game_files(self) -> list[Path]:
        """The records (``*.jsonl``) and the damaged records kept aside
        (``*.jsonl.bad-...``) of the folder; hidden files, side files, folders' own
        ``.locks`` are not games."""
        try:
            names = sorted(os.listdir(self.directory))
        except FileNotFoundError:
            return []
        except OSError as e:
            self._say(os_error_message(e, "the games folder could not be read"))
            return []
        return [self.directory / n for n in names if not n.startswith(".")
                and (n.endswith(RECORD_SUFFIX) or is_damaged_name(n))]

    def _summarize_file(self, path: Path) -> GameSummary:
        """A record's summary; a record that cannot be opened is moved aside (unless it
        cannot be read at all, or another copy of the app writes it) and comes back as a
        damaged entry with its reason."""
        rec = refusal = None
        try:
            rec = read_record(path, drop_torn_tail=True)
            # the rules judge every event, as resume, the viewer and verify will: a record
            # they refuse is damaged now, not a game listed (and counted) until it is opened
            replay(rec)
            return summarize(rec, path)
        except UnreadableRecord as e:
            self._say(f"{path.name}: {e.message}")
            return damaged_summary(path, e.message)
        except ReplayError as e:
            problem = str(e)
            if e.error is not None:
                refusal = refusal_to_json(e)  # the rules' refusal, as data (ids, no words)
        except RecordError as e:
            problem = str(e)
        except Exception as e:  # noqa: BLE001 - one file never stops the library
            log.exception("summarizing %s", path.name)
            problem = f"cannot be read ({type(e).__name__}: {e})"
        header = peek_header(path)
        if locked_elsewhere(path):
            # being written by another copy of the app: not ours to move
            return damaged_summary(path, problem, rec, header, refusal=refusal)
        new = self._bad_file(path, f"not a valid game record ({problem})")
        return damaged_summary(new or path, problem, rec, header, refusal=refusal)

    def _summarize_damaged(self, path: Path) -> GameSummary:
        """A damaged record kept aside: why it cannot be opened, read again (the index,
        which remembers it, may have been lost)."""
        rec = refusal = None
        try:
            rec = read_record(path, drop_torn_tail=True)
            replay(rec)
            problem = SET_ASIDE
        except (RecordError, ReplayError) as e:
            problem = str(e)
            if isinstance(e, ReplayError) and e.error is not None:
                refusal = refusal_to_json(e)  # the rules' refusal, as data (ids, no words)
        except Exception as e:  # noqa: BLE001
            log.exception("reading the damaged record %s", path.name)
            problem = f"cannot be read ({type(e).__name__}: {e})"
        return damaged_summary(path, problem, rec, None if rec is not None else peek_header(path),
                               refusal=refusal)

    def _cached(self, ent, path: Path, st) -> GameSummary | None:
        if not isinstance(ent, dict) or ent.get("size") != st.st_size \
                or ent.get("mtime_ns") != st.st_mtime_ns or ent.get("checked") != CHECKED:
            return None
        try:
            return GameSummary.from_json(ent.get("summary"), path)
        except ValueError:
            return None

    def refresh(self) -> list[GameSummary]:
        """Scan the folder, re-read the files that changed, move bad records aside (once),
        and save the index when it changed.  Returns every game, damaged ones included,
        newest first."""
        index = self._load_index()
        changed = False
        seen = set()
        out: list[GameSummary] = []
        for p in self._game_files():
            try:
                st = p.stat()
            except OSError:
                continue
            damaged = is_damaged_name(p.name)
            summ = self._cached(index.get(p.name), p, st)
            if summ is None:
                summ = self._summarize_damaged(p) if damaged else self._summarize_file(p)
                try:
                    st = summ.path.stat()
                except OSError:
                    continue
                index[summ.path.name] = {"size": st.st_size, "mtime_ns": st.st_mtime_ns,
                                         "checked": CHECKED, "summary": summ.to_json()}
                changed = True
            if summ.path.name in seen:
                continue
            seen.add(summ.path.name)
            out.append(summ)
        for gid in [g for g in index if g not in seen]:
            del index[gid]
            changed = True
        if changed or not self.index_file.exists():
            self._save_index()
        out.sort(key=lambda s: (s.created, s.id), reverse=True)
        return out

    def games(self) -> list[GameSummary]:
        """Every game of the folder, damaged ones included (``status`` says which),
        newest first: the list the Replays screen and ``table-app games`` show."""
        return self.refresh()

    def list(self) -> list[GameSummary]:
        """Every game that can be opened (variant, date, players and levels, result,
        deals played, finished, practice), newest first."""
        return [s for s in self.refresh() if not s.damaged]

    def get(self, game_id: str) -> GameSummary | None:
        for s in self.refresh():
            if s.id == game_id:
                return s
        return None

    def _path(self, game: str | os.PathLike | GameSummary) -> Path:
        if isinstance(game, GameSummary):
            return game.path
        p = Path(game)
        return p if p.is_absolute() or p.parent != Path(".") else self.directory / p

    @staticmethod
    def open_elsewhere(game) -> bool:
        """The game is open in another copy of the app (its record's lock is held)."""
        path = game.path if isinstance(game, GameSummary) else Path(game)
        try:
            return locked_elsewhere(path)
        except OSError:  # a lock that can't be asked about (its folder unreadable): not held
            return False

    def open(self, game: str | os.PathLike | GameSummary, *, verify: bool = False) -> Record:
        """The parsed record of a game (by id, path or summary), for replay.

        Args:
            verify: also replay it through the rules (a record that breaks them is then
                refused like a corrupt one).

        Raises:
            RecordError, ReplayError: it is not a valid record (it is also moved aside,
                with a message, unless it cannot be read at all or is kept aside already).
        """
        p = self._path(game)
        try:
            rec = read_record(p, drop_torn_tail=True)
            if verify:
                replay(rec)
        except (RecordError, ReplayError) as e:
            if not isinstance(e, UnreadableRecord) and not is_damaged_name(p.name) \
                    and not self.open_elsewhere(p):
                self._bad_file(p, f"not a valid game record ({e})")
            raise
        return rec

    def trash_dir(self) -> Path:
        """Where deleted games go: ``<data>/trash`` (beside the games folder)."""
        return self.directory.parent / TRASH_DIR

    def delete(self, game: str | os.PathLike | GameSummary) -> bool:
        """Delete a game: its record (and the hand order kept beside it) is moved into
        the trash folder, ``<data>/trash`` (kept, never erased: moving the file back into
        the games folder brings the game back; a name already there gets ``-2``...).
        A game open in another copy of the app is refused (its lock is taken for the
        move, so no copy can start writing it meanwhile).

        Returns whether it was deleted; else a message says why (``take_messages``)."""
        p = self._path(game)
        # (a record this process writes is ours to delete, as before: no lock to take)
        lock = None if held_here(p) else RecordLock(p)
        if lock is not None and not lock.acquire():
            self._say(f"{p.name} could not be deleted: the game is open in another window")
            return False
        try:
            if not os.path.lexists(p):
                return True            # gone already: nothing to keep
            try:
                trash = self.trash_dir()
                trash.mkdir(parents=True, exist_ok=True)
                move_no_clobber(p, trash / p.name)
            except OSError as e:
                self._say(os_error_message(e, f"{p.name} could not be deleted"))
                return False
            from .handorder import side_path
            side = side_path(p)
            if side.exists():
                try:
                    move_no_clobber(side, trash / side.name)
                except OSError:
                    pass   # the hand order is a convenience
        finally:
            if lock is not None:
                lock.release()
        remove_lock_file(p)
        self.refresh()
        self._rebuild_stats_if_needed()
        return True

    # ------------------------------------------------------------------ games
    def new_game(self, engine, header: dict, path: str | os.PathLike | None = None) -> GameJournal:
        """Start autosaving a new game (its record goes into this library's folder),
        holding the record's lock until the journal is closed.

        Raises:
            GameOpenElsewhere: ``path`` names a record another copy of the app writes.
        """
        from .journal import new_record_path
        if path is None:
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                self._say(os_error_message(e, "the games folder could not be created"))
            path = new_record_path(header.get("variant", "game"), self.directory)
        lock = RecordLock(path)
        if not lock.acquire():
            raise GameOpenElsewhere(path)
        try:
            j = GameJournal(engine, header, path, on_finish=self.note_finished, lock=lock)
        except BaseException:
            lock.release()
            raise
        if j.error:
            self._say(j.error)
        return j

    def unfinished_games(self) -> builtins.list[GameSummary]:  # (list: the method above)
        """Every game that can be resumed (unfinished, not abandoned, not empty, not
        damaged), the one played most recently (the record written last) first."""
        out = []
        for s in self.refresh():
            if not s.resumable or s.events == 0:
                continue
            try:
                t = s.path.stat().st_mtime_ns
            except OSError:
                continue
            out.append((t, s))
        out.sort(key=lambda ts: (ts[0], ts[1].created, ts[1].id), reverse=True)
        return [s for _t, s in out]

    def abandon_untouched(self) -> builtins.list[GameSummary]:
        """Mark abandoned (an ``x-abandoned`` line: the record stays, Replays lists it)
        every resumable game in which the human seat made no move
        (``GameSummary.human_moved``), as a new game starts: games started and left at
        once (``table-app play`` again and again) no longer pile up in the Resume list.
        A game open in another copy of the app, or one that cannot be resumed, is left
        as it is.  Returns the games marked."""
        out = []
        for s in self.unfinished_games():
            if s.human_moved:
                continue
            try:
                r = self.resume(s)
            except GameOpenElsewhere:
                continue
            if r is None:
                continue
            try:
                r.journal.abandon()
            finally:
                r.journal.close()
            out.append(s)
        return out

    @staticmethod
    def preferred(games: builtins.list[GameSummary]) -> GameSummary | None:
        """The game Resume takes by default out of ``unfinished_games()``: the real game
        played most recently, else (only practice games) the practice one."""
        return next((s for s in games if not s.practice), games[0] if games else None)

    def unfinished(self) -> GameSummary | None:
        """The game to resume by default: of the unfinished (not abandoned, not empty,
        not damaged) games, the real one played most recently (the record written last),
        else the practice one played most recently; ``None`` when there is none."""
        return self.preferred(self.unfinished_games())

    def resume(self, game: str | os.PathLike | GameSummary | None = None) -> Resumed | None:
        """Resume a game (by default the newest unfinished one), holding its lock.  A
        record that cannot be replayed is moved aside (with a message: its line and
        reason) and, without ``game``, the next unfinished one is tried.  Returns
        ``None`` when there is nothing to resume.

        Raises:
            GameOpenElsewhere: the game is open in another copy of the app.
        """
        for _ in range(100):
            target = self._path(game) if game is not None else None
            if target is None:
                s = self.unfinished()
                if s is None:
                    return None
                target = s.path
            if isinstance(game, GameSummary) and game.damaged:
                self._say(f"{target.name}: cannot be resumed ({game.problem})")
                return None
            lock = RecordLock(target)
            if not lock.acquire():
                raise GameOpenElsewhere(target)
            try:
                r = resume_game(target, on_finish=self.note_finished, lock=lock)
            except UnreadableRecord as e:
                self._say(f"{target.name}: {e.message}")
                return None
            except (RecordError, ReplayError) as e:
                self._resume_failed(target, str(e))
                if game is not None:
                    return None
                continue
            except Exception as e:  # noqa: BLE001 - a bad file never stops the app
                log.exception("resuming %s", target.name)
                self._resume_failed(target, f"{type(e).__name__}: {e}")
                if game is not None:
                    return None
                continue
            for m in r.messages:
                self._say(m)
            return r
        return None

    def _resume_failed(self, target: Path, problem: str) -> None:
        if is_damaged_name(target.name):
            self._say(f"{target.name}: cannot be resumed ({problem})")
        else:
            self._bad_file(target, f"cannot be resumed ({problem})")
        self._index = None   # read again: the entry moves to the damaged name
        try:
            self.refresh()
            name = move_target_name(target, self.directory)
            ent = self._index.get(name) if name is not None and self._index else None
        except Exception:  # noqa: BLE001 - noting the reason never stops the app
            log.exception("noting why %s cannot be resumed", target.name)
            ent = None
        if isinstance(ent, dict) and isinstance(ent.get("summary"), dict):
            ent["summary"]["problem"] = problem
            self._save_index()

    # ------------------------------------------------------------------ statistics
    def note_finished(self, journal: GameJournal) -> None:
        """A game just finished: update its index entry and the statistics cache."""
        self.statistics()

    def _read_stats(self) -> Statistics | None:
        """The statistics cache, or ``None`` (missing or damaged: the caller recomputes
        them from the records; a damaged file is kept aside first)."""
        try:
            obj = read_json_file(self.stats_file)
        except FileNotFoundError:
            return None
        except OSError as e:
            self._say(os_error_message(e, "statistics could not be read; recomputed"))
            return None
        except ValueError as e:
            self._keep_cache_aside(self.stats_file, f"statistics file damaged ({e}); "
                                                    "recomputed from the records")
            return None
        try:
            return Statistics.from_json(obj)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:  # its shape
            why = str(e) if isinstance(e, ValueError) else type(e).__name__
            self._keep_cache_aside(self.stats_file, f"statistics file damaged ({why}); "
                                                    "recomputed from the records")
        return None

    def _save_stats(self, st: Statistics) -> None:
        try:
            self.stats_file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_json(self.stats_file, st.to_json())
        except OSError as e:
            self._say(os_error_message(e, "statistics could not be saved"))

    def _rebuild_stats_if_needed(self) -> None:
        self.statistics()

    def statistics(self) -> Statistics:
        """Statistics per variant and seat setup (practice and damaged games excluded): a
        fold of the library's summaries (``Statistics.from_summaries``).  ``stats.json``
        is only its cache, rewritten when it differs (a malformed one is kept aside
        first); nothing in it can change what is shown."""
        summaries = self.refresh()
        st = Statistics.from_summaries(summaries)
        if self._read_stats() != st:
            self._save_stats(st)
        return st


def move_no_clobber(src: Path, dst: Path) -> Path:
    """Move ``src`` to ``dst``, or to ``dst-2``, ``dst-3``... when that name is taken
    (never over another file).  Returns where it went.

    Raises:
        OSError: it could not be moved (``src`` is then where it was).
    """
    for k in range(1, 10_000):
        cand = dst if k == 1 else dst.with_name(f"{dst.name}-{k}")
        if os.path.lexists(cand):
            continue
        try:
            os.link(src, cand, follow_symlinks=False)
        except FileExistsError:
            continue
        except (OSError, NotImplementedError, AttributeError):
            if os.path.lexists(cand):
                continue
            os.rename(src, cand)      # no hard links here (a FAT disk): a plain rename
            return cand
        try:
            os.unlink(src)
        except OSError:
            os.unlink(cand)
            raise
        return cand
    raise OSError(errno.EEXIST, "no free name in the trash", str(dst))


def move_target_name(path: Path, directory: Path) -> str | None:
    """The name a record was moved aside to (the newest ``NAME.bad-...`` beside it)."""
    try:
        names = [n for n in os.listdir(directory)
                 if n.startswith(path.name + ".bad-") and is_damaged_name(n)]
    except OSError:
        return None
    return max(names) if names else None
