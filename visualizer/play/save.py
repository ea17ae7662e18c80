"""Saving and continuing a game: JSON in the user's data folder, written atomically, read warily.

The file is parsed with ``json`` and every field is checked; nothing is ever unpickled or evaluated.
A file that fails a check is kept beside the save under a ``.bad-<time>`` name, so nothing a player
had is silently destroyed, and the game starts fresh with a one-line explanation (at most 200
characters). When it cannot be moved (a read-only folder) it is left where it is and never
overwritten by a later save of this session.

Reading is bounded (``safe_read``): regular files only, opened without blocking, at most
MAX_SAVE_BYTES read; bracket nesting at most ``safe_read.MAX_DEPTH`` before ``json.loads``; every
list at most a multiple of the grid's cell count (see the ``PER_CELL`` limits), checked with numpy
or C-level set and map calls rather than a Python loop per item; the recipe passes every check that
generation makes (the algorithm's ``resolve`` and the first step of its generator).

    {"format": "maze-visualizer-save", "version": 1, "level": 3,
     "spec": {"algorithm": ..., "grid": ..., "width": ..., "height": ..., "seed": ..., "params": {...}},
     "maze": {<the JSON maze export, see export/json_io.py>},
     "player": [x, y], "trail": [[x, y], ...], "moves": 12, "time": 31.5, "played": 240.0,
     "skipped": [2], "first_level": 1, "fog": false,
     "seen": [[x, y], ...], "crumbs": [[x, y], ...], "saved_at": "2026-11-30T05:50:00"}

plus the doors, keys and minotaur of save_extras.py when the level has them.
"""

from __future__ import annotations

import base64
import binascii
import errno
import json
import os
import zlib
from datetime import datetime
from functools import partial
from itertools import chain
from pathlib import Path
from typing import Any

import numpy as np

from ..core.maze import CellState, Maze
from ..export.json_io import FormatError, from_dict, need, read_cell, read_mask, to_dict, whole
from ..files.atomic import write_atomic
from ..files.safe_read import MAX_DEPTH, NotRegular, TooLarge, json_depth, one_line, read_regular, short
from ..grids import GRIDS, MAX_SIDE, Grid, Mask, make_grid
from ..run.spec import MazeSpec
from .game import MAX_CRUMBS, Game
from .levels import FINAL_LEVEL
from .save_extras import extras_dict, extras_from

FORMAT = "maze-visualizer-save"
VERSION = 1
SAVE_NAME = "save.json"
MAX_SAVE_BYTES = 2 * 1024 * 1024
"""Largest save read (bytes): json.loads takes about a tenth of a second a megabyte at worst (lists
of pairs), so any file under the limit is parsed and checked well under a second."""
PACK_FROM = 5_000
"""Mazes (and trails) with more cells are saved packed: the cell arrays compressed (zlib) in
base64 text, not a JSON list per cell, so a 300,000-cell maze fully explored is a few hundred KB
and loads in a fraction of a second (never rebuilt from its recipe: some take seconds)."""
MAX_SAVE_CELLS = 300_000
"""The most cells a saved maze may have; larger mazes are not saved (the checks would pass the
time a load may take)."""
TRAIL_PER_CELL = 100
"""A trail (one entry per move, plus the start) may hold at most this many entries per cell."""
MAX_TRAIL = 1_000_000
"""Trail steps a save keeps at most: a longer trail keeps its last steps (``trail_cut``)."""
MAX_TEXT_PARAM = 200
"""Longest text parameter value a save may hold (characters)."""
PROBE_SIDE = 32
"""Generation's own checks run on a grid at most this many cells a side (only the first event)."""

_unmovable: set[Path] = set()
"""Damaged saves that could not be moved aside: ``save_game`` leaves them alone."""


class SaveError(ValueError):
    """A save file that cannot be trusted; the message says why in one line."""


def data_dir() -> Path:
    """$MAZE_VISUALIZER_DATA, else $XDG_DATA_HOME/maze-visualizer, else ~/.local/share/maze-visualizer."""
    override = os.environ.get("MAZE_VISUALIZER_DATA")
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "maze-visualizer"


def save_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / SAVE_NAME


