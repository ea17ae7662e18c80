"""Trémaux's algorithm: it reaches any goal that can be reached, loops and islands included, never
crosses a passage three times, and the passages it marked once are its path."""

from __future__ import annotations

import pytest
from helpers import island_maze
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end, shortest_path


def is_walk(maze, path, start, goal) -> bool:
    return (path[0] == start and path[-1] == goal and len(set(path)) == len(path)
            and all(b in maze.open_neighbours(a) for a, b in zip(path, path[1:])))


@pytest.mark.parametrize("kind", ["square", "hex", "triangle"])
def test_it_reaches_the_exit_from_beside_an_island_where_both_wall_followers_circle(kind):
    maze, stuck = island_maze(kind, 7, 7)
    assert stuck, "the constructed case must trap the wall followers"
    for start in stuck:
        path = run_to_end(SOLVERS["tremaux"].run(maze, start))
        assert is_walk(maze, path, start, maze.exit[0]), start


@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), seed=st.integers(0, 10**6),
       braid=st.integers(0, 100), ends=st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)))
def test_it_joins_any_two_cells_of_a_braided_maze_crossing_no_passage_three_times(kind, seed, braid, ends):
    maze = MazeSpec("backtracker", kind, 9, 7, seed, {"braid": braid}).build()
    start, goal = (end % maze.grid.size for end in ends)
    events = list(SOLVERS["tremaux"].run(maze, start, goal))
    path = run_to_end(SOLVERS["tremaux"].run(maze, start, goal))
    assert is_walk(maze, path, start, goal)
    crossings: dict[tuple[int, int], int] = {}
    for kind_, cell, other, _ in events:
        if kind_ in (Kind.SEARCH, Kind.DEAD_END) and other >= 0:
            key = (min(cell, other), max(cell, other))
            crossings[key] = crossings.get(key, 0) + 1
    assert max(crossings.values(), default=0) <= 2
    left = {e[1] for e in events if e[0] == Kind.DEAD_END}
    assert not left & set(path), "a cell left for good is never on the path"


def test_on_a_perfect_maze_it_finds_the_one_path_and_says_no_path_when_cut_off():
    maze = MazeSpec("wilson", "hex", 10, 8, 3).build()
    assert run_to_end(SOLVERS["tremaux"].run(maze)) == shortest_path(maze)
    maze.passages[maze.exit[0]] = 0  # wall the exit cell in (its neighbours keep their side open)
    for nb in range(maze.grid.size):
        if maze.exit[0] in maze.open_neighbours(nb):
            maze.passages[nb] &= ~(1 << maze.grid.direction_between(nb, maze.exit[0])) & 0xFF
    assert run_to_end(SOLVERS["tremaux"].run(maze)) == []
