"""Drawing the maze: square tiles or hexagons, by an ownership map and a style per element.

The view is precomputed once per layout as ``owner``: for every pixel, which *element* it shows
- a cell, an edge slot (a wall or passage, ``n + cell * D + d``), a square wall post, or nothing.
Drawing is then a lookup: ``pixel colour = COLOURS[element_style[owner]]``. A dirty cell updates
its own styles and repaints only its bounding box, so a frame costs what its events touched; a
full redraw (resize, phase change, thousands of dirty cells) is one vectorized gather.

Where each element sits on screen is the grid's own business (``Grid.pixel_layout``): the board
asks for a :class:`~visualizer.grids.Layout` at a *camera* (pixels per grid unit and the screen
position of the grid's origin), so zoom and pan are just another layout. Nothing here decides maze
logic or knows a grid kind; it only reads the model and overlay.

Only elements that own a pixel need a style for a full redraw: on a 1000 x 1000 maze shown at a
third of a pixel a cell, or zoomed in on a corner, that is a fraction of the six million elements.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.maze import Maze
from ..grids import Grid
from ..grids.layout import JOINS_PER_CELL, WALL_WEIGHTS, distinct
from ..run.overlay import Overlay
from . import themes
from .palette import CONNECTOR, MAT, PALETTE, WALL
from .soft_edges import MIN_CELL_PIXELS, ChannelPacking, SoftEdges
from .styles import cell_styles, corner_styles, edge_styles, join_styles, opening_flags

COLOURS = np.vstack([PALETTE, np.array([CONNECTOR, WALL, MAT], dtype=np.uint8)])
"""The dark theme's style index -> colour; negative pseudo-styles index from the end (-3 connector,
-2 wall, -1 the mat round the maze)."""
BACKGROUND_STYLE = -1
_walls = ["normal"]
"""The window's wall weight now (a name in ``WALL_WEIGHTS``): boards laid out from now on use it."""
WALL_REACH = 0.2
"""A click this share of a cell's size from a wall picks the wall (``Board.wall_at``)."""
FULL_REDRAW_SHARE = 8
"""Repaint the whole view at once when more than 1/FULL_REDRAW_SHARE of the cells are dirty..."""
FILTER_CELLS = 512
"""A batch of more dirty cells styles only the edges and posts that own a pixel (when few do: a
large maze seen whole, or a corner of one zoomed in)."""
TILE = 32
"""A large batch is repainted in squares of this many pixels a side, those its cells touch."""
MAX_TILE_SPAN = 16
"""... unless a cell's box spans more squares than this (big cells: one gather is cheaper)."""
BOX_CELLS = 1500
"""... or more than this many: box by box, each dirty cell costs a few microseconds of Python
(60,000 dirty cells of a 1000 x 1000 maze took a second), while one gather over a 1250 x 900 view
takes about 10 ms."""


def walls() -> str:
    """The window's wall weight now: ``thin``, ``normal`` or ``thick``."""
    return _walls[0]


def use_walls(name: str) -> None:
    """Draw walls at ``name``'s weight from the next layout on (the caller lays the board out again)."""
    if name not in WALL_WEIGHTS:
        raise ValueError(f"unknown wall weight {name!r}; choose one of: {', '.join(WALL_WEIGHTS)}")
    _walls[0] = name


