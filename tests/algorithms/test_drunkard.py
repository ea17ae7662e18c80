"""Drunkard's walk: one connected region of floor on every grid and mask, the floor share it was
asked for, walkers that start again after their steps, mistakes refused."""

import math

import pytest
from helpers import at_least, passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import Mask
from visualizer.run.spec import MazeSpec


def build(kind, w, h, seed, mask=None, **params):
    spec = MazeSpec("drunkard", kind, *at_least(kind, w, h), seed, params, mask=mask)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return grid, events, Maze(grid).fold(events)


@settings(deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), w=st.integers(1, 30), h=st.integers(1, 24),
       seed=st.integers(0, 10**9), share=st.sampled_from([1, 20, 40, 80]), walkers=st.integers(1, 5),
       steps=st.sampled_from([1, 5, 200]))
def test_every_drunkards_walk_is_one_connected_region_with_its_ends_on_the_floor(kind, w, h, seed, share,
                                                                                  walkers, steps):
    if kind == "polar":
        w, h = 3 + w % 6, 1 + h % 10
    grid, events, maze = build(kind, w, h, seed, share=share, walkers=walkers, steps=steps)
    floor = maze.open_mask()
    assert floor[maze.entrance[0]] and floor[maze.exit[0]]
    assert (maze.reachable_from(maze.entrance[0]) == floor).all()
    assert passages_are_symmetric(maze)
    walked = Maze(grid).fold(events[:events.index((Kind.PHASE, -1, -1, "ends"))])
    assert walked.open_mask().sum() == max(1, math.ceil(share * grid.size / 100))  # the share, then it stops


def test_it_walks_a_masked_grid_too():
    ring = Mask(("XX....XX", "X......X", "..XXXX..", "..XXXX..", "X......X", "XX....XX"), "ring")
    grid, _, maze = build("square", 24, 18, 3, mask=ring)
    floor = maze.open_mask()
    assert grid.size < 24 * 18 and (maze.reachable_from(maze.entrance[0]) == floor).all()


def test_walkers_start_on_the_centre_and_again_after_their_steps():
    grid, events, _ = build("square", 40, 30, 2, walkers=4, steps=10)
    starts = [e for e in events if e[0] == Kind.CURRENT and e[2] < 0]
    assert [e[1] for e in starts[:4]] == [grid.size // 2] * 4 and [e[3] for e in starts[:4]] == [0, 1, 2, 3]
    assert len(starts) > 4  # worn out after 10 steps, each starts again
    floor = set()
    walk = events[:events.index((Kind.PHASE, -1, -1, "ends"))]
    for kind, cell, other, _ in walk:  # a restart is always on the floor
        if kind == Kind.CARVE:
            floor.update(c for c in (cell, other) if c >= 0)
        elif kind == Kind.CURRENT and other < 0:
            assert cell in floor


def test_the_same_seed_gives_the_same_walk():
    assert build("hex", 30, 20, 5)[1] == build("hex", 30, 20, 5)[1]
    assert not build("hex", 30, 20, 5)[2].same_as(build("hex", 30, 20, 6)[2])


@pytest.mark.parametrize(("params", "words"), [
    (["-p", "share=0"], "share must be at least 1"),
    (["-p", "share=95"], "share must be at most 80"),
    (["-p", "walkers=0"], "walkers must be at least 1"),
    (["-p", "steps=many"], "steps takes a whole number"),
])
def test_bad_parameters_are_refused_in_one_line_with_status_2(params, words, capsys):
    assert main(["generate", "-a", "drunkard", *params]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
