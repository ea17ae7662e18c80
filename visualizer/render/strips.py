"""A finished maze painted a band of pixel rows at a time: a picture with no whole-view tables.

The window's ``Board`` holds the whole ownership map (the element each pixel shows) and a box and a
centre per cell, so that it can repaint any part of the view cheaply. A picture is painted once, so
holding them is waste: at 2000 x 2000 cells (4001 x 4001 pixels) the map and the temporaries that
made it took 830 MB of the PNG export's 1080. Here every element's style is worked out once, a
block of elements at a time, and the map is made one band of rows at a time
(``Grid.strip_layout``) and gathered straight into the picture's pixels, which come out the same
as the Board's to the bit (the tests compare them). Slanted and curved walls are softened across
the floor pixels round them (``soft_edges``), which reads each pixel's eight neighbours: a band is
then laid out with a row more above and below it, softened, and its own rows kept.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.maze import Maze
from ..grids import Grid
from ..grids.layout import JOINS_PER_CELL, Layout
from ..run.overlay import Overlay
from .board import BACKGROUND_STYLE, Camera, canonical_in_place, edge_slot
from .soft_edges import MIN_CELL_PIXELS, ChannelPacking, SoftEdges
from .styles import cell_styles, corner_styles, edge_styles, join_styles, opening_flags

STRIP_PIXELS = 1 << 18
"""Pixels in one band of rows (1 MB of ownership map; 64 rows of a 4096-pixel-wide picture). A slanted
grid's layout holds some twelve float64 temporaries a pixel while it works a band out: at 1 << 20
pixels that was 150 MB of a hex PNG's 515 at 2000 x 2000; square bands are no slower this size."""
STYLE_BLOCK = 1 << 18
"""Edge slots or wall posts styled at once: the styling's temporaries stay a few MB each (at 1 << 20
they peaked at 160 MB)."""


def can_paint(grid: Grid) -> bool:
    """True when ``grid`` lays out bands of rows on its own (``Grid.STRIP_LAYOUT``)."""
    return grid.STRIP_LAYOUT


@dataclass(frozen=True)
class Colours:
    """A theme's style colours for one target surface, as ``Board.use_format`` keeps them."""

    packed: np.ndarray
    """Style -> pixel value in the target's format."""
    rgb: np.ndarray
    """Style -> ``(r, g, b)``, for blending soft edges."""
    packing: ChannelPacking | None
    """How the target packs its channels; None (no true colour) leaves edges hard."""

    @classmethod
    def of(cls, map_rgb, colours: np.ndarray) -> Colours:
        """``colours`` (a theme's style table) for a surface whose ``map_rgb`` is given."""
        packed = np.array([map_rgb(tuple(int(v) for v in c)) for c in colours], dtype=np.uint32)
        return cls(packed, np.asarray(colours, dtype=np.uint32), ChannelPacking.of(map_rgb))


KEPT_SHARE = 8
"""A band map is kept only if it deflates to an eighth of its bytes or less (a hex view's: a twelfth)."""


