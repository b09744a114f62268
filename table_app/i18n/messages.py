"""Storage messages (``table_app/storage``) in every language, translated where shown.

The storage modules write one-line English messages (they also go to the log): a bad
file moved aside, a write that failed, a record resumed without its torn last line,
a bad setting.  The UI shows them through ``storage_message(msg)``: every English
*template* below becomes a regular expression,
the most literal one that matches the whole message is translated, and its fields are
put back; the fields ``what``, ``reason``, ``why`` and ``where`` are phrases translated
from ``PARTS`` when one matches (else they stay as written: an operating system's own
error text, say).  A message that no template matches stays English.

``tests/test_i18n_messages.py`` checks that every phrase the storage source passes to
``os_error_message`` has a part here and that typical messages come back translated.
"""
from __future__ import annotations

import re
from functools import cache


def N_(msg: str) -> str:  # the extractor reads N_( calls in this file too
    return msg


TEMPLATES: tuple[str, ...] = (
    # files.os_error_message: "<what>: <reason> (<path>)"
    N_("{what}: {reason} ({path})"),
    N_("{what}: {reason}"),
    # library._bad_file: "<file>: <why>; moved to <new>"
    N_("{file}: {why}; moved to {new}"),
    N_("{file}: {why}; could not be moved aside"),
    # settings._aside
    N_("settings file {file}: {why}; moved to {new}, using the defaults"),
    N_("settings file {file}: {why}; left in place, using the defaults"),
    # resume.resume_game
    N_("{file}: the last line was cut off by a crash and was dropped; the game resumes from "
       "the move before it"),
    # a record that can't be read (RecordError: "line 3: not a JSON object"), as the
    # replay viewer and the library show it
    N_("line {n}: {record}"),
    N_("{file}: line {n}: {record}"),
    N_("{file}: {record}"),
    # settings.settings_from_json
    N_("settings: unknown setting {name} ignored"),
    # Translators: a value in the settings file is not valid; {setting} comes as the
    # setting's name as the Settings screen writes it ("Volume"), {value} and {default}
    # as written in the file (JSON: "loud", 0.8, true)
    N_("settings: bad value {value} for {setting}, using the default {default}"),
    # Translators: the picker's default levels of the computer players do not match the
    # number of opponents ({n}); name the setting in words, not its key; {levels} comes
    # as the levels' words: "easy, normal"
    N_("settings: 'default_levels' needs {n} levels, using {levels}"),
    N_("settings: {why}"),
    # settings._keep_and_rewrite: the file as the person had it, kept before it is
    # rewritten with the good values ({new}: settings.json.bad-20261130-100000)
    N_("settings file {file}: some values were not used; the file as it was is kept as {new}"),
    N_("settings file {file}: some values were not used; it is kept as {new} ({what})"),
    N_("settings file {file}: some values were not used; it could not be copied aside, so it "
       "is left as it is"),
    # library: a kept-aside (damaged) record asked to resume; a game open in another window
    N_("{file}: cannot be resumed ({error})"),
    N_("{file} could not be deleted: the game is open in another window"),
    N_("{file}: the game is open in another window"),
)

