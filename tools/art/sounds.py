"""Short, quiet sound effects synthesised in pure Python (no numpy).

Every sound is a list of float samples built from a few primitives (decaying
sines, wavetable tones, filtered noise from a fixed-seed generator), then
normalised to a modest peak and written as 44.1 kHz 16-bit mono WAV.
"""
from __future__ import annotations

import io
import math
import sys
import wave
from array import array
from typing import Callable

from .draw import Random

RATE = 44100
TAU = 2 * math.pi


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def add(buf: list[float], samples: list[float], at: float, gain: float = 1.0) -> None:
    """Mix ``samples`` into ``buf`` starting at ``at`` seconds (clipped to the buffer)."""
    start = int(at * RATE)
    end = min(len(buf), start + len(samples))
    buf[start:end] = [a + b * gain for a, b in zip(buf[start:end], samples)]


def ping(freq: float, seconds: float, decay: float, phase: float = 0.0) -> list[float]:
    """A struck partial: a sine with an exponential decay (time constant ``decay`` s).

    Computed with the damped-oscillator recurrence y[n] = 2 r cos(w) y[n-1] - r^2 y[n-2],
    which gives r^n sin(w n + phase) exactly without a sine call per sample.
    """
    n = int(seconds * RATE)
    w = TAU * freq / RATE
    r = math.exp(-1.0 / (decay * RATE))
    c1, c2 = 2.0 * r * math.cos(w), -r * r
    out = [0.0] * n
    if n == 0:
        return out
    y2, y1 = math.sin(phase), r * math.sin(w + phase)
    out[0] = y2
    if n > 1:
        out[1] = y1
    for i in range(2, n):
        y = c1 * y1 + c2 * y2
        out[i] = y
        y2, y1 = y1, y
    return out


def noise(rng: Random, seconds: float) -> list[float]:
    """White noise in [-1, 1) from the fixed-seed generator (xorshift32, inlined for speed)."""
    x = rng.state
    out = [0.0] * int(seconds * RATE)
    scale = 2.0 / 4294967296.0
    for i in range(len(out)):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out[i] = x * scale - 1.0
    rng.state = x
    return out


def bandpass(x: list[float], centre: float | Callable[[float], float], q: float = 1.0) -> list[float]:
    """A state-variable band-pass; ``centre`` may vary with time (a function of seconds)."""
    low = band = 0.0
    damp = 1.0 / q
    out = [0.0] * len(x)
    if not callable(centre):
        f = 2.0 * math.sin(math.pi * min(centre, RATE / 6) / RATE)
        for i, v in enumerate(x):
            low += f * band
            band += f * (v - low - damp * band)
            out[i] = band
        return out
    for i, v in enumerate(x):
        f = 2.0 * math.sin(math.pi * min(centre(i / RATE), RATE / 6) / RATE)
        low += f * band
        band += f * (v - low - damp * band)
        out[i] = band
    return out


def lowpass(x: list[float], cutoff: float) -> list[float]:
    a = 1.0 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y += a * (v - y)
        out[i] = y
    return out


def envelope(x: list[float], attack: float, decay: float | None = None, release: float = 0.0) -> list[float]:
    """Linear attack, optional exponential decay, linear release at the end."""
    n = len(x)
    a_n = max(1, int(attack * RATE))
    r_n = int(release * RATE)
    k = math.exp(-1.0 / (decay * RATE)) if decay else 1.0
    out = [0.0] * n
    level = 1.0
    for i in range(n):
        g = level
        if i < a_n:
            g *= i / a_n
        if r_n and i > n - r_n:
            g *= (n - i) / r_n
        out[i] = x[i] * g
        if i >= a_n:
            level *= k
    return out


def shaped(x: list[float], shape: Callable[[float], float], step: int = 32) -> list[float]:
    """Multiply by a gain curve over the sound's length (t from 0 to 1).

    The curve is evaluated every ``step`` samples and interpolated in between,
    which is plenty for envelopes and tremolos and much faster than per sample.
    """
    n = len(x)
    out = [0.0] * n
    for start in range(0, n, step):
        stop = min(start + step, n)
        g0 = shape(start / n)
        dg = (shape(stop / n) - g0) / step
        for i in range(start, stop):
            out[i] = x[i] * (g0 + dg * (i - start))
    return out


def wavetable(harmonics: list[float], size: int = 2048) -> list[float]:
    return [sum(a * math.sin(TAU * (h + 1) * i / size) for h, a in enumerate(harmonics)) for i in range(size)]


def tone(table: list[float], freq: float | Callable[[float], float], seconds: float) -> list[float]:
    """A wavetable oscillator (cheap rich tones); ``freq`` may vary with time."""
    n = int(seconds * RATE)
    size = len(table)
    out = [0.0] * n
    phase = 0.0
    for i in range(n):
        f = freq(i / RATE) if callable(freq) else freq
        out[i] = table[int(phase) % size]
        phase += f * size / RATE
    return out


# -- the sounds ------------------------------------------------------------------------


