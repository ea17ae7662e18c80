"""The polar (theta) grid: rings that double, symmetric neighbours, spanning trees, pixels, play keys
and exports."""

from __future__ import annotations

import math

import numpy as np
import pytest
from helpers import is_spanning_tree, passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.cli import main
from visualizer.export.json_io import dumps, loads
from visualizer.grids import GRIDS, PolarGrid, make_grid
from visualizer.grids.polar import MAX_CENTRE, ring_counts
from visualizer.render.board import Board
from visualizer.run.spec import MazeSpec

KIND = PolarGrid.kind
pytestmark = pytest.mark.skipif(KIND not in GRIDS, reason="the polar grid is not registered yet")
PERFECT = sorted(name for name, info in ALGORITHMS.items() if info.perfect and info.supports(KIND)) or ["backtracker"]


@given(w=st.integers(3, 12), h=st.integers(1, 30))
def test_ring_counts_double_when_cells_get_twice_as_wide_as_tall(w, h):
    counts = ring_counts(w, h)
    grid = make_grid(KIND, w, h)
    assert counts[0] == min(w, MAX_CENTRE) and len(counts) == h and grid.size == sum(counts)
    for r in range(1, h):
        wide = 2 * math.pi * r / counts[r - 1] > 2
        assert counts[r] == counts[r - 1] * (2 if wide else 1)
    assert [grid.coords(grid.cell(x, y)) for y in range(h) for x in range(counts[y])] == \
        [(x, y) for y in range(h) for x in range(counts[y])]


def test_a_known_grid():
    grid = make_grid(KIND, 8, 10)
    assert grid.counts == [8, 8, 8, 16, 16, 16, 32, 32, 32, 32]
    assert grid.cell_name(grid.cell(12, 3)) == "ring 3, cell 12"
    assert grid.entrance == (grid.cell(0, 9), PolarGrid.OUT)
    assert grid.exit == (grid.cell(16, 9), PolarGrid.OUT)
    assert grid.direction_word(PolarGrid.CW) == "clockwise" and grid.direction_word(PolarGrid.IN2) == "inward"


@given(w=st.integers(3, 9), h=st.integers(1, 9))
def test_neighbours_are_symmetric_and_each_cell_has_one_way_in(w, h):
    grid = make_grid(KIND, w, h)
    table = grid.neighbour_array()
    for cell in range(grid.size):
        for d in range(6):
            nb = table[cell, d]
            if nb >= 0:
                assert table[nb, grid.opposite(d)] == cell
        ring = grid.coords(cell)[1]
        assert ((table[cell, PolarGrid.IN] >= 0) + (table[cell, PolarGrid.IN2] >= 0)) == (ring > 0)


