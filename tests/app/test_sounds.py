"""Sounds: short, distinct and not silent, and a machine with no audio device stays silent, not crashed."""

from __future__ import annotations

import numpy as np
import pygame

from visualizer.app.sounds import SoundBoard, synthesize


def test_the_sounds_are_short_distinct_and_not_silent():
    sounds = synthesize()
    assert set(sounds) == {"step", "bump", "exit", "best"}
    for name, samples in sounds.items():
        assert samples.dtype == np.int16 and samples.ndim == 2 and samples.shape[1] == 2
        assert 0.02 < len(samples) / 22050 < 0.6, name
        assert np.abs(samples).max() > 5000
    assert len({samples.tobytes() for samples in sounds.values()}) == 4


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    assert not board.available and board.play("step") is False
    assert board.toggle() is False and board.toggle() is True
