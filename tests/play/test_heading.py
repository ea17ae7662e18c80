"""The first-person movement model: which way you face after a step or a turn, where a step
leads, the first heading, and the eye's glide and lurch.

Corridors are carved by hand so the expected sides are known exactly."""

from __future__ import annotations

import math

import pytest
from helpers import STRAIGHT, at_least, corridor, real_sides
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import GRIDS, PolarGrid, SquareGrid, TriangleGrid
from visualizer.play.game import Game
from visualizer.play.heading import (
    BACK,
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
from visualizer.run.spec import MazeSpec

KINDS = sorted(GRIDS)


def carve(maze: Maze, a: int, b: int, direction: int) -> None:
    """Open the passage from ``a`` through ``direction`` to its neighbour ``b``."""
    maze.apply((Kind.CARVE, a, -1, -1))
    maze.apply((Kind.CARVE, a, b, direction))


@pytest.mark.parametrize("open_sides,expected", [
    ({TriangleGrid.W}, TriangleGrid.W), ({TriangleGrid.E}, TriangleGrid.E),
    ({TriangleGrid.E, TriangleGrid.W}, TriangleGrid.E), (set(), TriangleGrid.E)])
def test_stepping_down_into_a_downward_triangle_faces_along_the_row_toward_an_open_side(open_sides, expected):
    """A downward triangle has no bottom side: stepping down into it you face one of its two slanted
    sides (equally far from straight down), the open one when only one is, never back up the way
    you came."""
    grid = TriangleGrid(4, 3)
    maze = Maze(grid)
    top, below = grid.cell(2, 0), grid.cell(2, 1)
    carve(maze, top, below, TriangleGrid.S)
    for side in open_sides:
        carve(maze, below, grid.neighbour(below, side), side)
    step = walk(grid, maze, top, TriangleGrid.S, FORWARD)
    assert (step.cell, step.moved, step.bumped) == (below, TriangleGrid.S, False)
    assert step.facing == expected


def nearest_sides(grid, cell: int, looking: float) -> list[int]:
    """The sides of ``cell`` whose heading is (within rounding) the least angle from ``looking``."""
    gaps = {d: abs(math.remainder(heading_angle(grid, cell, d) - looking, math.tau)) for d in sides(grid, cell)}
    least = min(gaps.values())
    return [d for d, gap in gaps.items() if gap - least < 1e-9]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_after_a_step_you_face_the_side_nearest_the_way_you_were_looking(kind, seed):
    """Keep the heading where the new cell has that side; else face the side nearest the angle the
    eye was looking along (polar rings and triangles lack some sides), an open one on a tie, then the
    first in the grid's order."""
    maze = MazeSpec("backtracker", kind, 6, 5, seed).build()
    grid = maze.grid
    for cell in range(grid.size):
        for facing in sides(grid, cell):
            for intent in (FORWARD, BACK):
                step = walk(grid, maze, cell, facing, intent)
                if step.bumped:
                    continue
                if facing in sides(grid, step.cell):
                    assert step.facing == facing
                    continue
                near = nearest_sides(grid, step.cell, heading_angle(grid, cell, facing))
                near_open = [d for d in near if maze.is_open(step.cell, d)]
                assert step.facing == min(near_open or near), (cell, facing, intent)


@pytest.mark.parametrize("kind", KINDS)
def test_a_walled_in_cell_faces_its_own_first_side(kind):
    """No open side and no way to the exit: the first side the cell has (a downward triangle's
    first side is its top, an upward one's its right)."""
    grid = MazeSpec("backtracker", kind, 6, 5, 3).make_grid()
    maze = Maze(grid)  # every wall closed
    for cell in range(grid.size):
        if cell != maze.exit[0]:
            assert initial_heading(grid, maze, cell) == sides(grid, cell)[0], cell


def test_an_unknown_intent_names_the_ones_there_are():
    grid = GRIDS["square"](2, 2)
    with pytest.raises(ValueError, match="choose one of: forward, back, left, right$"):
        walk(grid, Maze(grid), 0, 0, "jump")


def test_a_camera_with_no_glide_snaps_to_the_new_pose():
    camera = Camera(0.0, 0.0, 0.0, duration=0.0)
    camera.aim(2.0, 3.0, 1.0, now=4.0)
    assert camera.pose(4.0) == pytest.approx((2.0, 3.0, 1.0))
    assert not camera.moving(4.0)


def test_a_glide_moves_the_eye_in_a_straight_line_down_and_across():
    camera = Camera(0.0, 0.0, 0.0)
    camera.aim(2.0, 4.0, 0.0, now=1.0)
    assert camera.pose(1.0) == pytest.approx((0.0, 0.0, 0.0))
    assert camera.pose(1.0 + camera.duration / 2) == pytest.approx((1.0, 2.0, 0.0))


def test_the_window_stops_redrawing_exactly_when_a_glide_or_a_lurch_is_over():
    camera = Camera(0.0, 0.0, 0.0)
    camera.aim(1.0, 0.0, 0.0, now=10.0)
    assert camera.moving(10.0) and not camera.moving(10.0 + camera.duration)
    camera.bump(now=20.0)
    assert camera.moving(20.0 + BUMP_SECONDS / 2)  # the lurch is being shown
    assert not camera.moving(20.0 + BUMP_SECONDS)


def test_a_lurch_swells_and_fades_along_the_way_faced():
    angle = 2 * math.pi / 3  # down and to the left on screen
    camera = Camera(1.0, 1.0, angle)
    camera.bump(now=5.0)
    assert camera.pose(5.0) == pytest.approx((1.0, 1.0, angle))  # it starts where the eye stands

    def reach(at: float) -> float:
        x, y, _ = camera.pose(5.0 + at * BUMP_SECONDS)
        dx, dy = x - 1.0, y - 1.0
        assert dx * math.sin(angle) - dy * math.cos(angle) == pytest.approx(0.0, abs=1e-12)  # along the heading
        return dx * math.cos(angle) + dy * math.sin(angle)

    assert reach(0.5) == pytest.approx(BUMP_REACH)
    assert 0 < reach(0.25) < reach(0.5) and 0 < reach(0.75) < reach(0.5)


def test_a_step_during_a_lurch_does_not_jolt_the_eye():
    """Aiming mid-lurch starts the glide from where the eye stands, not from the lurch's extra reach
    (which would throw the eye forward twice as far for a frame)."""
    camera = Camera(0.0, 0.0, 0.0)
    camera.bump(now=5.0)
    now = 5.0 + BUMP_SECONDS / 2
    before = camera.pose(now)
    camera.aim(0.0, 1.0, 0.0, now=now)
    assert camera.pose(now) == pytest.approx(before)
    later = now + camera.duration  # the glide and the lurch both over
    assert camera.pose(later) == pytest.approx((0.0, 1.0, 0.0))


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
