"""A circular ("theta") maze: rings of cells round a centre, drawn as a disc.

Size ``WxH``: H is the number of rings and W the number of cells in the innermost ring, a pie of
W slices meeting at the centre (W >= 3: with two slices the clockwise and the counter-clockwise
neighbour would be the same cell; W above MAX_CENTRE = 8 counts as 8, thinner slices would meet in
a blur of walls). Ring r spans radii [r, r + 1] (one unit a ring); going outward
a ring has twice its inner neighbour's cells when those cells would otherwise be more than twice
as wide as they are tall (``2 * pi * r / count[r - 1] > 2``), else the same count. Every ring's
count is W times a power of two.

Cells are numbered ring by ring from the centre; within a ring clockwise from the top (angle 0 at
twelve o'clock, y downward as on screen). ``coords(cell)`` is ``(index in its ring, ring)`` and
``cell(x, y)`` the inverse. So ids are not ``y * width + x``: ``size`` is the sum of the rings
(``cell_count``), and code outside the grid reads coordinates with ``coords_array`` /
``cell_array`` and rows (rings) with ``row_starts``.

Directions, six so that ``opposite(d) = (d + 3) % 6``: 0 CW, 1 OUT (the outward neighbour; where
the next ring splits, the child on the clockwise half), 2 OUT2 (the child on the counter-clockwise
half, only where the ring splits), 3 CCW, 4 IN (I am my parent's OUT child), 5 IN2 (I am its OUT2
child). Every cell outside the innermost ring has exactly one of IN / IN2. The sides run round a
cell in direction order (CW side outward, the outer arc counter-clockwise, CCW side inward, the
inner arc clockwise), which is why OUT is the clockwise half.

The entrance is the outer ring's cell 0 (at the top), through its outer side; the exit the outer
ring's cell half way round (at the bottom), also outward.

Plane geometry: ``edge_segments`` gives each arc as one chord per edge (the two cells of an edge
share it exactly; first person and the play heading use these), and ``edge_bend`` the points along
the arc that SVG and PDF draw, so printed rings are round; a missing side is a zero-length segment
(at the centre for the pie's inner sides). Pixels (``pixel_layout``) use true circles, so arcs stay round at any
zoom. No wall posts: where walls meet, the nearest wall owns each pixel.

Play: Up walks outward (the open one of the two outward sides where there are two; when both are
open, the one on the side of the last Left / Right pressed, clockwise before any), Down inward,
Left counter-clockwise, Right clockwise.
Binary tree reads its bias corner as a pair of ring directions: north is inward, south outward,
east clockwise, west counter-clockwise (NE, the default: inward or clockwise). A ring's last cell
that way round cannot turn along the ring (the ring would close a loop), so it goes in or out; the
root is that cell of the innermost ring (inward) or of the outer ring (outward). Row-based
algorithms (sidewinder, Eller, recursive division) are refused as on every non-square grid.
Dungeon rooms are annular sectors: a run of cells in one ring plus everything outward of them for
a few rings (always connected).
"""

from __future__ import annotations

import bisect
import math
import random
from typing import TYPE_CHECKING, Any, ClassVar

from .base import ARROWS_AND_WASD, MAX_SIDE, Grid, clamp_side
from .layout import Layout, clip_box, distinct
from .layout import half_wall as wall_half

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import DTypeLike
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CW, OUT, OUT2, CCW, IN, IN2 = range(6)
TAU = 2 * math.pi
MAX_CELLS = 1 << 20
"""The most cells a polar grid holds (its outer rings grow with the radius, so 2000 rings would be
some ten million cells)."""
WALL = 0.08
"""Half a wall's width, in ring heights."""
ARC_SAG = 0.004
"""How far, in ring heights, a chord of a drawn arc may stray from the true circle (SVG, PDF)."""


MAX_CENTRE = 8
"""The most slices the centre disc is cut into: thinner ones would meet in a blur of walls."""


