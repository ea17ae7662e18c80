"""The command line: the window by default, plus a headless or windowed command per module here.

``main`` builds the parser from ``COMMANDS`` (each command module registers its own subparser and
runs its own arguments), dispatches, and turns every failure into one line and an exit status
(``errors``). Shared options live in ``options``, standard output and file checks in ``output``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..plugins.entry_points import merge_entry_points
from . import bench, compare, generate, lab, lesson, listing, play, stats, window, worksheet
from .errors import ERROR_EXIT, INTERRUPT_EXIT, IO_EXIT, PIPE_EXIT, PROG, OutputError, UsageError, describe, report
from .options import Command, Parser
from .output import silence_stdout, write_stdout
from .own_files import load_own_files

COMMANDS: tuple[Command, ...] = (generate.COMMAND, worksheet.COMMAND, play.COMMAND, listing.COMMAND,
                                 stats.COMMAND, lab.COMMAND, compare.COMMAND, lesson.COMMAND, bench.COMMAND)
"""Every subcommand, in the order ``--help`` lists them. Adding one: a module with a COMMAND, one entry here."""


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Watch maze and dungeon algorithms work, step by step. "
                    "With no command, opens the visualizer window.")
    window.add_window_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.register(sub)
    return parser


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    merge_entry_points()
    args = build_parser().parse_args(argv)
    window.settle_window_options(args)
    load_own_files(args)
    return args


def dispatch(args: argparse.Namespace) -> int:
    runs = {command.name: command.run for command in COMMANDS}
    return runs[args.command](args) if args.command is not None else window.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            args = parse(argv)
        except SystemExit as done:  # --help (0) or argparse's own usage message (2): both printed
            write_stdout("")  # a --help that could not be written says so, not exit 0 with nothing
            return done.code if isinstance(done.code, int) else ERROR_EXIT
        status = dispatch(args)
        write_stdout("")  # flush now: an error at Python's own flush on exit would be a traceback-like mess
        return status
    except BrokenPipeError:  # the reader went away (generate | head): stop quietly, as other tools do
        silence_stdout()
        return PIPE_EXIT
    except OutputError as err:
        silence_stdout()
        report(err)
        return IO_EXIT
    except (UsageError, ValueError) as err:
        report(err)
        return ERROR_EXIT
    except OSError as err:
        report(describe(err))
        return IO_EXIT
    except KeyboardInterrupt:
        return INTERRUPT_EXIT
