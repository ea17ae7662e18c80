"""Render a finished maze to an image without a window (for ``generate --format png``)."""

from __future__ import annotations

import io
import math
import os

from ..maze import Maze
from ..overlay import Overlay
from .board import Board

MAX_IMAGE_SIDE = 4096


def image_size(maze: Maze, target: int = 2000) -> tuple[int, int]:
    """A pixel size that shows the maze crisply, at most MAX_IMAGE_SIDE a side.

    The grid says how many of its units the picture spans, how large a unit may be drawn, whether
    a unit must be whole pixels (tiles) and what margin its outer walls need.
    """
    grid = maze.grid
    span_w, span_h = grid.pixel_span()
    smallest, largest = grid.UNIT_PIXELS
    unit = max(smallest, min(largest, target / max(span_w, span_h)))
    if grid.WHOLE_UNITS:
        unit = math.floor(unit)
    margin = grid.pixel_margin(unit)
    return (min(math.ceil(span_w * unit) + margin, MAX_IMAGE_SIDE),
            min(math.ceil(span_h * unit) + margin, MAX_IMAGE_SIDE))


def render_surface(maze: Maze, overlay: Overlay | None = None, size: tuple[int, int] | None = None):
    """A pygame Surface with the maze drawn as the window draws it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    width, height = size or image_size(maze)
    overlay = overlay or Overlay(maze.grid)
    board = Board(maze.grid, width, height)
    surface = pygame.Surface((width, height), depth=32)
    board.use_format(surface.map_rgb)
    pixels = pygame.surfarray.pixels2d(surface)
    board.paint(pixels, maze, overlay, True, [])
    del pixels  # unlock the surface
    return surface


def surface_png(surface) -> bytes:
    """PNG bytes of a pygame Surface (written to memory so the caller can save atomically)."""
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "maze.png")
    return buffer.getvalue()


def png_bytes(maze: Maze) -> bytes:
    """The finished maze as PNG bytes."""
    return surface_png(render_surface(maze))
