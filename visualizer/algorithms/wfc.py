"""Wave function collapse, the simple tiled model (after Maxim Gumin's WaveFunctionCollapse), with
a connectivity constraint and backtracking.

A tile is a cell's set of open sides (a dead end, a straight, a corner, a junction, a cross); two
neighbours must agree on the side between them, and no side opens off the map. Every cell starts
able to be any tile that fits the map's edge (its entropy: how many are left).

- The entrance is the first cell to collapse. After that only a cell *reached* by an open side of
  a collapsed cell may collapse (it must be floor and open back): the one with the fewest tiles
  left, ties at random. It becomes one of its tiles at random by weight (``dead_ends`` and
  ``junctions`` weigh those tiles against 100 for straights and corners), and its neighbours'
  tiles are narrowed to those that match it. So the floor is always one region: the connectivity
  constraint holds by construction.
- A contradiction is a reached cell with no tile left, or every open side met before the exit is
  reached. Then the last choice is undone (its cell filled back in) and its cell tries another
  tile; a cell with none left undoes the choice before it (backtracking, a stack of decisions).
- When no cell is reached and the exit is floor, the cells never reached stay rock.

Square grids only: the tiles are the four sides of a square.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.maze import Maze
from ..core.narration import Annotation, Code, Shape, Told, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param
from .floor import FloorNarrator, fill_in, join_ends

CARVE, CURRENT, BACKTRACK, PHASE = Kind.CARVE, Kind.CURRENT, Kind.BACKTRACK, Kind.PHASE
PHASES = ("collapse", "ends")
FRONTIER_ADD, FRONTIER_REMOVE = Kind.FRONTIER_ADD, Kind.FRONTIER_REMOVE
SIDES = 4
TILES = range(1 << SIDES)
"""A tile is the bitmask of its open sides (bit d: open towards direction d)."""


def tile_weights(dead_ends: int, junctions: int) -> list[int]:
    """Each tile's weight: dead ends and junctions as asked, straights and corners 100; no sides 0."""
    by_sides = {0: 0, 1: dead_ends, 2: 100, 3: junctions, 4: junctions}
    return [by_sides[tile.bit_count()] for tile in TILES]


