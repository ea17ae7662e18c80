"""What every generator's stream promises: shown, it never packs events; quiet (``show=False``,
nothing drawn), it leaves out the display events, except PHASE, and otherwise says exactly what
it says when shown: the same maze-changing events in the same order, from the same random numbers."""

from __future__ import annotations

from helpers import KEPT_DISPLAY_KINDS, at_least, kept, streams
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.run.spec import MazeSpec


def test_shown_streams_never_pack():
    for name in ("backtracker", "dungeon"):
        kinds = {event[0] for event in MazeSpec(name, "square", 40, 30, 2).events(show=True)}
        assert not kinds & {Kind.CARVES, Kind.PRUNES}, name


PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]


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
