"""Packed runs of events (CARVES, PRUNES) in quiet streams: folding a run is folding its rows one
by one, whatever the rows (a tree growing into new cells takes the whole-array path, anything else
the one-by-one path), and a quiet stream expands to the shown stream's maze-changing events."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.events import Kind, expand
from visualizer.grids import make_grid
from visualizer.maze import CellState, Maze
from visualizer.spec import MazeSpec

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
    rows = tree_rows(base, data) if tree else any_rows(data)
    if not rows:
        return
    packed, single = base.copy(), base.copy()
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
