"""The checker: watches every event of a student's run and stops it at the first that breaks a rule.

A student's ``generate(grid, rng)`` yields :class:`~visualizer.api.Step` values; :func:`checked_generation`
turns each into the event the built-ins yield (working out the direction from the two cells) after
checking it: the cells are on the grid, a carve joins neighbours and opens a closed wall, the value
is an event at all. At the first broken rule, or an exception in the student's code, the run ends
there and a :class:`Finding` says what was wrong in one sentence (naming the line of *their* file
for an exception). The window and the command line read the finding from the run's
:class:`Record`, found by the grid the run was made on (:func:`record_for`).
"""

from __future__ import annotations

import operator
import traceback
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import api
from ..core.events import Event, EventStream, Kind, SearchStream
from ..core.maze import Maze
from ..grids import Grid
from ..solvers.base import announce_path

MOST_EVENTS_PER_CELL = 64
"""A run yielding more events than this many per cell (plus ``SPARE_EVENTS``) is stopped: a loop
that never ends would otherwise hang a headless command."""
SPARE_EVENTS = 1000
"""Events allowed beyond the per-cell share: a tiny grid's run may look round a good deal."""
RUNAWAY_RULE = f"{MOST_EVENTS_PER_CELL} events a cell, plus {SPARE_EVENTS:,}"
"""The rule in words, the same in the message and in docs/write-your-own.md (a test compares them)."""


def event_limit(cells: int) -> int:
    """The most events a run on ``cells`` cells may yield before it is stopped as runaway."""
    return SPARE_EVENTS + MOST_EVENTS_PER_CELL * cells


@dataclass(frozen=True)
class Finding:
    """What stopped a run: at which event (its place in the stream, from 0), why, the cells to show."""

    position: int
    message: str
    cells: tuple[int, ...] = ()
    wall: bool = False
    """True when ``cells`` are the two sides of one wall (drawn as a cross), else a path through them."""


class LineLog(list[int]):
    """The ``CODE`` line (from 1; 0: none) of each event, in order; shared, never copied, by the
    narrator copies the window keeps (it only grows, so a copy would miss the later events)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> LineLog:
        return self


@dataclass
class Record:
    """What the checker learnt of one run: the lines its events light, and the finding that stopped it."""

    path: Path
    lines: LineLog = field(default_factory=LineLog)
    finding: Finding | None = None
    finished: bool = False
    """True once the student's function has returned (or been stopped)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Record:
        return self


GENERATIONS: weakref.WeakKeyDictionary[Grid, Record] = weakref.WeakKeyDictionary()
"""The record of the latest student generation on each grid."""
SOLVES: weakref.WeakKeyDictionary[Grid, Record] = weakref.WeakKeyDictionary()
"""The record of the latest student solve on each grid (the solver is handed the maze; its grid keys)."""


def record_for(grid: Grid, solving: bool = False) -> Record | None:
    """The checker's record of the latest student run on ``grid`` (None: no student run there)."""
    return (SOLVES if solving else GENERATIONS).get(grid)


class CheckerStopped(Exception):
    """A student's run the checker stopped, met where mazes are made in bulk (stats, the lab):
    their figures would describe a half-made maze, so the command ends with the finding instead."""


def refuse_stopped(maze: Maze, name: str, seed: int) -> None:
    """Raise CheckerStopped when the checker stopped the run that made ``maze`` (a student's file)."""
    record = record_for(maze.grid)
    if record is not None and record.finding is not None:
        raise CheckerStopped(f"{name} (seed {seed}): stopped at {record.finding.message}")


class Stop(Exception):
    """A rule broken: the sentence, and the cells to show."""

    def __init__(self, message: str, cells: tuple[int, ...] = (), wall: bool = False) -> None:
        super().__init__(message)
        self.cells = cells
        self.wall = wall


def user_line(error: BaseException, path: Path) -> str:
    """The exception in one line, at the deepest line of the student's own file it passed through
    (the traceback trimmed to their code): "ZeroDivisionError: division by zero (my_maze.py, line 9:
    x = 1 / 0)"."""
    where = ""
    for frame in traceback.extract_tb(error.__traceback__):
        if Path(frame.filename) == path:
            where = f" ({path.name}, line {frame.lineno}: {(frame.line or '').strip()})"
    words = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}{': ' + words if words else ''}{where}"


