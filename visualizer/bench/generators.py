"""The generator targets of issue 27, each against a plain DFS timed in the same run: blobby
division and Aldous-Broder quiet (``show=False``, the headless path), the random walk's length
and how the time grows with it, Kruskal's peak memory and per-cell cost at 2000 x 2000; with
``heavy``, the backtracker's and Wilson's per-cell cost too and each main generator's shown
stream (generated and applied, as the window takes it) against its quiet one."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial

from ..algorithms import ALGORITHMS
from ..core.maze import Maze
from ..grids import SquareGrid, make_grid
from .figures import HEAVY_NOTE, PAIRS, generate_and_fold, median_pair, plain_dfs, timed

BLOBBY_RATIO = 3.0
WALK_RATIO = 5.0
WALK_GROWTH = 1.3
"""Aldous-Broder's seconds per step at 1000 x 1000 over those at 200 x 200: time grows no faster
than the walk's length."""
KRUSKAL_MB = 400.0
KRUSKAL_FLAT = 1.3
BIG, SMALL, HUGE = 1000, 200, 2000

PER_CELL = ("backtracker", "wilson")
"""Whose CPU per cell ``heavy`` also measures from SMALL to HUGE (Kruskal's is always measured)."""
SHOWN_RATIO = 2.0
SHOWN_SIDE = 500
SHOWN = ("backtracker", "prim", "kruskal", "wilson", "aldous_broder", "hunt_and_kill", "growing_tree", "eller",
         "recursive_division", "blobby_division", "dungeon")
"""The main generators whose shown stream (every event applied) must cost at most SHOWN_RATIO
times their quiet one at SHOWN_SIDE (``bench --heavy``)."""

PAUSE_SIDE = 1000
PAUSE_TARGET = 0.1
"""The longest a shown stream may take to hand over its next event at PAUSE_SIDE (seconds): the
window asks for events within a frame's budget but cannot cut one ``next()`` short, so a longer
wait is a frame that long (the 1000 x 1000 window's target: every frame under 100 ms)."""

KRUSKAL_SCRIPT = """
import json, sys, time
from visualizer.grids import SquareGrid
from visualizer.run.spec import MazeSpec
start = time.process_time()
MazeSpec(sys.argv[2], SquareGrid.kind, int(sys.argv[1]), int(sys.argv[1]), 1).build()
seconds = time.process_time() - start
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line)
print(json.dumps({"seconds": seconds, "peak_mb": int(status["VmHWM"].split()[0]) / 1024}))
"""
"""One quiet build (Kruskal's, or the generator named) in a fresh process: VmHWM is its own peak
(ru_maxrss is carried over from the parent through fork and exec)."""


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


def kruskal_child(side: int, name: str = "kruskal") -> dict:
    """CPU seconds and peak RSS of a quiet build (Kruskal's by default) in a child process."""
    done = subprocess.run([sys.executable, "-c", KRUSKAL_SCRIPT, str(side), name], capture_output=True, text=True,
                          timeout=900)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def generator_figures(out: Callable[[str], None] = print, big: int = BIG, small: int = SMALL,
                      huge: int = HUGE, heavy: bool = False, shown_side: int = SHOWN_SIDE,
                      pause_side: int = PAUSE_SIDE) -> dict:
    """Print the rows; returns their figures. Ratios are taken in this run: blobby division's
    the median of PAIRS pairs with a plain DFS, the others against the plain DFS timed just
    before and after them. ``heavy`` adds the per-cell rows of PER_CELL and the
    shown-against-quiet rows and the longest waits for a shown stream's next event (minutes),
    else each says it was left out."""
    out("")
    out("generators (square, quiet: the headless path; ratios to a plain DFS timed in the same minutes):")
    blobby, plain, ratio = median_pair(lambda: quiet_run("blobby_division", big)[0],
                                       lambda: timed(partial(plain_dfs, big, big, 1))[0])
    figures: dict = {"plain_seconds": plain, "blobby_seconds": blobby, "blobby_ratio": ratio}
    out(f"  blobby division {big}x{big}  {blobby:6.2f} s   plain DFS {plain:5.2f} s   {ratio:5.2f}x  "
        f"<= {BLOBBY_RATIO:g}x  {_verdict(ratio <= BLOBBY_RATIO)}  (median of {PAIRS} pairs)")
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
    if not heavy:
        out(f"  {' and '.join(PER_CELL)} CPU per cell {small}x{small} to {huge}x{huge}: {HEAVY_NOTE}")
        out(f"  shown against quiet at {shown_side}x{shown_side}: {HEAVY_NOTE}")
        out(f"  longest wait for a shown stream's next event at {pause_side}x{pause_side}: {HEAVY_NOTE}")
        return figures
    for name in PER_CELL:
        figures.setdefault("per_cell", {})[name] = per_cell_row(name, small, huge, out)
    figures["shown"] = shown_rows(shown_side, out=out)
    figures["pauses"] = pause_rows(pause_side, out=out)
    return figures


