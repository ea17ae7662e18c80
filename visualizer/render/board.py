"""Drawing the maze: square tiles or hexagons, by an ownership map and a style per element.

The view is precomputed once per layout as ``owner``: for every pixel, which *element* it shows
- a cell, an edge slot (a wall or passage, ``n + cell * D + d``), a square wall post, or nothing.
Drawing is then a lookup: ``pixel colour = COLOURS[element_style[owner]]``. A dirty cell updates
its own styles and repaints only its bounding box, so a frame costs what its events touched; a
full redraw (resize, phase change, thousands of dirty cells) is one vectorized gather.

Square grids are the (2W+1) x (2H+1) tile map of the source documents: cells and the walls
between them are tiles of the same size. Hex grids are flat-topped hexagons whose walls are bands
along closed edges. Nothing here decides maze logic; it only reads the model and overlay.
"""

from __future__ import annotations

import math

import numpy as np

from ..grids import Grid
from ..maze import Maze
from ..overlay import Overlay
from .palette import BACKGROUND, CONNECTOR, PALETTE, WALL, Style
from .styles import WALL_STYLE, cell_styles, edge_styles, lower_rank

COLOURS = np.vstack([PALETTE, np.array([CONNECTOR, WALL, BACKGROUND], dtype=np.uint8)])
"""Style index -> colour; negative pseudo-styles index from the end (-3 connector, -2 wall, -1 none)."""
BACKGROUND_STYLE = -1
FULL_REDRAW_SHARE = 8
"""Redraw everything at once when more than 1/FULL_REDRAW_SHARE of the cells are dirty."""


