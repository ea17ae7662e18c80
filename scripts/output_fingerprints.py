"""Fingerprint the command line's outputs, so that a behaviour-preserving redesign can prove them unchanged.

Usage (from the root of the tree under test; that folder is what ``python -m visualizer`` runs)::

    python scripts/output_fingerprints.py record GOLDEN.json [--python PY] [--jobs N]
    python scripts/output_fingerprints.py check GOLDEN.json [--python PY] [--jobs N]

``record`` runs a fixed, deterministic list of specs (``build_specs``: every algorithm on every grid,
refusals included, seeds, sizes, parameters, masks, every ``generate`` format and option, ``worksheet``,
``stats``, ``lab``, ``list``, every ``--help`` and mistakes that must end in status 2) and writes, per
spec, the exit status, the sha256 of standard output and of every file written, and standard error as
text (temporary paths and the tree's own path replaced by placeholders). ``check`` reruns the specs
stored in the file against the current tree, prints one line per spec that differs and a summary line
``N specs, K differ``, and exits 1 when any differ.

Each spec is one subprocess ``PY -c BOOTSTRAP ARGS...`` in a fresh temporary folder, where BOOTSTRAP
does what ``python -m visualizer`` does (``runpy._run_module_as_main``) after taking the editable
install's import hook out of ``sys.meta_path`` and any other ``visualizer`` off ``sys.path``: with the
package installed in development mode, ``visualizer.assets`` (fonts, shipped masks) would otherwise be
read from the installed checkout rather than from the tree under test.

Left out on purpose, as not deterministic or not headless: ``bench`` runs (timings), the window,
``compare`` and ``play`` (they open windows; only their mistakes and ``play --records`` are here), and
anything without ``--seed`` (a random seed; ``worksheet`` names it on stderr). No spec had to be dropped
for differing between two runs of the same code: ``record`` then ``check`` on one tree reported 0 differ,
repeated. Outputs do depend on the interpreter and libraries (Pillow's encoders, zlib, matplotlib,
argparse's help layout), so the file records their versions and ``check`` warns when they changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT_VERSION = 1
DEFAULT_PYTHON = sys.executable
TIMEOUT = 180.0
"""Seconds one spec may take; a spec that hangs (a window opened by mistake) is recorded as a timeout."""

ALGORITHMS = ("backtracker", "prim", "dungeon", "binary_tree", "sidewinder", "aldous_broder", "wilson",
              "hunt_and_kill", "kruskal", "prim_true", "prim_simplified", "growing_tree", "eller",
              "recursive_division", "blobby_division")
"""Spelled out (not read from ``list``) so that the specs stay the same whatever the code under test says."""
GRIDS = ("square", "hex", "triangle", "polar")
SQUARE_ONLY = ("sidewinder", "eller", "recursive_division")
NOT_TRIANGLE = ("binary_tree",)
SOLVERS = ("bfs", "astar", "dfs", "wall_right", "wall_left", "dead_end_filling")

BOOTSTRAP = """\
import os, runpy, sys
tree = os.path.realpath(sys.argv.pop(1))
sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, '__module__', '').startswith('__editable__')]
def foreign(entry):
    path = os.path.realpath(entry or '.')
    return path != tree and os.path.isdir(os.path.join(path, 'visualizer'))
sys.path[:] = [tree] + [p for p in sys.path if not foreign(p) and os.path.realpath(p or '.') != tree]
runpy._run_module_as_main('visualizer', alter_argv=True)
"""
"""What ``python -m visualizer`` does, with the tree under test as the only place ``visualizer`` comes from."""

PROBE = """\
import json, sys
from importlib import metadata
import visualizer
versions = {}
for name in ('pygame-ce', 'numpy', 'Pillow', 'scipy', 'matplotlib', 'tqdm'):
    try:
        versions[name] = metadata.version(name)
    except metadata.PackageNotFoundError:
        versions[name] = None
print(json.dumps({'python': sys.version, 'package': visualizer.__file__, 'versions': versions}))
"""
"""Run through BOOTSTRAP's import fix: which ``visualizer`` is used, and the versions outputs depend on."""

TWO_REGIONS = "....XXX\n....XXX\nXXXXXXX\nXXX....\nXXX....\n"
"""A text mask whose second region does not join the first: it is dropped, with a note on stderr."""
RING = "#######\n#     #\n# ### #\n# # # #\n# ### #\n#     #\n#######\n"
"""A text mask spelled with ``#`` and spaces."""
EMPTY = "XXX\nXXX\n"


