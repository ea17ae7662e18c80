"""Drunkard's walk (RogueBasin's "Random Walk Cave Generation", with the variants of several
walkers and a target floor share, as in the Rust roguelike tutorial's drunkard builders).

1. walk - ``walkers`` walkers start on the centre cell, which becomes floor. In turn each steps to
          a random neighbour; rock it steps on is dug out and opened to the floor around it (the
          floor is open ground). A walker that has taken ``steps`` steps starts again from a random
          floor cell. The walk stops when the floor is ``share`` percent of the map.
2. ends - the entrance and the exit are dug to the nearest floor.

Every new floor cell is dug from a floor cell beside it, so the floor is one region. It only walks
the neighbour graph: it runs on every grid and mask.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.maze import Maze
from ..core.narration import Annotation, Code, Shape, Told, plural
from ..grids import Grid
from .base import Algorithm, Param
from .floor import FloorNarrator, join_ends

PHASE, CARVE, CURRENT = Kind.PHASE, Kind.CARVE, Kind.CURRENT
PHASES = ("walk", "ends")


def drunkard(grid: Grid, rng: random.Random, *, share: int = 40, walkers: int = 3, steps: int = 200,
             show: bool = True) -> EventStream:
    """Walkers dig at random from the centre until the floor is ``share`` percent of the map."""
    shadow = Maze(grid)
    apply = shadow.apply
    ways = [grid.neighbours(cell) for cell in range(grid.size)]
    floor = bytearray(grid.size)
    floors: list[int] = []
    target = max(1, math.ceil(share * grid.size / 100))
    rnd = rng.random
    yield (PHASE, -1, -1, "walk")
    centre = grid.size // 2
    event: Event = (CARVE, centre, -1, 0)
    apply(event)
    yield event
    floor[centre] = 1
    floors.append(centre)
    at = [centre] * walkers
    age = [0] * walkers
    if show:
        for walker in range(walkers):
            yield (CURRENT, centre, -1, walker)
    while len(floors) < target:
        for walker in range(walkers):
            if age[walker] >= steps:  # worn out: it starts again from somewhere on the floor
                age[walker] = 0
                at[walker] = floors[int(rnd() * len(floors))]
                if show:
                    yield (CURRENT, at[walker], -1, walker)
                continue
            cell = at[walker]
            d, nb = ways[cell][int(rnd() * len(ways[cell]))]
            age[walker] += 1
            at[walker] = nb
            if floor[nb]:
                if show:
                    yield (CURRENT, nb, cell, walker)
                continue
            floor[nb] = 1
            floors.append(nb)
            event = (CARVE, cell, nb, d)
            apply(event)
            yield event
            for side, other in ways[nb]:
                if floor[other] and other != cell:
                    event = (CARVE, nb, other, side)
                    apply(event)
                    yield event
            if len(floors) >= target:
                break
    yield (PHASE, -1, -1, "ends")
    yield from join_ends(grid, shadow, show=show)


class DrunkardNarrator(FloorNarrator):
    """The walkers where they stand, the floor against its target, the steps taken."""

    code = Code(
        start="every walker starts on the centre, which becomes floor",
        loop="while the floor is less than share percent of the map:",
        each="  for each walker in turn:",
        tired="    if it has taken steps steps: restart it on a random floor cell",
        step="    else step to a random neighbour",
        dig="    if that is rock: dig it out",
        door="      and open it to the floor around it",
        ends="dig the entrance and the exit to the nearest floor",
    )
    phases = PHASES
    legend = {**FloorNarrator.legend, "current": "the walker that moved last"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.walkers: list[int] = []
        self.floor: set[int] = set()
        self.steps = 0
        self.restarts = 0

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A walker's step is one step: a dig and the walls it opens to the floor around are one."""
        if previous is None or event[0] != CARVE:
            return True
        if self.phase == "ends":
            return False  # an end's tunnel is one step, from its CURRENT on
        return event[2] < 0 or event[2] not in self.floor

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        self.joining_end = -1
        p = self.params
        if self.phase == "walk":
            return Told(self.code.start, f"Phase 1 of 2, walk: {plural(p.get('walkers', 3), 'walker')} dig at "
                                         f"random until the floor is {p.get('share', 40)} % of the map")
        return Told(self.code.ends, "Phase 2 of 2, ends: dig the entrance and the exit to the nearest floor "
                                    "where they are rock")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        if self.phase == "ends":
            return super().tell_current(cell, other, value)
        if value >= len(self.walkers):
            self.walkers.append(cell)
            return Told(self.code.start, f"Walker {value + 1} starts on the centre, {self.name(cell)}")
        self.walkers[value] = cell
        if other < 0:
            self.restarts += 1
            return Told(self.code.tired, f"Walker {value + 1} has taken {self.params.get('steps', 200)} steps: it "
                                         f"starts again on the floor at {self.name(cell)}")
        self.steps += 1
        way = self.direction(self.grid.direction_between(other, cell))
        return Told(self.code.step, f"Walker {value + 1} staggers {way} from {self.name(other)} to {self.name(cell)}, "
                                    "already floor: nothing to dig")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            self.floor.add(cell)
            if self.phase == "ends":
                return self.tell_alone(cell)
            return Told(self.code.start, f"The centre, {self.name(cell)}, becomes the first floor cell")
        if other in self.floor:
            return Told(self.code.door, f"The new floor at {self.name(cell)} is opened to the floor beside it at "
                                        f"{self.name(other)}{self.this_step(cell, 'opened up')}")
        self.floor.add(other)
        if self.phase == "ends":
            return self.tell_dug(cell, other)
        self.steps += 1
        walker = self.walkers.index(cell) if cell in self.walkers else 0
        if self.walkers:
            self.walkers[walker] = other
        return Told(self.code.dig, f"Walker {walker + 1} staggers {self.direction(value)} from {self.name(cell)} "
                                   f"into rock at {self.name(other)} and digs it out "
                                   f"({plural(len(self.floor), 'floor cell')} now)")

    def data(self) -> list[tuple[str, str]]:
        share = 100 * len(self.floor) / max(1, self.grid.size)
        rows = [("Floor", f"{len(self.floor):,} cells, {share:.0f} % of the map "
                          f"(target {self.params.get('share', 40)} %)"),
                ("Walkers", f"{len(self.walkers):,} walking, {self.restarts:,} restarts, {self.steps:,} steps")]
        if self.walkers:
            rows.append(("Standing at", self.cells_text(self.walkers)))
        return rows

    def annotations(self) -> list[Annotation]:
        """A box round each walker."""
        return [Annotation(Shape.BOX, (cell,)) for cell in dict.fromkeys(self.walkers)] if self.phase == "walk" else []


ALGORITHM = Algorithm(
    name="drunkard",
    func=drunkard,
    description="Drunkard's walk: walkers stagger at random from the centre, digging rock, until the floor is "
                "big enough.",
    params=(
        Param("share", 40, "the floor to dig, in percent of the map", minimum=1, maximum=80),
        Param("walkers", 3, "walkers digging at a time", minimum=1, maximum=100),
        Param("steps", 200, "steps a walker takes before it starts again on a random floor cell",
              minimum=1, maximum=1_000_000),
    ),
    perfect=False,
    phases=PHASES,
    slow=True,
    narrator=DrunkardNarrator,
)
