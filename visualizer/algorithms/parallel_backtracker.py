"""Parallel backtracker (Jamis Buck's demos): several recursive backtrackers grow at once, each from
its own seed and in its own colour, taking turns one move each.

A walk carves into any neighbour not of its own set: an unvisited cell joins its set, a cell of
another seed's set merges the two sets into one (the passage between them is how the seeds get
joined). Carving only between different sets never closes a loop, and a cell leaves a stack only
when every neighbour shares its set, so the walks end with one set: a spanning tree.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import Code, Narrator, Told, plural
from ..grids import Grid
from .base import Algorithm, Param

CARVE, SET, BACKTRACK = Kind.CARVE, Kind.SET, Kind.BACKTRACK
DEFAULT_SEEDS = 3


def parallel_backtracker(grid: Grid, rng: random.Random, *, seeds: int = DEFAULT_SEEDS,
                         show: bool = True) -> EventStream:
    """Plant ``seeds`` walks at random cells, then move each in turn until every stack is empty."""
    rnd = rng.random
    cells = list(range(grid.size))
    rng.shuffle(cells)
    owner = [-1] * grid.size
    members: dict[int, list[int]] = {}
    stacks = []
    for i, cell in enumerate(cells[:min(seeds, grid.size)]):
        owner[cell] = i
        members[i] = [cell]
        stacks.append([cell])
        yield (CARVE, cell, -1, -1)
        if show:
            yield (SET, cell, -1, i)
    while any(stacks):
        for stack in stacks:
            if not stack:
                continue
            cell = stack[-1]
            mine = owner[cell]
            options = [(d, nb) for d, nb in grid.neighbours(cell) if owner[nb] != mine]
            if not options:
                stack.pop()
                if show:
                    yield (BACKTRACK, cell, stack[-1] if stack else -1, -1)
                continue
            d, nb = options[int(rnd() * len(options))]
            stack.append(nb)
            yield (CARVE, cell, nb, d)
            theirs = owner[nb]
            moved = [nb] if theirs < 0 else members.pop(theirs)
            for joined in moved:
                owner[joined] = mine
            members[mine] += moved
            if show:
                for joined in moved:
                    yield (SET, joined, -1, mine)


class ParallelBacktrackerNarrator(Narrator):
    """Each seed's stack, the sets still apart and the merges."""

    code = Code(
        start="plant each seed at a random cell: its own set and stack",
        loop="while some stack is not empty:",
        each="  for each stack, in turn:",
        top="    cell = its top; options = neighbours not in cell's set",
        carve="    if any: carve to a random one and push it",
        merge="      (a cell of another set: the two sets merge)",
        pop="    else: pop cell",
    )
    follows = frozenset({int(SET)})
    legend = {"stack": "on a stack (each seed has its own)", "set": "a seed's cells (sets merge when they meet)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.owner = [-1] * grid.size
        self.sets: dict[int, int] = {}
        """Each set still apart and its cell count."""
        self.stacks: dict[int, list[int]] = {}
        """Each seed's stack, by the seed's number."""
        self.visited = 0
        self.merges = 0
        self.turn = 0
        """The seed whose turn comes next (or the first after it with cells on its stack)."""
        self.moved = False

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """Planting the seeds is one step; each carve (with its SETs) or pop is one."""
        if previous is None:
            return True
        if event[0] == CARVE and event[2] < 0:
            return False
        return event[0] not in self.follows

    def _mover(self) -> int:
        """The seed whose walk moves now: the walks take turns in seed order, skipping those whose
        stack is empty, as the generator's rounds do."""
        count = len(self.stacks)
        for step in range(count):
            seed = (self.turn + step) % count
            if self.stacks[seed]:
                self.turn = seed + 1
                return seed
        return -1

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            seed = len(self.stacks)
            self.stacks[seed] = [cell]
            self.visited += 1
            return Told(self.code.start,
                        f"Seed {seed + 1} is planted at {self.name(cell)}: a set and a stack of its own")
        seed = self._mover()
        self.moved = True
        self.stacks[seed].append(other)
        theirs = self.owner[other]
        into = f"Walk {seed + 1} carves {self.direction(value)} from {self.name(cell)} into {self.name(other)}"
        if theirs < 0:
            self.visited += 1
            return Told(self.code.carve, f"{into}, unvisited: it joins the set; stack depth {len(self.stacks[seed])}")
        self.merges += 1
        return Told(self.code.merge, f"{into}, a cell of another set: the two sets merge into one, "
                                     f"{plural(len(self.sets) - 1, 'set')} left")

    def tell_set(self, cell: int, other: int, value: int) -> Told:
        old = self.owner[cell]
        if old >= 0:
            self.sets[old] -= 1
            if not self.sets[old]:
                del self.sets[old]
        self.owner[cell] = int(value)
        self.sets[int(value)] = self.sets.get(int(value), 0) + 1
        if old < 0:
            line = self.code.carve if self.moved else self.code.start
            return Told(line, f"{self.name(cell)} takes seed {int(value) + 1}'s colour")
        moved = self.so_far(cell)
        return Told(self.code.merge, f"{self.together(moved)} {'takes' if len(moved) == 1 else 'take'} the colour of "
                                     f"seed {int(value) + 1}'s set")

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        seed = self._mover()
        self.stacks[seed].pop()
        back = f"back at {self.name(other)}" if other >= 0 else "its stack is empty, this walk is done"
        return Told(self.code.pop, f"Walk {seed + 1}: every neighbour of {self.name(cell)} is in its set: pop it; "
                                   f"{back}")

    def data(self) -> list[tuple[str, str]]:
        depths = ", ".join(f"{seed + 1}: {len(stack)}" for seed, stack in self.stacks.items())
        return [("Stack depths", depths or "none yet"),
                ("Sets apart", f"{len(self.sets):,}"),
                ("Merges", f"{self.merges:,}"),
                ("Visited", f"{self.visited:,} of {self.grid.size:,} cells")]


ALGORITHM = Algorithm(
    name="parallel_backtracker",
    func=parallel_backtracker,
    description="Many backtrackers: several grow in turn, each from its own seed in its own colour, then join.",
    params=(Param("seeds", DEFAULT_SEEDS, "how many walks grow at once (each from its own random cell)",
                  minimum=1, maximum=64),),
    shows_stack=True,
    narrator=ParallelBacktrackerNarrator,
)
