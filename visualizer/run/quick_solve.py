"""Breadth-first search of a large maze without its events, ending exactly where ``solvers.bfs`` ends.

After a hand edit of a million cells the solver runs again "at once": ``solvers.bfs`` takes 2.4
seconds there to yield its 1.8 million events, and folding them into the overlay as many more.
The same queue walked over plain lists, keeping two lists (the cells in the order
reached, and where each was reached from) instead of an event per step, is about six times
quicker and ends in exactly the same place: the cells reached, the ones taken out of the queue,
the path. The overlay is marked in whole-array steps; the solver's events, which
only stepping back through the solve or its narration read, are spelled out when first asked for.
"""

from __future__ import annotations

import math
import time
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import overload

import numpy as np

from ..core.events import Event, Kind
from ..core.maze import Maze
from ..core.passage_graph import PassageGraph, Turns, breadth_first, parent_positions
from .overlay import Overlay
from .tree_search import depth_first, loops_in, non_tree_arc, pushed_in_tree, tree_pushes

QUICK_FROM_CELLS = 50_000
"""From this many cells on the at-once re-solve with breadth-first search takes this way (below,
the solver's own events are quick enough, and the same)."""
CHUNK = 2048
"""Cells searched between two looks at the clock."""
LIST_SLICE = 1 << 18
"""Adjacency entries turned into a list between two looks at the clock."""
ROW_SLICE = 1 << 16
"""Cells whose neighbour lists are built from the neighbour table between two looks at the clock."""
_SEARCH, _TAKE, _PATH, _OPEN = Kind.SEARCH, Kind.TAKE, Kind.PATH, Kind.OPEN


@dataclass(frozen=True)
class QuickSearch:
    """The solver's search, as arrays: its queue order up to where it stopped, and its path."""

    order: np.ndarray
    """Cells in the order they were reached (put in the queue), the reached ones only."""
    parent: np.ndarray
    """For each cell of ``order``, the position in ``order`` of the cell it was reached from (-1: start)."""
    taken: int
    """How many cells of ``order`` were taken out of the queue (the goal last, when reached)."""
    path: list[int]
    """Start to goal ([] when the goal cannot be reached)."""

    def show(self, overlay: Overlay) -> None:
        """Its marks on ``overlay``, as folding its events leaves them."""
        overlay.show_search(self.order, self.order[:self.taken], self.path)

    def event_count(self) -> int:
        return len(self.order) + self.taken + len(self.path)

    def events(self) -> list[Event]:
        """SEARCH for the start; then per cell taken: TAKE, and a SEARCH for each cell it
        reached; then PATH from start to goal: ``solvers.bfs``'s events, in its order."""
        order, parent = self.order.tolist(), self.parent.tolist()
        out: list[Event] = [(_SEARCH, order[0], -1, -1)]
        nxt = 1
        for i in range(self.taken):
            out.append((_TAKE, order[i], -1, -1))
            while nxt < len(order) and parent[nxt] == i:
                out.append((_SEARCH, order[nxt], order[i], -1))
                nxt += 1
        return out + _path_events(self.path)


def _path_events(path: list[int]) -> list[Event]:
    out: list[Event] = []
    previous = -1
    for cell in path:
        out.append((_PATH, cell, previous, -1))
        previous = cell
    return out


