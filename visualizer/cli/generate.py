"""``maze-visualizer generate``: one maze, headless, in any registered export format.

The help names the formats and which of them take each option from ``export.formats.FORMATS``, and
the solvers from ``solvers.SOLVERS``: a new format or solver shows up in ``--help`` by itself."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from ..export.formats import (
    FORMATS,
    ExportOptions,
    Format,
    beside_files,
    beside_path,
    extension_mismatch,
    fit_recipe,
    format_for,
    refuse_recipe,
    refused_options,
    unknown_extension,
)
from ..grids import GRIDS
from .errors import UsageError, note
from .options import PAPERS, THEMES, Command, add_maze_options, joined, number_in, parse_frames, spec_from_args
from .output import check_output_path, write_file, write_stdout
from .own_files import STOPPED_EXIT, check_lines, checked_build, is_own, say, solve_lines

if TYPE_CHECKING:
    from ..core.maze import Maze
    from ..run.spec import MazeSpec
    from .options import Subcommands

NAME = "generate"
SHOWABLE = ("distance", "longest")
"""What ``generate --show`` can draw over a PNG."""
EXPORT_OPTIONS = ("theme", "solution", "show", "cell", "fps", "seconds", "max_frames", "hold", "solve", "paper")


def format_names(keep: Callable[[Format], bool]) -> list[str]:
    return [fmt.name for fmt in FORMATS.values() if keep(fmt)]


def taking(option: str) -> str:
    """The formats that take an export option, for its help: ``gif, webp``."""
    return ", ".join(format_names(lambda fmt: option in fmt.options))


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="generate a maze without a window and export it",
                            description="Generate a maze headless and write it as "
                            f"{joined(FORMATS, last=' or ')}.")
    add_maze_options(parser, "20x15")
    parser.add_argument("--format", "-f", choices=list(FORMATS), default=None,
                        help="output format (default: from the output file's extension, else text)")
    needs_file = joined(format_names(lambda fmt: fmt.needs_file))
    parser.add_argument("--output", "-o", metavar="FILE", default=None,
                        help=f"file to write (default: standard output; {needs_file} need a file)")
    add_export_options(parser)
    parser.add_argument("--from", dest="from_file", metavar="FILE.json", default=None,
                        help="write the maze saved in a JSON file (the window's Ctrl+J, edits and all, or a "
                        "-f json export) instead of making one; animations need a recipe and are refused")
    parser.add_argument("--check", action="store_true",
                        help="check the maze instead of writing it: perfect or not, loops, cells cut off (exit 1 "
                        "when not perfect); with --solve, the solver's path too")


def add_export_options(parser: argparse.ArgumentParser) -> None:
    """Options that only some formats take (``formats.FORMATS`` says which). Each defaults to None,
    so that a given one can be told from a default and refused by a format."""
    from ..solvers import SOLVERS

    light = joined(format_names(lambda fmt: fmt.theme == "light"))
    dark = ", ".join(format_names(lambda fmt: fmt.theme == "dark"))
    parser.add_argument("--theme", choices=THEMES, default=None,
                        help=f"colours: light (white floor, black walls; default for {light}) or dark "
                        f"(the window's look; default for {dark})")
    parser.add_argument("--solution", action="store_true", default=None,
                        help=f"{taking('solution')}: draw the shortest path from entrance to exit "
                        "(pdf: on a second page)")
    parser.add_argument("--show", action="append", default=None, choices=SHOWABLE, metavar="WHAT",
                        help=f"{taking('show')} only, repeatable: 'distance' colours cells by steps from the "
                        "entrance, 'longest' draws the longest path")
    parser.add_argument("--cell", type=number_in("cell", 0, 512), default=None, metavar="PX",
                        help=f"{taking('cell')}: pixels per unit of the picture - square: a tile (a cell and "
                        "its wall take 2), hex: a hexagon's radius, triangle: a side (default: up to 2000 "
                        "pixels across, animations 800, a unit at most "
                        f"{', '.join(f'{cls.UNIT_PIXELS[1]:g} px on {kind}' for kind, cls in GRIDS.items())}: "
                        "small mazes give small pictures)")
    parser.add_argument("--fps", type=number_in("fps", 0, 100), default=None, metavar="N",
                        help=f"{taking('fps')}: frames per second (default: 25)")
    parser.add_argument("--seconds", type=number_in("seconds", 0, 600), default=None, metavar="S",
                        help=f"{taking('seconds')}: length of the animation before the hold (default: about 10)")
    parser.add_argument("--max-frames", type=parse_frames, default=None, metavar="N",
                        help=f"{taking('max_frames')}: at most this many frames")
    parser.add_argument("--hold", type=number_in("hold", 0, 60, low_included=True), default=None, metavar="S",
                        help=f"{taking('hold')}: seconds the finished maze stays at the end (default: 2)")
    parser.add_argument("--solve", default=None, metavar="SOLVER",
                        help=f"{taking('solve')}: animate this solver after the generation ({', '.join(SOLVERS)})")
    parser.add_argument("--paper", choices=PAPERS, default=None, help=f"{taking('paper')}: page size (default: a4)")
    parser.add_argument("--narration", metavar="FILE", default=None,
                        help="also write every step's sentence and pseudocode line, as the teaching panel tells "
                             "them (and the solve's with --solve, for any format): Markdown for a .md file, else "
                             "plain text; mazes up to 250 x 250")


def export_options(args: argparse.Namespace) -> tuple[ExportOptions, set[str]]:
    """The export options given (the rest at their defaults) and the names of those given."""
    given = {name: getattr(args, name) for name in EXPORT_OPTIONS if getattr(args, name) is not None}
    if "show" in given:
        given["show"] = tuple(given["show"])
    if given.get("solve") is not None:
        from ..solvers import get_solver

        get_solver(given["solve"])
    return ExportOptions(**given), set(given)


def output_named(options: ExportOptions, output: str | None) -> ExportOptions:
    """``options`` with ``name`` set from the output file (what files written beside it are named after)."""
    if output is None:
        return options
    return replace(options, name=os.path.splitext(os.path.basename(output))[0] or options.name)


def run(args: argparse.Namespace) -> int:
    """Check the output path, the recipe and the options before any work; then build, export, write."""
    if args.output is not None:
        check_output_path(args.output)
    if args.narration is not None:
        check_output_path(args.narration)
    if args.from_file is not None:
        return run_from_file(args)
    spec = spec_from_args(args)
    if args.narration is not None:
        check_narration_size(spec)
    if args.check or is_own(spec.algorithm):
        status = check_run(spec, args)
        if args.check or status:
            return status
    fmt = chosen_format(args)
    options, given = export_options(args)
    refused = refused_options(fmt, given - ({"solve"} if args.narration is not None else set()))
    if refused:
        raise UsageError(f"{', '.join(refused)} cannot be used with {fmt.name} output")
    try:
        refuse_recipe(fmt, spec, options)  # a grid it cannot draw, a page too small...: before any work
    except ValueError as refused_option:
        raise UsageError(str(refused_option)) from None
    options, fitted = fit_recipe(fmt, spec, options)  # an animation's frames capped for a large maze
    if fitted is not None:
        note(fitted)
    if args.output is not None:
        options = output_named(options, args.output)
        for ending, _ in fmt.beside:
            check_output_path(beside_path(args.output, ending))
    if fmt.needs_file and args.output is None:
        raise UsageError(f"{fmt.name} output needs --output FILE")
    maze = None if fmt.replays and args.narration is None else spec.build()
    write_export(fmt, maze, spec, options, args.output)
    if args.narration is not None:
        assert maze is not None
        write_file(args.narration, narration_text(spec, maze, options.solve, args.narration))
    say_random_seed(args, spec)
    return 0


def say_random_seed(args: argparse.Namespace, spec: MazeSpec) -> None:
    """A file made from a random seed: its seed on stderr, or that maze could never be made again
    (a picture does not carry it). Standard output stays the maze alone."""
    if args.seed is None and args.output is not None:
        note(f"{args.output}: seed {spec.seed} (--seed {spec.seed} makes this maze again)")


def chosen_format(args: argparse.Namespace) -> Format:
    """The format to write: ``--format``, else the output's extension; the two must agree."""
    mismatch = extension_mismatch(args.format, args.output) or (
        None if args.format else unknown_extension(args.output))
    if mismatch is not None:
        raise UsageError(mismatch)
    return format_for(args.format, args.output)