def card_flick() -> list[float]:
    rng = Random(11)
    buf = envelope(bandpass(noise(rng, 0.12), 3800.0, 0.9), 0.002, 0.022)
    add(buf, ping(1900.0, 0.02, 0.004), 0.0, 0.5)
    return buf


def card_deal() -> list[float]:
    rng = Random(12)
    swish = bandpass(noise(rng, 0.16), lambda t: 1400.0 + 26000.0 * t, 1.1)
    buf = silence(0.22)
    add(buf, shaped(swish, lambda t: math.sin(math.pi * t) ** 2), 0.0, 0.8)
    thump = envelope(lowpass(noise(rng, 0.06), 900.0), 0.001, 0.012)
    add(buf, thump, 0.15, 2.2)
    return buf


def dice_roll() -> list[float]:
    rng = Random(13)
    buf = silence(0.7)
    hits = [0.0, 0.075, 0.14, 0.2, 0.27, 0.33, 0.41, 0.48, 0.55, 0.6]
    for k, at in enumerate(hits):
        gain = 1.0 - k * 0.08
        for _ in range(2):
            add(buf, ping(rng.uniform(1300.0, 3400.0), 0.06, rng.uniform(0.008, 0.016)), at, 0.5 * gain)
        add(buf, ping(rng.uniform(170.0, 240.0), 0.06, 0.014), at, 0.6 * gain)
        add(buf, envelope(bandpass(noise(rng, 0.02), 5000.0, 0.8), 0.0005, 0.003), at, 0.8 * gain)
    return buf


def bell() -> list[float]:
    buf = silence(1.3)
    base = 880.0
    for ratio, amp, decay in ((1.0, 1.0, 0.55), (2.0, 0.5, 0.4), (2.76, 0.4, 0.3), (5.4, 0.22, 0.16),
                              (8.93, 0.1, 0.08)):
        add(buf, ping(base * ratio, 1.3, decay), 0.0, amp)
    return envelope(buf, 0.001, None, 0.05)


def whistle() -> list[float]:
    rng = Random(15)
    seconds = 0.5
    table = wavetable([1.0, 0.12, 0.05])
    carrier = tone(table, lambda t: 2950.0 + 140.0 * math.sin(TAU * 29.0 * t), seconds)
    trill = shaped(carrier, lambda t: 0.72 + 0.28 * math.sin(TAU * 29.0 * t * seconds))
    breath = bandpass(noise(rng, seconds), 2950.0, 4.0)
    buf = [a + 0.12 * b for a, b in zip(trill, breath)]
    return envelope(buf, 0.02, None, 0.07)


def crowd_cheer() -> list[float]:
    rng = Random(16)
    seconds = 1.4
    buf = silence(seconds)
    for centre, gain in ((500.0, 1.0), (1100.0, 0.7), (2600.0, 0.3)):
        band = bandpass(noise(rng, seconds), centre, 2.5)
        rate = rng.uniform(3.0, 6.0)
        offset = rng.uniform(0, TAU)
        add(buf, shaped(band, lambda t, r=rate, o=offset: 0.75 + 0.25 * math.sin(TAU * r * t * seconds + o)), 0.0, gain)
    return shaped(buf, lambda t: min(1.0, t / 0.18) * (1.0 - max(0.0, (t - 0.35) / 0.65)) ** 1.5)


def rope_creak() -> list[float]:
    """Stick-slip: a pulse train of changing rate ringing two wood resonances."""
    rng = Random(17)
    seconds = 0.6
    pulses = silence(seconds)
    t = 0.02
    while t < seconds - 0.02:
        x = t / seconds
        rate = 55.0 + 70.0 * math.sin(math.pi * x)
        i = int(t * RATE)
        pulses[i] = 1.0 * math.sin(math.pi * x)
        t += 1.0 / rate * rng.uniform(0.85, 1.15)
    body = bandpass(pulses, 820.0, 9.0)
    upper = bandpass(pulses, 1650.0, 7.0)
    low = bandpass(pulses, 330.0, 5.0)
    return lowpass([a + 0.6 * b + 0.5 * c for a, b, c in zip(body, upper, low)], 2600.0)


def knot_drop() -> list[float]:
    rng = Random(18)
    buf = silence(0.3)
    thud = tone(wavetable([1.0, 0.2]), lambda t: 210.0 - 500.0 * t, 0.12)
    add(buf, envelope(thud, 0.002, 0.035), 0.0, 1.0)
    add(buf, envelope(lowpass(noise(rng, 0.05), 1200.0), 0.001, 0.01), 0.0, 1.4)
    add(buf, envelope(thud[:3000], 0.002, 0.02), 0.13, 0.35)
    return buf


def rider_whoosh() -> list[float]:
    rng = Random(19)
    seconds = 0.55
    sweep = bandpass(noise(rng, seconds),
                     lambda t: 500.0 + 2200.0 * math.sin(math.pi * min(1.0, t / seconds * 1.1)) ** 2, 1.4)
    return shaped(sweep, lambda t: math.sin(math.pi * t) ** 2 * (1.0 - 0.3 * t))


