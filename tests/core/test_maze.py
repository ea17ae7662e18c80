"""The maze model: packed runs of events (CARVES, PRUNES) fold as their rows one by one (a run of
carves growing a tree into new cells takes the whole-array path, any other the one-by-one path;
prunes always take the whole-array path); regions merged by CONNECT events settle lazily but
always as relabelling at each event would; passages, degrees and ``same_as`` say what the bits say."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind
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


class EagerRegions:
    """The reference: every CONNECT relabels the absorbed region's cells at once."""

    def __init__(self, size: int) -> None:
        self.region = np.full(size, -1, dtype=np.int64)
        self.relabelled = np.empty(0, dtype=np.int64)
        self.open = np.zeros(size, dtype=bool)
        """A carve into a cell not open (never carved, or pruned) gives it the carver's region."""
        self.room = np.zeros(size, dtype=bool)

    def apply(self, event) -> None:
        kind, a, b, v = event
        if kind == Kind.CARVE:
            if b >= 0:
                if not self.open[b]:
                    self.region[b] = self.region[a]
                self.open[a] = self.open[b] = True
            elif not self.room[a]:
                self.region[a] = v
                self.open[a] = True
        elif kind == Kind.ROOM:
            self.region[a] = v
            self.open[a] = self.room[a] = True
        elif kind == Kind.CONNECT:
            keep, absorb = self.region[a], self.region[b]
            if keep == absorb or absorb < 0:
                self.relabelled = np.empty(0, dtype=np.int64)
            else:
                self.relabelled = np.flatnonzero(self.region == absorb)
                self.region[self.relabelled] = keep
        elif kind == Kind.PRUNE:
            self.region[a] = -1
            self.open[a] = self.room[a] = False


def events(draw) -> list:
    """Cells labelled into a few regions, then CONNECTs, prunes and carves in any order."""
    out = []
    labels = draw(st.lists(st.integers(0, 5), min_size=GRID.size, max_size=GRID.size))
    for cell, label in enumerate(labels):
        out.append((Kind.CARVE, cell, -1, label))
    pairs = [(c, d, nb) for c in range(GRID.size) for d, nb in GRID.neighbours(c)]
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.sampled_from([Kind.CONNECT, Kind.CONNECT, Kind.PRUNE, Kind.CARVE]))
        c, d, nb = draw(st.sampled_from(pairs))
        if kind == Kind.PRUNE:
            out.append((Kind.PRUNE, c, -1, -1))
        elif kind == Kind.CARVE:
            out.append((Kind.CARVE, c, nb, d))
        else:
            out.append((Kind.CONNECT, c, nb, d))
        if draw(st.integers(0, 5)) == 0:  # a label given afresh, maybe one a pending merge absorbs
            fresh = draw(st.sampled_from([Kind.ROOM, Kind.CARVE]))
            out.append((fresh, draw(st.integers(0, GRID.size - 1)), -1, draw(st.integers(0, 5))))
    return out


@settings(max_examples=300, deadline=None)
@given(data=st.data(), read_every=st.sampled_from([1, 2, 5, 1000]))
def test_lazy_merges_give_the_eager_labels(data, read_every):
    stream = events(data.draw)
    maze, eager = Maze(GRID), EagerRegions(GRID.size)
    for k, event in enumerate(stream):
        maze.apply(event)
        eager.apply(event)
        if event[0] == Kind.CONNECT and k % read_every == 0:
            assert sorted(maze.relabelled.tolist()) == sorted(eager.relabelled.tolist())
        if k % read_every == 0:
            assert maze.region.tolist() == eager.region.tolist()
    assert maze.region.tolist() == eager.region.tolist()


def test_a_copy_and_a_replaced_region_leave_no_merge_behind():
    maze = Maze(GRID)
    for cell in range(GRID.size):
        maze.apply((Kind.CARVE, cell, -1, cell % 3))
    maze.apply((Kind.CONNECT, 0, 1, 1))  # region 1 joins region 0
    twin = maze.copy()
    assert (twin.region == maze.region).all() and set(twin.region.tolist()) == {0, 2}
    maze.region = np.full(GRID.size, 7, dtype=np.int32)
    assert set(maze.region.tolist()) == {7}
    maze.apply((Kind.CARVE, 0, -1, 4))
    assert maze.region[0] == 4


