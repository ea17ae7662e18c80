"""Recursive division: the chamber on screen says which way its wall runs: across the longer side
(a coin only when it is square), and none at all when it is one cell wide or high."""

from __future__ import annotations

from collections.abc import Sequence

from ...algorithms.recursive_division import SOUTH
from ...core.events import Event, Kind
from .question import CHOICE, Question, QuestionMaker, Seen

_CHAMBER, _WALL = int(Kind.CHAMBER), int(Kind.WALL)
CHOICES = ("a wall running east-west", "a wall running north-south", "no wall: it is a corridor already")
ACROSS, DOWN, NONE = 0, 1, 2


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _CHAMBER or event[2] < 0:
        return None
    w = seen.grid.width
    width, height = event[2] % w - event[1] % w + 1, event[2] // w - event[1] // w + 1
    size = f"{width} x {height}"
    if width < 2 or height < 2:
        answer, why = NONE, f"the chamber is {size}, one cell wide or high: a corridor already, it is skipped"
    elif width == height:
        return None  # square: a coin decides
    elif height > width:
        answer, why = ACROSS, f"the chamber is {size}, taller than wide: the wall runs across, east-west"
    else:
        answer, why = DOWN, f"the chamber is {size}, wider than tall: the wall runs down, north-south"
    corners = f"{seen.name(event[1])} to {seen.name(event[2])}"
    return Question("wall", f"Recursive division takes up the chamber {corners}: what does it build?", CHOICE,
                    frozenset({answer}), why, CHOICES, focus=(event[1], event[2]), decision=answer != NONE)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    walls = [e for e in events if int(e[0]) == _WALL]
    if not walls:
        return question.expected == frozenset({NONE})
    across = walls[0][3] == SOUTH  # a wall below a cell, not beside it
    return question.expected == frozenset({ACROSS if across else DOWN})


MAKER = QuestionMaker(ask, happened)
