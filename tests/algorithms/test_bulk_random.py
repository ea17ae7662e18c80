"""Random numbers drawn in bulk for the quiet paths: exactly what ``random.Random`` gives one at a
time, and ``rng`` left where the one-at-a-time draws leave it (later draws, braiding for one,
depend on it). Kruskal's bulk spanning tree opens exactly the walls its loop opens."""

from __future__ import annotations

import random
from contextlib import contextmanager

import numpy as np
import pytest
from helpers import at_least, is_spanning_tree
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS, bulk_random, kruskal
from visualizer.core.events import Kind
from visualizer.core.graph import spanning_forest
from visualizer.core.maze import Maze
from visualizer.grids import Mask
from visualizer.run.spec import MazeSpec


@contextmanager
def bulk_always():
    """The bulk paths on lists and grids of any size (they start at a few thousand otherwise)."""
    saved = bulk_random.BULK_SHUFFLE_FROM, kruskal.BULK_JOIN_FROM
    bulk_random.BULK_SHUFFLE_FROM = kruskal.BULK_JOIN_FROM = 0
    try:
        yield
    finally:
        bulk_random.BULK_SHUFFLE_FROM, kruskal.BULK_JOIN_FROM = saved


def test_this_pythons_shuffle_is_the_one_reproduced():
    """If a Python changed how shuffle draws, the quiet paths would fall back to it, not differ."""
    assert bulk_random._bulk_shuffle_matches()


@settings(max_examples=80, deadline=None)
@given(n=st.integers(0, 3000), seed=st.integers(0, 2**32), batch=st.sampled_from([1, 3, 64, 8192]))
def test_a_bulk_shuffle_is_rng_shuffle(n, seed, batch):
    original = bulk_random.TARGETS_AT_ONCE
    bulk_random.TARGETS_AT_ONCE = batch  # small batches: many bit lengths and batch edges
    try:
        expected = list(range(n))
        one_by_one, bulk = random.Random(seed), random.Random(seed)
        one_by_one.shuffle(expected)
        got = bulk_random._bulk_shuffle(bulk, n)
    finally:
        bulk_random.TARGETS_AT_ONCE = original
    assert got.tolist() == expected
    assert bulk.getstate() == one_by_one.getstate()


def test_long_lists_take_the_bulk_path_and_match():
    for n in (4096, 4097, 65537, 300_001):
        expected = list(range(n))
        one_by_one, bulk = random.Random(n), random.Random(n)
        one_by_one.shuffle(expected)
        assert bulk_random.shuffled_positions(bulk, n).tolist() == expected, n
        assert bulk.random() == one_by_one.random()


def test_a_shuffle_that_runs_out_of_words_draws_more_and_still_matches(monkeypatch):
    """Rejections take words: a bound just above a power of two rejects about half of them, so a
    batch that allows too few words must be drawn again, larger, from the same place."""
    real = bulk_random._accepted_words
    calls = []

    def first_short(tops, bound, steps):
        calls.append(len(tops))
        return real(tops[: steps // 2] if len(calls) == 1 else tops, bound, steps)

    monkeypatch.setattr(bulk_random, "_accepted_words", first_short)
    n = 5000
    expected = list(range(n))
    one_by_one, bulk = random.Random(8), random.Random(8)
    one_by_one.shuffle(expected)
    assert bulk_random._bulk_shuffle(bulk, n).tolist() == expected
    assert bulk.getstate() == one_by_one.getstate()
    assert calls[1] == 4 * calls[0]


def test_a_random_generator_of_another_kind_is_shuffled_by_itself():
    class Other(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    assert bulk_random.shuffled_positions(Other(1), 5000).tolist() == list(range(4999, -1, -1))


@pytest.mark.parametrize("count", [1, 7, 5000])
def test_floats_and_words_handed_back_leave_rng_after_the_used_ones(count):
    for used in (0, 1, count):
        one_by_one, bulk = random.Random(3), random.Random(3)
        draws = bulk_random.Draws(bulk)
        floats = draws.floats(count)
        draws.give_back(count - used)
        assert floats[:used].tolist() == [one_by_one.random() for _ in range(used)]
        assert bulk.getstate() == one_by_one.getstate()
        words = draws.words(count)
        draws.give_back(count - used)
        assert words[:used].tolist() == [one_by_one.getrandbits(32) for _ in range(used)]
        assert bulk.getstate() == one_by_one.getstate()


GRIDS = ["square", "hex", "triangle", "polar"]


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(GRIDS), w=st.integers(1, 14), h=st.integers(1, 12), seed=st.integers(0, 10**6),
       masked=st.booleans())
def test_kruskals_bulk_spanning_tree_carves_what_the_shown_sets_carve(kind, w, h, seed, masked):
    w, h = at_least(kind, w, h)
    mask = Mask(tuple("".join("X" if (x * 7 + y * 3) % 5 == 0 else "." for x in range(w)) for y in range(h)),
                "holes") if masked and kind != "polar" else None
    spec = MazeSpec("kruskal", kind, w, h, seed, mask=mask)
    try:
        spec.check()
    except ValueError:
        return  # a mask that leaves too little
    shown = [e for e in spec.events(show=True) if e[0] == Kind.CARVE]
    with bulk_always():
        quiet = list(spec.events(show=False))
    assert quiet == shown
    assert is_spanning_tree(Maze(spec.make_grid()).fold(quiet))


def test_kruskal_on_a_large_grid_takes_the_bulk_path_with_the_loops_carves():
    """Above the size where the bulk path starts, against the union-find loop itself."""
    spec = MazeSpec("kruskal", "square", 80, 60, 17)
    assert spec.make_grid().size >= kruskal.BULK_JOIN_FROM
    grid = spec.make_grid()
    a, b, d = kruskal._walls_in_random_order(grid, random.Random(17))
    loop = list(kruskal._union_find_carves(grid.size, zip(a.tolist(), b.tolist(), d.tolist())))
    bulk = list(ALGORITHMS["kruskal"].func(grid, random.Random(17), show=False))
    assert bulk == loop
    assert len(bulk) == grid.size - 1


def test_the_bulk_forest_of_a_graph_in_pieces_spans_each_piece():
    """Two separate paths 0-1-2 and 3-4 (no wall between them) and a loop's closing wall: the
    forest opens every wall but the one that closes the loop, and never joins the pieces."""
    a = np.array([0, 1, 3, 0])
    b = np.array([1, 2, 4, 2])
    assert spanning_forest(a, b, 5).tolist() == [True, True, True, False]
    assert spanning_forest(a[::-1].copy(), b[::-1].copy(), 5).tolist() == [True, True, True, False]