class Layouts:
    """Each band's ownership map, kept between pictures of one grid at one size and camera (an
    animation's frames): the layout never changes from frame to frame, only the styles do, and laying
    a hex band out pixel by pixel was three quarters of a frame's time. A map is kept as its steps
    from pixel to pixel down a column, deflated: the 64 MB of a 4096 x 4096 hex view in about 5."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.maps: dict[tuple[int, int], tuple[bytes, np.dtype, tuple[int, ...]]] = {}
        self.neighbours: dict[tuple[int, int], tuple[bytes, np.dtype, tuple[int, ...]]] = {}
        """The neighbour table a block of cells at a time (steps from cell to cell, deflated): the
        styles read it a block at a time, so the whole table (96 MB on a 2000 x 2000 hex grid) is
        not made again for each frame."""
        self.worth = True
        """False once a map of this view deflated poorly (``keep``): nothing more is kept."""

    def holds_all(self, key: tuple, rows: list[tuple[int, int]]) -> bool:
        """True when every band of ``rows`` is kept for the view ``key`` names; the maps of another
        view are dropped."""
        if key != self.key:
            self.key, self.maps, self.neighbours, self.worth = key, {}, {}, True
        return self.worth and bool(self.neighbours) and all(band in self.maps for band in rows)

    def get(self, band: tuple[int, int]) -> np.ndarray | None:
        kept = self.maps.get(band)
        return None if kept is None else thaw(kept, 1)

    def keep(self, band: tuple[int, int], owner: np.ndarray) -> None:
        """Keep ``owner``, the map of ``band``, unless maps of this view deflate poorly: a square grid's
        tiles of cell, wall and post alternate too finely (its 61 MB deflate to 36, and laying a
        square band out is quick), so then none is kept and every frame is laid out."""
        if not self.worth:
            return
        kept = freeze(owner, 1)
        if len(kept[0]) * KEPT_SHARE > owner.nbytes:
            self.worth, self.maps, self.neighbours = False, {}, {}
        else:
            self.maps[band] = kept

    def keep_neighbours(self, table: np.ndarray, rows: int) -> None:
        """Keep ``table`` in blocks of ``rows`` cells (the blocks ``neighbour_rows`` hands back)."""
        if not self.worth:
            return
        for start in range(0, len(table), rows):
            self.neighbours[(start, min(len(table), start + rows))] = freeze(table[start:start + rows], 0)

    def neighbour_rows(self, start: int, stop: int) -> np.ndarray:
        return thaw(self.neighbours[(start, stop)], 0)


def freeze(table: np.ndarray, axis: int) -> tuple[bytes, np.dtype, tuple[int, ...]]:
    """An integer table as its steps along ``axis``, deflated (``thaw`` gives it back exactly)."""
    steps = np.diff(table, axis=axis, prepend=np.zeros_like(table.take([0], axis=axis)))
    return zlib.compress(steps.tobytes(), 1), table.dtype, table.shape


def thaw(kept: tuple[bytes, np.dtype, tuple[int, ...]], axis: int) -> np.ndarray:
    data, dtype, shape = kept
    return np.cumsum(np.frombuffer(zlib.decompress(data), dtype=dtype).reshape(shape), axis=axis, dtype=dtype)


@dataclass
class Bands:
    """A picture of one maze ready to paint band by band: every element's style, and the edge
    slots the bands' layouts need (``prepare`` makes it)."""

    grid: Grid
    size: tuple[int, int]
    camera: Camera
    walls: float
    canonical: np.ndarray | None
    """The edge slots the layouts number elements by; None when ``layouts`` holds every band's map."""
    style: np.ndarray
    soft: bool = False
    """Whether the Board would soften this picture's walls (``Layout.soft_edges``, cells large enough)."""
    layouts: Layouts | None = None
    """Band maps kept from an earlier picture of the same view, and kept here for a later one."""

    def paint(self, pixels: np.ndarray, colours: Colours, strip_pixels: int = STRIP_PIXELS) -> None:
        """Paint the whole of ``pixels`` (``(width, height)``, x-major like ``surfarray``) as a Board
        of that size at this camera paints it on a full redraw, in ``colours``."""
        if pixels.shape != self.size:
            raise ValueError(f"the bands are laid out for {self.size[0]} x {self.size[1]} pixels, "
                             f"not {pixels.shape[0]} x {pixels.shape[1]}")
        soft = self.soft and colours.packing is not None
        for band in band_rows(self.size, strip_pixels):
            pixels[:, band[0]:band[1]] = self._band(band, colours, soft)

    def _band(self, band: tuple[int, int], colours: Colours, soft: bool) -> np.ndarray:
        """The pixels of the rows ``band``; softened ones from a layout a row larger each way, as the
        softening of a row reads the rows beside it."""
        width, height = self.size
        laid = (max(0, band[0] - 1), min(height, band[1] + 1)) if soft else band
        owner = self.layouts.get(laid) if self.layouts is not None else None
        if owner is None:
            assert self.canonical is not None
            owner = self.grid.strip_layout(width, height, self.camera.scale, self.camera.origin, self.canonical,
                                           self.walls, laid).owner
            if self.layouts is not None:
                self.layouts.keep(laid, owner)
        block = colours.packed[self.style[owner]]
        if soft:
            assert colours.packing is not None
            SoftEdges(owner, self.grid.size).paint(block, self.style, colours.rgb, colours.packing)
        return block[:, band[0] - laid[0]:band[1] - laid[0]]


