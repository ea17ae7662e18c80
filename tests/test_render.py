"""The board draws what the model says: every cell in its colour, a wall exactly where a passage is closed."""

import pygame
import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.render.board import Board
from visualizer.render.image import render_surface
from visualizer.render.palette import CONNECTOR, STYLE_COLOURS, WALL, Style
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec

FLOOR, ROOM = STYLE_COLOURS[Style.FLOOR], STYLE_COLOURS[Style.ROOM]


@settings(max_examples=25)
@given(kind=st.sampled_from(["square", "hex"]), w=st.integers(1, 12), h=st.integers(1, 9),
       seed=st.integers(0, 10**6), algorithm=st.sampled_from(["backtracker", "prim", "dungeon", "kruskal"]),
       view=st.tuples(st.integers(160, 700), st.integers(120, 500)))
def test_cells_and_walls_are_drawn_where_the_model_says(kind, w, h, seed, algorithm, view):
    maze = MazeSpec(algorithm, kind, *at_least(kind, w, h), seed).build()
    surface = render_surface(maze, Overlay(maze.grid), view)
    board = Board(maze.grid, *view)
    grid = maze.grid

    def colour(x, y):
        return tuple(surface.get_at((int(x), int(y))))[:3]

    if board.cell_pixels < 6:
        return  # too small to sample cleanly between walls
    for cell in range(grid.size):
        expected = {0: STYLE_COLOURS[Style.UNVISITED], 1: FLOOR, 2: ROOM, 3: STYLE_COLOURS[Style.PRUNED]}
        assert colour(*board.cell_centre(cell)) == expected[int(maze.state[cell])]
        for d, nb in grid.neighbours(cell):
            (ax, ay), (bx, by) = board.cell_centre(cell), board.cell_centre(nb)
            between = colour((ax + bx) / 2, (ay + by) / 2)
            if maze.is_open(cell, d):
                assert between in (FLOOR, ROOM, CONNECTOR)
            else:
                assert between == WALL


RING_ROWS = ("XX....XX......", "X......X......", "..XXXX........", "..XXXX........", "X......X......",
             "XX....XX......", "..............", "..............", "..............", "..............")


@pytest.mark.parametrize("kind, masked", [("hex", False), ("triangle", False), ("square", True), ("triangle", True)])
def test_a_full_redraw_and_dirty_repaints_agree(kind, masked):
    """Painting cell by cell as events arrive gives the same pixels as one full redraw at the end
    (the posts round a changed cell included: triangles and masked grids have their own)."""
    from visualizer.grids import Mask

    spec = MazeSpec("dungeon", kind, 14, 10, 3, mask=Mask(RING_ROWS) if masked else None)
    grid = spec.make_grid()
    from visualizer.core.maze import Maze

    maze, overlay = Maze(grid), Overlay(grid)
    board = Board(grid, 420, 300)
    step_by_step = pygame.Surface((420, 300), depth=32)
    board.use_format(step_by_step.map_rgb)
    compared = 0
    for event in spec.events(grid):
        if event[0] == Kind.PHASE and event[3] != "rooms":  # before a phase's full redraw: what painting left
            redrawn = render_surface(maze, overlay, (420, 300))
            assert pygame.image.tobytes(step_by_step, "RGB") == pygame.image.tobytes(redrawn, "RGB"), event
            compared += 1
        maze.apply(event)
        overlay.apply(event)
        if event[0] == 1:
            overlay.dirty.extend(maze.relabelled.tolist())
        full, cells = overlay.take_dirty()
        pixels = pygame.surfarray.pixels2d(step_by_step)
        board.paint(pixels, maze, overlay, full, cells)
        del pixels
    once = render_surface(maze, overlay, (420, 300))
    assert pygame.image.tobytes(step_by_step, "RGB") == pygame.image.tobytes(once, "RGB")
    assert compared >= 3
