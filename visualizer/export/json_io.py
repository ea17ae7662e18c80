"""The JSON exchange format (version 1). Enough to rebuild the passage graph with nothing else.

    {
      "format": "maze-visualizer", "version": 1,
      "grid": <a name in grids.GRIDS>, "width": W, "height": H,
      "mask": {"name": "heart", "rows": ["XX..XX", ...]},  # only for a masked grid: H rows of W,
                                                    # "." a cell, "X" none (grids.masked)
      "algorithm": "backtracker", "params": {...}, "seed": 7,
      "directions": ["N", "E", "S", "W"],          # the grid's direction names, by index
      "entrance": {"cell": [x, y], "direction": "N"},
      "exit": {"cell": [x, y], "direction": "S"},
      "passages": [[[x1, y1], [x2, y2]], ...],      # each open passage once, between neighbours
      "solid": [[x, y], ...],                         # cells that are not open (pruned, never carved)
      "rooms": [{"id": 0, "shape": "rectangle", "x": 1, "y": 2, "width": 3, "height": 4,
                 "cells": [[x, y], ...]}, ...]        # dungeons; the shape fields come from the
                                                      # grid (hex rooms: "shape": "hexagon",
                                                      # "center": [x, y], "radius": r; polar
                                                      # rooms: "shape": "sector", "ring": r,
                                                      # "rings": k, "start": x, "length": n)
      "weights": [w, ...]                             # weighted cells only: what entering each
                                                      # cell costs (1..9), one per cell in cell
                                                      # order (row by row; polar: ring by ring)
    }

Cells are (column, row) on every grid; what that means on the page is the grid's business
(hex: odd columns half a cell lower, see ``grids.hex``; polar: (cell in its ring, ring), see
``grids.polar``; triangle: (triangle in its row, row), see ``grids.triangle``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core.maze import CellState, Maze
from ..core.weights import MAX_WEIGHT
from ..files.safe_read import one_line
from ..grids import GRIDS, MAX_SIDE, Grid, Mask, MaskedGrid, make_grid
from ..run.spec import MazeSpec
from .formats import ExportOptions

FORMAT = "maze-visualizer"
VERSION = 1


class FormatError(ValueError):
    """A JSON maze that cannot be trusted: the message says what is wrong, in one short line (cut:
    it may quote the file's values)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


CHUNK = 1 << 16
"""About this many cells are turned into text per numpy batch: fast, and memory stays flat."""
WHOLE_TABLE = 1 << 20
"""Grids up to this many cells read one neighbour table; bigger ones a band of rows at a time."""


def passage_pairs(maze: Maze, chunk: int | None = None) -> Iterator[np.ndarray]:
    """Every open passage once, in ``Maze.passage_list`` order (by cell, then direction), as
    ``(k, 4)`` int arrays of ``x1, y1, x2, y2`` rows, a band of whole grid rows at a time."""
    grid = maze.grid
    width, directions = grid.width, grid.directions
    shifts = np.arange(directions, dtype=np.uint8)
    small = grid.size <= WHOLE_TABLE or grid.mask is not None  # a masked grid holds its table anyway
    whole = grid.neighbour_array(np.int32) if small else None
    if whole is not None:  # any grid: bands of cells (rows need not all be ``width`` long)
        bands = [(first, min(first + (chunk or CHUNK), grid.size)) for first in range(0, grid.size, chunk or CHUNK)]
    else:  # a huge grid of ``width``-long rows: a band of rows at a time, each with its own table
        rows_per_band = max(1, (chunk or CHUNK) // width)
        bands = [(row * width, min(row + rows_per_band, grid.height) * width)
                 for row in range(0, grid.height, rows_per_band)]
    for first, stop in bands:
        bits = maze.passages[first:stop]
        if not bits.any():
            continue
        table = whole[first:stop] if whole is not None else _band_table(grid, first // width, (stop - first) // width)
        cells = np.arange(first, stop, dtype=np.int64)
        opened = ((bits[:, None] >> shifts) & 1).astype(bool) & (table > cells[:, None])
        at, d = np.nonzero(opened)  # row-major: by cell, then direction, as passage_list
        a, b = cells[at], table[at, d].astype(np.int64)
        (ax, ay), (bx, by) = grid.coords_array(a), grid.coords_array(b)
        yield np.stack((ax, ay, bx, by), axis=1)


def _band_table(grid: Grid, row: int, rows: int) -> np.ndarray:
    """The neighbour table rows of grid rows ``row .. row + rows - 1``, from a grid of the same
    kind and width holding just those rows plus a margin row on each side (which gives them the
    neighbours past the band's edges; the band starts on an even row, so row parity is kept)."""
    width = grid.width
    top = max(row - 1, 0)
    top -= top % 2
    bottom = min(row + rows + 1, grid.height)
    table = type(grid)(width, bottom - top).neighbour_array(np.int64)
    table[table >= 0] += top * width
    start = (row - top) * width
    return table[start:start + (min(row + rows, grid.height) - row) * width]


_SEPARATORS = {4: (b"[[", b",", b"],[", b",", b"]],"), 2: (b"[", b",", b"],")}
"""The text around the numbers of one ``[[x1,y1],[x2,y2]]`` passage or ``[x,y]`` cell, with the
comma that follows it (the last one is cut off)."""


def _xy_text(pairs: np.ndarray) -> str:
    """``[[x1,y1],[x2,y2]],...`` for ``(k, 4)`` rows, or ``[x,y],...`` for ``(k, 2)`` rows: the text
    json.dumps writes for the same lists, laid out with numpy instead of one Python object per
    number. Every number up to the largest gets its digits once (a small table, a zero byte in the
    leading places it does not fill); each row is its separators and its numbers' digits from the
    table, written at full width, and the zero bytes are dropped at the end."""
    count, columns = pairs.shape
    if not count:
        return ""
    values = pairs.astype(np.int64)  # coordinates are never negative
    numbers = np.arange(int(values.max()) + 1, dtype=np.int64)
    places = 10 ** np.arange(len(str(len(numbers) - 1)) - 1, -1, -1, dtype=np.int64)
    digits = (48 + numbers[:, None] // places % 10).astype(np.uint8)
    used = (numbers[:, None] >= places) | (places == 1)  # no leading zeros; 0 itself is one digit
    digits[~used] = 0
    blocks = []
    separators = _SEPARATORS[columns]
    for column in range(columns + 1):
        separator = np.frombuffer(separators[column], dtype=np.uint8)
        blocks.append(np.broadcast_to(separator, (count, len(separator))))
        if column == columns:
            break
        blocks.append(digits[values[:, column]])
    text = np.concatenate(blocks, axis=1).ravel()
    return text[text != 0][:-1].tobytes().decode("ascii")


def _solid_cells(maze: Maze, chunk: int | None = None) -> Iterator[np.ndarray]:
    """``(k, 2)`` arrays of the ``x, y`` of cells that are not open, in cell order."""
    state = maze.state
    step = chunk or CHUNK
    for first in range(0, maze.grid.size, step):
        part = state[first:first + step]
        cells = np.flatnonzero((part != CellState.PASSAGE) & (part != CellState.ROOM)) + first
        if len(cells):
            yield np.stack(maze.grid.coords_array(cells), axis=1)


def _joined(pieces: Iterator[np.ndarray]) -> str:
    return ",".join(text for text in map(_xy_text, pieces) if text)


def to_dict(maze: Maze, spec: MazeSpec | None = None) -> dict[str, Any]:
    data = _head(maze, spec)
    data["passages"] = [[row[:2], row[2:]] for part in passage_pairs(maze) for row in part.tolist()]
    data["solid"] = [row for part in _solid_cells(maze) for row in part.tolist()]
    if maze.rooms:
        data["rooms"] = [_room_dict(maze.grid, room_id, cells) for room_id, cells in sorted(maze.rooms.items())]
    if maze.weights is not None:
        data["weights"] = maze.weights.tolist()
    return data


def _head(maze: Maze, spec: MazeSpec | None) -> dict[str, Any]:
    """Everything but the passages, solid cells and rooms (the small part), in the file's key order."""
    grid = maze.grid
    names = grid.direction_names

    def xy(cell: int) -> list[int]:
        return list(grid.coords(cell))

    head: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "grid": grid.kind,
        "width": grid.width,
        "height": grid.height,
    }
    if isinstance(grid, MaskedGrid):
        mask = Mask.of_cells(grid)
        head["mask"] = {"name": mask.name, "rows": list(mask.rows)}
    return head | {
        "algorithm": spec.algorithm if spec else None,
        "params": spec.info.resolve(spec.params) if spec else {},
        "seed": spec.seed if spec else None,
        "directions": list(names),
        "entrance": {"cell": xy(maze.entrance[0]), "direction": names[maze.entrance[1]]},
        "exit": {"cell": xy(maze.exit[0]), "direction": names[maze.exit[1]]},
    }


def _room_dict(grid: Grid, room_id: int, cells: list[int]) -> dict[str, Any]:
    return {"id": room_id, **grid.describe_room(cells), "cells": [list(grid.coords(c)) for c in cells]}


def dumps(maze: Maze, spec: MazeSpec | None = None) -> str:
    """The JSON text of ``to_dict`` (byte for byte what ``json.dumps`` writes for it, compact),
    built a batch of passages at a time: no Python list per passage, so a 2000 x 2000 maze fits."""
    head = json.dumps(_head(maze, spec), separators=(",", ":"))
    parts = [head[:-1], ',"passages":[', _joined(passage_pairs(maze)), '],"solid":[', _joined(_solid_cells(maze)), "]"]
    if maze.rooms:
        rooms = [_room_text(maze.grid, room_id, cells) for room_id, cells in sorted(maze.rooms.items())]
        parts += [',"rooms":[', ",".join(rooms), "]"]
    if maze.weights is not None:
        parts += [',"weights":[', ",".join(map(str, maze.weights.tolist())), "]"]
    parts.append("}\n")
    return "".join(parts)


def _room_text(grid: Grid, room_id: int, cells: list[int]) -> str:
    shape = {"id": room_id, **grid.describe_room(cells)}
    if "cells" in shape:  # cannot happen with the shipped grids; keep the key order json.dumps gives
        return json.dumps(_room_dict(grid, room_id, cells), separators=(",", ":"))
    ids = np.asarray(cells, dtype=np.int64)
    text = _xy_text(np.stack(grid.coords_array(ids), axis=1))
    return json.dumps(shape, separators=(",", ":"))[:-1] + ',"cells":[' + text + "]}"


# --- reading back -------------------------------------------------------------------


def need(cond: bool, message: str, error: type[ValueError] = FormatError) -> None:
    """Raise ``error(message)`` unless ``cond``: every check on untrusted input reads as one line
    (cut short: a message may quote what the file holds)."""
    if not cond:
        raise error(one_line(message))


def whole(value: Any, what: str, lo: int, hi: int, error: type[ValueError] = FormatError) -> int:
    """``value`` if it is a whole number (not a bool) from ``lo`` to ``hi``; else ``error``."""
    need(isinstance(value, int) and not isinstance(value, bool), f"{what} must be a whole number", error)
    need(lo <= value <= hi, f"{what} must be between {lo} and {hi}, got {value}", error)
    return value


def read_cell(grid: Grid, value: Any, what: str, error: type[ValueError] = FormatError) -> int:
    """The cell an untrusted ``[x, y]`` names on ``grid``; ``error`` (one line) when it names none."""
    need(isinstance(value, list) and len(value) == 2, f"{what} must be an [x, y] pair", error)
    y_given = value[1]
    row = y_given if type(y_given) is int and 0 <= y_given < grid.height else 0
    x = whole(value[0], f"{what} x", 0, grid.row_length(row) - 1, error)
    y = whole(y_given, f"{what} y", 0, grid.height - 1, error)
    cell = grid.cell(x, y)
    need(cell >= 0, f"{what} ({x}, {y}) is not one of the mask's cells", error)
    return cell


def _opening(grid: Grid, value: Any, what: str) -> tuple[int, int]:
    need(isinstance(value, dict), f"{what} must be an object")
    cell = read_cell(grid, value.get("cell"), f"{what} cell")
    name = value.get("direction")
    need(name in grid.direction_names, f"{what} direction must be one of {', '.join(grid.direction_names)}")
    return cell, grid.direction_names.index(name)


def from_dict(data: Any) -> tuple[Maze, MazeSpec | None]:
    """Rebuild the maze (and its spec when one is recorded); FormatError says what is wrong."""
    need(isinstance(data, dict), "the file is not a JSON object")
    need(data.get("format") == FORMAT, f"this is not a {FORMAT} file")
    need(data.get("version") == VERSION, f"unknown version {data.get('version')!r} (this program reads {VERSION})")
    kind = data.get("grid")
    need(isinstance(kind, str) and kind in GRIDS, f"grid must be one of {', '.join(GRIDS)}, got {kind!r}")
    width = whole(data.get("width"), "width", 1, MAX_SIDE)
    height = whole(data.get("height"), "height", 1, MAX_SIDE)
    mask = read_mask(data.get("mask"), width, height)
    try:
        grid = make_grid(kind, width, height, mask)
    except ValueError as err:
        raise FormatError(str(err)) from None
    maze = Maze(grid)
    passages = data.get("passages")
    need(isinstance(passages, list), "passages must be a list")
    for i, pair in enumerate(passages):
        need(isinstance(pair, list) and len(pair) == 2, f"passage {i} must be a pair of cells")
        a, b = read_cell(grid, pair[0], f"passage {i}"), read_cell(grid, pair[1], f"passage {i}")
        try:
            d = grid.direction_between(a, b)
        except ValueError:
            raise FormatError(f"passage {i} joins cells that are not neighbours") from None
        maze.passages[a] |= 1 << d
        maze.passages[b] |= 1 << grid.opposite(d)
    maze.state[:] = CellState.PASSAGE
    solid = data.get("solid", [])
    need(isinstance(solid, list), "solid must be a list")
    for i, value in enumerate(solid):
        cell = read_cell(grid, value, f"solid cell {i}")
        need(maze.passages[cell] == 0, f"solid cell {i} has an open passage")
        maze.state[cell] = CellState.UNVISITED
    rooms = data.get("rooms", [])
    need(isinstance(rooms, list), "rooms must be a list")
    for i, room in enumerate(rooms):
        need(isinstance(room, dict) and isinstance(room.get("cells"), list), f"room {i} must list its cells")
        room_id = whole(room.get("id", i), f"room {i} id", 0, grid.size)
        for value in room["cells"]:
            cell = read_cell(grid, value, f"room {i} cell")
            maze.state[cell] = CellState.ROOM
            maze.region[cell] = room_id
            maze.rooms.setdefault(room_id, []).append(cell)
    maze.weights = read_weights(data.get("weights"), grid.size)
    maze.entrance = _opening(grid, data.get("entrance"), "entrance")
    maze.exit = _opening(grid, data.get("exit"), "exit")
    spec = None
    if isinstance(data.get("algorithm"), str) and isinstance(data.get("seed"), int):
        params = data.get("params") if isinstance(data.get("params"), dict) else {}
        spec = MazeSpec(data["algorithm"], kind, width, height, data["seed"], params, mask)
    return maze, spec


def read_weights(value: Any, cells: int) -> np.ndarray | None:
    """The ``"weights"`` list of a file (None when absent): one whole cost 1..9 per cell."""
    if value is None:
        return None
    need(isinstance(value, list) and len(value) == cells, f"weights must list one cost per cell ({cells})")
    for i, cost in enumerate(value):
        whole(cost, f"weight {i}", 1, MAX_WEIGHT)
    return np.array(value, dtype=np.uint8)


MAX_MASK_NAME = 100


def read_mask(value: Any, width: int, height: int, error: type[ValueError] = FormatError) -> Mask | None:
    """The ``"mask"`` object of a file (None when absent): ``height`` rows of ``width`` characters."""
    if value is None:
        return None
    need(isinstance(value, dict), "mask must be an object with name and rows", error)
    name, rows = value.get("name", "mask"), value.get("rows")
    need(isinstance(name, str) and 0 < len(name) <= MAX_MASK_NAME,
         f"mask name must be text of 1 to {MAX_MASK_NAME} characters", error)
    need(isinstance(rows, list) and len(rows) == height, f"mask rows must be a list of {height} rows", error)
    need(all(isinstance(row, str) and len(row) == width for row in rows),
         f"each mask row must be text of {width} characters", error)
    try:
        return Mask(tuple(rows), " ".join(name.split()) or "mask")
    except ValueError as err:
        raise error(str(err)) from None


def loads(text: str) -> tuple[Maze, MazeSpec | None]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"not valid JSON ({err.msg} at line {err.lineno})") from None
    except RecursionError:  # json.loads recurses: brackets nested thousands deep
        raise FormatError("the file nests too deeply to be a maze") from None
    return from_dict(data)


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> str:
    """The JSON export (the registry's entry point; JSON takes no options)."""
    return dumps(maze, spec)