def ring_counts(width: int, height: int) -> list[int]:
    """Cells per ring: the innermost has ``width`` (at most MAX_CENTRE); a ring doubles its inner
    neighbour's count when those cells would be more than twice as wide (along its inner circle)
    as a ring is tall."""
    counts = [min(width, MAX_CENTRE)]
    for r in range(1, height):
        prev = counts[-1]
        counts.append(prev * 2 if TAU * r / prev > 2 else prev)
    return counts


class PolarGrid(Grid):
    kind = "polar"
    directions = 6
    direction_names = ("CW", "OUT", "OUT2", "CCW", "IN", "IN2")
    CW, OUT, OUT2, CCW, IN, IN2 = CW, OUT, OUT2, CCW, IN, IN2
    entrance_direction = OUT
    exit_direction = OUT
    STEPS = (((1, 0), (0, 1), (0, 1), (-1, 0), (0, -1), (0, -1)),) * 2
    """Index and ring steps, roughly (an outward step also scales the index): not used for lookups."""

    MOVES: ClassVar[dict[str, int]] = {"left": CCW, "right": CW}
    SIDEWAYS: ClassVar[dict[str, tuple[int, int]]] = {"up": (OUT, OUT2), "down": (IN, IN2)}
    """Up / Down have two candidate sides: the open one (inward there is only ever one)."""
    TIE_BREAK: ClassVar[tuple[str, str]] = ("across", "right")
    """Both outward sides open: the clockwise child after Right (or before any Left / Right), the
    counter-clockwise one after Left, so either can be reached (a Left into a wall counts)."""
    BIAS_DIRECTIONS: ClassVar[dict[str, tuple[int, int, int]]] = {
        "NE": (IN, CW, IN2), "NW": (IN, CCW, IN2), "SE": (OUT, CW, OUT2), "SW": (OUT, CCW, OUT2)}
    """(in or out, along the ring, the other in or out side): read per cell by ``bias_table``."""
    PLAY_KEYS: ClassVar[dict[str, str]] = dict(ARROWS_AND_WASD)
    PLAY_HELP = (("Up / Down  or  W / S", "polar: outward / inward (two cells outward: the open one, or the one "
                                          "on the side of your last Left / Right)"),
                 ("Left / Right  or  A / D", "polar: counter-clockwise / clockwise round the ring"),)
    LAB_BOARDS = ((4, 2), (3, 2), (5, 2))
    MIN_SIZE = (3, 1)
    MIN_SIZE_REASON = ("the width is the centre's slices, at least 3: with 2, a cell's clockwise and "
                       "counter-clockwise neighbours would be the same cell")
    MASKABLE = False
    """A mask's first cell lies near the centre, with no side leading out of the disc."""
    UNIT_PIXELS = (4.0, 24.0)
    WHOLE_UNITS = False

    def __init__(self, width: int, height: int) -> None:
        valid = self.MIN_SIZE[0] <= width <= MAX_SIDE and self.MIN_SIZE[1] <= height <= MAX_SIDE
        self.counts = ring_counts(width, height) if valid else [1]  # else the base class refuses the size
        if sum(self.counts) > MAX_CELLS:
            raise ValueError(f"a {width}x{height} polar grid would have {sum(self.counts):,} cells; "
                             f"at most {MAX_CELLS:,} (fewer rings or a narrower centre)")
        starts = [0]
        for count in self.counts:
            starts.append(starts[-1] + count)
        self.starts = starts
        self._counts = np.array(self.counts + [0], dtype=np.int64)  # one past the last ring: 0
        self._starts = np.array(starts, dtype=np.int64)
        super().__init__(width, height)

    @classmethod
    def cell_count(cls, width: int, height: int) -> int:
        """The rings' counts added up."""
        return sum(ring_counts(width, height))

    # --- topology -----------------------------------------------------------------

    def cell(self, x: int, y: int) -> int:
        """The id of cell ``x`` (clockwise from the top) of ring ``y``."""
        return self.starts[y] + x

    def coords(self, cell: int) -> tuple[int, int]:
        """``(index in its ring, ring)``."""
        ring = bisect.bisect_right(self.starts, cell) - 1
        return cell - self.starts[ring], ring

    def contains(self, x: int, y: int) -> bool:
        return 0 <= y < self.height and 0 <= x < self.counts[y]

    def coords_array(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        cells = np.asarray(cells, dtype=np.int64)
        ring = np.searchsorted(self._starts, cells, side="right") - 1
        return cells - self._starts[ring], ring

    def cell_array(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        x, y = np.asarray(x, dtype=np.int64), np.asarray(y, dtype=np.int64)
        ring = np.clip(y, 0, self.height - 1)
        inside = (y >= 0) & (y < self.height) & (x >= 0) & (x < self._counts[ring])
        return np.where(inside, self._starts[ring] + x, -1)

    def row_length(self, y: int) -> int:
        return self.counts[y]

    def row_starts(self) -> np.ndarray:
        """The rings are the rows."""
        return self._starts.copy()

    @property
    def entrance(self) -> tuple[int, int]:
        """The outer ring's first cell (at the top), through its outer side."""
        return self.starts[-2], OUT

    @property
    def exit(self) -> tuple[int, int]:
        """The outer ring's cell half way round (at the bottom), through its outer side."""
        return self.starts[-2] + self.counts[-1] // 2, OUT

    def _rings(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(index in ring, ring, ring's count) of every cell."""
        x, ring = self.coords_array(np.arange(self.size, dtype=np.int64))
        return x, ring, self._counts[ring]

    def neighbour_array(self, dtype: DTypeLike = "int64") -> np.ndarray:
        x, ring, n = self._rings()
        start = self._starts[ring]
        out = np.full((self.size, 6), -1, dtype=np.int64)
        out[:, CW] = start + (x + 1) % n
        out[:, CCW] = start + (x - 1) % n
        outer = ring < self.height - 1
        split = outer & (self._counts[ring + 1] == 2 * n)
        next_start = self._starts[np.minimum(ring + 1, self.height)]
        out[:, OUT] = np.where(split, next_start + 2 * x + 1, np.where(outer, next_start + x, -1))
        out[:, OUT2] = np.where(split, next_start + 2 * x, -1)
        inner = ring > 0
        below = np.maximum(ring - 1, 0)
        parent_split = inner & (n == 2 * self._counts[below])
        parent = self._starts[below] + np.where(parent_split, x // 2, x)
        second = parent_split & (x % 2 == 0)  # the even child is its parent's OUT2
        out[:, IN] = np.where(inner & ~second, parent, -1)
        out[:, IN2] = np.where(second, parent, -1)
        return out.astype(dtype)

    def bias_table(self, bias: str) -> tuple[np.ndarray, np.ndarray]:
        """Inward is IN or IN2 and outward OUT or OUT2 (the child on the bias side where the ring
        splits), whichever the cell has; along the ring every cell but the ring's last one that
        way round (its neighbour there is where the ring began). No fallback: the root has neither."""
        radial, along, other = self.BIAS_DIRECTIONS[bias]
        table = self.neighbour_array()
        x, _, n = self._rings()
        if along == CCW and radial == OUT:
            radial, other = other, radial  # the counter-clockwise child first, where there are two
        first_d = np.where(table[:, radial] >= 0, radial, other)
        first = table[np.arange(self.size), first_d]
        last = x == (n - 1 if along == CW else 0)
        second = np.where(last, -1, table[:, along])
        choices = np.stack([first, second, np.full(self.size, -1, dtype=table.dtype)], axis=1)
        directions = np.stack([first_d, np.full(self.size, along), np.full(self.size, other)], axis=1)
        return choices, directions.astype(table.dtype)

    def bias_words(self, bias: str) -> tuple[str, str]:
        radial, along, _ = self.BIAS_DIRECTIONS[bias]
        return self.direction_word(radial), self.direction_word(along)

    def distance(self, a: int, b: int) -> int:
        """Each step changes the ring by at most one, so this never overestimates."""
        return abs(self.coords(a)[1] - self.coords(b)[1])

    # --- words ----------------------------------------------------------------------

    def direction_word(self, d: int) -> str:
        return ("clockwise", "outward", "outward", "counter-clockwise", "inward", "inward")[d]

    def cell_name(self, cell: int) -> str:
        x, ring = self.coords(cell)
        return f"ring {ring}, cell {x}"

    # --- geometry -----------------------------------------------------------------

    def _angles(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(ring, start angle, middle angle, end angle) of every cell, clockwise from the top;
        the middle is written as (2x + 1) / 2n so it equals a child's start exactly."""
        x, ring, n = self._rings()
        return ring, TAU * (x / n), TAU * ((2 * x + 1) / (2 * n)), TAU * ((x + 1) / n)

    def _point(self, radius: np.ndarray | float, angle: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Plane point at ``radius`` and ``angle`` (the disc's centre at (H, H))."""
        return self.height + radius * np.sin(angle), self.height - radius * np.cos(angle)

    def _centre_radius(self, ring: np.ndarray, n: np.ndarray) -> np.ndarray:
        """How far out a cell's centre sits: the middle of the ring (the pie slices' centroid),
        pulled in to the chords so it lies inside the straight-sided cell too."""
        return np.where(ring == 0, 2 / 3, ring + 0.5) * np.cos(math.pi / n)

    def unit_centres(self) -> np.ndarray:
        x, ring, n = self._rings()
        middle = TAU * ((2 * x + 1) / (2 * n))
        px, py = self._point(self._centre_radius(ring, n), middle)
        return np.stack([px, py], axis=-1).astype(np.float64)

    def edge_segments(self) -> np.ndarray:
        """CW side outward, the outer arc counter-clockwise (OUT then OUT2 where it splits), CCW
        side inward, the inner arc clockwise (IN or IN2, the other zero-length)."""
        ring, a0, am, a1 = self._angles()
        table = self.neighbour_array()
        r_in, r_out = ring.astype(np.float64), ring + 1.0
        split = table[:, OUT2] >= 0
        inner_0, inner_1, outer_0, outer_m, outer_1 = (
            self._point(r_in, a0), self._point(r_in, a1), self._point(r_out, a0), self._point(r_out, am),
            self._point(r_out, a1))
        out = np.empty((self.size, 6, 2, 2))

        def put(d: int, a: tuple, b: tuple) -> None:
            out[:, d, 0, 0], out[:, d, 0, 1] = a
            out[:, d, 1, 0], out[:, d, 1, 1] = b

        def pick(mask: np.ndarray, p: tuple, q: tuple) -> tuple:
            return np.where(mask, p[0], q[0]), np.where(mask, p[1], q[1])

        put(CW, inner_1, outer_1)
        put(OUT, outer_1, pick(split, outer_m, outer_0))
        put(OUT2, pick(split, outer_m, outer_0), outer_0)
        put(CCW, outer_0, inner_0)
        first = table[:, IN2] < 0  # IN is the inner arc (or, at the centre, neither exists)
        put(IN, inner_0, pick(first, inner_1, inner_0))
        put(IN2, pick(first, inner_1, inner_0), inner_1)
        return out

    CURVED_EDGES = True

    def edge_bend(self, start: tuple[float, float], end: tuple[float, float]) -> list[tuple[float, float]]:
        """A side whose ends lie on one circle round the centre is an arc of it (a radial side is
        straight): points along the arc close enough that no chord strays more than ARC_SAG of a
        ring from the circle, so rings look round at any printed size."""
        (ax, ay), (bx, by) = start, end
        h = self.height
        radius = math.hypot(ax - h, ay - h)
        if radius < 1e-9 or abs(math.hypot(bx - h, by - h) - radius) > 1e-4:  # radial sides differ by a ring
            return []
        first = math.atan2(ax - h, h - ay)
        turn = (math.atan2(bx - h, h - by) - first + math.pi) % TAU - math.pi
        steps = math.ceil(abs(turn) / math.sqrt(8 * ARC_SAG / radius))
        return [(h + radius * math.sin(first + turn * k / steps), h - radius * math.cos(first + turn * k / steps))
                for k in range(1, steps)]

    # --- pictures -------------------------------------------------------------------

    @classmethod
    def span_for(cls, width: int, height: int) -> tuple[float, float]:
        """The disc: H rings of unit height each side of the centre."""
        return 2.0 * height, 2.0 * height

    def content_disc(self) -> tuple[float, float, float] | None:
        """The picture is a disc: (centre x, centre y, radius) in span units, so panning keeps it in
        view (the corners of its square span are empty)."""
        return float(self.height), float(self.height), float(self.height)

    def pixel_margin(self, unit: float) -> int:
        """Half a wall outside the rim, all round."""
        return 2 * math.ceil(unit * WALL) + 2

    @classmethod
    def fitting_height(cls, width: int, aspect: float) -> int:
        """A disc has the same shape at every size: rings about as many as the centre has cells
        (fewer where the grid would hold too many cells)."""
        height = clamp_side(width * 0.75 + 1)
        while height > 1 and cls.cell_count(width, height) > MAX_CELLS:
            height = max(1, height * 3 // 4)
        return height

    def pixel_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float = 1.0) -> Layout:
        """Each pixel's radius and angle from the disc's centre give its ring and cell; within half
        a wall of a ring circle it shows that arc's edge (IN / IN2 below it, OUT / OUT2 above, by
        which half of a split cell), within half a wall of a radial line the CW / CCW edge. Pixels
        just outside the rim show the outer ring's border edges."""
        half_wall = wall_half(scale * WALL, walls) / scale
        owner = self._pixel_owner(width, (0, height), scale, origin, canonical, half_wall)
        ring_all, a0, _, a1 = self._angles()
        samples = np.linspace(0.0, 1.0, 33)
        angles = a0[:, None] + (a1 - a0)[:, None] * samples[None, :]
        ends = []
        for radius in (ring_all.astype(np.float64), ring_all + 1.0):
            px, py = self._point(radius[:, None], angles)
            ends.append((px, py))
        xs = np.concatenate([ends[0][0], ends[1][0]], axis=1) * scale + origin[0]
        ys = np.concatenate([ends[0][1], ends[1][1]], axis=1) * scale + origin[1]
        pad = half_wall * scale + 2 + scale * 0.02
        bbox = clip_box(np.floor(xs.min(axis=1) - pad), np.floor(ys.min(axis=1) - pad),
                        np.ceil(xs.max(axis=1) + pad), np.ceil(ys.max(axis=1) + pad))
        x, ring_c, n = self._rings()  # on screen the arcs are round: the middle of the ring
        px, py = self._point(ring_c + 0.5, TAU * ((2 * x + 1) / (2 * n)))
        layout = self._strip(owner, scale)
        layout.bbox = bbox
        layout.centres = (np.stack([px, py], axis=-1) * scale + np.array(origin)).astype(np.float32)
        return layout

    STRIP_LAYOUT = True

    def strip_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float, rows: tuple[int, int]) -> Layout:
        """The pixel rows ``rows`` of ``pixel_layout``'s view: each pixel is worked out on its own, so
        a band's pixels are the whole view's (soft edges need a row more each side: ``render.strips``)."""
        half_wall = wall_half(scale * WALL, walls) / scale
        return self._strip(self._pixel_owner(width, rows, scale, origin, canonical, half_wall), scale)

    def _strip(self, owner: np.ndarray, scale: float) -> Layout:
        """A layout of ``owner`` without per-cell boxes or centres (``pixel_layout`` adds them)."""
        return Layout(owner=owner, bbox=np.empty((0, 4), dtype=np.int32), centres=np.empty((0, 2), dtype=np.float32),
                      cell_pixels=scale, corner_count=int(self._post_starts[-1]), corner_cells=self._post_cells,
                      corners_of=self._posts_of, soft_edges=True, extra={"ring": scale})

    def _sides_of(self, ring: np.ndarray, x: np.ndarray, count: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For cells given by ring, index and ring count: whether each has two outward neighbours
        (``neighbour_array``'s OUT2), and whether its inward one is IN (not IN2), without the table."""
        split = (ring < self.height - 1) & (self._counts[ring + 1] == 2 * count)
        inner = ring > 0
        parent_split = inner & (count == 2 * self._counts[np.maximum(ring - 1, 0)])
        return split, inner & ~(parent_split & (x % 2 == 0))

    def _pixel_owner(self, width: int, rows: tuple[int, int], scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, half_wall: float) -> np.ndarray:
        """The element each pixel of the rows ``rows`` shows (``half_wall`` in ring heights)."""
        h, n_cells = self.height, self.size
        gx = (np.arange(width) + 0.5 - origin[0]) / scale - h
        gy = (np.arange(rows[0], rows[1]) + 0.5 - origin[1]) / scale - h
        X, Y = np.meshgrid(gx, gy, indexing="ij")
        rho = np.hypot(X, Y)
        theta = np.mod(np.arctan2(X, -Y), TAU)
        del X, Y
        ring = np.floor(rho).astype(np.int64)
        rim = (ring >= h) & (rho < h + half_wall)
        inside = ring < h
        ring_c = np.minimum(ring, h - 1)
        count = self._counts[ring_c]
        pos = theta / TAU * count
        x = np.minimum(np.floor(pos).astype(np.int64), count - 1)
        frac = pos - x  # 0 at the cell's CCW side, 1 at its CW side
        cell = self._starts[ring_c] + x
        split, has_in = self._sides_of(ring_c, x, count)
        # Distance (in ring heights) to each side: the two circles, the two radial lines.
        span = TAU / count

        def radial(delta: np.ndarray, rho: np.ndarray = rho) -> np.ndarray:
            """Distance to a radial side ``delta`` radians round from the pixel."""
            return np.where(delta < math.pi / 2, rho * np.sin(np.minimum(delta, math.pi / 2)), rho)

        gap = np.full((4, *rho.shape), np.inf)
        gap[0] = radial((1 - frac) * span)                       # CW
        gap[1] = (ring_c + 1) - rho                              # outer circle
        gap[2] = radial(frac * span)                             # CCW
        gap[3] = np.where(ring_c > 0, rho - ring_c, np.inf)      # inner circle
        side = np.argmin(gap, axis=0)
        near = np.take_along_axis(gap, side[None], axis=0)[0] < half_wall
        del gap
        out_d = np.where(split & (frac < 0.5), OUT2, OUT)
        in_d = np.where(has_in, IN, IN2)
        d = np.choose(side, [np.full_like(out_d, CW), out_d, np.full_like(out_d, CCW), in_d])
        owner = np.where(inside, cell, -1)
        owner = np.where(inside & near, n_cells + canonical[cell, d], owner)
        owner = np.where(rim, n_cells + canonical[cell, OUT], owner)  # the outer ring never splits
        post = self._post_at(rho, theta, half_wall)
        owner = np.where(post >= 0, n_cells + n_cells * 6 + post, owner)
        return np.ascontiguousarray(owner, dtype=np.int32)

    # --- wall posts -------------------------------------------------------------------
    # Where a radial wall meets a circle the walls would take turns owning pixels, and an open one
    # would bite a notch out of a closed one; a post there is always wall (as the square grid's).
    # Post 0 is the centre, where the pie's walls meet; then circle b (1..H) has one post at each
    # radial line touching it: ring b's lines (the rim, b = H: the outer ring's).

    @property
    def _post_counts(self) -> np.ndarray:
        return np.array([1] + self.counts[1:] + [self.counts[-1]], dtype=np.int64)

    @property
    def _post_starts(self) -> np.ndarray:
        return np.concatenate([[0], np.cumsum(self._post_counts)])

    def _post_at(self, rho: np.ndarray, theta: np.ndarray, half_wall: float) -> np.ndarray:
        """The post each pixel shows, -1 for none."""
        h, first = self.height, self.counts[0]
        starts, counts = self._post_starts, self._post_counts
        circle = np.rint(rho).astype(np.int64)
        on_circle = (circle >= 1) & (circle <= h) & (np.abs(rho - circle) < half_wall)
        c = np.clip(circle, 1, h)
        m = counts[c]
        k = np.rint(theta / TAU * m).astype(np.int64)
        off = np.abs(theta - k * TAU / m)
        k %= m
        post = np.where(on_circle & (rho * np.sin(np.minimum(off, math.pi / 2)) < half_wall), starts[c] + k, -1)
        centre = min(0.6, half_wall / math.sin(math.pi / first))
        return np.where(rho < centre, 0, post)

    def _post_cells(self, posts: np.ndarray) -> np.ndarray:
        """The cells round each post: the centre's are the pie's slices; a circle's post has the
        two cells either side of it outside the circle and inside (the same cell twice where the
        post is the middle of an inner cell's outer side); padded by repeating cells."""
        posts = np.asarray(posts, dtype=np.int64)
        h, width = self.height, max(4, self.counts[0])
        starts, counts = self._post_starts, self._post_counts
        out = np.empty((len(posts), width), dtype=np.int64)
        circle = np.searchsorted(starts, posts, side="right") - 1
        c = np.clip(circle, 1, h)
        m = counts[c]
        k = posts - starts[c]
        outside_ring = np.minimum(c, h - 1)
        inside_ring = c - 1
        beyond = c < h  # the rim has no ring outside it: use the ring inside twice
        n_in = self._counts[inside_ring]
        j = k * n_in // m
        exact = (k * n_in) % m == 0
        cols = [np.where(beyond, self._starts[outside_ring] + (k - 1) % m, self._starts[inside_ring] + (j - 1) % n_in),
                np.where(beyond, self._starts[outside_ring] + k % m, self._starts[inside_ring] + j % n_in),
                self._starts[inside_ring] + np.where(exact, (j - 1) % n_in, j),
                self._starts[inside_ring] + j % n_in]
        for col in range(width):
            out[:, col] = cols[col % 4]
        centre = circle == 0
        if centre.any():
            pie = np.arange(width) % self.counts[0]
            out[centre] = pie[None, :]
        return out.astype(np.int32)

    def _posts_of(self, cells: np.ndarray) -> np.ndarray:
        """The posts on each cell's outline."""
        x, ring = self.coords_array(np.asarray(cells, dtype=np.int64))
        starts, counts = self._post_starts, self._post_counts
        n = self._counts[ring]
        found = []
        inner = ring >= 1
        found += [(starts[ring] + x % n)[inner], (starts[ring] + (x + 1) % n)[inner]]
        m = counts[ring + 1]
        q = m // n
        found += [starts[ring + 1] + (x * q) % m, starts[ring + 1] + ((x + 1) * q) % m,
                  starts[ring + 1] + (x * q + q // 2) % m]
        if (ring == 0).any():
            found.append(np.zeros(1, dtype=np.int64))
        return distinct(np.concatenate(found))


    # --- dungeon rooms ----------------------------------------------------------------

    def room_cells(self, rng: random.Random, room_min: int, room_max: int) -> list[int]:
        """An annular sector: ``length`` cells of one ring and every cell outward of them for
        ``rings`` rings ([] if it does not fit)."""
        length, rings = rng.randint(room_min, room_max), rng.randint(room_min, room_max)
        if rings > self.height:
            return []
        first_ring = rng.randint(0, self.height - rings)
        base = self.counts[first_ring]
        if length >= base:
            return []
        start = rng.randrange(base)
        cells: list[int] = []
        for ring in range(first_ring, first_ring + rings):
            k = self.counts[ring] // base
            n = self.counts[ring]
            cells.extend(self.starts[ring] + (start * k + i) % n for i in range(length * k))
        return cells

    def describe_room(self, cells: list[int]) -> dict[str, Any]:
        """The sector: its innermost ring, how many rings, and the run of cells in that ring."""
        where = [self.coords(c) for c in cells]
        first_ring = min(r for _, r in where)
        inner = {x for x, r in where if r == first_ring}
        n = self.counts[first_ring]
        start = min(x for x in inner if (x - 1) % n not in inner) if len(inner) < n else 0
        return {"shape": "sector", "ring": first_ring, "rings": max(r for _, r in where) - first_ring + 1,
                "start": start, "length": len(inner)}
