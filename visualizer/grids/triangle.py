"""Triangles in rows: each row alternates upward and downward triangles, three neighbours at most.

Cell (x, y) points up when x + y is even, down when it is odd; each triangle has unit sides and
overlaps the next by half a unit, so W columns span (W + 1) / 2 units across and H rows
sqrt(3) / 2 * H down. Directions are the square's four compass names, of which a triangle has
three: W and E are its slanted sides (the triangles beside it in the row), S the flat bottom of an
upward triangle, N the flat top of a downward one. So the arrow keys walk to the neighbour in
their direction where it exists: Left / Right along the row, Down from an upward triangle, Up from a
downward one.

The entrance is the top-left triangle's west side and the exit the bottom-right triangle's east
side (both always on the border, whichever way those triangles point).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from .base import ARROWS_AND_WASD, Grid, Neighbours, Taken
from .layout import JOINS_PER_CELL, Layout, clip_box, distinct
from .layout import half_wall as wall_half

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import DTypeLike
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

N, E, S, W = 0, 1, 2, 3
HEIGHT = math.sqrt(3) / 2
"""A row's height, for unit sides."""
INRADIUS = math.sqrt(3) / 6
"""Centroid to each side."""
UP_NORMALS = {E: (math.sqrt(3) / 2, -0.5), S: (0.0, 1.0), W: (-math.sqrt(3) / 2, -0.5)}
DOWN_NORMALS = {N: (0.0, -1.0), E: (math.sqrt(3) / 2, 0.5), W: (-math.sqrt(3) / 2, 0.5)}
"""Outward unit normal of each side of an upward and a downward triangle (y downward)."""
JOIN_SIDES = (((E, W), (N, W), (N, E), (N, E)),  # downward: N, E, W
              ((E, S), (S, W), (E, W), (E, S)))  # upward: E, S, W
