"""Kruskal's shown stream, worked out in bulk, says exactly what the wall-by-wall loop said: the
same events in the same order (packed runs spelled out) for every seed, grid and option, and it
leaves ``rng`` where the loop left it (braiding draws after it)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import kruskal as module
from visualizer.algorithms.braid import braided
from visualizer.core.events import Kind, expand
from visualizer.grids import GRIDS as GRID_CLASSES
from visualizer.grids import Mask, make_grid
from visualizer.run.spec import MazeSpec

CARVE, SET, REJECT = Kind.CARVE, Kind.SET, Kind.REJECT


def loop_stream(grid, rng):
    """The shown loop as it was before it was worked out in bulk (a wall at a time, the smaller
    set's member list relabelled), its repaints as single SET events."""
    edges = zip(*(column.tolist() for column in module._walls_in_random_order(grid, rng)))
    if grid.size == 1:
        yield (CARVE, 0, -1, -1)
        return
    set_of = list(range(grid.size))
    members = [[c] for c in range(grid.size)]
    merges_left = grid.size - 1
    for a, b, d in edges:
        sa, sb = set_of[a], set_of[b]
        if sa == sb:
            yield (REJECT, a, b, d)
            continue
        kept, absorbed = members[sa], members[sb]
        if len(kept) < len(absorbed):
            sa, sb, kept, absorbed = sb, sa, absorbed, kept
        yield (CARVE, a, b, d)
        if len(kept) == 1:
            yield (SET, sa, -1, sa)
        for cell in absorbed:
            set_of[cell] = sa
            yield (SET, cell, -1, sa)
        kept += absorbed
        members[sb] = []
        merges_left -= 1
        if not merges_left:
            return


def plain(events) -> list[tuple]:
    """Events as plain ints (a packed run spelled out; a phase keeps its name), with each kind
    checked to be a Kind."""
    out = []
    for kind, cell, other, value in expand(events):
        assert isinstance(kind, Kind)
        out.append((int(kind), int(cell), int(other), value if isinstance(value, str) else int(value)))
    return out


MASK = Mask(("..X......", ".........", "....XX...", "X........"), "holes")
GRIDS = st.sampled_from(["square", "hex", "triangle", "polar"])


@settings(max_examples=60, deadline=None)
@given(kind=GRIDS, width=st.integers(1, 14), height=st.integers(1, 12), seed=st.integers(0, 2**32),
       block=st.sampled_from([1, 2, 7, 64, module.MERGES_AT_ONCE]), pack=st.sampled_from([1, 2, 3, 8]),
       masked=st.booleans())
def test_the_bulk_stream_is_the_loops_stream(kind, width, height, seed, block, pack, masked):
    """Whatever the grid, its size, a mask, the seed, how many merges are laid out at once and
    from how many events a run is packed: the same events, and ``rng`` left in the same state."""
    low_width, low_height = GRID_CLASSES[kind].MIN_SIZE
    width, height = max(width, low_width), max(height, low_height)
    if masked and kind != "polar":  # the mask stretched over a grid of at least 4 x 3
        grid = make_grid(kind, max(width, 4), max(height, 3), mask=MASK)
    else:
        grid = make_grid(kind, width, height)
    new_rng, old_rng = random.Random(seed), random.Random(seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "MERGES_AT_ONCE", block)
        patch.setattr(module, "PACK_FROM", pack)
        assert plain(module.kruskal(grid, new_rng)) == plain(loop_stream(grid, old_rng))
    assert new_rng.getstate() == old_rng.getstate()


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_braided_and_weighted_mazes_say_the_loops_events(kind):
    """Braiding draws from ``rng`` after Kruskal's walls, and weights are the recipe's terrain:
    a braided, weighted spec says what the loop braided would, on every grid."""
    for seed in range(3):
        spec = MazeSpec("kruskal", kind, 13, 11, seed, params={"braid": 60, "weights": 4})
        grid = spec.make_grid()
        rng = random.Random(seed)
        assert plain(spec.events()) == plain(braided(loop_stream(grid, rng), grid, rng, 60))


def test_a_large_grid_says_the_loops_events_across_many_blocks():
    """60 x 50 cells: blocks of merges, long repaints and long stretches of rejected walls."""
    grid = make_grid("square", 60, 50)
    events = list(module.kruskal(grid, random.Random(8)))
    assert {Kind.SETS, Kind.REJECTS} <= {event[0] for event in events}
    assert plain(events) == plain(loop_stream(grid, random.Random(8)))
