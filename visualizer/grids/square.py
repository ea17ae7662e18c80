"""Square cells in rows and columns: four neighbours, drawn as a tile map.

Text picture: the (2W+1) x (2H+1) tile map, ``#`` wall and space floor; cell (x, y) is tile
(2x+1, 2y+1) and the wall between two cells is the tile between them. The PNG uses the same
tiles, so a square grid spans 2W+1 by 2H+1 tile units.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from .base import ARROWS_AND_WASD, TILE_DOOR, TILE_FLOOR, TILE_NONE, TILE_WALL, Grid, Neighbours, Taken, clamp_side
from .layout import Layout, clip_box, distinct, outside

if TYPE_CHECKING:
    import numpy as np

    from ..core.maze import Maze
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

N, E, S, W = 0, 1, 2, 3
"""The square directions, clockwise from north."""

WALL, FLOOR = "#", " "
"""The text picture's tiles."""


class SquareGrid(Grid):
    kind = "square"
    directions = 4
    direction_names = ("N", "E", "S", "W")
    N, E, S, W = N, E, S, W
    entrance_direction = N
    exit_direction = S
    STEPS = (((0, -1), (1, 0), (0, 1), (-1, 0)),) * 2

    MOVES: ClassVar[dict[str, int]] = {"up": N, "right": E, "down": S, "left": W}
    PLAY_KEYS: ClassVar[dict[str, str]] = dict(ARROWS_AND_WASD)
    PLAY_HELP = (("Arrows  or  W A S D", "move (square grids)"),)
    LAB_BOARDS = ((3, 3), (2, 2), (2, 3))
    TILE_MAP = True
    BIAS_DIRECTIONS: ClassVar[dict[str, tuple[int, int, int]]] = {
        "NE": (N, E, E), "NW": (N, W, W), "SE": (S, E, E), "SW": (S, W, W)}
    """(vertical, horizontal, fallback): only the bias corner has neither, and it is the root,
    so the fallback (the horizontal again) never leads anywhere."""

    def _make_free_neighbours(self) -> Callable[[int, Taken], Neighbours]:
        w, n = self.width, self.size

        # Directions as literals (0 N, 1 E, 2 S, 3 W): a constant is the fastest lookup there is.
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

    # --- pictures -------------------------------------------------------------------

    def unit_centres(self) -> np.ndarray:
        return self.unit_centres_of(np.arange(self.size))

    def unit_centres_of(self, cells: np.ndarray) -> np.ndarray:
        cells = np.asarray(cells, dtype=np.int64)
        return np.stack([cells % self.width + 0.5, cells // self.width + 0.5], axis=-1).astype(np.float64)

    SEGMENTS_BY_CELL = True
    CENTRES_BY_AXES = True
    EXTENT_BY_ROWS = True  # cell (x, y) is the square [x, x + 1] x [y, y + 1]

    def edge_segments(self) -> np.ndarray:
        """Unit squares; each side runs clockwise round its cell (N: top left to top right...)."""
        return self.cell_segments(np.arange(self.size))

    def cell_segments(self, cells: np.ndarray) -> np.ndarray:
        cells = np.asarray(cells, dtype=np.int64)
        x, y = (cells % self.width).astype(np.float64), (cells // self.width).astype(np.float64)
        corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]  # clockwise from the top left
        out = np.empty((len(cells), 4, 2, 2))
        for d in range(4):  # N: corner 0 -> 1, E: 1 -> 2, S: 2 -> 3, W: 3 -> 0
            (ax, ay), (bx, by) = corners[d], corners[(d + 1) % 4]
            out[:, d, 0, 0], out[:, d, 0, 1], out[:, d, 1, 0], out[:, d, 1, 1] = ax, ay, bx, by
        return out

    @classmethod
    def span_for(cls, width: int, height: int) -> tuple[float, float]:
        """Tiles: a wall tile between and around the cell tiles."""
        return 2 * width + 1, 2 * height + 1

    @classmethod
    def fitting_height(cls, width: int, aspect: float) -> int:
        """The height whose tile map at this width fills a view ``aspect`` (height / width) tall."""
        return clamp_side(((2 * width + 1) * aspect - 1) / 2)

    def text_lines(self, maze: Maze, holes: np.ndarray | None = None) -> list[str]:
        """The tile map, one string per tile row; tiles that touch only holes are blank."""
        characters = np.array([FLOOR] * 4)
        characters[TILE_WALL] = WALL
        lines = ["".join(row) for row in characters[self.tile_map(maze, holes)].tolist()]
        return [line.rstrip() for line in lines] if holes is not None else lines

    def tile_map(self, maze: Maze, holes: np.ndarray | None = None) -> np.ndarray:
        """The (2H+1) x (2W+1) tiles: cell (x, y) is tile (2x+1, 2y+1), the wall between two cells the
        tile between them, a post the tile between four (floor when all four cells are joined: a
        room has no pillars). An open wall between a room and anything not that room is a door."""
        w, h = self.width, self.height
        tiles = np.full((2 * h + 1, 2 * w + 1), TILE_WALL, dtype=np.uint8)
        bits = maze.passages.reshape(h, w)
        east, south = (bits >> E & 1).astype(bool), (bits >> S & 1).astype(bool)
        tiles[1::2, 1::2][maze.open_mask().reshape(h, w)] = TILE_FLOOR
        tiles[1::2, 2::2][east] = TILE_FLOOR
        tiles[2::2, 1::2][south] = TILE_FLOOR
        tiles[2:-1:2, 2:-1:2][east[:-1, :-1] & south[:-1, :-1] & south[:-1, 1:] & east[1:, :-1]] = TILE_FLOOR
        if maze.rooms:
            room_of = np.full(self.size, -1, dtype=np.int64)
            for room_id, cells in maze.rooms.items():
                room_of[cells] = room_id
            room = room_of.reshape(h, w)
            tiles[1::2, 2:-1:2][east[:, :-1] & (room[:, :-1] != room[:, 1:])] = TILE_DOOR
            tiles[2:-1:2, 1::2][south[:-1] & (room[:-1] != room[1:])] = TILE_DOOR
        for cell, d in {maze.entrance, maze.exit}:
            x, y = self.coords(cell)
            dx, dy = self.STEPS[0][d]
            tiles[2 * y + 1 + dy, 2 * x + 1 + dx] = TILE_FLOOR
        if holes is not None:
            tiles[self._hole_tiles(holes)] = TILE_NONE
        return tiles

    def _hole_tiles(self, holes: np.ndarray) -> np.ndarray:
        """True for every tile whose cells round it (one, two or four) are all holes or off the grid."""
        w, h = self.width, self.height
        solid = np.ones((h + 2, w + 2), dtype=bool)  # a hole or off the grid, with a margin all round
        solid[1:-1, 1:-1] = holes.reshape(h, w)
        rows, columns = np.arange(2 * h + 1), np.arange(2 * w + 1)
        # Tile 2k+1 lies on cell k (margin index k+1); tile 2k between cells k-1 and k (k and k+1).
        above, below = (rows + 1) // 2, rows // 2 + 1
        left, right = (columns + 1) // 2, columns // 2 + 1
        return (solid[np.ix_(above, left)] & solid[np.ix_(above, right)]
                & solid[np.ix_(below, left)] & solid[np.ix_(below, right)])

    # --- pixels -------------------------------------------------------------------

    def pixel_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float = 1.0) -> Layout:
        """Cells and the walls between them are tiles of one size; posts fill the tile corners."""
        w = self.width
        xs, ys = self._tile_lines(scale, origin)
        layout = self.strip_layout(width, height, scale, origin, canonical, walls, (0, height))
        cells = np.arange(self.size, dtype=np.int64)
        cx, cy = cells % w, cells // w
        layout.bbox = clip_box(xs[2 * cx], ys[2 * cy], xs[2 * cx + 3], ys[2 * cy + 3])
        layout.centres = np.stack([(xs[2 * cx + 1] + xs[2 * cx + 2]) / 2,
                                   (ys[2 * cy + 1] + ys[2 * cy + 2]) / 2], axis=-1).astype(np.float32)
        return layout

    STRIP_LAYOUT = True

    def strip_layout(self, width: int, height: int, scale: float, origin: tuple[float, float],
                     canonical: np.ndarray, walls: float, rows: tuple[int, int]) -> Layout:
        """The pixel rows ``rows`` of ``pixel_layout``'s view alone, with no per-cell boxes or centres:
        what a picture drawn a band at a time needs (the whole map of a 2000 x 2000 maze is 830 MB)."""
        w, h = self.width, self.height
        tw, th = 2 * w + 1, 2 * h + 1
        xs, ys = self._tile_lines(scale, origin)
        # The tile under each pixel column and row (only the view's pixels: cost follows the view).
        tx = np.searchsorted(xs, np.arange(width), side="right") - 1
        ty = np.searchsorted(ys, np.arange(rows[0], rows[1]), side="right") - 1
        valid_x, valid_y = (tx >= 0) & (tx < tw), (ty >= 0) & (ty < th)
        tx, ty = np.clip(tx, 0, tw - 1), np.clip(ty, 0, th - 1)
        owner = self._tile_owner(tx[:, None], ty[None, :], canonical)
        owner[~valid_x, :] = -1
        owner[:, ~valid_y] = -1
        return Layout(owner=owner, bbox=np.empty((0, 4), dtype=np.int32), centres=np.empty((0, 2), dtype=np.float32),
                      cell_pixels=scale, corner_count=(w + 1) * (h + 1), corner_cells=self._post_cells,
                      corners_of=self._posts_of, extra={"tile": scale})

    def _tile_lines(self, scale: float, origin: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
        """The view pixel where each tile column and row starts (and where the last ends)."""
        tw, th = 2 * self.width + 1, 2 * self.height + 1
        xs = np.floor(origin[0] + np.arange(tw + 1) * scale).astype(np.int64)
        ys = np.floor(origin[1] + np.arange(th + 1) * scale).astype(np.int64)
        return xs, ys

    def _tile_owner(self, tx: np.ndarray, ty: np.ndarray, canonical: np.ndarray) -> np.ndarray:
        """Element of tile (tx, ty): odd/odd a cell, odd/even an edge slot, even/even a post."""
        w, h, n = self.width, self.height, self.size
        cx, cy = tx // 2, ty // 2  # the cell right/below the tile
        odd_x, odd_y = (tx & 1) == 1, (ty & 1) == 1
        cell = np.minimum(cy, h - 1) * w + np.minimum(cx, w - 1)
        # An even column is the west edge of cell cx (the east edge of the last cell at the border).
        west = np.where(cx < w, canonical[cell, W], canonical[cell, E])
        north = np.where(cy < h, canonical[cell, N], canonical[cell, S])
        owner = np.where(odd_x & odd_y, cell, 0)
        owner = np.where(~odd_x & odd_y, n + west, owner)
        owner = np.where(odd_x & ~odd_y, n + north, owner)
        post = n + n * self.directions + cy * (w + 1) + cx
        owner = np.where(~odd_x & ~odd_y, post, owner)
        return np.ascontiguousarray(owner, dtype=np.int32)

    def _post_cells(self, posts: np.ndarray) -> np.ndarray:
        """The four cells around each post (top-left, top-right, bottom-left, bottom-right), -1 off-grid."""
        w, h = self.width, self.height
        py, px = np.divmod(np.asarray(posts, dtype=np.int64), w + 1)
        around = []
        for dy in (-1, 0):
            for dx in (-1, 0):
                x, y = px + dx, py + dy
                around.append(np.where(outside(x, y, w, h), -1, y * w + x))
        return np.stack(around, axis=1).astype(np.int32)

    def _posts_of(self, cells: np.ndarray) -> np.ndarray:
        """The four posts at the corners of each cell."""
        w = self.width
        x, y = cells % w, cells // w
        return distinct(np.concatenate([(y + dy) * (w + 1) + (x + dx) for dy in (0, 1) for dx in (0, 1)]),
                        (w + 1) * (self.height + 1))

    def corner_joined(self, passages: np.ndarray, around: np.ndarray) -> np.ndarray:
        """A post is open inside a 2x2 block of cells joined all round (a room), else a wall."""
        full = (around >= 0).all(axis=1)
        tl, tr, bl, br = (passages[np.maximum(around[:, k], 0)] for k in range(4))
        east, south = np.uint8(1 << E), np.uint8(1 << S)
        return (full & (tl & east > 0) & (tl & south > 0) & (tr & south > 0) & (bl & east > 0))
