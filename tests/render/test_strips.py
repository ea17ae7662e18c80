"""A picture painted a band of rows at a time is the Board's full redraw, pixel for pixel: on runs
part-way through (every style on the board), finished mazes with rooms, weights, the distance map
and the solution, in views larger and smaller than the maze, with bands of any height; on every
grid that lays out bands, the soft edges of slanted and curved walls included."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.grids import GRIDS, Mask
from visualizer.render import strips, themes
from visualizer.render.board import Board, Camera, fit_camera, use_walls
from visualizer.render.image import finished_overlay
from visualizer.render.soft_edges import MIN_CELL_PIXELS
from visualizer.run.overlay import Overlay
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

RING = ("XX....XX......", "X......X......", "..XXXX........", "..XXXX........", "X......X......",
        "XX....XX......", "..............", "..............", "..............", "..............")


def both_ways(maze, overlay, view: tuple[int, int], strip_pixels: int,
              camera: Camera | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(board, strips)``: the same picture drawn by a Board's full redraw and band by band."""
    surface = pygame.Surface(view, depth=32)
    board = Board(maze.grid, *view, camera)
    board.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    board.paint(pixels, maze, overlay, True, [])
    whole = pixels.copy()
    pixels[:] = 0
    colours = strips.Colours.of(surface.map_rgb, themes.current().colours)
    strips.prepare(maze, overlay, view, board.camera, board.walls).paint(pixels, colours, strip_pixels)
    banded = pixels.copy()
    del pixels
    return whole, banded


def test_only_grids_that_lay_out_bands_are_painted_in_bands():
    assert [kind for kind, cls in GRIDS.items() if cls.STRIP_LAYOUT] == ["square", "hex", "triangle", "polar"]
    masked = MazeSpec("backtracker", "square", 14, 10, 3, mask=Mask(RING)).make_grid()
    assert not strips.can_paint(masked)  # renumbered from the whole view of its base grid


@settings(max_examples=25, deadline=None)
@given(w=st.integers(1, 14), h=st.integers(1, 14), seed=st.integers(0, 999),
       algorithm=st.sampled_from(["backtracker", "dungeon", "kruskal", "rooms_corridors"]),
       share=st.sampled_from([0.3, 0.7, 1.0]), view=st.sampled_from([(97, 61), (200, 200), (31, 45), (1, 1)]),
       rows=st.integers(1, 40))
def test_a_picture_in_bands_is_the_boards_full_redraw(w, h, seed, algorithm, share, view, rows):
    run = Run(MazeSpec(algorithm, "square", w, h, seed))
    total = sum(1 for _ in run.spec.events())
    run.step(int(total * share)) if share < 1 else run.finish_generation()
    whole, banded = both_ways(run.maze, run.overlay, view, rows * view[0])
    assert np.array_equal(whole, banded)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 999), distance=st.booleans(), solution=st.booleans(), weights=st.booleans())
def test_a_finished_picture_with_its_overlays_in_bands_is_the_boards(seed, distance, solution, weights):
    params = {"weights": 5} if weights else {}
    maze = MazeSpec("backtracker", "square", 23, 17, seed, params).build()
    whole, banded = both_ways(maze, finished_overlay(maze, distance, solution), (300, 221), 300 * 13)
    assert np.array_equal(whole, banded)
    assert len(np.unique(whole)) >= 3  # walls, floor, the mat at least: a picture, not a blank


def test_fog_is_painted_in_bands_as_the_board_paints_it():
    maze = MazeSpec("prim", "square", 12, 9, 3).build()
    overlay = Overlay(maze.grid)
    overlay.hidden = np.zeros(maze.grid.size, dtype=bool)
    overlay.hidden[: maze.grid.size // 2] = True
    whole, banded = both_ways(maze, overlay, (160, 120), 160 * 7)
    assert np.array_equal(whole, banded)


SLANTED = ("hex", "triangle", "polar")


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(SLANTED), w=st.integers(3, 12), h=st.integers(1, 12), seed=st.integers(0, 999),
       algorithm=st.sampled_from(["backtracker", "dungeon", "kruskal"]), share=st.sampled_from([0.5, 1.0]),
       view=st.sampled_from([(97, 61), (240, 200), (31, 45), (1, 1), (400, 90)]), rows=st.integers(1, 40),
       weight=st.sampled_from(["thin", "normal", "thick"]))
def test_slanted_walls_in_bands_are_the_boards_soft_edges_and_all(kind, w, h, seed, algorithm, share, view, rows,
                                                                   weight):
    run = Run(MazeSpec(algorithm, kind, w, h, seed))
    total = sum(1 for _ in run.spec.events())
    run.step(int(total * share)) if share < 1 else run.finish_generation()
    use_walls(weight)
    try:
        whole, banded = both_ways(run.maze, run.overlay, view, rows * view[0])
    finally:
        use_walls("normal")
    assert np.array_equal(whole, banded)


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(SLANTED), seed=st.integers(0, 999), distance=st.booleans(), solution=st.booleans(),
       weights=st.booleans(), rows=st.integers(1, 30))
