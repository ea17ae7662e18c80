"""Rooms and mazes: a dungeon in four visible phases (after Bob Nystrom's "Rooms and Mazes").

1. rooms   - random non-overlapping rooms; floors fully open inside. The grid picks the shape
             (``Grid.room_cells``): rectangles on square grids, hexagons on hex grids.
2. maze    - every cell outside the rooms is filled with winding corridors (one region per tree).
3. connect - regions are joined by connectors (a closed wall between two regions), picked in a
             random order and kept only when they join two still-separate regions: a spanning tree
             over the regions, so the dungeon is one connected region by construction. A few extra
             connectors (``loops`` percent) make cycles.
4. prune   - dead-end corridor cells are removed until none remain (rooms never are);
             ``dead_ends`` percent of the dead-end branches may be left standing.

The generator folds its rooms and corridors into a private Maze to know the passages it has made;
the pruning keeps its own copy of them, with the connectors added.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.events import RUN_LENGTH, Event, EventStream, Kind, packed
from ..core.maze import CellState, Maze
from ..core.narration import Annotation, Code, Narrator, Shape, Told, Tone, plural
from ..grids import Grid
from .backtracker import BacktrackerNarrator, backtracker
from .base import Algorithm, Param
from .bulk_random import Draws

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, CONNECT, PRUNE, ROOM, PHASE, REJECT = Kind.CARVE, Kind.CONNECT, Kind.PRUNE, Kind.ROOM, Kind.PHASE, Kind.REJECT
PRUNES, MIXED = Kind.PRUNES, Kind.MIXED
Door = tuple[int, int, int]
"""A connector opened: ``(cell, other, direction)``."""


def dungeon(grid: Grid, rng: random.Random, *, attempts: int = 100, room_min: int = 2, room_max: int = 5,
            winding: int = 40, loops: int = 3, dead_ends: int = 0, show: bool = True) -> EventStream:
    """Rooms, then corridors, then connectors, then pruning; one connected region by construction."""
    if room_max < room_min:
        raise ValueError(f"room_max ({room_max}) must be at least room_min ({room_min})")
    shadow = Maze(grid)

    apply = shadow.apply

    def tracked(events):
        """Pass events on after folding them into the shadow maze; return the phase's result."""
        while True:
            try:
                event = next(events)
            except StopIteration as stop:
                return stop.value
            apply(event)
            yield event

    yield (PHASE, -1, -1, "rooms")
    rooms = yield from tracked(place_rooms(grid, rng, attempts, room_min, room_max, show=show))
    yield (PHASE, -1, -1, "maze")
    yield from fill_corridors(grid, rng, shadow, first_region=rooms, winding=winding, show=show)
    table = grid.neighbour_array()
    yield (PHASE, -1, -1, "connect")
    doors = yield from connect_regions(grid, rng, shadow, table, loops, show=show)
    yield (PHASE, -1, -1, "prune")
    yield from prune_dead_ends(grid, rng, shadow, table, doors, dead_ends, show=show)


def place_rooms(grid: Grid, rng: random.Random, attempts: int, room_min: int, room_max: int, *,
                show: bool = True) -> Generator[Event, None, int]:
    """Try ``attempts`` random rooms, keep those that overlap no kept room; returns the room count.
    ``show`` says so for each room refused (one that fits on the grid but overlaps a kept one)."""
    taken = bytearray(grid.size)
    count = 0
    for _ in range(attempts):
        cells = grid.room_cells(rng, room_min, room_max)
        if not cells:
            continue
        if any(taken[c] for c in cells):
            if show:
                yield (REJECT, cells[0], cells[-1], -1)
            continue
        members = set(cells)
        for c in cells:
            taken[c] = 1
            yield (ROOM, c, -1, count)
        for c in cells:
            for d, nb in grid.neighbours(c):
                if nb in members and c < nb:
                    yield (CARVE, c, nb, d)
        count += 1
    return count


