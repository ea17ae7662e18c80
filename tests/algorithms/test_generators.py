"""The rules every perfect-maze generator keeps, on every grid it supports, at every size."""

import sys

import pytest
from helpers import at_least, is_spanning_tree, passages_are_symmetric
from hypothesis import given
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind, changes_maze, expand
from visualizer.core.maze import Maze
from visualizer.grids import make_grid

PERFECT = [(name, kind) for name, info in ALGORITHMS.items() if info.perfect for kind in info.grid_names]
SUPPORTED = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]
sizes = st.tuples(st.integers(1, 14), st.integers(1, 14))
seeds = st.integers(0, 2**32)


def run(name, kind, w, h, seed):
    w, h = at_least(kind, w, h)
    grid = make_grid(kind, w, h)
    return grid, list(expand(ALGORITHMS[name].run(grid, seed)))  # packed runs as their events


@pytest.mark.parametrize("name,kind", PERFECT)
@given(size=sizes, seed=seeds)
def test_perfect_mazes_are_spanning_trees(name, kind, size, seed):
    grid, events = run(name, kind, *size, seed)
    maze = Maze(grid).fold(events)
    assert is_spanning_tree(maze)
    assert passages_are_symmetric(maze)


@pytest.mark.parametrize("name,kind", PERFECT)
@pytest.mark.parametrize("size", [(1, 1), (1, 9), (9, 1), (2, 2)])
def test_degenerate_shapes(name, kind, size):
    grid, events = run(name, kind, *size, seed=3)
    assert is_spanning_tree(Maze(grid).fold(events))


@pytest.mark.parametrize("name,kind", SUPPORTED)
@given(size=sizes, seed=seeds)
def test_same_seed_same_events(name, kind, size, seed):
    assert run(name, kind, *size, seed)[1] == run(name, kind, *size, seed)[1]


@pytest.mark.parametrize("name,kind", SUPPORTED)
@given(size=sizes, seed=seeds)
def test_replaying_the_maze_changing_events_rebuilds_the_maze(name, kind, size, seed):
    grid, events = run(name, kind, *size, seed)
    live = Maze(grid)
    for event in events:
        live.apply(event)
    replay = Maze(grid).fold([e for e in events if changes_maze(e)])
    assert replay.same_as(live)


def test_different_seeds_give_different_mazes():
    grid = make_grid("square", 12, 12)
    a = Maze(grid).fold(ALGORITHMS["backtracker"].run(grid, 1))
    b = Maze(grid).fold(ALGORITHMS["backtracker"].run(grid, 2))
    assert not a.same_as(b)


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_generators_never_recurse(name):
    """A 120 x 120 maze under a tiny recursion limit: any recursion would blow it."""
    grid = make_grid("square", 120, 120)
    maze = Maze(grid)
    events = ALGORITHMS[name].run(grid, 1)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(150)
    try:
        maze.fold(events)
    finally:
        sys.setrecursionlimit(old)
    reach = maze.reachable_from(maze.entrance[0])
    assert reach.sum() == len(maze.open_cells()) > grid.size // 3


def test_backtracker_reports_every_backtrack():
    grid = make_grid("square", 8, 8)
    events = list(ALGORITHMS["backtracker"].run(grid, 5))
    backtracks = [e for e in events if e[0] == Kind.BACKTRACK]
    assert len(backtracks) == grid.size  # every cell is pushed once and popped once
    assert backtracks[-1][2] == -1  # the last pop empties the stack


def test_prim_only_carves_frontier_cells():
    grid = make_grid("hex", 10, 8)
    frontier = set()
    for kind, cell, other, _ in ALGORITHMS["prim"].run(grid, 9):
        if kind == Kind.FRONTIER_ADD:
            assert cell not in frontier
            frontier.add(cell)
        elif kind == Kind.CARVE and other >= 0:
            assert other in frontier
            frontier.discard(other)
    assert not frontier


def test_winding_zero_makes_long_straight_corridors():
    grid = make_grid("square", 30, 30)

    def straight_share(winding):
        maze = Maze(grid).fold(ALGORITHMS["backtracker"].run(grid, 4, winding=winding))
        bits = [int(b) for b in maze.passages]
        return sum(b in (0b0101, 0b1010) for b in bits) / grid.size

    assert straight_share(0) > straight_share(100) + 0.2
