"""The event stream: what a generator or solver says happened, one small tuple at a time.

An event is a plain 4-tuple ``(kind, cell, other, value)``. Plain tuples (not a class) because a
1000 x 1000 maze yields millions of them and tuple creation is the cheapest thing Python has; the
field meanings per kind are documented on :class:`Kind`.

Maze-changing kinds (``Kind.changes_maze``) are folded into the :class:`~visualizer.core.maze.Maze`;
the finished maze is exactly that fold. Display kinds only annotate the picture.

A *packed* event stands for a run of events of one kind, its rows in a numpy array: CARVES, PRUNES
and WALLS in quiet streams; SETS, CURRENTS, WALKS and REJECTS in the shown streams of built-in
generators (millions of display events at 500 x 500 were most of their cost); MIXED for a run of
several kinds (Wilson's walks: a step, an erase, a step, ...; the dungeon's corridors). Everything
that counts events counts the singles (:func:`singles`, :func:`expand`), so positions are the same
either way.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from enum import IntEnum

EventValue = int | str
Event = tuple["Kind", int, int, EventValue]
"""``(kind, cell, other, value)``: ``other`` is -1 and ``value`` is -1 when unused."""

EventStream = Generator[Event, None, None]
"""A maze generator (or a phase of one) as a Python generator: events out, nothing back."""
SearchStream = Generator[Event, None, list[int]]
"""A solver: its events, then the path it found (start to goal; [] if none) as the generator's
return value, which ``yield from`` hands to the caller (``solvers.base.run_to_end``)."""
NO_CELL = -1


class Kind(IntEnum):
    """Every kind of event. Fields are ``(cell, other, value)``."""

    # --- maze-changing -------------------------------------------------------------
    CARVE = 0
    """Open the passage ``cell`` -> ``other`` in direction ``value``; ``other`` becomes current.
    With ``other == -1``: open ``cell`` alone (a start cell) in region ``value`` (-1 for none)."""
    CONNECT = 1
    """Open a connector ``cell`` -> ``other`` (direction ``value``) joining two regions into one."""
    PRUNE = 2
    """Close dead-end ``cell`` and its last passage to ``other`` (direction ``value``, -1 if none)."""
    WALL = 3
    """Close the passage ``cell`` -> ``other`` (direction ``value``): wall-adding algorithms."""
    OPEN_FIELD = 4
    """Open every cell and every passage between neighbours: the start of a wall-adding algorithm."""
    ROOM = 5
    """Make ``cell`` a room floor of region ``value`` (room passages come as CARVE events)."""
    CARVES = 6
    """Quiet streams only (nothing shown): a run of CARVE events in one, ``value`` a ``(k, 3)``
    integer array of their ``(cell, other, value)`` rows in order (``cell`` and ``other`` -1).
    Folding it is folding each row as a CARVE; a walk can hand a thousand carves over at once."""
    PRUNES = 7
    """Quiet streams only: a run of PRUNE events in one, rows as for CARVES (in any order: folding
    a run of prunes gives the same maze whatever the order of its rows)."""
    WALLS = 8
    """Quiet streams only: a run of WALL events in one, rows as for CARVES (in any order: closing
    passages commutes); a division can hand over a whole depth's seams at once."""
    MIXED = 9
    """A run of events of any kinds in one, ``value`` a ``(k, 4)`` integer array of their
    ``(kind, cell, other, value)`` rows in order (``cell`` and ``other`` -1): shown streams whose
    kinds alternate too often for a run of one kind (Wilson's walk steps, erased loops and carves).
    No row is packed itself, has a text value or is a CONNECT, OPEN_FIELD or ROOM (what a quiet
    window step or a snapshot must see as an event of its own). Folding it is folding each row;
    it counts as ``k`` events, as for SETS. Below 10: its maze-changing rows change the maze."""

    # --- display only ------------------------------------------------------------
    CURRENT = 10
    """``cell`` is where the algorithm is looking now."""
    FRONTIER_ADD = 11
    """``cell`` joins the frontier (cells next to the maze, waiting to be added)."""
    FRONTIER_REMOVE = 12
    """``cell`` leaves the frontier without being carved."""
    BACKTRACK = 13
    """``cell`` is popped off the stack, finished; ``other`` is the new current cell (-1: done)."""
    PHASE = 14
    """A new phase of the algorithm begins; ``value`` is its name ("rooms", "maze", ...)."""
    WALK = 15
    """A random-walk step ``cell`` -> ``other`` (direction ``value``) not yet part of the maze."""
    WALK_ERASE = 16
    """A walk cell is erased (its loop was cut)."""
    SET = 17
    """``cell`` now belongs to set ``value`` (union-find, Eller's rows): for colouring."""
    REJECT = 18
    """A decision not to open: the wall ``cell`` -> ``other`` (direction ``value``) was looked at
    and stays closed (Kruskal, Eller, a stale edge in true Prim's, a dungeon connector). With
    ``value == -1``: a room spanning ``cell`` .. ``other`` was tried and refused (it overlapped)."""
    CHAMBER = 19
    """A division algorithm takes up a chamber to split: the cells from ``cell`` (top left) to
    ``other`` (bottom right) for recursive division; for blobby division the region holding ``cell``,
    of ``value`` cells (``other`` is -1)."""
    SCAN = 23
    """A scan for somewhere to go on looks at the cells ``cell`` .. ``other`` (hunt-and-kill's row)."""
    SEARCH = 20
    """A solver reached ``cell`` from ``other``."""
    PATH = 21
    """``cell`` is on the solution path (``other`` is the previous path cell or -1)."""
    DEAD_END = 22
    """A solver filled ``cell`` as a dead end (dead-end filling); ``other`` is its one way out (in
    direction ``value``), -1 when it has none."""
    OPEN = 24
    """A solver puts ``cell`` (reached from ``other``) on its to-do list: DFS's stack, A*'s open set
    (``value``: its f = g + h score; -1 when there is no score)."""
    TAKE = 25
    """A solver takes ``cell`` off its to-do list to look at its neighbours (BFS's queue)."""

    # --- display only, packed: built-in shown streams (a user's file yields singles) ----------
    SETS = 26
    """A run of SET events in one: ``value`` a ``(k, 3)`` integer array of their ``(cell, -1, set)``
    rows in order (``cell`` and ``other`` -1). Kruskal's repaint of a merged set (blobby division says
    its regions in MIXED runs). It counts as ``k`` events: the log, positions and seeks see the ``k`` singles."""
    CURRENTS = 27
    """A run of CURRENT events in one, rows ``(cell, -1, -1)`` in order (Aldous-Broder's steps over
    cells already in the maze); ``k`` events, as for SETS."""
    WALKS = 28
    """A run of WALK events in one, rows ``(cell, other, direction)`` in order; ``k`` events, as for
    SETS. No built-in generator says it now (Wilson's steps alternate with erases: MIXED runs)."""
    REJECTS = 29
    """A run of REJECT events in one, rows ``(cell, other, direction)`` in order (Kruskal's walls
    kept, late in its run most of the walls it looks at); ``k`` events, as for SETS."""

    @property
    def changes_maze(self) -> bool:
        """True for the kinds that the maze model folds; False for display-only kinds."""
        return self < 10


