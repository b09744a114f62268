"""Synthesise the table's sound effects with the standard library only.

    python sounds/generate.py            # writes NAME.wav into this folder

22050 Hz, mono, 16-bit PCM; short (under a second, the shuffle and the go-out
fanfare under two) and quiet (peaks well below full scale).  Every sound is made from
seeded noise and sine partials, so the output is the same on every run.  The sounds are
the project's own work (MIT, see ``LICENSE``).

    shuffle  a riffle: a run of tiny card clicks that speeds up and slows down
    deal     a quick swish with a light landing tap
    draw     a softer, longer slide off the stock
    place    a card set down on the felt
    buy      a two-note chime (a card bought out of turn)
    go_down  a soft rising strum (a hand laid down)
    go_out   a celebratory arpeggio ending in a chord
    chips    a small clatter of chips
    error    a soft low bump for an illegal drop
    your_turn  two soft rising notes: the player's turn has come, or an offer to buy or call
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent
TAU = 2 * math.pi


# --- building blocks ----------------------------------------------------------------

def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix_into(buf: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``src`` into ``buf`` starting at ``at`` seconds (``buf`` grows if needed)."""
    start = int(at * RATE)
    end = start + len(src)
    if end > len(buf):
        buf.extend([0.0] * (end - len(buf)))
    for i, v in enumerate(src):
        buf[start + i] += v * gain


def envelope(n: int, attack: float, decay: float, hold: float = 0.0) -> list[float]:
    """Linear attack (s), optional hold (s), then exponential decay (time constant s)."""
    a, h = max(1, int(attack * RATE)), int(hold * RATE)
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        elif i < a + h:
            out.append(1.0)
        else:
            out.append(math.exp(-(i - a - h) / (decay * RATE)))
    return out


def noise(n: int, rnd: random.Random) -> list[float]:
    return [rnd.uniform(-1.0, 1.0) for _ in range(n)]


def bandpass(x: list[float], f0, q: float = 1.0) -> list[float]:
    """RBJ biquad band-pass; ``f0`` is a number or a function of the sample index."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    fixed = not callable(f0)
    if fixed:
        coeffs = _bp_coeffs(f0, q)
    for i, v in enumerate(x):
        if not fixed and i % 16 == 0:
            coeffs = _bp_coeffs(f0(i), q)
        b0, b2, a1, a2 = coeffs
        y = b0 * v + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, v
        y2, y1 = y1, y
        out.append(y)
    return out


def _bp_coeffs(f0: float, q: float):
    w0 = TAU * min(f0, RATE * 0.45) / RATE
    alpha = math.sin(w0) / (2 * q)
    a0 = 1 + alpha
    return alpha / a0, -alpha / a0, -2 * math.cos(w0) / a0, (1 - alpha) / a0


def lowpass(x: list[float], cutoff: float) -> list[float]:
    k = 1 - math.exp(-TAU * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += k * (v - y)
        out.append(y)
    return out


def tone(freq: float, seconds: float, partials=((1, 1.0, 1.0),), decay: float = 0.3,
         attack: float = 0.004, glide_to: float | None = None) -> list[float]:
    """A decaying tone: ``partials`` are (multiple, amplitude, decay factor); a bell
    uses upper partials that die sooner.  ``glide_to`` slides the pitch."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for mult, amp, dk in partials:
        phase = 0.0
        tau = decay * dk * RATE
        for i in range(n):
            f = freq if glide_to is None else freq + (glide_to - freq) * (i / n)
            phase += TAU * f * mult / RATE
            env = (i / (attack * RATE) if i < attack * RATE else 1.0) * math.exp(-i / tau)
            out[i] += amp * env * math.sin(phase)
    return out


def bell(freq: float, seconds: float, decay: float = 0.35) -> list[float]:
    return tone(freq, seconds, partials=((1, 1.0, 1.0), (2, 0.35, 0.45), (3, 0.12, 0.3),
                                         (4.2, 0.05, 0.2)), decay=decay)


