"""Regions merged by CONNECT events: settled lazily (when ``region`` or ``relabelled`` is read), but
always what relabelling the absorbed region at each event would give."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec

GRID = make_grid("square", 6, 5)


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
    with pytest.raises(ValueError, match="unknown maze-changing event kind 8"):
        Maze(GRID).apply((8, 0, -1, 0))  # between the maze-changing kinds and the display-only ones (10 on)
