"""Quiet mode (``show=False``, nothing drawn): every generator leaves out the display events, except
PHASE, and otherwise says exactly what it says when shown: the same maze-changing events in the
same order, from the same random numbers."""

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind, expand
from visualizer.core.maze import Maze
from visualizer.run.spec import MazeSpec

PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]
KEPT_DISPLAY_KINDS = frozenset({Kind.PHASE})
"""The display kinds a quiet stream still carries (the phases the headless fold and braid name)."""


def kept(event) -> bool:
    return event[0] < 10 or event[0] in KEPT_DISPLAY_KINDS


def streams(spec: MazeSpec) -> tuple[list, list]:
    return list(spec.events(show=True)), list(expand(spec.events(show=False)))


@settings(max_examples=150, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(0, 10**6), w=st.integers(1, 16), h=st.integers(1, 12),
       braid=st.sampled_from([0, 0, 30, 100]))
def test_quiet_stream_is_the_shown_stream_without_display_events(pair, seed, w, h, braid):
    name, kind = pair
    spec = MazeSpec(name, kind, *at_least(kind, w, h), seed, {"braid": braid} if braid else {})
    shown, quiet = streams(spec)
    assert quiet == [e for e in shown if kept(e)]
    assert all(kept(e) for e in quiet)
    assert Maze(spec.make_grid()).fold(shown).same_as(spec.build())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), side=st.integers(20, 40), kind=st.sampled_from(["square", "hex"]),
       name=st.sampled_from(["wilson", "kruskal", "dungeon", "blobby_division", "backtracker"]))
def test_quiet_mode_holds_on_bigger_mazes(seed, side, kind, name):
    """The rewritten quiet paths (Wilson's last exits, Kruskal's union-find) on mazes big enough
    for long walks, many loops and deep union-find trees."""
    if not ALGORITHMS[name].supports(kind):
        kind = "square"
    spec = MazeSpec(name, kind, side, side + 3, seed)
    shown, quiet = streams(spec)
    assert quiet == [e for e in shown if kept(e)]


def test_quiet_streams_are_shorter_where_they_drop_events():
    """Every algorithm that explains itself with display events leaves them out when unshown."""
    for name in ("backtracker", "wilson", "aldous_broder", "kruskal", "blobby_division", "dungeon", "eller",
                 "growing_tree", "prim", "prim_true", "recursive_division"):
        shown, quiet = streams(MazeSpec(name, "square", 12, 9, 3))
        assert len(quiet) < len(shown), name
        assert {e[0] for e in quiet} <= set(range(10)) | KEPT_DISPLAY_KINDS, name


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_kruskal_quiet_union_find_joins_what_the_shown_sets_join(kind):
    """Kruskal's quiet union-find (union by size, path halving) and the shown sets (recoloured as
    they merge) are different structures; every decision only asks whether two cells are joined,
    so the carves must match on every grid, masked ones included."""
    from visualizer.grids import Mask

    mask = Mask(("..X......", ".........", "....XX...", "X........"), "holes")
    for seed in range(10):
        spec = MazeSpec("kruskal", kind, 9, 7, seed, mask=mask if kind != "polar" else None)
        shown, quiet = streams(spec)
        assert [e for e in shown if e[0] == Kind.CARVE] == quiet


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_the_quiet_random_walk_leaves_the_generator_where_the_shown_one_does(kind):
    """Aldous-Broder's quiet walk draws its numbers thousands at a time and hands the unused ones
    back: on a grid large enough for several batches, the carves match the shown walk's and the
    random generator ends in the same state (braiding draws from it next)."""
    import random

    grid = MazeSpec("aldous_broder", kind, 40, 30, 1).make_grid()
    streams = []
    for show in (True, False):
        rng = random.Random(11)
        carves = [e for e in expand(ALGORITHMS["aldous_broder"].func(grid, rng, show=show)) if e[0] == Kind.CARVE]
        streams.append((carves, rng.getstate()))
    assert streams[0] == streams[1]


def test_a_random_generator_of_another_kind_takes_the_plain_walk():
    import random

    class Other(random.Random):
        pass

    grid = MazeSpec("aldous_broder", "square", 12, 9, 1).make_grid()
    shown = list(expand(ALGORITHMS["aldous_broder"].func(grid, random.Random(5), show=False)))
    other = list(expand(ALGORITHMS["aldous_broder"].func(grid, Other(5), show=False)))
    assert shown == other


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), w=st.integers(2, 40), h=st.integers(1, 30),
       seed=st.integers(0, 10**6), dead_ends=st.sampled_from([0, 0, 20, 60]), loops=st.sampled_from([0, 3, 30]),
       winding=st.sampled_from([0, 40, 100]), width=st.sampled_from([1, 8, 64]))
