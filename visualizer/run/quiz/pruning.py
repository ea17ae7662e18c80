"""The dungeon: its corridors asked as the backtracker's walk, and its pruning: which cell is filled
in next? Any corridor dead end on screen: a corridor cell (not a room's floor) with at most one way
out, the entrance and the exit counting as ways out. Which dead end the queue takes first is not
drawn, so any of them is right."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from ...core.maze import CellState
from . import carving
from .question import CELL, Question, QuestionMaker, Seen

KIND = "prune"
_PRUNE = int(Kind.PRUNE)
_PASSAGE = int(CellState.PASSAGE)


def dead_ends(seen: Seen) -> frozenset[int]:
    """The corridor cells with one way out or none (an opening to the outside counts as one)."""
    maze = seen.maze
    entrance, exit_ = maze.entrance[0], maze.exit[0]
    return frozenset(cell for cell in range(seen.grid.size) if int(maze.state[cell]) == _PASSAGE
                     and int(maze.passages[cell]).bit_count() + (cell == entrance) + (cell == exit_) <= 1)


def ask_prune(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _PRUNE or seen.narrator.phase != "prune":
        return None
    dead = dead_ends(seen)
    if not dead:
        return None
    count = len(dead)
    listed = seen.names(dead) if count <= 6 else "any of them"
    why = (f"a corridor cell with one way out leads nowhere, so it is filled in (rooms never are): "
           f"{'it is' if count == 1 else f'there are {count}:'} {listed}")
    return Question(KIND, "Pruning: which corridor cell can be filled in next?", CELL, dead, why,
                    decision=count > 1)


def ask(seen: Seen) -> Question | None:
    """The pruning's question in the prune phase, the walk's in the corridors."""
    return ask_prune(seen) if seen.narrator.phase == "prune" else carving.ask(seen)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    if question.kind != KIND:
        return carving.MAKER.happened(question, events, following)
    return int(events[0][0]) == _PRUNE and events[0][1] in question.expected


DUNGEON = QuestionMaker(ask, happened)
