"""The teaching layer's words: every event of every generator and solver, on every grid each runs
on, comes from a real pseudocode line and reads as a sentence; explaining changes no maze."""

import ast
import hashlib
import inspect
import keyword
import re
import sys
import textwrap

import pytest
from helpers import at_least
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.algorithms.dungeon import DungeonNarrator
from visualizer.algorithms.unicursal import UnicursalNarrator
from visualizer.core.events import Kind, changes_maze, expand
from visualizer.core.maze import Maze
from visualizer.core.narration import DATA_ITEMS, Code, Narration, Narrator
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS

PAIRS = [(name, kind) for name, info in ALGORITHMS.items() for kind in info.grid_names]
PLACEHOLDER = re.compile(r"None|\{|\}|-1\b|\(\)|TODO|\?\?|  ")


def narration_for(spec: MazeSpec) -> Narration:
    info = spec.info
    assert info.narrator is not None, f"{info.name} has no narrator"
    grid = spec.make_grid()
    return Narration(info.narrator(grid, info.resolve(spec.params)), BraidNarrator(grid))


def record_lines(narrator: Narrator, said: list) -> None:
    """Note each line ``narrator`` names, with the code on screen once it is told."""
    tell = narrator.tell

    def telling(event):
        told = tell(event)
        said.append((told.line, narrator.shown_code))
        return told

    narrator.tell = telling  # type: ignore[method-assign]


def check_told(narration: Narration, events) -> int:
    """Fold ``events`` one by one, checking each lights a real line of the code on screen (the
    very line the narrator named, not one at the same place elsewhere) and says a real sentence."""
    told = 0
    said: list = []
    for narrator in {narration.narrator, narration.braid} - {None}:
        record_lines(narrator, said)
    for event in events:
        narration.fold([event])
        line, shown = said[-1]
        assert shown[line.index] is line and narration.code[narration.lit] == line.text, (event, line, shown)
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
    assert all(line.strip() for line in narrator.code.texts)


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


NARRATORS = sorted({info.narrator for info in [*ALGORITHMS.values(), *SOLVERS.values()]}
                   | {BraidNarrator, UnicursalNarrator},
                   key=lambda cls: cls.__name__)
SHOWN_CODE = {**{name: info.narrator.code for name, info in ALGORITHMS.items()},
              **{"solver " + name: info.narrator.code for name, info in SOLVERS.items()},
              "braid": BraidNarrator.code, "unicursal": UnicursalNarrator.code,
              **{"dungeon " + phase: code for phase, code in DungeonNarrator.phase_code.items()}}
PSEUDOCODE_DIGESTS = {
    "backtracker": "bcc98372c0ba9713", "prim": "12ce9a2435f9a2fc", "dungeon": "db00943388d1460f",
    "binary_tree": "f942bcbd0fc3802a", "sidewinder": "02089511e076ec76", "aldous_broder": "78f4f472b33b83b7",
    "wilson": "a3f7ad826318bf6e", "hunt_and_kill": "109d666f28f028fd", "kruskal": "f0589f452a6e3be7",
    "prim_true": "b70d5db811874faf", "prim_simplified": "9fff28b273e43b74", "growing_tree": "a3e721a8ed530518",
    "eller": "4c3fdaa0a88713b3", "recursive_division": "3180ce3e62a6cb7a", "blobby_division": "206e7a714f5b4214",
    "solver bfs": "0bdd480bb6733203", "solver astar": "2340af7edc13c76a", "solver dfs": "52f4256770698700",
    "solver wall_right": "aec8c6b6332f22a3", "solver wall_left": "fede4e494795f7f2",
    "solver dead_end_filling": "b2c1604a3df8e7d9", "braid": "566db3ece41a993f",
    "dungeon rooms": "2759bef8ff8333e3", "dungeon maze": "506d0af2e3ce3350", "dungeon connect": "236352009fbbc221",
    "dungeon prune": "8031522155196457",
    "cellular_automaton": "5afb805699ee69d3",
    "unicursal": "130f5c48c7512ee5",
    "fractal": "954f0f84c8998319",
    "solver tremaux": "81349a508cb33068",
    "solver pledge": "5b14c7c4ac2618ff",
    "solver random_mouse": "1b339fbd0e9ab8b7",
    "solver bidirectional": "10062d9d81967b1c",
    "solver cul_de_sac": "daae18fd5218b658",
    "solver dijkstra": "16945aac7ee7e867",
    "origin_shift": "753e9e61e79f03b4",
    "houston": "8c6ecf3d5134c3a1",
    "growing_binary_tree": "d8125c8699236ced",
    "parallel_backtracker": "bc0d237c352bcb72",
    "bsp": "191bbaf39a9e02df",
    "caves": "4f53eb083b4c6058",
    "drunkard": "e4eb73026ff6854b",
    "wfc": "b5075a0ad0486bc3",
    "rooms_corridors": "23924fb294f001fe",
}
"""The pseudocode each panel shows, line by line (sha-256 of the lines joined by newlines): naming
the lines changed none of them. A deliberate change to a text updates its digest here."""


