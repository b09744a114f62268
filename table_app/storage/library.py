"""The library of past games: the records under ``games_dir()``, an ``index.json`` cache of
their summaries, statistics, resume, open and delete.

The index is only a cache: it is rebuilt from the records when it is missing or damaged
(a damaged index is moved aside first), and an entry is re-read whenever its record's
size or modification time changed.  A record that is not a valid record (corrupt,
foreign, newer version) is moved aside as ``NAME.bad-YYYYmmdd-HHMMSS`` with a one-line
message in ``library.messages``; the rest of the library still works.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import RecordError
from ..engine.record import Record, ReplayError, read_record, replay
from . import paths
from .files import atomic_write_json, move_aside, os_error_message, read_json_file
from .journal import RECORD_SUFFIX, GameJournal
from .resume import Resumed, resume_game
from .stats import Statistics, countable
from .summary import GameSummary, summarize

INDEX_FORMAT = "table-app-index"
INDEX_VERSION = 1


class Library:
    """The games on disk.

    Args:
        directory: the records' folder (default ``games_dir()``).
        index_file, stats_file: the caches (default ``<data>/index.json``, ``stats.json``).

    Attributes:
        messages: one-line messages for the person (bad files moved aside, write
            failures), oldest first; the UI may show and clear them.
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
        self.messages.append(" ".join(str(msg).split()))

    def take_messages(self) -> list[str]:
        """Return and clear the pending messages."""
        out, self.messages = self.messages, []
        return out

    def _bad_file(self, path: Path, why: str) -> None:
        new = move_aside(path)
        where = f"moved to {new.name}" if new else "could not be moved aside"
        self._say(f"{path.name}: {why}; {where}")

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
        except (ValueError, UnicodeDecodeError):
            self._bad_file(self.index_file, "the library index is not valid JSON; rebuilt from the records")
            return self._index
        problem = None
        if not isinstance(obj, dict) or obj.get("format") != INDEX_FORMAT:
            problem = "not a library index"
        elif obj.get("version") != INDEX_VERSION:
            problem = f"library index version {obj.get('version')!r} is not {INDEX_VERSION}"
        elif not isinstance(obj.get("games"), dict):
            problem = "the library index has no games"
        else:
            for gid, ent in obj["games"].items():
                try:
                    if not isinstance(ent, dict):
                        raise ValueError("not an object")
                    GameSummary.from_json(ent.get("summary"), self.directory / gid)
                    int(ent["size"]), int(ent["mtime_ns"])
                except (ValueError, KeyError, TypeError) as e:
                    problem = f"damaged library index entry {gid!r} ({e})"
                    break
        if problem:
            self._bad_file(self.index_file, problem + "; rebuilt from the records")
            return self._index
        self._index = obj["games"]
        return self._index

    def _save_index(self) -> None:
        try:
            self.index_file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_json(self.index_file, {"format": INDEX_FORMAT, "version": INDEX_VERSION,
                                                "games": self._index or {}})
        except OSError as e:
            self._say(os_error_message(e, "the library index could not be saved"))

    def _record_files(self) -> list[Path]:
        try:
            return sorted(p for p in self.directory.iterdir()
                          if p.name.endswith(RECORD_SUFFIX) and p.is_file())
        except FileNotFoundError:
            return []
        except OSError as e:
            self._say(os_error_message(e, "the games folder could not be read"))
            return []

    def _summarize_file(self, path: Path) -> GameSummary | None:
        try:
            rec = read_record(path, drop_torn_tail=True)
        except RecordError as e:
            if "cannot read" in e.message:
                self._say(f"{path.name}: {e.message}")
            else:
                self._bad_file(path, f"not a valid game record ({e})")
            return None
        return summarize(rec, path)

    def refresh(self) -> list[GameSummary]:
        """Scan the folder, re-read the records that changed, move bad ones aside, and
        save the index when it changed.  Returns every game, newest first."""
        index = self._load_index()
        changed = False
        seen = set()
        out: list[GameSummary] = []
        for p in self._record_files():
            try:
                st = p.stat()
            except OSError:
                continue
            ent = index.get(p.name)
            summ = None
            if ent and ent.get("size") == st.st_size and ent.get("mtime_ns") == st.st_mtime_ns:
                try:
                    summ = GameSummary.from_json(ent["summary"], p)
                except ValueError:
                    summ = None
            if summ is None:
                summ = self._summarize_file(p)
                if summ is None:
                    if p.name in index:
                        del index[p.name]
                        changed = True
                    continue
                index[p.name] = {"size": st.st_size, "mtime_ns": st.st_mtime_ns,
                                 "summary": summ.to_json()}
                changed = True
            seen.add(p.name)
            out.append(summ)
        for gid in [g for g in index if g not in seen]:
            del index[gid]
            changed = True
        if changed or not self.index_file.exists():
            self._save_index()
        out.sort(key=lambda s: (s.created, s.id), reverse=True)
        return out

    def list(self) -> list[GameSummary]:
        """Every game (variant, date, players and levels, result, deals played, finished,
        practice), newest first."""
        return self.refresh()

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

    def open(self, game: str | os.PathLike | GameSummary, *, verify: bool = False) -> Record:
        """The parsed record of a game (by id, path or summary), for replay.

        Args:
            verify: also replay it through the rules (a record that breaks them is then
                refused like a corrupt one).

        Raises:
            RecordError, ReplayError: it is not a valid record (it is also moved aside,
                with a message; a file that cannot be read is left in place).
        """
        p = self._path(game)
        try:
            rec = read_record(p, drop_torn_tail=True)
            if verify:
                replay(rec)
        except (RecordError, ReplayError) as e:
            if not (isinstance(e, RecordError) and "cannot read" in e.message):
                self._bad_file(p, f"not a valid game record ({e})")
            raise
        return rec

    def delete(self, game: str | os.PathLike | GameSummary) -> bool:
        """Delete a game's record.  Returns whether it was deleted (else a message)."""
        p = self._path(game)
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            self._say(os_error_message(e, f"{p.name} could not be deleted"))
            return False
        from .handorder import delete_hand_order
        delete_hand_order(p)     # the hand order kept beside it, if any
        self.refresh()
        self._rebuild_stats_if_needed()
        return True

    # ------------------------------------------------------------------ games
    def new_game(self, engine, header: dict, path: str | os.PathLike | None = None) -> GameJournal:
        """Start autosaving a new game (its record goes into this library's folder)."""
        from .journal import new_record_path
        if path is None:
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                self._say(os_error_message(e, "the games folder could not be created"))
            path = new_record_path(header.get("variant", "game"), self.directory)
        j = GameJournal(engine, header, path, on_finish=self.note_finished)
        if j.error:
            self._say(j.error)
        return j

    def unfinished(self) -> GameSummary | None:
        """The unfinished (not abandoned, not empty) game played most recently (the
        record written last), or ``None``."""
        best, best_t = None, None
        for s in self.refresh():
            if not s.resumable or s.events == 0:
                continue
            try:
                t = s.path.stat().st_mtime_ns
            except OSError:
                continue
            if best_t is None or t > best_t:
                best, best_t = s, t
        return best

    def resume(self, game: str | os.PathLike | GameSummary | None = None) -> Resumed | None:
        """Resume a game (by default the newest unfinished one).  A record that cannot be
        replayed is moved aside (with a message) and the next unfinished one is tried.
        Returns ``None`` when there is nothing to resume."""
        tries = 0
        while tries < 100:
            tries += 1
            target = self._path(game) if game is not None else None
            if target is None:
                s = self.unfinished()
                if s is None:
                    return None
                target = s.path
            try:
                r = resume_game(target, on_finish=self.note_finished)
            except (RecordError, ReplayError) as e:
                self._bad_file(target, f"cannot be resumed ({e})")
                if game is not None:
                    return None
                continue
            for m in r.messages:
                self._say(m)
            return r
        return None

    # ------------------------------------------------------------------ statistics
    def note_finished(self, journal: GameJournal) -> None:
        """A game just finished: update the index entry and the running statistics."""
        summaries = self.refresh()
        s = next((x for x in summaries if x.id == journal.path.name), None)
        if s is None or not countable(s):
            return
        want = {x.id for x in summaries if countable(x)}
        st = self._read_stats()
        if st is not None and set(st.counted) | {s.id} == want:
            st.add(s)  # the running statistics
        else:
            st = Statistics.from_summaries(summaries)
        self._save_stats(st)

    def _read_stats(self) -> Statistics | None:
        try:
            return Statistics.from_json(read_json_file(self.stats_file))
        except FileNotFoundError:
            return None
        except OSError as e:
            self._say(os_error_message(e, "statistics could not be read; recomputed"))
        except (ValueError, UnicodeDecodeError) as e:
            self._bad_file(self.stats_file, f"statistics file damaged ({e}); recomputed from the records")
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
        """Statistics per variant and seat setup (practice games excluded): the running
        statistics when they match the library, else recomputed from the records (and
        saved)."""
        summaries = self.refresh()
        want = {s.id for s in summaries if countable(s)}
        st = self._read_stats()
        if st is None or set(st.counted) != want:
            st = Statistics.from_summaries(summaries)
            self._save_stats(st)
        return st
