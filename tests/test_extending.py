"""Adding a grid, an algorithm, a solver, an export format or a scene is one new module plus one
registry entry, and nothing else: each throwaway module below is written into a package of its own
(outside ``visualizer``), put into the real registry for one test, and used end to end the way a
user would (the command line, a run, the window)."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from helpers import is_spanning_tree, passages_are_symmetric

from visualizer.algorithms import ALGORITHMS
from visualizer.app.scenes import SCENES
from visualizer.app.shell import Shell
from visualizer.cli import main
from visualizer.core.narration import Narration
from visualizer.export.formats import FORMATS, Format
from visualizer.export.json_io import loads
from visualizer.grids import GRIDS
from visualizer.run.session import DONE, Run
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, shortest_path

PACKAGE = "extensions"

GRID_MODULE = '''
"""Star cells: squares that also touch at their corners (eight neighbours), drawn as text one
digit a cell, the number of passages it has."""

from visualizer.grids import Grid


class StarGrid(Grid):
    kind = "star"
    directions = 8
    direction_names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    entrance_direction = 0
    exit_direction = 4
    STEPS = (((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)),) * 2

    def distance(self, a, b):
        (ax, ay), (bx, by) = self.coords(a), self.coords(b)
        return max(abs(ax - bx), abs(ay - by))

    @classmethod
    def span_for(cls, width, height):
        return width, height

    def text_lines(self, maze, holes=None):
        return ["".join(str(len(maze.open_neighbours(self.cell(x, y)))) for x in range(self.width))
                for y in range(self.height)]
'''

ALGORITHM_MODULE = '''
"""Wave: a random breadth-first tree. Cells join in the order a queue reaches them, each carved
from the cell that reached it: short, bushy paths."""

from collections import deque

from visualizer.algorithms.base import Algorithm
from visualizer.core.events import Kind
from visualizer.core.narration import Code, Narrator, Told


def wave(grid, rng, *, show=True):
    start = rng.randrange(grid.size)
    seen = bytearray(grid.size)
    seen[start] = 1
    yield (Kind.CARVE, start, -1, -1)
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        options = list(grid.free_neighbours(cell, seen))
        rng.shuffle(options)
        for d, nb in options:
            seen[nb] = 1
            queue.append(nb)
            yield (Kind.CARVE, cell, nb, d)


class WaveNarrator(Narrator):
    code = Code(
        start="queue a random cell",
        loop="while the queue is not empty:",
        take="  cell = take the first cell out of the queue",
        carve="  carve into each unvisited neighbour, queue it",
    )

    def tell_carve(self, cell, other, value):
        if other < 0:
            return Told(self.code.start, f"Start at {self.name(cell)}: it is the first cell queued")
        return Told(self.code.carve, f"Carve {self.direction(value)} from {self.name(cell)} into "
                                     f"{self.name(other)} and queue it")


ALGORITHM = Algorithm(name="wave", func=wave, narrator=WaveNarrator,
                      description="Wave: a random breadth-first tree; short, bushy paths.")
'''

SOLVER_MODULE = '''
"""Backwards: a breadth-first search from the goal until it reaches the start."""

from collections import deque

from visualizer.core.events import Kind
from visualizer.core.narration import Code, Told
from visualizer.solvers.base import Solver, SolverNarrator, announce_path, path_from


def backwards(maze, start, goal, show=True):
    came_from = {goal: -1}
    queue = deque([goal])
    yield (Kind.SEARCH, goal, -1, -1)
    while queue and start not in came_from:
        cell = queue.popleft()
        for nb in maze.open_neighbours(cell):
            if nb not in came_from:
                came_from[nb] = cell
                queue.append(nb)
                yield (Kind.SEARCH, nb, cell, -1)
    return (yield from announce_path(path_from(came_from, start)[::-1]))


class BackwardsNarrator(SolverNarrator):
    code = Code(
        goal="put the goal in the queue",
        loop="until the start is reached:",
        take="  take the first cell out of the queue",
        reach="  queue its open neighbours not reached yet",
        path="walk the notes from the start to the goal",
    )

    def tell_search(self, cell, other, value):
        if other < 0:
            return Told(self.code.goal, f"Start from the goal, {self.name(cell)}")
        return Told(self.code.reach, f"{self.name(cell)} is reached from {self.name(other)}")


SOLVER = Solver("backwards", backwards, "Backwards: breadth-first from the goal to the start.",
                title="Backwards search", narrator=BackwardsNarrator)
'''

FORMAT_MODULE = '''
"""Passages: the recipe, then one line per passage (two cell ids)."""


def write(maze, spec, options):
    lines = [f"{spec.algorithm} {spec.grid} {spec.width}x{spec.height} seed {spec.seed}"]
    lines += [f"{a} {b}" for a, b in sorted(maze.passage_list())]
    return "\\n".join(lines) + "\\n"
'''

SCENE_MODULE = '''
"""Hello: a scene that fills the board's place with one colour and says hello in the panel."""

from visualizer.app.keys import KeyTable
from visualizer.app.scene import Scene

COLOUR = (10, 200, 30)


class HelloScene(Scene):
    name = "hello"
    keys = KeyTable(())

    def draw_on_screen(self, surface, view):
        surface.fill(COLOUR, view)

    def panel_lines(self):
        return [("Hello", "a scene of one module")]
