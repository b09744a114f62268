"""Settings: a validated JSON file (``<config>/settings.json``) read into a frozen
dataclass.

``load_settings()`` never raises: every value is checked by type and range against its
setting's definition (``_VALIDATORS``; the picker's last options against the options of
the game they belong to, ``VARIANT_OPTIONS``).  An unknown key or a bad value is reported
(one line each in the returned messages) and replaced by the default; the file as the
person had it is then first kept beside (``settings.json.bad-YYYYmmdd-HHMMSS``), and only
then rewritten with what was good in it, so the next start is clean and nothing the
person wrote is lost.  A file that is not a settings file at all (not JSON, not an
object, another format, a newer version, nested too deep) is moved aside and the
defaults are used.  ``save_settings`` replaces the file atomically.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..variants.specs import VARIANT_SPECS
from . import paths
from .files import atomic_write_json, keep_copy, move_aside, os_error_message, read_json_file

log = logging.getLogger(__name__)

FORMAT = "table-app-settings"
VERSION = 1

LANGUAGES = ("system", "en", "ru", "uk")
CARD_SIZES = ("small", "medium", "large")
AI_LEVELS = ("easy", "normal", "hard")
VARIANT_IDS = tuple(VARIANT_SPECS)  # the games, in the picker's order
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")


@dataclass(frozen=True)
class Settings:
    """Every setting with its default.

    Attributes:
        language: ``"system"`` (the system locale), ``"en"``, ``"ru"`` or ``"uk"``.
        animation_speed: multiplier of animation speed, 0.25..4 (1 = normal).
        skip_animations: cards jump straight to their places.
        ai_speed: multiplier of the AI's visible pace, 0.25..4 (1 = normal).
        sound_on, volume: sound, volume 0..1.
        card_size: ``"small"``, ``"medium"`` or ``"large"``.
        four_color: a 4-colour deck; large_index: large corner indices.
        card_back: the name of a card back, one of ``CARD_BACKS``.
        auto_pass_buys: answer buying windows with "pass" automatically.
        buy_countdown_s: seconds May I?'s buying window waits for an answer, 0..30
            (0: no countdown).
        call_countdown_s: seconds Contract's call window (CR-5) waits for an answer,
            0..30 (0: no countdown).  A countdown never passes for a player who is
            there (``ui.table.buypanel``).
        ask_only_fitting: offer a card to buy or call only when it fits the hand
            (``ui.table.fits``); the table passes the others.  On for a new player; a
            settings file written before this setting existed keeps being asked every
            time (the key missing from it reads as off).
        michigan_pause_s: seconds Michigan's table stays on a stop and on a pay card
            taken (MG-7, MG-9), 0..10.
        confirm_go_down: ask before going down.
        default_variant, default_players, default_levels: the picker's defaults
            (``default_levels``: one AI level per opponent seat).
        last_variant, last_players, last_levels, last_names, last_options: the picker's
            last choices (``None`` / empty until a game was started).
        fullscreen: start full-screen (F11 toggles it); window_size: ``[width, height]``
            of the window.
        ui_scale: the size of everything drawn, in per cent (100..200) of the screen's
            own scale: for a HiDPI screen where nothing scales by itself (X11).
        ai_cores: cores a hard decision (and the hint) may use, 0..4: ``0`` automatic
            (``ai.pool.auto_cores``: all the machine's but one, at most 4), ``1`` one (no worker
            processes); the rest search more worlds in the same time (issue 18).
    """
    language: str = "system"
    animation_speed: float = 1.0
    skip_animations: bool = False
    ai_speed: float = 1.0
    sound_on: bool = True
    volume: float = 0.8
    card_size: str = "medium"
    four_color: bool = False
    large_index: bool = False
    card_back: str = "blue"
    auto_pass_buys: bool = False
    buy_countdown_s: float = 5.0
    call_countdown_s: float = 8.0
    ask_only_fitting: bool = True
    michigan_pause_s: float = 1.5
    confirm_go_down: bool = True
    default_variant: str = "may_i"
    default_players: int = 4
    default_levels: tuple[str, ...] = ("normal", "normal", "normal")
    last_variant: str | None = None
    last_players: int | None = None
    last_levels: tuple[str, ...] = ()
    last_names: tuple[str, ...] = ()
    last_options: dict = field(default_factory=dict)
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    ui_scale: int = 100
    ai_cores: int = 0

    def replace(self, **changes) -> Settings:
        """A copy with ``changes``, validated.

        Raises:
            ValueError: an unknown key or a bad value (naming it).
        """
        for k, v in changes.items():
            if k not in _VALIDATORS:
                raise ValueError(f"unknown setting {k!r}")
            ok, val = _VALIDATORS[k](v)
            if not ok:
                raise ValueError(f"bad value for setting {k!r}: {v!r}")
            changes[k] = val
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict:
        d: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        for f in fields(self):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d


# ---------------------------------------------------------------- validators
# each returns (ok, normalised value)

def _bool(v):
    return (isinstance(v, bool), v)


def _num(lo: float, hi: float) -> Callable:
    def check(v):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            return False, v
        return lo <= v <= hi, float(v)
    return check


def _int(lo: int, hi: int) -> Callable:
    def check(v):
        return (isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi), v
    return check


def _choice(options: tuple, allow_none: bool = False) -> Callable:
    def check(v):
        if v is None:
            return allow_none, v
        return (isinstance(v, str) and v in options), v
    return check


def _levels(max_len: int = 7, min_len: int = 0) -> Callable:
    def check(v):
        if isinstance(v, (list, tuple)) and min_len <= len(v) <= max_len \
                and all(isinstance(x, str) and x in AI_LEVELS for x in v):
            return True, tuple(v)
        return False, v
    return check


def _names(v):
    if isinstance(v, (list, tuple)) and len(v) <= 8 and all(
            isinstance(x, str) and 0 < len(x) <= 40 and x.isprintable() for x in v):
        return True, tuple(v)
    return False, v


#: the card backs the card art draws (``ui.cardart.BACK_STYLES``; a test keeps them alike):
#: a name it doesn't know would stop the table when it draws a back
CARD_BACKS = ("blue", "red", "green", "purple", "black")


def _card_back(v):
    return (isinstance(v, str) and bool(_NAME_RE.match(v)) and v in CARD_BACKS), v


def _options(v):
    if not isinstance(v, dict) or len(v) > 32:
        return False, v
    for k, x in v.items():
        if not isinstance(k, str) or not isinstance(x, (bool, int, float, str)):
            return False, v
    return True, dict(v)


def _window(v):
    if isinstance(v, (list, tuple)) and len(v) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) and 200 <= x <= 8192 for x in v):
        return True, tuple(v)
    return False, v


def _players_or_none(v):
    if v is None:
        return True, v
    return _int(2, 8)(v)


_VALIDATORS: dict[str, Callable[[Any], tuple[bool, Any]]] = {
    "language": _choice(LANGUAGES),
    "animation_speed": _num(0.25, 4.0),
    "skip_animations": _bool,
    "ai_speed": _num(0.25, 4.0),
    "sound_on": _bool,
    "volume": _num(0.0, 1.0),
    "card_size": _choice(CARD_SIZES),
    "four_color": _bool,
    "large_index": _bool,
    "card_back": _card_back,
    "auto_pass_buys": _bool,
    "buy_countdown_s": _num(0.0, 30.0),
    "call_countdown_s": _num(0.0, 30.0),
    "ask_only_fitting": _bool,
    "michigan_pause_s": _num(0.0, 10.0),
    "confirm_go_down": _bool,
    "default_variant": _choice(VARIANT_IDS),
    "default_players": _int(2, 8),
    "default_levels": _levels(7, 1),
    "last_variant": _choice(VARIANT_IDS, allow_none=True),
    "last_players": _players_or_none,
    "last_levels": _levels(7, 0),
    "last_names": _names,
    "last_options": _options,
    "fullscreen": _bool,
    "window_size": _window,
    "ui_scale": _int(100, 200),
    "ai_cores": _int(0, 4),
}
assert set(_VALIDATORS) == {f.name for f in fields(Settings)}

#: the options of each game as the picker offers them (``last_options`` is checked
#: against the game it belongs to: ``last_variant``, else ``default_variant``)
VARIANT_OPTIONS: dict[str, dict[str, Callable[[Any], tuple[bool, Any]]]] = {
    "contract": {"deuces_wild": _bool},
    "may_i": {},
    "mexican": {},
    "michigan": {"rotations": _int(1, 5)},
}
assert set(VARIANT_OPTIONS) == set(VARIANT_IDS)


def options_for(variant: str | None, options: dict) -> tuple[dict, dict]:
    """``(good, bad)``: the options of ``variant`` in ``options`` that the picker can
    offer, and the others (unknown for that game, or a bad value)."""
    spec = VARIANT_OPTIONS.get(variant or "", {})
    good, bad = {}, {}
    for k, v in options.items():
        ok, val = spec[k](v) if k in spec else (False, v)
        if ok:
            good[k] = val
        else:
            bad[k] = v
    return good, bad


def _shown(v) -> str:
    """A value as a message shows it: JSON, at most 40 characters."""
    try:
        shown = json.dumps(list(v) if isinstance(v, tuple) else v, ensure_ascii=False)
    except (TypeError, ValueError):
        shown = "?"
    return shown if len(shown) <= 40 else shown[:37] + "..."


def settings_from_json(obj: Any) -> tuple[Settings, list[str]]:
    """Validate a settings object.  Returns the settings and one message per unknown key
    or bad value (each replaced by its default).

    Raises:
        ValueError: not a settings object at all (not an object, another format, a newer
            version).
    """
    if not isinstance(obj, dict):
        raise ValueError("not a settings file (not a JSON object)")
    fmt = obj.get("format", FORMAT)
    if fmt != FORMAT:
        raise ValueError(f"not a settings file (format {fmt!r})")
    ver = obj.get("version", VERSION)
    if not isinstance(ver, int) or isinstance(ver, bool) or ver < 1:
        raise ValueError(f"not a settings file (version {ver!r})")
    if ver > VERSION:
        raise ValueError(f"settings version {ver} is newer than this app reads (up to {VERSION})")
    defaults = Settings()
    values: dict[str, Any] = {}
    messages: list[str] = []
    for k, v in obj.items():
        if k in ("format", "version"):
            continue
        if k not in _VALIDATORS:
            shown = k if len(k) <= 40 else k[:37] + "..."
            messages.append(f"settings: unknown setting {shown!r} ignored")
            continue
        ok, val = _VALIDATORS[k](v)
        if ok:
            values[k] = val
        else:
            messages.append(f"settings: bad value {_shown(v)} for {k!r}, using the default "
                            f"{_shown(getattr(defaults, k))}")
    # a file from before "ask only when the card fits" existed: its player was asked
    # every time, and keeps being asked so (a new player's default is on)
    if "ask_only_fitting" not in obj:
        values["ask_only_fitting"] = False
    # cross-field checks: one default level per opponent; the last options are those of
    # the game they belong to
    s = dataclasses.replace(defaults, **values)
    if len(s.default_levels) != s.default_players - 1:
        lv = tuple((list(s.default_levels) + ["normal"] * 8)[: max(s.default_players - 1, 1)])
        messages.append(f"settings: 'default_levels' needs {s.default_players - 1} levels, "
                        f"using {list(lv)}")
        s = dataclasses.replace(s, default_levels=lv)
    variant = s.last_variant or s.default_variant
    good, bad = options_for(variant, s.last_options)
    if bad:
        from ..variants import VARIANTS
        shown = {**VARIANTS[variant].default_options, **good} if variant in VARIANTS else good
        messages.append(f"settings: bad value {_shown(bad)} for 'last_options', using the "
                        f"default {_shown(shown)}")
        s = dataclasses.replace(s, last_options=good)
    return s, messages


def load_settings(path: str | os.PathLike | None = None) -> tuple[Settings, list[str]]:
    """Read the settings file.  Never raises.

    Returns:
        ``(settings, messages)``; a missing file gives the defaults and no message.  A
        file with bad values gives the good ones and the defaults for the others: the
        file as it was is kept beside (named in the last message) and then rewritten.
        A file that cannot be used at all is moved aside and named in a message.
    """
    path = Path(path) if path is not None else paths.settings_path()
    try:
        obj = read_json_file(path, allow_constants=True)
    except FileNotFoundError:
        return Settings(), []
    except OSError as e:
        return Settings(), [os_error_message(e, "settings could not be read, using the defaults")]
    except ValueError as e:
        return Settings(), [_aside(path, "not valid JSON" if getattr(e, "not_json", True)
                                   else str(e))]
    try:
        s, messages = settings_from_json(obj)
    except ValueError as e:
        return Settings(), [_aside(path, str(e))]
    except Exception as e:  # noqa: BLE001 - a settings file never stops the app
        # (a shape the validators did not foresee: a bug there, so the traceback is logged)
        log.exception("reading the settings file %s", path)
        return Settings(), [_aside(path, f"not a settings file ({type(e).__name__})")]
    if messages:
        messages.append(_keep_and_rewrite(path, s))
    return s, messages


def _keep_and_rewrite(path: Path, s: Settings) -> str:
    """Keep the file as the person had it beside, then write the good settings."""
    kept = keep_copy(path)
    if kept is None:
        return (f"settings file {path.name}: some values were not used; it could not be "
                f"copied aside, so it is left as it is")
    err = save_settings(s, path)
    if err:
        return (f"settings file {path.name}: some values were not used; it is kept as "
                f"{kept.name} ({err})")
    return (f"settings file {path.name}: some values were not used; the file as it was is "
            f"kept as {kept.name}")


def _aside(path: Path, why: str) -> str:
    new = move_aside(path)
    where = f"moved to {new.name}" if new else "left in place"
    return f"settings file {path.name}: {why}; {where}, using the defaults"


def save_settings(settings: Settings, path: str | os.PathLike | None = None) -> str | None:
    """Write the settings atomically.  Returns ``None``, or a one-line message when the
    file could not be written (the old file is intact)."""
    try:
        path = Path(path) if path is not None else paths.settings_path(create_dir=True)
        atomic_write_json(path, settings.to_json())
    except OSError as e:
        return os_error_message(e, "settings could not be saved")
    return None
