"""Origin shift (CaptainLuma, 2024): a perfect maze kept as a tree of arrows that all lead to one
cell, the origin; the origin moves to a random neighbour and one arrow is re-pointed each step.

Moving the origin from ``o`` to its neighbour ``n``: ``o`` now points at ``n``, and ``n`` (the new
origin) stops pointing anywhere, so one passage closes (``n``'s old arrow) and one opens (``o``'s
new one). The result is a spanning tree after every step. The origin does a plain random walk, and
once it has been everywhere the tree is the walk's last exits: Aldous-Broder's tree of the walk
run backwards, so the chain settles on every maze equally likely. ``iterations`` is the moves per
cell (the run makes ``iterations x cells`` moves); how many are enough is what the lab measures
(docs/algorithms.md).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind, expand
from ..core.narration import Annotation, Code, Narrator, Shape, Told, Tone, plural
from ..grids import Grid
from .backtracker import backtracker
from .base import Algorithm, Param
from .wilson import wilson

CARVE, WALL, CURRENT, PHASE = Kind.CARVE, Kind.WALL, Kind.CURRENT, Kind.PHASE
STARTS = ("bfs", "backtracker", "wilson")
"""The perfect mazes the arrows can start from: a breadth-first tree (every arrow on a shortest
way to the origin, as biased as a maze gets), the backtracker's, or Wilson's (already uniform)."""
DEFAULT_ITERATIONS = 20
PHASES = ("start maze", "shift")


def origin_shift(grid: Grid, rng: random.Random, *, iterations: int = DEFAULT_ITERATIONS, start: str = "bfs",
                 show: bool = True) -> EventStream:
    """Build the start maze, point its arrows at a random origin, then move the origin
    ``iterations x cells`` times. Shown, a move that only turns the arrow between the old and the
    new origin round (no passage changes) is a CURRENT event; quiet, it says nothing."""
    yield (PHASE, -1, -1, PHASES[0])
    origin = int(rng.random() * grid.size)
    passages: list[list[int]] = [[] for _ in range(grid.size)]
    for event in _start_maze(grid, rng, start, origin):
        if event[2] >= 0:
            passages[event[1]].append(event[2])
            passages[event[2]].append(event[1])
        yield event
    parent = _arrows(passages, origin)
    if show:
        yield (CURRENT, origin, -1, -1)
    yield (PHASE, -1, -1, PHASES[1])
    flat = grid.neighbour_flat()
    directions = grid.directions
    rnd = rng.random
    moves = iterations * grid.size if grid.size > 1 else 0
    while moves:
        d = int(rnd() * directions)
        nb = flat[origin * directions + d]
        if nb < 0:  # off the edge: choose again (uniform over the neighbours that exist)
            continue
        moves -= 1
        old = parent[nb]
        if old == origin:  # the arrow between them just turns round: the same passage
            if show:
                yield (CURRENT, nb, -1, -1)
        else:
            yield (WALL, nb, old, grid.direction_between(nb, old))
            yield (CARVE, origin, nb, d)
        parent[origin] = nb
        parent[nb] = -1
        origin = nb


def _start_maze(grid: Grid, rng: random.Random, start: str, origin: int) -> EventStream:
    """The start maze's carves, one event each: a breadth-first tree from ``origin``, or another
    generator's maze (its quiet stream, unpacked)."""
    if start == "bfs":
        yield (CARVE, origin, -1, -1)
        seen = bytearray(grid.size)
        seen[origin] = 1
        queue = deque([origin])
        while queue:
            cell = queue.popleft()
            for d, nb in grid.neighbours(cell):
                if not seen[nb]:
                    seen[nb] = 1
                    queue.append(nb)
                    yield (CARVE, cell, nb, d)
        return
    func = backtracker if start == "backtracker" else wilson
    yield from expand(func(grid, rng, show=False))


def _arrows(passages: list[list[int]], origin: int) -> list[int]:
    """Each cell's arrow: the next cell on its way to ``origin`` through the tree (-1 at the origin)."""
    parent = [-1] * len(passages)
    seen = bytearray(len(passages))
    seen[origin] = 1
    queue = deque([origin])
    while queue:
        cell = queue.popleft()
        for nb in passages[cell]:
            if not seen[nb]:
                seen[nb] = 1
                parent[nb] = cell
                queue.append(nb)
    return parent


