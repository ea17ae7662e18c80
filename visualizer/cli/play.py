"""``maze-visualizer play``: the maze game in the window, or ``--records`` printed."""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from ..algorithms import DEFAULT_ALGORITHM, get_algorithm
from ..analysis.columns import aligned
from ..grids import DEFAULT_GRID, GRIDS
from ..run.spec import MazeSpec, random_seed
from .errors import UsageError, escaped_line, report
from .options import Command, add_grid_option, add_layout_option, add_mask_option, algorithm_help, parse_seed
from .output import write_stdout
from .own_files import STOPPED_EXIT, checked_build, is_own, say

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "play"
GHOSTS = ("off", "easy", "medium", "hard")
"""The names in ``play.ghost.LEVELS`` (spelled here so ``--help`` need not load the game; a test
checks they agree)."""
RECORD_COLUMNS = ("level", "maze", "seed", "best time", "fewest moves", "wins")


def register(sub: Subcommands) -> None:
    parser = sub.add_parser(NAME, help="play the maze game: walk to the exit, level after level",
                            description="Play: reach the exit with the arrow keys; each level is a larger maze. "
                            "Progress is saved on each level and on leaving.")
    parser.add_argument("--algorithm", "-a", default=DEFAULT_ALGORITHM, metavar="NAME", help=algorithm_help())
    add_grid_option(parser, default=DEFAULT_GRID)
    parser.add_argument("--seed", type=parse_seed, default=None, metavar="N", help="seed of level 1 (default: random)")
    add_mask_option(parser, default=None)
    parser.add_argument("--continue", dest="resume", action="store_true", help="resume the saved game")
    parser.add_argument("--ghost", choices=GHOSTS, default=None,
                        help="race a ghost walking the shortest path at 2, 4 or 7 cells a second "
                        "(default: the last choice, G in the game)")
    parser.add_argument("--view", choices=("top-down", "first-person"), default="top-down",
                        help="look down on the maze, or walk inside it (V switches in the game; default: top-down)")
    add_layout_option(parser, default=None)
    parser.add_argument("--daily", nargs="?", const="today", default=None, metavar="DATE",
                        help="the daily maze: the same maze for everyone on a date (YYYY-MM-DD, default: "
                        "today), its seed from the date, with its own records")
    parser.add_argument("--players", type=int, choices=(1, 2), default=1,
                        help="2: race a friend on one keyboard (arrows and W A S D), first to the exit wins "
                        "(2 on the start screen too; a race is not saved)")
    parser.add_argument("--records", action="store_true",
                        help="print your best times and fewest moves per level and maze, then exit")
    parser.add_argument("--data-dir", metavar="DIR", default=None,
                        help="folder for the save file (default: $MAZE_VISUALIZER_DATA, "
                        "$XDG_DATA_HOME/maze-visualizer or ~/.local/share/maze-visualizer)")


def check_data_dir(text: str, create: bool = True) -> Path:
    """The save folder must be a folder, or creatable: its nearest existing ancestor a writable
    folder. With ``create`` making it is tried now, so a folder that cannot be made (``/proc/x``, a
    read-only disk) is refused at start-up, not found out when the game is saved on leaving."""
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
    if create and probe != folder:
        try_making(folder, probe, text)
    return folder


def try_making(folder: Path, existing: Path, text: str) -> None:
    """Make the missing folders from ``existing`` down to ``folder`` and take them away again: the
    only sure test that they can be made (root passes every permission check, and /proc refuses
    anyway). Nothing is left behind; the game makes them for good when it first saves."""
    made: list[Path] = []
    try:
        for part in reversed([folder, *folder.parents][: len(folder.parts) - len(existing.parts)]):
            part.mkdir()
            made.append(part)
    except OSError as err:
        raise UsageError(f"--data-dir {text} cannot be created: {err.strerror or err}") from None
    finally:
        for part in reversed(made):
            try:
                part.rmdir()
            except OSError:
                pass


def run(args: argparse.Namespace) -> int:
    get_algorithm(args.algorithm)
    if args.data_dir is not None:
        os.environ["MAZE_VISUALIZER_DATA"] = str(check_data_dir(args.data_dir, create=not args.records))
    day = daily_day(args)
    check_players(args)
    if args.records:
        return print_records()
    seed = random_seed() if args.seed is None else args.seed
    mask = None
    if args.mask is not None:
        from ..files.masks import load_mask

        mask = load_mask(args.mask)
    from ..play.levels import level_size

    # The watch view behind the game stands in with a maze of level 1's size (in the mask's own
    # shape when there is one) until Esc hands it the maze last played.
    spec = MazeSpec(args.algorithm, args.grid, *level_size(1, mask, GRIDS[args.grid]), seed, mask=mask).check()
    if is_own(spec.algorithm):  # a file of one's own that the checker stops makes no game: say why first
        _, stopped, bad = checked_build(spec)
        if bad:
            say(stopped)
            return STOPPED_EXIT
    from ..app.main import run_app
    mode = "daily" if day is not None else "continue" if args.resume else "new"
    return run_app(spec, scene="play", layout=args.layout, mode=mode, ghost=args.ghost, view=args.view, day=day,
                   players=args.players)


DAILY_CLASHES = (("seed", "its seed comes from the date"), ("resume", "the daily maze is not saved"),
                 ("records", "play --records prints every record, the daily ones included"))
"""Options ``--daily`` refuses beside it, and why (the message names the option as typed)."""


RACE_CLASHES = (("resume", "--continue", "a race is not saved"),
                ("daily", "--daily", "the daily maze is for one player"),
                ("records", "--records", "races keep no records"))


def check_players(args: argparse.Namespace) -> None:
    """``--players 2`` refuses what a race does not do, in one line."""
    if args.players != 2:
        return
    for option, flag, why in RACE_CLASHES:
        if getattr(args, option) not in (None, False):
            raise UsageError(f"--players 2 cannot be used with {flag}: {why}")


def daily_day(args: argparse.Namespace) -> str | None:
    """``--daily``'s date as YYYY-MM-DD (None without it); a clash or a bad date is a usage mistake."""
    if args.daily is None:
        return None
    for option, why in DAILY_CLASHES:
        if getattr(args, option) not in (None, False):
            flag = "--continue" if option == "resume" else f"--{option}"
            raise UsageError(f"--daily cannot be used with {flag}: {why}")
    from ..play.daily import parse_day

    try:
        return parse_day(args.daily).isoformat()
    except ValueError as err:
        raise UsageError(str(err)) from None


def print_records() -> int:
    """``play --records``: the table of best times and fewest moves (one line when there are none)."""
    from ..play.records import Records

    records = Records.load()
    if records.problem:
        report(records.problem)
    rows = [tuple(escaped_line(cell) for cell in row) for row in records.table()]  # no escape code reaches the terminal
    if not rows:
        write_stdout("No records yet: win a level of maze-visualizer play to set one.\n")
        return 0
    words = {RECORD_COLUMNS.index("maze")}
    numbers = set(range(len(RECORD_COLUMNS))) - words
    write_stdout("\n".join(aligned([RECORD_COLUMNS, *rows], numbers)) + "\n")
    return 0


COMMAND = Command(NAME, register, run)
