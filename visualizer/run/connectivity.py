"""Whether an edited maze is still perfect, kept up to date edit by edit instead of counted again.

A whole count of a million cells (``editing.check``) takes a quarter of a second: too slow to run
after every click. This keeps a component label per open cell, each component's size and the
number of loops, and changes them one passage at a time as the editor writes cells:

- opening a wall between two cells of one component adds a loop (O(1)); between two components
  merges them (the smaller one relabelled, a whole-array numpy pass: a millisecond);
- closing a passage searches from both of its cells at once, in step: the two searches meeting
  means a loop is gone; one running out first is the smaller part cut off, relabelled (O(that
  part)). Up to SEARCH_CELLS cells that happens at once; a larger search (a split into two large
  parts) is left to the next frames (``settle``: the panel says it is checking meanwhile), which
  search a little more (SETTLE_CELLS in all) or count the whole maze when the parts are both
  large: on a large maze that count runs a stage a frame (``begin_recount``), so no frame holds
  all of it. Another change meanwhile leaves the figures stale: the next look counts everything
  again (over frames, on a large maze).

The loop drawn in red is the shortest one through the newest passage that closed one; on a large
maze its search looks at a budget of cells in the click and goes on over frames (``go_on_looking``).

The editor writes every cell through :meth:`Connectivity.write`, one passage bit at a time, so
every change this sees is one passage opening or closing in a maze that is otherwise as counted.
Pure Python and numpy.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Iterator

import numpy as np

from ..core import passage_graph
from ..core.graph import components, spanning_forest
from ..core.maze import CellState, Maze, loop_through
from ..core.passage_graph import PassageGraph, breadth_first

_OPEN_STATES = (int(CellState.PASSAGE), int(CellState.ROOM))
SEARCH_CELLS = 2_000
"""Cells the two searches after a closed passage visit at once, in the click (a few ms); past it
they go on over the next frames (``settle``) while the panel says it is checking."""
CHUNK_CELLS = 2_000
"""Cells searched between two looks at the clock in ``settle``."""
STAGED_FROM_CELLS = 50_000
"""From this many cells on a whole count after an edit is spread over frames, a stage each
(``begin_recount``); a smaller maze's takes milliseconds, at once."""
SETTLE_CELLS = 20_000
"""Cells ``settle`` searches in one frame at most before it counts the whole maze instead (a
search of two large parts would take seconds; scipy's count of a million cells, a tenth of one)."""


