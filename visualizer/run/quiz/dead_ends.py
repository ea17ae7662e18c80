"""Dead-end filling: which cell can be filled next? Any dead end on screen: an open cell, not
filled, with at most one unfilled open neighbour, that is neither the start nor the goal."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CELL, Question, QuestionMaker, Seen

KIND = "next dead end"
_DEAD_END = int(Kind.DEAD_END)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _DEAD_END or seen.ends is None:
        return None
    filled = set(getattr(seen.narrator, "filled", ()))
    maze = seen.maze
    is_open = maze.open_mask()
    dead = frozenset(int(c) for c in maze.open_cells() if c not in filled and int(c) not in seen.ends
                     and sum(1 for nb in maze.open_neighbours(int(c)) if is_open[nb] and nb not in filled) <= 1)
    if not dead:
        return None
    count = len(dead)
    listed = seen.names(dead) if count <= 6 else "any of them"
    why = (f"a dead end has one way out (or none) and is not the start or goal, so no path goes through it: "
           f"{'it is' if count == 1 else f'there are {count}:'} {listed}")
    return Question(KIND, "Which cell can dead-end filling fill next?", CELL, dead, why, decision=count > 1)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return int(events[0][0]) == _DEAD_END and events[0][1] in question.expected


MAKER = QuestionMaker(ask, happened)
