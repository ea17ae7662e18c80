"""The square grid's tile map (what the Tiled and CSV exports write): every tile checked against the
maze model one by one, the way a level editor would read it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.maze import Maze
from visualizer.grids import GRIDS, Mask, make_grid
from visualizer.grids.base import TILE_DOOR, TILE_FLOOR, TILE_NONE, TILE_WALL
from visualizer.grids.square import E, S
from visualizer.run.spec import MazeSpec

SHAPE = Mask(("..XX..", ".X..X.", "......", "XX..XX"), "bowtie")


def room_of(maze: Maze) -> dict[int, int]:
    return {cell: room for room, cells in maze.rooms.items() for cell in cells}


def expected_tile(maze: Maze, tx: int, ty: int) -> int:
    """The tile at (tx, ty), worked out from the model alone (holes aside)."""
    grid, rooms = maze.grid, room_of(maze)
    x, y = (tx - 1) // 2, (ty - 1) // 2  # the cell at, left of or above the tile
    if tx % 2 and ty % 2:
        return TILE_FLOOR if maze.open_mask()[grid.cell(x, y)] else TILE_WALL
    if tx % 2 or ty % 2:  # a wall between two cells, or on the border
        d = E if ty % 2 else S
        cell = grid.cell(x, y) if 0 <= x < grid.width and 0 <= y < grid.height else -1
        other = grid.cell(x + (d == E), y + (d == S)) if tx < 2 * grid.width and ty < 2 * grid.height else -1
        if cell < 0 or other < 0:
            openings = {(grid.coords(c), dd) for c, dd in (maze.entrance, maze.exit)}
            inside = (x, y) if cell >= 0 else (x + (d == E), y + (d == S))
            side = d if cell >= 0 else grid.opposite(d)
            return TILE_FLOOR if (inside, side) in openings else TILE_WALL
        if not maze.is_open(cell, d):
            return TILE_WALL
        return TILE_DOOR if rooms.get(cell, -1) != rooms.get(other, -1) else TILE_FLOOR
    if 0 <= x < grid.width - 1 and 0 <= y < grid.height - 1:  # a post between four cells
        c = grid.cell(x, y)
        joined = (maze.is_open(c, E) and maze.is_open(c, S) and maze.is_open(c + 1, S)
                  and maze.is_open(c + grid.width, E))
        return TILE_FLOOR if joined else TILE_WALL
    return TILE_WALL


@given(algorithm=st.sampled_from(["backtracker", "dungeon", "kruskal", "recursive_division"]),
       w=st.integers(1, 14), h=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_every_tile_is_what_the_model_says(algorithm, w, h, seed):
    maze = MazeSpec(algorithm, "square", w, h, seed).build()
    tiles = maze.grid.tile_map(maze)
    assert tiles.shape == (2 * h + 1, 2 * w + 1)
    for ty in range(2 * h + 1):
        for tx in range(2 * w + 1):
            assert tiles[ty, tx] == expected_tile(maze, tx, ty), (tx, ty)


def test_a_dungeon_has_a_door_wherever_a_room_opens_and_nowhere_else():
    maze = MazeSpec("dungeon", "square", 31, 21, 8).build()
    tiles = maze.grid.tile_map(maze)
    rooms = room_of(maze)
    crossings = sum(1 for a, b in maze.passage_list() if rooms.get(a, -1) != rooms.get(b, -1))
    assert maze.rooms and crossings > 0
    assert int((tiles == TILE_DOOR).sum()) == crossings


def test_a_maze_without_rooms_has_no_doors_and_its_openings_are_floor():
    maze = MazeSpec("prim", "square", 9, 6, 2).build()
    tiles = maze.grid.tile_map(maze)
    assert not (tiles == TILE_DOOR).any()
    assert tiles[0, 1] == TILE_FLOOR and tiles[-1, -2] == TILE_FLOOR
    assert (tiles[0] == TILE_FLOOR).sum() == 1 and (tiles[-1] == TILE_FLOOR).sum() == 1


@given(seed=st.integers(0, 10**6), algorithm=st.sampled_from(["backtracker", "dungeon"]))
def test_a_masked_map_is_the_shape_and_nothing_outside_it(seed, algorithm):
    maze = MazeSpec(algorithm, "square", 12, 8, seed, mask=SHAPE).build()
    tiles = maze.grid.tile_map(maze)
    text = [line.ljust(25) for line in maze.grid.text_lines(maze)]
    assert tiles.shape == (17, 25)
    chars = np.array([list(line) for line in text])
    assert ((tiles == TILE_WALL) == (chars == "#")).all()  # the text picture draws the same walls
    grid = maze.grid
    open_cells = maze.open_mask()
    for x in range(12):
        for y in range(8):
            cell = grid.cell(x, y)
            tile = tiles[2 * y + 1, 2 * x + 1]
            assert tile == (TILE_NONE if cell < 0 else TILE_FLOOR if open_cells[cell] else TILE_WALL)
    rooms = room_of(maze)
    crossings = sum(1 for a, b in maze.passage_list() if rooms.get(a, -1) != rooms.get(b, -1))
    assert int((tiles == TILE_DOOR).sum()) == crossings


def test_only_square_grids_are_tile_maps_and_the_others_refuse_in_one_line():
    assert [kind for kind, cls in GRIDS.items() if cls.TILE_MAP] == ["square"]
    for kind, cls in GRIDS.items():
        if cls.TILE_MAP:
            continue
        grid = make_grid(kind, 6, 6)
        with pytest.raises(ValueError, match=f"^{kind} grids are not made of square tiles$"):
            grid.tile_map(Maze(grid))
