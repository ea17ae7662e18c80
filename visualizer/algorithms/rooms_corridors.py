"""Rooms and corridors, as in the classic roguelike tutorial (the Python "Roguelike Tutorial
Revised", part 3): the plain baseline beside rooms-and-mazes.

1. rooms - ``attempts`` times a random rectangle ``room_min`` to ``room_max`` cells a side is tried;
           one that overlaps or touches a room already kept is refused. A kept room is opened,
           then an L-shaped tunnel (along its row or its column first, by a coin) is dug from its
           centre to the centre of the room kept before it: each room joins the ones before, so
           the dungeon is one region.
2. ends  - the entrance and the exit are dug to the nearest floor.

Square grids only: rooms are rectangles of columns and rows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.maze import Maze
from ..core.narration import Annotation, Code, Shape, Told, Tone, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param
from .floor import FloorNarrator, dig, elbow_path, join_ends, open_room

PHASE, ROOM, CARVE, REJECT = Kind.PHASE, Kind.ROOM, Kind.CARVE, Kind.REJECT
PHASES = ("rooms", "ends")
Rect = tuple[int, int, int, int]
"""``(x, y, width, height)`` in cells."""
CELLS_PER_ATTEMPT = 120
"""With ``attempts=0``: one attempt per this many cells of the map (30 at the least)."""


def rooms_corridors(grid: Grid, rng: random.Random, *, attempts: int = 0, room_min: int = 3, room_max: int = 8,
                    show: bool = True) -> EventStream:
    """Random rooms that touch no other, each tunnelled to the one before; one connected region."""
    if room_max < room_min:
        raise ValueError(f"room_max ({room_max}) must be at least room_min ({room_min})")
    shadow = Maze(grid)
    yield (PHASE, -1, -1, "rooms")
    kept: list[Rect] = []
    for _ in range(attempts or max(30, grid.size // CELLS_PER_ATTEMPT)):
        room = random_room(grid, rng, room_min, room_max)
        if room is None:
            continue
        x, y, w, h = room
        if any(touches(room, other) for other in kept):
            if show:
                yield (REJECT, grid.cell(x, y), grid.cell(x + w - 1, y + h - 1), -1)
            continue
        yield from open_room(grid, shadow, [grid.cell(x + i, y + j) for j in range(h) for i in range(w)], len(kept))
        if kept:
            yield from dig(grid, shadow, elbow_path(grid, rng, centre(room), centre(kept[-1])))
        kept.append(room)
    yield (PHASE, -1, -1, "ends")
    yield from join_ends(grid, shadow, show=show)


def random_room(grid: Grid, rng: random.Random, room_min: int, room_max: int) -> Rect | None:
    """A rectangle of random sides from ``room_min`` to ``room_max`` at a random place on the map;
    None when the sides drawn do not fit."""
    w = room_min + int(rng.random() * (room_max - room_min + 1))
    h = room_min + int(rng.random() * (room_max - room_min + 1))
    if w > grid.width or h > grid.height:
        return None
    return int(rng.random() * (grid.width - w + 1)), int(rng.random() * (grid.height - h + 1)), w, h


def touches(a: Rect, b: Rect) -> bool:
    """True when the rectangles overlap or lie side by side (no rock between them)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax <= bx + bw and bx <= ax + aw and ay <= by + bh and by <= ay + ah


def centre(room: Rect) -> tuple[int, int]:
    x, y, w, h = room
    return x + (w - 1) // 2, y + (h - 1) // 2


