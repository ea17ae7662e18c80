"""Algorithms and solvers from other installed packages, through entry points (the packaging
convention plugins use).

A package declares, in its ``pyproject.toml``::

    [project.entry-points."maze_visualizer.algorithms"]
    spiral = "my_package.spiral:ALGORITHM"      # an Algorithm (algorithms/base.py)

    [project.entry-points."maze_visualizer.solvers"]
    greedy = "my_package.greedy:SOLVER"         # a Solver (solvers/base.py)

:func:`merge_entry_points` adds them to the registries once, at start-up. A plugin that fails to
import, is not the right record or takes a name already used is left out with one warning line;
the program runs on without it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import metadata
from typing import Any

from ..algorithms import ALGORITHMS, Algorithm
from ..solvers import SOLVERS, Solver

GROUPS: dict[str, tuple[dict[str, Any], type]] = {
    "maze_visualizer.algorithms": (ALGORITHMS, Algorithm),
    "maze_visualizer.solvers": (SOLVERS, Solver),
}
"""Each entry point group, the registry it adds to and the record its entries must be."""

_merged = False


def warn(message: str) -> None:
    print(f"maze-visualizer: warning: {message}", file=sys.stderr)


def merge_entry_points(say: Callable[[str], None] = warn) -> list[str]:
    """Add every installed plugin to its registry (once a process); returns the names added."""
    global _merged
    if _merged:
        return []
    _merged = True
    added: list[str] = []
    for group, (registry, record) in GROUPS.items():
        try:
            found = list(metadata.entry_points(group=group))
        except Exception as err:  # broken metadata of some other package must not stop the program
            say(f"could not read the installed plugins of {group}: {err}")
            continue
        for entry in found:
            problem = _merge(entry, registry, record)
            if problem:
                say(f"plugin {entry.name!r} ({entry.value}) left out: {problem}")
            else:
                added.append(entry.name)
    return added


def _merge(entry: metadata.EntryPoint, registry: dict[str, Any], record: type) -> str:
    """Load one entry point into ``registry``; the reason it was not, or ""."""
    try:
        value = entry.load()
    except Exception as err:
        return f"{type(err).__name__}: {err}"
    if not isinstance(value, record):
        return f"expected {record.__name__}, got {type(value).__name__}"
    name: str = value.name  # type: ignore[attr-defined]  # an Algorithm or a Solver: both have one
    if name in registry:
        return f"the name {name!r} is already taken"
    registry[name] = value
    return ""
