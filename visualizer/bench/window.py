"""Window benchmarks (dummy video driver): frame cost, idle frames, instant mode (also under load),
steady animation, and a 1000 x 1000 maze in the window.

Run by ``maze-visualizer bench``; prints figures, asserts nothing (targets are shown as met/MISSED).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Callable

from ..grids import GRIDS, HexGrid, SquareGrid
from ..run.spec import MazeSpec
from .figures import generate_and_fold


def _open(size=(1280, 800)):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ..app.main import open_window

    return open_window(size)


def _shell(spec: MazeSpec, speed: float):
    import pygame

    from ..app.shell import Shell

    return Shell(spec, speed=speed, screen=pygame.display.get_surface())


def _frame(shell, dt: float = 1 / 60) -> None:
    import pygame

    rects = shell.frame(pygame.event.get(), dt)
    if rects:
        pygame.display.update(rects)


def frame_cost(kind: str, side: int, events_per_frame: int = 10, frames: int = 200) -> float:
    """Mean seconds to apply and draw ``events_per_frame`` events, mid-generation, window included."""
    shell = _shell(MazeSpec("prim", kind, side, side, 1), speed=1.0)
    watch = shell.base
    watch.paused = True
    _frame(shell, 0)
    watch.run.step(side * side // 2)  # get well into the maze, then measure steady frames
    _frame(shell, 0)
    start = time.perf_counter()
    for _ in range(frames):
        watch.run.step(events_per_frame)
        _frame(shell, 0)
    return (time.perf_counter() - start) / frames


def instant_window_seconds(kind: str, width: int, height: int | None = None) -> float:
    """Seconds for the window at 'instant' to finish a backtracker maze (frames drawn throughout)."""
    from ..app.scenes.watch import INSTANT

    shell = _shell(MazeSpec("backtracker", kind, width, height or width, 1), speed=INSTANT)
    watch = shell.base
    watch.paused = True
    _frame(shell, 0)  # lay the board out first, without generating
    watch.paused = False
    start = time.perf_counter()
    while not watch.run.idle:
        _frame(shell)
    return time.perf_counter() - start


def headless_seconds(kind: str, width: int, height: int) -> float:
    start = time.perf_counter()
    spec = MazeSpec("backtracker", kind, width, height, 1)
    spec.build()
    return time.perf_counter() - start


def steady_fps(kind: str, side: int, speed: float, seconds: float = 3.0) -> tuple[float, float]:
    """(mean, worst) frame time when animating at ``speed`` events/s, before the 60 fps sleep."""
    shell = _shell(MazeSpec("prim", kind, side, side, 2), speed=speed)
    _frame(shell, 0)
    times = []
    for _ in range(int(seconds * 60)):
        start = time.perf_counter()
        _frame(shell)
        times.append(time.perf_counter() - start)
    return sum(times) / len(times), max(times)


def idle_cpu_share(seconds: float = 3.0) -> float:
    """Share of one core an idle window (finished 100 x 60 maze, 1280 x 800) uses in the window's
    own frame loop (which rests while nothing changes), once its idle work is done."""
    from ..app.main import frame_loop
    from ..app.scenes.watch import INSTANT

    shell = _shell(MazeSpec("backtracker", SquareGrid.kind, 100, 60, 1), speed=INSTANT)
    while not shell.base.run.idle or shell.base.background:
        _frame(shell)
    for _ in range(10):
        _frame(shell)
    wall, cpu = time.perf_counter(), time.process_time()
    frame_loop(shell, until=lambda: time.perf_counter() - wall >= seconds)
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


def _hog(stop) -> None:  # pragma: no cover - runs in a child process
    while not stop.is_set():
        sum(range(10000))


def instant_under_load(width: int = 200, height: int = 150) -> tuple[float, float, float]:
    """(headless, window, ratio) for instant mode while another process keeps one core busy."""
    stop = multiprocessing.Event()
    hog = multiprocessing.Process(target=_hog, args=(stop,), daemon=True)
    hog.start()
    try:
        time.sleep(0.3)
        headless_seconds(SquareGrid.kind, width, height)  # warm up
        headless = headless_seconds(SquareGrid.kind, width, height)
        window = instant_window_seconds(SquareGrid.kind, width, height)
    finally:
        stop.set()
        hog.join(5)
    return headless, window, window / headless


BIG_WINDOW_SCRIPT = """
import json, os, resource, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
start = time.perf_counter()
import pygame
from visualizer.bench.window import _frame, _open, _shell
from visualizer.app.scenes.watch import INSTANT
from visualizer.run.spec import MazeSpec
_open((1280, 800))
shell = _shell(MazeSpec("backtracker", sys.argv[1], 1000, 1000, 1), speed=INSTANT)
_frame(shell, 0)
first = time.perf_counter() - start
worst = 0.0
while not shell.base.run.idle:
    t = time.perf_counter()
    _frame(shell)
    worst = max(worst, time.perf_counter() - t)
