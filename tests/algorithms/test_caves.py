"""Automaton caves: one connected region of floor on every grid at every size, the 4-5 rule as a
brute-force count over the 8 cells around says it, a generation a step, mistakes refused."""

import numpy as np
import pytest
from helpers import at_least, passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms.caves import corner_neighbours, next_generation
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec


def build(kind, w, h, seed, **params):
    spec = MazeSpec("caves", kind, *at_least(kind, w, h), seed, params)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return grid, events, Maze(grid).fold(events)


@settings(deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), w=st.integers(1, 30), h=st.integers(1, 24),
       seed=st.integers(0, 10**9), fill=st.sampled_from([0, 30, 45, 55, 100]),
       keep=st.sampled_from(["join", "largest"]))
def test_every_cave_map_is_one_connected_region_with_its_ends_on_the_floor(kind, w, h, seed, fill, keep):
    if kind == "polar":
        w, h = 3 + w % 6, 1 + h % 10
    _, _, maze = build(kind, w, h, seed, fill=fill, keep=keep)
    floor = maze.open_mask()
    assert floor[maze.entrance[0]] and floor[maze.exit[0]]
    assert (maze.reachable_from(maze.entrance[0]) == floor).all()
    assert passages_are_symmetric(maze)


def brute_force_generation(rock, w, h):
    """The 4-5 rule on a square map, cell by cell: rock among the 8 around (off the map is rock)."""
    after = rock.copy()
    for y in range(h):
        for x in range(w):
            around = sum(not (0 <= x + dx < w and 0 <= y + dy < h) or rock[(y + dy) * w + x + dx]
                         for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
            after[y * w + x] = around >= 5 or (rock[y * w + x] and around >= 4)
    return after


@given(w=st.integers(1, 12), h=st.integers(1, 10), data=st.data())
def test_a_generation_is_the_4_5_rule_over_the_eight_cells_around(w, h, data):
    grid = make_grid("square", w, h)
    rock = np.array(data.draw(st.lists(st.booleans(), min_size=w * h, max_size=w * h)), dtype=bool)
    assert (next_generation(rock, corner_neighbours(grid)) == brute_force_generation(rock, w, h)).all()


def test_hex_cells_count_their_six_neighbours():
    grid = make_grid("hex", 9, 7)
    table = corner_neighbours(grid)
    for cell in range(grid.size):
        assert set(table[cell][table[cell] >= 0].tolist()) == set(grid.neighbour_cells(cell))


def test_the_floor_after_each_generation_is_the_rule_applied_to_the_floor_before():
    grid, events, _ = build("square", 30, 20, 7, generations=5)
    maze, table = Maze(grid), corner_neighbours(grid)
    snapshots = []  # the rock as each generation starts, and as the joining starts
    for event in events:
        if event[0] == Kind.SCAN or event == (Kind.PHASE, -1, -1, "join"):
            snapshots.append(~maze.open_mask())
        maze.apply(event)
    assert len(snapshots) == 6
    for before, after in zip(snapshots, snapshots[1:]):
        assert (after == next_generation(before, table)).all()


def test_each_generation_is_one_step():
    spec = MazeSpec("caves", "square", 20, 15, 2, {"generations": 3})
    narration = Narration(spec.info.narrator(spec.make_grid(), spec.info.resolve(spec.params)))
    events = list(spec.events())
    narration.fold(events)
    starts = [events[p] for p in narration.starts]
    assert sum(e[0] == Kind.SCAN for e in starts) == 3 and sum(e[0] == Kind.SCAN for e in events) == 3


def test_keeping_the_largest_cave_fills_in_the_others_and_digs_no_tunnel_between_caves():
    grid, events, maze = build("square", 50, 30, 11, keep="largest")
    join = events.index((Kind.PHASE, -1, -1, "join"))
    ends = events.index((Kind.PHASE, -1, -1, "ends"))
    assert not any(e[0] == Kind.CARVE for e in events[join:ends])
    assert any(e[0] == Kind.PRUNE for e in events[join:ends])
    joined = build("square", 50, 30, 11)[2]
    assert joined.open_mask().sum() > maze.open_mask().sum()


def test_more_rock_at_the_start_leaves_less_floor():
    share = [build("square", 60, 40, 3, fill=fill)[2].open_mask().mean() for fill in (35, 45, 55)]
    assert share[0] > share[1] > share[2]


def test_the_same_seed_gives_the_same_caves():
    assert build("hex", 30, 20, 5)[1] == build("hex", 30, 20, 5)[1]
    assert not build("hex", 30, 20, 5)[2].same_as(build("hex", 30, 20, 6)[2])


@pytest.mark.parametrize(("params", "words"), [
    (["-p", "fill=101"], "fill must be at most 100"),
    (["-p", "generations=-1"], "generations must be at least 0"),
    (["-p", "keep=all"], "keep must be one of join, largest"),
])
def test_bad_parameters_are_refused_in_one_line_with_status_2(params, words, capsys):
    assert main(["generate", "-a", "caves", *params]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