def click() -> list[float]:
    buf = silence(0.06)
    add(buf, ping(2300.0, 0.06, 0.005), 0.0, 1.0)
    add(buf, ping(1150.0, 0.06, 0.009), 0.0, 0.4)
    return envelope(buf, 0.0005, None, 0.01)


def error() -> list[float]:
    table = wavetable([1.0, 0.0, 0.3, 0.0, 0.12])
    buf = silence(0.34)
    add(buf, envelope(tone(table, 330.0, 0.13), 0.006, 0.08, 0.02), 0.0, 1.0)
    add(buf, envelope(tone(table, 247.0, 0.2), 0.006, 0.1, 0.04), 0.13, 1.0)
    return lowpass(buf, 1800.0)


def finish_fanfare() -> list[float]:
    brass = wavetable([1.0, 0.7, 0.5, 0.35, 0.22, 0.14, 0.08, 0.05])
    buf = silence(1.7)
    notes = ((392.0, 0.0, 0.14), (523.25, 0.15, 0.14), (659.25, 0.30, 0.14), (783.99, 0.45, 1.2))
    for freq, at, length in notes:
        vib = (lambda t, f=freq: f * (1.0 + 0.006 * math.sin(TAU * 5.5 * t) * min(1.0, t / 0.3))) if length > 1 \
            else freq
        add(buf, envelope(tone(brass, vib, length), 0.015, 1.4 if length > 1 else 0.4, 0.08 if length < 1 else 0.35),
            at, 0.8)
    for freq in (523.25, 659.25):
        add(buf, envelope(tone(brass, freq, 1.15), 0.03, 1.2, 0.35), 0.47, 0.32)
    return lowpass(buf, 3800.0)


def coin_flip() -> list[float]:
    buf = silence(0.6)
    ring = silence(0.45)
    for freq, amp, decay in ((4150.0, 1.0, 0.22), (5960.0, 0.6, 0.16), (7740.0, 0.4, 0.1)):
        add(ring, ping(freq, 0.45, decay), 0.0, amp)
    spin = shaped(ring, lambda t: 0.4 + 0.6 * abs(math.sin(TAU * (6.0 * t + 5.0 * t * t))))
    add(buf, spin, 0.0, 1.0)
    for freq, amp in ((3500.0, 0.8), (5200.0, 0.5)):
        add(buf, ping(freq, 0.12, 0.03), 0.47, amp)
    add(buf, ping(160.0, 0.08, 0.02), 0.47, 0.8)
    return envelope(buf, 0.001, None, 0.02)


def chip_clink() -> list[float]:
    buf = silence(0.2)
    for at, gain in ((0.0, 1.0), (0.055, 0.6)):
        for freq, amp, decay in ((3300.0, 1.0, 0.02), (4700.0, 0.6, 0.014), (6200.0, 0.35, 0.01)):
            add(buf, ping(freq, 0.12, decay), at, amp * gain)
    return envelope(buf, 0.0005, None, 0.02)


def turn_chime() -> list[float]:
    buf = silence(0.7)
    for freq, at in ((659.25, 0.0), (987.77, 0.12)):
        add(buf, ping(freq, 0.58, 0.22), at, 1.0)
        add(buf, ping(freq * 2.0, 0.3, 0.08), at, 0.25)
        add(buf, ping(freq * 4.0, 0.12, 0.03), at, 0.1)
    return envelope(buf, 0.002, None, 0.05)


#: name -> (synth, peak level in dBFS)
SOUNDS: dict[str, tuple[Callable[[], list[float]], float]] = {
    "card_flick": (card_flick, -10.0), "card_deal": (card_deal, -10.0), "dice_roll": (dice_roll, -9.0),
    "bell": (bell, -9.0), "whistle": (whistle, -12.0), "crowd_cheer": (crowd_cheer, -12.0),
    "rope_creak": (rope_creak, -10.0), "knot_drop": (knot_drop, -9.0), "rider_whoosh": (rider_whoosh, -11.0),
    "click": (click, -14.0), "error": (error, -12.0), "finish_fanfare": (finish_fanfare, -9.0),
    "coin_flip": (coin_flip, -11.0), "chip_clink": (chip_clink, -11.0), "turn_chime": (turn_chime, -11.0),
}


def wav_bytes(samples: list[float], peak_db: float) -> bytes:
    """Normalise to ``peak_db`` dBFS, fade the last millisecond, encode 16-bit mono."""
    peak = max(abs(v) for v in samples) or 1.0
    gain = 10 ** (peak_db / 20) * 32767 / peak
    n = len(samples)
    fade = min(n, int(0.001 * RATE))
    scaled = [v * gain for v in samples]
    for i in range(n - fade, n):
        scaled[i] *= (n - i) / fade
    pcm = array("h", [int(v + 32768.5) - 32768 for v in scaled])
    if sys.byteorder == "big":
        pcm.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(pcm.tobytes())
    return out.getvalue()


def render_all() -> dict[str, bytes]:
    return {name: wav_bytes(synth(), peak) for name, (synth, peak) in SOUNDS.items()}
