"""Hand edits of a large maze in the window (dummy video driver): from the click to the panel
being right (perfect or not, the solver's new path), and the frames in between.

Each figure is measured twice in one run, the way it is now and the way it was (the whole
perfectness count after each edit, the solver's events folded one by one), so the ratio holds
whatever the machine's load. Run by ``maze-visualizer bench`` (``--heavy``) or directly:
``python -m visualizer.bench.edits [SIDE]``.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, cast

from ..grids import DEFAULT_GRID
from ..run.spec import MazeSpec

if TYPE_CHECKING:
    from ..app.scenes.watch import WatchScene


@contextmanager
def _the_old_way():
    """The whole count after every edit and the solver's own events, as before the quick paths."""
    from ..app import hand_edits
    from ..run.editing import check

    kept_quick, kept_check = hand_edits.QUICK_FROM_CELLS, hand_edits.HandEdits.check

    def whole(self):
        return check(self.run.maze)

    hand_edits.QUICK_FROM_CELLS = 1 << 62
    hand_edits.HandEdits.check = whole  # type: ignore[method-assign]
    try:
        yield
    finally:
        hand_edits.QUICK_FROM_CELLS, hand_edits.HandEdits.check = kept_quick, kept_check  # type: ignore[method-assign]


def _ready_shell(side: int):
    import pygame

    from ..app.scenes.watch import INSTANT
    from ..app.shell import Shell
    from .window import _frame, _open

    _open()
    spec = MazeSpec("backtracker", DEFAULT_GRID, side, side, 1)  # the square grid
    shell = Shell(spec, speed=INSTANT, screen=pygame.display.get_surface())
    _frame(shell, 0)
    watch = cast("WatchScene", shell.base)
    watch.run.finish_generation()
    watch.start_solver()
    watch.run.step(1 << 40)
    watch.edits.warm()
    while not watch._snapshots_filled:  # the idle work after a build, done: an edit's frames alone are timed
        _frame(shell)
    return shell


def one_edit(shell, close: bool) -> dict[str, float]:
    """Open a wall beside the middle of the path (or close the path's passage there); seconds
    from the click to the panel being right, and the slowest and the mean frame until then."""
    from .window import _frame

    watch = cast("WatchScene", shell.base)
    maze, path = watch.run.maze, watch.run.solution
    assert path, "the bench's maze is solved before it is edited"
    cell = path[len(path) // 2]
    grid = maze.grid
    if close:
        d = next(d for d, nb in grid.neighbours(cell) if nb == path[len(path) // 2 + 1])
    else:
        d = next(d for d, nb in grid.neighbours(cell) if not maze.is_open(cell, d))
    start = time.perf_counter()
    watch.click_wall(cell, d)
    click = time.perf_counter() - start
    frames = []
    while True:
        began = time.perf_counter()
        _frame(shell)
        frames.append(time.perf_counter() - began)
        if not watch.edits.resolving and watch.run.stage == "done" and not watch.edits.check().checking:
            break
    watch.undo_edit()
    while watch.edits.resolving or watch.run.stage != "done" or watch.edits.check().checking:
        _frame(shell)
    return {"click": click, "correct": sum(frames) + click,
            "worst_frame": max(frames), "mean_frame": sum(frames) / len(frames), "frames": len(frames)}


def run_edits_bench(side: int = 1000, out=print) -> dict[str, dict[str, float]]:
    shell = _ready_shell(side)
    figures = {}
    for close in (False, True):
        what = "close a passage of the path" if close else "open a wall beside the path"
        figures[f"now: {what}"] = one_edit(shell, close)
        with _the_old_way():
            figures[f"before: {what}"] = one_edit(shell, close)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    out(f"hand edits, {side} x {side} backtracker, breadth-first search (load {load}):")
    for name, row in figures.items():
        out(f"  {name:40} click {row['click'] * 1000:7.0f} ms · panel right after {row['correct']:6.2f} s · "
            f"worst frame {row['worst_frame'] * 1000:5.0f} ms · mean {row['mean_frame'] * 1000:4.0f} ms "
            f"({row['frames']:.0f} frames)")
    return figures


if __name__ == "__main__":  # pragma: no cover
    run_edits_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
