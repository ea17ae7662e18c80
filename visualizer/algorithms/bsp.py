"""BSP rooms: binary space partitioning, the dungeon of many roguelikes (RogueBasin's "Basic BSP
Dungeon generation").

1. split     - the map is cut in two at random across its longer side, and each part again, until
               no part is twice ``leaf_min`` across: the parts are the nodes of the split tree,
               those left whole its leaves.
2. rooms     - a random room in each leaf, leaving the leaf's last column and row rock, so two
               rooms never overlap or touch.
3. corridors - for each cut, deepest first, an L-shaped corridor joins the room of one half nearest
               the other half to the room of the other half nearest the first: each part's rooms are
               joined before its parent joins it to its sibling, so the dungeon is one region.
4. ends      - the entrance and the exit are dug to the nearest floor.

Square grids only: the parts are rectangles of columns and rows.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.maze import Maze
from ..core.narration import Annotation, Code, Shape, Told, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param
from .floor import FloorNarrator, dig, elbow_path, join_ends, open_room

PHASE, CHAMBER, ROOM, CARVE = Kind.PHASE, Kind.CHAMBER, Kind.ROOM, Kind.CARVE
PHASES = ("split", "rooms", "corridors", "ends")


@dataclass
class Part:
    """A node of the split tree: a rectangle of cells, its two halves once cut, the rooms in it."""

    x: int
    y: int
    width: int
    height: int
    depth: int
    halves: tuple[Part, Part] | None = None
    rooms: list[tuple[int, int, int, int]] = field(default_factory=list)
    """``(x, y, width, height)`` of every room in this part, once placed."""

    def corners(self, grid: Grid) -> tuple[int, int]:
        """Its top-left and bottom-right cells."""
        return grid.cell(self.x, self.y), grid.cell(self.x + self.width - 1, self.y + self.height - 1)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2


def bsp(grid: Grid, rng: random.Random, *, leaf_min: int = 6, room_min: int = 2, show: bool = True) -> EventStream:
    """Split, a room per leaf, corridors up the tree, then the ends; one connected region."""
    if room_min >= leaf_min:
        raise ValueError(f"room_min ({room_min}) must be less than leaf_min ({leaf_min})")
    shadow = Maze(grid)
    yield (PHASE, -1, -1, "split")
    parts = yield from split(grid, rng, leaf_min, show=show)
    yield (PHASE, -1, -1, "rooms")
    leaves = [part for part in parts if part.halves is None]
    for number, leaf in enumerate(leaves):
        room = place_room(rng, leaf, room_min)
        leaf.rooms.append(room)
        x, y, w, h = room
        yield from open_room(grid, shadow, [grid.cell(x + i, y + j) for j in range(h) for i in range(w)], number)
    for part in sorted(parts, key=lambda part: -part.depth):  # the rooms each part holds, bottom up
        if part.halves is not None:
            part.rooms = part.halves[0].rooms + part.halves[1].rooms
    yield (PHASE, -1, -1, "corridors")
    cuts = [part for part in parts if part.halves is not None]
    cuts.sort(key=lambda part: -part.depth)  # deepest first; stable: in the order they were cut
    for part in cuts:
        if show:
            yield (CHAMBER, *part.corners(grid), part.depth)
        yield from dig(grid, shadow, corridor(grid, rng, part))
    yield (PHASE, -1, -1, "ends")
    yield from join_ends(grid, shadow, show=show)


def split(grid: Grid, rng: random.Random, leaf_min: int, *,
          show: bool = True) -> Generator[Event, None, list[Part]]:
    """Cut parts in two until none is twice ``leaf_min`` across; returns every part, in the order
    they were made (the whole map first). ``show``: a CHAMBER for each part cut, then its halves."""
    whole = Part(0, 0, grid.width, grid.height, 0)
    parts, stack = [whole], [whole]
    while stack:
        part = stack.pop()
        across = part.width >= 2 * leaf_min  # a cut down a column splits the width
        down = part.height >= 2 * leaf_min
        if not (across or down):
            continue
        if across and down:
            across = part.width > part.height or (part.width == part.height and rng.random() < 0.5)
        side = part.width if across else part.height
        at = leaf_min + int(rng.random() * (side - 2 * leaf_min + 1))
        if across:
            first = Part(part.x, part.y, at, part.height, part.depth + 1)
            second = Part(part.x + at, part.y, part.width - at, part.height, part.depth + 1)
        else:
            first = Part(part.x, part.y, part.width, at, part.depth + 1)
            second = Part(part.x, part.y + at, part.width, part.height - at, part.depth + 1)
        part.halves = (first, second)
        if show:
            yield (CHAMBER, *part.corners(grid), part.depth)
            yield (CHAMBER, *first.corners(grid), first.depth)
            yield (CHAMBER, *second.corners(grid), second.depth)
        parts += (first, second)
        stack += (second, first)  # the first half is cut next
    return parts


def place_room(rng: random.Random, leaf: Part, room_min: int) -> tuple[int, int, int, int]:
    """A room in ``leaf``, its last column and row left rock (when it is 2 or more across), between
    half and all of the rest across, and never under ``room_min`` where that fits."""

    def span(start: int, length: int) -> tuple[int, int]:
        room = length - 1 if length >= 2 else length
        least = max(1, min(room_min, room), (room + 1) // 2)
        size = least + int(rng.random() * (room - least + 1))
        return start + int(rng.random() * (room - size + 1)), size

    x, w = span(leaf.x, leaf.width)
    y, h = span(leaf.y, leaf.height)
    return x, y, w, h


def corridor(grid: Grid, rng: random.Random, part: Part) -> list[int]:
    """The L-shaped line of cells from a room of one half to a room of the other: from the room of
    each half nearest the other half's centre, centre to centre, along a row or a column first."""
    assert part.halves is not None
    one, two = part.halves
    a, b = nearest(one.rooms, two.centre), nearest(two.rooms, one.centre)
    return elbow_path(grid, rng, room_centre(a), room_centre(b))