"""``[points up][omitted side]`` -> the other two sides (a join of two sides: ``join_sides``)."""
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Column and row steps per direction."""


class TriangleGrid(Grid):
    kind = "triangle"
    directions = 4
    direction_names = ("N", "E", "S", "W")
    N, E, S, W = N, E, S, W
    entrance_direction = W
    exit_direction = E
    STEPS = (((0, -1), (1, 0), (0, 1), (-1, 0)),) * 2
    """Column and row steps per direction; which of N and S exists depends on the triangle."""

    MOVES: ClassVar[dict[str, int]] = {"up": N, "right": E, "down": S, "left": W}
    PLAY_KEYS: ClassVar[dict[str, str]] = dict(ARROWS_AND_WASD)
    PLAY_HELP = (("Arrows  or  W A S D", "triangles: Left / Right along the row, Up or Down through the flat side"),)
    LAB_BOARDS = ((4, 3), (3, 2), (3, 4))  # 35, 6 and 36 mazes (3x3 has only 6, as 3x2 has)
    MIN_SIZE = (2, 1)
    MIN_SIZE_REASON = "one column of triangles falls apart into pairs: a downward one's only way down is a corner"
    MASK_COLUMNS = 2.0
    """Triangles are half as wide as squares: two columns show a picture mask as finely as one."""
    UNIT_PIXELS = (4.0, 24.0)
    WHOLE_UNITS = False

    @staticmethod
    def points_up(x: np.ndarray | int, y: np.ndarray | int):
        """True where the triangle at (x, y) points up."""
        return (x + y) % 2 == 0

    # --- topology -----------------------------------------------------------------

    def neighbour_array(self, dtype: DTypeLike = "int64") -> np.ndarray:
        """The square's four steps, less N for upward and S for downward triangles."""
        out = super().neighbour_array(dtype)
        cells = np.arange(self.size)
        up = self.points_up(cells % self.width, cells // self.width)
        out[up, N] = -1
        out[~up, S] = -1
        return out

    def row_links(self) -> list[tuple[int, np.ndarray]] | None:
        """An upward triangle's flat bottom meets the downward one below it; nothing else crosses rows."""
        even_rows = np.arange(self.height - 1) % 2 == 0
        return [(0, even_rows[:, None] == (np.arange(self.width) % 2 == 0)[None, :])]

    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        w, n = self.width, self.size

        # Directions as literals (0 N, 1 E, 2 S, 3 W), as on squares; a triangle points up when its
        # column plus row is even, and (with rows w long) that is the parity of c + c // w.
        def free_neighbours(c: int, taken: Taken) -> Neighbours:
            y, x = divmod(c, w)
            out = []
            if (x + y) & 1:  # points down: a flat top
                if c >= w and not taken[c - w]:
                    out.append((0, c - w))
            if x < w - 1 and not taken[c + 1]:
                out.append((1, c + 1))
            if not (x + y) & 1:  # points up: a flat bottom
                if c + w < n and not taken[c + w]:
                    out.append((2, c + w))
            if x > 0 and not taken[c - 1]:
                out.append((3, c - 1))
            return out

        return free_neighbours

    def distance(self, a: int, b: int) -> int:
        """Each step changes the column or the row by one, so this never overestimates."""
        (ax, ay), (bx, by) = self.coords(a), self.coords(b)
        return abs(ax - bx) + abs(ay - by)

    # --- geometry -----------------------------------------------------------------

    CENTRES_BY_AXES = True

    def unit_centres(self) -> np.ndarray:
        """Centroids: a third of the way up from an upward triangle's base, down from a downward's."""
        return self.unit_centres_of(np.arange(self.size))

    def unit_centres_of(self, cells: np.ndarray) -> np.ndarray:
        cells = np.asarray(cells, dtype=np.int64)
        x, y = cells % self.width, cells // self.width
        up = self.points_up(x, y)
        return np.stack([x / 2 + 0.5, (y + np.where(up, 2 / 3, 1 / 3)) * HEIGHT], axis=-1).astype(np.float64)

    SEGMENTS_BY_CELL = True
    EXTENT_BY_ROWS = True  # cell (x, y) spans x / 2 to x / 2 + 1 across and its row's height down, either way up

    def edge_segments(self) -> np.ndarray:
        """Sides clockwise round each triangle; the direction a triangle lacks gets a zero-length
        segment at its centroid (no such edge exists)."""
        return self.cell_segments(np.arange(self.size))

    def cell_segments(self, cells: np.ndarray) -> np.ndarray:
        cells = np.asarray(cells, dtype=np.int64)
        x, y = cells % self.width, cells // self.width
        up = self.points_up(x, y)
        left, right, middle = x / 2, x / 2 + 1, x / 2 + 0.5
        top, bottom = y * HEIGHT, (y + 1) * HEIGHT
        out = np.repeat(self.unit_centres_of(cells)[:, None, None, :], 4, axis=1).repeat(2, axis=2)

        def put(mask: np.ndarray, d: int, a: tuple, b: tuple) -> None:
            out[mask, d, 0, 0], out[mask, d, 0, 1] = a[0][mask], a[1][mask]
            out[mask, d, 1, 0], out[mask, d, 1, 1] = b[0][mask], b[1][mask]

        down = ~up
        put(up, W, (left, bottom), (middle, top))      # upward: bottom-left -> tip -> bottom-right
        put(up, E, (middle, top), (right, bottom))
        put(up, S, (right, bottom), (left, bottom))
        put(down, N, (left, top), (right, top))        # downward: top-left -> top-right -> tip
        put(down, E, (right, top), (middle, bottom))
        put(down, W, (middle, bottom), (left, top))
        return out

    # --- pictures -------------------------------------------------------------------

    @classmethod
    def span_for(cls, width: int, height: int) -> tuple[float, float]:
        return (width + 1) / 2, HEIGHT * height

    def pixel_margin(self, unit: float) -> int:
        """Half a wall outside the border, all round."""
        return 2 * math.ceil(unit * 0.08) + 2  # the half wall of pixel_layout: scale * 0.08

    def pixel_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float = 1.0) -> Layout:
        """Each pixel finds its triangle (row, then which side of the slanted line in its half-unit
        slab), then its distance to that triangle's sides: within a wall's half width of a side,
        it shows the edge. Pixels just outside the border show the border's edge the same way."""
        w, n = self.width, self.size
        half_wall = wall_half(scale * 0.08, walls) / scale
        owner = self._pixel_owner(width, (0, height), scale, origin, canonical, half_wall)
        cells = np.arange(n)
        x0 = origin[0] + (cells % w) / 2 * scale
        y0 = origin[1] + (cells // w) * HEIGHT * scale
        pad = half_wall * scale + 2
        bbox = clip_box(np.floor(x0 - pad), np.floor(y0 - pad), np.ceil(x0 + scale + pad),
                        np.ceil(y0 + HEIGHT * scale + pad))
        centres = (self.unit_centres() * scale + np.array(origin)).astype(np.float32)
        layout = self._strip(owner, scale)
        layout.bbox, layout.centres = bbox, centres
        return layout

    STRIP_LAYOUT = True

    def strip_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float, rows: tuple[int, int]) -> Layout:
        """The pixel rows ``rows`` of ``pixel_layout``'s view: each pixel is worked out on its own, so
        a band's pixels are the whole view's (soft edges need a row more each side: ``render.strips``)."""
        half_wall = wall_half(scale * 0.08, walls) / scale
        return self._strip(self._pixel_owner(width, rows, scale, origin, canonical, half_wall), scale)

    def _strip(self, owner: np.ndarray, scale: float) -> Layout:
        """A layout of ``owner`` without per-cell boxes or centres (``pixel_layout`` adds them)."""
        return Layout(owner=owner, bbox=np.empty((0, 4), dtype=np.int32), centres=np.empty((0, 2), dtype=np.float32),
                      cell_pixels=scale * 0.6, corner_count=(self.height + 1) * (self.width + 2),
                      corner_cells=self._post_cells, corners_of=self._posts_of, soft_edges=True,
                      join_count=self.size * JOINS_PER_CELL, join_sides=self.join_sides, extra={"side": scale})

    def _pixel_owner(self, width: int, rows: tuple[int, int], scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, half_wall: float) -> np.ndarray:
        """The element each pixel of the rows ``rows`` shows (``half_wall`` in units)."""
        w, h, n = self.width, self.height, self.size
        gx = (np.arange(width) + 0.5 - origin[0]) / scale
        gy = (np.arange(rows[0], rows[1]) + 0.5 - origin[1]) / scale
        X, Y = np.meshgrid(gx, gy, indexing="ij")
        row = np.floor(Y / HEIGHT).astype(np.int64)
        slab = np.floor(X * 2).astype(np.int64)
        s, t = X * 2 - slab, Y / HEIGHT - row  # position inside the slab, 0..1 each
        slab_up = self.points_up(slab, row)
        in_slab_cell = np.where(slab_up, t > 1 - s, t < s)  # the slab's own triangle, else the one to its left
        col = np.where(in_slab_cell, slab, slab - 1)
        up = self.points_up(col, row)
        inside = (col >= 0) & (col < w) & (row >= 0) & (row < h)
        cell = np.where(inside, row * w + col, -1)
        owner = cell.copy()
        cx = col / 2 + 0.5
        cy = (row + np.where(up, 2 / 3, 1 / 3)) * HEIGHT
        dx, dy = X - cx, Y - cy
        gap = np.full((4, *X.shape), np.inf)  # distance to each side the triangle has
        for d in range(4):
            for pointing, table in ((up, UP_NORMALS), (~up, DOWN_NORMALS)):
                if d in table:
                    nx, ny = table[d]
                    gap[d] = np.where(pointing, INRADIUS - (dx * nx + dy * ny), gap[d])
        side = np.argmin(gap, axis=0)  # near a corner, the nearer side owns the pixel...
        near = np.take_along_axis(gap, side[None], axis=0)[0] < half_wall
        np.put_along_axis(gap, side[None], np.inf, axis=0)
        second = np.argmin(gap, axis=0)  # ...unless it lies within half a wall of a second side too
        both = near & (np.take_along_axis(gap, second[None], axis=0)[0] < half_wall)
        del gap
        other_inside, border_slot = self._border_slots(col, row, side, canonical)
        owner = np.where(near & inside, n + canonical[np.maximum(cell, 0), side], owner)
        owner = np.where(near & ~inside & other_inside, n + border_slot, owner)
        # outside the grid a second side that is the border's shows it (a border is always wall)
        second_inside, second_border = self._border_slots(col, row, second, canonical)
        owner = np.where(both & ~inside & ~other_inside & second_inside, n + second_border, owner)
        corners = (h + 1) * (w + 2)
        omitted = 6 - np.where(up, N, S) - side - second  # the triangle's third side names the pair
        owner = np.where(both & inside, n + n * self.directions + corners + cell * JOINS_PER_CELL + omitted, owner)
        post = self._post_under(X, Y, col, row, up, half_wall)
        owner = np.where(post >= 0, n + n * self.directions + post, owner)
        return np.ascontiguousarray(owner, dtype=np.int32)

    def _border_slots(self, col: np.ndarray, row: np.ndarray, side: np.ndarray,
                      canonical: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For triangles (in or off the grid) and one side of each: whether the triangle beyond that
        side is on the grid, and that triangle's slot for the side (what a pixel off the grid shows)."""
        w, h = self.width, self.height
        steps = np.array(STEPS)
        other_col, other_row = col + steps[side, 0], row + steps[side, 1]
        other_inside = (other_col >= 0) & (other_col < w) & (other_row >= 0) & (other_row < h)
        other = np.clip(other_row, 0, h - 1) * w + np.clip(other_col, 0, w - 1)
        return other_inside, canonical[other, (side + 2) % 4]  # seen from outside: the inside cell's slot

    # --- wall joins -------------------------------------------------------------------
    # Near a corner a pixel can lie within half a wall of two sides of its triangle. It shows the
    # nearer side, but when that side is open and the other closed it must be wall: each such pixel
    # is a join of the two sides (the triangle's third side names the pair, so a cell has joins
    # ``cell * JOINS_PER_CELL + side``, one unused), styled wall when either side is (``render.styles``).

    def join_sides(self, cells: np.ndarray, omitted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The two sides each join of ``cells`` stands for: the triangle's sides but ``omitted``
        (for the one unused join of a cell, its side that has no triangle, two of its sides)."""
        up = self.points_up(cells % self.width, cells // self.width).astype(np.int64)
        table = np.array(JOIN_SIDES, dtype=np.int64)
        return table[up, omitted, 0], table[up, omitted, 1]

    # --- wall posts -------------------------------------------------------------------
    # Six triangles meet at a corner. Without a post there, the pixels round a corner go to whichever
    # side is nearest, often an open one, which leaves a notch (walls running straight on looked
    # dashed). A post is the disc of half a wall's width round the corner (every wall that ends there
    # covers it): wall when any wall meets there (the board's rule for posts), floor inside six
    # triangles joined all round. Left: a shallow dip beside a post where a wall meets an open side.
    # Corner (line k, column c) is where the upward triangle (c, k) has its tip (c + k even); its
    # number is k * (width + 2) + c + 1, for c from -1 to width.

    def _post_under(self, X: np.ndarray, Y: np.ndarray, col: np.ndarray, row: np.ndarray, up: np.ndarray,
                    half_wall: float) -> np.ndarray:
        """The post each point is within half a wall of (a corner of its own triangle), else -1."""
        w, h = self.width, self.height
        found = np.full(X.shape, -1, dtype=np.int64)
        for line, column in self._corner_posts(col, row, up):
            px, py = column / 2 + 0.5, line * HEIGHT
            close = np.hypot(X - px, Y - py) < half_wall
            valid = (line >= 0) & (line <= h) & (column >= -1) & (column <= w)
            found = np.where(close & valid, line * (w + 2) + column + 1, found)
        return found

    def _post_cells(self, posts: np.ndarray) -> np.ndarray:
        """The six triangles round each post, in turn round it (-1 off the grid): the row above left to
        right, then the row below right to left; each is the neighbour of the next."""
        w, h = self.width, self.height
        line, column = np.divmod(np.asarray(posts, dtype=np.int64), w + 2)
        column -= 1
        around = []
        for dy, dx in ((-1, -1), (-1, 0), (-1, 1), (0, 1), (0, 0), (0, -1)):
            x, y = column + dx, line + dy
            around.append(np.where((x >= 0) & (x < w) & (y >= 0) & (y < h), y * w + x, -1))
        return np.stack(around, axis=1).astype(np.int32)

    def _posts_of(self, cells: np.ndarray) -> np.ndarray:
        """The three posts at the corners of each cell."""
        w = self.width
        x, y = cells % w, cells // w
        corners = self._corner_posts(x, y, self.points_up(x, y))
        return distinct(np.concatenate([line * (w + 2) + column + 1 for line, column in corners]))

    @staticmethod
    def _corner_posts(col: np.ndarray, row: np.ndarray, up: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
        """(line, column) of the three corners of each triangle: an upward one's tip, bottom-left and
        bottom-right; a downward one's top-left, top-right and tip."""
        return [(row, np.where(up, col, col - 1)),
                (np.where(up, row + 1, row), np.where(up, col - 1, col + 1)),
                (row + 1, np.where(up, col + 1, col))]

    def corner_joined(self, passages: np.ndarray, around: np.ndarray) -> np.ndarray:
        """Open inside six triangles joined all round: the row above's two east sides and its two
        upward triangles' floors, the row below's two east sides (see ``_post_cells`` for the order)."""
        full = (around >= 0).all(axis=1)
        bits = [passages[np.maximum(around[:, k], 0)] for k in range(6)]
        east, south = np.uint8(1 << E), np.uint8(1 << S)
        return (full & (bits[0] & east > 0) & (bits[1] & east > 0) & (bits[5] & east > 0) & (bits[4] & east > 0)
                & (bits[0] & south > 0) & (bits[2] & south > 0))
