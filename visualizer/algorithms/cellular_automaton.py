"""Cellular-automaton mazes: a Life-like rule grows walls on a tile grid, then the floor is joined.

Each cell is a tile, a wall (alive) or floor (dead). A random soup evolves by a ``B3/S12345``
style rule over the eight tiles around each one (Maze: B3/S12345; Mazectric, straighter: B3/S1234):
a floor tile with a birth count of wall neighbours becomes wall, a wall tile without a survival
count becomes floor. Each generation is one step. The rule leaves the floor in several regions,
so a connection phase opens wall tiles (the one-tile walls between two regions first, a shortest
tunnel where walls are thicker) until the floor, entrance and exit included, is one region.

Floor tiles side by side are always joined (a tile map, not a tree): the result has loops and
open patches, so it is not a perfect maze.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..core.events import Event, EventStream, Kind
from ..core.narration import Code, Narrator, Told, plural
from ..grids import Grid, SquareGrid
from .base import Algorithm, Param

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, WALL, PRUNE, CURRENT, PHASE = Kind.CARVE, Kind.WALL, Kind.PRUNE, Kind.CURRENT, Kind.PHASE
RULE = re.compile(r"B([0-8]*)/S([0-8]*)")
GENERATIONS, CONNECT = "generations", "connect"


def parse_rule(text: str) -> tuple[frozenset[int], frozenset[int]]:
    """``"B3/S12345"`` -> the birth and survival counts (ValueError in words when it is not a rule)."""
    match = RULE.fullmatch(text.strip().upper())
    if match is None:
        raise ValueError(f"a rule looks like B3/S12345 (B: counts that make a wall, S: counts that keep one), "
                         f"got {text!r}")
    born, survive = (frozenset(int(ch) for ch in group) for group in match.groups())
    if not born:
        raise ValueError(f"rule {text!r} gives birth to no wall (B needs at least one count)")
    if 0 in born:
        raise ValueError(f"rule {text!r} has B0: every empty patch would turn to wall at once")
    return born, survive


def cellular_automaton(grid: Grid, rng: random.Random, *, rule: str = "B3/S12345", fill: int = 50,
                       generations: int = 40, show: bool = True) -> EventStream:
    """The soup, then each generation's changes, then the joining of the floor's regions."""
    born, survive = parse_rule(rule)
    tiles = Tiles(grid)
    yield (PHASE, -1, -1, GENERATIONS)
    alive = np.array([rng.random() * 100 < fill for _ in range(grid.size)], dtype=bool)
    for cell in np.flatnonzero(~alive).tolist():
        yield from tiles.open(cell)
    for _ in range(generations):
        after = step(alive.reshape(grid.height, grid.width), born, survive).reshape(-1)
        births = np.flatnonzero(after & ~alive).tolist()
        deaths = np.flatnonzero(alive & ~after).tolist()
        if not births and not deaths:
            break  # still life: nothing will change again
        if show:
            yield (CURRENT, (births or deaths)[0], -1, len(births) + len(deaths))
        for cell in births:
            yield from tiles.close(cell)
        for cell in deaths:
            yield from tiles.open(cell)
        alive = after
    yield (PHASE, -1, -1, CONNECT)
    yield from join(tiles, rng, show)


def step(alive: np.ndarray, born: frozenset[int], survive: frozenset[int]) -> np.ndarray:
    """One generation of the rule on a (height, width) array of walls; outside the grid is floor."""
    padded = np.pad(alive, 1).astype(np.int8)
    h, w = alive.shape
    count = sum(padded[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
                for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
    births = np.isin(count, sorted(born))
    stays = np.isin(count, sorted(survive))
    return np.where(alive, stays, births)


class Tiles:
    """The floor as the events leave it, and the events that change one tile."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.floor = bytearray(grid.size)

    def open(self, cell: int) -> Iterator[Event]:
        """A wall tile turns floor: it opens, joined to every floor tile beside it."""
        self.floor[cell] = 1
        yield (CARVE, cell, -1, -1)
        for d, nb in self.grid.neighbours(cell):
            if self.floor[nb]:
                yield (CARVE, cell, nb, d)

    def close(self, cell: int) -> Iterator[Event]:
        """A floor tile turns wall: its passages close, then the tile itself."""
        self.floor[cell] = 0
        for d, nb in self.grid.neighbours(cell):
            if self.floor[nb]:
                yield (WALL, cell, nb, d)
        yield (PRUNE, cell, -1, -1)

    def regions(self) -> list[int]:
        """A region label per cell (-1 for wall), floor tiles joined side by side."""
        label = [-1] * self.grid.size
        count = 0
        for start in range(self.grid.size):
            if not self.floor[start] or label[start] >= 0:
                continue
            label[start] = count
            todo = [start]
            while todo:
                cell = todo.pop()
                for _, nb in self.grid.neighbours(cell):
                    if self.floor[nb] and label[nb] < 0:
                        label[nb] = count
                        todo.append(nb)
            count += 1
        return label