class Checker:
    """The rules, checked against a shadow maze that folds every event passed on."""

    def __init__(self, grid: Grid, allowed: frozenset[Kind], what: str) -> None:
        self.grid = grid
        self.allowed = allowed
        self.what = what
        self.shadow = Maze(grid)

    def cell(self, value: object, role: str) -> int:
        """``value`` as a cell of the grid (Stop when it is not a whole number from 0 to size - 1)."""
        try:
            cell = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise Stop(f"the {role} cell is {value!r}, not a cell number") from None
        if not 0 <= cell < self.grid.size:
            raise Stop(f"cell {cell} is outside the grid (its cells are 0 to {self.grid.size - 1})")
        return cell

    def event(self, step: object) -> Event:
        """The checked event ``step`` stands for (Stop with the reason when it breaks a rule)."""
        if not isinstance(step, api.Step):
            raise Stop(f"{self.what} yielded {step!r}, which is not an event: make events with the helpers "
                       "of visualizer.api, such as carve(cell, other)")
        kind = step.kind
        if kind not in self.allowed:
            raise Stop(f"a {Kind(kind).name.lower()} event does not belong in {self.what}")
        cell = -1 if kind in (Kind.OPEN_FIELD, Kind.PHASE) else self.cell(step.cell, "first")
        if kind == Kind.CARVE and step.value == api.START:
            return (kind, cell, -1, -1)
        if kind in api.PAIRED:  # the second cell is needed: -1 is no cell
            return self.paired(kind, cell, self.cell(step.other, "second"))
        if kind in api.SPANNING:
            return (kind, cell, self.cell(step.other, "second"), -1)
        other = self.cell(step.other, "second") if step.other != api.NO_CELL else -1
        return self.single(kind, cell, other, step.value)

    def paired(self, kind: Kind, cell: int, other: int) -> Event:
        """An event between two cells: neighbours, and (carve, wall) a wall that changes."""
        a, b = self.grid.cell_name(cell), self.grid.cell_name(other)
        try:
            direction = self.grid.direction_between(cell, other)
        except ValueError:
            raise Stop(f"{a} and {b} are not neighbours, so no wall joins them", (cell, other)) from None
        is_open = self.shadow.is_open(cell, direction)
        if kind == Kind.CARVE and is_open:
            raise Stop(f"the wall between {a} and {b} is already open: it was carved before", (cell, other), True)
        if kind == Kind.WALL and not is_open:
            raise Stop(f"the wall between {a} and {b} is already closed", (cell, other), True)
        return (kind, cell, other, direction)

    def single(self, kind: Kind, cell: int, other: int, value: int | str) -> Event:
        """An event of one cell (or none): its value checked for the kinds that carry one."""
        if kind == Kind.PHASE:
            return (kind, -1, -1, str(value))
        if kind == Kind.SET:
            try:
                return (kind, cell, -1, operator.index(value))  # type: ignore[arg-type]
            except TypeError:
                raise Stop(f"a group number must be a whole number, got {value!r}") from None
        if kind == Kind.PRUNE:
            return self.pruned(cell)
        if kind == Kind.SEARCH and other >= 0 and other not in self.shadow.open_neighbours(cell):
            a, b = self.grid.cell_name(cell), self.grid.cell_name(other)
            raise Stop(f"{a} cannot be reached from {b}: no open passage joins them", (other, cell), True)
        return (kind, cell, other, -1)

    def pruned(self, cell: int) -> Event:
        """A prune: ``cell`` must be a dead end (one open passage, or none), closed with that passage."""
        ways = self.shadow.open_neighbours(cell)
        if len(ways) > 1:
            raise Stop(f"{self.grid.cell_name(cell)} is not a dead end: {len(ways)} passages lead out of it",
                       (cell,) + tuple(ways))
        if not ways:
            return (Kind.PRUNE, cell, -1, -1)
        return (Kind.PRUNE, cell, ways[0], self.grid.direction_between(cell, ways[0]))


def _run_checked(steps: Iterator[object], checker: Checker, record: Record) -> Iterator[Event]:
    """The checked events of ``steps``; at a broken rule or an exception, the record's finding is set
    and the events end there (the run stops at that event)."""
    limit = event_limit(checker.grid.size)
    position = 0
    while True:
        try:
            step = next(steps)
        except StopIteration:
            break
        except Exception as error:  # the student's code failed: say where, keep the program running
            record.finding = Finding(position, user_line(error, record.path))
            break
        try:
            if position >= limit:
                raise Stop(f"more than {limit:,} events on {checker.grid.size:,} cells (the limit is {RUNAWAY_RULE}): "
                           "is there a loop that never ends?")
            event = checker.event(step)
        except Stop as stop:
            message = f"event {position + 1}, {step_words(step)}: {stop}"
            record.finding = Finding(position, message, stop.cells, stop.wall)
            break
        checker.shadow.apply(event)
        record.lines.append(_line_of(step))
        position += 1
        yield event
    record.finished = True


