"""CSV export: the maze as a plain grid of tiles, one number per tile, one line per row of tiles.

    0  nothing (outside a mask's shape)
    1  floor (cells, open walls between them, the entrance and exit gaps)
    2  wall
    3  door (an opening in a room's wall: dungeons)

The tiles are the grid's tile map (``Grid.tile_map``: cell (x, y) is tile (2x+1, 2y+1), the wall
between two cells the tile between them), so only grids of square tiles can be written; the others
are refused before any work. The numbers are also the Tiled export's tile ids (its ``gid``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..grids import GRIDS
from .formats import ExportOptions

if TYPE_CHECKING:
    from ..core.maze import Maze
    from ..run.spec import MazeSpec

NAME = "csv"


def check_tiles(spec: MazeSpec, name: str) -> None:
    """Refuse (ValueError, one line) a grid that is no tile map, before the maze is built."""
    if not GRIDS[spec.grid].TILE_MAP:
        kinds = ", ".join(kind for kind, cls in GRIDS.items() if cls.TILE_MAP)
        raise ValueError(f"{name} output is a map of square tiles: it takes {kinds} grids, not {spec.grid}")


def check(spec: MazeSpec, options: ExportOptions | None = None) -> None:
    check_tiles(spec, NAME)


def digits_joined(tiles: np.ndarray, separator: bytes, row_end: bytes = b"") -> str:
    """The one-digit numbers of ``tiles`` (each 0-9) as text, ``separator`` between them and
    ``row_end`` after each row of a 2-d array: built as one byte array, not a string per number."""
    rows = np.atleast_2d(tiles)
    height, width = rows.shape
    sep, end = np.frombuffer(separator, dtype=np.uint8), np.frombuffer(row_end, dtype=np.uint8)
    step = len(sep) + 1
    line = np.empty((height, width * step - len(sep) + len(end)), dtype=np.uint8)
    line[:, 0:width * step:step] = 48 + rows
    for i, byte in enumerate(sep):
        line[:, 1 + i:width * step - len(sep):step] = byte
    if len(end):
        line[:, width * step - len(sep):] = end
    return line.tobytes().decode("ascii")


def to_csv(maze: Maze) -> str:
    return digits_joined(maze.grid.tile_map(maze), b",", b"\n")


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> str:
    """The CSV export (the registry's entry point; CSV takes no options)."""
    return to_csv(maze)