class QuickDepthSearch:
    """Depth-first search's run, as arrays: the cells in the order popped, the cells in the order
    pushed (the start first) with the pop that pushed each (``pusher``: a position in ``popped``,
    -1 for the start), and the path."""

    def __init__(self, popped: np.ndarray, pushed: np.ndarray, pusher: np.ndarray, path: list[int]) -> None:
        self.popped, self.path = popped, path
        self._pushes = pushed, pusher

    @property
    def pushed(self) -> np.ndarray:
        return self.pushes()[0]

    @property
    def pusher(self) -> np.ndarray:
        return self.pushes()[1]

    def pushes(self) -> tuple[np.ndarray, np.ndarray]:
        return self._pushes

    def stacked(self) -> np.ndarray:
        """The cells pushed, the start left out (any order: what the marks need)."""
        return self.pushed[1:]

    def show(self, overlay: Overlay) -> None:
        """Popped cells looked at, pushed ones still on the stack, the path: what ``solvers.dfs``'s
        events leave."""
        overlay.show_depth_search(self.popped, self.stacked(), self.path, self._last_event())

    def _last_event(self) -> Event | None:
        """The solver's last event: the path's last step, else the last cell popped (which pushed
        nothing: the stack ran out)."""
        path = self.path
        if path:
            return (_PATH, path[-1], path[-2] if len(path) > 1 else -1, -1)
        if not len(self.popped):
            return None
        cell = int(self.popped[-1])
        return (_SEARCH, cell, self.came_from(cell), -1)

    def came_from(self, cell: int) -> int:
        """The cell that pushed ``cell`` (-1: none, the start)."""
        at = np.flatnonzero(self.pushed == cell)
        return int(self.popped[self.pusher[at[0]]]) if len(at) and self.pusher[at[0]] >= 0 else -1

    def event_count(self) -> int:
        return len(self.popped) + len(self.pushed) - 1 + len(self.path)

    def events(self) -> list[Event]:
        """Per cell popped: SEARCH (from the cell that pushed it), then an OPEN per cell it
        pushed; then PATH from start to goal: ``solvers.dfs``'s events, in its order."""
        popped, pushed, pusher = self.popped.tolist(), self.pushed.tolist(), self.pusher.tolist()
        came = {pushed[0]: -1}
        out: list[Event] = []
        nxt = 1
        for i, cell in enumerate(popped):
            out.append((_SEARCH, cell, came[cell], -1))
            while nxt < len(pushed) and pusher[nxt] == i:
                came[pushed[nxt]] = cell
                out.append((_OPEN, pushed[nxt], cell, -1))
                nxt += 1
        return out + _path_events(self.path)


class TreeDepthSearch(QuickDepthSearch):
    """A depth-first search over a tree (``GraphDfs``), where each cell is pushed by its parent:
    the marks need only the set of cells pushed (``stacked``); the order of the pushes, which only
    the solver's events read, is worked out when first asked for (70 ms for a million cells)."""

    def __init__(self, popped: np.ndarray, path: list[int], stacked: np.ndarray, came: np.ndarray,
                 pushes: Callable[[], tuple[np.ndarray, np.ndarray]]) -> None:
        self.popped, self.path, self._stacked, self._came = popped, path, stacked, came
        self._later: Callable[[], tuple[np.ndarray, np.ndarray]] | None = pushes

    def pushes(self) -> tuple[np.ndarray, np.ndarray]:
        if self._later is not None:
            self._pushes, self._later = self._later(), None
        return self._pushes

    def stacked(self) -> np.ndarray:
        return self._stacked

    def came_from(self, cell: int) -> int:
        return max(int(self._came[cell]), -1)

    def event_count(self) -> int:
        return len(self.popped) + len(self._stacked) + len(self.path)


