"""Grid topologies: which cells exist and who their neighbours are. Nothing else.

Cells are numbered ``id = y * width + x`` so an id indexes the model's numpy arrays directly.
Directions are small integers; ``opposite(d)`` is the direction back.

Square: 0 N, 1 E, 2 S, 3 W.
Hex: flat-topped hexagons in columns, odd columns shifted half a cell down, exactly the
doubled-coordinate layout of the source maze (cell (x, y) sits at doubled row ``2y + (x & 1)``):
0 NW, 1 N, 2 NE, 3 SE, 4 S, 5 SW.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from functools import partial
from typing import Callable, Union

import numpy as np

Neighbours = list[tuple[int, int]]
"""``[(direction, neighbour_cell), ...]`` for the neighbours that exist."""
Taken = Union[bytes, bytearray]
"""One byte per cell; non-zero marks a cell as taken (visited, in the maze, a room...)."""

MAX_SIDE = 2000
"""The largest width or height a grid accepts (4 million cells)."""


class Grid(ABC):
    """Shape only: cell ids, coordinates, neighbours by direction."""

    kind: str
    directions: int
    direction_names: tuple[str, ...]

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ValueError(f"grid size must be between 1x1 and {MAX_SIDE}x{MAX_SIDE}, got {width}x{height}")
        self.width = width
        self.height = height
        self.size = width * height
        self.free_neighbours: Callable[[int, Taken], Neighbours] = self._make_free_neighbours()
        """``free_neighbours(cell, taken)``: the neighbours whose byte in ``taken`` is 0.
        The generators' hot path: filtering inside the unrolled function is ~2x faster than
        filtering its result."""
        self.neighbours: Callable[[int], Neighbours] = partial(self.free_neighbours, taken=bytes(self.size))
        """``neighbours(cell)``: every neighbour that exists, as ``[(direction, cell), ...]``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.width}, {self.height})"

    def cell(self, x: int, y: int) -> int:
        """The id of the cell at column ``x``, row ``y``."""
        return y * self.width + x

    def coords(self, cell: int) -> tuple[int, int]:
        """``(x, y)`` of a cell id."""
        return cell % self.width, cell // self.width

    def contains(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def opposite(self, direction: int) -> int:
        """The direction that leads back."""
        return (direction + self.directions // 2) % self.directions

    def neighbour(self, cell: int, direction: int) -> int:
        """The neighbour of ``cell`` in ``direction``, or -1 past the edge."""
        for d, nb in self.neighbours(cell):
            if d == direction:
                return nb
        return -1

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

    entrance_direction: int
    exit_direction: int

    STEPS: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    """``(dx, dy)`` per direction, for cells in even and in odd columns."""

    def neighbour_array(self) -> np.ndarray:
        """The (size, directions) table of neighbour ids, -1 past the edge (numpy, no Python loop)."""
        cells = np.arange(self.size, dtype=np.int64)
        x, y = cells % self.width, cells // self.width
        odd = (x & 1).astype(bool)
        out = np.full((self.size, self.directions), -1, dtype=np.int64)
        for d in range(self.directions):
            dx = np.where(odd, self.STEPS[1][d][0], self.STEPS[0][d][0])
            dy = np.where(odd, self.STEPS[1][d][1], self.STEPS[0][d][1])
            nx, ny = x + dx, y + dy
            inside = (nx >= 0) & (nx < self.width) & (ny >= 0) & (ny < self.height)
            out[:, d] = np.where(inside, ny * self.width + nx, -1)
        return out

    def neighbour_flat(self) -> array:
        """``flat[cell * directions + d]``: the neighbour in direction d, or -1 (an int64 array).

        For random walks: pick a direction, look it up, retry on -1. That is uniform over the
        neighbours that exist and costs two index operations per step instead of a function call.
        """
        flat = array("q")
        flat.frombytes(self.neighbour_array().astype(np.int64).tobytes())
        return flat

    @abstractmethod
    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        """Build the fast neighbour function (a closure over the size, unrolled for speed)."""

    @abstractmethod
    def distance(self, a: int, b: int) -> int:
        """Fewest steps between two cells if every wall were open (A*'s heuristic)."""


class SquareGrid(Grid):
    kind = "square"
    directions = 4
    direction_names = ("N", "E", "S", "W")
    entrance_direction = 0
    exit_direction = 2
    STEPS = (((0, -1), (1, 0), (0, 1), (-1, 0)),) * 2

    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        w, n = self.width, self.size

        def free_neighbours(c: int, taken: Taken) -> Neighbours:
            x = c % w
            out = []
            if c >= w and not taken[c - w]:
                out.append((0, c - w))
            if x < w - 1 and not taken[c + 1]:
                out.append((1, c + 1))
            if c + w < n and not taken[c + w]:
                out.append((2, c + w))
            if x > 0 and not taken[c - 1]:
                out.append((3, c - 1))
            return out

        return free_neighbours

    def distance(self, a: int, b: int) -> int:
        ax, ay = self.coords(a)
        bx, by = self.coords(b)
        return abs(ax - bx) + abs(ay - by)


class HexGrid(Grid):
    kind = "hex"
    directions = 6
    direction_names = ("NW", "N", "NE", "SE", "S", "SW")
    entrance_direction = 0
    exit_direction = 3
    DOUBLED_DELTAS = ((-1, -1), (-2, 0), (-1, 1), (1, 1), (2, 0), (1, -1))
    """``(dy, dx)`` per direction in doubled coordinates, as in the source hex maze."""
    STEPS = (((-1, -1), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 0)),
             ((-1, 0), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 1)))

    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        w, h = self.width, self.height

        # Unrolled for speed (this runs once per generator step); the steps are DOUBLED_DELTAS
        # turned into (dx, dy) for even columns and for odd columns, which sit half a cell lower.
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


GRIDS: dict[str, type[Grid]] = {"square": SquareGrid, "hex": HexGrid}


def make_grid(kind: str, width: int, height: int) -> Grid:
    """Build a grid by name; ValueError with a readable message for an unknown name or bad size."""
    try:
        cls = GRIDS[kind]
    except KeyError:
        raise ValueError(f"unknown grid {kind!r}; choose one of: {', '.join(GRIDS)}") from None
    return cls(width, height)
