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
from functools import partial

from ..grids import GRIDS, HexGrid, SquareGrid
from ..run.spec import MazeSpec
from .figures import PAIRS, generate_and_fold, median_pair, timed


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


CATCH_UP_SECONDS = 30.0
"""The most ``frame_cost`` waits for the window's background work after its jump into the maze."""


def frame_cost(kind: str, side: int, events_per_frame: int = 10, frames: int = 200) -> float:
    """Mean seconds to apply and draw ``events_per_frame`` events, mid-generation, window included.

    The jump into the maze leaves the narration (the teaching panel) that many events to read
    and the snapshots to store: background work with its own budget a frame (30 ms while paused),
    which a user sees once after a seek, not in every frame. It is let finish first (it had made
    the 500 x 500 frames cost 2-3x the 50 x 50 ones: 125,000 events to read against 1,250)."""
    shell = _shell(MazeSpec("prim", kind, side, side, 1), speed=1.0)
    watch = shell.base
    watch.paused = True
    _frame(shell, 0)
    watch.run.step(side * side // 2)  # get well into the maze, then measure steady frames
    _frame(shell, 0)
    give_up = time.perf_counter() + CATCH_UP_SECONDS
    while watch.background and time.perf_counter() < give_up:
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


def shown_seconds(kind: str, side: int, height: int | None = None) -> float:
    """Seconds to generate and fold a backtracker's every event headless (``side`` square, or
    ``side`` x ``height``): what instant mode shows, so the instant rows compare like with like."""
    return timed(partial(generate_and_fold, "backtracker", kind, side, height=height))[0]


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
        shown_seconds(SquareGrid.kind, width, height)  # warm up
        window, headless, ratio = median_pair(partial(instant_window_seconds, SquareGrid.kind, width, height),
                                              partial(shown_seconds, SquareGrid.kind, width, height))
    finally:
        stop.set()
        hog.join(5)
    return headless, window, ratio


BIG_WINDOW_SCRIPT = """
import json, os, sys, time
start = time.perf_counter()
import pygame
from visualizer.bench.window import _frame, _open, _shell
from visualizer.app.main import frame_loop, freeze_start_up
from visualizer.app.scenes.watch import INSTANT
from visualizer.run.spec import MazeSpec
_open((int(sys.argv[2]), int(sys.argv[3])))
freeze_start_up()  # as the app does before its first run
shell = _shell(MazeSpec(sys.argv[5], sys.argv[1], 1000, 1000, 1), speed=INSTANT)
_frame(shell, 0)
first = time.perf_counter() - start
frames, clock = [], pygame.time.Clock()
while not shell.base.run.idle:
    t = time.perf_counter()
    _frame(shell, clock.tick() / 1000)
    frames.append(time.perf_counter() - t)
total = time.perf_counter() - start
while shell.base.background:  # the snapshots instant mode skipped, stored while idle
    _frame(shell, clock.tick(60) / 1000)
wall, cpu = time.perf_counter(), time.process_time()
frame_loop(shell, until=lambda: time.perf_counter() - wall >= float(sys.argv[4]))
idle = (time.process_time() - cpu) / (time.perf_counter() - wall)
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent through fork and exec
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line)
frames.sort()
print(json.dumps({"first": first, "worst": frames[-1], "median": frames[len(frames) // 2],
                  "p95": frames[int(len(frames) * 0.95)], "frames": len(frames),
                  "over_100ms": sum(f > 0.1 for f in frames), "total": total, "idle_cpu": idle,
                  "peak_mb": int(status["VmHWM"].split()[0]) / 1024, "driver": pygame.display.get_driver()}))
"""
BIG_WINDOW_SIZE = (1280, 800)
IDLE_SECONDS = 3.0


def big_window(driver: str = "dummy", size: tuple[int, int] = BIG_WINDOW_SIZE, algorithm: str = "backtracker") -> dict:
    """A 1000 x 1000 maze of ``algorithm`` in the window at instant, in a fresh process (for a
    true peak memory): the first frame, every frame's time while it generates, the peak (VmHWM)
    and the share of a core the idle window uses afterwards. ``driver`` "x11" uses the X server in
    DISPLAY (Xvfb on a machine without a screen), as a real window does."""
    script = [sys.executable, "-c", BIG_WINDOW_SCRIPT, SquareGrid.kind, str(size[0]), str(size[1]), str(IDLE_SECONDS),
              algorithm]
    env = dict(os.environ, SDL_VIDEODRIVER=driver, SDL_AUDIODRIVER="dummy")
    out = subprocess.run(script, capture_output=True, text=True, timeout=600, env=env)
    if out.returncode != 0:
        return {"error": (out.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


SLOW_STEPS = "blobby_division"
"""A generator with steps of 0.1 - 0.4 s at 1000 x 1000 (a depth's race): the window reads it in
a worker thread (``run.read_ahead``), and its row shows whether any frame still waits for one."""


def big_window_rows(out: Callable[[str], None]) -> dict:
    """The 1000 x 1000 rows: the dummy driver and, when there is an X server (DISPLAY), a real X
    window, one after the other in this run (their ratio is the figure to read on a shared machine)."""
    figures = {"dummy": big_window("dummy")}
    if os.environ.get("DISPLAY"):
        figures["x11"] = big_window("x11")
    for driver, big in figures.items():
        if "error" in big:
            out(f"  1000x1000 in the window ({driver}): failed ({big['error']})")
            continue
        out(f"  1000x1000 in the window ({driver}, {BIG_WINDOW_SIZE[0]} x {BIG_WINDOW_SIZE[1]}): first frame "
            f"{big['first']:.2f} s (target <= 2 s: {_verdict(big['first'] <= 2)}), frames while generating "
            f"median {big['median'] * 1000:.0f} ms, 95th percentile {big['p95'] * 1000:.0f} ms, slowest "
            f"{big['worst'] * 1000:.0f} ms (target < 100 ms: {_verdict(big['worst'] < 0.1)}; "
            f"{big['over_100ms']} of {big['frames']} over), peak memory {big['peak_mb']:.0f} MB "
            f"(target <= 250 MB: {_verdict(big['peak_mb'] <= 250)}), idle after the run {big['idle_cpu']:.1%} "
            f"of a core (target < 3 %: {_verdict(big['idle_cpu'] < 0.03)}), generated in {big['total']:.1f} s")
    slow = big_window("dummy", algorithm=SLOW_STEPS)
    figures["slow_steps"] = slow
    if "error" in slow:
        out(f"  1000x1000 {SLOW_STEPS} in the window (dummy): failed ({slow['error']})")
    else:
        out(f"  1000x1000 {SLOW_STEPS} in the window (dummy; long steps read in a thread): frames while "
            f"generating median {slow['median'] * 1000:.0f} ms, slowest {slow['worst'] * 1000:.0f} ms (target "
            f"< 100 ms: {_verdict(slow['worst'] < 0.1)}; {slow['over_100ms']} of {slow['frames']} over), "
            f"generated in {slow['total']:.1f} s")
    if "x11" in figures and "error" not in figures["x11"] and "error" not in figures["dummy"]:
        x11, dummy = figures["x11"], figures["dummy"]
        out(f"  ... the X window against the dummy driver: slowest frame {x11['worst'] / dummy['worst']:.2f}x, "
            f"median {x11['median'] / dummy['median']:.2f}x, peak +{x11['peak_mb'] - dummy['peak_mb']:.0f} MB "
            f"(load average {' '.join(open('/proc/loadavg').read().split()[:3])})")
    return figures


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
        window, headless, ratio = median_pair(partial(instant_window_seconds, kind, 200),
                                              partial(shown_seconds, kind, 200))
        figures[f"instant_{kind}"] = (headless, window, ratio)
        out(f"  instant 200x200 {kind:<6} headless {headless:.3f} s   window {window:.3f} s   ratio {ratio:.2f}x "
            f"(median of {PAIRS} pairs; target <= 1.5x: {_verdict(ratio <= 1.5)})")
    headless, window, ratio = instant_under_load()
    figures["instant_loaded"] = (headless, window, ratio)
    out(f"  instant 200x150 with a CPU hog on the other core: headless {headless:.3f} s   window {window:.3f} s   "
        f"ratio {ratio:.2f}x (median of {PAIRS} pairs; target <= 1.5x: {_verdict(ratio <= 1.5)})")
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
    figures["big_window"] = big_window_rows(out)
    return figures
