"""Saving and continuing a game: JSON in the user's data folder, written atomically, read warily.

The file is parsed with ``json`` and every field is checked; nothing is ever unpickled or evaluated.
A file that fails a check is kept beside the save under a ``.bad-<time>`` name, so nothing a player
had is silently destroyed, and the game starts fresh with a one-line explanation.

    {"format": "maze-visualizer-save", "version": 1, "level": 3,
     "spec": {"algorithm": ..., "grid": ..., "width": ..., "height": ..., "seed": ..., "params": {...}},
     "maze": {<the JSON maze export, see export/json_io.py>},
     "player": [x, y], "trail": [[x, y], ...], "moves": 12, "time": 31.5, "fog": false,
     "seen": [[x, y], ...], "saved_at": "2026-11-30T05:50:00"}
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from ..export.json_io import FormatError, from_dict, need, to_dict, whole
from ..fileio import write_atomic
from ..grids import MAX_SIDE
from ..spec import MazeSpec
from .game import Game
from .levels import FINAL_LEVEL

FORMAT = "maze-visualizer-save"
VERSION = 1
SAVE_NAME = "save.json"
MAX_SAVE_BYTES = 64 * 1024 * 1024


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
                 "seed": spec.seed, "params": spec.info.resolve(spec.params)},
        "maze": to_dict(game.maze, spec),
        "player": xy(game.position),
        "trail": [xy(c) for c in game.trail],
        "moves": game.moves,
        "time": round(game.elapsed, 3),
        "fog": game.fog,
        "seen": [xy(c) for c in sorted(game.seen)],
        "saved_at": datetime.now().isoformat(timespec="seconds"),
    }


def save_game(game: Game, path: Path | None = None) -> Path:
    """Write the save atomically (temp file + rename): a crash mid-save keeps the last good one."""
    path = path or save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(game_to_dict(game), separators=(",", ":")))
    return path


_need = partial(need, error=SaveError)
_whole = partial(whole, error=SaveError)


def game_from_dict(data: Any) -> Game:
    """Rebuild a Game from parsed JSON, checking everything; SaveError says what is wrong."""
    _need(isinstance(data, dict), "the save is not a JSON object")
    _need(data.get("format") == FORMAT, "the file is not a maze-visualizer save")
    _need(data.get("version") == VERSION, f"the save has unknown version {data.get('version')!r}")
    level = _whole(data.get("level"), "level", 1, FINAL_LEVEL)
    raw = data.get("spec")
    _need(isinstance(raw, dict), "the save has no maze recipe")
    _need(isinstance(raw.get("algorithm"), str) and isinstance(raw.get("grid"), str), "the maze recipe is damaged")
    width = _whole(raw.get("width"), "width", 1, MAX_SIDE)
    height = _whole(raw.get("height"), "height", 1, MAX_SIDE)
    seed = _whole(raw.get("seed"), "seed", 0, 2**63 - 1)
    params = raw.get("params", {})
    _need(isinstance(params, dict), "the maze parameters are damaged")
    try:
        spec = MazeSpec(raw["algorithm"], raw["grid"], width, height, seed, dict(params)).check()
        maze, _ = from_dict(data.get("maze"))
    except (FormatError, ValueError) as err:
        raise SaveError(f"the saved maze is damaged: {err}") from None
    grid = maze.grid
    same = (grid.kind, grid.width, grid.height) == (spec.grid, width, height)
    _need(same, "the saved maze does not match its recipe")
    is_open = maze.open_mask()
    _need(bool(is_open[maze.entrance[0]]) and bool(is_open[maze.exit[0]]), "the maze's entrance or exit is walled in")
    reach = maze.reachable_from(maze.entrance[0])
    _need(bool(np.array_equal(reach, is_open)), "the saved maze is not connected")

    def cell(value: Any, what: str) -> int:
        _need(isinstance(value, list) and len(value) == 2, f"{what} is not an [x, y] pair")
        x = _whole(value[0], f"{what} x", 0, grid.width - 1)
        y = _whole(value[1], f"{what} y", 0, grid.height - 1)
        c = grid.cell(x, y)
        _need(bool(is_open[c]), f"{what} stands on a wall")
        return c

    position = cell(data.get("player"), "the player")
    trail_raw = data.get("trail", [])
    _need(isinstance(trail_raw, list), "the trail is damaged")
    trail = [cell(v, "a trail cell") for v in trail_raw] or [position]
    seen_raw = data.get("seen", [])
    _need(isinstance(seen_raw, list), "the seen cells are damaged")
    seen = {cell(v, "a seen cell") for v in seen_raw}
    moves = _whole(data.get("moves"), "moves", 0, 10**9)
    elapsed = data.get("time")
    _need(isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool), "the time is not a number")
    _need(0 <= elapsed < 10**8, "the time is out of range")
    fog = data.get("fog", False)
    _need(isinstance(fog, bool), "the fog setting is damaged")
    return Game(spec=spec, maze=maze, level=level, position=position, trail=trail, moves=moves,
                elapsed=float(elapsed), fog=fog, seen=seen)


def load_game(path: Path | None = None) -> Game:
    """Read and check a save; SaveError (one line) when it is missing, unreadable or damaged."""
    path = path or save_path()
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError("the save file is too large to be a save")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError("there is no saved game yet") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"the save cannot be read ({getattr(err, 'strerror', None) or err})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(f"the save is not valid JSON ({err.msg} at line {err.lineno})") from None
    return game_from_dict(data)


def set_aside(path: Path) -> Path | None:
    """Rename a bad save to ``save.json.bad-<time>`` beside it (never delete it); returns the new path."""
    if not path.exists():
        return None
    target = path.with_name(f"{path.name}.bad-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    counter = 2
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


def continue_or_explain(path: Path | None = None) -> tuple[Game | None, str]:
    """Load the save, or set a damaged one aside; returns (game or None, message for the player)."""
    path = path or save_path()
    try:
        game = load_game(path)
    except SaveError as err:
        if not path.exists():
            return None, f"Nothing to continue: {err}."
        kept = set_aside(path)
        return None, f"The save could not be used ({err}); it was kept as {kept.name if kept else path.name}."
    return game, f"Welcome back: level {game.level}."
