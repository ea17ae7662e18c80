"""Tests written against mutants that survived the mutation run (README, "Mutation testing"): each
asserts something a player or a user of the model would see if that line were wrong."""

from __future__ import annotations

import numpy as np
import pytest

from visualizer.events import Kind
from visualizer.maze import Maze
from visualizer.overlay import Mark, Overlay
from visualizer.solvers import SOLVERS
from visualizer.spec import MazeSpec


def solved_overlay(solver: str = "bfs") -> tuple[Maze, Overlay]:
    spec = MazeSpec("prim", "square", 8, 6, 2)
    maze = spec.build()
    overlay = Overlay(maze.grid)
    for event in SOLVERS[solver].run(maze):
        overlay.apply(event)
    return maze, overlay


@pytest.mark.parametrize("solver", ["bfs", "dead_end_filling", "astar"])
def test_clearing_a_solution_leaves_no_search_path_or_dead_end_marks_and_zero_counts(solver):
    """S a second time clears the solution: the board must show the bare maze again and the panel
    no longer count searched cells or the path's length."""
    _, overlay = solved_overlay(solver)
    assert (overlay.mark != Mark.NONE).any() and overlay.searched + overlay.path_length > 0
    overlay.take_dirty()
    overlay.clear_solution()
    assert (overlay.mark == Mark.NONE).all()
    assert overlay.searched == 0 and overlay.path_length == 0
    assert overlay.take_dirty()[0]  # the whole board is repainted


def test_clearing_a_solution_keeps_the_generations_own_marks():
    grid = MazeSpec("backtracker", "square", 5, 4, 1).make_grid()
    overlay = Overlay(grid, shows_stack=True)
    overlay.apply((Kind.CARVE, 0, -1, -1))
    overlay.apply((Kind.CARVE, 0, 1, 1))
    before = overlay.mark.copy()
    overlay.clear_solution()
    assert (overlay.mark == before).all() and (before == Mark.STACK).any()


def test_quiet_steps_mark_the_picture_stale_until_the_marks_are_dropped():
    """Instant mode skips the annotations: the overlay says so (the panel shows the maze only) and
    keeps the last event for the panel's Last line; dropping the marks makes it current again."""
    grid = MazeSpec("backtracker", "square", 5, 4, 1).make_grid()
    overlay = Overlay(grid)
    overlay.take_dirty()
    last = (Kind.CARVE, 3, 4, 1)
    overlay.mark_stale(last)
    assert overlay.stale is True and overlay.last == last and overlay.take_dirty()[0]
    overlay.drop_stale_marks()
    assert overlay.stale is False


@pytest.mark.parametrize("kind", ["square", "hex", "triangle"])
def test_a_cells_degree_counts_its_passages_and_the_opening_to_the_outside(kind):
    """What the dungeon's pruning and the play view read as a cell's ways out: the entrance and the
    exit count the opening in the outer wall, every other cell its open passages alone."""
    spec = MazeSpec("backtracker", kind, 7, 5, 3)
    maze = spec.build()
    entrance, exit_ = maze.entrance[0], maze.exit[0]
    for cell in range(maze.grid.size):
        passages = bin(int(maze.passages[cell])).count("1")
        outside = int(cell == entrance) + int(cell == exit_)
        assert maze.degree(cell) == passages + outside
    single = Maze(MazeSpec("backtracker", "square", 1, 1, 1).make_grid())
    assert single.degree(0) == 2  # one cell: both the entrance and the exit
    assert np.isin(maze.degree(entrance), (2, 3, 4, 5))
