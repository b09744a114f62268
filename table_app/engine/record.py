"""Game records: UTF-8 JSON Lines (``../shared/design/RECORD_FORMAT.md``).

Line 1 is the header; every other line is one event.  ``read_record`` parses a file into a
``Record`` (header + events with their line numbers) and raises ``RecordError`` naming the
line for anything that is not a record.  ``replay`` folds a record through an ``Engine``
and raises ``ReplayError`` (line, event, rule) at the first event the rules refuse.
``RecordWriter`` appends, flushes and fsyncs one line per event.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..core.actions import Deal, event_from_json
from ..core.errors import IllegalActionError, RecordError

FORMAT = "table-app-record"
VERSION = 1

# upgrade functions: version -> function(header, events_json) -> (header, events_json) of version+1
UPGRADES: dict[int, Callable[[dict, list], tuple[dict, list]]] = {}


@dataclass
class Record:
    """A parsed game record.

    Attributes:
        header: the header object (line 1), upgraded to the current version.
        events: the events, parsed (see ``core.actions``).
        lines: the 1-based file line number of each event.
    """
    header: dict
    events: list = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    @property
    def variant(self) -> str:
        return self.header["variant"]

    @property
    def players(self) -> list[dict]:
        return self.header["players"]


class ReplayError(Exception):
    """An event the rules refuse while replaying a record.

    Attributes: ``line`` (1-based), ``event`` (the parsed event), ``rule`` (rule id),
    ``reason`` (for people).
    """

    def __init__(self, line: int, event, rule: str, reason: str, engine=None):
        self.line, self.event, self.rule, self.reason = line, event, rule, reason
        self.engine = engine
        who = f" by seat {event.player}" if getattr(event, "player", None) is not None else ""
        super().__init__(f"line {line}: {event.type}{who} refused: {reason} ({rule})")


def make_header(variant: str, players: list[dict], options: dict | None = None,
                seed: int | None = None, app_version: str | None = None, **extra) -> dict:
    """A header object for a new record (``options``: only those that differ from the
    defaults)."""
    if app_version is None:
        from .. import __version__ as app_version  # type: ignore[no-redef]
    h = {"format": FORMAT, "version": VERSION, "variant": variant, "options": dict(options or {}),
         "players": players, "seed": seed, "app_version": app_version,
         "created": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
    h.update(extra)
    return h


def check_header(h: Any) -> dict:
    """Validate (and upgrade) a header object.

    Raises:
        RecordError: not a table-app record, unknown version, unknown variant, bad players.
    """
    from ..variants import VARIANTS
    if not isinstance(h, dict) or h.get("format") != FORMAT:
        raise RecordError("not a table-app game record (the header has no 'format': 'table-app-record')", 1)
    v = h.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise RecordError("the header has no version number", 1)
    if v > VERSION:
        raise RecordError(f"record version {v} is newer than this app reads (up to {VERSION})", 1)
    if v < 1 or (v < VERSION and v not in UPGRADES):
        raise RecordError(f"unknown record version {v}", 1)
    if h.get("variant") not in VARIANTS:
        raise RecordError(f"unknown variant {h.get('variant')!r}", 1)
    pl = h.get("players")
    if not isinstance(pl, list) or not pl or not all(isinstance(p, dict) for p in pl):
        raise RecordError("the header needs a 'players' list", 1)
    opts = h.get("options", {})
    if not isinstance(opts, dict):
        raise RecordError("the header's 'options' must be an object", 1)
    return h


def parse_lines(lines: Iterable[str], *, drop_torn_tail: bool = False) -> Record:
    """Parse the lines of a record.

    Args:
        drop_torn_tail: drop a last line that is not complete JSON (the app's resume
            after a crash) instead of refusing the file.

    Raises:
        RecordError: naming the line.
    """
    raw = list(lines)
    while raw and not raw[-1].strip():
        raw.pop()
    if not raw:
        raise RecordError("the file is empty", 1)
    if raw[0].startswith("\ufeff"):
        raise RecordError("the file starts with a byte-order mark (BOM): a record is UTF-8 "
                          "without one", 1)
    objs = []
    for i, text in enumerate(raw, 1):
        if not text.strip():
            if drop_torn_tail:
                continue
            raise RecordError("a blank line (every line is one JSON object)", i)
        try:
            o = json.loads(text)
        except ValueError:
            if drop_torn_tail and i == len(raw) and i > 1:
                break
            what = "a torn last line" if i == len(raw) else "a line that is not JSON"
            raise RecordError(f"{what} (not a complete JSON object)", i) from None
        if not isinstance(o, dict):
            raise RecordError("not a JSON object", i)
        objs.append((i, o))
    header = check_header(objs[0][1])
    events_json = objs[1:]
    v = header["version"]
    if v < VERSION:
        ev = [o for _, o in events_json]
        while v < VERSION:
            header, ev = UPGRADES[v](header, ev)
            v += 1
        header["version"] = VERSION
        events_json = [(ln, o) for (ln, _), o in zip(events_json, ev)]
    rec = Record(header)
    for ln, o in events_json:
        try:
            rec.events.append(event_from_json(o))
        except RecordError as e:
            raise RecordError(e.message, ln) from None
        rec.lines.append(ln)
    return rec


def read_record(path: str | os.PathLike, *, drop_torn_tail: bool = False) -> Record:
    """Read a record file.

    Raises:
        RecordError: unreadable, not UTF-8, or not a record (naming the line).
    """
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RecordError(f"cannot read {os.fspath(path)}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not UTF-8 text") from None
    lines = text.split("\n")
    torn = bool(lines) and lines[-1].strip() != ""
    rec = parse_lines(lines, drop_torn_tail=drop_torn_tail)
    rec.header.setdefault("_torn_tail_dropped", False)
    if drop_torn_tail and torn:
        try:
            json.loads(lines[-1])
        except ValueError:
            rec.header["_torn_tail_dropped"] = True
    return rec


def engine_for(header: dict, *, auto: bool = False, rng=None):
    """A fresh engine for a record's header.

    Raises:
        RecordError: bad options or number of players for the variant.
    """
    from ..variants import find_variant
    from .engine import Engine
    try:
        rules = find_variant(header["variant"])(header.get("options") or {})
    except (ValueError, TypeError) as e:
        raise RecordError(f"bad options: {e}", 1) from None
    n = len(header["players"])
    try:
        rules.check_players(n)
    except ValueError as e:
        raise RecordError(str(e), 1) from None
    return Engine(rules, n, seed=header.get("seed"), rng=rng, auto=auto)


def replay(rec: Record, *, engine=None, stop_at: int | None = None):
    """Fold a record's events through an engine (``auto=False``).

    Returns:
        the engine, holding every state.

    Raises:
        ReplayError: an event the rules refuse (line, event, rule).
        RecordError: a chance event that cannot belong to the game, or events after the
            game's end (naming the line).
    """
    eng = engine or engine_for(rec.header)
    ended = any(e.type == "game_end" for e in eng.log)
    for k, (ev, ln) in enumerate(zip(rec.events, rec.lines)):
        if stop_at is not None and k >= stop_at:
            break
        if not ev.type.startswith("x-") and eng.log and (
                ended or (eng.rules.to_act(eng.state) is None
                          and ev.type not in ("deal_end", "game_end"))):
            # after the game's end only its derived deal_end and one game_end may follow
            raise RecordError(f"{ev.type} event after the end of the game", ln)
        if ev.type == "game_end":
            ended = True
        try:
            eng.apply(ev)
        except IllegalActionError as e:
            raise ReplayError(ln, ev, e.rule, e.reason, eng) from None
        except RecordError as e:
            raise RecordError(e.message, ln) from None
    return eng


def event_line(ev) -> str:
    """One record line for an event (compact JSON, no newline)."""
    return json.dumps(ev.to_json(), ensure_ascii=False, separators=(", ", ": "))


def dumps(header: dict, events: Iterable) -> str:
    """A whole record as text."""
    h = {k: v for k, v in header.items() if not k.startswith("_")}
    out = [json.dumps(h, ensure_ascii=False, separators=(", ", ": "))]
    out.extend(event_line(e) for e in events)
    return "\n".join(out) + "\n"


def write_record(path: str | os.PathLike, header: dict, events: Iterable) -> None:
    """Write a whole record atomically (a temporary file, fsync, rename)."""
    path = os.fspath(path)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(dumps(header, events))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def is_deal(ev) -> bool:
    return isinstance(ev, Deal)
