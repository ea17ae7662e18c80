"""Files of the user's own on the command line: an ``-a`` (or ``--solve``) value that names a ``.py``
file is loaded (``plugins.student``) and replaced by its registry name before any command runs, so
``generate``, ``compare``, ``stats``, ``lab``, ``play`` and the window all take one; and what
``generate`` says about a student's run (the checker's finding, the maze check)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..core.maze import Maze
from ..plugins.checker import record_for
from ..plugins.maze_check import check_maze
from ..plugins.student import LOADED, load, names_file

if TYPE_CHECKING:
    from ..run.spec import MazeSpec

STOPPED_EXIT = 1
"""The exit status when the checker stopped a run (an illegal event, an exception in the file) or
``--check`` found the maze not perfect."""


def load_own_files(args: argparse.Namespace) -> None:
    """Load every file named where an algorithm or solver name goes, in place (StudentFileError)."""
    for attr in ("algorithm", "solve", "solver"):
        value = getattr(args, attr, None)
        solver = attr != "algorithm"
        if isinstance(value, str):
            setattr(args, attr, _name(value, solver))
        elif isinstance(value, list):
            setattr(args, attr, [_name(v, solver) if isinstance(v, str) else v for v in value])
    panes = getattr(args, "panes", None)
    if panes:
        args.panes = [(_name(name, False), params) for name, params in panes]


def _name(value: str, solver: bool) -> str:
    return load(value, solver) if names_file(value) else value


def is_own(name: str | None) -> bool:
    """True when ``name`` is a user's file loaded here (checked as it runs)."""
    return name is not None and name in LOADED


def say(lines: list[str], out: Any = None) -> None:
    """Findings, one line each, on standard error."""
    for line in lines:
        print(f"maze-visualizer: {line}", file=out or sys.stderr)


def checked_build(spec: MazeSpec) -> tuple[Maze, list[str], bool]:
    """Build ``spec``'s maze from its shown events (the checker sees every one of a user's file);
    the findings in words, and whether the checker stopped the run."""
    grid = spec.make_grid()
    maze = Maze(grid).fold(spec.events(grid, show=True))
    record = record_for(grid)
    if record is None or record.finding is None:
        return maze, [], False
    return maze, [f"{spec.algorithm}: stopped at {record.finding.message}"], True


def check_lines(maze: Maze) -> tuple[list[str], bool]:
    """The maze check in words, and whether the maze is perfect."""
    found = check_maze(maze)
    return found.lines(), found.perfect


def solve_lines(maze: Maze, solver: str) -> tuple[list[str], bool]:
    """Run ``solver`` from the entrance to the exit: what it found in words, and whether it is sound."""
    from ..solvers import get_solver, run_to_end

    info = get_solver(solver)
    path = run_to_end(info.run(maze))
    record = record_for(maze.grid, solving=True)
    if record is not None and record.finding is not None:
        return [f"{solver}: stopped at {record.finding.message}"], False
    if not path:
        return [f"{solver}: found no way from the entrance to the exit"], False
    return [f"{solver}: a path of {len(path):,} cells from the entrance to the exit"], True