def wfc(grid: Grid, rng: random.Random, *, dead_ends: int = 5, junctions: int = 40,
        show: bool = True) -> EventStream:
    """Collapse reached cells, lowest entropy first, backtracking on contradictions, until the
    entrance's region is closed and holds the exit."""
    weights = tile_weights(dead_ends, junctions)
    ways = [grid.neighbours(cell) for cell in range(grid.size)]
    opposite = [grid.opposite(d) for d in range(SIDES)]
    fits = [edge_tiles(cell_ways) for cell_ways in ways]
    tile = [-1] * grid.size
    reach = [0] * grid.size
    """How many collapsed neighbours open a side into each cell (the entrance: one more)."""
    shadow = Maze(grid)
    apply = shadow.apply
    entrance, goal = grid.entrance[0], grid.exit[0]
    reach[entrance] = 1
    frontier = Entropies()
    stack: list[list[int]] = []
    """The decisions: ``[cell, tiles tried]``, the newest last."""

    known: dict[int, int] = {}
    """``options`` of the reached cells, until a neighbour collapses or is undone."""

    def options(cell: int) -> int:
        """The tiles still open to ``cell``: those fitting the edge and every collapsed neighbour."""
        if cell in known:
            return known[cell]
        allowed = fits[cell]
        for d, nb in ways[cell]:
            t = tile[nb]
            if t >= 0:
                want = t >> opposite[d] & 1
                allowed &= MATCH[d][want]
        known[cell] = allowed
        return allowed

    def entropy(cell: int) -> int:
        return usable(options(cell), weights).bit_count()

    def forget(cell: int) -> None:
        """``cell`` collapsed or was undone: its neighbours' tiles left change."""
        known.pop(cell, None)
        for _, nb in ways[cell]:
            known.pop(nb, None)

    def refresh(cell: int) -> None:
        for _, nb in ways[cell]:
            if nb in frontier:
                frontier.add(nb, entropy(nb))

    frontier.add(entrance, entropy(entrance))

    def collapse(cell: int, choices: int) -> EventStream:
        t = pick(rng, choices, weights)
        stack[-1][1] |= 1 << t
        tile[cell] = t
        forget(cell)
        frontier.discard(cell)
        event: Event = (CARVE, cell, -1, 0)
        apply(event)
        yield event
        for d, nb in ways[cell]:
            if not t >> d & 1:
                continue
            if tile[nb] >= 0:
                event = (CARVE, cell, nb, d)
                apply(event)
                yield event
            else:
                reach[nb] += 1
                if reach[nb] == 1:
                    frontier.add(nb, entropy(nb))
                    if show:
                        yield (FRONTIER_ADD, nb, -1, -1)
        refresh(cell)

    def undo(cell: int) -> EventStream:
        t = tile[cell]
        if show:
            yield (BACKTRACK, cell, -1, t)
        yield from fill_in(grid, shadow, cell)
        tile[cell] = -1
        forget(cell)
        for d, nb in ways[cell]:
            if t >> d & 1 and tile[nb] < 0:
                reach[nb] -= 1
                if reach[nb] == 0:
                    frontier.discard(nb)
                    if show:
                        yield (FRONTIER_REMOVE, nb, -1, -1)
        frontier.add(cell, entropy(cell))
        refresh(cell)
        if show:
            yield (FRONTIER_ADD, cell, -1, -1)

    yield (PHASE, -1, -1, "collapse")
    undone = 0
    while True:
        if frontier:
            cell = frontier.lowest(rng)
            choices = usable(options(cell), weights)
            if choices:
                if show:
                    yield (CURRENT, cell, -1, usable(choices, weights).bit_count())
                stack.append([cell, 0])
                yield from collapse(cell, choices)
                continue
        elif tile[goal] >= 0 or len(stack) * CLOSED_SHARE >= grid.size or undone >= grid.size:
            break  # closed off: with the exit, or big enough (or tried long enough) to dig to it
        while stack:  # a contradiction: undo the newest choice; try another tile, or undo further
            cell, tried = stack[-1]
            yield from undo(cell)
            undone += 1
            left = usable(options(cell) & ~tried, weights)
            if left:
                if show:
                    yield (CURRENT, cell, -1, left.bit_count())
                yield from collapse(cell, left)
                break
            stack.pop()
        else:
            break  # nothing left to try
    yield (PHASE, -1, -1, "ends")
    yield from join_ends(grid, shadow, show=show)


CLOSED_SHARE = 3
"""Closed off before the exit with under 1 / this of the map collapsed is a contradiction."""


MATCH = [[sum(1 << t for t in TILES if (t >> d & 1) == want) for want in (0, 1)] for d in range(SIDES)]
"""``MATCH[d][0]``: the tiles closed towards direction d; ``MATCH[d][1]``: those open towards it."""


def edge_tiles(cell_ways: list[tuple[int, int]]) -> int:
    """The tiles that open no side off the map (a cell with no neighbour at all: the empty tile)."""
    sides = sum(1 << d for d, _ in cell_ways)
    fitting = sum(1 << t for t in TILES if t and not t & ~sides)
    return fitting or 1


def usable(choices: int, weights: list[int]) -> int:
    """The tiles among ``choices`` that can be drawn (a weight above 0; the empty tile always)."""
    return choices & (sum(1 << t for t in TILES if weights[t] > 0) | 1)


