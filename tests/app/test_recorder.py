"""Recording the window (F9): frames as the window draws them, the REC mark on screen but not in
the recording, the limit, quitting, frame lengths and sizes, and one file per recording."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from helpers import decode

from visualizer.app import recorder as recorder_module
from visualizer.app.recorder import REC_RED, frame_lengths, recording_size
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.export.animation import GIF_TICK_MS
from visualizer.run.spec import MazeSpec


def f9(shell: Shell) -> None:
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F9, mod=0, unicode="")], 1 / 60)


def toast(shell: Shell) -> str:
    return shell.toast[0] if shell.toast else ""


def run_frames(shell: Shell, count: int) -> None:
    for _ in range(count):
        shell.frame([], 1 / 15)


def wait_for_writes(shell: Shell) -> None:
    for recording in list(shell.recorder.writing):
        recording.wait(30)
    shell.frame([], 1 / 60)  # the shell hears of the finished write


@pytest.fixture
def shots(tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_SCREENSHOTS", str(tmp_path / "shots"))
    return tmp_path / "shots"


def test_f9_records_the_board_into_a_gif_in_the_screenshots_folder(screen, shots):
    shell = Shell(MazeSpec("prim", "square", 16, 10, 2), speed=60.0, screen=screen)
    shell.frame([], 0)
    f9(shell)
    assert shell.recorder.recording and "30 s" in toast(shell)
    run_frames(shell, 20)
    f9(shell)
    assert not shell.recorder.recording
    wait_for_writes(shell)
    written = list(shots.glob("*.gif"))
    assert len(written) == 1 and str(written[0]) in toast(shell)
    frames = decode(written[0].read_bytes())
    assert len(frames) >= 2 and not np.array_equal(frames[0][0], frames[-1][0])
    assert abs(sum(d for _, d in frames) - 20 * 1000 / 15) <= GIF_TICK_MS, "the GIF lasts as long as recorded"
    board = shell.record_rect()
    assert frames[0][0].shape[:2] == recording_size(board.size)[::-1]


def test_f9_records_the_maze_not_the_empty_bands_beside_it(screen, shots):
    """A tall maze in a wide view: the recording is cropped to the maze (and a few pixels round it)."""
    shell = Shell(MazeSpec("prim", "square", 8, 30, 2), speed=60.0, screen=screen)
    shell.frame([], 0)
    view, crop = shell.view_rect(), shell.record_rect()
    x, y, width, height = shell.board.drawn_rect()
    assert view.contains(crop) and crop.width < view.width / 2
    assert crop.contains(pygame.Rect(view.left + x, view.top + y, width, height))
    assert crop.width <= width + 8 and crop.height <= height + 8


def test_the_rec_mark_is_on_screen_but_not_in_the_recording(screen, shots):
    shell = Shell(MazeSpec("backtracker", "square", 16, 10, 2), speed=60.0, screen=screen)
    f9(shell)
    run_frames(shell, 8)
    view = pygame.surfarray.array3d(screen.subsurface(shell.view_rect()))
    assert np.all(view == REC_RED, axis=2).any()
    f9(shell)
    wait_for_writes(shell)
    frames = decode(next(shots.glob("*.gif")).read_bytes())
    reddish = [np.linalg.norm(frame.astype(int) - REC_RED, axis=2).min() for frame, _ in frames]
    assert min(reddish) > 40


def test_the_limit_stops_a_recording_by_itself(screen, shots, monkeypatch):
    monkeypatch.setattr(recorder_module, "LIMIT_SECONDS", 0.5)
    shell = Shell(MazeSpec("prim", "square", 16, 10, 2), speed=60.0, screen=screen)
    f9(shell)
    assert "0.5 s" in toast(shell)
    run_frames(shell, 12)
    assert not shell.recorder.recording and "limit" in toast(shell)
    wait_for_writes(shell)
    frames = decode(next(shots.glob("*.gif")).read_bytes())
    assert len(frames) >= 2 and sum(d for _, d in frames) <= 600


def test_quitting_finishes_the_recording_first(screen, shots):
    shell = Shell(MazeSpec("prim", "square", 16, 10, 2), speed=INSTANT, screen=screen)
    f9(shell)
    run_frames(shell, 5)
    shell.quit()
    assert not shell.recorder.writing and len(list(shots.glob("*.gif"))) == 1


def test_frame_lengths_add_up_to_the_recording_in_whole_ticks():
    lengths = frame_lengths([0.0, 0.0667, 0.1333, 0.2, 0.5], 0.9)
    assert sum(lengths) == 900 and all(length % GIF_TICK_MS == 0 and length >= 20 for length in lengths)


def test_a_wide_view_is_recorded_at_most_800_pixels_across():
    assert recording_size((1600, 900)) == (800, 450)
    assert recording_size((640, 480)) == (640, 480)


def test_two_recordings_with_one_name_get_two_files(tmp_path):
    """Recordings stopped within the same second share a stem; their workers must not pick one file."""
    from visualizer.app.recorder import free_path, release

    first = free_path(tmp_path, "maze-x", ".gif")
    second = free_path(tmp_path, "maze-x", ".gif")
    assert first != second and second.name == "maze-x-2.gif"
    release(first)
    release(second)
    again = free_path(tmp_path, "maze-x", ".gif")
    release(again)
    assert again == first  # released names are free again


def idle_shell(screen) -> Shell:
    """A finished maze on screen: frames draw nothing unless something changes."""
    shell = Shell(MazeSpec("backtracker", "square", 16, 10, 2), speed=INSTANT, screen=screen)
    shell.frame([], 0)
    shell.base.run.finish_generation()
    for _ in range(3):
        shell.frame([], 1 / 60)
    return shell


def test_the_rec_mark_goes_when_recording_stops_on_a_still_screen(screen, shots):
    shell = idle_shell(screen)
    f9(shell)
    run_frames(shell, 4)
    f9(shell)
    shell.frame([], 1 / 60)
    view = pygame.surfarray.array3d(screen.subsurface(shell.view_rect()))
    assert not np.all(view == REC_RED, axis=2).any(), "the REC mark stayed after F9 stopped the recording"
    wait_for_writes(shell)


def test_a_change_just_after_a_captured_frame_is_in_the_recording(screen, shots):
    """A change drawn too soon after the last capture is captured when next due, though the screen is
    still from then on: the recording ends on what the window showed."""
    shell = idle_shell(screen)
    f9(shell)
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="")], 1 / 240)
    for _ in range(30):
        shell.frame([], 1 / 30)
    f9(shell)
    wait_for_writes(shell)
    frames = decode(next(shots.glob("*.gif")).read_bytes())
    assert not np.array_equal(frames[0][0], frames[-1][0]), "the solution drawn never reached the recording"


def test_a_maze_zoomed_past_the_view_is_recorded_within_the_view(screen, shots):
    """Zoomed in, the maze overflows the view: the recording is the view, never the panel beside it."""
    shell = idle_shell(screen)
    for _ in range(6):
        shell.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)],
                    1 / 60)
    view, crop = shell.view_rect(), shell.record_rect()
    assert view.contains(crop) and crop.width >= view.width - 8