'''


@pytest.fixture
def add_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator:
    """Write a module into a package of its own under ``tmp_path`` and import it."""
    (tmp_path / PACKAGE).mkdir()
    (tmp_path / PACKAGE / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))

    def add(name: str, source: str) -> ModuleType:
        (tmp_path / PACKAGE / f"{name}.py").write_text(textwrap.dedent(source))
        importlib.invalidate_caches()
        return importlib.import_module(f"{PACKAGE}.{name}")

    yield add
    for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run the command line in-process; its standard output (it must succeed, silently on stderr)."""
    status = main(list(args))
    captured = capsys.readouterr()
    assert (status, captured.err) == (0, ""), captured.err
    return captured.out


def test_a_new_grid_is_used_by_the_generators_and_exports_to_text_and_json(add_module, monkeypatch, capsys):
    star = add_module("star_grid", GRID_MODULE).StarGrid
    monkeypatch.setitem(GRIDS, star.kind, star)
    text = cli(capsys, "generate", "-a", "backtracker", "-g", "star", "-s", "6x4", "--seed", "3")
    maze = MazeSpec("backtracker", "star", 6, 4, 3).build()
    assert text.splitlines() == maze.grid.text_lines(maze) and len(text.splitlines()) == 4
    again, spec = loads(cli(capsys, "generate", "-a", "backtracker", "-g", "star", "-s", "6x4", "--seed", "3",
                            "-f", "json"))
    assert isinstance(again.grid, star) and spec.grid == "star" and again.same_as(maze)
    takers = [name for name, info in ALGORITHMS.items() if info.supports("star")]
    assert {"backtracker", "prim", "kruskal", "wilson", "growing_tree"} <= set(takers)
    for name in takers:
        built = MazeSpec(name, "star", 7, 5, 2).build()
        assert passages_are_symmetric(built) and (is_spanning_tree(built) or not ALGORITHMS[name].perfect)


def test_a_new_algorithm_is_listed_and_generates_a_spanning_tree(add_module, monkeypatch, capsys):
    module = add_module("wave", ALGORITHM_MODULE)
    monkeypatch.setitem(ALGORITHMS, "wave", module.ALGORITHM)
    listing = cli(capsys, "list")
    assert "wave  [square + hex + triangle + polar; perfect maze]" in listing
    assert "    Wave: a random breadth-first tree; short, bushy paths." in listing
    for kind in GRIDS:
        maze, spec = loads(cli(capsys, "generate", "-a", "wave", "-g", kind, "-s", "9x7", "--seed", "5", "-f", "json"))
        assert spec.algorithm == "wave" and is_spanning_tree(maze) and passages_are_symmetric(maze)
    spec = MazeSpec("wave", "hex", 6, 5, 1)
    narration = Narration(module.WaveNarrator(spec.make_grid()))
    narration.fold(spec.events())
    assert narration.code[narration.lit].strip().startswith("carve") and "queue it" in narration.sentences[-1]


def test_a_new_solver_solves_in_a_run_and_explains_itself(add_module, monkeypatch):
    module = add_module("backwards", SOLVER_MODULE)
    monkeypatch.setitem(SOLVERS, "backwards", module.SOLVER)
    run = Run(MazeSpec("kruskal", "square", 12, 9, 4, {"braid": 50}))
    run.solve("backwards")
    while run.stage != DONE:
        run.step(50)
    path = run.solution
    assert path is not None and (path[0], path[-1]) == (run.maze.entrance[0], run.maze.exit[0])
    assert all(b in run.maze.open_neighbours(a) for a, b in zip(path, path[1:]))
    assert len(path) == len(shortest_path(run.maze))  # breadth-first from either end: a shortest way
    narration = Narration(module.BackwardsNarrator(run.grid, {"goal": run.maze.exit[0]}))
    narration.fold(run.solver_log)
    assert narration.code[narration.lit] == "walk the notes from the start to the goal"


def test_a_new_format_is_written_by_the_extension_of_the_output_file(add_module, monkeypatch, capsys, tmp_path):
    add_module("passages", FORMAT_MODULE)
    monkeypatch.setitem(FORMATS, "passages", Format("passages", (".pass",), f"{PACKAGE}.passages", None))
    out = tmp_path / "x.pass"
    cli(capsys, "generate", "-a", "prim", "-s", "5x4", "--seed", "2", "-o", str(out))
    maze = MazeSpec("prim", "square", 5, 4, 2).build()
    lines = out.read_text().splitlines()
    assert lines[0] == "prim square 5x4 seed 2" and len(lines) == 1 + maze.passage_count()
    assert cli(capsys, "generate", "-a", "prim", "-s", "5x4", "--seed", "2", "-f", "passages") == out.read_text()


def test_a_new_scene_opens_in_the_window(add_module, monkeypatch, screen):
    module = add_module("hello", SCENE_MODULE)
    monkeypatch.setitem(SCENES, "hello", module.HelloScene)
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 1), screen=screen)
    shell.frame([], 0.0)
    shell.open_scene("hello")
    shell.frame([], 1 / 60)
    assert isinstance(shell.scene, module.HelloScene)
    assert screen.get_at(shell.view_rect().center)[:3] == module.COLOUR
    shell.close_scene()
    shell.frame([], 1 / 60)
    assert shell.scene is shell.base
