"""Wilson's algorithm: loop-erased random walks, each added to the maze when it reaches it.

Like Aldous-Broder it gives every spanning tree the same chance, but it wastes less: the walk
(shown as it wanders) has its loops erased the moment it crosses itself, and only the loop-free
path is carved once it touches the maze. The first walks are long; later ones are quick.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

from ..core.events import RUN_LENGTH, Event, EventStream, Kind, packed
from ..core.narration import Annotation, Code, Narrator, Shape, Told, Tone, plural
from ..grids import Grid
from .base import Algorithm
from .bulk_random import Draws, shuffled_positions

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

CARVE, CARVES, MIXED = Kind.CARVE, Kind.CARVES, Kind.MIXED
WALK, WALK_ERASE, CURRENT = Kind.WALK, Kind.WALK_ERASE, Kind.CURRENT
DRAWS_AT_ONCE = 1 << 15
"""Direction draws the shown walk takes from ``rng`` in one batch (those left over are handed back)."""


def wilson(grid: Grid, rng: random.Random, *, show: bool = True) -> EventStream:
    """Add loop-erased walks from each cell not yet in the maze, in random order."""
    in_maze = bytearray(grid.size)
    order = shuffled_positions(rng, grid.size).tolist()  # rng.shuffle's list in bulk: 1.3 s a million cells
    root = order.pop()
    in_maze[root] = 1
    yield (CARVE, root, -1, -1)
    yield from join_by_walks(grid, rng, in_maze, order, show)


def join_by_walks(grid: Grid, rng: random.Random, in_maze: bytearray, order: list[int],
                  show: bool = True) -> EventStream:
    """A loop-erased walk from each cell of ``order`` still outside the maze (``in_maze``, updated)
    until it reaches the maze, then carved in: Wilson's loop, which Houston's algorithm takes over
    with part of the maze already made."""
    flat = grid.neighbour_flat()
    if not show:
        yield from _wilson_quiet(grid, rng.random, flat, in_maze, order)
        return
    if type(rng) is not random.Random:  # its numbers cannot be drawn in bulk
        rnd, directions = rng.random, grid.directions
        yield from _wilson_shown(grid, (int(rnd() * directions) for _ in repeat(None)), flat, in_maze, order)
        return
    draws, done = Draws(rng), [False]
    turns = chain.from_iterable(_batches(draws, grid.directions, done))
    yield from _wilson_shown(grid, turns, flat, in_maze, order)
    done[0] = True
    draws.give_back(sum(1 for _ in turns))  # rng left after the draws the walks took


def _batches(draws: Draws, directions: int, done: list[bool]) -> Iterator[list[int]]:
    """Batches of ``int(rng.random() * directions)`` until ``done[0]``: chained, a step's draw is
    a list's next item, taken in C."""
    while not done[0]:
        yield draws.below(directions, DRAWS_AT_ONCE)


