"""SoundBoard: plays with the dummy audio driver, stays silent (never raises) without
a mixer or without files; the generated WAVs are short, quiet and well-formed."""
import os
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from table_app.ui import sound as sound_mod  # noqa: E402
from table_app.ui.sound import SOUND_NAMES, SoundBoard  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def board():
    b = SoundBoard(volume=0.5)
    yield b
    b.stop()


def test_plays_with_the_dummy_driver(board):
    if not board.mixer_ok:
        pytest.skip("SDL has no dummy audio driver here")
    assert board.available
    assert set(board.names) == set(SOUND_NAMES)
    assert board.missing == []
    for name in SOUND_NAMES:
        board.play(name)  # must not raise; returns whether a channel took it
    assert board.play("no-such-sound") is False


def test_volume_and_mute(board):
    board.set_volume(2.0)
    assert board.volume == 1.0
    board.set_volume(-1)
    assert board.volume == 0.0
    assert board.play("deal") is False  # silent at volume 0
    board.set_volume(0.4)
    assert board.volume == pytest.approx(0.4)
    board.set_volume("loud")  # nonsense is treated as silence, not an error
    assert board.volume == 0.0
    board.set_volume(0.4)
    assert board.muted is False
    board.muted = True
    assert board.muted is True
    assert board.play("deal") is False
    assert board.toggle_mute() is False
    assert board.muted is False
    board.set_enabled(False)
    assert board.muted is True
    board.set_enabled(True)
    assert board.muted is False


def test_silent_when_mixer_init_fails(monkeypatch):
    def boom(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", boom)
    b = SoundBoard()
    assert not b.mixer_ok and not b.available
    assert set(b.missing) == set(SOUND_NAMES)
    for name in SOUND_NAMES:
        assert b.play(name) is False
    b.set_volume(0.3)
    b.muted = True
    b.muted = False
    b.stop()


def test_silent_when_a_file_is_missing(monkeypatch, tmp_path):
    real = sound_mod.asset_path

    def fake(rel):
        if rel.endswith("deal.wav"):
            return tmp_path / "nowhere" / "deal.wav"
        return real(rel)

    monkeypatch.setattr(sound_mod, "asset_path", fake)
    b = SoundBoard()
    assert "deal" in b.missing
    assert b.play("deal") is False
    b.play("place")  # the others still work (or are silent), never raise
    b.stop()


def test_silent_when_a_file_is_garbage(monkeypatch, tmp_path):
    bad = tmp_path / "sounds" / "error.wav"
    bad.parent.mkdir()
    bad.write_bytes(b"not a wav file")
    real = sound_mod.asset_path
    monkeypatch.setattr(sound_mod, "asset_path",
                        lambda rel: bad if rel.endswith("error.wav") else real(rel))
    b = SoundBoard()
    assert "error" in b.missing
    assert b.play("error") is False


def test_silent_when_the_mixer_module_is_broken(monkeypatch):
    class Broken:
        def __getattr__(self, name):
            raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(pygame, "mixer", Broken())
    b = SoundBoard()
    assert not b.available
    assert b.play("deal") is False
    b.stop()
    b.set_volume(0.5)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_generated_wavs_are_short_quiet_mono_16bit(name):
    path = ROOT / "sounds" / f"{name}.wav"
    assert path.is_file(), "run sounds/generate.py"
    with wave.open(str(path)) as w:
        assert w.getframerate() == 22050
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        secs = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    limit = 2.0 if name in ("shuffle", "go_out") else 1.0
    assert 0.05 < secs < limit
    import array
    samples = array.array("h", frames)
    peak = max(abs(v) for v in samples) / 32767
    assert 0.05 < peak <= 0.4  # audible but quiet
    assert abs(samples[0]) < 400 and abs(samples[-1]) < 400  # no click at the ends


def test_generator_is_reproducible(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("sounds_generate", ROOT / "sounds" / "generate.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen.write("place", gen.make_place(), tmp_path)
    assert (tmp_path / "place.wav").read_bytes() == (ROOT / "sounds" / "place.wav").read_bytes()
