"""Depth-first carvers (the backtracker, hunt-and-kill's walk, growing tree): which cells could the
walk carve into next from the cell it stands on? Its unvisited neighbours: which one is chance,
that it is one of them is the rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...algorithms.fractal import TILE, sizes
from ...core.events import Event, Kind
from .question import CELL, CELLS, Question, QuestionMaker, Seen

KIND = "carve into"
_CARVE, _BACKTRACK, _GIVE_UP, _PHASE = int(Kind.CARVE), int(Kind.BACKTRACK), int(Kind.FRONTIER_REMOVE), int(Kind.PHASE)
WALKING = ("", "walk", "maze")
"""The phases in which a walk carves (no phases; hunt-and-kill's walk; the dungeon's corridors): not
hunt-and-kill's hunt (a scan finds its carve), nor the dungeon's rooms, connectors and pruning."""


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or seen.narrator.phase not in WALKING:
        return None
    if seen.previous is not None and int(seen.previous[0]) == _PHASE:
        return _ask_hunt(seen, event)  # the carve after a hunt joins the cell it found
    return _ask_walk(seen, event, lambda cell: True)


def _ask_walk(seen: Seen, event: Event, inside: Callable[[int], bool]) -> Question | None:
    """Which of the walk's unvisited neighbours (those ``inside`` the part it carves) it could carve into."""
    kind, cell, other = int(event[0]), event[1], event[2]
    if not (kind == _CARVE and other >= 0 or kind in (_BACKTRACK, _GIVE_UP)) or seen.unvisited(cell):
        return None
    candidates = frozenset(nb for _, nb in seen.grid.neighbours(cell) if seen.unvisited(nb) and inside(nb))
    here = seen.name(cell)
    if candidates:
        count = len(candidates)
        why = (f"{here} has {count} unvisited neighbour{'s' if count > 1 else ''}, {seen.names(candidates)}: "
               f"the walk carves into {'one of them, picked at random' if count > 1 else 'it'}")
    else:
        why = f"{here} has no unvisited neighbour: a dead end, so the walk backs up instead of carving"
    return Question(KIND, f"The walk stands at {here}: which cells could it carve into next?", CELLS, candidates,
                    why, focus=(cell,), decision=len(candidates) > 1)


def _ask_hunt(seen: Seen, event: Event) -> Question | None:
    """Hunt-and-kill's hunt scans the rows in order for the first unvisited cell beside the maze;
    asked when the hunt has ended, before the carve that joins the cell it found."""
    if int(event[0]) != _CARVE or event[2] < 0:
        return None
    found = next((c for c in range(seen.grid.size) if seen.unvisited(c)
                  and any(not seen.unvisited(nb) for _, nb in seen.grid.neighbours(c))), None)
    if found is None:
        return None
    why = (f"the hunt scans row by row, each from its start: {seen.name(found)} is the first unvisited cell "
           "next to the maze; it is joined to the maze and the walk goes on from it")
    return Question("hunt finds", "The hunt has found a cell to walk on from: which cell is it?", CELL,
                    frozenset({found}), why, decision=True)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The step carved into one of the cells, or (none expected) backed up."""
    first = events[0]
    if question.kind != KIND:  # the hunt: the carve joins the cell it found
        return int(first[0]) == _CARVE and first[2] in question.expected
    if question.expected:
        return int(first[0]) == _CARVE and first[2] in question.expected
    return int(first[0]) in (_BACKTRACK, _GIVE_UP)


MAKER = QuestionMaker(ask, happened)


def ask_parallel(seen: Seen) -> Question | None:
    """The parallel backtracker: the walk whose turn it is carves into any neighbour not of its own
    set (colour), an unvisited cell or another seed's; none left, and it backs up."""
    event = seen.peek(0)
    owner = getattr(seen.narrator, "owner", None)
    if event is None or owner is None or not (int(event[0]) == _CARVE and event[2] >= 0
                                               or int(event[0]) == _BACKTRACK):
        return None
    cell = event[1]
    mine = owner[cell]
    candidates = frozenset(nb for _, nb in seen.grid.neighbours(cell) if owner[nb] != mine)
    here = seen.name(cell)
    if candidates:
        why = (f"the neighbours of {here} not of its colour are {seen.names(candidates)}: an unvisited cell "
               "joins the set, another seed's merges the two sets; which one is chance")
    else:
        why = f"every neighbour of {here} is of its own colour: nowhere to carve, so this walk backs up"
    return Question(KIND, f"A walk of the parallel backtracker stands at {here}: which cells could it carve "
                    "into next?", CELLS, candidates, why, focus=(cell,), decision=len(candidates) > 1)


PARALLEL = QuestionMaker(ask_parallel, happened)


def ask_fractal(seen: Seen) -> Question | None:
    """The fractal maze's tile is carved depth-first inside its box: the walk's question, its
    candidates kept to the tile (the copies and their doors are laid down as the rule says, or by a
    shuffle: nothing to ask)."""
    event = seen.peek(0)
    narrator = seen.narrator
    if event is None or narrator.phase != TILE:
        return None
    width, height = sizes(seen.grid.width, seen.grid.height, int(narrator.params.get("tile", 2)))[0]
    w = seen.grid.width
    return _ask_walk(seen, event, lambda cell: cell % w < width and cell // w < height)


FRACTAL = QuestionMaker(ask_fractal, happened)