def test_the_dungeons_pruning_in_rounds_prunes_what_the_queue_prunes(kind, w, h, seed, dead_ends, loops, winding,
                                                                      width):
    """Unshown, a large dungeon prunes a whole round of its queue at a time; forced on small ones
    (rounds of any width), the events must be the one-at-a-time queue's, in its order."""
    from visualizer.algorithms import dungeon

    if kind == "polar":
        w, h = 3 + w % 6, h % 14 + 1
    spec = MazeSpec("dungeon", kind, *at_least(kind, w, h), seed,
                    {"dead_ends": dead_ends, "loops": loops, "winding": winding})
    shown = [e for e in spec.events(show=True) if kept(e)]
    saved = dungeon.BULK_PRUNE_FROM, dungeon.ROUND_AT_ONCE
    dungeon.BULK_PRUNE_FROM, dungeon.ROUND_AT_ONCE = 0, width
    try:
        quiet = list(expand(spec.events(show=False)))
    finally:
        dungeon.BULK_PRUNE_FROM, dungeon.ROUND_AT_ONCE = saved
    assert quiet == shown


def test_a_large_dungeon_prunes_in_rounds_and_matches_the_queue():
    from visualizer.algorithms import dungeon

    spec = MazeSpec("dungeon", "square", 250, 200, 5, {"dead_ends": 10})
    calls = []
    real = dungeon._prune_in_rounds

    def spy(*args):
        calls.append(len(args[5]))
        yield from real(*args)

    dungeon._prune_in_rounds = spy
    try:
        quiet = list(expand(spec.events(show=False)))
    finally:
        dungeon._prune_in_rounds = real
    assert calls and calls[0] >= dungeon.BULK_PRUNE_FROM
    assert quiet == [e for e in spec.events(show=True) if kept(e)]


@settings(max_examples=120, deadline=None)
@given(w=st.integers(1, 9), h=st.integers(1, 7), data=st.data(), width=st.sampled_from([1, 2, 64]))
def test_pruning_in_rounds_matches_the_queue_on_any_passages(w, h, data, width):
    """Any passages at all, not just a dungeon's: forests in pieces, corridors of two cells that
    are each other's only way, cells with no way out, openings to the outside, cells left
    standing. Round by round must give the queue's events in the queue's order."""
    from collections import deque

    import numpy as np

    from visualizer.algorithms import dungeon
    from visualizer.core.maze import CellState
    from visualizer.grids import make_grid

    grid = make_grid("square", w, h)
    table = grid.neighbour_array()
    ways = np.zeros(grid.size, dtype=np.uint8)
    for cell in range(grid.size):
        for d in (1, 2):  # east and south, so each passage once
            nb = table[cell, d]
            if nb >= 0 and data.draw(st.booleans()):
                ways[cell] |= 1 << d
                ways[nb] |= 1 << grid.opposite(d)
    rooms = data.draw(st.sets(st.integers(0, grid.size - 1), max_size=grid.size // 4))
    state = np.full(grid.size, int(CellState.PASSAGE), dtype=np.uint8)
    state[sorted(rooms)] = int(CellState.ROOM)
    outside = np.array([data.draw(st.integers(0, 1)) for _ in range(grid.size)], dtype=np.uint8)
    dead = (state == CellState.PASSAGE) & (dungeon.way_counts(ways) + outside <= 1)
    queue = np.flatnonzero(dead)
    standing = np.zeros(grid.size, dtype=bool)
    standing[[c for c in queue.tolist() if data.draw(st.booleans())]] = True
    one_by_one = list(dungeon._prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                                           deque(queue.tolist()), set(np.flatnonzero(standing).tolist())))
    quiet = list(dungeon._prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                                      deque(queue.tolist()), set(np.flatnonzero(standing).tolist()), show=False))
    assert {event[0] for event in quiet} <= {Kind.PRUNES} and list(expand(quiet)) == one_by_one
    saved = dungeon.ROUND_AT_ONCE
    dungeon.ROUND_AT_ONCE = width
    try:
        rounds = list(expand(dungeon._prune_in_rounds(grid, table, ways.copy(), state.copy(), outside, queue,
                                                      standing)))
    finally:
        dungeon.ROUND_AT_ONCE = saved
    assert rounds == one_by_one


