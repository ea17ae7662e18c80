"""The first-person view: a raycaster over the maze's thin walls, vectorized with numpy.

The walls come from the grid's plane geometry (``Grid.edge_segments``), so every grid that has
it (squares, hexagons, triangles: a side of zero length is a side the cell lacks) shares every
line here. Per frame:

1. the wall segments that could be hit are looked up in buckets around the eye and cut down to the
   view wedge and the view distance (a few hundred at most, however large the maze);
2. ``cast`` intersects one ray per screen column with all of them at once (one matrix);
3. each column is coloured by what it hit: walls lit by their orientation to a fixed light (so
   corners read), darkened at the panel seams between cells and faded into the fog with distance;
   the exit is a bright yellow doorway in the outer wall, the entrance a dark one;
4. painter's order: the floor and ceiling gradient (made once per size), then the floor seams (the
   cells' outlines underfoot) and the trail's marks at full resolution, then the walls, cast at
   about half the width (``render_columns``) and scaled up, see-through above and below each
   wall. A floor point behind a wall projects inside that wall's column, so the wall hides it.

Fog of war: with ``seen`` given, walls beside cells never seen are drawn dim, as shapes in the dark,
and light up once the player has seen a cell next to them (``Game.seen``, the same rule as the
top-down fog). Independently, the view always fades out at ``VIEW_CELLS`` cell widths, which is
what keeps the cost of a frame flat on large mazes.

Colours are the top-down palette's: slate walls (the wall colour, lit), the cream floor, the
bluish-green trail, the yellow goal, the fog colour for distance.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

import numpy as np
import pygame

from ..core.maze import Maze
from .palette import BACKGROUND, CONNECTOR, CRUMB, STYLE_COLOURS, Colour, Style
from .raycast import EXIT_KIND, WALL_KIND, Buckets, Columns, cast, in_view, maze_plane

DEFAULT_FOV = math.radians(72)
VIEW_CELLS = 12.0
"""How far the eye sees, in cell widths; the fog closes in before it."""
FOG_START_CELLS = 0.6
WALL_HEIGHT = 1.0
"""Wall height in cell widths, or side lengths where a side is longer (triangles: a low wall along a
long side reads as a squat hall). The eye is at half of it, so the horizon is mid-screen."""
COLUMNS_RANGE = (320, 640)
"""Rays per frame: half the target width, kept within this range (then scaled up)."""
SEAM_CELLS = 0.02
"""Width of the darker line at each end of a wall panel (one panel per cell side), in cell widths."""
SKIRT = 0.07
"""The darker band along the foot of a wall, as a share of its height."""
DOOR_WIDTH, DOOR_HEIGHT = 0.62, 0.78
"""The exit and entrance doorways, as shares of their wall panel."""
UNKNOWN_DIM = 0.68
"""How far a wall no seen cell touches is pulled toward the fog colour (fog of war)."""
SEAM_DARK = 0.25
SKIRT_SHADE = 0.72
NEAR_CELLS = 0.08
"""Floor things nearer than this (cell widths) are not drawn: they would be under the eye."""
TRAIL_DOT = 0.12
"""Radius of a trail mark at a cell centre, in cell widths (halfway marks are half that)."""
CRUMB_DOT = 0.2
"""Radius of a breadcrumb on the floor, in cell widths: larger than a trail mark, and another colour."""
SEE_THROUGH: Colour = (255, 0, 255)
"""The wall layer's key colour: no wall colour comes near magenta."""

FOG: Colour = (24, 26, 34)
"""What the view fades into with distance: the dark of a corridor (the top-down fog is lighter)."""
TRAIL: Colour = STYLE_COLOURS[Style.TRAIL]
FLOOR: Colour = STYLE_COLOURS[Style.FLOOR]


def _scaled(colour: Colour, factor: float) -> tuple[float, float, float]:
    r, g, b = colour
    return r * factor, g * factor, b * factor


FP_WALL: Colour = (32, 35, 44)
"""The first-person view's wall shade: its own, lit by distance (the board's walls are darker)."""
WALL_LIT = np.array(_scaled(FP_WALL, 4.1))
"""The top-down wall colour brought up to a lit surface: the same slate hue."""
FLOOR_NEAR = np.array(_scaled(FLOOR, 0.56))
FLOOR_SEAM = np.array(_scaled(FLOOR, 0.42))
TRAIL_RGB = np.array(TRAIL, dtype=float)
CRUMB_RGB = np.array(CRUMB, dtype=float)
CEILING_NEAR = np.array((52.0, 57.0, 72.0))
EXIT_DOOR = np.array(CONNECTOR, dtype=float)
ENTRANCE_DOOR = np.array(BACKGROUND, dtype=float)
FOG_RGB = np.array(FOG, dtype=float)


