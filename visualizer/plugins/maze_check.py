"""The check of a finished maze: perfect or not, how many loops, which cells are cut off.

A maze is perfect when there is exactly one way between any two cells: every cell is reached from
the entrance and no passage closes a loop. ``loops`` counts the passages more than a spanning tree
needs (each closes one loop); one loop is kept to draw, and the cut-off cells are listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.maze import Maze, loop_through
from ..core.narration import Annotation, Shape, Tone, plural

MOST_DRAWN = 200
"""Cut-off cells marked at most (a box each); the count is always exact."""


@dataclass(frozen=True)
class MazeCheck:
    loops: int
    cut_off: tuple[int, ...]
    """The cells of the maze (open) that the entrance does not reach."""
    unopened: int
    """Cells never opened at all (a generator that stopped early, a dungeon's rock)."""
    loop: tuple[int, ...]
    """One loop's cells in order, back to the first ((): none)."""

    @property
    def perfect(self) -> bool:
        return not self.loops and not self.cut_off and not self.unopened

    def lines(self) -> list[str]:
        """The findings, one line each, as the command line prints them."""
        if self.perfect:
            return ["perfect: every cell is reached and there is one way between any two cells"]
        found = ["not perfect:"]
        if self.loops:
            found.append(plural(self.loops, "loop"))
        if self.cut_off:
            found.append(f"{plural(len(self.cut_off), 'cell')} cut off from the entrance")
        if self.unopened:
            found.append(f"{plural(self.unopened, 'cell')} never opened")
        return [found[0] + " " + ", ".join(found[1:])]

    def rows(self) -> list[tuple[str, str]]:
        """The panel's rows."""
        return [("Perfect", "yes" if self.perfect else "no"), ("Loops", f"{self.loops:,}"),
                ("Cut off", plural(len(self.cut_off), "cell")), ("Never opened", plural(self.unopened, "cell"))]

    def annotations(self) -> list[Annotation]:
        """One loop drawn as a line round it, each cut-off cell (up to MOST_DRAWN) boxed."""
        notes = [Annotation(Shape.PATH, self.loop, Tone.REJECTED)] if self.loop else []
        return notes + [Annotation(Shape.BOX, (cell,), Tone.ERASED) for cell in self.cut_off[:MOST_DRAWN]]


def check_maze(maze: Maze) -> MazeCheck:
    """Loops, cut-off cells and one loop of ``maze`` (a union-find over its passages)."""
    grid = maze.grid
    parent = list(range(grid.size))

    def find(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    loops = 0
    closing: tuple[int, int] | None = None
    for a, b in maze.passage_list():
        ra, rb = find(a), find(b)
        if ra == rb:
            loops += 1
            closing = closing or (a, b)
        else:
            parent[ra] = rb
    reached = maze.reachable_from(maze.entrance[0])
    opened = maze.open_mask()
    cut_off = tuple(int(c) for c in (opened & ~reached).nonzero()[0])
    unopened = int((~opened).sum())
    return MazeCheck(loops, cut_off, unopened, loop_through(maze, *closing) if closing else ())
