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
