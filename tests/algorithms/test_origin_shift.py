"""Origin shift: a spanning tree after every move, one arrow re-pointed a move, the start maze it
says it starts from, and the lab's verdict at few and at the default iterations."""

from __future__ import annotations

from collections import deque

import pytest
from helpers import at_least, is_spanning_tree
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.origin_shift import DEFAULT_ITERATIONS, STARTS
from visualizer.analysis.uniformity import TreeTable, sweep
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec

GRIDS = ["square", "hex", "triangle", "polar"]


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(GRIDS), w=st.integers(1, 7), h=st.integers(1, 6), seed=st.integers(0, 10**6),
       start=st.sampled_from(STARTS), iterations=st.integers(0, 6))
def test_every_move_leaves_a_spanning_tree_and_changes_at_most_one_passage(kind, w, h, seed, start, iterations):
    spec = MazeSpec("origin_shift", kind, *at_least(kind, w, h), seed, {"start": start, "iterations": iterations})
    grid = spec.make_grid()
    maze = Maze(grid)
    events = list(spec.events())
    shift = events.index((Kind.PHASE, -1, -1, "shift"))
    maze.fold(events[:shift])
    assert is_spanning_tree(maze)
    moves = 0
    rest = events[shift + 1:]
    for i, event in enumerate(rest):
        maze.apply(event)
        if event[0] == Kind.WALL:
            assert rest[i + 1][0] == Kind.CARVE and rest[i + 1][2] == event[1]  # the closed cell is the new origin
        else:
            moves += 1
            assert is_spanning_tree(maze)
    assert moves == iterations * grid.size * (grid.size > 1)


def test_no_iterations_leave_the_breadth_first_start_maze():
    """With iterations=0 every cell's way to the origin through the maze is a shortest way."""
    spec = MazeSpec("origin_shift", "hex", 7, 6, 5, {"iterations": 0})
    maze = spec.build()
    grid = maze.grid
    origin = next(e[1] for e in spec.events() if e[0] == Kind.CURRENT)
    free = bfs(grid, origin, lambda c: [nb for _, nb in grid.neighbours(c)])
    tree = bfs(grid, origin, lambda c: [nb for d, nb in grid.neighbours(c) if maze.is_open(c, d)])
    assert tree == free


def bfs(grid, start, step):
    dist = [-1] * grid.size
    dist[start] = 0
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for nb in step(cell):
            if dist[nb] < 0:
                dist[nb] = dist[cell] + 1
                queue.append(nb)
    return dist


@pytest.mark.parametrize("start", STARTS)
def test_each_start_maze_runs_and_the_seed_decides_the_maze(start):
    a = MazeSpec("origin_shift", "square", 9, 7, 3, {"start": start}).build()
    b = MazeSpec("origin_shift", "square", 9, 7, 3, {"start": start}).build()
    c = MazeSpec("origin_shift", "square", 9, 7, 4, {"start": start}).build()
    assert a.same_as(b) and not a.same_as(c)


def test_the_lab_finds_it_biased_at_one_move_a_cell_and_uniform_at_the_default():
    """On square 3x3 (192 mazes): one move a cell is far from uniform, the default passes, with margins."""
    table = TreeTable(make_grid("square", 3, 3))
    few, default = sweep("origin_shift", table, "iterations", [1, DEFAULT_ITERATIONS], 3000)
    assert few.test is not None and default.test is not None
    assert few.test.p_value < 1e-20 and few.distance > 0.3
    assert default.test.p_value > 0.05 and default.distance < 0.15


@pytest.mark.parametrize("pair, words", [("iterations=-1", "at least 0"), ("iterations=many", "whole number"),
                                         ("iterations=10001", "at most"), ("start=prim", "one of bfs")])
def test_bad_parameters_are_refused_in_one_line_with_status_2(pair, words, tmp_path, capsys):
    out = tmp_path / "maze.txt"
    assert main(["generate", "-a", "origin_shift", "-p", pair, "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]
    assert not out.exists()


def test_the_panel_counts_the_moves_and_the_cells_never_the_origin():
    from visualizer.core.narration import Narration

    spec = MazeSpec("origin_shift", "square", 4, 3, 2, {"iterations": 3})
    events = list(spec.events())
    shift = events.index((Kind.PHASE, -1, -1, "shift"))
    origins = {events[shift - 1][1]}  # the CURRENT before the phase: the first origin
    origins |= {e[2] if e[0] == Kind.CARVE else e[1] for e in events[shift + 1:] if e[0] in (Kind.CARVE, Kind.CURRENT)}
    narration = Narration(ALGORITHMS["origin_shift"].narrator(spec.make_grid(), spec.params))
    narration.fold(events)
    data = dict(narration.narrator.data())
    assert data["Moves"].startswith("36 of 36")
    assert data["Never the origin"] == f"{12 - len(origins)} of 12 cells"