class Connectivity:
    """Component labels, sizes and the loop count of one maze's open cells."""

    def __init__(self, maze: Maze, table: np.ndarray | None = None, like: PassageGraph | None = None) -> None:
        self.maze = maze
        self.table = table
        self.graph = PassageGraph(maze, table, mutual=True, like=like) \
            if table is not None and maze.grid.size >= STAGED_FROM_CELLS and passage_graph.available() else None
        """The links kept for scipy's search (a large maze): a closed passage's long search is one C call."""
        grid = maze.grid
        self._opposite = [grid.opposite(d) for d in range(grid.directions)]
        self.stale = True
        """True when the figures must be counted again in full (a search gave up)."""
        self.recounts = 0
        """Whole counts so far (the first one included): a test and the benchmark read it."""
        self.version = 0
        """Grows with every passage or cell change this has seen (keys the loop drawn)."""
        self.labels = np.full(grid.size, -1, dtype=np.int64)
        self.sizes: dict[int, int] = {}
        self.loops = 0
        self.open_count = 0
        self._next = 0
        self._closers: list[tuple[int, int]] = []
        """Passages that closed a loop when they were opened (newest last): where to look for one to draw."""
        self._loop: tuple[int, tuple[int, ...]] | None = None
        self._looking: _LoopSearch | None = None
        """The search for the loop to draw, when it did not end in one look."""
        self.loops_drawn = 0
        """Grows each time a loop to draw is found (keys what shows it)."""
        self.pending: _SideSearch | _Recount | _GraphSide | None = None
        """The search after a closed passage, when it did not end at once."""
        self.recount()

    # --- the whole count ------------------------------------------------------------

    def recount(self) -> None:
        """Label every open cell from scratch (scipy on a large maze, as the whole check does)."""
        for _ in self._recount_steps():
            pass

    def begin_recount(self) -> None:
        """Count the whole maze again over the next frames (``settle`` runs a stage a frame: the
        passages read, the graph built, its parts labelled); meanwhile the figures are pending."""
        self._interrupt()
        self.stale = True
        self.pending = _Recount(self)

    def _recount_steps(self) -> Iterator[None]:
        """The whole count, yielding between its stages (each a whole-array pass of its own)."""
        maze, size = self.maze, self.maze.grid.size
        a, b = _passage_ends(maze, self.table)
        opened = maze.open_mask()  # read with the passages: the stages after them read neither
        yield
        graph = _scipy_graph(a, b, size)
        yield
        part = components(a, b, size) if graph is None else _scipy_parts(graph)
        yield
        self.labels = np.where(opened, part, -1).astype(np.int64)
        counts = np.bincount(part[opened], minlength=1)
        parts = np.flatnonzero(counts)
        self.sizes = dict(zip(parts.tolist(), counts[parts].tolist()))
        self._next = int(part.max(initial=0)) + 1
        self.open_count = int(opened.sum())
        self.loops = len(a) - self.open_count + len(parts)
        self.pending = None
        closing = _closing_passage(a, b, part, graph, size) if self.loops else None
        self._closers = [closing] if closing is not None else []
        self.stale = False
        self.recounts += 1
        self.version += 1

    # --- writing the maze -------------------------------------------------------------

    def write(self, cell: int, values: tuple[int, int, int]) -> None:
        """Write one cell's passages, state and region, a passage bit at a time: bits going away
        first, then the state (a cell joining or leaving the maze has no passage then), then the
        bits coming."""
        maze = self.maze
        passages, state, region = values
        old = int(maze.passages[cell])
        turns = (int(maze.state[cell]) in _OPEN_STATES) != (state in _OPEN_STATES)
        for d in _bits(old):
            if turns or not passages >> d & 1:
                self._set_bit(cell, d, False)
        if turns:
            if state in _OPEN_STATES:
                maze.state[cell] = state
                self._add(cell)
            else:
                self._drop(cell)
                maze.state[cell] = state
        else:
            maze.state[cell] = state
        maze.region[cell] = region
        for d in _bits(passages & ~int(maze.passages[cell])):
            self._set_bit(cell, d, True)

    def _set_bit(self, cell: int, d: int, on: bool) -> None:
        maze = self.maze
        other = maze.grid.neighbour(cell, d)
        was = self._linked(cell, d, other)
        bits = int(maze.passages[cell])
        maze.passages[cell] = bits | 1 << d if on else bits & ~(1 << d) & 0xFF
        now = self._linked(cell, d, other)
        if now and not was:
            self._opened(cell, other)
        elif was and not now:
            self._closed(cell, other)

    def _linked(self, cell: int, d: int, other: int) -> bool:
        """A passage both cells agree on, between two cells of the maze."""
        p, state = self.maze._p, self.maze._s
        return other >= 0 and bool(p[cell] >> d & 1) and bool(p[other] >> self._opposite[d] & 1) \
            and state[cell] in _OPEN_STATES and state[other] in _OPEN_STATES

    # --- one change at a time -----------------------------------------------------------

    def _add(self, cell: int) -> None:
        self._interrupt()
        self.labels[cell] = self._next
        self.sizes[self._next] = 1
        self._next += 1
        self.open_count += 1

    def _drop(self, cell: int) -> None:
        """A cell leaving the maze (its passages already closed: it is a part of its own)."""
        self._interrupt()
        label = int(self.labels[cell])
        self.labels[cell] = -1
        self.open_count -= 1
        if label >= 0:
            self.sizes[label] -= 1
            if not self.sizes[label]:
                del self.sizes[label]

    def _opened(self, a: int, b: int) -> None:
        self._interrupt()
        if self.stale:
            return
        la, lb = int(self.labels[a]), int(self.labels[b])
        if la == lb:
            self.loops += 1
            self._closers.append((a, b))
            return
        big, small = (la, lb) if self.sizes[la] >= self.sizes[lb] else (lb, la)
        self.labels[self.labels == small] = big
        self.sizes[big] += self.sizes.pop(small)

    def _closed(self, a: int, b: int) -> None:
        """The passage a - b is gone: a loop less, or a part cut off (relabelled); when the search
        that tells which outgrows SEARCH_CELLS, it goes on in ``settle``, a frame's share at a time."""
        self._interrupt()
        if self.stale:
            return
        search = _SideSearch(self, a, b)
        if search.run(SEARCH_CELLS):
            self._settled(search)
        elif self.graph is not None:
            self.pending = _GraphSide(a, b)  # two large parts: one C search on the next frame says which
        else:
            self.pending = search  # two large parts: ``settle`` counts them whole on the next frame

    def _interrupt(self) -> None:
        """Another change while a search is under way: it no longer describes the maze, and the
        figures are counted whole at the next look."""
        self.version += 1
        if self.pending is not None:
            self.pending = None
            self.stale = True

    def settle(self, deadline: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Go on with a search left over from a closed passage until ``deadline``; True once
        the figures are right (nothing pending)."""
        search = self.pending
        if search is None:
            return True
        if isinstance(search, _Recount):
            return search.stage()
        if isinstance(search, _GraphSide):
            assert self.graph is not None
            if deadline != math.inf and not self.graph.turns.free():
                return False  # another heavy stage had this frame
            self.pending = None
            self._settled(search.run(self.graph))
            return True
        while search.spent < SETTLE_CELLS:  # counted over every frame the search has had
            if search.run(CHUNK_CELLS):
                self.pending = None
                self._settled(search)
                return True
            search.spent += CHUNK_CELLS
            if clock() >= deadline:
                return False
        if self.maze.grid.size < STAGED_FROM_CELLS:
            self.recount()  # past what a search does quicker than scipy's whole count: count it all
            return True
        self.begin_recount()  # the same, a stage a frame: no frame holds the whole count
        return False

    def _settle_now(self) -> None:
        """The figures right now, whatever it costs (callers that must not wait look at ``pending`` first)."""
        while self.pending is not None:
            self.settle(float("inf"))
        if self.stale:
            self.recount()

    def _settled(self, search: _SideSearch | _GraphSide) -> None:
        self.version += 1
        if search.met:
            self.loops -= 1
            return
        side = search.side
        old = int(self.labels[search.a])
        cells = side if isinstance(side, np.ndarray) else np.fromiter(side, dtype=np.int64, count=len(side))
        self.labels[cells] = self._next
        self.sizes[self._next] = len(cells)
        self.sizes[old] -= len(cells)
        self._next += 1

    def _neighbours(self, cell: int) -> list[int]:
        maze, opposite = self.maze, self._opposite
        p, state = maze._p, maze._s  # the maze's memoryviews: plain ints, no numpy scalar per look
        bits = p[cell]
        return [nb for d, nb in maze.grid.neighbours(cell)
                if bits >> d & 1 and p[nb] >> opposite[d] & 1 and state[nb] in _OPEN_STATES]

    # --- what the panel shows -------------------------------------------------------------

    def joined(self, a: int, b: int) -> bool:
        """Whether a way leads from cell ``a`` to cell ``b`` (both in the maze, one part)."""
        self._settle_now()
        return bool(self.labels[a] >= 0 and self.labels[a] == self.labels[b])

    def cut_off(self) -> np.ndarray:
        """The open cells not in the entrance's part, in cell order."""
        self._settle_now()
        here = int(self.labels[self.maze.entrance[0]])
        if self.open_count - self.sizes.get(here, 0) == 0:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero((self.labels >= 0) & (self.labels != here))

    def loop(self, cells: float = math.inf) -> tuple[int, ...] | None:
        """One loop's cells in order, back to the first: around the newest passage that closed one
        and is still open (a whole-maze look for one when none is). The search around it looks at
        ``cells`` cells at most this call: None when it is not done yet (``settle`` goes on with it)."""
        self._settle_now()
        if not self.loops:
            return ()
        if self._loop is not None and self._loop[0] == self.version:
            return self._loop[1]
        found: tuple[int, ...] | None = ()
        while self._closers and not found:
            a, b = self._closers[-1]
            if b not in self._neighbours(a):
                self._closers.pop()
                continue
            search = self._looking
            if search is None or search.key != (self.version, a, b):
                search = self._looking = _LoopSearch(self, a, b)
            found = search.run(cells)
            if found is None:
                return None
            self._looking = None
            if not found:
                self._closers.pop()
        if not found:
            self.recount()  # loops, but no known passage on one: look over the whole maze once
            a, b = self._closers[-1] if self._closers else (-1, -1)
            found = loop_through(self.maze, a, b) if a >= 0 else ()
        self._loop = (self.version, found)
        self.loops_drawn += 1
        return found

    @property
    def looking(self) -> bool:
        """True while the loop to draw is still being searched for."""
        return self._looking is not None and self._looking.key[0] == self.version

    def go_on_looking(self, deadline: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """The loop to draw, searched for until ``deadline`` when a search is under way; True when
        none is left (found: ``loops_drawn`` grows)."""
        while self._looking is not None:
            if self._looking.key[0] != self.version:
                self._looking = None  # the maze changed since: the next look starts again
            elif self.loop(CHUNK_CELLS) is None and clock() >= deadline:
                return False
        return True


class _LoopSearch:
    """Breadth-first from ``a`` to ``b`` without the passage between them (``loop_through``), a
    budget of cells at a time: the shortest loop through that passage."""

    def __init__(self, links: Connectivity, a: int, b: int) -> None:
        self.links, self.a, self.b = links, a, b
        self.key = (links.version, a, b)
        self.came = {a: -1}
        self.queue = deque([a])

    def run(self, cells: float) -> tuple[int, ...] | None:
        """Search ``cells`` more cells: the loop once found, () when there is none, else None."""
        a, b, came, queue = self.a, self.b, self.came, self.queue
        neighbours = self.links._neighbours
        while queue:
            if cells <= 0:
                return None
            cells -= 1
            cell = queue.popleft()
            if cell == b:
                way = [b]
                while came[way[-1]] != -1:
                    way.append(came[way[-1]])
                return tuple(way) + (b,)
            for nb in neighbours(cell):
                if nb not in came and not (cell == a and nb == b):
                    came[nb] = cell
                    queue.append(nb)
        return ()


class _GraphSide:
    """After the passage a - b closed, when the two searches in step did not end at once: one
    breadth-first search from ``a`` over the kept links (C speed: tens of milliseconds for a
    million cells). It reaches ``b``: still joined. Else its cells are ``a``'s part, cut off
    from ``b``'s (relabelled, whichever is the smaller)."""

    def __init__(self, a: int, b: int) -> None:
        self.a, self.b = a, b
        self.met = False
        self.side: np.ndarray = np.zeros(0, dtype=np.int64)

    def run(self, graph: PassageGraph) -> _GraphSide:
        order, came = breadth_first(graph, self.a)
        self.met = bool(came[self.b] >= 0)
        self.side = order
        return self


class _Recount:
    """A whole count spread over frames, a stage each (``Connectivity.begin_recount``)."""

    def __init__(self, links: Connectivity) -> None:
        self.links = links
        self._steps = links._recount_steps()

    def stage(self) -> bool:
        """Run the next stage; True once the count is whole (the figures are then right)."""
        if next(self._steps, True) is True:
            return self.links.pending is None
        return False


class _SideSearch:
    """After the passage a - b closed: a search from ``a`` and one from ``b`` in turn, a cell
    each. They meet: still joined (the passage was on a loop). One runs out first: its cells are
    the part cut off (the smaller one: O(that part), never the whole maze)."""

    def __init__(self, links: Connectivity, a: int, b: int) -> None:
        self.links, self.a = links, a
        self.seen: tuple[set[int], set[int]] = ({a}, {b})
        self.queues = (deque([a]), deque([b]))
        self.met = False
        self.side: set[int] = set()
        self.spent = 0
        """Cells ``settle`` has searched so far, over every frame."""

    def run(self, cells: int) -> bool:
        """Search ``cells`` more cells; True once it has ended (``met`` or ``side`` says how)."""
        neighbours = self.links._neighbours
        while cells > 0:
            for k in (0, 1):
                queue, mine, theirs = self.queues[k], self.seen[k], self.seen[1 - k]
                if not queue:
                    self.side = mine
                    return True
                for nb in neighbours(queue.popleft()):
                    if nb in theirs:
                        self.met = True
                        return True
                    if nb not in mine:
                        mine.add(nb)
                        queue.append(nb)
            cells -= 2
        return False


def _bits(value: int) -> list[int]:
    return [d for d in range(8) if value >> d & 1]


SCIPY_FROM_CELLS = 20_000
"""From this many cells on the check asks scipy (when installed) for the connected parts: C
speed, a million cells in a few hundredths of a second instead of a second."""


def _scipy_graph(a: np.ndarray, b: np.ndarray, size: int):
    """The passages as a scipy sparse matrix, or None (a small maze, or no scipy)."""
    if size < SCIPY_FROM_CELLS:
        return None
    try:
        from scipy.sparse import coo_matrix
    except ImportError:
        return None
    return coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(size, size)).tocsr()


def _scipy_parts(graph) -> np.ndarray:
    from scipy.sparse.csgraph import connected_components

    return connected_components(graph, directed=False)[1]


def _closing_passage(a: np.ndarray, b: np.ndarray, part: np.ndarray, graph, size: int) -> tuple[int, int] | None:
    """A passage that closes a loop: one outside a spanning tree of a part with as many passages
    as cells or more."""
    if graph is None:
        extra = np.flatnonzero(~spanning_forest(a, b, size))
        return (int(a[extra[0]]), int(b[extra[0]])) if len(extra) else None
    from scipy.sparse.csgraph import breadth_first_order

    edges = np.bincount(part[a], minlength=int(part.max()) + 1)
    cells = np.bincount(part, minlength=len(edges))
    looped = np.flatnonzero(edges >= cells)
    if not len(looped):
        return None
    first = int(np.flatnonzero(part == looped[0])[0])
    _, came = breadth_first_order(graph, first, directed=False, return_predecessors=True)
    inside = part[a] == looped[0]
    off_tree = inside & (came[a] != b) & (came[b] != a)
    found = np.flatnonzero(off_tree)
    return (int(a[found[0]]), int(b[found[0]])) if len(found) else None


def _passage_ends(maze: Maze, table: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Every open passage once, as two arrays of cells (the lower id first)."""
    grid = maze.grid
    if table is None:
        table = grid.neighbour_array(np.int64)
    bits = (maze.passages[:, None] >> np.arange(grid.directions, dtype=np.uint8)) & 1
    cells = np.arange(grid.size, dtype=np.int64)[:, None]
    linked = (bits == 1) & (table > cells)
    at, d = np.nonzero(linked)
    return at.astype(np.int64), table[at, d]
