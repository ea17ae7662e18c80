"""The first-person view's raycaster (render/first_person.py) and the frame it draws.

Corridors are carved by hand so the expected distances are known exactly: from the centre of a
corridor's first cell the wall at its far end is n - 0.5 cell widths away (a cell width is 1 on
squares and sqrt(3) between the centres of radius-1 hexagons).
"""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from helpers import CELL_WIDTH, STRAIGHT, at_least, carve_line, corridor, real_sides
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.maze import Maze
from visualizer.grids import GRIDS, SquareGrid
from visualizer.play.heading import (
    cell_point,
    heading_angle,
)
from visualizer.render.first_person import FirstPersonView
from visualizer.render.minimap import draw_minimap
from visualizer.render.palette import STYLE_COLOURS, Style
from visualizer.render.raycast import EXIT_KIND, build_walls, cast
from visualizer.run.spec import MazeSpec

KINDS = sorted(GRIDS)
"""Every registered grid: the movement model and the renderer must work on each."""


SIZE = (320, 200)


def corridor_to_exit(kind: str, length: int) -> tuple[Maze, list[int]]:
    """A straight corridor that ends at the exit's opening: carved back from the exit cell."""
    grid = GRIDS[kind](length + 2, length + 2)
    maze = Maze(grid)
    exit_cell, exit_side = maze.exit
    cells = carve_line(maze, exit_cell, grid.opposite(exit_side), length)
    return maze, cells[::-1]


def yellow_pixels(surface: pygame.Surface) -> int:
    """Pixels in the goal's hue: strongly yellow (red and green well above blue)."""
    rgb = pygame.surfarray.array3d(surface).astype(int)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return int(((r > 2 * b) & (g > 2 * b) & (r > 90)).sum())


def trail_pixels(surface: pygame.Surface) -> int:
    """Pixels in the trail's bluish green, however far into the fog."""
    rgb = pygame.surfarray.array3d(surface).astype(int)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return int(((g > r + 25) & (g > b + 8)).sum())


# --- heading: the movement model ----------------------------------------------------------------


# --- cast: the raycaster's geometry ---------------------------------------------------------------


def test_cast_finds_the_nearest_segment_and_where_along_it():
    segments = np.array([[[2.0, -1.0], [2.0, 1.0]], [[5.0, -1.0], [5.0, 1.0]]])
    distance, index, fraction = cast(segments, 0.0, 0.0, np.array([0.0, math.pi, math.atan2(0.5, 2)]))
    assert distance[0] == pytest.approx(2.0) and index[0] == 0 and fraction[0] == pytest.approx(0.5)
    assert math.isinf(distance[1]) and index[1] == -1 and math.isnan(fraction[1])
    assert index[2] == 0 and fraction[2] == pytest.approx(0.75)


def test_a_ray_into_a_corner_does_not_slip_between_its_walls():
    corner = np.array([[[1.0, 1.0], [2.0, 0.0]], [[2.0, 0.0], [1.0, -1.0]]])
    distance, index, _ = cast(corner, 0.0, 0.0, np.array([0.0]))
    assert index[0] in (0, 1) and distance[0] == pytest.approx(2.0)


@pytest.mark.parametrize("kind", STRAIGHT)
@pytest.mark.parametrize("length", [1, 3, 7])
def test_the_wall_ahead_is_as_far_as_the_corridor_is_long(kind, length):
    maze, cells, direction = corridor(kind, length)
    view = FirstPersonView(maze)
    x, y = cell_point(maze.grid, cells[0])
    angle = heading_angle(maze.grid, cells[0], direction)
    distance, index, _ = cast(view.walls.segments, x, y, np.array([angle]))
    assert distance[0] == pytest.approx((length - 0.5) * CELL_WIDTH[kind])
    assert view.cell == pytest.approx(CELL_WIDTH[kind])
    behind, _, _ = cast(view.walls.segments, x, y, np.array([angle + math.pi]))
    assert behind[0] == pytest.approx(0.5 * CELL_WIDTH[kind])


