"""Searches with a to-do list (breadth-first, A*, depth-first): which cell comes off it next? The
rule of the list says: the one waiting longest (a queue), the lowest f = g + h (A*'s open set), the
newest (a stack)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ...core.events import Event, Kind
from ...core.narration import plural
from .question import CELL, Question, QuestionMaker, Seen

KIND = "next off the list"
_TAKE, _SEARCH = int(Kind.TAKE), int(Kind.SEARCH)


def _steps_from(seen: Seen, start: int) -> dict[int, int]:
    """Steps from ``start`` to every cell it reaches through the maze's passages."""
    steps = {start: 0}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for nb in seen.maze.open_neighbours(cell):
            if nb not in steps:
                steps[nb] = steps[cell] + 1
                todo.append(nb)
    return steps


def ask_bfs(seen: Seen) -> Question | None:
    """BFS takes cells in the order it reached them: the nearest ring of the wave comes first."""
    event = seen.peek(0)
    queue = list(getattr(seen.narrator, "queue", ()))
    if event is None or int(event[0]) != _TAKE or not queue or seen.ends is None:
        return None
    steps = _steps_from(seen, seen.ends[0])
    nearest = min(steps.get(c, 1 << 30) for c in queue)
    waiting = frozenset(c for c in queue if steps.get(c) == nearest)
    why = (f"a queue is first in, first out: the cells reached earliest wait at its front, the wave's "
           f"nearest ring, {plural(nearest, 'step')} from the start: {seen.names(waiting)}; "
           f"{seen.name(queue[0])} went in first")
    return Question(KIND, "Which cell does breadth-first search take out of its queue next?", CELL, waiting,
                    why, focus=tuple(queue), decision=len(queue) > 1, hides=("Next out",))


def ask_astar(seen: Seen) -> Question | None:
    """A* takes the open cell with the lowest f = g + h (any of them when several tie)."""
    event = seen.peek(0)
    scores: dict[int, tuple[int, int]] = dict(getattr(seen.narrator, "open", {}))
    if event is None or int(event[0]) != _SEARCH or event[2] < 0 or not scores:
        return None
    lowest = min(f for f, _ in scores.values())
    best = frozenset(c for c, (f, _) in scores.items() if f == lowest)
    why = (f"A* takes the open cell with the lowest f = g + h (steps so far plus the distance left): "
           f"f = {lowest} for {seen.names(best)}")
    return Question(KIND, "Which open cell does A* take next?", CELL, best, why, focus=tuple(scores),
                    decision=len(scores) > 1, hides=("Lowest f",))


def ask_dfs(seen: Seen) -> Question | None:
    """DFS pops the newest cell on its stack."""
    event = seen.peek(0)
    stack = list(getattr(seen.narrator, "stack", ()))
    if event is None or int(event[0]) != _SEARCH or event[2] < 0 or not stack:
        return None
    top = stack[-1]
    why = f"a stack is last in, first out: {seen.name(top)} was pushed last, so it is looked at next"
    return Question(KIND, "Which cell does depth-first search take off its stack next?", CELL, frozenset({top}),
                    why, focus=tuple(stack), decision=len(stack) > 1, hides=("Top",))


def taken(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The step took one of the expected cells off the list."""
    return int(events[0][0]) in (_TAKE, _SEARCH) and events[0][1] in question.expected


BFS = QuestionMaker(ask_bfs, taken)
ASTAR = QuestionMaker(ask_astar, taken)
DFS = QuestionMaker(ask_dfs, taken)


_OPEN = int(Kind.OPEN)
WAVES = ("A (from the start)", "B (from the goal)")


def ask_bidirectional(seen: Seen) -> Question | None:
    """Each wave spreads a whole ring before the other's turn: its next cell is an open neighbour,
    reached by neither wave, of one of its cells on the ring it is spreading from (the nearest of its
    cells that still has a way out; the wave's turn is what the step is about)."""
    event = seen.peek(0)
    depths: list[dict[int, int]] = getattr(seen.narrator, "depth", [{}, {}])
    if event is None or int(event[0]) not in (_SEARCH, _OPEN) or event[2] < 0:
        return None
    side = 0 if int(event[0]) == _SEARCH else 1
    mine, theirs = depths[side], depths[1 - side]
    rim = [c for c in mine if any(nb not in mine for nb in seen.maze.open_neighbours(c))]
    if not rim:
        return None
    ring = min(mine[c] for c in rim)
    reach = frozenset(nb for c in rim if mine[c] == ring for nb in seen.maze.open_neighbours(c)
                      if nb not in mine and nb not in theirs)
    if not reach:
        return None
    why = (f"wave {WAVES[side]} spreads its ring {ring + 1} from its ring {ring} ({plural(ring, 'step')} out): "
           f"the cells next to that ring that neither wave has reached are {seen.names(reach)}")
    return Question("wave reaches", f"Wave {WAVES[side]} spreads on: which cell could it reach next?", CELL, reach, why,
                    decision=len(reach) > 1)


def ask_dijkstra(seen: Seen) -> Question | None:
    """Dijkstra settles the queued cell with the lowest cost (any of them when several tie)."""
    event = seen.peek(0)
    queued: dict[int, int] = dict(getattr(seen.narrator, "queued", {}))
    if event is None or int(event[0]) != _SEARCH or event[2] < 0 or not queued:
        return None
    lowest = min(queued.values())
    best = frozenset(c for c, g in queued.items() if g == lowest)
    why = (f"Dijkstra settles the queued cell with the lowest cost from the start (no cheaper way to it can "
           f"turn up): cost {lowest} for {seen.names(best)}")
    return Question(KIND, "Which queued cell does Dijkstra settle next?", CELL, best, why, focus=tuple(queued),
                    decision=len(queued) > 1, hides=("Cheapest",))


def reached(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return int(events[0][0]) in (_SEARCH, _OPEN) and events[0][1] in question.expected


BIDIRECTIONAL = QuestionMaker(ask_bidirectional, reached)
DIJKSTRA = QuestionMaker(ask_dijkstra, taken)
