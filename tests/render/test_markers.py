"""The endpoint markers: whole on screen even where they are larger than their cells."""

from __future__ import annotations

import numpy as np
import pygame
from hypothesis import given
from hypothesis import strategies as st

from visualizer.render.board import Board
from visualizer.render.markers import ENTRANCE, EXIT, SOLVER_GOAL, SOLVER_START, draw_endpoints, inside
from visualizer.run.spec import MazeSpec

coordinate = st.floats(-50, 450, allow_nan=False)
offset = st.floats(-40, 40, allow_nan=False)


@given(st.tuples(coordinate, coordinate), st.lists(st.tuples(offset, offset), min_size=3, max_size=4))
def test_a_marker_moved_inside_keeps_its_shape_and_one_already_inside_stays(centre, corners):
    """A marker (smaller than the view) anywhere, even partly outside the view."""
    view = pygame.Rect(0, 0, 400, 400)
    points = [(centre[0] + dx, centre[1] + dy) for dx, dy in corners]
    moved = inside(points, view)
    shift = {(round(mx - x, 6), round(my - y, 6)) for (x, y), (mx, my) in zip(points, moved)}
    assert len(shift) == 1, "moved as one: the same shape"
    assert all(view.left - 1e-6 <= x <= view.right + 1e-6 and view.top - 1e-6 <= y <= view.bottom + 1e-6
               for x, y in moved)
    if all(view.left <= x <= view.right and view.top <= y <= view.bottom for x, y in points):
        assert moved == points


def test_on_tiny_cells_the_entrance_and_exit_are_drawn_whole_at_the_views_edge():
    """A 300 x 300 maze in a 555-pixel view: cells of 2 pixels, markers of 18; the entrance (top
    left) came out a trapezoid, cut by the view's edge."""
    pygame.display.init()
    grid = MazeSpec("backtracker", "square", 300, 300, 1).make_grid()
    board = Board(grid, 555, 692)
    surface = pygame.Surface((555 + 200, 692 + 200))
    origin = (100, 100)
    draw_endpoints(surface, board, origin, 0, grid.size - 1, 299, grid.size - 300)  # the solver's in the corners too
    pixels = pygame.surfarray.pixels3d(surface)
    for colour in (ENTRANCE, EXIT, SOLVER_START, SOLVER_GOAL):
        hit = np.argwhere((pixels == colour).all(axis=2))
        assert len(hit) > 50
        assert hit[:, 0].min() >= origin[0] and hit[:, 1].min() >= origin[1]
        assert hit[:, 0].max() < origin[0] + board.width and hit[:, 1].max() < origin[1] + board.height


def test_the_longest_paths_end_rings_read_over_small_cells():
    """The rings at both ends of the longest path (F) are at least as wide as the endpoint
    markers' least size, however small the cells: they were 14 pixels across over 18-pixel cells."""
    from visualizer.core.distance import longest_path
    from visualizer.render.annotations import END_RING, draw_longest_path

    pygame.display.init()
    maze = MazeSpec("backtracker", "square", 120, 90, 1).build()
    board = Board(maze.grid, 555, 420)
    assert board.cell_pixels < 6
    surface = pygame.Surface((555, 420))
    cells = longest_path(maze).cells
    draw_longest_path(surface, board, (0, 0), cells)
    white = (pygame.surfarray.pixels3d(surface) == (255, 255, 255)).all(axis=2)
    for end in (cells[0], cells[-1]):
        x, y = (int(v) for v in board.centres_of(np.array([end]))[0])
        across = white[max(0, x - 20):x + 21, y]
        assert across.sum() >= END_RING * 0.5, "the ring's white band is too thin to see"
        assert np.ptp(np.flatnonzero(across)) >= 2 * END_RING - 3
