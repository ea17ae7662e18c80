"""Export figures: the CPU time and peak memory of each picture format against the JSON export of
the same maze, each measured as a user meets it (``generate -s NxN -o file``, in a child process).

The JSON export is the floor: it writes every cell once. A picture format should cost a small
multiple of it (TARGET_RATIO) and stay under TARGET_MB however large the maze; peak memory is the
child's own high-water mark (``wait4``), CPU its user plus system time. Each figure is the median
of ``repeats`` runs, the JSON runs taken in the same minute so the ratio is fair on a shared machine.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..grids import Grid, HexGrid, PolarGrid, SquareGrid, TriangleGrid

TARGET_MB = 400.0
TARGET_RATIO = 3.0
REFUSED = 2
"""The exit status of a maze a format refuses (one line, before the work)."""
FORMATS = ("svg", "pdf", "png", "gif", "webp")
DEFAULT_SIZES = (1000, 2000)
ANIMATED = ("gif", "webp")
OTHER_GRIDS: dict[str, tuple[type[Grid], ...]] = {"svg": (HexGrid,), "png": (HexGrid, TriangleGrid, PolarGrid)}
"""Formats measured on other grids too: a hex drawing has half as many corners again as a square
one; slanted and curved walls are laid out and softened pixel by pixel."""


def accepted_side(grid: type[Grid], side: int) -> int:
    """The largest side up to ``side`` that ``grid`` accepts as ``side x side`` (a polar grid
    refuses over a million cells: 690 x 690 is its largest square)."""
    def accepts(s: int) -> bool:
        try:
            grid(s, s)
        except ValueError:
            return False
        return True

    lo, hi = 1, side
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepts(mid) else (lo, mid - 1)
    return lo


@dataclass(frozen=True)
class Usage:
    """One child's CPU seconds (user + system), peak resident memory and exit status."""

    cpu: float
    peak_mb: float
    status: int


@dataclass(frozen=True)
class Row:
    """One format at one size: medians, and the JSON export's CPU in the same runs."""

    fmt: str
    grid: str
    side: int
    cpu: float
    json_cpu: float
    peak_mb: float
    status: int
    frames: int | None = None
    """An animation's frames as written (a large maze's are capped, with a note, before any work)."""
    load: tuple[float, float] = (0.0, 0.0)
    """The one-minute load average when the row began and when it ended (a shared machine's noise)."""

    @property
    def ratio(self) -> float:
        return self.cpu / self.json_cpu if self.json_cpu else float("inf")

    @property
    def met(self) -> bool:
        return self.status in (0, REFUSED) and self.peak_mb < TARGET_MB and self.ratio <= TARGET_RATIO

    @property
    def verdict(self) -> str:
        if self.status not in (0, REFUSED):
            return f"FAILED (exit {self.status})"
        made = "refused before work (exit 2)" if self.status == REFUSED else "made"
        if self.frames is not None:
            made += f" ({self.frames} frames)"
        return f"{made}, {'met' if self.met else 'missed'}"


RUNNER = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-m", "visualizer", *sys.argv[1:]],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""
"""Runs one command and prints its CPU seconds, peak KB and status. The high-water mark of a process
counts the memory of the one it was forked from (Linux keeps it across ``exec``), so the command is
started by this small interpreter, not by a large caller such as a test run."""


def measure(args: list[str]) -> Usage:
    """Run ``python -m visualizer ARGS`` in a child and read its own resource use (not the sum of
    every child so far, as ``RUSAGE_CHILDREN`` would)."""
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True, text=True, check=True)
    cpu, peak_kb, status = done.stdout.split()
    return Usage(float(cpu), int(peak_kb) / 1024, int(status))


def export_args(fmt: str, grid: str, side: int, folder: str) -> list[str]:
    return ["generate", "-g", grid, "-s", f"{side}x{side}", "--seed", "1", "-o", str(Path(folder, f"maze.{fmt}"))]


def export_row(fmt: str, grid: str, side: int, repeats: int = 3) -> Row:
    """``fmt`` and JSON of one maze, alternated ``repeats`` times; medians of each."""
    runs, floors = [], []
    began = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="maze-bench-") as folder:
        for _ in range(repeats):
            floors.append(measure(export_args("json", grid, side, folder)))
            runs.append(measure(export_args(fmt, grid, side, folder)))
        frames = frames_in(Path(folder, f"maze.{fmt}")) if fmt in ANIMATED else None
    return Row(fmt, grid, side, statistics.median(u.cpu for u in runs), statistics.median(u.cpu for u in floors),
               statistics.median(u.peak_mb for u in runs), max(u.status for u in runs), frames,
               (began, os.getloadavg()[0]))


def frames_in(path: Path) -> int | None:
    """The frames of an animation file (None when there is none: refused)."""
    if not path.exists():
        return None
    from PIL import Image

    with Image.open(path) as picture:
        return getattr(picture, "n_frames", 1)


def export_rows(sizes: tuple[int, ...] = DEFAULT_SIZES, formats: tuple[str, ...] = FORMATS,
                repeats: int = 3) -> list[Row]:
    """Every format at every size on a square grid, and on the OTHER_GRIDS of a format (each at
    the largest square it accepts up to the size)."""
    rows = []
    for side in sizes:
        for fmt in formats:
            rows.append(export_row(fmt, SquareGrid.kind, side, repeats))
            for grid in OTHER_GRIDS.get(fmt, ()):
                rows.append(export_row(fmt, grid.kind, accepted_side(grid, side), repeats))
    return rows


def table(rows: list[Row]) -> str:
    """The figures beside their targets, one line a row."""
    lines = [f"{'format':<6} {'grid':<8} {'size':>9} {'CPU s':>7} {'JSON s':>7} {'ratio':>6} {'peak MB':>8} "
             f"{'load':>9}  target"]
    for r in rows:
        load = f"{r.load[0]:.1f}-{r.load[1]:.1f}"
        lines.append(f"{r.fmt:<6} {r.grid:<8} {f'{r.side}x{r.side}':>9} {r.cpu:7.2f} {r.json_cpu:7.2f} "
                     f"{r.ratio:6.2f} {r.peak_mb:8.0f} {load:>9}  "
                     f"<{TARGET_MB:.0f} MB, <={TARGET_RATIO:g}x JSON: {r.verdict}")
    return "\n".join(lines)
