"""Pixel picking against the plane geometry: the cell under a pixel is the cell whose outline (from
``Grid.edge_segments``) contains the pixel's centre, for triangles, discs of rings, hexagons and
masked grids alike; a pixel in no outline (a hole of a mask, outside the grid) picks nothing.
Points within a wall's width of a side are skipped: the wall may belong to either cell. On a disc the
outline's arcs are chords, so points within the largest chord's bulge of a side are skipped too."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.grids import Mask, make_grid
from visualizer.grids.base import sides_present
from visualizer.render.board import Board


def containing_cells(grid, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each point: the cell whose convex outline holds it (-1 for none) and its distance to the
    nearest side of any cell (how close it is to a wall)."""
    centres = grid.unit_centres()
    segments = grid.edge_segments()
    present = sides_present(segments)
    a, b = segments[..., 0, :], segments[..., 1, :]  # (n, D, 2)
    edge = b - a
    length = np.maximum(np.hypot(edge[..., 0], edge[..., 1]), 1e-12)
    found = np.full(len(points), -1)
    nearest = np.full(len(points), np.inf)
    for i, p in enumerate(points):
        cross_p = edge[..., 0] * (p[1] - a[..., 1]) - edge[..., 1] * (p[0] - a[..., 0])
        cross_c = edge[..., 0] * (centres[:, None, 1] - a[..., 1]) - edge[..., 1] * (centres[:, None, 0] - a[..., 0])
        same_side = (np.sign(cross_p) == np.sign(cross_c)) | ~present
        inside = np.flatnonzero(same_side.all(axis=1))
        found[i] = inside[0] if len(inside) else -1
        t = np.clip(((p - a) * edge).sum(axis=-1) / length**2, 0, 1)
        closest = a + t[..., None] * edge
        gap = np.hypot(*(closest - p).transpose(2, 0, 1))
        nearest[i] = gap[present].min()
    return found, nearest


def check_picking(grid, view: tuple[int, int], seed: int, margin: float) -> int:
    """Pick random pixels and compare with the outlines; returns how many points were checked."""
    board = Board(grid, *view)
    scale, origin = board.camera.scale, np.array(board.camera.origin)
    marks = (board.layout.centres[:40] - origin) / scale  # where the view marks cells, in the plane
    assert containing_cells(grid, marks)[0].tolist() == list(range(min(40, grid.size)))  # the two agree
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, [view[0], view[1]], size=(300, 2))
    points = (pixels + 0.5 - origin) / scale
    cells, nearest = containing_cells(grid, points)
    wall = max(1.0, scale * 0.1) / scale + 1.5 / scale  # half a wall plus a pixel's reach
    checked = 0
    for (x, y), cell, gap in zip(pixels.tolist(), cells.tolist(), nearest.tolist()):
        if gap < wall + margin:
            continue
        assert board.cell_at(x, y) == cell, (x, y)
        checked += 1
    return checked


@settings(max_examples=25, deadline=None)
@given(w=st.integers(2, 14), h=st.integers(1, 9), seed=st.integers(0, 10**6))
def test_triangles_are_picked_by_their_outline(w, h, seed):
    assert check_picking(make_grid("triangle", w, h), (420, 320), seed, 0.0) > 20


@settings(max_examples=15, deadline=None)
@given(h=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_ring_cells_are_picked_by_their_outline(h, seed):
    grid = make_grid("polar", 8, h)
    counts = np.array(grid.counts)
    bulge = float(np.max((np.arange(h) + 1) * (1 - np.cos(np.pi / counts))))  # the widest arc's chord
    assert check_picking(grid, (400, 400), seed, bulge) > 10


@pytest.mark.parametrize("kind", ["triangle", "hex"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), bits=st.lists(st.booleans(), min_size=48, max_size=48))
def test_masked_cells_are_picked_by_their_outline_and_holes_pick_nothing(kind, seed, bits):
    rows = tuple("".join("." if bits[y * 8 + x] else "X" for x in range(8)) for y in range(6))
    if "." not in "".join(rows):
        rows = (".XXXXXXX",) + rows[1:]
    grid = make_grid(kind, 8, 6, Mask(rows))
    assert check_picking(grid, (400, 320), seed, 0.0) > 10
