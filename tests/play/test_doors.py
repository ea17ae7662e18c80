"""Keys and doors: every generated level can be won, every key can be reached before its door,
doors close real passages, and keys are never left beside their doors."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.grids import GRIDS
from visualizer.play.doors import (
    DOORS_FROM,
    Door,
    Layout,
    door_count,
    key_distance,
    key_steps,
    place,
    solve,
)
from visualizer.play.levels import level_size
from visualizer.run.spec import MazeSpec


def level_maze(grid: str, level: int, seed: int, algorithm: str = "backtracker", params=None):
    width, height = level_size(level, None, GRIDS[grid])
    spec = MazeSpec(algorithm, grid, width, height, seed, params or {})
    return spec.build()


@pytest.mark.parametrize("grid", sorted(GRIDS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), level=st.integers(DOORS_FROM, 10),
       algorithm=st.sampled_from(["backtracker", "kruskal", "prim"]))
def test_every_level_with_doors_is_solvable_and_fair(grid, seed, level, algorithm):
    maze = level_maze(grid, level, seed, algorithm)
    layout = place(maze, level, seed)
    start, goal = maze.entrance[0], maze.exit[0]
    assert len(layout.doors) == door_count(level)  # every door of the level found a fair place
    assert len(layout.keys) == len(layout.doors)
    steps, reached = solve(maze, layout, start, goal)
    assert steps is not None  # the level can be won
    assert reached == {door.colour for door in layout.doors}  # every key before its door
    for door in layout.doors:
        a, b = door.cells
        assert b in maze.open_neighbours(a)  # a door sits on a passage of the maze
        key = dict(layout.keys)[door.colour]
        assert key not in (start, goal)
        assert key_steps(maze, door, key) >= key_distance(level)


def test_doors_start_at_their_level_and_grow_in_number():
    assert door_count(DOORS_FROM - 1) == 0 and door_count(DOORS_FROM) == 1
    assert door_count(10) == 3
    maze = level_maze("square", DOORS_FROM - 1, 3)
    assert place(maze, DOORS_FROM - 1, 3) == Layout()


def test_a_braided_maze_still_gets_fair_doors():
    maze = level_maze("square", 8, 5, "dungeon", {"braid": 30})
    layout = place(maze, 8, 5)
    assert layout.doors
    steps, reached = solve(maze, layout, maze.entrance[0], maze.exit[0])
    assert steps is not None and len(reached) == len(layout.doors)


def test_the_search_refuses_a_door_whose_key_lies_behind_it():
    """The check the generator relies on can fail: a key placed past its own door is unreachable."""
    maze = level_maze("square", 5, 1)
    from visualizer.solvers import shortest_path

    path = shortest_path(maze)
    door = Door("red", tuple(sorted(path[len(path) // 2: len(path) // 2 + 2])))
    behind = Layout((door,), (("red", path[-2]),))
    steps, reached = solve(maze, behind, path[0], path[-1])
    assert steps is None and reached == set()
    ahead = Layout((door,), (("red", path[1]),))
    assert solve(maze, ahead, path[0], path[-1])[0] == len(path) - 1


# --- in the game: a locked door stops you with a notice, its key opens it ---------------------


def walk(game, cells):
    for a, b in zip(cells, cells[1:]):
        if not game.move(game.maze.grid.direction_between(a, b)):
            return False
    return True


@pytest.mark.parametrize("grid", sorted(GRIDS))
def test_a_locked_door_blocks_the_way_until_its_key_is_picked_up(grid):
    from visualizer.play.game import Game
    from visualizer.solvers import shortest_path

    game = Game.new_level(5, MazeSpec("backtracker", grid, 1, 1, 11))
    (door,), ((colour, key),) = game.layout.doors, game.layout.keys
    path = shortest_path(game.maze)
    assert not walk(game, path)  # stopped at the door, nothing moved through it
    assert game.position in door.cells and not game.won
    assert game.notice == f"The {colour} door is locked: find the {colour} key"
    assert walk(game, shortest_path(game.maze, game.position, key))
    assert game.keys_held == [colour] and "picked up" in game.notice
    assert walk(game, shortest_path(game.maze, game.position, game.goal)) and game.won
    assert game.shortest == solve(game.maze, game.layout, path[0], path[-1])[0] > len(path) - 1
    game.restart_level()
    assert game.keys_held == []  # a new try fetches the key again


@pytest.mark.parametrize("grid", sorted(GRIDS))
def test_the_route_given_up_fetches_the_keys_and_wins(grid):
    from visualizer.play.game import Game

    game = Game.new_level(10, MazeSpec("backtracker", grid, 1, 1, 3))
    way = game.route()
    assert len(way) - 1 == game.shortest and walk(game, way) and game.won
    assert sorted(game.keys_held) == sorted(d.colour for d in game.layout.doors)