def test_a_dungeon_of_many_tiny_rooms_settles_its_regions_a_few_times_not_at_every_door(monkeypatch):
    """Every one-cell room is a region, so the connect phase has a door for nearly every cell;
    relabelling a region at each door was a pass over the grid each (45 s at 600 x 500)."""
    passes = []
    real = Maze._settle
    monkeypatch.setattr(Maze, "_settle", lambda self, merges: passes.append(len(merges)) or real(self, merges))
    spec = MazeSpec("dungeon", "square", 60, 50, 1, {"attempts": 1200, "room_min": 1, "room_max": 1})
    maze = Maze(spec.make_grid())
    doors = 0
    for event in spec.events(show=False):
        maze.apply(event)
        doors += event[0] == Kind.CONNECT
    assert doors > 500
    assert len(set(maze.region[maze.region >= 0].tolist())) == 1  # one connected region, read once
    assert len(passes) <= 2 and sum(passes) == doors


def test_relabelled_is_still_right_after_region_was_read_first():
    """Reading region (or copying the maze) settles the merges; the last CONNECT's cells are
    worked out before that, not lost."""
    maze = Maze(GRID)
    maze.apply((Kind.ROOM, 0, -1, 0))
    maze.apply((Kind.ROOM, 1, -1, 1))
    maze.apply((Kind.CONNECT, 0, 1, 1))
    assert maze.region[:2].tolist() == [0, 0]
    assert maze.relabelled.tolist() == [1]
    again = Maze(GRID)
    for event in ((Kind.ROOM, 0, -1, 0), (Kind.ROOM, 1, -1, 1), (Kind.CONNECT, 0, 1, 1)):
        again.apply(event)
    twin = again.copy()
    assert again.relabelled.tolist() == twin.relabelled.tolist() == [1]


def test_a_label_given_again_after_its_region_was_absorbed_stays_on_its_new_cell():
    maze = Maze(GRID)
    for event in ((Kind.ROOM, 0, -1, 0), (Kind.ROOM, 1, -1, 1), (Kind.CONNECT, 0, 1, 1), (Kind.ROOM, 2, -1, 1),
                  (Kind.CARVE, 7, -1, 0)):
        maze.apply(event)
    assert maze.region[[0, 1, 2, 7]].tolist() == [0, 0, 1, 0]


def test_a_fresh_maze_has_relabelled_no_cell():
    """A view reads ``relabelled`` to recolour cells: before any CONNECT there are none to recolour
    (and reading it must not fail), also after carves and after reading ``region``."""
    maze = Maze(GRID)
    assert len(maze.relabelled) == 0
    maze.fold([(Kind.CARVE, 0, -1, 1), (Kind.CARVE, 0, 1, 1)])
    assert len(maze.relabelled) == 0 and len(maze.region) == GRID.size


def test_an_unknown_event_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown maze-changing event kind -1"):
        Maze(GRID).apply((-1, 0, -1, 0))  # every kind below 10 is known (9: a MIXED run)


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_the_passage_list_is_every_open_passage_once(kind):
    """Checked against the bits themselves: each open passage once, lower cell first, and as many as
    passage_count (a whole number) says."""
    from visualizer.run.spec import MazeSpec

    maze = MazeSpec("kruskal", kind, 9, 6, 4, {"braid": 40}).build()
    grid = maze.grid
    expected = {(min(c, nb), max(c, nb)) for c in range(grid.size) for d, nb in grid.neighbours(c)
                if maze.passages[c] >> d & 1}
    listed = list(maze.passage_list())
    assert len(listed) == len(set(listed)) and set(listed) == expected
    assert all(a < b for a, b in listed)
    count = maze.passage_count()
    assert type(count) is int and count == len(expected)


def test_same_as_tells_mazes_apart_by_each_of_their_parts():
    from visualizer.core.maze import CellState
    from visualizer.run.spec import MazeSpec

    maze = MazeSpec("dungeon", "square", 20, 14, 4).build()
    assert maze.same_as(maze.copy())
    for change in (lambda m: m.passages.__setitem__(0, m.passages[0] ^ 1),
                   lambda m: m.state.__setitem__(0, CellState.PRUNED if m.state[0] != CellState.PRUNED else 1),
                   lambda m: m.region.__setitem__(0, m.region[0] + 1),
                   lambda m: m.rooms.__setitem__(999, [0])):
        other = maze.copy()
        change(other)
        assert not maze.same_as(other) and not other.same_as(maze)


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


def test_a_packed_run_of_walls_closes_what_its_walls_close_one_by_one():


    grid = make_grid("hex", 6, 5)
    rows = [(c, nb, d) for c in range(0, grid.size, 3) for d, nb in grid.neighbours(c)]
    one_by_one, packed_run = Maze(grid), Maze(grid)
    for maze in (one_by_one, packed_run):
        maze.apply((Kind.OPEN_FIELD, -1, -1, -1))
    for row in rows:
        one_by_one.apply((Kind.WALL, *row))
    packed_run.apply((Kind.WALLS, -1, -1, np.array(rows[::-1] + rows[:3], dtype=np.int64)))
    assert (one_by_one.passages == packed_run.passages).all()
