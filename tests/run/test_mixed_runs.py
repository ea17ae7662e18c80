"""MIXED runs (rows of kind, cell, other, value): Wilson's walks, Kruskal's merges and the dungeon's
corridors and pruning say them, and nobody can tell. The expanded stream is the one the single-event code said
(hashes recorded from it, and Wilson against that code itself), the maze and the overlay fold a run
as they fold its rows one by one, and a window run counts, seeks and steps through singles."""

import hashlib
import random

import numpy as np
import pytest
from helpers import straight
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind, expand, packed
from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.run.overlay import MIXED_IN_BULK, Overlay
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec

BEFORE_MIXED = {
    ("dungeon", "square", 200, 1, ()): (104749, "d403c60140060b09"),
    ("dungeon", "square", 150, 2, (("dead_ends", 30),)): (52386, "c37a7978445f822c"),
    ("dungeon", "hex", 120, 3, ()): (39016, "25d2d2e201560059"),
    ("dungeon", "square", 120, 4, (("braid", 40),)): (37439, "07ef8f030175e8f1"),
    ("dungeon", "triangle", 130, 5, (("loops", 20),)): (41412, "f0ac7c1a6b849c21"),
    ("dungeon", "polar", 60, 6, ()): (22000, "f71e1e5a51a234f4"),
    ("wilson", "square", 120, 1, ()): (148526, "5f589dad14b10513"),
    ("wilson", "polar", 40, 3, ()): (60528, "e9d4d931bfc38be2"),
    ("wilson", "triangle", 80, 4, ()): (67615, "4f6c3e666163f85b"),
    ("houston", "square", 100, 5, ()): (48951, "b029461061b9cc6c"),
}
"""``(algorithm, grid, side, seed, params)`` -> (events, hash) of the expanded shown stream, recorded
from the code before MIXED runs: large enough for the dungeon's pruning in rounds and long walks."""


def stream_hash(events) -> tuple[int, str]:
    digest, count = hashlib.sha256(), 0
    for kind, cell, other, value in expand(events):
        value = value if isinstance(value, str) else int(value)
        digest.update(repr((int(kind), int(cell), int(other), value)).encode())
        count += 1
    return count, digest.hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(BEFORE_MIXED), ids=str)
def test_large_streams_say_the_same_events_as_before_mixed_runs(key):
    name, kind, side, seed, params = key
    assert stream_hash(ALGORITHMS[name].run(make_grid(kind, side, side), seed, **dict(params))) == BEFORE_MIXED[key]


def single_wilson(grid, rng):
    """Wilson's shown walk as it was written before MIXED runs, one event at a time: the oracle."""
    in_maze, order = bytearray(grid.size), list(range(grid.size))
    rng.shuffle(order)
    root = order.pop()
    in_maze[root] = 1
    yield (Kind.CARVE, root, -1, -1)
    flat, directions, rnd = grid.neighbour_flat(), grid.directions, rng.random
    for start in order:
        if in_maze[start]:
            continue
        path, dirs, where, cell = [start], [], {start: 0}, start
        yield (Kind.CURRENT, start, -1, -1)
        while not in_maze[cell]:
            d = int(rnd() * directions)
            nb = flat[cell * directions + d]
            if nb < 0:
                continue
            if nb in where:
                cut = where[nb]
                for erased in path[cut + 1:]:
                    del where[erased]
                    yield (Kind.WALK_ERASE, erased, -1, -1)
                del path[cut + 1:]
                del dirs[cut:]
                cell = nb
                yield (Kind.CURRENT, cell, -1, -1)
                continue
            yield (Kind.WALK, cell, nb, d)
            dirs.append(d)
            if not in_maze[nb]:
                where[nb] = len(path)
                path.append(nb)
            cell = nb
        target = cell
        for i in range(len(path) - 1, -1, -1):
            in_maze[path[i]] = 1
            yield (Kind.CARVE, target, path[i], grid.opposite(dirs[i]))
            target = path[i]


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), width=st.integers(3, 40),
       height=st.integers(2, 30), seed=st.integers(0, 10**6))
