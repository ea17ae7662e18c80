"""``maze-visualizer worksheet``: several mazes on printable PDF pages, with an answer key."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .options import PAPERS, THEMES, Command, add_maze_options, spec_from_args
from .output import check_output_path, write_file

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "worksheet"


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="several mazes on printable pages, numbered, with an answer key",
                            description="Lay out COUNT mazes on A4 or Letter pages (PDF), numbered, with an "
                            "answer-key page at the end. The same seed always gives the same sheet.")
    add_maze_options(parser, "15x15")
    parser.add_argument("--count", "-n", type=int, default=6, metavar="N", help="mazes on the sheet (default: 6)")
    parser.add_argument("--output", "-o", metavar="FILE.pdf", required=True,
                        help="the PDF to write (its name must end in .pdf)")
    parser.add_argument("--paper", choices=PAPERS, default="a4", help="page size (default: a4)")
    parser.add_argument("--theme", choices=THEMES, default="light", help="colours (default: light, for paper)")
    parser.add_argument("--no-answers", dest="answers", action="store_false", help="leave out the answer key")


def run(args: argparse.Namespace) -> int:
    """Check everything, build the sheet, write it whole or not at all.

    Without ``--seed`` a random one is used and named on standard error (it is on the sheet too)."""
    from ..export.worksheet import check_count, worksheet_bytes

    check_output_path(args.output, ending=".pdf")
    check_count(args.count)
    base = spec_from_args(args)
    write_file(args.output, worksheet_bytes(base, args.count, args.paper, args.theme, args.answers))
    if args.seed is None:
        print(f"worksheet seed {base.seed} (--seed {base.seed} makes the same sheet)", file=sys.stderr)
    return 0


COMMAND = Command(NAME, register, run)