def _wilson_shown(grid: Grid, turns: Iterator[int], flat: Sequence[int], in_maze: bytearray,
                  order: list[int]) -> EventStream:
    """The walks as the window shows them: each step, each erased loop and each carve, handed
    over about RUN_LENGTH events at a time as MIXED runs. Yielding a million erases one by one
    was most of the time; so was spelling out each event in Python: the loop notes a step as
    the ``flat`` index it took, an erased loop as its cells in one slice, a walk's carves as its
    exits in one slice, and numpy spells the rows out (``_spelled``). ``turns`` is the walk's
    direction draws, one a step (drawn in bulk: a call of ``rng.random`` a step was a fifth of it)."""
    directions = grid.directions
    table = np.frombuffer(flat, dtype=np.int64)  # type: ignore[call-overload]
    opposite = np.array([grid.opposite(d) for d in range(directions)], dtype=np.int64)
    size = grid.size
    place = [0] * size
    """A walk cell's place on the walk (stale once erased: the walk holds ``c`` if ``place[c] <= top`` and
    ``path[place[c]] == c``)."""
    path = [-1] * (size + 1)
    """The walk: its cells in ``path[0] .. path[top]`` (what lies after them means nothing)."""
    exits = [0] * size
    """``exits[i]``: the ``flat`` index the walk left ``path[i]`` by."""
    said: list[int] = []
    gone: list[int] = []
    carved: list[int] = []
    add = said.append
    for start in order:
        if in_maze[start]:
            continue
        path[0] = start
        place[start] = top = 0
        here = start * directions  # the head's first flat index
        add(~(start << 2))  # CURRENT: the walk's first cell, on screen before its first step
        for d in turns:
            at = here + d
            nb = flat[at]
            if nb < 0:  # off the edge: choose again
                continue
            back = place[nb]
            if back <= top and path[back] == nb:  # the walk crossed itself: erase the loop
                gone += path[back + 1:top + 1]
                add(~((top - back) << 2 | 1))  # WALK_ERASE of each, in walk order
                add(~(nb << 2))  # CURRENT: the head is back where the loop began
                top = back
                here = nb * directions
                if len(said) >= RUN_LENGTH:  # a long walk: what it has said so far
                    yield _spelled(said, gone, carved, table, directions, opposite)
                    del said[:], gone[:], carved[:]
                continue
            add(at)  # WALK cell -> nb
            exits[top] = at
            top += 1
            path[top] = nb
            place[nb] = top
            if in_maze[nb]:
                break
            here = nb * directions
        for a in path[:top]:  # path[top] is the maze cell it reached
            in_maze[a] = 1
        carved += exits[top - 1::-1]  # carved in last step first
        add(~(top << 2 | 2))
        if len(said) + len(gone) + len(carved) >= RUN_LENGTH:
            yield _spelled(said, gone, carved, table, directions, opposite)
            del said[:], gone[:], carved[:]
    if said:
        yield _spelled(said, gone, carved, table, directions, opposite)


SPELLED_KINDS = (CURRENT, WALK_ERASE, CARVE, WALK)
"""The kind of each note ``_wilson_shown`` makes, by its class (the low two bits; 3 for a step)."""


def _spelled(said: list[int], gone: list[int], carved: list[int], table: np.ndarray, directions: int,
             opposite: np.ndarray) -> Event:
    """The MIXED run of ``_wilson_shown``'s notes: a step is its ``flat`` index ``at`` (>= 0), the
    rest ``~(x << 2 | class)``: a CURRENT of cell ``x`` (0), ``x`` erased cells from ``gone`` (1),
    ``x`` carves from ``carved`` (2), each the exit ``at`` of the cell carved into."""
    notes = _ints(said)
    flipped = ~notes
    group = np.where(notes >= 0, 3, flipped & 3)
    x = flipped >> 2
    note = np.repeat(np.arange(len(notes)), np.where((group == 1) | (group == 2), x, 1))
    kind = group[note]
    walk, carve = kind == 3, kind == 2
    at = notes[note]  # a step's flat index; a carve's comes from ``carved``
    at[carve] = _ints(carved)
    at = np.where(walk | carve, at, 0)
    if directions & (directions - 1):
        cell, way = np.divmod(at, directions)
    else:  # a power of two (square grids): a shift and a mask, several times quicker
        shift = directions.bit_length() - 1
        cell, way = at >> shift, at & (directions - 1)
    beyond = table[at]
    first = np.where(walk, cell, np.where(carve, beyond, x[note]))
    first[kind == 1] = _ints(gone)
    other = np.where(walk, beyond, np.where(carve, cell, -1))
    value = np.where(walk, way, np.where(carve, opposite[way], -1))
    rows = np.stack((np.array(SPELLED_KINDS, dtype=np.int64)[kind], first, other, value), axis=1)
    return (MIXED, -1, -1, rows)  # type: ignore[return-value]


def _ints(values: list[int]) -> np.ndarray:
    """A list of ints as an int64 array, through C integers (numpy reading a list is slower)."""
    ints = array("q")
    ints.fromlist(values)  # a fifth quicker than array("q", values)
    return np.frombuffer(ints, dtype=np.int64)


