"""``maze-visualizer stats``: the options and the run; the measuring and the table are
``visualizer.analysis.stats``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..algorithms import ALGORITHMS, DEFAULT_ALGORITHM
from .options import Command, add_sampling_options, chosen_algorithms, parse_jobs
from .output import check_output_path, write_file

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "stats"
SIDE_FILES = ("csv", "json", "plot")
"""The options naming a file written beside the table."""


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="maze metrics averaged over many seeds, to compare algorithms",
                            description="Generate SAMPLES mazes per algorithm and print the mean and spread of "
                            "dead ends, longest path, solution length, straight vs turning corridors, junctions, "
                            "and the directions dead ends open toward (the bias fingerprint); for dungeons also "
                            "floor, rooms and their sizes, corridors, dead ends, loops and the longest walk between "
                            "two rooms.")
    add_sampling_options(parser, "algorithm to measure (repeatable; 'all' for every one; "
                         f"default: {DEFAULT_ALGORITHM})", size="30x20", samples=20)
    parser.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                        help="algorithm parameter, repeatable (braid=N works for all)")
    parser.add_argument("--csv", metavar="FILE", default=None, help="also write every sample as a CSV row")
    parser.add_argument("--json", metavar="FILE", default=None, help="also write every sample as JSON")
    parser.add_argument("--plot", metavar="FILE.png", default=None,
                        help="draw a comparison chart (needs the [analysis] extra: matplotlib)")
    parser.add_argument("--jobs", "-j", type=parse_jobs, default=0, metavar="N",
                        help="worker processes, at most one a core (default: 0 = every core available)")


def run(args: argparse.Namespace) -> int:
    """Check everything (a missing folder fails now, not after minutes of measuring), measure, write
    the files asked for, print the table."""
    from ..analysis import stats

    names = chosen_algorithms(args.algorithm, [DEFAULT_ALGORITHM], list(ALGORITHMS))
    plan = stats.make_plan(names, args.grid, args.size, args.samples, args.seed, args.param)
    for option in SIDE_FILES:
        if getattr(args, option) is not None:
            check_output_path(getattr(args, option), f"--{option}")
    if args.plot is not None:
        stats.require_matplotlib()
    samples = stats.collect_samples(plan, args.jobs)
    summaries = stats.summarize(samples, plan)
    if args.csv is not None:
        write_file(args.csv, stats.csv_text(samples), "--csv")
    if args.json is not None:
        write_file(args.json, stats.json_text(samples, plan), "--json")
    if args.plot is not None:
        write_file(args.plot, stats.chart_png(plan, summaries), "--plot")
    print(stats.format_table(plan, summaries))
    return 0


COMMAND = Command(NAME, register, run)
