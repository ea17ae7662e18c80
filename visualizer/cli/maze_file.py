"""``generate --from FILE``: a maze saved as JSON (an edited one from the window's Ctrl+J, or any
``-f json`` export) written again in any format, instead of a maze made from a recipe."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..files.safe_read import read_regular
from .errors import UsageError

if TYPE_CHECKING:
    from ..core.maze import Maze
    from ..run.spec import MazeSpec

MAX_MAZE_FILE = 512 << 20
"""Bytes: a 2000 x 2000 maze's JSON is about 60 MB."""
RECIPE_OPTIONS = (("size", "-s"), ("mask", "--mask"), ("seed", "--seed"), ("param", "-p"), ("check", "--check"),
                  ("narration", "--narration"))
"""Options that make or inspect a maze from its recipe: with --from the file is the maze."""


def refuse_recipe_options(args: argparse.Namespace, default_algorithm: str, default_grid: str) -> None:
    """One line naming the recipe options given beside --from (they would be ignored)."""
    given = [flag for name, flag in RECIPE_OPTIONS if getattr(args, name, None) not in (None, [], False)]
    if args.algorithm != default_algorithm:
        given.insert(0, "-a")
    if args.grid != default_grid:
        given.insert(0, "-g")
    if given:
        raise UsageError(f"--from takes the maze from its file: leave out {', '.join(given)}")


def load_maze(path: str) -> tuple[Maze, MazeSpec]:
    """The maze and its recipe from a JSON file; one line naming the file when it cannot be used."""
    from ..export.json_io import FormatError, loads

    try:
        text = read_regular(Path(path), MAX_MAZE_FILE).decode("utf-8")
        maze, spec = loads(text)
    except (OSError, UnicodeDecodeError, FormatError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise UsageError(f"--from {path}: {reason}") from None
    if spec is None:
        raise UsageError(f"--from {path}: the file has no recipe (algorithm, grid, seed) to name the maze by")
    return maze, spec
