"""The plane geometry the first-person view and the minimap are drawn from, and the ray caster.

Pure numpy, no pygame: the walls come from the grid's plane geometry (``Grid.edge_segments``), so
every grid that has it (squares, hexagons, triangles: a side of zero length is a side the cell
lacks) shares every line here. ``cast`` intersects one ray per screen column with the walls near
the eye, all at once (one matrix); ``maze_plane`` builds a maze's geometry once and shares it.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np

from ..core.maze import Maze
from ..grids.base import centre_spacing, sides_present

WALL_KIND, EXIT_KIND, ENTRANCE_KIND = 0, 1, 2
"""What a wall segment is: a plain wall, the exit's opening, the entrance's opening."""
LIGHT_ANGLE = math.radians(20)
AMBIENT = 0.42
"""Brightness of a wall facing away from the light at right angles; 1.0 faces it."""

_EPSILON = 1e-9
_TOLERANCE = 1e-7
"""Hits this far past a segment's end still count: a ray through a corner must not slip between
the two walls that meet there."""

# --- walls -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Walls:
    """The maze's closed edges as segments, each once, with what the renderer needs of each."""

    segments: np.ndarray
    """(S, 2, 2) end points in the plane of ``Grid.unit_centres``."""
    kinds: np.ndarray
    """(S,) WALL_KIND, EXIT_KIND or ENTRANCE_KIND."""
    cells: np.ndarray
    """(S, 2) the cell on each side, -1 past the border (for fog of war)."""
    light: np.ndarray
    """(S,) brightness from the wall's orientation to ``LIGHT_ANGLE``."""
    lengths: np.ndarray
    cell: float
    """Distance between neighbouring cell centres: the unit of view distance and wall height."""


@dataclass(frozen=True)
class Sides:
    """Whole-grid arrays the walls, the floor seams and the minimap all start from: made once per
    maze (``edge_segments`` is the largest array here) and dropped once those are built."""

    edges: np.ndarray
    """(N, D, 2, 2) from ``Grid.edge_segments``."""
    centres: np.ndarray
    neighbours: np.ndarray
    """(N, D) neighbour ids, -1 past the border."""
    open: np.ndarray
    """(N, D) True where the passage is open."""
    real: np.ndarray
    """(N, D) True where the cell has a side (a grid may give a cell fewer sides than directions)."""

    @classmethod
    def of(cls, maze: Maze) -> Sides:
        grid = maze.grid
        edges = grid.edge_segments()
        bits = (maze.passages[:, None] >> np.arange(grid.directions, dtype=np.uint8)) & 1
        return cls(edges=edges, centres=grid.unit_centres(), neighbours=grid.neighbour_array(np.int32),
                   open=bits == 1, real=sides_present(edges))

    def once(self) -> np.ndarray:
        """(N, D) True for the side of each edge that is listed once: the lower cell's, or the only one."""
        cells = np.arange(len(self.neighbours), dtype=np.int32)[:, None]
        return (self.neighbours < 0) | (cells < self.neighbours)


def build_walls(maze: Maze, sides: Sides | None = None) -> Walls:
    """Every closed edge once (from the lower-numbered cell), the outer border included, skipping
    edges between two cells nobody can stand in; the exit's and entrance's openings are kept as
    segments of their own kind."""
    sides = sides or Sides.of(maze)
    neighbours, real = sides.neighbours, sides.real
    walkable = maze.open_mask()
    seen_from_either = walkable[:, None] | np.where(neighbours >= 0, walkable[np.maximum(neighbours, 0)], False)
    kinds = np.full(neighbours.shape, WALL_KIND, dtype=np.uint8)
    keep = real & ~sides.open & sides.once() & seen_from_either
    for (door, side), kind in ((maze.entrance, ENTRANCE_KIND), (maze.exit, EXIT_KIND)):
        kinds[door, side] = kind
        keep[door, side] = bool(real[door, side])
    segments = sides.edges[keep]
    cell = centre_spacing(sides.centres, sides.edges)
    cells = np.arange(len(neighbours), dtype=np.int32)[:, None]
    vector = segments[:, 1] - segments[:, 0]
    normal = np.arctan2(vector[:, 0], -vector[:, 1])
    light = AMBIENT + (1 - AMBIENT) * np.abs(np.cos(normal - LIGHT_ANGLE))
    pairs = np.stack([np.broadcast_to(cells, neighbours.shape)[keep], neighbours[keep]], axis=1)
    return Walls(segments=segments, kinds=kinds[keep], cells=pairs.astype(np.int32),
                 light=light.astype(np.float32), lengths=np.hypot(vector[:, 0], vector[:, 1]), cell=cell)


