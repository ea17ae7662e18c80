"""CPU and wall seconds of refused commands as a user runs them (a fresh process each), two or more
source trees in turn in the same minutes, with the load average beside each run (issue 27's
"Refuse first": within 1 s). Not a test: run it by hand.

    python scripts/refusal_times.py [--runs 3] [--only sheet] [--compile] TREE [TREE ...]

Each TREE is a checkout whose ``visualizer`` package is run (``git worktree add`` or ``git archive``
one of main to compare with). Bytecode is cached outside the trees, as an installed package has it;
``--compile`` writes none, so a tree without ``__pycache__`` compiles its modules in every run.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEART = str(Path(__file__).resolve().parents[1] / "assets" / "masks" / "heart.png")
COMMANDS = {
    "pdf 1000 masked": ["generate", "-s", "1000x1000", "--mask", HEART, "-o", "m.pdf"],
    "pdf 2000 masked": ["generate", "-s", "2000x2000", "--mask", HEART, "-o", "m.pdf"],
    "sheet 1000 masked": ["worksheet", "-s", "1000x1000", "--mask", HEART, "-o", "w.pdf"],
    "sheet 2000 masked": ["worksheet", "-s", "2000x2000", "--mask", HEART, "-o", "w.pdf"],
    "hex pdf 1000 masked": ["generate", "-g", "hex", "-s", "1000x1000", "--mask", HEART, "-o", "m.pdf"],
    "tri pdf 1000 masked": ["generate", "-g", "triangle", "-s", "1000x1000", "--mask", HEART, "-o", "m.pdf"],
    "tri sheet 600 masked": ["worksheet", "-g", "triangle", "-s", "600x600", "--mask", HEART, "-o", "w.pdf"],
    "pdf 2000 no mask": ["generate", "-s", "2000x2000", "-o", "m.pdf"],
}
"""Each refused in one line, exit 2; the last is the start-up and option checks without a mask."""


def timed(tree: str, argv: list[str], where: str, cache: str | None) -> tuple[float, float, int]:
    """CPU (user + sys) and wall seconds of one run, and its exit status."""
    env = dict(os.environ, PYTHONPATH=tree, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if cache is None:  # a tree without __pycache__ compiles its modules each run; installed packages do not
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = cache
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "visualizer", *argv], env=env, cwd=where, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", metavar="TREE")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="only the commands whose name holds this")
    parser.add_argument("--compile", action="store_true", help="no bytecode cache: compile every run")
    args = parser.parse_args()
    commands = {name: argv for name, argv in COMMANDS.items() if args.only in name}
    with tempfile.TemporaryDirectory() as where:
        cache = None if args.compile else os.path.join(where, "pyc")
        for tree in args.trees:  # fill the cache: every command once
            for argv in commands.values():
                timed(tree, argv, where, cache)
        print(f"{time.strftime('%H:%M:%S')}  bytecode {'compiled each run' if args.compile else 'cached'}")
        for name, argv in commands.items():
            for k in range(args.runs):
                for tree in args.trees:
                    load = os.getloadavg()[0]
                    cpu, wall, status = timed(tree, argv, where, cache)
                    print(f"{name:<20} {Path(tree).name:<14} run {k + 1}: CPU {cpu:5.2f} s  wall {wall:5.2f} s  "
                          f"exit {status}  load {load:4.2f}", flush=True)
        print(time.strftime('%H:%M:%S'))


if __name__ == "__main__":
    main()
