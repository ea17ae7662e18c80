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


def run(args: argparse.Namespace) -> int:
    specs = compare_specs(args)
    from ..app.main import run_app
    return run_app(specs[0], speed=args.speed, scene="compare", specs=specs, race=args.race)


COMMAND = Command(NAME, register, run)