def click(rnd: random.Random, center: float = 3000.0, length: float = 0.012,
          decay: float = 0.0025) -> list[float]:
    n = int(length * RATE)
    env = envelope(n, 0.0004, decay)
    return [a * b for a, b in zip(bandpass(noise(n, rnd), center, 1.2), env)]


def finish(buf: list[float], peak: float, tail: float = 0.015) -> list[float]:
    """Normalise to ``peak`` (of full scale), fade in over 4 ms and out over ``tail``
    seconds so nothing clicks."""
    m = max(1e-9, max(abs(v) for v in buf))
    out = [v * peak / m for v in buf]
    fade = min(int(0.004 * RATE), len(out))
    for i in range(fade):
        out[i] *= i / fade
    fade = min(int(tail * RATE), len(out))
    for i in range(fade):
        out[-1 - i] *= (i / fade) ** 2
    return out


def write(name: str, buf: list[float], out_dir: Path = HERE) -> Path:
    path = out_dir / f"{name}.wav"
    frames = struct.pack(f"<{len(buf)}h", *(max(-32767, min(32767, int(round(v * 32767)))) for v in buf))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path


# --- the sounds -----------------------------------------------------------------------

def make_deal() -> list[float]:
    rnd = random.Random(1)
    n = int(0.13 * RATE)
    swish = bandpass(noise(n, rnd), lambda i: 4200 - 2600 * i / n, 0.9)
    env = envelope(n, 0.012, 0.03)
    buf = [a * b for a, b in zip(swish, env)]
    tap = [a * b for a, b in zip(lowpass(noise(int(0.05 * RATE), rnd), 1500),
                                 envelope(int(0.05 * RATE), 0.001, 0.008))]
    mix_into(buf, tap, 0.1, 0.9)
    mix_into(buf, tone(170, 0.05, decay=0.012), 0.1, 0.25)
    return finish(buf, 0.3)


def make_draw() -> list[float]:
    rnd = random.Random(2)
    n = int(0.24 * RATE)
    slide = bandpass(noise(n, rnd), lambda i: 1500 + 900 * math.sin(math.pi * i / n), 0.8)
    env = [math.sin(math.pi * min(1.0, i / n)) ** 1.5 for i in range(n)]
    return finish([a * b for a, b in zip(slide, env)], 0.2)


def make_place() -> list[float]:
    rnd = random.Random(3)
    n = int(0.12 * RATE)
    slap = [a * b for a, b in zip(lowpass(noise(n, rnd), 2200), envelope(n, 0.0008, 0.009))]
    buf = list(slap)
    mix_into(buf, tone(130, 0.1, decay=0.025), 0, 0.35)
    return finish(buf, 0.32)


def make_shuffle() -> list[float]:
    rnd = random.Random(4)
    total = 1.3
    buf = silence(total)
    # the riffle: clicks whose spacing shrinks then grows again
    t = 0.05
    while t < 1.05:
        phase = (t - 0.05) / 1.0
        gap = 0.028 - 0.02 * math.sin(math.pi * phase)
        amp = 0.5 + 0.5 * math.sin(math.pi * phase)
        mix_into(buf, click(rnd, rnd.uniform(2200, 4200)), t, amp * rnd.uniform(0.6, 1.0))
        t += gap * rnd.uniform(0.8, 1.2)
    # a soft bed of paper noise under the riffle
    n = int(1.05 * RATE)
    bed = bandpass(noise(n, rnd), 2500, 0.7)
    mix_into(buf, [v * 0.18 * math.sin(math.pi * i / n) for i, v in enumerate(bed)], 0.03)
    # the bridge: the halves squared up
    m = int(0.16 * RATE)
    mix_into(buf, [a * b for a, b in zip(lowpass(noise(m, rnd), 1800), envelope(m, 0.003, 0.02))],
             1.08, 0.9)
    return finish(buf, 0.28)


