"""The hex grid: the source's doubled coordinates and a distance that counts steps."""

from hypothesis import given
from hypothesis import strategies as st

from visualizer.grids import HexGrid

sides = st.integers(min_value=1, max_value=12)


@given(w=sides, h=sides)
def test_hex_matches_the_source_doubled_coordinates(w, h):
    """Neighbour (dy, dx) steps in doubled coordinates are exactly the source document's six."""
    grid = HexGrid(w, h)
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        row, col = grid.doubled(x, y)
        for d, nb in grid.neighbours(cell):
            nrow, ncol = grid.doubled(*grid.coords(nb))
            assert (nrow - row, ncol - col) == HexGrid.DOUBLED_DELTAS[d]


def test_hex_distance_counts_steps():
    grid = HexGrid(9, 9)
    centre = grid.cell(4, 4)
    for _, nb in grid.neighbours(centre):
        assert grid.distance(centre, nb) == 1
    assert grid.distance(grid.cell(0, 0), grid.cell(4, 0)) == 4
