"""The command line: the window by default, plus a headless or windowed command per module here.

``main`` builds the parser from ``COMMANDS`` (each command module registers its own subparser and
runs its own arguments), dispatches, and turns every failure into one line and an exit status
(``errors``). Shared options live in ``options``, standard output and file checks in ``output``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..files.stopping import exit_status, stops_raise
from ..plugins.checker import CheckerStopped
from ..plugins.entry_points import merge_entry_points
from . import bench, compare, generate, lab, lesson, listing, play, stats, window, worksheet
from .crash import is_refusal, report_bug
from .errors import ERROR_EXIT, IO_EXIT, PIPE_EXIT, PROG, OutputError, UsageError, describe, report
from .options import Command, Parser
from .output import silence_stdout, write_stdout
from .own_files import STOPPED_EXIT, load_own_files

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
    """Run one command; every way it can end is an exit status (``errors``), a signal included (128 + N)."""
    with stops_raise():
        return run_command(argv)


def run_command(argv: Sequence[str] | None) -> int:
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
    except CheckerStopped as stopped:  # a student's file broke a rule while stats or the lab made mazes
        report(stopped)
        return STOPPED_EXIT
    except (UsageError, ValueError) as err:
        if isinstance(err, ValueError) and not is_refusal(err):  # numpy's, int()'s: a bug, not a mistake
            return report_bug(err)
        report(err)
        return ERROR_EXIT
    except OSError as err:
        report(describe(err))
        return IO_EXIT
    except KeyboardInterrupt as stopped:  # Ctrl+C, SIGTERM, SIGHUP (files.stopping): quietly, 128 + N
        return exit_status(stopped)
    except MemoryError:
        report("out of memory: try a smaller size")
        return IO_EXIT
    except Exception as err:  # noqa: BLE001 (anything else is a bug: said so, its traceback kept in a file)
        return report_bug(err)