def _wilson_quiet(grid: Grid, rnd: Callable[[], float], flat: Sequence[int], in_maze: bytearray,
                  order: list[int]) -> EventStream:
    """The same walks, the same random numbers and the same carves, without the walk's events:
    each walk cell remembers only the direction it last left by. Following those last exits from
    the start is the walk with its loops erased in order (what the shown walk keeps), so there is
    no walk list, no place map and no erasing to do."""
    directions = grid.directions
    opposite = [grid.opposite(d) for d in range(directions)]
    exit_dir = bytearray(grid.size)
    rows: list[int] = []
    for start in order:
        if in_maze[start]:
            continue
        cell = start
        while not in_maze[cell]:
            d = int(rnd() * directions)
            nb = flat[cell * directions + d]
            if nb < 0:  # off the edge: choose again
                continue
            exit_dir[cell] = d
            cell = nb
        path = []  # the loop-erased walk, with the direction each step leaves by
        cell = start
        while not in_maze[cell]:
            d = exit_dir[cell]
            path.append((cell, d))
            cell = flat[cell * directions + d]
        target = cell  # carve it into the maze, last step first
        for a, d in reversed(path):
            in_maze[a] = 1
            rows += (target, a, opposite[d])
            target = a
        if len(rows) >= 3 * RUN_LENGTH:  # whole walks: a run of carves
            yield packed(CARVES, rows)
            rows = []
    if rows:
        yield packed(CARVES, rows)


