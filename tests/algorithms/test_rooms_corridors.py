"""Rooms and corridors: one connected region of floor at every size, rooms that never overlap or
touch, each kept room tunnelled to the one before, mistakes refused."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms.rooms_corridors import touches
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.run.spec import MazeSpec


def build(w, h, seed, **params):
    spec = MazeSpec("rooms_corridors", "square", w, h, seed, params)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return grid, events, Maze(grid).fold(events)


@settings(deadline=None)
@given(w=st.integers(1, 45), h=st.integers(1, 35), seed=st.integers(0, 10**9), attempts=st.sampled_from([0, 1, 5, 60]),
       sides=st.sampled_from([(1, 1), (2, 5), (3, 8), (6, 12)]))
def test_every_rooms_and_corridors_dungeon_is_one_connected_region(w, h, seed, attempts, sides):
    _, _, maze = build(w, h, seed, attempts=attempts, room_min=sides[0], room_max=sides[1])
    floor = maze.open_mask()
    assert floor[maze.entrance[0]] and floor[maze.exit[0]]
    assert (maze.reachable_from(maze.entrance[0]) == floor).all()


@settings(deadline=None)
@given(w=st.integers(5, 60), h=st.integers(5, 40), seed=st.integers(0, 10**9))
def test_rooms_never_overlap_or_touch(w, h, seed):
    grid, _, maze = build(w, h, seed)
    owner = {}
    for room, cells in maze.rooms.items():
        for cell in cells:
            assert cell not in owner
            owner[cell] = room
    for cell, room in owner.items():
        x, y = grid.coords(cell)
        for dx in (-1, 0, 1):  # not even a corner touches another room
            for dy in (-1, 0, 1):
                if grid.contains(x + dx, y + dy):
                    assert owner.get(grid.cell(x + dx, y + dy), room) == room


@given(a=st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(1, 5), st.integers(1, 5)),
       b=st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(1, 5), st.integers(1, 5)))
def test_touching_is_a_shared_or_neighbouring_cell_counted_by_brute_force(a, b):
    def cells(r):
        return {(r[0] + i, r[1] + j) for i in range(r[2]) for j in range(r[3])}

    near = any(abs(ax - bx) <= 1 and abs(ay - by) <= 1 for ax, ay in cells(a) for bx, by in cells(b))
    assert touches(a, b) == touches(b, a) == near


def test_each_kept_room_is_tunnelled_before_the_next_is_kept():
    _, events, maze = build(60, 40, 4)
    assert len(maze.rooms) >= 5
    rooms = [e[3] for e in events if e[0] == Kind.ROOM]
    firsts = [events.index(next(e for e in events if e[0] == Kind.ROOM and e[3] == r)) for r in dict.fromkeys(rooms)]
    for start, end in zip(firsts[1:], firsts[2:] + [len(events)]):
        assert any(e[0] in (Kind.CARVE, Kind.CONNECT) for e in events[start:end])
    assert sum(e[0] == Kind.REJECT for e in events) > 0


def test_the_same_seed_gives_the_same_dungeon():
    assert build(40, 30, 5)[1] == build(40, 30, 5)[1]
    assert not build(40, 30, 5)[2].same_as(build(40, 30, 6)[2])


@pytest.mark.parametrize(("args", "words"), [
    (["-p", "room_min=9", "-p", "room_max=4"], "room_max (4) must be at least room_min (9)"),
    (["-p", "attempts=-3"], "attempts must be at least 0"),
    (["-g", "hex"], "works on square grids, not hex"),
    (["--mask", "maze"], "does not run on masked grids"),
])
def test_mistakes_are_refused_in_one_line_with_status_2(args, words, capsys):
    assert main(["generate", "-a", "rooms_corridors", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