class QuickBfs:
    """What ``solvers.bfs(maze, start, goal)`` does, without its events, a frame's share at a
    time: the same queue over ``Maze.adjacency``'s plain lists (each cell's neighbours by
    direction, the solver's order), keeping the cells in the order reached and where each was
    reached from."""

    def __init__(self, maze: Maze, start: int, goal: int, table: np.ndarray | None = None) -> None:
        self.maze, self.table = maze, table
        """``table``: the grid's neighbour table when the caller keeps one; the lists are then built
        from it a slice of cells at a time (nothing of the whole maze's size at once)."""
        self.arrays = maze.adjacency() if table is None else None
        self.indptr: list[int] = [0] if table is not None else []
        self.indices: list[int] = []
        """``arrays`` as plain lists (quick to index), filled a slice at a time by ``work``."""
        self.seen = bytearray(maze.grid.size)
        self.seen[start] = 1
        self.goal = goal
        self.order, self.parent = [start], [-1]
        self.found = 0 if start == goal else -1
        self.next = 0
        self._converted = 0
        self._arrays: list[tuple[np.ndarray, np.ndarray]] = []
        """``order`` and ``parent`` as arrays, a piece per look (``_convert``)."""
        self.result: QuickSearch | None = None

    def work(self, deadline: float = math.inf, clock: Callable[[], float] = time.perf_counter) -> QuickSearch | None:
        """Search on until ``deadline``: the search once it has ended, else None (call again)."""
        if not self._lists_ready(deadline, clock):
            return None
        indptr, indices, seen, goal = self.indptr, self.indices, self.seen, self.goal
        order, parent = self.order, self.parent
        append, adopt = order.append, parent.append
        i = self.next
        while self.result is None:
            stop = i + CHUNK  # read each time: a test makes the chunks small
            while i < stop:
                if i == len(order):
                    self._end(i)
                    break
                cell = order[i]
                if cell == goal:
                    self._end(i + 1)
                    break
                for nb in indices[indptr[cell]:indptr[cell + 1]]:
                    if not seen[nb]:
                        seen[nb] = 1
                        if nb == goal:
                            self.found = len(order)
                        append(nb)
                        adopt(i)
                i += 1
            else:
                if clock() >= deadline:
                    self.next = i
                    self._convert()
                    return None
        return self.result

    def _lists_ready(self, deadline: float, clock: Callable[[], float]) -> bool:
        """Turn the adjacency into lists a slice at a time (a million cells' take a fifth of a
        second at once); True once both are whole."""
        if self.arrays is None:
            return self._rows_ready(deadline, clock)
        pairs = list(zip((self.indptr, self.indices), self.arrays))
        for target, source in pairs:
            while len(target) < len(source):
                target.extend(source[len(target):len(target) + LIST_SLICE].tolist())
                whole = all(len(t) == len(a) for t, a in pairs)
                if not whole and clock() >= deadline:
                    return False
        return True

    def _rows_ready(self, deadline: float, clock: Callable[[], float]) -> bool:
        """``Maze.adjacency``'s rows from the kept neighbour table, ROW_SLICE cells at a time."""
        table, passages, size = self.table, self.maze.passages, self.maze.grid.size
        assert table is not None
        shifts = np.arange(table.shape[1], dtype=np.uint8)
        while len(self.indptr) <= size:
            a = len(self.indptr) - 1
            b = min(size, a + ROW_SLICE)
            rows = table[a:b]
            linked = ((passages[a:b, None] >> shifts) & 1).astype(bool) & (rows >= 0)
            self.indptr.extend((np.cumsum(linked.sum(axis=1)) + self.indptr[-1]).tolist())
            self.indices.extend(rows[linked].tolist())
            if b < size and clock() >= deadline:
                return False
        return True

    def _convert(self) -> None:
        """The cells reached since the last look, into arrays (the end then converts only the rest:
        a million cells' lists at once took a tenth of a second or more)."""
        done = self._converted
        if len(self.order) > done:
            self._arrays.append((_int_array(self.order[done:]), _int_array(self.parent[done:])))
            self._converted = len(self.order)

    def _end(self, taken: int) -> None:
        path: list[int] = []
        at = self.found
        while at >= 0:
            path.append(self.order[at])
            at = self.parent[at]
        path.reverse()
        self._convert()
        order = np.concatenate([pair[0] for pair in self._arrays])
        parent = np.concatenate([pair[1] for pair in self._arrays])
        self._arrays = []
        self.result = QuickSearch(order, parent, taken, path)


def _int_array(values: list[int]) -> np.ndarray:
    """A list of ints as an int64 array through ``array('q')`` (a third of ``np.array``'s time)."""
    return np.frombuffer(array("q", values), dtype=np.int64)


def quick_bfs(maze: Maze, start: int, goal: int, table: np.ndarray | None = None) -> QuickSearch:
    """The whole search at once (tests, the benchmark)."""
    search = QuickBfs(maze, start, goal, table).work()
    assert search is not None
    return search


