"""The command line: the window by default, plus headless ``generate``, ``list`` and ``bench``.

Every user mistake ends as one line on stderr and exit status 2 (``ERROR_EXIT``), never a traceback.
A failure to write standard output (a full disk) is one line and status 1 (``IO_EXIT``); a reader that
goes away (``generate | head``) ends the command quietly with status 141 (``PIPE_EXIT``, 128 + SIGPIPE),
as the shell reports for other tools. Messages never span lines: control characters are escaped.
"""

from __future__ import annotations

import argparse
import math
import os
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from ..algorithms import ALGORITHMS, get_algorithm
from ..export.formats import FORMATS, ExportOptions, format_for, refused_options
from ..grids import DEFAULT_GRID, GRIDS, MAX_SIDE, Mask
from ..run.spec import MazeSpec, random_seed

PROG = "maze-visualizer"
ERROR_EXIT = 2
IO_EXIT = 1
PIPE_EXIT = 141
SHOWABLE = ("distance", "longest")
"""What ``generate --show`` can draw over a PNG."""
THEMES = ("light", "dark")
"""The names in ``render.themes.THEMES`` (spelled here so ``--help`` need not load the renderer; a test
checks they agree)."""
PAPERS = ("a4", "letter")
"""The names in ``export.pdf.PAPERS`` (likewise)."""
MASK_EXAMPLES = ("heart", "maze")
"""The masks shipped in ``assets/masks`` (spelled here so ``--help`` need not list the folder; a test
checks they agree)."""
GHOSTS = ("off", "easy", "medium", "hard")
"""The names in ``play.ghost.LEVELS`` (likewise)."""


class UsageError(Exception):
    """A mistake in what the user asked for; the message is shown as it is."""


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed file); shown as it is, status 1."""


def one_line(text: str) -> str:
    """``text`` with newlines and other control characters escaped, so that a message stays one line."""
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one clear line instead of usage + message
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Help goes out through ``write_stdout``: argparse's own printing drops a failed write
        silently (``--help > /dev/full`` said nothing and exited 0)."""
        if message and (file is None or file is sys.stdout):
            write_stdout(message)
        else:
            super()._print_message(message, file)


