"""The teaching layer's words: every event of every generator and solver, on every grid each runs
on, comes from a real pseudocode line and reads as a sentence; explaining changes no maze."""

import re

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.core.events import Kind, changes_maze, expand
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration, Narrator
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS

PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]
PLACEHOLDER = re.compile(r"None|\{|\}|-1\b|\(\)|TODO|\?\?|  ")


def narration_for(spec: MazeSpec) -> Narration:
    info = spec.info
    assert info.narrator is not None, f"{info.name} has no narrator"
    grid = spec.make_grid()
    return Narration(info.narrator(grid, info.resolve(spec.params)), BraidNarrator(grid))


def check_told(narration: Narration, events) -> int:
    """Fold ``events`` one by one, checking each lights a real line and says a real sentence."""
    told = 0
    for event in events:
        narration.fold([event])
        code = narration.code
        assert 4 <= len(code) <= 12, code
        assert 0 <= narration.lit < len(code), (event, narration.lit, code)
        sentence = narration.detail or narration.sentences[-1]
        assert len(sentence) >= 12 and not PLACEHOLDER.search(sentence), (event, sentence)
        told += 1
    return told


@pytest.mark.parametrize(("name", "kind"), PAIRS)
def test_every_generator_event_has_a_line_and_a_sentence(name, kind):
    for seed, size, params in ((1, (7, 5), {}), (2, (4, 4), {}), (3, (9, 6), {"braid": 100}), (4, (1, 3), {})):
        spec = MazeSpec(name, kind, *at_least(kind, *size), seed, params)
        assert check_told(narration_for(spec), spec.events()) > 0


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_every_algorithm_has_a_title_in_words_and_pseudocode(name):
    info = ALGORITHMS[name]
    assert "_" not in info.title and info.title[0].isupper(), info.title
    narrator = info.narrator
    assert narrator is not None and issubclass(narrator, Narrator)
    assert all(line.strip() for line in narrator.code)


@settings(max_examples=40, deadline=None)
@given(pair=st.sampled_from(PAIRS), seed=st.integers(0, 10**6), w=st.integers(1, 12), h=st.integers(1, 9),
       braid=st.sampled_from([0, 0, 50]))
def test_explaining_changes_no_maze(pair, seed, w, h, braid):
    """The events that only explain (shown in the window) leave the maze exactly as the quiet
    stream builds it, and the quiet stream is the shown one without them."""
    name, kind = pair
    spec = MazeSpec(name, kind, *at_least(kind, w, h), seed, {"braid": braid} if braid else {})
    shown = list(spec.events(show=True))
    quiet = list(expand(spec.events(show=False)))
    assert [e for e in shown if changes_maze(e)] == [e for e in quiet if changes_maze(e)]
    grid = spec.make_grid()
    assert Maze(grid).fold(iter(shown)).same_as(spec.build())
    check_told(narration_for(spec), shown)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), w=st.integers(1, 14), h=st.integers(1, 10), kind=st.sampled_from(["square", "hex"]))
def test_kruskal_rejects_exactly_the_walls_between_joined_cells(seed, w, h, kind):
    """Every wall Kruskal looks at is either carved (its cells were apart) or kept with a REJECT
    (they were already joined); no wall is looked at twice, and it stops at one set."""
    spec = MazeSpec("kruskal", kind, *at_least(kind, w, h), seed)
    parent = list(range(w * h))

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    looked = set()
    carves = 0
    for kind_, cell, other, _ in spec.events():
        if kind_ in (Kind.CARVE, Kind.REJECT) and other >= 0:
            wall = (min(cell, other), max(cell, other))
            assert wall not in looked
            looked.add(wall)
            joined = find(cell) == find(other)
            assert joined == (kind_ == Kind.REJECT)
            if not joined:
                parent[find(cell)] = find(other)
                carves += 1
    assert carves == w * h - 1


def solver_pairs():
    specs = [MazeSpec("backtracker", "square", 9, 7, 3), MazeSpec("prim", "hex", 8, 6, 4),
             MazeSpec("kruskal", "square", 8, 8, 5, {"braid": 100}), MazeSpec("dungeon", "square", 15, 11, 6),
             MazeSpec("wilson", "hex", 1, 5, 7)]
    return [(solver, spec) for solver in SOLVERS for spec in specs]


@pytest.mark.parametrize(("solver", "spec"), solver_pairs())
def test_every_solver_event_has_a_line_and_a_sentence(solver, spec):
    info = SOLVERS[solver]
    assert info.narrator is not None and info.title and "_" not in info.title
    maze = spec.build()
    narration = Narration(info.narrator(maze.grid))
    assert check_told(narration, info.run(maze)) > 0