@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 10_000), pick=st.integers(0, 10_000))
def test_a_ray_through_an_open_side_never_stops_there_and_a_closed_side_stops_it(kind, seed, pick):
    maze = MazeSpec("backtracker", kind, 5, 4, seed).build()
    grid = maze.grid
    walls = build_walls(maze).segments
    cell = pick % grid.size
    x, y = cell_point(grid, cell)
    edges = grid.edge_segments()[cell]
    for d in real_sides(grid, cell):
        angle = heading_angle(grid, cell, d)
        to_side = math.hypot(*(edges[d].mean(axis=0) - (x, y)))
        if cell == maze.exit[0] and d == maze.exit[1] or cell == maze.entrance[0] and d == maze.entrance[1]:
            continue  # the doorways are drawn as walls
        spread = np.array([angle - 0.2, angle, angle + 0.2])  # still through the side, off its middle
        distance, _, _ = cast(walls, x, y, spread)
        if maze.is_open(cell, d):
            assert (distance > to_side / math.cos(0.2) + 0.05).all()
        else:
            assert distance[1] == pytest.approx(to_side)


@pytest.mark.parametrize("kind", STRAIGHT)
def test_a_symmetric_corridor_gives_mirrored_columns(kind):
    maze, cells, direction = corridor(kind, 5)
    view = FirstPersonView(maze)
    x, y = cell_point(maze.grid, cells[0])
    cols = view.columns(200, SIZE, x, y, heading_angle(maze.grid, cells[0], direction))
    assert (cols.wall >= 0).all()
    np.testing.assert_allclose(cols.heights, cols.heights[::-1], rtol=1e-6)
    np.testing.assert_allclose(cols.distance, cols.distance[::-1], rtol=1e-6)
    assert cols.heights[100] < cols.heights[0]  # the far wall is smaller than the near side walls


# --- the rendered frame -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", STRAIGHT)
def test_the_exit_shows_yellow_when_faced_down_a_corridor_and_not_from_behind(kind):
    maze, cells = corridor_to_exit(kind, 5)
    grid = maze.grid
    assert (build_walls(maze).kinds == EXIT_KIND).sum() == 1
    view = FirstPersonView(maze)
    x, y = cell_point(grid, cells[0])
    facing = heading_angle(grid, cells[0], maze.exit[1])
    assert yellow_pixels(view.render(SIZE, x, y, facing)) > 200
    assert yellow_pixels(view.render(SIZE, x, y, facing + math.pi)) == 0


@pytest.mark.parametrize("kind", STRAIGHT)
def test_the_trail_shows_on_the_floor_ahead_and_walls_hide_it(kind):
    maze, cells, direction = corridor(kind, 6)
    grid = maze.grid
    view = FirstPersonView(maze)
    x, y = cell_point(grid, cells[0])
    ahead = heading_angle(grid, cells[0], direction)
    assert trail_pixels(view.render(SIZE, x, y, ahead, trail=cells)) > 30
    assert trail_pixels(view.render(SIZE, x, y, ahead)) == 0
    # marks in the rows or columns beside the corridor are in the view's wedge but behind its walls
    beside = [cell for cell in range(grid.size) if cell not in cells]
    assert sum(trail_pixels(view.render(SIZE, x, y, ahead, trail=[cell])) for cell in beside) == 0


