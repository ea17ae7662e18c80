"""The wall follower: which way does it go next? The walls on screen and its heading say: the
first open way from the sharpest turn toward its hand round to the other side, back last. The
Pledge walker's turn sum says when it follows the wall and when it walks straight on."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from ...solvers import pledge
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


def ask_pledge(seen: Seen) -> Question | None:
    """Pledge: the heading and the turn sum on screen say the way. Sum 0 and open ahead: straight
    on; sum 0 at a wall: the first open way turning left from it; else the right-hand follower's."""
    event = seen.peek(0)
    narrator = seen.narrator
    if event is None or int(event[0]) != _SEARCH or event[2] < 0 or not hasattr(narrator, "turns"):
        return None
    grid, cell, heading, turns = seen.grid, event[2], int(getattr(narrator, "heading", 0)), int(narrator.turns)
    way = pledge.choose(seen.maze, cell, heading, turns)
    if way is None:
        return None
    order = turn_order(heading, grid.directions, pledge.HAND)
    words = tuple(turn_word(d - heading, grid.directions) for d in order)
    answer = order.index(way[0])
    facing = f"facing {grid.direction_word(heading)} with the turn sum {pledge.sum_text(turns)}"
    if turns == 0 and way[1] == 0:
        why = f"{facing} and the way ahead open, it walks straight on"
    elif turns == 0:
        why = (f"{facing} it meets a wall: it turns left, step by step, until a way is open, the right hand on "
               f"the wall: {words[answer]}")
    else:
        why = (f"{facing} its right hand is on the wall: the sharpest right turn that is open comes first: "
               f"{words[answer]} (the sum becomes {pledge.sum_text(turns + way[1])})")
    return Question(KIND, f"Pledge at {seen.name(cell)}, {facing}: which way does it go?", CHOICE,
                    frozenset({answer}), why, words, focus=(cell,),
                    decision=sum(1 for d in order if seen.maze.is_open(cell, d)) > 2,
                    detail=tuple(grid.neighbour(cell, d) for d in order))


PLEDGE = QuestionMaker(ask_pledge, happened)
