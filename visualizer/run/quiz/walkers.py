"""Walkers without a map (Trémaux's, the random mouse): where can they go from the cell they
stand on? Trémaux's marks on the passages say; the mouse's only rule is not to turn back
unless it is in a dead end, and among the ways left chance picks."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from ...solvers.tremaux import edge
from .question import CELL, CELLS, Question, QuestionMaker, Seen

_SEARCH, _DEAD_END = int(Kind.SEARCH), int(Kind.DEAD_END)


def _standing(seen: Seen, event: Event) -> tuple[int, int]:
    """(the cell Trémaux stands on, the cell it came from or -1), read off the step just shown."""
    cell = event[2] if int(event[0]) == _SEARCH else event[1]
    previous = seen.previous
    if previous is None or previous[2] < 0 or int(previous[0]) not in (_SEARCH, _DEAD_END):
        return cell, -1
    came = previous[2] if int(previous[0]) == _SEARCH else previous[1]
    return cell, came


def ask_tremaux(seen: Seen) -> Question | None:
    event = seen.peek(0)
    marks: dict[tuple[int, int], int] = getattr(seen.narrator, "marks", {})
    if event is None or seen.ends is None or not (int(event[0]) == _SEARCH and event[2] >= 0
                                                  or int(event[0]) == _DEAD_END):
        return None
    cell, came = _standing(seen, event)
    ways = seen.maze.open_neighbours(cell)
    here = seen.name(cell)
    # a cell is known (visited before) when it is the start or another of its passages is marked
    known = cell == seen.ends[0] or any(marks.get(edge(cell, nb), 0) for nb in ways if nb != came)
    if came >= 0 and known and marks.get(edge(came, cell), 0) == 1:
        expected = frozenset({came})
        why = (f"the passage from {seen.name(came)} was new, but {here} was visited before: "
               f"Trémaux turns straight back along it")
    elif fresh := frozenset(nb for nb in ways if not marks.get(edge(cell, nb), 0)):
        expected = fresh
        why = f"{here} has unmarked passages, to {seen.names(fresh)}: it takes one of them"
    else:
        expected = frozenset(nb for nb in ways if marks.get(edge(cell, nb), 0) == 1)
        why = (f"every passage from {here} is marked: it leaves for good by the one marked once, to "
               f"{seen.names(expected)}")
    if not expected:
        return None
    return Question("goes to", f"Trémaux stands at {here}: which cell does it go to next?", CELL, expected, why,
                    focus=(cell,), decision=len(ways) > 2)


def tremaux_happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    first = events[0]
    if int(first[0]) == _DEAD_END:
        return first[2] in question.expected
    return int(first[0]) == _SEARCH and first[1] in question.expected


def ask_mouse(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _SEARCH or event[2] < 0:
        return None
    cell = event[2]
    last = int(getattr(seen.narrator, "last", -1))
    came = last if last != cell else -1
    ways = seen.maze.open_neighbours(cell)
    onward = frozenset(nb for nb in ways if nb != came) or frozenset(ways)
    here = seen.name(cell)
    if came >= 0 and onward == {came}:
        why = f"{here} is a dead end: the only way is back, to {seen.name(came)}"
    elif len(onward) > 1:
        why = f"{here} is a junction: any way on but back, {seen.names(onward)}, picked at random"
    else:
        why = f"one way on from {here}, not back: {seen.names(onward)}"
    return Question("could go to", f"The mouse stands at {here}: which cells could it go to next?", CELLS, onward,
                    why, focus=(cell,), decision=len(onward) > 1)


def mouse_happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return int(events[0][0]) == _SEARCH and events[0][1] in question.expected


TREMAUX = QuestionMaker(ask_tremaux, tremaux_happened)
MOUSE = QuestionMaker(ask_mouse, mouse_happened)