@settings(max_examples=40, deadline=None)
@given(algorithm=st.sampled_from(PERFECT), w=st.integers(3, 8), h=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_every_perfect_generator_gives_a_spanning_tree(algorithm, w, h, seed):
    maze = MazeSpec(algorithm, KIND, w, h, seed).build()
    assert passages_are_symmetric(maze)
    assert is_spanning_tree(maze)


def test_row_based_algorithms_are_refused():
    for name in ("sidewinder", "eller", "recursive_division"):
        assert not ALGORITHMS[name].supports(KIND)
    assert ALGORITHMS["binary_tree"].supports(KIND)


@settings(max_examples=40, deadline=None)
@given(bias=st.sampled_from(["NE", "NW", "SE", "SW"]), w=st.integers(3, 8), h=st.integers(1, 9),
       seed=st.integers(0, 10**6))
def test_a_binary_tree_toward_any_corner_is_a_spanning_tree(bias, w, h, seed):
    maze = MazeSpec("binary_tree", KIND, w, h, seed, {"bias": bias}).build()
    assert passages_are_symmetric(maze) and is_spanning_tree(maze)


def test_a_binary_tree_goes_inward_or_clockwise_and_only_the_rings_last_cells_never_clockwise():
    """NE on a disc: north is inward, east clockwise. Each cell but the root opens exactly one of
    those two sides; the last cell of a ring (whose clockwise side leads back to the ring's first)
    never opens clockwise, every other cell of the outer ring must (it has no way in otherwise)."""
    grid = make_grid(KIND, 5, 6)
    spec = MazeSpec("binary_tree", KIND, 5, 6, 8)
    chosen = {}
    for _, _, cell, back in spec.events(grid):
        if cell >= 0:  # the root's event names no second cell
            chosen[cell] = grid.opposite(back)
    root = set(range(grid.size)) - set(chosen)
    assert root == {grid.cell(grid.counts[0] - 1, 0)}
    assert set(chosen.values()) <= {PolarGrid.IN, PolarGrid.IN2, PolarGrid.CW}
    for cell, d in chosen.items():
        x, ring = grid.coords(cell)
        if x == grid.counts[ring] - 1:
            assert d != PolarGrid.CW
        if ring == 0:
            assert d == PolarGrid.CW
    assert 0.3 < sum(d == PolarGrid.CW for d in chosen.values()) / len(chosen) < 0.7


def test_a_binary_tree_explains_itself_in_ring_words():
    spec = MazeSpec("binary_tree", KIND, 4, 5, 2)
    grid = spec.make_grid()
    narrator = spec.info.narrator(grid, spec.info.resolve(spec.params))
    sentences = [narrator.tell(event).sentence for event in spec.events(grid)]
    assert any("can go inward or clockwise: the coin picks" in s for s in sentences)
    assert any("cannot go clockwise (the edge of the maze): the only way is inward into ring" in s
               for s in sentences)
    assert sentences[0].startswith("ring 0, cell 3 can go neither inward nor clockwise: it is the root")
    assert dict(narrator.data())["Bias corner"] == "NE: inward or clockwise"


@pytest.mark.parametrize("size", [(3, 1), (4, 3), (8, 10), (5, 6)])
def test_the_centre_pixel_of_every_cell_is_that_cell(size):
    board = Board(make_grid(KIND, *size), 640, 640)
    for cell in range(board.grid.size):
        x, y = board.cell_centre(cell)
        assert board.cell_at(int(x), int(y)) == cell


def test_play_keys_map_as_documented():
    grid = make_grid(KIND, 4, 4)
    keys = PolarGrid.PLAY_KEYS
    assert keys["up"] == keys["w"] == "up" and keys["down"] == keys["s"] == "down"
    assert keys["left"] == "left" and keys["right"] == "right"
    assert grid.move_direction("left", lambda d: True) == PolarGrid.CCW
    assert grid.move_direction("right", lambda d: True) == PolarGrid.CW
    assert grid.move_direction("up", lambda d: d == PolarGrid.OUT2) == PolarGrid.OUT2
    assert grid.move_direction("up", lambda d: d in (PolarGrid.OUT, PolarGrid.OUT2)) == PolarGrid.OUT
    assert grid.move_direction("down", lambda d: d == PolarGrid.IN2) == PolarGrid.IN2
    assert grid.move_direction("down", lambda d: d == PolarGrid.IN) == PolarGrid.IN


@pytest.mark.parametrize("algorithm", ["backtracker", "dungeon", "kruskal"])
def test_json_round_trip(algorithm):
    spec = MazeSpec(algorithm, KIND, 6, 12, 4)
    maze = spec.build()
    again, spec_again = loads(dumps(maze, spec))
    assert isinstance(again.grid, PolarGrid)
    assert set(again.passage_list()) == set(maze.passage_list())
    assert (again.open_cells() == maze.open_cells()).all()
    assert (again.entrance, again.exit) == (maze.entrance, maze.exit)
    assert again.rooms == maze.rooms
    assert spec_again is not None and spec_again.build().same_as(maze)


def test_dungeon_rooms_are_sectors():
    maze = MazeSpec("dungeon", KIND, 6, 14, 2).build()
    assert maze.rooms
    grid = maze.grid
    for cells in maze.rooms.values():
        shape = grid.describe_room(cells)
        assert shape["shape"] == "sector" and shape["length"] >= 1


@pytest.mark.parametrize("extra", [[], ["--solution"], ["--theme", "light"], ["-f", "svg"], ["--show", "distance"]])
def test_picture_exports_run(tmp_path, extra):
    suffix = ".svg" if "svg" in extra else ".png"
    out = tmp_path / f"polar{suffix}"
    assert main(["generate", "-g", KIND, "-s", "8x10", "--seed", "3", *extra, "-o", str(out)]) == 0
    assert out.stat().st_size > 0


def test_sizes_that_would_hold_too_many_cells_are_refused():
    with pytest.raises(ValueError, match="polar grid would have"):
        make_grid(KIND, 2000, 2000)
    with pytest.raises(ValueError, match="at least 3x1"):
        make_grid(KIND, 2, 5)
    assert np.array_equal(make_grid(KIND, 3, 2).row_starts(), [0, 3, 9])


def test_svg_and_pdf_draw_the_rings_as_round_arcs():
    """Printed rings are circles, not polygons: every wall point lies on a ring or on a radial
    side, and along a ring no chord strays more than ARC_SAG of a ring from the circle (one chord
    a cell would stray up to 0.1 of a ring here). The solution follows the rings the same way."""
    from visualizer.export.svg import maze_drawing
    from visualizer.grids.polar import ARC_SAG
    from visualizer.render.themes import get_theme

    spec = MazeSpec("wilson", KIND, 6, 8, 3)
    maze = spec.build()
    drawing = maze_drawing(maze, get_theme("light"), solution=True)
    lattice = drawing.lattice
    ring = lattice.scale  # drawing units a ring
    cx, cy = (drawing.offset[0] + 8 * ring, drawing.offset[1] + 8 * ring)  # the disc's centre
    bends = 0
    for line in drawing.walls + drawing.outline + [drawing.solution]:
        polar = [(math.hypot(x - cx, y - cy) / ring, math.atan2(x - cx, cy - y)) for x, y in line]
        for (r0, a0), (r1, a1) in zip(polar, polar[1:]):
            if abs(r0 - r1) < 1e-6 and r0 > 1e-6:  # along a circle
                step = abs((a1 - a0 + math.pi) % (2 * math.pi) - math.pi)
                assert r0 * (1 - math.cos(step / 2)) <= ARC_SAG + 1e-9
                bends += 1
    assert bends > 200
    rim = [p for loop in drawing.outline for p in loop]
    assert all(abs(math.hypot(x - cx, y - cy) / ring - 8) < 1e-6 for x, y in rim)  # the outline is the rim
    assert len(rim) >= 100 > 2 * max(make_grid(KIND, 6, 8).counts)


@settings(max_examples=25, deadline=None)
@given(width=st.integers(3, 12), height=st.integers(1, 14), view=st.integers(40, 260),
       rows=st.tuples(st.integers(0, 260), st.integers(0, 80)))
def test_every_wall_pixel_shows_a_side_the_cell_has(width, height, view, rows):
    """A pixel on a ring circle shows the inward or outward side the cell really has (IN or IN2,
    OUT or OUT2, as the neighbour table says), in any band of rows as in the whole view."""
    grid = PolarGrid(width, height)
    board = Board(grid, view, view)
    top = min(rows[0], view)
    band = grid.strip_layout(view, view, board.camera.scale, board.camera.origin, board.canonical, board.walls,
                             (top, min(view, top + rows[1]))).owner
    assert np.array_equal(band, board.owner[:, top:top + band.shape[1]])
    n = grid.size
    table = grid.neighbour_array()
    slots = np.unique(board.owner[(board.owner >= n) & (board.owner < n + 6 * n)]) - n
    cell, d = slots // 6, slots % 6
    outer_rim = (d == 1) & (cell >= grid.starts[-2])  # the rim: the outer ring's OUT, toward nothing
    assert ((table[cell, d] >= 0) | outer_rim).all()
