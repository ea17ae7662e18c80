"""Generators that visit cells in order (binary tree, sidewinder): the coin is chance, the choices
it picks between follow from where the cell is: binary tree's two bias neighbours (one at an edge),
sidewinder's run, one cell of which opens north when it closes."""

from __future__ import annotations

from collections.abc import Sequence

from ...algorithms.sidewinder import EAST
from ...core.events import Event, Kind
from .question import CELLS, MOST_TO_CLICK, Question, QuestionMaker, Seen

_CARVE = int(Kind.CARVE)


def ask_binary_tree(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _CARVE or event[2] < 0:
        return None
    cell = event[2]
    bias = str(seen.narrator.params.get("bias", "NE"))
    first, second, fallback = (int(c) for c in seen.grid.bias_table(bias)[0][cell])
    if first >= 0 and second >= 0:
        options = frozenset({first, second})
    else:  # no coin: the first way that exists, in the bias table's order
        options = frozenset([c for c in (first, second, fallback) if c >= 0][:1])
    if len(options) > 1:
        why = f"{seen.name(cell)} has both bias neighbours, {seen.names(options)}: a coin picks one"
    else:
        why = f"{seen.name(cell)} is at an edge: {seen.names(options)} is its only way toward the bias"
    return Question("carve into", f"Binary tree visits {seen.name(cell)}: which cells could it carve into?", CELLS,
                    options, why, focus=(cell,), decision=len(options) > 1)


def ask_sidewinder(seen: Seen) -> Question | None:
    """Asked where a run closes (chance decides that; the run itself is on screen)."""
    event = seen.peek(0)
    if event is None or int(event[0]) != _CARVE or event[2] < 0 or event[3] == EAST:
        return None
    member = event[2]
    run = [member]
    for step in (-1, 1):  # along the row while the passage is open
        cell = member
        while seen.maze.is_open(cell, EAST if step > 0 else seen.grid.opposite(EAST)):
            cell += step
            run.append(cell)
    cells = frozenset(run)
    if len(cells) > MOST_TO_CLICK:
        return None
    why = (f"the run is {seen.names(cells)}: when it closes, one of its cells, picked at random, opens north"
           if len(cells) > 1 else f"the run is {seen.name(member)} alone, so it opens north")
    return Question("opens north", "Sidewinder closes its run here: which cells could open north?", CELLS, cells,
                    why, focus=(max(cells),), decision=len(cells) > 1)


def carved_from(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The cell visited (binary tree) or the run's cell (sidewinder) carved into one of the choices."""
    first = events[0]
    return int(first[0]) == _CARVE and (first[1] in question.expected if question.kind == "carve into"
                                        else first[2] in question.expected)


BINARY_TREE = QuestionMaker(ask_binary_tree, carved_from)
SIDEWINDER = QuestionMaker(ask_sidewinder, carved_from)
