"""Growing binary tree: which cell is picked is the selection rule's chance, how many children it
then carves is not: two when it has two unvisited neighbours or more, else as many as it has. And
when the active list runs dry, the cell rescued is the first left out, in cell order."""

from __future__ import annotations

from collections.abc import Sequence

from ...algorithms.growing_binary_tree import CHILDREN
from ...core.events import Event, Kind
from .question import CELL, CHOICE, Question, QuestionMaker, Seen

KIND = "how many children"
CHOICES = ("none: it is a dead end", "one", "two")
_CARVE, _PICK = int(Kind.CARVE), int(Kind.FRONTIER_REMOVE)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None:
        return None
    if int(event[0]) == _CARVE and event[2] >= 0 and not getattr(seen.narrator, "active", True):
        return _ask_rescue(seen)
    if int(event[0]) != _PICK:
        return None
    cell = event[1]
    free = [nb for _, nb in seen.grid.neighbours(cell) if seen.unvisited(nb)]
    answer = min(CHILDREN, len(free))
    here = seen.name(cell)
    if not free:
        why = f"{here} has no unvisited neighbour: it carves nothing and just leaves the active list"
    else:
        why = (f"{here} has {len(free)} unvisited neighbour{'s' if len(free) > 1 else ''}, {seen.names(free)}, "
               f"and a picked cell carves into at most two: {CHOICES[answer]}")
    return Question(KIND, f"{here} is taken out of the active list: how many children does it carve?", CHOICE,
                    frozenset({answer}), why, CHOICES, focus=(cell,), decision=len(free) > CHILDREN,
                    detail=(cell,))


def _ask_rescue(seen: Seen) -> Question | None:
    """The active list is empty yet cells are left out: the first of them beside the maze is joined."""
    found = next((c for c in range(seen.grid.size) if seen.unvisited(c)
                  and any(not seen.unvisited(nb) for _, nb in seen.grid.neighbours(c))), None)
    if found is None:
        return None
    why = (f"the active list is empty: the first cell left out beside the maze, in cell order, is "
           f"{seen.name(found)}; it is joined to the maze and grows on")
    return Question("rescued", "The active list is empty but cells are left out: which cell is joined next?", CELL,
                    frozenset({found}), why, decision=False)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    if question.kind != KIND:
        return int(events[0][0]) == _CARVE and events[0][2] in question.expected
    (cell,) = question.detail
    carved = sum(1 for e in events if int(e[0]) == _CARVE and e[1] == cell and e[2] >= 0)
    return int(events[0][0]) == _PICK and question.expected == frozenset({carved})


MAKER = QuestionMaker(ask, happened)