class Buckets:
    """Points sorted into square buckets, so a box query costs the box and not the maze."""

    def __init__(self, points: np.ndarray, size: float) -> None:
        self.size = size
        self.origin = points.min(axis=0) if len(points) else np.zeros(2)
        slots = np.floor((points - self.origin) / size).astype(np.int64)
        self.nx = int(slots[:, 0].max()) + 1 if len(points) else 1
        self.ny = int(slots[:, 1].max()) + 1 if len(points) else 1
        ids = slots[:, 1] * self.nx + slots[:, 0]
        self.order = np.argsort(ids, kind="stable").astype(np.int32)
        self.starts = np.searchsorted(ids[self.order], np.arange(self.nx * self.ny + 1))

    def query(self, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """Ids of the points in the buckets the box touches (a superset of the points inside it)."""
        ox, oy = self.origin
        bx0, bx1 = math.floor((x0 - ox) / self.size), math.floor((x1 - ox) / self.size)
        by0, by1 = math.floor((y0 - oy) / self.size), math.floor((y1 - oy) / self.size)
        bx0, by0 = max(bx0, 0), max(by0, 0)
        bx1, by1 = min(bx1, self.nx - 1), min(by1, self.ny - 1)
        if bx0 > bx1 or by0 > by1:
            return np.empty(0, dtype=np.int32)
        starts, order, nx = self.starts, self.order, self.nx
        return np.concatenate([order[starts[by * nx + bx0]:starts[by * nx + bx1 + 1]] for by in range(by0, by1 + 1)])

# --- casting -----------------------------------------------------------------------------------


def cast(segments: np.ndarray, x: float, y: float, angles: np.ndarray,
         max_distance: float = math.inf) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cast a ray from (x, y) at each angle against every segment at once.

    Returns ``(distance, index, fraction)`` per ray: how far along the ray the nearest hit is (inf
    for none within ``max_distance``), which segment (-1 for none) and where along it (0 at its
    first end, 1 at its second; nan for none). Ray ``P + t r`` meets segment ``A + s e`` where
    ``t = (q x e) / (r x e)`` and ``s = (q x r) / (r x e)`` with ``q = A - P``: two cross products
    over the (rays, segments) matrix. Parallel pairs never hit.
    """
    angles = np.asarray(angles, dtype=np.float64)
    count = len(angles)
    segments = np.asarray(segments, dtype=np.float64).reshape(-1, 2, 2)
    if len(segments) == 0:
        return np.full(count, math.inf), np.full(count, -1, dtype=np.intp), np.full(count, math.nan)
    qx, qy = segments[:, 0, 0] - x, segments[:, 0, 1] - y
    ex, ey = segments[:, 1, 0] - segments[:, 0, 0], segments[:, 1, 1] - segments[:, 0, 1]
    rx, ry = np.cos(angles)[:, None], np.sin(angles)[:, None]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # nearly parallel: no hit
        inverse = 1.0 / (rx * ey - ry * ex)
        along_ray = (qx * ey - qy * ex) * inverse
        along_segment = (qx * ry - qy * rx) * inverse
    hit = (along_ray > _EPSILON) & (along_ray <= max_distance)
    hit &= (along_segment >= -_TOLERANCE) & (along_segment <= 1 + _TOLERANCE)
    distances = np.where(hit, along_ray, math.inf)
    index = distances.argmin(axis=1)
    rows = np.arange(count)
    distance = distances[rows, index]
    missed = ~np.isfinite(distance)
    fraction = np.where(missed, math.nan, np.clip(along_segment[rows, index], 0.0, 1.0))
    return distance, np.where(missed, -1, index), fraction


@dataclass(frozen=True)
class Columns:
    """What each screen column's ray met, and where its wall sits on the target screen."""

    angles: np.ndarray
    distance: np.ndarray
    """Along the ray (inf for nothing within the view distance)."""
    depth: np.ndarray
    """Along the view direction (what sets a wall's height: no fisheye)."""
    wall: np.ndarray
    """Index into ``FirstPersonView.walls`` (-1 for nothing)."""
    fraction: np.ndarray
    top: np.ndarray
    bottom: np.ndarray
    """Target pixel rows (floats) where the wall in each column starts and ends."""
    focal: float
    """Target pixels per unit of ``side / depth``: the same across and down (square pixels)."""
    stretch: float
    """Target pixels per column."""

    @property
    def heights(self) -> np.ndarray:
        """Wall height in target pixels per column (0 where nothing was hit)."""
        return self.bottom - self.top


def in_view(middles: np.ndarray, half_length: float, x: float, y: float, angle: float, fov: float,
            reach: float) -> np.ndarray:
    """Mask of the things (segments by their middle and half length, or discs) that may show in the
    view wedge within ``reach``: a thing's angular size from the eye is allowed for."""
    dx, dy = middles[:, 0] - x, middles[:, 1] - y
    r = np.hypot(dx, dy)
    off_axis = np.abs((np.arctan2(dy, dx) - angle + math.pi) % math.tau - math.pi)
    with np.errstate(divide="ignore", invalid="ignore"):
        spread = np.where(r > half_length, np.arcsin(np.minimum(1.0, half_length / r)), math.pi)
    return (r <= reach + half_length) & (off_axis <= fov / 2 + spread + 1e-6)

def floor_seams(maze: Maze, sides: Sides | None = None) -> np.ndarray:
    """(L, 2, 2): the edges under open passages, each once: drawn as seams between floor tiles."""
    sides = sides or Sides.of(maze)
    return sides.edges[sides.open & sides.real & (sides.neighbours >= 0) & sides.once()]


class MazePlane:
    """What the first-person view and the minimap keep of one maze's plane geometry.

    Built once per maze and shared (``maze_plane``): the maze must not change afterwards, which
    holds in play (a level's maze is finished before it is played)."""

    def __init__(self, maze: Maze) -> None:
        sides = Sides.of(maze)
        self.walls = build_walls(maze, sides)
        self.seams = floor_seams(maze, sides)
        self.map = MapGeometry(maze, sides)


_MAZE_PLANES: weakref.WeakKeyDictionary[Maze, MazePlane] = weakref.WeakKeyDictionary()


def maze_plane(maze: Maze) -> MazePlane:
    """The maze's plane geometry, built on first use and kept as long as the maze lives."""
    plane = _MAZE_PLANES.get(maze)
    if plane is None:
        plane = _MAZE_PLANES[maze] = MazePlane(maze)
    return plane



# --- the minimap's geometry ------------------------------------------------------------------


class MapGeometry:
    """Per maze: cell outlines, closed sides and buckets of cell centres for the minimap."""

    def __init__(self, maze: Maze, sides: Sides) -> None:
        self.corners = sides.edges[:, :, 0, :].astype(np.float32)
        self.ends = sides.edges[:, :, 1, :].astype(np.float32)
        self.centres = sides.centres
        self.cell = centre_spacing(self.centres, sides.edges)
        self.real = sides.real
        self.closed = ~sides.open & self.real
        self.same_shape = bool(self.real.all())
        """True when every cell has a side in every direction (its outline is all its corners)."""
        self.walkable = maze.open_mask()
        self.low = np.minimum(self.corners.min(axis=(0, 1)), self.ends.min(axis=(0, 1))).astype(np.float64)
        self.high = np.maximum(self.corners.max(axis=(0, 1)), self.ends.max(axis=(0, 1))).astype(np.float64)
        self.buckets = Buckets(self.centres, 2 * self.cell)
