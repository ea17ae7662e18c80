"""The generator targets of issue 27, each against a plain DFS timed in the same run: blobby
division and Aldous-Broder quiet (``show=False``, the headless path), the random walk's length
and how the time grows with it, and Kruskal's peak memory and per-cell cost at 2000 x 2000."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from functools import partial

from ..algorithms import ALGORITHMS
from ..core.maze import Maze
from ..grids import SquareGrid, make_grid
from .figures import plain_dfs, timed

BLOBBY_RATIO = 3.0
WALK_RATIO = 5.0
WALK_GROWTH = 1.3
"""Aldous-Broder's seconds per step at 1000 x 1000 over those at 200 x 200: time grows no faster
than the walk's length."""
KRUSKAL_MB = 400.0
KRUSKAL_FLAT = 1.3
BIG, SMALL, HUGE = 1000, 200, 2000

KRUSKAL_SCRIPT = """
import json, sys, time
from visualizer.grids import SquareGrid
from visualizer.run.spec import MazeSpec
start = time.process_time()
MazeSpec("kruskal", SquareGrid.kind, int(sys.argv[1]), int(sys.argv[1]), 1).build()
seconds = time.process_time() - start
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line)
print(json.dumps({"seconds": seconds, "peak_mb": int(status["VmHWM"].split()[0]) / 1024}))
"""
"""One quiet Kruskal build in a fresh process: VmHWM is its own peak (ru_maxrss is carried over
from the parent through fork and exec)."""


def quiet_run(name: str, side: int, seed: int = 1) -> tuple[float, int]:
    """Seconds to generate and fold ``name`` quietly on a square grid, and what the generator
    returned (Aldous-Broder: its walk's length; 0 otherwise)."""
    def run() -> int:
        grid = make_grid(SquareGrid.kind, side, side)
        maze, events = Maze(grid), ALGORITHMS[name].run(grid, seed, show=False)
        apply = maze.apply
        while True:
            try:
                apply(next(events))
            except StopIteration as done:
                return int(done.value or 0)
    return timed(run)


def kruskal_child(side: int) -> dict:
    """CPU seconds and peak RSS of a quiet Kruskal build in a child process."""
    done = subprocess.run([sys.executable, "-c", KRUSKAL_SCRIPT, str(side)], capture_output=True, text=True,
                          timeout=900)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def generator_figures(out: Callable[[str], None] = print, big: int = BIG, small: int = SMALL,
                      huge: int = HUGE) -> dict:
    """Print the rows; returns their figures. Ratios are taken in this run: the plain DFS just
    before the runs it is compared with."""
    out("")
    out("generators (square, quiet: the headless path; ratios to a plain DFS timed just before and after):")
    plain_before = timed(partial(plain_dfs, big, big, 1))[0]
    blobby = quiet_run("blobby_division", big)[0]
    plain = (plain_before + timed(partial(plain_dfs, big, big, 1))[0]) / 2
    figures: dict = {"plain_seconds": plain, "blobby_seconds": blobby, "blobby_ratio": blobby / plain}
    out(f"  blobby division {big}x{big}  {blobby:6.2f} s   plain DFS {plain:5.2f} s   {blobby / plain:5.2f}x  "
        f"<= {BLOBBY_RATIO:g}x  {_verdict(blobby / plain <= BLOBBY_RATIO)}")
    walk_small, steps_small = quiet_run("aldous_broder", small)
    walk_big, steps_big = quiet_run("aldous_broder", big)
    plain = (plain + timed(partial(plain_dfs, big, big, 1))[0]) / 2
    growth = (walk_big / steps_big) / (walk_small / steps_small)
    figures.update(walk_seconds={small: walk_small, big: walk_big}, walk_steps={small: steps_small, big: steps_big},
                   walk_ratio=walk_big / plain, walk_growth=growth)
    for side, seconds, steps in ((small, walk_small, steps_small), (big, walk_big, steps_big)):
        out(f"  Aldous-Broder {side}x{side}  {seconds:6.2f} s   {steps:,} steps ({steps / side ** 2:.1f} a cell, "
            f"{seconds / steps * 1e9:.0f} ns a step)")
    out(f"  Aldous-Broder {big}x{big} vs plain DFS {plain:5.2f} s   {walk_big / plain:5.2f}x  <= {WALK_RATIO:g}x  "
        f"{_verdict(walk_big / plain <= WALK_RATIO)}")
    out(f"  Aldous-Broder time per step, {big}x{big} over {small}x{small}   {growth:5.2f}x  <= {WALK_GROWTH:g}x  "
        f"{_verdict(growth <= WALK_GROWTH)}  (the time grows as the walk's length does)")
    child = kruskal_child(huge)
    if "error" in child:
        out(f"  Kruskal {huge}x{huge}: failed ({child['error']})")
        return figures
    small_child = min((kruskal_child(small) for _ in range(3)), key=lambda row: row.get("seconds", 1e9))
    per_cell = {side: row["seconds"] / side ** 2 * 1e6 for side, row in ((small, small_child), (huge, child))}
    flat = per_cell[huge] / per_cell[small]
    figures.update(kruskal_peak_mb=child["peak_mb"], kruskal_us_per_cell=per_cell, kruskal_flat=flat)
    out(f"  Kruskal {huge}x{huge}  peak {child['peak_mb']:.0f} MB (a child process's VmHWM)  <= {KRUSKAL_MB:.0f} MB  "
        f"{_verdict(child['peak_mb'] <= KRUSKAL_MB)}")
    out(f"  Kruskal CPU per cell  {small}x{small} {per_cell[small]:.2f} us   {huge}x{huge} {per_cell[huge]:.2f} us   "
        f"{flat:5.2f}x  <= {KRUSKAL_FLAT:g}x  {_verdict(flat <= KRUSKAL_FLAT)}")
    return figures