def fill_corridors(grid: Grid, rng: random.Random, shadow: Maze, first_region: int, winding: int, *,
                   show: bool = True) -> EventStream:
    """Grow a winding corridor tree from every cell that no room or corridor holds yet, folding
    its maze-changing events into the ``shadow`` maze as they pass (here, not a layer of its own:
    half a million shown events each pass through one generator frame fewer)."""
    apply = shadow.apply
    visited = bytearray((shadow.state != CellState.UNVISITED).astype("uint8").tobytes())
    region = first_region
    cell = visited.find(0)
    while cell >= 0:  # the next cell no room or corridor holds, found at C speed
        for event in backtracker(grid, rng, winding=winding, start=cell, visited=visited, region=region,
                                 show=show, runs=True):
            if event[0] < DISPLAY:  # a BACKTRACK changes nothing to fold
                apply(event)
            yield event
        region += 1
        cell = visited.find(0, cell + 1)


DISPLAY = 10
"""The first display-only kind (``Kind.changes_maze``)."""


def connect_regions(grid: Grid, rng: random.Random, shadow: Maze, table: np.ndarray, loops: int, *,
                    show: bool = True) -> Generator[Event, None, list[Door]]:
    """Open connectors in random order, keeping each one that joins two separate regions; ``show``
    says so for each one skipped (its regions are joined already). Returns the connectors opened,
    as ``(cell, other, direction)``: the shadow maze is not told (it would merge its regions for
    nothing), so the pruning opens them in its own copy of the passages."""
    region = shadow.region
    cells = np.arange(grid.size)
    connectors: list[tuple[int, int, int]] = []
    for d in range(grid.directions):  # every wall between two different regions, once (a < b)
        nb = table[:, d]
        safe = np.maximum(nb, 0)
        between = (nb > cells) & (region >= 0) & (region[safe] >= 0) & (region != region[safe])
        found = np.flatnonzero(between)
        connectors.extend(zip(found.tolist(), nb[found].tolist(), [d] * len(found)))
    connectors.sort()  # a fixed order before the seeded shuffle, whatever numpy returned
    rng.shuffle(connectors)
    region = region.tolist()
    parent: dict[int, int] = {}

    def find(r: int) -> int:
        root = r
        while parent.get(root, root) != root:
            root = parent[root]
        while r != root:  # path compression
            parent[r], r = root, parent.get(r, r)
        return root

    doors: list[Door] = []
    door_cells: set[int] = set()
    for a, b, d in connectors:
        ra, rb = find(region[a]), find(region[b])
        if ra != rb:
            parent[rb] = ra
        elif a in door_cells or b in door_cells or rng.random() * 100 >= loops:
            if show:
                yield (REJECT, a, b, d)
            continue  # already joined: only an occasional extra door, never two side by side
        door_cells.update((a, b))
        doors.append((a, b, d))
        yield (CONNECT, a, b, d)
    return doors


def prune_dead_ends(grid: Grid, rng: random.Random, shadow: Maze, table: np.ndarray, doors: list[Door],
                    keep_percent: int, *, show: bool = True) -> EventStream:
    """Remove corridor cells with a single way out until none remain (rooms are never pruned).

    A queue of dead ends, first in first out: the queue as it starts (every corridor dead end in
    cell order, each left standing by a draw of ``keep_percent``), then each pruned cell's
    neighbour when that leaves it a dead end. The pruning keeps its own copy of the passages (the
    shadow maze's plus the ``doors``) and cell states. On a small grid one cell at a time
    (``_prune_queue``); on a large one a whole round of the queue at a time (``_prune_in_rounds``),
    shown as MIXED runs of its prunes."""
    ways = shadow.passages.copy()
    """Each cell's open passages, a bit per direction."""
    opposite = [grid.opposite(d) for d in range(grid.directions)]
    for a, b, d in doors:
        ways[a] |= 1 << d
        ways[b] |= 1 << opposite[d]
    outside = np.zeros(grid.size, dtype=np.uint8)
    """Openings to the outside (the entrance and the exit count as a way out)."""
    outside[shadow.entrance[0]] += 1
    outside[shadow.exit[0]] += 1
    state = shadow.state.copy()
    dead = (state == CellState.PASSAGE) & (way_counts(ways) + outside <= 1)
    queue = np.flatnonzero(dead)
    if len(queue) < BULK_PRUNE_FROM or type(rng) is not random.Random:
        kept = {int(c) for c in queue.tolist() if rng.random() * 100 < keep_percent}
        yield from _prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                                deque(queue.tolist()), kept, show=show)
        return
    draws = Draws(rng)
    standing = np.zeros(grid.size, dtype=bool)
    standing[queue[draws.floats(len(queue)) * 100 < keep_percent]] = True
    draws.finish()
    rounds = _prune_in_rounds(grid, table, ways, state, outside, queue, standing)
    yield from (shown_prunes(rounds) if show else rounds)


