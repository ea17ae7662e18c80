"""``maze-visualizer bench``: how fast the generators and the model are, in figures.

Every run also times a plain depth-first search on Python lists (no events, no model) at the same
sizes, so the ratio "ours / plain" is measured on the same machine in the same minute; absolute
seconds on a shared machine are noisy, ratios much less so.
"""

from __future__ import annotations

import gc
import random
import time
from typing import Callable, Iterable

from .algorithms import ALGORITHMS
from .grids import make_grid
from .maze import Maze

DEFAULT_SIZES = (100, 500, 1000)
TARGET_SECONDS = 2.5
TARGET_RATIO = 2.0
TARGET_MODEL_MB = 20.0


def plain_dfs(width: int, height: int, seed: int) -> list[int]:
    """The baseline: a minimal randomized DFS on lists, the way one would write it without events."""
    rnd = random.Random(seed).random
    n = width * height
    visited = [False] * n
    passages = [0] * n
    start = int(rnd() * n)
    visited[start] = True
    stack = [start]
    while stack:
        c = stack[-1]
        x = c % width
        options = []
        if c >= width and not visited[c - width]:
            options.append((c - width, 0))
        if x < width - 1 and not visited[c + 1]:
            options.append((c + 1, 1))
        if c + width < n and not visited[c + width]:
            options.append((c + width, 2))
        if x > 0 and not visited[c - 1]:
            options.append((c - 1, 3))
        if options:
            nb, d = options[int(rnd() * len(options))]
            passages[c] |= 1 << d
            passages[nb] |= 1 << (d ^ 2)
            visited[nb] = True
            stack.append(nb)
        else:
            stack.pop()
    return passages


def timed(func: Callable[[], object]) -> tuple[float, object]:
    gc.collect()
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def generate_and_fold(algorithm: str, grid_kind: str, side: int, seed: int = 1) -> tuple[Maze, int]:
    """Generate every event and fold each into the model, as the app does; returns (maze, events)."""
    grid = make_grid(grid_kind, side, side)
    maze = Maze(grid)
    apply = maze.apply
    count = 0
    for event in ALGORITHMS[algorithm].run(grid, seed):
        apply(event)
        count += 1
    return maze, count


def run_bench(sizes: Iterable[int] = DEFAULT_SIZES, algorithms: Iterable[str] | None = None,
              grids: Iterable[str] = ("square", "hex"), out: Callable[[str], None] = print) -> dict:
    """Print one row per algorithm x grid x size, then the targets; returns the figures."""
    sizes = list(sizes)
    names = list(algorithms or ALGORITHMS)
    figures: dict = {"rows": [], "baseline": {}}
    out(f"{'algorithm':<14}{'grid':<8}{'size':>11}{'seconds':>10}{'events':>11}{'events/s':>12}"
        f"{'model MB':>10}{'vs plain':>10}")
    for side in sizes:
        base_seconds, _ = timed(lambda: plain_dfs(side, side, 1))
        figures["baseline"][side] = base_seconds
        for name in names:
            for kind in grids:
                if not ALGORITHMS[name].supports(kind):
                    continue
                seconds, (maze, count) = timed(lambda: generate_and_fold(name, kind, side))
                ratio = seconds / base_seconds if base_seconds else float("nan")
                mb = maze.nbytes / 1e6
                figures["rows"].append(dict(algorithm=name, grid=kind, side=side, seconds=seconds,
                                            events=count, model_mb=mb, ratio=ratio))
                out(f"{name:<14}{kind:<8}{f'{side}x{side}':>11}{seconds:>10.3f}{count:>11,}"
                    f"{count / seconds:>12,.0f}{mb:>10.2f}{ratio:>9.2f}x")
                del maze
        out(f"{'plain DFS':<14}{'square':<8}{f'{side}x{side}':>11}{base_seconds:>10.3f}"
            f"{'(no events)':>23}")
    _print_targets(figures, out)
    return figures


def _print_targets(figures: dict, out: Callable[[str], None]) -> None:
    rows = [r for r in figures["rows"] if r["algorithm"] == "backtracker" and r["grid"] == "square"
            and r["side"] == 1000]
    if not rows:
        return
    row = rows[0]

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    out("")
    out("targets (1000 x 1000 square backtracker, every event generated and applied):")
    out(f"  seconds      {row['seconds']:.2f} s   <= {TARGET_SECONDS} s    {verdict(row['seconds'] <= TARGET_SECONDS)}")
    out(f"  vs plain DFS {row['ratio']:.2f}x     <= {TARGET_RATIO}x     {verdict(row['ratio'] <= TARGET_RATIO)}")
    out(f"  model memory {row['model_mb']:.1f} MB   <= {TARGET_MODEL_MB:.0f} MB    "
        f"{verdict(row['model_mb'] <= TARGET_MODEL_MB)}")
