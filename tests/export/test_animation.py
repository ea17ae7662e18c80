"""Animated exports (GIF, WebP) and recording the window: frames as the window draws them, in the
number and length asked for, byte for byte the same each time."""

from __future__ import annotations

import io

import numpy as np
import pygame
import pytest
from PIL import Image

from visualizer.app import recorder as recorder_module
from visualizer.app.recorder import REC_RED, frame_lengths, recording_size
from visualizer.app.scenes.watch import INSTANT
from visualizer.app.shell import Shell
from visualizer.cli import main
from visualizer.core.maze import Maze
from visualizer.export.animation import GIF_TICK_MS, plan_frames, write_gif, write_webp
from visualizer.export.formats import ExportOptions
from visualizer.render.image import png_bytes, render_surface, surface_png
from visualizer.render.palette import Style
from visualizer.render.themes import get_theme
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec

WRITERS = {"gif": write_gif, "webp": write_webp}
TICK = {"gif": GIF_TICK_MS, "webp": 1}
SPEC = MazeSpec("backtracker", "square", 12, 8, 5)
CELL = 4.0


def decode(data: bytes) -> list[tuple[np.ndarray, int]]:
    """Every frame of an animation as it is shown (RGB, composited) with its duration in ms."""
    image = Image.open(io.BytesIO(data))
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        image.load()
        frames.append((np.asarray(image.convert("RGB")), int(image.info["duration"])))
    return frames


