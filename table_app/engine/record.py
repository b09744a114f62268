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
import random
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, TypeGuard, Union

from ..core.actions import EVENT_TYPES, Deal, Event, event_from_json
from ..core.errors import IllegalActionError
from ..core.errors import RecordError as RecordError  # re-exported: readers catch it from here

if TYPE_CHECKING:
    from .engine import Engine

#: a JSON object (a header, an event's line)
JsonDict = dict[str, Any]
StrPath = Union[str, "os.PathLike[str]"]

FORMAT = "table-app-record"
VERSION = 1

# upgrade functions: version -> function(header, events_json) -> (header, events_json) of version+1
UPGRADES: dict[int, Callable[[JsonDict, list[Any]], tuple[JsonDict, list[Any]]]] = {}


@dataclass
class Record:
    """A parsed game record.

    Attributes:
        header: the header object (line 1), upgraded to the current version, checked,
            and as the app shows it (players' names cut to ``NAME_SHOWN`` characters).
        events: the events, parsed (see ``core.actions``).
        lines: the 1-based file line number of each event.
        file_header: the header as the file has it (the names as written), for a writer
            that goes on with the same file (resume).
    """
    header: JsonDict
    events: list[Event] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    file_header: JsonDict | None = None

    @property
    def variant(self) -> str:
        v: str = self.header["variant"]
        return v

    @property
    def players(self) -> list[JsonDict]:
        p: list[JsonDict] = self.header["players"]
        return p


class ReplayError(Exception):
    """An event the rules refuse while replaying a record.

    Attributes: ``line`` (1-based), ``event`` (the parsed event), ``rule`` (rule id),
    ``reason`` (English, for the ``verify`` output), ``error`` (the rules'
    ``IllegalActionError``, to put it into another language).
    """

    def __init__(self, line: int, event: Any, rule: str, reason: str,
                 engine: Engine | None = None, error: IllegalActionError | None = None):
        self.line, self.event, self.rule, self.reason = line, event, rule, reason
        self.engine = engine
        self.error = error
        who = f" by seat {event.player}" if getattr(event, "player", None) is not None else ""
        super().__init__(f"line {line}: {event.type}{who} refused: {reason} ({rule})")


