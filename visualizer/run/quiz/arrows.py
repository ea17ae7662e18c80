"""Origin shift: the neighbour the origin moves to is chance; which passage closes is not. Every
arrow leads along the maze to the origin, so the new origin's arrow points at the next cell on
its way there, and that passage closes (when it points at the origin itself, nothing changes)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CELL, Question, QuestionMaker, Seen

_WALL, _CURRENT = int(Kind.WALL), int(Kind.CURRENT)


def toward(seen: Seen, origin: int, cell: int) -> int:
    """The next cell on ``cell``'s way to ``origin`` through the maze (a tree): its arrow."""
    came = {origin: -1}
    todo = deque([origin])
    while todo:
        at = todo.popleft()
        for nb in seen.maze.open_neighbours(at):
            if nb not in came:
                came[nb] = at
                todo.append(nb)
    return came.get(cell, -1)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    origin = int(getattr(seen.narrator, "origin", -1))
    if event is None or seen.narrator.phase != "shift" or origin < 0 or int(event[0]) not in (_WALL, _CURRENT):
        return None
    cell = event[1]
    arrow = toward(seen, origin, cell)
    if arrow < 0:
        return None
    here, there = seen.name(cell), seen.name(arrow)
    if arrow == origin:
        why = (f"{here}'s arrow points at the origin itself: the arrow just turns round, the same passage, "
               "and nothing closes")
    else:
        why = (f"{here}'s way to the origin at {seen.name(origin)} runs through {there}: its arrow points there, "
               f"so the passage from {here} to {there} closes (and the origin's new arrow opens toward {here})")
    return Question("arrow removed", f"The origin moves to {here}: where does {here}'s arrow point, the passage that "
                    "closes? (at the origin: nothing closes)", CELL, frozenset({arrow}), why,
                    focus=(origin, cell), decision=True, detail=(origin,))


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    first = events[0]
    if int(first[0]) == _WALL:
        return first[2] in question.expected
    return int(first[0]) == _CURRENT and question.detail[0] in question.expected


MAKER = QuestionMaker(ask, happened)
