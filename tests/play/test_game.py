"""The game's rules: where you start, what a step, a wall, a give-up and a restart do to the
position, the trail, the fog and the move count, and how a new or next level is made.
"""

from __future__ import annotations

import pytest

from visualizer.core.distance import distances_from
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import HexGrid
from visualizer.play import save as saves
from visualizer.play.game import SIGHT, Game
from visualizer.play.heading import (
    sides,
)
from visualizer.play.levels import LEVEL_WIDTHS, level_size
from visualizer.run.spec import MazeSpec
from visualizer.solvers import shortest_path

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


def test_the_clock_waits_for_the_first_move_key_and_a_bump_starts_it():
    from visualizer.run.spec import MazeSpec

    game = Game.new_level(1, MazeSpec("backtracker", "square", 8, 6, 3))
    game.tick(5.0)
    assert game.elapsed == 0 and not game.clock_running
    blocked = next(d for d in range(4) if not game.maze.is_open(game.position, d))
    assert not game.move(blocked)  # a bump is a move key too: the player has begun
    game.tick(1.5)
    assert game.elapsed == 1.5
    game.restart_level()
    game.tick(2.0)
    assert game.elapsed == 0  # a fresh try waits again


# --- every dungeon is a level to play --------------------------------------------------------------

NEW_DUNGEONS = ["bsp", "caves", "drunkard", "rooms_corridors", "wfc"]


@pytest.mark.parametrize("algorithm", NEW_DUNGEONS)
@pytest.mark.parametrize("level", [1, 4, 6, 10])
def test_every_dungeon_level_is_won_by_walking_from_the_start_to_the_exit(algorithm, level):
    """Levels 1 (plain), 4 (doors and keys), 6 (the minotaur) and 10 (the last), with fog: the exit
    is reachable from the start, through the doors with their keys, one move at a time."""
    for seed in (1, 7, 20):
        game = Game.new_level(level, MazeSpec(algorithm, "square", 8, 5, seed), fog=True)
        maze = game.maze
        assert maze.open_mask()[game.position] and maze.open_mask()[game.goal]
        way = game.route()
        assert way and way[0] == game.position and way[-1] == game.goal
        for cell in way[1:]:
            assert game.move(maze.grid.direction_between(game.position, cell)), (algorithm, level, game.notice)
        assert game.won and game.moves == len(way) - 1 >= game.shortest
