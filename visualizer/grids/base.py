"""The abstract grid: what every grid type provides, and the defaults a new type may keep.

Cells are numbered ``id = y * width + x`` so an id indexes the model's numpy arrays directly
(a grid whose rows differ in length, the polar grid's rings, numbers them row after row and says
so through ``cell_count``, ``coords_array`` / ``cell_array`` and ``row_starts``).
Directions are small integers (named constants in each grid's module); ``opposite(d)`` is the
direction back. Everything that differs between grid kinds lives on the grid class, so the rest
of the program asks the grid (``grid.text_lines(maze)``, ``grid.room_cells(...)``...) instead of
comparing ``grid.kind`` with a name.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from .layout import Layout, clip_box

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import DTypeLike

    from ..core.maze import Maze
    from .masked import Mask
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

Neighbours = list[tuple[int, int]]
"""``[(direction, neighbour_cell), ...]`` for the neighbours that exist."""
Taken = bytes | bytearray
"""One byte per cell; non-zero marks a cell as taken (visited, in the maze, a room...)."""

MAX_SIDE = 2000
"""The largest width or height a grid accepts (4 million cells)."""
NEIGHBOUR_BLOCK = 1 << 18
"""Cells whose neighbours ``neighbour_array`` works out at once."""


ARROWS_AND_WASD: dict[str, str] = {"up": "up", "w": "up", "down": "down", "s": "down",
                                   "left": "left", "a": "left", "right": "right", "d": "right"}
"""Play keys of a grid whose moves are up, down, left and right: each arrow and its W A S D twin."""

TILE_NONE, TILE_FLOOR, TILE_WALL, TILE_DOOR = 0, 1, 2, 3
"""The tiles of a tile map (``Grid.tile_map``): nothing (outside a mask's shape), floor, wall, and a
door (an opening in a room's wall). They are also the CSV export's numbers and the Tiled export's
tile ids plus one."""

class Grid(ABC):
    """Shape (cell ids, coordinates, neighbours by direction) plus everything kind-specific."""

    kind: ClassVar[str]
    """The registry name: ``make_grid(kind, ...)``, the JSON ``grid`` field, ``--grid``."""
    directions: ClassVar[int]
    direction_names: ClassVar[tuple[str, ...]]
    entrance_direction: ClassVar[int]
    exit_direction: ClassVar[int]

    STEPS: ClassVar[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]]
    """``(dx, dy)`` per direction, for cells in even and in odd columns."""

    MOVES: ClassVar[dict[str, int]] = {}
    """Play: move name ("up", "down-left"...) -> the direction it walks."""
    SIDEWAYS: ClassVar[dict[str, tuple[int, int]]] = {}
    """Play: move names that pick one of two directions (first, second) by which passage is open."""
    TIE_BREAK: ClassVar[tuple[str, str]] = ("vertical", "up")
    """Play: when both of a SIDEWAYS pair are open, the first is taken if the last move along this
    axis ("vertical": up / down, "across": left / right) was this one, else the second."""
    PLAY_KEYS: ClassVar[dict[str, str]] = {}
    """Play: key name as ``pygame.key.name()`` spells it -> move name."""
    PLAY_HELP: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Play: ``(keys, what they do)`` rows for the help overlay and the README."""
    BIAS_DIRECTIONS: ClassVar[dict[str, tuple[int, int, int]]] = {}
    """Binary tree: bias corner -> (first, second, fallback) directions. Empty: no binary tree here."""
    LAB_BOARDS: ClassVar[tuple[tuple[int, int], ...]] = ()
    """Tiny sizes (width, height) the uniformity lab offers on this shape; the first is where it opens."""

    UNIT_PIXELS: ClassVar[tuple[float, float]] = (1, 12)
    """Smallest and largest on-screen size of one ``span`` unit in a saved picture."""
    WHOLE_UNITS: ClassVar[bool] = True
    """True when a unit must be a whole number of pixels (tile grids stay crisp)."""

    MIN_SIZE: ClassVar[tuple[int, int]] = (1, 1)
    """The smallest width and height whose cells all join up."""
    MIN_SIZE_REASON: ClassVar[str] = "smaller, its cells do not all join up"
    """Why a smaller grid is refused, in words for the one-line message."""
    MASK_COLUMNS: ClassVar[float] = 1.0
    """Columns of this grid that show a picture mask as finely as one column of squares (triangles
    are half as wide: two)."""
    MASKABLE: ClassVar[bool] = True
    """True when a mask may take cells away (``grids.masked``): the first cell's entrance side and the
    last cell's exit side must lead out of any shape (they face the previous and the next row)."""

    TILE_MAP: ClassVar[bool] = False
    """True when the grid is a tile map (``tile_map``): each cell and each wall between two cells a
    square tile, as games and map editors lay out a level (the Tiled and CSV exports need one)."""

    mask: Mask | None = None
    """The mask that took cells away (``grids.masked.MaskedGrid``); None for a whole grid."""

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ValueError(f"grid size must be between 1x1 and {MAX_SIDE}x{MAX_SIDE}, got {width}x{height}")
        if width < self.MIN_SIZE[0] or height < self.MIN_SIZE[1]:
            raise ValueError(f"a {self.kind} grid must be at least {self.MIN_SIZE[0]}x{self.MIN_SIZE[1]} "
                             f"({self.MIN_SIZE_REASON}), got {width}x{height}")
        self.width = width
        self.height = height
        self.size = self.cell_count(width, height)
        self.free_neighbours: Callable[[int, Taken], Neighbours] = self._make_free_neighbours()
        """``free_neighbours(cell, taken)``: the neighbours whose byte in ``taken`` is 0.
        The generators' hot path: filtering inside the unrolled function is ~2x faster than
        filtering its result."""
        every: Callable[[int], Neighbours] = partial(self.free_neighbours, taken=bytes(self.size))  # type: ignore[call-arg]
        self.neighbours = every
        """``neighbours(cell)``: every neighbour that exists, as ``[(direction, cell), ...]``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.width}, {self.height})"

    def shape_key(self) -> tuple[Any, ...]:
        """Equal for grids with the same cells in the same places (a restart may keep the layout)."""
        return type(self), self.width, self.height

    @classmethod
    def cell_count(cls, width: int, height: int) -> int:
        """How many cells a width x height grid has: width * height here; grids whose rows are not
        all ``width`` long (rings) count their own."""
        return width * height

    # --- topology -----------------------------------------------------------------

    def cell(self, x: int, y: int) -> int:
        """The id of the cell at column ``x``, row ``y``."""
        return y * self.width + x

    def coords(self, cell: int) -> tuple[int, int]:
        """``(x, y)`` of a cell id."""
        return cell % self.width, cell // self.width

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def coords_array(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``coords`` for many cells at once: ``(x, y)`` int64 arrays."""
        cells = np.asarray(cells, dtype=np.int64)
        return cells % self.width, cells // self.width

    def cell_array(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """``cell`` for many coordinates at once (int64), -1 where ``contains`` is False."""
        x, y = np.asarray(x, dtype=np.int64), np.asarray(y, dtype=np.int64)
        inside = (x >= 0) & (x < self.width) & (y >= 0) & (y < self.height)
        return np.where(inside, y * self.width + x, -1)

    def row_length(self, y: int) -> int:
        """How many cells row ``y`` holds (x runs from 0 to this less one)."""
        return self.width

    def row_starts(self) -> np.ndarray:
        """``(rows + 1,)`` the first id of each row of cells, then ``size``: row ``k`` is the ids
        ``starts[k] .. starts[k + 1] - 1`` (what scans row by row walk; rings on a polar grid)."""
        return np.arange(self.height + 1, dtype=np.int64) * self.width

    def cells(self) -> range:
        """Every cell id, in order: what a beginner's ``for cell in grid.cells()`` walks."""
        return range(self.size)

    def neighbour_cells(self, cell: int) -> list[int]:
        """The cells next to ``cell``, without their directions (``neighbours`` gives the pairs)."""
        return [nb for _, nb in self.neighbours(cell)]

    def opposite(self, direction: int) -> int:
        """The direction that leads back (directions go round, so it is half a turn on)."""
        return (direction + self.directions // 2) % self.directions

    def neighbour(self, cell: int, direction: int) -> int:
        """The neighbour of ``cell`` in ``direction``, or -1 past the edge."""
        for d, nb in self.neighbours(cell):
            if d == direction:
                return nb
        return -1

    def bias_table(self, bias: str) -> tuple[np.ndarray, np.ndarray]:
        """For a binary tree toward ``bias``: per cell the two neighbours it chooses between and
        the one it takes when it has neither (``(size, 3)``, -1 where there is none), and the
        direction to each. Here the columns are ``BIAS_DIRECTIONS[bias]``; a grid where fixed
        directions cannot make a tree says per cell instead."""
        directions = self.BIAS_DIRECTIONS[bias]
        table = self.neighbour_array()[:, list(directions)]
        return table, np.broadcast_to(np.array(directions, dtype=table.dtype), table.shape)

    def bias_words(self, bias: str) -> tuple[str, str]:
        """The binary tree's two choices in words ("north", "east")."""
        first, second = self.BIAS_DIRECTIONS[bias][:2]
        return self.direction_word(first), self.direction_word(second)

    def direction_between(self, a: int, b: int) -> int:
        """The direction from ``a`` to its neighbour ``b`` (ValueError if not neighbours)."""
        for d, nb in self.neighbours(a):
            if nb == b:
                return d
        raise ValueError(f"cells {a} and {b} are not neighbours")

    @property
    def entrance(self) -> tuple[int, int]:
        """``(cell, direction)``: the top-left cell opens to the outside."""
        return 0, self.entrance_direction

    @property
    def exit(self) -> tuple[int, int]:
        """``(cell, direction)``: the bottom-right cell opens to the outside."""
        return self.size - 1, self.exit_direction

    def neighbour_array(self, dtype: DTypeLike = "int64") -> np.ndarray:
        """The (size, directions) table of neighbour ids, -1 past the edge (numpy, no Python loop).
        ``dtype=np.int32`` halves it for the renderer (4 million cells fit in int32). Made a block of
        cells at a time, so its temporaries stay a few MB (whole, they were three times the table)."""
        out = np.full((self.size, self.directions), -1, dtype=dtype)
        for start in range(0, self.size, NEIGHBOUR_BLOCK):
            cells = np.arange(start, min(self.size, start + NEIGHBOUR_BLOCK), dtype=dtype)
            x, y = cells % self.width, cells // self.width
            odd = (x & 1).astype(bool)
            for d in range(self.directions):
                (dx, dy), (odd_dx, odd_dy) = self.STEPS[0][d], self.STEPS[1][d]
                nx = x + (dx if dx == odd_dx else np.where(odd, odd_dx, dx))
                ny = y + (dy if dy == odd_dy else np.where(odd, odd_dy, dy))
                inside = (nx >= 0) & (nx < self.width) & (ny >= 0) & (ny < self.height)
                out[start:start + len(cells), d] = np.where(inside, ny * self.width + nx, -1)
        return out

    def row_links(self) -> list[tuple[int, np.ndarray]] | None:
        """How cells join the row below, for counting a mask's parts on its ``(height, width)`` picture
        of covered cells (``grids.masked``) without the neighbour table: ``(dx, where)`` pairs, ``where``
        a bool array that broadcasts over ``(height - 1, width)``, True where cell ``(x, y)``
        neighbours ``(x + dx, y + 1)``; besides, every cell neighbours ``(x + 1, y)``. Read from
        ``STEPS`` where the table is theirs; None where it is not (rows of other lengths, a table of
        the grid's own): then the parts come from the table."""
        own_table = type(self).neighbour_array is not Grid.neighbour_array
        if own_table or type(self).cell is not Grid.cell or self.size != self.width * self.height:
            return None
        where: dict[int, np.ndarray] = {}
        columns = np.arange(self.width) % 2
        for parity, steps in enumerate(self.STEPS):
            if (1, 0) not in steps or any(abs(dx) > 1 or abs(dy) > 1 for dx, dy in steps):
                return None
            for dx in (dx for dx, dy in steps if dy == 1):
                where[dx] = where.get(dx, np.zeros((1, self.width), dtype=bool)) | (columns == parity)
        return sorted(where.items())

    def neighbour_flat(self) -> array:
        """``flat[cell * directions + d]``: the neighbour in direction d, or -1 (an int64 array).

        For random walks: pick a direction, look it up, retry on -1. That is uniform over the
        neighbours that exist and costs two index operations per step instead of a function call.
        """
        flat = array("q")
        table = np.ascontiguousarray(self.neighbour_array(), dtype=np.int64)
        flat.frombytes(table.view(np.uint8).data)  # one copy of the table, not three
        return flat

    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        """Build the fast neighbour function. This default looks the neighbours up in a table
        built from ``neighbour_array``; the shipped grids override it with unrolled closures."""
        table = self.neighbour_array().ravel()
        # One list: 0.05 s at 250k cells (per-cell lists took 0.7 s), and a tenth quicker to read
        # than an array; past a few million entries its int objects cost hundreds of MB, so an
        # array of C integers (8 bytes an entry) instead.
        flat: list[int] | array = (table.tolist() if len(table) <= LIST_ENTRIES
                                   else array("q", table.astype(np.int64).tobytes()))
        directions, order = self.directions, tuple(range(self.directions))

        def free_neighbours(c: int, taken: Taken) -> Neighbours:
            i = c * directions
            out = []
            for d in order:
                nb = flat[i + d]
                if nb >= 0 and not taken[nb]:
                    out.append((d, nb))
            return out

        return free_neighbours

    @abstractmethod
    def distance(self, a: int, b: int) -> int:
        """Fewest steps between two cells if every wall were open (A*'s heuristic)."""

    # --- pictures -------------------------------------------------------------------

    @classmethod
    @abstractmethod
    def span_for(cls, width: int, height: int) -> tuple[float, float]:
        """The drawn extent ``(span_w, span_h)`` of a width x height grid, in the grid's own units."""

    def pixel_span(self) -> tuple[float, float]:
        """The drawn extent of this grid in its own units (see ``span_for``)."""
        return self.span_for(self.width, self.height)

    def fit_scale(self, fit: float) -> float:
        """The scale to draw at when ``fit`` pixels a unit would just fit: grids drawn as tiles use
        whole pixels from 8 px a unit up (crisp), and fill the view below that."""
        return float(math.floor(fit)) if self.WHOLE_UNITS and fit >= 8 else fit

    def unit_centres(self) -> np.ndarray:
        """(size, 2) centre of every cell in the grid's plane: the thin-wall picture, where a square
        cell is a unit square and a hexagon has radius 1 (y grows downward, as on screen)."""
        raise NotImplementedError(f"{self.kind} grids have no plane geometry")

    def unit_centres_of(self, cells: np.ndarray) -> np.ndarray:
        """``unit_centres()[cells]``, worked out for the cells asked for only where the grid can
        (``SEGMENTS_BY_CELL`` grids): a vector export of a large maze places a few cells by it."""
        return self.unit_centres()[np.asarray(cells, dtype=np.int64)]

    CENTRES_BY_AXES: ClassVar[bool] = False
    """True when a cell's centre is its column's x (given its row's parity) and its row's y (given its
    column's parity), and ``unit_centres_of`` works out only the cells asked for: a picture mask is
    then read from two rows and two columns of centres (``centre_axes``), not every cell's."""

    def centre_axes(self) -> tuple[np.ndarray, np.ndarray] | None:
        """``(xs, ys)``: the x centres of the columns in the first two rows (``(rows, width)``) and the
        y centres of the rows in the first two columns (``(height, columns)``), so that cell ``(x, y)``
        is centred at ``(xs[y % rows, x], ys[y, x % columns])``; None unless ``CENTRES_BY_AXES``."""
        if not self.CENTRES_BY_AXES:
            return None
        w, h = self.width, self.height
        rows, columns = min(2, h), min(2, w)
        xs = self.unit_centres_of(np.arange(rows * w))[:, 0].reshape(rows, w)
        down = (np.arange(h)[:, None] * w + np.arange(columns)[None, :]).ravel()
        return xs, self.unit_centres_of(down)[:, 1].reshape(h, columns)

    CURVED_EDGES: ClassVar[bool] = False
    """True when some sides are curves that ``edge_segments`` gives as chords (``edge_bend``)."""

    def edge_bend(self, start: tuple[float, float], end: tuple[float, float]) -> list[tuple[float, float]]:
        """The points between ``start`` and ``end`` that a side joining them passes through in the
        plane (the ends left out): none for a straight side. Vector pictures (SVG, PDF) draw them."""
        return []

    def edge_segments(self) -> np.ndarray:
        """(size, directions, 2, 2): for each cell and direction, the two ends of the edge on that
        side in the plane of ``unit_centres`` (both cells of an edge give the same two points, in
        opposite order). Vector exports and the first-person view draw walls from these."""
        raise NotImplementedError(f"{self.kind} grids have no plane geometry")

    SEGMENTS_BY_CELL: ClassVar[bool] = False
    """True when ``cell_segments`` works out only the cells asked for: a vector export of a large
    grid then reads the sides a block of cells at a time instead of holding all of them."""

    STRIP_LAYOUT: ClassVar[bool] = False
    """True when ``strip_layout`` lays out a band of a view's pixel rows for what the band costs: a
    picture is then painted a band at a time (``render.strips``), never holding the whole map."""

    def cell_segments(self, cells: np.ndarray) -> np.ndarray:
        """``edge_segments()[cells]``, for the cells asked for only where ``SEGMENTS_BY_CELL``."""
        return self.edge_segments()[cells]

    EXTENT_BY_ROWS: ClassVar[bool] = False
    """True when a cell's sides span a range of x set by its column (growing with it) and a range of
    y set by its row (growing with it, whatever the column's parity does within the row): the sides
    of any set of cells in ``row_starts``'s rows then reach no further than those of each row's first
    and last cells and of the top and bottom rows' cells (``extent_cells``). Rings are not like that."""

    def extent_cells(self) -> np.ndarray | None:
        """The cells, in order from the first, whose sides reach as far as every cell's (see
        ``EXTENT_BY_ROWS``): a page refuses a large masked maze from a few thousand cells' sides, not
        every kept cell's (0.25 s at 1000 x 1000). None where every cell's sides must be read."""
        if not self.EXTENT_BY_ROWS:
            return None
        starts = self.row_starts()
        rows = np.flatnonzero(starts[1:] > starts[:-1])
        top, bottom = rows[0], rows[-1]
        ends = [starts[rows], starts[rows + 1] - 1, np.arange(starts[top], starts[top + 1]),
                np.arange(starts[bottom], starts[bottom + 1])]
        cells = np.sort(np.concatenate(ends))
        return cells[np.diff(cells, prepend=-1) > 0]  # not np.unique: it imports numpy.ma (20 ms)

    def pixel_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float = 1.0) -> Layout:
        """Which element owns each pixel of a ``width`` x ``height`` view at this camera.

        This default suits a grid of unit cells in columns and rows (``span_for`` = width, height)
        that has no picture of its own: each cell a square, a wall band on each side that leads to
        a neighbour straight across. Links in other directions (diagonals) are not drawn."""
        w, n = self.width, self.size
        gx = (np.arange(width) + 0.5 - origin[0]) / scale
        gy = (np.arange(height) + 0.5 - origin[1]) / scale
        cx, cy = np.floor(gx).astype(np.int64), np.floor(gy).astype(np.int64)
        inside = ((cx >= 0) & (cx < w))[:, None] & ((cy >= 0) & (cy < self.height))[None, :]
        cell = np.where(inside, cy[None, :] * w + cx[:, None], -1)
        owner = cell.copy()
        band = max(1.0, scale * 0.09) / scale
        fx, fy = (gx - cx)[:, None], (gy - cy)[None, :]
        sides = {(-1, 0): fx < band, (1, 0): fx > 1 - band, (0, -1): fy < band, (0, 1): fy > 1 - band}
        for step, near in sides.items():
            if step in self.STEPS[0] and self.STEPS[0] == self.STEPS[1]:
                d = self.STEPS[0].index(step)
                wall = inside & near
                owner = np.where(wall, n + canonical[np.maximum(cell, 0), d], owner)
        cells = np.arange(n, dtype=np.int64)
        x0, y0 = origin[0] + (cells % w) * scale, origin[1] + (cells // w) * scale
        bbox = clip_box(np.floor(x0) - 1, np.floor(y0) - 1, np.ceil(x0 + scale) + 1, np.ceil(y0 + scale) + 1)
        centres = np.stack([x0 + scale / 2, y0 + scale / 2], axis=-1).astype(np.float32)
        return Layout(owner=np.ascontiguousarray(owner, dtype=np.int32), bbox=bbox, centres=centres,
                      cell_pixels=scale)

    def strip_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float, rows: tuple[int, int]) -> Layout:
        """``pixel_layout``'s view for the pixel rows ``rows[0]`` to ``rows[1]`` alone (``owner`` those
        rows, the same elements; no per-cell ``bbox`` or ``centres``), so a large picture can be drawn
        a band at a time; only where ``STRIP_LAYOUT``."""
        raise NotImplementedError(f"{self.kind} grids lay out whole views only")

    def corner_joined(self, passages: np.ndarray, around: np.ndarray) -> np.ndarray:
        """For grids with wall posts: True where a post sits inside joined cells (drawn as floor)."""
        return np.zeros(len(around), dtype=bool)

    def direction_word(self, d: int) -> str:
        """A direction in words for sentences: "north", "south-east" (from the compass letters)."""
        letters = {"N": "north", "E": "east", "S": "south", "W": "west"}
        name = self.direction_names[d]
        return "-".join(letters.get(ch, ch) for ch in name)

    def cell_name(self, cell: int) -> str:
        """How a person names a cell: "(x, y)" here; grids with rings or rows say it their way."""
        return "({}, {})".format(*self.coords(cell))

    def content_disc(self) -> tuple[float, float, float] | None:
        """(centre x, centre y, radius) in span units when the picture is a disc inside its span
        (panning then keeps the disc in view, not just the span), else None."""
        return None

    def pixel_margin(self, unit: float) -> int:
        """Extra pixels a picture needs around the span at ``unit`` pixels per unit."""
        return 0

    @classmethod
    def fitting_height(cls, width: int, aspect: float) -> int:
        """The height whose picture at this width best fills a view ``aspect`` (height / width) tall.

        This default searches the heights with ``span_for``; grids with a closed formula override it.
        """
        def ratio(height: int) -> float:
            span_w, span_h = cls.span_for(width, height)
            return span_h / span_w

        lo, hi = 1, MAX_SIDE
        while lo < hi:  # the first height at least as tall as the view
            mid = (lo + hi) // 2
            lo, hi = (mid + 1, hi) if ratio(mid) < aspect else (lo, mid)
        if lo > 1 and aspect - ratio(lo - 1) < ratio(lo) - aspect:
            return lo - 1
        return lo

    def text_lines(self, maze: Maze, holes: np.ndarray | None = None) -> list[str]:
        """The maze as lines of text; ``holes`` (a bool per cell) are cells a mask took away, drawn as
        blank space. Grids without a text picture refuse in one line."""
        raise ValueError(f"text export is not available for {self.kind} grids")

    def tile_map(self, maze: Maze, holes: np.ndarray | None = None) -> np.ndarray:
        """The maze as a (rows, columns) uint8 array of ``TILE_*`` tiles, ``holes`` as in ``text_lines``
        (tiles that touch only holes are ``TILE_NONE``). Grids that are no tile map refuse in one line."""
        raise ValueError(f"{self.kind} grids are not made of square tiles")

    # --- dungeon rooms ----------------------------------------------------------------

    def room_cells(self, rng: random.Random, room_min: int, room_max: int) -> list[int]:
        """A random room's cells ([] if it cannot fit). Default: a rectangle of columns and rows."""
        w, h = rng.randint(room_min, room_max), rng.randint(room_min, room_max)
        if w > self.width or h > self.height:
            return []
        x0, y0 = rng.randint(0, self.width - w), rng.randint(0, self.height - h)
        return [self.cell(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]

    def describe_room(self, cells: list[int]) -> dict[str, Any]:
        """The JSON description of a room's shape (its cells are listed beside it).

        Default: the bounding rectangle in columns and rows, exact for ``room_cells``'s rooms.
        """
        xs, ys = zip(*(self.coords(c) for c in cells))
        return {"shape": "rectangle", "x": min(xs), "y": min(ys),
                "width": max(xs) - min(xs) + 1, "height": max(ys) - min(ys) + 1}

    # --- play -------------------------------------------------------------------------

    def move_direction(self, name: str, is_open: Callable[[int], bool],
                       last: Mapping[str, str] | None = None) -> int:
        """The direction a named move walks from a cell whose open passages ``is_open`` tells; -1 for none.

        A ``SIDEWAYS`` name takes whichever of its two directions is open; when both are, the one
        ``TIE_BREAK`` picks from ``last``, the last move made along each axis (see ``move_axis``):
        on hex, Left goes north-west after Up and south-west after Down.
        """
        pair = self.SIDEWAYS.get(name)
        if pair is None:
            return self.MOVES.get(name, -1)
        first, second = pair
        open_first, open_second = is_open(first), is_open(second)
        if open_first and open_second:
            axis, favoured = self.TIE_BREAK
            return first if (last or {}).get(axis, favoured) == favoured else second
        if open_first or open_second:
            return first if open_first else second
        return -1


def move_axis(name: str) -> str | None:
    """"vertical" for up / down, "across" for left / right, None for a diagonal move."""
    return {"up": "vertical", "down": "vertical", "left": "across", "right": "across"}.get(name)


LIST_ENTRIES = 4_000_000
"""Neighbour tables up to this many entries are read from a Python list, larger ones from an array."""


def sides_present(segments: np.ndarray) -> np.ndarray:
    """Which of ``edge_segments``'s sides a cell really has (a triangle lacks one direction, the polar
    centre pie its inner side: those are zero-length segments). Any leading shape, then 2 x 2."""
    vectors = segments[..., 1, :] - segments[..., 0, :]
    return np.hypot(vectors[..., 0], vectors[..., 1]) > 1e-9


def centre_spacing(centres: np.ndarray, segments: np.ndarray) -> float:
    """The distance between neighbouring cell centres in the plane (1 for squares, sqrt(3) for
    radius-1 hexagons): twice the first cell's centre-to-side distance, which a lone cell has too."""
    sides = segments[0][sides_present(segments[0])]
    middles = sides.mean(axis=1)
    reach = np.sort(np.hypot(*(middles - centres[0]).T))
    return float(reach[(len(reach) - 1) // 2] + reach[len(reach) // 2])  # twice the median (np.median imports numpy.ma)


def clamp_side(value: float) -> int:
    """``value`` rounded to a whole grid side from 1 to MAX_SIDE."""
    return int(min(MAX_SIDE, max(1, round(value))))
