"""Animated exports (GIF, WebP): frames in the number and length asked for, from the empty grid to
the finished maze, byte for byte the same each time, and ``generate`` writing them."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from helpers import decode
from PIL import Image

from visualizer.cli import main
from visualizer.core.maze import Maze
from visualizer.export import animation, webp_mux
from visualizer.export.animation import GIF_TICK_MS, plan_frames, write_gif, write_webp
from visualizer.export.formats import ExportOptions
from visualizer.grids import SquareGrid
from visualizer.render.image import png_bytes, render_surface, surface_png
from visualizer.render.palette import Style
from visualizer.render.themes import get_theme
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec

WRITERS = {"gif": write_gif, "webp": write_webp}


TICK = {"gif": GIF_TICK_MS, "webp": 1}


SPEC = MazeSpec("backtracker", "square", 12, 8, 5)


CELL = 4.0


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
                                          (["--fps", "0.001"], "--fps 0.001"), (["--solution"], "--solution")])
def test_a_bad_combination_is_one_line_and_status_2(extra, words, tmp_path, capsys):
    out = tmp_path / "bad.gif"
    assert main(["generate", "-s", "30x20", *extra, "-o", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and words in error
    assert not out.exists()


@pytest.mark.parametrize("fps", ["60", "0.001"])
def test_a_gif_frame_rate_is_refused_before_the_maze_is_made(fps, tmp_path, capsys, monkeypatch):
    def no_work(self, *args):
        raise AssertionError("the maze was made before the refusal")

    monkeypatch.setattr(MazeSpec, "build", no_work)
    assert main(["generate", "-s", "30x20", "--fps", fps, "-o", str(tmp_path / "x.gif")]) == 2
    assert "--fps" in capsys.readouterr().err


def test_the_slowest_gif_with_the_longest_hold_keeps_every_delay_in_16_bits(tmp_path):
    out = tmp_path / "slow.gif"
    assert main(["generate", "-s", "3x2", "--fps", "0.002", "--hold", "60", "-o", str(out)]) == 0
    with Image.open(out) as gif:
        delays = []
        for frame in range(gif.n_frames):
            gif.seek(frame)
            delays.append(gif.info["duration"])
    assert max(delays) <= 655_350 and delays[0] == 500_000  # one frame of 500 s (the hold is whole frames)


# --- large mazes: frames painted a band at a time, capped before any work ----------------------


@pytest.mark.parametrize("grid", ["square", "hex", "triangle", "polar"])
@pytest.mark.parametrize(("algorithm", "width", "height", "options"), [
    ("backtracker", 12, 8, ExportOptions(seconds=2, fps=10)),
    ("kruskal", 9, 7, ExportOptions(seconds=1, fps=10, solve="bfs")),
    ("prim", 10, 10, ExportOptions(seconds=1, fps=10, theme="light", cell=3))])
def test_frames_painted_in_bands_are_the_boards_frames(grid, algorithm, width, height, options):
    """The band painter (large mazes) shows each moment of the run exactly as the Board does, on
    every grid that lays out bands."""
    spec = MazeSpec(algorithm, grid, width, height, 2)
    made = animation.make_animation(spec.build(), spec, options)
    in_bands = animation.index_frames(spec, made.plan, options.solve, made.size, made.palette, bands=True)
    by_board = animation.index_frames(spec, made.plan, options.solve, made.size, made.palette, bands=False)
    pairs = list(zip(in_bands, by_board, strict=True))
    assert len(pairs) == made.plan.frames > 5
    assert all(a == b for a, b in pairs)


def test_a_2000x2000_animation_is_capped_to_a_few_frames_from_its_size_alone():
    grid = SquareGrid(2000, 2000)
    options, note = animation.fit_frames("gif", grid, ExportOptions())
    assert options.max_frames == 3 and animation.in_bands("gif", grid, animation.frame_size(grid, options))
    assert note is not None and "making 3 frames, not 250" in note and "--max-frames" in note
    assert animation.fit_frames("gif", grid, ExportOptions(max_frames=2)) == (ExportOptions(max_frames=2), None)
    small = SquareGrid(40, 30)
    assert animation.fit_frames("webp", small, ExportOptions()) == (ExportOptions(), None)


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("extra, capped", [([], "not 250"), (["--max-frames", "40"], "not 40"),
                                           (["--seconds", "30", "--fps", "20"], "not 600")])
def test_generate_notes_the_cap_in_one_line_and_builds_nothing_first(fmt, extra, capped, tmp_path, capsys,
                                                                       monkeypatch):
    """The cap is decided before any work; the writer gets it and replays the recipe itself."""
    given = {}

    def writer(maze, spec, options):
        given.update(maze=maze, options=options)
        return b"made"

    writer.__module__ = animation.__name__  # the format finds its other functions beside its writer

    def no_build(self):
        raise AssertionError("the maze was built before the animation replayed it")

    monkeypatch.setattr(animation, f"write_{fmt}", writer)
    monkeypatch.setattr(MazeSpec, "build", no_build)
    out = tmp_path / f"big.{fmt}"
    assert main(["generate", "-s", "2000x2000", "--seed", "1", *extra, "-o", str(out)]) == 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "making 3 frames" in error and capped in error
    assert given["maze"] is None and given["options"].max_frames == 3
    assert out.read_bytes() == b"made"


def test_a_masked_maze_too_large_for_a_board_is_still_refused_in_one_line(tmp_path, capsys):
    """Only grids that lay out bands of rows can be painted in bands: a large masked maze is refused."""
    heart = str(Path(__file__).parents[2] / "assets" / "masks" / "heart.png")
    assert main(["generate", "--mask", heart, "-s", "2000x2000", "-o", str(tmp_path / "h.gif")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "too large to animate" in error


def decoded(data: bytes) -> list[tuple[np.ndarray, int]]:
    with Image.open(io.BytesIO(data)) as picture:
        frames = []
        for k in range(picture.n_frames):
            picture.seek(k)
            frames.append((np.asarray(picture.convert("RGB")).copy(), picture.info["duration"]))
    return frames


@pytest.mark.parametrize(("algorithm", "options"), [("wilson", ExportOptions(seconds=2, fps=10)),
                                                    ("backtracker", ExportOptions(seconds=1, fps=5, hold=2)),
                                                    ("kruskal", ExportOptions(max_frames=1))])
def test_a_webp_put_together_frame_by_frame_plays_as_libwebps_own(algorithm, options):
    """The same pictures for the same lengths as Pillow's animation writer (which large mazes avoid)."""
    spec = MazeSpec(algorithm, "square", 21, 13, 3)
    made = animation.make_animation(spec.build(), spec, options, "webp")
    frames = list(animation.palette_images(made.pixels, made.size, made.palette.rgb))
    lengths = animation.durations(made.plan)
    ours = decoded(webp_mux.encode(iter(frames), lengths, animation.WEBP_METHOD))
    theirs = decoded(animation.encode_webp(iter(frames), lengths))
    assert [length for _, length in ours] == [length for _, length in theirs]
    assert all(np.array_equal(a, b) for (a, _), (b, _) in zip(ours, theirs, strict=True))


def test_a_webp_frame_like_the_one_before_lengthens_it():
    still = Image.new("P", (6, 4), 1)
    still.putpalette(bytes(range(12)))
    changed = still.copy()
    changed.putpixel((5, 3), 2)
    shown = decoded(webp_mux.encode(iter([still, still.copy(), changed]), [100, 50, 70], 0))
    assert [length for _, length in shown] == [150, 70]
    assert webp_mux.changed_box(np.asarray(still), np.asarray(changed)) == (4, 2, 6, 4)  # even corner