class FirstPersonView:
    """Everything about one maze the raycaster needs, built once; ``render`` draws a frame."""

    def __init__(self, maze: Maze, view_cells: float = VIEW_CELLS) -> None:
        self.maze = maze
        self.grid = maze.grid
        plane = maze_plane(maze)
        self.walls = plane.walls
        self.cell = self.walls.cell
        self.view_distance = view_cells * self.cell
        side = float(np.median(self.walls.lengths)) if len(self.walls.lengths) else self.cell
        self.wall_height = WALL_HEIGHT * max(self.cell, side)
        self.eye = self.wall_height / 2
        self._middles = self.walls.segments.mean(axis=1)
        self._half_length = float(self.walls.lengths.max() / 2) if len(self.walls.lengths) else 0.0
        self._buckets = Buckets(self._middles, 2 * self.cell)
        self.centres = plane.map.centres
        self._seams = plane.seams
        self._seam_middles = self._seams.mean(axis=1)
        self._seam_buckets = Buckets(self._seam_middles, 2 * self.cell)
        # what the window passes each frame, worked out again only when it changed: the objects are
        # held (so an id is never another object's) with their length (they only grow in play)
        self._seen_key: tuple[Collection[int], int] | None = None
        self._seen_mask = np.ones(self.grid.size + 1, dtype=bool)
        self._trail_key: tuple[Sequence[int], int, int] | None = None
        self._trail_marks = (np.empty((0, 2)), np.empty(0))
        self._backdrop_key: tuple[int, int, float] | None = None
        self._surfaces: dict[str, pygame.Surface] = {}

    # --- geometry ----------------------------------------------------------------

    def _nearby(self, buckets: Buckets, middles: np.ndarray, half_length: float, x: float, y: float,
                angle: float, fov: float) -> np.ndarray:
        reach = self.view_distance + half_length
        ids = buckets.query(x - reach, y - reach, x + reach, y + reach)
        return ids[in_view(middles[ids], half_length, x, y, angle, fov, self.view_distance)]

    def nearby(self, x: float, y: float, angle: float, fov: float = DEFAULT_FOV) -> np.ndarray:
        """Ids of the walls a ray from (x, y) within the view wedge and distance could hit."""
        return self._nearby(self._buckets, self._middles, self._half_length, x, y, angle, fov)

    def columns(self, count: int, size: tuple[int, int], x: float, y: float, angle: float,
                fov: float = DEFAULT_FOV) -> Columns:
        """Cast ``count`` rays across the view, left to right, for a target ``size`` (width, height)."""
        width, height = size
        tan_half = math.tan(fov / 2)
        offsets = ((np.arange(count) + 0.5) / count * 2 - 1) * tan_half
        angles = angle + np.arctan(offsets)
        ids = self.nearby(x, y, angle, fov)
        distance, local, fraction = cast(self.walls.segments[ids], x, y, angles, self.view_distance)
        wall = ids[np.maximum(local, 0)] if len(ids) else np.zeros(count, dtype=np.int32)
        wall = np.where(local >= 0, wall, -1)
        depth = distance / np.sqrt(1 + offsets * offsets)
        focal = width / 2 / tan_half
        with np.errstate(divide="ignore"):
            half = np.where(np.isfinite(depth), focal * self.eye / depth, 0.0)
        half = np.minimum(half, 4.0 * height)
        return Columns(angles=angles, distance=distance, depth=depth, wall=wall, fraction=fraction,
                       top=height / 2 - half, bottom=height / 2 + half, focal=focal, stretch=width / count)

    def visibility(self, depth: np.ndarray | float) -> np.ndarray:
        """1 near the eye, easing to 0 at the view distance: how much of a thing shows through the fog."""
        near, far = FOG_START_CELLS * self.cell, self.view_distance
        t = np.clip((np.asarray(depth, dtype=np.float64) - near) / (far - near), 0.0, 1.0)
        return (1.0 - t) ** 1.6

    # --- state the window passes in ----------------------------------------------------

    def _known(self, seen: Collection[int] | None) -> np.ndarray:
        """Per wall: True when a seen cell touches it (all True without fog of war)."""
        if seen is None:
            return np.ones(len(self.walls.kinds), dtype=bool)
        key = (seen, len(seen))
        if self._seen_key is None or key[0] is not self._seen_key[0] or key[1] != self._seen_key[1]:
            mask = np.zeros(self.grid.size + 1, dtype=bool)  # the extra slot is index -1: outside
            if len(seen):
                mask[np.fromiter(seen, dtype=np.int64, count=len(seen))] = True
            self._seen_key, self._seen_mask = key, mask
        cells = self.walls.cells
        return self._seen_mask[cells[:, 0]] | self._seen_mask[cells[:, 1]]

    def trail_marks(self, trail: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Floor marks for a trail: a dot at each cell walked and a smaller one halfway between
        consecutive cells, so the marks read as a dotted line. ``(points (M, 2), radii (M,))``."""
        if not len(trail):
            return np.empty((0, 2)), np.empty(0)
        key = (trail, len(trail), trail[-1])
        if self._trail_key is None or key[0] is not self._trail_key[0] or key[1:] != self._trail_key[1:]:
            cells = np.asarray(trail, dtype=np.int64)
            pairs = np.unique(np.sort(np.stack([cells[:-1], cells[1:]], axis=1), axis=1), axis=0)
            pairs = pairs[pairs[:, 0] != pairs[:, 1]]
            dots = self.centres[np.unique(cells)]
            halfway = (self.centres[pairs[:, 0]] + self.centres[pairs[:, 1]]) / 2
            radii = np.concatenate([np.full(len(dots), TRAIL_DOT), np.full(len(halfway), TRAIL_DOT / 2)]) * self.cell
            self._trail_key, self._trail_marks = key, (np.concatenate([dots, halfway]), radii)
        return self._trail_marks

    # --- drawing ---------------------------------------------------------------------

    def render_columns(self, width: int) -> int:
        """Rays for a target ``width`` pixels wide: half of it, within ``COLUMNS_RANGE``."""
        low, high = COLUMNS_RANGE
        return max(1, min(width, max(low, min(high, width // 2))))

    def render(self, surface_size: tuple[int, int], x: float, y: float, angle: float,
               trail: Sequence[int] = (), seen: Collection[int] | None = None,
               fov: float = DEFAULT_FOV, crumbs: Sequence[int] = ()) -> pygame.Surface:
        """A frame seen from (x, y) (plane coordinates) looking along ``angle`` (radians, y down).

        ``trail``: cells walked, in order (marks on the floor); ``seen``: cells seen so far for fog
        of war, or None for none (pass ``Game.trail`` and ``Game.seen`` themselves: they are
        looked at again only when they grow or are replaced); ``crumbs``: cells with a breadcrumb
        (larger wheat discs on the floor). ``fov`` is kept within (0.05, pi - 0.05).
        The returned surface is reused by the next call: blit it.

        Painter's order: backdrop, floor seams and trail marks, then the walls over them (a floor
        point behind a wall projects inside that wall's column, so the wall hides it).
        """
        width, height = max(1, int(surface_size[0])), max(1, int(surface_size[1]))
        fov = min(max(fov, 0.05), math.pi - 0.05)
        count = self.render_columns(width)
        cols = self.columns(count, (width, height), x, y, angle, fov)
        out = self._surface("out", (width, height))
        out.blit(self._backdrop(width, height, cols.focal), (0, 0))
        self._draw_floor(out, cols, x, y, angle, fov, self.trail_marks(trail))
        if len(crumbs):
            marks = self.centres[np.asarray(crumbs, dtype=np.int64)], np.full(len(crumbs), CRUMB_DOT * self.cell)
            self._draw_trail(out, cols, x, y, angle, fov, marks, CRUMB_RGB)
        low = self._surface("low", (count, height))
        pygame.surfarray.blit_array(low, self._wall_layer(low, cols, height, self._known(seen)))
        if count == width:
            out.blit(low, (0, 0))
        else:
            out.blit(pygame.transform.scale(low, (width, height), self._surface("wide", (width, height))), (0, 0))
        return out

    def _surface(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A surface kept between frames (the wall layers are keyed: their key colour is see-through)."""
        surface = self._surfaces.get(name)
        if surface is None or surface.get_size() != size:
            surface = self._surfaces[name] = pygame.Surface(size, depth=32)
            if name != "out":
                surface.set_colorkey(SEE_THROUGH)
        return surface

    def _backdrop(self, width: int, height: int, focal: float) -> pygame.Surface:
        """Ceiling and floor, each fading into the fog toward the horizon (made once per size)."""
        key = (width, height, focal)
        if key != self._backdrop_key:
            rows = np.arange(height) + 0.5 - height / 2
            with np.errstate(divide="ignore"):
                depth = focal * self.eye / np.abs(rows)
            shows = self.visibility(depth)[:, None]
            near = np.where(rows[:, None] > 0, FLOOR_NEAR, CEILING_NEAR)
            colours = np.rint(FOG_RGB + (near - FOG_RGB) * shows).astype(np.uint8)
            backdrop = self._surfaces["backdrop"] = pygame.Surface((width, height), depth=32)
            pygame.surfarray.blit_array(backdrop, np.ascontiguousarray(np.broadcast_to(colours, (width, height, 3))))
            self._backdrop_key = key
        return self._surfaces["backdrop"]

    def _project(self, points: np.ndarray, x: float, y: float, angle: float) -> tuple[np.ndarray, np.ndarray]:
        """(depth along the view, offset to the right) of plane points, any leading shape."""
        cos_a, sin_a = math.cos(angle), math.sin(angle)
        dx, dy = points[..., 0] - x, points[..., 1] - y
        return dx * cos_a + dy * sin_a, -dx * sin_a + dy * cos_a

    def _hidden(self, cols: Columns, depth: np.ndarray, side: np.ndarray) -> np.ndarray:
        """True where a floor point (depth, side) is off the screen or behind its column's wall."""
        count = len(cols.depth)
        with np.errstate(divide="ignore", invalid="ignore"):
            column = np.floor(count / 2 + cols.focal * side / depth / cols.stretch)
        on_screen = (depth > 0) & (column >= 0) & (column < count)
        wall_depth = cols.depth[np.clip(np.nan_to_num(column), 0, count - 1).astype(np.intp)]
        return ~on_screen | (wall_depth < depth)

    def _draw_floor(self, surface: pygame.Surface, cols: Columns, x: float, y: float, angle: float, fov: float,
                    marks: tuple[np.ndarray, np.ndarray]) -> None:
        """The seams between floor tiles (one tile a cell: the grid's shape underfoot), then the trail.
        Both are drawn before the walls, which hide what lies behind them; what is surely hidden
        (sampled along its length) is not drawn at all."""
        width, height = surface.get_size()
        ids = self._nearby(self._seam_buckets, self._seam_middles, self._half_length, x, y, angle, fov)
        depth, side = self._project(self._seams[ids], x, y, angle)
        near = NEAR_CELLS * self.cell
        keep = (depth > near).any(axis=1)
        depth, side = self._clip_near(depth[keep], side[keep], near)
        samples = np.linspace(0.0, 1.0, 5)
        sample_depth = depth[:, :1] + (depth[:, 1:] - depth[:, :1]) * samples
        sample_side = side[:, :1] + (side[:, 1:] - side[:, :1]) * samples
        shown = ~self._hidden(cols, sample_depth, sample_side).all(axis=1)
        depth, side = depth[shown], side[shown]
        sx, sy = width / 2 + cols.focal * side / depth, height / 2 + cols.focal * self.eye / depth
        shows = self.visibility(depth.mean(axis=1))
        colours = np.rint(FOG_RGB + (FLOOR_SEAM - FOG_RGB) * shows[:, None]).astype(int).tolist()
        for (x0, x1), (y0, y1), colour in zip(sx.tolist(), sy.tolist(), colours):
            pygame.draw.aaline(surface, colour, (x0, y0), (x1, y1))
        self._draw_trail(surface, cols, x, y, angle, fov, marks)

    @staticmethod
    def _clip_near(depth: np.ndarray, side: np.ndarray, near: float) -> tuple[np.ndarray, np.ndarray]:
        """Floor segments (depth, side) of shape (L, 2) with an end behind the eye cut at ``near``."""
        behind = depth < near
        other_depth, other_side = depth[:, ::-1], side[:, ::-1]
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(behind, (near - depth) / (other_depth - depth), 0.0)
        return np.maximum(depth + (other_depth - depth) * t, near), side + (other_side - side) * t

    def _draw_trail(self, surface: pygame.Surface, cols: Columns, x: float, y: float, angle: float, fov: float,
                    marks: tuple[np.ndarray, np.ndarray], tint: np.ndarray | None = None) -> None:
        """Trail marks (or breadcrumbs, in ``tint``) as flat discs on the floor, far ones first."""
        points, radii = marks
        if not len(points):
            return
        width, height = surface.get_size()
        depth, side = self._project(points, x, y, angle)
        show = (depth > NEAR_CELLS * self.cell + radii) & in_view(points, float(radii.max()), x, y, angle, fov,
                                                                   self.view_distance)
        order = np.flatnonzero(show)[np.argsort(-depth[show])]
        depth, side, radii = depth[order], side[order], radii[order]
        hidden = self._hidden(cols, depth[:, None], side[:, None] + radii[:, None] * np.array([-1.0, 0.0, 1.0]))
        shown = ~hidden.all(axis=1)
        depth, side, radii = depth[shown], side[shown], radii[shown]
        across = cols.focal * radii / depth
        down = cols.focal * self.eye * radii / (depth * depth)
        left = width / 2 + cols.focal * side / depth - across
        top = height / 2 + cols.focal * self.eye / depth - down
        boxes = np.stack([left, top, np.maximum(1, 2 * across), np.maximum(1, 2 * down)], axis=1)
        near = TRAIL_RGB if tint is None else tint
        colours = np.rint(FOG_RGB + (near - FOG_RGB) * self.visibility(depth)[:, None]).astype(int)
        for box, colour in zip(np.rint(boxes).astype(int).tolist(), colours.tolist()):
            pygame.draw.ellipse(surface, colour, box)

    def _pack(self, surface: pygame.Surface, rgb: np.ndarray) -> np.ndarray:
        """RGB floats -> the surface's mapped 32-bit pixel values."""
        r_shift, g_shift, b_shift, _ = surface.get_shifts()
        c = np.clip(np.rint(rgb), 0, 255).astype(np.uint32)
        return (c[..., 0] << r_shift) | (c[..., 1] << g_shift) | (c[..., 2] << b_shift)

    def _wall_colours(self, cols: Columns, known: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per column: the wall's colour (lit, seamed, fogged) and how much of it shows through the fog."""
        walls = self.walls
        hit = cols.wall >= 0
        ids = np.maximum(cols.wall, 0)
        light = np.where(hit, walls.light[ids], 1.0)
        along = np.nan_to_num(cols.fraction) * walls.lengths[ids]
        edge = np.minimum(along, walls.lengths[ids] - along)
        depth = np.where(hit, cols.depth, self.view_distance)
        # a seam narrower than a column would flicker as the eye moves: it fades instead
        seam_columns = cols.focal * SEAM_CELLS * self.cell / np.maximum(depth, 1e-6) / cols.stretch
        seam = (edge < SEAM_CELLS * self.cell) * np.minimum(1.0, seam_columns) * SEAM_DARK
        colour = WALL_LIT[None, :] * (light * (1 - seam))[:, None]
        unknown = hit & ~known[ids]
        colour = np.where(unknown[:, None], colour + (FOG_RGB - colour) * UNKNOWN_DIM, colour)
        shows = self.visibility(depth)
        colour = FOG_RGB + (colour - FOG_RGB) * shows[:, None]
        return colour, shows

    def _wall_layer(self, surface: pygame.Surface, cols: Columns, height: int, known: np.ndarray) -> np.ndarray:
        """The walls as mapped pixels (columns, rows), see-through above and below them.

        Each column is four runs: see-through, the wall, its lower part (the darker skirt, or a
        doorway's panel on the exit and the entrance), see-through; one ``np.repeat`` lays them all."""
        colour, shows = self._wall_colours(cols, known)
        top, bottom = cols.top, cols.bottom
        lower_top, lower = bottom - SKIRT * (bottom - top), colour * SKIRT_SHADE
        doors, door_colour = self._doors(cols, shows)
        lower_top[doors] = bottom[doors] - DOOR_HEIGHT * (bottom[doors] - top[doors])
        lower[doors] = door_colour
        first, middle, last = (np.clip(np.ceil(rows - 0.5), 0, height).astype(np.int64)
                               for rows in (top, lower_top, bottom))
        middle = np.clip(middle, first, last)
        see_through = self._pack(surface, np.array(SEE_THROUGH, dtype=float))
        values = np.stack([np.full(len(first), see_through), self._pack(surface, colour),
                           self._pack(surface, lower), np.full(len(first), see_through)], axis=1)
        lengths = np.stack([first, middle - first, last - middle, height - last], axis=1)
        return np.repeat(values.ravel(), lengths.ravel()).reshape(len(first), height)

    def _doors(self, cols: Columns, shows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The columns showing a doorway's panel, and its colour there: the exit glowing yellow (seen
        through more of the fog), the entrance dark."""
        hit = cols.wall >= 0
        kinds = np.where(hit, self.walls.kinds[np.maximum(cols.wall, 0)], WALL_KIND)
        across = np.abs(np.nan_to_num(cols.fraction) - 0.5) <= DOOR_WIDTH / 2
        doors = np.flatnonzero((kinds != WALL_KIND) & across)
        exit_door = (kinds[doors] == EXIT_KIND)[:, None]
        colour = np.where(exit_door, EXIT_DOOR, ENTRANCE_DOOR)
        fade = np.where(exit_door, np.sqrt(shows[doors])[:, None], shows[doors, None])
        return doors, FOG_RGB + (colour - FOG_RGB) * fade
