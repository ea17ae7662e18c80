"""Fractal mazes: a spanning tree at every size and tile, made of whole copies of itself joined
by three doors per doubling, each copy one step."""

import pytest
from helpers import is_spanning_tree, passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.algorithms.fractal import sizes
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration
from visualizer.run.spec import MazeSpec

FRACTAL = ALGORITHMS["fractal"]


def edges_and_cells(maze: Maze) -> tuple[int, int, int]:
    """Passages, cells and connected parts counted by hand (the oracle: a tree has cells - 1
    passages and one part)."""
    grid = maze.grid
    parent = list(range(grid.size))

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    passages = 0
    for cell in range(grid.size):
        for d, nb in grid.neighbours(cell):
            if nb > cell and maze.is_open(cell, d):
                passages += 1
                parent[find(cell)] = find(nb)
    return passages, grid.size, len({find(c) for c in range(grid.size)})


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), w=st.integers(1, 40), h=st.integers(1, 30), tile=st.integers(1, 6))
def test_every_fractal_maze_is_a_spanning_tree(seed, w, h, tile):
    maze = MazeSpec("fractal", "square", w, h, seed, {"tile": tile}).build()
    passages, cells, parts = edges_and_cells(maze)
    assert passages == cells - 1 and parts == 1
    assert is_spanning_tree(maze) and passages_are_symmetric(maze)


@pytest.mark.parametrize(("size", "tile"), [((16, 16), 2), ((24, 24), 3), ((32, 8), 4)])
def test_whole_copies_repeat_the_quarter_and_three_doors_join_them(size, tile):
    spec = MazeSpec("fractal", "square", *size, 9, {"tile": tile})
    events = list(spec.events())
    doublings = len(sizes(*size, tile)) - 1
    assert sum(e[0] == Kind.CONNECT for e in events) == 3 * doublings
    maze = Maze(spec.make_grid()).fold(events)
    w, h = size
    grid = maze.grid

    def inside(ox, oy):
        """The passages between the cells of one quarter, east and south of each."""
        return [maze.is_open(grid.cell(x + ox, y + oy), d) for y in range(h // 2) for x in range(w // 2)
                for d, (dx, dy) in ((grid.E, (1, 0)), (grid.S, (0, 1))) if x + dx < w // 2 and y + dy < h // 2]

    first = inside(0, 0)
    assert any(first) and all(inside(ox, oy) == first for ox, oy in ((w // 2, 0), (0, h // 2), (w // 2, h // 2)))


def test_each_copy_and_each_door_is_one_step():
    spec = MazeSpec("fractal", "square", 16, 16, 3, {"tile": 2})
    grid = spec.make_grid()
    events = list(spec.events(grid))
    copy = next(i for i, e in enumerate(events) if e[0] == Kind.PHASE and e[3] == "copy")
    narration = Narration(FRACTAL.narrator(grid, FRACTAL.resolve(spec.params)), BraidNarrator(grid))
    narration.fold(events[:copy + 1])
    before = narration.steps
    narration.fold(events[copy + 1:])
    copies = sum(e[0] == Kind.CHAMBER for e in events[copy:])
    doors = sum(e[0] == Kind.CONNECT for e in events)
    assert copies == 3 * 3 and narration.steps - before == copies + doors
    assert narration.narrator.data()[0] == ("Maze so far", "16 x 16 of 16 x 16 cells")


@pytest.mark.parametrize(("argv", "message"), [(["-p", "tile=0"], "tile must be at least 1"),
                                               (["-p", "tile=x"], "tile takes a whole number"),
                                               (["-g", "hex"], "works on square grids")])
def test_bad_parameters_and_grids_are_refused_in_one_line(capsys, tmp_path, argv, message):
    code = main(["generate", "-a", "fractal", *argv, "-o", str(tmp_path / "m.txt")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
