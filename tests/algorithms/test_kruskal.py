"""Kruskal's algorithm: its quiet union-find joins exactly what its shown sets join."""

import pytest
from helpers import streams

from visualizer.core.events import Kind
from visualizer.run.spec import MazeSpec


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_kruskal_quiet_union_find_joins_what_the_shown_sets_join(kind):
    """Kruskal's quiet union-find (union by size, path halving) and the shown sets (recoloured as
    they merge) are different structures; every decision only asks whether two cells are joined,
    so the carves must match on every grid, masked ones included."""
    from visualizer.grids import Mask

    mask = Mask(("..X......", ".........", "....XX...", "X........"), "holes")
    for seed in range(10):
        spec = MazeSpec("kruskal", kind, 9, 7, seed, mask=mask if kind != "polar" else None)
        shown, quiet = streams(spec)
        assert [e for e in shown if e[0] == Kind.CARVE] == quiet


@pytest.mark.parametrize("kind", ["square", "hex", "triangle"])
def test_kruskal_paints_both_cells_of_every_carve_in_one_colour(kind):
    """What the student watches: after each carve and the recolouring that follows it, the two
    cells it joined show the same set's colour (a lone cell too, the first time it joins), and
    the finished maze is one set, every cell painted in its colour."""
    for seed in range(6):
        colour: dict[int, int] = {}
        pending = None
        for event in MazeSpec("kruskal", kind, 9, 7, seed).events(show=True):
            if event[0] != Kind.SET and pending is not None:
                a, b = pending
                assert a in colour and colour.get(a) == colour.get(b), (seed, pending)
                pending = None
            if event[0] == Kind.CARVE:
                pending = (event[1], event[2])
            elif event[0] == Kind.SET:
                colour[event[1]] = event[3]
        assert len(colour) == 9 * 7 and len(set(colour.values())) == 1


PEAK_SCRIPT = """
import sys
from visualizer.run.spec import MazeSpec
MazeSpec("kruskal", "square", 1000, 1000, 1).build()
status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines() if ":" in line)
print(int(status["VmHWM"].split()[0]) / 1024)
"""


def test_a_million_cell_kruskal_maze_peaks_under_200_mb():
    """Peak RSS of a child building it (it was 259 MB: the shuffle's and the spanning tree's
    working arrays all at once, and every carve as Python ints); 2000 x 2000 is the bench's row."""
    import os
    import subprocess
    import sys

    import pytest

    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs /proc (VmHWM) to read the peak")
    done = subprocess.run([sys.executable, "-c", PEAK_SCRIPT], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.strip()) < 200
