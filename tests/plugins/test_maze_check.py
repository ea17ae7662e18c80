"""The check of a finished maze: perfect mazes pass, loops are counted and one is drawn round,
cells the entrance cannot reach are counted and boxed."""

from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.core.narration import Shape
from visualizer.plugins.maze_check import check_maze
from visualizer.run.spec import MazeSpec


@given(st.sampled_from(["square", "hex", "triangle", "polar"]), st.integers(0, 10_000))
def test_every_perfect_algorithm_passes(kind, seed):
    maze = MazeSpec("wilson", kind, 6, 5, seed).build()
    found = check_maze(maze)
    assert found.perfect and found.loops == 0 and not found.cut_off and found.annotations() == []


@given(st.integers(0, 10_000))
def test_braided_loops_are_counted_and_one_loop_is_drawn_closed(seed):
    maze = MazeSpec("backtracker", "square", 8, 6, seed, {"braid": 100}).build()
    found = check_maze(maze)
    cells = 8 * 6
    assert found.loops == maze.passage_count() - (cells - 1) > 0 and not found.perfect
    loop = found.loop
    assert loop[0] == loop[-1] and len(loop) >= 5  # a square grid's smallest loop is 4 cells
    assert all(b in maze.open_neighbours(a) for a, b in zip(loop, loop[1:]))
    assert found.annotations()[0].shape == Shape.PATH


def test_cells_cut_off_from_the_entrance_are_listed_and_boxed():
    maze = MazeSpec("backtracker", "square", 5, 4, 1).build()
    grid = maze.grid
    cut = maze.open_neighbours(grid.size - 1)[0]
    maze.apply((Kind.WALL, grid.size - 1, cut, grid.direction_between(grid.size - 1, cut)))
    found = check_maze(maze)
    assert grid.size - 1 in found.cut_off and found.loops == 0 and not found.perfect
    assert "cut off from the entrance" in found.lines()[0]
    assert [note.cells for note in found.annotations()] == [(c,) for c in found.cut_off]
