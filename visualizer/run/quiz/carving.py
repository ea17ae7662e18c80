"""Depth-first carvers (the backtracker, hunt-and-kill's walk, growing tree): which cells could the
walk carve into next from the cell it stands on? Its unvisited neighbours: which one is chance,
that it is one of them is the rule."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CELLS, Question, QuestionMaker, Seen

KIND = "carve into"
_CARVE, _BACKTRACK, _GIVE_UP = int(Kind.CARVE), int(Kind.BACKTRACK), int(Kind.FRONTIER_REMOVE)
HUNTING = "hunt"
"""Hunt-and-kill's scanning phase: its carve is found by a scan, not chosen among neighbours."""


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or seen.narrator.phase == HUNTING:
        return None
    kind, cell, other = int(event[0]), event[1], event[2]
    if not (kind == _CARVE and other >= 0 or kind in (_BACKTRACK, _GIVE_UP)) or seen.unvisited(cell):
        return None
    candidates = frozenset(nb for _, nb in seen.grid.neighbours(cell) if seen.unvisited(nb))
    here = seen.name(cell)
    if candidates:
        count = len(candidates)
        why = (f"{here} has {count} unvisited neighbour{'s' if count > 1 else ''}, {seen.names(candidates)}: "
               f"the walk carves into {'one of them, picked at random' if count > 1 else 'it'}")
    else:
        why = f"{here} has no unvisited neighbour: a dead end, so the walk backs up instead of carving"
    return Question(KIND, f"The walk stands at {here}: which cells could it carve into next?", CELLS, candidates,
                    why, focus=(cell,), decision=len(candidates) > 1)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The step carved into one of the cells, or (none expected) backed up."""
    first = events[0]
    if question.expected:
        return int(first[0]) == _CARVE and first[2] in question.expected
    return int(first[0]) in (_BACKTRACK, _GIVE_UP)


MAKER = QuestionMaker(ask, happened)
