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
    SweepPoint,
    TreeTable,
    check_algorithm,
    chi_square,
    format_p,
    noise_floor,
    parse_sweep,
    perfect_algorithms,
    spread,
    sweep,
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
    parser.add_argument("--sweep", metavar="PARAM=V1,V2,...", default=None,
                        help="test one algorithm (-a) at each value of one number parameter, e.g. "
                        "-a origin_shift --sweep iterations=0,1,2,5,10: how the verdict changes with it (with "
                        "--window, a bar a value, growing as they are sampled in turn)")


def run(args: argparse.Namespace) -> int:
    """Check everything first (one-line errors), then sample, print the table and write the CSV."""
    if not 1 <= args.samples <= MAX_SAMPLES:
        raise ValueError(f"--samples must be from 1 to {MAX_SAMPLES:,}, got {args.samples}")
    grid = make_grid(args.grid, *args.size)
    table = TreeTable(grid)
    names = tested_algorithms(args.algorithm, grid)
    if args.csv is not None:
        check_output_path(args.csv, "--csv")  # before sampling: a bad path must not cost the run
    if args.sweep is not None:
        return run_sweep(args, names, table)
    if args.window:
        return open_lab_window(names, table, args.samples, args.seed)
    samplers = [Sampler(name, table, args.seed) for name in names]
    run_samplers(samplers, args.samples)
    print("\n".join(report_lines(samplers, args.seed)))
    if args.csv is not None:
        write_file(args.csv, csv_text(samplers), "--csv")
    return 0


def run_sweep(args: argparse.Namespace, names: list[str], table: TreeTable) -> int:
    """One algorithm at each value of one parameter: every value checked before the first sample."""
    if not args.algorithm or len(names) != 1:
        raise ValueError("--sweep tests one algorithm: name it with -a NAME (for example -a origin_shift)")
    param, values = parse_sweep(args.sweep, get_algorithm(names[0]))
    if args.window:
        if args.csv is not None:
            raise ValueError("--csv writes the printed sweep; leave it out with --window")
        return open_sweep_window(names[0], table, param, values, args.samples, args.seed)
    points = sweep(names[0], table, param, values, args.samples, args.seed)
    print("\n".join(sweep_lines(names[0], table, param, points, args.samples, args.seed)))
    if args.csv is not None:
        write_file(args.csv, sweep_csv(names[0], param, points), "--csv")
    return 0


SWEEP_BAR = 40
"""Characters of the bar that draws a total variation distance of 1."""


def sweep_lines(name: str, table: TreeTable, param: str, points: list[SweepPoint], samples: int,
                seed: int) -> list[str]:
    """The header, a row per value with the distance drawn as a bar, and what the noise floor is."""
    floor = noise_floor(samples, len(table))
    lines = [f"{name} on {table.name} ({len(table):,} spanning trees): {samples:,} mazes per value of {param}, "
             f"seeds {seed} to {seed + samples - 1}.",
             f"p < {UNIFORM_P} says biased; total variation distance to uniform is 0 for a fair die, 1 for one "
             f"maze only (a uniform sampler scores about {floor:.3f} here from sampling noise alone).", ""]
    header = (param, "trees reached", "chi-square", "p-value", "distance", "verdict", "")
    rows = []
    for point in points:
        test = point.test
        chi = [f"{test.statistic:.1f}", format_p(test.p_value), test.verdict]
        reached = sum(1 for c in point.counts if c)
        rows.append([str(point.value), f"{reached} / {len(table)}", chi[0], chi[1], f"{point.distance:.3f}", chi[2],
                     "#" * round(point.distance * SWEEP_BAR)])
    lines += aligned([header, *rows], {0, 1, 2, 3, 4})
    return lines


def sweep_csv(name: str, param: str, points: list[SweepPoint]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["algorithm", "param", "value", "samples", "p-value", "total variation"])
    for point in points:
        p = f"{point.test.p_value:.6g}"
        writer.writerow([name, param, point.value, sum(point.counts), p, f"{point.distance:.6f}"])
    return out.getvalue()


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


def open_sweep_window(name: str, table: TreeTable, param: str, values: list, samples: int, seed: int) -> int:
    """The window on the sweep scene: a bar a value, growing as each value is sampled in turn."""
    from ..app.main import run_app
    from ..run.spec import MazeSpec

    grid = table.grid
    spec = MazeSpec(name, grid.kind, grid.width, grid.height, seed)
    return run_app(spec, scene="sweep", param=param, values=values, samples=samples)


COMMAND = Command(NAME, register, run)