PARTS: dict = {
    # what could not be done (os_error_message's first argument)
    "what": (
        N_("the game could not be saved (play goes on; saving is retried after the next "
           "move)"),
        N_("the library index could not be read; rebuilding it"),
        N_("the library index could not be saved"),
        N_("the games folder could not be read"),
        N_("{file} could not be deleted"),
        N_("the games folder could not be created"),
        N_("statistics could not be read; recomputed"),
        N_("statistics could not be saved"),
        N_("settings could not be read, using the defaults"),
        N_("settings could not be saved"),
    ),
    # why (os_error_message's reasons)
    "reason": (
        N_("the disk is full"),
        N_("permission denied"),
        N_("the folder is read-only"),
        N_("the disk quota is exceeded"),
    ),
    # why a file was moved aside
    "why": (
        N_("not a valid game record ({error})"),
        N_("cannot be resumed ({error})"),
        N_("the library index is not valid JSON; rebuilt from the records"),
        N_("the library index is not valid JSON ({error}); rebuilt from the records"),
        N_("damaged library index ({name}); rebuilt from the records"),
        N_("not a library index; rebuilt from the records"),
        N_("the library index has no games; rebuilt from the records"),
        N_("library index version {version} is not {n}; rebuilt from the records"),
        N_("damaged library index entry {name} ({error}); rebuilt from the records"),
        N_("statistics file damaged ({error}); recomputed from the records"),
        N_("not valid JSON"),
        N_("not a settings file (not a JSON object)"),
        N_("not a settings file (format {name})"),
        N_("not a settings file (version {version})"),
        N_("settings version {version} is newer than this app reads (up to {n})"),
    ),
    # why a record can't be read (RecordError's messages: engine/record.py,
    # core/actions.py, core/cards.py); the record format's own words (event types, JSON
    # keys) stay as they are
    "record": (
        N_("not a table-app game record (the header has no 'format': 'table-app-record')"),
        N_("the header has no version number"),
        N_("record version {version} is newer than this app reads (up to {n})"),
        N_("unknown record version {version}"),
        N_("unknown variant {name}"),
        N_("the header needs a 'players' list"),
        N_("the header's 'options' must be an object"),
        N_("the file is empty"),
        N_("a torn last line (not a complete JSON object)"),
        N_("a line that is not JSON (not a complete JSON object)"),
        N_("a blank line (every line is one JSON object)"),
        N_("the file starts with a byte-order mark (BOM): a record is UTF-8 without one"),
        N_("not a JSON object"),
        N_("cannot read {path}: {reason}"),
        # the record reader's limits and checks (engine/record.py): every path that opens
        # a record says these, with the line ("line 3: ...")
        N_("not a regular file (a folder)"),
        N_("not a regular file (a named pipe)"),
        N_("not a regular file (a device)"),
        N_("not a regular file (a socket)"),
        N_("not a regular file (not a file)"),
        N_("not a regular file ({kind})"),
        N_("the file is larger than {n} MiB"),
        N_("the line is longer than {n} characters"),
        N_("the JSON is nested more than {n} levels deep"),
        N_("{name} is not a JSON number"),
        N_("a number with more than {n} digits"),
        N_("a lone surrogate escape (\\ud800-\\udfff) is not text"),
        N_("the header's {key} must be text of at most {n} characters"),
        N_("{n} players: {name} is for {low} to {high} players"),
        N_("player {n} is not an object"),
        N_("player {n}: the name must be text"),
        N_("player {n}: the name holds a control character"),
        N_("player {n}: 'kind' must be \"human\" or \"ai\""),
        N_("player {n}: 'level' must be \"easy\", \"normal\" or \"hard\""),
        N_("bad options: {name} has no option {key}"),
        N_("bad options: {key} must be true or false"),
        N_("bad options: {key} must be a whole number"),
        N_("the header's 'variant' must be a game's id (contract, may_i, mexican or michigan)"),
        N_("the header's 'seed' must be a whole number"),
        N_("the header's 'practice' must be true or false"),
        N_("the header's 'source' must be an object"),
        N_("a meld's 'cards' must be a list of card codes"),
        N_("{event} event: {key} must be a list of card codes"),
        N_("{event} event: {key} must be a card code"),
        N_("{event} event: 'player' must be a seat number from 0 to {n}"),
        N_("{event} event: 'round' must be a whole number from 1"),
        N_("{event} event: 'dealer' must be a seat number from 0 to {n}"),
        N_("{event} event: 'winner' must be a seat number from 0 to {n}, or null"),
        N_("{event} event: {key} must be a list of {n} whole numbers"),
        N_("{event} event: {key} must be a list of {n} numbers"),
        N_("{event} event: 'winners' must be a list of seat numbers from 0 to {n}"),
        N_("{event} event without a meld number"),
        N_("an x- event's 'type' must be text of at most 64 characters"),
        N_("{event} event without 'winner'"),
        # the library: a damaged record whose reason was lost with the index, a file that
        # broke the reader in a way it does not name
        N_("kept aside as damaged earlier; it reads as a record now (rename it to end in "
           ".jsonl to list it as a game again)"),
        N_("cannot be read ({error})"),
        N_("the file is not UTF-8 text"),
        N_("bad options: {error}"),
        N_("{event} event after the end of the game"),
        N_("{event} event without a seat number in 'player'"),
        N_("{event} event without {key}"),
        N_("deal event without a deck list"),
        N_("deal event needs integer 'round' and 'dealer'"),
        N_("restock event without an order list"),
        N_("draw event needs 'from': 'stock' or 'discard'"),
        N_("a meld needs 'kind' (set or run) and a 'cards' list"),
        N_("a meld's 'roles' must be a list as long as 'cards'"),
        N_("go_down event without a melds list"),
        N_("lay_off event without a meld number"),
        N_("swap event without a meld number"),
        N_("an event must be a JSON object"),
        N_("an event without a 'type'"),
        N_("unknown event type {event}"),
        N_("not an action: {text}"),
        N_("not a card code: {text}"),
        N_("too many copies of {card}"),
    ),
}

_FIELD_RE = {
    "event": r"[a-z_-]+|None|'[^']*'",
    "low": r"\d+",
    "high": r"\d+",
    "key": r"'[^']*'",
    "file": r"\S+",
    "new": r"\S+",
    "n": r"\d+",
    "version": r"\S+",
    "name": r"'[^']*'|\"[^\"]*\"|\S+",
    "levels": r"\[[^\]]*\]",
    "setting": r"'[a-z_0-9]*'",
}
_FIELD = re.compile(r"\{([a-z_]+?)(\d*)\}")


