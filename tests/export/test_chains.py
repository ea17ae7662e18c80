"""The chaining of wall segments reads its tables a block at a time: any block size gives the same
polylines, in the same order, as one block (the SVG's text depends on that order)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.export import chains

EDGES = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)).filter(lambda e: e[0] != e[1]),
                 max_size=80, unique_by=lambda e: (min(e), max(e)))


def polylines(edges: list[tuple[int, int]]) -> list[list[int]]:
    starts = np.array([a * 7919 for a, _ in edges], dtype=np.int64)  # keys far apart, as lattice keys are
    ends = np.array([b * 7919 for _, b in edges], dtype=np.int64)
    return chains.chain(starts, ends)


@settings(max_examples=60, deadline=None)
@given(edges=EDGES, block=st.integers(1, 5))
def test_the_polylines_do_not_depend_on_the_block_size(edges, block):
    whole = polylines(edges)
    saved = chains.SCAN_BLOCK
    chains.SCAN_BLOCK = block
    try:
        assert polylines(edges) == whole
    finally:
        chains.SCAN_BLOCK = saved
    assert sum(len(line) - 1 for line in whole) == len(edges)  # every segment walked once