def parse_size(text: str) -> tuple[int, int]:
    """``"40x30"`` -> (40, 30), both from 1 to MAX_SIDE."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit():
        raise argparse.ArgumentTypeError(f"size must look like WIDTHxHEIGHT (for example 40x30), got {text!r}")
    width, height = int(w), int(h)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"width and height must each be from 1 to {MAX_SIDE}, got {text!r}")
    return width, height


def parse_seed(text: str) -> int:
    try:
        seed = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, got {text!r}") from None
    if not 0 <= seed < 2**63:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to 2**63-1, got {text!r}")
    return seed


def parse_speed(text: str) -> float:
    """Events per second, or ``instant`` for as fast as the machine goes."""
    if text.strip().lower() in ("instant", "max", "unlimited"):
        return float("inf")
    try:
        speed = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed must be events per second or 'instant', got {text!r}") from None
    if not 0 < speed <= 1_000_000 or speed != speed:
        raise argparse.ArgumentTypeError(f"speed must be above 0 and at most 1000000, got {text!r}")
    return speed


WINDOW_OPTIONS = ("algorithm", "grid", "size", "mask", "seed", "param", "speed")
"""Options of the window (no command). Given before a command they would be silently ignored, so they
are parsed into ``window_<name>`` (absent unless given) and refused when a command follows."""


def add_maze_options(parser: argparse.ArgumentParser, default_size: str, window: bool = False) -> None:
    def dest(name: str) -> dict[str, Any]:
        # The window's options must not share a dest with a subcommand's: the subcommand's defaults
        # would overwrite them. SUPPRESS leaves them out of the namespace unless the user gave them.
        return {"dest": f"window_{name}", "default": argparse.SUPPRESS} if window else {"dest": name}

    parser.add_argument("--algorithm", "-a", metavar="NAME", **dest("algorithm"),
                        help=f"maze algorithm: {', '.join(ALGORITHMS)} (default: backtracker)")
    parser.add_argument("--grid", "-g", choices=list(GRIDS), **dest("grid"),
                        help=f"grid shape (default: {DEFAULT_GRID})")
    parser.add_argument("--size", "-s", type=parse_size, metavar="WxH", **dest("size"),
                        help=f"cells across and down, each 1 to {MAX_SIDE} (default: {default_size}; "
                        "with a mask, the mask's own size)")
    add_mask_option(parser, **dest("mask"))
    parser.add_argument("--seed", type=parse_seed, metavar="N", **dest("seed"),
                        help="random seed; the same seed gives the same maze (default: a random one)")
    parser.add_argument("--param", "-p", action="append", metavar="NAME=VALUE", **dest("param"),
                        help="algorithm parameter, repeatable; see the list command")
    if not window:
        parser.set_defaults(algorithm="backtracker", grid=DEFAULT_GRID, size=None, seed=None, param=[], mask=None)
    parser.set_defaults(default_size=parse_size(default_size))


def add_mask_option(parser: argparse.ArgumentParser, **dest: Any) -> None:
    parser.add_argument("--mask", "-m", metavar="FILE", **dest,
                        help="keep only the cells of a shape: a text file (X or # no cell, . or space a cell), a "
                        f"picture (dark pixels are cells) or a shipped example by name ({', '.join(MASK_EXAMPLES)})")


def maze_shape(args: argparse.Namespace) -> tuple[int, int, Mask | None]:
    """Width, height and mask from ``--size`` and ``--mask``: without ``--size`` a text mask gives one
    cell a character, a picture the default width and the rows that keep its shape."""
    mask = None
    if getattr(args, "mask", None) is not None:
        from ..files.masks import fitting_size, load_mask

        mask = load_mask(args.mask)
        if args.size is None:
            return (*fitting_size(mask, GRIDS[args.grid], args.default_size[0]), mask)
    width, height = args.size or args.default_size
    return width, height, mask


def note_dropped(spec: MazeSpec) -> None:
    """Say in one line on stderr when a mask's cells were left out for not joining the rest."""
    if spec.mask is None:
        return
    from ..files.masks import dropped_note

    note = dropped_note(spec.make_grid())
    if note:
        print(f"{PROG}: {note}", file=sys.stderr)


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Watch maze and dungeon algorithms work, step by step. "
                    "With no command, opens the visualizer window.")
    add_maze_options(parser, "30x20", window=True)
    parser.add_argument("--speed", type=parse_speed, dest="window_speed", default=argparse.SUPPRESS, metavar="EVENTS",
                        help="events per second to start with, or 'instant' (default: 120)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    gen = sub.add_parser("generate", help="generate a maze without a window and export it",
                         description="Generate a maze headless and write it as text, JSON or PNG.")
    add_maze_options(gen, "20x15")
    gen.add_argument("--format", "-f", choices=list(FORMATS), default=None,
                     help="output format (default: from the output file's extension, else text)")
    gen.add_argument("--output", "-o", metavar="FILE", default=None,
                     help="file to write (default: standard output; png, gif, webp and pdf need a file)")
    add_export_options(gen)
    sheet = sub.add_parser("worksheet", help="several mazes on printable pages, numbered, with an answer key",
                           description="Lay out COUNT mazes on A4 or Letter pages (PDF), numbered, with an "
                           "answer-key page at the end. The same seed always gives the same sheet.")
    add_maze_options(sheet, "15x15")
    sheet.add_argument("--count", "-n", type=int, default=6, metavar="N", help="mazes on the sheet (default: 6)")
    sheet.add_argument("--output", "-o", metavar="FILE.pdf", required=True, help="the PDF to write")
    sheet.add_argument("--paper", choices=PAPERS, default="a4", help="page size (default: a4)")
    sheet.add_argument("--theme", choices=THEMES, default="light", help="colours (default: light, for paper)")
    sheet.add_argument("--no-answers", dest="answers", action="store_false", help="leave out the answer key")
    play = sub.add_parser("play", help="play the maze game: walk to the exit, level after level",
                          description="Play: reach the exit with the arrow keys; each level is a larger maze. "
                          "Progress is saved on each level and on leaving.")
    play.add_argument("--algorithm", "-a", default="backtracker", metavar="NAME",
                      help=f"maze algorithm: {', '.join(ALGORITHMS)} (default: backtracker)")
    play.add_argument("--grid", "-g", default=DEFAULT_GRID, choices=list(GRIDS),
                      help=f"grid shape (default: {DEFAULT_GRID})")
    play.add_argument("--seed", type=parse_seed, default=None, metavar="N", help="seed of level 1 (default: random)")
    add_mask_option(play, default=None)
    play.add_argument("--continue", dest="resume", action="store_true", help="resume the saved game")
    play.add_argument("--ghost", choices=GHOSTS, default=None,
                      help="race a ghost walking the shortest path at 2, 4 or 7 cells a second "
                      "(default: the last choice, G in the game)")
    play.add_argument("--view", choices=("top-down", "first-person"), default="top-down",
                      help="look down on the maze, or walk inside it (V switches in the game; default: top-down)")
    play.add_argument("--records", action="store_true",
                      help="print your best times and fewest moves per level and maze, then exit")
    play.add_argument("--data-dir", metavar="DIR", default=None,
                      help="folder for the save file (default: $MAZE_VISUALIZER_DATA, "
                      "$XDG_DATA_HOME/maze-visualizer or ~/.local/share/maze-visualizer)")
    sub.add_parser("list", help="list the algorithms with their parameters")
    stats = sub.add_parser("stats", help="maze metrics averaged over many seeds, to compare algorithms",
                           description="Generate SAMPLES mazes per algorithm and print the mean and spread of "
                           "dead ends, longest path, solution length, straight vs turning corridors, junctions, "
                           "and the directions dead ends open toward (the bias fingerprint).")
    add_sampling_options(stats, "algorithm to measure (repeatable; 'all' for every one; default: backtracker)",
                         size="30x20", samples=20)
    stats.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                       help="algorithm parameter, repeatable (braid=N works for all)")
    stats.add_argument("--csv", metavar="FILE", default=None, help="also write every sample as a CSV row")
    stats.add_argument("--json", metavar="FILE", default=None, help="also write every sample as JSON")
    stats.add_argument("--plot", metavar="FILE.png", default=None,
                       help="draw a comparison chart (needs the [analysis] extra: matplotlib)")
    stats.add_argument("--jobs", "-j", type=parse_jobs, default=0, metavar="N",
                       help="worker processes, at most one a core (default: 0 = every core available)")
    lab = sub.add_parser("lab", help="uniformity lab: which spanning trees of a tiny grid each algorithm makes",
                         description="Enumerate every spanning tree (every perfect maze) of a tiny grid, generate "
                         "SAMPLES mazes per algorithm, count how often each tree comes up and test the counts "
                         "against uniform (chi-square, needs the [analysis] extra: scipy). Prints a table; "
                         "--window shows it as the lab scene.")
    add_sampling_options(lab, "algorithm to test (repeatable; default: wilson, aldous_broder, backtracker, "
                         "binary_tree)", size="3x3", samples=5000, size_help="a tiny grid: at most 12 cells")
    lab.add_argument("--csv", metavar="FILE", default=None, help="also write the counts per tree as CSV")
    lab.add_argument("--window", action="store_true", help="show the lab in the window instead of printing")
    compare = sub.add_parser("compare", help="watch 2 to 4 algorithms build the same maze side by side",
                             description="Open the window with 2 to 4 panes, one per --algorithm, on the same "
                             "grid, size and seed. A --param belongs to the --algorithm before it, so one "
                             "algorithm can be compared with itself: -a growing_tree -p selection=newest "
                             "-a growing_tree -p selection=random.")
    compare.add_argument("--algorithm", "-a", action=PaneAction, dest="panes", metavar="NAME",
                         help="an algorithm for one pane (2 to 4 times)")
    compare.add_argument("--param", "-p", action=PaneParamAction, dest="panes", metavar="NAME=VALUE",
                         help="a parameter of the --algorithm before it")
    compare.add_argument("--grid", "-g", default=DEFAULT_GRID, choices=list(GRIDS),
                         help=f"grid shape (default: {DEFAULT_GRID})")
    compare.add_argument("--size", "-s", type=parse_size, default=None, metavar="WxH",
                         help="cells across and down (default: 20x15; with a mask, the mask's own size)")
    add_mask_option(compare, default=None)
    compare.set_defaults(default_size=parse_size("20x15"))
    compare.add_argument("--seed", type=parse_seed, default=None, metavar="N",
                         help="seed shared by every pane (default: a random one)")
    compare.add_argument("--speed", type=parse_speed, default=None, metavar="EVENTS",
                         help="events per second per pane, or 'instant' (default: 120)")
    compare.add_argument("--race", action="store_true",
                         help="start in race pacing (equal time per pane) instead of lockstep (equal events)")
    bench = sub.add_parser("bench", help="print speed and memory figures")
    bench.add_argument("--sizes", default="100,500,1000", metavar="N,N,...",
                       help="square sides to measure (default: 100,500,1000)")
    bench.add_argument("--algorithm", "-a", action="append", default=None, metavar="NAME",
                       help="only this algorithm (repeatable)")
    bench.add_argument("--no-window", action="store_true", help="skip the window benchmarks")
    bench.add_argument("--mazelib-timeout", type=number_in("seconds", 0, math.inf), default=120.0, metavar="SECONDS",
                       help="longest wait for one mazelib run when mazelib is installed (default: 120)")
    return parser