class Entropies:
    """The reached cells by entropy (tiles left), each count's cells in a list with their places,
    so the lowest is found, and a cell added, moved or dropped, in constant time."""

    def __init__(self) -> None:
        self.cells: list[list[int]] = [[] for _ in range(len(TILES) + 1)]
        self.place: dict[int, tuple[int, int]] = {}
        """A cell's entropy and its place in that entropy's list."""

    def __len__(self) -> int:
        return len(self.place)

    def __contains__(self, cell: int) -> bool:
        return cell in self.place

    def add(self, cell: int, entropy: int) -> None:
        """Put ``cell`` among the cells of ``entropy`` (moved there if it is elsewhere)."""
        if self.place.get(cell, (-1, 0))[0] == entropy:
            return
        self.discard(cell)
        bucket = self.cells[entropy]
        self.place[cell] = (entropy, len(bucket))
        bucket.append(cell)

    def discard(self, cell: int) -> None:
        if cell not in self.place:
            return
        entropy, at = self.place.pop(cell)
        bucket = self.cells[entropy]
        last = bucket.pop()
        if last != cell:  # the last cell fills the gap
            bucket[at] = last
            self.place[last] = (entropy, at)

    def lowest(self, rng: random.Random) -> int:
        """A cell with the fewest tiles left (none first: a contradiction), ties at random."""
        bucket = next(b for b in self.cells if b)
        return bucket[int(rng.random() * len(bucket))] if len(bucket) > 1 else bucket[0]


def pick(rng: random.Random, choices: int, weights: list[int]) -> int:
    """One tile of ``choices`` at random by weight (the empty tile when it is the only one)."""
    tiles = [t for t in TILES if choices >> t & 1 and weights[t] > 0]
    if not tiles:
        return 0
    total = sum(weights[t] for t in tiles)
    at = rng.random() * total
    for t in tiles:
        at -= weights[t]
        if at < 0:
            return t
    return tiles[-1]


TILE_WORDS = {0: "a lone cell", 1: "a dead end", 2: "a straight or a corner", 3: "a junction", 4: "a crossing"}