@cache
def _compiled(pool: str) -> tuple:
    entries = TEMPLATES if pool == "templates" else PARTS[pool]
    out = []
    for t in entries:
        pos = 0
        rx = []
        for m in _FIELD.finditer(t):
            rx.append(re.escape(t[pos:m.start()]))
            name = m.group(1)
            if name in ("what", "record"):  # only the phrases we know ("<what>: ...")
                pat = "|".join(f"(?:{r.pattern})" for r, _t in _compiled_plain(name))
            else:
                pat = _FIELD_RE.get(name, r".+?")
            rx.append(f"(?P<{name}{m.group(2)}>{pat})")
            pos = m.end()
        rx.append(re.escape(t[pos:]))
        out.append((len(_FIELD.sub("", t)), re.compile("".join(rx), re.S), t))
    out.sort(key=lambda x: -x[0])
    return tuple((rx, t) for _, rx, t in out)


@cache
def _compiled_plain(pool: str) -> tuple:
    """A pool's patterns without named groups (to embed in another pattern)."""
    out = []
    for t in PARTS[pool]:
        pos = 0
        rx = []
        for m in _FIELD.finditer(t):
            rx.append(re.escape(t[pos:m.start()]))
            rx.append(f"(?:{_FIELD_RE.get(m.group(1), r'.+?')})")
            pos = m.end()
        rx.append(re.escape(t[pos:]))
        out.append((re.compile("".join(rx), re.S), t))
    return tuple(out)


def match_message(text: str, pool: str = "templates"):
    """The template that matches an English message, and its fields; ``None``."""
    for rx, t in _compiled(pool):
        m = rx.fullmatch(text)
        if m:
            return t, m.groupdict()
    return None


def _translate(text: str, lang: str, pool: str) -> str | None:
    from . import translation
    hit = match_message(text, pool)
    if hit is None:
        return None
    t, groups = hit
    msg = t if lang == "en" else translation(lang).gettext(t)
    if lang != "en" and msg == t and re.search(r"[A-Za-z]", _FIELD.sub("", t)):
        return None  # not translated yet
    fields = {}
    for k, v in groups.items():
        base = k.rstrip("0123456789")
        if base in PARTS:
            fields[k] = _translate(v, lang, base) or v
        elif base == "levels":  # "['easy', 'normal']": "лёгкий, обычный"
            fields[k] = _levels(v, lang)
        elif base == "setting":  # "'volume'": "Громкость"
            fields[k] = setting_name(v.strip("'"), lang)
            if lang == "en":   # the catalogs quote it themselves («Громкость»)
                fields[k] = f"“{fields[k]}”"
        elif base == "error":  # a record's error ("line 3: not a JSON object"); a rule's
            # refusal, known here only by its English verify line, stays as it is (no
            # sentence is parsed back: the rules' refusals are put into words from data)
            fields[k] = (_translate(v, lang, "templates") or _translate(v, lang, "record") or v)
        else:
            fields[k] = v
    try:
        return msg.format(**fields)
    except (KeyError, IndexError, ValueError):
        return None


def _levels(text: str, lang: str) -> str:
    """A list of computer players' levels as the settings message writes it
    (``['easy', 'normal']``) in words of ``lang``, separated by commas."""
    from . import tr
    from .strings import LEVELS
    names = re.findall(r"'([^']*)'", text)
    if not names:
        return text
    return ", ".join(tr(LEVELS[x], lang) if x in LEVELS else x for x in names)


def setting_name(key: str, lang: str | None = None) -> str:
    """A setting's name in words of ``lang`` (default: the current language), as the
    Settings screen labels it (``"volume"`` -> ``"Громкость"``); a stored setting the
    screen does not show by its own words (``"window_size"`` -> ``"Размер окна"``); an
    unknown key as it is."""
    from . import current_language, tr
    from .strings import SETTING_NAMES, STORED_SETTING_NAMES
    lang = current_language() if lang is None else lang
    name = SETTING_NAMES.get(key) or STORED_SETTING_NAMES.get(key)
    return key if name is None else tr(name, lang)


def storage_message(msg: str, lang: str | None = None) -> str:
    """A storage message in ``lang`` (default: the current language); unknown messages
    come back unchanged, and English as written except that a bad setting is named in
    words."""
    from . import current_language
    lang = current_language() if lang is None else lang
    if not msg:
        return msg
    if lang == "en":
        # English as written, but a setting named in words as the Settings screen names
        # it ("bad value 3 for Volume", not "for 'volume'")
        if " for '" not in msg:
            return msg
        out = _translate(msg, "en", "templates")
        return msg if out is None else out
    out = _translate(msg, lang, "templates")
    if out is None:   # a record reader's reason alone ("not a regular file (a folder)")
        out = _translate(msg, lang, "record")
    return msg if out is None else out


__all__ = ["TEMPLATES", "PARTS", "match_message", "setting_name", "storage_message"]