def game_to_dict(game: Game) -> dict[str, Any]:
    grid = game.maze.grid

    def xy(cell: int) -> list[int]:
        return list(grid.coords(cell))

    spec = game.spec
    return {
        "format": FORMAT,
        "version": VERSION,
        "level": game.level,
        "spec": {"algorithm": spec.algorithm, "grid": spec.grid, "width": spec.width, "height": spec.height,
                 "seed": spec.seed, "params": spec.info.resolve(spec.params), **mask_dict(spec.mask)},
        "maze": maze_dict(game.maze, spec),
        "player": xy(game.position),
        **trail_dict(game, xy),
        "moves": game.moves,
        "time": round(game.elapsed, 3),
        "played": round(game.played, 3),
        "skipped": game.skipped,
        **({"first_level": game.first_level} if game.first_level > 1 else {}),
        **({"own": True} if game.own else {}),
        "fog": game.fog,
        "seen": seen_dict(game, xy),
        **({"crumbs": [xy(c) for c in game.crumbs]} if game.crumbs else {}),
        **extras_dict(game.layout, game.keys_held, game.minotaur, xy),
        "saved_at": datetime.now().isoformat(timespec="seconds"),
    }


def maze_dict(maze: Maze, spec: MazeSpec) -> dict[str, Any]:
    """The maze as saved: cell by cell (the JSON export) when small, packed when large."""
    size = maze.grid.size
    if size > MAX_SAVE_CELLS:
        raise OSError(errno.EFBIG, f"a maze of more than {MAX_SAVE_CELLS:,} cells is too large to save")
    if size <= PACK_FROM:
        data = to_dict(maze, spec)
        pruned = np.flatnonzero(maze.state == CellState.PRUNED)
        if len(pruned):  # the export calls them solid, as it does cells never carved
            data["pruned"] = [list(maze.grid.coords(int(c))) for c in pruned]
        return data
    rooms = np.full(size, -1, dtype=np.int32)
    for room, cells in maze.rooms.items():
        rooms[cells] = room
    return {"version": 1, "packed": True, "passages": pack(maze.passages), "state": pack(maze.state),
            "regions": pack(maze.region.astype(np.int32)), "rooms": pack(rooms)}


def trail_most(cells: int) -> int:
    """The most trail entries a save keeps, and a load accepts, for a maze of ``cells`` cells."""
    return min(TRAIL_PER_CELL * cells, MAX_TRAIL)


def trail_dict(game: Game, xy: Any) -> dict[str, Any]:
    """The trail as a list of cells, packed when long; of a longer trail than ``trail_most`` allows,
    its last steps (the loader reads what the writer writes, however long a player wanders)."""
    trail = game.trail[-trail_most(game.maze.grid.size):]
    cut = {"trail_cut": True} if len(trail) < len(game.trail) else {}
    if len(trail) <= PACK_FROM:
        return {"trail": [xy(c) for c in trail], **cut}
    return {"trail": {"cells": pack(np.asarray(trail, dtype=np.int32))}, **cut}


def seen_dict(game: Game, xy: Any) -> Any:
    """The cells seen (fog): a list, or on a large maze a packed bit per cell."""
    if game.maze.grid.size <= PACK_FROM:
        return [xy(c) for c in sorted(game.seen)]
    bits = np.zeros(game.maze.grid.size, dtype=bool)
    bits[list(game.seen)] = True
    return {"bits": pack(np.packbits(bits))}


def pack(values: np.ndarray) -> str:
    """An array's bytes, compressed, as base64 text."""
    return base64.b64encode(zlib.compress(values.tobytes(), 6)).decode("ascii")


def unpack(text: Any, dtype: Any, count: int, what: str) -> np.ndarray:
    """``count`` values of ``dtype`` from ``pack``'s text; SaveError unless it holds exactly that many."""
    values = unpack_some(text, dtype, count, what)
    _need(len(values) == count, f"the saved {what} are damaged")
    return values


def unpack_some(text: Any, dtype: Any, most: int, what: str) -> np.ndarray:
    """At most ``most`` values of ``dtype`` from ``pack``'s text."""
    data = _unfold(text, most * np.dtype(dtype).itemsize, what)
    _need(len(data) % np.dtype(dtype).itemsize == 0, f"the saved {what} are damaged")
    return np.frombuffer(data, dtype=dtype).copy()


