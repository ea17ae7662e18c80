"""Flat-topped hexagons in columns: six neighbours, odd columns half a cell lower.

Exactly the doubled-coordinate layout of the source maze: cell (x, y) sits at doubled row
``2y + (x & 1)``. Pictures measure in hexagon radii: W columns span 1.5W + 0.5 radii across,
H rows sqrt(3) * H radii down (half a row more once an odd column exists).

Text picture: the source hex maze's. Each hex column takes two characters, a slant (the edge
shared with the column to its left: ``╱`` or ``╲``) and a body (``＿`` for a top or bottom edge,
or a full-width space inside the cell). Even columns start on line 0, odd columns half a cell
(one line) lower, so a maze of H rows is 2H+2 lines (2H+1 with a single column).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from .base import Grid, Neighbours, Taken, clamp_side
from .layout import Layout, clip_box, outside
from .layout import half_wall as wall_half

if TYPE_CHECKING:
    import numpy as np

    from ..core.maze import Maze
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

NW, N, NE, SE, S, SW = range(6)
"""The hex directions, clockwise from north-west."""

SQRT3 = math.sqrt(3)
EDGE_NORMALS = ((-SQRT3 / 2, -0.5), (0.0, -1.0), (SQRT3 / 2, -0.5), (SQRT3 / 2, 0.5), (0.0, 1.0), (-SQRT3 / 2, 0.5))
"""Outward unit normal of each edge of a flat-topped hexagon, by direction."""

HEX_BLANK, HEX_FLAT, HEX_RISE, HEX_FALL = "\u3000", "\uff3f", "\u2571", "\u2572"  # 　＿╱╲
"""The text picture's characters."""

Side = tuple[int, int, int]
"""``(x, y, direction)``: one cell's side of an edge, the cell maybe off the grid."""


