"""Tests written against mutants of the play modules (heading, game, ghost, levels) that survived
mutation testing (README, "Mutation testing"): each asserts something a player would notice if that
line were wrong: where a step or a turn leads and which way you face after it, how the eye glides
and lurches, what the trail, fog and move count say after a give-up or a restart, where the ghost is
and what the win screen says about the race, and how large each level is.
"""

from __future__ import annotations

import math

import pygame
import pytest
from helpers import key, walk_shortest_path
from hypothesis import example, given
from hypothesis import strategies as st

from visualizer.app.shell import Shell
from visualizer.core.distance import distances_from
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import GRIDS, HexGrid, Mask, TriangleGrid
from visualizer.play import save as saves
from visualizer.play.game import SIGHT, Game
from visualizer.play.ghost import Ghost, race_result
from visualizer.play.heading import (
    BACK,
    BUMP_REACH,
    BUMP_SECONDS,
    FORWARD,
    Camera,
    heading_angle,
    initial_heading,
    sides,
    walk,
)
from visualizer.play.levels import FINAL_LEVEL, LEVEL_WIDTHS, level_for_width, level_size
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

KINDS = sorted(GRIDS)

# --- heading: which way you face after a step ---------------------------------------------------


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


# --- heading: the eye's glide and lurch ---------------------------------------------------------


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


# --- the ghost --------------------------------------------------------------------------------


def test_the_ghost_stands_on_the_exit_the_moment_it_arrives():
    ghost = Ghost((5, 6, 7, 8, 9), 4.0)
    assert ghost.where(ghost.arrival) == (9, 9, 0.0)
    assert ghost.where(ghost.arrival + 0.3) == (9, 9, 0.0)
    assert ghost.where(0.875) == (8, 9, 0.5)  # half way along the last step


@given(steps=st.integers(1, 30), pace=st.sampled_from([2.0, 4.0, 7.0, 8.0, 10.0, 20.0]),
       seconds=st.floats(0, 10, allow_nan=False))
@example(steps=1, pace=20.0, seconds=0.0)  # the ghost arrives 0.05 s after you: it reads "by 0.1 s"
@example(steps=1, pace=10.0, seconds=0.15)  # 0.05 s behind the ghost
@example(steps=4, pace=4.0, seconds=1.0)  # together
def test_the_race_line_never_calls_a_visible_gap_a_dead_heat(steps, pace, seconds):
    """The gap is shown to a tenth of a second: a dead heat exactly when it would read 0.0 s."""
    ghost = Ghost(tuple(range(steps + 1)), pace)
    gap = ghost.arrival - seconds
    shown = f"{abs(gap):.1f}"
    line = race_result(ghost, seconds)
    if shown == "0.0":
        assert line == "A dead heat with the ghost!"
    elif gap > 0:
        assert line == f"You beat the ghost by {shown} s"
    else:
        assert line == f"The ghost arrived {shown} s before you"


# --- game: moves, give up, restart, fog -------------------------------------------------------


def polar_game(seed: int = 4) -> Game:
    """A disc: its entrance is on the outer ring (not cell 0, and its side is not 0 either)."""
    spec = MazeSpec("backtracker", "polar", 4, 4, seed)
    return Game(spec=spec, maze=spec.build())


def walk_path(game: Game, path: list[int]) -> None:
    for a, b in zip(path, path[1:]):
        assert game.move(game.maze.grid.direction_between(a, b))


def test_a_new_game_starts_at_the_entrance_with_it_on_the_trail():
    game = polar_game()
    entrance = game.maze.entrance[0]
    assert entrance != 0 and game.maze.entrance[1] != entrance
    assert game.position == entrance and game.trail == [entrance] and game.moves == 0
    assert game.shortest == len(shortest_path(game.maze)) - 1  # the level's par


def test_each_step_counts_once_and_extends_the_trail_and_efficiency_counts_detours():
    game = polar_game()
    path = shortest_path(game.maze)
    start, first = path[0], path[1]
    walk_path(game, [start, first, start])  # a step out and back: two wasted moves
    assert game.position == start and game.moves == 2 and game.trail == [start, first, start]
    walk_path(game, path)
    assert game.won and game.moves == len(path) + 1
    assert game.efficiency == pytest.approx((len(path) - 1) / (len(path) + 1))


