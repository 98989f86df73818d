"""Synthesise Heist Table's sounds into assets/sound/ (WAV, mono, 16-bit, 22050 Hz).

Only the Python standard library (math, random, array, wave): no samples, no dependency. Every
sound is a short recipe below; noise comes from a seeded generator, so running this again writes
the same bytes. The effects are short; the music loop is a quiet, jazzy walking-bass tune of eight
bars that loops seamlessly (its length is a whole number of beats, every note ends inside it).

    python tools/sound/make.py            # (re)write assets/sound/*.wav
    python tools/sound/make.py --check    # exit 1 if a committed file differs from its recipe
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[2] / "assets" / "sound"
TAU = 2 * math.pi


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix_into(buf: list[float], sound: list[float], at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    for i, v in enumerate(sound):
        j = start + i
        if j >= len(buf):
            break
        buf[j] += v * gain


def env(n: int, attack: float, decay: float) -> list[float]:
    """An attack ramp then an exponential decay (``decay``: seconds to fall to 1/e)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (decay * RATE)))
    return out


def tone(freq: float, seconds: float, *, attack: float = 0.005, decay: float = 0.2, shape: str = "sine",
         bend: float = 0.0, harmonics: tuple[float, ...] = ()) -> list[float]:
    """A note: sine (plus ``harmonics`` amplitudes), soft square or triangle; ``bend`` slides the
    pitch by that ratio per second (negative: down)."""
    n = int(seconds * RATE)
    e = env(n, attack, decay)
    out = []
    phase = 0.0
    for i in range(n):
        f = freq * (1 + bend * i / RATE)
        phase += TAU * f / RATE
        if shape == "square":
            v = math.tanh(3 * math.sin(phase)) * 0.8
        elif shape == "triangle":
            v = 2 / math.pi * math.asin(math.sin(phase))
        else:
            v = math.sin(phase)
            for k, amp in enumerate(harmonics, start=2):
                v += amp * math.sin(k * phase)
        out.append(v * e[i])
    # a few milliseconds of fade at the end: no click
    tail = min(n, int(0.004 * RATE))
    for i in range(tail):
        out[n - 1 - i] *= i / tail
    return out


def noise(seconds: float, rng: random.Random, *, attack: float = 0.002, decay: float = 0.1,
          smooth: float = 0.0) -> list[float]:
    """White noise under an envelope; ``smooth`` (0..0.99) low-passes it (duller, softer)."""
    n = int(seconds * RATE)
    e = env(n, attack, decay)
    out, last = [], 0.0
    for i in range(n):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * e[i])
    return out


def swell(seconds: float, rng: random.Random, *, smooth: float = 0.9, peak: float = 0.5) -> list[float]:
    """Noise that rises and falls (a whoosh), peaking at ``peak`` of its length."""
    n = int(seconds * RATE)
    out, last = [], 0.0
    for i in range(n):
        x = i / n
        k = (x / peak) if x < peak else (1 - x) / (1 - peak)
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * k * k)
    return out


def normalise(buf: list[float], peak: float) -> list[float]:
    top = max(1e-9, max(abs(v) for v in buf))
    return [v * peak / top for v in buf]


# ------------------------------------------------------------------------------ the effects

def click() -> list[float]:
    rng = random.Random(1)
    buf = silence(0.05)
    mix_into(buf, tone(2200, 0.03, attack=0.0005, decay=0.006), 0)
    mix_into(buf, noise(0.02, rng, decay=0.004, smooth=0.3), 0, 0.4)
    return normalise(buf, 0.5)


def dice() -> list[float]:
    """Two dice rattling in a hand, then tumbling to a stop on the table."""
    rng = random.Random(2)
    buf = silence(0.75)
    t = 0.0
    gap = 0.03
    while t < 0.62:
        f = rng.uniform(1800, 3400)
        clack = tone(f, 0.04, attack=0.0005, decay=0.008, harmonics=(0.3, 0.2))
        mix_into(buf, clack, t, rng.uniform(0.5, 1.0) * (1 - t / 0.9))
        mix_into(buf, noise(0.03, rng, decay=0.006, smooth=0.2), t, 0.3)
        t += gap * rng.uniform(0.6, 1.6)
        gap *= 1.12
    return normalise(buf, 0.6)


def shot() -> list[float]:
    """A pistol shot: a sharp crack, a low thump and a short echo."""
    rng = random.Random(3)
    buf = silence(0.7)
    mix_into(buf, noise(0.5, rng, attack=0.0008, decay=0.045), 0, 1.0)
    mix_into(buf, tone(110, 0.35, attack=0.001, decay=0.08, bend=-1.2), 0, 0.9)
    mix_into(buf, noise(0.3, rng, attack=0.01, decay=0.06, smooth=0.7), 0.12, 0.25)
    return normalise(buf, 0.75)


def blow() -> list[float]:
    """A punch: a dull thud."""
    rng = random.Random(4)
    buf = silence(0.3)
    mix_into(buf, tone(90, 0.25, attack=0.002, decay=0.05, bend=-1.5), 0)
    mix_into(buf, noise(0.15, rng, attack=0.001, decay=0.02, smooth=0.8), 0, 0.8)
    return normalise(buf, 0.7)


