"""The maze model: numpy arrays that the maze-changing events fold into.

``passages[c]`` has bit ``d`` set when cell ``c`` is open towards direction ``d``; both sides of a
passage always carry their bit. ``state[c]`` says what the cell is; ``region[c]`` which room or
corridor tree it belongs to (-1 for none), merged by CONNECT events.

The hot path (``apply``) writes through memoryviews of the arrays: numpy's per-item indexing
costs several times more, and a 1000 x 1000 backtracker folds two million events.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from .events import Event, Kind
from .graph import chain_ends

if TYPE_CHECKING:
    import numpy as np

    from ..grids import Grid
else:
    from .lazy_numpy import np  # imported on first use: --help stays fast


class CellState(IntEnum):
    UNVISITED = 0
    PASSAGE = 1
    ROOM = 2
    PRUNED = 3


_UNVISITED = int(CellState.UNVISITED)
_PASSAGE = int(CellState.PASSAGE)
_ROOM = int(CellState.ROOM)
_PRUNED = int(CellState.PRUNED)
_CARVE, _CONNECT, _PRUNE, _WALL, _OPEN_FIELD, _ROOM_EVENT, _CARVES, _PRUNES, _WALLS, _MIXED = (
    Kind.CARVE, Kind.CONNECT, Kind.PRUNE, Kind.WALL, Kind.OPEN_FIELD, Kind.ROOM, Kind.CARVES, Kind.PRUNES,
    Kind.WALLS, Kind.MIXED)


class Maze:
    """Cells, passages and regions of one maze on one grid."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        n = grid.size
        self.passages = np.zeros(n, dtype=np.uint8)
        self.state = np.zeros(n, dtype=np.uint8)
        self._region = np.full(n, -1, dtype=np.int32)
        self._merges: list[tuple[int, int]] = []
        """CONNECTs not yet written into ``region``: (region kept, region absorbed) as the events
        named them (``region`` settles them when read)."""
        self._absorbed: set[int] = set()
        """Labels the pending merges name (kept or absorbed): one given afresh to a cell meanwhile
        settles them first (else the later settling could relabel that cell too)."""
        self._relabelled: np.ndarray | None = np.empty(0, dtype=np.intp)
        self.entrance: tuple[int, int] = grid.entrance
        self.exit: tuple[int, int] = grid.exit
        self.rooms: dict[int, list[int]] = {}
        """Room id -> its cells, in the order their ROOM events came."""
        self.weights: np.ndarray | None = None
        """What entering each cell costs (uint8, 1..9; ``core/weights.py``), or None: every cell 1.
        Set from the recipe (``weights=N``), never by events; solvers that weigh cells read it."""
        self._opposite = tuple(grid.opposite(d) for d in range(grid.directions))
        self._scratch: np.ndarray | None = None
        """Room for ``_came_from`` to work in (what it holds means nothing between calls)."""
        self._bind_views()

    def _settle_pending(self) -> None:
        """Write every pending merge into ``region``, working out ``relabelled`` first when it is
        still to be (it needs the labels from before the last merge)."""
        if self._merges:
            if self._relabelled is None:
                self.relabelled  # noqa: B018 - computed now, while it still can be
            self._settle(self._merges)
        self._absorbed.clear()

    @property
    def region(self) -> np.ndarray:
        """Which room or corridor region each cell is in (-1 for none), every CONNECT applied.

        A CONNECT is only noted when it is folded and the labels are settled here, all at once:
        relabelling the absorbed region at each one cost a pass over the grid per door (a dungeon
        of many tiny rooms took minutes)."""
        self._settle_pending()
        return self._region

    @region.setter
    def region(self, value: np.ndarray) -> None:
        self._region = value
        self._merges = []
        self._absorbed = set()  # its own, never a copy's
        self._relabelled = np.empty(0, dtype=np.intp)
        if hasattr(self, "_r"):
            self._bind_views()  # the fold writes through a view of the array

    @property
    def relabelled(self) -> np.ndarray:
        """Cells whose region changed in the last CONNECT (so a view can recolour them)."""
        if self._relabelled is None:
            last = self._merges[-1]
            self._settle(self._merges[:-1])
            keep, absorb = int(self._region_of(last[0])), int(self._region_of(last[1]))
            changed = absorb >= 0 and keep != absorb
            self._relabelled = np.flatnonzero(self._region == absorb) if changed else np.empty(0, dtype=np.intp)
            self._merges = [(keep, absorb)]  # its labels as they are now
        return self._relabelled

    @relabelled.setter
    def relabelled(self, value: np.ndarray) -> None:
        self._relabelled = value

    def _region_of(self, label: int) -> int:
        """What a label an event read before the pending merges has become (after ``_settle``)."""
        return int(self._lookup.get(label, label))

    def _settle(self, merges: list[tuple[int, int]]) -> None:
        """Write ``merges`` (the oldest of the pending ones) into ``region``: a union-find over the
        labels they name, then one pass relabelling every cell whose label was absorbed."""
        parent: dict[int, int] = {}

        def find(label: int) -> int:
            root = label
            while root in parent:
                root = parent[root]
            while label in parent and parent[label] != root:
                parent[label], label = root, parent[label]
            return root

        for keep, absorb in merges:
            kept, absorbed = find(keep), find(absorb)
            if absorbed >= 0 and kept != absorbed:
                parent[absorbed] = kept
        self._lookup = {label: find(label) for label in parent}
        del self._merges[:len(merges)]
        if not parent:
            return
        region = self._region
        labels = np.array(list(self._lookup), dtype=np.int64)
        roots = np.array(list(self._lookup.values()), dtype=np.int64)
        table = np.arange(-1, max(int(labels.max()), int(region.max())) + 1)  # table[label + 1]: its root
        table[labels + 1] = roots
        region[:] = table[region.astype(np.int64) + 1]  # labels are -1 (none) or more

    def _bind_views(self) -> None:
        # numpy arrays are buffers; numpy's type stubs do not say so
        self._p = memoryview(self.passages)  # type: ignore[arg-type]
        self._s = memoryview(self.state)  # type: ignore[arg-type]
        self._r = memoryview(self._region)  # type: ignore[arg-type]
        self.apply = self._make_apply()

    def _make_apply(self):
        """Build ``apply`` as a closure over the memoryviews: no attribute lookups on the hot path."""
        p, s, r = self._p, self._s, self._r
        bit = tuple(1 << d for d in range(self.grid.directions))
        back = tuple(1 << o for o in self._opposite)
        rare = self._apply_rare
        reopen = frozenset((_UNVISITED, _PRUNED))  # states a carve turns into passage
        absorbed, fresh = self._absorbed, self._fresh_label
        shut = tuple(~(1 << d) & 0xFF for d in range(self.grid.directions))
        shut_back = tuple(~(1 << o) & 0xFF for o in self._opposite)

        def apply(event: tuple[int, int, int, Any]) -> None:
            """Fold one event; display-only events are ignored (``value`` is an int for every
            maze-changing kind)."""
            kind, a, b, v = event
            if kind == _CARVE:  # the most frequent event by far
                if b >= 0:
                    p[a] |= bit[v]
                    p[b] |= back[v]
                    if s[b] in reopen:
                        s[b] = _PASSAGE
                        r[b] = r[a]
                    if s[a] in reopen:
                        s[a] = _PASSAGE
                elif s[a] != _ROOM:
                    if v in absorbed:
                        fresh(v)
                    s[a] = _PASSAGE
                    r[a] = v
            elif kind >= 10:  # display only
                return
            elif kind == _PRUNE:  # most of a dungeon's corridors
                p[a] = 0
                if b >= 0:
                    p[b] &= shut_back[v]
                s[a] = _PRUNED
                r[a] = -1
            elif kind == _WALL:  # every step of the division algorithms
                p[a] &= shut[v]
                p[b] &= shut_back[v]
            else:
                rare(kind, a, b, v)

        return apply

    def _apply_rare(self, kind: int, a: int, b: int, v: int) -> None:
        """The maze-changing kinds that come a few at a time (connectors, rooms, the open field)."""
        p, s, r = self._p, self._s, self._r
        if kind == _CONNECT:
            p[a] |= 1 << v
            p[b] |= 1 << self._opposite[v]
            self._merge_regions(r[a], r[b])
        elif kind == _ROOM_EVENT:
            self._fresh_label(v)
            s[a] = _ROOM
            r[a] = v
            self.rooms.setdefault(v, []).append(a)
        elif kind == _OPEN_FIELD:
            self.passages[:] = full_passages(self.grid)
            self.state[:] = _PASSAGE
        elif kind == _CARVES:
            self._apply_carves(v)  # type: ignore[arg-type]
        elif kind == _PRUNES:
            self._apply_prunes(v)  # type: ignore[arg-type]
        elif kind == _WALLS:
            self._apply_walls(v)  # type: ignore[arg-type]
        elif kind == _MIXED:
            self._apply_mixed(v)  # type: ignore[arg-type]
        else:
            raise ValueError(f"unknown maze-changing event kind {kind}")

    def _apply_carves(self, rows: np.ndarray) -> None:
        """A run of carves at once, as a tree grows: each into a cell not open yet (never carved,
        or pruned), from a cell open before the run or carved into earlier in it, each cell
        carved into once. Then a carved cell takes the region of the cell its branch of the run
        grew from. Any other run is folded a carve at a time."""
        a, b, d = (rows[:, k].astype(np.int64) for k in range(3))
        came = self._came_from(a, b)
        if came is None:
            if not self._apply_joins(a, b, d):
                apply = self.apply
                for cell, other, value in rows.tolist():
                    apply((_CARVE, cell, other, value))
            return
        self._open_passages(a, b, d)
        region = self._region
        region[b] = self._branch_regions(region[a], came)
        state = self.state
        reopened = (state[a] == _UNVISITED) | (state[a] == _PRUNED)
        state[a[reopened]] = _PASSAGE
        state[b] = _PASSAGE

    def _open_passages(self, a: np.ndarray, b: np.ndarray, d: np.ndarray) -> None:
        """The passage from each ``a`` in direction ``d`` opened on both sides (in any order)."""
        bits = np.array([1 << k for k in range(self.grid.directions)], dtype=np.uint8)
        np.bitwise_or.at(self.passages, a, bits[d])
        np.bitwise_or.at(self.passages, b, bits[np.asarray(self._opposite)[d]])

    def _apply_joins(self, a: np.ndarray, b: np.ndarray, d: np.ndarray) -> bool:
        """Carves between cells that may both be open already (Kruskal's forest joining) at once,
        when no region label can move: every carve joins two cells and all the cells they touch
        are in one region (or none). Then each carve opens its passage and turns its cells into
        passage, in any order; False, with nothing changed, for any other run."""
        if int(min(a.min(), b.min())) < 0:
            return False
        regions = np.concatenate((self._region[a], self._region[b]))
        if int(regions.min()) != int(regions.max()):
            return False
        self._open_passages(a, b, d)
        cells = np.concatenate((a, b))
        state = self.state
        state[cells[(state[cells] == _UNVISITED) | (state[cells] == _PRUNED)]] = _PASSAGE
        return True

    def _apply_mixed(self, rows: np.ndarray) -> None:
        """A run of several kinds: its maze-changing rows in order; the carves of a run with no
        other maze-changing rows as one run of carves (a walk carved in, a corridor), its prunes
        likewise."""
        changing = rows[rows[:, 0] < 10]
        if not len(changing):
            return
        kinds = changing[:, 0]
        if bool((kinds == _CARVE).all()):
            self._apply_carves(changing[:, 1:])
            return
        if bool((kinds == _PRUNE).all()):
            self._apply_prunes(changing[:, 1:])
            return
        if bool((kinds == _WALL).all()):
            self._apply_walls(changing[:, 1:])
            return
        apply = self.apply
        for event in changing.tolist():
            apply(tuple(event))

    def _came_from(self, a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
        """For a run that grows a tree (see ``_apply_carves``), the row that carved into each
        row's ``a`` (-1 when ``a`` was open before the run); None for any other run. Each row's
        place is written into a scratch array by the cell it carves into: no sorting (a walk
        hands over hundreds of these runs)."""
        count = len(b)
        if not count or int(min(a.min(), b.min())) < 0:
            return None
        state = self.state[b]
        if not bool(((state == _UNVISITED) | (state == _PRUNED)).all()):
            return None
        if self._scratch is None:
            self._scratch = np.empty(self.grid.size, dtype=np.int32)  # row numbers: a run has fewer rows than cells
        place = self._scratch  # what it held before means nothing: every use is checked below
        at = np.arange(count)
        place[b] = at
        if not bool((place[b] == at).all()):
            return None  # a cell carved into twice
        row = np.clip(place[a], 0, count - 1)
        came = np.where(b[row] == a, row, -1)
        return came if bool((came < at).all()) else None  # the carve into a came before

    @staticmethod
    def _branch_regions(source_regions: np.ndarray, came: np.ndarray) -> np.ndarray:
        """The region each row's branch grew from: the region of the first source on its way
        back through ``came`` that was open before the run. One walk's run has a single one."""
        outer = source_regions[came < 0]
        if int(outer.min()) == int(outer.max()):
            return np.full(len(came), outer[0], dtype=source_regions.dtype)
        root = chain_ends(np.where(came >= 0, came, np.arange(len(came))))  # a row from a cell open before
        return source_regions[root]

    def _apply_prunes(self, rows: np.ndarray) -> None:
        """A run of prunes at once: every pruned cell closed, and its last passage closed on the
        other side too. The order of the rows never matters (a pruned cell ends closed whenever
        the other side is shut, and the shutting of sides commutes), so no run falls back to a
        prune at a time, not even one naming a cell twice."""
        a, b, d = (rows[:, k].astype(np.int64) for k in range(3))
        side = b >= 0
        backs = np.asarray(self._opposite)[d[side]]
        np.bitwise_and.at(self.passages, b[side], (~(1 << backs) & 0xFF).astype(np.uint8))
        self.passages[a] = 0
        self.state[a] = _PRUNED
        self._region[a] = -1

    def _apply_walls(self, rows: np.ndarray) -> None:
        """A run of walls at once: each passage closed on both sides (closing commutes, so the
        rows may come in any order and name a wall twice)."""
        a, b, d = (rows[:, k].astype(np.int64) for k in range(3))
        bits = np.array([~(1 << k) & 0xFF for k in range(self.grid.directions)], dtype=np.uint8)
        np.bitwise_and.at(self.passages, a, bits[d])
        np.bitwise_and.at(self.passages, b, bits[np.asarray(self._opposite)[d]])

    def _merge_regions(self, keep: int, absorb: int) -> None:
        """Note the merge; ``region`` and ``relabelled`` work it out when they are read."""
        self._merges.append((keep, absorb))
        self._absorbed.update((keep, absorb))
        self._relabelled = None

    def _fresh_label(self, label: int) -> None:
        """A cell is about to be given ``label`` afresh (a room, a corridor's start): if a pending
        merge names that label, settle first, so the cell keeps it."""
        if label in self._absorbed:
            self._settle_pending()

    def fold(self, events: Iterable[Event]) -> "Maze":
        """Apply every event in order; returns self so ``Maze(grid).fold(events)`` reads well."""
        apply = self.apply
        for event in events:
            apply(event)
        return self

    # --- reading ------------------------------------------------------------------

    def is_open(self, cell: int, direction: int) -> bool:
        """True when the passage from ``cell`` towards ``direction`` is open."""
        return bool(self._p[cell] >> direction & 1)

    def open_neighbours(self, cell: int) -> list[int]:
        """Neighbours reachable from ``cell`` through one open passage."""
        bits = self._p[cell]
        return [nb for d, nb in self.grid.neighbours(cell) if bits >> d & 1]

    def passage_list(self) -> Iterator[tuple[int, int]]:
        """Every open passage once, as ``(cell, neighbour)`` with ``cell < neighbour``."""
        p = self._p
        for cell in np.flatnonzero(self.passages).tolist():
            bits = p[cell]
            for d, nb in self.grid.neighbours(cell):
                if bits >> d & 1 and cell < nb:
                    yield cell, nb

    def passage_count(self) -> int:
        """Number of open passages (each counted once)."""
        return int(np.unpackbits(self.passages).sum()) // 2

    def degree(self, cell: int) -> int:
        """Open passages of ``cell``, counting the entrance or exit opening to the outside."""
        outside = (cell == self.entrance[0]) + (cell == self.exit[0])
        return int(self._p[cell]).bit_count() + outside

    def open_mask(self) -> np.ndarray:
        """Boolean per cell: True where a walker may stand (passages and rooms)."""
        return (self.state == _PASSAGE) | (self.state == _ROOM)

    def open_cells(self) -> np.ndarray:
        """Ids of the cells a walker may stand on (passages and rooms)."""
        return np.flatnonzero(self.open_mask())

    def adjacency(self, table: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Each cell's neighbours through open passages, as compressed rows (one numpy pass): the
        neighbours of cell c are ``indices[indptr[c]:indptr[c + 1]]``. ``table`` is the grid's
        neighbour table when the caller keeps one (building it is most of the cost)."""
        grid = self.grid
        if table is None:
            table = grid.neighbour_array(np.int32)
        bits = (self.passages[:, None] >> np.arange(grid.directions, dtype=np.uint8)) & 1
        linked = (bits == 1) & (table >= 0)
        indptr = np.zeros(grid.size + 1, dtype=np.int32)
        np.cumsum(linked.sum(axis=1), out=indptr[1:])
        return indptr, table[linked]

    def reachable_from(self, start: int) -> np.ndarray:
        """Boolean mask of the cells reachable from ``start`` through open passages (a search
        over ``adjacency``'s plain lists: a few hundred thousand cells in a tenth of a second)."""
        indptr, indices = (part.tolist() for part in self.adjacency())
        seen = bytearray(self.grid.size)
        seen[start] = 1
        order = [start]
        for cell in order:  # the list grows while it is walked: a queue without popping
            for nb in indices[indptr[cell]:indptr[cell + 1]]:
                if not seen[nb]:
                    seen[nb] = 1
                    order.append(nb)
        return np.frombuffer(bytes(seen), dtype=np.uint8).astype(bool)

    def copy(self) -> "Maze":
        other = Maze.__new__(Maze)
        other.__dict__.update(self.__dict__)
        other.passages = self.passages.copy()
        other.state = self.state.copy()
        other.region = self.region.copy()  # settles this maze's merges first
        other.weights = None if self.weights is None else self.weights.copy()  # costs painted by hand stay its own
        other._relabelled = self._relabelled
        other._scratch = None  # its own when it needs one
        other.rooms = {k: list(v) for k, v in self.rooms.items()}
        other._bind_views()
        return other

    def same_as(self, other: "Maze") -> bool:
        """True when both mazes have the same passages, cell states, regions and rooms."""
        return (np.array_equal(self.passages, other.passages)
                and np.array_equal(self.state, other.state)
                and np.array_equal(self.region, other.region)
                and _room_sets(self.rooms) == _room_sets(other.rooms))

    @property
    def nbytes(self) -> int:
        """Memory held by the model's arrays."""
        return self.passages.nbytes + self.state.nbytes + self.region.nbytes


def _room_sets(rooms: dict[int, list[int]]) -> dict[int, list[int]]:
    """Rooms as sets of cells (the order their cells were listed in is not part of the maze)."""
    return {room: sorted(cells) for room, cells in rooms.items()}


def full_passages(grid: Grid) -> np.ndarray:
    """The passage bitmask with every passage between neighbours open (an open field)."""
    exists = grid.neighbour_array() >= 0
    passages = np.zeros(len(exists), dtype=np.uint8)
    for direction in range(grid.directions):  # a byte a cell a direction: 8 ms at 1000 x 1000,
        passages |= exists[:, direction].view(np.uint8) << np.uint8(direction)  # a weighted sum 0.2 s
    return passages


def loop_through(maze: Maze, a: int, b: int) -> tuple[int, ...]:
    """The shortest loop through the passage ``a - b``: the way from ``a`` to ``b`` without it,
    then back to ``b``."""
    came = {a: -1}
    queue = deque([a])
    while queue:
        cell = queue.popleft()
        if cell == b:
            break
        for nb in maze.open_neighbours(cell):
            if nb not in came and not (cell == a and nb == b):
                came[nb] = cell
                queue.append(nb)
    if b not in came:
        return ()
    way = [b]
    while came[way[-1]] != -1:
        way.append(came[way[-1]])
    return tuple(way) + (b,)