HELPERS = {Kind.CARVE: "carve", Kind.WALL: "wall", Kind.OPEN_FIELD: "open_everything", Kind.CURRENT: "current",
           Kind.FRONTIER_ADD: "frontier", Kind.FRONTIER_REMOVE: "leave_frontier", Kind.BACKTRACK: "backtrack",
           Kind.WALK: "walk", Kind.WALK_ERASE: "erase", Kind.REJECT: "keep_wall", Kind.SET: "group",
           Kind.PHASE: "phase", Kind.SEARCH: "look", Kind.OPEN: "todo", Kind.TAKE: "take", Kind.PRUNE: "prune",
           Kind.CHAMBER: "chamber", Kind.SCAN: "scan", Kind.DEAD_END: "dead_end"}
"""The helper of ``visualizer.api`` that makes each kind, to name an event as the student wrote it."""


def step_words(step: object) -> str:
    """An event as the student's code made it: ``carve(15, 13)``; anything else as Python shows it."""
    if not isinstance(step, api.Step):
        return repr(step)[:60]
    name = "start" if step.kind == Kind.CARVE and step.value == api.START else HELPERS.get(step.kind, "event")
    if step.kind == Kind.PHASE:
        return f"{name}({step.value!r})"
    args = [step.cell] + ([step.other] if step.other != api.NO_CELL or step.kind in api.PAIRED else [])
    if step.kind == Kind.SET:
        args.append(step.value)  # type: ignore[arg-type]
    return f"{name}({', '.join(repr(a) for a in args)})" if step.kind != Kind.OPEN_FIELD else f"{name}()"


def _line_of(step: object) -> int:
    line = getattr(step, "line", 0)
    return line if isinstance(line, int) and line > 0 else 0


def checked_generation(generate: Callable[..., Any], path: Path) -> Callable[..., EventStream]:
    """The registry's generator function for a student's ``generate``: the same call as a built-in's
    (``grid, rng, show=``), each run checked and recorded under its grid."""
    def run(grid: Grid, rng: Any, *, show: bool = True) -> EventStream:
        record = GENERATIONS[grid] = Record(path)
        checker = Checker(grid, api.GENERATOR_KINDS, "generate")
        return _stream(generate, (api.Grid(grid), rng), checker, record, show)
    return run


def _stream(function: Callable[..., Any], args: tuple[Any, ...], checker: Checker, record: Record,
            show: bool) -> EventStream:
    """Start the student's function (its first line runs at the first event asked for) and check it."""
    try:
        steps = iter(function(*args))
    except Exception as error:
        record.finding = Finding(0, user_line(error, record.path))
        record.finished = True
        return
    for event in _run_checked(steps, checker, record):
        if show or event[0] < 10:
            yield event


def checked_solver(solve: Callable[..., Any], path: Path) -> Callable[[Maze, int, int, bool], SearchStream]:
    """The registry's solver function for a student's ``solve``: events checked, then the returned
    path checked (start to goal through open passages) and announced as PATH events."""
    def run(maze: Maze, start: int, goal: int, show: bool = True) -> SearchStream:
        record = SOLVES[maze.grid] = Record(path)
        checker = Checker(maze.grid, api.SOLVER_KINDS, "solve")
        checker.shadow = maze
        returned: list[Any] = []
        steps = _returning(solve(api.Maze(maze), start, goal), returned)
        for event in _run_checked(steps, checker, record):
            if show or event[0] != Kind.OPEN:
                yield event
        if record.finding is not None:
            return []
        path_cells = _checked_path(returned[0] if returned else None, maze, start, goal, record)
        return (yield from announce_path(path_cells))
    return run


def _returning(steps: Any, into: list[Any]) -> Iterator[object]:
    """``steps``' values; its return value (a solver's path) is put into ``into``."""
    into.append((yield from steps))


def _checked_path(path: Any, maze: Maze, start: int, goal: int, record: Record) -> list[int]:
    """The solver's answer when it is a way from start to goal through open passages, else [] with
    a finding saying what is wrong with it."""
    grid = maze.grid
    if path is None or path == []:
        return []
    try:
        cells = [operator.index(c) for c in path]
    except TypeError:
        record.finding = Finding(len(record.lines), "solve must return a list of cells (or [] when there is no way)")
        return []
    problem = ""
    if cells[0] != start or cells[-1] != goal:
        problem = f"the path must run from the start {grid.cell_name(start)} to the goal {grid.cell_name(goal)}"
    else:
        for a, b in zip(cells, cells[1:]):
            if not (0 <= a < grid.size and 0 <= b < grid.size) or b not in maze.open_neighbours(a):
                problem = f"the path steps from cell {a} to cell {b} without an open passage between them"
                break
    if problem:
        record.finding = Finding(len(record.lines), problem, tuple(cells))
        return []
    return cells
