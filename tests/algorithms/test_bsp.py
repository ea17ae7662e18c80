"""BSP rooms: one connected region of floor at every size, rooms inside their leaves never
overlapping or touching, every room reachable, the split tree a real binary tree, mistakes refused."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.run.spec import MazeSpec


def build(w, h, seed, **params):
    spec = MazeSpec("bsp", "square", w, h, seed, params)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return grid, events, Maze(grid).fold(events)


@settings(deadline=None)
@given(w=st.integers(1, 45), h=st.integers(1, 35), seed=st.integers(0, 10**9), leaf_min=st.integers(2, 9))
def test_every_bsp_dungeon_is_one_connected_region_with_its_ends_on_the_floor(w, h, seed, leaf_min):
    _, _, maze = build(w, h, seed, leaf_min=leaf_min, room_min=1)
    floor = maze.open_mask()
    assert floor[maze.entrance[0]] and floor[maze.exit[0]]
    assert (maze.reachable_from(maze.entrance[0]) == floor).all()


@settings(deadline=None)
@given(w=st.integers(1, 60), h=st.integers(1, 40), seed=st.integers(0, 10**9))
def test_bsp_rooms_never_overlap_or_touch_and_are_whole_rectangles(w, h, seed):
    grid, _, maze = build(w, h, seed)
    owner = {}
    for room, cells in maze.rooms.items():
        xs = {grid.coords(c)[0] for c in cells}
        ys = {grid.coords(c)[1] for c in cells}
        assert len(cells) == len(xs) * len(ys) == len(set(cells))  # a full rectangle
        for cell in cells:
            assert cell not in owner, "rooms overlap"
            owner[cell] = room
    for cell, room in owner.items():  # no two rooms side by side: the leaf's last row and column stay rock
        assert all(owner.get(nb, room) == room for _, nb in grid.neighbours(cell))


def test_every_leaf_holds_one_room_and_the_split_tree_is_binary():
    grid, events, maze = build(50, 40, 3)
    chambers = [e for e in events if e[0] == Kind.CHAMBER]
    phases = [e[3] for e in events if e[0] == Kind.PHASE]
    assert phases == ["split", "rooms", "corridors", "ends"]
    split = chambers[:len(chambers) - (len(maze.rooms) - 1)]
    cuts = len(split) // 3
    assert len(split) == 3 * cuts and len(maze.rooms) == cuts + 1 >= 8  # n cuts make n + 1 leaves
    assert len(chambers) - len(split) == cuts  # one corridor per cut


@pytest.mark.parametrize("leaf_min", [3, 6, 12])
def test_larger_leaves_make_fewer_larger_rooms(leaf_min):
    _, _, maze = build(60, 40, 8, leaf_min=leaf_min)
    sizes = [len(cells) for cells in maze.rooms.values()]
    assert len(sizes) <= (60 // leaf_min) * (40 // leaf_min)
    assert min(sizes) >= 1 and max(sizes) <= (2 * leaf_min - 1) ** 2


def test_the_same_seed_gives_the_same_dungeon_and_another_seed_another():
    assert build(40, 30, 5)[1] == build(40, 30, 5)[1]
    assert not build(40, 30, 5)[2].same_as(build(40, 30, 6)[2])


@pytest.mark.parametrize(("params", "words"), [
    (["-p", "room_min=6", "-p", "leaf_min=6"], "room_min (6) must be less than leaf_min (6)"),
    (["-p", "leaf_min=1"], "leaf_min must be at least 2"),
    (["-p", "rooms=3"], "no parameter 'rooms'"),
])
def test_bad_parameters_are_refused_in_one_line_with_status_2(params, words, capsys):
    assert main(["generate", "-a", "bsp", *params]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_other_grids_are_refused_in_one_line(capsys):
    assert main(["generate", "-a", "bsp", "-g", "hex"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "works on square grids, not hex" in err