def run_from_file(args: argparse.Namespace) -> int:
    """``--from FILE``: the saved maze (edits and all) in the format asked for; animations replay
    a recipe, which an edited maze no longer follows, so they are refused."""
    from ..algorithms import DEFAULT_ALGORITHM
    from ..grids import DEFAULT_GRID
    from .maze_file import load_maze, refuse_recipe_options

    refuse_recipe_options(args, DEFAULT_ALGORITHM, DEFAULT_GRID)
    fmt = chosen_format(args)
    if "fps" in fmt.options:
        raise UsageError(f"--from cannot make {fmt.name}: an animation replays the recipe, not the saved maze")
    options, given = export_options(args)
    refused = refused_options(fmt, given)
    if refused:
        raise UsageError(f"{', '.join(refused)} cannot be used with {fmt.name} output")
    if fmt.needs_file and args.output is None:
        raise UsageError(f"{fmt.name} output needs --output FILE")
    maze, spec = load_maze(args.from_file)
    refuse_recipe(fmt, spec, options)
    if args.output is not None:
        options = output_named(options, args.output)
        for ending, _ in fmt.beside:
            check_output_path(beside_path(args.output, ending))
    write_export(fmt, maze, spec, options, args.output)
    return 0


def write_export(fmt: Format, maze: Maze | None, spec: MazeSpec, options: ExportOptions, output: str | None) -> None:
    """The export, the files beside it first (the map names them), to the file or the terminal;
    a format that writes a piece at a time is written as its pieces come."""
    streamer = fmt.streamer()
    if maze is None:  # the writer replays the recipe (``Format.replays``)
        data: str | bytes | Iterator[str] = fmt.replayer()(None, spec, options)
    else:
        data = streamer(maze, spec, options) if streamer is not None else fmt.writer()(maze, spec, options)
        for ending, content in beside_files(fmt, maze, spec, options).items():
            write_file(beside_path(str(output), ending), content)
    if output is not None:
        write_file(output, data)
    elif isinstance(data, (str, bytes)):
        write_stdout(data if isinstance(data, str) else data.decode("latin-1"))
    else:
        for piece in data:
            write_stdout(piece)


