"""Recursive division: the chamber on screen says which way its wall runs: across the longer side
(a coin only when it is square), and none at all when it is one cell wide or high."""

from __future__ import annotations

from collections.abc import Sequence

from ...algorithms.recursive_division import SOUTH
from ...core.events import Event, Kind
from .question import CELLS, CHOICE, MOST_TO_CLICK, Question, QuestionMaker, Seen

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


_SET = int(Kind.SET)


def ask_blobby(seen: Seen) -> Question | None:
    """Blobby division splits one region at a time (where its seeds fall and how the halves grow
    is chance); which cells the two halves share out is the region on screen, one colour."""
    event = seen.peek(0)
    labels = getattr(seen.narrator, "label", None)
    if event is None or int(event[0]) != _CHAMBER or labels is None:
        return None
    mine = labels[event[1]]
    region = frozenset(c for c in range(seen.grid.size) if labels[c] == mine)
    if len(region) > MOST_TO_CLICK:
        return None
    why = (f"a split shares out exactly the region it takes up, all {len(region)} cells of {seen.name(event[1])}'s "
           "colour, between two halves grown from two random seeds")
    return Question("region split", f"Blobby division splits the region holding {seen.name(event[1])}: which cells "
                    "do its two halves share out?", CELLS, region, why, focus=(event[1],), decision=len(region) > 2)


def shared_out(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return frozenset(e[1] for e in events if int(e[0]) == _SET) == question.expected


BLOBBY = QuestionMaker(ask_blobby, shared_out)
