"""Kruskal's: the shuffle picks the next wall; whether it goes follows from the colours. Cells of one
set (one colour) are joined already, so opening the wall would close a loop: it stays."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CHOICE, Question, QuestionMaker, Seen

KIND = "kept or removed"
CHOICES = ("removed (carved)", "kept (stays)")
REMOVED, KEPT = 0, 1
_CARVE, _REJECT = int(Kind.CARVE), int(Kind.REJECT)


def joined(seen: Seen, a: int, b: int) -> bool:
    """True when the passages carved so far already lead from ``a`` to ``b`` (one set)."""
    reached = {a}
    todo = deque([a])
    while todo:
        cell = todo.popleft()
        if cell == b:
            return True
        for nb in seen.maze.open_neighbours(cell):
            if nb not in reached:
                reached.add(nb)
                todo.append(nb)
    return False


def alone(seen: Seen, cell: int) -> bool:
    """No passage carved from ``cell`` yet: a set of its own, still in the board's grey."""
    return not seen.maze.open_neighbours(cell)


def apart_words(seen: Seen, a: int, b: int) -> str:
    """Why ``a`` and ``b`` are in different sets, in the colours the board shows them: a cell with
    no passage yet is grey (two grey cells are two sets, not one), joined sets that touch differ."""
    one, other = seen.name(a), seen.name(b)
    if alone(seen, a) and alone(seen, b):
        return f"{one} and {other} are both still alone (grey): two sets of one cell each"
    if alone(seen, a) or alone(seen, b):
        lone, joined_one = (one, other) if alone(seen, a) else (other, one)
        return f"{lone} is still alone (grey, a set of one cell), so it and {joined_one} are in different sets"
    return f"{one} and {other} are in different sets (two colours)"


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) not in (_CARVE, _REJECT) or event[2] < 0:
        return None
    a, b = event[1], event[2]
    one, other = seen.name(a), seen.name(b)
    if joined(seen, a, b):
        answer = KEPT
        why = (f"{one} and {other} are in the same set (one colour): a way between them is carved already, "
               "so opening this wall would close a loop; it stays")
    else:
        answer = REMOVED
        why = f"{apart_words(seen, a, b)}: opening the wall joins them without closing a loop, so it goes"
    return Question(KIND, f"The next wall Kruskal's looks at joins {one} and {other}: kept or removed?", CHOICE,
                    frozenset({answer}), why, CHOICES, focus=(a, b), decision=True)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    removed = int(events[0][0]) == _CARVE
    return question.expected == frozenset({REMOVED if removed else KEPT})


MAKER = QuestionMaker(ask, happened)


def ask_eller(seen: Seen) -> Question | None:
    """Eller's joins along a row: a wall inside one set always stays; on the last row every wall
    between two sets goes. Anywhere else a coin decides: nothing to ask."""
    event = seen.peek(0)
    if event is None or int(event[0]) not in (_CARVE, _REJECT) or event[2] != event[1] + 1:
        return None
    a, b = event[1], event[2]
    if a // seen.grid.width != b // seen.grid.width:
        return None  # a drop to the row below (or a row's end): chance
    one, other = seen.name(a), seen.name(b)
    if joined(seen, a, b):
        answer, why = KEPT, f"{one} and {other} are in the same set already: a passage would close a loop, so it stays"
    elif b // seen.grid.width == seen.grid.height - 1:
        answer, why = REMOVED, (f"this is the last row, where every wall between two sets goes (or the sets would "
                                f"never join): {one} and {other} are in different sets")
    else:
        return None
    return Question(KIND, f"Eller's looks at the wall between {one} and {other}: kept or removed?", CHOICE,
                    frozenset({answer}), why, CHOICES, focus=(a, b), decision=True)


ELLER = QuestionMaker(ask_eller, happened)