@dataclass(frozen=True)
class Spec:
    """One command line and the input files it needs in its working folder."""

    name: str
    args: tuple[str, ...]
    inputs: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "args": list(self.args), "inputs": [list(item) for item in self.inputs]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Spec:
        return cls(data["name"], tuple(data["args"]), tuple((name, text) for name, text in data["inputs"]))


def supports(algorithm: str, grid: str) -> bool:
    """Whether ``list`` says the algorithm runs on the grid (used to not spend specs on refusals)."""
    if algorithm in SQUARE_ONLY:
        return grid == "square"
    return not (algorithm in NOT_TRIANGLE and grid == "triangle")


def gen(*args: str) -> tuple[str, ...]:
    return ("generate", *args)


def matrix_specs() -> Iterable[Spec]:
    """Every algorithm on every grid (a refusal once, as JSON): JSON at two sizes, text, PNG and SVG."""
    for algorithm in ALGORITHMS:
        for grid in GRIDS:
            base = ("-a", algorithm, "-g", grid)
            yield Spec(f"json/{algorithm}/{grid}/6x5/s1", gen(*base, "-s", "6x5", "--seed", "1", "-f", "json"))
            if not supports(algorithm, grid):
                continue  # the refusal once is enough
            yield Spec(f"json/{algorithm}/{grid}/12x9/s7", gen(*base, "-s", "12x9", "--seed", "7", "-f", "json"))
            if grid in ("square", "hex"):
                yield Spec(f"text/{algorithm}/{grid}/12x9/s3", gen(*base, "-s", "12x9", "--seed", "3"))
            yield Spec(f"png/{algorithm}/{grid}/12x9/s4", gen(*base, "-s", "12x9", "--seed", "4", "-o", "m.png"))
            yield Spec(f"svg/{algorithm}/{grid}/12x9/s5/solution",
                       gen(*base, "-s", "12x9", "--seed", "5", "-f", "svg", "--solution"))
    for grid in ("triangle", "polar"):
        yield Spec(f"text/backtracker/{grid}/refused", gen("-g", grid, "-s", "6x5", "--seed", "1"))


def param_specs() -> Iterable[Spec]:
    """Each algorithm parameter at a few values, braid on every algorithm."""
    cases: list[tuple[str, str, str, tuple[str, ...]]] = [
        ("backtracker", "square", "12x9", ("winding=0",)),
        ("backtracker", "square", "12x9", ("winding=50",)),
        ("backtracker", "hex", "12x9", ("winding=0",)),
        ("backtracker", "polar", "12x9", ("winding=25",)),
        ("dungeon", "square", "20x15", ("attempts=0",)),
        ("dungeon", "square", "20x15", ("attempts=500",)),
        ("dungeon", "square", "20x15", ("room_min=1", "room_max=2")),
        ("dungeon", "square", "20x15", ("room_min=3", "room_max=8")),
        ("dungeon", "square", "20x15", ("winding=0",)),
        ("dungeon", "square", "20x15", ("winding=100",)),
        ("dungeon", "square", "20x15", ("loops=0",)),
        ("dungeon", "square", "20x15", ("loops=60",)),
        ("dungeon", "square", "20x15", ("dead_ends=100",)),
        ("dungeon", "square", "20x15", ("dead_ends=50", "loops=20", "winding=70")),
        ("dungeon", "hex", "20x15", ("room_min=2", "room_max=4", "dead_ends=30")),
        ("dungeon", "triangle", "20x15", ("attempts=50", "loops=10")),
        ("dungeon", "polar", "20x15", ("room_max=3",)),
        ("binary_tree", "square", "12x9", ("bias=NE",)),
        ("binary_tree", "square", "12x9", ("bias=NW",)),
        ("binary_tree", "square", "12x9", ("bias=SE",)),
        ("binary_tree", "square", "12x9", ("bias=SW",)),
        ("binary_tree", "hex", "12x9", ("bias=NW",)),
        ("binary_tree", "polar", "12x9", ("bias=SE",)),
        ("sidewinder", "square", "12x9", ("close=1",)),
        ("sidewinder", "square", "12x9", ("close=25",)),
        ("sidewinder", "square", "12x9", ("close=100",)),
        ("growing_tree", "square", "12x9", ("selection=newest",)),
        ("growing_tree", "square", "12x9", ("selection=random",)),
        ("growing_tree", "square", "12x9", ("selection=oldest",)),
        ("growing_tree", "square", "12x9", ("selection=middle",)),
        ("growing_tree", "square", "12x9", ("selection=newest:75,random:25",)),
        ("growing_tree", "square", "12x9", ("selection=oldest:1,middle:1,random:2",)),
        ("growing_tree", "hex", "12x9", ("selection=random",)),
        ("growing_tree", "triangle", "12x9", ("selection=oldest",)),
        ("eller", "square", "12x9", ("join=0", "down=0")),
        ("eller", "square", "12x9", ("join=100",)),
        ("eller", "square", "12x9", ("down=100",)),
        ("eller", "square", "12x9", ("join=30", "down=70")),
        ("backtracker", "hex", "12x9", ("braid=100",)),
        ("backtracker", "triangle", "12x9", ("braid=100",)),
        ("wilson", "polar", "12x9", ("braid=30",)),
        ("dungeon", "square", "20x15", ("braid=100", "loops=0")),
    ]
    cases += [(algorithm, "square", "12x9", ("braid=50",)) for algorithm in ALGORITHMS]
    for algorithm, grid, size, params in cases:
        flags = [flag for param in params for flag in ("-p", param)]
        yield Spec(f"param/{algorithm}/{grid}/{size}/{','.join(params)}",
                   gen("-a", algorithm, "-g", grid, "-s", size, "--seed", "11", *flags, "-f", "json"))
    yield Spec("param/text/binary_tree/SW", gen("-a", "binary_tree", "-p", "bias=SW", "-s", "12x9", "--seed", "2"))
    yield Spec("param/png/dungeon/loops", gen("-a", "dungeon", "-s", "20x15", "--seed", "3", "-p", "loops=50",
                                              "-o", "d.png", "--solution"))


