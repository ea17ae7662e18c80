"""CSV exports: a plain grid of tile numbers (0 nothing, 1 floor, 2 wall, 3 door) that reads back,
with Python's csv module, as the maze's tile map."""

from __future__ import annotations

import csv
import io

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.core.maze import Maze
from visualizer.export.csv_tiles import digits_joined, to_csv
from visualizer.grids.square import E, S
from visualizer.run.spec import MazeSpec

LEGEND = {"nothing": 0, "floor": 1, "wall": 2, "door": 3}


def read(text: str) -> np.ndarray:
    rows = list(csv.reader(io.StringIO(text)))
    assert len({len(row) for row in rows}) == 1  # a rectangle
    return np.array([[int(v) for v in row] for row in rows])


def check_against_the_model(maze: Maze, tiles: np.ndarray) -> None:
    grid = maze.grid
    assert tiles.shape == (2 * grid.height + 1, 2 * grid.width + 1)
    assert set(np.unique(tiles)) <= set(LEGEND.values())
    rooms = {cell: room for room, cells in maze.rooms.items() for cell in cells}
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        assert tiles[2 * y + 1, 2 * x + 1] == (LEGEND["floor"] if maze.open_mask()[cell] else LEGEND["wall"])
        for d, (dx, dy) in ((E, (1, 0)), (S, (0, 1))):
            if x + dx >= grid.width or y + dy >= grid.height:
                continue
            other = grid.cell(x + dx, y + dy)
            tile = tiles[2 * y + 1 + dy, 2 * x + 1 + dx]
            if not maze.is_open(cell, d):
                assert tile == LEGEND["wall"]
            else:
                door = rooms.get(cell, -1) != rooms.get(other, -1)
                assert tile == (LEGEND["door"] if door else LEGEND["floor"])


@given(algorithm=st.sampled_from(["backtracker", "dungeon", "eller"]), w=st.integers(1, 16), h=st.integers(1, 12),
       seed=st.integers(0, 10**6))
def test_the_csv_reads_back_as_the_maze(algorithm, w, h, seed):
    maze = MazeSpec(algorithm, "square", w, h, seed).build()
    check_against_the_model(maze, read(to_csv(maze)))


def test_a_dungeon_csv_from_the_command_line_has_doors_and_matches_the_text_picture(tmp_path, capsys):
    assert main(["generate", "-a", "dungeon", "-s", "21x15", "--seed", "9", "-o", str(tmp_path / "d.csv")]) == 0
    tiles = read((tmp_path / "d.csv").read_text())
    maze = MazeSpec("dungeon", "square", 21, 15, 9).build()
    check_against_the_model(maze, tiles)
    assert (tiles == LEGEND["door"]).any()
    assert main(["generate", "-a", "dungeon", "-s", "21x15", "--seed", "9", "-f", "text"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert ((tiles == LEGEND["wall"]) == (np.array([list(line) for line in text]) == "#")).all()


def test_csv_goes_to_standard_output_and_a_masked_shape_leaves_zeros(tmp_path, capsys):
    (tmp_path / "shape.txt").write_text("..XX\n....\n")
    assert main(["generate", "-s", "8x4", "--mask", str(tmp_path / "shape.txt"), "-f", "csv"]) == 0
    tiles = read(capsys.readouterr().out)
    assert tiles.shape == (9, 17) and (tiles == LEGEND["nothing"]).any()
    assert tiles[1, 1] == LEGEND["floor"] and tiles[1, 13] == LEGEND["nothing"]  # a kept cell, a cell cut away


@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=6), min_size=1, max_size=5),
       st.sampled_from([b",", b", ", b";"]))
def test_digits_are_joined_as_plain_joining_would(rows, separator):
    width = len(rows[0])
    grid = np.array([(row * width)[:width] for row in rows], dtype=np.uint8)
    expected = "".join(separator.decode().join(map(str, row)) + "\n" for row in grid.tolist())
    assert digits_joined(grid, separator, b"\n") == expected
    assert digits_joined(grid[0], separator) == separator.decode().join(map(str, grid[0].tolist()))
