"""A grid with cells taken away: a maze in the outline of a word or a picture.

A :class:`Mask` is a small picture of where cells are (rows of ``.`` for a cell, ``X`` for none).
:class:`MaskedGrid` lays it over a grid of any maskable kind and keeps the cells it covers that
join up with the largest connected part (the others are dropped and counted in ``dropped``: a
maze must be one piece). The kept cells are numbered afresh, 0 to ``size - 1`` in the base grid's
order, so every generator, solver and the model run unchanged: they only ever see ``size``,
the neighbour tables and the coordinates, and a missing cell is just a neighbour that does not
exist. Coordinates, names and pictures are the base grid's, looked up through ``ids`` (masked id
-> base id) and ``index`` (base id -> masked id, -1 for a missing cell).

Drawing asks the base grid for its pixel layout and renumbers it: a missing cell's pixels show
nothing, its edge with a kept cell becomes that cell's wall (so the outline is walled all round),
and a wall post with no kept cell around it disappears.

The entrance is the first kept cell (top row, leftmost) through the base grid's entrance side, the
exit the last kept cell (bottom row, rightmost) through its exit side: for the maskable grids those
sides always face a missing cell or the border, so the openings lead out of the shape.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property, partial
from inspect import getattr_static
from types import FunctionType
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.graph import components, small_components
from .base import MAX_SIDE, Grid, Neighbours, Taken
from .layout import JOINS_PER_CELL, Layout

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import DTypeLike

    from ..core.maze import Maze
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CELL, HOLE = ".", "X"
"""The two characters of a mask's rows: a cell, no cell."""