def test_walking_back_into_cell_zero():
    spec = MazeSpec("backtracker", "square", 5, 4, 2)
    game = Game(spec=spec, maze=spec.build())
    assert game.position == 0
    out = next(d for d in range(4) if game.maze.is_open(0, d))
    there = game.maze.grid.neighbour(0, out)
    assert game.move(out) and game.move(game.maze.grid.opposite(out))
    assert game.position == 0 and game.trail == [0, there, 0] and game.moves == 2


def test_a_wall_refuses_the_move_and_changes_nothing():
    game = polar_game()
    grid = game.maze.grid
    wall = next(d for d in sides(grid, game.position)
                if grid.neighbour(game.position, d) >= 0 and not game.maze.is_open(game.position, d))
    assert game.move(wall) is False
    assert (game.position, game.moves, game.trail) == (game.maze.entrance[0], 0, [game.maze.entrance[0]])


def test_giving_up_shows_the_way_from_where_you_stand_and_ends_the_level():
    game = polar_game()
    path = shortest_path(game.maze)
    walk_path(game, path[:3])
    here = game.position
    way = game.give_up()
    assert way == shortest_path(game.maze, here, game.goal) and way[0] == here and way[-1] == game.goal
    assert game.finished and not game.won
    assert game.move(game.maze.grid.direction_between(way[0], way[1])) is False  # no more walking
    assert game.position == here and game.moves == 2


def test_restart_goes_back_to_the_entrance_with_counters_cleared_and_walking_again():
    game = polar_game()
    path = shortest_path(game.maze)
    walk_path(game, path[:4])
    game.elapsed = 42.0
    game.move_named("right")
    game.give_up()
    game.restart_level()
    assert game.last_moves == {}  # Up at a split goes clockwise again, as at the start
    entrance = game.maze.entrance[0]
    assert (game.position, game.trail, game.moves, game.elapsed) == (entrance, [entrance], 0, 0.0)
    assert not game.finished
    assert game.move(game.maze.grid.direction_between(path[0], path[1])) and game.position == path[1]
    game.move_named("left")  # the arrow keys work after a restart too, and remember the way again
    assert game.last_moves == {"across": "left"}


def within_sight(maze: Maze, cells: list[int]) -> set[int]:
    seen: set[int] = set()
    for cell in cells:
        dist = distances_from(maze, cell)
        seen |= {c for c in range(maze.grid.size) if 0 <= dist[c] <= SIGHT}
    return seen


def test_the_fog_lifts_three_steps_round_you_and_stays_lifted_behind_you():
    spec = MazeSpec("backtracker", "square", 12, 8, 6)
    game = Game(spec=spec, maze=spec.build(), fog=True)
    assert SIGHT == 3
    assert game.seen == within_sight(game.maze, [game.position])
    path = shortest_path(game.maze)
    walk_path(game, path[:8])
    assert game.seen == within_sight(game.maze, path[:8])
    game.restart_level()  # a fresh try: only what the entrance shows
    assert game.seen == within_sight(game.maze, [path[0]])


def test_on_hex_left_goes_the_way_the_last_up_or_down_went():
    """Up (even into a wall) then Left goes up-left; Down then Left goes down-left."""
    spec = MazeSpec("prim", "hex", 7, 7, 1)
    grid = HexGrid(7, 7)
    maze = Maze(grid).fold([(Kind.OPEN_FIELD, -1, -1, -1)])
    centre = grid.cell(3, 3)
    for vertical, expected in (("up", "up-left"), ("down", "down-left")):
        game = Game(spec=spec, maze=maze, position=centre)
        assert game.move_named(vertical)
        here = game.position
        assert game.move_named("left")
        assert game.position == grid.neighbour(here, HexGrid.MOVES[expected])


def test_a_game_continued_on_the_centre_of_a_disc_stays_there(data):
    """Cell 0 is the centre of a disc, far from its entrance: a save made there resumes there."""
    game = polar_game()
    way = shortest_path(game.maze, game.position, 0)
    walk_path(game, way)
    saves.save_game(game)
    back = saves.load_game()
    assert back.position == 0 and back.trail == way


# --- game: levels ---------------------------------------------------------------------------


def test_a_new_level_is_sized_for_its_level_and_fogged_only_when_asked():
    base = MazeSpec("backtracker", "hex", 1, 1, 9)
    third = Game.new_level(3, base)
    assert third.level == 3 and not third.fog
    assert (third.spec.width, third.spec.height) == level_size(3)
    assert (third.maze.grid.width, third.maze.grid.height) == level_size(3)
    assert Game.new_level(3, base, fog=True).fog


