"""The narrator of a student's file: its ``CODE`` as the pseudocode, the ``line=`` of each event lit,
a plain sentence per event, and the finding that stopped the run drawn over the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.events import Event
from ..core.narration import Code, Narrator, Told, plural
from ..grids import Grid
from ..solvers.base import SolverNarrator
from .checker import Record, record_for

PLACEHOLDER = "(this file has no CODE list: add one to see its lines lit)"


def code_of(lines: Sequence[str], path_line: str | None = None) -> Code:
    """A ``Code`` of the file's lines, named ``line1``, ``line2``...; a solver's gets its ``path`` line."""
    named = {f"line{number}": text for number, text in enumerate(lines, 1)} or {"line1": PLACEHOLDER}
    if path_line is not None:
        named["path"] = path_line
    return Code(**named)


class StudentNarrator(Narrator):
    """Says each event of a student's generator in words; the line lit is the one its ``line=`` names."""

    solving = False

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.record: Record | None = record_for(grid, self.solving)
        self.told = 0
        self.carved = 0
        self.looked = 0

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """One step is one pass through the file's loop: an event whose ``line=`` is further down
        the CODE than the event before it continues that event's step; one at the same line or
        above begins a new pass (without lines, every event is a step)."""
        lines = self.record.lines if self.record is not None else []
        if previous is None or not 0 < self.told < len(lines):
            return super().begins_step(previous, event)
        return not lines[self.told] > lines[self.told - 1] > 0

    def at(self, sentence: str) -> Told:
        """The told event's sentence, at the line its ``line=`` gave (the first line when none)."""
        lines = self.record.lines if self.record is not None else []
        number = lines[self.told] if self.told < len(lines) else 0
        self.told += 1
        index = number - 1 if 0 < number <= len(self.code) else 0
        return Told(self.code[index], sentence)

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        self.carved += 1
        if other < 0:
            return self.at(f"Start: open {self.name(cell)}")
        return self.at(f"Carve {self.direction(value)} from {self.name(cell)} into {self.name(other)}")

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Close the wall between {self.name(cell)} and {self.name(other)}")

    def tell_open_field(self, cell: int, other: int, value: int) -> Told:
        return self.at("Open every cell and every wall between neighbours")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Look at {self.name(cell)}")

    def tell_frontier_add(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"{self.name(cell)} joins the frontier")

    def tell_frontier_remove(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"{self.name(cell)} leaves the frontier")

    def tell_backtrack(self, cell: int, other: int, value: int) -> Told:
        back = f"; back to {self.name(other)}" if other >= 0 else "; nothing left to go back to"
        return self.at(f"{self.name(cell)} is finished{back}")

    def tell_walk(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Walk {self.direction(value)} from {self.name(cell)} to {self.name(other)}")

    def tell_walk_erase(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Rub {self.name(cell)} out of the walk")

    def tell_reject(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Keep the wall between {self.name(cell)} and {self.name(other)}")

    def tell_prune(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"{self.name(cell)} is a dead end: close it")

    def tell_chamber(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Take up the chamber from {self.name(cell)} to {self.name(other)}")

    def tell_scan(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Scan from {self.name(cell)} to {self.name(other)}")

    def tell_dead_end(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Fill {self.name(cell)} in: a dead end")

    def tell_set(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"{self.name(cell)} is now in group {value}")

    def tell_phase(self, cell: int, other: int, value: Any) -> Told:
        self.phase = str(value)
        return self.at(f"Phase: {self.phase}")

    def tell_search(self, cell: int, other: int, value: int) -> Told:
        self.looked += 1
        came = f" from {self.name(other)}" if other >= 0 else " (the start)"
        return self.at(f"Reach {self.name(cell)}{came}")

    def tell_open(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Put {self.name(cell)} on the to-do list")

    def tell_take(self, cell: int, other: int, value: int) -> Told:
        return self.at(f"Take {self.name(cell)} off the to-do list")

    def data(self) -> list[tuple[str, str]]:
        rows = [("Reached", plural(self.looked, "cell"))] if self.solving else [("Carved", plural(self.carved, "cell"))]
        return rows + self.stopped_rows()

    def stopped_rows(self) -> list[tuple[str, str]]:
        """What the checker stopped the run for, once the narration has reached that event (the
        explaining panel takes the figures panel's place, so it says it too)."""
        finding = self.record.finding if self.record is not None else None
        if finding is None or self.told < finding.position:
            return []
        return [("Stopped", finding.message)]


class StudentSolverNarrator(StudentNarrator, SolverNarrator):
    """The same for a student's solver; the answer line is the path it returned."""

    solving = True

    def tell_path(self, cell: int, other: int, value: int) -> Told:
        return SolverNarrator.tell_path(self, cell, other, value)

    def data(self) -> list[tuple[str, str]]:
        return StudentNarrator.data(self) + self.path_rows()


def narrator_for(name: str, lines: Sequence[str], solver: bool) -> type[Narrator]:
    """A narrator class for one loaded file, its ``CODE`` as the pseudocode."""
    if solver:
        return type(f"{name}SolverNarrator", (StudentSolverNarrator,),
                    {"code": code_of(lines, "return the path: start to goal")})
    return type(f"{name}Narrator", (StudentNarrator,), {"code": code_of(lines)})
