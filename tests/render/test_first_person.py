"""The first-person view: its movement model (play/heading.py) and its raycaster (render/first_person.py).

Corridors are carved by hand so the expected distances are known exactly: from the centre of a
corridor's first cell the wall at its far end is n - 0.5 cell widths away (a cell width is 1 on
squares and sqrt(3) between the centres of radius-1 hexagons).
"""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import GRIDS, Grid, HexGrid, PolarGrid, SquareGrid
from visualizer.play.game import Game
from visualizer.play.heading import (
    BUMP_REACH,
    BUMP_SECONDS,
    FORWARD,
    INTENTS,
    LEFT,
    RIGHT,
    Camera,
    back,
    cell_point,
    forward,
    heading_angle,
    initial_heading,
    sides,
    turn,
    walk,
    wrap_angle,
)
from visualizer.render.first_person import EXIT_KIND, FirstPersonView, build_walls, cast, draw_minimap
from visualizer.render.palette import STYLE_COLOURS, Style
from visualizer.run.spec import MazeSpec

KINDS = sorted(GRIDS)
"""Every registered grid: the movement model and the renderer must work on each."""
CELL_WIDTH = {SquareGrid.kind: 1.0, HexGrid.kind: math.sqrt(3)}
"""Between neighbouring centres, for the grids with straight corridors whose lengths are checked."""
STRAIGHT = sorted(CELL_WIDTH)
SIZE = (320, 200)


def carve_line(maze: Maze, start: int, direction: int, length: int) -> list[int]:
    """Open ``length`` cells in a straight line from ``start`` through ``direction``; returns them."""
    grid = maze.grid
    cells = [start]
    maze.apply((Kind.CARVE, start, -1, -1))
    for _ in range(length - 1):
        nb = grid.neighbour(cells[-1], direction)
        assert nb >= 0, "the corridor runs off the grid"
        maze.apply((Kind.CARVE, cells[-1], nb, direction))
        cells.append(nb)
    return cells


def corridor(kind: str, length: int) -> tuple[Maze, list[int], int]:
    """A straight corridor ``length`` cells long down the middle of a grid three cells across:
    along the rows on squares (east), down a column on hexagons (south). (maze, cells, direction)."""
    if kind == SquareGrid.kind:
        grid: Grid = SquareGrid(length, 3)
        start, direction = grid.cell(0, 1), SquareGrid.E
    else:
        grid = HexGrid(3, length)
        start, direction = grid.cell(1, 0), HexGrid.S
    maze = Maze(grid)
    return maze, carve_line(maze, start, direction, length), direction


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


def real_sides(grid: Grid, cell: int) -> list[int]:
    """The directions in which ``cell`` has an edge of some length (every one on squares and hexes)."""
    edges = grid.edge_segments()[cell]
    return [d for d in range(grid.directions) if np.hypot(*(edges[d, 1] - edges[d, 0])) > 1e-9]


@pytest.mark.parametrize("kind", KINDS)
def test_turning_right_turns_clockwise_on_screen_to_the_next_side(kind):
    grid = GRIDS[kind](3, 3)
    for cell in range(grid.size):
        real = real_sides(grid, cell)
        assert sides(grid, cell) == real
        for d in real:
            # y grows downward, so a clockwise turn on screen is a growing angle
            gaps = sorted((heading_angle(grid, cell, e) - heading_angle(grid, cell, d)) % math.tau
                          for e in real if e != d)
            right, left = turn(grid, cell, d, 1), turn(grid, cell, d, -1)
            here = heading_angle(grid, cell, d)
            assert (heading_angle(grid, cell, right) - here) % math.tau == pytest.approx(gaps[0])
            assert (here - heading_angle(grid, cell, left)) % math.tau == pytest.approx(math.tau - gaps[-1])
            assert turn(grid, cell, right, -1) == d


