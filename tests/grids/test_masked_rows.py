"""A mask's cells read row by row (``Mask.covers_rows``, ``kept_cells``) are exactly the cells read
cell by cell from every centre and the neighbour table: the checks before any work count a masked
grid's cells the fast way, and the grid the work then uses is the same grid."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.grids import GRIDS, Mask, make_grid
from visualizer.grids.masked import kept_cells, largest_part


@st.composite
def masks(draw) -> Mask:
    """A picture or text mask of its own size, cells sprinkled at a drawn density (at least one)."""
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    density = draw(st.sampled_from([0.3, 0.55, 0.8]))
    seed = draw(st.integers(0, 2**32 - 1))
    bits = np.random.default_rng(seed).random((height, width)) < density
    bits.flat[draw(st.integers(0, width * height - 1))] = True
    rows = tuple("".join("." if b else "X" for b in row) for row in bits.tolist())
    return Mask(rows, "sprinkled", by_plane=draw(st.booleans()))


@st.composite
def grids(draw, kinds=tuple(GRIDS)):
    """A whole grid of any registered kind (``maskable=True``: of a kind that takes a mask)."""
    kind = draw(st.sampled_from(kinds))
    least = GRIDS[kind].MIN_SIZE
    return make_grid(kind, draw(st.integers(least[0], 14)), draw(st.integers(least[1], 12)))


MASKABLE = tuple(kind for kind, cls in GRIDS.items() if cls.MASKABLE)


@settings(max_examples=300, deadline=None)
@given(grids(), masks())
def test_the_rows_give_the_cells_every_centre_gives(grid, mask):
    assert mask.covers(grid).tolist() == mask.covers_each(grid).tolist()


@settings(max_examples=300, deadline=None)
@given(grids(), masks())
def test_the_largest_part_from_the_rows_is_the_one_the_neighbour_table_gives(grid, mask):
    covered = mask.covers_each(grid)
    assert kept_cells(grid, covered).tolist() == largest_part(grid.neighbour_array(), covered).tolist()


@settings(max_examples=200, deadline=None)
@given(grids(MASKABLE), masks())
def test_a_masked_grid_counts_the_cells_of_the_largest_part_by_the_table(grid, mask):
    """The count the refusals read is the grid's own: the neighbour table's largest part."""
    reference = largest_part(grid.neighbour_array(), mask.covers_each(grid))
    if not reference.any():
        return
    masked = make_grid(grid.kind, grid.width, grid.height, mask)
    assert masked.size == int(reference.sum())
    assert masked.ids.tolist() == np.flatnonzero(reference).tolist()
    assert masked.dropped == int(mask.covers_each(grid).sum() - reference.sum())


def test_cells_that_touch_only_at_a_corner_are_two_parts_on_squares_and_one_on_hexes():
    """(1, 0) and (0, 1) meet at a corner: no neighbours on squares; on hex the odd column sits half
    a row lower, so (0, 1) is its south-west neighbour."""
    mask = Mask(("X.", ".X"), "corner")
    square, hexes = make_grid("square", 2, 2, mask), make_grid("hex", 2, 2, mask)
    assert (square.size, square.dropped) == (1, 1)
    assert (hexes.size, hexes.dropped) == (2, 0)


def test_a_triangle_crosses_rows_only_through_its_flat_side():
    """Column 0 points up then down: the two share a side. Column 1 points down then up: tip to tip."""
    assert make_grid("triangle", 2, 2, Mask((".X", ".X"), "left")).size == 2
    right = make_grid("triangle", 2, 2, Mask(("X.", "X."), "right"))
    assert (right.size, right.dropped) == (1, 1)


@settings(max_examples=60, deadline=None)
@given(grids(MASKABLE), masks(), st.data())
def test_a_masked_grids_sides_and_centres_of_some_cells_are_those_of_all_its_cells(grid, mask, data):
    if not mask.covers(grid).any():
        return
    masked = make_grid(grid.kind, grid.width, grid.height, mask)
    cells = np.array(data.draw(st.lists(st.integers(0, masked.size - 1), max_size=6)), dtype=np.int64)
    assert np.array_equal(masked.cell_segments(cells), masked.edge_segments()[cells])
    assert np.array_equal(masked.unit_centres_of(cells), masked.unit_centres()[cells])
    assert np.array_equal(masked.edge_segments(), grid.edge_segments()[masked.ids])


def test_a_masked_svg_reads_its_sides_a_block_at_a_time(monkeypatch):
    """Each block of an SVG's cells made every kept cell's sides (the base grid's, 512 MB and a
    second a block at 2000 x 2000 squares): the sides asked for are now each block's own."""
    from visualizer.export.formats import ExportOptions
    from visualizer.export.svg import stream
    from visualizer.run.spec import MazeSpec

    asked = []
    by_cell = GRIDS["square"].cell_segments

    def counted(self, cells):
        asked.append(len(cells))
        return by_cell(self, cells)

    monkeypatch.setattr(GRIDS["square"], "cell_segments", counted)
    spec = MazeSpec("backtracker", "square", 400, 260, 4, mask=Mask(("..X", "...", "X.."), "steps"))
    maze = spec.build()
    assert maze.grid.size > 4 * (1 << 14)  # more than four blocks of cells
    assert "<path" in "".join(stream(maze, spec, ExportOptions()))
    assert 0 < sum(asked) <= 2 * maze.grid.size
