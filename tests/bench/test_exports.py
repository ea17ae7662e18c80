"""The export bench measures what its table says: every picture format on square mazes, the PNG on
every other grid too (polar at the largest size it accepts) and the SVG on hex, each beside the JSON
export of the same maze and the load the figures were taken under."""

from __future__ import annotations

from visualizer.bench.exports import accepted_side, export_rows, table
from visualizer.grids import HexGrid, PolarGrid, SquareGrid


def test_a_grid_too_large_at_the_size_is_measured_at_its_largest_square():
    assert accepted_side(PolarGrid, 2000) == 690
    PolarGrid(690, 690)  # accepted, and one more ring is not
    assert accepted_side(PolarGrid, 691) == 690
    assert accepted_side(SquareGrid, 2000) == 2000 and accepted_side(HexGrid, 7) == 7


def test_the_png_and_svg_rows_cover_every_grid_they_are_measured_on():
    rows = export_rows((12,), ("svg", "png"), repeats=1)
    assert [(r.fmt, r.grid) for r in rows] == [("svg", "square"), ("svg", "hex"), ("png", "square"),
                                               ("png", "hex"), ("png", "triangle"), ("png", "polar")]
    assert all(r.status == 0 and r.cpu > 0 and r.json_cpu > 0 and r.peak_mb > 0 for r in rows)
    lines = table(rows).splitlines()
    assert "load" in lines[0] and len(lines) == 7
    assert all("12x12" in line and "met" in line for line in lines[1:])
