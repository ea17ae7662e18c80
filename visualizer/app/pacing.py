"""What the keys step through in every scene that runs generators (watch, compare): speeds, sizes,
grid shapes, algorithms and solvers. Both scenes answer +/-, [/], G, Tab and V from here, so they
agree (a new grid shape fills the real board view in both)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..algorithms import ALGORITHMS, Algorithm
from ..grids import GRIDS, MAX_SIDE
from ..run.spec import MazeSpec
from ..solvers import SOLVERS

if TYPE_CHECKING:
    from ..grids import Grid
    from .scene import Host

INSTANT = math.inf
SPEEDS = (1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2000, 4000, 8000, 16000, 32000, INSTANT)
DEFAULT_SPEED = 120
INSTANT_BUDGET = 0.06
"""Seconds of generator work per frame in instant mode at least (the shell may allow more when
drawing is slow, so generating keeps 85 % of each frame), in the watch scene and shared by the
compare scene's panes."""
INSTANT_PAINT_SECONDS = 0.15
"""In instant mode a board (the watch scene's, each compare pane's) is repainted at most this often
(about 7 times a second) until it is done: enough to watch it fill, cheap enough to leave the frame
to the generator."""
SIZE_STEPS = (4, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50, 64, 80, 100, 128, 160, 200, 256)
DEFAULT_SOLVER = "bfs"


def speed_label(speed: float) -> str:
    if speed == INSTANT:
        return "instant"
    return f"{speed:g} event/s" if speed == 1 else f"{speed:g} events/s"


def next_speed(speed: float, steps: int) -> float:
    """The speed one step faster (``steps`` > 0) or slower on the + / - scale, clamped at its ends."""
    if steps > 0:
        faster = [s for s in SPEEDS if s > speed]
        return faster[0] if faster else SPEEDS[-1]
    slower = [s for s in SPEEDS if s < speed]
    return slower[-1] if slower else SPEEDS[0]


def resized(spec: MazeSpec, step: int) -> MazeSpec | None:
    """The recipe one size step larger or smaller, same proportions; None past the last step."""
    width = spec.width
    options = [s for s in SIZE_STEPS if (s > width if step > 0 else s < width)]
    if not options:
        return None
    new_width = options[0] if step > 0 else options[-1]
    if spec.mask is not None:  # from the mask's own shape, so smaller then larger comes back the same
        return spec.with_(width=new_width, height=spec.mask.height_for(GRIDS[spec.grid], new_width))
    height = max(1, min(MAX_SIDE, round(spec.height * new_width / width)))
    return spec.with_(width=new_width, height=height)


def resized_or_say(host: Host, spec: MazeSpec, step: int) -> MazeSpec | None:
    """[ / ]: ``resized``, or None after telling the user there is no size step left that way."""
    new = resized(spec, step)
    if new is None:
        host.message("That is the " + ("largest" if step > 0 else "smallest") + " size on the keys")
    return new


def next_algorithm(current: str, grid: Grid, step: int) -> str | None:
    """Tab / Shift+Tab: the next (``step`` +1) or previous registered algorithm after ``current``
    that runs on ``grid``, or None when no other does."""
    names = list(ALGORITHMS)
    i = names.index(current)
    for k in range(1, len(names)):
        name = names[(i + step * k) % len(names)]
        if ALGORITHMS[name].supports(grid):
            return name
    return None


def next_grid(spec: MazeSpec, algorithms: Iterable[Algorithm], aspect: float) -> MazeSpec | None:
    """G: ``spec`` on the next registered grid shape that every one of ``algorithms`` runs on (and
    that takes the mask, if any), or None. The width stays; the height fills a board view
    ``aspect`` (height / width) tall, or keeps a mask's shape on the new grid."""
    kinds = list(GRIDS)
    i = kinds.index(spec.grid)
    needed = list(algorithms)
    for k in range(1, len(kinds)):
        kind = kinds[(i + k) % len(kinds)]
        grid = GRIDS[kind]
        if all(info.supports(kind) for info in needed) and (grid.MASKABLE or spec.mask is None):
            height = (spec.mask.height_for(grid, spec.width) if spec.mask is not None
                      else grid.fitting_height(spec.width, aspect))
            return spec.with_(grid=kind, height=height)
    return None


def next_solver(host: Host, current: str, step: int) -> str:
    """V / Shift+V: the next or previous registered solver, named to the user."""
    names = list(SOLVERS)
    name = names[(names.index(current) + step) % len(names)]
    host.message(f"Solver: {SOLVERS[name].description}")
    return name