def _unfold(text: Any, limit: int, what: str) -> bytes:
    """The bytes ``pack`` packed, at most ``limit`` of them (decompressed no further than that: a
    small file cannot unfold into gigabytes); SaveError for anything else."""
    _need(isinstance(text, str) and len(text) <= MAX_SAVE_BYTES, f"the saved {what} are damaged")
    try:
        raw = base64.b64decode(str(text), validate=True)
        unfold = zlib.decompressobj()
        data = unfold.decompress(raw, limit + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise SaveError(f"the saved {what} are damaged") from None
    _need(len(data) <= limit and unfold.eof and not unfold.unused_data, f"the saved {what} are damaged")
    return data


def save_game(game: Game, path: Path | None = None) -> Path:
    """Write the save atomically (temp file + rename): a crash mid-save keeps the last good one.
    Never into a FIFO or a device in the save's place (nothing would read it: the game would wait)."""
    path = path or save_path()
    if _key(path) in _unmovable:
        raise OSError(errno.EEXIST, "a damaged save could not be moved aside and is not overwritten")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(game_to_dict(game), separators=(",", ":")), regular_only=True)
    return path


_need = partial(need, error=SaveError)
_whole = partial(whole, error=SaveError)


def game_from_dict(data: Any) -> Game:
    """Rebuild a Game from parsed JSON, checking everything; SaveError says what is wrong."""
    _need(isinstance(data, dict), "the save is not a JSON object")
    _need(data.get("format") == FORMAT, "the file is not a maze-visualizer save")
    version = data.get("version")
    _need(type(version) is int and version == VERSION, f"the save has unknown version {short(version)}")
    level = _whole(data.get("level"), "level", 1, FINAL_LEVEL)
    raw = data.get("spec")
    _need(isinstance(raw, dict), "the save has no maze recipe")
    _need(isinstance(raw.get("algorithm"), str) and isinstance(raw.get("grid"), str), "the maze recipe is damaged")
    width = _whole(raw.get("width"), "width", 1, MAX_SIDE)
    height = _whole(raw.get("height"), "height", 1, MAX_SIDE)
    seed = _whole(raw.get("seed"), "seed", 0, 2**63 - 1)
    params = raw.get("params", {})
    _need(isinstance(params, dict), "the maze parameters are damaged")
    _need(raw["grid"] in GRIDS, f"the maze recipe names no grid this program has ({short(raw['grid'])})")
    cells = GRIDS[raw["grid"]].cell_count(width, height)
    _need(cells <= MAX_SAVE_CELLS, f"the saved maze has more than {MAX_SAVE_CELLS:,} cells")  # before building any
    mask = _mask(raw.get("mask"))
    plain = _plain_params(params)  # its own messages: not "the maze recipe is refused: ..." again
    try:
        spec = MazeSpec(raw["algorithm"], raw["grid"], width, height, seed, plain, mask).check()
    except ValueError as err:
        raise SaveError(f"the maze recipe is refused: {err}") from None
    _generation_checks(spec)
    expected_grid = spec.make_grid()  # built once: a large masked grid takes a while
    cells = expected_grid.size  # a mask keeps fewer
    maze_raw = data.get("maze")
    if isinstance(maze_raw, dict) and maze_raw.get("packed") is True:
        maze = _packed_maze(maze_raw, spec, expected_grid)
    else:
        _check_maze_shape(maze_raw, spec, cells)
        try:
            maze, _ = from_dict(maze_raw)
        except (FormatError, ValueError) as err:
            raise SaveError(f"the saved maze is damaged: {err}") from None
        _mark_pruned(maze, maze_raw.get("pruned", []), cells)
    grid = maze.grid
    same = grid.shape_key() == expected_grid.shape_key()
    _need(same, "the saved maze does not match its recipe")
    _need(maze.entrance[0] != maze.exit[0], "the maze's entrance is its exit")
    at_home = (maze.entrance, maze.exit) == (grid.entrance, grid.exit)
    _need(at_home, "the maze's entrance or exit is not where mazes have them")
    is_open = maze.open_mask()
    _need(bool(is_open[maze.entrance[0]]) and bool(is_open[maze.exit[0]]), "the maze's entrance or exit is walled in")
    reach = maze.reachable_from(maze.entrance[0])
    _need(bool(np.array_equal(reach, is_open)), "the saved maze is not connected")
    if spec.info.perfect and not spec.params.get("braid"):
        _need(maze.passage_count() == int(is_open.sum()) - 1,
              f"the saved maze has loops, which {spec.algorithm} never makes")

    def cell(value: Any, what: str) -> int:
        c = read_cell(grid, value, what, SaveError)
        _need(bool(is_open[c]), f"{what} stands on a wall")
        return c

    position = cell(data.get("player"), "the player")
    cut = data.get("trail_cut", False)
    _need(isinstance(cut, bool), "the trail is damaged")
    trail = _trail(data.get("trail", []), grid, is_open, cells)
    if not len(trail):
        trail = np.array([position], dtype=np.int64)
    _need(cut or int(trail[0]) == maze.entrance[0], "the trail does not start at the entrance")
    _need(int(trail[-1]) == position, "the trail does not end where the player stands")
    _check_steps(maze, trail)
    seen = _seen(data.get("seen", []), grid, is_open, cells)
    moves = _whole(data.get("moves"), "moves", 0, 10**9)
    _need(moves == len(trail) - 1 or (cut and moves > len(trail) - 1), "the move count does not match the trail")
    elapsed = data.get("time")
    _need(isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool), "the time is not a number")
    _need(0 <= elapsed < 10**8, "the time is out of range")
    played = data.get("played", 0.0)  # saves before this field counted the level's time only
    _need(isinstance(played, (int, float)) and not isinstance(played, bool) and 0 <= played < 10**8,
          "the time played is out of range")
    skipped = data.get("skipped", [])
    _need(isinstance(skipped, list) and len(skipped) < level  # before any loop: at most 9 entries
          and all(type(n) is int and 1 <= n < level for n in skipped) and len(set(skipped)) == len(skipped),
          "the levels given up are damaged")
    first_level = _whole(data.get("first_level", 1), "first level", 1, level)
    _need(all(n >= first_level for n in skipped), "the levels given up are damaged")
    fog = data.get("fog", False)
    _need(isinstance(fog, bool), "the fog setting is damaged")
    own = data.get("own", False)
    _need(isinstance(own, bool), "the mark of a maze of one's own is damaged")
    crumbs = _crumbs(data.get("crumbs", []), grid, is_open, cells)
    extras = extras_from(data, maze, cell, SaveError)
    _need(extras["minotaur"] is None or extras["minotaur"].position != position, "the minotaur stands on the player")
    return Game(spec=spec, maze=maze, level=level, position=position, trail=trail.tolist(), moves=moves,
                elapsed=float(elapsed), played=float(played), skipped=sorted(skipped), fog=fog,
                seen=seen, crumbs=crumbs, first_level=first_level, own=own, **extras)


