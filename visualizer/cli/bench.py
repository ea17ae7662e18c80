"""``maze-visualizer bench``: speed and memory figures (``visualizer.bench``)."""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING

from ..algorithms import get_algorithm
from ..grids import MAX_SIDE
from .errors import UsageError
from .options import Command, number_in

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "bench"

SOLVER_SIDE = 200
"""As ``visualizer.bench.figures.SOLVER_SIDE`` (not imported here: ``--help`` stays quick)."""


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="print speed and memory figures")
    parser.add_argument("--sizes", default=None, metavar="N,N,...",
                        help="square sides to measure (default: 100,200; with --heavy 100,500,1000); a grid "
                             "that cannot take a size is skipped with a note")
    parser.add_argument("--heavy", action="store_true",
                        help="also the heavy rows (quiet targets at 500, timeline, grid shapes, files, mazelib, "
                             "1000x1000 in the window; the default run takes under 3 minutes, this one over 10)")
    parser.add_argument("--algorithm", "-a", action="append", default=None, metavar="NAME",
                        help="only this algorithm (repeatable)")
    parser.add_argument("--no-window", action="store_true", help="skip the window benchmarks")
    parser.add_argument("--exports", action="store_true",
                        help="also measure the picture exports (SVG, PDF, PNG, GIF, WebP: CPU and peak memory "
                             "against the JSON export of the same maze, at the --export-sizes; takes minutes)")
    parser.add_argument("--export-sizes", default="1000,2000", metavar="N,N,...",
                        help="square sides for --exports (default: 1000,2000, the targets' size)")
    parser.add_argument("--solvers", action="store_true",
                        help="also measure every solver (events/s shown and quiet) on one perfect "
                             f"{SOLVER_SIDE} x {SOLVER_SIDE} maze; takes about ten seconds")
    parser.add_argument("--mazelib-timeout", type=number_in("seconds", 0, math.inf), default=120.0,
                        metavar="SECONDS",
                        help="longest wait for one mazelib run when mazelib is installed (default: 120)")


def parse_sizes(text: str, option: str = "--sizes") -> list[int]:
    """``--sizes 100,500`` (or ``--export-sizes``, named in the message): square sides, each from
    1 to MAX_SIDE, none left empty ("100,,200" is a typing slip, not two sizes)."""
    try:
        sizes = [int(s) for s in text.split(",")]
    except ValueError:
        raise UsageError(f"{option} takes whole numbers separated by commas, got {text!r}") from None
    if any(not 1 <= s <= MAX_SIDE for s in sizes):
        raise UsageError(f"{option} must each be from 1 to {MAX_SIDE}")
    return sizes


def run(args: argparse.Namespace) -> int:
    from ..bench.figures import DEFAULT_SIZES, HEAVY_NOTE, HEAVY_SIZES, run_bench
    from ..bench.generators import generator_figures
    from ..bench.mazelib import compare_with_mazelib

    default = HEAVY_SIZES if args.heavy else DEFAULT_SIZES
    sizes = parse_sizes(args.sizes or ",".join(map(str, default)))
    export_sizes = parse_sizes(args.export_sizes, "--export-sizes")
    for name in args.algorithm or []:
        get_algorithm(name)
    figures = run_bench(sizes, args.algorithm, heavy=args.heavy)
    generator_figures(heavy=args.heavy)
    if args.heavy:
        compare_with_mazelib(figures, timeout=args.mazelib_timeout)
    else:
        print(f"\nagainst mazelib at 500 x 500: {HEAVY_NOTE}")
    if args.solvers:
        from ..bench.figures import solver_figures

        solver_figures()
    if not args.no_window:
        from ..bench.window import run_window_bench
        run_window_bench(heavy=args.heavy)
    if args.exports:
        from ..bench.exports import export_rows, table

        print(table(export_rows(tuple(export_sizes))))
    return 0


COMMAND = Command(NAME, register, run)