def per_cell_row(name: str, small: int, huge: int, out: Callable[[str], None]) -> dict:
    """CPU per cell of quiet builds in child processes, the best of three at ``small`` and one at
    ``huge``, and their ratio (flat within KRUSKAL_FLAT)."""
    rows = {small: min((kruskal_child(small, name) for _ in range(3)), key=lambda row: row.get("seconds", 1e9)),
            huge: kruskal_child(huge, name)}
    if any("error" in row for row in rows.values()):
        out(f"  {name} CPU per cell: failed ({next(r['error'] for r in rows.values() if 'error' in r)})")
        return {}
    per_cell = {side: row["seconds"] / side ** 2 * 1e6 for side, row in rows.items()}
    flat = per_cell[huge] / per_cell[small]
    out(f"  {name} CPU per cell  {small}x{small} {per_cell[small]:.2f} us   {huge}x{huge} {per_cell[huge]:.2f} us   "
        f"{flat:5.2f}x  <= {KRUSKAL_FLAT:g}x  {_verdict(flat <= KRUSKAL_FLAT)}  (peak {rows[huge]['peak_mb']:.0f} MB)")
    return {"us_per_cell": per_cell, "flat": flat, "peak_mb": rows[huge]["peak_mb"]}


def shown_rows(side: int = SHOWN_SIDE, names: tuple[str, ...] = SHOWN, out: Callable[[str], None] = print) -> dict:
    """Each generator's shown stream (every event generated and applied, what the window takes)
    over its quiet one at ``side``, one pair each, square grids."""
    out(f"  shown (every event applied) over quiet at {side}x{side}, square:")
    ratios = {}
    for name in names:
        shown = timed(partial(generate_and_fold, name, SquareGrid.kind, side))[0]
        quiet = timed(partial(generate_and_fold, name, SquareGrid.kind, side, show=False))[0]
        ratios[name] = shown / quiet
        out(f"    {name:<20}{shown:7.2f} s shown  {quiet:6.2f} s quiet  {shown / quiet:6.2f}x  <= {SHOWN_RATIO:g}x  "
            f"{_verdict(shown / quiet <= SHOWN_RATIO)}")
    return ratios


def longest_pause(name: str, side: int) -> tuple[float, int, float]:
    """The longest wait for the next event of ``name``'s shown stream (packed, as the window takes
    it) after its first, how many of those waits passed PAUSE_TARGET, and the wait for the first
    event (seconds): on a grid this large the window works the first one out in a thread
    (``run.read_ahead``) and goes on drawing, so only the later waits are frames."""
    import numpy  # noqa: F401 - imported already in a window: not a wait of the stream's own

    from ..run.spec import MazeSpec

    stream = MazeSpec(name, SquareGrid.kind, side, side, 1).events(packed=True)
    clock = time.perf_counter
    longest, over, before = 0.0, 0, clock()
    first = -1.0
    for _ in stream:
        now = clock()
        wait, before = now - before, now
        if first < 0:
            first = wait
            continue
        longest = max(longest, wait)
        over += wait > PAUSE_TARGET
    return longest, over, first


def pause_rows(side: int = PAUSE_SIDE, names: tuple[str, ...] = SHOWN, out: Callable[[str], None] = print) -> dict:
    """Each generator's longest wait for its next shown event at ``side``: a window generating it
    has a frame at least that long."""
    out(f"  longest wait for a shown stream's next event at {side}x{side} (a frame at least that long in the window;"
        " the first event's, the set-up, is worked out in a thread there):")
    rows = {}
    for name in names:
        longest, over, first = longest_pause(name, side)
        rows[name] = {"longest": longest, "over": over, "first": first}
        out(f"    {name:<20}{longest * 1000:8.0f} ms longest  {over:5d} over {PAUSE_TARGET * 1000:.0f} ms  "
            f"first event after {first * 1000:6.0f} ms  {_verdict(longest <= PAUSE_TARGET)}")
    return rows
