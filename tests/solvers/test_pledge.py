"""The Pledge algorithm: where the plain wall follower circles an island for ever, the turn sum
lets it go, and it walks out of the maze; when it cannot get to a goal it ends, saying no path."""

from __future__ import annotations

import pytest
from helpers import island_maze
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end
from visualizer.solvers.pledge import step_budget


def reaches_exit(maze, start) -> bool:
    path = run_to_end(SOLVERS["pledge"].run(maze, start))
    return (bool(path) and path[0] == start and path[-1] == maze.exit[0]
            and all(b in maze.open_neighbours(a) for a, b in zip(path, path[1:])))


@pytest.mark.parametrize("kind", ["square", "hex", "triangle"])
def test_it_leaves_the_island_that_traps_both_wall_followers(kind):
    maze, stuck = island_maze(kind, 7, 7)
    assert stuck
    assert all(reaches_exit(maze, start) for start in stuck)


@given(kind=st.sampled_from(["square", "hex", "triangle"]), seed=st.integers(0, 10**6), braid=st.integers(0, 100),
       start=st.integers(0, 10**6))
def test_from_any_cell_of_a_braided_maze_it_walks_out_by_the_exit(kind, seed, braid, start):
    maze = MazeSpec("backtracker", kind, 10, 8, seed, {"braid": braid}).build()
    assert reaches_exit(maze, start % maze.grid.size)


def test_the_turn_sum_is_zero_exactly_when_it_walks_straight_on():
    maze = MazeSpec("kruskal", "square", 12, 9, 4, {"braid": 100}).build()
    events = [e for e in SOLVERS["pledge"].run(maze) if e[0] == Kind.SEARCH][1:]
    grid = maze.grid
    heading = grid.opposite(maze.entrance[1])
    for _, cell, other, turns in events:
        if turns == 0:
            assert grid.direction_between(other, cell) == heading  # let go: facing the chosen way
    assert any(turns != 0 for *_, turns in events) and any(turns == 0 for *_, turns in events)


def test_a_goal_it_cannot_walk_to_ends_the_walk_within_its_budget():
    maze, _ = island_maze("square", 7, 7)
    inside = maze.grid.size // 2  # walled in: nothing reaches it
    events = list(SOLVERS["pledge"].run(maze, maze.entrance[0], inside))
    assert len(events) <= step_budget(maze) + 1 and run_to_end(SOLVERS["pledge"].run(maze, goal=inside)) == []


@pytest.mark.parametrize("seed", range(20))
def test_a_sharp_hex_turn_past_the_chosen_way_lets_go_of_the_wall(seed):
    """On hex a right turn can be two steps: the sum jumps from -1 to +1. Unless the walker lets go
    where it passes 0, it keeps its hand on an island for ever (these mazes trapped it so)."""
    maze = MazeSpec("backtracker", "hex", 12, 9, seed, {"braid": 60}).build()
    assert reaches_exit(maze, maze.entrance[0])
