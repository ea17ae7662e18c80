"""Keys that need the explanation where the run stands (Right, Left, L, the quiz) never freeze the
window reading a huge run: far behind, Right and Left move one event and say why, L waits, and
the narration reads on a budget a frame (panel shown or not) until whole steps work again."""

import pygame
import pytest

from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.run import session, teaching
from visualizer.run.spec import MazeSpec


@pytest.fixture
def near(monkeypatch):
    """Limits a small run goes past: the narration reads 64 events at once, seeks fold 32."""
    monkeypatch.setattr(teaching, "READ_AT_ONCE", 64)
    monkeypatch.setattr(session, "SEEK_FOLD", 32)
    monkeypatch.setattr(session, "IDLE_FILL", 64)


def finished_instant(screen, algorithm="blobby_division"):
    shell = Shell(MazeSpec(algorithm, "square", 16, 12, 2), speed=INSTANT, screen=screen)
    shell.frame([], 0.0)
    while not shell.base.run.finished:
        shell.frame([], 1 / 60)
    return shell


def press(shell, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    shell.frame(pygame.event.get(), 1 / 60)


def frames_until(shell, done, most=5000):
    for count in range(most):
        if done():
            return count
        shell.frame([], 1 / 60)
    raise AssertionError("never happened")


@pytest.mark.parametrize("explain", [None, False])
def test_left_at_the_end_of_a_huge_instant_run_steps_one_event_then_whole_steps(screen, near, explain):
    shell = finished_instant(screen)
    watch = shell.base
    watch.explain = explain  # False: E hid the panel, and the narration must still read for the key
    total = watch.run.total
    press(shell, pygame.K_LEFT)
    assert watch.run.position == total - 1
    assert "still reading the run" in shell.toast[0] and watch.paused
    frames_until(shell, lambda: watch.teacher.unread == 0 and not watch.run.marks_behind)
    start = watch.teacher.step_start()
    press(shell, pygame.K_LEFT)
    assert watch.run.position == start < total - 2, "a whole step back once the narration has read"


def test_right_far_behind_goes_one_event_on(screen, near):
    shell = finished_instant(screen)
    watch = shell.base
    watch.seek(watch.run.total // 2)
    position = watch.run.position
    press(shell, pygame.K_RIGHT)
    assert watch.run.position == position + 1 and "Right went one event on" in shell.toast[0]
    frames_until(shell, lambda: not watch.teacher.far_behind)
    press(shell, pygame.K_RIGHT)
    assert watch.run.position > position + 1


def test_l_far_behind_waits_for_the_reading(screen, near):
    shell = finished_instant(screen)
    watch = shell.base
    watch.seek(watch.run.total // 2)
    press(shell, pygame.K_l)
    assert watch.until is None and "L waits" in shell.toast[0]


def test_a_small_run_reads_at_once_as_before(screen):
    shell = finished_instant(screen, "backtracker")
    watch = shell.base
    total = watch.run.total
    press(shell, pygame.K_LEFT)
    assert watch.run.position < total and "still reading" not in (shell.toast or ("",))[0]
    assert not watch.run.marks_behind


def test_a_restart_drops_the_reading_a_key_asked_for(screen, near, monkeypatch):
    from visualizer.app.scenes import watch as watch_module

    shell = finished_instant(screen)
    monkeypatch.setattr(watch_module, "IDLE_TEACH_BUDGET", 0.0)  # the reading never ends in a frame
    monkeypatch.setattr(watch_module, "TEACH_BUDGET", 0.0)
    watch = shell.base
    watch.explain = False
    press(shell, pygame.K_LEFT)
    assert watch.read_for_keys
    press(shell, pygame.K_r)
    assert not watch.read_for_keys, "the new run's narration would be read with the panel hidden"


def test_left_far_behind_still_takes_a_whole_step_where_the_step_starts_are_known(screen, near):
    """A seek back leaves the narration behind (it reads again from its last copy), but where the
    steps began was read already: Left goes back a whole step at once, no reading needed."""
    shell = finished_instant(screen)
    watch = shell.base
    press(shell, pygame.K_LEFT)
    frames_until(shell, lambda: watch.teacher.unread == 0 and not watch.run.marks_behind)
    watch.seek(watch.run.total // 2)
    assert watch.teacher.far_behind and watch.teacher.knows_step_start()
    start = watch.teacher.step_start()  # (known: no reading)
    assert start < watch.run.position - 1
    shell.toast = None
    press(shell, pygame.K_LEFT)
    assert watch.run.position == start, "a whole step back, not one event"
    assert "still reading" not in (shell.toast or ("",))[0]