def make_buy() -> list[float]:
    buf = bell(659.26, 0.45, 0.18)                # E5
    mix_into(buf, bell(987.77, 0.4, 0.2), 0.09)   # B5
    return finish(buf, 0.24, tail=0.1)


def make_go_down() -> list[float]:
    buf = silence(0.75)
    for k, f in enumerate((392.0, 493.88, 587.33, 783.99)):  # G4 B4 D5 G5
        mix_into(buf, bell(f, 0.75 - k * 0.04, 0.28), k * 0.04, 0.8)
    mix_into(buf, make_place(), 0.0, 0.8)
    return finish(buf, 0.26, tail=0.15)


def make_go_out() -> list[float]:
    buf = silence(1.6)
    notes = (523.25, 659.26, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, f in enumerate(notes):
        mix_into(buf, bell(f, 0.5, 0.2), k * 0.1, 0.85)
    # the closing chord with a gentle shimmer
    chord_at = 0.45
    for f in (523.25, 659.26, 783.99, 1046.5, 1318.5):
        mix_into(buf, tone(f, 1.1, partials=((1, 1.0, 1.0), (2, 0.25, 0.5)), decay=0.45,
                           attack=0.015), chord_at, 0.45)
    rnd = random.Random(8)
    for _ in range(10):
        mix_into(buf, bell(rnd.choice((2093.0, 2637.0, 3136.0)), 0.25, 0.06),
                 chord_at + rnd.uniform(0.0, 0.6), 0.15)
    return finish(buf, 0.26, tail=0.3)


def make_chips() -> list[float]:
    rnd = random.Random(9)
    buf = silence(0.5)
    t, amp = 0.0, 1.0
    for _ in range(7):
        base = rnd.uniform(2600, 3600)
        hit = tone(base, 0.08, partials=((1, 1.0, 1.0), (1.47, 0.6, 0.7), (2.09, 0.4, 0.5)),
                   decay=0.018, attack=0.0005)
        mix_into(buf, hit, t, amp)
        mix_into(buf, click(rnd, base * 1.3, 0.01, 0.0015), t, amp * 0.6)
        t += rnd.uniform(0.03, 0.07)
        amp *= rnd.uniform(0.6, 0.85)
    return finish(buf[:int(0.45 * RATE)], 0.22, tail=0.05)


def make_error() -> list[float]:
    buf = tone(190, 0.2, partials=((1, 1.0, 1.0), (2, 0.2, 0.5)), decay=0.05, attack=0.008,
               glide_to=140)
    return finish(buf, 0.24, tail=0.05)


def make_your_turn() -> list[float]:
    # a gentle knock of two notes a fourth apart (G5, C6): heard, not startling; unlike
    # the buy's chime (E5 B5) and shorter than the go-down's strum
    buf = tone(783.99, 0.32, partials=((1, 1.0, 1.0), (2, 0.18, 0.4)), decay=0.09,
               attack=0.006)
    mix_into(buf, tone(1046.5, 0.42, partials=((1, 1.0, 1.0), (2, 0.15, 0.4)), decay=0.12,
                       attack=0.006), 0.13, 0.9)
    return finish(buf, 0.2, tail=0.12)


SOUNDS = {
    "shuffle": make_shuffle, "deal": make_deal, "draw": make_draw, "place": make_place,
    "buy": make_buy, "go_down": make_go_down, "go_out": make_go_out, "chips": make_chips,
    "error": make_error, "your_turn": make_your_turn,
}


def main(out_dir: Path = HERE) -> list[Path]:
    return [write(name, make(), out_dir) for name, make in SOUNDS.items()]


if __name__ == "__main__":
    for p in main():
        with wave.open(str(p)) as w:
            secs = w.getnframes() / w.getframerate()
        print(f"{p.name:12s} {secs:5.2f} s")