class RoomsCorridorsNarrator(FloorNarrator):
    """Rooms kept and refused, each one's tunnel to the room before."""

    code = Code(
        attempt="repeat attempts times:",
        pick="  pick a random room size and place",
        touches="  if it overlaps or touches a room kept: refuse it",
        keep="  else keep it: open its floor",
        dig="    if a room was kept before it: dig an L-shaped",
        row="      tunnel to its centre, row or column first",
        door="    where the tunnel meets floor, open a door",
        ends="dig the entrance and the exit to the nearest floor",
    )
    phases = PHASES
    legend = {**FloorNarrator.legend, "region": "a room (its tunnel takes its colour)"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.room_cells: dict[int, int] = {}
        self.refused = 0
        self.refused_room: tuple[int, int] | None = None
        self.newest: set[int] = set()
        """The cells of the room kept last."""

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A kept room (its floor, inner walls and tunnel) is one step; so is a refused room and an
        end's tunnel (from its CURRENT on)."""
        if previous is None:
            return True
        if event[0] == ROOM:
            return previous[0] != ROOM or previous[3] != event[3]
        return event[0] in (PHASE, REJECT, Kind.CURRENT)

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        self.phase = str(value)
        self.joining_end = -1
        self.refused_room = None
        if self.phase == "rooms":
            return Told(self.code.attempt, "Phase 1 of 2, rooms: try random rooms, keeping each that touches no "
                                           "other and tunnelling it to the room kept before")
        return Told(self.code.ends, "Phase 2 of 2, ends: dig the entrance and the exit to the nearest floor "
                                    "where they are rock")

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        self.refused += 1
        self.refused_room = (cell, other)
        return Told(self.code.touches, f"The room from {self.name(cell)} to {self.name(other)} is refused: it "
                                       f"overlaps or touches a room already kept ({self.refused:,} refused so far)")

    def tell_room(self, cell: int, other: int, value: int) -> Told:
        self.refused_room = None
        first = value not in self.room_cells
        if first:
            self.newest = set()
        self.newest.add(cell)
        self.room_cells[value] = self.room_cells.get(value, 0) + 1
        if first:
            return Told(self.code.keep, f"Room {value} is kept, it touches no room already kept; its floor starts "
                                        f"at {self.name(cell)}")
        return Told(self.code.keep, f"{self.name(cell)} becomes floor of room {value} "
                                    f"({plural(self.room_cells[value], 'cell')}){self.this_step(cell, 'made floor')}")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            return self.tell_alone(cell)
        if self.phase == "rooms" and cell in self.newest and other in self.newest:
            return Told(self.code.keep, f"Inside the room the wall between {self.name(cell)} and "
                                        f"{self.name(other)} is opened{self.this_step(cell, 'opened up')}")
        told = self.tell_dug(cell, other)
        return Told(self.code.row, told.sentence) if told.line is self.code.dig else told

    def data(self) -> list[tuple[str, str]]:
        rows = [("Rooms", f"{len(self.room_cells):,} kept, {self.refused:,} refused")]
        if self.room_cells:
            sizes = self.room_cells.values()
            rows.append(("Room sizes", f"{min(sizes):,} to {max(sizes):,} cells"))
        rows.append(("Tunnel", f"{self.dug:,} cells dug, {self.doors:,} doors"))
        return rows

    def annotations(self) -> list[Annotation]:
        """The last room refused (until a room is kept)."""
        return [Annotation(Shape.BOX, self.refused_room, Tone.REJECTED)] if self.refused_room else []


ALGORITHM = Algorithm(
    name="rooms_corridors",
    func=rooms_corridors,
    description="Rooms and corridors: random rooms that touch no other, each tunnelled to the one before.",
    params=(
        Param("attempts", 0, f"room placement attempts (0: one per {CELLS_PER_ATTEMPT} cells, at least 30)",
              minimum=0, maximum=100_000),
        Param("room_min", 3, "smallest room side in cells", minimum=1, maximum=50),
        Param("room_max", 8, "largest room side in cells", minimum=1, maximum=50),
    ),
    grids=(SquareGrid.kind,),  # rooms are rectangles of columns and rows
    on_masks=False,
    perfect=False,
    phases=PHASES,
    narrator=RoomsCorridorsNarrator,
)