class Stages:
    """A search's stages run a frame's share at a time: a heavy one (a C search) opens a frame of
    its own (when no other heavy stage had it: ``PassageGraph.turns``), light ones (a slice of
    whole-array work, a path walked) follow in the same frame while the share lasts, each
    expected to cost what the last light one did. The stages are a generator that says, before
    each stage, whether it is heavy (``HEAVY``) or light (``LIGHT``)."""

    def __init__(self, stages: Iterator[bool], turns: Turns) -> None:
        self.turns, self._stages = turns, stages
        self._heavy: bool | None = next(stages, None)
        self._light = math.inf
        """Seconds the last light stage took (none yet: a light stage opens the next frame)."""

    @property
    def done(self) -> bool:
        return self._heavy is None

    def run(self, deadline: float, clock: Callable[[], float]) -> None:
        """Stages until ``deadline`` (at least one, when the frame's turn is free)."""
        turns, ran = self.turns, False
        while self._heavy is not None:
            heavy = self._heavy
            if not ran and not turns.free():
                break
            if ran and (clock() >= deadline or (turns.framed and (heavy or clock() + self._light > deadline))):
                break  # a heavy stage waits for a frame of its own; a light one for room in this one
            turns.take()
            began = clock()
            self._heavy = next(self._stages, None)
            if not heavy:
                self._light = clock() - began
            ran = True


HEAVY, LIGHT = True, False


class GraphBfs:
    """What ``QuickBfs`` finds, from scipy's breadth-first search over a kept ``PassageGraph``
    (one C call of tens of milliseconds for a million cells, where the lists take a second): the
    search goes on past the goal, so its order is cut where ``solvers.bfs`` stops. ``work`` runs
    its stages (the search; where it stops and the path; the parents) a frame's share at a time
    (``Stages``) when a window tells the graph its frames."""

    def __init__(self, graph: PassageGraph, start: int, goal: int, table: np.ndarray | None = None) -> None:
        self.graph, self.start, self.goal = graph, start, goal  # ``table``: as ``GraphDfs``'s, not needed here
        self.indices: list[int] = []
        self.indptr: list[int] = []
        self.order: list[int] = []
        self.parent: list[int] = []
        """Empty: what ``HandEdits`` frees after a ``QuickBfs`` (nothing here)."""
        self.result: QuickSearch | None = None
        self._stages = Stages(self._staged(), graph.turns)

    def work(self, deadline: float = math.inf, clock: Callable[[], float] = time.perf_counter) -> QuickSearch | None:
        """Stages on until ``deadline``; the search once it has ended, else None (call again)."""
        self._stages.run(deadline, clock)
        return self.result

    def _staged(self) -> Iterator[bool]:
        yield HEAVY
        order, came = breadth_first(self.graph, self.start)
        yield LIGHT
        reached, taken, path = stop_and_path(order, came, self.start, self.goal)
        yield LIGHT
        parent = parent_positions(self.graph, order, came)[:reached].astype(np.int64)  # shared with the distance map
        parent[0] = -1
        self.result = QuickSearch(order[:reached].astype(np.int64), parent, taken, path)


def stop_and_path(order: np.ndarray, came: np.ndarray, start: int, goal: int) -> tuple[int, int, list[int]]:
    """Where ``solvers.bfs`` stops in a whole breadth-first search from ``start`` (its order and
    predecessors): ``(cells reached, cells taken, path)``. It stops when the goal is taken out of
    the queue; the cells reached by then are those reached from the cells taken before it: a
    prefix of the order, ending where the first cell reached from the goal or later stands (each
    cell's parent comes no later than the next one's)."""
    if goal != start and came[goal] < 0:
        return len(order), len(order), []
    at = int(np.flatnonzero(order == goal)[0])
    later = np.zeros(len(came), dtype=bool)
    later[order[at:]] = True  # the goal and the cells after it in the queue
    reached, width = at + 1, 4096
    while reached < len(order):
        from_later = np.flatnonzero(later[came[order[reached:reached + width]]])
        if len(from_later):
            reached += int(from_later[0])
            break
        reached += width
    reached = min(reached, len(order))
    steps = memoryview(came)  # type: ignore[arg-type]  # plain ints, no numpy scalar per step
    path = [goal]
    while path[-1] != start:
        path.append(steps[path[-1]])
    path.reverse()
    return reached, at + 1, path


def parents(order: np.ndarray, came: np.ndarray) -> np.ndarray:
    """For each cell of ``order``, the position in it of its predecessor (-1: the start)."""
    position = np.empty(len(came), dtype=np.int32)
    position[order] = np.arange(len(order), dtype=np.int32)
    parent = position[np.maximum(came[order], 0)].astype(np.int64)
    if len(parent):
        parent[0] = -1
    return parent