def changes_maze(event: Event) -> bool:
    """True when folding ``event`` changes the maze (not just the picture)."""
    return event[0] < 10


RUN_LENGTH = 8192
"""Events a quiet generator packs into one CARVES or PRUNES event."""


def packed(kind: Kind, rows: list[int]) -> Event:
    """A packed event (CARVES, PRUNES) of the flat ``cell, other, value, ...`` list ``rows``
    (``kind, cell, other, value, ...`` for MIXED), through an array of C integers (twice as quick
    as numpy reading the list itself)."""
    from array import array

    import numpy as np

    width = 4 if kind == Kind.MIXED else 3
    return (kind, -1, -1, np.frombuffer(array("q", rows), dtype=np.int64).reshape(-1, width))  # type: ignore[return-value]


SHOWN_PACKED = {Kind.SETS: Kind.SET, Kind.CURRENTS: Kind.CURRENT, Kind.WALKS: Kind.WALK, Kind.REJECTS: Kind.REJECT}
"""The display kinds a shown stream packs, and the kind of the events each holds."""
FIRST_SHOWN_RUN = int(min(SHOWN_PACKED))
"""Every kind from this one on is a packed display run (a cheap test for counting loops)."""
PACKED = {Kind.CARVES: Kind.CARVE, Kind.PRUNES: Kind.PRUNE, Kind.WALLS: Kind.WALL, **SHOWN_PACKED,
          Kind.MIXED: Kind.MIXED}
"""Each packed kind and the kind of the events it holds (MIXED: its rows name their kinds)."""
KINDS: tuple[Kind | None, ...] = tuple({int(k): k for k in Kind}.get(number) for number in range(256))
"""Each kind by its number: a MIXED row's kind as a :class:`Kind` (a list lookup, not a call)."""
PACKED_BYTES = bytes(1 if kind in PACKED else 0 for kind in range(256))
"""A ``bytes.translate`` table: 1 for a packed kind, 0 for a single one."""


def singles(event: Event) -> int:
    """How many events ``event`` counts as: its rows when packed, else 1."""
    return len(event[3]) if event[0] in PACKED else 1  # type: ignore[arg-type]


def last_single(event: Event) -> Event:
    """The last single event ``event`` holds: itself, or a packed run's last row as its kind."""
    single = PACKED.get(event[0])
    if single is None or not len(event[3]):  # type: ignore[arg-type]
        return event
    row = event[3][-1].tolist()  # type: ignore[index,union-attr]
    if single == Kind.MIXED:
        return (KINDS[row[0]], *row[1:])
    cell, other, value = row
    return (single, cell, other, value)


def expand(events: Iterable[Event]) -> Iterator[Event]:
    """The events one by one, each packed run (CARVES, SETS, ...) as the events it holds: what a
    quiet stream says in the shown stream's terms, and what a consumer of singles reads."""
    for event in events:
        single = PACKED.get(event[0])
        if single is None:
            yield event
        elif single == Kind.MIXED:
            kinds = KINDS
            for kind, cell, other, value in event[3].tolist():  # type: ignore[union-attr]
                yield (kinds[kind], cell, other, value)
        else:
            rows = event[3]
            for cell, other, value in rows.tolist():  # type: ignore[union-attr]
                yield (single, cell, other, value)


def describe(event: Event) -> str:
    """A one-line human reading of an event, for logs, tests and the step-by-step HUD."""
    kind, cell, other, value = event
    name = Kind(kind).name.lower()
    parts = [name]
    if cell != NO_CELL:
        parts.append(f"cell {cell}")
    if other != NO_CELL:
        parts.append(f"-> {other}")
    if kind == Kind.PHASE:
        parts.append(str(value))
    elif value != NO_CELL and other != NO_CELL:
        parts.append(f"dir {value}")
    elif value != NO_CELL:
        parts.append(f"value {value}")
    return " ".join(parts)
