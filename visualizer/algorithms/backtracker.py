"""Recursive backtracker (randomized depth-first search), written with an explicit stack.

Long winding rivers with few, long dead ends: the walk goes as deep as it can before it backs up.
The ``winding`` percentage is the chance of turning when going straight is possible (100: every
step picks a random unvisited neighbour, the classic algorithm; low values make long corridors).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import RUN_LENGTH, EventStream, Kind, packed
from ..core.narration import Code, Narrator, Told, plural
from ..grids import Grid
from .base import Algorithm, Param

CARVE = Kind.CARVE
CARVES = Kind.CARVES
BACKTRACK = Kind.BACKTRACK
MIXED = Kind.MIXED


def backtracker(grid: Grid, rng: random.Random, *, winding: int = 100, start: int = -1,
                visited: bytearray | None = None, region: int = -1, show: bool = True,
                runs: bool = False) -> EventStream:
    """Carve a perfect maze depth-first from a random start cell.

    The dungeon reuses this for its corridors: it passes the ``start`` cell, a ``visited`` map with
    the rooms already marked, and the corridor's ``region`` id (these are not user parameters).
    Shown, every step back is a BACKTRACK event; unshown (``show=False``) a leaner walk makes the
    same carves from the same random numbers. Each is a generator of its own (not one behind
    ``yield from``), so an event passes through one frame. ``runs`` (the dungeon's) hands the
    shown walk's carves and backtracks over in MIXED runs (``_walk_shown_runs``).
    """
    walk = (_walk_shown_runs if runs else _walk_shown) if show else _walk_quiet
    return walk(grid, rng, winding, start, visited, region)


def _begin(grid: Grid, rng: random.Random, start: int, visited: bytearray | None) -> tuple[int, bytearray]:
    """The start cell (random unless given) and the visited map with it marked."""
    if start < 0:
        start = int(rng.random() * grid.size)
    if visited is None:
        visited = bytearray(grid.size)
    visited[start] = 1
    return start, visited


def _walk_shown(grid: Grid, rng: random.Random, winding: int, start: int, visited: bytearray | None,
                region: int) -> EventStream:
    """The walk as the window shows it: the whole stack, a BACKTRACK event for each pop.

    A cell left through its only free neighbour has none when the walk comes back (visited cells
    stay visited): it stays on the stack as ``~cell`` (negative), popped without asking the grid
    again (the same pops and draws, a neighbour query fewer for most dead ends on the way back)."""
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    start, visited = _begin(grid, rng, start, visited)
    yield (CARVE, start, -1, region)
    stack = [start]
    push = stack.append
    pop = stack.pop
    last = -1  # direction of the last carve, for the winding rule; -1 after a backtrack
    straight_bias = winding < 100
    while stack:
        cell = stack[-1]
        if cell >= 0:
            options = free_neighbours(cell, visited)
            if options:
                if straight_bias and last >= 0 and rnd() * 100 >= winding:
                    ahead = [o for o in options if o[0] == last]
                    d, nb = ahead[0] if ahead else options[int(rnd() * len(options))]
                else:
                    d, nb = options[int(rnd() * len(options))]
                if len(options) == 1:
                    stack[-1] = ~cell  # nothing left here when the walk comes back
                visited[nb] = 1
                push(nb)
                last = d
                yield (CARVE, cell, nb, d)
                continue
        else:
            cell = ~cell
        pop()
        last = -1
        if stack:
            back = stack[-1]
            yield (BACKTRACK, cell, back if back >= 0 else ~back, -1)
        else:
            yield (BACKTRACK, cell, -1, -1)


def _walk_shown_runs(grid: Grid, rng: random.Random, winding: int, start: int, visited: bytearray | None,
                     region: int) -> EventStream:
    """``_walk_shown``'s events (the same draws, the same stack), all but the first carve handed
    over about RUN_LENGTH at a time as MIXED runs: yielding each carve and each step back through
    the dungeon's layers was half its time."""
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    start, visited = _begin(grid, rng, start, visited)
    yield (CARVE, start, -1, region)
    stack = [start]
    push = stack.append
    pop = stack.pop
    rows: list[int] = []
    full = 4 * RUN_LENGTH
    last = -1
    straight_bias = winding < 100
    while stack:
        cell = stack[-1]
        if cell >= 0:
            options = free_neighbours(cell, visited)
            if options:
                if straight_bias and last >= 0 and rnd() * 100 >= winding:
                    ahead = [o for o in options if o[0] == last]
                    d, nb = ahead[0] if ahead else options[int(rnd() * len(options))]
                else:
                    d, nb = options[int(rnd() * len(options))]
                if len(options) == 1:
                    stack[-1] = ~cell
                visited[nb] = 1
                push(nb)
                last = d
                rows += (CARVE, cell, nb, d)
                continue
        else:
            cell = ~cell
        pop()
        last = -1
        if stack:
            back = stack[-1]
            rows += (BACKTRACK, cell, back if back >= 0 else ~back, -1)
            if len(rows) >= full:
                yield packed(MIXED, rows)
                rows = []
        else:
            rows += (BACKTRACK, cell, -1, -1)
    yield packed(MIXED, rows)


def _walk_quiet(grid: Grid, rng: random.Random, winding: int, start: int, visited: bytearray | None,
                region: int) -> EventStream:
    """The shown walk's carves without its BACKTRACK events, with fewer neighbour queries, handed
    over RUN_LENGTH at a time (CARVES events: nobody watches them one by one).

    Visited cells stay visited, so a cell left through its only free neighbour has none when the
    walk comes back: it is not kept on the stack at all (the shown walk would look, draw nothing
    and pop it). The stack holds only cells that had another way on when the walk left them.
    """
    free_neighbours = grid.free_neighbours
    rnd = rng.random
    cell, visited = _begin(grid, rng, start, visited)
    yield (CARVE, cell, -1, region)
    stack: list[int] = []
    push = stack.append
    pop = stack.pop
    rows: list[int] = []
    room = RUN_LENGTH  # carves until the run is handed over
    last = -1
    straight_bias = winding < 100
    while True:
        options = free_neighbours(cell, visited)
        if options:
            count = len(options)
            if straight_bias and last >= 0 and rnd() * 100 >= winding:
                for option in options:  # straight on if it can, else any way
                    if option[0] == last:
                        break
                else:
                    option = options[int(rnd() * count)]
                last, nb = option
            else:
                last, nb = options[int(rnd() * count)]
            visited[nb] = 1
            if count > 1:
                push(cell)
            rows += (cell, nb, last)
            room -= 1
            if not room:
                yield packed(CARVES, rows)
                rows, room = [], RUN_LENGTH
            cell = nb
        elif stack:
            cell = pop()
            last = -1
        else:
            if rows:
                yield packed(CARVES, rows)
            return


class BacktrackerNarrator(Narrator):
    """The stack, as the walk pushes and pops it."""

    code = Code(
        start="pick a random start cell, mark it visited, push it",
        loop="while the stack is not empty:",
        top="  cell = the cell on top of the stack",
        unvisited="  if cell has unvisited neighbours:",
        pick="    next = one of them at random",
        carve="    carve the wall between cell and next",
        push="    mark next visited and push it",
        otherwise="  else:",
        pop="    pop cell: a dead end, back up one",
    )
    legend = {"stack": "on the stack (the way back)", "current": "top of the stack"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.stack: list[int] = []
        self.visited = 0

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            self.stack = [cell]
            self.visited += 1
            return Told(self.code.start, f"Start at {self.name(cell)}: visited, pushed; the stack holds 1 cell")
        self.stack.append(other)
        self.visited += 1
        return Told(self.code.carve,
                    f"{self.name(cell)} has unvisited neighbours: carve {self.direction(value)} into "
                    f"{self.name(other)} and push it; stack depth {len(self.stack)}")

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        if self.stack:
            self.stack.pop()
        if other < 0:
            return Told(self.code.pop,
                        f"{self.name(cell)} has no unvisited neighbour: pop it; the stack is empty, "
                        "so every cell it could reach is carved")
        return Told(self.code.pop,
                    f"{self.name(cell)} has no unvisited neighbour: pop it; back at {self.name(other)}, "
                    f"stack depth {len(self.stack)}")

    def data(self) -> list[tuple[str, str]]:
        return [("Stack", plural(len(self.stack), "cell") + " deep"),
                ("Top", self.cells_text(reversed(self.stack), len(self.stack))),
                ("Visited", f"{self.visited:,} of {self.grid.size:,} cells")]


ALGORITHM = Algorithm(
    name="backtracker",
    func=backtracker,
    description="Recursive backtracker: a depth-first walk that backs up at dead ends; long rivers.",
    params=(Param("winding", 100, "chance in percent of turning when going straight is possible",
                  minimum=0, maximum=100),),
    shows_stack=True,
    narrator=BacktrackerNarrator,
)
