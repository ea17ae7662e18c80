"""Hand edits of a large maze in the window (dummy video driver): from the click to its frame
being drawn and to the panel being right (perfect or not, the solver's new path, the distance
map), and the frames in between, for breadth-first search, depth-first search and the distance
map on; each row says whether the targets were met.

``--before`` measures each edit the old way too, in the same run (the whole perfectness count
after each edit, the solver's events folded and drawn one by one), so the ratio holds whatever
the machine's load; it takes minutes at 1000 x 1000. Run directly:
``python -m visualizer.bench.edits [SIDE] [--before]``.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager, nullcontext
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
    watch.edits.check()  # the parts counted first (an idle window does so up to WARM_MOST_CELLS cells)
    while watch.run.wants_fill:  # the idle work after a build, done: an edit's frames alone are timed
        _frame(shell)
    return shell


FRAME_TARGET = 0.1
"""The slowest frame an edit may cost (the window answers keys meanwhile)."""
SETTLED_FRAMES = 8
"""Frames after the click within which the panel and the solution are to be right ("a few")."""


def _settled(watch) -> bool:
    """The panel is right: the re-solve shown, the perfect check known, the distance map drawn."""
    return (not watch.edits.resolving and watch.run.stage == "done" and not watch.edits.check().checking
            and watch.run.solution is not None and not watch.edits.editor.links.looking and not watch.run.overlay.later
            and not (watch.distance_map and watch.figures.distances_pending(watch.run, watch.distance_start())))


def one_edit(shell, close: bool) -> dict[str, float]:
    """Open a wall beside the middle of the path (or close the path's passage there); seconds
    from the click to its first frame drawn and to the panel being right, the frames between."""
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
        if _settled(watch):
            break
    watch.undo_edit()
    while not _settled(watch):
        _frame(shell)
    return {"click": click, "drawn": click + frames[0], "correct": sum(frames) + click,
            "worst_frame": max(frames), "mean_frame": sum(frames) / len(frames), "frames": len(frames)}


def _solved_with(shell, solver: str, distance_map: bool) -> None:
    """The maze solved again by ``solver`` (at once), the distance map on or off."""
    from .window import _frame

    watch = cast("WatchScene", shell.base)
    watch.solver = solver
    watch.start_solver()
    watch.run.step(1 << 40)
    if watch.distance_map != distance_map:
        watch.toggle_distance_map()
    _frame(shell)


def verdict(row: dict[str, float]) -> str:
    """met / MISSED for the targets: the click drawn on its frame, no frame over FRAME_TARGET, the
    panel right within SETTLED_FRAMES frames."""
    drawn = row["drawn"] < FRAME_TARGET
    frames = row["worst_frame"] < FRAME_TARGET
    soon = row["frames"] <= SETTLED_FRAMES
    return " · ".join(f"{what} {'met' if ok else 'MISSED'}" for what, ok in
                      (("drawn", drawn), ("frames", frames), ("few frames", soon)))


def run_edits_bench(side: int = 1000, out=print, before: bool = False,
                    cases: tuple[tuple[str, bool], ...] = (("bfs", False), ("dfs", False), ("bfs", True)),
                    ) -> dict[str, dict[str, float]]:
    """Each case is a solver and whether the distance map is on; ``before`` adds the old way's
    figures (the whole count, the solver's events drawn one by one: minutes at 1000 x 1000)."""
    shell = _ready_shell(side)
    out(f"hand edits, {side} x {side} backtracker (targets: the click drawn and every frame under "
        f"{FRAME_TARGET * 1000:.0f} ms, the panel right within {SETTLED_FRAMES} frames):")
    figures = {}
    for solver, distance_map in cases:
        _solved_with(shell, solver, distance_map)
        for close in (False, True):
            what = ("close a passage of the path" if close else "open a wall beside the path") + f", {solver}"
            what += ", distance map" if distance_map else ""
            ways = [("now", False)] + ([("before", True)] if before else [])
            for when, old in ways:
                with _the_old_way() if old else nullcontext():
                    row = figures[f"{when}: {what}"] = one_edit(shell, close)
                out(_row(f"{when}: {what}", row))
    return figures


def _row(name: str, row: dict[str, float]) -> str:
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    return (f"  {name:58} drawn {row['drawn'] * 1000:6.0f} ms (click {row['click'] * 1000:4.0f}) · panel right "
            f"after {row['correct']:5.2f} s · worst frame {row['worst_frame'] * 1000:5.0f} ms · mean "
            f"{row['mean_frame'] * 1000:4.0f} ms ({row['frames']:.0f} frames) · {verdict(row)} · load {load}")


if __name__ == "__main__":  # pragma: no cover
    sides = [int(a) for a in sys.argv[1:] if a.isdigit()]
    run_edits_bench(sides[0] if sides else 1000, out=lambda line: print(line, flush=True),
                    before="--before" in sys.argv)
