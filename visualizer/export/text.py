"""Text pictures of a maze, in the characters of the source documents.

Each grid type draws its own picture (``Grid.text_lines``: the tile map in ``grids.square``, the
slants and flats in ``grids.hex``); a grid type without one refuses with a one-line ValueError.
"""

from __future__ import annotations

from ..core.maze import Maze
from ..grids.hex import HEX_BLANK, HEX_FALL, HEX_FLAT, HEX_RISE
from ..grids.square import FLOOR, WALL
from ..run.spec import MazeSpec
from .formats import ExportOptions

__all__ = ["FLOOR", "HEX_BLANK", "HEX_FALL", "HEX_FLAT", "HEX_RISE", "WALL", "to_text"]


def to_text(maze: Maze) -> str:
    """The maze as text, ending with a newline (ValueError if its grid has no text picture)."""
    return "\n".join(maze.grid.text_lines(maze)) + "\n"


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> str:
    """The text export (the registry's entry point; text takes no options)."""
    return to_text(maze)
