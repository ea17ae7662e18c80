"""The wall follower: which way does it go next? The walls on screen and its heading say: the
first open way from the sharpest turn toward its hand round to the other side, back last."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from ...solvers.wall_follower import turn_order, turn_word
from .question import CHOICE, Question, QuestionMaker, Seen

KIND = "turn"
_SEARCH = int(Kind.SEARCH)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    narrator = seen.narrator
    if event is None or int(event[0]) != _SEARCH or event[2] < 0 or not hasattr(narrator, "hand"):
        return None
    grid, cell, heading, hand = seen.grid, event[2], int(getattr(narrator, "heading", 0)), str(narrator.hand)
    order = turn_order(heading, grid.directions, hand)
    ways = [d for d in order if seen.maze.is_open(cell, d) and grid.neighbour(cell, d) >= 0]
    if not ways:
        return None
    words = tuple(turn_word(d - heading, grid.directions) for d in order)
    answer = order.index(ways[0])
    shut = words[:answer]
    tried = f"{', '.join(shut)} {'is' if len(shut) == 1 else 'are'} walled, so " if shut else ""
    why = (f"facing {grid.direction_word(heading)} with the {hand} hand on the wall, it tries the sharpest "
           f"{hand} turn first: {tried}{words[answer]} is the first open way")
    return Question(KIND, f"{hand.capitalize()} hand on the wall at {seen.name(cell)}, facing "
                    f"{grid.direction_word(heading)}: which way does it go?", CHOICE, frozenset({answer}), why,
                    words, focus=(cell,), decision=len([d for d in ways if d != order[-1]]) > 1,
                    detail=tuple(grid.neighbour(cell, d) for d in order))


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The step went into the cell the expected turn leads to."""
    kind, cell, other = int(events[0][0]), events[0][1], events[0][2]
    if kind != _SEARCH or other < 0:
        return False
    (answer,) = question.expected
    return question.detail[answer] == cell


MAKER = QuestionMaker(ask, happened)
