"""visualizer.api as a student meets it: the shipped examples make perfect mazes and sound paths on
every grid, the broken one is stopped at its first bad carve, and the grid answers in plain cells."""

import random
from itertools import islice

import pytest
from helpers import EXAMPLES, is_spanning_tree

from visualizer import api
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.files.masks import load_mask
from visualizer.grids import GRIDS, make_grid
from visualizer.plugins.checker import record_for
from visualizer.plugins.maze_check import check_maze
from visualizer.plugins.student import load
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end, shortest_path

SIZES = [(2, 2), (7, 5), (12, 9)]


def checked(spec: MazeSpec) -> tuple[Maze, object]:
    grid = spec.make_grid()
    maze = Maze(grid).fold(spec.events(grid, show=True))
    return maze, record_for(grid)


@pytest.mark.parametrize("kind", list(GRIDS))
@pytest.mark.parametrize("size", SIZES)
def test_the_first_maze_is_perfect_on_every_grid(own_files, kind, size):
    name = load(str(EXAMPLES / "first_maze.py"))
    for seed in (1, 2, 3):
        width, height = max(size[0], GRIDS[kind].MIN_SIZE[0]), max(size[1], GRIDS[kind].MIN_SIZE[1])
        maze, record = checked(MazeSpec(name, kind, width, height, seed))
        assert record.finding is None and record.finished
        assert is_spanning_tree(maze) and check_maze(maze).perfect


@pytest.mark.parametrize("kind", ["square", "triangle"])
def test_the_first_maze_is_perfect_in_a_shape(own_files, kind):
    """A masked grid is a grid like any other to the file: its cells are numbered afresh."""
    name = load(str(EXAMPLES / "first_maze.py"))
    maze, record = checked(MazeSpec(name, kind, 12, 10, 4, mask=load_mask("heart")))
    assert record.finding is None and maze.grid.mask is not None and check_maze(maze).perfect


@pytest.mark.parametrize("kind", list(GRIDS))
def test_the_first_solver_finds_the_shortest_path_on_every_grid(own_files, kind):
    name = load(str(EXAMPLES / "first_solver.py"), solver=True)
    maze = MazeSpec("kruskal", kind, 9, 7, 5, {"braid": 50}).build()
    path = run_to_end(SOLVERS[name].run(maze))
    assert record_for(maze.grid, solving=True).finding is None
    assert path[0] == maze.entrance[0] and path[-1] == maze.exit[0]
    assert len(path) == len(shortest_path(maze, maze.entrance[0], maze.exit[0]))


@pytest.mark.parametrize("kind", list(GRIDS))
def test_the_broken_maze_is_stopped_at_its_first_carve_between_cells_that_are_not_neighbours(own_files, kind):
    """The mistake carves from the stack's first cell: the run ends at the first such carve that
    does not join neighbours (read off the file's own steps), and only there."""
    name = load(str(EXAMPLES / "broken_maze.py"))
    spec = MazeSpec(name, kind, 8, 6, 3)
    maze, record = checked(spec)
    grid = maze.grid
    steps = list(islice(example_module(EXAMPLES / "broken_maze.py").generate(api.Grid(grid), random.Random(3)), 500))
    expected = next(i for i, s in enumerate(steps)
                    if s.kind == Kind.CARVE and s.other >= 0 and s.other not in grid.neighbour_cells(s.cell))
    bad = record.finding
    assert bad is not None and bad.position == expected
    assert bad.cells == (steps[expected].cell, steps[expected].other)
    assert len(list(spec.events(spec.make_grid()))) == expected  # nothing after it reached the maze
    assert f"event {expected + 1}, carve({bad.cells[0]}, {bad.cells[1]})" in bad.message
    assert "are not neighbours" in bad.message


def example_module(path):
    """The example run as a plain module, apart from the checker."""
    import runpy
    from types import SimpleNamespace

    return SimpleNamespace(**runpy.run_path(str(path)))


def test_the_grid_a_student_gets_names_cells_not_directions():
    grid = make_grid("square", 4, 3)
    view = api.Grid(grid)
    assert view.cells() == list(range(12)) and len(view) == 12 and list(view) == view.cells()
    assert sorted(view.neighbours(5)) == [1, 4, 6, 9]
    assert sorted(view.neighbours(0)) == [1, 4]
    assert view.entrance == grid.entrance[0] and view.exit == grid.exit[0] and view.name(5) == "(1, 1)"


def test_the_base_grid_lists_its_cells_and_the_cells_next_to_one():
    for kind in GRIDS:
        grid = make_grid(kind, 6, 5)
        assert list(grid.cells()) == list(range(grid.size))
        rng = random.Random(kind)
        for cell in rng.sample(range(grid.size), 5):
            assert grid.neighbour_cells(cell) == [nb for _, nb in grid.neighbours(cell)]


def test_each_helper_makes_the_event_kind_the_built_ins_use():
    assert api.carve(3, 4, line=2) == api.Step(Kind.CARVE, 3, 4, 2)
    assert api.start(7).kind == Kind.CARVE and api.start(7).other == -1 and api.start(7).value == api.START
    assert api.backtrack(4, 3).kind == Kind.BACKTRACK and api.backtrack(4).other == -1
    assert {api.current(1).kind, api.frontier(1).kind, api.leave_frontier(1).kind} == {
        Kind.CURRENT, Kind.FRONTIER_ADD, Kind.FRONTIER_REMOVE}
    assert api.group(2, 9).value == 9 and api.phase("rooms").value == "rooms"
    assert {api.look(1).kind, api.todo(1).kind, api.take(1).kind, api.dead_end(1).kind} == api.SOLVER_KINDS
    assert (api.chamber(0, 8).kind, api.scan(0, 3).kind, api.prune(4).kind) == (Kind.CHAMBER, Kind.SCAN, Kind.PRUNE)
