"""Wave function collapse: one connected region of floor, no contradiction left in the output (every
side agrees with its neighbour, none opens off the map), backtracking that undoes what it did,
mistakes refused."""

import pytest
from helpers import passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.run.spec import MazeSpec


def build(w, h, seed, **params):
    spec = MazeSpec("wfc", "square", w, h, seed, params)
    grid = spec.make_grid()
    events = list(spec.events(grid))
    return grid, events, Maze(grid).fold(events)


@settings(deadline=None)
@given(w=st.integers(1, 30), h=st.integers(1, 24), seed=st.integers(0, 10**9),
       dead_ends=st.sampled_from([1, 5, 100, 1000]), junctions=st.sampled_from([1, 40, 1000]))
def test_every_collapse_is_one_connected_region_with_no_contradiction_left(w, h, seed, dead_ends, junctions):
    grid, _, maze = build(w, h, seed, dead_ends=dead_ends, junctions=junctions)
    floor = maze.open_mask()
    assert floor[maze.entrance[0]] and floor[maze.exit[0]]
    assert (maze.reachable_from(maze.entrance[0]) == floor).all()
    assert passages_are_symmetric(maze)  # each side agrees with the neighbour's, none opens off the map
    assert all(maze.passages[c] == 0 for c in range(grid.size) if not floor[c])


def test_backtracking_undoes_a_choice_and_the_cell_collapses_again():
    runs = [build(10, 8, seed) for seed in range(40)]
    with_undo = [(grid, events) for grid, events, _ in runs if any(e[0] == Kind.BACKTRACK for e in events)]
    assert with_undo, "no seed backtracked"
    for grid, events in with_undo:
        maze = Maze(grid)
        for position, event in enumerate(events):
            maze.apply(event)
            if event[0] == Kind.BACKTRACK:
                cell = event[1]
                prune = next(e for e in events[position:] if e[0] == Kind.PRUNE)
                assert prune[1] == cell
                at = next(k for k in range(position, len(events)) if events[k][0] in (Kind.CURRENT, Kind.PHASE))
                undone = {e[1] for e in events[position:at] if e[0] == Kind.BACKTRACK}
                assert events[at][0] == Kind.PHASE or events[at][1] in undone  # an undone cell tries another tile


def test_rare_dead_ends_make_fewer_dead_ends():
    def dead_ends(weight):
        maze = build(40, 30, 2, dead_ends=weight)[2]
        return sum(int(maze.passages[c]).bit_count() == 1 for c in range(maze.grid.size))

    assert dead_ends(1) < dead_ends(1000)


def test_the_same_seed_gives_the_same_collapse():
    assert build(30, 20, 5)[1] == build(30, 20, 5)[1]
    assert not build(30, 20, 5)[2].same_as(build(30, 20, 6)[2])


@pytest.mark.parametrize(("args", "words"), [
    (["-p", "dead_ends=0"], "dead_ends must be at least 1"),
    (["-p", "junctions=1001"], "junctions must be at most 1000"),
    (["-g", "triangle"], "works on square grids, not triangle"),
])
def test_mistakes_are_refused_in_one_line_with_status_2(args, words, capsys):
    assert main(["generate", "-a", "wfc", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@given(ops=st.lists(st.tuples(st.booleans(), st.integers(0, 30), st.integers(0, 16)), max_size=80),
       seed=st.integers(0, 1000))
def test_the_entropy_buckets_always_give_a_cell_of_the_lowest_entropy(ops, seed):
    import random

    from visualizer.algorithms.wfc import Entropies

    buckets, oracle = Entropies(), {}
    for adding, cell, entropy in ops:
        if adding:
            buckets.add(cell, entropy)
            oracle[cell] = entropy
        else:
            buckets.discard(cell)
            oracle.pop(cell, None)
        assert len(buckets) == len(oracle) and all(c in buckets for c in oracle)
        if oracle:
            assert oracle[buckets.lowest(random.Random(seed))] == min(oracle.values())