def shown_prunes(events: EventStream) -> EventStream:
    """The rounds' PRUNES runs as MIXED runs of PRUNE rows: the very prunes, in their order, that
    the queue shows one at a time, and the overlay folds a MIXED run in bulk."""
    for _, _, _, rows in events:
        yield (MIXED, -1, -1, np.column_stack((np.full(len(rows), PRUNE), rows)))  # type: ignore[arg-type,misc]


BULK_PRUNE_FROM = 2048
"""Queues of this many dead ends or more are pruned a round at a time when nothing is shown."""


def way_counts(bits: np.ndarray) -> np.ndarray:
    """How many ways out each cell's passage bits give."""
    return np.unpackbits(bits.astype(np.uint8)[:, None], axis=1).sum(axis=1)


def _prune_queue(grid: Grid, table: np.ndarray, ways: list[int], state: bytearray, outside: list[int],
                 queue: deque[int], kept: set[int] | frozenset[int], *, show: bool = True) -> EventStream:
    """The queue one cell at a time: the pruning as the pseudocode tells it. Unshown, the same
    prunes are handed over RUN_LENGTH at a time (PRUNES events: each cell is pruned once). A dead
    end is a corridor cell with at most one way out (the test is written out twice, not called:
    it runs twice a pruned cell)."""
    passage, pruned = int(CellState.PASSAGE), int(CellState.PRUNED)
    opposite = [grid.opposite(d) for d in range(grid.directions)]
    neighbour = table.item
    popleft, append = queue.popleft, queue.append
    rows: list[int] = []
    while queue:
        cell = popleft()
        if cell in kept or state[cell] != passage or ways[cell].bit_count() + outside[cell] > 1:
            continue
        d = ways[cell].bit_length() - 1  # its one open direction; -1 when it has none
        ways[cell] = 0
        state[cell] = pruned
        nb = neighbour(cell, d) if d >= 0 else -1
        if nb >= 0:
            ways[nb] &= ~(1 << opposite[d])
        if show:
            yield (PRUNE, cell, nb, d)
        else:
            rows += (cell, nb, d)
            if len(rows) >= 3 * RUN_LENGTH:
                yield packed(PRUNES, rows)
                rows = []
        if nb >= 0 and state[nb] == passage and ways[nb].bit_count() + outside[nb] <= 1:
            append(nb)
    if rows:
        yield packed(PRUNES, rows)


ROUND_AT_ONCE = 64
"""Rounds of the queue narrower than this go on one cell at a time (numpy's set-up would cost more)."""


