"""What the commands share: the parser class, the command record, the option parsers (size, seed,
speed, numbers, jobs), the options that describe a maze or a sampling run, and turning them into
checked recipes. Help texts name the registries' entries, so they cannot go stale."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from ..algorithms import ALGORITHMS, DEFAULT_ALGORITHM, get_algorithm
from ..grids import DEFAULT_GRID, GRIDS, MAX_SIDE, Mask
from ..run.spec import MazeSpec, random_seed
from .errors import UsageError, note
from .output import write_stdout

if TYPE_CHECKING:
    Subcommands = argparse._SubParsersAction["Parser"]

THEMES = ("light", "dark", "high-contrast")
"""The names in ``render.themes.THEMES`` (spelled here so ``--help`` need not load the renderer; a test
checks they agree)."""
WALLS = ("thin", "normal", "thick")
"""The names in ``grids.layout.WALL_WEIGHTS`` (likewise)."""
LAYOUTS = ("side", "presenting", "board")
"""The values of ``app.layout.Arrangement`` (likewise)."""
PAPERS = ("a4", "letter")
"""The names in ``export.pdf.PAPERS`` (likewise)."""
MASK_EXAMPLES = ("heart", "maze")
"""The masks shipped in ``assets/masks`` (spelled here so ``--help`` need not list the folder; a test
checks they agree)."""
MAX_JOBS = 1024


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


@dataclass(frozen=True)
class Command:
    """One subcommand: ``register`` adds its parser (options and help) under the root's subcommands,
    ``run`` carries out the parsed arguments and returns the exit status."""

    name: str
    register: Callable[[Subcommands], None]
    run: Callable[[argparse.Namespace], int]


def joined(names: Iterable[str], last: str = " and ") -> str:
    """``a, b and c``: names for a sentence of help."""
    items = list(names)
    return ", ".join(items[:-1]) + last + items[-1] if len(items) > 1 else "".join(items)


# --- option types --------------------------------------------------------------------------------


def is_whole(text: str) -> bool:
    """Digits 0-9 only: "²" passes ``isdigit()`` and then breaks ``int()``."""
    return text.isascii() and text.isdecimal()


def parse_size(text: str) -> tuple[int, int]:
    """``"40x30"`` -> (40, 30), both from 1 to MAX_SIDE."""
    w, sep, h = text.lower().partition("x")
    if not sep or not is_whole(w.strip()) or not is_whole(h.strip()):
        raise argparse.ArgumentTypeError(f"size must look like WIDTHxHEIGHT (for example 40x30), got {text!r}")
    width, height = int(w.strip()), int(h.strip())  # strip() takes \x1f as well as spaces
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
    if not is_whole(text.strip()) or not 1 <= int(text.strip()) <= 100_000:
        raise argparse.ArgumentTypeError(f"max-frames must be a whole number from 1 to 100000, got {text!r}")
    return int(text.strip())


def parse_jobs(text: str) -> int:
    """Worker processes: 0 (every core) or a positive count (used up to the cores there are)."""
    if not is_whole(text.strip()) or len(text.strip()) > 12 or int(text.strip()) > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"jobs must be a whole number from 0 to {MAX_JOBS}, got {text!r}")
    return int(text.strip())


# --- the options of one maze ---------------------------------------------------------------------


def algorithm_help() -> str:
    return f"maze algorithm: {', '.join(ALGORITHMS)} (default: {DEFAULT_ALGORITHM})"


def add_grid_option(parser: argparse.ArgumentParser, **dest: Any) -> None:
    parser.add_argument("--grid", "-g", choices=list(GRIDS), **dest, help=f"grid shape (default: {DEFAULT_GRID})")


def add_layout_option(parser: argparse.ArgumentParser, **dest: Any) -> None:
    """``--layout``: where the words go, the same choices for every command that opens the window."""
    parser.add_argument("--layout", choices=LAYOUTS, **dest,
                        help="where the words go: the side panel, presenting (a large strip under the board, "
                             "for a projector) or the board alone with a caption (default: the last one "
                             "chosen, else side; F10 switches)")


def add_mask_option(parser: argparse.ArgumentParser, **dest: Any) -> None:
    parser.add_argument("--mask", "-m", metavar="FILE", **dest,
                        help="keep only the cells of a shape: a text file (X or # no cell, . or space a cell), a "
                        f"picture (dark pixels are cells) or a shipped example by name ({', '.join(MASK_EXAMPLES)})")


def add_maze_options(parser: argparse.ArgumentParser, default_size: str, window: bool = False) -> None:
    """Algorithm, grid, size, mask, seed and parameters of one maze (generate, worksheet, the window)."""
    def dest(name: str) -> dict[str, Any]:
        # The window's options must not share a dest with a subcommand's: the subcommand's defaults
        # would overwrite them. SUPPRESS leaves them out of the namespace unless the user gave them.
        return {"dest": f"window_{name}", "default": argparse.SUPPRESS} if window else {"dest": name}

    parser.add_argument("--algorithm", "-a", metavar="NAME", **dest("algorithm"), help=algorithm_help())
    add_grid_option(parser, **dest("grid"))
    parser.add_argument("--size", "-s", type=parse_size, metavar="WxH", **dest("size"),
                        help=f"cells across and down, each 1 to {MAX_SIDE} (default: {default_size}; "
                        "with a mask, the mask's own size)")
    add_mask_option(parser, **dest("mask"))
    parser.add_argument("--seed", type=parse_seed, metavar="N", **dest("seed"),
                        help="random seed; the same seed gives the same maze (default: a random one)")
    parser.add_argument("--param", "-p", action="append", metavar="NAME=VALUE", **dest("param"),
                        help="algorithm parameter, repeatable; see the list command")
    if not window:
        parser.set_defaults(algorithm=DEFAULT_ALGORITHM, grid=DEFAULT_GRID, size=None, seed=None, param=[],
                            mask=None)
    parser.set_defaults(default_size=parse_size(default_size))


def maze_shape(args: argparse.Namespace) -> tuple[int, int, Mask | None]:
    """Width, height and mask from ``--size`` and ``--mask``: without ``--size`` a text mask gives one
    cell a character, a picture the default width and the rows that keep its shape."""
    mask = None
    if getattr(args, "mask", None) is not None:
        from ..files.masks import load_mask, mask_grid_size

        mask = load_mask(args.mask)
        if args.size is None:
            return (*mask_grid_size(mask, GRIDS[args.grid], args.default_size[0]), mask)
    width, height = args.size or args.default_size
    return width, height, mask


def note_dropped(spec: MazeSpec) -> None:
    """Say in one line on stderr when a mask's cells were left out for not joining the rest."""
    if spec.mask is None:
        return
    from ..files.masks import dropped_note

    message = dropped_note(spec.make_grid())
    if message:
        note(message)


