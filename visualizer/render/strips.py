"""A finished maze painted a band of pixel rows at a time: a picture with no whole-view tables.

The window's ``Board`` holds the whole ownership map (the element each pixel shows) and a box and a
centre per cell, so that it can repaint any part of the view cheaply. A picture is painted once, so
holding them is waste: at 2000 x 2000 cells (4001 x 4001 pixels) the map and the temporaries that
made it took 830 MB of the PNG export's 1080. Here every element's style is worked out once, a
block of elements at a time, and the map is made one band of rows at a time
(``Grid.strip_layout``) and gathered straight into the picture's pixels, which come out the same
as the Board's to the bit (the tests compare them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.maze import Maze
from ..grids import Grid
from ..grids.layout import Layout
from ..run.overlay import Overlay
from .board import BACKGROUND_STYLE, Camera, canonical_slots
from .styles import cell_styles, corner_styles, edge_styles, opening_flags

STRIP_PIXELS = 1 << 20
"""Pixels in one band of rows (4 MB of ownership map; 262 rows of a 4001-pixel-wide picture)."""
STYLE_BLOCK = 1 << 18
"""Edge slots or wall posts styled at once: the styling's temporaries stay a few MB each (at 1 << 20
they peaked at 160 MB)."""


def can_paint(grid: Grid) -> bool:
    """True when ``grid`` lays out bands of rows on its own (``Grid.STRIP_LAYOUT``)."""
    return grid.STRIP_LAYOUT


def packed_colours(map_rgb, colours: np.ndarray) -> np.ndarray:
    """Each style's colour in the target's pixel format (``surface.map_rgb``), as ``Board.use_format``."""
    return np.array([map_rgb(tuple(int(v) for v in c)) for c in colours], dtype=np.uint32)


@dataclass
class Bands:
    """A picture of one maze ready to paint band by band: every element's style, and the edge
    slots the bands' layouts need (``prepare`` makes it)."""

    grid: Grid
    size: tuple[int, int]
    camera: Camera
    walls: float
    canonical: np.ndarray
    style: np.ndarray

    def paint(self, pixels: np.ndarray, packed: np.ndarray, strip_pixels: int = STRIP_PIXELS) -> None:
        """Paint the whole of ``pixels`` (``(width, height)``, x-major like ``surfarray``) as a Board
        of that size at this camera paints it on a full redraw; ``packed`` is style -> pixel value."""
        if pixels.shape != self.size:
            raise ValueError(f"the bands are laid out for {self.size[0]} x {self.size[1]} pixels, "
                             f"not {pixels.shape[0]} x {pixels.shape[1]}")
        width, height = self.size
        rows = max(1, strip_pixels // width)
        for top in range(0, height, rows):
            band = (top, min(height, top + rows))
            owner = self.grid.strip_layout(width, height, self.camera.scale, self.camera.origin, self.canonical,
                                           self.walls, band).owner
            pixels[:, band[0]:band[1]] = packed[self.style[owner]]


def prepare(maze: Maze, overlay: Overlay, size: tuple[int, int], camera: Camera, walls: float) -> Bands:
    """Style every element of ``maze`` for a picture of ``size`` pixels at ``camera`` (before the
    picture's own pixels are made, so the two never peak together)."""
    grid = maze.grid
    if not can_paint(grid):
        raise ValueError(f"{grid.kind} grids are painted whole, by a Board")
    size = (max(1, size[0]), max(1, size[1]))
    neighbours = grid.neighbour_array(np.int32)
    canonical = canonical_slots(grid, neighbours)
    layout = grid.strip_layout(size[0], size[1], camera.scale, camera.origin, canonical, walls, (0, 0))
    if layout.soft_edges:
        raise ValueError(f"{grid.kind} grids soften their walls across bands: paint them with a Board")
    style = element_styles(maze, overlay, neighbours, canonical, layout)
    return Bands(grid, size, camera, walls, canonical, style)


def element_styles(maze: Maze, overlay: Overlay, neighbours: np.ndarray, canonical: np.ndarray,
                   layout: Layout) -> np.ndarray:
    """Every element's style (cells, each edge's own slot, wall posts; a spare last entry for the
    pixels that show nothing), as a Board's full restyle leaves them, made a block at a time."""
    grid = maze.grid
    n, d = grid.size, grid.directions
    corner_base = n + n * d
    style = np.full(corner_base + layout.corner_count + 1, BACKGROUND_STYLE, dtype=np.int16)
    cell_style = cell_styles(maze, overlay)
    style[:n] = cell_style
    openings = opening_flags(n, d, (tuple(maze.entrance), tuple(maze.exit)))
    flat = canonical.ravel()
    for start in range(0, n * d, STYLE_BLOCK):
        stop = min(n * d, start + STYLE_BLOCK)
        own = np.flatnonzero(flat[start:stop] == np.arange(start, stop, dtype=flat.dtype)) + start
        style[n + own] = edge_styles(maze, overlay, own, neighbours, cell_style, openings)
    for start in range(0, layout.corner_count, STYLE_BLOCK):
        corners = np.arange(start, min(layout.corner_count, start + STYLE_BLOCK))
        around = layout.corner_cells(corners)
        joined = grid.corner_joined(maze.passages, around)
        style[corner_base + corners] = corner_styles(overlay, around, joined, cell_style)
    return style