def test_finished_slanted_pictures_with_overlays_in_bands_are_the_boards(kind, seed, distance, solution, weights,
                                                                        rows):
    params = {"weights": 5} if weights else {}
    maze = MazeSpec("backtracker", kind, 11, 9, seed, params).build()
    whole, banded = both_ways(maze, finished_overlay(maze, distance, solution), (320, 280), 320 * rows)
    assert np.array_equal(whole, banded)
    assert len(np.unique(whole)) >= 5  # walls, floor, the mat and soft edges between: a picture


def test_soft_edges_show_in_a_banded_picture():
    """The band's extra rows matter: without them the rows at each band's edge would stay hard."""
    maze = MazeSpec("backtracker", "hex", 8, 8, 2).build()
    overlay = Overlay(maze.grid)
    bands = strips.prepare(maze, overlay, (300, 300), fit_camera(maze.grid, 300, 300), 1.0)
    assert bands.soft
    whole, banded = both_ways(maze, overlay, (300, 300), 300 * 2)  # 150 bands of two rows: every row an edge
    assert np.array_equal(whole, banded)


def test_a_grid_painted_whole_is_refused_in_words():
    maze = MazeSpec("backtracker", "square", 14, 10, 3, mask=Mask(RING)).build()
    camera = fit_camera(maze.grid, 50, 50)
    try:
        strips.prepare(maze, Overlay(maze.grid), (50, 50), camera, 1.0)
    except ValueError as error:
        assert "masked" in str(error) or "painted whole" in str(error)
    else:
        raise AssertionError("a masked grid was painted in bands")


def test_cells_just_large_enough_to_soften_are_softened_in_bands_too():
    """At exactly the size where the Board starts softening slanted walls, so do the bands."""
    maze = MazeSpec("backtracker", "polar", 6, 5, 4).build()
    camera = Camera(MIN_CELL_PIXELS, (40.0, 40.0))  # a polar cell is ``scale`` pixels
    overlay = Overlay(maze.grid)
    assert strips.prepare(maze, overlay, (160, 160), camera, 1.0).soft
    whole, banded = both_ways(maze, overlay, (160, 160), 160 * 9, camera)
    assert np.array_equal(whole, banded)


@settings(max_examples=15, deadline=None)
@given(kind=st.sampled_from(["square", *SLANTED]), seed=st.integers(0, 999), block=st.integers(1, 60))
def test_a_maze_styled_in_many_blocks_is_the_boards_picture(kind, seed, block):
    """A 2000 x 2000 export styles its edges and wall posts in many blocks: each keeps its own place."""
    run = Run(MazeSpec("backtracker", kind, 9, 7, seed))
    run.step(sum(1 for _ in run.spec.events()) // 2)
    with mock.patch.object(strips, "STYLE_BLOCK", block):
        whole, banded = both_ways(run.maze, run.overlay, (150, 120), 150 * 11)
    assert np.array_equal(whole, banded)


@settings(max_examples=8, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), seed=st.integers(0, 999),
       shares=st.lists(st.sampled_from([0.0, 0.2, 0.5, 0.9, 1.0]), min_size=2, max_size=4))
def test_pictures_of_one_view_keeping_their_band_maps_are_the_pictures_made_afresh(kind, seed, shares):
    """An animation's frames keep each band's map and the neighbour table from the first frame: a
    later frame from the kept ones is the frame laid out anew, moment after moment of a run."""
    run = Run(MazeSpec("backtracker", kind, 9, 7, seed), record=False)
    total = sum(1 for _ in run.spec.events())
    view = (700, 420)  # two bands
    camera = fit_camera(run.grid, *view)
    colours = strips.Colours(np.arange(256, dtype=np.uint32), np.zeros((256, 3), dtype=np.uint32), None)
    layouts = strips.Layouts()

    def both(camera: Camera) -> tuple[np.ndarray, np.ndarray]:
        kept, fresh = np.zeros(view, dtype=np.uint32), np.zeros(view, dtype=np.uint32)
        strips.prepare(run.maze, run.overlay, view, camera, 1.0, layouts).paint(kept, colours)
        strips.prepare(run.maze, run.overlay, view, camera, 1.0).paint(fresh, colours)
        return kept, fresh

    with mock.patch.object(strips, "STYLE_BLOCK", 30):  # the neighbour table kept in blocks of a few cells
        for share in sorted(shares):
            run.step(max(0, int(total * share) - run.position))
            assert np.array_equal(*both(camera))
        assert (layouts.maps and len(layouts.neighbours) > 1) or not layouts.worth  # kept, or not worth it
        assert layouts.worth or kind != "hex"  # a hex view is laid out pixel by pixel: worth keeping
        other = Camera(camera.scale / 2, camera.origin)  # another view: the maps kept are dropped, not misused
        assert np.array_equal(*both(other))
