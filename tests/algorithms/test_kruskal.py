"""Kruskal's algorithm: its quiet union-find joins exactly what its shown sets join."""

import pytest
from helpers import streams

from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec


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