def join(tiles: Tiles, rng: random.Random, show: bool) -> EventStream:
    """Open wall tiles until the floor is one region: first the entrance and exit tiles, then each
    wall tile between two regions (random order, kept only while they are apart), then, while
    regions stay apart behind thicker walls, the shortest tunnel from the entrance's region."""
    grid = tiles.grid
    for cell in dict.fromkeys((grid.entrance[0], grid.exit[0])):
        if not tiles.floor[cell]:
            if show:
                yield (CURRENT, cell, -1, -1)
            yield from tiles.open(cell)
    while True:
        label = tiles.regions()
        sets = Sets(max(label) + 1)
        find, parent = sets.find, sets.parent
        left = len(parent)
        walls = [c for c in range(grid.size) if not tiles.floor[c]
                 and len({label[nb] for _, nb in grid.neighbours(c) if label[nb] >= 0}) > 1]
        rng.shuffle(walls)
        for cell in walls:
            roots = {find(label[nb]) for _, nb in grid.neighbours(cell) if label[nb] >= 0}
            if len(roots) < 2:
                continue
            keep = roots.pop()
            for root in roots:
                parent[root] = keep
            left -= len(roots)
            if show:
                yield (CURRENT, cell, -1, left)
            yield from tiles.open(cell)
        if left <= 1:
            return
        tunnel = shortest_tunnel(tiles, label, find)
        if show:
            yield (CURRENT, tunnel[0], -1, left - 1)
        for cell in tunnel:
            yield from tiles.open(cell)


class Sets:
    """Union-find over the floor's region labels: which regions are joined already."""

    def __init__(self, count: int) -> None:
        self.parent = list(range(count))

    def find(self, r: int) -> int:
        parent = self.parent
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r


def shortest_tunnel(tiles: Tiles, label: list[int], find: Callable[[int], int]) -> list[int]:
    """The fewest wall tiles to open, in order, from the entrance's region to another region."""
    grid = tiles.grid
    home = find(label[grid.entrance[0]])
    came: dict[int, int] = {}
    todo: deque[int] = deque()
    for cell in range(grid.size):
        if label[cell] >= 0 and find(label[cell]) == home:
            came[cell] = -1
            todo.append(cell)
    while todo:
        cell = todo.popleft()
        for _, nb in grid.neighbours(cell):
            if nb in came:
                continue
            came[nb] = cell
            if label[nb] >= 0 and find(label[nb]) != home:
                path = []
                at = cell
                while label[at] < 0:
                    path.append(at)
                    at = came[at]
                return path[::-1]
            todo.append(nb)
    raise AssertionError("regions apart with no wall between them")