def mask_specs() -> Iterable[Spec]:
    """The shipped masks on every grid and format, text masks given as files, and a region dropped."""
    heart = ("-m", "heart", "--seed", "5")
    maze = ("-m", "maze", "--seed", "6")
    yield Spec("mask/heart/text", gen(*heart))
    yield Spec("mask/heart/json", gen(*heart, "-f", "json"))
    yield Spec("mask/heart/png-solution", gen(*heart, "-o", "h.png", "--solution"))
    yield Spec("mask/heart/svg", gen(*heart, "-a", "kruskal", "-o", "h.svg"))
    yield Spec("mask/heart/hex-json", gen(*heart, "-g", "hex", "-f", "json"))
    yield Spec("mask/heart/hex-png", gen(*heart, "-g", "hex", "-a", "wilson", "-o", "h.png", "--show", "distance"))
    yield Spec("mask/heart/triangle-png", gen(*heart, "-g", "triangle", "-o", "h.png"))
    yield Spec("mask/heart/polar-refused", gen(*heart, "-g", "polar", "-f", "json"))
    yield Spec("mask/heart/size-30x20", gen(*heart, "-s", "30x20", "-f", "json"))
    yield Spec("mask/heart/gif", gen(*heart, "-s", "16x14", "-o", "h.gif", "--fps", "5", "--max-frames", "6",
                                     "--hold", "0.4"))
    yield Spec("mask/heart/pdf-solution", gen(*heart, "-s", "16x14", "-o", "h.pdf", "--solution"))
    yield Spec("mask/maze/text", gen(*maze))
    yield Spec("mask/maze/json-wilson", gen(*maze, "-a", "wilson", "-f", "json"))
    yield Spec("mask/maze/dungeon", gen(*maze, "-a", "dungeon", "-f", "json"))
    yield Spec("mask/maze/png-longest", gen(*maze, "-a", "prim", "-o", "m.png", "--show", "longest"))
    yield Spec("mask/maze/hex-svg", gen(*maze, "-g", "hex", "-f", "svg", "--solution"))
    yield Spec("mask/maze/triangle-json", gen(*maze, "-g", "triangle", "-f", "json"))
    for algorithm in ("binary_tree", "sidewinder", "eller", "recursive_division", "blobby_division",
                      "aldous_broder", "growing_tree"):
        yield Spec(f"mask/heart/{algorithm}", gen(*heart, "-a", algorithm, "-f", "json"))
    two = (("two.txt", TWO_REGIONS),)
    yield Spec("mask/file/two-regions-text", gen("-m", "two.txt", "--seed", "1"), two)
    yield Spec("mask/file/two-regions-json-hex", gen("-m", "two.txt", "-g", "hex", "--seed", "1", "-f", "json"), two)
    yield Spec("mask/file/ring", gen("-m", "ring.txt", "--seed", "2"), (("ring.txt", RING),))
    yield Spec("mask/file/ring-sized", gen("-m", "ring.txt", "-s", "14x14", "--seed", "2", "-f", "json"),
               (("ring.txt", RING),))
    yield Spec("mask/file/empty", gen("-m", "empty.txt", "--seed", "2"), (("empty.txt", EMPTY),))
    yield Spec("mask/file/missing", gen("-m", "nowhere.txt", "--seed", "2"))
    yield Spec("mask/name/unknown", gen("-m", "nosuchmask", "--seed", "2"))