def test_a_junction_losing_two_arms_in_one_round_is_queued_after_the_second():
    """Junction 6 has arms 5 and 11 (dead ends) and a way on to 7. Round one prunes 5, then 9
    (which leaves 14 a dead end: queued), then 11 (which leaves 6 a dead end: queued after 14).
    Queued at the first arm instead, 6 would come before 14 and the order of events would differ."""
    from collections import deque

    import numpy as np

    from visualizer.algorithms import dungeon
    from visualizer.core.maze import CellState
    from visualizer.grids import make_grid

    grid = make_grid("square", 5, 3)  # 0-4 / 5-9 / 10-14
    table = grid.neighbour_array()
    ways = np.zeros(grid.size, dtype=np.uint8)
    for a, b in ((5, 6), (6, 11), (6, 7), (7, 8), (9, 14), (14, 13)):
        d = grid.direction_between(a, b)
        ways[a] |= 1 << d
        ways[b] |= 1 << grid.opposite(d)
    state = np.full(grid.size, int(CellState.ROOM), dtype=np.uint8)
    state[[5, 6, 7, 8, 9, 11, 13, 14]] = int(CellState.PASSAGE)
    outside = np.zeros(grid.size, dtype=np.uint8)
    outside[[8, 13]] = 2  # the entrance and the exit at once: never dead ends
    queue = np.array([5, 9, 11])
    standing = np.zeros(grid.size, dtype=bool)
    expected = [(Kind.PRUNE, 5, 6, 1), (Kind.PRUNE, 9, 14, 2), (Kind.PRUNE, 11, 6, 0), (Kind.PRUNE, 14, 13, 3),
                (Kind.PRUNE, 6, 7, 1), (Kind.PRUNE, 7, 8, 1)]
    assert list(dungeon._prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                                     deque(queue.tolist()), set())) == expected
    saved = dungeon.ROUND_AT_ONCE
    dungeon.ROUND_AT_ONCE = 1
    try:
        assert list(expand(dungeon._prune_in_rounds(grid, table, ways, state, outside, queue, standing))) == expected
    finally:
        dungeon.ROUND_AT_ONCE = saved


def test_a_junction_queued_twice_in_one_round_keeps_its_first_place():
    """Junction 6 loses arms 1, 5 and 11 in round one: the second leaves it a dead end (queued),
    the third leaves it no way at all (queued again). Between them, pruning 8 leaves 9 a dead end
    (its other way is the outside). The next round is 6, then 9: the queue's first place counts."""
    from collections import deque

    import numpy as np

    from visualizer.algorithms import dungeon
    from visualizer.core.maze import CellState
    from visualizer.grids import make_grid

    grid = make_grid("square", 5, 3)  # 0-4 / 5-9 / 10-14
    table = grid.neighbour_array()
    ways = np.zeros(grid.size, dtype=np.uint8)
    for a, b in ((1, 6), (5, 6), (11, 6), (8, 9)):
        d = grid.direction_between(a, b)
        ways[a] |= 1 << d
        ways[b] |= 1 << grid.opposite(d)
    state = np.full(grid.size, int(CellState.ROOM), dtype=np.uint8)
    state[[1, 5, 6, 8, 9, 11]] = int(CellState.PASSAGE)
    outside = np.zeros(grid.size, dtype=np.uint8)
    outside[9] = 1
    queue = np.array([1, 5, 8, 11])
    one_by_one = list(dungeon._prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                                           deque(queue.tolist()), set()))
    assert [event[1] for event in one_by_one] == [1, 5, 8, 11, 6, 9]
    saved = dungeon.ROUND_AT_ONCE
    dungeon.ROUND_AT_ONCE = 1
    try:
        rounds = list(expand(dungeon._prune_in_rounds(grid, table, ways, state, outside, queue,
                                                      np.zeros(grid.size, dtype=bool))))
    finally:
        dungeon.ROUND_AT_ONCE = saved
    assert rounds == one_by_one


def test_a_corridor_of_two_cells_pruned_in_one_round_goes_as_the_queue_prunes_it():
    """Cells 1 and 2 are each other's only way: the queue prunes 1 (closing 2's way), then 2 with
    no way out at all. A round holding both must say the same, in the same order."""
    from collections import deque

    import numpy as np

    from visualizer.algorithms import dungeon
    from visualizer.core.maze import CellState
    from visualizer.grids import make_grid

    grid = make_grid("square", 4, 1)
    table = grid.neighbour_array()
    ways = np.zeros(grid.size, dtype=np.uint8)
    ways[1], ways[2] = 1 << 1, 1 << 3  # 1 east to 2, 2 west to 1
    state = np.full(grid.size, int(CellState.ROOM), dtype=np.uint8)
    state[[1, 2]] = int(CellState.PASSAGE)
    outside = np.zeros(grid.size, dtype=np.uint8)
    queue = np.array([1, 2])
    expected = [(Kind.PRUNE, 1, 2, 1), (Kind.PRUNE, 2, -1, -1)]
    assert list(dungeon._prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                                     deque(queue.tolist()), set())) == expected
    saved = dungeon.ROUND_AT_ONCE
    dungeon.ROUND_AT_ONCE = 1
    try:
        rounds = list(expand(dungeon._prune_in_rounds(grid, table, ways, state, outside, queue,
                                                      np.zeros(grid.size, dtype=bool))))
    finally:
        dungeon.ROUND_AT_ONCE = saved
    assert rounds == expected