@pytest.mark.parametrize("kind", STRAIGHT)
def test_walls_no_seen_cell_touches_are_drawn_dim(kind):
    maze, cells, direction = corridor(kind, 6)
    view = FirstPersonView(maze)
    x, y = cell_point(maze.grid, cells[0])
    angle = heading_angle(maze.grid, cells[0], direction)
    middle = (slice(SIZE[0] // 2 - 4, SIZE[0] // 2 + 4), slice(SIZE[1] // 2 - 4, SIZE[1] // 2 + 4))
    known = pygame.surfarray.array3d(view.render(SIZE, x, y, angle, seen=set(cells)))[middle].astype(int).sum()
    fogged = pygame.surfarray.array3d(view.render(SIZE, x, y, angle, seen={cells[0]}))[middle].astype(int).sum()
    assert fogged < known * 0.8


@given(kind=st.sampled_from(KINDS), algorithm=st.sampled_from(sorted(ALGORITHMS)), seed=st.integers(0, 999),
       width=st.integers(1, 7), height=st.integers(1, 7), where=st.tuples(st.floats(-3, 15), st.floats(-3, 15)),
       angle=st.floats(-10, 10), size=st.tuples(st.integers(1, 90), st.integers(1, 60)),
       fov=st.floats(0.3, 2.5), walked=st.integers(0, 20))
def test_render_and_minimap_never_raise(kind, algorithm, seed, width, height, where, angle, size, fov, walked):
    if not ALGORITHMS[algorithm].supports(kind):
        algorithm = "backtracker"
    maze = MazeSpec(algorithm, kind, *at_least(kind, width, height), seed).build()
    view = FirstPersonView(maze)
    cells = list(range(maze.grid.size))
    trail = [cells[(i * 7) % len(cells)] for i in range(walked)]
    frame = view.render(size, where[0], where[1], angle, trail, set(trail) or None, fov=fov)
    assert frame.get_size() == size
    screen = pygame.Surface((120, 90))
    draw_minimap(screen, pygame.Rect(5, 5, 100, 70), maze, set(trail), where, angle, trail)


def test_the_minimap_draws_only_seen_cells_and_the_player():
    maze, cells, direction = corridor(SquareGrid.kind, 6)
    screen = pygame.Surface((200, 120))
    rect = pygame.Rect(0, 0, 200, 120)
    x, y = cell_point(maze.grid, cells[0])
    floor = np.array(STYLE_COLOURS[Style.FLOOR])

    def floor_pixels(seen):
        screen.fill((0, 0, 0))
        draw_minimap(screen, rect, maze, seen, (x, y), 0.0)
        return int((pygame.surfarray.array3d(screen) == floor).all(axis=-1).sum())

    assert 0 < floor_pixels(set(cells[:2])) < floor_pixels(set(cells))


def test_the_minimap_shows_breadcrumbs_even_in_fog():
    from visualizer.render.palette import CRUMB

    maze, cells, _ = corridor(SquareGrid.kind, 6)
    screen = pygame.Surface((200, 120))
    x, y = cell_point(maze.grid, cells[0])

    def crumb_pixels(crumbs, seen):
        screen.fill((0, 0, 0))
        draw_minimap(screen, pygame.Rect(0, 0, 200, 120), maze, seen, (x, y), 0.0, crumbs=crumbs)
        return int((pygame.surfarray.array3d(screen) == np.array(CRUMB)).all(axis=-1).sum())

    assert crumb_pixels((), None) == 0
    one = crumb_pixels((cells[3],), None)
    assert one > 4 and crumb_pixels((cells[3], cells[5]), None) > one
    assert crumb_pixels((cells[3],), {cells[0]}) == one  # in fog, where it was dropped is known


def test_in_fog_the_minimap_shows_the_exit_only_once_seen():
    maze, cells = corridor_to_exit(SquareGrid.kind, 4)
    screen = pygame.Surface((240, 240))
    x, y = cell_point(maze.grid, cells[0])

    def goal_pixels(seen):
        screen.fill((0, 0, 0))
        draw_minimap(screen, pygame.Rect(0, 0, 240, 240), maze, seen, (x, y), 0.0)
        return yellow_pixels(screen)

    assert maze.exit[0] == cells[-1]
    hidden = goal_pixels(set(cells[:-1]))  # in fog, every cell seen but the exit's (the arrow is yellow too)
    assert goal_pixels(set(cells)) > hidden + 4  # the exit seen: its diamond is drawn
    assert goal_pixels(None) > hidden + 4  # no fog: drawn
