"""The JSON exchange format (version 1). Enough to rebuild the passage graph with nothing else.

    {
      "format": "maze-visualizer", "version": 1,
      "grid": <a name in grids.GRIDS>, "width": W, "height": H,
      "algorithm": "backtracker", "params": {...}, "seed": 7,
      "directions": ["N", "E", "S", "W"],          # the grid's direction names, by index
      "entrance": {"cell": [x, y], "direction": "N"},
      "exit": {"cell": [x, y], "direction": "S"},
      "passages": [[[x1, y1], [x2, y2]], ...],      # each open passage once, between neighbours
      "solid": [[x, y], ...],                         # cells that are not open (pruned, never carved)
      "rooms": [{"id": 0, "shape": "rectangle", "x": 1, "y": 2, "width": 3, "height": 4,
                 "cells": [[x, y], ...]}, ...]        # dungeons; the shape fields come from the
                                                      # grid (hex rooms: "shape": "hexagon",
                                                      # "center": [x, y], "radius": r)
    }

Cells are (column, row) on every grid; what that means on the page is the grid's business
(hex: odd columns half a cell lower, see ``grids.hex``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..grids import GRIDS, MAX_SIDE, Grid, make_grid
from ..maze import CellState, Maze
from ..spec import MazeSpec

FORMAT = "maze-visualizer"
VERSION = 1


class FormatError(ValueError):
    """A JSON maze that cannot be trusted: the message says what is wrong, in one line."""


def to_dict(maze: Maze, spec: MazeSpec | None = None) -> dict[str, Any]:
    grid = maze.grid
    names = grid.direction_names

    def xy(cell: int) -> list[int]:
        return list(grid.coords(cell))

    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "grid": grid.kind,
        "width": grid.width,
        "height": grid.height,
        "algorithm": spec.algorithm if spec else None,
        "params": spec.info.resolve(spec.params) if spec else {},
        "seed": spec.seed if spec else None,
        "directions": list(names),
        "entrance": {"cell": xy(maze.entrance[0]), "direction": names[maze.entrance[1]]},
        "exit": {"cell": xy(maze.exit[0]), "direction": names[maze.exit[1]]},
        "passages": [[xy(a), xy(b)] for a, b in maze.passage_list()],
        "solid": [xy(int(c)) for c in np.flatnonzero(~maze.open_mask())],
    }
    if maze.rooms:
        data["rooms"] = [_room_dict(grid, room_id, cells) for room_id, cells in sorted(maze.rooms.items())]
    return data


def _room_dict(grid: Grid, room_id: int, cells: list[int]) -> dict[str, Any]:
    return {"id": room_id, **grid.describe_room(cells), "cells": [list(grid.coords(c)) for c in cells]}


def dumps(maze: Maze, spec: MazeSpec | None = None) -> str:
    return json.dumps(to_dict(maze, spec), separators=(",", ":")) + "\n"


# --- reading back -------------------------------------------------------------------


def need(cond: bool, message: str, error: type[ValueError] = FormatError) -> None:
    """Raise ``error(message)`` unless ``cond``: every check on untrusted input reads as one line."""
    if not cond:
        raise error(message)


def whole(value: Any, what: str, lo: int, hi: int, error: type[ValueError] = FormatError) -> int:
    """``value`` if it is a whole number (not a bool) from ``lo`` to ``hi``; else ``error``."""
    need(isinstance(value, int) and not isinstance(value, bool), f"{what} must be a whole number", error)
    need(lo <= value <= hi, f"{what} must be between {lo} and {hi}, got {value}", error)
    return value


def _cell(grid: Grid, value: Any, what: str) -> int:
    need(isinstance(value, list) and len(value) == 2, f"{what} must be an [x, y] pair")
    x = whole(value[0], f"{what} x", 0, grid.width - 1)
    y = whole(value[1], f"{what} y", 0, grid.height - 1)
    return grid.cell(x, y)


def _opening(grid: Grid, value: Any, what: str) -> tuple[int, int]:
    need(isinstance(value, dict), f"{what} must be an object")
    cell = _cell(grid, value.get("cell"), f"{what} cell")
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
    grid = make_grid(kind, width, height)
    maze = Maze(grid)
    passages = data.get("passages")
    need(isinstance(passages, list), "passages must be a list")
    for i, pair in enumerate(passages):
        need(isinstance(pair, list) and len(pair) == 2, f"passage {i} must be a pair of cells")
        a, b = _cell(grid, pair[0], f"passage {i}"), _cell(grid, pair[1], f"passage {i}")
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
        cell = _cell(grid, value, f"solid cell {i}")
        need(maze.passages[cell] == 0, f"solid cell {i} has an open passage")
        maze.state[cell] = CellState.UNVISITED
    rooms = data.get("rooms", [])
    need(isinstance(rooms, list), "rooms must be a list")
    for i, room in enumerate(rooms):
        need(isinstance(room, dict) and isinstance(room.get("cells"), list), f"room {i} must list its cells")
        room_id = whole(room.get("id", i), f"room {i} id", 0, grid.size)
        for value in room["cells"]:
            cell = _cell(grid, value, f"room {i} cell")
            maze.state[cell] = CellState.ROOM
            maze.region[cell] = room_id
            maze.rooms.setdefault(room_id, []).append(cell)
    maze.entrance = _opening(grid, data.get("entrance"), "entrance")
    maze.exit = _opening(grid, data.get("exit"), "exit")
    spec = None
    if isinstance(data.get("algorithm"), str) and isinstance(data.get("seed"), int):
        params = data.get("params") if isinstance(data.get("params"), dict) else {}
        spec = MazeSpec(data["algorithm"], kind, width, height, data["seed"], params)
    return maze, spec


def loads(text: str) -> tuple[Maze, MazeSpec | None]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"not valid JSON ({err.msg} at line {err.lineno})") from None
    return from_dict(data)
