"""Text exports: the pictures users know (the square tile map, the hex layout of the source)."""

from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.maze import Maze
from visualizer.export.text import HEX_BLANK, HEX_FALL, HEX_FLAT, HEX_RISE, to_text
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec


@given(w=st.integers(1, 15), h=st.integers(1, 15), seed=st.integers(0, 10**6))
def test_square_text_is_the_tile_map(w, h, seed):
    maze = MazeSpec("backtracker", "square", w, h, seed).build()
    rows = to_text(maze).splitlines()
    assert len(rows) == 2 * h + 1 and all(len(r) == 2 * w + 1 for r in rows)
    grid = maze.grid
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        assert rows[2 * y + 1][2 * x + 1] == " "  # every cell is floor
        assert rows[2 * y][2 * x] == "#"  # every corner post is wall
        if x + 1 < w:
            assert (rows[2 * y + 1][2 * x + 2] == " ") == maze.is_open(cell, 1)
        if y + 1 < h:
            assert (rows[2 * y + 2][2 * x + 1] == " ") == maze.is_open(cell, 2)
    assert rows[0][1] == " " and rows[-1][2 * w - 1] == " "  # entrance and exit gaps
    assert rows[0].count(" ") == 1 and rows[-1].count(" ") == 1


def test_square_text_of_a_known_maze():
    grid = make_grid("square", 3, 2)
    maze = Maze(grid).fold([(0, 0, -1, -1), (0, 0, 1, 1), (0, 1, 2, 1), (0, 2, 5, 2), (0, 5, 4, 3), (0, 4, 3, 3)])
    assert to_text(maze) == "# #####\n#     #\n##### #\n#     #\n##### #\n"


def test_hex_text_uses_the_source_characters_and_layout():
    maze = MazeSpec("backtracker", "hex", 8, 5, 11).build()
    lines = to_text(maze).splitlines()
    assert len(lines) == 2 * 5 + 2
    assert set("".join(lines)) <= {HEX_BLANK, HEX_FLAT, HEX_RISE, HEX_FALL}
    assert lines[0] == (HEX_BLANK + HEX_FLAT + HEX_BLANK * 2) * 3 + HEX_BLANK + HEX_FLAT  # tops of even columns
    assert lines[1][0] == HEX_BLANK  # the entrance: top-left cell's north-west edge is open


def test_hex_text_shows_every_closed_edge_once():
    """In a closed honeycomb (no passages) every edge of every cell is drawn."""
    grid = make_grid("hex", 4, 3)
    maze = Maze(grid)
    maze.entrance = maze.exit = (0, -1)  # no openings
    text = to_text(maze)
    edges = {(min(c, nb), max(c, nb)) for c in range(grid.size) for _, nb in grid.neighbours(c)}
    border = sum(6 - len(grid.neighbours(c)) for c in range(grid.size))
    drawn = sum(text.count(ch) for ch in (HEX_FLAT, HEX_RISE, HEX_FALL))
    assert drawn == len(edges) + border