def test_the_next_level_keeps_the_fog_and_grows():
    game = Game.new_level(2, MazeSpec("backtracker", "square", 1, 1, 9), fog=True)
    nxt = game.next_level()
    assert nxt.level == 3 and nxt.fog and nxt.maze.grid.width == LEVEL_WIDTHS[2]


def test_the_seed_shown_after_level_two_is_the_one_the_series_started_with(screen, data):
    """The win screen tells you the seed to share; a friend's `play --seed` starts level 1 there."""
    spec = MazeSpec("backtracker", "square", 8, 5, 41)
    app = Shell(spec, screen=screen)
    app.open_scene("play", spec=spec, mode="new")
    walk_shortest_path(app)
    assert any(line.startswith("Seed 41:") for line in app.scene.screen_lines())
    level_one = app.scene.game.maze
    key(app, pygame.K_RETURN)
    assert app.scene.game.level == 2
    walk_shortest_path(app)
    assert any(line.startswith("Seed 41:") for line in app.scene.screen_lines()), app.scene.screen_lines()
    assert not level_one.same_as(app.scene.game.maze)


# --- level sizes ----------------------------------------------------------------------------


def test_plain_levels_grow_from_8x5_to_26x16_in_a_screen_friendly_shape():
    sizes = [level_size(level) for level in range(1, FINAL_LEVEL + 1)]
    assert sizes[0] == (8, 5) and sizes[-1] == (26, 16)
    assert [w for w, _ in sizes] == list(range(8, 27, 2))
    assert all(abs(h - w * 5 / 8) <= 0.5 for w, h in sizes)  # 8:5, to the nearest row
    assert level_size(0) == (8, 5) and level_size(FINAL_LEVEL + 5) == (26, 16)


@pytest.mark.parametrize("kind", KINDS)
def test_a_level_without_a_mask_is_the_plain_size_on_every_grid(kind):
    assert level_size(4, None, GRIDS[kind]) == level_size(4)
    assert level_size(4, Mask((".." * 5,) * 3), None) == level_size(4)


def test_a_word_mask_starts_at_a_cell_a_character_and_ends_twice_as_wide():
    mask = Mask((".X" * 10,) * 4 + ("." * 20,), name="word")
    square = GRIDS["square"]
    assert level_size(1, mask, square) == (20, 5)
    assert level_size(FINAL_LEVEL, mask, square) == (40, 10)
    widths = [level_size(level, mask, square)[0] for level in range(1, FINAL_LEVEL + 1)]
    assert widths == sorted(set(widths))  # every level a little wider
    game = Game.new_level(1, MazeSpec("backtracker", "square", 1, 1, 3, mask=mask))
    assert (game.spec.width, game.spec.height) == (20, 5)


def test_a_one_letter_wide_mask_on_triangles_is_still_a_playable_level():
    """One column of triangles does not join up: the first level is two columns wide."""
    mask = Mask((".",) * 6, name="i")
    width, height = level_size(1, mask, TriangleGrid)
    assert width == TriangleGrid.MIN_SIZE[0] == 2 and height == 12
    game = Game.new_level(1, MazeSpec("backtracker", "triangle", 1, 1, 3, mask=mask))
    assert game.maze.grid.size > 0 and not game.won


@pytest.mark.parametrize("kind,first_width", [("square", 12), ("hex", 12), ("triangle", 24)])
def test_a_picture_mask_plays_half_again_as_wide_as_a_plain_level(kind, first_width):
    """Triangles are half as wide as squares, so a picture takes twice the columns on them."""
    picture = Mask(("..XX..", "......", "..XX.."), name="picture", by_plane=True)
    grid = GRIDS[kind]
    width, height = level_size(1, picture, grid)
    assert width == max(grid.MIN_SIZE[0], first_width)
    assert height == picture.height_for(grid, width)


def test_a_drawn_maze_counts_as_the_level_at_least_as_wide():
    for level, width in enumerate(LEVEL_WIDTHS, start=1):
        assert level_for_width(width) == level
        assert level_for_width(width - 1) == level
    assert level_for_width(1) == 1 and level_for_width(LEVEL_WIDTHS[-1] + 1) == FINAL_LEVEL