class CellularAutomatonNarrator(Narrator):
    """The generation, the walls and floor counted, and the regions left to join."""

    code = Code(
        soup="fill the grid at random: each tile a wall with the fill chance",
        loop="for each generation, until nothing changes:",
        tally="  count the walls among each tile's 8 neighbours",
        born="  floor with a birth count (B) becomes wall",
        die="  wall without a survival count (S) becomes floor",
        join="while the floor is in more than one region:",
        open="  open the wall tile (or shortest tunnel) that joins two",
    )
    follows = frozenset(int(k) for k in (CARVE, WALL, PRUNE))
    legend = {"floor": "floor tile", "pruned": "wall tile born in a generation", "unvisited": "wall tile from the soup",
              "current": "first tile changed this step"}
    phases = (GENERATIONS, CONNECT)

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.rule = str(self.params.get("rule", "B3/S12345")).strip().upper()
        self.generation = 0
        self.floor = 0
        self.left: int | None = None
        self.changes = 0

    def tell_phase(self, cell: int, other: int, value: object) -> Told:
        told = super().tell_phase(cell, other, value)
        if self.phase == GENERATIONS:
            return Told(self.code.soup, f"{told.sentence}, fill the grid with a random soup of wall and "
                                        f"floor tiles, then let rule {self.rule} grow the walls")
        return Told(self.code.join, f"{told.sentence}, the rule is done; now join the floor's regions "
                                    "into one, entrance and exit included")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        if self.phase == GENERATIONS:
            self.generation += 1
            self.changes = value
            return Told(self.code.tally,
                        f"Generation {self.generation}: count each tile's wall neighbours; "
                        f"{plural(value, 'tile')} change, the first at {self.name(cell)}")
        if value < 0:
            return Told(self.code.open, f"The way in or out at {self.name(cell)} is a wall tile: open it")
        self.left = value
        return Told(self.code.open,
                    f"The wall at {self.name(cell)} stands between floor regions: open it; "
                    f"{plural(value, 'region')} left")

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other >= 0:
            return Told(self.shown_open(), f"Join floor {self.name(cell)} to the floor tile "
                                           f"{self.direction(value)} of it, {self.name(other)}"
                                           f"{self.this_step(cell, 'changed')}")
        self.floor += 1
        if self.phase == CONNECT:
            return Told(self.code.open, f"{self.name(cell)} turns from wall to floor, joining what is beside it"
                                      f"{self.this_step(cell, 'changed')}")
        if self.generation == 0:
            return Told(self.code.soup, f"{self.name(cell)} starts as floor (the soup's coin said so)"
                                    f"{self.this_step(cell, 'changed')}")
        return Told(self.code.die, f"{self.name(cell)} was a wall whose count of wall neighbours is not "
                                   f"in {self.rule.split('/')[1]}: it becomes floor{self.this_step(cell, 'changed')}")

    def shown_open(self) -> Any:
        """The line a passage between two floor tiles comes from, by phase."""
        if self.phase == CONNECT:
            return self.code.open
        return self.code.soup if self.generation == 0 else self.code.die

    def tell_wall(self, cell: int, other: int, value: int) -> Told:
        return Told(self.code.born, f"{self.name(cell)} is becoming a wall: close its side toward "
                                    f"{self.name(other)}{self.this_step(cell, 'changed')}")

    def tell_prune(self, cell: int, other: int, value: int) -> Told:
        self.floor -= 1
        return Told(self.code.born, f"{self.name(cell)} was floor with a count of wall neighbours in "
                                    f"{self.rule.split('/')[0]}: it is born a wall{self.this_step(cell, 'changed')}")

    def data(self) -> list[tuple[str, str]]:
        rows = [("Rule", self.rule), ("Generation", f"{self.generation:,}"),
                ("Floor", f"{self.floor:,} of {self.grid.size:,} tiles")]
        if self.phase == GENERATIONS and self.generation:
            rows.append(("Changed", plural(self.changes, "tile")))
        if self.left is not None:
            rows.append(("Regions left", f"{self.left:,}"))
        return rows


ALGORITHM = Algorithm(
    name="cellular_automaton",
    func=cellular_automaton,
    description="Cellular automaton: a Life-like rule (Maze B3/S12345) grows walls on tiles, then joins the floor.",
    params=(Param("rule", "B3/S12345", "birth/survival counts of wall neighbours (Mazectric: B3/S1234)",
                  check_text=parse_rule),
            Param("fill", 50, "chance in percent that a tile of the first soup is a wall", minimum=0, maximum=100),
            Param("generations", 40, "most generations the rule runs (it stops sooner when nothing changes)",
                  minimum=0, maximum=1000)),
    grids=(SquareGrid.kind,),  # the rule counts eight neighbours in rows and columns
    on_masks=False,
    perfect=False,
    phases=(GENERATIONS, CONNECT),
    narrator=CellularAutomatonNarrator,
)
