"""``maze-visualizer lab``: the uniformity lab on the command line (a table, a CSV) or in the window.

The model (every tree of a tiny grid, the samplers, the chi-square test) is ``visualizer.analysis.uniformity``,
which the window's lab scene also uses; this module only reads the options, prints and writes. It
imports the window only for ``--window`` (the app imports the model, never this module).
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..algorithms import get_algorithm
from ..analysis.columns import aligned
from ..analysis.uniformity import (
    DEFAULT_ALGORITHMS,
    MAX_PICTURED,
    MIN_EXPECTED,
    UNIFORM_P,
    ChiSquare,
    Sampler,
    TreeTable,
    check_algorithm,
    chi_square,
    format_p,
    perfect_algorithms,
    spread,
)
from ..grids import Grid, make_grid
from .options import Command, add_sampling_options, chosen_algorithms
from .output import check_output_path, write_file

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "lab"
MAX_SAMPLES = 1_000_000
COLUMNS = ("algorithm", "samples", "trees reached", "min", "max", "expected", "chi-square", "p-value", "verdict")
RIGHT_ALIGNED = {"samples", "trees reached", "min", "max", "expected", "chi-square", "p-value"}


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="uniformity lab: which spanning trees of a tiny grid each algorithm makes",
                            description="Enumerate every spanning tree (every perfect maze) of a tiny grid, "
                            "generate SAMPLES mazes per algorithm, count how often each tree comes up and test "
                            "the counts against uniform (chi-square). Prints "
                            "a table; --window shows it as the lab scene.")
    add_sampling_options(parser, f"algorithm to test (repeatable; default: {', '.join(DEFAULT_ALGORITHMS)})",
                         size="3x3", samples=5000, size_help="a tiny grid: at most 12 cells")
    parser.add_argument("--csv", metavar="FILE", default=None, help="also write the counts per tree as CSV")
    parser.add_argument("--window", action="store_true", help="show the lab in the window instead of printing")


def run(args: argparse.Namespace) -> int:
    """Check everything first (one-line errors), then sample, print the table and write the CSV."""
    if not 1 <= args.samples <= MAX_SAMPLES:
        raise ValueError(f"--samples must be from 1 to {MAX_SAMPLES:,}, got {args.samples}")
    grid = make_grid(args.grid, *args.size)
    table = TreeTable(grid)
    names = tested_algorithms(args.algorithm, grid)
    if args.csv is not None:
        check_output_path(args.csv, "--csv")  # before sampling: a bad path must not cost the run
    if args.window:
        return open_lab_window(names, table, args.samples, args.seed)
    samplers = [Sampler(name, table, args.seed) for name in names]
    run_samplers(samplers, args.samples)
    print("\n".join(report_lines(samplers, args.seed)))
    if args.csv is not None:
        write_file(args.csv, csv_text(samplers), "--csv")
    return 0


def tested_algorithms(given: Sequence[str] | None, grid: Grid) -> list[str]:
    """The algorithms to test, each checked (perfect, runs on the grid); ``all`` means every one that can;
    by default the usual four, less those the grid cannot take (binary tree on triangles)."""
    usual = [name for name in DEFAULT_ALGORITHMS if get_algorithm(name).supports(grid)]
    names = chosen_algorithms(given, usual, perfect_algorithms(grid))
    for name in names:
        check_algorithm(name, grid)
    return names


def run_samplers(samplers: list[Sampler], samples: int) -> None:
    """Every sampler to ``samples`` mazes, with a progress bar on stderr for runs over a second."""
    from tqdm import tqdm

    with tqdm(total=samples * len(samplers), delay=1.0, file=sys.stderr, unit=" mazes", leave=False,
              disable=None) as bar:  # None: no bar when stderr is not a terminal
        for sampler in samplers:
            bar.set_description(sampler.name, refresh=False)  # a refresh would show it before the delay
            while sampler.samples < samples:
                made = sampler.run_for(0.1, samples - sampler.samples)
                bar.update(made)


def report_lines(samplers: list[Sampler], seed: int) -> list[str]:
    """The header that says what the test means, the aligned table, and notes when they apply."""
    table = samplers[0].table
    samples = samplers[0].samples
    lines = [f"{table.name} has {len(table):,} spanning trees (perfect mazes); {samples:,} mazes per algorithm, "
             f"seeds {seed} to {seed + samples - 1}.",
             f"Chi-square test of the counts against uniform (every tree equally likely): "
             f"p < {UNIFORM_P} says the algorithm is biased.", ""]
    tests = [chi_square(s.counts) for s in samplers]
    rows = [table_row(s, test) for s, test in zip(samplers, tests)]
    lines += aligned([COLUMNS, *rows], {i for i, name in enumerate(COLUMNS) if name in RIGHT_ALIGNED})
    if samples / len(table) < MIN_EXPECTED:
        lines.append(f"note: fewer than {MIN_EXPECTED} expected mazes per tree, so the p-value is rough; "
                     f"use --samples {MIN_EXPECTED * len(table):,} or more")
    return lines


def table_row(sampler: Sampler, test: ChiSquare) -> list[str]:
    figures = spread(sampler.counts)
    chi = [f"{test.statistic:.1f}", format_p(test.p_value), test.verdict]
    return [sampler.name, f"{figures.samples:,}", f"{figures.reached} / {figures.trees}", str(figures.least),
            str(figures.most), format_expected(figures.expected), *chi]


def format_expected(expected: float) -> str:
    """N / T with one decimal, or two significant digits when it is below 1."""
    return f"{expected:.1f}" if expected >= 1 else f"{expected:.2g}"


def csv_text(samplers: list[Sampler]) -> str:
    """One row per (algorithm, tree): the count, the expected count and the tree's passages."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["algorithm", "grid", "size", "tree", "count", "expected", "passages"])
    for sampler in samplers:
        table = sampler.table
        expected = f"{sampler.samples / len(table):.3f}"
        size = f"{table.grid.width}x{table.grid.height}"
        for index, (tree, count) in enumerate(zip(table.trees, sampler.counts)):
            writer.writerow([sampler.name, table.grid.kind, size, index, count, expected, table.describe(tree)])
    return out.getvalue()


def open_lab_window(names: list[str], table: TreeTable, samples: int, seed: int) -> int:
    """The window on the lab scene for this grid; the maze under it is the first algorithm's."""
    from ..app.main import run_app
    from ..run.spec import MazeSpec

    grid = table.grid
    if len(table) > MAX_PICTURED:
        raise ValueError(f"{table.name} has {len(table):,} trees; the window pictures at most {MAX_PICTURED} "
                         f"(leave out --window for the table, or choose square 3x3)")
    spec = MazeSpec(names[0], grid.kind, grid.width, grid.height, seed)
    return run_app(spec, scene="lab", algorithms=names, samples=samples)


COMMAND = Command(NAME, register, run)