def format_specs() -> Iterable[Spec]:
    """Every ``generate`` format with its options, on every grid, plus the default size and big mazes."""
    algorithm_for = {"square": "backtracker", "hex": "prim", "triangle": "kruskal", "polar": "wilson"}
    for grid in GRIDS:
        base = ("-g", grid, "-a", algorithm_for[grid], "-s", "12x9", "--seed", "21")
        yield Spec(f"png/{grid}/distance", gen(*base, "-o", "m.png", "--show", "distance"))
        yield Spec(f"png/{grid}/longest-light", gen(*base, "-o", "m.png", "--show", "longest", "--theme", "light"))
        yield Spec(f"png/{grid}/all-dark-cell", gen(*base, "-o", "m.png", "--show", "distance", "--show", "longest",
                                                    "--solution", "--theme", "dark", "--cell", "5"))
        yield Spec(f"svg/{grid}/dark-file", gen(*base, "-o", "m.svg", "--theme", "dark"))
        yield Spec(f"pdf/{grid}/a4", gen(*base, "-o", "m.pdf"))
        yield Spec(f"pdf/{grid}/letter-solution", gen(*base, "-o", "m.pdf", "--paper", "letter", "--solution"))
        yield Spec(f"pdf/{grid}/dark", gen(*base, "-f", "pdf", "-o", "m.out", "--theme", "dark"))
        yield Spec(f"gif/{grid}/small", gen(*base, "-o", "m.gif", "--fps", "5", "--max-frames", "8", "--hold", "0.5"))
        yield Spec(f"gif/{grid}/solve-astar-light", gen(*base, "-o", "m.gif", "--fps", "4", "--seconds", "1",
                                                        "--solve", "astar", "--theme", "light", "--cell", "4"))
        yield Spec(f"webp/{grid}/small", gen(*base, "-o", "m.webp", "--fps", "4", "--seconds", "1", "--hold", "0"))
        yield Spec(f"webp/{grid}/solve-bfs", gen(*base, "-o", "m.webp", "--max-frames", "6", "--solve", "bfs"))
    for solver in SOLVERS:
        yield Spec(f"gif/square/solve-{solver}", gen("-s", "10x8", "--seed", "22", "-o", "m.gif", "--fps", "6",
                                                     "--max-frames", "10", "--solve", solver))
    yield Spec("webp/dungeon/solve-dead-end", gen("-a", "dungeon", "-s", "14x10", "--seed", "23", "-o", "m.webp",
                                                  "--max-frames", "8", "--solve", "dead_end_filling"))
    yield Spec("png/cell-1", gen("-s", "12x9", "--seed", "24", "-o", "m.png", "--cell", "1"))
    yield Spec("png/cell-2.5", gen("-g", "hex", "-s", "12x9", "--seed", "24", "-o", "m.png", "--cell", "2.5"))
    yield Spec("png/default-size", gen("--seed", "25", "-o", "m.png"))
    yield Spec("text/default-size", gen("--seed", "25"))
    yield Spec("text/file", gen("-s", "12x9", "--seed", "26", "-o", "m.txt"))
    yield Spec("text/explicit-other-ext", gen("-s", "12x9", "--seed", "26", "-f", "text", "-o", "m.dat"))
    yield Spec("json/file", gen("-s", "12x9", "--seed", "26", "-o", "m.json"))
    yield Spec("json/hex-file-upper-ext", gen("-g", "hex", "-s", "12x9", "--seed", "26", "-o", "M.JSON"))
    yield Spec("text/unknown-ext-falls-back", gen("-s", "12x9", "--seed", "26", "-o", "m.xyz"))
    yield Spec("svg/stdout-light", gen("-s", "12x9", "--seed", "26", "-f", "svg", "--theme", "light"))
    yield Spec("text/1x1", gen("-s", "1x1", "--seed", "0"))
    yield Spec("json/polar-1x1-refused", gen("-g", "polar", "-s", "1x1", "--seed", "0", "-f", "json"))
    yield Spec("json/polar-3x1", gen("-g", "polar", "-s", "3x1", "--seed", "0", "-f", "json"))
    yield Spec("text/seed-max", gen("-s", "6x5", "--seed", str(2**63 - 1)))
    yield Spec("text/1x12", gen("-s", "1x12", "--seed", "3", "-a", "eller"))
    big = ("-s", "40x30", "--seed", "40")
    yield Spec("big/text/backtracker", gen(*big))
    yield Spec("big/json/hex-wilson", gen(*big, "-g", "hex", "-a", "wilson", "-f", "json"))
    yield Spec("big/png/kruskal-distance", gen(*big, "-a", "kruskal", "-o", "m.png", "--show", "distance"))
    yield Spec("big/svg/polar-prim", gen(*big, "-g", "polar", "-a", "prim", "-f", "svg", "--solution"))
    yield Spec("big/gif/growing-tree", gen(*big, "-a", "growing_tree", "-o", "m.gif", "--fps", "10",
                                           "--max-frames", "10", "--solve", "dfs"))
    yield Spec("big/pdf/triangle-dungeon", gen(*big, "-g", "triangle", "-a", "dungeon", "-o", "m.pdf", "--solution"))
    yield Spec("big/json/eller-braid", gen(*big, "-a", "eller", "-p", "braid=40", "-f", "json"))