def _prune_in_rounds(grid: Grid, table: np.ndarray, ways: np.ndarray, state: np.ndarray, outside: np.ndarray,
                     queue: np.ndarray, standing: np.ndarray) -> EventStream:
    """``_prune_queue``'s events, a round of the queue at a time: the cells queued in one round
    are pruned in their order, and the neighbours that leaves dead ends, in the order their last
    ways were closed, make the next round (first in first out does exactly that).

    Within a round a cell's one way out can only be closed by a cell before it in the same round
    when the two are each other's only way (a corridor of two cells): the later one then goes with
    no way out at all. A neighbour is queued when the k-th way closed on it in the round leaves it
    a dead end; only its first place counts (later ones find it pruned), and a round skips the
    cells left standing, as the queue does."""
    passage, pruned = int(CellState.PASSAGE), int(CellState.PRUNED)
    opposite = np.array([grid.opposite(d) for d in range(grid.directions)])
    place = np.full(grid.size, -1, dtype=np.int64)
    """A cell's place in the round being pruned (-1 if not in it)."""
    first = np.empty(grid.size, dtype=np.int64)
    """A cell's first place in the queue (written last to first: the first place is written last)."""
    while len(queue) >= ROUND_AT_ONCE:
        queue = queue[~standing[queue] & (state[queue] == passage)]
        at = np.arange(len(queue))
        first[queue[::-1]] = at[::-1]
        queue = queue[first[queue] == at]  # first places only, in queue order
        if not len(queue):
            return
        bits = ways[queue].astype(np.int64)
        d = np.where(bits > 0, np.log2(np.maximum(bits, 1)).astype(np.int64), -1)
        nb = np.where(d >= 0, table[queue, np.maximum(d, 0)], -1)
        rank = np.arange(len(queue))
        place[queue] = rank
        partner = place[np.maximum(nb, 0)]
        pair = (nb >= 0) & (partner >= 0) & (partner < rank)
        d[pair], nb[pair] = -1, -1  # its partner, pruned first, closed its only way
        ways[queue] = 0
        state[queue] = pruned
        closing = np.flatnonzero(nb >= 0)
        targets, backs = nb[closing], opposite[d[closing]]
        np.bitwise_and.at(ways, targets, ~(1 << backs).astype(np.uint8))
        yield (PRUNES, -1, -1, np.stack([queue, nb, d], axis=1))  # type: ignore[misc]  # quiet: the round in one
        place[queue] = -1
        # Just after the k-th of the n ways closed on a neighbour this round, it had n - k more
        # than it has now.
        order = np.argsort(targets, kind="stable")
        grouped = targets[order]
        firsts = np.flatnonzero(np.concatenate(([True], grouped[1:] != grouped[:-1])))
        group_sizes = np.diff(np.append(firsts, len(order)))
        closed_later = np.empty(len(order), dtype=np.int64)  # n - k, for each closing in order
        closed_later[order] = np.repeat(firsts + group_sizes, group_sizes) - np.arange(len(order)) - 1
        left = way_counts(ways[targets]).astype(np.int64) + closed_later + outside[targets]
        queue = targets[(state[targets] == passage) & (left <= 1)]  # the next round drops those left standing
    kept = frozenset(np.flatnonzero(standing).tolist())
    yield from _prune_queue(grid, table, ways.tolist(), bytearray(state.tobytes()), outside.tolist(),
                            deque(queue.tolist()), kept, show=False)


ROOMS_CODE = Code(
    attempt="repeat attempts times:",
    pick="  pick a random room size and place",
    fit="  if it does not fit on the grid: try again",
    overlaps="  if it overlaps a room already kept:",
    refuse="    refuse it",
    otherwise="  else:",
    keep="    keep it: its cells become room floor",
    open="    open every wall inside it",
)
MAZE_CODE = Code(  # the lines of the backtracker's carve and pop have its names: its narrator tells them
    each="for each cell no room or corridor holds:",
    start="  start a corridor region there, push it",
    loop="  while the stack is not empty:",
    top="    cell = the cell on top of the stack",
    unvisited="    if cell has unvisited neighbours:",
    pick="      pick one (straight on, or turn: winding)",
    carve="      carve into it and push it",
    otherwise="    else:",
    pop="      pop cell: a dead end, back up one",
)
CONNECT_CODE = Code(
    connectors="list the walls between two different regions",
    each="for each such connector, in random order:",
    apart="  if its regions are not joined yet:",
    join="    open it: the two regions become one",
    chance="  else if no door touches it, by loop chance:",
    extra="    open it anyway: an extra loop",
    otherwise="  else:",
    skip="    skip it: its regions are joined already",
)
PRUNE_CODE = Code(
    queue="queue every corridor dead end (one way out)",
    leave="leave some standing (the dead_ends percent)",
    loop="while the queue is not empty:",
    take="  take a cell; skip it if left standing",
    still="  if it is still a dead end:",
    fill="    fill it in, close its last passage",
    requeue="    queue its neighbour if now a dead end",
)