class HexGrid(Grid):
    kind = "hex"
    directions = 6
    direction_names = ("NW", "N", "NE", "SE", "S", "SW")
    NW, N, NE, SE, S, SW = NW, N, NE, SE, S, SW
    entrance_direction = NW
    exit_direction = SE
    DOUBLED_DELTAS = ((-1, -1), (-2, 0), (-1, 1), (1, 1), (2, 0), (1, -1))
    """``(dy, dx)`` per direction in doubled coordinates, as in the source hex maze."""
    STEPS = (((-1, -1), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 0)),
             ((-1, 0), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 1)))

    MOVES: ClassVar[dict[str, int]] = {"up-left": NW, "up": N, "up-right": NE,
                                       "down-right": SE, "down": S, "down-left": SW}
    SIDEWAYS: ClassVar[dict[str, tuple[int, int]]] = {"left": (NW, SW), "right": (NE, SE)}
    """Left/Right have two hexes each side: the open one, or the one toward the last vertical move."""
    PLAY_KEYS: ClassVar[dict[str, str]] = {"up": "up", "w": "up", "down": "down", "s": "down",
                                           "left": "left", "right": "right", "q": "up-left", "e": "up-right",
                                           "a": "down-left", "d": "down-right"}
    PLAY_HELP = (("Up / Down  or  W / S", "hex: north / south"),
                 ("Left / Right", "hex: the open west / east side, toward your last up/down"),
                 ("Q  E  /  A  D", "hex: north-west, north-east / south-west, south-east"))
    LAB_BOARDS = ((3, 2), (2, 2), (2, 3))
    BIAS_DIRECTIONS: ClassVar[dict[str, tuple[int, int, int]]] = {
        "NE": (N, NE, SE), "NW": (N, NW, SW), "SE": (S, SE, NE), "SW": (S, SW, NW)}
    """(vertical, diagonal on the bias side, fallback along the edge toward the bias side)."""

    UNIT_PIXELS = (3.0, 16.0)
    WHOLE_UNITS = False

    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        w, h = self.width, self.height

        # Unrolled for speed (this runs once per generator step); the steps are DOUBLED_DELTAS
        # turned into (dx, dy) for even columns and for odd columns, which sit half a cell lower.
        # Directions as literals (0 NW, 1 N, 2 NE, 3 SE, 4 S, 5 SW): the fastest lookup there is.
        def free_neighbours(c: int, taken: Taken) -> Neighbours:
            y, x = divmod(c, w)
            out = []
            east, north, south = x < w - 1, y > 0, y < h - 1
            if x & 1:
                if not taken[c - 1]:
                    out.append((0, c - 1))
                if north and not taken[c - w]:
                    out.append((1, c - w))
                if east:
                    if not taken[c + 1]:
                        out.append((2, c + 1))
                    if south and not taken[c + w + 1]:
                        out.append((3, c + w + 1))
                if south:
                    if not taken[c + w]:
                        out.append((4, c + w))
                    if not taken[c + w - 1]:
                        out.append((5, c + w - 1))
            else:
                west = x > 0
                if north:
                    if west and not taken[c - w - 1]:
                        out.append((0, c - w - 1))
                    if not taken[c - w]:
                        out.append((1, c - w))
                    if east and not taken[c - w + 1]:
                        out.append((2, c - w + 1))
                if east and not taken[c + 1]:
                    out.append((3, c + 1))
                if south and not taken[c + w]:
                    out.append((4, c + w))
                if west and not taken[c - 1]:
                    out.append((5, c - 1))
            return out

        return free_neighbours

    @staticmethod
    def doubled(x: int, y: int) -> tuple[int, int]:
        """Doubled coordinates ``(row, col)`` of cell (x, y): the source document's layout."""
        return 2 * y + (x & 1), x

    def cube(self, cell: int) -> tuple[int, int, int]:
        """Cube coordinates (q, r, s) with q + r + s == 0, for hex distances."""
        x, y = self.coords(cell)
        q = x
        r = y - (x - (x & 1)) // 2
        return q, r, -q - r

    def distance(self, a: int, b: int) -> int:
        aq, ar, as_ = self.cube(a)
        bq, br, bs = self.cube(b)
        return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))

    # --- pictures -------------------------------------------------------------------

    def unit_centres(self) -> np.ndarray:
        """Radius-1 flat-topped hexagons, odd columns half a row lower (as the picture draws them)."""
        return self._centres(np.arange(self.size))

    def unit_centres_of(self, cells: np.ndarray) -> np.ndarray:
        return self._centres(np.asarray(cells, dtype=np.int64))

    def _centres(self, cells: np.ndarray) -> np.ndarray:
        col, row = cells % self.width, cells // self.width
        return np.stack([1 + 1.5 * col, SQRT3 / 2 + SQRT3 * (row + 0.5 * (col & 1))], axis=-1).astype(np.float64)

    SEGMENTS_BY_CELL = True
    CENTRES_BY_AXES = True
    EXTENT_BY_ROWS = True  # x by column; an odd column's half row lower stays above the next row's bottom

    def edge_segments(self) -> np.ndarray:
        """Each side runs clockwise between two corners: NW from the corner at 180 degrees to the one
        at 240 (y downward), N from 240 to 300, and so on round to SW from 120 to 180."""
        return self.cell_segments(np.arange(self.size))

    def cell_segments(self, cells: np.ndarray) -> np.ndarray:
        centres = self._centres(np.asarray(cells, dtype=np.int64))
        out = np.empty((len(centres), 6, 2, 2))
        for d in range(6):
            for end, degrees in enumerate((180 + 60 * d, 240 + 60 * d)):
                angle = math.radians(degrees)
                out[:, d, end, 0] = centres[:, 0] + math.cos(angle)
                out[:, d, end, 1] = centres[:, 1] + math.sin(angle)
        return out

    @classmethod
    def span_for(cls, width: int, height: int) -> tuple[float, float]:
        """Radii: the columns overlap by half a radius; odd columns add half a row below."""
        return 1.5 * width + 0.5, math.sqrt(3) * (height + (0.5 if width > 1 else 0))

    def pixel_margin(self, unit: float) -> int:
        """Half a wall outside the outermost edges, all round."""
        return 2 * math.ceil(unit * 0.1) + 2

    @classmethod
    def fitting_height(cls, width: int, aspect: float) -> int:
        """The height whose hexagons at this width fill a view ``aspect`` (height / width) tall."""
        return clamp_side((1.5 * width + 0.5) * aspect / math.sqrt(3) - 0.5)

    def text_lines(self, maze: Maze, holes: np.ndarray | None = None) -> list[str]:
        """The source's hex picture: a slant and a body character per column on each line (an edge
        between two holes, or a hole and the outside, is blank)."""
        openings = {maze.entrance, maze.exit}
        line_count = 2 * self.height + (2 if self.width > 1 else 1)
        lines = []
        for line in range(line_count):
            chars = []
            for col in range(self.width + 1):
                chars.append(self._slant(maze, col, line, openings, holes))
                if col < self.width:
                    chars.append(self._body(maze, col, line, openings, holes))
            lines.append("".join(chars).rstrip(HEX_BLANK))
        return lines

    def _edge(self, maze: Maze, first: Side, second: Side, char: str, openings: set[tuple[int, int]],
              holes: np.ndarray | None) -> str:
        """The character for the edge between two sides, either maybe off-grid."""
        sides = [(self.cell(x, y), d) for x, y, d in (first, second)
                 if self.contains(x, y) and (holes is None or not holes[self.cell(x, y)])]
        if not sides:
            return HEX_BLANK
        cell, d = sides[0]
        if maze.is_open(cell, d) or any(side in openings for side in sides):
            return HEX_BLANK
        return char

    def _body(self, maze: Maze, col: int, line: int, openings: set[tuple[int, int]],
              holes: np.ndarray | None) -> str:
        """Top/bottom edge of column ``col`` on this line, or a blank inside or outside a cell."""
        shift = col & 1
        if (line - shift) % 2 or line < shift:
            return HEX_BLANK
        row = (line - shift) // 2  # this line is the top edge of (col, row) = bottom edge of (col, row-1)
        return self._edge(maze, (col, row, N), (col, row - 1, S), HEX_FLAT, openings, holes)

    def _slant(self, maze: Maze, col: int, line: int, openings: set[tuple[int, int]],
               holes: np.ndarray | None) -> str:
        """The slanted edge between column ``col - 1`` and column ``col`` on this line."""
        if col % 2 == 0:  # right-hand column is even, left-hand is odd (one line lower)
            if line % 2:
                row = (line - 1) // 2  # NW edge of (col, row) = SE edge of (col-1, row-1)
                return self._edge(maze, (col, row, NW), (col - 1, row - 1, SE), HEX_RISE, openings, holes)
            row = (line - 2) // 2  # SW edge of (col, row) = NE edge of (col-1, row)
            return self._edge(maze, (col, row, SW), (col - 1, row, NE), HEX_FALL, openings, holes)
        if line % 2 == 0:
            row = (line - 2) // 2  # NW edge of (col, row) = SE edge of (col-1, row)
            return self._edge(maze, (col, row, NW), (col - 1, row, SE), HEX_RISE, openings, holes)
        row = (line - 3) // 2  # SW edge of (col, row) = NE edge of (col-1, row+1)
        return self._edge(maze, (col, row, SW), (col - 1, row + 1, NE), HEX_FALL, openings, holes)

    # --- dungeon rooms ----------------------------------------------------------------

    def room_cells(self, rng: random.Random, room_min: int, room_max: int) -> list[int]:
        """A hexagon: every cell within a radius (half the drawn size) of a random centre."""
        radius = max(1, rng.randint(room_min, room_max) // 2)
        cx, cy = rng.randrange(self.width), rng.randrange(self.height)
        return self.hexagon(self.cell(cx, cy), radius)

    def hexagon(self, centre: int, radius: int) -> list[int]:
        """The cells within ``radius`` steps of ``centre``, sorted; [] when part of it is off the grid."""
        ring = {centre}
        frontier = [centre]
        for _ in range(radius):
            frontier = [nb for cell in frontier for _, nb in self.neighbours(cell) if nb not in ring]
            ring.update(frontier)
        if len(ring) != 3 * radius * (radius + 1) + 1:
            return []
        return sorted(ring)

    def describe_room(self, cells: list[int]) -> dict[str, Any]:
        """A hexagon by its centre (the cell nearest to every other) and radius."""
        def reach(c: int) -> int:
            return max(self.distance(c, o) for o in cells)

        centre = min(cells, key=reach)
        return {"shape": "hexagon", "center": list(self.coords(centre)), "radius": reach(centre)}

    # --- pixels -------------------------------------------------------------------

    def pixel_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float = 1.0) -> Layout:
        """Flat-topped hexagons; a wall is a band along a closed edge, on both sides of it."""
        w = self.width
        radius = scale
        apothem = radius * SQRT3 / 2
        half_wall = wall_half(radius * 0.09, walls)  # at least 2 px (normal): a wall must read as a line
        cells = np.arange(self.size, dtype=np.int64)
        col, row = cells % w, cells // w
        centre_x = origin[0] + radius + 1.5 * radius * col
        centre_y = origin[1] + apothem + SQRT3 * radius * (row + 0.5 * (col & 1))
        owner = self._pixel_owner(width, (0, height), radius, origin, half_wall, canonical)
        pad, pad_y = radius + half_wall + 2, apothem + half_wall + 2
        bbox = clip_box(np.floor(centre_x - pad), np.floor(centre_y - pad_y),
                        np.ceil(centre_x + pad), np.ceil(centre_y + pad_y))
        centres = np.stack([centre_x, centre_y], axis=-1).astype(np.float32)
        return Layout(owner=owner, bbox=bbox, centres=centres, cell_pixels=radius * SQRT3, soft_edges=True,
                      extra={"radius": radius})

    STRIP_LAYOUT = True

    def strip_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float, rows: tuple[int, int]) -> Layout:
        """The pixel rows ``rows`` of ``pixel_layout``'s view: each pixel is worked out on its own, so
        a band's pixels are the whole view's (soft edges need a row more each side: ``render.strips``)."""
        owner = self._pixel_owner(width, rows, scale, origin, wall_half(scale * 0.09, walls), canonical)
        return Layout(owner=owner, bbox=np.empty((0, 4), dtype=np.int32), centres=np.empty((0, 2), dtype=np.float32),
                      cell_pixels=scale * SQRT3, soft_edges=True, extra={"radius": scale})

    def _pixel_owner(self, width: int, rows: tuple[int, int], radius: float, origin: tuple[float, float],
                     half_wall: float, canonical: np.ndarray) -> np.ndarray:
        """Pixel centre -> axial coordinates -> cube rounding -> (col, row) in odd-q offset; then
        the offset from that hexagon's centre, projected on each edge's normal, finds walls."""
        w, h, n = self.width, self.height, self.size
        apothem = radius * SQRT3 / 2
        px = np.arange(width) + 0.5 - (origin[0] + radius)
        py = np.arange(rows[0], rows[1]) + 0.5 - (origin[1] + apothem)
        X, Y = np.meshgrid(px, py, indexing="ij")
        q = (2 / 3 * X) / radius
        r = (-1 / 3 * X + SQRT3 / 3 * Y) / radius
        q_r, r_r, s_r = np.rint(q), np.rint(r), np.rint(-q - r)
        dq, dr, ds = np.abs(q_r - q), np.abs(r_r - r), np.abs(s_r - (-q - r))
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        q_r = np.where(fix_q, -r_r - s_r, q_r)
        r_r = np.where(fix_r, -q_r - s_r, r_r)
        hx = q_r.astype(np.int64)
        hy = r_r.astype(np.int64) + (hx - (hx & 1)) // 2
        del q, r, q_r, r_r, s_r, dq, dr, ds, fix_q, fix_r
        dx = X - 1.5 * radius * hx
        dy = Y - SQRT3 * radius * (hy + 0.5 * (hx & 1))
        proj = np.stack([dx * nx + dy * ny for nx, ny in EDGE_NORMALS])
        edge_dir = proj.argmax(axis=0)
        on_edge = proj.max(axis=0) > apothem - half_wall
        del proj, dx, dy, X, Y
        inside = ~outside(hx, hy, w, h)
        cell = np.where(inside, hy * w + hx, -1)
        owner = np.where(inside & on_edge, canonical[np.maximum(cell, 0), edge_dir] + n, cell)
        # Outside pixels within a wall's half-width of a border cell belong to that cell's border edge.
        odd = (hx & 1).astype(np.int64)
        steps = np.array(self.STEPS)  # (parity, d, 2)
        nx_, ny_ = hx + steps[odd, edge_dir, 0], hy + steps[odd, edge_dir, 1]
        outer = ~inside & on_edge & ~outside(nx_, ny_, w, h)
        nb = np.where(outer, ny_ * w + nx_, 0)
        owner = np.where(outer, canonical[nb, (edge_dir + 3) % 6] + n, owner)
        return np.ascontiguousarray(owner, dtype=np.int32)
