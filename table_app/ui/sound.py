"""Sound effects for the table, silent when there is no audio device.

    sounds = SoundBoard(volume=0.6)
    sounds.play("deal")
    sounds.set_volume(0.3); sounds.muted = True

The WAV files (``sounds/NAME.wav``, written by ``sounds/generate.py``) are found through
``table_app.assets.asset_path``.  If ``pygame.mixer`` cannot start (no sound device, no
SDL audio) or a file is missing or unreadable, the board stays silent for that sound
and never raises: a card game must run on a machine without speakers.
"""
from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterable
from typing import Any

import pygame

from table_app.assets import asset_path

__all__ = ["SoundBoard", "SOUND_NAMES", "quiet_native_stderr"]

log = logging.getLogger(__name__)

SOUND_NAMES = ("shuffle", "deal", "draw", "place", "buy", "go_down", "go_out", "chips",
               "error", "your_turn")


@contextlib.contextmanager
def quiet_native_stderr():
    """Silence what C libraries write to file descriptor 2 for the duration (ALSA prints
    a dozen "Unknown PCM default" lines when SDL probes for a sound device that isn't
    there).  Python errors are still raised as usual."""
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    if v != v:  # NaN
        return 0.0
    return min(1.0, max(0.0, v))


class SoundBoard:
    """Loads the table's sound effects once and plays them by name.

    ``available`` tells whether the mixer started and at least one sound loaded;
    ``missing`` lists the names that could not be loaded.
    """

    def __init__(self, volume: float = 0.7, muted: bool = False,
                 names: Iterable[str] = SOUND_NAMES, channels: int = 16, lazy: bool = False):
        """``lazy``: the sounds load on their first ``play`` or on ``load_all()`` (the app
        calls it after its first frame: loading them took about a quarter of the time to
        the picker's first frame)."""
        self._volume = _clamp(volume)
        self._muted = bool(muted)
        self._sounds: dict[str, Any] = {}  # pygame.mixer.Sound, or a stand-in in tests
        self.missing: list[str] = []
        self.mixer_ok = False
        names = tuple(names)
        try:
            with quiet_native_stderr():
                pygame.mixer.init()
            self.mixer_ok = bool(pygame.mixer.get_init())
            if self.mixer_ok and pygame.mixer.get_num_channels() < channels:
                pygame.mixer.set_num_channels(channels)
        except Exception as exc:  # no device, no SDL audio, mixer module missing
            log.info("sound disabled: %s", exc)
            self.mixer_ok = False
        self._pending: list[str] = list(names) if self.mixer_ok else []
        if not self.mixer_ok:
            self.missing.extend(names)
        if not lazy:
            self.load_all()

    def load_all(self) -> None:
        """Load the sounds not loaded yet."""
        while self._pending:
            self._load_one(self._pending[0])

    def _load_one(self, name: str):
        if name in self._pending:
            self._pending.remove(name)
            snd = self._load(name)
            if snd is None:
                self.missing.append(name)
            else:
                try:
                    snd.set_volume(self._volume)
                except Exception:
                    pass
                self._sounds[name] = snd
        return self._sounds.get(name)

    @staticmethod
    def _load(name: str):
        try:
            path = asset_path(f"sounds/{name}.wav")
            if not path.is_file():
                log.info("sound %r missing at %s", name, path)
                return None
            return pygame.mixer.Sound(str(path))
        except Exception as exc:
            log.info("sound %r not loaded: %s", name, exc)
            return None

    # -- state ---------------------------------------------------------------------
    @property
    def available(self) -> bool:
        return self.mixer_ok and bool(self._sounds or self._pending)

    @property
    def names(self) -> tuple[str, ...]:
        """Names of the sounds that loaded."""
        self.load_all()
        return tuple(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Master volume, clamped to 0..1."""
        self._volume = _clamp(volume)
        self._apply_volume()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self.stop()

    def set_enabled(self, enabled: bool) -> None:
        """Settings hook: ``set_enabled(False)`` is ``muted = True``."""
        self.muted = not enabled

    def toggle_mute(self) -> bool:
        self.muted = not self._muted
        return self._muted

    def _apply_volume(self) -> None:
        for snd in self._sounds.values():
            try:
                snd.set_volume(self._volume)
            except Exception:
                pass

    # -- playing -------------------------------------------------------------------
    def play(self, name: str) -> bool:
        """Play a sound by name; returns whether it started.  Unknown names, a muted
        board, a missing file or a failing mixer are all silent no-ops."""
        if self._muted or self._volume <= 0.0:
            return False
        snd = self._sounds.get(name)
        if snd is None and name in self._pending:
            snd = self._load_one(name)
        if snd is None:
            return False
        try:
            return snd.play() is not None
        except Exception as exc:
            log.debug("sound %r failed to play: %s", name, exc)
            return False

    def stop(self) -> None:
        """Stop everything that is playing."""
        if not self.mixer_ok:
            return
        try:
            pygame.mixer.stop()
        except Exception:
            pass