def check_narration_size(spec: MazeSpec) -> None:
    from ..run.transcript import check_size

    try:
        check_size(spec)
    except ValueError as err:
        raise UsageError(str(err)) from None


def narration_text(spec: MazeSpec, maze: Maze, solver: str | None, path: str) -> str:
    """The run's transcript (and its solve's), as Markdown when ``path`` ends in .md."""
    from ..run.transcript import generation_part, recipe_command, render, solve_part

    parts = [generation_part(spec)] + ([solve_part(maze, solver)] if solver else [])
    return render(parts, path.lower().endswith(".md"), recipe_command(spec, solver))
def check_run(spec: MazeSpec, args: argparse.Namespace) -> int:
    """The checker's findings on a user's file (one line each, on standard error), and with --check
    the maze check (and the solver's) on standard output; the exit status they make."""
    maze, stopped, bad = checked_build(spec)
    say(stopped)
    if bad or not args.check:
        return STOPPED_EXIT if bad else 0
    lines, sound = check_lines(maze)
    if args.solve is not None:
        solved, found = solve_lines(maze, args.solve)
        lines, sound = lines + solved, sound and found
    write_stdout("\n".join(lines) + "\n")
    return 0 if sound else STOPPED_EXIT


COMMAND = Command(NAME, register, run)
