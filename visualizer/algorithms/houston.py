"""Houston's algorithm (Robin Houston, via Jamis Buck's demos): Aldous-Broder, then Wilson's.

Aldous-Broder is quick at first, when most cells are new, and slow at the end; Wilson's is slow at
first, when the maze is one cell and walks wander long before they find it, and quick at the end.
So the walk carves until ``share`` percent of the cells are in, then loop-erased walks from the
cells left join them. Both halves are uniform on their own, the pair is not quite: the lab finds
it biased, clearly when the switch comes late (docs/algorithms.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..core.events import Event, EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Told, plural
from ..grids import Grid
from .aldous_broder import AldousBroderNarrator
from .base import Algorithm, Param
from .wilson import WilsonNarrator, join_by_walks

CARVE, CURRENT, PHASE = Kind.CARVE, Kind.CURRENT, Kind.PHASE
PHASES = ("random walk", "loop-erased walks")
DEFAULT_SHARE = 33
"""Buck's demo switches when about a third of the cells are in."""


def houston(grid: Grid, rng: random.Random, *, share: int = DEFAULT_SHARE, show: bool = True) -> EventStream:
    """Aldous-Broder until ``share`` percent of the cells are in the maze, then Wilson's walks
    from the others, in random order."""
    yield (PHASE, -1, -1, PHASES[0])
    flat = grid.neighbour_flat()
    directions = grid.directions
    rnd = rng.random
    in_maze = bytearray(grid.size)
    cell = int(rnd() * grid.size)
    in_maze[cell] = 1
    yield (CARVE, cell, -1, -1)
    left = switch_point(grid.size, share) - 1
    while left > 0:
        d = int(rnd() * directions)
        nb = flat[cell * directions + d]
        if nb < 0:  # off the edge: choose again
            continue
        if in_maze[nb]:
            if show:
                yield (CURRENT, nb, -1, -1)
        else:
            in_maze[nb] = 1
            left -= 1
            yield (CARVE, cell, nb, d)
        cell = nb
    yield (PHASE, -1, -1, PHASES[1])
    order = [c for c in range(grid.size) if not in_maze[c]]
    rng.shuffle(order)
    yield from join_by_walks(grid, rng, in_maze, order, show)


def switch_point(size: int, share: int) -> int:
    """How many cells the random walk carves before Wilson's takes over (at least the first)."""
    return max(1, min(size, round(size * share / 100)))


WALK_CODE = Code(
    start="cell = a random cell; mark it visited",
    loop="while fewer than share% of cells are visited:",
    pick="  nb = a random neighbour of cell",
    unvisited="  if nb is unvisited:",
    carve="    carve the wall from cell into nb",
    mark="    mark nb visited",
    step="  cell = nb",
)
WALKS_CODE = WilsonNarrator.code


class HoustonWalkNarrator(AldousBroderNarrator):
    """Aldous-Broder's words, with the loop that stops at the share."""

    code = WALK_CODE


class HoustonNarrator(Narrator):
    """Hands each phase's events to that algorithm's narrator: the walker first, then the walks
    (told which cells the walker left in the maze)."""

    code = Code(
        walk="random walk from a random cell, carving into new cells",
        until="  until share% of the cells are in the maze",
        each="for each cell still outside the maze:",
        erase="  loop-erased walk from it until it reaches the maze",
        carve="  carve the walk in",
    )
    phases = PHASES
    phase_code: ClassVar[dict[str, Code]] = {PHASES[0]: WALK_CODE, PHASES[1]: WALKS_CODE}
    legend = {**AldousBroderNarrator.legend, **WilsonNarrator.legend}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.share = int(self.params.get("share", DEFAULT_SHARE))
        self.walker = HoustonWalkNarrator(grid, params)
        self.walks = WilsonNarrator(grid, params)

    @property
    def inner(self) -> Narrator:
        """The narrator of the running phase."""
        return self.walks if self.phase == PHASES[1] else self.walker

    @property
    def shown_code(self) -> Code:
        return self.phase_code.get(self.phase, self.code)

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        if event[0] == PHASE or previous is None or previous[0] == PHASE:
            return True
        return self.inner.begins_step(previous, event)

    def tell(self, event: Event) -> Told:
        if event[0] == PHASE:
            return super().tell(event)
        told = self.inner.tell(event)
        if self.inner is self.walker and event[0] == CARVE:  # the walks must know the cells in the maze
            self.walks._join(event[2] if event[2] >= 0 else event[1])
        return told

    def tell_phase(self, cell: int, other: int, value: Any) -> Told:
        super().tell_phase(cell, other, value)
        target = switch_point(self.grid.size, self.share)
        if self.phase == PHASES[0]:
            return Told(WALK_CODE.start, f"Phase 1 of 2, random walk: Aldous-Broder until {self.share}% of "
                                            f"the cells ({plural(target, 'cell')}) are in the maze")
        left = self.grid.size - self.walks.joined
        return Told(WALKS_CODE.start, f"Phase 2 of 2, loop-erased walks: {plural(self.walks.joined, 'cell')} are "
                                        f"in; Wilson's walks bring in the {plural(left, 'cell')} left")

    def data(self) -> list[tuple[str, str]]:
        switch = ("Switch to Wilson's", f"at {plural(switch_point(self.grid.size, self.share), 'cell')} "
                                        f"({self.share}%)")
        return [*self.inner.data(), switch]

    def annotations(self) -> list[Annotation]:
        return self.inner.annotations()


ALGORITHM = Algorithm(
    name="houston",
    func=houston,
    description="Houston's: Aldous-Broder until a share of cells is in, then Wilson's walks.",
    params=(Param("share", DEFAULT_SHARE, "percent of the cells the random walk carves before Wilson's "
                  "takes over", minimum=0, maximum=100),),
    phases=PHASES,
    slow=True,
    narrator=HoustonNarrator,
)