class OriginShiftNarrator(Narrator):
    """The origin, the arrows re-pointed and the cells the origin has never stood on (whose arrows
    are still the start maze's)."""

    code = Code(
        start="build a perfect maze; pick a random origin",
        arrows="point every cell's arrow toward the origin",
        loop="repeat iterations x cells times:",
        pick="  n = a random neighbour of the origin",
        close="  remove n's arrow (close its passage)",
        open="  point the origin's arrow at n (open it)",
        move="  n becomes the origin",
    )
    phases = PHASES
    follows = frozenset({int(CARVE)})
    legend = {"current": "the origin (every arrow leads here)", "unvisited": "not in the start maze yet"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.iterations = int(self.params.get("iterations", DEFAULT_ITERATIONS))
        self.start = str(self.params.get("start", "bfs"))
        self.carved = 0
        self.origin = -1
        self.moves = 0
        self.repointed = 0
        self.visited = bytearray(grid.size)
        self.reached = 0
        self.closed: tuple[int, int] | None = None
        self.last: tuple[int, int] | None = None

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """The start maze is one step, and a move's close and open are one step."""
        if previous is None:
            return True
        if self.phase == PHASES[0] and event[0] == CARVE:
            return False
        return not (event[0] == CARVE and previous[0] == WALL)

    def tell_phase(self, cell: int, other: int, value: Any) -> Told:
        super().tell_phase(cell, other, value)
        if self.phase == PHASES[0]:
            return Told(self.code.start, f"Phase 1 of 2, start maze: carve a perfect maze ({self._start_words()}) "
                                         "to start from")
        total = self.iterations * self.grid.size
        return Told(self.code.arrows, f"Phase 2 of 2, shift: every arrow now leads to the origin at "
                                      f"{self.name(self.origin)}, which is to move {total:,} times "
                                      f"({self.iterations} a cell)")

    def _start_words(self) -> str:
        return {"bfs": "a breadth-first tree", "backtracker": "the recursive backtracker's",
                "wilson": "Wilson's"}.get(self.start, self.start)

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if self.phase != PHASES[1]:
            return self._tell_start(cell, other, value)
        self.repointed += 1
        self.last = (cell, other)
        return Told(self.code.open, f"{self.name(cell)} now points {self.direction(value)} at {self.name(other)}, "
                                    f"the new origin: that passage opens{self._move(other)}")

    def _tell_start(self, cell: int, other: int, value: int) -> Told:
        self.carved += 1
        if other < 0:
            return Told(self.code.start, f"The start maze grows from {self.name(cell)}")
        return Told(self.code.start, f"Start maze: carve {self.direction(value)} from {self.name(cell)} into "
                                     f"{self.name(other)}; {self.carved:,} of {self.grid.size:,} cells in")

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        self.closed = (cell, other)
        return Told(self.code.close, f"The origin at {self.name(self.origin)} picks its neighbour {self.name(cell)}, "
                                     f"whose arrow pointed {self.direction(value)} to {self.name(other)}: "
                                     "remove that arrow, closing the passage")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        if self.phase != PHASES[1]:
            self.origin = cell
            self.visited[cell] = 1
            self.reached = 1
            return Told(self.code.arrows, f"The origin is {self.name(cell)}, a random cell: every cell's arrow "
                                          "points to its next cell on the way there through the maze")
        self.closed = None
        self.last = (self.origin, cell)
        old = self.name(self.origin)
        return Told(self.code.move, f"The origin at {old} picks {self.name(cell)}, whose arrow already points at "
                                    f"it: the arrow turns round, no wall changes{self._move(cell)}")

    def _move(self, cell: int) -> str:
        """Move the origin to ``cell``; the move count and the cells never reached, as words."""
        self.moves += 1
        self.origin = cell
        if not self.visited[cell]:
            self.visited[cell] = 1
            self.reached += 1
        left = self.grid.size - self.reached
        never = f"{plural(left, 'cell')} never the origin yet" if left else "every cell has been the origin"
        return f"; move {self.moves:,} of {self.iterations * self.grid.size:,}, {never}"

    def data(self) -> list[tuple[str, str]]:
        total = self.iterations * self.grid.size
        return [("Origin", self.name(self.origin) if self.origin >= 0 else "none yet"),
                ("Moves", f"{self.moves:,} of {total:,} ({self.iterations} per cell)"),
                ("Arrows re-pointed", f"{self.repointed:,}"),
                ("Never the origin", f"{self.grid.size - self.reached:,} of {self.grid.size:,} cells")]

    def annotations(self) -> list[Annotation]:
        shown = []
        if self.last is not None:
            shown.append(Annotation(Shape.PATH, self.last))
        if self.closed is not None:
            shown.append(Annotation(Shape.WALL, self.closed, Tone.REJECTED))
        return shown


ALGORITHM = Algorithm(
    name="origin_shift",
    func=origin_shift,
    description="Origin shift: arrows lead to an origin that wanders, re-pointing one arrow a move.",
    params=(Param("iterations", DEFAULT_ITERATIONS, "origin moves per cell (iterations x cells moves in all)",
                  minimum=0, maximum=10_000),
            Param("start", "bfs", "the perfect maze the arrows start from", choices=STARTS)),
    phases=PHASES,
    slow=True,
    narrator=OriginShiftNarrator,
)