@pytest.mark.parametrize("name", list(SHOWN_CODE))
def test_the_pseudocode_on_screen_reads_as_it_did_before_its_lines_had_names(name):
    text = "\n".join(SHOWN_CODE[name].texts)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == PSEUDOCODE_DIGESTS[name], text
    assert set(PSEUDOCODE_DIGESTS) == set(SHOWN_CODE)


def lines_named(cls: type[Narrator]) -> list[tuple[Code, str]]:
    """Every ``self.code.NAME`` and ``SOME_CODE.NAME`` in the methods ``cls`` has (its own and
    inherited), with the code the name must be a line of."""
    named = []
    for klass in cls.__mro__[:cls.__mro__.index(Narrator)]:
        module = vars(sys.modules[klass.__module__])
        for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(klass)))):
            if not isinstance(node, ast.Attribute):
                continue
            owner = node.value
            if isinstance(owner, ast.Attribute) and owner.attr == "code" and getattr(owner.value, "id", "") == "self":
                named.append((cls.code, node.attr))
            elif isinstance(owner, ast.Name) and isinstance(module.get(owner.id), Code):
                named.append((module[owner.id], node.attr))
    return named


@pytest.mark.parametrize("narrator", NARRATORS, ids=lambda cls: cls.__name__)
def test_every_line_a_narrator_names_is_a_line_of_its_code(narrator):
    """Checked in the source, so a branch no test run reaches cannot name a missing line (a
    subclass with its own code, such as simplified Prim's, must have every line its base names)."""
    named = lines_named(narrator)
    assert named, narrator
    missing = [(name, code.names) for code, name in named
               if name not in code.names and not hasattr(Code, name)]
    assert not missing, missing


IDENTIFIERS = st.from_regex(r"[a-z][a-z_]{0,8}", fullmatch=True).filter(
    lambda name: not keyword.iskeyword(name) and not hasattr(Code, name))


@given(lines=st.dictionaries(IDENTIFIERS, st.text(min_size=1, max_size=20), max_size=12))
def test_a_line_is_found_by_its_name_at_its_place(lines):
    code = Code(**lines)
    assert code.texts == tuple(lines.values()) and code.names == tuple(lines)
    for index, (name, text) in enumerate(lines.items()):
        line = getattr(code, name)
        assert code[index] is line and (line.index, line.text, line.name) == (index, text, name)
        assert code.matching(line) is line


def test_a_missing_or_clashing_line_name_is_refused_in_words():
    code = Code(start="begin", loop="while:")
    with pytest.raises(AttributeError, match="no pseudocode line named 'stop' \\(lines: start, loop\\)"):
        _ = code.stop
    with pytest.raises(ValueError, match="clash"):
        Code(count="count the cells")


@pytest.mark.parametrize("name", ["caves", "cellular_automaton", "kruskal", "prim_true"])
def test_a_step_of_thousands_of_events_names_a_bounded_number_of_cells_per_event(name, monkeypatch):
    """A cave generation is one step of thousands of events: each sentence names at most a few
    cells (the rest counted), so telling the step costs the same per event as a step of two (it
    named every cell of the step so far, for every event: a quiz question took seconds)."""
    spec = MazeSpec(name, "square", 60, 40, 1)
    narration = narration_for(spec)
    events = list(spec.events())
    named = 0
    cell_name = narration.narrator.grid.cell_name

    def counting(cell):
        nonlocal named
        named += 1
        return cell_name(cell)

    monkeypatch.setattr(narration.narrator.grid, "cell_name", counting)
    narrator = narration.narrator
    so_far = narrator.so_far
    copies = 0

    def shared(cell):
        nonlocal copies
        cells = so_far(cell)
        copies += cells is not narrator.step.distinct and len(cells) > 1
        return cells

    monkeypatch.setattr(narrator, "so_far", shared)
    narration.fold(events)
    assert named <= (DATA_ITEMS + 4) * len(events), (named, len(events))
    assert copies == 0  # the step's cells are the step's own list, not a copy made again every event