def number_in(what: str, low: float, high: float, low_included: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number above ``low`` (or from it, ``low_included``) and at most
    ``high``; a mistake reads "<what> must be ..., got '...'"."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number, got {text!r}") from None
        above = low <= value if low_included else low < value
        if not math.isfinite(value) or not above or value > high:
            bounds = (f"from {low:g} to {high:g}" if low_included else
                      f"above {low:g}" + ("" if math.isinf(high) else f" and at most {high:g}"))
            raise argparse.ArgumentTypeError(f"{what} must be {bounds}, got {text!r}")
        return value
    return parse


def parse_frames(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(f"max-frames must be a whole number from 1 to 100000, got {text!r}")
    return int(text)


def add_sampling_options(parser: argparse.ArgumentParser, algorithm_help: str, size: str, samples: int,
                         size_help: str = "cells across and down") -> None:
    """The options of the commands that measure many mazes (stats, lab): repeatable algorithms, one
    grid and size, a sample count and the first seed (sample i uses seed + i)."""
    parser.add_argument("--algorithm", "-a", action="append", default=None, metavar="NAME", help=algorithm_help)
    parser.add_argument("--grid", "-g", default=DEFAULT_GRID, choices=list(GRIDS),
                        help=f"grid shape (default: {DEFAULT_GRID})")
    parser.add_argument("--size", "-s", type=parse_size, default=parse_size(size), metavar="WxH",
                        help=f"{size_help} (default: {size})")
    parser.add_argument("--samples", "-n", type=int, default=samples, metavar="N",
                        help=f"mazes per algorithm (default: {samples})")
    parser.add_argument("--seed", type=parse_seed, default=1, metavar="N", help="first seed (default: 1)")


def add_export_options(parser: argparse.ArgumentParser) -> None:
    """Options of ``generate`` that only some formats take (``formats.FORMATS`` says which). Each
    defaults to None, so that a given one can be told from a default and refused by a format."""
    parser.add_argument("--theme", choices=THEMES, default=None,
                        help="colours: light (white floor, black walls; default for svg and pdf) or dark "
                        "(the window's look; default for png, gif, webp)")
    parser.add_argument("--solution", action="store_true", default=None,
                        help="png, svg, pdf: draw the shortest path from entrance to exit (pdf: on a second page)")
    parser.add_argument("--show", action="append", default=None, choices=SHOWABLE, metavar="WHAT",
                        help="png only, repeatable: 'distance' colours cells by steps from the entrance, "
                        "'longest' draws the longest path")
    parser.add_argument("--cell", type=number_in("cell", 0, 512), default=None, metavar="PX",
                        help="png, gif, webp: pixels per unit of the picture - square: a tile (a cell and "
                        "its wall take 2), hex: a hexagon's radius, triangle: a side (default: up to 2000 "
                        "pixels across, animations 800, a unit at most "
                        f"{', '.join(f'{cls.UNIT_PIXELS[1]:g} px on {kind}' for kind, cls in GRIDS.items())}: "
                        "small mazes give small pictures)")
    parser.add_argument("--fps", type=number_in("fps", 0, 100), default=None, metavar="N",
                        help="gif, webp: frames per second (default: 25)")
    parser.add_argument("--seconds", type=number_in("seconds", 0, 600), default=None, metavar="S",
                        help="gif, webp: length of the animation before the hold (default: about 10)")
    parser.add_argument("--max-frames", type=parse_frames, default=None, metavar="N",
                        help="gif, webp: at most this many frames")
    parser.add_argument("--hold", type=number_in("hold", 0, 60, low_included=True), default=None, metavar="S",
                        help="gif, webp: seconds the finished maze stays at the end (default: 2)")
    parser.add_argument("--solve", default=None, metavar="SOLVER",
                        help="gif, webp: animate this solver after the generation (bfs, astar, ...)")
    parser.add_argument("--paper", choices=PAPERS, default=None, help="pdf: page size (default: a4)")


def export_options(args: argparse.Namespace) -> tuple[ExportOptions, set[str]]:
    """The export options given (the rest at their defaults) and the names of those given."""
    names = ("theme", "solution", "show", "cell", "fps", "seconds", "max_frames", "hold", "solve", "paper")
    given = {name: getattr(args, name) for name in names if getattr(args, name) is not None}
    if "show" in given:
        given["show"] = tuple(given["show"])
    if given.get("solve") is not None:
        from ..solvers import get_solver

        get_solver(given["solve"])
    return ExportOptions(**given), set(given)


MAX_JOBS = 1024


def parse_jobs(text: str) -> int:
    """Worker processes: 0 (every core) or a positive count (used up to the cores there are)."""
    if not text.strip().isdigit() or len(text.strip()) > 12 or int(text) > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"jobs must be a whole number from 0 to {MAX_JOBS}, got {text!r}")
    return int(text)


