"""Rooms and mazes: one connected region by construction, intact rooms, no dead ends."""

import pytest
from helpers import at_least
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.core.maze import CellState, Maze
from visualizer.run.spec import MazeSpec


def build(kind, w, h, seed, **params):
    spec = MazeSpec("dungeon", kind, *at_least(kind, w, h), seed, params)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return grid, events, Maze(grid).fold(events)


def open_mask(maze):
    return (maze.state == CellState.PASSAGE) | (maze.state == CellState.ROOM)


@pytest.mark.parametrize("kind", ["square", "hex"])
@given(w=st.integers(1, 30), h=st.integers(1, 30), seed=st.integers(0, 10**9))
def test_dungeon_is_one_connected_region(kind, w, h, seed):
    grid, _, maze = build(kind, w, h, seed)
    is_open = open_mask(maze)
    reach = maze.reachable_from(maze.entrance[0])
    assert (reach == is_open).all()
    assert is_open[maze.exit[0]]


@pytest.mark.parametrize("kind", ["square", "hex"])
@given(seed=st.integers(0, 10**9))
def test_no_dead_ends_after_full_pruning(kind, seed):
    grid, _, maze = build(kind, 30, 20, seed)
    for cell in range(grid.size):
        if maze.state[cell] == CellState.PASSAGE:
            assert maze.degree(cell) >= 2, f"dead end left at {grid.coords(cell)}"


@pytest.mark.parametrize("kind", ["square", "hex"])
@pytest.mark.parametrize("seed", range(8))
def test_rooms_do_not_overlap_and_stay_whole(kind, seed):
    grid, _, maze = build(kind, 40, 25, seed)
    assert len(maze.rooms) >= 3
    seen = set()
    for cells in maze.rooms.values():
        assert not seen & set(cells), "rooms overlap"
        seen |= set(cells)
        members = set(cells)
        for cell in cells:
            assert maze.state[cell] == CellState.ROOM  # never pruned
            for d, nb in grid.neighbours(cell):
                if nb in members:
                    assert maze.is_open(cell, d), "a wall inside a room"


def test_hex_rooms_are_hexagons():
    grid, _, maze = build("hex", 40, 30, 2)
    for cells in maze.rooms.values():
        n = len(cells)
        assert n in (7, 19, 37), n  # 1 + 3r(r+1) cells: radius 1, 2 or 3


def test_phases_come_in_order():
    _, events, _ = build("square", 30, 20, 1)
    phases = [e[3] for e in events if e[0] == Kind.PHASE]
    assert phases == ["rooms", "maze", "connect", "prune"]


def test_rooms_are_rectangles_on_square_grids():
    grid, _, maze = build("square", 40, 25, 4)
    for cells in maze.rooms.values():
        xs = {grid.coords(c)[0] for c in cells}
        ys = {grid.coords(c)[1] for c in cells}
        assert len(cells) == len(xs) * len(ys)


def test_loops_parameter_adds_cycles():
    grid, _, tree_like = build("square", 40, 30, 6, loops=0)
    _, _, loopy = build("square", 40, 30, 6, loops=100)

    def cycles(maze):
        open_cells = int(open_mask(maze).sum())
        return maze.passage_count() - (open_cells - 1)

    assert cycles(loopy) > cycles(tree_like)


def test_keeping_dead_ends_keeps_more_corridor():
    _, _, pruned = build("square", 40, 30, 8, dead_ends=0)
    _, _, kept = build("square", 40, 30, 8, dead_ends=100)
    assert open_mask(kept).sum() > open_mask(pruned).sum()


def test_bad_room_range_is_refused():
    spec = MazeSpec("dungeon", "square", 20, 20, 1, {"room_min": 6, "room_max": 3})
    with pytest.raises(ValueError, match="room_max"):
        list(spec.events())