@pytest.mark.parametrize("kind", STRAIGHT)
def test_every_turn_is_one_direction_index_on_squares_and_hexes(kind):
    grid = GRIDS[kind](3, 3)
    step = math.tau / grid.directions  # a quarter turn on squares, a sixth on hexagons
    for d in range(grid.directions):
        assert turn(grid, 4, d, 1) == (d + 1) % grid.directions
        assert turn(grid, 4, d, -1) == (d - 1) % grid.directions
        assert wrap_angle(heading_angle(grid, 4, turn(grid, 4, d, 1)) - heading_angle(grid, 4, d)) == \
            pytest.approx(step)


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != PolarGrid.kind])
def test_heading_points_at_the_neighbour_across_that_side(kind):
    """Cells symmetric about each side (not a polar grid's: a ring cell is wider outside than in)."""
    grid = GRIDS[kind](4, 4)
    edges = grid.edge_segments()
    for cell in range(grid.size):
        x, y = cell_point(grid, cell)
        for d, nb in grid.neighbours(cell):
            nx, ny = cell_point(grid, nb)
            mx, my = edges[cell, d].mean(axis=0)
            assert math.atan2(ny - y, nx - x) == pytest.approx(heading_angle(grid, cell, d), abs=1e-9)
            assert math.hypot(nx - x, ny - y) == pytest.approx(2 * math.hypot(mx - x, my - y))


@pytest.mark.parametrize("kind", STRAIGHT)
def test_forward_walks_the_corridor_and_bumps_at_its_end(kind):
    maze, cells, direction = corridor(kind, 4)
    grid = maze.grid
    here = cells[0]
    for expected in cells[1:]:
        step = forward(grid, maze, here, direction)
        assert step == (expected, direction)
        here = expected
    assert forward(grid, maze, here, direction) is None
    assert back(grid, maze, here, direction) == (cells[-2], grid.opposite(direction))
    assert back(grid, maze, cells[0], direction) is None


@pytest.mark.parametrize("kind", KINDS)
def test_walking_into_cell_0_works_forwards_and_backwards(kind):
    """Cell 0 (the square grid's entrance corner, the disc's centre) is a cell like any other."""
    maze = MazeSpec("backtracker", kind, 6, 5, 3).build()
    grid = maze.grid
    d, nb = next((d, nb) for d, nb in grid.neighbours(0) if maze.is_open(0, d))
    towards = grid.opposite(d)
    assert forward(grid, maze, nb, towards) == (0, towards)
    assert back(grid, maze, nb, d) == (0, towards)


@pytest.mark.parametrize("kind", KINDS)
def test_the_first_heading_follows_the_shortest_path(kind):
    maze = MazeSpec("backtracker", kind, 6, 5, 3).build()
    grid = maze.grid
    from visualizer.solvers import shortest_path

    path = shortest_path(maze)
    assert initial_heading(grid, maze, path[0]) == grid.direction_between(path[0], path[1])
    assert initial_heading(grid, maze, maze.exit[0]) == maze.exit[1]
    for cell in range(grid.size):  # from anywhere: the way the path to the exit leaves (next to it too)
        way = shortest_path(maze, cell, maze.exit[0])
        if len(way) >= 2:
            assert initial_heading(grid, maze, cell) == grid.direction_between(way[0], way[1]), cell


@pytest.mark.parametrize("kind", KINDS)
def test_with_no_way_to_the_exit_the_first_heading_is_an_open_side_else_any_side(kind):
    from visualizer.core.maze import Maze
    from visualizer.play.heading import sides

    grid = MazeSpec("backtracker", kind, 6, 5, 3).make_grid()
    maze = Maze(grid)  # every wall closed: no cell reaches the exit
    cell = grid.size // 2
    d, nb = grid.neighbours(cell)[-1]
    maze.passages[cell] |= 1 << d  # one open side (to a cell that leads nowhere)
    maze.passages[nb] |= 1 << grid.opposite(d)
    assert initial_heading(grid, maze, cell) == d
    lone = next(c for c in range(grid.size) if c not in (cell, nb, maze.exit[0]))
    assert initial_heading(grid, maze, lone) == sides(grid, lone)[0]