class Board:
    """Geometry and paint for one grid in a view of ``width`` x ``height`` pixels."""

    def __init__(self, grid: Grid, width: int, height: int) -> None:
        self.grid = grid
        self.width, self.height = max(1, width), max(1, height)
        n, d = grid.size, grid.directions
        self.neighbours = grid.neighbour_array()
        self.slot_base = n
        self.corner_base = n + n * d
        # Each edge has one canonical slot: the first half of the directions own their edge; the
        # others use the neighbour's slot, unless the edge is on the outer border.
        cells = np.arange(n)
        half = d // 2
        canonical = np.empty((n, d), dtype=np.int64)
        for k in range(d):
            nb = self.neighbours[:, k]
            own = cells * d + k
            canonical[:, k] = own if k < half else np.where(nb >= 0, nb * d + grid.opposite(k), own)
        self.canonical = canonical
        if grid.kind == "square":
            self._layout_square()
        else:
            self._layout_hex()
        self.element_count = self.corner_base + self.corner_count
        self.element_style = np.full(self.element_count + 1, BACKGROUND_STYLE, dtype=np.int16)
        self.cell_style = np.zeros(n, dtype=np.int16)
        self.all_slots = np.unique(canonical.ravel())
        self.packed: np.ndarray | None = None
        """Style -> pixel value in the target surface's format (set by ``use_format``)."""
        self.element_pixel = np.zeros(self.element_count + 1, dtype=np.uint32)

    # --- layout -------------------------------------------------------------------

    def _layout_square(self) -> None:
        grid = self.grid
        w, h = grid.width, grid.height
        tw, th = 2 * w + 1, 2 * h + 1
        fit = min(self.width / tw, self.height / th)
        # Whole-pixel tiles look crisp, but rounding 2.8 down to 2 would waste a third of the view:
        # below 8 px a tile, fill the view and let tiles differ by a pixel.
        tile = math.floor(fit) if fit >= 8 else fit
        self.tile = tile
        self.cell_pixels = tile
        self.origin = ((self.width - tw * tile) / 2, (self.height - th * tile) / 2)
        xs = np.floor(self.origin[0] + np.arange(tw + 1) * tile).astype(np.int64)
        ys = np.floor(self.origin[1] + np.arange(th + 1) * tile).astype(np.int64)
        self.xs, self.ys = xs, ys
        # Which element each tile shows.
        n = grid.size
        tiles = np.full((th, tw), -1, dtype=np.int64)
        cx, cy = np.meshgrid(np.arange(w), np.arange(h))
        cell = cy * w + cx
        tiles[1::2, 1::2] = cell
        tiles[0:-1:2, 1::2] = self.slot_base + self.canonical[cell, 0]  # wall/passage above each cell
        tiles[-1, 1::2] = self.slot_base + self.canonical[cell[-1], 2]  # bottom border
        tiles[1::2, 0:-1:2] = self.slot_base + self.canonical[cell, 3]  # left of each cell
        tiles[1::2, -1] = self.slot_base + self.canonical[cell[:, -1], 1]  # right border
        self.corner_count = (w + 1) * (h + 1)
        corner_y, corner_x = np.meshgrid(np.arange(h + 1), np.arange(w + 1), indexing="ij")
        tiles[0::2, 0::2] = self.corner_base + corner_y * (w + 1) + corner_x
        # The four cells around each corner (top-left, top-right, bottom-left, bottom-right), -1 off-grid.
        around = []
        for dy in (-1, 0):
            for dx in (-1, 0):
                x, y = corner_x + dx, corner_y + dy
                inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
                around.append(np.where(inside, y * w + x, -1).ravel())
        self.corner_cells = np.stack(around, axis=1)
        px = np.arange(self.width)
        py = np.arange(self.height)
        tx = np.searchsorted(xs, px, side="right") - 1
        ty = np.searchsorted(ys, py, side="right") - 1
        valid_x = (tx >= 0) & (tx < tw)
        valid_y = (ty >= 0) & (ty < th)
        owner = tiles[np.clip(ty, 0, th - 1)][:, np.clip(tx, 0, tw - 1)]
        owner[~valid_y, :] = -1
        owner[:, ~valid_x] = -1
        self.owner = np.ascontiguousarray(owner.T).astype(np.int32)  # x-major, like surfarray
        # Bounding box of each cell with its four edges and four corners.
        self.bbox = np.stack([xs[2 * cx], ys[2 * cy], xs[2 * cx + 3], ys[2 * cy + 3]], axis=-1).reshape(n, 4)
        self._cell_centres = np.stack([(xs[2 * cx + 1] + xs[2 * cx + 2]) / 2,
                                       (ys[2 * cy + 1] + ys[2 * cy + 2]) / 2], axis=-1).reshape(n, 2)

    def _layout_hex(self) -> None:
        grid = self.grid
        w, h = grid.width, grid.height
        sqrt3 = math.sqrt(3)
        span_w = 1.5 * w + 0.5
        span_h = sqrt3 * (h + (0.5 if w > 1 else 0))
        radius = min(self.width / span_w, self.height / span_h)
        self.radius = radius
        self.cell_pixels = radius * sqrt3
        apothem = radius * sqrt3 / 2
        half_wall = max(1.0, radius * 0.09)  # at least 2 px: a wall must read as a line
        self.origin = ((self.width - span_w * radius) / 2, (self.height - span_h * radius) / 2)
        cells = np.arange(grid.size)
        col, row = cells % w, cells // w
        centre_x = self.origin[0] + radius + 1.5 * radius * col
        centre_y = self.origin[1] + apothem + sqrt3 * radius * (row + 0.5 * (col & 1))
        self._cell_centres = np.stack([centre_x, centre_y], axis=-1)
        # Pixel centre -> axial hex coordinates -> cube rounding -> (col, row) in odd-q offset.
        px = np.arange(self.width) + 0.5 - (self.origin[0] + radius)
        py = np.arange(self.height) + 0.5 - (self.origin[1] + apothem)
        X, Y = np.meshgrid(px, py, indexing="ij")
        q = (2 / 3 * X) / radius
        r = (-1 / 3 * X + sqrt3 / 3 * Y) / radius
        q_r, r_r, s_r = np.rint(q), np.rint(r), np.rint(-q - r)
        dq, dr, ds = np.abs(q_r - q), np.abs(r_r - r), np.abs(s_r - (-q - r))
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        q_r = np.where(fix_q, -r_r - s_r, q_r)
        r_r = np.where(fix_r, -q_r - s_r, r_r)
        hx = q_r.astype(np.int64)
        hy = r_r.astype(np.int64) + (hx - (hx & 1)) // 2
        # Offset from that hexagon's centre, projected on each edge's outward normal.
        dx = X - 1.5 * radius * hx
        dy = Y - sqrt3 * radius * (hy + 0.5 * (hx & 1))
        normals = [(-sqrt3 / 2, -0.5), (0.0, -1.0), (sqrt3 / 2, -0.5), (sqrt3 / 2, 0.5), (0.0, 1.0), (-sqrt3 / 2, 0.5)]
        proj = np.stack([dx * nx + dy * ny for nx, ny in normals])
        edge_dir = proj.argmax(axis=0)
        on_edge = proj.max(axis=0) > apothem - half_wall
        inside = (hx >= 0) & (hx < w) & (hy >= 0) & (hy < h)
        cell = np.where(inside, hy * w + hx, -1)
        owner = np.where(inside, cell, -1)
        slot = self.canonical[np.maximum(cell, 0), edge_dir] + self.slot_base
        owner = np.where(inside & on_edge, slot, owner)
        # Outside pixels within a wall's half-width of a border cell belong to that cell's border edge.
        odd = (hx & 1).astype(bool)
        steps = np.array(grid.STEPS)  # (parity, d, 2)
        nx = hx + steps[odd.astype(int), edge_dir, 0]
        ny = hy + steps[odd.astype(int), edge_dir, 1]
        nb_inside = (nx >= 0) & (nx < w) & (ny >= 0) & (ny < h)
        outer = ~inside & on_edge & nb_inside
        nb = np.where(outer, ny * w + nx, 0)
        opposite = (edge_dir + 3) % 6
        owner = np.where(outer, self.canonical[nb, opposite] + self.slot_base, owner)
        self.owner = owner.astype(np.int32)
        self.corner_count = 0
        self.corner_cells = np.empty((0, 4), dtype=np.int64)
        pad = radius + half_wall + 2
        pad_y = apothem + half_wall + 2
        self.bbox = np.stack([np.floor(centre_x - pad), np.floor(centre_y - pad_y),
                              np.ceil(centre_x + pad), np.ceil(centre_y + pad_y)], axis=-1).astype(np.int64)

    # --- queries ------------------------------------------------------------------

    def cell_centre(self, cell: int) -> tuple[float, float]:
        """Pixel centre of a cell in board coordinates."""
        x, y = self._cell_centres[cell]
        return float(x), float(y)

    # --- styles -------------------------------------------------------------------

    def _openings(self, maze: Maze) -> np.ndarray:
        openings = np.zeros(self.grid.size * self.grid.directions, dtype=bool)
        for cell, d in (maze.entrance, maze.exit):
            if 0 <= cell < self.grid.size and 0 <= d < self.grid.directions:
                openings[cell * self.grid.directions + d] = True
        return openings

    def restyle(self, maze: Maze, overlay: Overlay, cells: np.ndarray | None = None) -> None:
        """Recompute the styles of ``cells`` (all when None) and of their edges and corners."""
        everything = cells is None
        if everything:
            cells = np.arange(self.grid.size)
        if len(cells) == 0:
            return
        self.cell_style[cells] = cell_styles(maze, overlay, cells)
        self.element_style[cells] = self.cell_style[cells]
        slots = self.all_slots if everything else np.unique(self.canonical[cells].ravel())
        self.element_style[self.slot_base + slots] = edge_styles(
            maze, overlay, slots, self.neighbours, self.cell_style, self._openings(maze))
        corners = self._restyle_corners(maze, overlay, cells, everything) if self.corner_count else cells[:0]
        if self.packed is not None:
            if everything:
                self.element_pixel[:] = self.packed[self.element_style]
            else:
                touched = np.concatenate([cells, self.slot_base + slots, corners])
                self.element_pixel[touched] = self.packed[self.element_style[touched]]

    def _restyle_corners(self, maze: Maze, overlay: Overlay, cells: np.ndarray, everything: bool) -> np.ndarray:
        """Square wall posts around ``cells``: open inside a 2x2 block of joined cells, else wall.
        Returns the element ids it restyled."""
        w = self.grid.width
        if everything:
            corners = np.arange(self.corner_count)
        else:
            x, y = cells % w, cells // w
            corners = np.unique(np.concatenate([(y + dy) * (w + 1) + (x + dx) for dy in (0, 1) for dx in (0, 1)]))
        around = self.corner_cells[corners]
        full = (around >= 0).all(axis=1)
        tl, tr, bl, br = (np.maximum(around[:, k], 0) for k in range(4))
        p = maze.passages
        block = full & (p[tl] & 0b0110 == 0b0110) & (p[tr] & 0b0100 > 0) & (p[bl] & 0b0010 > 0)
        s = self.cell_style
        winner = lower_rank(lower_rank(s[tl], s[tr]), lower_rank(s[bl], s[br]))
        styles = np.where(block, winner, WALL_STYLE)
        if overlay.hidden is not None:
            hidden = np.where(around >= 0, overlay.hidden[np.maximum(around, 0)], True).all(axis=1)
            styles = np.where(hidden, Style.FOG, styles)
        self.element_style[self.corner_base + corners] = styles
        return self.corner_base + corners

    # --- painting -----------------------------------------------------------------

    def use_format(self, map_rgb) -> None:
        """Pack every style's colour into the target surface's pixel format (``surface.map_rgb``)."""
        self.packed = np.array([map_rgb(tuple(int(v) for v in c)) for c in COLOURS], dtype=np.uint32)
        self.element_pixel[:] = self.packed[self.element_style]

    def paint(self, pixels: np.ndarray, maze: Maze, overlay: Overlay, full: bool, cells: list[int]) -> int:
        """Bring ``pixels`` (a ``surfarray.pixels2d`` view of the board) up to date; returns cells painted.

        Full redraws and large batches are one gather over the view; otherwise each dirty cell's
        bounding box is repainted from the ownership map. Call ``use_format`` first.
        """
        if self.packed is None:
            raise RuntimeError("Board.use_format must be called before paint")
        if full or len(cells) * FULL_REDRAW_SHARE > self.grid.size:
            self.restyle(maze, overlay)
            np.take(self.element_pixel, self.owner, out=pixels)
            return self.grid.size
        if not cells:
            return 0
        dirty = np.fromiter(cells, dtype=np.int64, count=len(cells))
        self.restyle(maze, overlay, dirty)
        colour, owner = self.element_pixel, self.owner
        for x0, y0, x1, y1 in self.bbox[dirty].tolist():
            x0, y0 = max(x0, 0), max(y0, 0)
            pixels[x0:x1, y0:y1] = colour[owner[x0:x1, y0:y1]]
        return len(cells)
