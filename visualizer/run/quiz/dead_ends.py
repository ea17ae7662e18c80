"""Dead-end filling: which cell can be filled next? Any dead end on screen: an open cell, not
filled, with at most one unfilled open neighbour, that is neither the start nor the goal. Cul-de-sac
filling fills what hangs off the way between them, from the far ends in."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ...core.events import Event, Kind
from ...core.narration import plural
from ...solvers.cul_de_sac import kept_cells
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
    why = ("a dead end has one way out (or none) and is not the start or goal, so no path goes through it: "
           + seen.which(dead))
    return Question(KIND, "Which cell can dead-end filling fill next?", CELL, dead, why, decision=len(dead) > 1)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return int(events[0][0]) == _DEAD_END and events[0][1] in question.expected


MAKER = QuestionMaker(ask, happened)


def ask_cul_de_sac(seen: Seen) -> Question | None:
    """Cul-de-sac filling fills every cell off the blocks between start and goal, farthest from them
    first: the next is one of the unfilled cells farthest out."""
    event = seen.peek(0)
    if event is None or int(event[0]) != _DEAD_END or seen.ends is None:
        return None
    filled = set(getattr(seen.narrator, "filled", ()))
    kept = kept_cells(seen.maze, *seen.ends)
    away = {cell: 0 for cell in kept}
    todo = deque(kept)
    while todo:
        cell = todo.popleft()
        for nb in seen.maze.open_neighbours(cell):
            if nb not in away:
                away[nb] = away[cell] + 1
                todo.append(nb)
    left = {cell: steps for cell, steps in away.items() if cell not in kept and cell not in filled}
    if not left:
        return None
    farthest = max(left.values())
    cells = frozenset(c for c, steps in left.items() if steps == farthest)
    why = (f"the parts of the maze that hang off one cell are filled from their far ends in: the unfilled cells "
           f"farthest from the way between start and goal, {plural(farthest, 'step')} out, are {seen.names(cells)}")
    return Question(KIND, "Which cell does cul-de-sac filling fill next?", CELL, cells, why,
                    decision=len(cells) > 1)


CUL_DE_SAC = QuestionMaker(ask_cul_de_sac, happened)