def spec_from_args(args: argparse.Namespace) -> MazeSpec:
    """The checked recipe of the maze the options describe (a random seed when none is given)."""
    info = get_algorithm(args.algorithm)
    params = info.parse_params(args.param)
    width, height, mask = maze_shape(args)
    seed = random_seed() if args.seed is None else args.seed
    spec = MazeSpec(args.algorithm, args.grid, width, height, seed, params, mask).check()
    note_dropped(spec)
    return spec


# --- the options of many mazes -------------------------------------------------------------------


def add_sampling_options(parser: argparse.ArgumentParser, algorithm_help: str, size: str, samples: int,
                         size_help: str = "cells across and down") -> None:
    """The options of the commands that measure many mazes (stats, lab): repeatable algorithms, one
    grid and size, a sample count and the first seed (sample i uses seed + i)."""
    parser.add_argument("--algorithm", "-a", action="append", default=None, metavar="NAME", help=algorithm_help)
    add_grid_option(parser, default=DEFAULT_GRID)
    parser.add_argument("--size", "-s", type=parse_size, default=parse_size(size), metavar="WxH",
                        help=f"{size_help} (default: {size})")
    parser.add_argument("--samples", "-n", type=int, default=samples, metavar="N",
                        help=f"mazes per algorithm (default: {samples})")
    parser.add_argument("--seed", type=parse_seed, default=1, metavar="N", help="first seed (default: 1)")


def chosen_algorithms(given: Sequence[str] | None, default: Sequence[str], every: Sequence[str]) -> list[str]:
    """The ``--algorithm`` values in order without repeats, ``all`` standing for each of ``every``;
    ``default`` when none is given."""
    if not given:
        return list(default)
    names: list[str] = []
    for name in given:
        names.extend(every if name == "all" else [name])
    return list(dict.fromkeys(names))