def cut_at_goal(order: np.ndarray, came: np.ndarray, start: int, goal: int) -> QuickSearch:
    """A whole breadth-first search from ``start`` cut where ``solvers.bfs`` stops (at once)."""
    reached, taken, path = stop_and_path(order, came, start, goal)
    return QuickSearch(order[:reached].astype(np.int64), parents(order[:reached], came), taken, path)


class QuickDfs(QuickBfs):
    """What ``solvers.dfs(maze, start, goal)`` does, without its events, a frame's share at a
    time: the same stack over the same plain lists (each cell's neighbours pushed in reverse
    direction order, so the first is popped first), keeping the cells popped and pushed."""

    def __init__(self, maze: Maze, start: int, goal: int, table: np.ndarray | None = None) -> None:
        super().__init__(maze, start, goal, table)
        self.stack = [start]
        self.popped: list[int] = []
        self.came = {start: -1}
        self.depth_result: QuickDepthSearch | None = None

    def work(self, deadline: float = math.inf,  # type: ignore[override]
             clock: Callable[[], float] = time.perf_counter) -> QuickDepthSearch | None:
        """Search on until ``deadline``: the search once it has ended, else None (call again)."""
        if not self._lists_ready(deadline, clock):
            return None
        indptr, indices, seen, goal, came = self.indptr, self.indices, self.seen, self.goal, self.came
        stack, popped, pushed, pusher = self.stack, self.popped, self.order, self.parent
        while self.depth_result is None:
            for _ in range(CHUNK):
                if not stack:
                    self._end_depth([])
                    break
                cell = stack.pop()
                popped.append(cell)
                if cell == goal:
                    self._end_depth(_path_back(came, goal))
                    break
                i = len(popped) - 1
                for nb in reversed(indices[indptr[cell]:indptr[cell + 1]]):
                    if not seen[nb]:
                        seen[nb] = 1
                        came[nb] = cell
                        stack.append(nb)
                        pushed.append(nb)
                        pusher.append(i)
            else:
                if clock() >= deadline:
                    return None
        self.result = self.depth_result  # type: ignore[assignment]  # what the caller waits on
        return self.depth_result

    def _end_depth(self, path: list[int]) -> None:
        self.depth_result = QuickDepthSearch(_int_array(self.popped), _int_array(self.order),
                                             _int_array(self.parent), path)