def band_rows(size: tuple[int, int], strip_pixels: int = STRIP_PIXELS) -> list[tuple[int, int]]:
    """The ``(top, bottom)`` rows of each band of a picture of ``size`` pixels."""
    rows = max(1, strip_pixels // size[0])
    return [(top, min(size[1], top + rows)) for top in range(0, size[1], rows)]


def prepare(maze: Maze, overlay: Overlay, size: tuple[int, int], camera: Camera, walls: float,
            layouts: Layouts | None = None) -> Bands:
    """Style every element of ``maze`` for a picture of ``size`` pixels at ``camera`` (before the
    picture's own pixels are made, so the two never peak together); ``layouts``: the band maps of
    pictures of this view, kept from one to the next (then painted at the default band height,
    without soft edges)."""
    grid = maze.grid
    if not can_paint(grid):
        raise ValueError(f"{grid.kind} grids are painted whole, by a Board")
    size = (max(1, size[0]), max(1, size[1]))
    if layouts is not None and layouts.holds_all((id(grid), size, camera, walls), band_rows(size)):
        no_slots = np.empty((0, grid.directions), dtype=np.int32)  # no rows are laid out: no slot is read
        layout = grid.strip_layout(size[0], size[1], camera.scale, camera.origin, no_slots, walls, (0, 0))
        style = element_styles(maze, overlay, layouts.neighbour_rows, layout)
        return Bands(grid, size, camera, walls, None, style, soft_edges(layout), layouts)  # nothing to lay out
    table = grid.neighbour_array(np.int32)
    layout = grid.strip_layout(size[0], size[1], camera.scale, camera.origin, table, walls, (0, 0))  # no rows:
    style = element_styles(maze, overlay, lambda a, b: table[a:b], layout)  # only its counts are read
    if layouts is not None:
        layouts.keep_neighbours(table, style_rows(grid.directions))
    canonical = canonical_in_place(grid, table)  # the neighbours become the slots: never both held
    return Bands(grid, size, camera, walls, canonical, style, soft_edges(layout), layouts)


def style_rows(directions: int) -> int:
    """Cells whose edge slots are styled at once (STYLE_BLOCK slots)."""
    return max(1, STYLE_BLOCK // directions)


def soft_edges(layout: Layout) -> bool:
    """Whether a Board softens this view's walls (cells large enough)."""
    return layout.soft_edges and layout.cell_pixels >= MIN_CELL_PIXELS


def element_styles(maze: Maze, overlay: Overlay, neighbour_rows: Callable[[int, int], np.ndarray],
                   layout: Layout) -> np.ndarray:
    """Every element's style (cells, each edge's own slot, wall posts; a spare last entry for the
    pixels that show nothing), as a Board's full restyle leaves them, made a block of cells at a time
    (``neighbour_rows(start, stop)``: those cells' rows of the neighbour table). A slot is its edge's
    own when its direction is in the first half or no neighbour lies that way (as ``canonical_slots``
    numbers them)."""
    grid = maze.grid
    n, d = grid.size, grid.directions
    corner_base = n + n * d
    join_base = corner_base + layout.corner_count
    style = np.full(join_base + layout.join_count + 1, BACKGROUND_STYLE, dtype=np.int16)
    cell_style = cell_styles(maze, overlay)
    style[:n] = cell_style
    openings = opening_flags(n, d, (tuple(maze.entrance), tuple(maze.exit)))
    rows = style_rows(d)
    for start in range(0, n, rows):
        block = neighbour_rows(start, min(n, start + rows))
        mine = block < 0
        mine[:, :d // 2] = True
        own = np.flatnonzero(mine) + start * d
        style[n + own] = edge_styles(maze, overlay, own, block, cell_style, openings, start)
    for start in range(0, layout.corner_count, STYLE_BLOCK):
        corners = np.arange(start, min(layout.corner_count, start + STYLE_BLOCK))
        around = layout.corner_cells(corners)
        joined = grid.corner_joined(maze.passages, around)
        style[corner_base + corners] = corner_styles(overlay, around, joined, cell_style)
    if layout.join_count and layout.join_sides is not None:
        for start in range(0, n, rows):  # after every slot: a join reads the slots of both its sides
            block = neighbour_rows(start, min(n, start + rows))
            cells = np.repeat(np.arange(start, start + len(block)), JOINS_PER_CELL)
            k = np.tile(np.arange(JOINS_PER_CELL), len(block))
            first, second = layout.join_sides(cells, k)
            sides = [n + edge_slot(grid, cells, side, block[cells - start, side].astype(np.int64))
                     for side in (first, second)]
            style[join_base + cells * JOINS_PER_CELL + k] = join_styles(style[sides[0]], style[sides[1]])
    return style
