"""The chaining of wall segments builds and reads its tables a block at a time: keys numbered a band
of values at a time, each vertex's segments placed a block of segments at a time, odd vertices
scanned a block at a time. Any block sizes give the tables a whole sort gives, and so the same
polylines in the same order as one block (the SVG's text depends on that order)."""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.export import chains

EDGES = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)).filter(lambda e: e[0] != e[1]),
                 max_size=80, unique_by=lambda e: (min(e), max(e)))
BLOCKS = ("SCAN_BLOCK", "BAND_KEYS", "PLACE_BLOCK")


def ends_of(edges: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    starts = np.array([a * 7919 for a, _ in edges], dtype=np.int64)  # keys far apart, as lattice keys are
    ends = np.array([b * 7919 for _, b in edges], dtype=np.int64)
    return starts, ends


def sorted_tables(starts: np.ndarray, ends: np.ndarray) -> tuple[list[int], list[int], list[int], list[int]]:
    """Names, incident runs, their starts and each end's vertex (``a[0], b[0], a[1]...``), by one
    stable sort of every end."""
    ends_at = np.empty(2 * len(starts), dtype=np.int64)
    ends_at[0::2], ends_at[1::2] = starts, ends
    order = np.argsort(ends_at, kind="stable")
    names, numbers = np.unique(ends_at, return_inverse=True)
    first = np.searchsorted(ends_at[order], names).tolist() + [len(ends_at)]
    return names.tolist(), (order >> 1).tolist(), first, numbers.tolist()


@contextmanager
def blocks_of(size: int):
    """Every block size of the chaining set to ``size`` inside the block; restored after."""
    saved = {name: getattr(chains, name) for name in BLOCKS}
    for name in BLOCKS:
        setattr(chains, name, size)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(chains, name, value)


@settings(max_examples=60, deadline=None)
@given(edges=EDGES, block=st.integers(1, 5))
def test_the_tables_and_polylines_do_not_depend_on_the_block_sizes(edges, block):
    starts, ends = ends_of(edges)
    whole = chains.chain(starts, ends)
    with blocks_of(block):
        assert chains.chain(starts, ends) == whole
        table = chains.Chains(starts, ends)
    names, incident, first, numbers = sorted_tables(starts, ends)
    assert table.names.tolist() == names and list(table.incident) == incident and list(table.first) == first
    assert list(table.ends) == [a ^ b for a, b in zip(numbers[0::2], numbers[1::2])]
    assert sum(len(line) - 1 for line in whole) == len(edges)  # every segment walked once


@settings(max_examples=60, deadline=None)
@given(edges=EDGES, points=st.integers(1, 12))
def test_batches_hold_the_polylines_in_order_each_batch_at_least_the_points_asked(edges, points):
    starts, ends = ends_of(edges)
    lines = [list(line) for line in chains.Chains(starts, ends).lines()]
    batches = list(chains.Chains(starts, ends).batches(points))
    flat, lengths = [], []
    for numbers, counts in batches:
        flat.extend(numbers.tolist())
        lengths.extend(counts.tolist())
        assert counts.sum() == len(numbers)
    assert flat == [k for line in lines for k in line] and lengths == [len(line) for line in lines]
    assert all(len(numbers) >= points for numbers, _ in batches[:-1])
    assert all(len(numbers) - counts[-1] < points for numbers, counts in batches)  # no more walks than needed