class GraphDfs:
    """What ``QuickDfs`` finds, from scipy's depth-first search over a kept ``PassageGraph`` where
    the part searched is a tree (a perfect maze, or one a closed passage cut in two): scipy goes
    to each cell's first unvisited slot, in direction order, which is the order the solver's stack
    pops cells in when each cell has one way to it (nothing can be pushed twice).

    One loop (a wall opened in a perfect maze) parts the two orders at its far end: the stack,
    popping the loop's first cell, pushes both its neighbours round the loop, goes round from
    the first and finds the second pushed already, so that cell is popped from the first cell,
    later. Scipy's search goes round the same way and reaches that cell from the one before it;
    without that one passage its order is the stack's again (a second C search). More loops: the
    search is handed to ``QuickDfs``'s lists (a second of Python for a million cells;
    ``TREES_ONLY``: where more are known, the caller starts there). ``work`` runs the stages (a C
    search; the loop's odd slot, a slice of cells at a time; the cells pushed; the path) a
    frame's share at a time (``Stages``); the order of the pushes waits until the solver's
    events are read (``TreeDepthSearch``)."""

    def __init__(self, graph: PassageGraph, start: int, goal: int, table: np.ndarray | None = None) -> None:
        self.graph, self.start, self.goal, self.table = graph, start, goal, table
        self.indices: list[int] = []
        self.indptr: list[int] = []
        self.order: list[int] = []
        self.parent: list[int] = []
        """Empty unless the search was handed to ``QuickDfs`` (what ``HandEdits`` frees after it)."""
        self._lists: QuickDfs | None = None
        self.result: QuickDepthSearch | None = None
        self._stages = Stages(self._staged(), graph.turns)

    def work(self, deadline: float = math.inf,
             clock: Callable[[], float] = time.perf_counter) -> QuickDepthSearch | None:
        """Stages on until ``deadline`` (``Stages``); the search once it has ended, else None
        (call again). Handed to the lists, they go on from the next call."""
        if self._lists is not None:
            self.result = self._lists.work(deadline, clock)
            return self.result
        self._stages.run(deadline, clock)
        return self.result

    def _hand_over(self) -> None:
        """A loop: the solver's own order from ``QuickDfs``'s lists, a frame's share at a time."""
        lists = self._lists = QuickDfs(self.graph.maze, self.start, self.goal, self.table)
        self.indices, self.indptr, self.order, self.parent = lists.indices, lists.indptr, lists.order, lists.parent

    def _staged(self) -> Iterator[bool]:
        graph = self.graph
        yield HEAVY
        order, came = depth_first(graph, self.start)
        loops = loops_in(graph, order)
        if loops == 1:  # (an opened wall) the stack's order is a search's without one passage
            arc = None
            for first in range(0, len(order), PUSH_SLICE):
                yield LIGHT
                arc = non_tree_arc(graph, came, order[first:first + PUSH_SLICE])
                if arc is not None:
                    break
            if arc is not None:
                yield HEAVY
                order, came = depth_first(graph, self.start, without=(int(came[arc[1]]), arc[1]))
                loops = loops_in(graph, order, less=1)
        if loops:
            yield LIGHT
            self._hand_over()  # the lists start on the next call, in a frame of their own
            return
        bits = graph.maze.passages.copy()  # as searched: the pushes are worked out from them later
        found = self.goal == self.start or came[self.goal] >= 0
        popped = order[:int(np.flatnonzero(order == self.goal)[0]) + 1] if found else order
        pushers = popped[:-1] if found else popped  # the goal pushes nothing: the search stops there
        yield LIGHT
        stacked = pushed_in_tree(came, order, pushers)
        yield LIGHT
        path = _path_up(came, self.start, self.goal) if found else []  # 100,000 steps or more
        yield LIGHT
        pushes = partial(tree_pushes, graph.neighbours_or_home(), bits, came, pushers, self.start)
        self.result = TreeDepthSearch(popped.astype(np.int64), path, stacked, came, pushes)


PUSH_SLICE = 1 << 16
"""Cells looked through for the loop's odd passage in one stage (a few milliseconds: light stages
fill what a frame's share leaves)."""
def _path_up(came: np.ndarray, start: int, goal: int) -> list[int]:
    steps = memoryview(came)  # type: ignore[arg-type]  # plain ints, no numpy scalar per step
    path = [goal]
    while path[-1] != start:
        path.append(steps[path[-1]])
    path.reverse()
    return path


def _path_back(came: dict[int, int], goal: int) -> list[int]:
    path = [goal]
    while came[path[-1]] != -1:
        path.append(came[path[-1]])
    path.reverse()
    return path


QUICK_SOLVERS: dict[str, type[QuickBfs]] = {"bfs": QuickBfs, "dfs": QuickDfs}
"""Solvers whose whole search has an array twin here, by the solver's registry name."""
GRAPH_SOLVERS: dict[str, type[GraphBfs] | type[GraphDfs]] = {"bfs": GraphBfs, "dfs": GraphDfs}
"""The same over a kept ``PassageGraph`` (scipy's C search), where the window keeps one."""
TREES_ONLY = frozenset({"dfs"})
"""Graph solvers whose C search is the solver's only where at most one loop is: with more known,
the lists' twin (``QUICK_SOLVERS``) is quicker than the C searches found out of step."""


class QuickLog(Sequence[Event]):
    """The solver's events of a :class:`QuickSearch` (or a depth-first one), spelled out on first reading."""

    def __init__(self, search: QuickSearch | QuickDepthSearch) -> None:
        self.search = search
        self._events: list[Event] | None = None
        self._length = search.event_count()

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index):
        return self.events()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events())

    def extend(self, events: list[Event]) -> None:
        """The search has ended: nothing is ever added."""
        assert not events

    def events(self) -> list[Event]:
        if self._events is None:
            self._events = self.search.events()
        return self._events
