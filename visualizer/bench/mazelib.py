"""``bench --heavy``'s comparison with mazelib (when it is installed; not a dependency): each
algorithm against mazelib's generator for the same job at 500 x 500, mazelib run in a child process."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Callable

from ..grids import SquareGrid

MAZELIB_SIDE = 500
MAZELIB_CLASSES = {
    "backtracker": "BacktrackingGenerator", "prim": "Prims", "binary_tree": "BinaryTree",
    "sidewinder": "Sidewinder", "aldous_broder": "AldousBroder", "wilson": "Wilsons",
    "hunt_and_kill": "HuntAndKill", "kruskal": "Kruskal", "growing_tree": "GrowingTree", "eller": "Ellers",
    "recursive_division": "Division", "prim_simplified": "Prims",
}
"""Our algorithm -> the mazelib generator class that does the same job (mazelib: square grids only)."""
MAZELIB_MIN_RATIO = {"binary_tree": 1.0, "sidewinder": 1.0, "recursive_division": 1.0}
"""mazelib vectorizes these with numpy (Division draws each wall as one array slice): we must be at
least as fast; every other one 5x faster."""
MAZELIB_SCRIPT = """
import sys, time
from importlib import import_module
name, side = sys.argv[1], int(sys.argv[2])
from mazelib import Maze
generator = getattr(import_module("mazelib.generate." + name), name)
maze = Maze(1)
maze.generator = generator(side, side)
start = time.perf_counter()
maze.generate()
print(time.perf_counter() - start)
"""


def mazelib_installed() -> bool:
    """True when this Python can import mazelib (checked in a child process, like the runs)."""
    done = subprocess.run([sys.executable, "-c", "import mazelib"], capture_output=True, text=True)
    return done.returncode == 0


def mazelib_seconds(class_name: str, side: int, timeout: float) -> float | None:
    """Seconds mazelib takes to generate (in a child process); ``math.inf`` when it did not finish
    within ``timeout``; None when it failed (the reason is printed)."""
    try:
        done = subprocess.run([sys.executable, "-c", MAZELIB_SCRIPT, class_name, str(side)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return math.inf
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"  mazelib {class_name} failed: {reason}")
        return None
    return float(done.stdout.strip())


def compare_with_mazelib(figures: dict, timeout: float = 120.0, out: Callable[[str], None] = print) -> dict:
    """Ours (every event generated and applied) against mazelib's generate() at 500 x 500, square."""
    rows = {r["algorithm"]: r for r in figures["rows"] if r["grid"] == SquareGrid.kind and r["side"] == MAZELIB_SIDE}
    results: dict = {}
    if not rows:
        return results
    out("")
    if not mazelib_installed():
        out("mazelib is not installed: comparison skipped (pip install mazelib to see it)")
        return results
    out(f"against mazelib at {MAZELIB_SIDE} x {MAZELIB_SIDE} (square; mazelib capped at {timeout:.0f} s):")
    for name, class_name in MAZELIB_CLASSES.items():
        if name not in rows:
            continue
        ours = rows[name]["seconds"]
        theirs = mazelib_seconds(class_name, MAZELIB_SIDE, timeout)
        if theirs is None:
            continue
        need = MAZELIB_MIN_RATIO.get(name, 5.0)
        ratio = theirs / ours
        shown = f"> {timeout:.0f} s" if math.isinf(theirs) else f"{theirs:.2f} s"
        ratio_text = f"> {timeout / ours:.0f}x" if math.isinf(theirs) else f"{ratio:.1f}x"
        results[name] = (ours, theirs, ratio)
        out(f"  {name:<20}ours {ours:7.2f} s   mazelib {class_name:<22}{shown:>10}   ours faster {ratio_text:>7}"
            f"  (target >= {need:g}x: {'met' if ratio >= need else 'MISSED'})")
    return results
