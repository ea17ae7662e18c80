"""What the class reads adds up: on every generator and solver, on several grids and seeds, the
words beside the board agree with the data rows under them and with the board itself.

The window shows a step's sentence and, under it, "then: " and the sentence of the newest event
that continued the step (:class:`Narration`'s ``detail``). Three rules, checked at every event:

- the cells the detail names are cells the step's events touched;
- a detail about one of several events of a kind in a step (two cells put on the frontier, ten
  cells relabelled) names them all or says how many: "now 51 frontier cells" after "49 left" must
  come with the two cells, not one;
- a count stated with a data row's words ("49 frontier cells", "6 active cells") is that row's
  number at that step (the last such count in the sentence: "one of 7 active cells ... 6 left").

And a legend entry in its usual words uses the algorithm's own words: "not yet visited" only where
the algorithm's pseudocode or sentences speak of visiting.
"""

from __future__ import annotations

import re

import pytest
from helpers import at_least

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration
from visualizer.render.palette import LEGEND
from visualizer.render.styles import visible_legend
from visualizer.run.overlay import Overlay
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS

NAME = re.compile(r"\((\d+), (\d+)\)")
NUMBER = re.compile(r"(?<![\d,.])(\d{1,3}(?:,\d{3})*)(?![\d.])")
RUNS = ((1, (7, 5)), (2, (9, 6)), (3, (12, 9)))
GENERATOR_CASES = [pytest.param(name, kind, seed, size, id=f"{name}-{kind}-{size[0]}x{size[1]}-seed{seed}")
                   for name, info in ALGORITHMS.items() for kind in ("square", "hex") if kind in info.grid_names
                   for seed, size in RUNS]
SOLVER_MAZES = (MazeSpec("backtracker", "square", 9, 7, 3), MazeSpec("kruskal", "square", 8, 8, 5, {"braid": 100}),
                MazeSpec("prim", "hex", 8, 6, 4), MazeSpec("dungeon", "square", 15, 11, 6))
CONCEPTS = {"unvisited": "visit", "frontier": "frontier", "stack": "stack", "walk": "walk", "search": "search",
            "region": "region", "set": "set", "dead end": "dead end"}
"""Legend key -> the word its usual label rests on ("not yet visited" rests on visiting)."""


def numbers(text: str) -> set[int]:
    return {int(n.replace(",", "")) for n in NUMBER.findall(NAME.sub("", text))}


def forms(words: str) -> str:
    """A row's words as a pattern, plural or singular ("active cells" or "active cell")."""
    return "(?:" + re.escape(words) + ("|" + re.escape(words[:-1]) if words.endswith("s") else "") + ")"


def row_mismatches(said: str, rows: list[tuple[str, str]]) -> list[str]:
    """Counts ``said`` states in a data row's words that differ from the row's number."""
    wrong = []
    text = NAME.sub("", said)
    for label, value in rows:
        count = re.match(r"(\d[\d,]*)(?: ([a-z]+))?", value)
        if not count:
            continue
        phrase = forms(label.lower()) + (" " + forms(count.group(2)) if count.group(2) else "")
        stated = re.findall(r"(?<![\d,])(\d{1,3}(?:,\d{3})*) " + phrase + r"\b", text)
        if stated and int(stated[-1].replace(",", "")) != int(count.group(1).replace(",", "")):
            wrong.append(f"says {stated[-1]} {label.lower()}, the panel's {label!r} row says {value!r}")
    return wrong


def audit(narration: Narration, events, grid) -> list[str]:
    """Fold ``events`` one by one; every way the words fail to add up, with the event and the words."""
    problems: list[str] = []
    touched: set[int] = set()
    continued: list[tuple[int, int]] = []
    first = None
    for event in events:
        begins = narration.begins_step(narration.previous, event)
        narration.fold([event])
        cells = {c for c in event[1:3] if isinstance(c, int) and c >= 0}
        if begins:
            touched, continued, first = set(cells), [], event
        else:
            touched |= cells
            continued.append((event[0], event[1]))
        detail = narration.detail
        where = f"{event}: {narration.sentences[-1]!r} then: {detail!r}"
        names = {grid.cell_name(c) for c in touched}
        strays = [m.group(0) for m in NAME.finditer(detail) if m.group(0) not in names]
        if strays:
            problems.append(f"names {strays}, which no event of the step touched: {where}")
        alike = [cell for kind, cell in continued if kind == event[0]] if not begins else []
        if len(set(alike)) >= 2:
            named = {m.group(0) for m in NAME.finditer(detail)}
            counts = {len(set(alike)), len(alike), len({cell for _, cell in continued})}
            if first is not None and first[0] == event[0]:
                counts.add(len(set(alike) | {first[1]}))
            if not {grid.cell_name(c) for c in alike} <= named and not counts & numbers(detail):
                problems.append(f"names one of {len(set(alike))} cells without saying so: {where}")
        said = detail or narration.sentences[-1]
        problems += [f"{wrong}: {where}" for wrong in row_mismatches(said, narration.narrator.data())]
    return problems


