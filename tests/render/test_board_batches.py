"""Large batches on the board: instant mode (quiet steps, each repaint a full redraw the board
works out by what changed), thousands of dirty cells at once (repainted by tiles, the edges and
posts that own no pixel left alone) and big zoomed cells: after every repaint the view is what a
fresh board's one full redraw of the same state shows. Plus the board's refusal of a pixel array
of another size (the compare scene's "output array does not match" crash) and ``distinct``."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.grids import GRIDS
from visualizer.grids.layout import distinct
from visualizer.render.board import Board, fit_camera
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec


def fresh(board: Board, run: Run) -> np.ndarray:
    """One full redraw of the run's state on a new board laid out as ``board`` is."""
    again = Board(run.grid, board.width, board.height, board.camera)
    surface = pygame.Surface((board.width, board.height), depth=32)
    again.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    again.paint(pixels, run.maze, run.overlay, True, [])
    del pixels
    return pygame.surfarray.array3d(surface)


def play(spec: MazeSpec, view: tuple[int, int], batch: int, quiet: bool, zoom: float = 1.0) -> int:
    """Step the run ``batch`` events a repaint, checking every repaint; returns the repaints."""
    grid = spec.make_grid()
    camera = fit_camera(grid, *view)
    if zoom > 1:
        camera = camera.zoomed(zoom, (view[0] / 3, view[1] / 2), grid.fit_scale)
    run = Run(spec)
    board = Board(grid, *view, camera)
    surface = pygame.Surface(view, depth=32)
    board.use_format(surface.map_rgb)
    repaints = 0
    while True:
        full, cells = run.overlay.take_dirty()
        pixels = pygame.surfarray.pixels2d(surface)
        board.paint(pixels, run.maze, run.overlay, full, cells)
        del pixels
        assert (pygame.surfarray.array3d(surface) == fresh(board, run)).all(), (run.position, full, len(cells))
        repaints += 1
        if run.finished:
            return repaints
        run.step(batch, quiet=quiet)
        if run.idle and not run.finished:
            run.finish_generation()


@pytest.mark.parametrize("kind", sorted(GRIDS))
@pytest.mark.parametrize("algorithm", ["backtracker", "kruskal", "dungeon"])
@pytest.mark.parametrize("quiet", [True, False])
def test_a_large_maze_seen_whole_repainted_in_big_batches_matches_one_full_redraw(kind, algorithm, quiet):
    """120 x 90 in 300 x 220 pixels: most edges and posts own no pixel, batches of 2,500 events
    (Kruskal joins cells already drawn, so only their passages change; dungeon rooms open posts)."""
    spec = MazeSpec(algorithm, kind, 120, 90, 5)
    if not spec.info.supports(kind):
        pytest.skip(f"{algorithm} does not run on {kind}")
    assert play(spec, (300, 220), 2500, quiet) >= 3


@pytest.mark.parametrize("kind", sorted(GRIDS))
def test_big_zoomed_cells_repainted_in_big_batches_match_one_full_redraw(kind):
    """Zoomed in four times: cells span many tiles (one gather), and the view shows a corner."""
    assert play(MazeSpec("kruskal", kind, 40, 30, 2), (320, 240), 400, False, zoom=4.0) >= 4


def test_a_solver_after_instant_generation_repaints_what_a_full_redraw_shows():
    spec = MazeSpec("prim", "square", 90, 60, 1)
    run = Run(spec)
    board = Board(run.grid, 260, 200)
    surface = pygame.Surface((260, 200), depth=32)
    board.use_format(surface.map_rgb)
    run.step(4000, quiet=True)
    for _ in range(6):
        full, cells = run.overlay.take_dirty()
        pixels = pygame.surfarray.pixels2d(surface)
        board.paint(pixels, run.maze, run.overlay, full, cells)
        del pixels
        assert (pygame.surfarray.array3d(surface) == fresh(board, run)).all()
        if run.finished and run.solver is None:
            run.solve("bfs")
        elif not run.finished:
            run.step(1 << 20, quiet=True)
        else:
            run.step(700)


def test_a_pixel_array_of_another_size_is_refused_in_words_not_by_numpy():
    """The compare scene once quit with numpy's "output array does not match result of
    ndarray.take": a board laid out for one size painted into a surface of another."""
    run = Run(MazeSpec("backtracker", "square", 8, 6, 1))
    board = Board(run.grid, 120, 90)
    surface = pygame.Surface((121, 90), depth=32)
    board.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    with pytest.raises(ValueError, match="laid out for 120 x 90 pixels, not 121 x 90"):
        board.paint(pixels, run.maze, run.overlay, True, [])
    del pixels


@settings(max_examples=60)
@given(st.lists(st.integers(-5, 40), max_size=60))
def test_distinct_is_numpy_unique(values):
    array = np.array(values, dtype=np.int64)
    assert distinct(array).tolist() == np.unique(array).tolist()


@settings(max_examples=60)
@given(st.lists(st.integers(0, 40), max_size=60), st.integers(0, 30))
def test_distinct_under_a_bound_is_numpy_unique(values, more):
    array = np.array(values, dtype=np.int64)
    found = distinct(array, 41 + more)  # flagged or sorted, whichever the share says
    assert found.tolist() == np.unique(array).tolist() and found.dtype == array.dtype
