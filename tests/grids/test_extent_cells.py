"""A page refuses a large maze from the drawing's extent, read from the sides of a few cells (each
row's first and last, the top and bottom rows: ``Grid.extent_cells``) where the grid's geometry
allows it: those sides reach exactly as far as every side of the grid, whole or masked, on every
kind of grid; a grid whose geometry does not allow it (rings) reads every side."""

import numpy as np
from hypothesis import given, settings

from tests.grids.test_masked_rows import MASKABLE, grids, masks
from visualizer.export import svg
from visualizer.grids import GRIDS, Grid, Mask, make_grid
from visualizer.grids.base import centre_spacing, sides_present


def every_side_extent(grid: Grid) -> svg.Extent:
    """The drawing's extent from every cell's sides (what the page check read before)."""
    segments = grid.edge_segments()
    scale = svg.CELL_SPACING / centre_spacing(grid.unit_centres()[:1], segments[:1])
    return svg._with_margin(svg.plane_extent(segments, scale), svg.CELL_SPACING)


def assert_few_sides_reach_as_far_as_all(grid: Grid) -> None:
    every = grid.edge_segments().reshape(-1, 2)
    cells = grid.extent_cells()
    few = every if cells is None else grid.cell_segments(cells).reshape(-1, 2)
    if cells is not None:
        assert cells[0] == 0 and np.all(np.diff(cells) > 0), "in order from the first cell (its sides set the scale)"
    assert few.min(axis=0).tolist() == every.min(axis=0).tolist()
    assert few.max(axis=0).tolist() == every.max(axis=0).tolist()
    assert svg.grid_extent(grid) == every_side_extent(grid)


@settings(max_examples=200, deadline=None)
@given(grids())
def test_a_whole_grids_extent_from_a_few_cells_is_its_every_sides(grid):
    assert_few_sides_reach_as_far_as_all(grid)


@settings(max_examples=400, deadline=None)
@given(grids(MASKABLE), masks())
def test_a_masked_grids_extent_from_a_few_cells_is_its_every_sides(grid, mask):
    if not mask.covers(grid).any():
        return
    assert_few_sides_reach_as_far_as_all(make_grid(grid.kind, grid.width, grid.height, mask))


def test_every_grid_kind_is_either_read_from_its_rows_or_whole():
    """A new kind is covered by the properties above either way; rings read every side."""
    assert {kind: cls.EXTENT_BY_ROWS for kind, cls in GRIDS.items()} == {
        "square": True, "hex": True, "triangle": True, "polar": False}


def test_the_middle_of_the_top_and_bottom_rows_counts_on_hexes():
    """An odd column sits half a row lower: when the top row's first and last kept cells are in odd
    columns, an even column between them reaches higher; in the bottom row an odd column between
    two even ones reaches lower."""
    grid = make_grid("hex", 5, 3, Mask(("X...X", ".....", "...XX"), "middles"))
    top = grid.unit_centres()[:3]
    assert top[:, 0].tolist() == [2.5, 4.0, 5.5] and top[1, 1] < top[0, 1]  # columns 1, 2, 3
    cells = grid.extent_cells().tolist()
    assert 1 in cells and grid.size - 2 in cells  # column 2 of the top row, column 1 of the bottom
    assert_few_sides_reach_as_far_as_all(grid)


@settings(max_examples=100, deadline=None)
@given(grids())
def test_the_centre_spacing_is_twice_the_median_reach_from_the_first_centre_to_its_sides(grid):
    """The drawing's scale (squares 1, hexagons sqrt(3), triangles 1 / sqrt(3), rings their own)."""
    segments, centres = grid.cell_segments(np.arange(1)), grid.unit_centres_of(np.arange(1))
    sides = segments[0][sides_present(segments[0])]
    reach = np.hypot(*(sides.mean(axis=1) - centres[0]).T)
    assert centre_spacing(centres, segments) == float(2 * np.median(reach))
    spacing = {"square": 1.0, "hex": 3 ** 0.5, "triangle": 3 ** -0.5}.get(grid.kind)
    assert spacing is None or abs(centre_spacing(centres, segments) - spacing) < 1e-12
