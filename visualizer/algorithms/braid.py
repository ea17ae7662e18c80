"""Braiding: after any generator, open walls at dead ends so the maze gets loops.

For each dead end (in random order), with ``percent`` chance, open one of its closed walls,
preferring a neighbour that is a dead end too (one opening then removes two dead ends). Works on
every grid and after every generator; the maze stays connected because walls are only removed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.maze import Maze
from ..core.narration import BRAID_PHASE, UNICURSAL_PHASE, Annotation, Code, Narrator, Told
from ..grids import Grid
from .unicursal import UnicursalNarrator

CARVE, PHASE = Kind.CARVE, Kind.PHASE


def braided(events: EventStream, grid: Grid, rng: random.Random, percent: int) -> EventStream:
    """Pass ``events`` through, then yield the braiding carves (shown as a "braid" phase)."""
    shadow = Maze(grid)
    for event in events:
        shadow.apply(event)
        yield event
    if percent <= 0:
        return
    yield (PHASE, -1, -1, BRAID_PHASE)
    open_cell = shadow.open_mask()

    def dead_end(cell: int) -> bool:
        return bool(open_cell[cell]) and int(shadow.passages[cell]).bit_count() == 1

    ends = [c for c in range(grid.size) if dead_end(c)]
    rng.shuffle(ends)
    for cell in ends:
        if not dead_end(cell) or rng.random() * 100 >= percent:
            continue
        closed = [(d, nb) for d, nb in grid.neighbours(cell) if not shadow.is_open(cell, d) and open_cell[nb]]
        if not closed:
            continue
        partners = [option for option in closed if dead_end(option[1])]
        pool = partners or closed
        d, nb = pool[int(rng.random() * len(pool))]
        event = (CARVE, cell, nb, d)
        shadow.apply(event)
        yield event


class BraidNarrator(Narrator):
    """The braiding pass after any generator: dead ends opened into loops."""

    code = Code(
        list="list the dead ends (one way in), in a random order",
        loop="for each cell in the list:",
        still="  if it is still a dead end, with the braid chance:",
        prefer="    prefer a closed neighbour that is a dead end too",
        open="    open the wall to it: a loop, one or two dead ends fewer",
    )

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.opened = 0
        self.unicursal: UnicursalNarrator | None = None
        """Tells the unicursal conversion instead, once its phase begins (the other post-process)."""

    def _converting(self, event: Event | None = None) -> UnicursalNarrator | None:
        if self.unicursal is None and event is not None and event[0] == Kind.PHASE and event[3] == UNICURSAL_PHASE:
            self.unicursal = UnicursalNarrator(self.grid, self.params)
        return self.unicursal

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        other = self._converting(event)
        return other.begins_step(previous, event) if other is not None else super().begins_step(previous, event)

    def tell(self, event: Event) -> Told:
        other = self._converting(event)
        if other is None:
            return super().tell(event)
        told = other.tell(event)
        self.phase, self.step = other.phase, other.step
        return told

    @property
    def shown_code(self) -> Code:
        other = self._converting()
        return other.shown_code if other is not None else self.code

    def annotations(self) -> list[Annotation]:
        other = self._converting()
        return other.annotations() if other is not None else []

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        return Told(self.code.list,
                    "The maze is finished; now braid it: dead ends are opened into their neighbours, "
                    "making loops")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.opened += 1
        return Told(self.code.open,
                    f"{self.name(cell)} is a dead end: open its {self.direction(value)} wall into "
                    f"{self.name(other)}, a loop ({self.opened:,} opened so far)")

    def data(self) -> list[tuple[str, str]]:
        other = self._converting()
        return other.data() if other is not None else [("Walls opened", f"{self.opened:,}")]
