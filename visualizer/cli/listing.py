"""``maze-visualizer list``: the algorithms, their grids and their parameters, from the registry."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..algorithms import ALGORITHMS
from .options import Command
from .output import write_stdout

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "list"


def register(sub: Subcommands) -> None:
    sub.add_parser(NAME, help="list the algorithms with their parameters")


def run(_: argparse.Namespace) -> int:
    lines = []
    for info in ALGORITHMS.values():
        grids = " + ".join(info.grid_names)
        kind = "perfect maze" if info.perfect else "with loops / rooms"
        lines.append(f"{info.name}  [{grids}; {kind}]")
        lines.append(f"    {info.description}")
        lines.extend(f"    --param {param.summary()}" for param in info.params)
    from ..algorithms.base import BRAID, WEIGHTS
    lines.append(f"\nEvery algorithm also takes --param {BRAID.summary()}")
    lines.append(f"    and --param {WEIGHTS.summary()}")
    from ..solvers import SOLVERS
    lines.append(f"Solvers: {', '.join(SOLVERS)}")
    write_stdout("\n".join(lines) + "\n")
    return 0


COMMAND = Command(NAME, register, run)
