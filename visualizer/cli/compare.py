"""``maze-visualizer compare``: 2 to 4 algorithms building the same maze side by side in the window."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..algorithms import get_algorithm
from ..grids import DEFAULT_GRID
from ..run.spec import MazeSpec, random_seed
from .errors import UsageError
from .options import (
    Command,
    add_grid_option,
    add_mask_option,
    maze_shape,
    note_dropped,
    parse_seed,
    parse_size,
    parse_speed,
)

if TYPE_CHECKING:
    from ..core.maze import Maze
    from .options import Subcommands

NAME = "compare"


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


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="watch 2 to 4 algorithms build the same maze side by side",
                            description="Open the window with 2 to 4 panes, one per --algorithm, on the same "
                            "grid, size and seed. A --param belongs to the --algorithm before it, so one "
                            "algorithm can be compared with itself: -a growing_tree -p selection=newest "
                            "-a growing_tree -p selection=random.")
    parser.add_argument("--algorithm", "-a", action=PaneAction, dest="panes", metavar="NAME",
                        help="an algorithm for one pane (2 to 4 times)")
    parser.add_argument("--param", "-p", action=PaneParamAction, dest="panes", metavar="NAME=VALUE",
                        help="a parameter of the --algorithm before it")
    add_grid_option(parser, default=DEFAULT_GRID)
    parser.add_argument("--size", "-s", type=parse_size, default=None, metavar="WxH",
                        help="cells across and down (default: 20x15; with a mask, the mask's own size)")
    add_mask_option(parser, default=None)
    parser.set_defaults(default_size=parse_size("20x15"))
    parser.add_argument("--seed", type=parse_seed, default=None, metavar="N",
                        help="seed shared by every pane (default: a random one)")
    parser.add_argument("--speed", type=parse_speed, default=None, metavar="EVENTS",
                        help="events per second per pane, or 'instant' (default: 120)")
    parser.add_argument("--from", dest="from_file", metavar="FILE.json", default=None,
                        help="a saved maze (an edited one from the window's Ctrl+J, or any -f json export) in "
                        "pane 1, beside its recipe's own maze and others (or the --algorithm panes given)")
    parser.add_argument("--race", action="store_true",
                        help="start in race pacing (equal time per pane) instead of lockstep (equal events)")


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


def from_file_specs(args: argparse.Namespace) -> tuple[Maze, list[MazeSpec]]:
    """``--from FILE``: the file's maze, and the recipes beside it: the --algorithm panes given (1 to
    3, on the file's grid, size and seed), else the file's recipe and two others."""
    from ..app.compare_panes import default_specs  # the window's own choice of panes (pygame: imported late)
    from .maze_file import load_maze

    given = [flag for flag, value in (("-g", args.grid != DEFAULT_GRID), ("-s", args.size is not None),
                                      ("--mask", args.mask is not None), ("--seed", args.seed is not None)) if value]
    if given:
        raise UsageError(f"--from takes the grid, size and seed from its file: leave out {', '.join(given)}")
    panes = args.panes or []
    if len(panes) > 3:
        raise UsageError(f"compare --from takes 0 to 3 --algorithm options beside the file's maze, got {len(panes)}")
    maze, spec = load_maze(args.from_file)
    specs = [spec.with_(algorithm=name, params=get_algorithm(name).parse_params(texts)).check()
             for name, texts in panes]
    for other in specs:
        if not other.info.supports(maze.grid):
            raise UsageError(other.info.unsupported_message(maze.grid))
    return maze, specs or default_specs(spec)[:3]


def run(args: argparse.Namespace) -> int:
    if args.from_file is not None:
        maze, specs = from_file_specs(args)
        from ..app.main import run_app
        return run_app(specs[0], speed=args.speed, scene="compare", specs=specs, race=args.race, edited=(maze, 0))
    specs = compare_specs(args)
    from ..app.main import run_app
    return run_app(specs[0], speed=args.speed, scene="compare", specs=specs, race=args.race)


COMMAND = Command(NAME, register, run)
