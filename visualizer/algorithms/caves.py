"""Cellular-automaton caves (RogueBasin's "Cellular Automata Method for Generating Random Cave-Like
Levels"): random rock, then generations of the 4-5 rule, then the caves joined.

1. fill        - each cell is rock by the ``fill`` chance, floor otherwise; neighbouring floor
                 cells are open to each other (a cave is open ground, not corridors).
2. generations - each generation counts the rock among every cell's neighbours (the cells sharing a
                 corner with it; off the map counts as rock) and changes every cell at once: rock
                 stays rock when at least half of them are rock, floor becomes rock when more than
                 half are (on a square grid, 4 and 5 of the 8: the 4-5 rule). A generation is a step.
3. join        - ``keep=join``: a tunnel from the caves joined so far to the nearest cave not yet
                 joined, until all are one; ``keep=largest``: every cave but the largest filled in.
4. ends        - the entrance and the exit are dug to the nearest floor.

It runs on every grid that has plane geometry (the corners say who neighbours whom): on hex grids
the rule counts the 6 neighbours (rock stays with 3, floor turns with 4).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.events import Event, EventStream, Kind
from ..core.maze import Maze
from ..core.narration import Annotation, Code, Shape, Told, plural
from ..grids import GRIDS, Grid
from .base import Algorithm, Param
from .floor import FloorNarrator, dig, fill_in, floor_parts, is_floor, join_ends

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

PHASE, CARVE, SCAN, CHAMBER, PRUNE, WALL = Kind.PHASE, Kind.CARVE, Kind.SCAN, Kind.CHAMBER, Kind.PRUNE, Kind.WALL
PHASES = ("fill", "generations", "join", "ends")
KEEP = ("join", "largest")


def has_plane_geometry(cls: type[Grid]) -> bool:
    """The caves' rule counts the cells sharing a corner, read off the grid's picture."""
    return cls.edge_segments is not Grid.edge_segments


def caves(grid: Grid, rng: random.Random, *, fill: int = 45, generations: int = 4, keep: str = "join",
          show: bool = True) -> EventStream:
    """Random rock, ``generations`` of the rule, then the caves joined (or the largest kept)."""
    shadow = Maze(grid)
    table = corner_neighbours(grid)
    yield (PHASE, -1, -1, "fill")
    rock = np.array([rng.random() * 100 < fill for _ in range(grid.size)], dtype=bool)
    yield from change(grid, shadow, np.ones(grid.size, dtype=bool), rock)
    yield (PHASE, -1, -1, "generations")
    for generation in range(1, generations + 1):
        if show:
            yield (SCAN, 0, grid.size - 1, generation)
        after = next_generation(rock, table)
        yield from change(grid, shadow, rock, after)
        rock = after
    yield (PHASE, -1, -1, "join")
    if keep == "largest":
        for cave in floor_parts(grid, lambda c: is_floor(shadow, c))[1:]:
            if show:
                yield (CHAMBER, min(cave), -1, len(cave))
            for cell in sorted(cave):
                yield from fill_in(grid, shadow, cell)
    else:
        yield from join_caves(grid, shadow, show=show)
    yield (PHASE, -1, -1, "ends")
    yield from join_ends(grid, shadow, show=show)


def corner_neighbours(grid: Grid, reference: int | None = None) -> np.ndarray:
    """``(size, k)``: for each cell the cells sharing a corner with it (-1 pads), ``k`` the most a
    cell of a roomy grid of its kind has (``reference``; worked out when None), so that a missing
    one counts as rock, as off the map does, even on a grid one cell wide."""
    if reference is None:
        roomy = GRIDS[grid.kind](REFERENCE_SIDE, REFERENCE_SIDE)
        reference = corner_neighbours(roomy, 0).shape[1]
    segments = grid.edge_segments()
    points = np.round(segments.reshape(grid.size, -1, 2) * 4096).astype(np.int64)  # every side's two ends
    owners = np.repeat(np.arange(grid.size), points.shape[1])
    points = points.reshape(-1, 2) - points.reshape(-1, 2).min(axis=0)
    flat = points[:, 0] * (int(points[:, 1].max()) + 1) + points[:, 1]
    keys = np.unique(flat, return_inverse=True)[1].ravel()
    held = np.unique(keys * grid.size + owners)  # each cell once at each of its corners, sorted by corner
    keys, owners = held // grid.size, held % grid.size
    pairs = []
    for gap in range(1, len(keys)):  # cells at one corner sit together once sorted
        same = keys[gap:] == keys[:-gap]
        if not same.any():
            break
        a, b = owners[:-gap][same], owners[gap:][same]
        pairs += [np.stack([a, b], axis=1), np.stack([b, a], axis=1)]
    linked = np.unique(np.concatenate(pairs), axis=0) if pairs else np.empty((0, 2), dtype=np.int64)
    linked = linked[linked[:, 0] != linked[:, 1]]
    counts = np.bincount(linked[:, 0], minlength=grid.size)
    width = max(int(counts.max()), reference) if reference else int(counts.max())
    table = np.full((grid.size, width), -1, dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    column = np.arange(len(linked)) - starts[linked[:, 0]]
    table[linked[:, 0], column] = linked[:, 1]
    return table


REFERENCE_SIDE = 7
"""The side of the grid whose middle cells say how many neighbours a cell has."""


def next_generation(rock: np.ndarray, table: np.ndarray) -> np.ndarray:
    """One generation of the rule, every cell at once: rock among the neighbours (off the map and
    missing ones count as rock); rock stays with at least half, floor turns with more than half."""
    around = np.where(table >= 0, rock[np.maximum(table, 0)], True).sum(axis=1)
    half = table.shape[1] / 2
    return (around > half) | (rock & (around >= half))


def change(grid: Grid, shadow: Maze, before: np.ndarray, after: np.ndarray) -> EventStream:
    """The events that turn the map ``before`` into ``after`` (True: rock): new rock filled in
    first, then each new floor cell opened to the floor around it, in cell order."""
    for cell in np.flatnonzero(after & ~before).tolist():
        yield from fill_in(grid, shadow, cell)
    for cell in np.flatnonzero(~after & before).tolist():
        event: Event = (CARVE, cell, -1, 0)
        shadow.apply(event)
        yield event
        for d, nb in grid.neighbours(cell):
            if is_floor(shadow, nb):
                event = (CARVE, cell, nb, d)
                shadow.apply(event)
                yield event


def join_caves(grid: Grid, shadow: Maze, *, show: bool = True) -> EventStream:
    """Tunnels until the caves are one: a search spreads from the caves joined so far (the largest
    first) through rock, one step a cell; a cave it reaches is dug to along the search's way back,
    and the cave and its tunnel join at distance 0. ``show``: a CHAMBER for each cave reached."""
    parts = floor_parts(grid, lambda c: is_floor(shadow, c))
    if len(parts) < 2:
        return
    cave_of = {cell: number for number, part in enumerate(parts) for cell in part}
    far = grid.size + 1
    distance = [far] * grid.size
    parent = [-1] * grid.size
    queue: deque[int] = deque()
    for cell in parts[0]:
        distance[cell] = 0
        queue.append(cell)
    joined = {0}
    while queue and len(joined) < len(parts):
        cell = queue.popleft()
        for _, nb in grid.neighbours(cell):
            cave = cave_of.get(nb, -1)
            if cave >= 0 and cave not in joined:
                if show:
                    yield (CHAMBER, nb, -1, len(parts[cave]))
                path = [nb, cell]
                while distance[path[-1]] > 0:
                    path.append(parent[path[-1]])
                path.reverse()
                yield from dig(grid, shadow, path)
                joined.add(cave)
                for reached in path[1:] + parts[cave]:
                    distance[reached] = 0
                    queue.appendleft(reached)
            elif distance[cell] + 1 < distance[nb] and cave < 0:
                distance[nb] = distance[cell] + 1
                parent[nb] = cell
                queue.append(nb)


class CavesNarrator(FloorNarrator):
    """The generation and the floor share as the automaton runs; the caves as they are joined."""

    code = Code(
        fill="make each cell rock by the fill chance, else floor",
        loop="repeat for each generation:",
        tally="  count the rock around each cell (off the map is rock)",
        rule="  rock stays with half of them rock; floor turns with more",
        apply="  change every cell at once",
        parts="find the caves: floor cells that touch belong together",
        keep="fill in every cave but the largest (keep=largest), or:",
        dig="dig a tunnel to the nearest cave not joined yet",
        door="  open it into that cave",
        ends="dig the entrance and the exit to the nearest floor",
    )
    phases = PHASES
    legend = {**FloorNarrator.legend, "pruned": "rock again (filled in)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.floor = 0
        self.generation = 0
        self.opened = self.closed = 0
        """Cells the generation being told has turned to floor and to rock."""
        self.caves_joined = 0
        self.caves_filled = 0
        self.cave: int = -1

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """The fill is one step; so is each generation (from its SCAN), each cave joined or filled
        in (from its CHAMBER) and each end's tunnel."""
        return previous is None or event[0] in (PHASE, SCAN, CHAMBER, Kind.CURRENT)

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        self.joining_end = -1
        self.cave = -1
        p = self.params
        keep = p.get("keep", "join")
        line, what = {
            "fill": (self.code.fill, f"each cell becomes rock with a chance of {p.get('fill', 45)} %, else floor"),
            "generations": (self.code.loop, f"the rule, run {plural(p.get('generations', 4), 'time')}, "
                                            "every cell changed at once each time"),
            "join": (self.code.parts, "join every cave to the others with tunnels" if keep == "join"
                     else "keep the largest cave and fill in the rest"),
            "ends": (self.code.ends, "dig the entrance and the exit to the nearest floor where they are rock"),
        }[self.phase]
        return Told(line, f"Phase {PHASES.index(self.phase) + 1} of {len(PHASES)}, {self.phase}: {what}")

    def tell_scan(self, cell: int, other: int, value: int) -> Told:
        self.generation = value
        self.opened = self.closed = 0
        return Told(self.code.tally, f"Generation {value}: the rock around every cell is counted, and every "
                                     "cell changes at once by the rule")

    def tell_chamber(self, cell: int, other: int, value: int) -> Told:
        self.cave = cell
        if self.params.get("keep", "join") == "largest":
            self.caves_filled += 1
            return Told(self.code.keep, f"The cave of {plural(value, 'cell')} at {self.name(cell)} is not the "
                                        "largest: it is filled in")
        self.caves_joined += 1
        return Told(self.code.dig, f"The cave of {plural(value, 'cell')} at {self.name(cell)} is the nearest not "
                                   "joined yet: a tunnel is dug to it")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            self.floor += 1
            self.opened += 1
            if self.phase == "ends":
                return self.tell_alone(cell)
            line = self.code.fill if self.phase == "fill" else self.code.apply
            return Told(line, f"{self.name(cell)} becomes floor ({plural(self.floor, 'floor cell')} now)"
                              f"{self.this_step(cell, 'changed')}")
        if self.phase in ("fill", "generations"):
            line = self.code.fill if self.phase == "fill" else self.code.apply
            return Told(line, f"{self.name(cell)} is open to the floor beside it at {self.name(other)}"
                              f"{self.this_step(cell, 'changed')}")
        self.floor += 1
        return self.tell_dug(cell, other)

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        line = self.code.keep if self.phase == "join" else self.code.apply
        return Told(line, f"{self.name(cell)} is closed off from {self.name(other)}, as it turns to rock"
                          f"{self.this_step(cell, 'changed')}")

    def tell_prune(self, cell: int, other: int, value: int) -> Told:
        self.floor -= 1
        self.closed += 1
        line = self.code.keep if self.phase == "join" else self.code.rule
        return Told(line, f"{self.name(cell)} turns to rock ({plural(self.floor, 'floor cell')} left)"
                          f"{self.this_step(cell, 'changed')}")

    def data(self) -> list[tuple[str, str]]:
        share = 100 * self.floor / max(1, self.grid.size)
        rows = [("Generation", f"{self.generation} of {self.params.get('generations', 4)}"),
                ("Floor", f"{self.floor:,} cells, {share:.0f} % of the map")]
        if self.phase == "generations" and self.generation:
            rows.append(("This generation", f"{self.opened:,} to floor, {self.closed:,} to rock"))
        if self.phase in ("join", "ends"):
            rows.append(("Caves", f"{self.caves_joined:,} joined by tunnels, {self.caves_filled:,} filled in"))
        return rows

    def annotations(self) -> list[Annotation]:
        """The cave being joined or filled in."""
        return [Annotation(Shape.BOX, (self.cave,))] if self.cave >= 0 else []


ALGORITHM = Algorithm(
    name="caves",
    func=caves,
    description="Automaton caves: random rock, generations of the 4-5 rule, then the caves joined.",
    params=(
        Param("fill", 45, "chance in percent that a cell starts as rock", minimum=0, maximum=100),
        Param("generations", 4, "generations of the rule (each one a step)", minimum=0, maximum=50),
        Param("keep", "join", "join every cave with tunnels, or keep only the largest", choices=KEEP),
    ),
    needs=has_plane_geometry,
    perfect=False,
    phases=PHASES,
    narrator=CavesNarrator,
)
