"""Wave function collapse: which cell collapses, and to which tile, is chance (and the tiles left
to each cell are not drawn); what a contradiction undoes is not: the newest choice still standing,
the cell that collapsed last (a cell whose tiles ran out is undone, and the choice before it next)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CELL, Question, QuestionMaker, Seen

_BACKTRACK = int(Kind.BACKTRACK)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    stack: list[int] = list(getattr(seen.narrator, "stack", ()))
    if event is None or int(event[0]) != _BACKTRACK or not stack:
        return None
    newest = stack[-1]
    why = (f"the choices are a stack: the newest still standing is undone first, the collapse at "
           f"{seen.name(newest)} ({len(stack)} on the stack)")
    return Question("undone", "A contradiction: which cell's choice is undone?", CELL, frozenset({newest}), why,
                    decision=False)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return int(events[0][0]) == _BACKTRACK and events[0][1] in question.expected


MAKER = QuestionMaker(ask, happened)