def nearest(rooms: list[tuple[int, int, int, int]], point: tuple[float, float]) -> tuple[int, int, int, int]:
    """The room whose centre is nearest ``point`` (the first of equals)."""
    return min(rooms, key=lambda room: (room_centre(room)[0] - point[0]) ** 2 + (room_centre(room)[1] - point[1]) ** 2)


def room_centre(room: tuple[int, int, int, int]) -> tuple[int, int]:
    x, y, w, h = room
    return x + (w - 1) // 2, y + (h - 1) // 2


class BspNarrator(FloorNarrator):
    """The split tree as it grows (parts, leaves, depth), the rooms, the corridors up the tree."""

    code = Code(
        split="while a part is at least twice leaf_min across:",
        cut="  cut it in two at random, across its longer side",
        room="in each leaf (a part left whole): a random room",
        open="  open every wall inside the room",
        join="for each cut, deepest first:",
        dig="  dig an L-shaped corridor between a room of each half",
        door="  where it meets floor, open a door",
        ends="dig the entrance and the exit to the nearest floor",
    )
    phases = PHASES
    legend = {**FloorNarrator.legend, "region": "a room (until the corridors join it)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.parts = 1
        self.depth = 0
        self.halves_due = 0
        self.box: tuple[int, int] | None = None
        self.room_cells: dict[int, int] = {}
        self.corridors = 0

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A cut (the part and its two halves), a room (its floor and inner walls), a corridor (from
        its CHAMBER on) and an end's tunnel are each one step."""
        if previous is None:
            return True
        kind = event[0]
        if kind == CHAMBER:
            return self.halves_due == 0
        if kind == ROOM:
            return previous[0] != ROOM or previous[3] != event[3]
        return kind in (PHASE, Kind.CURRENT)

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        self.box = None
        self.joining_end = -1
        p = self.params
        line, what = {
            "split": (self.code.split, f"cut the map in two, and each part again, until no part is "
                                       f"{2 * p.get('leaf_min', 6)} cells across"),
            "rooms": (self.code.room, "a random room in each leaf of the split tree"),
            "corridors": (self.code.join, "join the two halves of every cut with a corridor, deepest first"),
            "ends": (self.code.ends, "dig the entrance and the exit to the nearest floor where they are rock"),
        }[self.phase]
        number = PHASES.index(self.phase) + 1
        return Told(line, f"Phase {number} of {len(PHASES)}, {self.phase}: {what}")

    def _extent(self, cell: int, other: int) -> str:
        (x0, y0), (x1, y1) = self.grid.coords(cell), self.grid.coords(other)
        return f"from {self.name(cell)} to {self.name(other)}, {x1 - x0 + 1} x {y1 - y0 + 1}"

    def tell_chamber(self, cell: int, other: int, value: int) -> Told:
        if self.phase == "corridors":
            self.box = (cell, other)
            self.joining_end = -1
            self.corridors += 1
            return Told(self.code.join, f"The part {self._extent(cell, other)} was cut in two: a corridor "
                                        "joins a room of one half to a room of the other")
        if self.halves_due == 0:
            self.box = (cell, other)
            self.halves_due = 2
            return Told(self.code.split, f"The part {self._extent(cell, other)} at depth {value} is big enough: "
                                         "it is cut in two across its longer side")
        self.halves_due -= 1
        self.parts += 1
        self.depth = max(self.depth, value)
        which = "first" if self.halves_due else "second"
        return Told(self.code.cut, f"Its {which} half runs {self._extent(cell, other)}, a new node at depth "
                                   f"{value}{self.this_step(cell, 'made')}")

    def tell_room(self, cell: int, other: int, value: int) -> Told:
        first = value not in self.room_cells
        self.room_cells[value] = self.room_cells.get(value, 0) + 1
        if first:
            return Told(self.code.room, f"Room {value} is placed in its leaf, its floor starting at {self.name(cell)}")
        return Told(self.code.room, f"{self.name(cell)} becomes floor of room {value} "
                                    f"({plural(self.room_cells[value], 'cell')}){self.this_step(cell, 'made floor')}")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            return self.tell_alone(cell)
        if self.phase == "rooms":
            return Told(self.code.open, f"Inside the room the wall between {self.name(cell)} and {self.name(other)} "
                                        f"is opened{self.this_step(cell, 'opened up')}")
        return self.tell_dug(cell, other)

    def data(self) -> list[tuple[str, str]]:
        leaves = (self.parts + 1) // 2
        rows = [("Split tree", f"{self.parts:,} parts, {leaves:,} leaves, {self.depth} deep")]
        if self.room_cells:
            sizes = self.room_cells.values()
            rows.append(("Rooms", f"{len(self.room_cells):,} placed, {min(sizes):,} to {max(sizes):,} cells"))
        if self.phase in ("corridors", "ends"):
            rows.append(("Corridors", f"{self.corridors:,} of {leaves - 1:,} dug, tunnel {self.dug:,} cells"))
        return rows

    def annotations(self) -> list[Annotation]:
        """The part being cut, or whose halves a corridor is joining."""
        return [Annotation(Shape.BOX, self.box)] if self.box is not None else []


ALGORITHM = Algorithm(
    name="bsp",
    func=bsp,
    description="BSP rooms: the map split recursively, a room in each leaf, corridors joining the halves up the tree.",
    params=(
        Param("leaf_min", 6, "smallest part side in cells: parts twice as wide are cut again", minimum=2, maximum=200),
        Param("room_min", 2, "smallest room side in cells (less than leaf_min)", minimum=1, maximum=199),
    ),
    grids=(SquareGrid.kind,),  # the parts are rectangles of columns and rows
    on_masks=False,
    perfect=False,
    phases=PHASES,
    narrator=BspNarrator,
)