def command_specs() -> Iterable[Spec]:
    """worksheet, stats, lab, list, the help pages and ``play --records``."""
    sheet = ("worksheet", "--seed", "31")
    yield Spec("worksheet/n4-8x8", (*sheet, "-n", "4", "-s", "8x8", "-o", "w.pdf"))
    yield Spec("worksheet/n1-letter", (*sheet, "-n", "1", "-s", "10x6", "--paper", "letter", "-o", "w.pdf"))
    yield Spec("worksheet/n3-no-answers-dark", (*sheet, "-n", "3", "-s", "6x6", "--no-answers", "--theme", "dark",
                                                "-o", "w.pdf"))
    yield Spec("worksheet/hex-wilson", (*sheet, "-n", "4", "-g", "hex", "-a", "wilson", "-s", "7x7", "-o", "w.pdf"))
    yield Spec("worksheet/triangle", (*sheet, "-n", "2", "-g", "triangle", "-s", "8x6", "-o", "w.pdf"))
    yield Spec("worksheet/polar-param", (*sheet, "-n", "2", "-g", "polar", "-s", "6x4", "-a", "backtracker",
                                         "-p", "winding=20", "-o", "w.pdf"))
    yield Spec("worksheet/mask-heart", (*sheet, "-n", "2", "-m", "heart", "-o", "w.pdf"))
    yield Spec("worksheet/n9-default-size", (*sheet, "-n", "9", "-o", "w.pdf"))
    yield Spec("worksheet/mask-two-regions", (*sheet, "-n", "2", "-m", "two.txt", "-o", "w.pdf"),
               (("two.txt", TWO_REGIONS),))
    yield Spec("stats/backtracker", ("stats", "-s", "6x5", "-n", "3", "--jobs", "1"))
    yield Spec("stats/all", ("stats", "-a", "all", "-s", "8x6", "-n", "3", "--jobs", "1"))
    yield Spec("stats/hex-csv-json", ("stats", "-a", "prim", "-a", "kruskal", "-g", "hex", "-s", "8x6", "-n", "4",
                                      "--seed", "9", "--csv", "s.csv", "--json", "s.json", "--jobs", "1"))
    yield Spec("stats/triangle-params", ("stats", "-a", "backtracker", "-g", "triangle", "-s", "8x6", "-n", "3",
                                         "-p", "braid=50", "--csv", "s.csv", "--jobs", "1"))
    yield Spec("stats/polar-json", ("stats", "-a", "wilson", "-a", "dungeon", "-g", "polar", "-s", "8x6", "-n", "3",
                                    "--json", "s.json", "--jobs", "1"))
    yield Spec("stats/pool-2", ("stats", "-a", "prim", "-a", "backtracker", "-s", "30x20", "-n", "50",
                                "--csv", "s.csv", "--jobs", "2"))
    yield Spec("stats/plot", ("stats", "-a", "prim", "-a", "wilson", "-a", "binary_tree", "-s", "8x6", "-n", "3",
                              "--plot", "p.png", "--jobs", "1"))
    yield Spec("lab/default", ("lab", "-n", "200"))
    yield Spec("lab/csv", ("lab", "-a", "prim", "-a", "kruskal", "-n", "300", "--seed", "4", "--csv", "c.csv"))
    yield Spec("lab/hex", ("lab", "-g", "hex", "-s", "2x3", "-a", "wilson", "-a", "backtracker", "-n", "200"))
    yield Spec("lab/triangle", ("lab", "-g", "triangle", "-s", "3x2", "-a", "wilson", "-a", "hunt_and_kill",
                                "-n", "200", "--csv", "c.csv"))
    yield Spec("lab/polar", ("lab", "-g", "polar", "-s", "3x2", "-a", "aldous_broder", "-n", "200"))
    yield Spec("lab/4x3-sidewinder", ("lab", "-s", "4x3", "-a", "sidewinder", "-a", "eller", "-n", "400",
                                      "--seed", "7"))
    yield Spec("list", ("list",))
    yield Spec("help/top", ("--help",))
    for command in ("generate", "worksheet", "play", "list", "stats", "lab", "compare", "bench"):
        yield Spec(f"help/{command}", (command, "--help"))
    yield Spec("play/records-empty", ("play", "--records", "--data-dir", "data"))


