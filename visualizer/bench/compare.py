"""The compare scene at instant speed against the same four mazes built quietly (``MazeSpec.build``).

Four panes of 200 x 150 (the backtracker, Prim, Kruskal and Wilson on one seed), lockstep, in a
1280 x 800 window on the dummy video driver, every frame drawn and sent to the screen until every
pane's figures are shown. The target: within 3x of the four quiet runs.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import partial

from ..grids import DEFAULT_GRID
from ..run.spec import MazeSpec
from .figures import PAIRS, median_pair

ALGORITHMS = ("backtracker", "prim", "kruskal", "wilson")
TARGET = 3.0


def compare_specs(width: int = 200, height: int = 150, seed: int = 1) -> list[MazeSpec]:
    return [MazeSpec(name, DEFAULT_GRID, width, height, seed) for name in ALGORITHMS]


def quiet_seconds(specs: list[MazeSpec]) -> float:
    """CPU seconds to build every maze without a window (what ``generate`` does)."""
    start = time.process_time()
    for spec in specs:
        spec.build()
    return time.process_time() - start


def compare_window_seconds(specs: list[MazeSpec]) -> tuple[float, int]:
    """(CPU seconds, frames) for the compare scene at instant to finish every pane and show its
    figures, drawing every frame as the window loop does."""
    import pygame

    from ..app.pacing import INSTANT
    from ..app.shell import Shell

    shell = Shell(specs[0], screen=pygame.display.get_surface())
    shell.open_scene("compare", spec=specs[0], specs=specs, speed=INSTANT)
    scene = shell.scene
    frames = 0
    start = time.process_time()
    while scene.busy or frames == 0:
        rects = shell.frame(pygame.event.get(), 1 / 60)
        if rects:
            pygame.display.update(rects)
        frames += 1
    rects = shell.frame([], 1 / 60)  # the frame that shows the last figures
    if rects:
        pygame.display.update(rects)
    return time.process_time() - start, frames + 1


def compare_bench(width: int = 200, height: int = 150, out: Callable[[str], None] = print) -> dict:
    """Print the compare row (window open or not: it opens a 1280 x 800 one when there is none)."""
    import pygame

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if pygame.display.get_surface() is None:
        from ..app.main import open_window

        open_window((1280, 800))
    specs = compare_specs(width, height)
    quiet_seconds(specs)  # warm up both sides: imports (scipy for the figures), fonts, caches
    compare_window_seconds(compare_specs(20, 15))
    first, _ = compare_window_seconds(specs)  # pays the process's first touch of this much memory
    first_ratio = first / max(quiet_seconds(specs), 1e-9)
    counts: dict[float, int] = {}

    def window_seconds() -> float:
        seconds, counts[seconds] = compare_window_seconds(specs)
        return seconds

    window, quiet, ratio = median_pair(window_seconds, partial(quiet_seconds, specs))
    frames = counts[window]
    verdict = "met" if ratio <= TARGET else "MISSED"
    out(f"  compare, 4 panes of {width}x{height} at instant: quiet runs {quiet:.2f} s   window {window:.2f} s "
        f"({frames} frames; the first in the process {first:.2f} s, {first_ratio:.2f}x)   ratio {ratio:.2f}x "
        f"(median of {PAIRS} pairs; target <= {TARGET:g}x: {verdict})")
    return {"quiet": quiet, "window": window, "first": first, "frames": frames, "ratio": ratio}
