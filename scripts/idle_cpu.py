"""How much of a core the window uses idle after a large run (issue 27's target: under 3 % at
1000 x 1000). Not a test: run it by hand, under a real X server where there is one.

    python scripts/idle_cpu.py [SIDE] [--seconds 5] [--algorithm NAME]
    xvfb-run -a -s "-screen 0 1400x900x24" env SDL_VIDEODRIVER=x11 python scripts/idle_cpu.py

The window generates a SIDE x SIDE maze at instant (the backtracker unless told), finishes its idle
work (the display snapshots instant mode skipped, when there are few enough), then runs the real
frame loop (``app.main.frame_loop``) for the given seconds; the share is CPU seconds over wall
seconds.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from visualizer.app.main import FPS, frame_loop, freeze_start_up, open_window  # noqa: E402
from visualizer.app.scenes.watch import INSTANT  # noqa: E402
from visualizer.app.shell import Shell  # noqa: E402
from visualizer.run.spec import MazeSpec  # noqa: E402


def frame(shell: Shell, dt: float) -> None:
    rects = shell.frame(pygame.event.get(), dt)
    if rects:
        pygame.display.update(rects)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("side", nargs="?", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--algorithm", default="backtracker")
    args = parser.parse_args()
    open_window((1280, 800))
    freeze_start_up()  # as the app does before its first run
    shell = Shell(MazeSpec(args.algorithm, "square", args.side, args.side, 1), speed=INSTANT,
                  screen=pygame.display.get_surface())
    start = time.perf_counter()
    while not shell.base.run.idle:
        frame(shell, 1 / 60)
    print(f"generated a {args.algorithm} {args.side}x{args.side} in {time.perf_counter() - start:.1f} s")
    clock, start, cpu = pygame.time.Clock(), time.perf_counter(), time.process_time()
    while shell.base.background:
        frame(shell, clock.tick(FPS) / 1000)
    print(f"idle work after the run: {time.perf_counter() - start:.1f} s ({time.process_time() - cpu:.1f} s CPU)")
    wall, cpu = time.perf_counter(), time.process_time()
    frame_loop(shell, until=lambda: time.perf_counter() - wall >= args.seconds)
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    print(f"idle: {share:.1%} of a core over {args.seconds:g} s (target < 3 %)")
    pygame.quit()


if __name__ == "__main__":
    main()
