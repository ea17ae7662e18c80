"""The minimap of the first-person view: the maze from above in a corner, the player an arrow.

Drawn from the maze's plane geometry (``raycast.maze_plane``), the same outlines the first-person
view casts against; the cells a player has not seen stay in the fog colour.
"""

from __future__ import annotations

import math
from collections.abc import Collection

import numpy as np
import pygame

from ..core.maze import Maze
from .first_person import FP_WALL
from .palette import ACCENT, CONNECTOR, CRUMB, PANEL, PLAYER, PLAYER_RING, STYLE_COLOURS, Style
from .raycast import maze_plane

FOG = STYLE_COLOURS[Style.FOG]
TRAIL = STYLE_COLOURS[Style.TRAIL]
FLOOR = STYLE_COLOURS[Style.FLOOR]

MIN_MAP_CELL_PIXELS = 9.0
"""Below this many pixels a cell, the minimap shows a window round the player instead of the maze."""


def draw_minimap(surface: pygame.Surface, rect: pygame.Rect, maze: Maze, seen: Collection[int] | None,
                 position: tuple[float, float], angle: float, trail: Collection[int] = (),
                 cells_across: float = 13.0, crumbs: Collection[int] = ()) -> None:
    """A top-down map in ``rect``: the cells seen so far (all with ``seen=None``), the trail, the
    breadcrumbs, the exit, and the player as an arrow at ``position`` (plane coordinates) pointing along ``angle``.

    The whole maze when it fits at ``MIN_MAP_CELL_PIXELS`` a cell, else a window ``cells_across``
    cells wide centred on the player (north stays up either way)."""
    geometry = maze_plane(maze).map
    rect = pygame.Rect(rect)
    span = geometry.high - geometry.low
    fit = min(rect.width / span[0], rect.height / span[1])
    if fit * geometry.cell >= MIN_MAP_CELL_PIXELS:
        scale = fit
        centre = (geometry.low + geometry.high) / 2
    else:
        scale = rect.width / (cells_across * geometry.cell)
        centre = np.array(position, dtype=np.float64)
    origin = np.array(rect.center, dtype=np.float64) - centre * scale

    def to_screen(points: np.ndarray) -> np.ndarray:
        return points * scale + origin

    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    pygame.draw.rect(surface, FOG, rect)
    half_w, half_h = rect.width / 2 / scale + geometry.cell, rect.height / 2 / scale + geometry.cell
    ids = geometry.buckets.query(centre[0] - half_w, centre[1] - half_h, centre[0] + half_w, centre[1] + half_h)
    ids = ids[geometry.walkable[ids]]
    if seen is not None:
        known = np.zeros(len(geometry.walkable), dtype=bool)
        if len(seen):
            known[np.fromiter(seen, dtype=np.int64, count=len(seen))] = True
        ids = ids[known[ids]]
    walked = set(trail)
    corners = to_screen(geometry.corners[ids])
    if geometry.same_shape:
        polygons = corners.tolist()
    else:
        polygons = [outline[real].tolist() for outline, real in zip(corners, geometry.real[ids])]
    for cell, polygon in zip(ids.tolist(), polygons):
        pygame.draw.polygon(surface, TRAIL if cell in walked else FLOOR, polygon)
    wall_width = max(1, round(scale * geometry.cell * 0.12))
    starts, ends = to_screen(geometry.corners[ids]), to_screen(geometry.ends[ids])
    closed = geometry.closed[ids]
    for door, side in (maze.entrance, maze.exit):  # openings in the outer wall, as the board draws them
        closed[ids == door, side] = False
    for a, b in zip(starts[closed].tolist(), ends[closed].tolist()):
        pygame.draw.line(surface, FP_WALL, a, b, wall_width)
    for cell in crumbs:  # dropped where the player stood: seen, so shown in fog too
        _draw_crumb(surface, to_screen(geometry.centres[cell]), scale * geometry.cell)
    if seen is None or maze.exit[0] in seen:  # in fog the exit shows once seen, as on the board
        _draw_goal(surface, to_screen(geometry.centres[maze.exit[0]]), scale * geometry.cell)
    _draw_arrow(surface, to_screen(np.array(position, dtype=np.float64)), angle, scale * geometry.cell)
    surface.set_clip(clip)
    pygame.draw.rect(surface, PANEL, rect, 2)
    pygame.draw.rect(surface, ACCENT, rect.inflate(2, 2), 1)


def _draw_crumb(surface: pygame.Surface, at: np.ndarray, cell_pixels: float) -> None:
    """A breadcrumb: a small wheat square, as on the top-down board."""
    half = max(2.0, cell_pixels * 0.18)
    square = pygame.Rect(0, 0, round(2 * half), round(2 * half))
    square.center = (round(float(at[0])), round(float(at[1])))
    pygame.draw.rect(surface, CRUMB, square)
    pygame.draw.rect(surface, (40, 40, 40), square, 1)


def _draw_goal(surface: pygame.Surface, at: np.ndarray, cell_pixels: float) -> None:
    """The exit as the top-down view marks it: a yellow diamond."""
    size = max(3.0, cell_pixels * 0.36)
    x, y = at
    diamond = [(x, y - size), (x + size, y), (x, y + size), (x - size, y)]
    pygame.draw.polygon(surface, CONNECTOR, diamond)
    pygame.draw.polygon(surface, (40, 40, 40), diamond, 1)


def _draw_arrow(surface: pygame.Surface, at: np.ndarray, angle: float, cell_pixels: float) -> None:
    """The player: an arrowhead in the player's colour, ringed, pointing where the eye looks."""
    size = max(7.0, cell_pixels * 0.42)
    x, y = at
    points = []
    for turn, reach in ((0.0, 1.0), (2.45, 0.8), (math.pi, 0.35), (-2.45, 0.8)):
        points.append((x + math.cos(angle + turn) * size * reach, y + math.sin(angle + turn) * size * reach))
    pygame.draw.polygon(surface, PLAYER, points)
    pygame.draw.polygon(surface, PLAYER_RING, points, 2 if size >= 8 else 1)