def rgb_of(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def made(fmt: str, spec: MazeSpec = SPEC, **options) -> bytes:
    options.setdefault("cell", CELL)
    return WRITERS[fmt](spec.build(), spec, ExportOptions(**options))


def expected_ms(frames: int, fps: float, hold: float, tick: int) -> int:
    """The length of ``frames`` frames plus the hold, rounded to the format's tick."""
    return round((frames + round(hold * fps)) * 1000 / fps / tick) * tick


# --- how many frames, how long ----------------------------------------------------------------


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("seconds, fps, max_frames, frames", [(2, 10, None, 20), (1.5, 8, None, 12),
                                                              (2, 10, 7, 7)])
def test_the_frame_count_follows_seconds_and_fps_and_max_frames_caps_it(fmt, seconds, fps, max_frames, frames):
    """Frames are counted in time: a frame the same as the one before is folded into it."""
    shown = decode(made(fmt, seconds=seconds, fps=fps, max_frames=max_frames, hold=0.5))
    assert sum(length for _, length in shown) == expected_ms(frames, fps, 0.5, TICK[fmt])
    assert 2 <= len(shown) <= frames
    assert shown[-1][1] >= 500, "the hold is the last frame's"


@pytest.mark.parametrize("fmt", WRITERS)
def test_never_more_frames_than_events_plus_one(fmt):
    tiny = MazeSpec("backtracker", "square", 2, 2, 1)
    events = sum(1 for _ in tiny.events())
    shown = decode(made(fmt, tiny, seconds=10, fps=10, hold=0))
    assert sum(length for _, length in shown) == expected_ms(events + 1, 10, 0, TICK[fmt])


def test_frames_show_evenly_spaced_points_from_the_empty_grid_to_the_end():
    plan = plan_frames(1000, 200, ExportOptions(seconds=3, fps=10))
    assert plan.frames == 30 and plan.positions[0] == 0 and plan.positions[-1] == 1200
    steps = np.diff(plan.positions)
    assert steps.min() >= 1 and steps.max() - steps.min() <= 1


# --- what the frames show ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_first_frame_is_the_unvisited_grid(fmt, theme):
    spec = MazeSpec("wilson", "hex", 9, 6, 4)
    first = decode(made(fmt, spec, theme=theme, seconds=1, fps=10))[0][0]
    maze = Maze(spec.make_grid())
    empty = render_surface(maze, Overlay(maze.grid), (first.shape[1], first.shape[0]), theme=get_theme(theme))
    assert np.array_equal(first, rgb_of(surface_png(empty)))


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("algorithm, grid", [("backtracker", "square"), ("wilson", "hex"), ("kruskal", "square")])
def test_the_last_frame_is_the_png_of_the_finished_maze(fmt, theme, algorithm, grid):
    spec = MazeSpec(algorithm, grid, 10, 7, 2)
    last = decode(made(fmt, spec, theme=theme, seconds=1, fps=10))[-1][0]
    png = png_bytes(spec.build(), theme=get_theme(theme), unit=CELL)
    assert np.array_equal(last, rgb_of(png))


@pytest.mark.parametrize("algorithm", ["prim", "kruskal", "backtracker"])
def test_carving_only_ever_grows_frame_by_frame(algorithm):
    """For these perfect-maze algorithms a cell, once reached, never looks unvisited again: the
    unvisited colour's pixels never increase, from the whole grid down to none."""
    unvisited = np.array(get_theme("dark").colours[Style.UNVISITED])
    shown = decode(made("gif", MazeSpec(algorithm, "square", 10, 7, 3), seconds=2, fps=10))
    counts = [int(np.all(frame == unvisited, axis=2).sum()) for frame, _ in shown]
    assert counts[0] > 0 and counts[-1] == 0
    assert all(later <= earlier for earlier, later in zip(counts, counts[1:])), counts
    assert len(set(counts)) >= 10, "the carving is spread over the frames, not shown at once"


@pytest.mark.parametrize("fmt", WRITERS)
def test_solve_adds_the_solver_and_its_path_to_the_same_length(fmt):
    path = np.array(get_theme("dark").colours[Style.PATH])
    plain = decode(made(fmt, seconds=2, fps=10))
    solved = decode(made(fmt, seconds=2, fps=10, solve="bfs"))
    assert sum(d for _, d in solved) == sum(d for _, d in plain)
    assert not np.all(plain[-1][0] == path, axis=2).any()
    assert np.all(solved[-1][0] == path, axis=2).sum() > 100
    assert not np.array_equal(solved[len(solved) // 2][0], solved[-1][0]), "the solve is animated"


# --- the same every time ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", WRITERS)
def test_the_same_arguments_give_the_same_bytes_and_another_seed_does_not(fmt):
    once, again = made(fmt, seconds=1, fps=10), made(fmt, seconds=1, fps=10)
    assert once == again
    assert made(fmt, SPEC.with_(seed=6), seconds=1, fps=10) != once


# --- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", WRITERS)
def test_generate_writes_the_animation_its_extension_names(fmt, tmp_path):
    out = tmp_path / f"wilson.{fmt}"
    args = ["generate", "-a", "wilson", "-g", "hex", "-s", "8x6", "--seed", "4", "--seconds", "1", "--fps", "10",
            "--cell", "4", "--hold", "1", "--solve", "astar", "-o", str(out)]
    assert main(args) == 0
    spec = MazeSpec("wilson", "hex", 8, 6, 4)
    options = ExportOptions(cell=4, seconds=1, fps=10, hold=1, solve="astar")
    assert out.read_bytes() == WRITERS[fmt](spec.build(), spec, options)


@pytest.mark.parametrize("extra, words", [(["--cell", "500"], "--cell 500"), (["--fps", "60"], "--fps 60"),
                                          (["--solution"], "--solution")])
def test_a_bad_combination_is_one_line_and_status_2(extra, words, tmp_path, capsys):
    out = tmp_path / "bad.gif"
    assert main(["generate", "-s", "30x20", *extra, "-o", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and words in error
    assert not out.exists()


# --- recording the window (F9) ----------------------------------------------------------------


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
    view = shell.view_rect()
    assert frames[0][0].shape[:2] == recording_size(view.size)[::-1]


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


# --- the bench ---------------------------------------------------------------------------------


def test_the_bench_prints_time_and_size_of_both_formats():
    from visualizer.bench.figures import animation_figures

    lines: list[str] = []
    figures = animation_figures(width=8, height=6, seconds=1.0, out=lines.append)
    text = "\n".join(lines)
    for fmt in WRITERS:
        assert figures[fmt]["seconds"] > 0 and figures[fmt]["mb"] > 0
        assert f"{fmt} " in text and f"{figures[fmt]['mb']:.2f} MB" in text


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