class Board:
    """Geometry and paint for one grid in a view of ``width`` x ``height`` pixels at one camera."""

    def __init__(self, grid: Grid, width: int, height: int, camera: Camera | None = None,
                 walls: float | None = None) -> None:
        self.grid = grid
        self.width, self.height = max(1, width), max(1, height)
        self.walls = WALL_WEIGHTS[_walls[0]] if walls is None else walls
        """The wall weight (``WALL_WEIGHTS``) this board is laid out with."""
        self.camera = camera or fit_camera(grid, self.width, self.height, self.walls)
        n, d = grid.size, grid.directions
        self.neighbours = grid.neighbour_array(np.int32)
        self.slot_base = n
        self.canonical = canonical_slots(grid, self.neighbours)
        layout = grid.pixel_layout(self.width, self.height, self.camera.scale, self.camera.origin, self.canonical,
                                   self.walls)
        self.layout = layout
        self.owner = layout.owner
        self.bbox = layout.bbox
        self._cell_centres = layout.centres
        self.cell_pixels = layout.cell_pixels
        self.corner_count = layout.corner_count
        self.corner_base = n + n * d
        self.join_base = self.corner_base + self.corner_count
        """Joins of two sides near a corner (``Layout.join_count``) are numbered from here."""
        self.element_count = self.join_base + layout.join_count
        self.element_style = np.full(self.element_count + 1, BACKGROUND_STYLE, dtype=np.int16)
        self.cell_style = np.zeros(n, dtype=np.int16)
        self.packed: np.ndarray | None = None
        """Style -> pixel value in the target surface's format (set by ``use_format``); indexed by
        style, negative pseudo-styles from the end."""
        self._all_slots: np.ndarray | None = None
        self._needed: np.ndarray | None = None
        """Per cell, whether a full redraw styles it (None: every cell); set by ``_visible_elements``."""
        self._visible_joins = np.empty(0, dtype=np.int64)
        """The joins a full redraw styles when not every element is visible (``_visible_elements``)."""
        self._shown: np.ndarray | None = None
        """Per element, whether it owns a pixel (None: most do); a large batch styles only those."""
        self._visible = self._visible_elements()
        self._soft = (SoftEdges(self.owner, self.slot_base)
                      if layout.soft_edges and layout.cell_pixels >= MIN_CELL_PIXELS else None)
        self._rgb: np.ndarray | None = None
        self._packing: ChannelPacking | None = None
        self._ends: tuple[tuple, np.ndarray] | None = None
        self._painted: tuple[np.ndarray, np.ndarray] | None = None
        """Passages and connectors as last restyled (``_note_painted``)."""
        """The entrance and exit last seen, and the opening flags made for them (``_openings``)."""

    def __getattr__(self, name: str):
        """Grid-specific layout figures (``tile``, ``radius``...) read straight from the layout."""
        layout = self.__dict__.get("layout")
        if layout is not None and name in layout.extra:
            return layout.extra[name]
        raise AttributeError(name)

    def _visible_elements(self) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """``(cells, slots, corners)`` that a full redraw must style, or None for everything.

        The cells include every cell next to a visible edge or post: an edge's colour depends on
        the styles of the cells on both sides. (A presence mask, not ``np.unique``: a million
        pixels take milliseconds this way.)"""
        n, d = self.grid.size, self.grid.directions
        present = np.zeros(self.element_count + 1, dtype=bool)
        present[self.owner.ravel()] = True  # -1 (nothing) lands on the spare last entry
        present[-1] = False
        shown = np.flatnonzero(present)
        if len(shown) * 2 > self.element_count:
            return None  # most elements are on screen: styling them all is as cheap
        self._shown = present
        cells = shown[shown < n]
        slots = shown[(shown >= n) & (shown < self.corner_base)] - n
        corners = shown[(shown >= self.corner_base) & (shown < self.join_base)] - self.corner_base
        joins = shown[shown >= self.join_base] - self.join_base
        if len(joins):  # a join's style is read from its two sides': they are styled too
            sides = self._join_slots(joins)
            slots = distinct(np.concatenate([slots, sides.ravel()]))
            present[self.slot_base + sides.ravel()] = True
        self._visible_joins = joins
        slot_cell = slots // d
        slot_nb = self.neighbours[slot_cell, slots % d]
        around = self.layout.corner_cells(corners).ravel() if len(corners) else cells[:0]
        needed = np.zeros(n, dtype=bool)
        for group in (cells, slot_cell, slot_nb, around):
            needed[group[group >= 0]] = True
        self._needed = needed
        return np.flatnonzero(needed), slots.astype(np.int64), corners.astype(np.int64)

    # --- queries ------------------------------------------------------------------

    def same_shape(self, grid: Grid) -> bool:
        """True when ``grid`` has this board's layout (same type and size): a restart keeps it."""
        return grid.shape_key() == self.grid.shape_key()

    def centres_of(self, cells: np.ndarray) -> np.ndarray:
        """The centres of many cells at once, (n, 2) view pixels."""
        return self._cell_centres[cells]

    def cell_centres(self) -> np.ndarray:
        """Every cell's centre, (n, 2) view pixels: the board's own array, not a copy."""
        return self._cell_centres

    def cell_centre(self, cell: int) -> tuple[float, float]:
        """Pixel centre of a cell in board coordinates."""
        x, y = self._cell_centres[cell]
        return float(x), float(y)

    def drawn_rect(self) -> tuple[int, int, int, int]:
        """``(x, y, width, height)`` of the view's pixels the maze covers (walls included): a
        recording is cropped to it, not to the whole view with its empty bands."""
        drawn = self.owner >= 0
        columns, rows = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
        if not len(columns):
            return 0, 0, self.width, self.height
        return (int(columns[0]), int(rows[0]), int(columns[-1] - columns[0] + 1), int(rows[-1] - rows[0] + 1))

    def cell_at(self, x: int, y: int) -> int:
        """The cell drawn at board pixel (x, y), or -1. A wall pixel belongs to the cell that owns
        that edge slot, so pointing at a wall still picks a cell beside it."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return -1
        element = int(self.owner[x, y])
        if element >= self.join_base:  # a join lies inside its cell
            return (element - self.join_base) // JOINS_PER_CELL
        if element < 0 or element >= self.corner_base:
            return -1
        if element < self.grid.size:
            return element
        return (element - self.slot_base) // self.grid.directions

    def wall_at(self, x: int, y: int, reach: float = WALL_REACH) -> tuple[int, int] | None:
        """The wall (or passage) between two cells drawn at or near board pixel (x, y), as
        ``(cell, direction)``, or None. Walls are a few pixels wide, so the nearest edge pixel
        within ``reach`` of a cell's size counts (at least two pixels); outer walls have no
        neighbour to open to and are never picked."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        r = max(2, int(self.cell_pixels * reach))
        x0, y0 = max(0, x - r), max(0, y - r)
        window = self.owner[x0:x + r + 1, y0:y + r + 1]
        slot = window - self.slot_base
        edge = (window >= self.slot_base) & (window < self.corner_base)
        if not edge.any():
            return None
        cell, d = np.divmod(slot, self.grid.directions)
        inner = edge & (self.neighbours[np.where(edge, cell, 0), np.where(edge, d, 0)] >= 0)
        if not inner.any():
            return None
        xs, ys = np.nonzero(inner)
        near = int(np.argmin((xs + x0 - x) ** 2 + (ys + y0 - y) ** 2))
        return int(cell[xs[near], ys[near]]), int(d[xs[near], ys[near]])

    # --- styles -------------------------------------------------------------------

    def _openings(self, maze: Maze) -> np.ndarray:
        """A flag per edge slot for the entrance and exit gaps, kept while they stay where they are
        (made afresh on every restyle it cost a frame a pass over all the slots: 4 MB at 1000 x 1000)."""
        ends = (tuple(maze.entrance), tuple(maze.exit))
        if self._ends is None or self._ends[0] != ends:
            self._ends = (ends, opening_flags(self.grid.size, self.grid.directions, ends))
        return self._ends[1]

    def restyle(self, maze: Maze, overlay: Overlay, cells: np.ndarray | None = None) -> None:
        """Recompute the styles of ``cells`` (every visible element when None) and of their edges and corners."""
        if cells is None:
            self._restyle_visible(maze, overlay)
            return
        if len(cells) == 0:
            return
        self._note_painted(maze, overlay, cells)
        self.cell_style[cells] = cell_styles(maze, overlay, cells)
        self.element_style[cells] = self.cell_style[cells]
        slots = distinct(self.canonical[cells], self.canonical.size)
        corners = self.layout.corners_of(cells) if self.corner_count else None
        if self._shown is not None and len(cells) > FILTER_CELLS:  # what owns no pixel needs no style
            slots = slots[self._shown[self.slot_base + slots]]
            corners = None if corners is None else corners[self._shown[self.corner_base + corners]]
        self.element_style[self.slot_base + slots] = edge_styles(
            maze, overlay, slots, self.neighbours, self.cell_style, self._openings(maze))
        if corners is not None:
            self._restyle_corners(maze, overlay, corners)
        if self.join_base < self.element_count:  # a side's style changed: so did its joins', both cells'
            beside = self.neighbours[cells].ravel()
            around = distinct(np.concatenate([cells, beside[beside >= 0]]), self.grid.size)
            self._restyle_joins((around[:, None] * JOINS_PER_CELL + np.arange(JOINS_PER_CELL)).ravel())

    def _restyle_visible(self, maze: Maze, overlay: Overlay) -> None:
        if self._visible is None:
            cells = np.arange(self.grid.size)
            slots = self._own_slots()
            corners = np.arange(self.corner_count)
        else:
            cells, slots, corners = self._visible
        self._note_painted(maze, overlay, None)
        self.cell_style[cells] = cell_styles(maze, overlay, None if self._visible is None else cells)
        self.element_style[cells] = self.cell_style[cells]
        self.element_style[self.slot_base + slots] = edge_styles(
            maze, overlay, slots, self.neighbours, self.cell_style, self._openings(maze))
        if self.corner_count:
            self._restyle_corners(maze, overlay, corners)
        if self.join_base < self.element_count:
            self._restyle_joins(np.arange(self.element_count - self.join_base) if self._visible is None
                                else self._visible_joins)

    def _note_painted(self, maze: Maze, overlay: Overlay, cells: np.ndarray | None) -> None:
        """Remember the passages and connectors of ``cells`` (all when None) as they are restyled:
        what ``_changed_cells`` compares with, besides the cell styles."""
        if cells is None or self._painted is None:
            self._painted = (maze.passages.copy(), overlay.connector.copy())
        else:
            passages, connector = self._painted
            passages[cells] = maze.passages[cells]
            d = self.grid.directions
            connector.reshape(-1, d)[cells] = overlay.connector.reshape(-1, d)[cells]

    def _changed_cells(self, maze: Maze, overlay: Overlay) -> np.ndarray | None:
        """The cells a redraw must style whose style, passages or connectors differ from what was
        last painted, or None when most do (or nothing was painted yet): a full redraw's work is
        then only these (instant mode asks for one every repaint; a 1000 x 1000 maze's all-over
        restyle took 110 ms). Whole arrays are compared, never gathered: that is the cheap way."""
        if self._painted is None:
            return None
        passages, connector = self._painted
        diff = cell_styles(maze, overlay) != self.cell_style
        diff |= maze.passages != passages
        if not np.array_equal(overlay.connector, connector):
            diff[np.flatnonzero(overlay.connector != connector) // self.grid.directions] = True
        if self._needed is not None:
            diff &= self._needed
        changed = np.flatnonzero(diff)
        if len(changed) * FULL_REDRAW_SHARE > (self.grid.size if self._visible is None else len(self._visible[0])):
            return None
        if self._ends is not None and self._ends[0] != (tuple(maze.entrance), tuple(maze.exit)):
            moved = [cell for cell, _ in self._ends[0] + (tuple(maze.entrance), tuple(maze.exit))
                     if 0 <= cell < self.grid.size]
            changed = np.concatenate([changed, np.array(moved, dtype=changed.dtype)])
        return changed

    def _own_slots(self) -> np.ndarray:
        """Every edge slot once: the slots that are their own canonical slot (computed once)."""
        if self._all_slots is None:
            flat = self.canonical.ravel()
            self._all_slots = np.flatnonzero(flat == np.arange(len(flat), dtype=flat.dtype)).astype(np.int32)
        return self._all_slots

    def _restyle_corners(self, maze: Maze, overlay: Overlay, corners: np.ndarray) -> np.ndarray:
        """Wall posts: open inside a block of joined cells (the grid says which), else wall.
        Returns the element ids it restyled."""
        around = self.layout.corner_cells(corners)
        joined = self.grid.corner_joined(maze.passages, around)
        self.element_style[self.corner_base + corners] = corner_styles(overlay, around, joined, self.cell_style)
        return self.corner_base + corners

    def _join_slots(self, joins: np.ndarray) -> np.ndarray:
        """``(len(joins), 2)``: the edge slots of the two sides each join stands for."""
        assert self.layout.join_sides is not None
        cells, k = np.divmod(joins, JOINS_PER_CELL)
        first, second = self.layout.join_sides(cells, k)
        return np.stack([self.canonical[cells, first], self.canonical[cells, second]], axis=1)

    def _restyle_joins(self, joins: np.ndarray) -> None:
        """Joins: wall when either of their sides is (after the sides are restyled)."""
        sides = self.slot_base + self._join_slots(joins)
        self.element_style[self.join_base + joins] = join_styles(self.element_style[sides[:, 0]],
                                                                 self.element_style[sides[:, 1]])

    # --- painting -----------------------------------------------------------------

    def use_format(self, map_rgb, colours: np.ndarray | None = None) -> None:
        """Pack every style's colour into the target surface's pixel format (``surface.map_rgb``);
        ``colours`` is a theme's style table (the window's current theme by default)."""
        if colours is None:
            colours = themes.current().colours
        self.packed = np.array([map_rgb(tuple(int(v) for v in c)) for c in colours], dtype=np.uint32)
        self._rgb = np.asarray(colours, dtype=np.uint32)
        self._packing = ChannelPacking.of(map_rgb)

    def paint(self, pixels: np.ndarray, maze: Maze, overlay: Overlay, full: bool, cells: list[int]) -> int:
        """Bring ``pixels`` (a ``surfarray.pixels2d`` view of the board) up to date; returns cells painted.

        A full redraw restyles every visible element and gathers the whole view. Otherwise only the
        dirty cells are restyled (their cost grows with them, not with the maze); a few are repainted
        box by box from the ownership map, many by one gather over the view (its cost is the
        view's pixels, whatever the maze's size). Call ``use_format`` first.
        """
        if self.packed is None:
            raise RuntimeError("Board.use_format must be called before paint")
        if pixels.shape != self.owner.shape:
            raise ValueError(f"the board is laid out for {self.owner.shape[0]} x {self.owner.shape[1]} pixels, "
                             f"not {pixels.shape[0]} x {pixels.shape[1]}: lay it out again for the new size")
        changed = self._changed_cells(maze, overlay) if full else None
        if full and changed is None:
            self.restyle(maze, overlay)
            self._gather(pixels)
            return self.grid.size
        dirty = np.fromiter(cells, dtype=np.int64, count=len(cells))
        if changed is not None:  # a full redraw that only needs what changed restyled and repainted
            dirty = distinct(np.concatenate([changed.astype(np.int64), dirty]), self.grid.size)
            self.restyle(maze, overlay, dirty)
            self._repaint_tiles(pixels, dirty)
            return self.grid.size
        if not cells:
            return 0
        self.restyle(maze, overlay, dirty)
        if len(cells) > BOX_CELLS or len(cells) * FULL_REDRAW_SHARE > self.grid.size:
            self._repaint_tiles(pixels, dirty)
            return len(cells)
        style, packed, owner = self.element_style, self.packed, self.owner
        w, h = self.width, self.height
        boxes = []
        for x0, y0, x1, y1 in self.bbox[dirty].tolist():
            x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
            if x0 < x1 and y0 < y1:
                pixels[x0:x1, y0:y1] = packed[style[owner[x0:x1, y0:y1]]]
                boxes.append((max(x0 - 1, 0), max(y0 - 1, 0), min(x1 + 1, w), min(y1 + 1, h)))
        self._soften(pixels, boxes)
        return len(cells)

    def _repaint_tiles(self, pixels: np.ndarray, cells: np.ndarray) -> None:
        """Repaint the TILE x TILE squares of the view that ``cells``' boxes touch, a run of them
        down a column at a time; the whole view in one gather when they touch most of it."""
        w, h = self.width, self.height
        box = self.bbox[cells]
        x0, y0 = np.maximum(box[:, 0], 0), np.maximum(box[:, 1], 0)
        x1, y1 = np.minimum(box[:, 2], w), np.minimum(box[:, 3], h)
        keep = (x0 < x1) & (y0 < y1)
        tx0, ty0, tx1, ty1 = x0[keep] // TILE, y0[keep] // TILE, (x1[keep] - 1) // TILE, (y1[keep] - 1) // TILE
        if not len(tx0):
            return
        span_x, span_y = int((tx1 - tx0).max()) + 1, int((ty1 - ty0).max()) + 1
        if span_x * span_y > MAX_TILE_SPAN:
            self._gather(pixels)  # large cells: few of them, each over many tiles
            return
        marked = np.zeros(((w - 1) // TILE + 1, (h - 1) // TILE + 1), dtype=bool)
        for dx in range(span_x):
            for dy in range(span_y):
                marked[np.minimum(tx0 + dx, tx1), np.minimum(ty0 + dy, ty1)] = True
        if marked.sum() * 2 > marked.size:
            self._gather(pixels)
            return
        self._repaint_runs(pixels, marked)

    def _repaint_runs(self, pixels: np.ndarray, marked: np.ndarray) -> None:
        """Repaint the marked tiles, each run of them down a tile column as one box."""
        assert self.packed is not None
        style, packed, owner = self.element_style, self.packed, self.owner
        w, h = self.width, self.height
        boxes = []
        for column in np.flatnonzero(marked.any(axis=1)).tolist():
            rows = np.flatnonzero(marked[column])
            breaks = np.flatnonzero(np.diff(rows) > 1)
            for first, last in zip(np.r_[rows[0], rows[breaks + 1]].tolist(), np.r_[rows[breaks], rows[-1]].tolist()):
                x0, y0 = column * TILE, first * TILE
                x1, y1 = min(x0 + TILE, w), min((last + 1) * TILE, h)
                pixels[x0:x1, y0:y1] = packed[style[owner[x0:x1, y0:y1]]]
                boxes.append((max(x0 - 1, 0), max(y0 - 1, 0), min(x1 + 1, w), min(y1 + 1, h)))
        self._soften(pixels, boxes)

    def _gather(self, pixels: np.ndarray) -> None:
        """Every pixel of the view from the styles as they stand (one gather, soft edges after)."""
        assert self.packed is not None
        np.take(self.packed, self.element_style[self.owner], out=pixels)
        self._soften(pixels, None)

    def _soften(self, pixels: np.ndarray, boxes: list[tuple[int, int, int, int]] | None) -> None:
        """Soft edges on slanted walls, when the target is true colour (see ``soft_edges``)."""
        if self._soft is not None and self._rgb is not None and self._packing is not None:
            self._soft.paint(pixels, self.element_style, self._rgb, self._packing, boxes)


@dataclass(frozen=True)
class Camera:
    """Pixels per grid unit and where the grid's origin lands in the view."""

    scale: float
    origin: tuple[float, float]

    def zoomed(self, factor: float, anchor: tuple[float, float],
               snap: Callable[[float], float] | None = None) -> "Camera":
        """Zoom by ``factor`` keeping the grid point under ``anchor`` (view pixels) where it is;
        ``snap`` adjusts the new scale (the grid's ``fit_scale``: whole-pixel tiles)."""
        scale = self.scale * factor
        if snap is not None:
            scale = snap(scale)
        ux = (anchor[0] - self.origin[0]) / self.scale
        uy = (anchor[1] - self.origin[1]) / self.scale
        return Camera(scale, (anchor[0] - ux * scale, anchor[1] - uy * scale))

    def panned(self, dx: float, dy: float) -> "Camera":
        return Camera(self.scale, (self.origin[0] + dx, self.origin[1] + dy))

    def kept_in_view(self, span: tuple[float, float], view: tuple[int, int], slack: float = 0.0) -> "Camera":
        """The same zoom, moved so the grid covers the view where it is larger than the view (and is
        centred where it is smaller); ``slack`` is the share of the view it may leave bare."""
        origin = []
        for extent, size, at in zip(span, view, self.origin):
            drawn = extent * self.scale
            if drawn <= size:
                origin.append((size - drawn) / 2)
            else:
                loose = size * slack
                origin.append(min(loose, max(size - drawn - loose, at)))
        return Camera(self.scale, (origin[0], origin[1]))

    def kept_on_disc(self, disc: tuple[float, float, float] | None, view: tuple[int, int]) -> "Camera":
        """The same zoom, moved so the view's centre is on the disc (a round maze): dragging along
        a diagonal then stops with the rim in view instead of an empty corner of the span."""
        if disc is None:
            return self
        cx, cy, radius = disc
        ux, uy = self.to_grid(view[0] / 2, view[1] / 2)
        dx, dy = ux - cx, uy - cy
        distance = (dx * dx + dy * dy) ** 0.5
        if distance <= radius:
            return self
        ux, uy = cx + dx * radius / distance, cy + dy * radius / distance
        return Camera(self.scale, (view[0] / 2 - ux * self.scale, view[1] / 2 - uy * self.scale))

    def to_grid(self, x: float, y: float) -> tuple[float, float]:
        """View pixel -> grid units."""
        return (x - self.origin[0]) / self.scale, (y - self.origin[1]) / self.scale


def fit_camera(grid: Grid, width: int, height: int, walls: float | None = None) -> Camera:
    """The camera that shows the whole grid centred in the view, as large as it fits with the
    grid's outer walls whole: the half of a wall that lies outside the span (``pixel_margin``,
    heavier with the ``walls`` weight, the window's by default) fits too. The margin only shrinks
    with the scale, so the second fit still has room for it."""
    span_w, span_h = grid.pixel_span()
    fit = min(width / span_w, height / span_h)
    weight = WALL_WEIGHTS[_walls[0]] if walls is None else walls
    margin = math.ceil(grid.pixel_margin(fit) * max(1.0, weight))
    if margin:
        fit = max(min((width - margin) / span_w, (height - margin) / span_h), fit / 2)
    scale = grid.fit_scale(fit)
    return Camera(scale, ((width - span_w * scale) / 2, (height - span_h * scale) / 2))


def canonical_slots(grid: Grid, neighbours: np.ndarray) -> np.ndarray:
    """``(n, D)`` edge slot ids: each edge has one slot, so both cells beside it paint one element.

    The first half of the directions own their edge; the others use the neighbour's slot, unless
    the edge is on the outer border."""
    return canonical_in_place(grid, neighbours.astype(np.int32))  # a copy: the neighbours stay


SLOT_BLOCK = 1 << 18
"""Cells whose slots ``canonical_in_place`` works out at once."""


def canonical_in_place(grid: Grid, table: np.ndarray) -> np.ndarray:
    """``canonical_slots`` written over ``table``, an int32 neighbour table, which it becomes: a
    slot depends on its own entry alone, so a picture painted in bands never holds both tables
    (96 MB each on a 2000 x 2000 hex grid), and a block of cells at a time (whole, the
    temporaries were 68 MB more)."""
    n, d = table.shape
    half = d // 2
    for start in range(0, n, SLOT_BLOCK):
        block = table[start:start + SLOT_BLOCK]
        own = np.arange(start, start + len(block), dtype=np.int32)[:, None] * d + np.arange(d, dtype=np.int32)
        cells = own[:, 0] // d
        for k in range(half, d):
            block[:, k] = edge_slot(grid, cells, np.int32(k), block[:, k])
        block[:, :half] = own[:, :half]
    return table


def edge_slot(grid: Grid, cells: np.ndarray, side: np.ndarray, beyond: np.ndarray) -> np.ndarray:
    """The slot ``canonical_slots`` gives side ``side`` of ``cells``, whose neighbours that way are
    ``beyond`` (-1 past the border): the cell's own for the first half of the directions and on the
    border, else the neighbour's slot for the way back."""
    d = grid.directions
    theirs = (side >= d // 2) & (beyond >= 0)
    return np.where(theirs, beyond * d + (side + d // 2) % d, cells * d + side)