class WfcNarrator(FloorNarrator):
    """The entropy of the cell collapsing, the reached cells waiting, the stack of decisions."""

    code = Code(
        wave="every cell may be any tile that fits the map's edge",
        start="the entrance is reached first",
        loop="while a cell is reached by an open side:",
        pick="  take the reached cell with fewest tiles left",
        collapse="  collapse it to one of them, at random by weight",
        narrow="  neighbours keep only matching tiles; open sides reach them",
        stuck="  if a cell has no tile left, or all closes before the exit:",
        undo="    undo the newest choice, try another tile (backtrack)",
        rock="cells never reached stay rock: the floor is one region",
        ends="if the exit is still rock (closed off, big enough):",
        dig="  dig a tunnel to it from the nearest floor",
        door="  where a tunnel meets floor, open a door",
    )
    phases = PHASES
    legend = {**FloorNarrator.legend, "frontier": "reached: must be floor, not collapsed yet",
              "unvisited": "not collapsed (rock if never reached)", "pruned": "collapsed, then undone (backtracked)",
              "current": "the cell collapsing"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.reached: dict[int, None] = {grid.entrance[0]: None}
        self.stack: list[int] = []
        self.backtracks = 0
        self.floor = 0
        self.entropy = -1
        self.collapsing = -1
        self.undoing = False

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A collapse (from its CURRENT) and an undo (from its BACKTRACK) are each one step."""
        return previous is None or event[0] in (CURRENT, BACKTRACK)

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        self.joining_end = -1
        if self.phase == "collapse":
            return Told(self.code.wave, "Phase 1 of 2, collapse: every cell may be any tile that fits the map's "
                                        "edge; reached cells collapse, fewest tiles first")
        self.collapsing = -1
        return Told(self.code.rock, "Phase 2 of 2, ends: the floor is closed off; the cells never reached stay rock, "
                                    "and the exit is dug to if it is rock")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        if self.phase == "ends":
            return super().tell_current(cell, other, value)
        self.collapsing, self.entropy = cell, value
        if self.undoing:
            self.undoing = False
            return Told(self.code.undo, f"{self.name(cell)} tries another tile: {plural(value, 'tile')} it has not "
                                        "tried are left")
        if not self.stack:
            return Told(self.code.start, f"The entrance, {self.name(cell)}, must be floor: it collapses first, "
                                         f"with {plural(value, 'tile')} that fit the map's edge")
        return Told(self.code.pick, f"{self.name(cell)} has the fewest tiles left of the "
                                    f"{plural(len(self.reached), 'reached cell')}: {plural(value, 'tile')}")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if self.phase == "ends":
            return self.tell_alone(cell) if other < 0 else self.tell_dug(cell, other)
        if other < 0:
            self.floor += 1
            self.stack.append(cell)
            self.reached.pop(cell, None)
            return Told(self.code.collapse, f"{self.name(cell)} collapses to one tile, chosen at random by weight; "
                                            f"{plural(len(self.stack), 'decision')} on the stack")
        return Told(self.code.narrow, f"{self.name(cell)} opens {self.direction(value)} into {self.name(other)}, "
                                      f"which opens back{self.this_step(cell, 'joined')}")

    def tell_frontier_add(self, cell: int, other: int, value: int) -> Told:
        self.reached[cell] = None
        if self.undoing:
            return Told(self.code.undo, f"{self.name(cell)} waits again to collapse{self.this_step(cell, 'reopened')}")
        return Told(self.code.narrow, f"An open side reaches {self.name(cell)}: it must be floor, and waits to "
                                      f"collapse{self.this_step(cell, 'reached')}")

    def tell_frontier_remove(self, cell: int, other: int, value: int) -> Told:
        self.reached.pop(cell, None)
        return Told(self.code.undo, f"{self.name(cell)} is no longer reached by an open side"
                                    f"{self.this_step(cell, 'dropped')}")

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        self.backtracks += 1
        self.undoing = True
        self.collapsing = cell
        if self.stack and self.stack[-1] == cell:
            self.stack.pop()
        why = ("every open side has met floor before the exit was reached" if not self.reached
               else "a reached cell has no tile left")
        what = TILE_WORDS[int(value).bit_count()]
        return Told(self.code.stuck, f"A contradiction: {why}; the choice at {self.name(cell)} ({what}) is undone")

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        return Told(self.code.undo, f"{self.name(cell)} is closed off from {self.name(other)} again"
                                    f"{self.this_step(cell, 'undone')}")

    def tell_prune(self, cell: int, other: int, value: int) -> Told:
        self.floor -= 1
        return Told(self.code.undo, f"{self.name(cell)} is rock again, not collapsed{self.this_step(cell, 'undone')}")

    def data(self) -> list[tuple[str, str]]:
        rows = [("Decisions", f"{len(self.stack):,} on the stack, {self.backtracks:,} backtracks"),
                ("Reached", f"{len(self.reached):,} cells waiting to collapse"),
                ("Floor", f"{self.floor:,} cells collapsed")]
        if self.collapsing >= 0 and self.entropy >= 0:
            rows.append(("Entropy", f"{self.entropy} tiles left at {self.name(self.collapsing)}"))
        return rows

    def annotations(self) -> list[Annotation]:
        """The cell collapsing or being undone."""
        return [Annotation(Shape.BOX, (self.collapsing,))] if self.collapsing >= 0 else []


ALGORITHM = Algorithm(
    name="wfc",
    func=wfc,
    description="Wave function collapse: corridor tiles collapse lowest entropy first, backtracking on "
                "contradictions.",
    params=(
        Param("dead_ends", 5, "weight of dead-end tiles (straights and corners weigh 100)", minimum=1, maximum=1000),
        Param("junctions", 40, "weight of junction and crossing tiles (straights and corners weigh 100)",
              minimum=1, maximum=1000),
    ),
    grids=(SquareGrid.kind,),  # the tiles are the four sides of a square
    on_masks=False,
    perfect=False,
    phases=PHASES,
    narrator=WfcNarrator,
)