@pytest.mark.parametrize(("name", "kind", "seed", "size"), GENERATOR_CASES)
def test_every_generator_says_counts_and_cells_that_add_up(name, kind, seed, size):
    spec = MazeSpec(name, kind, *at_least(kind, *size), seed)
    grid = spec.make_grid()
    info = spec.info
    narration = Narration(info.narrator(grid, info.resolve(spec.params)), BraidNarrator(grid))
    problems = audit(narration, spec.events(grid), grid)
    assert not problems, "\n".join(problems[:5])


@pytest.mark.parametrize("solver", list(SOLVERS))
@pytest.mark.parametrize("spec", SOLVER_MAZES, ids=lambda spec: f"{spec.algorithm}-{spec.grid}")
def test_every_solver_says_counts_and_cells_that_add_up(solver, spec):
    maze = spec.build()
    info = SOLVERS[solver]
    narration = Narration(info.narrator(maze.grid, {"goal": maze.exit[0]}))
    problems = audit(narration, info.run(maze), maze.grid)
    assert not problems, "\n".join(problems[:5])


def test_the_rules_catch_a_detail_that_names_one_of_two_cells():
    """Prim's as the class saw it: two cells went on the frontier and the detail named one."""
    spec = MazeSpec("prim", "square", 7, 5, 1)
    grid = spec.make_grid()
    narration = Narration(spec.info.narrator(grid))
    narration.narrator.so_far = lambda cell: [cell]  # type: ignore[method-assign]  # as it was: the newest only
    assert any("without saying so" in p for p in audit(narration, spec.events(grid), grid))
    assert row_mismatches("one of 7 active cells; 7 active cells left", [("Active cells", "6")])
    assert not row_mismatches("one of 7 active cells; 6 active cells left", [("Active cells", "6")])
    assert row_mismatches("49 frontier cells left", [("Frontier", "51 cells")])


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_a_legend_in_its_usual_words_uses_the_algorithms_own_words(name):
    """Kruskal's board showed "not yet visited" for cells in a set of their own: Kruskal visits
    nothing. Each colour on the board during a run, if the narrator keeps its usual label, rests on
    a word the algorithm's pseudocode or sentences use."""
    spec = MazeSpec(name, "square", 9, 7, 2)
    grid = spec.make_grid()
    info = spec.info
    narrator = info.narrator(grid, info.resolve(spec.params))
    narration = Narration(narrator, BraidNarrator(grid))
    maze, overlay = Maze(grid), Overlay(grid, shows_stack=info.shows_stack)
    words = " ".join(narrator.code.texts).lower()
    shown: set[str] = set()
    for position, event in enumerate(spec.events(grid)):
        maze.apply(event)
        overlay.apply(event)
        narration.fold([event])
        words += " " + (narration.detail or narration.sentences[-1]).lower()
        if position % 7 == 0:
            shown.update(visible_legend(maze, overlay))
    for phase_code in getattr(narrator, "phase_code", {}).values():
        words += " " + " ".join(phase_code.texts).lower()
    strange = [f"{key}: {LEGEND[key][1]!r} (no {CONCEPTS[key]!r} in its words)" for key in sorted(shown)
               if key in CONCEPTS and key not in narrator.legend and CONCEPTS[key] not in words]
    assert not strange, strange


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_each_legend_meaning_names_one_colour(name):
    """The cellular automaton listed "wall tile (alive)" twice, in two colours: two colours on the
    board must mean two different things in the legend (the usual words or the algorithm's own)."""
    info = ALGORITHMS[name]
    spec = MazeSpec(name, info.grid_names[0], 9, 7, 2)
    narrator = info.narrator(spec.make_grid(), info.resolve(spec.params))
    meanings: dict[str, str] = {}
    for key in LEGEND:
        meaning = narrator.legend.get(key, LEGEND[key][1])
        assert meaning not in meanings, f"{key!r} and {meanings[meaning]!r} both read {meaning!r}"
        meanings[meaning] = key
