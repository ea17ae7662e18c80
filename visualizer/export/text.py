"""Text pictures of a maze, in the characters of the source documents.

Square: the (2W+1) x (2H+1) tile map, ``#`` wall and space floor; cell (x, y) is tile
(2x+1, 2y+1) and the wall between two cells is the tile between them.

Hex: the source hex maze's picture. Each hex column takes two characters, a slant (the edge shared
with the column to its left: ``╱`` or ``╲``) and a body (``＿`` for a top or bottom edge, or a
full-width space inside the cell). Even columns start on line 0, odd columns half a cell (one
line) lower, so a maze of H rows is 2H+2 lines (2H+1 with a single column).
"""

from __future__ import annotations

from ..grids import Grid
from ..maze import CellState, Maze

WALL, FLOOR = "#", " "
HEX_BLANK, HEX_FLAT, HEX_RISE, HEX_FALL = "\u3000", "\uff3f", "\u2571", "\u2572"  # 　＿╱╲


def to_text(maze: Maze) -> str:
    """The maze as text, ending with a newline."""
    lines = square_lines(maze) if maze.grid.kind == "square" else hex_lines(maze)
    return "\n".join(lines) + "\n"


def _outside_openings(maze: Maze) -> set[tuple[int, int]]:
    return {maze.entrance, maze.exit}


def is_open_cell(maze: Maze, cell: int) -> bool:
    return maze.state[cell] in (CellState.PASSAGE, CellState.ROOM)


def square_lines(maze: Maze) -> list[str]:
    grid = maze.grid
    w, h = grid.width, grid.height
    tiles = [[WALL] * (2 * w + 1) for _ in range(2 * h + 1)]
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        if is_open_cell(maze, cell):
            tiles[2 * y + 1][2 * x + 1] = FLOOR
        if maze.is_open(cell, 1):
            tiles[2 * y + 1][2 * x + 2] = FLOOR
        if maze.is_open(cell, 2):
            tiles[2 * y + 2][2 * x + 1] = FLOOR
        if _open_block(maze, cell):
            tiles[2 * y + 2][2 * x + 2] = FLOOR
    for cell, d in _outside_openings(maze):
        x, y = grid.coords(cell)
        dx, dy = grid.STEPS[0][d]
        tiles[2 * y + 1 + dy][2 * x + 1 + dx] = FLOOR
    return ["".join(row) for row in tiles]


def _open_block(maze: Maze, cell: int) -> bool:
    """True when the 2x2 cells right and below ``cell`` are all joined (a room): no pillar between."""
    grid = maze.grid
    x, y = grid.coords(cell)
    if x + 1 >= grid.width or y + 1 >= grid.height:
        return False
    return (maze.is_open(cell, 1) and maze.is_open(cell, 2)
            and maze.is_open(cell + 1, 2) and maze.is_open(cell + grid.width, 1))


def _hex_cell(grid: Grid, x: int, y: int) -> int:
    return grid.cell(x, y) if grid.contains(x, y) else -1


def _hex_edge(maze: Maze, first: tuple[int, int, int], second: tuple[int, int, int], char: str,
              openings: set[tuple[int, int]]) -> str:
    """The character for the edge between two (x, y, direction-from-it) sides, either maybe off-grid."""
    grid = maze.grid
    sides = [(cell, d) for x, y, d in (first, second) if (cell := _hex_cell(grid, x, y)) >= 0]
    if not sides:
        return HEX_BLANK
    cell, d = sides[0]
    if maze.is_open(cell, d) or any(side in openings for side in sides):
        return HEX_BLANK
    return char


def hex_lines(maze: Maze) -> list[str]:
    grid = maze.grid
    w, h = grid.width, grid.height
    openings = _outside_openings(maze)
    line_count = 2 * h + (2 if w > 1 else 1)
    lines = []
    for line in range(line_count):
        chars = []
        for col in range(w + 1):
            chars.append(_hex_slant(maze, col, line, openings))
            if col < w:
                chars.append(_hex_body(maze, col, line, openings))
        lines.append("".join(chars).rstrip(HEX_BLANK))
    return lines


def _hex_body(maze: Maze, col: int, line: int, openings: set[tuple[int, int]]) -> str:
    """Top/bottom edge of column ``col`` on this line, or a blank inside or outside a cell."""
    shift = col & 1
    if (line - shift) % 2 or line < shift:
        return HEX_BLANK
    row = (line - shift) // 2  # this line is the top edge of (col, row) = bottom edge of (col, row-1)
    return _hex_edge(maze, (col, row, 1), (col, row - 1, 4), HEX_FLAT, openings)


def _hex_slant(maze: Maze, col: int, line: int, openings: set[tuple[int, int]]) -> str:
    """The slanted edge between column ``col - 1`` and column ``col`` on this line."""
    if col % 2 == 0:  # right-hand column is even, left-hand is odd (one line lower)
        if line % 2:
            row = (line - 1) // 2  # NW edge of (col, row) = SE edge of (col-1, row-1)
            return _hex_edge(maze, (col, row, 0), (col - 1, row - 1, 3), HEX_RISE, openings)
        row = (line - 2) // 2  # SW edge of (col, row) = NE edge of (col-1, row)
        return _hex_edge(maze, (col, row, 5), (col - 1, row, 2), HEX_FALL, openings)
    if line % 2 == 0:
        row = (line - 2) // 2  # NW edge of (col, row) = SE edge of (col-1, row)
        return _hex_edge(maze, (col, row, 0), (col - 1, row, 3), HEX_RISE, openings)
    row = (line - 3) // 2  # SW edge of (col, row) = NE edge of (col-1, row+1)
    return _hex_edge(maze, (col, row, 5), (col - 1, row + 1, 2), HEX_FALL, openings)
