"""Prim's: the frontier cell is drawn at random; which cells join the frontier when it joins the
maze follows from the picture: its neighbours neither in the maze nor on the frontier yet."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CELLS, CHOICE, Question, QuestionMaker, Seen

KIND = "joins the frontier"
_CARVE, _FRONTIER_ADD = int(Kind.CARVE), int(Kind.FRONTIER_ADD)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _CARVE:
        return None
    joining = event[1] if event[2] < 0 else event[2]
    frontier = getattr(seen.narrator, "frontier", {})
    new = frozenset(nb for _, nb in seen.grid.neighbours(joining)
                    if seen.unvisited(nb) and nb not in frontier and nb != joining)
    here = seen.name(joining)
    picked = "is the start" if event[2] < 0 else "comes off the frontier (drawn at random)"
    if new:
        why = (f"the frontier gains {here}'s neighbours that are neither in the maze nor on the frontier "
               f"already: {seen.names(new)}")
    else:
        why = f"every neighbour of {here} is in the maze or on the frontier already: none join"
    return Question(KIND, f"{here} {picked} and joins the maze: which cells join the frontier?", CELLS, new, why,
                    focus=(joining,), decision=bool(new))


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The cells the step put on the frontier are exactly the expected ones."""
    added = frozenset(e[1] for e in events if int(e[0]) == _FRONTIER_ADD)
    return int(events[0][0]) == _CARVE and added == question.expected


MAKER = QuestionMaker(ask, happened)


_REJECT = int(Kind.REJECT)
CARVED, STALE = 0, 1


def ask_true(seen: Seen) -> Question | None:
    """True Prim's: the lightest wall out of the maze comes off the heap (its weight is chance);
    whether it is carved follows from the picture: a wall whose far cell joined since is stale."""
    event = seen.peek(0)
    if event is None or int(event[0]) not in (_CARVE, _REJECT) or event[2] < 0:
        return None
    near, far = seen.name(event[1]), seen.name(event[2])
    if seen.unvisited(event[2]):
        answer, why = CARVED, f"{far} is still outside the maze, so the wall from {near} is carved and {far} joins"
    else:
        answer, why = STALE, (f"{far} joined the maze after this wall went on the heap: carving it would close a "
                              "loop, so it is dropped as stale")
    return Question("carved or stale", f"The lightest wall on the heap joins {near} to {far}: carved or dropped?",
                    CHOICE, frozenset({answer}), why, ("carved", "dropped (stale)"), focus=(event[1], event[2]),
                    decision=True)


def carved_or_stale(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return question.expected == frozenset({CARVED if int(events[0][0]) == _CARVE else STALE})


TRUE = QuestionMaker(ask_true, carved_or_stale)