@dataclass(frozen=True)
class Mask:
    """Where cells are, as rows of ``.`` (a cell) and ``X`` (none), to be laid over a grid.

    ``by_plane`` says how a grid of another size reads it: False (text masks and saved masks) scales
    columns and rows, one character a cell when the sizes agree; True (pictures) looks at the point
    of the picture under each cell's centre, so a silhouette keeps its shape on any grid."""

    rows: tuple[str, ...]
    name: str = "mask"
    by_plane: bool = False

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise ValueError("a mask needs at least one row and one column")
        if len(self.rows) > MAX_SIDE or any(len(row) != len(self.rows[0]) for row in self.rows):
            raise ValueError(f"a mask's rows must all be as long as the first, at most {MAX_SIDE} rows")
        if len(self.rows[0]) > MAX_SIDE:
            raise ValueError(f"a mask's rows must be at most {MAX_SIDE} characters long")
        if any(row.strip(CELL + HOLE) for row in self.rows):
            raise ValueError(f"a mask's rows hold only {CELL!r} (a cell) and {HOLE!r} (no cell)")

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def height_for(self, grid: type[Grid], width: int) -> int:
        """The rows a ``width``-wide grid of this kind needs to show the mask in its own proportions:
        a picture's shape on the page (the grid's own aspect), a text mask's rows and columns."""
        if self.by_plane:
            height = grid.fitting_height(width, self.height / self.width)
        else:
            height = round(width * self.height / self.width)
        return max(grid.MIN_SIZE[1], min(MAX_SIDE, height))

    def picture(self) -> np.ndarray:
        """``(height, width)`` bool: True where the mask puts a cell."""
        raw = np.frombuffer("".join(self.rows).encode("ascii"), dtype=np.uint8)
        return (raw == ord(CELL)).reshape(self.height, self.width)

    def covers(self, grid: Grid) -> np.ndarray:
        """``(grid.size,)`` bool: which cells of a (whole) grid the mask keeps."""
        in_rows = self.covers_rows(grid)
        return in_rows.ravel() if in_rows is not None else self.covers_each(grid)

    def covers_each(self, grid: Grid) -> np.ndarray:
        """``covers`` read at every cell's own centre (any grid; ``covers_rows`` is the same, faster)."""
        picture = self.picture()
        cells = np.arange(grid.size, dtype=np.int64)
        if self.by_plane:
            centres = grid.unit_centres()
            px = _sample(centres[:, 0], grid.width, self.width)
            py = _sample(centres[:, 1], grid.height, self.height)
        else:
            x, y = grid.coords_array(cells)
            starts = grid.row_starts()
            lengths = (starts[1:] - starts[:-1])[y]
            px = ((2 * x + 1) * self.width) // (2 * lengths)
            py = ((2 * y + 1) * self.height) // (2 * grid.height)
        return picture[py, px]

    def covers_rows(self, grid: Grid) -> np.ndarray | None:
        """``covers`` as a ``(height, width)`` picture where the grid's cells are rows of ``width`` in
        order, read from one row of picture columns and one column of picture rows (each a pair where
        a centre depends on the other's parity): the same cells as every cell's centre gives, without
        a table of 4 million of them. None for other grids."""
        w, h = grid.width, grid.height
        if not in_rows(grid):
            return None
        picture = self.picture()
        if not self.by_plane:
            across = ((2 * np.arange(w) + 1) * self.width) // (2 * w)
            down = ((2 * np.arange(h) + 1) * self.height) // (2 * h)
            return picture[np.ix_(down, across)]
        axes = grid.centre_axes()
        if axes is None:
            return None
        xs, ys = axes
        across, down = _sample(xs, w, self.width), _sample(ys, h, self.height)
        out = np.empty((h, w), dtype=bool)
        for row in range(xs.shape[0]):
            for column in range(ys.shape[1]):
                out[row::2, column::2] = picture[np.ix_(down[row::2, column], across[row, column::2])]
        return out

    @classmethod
    def of_cells(cls, grid: MaskedGrid) -> Mask:
        """The mask that gives exactly ``grid``'s cells on its base grid's rows (what a file saves)."""
        base = grid.base
        rows = []
        starts = base.row_starts().tolist()
        kept = np.zeros(base.size, dtype=bool)
        kept[grid.ids] = True
        longest = max(base.row_length(y) for y in range(base.height))
        for y in range(base.height):
            row = kept[starts[y]:starts[y + 1]]
            rows.append("".join(CELL if k else HOLE for k in row.tolist()).ljust(longest, HOLE))
        return cls(tuple(rows), grid.mask.name, by_plane=False)


def _sample(centres: np.ndarray, cells: int, pixels: int) -> np.ndarray:
    """The picture column (or row) under each centre: the centres' range, widened by half a cell's
    step each side, stretched over the picture's ``pixels``."""
    low, high = float(centres.min()), float(centres.max())
    step = (high - low) / (cells - 1) if cells > 1 and high > low else 1.0
    start, extent = low - step / 2, high - low + step
    return np.clip(((centres - start) / extent * pixels).astype(np.int64), 0, pixels - 1)


