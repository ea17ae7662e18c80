"""Short game sounds, synthesized with numpy when play starts: no downloaded assets.

A step is a soft tick, a wall bump a low thud, the exit a rising three-note chime, a new best a
brighter four-note fanfare. With no audio device (or ``SDL_AUDIODRIVER=dummy``) the mixer does not
start and every sound is silently skipped: the game never fails for want of a speaker. The C sound
libraries report a missing card on file descriptor 2 themselves (eight ``ALSA lib ...`` lines),
past Python's ``sys.stderr``: the mixer is opened with that descriptor pointed at /dev/null.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

RATE = 22050
"""Samples a second: plenty for short synthetic sounds, and half the memory of 44.1 kHz."""
VOLUME = 0.35


def _envelope(samples: int, attack: float = 0.005, release: float = 0.6) -> np.ndarray:
    """A quick rise then an exponential fall, so a tone starts and stops without a click."""
    t = np.arange(samples) / RATE
    rise = np.minimum(1.0, t / attack)
    fall = np.exp(-t / max(1e-3, release * samples / RATE / 3))
    return rise * fall


def _tone(freq: float, seconds: float, buzzy: bool = False, release: float = 0.6) -> np.ndarray:
    """A note with a soft overtone, or (``buzzy``) a hard-edged pulse wave for a thud."""
    samples = int(RATE * seconds)
    t = np.arange(samples) / RATE
    phase = 2 * math.pi * freq * t
    if buzzy:
        wave = np.sign(np.sin(phase)) * 0.5
    else:
        wave = np.sin(phase) + 0.3 * np.sin(2 * phase)
    return wave * _envelope(samples, release=release)


def _notes(freqs: list[float], each: float) -> np.ndarray:
    return np.concatenate([_tone(f, each, release=0.9) for f in freqs])


def synthesize() -> dict[str, np.ndarray]:
    """Each sound as 16-bit stereo samples, shape (samples, 2)."""
    step = _tone(880, 0.035, release=0.3) * 0.5
    noise = np.random.default_rng(7).uniform(-1, 1, int(RATE * 0.12)) * _envelope(int(RATE * 0.12), release=0.4)
    bump = _tone(90, 0.12, buzzy=True, release=0.5) * 0.8 + noise * 0.25
    exit_ = _notes([523.25, 659.25, 783.99], 0.12)  # C E G
    best = _notes([659.25, 783.99, 1046.5, 1318.5], 0.11)  # E G C E
    sounds = {"step": step, "bump": bump, "exit": exit_, "best": best}
    return {name: _stereo(wave) for name, wave in sounds.items()}


def _stereo(wave: np.ndarray) -> np.ndarray:
    peak = float(np.abs(wave).max()) or 1.0
    mono = np.rint(wave / peak * VOLUME * 32767).astype(np.int16)
    return np.ascontiguousarray(np.stack([mono, mono], axis=-1))


@contextmanager
def quiet_descriptor_2() -> Iterator[None]:
    """Point file descriptor 2 at /dev/null for the duration (Python's own stderr is flushed first
    and works again after); does nothing where the descriptor cannot be duplicated."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no descriptor 2, or stderr closed or replaced
        saved = -1
    if saved < 0:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def start_mixer() -> bool:
    """Open the mixer at our format (pygame.error when there is no device), with the C libraries'
    probing kept off the terminal; True when it plays our format."""
    import pygame

    if not pygame.mixer.get_init():
        with quiet_descriptor_2():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
    started = pygame.mixer.get_init()
    return started is not None and started[2] == 2 and started[0] == RATE


class SoundBoard:
    """Plays the game's sounds when there is a device and sound is on; otherwise does nothing."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, object] = {}
        self.available = self._start()

    def _start(self) -> bool:
        """Start the mixer and make the sounds; False (silence) when there is no audio device."""
        try:
            import pygame

            if not start_mixer():
                return False  # no device, or one that will not take our format: silent rather than squealing
            self._sounds = {name: pygame.sndarray.make_sound(samples) for name, samples in synthesize().items()}
            return True
        except Exception:  # no device, no driver, no mixer module: the game plays on in silence
            return False

    def play(self, name: str) -> bool:
        """Play ``name`` if sound is on and possible; True when it was started."""
        sound = self._sounds.get(name)
        if not (self.enabled and self.available and sound is not None):
            return False
        try:
            sound.play()  # type: ignore[attr-defined]
        except Exception:  # a device lost mid-game must not end the game
            return False
        return True

    def toggle(self) -> bool:
        self.enabled = not self.enabled
        return self.enabled
