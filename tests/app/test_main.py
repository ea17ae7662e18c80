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


FROZEN_SCRIPT = """
import gc, weakref
import pygame
from visualizer.app.main import freeze_start_up, open_window
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.run.spec import MazeSpec
screen = open_window((800, 600))
before = len(gc.get_objects())
freeze_start_up()
shell = Shell(MazeSpec("blobby_division", "square", 60, 40, 1), speed=INSTANT, screen=screen)
while not shell.base.run.idle:
    shell.frame(pygame.event.get(), 1 / 60)
first = weakref.ref(shell.base.run)
tracked = len(gc.get_objects())
shell.base.restart()
gc.collect()
print(before, tracked, first() is None)
"""


def test_the_start_up_objects_are_out_of_the_collectors_sight_and_runs_are_still_collected():
    """A full garbage collection looks at every object it tracks (20 - 45 ms with numpy and pygame
    loaded): after the start-up it tracks only what the run made, and a dropped run still goes."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", FROZEN_SCRIPT], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    before, tracked, dropped = done.stdout.split()[-3:]
    assert int(before) > 25_000, "the start-up alone is this many objects"
    assert int(tracked) < int(before) // 2, "the collector still looks at the start-up's objects"
    assert dropped == "True", "a run dropped after the freeze must still be collected"