def largest_part(table: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """``keep`` less every cell not joined (through kept neighbours) to the largest connected part;
    of parts equally large, the one with the first cell."""
    kept = np.flatnonzero(keep)
    if len(kept) == 0:
        return keep
    cells = np.arange(len(keep))
    starts, ends = [], []
    for d in range(table.shape[1]):
        nb = table[:, d]
        joined = keep & (nb > cells) & keep[np.maximum(nb, 0)]
        starts.append(cells[joined])
        ends.append(nb[joined])
    part = components(np.concatenate(starts), np.concatenate(ends), len(keep))[kept]
    labels, first, sizes = np.unique(part, return_index=True, return_counts=True)
    best = labels[np.lexsort((first, -sizes))[0]]  # the largest; of those, the first reached
    largest = np.zeros(len(keep), dtype=bool)
    largest[kept[part == best]] = True
    return largest


def in_rows(grid: Grid) -> bool:
    """True when cell ``y * width + x`` is column ``x`` of row ``y`` and every row is ``width`` long."""
    w, h = grid.width, grid.height
    return grid.size == w * h and bool(np.array_equal(grid.row_starts(), np.arange(h + 1) * w))


def kept_cells(grid: Grid, covered: np.ndarray) -> np.ndarray:
    """``largest_part`` of the covered cells of a whole grid, from its rows' runs where the grid says
    how rows join (``Grid.row_links``; no neighbour table: 0.4 s and 128 MB at 2000 x 2000), else
    from its neighbour table."""
    links = grid.row_links() if in_rows(grid) else None
    if links is None:
        return largest_part(grid.neighbour_array(), covered)
    return largest_in_rows(covered.reshape(grid.height, grid.width), links).ravel()


def largest_in_rows(keep: np.ndarray, links: list[tuple[int, np.ndarray]]) -> np.ndarray:
    """``largest_part`` of a ``(height, width)`` picture whose cells join the next in their row and,
    by ``links`` (``Grid.row_links``), cells of the row below. Each row's run of kept cells is one
    node; runs meet where a link joins two kept cells (a link like the one before it in its row
    meets the same two runs, so only the first is kept): a heart at 2000 x 2000 is 3,000 runs, not
    2.6 million cells."""
    h, w = keep.shape
    starts, ends = keep.copy(), keep.copy()
    starts[:, 1:] &= ~keep[:, :-1]
    ends[:, :-1] &= ~keep[:, 1:]
    first, last = np.flatnonzero(starts), np.flatnonzero(ends)
    if not len(first):
        return keep.copy()
    run = (np.cumsum(starts, dtype=np.int32) - 1).reshape(h, w)  # the run of each kept cell
    one, other = [np.empty(0, dtype=np.int32)], [np.empty(0, dtype=np.int32)]
    for dx, where in links:
        lo, hi = max(0, -dx), w - max(0, dx)
        if h < 2 or lo >= hi:
            continue
        above, below = np.s_[:-1, lo:hi], np.s_[1:, lo + dx:hi + dx]
        joined = keep[above] & keep[below] & where[..., lo:hi]
        a, b = run[above][joined], run[below][joined]
        new = np.ones(len(a), dtype=bool)
        new[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
        one.append(a[new])
        other.append(b[new])
    part = small_components(np.concatenate(one), np.concatenate(other), len(first))
    _, first_run, of_run = np.unique(part, return_index=True, return_inverse=True)
    sizes = np.bincount(of_run.ravel(), weights=last - first + 1)
    best = np.lexsort((first_run, -sizes))[0]  # the largest; of those, the one with the first cell
    return keep & (of_run.ravel() == best)[run]


def class_attributes(base: type[Grid]) -> dict[str, Any]:
    """What a masked grid takes from its base grid's class as it is: every public class attribute
    that is not about one grid's cells (names, directions, play keys, sizes, class methods), unless
    MaskedGrid defines its own. A new class attribute on a grid reaches its masked grids unasked."""
    attributes: dict[str, Any] = {}
    for name in dir(base):
        if name.startswith("_") or name in vars(MaskedGrid):
            continue
        value = getattr_static(base, name)
        if isinstance(value, (FunctionType, property)):
            continue  # instance methods and properties work on the base grid's cells: MaskedGrid's own
        attributes[name] = value if isinstance(value, staticmethod) else getattr(base, name)
    return attributes


@cache
def masked_class(base: type[Grid]) -> type[MaskedGrid]:
    """The masked grid class for one base grid class (``MaskedSquareGrid``...), made once."""
    return type(f"Masked{base.__name__}", (MaskedGrid,), class_attributes(base))


def mask_grid(base: Grid, mask: Mask) -> MaskedGrid:
    """``base`` with the mask's cells only; ValueError when the grid takes no mask or none is left."""
    return masked_class(type(base))(base, mask)


class MaskedGrid(Grid):
    """The cells of a base grid that a mask keeps, numbered 0 to ``size - 1``."""

    BIAS_DIRECTIONS: ClassVar[dict[str, tuple[int, int, int]]] = {}  # a fixed pair of directions leaves cells cut off
    LAB_BOARDS = ()
    STRIP_LAYOUT = False  # its layout renumbers the base grid's whole view (``pixel_layout``)

    def __init__(self, base: Grid, mask: Mask) -> None:  # noqa: D107 - the base class checked the size
        if not base.MASKABLE:
            raise ValueError(f"{base.kind} grids take no mask")
        self.base = base
        self.mask: Mask = mask
        covered = mask.covers(base)
        kept = kept_cells(base, covered)
        if not kept.any():
            raise ValueError(f"the mask {mask.name} leaves no cells on a {base.width}x{base.height} {base.kind} grid")
        self.dropped = int(covered.sum() - kept.sum())
        """Cells the mask covers that were left out because they do not join the largest part."""
        self.ids = np.flatnonzero(kept)
        self.width, self.height = base.width, base.height
        self.size = len(self.ids)

    # The tables below are made on first use: the checks and refusals before any work read the size,
    # the cells kept and the picture's span only (at 2000 x 2000 the tables take over a second).

    @cached_property
    def index(self) -> np.ndarray:
        """Base id -> masked id, -1 for a missing cell."""
        index = np.full(self.base.size, -1, dtype=np.int64)
        index[self.ids] = np.arange(self.size)
        return index

    @cached_property
    def _table(self) -> np.ndarray:
        """The base grid's neighbour table on the kept cells, in masked ids (-1: no cell there)."""
        rows = self.base.neighbour_array()[self.ids]
        return np.where(rows >= 0, self.index[np.maximum(rows, 0)], -1)

    @cached_property
    def free_neighbours(self) -> Callable[[int, Taken], Neighbours]:  # type: ignore[override]  # made on first use
        return self._make_free_neighbours()

    @cached_property
    def neighbours(self) -> Callable[[int], Neighbours]:  # type: ignore[override]  # made on first use
        every: Callable[[int], Neighbours] = partial(self.free_neighbours, taken=bytes(self.size))  # type: ignore[call-arg]
        return every

    @cached_property
    def _openings(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return self._opening(0, self.base.entrance_direction), self._opening(self.size - 1, self.base.exit_direction)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base!r}, {self.mask.name!r}, {self.size} cells)"

    def _opening(self, cell: int, preferred: int) -> tuple[int, int]:
        """``(cell, side)``: the preferred side when it leads out of the shape, else the first that does."""
        outward = [d for d in range(self.directions) if self._table[cell, d] < 0]
        return cell, preferred if preferred in outward or not outward else outward[0]

    def shape_key(self) -> tuple[Any, ...]:
        return (*self.base.shape_key(), self.ids.tobytes())

    # --- topology -------------------------------------------------------------------

    @property
    def entrance(self) -> tuple[int, int]:
        return self._openings[0]

    @property
    def exit(self) -> tuple[int, int]:
        return self._openings[1]

    def cell(self, x: int, y: int) -> int:
        """The id of the cell at ``(x, y)``, or -1 where the mask left no cell."""
        return int(self.index[self.base.cell(x, y)]) if self.base.contains(x, y) else -1

    def coords(self, cell: int) -> tuple[int, int]:
        return self.base.coords(int(self.ids[cell]))

    def contains(self, x: int, y: int) -> bool:
        return self.base.contains(x, y) and self.index[self.base.cell(x, y)] >= 0

    def coords_array(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.base.coords_array(self.ids[np.asarray(cells, dtype=np.int64)])

    def cell_array(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        base = self.base.cell_array(x, y)
        return np.where(base >= 0, self.index[np.maximum(base, 0)], -1)

    def row_length(self, y: int) -> int:
        return self.base.row_length(y)

    def row_starts(self) -> np.ndarray:
        """Kept cells keep the base grid's order, so each row's kept cells are still one run of ids."""
        return np.searchsorted(self.ids, self.base.row_starts()).astype(np.int64)

    def neighbour_array(self, dtype: DTypeLike = "int64") -> np.ndarray:
        return self._table.astype(dtype)

    def distance(self, a: int, b: int) -> int:
        """The base grid's distance: a detour round a hole only makes the real one longer."""
        return self.base.distance(int(self.ids[a]), int(self.ids[b]))

    # --- pictures -------------------------------------------------------------------

    def pixel_span(self) -> tuple[float, float]:
        return self.base.pixel_span()

    def unit_centres(self) -> np.ndarray:
        return self.base.unit_centres_of(self.ids)

    def unit_centres_of(self, cells: np.ndarray) -> np.ndarray:
        return self.base.unit_centres_of(self.ids[np.asarray(cells, dtype=np.int64)])

    def edge_segments(self) -> np.ndarray:
        return self.base.cell_segments(self.ids)

    def cell_segments(self, cells: np.ndarray) -> np.ndarray:
        """The kept cells' sides from the base grid's (only those asked for where it can: an SVG reads
        a block at a time, and each block made every base cell's sides, 512 MB at 2000 x 2000)."""
        return self.base.cell_segments(self.ids[np.asarray(cells, dtype=np.int64)])

    def content_disc(self) -> tuple[float, float, float] | None:
        return self.base.content_disc()

    def pixel_margin(self, unit: float) -> int:
        return self.base.pixel_margin(unit)

    def pixel_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float = 1.0) -> Layout:
        """The base grid's layout, renumbered: missing cells show nothing, their edges with kept cells
        are those cells' walls, and posts with no kept cell round them go."""
        base, n, d = self.base, self.size, self.directions
        blank = n * d  # a slot number no kept edge has: "nothing here"
        base_canonical = np.full((base.size, d), blank, dtype=np.int64)
        base_canonical[self.ids] = canonical
        table = base.neighbour_array()
        missing = self.index < 0
        for k in range(d):  # a missing cell's side towards a kept cell is that cell's wall
            nb = table[:, k]
            towards_kept = missing & (nb >= 0) & (self.index[np.maximum(nb, 0)] >= 0)
            kept_nb = self.index[nb[towards_kept]]
            base_canonical[towards_kept, k] = canonical[kept_nb, self.opposite(k)]
        layout = base.pixel_layout(width, height, scale, origin, base_canonical, walls)
        owner = layout.owner.astype(np.int64)
        base_n = base.size
        post_base = base_n + base_n * d
        is_cell = (owner >= 0) & (owner < base_n)
        is_slot = (owner >= base_n) & (owner < post_base)
        join_base = post_base + layout.corner_count
        is_post = (owner >= post_base) & (owner < join_base)
        new = np.full(owner.shape, -1, dtype=np.int64)
        new[is_cell] = self.index[owner[is_cell]]
        slot = owner[is_slot] - base_n
        new[is_slot] = np.where(slot == blank, -1, n + slot)
        if layout.corner_count:
            posts, at = np.unique(owner[is_post] - post_base, return_inverse=True)
            shown = (self._kept_around(layout, posts) >= 0).any(axis=1)
            new[is_post] = np.where(shown, n + n * d + posts, -1)[at.ravel()]
        if layout.join_count:
            is_join = owner >= join_base
            new[is_join] = self._joins(layout, base_canonical, owner[is_join] - join_base, blank)
        return Layout(owner=np.ascontiguousarray(new, dtype=np.int32), bbox=layout.bbox[self.ids],
                      centres=layout.centres[self.ids], cell_pixels=layout.cell_pixels,
                      corner_count=layout.corner_count,
                      corner_cells=partial(self._kept_around, layout),
                      corners_of=lambda cells: layout.corners_of(self.ids[cells]),
                      soft_edges=layout.soft_edges, join_count=n * JOINS_PER_CELL if layout.join_count else 0,
                      join_sides=self._join_sides(layout), extra=layout.extra)

    def _joins(self, layout: Layout, base_canonical: np.ndarray, joins: np.ndarray, blank: int) -> np.ndarray:
        """Base joins renumbered: a kept cell's as its own; inside a missing cell, the first of its
        two sides that is a kept cell's wall (always wall), else nothing."""
        assert layout.join_sides is not None
        n, d = self.size, self.directions
        cells, k = np.divmod(joins, JOINS_PER_CELL)
        kept = self.index[cells]
        first, second = layout.join_sides(cells, k)
        slot = np.where(base_canonical[cells, first] != blank, base_canonical[cells, first],
                        base_canonical[cells, second])
        beside = np.where(slot == blank, -1, n + slot)
        return np.where(kept >= 0, n + n * d + layout.corner_count + kept * JOINS_PER_CELL + k, beside)

    def _join_sides(self, layout: Layout) -> Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]] | None:
        """The base layout's ``join_sides`` for kept cells (masked ids)."""
        sides = layout.join_sides
        if sides is None:
            return None
        return lambda cells, k: sides(self.ids[cells], k)

    def _kept_around(self, layout: Layout, posts: np.ndarray) -> np.ndarray:
        """The kept cells round each post, in masked ids (-1 off the grid or missing)."""
        around = layout.corner_cells(posts).astype(np.int64)
        return np.where(around >= 0, self.index[np.maximum(around, 0)], -1).astype(np.int32)

    def corner_joined(self, passages: np.ndarray, around: np.ndarray) -> np.ndarray:
        return self.base.corner_joined(passages, around)

    def text_lines(self, maze: Maze, holes: np.ndarray | None = None) -> list[str]:
        """The base grid's text picture of the same maze, the holes left blank (where the base grid
        has a text picture: triangles and discs refuse as they do unmasked)."""
        return self.base.text_lines(self._whole(maze), self.index < 0)

    def tile_map(self, maze: Maze, holes: np.ndarray | None = None) -> np.ndarray:
        """The base grid's tile map of the same maze, the holes ``TILE_NONE`` (where the base grid is
        a tile map)."""
        return self.base.tile_map(self._whole(maze), self.index < 0)

    def _whole(self, maze: Maze) -> Maze:
        """The same maze on the whole base grid: the holes solid, rooms under the base grid's ids."""
        whole = type(maze)(self.base)  # a maze of the same kind on the whole grid (grids import no model)
        whole.passages[self.ids] = maze.passages
        whole.state[self.ids] = maze.state
        whole.entrance = (int(self.ids[maze.entrance[0]]), maze.entrance[1])
        whole.exit = (int(self.ids[maze.exit[0]]), maze.exit[1])
        whole.rooms = {room: self.ids[np.asarray(cells, dtype=np.int64)].tolist() for room, cells in maze.rooms.items()}
        return whole

    # --- words ----------------------------------------------------------------------

    def direction_word(self, d: int) -> str:
        return self.base.direction_word(d)

    def cell_name(self, cell: int) -> str:
        return self.base.cell_name(int(self.ids[cell]))

    # --- dungeon rooms ----------------------------------------------------------------

    def room_cells(self, rng: random.Random, room_min: int, room_max: int) -> list[int]:
        """The base grid's room, if every one of its cells is kept (else it does not fit)."""
        cells = self.base.room_cells(rng, room_min, room_max)
        kept = self.index[np.asarray(cells, dtype=np.int64)] if cells else np.empty(0, dtype=np.int64)
        return kept.tolist() if len(kept) and (kept >= 0).all() else []

    def describe_room(self, cells: list[int]) -> dict[str, Any]:
        return self.base.describe_room([int(c) for c in self.ids[np.asarray(cells, dtype=np.int64)]])

