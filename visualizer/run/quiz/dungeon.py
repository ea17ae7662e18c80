"""The dungeon: its rooms, kept or refused? (a room tried is refused when it overlaps a kept one;
asked where its two ringed corners span it, rooms of columns and rows: a hexagon or a sector is
not drawn before it is kept). Its corridors asked as the backtracker's walk; its connectors: opened or skipped?
Two regions of different colours are joined by the connector; within one colour it is skipped when a
door (drawn in yellow) already touches it, and left to the loop chance otherwise (not asked). Its
pruning: which cell is filled in next? Any corridor dead end on screen: a corridor cell (not a
room's floor) with at most one way out, the entrance and the exit counting as ways out. Which dead
end the queue takes first is not drawn, so any of them is right."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...algorithms.dungeon import way_counts
from ...core.events import Event, Kind
from ...core.maze import CellState
from . import carving, rooms
from .question import CELL, CHOICE, Question, QuestionMaker, Seen

KIND = "prune"
CONNECTOR = "opened or skipped"
CHOICES = ("opened", "skipped")
OPENED, SKIPPED = 0, 1
_PRUNE, _CONNECT, _REJECT = int(Kind.PRUNE), int(Kind.CONNECT), int(Kind.REJECT)
_PASSAGE = int(CellState.PASSAGE)


def dead_ends(seen: Seen) -> frozenset[int]:
    """The corridor cells with one way out or none (an opening to the outside counts as one)."""
    maze = seen.maze
    ways = way_counts(maze.passages)
    ways[maze.entrance[0]] += 1
    ways[maze.exit[0]] += 1
    return frozenset(np.flatnonzero((maze.state == _PASSAGE) & (ways <= 1)).tolist())


def ask_prune(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _PRUNE or seen.narrator.phase != "prune":
        return None
    dead = dead_ends(seen)
    if not dead:
        return None
    why = f"a corridor cell with one way out leads nowhere, so it is filled in (rooms never are): {seen.which(dead)}"
    return Question(KIND, "Pruning: which corridor cell can be filled in next?", CELL, dead, why,
                    decision=len(dead) > 1)


def ask_connector(seen: Seen) -> Question | None:
    """The next connector: opened when its two cells are of different regions (colours); skipped
    when they are one region and a door touches it (doors never sit side by side); otherwise the
    loop chance decides, and nothing is asked."""
    event = seen.peek(0)
    if event is None or not (int(event[0]) == _CONNECT or int(event[0]) == _REJECT and int(event[3]) >= 0):
        return None  # (a REJECT of -1 is a room refused)
    a, b = event[1], event[2]
    region = seen.maze.region
    between = f"{seen.name(a)} and {seen.name(b)}"
    if region[a] != region[b]:
        answer, why = OPENED, (f"{between} are in two regions not joined yet (two colours): the connector joins "
                               "them, so it is opened")
    else:
        door = next((c for c in (a, b) if c in getattr(seen.narrator, "doors", ())), None)
        if door is None:
            return None  # one region, no door beside it: the loop chance says, not the picture
        answer, why = SKIPPED, (f"{between} are one region already (one colour) and a door opens at "
                                f"{seen.name(door)}: doors never sit side by side, so it is skipped")
    return Question(CONNECTOR, f"The next connector joins {between}: opened or skipped?", CHOICE,
                    frozenset({answer}), why, CHOICES, focus=(a, b), decision=True)


def ask_room(seen: Seen) -> Question | None:
    """The next room tried: kept or refused? Only where a room is a rectangle of columns and rows
    (square grids): there its two corners, ringed, show all of it."""
    first = seen.peek(0)
    if first is None or seen.grid.describe_room([int(first[1])]).get("shape") != RECTANGLE:
        return None
    return rooms.room_question(seen, touching=False)


RECTANGLE = "rectangle"
"""``Grid.describe_room``'s shape for rooms spanned by their first and last cell."""

PHASE_QUESTIONS = {"rooms": ask_room, "prune": ask_prune, "connect": ask_connector}
"""The phases with questions of their own; the others ask the walk's (the corridors)."""


def ask(seen: Seen) -> Question | None:
    return PHASE_QUESTIONS.get(seen.narrator.phase, carving.ask)(seen)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    kind = int(events[0][0])
    if question.kind == KIND:
        return kind == _PRUNE and events[0][1] in question.expected
    if question.kind == CONNECTOR:
        return question.expected == frozenset({OPENED if kind == _CONNECT else SKIPPED})
    if question.kind == rooms.KIND:
        return rooms.MAKER.happened(question, events, following)
    return carving.MAKER.happened(question, events, following)


DUNGEON = QuestionMaker(ask, happened)
