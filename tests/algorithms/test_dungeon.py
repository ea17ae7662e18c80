"""Rooms and mazes: one connected region by construction, intact rooms, no dead ends; pruning a
round of dead ends at a time (unshown, on large dungeons) prunes what the one-at-a-time queue
prunes, in the queue's order."""

import pytest
from helpers import at_least, kept
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.core.events import Kind, expand
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