def error_specs() -> Iterable[Spec]:
    """Mistakes: each must stay one line on stderr and status 2 (or what it is now)."""
    cases: list[tuple[str, tuple[str, ...]]] = [
        ("size-zero", gen("-s", "0x5")),
        ("size-word", gen("-s", "big")),
        ("size-too-big", gen("-s", "2001x3")),
        ("seed-negative", gen("--seed", "-1")),
        ("seed-word", gen("--seed", "x")),
        ("seed-too-big", gen("--seed", str(2**63))),
        ("algorithm-unknown", gen("-a", "nope", "--seed", "1")),
        ("grid-unknown", gen("-g", "cube", "--seed", "1")),
        ("format-unknown", gen("-f", "bmp", "--seed", "1")),
        ("theme-unknown", gen("-o", "m.png", "--theme", "blue", "--seed", "1")),
        ("show-unknown", gen("-o", "m.png", "--show", "everything", "--seed", "1")),
        ("cell-zero", gen("-o", "m.png", "--cell", "0", "--seed", "1")),
        ("cell-nan", gen("-o", "m.png", "--cell", "nan", "--seed", "1")),
        ("fps-zero", gen("-o", "m.gif", "--fps", "0", "--seed", "1")),
        ("seconds-too-long", gen("-o", "m.gif", "--seconds", "601", "--seed", "1")),
        ("max-frames-zero", gen("-o", "m.gif", "--max-frames", "0", "--seed", "1")),
        ("hold-too-long", gen("-o", "m.gif", "--hold", "61", "--seed", "1")),
        ("solve-unknown", gen("-o", "m.gif", "--solve", "guess", "--seed", "1")),
        ("png-needs-file", gen("-f", "png", "--seed", "1")),
        ("pdf-needs-file", gen("-f", "pdf", "--seed", "1")),
        ("solution-with-json", gen("-f", "json", "--solution", "--seed", "1")),
        ("solution-with-gif", gen("-o", "m.gif", "--solution", "--seed", "1")),
        ("show-with-svg", gen("-f", "svg", "--show", "distance", "--seed", "1")),
        ("paper-with-png", gen("-o", "m.png", "--paper", "a4", "--seed", "1")),
        ("solve-with-png", gen("-o", "m.png", "--solve", "bfs", "--seed", "1")),
        ("fps-with-text", gen("--fps", "3", "--seed", "1")),
        ("theme-with-text", gen("--theme", "dark", "--seed", "1")),
        ("folder-missing", gen("-o", "nowhere/m.png", "--seed", "1")),
        ("output-slash", gen("-o", "m/", "--seed", "1")),
        ("output-empty", gen("-o", "", "--seed", "1")),
        ("param-unknown", gen("-p", "speed=3", "--seed", "1")),
        ("param-no-equals", gen("-p", "winding", "--seed", "1")),
        ("param-out-of-range", gen("-p", "winding=101", "--seed", "1")),
        ("param-word", gen("-p", "winding=lots", "--seed", "1")),
        ("param-bias", gen("-a", "binary_tree", "-p", "bias=UP", "--seed", "1")),
        ("param-selection", gen("-a", "growing_tree", "-p", "selection=sideways", "--seed", "1")),
        ("param-braid-negative", gen("-p", "braid=-1", "--seed", "1")),
        ("param-room-order", gen("-a", "dungeon", "-p", "room_min=6", "-p", "room_max=2", "--seed", "1")),
        ("option-before-command", ("--seed", "1", "generate")),
        ("command-unknown", ("draw",)),
        ("option-unknown", gen("--colour", "red")),
        ("worksheet-no-output", ("worksheet", "--seed", "1")),
        ("worksheet-count-zero", ("worksheet", "--seed", "1", "-n", "0", "-o", "w.pdf")),
        ("worksheet-count-too-many", ("worksheet", "--seed", "1", "-n", "49", "-o", "w.pdf")),
        ("worksheet-grid-refused", ("worksheet", "--seed", "1", "-a", "eller", "-g", "hex", "-o", "w.pdf")),
        ("worksheet-folder-missing", ("worksheet", "--seed", "1", "-o", "nowhere/w.pdf")),
        ("stats-algorithm-unknown", ("stats", "-a", "nope", "-n", "2", "--jobs", "1")),
        ("stats-jobs-word", ("stats", "--jobs", "many")),
        ("stats-samples-zero", ("stats", "-n", "0", "--jobs", "1")),
        ("stats-csv-folder-missing", ("stats", "-n", "2", "-s", "5x5", "--csv", "nowhere/s.csv", "--jobs", "1")),
        ("lab-too-big", ("lab", "-s", "5x5", "-n", "10")),
        ("lab-grid-refused", ("lab", "-g", "hex", "-s", "2x2", "-a", "sidewinder", "-n", "10")),
        ("compare-one-pane", ("compare", "-a", "prim", "--seed", "1")),
        ("compare-five-panes", ("compare", *[flag for name in ALGORITHMS[:5] for flag in ("-a", name)])),
        ("compare-param-first", ("compare", "-p", "winding=3", "-a", "backtracker")),
        ("play-algorithm-unknown", ("play", "-a", "nope")),
        ("play-ghost-unknown", ("play", "--ghost", "scary")),
        ("bench-sizes-word", ("bench", "--sizes", "big", "--no-window")),
        ("bench-sizes-zero", ("bench", "--sizes", "0", "--no-window")),
        ("bench-algorithm-unknown", ("bench", "--sizes", "5", "-a", "nope", "--no-window")),
    ]
    for name, args in cases:
        yield Spec(f"error/{name}", args)