def test_wilsons_walks_say_what_the_single_events_said(kind, width, height, seed):
    """Any grid, any seed: the same events in the same order, and the generator's rng left where
    the old one left it (braiding draws after it)."""
    grid = make_grid(kind, width, height)
    ours, theirs = random.Random(seed), random.Random(seed)
    said = list(expand(ALGORITHMS["wilson"].func(grid, ours, show=True)))
    assert said == list(single_wilson(grid, theirs))
    assert ours.random() == theirs.random()


class OwnNumbers(random.Random):
    """A ``random.Random`` of its own making: its numbers are what its ``random`` says."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return super().random()


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_wilsons_walks_ask_an_rng_of_its_own_making_for_each_number(kind):
    """The shown walk draws a plain rng's numbers in bulk; any other rng is asked for each one
    (bulk draws would pass over its ``random``), and the events are still the single walk's."""
    grid = make_grid(kind, 30, 20)
    ours, theirs = OwnNumbers(5), OwnNumbers(5)
    said = list(expand(ALGORITHMS["wilson"].func(grid, ours, show=True)))
    assert said == list(single_wilson(grid, theirs))
    assert ours.calls == theirs.calls > grid.size


def fold_both(name: str, kind: str, side: int, seed: int) -> None:
    grid = make_grid(kind, side, side)
    packed_maze, single_maze = Maze(grid), Maze(grid)
    for event in ALGORITHMS[name].run(grid, seed):
        packed_maze.apply(event)
        for single in expand([event]):
            single_maze.apply(single)
    assert packed_maze.same_as(single_maze)
    assert np.array_equal(packed_maze.region, single_maze.region)


@pytest.mark.parametrize("name,kind,side", [("wilson", "square", 80), ("wilson", "hex", 50), ("dungeon", "square", 150),
                                            ("dungeon", "triangle", 90), ("houston", "square", 60),
                                            ("kruskal", "square", 80), ("kruskal", "polar", 30),
                                            ("aldous_broder", "square", 70)])
def test_a_maze_folds_a_mixed_run_as_its_rows(name, kind, side):
    fold_both(name, kind, side, 7)


def overlay_state(overlay: Overlay) -> tuple:
    return (overlay.mark.tobytes(), overlay.set_id.tobytes(), overlay.hue.tobytes(), overlay.current,
            overlay.last, sorted(set(overlay.dirty)))


@pytest.mark.parametrize("name,side", [("wilson", 60), ("dungeon", 150), ("houston", 60), ("kruskal", 60),
                                       ("aldous_broder", 60)])
def test_an_overlay_folds_each_mixed_run_as_its_rows(name, side):
    grid = make_grid("square", side, side)
    stack = ALGORITHMS[name].shows_stack
    bulk, one_by_one = Overlay(grid, shows_stack=stack), Overlay(grid, shows_stack=stack)
    runs = 0
    for event in ALGORITHMS[name].run(grid, 3):
        bulk.apply(event)
        for single in expand([event]):
            one_by_one.apply(single)
        if event[0] == Kind.MIXED:
            runs += len(event[3]) >= MIXED_IN_BULK
            assert overlay_state(bulk) == overlay_state(one_by_one)
            bulk.dirty.clear()
            one_by_one.dirty.clear()
    assert runs and overlay_state(bulk) == overlay_state(one_by_one)


BULK_KINDS = [Kind.CARVE, Kind.BACKTRACK, Kind.WALK, Kind.WALK_ERASE, Kind.CURRENT, Kind.PRUNE]


@st.composite
def mixed_rows(draw, cells: int):
    """Rows a MIXED run of the bulk kinds may hold, on ``cells`` cells: any order, any repeats."""
    rows = []
    for _ in range(draw(st.integers(MIXED_IN_BULK, 200))):
        kind = draw(st.sampled_from(BULK_KINDS))
        cell = draw(st.integers(0, cells - 1))
        other = draw(st.integers(0 if kind == Kind.WALK else -1, cells - 1))
        if kind in (Kind.CURRENT, Kind.WALK_ERASE):
            other = -1
        rows += [int(kind), cell, other, draw(st.integers(-1, 3))]
    return rows


@settings(max_examples=60, deadline=None)
@given(rows=mixed_rows(30), before=st.lists(st.sampled_from([0, 1, 2, 3]), min_size=30, max_size=30),
       current=st.integers(-1, 29), stack=st.booleans())
