"""What every grid shape promises: neighbours that are mutual and opposite, full neighbourhoods
inside, a neighbour array that agrees, plane geometry that closes each cell, and sizes refused
with a reason."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.grids import MAX_SIDE, SquareGrid, make_grid

sides = st.integers(min_value=1, max_value=12)


@given(kind=st.sampled_from(["square", "hex"]), w=sides, h=sides)
def test_neighbours_are_mutual_and_opposite(kind, w, h):
    grid = make_grid(kind, w, h)
    for cell in range(grid.size):
        for d, nb in grid.neighbours(cell):
            assert 0 <= nb < grid.size
            assert grid.neighbour(nb, grid.opposite(d)) == cell


@given(w=sides, h=sides)
def test_interior_cells_have_full_neighbourhoods(w, h):
    grid = SquareGrid(w, h)
    counts = [len(grid.neighbours(c)) for c in range(grid.size)]
    assert sum(counts) == 2 * ((w - 1) * h + (h - 1) * w)  # every edge seen from both sides


def test_free_neighbours_skips_taken_cells():
    grid = SquareGrid(3, 3)
    taken = bytearray(9)
    taken[1] = taken[3] = 1
    assert grid.free_neighbours(4, taken) == [(1, 5), (2, 7)]


@pytest.mark.parametrize("size", [(0, 5), (5, 0), (MAX_SIDE + 1, 1)])
def test_bad_sizes_are_refused_with_a_reason(size):
    with pytest.raises(ValueError, match="grid size"):
        make_grid("square", *size)


def test_unknown_grid_lists_the_choices():
    with pytest.raises(ValueError, match="square, hex, triangle"):
        make_grid("octagon", 3, 3)


@given(kind=st.sampled_from(["square", "hex"]), w=sides, h=sides)
def test_neighbour_array_matches_neighbours(kind, w, h):
    grid = make_grid(kind, w, h)
    table = grid.neighbour_array()
    for cell in range(grid.size):
        expected = [-1] * grid.directions
        for d, nb in grid.neighbours(cell):
            expected[d] = nb
        assert table[cell].tolist() == expected


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
@pytest.mark.parametrize("size", [(1, 1), (2, 3), (5, 4), (6, 1)])
def test_plane_geometry_shares_each_edge_and_closes_each_cell(kind, size):
    """The thin-wall plane (SVG, first person): two cells see their shared edge as the same two
    points in opposite order, each cell's sides run round it without a gap, and the side toward a
    neighbour faces that neighbour's centre."""
    import numpy as np

    from visualizer.grids import GRIDS, make_grid

    least = GRIDS[kind].MIN_SIZE
    grid = make_grid(kind, max(size[0], least[0]), max(size[1], least[1]))
    segments, centres, neighbours = grid.edge_segments(), grid.unit_centres(), grid.neighbour_array()
    assert segments.shape == (grid.size, grid.directions, 2, 2)
    for cell in range(grid.size):
        real = np.linalg.norm(segments[cell, :, 1] - segments[cell, :, 0], axis=-1) > 1e-9
        sides = segments[cell][real]  # a triangle lacks one direction, the centre pie its inner side
        assert np.allclose(sides[:, 1], np.roll(sides[:, 0], -1, axis=0))  # closed, clockwise
        sides = segments[cell]
        for d in range(grid.directions):
            other = neighbours[cell, d]
            if other < 0:
                continue
            assert np.allclose(sides[d], segments[other, grid.opposite(d)][::-1])
            middle = sides[d].mean(axis=0)
            toward = centres[other] - centres[cell]
            if kind == "polar":  # ring cells are not symmetric about their sides: the side only separates them
                (ax, ay), (bx, by) = sides[d]
                side_of = [(bx - ax) * (py - ay) - (by - ay) * (px - ax) for px, py in (centres[cell], centres[other])]
                assert side_of[0] * side_of[1] < 0
                continue
            assert np.allclose(middle, centres[cell] + toward / 2)