def mask_dict(mask: Mask | None) -> dict[str, Any]:
    """The recipe's mask as saved (nothing without one): the picture itself, so later levels,
    larger, resample it as the first did."""
    if mask is None:
        return {}
    return {"mask": {"name": mask.name, "rows": list(mask.rows), "by_plane": mask.by_plane}}


def _mask(raw: Any) -> Mask | None:
    """The recipe's mask, checked (rows of '.' and 'X', at most MAX_SIDE of MAX_SIDE)."""
    if raw is None:
        return None
    _need(isinstance(raw, dict), "the maze recipe's mask is damaged")
    rows, by_plane = raw.get("rows"), raw.get("by_plane", False)
    _need(isinstance(by_plane, bool), "the maze recipe's mask is damaged")
    _need(isinstance(rows, list) and 0 < len(rows) <= MAX_SIDE, "the maze recipe's mask rows are damaged")
    height = len(rows)
    first = rows[0] if isinstance(rows[0], str) else ""
    _need(0 < len(first) <= MAX_SIDE, "the maze recipe's mask rows are damaged")
    mask = read_mask({"name": raw.get("name", "mask"), "rows": rows}, len(first), height, error=SaveError)
    return None if mask is None else Mask(mask.rows, mask.name, by_plane)


def _mark_pruned(maze: Maze, raw: Any, cells: int) -> None:
    """A small save's pruned cells (a dungeon's filled dead ends), among its solid ones: they are
    drawn as pruned, not as cells never carved."""
    _need(isinstance(raw, list) and len(raw) <= cells, "the saved maze's pruned cells are damaged")
    if not raw:
        return
    solid = maze.state == CellState.UNVISITED
    pruned = _cells(raw, maze.grid, solid, "a pruned cell")  # "stands on a wall": not a solid cell
    maze.state[pruned] = CellState.PRUNED


