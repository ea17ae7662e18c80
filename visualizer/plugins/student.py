"""Loading a student's own file: ``-a my_maze.py`` (a generator) or ``--solve my_solver.py`` (a solver).

The file runs as Python with the user's rights (it is their own code, as any script they run). It
defines ``generate(grid, rng)`` or ``solve(maze, start, goal)`` yielding events made with
``visualizer.api``, and may give a ``CODE`` list of pseudocode lines. Loading builds the same record
a registry entry is (``Algorithm``, ``Solver``), with the checker around the function, and puts it in
the registry under the file's name (its stem), so every command and scene treats it as a built-in.
A file that cannot be used is refused in one line (``StudentFileError``) before any long work.
"""

from __future__ import annotations

import inspect
import os
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..algorithms import ALGORITHMS, Algorithm
from ..core.names import looks_like_file, not_python
from ..solvers import SOLVERS, Solver
from .checker import checked_generation, checked_solver, user_line
from .narrator import narrator_for

MOST_BYTES = 1_000_000
"""A student's file larger than this is refused (it is not a file written by hand)."""


class StudentFileError(ValueError):
    """The file cannot be loaded; the message says why in one line."""


@dataclass(frozen=True)
class Loaded:
    """A student's file as loaded: its registry name, its path, when it was last changed."""

    name: str
    path: Path
    solver: bool
    mtime: float

    def changed(self) -> bool:
        """True when the file was saved since it was loaded (or has gone)."""
        try:
            return os.stat(self.path).st_mtime != self.mtime
        except OSError:
            return True


LOADED: dict[str, Loaded] = {}
"""Every loaded file by its registry name (hot reload asks which file a name came from)."""


def names_file(value: str) -> bool:
    """True when an ``-a`` or ``--solve`` value names a file (a ``.py`` name, a folder in it, or a
    file that is there) rather than a registry entry."""
    if value in ALGORITHMS or value in SOLVERS:
        return False
    return value.endswith(".py") or looks_like_file(value) or os.path.isfile(value)


def load(value: str, solver: bool = False) -> str:
    """Load the file ``value`` names and register it; returns its registry name (StudentFileError)."""
    path = Path(value).expanduser()
    if path.suffix != ".py":
        raise StudentFileError(not_python("solver" if solver else "algorithm", value))
    try:
        text = _read(path)
    except FileNotFoundError:
        raise StudentFileError(f"{value}: no such file") from None
    except OSError as err:
        raise StudentFileError(f"{value}: cannot read it ({err.strerror or err})") from None
    name = path.stem
    registry: dict[str, Any] = SOLVERS if solver else ALGORITHMS
    known = LOADED.get(name)
    if name in registry and (known is None or known.path != path.resolve()):
        what = "solver" if solver else "algorithm"
        raise StudentFileError(f"{value}: the name {name!r} is taken by a built-in {what}; rename the file")
    module = _run(path, text)
    record = _solver(module, name, path) if solver else _algorithm(module, name, path)
    registry[name] = record
    LOADED[name] = Loaded(name, path.resolve(), solver, os.stat(path).st_mtime)
    return name


def reload(name: str) -> str | None:
    """Load the file behind ``name`` again (its new code); None when it loaded, else the one line why not."""
    known = LOADED[name]
    try:
        load(str(known.path), known.solver)
    except StudentFileError as err:
        LOADED[name] = Loaded(name, known.path, known.solver, _mtime(known.path))
        return str(err)
    return None


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return -1.0


def _read(path: Path) -> str:
    size = os.stat(path).st_size
    if size > MOST_BYTES:
        raise StudentFileError(f"{path}: {size:,} bytes is too large for a file of your own (at most {MOST_BYTES:,})")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise StudentFileError(f"{path}: not text in UTF-8") from None


def _run(path: Path, text: str) -> types.ModuleType:
    """The file run as a module of its own (its top-level code runs now, as ``python file`` would)."""
    try:
        code = compile(text, str(path.resolve()), "exec")
    except SyntaxError as err:
        raise StudentFileError(f"{path.name}, line {err.lineno}: {err.msg}") from None
    module = types.ModuleType(f"student_{path.stem}")
    module.__file__ = str(path.resolve())
    try:
        exec(code, module.__dict__)
    except Exception as err:  # their code failed at its top level: say where, in one line
        raise StudentFileError(f"{path.name}: {user_line(err, path.resolve())}") from None
    return module


def _function(module: types.ModuleType, name: str, params: tuple[str, ...], path: Path) -> Callable[..., Any]:
    """The file's ``name`` function, checked to take ``params`` and to yield (be a generator)."""
    wanted = f"{name}({', '.join(params)})"
    function = getattr(module, name, None)
    if not callable(function):
        raise StudentFileError(f"{path.name}: no function {wanted} in the file")
    try:
        inspect.signature(function).bind(*params)
    except (TypeError, ValueError):
        raise StudentFileError(f"{path.name}: {name} must take {len(params)} arguments: {wanted}") from None
    if not inspect.isgeneratorfunction(function):
        raise StudentFileError(f"{path.name}: {name} must yield its events (use yield, not return)")
    return function


def _code_lines(module: types.ModuleType, path: Path) -> list[str]:
    lines = getattr(module, "CODE", [])
    if not isinstance(lines, (list, tuple)) or not all(isinstance(line, str) for line in lines):
        raise StudentFileError(f"{path.name}: CODE must be a list of lines of text")
    return [line.rstrip() for line in lines]


def _about(module: types.ModuleType, default: str) -> str:
    """The file's docstring's first line, else ``default``: the description the menus show."""
    doc = (module.__doc__ or "").strip().splitlines()
    return doc[0].strip() if doc else default


def _algorithm(module: types.ModuleType, name: str, path: Path) -> Algorithm:
    generate = _function(module, "generate", ("grid", "rng"), path)
    about = _about(module, "a generator of your own")
    description = f"{name} ({path.name}): {about}"
    return Algorithm(name=name, func=checked_generation(generate, path.resolve()), description=description,
                     perfect=bool(getattr(module, "PERFECT", True)),
                     narrator=narrator_for(name, _code_lines(module, path), solver=False))


def _solver(module: types.ModuleType, name: str, path: Path) -> Solver:
    solve = _function(module, "solve", ("maze", "start", "goal"), path)
    about = _about(module, "a solver of your own")
    return Solver(name, checked_solver(solve, path.resolve()), f"{name} ({path.name}): {about}",
                  shortest=bool(getattr(module, "SHORTEST", False)), title=f"{name} ({path.name})",
                  narrator=narrator_for(name, _code_lines(module, path), solver=True))
