"""Window benchmarks (dummy video driver): frame cost, instant mode, steady animation.

Run by ``maze-visualizer bench``; prints figures, asserts nothing (targets are shown as met/MISSED).
"""

from __future__ import annotations

import os
import time
from typing import Callable

from ..bench import generate_and_fold
from ..spec import MazeSpec


def _open(size=(1280, 800)):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from .main import open_window

    return open_window(size)


def frame_cost(kind: str, side: int, events_per_frame: int = 10, frames: int = 200) -> float:
    """Mean seconds to apply and draw ``events_per_frame`` events, mid-generation, window included."""
    import pygame

    from .watch import App

    app = App(MazeSpec("prim", kind, side, side, 1), speed=1.0, screen=pygame.display.get_surface())
    app.paused = True
    app.frame([], 0)
    app.run.step(side * side // 2)  # get well into the maze, then measure steady frames
    app.frame([], 0)
    start = time.perf_counter()
    for _ in range(frames):
        app.run.step(events_per_frame)
        app.frame([], 0)
        pygame.display.flip()
    return (time.perf_counter() - start) / frames


def instant_window_seconds(kind: str, side: int) -> float:
    """Seconds for the window at 'instant' to finish a backtracker maze (frames drawn throughout)."""
    import pygame

    from .watch import INSTANT, App

    app = App(MazeSpec("backtracker", kind, side, side, 1), speed=INSTANT, screen=pygame.display.get_surface())
    app.paused = True
    app.frame([], 0)  # lay the board out first, without generating
    app.paused = False
    start = time.perf_counter()
    while not app.run.idle:
        app.frame(pygame.event.get(), 1 / 60)
        pygame.display.flip()
    return time.perf_counter() - start


def steady_fps(kind: str, side: int, speed: float, seconds: float = 3.0) -> tuple[float, float]:
    """(mean, worst) frame time when animating at ``speed`` events/s, before the 60 fps sleep."""
    import pygame

    from .watch import App

    app = App(MazeSpec("prim", kind, side, side, 2), speed=speed, screen=pygame.display.get_surface())
    app.frame([], 0)
    times = []
    for _ in range(int(seconds * 60)):
        start = time.perf_counter()
        app.frame(pygame.event.get(), 1 / 60)
        pygame.display.flip()
        times.append(time.perf_counter() - start)
    return sum(times) / len(times), max(times)


def run_window_bench(out: Callable[[str], None] = print) -> dict:
    import pygame

    _open()
    figures: dict = {}
    out("")
    out("window (dummy video driver, 1280 x 800):")
    for kind in ("square", "hex"):
        small, large = frame_cost(kind, 50), frame_cost(kind, 500)
        ratio = large / small
        figures[f"frame_{kind}"] = (small, large, ratio)
        out(f"  10 events/frame {kind:<6}  50x50 {small * 1000:6.2f} ms   500x500 {large * 1000:6.2f} ms   "
            f"ratio {ratio:.2f}x (target <= 1.5x: {'met' if ratio <= 1.5 else 'MISSED'})")
    for kind in ("square", "hex"):
        _, _ = generate_and_fold("backtracker", kind, 200)  # warm up
        t0 = time.perf_counter()
        generate_and_fold("backtracker", kind, 200)
        headless = time.perf_counter() - t0
        window = instant_window_seconds(kind, 200)
        ratio = window / headless
        figures[f"instant_{kind}"] = (headless, window, ratio)
        out(f"  instant 200x200 {kind:<6} headless {headless:.3f} s   window {window:.3f} s   ratio {ratio:.2f}x "
            f"(target <= 1.5x{' for square' if kind == 'hex' else ''}: {'met' if ratio <= 1.5 else 'MISSED'})")
    mean, worst = steady_fps("hex", 100, 1000)
    figures["steady_hex"] = (mean, worst)
    ok = mean < 1 / 60
    out(f"  1000 events/s on 100x100 hex: frame work mean {mean * 1000:.2f} ms, worst {worst * 1000:.2f} ms "
        f"-> holds 60 fps: {'met' if ok else 'MISSED'} (a frame has 16.7 ms)")
    pygame.quit()
    return figures
