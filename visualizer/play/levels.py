"""Level sizes: like the source game, each level is a larger maze, up to a final level."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..grids import Grid, Mask

LEVEL_WIDTHS = (8, 10, 12, 14, 16, 18, 20, 22, 24, 26)
"""Cells across per level (the source grew its board from 17 to 35 tiles, i.e. 8 to 17 cells)."""
FINAL_LEVEL = len(LEVEL_WIDTHS)


MASK_GROWTH = 2.0
"""A masked game's last level is this many times as wide as its first."""
PICTURE_LEVEL_SCALE = 1.5
"""A picture mask's levels are this many times as wide as plain ones: a shape needs cells to show."""


def level_size(level: int, mask: Mask | None = None, grid: type[Grid] | None = None) -> tuple[int, int]:
    """(width, height) of a level, 1-based; heights keep a 8:5 screen-friendly shape, or the mask's
    own shape. A text mask starts at one cell a character and grows to MASK_GROWTH times that (its
    letters stay whole); a picture grows like a plain game, PICTURE_LEVEL_SCALE times as wide."""
    index = min(max(level, 1), FINAL_LEVEL) - 1
    width = LEVEL_WIDTHS[index]
    if mask is None or grid is None:
        return width, max(4, round(width * 0.625))
    if mask.by_plane:
        width = round(width * PICTURE_LEVEL_SCALE * grid.MASK_COLUMNS)
    else:
        width = round(mask.width * (1 + (MASK_GROWTH - 1) * index / (FINAL_LEVEL - 1)))
    width = max(grid.MIN_SIZE[0], width)
    return width, mask.height_for(grid, width)


def level_for_width(width: int) -> int:
    """The level whose maze is at least ``width`` wide (the final level for anything larger)."""
    for level, level_width in enumerate(LEVEL_WIDTHS, start=1):
        if width <= level_width:
            return level
    return FINAL_LEVEL