def build_specs() -> list[Spec]:
    """The fixed list of specs, in a fixed order; names are unique."""
    specs = [*matrix_specs(), *param_specs(), *mask_specs(), *format_specs(), *command_specs(), *error_specs()]
    names = [spec.name for spec in specs]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise SystemExit(f"duplicate spec names: {', '.join(duplicates)}")
    return specs


@dataclass(frozen=True)
class Runner:
    """How to run one spec: the interpreter, the tree under test and the environment."""

    python: str
    tree: Path

    def env(self, work: Path) -> dict[str, str]:
        """Headless SDL, a fixed terminal width for argparse's help, nothing written to the user's data."""
        env = dict(os.environ)
        for name in ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "MAZE_VISUALIZER_DATA"):
            env.pop(name, None)
        env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "COLUMNS": "80", "LINES": "24",
                    "PYTHONIOENCODING": "utf-8", "MAZE_VISUALIZER_DATA": str(work / "data-env")})
        return env

    def command(self, args: Sequence[str]) -> list[str]:
        return [self.python, "-c", BOOTSTRAP, str(self.tree), *args]

    def probe(self) -> dict[str, Any]:
        """Which package runs and the library versions; refuses a ``visualizer`` from outside the tree."""
        with tempfile.TemporaryDirectory(prefix="fingerprint-probe-") as tmp:
            code = BOOTSTRAP.replace("runpy._run_module_as_main('visualizer', alter_argv=True)", PROBE)
            proc = subprocess.run([self.python, "-c", code, str(self.tree)], cwd=tmp, env=self.env(Path(tmp)),
                                  capture_output=True, text=True, timeout=TIMEOUT)
        if proc.returncode != 0:
            raise SystemExit(f"cannot import visualizer from {self.tree} with {self.python}:\n{proc.stderr}")
        info: dict[str, Any] = json.loads(proc.stdout)
        package = Path(info.pop("package")).resolve()
        if self.tree.resolve() not in package.parents:
            raise SystemExit(f"visualizer comes from {package}, not from the tree {self.tree}")
        return info

    def run(self, spec: Spec) -> dict[str, Any]:
        """Run one spec in a fresh folder and fingerprint everything it produced."""
        with tempfile.TemporaryDirectory(prefix="fingerprint-") as tmp:
            work = Path(tmp) / "work"
            work.mkdir()
            for name, text in spec.inputs:
                (work / name).write_text(text, encoding="utf-8")
            try:
                proc = subprocess.run(self.command(spec.args), cwd=work, env=self.env(work), capture_output=True,
                                      timeout=TIMEOUT, stdin=subprocess.DEVNULL)
                status: int | str = proc.returncode
                stdout, stderr = proc.stdout, proc.stderr
            except subprocess.TimeoutExpired as err:
                status, stdout, stderr = "timeout", err.stdout or b"", err.stderr or b""
            inputs = {name for name, _ in spec.inputs}
            files = {path.relative_to(work).as_posix(): sha256(path.read_bytes())
                     for path in sorted(work.rglob("*"))
                     if path.is_file() and path.relative_to(work).as_posix() not in inputs}
            places = {work: "<TMP>", Path(tmp): "<TMPROOT>", self.tree: "<TREE>"}
            stdout = normalise(stdout, places)
            return {"status": status, "stdout_sha256": sha256(stdout), "stdout_bytes": len(stdout),
                    "stderr": normalise(stderr, places).decode("utf-8", errors="backslashreplace"), "files": files}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def normalise(data: bytes, places: dict[Path, str]) -> bytes:
    """Temporary folders and the tree's own path as placeholders, so that runs in other places compare."""
    spellings = sorted({(os.fsencode(spelling), os.fsencode(mark)) for path, mark in places.items()
                        for spelling in (str(path), str(path.resolve()))}, key=lambda item: -len(item[0]))
    for spelling, mark in spellings:
        data = data.replace(spelling, mark)
    return data