class WilsonNarrator(Narrator):
    """The walk in order (cells not in the maze yet), its erased loops, and the cells still outside."""

    code = Code(
        start="add one random cell to the maze",
        loop="for each cell outside the maze (random order):",
        walk="  walk = just that cell",
        until="  until the walk's head reaches the maze:",
        step="    step to a random neighbour",
        holds="    if the walk already holds that neighbour:",
        erase="      erase the loop back to it",
        carve="  carve the walk into the maze, last step first",
    )
    legend = {"walk": "the walk (not in the maze yet)", "unvisited": "not in the maze yet"}

    def __init__(self, grid: Grid, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(grid, params)
        self.in_maze = bytearray(grid.size)
        self.joined = 0
        self.walk: list[int] = []
        self.carved_in: list[int] = []
        """The cells the walk being carved in has joined to the maze so far."""
        """The walk's cells in order, none of them in the maze yet."""
        self.where: dict[int, int] = {}
        """Each walk cell's place in ``walk`` (what the generator keeps too, to find loops fast)."""
        self.target = -1
        """The maze cell the walk reached (-1 while it is still wandering)."""
        self.loop: list[int] = []
        """The last loop erased, closed at its first cell (shown until the walk steps on)."""
        self.carving = False
        self.loops = 0

    def begins_step(self, previous: Event | None, event: Event) -> bool:
        """A walk's carves are one step (adding it to the maze); a loop erasure is one step (the
        step onto the walk yields no WALK of its own) that the CURRENT after it closes."""
        if previous is None:
            return True
        kind = event[0]
        if kind in (CARVE, WALK_ERASE):
            return previous[0] != kind
        return kind != CURRENT or previous[0] != WALK_ERASE  # a CURRENT after no erasure starts a walk

    def tell_carve(self, cell: int, other: int, value: int) -> Told:
        if other < 0:
            self._join(cell)
            return Told(self.code.start,
                        f"{self.name(cell)} is the first cell in the maze: every walk ends when it reaches "
                        "the maze")
        first, self.carving = not self.carving, True
        if self.walk and self.walk[-1] == other:
            del self.where[self.walk.pop()]
        self._join(other)
        self.carved_in = [other] if first else [*self.carved_in, other]
        self.target = other if self.walk else -1
        self.loop = []
        step = f"{self.direction(value)} from {self.name(cell)} into {self.name(other)}"
        left = f"{plural(len(self.walk), 'walk cell')} to go" if self.walk else "the whole walk is in the maze"
        if first:
            return Told(self.code.carve,
                        f"The walk reached the maze at {self.name(cell)}: carve it in, last step first: "
                        f"{step}; {left}")
        return Told(self.code.carve, f"Carve {step}: it joins the maze; {left}{self._carved_so_far()}")

    def _carved_so_far(self) -> str:
        """" (3 cells carved in so far: ...)" once this walk has carved more than one cell in."""
        cells = self.carved_in
        return f" ({plural(len(cells), 'cell')} carved in so far: {self.together(cells)})" if len(cells) > 1 else ""

    def _join(self, cell: int) -> None:
        if not self.in_maze[cell]:
            self.in_maze[cell] = 1
            self.joined += 1

    def _add(self, cell: int) -> None:
        self.where[cell] = len(self.walk)
        self.walk.append(cell)

    def tell_walk(self, cell: int, other: int, value: int) -> Told:
        start = not self.walk
        if start:
            self._add(cell)
        self.loop = []
        self.carving = False
        way = f"{self.direction(value)} from {self.name(cell)} to {self.name(other)}"
        if self.in_maze[other]:
            self.target = other
            return Told(self.code.step,
                        f"The walk steps {way}, which is in the maze: the walk is finished, "
                        f"{plural(len(self.walk), 'cell')} to carve in")
        self._add(other)
        if start:
            return Told(self.code.step, f"{self.name(cell)} is not in the maze: a walk starts there and steps {way}")
        return Told(self.code.step,
                    f"The walk steps {way}, not in the maze yet; the walk holds {plural(len(self.walk), 'cell')}")

    def tell_walk_erase(self, cell: int, other: int, value: int) -> Told:
        place = self.where.get(cell, -1)
        if place < 0:  # a later cell of the loop being erased: cut off with the first one
            self.loop.append(cell)
            gone = self.so_far(cell)
            return Told(self.code.erase, f"{self.together(gone)} erased: "
                                         f"{'it lay' if len(gone) == 1 else f'these {len(gone)} lay'} on the "
                                         "loop the walk just closed")
        self.loops += 1
        head = self.walk[-1]
        anchor = self.walk[place - 1] if place > 0 else cell
        for erased in self.walk[place:]:
            del self.where[erased]
        del self.walk[place:]
        self.loop = [anchor, cell]
        return Told(self.code.erase,
                    f"From {self.name(head)} the walk steps onto {self.name(anchor)}, which it already holds: "
                    f"the loop after it is erased, starting with {self.name(cell)}")

    def tell_current(self, cell: int, other: int, value: int) -> Told:
        if not self.walk:  # a walk starts: its first cell is shown (and counted) before it steps
            self._add(cell)
            self.target, self.loop, self.carving = -1, [], False
            return Told(self.code.walk, f"{self.name(cell)} is not in the maze: a walk starts there, "
                                        "just that cell so far")
        if self.loop:
            self.loop.append(cell)
        return Told(self.code.erase,
                    f"The loop is gone: the walk's head is back at {self.name(cell)}, where the loop began; "
                    f"the walk holds {plural(len(self.walk), 'cell')} again")

    def data(self) -> list[tuple[str, str]]:
        start = f" from {self.name(self.walk[0])}" if self.walk else ""
        return [("Walk", plural(len(self.walk), "cell") + start),
                ("Loops erased", f"{self.loops:,}"),
                ("Cells left", f"{self.grid.size - self.joined:,} of {self.grid.size:,} not in the maze")]

    def annotations(self) -> list[Annotation]:
        """The walk in its order (the arrowhead at its head, or at the maze cell it reached), and
        the loop just erased, until the walk steps on."""
        shown = []
        path = self.walk + ([self.target] if self.target >= 0 else [])
        if len(path) > 1:
            shown.append(Annotation(Shape.PATH, tuple(path)))
        if len(self.loop) > 1:
            shown.append(Annotation(Shape.PATH, tuple(self.loop), Tone.ERASED))
        return shown


ALGORITHM = Algorithm(
    name="wilson",
    func=wilson,
    description="Wilson's: loop-erased random walks join the maze; unbiased, faster than Aldous-Broder.",
    slow=True,
    narrator=WilsonNarrator,
)