class PaneAction(argparse.Action):
    """``-a NAME`` of ``compare``: starts a pane ``(name, [params])``."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        panes = list(getattr(namespace, self.dest, None) or [])
        panes.append((values, []))
        setattr(namespace, self.dest, panes)


class PaneParamAction(argparse.Action):
    """``-p NAME=VALUE`` of ``compare``: a parameter of the pane started by the ``-a`` before it."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        panes = list(getattr(namespace, self.dest, None) or [])
        if not panes:
            raise UsageError(f"{option_string} {values} must follow the --algorithm it belongs to")
        name, params = panes[-1]
        panes[-1] = (name, [*params, values])
        setattr(namespace, self.dest, panes)


def spec_from_args(args: argparse.Namespace) -> MazeSpec:
    info = get_algorithm(args.algorithm)
    params = info.parse_params(args.param)
    width, height, mask = maze_shape(args)
    seed = random_seed() if args.seed is None else args.seed
    spec = MazeSpec(args.algorithm, args.grid, width, height, seed, params, mask).check()
    note_dropped(spec)
    return spec


def check_output_path(output: str) -> None:
    """Refuse, before any work, an output path that cannot name a file in an existing folder."""
    if not output:
        raise UsageError("empty output path")
    if output.endswith(("/", os.sep)):
        raise UsageError(f"cannot write {output}: a file path must not end with '/'")
    folder = os.path.dirname(output) or "."
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise UsageError(f"cannot write {output}: folder {folder} does not exist") from None
    except OSError as err:  # a symlink loop, a file used as a folder, no permission
        raise UsageError(f"cannot write {output}: folder {folder}: {err.strerror or err}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise UsageError(f"cannot write {output}: {folder} is not a folder")


STDOUT_CHUNK = 1 << 16


def write_stdout(text: str) -> None:
    """Write and flush; a full disk becomes OutputError, a closed pipe stays BrokenPipeError.

    A real file descriptor is written a chunk at a time with ``os.write``: one large buffered write
    into a pipe whose reader leaves half way can report success on some kernels, and the output
    would be lost without a word (``generate | head`` must end with status 141)."""
    if sys.stdout is None:  # started with standard output closed (>&-)
        if not text:
            return  # nothing to write: a command that wrote only its file is fine
        raise OutputError("cannot write to standard output: it is closed")
    try:
        sys.stdout.flush()
        try:
            fd = sys.stdout.fileno() if os.name == "posix" else -1  # elsewhere text mode changes line ends
        except (AttributeError, ValueError, OSError):  # replaced (tests) or not a file
            fd = -1
        if fd < 0:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        data = memoryview(text.encode(sys.stdout.encoding or "utf-8", errors="replace"))
        while data:
            written = os.write(fd, data[:STDOUT_CHUNK])
            data = data[written:]
    except BrokenPipeError:
        raise
    except OSError as err:
        raise OutputError(f"cannot write to standard output: {err.strerror or err}") from None


def silence_stdout() -> None:
    """Point standard output at the null device, so that Python's flush at exit cannot fail again
    (which would print "Exception ignored ... BrokenPipeError" after our one line)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout replaced (tests) or already closed
        pass


def cmd_generate(args: argparse.Namespace) -> int:
    if args.output is not None:
        check_output_path(args.output)
    spec = spec_from_args(args)
    fmt = format_for(args.format, args.output)
    options, given = export_options(args)
    refused = refused_options(fmt, given)
    if refused:
        raise UsageError(f"{', '.join(refused)} cannot be used with {fmt.name} output")
    if fmt.needs_file and args.output is None:
        raise UsageError(f"{fmt.name} output needs --output FILE")
    data = fmt.writer()(spec.build(), spec, options)
    if args.output is not None:
        from ..files.atomic import write_atomic
        try:
            write_atomic(args.output, data)
        except OSError as err:
            raise UsageError(f"cannot write {args.output}: {err.strerror or err}") from None
    else:
        write_stdout(data if isinstance(data, str) else data.decode("latin-1"))
    return 0


def cmd_worksheet(args: argparse.Namespace) -> int:
    from ..export.worksheet import run_worksheet

    check_output_path(args.output)
    return run_worksheet(args, maze_shape(args))


def cmd_list(_: argparse.Namespace) -> int:
    lines = []
    for info in ALGORITHMS.values():
        grids = " + ".join(info.grid_names)
        kind = "perfect maze" if info.perfect else "with loops / rooms"
        lines.append(f"{info.name}  [{grids}; {kind}]")
        lines.append(f"    {info.description}")
        lines.extend(f"    --param {param.summary()}" for param in info.params)
    from ..algorithms.base import BRAID
    lines.append(f"\nEvery algorithm also takes --param {BRAID.summary()}")
    write_stdout("\n".join(lines) + "\n")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from ..bench.figures import run_bench
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        raise UsageError(f"--sizes takes whole numbers separated by commas, got {args.sizes!r}") from None
    if not sizes or any(not 1 <= s <= MAX_SIDE for s in sizes):
        raise UsageError(f"--sizes must each be from 1 to {MAX_SIDE}")
    for name in args.algorithm or []:
        get_algorithm(name)
    from ..bench.figures import compare_with_mazelib
    figures = run_bench(sizes, args.algorithm)
    compare_with_mazelib(figures, timeout=args.mazelib_timeout)
    if not args.no_window:
        from ..bench.window import run_window_bench
        run_window_bench()
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from ..analysis.stats import run_stats

    return run_stats(args)


def cmd_lab(args: argparse.Namespace) -> int:
    from .lab import run_lab

    return run_lab(args)


def compare_specs(args: argparse.Namespace) -> list[MazeSpec]:
    """One checked recipe per pane, all on the same grid, size and seed."""
    panes = args.panes or []
    if not 2 <= len(panes) <= 4:
        raise UsageError(f"compare takes 2 to 4 --algorithm options, got {len(panes)}")
    width, height, mask = maze_shape(args)
    seed = random_seed() if args.seed is None else args.seed
    specs = []
    for name, texts in panes:
        params = get_algorithm(name).parse_params(texts)
        specs.append(MazeSpec(name, args.grid, width, height, seed, params, mask).check())
    note_dropped(specs[0])
    return specs


def cmd_compare(args: argparse.Namespace) -> int:
    specs = compare_specs(args)
    from ..app.main import run_app
    return run_app(specs[0], speed=args.speed, scene="compare", specs=specs, race=args.race)


def cmd_window(args: argparse.Namespace) -> int:
    from ..app.main import run_app
    return run_app(spec_from_args(args), speed=args.speed)


def check_data_dir(text: str) -> Path:
    """The save folder must be a folder, or creatable: its nearest existing ancestor a writable folder."""
    if not text:
        raise UsageError("empty --data-dir")
    folder = Path(text).expanduser()
    probe = folder
    try:
        while True:
            try:
                info = os.stat(probe)
                break
            except FileNotFoundError:
                if probe.parent == probe:
                    raise UsageError(f"--data-dir {text} cannot be created") from None
                probe = probe.parent
    except OSError as err:  # one of its parents is a file, a symlink loop, no permission
        raise UsageError(f"--data-dir {text}: {err.strerror or err}") from None
    if not stat.S_ISDIR(info.st_mode):
        if probe == folder:
            raise UsageError(f"--data-dir {text} is not a folder")
        raise UsageError(f"--data-dir {text} cannot be created: {probe} is not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise UsageError(f"--data-dir {text}: {probe} is not writable")
    return folder


def cmd_play(args: argparse.Namespace) -> int:
    get_algorithm(args.algorithm)
    if args.data_dir is not None:
        os.environ["MAZE_VISUALIZER_DATA"] = str(check_data_dir(args.data_dir))
    if args.records:
        return print_records()
    seed = random_seed() if args.seed is None else args.seed
    mask = None
    if args.mask is not None:
        from ..files.masks import load_mask

        mask = load_mask(args.mask)
    from ..play.levels import level_size

    # The watch view behind the game (Esc from play) shows a maze of level 1's size, in the
    # mask's own shape when there is one.
    spec = MazeSpec(args.algorithm, args.grid, *level_size(1, mask, GRIDS[args.grid]), seed, mask=mask).check()
    from ..app.main import run_app
    return run_app(spec, scene="play", mode="continue" if args.resume else "new", ghost=args.ghost, view=args.view)


def print_records() -> int:
    """``play --records``: the table of best times and fewest moves (one line when there are none)."""
    from ..play.records import Records

    records = Records.load()
    if records.problem:
        report(records.problem)
    rows = records.table()
    if not rows:
        write_stdout("No records yet: win a level of maze-visualizer play to set one.\n")
        return 0
    header = ("level", "maze", "seed", "best time", "fewest moves", "wins")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i in (1,) else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
             for row in [header, *rows]]
    write_stdout("\n".join(line.rstrip() for line in lines) + "\n")
    return 0


COMMANDS = {"generate": cmd_generate, "list": cmd_list, "bench": cmd_bench, "play": cmd_play, "stats": cmd_stats,
            "lab": cmd_lab, "compare": cmd_compare, "worksheet": cmd_worksheet, None: cmd_window}


WINDOW_DEFAULTS: dict[str, object] = {"algorithm": "backtracker", "grid": DEFAULT_GRID, "size": None, "mask": None,
                                      "seed": None, "param": [], "speed": None}


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    args = build_parser().parse_args(argv)
    given = [name for name in WINDOW_OPTIONS if hasattr(args, f"window_{name}")]
    if args.command is not None and given:
        options = ", ".join(f"--{name}" for name in given)
        raise UsageError(f"{options} before the command {args.command!r} would be ignored; "
                         f"give options after the command name")
    for name in WINDOW_OPTIONS:
        if args.command is None:
            setattr(args, name, getattr(args, f"window_{name}", WINDOW_DEFAULTS[name]))
    return args


def report(message: object) -> None:
    print(f"{PROG}: error: {one_line(str(message))}", file=sys.stderr)


def describe(err: OSError) -> str:
    reason = err.strerror or str(err)
    return f"{err.filename}: {reason}" if err.filename is not None else reason


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            args = parse(argv)
        except SystemExit as done:  # --help (0) or argparse's own usage message (2): both printed
            write_stdout("")  # a --help that could not be written says so, not exit 0 with nothing
            return done.code if isinstance(done.code, int) else ERROR_EXIT
        status = COMMANDS[args.command](args)
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
        return 130
