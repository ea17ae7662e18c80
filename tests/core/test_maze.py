"""Packed runs of events (CARVES, PRUNES) in quiet streams: folding a run is folding its rows one
by one, whatever the rows (a run of carves growing a tree into new cells takes the whole-array
path, any other the one-by-one path; prunes always take the whole-array path), and a quiet stream
expands to the shown stream's maze-changing events."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind, expand
from visualizer.core.maze import CellState, Maze
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec

GRID = make_grid("square", 6, 5)
PAIRS = [(c, d, nb) for c in range(GRID.size) for d, nb in GRID.neighbours(c)]


def prepared(data) -> Maze:
    """A maze part made: some cells carved (in a few regions), some of them pruned again."""
    maze = Maze(GRID)
    for cell in data.draw(st.lists(st.integers(0, GRID.size - 1), max_size=8, unique=True)):
        maze.apply((Kind.CARVE, cell, -1, data.draw(st.integers(-1, 3))))
    for _ in range(data.draw(st.integers(0, 8))):
        c, d, nb = data.draw(st.sampled_from(PAIRS))
        if maze.state[c] == CellState.PASSAGE:
            maze.apply((Kind.CARVE, c, nb, d))
    for cell in data.draw(st.lists(st.integers(0, GRID.size - 1), max_size=3, unique=True)):
        if maze.state[cell] == CellState.PASSAGE:
            maze.apply((Kind.PRUNE, cell, -1, -1))
    for cell in data.draw(st.lists(st.integers(0, GRID.size - 1), max_size=3, unique=True)):
        if maze.state[cell] == CellState.UNVISITED:
            maze.apply((Kind.ROOM, cell, -1, 7))  # a dungeon's room: carving out of it keeps it a room
    return maze


def tree_rows(maze: Maze, data) -> list[tuple[int, int, int]]:
    """Carves a walk makes from an open cell: each into a cell not open yet, from one open already."""
    opened = set(np.flatnonzero(maze.open_mask()).tolist())
    rows: list[tuple[int, int, int]] = []
    if not opened:
        return rows
    for _ in range(data.draw(st.integers(1, 20))):
        options = [(c, d, nb) for c, d, nb in PAIRS if c in opened and nb not in opened
                   and maze.state[nb] != CellState.ROOM]
        if not options:
            break
        c, d, nb = data.draw(st.sampled_from(options))
        rows.append((c, nb, d))
        opened.add(nb)
    return rows


def any_rows(data) -> list[tuple[int, int, int]]:
    """Carves between any neighbours, in any order (the one-by-one path)."""
    return [(c, nb, d) for c, d, nb in data.draw(st.lists(st.sampled_from(PAIRS), min_size=1, max_size=12))]


def same(one: Maze, other: Maze) -> bool:
    return (np.array_equal(one.passages, other.passages) and np.array_equal(one.state, other.state)
            and np.array_equal(one.region, other.region))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), tree=st.booleans())
def test_a_run_of_carves_folds_as_its_carves_one_by_one(data, tree):
    base = prepared(data)
    packed, single = base.copy(), base.copy()
    for _ in range(data.draw(st.integers(1, 3))):  # later runs find the earlier runs' working space
        rows = tree_rows(single, data) if tree else any_rows(data)
        if not rows:
            return
        packed.apply((Kind.CARVES, -1, -1, np.array(rows, dtype=np.int64)))
        for cell, other, value in rows:
            single.apply((Kind.CARVE, cell, other, value))
        assert same(packed, single)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_run_of_prunes_folds_as_its_prunes_one_by_one(data):
    base = prepared(data)
    opened = np.flatnonzero(base.state == CellState.PASSAGE).tolist()
    if not opened:
        return
    cells = data.draw(st.lists(st.sampled_from(opened), min_size=1, max_size=6, unique=data.draw(st.booleans())))
    rows = []
    for cell in cells:
        ways = [(d, nb) for d, nb in GRID.neighbours(cell) if base.is_open(cell, d)]
        d, nb = ways[0] if ways else (-1, -1)
        rows.append((cell, nb, d))
    packed, single = base.copy(), base.copy()
    packed.apply((Kind.PRUNES, -1, -1, np.array(rows, dtype=np.int64)))
    for cell, other, value in rows:
        single.apply((Kind.PRUNE, cell, other, value))
    assert same(packed, single)


def test_expanding_gives_each_packed_row_as_its_own_event():
    rows = np.array([[0, 1, 1], [1, 7, 2]])
    events = [(Kind.CARVE, 0, -1, 3), (Kind.CARVES, -1, -1, rows), (Kind.PRUNES, -1, -1, rows[:1]),
              (Kind.PHASE, -1, -1, "prune")]
    assert list(expand(events)) == [(Kind.CARVE, 0, -1, 3), (Kind.CARVE, 0, 1, 1), (Kind.CARVE, 1, 7, 2),
                                    (Kind.PRUNE, 0, 1, 1), (Kind.PHASE, -1, -1, "prune")]


def test_shown_streams_never_pack():
    for name in ("backtracker", "dungeon"):
        kinds = {event[0] for event in MazeSpec(name, "square", 40, 30, 2).events(show=True)}
        assert not kinds & {Kind.CARVES, Kind.PRUNES}, name


def test_a_run_that_carves_into_a_cell_after_carving_out_of_it_is_folded_in_order():
    """Row 1 carves from cell 5 (not open: no region) into 6, which opens 5 too; row 2 then carves
    from region 2's cell 4 into 5, open by now, so it keeps no region, and 6 keeps 5's (none)."""
    maze = Maze(GRID)
    maze.apply((Kind.CARVE, 4, -1, 2))
    packed, single = maze.copy(), maze.copy()
    rows = [(5, 6, 1), (4, 5, 1)]
    packed.apply((Kind.CARVES, -1, -1, np.array(rows)))
    for cell, other, value in rows:
        single.apply((Kind.CARVE, cell, other, value))
    assert same(packed, single) and packed.region[6] == packed.region[5] == -1


def folded_one_at_a_time(maze: Maze, event) -> int:
    """Fold ``event`` into ``maze``; returns how many single events the fold fell back to."""
    calls = []
    whole = maze.apply

    def counting(single):
        calls.append(single)
        return whole(single)

    maze.apply = counting  # a run taking the one-by-one path goes through ``self.apply``
    whole(event)
    return len(calls)


def test_a_tree_growing_run_is_folded_as_whole_arrays():
    """The speed of quiet generation rests on this: a walk's run of carves into new cells (cell 0
    among them, a single row too) never falls back to a carve at a time."""
    maze = Maze(GRID)
    maze.apply((Kind.CARVE, 7, -1, 1))
    assert folded_one_at_a_time(maze, (Kind.CARVES, -1, -1, np.array([(7, 1, 0), (1, 0, 3), (0, 6, 2)]))) == 0
    assert maze.region[0] == maze.region[6] == 1 and maze.state[6] == CellState.PASSAGE
    assert folded_one_at_a_time(maze, (Kind.CARVES, -1, -1, np.array([(6, 12, 2)]))) == 0
    assert maze.is_open(12, 0) and maze.region[12] == 1


def test_a_run_of_prunes_is_folded_as_whole_arrays_even_naming_a_cell_twice():
    maze = Maze(GRID)
    maze.fold([(Kind.CARVE, 0, -1, 1), (Kind.CARVE, 0, 1, 1), (Kind.CARVE, 1, 2, 1)])
    again = maze.copy()
    assert folded_one_at_a_time(maze, (Kind.PRUNES, -1, -1, np.array([(2, 1, 3), (1, 0, 3)]))) == 0
    assert maze.state[1] == maze.state[2] == CellState.PRUNED and maze.passages[0] == 0
    assert folded_one_at_a_time(again, (Kind.PRUNES, -1, -1, np.array([(2, 1, 3), (2, 1, 3), (1, 0, 3)]))) == 0
    assert same(again, maze)


def test_a_run_carving_twice_into_one_cell_is_folded_in_order():
    """Two rows carve into cell 5: only the first opens it, from region 2's cell 4 (with a row
    before them into another cell, and without)."""
    maze = Maze(GRID)
    maze.fold([(Kind.CARVE, 4, -1, 2), (Kind.CARVE, 0, -1, 3)])
    for rows in ([(4, 5, 1), (11, 5, 0)], [(0, 1, 1), (4, 5, 1), (11, 5, 0)]):
        packed, single = maze.copy(), maze.copy()
        packed.apply((Kind.CARVES, -1, -1, np.array(rows)))
        for cell, other, value in rows:
            single.apply((Kind.CARVE, cell, other, value))
        assert same(packed, single) and packed.region[5] == 2, rows


def test_pruning_next_to_cell_0_closes_its_side_too():
    """The prune's other cell is 0 (a valid cell, not "none"); and a prune with no other cell
    (-1) leaves the grid's last cell alone."""
    maze = Maze(GRID)
    maze.fold([(Kind.CARVE, 0, -1, 1), (Kind.CARVE, 0, 1, 1), (Kind.CARVE, 29, -1, 3),
               (Kind.CARVE, 29, 28, 3), (Kind.CARVE, 5, -1, 4)])
    maze.apply((Kind.PRUNES, -1, -1, np.array([(1, 0, 3), (5, -1, -1)])))
    assert not maze.is_open(0, 1) and maze.passages[0] == 0
    assert maze.is_open(29, 3) and maze.is_open(28, 1)


def test_a_run_with_a_start_cell_in_it_is_folded_in_order():
    """A row with no other cell opens a start cell in a region (as a lone CARVE does): such a run
    is no tree growing from open cells, and folds row by row."""
    maze = Maze(GRID)
    rows = [(3, -1, 5), (3, 4, 1), (4, 10, 2)]
    packed, single = maze.copy(), maze.copy()
    packed.apply((Kind.CARVES, -1, -1, np.array(rows)))
    for cell, other, value in rows:
        single.apply((Kind.CARVE, cell, other, value))
    assert same(packed, single) and packed.region[10] == 5