class DungeonNarrator(Narrator):
    """The four phases: rooms kept and refused, the corridor stack, regions joined, dead ends."""

    code = Code(
        rooms="place random rooms that overlap no other",
        maze="fill the rest with winding corridors",
        connect="open connectors until all regions are one",
        prune="prune the dead ends away",
    )
    phases = ("rooms", "maze", "connect", "prune")
    phase_code: ClassVar[dict[str, Code]] = {
        "rooms": ROOMS_CODE, "maze": MAZE_CODE, "connect": CONNECT_CODE, "prune": PRUNE_CODE}
    legend = {"region": "a region: a room or a corridor tree", "connector": "a connector: a door between regions"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.corridors = BacktrackerNarrator(grid, params)
        self.region = [-1] * grid.size
        self.room_size: dict[int, int] = {}
        self.refused = 0
        self.corridor_regions = 0
        self.parent: dict[int, int] = {}
        self.joins = self.loops = self.skipped = self.pruned = 0
        self.doors: set[int] = set()
        self.refused_room: tuple[int, int] | None = None
        self.refused_wall: tuple[int, int] | None = None

    @property
    def shown_code(self) -> Code:
        return self.phase_code.get(self.phase, self.code)

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A kept room (its floor cells, then the walls opened inside it) is one step."""
        if previous is None:
            return True
        if event[0] == ROOM:
            return previous[0] != ROOM or previous[3] != event[3]
        return not (event[0] == CARVE and self.phase == "rooms")

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        told = super().tell_phase(cell, other, value)
        self.refused_room = self.refused_wall = None
        p = self.params
        what = {
            "rooms": f"try {p.get('attempts', 100)} random rooms, {p.get('room_min', 2)} to {p.get('room_max', 5)} "
                     "cells across, keeping each one that overlaps no room already kept",
            "maze": "fill every cell outside the rooms with winding corridors, a depth-first tree per region",
            "connect": (f"open walls between regions until the {self.regions:,} regions are all one" if self.regions > 1
                        else "a single region, so there is nothing to connect"),
            "prune": "fill in dead-end corridor cells until none is left"
                     + (f" (about {p['dead_ends']} % of the dead-end branches stay)" if p.get("dead_ends") else ""),
        }.get(self.phase, "the next part of the dungeon")
        number = self.phases.index(self.phase) + 1 if self.phase in self.phases else 0
        return Told(told.line, f"Phase {number} of {len(self.phases)}, {self.phase}: {what}")

    @property
    def regions(self) -> int:
        """Rooms and corridor trees: the regions before any connector."""
        return len(self.room_size) + self.corridor_regions

    def region_name(self, cell: int) -> str:
        r = self.region[cell]
        return f"room {r}" if r in self.room_size else f"corridor region {r}"

    # --- rooms -------------------------------------------------------------------

    def tell_room(self, cell: int, other: int, value: int) -> Told:
        first = value not in self.room_size
        self.room_size[value] = self.room_size.get(value, 0) + 1
        self.region[cell] = value
        self.refused_room = None
        if first:
            why = "it overlaps no room already kept" if value else "the first room that fits"
            return Told(ROOMS_CODE.keep, f"Room {value} is kept, {why}; its floor starts at {self.name(cell)}")
        return Told(ROOMS_CODE.keep,
                    f"{self.name(cell)} becomes floor of room {value} ({plural(self.room_size[value], 'cell')})")

    def _tell_room_wall(self, cell: int, other: int) -> Told:
        return Told(ROOMS_CODE.open,
                    f"Inside room {self.region[cell]}, the wall between {self.name(cell)} and {self.name(other)} "
                    f"is opened: a room is one open floor{self.this_step(cell, 'of the room opened up')}")

    def _refuse_room(self, cell: int, other: int) -> Told:
        self.refused += 1
        self.refused_room = (cell, other)
        return Told(ROOMS_CODE.refuse,
                    f"The room from {self.name(cell)} to {self.name(other)} is refused: it overlaps a room "
                    f"already kept ({self.refused:,} refused so far)")

    # --- corridors ---------------------------------------------------------------

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if self.phase == "rooms":
            return self._tell_room_wall(cell, other)
        if other < 0:
            self.corridors.tell_carve(cell, other, value)
            self.region[cell] = value
            self.corridor_regions += 1
            return Told(MAZE_CODE.start,
                        f"{self.name(cell)} is in no room and no corridor yet: corridor region {value} starts "
                        "there, the only cell on the stack")
        self.region[other] = self.region[cell]
        told = self.corridors.tell_carve(cell, other, value)
        return Told(MAZE_CODE.matching(told.line), told.sentence)

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        told = self.corridors.tell_backtrack(cell, other, value)
        return Told(MAZE_CODE.matching(told.line), told.sentence)

    # --- connectors --------------------------------------------------------------

    def find(self, r: int) -> int:
        while self.parent.get(r, r) != r:
            r = self.parent[r]
        return r

    def tell_connect(self, cell: int, other: int, value: int) -> Told:
        self.refused_wall = None
        self.doors.update((cell, other))
        ra, rb = self.find(self.region[cell]), self.find(self.region[other])
        between = (f"{self.name(cell)} in {self.region_name(cell)} and {self.name(other)} in "
                   f"{self.region_name(other)}")
        if ra != rb:
            self.parent[rb] = ra
            self.joins += 1
            return Told(CONNECT_CODE.join,
                        f"Connector between {between} opened: they were not joined yet, now they are one; "
                        f"{plural(self.separate, 'separate region')} left")
        self.loops += 1
        return Told(CONNECT_CODE.extra,
                    f"Connector between {between} opened anyway: they are joined already, but the loop chance "
                    f"({self.params.get('loops', 3)} %) said yes, an extra loop")

    @property
    def separate(self) -> int:
        return max(1, self.regions - self.joins)

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        if value < 0:
            return self._refuse_room(cell, other)
        self.skipped += 1
        self.refused_wall = (cell, other)
        door = next((c for c in (cell, other) if c in self.doors), -1)
        why = (f"a door already opens at {self.name(door)} and doors never sit side by side" if door >= 0
               else f"the loop chance ({self.params.get('loops', 3)} %) said no extra loop")
        return Told(CONNECT_CODE.skip,
                    f"Connector between {self.name(cell)} and {self.name(other)} skipped: "
                    f"{self.region_name(cell)} and {self.region_name(other)} are joined already; {why}")

    # --- pruning -----------------------------------------------------------------

    def tell_prune(self, cell: int, other: int, value: int) -> Told:
        self.pruned += 1
        self.region[cell] = -1
        if other < 0:
            return Told(PRUNE_CODE.fill,
                        f"{self.name(cell)} has no way out at all: it is filled in ({self.pruned:,} pruned)")
        return Told(PRUNE_CODE.fill,
                    f"{self.name(cell)} is a dead end, its one way out {self.direction(value)} to "
                    f"{self.name(other)}: it is filled in and that passage closed ({self.pruned:,} pruned)")

    # --- the panel and the board -------------------------------------------------

    def data(self) -> list[tuple[str, str]]:
        rows = [("Rooms", f"{len(self.room_size):,} placed, {self.refused:,} refused")]
        if self.phase == "maze":
            stack = self.corridors.stack
            rows += [("Stack", plural(len(stack), "cell") + " deep"),
                     ("Top", self.cells_text(reversed(stack), len(stack))),
                     ("Corridor regions", f"{self.corridor_regions:,}")]
        elif self.phase in ("connect", "prune"):
            rows += [("Separate regions", f"{self.separate:,} of {self.regions:,} (1 when all are joined)"),
                     ("Connectors", f"{self.joins + self.loops:,} opened ({self.loops:,} extra), "
                                    f"{self.skipped:,} skipped")]
        if self.phase == "prune":
            rows.append(("Dead ends pruned", f"{self.pruned:,}"))
        return rows

    def annotations(self) -> list[Annotation]:
        """The last room refused (until a room is kept) and the last connector skipped."""
        shown = []
        if self.refused_room is not None:
            shown.append(Annotation(Shape.BOX, self._span(*self.refused_room), Tone.REJECTED))
        if self.refused_wall is not None:
            shown.append(Annotation(Shape.WALL, self.refused_wall, Tone.REJECTED))
        return shown

    def _span(self, first: int, last: int) -> tuple[int, ...]:
        """The cells from ``first`` to ``last`` by columns and rows (a rectangular room exactly)."""
        (x0, y0), (x1, y1) = self.grid.coords(first), self.grid.coords(last)
        xs = range(min(x0, x1), max(x0, x1) + 1)
        return tuple(self.grid.cell(x, y) for y in range(y0, y1 + 1) for x in xs)


ALGORITHM = Algorithm(
    name="dungeon",
    func=dungeon,
    description="Rooms and mazes: rooms, winding corridors, connectors, then dead ends pruned away.",
    params=(
        Param("attempts", 100, "room placement attempts", minimum=0, maximum=100_000),
        Param("room_min", 2, "smallest room side in cells (hex: diameter)", minimum=1, maximum=50),
        Param("room_max", 5, "largest room side in cells (hex: diameter)", minimum=1, maximum=50),
        Param("winding", 40, "chance in percent that a corridor turns when it could go straight",
              minimum=0, maximum=100),
        Param("loops", 3, "chance in percent of an extra connector between joined regions",
              minimum=0, maximum=100),
        Param("dead_ends", 0, "percent of dead-end branches left unpruned", minimum=0, maximum=100),
    ),
    perfect=False,
    phases=("rooms", "maze", "connect", "prune"),
    narrator=DungeonNarrator,
)
