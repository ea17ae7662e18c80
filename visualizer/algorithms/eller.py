"""Eller's algorithm: one row at a time, with only that row's sets in memory.

Each row joins some neighbouring cells of different sets (merging the sets, which take one colour),
then every set sends at least one passage down into the next row. The last row joins every set
that is still separate, so the maze is one tree, grown with memory for a single row.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import Annotation, Code, Narrator, Shape, Told, Tone, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param

CARVE, SET, REJECT = Kind.CARVE, Kind.SET, Kind.REJECT
EAST, SOUTH = SquareGrid.E, SquareGrid.S


def eller(grid: Grid, rng: random.Random, *, join: int = 50, down: int = 40, show: bool = True) -> EventStream:
    """Row by row: random horizontal joins between sets, then at least one drop per set."""
    w, h = grid.width, grid.height
    rnd = rng.random
    sets: list[int] = [-1] * w
    next_id = 0
    yield (CARVE, 0, -1, -1)
    for y in range(h):
        row = y * w
        for x in range(w):
            if sets[x] < 0:
                sets[x] = next_id
                next_id += 1
                if show:
                    yield (SET, row + x, -1, sets[x])
        columns: dict[int, list[int]] = {}
        for x in range(w):
            columns.setdefault(sets[x], []).append(x)
        last_row = y == h - 1
        for x in range(w - 1):
            keep, merge = sets[x], sets[x + 1]
            if keep != merge and (last_row or rnd() * 100 < join):
                yield (CARVE, row + x, row + x + 1, EAST)
                moved = columns.pop(merge)
                for k in moved:  # the merged set takes the kept set's colour
                    sets[k] = keep
                    if show:
                        yield (SET, row + k, -1, keep)
                columns[keep].extend(moved)
            elif show:  # the same set already, or the coin said no
                yield (REJECT, row + x, row + x + 1, EAST)
        if last_row:
            break
        below = [-1] * w
        for set_id, members in columns.items():
            drops = [x for x in members if rnd() * 100 < down] or [members[int(rnd() * len(members))]]
            for x in drops:
                below[x] = set_id
                yield (CARVE, row + x, row + x + w, SOUTH)
                if show:
                    yield (SET, row + x + w, -1, set_id)
        sets = below


class EllerNarrator(Narrator):
    """The current row's sets (from the SET events), the joins and drops, row by row."""

    code = Code(
        row="for each row, top to bottom:",
        new_sets="  give each cell without a set a new set",
        pairs="  for each pair of neighbours in the row:",
        join="    if different sets and (last row or coin):",
        merge="      carve east between them, merge the sets",
        otherwise="    else:",
        keep="      keep the wall between them",
        last_row="  if this is the last row: stop",
        sets="  for each set in the row:",
        down="    carve down from one or more of its cells",
        below="    the cell below joins the same set",
    )
    legend = {"set": "a set: cells joined in this row or above", "unvisited": "rows not reached yet"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.row = 0
        self.sets: dict[int, int] = {}
        """Set of each cell of the current row."""
        self.below: dict[int, int] = {}
        """Set of each cell of the next row a drop reached."""
        self.next_id = 0
        self.dropping = -1
        """The cell below the last drop, whose SET comes next."""
        self.merging = (-1, -1)
        """The kept and the absorbed set of the last join."""
        self.last_set = ""
        self.dropped: set[int] = set()
        """The sets that have carved down from the current row."""
        self.joins = self.drops = self.kept = 0
        self.kept_wall: tuple[int, int] | None = None
        self.last_event_kept = False

    def _at_row(self, cell: int) -> None:
        """Move on to the row of ``cell``; its cells the drops reached keep those sets."""
        row = cell // self.grid.width
        if row > self.row:
            self.row, self.sets, self.below = row, self.below, {}
            self.dropped.clear()

    def _set_kind(self, cell: int, value: int) -> str:
        """What a SET event is: a "drop" into the next row, a "new" set, or a "merge" relabel."""
        if cell == self.dropping:
            return "drop"
        return "new" if value >= self.next_id else "merge"

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A join's relabels and a drop's new cell continue their carve; the new sets a row
        hands out are one step."""
        if previous is None or event[0] != SET:
            return True
        kind = self._set_kind(event[1], int(event[3]))
        return kind == "new" and self.last_set != "new"

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            return Told(self.code.row,
                        f"Start with the top row at {self.name(cell)}: Eller keeps sets for one row only")
        self._at_row(cell)
        self.last_set = ""
        if value == SOUTH:
            return self._drop(cell, other)
        keep, merge = self.sets.get(cell, -1), self.sets.get(other, -1)
        self.merging = (keep, merge)
        self.joins += 1
        why = ("this is the last row, so every separate set must join" if self._last_row
               else f"the coin said join ({self.params.get('join', 50)} % chance)")
        return Told(self.code.merge,
                    f"{self.name(cell)} and {self.name(other)} are in different sets, {keep} and {merge}, and "
                    f"{why}: carve east, set {merge} becomes set {keep}")

    @property
    def _last_row(self) -> bool:
        return self.row == self.grid.height - 1

    def _drop(self, cell: int, other: int) -> Told:
        set_id = self.sets.get(cell, -1)
        self.dropping = other
        self.drops += 1
        if set_id in self.dropped:
            why = f"an extra way down ({self.params.get('down', 40)} % chance for each cell)"
        else:
            why = "every set needs a way down, or it would be cut off from the rows below"
        self.dropped.add(set_id)
        return Told(self.code.down, f"Set {set_id} carves down from {self.name(cell)} to {self.name(other)}: {why}")

    def tell_set(self, cell: int, other: int, value: int) -> Told:
        kind = self.last_set = self._set_kind(cell, value)
        if kind == "drop":
            self.below[cell] = value
            self.dropping = -1
            return Told(self.code.below,
                        f"{self.name(cell)} in the next row joins set {value}, the set it dropped from")
        self._at_row(cell)
        self.sets[cell] = value
        if kind == "merge":
            return Told(self.code.merge,
                        f"{self.name(cell)} is relabelled from set {self.merging[1]} to set {value}: "
                        f"the two sets are one now{self.this_step(cell, 'relabelled')}")
        self.next_id = value + 1
        return Told(self.code.new_sets,
                    f"Row {self.row}: {self.name(cell)} has no set yet (no passage from above reached it), "
                    f"so it gets new set {value}{self.this_step(cell, 'given a set')}")

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        self._at_row(cell)
        self.last_set = ""
        self.kept += 1
        self.kept_wall = (cell, other)
        a, b = self.sets.get(cell, -1), self.sets.get(other, -1)
        if a == b:
            return Told(self.code.keep,
                        f"Wall between {self.name(cell)} and {self.name(other)} kept: both cells are already in "
                        f"set {a}, a passage would make a loop")
        return Told(self.code.keep,
                    f"Wall between {self.name(cell)} and {self.name(other)} kept: they are in different sets, "
                    f"{a} and {b}, but the coin said no ({self.params.get('join', 50)} % chance to join)")

    def data(self) -> list[tuple[str, str]]:
        return [("Row", f"y = {self.row} ({self.row + 1} of {self.grid.height})"),
                ("Sets in the row", f"{len(set(self.sets.values())):,}"),
                ("Joins", f"{self.joins:,} so far"),
                ("Walls kept", f"{plural(self.kept, 'wall')} in rows"),
                ("Drops", f"{self.drops:,} so far")]

    def annotations(self) -> list[Annotation]:
        """A box around the row being worked on."""
        start = self.row * self.grid.width
        row = [Annotation(Shape.BOX, (start, start + self.grid.width - 1))]
        if self.kept_wall is not None and self.last_event_kept:
            row.append(Annotation(Shape.WALL, self.kept_wall, Tone.REJECTED))
        return row

    def tell(self, event: Event) -> Told:
        """Every event; the cross on a kept wall lasts until the next event."""
        self.last_event_kept = event[0] == REJECT
        return super().tell(event)


ALGORITHM = Algorithm(
    name="eller",
    on_masks=False,  # walks whole rows and columns
    func=eller,
    description="Eller's: row by row with one row of sets; joins across, drops down, merges at the end.",
    params=(Param("join", 50, "chance in percent of joining two neighbouring sets in a row", minimum=0, maximum=100),
            Param("down", 40, "chance in percent of each extra passage down from a set", minimum=0, maximum=100)),
    grids=(SquareGrid.kind,),  # walks rows and columns
    narrator=EllerNarrator,
)
