"""Render a finished maze to an image without a window (for ``generate --format png``)."""

from __future__ import annotations

import io
import math
import os

from ..core.distance import distances_from, heat_levels, longest_path
from ..core.maze import Maze
from ..grids import Grid
from ..grids.layout import WALL_WEIGHTS
from ..run.overlay import Overlay
from . import strips
from .board import Board, fit_camera, walls
from .palette import DEAREST, HEAT_LEVELS
from .themes import DARK, Theme

MAX_IMAGE_SIDE = 4096


def image_size(maze: Maze, target: int = 2000, unit: float | None = None) -> tuple[int, int]:
    """A pixel size that shows the maze crisply, at most MAX_IMAGE_SIDE a side; ``unit`` fixes the
    pixels per grid unit (``--cell``) instead.

    The grid says how many of its units the picture spans, how large a unit may be drawn, whether
    a unit must be whole pixels (tiles) and what margin its outer walls need.
    """
    return grid_image_size(maze.grid, target, unit)


def grid_image_size(grid: Grid, target: int = 2000, unit: float | None = None) -> tuple[int, int]:
    """``image_size`` from the grid alone (known before the maze is made)."""
    span_w, span_h = grid.pixel_span()
    if unit is None:
        smallest, largest = grid.UNIT_PIXELS
        unit = max(smallest, min(largest, target / max(span_w, span_h)))
    if grid.WHOLE_UNITS:
        unit = max(1, math.floor(unit))
    margin = grid.pixel_margin(unit)
    return (min(math.ceil(span_w * unit) + margin, MAX_IMAGE_SIDE),
            min(math.ceil(span_h * unit) + margin, MAX_IMAGE_SIDE))


def check_cell_size(maze: Maze, unit: float) -> None:
    """Refuse a ``--cell`` that would make a picture larger than MAX_IMAGE_SIDE (one line)."""
    check_grid_cell_size(maze.grid, unit)


def check_grid_cell_size(grid: Grid, unit: float) -> None:
    """``check_cell_size`` from the grid alone."""
    span_w, span_h = grid.pixel_span()
    if max(span_w, span_h) * unit > MAX_IMAGE_SIDE:
        most = MAX_IMAGE_SIDE / max(span_w, span_h)
        raise ValueError(f"--cell {unit:g} makes the picture wider than {MAX_IMAGE_SIDE} pixels; "
                         f"at most {most:.1f} for this maze")


def render_surface(maze: Maze, overlay: Overlay | None = None, size: tuple[int, int] | None = None,
                   longest: tuple[int, ...] = (), theme: Theme = DARK):
    """A pygame Surface with the maze drawn as the window draws it (``longest``: a path drawn over
    it; dear cells under a mark, such as the solution, hatched as the window hatches them)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from .annotations import dear_under_marks, draw_dear_ground, draw_longest_path

    width, height = (max(1, side) for side in size or image_size(maze))  # the board's own floor: never 0 pixels
    overlay = overlay or Overlay(maze.grid)
    if strips.can_paint(maze.grid):  # no whole-view tables: a band of rows at a time
        weight = WALL_WEIGHTS[walls()]
        camera = fit_camera(maze.grid, width, height, weight)
        bands = strips.prepare(maze, overlay, (width, height), camera, weight)
        surface = pygame.Surface((width, height), depth=32)
        pixels = pygame.surfarray.pixels2d(surface)
        bands.paint(pixels, strips.Colours.of(surface.map_rgb, theme.colours))
        del bands
        hatched = len(dear_under_marks(maze.weights, overlay.mark)) > 0
        board = Board(maze.grid, width, 1, camera, weight) if longest or hatched else None  # its cell centres only
    else:
        board = Board(maze.grid, width, height)
        surface = pygame.Surface((width, height), depth=32)
        board.use_format(surface.map_rgb, theme.colours)
        pixels = pygame.surfarray.pixels2d(surface)
        board.paint(pixels, maze, overlay, True, [])
    del pixels  # unlock the surface
    if board is not None:
        draw_dear_ground(surface, board, (0, 0), maze.weights, overlay.mark, theme.colour(DEAREST))
    if longest and board is not None:
        draw_longest_path(surface, board, (0, 0), longest)
    return surface


def surface_png(surface) -> bytes:
    """PNG bytes of a pygame Surface (written to memory so the caller can save atomically)."""
    import pygame

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "maze.png")
    return buffer.getvalue()


def finished_overlay(maze: Maze, distance: bool = False, solution: bool = False) -> Overlay:
    """The display state of a finished maze for export: the distance map (steps from the entrance,
    as the window's D shows it) and the solution path (as the window's S leaves it)."""
    overlay = Overlay(maze.grid)
    if distance:
        overlay.heat = heat_levels(distances_from(maze, maze.entrance[0]), HEAT_LEVELS)
    if solution:
        from ..run.overlay import Mark
        from ..solvers import shortest_path

        overlay.mark[shortest_path(maze)] = Mark.PATH
    return overlay


def picture(maze: Maze, distance: bool = False, longest: bool = False, solution: bool = False,
            theme: Theme = DARK, unit: float | None = None):
    """The finished maze as a Surface, with what was asked for drawn on it."""
    if unit is not None:
        check_cell_size(maze, unit)
    path = longest_path(maze).cells if longest else ()
    return render_surface(maze, finished_overlay(maze, distance, solution), image_size(maze, unit=unit), path, theme)


def png_bytes(maze: Maze, distance: bool = False, longest: bool = False, solution: bool = False,
              theme: Theme = DARK, unit: float | None = None) -> bytes:
    """The finished maze as PNG bytes; ``distance`` colours cells by steps from the entrance (the
    window's distance map), ``longest`` draws the longest path, ``solution`` the shortest way out."""
    return surface_png(picture(maze, distance, longest, solution, theme, unit))