def _packed_maze(raw: dict[str, Any], spec: MazeSpec, grid: Grid) -> Maze:
    """A maze saved packed: its arrays unpacked and checked as a whole (no loop per cell) for what
    the cell-by-cell reader checks: passages only toward neighbours, and on both sides; known
    states; walls round every cell that is not open; rooms exactly the room cells, each in a region."""
    version = raw.get("version")
    _need(type(version) is int and version == 1, f"the saved maze has unknown version {short(version)}")
    cells = grid.size
    passages = unpack(raw.get("passages"), np.uint8, cells, "passages")
    state = unpack(raw.get("state"), np.uint8, cells, "cell states")
    regions = unpack(raw.get("regions"), np.int32, cells, "regions")
    rooms = unpack(raw.get("rooms"), np.int32, cells, "rooms")
    table = grid.neighbour_array()
    _need(not (passages >> grid.directions).any(), "a saved passage names a side the grid's cells do not have")
    for d in range(grid.directions):
        side = (passages >> d & 1).astype(bool)
        nb = table[:, d]
        _need(not (side & (nb < 0)).any(), "a saved passage leads off the grid")
        back = passages[nb[side]] >> grid.opposite(d) & 1
        _need(bool(back.all()), "a saved passage is open on one side only")
    _need(int(state.max(initial=0)) <= max(CellState), "a saved cell has an unknown state")
    opened = (state == CellState.PASSAGE) | (state == CellState.ROOM)
    _need(not passages[~opened].any(), "a cell that is not open has a passage")
    room = state == CellState.ROOM
    _need(not room.any() or "rooms" in spec.info.phases,
          f"the saved maze has rooms, which {spec.algorithm} never makes")
    _need(bool(((rooms >= 0) == room).all()), "the saved rooms are not the room cells")
    for labels, what in ((regions, "region"), (rooms, "room")):
        _need(int(labels.min(initial=-1)) >= -1 and int(labels.max(initial=-1)) < cells,
              f"a saved {what} has a bad number")
    _need(bool((regions[room] >= 0).all()), "a room of the saved maze is in no region")
    maze = Maze(grid)
    maze.passages[:] = passages
    maze.state[:] = state
    maze.region[:] = regions
    order = np.flatnonzero(room)
    order = order[np.argsort(rooms[order], kind="stable")]
    ids, starts = np.unique(rooms[order], return_index=True)
    for room, members in zip(ids.tolist(), np.split(order, starts[1:])):
        maze.rooms[room] = members.tolist()
    return maze


def _trail(raw: Any, grid: Any, is_open: np.ndarray, cells: int) -> np.ndarray:
    """The trail's cells: a list of [x, y], or packed cell numbers; bounded by the grid's size."""
    most = trail_most(cells)
    if isinstance(raw, dict):
        trail = unpack_some(raw.get("cells"), np.int32, most, "trail steps").astype(np.int64)
        _need(bool(((trail >= 0) & (trail < cells)).all()), "a trail cell is outside the grid")
        _need(bool(is_open[trail].all()), "a trail cell stands on a wall")
        return trail
    _need(isinstance(raw, list), "the trail is damaged")
    _need(len(raw) <= most, f"the trail is longer than {most:,} steps")
    return _cells(raw, grid, is_open, "a trail cell")