def run_all(runner: Runner, specs: list[Spec], jobs: int) -> list[dict[str, Any]]:
    """Every spec's fingerprint, in the specs' order; a thread per job, each waiting on its subprocess."""
    done = 0
    started = time.monotonic()

    def one(spec: Spec) -> dict[str, Any]:
        nonlocal done
        result = runner.run(spec)
        done += 1
        if done % 50 == 0 or done == len(specs):
            print(f"  {done}/{len(specs)} specs, {time.monotonic() - started:.0f} s", file=sys.stderr)
        return result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, specs))


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What changed between two fingerprints, in words short enough for one line."""
    found = []
    if old["status"] != new["status"]:
        found.append(f"status {old['status']} -> {new['status']}")
    if old["stdout_sha256"] != new["stdout_sha256"]:
        found.append(f"stdout ({old['stdout_bytes']} -> {new['stdout_bytes']} bytes)")
    if old["stderr"] != new["stderr"]:
        found.append(f"stderr {new['stderr'].strip()[:160]!r} (was {old['stderr'].strip()[:160]!r})")
    for name in sorted(set(old["files"]) | set(new["files"])):
        if name not in new["files"]:
            found.append(f"file {name} missing")
        elif name not in old["files"]:
            found.append(f"file {name} new")
        elif old["files"][name] != new["files"][name]:
            found.append(f"file {name} differs")
    return found


def cmd_record(args: argparse.Namespace) -> int:
    runner = Runner(args.python, Path.cwd())
    info = runner.probe()
    specs = build_specs()
    started = time.monotonic()
    results = run_all(runner, specs, args.jobs)
    seconds = time.monotonic() - started
    data = {"format": FORMAT_VERSION, "recorded_from": str(runner.tree), **info,
            "specs": [{**spec.to_json(), "fingerprint": result} for spec, result in zip(specs, results)]}
    Path(args.file).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    timeouts = sum(result["status"] == "timeout" for result in results)
    print(f"{len(specs)} specs recorded to {args.file} in {seconds:.0f} s" + (f", {timeouts} timed out" if timeouts
                                                                             else ""))
    return 1 if timeouts else 0


def cmd_check(args: argparse.Namespace) -> int:
    data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    if data.get("format") != FORMAT_VERSION:
        raise SystemExit(f"{args.file}: not a fingerprint file of format {FORMAT_VERSION}")
    runner = Runner(args.python, Path.cwd())
    info = runner.probe()
    for key in ("python", "versions"):
        if info[key] != data.get(key):
            print(f"warning: {key} differs from the recording ({data.get(key)} -> {info[key]}): "
                  "outputs may differ for that reason alone", file=sys.stderr)
    entries = data["specs"]
    specs = [Spec.from_json(entry) for entry in entries]
    if [spec.to_json() for spec in specs] != [spec.to_json() for spec in build_specs()]:
        print("warning: the script's spec list has changed since the recording; checking the recorded specs",
              file=sys.stderr)
    started = time.monotonic()
    results = run_all(runner, specs, args.jobs)
    seconds = time.monotonic() - started
    differing = 0
    for spec, entry, result in zip(specs, entries, results):
        found = differences(entry["fingerprint"], result)
        if found:
            differing += 1
            print(f"DIFF {spec.name}: {'; '.join(found)}  [{' '.join(spec.args)}]")
    print(f"{len(specs)} specs, {differing} differ ({seconds:.0f} s)")
    return 1 if differing else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("record", "run every spec and write the fingerprints"),
                            ("check", "rerun the recorded specs and report those that differ")):
        command = sub.add_parser(name, help=help_text)
        command.add_argument("file", metavar="OUT.json")
        command.add_argument("--python", default=DEFAULT_PYTHON, help=f"interpreter to run (default: {DEFAULT_PYTHON})")
        command.add_argument("--jobs", "-j", type=int, default=2, help="specs run at once (default: 2)")
    args = parser.parse_args(argv)
    return cmd_record(args) if args.command == "record" else cmd_check(args)


if __name__ == "__main__":
    sys.exit(main())
