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
    """A pixel size that shows the maze crisply: whole-pixel tiles, at most MAX_IMAGE_SIDE a side."""
    grid = maze.grid
    if grid.kind == "square":
        tw, th = 2 * grid.width + 1, 2 * grid.height + 1
        tile = max(1, min(12, target // max(tw, th)))
        return min(tw * tile, MAX_IMAGE_SIDE), min(th * tile, MAX_IMAGE_SIDE)
    # Hexagons: leave room for half a wall outside the outermost edges.
    span_w = 1.5 * grid.width + 0.5
    span_h = math.sqrt(3) * (grid.height + (0.5 if grid.width > 1 else 0))
    radius = max(3.0, min(16.0, target / max(span_w, span_h)))
    margin = 2 * math.ceil(radius * 0.1) + 2
    return (min(math.ceil(span_w * radius) + margin, MAX_IMAGE_SIDE),
            min(math.ceil(span_h * radius) + margin, MAX_IMAGE_SIDE))


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
