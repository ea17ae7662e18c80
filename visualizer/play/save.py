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
     "player": [x, y], "trail": [[x, y], ...], "moves": 12, "time": 31.5, "fog": false,
     "seen": [[x, y], ...], "saved_at": "2026-11-30T05:50:00"}
"""

from __future__ import annotations

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

from ..export.json_io import FormatError, from_dict, need, read_cell, read_mask, to_dict, whole
from ..fileio import write_atomic
from ..grids import GRIDS, MAX_SIDE, Mask, make_grid
from ..maze import Maze
from ..spec import MazeSpec
from .game import Game
from .levels import FINAL_LEVEL
from .safe_read import MAX_DEPTH, NotRegular, TooLarge, json_depth, one_line, read_regular, short

FORMAT = "maze-visualizer-save"
VERSION = 1
SAVE_NAME = "save.json"
MAX_SAVE_BYTES = 2 * 1024 * 1024
"""Largest save read (bytes): json.loads takes about a tenth of a second a megabyte at worst (lists
of pairs), so any file under the limit is parsed and checked well under a second."""
RECIPE_CELLS = 5_000
"""Mazes with more cells are saved as their recipe and a checksum, not cell by cell: the recipe
rebuilds the same maze, and a 400 x 400 maze written out whole would pass the size limit."""
MAX_RECIPE_CELLS = 300_000
"""The most cells a save may ask to rebuild (about half a second); larger mazes are not saved."""
TRAIL_PER_CELL = 100
"""A trail (one entry per move, plus the start) may hold at most this many entries per cell."""
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
        "trail": [xy(c) for c in game.trail],
        "moves": game.moves,
        "time": round(game.elapsed, 3),
        "fog": game.fog,
        "seen": [xy(c) for c in sorted(game.seen)],
        "saved_at": datetime.now().isoformat(timespec="seconds"),
    }


def maze_dict(maze: Maze, spec: MazeSpec) -> dict[str, Any]:
    """The maze as saved: cell by cell when small (or when its recipe does not rebuild it); for a
    large maze its recipe's promise, a checksum of what the recipe builds."""
    size = maze.grid.size
    if size > MAX_RECIPE_CELLS:
        raise OSError(errno.EFBIG, f"a maze of more than {MAX_RECIPE_CELLS:,} cells is too large to save")
    if size <= RECIPE_CELLS or not spec.build().same_as(maze):
        return to_dict(maze, spec)
    return {"version": 1, "from_recipe": True, "checksum": checksum(maze)}


def checksum(maze: Maze) -> int:
    """CRC-32 of the passages and cell states: a rebuilt maze must match the one that was saved."""
    return zlib.crc32(maze.state.tobytes(), zlib.crc32(maze.passages.tobytes()))


def save_game(game: Game, path: Path | None = None) -> Path:
    """Write the save atomically (temp file + rename): a crash mid-save keeps the last good one."""
    path = path or save_path()
    if _key(path) in _unmovable:
        raise OSError(errno.EEXIST, "a damaged save could not be moved aside and is not overwritten")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(game_to_dict(game), separators=(",", ":")))
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
    mask = _mask(raw.get("mask"))
    try:
        spec = MazeSpec(raw["algorithm"], raw["grid"], width, height, seed, _plain_params(params), mask).check()
    except ValueError as err:
        raise SaveError(f"the maze recipe is refused: {err}") from None
    _generation_checks(spec)
    cells = GRIDS[spec.grid].cell_count(width, height)
    maze_raw = data.get("maze")
    if isinstance(maze_raw, dict) and maze_raw.get("from_recipe") is True:
        maze = _rebuilt(maze_raw, spec, cells)
    else:
        _check_maze_shape(maze_raw, spec, cells)
        try:
            maze, _ = from_dict(maze_raw)
        except (FormatError, ValueError) as err:
            raise SaveError(f"the saved maze is damaged: {err}") from None
    grid = maze.grid
    same = grid.shape_key() == spec.make_grid().shape_key()
    _need(same, "the saved maze does not match its recipe")
    _need(maze.entrance[0] != maze.exit[0], "the maze's entrance is its exit")
    at_home = (maze.entrance, maze.exit) == (grid.entrance, grid.exit)
    _need(at_home, "the maze's entrance or exit is not where mazes have them")
    is_open = maze.open_mask()
    _need(bool(is_open[maze.entrance[0]]) and bool(is_open[maze.exit[0]]), "the maze's entrance or exit is walled in")
    reach = maze.reachable_from(maze.entrance[0])
    _need(bool(np.array_equal(reach, is_open)), "the saved maze is not connected")

    def cell(value: Any, what: str) -> int:
        c = read_cell(grid, value, what, SaveError)
        _need(bool(is_open[c]), f"{what} stands on a wall")
        return c

    position = cell(data.get("player"), "the player")
    trail_raw = data.get("trail", [])
    _need(isinstance(trail_raw, list), "the trail is damaged")
    _need(len(trail_raw) <= TRAIL_PER_CELL * cells, f"the trail is longer than {TRAIL_PER_CELL} steps a cell")
    trail = _cells(trail_raw, grid, is_open, "a trail cell") if trail_raw else np.array([position], dtype=np.int64)
    _need(int(trail[0]) == maze.entrance[0], "the trail does not start at the entrance")
    _need(int(trail[-1]) == position, "the trail does not end where the player stands")
    _check_steps(maze, trail)
    seen_raw = data.get("seen", [])
    _need(isinstance(seen_raw, list), "the seen cells are damaged")
    _need(len(seen_raw) <= cells, "more cells are marked seen than the maze has")
    seen_cells = _cells(seen_raw, grid, is_open, "a seen cell")
    _need(len(np.unique(seen_cells)) == len(seen_cells), "a seen cell is listed twice")
    seen = set(seen_cells.tolist())
    moves = _whole(data.get("moves"), "moves", 0, 10**9)
    _need(moves == len(trail) - 1, "the move count does not match the trail")
    elapsed = data.get("time")
    _need(isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool), "the time is not a number")
    _need(0 <= elapsed < 10**8, "the time is out of range")
    fog = data.get("fog", False)
    _need(isinstance(fog, bool), "the fog setting is damaged")
    return Game(spec=spec, maze=maze, level=level, position=position, trail=trail.tolist(), moves=moves,
                elapsed=float(elapsed), fog=fog, seen=seen)


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


def _rebuilt(raw: dict[str, Any], spec: MazeSpec, cells: int) -> Maze:
    """A maze saved as its recipe: rebuilt (bounded: at most MAX_RECIPE_CELLS) and checked against
    the checksum written with it."""
    _need(type(raw.get("version")) is int, f"the saved maze has unknown version {short(raw.get('version'))}")
    _need(cells <= MAX_RECIPE_CELLS, f"the saved maze asks for more than {MAX_RECIPE_CELLS:,} cells to be rebuilt")
    expected = raw.get("checksum")
    _need(type(expected) is int, "the saved maze's checksum is damaged")
    maze = spec.build()
    _need(checksum(maze) == expected, "the saved maze does not match its recipe")
    return maze


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
    for name, most in limits.items():
        value = raw.get(name, [])
        _need(isinstance(value, list), f"the saved maze's {name} are damaged")
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
            return None, one_line(f"The save could not be used ({reason}); it could not be moved aside ({why}), "
                                  f"so it is left as it is, not overwritten.")
        return None, one_line(f"The save could not be used ({reason}); it was kept as "
                              f"{kept.name if kept else path.name}.")
    _unmovable.discard(_key(path))
    return game, f"Welcome back: level {game.level}."


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))
