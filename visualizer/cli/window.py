"""No command: the visualizer window, with the maze options given before any command name."""

from __future__ import annotations

import argparse

from ..algorithms import DEFAULT_ALGORITHM
from ..grids import DEFAULT_GRID
from ..run.quiz.cadence import parse_cadence
from .errors import UsageError
from .options import THEMES, WALLS, add_layout_option, add_maze_options, parse_speed, spec_from_args
from .own_files import is_own

WINDOW_OPTIONS = ("algorithm", "grid", "size", "mask", "seed", "param", "speed", "theme", "walls", "layout",
                  "solve", "quiz")
"""Options of the window (no command). Given before a command they would be silently ignored, so they
are parsed into ``window_<name>`` (absent unless given) and refused when a command follows."""
WINDOW_DEFAULTS: dict[str, object] = {"algorithm": DEFAULT_ALGORITHM, "grid": DEFAULT_GRID, "size": None,
                                      "mask": None, "seed": None, "param": [], "speed": None,
                                      "theme": None, "walls": None, "layout": None, "solve": None,
                                      "quiz": None}


def add_window_options(parser: argparse.ArgumentParser) -> None:
    """The window's options, on the root parser."""
    add_maze_options(parser, "30x20", window=True)
    parser.add_argument("--speed", type=parse_speed, dest="window_speed", default=argparse.SUPPRESS, metavar="EVENTS",
                        help="events per second to start with, or 'instant' (default: 120)")
    parser.add_argument("--theme", choices=THEMES, dest="window_theme", default=argparse.SUPPRESS,
                        help="the window's colours (default: the last one chosen, else dark; F7 switches)")
    parser.add_argument("--walls", choices=WALLS, dest="window_walls", default=argparse.SUPPRESS,
                        help="how heavy walls are drawn (default: the last one chosen, else normal; F8 switches)")
    add_layout_option(parser, dest="window_layout", default=argparse.SUPPRESS)
    parser.add_argument("--solve", dest="window_solve", default=argparse.SUPPRESS, metavar="FILE",
                        help="a solver of your own, a .py file defining solve(maze, start, goal): S runs it "
                        "(see docs/write-your-own.md)")
    parser.add_argument("--quiz", type=parse_quiz, nargs="?", const=1, dest="window_quiz", default=argparse.SUPPRESS,
                        metavar="WHEN", help="start in the quiz: each step asks what the algorithm does next; WHEN "
                        "is 'step' (the default), a number k (every k steps) or 'decisions' (K toggles it)")


def settle_window_options(args: argparse.Namespace) -> None:
    """Refuse the window's options before a command; without one, give them their plain names."""
    given = [name for name in WINDOW_OPTIONS if hasattr(args, f"window_{name}")]
    if args.command is not None and given:
        options = ", ".join(f"--{name}" for name in given)
        raise UsageError(f"{options} before the command {args.command!r} would be ignored; "
                         f"give options after the command name")
    if args.command is None:
        for name in WINDOW_OPTIONS:
            setattr(args, name, getattr(args, f"window_{name}", WINDOW_DEFAULTS[name]))


def run(args: argparse.Namespace) -> int:
    if args.solve is not None and not is_own(args.solve):
        raise UsageError(f"--solve takes a solver file of your own (a .py file), got {args.solve!r}; "
                         "V picks among the built-in solvers in the window")
    from ..app.main import run_app
    return run_app(spec_from_args(args), speed=args.speed, theme=args.theme, walls=args.walls,
                   layout=args.layout, quiz=args.quiz)


def parse_quiz(text: str) -> int:
    """``--quiz WHEN``: steps between questions (0: at decision points); argparse says a mistake in one line."""
    try:
        return parse_cadence(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err).removeprefix("--quiz takes ")) from None
