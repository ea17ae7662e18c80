"""The frame loop: 60 frames a second while something moves, a rest while nothing does, and input
answered at once either way."""

from __future__ import annotations

import time

import pygame

from visualizer.app.main import REST_MS, frame_loop
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.run.spec import MazeSpec


def counting(shell: Shell) -> list[float]:
    """Patch the shell so each frame notes when it ran."""
    times: list[float] = []
    real = shell.frame

    def frame(events, dt):
        times.append(time.perf_counter())
        return real(events, dt)

    shell.frame = frame  # type: ignore[method-assign]
    return times


def finished_shell(screen) -> Shell:
    shell = Shell(MazeSpec("backtracker", "square", 12, 8, 1), speed=INSTANT, screen=screen)
    while not shell.base.run.idle or shell.base.background:
        shell.frame([], 1 / 60)
    shell.toast = None
    return shell


def test_an_idle_window_rests_between_frames(screen):
    shell = finished_shell(screen)
    times = counting(shell)
    start = time.perf_counter()
    frame_loop(shell, until=lambda: time.perf_counter() - start > 1.0)
    assert len(times) <= 1000 / REST_MS + 5, f"{len(times)} frames in a second of doing nothing"


def test_a_key_wakes_a_resting_window_at_once(screen):
    shell = finished_shell(screen)
    times = counting(shell)
    start = time.perf_counter()
    posted: list[float] = []

    def until() -> bool:
        now = time.perf_counter()
        if not posted and now - start > 0.35:  # resting by now
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
            posted.append(now)
        return shell.show_help or now - start > 2.0

    frame_loop(shell, until=until)
    assert shell.show_help
    assert times[-1] - posted[0] < 0.05, "the key waited for the rest to end"


def test_a_moving_scene_still_gets_its_frame_rate(screen):
    shell = Shell(MazeSpec("backtracker", "square", 30, 20, 1), speed=30.0, screen=screen)
    times = counting(shell)
    start = time.perf_counter()
    frame_loop(shell, until=lambda: time.perf_counter() - start > 0.5)
    assert len(times) >= 15  # about 30 on an idle machine: the 60 fps clock, never the rest


def test_a_held_key_or_a_recording_keeps_the_window_awake(screen, tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path))
    shell = finished_shell(screen)
    assert shell.resting
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="")], 1 / 60)
    assert not shell.resting
    shell.quit()
    assert not shell.running