def _seen(raw: Any, grid: Any, is_open: np.ndarray, cells: int) -> set[int]:
    """The cells seen: a list of [x, y] (each once), or a packed bit per cell."""
    if isinstance(raw, dict):
        bits = np.unpackbits(unpack(raw.get("bits"), np.uint8, (cells + 7) // 8, "seen cells")).astype(bool)
        _need(not bits[cells:].any(), "a seen cell is outside the grid")
        seen = np.flatnonzero(bits[:cells])
        _need(bool(is_open[seen].all()), "a seen cell stands on a wall")
        return set(seen.tolist())
    _need(isinstance(raw, list), "the seen cells are damaged")
    _need(len(raw) <= cells, "more cells are marked seen than the maze has")
    seen_cells = _cells(raw, grid, is_open, "a seen cell")
    _need(len(np.unique(seen_cells)) == len(seen_cells), "a seen cell is listed twice")
    return set(seen_cells.tolist())


def _crumbs(raw: Any, grid: Any, is_open: np.ndarray, cells: int) -> list[int]:
    """The breadcrumbs: a list of [x, y] on open cells, each once, at most MAX_CRUMBS (and the cells)."""
    _need(isinstance(raw, list) and len(raw) <= min(cells, MAX_CRUMBS), "the breadcrumbs are damaged")
    if not raw:
        return []
    crumbs = _cells(raw, grid, is_open, "a breadcrumb")
    _need(len(np.unique(crumbs)) == len(crumbs), "a breadcrumb is listed twice")
    return [int(c) for c in crumbs]


def _plain_params(params: dict[Any, Any]) -> dict[str, Any]:
    """The parameters if every name is short text and every value a number or short text (no
    lists, objects or booleans, whose repr could run to megabytes in a message)."""
    for name, value in params.items():
        _need(isinstance(name, str) and 0 < len(name) <= 64, f"a maze parameter has a bad name {short(name)}")
        plain = isinstance(value, (int, float, str)) and not isinstance(value, bool)
        _need(plain, f"parameter {short(name)} takes a number or text, got {short(value)}")
        _need(not isinstance(value, str) or len(value) <= MAX_TEXT_PARAM, f"parameter {short(name)} is too long")
    return dict(params)


def _generation_checks(spec: MazeSpec) -> None:
    """What generation itself refuses (room_max below room_min...): start the generator on a small
    grid of the same kind and take its first event, where the generators check their parameters."""
    probe = make_grid(spec.grid, min(spec.width, PROBE_SIDE), min(spec.height, PROBE_SIDE))
    try:
        next(iter(spec.info.run(probe, spec.seed, show=False, **spec.params)), None)
    except (ValueError, TypeError, ArithmeticError, IndexError, KeyError) as err:
        raise SaveError(f"the maze recipe is refused by its algorithm: {err}") from None


def _check_maze_shape(raw: Any, spec: MazeSpec, cells: int) -> None:
    """Bounded counts (no list longer than the grid allows) and nothing the algorithm cannot make,
    before the maze reader walks the lists."""
    _need(isinstance(raw, dict), "the saved maze is missing")
    version = raw.get("version")
    _need(type(version) is int, f"the saved maze has unknown version {short(version)}")
    directions = len(GRIDS[spec.grid].direction_names)  # spec.grid is checked by now
    limits = {"passages": cells * directions // 2, "solid": cells, "rooms": cells}
    words = {"passages": "passages", "solid": "solid cells", "rooms": "rooms"}
    for name, most in limits.items():
        value = raw.get(name, [])
        _need(isinstance(value, list), f"the saved maze's {words[name]} are damaged")
        _need(len(value) <= most, f"the saved maze has more {name} than its grid can hold")
    rooms = raw.get("rooms", [])
    _need(not rooms or "rooms" in spec.info.phases, f"the saved maze has rooms, which {spec.algorithm} never makes")
    members = 0
    for room in rooms:
        _need(isinstance(room, dict) and isinstance(room.get("cells"), list), "a room of the saved maze is damaged")
        members += len(room["cells"])
    _need(members <= cells, "the saved maze's rooms hold more cells than its grid")


def _cells(values: list[Any], grid: Any, is_open: np.ndarray, what: str) -> np.ndarray:
    """``[[x, y], ...]`` as cell numbers, each checked (in range, open) without a Python loop per item."""
    if not values:
        return np.zeros(0, dtype=np.int64)
    try:
        pairs = set(map(len, values)) == {2} and all(isinstance(v, list) for v in values)
        kinds = set(map(type, chain.from_iterable(values))) if pairs else set()
    except TypeError:
        pairs = False
    _need(pairs, f"{what} is not an [x, y] pair")
    _need(kinds == {int}, f"{what} must be whole numbers")
    try:
        xy = np.array(values, dtype=np.int64)
    except OverflowError:
        raise SaveError(f"{what} is outside the grid") from None
    x, y = xy[:, 0], xy[:, 1]
    result = grid.cell_array(x, y)  # Grid.cell for every cell at once, -1 outside
    _need(bool((result >= 0).all()), f"{what} is outside the grid")
    _need(bool(is_open[result].all()), f"{what} stands on a wall")
    return result


def _check_steps(maze: Any, trail: np.ndarray) -> None:
    """Every step of the trail goes through an open passage to a neighbour (numpy, no loop per step)."""
    if len(trail) < 2:
        return
    a, b = trail[:-1], trail[1:]
    match = maze.grid.neighbour_array(np.int32)[a] == b[:, None]
    joined = match.any(axis=1)
    if not joined.all():
        first = int(np.flatnonzero(~joined)[0]) + 1
        raise SaveError(f"trail step {first} jumps between cells that are not neighbours")
    direction = match.argmax(axis=1)
    through = (maze.passages[a] >> direction.astype(np.uint8)) & 1
    if not through.all():
        first = int(np.flatnonzero(through == 0)[0]) + 1
        raise SaveError(f"trail step {first} goes through a wall")


def load_game(path: Path | None = None) -> Game:
    """Read and check a save; SaveError (one line) when it is missing, unreadable or damaged."""
    path = path or save_path()
    try:
        raw = read_regular(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError("there is no saved game yet") from None
    except NotRegular:
        raise SaveError("the save is not a regular file") from None
    except TooLarge:
        raise SaveError("the save file is too large to be a save") from None
    except OSError as err:
        raise SaveError(f"the save cannot be read ({err.strerror or short(err)})") from None
    if json_depth(raw) > MAX_DEPTH:
        raise SaveError(f"the save nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError("the save is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise SaveError(f"the save is not valid JSON ({err.msg} at line {err.lineno})") from None
    except RecursionError:
        raise SaveError("the save nests too deeply") from None
    except ValueError as err:  # e.g. an integer of more than 4,300 digits
        raise SaveError(f"the save holds a value that cannot be read ({short(str(err))})") from None
    try:
        return game_from_dict(data)
    except SaveError as err:
        raise SaveError(one_line(str(err))) from None
    except RecursionError:
        raise SaveError("the save nests too deeply") from None


def set_aside(path: Path) -> Path | None:
    """Rename a bad save to ``save.json.bad-<time>`` beside it (never delete it); returns the new path.
    OSError (PermissionError in a read-only folder) when it cannot be moved."""
    if not os.path.lexists(path):
        return None
    target = path.with_name(f"{path.name}.bad-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    counter = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.bad-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


def continue_or_explain(path: Path | None = None) -> tuple[Game | None, str]:
    """Load the save, or set a damaged one aside; returns (game or None, a one-line message of at most
    200 characters for the player). A damaged save that cannot be moved is left untouched, and
    ``save_game`` will not write over it."""
    path = path or save_path()
    try:
        game = load_game(path)
    except SaveError as err:
        reason = one_line(str(err), 120)
        if not os.path.lexists(path):
            return None, one_line(f"Nothing to continue: {reason}.")
        try:
            kept = set_aside(path)
        except OSError as move:
            _unmovable.add(_key(path))
            why = move.strerror or type(move).__name__
            return None, fitted("Save not used ({}): it could not be moved aside (" + one_line(why, 40)
                                + "), so it stays as it is, not overwritten.", reason)
        return None, fitted("The save could not be used ({}); it was kept as " + one_line(
            kept.name if kept else path.name, 60) + ".", reason)
    _unmovable.discard(_key(path))
    return game, f"Welcome back: {game.level_words}."


def stays_damaged(path: Path) -> bool:
    """True for a damaged save that could not be moved aside: it cannot be continued, and no save
    of this session writes over it."""
    return _key(path) in _unmovable


def fitted(template: str, reason: str, limit: int = 200) -> str:
    """``template`` with ``reason`` in its ``{}``, the reason cut so the whole fits in ``limit``
    characters: the words after it (what happened to the file) are the ones that matter most."""
    room = limit - len(template) + 2
    return one_line(template.replace("{}", one_line(reason, max(20, room)), 1), limit)


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))