def test_an_overlay_folds_any_bulk_run_as_its_rows(rows, before, current, stack):
    """Marks left by the last write to each cell (a carve clearing a walk mark only), the current
    cell, the cells to redraw and the last event: as folding the rows one at a time leaves them."""
    grid = make_grid("square", 6, 5)
    bulk, one_by_one = Overlay(grid, shows_stack=stack), Overlay(grid, shows_stack=stack)
    for overlay in (bulk, one_by_one):
        overlay.mark[:] = before
        overlay.current = current
    run = packed(Kind.MIXED, rows)
    bulk.apply(run)
    for single in expand([run]):
        one_by_one.apply(single)
    assert overlay_state(bulk) == overlay_state(one_by_one)


@st.composite
def merge_rows(draw, grid, starts: bool = False):
    """Rows a MIXED run of Kruskal's kinds may hold: carves and kept walls between neighbours, set
    joins to any of a few labels, in any order and with any repeats (``starts``: and carves that
    start a region, so that regions differ)."""
    rows = []
    table = grid.neighbour_array()
    for _ in range(draw(st.integers(MIXED_IN_BULK, 160))):
        kind = draw(st.sampled_from([Kind.CARVE, Kind.SET, Kind.REJECT]))
        cell = draw(st.integers(0, grid.size - 1))
        if kind == Kind.SET or (starts and draw(st.integers(0, 9)) == 0):  # a set join, or a region's first cell
            rows += [int(kind), cell, -1, draw(st.integers(0, 5))]
            continue
        d = draw(st.sampled_from([int(k) for k in np.flatnonzero(table[cell] >= 0)]))
        rows += [int(kind), cell, int(table[cell, d]), d]
    return rows


@settings(max_examples=60, deadline=None)
@given(data=st.data(), current=st.integers(-1, 29), joined=st.integers(0, 40))
def test_an_overlay_and_a_maze_fold_any_run_of_merges_as_its_rows(data, current, joined):
    """Carves, set joins and kept walls (Kruskal's rows) over sets and marks left before: the
    marks, sets and colours, the current cell, the cells to redraw and the maze as one by one."""
    grid = make_grid("square", 6, 5)
    before = packed(Kind.MIXED, data.draw(merge_rows(grid, starts=True)))[3][:joined]
    run = packed(Kind.MIXED, data.draw(merge_rows(grid)))
    bulk, one_by_one = Overlay(grid), Overlay(grid)
    packed_maze, single_maze = Maze(grid), Maze(grid)
    for overlay, maze in ((bulk, packed_maze), (one_by_one, single_maze)):
        for single in expand([(Kind.MIXED, -1, -1, before)]):
            overlay.apply(single)
            maze.apply(single)
        overlay.current = current
    bulk.apply(run)
    packed_maze.apply(run)
    for single in expand([run]):
        one_by_one.apply(single)
        single_maze.apply(single)
    assert overlay_state(bulk) == overlay_state(one_by_one)
    assert packed_maze.same_as(single_maze) and np.array_equal(packed_maze.region, single_maze.region)


@pytest.mark.parametrize("name", ["wilson", "dungeon", "kruskal"])
@settings(max_examples=6, deadline=None)
@given(steps=st.lists(st.integers(1, 700), min_size=1, max_size=10), data=st.data())
def test_a_run_counts_shows_and_seeks_single_events(name, steps, data):
    """Whatever the step sizes, the log holds the singles the spec says and any position shows
    what folding that many singles shows."""
    spec = MazeSpec(name, "square", 70, 64, 5)
    run = Run(spec, interval=256)
    quiet = data.draw(st.booleans())
    for count in steps:
        assert run.step(count, quiet=quiet) == count or run.finished
    while not run.finished:
        run.step(1000, quiet=quiet)
    events = list(spec.events())
    assert run.total == len(events) and run.logged_events(0, run.total) == events
    position = data.draw(st.integers(0, len(events)))
    run.seek(position)
    maze, overlay = straight(spec, position)
    assert run.maze.same_as(maze)
    assert np.array_equal(run.overlay.mark, overlay.mark)
    assert (run.overlay.current, run.overlay.last) == (overlay.current, overlay.last)