def flip() -> list[float]:
    """A tile lifted and turned over: a whoosh, then a wooden knock as it lands (the same sound
    whatever is on its face: nobody at the table may hear what it is)."""
    rng = random.Random(5)
    buf = silence(0.85)
    mix_into(buf, swell(0.55, rng, smooth=0.93, peak=0.6), 0.02, 1.0)
    mix_into(buf, tone(320, 0.2, attack=0.001, decay=0.03, harmonics=(0.5, 0.25)), 0.6, 0.9)
    mix_into(buf, tone(520, 0.15, attack=0.001, decay=0.02), 0.6, 0.3)
    return normalise(buf, 0.6)


def card() -> list[float]:
    """A card slapped on the table: a papery swish and a soft snap."""
    rng = random.Random(6)
    buf = silence(0.3)
    mix_into(buf, swell(0.18, rng, smooth=0.5, peak=0.75), 0)
    mix_into(buf, noise(0.06, rng, attack=0.0005, decay=0.01, smooth=0.1), 0.15, 0.8)
    return normalise(buf, 0.5)


def alarm() -> list[float]:
    """The alarm bell: a two-tone siren, three times."""
    buf = silence(1.3)
    for k in range(3):
        mix_into(buf, tone(880, 0.2, attack=0.01, decay=1.0, shape="square"), k * 0.42, 0.6)
        mix_into(buf, tone(660, 0.2, attack=0.01, decay=1.0, shape="square"), k * 0.42 + 0.21, 0.6)
    return normalise(buf, 0.55)


def clock_warn() -> list[float]:
    """The planning clock's warning: two bright beeps."""
    buf = silence(0.55)
    for k in range(2):
        mix_into(buf, tone(1320, 0.16, attack=0.005, decay=0.12, harmonics=(0.2,)), k * 0.22)
    return normalise(buf, 0.5)


def time_up() -> list[float]:
    """Time is up: three falling beeps and a low buzz."""
    buf = silence(1.1)
    for k, f in enumerate((988, 784, 587)):
        mix_into(buf, tone(f, 0.18, attack=0.005, decay=0.15, harmonics=(0.2,)), k * 0.2)
    mix_into(buf, tone(147, 0.45, attack=0.01, decay=0.3, shape="square"), 0.62, 0.5)
    return normalise(buf, 0.55)


def curtain() -> list[float]:
    """The curtain coming down: a soft, low swish of heavy cloth."""
    rng = random.Random(7)
    buf = silence(0.9)
    mix_into(buf, swell(0.85, rng, smooth=0.97, peak=0.35), 0)
    return normalise(buf, 0.45)


# ------------------------------------------------------------------------------ the music

def note_hz(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def music() -> list[float]:
    """Eight bars of a cool minor swing at 112 beats a minute: walking bass, brushed hi-hat,
    soft vibraphone chords. Quiet by design: the game sets it lower than the effects too."""
    rng = random.Random(8)
    bpm = 112
    beat = 60 / bpm
    bars = 8
    length = bars * 4 * beat
    n = int(round(length * RATE))
    buf = [0.0] * (n + 2 * RATE)   # room for the last notes to ring out (folded back below)
    # chords (root, third, fifth, seventh) in A minor: i iv VII III / i iv V i
    progression = [(57, 60, 64, 67), (62, 65, 69, 72), (55, 59, 62, 65), (60, 64, 67, 71),
                   (57, 60, 64, 67), (62, 65, 69, 72), (52, 56, 59, 62), (57, 60, 64, 67)]
    for bar, chord in enumerate(progression):
        t0 = bar * 4 * beat
        root = chord[0] - 12
        walk = [root, root + 7, root + 12 if bar % 2 else root + 3, progression[(bar + 1) % bars][0] - 13]
        for k, m in enumerate(walk):                      # the bass walks a note a beat
            mix_into(buf, tone(note_hz(m), beat * 0.95, attack=0.006, decay=0.35, harmonics=(0.35, 0.1)),
                     t0 + k * beat, 0.55)
        for hit in (0.0, 1.66):                            # vibraphone chord stabs, swung
            for m in chord[1:]:
                mix_into(buf, tone(note_hz(m + 12), beat * 1.3, attack=0.004, decay=0.5, harmonics=(0.0, 0.15)),
                         t0 + hit * beat, 0.11)
        for k in range(4):                                 # the brushes: on the beat, swung eighths
            mix_into(buf, noise(0.09, rng, attack=0.004, decay=0.03, smooth=0.2), t0 + k * beat, 0.12)
            mix_into(buf, noise(0.05, rng, attack=0.002, decay=0.015, smooth=0.1), t0 + (k + 0.66) * beat, 0.07)
    # what rings past the end is folded onto the start, so the loop has no seam
    for i in range(n, len(buf)):
        buf[i - n] += buf[i]
    return normalise(buf[:n], 0.5)


SOUNDS = {
    "click": click, "dice": dice, "shot": shot, "blow": blow, "flip": flip, "card": card, "alarm": alarm,
    "clock_warn": clock_warn, "time_up": time_up, "curtain": curtain, "music": music,
}


def wav_bytes(samples: list[float]) -> bytes:
    data = array("h", (max(-32767, min(32767, round(v * 32767))) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    bad = 0
    total = 0
    for name, recipe in SOUNDS.items():
        data = wav_bytes(recipe())
        path = args.out / f"{name}.wav"
        total += len(data)
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                print(f"{path}: differs from its recipe")
                bad += 1
            continue
        path.write_bytes(data)
        print(f"{path.name:<16}{len(data) / 1024:8.1f} KB  {(len(data) - 44) / 2 / RATE:5.2f} s")
    print(f"total {total / 1024:.0f} KB")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
