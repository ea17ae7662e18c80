"""Level sizes: like the source game, each level is a larger maze, up to a final level."""

from __future__ import annotations

LEVEL_WIDTHS = (8, 10, 12, 14, 16, 18, 20, 22, 24, 26)
"""Cells across per level (the source grew its board from 17 to 35 tiles, i.e. 8 to 17 cells)."""
FINAL_LEVEL = len(LEVEL_WIDTHS)


def level_size(level: int) -> tuple[int, int]:
    """(width, height) of a level, 1-based; heights keep a 8:5 screen-friendly shape."""
    width = LEVEL_WIDTHS[min(max(level, 1), FINAL_LEVEL) - 1]
    return width, max(4, round(width * 0.625))


def level_for_width(width: int) -> int:
    """The level whose maze is at least ``width`` wide (the final level for anything larger)."""
    for level, level_width in enumerate(LEVEL_WIDTHS, start=1):
        if width <= level_width:
            return level
    return FINAL_LEVEL