total = time.perf_counter() - start
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent through fork and exec
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line)
rusage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
peak = int(status["VmHWM"].split()[0]) / 1024 if "VmHWM" in status else rusage / 1024
print(json.dumps({"first": first, "worst": worst, "total": total, "peak_mb": peak}))
"""


def big_window() -> dict:
    """A 1000 x 1000 backtracker in the window at instant, in a fresh process (for a true peak RSS)."""
    script = [sys.executable, "-c", BIG_WINDOW_SCRIPT, SquareGrid.kind]
    out = subprocess.run(script, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        return {"error": (out.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def run_window_bench(out: Callable[[str], None] = print, heavy: bool = True) -> dict:
    import pygame

    _open()
    figures: dict = {}
    out("")
    out("window (dummy video driver, 1280 x 800):")
    for kind in GRIDS:
        small, large = frame_cost(kind, 50), frame_cost(kind, 500)
        ratio = large / small
        figures[f"frame_{kind}"] = (small, large, ratio)
        out(f"  10 events/frame {kind:<6}  50x50 {small * 1000:6.2f} ms   500x500 {large * 1000:6.2f} ms   "
            f"ratio {ratio:.2f}x (target <= 1.5x: {_verdict(ratio <= 1.5)})")
    for kind in GRIDS:
        _, _ = generate_and_fold("backtracker", kind, 200)  # warm up
        t0 = time.perf_counter()
        generate_and_fold("backtracker", kind, 200)
        headless = time.perf_counter() - t0
        window = instant_window_seconds(kind, 200)
        ratio = window / headless
        figures[f"instant_{kind}"] = (headless, window, ratio)
        out(f"  instant 200x200 {kind:<6} headless {headless:.3f} s   window {window:.3f} s   ratio {ratio:.2f}x "
            f"(target <= 1.5x: {_verdict(ratio <= 1.5)})")
    headless, window, ratio = instant_under_load()
    figures["instant_loaded"] = (headless, window, ratio)
    out(f"  instant 200x150 with a CPU hog on the other core: headless {headless:.3f} s   window {window:.3f} s   "
        f"ratio {ratio:.2f}x (target <= 1.5x: {_verdict(ratio <= 1.5)})")
    mean, worst = steady_fps(HexGrid.kind, 100, 1000)
    figures["steady_hex"] = (mean, worst)
    out(f"  1000 events/s on 100x100 hex: frame work mean {mean * 1000:.2f} ms, worst {worst * 1000:.2f} ms "
        f"-> holds 60 fps: {_verdict(mean < 1 / 60)} (a frame has 16.7 ms)")
    from .compare import compare_bench

    figures["compare_instant"] = compare_bench(out=out)
    share = idle_cpu_share()
    figures["idle_cpu"] = share
    out(f"  idle window, finished maze, the frame loop: {share:.1%} of a core (target < 5%: {_verdict(share < 0.05)})")
    pygame.quit()
    if not heavy:
        out("  1000x1000 in the window (first frame, slowest frame, peak memory): not measured: a heavy row "
            "(bench --heavy)")
        return figures
    big = big_window()
    figures["big_window"] = big
    if "error" in big:
        out(f"  1000x1000 in the window: failed ({big['error']})")
    else:
        out(f"  1000x1000 in the window: first frame {big['first']:.2f} s (target <= 2 s: "
            f"{_verdict(big['first'] <= 2)}), slowest frame {big['worst'] * 1000:.0f} ms = longest wait for a key "
            f"(target <= 500 ms: {_verdict(big['worst'] <= 0.5)}), peak memory {big['peak_mb']:.0f} MB "
            f"(target <= 250 MB: {_verdict(big['peak_mb'] <= 250)}), generated in {big['total']:.1f} s")
    return figures