def make_header(variant: str, players: list[JsonDict], options: JsonDict | None = None,
                seed: int | None = None, app_version: str | None = None,
                **extra: Any) -> JsonDict:
    """A header object for a new record (``options``: only those that differ from the
    defaults)."""
    if app_version is None:
        from .. import __version__ as app_version
    h = {"format": FORMAT, "version": VERSION, "variant": variant, "options": dict(options or {}),
         "players": players, "seed": seed, "app_version": app_version,
         "created": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
    h.update(extra)
    return h


# ---------------------------------------------------------------------- limits
#: the largest record file read (bytes); a whole game of eight players with many undos
#: stays far below it
MAX_RECORD_BYTES = 32 * 1024 * 1024
#: the longest line read (characters); a deal of four decks is about 1,300
MAX_LINE_CHARS = 1024 * 1024
#: the deepest JSON nesting of a line (an undo mark with its redo stack is 7 deep)
MAX_DEPTH = 64
#: the most digits of a JSON integer
MAX_DIGITS = 40
#: the most characters of a player's name that are shown (a longer one is cut, with "…")
NAME_SHOWN = 40
#: the levels of the computer players a record may seat: those the picker offers (the
#: benchmark-only ``random`` and ``oracle`` never)
RECORD_LEVELS = ("easy", "normal", "hard")
PLAYER_KINDS = ("human", "ai")

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_FRACTION = re.compile(r"[+-]?\d{1,40}(?:/\d{1,40}|\.\d{1,40})?")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class UnreadableRecord(RecordError):
    """The file could not be read at all (permission denied, a disk error): the file may
    be fine, so the library leaves it where it is.  ``os_error``: the ``OSError``."""

    def __init__(self, message: str, os_error: OSError | None = None):
        super().__init__(message)
        self.os_error = os_error


def shown_name(name: str) -> str:
    """A player's name as the app shows it: at most ``NAME_SHOWN`` characters (a longer
    one is cut and ends in "…")."""
    return name if len(name) <= NAME_SHOWN else name[:NAME_SHOWN - 1] + "…"


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(v: Any) -> bool:
    """A score or balance: a whole number, a finite JSON number of sensible size, or an
    exact decimal or fraction string (``"-6"``, ``"7/3"``, ``"2.5"``)."""
    if _is_int(v):
        return True
    if isinstance(v, float):
        return v == v and abs(v) < 1e12
    if isinstance(v, str):
        m = _FRACTION.fullmatch(v.strip())
        return m is not None and not re.search(r"/0+$", v.strip())
    return False


def _too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether a JSON text nests deeper than ``limit`` (arrays and objects; brackets in
    strings don't count).  Quick for the usual flat line."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class _NotJson(ValueError):
    pass


def _no_constant(name: str) -> NoReturn:
    raise _NotJson(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NotJson(f"a number with more than {MAX_DIGITS} digits")
    return int(text)


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_int=_bounded_int)
_LENIENT = json.JSONDecoder(parse_int=_bounded_int)


def loads_line(text: str, *, allow_constants: bool = False) -> Any:
    """One line of JSON, bounded: nesting deeper than ``MAX_DEPTH``, NaN and Infinity
    (unless ``allow_constants``: floats), integers of more than ``MAX_DIGITS`` digits and
    lone surrogate escapes are refused.

    Raises:
        RecordError: the reason (no line number; the caller knows it).
        ValueError: the text is not JSON at all (a torn or garbled line).
    """
    if _too_deep(text):
        raise RecordError(f"the JSON is nested more than {MAX_DEPTH} levels deep")
    try:
        obj = (_LENIENT if allow_constants else _DECODER).decode(text)
    except _NotJson as e:
        raise RecordError(str(e)) from None
    except RecursionError:
        raise RecordError(f"the JSON is nested more than {MAX_DEPTH} levels deep") from None
    if "\\ud" in text or "\\uD" in text:
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError("a lone surrogate escape (\\ud800-\\udfff) is not text") from None
    return obj


# ---------------------------------------------------------------------- the header
def _text_field(h: JsonDict, key: str, max_len: int = 64) -> None:
    if key in h and h[key] is not None:
        v = h[key]
        if not isinstance(v, str) or len(v) > max_len or _CONTROL.search(v):
            raise RecordError(f"the header's {key!r} must be text of at most {max_len} "
                              f"characters", 1)


def check_players(players: Any, variant: str) -> list[JsonDict]:
    """Validate the header's ``players``; returns them as the app shows them (names cut
    to ``NAME_SHOWN`` characters).

    Raises:
        RecordError: (line 1) not a list of player objects, a number of players the
            variant is not for, a name that is not text or holds a control character, a
            ``kind`` other than ``human``/``ai``, a ``level`` the picker does not offer.
    """
    from ..variants import VARIANTS
    if not isinstance(players, list) or not players:
        raise RecordError("the header needs a 'players' list", 1)
    info = VARIANTS[variant]
    if not info.min_players <= len(players) <= info.max_players:
        raise RecordError(f"{len(players)} players: {variant} is for {info.min_players} to "
                          f"{info.max_players} players", 1)
    shown = []
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict):
            raise RecordError(f"player {i} is not an object", 1)
        q = dict(p)
        name = p.get("name")
        if name is None:
            q.pop("name", None)      # no name: the app names the seat itself
        else:
            if not isinstance(name, str):
                raise RecordError(f"player {i}: the name must be text", 1)
            if _CONTROL.search(name):
                raise RecordError(f"player {i}: the name holds a control character", 1)
            q["name"] = shown_name(name)
        kind = p.get("kind")
        if kind not in PLAYER_KINDS:
            raise RecordError(f"player {i}: 'kind' must be \"human\" or \"ai\"", 1)
        if "level" in p and not (p["level"] is None and kind == "human"):
            if not isinstance(p["level"], str) or p["level"] not in RECORD_LEVELS:
                raise RecordError(f"player {i}: 'level' must be \"easy\", \"normal\" or "
                                  f"\"hard\"", 1)
        shown.append(q)
    return shown


def check_options(options: Any, variant: str) -> JsonDict:
    """The header's ``options``, checked against the variant's: known keys, values of
    the right type that the rules accept.

    Raises:
        RecordError: (line 1) naming the option.
    """
    from ..variants import VARIANTS, find_variant
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise RecordError("the header's 'options' must be an object", 1)
    defaults = VARIANTS[variant].default_options
    for k, v in options.items():
        if k not in defaults:
            k = k if len(k) <= 40 else k[:39] + "…"
            raise RecordError(f"bad options: {variant} has no option {k!r}", 1)
        want = type(defaults[k])
        if want is bool and not isinstance(v, bool):
            raise RecordError(f"bad options: {k!r} must be true or false", 1)
        if want is int and not _is_int(v):
            raise RecordError(f"bad options: {k!r} must be a whole number", 1)
    try:
        find_variant(variant)(options)
    except (ValueError, TypeError, OverflowError) as e:
        raise RecordError(f"bad options: {e}", 1) from None
    return options


def check_version(h: Any) -> int:
    """The header's format and version (an older one only when it can be upgraded).

    Raises:
        RecordError: (line 1) not a table-app record, a newer or unknown version.
    """
    if not isinstance(h, dict) or h.get("format") != FORMAT:
        raise RecordError("not a table-app game record (the header has no 'format': 'table-app-record')", 1)
    v = h.get("version")
    if not _is_int(v):
        raise RecordError("the header has no version number", 1)
    if v > VERSION:
        raise RecordError(f"record version {v} is newer than this app reads (up to {VERSION})", 1)
    if v < 1 or (v < VERSION and v not in UPGRADES):
        raise RecordError(f"unknown record version {v}", 1)
    return v


def check_header(h: Any) -> JsonDict:
    """Validate (and upgrade) a header object: format, version, variant, options,
    players (count, names, kinds, levels), seed and the text fields.

    Returns:
        the header as the app uses it: a copy with the players' names cut to
        ``NAME_SHOWN`` characters (``Record.file_header`` keeps them as written); a
        header of an older version as it is (check it again once upgraded).

    Raises:
        RecordError: (line 1) not a table-app record, unknown version, and any field of
            the wrong type or out of range, naming it.
    """
    from ..variants import VARIANTS
    if check_version(h) < VERSION:
        old: JsonDict = h
        return old    # checked once upgraded (an older version may differ)
    variant = h.get("variant")
    if not isinstance(variant, str):
        raise RecordError("the header's 'variant' must be a game's id (contract, may_i, "
                          "mexican or michigan)", 1)
    if variant not in VARIANTS:
        shown = variant if len(variant) <= 40 else variant[:39] + "…"
        raise RecordError(f"unknown variant {shown!r}", 1)
    check_options(h.get("options", {}), variant)
    players = check_players(h.get("players"), variant)
    seed = h.get("seed")
    if seed is not None and not (_is_int(seed) and -2 ** 63 <= seed < 2 ** 64):
        raise RecordError("the header's 'seed' must be a whole number", 1)
    for key in ("created", "app_version"):
        _text_field(h, key)
    if "practice" in h and not isinstance(h["practice"], bool):
        raise RecordError("the header's 'practice' must be true or false", 1)
    if "source" in h and h["source"] is not None and not isinstance(h["source"], dict):
        raise RecordError("the header's 'source' must be an object", 1)
    out = dict(h)
    out["players"] = players
    return out


# ---------------------------------------------------------------------- the events
_SEAT_EVENTS = frozenset(("draw", "pass_upcard", "buy", "pass_buy", "go_down", "lay_off",
                          "swap", "discard", "lead", "play"))
_CARD_LISTS = 1000   # the most cards in a deck or a stock order (eight players: 216)


def _cards(v: Any, key: str, t: str, most: int = _CARD_LISTS) -> None:
    if not isinstance(v, list) or len(v) > most or not all(isinstance(c, str) and len(c) <= 4 for c in v):
        if key == "cards":
            raise RecordError("a meld's 'cards' must be a list of card codes")
        raise RecordError(f"{t} event: {key!r} must be a list of card codes")


def _card(d: JsonDict, key: str, t: str, optional: bool = False) -> None:
    if key not in d:
        if optional:
            return
        raise RecordError(f"{t} event without {key!r}")
    v = d[key]
    if optional and v is None:
        return
    if not isinstance(v, str) or len(v) > 4:
        raise RecordError(f"{t} event: {key!r} must be a card code")


def _seat(v: Any, n: int) -> bool:
    return _is_int(v) and 0 <= v < n


def check_event(d: Any, n: int) -> None:
    """Check one event object's fields by type and range (``n`` players) before it is
    parsed: seats, rounds, meld numbers, card codes, and the derived events' scores,
    balances, winners and totals.  Extension (``x-``) events are kept as they are.

    Raises:
        RecordError: naming the field (no line number; the caller adds it).
    """
    if not isinstance(d, dict):
        raise RecordError("an event must be a JSON object")
    t = d.get("type")
    if not isinstance(t, str):
        raise RecordError("an event without a 'type'")
    if t.startswith("x-"):
        if len(t) > 64 or _CONTROL.search(t):
            raise RecordError("an x- event's 'type' must be text of at most 64 characters")
        return
    if t not in EVENT_TYPES:
        shown = t if len(t) <= 40 else t[:39] + "…"
        raise RecordError(f"unknown event type {shown!r}")
    top = n - 1
    if t in _SEAT_EVENTS or "player" in d:
        if not _seat(d.get("player"), n):
            raise RecordError(f"{t} event: 'player' must be a seat number from 0 to {top}")
    if t == "deal":
        r = d.get("round", 1)
        if not (_is_int(r) and 1 <= r <= 100_000):
            raise RecordError(f"{t} event: 'round' must be a whole number from 1")
        if not _seat(d.get("dealer"), n):
            raise RecordError(f"{t} event: 'dealer' must be a seat number from 0 to {top}")
        _cards(d.get("deck"), "deck", t)
    elif t == "restock":
        _cards(d.get("order"), "order", t)
    elif t == "go_down":
        melds = d.get("melds")
        if not isinstance(melds, list) or len(melds) > 100:
            raise RecordError("go_down event without a melds list")
        for m in melds:
            if not isinstance(m, dict):
                raise RecordError("a meld needs 'kind' (set or run) and a 'cards' list")
            _cards(m.get("cards"), "cards", t, 400)
            roles = m.get("roles")
            if roles is not None and not (isinstance(roles, list) and all(
                    r is None or (isinstance(r, str) and len(r) <= 4) for r in roles)):
                raise RecordError("a meld's 'roles' must be a list as long as 'cards'")
    elif t in ("lay_off", "swap"):
        m = d.get("meld")
        if not (_is_int(m) and 0 <= m < 10_000):
            raise RecordError(f"{t} event without a meld number")
        _card(d, "card", t)
        if t == "lay_off":
            _card(d, "role", t, optional=True)
    elif t in ("discard", "lead", "play"):
        _card(d, "card", t)
    elif t == "deal_end":
        r = d.get("round")
        if not (_is_int(r) and 1 <= r <= 100_000):
            raise RecordError(f"{t} event: 'round' must be a whole number from 1")
        if "winner" not in d:
            raise RecordError(f"{t} event without 'winner'")
        w = d["winner"]
        if w is not None and not _seat(w, n):
            raise RecordError(f"{t} event: 'winner' must be a seat number from 0 to {top}, "
                              f"or null")
        for key, check in (("scores", _is_int), ("balances", _number)):
            if key in d and d[key] is not None:
                v = d[key]
                if not (isinstance(v, list) and len(v) == n and all(check(x) for x in v)):
                    if key == "scores":
                        raise RecordError(f"{t} event: {key!r} must be a list of {n} whole numbers")
                    raise RecordError(f"{t} event: {key!r} must be a list of {n} numbers")
    elif t == "game_end":
        tot = d.get("totals", [])
        if not (isinstance(tot, list) and len(tot) in (0, n) and all(_number(x) for x in tot)):
            raise RecordError(f"{t} event: {'totals'!r} must be a list of {n} numbers")
        win = d.get("winners", [])
        if not (isinstance(win, list) and len(win) <= n and all(_seat(w, n) for w in win)):
            raise RecordError(f"{t} event: 'winners' must be a list of seat numbers from 0 "
                              f"to {top}")


def parse_lines(lines: Iterable[str], *, drop_torn_tail: bool = False,
                tail_ended: bool = False) -> Record:
    """Parse the lines of a record: each line bounded (``MAX_LINE_CHARS``,
    ``MAX_DEPTH``), the header and every event checked by type and range.

    Args:
        drop_torn_tail: drop a last line that is not complete JSON (the app's resume
            after a crash) instead of refusing the file.
        tail_ended: the file's last line ended with a newline, so a bad last line was
            written whole (it is "not JSON", not "torn"); a one-line file is never torn.

    Raises:
        RecordError: naming the line and the reason.
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
        if len(text) > MAX_LINE_CHARS:
            raise RecordError(f"the line is longer than {MAX_LINE_CHARS} characters", i)
        try:
            o = loads_line(text)
        except RecordError as e:
            raise RecordError(e.message, i) from None
        except ValueError:
            if drop_torn_tail and i == len(raw) and i > 1:
                break
            torn = i == len(raw) and i > 1 and not tail_ended
            what = "a torn last line" if torn else "a line that is not JSON"
            raise RecordError(f"{what} (not a complete JSON object)", i) from None
        if not isinstance(o, dict):
            raise RecordError("not a JSON object", i)
        objs.append((i, o))
    file_header = objs[0][1]
    header = check_header(file_header)
    events_json = objs[1:]
    v = header["version"]
    if v < VERSION:
        ev = [o for _, o in events_json]
        file_header = dict(file_header)
        while v < VERSION:
            file_header, ev = UPGRADES[v](file_header, ev)
            v += 1
        file_header["version"] = VERSION
        header = check_header(file_header)
        events_json = [(ln, o) for (ln, _), o in zip(events_json, ev)]
    rec = Record(header)
    rec.file_header = {k: x for k, x in file_header.items() if not k.startswith("_")}
    n = len(header["players"])
    for ln, o in events_json:
        try:
            check_event(o, n)
            rec.events.append(event_from_json(o))
        except RecordError as e:
            raise RecordError(e.message, ln) from None
        rec.lines.append(ln)
    return rec


def _file_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (``None``: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def read_bounded(path: StrPath, limit: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, read without blocking on
    a named pipe or reading a device without end.

    Raises:
        UnreadableRecord: the file cannot be opened or read (an ``OSError``).
        RecordError: not a regular file (a folder, a named pipe, a device), or larger
            than ``limit``.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        st = os.stat(path)
        kind = _file_kind(st.st_mode)
        if kind is not None:
            raise RecordError(f"not a regular file ({kind})")
        fd = os.open(path, flags)
    except OSError as e:
        raise UnreadableRecord(f"cannot read {os.fspath(path)}: {e.strerror or e}", e) from None
    try:
        st = os.fstat(fd)
        kind = _file_kind(st.st_mode)
        if kind is not None:
            raise RecordError(f"not a regular file ({kind})")
        if st.st_size > limit:
            raise RecordError(f"the file is larger than {limit // (1024 * 1024)} MiB")
        chunks, size = [], 0
        while size <= limit:
            b = os.read(fd, min(1 << 20, limit + 1 - size))
            if not b:
                break
            chunks.append(b)
            size += len(b)
        if size > limit:
            raise RecordError(f"the file is larger than {limit // (1024 * 1024)} MiB")
        return b"".join(chunks)
    except OSError as e:
        raise UnreadableRecord(f"cannot read {os.fspath(path)}: {e.strerror or e}", e) from None
    finally:
        os.close(fd)


def peek_header(path: StrPath, *, checked: bool = True) -> JsonDict | None:
    """The header of a record that may be damaged further on (what a list of games can
    still show of it): checked, or (``checked=False``) any JSON object line 1 holds;
    ``None`` when even line 1 cannot be used."""
    try:
        data = read_bounded(path)
        first = data[:MAX_LINE_CHARS * 4].split(b"\n", 1)[0].decode("utf-8")
        if first.startswith("\ufeff") or len(first) > MAX_LINE_CHARS:
            return None
        h = loads_line(first)
        if not checked:
            return h if isinstance(h, dict) else None
        return check_header(h)
    except (RecordError, ValueError):
        return None


def read_record(path: StrPath, *, drop_torn_tail: bool = False) -> Record:
    """Read a record file: the one reader of every path that opens a record (``verify``,
    the library, resume, the replay viewer, play on).

    Bounded: only a regular file (no folder, named pipe or device) of at most
    ``MAX_RECORD_BYTES``, lines of at most ``MAX_LINE_CHARS``, JSON nested at most
    ``MAX_DEPTH`` deep; the header and every event are checked by type and range.

    Raises:
        UnreadableRecord: the file cannot be read (an operating-system error).
        RecordError: not a record, naming the line (``line`` is ``None`` for the file
            as a whole: not a regular file, too large).
    """
    data = read_bounded(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError("the file is not UTF-8 text", data.count(b"\n", 0, e.start) + 1) from None
    lines = text.split("\n")
    torn = bool(lines) and lines[-1].strip() != ""
    rec = parse_lines(lines, drop_torn_tail=drop_torn_tail, tail_ended=not torn)
    rec.header.setdefault("_torn_tail_dropped", False)
    if drop_torn_tail and torn and len(lines[-1]) <= MAX_LINE_CHARS:
        try:
            loads_line(lines[-1])
        except RecordError:
            pass
        except ValueError:
            rec.header["_torn_tail_dropped"] = True
    return rec


def engine_for(header: JsonDict, *, auto: bool = False,
               rng: random.Random | None = None) -> Engine:
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


def replay(rec: Record, *, engine: Engine | None = None, stop_at: int | None = None) -> Engine:
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
            raise ReplayError(ln, ev, e.rule, e.reason, eng, error=e) from None
        except RecordError as e:
            raise RecordError(e.message, ln) from None
    return eng


def event_line(ev: Any) -> str:
    """One record line for an event (compact JSON, no newline)."""
    return json.dumps(ev.to_json(), ensure_ascii=False, separators=(", ", ": "))


def dumps(header: JsonDict, events: Iterable[Any]) -> str:
    """A whole record as text."""
    h = {k: v for k, v in header.items() if not k.startswith("_")}
    out = [json.dumps(h, ensure_ascii=False, separators=(", ", ": "))]
    out.extend(event_line(e) for e in events)
    return "\n".join(out) + "\n"


def write_record(path: StrPath, header: JsonDict, events: Iterable[Any]) -> None:
    """Write a whole record atomically (a temporary file, fsync, rename)."""
    path = os.fspath(path)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(dumps(header, events))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def is_deal(ev: Any) -> bool:
    return isinstance(ev, Deal)
