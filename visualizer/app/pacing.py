"""Speeds and sizes the keys step through, shared by every scene that runs generators (watch, compare)."""

from __future__ import annotations

import math

from ..grids import GRIDS, MAX_SIDE
from ..run.spec import MazeSpec

INSTANT = math.inf
SPEEDS = (1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2000, 4000, 8000, 16000, 32000, INSTANT)
DEFAULT_SPEED = 120
SIZE_STEPS = (4, 6, 8, 10, 12, 16, 20, 25, 30, 40, 50, 64, 80, 100, 128, 160, 200, 256)


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