@given(kind=st.sampled_from(KINDS), width=st.integers(2, 6), height=st.integers(2, 6), seed=st.integers(0, 999),
       intents=st.lists(st.sampled_from(INTENTS), max_size=40))
def test_first_person_moves_visit_what_the_top_down_moves_visit(kind, width, height, seed, intents):
    """Each first-person intent is a top-down move in an absolute direction (forward: the heading,
    back: its opposite): both models agree on every cell, and a bump never moves anyone."""
    spec = MazeSpec("backtracker", kind, *at_least(kind, width, height), seed)
    maze = spec.build()
    grid = maze.grid
    game = Game(spec=spec, maze=maze)
    cell, facing = game.position, initial_heading(grid, maze, game.position)
    ours, theirs = [cell], [game.position]
    for intent in intents:
        if game.finished:
            break
        step = walk(grid, maze, cell, facing, intent)
        assert step.facing in sides(grid, step.cell)
        if intent in (LEFT, RIGHT):
            assert (step.cell, step.moved, step.bumped) == (cell, -1, False)
            assert step.facing == turn(grid, cell, facing, 1 if intent == RIGHT else -1)
        else:
            absolute = facing if intent == FORWARD else grid.opposite(facing)
            moved = game.move(absolute)
            assert step.bumped == (not moved)
            if facing in sides(grid, step.cell):
                assert step.facing == facing  # the heading is kept wherever the new cell allows
            if moved:
                assert step.moved == absolute
            else:
                assert step.cell == cell and step.moved == -1 and step.facing == facing
            theirs.append(game.position)
            ours.append(step.cell)
        cell, facing = step.cell, step.facing
    assert ours == theirs


def test_an_unknown_intent_is_refused():
    maze, cells, direction = corridor(SquareGrid.kind, 2)
    with pytest.raises(ValueError, match="intent"):
        walk(maze.grid, maze, cells[0], direction, "jump")


def test_the_camera_glides_and_turns_the_short_way():
    camera = Camera(0.0, 0.0, math.radians(170))
    camera.aim(1.0, 0.0, math.radians(-170), now=10.0)
    x, y, angle = camera.pose(10.0 + camera.duration / 2)
    assert x == pytest.approx(0.5)
    assert abs(wrap_angle(angle - math.pi)) < 1e-9  # through 180 degrees, not back through 0
    assert camera.moving(10.0 + camera.duration / 2) and not camera.moving(10.0 + 1.0)
    x, y, angle = camera.pose(11.0)
    assert (x, wrap_angle(angle)) == (pytest.approx(1.0), pytest.approx(math.radians(-170)))


def test_a_bump_lurches_the_eye_toward_the_wall_and_back():
    camera = Camera(1.0, 1.0, 0.0, cell=math.sqrt(3))
    camera.bump(now=5.0)
    x, y, _ = camera.pose(5.0 + BUMP_SECONDS / 2)
    assert x == pytest.approx(1.0 + BUMP_REACH * math.sqrt(3)) and y == pytest.approx(1.0)
    camera.bump(now=6.0, backwards=True)
    assert camera.pose(6.0 + BUMP_SECONDS / 2)[0] == pytest.approx(1.0 - BUMP_REACH * math.sqrt(3))
    assert camera.pose(7.0) == (1.0, 1.0, 0.0) and not camera.moving(7.0)


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


def test_the_bench_prints_the_first_person_frame_time():
    from visualizer.bench.figures import TARGET_FIRST_PERSON_MS, first_person_figures

    lines: list[str] = []
    figures = first_person_figures(frames=2, mazes=(("square", 30, 20), ("hex", 12, 8)), out=lines.append)
    assert set(figures) == {"square 30x20", "hex 12x8"}
    assert all(row["best_ms"] > 0 for row in figures.values())
    assert sum("ms" in line and f"<= {TARGET_FIRST_PERSON_MS:g} ms" in line for line in lines) == 2
