"""Quiet mode (``show=False``, nothing drawn): every generator leaves out the display events, except
PHASE, and otherwise says exactly what it says when shown: the same maze-changing events in the
same order, from the same random numbers."""

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.events import Kind
from visualizer.maze import Maze
from visualizer.spec import MazeSpec

PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]
KEPT_DISPLAY_KINDS = frozenset({Kind.PHASE})
"""The display kinds a quiet stream still carries (the phases the headless fold and braid name)."""


def kept(event) -> bool:
    return event[0] < 10 or event[0] in KEPT_DISPLAY_KINDS


def streams(spec: MazeSpec) -> tuple[list, list]:
    return list(spec.events(show=True)), list(spec.events(show=False))


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
        carves = [e for e in ALGORITHMS["aldous_broder"].func(grid, rng, show=show) if e[0] == Kind.CARVE]
        streams.append((carves, rng.getstate()))
    assert streams[0] == streams[1]


def test_a_random_generator_of_another_kind_takes_the_plain_walk():
    import random

    class Other(random.Random):
        pass

    grid = MazeSpec("aldous_broder", "square", 12, 9, 1).make_grid()
    shown = list(ALGORITHMS["aldous_broder"].func(grid, random.Random(5), show=False))
    other = list(ALGORITHMS["aldous_broder"].func(grid, Other(5), show=False))
    assert shown == other
